import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { SHOGI_START, card, expectAccessible, failOnErrors, settings, smallestText, storeShogi } from "./helpers";

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
  await storeShogi(page, [], {}, sfen);
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
  const choices = await settings(page, "shogi");
  await choices.getByLabel("Beginner").check();
  await choices.getByLabel("Handicap").selectOption("even");
  await choices.getByRole("radio", { name: "You" }).check();
  await card(page, "shogi").getByRole("button", { name: "Play the CPU" }).click();
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
  // The CPU's move slides in from where it came from; the player's own,
  // put down by hand, does not.
  const arriving = shogiBoard(page).locator(".shogi-square.last .piece.arrive");
  await expect(arriving).toHaveCount(1);
  await expect(arriving).toHaveAttribute("style", /--dx:-?\d+;--dy:-?\d+/);
  await expect(square(page, "7f").locator(".piece")).not.toHaveClass(/arrive/);

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

// Records out and in, replay, and two players on one device.


/** Opens the play page on a stored game of `moves` from the start. */
async function openGame(page: Page, moves: string[], extra: object = {}) {
  await storeShogi(page, moves, extra);
  await page.goto("./#/shogi/play");
  await expect(shogiBoard(page)).toBeVisible();
}

/** Every square's piece, as "square:color:role". */
async function boardState(page: Page) {
  return shogiBoard(page)
    .locator("[data-square]")
    .evaluateAll((cells) =>
      cells
        .map((c) => `${c.getAttribute("data-square")}:${c.getAttribute("data-color")}:${c.getAttribute("data-role")}`)
        .sort(),
    );
}

const OPENING = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"];

