// The review of a finished Gunjin game from inside the fog: the end
// screen's Review opens it, the worker works through it with a progress
// line, and each side's eyes show only what that side could see.
import { expect, test, type Page } from "@playwright/test";
import { board, failOnErrors, playRandomMove, startGame, waitForMyTurn } from "./helpers";

failOnErrors();

/** The enemy's pieces drawn with a kind, and all of the enemy's. */
async function enemies(page: Page): Promise<{ shown: number; all: number }> {
  const north = board(page).locator('[data-side="north"]');
  return { shown: await north.and(page.locator("[data-kind]")).count(), all: await north.count() };
}

test("a finished game reviewed through South's eyes, North's and everything's", async ({ page }) => {
  test.setTimeout(180_000);
  await startGame(page, "?first=you");
  for (let i = 0; i < 3; i++) {
    if (!(await waitForMyTurn(page))) break;
    if (!(await playRandomMove(page))) break;
  }
  if ((await page.locator(".result").count()) === 0) {
    await waitForMyTurn(page);
    await page.getByRole("button", { name: "Resign" }).click();
    await page.getByRole("button", { name: "Yes, resign" }).click();
  }
  await page.getByRole("link", { name: "Review" }).click();
  await expect(page).toHaveURL(/#\/review$/);
  await expect(page.getByRole("heading", { name: "Review of the game" })).toBeVisible();
  await expect(page.locator(".review-progress")).toHaveText("Review complete.", { timeout: 150_000 });

  const eyes = page.locator(".review-eyes");
  const last = page.getByRole("button", { name: "End", exact: true });
  const first = page.getByRole("button", { name: "Start", exact: true });
  const next = page.locator(".replay-next");
  for (const side of ["As South saw it", "As North saw it"]) {
    await eyes.getByRole("button", { name: side }).click();
    await expect(eyes.getByRole("button", { name: side })).toHaveAttribute("aria-pressed", "true");
    // At every ply, no enemy piece shows its kind: none was ever revealed.
    await first.click();
    const total = Number(await page.locator(".scrub").getAttribute("max"));
    for (let ply = 0; ply <= total; ply++) {
      const { shown, all } = await enemies(page);
      expect(all, `${side}, ply ${ply}`).toBeGreaterThan(0);
      expect(shown, `${side}, ply ${ply}`).toBe(0);
      if (ply < total) await next.click();
    }
  }
  await eyes.getByRole("button", { name: "Everything shown" }).click();
  await last.click();
  expect((await enemies(page)).shown).toBeGreaterThan(0);

  // Every first move of a full camp fights or flies: South gave something away.
  await eyes.getByRole("button", { name: "As South saw it" }).click();
  const gaveAway = page.locator(".review-gave-away");
  await expect(gaveAway.getByRole("heading", { name: "What gave South away" })).toBeVisible();
  await expect(gaveAway.locator("li").first()).toContainText("bits");
  // An entry leads to its move.
  const entry = gaveAway.locator("li button").first();
  const ply = (await entry.textContent())!.match(/^Move (\d+)/)![1];
  await entry.click();
  await expect(page.locator(".replay-position")).toHaveText(new RegExp(`after move ${ply} of`));
});
