import { expect, test, type Page } from "@playwright/test";
import { SHOGI_START, board, card, failOnErrors, node, startGame, storeShogi as store, waitForMyTurn } from "./helpers";

// Nothing stored is replaced without a yes: a new game over a game in
// progress, in either game and whichever way it comes (the home page's
// buttons, a link, an imported record), asks first; "Keep my game" keeps
// it as it was.

failOnErrors();

/** Stores a Shogi game of `moves` from the start (against the CPU unless
 * `extra` says otherwise), and opens the home page on it. */
async function storeShogi(page: Page, moves: string[], extra: object = {}) {
  await store(page, moves, extra);
  await page.reload();
}

const storedShogi = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("shogi.game") ?? "null"));

const question = (page: Page) => page.getByRole("group", { name: /replaces your/ });

test("a Shogi game with a friend over one against the CPU asks first", async ({ page }) => {
  await storeShogi(page, ["7g7f", "3c3d"]);
  const kept = await storedShogi(page);
  await card(page, "shogi").getByRole("link", { name: "Friend on this device" }).click();
  await expect(question(page)).toContainText("This replaces your Shogi game in progress, at move 2. Replace it?");
  await expect(page.getByRole("button", { name: "Yes, replace it" })).toBeFocused();
  await page.getByRole("button", { name: "Keep my game" }).click();
  await expect(page).toHaveURL(/#\/$/);
  expect(await storedShogi(page)).toEqual(kept);
  // The game is still there to resume.
  await expect(card(page, "shogi").getByRole("link", { name: "Resume your Shogi game" })).toBeVisible();

  await card(page, "shogi").getByRole("link", { name: "Friend on this device" }).click();
  await page.getByRole("button", { name: "Yes, replace it" }).click();
  await expect(page).toHaveURL(/#\/shogi\/play$/);
  await expect(page.locator(".shogi-status")).toContainText("Sente (▲) to move.");
  const replaced = await storedShogi(page);
  expect(replaced.opponent).toBe("friend");
  expect(replaced.record.moves).toEqual([]);
  // Back leaves the question out: it was never a page of its own.
  await page.goBack();
  await expect(page).toHaveURL(/#\/$/);
});

test("Play the CPU at Shogi over a game with a friend asks first; a finished game does not", async ({ page }) => {
  await storeShogi(page, ["7g7f"], { opponent: "friend" });
  await card(page, "shogi").getByRole("button", { name: "Play the CPU" }).click();
  await expect(question(page)).toContainText("at move 1");
  await page.getByRole("button", { name: "Yes, replace it" }).click();
  await expect(page).toHaveURL(/#\/shogi\/play$/);
  await expect(page.locator(".shogi-status")).toContainText(/Your move/);
  expect((await storedShogi(page)).opponent).toBeUndefined();

  // Over (resigned), a game is no longer in progress: nothing to ask.
  await page.getByRole("button", { name: "Resign" }).click();
  await page.getByRole("button", { name: "Yes, resign" }).click();
  await expect(page.locator(".shogi-status")).toContainText("won by resignation.");
  await page.goto("./#/");
  await card(page, "shogi").getByRole("link", { name: "Friend on this device" }).click();
  await expect(page).toHaveURL(/#\/shogi\/play$/);
  await expect(question(page)).toHaveCount(0);
});

test("Play the CPU over a Gunjin game in progress asks before the setup", async ({ page }) => {
  await startGame(page, "first=you", "balanced");
  await node(page, "b4").click();
  await node(page, "b5").click();
  expect(await waitForMyTurn(page)).toBe(true);
  const kept = await page.evaluate(() => localStorage.getItem("gunjin-game"));

  await page.goto("./#/");
  await card(page).getByRole("button", { name: "Play the CPU" }).click();
  await expect(question(page)).toContainText(/^This replaces your game against the CPU in progress, at move \d+\. Replace it\?/);
  // No timer runs meanwhile.
  await expect(page.getByRole("timer")).toHaveCount(0);
  await page.getByRole("button", { name: "Keep my game" }).click();
  await expect(page).toHaveURL(/#\/$/);
  expect(await page.evaluate(() => localStorage.getItem("gunjin-game"))).toBe(kept);
  await card(page).getByRole("link", { name: "Resume your game" }).click();
  await expect(board(page).locator("[data-enemy]").first()).toBeVisible();

  await page.goto("./#/setup");
  await page.getByRole("button", { name: "Yes, replace it" }).click();
  await expect(page.getByRole("timer")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("gunjin-game"))).toBeNull();
  await page.goto("./#/");
  await expect(card(page).locator(".resume")).toHaveCount(0);
});

test("an imported record asks before it replaces the game in progress", async ({ page }) => {
  await storeShogi(page, ["7g7f", "3c3d", "2g2f"]);
  await page.goto("./#/shogi/import");
  await page.getByLabel("Record text").fill(`sfen ${SHOGI_START} moves 7g7f`);
  await page.getByRole("button", { name: "Read the record" }).click();
  await page.getByRole("button", { name: "Play on with a friend on this device" }).click();
  await expect(question(page)).toContainText("at move 3");
  await page.getByRole("button", { name: "Keep my game" }).click();
  await expect(question(page)).toHaveCount(0);
  expect((await storedShogi(page)).record.moves).toHaveLength(3);
  await page.getByRole("button", { name: "Play on with a friend on this device" }).click();
  await page.getByRole("button", { name: "Yes, replace it" }).click();
  await expect(page).toHaveURL(/#\/shogi\/play$/);
  expect((await storedShogi(page)).record.moves).toEqual(["7g7f"]);
});

test("a backup file asks before it replaces the game in progress", async ({ page }) => {
  const game = { version: 1, record: { start: SHOGI_START, moves: ["2g2f"] }, you: "sente", level: "beginner", seed: 1 };
  const file = {
    name: "gunjin-shogi-2026-12-01.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify({ app: "gunjin-shogi", entries: { "shogi.game": game } })),
  };
  await storeShogi(page, ["7g7f", "3c3d"]);
  const kept = await storedShogi(page);
  await page.getByLabel("Import a file").setInputFiles(file);
  await expect(page.getByRole("group", { name: /replaces yours/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Yes, replace it" })).toBeFocused();
  await page.getByRole("button", { name: "Keep my game" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Nothing was imported: your game is kept." })).toBeVisible();
  expect(await storedShogi(page)).toEqual(kept);

  await page.getByLabel("Import a file").setInputFiles(file);
  await page.getByRole("button", { name: "Yes, replace it" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Imported" })).toBeVisible();
  expect((await storedShogi(page)).record.moves).toEqual(["2g2f"]);
  // The same file again holds the same game: nothing to ask.
  await page.reload();
  await page.getByLabel("Import a file").setInputFiles(file);
  await expect(page.getByRole("status").filter({ hasText: "Imported" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Keep my game" })).toHaveCount(0);
});
