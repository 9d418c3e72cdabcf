import { expect, test, type Page } from "@playwright/test";
import { player } from "./helpers";

// A Shogi table over the real table server (the "online" project of
// playwright.config.ts): the host opens it from the Shogi section of the
// home page at desktop size, a friend sits down from the invite link on a
// phone, and they play a short game with a promotion choice and a drop to
// a resignation, every move refereed by the server.


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
  const open = host.getByRole("button", { name: "Open a Shogi table (online)" });
  await expect(open).toBeEnabled();
  await host.locator(".shogi-byoyomi").check();
  await open.click();
  await expect(host).toHaveURL(/#\/table\/[0-9a-f]{32}$/);
  const link = await host.locator(".invite-link").inputValue();
  // The CPU seat offers Shogi's levels.
  await expect(host.locator(".cpu-level option")).toHaveText(["Beginner", "Novice", "Amateur", "Club player", "Strong"]);

  const guest = await player(browser, true);
  await guest.goto(link);
  await expect(guest.getByRole("heading", { name: "Sit down at this table" })).toBeVisible();
  await guest.getByRole("textbox", { name: "Your name" }).fill("Kei");
  await guest.getByRole("button", { name: "Sit down" }).click();

  for (const page of [host, guest]) {
    await expect(shogiBoard(page)).toBeVisible({ timeout: 20_000 });
    await expect(page.locator(".clock-rule")).toContainText("10 min + 30 s byoyomi");
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
});
