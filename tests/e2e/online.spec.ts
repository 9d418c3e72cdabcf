import { expect, test, type Browser, type Page } from "@playwright/test";
import { board, card, fillCamp, node, openTable, player, press, settings, sitDown, waitForMyTurn } from "./helpers";

// Tables over the real table server (the "online" project of
// playwright.config.ts: setup 60 s, an absent player forfeits after 6 s).


/** A random setup, then Ready, by the player whose headquarters is `hq`
 * (c1 South, c8 North). */
async function setUp(page: Page, hq: "c1" | "c8") {
  await expect(page.getByRole("timer")).toBeVisible();
  // A piece from the tray goes where it is put: the own headquarters.
  const kind = await page.locator(".tray-piece").first().getAttribute("data-tray-kind");
  await page.locator(".tray-piece").first().click();
  await node(page, hq).click();
  await expect(node(page, hq)).toHaveAttribute("data-kind", kind!);
  await page.getByRole("button", { name: "Random" }).click();
  await expect(board(page).locator("[data-kind]")).toHaveCount(23);
  // The camp is at the bottom and named as in the game that follows:
  // North's pieces stand on ranks 5 to 8.
  await ownCampBelow(page, hq);
  const ranks = await board(page)
    .locator("[data-kind]")
    .evaluateAll((ns) => ns.map((n) => Number(n.getAttribute("data-square")!.slice(1))));
  expect(ranks.every((r) => (hq === "c1" ? r <= 4 : r >= 5))).toBe(true);
  const top = (await node(page, hq === "c1" ? "c8" : "c1").boundingBox())!.y;
  for (const box of await board(page).locator("[data-kind]").evaluateAll((ns) => ns.map((n) => n.getBoundingClientRect().y))) {
    expect(box).toBeGreaterThan(top);
  }
  await page.getByRole("button", { name: "Ready" }).click();
}

/** The player on `hq`'s side (c1 South, c8 North) sees their camp at the
 * bottom: their headquarters below the other, the files mirrored for North. */
async function ownCampBelow(page: Page, hq: "c1" | "c8") {
  const box = async (sq: string) => (await node(page, sq).boundingBox())!;
  const [own, other] = hq === "c1" ? ["c1", "c8"] : ["c8", "c1"];
  expect((await box(own)).y).toBeGreaterThan((await box(other)).y);
  const [left, right] = hq === "c1" ? ["a4", "f4"] : ["f4", "a4"];
  expect((await box(left)).x).toBeLessThan((await box(right)).x);
}

/** The game is on: both camps on the board (the CPU may already have moved, even attacked). */
async function gameOn(page: Page) {
  await expect(page.locator(".turn")).toBeVisible();
  await expect(board(page).locator('[data-side="north"]').nth(20)).toBeAttached();
  await expect(board(page).locator('[data-side="south"]').nth(20)).toBeAttached();
}

/** Of a piece's marked destinations, an attack if there is one, else most
 * often a step forward (up the screen), so that random games end sooner. */
async function pick(page: Page, from: string): Promise<string> {
  const y = (await node(page, from).boundingBox())!.y;
  const marks = await board(page)
    .locator("[data-mark]")
    .evaluateAll((ns) => ns.map((n) => ({ sq: n.getAttribute("data-square")!, enemy: n.getAttribute("data-side") === "north", y: n.getBoundingClientRect().y })));
  const attacks = marks.filter((m) => m.enemy);
  const forward = marks.filter((m) => m.y < y);
  const choice = attacks.length > 0 ? attacks : forward.length > 0 && Math.random() < 0.8 ? forward : marks;
  return choice[Math.floor(Math.random() * choice.length)].sq;
}

/** Waits for the player's turn, then plays a random legal move through the
 * board, favouring attacks and steps forward. */
