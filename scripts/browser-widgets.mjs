// The book's live widgets, used in Chromium as a reader uses them (scripts/browser-check.mjs
// calls `checkWidgets`): each chapter's widget is clicked, typed into and run, and what it shows
// is held to exact facts: the native binary's node counts, scores and moves for the same
// search, the chapter's own figures, the module's own answers. Screenshots at 1280 px of each
// widget before and after go to `reader.screens`.
//
// `reader` is { browser, book (the server of book/book), native (the searchlab binary),
// screens (a folder), problems (a list to add to), errors (console errors, added to) }.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { BOOK, url } from "./serve-book.mjs";

/** Every widget checked; resolves to one line about each. */
export async function checkWidgets(reader, ask) {
  if (!existsSync(join(BOOK, "widgets/searchlab_web.wasm"))) {
    reader.problems.push("book/book has no widgets: build the book first (scripts/book)");
    return ["no widget"];
  }
  mkdirSync(reader.screens, { recursive: true });
  return [
    await checkTree(reader, "minimax.html", "minimax"),
    await checkTree(reader, "alphabeta.html", "alphabeta"),
    await checkCompare(reader),
    await checkHorizon(reader),
    await checkZugzwang(reader),
    await checkEvaluate(reader, ask),
    await checkPlay(reader, ask),
    await checkWithoutJavaScript(reader),
  ];
}

/** Without JavaScript each chapter shows what it showed before the widgets: its figure. */
async function checkWithoutJavaScript(reader) {
  const context = await reader.browser.newContext({ javaScriptEnabled: false,
    viewport: { width: 1280, height: 900 } });
  const figures = { "minimax.html": ".sl-tree img", "alphabeta.html": ".sl-tree img",
    "measuring.html": ".sl-compare table", "quiescence.html": ".sl-compare table" };
  for (const [html, figure] of Object.entries(figures)) {
    const page = await context.newPage();
    await page.goto(`${url(reader.book)}${html}`);
    if (!await page.isVisible(figure) || await page.$(".sl-widget")) {
      reader.problems.push(`without JavaScript ${html} does not show its figure (${figure})`);
    }
    await page.close();
  }
  await context.close();
  return `without JavaScript: the figures of ${Object.keys(figures).length} chapters shown`;
}

/** The chapter `html` opened in a new 1280 px page whose console errors are kept. */
async function open(reader, html) {
  const page = await reader.browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("console", (message) => {
    if (message.type() === "error") reader.errors.push(`${html} console: ${message.text()}`);
  });
  page.on("pageerror", (error) => reader.errors.push(`${html}: ${error}`));
  await page.goto(`${url(reader.book)}${html}`);
  return page;
}

/** A screenshot of `widget` (a locator) in view, as `name`.png. */
async function shoot(reader, page, widget, name) {
  await widget.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(reader.screens, `${name}.png`) });
}

/**
 * Runs the compare widget `root` (a selector) at `depth` and holds each row to the native
 * binary's search of the same position, engine and depth: move, score and nodes. Resolves to
 * the rows, { stage, nodes, score, move }.
 */
async function searchAndHold(reader, page, root, depth, name) {
  await page.fill(`${root} .sl-depth`, String(depth));
  await page.click(`${root} .sl-run`);
  await page.waitForFunction((r) => document.querySelector(`${r} .sl-status`).textContent === "done",
    root, { timeout: 60000 });
  const fen = await page.inputValue(`${root} .sl-fen`);
  const rows = await page.$$eval(`${root} .sl-table tbody tr`, (trs) => trs.map((tr) => ({
    stage: tr.dataset.stage, nodes: Number(tr.dataset.nodes), score: tr.dataset.score,
    move: tr.dataset.move })));
  for (const row of rows) {
    const nat = JSON.parse(execFileSync(reader.native, ["--json", "search", "--fen", fen,
      "--stage", row.stage, "--depth", String(depth)]));
    const score = "mate" in nat.score ? `mate ${nat.score.mate}` : `cp ${nat.score.cp}`;
    const want = `${nat.move} ${score} ${nat.nodes} nodes`;
    const got = `${row.move} ${row.score} ${row.nodes} nodes`;
    if (got !== want) reader.problems.push(`${name}: ${row.stage} at depth ${depth}: ${got}, native ${want}`);
  }
  return rows;
}

