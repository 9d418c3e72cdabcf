import { expect, test, type Page } from "@playwright/test";
import { card, player, settings } from "./helpers";

// A Shogi table over the real table server (the "online" project of
// playwright.config.ts): the host opens it from the Shogi card of the home
// page at desktop size, a friend sits down from the invite link on a
// phone, told it is Shogi and whose table, and they play a short game with
// a promotion choice and a drop to a resignation, every move refereed by
// the server; both see each other's names and Shogi's guides, no
// take-back, and the end fits the phone's width.


const shogiBoard = (page: Page) => page.getByRole("grid", { name: /Shogi board|将棋盤/ });
const square = (page: Page, name: string) => shogiBoard(page).locator(`[data-square="${name}"]`);
const status = (page: Page) => page.locator(".shogi-status");
const moves = (page: Page) => page.locator(".move-list li");

/** Plays `from`→`to` by taps (a drop: `from` is the hand's role), once it
 * is this player's move; both boards then show the move. */
async function play(page: Page, other: Page, from: string, to: string, promote = false) {
  await expect(status(page)).toContainText(/Your move/, { timeout: 20_000 });
  const before = await moves(page).count();
  if (/^[a-z]+$/.test(from)) {
    await page.getByRole("group", { name: "Your pieces in hand" }).locator(`button.hand-piece[data-role="${from}"]`).click();
  } else {
    await square(page, from).click();
  }
  await square(page, to).click();
  if (promote) await page.getByRole("button", { name: "Promote (成)" }).click();
  await expect(moves(page)).toHaveCount(before + 1);
  await expect(moves(other)).toHaveCount(before + 1);
  await expect(page.locator(".unheard")).toBeEmpty();
}

test("a Shogi table between a desktop and a phone from the invite link", async ({ browser }) => {
  test.setTimeout(90_000);
  const host = await player(browser);
  await host.goto("./#/");
  const chosen = await settings(host, "shogi");
  await chosen.getByRole("textbox", { name: "Your name" }).fill("Aki");
  await chosen.getByRole("checkbox", { name: "Clock: 10 min + 30 s byoyomi" }).check();
  const open = card(host, "shogi").getByRole("button", { name: "Online" });
  await expect(open).toBeEnabled();
  await open.click();
  await expect(host).toHaveURL(/#\/table\/[0-9a-f]{32}$/);
  const link = await host.locator(".invite-link").inputValue();
  // The CPU seat offers Shogi's levels.
  await expect(host.locator(".cpu-level option")).toHaveText(["Beginner", "Novice", "Amateur", "Club player", "Strong"]);

  const guest = await player(browser, true);
  await guest.goto(link);
  await expect(guest.getByRole("heading", { name: "Sit down at this table" })).toBeVisible();
  await expect(guest.locator(".join-text")).toHaveText("Aki invites you to a game of Shogi. Type your name and sit down.");
  await expect(guest.locator(".clock-rule")).toContainText("10 min + 30 s byoyomi");
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("将棋 Shogi");
  await guest.getByRole("textbox", { name: "Your name" }).fill("Kei");
  await guest.getByRole("button", { name: "Sit down" }).click();

  for (const [page, names] of [[host, "Aki vs Kei"], [guest, "Kei vs Aki"]] as const) {
    await expect(shogiBoard(page)).toBeVisible({ timeout: 20_000 });
    await expect(page.locator(".clock-rule")).toContainText("10 min + 30 s byoyomi");
    await expect(page.locator(".table-players")).toBeVisible();
    await expect(page.locator(".table-players")).toHaveText(names);
    // Shogi's guides in the header, and no take-back at a table.
    await expect(page.getByRole("navigation", { name: "Shogi", exact: true }).getByRole("link")).toHaveText(["How to play Shogi", "Shogi pieces and their moves", "Lessons"]);
    await expect(page.getByRole("button", { name: "Take back (待った)" })).toHaveCount(0);
  }
  // Who moves first was drawn when the table opened.
  const toMove = async (page: Page) => /Your move/.test((await status(page).textContent()) ?? "");
  await expect.poll(async () => (await toMove(host)) !== (await toMove(guest)), { timeout: 20_000 }).toBe(true);
  const hostFirst = await toMove(host);
  const [sente, gote] = hostFirst ? [host, guest] : [guest, host];
  await expect(status(gote)).toContainText("Your opponent's move.");
  // Each sees its own side at the bottom: Gote's board is turned.
  await expect(shogiBoard(sente).locator("[data-square]").first()).toHaveAttribute("data-square", "9a");
  await expect(shogiBoard(gote).locator("[data-square]").first()).toHaveAttribute("data-square", "1i");

  await play(sente, gote, "7g", "7f");
  await play(gote, sente, "3c", "3d");
  await play(sente, gote, "8h", "2b", true);
  await play(gote, sente, "3a", "2b");
  await play(sente, gote, "bishop", "4e");
  // A move out of turn is not offered: the board waits for the server.
  await play(gote, sente, "bishop", "4d");

  await gote.getByRole("button", { name: "Resign" }).click();
  await gote.getByRole("button", { name: "Yes, resign" }).click();
  await expect(status(gote)).toContainText("You lost by resignation.");
  await expect(status(sente)).toContainText("You won by resignation.");
  await expect(moves(sente)).toHaveCount(6);
  await expect(moves(gote)).toHaveCount(6);
  // The end on the phone: the replay bar and both hands within its width.
  await expect(guest.getByRole("group", { name: "Replay" })).toBeVisible();
  expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const part of [guest.locator(".replay-bar"), guest.locator(".hand-title").first(), guest.locator(".replay-at")]) {
    const box = (await part.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
});

test("a Shogi takeback asked after the reply is accepted: both moves go back on both boards", async ({ browser }) => {
  test.setTimeout(90_000);
  const host = await player(browser);
  await host.goto("./#/");
  await (await settings(host, "shogi")).getByRole("textbox", { name: "Your name" }).fill("Aki");
  await card(host, "shogi").getByRole("button", { name: "Online" }).click();
  await expect(host).toHaveURL(/#\/table\/[0-9a-f]{32}$/);
  const guest = await player(browser, true);
  await guest.goto(await host.locator(".invite-link").inputValue());
  await guest.getByRole("textbox", { name: "Your name" }).fill("Kei");
  await guest.getByRole("button", { name: "Sit down" }).click();
  const toMove = async (page: Page) => /Your move/.test((await status(page).textContent()) ?? "");
  await expect.poll(async () => (await toMove(host)) !== (await toMove(guest)), { timeout: 20_000 }).toBe(true);
  const [sente, gote, senteName] = (await toMove(host)) ? [host, guest, "Aki"] : [guest, host, "Kei"];

  await play(sente, gote, "7g", "7f");
  await play(gote, sente, "3c", "3d");
  await sente.getByRole("button", { name: "Ask to take back" }).click();
  await expect(gote.locator(".offer-notice")).toHaveText(`${senteName} asks to take back their last move.`);
  await gote.getByRole("button", { name: "Accept" }).click();
  for (const page of [sente, gote]) {
    await expect(moves(page)).toHaveCount(0);
    await expect(page.locator(".offer-notice")).toHaveText("The move was taken back.");
  }
  await play(sente, gote, "2g", "2f");
  await expect(moves(gote)).toHaveCount(1);
});