async function move(page: Page, touch = false) {
  await expect(page.locator('.turn[data-turn="you"]')).toBeVisible({ timeout: 20_000 });
  const ply = await page.locator(".log li[value]").count();
  const own = await board(page)
    .locator('[data-side="south"]')
    .evaluateAll((ns) => ns.map((n) => n.getAttribute("data-square")!));
  own.sort(() => Math.random() - 0.5);
  for (const sq of own) {
    await press(node(page, sq), touch);
    if ((await board(page).locator("[data-mark]").count()) > 0) {
      await press(node(page, await pick(page, sq)), touch);
      // A Missile beside the Atomic bomb asks whether to carry it.
      const sheet = page.locator(".strike-sheet");
      if ((await sheet.count()) > 0) await press(sheet.locator(".strike-plain"), touch);
      // The move is in the log, or it ended the game (the result replaces
      // the log); the server never refused it.
      const done = async () => (await page.locator(".result").isVisible()) || (await page.locator(".log li[value]").count()) > ply;
      await expect.poll(done, { timeout: 20_000 }).toBe(true);
      await expect(page.locator(".unheard")).toBeEmpty();
      return;
    }
    await press(node(page, sq), touch);
  }
  throw new Error("no legal move");
}

/** Both play `plies` moves in turn, whoever starts. */
async function playMoves(a: Page, b: Page, plies: number) {
  const start = await a.locator(".log li[value]").count();
  for (let i = start; i < start + plies; i++) {
    const aTurn = await a.locator('.turn[data-turn="you"]').isVisible();
    if (aTurn) await move(a);
    else await move(b, true);
    await expect(a.locator(".log li[value]")).toHaveCount(i + 1);
    await expect(b.locator(".log li[value]")).toHaveCount(i + 1);
  }
}

/** Aki opens a table (on `host` if given) and Ben sits down from the link
 * on a phone; both set up, and the game is on. */
async function gameOfTwo(browser: Browser, host?: Page): Promise<[Page, Page]> {
  host ??= await player(browser);
  const guest = await player(browser, true);
  const link = await openTable(host, "Aki");
  await sitDown(guest, link, "Ben");
  await setUp(host, "c1");
  await setUp(guest, "c8");
  await gameOn(host);
  await gameOn(guest);
  return [host, guest];
}

/** Both play random moves, whoever is to move, until the game is over. */
async function playToEnd(a: Page, b: Page) {
  const over = (p: Page) => p.locator(".result").isVisible();
  const plies = (p: Page) => p.locator(".log li[value]").count();
  while (!((await over(a)) && (await over(b)))) {
    const aTurn = await a.locator('.turn[data-turn="you"]').isVisible();
    const [mover, other] = aTurn ? [a, b] : [b, a];
    const before = await plies(mover);
    await move(mover, !aTurn);
    // The other side has the move too (or the result) before the next turn.
    await expect.poll(async () => (await over(other)) || (await plies(other)) > before, { timeout: 20_000 }).toBe(true);
  }
}

async function resign(page: Page) {
  await page.getByRole("button", { name: "Resign" }).click();
  await page.getByRole("button", { name: "Yes, resign" }).click();
}