/**
 * The tree widget of the chapter `html`, whose picture is `search`'s tree: stepped node by node
 * it shows one node more each step; all at once, the counts of the chapter's own picture (its
 * alt text: "34 nodes", "22 nodes searched, 12 pruned"); then alpha-beta with the best move
 * first searches fewer nodes than alpha-beta, with the same root score.
 */
async function checkTree(reader, html, search) {
  const page = await open(reader, html);
  await page.waitForSelector(".sl-tree .sl-tree-picture svg", { timeout: 30000 });
  const widget = page.locator(".sl-tree .sl-widget");
  const visible = () => page.$$eval(".sl-tree .sl-tree-picture g[data-step]:not([data-pruned])",
    (nodes) => nodes.filter((n) => n.style.visibility !== "hidden").length);
  const counted = () => page.getAttribute(".sl-tree .sl-status", "data-searched");
  const steps = [await visible()];
  for (let i = 0; i < 4; i++) {
    await page.click(".sl-tree .sl-step");
    steps.push(await visible());
  }
  if (steps.join(" ") !== "1 2 3 4 5" || await counted() !== "5") {
    reader.problems.push(`tree (${html}): stepping showed ${steps.join(" ")} searched nodes`);
  }
  await shoot(reader, page, widget, `tree-${search}-before`);
  await page.click(".sl-tree .sl-all");
  const status = await page.textContent(".sl-tree .sl-status");
  await shoot(reader, page, widget, `tree-${search}-after`);
  const alt = await page.getAttribute(".sl-tree img", "alt");
  const [searched, pruned = "0"] = alt.match(/\d+(?= nodes)|\d+(?= pruned)/g);
  const want = `${searched} nodes searched, ${pruned} cut off`;
  if (!status.startsWith(want) || await visible() !== Number(searched)) {
    reader.problems.push(`tree (${html}): the widget says '${status}', the chapter's picture ` +
      `'${alt}'`);
  }
  await page.selectOption(".sl-tree .sl-search", "ordered");
  await page.waitForFunction(() => document.querySelector(".sl-tree .sl-status").textContent
    .startsWith("step 1 "), null, { timeout: 10000 });
  await page.click(".sl-tree .sl-all");
  const ordered = await page.textContent(".sl-tree .sl-status");
  const orderedSearched = Number(ordered.match(/^\d+/)[0]);
  if (!(orderedSearched < Number(searched) || search === "minimax") ||
      ordered.split("score ")[1] !== status.split("score ")[1]) {
    reader.problems.push(`tree (${html}): best move first '${ordered}', ${search} '${status}'`);
  }
  await page.close();
  return `tree (${html.replace(".html", "")}): stepped 1 to 5 nodes; ${status}, as the ` +
    `chapter's picture; best move first ${ordered}`;
}

/** The measuring chapter's compare widget: a ladder position, every stage, Stop, again. */
async function checkCompare(reader) {
  const started = Date.now();
  const page = await open(reader, "measuring.html");
  await page.waitForSelector(".sl-compare .sl-widget", { timeout: 30000 });
  const interactive = Date.now() - started;
  const widget = page.locator(".sl-compare .sl-widget");
  await shoot(reader, page, widget, "compare-before");
  await widget.locator("select").selectOption({ label: "kiwipete" });
  const rows = await searchAndHold(reader, page, ".sl-compare", 3, "compare");
  await shoot(reader, page, widget, "compare-after");
  // Every stage UCI offers but minimax is ticked: the nine rungs after it, stages 10 and 11.
  if (rows.length !== 10) reader.problems.push(`compare: ${rows.length} rows, not the 10 stages ticked`);
  // A long search, stopped: the worker is ended, the page says so, and searches again.
  await page.check(".sl-compare input[value=minimax]");
  await page.fill(".sl-depth", "8");
  await page.click(".sl-run");
  await page.waitForTimeout(300);
  await page.click(".sl-stop");
  await page.waitForFunction(() => document.querySelector(".sl-status").textContent.startsWith("stopped"),
    null, { timeout: 5000 }).catch(() => reader.problems.push("compare: Stop did not stop the search"));
  await page.fill(".sl-depth", "2");
  await page.click(".sl-run");
  await page.waitForFunction(() => document.querySelector(".sl-status").textContent === "done",
    null, { timeout: 30000 }).catch(() => reader.problems.push("compare: no search after a stop"));
  await page.close();
  return `compare (measuring): interactive ${interactive} ms after navigation, ${rows.length} ` +
    "rows equal to the native binary's, stopped and searched again";
}

