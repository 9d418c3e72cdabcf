import { defineConfig } from "@playwright/test";

// End-to-end tests against the release build in `dist/` (run
// `trunk build --release` first; ./scripts/test does). Debian's chromium is
// used because this network cannot download Playwright's browsers.
//
// Two servers: a static one (the static-only deployment: CPU play, no
// tables) for most tests, and the table server
// (`target/server/gunjin-server`, short timers, a fresh database) for
// online.spec.ts.
const port = Number(process.env.E2E_PORT ?? 4178);
const tablePort = Number(process.env.E2E_TABLE_PORT ?? 4179);

const launchOptions = {
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  forbidOnly: !!process.env.CI,
  // One retry, from scratch: on a loaded 2-core machine headless Chromium
  // has once stopped running a page's animation frames in the middle of a
  // two-page table test, and every click then waits for them. A test that
  // passes only on its retry is still listed ("flaky") and counted by
  // scripts/test; one that fails twice fails the run.
  retries: 1,
  workers: 2,
  timeout: 60_000,
  reporter: "list",
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    headless: true,
    launchOptions,
  },
  projects: [
    {
      name: "desktop",
      testIgnore: /online\.spec/,
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      // Each test opens its own contexts: a desktop and a phone.
      name: "online",
      testMatch: /online\.spec/,
      use: { baseURL: `http://127.0.0.1:${tablePort}/` },
    },
    {
      name: "phone",
      testIgnore: /online\.spec/,
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: [
    {
      command: `node tests/e2e/static-server.mjs dist ${port}`,
      url: `http://127.0.0.1:${port}/index.html`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command:
        // A fresh database each run, in target/ (not left behind in /tmp).
        `mkdir -p target/e2e && rm -f target/e2e/tables-${tablePort}.sqlite3* && ` +
        `exec target/server/gunjin-server --dist dist --addr 127.0.0.1:${tablePort} ` +
        `--db target/e2e/tables-${tablePort}.sqlite3 --setup-secs 60 --grace-secs 6 ` +
        // Every browser of the run comes from one address.
        `--max-conns-per-addr 1000 --seats-per-addr 1000 --tables-per-addr-hour 1000`,
      url: `http://127.0.0.1:${tablePort}/index.html`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