test("a friend joins from the invite link on a phone; a third is turned away; the game ends by resignation", async ({ browser }) => {
  test.setTimeout(120_000);
  const host = await player(browser);
  const guest = await player(browser, true);
  const link = await openTable(host, "Aki");
  await expect(host.getByRole("button", { name: "Copy link" })).toBeVisible();
  await expect(host.locator(".presence")).toHaveText("waiting for a player");

  await sitDown(guest, link, "Ben");
  await expect(host.locator(".table-players")).toHaveText("Aki vs Ben");
  await expect(guest.locator(".table-players")).toHaveText("Ben vs Aki");
  await expect(host.locator(".presence")).toHaveText("connected");

  // A third is told at once, before being asked for a name.
  const third = await player(browser);
  await third.goto(link);
  await expect(third.locator(".table-message")).toHaveText("This table is full: two players already sit at it.");
  await expect(third.getByRole("textbox", { name: "Your name" })).toHaveCount(0);
  await expect(third.getByRole("link", { name: "Go to the start page" })).toBeVisible();

  await setUp(host, "c1");
  await expect(host.locator(".setup-done")).toHaveText("Your setup is in. Waiting for Ben…");
  await setUp(guest, "c8");
  await gameOn(host);
  await gameOn(guest);
  await expect(host.locator(".players")).toHaveText("Aki vs Ben");
  await ownCampBelow(host, "c1");
  await ownCampBelow(guest, "c8");
  await expect(node(guest, "c8")).toHaveAttribute("data-side", "south");

  await playMoves(host, guest, 6);
  await resign(guest);
  await expect(host.locator(".result .headline")).toHaveText("You won!");
  await expect(guest.locator(".result .headline")).toHaveText("Aki won.");
  await expect(host.locator(".result .reason")).toHaveText("Ben resigned.");
  await expect(guest.locator(".result .reason")).toHaveText("You resigned.");
  // The whole board is revealed at the end, each side's camp still below.
  await expect(host.locator('.board [data-side="north"][data-kind]')).not.toHaveCount(0);
  await ownCampBelow(host, "c1");
  await ownCampBelow(guest, "c8");

  // The table's game is reviewed by its link, on the phone too.
  await guest.getByRole("link", { name: "Review", exact: true }).click();
  await expect(guest).toHaveURL(/#\/review\/G[A-Za-z0-9_-]+$/);
  await expect(guest.getByRole("heading", { name: "Review of the game" })).toBeVisible();
  await expect(guest.locator(".review-progress")).toHaveText("Review complete.", { timeout: 90_000 });
  await guest.locator(".review-eyes").getByRole("button", { name: "Everything shown" }).click();
  await guest.getByRole("button", { name: "End", exact: true }).click();
  await expect(guest.locator('.board [data-side="north"][data-kind]')).not.toHaveCount(0);
});

test("two players, one on a phone, play a whole game to its end from the invite link", async ({ browser }) => {
  // Up to 300 moves through the board if the game runs to the move limit.
  test.setTimeout(420_000);
  const [host, guest] = await gameOfTwo(browser);
  await playToEnd(host, guest);
  const headline = (p: Page) => p.locator(".result .headline").textContent();
  const results: Record<string, string> = { "You won!": "Aki won.", "Ben won.": "You won!", "Draw.": "Draw." };
  expect(results[(await headline(host))!]).toBe(await headline(guest));
  await expect(host.locator(".result .reason")).not.toBeEmpty();
  // The same ending, told to each from their side.
  const mirrored: [RegExp, string][] = [
    [/^Your (.+) took the enemy headquarters\.$/, "Aki's $1 took your headquarters."],
    [/^Ben's (.+) took your headquarters\.$/, "Your $1 took the enemy headquarters."],
    [/^You had no legal move left\.$/, "Aki had no legal move left."],
    [/^Ben had no legal move left\.$/, "You had no legal move left."],
  ];
  const told = (await host.locator(".result .reason").textContent())!;
  const [from, to] = mirrored.find(([re]) => re.test(told)) ?? [/^/, ""];
  await expect(guest.locator(".result .reason")).toHaveText(told.replace(from, to));
  // The whole board is revealed to both, each side's camp still below.
  for (const page of [host, guest]) {
    const kinds = await board(page).locator("[data-square][data-side]").evaluateAll((ns) => ns.map((n) => n.getAttribute("data-kind")));
    expect(kinds.every((k) => k !== null)).toBe(true);
  }
  await ownCampBelow(host, "c1");
  await ownCampBelow(guest, "c8");
});

test("a Classic 25 table from the invite link: both told the mode, a strike seen by both, the Marshal face-up", async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await player(browser);
  const guest = await player(browser, true);
  await host.goto("./#/");
  await (await settings(host)).getByLabel("Classic 25", { exact: true }).check();
  const link = await openTable(host, "Aki");
  await expect(host.locator(".table-rules")).toHaveText("Game: Classic 25, Kirakuken house rules.");
  await sitDown(guest, link, "Ben");
  await expect(guest.locator(".table-rules")).toHaveText("Game: Classic 25, Kirakuken house rules.");
  for (const [page, template] of [[host, "missile-battery"], [guest, undefined]] as const) {
    await expect(page.getByRole("timer")).toBeVisible();
    await expect(board(page).locator(".file-label")).toHaveCount(9);
    await fillCamp(page, template, 25);
    await page.getByRole("button", { name: "Ready" }).click();
  }
  await gameOn(host);
  await gameOn(guest);
  // Each sees the other's Marshal in its headquarters, and no other kind.
  await expect(node(guest, "e1")).toHaveAttribute("data-kind", "Marshal");
  await expect(node(host, "e6")).toHaveAttribute("data-kind", "Marshal");
  await expect(board(guest).locator('[data-side="north"][data-kind]')).toHaveCount(1);
  if (!(await host.locator('.turn[data-turn="you"]').isVisible())) await move(guest, true);
  await expect(host.locator('.turn[data-turn="you"]')).toBeVisible();
  // The host's Missile strikes e4 carrying the bomb.
  const missile = await board(host).locator('[data-kind="Missile"]').first().getAttribute("data-square");
  await node(host, missile!).click();
  await node(host, "e4").click();
  await host.locator(".strike-sheet").getByRole("button", { name: "With the bomb (3×3)" }).click();
  const strike = new RegExp(`${missile}\\*e4\\+`);
  for (const page of [host, guest]) {
    await expect(page.locator(".log li").filter({ hasText: strike })).toContainText(/The strike cleared/);
  }
  await expect(guest.locator(".unheard")).toBeEmpty();
  await playMoves(host, guest, 4);
  await resign(guest);
  await expect(host.locator(".result .headline")).toHaveText("You won!");
  await expect(guest.locator(".result .headline")).toHaveText("Aki won.");
});

test("the host seats the CPU and plays a whole game against it, to its end", async ({ browser }) => {
  // Up to 150 moves by touch if the game runs to the move limit.
  test.setTimeout(300_000);
  const host = await player(browser, true);
  await openTable(host, "Aki");
  await host.locator(".cpu-level").selectOption("easy");
  await host.getByRole("button", { name: "Add CPU" }).click();
  await expect(host.locator(".table-players")).toHaveText("Aki vs CPU (Easy)");
  await setUp(host, "c1");
  await gameOn(host);
  while (await waitForMyTurn(host)) await move(host, true);
  await expect(host.locator(".result .headline")).toHaveText(/You won!|CPU \(Easy\) won\.|Draw\./);
  await expect(host.locator(".result .reason")).not.toBeEmpty();
  // The whole board is revealed: every piece on it shows its kind.
  const kinds = await board(host).locator("[data-square][data-side]").evaluateAll((ns) => ns.map((n) => n.getAttribute("data-kind")));
  expect(kinds.every((k) => k !== null)).toBe(true);
});

test("a friend's table links followed one after another in one tab: finished, in setup, in play", async ({ browser }) => {
  test.setTimeout(180_000);
  // The guest's page fails the test on any page error (a panic among them).
  const guest = await player(browser, true);
  const hosts: Page[] = [];
  const table = async (name: string) => {
    const host = await player(browser);
    hosts.push(host);
    return openTable(host, name);
  };

  // A first table, played to its end.
  await sitDown(guest, await table("Aki"), "Ben");
  await setUp(hosts[0], "c1");
  await setUp(guest, "c8");
  await gameOn(guest);
  await resign(hosts[0]);
  await expect(guest.locator(".result .headline")).toHaveText("You won!");
  // The table's end keeps its announcements in sight.
  await expect(guest.getByRole("region", { name: "Announcements" }).getByRole("listitem").first()).toBeVisible();

  // A second link in the same tab: its own table, left during the setup.
  await sitDown(guest, await table("Cho"), "Ben");
  await expect(guest.locator(".table-players")).toHaveText("Ben vs Cho");
  await expect(guest.getByRole("timer")).toBeVisible();

  // A third, left in the middle of the game.
  await sitDown(guest, await table("Dai"), "Ben");
  await expect(guest.locator(".table-players")).toHaveText("Ben vs Dai");
  await setUp(hosts[2], "c1");
  await setUp(guest, "c8");
  await gameOn(guest);

  // Back to the second: the seat is taken back, mid-setup.
  await guest.goto(hosts[1].url());
  await expect(guest.locator(".table-players")).toHaveText("Ben vs Cho");
  await expect(guest.getByRole("timer")).toBeVisible();
  await expect(guest.getByRole("alertdialog")).toHaveCount(0);
});

/** The seat tokens the page keeps, by table. */
async function tokens(page: Page): Promise<[string, string][]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem("gunjin-seats") ?? '{"seats":[]}').seats);
}