/**
 * The compare widget of the chapter `html`, with its own position and engines, searched at
 * `depth` and held to the native binary (searchAndHold); screenshots `name`-before and -after.
 * Resolves to the page, still open, and the rows.
 */
async function searchChapter(reader, html, depth, name) {
  const page = await open(reader, html);
  await page.waitForSelector(".sl-compare .sl-widget", { timeout: 30000 });
  const widget = page.locator(".sl-compare .sl-widget");
  await shoot(reader, page, widget, `${name}-before`);
  const rows = await searchAndHold(reader, page, ".sl-compare", depth, name);
  await shoot(reader, page, widget, `${name}-after`);
  return { page, rows };
}

/** A score as the chapters' tables print it (+65, −79) in centipawns. */
const tableScore = (text) => Number(text.trim().replace("−", "-").replace("+", ""));

/** The quiescence chapter's horizon widget: pvs and quiescence at depth 3, as the table says. */
async function checkHorizon(reader) {
  const { page, rows } = await searchChapter(reader, "quiescence.html", 3, "horizon");
  // The chapter's own table (below the widget): depth, pvs score, pvs line, quiescence score, …
  const table = await page.$$eval(".sl-compare > .table-wrapper tbody tr, .sl-compare > table tbody tr",
    (trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
  const depth3 = table.find((cells) => cells[0].trim() === "3");
  const want = depth3 ? `cp ${tableScore(depth3[1])} cp ${tableScore(depth3[3])}` : "no depth 3 row";
  const got = rows.map((r) => r.score).join(" ");
  if (rows.length !== 2 || got !== want) {
    reader.problems.push(`horizon: at depth 3 the widget shows ${got}, the chapter's table ${want}`);
  }
  await page.close();
  return `horizon (quiescence): pvs and quiescence at depth 3, ${got}, as the chapter's table`;
}

/** The selective chapter's zugzwang widget: at depth 8 only the stage without both bets mates. */
async function checkZugzwang(reader) {
  const { page, rows } = await searchChapter(reader, "selective.html", 8, "zugzwang");
  const got = rows.map((r) => `${r.move} ${r.score}`).join(", ");
  const mates = rows.map((r) => r.move === "f2a7" && r.score === "mate 3");
  if (mates.join(" ") !== "false false true") {
    reader.problems.push(`zugzwang: at depth 8 the widget shows ${got}: only the stage without ` +
      "null move and reverse futility should find 1.Qa7 and the mate in 3");
  }
  await page.close();
  return `zugzwang (selective): at depth 8 ${got}`;
}

/** The learned evaluation chapter's widget: the three evaluations, before and after a move. */
async function checkEvaluate(reader, ask) {
  const page = await open(reader, "neural.html");
  await page.waitForSelector(".sl-evaluate .sl-table tbody tr", { timeout: 30000 });
  const widget = page.locator(".sl-evaluate .sl-widget");
  await shoot(reader, page, widget, "evaluate-before");
  const shown = () => page.$$eval(".sl-evaluate .sl-table tbody tr",
    (trs) => trs.map((tr) => `${tr.dataset.evaluation} ${tr.dataset.cp}`).join(", "));
  const module = async (fen) => (await ask({ command: "evaluate", fen })).evaluations
    .map((e) => `${e.name} ${e.cp}`).join(", ");
  const before = await page.inputValue(".sl-evaluate .sl-fen");
  const first = await shown();
  if (first !== await module(before)) {
    reader.problems.push(`evaluate: the page shows ${first}, the module ${await module(before)}`);
  }
  // A move played on the board (c4-c5, the horizon position's move): a new position, evaluated.
  await page.click(".sl-evaluate [data-square=c4]");
  await page.click(".sl-evaluate [data-square=c5]");
  const after = (await ask({ command: "position", fen: before, moves: "c4c5" })).fen;
  // Evaluated once the page says Black is to move.
  await page.waitForFunction(() => document.querySelector(".sl-evaluate .sl-status").textContent
    .startsWith("black to move"), null, { timeout: 5000 })
    .catch(() => reader.problems.push("evaluate: c4c5 was not played"));
  if (await page.inputValue(".sl-evaluate .sl-fen") !== after) {
    reader.problems.push(`evaluate: after c4c5 the FEN is not ${after}`);
  }
  const second = await shown();
  if (second !== await module(after)) {
    reader.problems.push(`evaluate: after c4c5 the page shows ${second}, the module ${await module(after)}`);
  }
  await shoot(reader, page, widget, "evaluate-after");
  // A bad FEN is refused with what is wrong, and the page says so.
  await page.fill(".sl-evaluate .sl-fen", "8/8/8/8 w - - 0 1");
  await page.click(".sl-evaluate .sl-run");
  await page.waitForFunction(() => document.querySelector(".sl-evaluate .sl-status").textContent
    .toLowerCase().includes("fen"), null, { timeout: 5000 })
    .catch(() => reader.problems.push("evaluate: a bad FEN was not refused in the page"));
  await page.close();
  return `evaluate (neural): ${first}; after c4c5 ${second}`;
}

/** The running chapter's board: a move, the engine's legal reply within its time, the
 * iterations shown while it thinks, a search stopped. `ask` checks legality with the module. */
async function checkPlay(reader, ask) {
  const { problems } = reader;
  const page = await open(reader, "running.html");
  const status = () => page.textContent(".sl-play .sl-status");
  await page.waitForFunction(() => document.querySelector(".sl-play .sl-status")?.textContent === "your move",
    null, { timeout: 30000 });
  const widget = page.locator(".sl-play .sl-widget");
  await shoot(reader, page, widget, "play-before");
  await page.selectOption(".sl-movetime", "100");
  const asked = Date.now();
  await page.click("[data-square=e2]");
  await page.click("[data-square=e4]");
  await page.waitForFunction(() => document.querySelector(".sl-play .sl-status").textContent.endsWith("your move") &&
    document.querySelector(".sl-moves").textContent.split(" ").length === 2, null, { timeout: 10000 })
    .catch(() => {});
  const waited = Date.now() - asked;
  await shoot(reader, page, widget, "play-after");
  const moves = (await page.textContent(".sl-moves")).split(" ");
  const legal = (await ask({ command: "position", moves: "e2e4" })).legal;
  if (moves.length !== 2 || moves[0] !== "e2e4" || !legal.includes(moves[1])) {
    problems.push(`play: after e2e4 the moves are '${moves.join(" ")}' (${await status()})`);
  }
  if (waited > 2000) problems.push(`play: a 100 ms move took ${waited} ms to come`);
  // A long search, stopped by ending its worker; the page says so.
  await page.selectOption(".sl-movetime", "3000");
  await page.click("[data-square=d2]");
  await page.click("[data-square=d4]");
  await page.waitForTimeout(300);
  // While it thinks, the page shows its iterations as they complete (depth, score, nodes, line).
  const thinking = await page.textContent(".sl-play .sl-thinking");
  if (!/^depth \d+ .* nodes .* line [a-h][1-8][a-h][1-8]/.test(thinking)) {
    problems.push(`play: while thinking the page shows '${thinking}', not the iterations`);
  }
  await shoot(reader, page, widget, "play-thinking");
  await page.click(".sl-play .sl-stop");
  await page.waitForFunction(() => document.querySelector(".sl-play .sl-status").textContent.startsWith("stopped"),
    null, { timeout: 2000 }).catch(() => problems.push("play: Stop did not stop the search"));
  await page.close();
  return `play (running): answered e2e4 with ${moves[1]} in ${waited} ms (100 ms a move), ` +
    `showed '${thinking}' while thinking, and stopped`;
}
