import { expect, test } from "@playwright/test";
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

// The last step of scripts/test, `node scripts/budget.mjs dist` (the limit
// is the script's own): it must fail the run when the first load grows
// past the limit, whatever file grew. Run once, not per viewport: it
// launches its own browser.
const run = promisify(execFile);

/** The budget script's verdict on `dir`: its exit code and last line. */
async function budget(dir: string): Promise<{ code: number; verdict: string }> {
  try {
    const { stdout } = await run(process.execPath, ["scripts/budget.mjs", dir]);
    return { code: 0, verdict: stdout.trim().split("\n").pop()! };
  } catch (e) {
    const failed = e as { code: number; stdout: string };
    return { code: failed.code, verdict: failed.stdout.trim().split("\n").pop()! };
  }
}

test("the size budget passes today's build and fails one whose first load grew past it", async ({}, info) => {
  test.skip(info.project.name !== "desktop", "one run is enough");
  test.setTimeout(120_000);
  const today = await budget("dist");
  expect(today.verdict).toMatch(/within the budget/);
  expect(today.code).toBe(0);
  const [total, limit] = today.verdict
    .match(/budget: ([\d,]+) of ([\d,]+) bytes/)!
    .slice(1)
    .map((n) => Number(n.replaceAll(",", "")));

  // A copy of the build whose home page carries incompressible bytes: just
  // enough to go over.
  const grown = await mkdtemp(join(tmpdir(), "budget-"));
  try {
    await cp("dist", grown, { recursive: true });
    const page = join(grown, "index.html");
    // Random bytes, no "-" among them so the comment cannot end early.
    const padding = randomBytes(limit - total + 1_000).map((b) => (b === 0x2d ? 0x5f : b));
    const html = await readFile(page);
    const end = html.lastIndexOf("</body>");
    const comment = [Buffer.from("<!--"), padding, Buffer.from("-->")];
    await writeFile(page, Buffer.concat([html.subarray(0, end), ...comment, html.subarray(end)]));
    const over = await budget(grown);
    expect(over.verdict).toMatch(/OVER the budget/);
    expect(over.code).toBe(1);
  } finally {
    await rm(grown, { recursive: true, force: true });
  }
});
