import { expect, test, type Page } from "@playwright/test";

// The three guides of the release build at desktop and phone size: they
// render without sideways page scroll, the battle table follows the preset
// switcher, and the language switch translates them.

const GUIDES = [
  { hash: "#/guide/pieces", title: "#piece-guide-title" },
  { hash: "#/guide/battles", title: "#battle-table-title" },
  { hash: "#/guide/how", title: "#how-to-play-title" },
];

/** Console errors and uncaught exceptions, collected from the page's start. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

let errors: string[] = [];
test.beforeEach(async ({ page }) => {
  errors = watchErrors(page);
  // Start every test in English, whatever the browser's language.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("guides-spec")) {
      sessionStorage.setItem("guides-spec", "1");
      localStorage.clear();
    }
  });
});
test.afterEach(() => {
  expect(errors, "console errors").toEqual([]);
});

async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
  );
}

for (const guide of GUIDES) {
  test(`${guide.hash} renders without sideways page scroll`, async ({ page }) => {
    await page.goto(`./index.html${guide.hash}`);
    await expect(page.locator(guide.title)).toBeVisible();
    expect(await pageScrollsSideways(page)).toBe(false);
    // And at the narrowest phone width the project supports.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.locator(guide.title)).toBeVisible();
    expect(await pageScrollsSideways(page)).toBe(false);
  });
}

test("the piece guide shows all 16 kinds with movement diagrams", async ({ page }) => {
  await page.goto("./index.html#/guide/pieces");
  await expect(page.locator(".pg-card")).toHaveCount(16);
  await expect(page.locator(".pg-card .dg-board")).toHaveCount(16);
  // The Plane's diagram has moves on both sides of the front and one attack.
  const plane = page.locator('.pg-card[data-kind="Plane"]');
  await expect(plane.locator(".dg-attack")).toHaveCount(1);
  await expect(plane.locator(".dg-north.dg-move").first()).toBeVisible();
});

test("the piece guide shows each mode's pieces on its board, and where each is used", async ({ page }) => {
  await page.goto("./index.html#/guide/pieces");
  await expect(page.locator(".pg-card")).toHaveCount(16);
  await expect(page.locator('.pg-card[data-kind="Captain"] .pg-modes')).toHaveText(
    "Used in: Standard 23, Marshal 23, American 21",
  );
  // Classic 25: fifteen kinds on the 9×6 board, the Jet flying anywhere
  // but onto a friend or into the enemy headquarters.
  await page.locator('[data-mode="c25"]').click();
  await expect(page.locator('[data-mode="c25"]')).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator(".guide-rule-code")).toHaveText("c25-htsrf");
  await expect(page.locator(".pg-card")).toHaveCount(15);
  const jet = page.locator('.pg-card[data-kind="Jet"]');
  await expect(jet.locator(".pg-modes")).toHaveText("Used in: Classic 25");
  await expect(jet.locator(".dg-board [data-square]")).toHaveCount(50);
  await expect(jet.locator(".dg-move, .dg-attack")).toHaveCount(47);
  await expect(jet.locator('.dg-board [data-square="e6"]')).not.toHaveClass(/dg-move/);
  // Its Marshal never moves and only an officer takes it.
  const marshal = page.locator('.pg-card[data-kind="Marshal"]');
  await expect(marshal.locator(".pg-moves")).toContainText("Never moves");
  await expect(marshal.locator('[data-list="loses"]')).toContainText("Major");
  await expect(marshal.locator('[data-list="beats"]')).toContainText("Spy");
  expect(await pageScrollsSideways(page)).toBe(false);
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(jet).toBeVisible();
  expect(await pageScrollsSideways(page)).toBe(false);
  // American 21 keeps the preset chosen and adds the Military Police.
  await page.locator('[data-preset="traditional"]').click();
  await page.locator('[data-mode="a21"]').click();
  await expect(page.locator(".guide-rule-code")).toHaveText("a21-texrt");
  await expect(page.locator(".pg-card")).toHaveCount(19);
  await expect(page.locator('.pg-card[data-kind="MilitaryPolice"] [data-list="beats"]')).toContainText(/Atomic bomb/i);
});

test("the battle table follows the preset switcher", async ({ page }) => {
  await page.goto("./index.html#/guide/battles");
  const table = page.locator(".battle-table");
  await expect(table.locator("tbody tr")).toHaveCount(14);
  await expect(table.locator("thead th[scope=col]")).toHaveCount(16);
  await page.locator('[data-preset="kirakuken"]').click();
  await expect(table).toHaveAttribute("data-rules", "htsrf");
  // The Tank attacking the Engineer (tank rule, then engineer rule) and
  // the Mine (it stays, then it explodes).
  const engineerColumn = async () =>
    (await table.locator("thead th[scope=col]").evaluateAll((ths) =>
      ths.map((th) => th.getAttribute("data-kind")),
    )).indexOf("Engineer") + 1;
  let col = await engineerColumn();
  const cellOf = (c: number) =>
    table.locator(`tbody tr[data-kind="Tank"] td:nth-of-type(${c})`);
  await expect(cellOf(col)).toHaveAttribute("data-result", "W");
  const mineColumn = 15;
  await expect(cellOf(mineColumn)).toHaveAttribute("data-result", "L");

  await page.locator('[data-preset="traditional"]').click();
  await expect(table).toHaveAttribute("data-rules", "texrt");
  await expect(page.locator('[data-preset="traditional"]')).toHaveAttribute("aria-pressed", "true");
  col = await engineerColumn();
  await expect(cellOf(col)).toHaveAttribute("data-result", "L");
  await expect(cellOf(mineColumn)).toHaveAttribute("data-result", "B");
  // The rows follow the traditional strength order: the Tank is fifth.
  await expect(table.locator("tbody tr").nth(4)).toHaveAttribute("data-kind", "Tank");
  expect(await pageScrollsSideways(page)).toBe(false);
  // Classic 25's eleven attackers against its fifteen kinds; no Flag.
  await page.locator('[data-mode="c25"]').click();
  await expect(table).toHaveAttribute("data-rules", "c25-texrt");
  await expect(table.locator("tbody tr")).toHaveCount(11);
  await expect(table.locator("thead th[scope=col]")).toHaveCount(15);
  await expect(table.locator('thead th[data-kind="Flag"]')).toHaveCount(0);
  // The last column, the Atomic bomb: a Spy goes up with it.
  await expect(table.locator("thead th[scope=col]").last()).toHaveAttribute("data-kind", "AtomicBomb");
  await expect(table.locator('tbody tr[data-kind="Spy"] td').last()).toHaveAttribute("data-result", "B");
});

test("the language switch translates the guides", async ({ page }) => {
  await page.goto("./index.html#/guide/battles");
  await expect(page.locator("#battle-table-title")).toHaveText("Battle table");
  await switchLanguage(page, "ja");
  await expect(page.locator("#battle-table-title")).toHaveText("勝敗表");
  await expect(page.locator(".battle-table tbody th[scope=row]").first()).toHaveText("大将");
  await page.goto("./index.html#/guide/pieces");
  await expect(page.locator("#piece-guide-title")).toHaveText("駒の解説");
  await page.goto("./index.html#/guide/how");
  await expect(page.locator("#how-to-play-title")).toHaveText("遊び方");
  await switchLanguage(page, "en");
  await expect(page.locator("#how-to-play-title")).toHaveText("How to play");
});

/** Uses the app's language switch. */
async function switchLanguage(page: Page, lang: "en" | "ja") {
  await page.locator(`.lang-switch button[lang="${lang}"]`).click();
}
