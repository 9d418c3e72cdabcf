import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A page in a context of its own (its own storage), at phone or desktop
 * size, failing on page errors: one player of a table test. */
export async function player(browser: Browser, phone = false): Promise<Page> {
  const context = await browser.newContext(phone ? PHONE : { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on("pageerror", (err) => {
    throw err;
  });
  return page;
}

/** How many of each kind a side has (RULES.md §2), keyed by `data-kind`. */
export const COUNTS: Record<string, number> = {
  General: 1,
  LieutenantGeneral: 1,
  MajorGeneral: 1,
  Plane: 2,
  Colonel: 1,
  LieutenantColonel: 1,
  Tank: 2,
  Major: 1,
  Captain: 2,
  Cavalry: 1,
  Lieutenant: 2,
  SecondLieutenant: 2,
  Engineer: 2,
  Spy: 1,
  Mine: 2,
  Flag: 1,
};
export const KINDS = Object.keys(COUNTS);

/** Every name a kind goes by on screen (identifier, English, Japanese). */
export const KIND_WORDS = [
  ...KINDS,
  "Lieutenant General", "Major General", "Lieutenant Colonel", "Second Lieutenant",
  "大将", "中将", "少将", "飛行機", "大佐", "中佐", "タンク", "少佐", "大尉", "騎兵", "中尉", "少尉", "工兵", "スパイ", "地雷", "軍旗",
];

/** Console errors and uncaught exceptions are failures in every test. */
export function failOnErrors() {
  let errors: string[] = [];
  test.beforeEach(({ page }) => {
    errors = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(`console: ${msg.text()}`);
    });
    page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  });
  test.afterEach(() => {
    expect(errors, "console errors and uncaught exceptions").toEqual([]);
  });
}

/** A game of the parlour, as its card on the home page is keyed. */
export type Game = "gunjin" | "shogi";

/** A game's card on the home page. */
export const card = (page: Page, game: Game = "gunjin") => page.locator(`.game-card[data-game="${game}"]`);

/** Opens a game's settings under its card on the home page (one game's
 * at a time); returns them. */
export async function settings(page: Page, game: Game = "gunjin"): Promise<Locator> {
  const toggle = card(page, game).getByRole("button", { name: /^(Settings|設定|ตั้งค่า)/ });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  return card(page, game).locator(".settings");
}

/** Opens a card's Learn menu and follows its link `name` (its guides,
 * the lessons, Shogi's tsume). */
export async function learn(page: Page, game: Game, name: string) {
  await card(page, game).locator("summary.learn").click();
  await card(page, game).locator(".learn-menu").getByRole("link", { name, exact: true }).click();
}

/** Shogi's starting position, as SFEN. */
export const SHOGI_START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/** Stores a Shogi game of `moves` from `start` (against the CPU, the
 * player Sente, unless `extra` says otherwise), as the app stores one. */
export async function storeShogi(page: Page, moves: string[], extra: object = {}, start = SHOGI_START) {
  await page.goto("./#/");
  await page.evaluate(
    ([start, moves, extra]) => {
      const game = { version: 1, record: { start, moves }, you: "sente", level: "beginner", seed: 1, ...extra };
      localStorage.setItem("shogi.game", JSON.stringify(game));
    },
    [start, moves, extra] as const,
  );
}

export const board = (page: Page) => page.getByRole("grid").first();
export const node = (page: Page, square: string) => board(page).locator(`[data-square="${square}"]`);

/** `data-square` → `data-kind` of every node showing a kind. */
export async function placements(page: Page): Promise<Record<string, string>> {
  return board(page)
    .locator("[data-square][data-kind]")
    .evaluateAll((nodes) =>
      Object.fromEntries(nodes.map((n) => [n.getAttribute("data-square"), n.getAttribute("data-kind")])),
    );
}

/** Opens the setup page (with URL options such as `setup-seconds=5`). */
export async function openSetup(page: Page, query = "") {
  await page.goto(`./${query ? `?${query}` : ""}#/setup`);
  await expect(page.getByRole("timer")).toBeVisible();
}

/** Fills the camp on the setup screen: a template by its id, else Random;
 * `pieces` is the mode's army (23 in the standard game). */
export async function fillCamp(page: Page, template?: string, pieces = 23) {
  if (template) {
    await page.getByRole("button", { name: "Templates" }).click();
    await page.locator(`[data-template="${template}"]`).getByRole("button").click();
  } else {
    await page.getByRole("button", { name: "Random" }).click();
  }
  await expect(board(page).locator("[data-kind]")).toHaveCount(pieces);
}

