import { expect, test } from "@playwright/test";
import { COUNTS, board, drag, failOnErrors, node, openSetup, placements, press } from "./helpers";

// Setting up: by drag (mouse on desktop, a finger on the phone), by tap-tap,
// from the keyboard, with a template and Random; the timer's fill; Ready;
// and the last setup offered in the next game.

failOnErrors();

const tray = (page: import("@playwright/test").Page, kind: string) =>
  page.locator(`.tray [data-tray-kind="${kind}"]`);

test("pieces are placed, swapped and removed by dragging", async ({ page, isMobile }) => {
  await openSetup(page);
  await drag(page, tray(page, "General"), node(page, "c3"), isMobile);
  await expect(node(page, "c3")).toHaveAttribute("data-kind", "General");
  await expect(tray(page, "General")).toHaveCount(0);
  await drag(page, tray(page, "Spy"), node(page, "d3"), isMobile);
  // Dropping on a placed piece swaps the two.
  await drag(page, node(page, "c3"), node(page, "d3"), isMobile);
  await expect(node(page, "d3")).toHaveAttribute("data-kind", "General");
  await expect(node(page, "c3")).toHaveAttribute("data-kind", "Spy");
  // Dragging back to the tray removes it.
  await drag(page, node(page, "c3"), page.locator(".tray"), isMobile);
  await expect(node(page, "c3")).not.toHaveAttribute("data-kind");
  await expect(tray(page, "Spy")).toHaveCount(1);
  // Enemy camp nodes take nothing.
  await drag(page, tray(page, "Spy"), node(page, "c6"), isMobile);
  await expect(board(page).locator("[data-kind]")).toHaveCount(1);
});

test("pieces are placed by tap-tap and from the keyboard", async ({ page, isMobile }) => {
  await openSetup(page);
  await press(tray(page, "Tank"), isMobile);
  await press(node(page, "a4"), isMobile);
  await expect(node(page, "a4")).toHaveAttribute("data-kind", "Tank");
  await expect(page.locator(".tray [data-tray-kind=Tank] .tray-count")).toHaveCount(0);
  // Tap a placed piece, then another node: it moves there.
  await press(node(page, "a4"), isMobile);
  await press(node(page, "f1"), isMobile);
  await expect(node(page, "f1")).toHaveAttribute("data-kind", "Tank");
  await expect(node(page, "a4")).not.toHaveAttribute("data-kind");

  if (!isMobile) {
    // Keyboard: choose a piece in the tray, walk the grid with arrows, Enter places.
    await tray(page, "Flag").focus();
    await page.keyboard.press("Enter");
    await node(page, "f1").focus();
    await page.keyboard.press("ArrowUp");
    await expect(node(page, "f2")).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(node(page, "e2")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(node(page, "e2")).toHaveAttribute("data-kind", "Flag");
  }
});

test("a template with its preview, Random, Clear and Ready", async ({ page }) => {
  await openSetup(page);
  await expect(page.getByRole("button", { name: "Ready" })).toBeDisabled();
  await page.getByRole("button", { name: "Templates" }).click();
  const fortress = page.locator('[data-template="fortress"]');
  await expect(fortress.locator(".mini")).toHaveCount(23);
  await fortress.getByRole("button").click();
  const placed = await placements(page);
  expect(Object.keys(placed)).toHaveLength(23);
  // "SNTVTN/EAPOPA/YJFXCE/SXGLM": a4 Second Lieutenant, the HQ a General.
  expect(placed["a4"]).toBe("SecondLieutenant");
  expect(placed["c1"]).toBe("General");
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(board(page).locator("[data-kind]")).toHaveCount(0);
  await expect(page.locator(".tray .tray-piece")).toHaveCount(16);
  await page.getByRole("button", { name: "Random" }).click();
  const counts: Record<string, number> = {};
  for (const k of Object.values(await placements(page))) counts[k] = (counts[k] ?? 0) + 1;
  expect(counts).toEqual(COUNTS);
  await page.getByRole("button", { name: "Ready" }).click();
  await expect(page).toHaveURL(/#\/play$/);
});

test("at 0:00 the pieces not placed fill the empty nodes and the game starts", async ({ page, isMobile }) => {
  await openSetup(page, "setup-seconds=4&first=you");
  await expect(page.getByRole("timer")).toHaveText(/^0:0[34]$/);
  await press(tray(page, "General"), isMobile);
  await press(node(page, "f4"), isMobile);
  await expect(page).toHaveURL(/#\/play$/, { timeout: 10_000 });
  const placed = await placements(page);
  expect(Object.keys(placed)).toHaveLength(23);
  expect(placed["f4"]).toBe("General");
});

test("the setup of the previous game is offered as Last setup", async ({ page }) => {
  await openSetup(page);
  await expect(page.getByRole("button", { name: "Last setup" })).toBeDisabled();
  await page.getByRole("button", { name: "Random" }).click();
  const used = await placements(page);
  await page.getByRole("button", { name: "Ready" }).click();
  await expect(page).toHaveURL(/#\/play$/);
  await page.getByRole("button", { name: "Resign" }).click();
  await page.getByRole("button", { name: "Yes, resign" }).click();
  await expect(page.locator(".result")).toContainText("The CPU won.");
  await page.getByRole("button", { name: "Back to setup" }).click();
  await expect(page).toHaveURL(/#\/setup$/);
  await page.reload(); // remembered across visits, too
  await page.getByRole("button", { name: "Last setup" }).click();
  expect(await placements(page)).toEqual(used);
});
