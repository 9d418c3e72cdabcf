import { expect, test, type Page } from "@playwright/test";
import {
  board,
  card,
  expectAccessible,
  failOnErrors,
  node,
  openSetup,
  placements,
  playRandomMove,
  press,
  settings,
  smallestText,
  startGame,
  waitForMyTurn,
} from "./helpers";

// What a new player trips over, pinned at phone and desktop size: tagging
// where the thumb is, readable text, previews that can be read, the
// keyboard's focus, announcements in order, translated reasons, Random
// that keeps what is placed, the setup timer's option, and an end screen
// that says whose.

failOnErrors();

const tray = (page: Page, kind: string) => page.locator(`.tray [data-tray-kind="${kind}"]`);


test("tapping an enemy piece highlights it and opens the guess sheet in reach", async ({ page, isMobile }) => {
  await startGame(page, "first=you");
  const enemy = node(page, "c7");
  await press(enemy, isMobile);
  await expect(enemy).toHaveAttribute("aria-selected", "true");
  await expect(enemy).toHaveClass(/selected/);
  const sheet = page.locator(".tag-sheet");
  await expect(sheet).toBeVisible();
  // The whole sheet is on screen without scrolling the page.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = (await sheet.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  const option = sheet.locator('[data-guess-option="Mine"]');
  const optionBox = (await option.boundingBox())!;
  expect(optionBox.y + optionBox.height).toBeLessThanOrEqual(viewport.height);
  // One tap tags and closes.
  await press(option, isMobile);
  await expect(sheet).toHaveCount(0);
  await expect(enemy).toHaveAttribute("data-guess", "Mine");
  await expect(enemy).toHaveAttribute("aria-selected", "false");
  // Tapping it again shows the current guess, and the close button closes.
  await press(enemy, isMobile);
  await expect(sheet.locator('[data-guess-option="Mine"]')).toHaveAttribute("aria-pressed", "true");
  await press(sheet.getByRole("button", { name: "Close" }), isMobile);
  await expect(sheet).toHaveCount(0);
});

test("nothing the player reads on the boards and trays is smaller than 11 px", async ({ page }) => {
  await openSetup(page);
  await page.getByRole("button", { name: "Templates" }).click();
  await page.locator('[data-template="balanced"]').getByRole("button").click();
  // Half the pieces back in the tray, so tray and board both show labels.
  for (const sq of ["a4", "b4", "c4", "d4", "e4", "f4", "a3", "b3"]) {
    await node(page, sq).click();
    await page.locator(".tray").click({ position: { x: 5, y: 5 } });
  }
  await page.getByRole("button", { name: "Templates" }).click();
  for (const selector of [".board", ".tray", ".templates", ".setup-actions", ".intro"]) {
    const smallest = await smallestText(page, selector);
    expect(smallest.size, `${selector}: "${smallest.text}"`).toBeGreaterThanOrEqual(11);
  }
  await page.getByRole("button", { name: "Random" }).click();
  await page.getByRole("button", { name: "Ready" }).click();
  await page.getByRole("button", { name: "Hints", exact: true }).click();
  await node(page, "c8").click();
  await expect(page.locator(".tag-sheet .chance").first()).toBeVisible();
  for (const selector of [".board", ".tag-sheet", ".play-side", ".status", ".keys-help"]) {
    const smallest = await smallestText(page, selector);
    expect(smallest.size, `${selector}: "${smallest.text}"`).toBeGreaterThanOrEqual(11);
  }
});