test("a reload takes the same seat back with a new token; an absent player forfeits after the grace time", async ({ browser }) => {
  test.setTimeout(120_000);
  const [host, guest] = await gameOfTwo(browser);
  await playMoves(host, guest, 2);
  const before = await board(guest).locator('[data-side="south"]').evaluateAll((ns) => ns.map((n) => n.getAttribute("data-square")));
  const [[table, token]] = await tokens(guest);

  await guest.reload();
  await gameOn(guest);
  // The server gave the seat a new token (a copied one stops working).
  await expect.poll(async () => (await tokens(guest))[0][1]).not.toBe(token);
  expect((await tokens(guest))[0][0]).toBe(table);
  const after = await board(guest).locator('[data-side="south"]').evaluateAll((ns) => ns.map((n) => n.getAttribute("data-square")));
  expect(after).toEqual(before);
  await expect(guest.locator(".table-players")).toHaveText("Ben vs Aki");
  await expect(guest.locator(".log li[value]")).toHaveCount(2);
  await expect(host.locator(".presence")).toHaveText("connected");
  await playMoves(host, guest, 2);

  await guest.context().close();
  await expect(host.locator(".presence")).toHaveText("disconnected");
  await expect(host.locator(".forfeit")).toContainText("Ben is disconnected: they forfeit in 0:0");
  await expect(host.locator(".result .headline")).toHaveText("You won!", { timeout: 15_000 });
});

