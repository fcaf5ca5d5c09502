// Speed in the browser against the native binary, one run on one machine: each stage searches
// the speed positions to its depth in headless Chromium (the web front's module, as a page
// loads it) and natively (the release binary); nodes a second each, and their ratio. Also the
// compare widget's load-to-interactive time. Prints the rows of book/measured/web.tsv.
//
//   node scripts/measure-web.mjs MODULE.wasm NATIVE_RELEASE_SEARCHLAB DRIVER_DIR POSITIONS
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { serveBook, url } from "./serve-book.mjs";

const [wasmPath, native, driverDir, positionsPath] = process.argv.slice(2);
const { chromium } = createRequire(`${driverDir}/`)("playwright-core");
const fens = readFileSync(positionsPath, "utf8").split("\n").map((l) => l.trim()).filter(Boolean);
const RUNS = [["cached", 6], ["selective", 12], ["neural", 12]];

const server = await serveBook();
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
const started = Date.now();
await page.goto(`${url(server)}measuring.html`);
await page.waitForSelector(".sl-widget", { timeout: 30000 });
const interactive = Date.now() - started;
await page.evaluate(async () => {
  const { Engine } = await import("./widgets/searchlab.mjs");
  const bytes = await (await fetch("widgets/searchlab_web.wasm")).arrayBuffer();
  window.engine = await Engine.load(bytes);
});
const rows = [];
for (const [stage, depth] of RUNS) {
  let nodes = 0, browserMs = 0, nativeMs = 0, nativeNodes = 0;
  for (const fen of fens) {
    const web = await page.evaluate((r) => window.engine.ask(r),
      { command: "search", fen, engine: stage, depth });
    nodes += web.nodes;
    browserMs += web.time_ms;
    const nat = JSON.parse(execFileSync(native, ["--json", "search", "--fen", fen, "--stage", stage,
      "--depth", String(depth)]));
    nativeNodes += nat.nodes;
    nativeMs += nat.time_ms;
  }
  if (nodes !== nativeNodes) throw new Error(`${stage}: ${nodes} nodes in the page, ${nativeNodes} native`);
  const nps = (n, ms) => Math.round(n / ms * 1000);
  rows.push([`${stage}.d${depth}`, nodes, nativeMs.toFixed(0), browserMs.toFixed(0),
    nps(nodes, nativeMs), nps(nodes, browserMs), (nativeMs / browserMs).toFixed(2)]);
}
await browser.close();
server.close();
console.log(["name", "nodes", "native_ms", "browser_ms", "native_nps", "browser_nps", "ratio"].join("\t"));
for (const row of rows) console.log(row.join("\t"));
console.log(["wasm.bytes", readFileSync(wasmPath).length].join("\t"));
console.log(["compare_widget.interactive_ms", interactive].join("\t"));
console.log(["chromium", browser.version()].join("\t"));
