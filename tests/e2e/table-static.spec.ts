import { expect, test } from "@playwright/test";

// A table link on the static-only deployment (no table server): the page
// says at once that no server is configured, asks for no name and opens no
// socket (whose refusal the browser would log as an error).

test("a table link on a static site says no server at once and opens no socket", async ({ page }) => {
  const sockets: string[] = [];
  const errors: string[] = [];
  page.on("websocket", (ws) => sockets.push(ws.url()));
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  await page.goto(`./#/table/${"0123456789abcdef".repeat(2)}`);
  await expect(page.getByRole("alert").filter({ hasText: "No table server is configured" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Your name" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Sit down at this table" })).toHaveCount(0);
  // Give a socket the time it would take to be tried.
  await page.waitForTimeout(500);
  expect(sockets).toEqual([]);
  expect(errors).toEqual([]);
});