test("a move the server refuses is told, changes nothing, and the next one plays", async ({ browser }) => {
  test.setTimeout(120_000);
  const host = await player(browser);
  // Between the host's page and the server: the host's next move is
  // answered with the server's refusal instead of being passed on.
  let refuseNext = false;
  await host.context().routeWebSocket(/\/ws(\?|$)/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (refuseNext && typeof message === "string" && message.startsWith('{"move"')) {
        refuseNext = false;
        ws.send(JSON.stringify({ error: { code: "not_your_turn", message: "wait" } }));
        return;
      }
      server.send(message);
    });
  });
  const [, guest] = await gameOfTwo(browser, host);
  await playMoves(host, guest, 1);
  if (!(await host.locator('.turn[data-turn="you"]').isVisible())) await playMoves(host, guest, 1);
  const plies = await host.locator(".log li[value]").count();
  const position = () => board(host).locator("[data-side]").evaluateAll((ns) => ns.map((n) => n.getAttribute("data-square")).join());
  const before = await position();

  refuseNext = true;
  const [from, to] = await firstMove(host);
  await press(node(host, from), false);
  await press(node(host, to), false);
  await expect(host.locator(".unheard")).toHaveText("It is not your turn: that move was not played.");
  await expect(host.locator(".log li[value]")).toHaveCount(plies);
  expect(await position()).toBe(before);
  await expect(host.locator('.turn[data-turn="you"]')).toBeVisible();

  // Played again, the move goes through and the message goes.
  await press(node(host, from), false);
  await press(node(host, to), false);
  await expect(host.locator(".log li[value]")).toHaveCount(plies + 1);
  await expect(guest.locator(".log li[value]")).toHaveCount(plies + 1);
  await expect(host.locator(".unheard")).toBeEmpty();
});

