import { expect, test } from "@playwright/test";
import { failOnErrors } from "./helpers";

// The home page: name, level and rules remembered, one click to play, the
// two languages, the guide links, and a clear page for unknown addresses.

failOnErrors();

test("a name, level and rules are remembered and Play the CPU opens the setup", async ({ page }) => {
  await page.goto("./");
  await expect(page.getByRole("heading", { name: "Play the CPU" })).toBeVisible();
  await page.getByLabel("Your name").fill("Aki");
  await page.getByRole("radio", { name: "Normal" }).check();
  await page.getByRole("radio", { name: "Traditional" }).check();
  await expect(page.locator(".preset-text")).toContainText("no Flag on the back rank");
  await page.getByRole("radio", { name: "American 21" }).check();
  await expect(page.locator(".mode-text")).toContainText("two nodes of each camp stay empty");
  await page.reload();
  await expect(page.getByRole("radio", { name: "American 21" })).toBeChecked();
  await expect(page.getByLabel("Your name")).toHaveValue("Aki");
  await expect(page.getByRole("radio", { name: "Normal" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Traditional" })).toBeChecked();
  await page.getByRole("button", { name: "Play the CPU" }).click();
  await expect(page).toHaveURL(/#\/setup$/);
  await expect(page.getByRole("timer")).toHaveText(/^[23]:\d\d$/);
  await expect(page.getByRole("button", { name: "Random" })).toBeVisible();
  await page.getByRole("button", { name: "Random" }).click();
  await expect(page.getByRole("grid").locator('[data-side="south"]')).toHaveCount(21);
});

test("the language switch changes every text and is remembered", async ({ page }) => {
  await page.goto("./");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("button", { name: "日本語" }).click();
  await expect(page.getByRole("heading", { name: "CPUと対戦" })).toBeVisible();
  await expect(page.getByRole("button", { name: "CPUと対戦する" })).toBeVisible();
  await expect(page.getByRole("link", { name: "遊び方" }).first()).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await page.reload();
  await expect(page.getByRole("heading", { name: "CPUと対戦" })).toBeVisible();
  // Piece names follow the language too.
  await page.goto("./#/setup");
  await page.getByRole("button", { name: "ランダム" }).click();
  await expect(page.getByRole("grid").locator('[data-kind="General"]')).toHaveAccessibleName(/^[a-f][1-4]: (HQ )?大将 ?, 自分の駒/);
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("button", { name: "Random" })).toBeVisible();
  await expect(page.getByRole("grid").locator('[data-kind="General"]')).toHaveAccessibleName(/^[a-f][1-4]: (HQ )?大将 Gen ?, General/);
});

test("the browser's language picks the default", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: "ja-JP", baseURL });
  const page = await context.newPage();
  await page.goto("./");
  await expect(page.getByRole("heading", { name: "CPUと対戦" })).toBeVisible();
  await context.close();
});

