import { expect, test, type Page } from "@playwright/test";
import { card, failOnErrors, learn, settings } from "./helpers";

// The parlour's home page: a card for each game with its ways to play in
// reach on a phone's first screen, each game's settings (name, level,
// rules) one tap away and remembered, the two languages, the guides, each
// game's pages named after it, and a clear page for unknown addresses.

failOnErrors();

/** Whether `locator` is wholly inside the viewport as the page opens. */
async function onFirstScreen(page: Page, name: string, locator: import("@playwright/test").Locator) {
  const box = (await locator.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box, name).not.toBeNull();
  expect(box.x, name).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, name).toBeLessThanOrEqual(width);
  expect(box.y + box.height, `${name} is below the first screen`).toBeLessThanOrEqual(height);
}

for (const [lang, words] of [
  ["en-US", { play: "Play the CPU", friend: "Friend on this device", online: "Online invite by link", learn: "Learn how to play", settings: /^Settings/ }],
  ["ja-JP", { play: "CPUと対戦する", friend: "友だちと この端末で", online: "オンライン リンクで招待", learn: "学ぶ 遊び方", settings: /^設定/ }],
] as const) {
  test(`the parlour names itself and shows both games and their ways to play at once (${lang})`, async ({ browser, baseURL }, info) => {
    const phone = info.project.name === "phone";
    const context = await browser.newContext({
      baseURL,
      locale: lang,
      ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } }),
    });
    const page = await context.newPage();
    await page.goto("./#/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("喜楽軒 Kirakuken");
    await expect(page).toHaveTitle("喜楽軒 Kirakuken · 軍人将棋 · 将棋");
    for (const [game, title] of [["gunjin", "軍人将棋 Gunjin Shogi"], ["shogi", "将棋 Shogi"]] as const) {
      const c = card(page, game);
      await expect(c.getByRole("heading", { level: 2 })).toHaveText(title);
      await onFirstScreen(page, `${game}: play`, c.getByRole("button", { name: words.play }));
      await onFirstScreen(page, `${game}: friend`, c.getByRole("link", { name: words.friend }));
      await onFirstScreen(page, `${game}: online`, c.getByRole("button", { name: words.online }));
      await expect(c.locator("summary.learn")).toHaveText(words.learn);
      await onFirstScreen(page, `${game}: learn`, c.locator("summary.learn"));
      await onFirstScreen(page, `${game}: settings`, c.getByRole("button", { name: words.settings }));
    }
    // One game's settings open at a time, under its card.
    await settings(page, "gunjin");
    await expect(card(page, "gunjin").locator(".settings")).toBeVisible();
    await settings(page, "shogi");
    await expect(card(page, "shogi").locator(".settings")).toBeVisible();
    await expect(card(page, "gunjin").locator(".settings")).toHaveCount(0);
    await context.close();
  });
}

