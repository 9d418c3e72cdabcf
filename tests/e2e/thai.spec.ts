import { expect, test, type Page } from "@playwright/test";
import { board, card, expectAccessible, failOnErrors, settings, smallestText } from "./helpers";

// Thai, the third language: offered by the switch in its own name,
// chosen by a Thai browser, remembered; the home page, a game of each kind
// and the guides in Thai, with the Thai army's ranks and seed 002's Shogi
// pieces; long Thai texts (no spaces between words) wrap at 360 px.

failOnErrors();

/** Opens `hash` with Thai chosen on the switch, as a player would. */
async function inThai(page: Page, hash = "#/") {
  await page.goto(`./${hash}`);
  await page.getByRole("button", { name: "ไทย" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
}

async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

test("the switch offers each language in its own name, and Thai is remembered", async ({ page }) => {
  await page.goto("./");
  const languages = page.getByRole("group", { name: "Language" }).getByRole("button");
  await expect(languages).toHaveText(["English", "日本語", "ไทย"]);
  await expect(page.getByRole("button", { name: "ไทย" })).toHaveAttribute("lang", "th");
  await inThai(page);
  await expect(page.getByRole("heading", { name: "เลือกเกม" })).toBeVisible();
  for (const game of ["gunjin", "shogi"] as const) {
    await expect(card(page, game).getByRole("button", { name: "เล่นกับ CPU" })).toBeVisible();
    await expect(card(page, game).getByRole("link", { name: "กับเพื่อน บนอุปกรณ์นี้" })).toBeVisible();
    await expect(card(page, game).locator("summary.learn")).toHaveText("เรียนรู้ วิธีเล่น");
  }
  const chosen = await settings(page);
  await expect(chosen.getByRole("radio", { name: "ปานกลาง" })).toBeVisible();
  await expect(page.getByRole("button", { name: "ไทย" })).toHaveAttribute("aria-pressed", "true");
  // Stored as its code, where the settings keep the language.
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("gunjin")!).settings.locale);
  expect(saved).toBe("th");
  await page.reload();
  await expect(card(page).getByRole("button", { name: "เล่นกับ CPU" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "English" }).click();
  await expect(card(page).getByRole("button", { name: "Play the CPU" })).toBeVisible();
});

test("a Thai browser starts in Thai", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: "th-TH", baseURL });
  const page = await context.newPage();
  await page.goto("./");
  await expect(card(page).getByRole("button", { name: "เล่นกับ CPU" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await context.close();
});

test("a game against the CPU in Thai: the Thai army's ranks on the pieces", async ({ page }) => {
  await inThai(page, "?first=you#/setup");
  await expect(page.getByRole("heading", { name: "จัดทัพในค่ายของคุณ" })).toBeVisible();
  await page.getByRole("button", { name: "สุ่ม" }).click();
  // The kanji on the piece, its short Thai label, then its Thai name.
  const general = board(page).locator('[data-kind="General"]');
  await expect(general).toHaveAccessibleName(/^[a-f][1-4]: .*大将 ?พล\.อ\. ?, พลเอก$/);
  await expect(general.locator(".label")).toBeVisible();
  await page.getByRole("button", { name: "พร้อม" }).click();
  await expect(page).toHaveURL(/#\/play$/);
  await expect(page.locator(".turn")).toContainText("ตาของคุณ");
  await expect(page.getByRole("button", { name: "ยอมแพ้" })).toBeVisible();
  await expectAccessible(page);
});

test("Shogi with a friend in Thai: the sides, the hands and the notation as the rules crate writes it", async ({ page }) => {
  await inThai(page);
  await card(page, "shogi").getByRole("link", { name: "กับเพื่อน บนอุปกรณ์นี้" }).click();
  await expect(page.locator(".shogi-status")).toHaveText("ตาของฝ่ายเดินก่อน (▲)");
  const square = (sq: string) => page.locator(`.shogi-board [data-square="${sq}"]`);
  await expect(square("7g")).toHaveAccessibleName(/เบี้ยของฝ่ายเดินก่อน/);
  await square("7g").click();
  await square("7f").click();
  await expect(page.locator(".shogi-status")).toContainText("ตาของฝ่ายเดินหลัง (△)");
  await expect(page.locator(".shogi-moves li")).toHaveText(["1 ▲７六歩"]);
  await expect(page.getByText("หมากในมือของฝ่ายเดินก่อน")).toBeVisible();
});

test("Shogi's pieces take seed 002's Thai names in the piece guide", async ({ page }) => {
  await inThai(page, "#/shogi/guide/pieces");
  await expect(page.getByRole("heading", { name: "หมากโชงิและการเดิน", level: 2 })).toBeVisible();
  const names: Record<string, string> = {
    King: "ขุน",
    Rook: "เรือ",
    Bishop: "โคน",
    Gold: "ทอง",
    Silver: "เงิน",
    Knight: "ม้า",
    Lance: "หอก",
    Pawn: "เบี้ย",
  };
  for (const [role, name] of Object.entries(names)) {
    await expect(page.locator(`.sg-card[data-role="${role}"]`)).toContainText(name);
  }
  await expect(page.locator('.sg-card[data-role="Rook"] .sg-promotion')).toContainText("เลื่อนขั้นเป็นเรือเลื่อนขั้น");
  await expect(page.locator('.sg-card[data-role="Bishop"] .sg-promotion')).toContainText("โคนเลื่อนขั้น");
  await expect(page.locator('.sg-card[data-role="Pawn"] .sg-promotion')).toContainText("เบี้ยเลื่อนขั้น");
  await expect(page.locator('.sg-card[data-role="King"] .sg-promotion')).toHaveText("ไม่เลื่อนขั้น");
  expect((await smallestText(page, ".shogi-guide")).size).toBeGreaterThanOrEqual(11);
  await expectAccessible(page);
});

test("the Gunjin piece guide names each piece in Thai beside its kanji", async ({ page }) => {
  await inThai(page, "#/guide/pieces");
  await expect(page.locator('.pg-card[data-kind="General"] .pg-names')).toContainText("大将 พลเอก");
  await expect(page.locator('.pg-card[data-kind="SecondLieutenant"] .pg-names')).toContainText("少尉 ร้อยตรี");
  await expect(page.locator('.pg-card[data-kind="General"] .pg-name')).toHaveAttribute("lang", "th");
  await expectAccessible(page);
});

test("long Thai texts wrap at 360 px without sideways scroll", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await inThai(page);
  // The longest line of the home page, under the Traditional rules.
  const chosen = await settings(page);
  await chosen.getByRole("radio", { name: "กติกาดั้งเดิม" }).check();
  const text = chosen.locator(".preset-text");
  await expect(text).toContainText("ห้ามวางธงชัยในแถวหลังสุด");
  const { height, line } = await text.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    line: parseFloat(getComputedStyle(el).lineHeight),
  }));
  expect(height, "the text wraps onto several lines").toBeGreaterThan(2.5 * line);
  expect(await scrollsSideways(page)).toBe(false);
  for (const hash of ["#/setup", "#/guide/how", "#/guide/pieces", "#/guide/battles", "#/friend", "#/shogi/guide/how", "#/shogi/import"]) {
    await page.goto(`./${hash}`);
    await expect(page.locator("main h2").first()).toBeVisible();
    expect(await scrollsSideways(page), hash).toBe(false);
  }
});