test("the guides are linked from the home page", async ({ page }) => {
  await page.goto("./");
  const guides = page.locator(".guide-links");
  for (const [name, hash] of [
    ["How to play", "#/guide/how"],
    ["Piece guide", "#/guide/pieces"],
    ["Battle table", "#/guide/battles"],
  ]) {
    await guides.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${hash}$`));
    await expect(page.locator("main h2, main h1").first()).toBeVisible();
    await page.goBack();
  }
});

test("an unknown address says so and links home", async ({ page }) => {
  await page.goto("./#/nowhere");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the start page" }).click();
  await expect(page.getByRole("heading", { name: "Play the CPU" })).toBeVisible();
});

test("without a table server, online play says so and the CPU still plays", async ({ page }) => {
  await page.goto("./#/");
  await expect(page.locator(".no-server")).toHaveText(
    "No table server is configured for this site, so online play is off. You can still play against the CPU.",
  );
  await expect(page.getByRole("button", { name: "Open a table" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Play the CPU" })).toBeEnabled();
});

test("the title and what the game is show at once, and a failed start says so", async ({ browser, page, baseURL }) => {
  // The page before the app, readable while the app downloads; here the
  // download fails (in a page of its own: its errors are expected).
  const failing = await browser.newPage({ baseURL });
  await failing.route(/_bg\.wasm$/, (route) => route.abort());
  await failing.goto("./#/");
  await expect(failing.getByRole("heading", { level: 1 })).toHaveText("軍人将棋 Gunjin Shogi");
  await expect(failing.locator(".shell-about").first()).toContainText("The Japanese game of hidden ranks");
  await expect(failing.getByRole("alert")).toContainText("The game could not start in this browser. Reload the page to try again.");
  await failing.close();

  // Once the app runs, that page is gone and the home screen stands alone.
  await page.goto("./#/");
  await expect(page.getByRole("button", { name: "Play the CPU" })).toBeVisible();
  await expect(page.locator("#app-shell")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
});

test("the other pages load when first opened, and a failed load says so and can be retried", async ({ browser, baseURL }) => {
  // Without the service worker, which would answer from its cache; the
  // first fetch of the pages' module fails (in a page of its own: the
  // failed fetch is logged).
  const context = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const page = await context.newPage();
  const pages = /\/split_pages-[0-9a-f]+\.wasm$/;
  const fetched: string[] = [];
  page.on("request", (request) => {
    if (pages.test(request.url())) fetched.push(request.url());
  });
  let offline = true;
  await page.route(pages, (route) => (offline ? route.abort() : route.continue()));

  // The home page does without it.
  await page.goto("./#/");
  await expect(page.getByRole("button", { name: "Play the CPU" })).toBeVisible();
  expect(fetched).toEqual([]);

  const nav = page.getByRole("navigation", { name: "Gunjin Shogi" });
  await nav.getByRole("link", { name: "How to play" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("This page could not be loaded");
  await alert.getByRole("link", { name: "Go to the start page" }).click();
  await expect(page.getByRole("button", { name: "Play the CPU" })).toBeVisible();

  // Back online, the next try loads it, and every other page comes with it.
  offline = false;
  await nav.getByRole("link", { name: "How to play" }).click();
  await expect(page.getByRole("heading", { name: "How to play" })).toBeVisible();
  await page.locator(".home-link").click();
  await page.getByRole("button", { name: "Play the CPU" }).click();
  await expect(page.getByRole("grid").first()).toBeVisible();
  expect(fetched).toHaveLength(2);
  await context.close();
});

test("the pages' words and stylesheet come with the pages, the words in every language, and a failed fetch says so", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const page = await context.newPage();
  const words = /\/strings-[0-9a-f]+\.txt$/;
  const fetched: string[] = [];
  const styles: string[] = [];
  page.on("request", (request) => {
    if (words.test(request.url())) fetched.push(request.url());
    if (/\/pages-[0-9a-f]+\.css$/.test(request.url())) styles.push(request.url());
  });
  let offline = true;
  await page.route(words, (route) => (offline ? route.abort() : route.continue()));

  await page.goto("./#/");
  await expect(page.getByRole("button", { name: "Play the CPU" })).toBeVisible();
  expect(fetched).toEqual([]);
  expect(styles).toEqual([]);

  const nav = page.getByRole("navigation", { name: "Gunjin Shogi" });
  await nav.getByRole("link", { name: "How to play" }).click();
  await expect(page.getByRole("alert")).toContainText("This page could not be loaded");
  await expect.poll(() => page.evaluate(() => (document.getElementById("pages-css") as HTMLLinkElement).sheet?.cssRules.length ?? 0)).toBeGreaterThan(0);

  offline = false;
  await page.reload();
  await expect(page.getByRole("heading", { name: "How to play" })).toBeVisible();
  // Every language came at once: the switch needs no other fetch.
  await page.getByRole("button", { name: "日本語" }).click();
  await expect(page.getByRole("heading", { name: "遊び方" })).toBeVisible();
  await page.getByRole("button", { name: "ไทย" }).click();
  await expect(page.getByRole("heading", { name: "วิธีเล่น" })).toBeVisible();
  expect(fetched).toHaveLength(2);
  await context.close();
});
