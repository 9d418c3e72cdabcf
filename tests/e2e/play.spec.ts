import { expect, test, type Page } from "@playwright/test";
import {
  COUNTS, KINDS, KIND_WORDS, board, failOnErrors, node, playRandomMove, startGame, waitForMyTurn,
} from "./helpers";

// Playing the CPU through the UI: destinations, moves, the log, guess tags,
// hidden enemy kinds, a whole game to its end, the reveal and the replay.

failOnErrors();

/** Checks that nothing on the page tells an enemy piece's kind. */
async function assertNoEnemyKind(page: Page) {
  const enemies = board(page).locator('[data-side="north"]');
  const html = await enemies.evaluateAll((ns) => ns.map((n) => n.outerHTML));
  expect(html.length).toBeGreaterThan(0);
  for (const h of html) {
    for (const word of KIND_WORDS) expect(h, `an enemy node mentions ${word}`).not.toContain(word);
  }
  // The only kind markers are the player's own pieces.
  const own = await board(page).locator('[data-side="south"]').count();
  const markers = await page.evaluate(() => document.querySelectorAll("[data-kind]").length);
  expect(markers).toBe(own);
  // And the whole document names no kind in a place tied to the enemy.
  const doc = await page.evaluate(() => document.documentElement.outerHTML);
  expect(doc).not.toMatch(/data-side="north"[^>]*data-kind/);
  expect(doc).not.toMatch(/data-kind="[A-Za-z]+"[^>]*data-side="north"/);
}

test("a selected piece shows its destinations, attacks apart, and moves by tap", async ({ page }) => {
  await startGame(page, "first=you", "balanced"); // a Tank on b4
  await expect(page.locator(".turn")).toHaveText("Your move");
  await expect(page.locator(".move-count")).toContainText("Move 0 / 300");
  // The camps are full at the start: every destination is an attack.
  await node(page, "b4").click();
  await expect(node(page, "b4")).toHaveAttribute("aria-selected", "true");
  const attack = board(page).locator('[data-mark="attack"]');
  await expect(attack.first()).toBeVisible();
  await expect(attack.first()).toHaveAttribute("data-side", "north");
  await expect(attack.first()).toHaveAccessibleName(/attack/);
  await expect(board(page).locator('[data-mark="move"]')).toHaveCount(0);
  // Tapping it again deselects.
  await node(page, "b4").click();
  await expect(board(page).locator("[data-mark]")).toHaveCount(0);
  await node(page, "b4").click();
  await node(page, "b5").click();
  await expect(node(page, "b4")).toHaveClass(/last-south/);
  await expect(page.locator(".log")).toContainText("You: b4-b5");
  // The CPU answers without freezing the page; its move is highlighted.
  expect(await waitForMyTurn(page)).toBe(true);
  await expect(board(page).locator(".last-north")).toHaveCount(2);
  await expect(page.locator(".move-count")).toContainText("Move 2 / 300");
  await expect(page.locator(".announcer")).toContainText("CPU:");
  await assertNoEnemyKind(page);
  // Plain moves (onto empty nodes) are marked apart from attacks.
  for (let i = 0; i < 10 && (await waitForMyTurn(page)); i++) {
    const own = await board(page).locator('[data-side="south"]').evaluateAll((ns) => ns.map((n) => n.getAttribute("data-square")!));
    let seen = false;
    for (const sq of own) {
      await node(page, sq).click();
      const plain = board(page).locator('[data-mark="move"]');
      if ((await plain.count()) > 0) {
        await expect(plain.first()).not.toHaveAttribute("data-side");
        await expect(plain.first()).toHaveAccessibleName(/you can move here/);
        seen = true;
        break;
      }
    }
    if (seen) break;
    await playRandomMove(page);
  }
});

