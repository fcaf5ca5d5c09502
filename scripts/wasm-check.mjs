// Runs the web front's module under node and holds its answers to the native binary's: the
// same move, score, depth and node count for each stage on each position, perft's leaves, and
// a refusal that says what is wrong. Called by scripts/wasm --check (CI).
//
//   node scripts/wasm-check.mjs MODULE.wasm NATIVE_SEARCHLAB
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { Engine } from "../crates/web/js/searchlab.mjs";

const [wasmPath, native] = process.argv.slice(2);
const engine = await Engine.load(readFileSync(wasmPath));
const problems = [];

const positions = {
  start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  kiwipete: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  mate_in_one: "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
};
const searches = [
  ["minimax", 3], ["alphabeta", 4], ["cached", 5], ["ordered", 5], ["pvs", 5],
  ["quiescence", 5], ["selective", 7], ["parallel", 7], ["neural", 7],
];
let compared = 0;
for (const [name, fen] of Object.entries(positions)) {
  for (const [stage, depth] of searches) {
    const web = engine.ask({ command: "search", fen, engine: stage, depth });
    const out = execFileSync(native, ["--json", "search", "--fen", fen, "--stage", stage,
      "--depth", String(depth)]);
    const nat = JSON.parse(out);
    const score = "mate" in nat.score ? `mate ${nat.score.mate}` : `cp ${nat.score.cp}`;
    const want = `${nat.move} ${score} depth ${nat.depth} ${nat.nodes} nodes`;
    const got = `${web.move} ${web.score} depth ${web.depth} ${web.nodes} nodes`;
    if (got !== want) problems.push(`${stage} on ${name} at depth ${depth}: ${got}, native ${want}`);
    compared += 1;
  }
}
const perft = engine.ask({ command: "perft", depth: 4, fen: positions.kiwipete });
if (perft.leaves !== 4085603) problems.push(`perft 4 of Kiwipete: ${JSON.stringify(perft)}`);
const timed = engine.ask({ command: "search", engine: "selective", movetime: 200 });
if (!(timed.time_ms >= 100 && timed.time_ms < 1000)) {
  problems.push(`a 200 ms search took ${timed.time_ms} ms: the page's clock is not the search's`);
}
const refused = engine.ask({ command: "search", fen: "8/8/8/8 w - - 0 1", depth: 2 });
if (!refused.error) problems.push(`a bad FEN was not refused: ${JSON.stringify(refused)}`);

if (problems.length) {
  console.log(problems.join("\n"));
  process.exit(1);
}
console.log(`wasm-check: ${compared} searches equal to the native binary's to the node, ` +
  `perft, the clock and a refusal ok`);