test("formation previews are small boards with the board's labels, in the player's language", async ({ page }) => {
  await openSetup(page);
  await page.getByRole("button", { name: "Templates" }).click();
  const preview = page.locator('[data-template="fortress"] .template-preview .mini');
  await expect(preview).toHaveCount(23);
  await page.locator('[data-template="fortress"]').getByRole("button").click();
  // Each mini node says the short label of the piece the template puts there.
  const placed = await placements(page);
  const expected = await board(page)
    .locator("[data-square][data-kind] .label")
    .evaluateAll((ls) => Object.fromEntries(ls.map((l) => [l.closest("[data-square]")!.getAttribute("data-square"), l.textContent])));
  await page.getByRole("button", { name: "Templates" }).click();
  const minis = await preview.evaluateAll((ms) => ms.map((m) => [m.getAttribute("data-square"), m.getAttribute("data-kind"), m.textContent]));
  for (const [square, kind, label] of minis) {
    expect(placed[square!]).toBe(kind);
    expect(label).toBe(expected[square!]);
  }
  // Every kind of the army reads differently (大 alone was three of them).
  expect(new Set(minis.map(([, , l]) => l)).size).toBe(16);
  await page.getByRole("button", { name: "日本語" }).click();
  await expect(preview.first()).toHaveText(/^[\u3040-\u30ff\u4e00-\u9fff]+$/);
  await page.getByRole("button", { name: "English" }).click();
});

