import { expect, test, type Page } from "@playwright/test";

// The CPU thinks in a Web Worker: it answers with a legal move while the
// page keeps painting. With CPU_BENCH=1 this file also measures the
// worker's think time per move for each level (see docs/BENCHMARKS.md):
//
//   trunk build --release && CPU_BENCH=1 npx playwright test cpu-think --project desktop
//
// CPU_BENCH_MODES=standard,c25 measures the variant modes too (by their
// rule-code prefix: m23, a21, c25).

type Probe = {
  move: string | null;
  legal: boolean;
  source: string;
  think_ms: number;
  wall_ms: number;
  legal_moves: number;
};

/** Waits for the app's wasm and returns a probe caller. */
async function ready(page: Page) {
  await page.goto("./index.html");
  await page.waitForFunction(() => {
    const b = (window as unknown as { wasmBindings?: Record<string, unknown> }).wasmBindings;
    return b !== undefined && typeof b.gunjinCpuProbe === "function";
  });
}

async function probe(page: Page, level: string, seed: number, plies: number, mode?: string): Promise<Probe> {
  const json = await page.evaluate(
    ([level, seed, plies, mode]) =>
      (
        window as unknown as {
          wasmBindings: { gunjinCpuProbe: (l: string, s: number, p: number, m?: string) => Promise<string> };
        }
      ).wasmBindings.gunjinCpuProbe(level as string, seed as number, plies as number, mode),
    [level, seed, plies, mode] as const,
  );
  return JSON.parse(json) as Probe;
}

test("the worker answers with a legal move while the page keeps painting", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  await ready(page);
  // Warm up: the first request starts the worker.
  const first = await probe(page, "easy", 1, 10);
  expect(first.source).toBe("Worker");
  expect(first.legal).toBe(true);

  // Count animation frames and the longest gap between two while Hard
  // thinks over several positions, at least half a second in all.
  const result = await page.evaluate(async () => {
    let frames = 0;
    let last = performance.now();
    let longest = 0;
    let running = true;
    const tick = (t: number) => {
      frames += 1;
      longest = Math.max(longest, t - last);
      last = t;
      if (running) requestAnimationFrame(tick);
    };
    await new Promise((resolve) =>
      requestAnimationFrame((t) => {
        last = t;
        requestAnimationFrame(tick);
        resolve(null);
      }),
    );
    const bindings = (
      window as unknown as {
        wasmBindings: { gunjinCpuProbe: (l: string, s: number, p: number) => Promise<string> };
      }
    ).wasmBindings;
    const probes = [];
    let thinking = 0;
    const start = performance.now();
    for (let seed = 2; seed < 40 && thinking < 500; seed++) {
      const probe = JSON.parse(await bindings.gunjinCpuProbe("hard", seed, 24 + (seed % 20)));
      probes.push(probe);
      thinking += probe.think_ms;
    }
    const elapsed = performance.now() - start;
    running = false;
    return { probes, thinking, elapsed, frames, longest };
  });
  for (const probe of result.probes) {
    expect(probe.source).toBe("Worker");
    expect(probe.legal).toBe(true);
    expect(probe.move).toMatch(/^[a-f][1-8]-[a-f][1-8]$/);
  }
  expect(result.thinking).toBeGreaterThan(300);
  // The page painted all along: a frame at least every 0.4 s (room for a
  // loaded machine), where a CPU on the main thread would freeze it for
  // whole moves.
  expect(result.frames).toBeGreaterThan(result.elapsed / 400);
  expect(result.longest).toBeLessThan(400);
  expect(errors).toEqual([]);
});

test.describe("without its worker", () => {
  // Requests a service worker answers from its cache never reach page.route.
  test.use({ serviceWorkers: "block" });

  test("the CPU says it cannot start, and no game begins", async ({ page }) => {
    await page.route("**/cpu_worker_loader.js", (route) => route.abort());
    await page.goto("./#/setup");
    await page.getByRole("button", { name: "Random" }).click();
    await page.getByRole("button", { name: "Ready" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The CPU could not be started" })).toBeVisible();
    await expect(page).toHaveURL(/#\/setup$/);
  });
});

test("think time per move in the browser (CPU_BENCH=1)", async ({ page }, info) => {
  test.skip(!process.env.CPU_BENCH, "a measurement, run on demand");
  test.skip(info.project.name !== "desktop", "measured once");
  test.setTimeout(15 * 60_000);
  await ready(page);
  const positions = Number(process.env.CPU_BENCH_POSITIONS ?? 30);
  const modes = (process.env.CPU_BENCH_MODES ?? "standard").split(",");
  const rows: string[] = [];
  for (const [mode, level] of modes.flatMap((m) => ["easy", "normal", "hard"].map((l) => [m, l]))) {
    const think: number[] = [];
    const wall: number[] = [];
    for (let i = 0; i < positions; i++) {
      // Positions from the opening to the middle game, both presets.
      const p = await probe(page, level, 1000 + i, (i * 7) % 60, mode === "standard" ? undefined : mode);
      expect(p.source).toBe("Worker");
      expect(p.legal).toBe(true);
      think.push(p.think_ms);
      wall.push(p.wall_ms);
    }
    const median = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      const m = s.length >> 1;
      return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
    };
    const max = (xs: number[]) => Math.max(...xs);
    rows.push(
      `| ${mode} | ${level} | ${positions} | ${median(think).toFixed(0)} | ${max(think).toFixed(0)} | ${median(wall).toFixed(0)} |`,
    );
  }
  console.log(
    [
      "| Mode | Level | Positions | Median think (ms, in the worker) | Max think (ms) | Median round trip (ms, page) |",
      "|---|---|---|---|---|---|",
      ...rows,
    ].join("\n"),
  );
});
