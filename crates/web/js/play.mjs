// The book's "play a rung" widget: in each element `.sl-play`, a board on which the reader
// plays against a stage they choose, at a time a move they choose. The engine (its own code,
// as WebAssembly, in a worker: the page never freezes) says which moves are legal, plays its
// replies and says how the game ended; this script only draws the board and passes clicks on.
// The element's own content stays below: without JavaScript the page is what it was.
import { drawBoard, moveBetween, movesFrom } from "./board.mjs";
import { EngineClient, element } from "./client.mjs";

const engine = new EngineClient();

function widget(root) {
  const stage = element("select", { "aria-label": "stage", class: "sl-stage" });
  const movetime = element("select", { "aria-label": "time a move", class: "sl-movetime" },
    ...[100, 300, 1000, 3000].map((ms) => element("option", { value: String(ms) }, `${ms} ms`)));
  movetime.value = "300";
  const side = element("select", { "aria-label": "your side", class: "sl-side" },
    element("option", { value: "white" }, "you play white"),
    element("option", { value: "black" }, "you play black"));
  const newGame = element("button", { type: "button", class: "sl-new" }, "New game");
  const stop = element("button", { type: "button", class: "sl-stop", disabled: "" }, "Stop");
  const status = element("p", { class: "sl-status" }, "");
  // The engine's thoughts as it has them: each completed iteration's depth, score, nodes and
  // line, as a GUI shows UCI's `info` lines.
  const thoughts = element("p", { class: "sl-thinking" }, "");
  const board = element("div", { class: "sl-board", role: "grid" });
  const played = element("p", { class: "sl-moves" }, "");

  let moves = [];
  let position = null;
  let selected = null;
  let thinking = false;

  function draw() {
    drawBoard(board, position.fen, {
      flipped: side.value === "black",
      selected,
      legal: position.legal,
      onClick: click,
    });
    played.textContent = moves.join(" ");
  }

  async function update() {
    position = await engine.ask({ command: "position", moves: moves.join(" ") });
    if (position.error) {
      status.textContent = position.error;
      return;
    }
    draw();
    if (position.outcome) {
      status.textContent = position.outcome === "checkmate"
        ? `checkmate: ${position.to_move === side.value ? "the engine" : "you"} won`
        : "a draw";
    } else if (position.to_move !== side.value) {
      await reply();
    } else {
      status.textContent = "your move";
    }
  }

  async function reply() {
    thinking = true;
    stop.disabled = false;
    status.textContent = `${stage.value} is thinking (${movetime.value} ms)…`;
    thoughts.textContent = "";
    const answer = await engine.ask({ command: "search", moves: moves.join(" "),
      engine: stage.value, movetime: movetime.value }, (it) => {
      thoughts.textContent = `depth ${it.depth}  ${it.score}  ` +
        `${it.nodes.toLocaleString("en-US")} nodes  ${it.time_ms.toFixed(0)} ms  ` +
        `line ${it.pv.join(" ")}`;
    });
    thinking = false;
    stop.disabled = true;
    if (answer.stopped) {
      status.textContent = "stopped: the search was ended with its worker; New game, or " +
        "click a square to ask the engine again";
      return;
    }
    if (answer.error) {
      status.textContent = answer.error;
      return;
    }
    moves.push(answer.move);
    await update();
    if (!position.outcome) {
      status.textContent = `${stage.value} played ${answer.move} (${answer.score}, depth ` +
        `${answer.depth}, ${answer.nodes.toLocaleString("en-US")} nodes, ` +
        `${answer.time_ms.toFixed(0)} ms); your move`;
    }
  }

  async function click(square) {
    if (thinking || !position || position.outcome) return;
    if (position.to_move !== side.value) {
      await reply();
      return;
    }
    if (selected) {
      const move = moveBetween(position.legal, selected, square);
      selected = null;
      if (move) {
        moves.push(move);
        await update();
        return;
      }
    }
    if (movesFrom(position.legal, square)) selected = square;
    draw();
  }

  newGame.onclick = () => {
    engine.stop();
    thinking = false;
    moves = [];
    selected = null;
    update();
  };
  stop.onclick = () => engine.stop();

  // The note that stands in for the board when it cannot run is not needed once it does.
  for (const child of root.children) child.hidden = true;
  root.prepend(element("div", { class: "sl-widget" },
    element("p", {}, element("strong", {}, "Play it here: "),
      "a rung of the ladder, its own code compiled to WebAssembly, plays you in this page."),
    element("p", {}, stage, " ", movetime, " ", side, " ", newGame, " ", stop),
    board, played, status, thoughts));

  engine.ask({ command: "ladder" }).then((answer) => {
    stage.replaceChildren(...answer.stages.map((s) =>
      element("option", { value: s.name, title: s.summary }, s.name)));
    stage.value = "selective";
    update();
  });
}

document.querySelectorAll(".sl-play").forEach(widget);
