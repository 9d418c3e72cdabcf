import { expect, test, type Page } from "@playwright/test";
import { board, card, failOnErrors, settings, fillCamp, node, openSetup, playRandomMove, smallestText, waitForMyTurn } from "./helpers";

// The variant modes in the browser: chosen on the home page, set up on the
// mode's board, played against the CPU to the end; Classic 25's strike and
// face-up Marshal, American 21's empty nodes, the 9-file board on a phone.

failOnErrors();

// Each mode's whole game is played at one size, the boards checked at
// both: a game to its end takes 30–45 s, and what it checks (the CPU's
// moves in the mode, the end, the replay) does not depend on the size.
const MODES = [
  { label: "Marshal 23", code: "m23", pieces: 23, files: 6, wholeGameOn: "desktop" },
  { label: "American 21", code: "a21", pieces: 21, files: 6, wholeGameOn: "phone" },
  { label: "Classic 25", code: "c25", pieces: 25, files: 9, wholeGameOn: "phone" },
];

/** Chooses `label` on the home page and opens the setup. */
async function chooseMode(page: Page, label: string) {
  await page.goto("./#/");
  await (await settings(page)).getByLabel(label, { exact: true }).check();
  await card(page).getByRole("button", { name: "Play the CPU" }).click();
  await expect(page.getByRole("timer")).toBeVisible();
}

/** No enemy node tells its kind, but Classic 25's face-up Marshal in the
 * enemy headquarters (e6). */
async function assertOnlyTheMarshalShows(page: Page, code: string) {
  const shown = await board(page)
    .locator('[data-side="north"][data-kind]')
    .evaluateAll((ns) => ns.map((n) => `${n.getAttribute("data-square")}:${n.getAttribute("data-kind")}`));
  expect(shown).toEqual(code === "c25" ? ["e6:Marshal"] : []);
}

