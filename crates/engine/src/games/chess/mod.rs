//! Chess, as a [`Game`]: the `chess` crate's board plus the rules it leaves to us.
//!
//! `chess::Board` generates legal moves very fast, but it is a *position*, not a *game*: it
//! drops the halfmove clock when it reads a FEN and it has no history. So [`Chess`] keeps a
//! frame (board, halfmove clock, fullmove number) for the position now and a stack of the
//! frames before it. `play` pushes the current frame and makes the next one; `undo` pops the
//! last frame back. That gives us, for free, everything the draw rules need:
//!
//! - **checkmate and stalemate**: no legal move, in check or not;
//! - **the 50-move rule**: the halfmove clock reaches 100 (mate on that move still counts);
//! - **repetition**: the current position already occurred since the last capture or pawn move,
//!   whether inside the search or in the moves played before it. The engine counts the *first*
//!   repetition as a draw: if repeating were good for the side that could deviate, it could
//!   repeat again, so nothing is lost, and the search sees the draw two plies sooner;
//! - **insufficient material**: no mate is possible with any sequence of legal moves
//!   (king against king with at most one minor piece, or bishops all on one colour).
//!
//! The game's other concerns live beside it, a file each: reading and writing FEN (`fen.rs`),
//! move notation (`notation.rs`: UCI and SAN), what kind of move a move is (`move_kinds.rs`: a
//! capture, a check, castling, en passant), the move lists (`movegen.rs`), perft (`perft.rs`),
//! the static exchange evaluation ([`see`]) and the evaluations' wiring (`evaluators.rs`). The
//! squares and attack sets that the evaluation also needs are in [`crate::board`], below both.

mod evaluators;
mod fen;
mod move_kinds;
pub(crate) mod movegen;
mod notation;
mod perft;
pub mod see;
#[cfg(test)]
mod tests;

pub use self::move_kinds::is_capture;

use self::fen::parse_fen;
use self::move_kinds::{capture_on, gives_check, is_en_passant};
use self::movegen::has_legal_move;
use self::notation::piece_letter;
use crate::board::square_at;
use crate::error::{Error, Result};
use crate::eval;
use crate::game::{Capture, Game, Outcome};
use crate::score::Score;
use crate::tt::TableMove;
use chess::{
    get_bishop_rays, get_knight_moves, get_rook_rays, BitBoard, Board, ChessMove, Color, Piece,
    ALL_PIECES, ALL_SQUARES, EMPTY,
};
use std::fmt;
use std::str::FromStr;

/// The FEN of the standard starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// One position in the game's history.
#[derive(Clone, Copy, Debug)]
struct Frame {
    board: Board,
    /// Plies since the last capture or pawn move (the 50-move rule counts to 100).
    halfmove_clock: u32,
    /// The FEN's fullmove number: starts at 1, grows after each Black move.
    fullmove_number: u32,
}

/// A chess game: the current position and every position before it.
#[derive(Clone, Debug)]
pub struct Chess {
    /// The position now: read at every node, so kept apart rather than as the last of a list.
    current: Frame,
    /// The positions before it, oldest first.
    earlier: Vec<Frame>,
}

impl Default for Chess {
    fn default() -> Self {
        Chess::start()
    }
}
impl Chess {
    /// The standard starting position.
    pub fn start() -> Chess {
        Chess::from_fen(START_FEN).expect("the start FEN is valid")
    }

    /// Reads a FEN (6 fields, or the first 4 as in EPD). A bad FEN is an error that names
    /// the field at fault; no input makes this panic.
    pub fn from_fen(fen: &str) -> Result<Chess> {
        parse_fen(fen).map_err(|error| Error::Fen {
            fen: fen.to_string(),
            error,
        })
    }

    /// The board `back` moves before the current one (0: the current board), if the game has
    /// that many moves: what an evaluation that follows the line (the learned one) walks back
    /// along.
    pub fn board_before(&self, back: usize) -> Option<&Board> {
        match back {
            0 => Some(&self.current.board),
            _ => self
                .earlier
                .len()
                .checked_sub(back)
                .map(|index| &self.earlier[index].board),
        }
    }

