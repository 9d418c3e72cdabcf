import { expect, test, type Page } from "@playwright/test";
import { failOnErrors } from "./helpers";

// The engine's analysis of a replayed Shogi record, at desktop and phone
// size: a short game where Sente puts its rook beside Gote's gold, which
// takes it. Analyse judges every position in the CPU's worker; the graph
// appears, the rook move is marked a blunder (??) on the move list, the
// gold's capture is not; a side line is explored from the first position
// with the engine's live word, and one tap goes back to the game, whose
// record is unchanged.

failOnErrors();

const BLUNDER = "sfen 4k4/6g2/9/9/9/9/2P6/7R1/4K4 b - 1 moves 2h2b+ 3b2b 5i4h";

/** The replay, or the side line while one is explored. */
const shown = (page: Page) => page.locator("section.shogi-play:not([hidden])").last();
const moves = (page: Page) => shown(page).locator(".move-list li");
const square = (page: Page, name: string) =>
  shown(page).getByRole("grid", { name: "Shogi board" }).locator(`[data-square="${name}"]`);

test("a blunder is marked, the graph drawn, and a side line explored and left", async ({ page }) => {
  await page.goto("./#/shogi/import");
  await page.getByLabel("Record text").fill(BLUNDER);
  await page.getByRole("button", { name: "Read the record" }).click();
  await expect(page.locator(".import-ok")).toContainText("Read: 3 moves");
  await page.getByRole("button", { name: "Replay it" }).click();
  await expect(page).toHaveURL(/#\/shogi\/replay$/);
  await expect(moves(page)).toHaveCount(3);

  await page.getByRole("button", { name: "Analyse" }).click();
  // Done: the button is back, the graph drawn with all four positions.
  await expect(page.getByRole("button", { name: "Analyse" })).toBeEnabled({ timeout: 30_000 });
  const graph = page.getByRole("img", { name: /Sente's chance of winning/ });
  await expect(graph).toBeVisible();
  expect((await graph.locator(".graph-line").getAttribute("points"))!.split(" ")).toHaveLength(4);
  await expect(moves(page).nth(0).locator(".move-mark")).toHaveText("??");
  await expect(moves(page).nth(0).getByLabel("Blunder")).toBeVisible();
  await expect(graph.locator('.graph-mark[data-mark="blunder"]')).toHaveCount(1);
  await expect(moves(page).nth(1).locator(".move-mark")).toHaveCount(0);

  // A tap on the graph's first column shows the first position and the
  // engine's word on it: a rook up for Sente, and its line.
  await graph.locator('.graph-column[data-ply="0"]').click({ force: true });
  await expect(square(page, "2h")).toHaveAttribute("data-role", "rook");
  await expect(page.locator(".analysis-eval")).toContainText(/Evaluation \+\d+ \(\d+% for Sente\)/);
  await expect(page.locator(".analysis-line")).toContainText("Best line:");

  // A side line from there: the rook to 2d instead, judged live.
  await page.getByRole("button", { name: "Explore from here" }).click();
  await expect(page.getByRole("button", { name: "Back to the game" })).toBeVisible();
  await expect(moves(page)).toHaveCount(0);
  await square(page, "2h").click();
  await square(page, "2d").click();
  await expect(moves(page)).toHaveCount(1);
  await expect(square(page, "2d")).toHaveAttribute("data-role", "rook");
  await expect(shown(page).locator(".side-line .analysis-eval")).toContainText(/Evaluation|Mate/, { timeout: 20_000 });

  // The replay's ← / → keys belong to the hidden game, not the side line.
  await shown(page).locator(".side-line p").first().click();
  await page.keyboard.press("ArrowRight");
  await expect(moves(page)).toHaveCount(1);

  // Back: the game as it was, at the position left.
  await page.getByRole("button", { name: "Back to the game" }).click();
  await expect(page.getByRole("button", { name: "Back to the game" })).toHaveCount(0);
  await expect(moves(page)).toHaveCount(3);
  await expect(square(page, "2h")).toHaveAttribute("data-role", "rook");
  await expect(moves(page).nth(0).locator(".move-mark")).toHaveText("??");
});
