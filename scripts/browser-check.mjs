// The web front in a real browser: serves a page that loads the engine's module as a reader's
// page does (crates/web/js/searchlab.mjs, then the .wasm, over HTTP on 127.0.0.1), opens it in
// Debian's Chromium, headless, driven by playwright-core, and holds every answer the page gets
// to the native binary's (scripts/wasm-cases.mjs). Fails on any console error. Prints the time
// from navigation to the engine's first answer. Called by scripts/browser-check.
//
// Then it opens the built book (book/book, with its widgets: scripts/book) and uses the
// "compare the rungs" widget of the measuring chapter as a reader would: picks a position and a
// depth, searches, and holds each row's node count to the native binary's; stops a long search
// and searches again. Screenshots at 1280 px go to DRIVER_DIR/screens/.
//
//   node scripts/browser-check.mjs MODULE.wasm NATIVE_SEARCHLAB DRIVER_DIR
import http from "node:http";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { BOOK, serveBook, url } from "./serve-book.mjs";
import { createRequire } from "node:module";
import { checkAgainstNative } from "./wasm-cases.mjs";

const [wasmPath, native, driverDir] = process.argv.slice(2);
const { chromium } = createRequire(`${driverDir}/`)("playwright-core");

const PAGE = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
<title>searchlab in the browser</title>
<pre id="state">loading</pre>
<script type="module">
import { Engine } from "./searchlab.mjs";
const bytes = await (await fetch("searchlab_web.wasm")).arrayBuffer();
const engine = await Engine.load(bytes);
window.ask = (request) => engine.ask(request);
window.ask({ command: "perft", depth: 1 });
window.readyAt = performance.now();
document.getElementById("state").textContent = "ready";
</script>`;
const files = {
  "/": ["text/html", PAGE],
  "/searchlab.mjs": ["text/javascript", readFileSync(new URL("../crates/web/js/searchlab.mjs", import.meta.url))],
  "/searchlab_web.wasm": ["application/wasm", readFileSync(wasmPath)],
};
const server = http.createServer((request, response) => {
  const file = files[request.url];
  if (!file) {
    response.writeHead(404);
    response.end();
    return;
  }
  response.writeHead(200, { "content-type": file[0] });
  response.end(file[1]);
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));

const book = await serveBook();

/** The play widget of the running chapter, used as a reader would: a move, the engine's legal
 * reply within its time, a search stopped. `ask` checks legality with the module itself. */
async function checkPlayWidget(browser, problems, ask) {
  const screens = join(driverDir, "screens");
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`running.html console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`running.html: ${error}`));
  await page.goto(`${url(book)}running.html`);
  const status = () => page.textContent(".sl-play .sl-status");
  await page.waitForFunction(() => document.querySelector(".sl-play .sl-status")?.textContent === "your move",
    null, { timeout: 30000 });
  await page.locator(".sl-play .sl-widget").scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(screens, "play-before.png") });
  await page.selectOption(".sl-movetime", "100");
  const asked = Date.now();
  await page.click("[data-square=e2]");
  await page.click("[data-square=e4]");
  await page.waitForFunction(() => document.querySelector(".sl-play .sl-status").textContent.endsWith("your move") &&
    document.querySelector(".sl-moves").textContent.split(" ").length === 2, null, { timeout: 10000 })
    .catch(() => {});
  const waited = Date.now() - asked;
  await page.screenshot({ path: join(screens, "play-after.png") });
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
  await page.click(".sl-play .sl-stop");
  await page.waitForFunction(() => document.querySelector(".sl-play .sl-status").textContent.startsWith("stopped"),
    null, { timeout: 2000 }).catch(() => problems.push("play: Stop did not stop the search"));
  await page.close();
  return `the play widget answered e2e4 with ${moves[1]} in ${waited} ms (100 ms a move) and stopped`;
}

/** The compare widget, used as a reader would; its problems go into `problems`. */
async function checkCompareWidget(browser, problems) {
  if (!existsSync(join(BOOK, "widgets/searchlab_web.wasm"))) {
    problems.push("book/book has no widgets: build the book first (scripts/book)");
    return "no widget";
  }
  const screens = join(driverDir, "screens");
  mkdirSync(screens, { recursive: true });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`measuring.html console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`measuring.html: ${error}`));
  const started = Date.now();
  await page.goto(`${url(book)}measuring.html`);
  await page.waitForSelector(".sl-widget", { timeout: 30000 });
  const interactive = Date.now() - started;
  const widget = page.locator(".sl-widget");
  await widget.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(screens, "compare-before.png") });
  await widget.locator("select").selectOption({ label: "kiwipete" });
  await page.fill(".sl-depth", "3");
  await page.click(".sl-run");
  await page.waitForFunction(() => document.querySelector(".sl-status").textContent === "done",
    null, { timeout: 60000 });
  await page.screenshot({ path: join(screens, "compare-after.png") });
  const fen = await page.inputValue(".sl-fen");
  const rows = await page.$$eval(".sl-table tbody tr",
    (trs) => trs.map((tr) => [tr.dataset.stage, Number(tr.dataset.nodes)]));
  for (const [stage, nodes] of rows) {
    const nat = JSON.parse(execFileSync(native, ["--json", "search", "--fen", fen, "--stage",
      stage, "--depth", "3"]));
    if (nodes !== nat.nodes) problems.push(`widget: ${stage} ${nodes} nodes, native ${nat.nodes}`);
  }
  if (rows.length !== 9) problems.push(`widget: ${rows.length} rows, not the 9 stages ticked`);
  // A long search, stopped: the worker is ended, the page says so, and searches again.
  await page.check(".sl-widget input[value=minimax]");
  await page.fill(".sl-depth", "8");
  await page.click(".sl-run");
  await page.waitForTimeout(300);
  await page.click(".sl-stop");
  await page.waitForFunction(() => document.querySelector(".sl-status").textContent.startsWith("stopped"),
    null, { timeout: 5000 }).catch(() => problems.push("widget: Stop did not stop the search"));
  await page.fill(".sl-depth", "2");
  await page.click(".sl-run");
  await page.waitForFunction(() => document.querySelector(".sl-status").textContent === "done",
    null, { timeout: 30000 }).catch(() => problems.push("widget: no search after a stop"));
  await page.close();
  return `the compare widget interactive ${interactive} ms after navigation, ${rows.length} ` +
    "rows equal to the native binary's, stopped and searched again";
}

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const errors = [];
let status = 0;
try {
  const page = await browser.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page: ${error}`));
  page.on("requestfailed", (request) => errors.push(`request failed: ${request.url()}`));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => document.getElementById("state").textContent === "ready",
    null, { timeout: 30000 });
  const readyAt = await page.evaluate(() => window.readyAt);
  const ask = (request) => page.evaluate((r) => window.ask(r), request);
  const { problems, compared } = await checkAgainstNative(ask, native);
  const widget = await checkCompareWidget(browser, problems);
  const play = await checkPlayWidget(browser, problems, ask);
  problems.push(...errors);
  if (problems.length) {
    console.log(problems.join("\n"));
    status = 1;
  } else {
    console.log(`browser-check: Chromium ${browser.version()}: the engine answered ` +
      `${readyAt.toFixed(0)} ms after navigation; ${compared} searches equal to the native ` +
      `binary's to the node, perft, the clock and a refusal ok; ${widget}; ${play}; ` +
      "no console error");
  }
} finally {
  await browser.close();
  server.close();
  book.close();
}
process.exit(status);
