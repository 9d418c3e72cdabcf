import { expect, test } from "@playwright/test";
import { board, failOnErrors, playRandomMove, startGame, waitForMyTurn } from "./helpers";

// The hints switch on the play screen: the likeliest kind of every enemy
// piece on its node, every kind the selected one can still be in the side
// panel, deduced in the worker from the player's own view.

failOnErrors();

test("hints label every enemy piece, list a selected one's kinds, and go when off", async ({ page }) => {
  await startGame(page, "first=you");
  const toggle = page.getByRole("button", { name: "Hints", exact: true });
  const labelled = board(page).locator("[data-hint]");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(labelled).toHaveCount(0);

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(labelled).toHaveCount(23);
  // Only enemy pieces carry hints, each with a chance and a spoken label.
  await expect(board(page).locator('[data-side="south"][data-hint]')).toHaveCount(0);
  const enemy = board(page).locator("[data-enemy][data-hint]").first();
  await expect(enemy.locator(".hint")).toHaveText(/\d+%$/);
  await expect(enemy).toHaveAttribute("aria-label", /likely [A-Za-z ]+ \(\d+%\)/);

  // A selected enemy piece lists the kinds it can still be, likeliest first.
  await enemy.click();
  const list = page.locator(".hint-list");
  await expect(list.getByRole("heading")).toHaveText(/^The enemy piece on [a-f][1-8] can be$/);
  const kinds = list.locator("li[data-hint-kind]");
  expect(await kinds.count()).toBeGreaterThan(1);
  await expect(kinds.first()).toHaveAttribute("data-hint-kind", (await enemy.getAttribute("data-hint"))!);
  const chances = (await list.locator(".chance").allTextContents()).map((t) => parseInt(t, 10));
  expect(chances).toEqual([...chances].sort((a, b) => b - a));
  expect(chances.reduce((a, b) => a + b, 0)).toBeGreaterThan(95);

  // After a move and the CPU's reply, every enemy piece still has a hint.
  await playRandomMove(page);
  if (await waitForMyTurn(page)) {
    const enemies = await board(page).locator("[data-enemy]").count();
    await expect(labelled).toHaveCount(enemies);
  }

  // In Japanese too.
  await page.getByRole("button", { name: "日本語" }).click();
  await expect(page.getByRole("button", { name: "ヒント", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(board(page).locator("[data-enemy][data-hint]").first()).toHaveAttribute("aria-label", /の可能性が高い/);
  await page.getByRole("button", { name: "English" }).click();

  // Off: no labels, no list.
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(labelled).toHaveCount(0);
  await board(page).locator("[data-enemy]").first().click();
  await expect(page.locator(".tag-picker")).toBeVisible();
  await expect(page.locator(".hint-list")).toHaveCount(0);
});
