import { expect, test, type Page } from "@playwright/test";
import {
  KIND_WORDS,
  board,
  card,
  expectAccessible,
  failOnErrors,
  fillCamp,
  placements,
  playRandomMove,
  settings,
} from "./helpers";

// Gunjin with a friend on this device: each player sets up in secret and
// moves in turn, with a handoff screen between them that holds nothing of
// either side (checked in the DOM, not by what is visible).

failOnErrors();

const NAMES = { south: "Aki", north: "Ben" };

/** The handoff screen to `name`: no board, no piece, no kind in the page. */
async function expectHandoff(page: Page, name: string) {
  await expect(page.locator(".handoff-ready")).toHaveText(`Pass to ${name} — tap when ready`);
  await expect(page.locator("[data-square], [data-kind], [data-side], [data-template]")).toHaveCount(0);
  const html = await page.locator("main").innerHTML();
  for (const word of KIND_WORDS) expect(html, `the handoff screen names ${word}`).not.toContain(word);
}

/** Takes the device at the handoff screen. */
async function take(page: Page, name: string) {
  await expectHandoff(page, name);
  await page.locator(".handoff-ready").click();
}

/** Sets up (a template, or Random) and says Ready; returns the camp as drawn. */
async function setUp(page: Page, name: string, template?: string) {
  await take(page, name);
  await expect(page.locator(".friend-who")).toContainText(name);
  // The other player's setup is nowhere on this one's board.
  await expect(board(page).locator("[data-kind]")).toHaveCount(0);
  await fillCamp(page, template);
  const camp = await placements(page);
  await page.getByRole("button", { name: "Ready" }).click();
  return camp;
}

/** The side on screen sees its own kinds at the bottom and only backs of the other's. */
async function expectOwnView(page: Page, name: string) {
  await expect(page.locator(".turn")).toHaveText("Your move");
  await expect(page.locator(".players")).toContainText(name);
  await expect(board(page).locator('[data-side="south"][data-kind]').first()).toBeVisible();
  await expect(board(page).locator('[data-side="north"]').first()).toBeVisible();
  await expect(board(page).locator('[data-side="north"][data-kind]')).toHaveCount(0);
}