test("the keyboard's focus goes where the next action is", async ({ page, isMobile }) => {
  test.skip(isMobile, "keyboard");
  await openSetup(page);
  // A tray choice with Enter: the arrows act on the board at once.
  await tray(page, "Flag").focus();
  await page.keyboard.press("Enter");
  await expect(tray(page, "Flag")).toHaveAttribute("aria-pressed", "true");
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute("data-square") ?? null);
  expect(await focused()).not.toBeNull();
  const start = (await focused())!;
  await page.keyboard.press("ArrowLeft");
  await expect.poll(focused).not.toBe(start);
  // Escape cancels the choice.
  await page.keyboard.press("Escape");
  await expect(tray(page, "Flag")).toHaveAttribute("aria-pressed", "false");
  // A template: Ready is next.
  await page.getByRole("button", { name: "Templates" }).click();
  await page.locator('[data-template="balanced"]').getByRole("button").click();
  await expect(page.getByRole("button", { name: "Ready" })).toBeFocused();
  // Ready: the board of the game.
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#\/play$/);
  await expect.poll(focused).not.toBeNull();
  // Select with Enter, Escape cancels.
  await node(page, "b4").focus();
  await page.keyboard.press("Enter");
  await expect(node(page, "b4")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Escape");
  await expect(node(page, "b4")).toHaveAttribute("aria-selected", "false");
  await expect(page.locator(".keys-help")).toContainText("Escape");
  // Resign: the question's answer, then the next game's button.
  await page.getByRole("button", { name: "Resign" }).click();
  await expect(page.getByRole("button", { name: "Yes, resign" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Play again" })).toBeFocused();
});

test("announcements are spoken in order, and the pages pass axe", async ({ page }) => {
  test.setTimeout(180_000); // axe reads every node of six pages
  await openSetup(page);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Random" }).click();
  await page.getByRole("button", { name: "Ready" }).click();
  await expect(page).toHaveURL(/#\/play$/);
  const announcer = page.locator('.announcer[role="log"] p');
  // Two moves in a row (the player's and the CPU's quick reply) are both
  // kept in the live region, in order.
  for (let i = 0; i < 3 && (await waitForMyTurn(page)); i++) {
    const own = board(page).locator('[data-side="south"]');
    for (const n of await own.all()) {
      await n.click();
      const to = board(page).locator("[data-mark]").first();
      if ((await to.count()) > 0) {
        await to.click();
        break;
      }
    }
  }
  await waitForMyTurn(page);
  const spoken = await announcer.allTextContents();
  expect(spoken.length).toBeGreaterThanOrEqual(2);
  const log = (await page.locator(".log li:not(.log-first)").allTextContents()).reverse();
  expect(spoken).toEqual(log.slice(-spoken.length));
  await expectAccessible(page);
  await page.getByRole("button", { name: "Resign" }).click();
  await page.getByRole("button", { name: "Yes, resign" }).click();
  await expect(page.locator(".result")).toBeVisible();
  await expectAccessible(page);
  for (const guide of ["how", "pieces", "battles"]) {
    await page.goto(`./#/guide/${guide}`);
    await expect(page.locator("article.guide")).toBeVisible();
    await expectAccessible(page);
  }
  await page.goto("./#/");
  await expect(card(page).getByRole("button", { name: "Play the CPU" })).toBeVisible();
  await expectAccessible(page);
  await settings(page);
  await expectAccessible(page);
  await settings(page, "shogi");
  await expectAccessible(page);
});

test("a bad rule code is explained in Japanese, in Japanese", async ({ page }) => {
  await page.goto("./#/");
  await page.getByRole("button", { name: "日本語" }).click();
  for (const code of ["zzzzz", "zz"]) {
    await page.goto(`./#/rules/${code}`);
    const message = page.getByRole("alert");
    await expect(message).toContainText("ルールコード");
    const words = (await message.textContent())!.replace(code, "").replace(/htsrf|texrt|[a-z] か [a-z]/g, "");
    expect(words).not.toMatch(/[A-Za-z]{2,}/);
  }
  await page.getByRole("button", { name: "English" }).click();
});

test("Random fills the empty nodes and keeps what is placed; again, it reshuffles", async ({ page, isMobile }) => {
  await openSetup(page);
  const placed = { c1: "General", a4: "Tank", f4: "Spy", b2: "Mine" };
  for (const [square, kind] of Object.entries(placed)) {
    await press(tray(page, kind), isMobile);
    await press(node(page, square), isMobile);
  }
  const fill = page.getByRole("button", { name: "Fill at random" });
  await fill.click();
  await expect(board(page).locator("[data-kind]")).toHaveCount(23);
  const after = await placements(page);
  expect(Object.fromEntries(Object.keys(placed).map((sq) => [sq, after[sq]]))).toEqual(placed);
  // A full camp: the button draws a whole new setup.
  await expect(fill).toHaveCount(0);
  await page.getByRole("button", { name: "Random", exact: true }).click();
  await expect.poll(() => placements(page)).not.toEqual(after);
});

test("?setup-seconds wins over a saved setup's time, and Clear starts the timer again", async ({ page, isMobile }) => {
  await openSetup(page, "setup-seconds=40");
  await press(tray(page, "General"), isMobile);
  await press(node(page, "c1"), isMobile);
  await expect(page.getByRole("timer")).not.toHaveText("0:40", { timeout: 5_000 });
  await page.reload();
  // The draft resumes with its piece, and the timer with the option's time.
  await expect(node(page, "c1")).toHaveAttribute("data-kind", "General");
  await expect(page.getByRole("timer")).toHaveText(/0:(40|39)/);
  await expect(page.getByRole("timer")).not.toHaveText("0:40", { timeout: 5_000 });
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page.getByRole("timer")).toHaveText(/0:(40|39)/);
  // Without the option, a reload keeps the time the draft had left.
  await press(tray(page, "General"), isMobile);
  await press(node(page, "c1"), isMobile);
  await page.goto("./#/setup");
  await expect(page.getByRole("timer")).toHaveText(/0:[0-3]\d/);
});

test("the end says whose, and the replay says what each move did", async ({ page }) => {
  await startGame(page, "first=you", "balanced");
  await node(page, "b4").click();
  await node(page, "b5").click(); // a Tank attacks North's front piece
  await waitForMyTurn(page);
  await page.getByRole("button", { name: "Resign" }).click();
  await page.getByRole("button", { name: "Yes, resign" }).click();
  await expect(page.locator(".result .reason")).toHaveText("You resigned.");
  const step = page.locator(".replay-step");
  await page.getByRole("button", { name: "Start", exact: true }).click();
  await expect(step).toHaveText("");
  await page.getByRole("button", { name: "Forward" }).click();
  await expect(step).toHaveText(/^You: b4-b5 — the Tank (beat|fell to|and) the /);
  await page.getByRole("button", { name: "Forward" }).click();
  await expect(step).toHaveText(/^CPU: [a-f][1-8]-[a-f][1-8]/);
  // The game's announcements stay at hand.
  await expect(page.locator(".end-log .log li").first()).toBeVisible();
  await expect(page.locator(".end-log .log")).toContainText("You: b4-b5");
});

test("the end's announcements are painted where they stand; Play again has the focus", async ({ page, isMobile }) => {
  await startGame(page, "first=you", "balanced");
  for (let i = 0; i < 3 && (await waitForMyTurn(page)); i++) await playRandomMove(page);
  await waitForMyTurn(page);
  await press(page.getByRole("button", { name: "Resign" }), isMobile);
  await press(page.getByRole("button", { name: "Yes, resign" }), isMobile);
  await expect(page.locator(".result")).toBeVisible();
  await expect(page.getByRole("button", { name: "Play again" })).toBeFocused();
  const section = page.getByRole("region", { name: "Announcements" });
  await expect(section.getByRole("heading", { name: "Announcements" })).toBeVisible();
  const items = section.getByRole("listitem");
  expect(await items.count()).toBeGreaterThanOrEqual(4);
  // Each line shown is what the eye and the finger find there.
  for (const item of [items.first(), items.nth(1)]) {
    await item.scrollIntoViewIfNeeded();
    await expect(item).toBeVisible();
    const box = (await item.boundingBox())!;
    const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest("li")?.textContent ?? null, [box.x + 12, box.y + box.height / 2]);
    expect(hit).toBe(await item.textContent());
  }
  // Whose is whose on the revealed board, by colour too.
  const colour = (side: string) => board(page).locator(`[data-side="${side}"] .piece`).first().evaluate((p) => getComputedStyle(p).backgroundImage);
  expect(await colour("north")).not.toBe(await colour("south"));
});

test("the setup opens with Templates, Random and Ready on the first screen", async ({ page }) => {
  await openSetup(page);
  const { height } = page.viewportSize()!;
  for (const name of ["Templates", "Random", "Ready"]) {
    const box = (await page.getByRole("button", { name, exact: true }).boundingBox())!;
    expect(box.y + box.height, `${name} below the first screen`).toBeLessThanOrEqual(height);
  }
  // The tray follows the board: the first pieces to place are in reach.
  const tray = (await page.locator(".tray-piece").first().boundingBox())!;
  expect(tray.y).toBeLessThan(height);
});

test("a panic of the app covers the page with a sentence and Reload", async ({ browser, baseURL }, info) => {
  // In a page of its own: the crash is an uncaught error, on purpose.
  const context = await browser.newContext({ baseURL, ...(info.project.use.viewport ? { viewport: info.project.use.viewport } : {}) });
  const page = await context.newPage();
  await page.goto("./#/");
  await expect(card(page).getByRole("button", { name: "Play the CPU" })).toBeVisible();
  // A WebAssembly trap, uncaught, as a Rust panic ends: `unreachable`.
  await page.evaluate(() => {
    const bytes = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 7, 5, 1, 1, 102, 0, 0, 10, 5, 1, 3, 0, 0, 11]);
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes));
    setTimeout(instance.exports.f as () => void);
  });
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toHaveText(/Something went wrong and this page cannot go on\. Reload it: your games and settings are kept\./);
  const reload = dialog.getByRole("button", { name: "Reload" });
  await expect(reload).toBeFocused();
  await expect(page.locator("main")).toHaveAttribute("inert", "");
  await reload.click();
  await expect(card(page).getByRole("button", { name: "Play the CPU" })).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  // In Japanese, in Japanese: once the switch has fetched its words.
  await page.getByRole("button", { name: "日本語" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await page.evaluate(() => {
    const bytes = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 7, 5, 1, 1, 102, 0, 0, 10, 5, 1, 3, 0, 0, 11]);
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes));
    setTimeout(instance.exports.f as () => void);
  });
  await expect(page.getByRole("alertdialog")).toContainText("再読み込みしてください");
  await expect(page.getByRole("button", { name: "再読み込み" })).toBeFocused();
  await context.close();
});
