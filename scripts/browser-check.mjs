// The web front in a real browser: serves a page that loads the engine's module as a reader's
// page does (crates/web/js/searchlab.mjs, then the .wasm, over HTTP on 127.0.0.1), opens it in
// Debian's Chromium, headless, driven by playwright-core, and holds every answer the page gets
// to the native binary's (scripts/wasm-cases.mjs). Fails on any console error. Prints the time
// from navigation to the engine's first answer. Called by scripts/browser-check.
//
// Then it opens the built book (book/book, with its widgets: scripts/book) and uses each
// chapter's widget as a reader would (scripts/browser-widgets.mjs). Screenshots at 1280 px go
// to DRIVER_DIR/screens/.
//
//   node scripts/browser-check.mjs MODULE.wasm NATIVE_SEARCHLAB DRIVER_DIR
import http from "node:http";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { serveBook } from "./serve-book.mjs";
import { checkWidgets } from "./browser-widgets.mjs";
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
// A search's iterations, as the module reported them while it ran, come back with its answer.
window.ask = (request) => {
  const iterations = [];
  const answer = engine.ask(request, (iteration) => iterations.push(iteration));
  return { answer, iterations };
};
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
  const ask = async (request, onIteration = null) => {
    const { answer, iterations } = await page.evaluate((r) => window.ask(r), request);
    if (onIteration) iterations.forEach(onIteration);
    return answer;
  };
  const { problems, compared } = await checkAgainstNative(ask, native);
  const reader = { browser, book, native, screens: join(driverDir, "screens"), problems, errors };
  const widgets = await checkWidgets(reader, ask);
  problems.push(...errors);
  if (problems.length) {
    console.log(problems.join("\n"));
    status = 1;
  } else {
    console.log(`browser-check: Chromium ${browser.version()}: the engine answered ` +
      `${readyAt.toFixed(0)} ms after navigation; ${compared} searches equal to the native ` +
      `binary's to the node, perft, the clock, the iterations and a refusal ok; ${widgets.join("; ")}; ` +
      "no console error");
  }
} finally {
  await browser.close();
  server.close();
  book.close();
}
process.exit(status);
