import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, failOnErrors, smallestText } from "./helpers";

// Shogi against the CPU at desktop and phone size: a whole game at the
// lowest level with a promotion choice and a drop, a forced promotion, an
// illegal drop not offered, and a game that resumes after a reload.

failOnErrors();

const shogiBoard = (page: Page) => page.getByRole("grid", { name: /Shogi board|将棋盤/ });
const square = (page: Page, name: string) => shogiBoard(page).locator(`[data-square="${name}"]`);
const status = (page: Page) => page.locator(".shogi-status");
const moves = (page: Page) => page.locator(".move-list li");

/** Opens the play page on a stored game from `sfen`, the player Sente. */
async function openPosition(page: Page, sfen: string) {
  await page.goto("./#/");
  await page.evaluate((start) => {
    const game = { version: 1, record: { start, moves: [] }, you: "sente", level: "beginner", seed: 1 };
    localStorage.setItem("shogi.game", JSON.stringify(game));
  }, sfen);
  await page.goto("./#/shogi/play");
  await expect(shogiBoard(page)).toBeVisible();
}

/** Waits until it is the player's move. */
async function myTurn(page: Page) {
  await expect(status(page)).toContainText(/Your move/, { timeout: 20_000 });
}

/** The squares the piece on `from` (or the hand's `role`) is offered. */
async function targetsOf(page: Page) {
  return shogiBoard(page)
    .locator("[data-target]")
    .evaluateAll((cells) => cells.map((c) => c.getAttribute("data-square")!));
}

/** Picks a piece in the player's hand that has somewhere to be dropped
 * (it stays picked): its role, or null if there is none. */
async function pickDroppable(page: Page) {
  const pieces = page.getByRole("group", { name: "Your pieces in hand" }).locator("button.hand-piece");
  for (let i = 0; i < (await pieces.count()); i++) {
    const piece = pieces.nth(i);
    await piece.click();
    await expect(piece).toHaveAttribute("aria-pressed", "true");
    if ((await targetsOf(page)).length) return piece.getAttribute("data-role");
    await piece.click();
  }
  return null;
}

/** Plays the first move `choose` picks among the player's pieces (role,
 * square, offered squares, offered captures), promoting when asked: says
 * whether it chose a promotion, moved without one, or found none. */
async function playOne(
  page: Page,
  choose: (role: string, from: string, targets: string[], captures: string[]) => string | undefined,
) {
  const mine = await shogiBoard(page)
    .locator('[data-color="sente"]')
    .evaluateAll((cells) => cells.map((c) => [c.getAttribute("data-square")!, c.getAttribute("data-role")!]));
  for (const [from, role] of mine) {
    await square(page, from).click();
    const targets = await targetsOf(page);
    const captures = await shogiBoard(page)
      .locator('[data-target][data-color="gote"]')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute("data-square")!));
    const to = choose(role, from, targets, captures);
    if (!to) {
      await square(page, from).click(); // put it back down
      continue;
    }
    await square(page, to).click();
    const dialog = page.getByRole("group", { name: "Promote this piece?" });
    if (await dialog.isVisible()) {
      await expect(dialog.getByRole("button", { name: "Promote (成)" })).toBeFocused();
      const before = await moves(page).count();
      await dialog.getByRole("button", { name: "Promote (成)" }).click();
      // The move list says so (the CPU may take the piece at once).
      await expect(moves(page).nth(before)).toContainText("成");
      return "chose";
    }
    return "moved";
  }
  return "none";
}

