import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { failOnErrors, settings } from "./helpers";

// The tsume page at desktop and phone size: a mate in 3 solved, a wrong
// try answered by the CPU's defence and retried, the progress stored; and
// the Shogi piece set switched on the Shogi card, the board redrawn.

failOnErrors();

/** The shipped puzzles, as the page reads them. */
const PUZZLES = readFileSync("assets/tsume.txt", "utf8")
  .trim()
  .split("\n")
  .map((line) => {
    const [, sfen, moves] = line.match(/^sfen (.*) moves (.*)$/)!;
    return { sfen, moves: moves.split(" ") };
  });
/** The first mate in 3: where the length button "3" goes. */
const FIRST_THREE = PUZZLES.findIndex((p) => p.moves.length === 3);
const ROLES: Record<string, string> = { P: "pawn", L: "lance", N: "knight", S: "silver", G: "gold", B: "bishop", R: "rook" };

const shogiBoard = (page: Page) => page.getByRole("grid", { name: /Shogi board|将棋盤/ });
const square = (page: Page, name: string) => shogiBoard(page).locator(`[data-square="${name}"]`);
const stage = (page: Page) => page.locator(".tsume-stage");

/** Plays `usi` as the attacker: a drop from the hand, or a move (with the
 * promotion asked about when the rules leave it open). */
async function play(page: Page, usi: string) {
  const drop = usi.match(/^([A-Z])\*(..)$/);
  if (drop) {
    const hand = page.getByRole("group", { name: "Attacker's pieces in hand" });
    await hand.locator(`button[data-role="${ROLES[drop[1]]}"]`).click();
    await square(page, drop[2]).click();
    return;
  }
  await square(page, usi.slice(0, 2)).click();
  await square(page, usi.slice(2, 4)).click();
  const dialog = page.getByRole("group", { name: "Promote this piece?" });
  if (await dialog.isVisible()) {
    const answer = usi.endsWith("+") ? "Promote (成)" : "Don't promote (不成)";
    await dialog.getByRole("button", { name: answer }).click();
  }
}

/** Opens the page on the first mate in 3. */
async function openFirstThree(page: Page) {
  await page.goto("./#/shogi/tsume");
  await page.locator('.tsume-length[data-plies="3"]').click();
  await expect(page.locator(".tsume-task")).toContainText(`Puzzle ${FIRST_THREE + 1} of ${PUZZLES.length}`);
  await expect(page.locator(".tsume-task")).toContainText("Mate in 3");
  await expect(stage(page)).toHaveAttribute("data-stage", "solving");
}

test("a mate in 3 is solved, and a wrong try is answered and retried", async ({ page }) => {
  const { moves } = PUZZLES[FIRST_THREE];
  await openFirstThree(page);
  // A wrong try: the first of the attacker's moves on the board that is
  // not the solution's.
  const attacker = PUZZLES[FIRST_THREE].sfen.split(" ")[1] === "b" ? "sente" : "gote";
  const pieces = await shogiBoard(page)
    .locator(`[data-color="${attacker}"]`)
    .evaluateAll((cells) => cells.map((c) => c.getAttribute("data-square")!));
  let tried = false;
  for (const from of pieces) {
    await square(page, from).click();
    const targets = await shogiBoard(page)
      .locator("[data-target]")
      .evaluateAll((cells) => cells.map((c) => c.getAttribute("data-square")!));
    const to = targets.find((t) => from + t !== moves[0].slice(0, 4));
    if (!to) {
      await square(page, from).click();
      continue;
    }
    await square(page, to).click();
    const dialog = page.getByRole("group", { name: "Promote this piece?" });
    if (await dialog.isVisible()) await dialog.getByRole("button", { name: "Don't promote (不成)" }).click();
    tried = true;
    break;
  }
  expect(tried).toBe(true);
  // The CPU's defence answers in its worker, then the player is told.
  await expect(stage(page)).toHaveAttribute("data-stage", "wrong", { timeout: 30_000 });
  await expect(stage(page)).toContainText("does not mate");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(stage(page)).toHaveAttribute("data-stage", "solving");
  // The solution: the defence's longest resistance comes from the line.
  await play(page, moves[0]);
  await expect(square(page, moves[1].slice(-2).replace("+", ""))).toHaveAttribute("data-role", /.+/);
  await play(page, moves[2]);
  await expect(stage(page)).toHaveAttribute("data-stage", "solved");
  await expect(stage(page)).toContainText("Solved!");
  await expect(page.locator(".tsume-progress")).toContainText(`Solved: 1 of ${PUZZLES.length}`);
  // Remembered: after a reload the count stands.
  await page.reload();
  await expect(page.locator(".tsume-progress")).toContainText(`Solved: 1 of ${PUZZLES.length}`);
});

test("the piece set is switched on the Shogi card and the board redraws", async ({ page }) => {
  await page.goto("./#/shogi/tsume");
  await expect(shogiBoard(page)).toBeVisible();
  // English readers get the international set first: letters and marks.
  const piece = shogiBoard(page).locator(".shogi-piece").first();
  await expect(piece).toHaveAttribute("data-set", "international");
  await expect(piece.locator("svg.intl text")).toHaveText(/^\+?[KRBGSNLP]$/);
  await expect(piece).toHaveAttribute("title", /: /);
  const letters = await shogiBoard(page).locator("svg.intl").count();
  expect(letters).toBeGreaterThan(2);
  // The Shogi card's settings switch it to kanji.
  await page.goto("./#/");
  const shogi = await settings(page, "shogi");
  const international = shogi.getByRole("radio", { name: /International/ });
  await expect(international).toBeChecked();
  await shogi.getByRole("radio", { name: "Kanji" }).check();
  await page.goto("./#/shogi/tsume");
  await expect(shogiBoard(page).locator(".shogi-piece").first()).toHaveAttribute("data-set", "kanji");
  await expect(shogiBoard(page).locator("svg.intl")).toHaveCount(0);
  await expect(shogiBoard(page).locator(".shogi-piece .kanji").first()).toHaveText(/[玉王飛角金銀桂香歩と龍馬杏圭全]/);
});
