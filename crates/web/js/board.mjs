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
 * `flipped`; `marked(square)` gives extra classes for a square, `onClick(square)` is called on a
 * click.
 */
export function drawBoard(board, fen, { flipped = false, marked = () => "", onClick = null } = {}) {
  const pieces = piecesOf(fen);
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
