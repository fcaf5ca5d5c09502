// The book's "compare the rungs" widget: in each element `.sl-compare`, a position, a depth and
// the stages, searched in the page by the engine's own code (the WebAssembly module, in a
// worker), one row per stage as `searchlab compare` prints it. The element's own content (the
// chapter's static table) stays as it is: without JavaScript, or before the module loads,
// the page is what it was.
import { EngineClient, element } from "./client.mjs";

const engine = new EngineClient();

const thousands = (n) => n.toLocaleString("en-US");

function widget(root) {
  const positions = element("select", { "aria-label": "position" },
    ...ladder.positions.map((p) => element("option", { value: p.fen, title: p.why }, p.name)));
  const fen = element("input", { type: "text", size: "60", "aria-label": "FEN",
    value: ladder.positions[0].fen, class: "sl-fen" });
  positions.onchange = () => { fen.value = positions.value; };
  const depth = element("input", { type: "number", min: "1", max: "8", value: "4",
    "aria-label": "depth", class: "sl-depth" });
  const stages = ladder.stages.map((s) => {
    const box = element("input", { type: "checkbox", value: s.name });
    box.checked = s.name !== "minimax";
    return element("label", { title: s.summary }, box, ` ${s.name} `);
  });
  const run = element("button", { type: "button", class: "sl-run" }, "Search");
  const stop = element("button", { type: "button", class: "sl-stop", disabled: "" }, "Stop");
  const status = element("p", { class: "sl-status" }, "");
  const body = element("tbody");
  const table = element("table", { class: "sl-table" },
    element("thead", {}, element("tr", {}, ...["stage", "move", "score", "depth", "nodes", "time",
      "nodes/s", "vs prev"].map((h) => element("th", {}, h)))), body);

  run.onclick = async () => {
    body.replaceChildren();
    run.disabled = true;
    stop.disabled = false;
    let previous = null;
    const chosen = stages.map((l) => l.firstChild).filter((b) => b.checked).map((b) => b.value);
    for (const stage of chosen) {
      status.textContent = `searching with ${stage}…`;
      const answer = await engine.ask({ command: "search", fen: fen.value.trim(), engine: stage,
        depth: depth.value });
      if (answer.stopped) {
        status.textContent = "stopped: the search was ended with its worker";
        break;
      }
      if (answer.error) {
        status.textContent = answer.error;
        break;
      }
      const vs = previous ? `${(100 * answer.nodes / previous).toFixed(1)}%` : "-";
      previous = answer.nodes;
      const rate = answer.time_ms > 0 ? thousands(Math.round(answer.nodes / answer.time_ms * 1000)) : "-";
      body.append(element("tr", { "data-stage": stage, "data-nodes": String(answer.nodes) },
        ...[stage, answer.move ?? "(none)", answer.score, answer.depth, thousands(answer.nodes),
          `${answer.time_ms.toFixed(1)} ms`, rate, vs].map((v) => element("td", {}, String(v)))));
      status.textContent = "";
    }
    if (status.textContent === "") status.textContent = "done";
    run.disabled = false;
    stop.disabled = true;
  };
  stop.onclick = () => engine.stop();

  root.prepend(element("div", { class: "sl-widget" },
    element("p", {}, element("strong", {}, "Try it here: "),
      "the engine's own code, compiled to WebAssembly, searches in this page."),
    element("p", {}, positions, " ", fen),
    element("p", {}, "depth ", depth, " ", ...stages),
    element("p", {}, run, " ", stop), status, table));
}

// What to offer comes from the engine itself: `searchlab compare`'s positions and the stages.
const ladder = await engine.ask({ command: "ladder" });
document.querySelectorAll(".sl-compare").forEach(widget);
