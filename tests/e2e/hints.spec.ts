import { expect, test } from "@playwright/test";
import { board, failOnErrors, playRandomMove, startGame, waitForMyTurn } from "./helpers";

// The hints switch on the play screen: an enemy piece's likeliest kind on
// its node where the deduction is confident of it (50% or more), and every
// kind a tapped one can still be, with its chance, first in the guess
// sheet; deduced in the worker from the player's own view.

failOnErrors();

/** The percent a hint label on a node shows. */
const percentOf = (text: string | null) => parseInt(text!.replace(/^.*?(\d+)%$/, "$1"), 10);

test("hints label the pieces they are sure of, list a tapped one's kinds, and go when off", async ({ page }) => {
  await startGame(page, "first=you");
  const toggle = page.getByRole("button", { name: "Hints", exact: true });
  const labelled = board(page).locator("[data-hint]");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(labelled).toHaveCount(0);

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  // At the start nothing is known: no enemy piece is 50% anything, so the
  // board stays clear.
  const sheet = page.locator(".tag-sheet");
  const enemy = board(page).locator("[data-enemy]").first();
  await enemy.click();
  const options = sheet.locator("[data-guess-option]");
  await expect(sheet.locator(".chance").first()).toBeVisible();
  await expect(labelled).toHaveCount(0);

  // The tapped piece is highlighted and its kinds come first, likeliest
  // first, with chances that add up to about 100%.
  await expect(enemy).toHaveAttribute("aria-selected", "true");
  await expect(sheet.getByRole("heading")).toHaveText(/^Guess for the enemy piece on [a-f][5-8]$/);
  await expect(sheet.locator(".tag-note")).toBeVisible();
  const chances = (await sheet.locator(".chance").allTextContents()).map((t) => parseInt(t, 10));
  expect(chances.length).toBeGreaterThan(1);
  expect(chances).toEqual([...chances].sort((a, b) => b - a));
  expect(chances.reduce((a, b) => a + b, 0)).toBeGreaterThan(95);
  expect(chances[0]).toBeLessThan(50);
  await expect(options).toHaveCount(16);
  await sheet.getByRole("button", { name: "Close" }).click();
  await expect(sheet).toHaveCount(0);

  // After some moves the hints follow the game; any label on the board is
  // a confident one, said as a chance or a certainty, never "likely".
  for (let i = 0; i < 8 && (await waitForMyTurn(page)); i++) await playRandomMove(page);
  if (await waitForMyTurn(page)) {
    for (const hint of await labelled.all()) {
      expect(percentOf(await hint.locator(".hint").textContent())).toBeGreaterThanOrEqual(50);
      await expect(hint).toHaveAccessibleName(/(\d+% chance of|certainly) [A-Za-z ]+/);
    }
  }

  // In Japanese too.
  await page.getByRole("button", { name: "日本語" }).click();
  await expect(page.getByRole("button", { name: "ヒント", exact: true })).toHaveAttribute("aria-pressed", "true");
  await board(page).locator("[data-enemy]").first().click();
  await expect(sheet.locator(".tag-note")).toContainText("可能性の高い順");
  await page.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);
  await page.getByRole("button", { name: "English" }).click();

  // Off: no labels, and the sheet offers every kind in rank order, no chances.
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(labelled).toHaveCount(0);
  await board(page).locator("[data-enemy]").first().click();
  await expect(sheet).toBeVisible();
  await expect(sheet.locator(".chance")).toHaveCount(0);
  await expect(options.first()).toHaveAttribute("data-guess-option", "General");
});
