import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { board, card, playRandomMove, settings, startGame, waitForMyTurn } from "./helpers";

// Not a test: saves a picture of every screen into docs/screenshots/ at the
// size of the project it runs in (desktop 1280×800, phone 390×844). Runs
// only on demand:
//
//   SCREENSHOTS=1 npx playwright test screenshots
//
// (after `trunk build --release`).

test.skip(!process.env.SCREENSHOTS, "screenshots are taken on demand (SCREENSHOTS=1)");
test.setTimeout(120_000);

/** Saves the page as `docs/screenshots/<project>-<name>.png`. */
const shooter = (page: Page, info: TestInfo) => async (name: string) => {
  await page.waitForTimeout(300);
  await page.screenshot({
    path: `docs/screenshots/${info.project.name}-${name}.png`,
    fullPage: true,
    scale: "css",
    animations: "disabled",
  });
};

/** The home page in light colours, with nothing stored. */
async function freshHome(page: Page) {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("./#/");
  await page.evaluate(() => localStorage.clear());
  await page.reload();
}

test("screenshots of every screen", async ({ page }, info) => {
  const shot = shooter(page, info);
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("./");
  await shot("home");
  await (await settings(page)).getByLabel("Your name").fill("Aki");
  await shot("home-settings");

  await page.goto("./#/setup");
  await page.getByRole("button", { name: "Templates" }).click();
  await page.locator('[data-template="balanced"]').getByRole("button").click();
  for (const sq of ["a4", "b4", "c4", "d4", "e4", "f4", "a3", "b3"]) {
    await board(page).locator(`[data-square="${sq}"]`).click();
    await page.locator(".tray").click({ position: { x: 5, y: 5 } });
  }
  await page.locator('.tray [data-tray-kind="Tank"]').click();
  await shot("setup");

  await startGame(page, "first=you");
  for (let i = 0; i < 6 && (await waitForMyTurn(page)); i++) await playRandomMove(page);
  await waitForMyTurn(page);
  const enemy = board(page).locator("[data-enemy]").first();
  await enemy.click();
  await page.locator('.tag-sheet [data-guess-option="Mine"]').click();
  const own = board(page).locator('[data-side="south"]');
  for (let i = 0; i < (await own.count()); i++) {
    await own.nth(i).click();
    if ((await board(page).locator("[data-mark]").count()) > 0) break;
  }
  await shot("play");

  await page.getByRole("button", { name: "Resign" }).click();
  await page.getByRole("button", { name: "Yes, resign" }).click();
  await expect(page.locator(".result")).toBeVisible();
  await shot("end");

  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("./#/setup");
  await page.getByRole("button", { name: "Random" }).click();
  await shot("setup-dark");
  await page.emulateMedia({ colorScheme: "light" });

  for (const [name, hash] of [["guide-how", "#/guide/how"], ["guide-pieces", "#/guide/pieces"], ["guide-battles", "#/guide/battles"]]) {
    await page.goto(`./${hash}`);
    await shot(name);
  }
});

test("screenshots of Classic 25", async ({ page }, info) => {
  const shot = shooter(page, info);
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("./#/");
  await (await settings(page)).getByLabel("Classic 25", { exact: true }).check();
  await page.goto("./?first=you#/setup");
  await page.getByRole("button", { name: "Templates" }).click();
  await page.locator('[data-template="missile-battery"]').getByRole("button").click();
  await page.getByRole("button", { name: "Templates" }).click();
  await shot("c25-setup");
  await page.getByRole("button", { name: "Ready" }).click();
  await expect(page).toHaveURL(/#\/play$/);
  // The Missile on b2 aims at e4: the blast, and what the bomb adds.
  await board(page).locator('[data-square="b2"]').click();
  await board(page).locator('[data-square="e4"]').hover();
  await shot("c25-play");
});

test("screenshots of Shogi's screens", async ({ page }, info) => {
  const shot = shooter(page, info);
  await freshHome(page);
  await card(page, "shogi").getByRole("link", { name: "Friend on this device" }).click();
  await page.getByLabel("Keep the board still (face to face)").check();
  const square = (sq: string) => page.locator(`.shogi-board [data-square="${sq}"]`);
  for (const [from, to] of [["7g", "7f"], ["3c", "3d"], ["2g", "2f"], ["8c", "8d"], ["2f", "2e"], ["8d", "8e"]]) {
    await square(from).click();
    await square(to).click();
  }
  await square("2h").click();
  await shot("shogi-play");

  await page.goto("./#/shogi/import");
  await page.getByLabel("Record text").fill("sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f 3c3d 8h2b+ 3a2b");
  await page.getByRole("button", { name: "Read the record" }).click();
  await shot("shogi-import");
});


test("screenshots in Thai", async ({ page }, info) => {
  const shot = shooter(page, info);
  await freshHome(page);
  await page.getByRole("button", { name: "ไทย" }).click();
  await (await settings(page)).getByLabel("ชื่อของคุณ").fill("อาคิ");
  await shot("th-home");

  await page.goto("./?first=you#/setup");
  await page.getByRole("button", { name: "แผนจัดทัพ" }).click();
  await page.locator('[data-template="balanced"]').getByRole("button").click();
  await shot("th-setup");

  await page.getByRole("button", { name: "พร้อม" }).click();
  await expect(page).toHaveURL(/#\/play$/);
  for (let i = 0; i < 4 && (await waitForMyTurn(page)); i++) await playRandomMove(page);
  await waitForMyTurn(page);
  await shot("th-play");

  await page.goto("./#/guide/pieces");
  await expect(page.locator(".pg-card").first()).toBeVisible();
  await shot("th-guide-pieces");

  await page.goto("./#/shogi/guide/pieces");
  await expect(page.locator(".sg-card").first()).toBeVisible();
  await shot("th-shogi-pieces");

  await page.goto("./#/");
  await card(page, "shogi").getByRole("link", { name: "กับเพื่อน บนอุปกรณ์นี้" }).click();
  const square = (sq: string) => page.locator(`.shogi-board [data-square="${sq}"]`);
  for (const [from, to] of [["7g", "7f"], ["3c", "3d"], ["8h", "2b"]]) {
    await square(from).click();
    await square(to).click();
  }
  await page.getByRole("button", { name: "เลื่อนขั้น (成)" }).click();
  await shot("th-shogi-play");
});