/** The first own piece that has a destination, and that destination. */
async function firstMove(page: Page): Promise<[string, string]> {
  const own = await board(page)
    .locator('[data-side="south"]')
    .evaluateAll((ns) => ns.map((n) => n.getAttribute("data-square")!));
  for (const sq of own) {
    await press(node(page, sq), false);
    const marks = await board(page)
      .locator("[data-mark]")
      .evaluateAll((ns) => ns.map((n) => n.getAttribute("data-square")!));
    await press(node(page, sq), false);
    if (marks.length > 0) return [sq, marks[0]];
  }
  throw new Error("no legal move");
}

test("a table opened with a clock says so to both players, and the time runs", async ({ browser }) => {
  test.setTimeout(120_000);
  const host = await player(browser);
  await host.goto("./#/");
  await (await settings(host)).getByRole("combobox", { name: "Clock" }).selectOption({ label: "1 min per move" });
  // The choice is remembered.
  await host.reload();
  await expect((await settings(host)).getByRole("combobox", { name: "Clock" })).toHaveValue("move-1m");
  const [, guest] = await gameOfTwo(browser, host);
  for (const page of [host, guest]) {
    await expect(page.locator(".clock-rule")).toHaveText("Clock: 1 min per move. Whoever runs out of time loses.");
    await expect(page.locator(".clock")).toHaveText(/^Time left: you \d:\d\d, opponent \d:\d\d$/);
  }
  // The side to move sees its own time run down.
  const mover = (await host.locator('.turn[data-turn="you"]').isVisible()) ? host : guest;
  const mine = async () => Number((await mover.locator(".clock").textContent())!.match(/you (\d):(\d\d)/)!.slice(1).join(""));
  const start = await mine();
  await expect.poll(mine, { timeout: 10_000 }).toBeLessThan(start);
});

