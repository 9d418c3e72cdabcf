import { expect, test, type Page } from "@playwright/test";

// The release build in a real browser, at desktop and phone size: the board's
// geometry, the random South setup, the layout, and a clean console.

/** How many of each kind a side has (RULES.md §2), keyed by `data-kind`. */
const COUNTS: Record<string, number> = {
  General: 1,
  LieutenantGeneral: 1,
  MajorGeneral: 1,
  Plane: 2,
  Colonel: 1,
  LieutenantColonel: 1,
  Tank: 2,
  Major: 1,
  Captain: 2,
  Cavalry: 1,
  Lieutenant: 2,
  SecondLieutenant: 2,
  Engineer: 2,
  Spy: 1,
  Mine: 2,
  Flag: 1,
};

const FILES = ["a", "b", "c", "d", "e", "f"];

/** Console errors and uncaught exceptions, collected from the page's start. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

// Every test also checks that the page logged no error and threw nothing.
let errors: string[] = [];
test.beforeEach(({ page }) => {
  errors = watchErrors(page);
});
test.afterEach(() => {
  expect(errors, "console errors and uncaught exceptions").toEqual([]);
});

async function open(page: Page) {
  await page.goto("./");
  const board = page.getByRole("grid", { name: /board/i });
  await expect(board).toBeVisible();
  await expect(board.locator("[data-kind]")).toHaveCount(23);
  return board;
}

/** `data-square` → `data-kind` of every occupied node. */
async function placements(page: Page): Promise<Record<string, string>> {
  return page
    .locator(".board [data-square][data-kind]")
    .evaluateAll((nodes) =>
      Object.fromEntries(nodes.map((n) => [n.getAttribute("data-square"), n.getAttribute("data-kind")])),
    );
}

test("the page has its title and header", async ({ page }) => {
  await open(page);
  await expect(page).toHaveTitle("軍人将棋 Gunjin Shogi");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("軍人将棋 Gunjin Shogi");
});

test("the board is 8 ranks by 6 files with one-node headquarters", async ({ page }) => {
  const board = await open(page);
  const nodes = board.locator("[data-square]");
  await expect(nodes).toHaveCount(46);

  const box = async (name: string) => {
    const b = await board.locator(`[data-square="${name}"]`).boundingBox();
    expect(b, name).not.toBeNull();
    return b!;
  };

  // Every file and rank exists; d1 and d8 are the headquarters' other halves.
  for (let rank = 1; rank <= 8; rank++) {
    for (const file of FILES) {
      const count = (file === "d" && (rank === 1 || rank === 8)) ? 0 : 1;
      await expect(board.locator(`[data-square="${file}${rank}"]`)).toHaveCount(count);
    }
  }

  // Files run a→f left to right, ranks 8→1 top to bottom (South's view).
  for (let rank = 1; rank <= 8; rank++) {
    const a = await box(`a${rank}`);
    const f = await box(`f${rank}`);
    expect(a.x + a.width).toBeLessThanOrEqual(f.x);
    expect(Math.abs(a.y - f.y)).toBeLessThan(1);
    if (rank > 1) expect((await box(`a${rank}`)).y).toBeLessThan((await box(`a${rank - 1}`)).y);
  }

  // Each headquarters is one node as wide as files c and d together.
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
    await expect(board.locator(`[data-square="c${rank}"]`)).toHaveAttribute("aria-colspan", "2");
  }

  // Rank numbers and file letters around the board.
  await expect(board.getByRole("rowheader")).toHaveText(["8", "7", "6", "5", "4", "3", "2", "1"]);
  await expect(board.getByRole("columnheader")).toHaveText(FILES);
});

test("the front runs between ranks 4 and 5 with bridges on b and e", async ({ page }) => {
  const board = await open(page);
  const front = board.locator(".front");
  await expect(front).toBeVisible();
  const river = (await front.boundingBox())!;
  const b5 = (await board.locator('[data-square="b5"]').boundingBox())!;
  const b4 = (await board.locator('[data-square="b4"]').boundingBox())!;
  expect(river.y).toBeGreaterThanOrEqual(b5.y + b5.height - 0.5);
  expect(river.y + river.height).toBeLessThanOrEqual(b4.y + 0.5);
  expect(river.height).toBeGreaterThan(8);

  const bridges = board.locator("[data-bridge]");
  await expect(bridges).toHaveCount(2);
  for (const file of ["b", "e"]) {
    const bridge = board.locator(`[data-bridge="${file}"]`);
    await expect(bridge).toBeVisible();
    const bb = (await bridge.boundingBox())!;
    const above = (await board.locator(`[data-square="${file}5"]`).boundingBox())!;
    const below = (await board.locator(`[data-square="${file}4"]`).boundingBox())!;
    // Over its file, reaching across the whole river.
    expect(bb.x).toBeGreaterThanOrEqual(below.x);
    expect(bb.x + bb.width).toBeLessThanOrEqual(below.x + below.width);
    expect(bb.y).toBeLessThanOrEqual(river.y);
    expect(bb.y + bb.height).toBeGreaterThanOrEqual(river.y + river.height);
    expect(bb.y).toBeGreaterThanOrEqual(above.y);
  }
});

test("South's camp holds exactly the 23 pieces of a side", async ({ page }) => {
  await open(page);
  const placed = await placements(page);
  const squares = Object.keys(placed);
  expect(squares).toHaveLength(23);
  for (const square of squares) {
    expect(Number(square.slice(1)), square).toBeLessThanOrEqual(4);
  }
  const counts: Record<string, number> = {};
  for (const kind of Object.values(placed)) counts[kind] = (counts[kind] ?? 0) + 1;
  expect(counts).toEqual(COUNTS);

  // Every piece shows its Japanese name and an English label, and says both
  // where it is and what it is to screen readers.
  const general = page.locator('.board [data-kind="General"]');
  await expect(general.locator(".kanji")).toHaveText("大将");
  await expect(general.locator(".label")).toHaveText("Gen");
  const square = await general.getAttribute("data-square");
  await expect(general).toHaveAttribute("aria-label", new RegExp(`^${square}: General`));
});

test("New random setup draws another setup", async ({ page }) => {
  const board = await open(page);
  const before = await placements(page);
  await page.getByRole("button", { name: "New random setup" }).click();
  await expect.poll(() => placements(page)).not.toEqual(before);
  await expect(board.locator("[data-kind]")).toHaveCount(23);
});

test("the page fits the viewport without horizontal scrolling", async ({ page }) => {
  const board = await open(page);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  const bb = (await board.boundingBox())!;
  expect(bb.x).toBeGreaterThanOrEqual(0);
  expect(bb.x + bb.width).toBeLessThanOrEqual(innerWidth);
  // Squares stay large enough to read and to tap.
  const a1 = (await board.locator('[data-square="a1"]').boundingBox())!;
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