test("two players on one device: secret setups, handoffs, a reload, the end", async ({ page }) => {
  await page.goto("./?first=you#/");
  await (await settings(page)).getByLabel("Your name").fill(NAMES.south);
  await card(page).getByRole("link", { name: "Friend on this device" }).click();
  await expect(page).toHaveURL(/#\/friend$/);
  await expect(page.locator("input.player-1")).toHaveValue(NAMES.south);
  await expectAccessible(page);
  await page.locator("input.player-2").fill(NAMES.north);
  await page.getByRole("button", { name: "Start" }).click();

  const aki = await setUp(page, NAMES.south);
  const ben = await setUp(page, NAMES.north, "balanced");

  // Aki moves first, Ben answers, each through the handoff screen; the
  // mover sees their result, the other what the referee told them.
  for (let move = 0; move < 4; move++) {
    const [name, other, camp] = move % 2 === 0 ? [NAMES.south, NAMES.north, aki] : [NAMES.north, NAMES.south, ben];
    await take(page, name);
    await expectOwnView(page, name);
    if (move === 0) await expectAccessible(page);
    if (move < 2) {
      // Their own setup as they made it (less any piece lost to the first move).
      const seen = await placements(page);
      for (const [square, kind] of Object.entries(seen)) expect(camp[square]).toBe(kind);
    } else {
      await expect(page.locator(".log li").first()).toContainText(`${other}:`);
    }
    expect(await playRandomMove(page, "#/friend")).toBe(true);
    await expect(page.locator(".log li").first()).toContainText("You:");
    await expect(page.locator(".turn")).toHaveText(`Pass the device to ${other}.`);
    await page.getByRole("button", { name: `Pass to ${other}` }).click();
    if (move === 0) await expectAccessible(page);
    if (move === 1) {
      // A reload comes back to the handoff screen, never to a side's pieces.
      await page.reload();
      await expectHandoff(page, NAMES.south);
    }
  }

  await take(page, NAMES.south);
  await expectOwnView(page, NAMES.south);
  await page.getByRole("button", { name: "Resign" }).click();
  await page.getByRole("button", { name: "Yes, resign" }).click();
  await expect(page.locator(".result .headline")).toHaveText(`${NAMES.north} won.`);
  await expect(page.locator(".result .reason")).toHaveText(`${NAMES.south} resigned.`);
  // The log (the winner's) names both players, never "You".
  const endLog = page.locator(".end-log .log");
  await expect(endLog).toContainText(`${NAMES.north}:`);
  await expect(endLog).toContainText(`${NAMES.south}:`);
  await expect(endLog).not.toContainText("You");
  // The whole board revealed: both sides' kinds.
  await expect(board(page).locator('[data-side="north"][data-kind]').first()).toBeVisible();
  await expect(board(page).locator('[data-side="south"][data-kind]').first()).toBeVisible();
  await page.reload();
  await expect(page.locator(".result .headline")).toHaveText(`${NAMES.north} won.`);
  // Not stored as the CPU's game is, a friend's game is reviewed by its link.
  await page.getByRole("link", { name: "Review", exact: true }).click();
  await expect(page).toHaveURL(/#\/review\/G[A-Za-z0-9_-]+$/);
  await expect(page.getByRole("heading", { name: "Review of the game" })).toBeVisible();
  await page.goBack();
  await page.getByRole("button", { name: "New game" }).click();
  await expect(page.locator("input.player-2")).toBeVisible();
});

test("a game abandoned at the handoff screen, after a question, is forgotten", async ({ page }) => {
  await page.goto("./?first=you#/friend");
  await page.locator("input.player-1").fill(NAMES.south);
  await page.locator("input.player-2").fill(NAMES.north);
  await page.getByRole("button", { name: "Start" }).click();
  await expectHandoff(page, NAMES.south);
  expect(await page.evaluate(() => localStorage.getItem("gunjin-friend"))).not.toBeNull();
  // The home page says a game waits, and leads back to it.
  await page.goto("./#/");
  await card(page).getByRole("link", { name: "Resume the game with a friend" }).click();
  await expectHandoff(page, NAMES.south);

  // Asked first; keeping on playing leaves the game as it was.
  await page.getByRole("button", { name: "End this game", exact: true }).click();
  await expect(page.getByRole("alertdialog")).toContainText("End this game for both players?");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Keep playing" }).click();
  await expect(page.getByRole("button", { name: "End this game", exact: true })).toBeFocused();
  await expectHandoff(page, NAMES.south);

  await page.getByRole("button", { name: "End this game", exact: true }).click();
  await page.getByRole("button", { name: "Yes, end it" }).click();
  await expect(page).toHaveURL(/#\/$/);
  expect(await page.evaluate(() => localStorage.getItem("gunjin-friend"))).toBeNull();
  await expect(card(page).getByRole("link", { name: "Friend on this device" })).toBeVisible();
  await page.goto("./#/friend");
  await expect(page.locator("input.player-2")).toHaveValue("");
});

test("a Classic 25 strike that meets a Missile in the air says so and why", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop", "seen on a laptop");
  await page.goto("./?first=you#/");
  await (await settings(page)).getByLabel("Classic 25", { exact: true }).check();
  await card(page).getByRole("link", { name: "Friend on this device" }).click();
  await page.locator("input.player-1").fill(NAMES.south);
  await page.locator("input.player-2").fill(NAMES.north);
  await page.getByRole("button", { name: "Start" }).click();
  // Both set up the same formation: Missiles on d2 and f2, the bomb
  // between; from the other side, North's on f5 and d5.
  for (const name of [NAMES.south, NAMES.north]) {
    await take(page, name);
    await fillCamp(page, "balanced", 25);
    await page.getByRole("button", { name: "Ready" }).click();
  }
  await take(page, NAMES.south);
  // The Missile on d2 strikes d5 without the bomb: the blast holds North's
  // Missile there, and its Majors on d4 and c5 and its bomb on e5.
  await board(page).locator('[data-square="d2"]').click();
  await board(page).locator('[data-square="d5"]').click();
  await page.locator(".strike-sheet .strike-plain").click();
  const line = page.locator(".log li").first();
  await expect(line).toContainText("The Missiles collided in the air (an enemy Missile was in the blast), so nothing else in it was hit.");
  await expect(line).toContainText("The strike cleared d2, d5; you lost Missile.");
  for (const standing of ["d4", "c5", "e5"]) {
    await expect(board(page).locator(`[data-square="${standing}"]`)).toHaveAttribute("data-side", "north");
  }
  // The side struck is told the same.
  await page.getByRole("button", { name: `Pass to ${NAMES.north}` }).click();
  await take(page, NAMES.north);
  await expect(page.locator(".log li").first()).toContainText("The Missiles collided in the air");
});
