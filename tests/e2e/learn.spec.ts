import { expect, test, type Page } from "@playwright/test";
import { failOnErrors, learn } from "./helpers";

// The lessons (#/learn, src/learn/): the first step of the Gunjin course
// and of the Shogi course, each with a wrong try and its explanation,
// then done, and the progress still there after a reload. The answers
// come from the lessons crate, which asks the rules crates.

failOnErrors();

const verdict = (page: Page) => page.locator(".lesson-verdict");
const progress = (page: Page, course: string) => page.locator(`.course[data-course="${course}"] .course-progress`);

test("the first Gunjin lesson: a wrong try explained, then done, kept after a reload", async ({ page }) => {
  // The card's Learn menu leads to the lessons.
  await page.goto("./#/");
  await learn(page, "gunjin", "Lessons");
  await expect(page).toHaveURL(/#\/learn$/);
  await expect(progress(page, "gunjin_basics")).toHaveText("0 of 13 steps done");
  await page.locator('.course[data-course="gunjin_basics"]').getByRole("link", { name: "Start" }).click();
  await expect(page).toHaveURL(/#\/learn\/gunjin_basics\/plane$/);
  await expect(page.getByRole("heading", { name: "The Plane flies", level: 1 })).toBeVisible();
  const node = (square: string) => page.locator(`.board [data-square="${square}"]`);
  // A Plane does not go diagonally: the rules say why.
  await node("a2").click();
  await node("b3").click();
  await expect(verdict(page)).toHaveText("That piece cannot move there: look at how it moves.");
  // A legal move that is not the step's: its hint.
  await node("a2").click();
  await node("b2").click();
  await expect(verdict(page)).toHaveText(/^Fly straight up file a/);
  // The flight over the Major, the front and the enemy piece.
  await node("a2").click();
  await node("a7").click();
  await expect(verdict(page)).toHaveText("Well done!");
  await expect(node("a7")).toHaveAttribute("data-kind", "Plane");
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/#\/learn\/gunjin_basics\/engineer$/);
  await page.goto("./#/learn");
  await page.reload();
  await expect(progress(page, "gunjin_basics")).toHaveText("1 of 13 steps done");
  await expect(page.locator('.course[data-course="gunjin_basics"]').getByRole("link", { name: "Continue" })).toHaveAttribute(
    "href",
    "#/learn/gunjin_basics/engineer",
  );
});

test("the first Shogi lesson: a wrong try explained, then done, kept after a reload", async ({ page }) => {
  await page.goto("./#/");
  await learn(page, "shogi", "Lessons");
  await expect(page).toHaveURL(/#\/learn$/);
  await expect(progress(page, "shogi_basics")).toHaveText("0 of 18 steps done");
  await page.locator('.course[data-course="shogi_basics"]').getByRole("link", { name: "Start" }).click();
  await expect(page).toHaveURL(/#\/learn\/shogi_basics\/pawn$/);
  const square = (name: string) => page.locator(`.shogi-board [data-square="${name}"]`);
  // The target is marked; a pawn does not step back.
  await expect(square("5d")).toHaveClass(/target/);
  await square("5e").click();
  await square("5f").click();
  await expect(verdict(page)).toHaveText("That piece cannot move there: look at how it moves.");
  await square("5e").click();
  await square("5d").click();
  await expect(verdict(page)).toHaveText("Well done!");
  await page.reload();
  await expect(page.getByRole("link", { name: "Next" })).toBeVisible();
  await page.goto("./#/learn");
  await expect(progress(page, "shogi_basics")).toHaveText("1 of 18 steps done");
  await expect(page.locator('.course[data-course="shogi_basics"] li.done')).toHaveCount(1);
});
