// The web front in a real browser: serves a page that loads the engine's module as a reader's
// page does (crates/web/js/searchlab.mjs, then the .wasm, over HTTP on 127.0.0.1), opens it in
// Debian's Chromium, headless, driven by playwright-core, and holds every answer the page gets
// to the native binary's (scripts/wasm-cases.mjs). Fails on any console error. Prints the time
// from navigation to the engine's first answer. Called by scripts/browser-check.
//
//   node scripts/browser-check.mjs MODULE.wasm NATIVE_SEARCHLAB DRIVER_DIR
import http from "node:http";
import { readFileSync } from "node:fs";
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
  problems.push(...errors);
  if (problems.length) {
    console.log(problems.join("\n"));
    status = 1;
  } else {
    console.log(`browser-check: Chromium ${browser.version()}: the engine answered ` +
      `${readyAt.toFixed(0)} ms after navigation; ${compared} searches equal to the native ` +
      `binary's to the node, perft, the clock and a refusal ok; no console error`);
  }
} finally {
  await browser.close();
  server.close();
}
process.exit(status);