/** A random setup, then Ready: the game starts. */
export async function startGame(page: Page, query = "", template?: string) {
  await openSetup(page, query);
  await fillCamp(page, template);
  await page.getByRole("button", { name: "Ready" }).click();
  await expect(page).toHaveURL(/#\/play$/);
  // The CPU may move first and win or lose a battle at once.
  const north = board(page).locator('[data-side="north"]');
  if (query.includes("first=you")) await expect(north).toHaveCount(23);
  else await expect(north.first()).toBeVisible();
}

/** Drags from one element to another with the mouse or, on touch devices, a finger. */
export async function drag(page: Page, from: Locator, to: Locator, touch: boolean) {
  // Both ends on screen, as a person would have them.
  await from.scrollIntoViewIfNeeded();
  const vh = page.viewportSize()!.height;
  const t = (await to.boundingBox())!;
  if (t.y < 0 || t.y + t.height > vh) {
    await page.mouse.wheel(0, t.y < 0 ? t.y - 20 : t.y + t.height - vh + 20);
    await page.waitForTimeout(100);
  }
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  const [ax, ay] = [a.x + a.width / 2, a.y + a.height / 2];
  const [bx, by] = [b.x + b.width / 2, b.y + b.height / 2];
  const steps = 8;
  if (touch) {
    const cdp = await page.context().newCDPSession(page);
    const point = (x: number, y: number) => [{ x, y, id: 1, radiusX: 2, radiusY: 2, force: 1 }];
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point(ax, ay) });
    for (let i = 1; i <= steps; i++) {
      const [x, y] = [ax + ((bx - ax) * i) / steps, ay + ((by - ay) * i) / steps];
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: point(x, y) });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await cdp.detach();
  } else {
    await page.mouse.move(ax, ay);
    await page.mouse.down();
    await page.mouse.move(bx, by, { steps });
    await page.mouse.up();
  }
}

/** Taps on touch devices, clicks elsewhere. */
export async function press(locator: Locator, touch: boolean) {
  if (touch) await locator.tap();
  else await locator.click();
}

/**
 * Plays one random legal move through the UI: clicks own pieces until one
 * shows destinations, then clicks one of them. Returns false if the game
 * ended meanwhile (the page left `at`).
 */
export async function playRandomMove(page: Page, at = "#/play"): Promise<boolean> {
  const own = await board(page)
    .locator('[data-side="south"]')
    .evaluateAll((ns) => ns.map((n) => n.getAttribute("data-square")!));
  own.sort(() => Math.random() - 0.5);
  for (const sq of own) {
    if (!page.url().endsWith(at) || (await page.locator(".result").count()) > 0) return false;
    await node(page, sq).click();
    const marks = await board(page)
      .locator("[data-mark]")
      .evaluateAll((ns) => ns.map((n) => n.getAttribute("data-square")!));
    if (marks.length > 0) {
      const to = marks[Math.floor(Math.random() * marks.length)];
      await node(page, to).click();
      // A Missile beside the Atomic bomb asks whether to carry it.
      const sheet = page.locator(".strike-sheet");
      if ((await sheet.count()) > 0) await sheet.locator(Math.random() < 0.5 ? ".strike-bomb" : ".strike-plain").click();
      return true;
    }
    await node(page, sq).click(); // deselect
  }
  return false;
}

/** Waits until it is the player's move, or the game is over. */
export async function waitForMyTurn(page: Page): Promise<boolean> {
  const mine = page.locator('.turn[data-turn="you"]');
  const over = page.locator(".result");
  await expect(mine.or(over)).toBeVisible({ timeout: 20_000 });
  return !(await over.isVisible());
}

/** The smallest rendered font size of any visible text inside `selector`. */
export async function smallestText(page: Page, selector: string): Promise<{ size: number; text: string }> {
  return page.evaluate((selector) => {
    let smallest = { size: Infinity, text: "" };
    for (const root of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement!;
        const text = n.textContent!.trim();
        if (!text || el.closest(".sr-only, .visually-hidden")) continue;
        const rect = el.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0 || getComputedStyle(el).visibility === "hidden") continue;
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (size < smallest.size) smallest = { size, text };
      }
    }
    return smallest;
  }, selector);
}

/** No serious or critical accessibility violation on the page as it is. */
export async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page })
    // Label in name (WCAG 2.5.3) is experimental in axe: asked for here.
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  const bad = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.length} × ${v.nodes[0].target.join(" ")}`);
  expect(bad).toEqual([]);
}

/** The host opens a table from the home page; returns the invite link. */
export async function openTable(page: Page, name: string): Promise<string> {
  await page.goto("./#/");
  await (await settings(page)).getByRole("textbox", { name: "Your name" }).fill(name);
  await card(page).getByRole("button", { name: "Online" }).click();
  await expect(page).toHaveURL(/#\/table\/[0-9a-f]{32}$/);
  const link = await page.locator(".invite-link").inputValue();
  expect(link).toBe(page.url());
  return link;
}

/** The guest follows the link and sits down. */
export async function sitDown(page: Page, link: string, name: string) {
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Sit down at this table" })).toBeVisible();
  // Whose table it is and its game, told before sitting down.
  await expect(page.locator(".join-text")).toHaveText(/^\S+ invites you to a game of (Gunjin Shogi|Shogi)\. Type your name and sit down\.$/);
  await page.getByRole("textbox", { name: "Your name" }).fill(name);
  await page.getByRole("button", { name: "Sit down" }).click();
}
