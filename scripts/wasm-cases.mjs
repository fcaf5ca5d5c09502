// What the web front's module must answer as the native binary does, wherever it runs (node:
// scripts/wasm-check.mjs; Chromium: scripts/browser-check.mjs). `ask(request, onIteration)`
// sends one request and resolves to its answer, telling `onIteration` (if given) about each of a
// search's iterations as the module reported it; `native` is the searchlab binary to hold it to. Resolves to the
// problems found (none: it is right) and how many searches were compared.
import { execFileSync } from "node:child_process";

export const POSITIONS = {
  start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  kiwipete: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  mate_in_one: "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
};

/** Each stage at a depth that takes well under a second in a page. */
export const SEARCHES = [
  ["minimax", 3], ["alphabeta", 4], ["cached", 5], ["ordered", 5], ["pvs", 5],
  ["quiescence", 5], ["selective", 7], ["parallel", 7], ["neural", 7],
];

export async function checkAgainstNative(ask, native) {
  const problems = [];
  let compared = 0;
  for (const [name, fen] of Object.entries(POSITIONS)) {
    for (const [stage, depth] of SEARCHES) {
      const web = await ask({ command: "search", fen, engine: stage, depth });
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
  const perft = await ask({ command: "perft", depth: 4, fen: POSITIONS.kiwipete });
  if (perft.leaves !== 4085603) problems.push(`perft 4 of Kiwipete: ${JSON.stringify(perft)}`);
  // Each iteration is reported as it completes: depths 1, 2, 3, …, nodes growing, each with a
  // line; none after the answer's nodes.
  const iterations = [];
  const timed = await ask({ command: "search", engine: "selective", movetime: 200 },
    (iteration) => iterations.push(iteration));
  const depths = iterations.map((it) => it.depth).join(" ");
  const last = iterations[iterations.length - 1];
  if (iterations.length < 3 || depths !== iterations.map((_, i) => i + 1).join(" ") ||
      iterations.some((it, i) => it.pv.length === 0 || (i > 0 && it.nodes <= iterations[i - 1].nodes)) ||
      last.nodes > timed.nodes) {
    problems.push(`a 200 ms search reported the iterations ${JSON.stringify(iterations)}, ` +
      `answered ${JSON.stringify(timed)}`);
  }
  if (!(timed.time_ms >= 100 && timed.time_ms < 1000)) {
    problems.push(`a 200 ms search took ${timed.time_ms} ms: the page's clock is not the search's`);
  }
  const refused = await ask({ command: "search", fen: "8/8/8/8 w - - 0 1", depth: 2 });
  if (!refused.error) problems.push(`a bad FEN was not refused: ${JSON.stringify(refused)}`);
  return { problems, compared };
}