test("a KIF exported and imported back gives the same position", async ({ page }) => {
  // A game with a friend: no CPU plays on before the record is taken.
  await openGame(page, OPENING, { opponent: "friend" });
  await expect(moves(page)).toHaveCount(5);
  const board = await boardState(page);
  const list = await moves(page).allTextContents();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download KIF" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^shogi-\d{4}-\d\d-\d\d\.kif$/);
  const file = { name: download.suggestedFilename(), mimeType: "text/plain", buffer: readFileSync(await download.path()) };

  await page.goto("./#/shogi/import");
  await page.getByLabel("Or choose a file").setInputFiles(file);
  await expect(page.locator(".import-ok")).toHaveText("Read: 5 moves, Gote (△) to move.");
  await expect(page.getByLabel("Record text")).toHaveValue(/７六歩\(77\)/);
  await expect(page.getByRole("button", { name: "Play on against the CPU as Gote (△)" })).toBeVisible();
  await page.getByRole("button", { name: "Play on with a friend on this device" }).click();
  // A game is in progress: asked first, and kept if the answer is no.
  await page.getByRole("button", { name: "Keep my game" }).click();
  await expect(page).toHaveURL(/#\/shogi\/import$/);
  await page.getByRole("button", { name: "Play on with a friend on this device" }).click();
  await page.getByRole("button", { name: "Yes, replace it" }).click();
  await expect(page).toHaveURL(/#\/shogi\/play$/);
  await expect(status(page)).toContainText("Gote (△) to move.");
  expect(await moves(page).allTextContents()).toEqual(list);
  expect(await boardState(page)).toEqual(board);
});

test("a .kif file in Shift_JIS, as Japanese Shogi programs write it, reads and replays", async ({ page }) => {
  await page.goto("./#/shogi/import");
  const kif = readFileSync("tests/fixtures/kakinoki-shift-jis.kif");
  await page.getByLabel("Or choose a file").setInputFiles({ name: "kakinoki.kif", mimeType: "text/plain", buffer: kif });
  await expect(page.locator(".import-ok")).toHaveText("Read: 5 moves, Gote (△) to move.");
  await expect(page.getByLabel("Record text")).toHaveValue(/先手：先手さん[\s\S]*４五角打/);
  await page.getByRole("button", { name: "Replay it" }).click();
  await expect(page).toHaveURL(/#\/shogi\/replay$/);
  await expect(moves(page)).toHaveCount(5);
  // The record's players are named beside the board.
  await expect(page.locator(".shogi-players")).toHaveText("Sente (▲): 先手さん · Gote (△): 後手さん");
  await expect(square(page, "4e")).toHaveAttribute("data-role", "bishop");
  await expect(square(page, "2b")).toHaveAttribute("data-role", "silver");
});

test("an SFEN copied out reads back, and the replay page steps through it", async ({ page }) => {
  // A game with a friend: no CPU plays on before the record is taken.
  await openGame(page, OPENING, { opponent: "friend" });
  const sfen = await page.evaluate(() => JSON.parse(localStorage.getItem("shogi.game")!).record.moves.join(" "));
  await page.goto("./#/shogi/import");
  await page.getByLabel("Record text").fill(`sfen ${SHOGI_START} moves ${sfen}`);
  await page.getByRole("button", { name: "Read the record" }).click();
  await expect(page.locator(".import-ok")).toContainText("Read: 5 moves");
  await page.getByRole("button", { name: "Replay it" }).click();
  await expect(page).toHaveURL(/#\/shogi\/replay$/);
  await expect(page.getByRole("group", { name: "Replay" })).toBeVisible();
  await expect(moves(page)).toHaveCount(5);
  await expect(square(page, "4e")).toHaveAttribute("data-role", "bishop");
  await page.getByRole("button", { name: "First position" }).click();
  await expect(square(page, "8h")).toHaveAttribute("data-role", "bishop");
  await expect(square(page, "4e")).not.toHaveAttribute("data-role", /./);
});

test("a KIF copied to the clipboard is pasted back and played on against the CPU", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openGame(page, OPENING, { opponent: "friend" });
  await page.getByRole("button", { name: "Copy KIF" }).click();
  const kif = await page.evaluate(() => navigator.clipboard.readText());
  expect(kif).toMatch(/手数----指手/);
  expect(kif).toMatch(/４五角打/);

  await page.goto("./#/shogi/import");
  await page.getByLabel("Record text").fill(kif);
  await page.getByRole("button", { name: "Read the record" }).click();
  await expect(page.locator(".import-ok")).toHaveText("Read: 5 moves, Gote (△) to move.");
  await page.getByRole("button", { name: "Play on against the CPU as Gote (△)" }).click();
  await page.getByRole("button", { name: "Yes, replace it" }).click();
  await expect(page).toHaveURL(/#\/shogi\/play$/);
  await myTurn(page);
  await expect(moves(page)).toHaveCount(5);
  // The board is turned for Gote: its pawn on 8c steps to 8d, and the CPU,
  // playing Sente, answers.
  await square(page, "8c").click();
  await square(page, "8d").click();
  await expect(moves(page)).toHaveCount(7, { timeout: 20_000 });
  await expect(moves(page).nth(5)).toContainText(/8c8d|８四歩/);
  await myTurn(page);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("shogi.game")!).you)).toBe("gote");
});

test("an import of garbage says where it stopped and keeps the stored game", async ({ page }) => {
  await openGame(page, ["7g7f", "3c3d"]);
  const stored = await page.evaluate(() => localStorage.getItem("shogi.game"));
  await page.goto("./#/shogi/import");
  await page.getByLabel("Record text").fill("hello, this is\nnot a record");
  await page.getByRole("button", { name: "Read the record" }).click();
  await expect(page.locator(".import-error")).toHaveText("This is not a KIF or SFEN record: reading stopped at line 1.");
  // A KIF with an illegal third move: its line and number.
  await page.getByLabel("Record text").fill("手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ５五飛(28)\n");
  await page.getByRole("button", { name: "Read the record" }).click();
  await expect(page.locator(".import-error")).toHaveText(
    "Reading stopped at line 5, move 3 (５五飛(28)): it is not a legal move there.",
  );
  await expect(page.getByRole("button", { name: "Replay it" })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("shogi.game"))).toBe(stored);
  await page.goto("./#/shogi/play");
  await expect(moves(page)).toHaveCount(2);
});

