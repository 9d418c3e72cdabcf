import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, failOnErrors, learn, smallestText } from "./helpers";

// Shogi's guides: how to play and the pieces' moves, linked from the
// Shogi section of the home page and from the play screen, in both
// languages. The diagrams' squares come from the rules crate.

failOnErrors();

/** The squares a piece's diagram marks as reachable, sorted. */
async function reach(page: Page, role: string): Promise<string[]> {
  const squares = await page
    .locator(`figure[data-role="${role}"] .sg-reach`)
    .evaluateAll((ns) => ns.map((n) => n.getAttribute("data-square")!));
  return squares.sort();
}

test("the pieces guide draws each piece's moves and its promotion", async ({ page }) => {
  await page.goto("./#/");
  await learn(page, "shogi", "How to play Shogi");
  await expect(page).toHaveURL(/#\/shogi\/guide\/how$/);
  await page.getByRole("navigation", { name: "Shogi", exact: true }).getByRole("link", { name: "Shogi pieces and their moves" }).click();
  await expect(page).toHaveURL(/#\/shogi\/guide\/pieces$/);
  await expect(page.getByRole("heading", { name: "Shogi pieces and their moves", level: 2 })).toBeVisible();
  await expect(page.locator(".sg-card")).toHaveCount(8);
  // The Knight jumps two forwards and one aside; the Pawn steps forwards;
  // the Lance runs up the file.
  expect(await reach(page, "Knight")).toEqual(["4c", "6c"]);
  expect(await reach(page, "Pawn")).toEqual(["5d"]);
  expect(await reach(page, "Lance")).toEqual(["5a", "5b", "5c", "5d"]);
  // A Dragon is a Rook with the diagonal steps; a promoted Silver moves as a Gold.
  expect((await reach(page, "Dragon")).length).toBe(20);
  expect(await reach(page, "PromotedSilver")).toEqual(await reach(page, "Gold"));
  await expect(page.locator('.sg-card[data-role="King"] .sg-promotion')).toHaveText("Never promotes.");
  await expect(page.locator('.sg-card[data-role="Pawn"] .sg-promotion')).toHaveText(/Promotes to .*と/);
  // Nothing sideways on a phone, nothing smaller than 11 px, and axe is content.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect((await smallestText(page, ".shogi-guide")).size).toBeGreaterThanOrEqual(11);
  await expectAccessible(page);
});

test("how to play Shogi gives the rules' numbers, in English and Japanese", async ({ page }) => {
  await page.goto("./#/shogi/guide/how");
  await expect(page.getByRole("heading", { name: "How to play Shogi", level: 2 })).toBeVisible();
  await expect(page.locator(".shogi-guide")).toContainText("28 points as Sente or 27 as Gote");
  await expect(page.locator(".shogi-guide")).toContainText("A game reaching 512 moves is a draw.");
  await expect(page.locator(".sg-handicaps")).toContainText("Ten pieces");
  await expectAccessible(page);
  await page.getByRole("button", { name: "日本語" }).click();
  await expect(page.getByRole("heading", { name: "将棋の遊び方", level: 2 })).toBeVisible();
  await expect(page.locator(".sg-handicaps")).toContainText("十枚落ち");
  await expect(page.locator(".shogi-guide")).toContainText("先手は28点以上、後手は27点以上");
  // From the guide to the other one, and from the play screen back here.
  await page.locator("main").getByRole("link", { name: "将棋の駒と動き" }).click();
  await expect(page.getByRole("heading", { name: "将棋の駒と動き", level: 2 })).toBeVisible();
  await page.goto("./#/shogi/play");
  await page.locator(".shogi-side").getByRole("link", { name: "将棋の遊び方" }).click();
  await expect(page).toHaveURL(/#\/shogi\/guide\/how$/);
});

test("the header's guides follow the game on the page", async ({ page }) => {
  const nav = page.locator(".site-nav");
  await page.goto("./#/shogi/guide/how");
  await expect(nav.getByRole("link")).toHaveText(["How to play Shogi", "Shogi pieces and their moves", "Lessons"]);
  await nav.getByRole("link", { name: "Shogi pieces and their moves" }).click();
  await expect(page).toHaveURL(/#\/shogi\/guide\/pieces$/);
  // Back on Gunjin Shogi's pages, Gunjin Shogi's guides.
  await page.goto("./#/guide/battles");
  await expect(nav.getByRole("link")).toHaveText(["How to play", "Piece guide", "Battle table", "Lessons"]);
});