    /// The underlying `chess` crate board of the current position.
    pub fn board(&self) -> &Board {
        &self.current().board
    }

    /// Plies since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.current().halfmove_clock
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.board().side_to_move()
    }

    /// Number of moves played since the position this game was created from.
    pub fn moves_played(&self) -> usize {
        self.earlier.len()
    }

    fn current(&self) -> &Frame {
        &self.current
    }

    fn illegal(&self, text: &str) -> Error {
        let mut legal: Vec<String> = self.legal_moves().iter().map(|m| m.to_string()).collect();
        legal.sort();
        let hint = if legal.is_empty() {
            " (the side to move has no legal move)".to_string()
        } else {
            format!(" (legal moves: {})", legal.join(" "))
        };
        Error::IllegalMove {
            mv: text.to_string(),
            fen: self.fen(),
            hint,
        }
    }

    /// How many times the current position occurred before (same pieces, side, rights), since
    /// the last capture or pawn move. A game is drawn by the rules at 2 (a threefold
    /// repetition); the search already scores 1 as a draw (see the module docs).
    pub fn repetitions(&self) -> usize {
        self.earlier_occurrences().count()
    }

    /// The result of the game by the rules a referee applies (threefold repetition, not the
    /// search's twofold): checkmate, stalemate, 50-move rule, threefold, dead position.
    pub fn game_outcome(&self) -> Option<Outcome> {
        self.outcome_drawing_at(2)
    }

    /// Earlier frames holding the current position. Only positions with the same side to move
    /// can be equal, and none before the last irreversible move: step back two plies at a time
    /// over the reversible ones.
    fn earlier_occurrences(&self) -> impl Iterator<Item = &Frame> + '_ {
        let current = self.current();
        let key = current.board.get_hash();
        self.earlier
            .iter()
            .rev()
            .take(current.halfmove_clock as usize)
            .skip(1)
            .step_by(2)
            .filter(move |frame| frame.board.get_hash() == key)
    }

    /// The outcome, counting a position that occurred `repetitions` times before as a draw.
    fn outcome_drawing_at(&self, repetitions: usize) -> Option<Outcome> {
        let frame = self.current();
        if !has_legal_move(&frame.board) {
            return Some(if *frame.board.checkers() == EMPTY {
                Outcome::Draw
            } else {
                Outcome::Loss
            });
        }
        // A position cannot come back in fewer than four reversible plies (a piece of each side
        // has to go and return), and after most moves of a search (captures, pawn moves) the
        // clock is lower: then there is no need to walk back.
        let may_repeat = frame.halfmove_clock >= 4;
        if frame.halfmove_clock >= 100
            || insufficient_material(&frame.board)
            || (may_repeat && self.earlier_occurrences().nth(repetitions - 1).is_some())
        {
            return Some(Outcome::Draw);
        }
        None
    }
}

/// A chess move in 16 bits: from square (6 bits), to square (6), promotion piece plus one (3,
/// 0 for none). From and to differ, so no move packs to 0.
impl TableMove for ChessMove {
    #[inline]
    fn pack(self) -> u16 {
        let promotion = self.get_promotion().map_or(0, |p| p.to_index() as u16 + 1);
        self.get_source().to_index() as u16
            | (self.get_dest().to_index() as u16) << 6
            | promotion << 12
    }

    fn unpack(bits: u16) -> ChessMove {
        let square = |shift: u16| ALL_SQUARES[usize::from((bits >> shift) & 63)];
        let promotion = match usize::from(bits >> 12) {
            0 => None,
            piece => ALL_PIECES.get(piece - 1).copied(),
        };
        ChessMove::new(square(0), square(6), promotion)
    }
}

impl Game for Chess {
    type Move = ChessMove;
    type Evaluator = eval::Evaluation;

