// A chess board for the book's widgets, drawn from a FEN: 64 buttons in a grid (the page's
// CSS colours them: .sl-board, .sl-square, .sl-light, .sl-dark), each with its square's name
// in `data-square` and its piece as a Unicode figure, so it needs no image.
import { element } from "./client.mjs";

const PIECES = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "♙",
  k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };
const FILES = "abcdefgh";

/** The pieces of a FEN's board, by square name (`e4`). */
export function piecesOf(fen) {
  const pieces = {};
  fen.split(" ")[0].split("/").forEach((row, rank) => {
    let file = 0;
    for (const c of row) {
      if (/\d/.test(c)) file += Number(c);
      else pieces[`${FILES[file++]}${8 - rank}`] = c;
    }
  });
  return pieces;
}

/**
 * Draws the position `fen` into `board` (an element with class sl-board), from Black's side if
 * `flipped`. With `selected` (a square) and `legal` (the position's moves, UCI), the selected
 * square and the squares its piece can go to are marked. `onClick(square)` is called on a click.
 */
export function drawBoard(board, fen, { flipped = false, selected = null, legal = [],
  onClick = null } = {}) {
  const pieces = piecesOf(fen);
  const targets = selected ? legal.filter((m) => m.startsWith(selected)) : [];
  const marked = (square) => (square === selected ? "sl-selected" : "") +
    (targets.some((m) => m.slice(2, 4) === square) ? " sl-target" : "");
  board.replaceChildren();
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const square = flipped ? `${FILES[7 - col]}${row + 1}` : `${FILES[col]}${8 - row}`;
      const cell = element("button", {
        type: "button", "data-square": square,
        class: `sl-square ${(row + col) % 2 ? "sl-dark" : "sl-light"} ${marked(square)}`.trim(),
      }, PIECES[pieces[square]] ?? "");
      if (onClick) cell.onclick = () => onClick(square);
      else cell.tabIndex = -1;
      board.append(cell);
    }
  }
}

/** The legal move (UCI) from `from` to `to`, a pawn promoting to a queen; undefined if none. */
export function moveBetween(legal, from, to) {
  return legal.find((m) => m.slice(0, 4) === from + to && (m.length === 4 || m[4] === "q"));
}

/** Whether a legal move starts on `square`: a piece the reader may pick up. */
export function movesFrom(legal, square) {
  return legal.some((m) => m.startsWith(square));
}