test("guess tags follow a moving enemy piece and go with it", async ({ page }) => {
  test.setTimeout(120_000); // 23 tags, one by one, on a busy phone
  await startGame(page, "first=you");
  // Tag every enemy piece with a guess chosen by its identity.
  const ids = await board(page).locator("[data-enemy]").evaluateAll((ns) => ns.map((n) => [n.getAttribute("data-square")!, n.getAttribute("data-enemy")!]));
  expect(ids).toHaveLength(23);
  const guessOf = (id: string) => KINDS[Number(id) % KINDS.length];
  for (const [sq, id] of ids) {
    await node(page, sq).click();
    await page.locator(`.tag-sheet [data-guess-option="${guessOf(id)}"]`).click();
  }
  await expect(board(page).locator("[data-guess]")).toHaveCount(23);
  await expect(node(page, ids[0][0])).toHaveAccessibleName(/your guess/);
  // Clearing a tag.
  await node(page, ids[0][0]).click();
  await page.getByRole("button", { name: "No guess" }).click();
  await expect(board(page).locator("[data-guess]")).toHaveCount(22);

  // Play until the CPU has moved a piece to a new node; its tag went along.
  for (let i = 0; i < 30; i++) {
    if (!(await waitForMyTurn(page))) break;
    const last = board(page).locator(".last-north[data-enemy]");
    if ((await last.count()) > 0 && (await page.locator(".log li.battle").count()) === 0) {
      const id = (await last.getAttribute("data-enemy"))!;
      if (id !== ids[0][1]) {
        await expect(last).toHaveAttribute("data-guess", guessOf(id));
        const from = ids.find(([, i]) => i === id)![0];
        if (from !== (await last.getAttribute("data-square"))) break;
      }
    }
    await playRandomMove(page);
  }
  // Every tag is still on the piece it was given to; fallen pieces lost
  // theirs. Read once the CPU's reply to the last move is on the board.
  await waitForMyTurn(page);
  const tagged = await page.evaluate(() =>
    [...document.querySelectorAll('[role="grid"] [data-guess]')].map((n) => [n.getAttribute("data-enemy")!, n.getAttribute("data-guess")!]),
  );
  for (const [id, guess] of tagged) expect(guess).toBe(guessOf(id));
  const enemies = await board(page).locator("[data-enemy]").count();
  expect(tagged.length).toBeLessThanOrEqual(enemies);
});

test("a whole game against the Easy CPU to its end, then the reveal and the replay", async ({ page }) => {
  test.setTimeout(240_000);
  await startGame(page);
  let checks = 0;
  while (await waitForMyTurn(page)) {
    if (checks++ % 25 === 0) await assertNoEnemyKind(page);
    await playRandomMove(page);
  }
  await expect(page).toHaveURL(/#\/end$/);
  const result = page.locator(".result");
  await expect(result.locator(".headline")).toHaveText(/You won!|The CPU won\.|Draw\./);
  await expect(result.locator(".reason")).not.toBeEmpty();

  // The whole board is revealed: every piece shows its kind and side.
  const shown = board(page).locator("[data-square][data-side]");
  const kinds = await shown.evaluateAll((ns) => ns.map((n) => n.getAttribute("data-kind")));
  expect(kinds.every((k) => k !== null)).toBe(true);

  // The replay from the start: both complete camps, every kind on each side.
  await page.getByRole("button", { name: "Start", exact: true }).click();
  await expect(page.locator(".replay-position")).toContainText("Position after move 0");
  for (const side of ["south", "north"]) {
    const placed = await board(page).locator(`[data-side="${side}"]`).evaluateAll((ns) => ns.map((n) => n.getAttribute("data-kind")!));
    const counts: Record<string, number> = {};
    for (const k of placed) counts[k] = (counts[k] ?? 0) + 1;
    expect(counts, side).toEqual(COUNTS);
  }
  const html = await page.evaluate(() => document.documentElement.outerHTML);
  for (const kind of KINDS) expect(html).toContain(`data-kind="${kind}"`);
  // Step and scrub.
  await page.getByRole("button", { name: "Forward", exact: true }).click();
  await expect(page.locator(".replay-position")).toContainText("Position after move 1");
  await expect(board(page).locator(".last-south, .last-north")).toHaveCount(2);
  await page.locator(".scrub").fill("3");
  await expect(page.locator(".replay-position")).toContainText("Position after move 3");
  await page.getByRole("button", { name: "Back", exact: true }).click();
  await expect(page.locator(".replay-position")).toContainText("Position after move 2");

  // Play again with the same settings.
  await page.getByRole("button", { name: "Play again" }).click();
  await expect(page).toHaveURL(/#\/play$/);
  // The CPU, if it moves first, may already have fought a battle.
  await expect.poll(() => board(page).locator('[data-side="north"]').count()).toBeGreaterThanOrEqual(22);
});

test("resigning asks first, then ends the game", async ({ page }) => {
  await startGame(page);
  await page.getByRole("button", { name: "Resign" }).click();
  await page.getByRole("button", { name: "Keep playing" }).click();
  await expect(page).toHaveURL(/#\/play$/);
  await page.getByRole("button", { name: "Resign" }).click();
  await page.getByRole("button", { name: "Yes, resign" }).click();
  await expect(page.locator(".result .headline")).toHaveText("The CPU won.");
  await expect(page.locator(".result .reason")).toHaveText("You resigned.");
  await expect(board(page).locator('[data-side="north"][data-kind]')).not.toHaveCount(0);
});
