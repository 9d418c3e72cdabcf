import { execFileSync } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { board, failOnErrors, node, waitForMyTurn } from "./helpers";
import { serve, waitForController, type Served } from "./pwa-helpers";

// The installable, offline app of a release build: the manifest and icons,
// the service worker serving the whole app (CPU included) without a
// network, a subpath deployment, and a new build taking over only through
// the "new version" banner. Each test serves its own copy of dist/.

failOnErrors();

const root = join(__dirname, "..", "..");
const dist = join(root, "dist");

let served: Served | undefined;
test.afterEach(async () => {
  await served?.stop();
  served = undefined;
});

// Touch makes no difference here but for playing a move, so only the
// offline game runs on the phone too.
const desktopOnly = () => test.skip(test.info().project.name !== "desktop", "desktop only");

/** Width and height of a PNG file (its IHDR chunk). */
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

test("the manifest names the app and its icons, and the page links it", async ({ page }) => {
  desktopOnly();
  served = await serve(dist);
  await page.goto(served.url);
  await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute("content", /^#/);
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("manifest.webmanifest");
  const res = await page.request.get(new URL(href!, served.url).href);
  expect(res.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: "喜楽軒 Kirakuken: 軍人将棋 Gunjin Shogi · 将棋 Shogi",
    short_name: "Kirakuken",
    start_url: "./",
    scope: "./",
    display: "standalone",
  });
  const sizes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`);
  expect(sizes).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
  const icons = [...manifest.icons.map((i: { src: string }) => i.src), "icons/apple-touch-icon.png"];
  for (const src of icons) {
    const png = await page.request.get(new URL(src, served.url).href);
    expect(png.ok(), src).toBe(true);
    const [w, h] = pngSize(await png.body());
    expect(w, src).toBe(h);
  }
});

test("offline, the app starts and a game against the CPU is played", async ({ page, context }) => {
  served = await serve(dist);
  await page.goto(served.url);
  await waitForController(page);
  // No network at all: the browser is offline and the server is gone.
  await served.stop();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("button", { name: "Play the CPU" }).first()).toBeVisible();
  await page.goto(`${served.url}?first=you#/setup`);
  await page.getByRole("button", { name: "Random" }).click();
  await expect(board(page).locator("[data-kind]")).toHaveCount(23);
  await page.getByRole("button", { name: "Ready" }).click();
  await expect(page).toHaveURL(/#\/play$/);
  // A move, then the CPU (a Web Worker with its own wasm) answers.
  const own = await board(page).locator('[data-side="south"]').evaluateAll((ns) => ns.map((n) => n.getAttribute("data-square")!));
  let moved = false;
  for (const sq of own) {
    await node(page, sq).click();
    const to = board(page).locator("[data-mark]").first();
    if (await to.count()) {
      await to.click();
      moved = true;
      break;
    }
    await node(page, sq).click();
  }
  expect(moved).toBe(true);
  // The CPU may already have answered.
  await expect(page.locator(".move-count")).toContainText(/Move [12] \/ 300/);
  expect(await waitForMyTurn(page)).toBe(true);
  await expect(page.locator(".move-count")).toContainText("Move 2 / 300");
});

test("a first visit downloads the main wasm once: the service worker takes the page's copy", async ({ page }) => {
  desktopOnly();
  const requests: string[] = [];
  served = await serve(dist, "/", requests);
  await page.goto(served.url);
  await expect(page.getByRole("button", { name: "Play the CPU" }).first()).toBeVisible();
  await waitForController(page);
  // Everything is precached: the CPU's worker too, fetched only by it.
  await expect.poll(() => requests.filter((r) => /cpu_worker_bg\.wasm$/.test(r)).length).toBe(1);
  const main = requests.filter((r) => /^\/gunjin-[0-9a-f]{16}_bg\.wasm$/.test(r));
  expect(main).toHaveLength(1);
  // Nor any other file named after its contents.
  const hashed = requests.filter((r) => /-[0-9a-f]{16}(_bg)?\.[a-z]+$/.test(r));
  expect(hashed.filter((r, i) => hashed.indexOf(r) !== i)).toEqual([]);
});

test("the build works from a subpath, service worker included", async ({ page }) => {
  desktopOnly();
  served = await serve(dist, "/games/gunjin/");
  const bad: string[] = [];
  page.on("response", (r) => {
    if (r.status() >= 400) bad.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(served.url);
  await expect(page.getByRole("button", { name: "Play the CPU" }).first()).toBeVisible();
  expect(await waitForController(page)).toBe(served.url);
  await page.goto(`${served.url}?first=you#/setup`);
  await expect(page.getByRole("timer")).toBeVisible();
  expect(bad).toEqual([]);
  // Every cached file lives under the subpath.
  const cached = await page.evaluate(async () => {
    const keys = await caches.keys();
    const cache = await caches.open(keys[0]);
    return (await cache.keys()).map((r) => r.url);
  });
  expect(cached.length).toBeGreaterThan(5);
  for (const url of cached) expect(url.startsWith(served.url), url).toBe(true);
  expect(cached.some((u) => /cpu_worker.*\.wasm$/.test(u)), "the CPU's wasm is precached").toBe(true);
});

for (const [locale, text, button, play] of [
  ["en-US", "A new version is available", "Reload", "Play the CPU"],
  ["ja-JP", "新しいバージョンがあります", "再読み込み", "CPUと対戦する"],
  ["th-TH", "มีเวอร์ชันใหม่", "โหลดใหม่", "เล่นกับ CPU"],
] as const) {
  test.describe(`updates (${locale})`, () => {
    test.use({ locale });

    test(`a new build takes over only through the banner (${locale})`, async ({ page }) => {
      desktopOnly();
      const dir = await mkdtemp(join(tmpdir(), "gunjin-pwa-"));
      try {
        await cp(dist, dir, { recursive: true });
        served = await serve(dir);
        await page.goto(served.url);
        await waitForController(page);
        await expect(page.locator(".sw-update")).toHaveCount(0);
        // A new build: a changed index.html and a regenerated sw.js.
        const index = join(dir, "index.html");
        const html = await readFile(index, "utf8");
        await writeFile(index, html.replace("</head>", '<meta name="gunjin-build" content="2"></head>'));
        execFileSync(process.execPath, [join(root, "scripts", "pwa.mjs"), dir]);
        // The old version stays until asked: a reload still shows it.
        await page.reload();
        await expect(page.locator('meta[name="gunjin-build"]')).toHaveCount(0);
        const banner = page.locator(".sw-update");
        await expect(banner).toContainText(text, { timeout: 15_000 });
        await expect(page.locator('meta[name="gunjin-build"]')).toHaveCount(0);
        // Reload: the new worker takes over and the page reloads once.
        await banner.getByRole("button", { name: button }).click();
        await expect(page.locator('meta[name="gunjin-build"]')).toHaveAttribute("content", "2");
        await expect(page.getByRole("button", { name: play, exact: true }).first()).toBeVisible();
        await expect(page.locator(".sw-update")).toHaveCount(0);
        // Only the new build's cache is left.
        const keys = await page.evaluate(() => caches.keys());
        expect(keys).toHaveLength(1);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
}

test("a development build registers no worker and removes a release build's", async ({ page }) => {
  desktopOnly();
  const dir = await mkdtemp(join(tmpdir(), "gunjin-dev-"));
  try {
    await cp(dist, dir, { recursive: true });
    served = await serve(dir);
    const url = served.url;
    await page.goto(url);
    await waitForController(page);
    // What `trunk serve` would put there now: no registration in
    // index.html, and the sw.js the hook writes for development builds.
    const index = join(dir, "index.html");
    const html = await readFile(index, "utf8");
    await writeFile(index, html.replace(/\s*<script src="\.\/sw-register\.js" defer><\/script>/, ""));
    execFileSync(process.execPath, [join(root, "scripts", "pwa.mjs")], {
      env: { ...process.env, TRUNK_STAGING_DIR: dir, TRUNK_PROFILE: "release", GUNJIN_SW: "off" },
    });
    expect(await readFile(index, "utf8")).not.toContain("sw-register.js");
    await page.reload();
    // The old worker is replaced by one that unregisters itself, deletes
    // the caches and reloads the page from the network.
    await expect
      .poll(
        // The page reloads itself meanwhile: a read cut short is a retry.
        () =>
          page
            .evaluate(async () => [!!(await navigator.serviceWorker.getRegistration()), (await caches.keys()).length])
            .catch(() => null),
        { timeout: 15_000 },
      )
      .toEqual([false, 0]);
    // The worker's own reload of the page may still be under way, and a
    // navigation of ours would race it: a load cut short is a retry.
    await expect(async () => {
      await page.goto(url, { timeout: 5_000 });
      await expect(page.getByRole("button", { name: "Play the CPU" }).first()).toBeVisible({ timeout: 5_000 });
      expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    }).toPass({ timeout: 30_000 });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
