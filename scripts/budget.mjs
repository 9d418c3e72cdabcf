// The size budget of the home screen: what a first visit downloads before
// the home page is usable must weigh at most 195 kB (195,000 bytes) gzipped
// (scripts/test's last step; tests/e2e/budget.spec.ts checks it fails).
//   node scripts/budget.mjs [dist] [limit in bytes]
// The list of files is not guessed: headless Chromium opens the home page
// of the built folder (served locally, fresh profile) and every file the
// page requests is counted, plus the manifest and sw.js, which the browser
// fetches for installation and offline support. Files the service worker
// precaches in the background afterwards (the CPU's Web Worker, which only
// a game starts, and the module of the pages behind the home page, which
// only opening one of them fetches: scripts/split.mjs; the other languages'
// words, which only a switch fetches) are not counted. Prints a table; exits 1 over the budget.
import { chromium } from "@playwright/test";
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dir = resolve(process.argv[2] ?? join(root, "dist"));
const limit = Number(process.argv[3] ?? 195_000);

/** A free TCP port on 127.0.0.1. */
const freePort = () =>
  new Promise((ok, fail) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
    s.on("error", fail);
  });

const port = await freePort();
const base = `http://127.0.0.1:${port}/`;
const server = spawn(process.execPath, [join(root, "tests/e2e/static-server.mjs"), dir, String(port)], {
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise((ok) => server.stdout.once("data", ok));

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const requested = new Set();
try {
  const page = await browser.newPage();
  page.on("request", (r) => requested.add(r.url()));
  await page.goto(base, { waitUntil: "networkidle" });
  // The home page is up when its main buttons are (one on each game's card).
  await page.getByRole("button", { name: "Play the CPU" }).first().waitFor();
  await page.waitForLoadState("networkidle");
  // What the browser fetches itself: the manifest (to offer installation)
  // and the service worker's script.
  const extra = await page.evaluate(async () => {
    const manifest = document.querySelector('link[rel="manifest"]');
    const reg = await navigator.serviceWorker?.getRegistration();
    const sw = reg && (reg.installing ?? reg.waiting ?? reg.active);
    return [manifest?.href, sw?.scriptURL].filter(Boolean);
  });
  for (const url of extra) requested.add(url);
} finally {
  await browser.close();
  server.kill();
}

const files = new Set();
for (const url of requested) {
  if (!url.startsWith(base)) continue;
  const path = decodeURIComponent(new URL(url).pathname.slice(1)) || "index.html";
  files.add(path);
}

const rows = [];
for (const path of [...files].sort()) {
  const body = await readFile(join(dir, path));
  rows.push([path, body.length, gzipSync(body, { level: 9 }).length]);
}
const total = rows.reduce((sum, [, , gz]) => sum + gz, 0);
const raw = rows.reduce((sum, [, size]) => sum + size, 0);
const width = Math.max(...rows.map(([p]) => p.length), 5);
const num = (n) => n.toLocaleString("en").padStart(10);
console.log(`${"file".padEnd(width)} ${"bytes".padStart(10)} ${"gzip".padStart(10)}`);
for (const [path, size, gz] of rows) console.log(`${path.padEnd(width)} ${num(size)} ${num(gz)}`);
console.log(`${"total".padEnd(width)} ${num(raw)} ${num(total)}`);
const verdict = total <= limit ? "within" : "OVER";
console.log(`budget: ${total.toLocaleString("en")} of ${limit.toLocaleString("en")} bytes gzipped: ${verdict} the budget`);
process.exit(total <= limit ? 0 : 1);