    // ANCHOR: moves
    fn legal_moves(&self) -> Vec<ChessMove> {
        let mut list = Vec::new();
        self.legal_moves_into(&mut list);
        list
    }

    fn legal_moves_into(&self, list: &mut Vec<ChessMove>) {
        // The crate's moves in the crate's order, written straight into the list.
        movegen::legal_moves(self.board(), list);
    }

    fn play(&mut self, mv: ChessMove) {
        let board = &self.current.board;
        // A pawn move or a capture resets the clock. En passant is a pawn move, so a capture
        // left to detect is one onto an occupied square.
        let pawn_moves = *board.pieces(Piece::Pawn) & BitBoard::from_square(mv.get_source());
        let taken = *board.combined() & BitBoard::from_square(mv.get_dest());
        let irreversible = pawn_moves != EMPTY || taken != EMPTY;
        let black_moved = board.side_to_move() == Color::Black;
        self.earlier.push(self.current);
        // The position now is kept as it is, and the next board written straight into the
        // current frame from that copy: one copy of the frame, not three.
        if let Some(previous) = self.earlier.last() {
            previous.board.make_move(mv, &mut self.current.board);
        }
        self.current.halfmove_clock = if irreversible {
            0
        } else {
            self.current.halfmove_clock + 1
        };
        self.current.fullmove_number += u32::from(black_moved);
    }

    fn undo(&mut self) {
        // With no position before this one, `undo` without a `play` is a caller's bug, and the
        // position simply stays where it is.
        if let Some(previous) = self.earlier.pop() {
            self.current = previous;
        }
    }
    // ANCHOR_END: moves

    fn outcome(&self) -> Option<Outcome> {
        // The search's view: the first repetition is already a draw.
        self.outcome_drawing_at(1)
    }

    fn evaluate(&self) -> Score {
        eval::evaluate(self.board())
    }

    // ANCHOR: hash
    fn hash(&self) -> u64 {
        self.board().get_hash()
    }
    // ANCHOR_END: hash

    fn in_check(&self) -> bool {
        *self.board().checkers() != EMPTY
    }

    #[inline]
    fn gives_check(&self, mv: ChessMove) -> bool {
        // Most moves are ruled out at once: a move can check only from a square on a line
        // through the enemy king or a knight's jump from it, or by opening such a line from
        // its square of departure. Castling (the rook moves too) and en passant (a second pawn
        // leaves) are left to the full test.
        let board = self.board();
        let king = board.king_square(!board.side_to_move());
        let reach = get_rook_rays(king) | get_bishop_rays(king) | get_knight_moves(king);
        let from = BitBoard::from_square(mv.get_source());
        if (from | BitBoard::from_square(mv.get_dest())) & reach == EMPTY
            && *board.pieces(Piece::King) & from == EMPTY
            && board.en_passant().is_none()
        {
            return false;
        }
        gives_check(board, mv)
    }

    fn noisy_moves(&self) -> Vec<ChessMove> {
        let mut list = Vec::new();
        self.noisy_moves_into(&mut list);
        list
    }

    fn noisy_moves_into(&self, list: &mut Vec<ChessMove>) {
        let board = self.board();
        if *board.checkers() != EMPTY {
            return self.legal_moves_into(list); // in check, any move may be the only escape
        }
        list.clear();
        list.reserve(movegen::MOST_LEGAL_MOVES);
        movegen::captures_and_promotions(board, list);
    }

    #[inline]
    fn moved_piece(&self, mv: ChessMove) -> usize {
        let board = self.board();
        let piece = board.piece_on(mv.get_source()).map_or(0, |p| p.to_index());
        piece + 6 * board.side_to_move().to_index()
    }

    fn see(&self, mv: ChessMove) -> i32 {
        see::see(self.board(), mv)
    }

    fn see_at_least(&self, mv: ChessMove, threshold: i32) -> bool {
        see::see_at_least(self.board(), mv, threshold)
    }

