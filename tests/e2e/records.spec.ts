// Records that travel: a finished Gunjin game's review link opens its
// review in a fresh browser (nothing stored there) with both setups shown
// after the end; its written record downloads, opens again from the file
// and is reviewed; a Shogi review link opens the replay with Analyse; a
// bad or cut link says so in one sentence.
import { readFile } from "node:fs/promises";
import { deflateRawSync } from "node:zlib";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { board, expectAccessible, failOnErrors, settings, startGame, waitForMyTurn } from "./helpers";

failOnErrors();

/** Resigns the game on the play screen, landing on the end screen. */
async function resign(page: Page) {
  await startGame(page, "?first=you");
  await waitForMyTurn(page);
  await page.getByRole("button", { name: "Resign" }).click();
  await page.getByRole("button", { name: "Yes, resign" }).click();
  await expect(page.locator(".result")).toBeVisible();
}

/** A fresh context of the same size as `page`'s, nothing stored in it. */
async function freshPage(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({ viewport: page.viewportSize()! });
  return context.newPage();
}

/** Every piece of both camps is drawn with its kind at the start. */
async function expectBothSetupsShown(page: Page) {
  await page.locator(".review-eyes").getByRole("button", { name: "Everything shown" }).click();
  await page.getByRole("button", { name: "Start", exact: true }).click();
  for (const side of ["south", "north"]) {
    const pieces = board(page).locator(`[data-side="${side}"]`);
    await expect(pieces).toHaveCount(23);
    await expect(pieces.and(page.locator("[data-kind]"))).toHaveCount(23);
  }
}

test("a finished game's review link opens its review in a fresh browser", async ({ page, browser, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await resign(page);
  await page.getByRole("button", { name: "Copy review link" }).click();
  await expect(page.locator(".copy-status")).toContainText("The review link is copied");
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/#\/review\/G[A-Za-z0-9_-]+$/);

  const other = await freshPage(browser, page);
  await other.goto(link);
  await expect(other.getByRole("heading", { name: "Review of the game" })).toBeVisible();
  await expectBothSetupsShown(other);
  // The worker reviews it there too: nothing of the game was stored.
  await expect(other.locator(".review-progress")).toHaveText("Review complete.", { timeout: 90_000 });
  await other.context().close();
});

test("the written record downloads, opens from its file and is reviewed", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await resign(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download the record (.txt)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^gunjin-shogi-\d{4}-\d\d-\d\d\.txt$/);
  const file = testInfo.outputPath("record.txt");
  await download.saveAs(file);
  const text = await readFile(file, "utf8");
  expect(text).toContain("# Gunjin Shogi record\n");
  expect(text).toMatch(/\nResult: North wins, South resigned\n/);
  expect(text).toMatch(/\nSouth setup: \S+\nNorth setup: \S+\n$/);

  await page.getByRole("link", { name: "Open a written record" }).click();
  await expect(page).toHaveURL(/#\/review\/open$/);
  await expectAccessible(page);
  // A text that does not read says where.
  await page.getByLabel("The record's text").fill(text.replace(/\nMoves: /, "\nMoves: x"));
  await page.getByRole("button", { name: "Review it" }).click();
  const movesLine = text.split("\n").findIndex((l) => l.startsWith("Moves: ")) + 1;
  await expect(page.getByRole("alert")).toHaveText(
    new RegExp(`^Reading stopped at line ${movesLine}: "x\\d+" is not a number of moves\\.$`),
  );
  await page.getByLabel("The record's text").fill("# Gunjin Shogi record\nRules: htsrf\n");
  await page.getByRole("button", { name: "Review it" }).click();
  await expect(page.getByRole("alert")).toHaveText("The record does not read: the South setup is missing.");

  await page.locator('.review-open input[type="file"]').setInputFiles(file);
  await expect(page).toHaveURL(/#\/review\/G[A-Za-z0-9_-]+$/);
  await expect(page.getByRole("heading", { name: "Review of the game" })).toBeVisible();
  await expectBothSetupsShown(page);
});

test("Gunjin's settings lead to the written record's page", async ({ page }) => {
  await page.goto("./#/");
  const panel = await settings(page);
  await panel.getByRole("link", { name: "Review a written record (.txt)" }).click();
  await expect(page).toHaveURL(/#\/review\/open$/);
  await expect(page.getByRole("heading", { name: "Review a written record" })).toBeVisible();
});

/** `#/review/S…` for a Shogi record text, as the app writes its links. */
const shogiLink = (text: string) => `./#/review/S${deflateRawSync(Buffer.from(text)).toString("base64url")}`;

test("a Shogi review link opens the replay, ready to analyse, and copies again", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(shogiLink("startpos moves 7g7f 3c3d 8h2b+ 3a2b\nAki\nBen"));
  await expect(page.locator(".move-list li")).toHaveCount(4);
  await expect(page.locator(".replay-bar")).toBeVisible();
  await expect(page.getByRole("button", { name: "Analyse" })).toBeVisible();
  await expect(page.getByText("Aki").first()).toBeVisible();
  // The replay's own link opens the same game.
  await page.getByRole("button", { name: "Copy review link" }).click();
  await expect(page.locator(".copy-status")).toContainText("The review link is copied");
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/#\/review\/S[A-Za-z0-9_-]+$/);
  await page.goto("./#/");
  await page.goto(link);
  await expect(page.locator(".move-list li")).toHaveCount(4);
  await expect(page.getByText("Ben").first()).toBeVisible();
});

test("a bad or cut review link says so and nothing breaks", async ({ page }) => {
  await page.goto("./#/review/G%%%");
  await expect(page.getByRole("alert")).toHaveText(/cut or mistyped/);
  const whole = shogiLink("startpos moves 7g7f 3c3d");
  await page.goto(whole.slice(0, whole.length - 6));
  await page.reload();
  await expect(page.getByRole("alert")).toHaveText(/damaged|cut or mistyped/);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Go to the start page" }).click();
  await expect(page).toHaveURL(/#\/$/);
});