test("the home page says why the server did not open a table", async ({ browser }) => {
  const page = await player(browser);
  // The server's answer to `open` is replaced by each refusal in turn.
  const refusals = ["too_many_tables", "server_full"];
  await page.context().routeWebSocket(/\/ws$/, (ws) => {
    ws.onMessage((message) => {
      if (typeof message === "string" && message.startsWith('{"open"')) {
        ws.send(JSON.stringify({ error: { code: refusals.shift(), message: "no" } }));
        ws.close();
      }
    });
  });
  await page.goto("./#/");
  const open = card(page).getByRole("button", { name: "Online" });
  await open.click();
  await expect(page.locator(".open-refused")).toHaveText(
    "You have opened as many tables as you may this hour. Try again later, or play the CPU.",
  );
  await expect(page).toHaveURL(/#\/$/);
  await open.click();
  await expect(page.locator(".open-refused")).toHaveText("The table server is full right now. Try again in a few minutes.");
  await expect(open).toBeEnabled();
});

/** Answers each of the page's next `times` connections for a table (none:
 * all of them) as a server does while the table moves between servers:
 * `retry`, then the close. The rest go through to the server. */
async function moving(page: Page, afterMillis: number, times = Infinity) {
  await page.context().routeWebSocket(/\/ws\?table=/, (ws) => {
    if (times-- <= 0) {
      ws.connectToServer();
      return;
    }
    ws.onMessage(() => {
      ws.send(JSON.stringify({ retry: { after_millis: afterMillis } }));
      ws.close();
    });
  });
}

test("the host's page follows its table by id; a guest told the table is moving retries and sits down", async ({ browser }) => {
  const host = await player(browser);
  const urls: string[] = [];
  host.on("websocket", (ws) => urls.push(ws.url()));
  const link = await openTable(host, "Aki");
  const id = link.split("/").pop();
  // `open` goes to any server; the table's own connection names it, for a
  // load balancer to take it to the server the id routes to.
  expect(urls[0]).toMatch(/\/ws$/);
  await expect.poll(() => urls.at(-1)).toMatch(new RegExp(`/ws\\?table=${id}$`));
  await expect(host.locator(".presence")).toHaveText("waiting for a player");

  const guest = await player(browser, true);
  await moving(guest, 800, 2);
  await guest.goto(link);
  await expect(guest.locator(".table-connecting")).toHaveText("The table is moving to another server: reconnecting…");
  await sitDown(guest, link, "Ben");
  await expect(guest.locator(".table-players")).toHaveText("Ben vs Aki");
  await expect(host.locator(".table-players")).toHaveText("Aki vs Ben");
});

test("a table that keeps moving is given up on after a while, not taken for no server", async ({ browser }) => {
  const page = await player(browser);
  await moving(page, 10);
  await page.goto(`./#/table/${"a".repeat(32)}`);
  await expect(page.locator(".table-message")).toHaveText("The table's server did not answer in time. Reload the page to try again.");
});

test("bad table links say what is wrong and lead home", async ({ browser }) => {
  const page = await player(browser);
  await page.goto("./#/table/not-a-table");
  await expect(page.locator(".table-message")).toHaveText("This table link is not valid: check that it was copied whole.");
  // A well-formed link to no table is checked first: no name is asked for.
  await page.goto(`./#/table/${"0".repeat(32)}`);
  await expect(page.locator(".table-message")).toHaveText("There is no such table: it may have closed, or the link is wrong.");
  await expect(page.getByRole("textbox", { name: "Your name" })).toHaveCount(0);
  await page.getByRole("link", { name: "Go to the start page" }).click();
  await expect(card(page).getByRole("button", { name: "Online" })).toBeEnabled();
});

test("a draw offer declined, then a resignation and a rematch with the sides swapped", async ({ browser }) => {
  test.setTimeout(150_000);
  const [host, guest] = await gameOfTwo(browser);
  const moving = (page: Page) => page.locator('.turn[data-turn="you"]');
  await expect.poll(async () => (await moving(host).isVisible()) !== (await moving(guest).isVisible())).toBe(true);
  const hostFirst = await moving(host).isVisible();
  await playMoves(host, guest, 2);
  // Offered and declined: both told, and the game goes on.
  await host.getByRole("button", { name: "Offer a draw" }).click();
  await expect(host.locator(".offer-notice")).toHaveText("Your offer waits for Ben's answer.");
  await expect(guest.locator(".offer-notice")).toHaveText("Aki offers a draw.");
  await expect(host.getByRole("button", { name: "Offer a draw" })).toHaveCount(0);
  await guest.getByRole("button", { name: "Decline" }).click();
  await expect(host.locator(".offer-notice")).toHaveText("Ben declined your offer.");
  await expect(guest.locator(".offer-notice")).toHaveText("You declined the offer.");
  await playMoves(host, guest, 1);
  await resign(guest);
  await expect(host.locator(".result .reason")).toHaveText("Ben resigned.");
  // A rematch from the end: a new table, the same seats, the other side first.
  const before = host.url();
  await guest.getByRole("button", { name: "Offer a rematch" }).click();
  await expect(host.locator(".offer-notice")).toHaveText("Ben offers a rematch, sides swapped.");
  await host.getByRole("button", { name: "Accept" }).click();
  for (const page of [host, guest]) {
    await expect(page).toHaveURL(/#\/table\/[0-9a-f]{32}$/);
    await expect(page).not.toHaveURL(before);
  }
  expect(guest.url().split("#")[1]).toBe(host.url().split("#")[1]);
  await setUp(host, "c1");
  await setUp(guest, "c8");
  await gameOn(host);
  await gameOn(guest);
  await expect(host.locator(".players")).toHaveText("Aki vs Ben");
  await expect(moving(hostFirst ? guest : host)).toBeVisible();
  await expect(moving(hostFirst ? host : guest)).toHaveCount(0);
  // The rematch's seat survives a reload, by its stored token.
  await guest.reload();
  await gameOn(guest);
  await expect(guest.locator(".players")).toHaveText("Ben vs Aki");
});
