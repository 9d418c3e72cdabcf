import { expect, test, type Locator, type Page } from "@playwright/test";
import { board, failOnErrors, KIND_WORDS, settings, startGame } from "./helpers";

// A piece says what it is (a long press on a phone, a hover's title on a
// desktop, and to a screen reader), an enemy's back names no kind; the
// game's sounds follow the Sound switch, remembered.

failOnErrors();

/** A finger held still on `locator` for 700 ms, then lifted. */
async function longPress(page: Page, locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = (await locator.boundingBox())!;
  const touchPoints = [{ x: box.x + box.width / 2, y: box.y + box.height / 2, id: 1, radiusX: 2, radiusY: 2, force: 1 }];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints });
  await page.waitForTimeout(700);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** What a piece says: "General: One step … Beats: …". */
const GENERAL = /^General: One step forward, back or sideways \(never diagonally\)\. Beats: .*Lieutenant General.*\.$/;

test("a Gunjin piece names itself and says how it moves and fights; an enemy back names no kind", async ({ page }, info) => {
  const phone = info.project.name === "phone";
  await startGame(page, "?first=you");
  const general = board(page).locator('[data-kind="General"]');
  const enemy = board(page).locator('[data-side="north"]').first();
  // A screen reader hears the same words as the node's description.
  await expect(general).toHaveAttribute("aria-description", GENERAL);
  await expect(enemy).toHaveAttribute("aria-description", "Enemy piece");
  if (phone) {
    await longPress(page, general.locator(".piece"));
    await expect(general.locator(".piece-about")).toHaveText(GENERAL);
    // The press picked nothing up.
    await expect(general).toHaveAttribute("aria-selected", "false");
    await expect(board(page).locator('[data-mark="move"]')).toHaveCount(0);
    await longPress(page, enemy.locator(".piece"));
    const about = enemy.locator(".piece-about");
    await expect(about).toHaveText("Enemy piece");
    const words = await about.textContent();
    for (const kind of KIND_WORDS) expect(words).not.toContain(kind);
    // Nor did it open the guess sheet.
    await expect(page.locator(".tag-sheet")).toHaveCount(0);
  } else {
    await general.locator(".piece").hover();
    await expect(general.locator(".piece")).toHaveAttribute("title", GENERAL);
    await enemy.locator(".piece").hover();
    await expect(enemy.locator(".piece")).toHaveAttribute("title", "Enemy piece");
  }
});

test("the tray's pieces say what they are too", async ({ page }, info) => {
  await page.goto("./#/setup");
  const tray = page.locator('[data-tray-kind="Spy"]');
  await expect(tray.locator(".piece")).toHaveAttribute("title", /^Spy: .* Beats: General\.$/);
  if (info.project.name === "phone") {
    await longPress(page, tray.locator(".piece"));
    await expect(tray.locator(".piece-about")).toHaveText(/^Spy: /);
    await expect(tray).toHaveAttribute("aria-pressed", "false");
  }
});

const shogiSquare = (page: Page, name: string) => page.getByRole("grid", { name: /Shogi board/ }).locator(`[data-square="${name}"]`);

/** Plays a Shogi move by two taps. */
async function shogiMove(page: Page, from: string, to: string) {
  await shogiSquare(page, from).click();
  await shogiSquare(page, to).click();
}

test("a move sounds, and Sound switched off in the settings stays off after a reload", async ({ page }) => {
  await page.goto("./#/shogi/friend");
  const html = page.locator("html");
  const moves = page.locator(".move-list li");
  await shogiMove(page, "7g", "7f");
  await expect(moves).toHaveCount(1);
  await expect(html).toHaveAttribute("data-sounds", "1");
  await shogiMove(page, "3c", "3d");
  await expect(moves).toHaveCount(2);
  await expect(html).toHaveAttribute("data-sounds", "2");

  await page.goto("./#/");
  const sound = (await settings(page, "shogi")).getByRole("checkbox", { name: "Sound" });
  await expect(sound).toBeChecked();
  await sound.uncheck();
  await page.reload();
  await expect((await settings(page, "shogi")).getByRole("checkbox", { name: "Sound" })).not.toBeChecked();
  // Both cards' switches are the one setting.
  await expect((await settings(page, "gunjin")).getByRole("checkbox", { name: "Sound" })).not.toBeChecked();
  await page.goto("./#/shogi/play");
  await shogiMove(page, "2g", "2f");
  await expect(moves).toHaveCount(3);
  // The move was played, and made no sound.
  await expect(html).not.toHaveAttribute("data-sounds", /./);
});
