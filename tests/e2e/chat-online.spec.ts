import { expect, test } from "@playwright/test";
import { openTable, player, sitDown } from "./helpers";

// A table's chat over the real table server (the "online" project of
// playwright.config.ts).

test("a phrase sent in English reads in Japanese; free text with markup shows as text; a mute hides the opponent", async ({ browser }) => {
  test.setTimeout(90_000);
  const host = await player(browser);
  const guest = await player(browser, true);
  const link = await openTable(host, "Aki");
  await sitDown(guest, link, "Ben");
  await expect(guest.locator(".table-chat")).toBeVisible();
  await guest.getByRole("button", { name: "日本語" }).click();

  await host.getByRole("button", { name: "Good luck!" }).click();
  const said = (page: typeof host) => page.locator(".chat-line .chat-said");
  await expect(said(host)).toHaveText(["Good luck!"]);
  await expect(guest.locator(".chat-line")).toHaveText(["Aki: よろしくお願いします！"]);

  // Markup is text: no element is made of it, and it reads as typed.
  const markup = '<b id="bold">hi</b><img src=x onerror="document.title=\'owned\'">';
  await guest.locator(".chat-input").fill(markup);
  await guest.locator(".chat-form button").click();
  await expect(said(host).last()).toHaveText(markup);
  await expect(host.locator(".table-chat #bold, .table-chat img")).toHaveCount(0);
  expect(await host.title()).not.toBe("owned");
  await expect(host.locator(".chat-line").last()).toHaveAttribute("data-side", "North");

  // The mute is the host's own: Ben's lines hide on this page alone.
  await host.locator(".chat-mute").check();
  await expect(said(host)).toHaveText(["Good luck!"]);
  await expect(said(guest)).toHaveCount(2);
  await host.locator(".chat-mute").uncheck();
  await expect(said(host)).toHaveCount(2);

  // The host turns free text off: Ben has the phrases alone.
  await host.locator(".chat-allow-text").uncheck();
  await expect(guest.locator(".chat-input")).toHaveCount(0);
  await expect(guest.locator(".chat-free-off")).toHaveText("この卓では定型文のみ使えます。");
  await guest.getByRole("button", { name: "ありがとうございます！" }).click();
  await expect(said(host).last()).toHaveText("Thank you!");
});