    fn may_pass(&self) -> bool {
        let board = self.board();
        let own = *board.color_combined(board.side_to_move());
        let pawns_and_king = *board.pieces(Piece::Pawn) | *board.pieces(Piece::King);
        *board.checkers() == EMPTY && (own & !pawns_and_king) != EMPTY
    }

    /// The pawns of each side and the side to move, mixed into one key. (The `chess` crate's
    /// own pawn hash is not implemented: it is always 0.)
    fn structure_key(&self) -> u64 {
        let board = self.board();
        let pawns = *board.pieces(Piece::Pawn);
        let white = (pawns & *board.color_combined(Color::White)).0;
        let black = (pawns & *board.color_combined(Color::Black)).0;
        let side = board.side_to_move().to_index() as u64;
        crate::rng::mix(crate::rng::mix(white ^ side) ^ black)
    }

    fn pass(&mut self) {
        let frame = *self.current();
        if let Some(board) = frame.board.null_move() {
            // The clock restarts as after a capture: no repetition may be claimed across a
            // pass (the position before it had the other side to move), and a search below a
            // pass is too shallow to reach the 50-move rule anyway.
            let passed = Frame {
                board,
                halfmove_clock: 0,
                fullmove_number: frame.fullmove_number,
            };
            self.earlier
                .push(std::mem::replace(&mut self.current, passed));
        }
    }

    #[inline]
    fn capture(&self, mv: ChessMove) -> Option<Capture> {
        // Move ordering asks this of every move, so the common quiet move is answered here,
        // with as few board lookups as possible: an empty target square, no promotion, and no
        // en passant square. The rest is worked out in `capture_on`.
        let board = self.board();
        let target = BitBoard::from_square(mv.get_dest());
        if *board.combined() & target == EMPTY
            && mv.get_promotion().is_none()
            && board.en_passant().is_none()
        {
            return None;
        }
        capture_on(board, mv)
    }

    #[inline]
    fn is_noisy(&self, mv: ChessMove) -> bool {
        // What `capture` tells apart, without the values: a piece on the target square, a
        // promotion, or en passant (a pawn moving sideways onto the empty square).
        let board = self.board();
        *board.combined() & BitBoard::from_square(mv.get_dest()) != EMPTY
            || mv.get_promotion().is_some()
            || (board.en_passant().is_some() && is_en_passant(board, mv))
    }
}

impl fmt::Display for Chess {
    /// A text diagram of the board, White at the bottom, then the FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.board();
        for rank in (0..8).rev() {
            write!(f, "{} ", rank + 1)?;
            for file in 0..8 {
                let sq = square_at(file, rank);
                let c = match (board.piece_on(sq), board.color_on(sq)) {
                    (Some(piece), Some(color)) => {
                        let c = piece_letter(piece);
                        let c = if piece == Piece::Pawn { 'P' } else { c };
                        if color == Color::White {
                            c
                        } else {
                            c.to_ascii_lowercase()
                        }
                    }
                    _ => '.',
                };
                write!(f, "{c} ")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "  a b c d e f g h")?;
        write!(f, "{}", self.fen())
    }
}

impl FromStr for Chess {
    type Err = Error;
    fn from_str(s: &str) -> Result<Chess> {
        Chess::from_fen(s)
    }
}

fn insufficient_material(board: &Board) -> bool {
    let heavy =
        *board.pieces(Piece::Pawn) | *board.pieces(Piece::Rook) | *board.pieces(Piece::Queen);
    if heavy != EMPTY {
        return false;
    }
    let knights = board.pieces(Piece::Knight).popcnt();
    let bishops = *board.pieces(Piece::Bishop);
    if knights + bishops.popcnt() <= 1 {
        return true;
    }
    // Only bishops, all on squares of one colour: neither king can ever be mated.
    const LIGHT_SQUARES: BitBoard = BitBoard(0x55AA_55AA_55AA_55AA);
    knights == 0 && ((bishops & LIGHT_SQUARES) == EMPTY || (bishops & !LIGHT_SQUARES) == EMPTY)
}
