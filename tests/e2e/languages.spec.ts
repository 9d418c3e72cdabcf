import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { card, failOnErrors } from "./helpers";
import { serve, waitForController, type Served } from "./pwa-helpers";

// Languages on demand: the home page's words are a file per language
// (words-<lang>-<hash>.txt), index.html fetches the reader's beside the
// app, and the app shows nothing in another language first; a switch
// fetches the other file, and the service worker keeps them all offline.

failOnErrors();

const WORDS = /\/words-([a-z]+)-[0-9a-f]{16}\.txt$/;
const PLAY = { en: "Play the CPU", ja: "CPUと対戦する", th: "เล่นกับ CPU" } as const;
type Lang = keyof typeof PLAY;

/** The language of every words file the page requests, in order. */
function wordsFetched(page: Page): Lang[] {
  const langs: Lang[] = [];
  page.on("request", (request) => {
    const lang = WORDS.exec(request.url())?.[1];
    if (lang) langs.push(lang as Lang);
  });
  return langs;
}

/** Records the text of the first game card the app puts on the page. */
async function recordFirstCard(page: Page) {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const card = document.querySelector(".game-card");
      if (!card) return;
      (window as unknown as { firstCard: string }).firstCard = card.textContent ?? "";
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

for (const [browserLocale, lang] of [["en-GB", "en"], ["ja-JP", "ja"], ["th-TH", "th"]] as const) {
  test(`a first visit from a ${browserLocale} browser downloads the ${lang} words only and shows the home page in them at once`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: browserLocale, serviceWorkers: "block" });
    const page = await context.newPage();
    const fetched = wordsFetched(page);
    await recordFirstCard(page);
    await page.goto("./");
    await expect(card(page).getByRole("button", { name: PLAY[lang] })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    // What the app first put on the page was already in that language.
    const first = await page.evaluate(() => (window as unknown as { firstCard: string }).firstCard);
    expect(first).toContain(PLAY[lang]);
    for (const other of Object.values(PLAY).filter((text) => text !== PLAY[lang])) expect(first).not.toContain(other);
    await page.waitForLoadState("networkidle");
    expect(fetched).toEqual([lang]);
    await context.close();
  });
}

test("the stored choice wins over the browser's language, and only its words come", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: "en-US", serviceWorkers: "block" });
  const page = await context.newPage();
  const fetched = wordsFetched(page);
  await page.goto("./");
  await page.getByRole("button", { name: "日本語" }).click();
  await expect(card(page).getByRole("button", { name: PLAY.ja })).toBeVisible();
  expect(fetched).toEqual(["en", "ja"]);
  fetched.length = 0;
  await page.reload();
  await expect(card(page).getByRole("button", { name: PLAY.ja })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(fetched).toEqual(["ja"]);
  await context.close();
});

let served: Served | undefined;
test.afterEach(async () => {
  await served?.stop();
  served = undefined;
});

test("after a first visit, a switch to Thai and back works offline", async ({ page, context }) => {
  test.skip(test.info().project.name !== "desktop", "desktop only");
  served = await serve(join(__dirname, "..", "..", "dist"));
  await page.goto(served.url);
  await expect(card(page).getByRole("button", { name: PLAY.en })).toBeVisible();
  // Installed: every file of the build is precached, Thai's words too.
  await waitForController(page);
  await served.stop();
  await context.setOffline(true);
  await page.reload();
  await page.getByRole("button", { name: "ไทย" }).click();
  await expect(card(page).getByRole("button", { name: PLAY.th })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await page.getByRole("button", { name: "English" }).click();
  await expect(card(page).getByRole("button", { name: PLAY.en })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});