test("each game's pages carry its name, under the parlour's, which leads home", async ({ page }) => {
  for (const [hash, name, nav] of [
    ["#/setup", "軍人将棋 Gunjin Shogi", "How to play"],
    ["#/guide/battles", "軍人将棋 Gunjin Shogi", "Battle table"],
    ["#/shogi/guide/how", "将棋 Shogi", "How to play Shogi"],
    ["#/shogi/play", "将棋 Shogi", "Shogi pieces and their moves"],
  ] as const) {
    await page.goto(`./${hash}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page).toHaveTitle(`${name} · 喜楽軒 Kirakuken`);
    const game = name.split(" ").slice(1).join(" ");
    await expect(page.getByRole("navigation", { name: game, exact: true }).getByRole("link", { name: nav, exact: true })).toBeVisible();
  }
  await page.getByRole("link", { name: "喜楽軒 Kirakuken" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("喜楽軒 Kirakuken");
  await expect(page.getByRole("navigation")).toHaveCount(0);
});

test("a name, level and rules are remembered and Play the CPU opens the setup", async ({ page }) => {
  await page.goto("./");
  const chosen = await settings(page);
  await chosen.getByLabel("Your name").fill("Aki");
  await chosen.getByRole("radio", { name: "Normal" }).check();
  await chosen.getByRole("radio", { name: "Traditional" }).check();
  await expect(chosen.locator(".preset-text")).toContainText("no Flag on the back rank");
  await chosen.getByRole("radio", { name: "American 21" }).check();
  await expect(chosen.locator(".mode-text")).toContainText("two nodes of each camp stay empty");
  await page.reload();
  // Closed again, the settings say what they are.
  await expect(card(page).getByRole("button", { name: /^Settings/ })).toContainText("Normal · American 21 · Traditional");
  await settings(page);
  await expect(page.getByRole("radio", { name: "American 21" })).toBeChecked();
  await expect(page.getByLabel("Your name")).toHaveValue("Aki");
  await expect(page.getByRole("radio", { name: "Normal" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Traditional" })).toBeChecked();
  await card(page).getByRole("button", { name: "Play the CPU" }).click();
  await expect(page).toHaveURL(/#\/setup$/);
  await expect(page.getByRole("timer")).toHaveText(/^[23]:\d\d$/);
  await expect(page.getByRole("button", { name: "Random" })).toBeVisible();
  await page.getByRole("button", { name: "Random" }).click();
  await expect(page.getByRole("grid").locator('[data-side="south"]')).toHaveCount(21);
  // American 21's army is 21 pieces, and the tray says so.
  await expect(page.locator(".placed-count")).toHaveText("21 / 21 placed");
  await expect(page.locator(".tray-empty")).toHaveText("All 21 pieces are placed.");
});

test("Shogi's settings are remembered in their own entry, the name shared", async ({ page }) => {
  await page.goto("./");
  const chosen = await settings(page, "shogi");
  await chosen.getByLabel("Your name").fill("Kei");
  await chosen.getByRole("radio", { name: "Club player" }).check();
  await chosen.getByLabel("Handicap").selectOption({ label: "Bishop" });
  await chosen.getByRole("radio", { name: "The CPU" }).check();
  await page.reload();
  await expect(card(page, "shogi").getByRole("button", { name: /^Settings/ })).toContainText("Club player · Bishop · the CPU moves first");
  await settings(page);
  await expect(page.getByLabel("Your name")).toHaveValue("Kei");
});

test("the language switch changes every text and is remembered", async ({ page }) => {
  await page.goto("./");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("button", { name: "日本語" }).click();
  await expect(card(page).getByRole("button", { name: "CPUと対戦する" })).toBeVisible();
  await expect(card(page, "shogi").locator("summary.learn")).toHaveText("学ぶ 遊び方");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await page.reload();
  await expect(card(page).getByRole("button", { name: "CPUと対戦する" })).toBeVisible();
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
  await expect(card(page).getByRole("button", { name: "CPUと対戦する" })).toBeVisible();
  await context.close();
});

test("each game's guides are in its card's Learn menu, then in the header", async ({ page }) => {
  await page.goto("./");
  await learn(page, "gunjin", "How to play");
  await expect(page).toHaveURL(/#\/guide\/how$/);
  const nav = page.getByRole("navigation", { name: "Gunjin Shogi" });
  for (const [name, hash] of [
    ["Piece guide", "#/guide/pieces"],
    ["Battle table", "#/guide/battles"],
    ["How to play", "#/guide/how"],
  ]) {
    await nav.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${hash}$`));
    await expect(page.locator("main h2, main h1").first()).toBeVisible();
  }
  await page.goto("./");
  await learn(page, "shogi", "How to play Shogi");
  await expect(page).toHaveURL(/#\/shogi\/guide\/how$/);
});

