import { expect, test } from "@playwright/test";
import { COUNTS, board, failOnErrors, openSetup, placements } from "./helpers";

// The board's geometry and look on the setup page, at desktop and phone
// size: files, ranks, the one-node headquarters, the front and its bridges,
// the layout and the colours.

failOnErrors();

const FILES = ["a", "b", "c", "d", "e", "f"];

async function open(page: import("@playwright/test").Page) {
  await openSetup(page);
  await page.getByRole("button", { name: "Random" }).click();
  await expect(board(page).locator("[data-kind]")).toHaveCount(23);
  return board(page);
}

test("the page has its title and header", async ({ page }) => {
  await open(page);
  await expect(page).toHaveTitle("軍人将棋 Gunjin Shogi · 喜楽軒 Kirakuken");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("軍人将棋 Gunjin Shogi");
});

test("the board is 8 ranks by 6 files with one-node headquarters", async ({ page }) => {
  const grid = await open(page);
  const nodes = grid.locator("[data-square]");
  await expect(nodes).toHaveCount(46);

  const box = async (name: string) => {
    const b = await grid.locator(`[data-square="${name}"]`).boundingBox();
    expect(b, name).not.toBeNull();
    return b!;
  };

  for (let rank = 1; rank <= 8; rank++) {
    for (const file of FILES) {
      const count = file === "d" && (rank === 1 || rank === 8) ? 0 : 1;
      await expect(grid.locator(`[data-square="${file}${rank}"]`)).toHaveCount(count);
    }
  }

  // Files run a→f left to right, ranks 8→1 top to bottom (the player's view).
  for (let rank = 1; rank <= 8; rank++) {
    const a = await box(`a${rank}`);
    const f = await box(`f${rank}`);
    expect(a.x + a.width).toBeLessThanOrEqual(f.x);
    expect(Math.abs(a.y - f.y)).toBeLessThan(1);
    if (rank > 1) expect((await box(`a${rank}`)).y).toBeLessThan((await box(`a${rank - 1}`)).y);
  }

  for (const rank of [1, 8]) {
    const hq = await box(`c${rank}`);
    const b = await box(`b${rank}`);
    const e = await box(`e${rank}`);
    const c2 = await box(`c${rank === 1 ? 2 : 7}`);
    const d2 = await box(`d${rank === 1 ? 2 : 7}`);
    expect(hq.x).toBeGreaterThanOrEqual(b.x + b.width);
    expect(hq.x + hq.width).toBeLessThanOrEqual(e.x);
    expect(Math.abs(hq.x - c2.x)).toBeLessThan(1);
    expect(Math.abs(hq.x + hq.width - (d2.x + d2.width))).toBeLessThan(1);
    await expect(grid.locator(`[data-square="c${rank}"]`)).toHaveAttribute("aria-colspan", "2");
  }

  await expect(grid.getByRole("rowheader")).toHaveText(["8", "7", "6", "5", "4", "3", "2", "1"]);
  await expect(grid.getByRole("columnheader")).toHaveText(FILES);
});

test("the front runs between ranks 4 and 5 with bridges on b and e", async ({ page }) => {
  const grid = await open(page);
  const front = grid.locator(".front");
  await expect(front).toBeVisible();
  const river = (await front.boundingBox())!;
  const b5 = (await grid.locator('[data-square="b5"]').boundingBox())!;
  const b4 = (await grid.locator('[data-square="b4"]').boundingBox())!;
  expect(river.y).toBeGreaterThanOrEqual(b5.y + b5.height - 0.5);
  expect(river.y + river.height).toBeLessThanOrEqual(b4.y + 0.5);
  expect(river.height).toBeGreaterThan(8);

  await expect(grid.locator("[data-bridge]")).toHaveCount(2);
  for (const file of ["b", "e"]) {
    const bridge = grid.locator(`[data-bridge="${file}"]`);
    await expect(bridge).toBeVisible();
    const bb = (await bridge.boundingBox())!;
    const below = (await grid.locator(`[data-square="${file}4"]`).boundingBox())!;
    expect(bb.x).toBeGreaterThanOrEqual(below.x);
    expect(bb.x + bb.width).toBeLessThanOrEqual(below.x + below.width);
    expect(bb.y).toBeLessThanOrEqual(river.y);
    expect(bb.y + bb.height).toBeGreaterThanOrEqual(river.y + river.height);
  }
});

test("a random setup fills the own camp with exactly the 23 pieces of a side", async ({ page }) => {
  await open(page);
  const placed = await placements(page);
  const squares = Object.keys(placed);
  expect(squares).toHaveLength(23);
  for (const square of squares) expect(Number(square.slice(1)), square).toBeLessThanOrEqual(4);
  const counts: Record<string, number> = {};
  for (const kind of Object.values(placed)) counts[kind] = (counts[kind] ?? 0) + 1;
  expect(counts).toEqual(COUNTS);

  // Each piece shows its Japanese name and a short label, and tells screen
  // readers where it is and what it is.
  const general = board(page).locator('[data-kind="General"]');
  await expect(general.locator(".kanji")).toHaveText("大将");
  await expect(general.locator(".label")).toHaveText("Gen");
  const square = await general.getAttribute("data-square");
  // Its name holds what it shows, then the words for it (WCAG's label in name).
  await expect(general).toHaveAccessibleName(new RegExp(`^${square}: (HQ )?大将 Gen ?, General`));

  // Random again draws another setup.
  await page.getByRole("button", { name: "Random" }).click();
  await expect.poll(() => placements(page)).not.toEqual(placed);
});

test("the page fits the viewport without horizontal scrolling", async ({ page }) => {
  const grid = await open(page);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  const bb = (await grid.boundingBox())!;
  expect(bb.x).toBeGreaterThanOrEqual(0);
  expect(bb.x + bb.width).toBeLessThanOrEqual(innerWidth);
  const a1 = (await grid.locator('[data-square="a1"]').boundingBox())!;
  expect(a1.width).toBeGreaterThanOrEqual(44);
  // Dragging a piece never scrolls the page.
  await expect(grid.locator('[data-square="a1"]')).toHaveCSS("touch-action", "none");
});

test("a 360 px wide phone has no horizontal scroll either", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const grid = await open(page);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll).toBeLessThanOrEqual(360);
  const a1 = (await grid.locator('[data-square="a1"]').boundingBox())!;
  expect(a1.width).toBeGreaterThanOrEqual(44);
});

test("the colours follow the system's light or dark preference", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await open(page);
  const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.emulateMedia({ colorScheme: "dark" });
  const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(dark).not.toEqual(light);
  const luminance = (rgb: string) => {
    const [r, g, b] = rgb.match(/\d+/g)!.map(Number);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  expect(luminance(dark)).toBeLessThan(luminance(light));
});