test("after the game the replay steps, scrubs and jumps to a move", async ({ page }) => {
  await openGame(page, ["7g7f", "3c3d", "8h2b+", "3a2b"]);
  await myTurn(page);
  await page.getByRole("button", { name: "Resign" }).click();
  await page.getByRole("button", { name: "Yes, resign" }).click();
  const bar = page.getByRole("group", { name: "Replay" });
  await expect(bar).toBeVisible();
  await expect(square(page, "2b")).toHaveAttribute("data-color", "gote");
  // One step back: the horse is on 2b again, the last move (8h2b+) highlighted.
  await bar.getByRole("button", { name: "Previous move" }).click();
  await expect(square(page, "2b")).toHaveAttribute("data-role", "horse");
  await expect(square(page, "8h")).toHaveClass(/last/);
  await expect(page.locator(".move-list li[aria-current]")).toContainText("3");
  // The ← key steps back too.
  await page.keyboard.press("ArrowLeft");
  await expect(square(page, "2b")).toHaveAttribute("data-role", "bishop");
  await expect(square(page, "8h")).toHaveAttribute("data-role", "bishop");
  // Scrub to the first move.
  await bar.getByRole("slider", { name: "Move shown" }).evaluate((input: HTMLInputElement) => {
    input.value = "1";
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await expect(square(page, "7f")).toHaveAttribute("data-role", "pawn");
  await expect(square(page, "3c")).toHaveAttribute("data-role", "pawn");
  await expect(page.locator(".move-list li[aria-current] .move-number")).toHaveText("1");
  // A move in the list shows its position.
  await page.locator(".move-list li").nth(2).getByRole("button").click();
  await expect(square(page, "2b")).toHaveAttribute("data-role", "horse");
  await page.keyboard.press("ArrowRight");
  await expect(square(page, "2b")).toHaveAttribute("data-role", "silver");
  await expect(bar.getByRole("slider")).toHaveValue("4");
});

test("two players on one device: the board turns, a take-back is one move, a reload resumes", async ({ page }) => {
  await page.goto("./#/");
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await card(page, "shogi").getByRole("link", { name: "Friend on this device" }).click();
  await expect(page).toHaveURL(/#\/shogi\/play$/);
  const firstSquare = () => shogiBoard(page).locator("[data-square]").first();
  await expect(status(page)).toContainText("Sente (▲) to move.");
  await expect(firstSquare()).toHaveAttribute("data-square", "9a");
  await square(page, "7g").click();
  await square(page, "7f").click();
  // Gote's turn: the board turns, and no CPU answers.
  await expect(status(page)).toContainText("Gote (△) to move.");
  await expect(firstSquare()).toHaveAttribute("data-square", "1i");
  await square(page, "3c").click();
  await square(page, "3d").click();
  await expect(firstSquare()).toHaveAttribute("data-square", "9a");
  await square(page, "8h").click();
  await square(page, "2b").click();
  await page.getByRole("group", { name: "Promote this piece?" }).getByRole("button", { name: "Promote (成)" }).click();
  await expect(moves(page)).toHaveCount(3);
  await square(page, "3a").click();
  await square(page, "2b").click();
  await expect(moves(page)).toHaveCount(4);
  await expect(page.getByRole("group", { name: "Sente's pieces in hand" }).locator("button.hand-piece")).toHaveCount(1);
  await page.reload();
  await expect(moves(page)).toHaveCount(4);
  await expect(status(page)).toContainText("Sente (▲) to move.");
  await expect(square(page, "2b")).toHaveAttribute("data-color", "gote");
  // 待った undoes one move: Gote's recapture.
  await page.getByRole("button", { name: "Take back (待った)" }).click();
  await expect(moves(page)).toHaveCount(3);
  await expect(status(page)).toContainText("Gote (△) to move.");
  await expect(firstSquare()).toHaveAttribute("data-square", "1i");
  // Kept still for face-to-face play.
  await page.getByLabel("Keep the board still (face to face)").check();
  await expect(firstSquare()).toHaveAttribute("data-square", "9a");
  await expect(status(page)).toContainText("Gote (△) to move.");
  await square(page, "3a").click();
  await square(page, "2b").click();
  await expect(moves(page)).toHaveCount(4);
  await expect(firstSquare()).toHaveAttribute("data-square", "9a");
});

test("a game against the CPU is exported with its players and its start, and a record's names come back with it", async ({ page }) => {
  await page.goto("./#/");
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  const chosen = await settings(page, "shogi");
  await chosen.getByLabel("Your name").fill("Aki");
  await chosen.getByRole("radio", { name: "You" }).check();
  await card(page, "shogi").getByRole("button", { name: "Play the CPU" }).click();
  await expect(page.locator(".shogi-players")).toHaveText("Sente (▲): Aki · Gote (△): CPU (Beginner)");
  await expect(page.locator("#shogi-title")).toHaveText("Shogi against the CPU");
  await myTurn(page);
  await square(page, "7g").click();
  await square(page, "7f").click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download KIF" }).click(),
  ]);
  const kif = readFileSync(await download.path(), "utf8");
  expect(kif).toMatch(/^\ufeff# KIF written by shogi-rules\n開始日時：\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d\n先手：Aki\n後手：CPU \(Beginner\)\n手合割：平手\n/);
  // A reload keeps them.
  await page.reload();
  await expect(page.locator(".shogi-players")).toHaveText("Sente (▲): Aki · Gote (△): CPU (Beginner)");

  // Imported and played on with a friend, the record's names stay.
  await page.goto("./#/shogi/import");
  await page.getByLabel("Record text").fill(kif.replace("\ufeff", "").replace("先手：Aki", "先手：Kei"));
  await page.getByRole("button", { name: "Read the record" }).click();
  await page.getByRole("button", { name: "Play on with a friend on this device" }).click();
  await page.getByRole("button", { name: "Yes, replace it" }).click();
  await expect(page).toHaveURL(/#\/shogi\/play$/);
  await expect(page.locator(".shogi-players")).toHaveText("Sente (▲): Kei · Gote (△): CPU (Beginner)");
  await expect(page.locator("#shogi-title")).toHaveText("Shogi with a friend on this device");
});

test("the move list keeps the latest move in sight", async ({ page }) => {
  // Forty moves: more than the list shows at once on a phone.
  const forty = "6g6f 9c9d 1g1f 3a4b 7g7f 8b7b 6i5h 5a5b 7i6h 6a5a 8h7g 4b3a 1i1g 1a1b 4i4h 5a6a 3i3h 6a6b 5g5f 5b5a 4h4i 9d9e 7g9e 7c7d 9e7c+ 5c5d 7c6b 5a6b G*6i 4c4d 4i3i 5d5e 5i4h 3a4b 6h6g B*6a 7f7e 4a3b 2g2f 9a9g+";
  await openGame(page, forty.split(" "), { opponent: "friend" });
  const list = page.locator(".move-list");
  await expect(moves(page)).toHaveCount(40);
  const inSight = async (item: import("@playwright/test").Locator) => {
    const [l, i] = [(await list.boundingBox())!, (await item.boundingBox())!];
    return i.y >= l.y - 1 && i.y + i.height <= l.y + l.height + 1;
  };
  expect(await list.evaluate((l) => l.scrollHeight > l.clientHeight)).toBe(true);
  await expect.poll(() => inSight(moves(page).last())).toBe(true);
  // A move played: the new one comes into sight.
  await square(page, "3g").click();
  await square(page, "3f").click();
  await expect(moves(page)).toHaveCount(41);
  await expect.poll(() => inSight(moves(page).last())).toBe(true);
});