for (const mode of MODES) {
  test(`${mode.label}: the mode's board and army, then (at one size) a whole game against Easy to its end`, async ({ page }, info) => {
    test.setTimeout(300_000);
    await chooseMode(page, mode.label);
    await expect(board(page).locator(".file-label")).toHaveCount(mode.files);
    await fillCamp(page, undefined, mode.pieces);
    await page.getByRole("button", { name: "Ready" }).click();
    await expect(page).toHaveURL(/#\/play$/);
    // The enemy's whole army face down, less what its first move cost it
    // if it moved first: a battle's loser, or a Classic 25 strike's
    // Missile, carried bomb and own pieces in the blast.
    const north = () => board(page).locator('[data-side="north"]').count();
    const lost = async () => Number((await page.locator(".enemy-lost").textContent())!.match(/\d+/)![0]);
    await expect.poll(async () => (await north()) + (await lost())).toBe(mode.pieces);
    await assertOnlyTheMarshalShows(page, mode.code);
    if (info.project.name !== mode.wholeGameOn) return;
    let moves = 0;
    while (await waitForMyTurn(page)) {
      if (moves++ % 20 === 0) await assertOnlyTheMarshalShows(page, mode.code);
      await playRandomMove(page);
    }
    await expect(page).toHaveURL(/#\/end$/);
    await expect(page.locator(".result .headline")).toHaveText(/You won!|The CPU won\.|Draw\./);
    await expect(page.locator(".result .reason")).not.toBeEmpty();
    // The replay starts from both whole armies on the mode's board.
    await page.getByRole("button", { name: "Start", exact: true }).click();
    for (const side of ["south", "north"]) {
      await expect(board(page).locator(`[data-side="${side}"]`)).toHaveCount(mode.pieces);
    }
    await expect(board(page).locator(".file-label")).toHaveCount(mode.files);
  });
}

test("American 21: two nodes of each camp stay empty, and Ready waits for 21", async ({ page }) => {
  await chooseMode(page, "American 21");
  await expect(page.getByRole("button", { name: "Ready" })).toBeDisabled();
  await fillCamp(page, "left-hook", 21);
  await expect(page.getByRole("button", { name: "Ready" })).toBeEnabled();
  const camp = board(page).locator('.node.south');
  await expect(camp).toHaveCount(23);
  await expect(board(page).locator('.node.south:not([data-kind])')).toHaveCount(2);
  // Put one back: 20 placed, Ready waits; Random fills the one back.
  await node(page, "a4").click();
  await page.locator(".tray").click({ position: { x: 5, y: 5 } });
  await expect(page.getByRole("button", { name: "Ready" })).toBeDisabled();
  await page.getByRole("button", { name: "Fill at random" }).click();
  await expect(board(page).locator('.node.south:not([data-kind])')).toHaveCount(2);
  await page.goto("./?first=you#/setup");
  await fillCamp(page, "fortress", 21);
  await page.getByRole("button", { name: "Ready" }).click();
  await expect(page).toHaveURL(/#\/play$/);
  // The enemy's two empty nodes are part of the board everyone sees.
  await expect(board(page).locator('.node.north[data-side="north"]')).toHaveCount(21);
  await expect(board(page).locator(".node.north:not([data-side])")).toHaveCount(2);
});

test("Classic 25: the Marshal stands fixed in the headquarters, the templates are the mode's", async ({ page }) => {
  await chooseMode(page, "Classic 25");
  await expect(node(page, "e1")).toHaveAttribute("data-kind", "Marshal");
  await expect(node(page, "e1")).toHaveAccessibleName(/^e1: HQ 元帥/);
  // Tapping it picks nothing up; Clear leaves it.
  await node(page, "e1").click();
  await node(page, "d2").click();
  await expect(node(page, "e1")).toHaveAttribute("data-kind", "Marshal");
  await expect(node(page, "d2")).not.toHaveAttribute("data-kind");
  await page.getByRole("button", { name: "Templates" }).click();
  await expect(page.locator(".template")).toHaveCount(3);
  await expect(page.locator('[data-template="missile-battery"] .mini[data-kind]')).toHaveCount(25);
  await page.locator('[data-template="missile-battery"]').getByRole("button").click();
  await expect(board(page).locator('[data-side="south"]')).toHaveCount(25);
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(board(page).locator('[data-side="south"]')).toHaveCount(1);
  await expect(node(page, "e1")).toHaveAttribute("data-kind", "Marshal");
});

test("Classic 25: a strike with the bomb shows its blast before and on the board and in the log after", async ({ page }) => {
  await chooseMode(page, "Classic 25");
  await page.goto("./?first=you#/setup");
  await fillCamp(page, "missile-battery", 25);
  await page.getByRole("button", { name: "Ready" }).click();
  await expect(page).toHaveURL(/#\/play$/);
  await assertOnlyTheMarshalShows(page, "c25");
  await expect(node(page, "e6")).toHaveAccessibleName(/Marshal/);
  // The Missile on b2 (the Atomic bomb beside it on c2) aims at the enemy
  // camp but its headquarters.
  await node(page, "b2").click();
  const targets = board(page).locator('[data-mark="strike"]');
  await expect(targets).toHaveCount(24);
  await expect(node(page, "e6")).not.toHaveAttribute("data-mark");
  // Pointing at a target shows the blast: the cross (over the river too),
  // and what the bomb's 3×3 adds.
  await node(page, "e4").hover();
  await expect(board(page).locator(".node.blast")).toHaveCount(5);
  await expect(board(page).locator(".node.blast-bomb")).toHaveCount(4);
  await node(page, "e5").hover();
  await expect(board(page).locator(".node.blast"), "never the headquarters").toHaveCount(4);
  await node(page, "e5").click();
  const sheet = page.locator(".strike-sheet");
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole("heading")).toHaveText("Strike e5");
  await sheet.getByRole("button", { name: "With the bomb (3×3)" }).click();
  await expect(sheet).toHaveCount(0);
  // The Missile and the bomb are spent; every cleared node is named.
  const line = page.locator(".log li").filter({ hasText: "b2*e5+" });
  await expect(line).toContainText(/The strike cleared b2, c2[^;]*; you lost (Missile, Atomic bomb|Atomic bomb, Missile)/i);
  await expect(node(page, "b2")).not.toHaveAttribute("data-kind");
  await expect(node(page, "c2")).not.toHaveAttribute("data-kind");
  const lost = page.locator(".losses");
  await expect(lost.locator('[data-lost-kind="Missile"]')).toBeVisible();
  await expect(lost.locator('[data-lost-kind="AtomicBomb"]')).toBeVisible();
});

test("Classic 25 on a 390×844 phone: the 9-file board fits, legible, every node a 40 px target", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await chooseMode(page, "Classic 25");
  await fillCamp(page, "balanced", 25);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll).toBeLessThanOrEqual(390);
  const grid = (await board(page).boundingBox())!;
  expect(grid.x).toBeGreaterThanOrEqual(0);
  expect(grid.x + grid.width).toBeLessThanOrEqual(390);
  const smallest = await smallestText(page, ".board");
  expect(smallest.size, `"${smallest.text}"`).toBeGreaterThanOrEqual(11);
  const sizes = await board(page)
    .locator("[data-square]")
    .evaluateAll((ns) => ns.map((n) => n.getBoundingClientRect()).map((r) => Math.max(r.width, r.height)));
  expect(sizes).toHaveLength(50);
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(40);
  console.log(`Classic 25 at 390 px: smallest label ${smallest.size} px ("${smallest.text}"), smallest node ${Math.min(...sizes).toFixed(1)} px`);
});

test("a Classic 25 rule link chooses the mode, and the guides follow it", async ({ page }) => {
  await page.goto("./#/rules/c25-texrt");
  await expect(page.getByRole("status").filter({ hasText: "The game is now Classic 25" })).toBeVisible();
  await page.goto("./#/guide/battles");
  await expect(page.locator('[data-mode="c25"][aria-pressed="true"]')).toBeVisible();
});
