// The book's "what does the network say" widget: in each element `.sl-evaluate`, a position the
// reader sets up (a FEN typed or picked, then moves played on the board by clicking a piece and
// its square) and the three static evaluations of the ladder for it, as the engine's own code
// (the WebAssembly module, in a worker) computes them: stages 1 to 7's simple one, stage 8 and
// 9's full one, stage 10's network. `data-fen` gives the chapter's own position. The element's
// own content stays as it is: without JavaScript the page is what it was.
import { drawBoard, moveBetween, movesFrom } from "./board.mjs";
import { EngineClient, element, positionPicker } from "./client.mjs";

const engine = new EngineClient();

/** A score in centipawns as a chess reader reads it: pawns, signed, two decimals. */
const pawns = (cp) => `${cp > 0 ? "+" : cp < 0 ? "−" : ""}${(Math.abs(cp) / 100).toFixed(2)}`;

function widget(root) {
  const { positions, fen } = positionPicker(root, ladder.positions);
  const evaluateButton = element("button", { type: "button", class: "sl-run" }, "Evaluate");
  const board = element("div", { class: "sl-board", role: "grid" });
  const status = element("p", { class: "sl-status" }, "");
  const body = element("tbody");
  const table = element("table", { class: "sl-table" },
    element("thead", {}, element("tr", {}, ...["evaluation", "stages", "side to move",
      "for White"].map((h) => element("th", {}, h)))), body);

  let position = null;
  let selected = null;

  async function evaluate() {
    const [answer, legal] = await Promise.all([
      engine.ask({ command: "evaluate", fen: fen.value.trim() }),
      engine.ask({ command: "position", fen: fen.value.trim() }),
    ]);
    if (answer.error) {
      status.textContent = answer.error;
      body.replaceChildren();
      return;
    }
    position = legal;
    selected = null;
    fen.value = answer.fen;
    draw();
    const white = answer.to_move === "white" ? 1 : -1;
    body.replaceChildren(...answer.evaluations.map((e) =>
      element("tr", { "data-evaluation": e.name, "data-cp": String(e.cp) },
        ...[e.name, e.stages, pawns(e.cp), pawns(white * e.cp)]
          .map((v) => element("td", {}, v)))));
    status.textContent = position.outcome
      ? `the game is over here (${position.outcome}): no evaluation is asked at such a node`
      : `${answer.to_move} to move; click a piece, then its square, to play a move`;
  }

  function draw() {
    drawBoard(board, position.fen, {
      selected,
      legal: position.legal,
      onClick: click,
    });
  }

  async function click(square) {
    if (!position) return;
    if (selected) {
      const move = moveBetween(position.legal, selected, square);
      selected = null;
      if (move) {
        const after = await engine.ask({ command: "position", fen: position.fen, moves: move });
        fen.value = after.fen;
        await evaluate();
        return;
      }
    }
    if (movesFrom(position.legal, square)) selected = square;
    draw();
  }

  positions.onchange = () => { fen.value = positions.value; evaluate(); };
  evaluateButton.onclick = evaluate;
  fen.onkeydown = (event) => { if (event.key === "Enter") evaluate(); };

  root.prepend(element("div", { class: "sl-widget" },
    element("p", {}, element("strong", {}, "Try it here: "),
      "set up a position and read what each evaluation of the ladder makes of it, computed in " +
      "this page by the engine's own code."),
    element("p", {}, positions, " ", fen, " ", evaluateButton),
    board, status, table));
  evaluate();
}

// The positions to offer come from the engine itself: those of `searchlab compare`.
const ladder = await engine.ask({ command: "ladder" });
document.querySelectorAll(".sl-evaluate").forEach(widget);
