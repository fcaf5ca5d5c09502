// Runs the web front's module under node and holds its answers to the native binary's
// (scripts/wasm-cases.mjs: every stage's move, score, depth and nodes on three positions,
// perft, the clock, the iterations reported, a refusal). Called by scripts/wasm --check (CI).
//
//   node scripts/wasm-check.mjs MODULE.wasm NATIVE_SEARCHLAB
import { readFileSync } from "node:fs";
import { Engine } from "../crates/web/js/searchlab.mjs";
import { checkAgainstNative } from "./wasm-cases.mjs";

const [wasmPath, native] = process.argv.slice(2);
const engine = await Engine.load(readFileSync(wasmPath));
const { problems, compared } = await checkAgainstNative(async (r, onIteration) => engine.ask(r, onIteration),
  native);
if (problems.length) {
  console.log(problems.join("\n"));
  process.exit(1);
}
console.log(`wasm-check: ${compared} searches equal to the native binary's to the node, ` +
  `perft, the clock, the iterations and a refusal ok`);