test("a lesson and a tsume are reached from the cards' Learn menus, which open over the page", async ({ page }) => {
  await page.goto("./");
  const settingsButton = card(page, "shogi").getByRole("button", { name: /^Settings/ });
  const before = (await settingsButton.boundingBox())!;
  const menu = card(page, "shogi").locator("details.learn-way");
  await expect(menu.locator(".learn-menu")).toBeHidden();
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  // The menu pushes nothing down.
  expect((await settingsButton.boundingBox())!.y).toBe(before.y);
  // A tap anywhere else closes it, as a menu does, and opens nothing.
  const elsewhere = (await card(page, "gunjin").getByRole("button", { name: "Play the CPU" }).boundingBox())!;
  await page.mouse.click(elsewhere.x + elsewhere.width / 2, elsewhere.y + elsewhere.height / 2);
  await expect(menu).not.toHaveAttribute("open", "");
  await expect(page).toHaveURL(/#\/$|\/$/);
  await menu.locator("summary").click();
  await card(page, "shogi").locator(".learn-menu").getByRole("link", { name: "Tsume puzzles" }).click();
  await expect(page).toHaveURL(/#\/shogi\/tsume$/);
  await expect(page.locator(".tsume-progress")).toBeVisible();
  await page.goto("./");
  await learn(page, "gunjin", "Lessons");
  await expect(page).toHaveURL(/#\/learn$/);
  await page.locator('.course[data-course="gunjin_basics"]').getByRole("link", { name: "Start" }).click();
  await expect(page).toHaveURL(/#\/learn\/gunjin_basics\/plane$/);
  await expect(page.getByRole("heading", { name: "The Plane flies", level: 1 })).toBeVisible();
});

test("an unknown address says so and links home", async ({ page }) => {
  await page.goto("./#/nowhere");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the start page" }).click();
  await expect(card(page).getByRole("button", { name: "Play the CPU" })).toBeVisible();
});

test("without a table server, online play says so and the CPU still plays", async ({ page }) => {
  await page.goto("./#/");
  await expect(page.locator(".no-server")).toHaveText(
    "No table server is configured for this site, so online play is off. You can still play against the CPU.",
  );
  // No lobby is offered without a server to hold it.
  await expect(page.locator(".find-games")).toHaveCount(0);
  for (const game of ["gunjin", "shogi"] as const) {
    await expect(card(page, game).getByRole("button", { name: "Online" })).toBeDisabled();
    await expect(card(page, game).getByRole("button", { name: "Online" })).toHaveAccessibleDescription(/No table server is configured/);
    await expect(card(page, game).getByRole("button", { name: "Play the CPU" })).toBeEnabled();
  }
});

test("the title and what the game is show at once, and a failed start says so", async ({ browser, page, baseURL }) => {
  // The page before the app, readable while the app downloads; here the
  // download fails (in a page of its own: its errors are expected).
  const failing = await browser.newPage({ baseURL });
  await failing.route(/_bg\.wasm$/, (route) => route.abort());
  await failing.goto("./#/");
  await expect(failing.getByRole("heading", { level: 1 })).toHaveText("喜楽軒 Kirakuken");
  await expect(failing.locator(".shell-about").first()).toContainText("Gunjin Shogi, the game of hidden ranks");
  await expect(failing.locator(".shell-about").first()).toContainText("Shogi, the classic");
  await expect(failing.getByRole("alert")).toContainText("The game could not start in this browser. Reload the page to try again.");
  await failing.close();

  // Once the app runs, that page is gone and the home screen stands alone.
  await page.goto("./#/");
  await expect(card(page).getByRole("button", { name: "Play the CPU" })).toBeVisible();
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
  await expect(card(page).getByRole("button", { name: "Play the CPU" })).toBeVisible();
  expect(fetched).toEqual([]);

  const guide = () => learn(page, "gunjin", "How to play");
  await guide();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("This page could not be loaded");
  await alert.getByRole("link", { name: "Go to the start page" }).click();
  await expect(card(page).getByRole("button", { name: "Play the CPU" })).toBeVisible();

  // Back online, the next try loads it, and every other page comes with it.
  offline = false;
  await guide();
  await expect(page.getByRole("heading", { name: "How to play" })).toBeVisible();
  await page.locator(".home-link").click();
  await card(page).getByRole("button", { name: "Play the CPU" }).click();
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
  await expect(card(page).getByRole("button", { name: "Play the CPU" })).toBeVisible();
  expect(fetched).toEqual([]);
  expect(styles).toEqual([]);

  await learn(page, "gunjin", "How to play");
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