test("a whole game at the lowest level: a promotion choice, a drop, then resignation", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("./#/");
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  const home = page.locator(".shogi-home");
  await home.getByLabel("Beginner").check();
  await home.getByLabel("Handicap").selectOption("even");
  await home.getByRole("radio", { name: "You" }).check();
  await home.getByRole("button", { name: "Play Shogi against the CPU" }).click();
  await expect(page).toHaveURL(/#\/shogi\/play$/);
  await myTurn(page);

  // The board is turned for Sente: file 9 on the left, rank a at the top.
  const first = await shogiBoard(page).locator("[data-square]").first().getAttribute("data-square");
  expect(first).toBe("9a");
  await expect(shogiBoard(page).getByRole("columnheader").first()).toHaveText("9");

  // 7g7f by tapping, and the CPU answers in its worker.
  await square(page, "7g").click();
  expect(await targetsOf(page)).toEqual(["7f"]);
  await square(page, "7f").click();
  await expect(square(page, "7f")).toHaveAttribute("data-role", "pawn");
  await myTurn(page);
  await expect(moves(page)).toHaveCount(2);
  await expect(moves(page).first()).toContainText("▲７六歩");

  // A move into the enemy camp that may promote (the bishop's diagonal is
  // open now), with the choice taken; then moves that capture, until the
  // player's hand holds a piece to drop.
  const promotable = (role: string, from: string, to: string) =>
    ["pawn", "lance", "knight", "silver", "bishop", "rook"].includes(role) &&
    (/[abc]$/.test(to) || /[abc]$/.test(from)) &&
    !(["pawn", "lance"].includes(role) && to.endsWith("a")) &&
    !(role === "knight" && /[ab]$/.test(to));
  let chosen = false;
  for (let turn = 0; turn < 30 && !chosen; turn++) {
    const played = await playOne(page, (role, from, targets) => targets.find((to) => promotable(role, from, to)));
    chosen = played === "chose";
    if (played === "none") await playOne(page, (_role, _from, targets) => targets[0]);
    await myTurn(page);
  }
  expect(chosen).toBe(true);
  // Captures until a piece in hand has somewhere to go (a pawn may have
  // none while every file holds one of the player's pawns: nifu).
  let role: string | null = null;
  for (let turn = 0; turn < 40 && !(role = await pickDroppable(page)); turn++) {
    if ((await playOne(page, (_role, _from, _targets, captures) => captures[0])) === "none") {
      await playOne(page, (_role, _from, targets) => targets[0]);
    }
    await myTurn(page);
  }
  expect(role).not.toBeNull();
  const drops = await targetsOf(page);
  // In USI a drop is written with its role and "*" (Japanese notation adds
  // 打 only where a piece on the board could go there too).
  await page.getByRole("button", { name: "7g7f" }).click();
  const before = await moves(page).count();
  await square(page, drops[drops.length - 1]).click();
  await expect(moves(page).nth(before)).toContainText(/^\d+ [PLNSGBR]\*\d[a-i]$/);

  // Resign asks first, then the result and why.
  await myTurn(page);
  await page.getByRole("button", { name: "Resign" }).click();
  await page.getByRole("button", { name: "Keep playing" }).click();
  await expect(status(page)).toContainText("Your move");
  await page.getByRole("button", { name: "Resign" }).click();
  await page.getByRole("button", { name: "Yes, resign" }).click();
  await expect(status(page)).toContainText("The CPU won by resignation.");
  await expect(page.getByRole("button", { name: "New game" })).toBeVisible();
});

test("a forced promotion happens without asking", async ({ page }) => {
  await openPosition(page, "4k4/8P/9/9/9/9/9/9/4K4 b - 1");
  await square(page, "1b").click();
  await square(page, "1a").click();
  await expect(page.getByRole("group", { name: "Promote this piece?" })).toHaveCount(0);
  await expect(square(page, "1a")).toHaveAttribute("data-role", "tokin");
  await expect(moves(page).first()).toContainText("▲１一歩成");
});

test("a pawn drop is not offered on a file that holds a pawn (nifu), nor on the last rank", async ({ page }) => {
  await openPosition(page, "4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
  await page.getByRole("button", { name: "pawn, 1 in hand" }).click();
  const drops = await targetsOf(page);
  expect(drops.length).toBeGreaterThan(50);
  expect(drops.filter((sq) => sq.startsWith("5"))).toEqual([]);
  expect(drops.filter((sq) => sq.endsWith("a"))).toEqual([]);
  // Tapping a file-5 square drops nothing.
  await square(page, "5e").click();
  await expect(square(page, "5e")).not.toHaveAttribute("data-role", /./);
});

test("a game resumes after a reload, in Japanese with its labels", async ({ page }) => {
  await openPosition(page, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
  await square(page, "2g").click();
  await square(page, "2f").click();
  await myTurn(page);
  await expect(moves(page)).toHaveCount(2);
  const cpuMove = await moves(page).nth(1).textContent();
  await page.reload();
  await expect(moves(page)).toHaveCount(2);
  await expect(moves(page).nth(1)).toHaveText(cpuMove!);
  await expect(square(page, "2f")).toHaveAttribute("data-role", "pawn");
  await myTurn(page);
  // Undo (待った) takes back the CPU's reply and the player's move.
  await page.getByRole("button", { name: "Take back (待った)" }).click();
  await expect(moves(page)).toHaveCount(0);
  await expect(square(page, "2g")).toHaveAttribute("data-role", "pawn");
  await page.getByRole("button", { name: "日本語" }).click();
  await expect(shogiBoard(page).getByRole("columnheader").first()).toHaveText("９");
  await expect(shogiBoard(page).getByRole("rowheader").first()).toHaveText("一");
  await page.getByRole("button", { name: "7g7f" }).click();
  await square(page, "7g").click();
  await square(page, "7f").click();
  await expect(moves(page).first()).toContainText("7g7f");
});

test("the play screen passes axe, fits the phone and has large targets", async ({ page }) => {
  await openPosition(page, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
  await square(page, "7g").click();
  await expectAccessible(page);
  const box = (await square(page, "5e").boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(40);
  expect(box.height).toBeGreaterThanOrEqual(40);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Nothing the player reads is below 11 px.
  expect((await smallestText(page, ".shogi-play")).size).toBeGreaterThanOrEqual(11);
});
