// The book's "compare the rungs" widget: in each element `.sl-compare`, a position, a depth and
// engines, searched in the page by the engine's own code (the WebAssembly module, in a worker),
// one row per engine as `searchlab compare` prints it. The element's own content (the
// chapter's static table) stays as it is: without JavaScript, or before the module loads, the
// page is what it was.
//
// A chapter points the widget at its own question with data attributes, all optional:
//   data-fen="FEN"              its position, offered first ("this chapter's position")
//   data-engines="pvs|quiescence"   the engines offered, `|` between descriptions as
//                               `searchlab search --stage` takes them ("selective -null_move");
//                               without it, every stage of the ladder
//   data-depth="N"              the depth to start with (4 without it)
//   data-line                   a column with each engine's line (principal variation)
import { EngineClient, element, positionPicker } from "./client.mjs";

const engine = new EngineClient();

const thousands = (n) => n.toLocaleString("en-US");

function widget(root) {
  const { positions, fen } = positionPicker(root, ladder.positions);
  positions.onchange = () => { fen.value = positions.value; };
  const depth = element("input", { type: "number", min: "1", max: "20",
    value: root.dataset.depth ?? "4", "aria-label": "depth", class: "sl-depth" });
  const chosen = root.dataset.engines
    ? root.dataset.engines.split("|").map((name) => ({ name: name.trim(), summary: name.trim() }))
    : ladder.stages;
  const engines = chosen.map((s) => {
    const box = element("input", { type: "checkbox", value: s.name });
    box.checked = Boolean(root.dataset.engines) || s.name !== "minimax";
    return element("label", { title: s.summary }, box, ` ${s.name} `);
  });
  const withLine = root.dataset.line !== undefined;
  const run = element("button", { type: "button", class: "sl-run" }, "Search");
  const stop = element("button", { type: "button", class: "sl-stop", disabled: "" }, "Stop");
  const status = element("p", { class: "sl-status" }, "");
  const body = element("tbody");
  // With the line, the speed columns give way to it: the book's column is narrow.
  const headings = withLine
    ? ["engine", "move", "score", "depth", "nodes", "time", "line"]
    : ["engine", "move", "score", "depth", "nodes", "time", "nodes/s", "vs prev"];
  const table = element("table", { class: "sl-table" },
    element("thead", {}, element("tr", {}, ...headings.map((h) => element("th", {}, h)))), body);

  run.onclick = async () => {
    body.replaceChildren();
    run.disabled = true;
    stop.disabled = false;
    let previous = null;
    const ticked = engines.map((l) => l.firstChild).filter((b) => b.checked).map((b) => b.value);
    for (const name of ticked) {
      status.textContent = `searching with ${name}…`;
      const answer = await engine.ask({ command: "search", fen: fen.value.trim(), engine: name,
        depth: depth.value }, (it) => {
        status.textContent = `searching with ${name}… depth ${it.depth} done, ` +
          `${thousands(it.nodes)} nodes`;
      });
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
      const cells = [name, answer.move ?? "(none)", answer.score, answer.depth,
        thousands(answer.nodes), `${answer.time_ms.toFixed(1)} ms`];
      const last = withLine
        ? element("td", { class: "sl-line" }, answer.pv.join(" "))
        : [rate, vs].map((v) => element("td", {}, v));
      body.append(element("tr", { "data-stage": name, "data-nodes": String(answer.nodes),
        "data-score": answer.score, "data-move": answer.move ?? "" },
        ...cells.map((v) => element("td", {}, String(v))), ...[last].flat()));
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
    element("p", {}, "depth ", depth, " ", ...engines),
    element("p", {}, run, " ", stop), status, table));
}

// What to offer comes from the engine itself: `searchlab compare`'s positions and the stages.
const ladder = await engine.ask({ command: "ladder" });
document.querySelectorAll(".sl-compare").forEach(widget);
