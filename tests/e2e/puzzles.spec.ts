// "What is this piece?": a finished game's review finds the moments when
// a side's deduction had narrowed an enemy piece to two or three kinds;
// they are kept, asked on #/puzzles from that side's own view (no enemy
// kind shown), answered from the record, and remembered across a reload.
import { readFileSync } from "node:fs";
import { deflateRawSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { board, expectAccessible, failOnErrors } from "./helpers";

failOnErrors();

/** A review link's data for the rules crate's first stored game, cut
 * after 40 moves and resigned by South (`src/model/puzzle.rs`'s test
 * game, which gives two puzzles). */
function link(): string {
  const line = readFileSync("crates/gunjin-rules/tests/fixtures/records.txt", "utf8").split("\n")[0];
  const [rules, first, south, north, ...moves] = line.split(" ");
  const text = [rules, first, south, north, ...moves.slice(0, 40), "resign:s"].join(" ");
  return "G" + deflateRawSync(text, { level: 9 }).toString("base64url");
}

test("a reviewed game's puzzles are asked from the side's own view and answered from the record", async ({ page }, info) => {
  // On the phone only: the review's 40 moves take half a minute.
  test.skip(info.project.name !== "phone", "played on the phone");
  test.setTimeout(180_000);
  await page.goto(`/#/review/${link()}`);
  await expect(page.locator(".review-progress")).toHaveText("Review complete.", { timeout: 150_000 });
  const found = page.locator(".review-puzzles");
  await expect(found).toContainText("Puzzles from this game: 2.");
  await found.getByRole("link", { name: "Solve the puzzles" }).click();
  await expect(page).toHaveURL(/#\/puzzles$/);
  await expect(page.getByRole("heading", { name: "What is this piece?" })).toBeVisible();
  await expect(page.locator(".puzzles-score")).toHaveText("Answered 0 of 2, 0 right.");

  let right = 0;
  for (let n = 1; n <= 2; n++) {
    const puzzle = page.locator(".puzzle");
    const where = (await puzzle.locator(".puzzle-where").textContent())!;
    expect(where).toMatch(/^After move \d+, as (South|North) saw it/);
    // The side's own view, the side at the foot of the board: the
    // enemy's pieces face down, one marked.
    expect(await board(page).locator('[data-side="north"]').count()).toBeGreaterThan(0);
    await expect(board(page).locator('[data-side="north"][data-kind]')).toHaveCount(0);
    expect(await board(page).locator('[data-side="south"][data-kind]').count()).toBeGreaterThan(0);
    await expect(board(page).locator('[aria-selected="true"]')).toHaveCount(1);
    const choices = page.locator(".puzzle-choices button");
    expect(await choices.count()).toBeGreaterThanOrEqual(2);
    expect(await choices.count()).toBeLessThanOrEqual(3);
    const chosen = (await choices.first().textContent())!;
    await choices.first().click();
    const truth = page.locator(".puzzle-truth");
    await expect(truth).toHaveText(new RegExp(`^(Right: it was the ${chosen}\\.|Not the ${chosen}: it was the .+\\.)$`));
    if ((await truth.textContent())!.startsWith("Right")) right++;
    await expect(page.locator(".puzzle-chances")).toContainText("The deduction gave it:");
    await expect(choices.first()).toBeDisabled();
    await expect(page.locator(".puzzles-score")).toHaveText(`Answered ${n} of 2, ${right} right.`);
    if (n === 1) await expectAccessible(page);
    await page.getByRole("button", { name: "Next puzzle" }).click();
  }
  await expect(page.locator(".puzzles-none")).toHaveText("Every puzzle is answered: review another game for more.");

  // Kept: a reload remembers the answers, and reviewing the game again
  // does not ask its puzzles twice.
  await page.reload();
  await expect(page.locator(".puzzles-score")).toHaveText(`Answered 2 of 2, ${right} right.`);
  await page.goto(`/#/review/${link()}`);
  await expect(page.locator(".review-progress")).toHaveText("Review complete.", { timeout: 150_000 });
  await page.goto("/#/puzzles");
  await expect(page.locator(".puzzles-score")).toHaveText(`Answered 2 of 2, ${right} right.`);
});

test("with no game reviewed yet, the puzzles page says how to get some", async ({ page }) => {
  await page.goto("/#/learn");
  await page.locator('.course[data-course="puzzles"]').getByRole("link", { name: "Solve the puzzles" }).click();
  await expect(page).toHaveURL(/#\/puzzles$/);
  await expect(page.locator(".puzzles-none")).toContainText("No puzzles yet");
  await expect(page.locator(".puzzles-score")).toHaveCount(0);
});

test("the stylesheets parse as written: no rule swallowed by a brace left open", async ({ page }) => {
  await page.goto("/#/puzzles");
  await expect(page.getByRole("heading", { name: "What is this piece?" })).toBeVisible();
  // A style rule holding rules is CSS nesting, which these sheets never
  // use on purpose: it is what a missing `}` turns the next rules into.
  const nested = await page.evaluate(() => {
    const found: string[] = [];
    const walk = (rules: CSSRuleList, where: string) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule && rule.cssRules.length > 0) found.push(`${where}: ${rule.selectorText}`);
        else if (rule instanceof CSSGroupingRule) walk(rule.cssRules, where);
      }
    };
    for (const sheet of document.styleSheets) walk(sheet.cssRules, sheet.href ?? "inline");
    return found;
  });
  expect(nested).toEqual([]);
  const sheets = await page.evaluate(() => [...document.styleSheets].map((s) => s.href ?? "inline"));
  expect(sheets.some((href) => href.includes("pages"))).toBe(true);
});
