import { expect, test, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { board, card, failOnErrors, settings, node, openSetup, placements, playRandomMove, startGame, waitForMyTurn } from "./helpers";

// Nothing is lost: a reload resumes the setup and the game exactly; bad
// storage, storage refused or full, and bad links get one clear sentence and
// keep the app playing; everything can be exported to a file and imported.

failOnErrors();

const KEYS = { settings: "gunjin", setup: "gunjin-setup", game: "gunjin-game" };

const notice = (page: Page) => page.locator("[data-notice]");

/** The seconds a `m:ss` timer shows. */
async function timerSeconds(page: Page): Promise<number> {
  const [m, s] = (await page.getByRole("timer").innerText()).split(":").map(Number);
  return m * 60 + s;
}

/** The announcements log, as text. */
const logText = (page: Page) => page.locator(".log").innerText();

test("a reload mid-setup resumes the camp and the time left", async ({ page }) => {
  await openSetup(page, "setup-seconds=100");
  await page.getByRole("button", { name: "Random" }).click();
  // Send one piece back to the tray: a camp with a gap.
  const first = Object.keys(await placements(page))[0];
  await node(page, first).click();
  await page.locator(".placed-count").click();
  await expect(page.locator(".placed-count")).toHaveText("22 / 23 placed");
  const camp = await placements(page);
  await page.waitForTimeout(2_500);
  const before = await timerSeconds(page);
  expect(before).toBeLessThanOrEqual(98);
  // Opened again without the option, the draft keeps the time it had left.
  await page.goto("./#/setup");
  await expect(page.getByRole("timer")).toBeVisible();
  expect(await placements(page)).toEqual(camp);
  const after = await timerSeconds(page);
  expect(after).toBeLessThanOrEqual(before);
  expect(after).toBeGreaterThanOrEqual(before - 2);
  // Ready after the reload starts the game, and the draft is gone.
  await page.locator(".tray-piece").first().click();
  await node(page, first).click();
  await page.getByRole("button", { name: "Ready" }).click();
  await expect(page).toHaveURL(/#\/play$/);
  expect(await page.evaluate((k) => localStorage.getItem(k), KEYS.setup)).toBeNull();
});

test("a reload mid-game resumes the board, the history, the tags and the turn", async ({ page }) => {
  await startGame(page, "first=you", "balanced");
  await node(page, "b4").click();
  await node(page, "b5").click();
  expect(await waitForMyTurn(page)).toBe(true);
  // A guess on an enemy piece.
  const enemy = board(page).locator("[data-enemy]").first();
  const square = (await enemy.getAttribute("data-square"))!;
  await enemy.click();
  await page.locator('.tag-sheet [data-guess-option="Mine"]').click();
  await expect(node(page, square)).toHaveAttribute("data-guess", "Mine");

  const camp = await placements(page);
  const enemies = await board(page).locator("[data-enemy]").evaluateAll((ns) => ns.map((n) => n.getAttribute("data-square")));
  const log = await logText(page);
  const count = await page.locator(".move-count").innerText();

  await page.reload();
  await expect(page).toHaveURL(/#\/play$/);
  await expect(page.locator('.turn[data-turn="you"]')).toBeVisible();
  expect(await placements(page)).toEqual(camp);
  expect(await board(page).locator("[data-enemy]").evaluateAll((ns) => ns.map((n) => n.getAttribute("data-square")))).toEqual(enemies);
  expect(await logText(page)).toBe(log);
  await expect(page.locator(".move-count")).toHaveText(count);
  await expect(node(page, square)).toHaveAttribute("data-guess", "Mine");

  // The game goes on after the reload: the CPU answers again.
  expect(await playRandomMove(page)).toBe(true);
  if (await waitForMyTurn(page)) await expect(page.locator(".move-count")).toContainText("Move 4 / 300");

  // The home page offers the game back, saying how far it got.
  await page.goto("./#/");
  await expect(page.locator(".resume")).toContainText(/at move \d+\./);
  await page.getByRole("link", { name: "Resume your game" }).click();
  await expect(page).toHaveURL(/#\/play$/);
  await expect(board(page).locator("[data-enemy]").first()).toBeVisible();
});

test("a game saved by the previous build, without its outline, is offered and resumes", async ({ page }) => {
  await startGame(page, "first=you", "balanced");
  await node(page, "b4").click();
  await node(page, "b5").click();
  expect(await waitForMyTurn(page)).toBe(true);
  const camp = await placements(page);
  await page.evaluate((k) => {
    const game = JSON.parse(localStorage.getItem(k)!);
    delete game.outline;
    localStorage.setItem(k, JSON.stringify(game));
  }, KEYS.game);
  await page.goto("./#/");
  await page.reload();
  await expect(page.locator(".resume")).toContainText("A game is saved.");
  await expect(notice(page)).toHaveCount(0);
  await page.getByRole("link", { name: "Resume your game" }).click();
  await expect(page.locator('.turn[data-turn="you"]')).toBeVisible();
  expect(await placements(page)).toEqual(camp);
  // Saved again by this build, it tells how far it got.
  await page.goto("./#/");
  await expect(page.locator(".resume")).toContainText(/at move \d+\./);
});

test("a reload while the CPU thinks still gets its answer", async ({ page }) => {
  await startGame(page, "first=cpu");
  await page.reload();
  expect(await waitForMyTurn(page)).toBe(true);
  await expect(page.locator(".log")).toContainText("CPU:");
});

const BAD_VALUES: Record<string, string> = {
  garbage: "{{{ not json",
  "an old schema": JSON.stringify({ version: 0, name: "old" }),
  "a huge value": "x".repeat(2_000_000),
};

for (const [what, key] of Object.entries(KEYS)) {
  for (const [kind, value] of Object.entries(BAD_VALUES)) {
    test(`${kind} in the ${what} entry: one sentence, the data kept aside, the app plays`, async ({ page }) => {
      await page.goto("./#/");
      await expect(card(page).getByRole("button", { name: "Play the CPU" })).toBeVisible();
      await page.evaluate(([k, v]) => localStorage.setItem(k, v), [key, value]);
      await page.reload();
      // The setup draft is read by the setup page; the others at start.
      if (what === "setup") await page.goto("./#/setup");
      await expect(notice(page)).toHaveCount(1);
      await expect(notice(page)).toContainText("could not be read");
      const aside = await page.evaluate((k) => {
        const keys = Object.keys(localStorage).filter((x) => x.startsWith(`${k}.unreadable.`));
        return keys.map((x) => [x, localStorage.getItem(x)!.length]);
      }, key);
      expect(aside).toHaveLength(1);
      expect(aside[0][1]).toBe(value.length);
      await expect(notice(page)).toContainText(aside[0][0] as string);
      // Dismissed, it stays dismissed; the game still starts.
      await page.getByRole("button", { name: "Dismiss" }).click();
      await expect(notice(page)).toHaveCount(0);
      await startGame(page, "first=you");
    });
  }
}

test("a saved game that does not replay is put aside", async ({ page }) => {
  await startGame(page, "first=you", "balanced");
  await node(page, "b4").click();
  await node(page, "b5").click();
  await waitForMyTurn(page);
  await page.evaluate((k) => {
    const game = JSON.parse(localStorage.getItem(k)!);
    game.record = game.record.replace(" b4-b5", " b4-b7");
    localStorage.setItem(k, JSON.stringify(game));
  }, KEYS.game);
  await page.reload();
  await expect(notice(page)).toContainText("Your saved game could not be read");
  await expect(page.getByText("No game is in progress.")).toBeVisible();
});

test("with storage refused, the game plays and says it cannot save", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, "localStorage", {
      configurable: true,
      get() {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
  });
  await page.goto("./#/");
  await expect(notice(page)).toHaveText(/does not let the game save anything/);
  await startGame(page, "first=you");
  expect(await playRandomMove(page)).toBe(true);
  expect(await waitForMyTurn(page)).toBe(true);
});

test("with storage full, the game plays and says it was not saved", async ({ page }) => {
  await page.addInitScript(() => {
    Storage.prototype.setItem = function () {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
  });
  await page.goto("./#/");
  await (await settings(page)).getByLabel("Your name").fill("Aki");
  await expect(notice(page)).toHaveText(/could not be saved/);
  await startGame(page, "first=you");
  expect(await playRandomMove(page)).toBe(true);
});

test("export to a file, then import it on a fresh browser", async ({ page }, info) => {
  await page.goto("./#/");
  await (await settings(page)).getByLabel("Your name").fill("Aki");
  await page.getByLabel("Hard").check();
  await startGame(page, "first=you", "balanced");
  await node(page, "b4").click();
  await node(page, "b5").click();
  await waitForMyTurn(page);
  const camp = await placements(page);

  await page.goto("./#/");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export to a file" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^gunjin-shogi-\d{4}-\d\d-\d\d\.json$/);
  const file = info.outputPath("export.json");
  await download.saveAs(file);
  const exported = JSON.parse(await readFile(file, "utf8"));
  expect(exported.app).toBe("gunjin-shogi");
  // The Shogi settings travel too (saved as soon as the app starts).
  expect(Object.keys(exported.entries).sort()).toEqual(["gunjin", "gunjin-game", "shogi"]);

  // A fresh browser: nothing saved.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await settings(page);
  await expect(page.getByLabel("Your name")).toHaveValue("");
  // A file that is not ours changes nothing.
  await page.getByLabel("Your name").fill("Someone");
  await page.getByLabel("Import a file").setInputFiles({ name: "photo.json", mimeType: "application/json", buffer: Buffer.from('{"hello": 1}') });
  await expect(page.getByRole("alert")).toHaveText(/could not be imported \(the file is not a Gunjin Shogi export\); nothing was changed/);
  await expect(page.getByLabel("Your name")).toHaveValue("Someone");
  // Our file brings everything back.
  await page.getByLabel("Import a file").setInputFiles(file);
  await expect(page.getByRole("status").filter({ hasText: "Imported" })).toBeVisible();
  await expect(page.getByLabel("Your name")).toHaveValue("Aki");
  await expect(page.getByLabel("Hard")).toBeChecked();
  await page.getByRole("link", { name: "Resume your game" }).click();
  await expect.poll(() => placements(page)).toEqual(camp);
});

test("rules links: a preset's code sets it, a bad one says why", async ({ page }) => {
  await page.goto("./#/rules/texrt");
  await expect(page.getByRole("status").filter({ hasText: "The game is now Standard 23 under Traditional" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the start page" }).click();
  await settings(page);
  await expect(page.getByLabel("Traditional")).toBeChecked();
  // A mode travels in the code, and back.
  await page.goto("./#/rules/c25-htsrf");
  await expect(page.getByRole("status").filter({ hasText: "The game is now Classic 25 under Kirakuken" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the start page" }).click();
  await settings(page);
  await expect(page.getByLabel("Classic 25")).toBeChecked();
  await expect(page.getByText("25 pieces on a 9×6 board")).toBeVisible();
  await page.goto("./#/rules/texrt");
  await page.getByRole("link", { name: "Go to the start page" }).click();
  await settings(page);
  await expect(page.getByLabel("Standard 23")).toBeChecked();

  await page.goto("./#/rules/zz");
  await expect(page.getByRole("alert")).toHaveText(/This link does not work: its rule code "zz" should be 5 letters/);
  await page.goto("./#/rules/htsof");
  await expect(page.getByRole("alert")).toContainText("does not offer yet");
  await page.getByRole("link", { name: "Go to the start page" }).click();
  await settings(page);
  await expect(page.getByLabel("Traditional")).toBeChecked();
});
