import { expect, test, type Page } from "@playwright/test";
import { card, player, settings } from "./helpers";

// The lobby over the real table server (the "online" project of
// playwright.config.ts): quick pairing, and a listed table a tap sits at.

/** Names the player in the Gunjin card's settings (remembered). */
async function named(page: Page, name: string) {
  await page.goto("./#/");
  await (await settings(page)).getByRole("textbox", { name: "Your name" }).fill(name);
}

test("two strangers, one on a phone, paired by quick pairing reach their Gunjin table's setup facing each other", async ({ browser }) => {
  const aki = await player(browser);
  const ben = await player(browser, true);
  await named(aki, "Aki");
  await aki.locator(".find-games").getByRole("link", { name: "Gunjin Shogi" }).click();
  await expect(aki).toHaveURL(/#\/lobby\/gunjin$/);
  await expect(aki.getByRole("heading", { name: "Find a game" })).toBeVisible();
  await expect(aki.locator(".lobby-counts")).toHaveText(/\d+ online · \d+ games in play/);
  await aki.getByRole("button", { name: "Quick pairing" }).click();
  await expect(aki.locator(".seeking")).toBeVisible();

  // The other sees the seek waiting, then seeks the same and is paired.
  await named(ben, "Ben");
  await ben.goto("./#/lobby/gunjin");
  await expect(ben.locator(".lobby-seeks .lobby-entry", { hasText: "Aki" })).toBeVisible();
  await ben.getByRole("button", { name: "Quick pairing" }).click();

  for (const page of [aki, ben]) {
    await expect(page).toHaveURL(/#\/table\/[0-9a-f]{32}$/);
    await expect(page.getByRole("timer")).toBeVisible();
  }
  expect(aki.url()).toBe(ben.url());
  // Ben's seek completed the pair: Ben hosts (South), Aki joined.
  await expect(ben.locator(".table-players")).toHaveText("Ben vs Aki");
  await expect(aki.locator(".table-players")).toHaveText("Aki vs Ben");
});

test("a host lists a waiting table; the lobby shows it and a tap on a phone sits down", async ({ browser }) => {
  const host = await player(browser);
  const guest = await player(browser, true);
  await named(host, "Chie");
  await card(host).getByRole("button", { name: "Online" }).click();
  await expect(host).toHaveURL(/#\/table\/[0-9a-f]{32}$/);
  const table = host.url();
  await host.getByRole("checkbox", { name: "List this table in the lobby" }).check();
  await expect(host.getByRole("checkbox", { name: "List this table in the lobby" })).toBeChecked();

  await named(guest, "Dai");
  await guest.goto("./#/lobby/gunjin");
  const entry = guest.locator(".lobby-tables .lobby-entry", { hasText: "Chie" });
  await expect(entry).toBeVisible();
  await expect(entry.locator(".lobby-waited")).toHaveText(/^\d+:\d\d$/);
  await entry.getByRole("button", { name: "Sit down" }).click();
  await expect(guest).toHaveURL(table);
  await expect(guest.locator(".table-players")).toHaveText("Dai vs Chie");
  await expect(host.locator(".table-players")).toHaveText("Chie vs Dai");
});
