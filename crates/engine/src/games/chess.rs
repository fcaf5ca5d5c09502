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

use crate::error::{Error, FenError, Result};
use crate::eval;
use crate::game::{Capture, Evaluator, Game, Outcome};
use crate::games::chess_moves::{self, has_legal_move};
use crate::score::Score;
use crate::tt::TableMove;
use chess::{
    get_bishop_moves, get_bishop_rays, get_knight_moves, get_rook_moves, get_rook_rays, BitBoard,
    Board, ChessMove, Color, MoveGen, Piece, Square, ALL_PIECES, ALL_SQUARES, EMPTY,
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

    /// The current position as a 6-field FEN.
    pub fn fen(&self) -> String {
        let frame = self.current();
        // The crate's FEN writer gets placement, side and castling right, but writes the
        // en-passant field as the square of the pawn that may be taken (e4), not the square
        // behind it that FEN wants (e3). That field and the two counters are ours.
        let crate_fen = frame.board.to_string();
        let first_three: Vec<&str> = crate_fen.split(' ').take(3).collect();
        let en_passant = frame.board.en_passant().map_or("-".to_string(), |pawn| {
            let behind = match frame.board.side_to_move() {
                Color::White => pawn.up(),
                Color::Black => pawn.down(),
            };
            behind.map_or("-".to_string(), |sq| sq.to_string())
        });
        format!(
            "{} {} {} {}",
            first_three.join(" "),
            en_passant,
            frame.halfmove_clock,
            frame.fullmove_number
        )
    }

    /// Parses a move in UCI notation (`e2e4`, `e7e8q`, castling as the king's move `e1g1`)
    /// and checks it is legal here.
    pub fn parse_uci(&self, text: &str) -> Result<ChessMove> {
        let wanted = text.trim().to_ascii_lowercase();
        self.legal_moves()
            .into_iter()
            .find(|mv| mv.to_string() == wanted)
            .ok_or_else(|| self.illegal(text))
    }

    /// Parses a move in standard algebraic notation (`Nf3`, `exd5`, `O-O`, `e8=Q+`) and
    /// checks it is legal here. Check and annotation marks are ignored.
    pub fn parse_san(&self, text: &str) -> Result<ChessMove> {
        let wanted = strip_san(text);
        if wanted.is_empty() {
            return Err(self.illegal(text));
        }
        self.legal_moves()
            .into_iter()
            .find(|&mv| strip_san(&self.san(mv)) == wanted)
            .ok_or_else(|| self.illegal(text))
    }

    /// Plays a move given in UCI notation, or explains why it cannot be played.
    pub fn play_uci(&mut self, text: &str) -> Result<()> {
        let mv = self.parse_uci(text)?;
        self.play(mv);
        Ok(())
    }

    /// Writes a legal move in standard algebraic notation, with `+` or `#`.
    pub fn san(&self, mv: ChessMove) -> String {
        let board = self.board();
        let (from, to) = (mv.get_source(), mv.get_dest());
        let piece = board.piece_on(from).unwrap_or(Piece::Pawn);
        let mut san = String::new();
        if is_castling(piece, mv) {
            san.push_str(if to.get_file().to_index() > from.get_file().to_index() {
                "O-O"
            } else {
                "O-O-O"
            });
        } else {
            let capture = is_capture(board, mv);
            if piece == Piece::Pawn {
                if capture {
                    san.push(file_char(from));
                }
            } else {
                san.push(piece_letter(piece));
                // Disambiguate between two pieces of the same kind that reach the same square.
                let rivals: Vec<Square> = MoveGen::new_legal(board)
                    .filter(|m| {
                        m.get_dest() == to
                            && m.get_source() != from
                            && board.piece_on(m.get_source()) == Some(piece)
                    })
                    .map(|m| m.get_source())
                    .collect();
                if !rivals.is_empty() {
                    let same_file = rivals.iter().any(|s| s.get_file() == from.get_file());
                    let same_rank = rivals.iter().any(|s| s.get_rank() == from.get_rank());
                    if !same_file {
                        san.push(file_char(from));
                    } else if !same_rank {
                        san.push(rank_char(from));
                    } else {
                        san.push(file_char(from));
                        san.push(rank_char(from));
                    }
                }
            }
            if capture {
                san.push('x');
            }
            san.push_str(&to.to_string());
            if let Some(promo) = mv.get_promotion() {
                san.push('=');
                san.push(piece_letter(promo));
            }
        }
        let after = board.make_move_new(mv);
        if *after.checkers() != EMPTY {
            san.push(if MoveGen::new_legal(&after).len() == 0 {
                '#'
            } else {
                '+'
            });
        }
        san
    }

    /// Counts the leaf nodes of the legal move tree to `depth` plies (perft). It uses the
    /// board directly, so it checks the move generator and our FEN reading, nothing else.
    pub fn perft(&self, depth: u32) -> u64 {
        perft_board(self.board(), depth)
    }

    /// Counts every node of the legal move tree to `depth` plies, the root included, visiting
    /// each one: every node generates its legal moves (the leaves too, as a search's leaves
    /// do) and every move is played, with no bulk counting. It uses the `chess` crate alone,
    /// so its cost a node is the floor under any search built on that crate: what generating
    /// a node's moves and playing one costs, and nothing else.
    pub fn perft_every_node(&self, depth: u32) -> u64 {
        every_node(self.board(), depth)
    }

    /// Perft split by first move, for finding where two move generators disagree.
    pub fn perft_divide(&self, depth: u32) -> Vec<(ChessMove, u64)> {
        let depth = depth.max(1);
        MoveGen::new_legal(self.board())
            .map(|mv| (mv, perft_board(&self.board().make_move_new(mv), depth - 1)))
            .collect()
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

// ANCHOR: evaluator
/// Chess's full evaluation, as the knowledge stages (8 and up) reach it through the game: the
/// weights-times-features evaluation of [`crate::eval`], with its pawn cache, and its terms
/// and weights as the engine's switches.
impl Evaluator<Chess> for eval::Evaluation {
    fn evaluate(&mut self, game: &Chess) -> Score {
        let parent = game.earlier.last().map(|frame| &frame.board);
        self.evaluate_in_line(game.board(), parent, game.earlier.len())
    }

    fn switch_names() -> Vec<&'static str> {
        eval::Evaluation::switch_names()
    }

    fn switch(&mut self, name: &str, on: bool) -> bool {
        eval::Evaluation::switch(self, name, on)
    }
}
// ANCHOR_END: evaluator

impl Game for Chess {
    type Move = ChessMove;
    type Evaluator = eval::Evaluation;
    type LearnedEvaluator = eval::neural::NeuralEvaluation;

    // ANCHOR: moves
    fn legal_moves(&self) -> Vec<ChessMove> {
        let mut list = Vec::new();
        self.legal_moves_into(&mut list);
        list
    }

    fn legal_moves_into(&self, list: &mut Vec<ChessMove>) {
        // The crate's moves in the crate's order, written straight into the list.
        chess_moves::legal_moves(self.board(), list);
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
        list.reserve(chess_moves::MOST_LEGAL_MOVES);
        chess_moves::captures_and_promotions(board, list);
    }

    #[inline]
    fn moved_piece(&self, mv: ChessMove) -> usize {
        let board = self.board();
        let piece = board.piece_on(mv.get_source()).map_or(0, |p| p.to_index());
        piece + 6 * board.side_to_move().to_index()
    }

    fn see(&self, mv: ChessMove) -> i32 {
        crate::games::see::see(self.board(), mv)
    }

    fn see_at_least(&self, mv: ChessMove, threshold: i32) -> bool {
        crate::games::see::see_at_least(self.board(), mv, threshold)
    }

    fn may_pass(&self) -> bool {
        let board = self.board();
        let own = *board.color_combined(board.side_to_move());
        let pawns_and_king = *board.pieces(Piece::Pawn) | *board.pieces(Piece::King);
        *board.checkers() == EMPTY && (own & !pawns_and_king) != EMPTY
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

/// The square on `file` (0 = a) and `rank` (0 = first rank).
pub fn square_at(file: usize, rank: usize) -> Square {
    Square::make_square(chess::Rank::from_index(rank), chess::File::from_index(file))
}

/// [`Game::capture`] of `mv` on `board`, for a move that may not be quiet.
#[inline(never)]
fn capture_on(board: &Board, mv: ChessMove) -> Option<Capture> {
    let (from, to) = (mv.get_source(), mv.get_dest());
    let value = |piece: Piece| match piece {
        // As an attacker the king is worth most: capturing with it is tried last.
        Piece::King => 2 * eval::PIECE_VALUES[Piece::Queen.to_index()],
        other => eval::PIECE_VALUES[other.to_index()],
    };
    let captured = match board.piece_on(to) {
        Some(piece) => value(piece),
        None if mv.get_promotion().is_some() => 0,
        // En passant captures a pawn on a square that looks empty.
        None if is_en_passant(board, mv) => value(Piece::Pawn),
        None => return None,
    };
    let promoted = mv
        .get_promotion()
        .map_or(0, |p| value(p) - value(Piece::Pawn));
    let attacker = board.piece_on(from).map_or(0, value);
    Some(Capture {
        victim: captured + promoted,
        attacker,
    })
}

/// Does `mv` capture a piece on `board` (en passant included)?
pub fn is_capture(board: &Board, mv: ChessMove) -> bool {
    board.piece_on(mv.get_dest()).is_some() || is_en_passant(board, mv)
}

/// Does `mv` (a legal move) check the enemy king? The position after the move, as far as the
/// question needs it: the squares occupied, and our pieces of each kind. The king is in check
/// if one of them attacks its square from there, the moved piece directly or a slider whose
/// line the move opened. Castling moves the rook too; en passant empties the taken pawn's
/// square, which may open a line as well.
fn gives_check(board: &Board, mv: ChessMove) -> bool {
    let us = board.side_to_move();
    let king = board.king_square(!us);
    let (from, to) = (mv.get_source(), mv.get_dest());
    let Some(moved) = board.piece_on(from) else {
        return false; // not a move of this position
    };
    let (from_bb, to_bb) = (BitBoard::from_square(from), BitBoard::from_square(to));
    let mut occupied = (*board.combined() & !from_bb) | to_bb;
    // Our pieces that stay where they are; the moved one (or what it promotes to) is added
    // on its new square below, by kind.
    let mut staying = *board.color_combined(us) & !from_bb;
    let mut rooks_moved = EMPTY; // a castling rook on its new square
    if is_castling(moved, mv) {
        let rank = from.get_rank();
        let (rook_from, rook_to) = if to.get_file() > from.get_file() {
            (chess::File::H, chess::File::F)
        } else {
            (chess::File::A, chess::File::D)
        };
        let rook_from = BitBoard::from_square(Square::make_square(rank, rook_from));
        rooks_moved = BitBoard::from_square(Square::make_square(rank, rook_to));
        occupied = (occupied & !rook_from) | rooks_moved;
        staying &= !rook_from;
    } else if is_en_passant(board, mv) {
        occupied &= !BitBoard::from_square(en_passant_victim(mv));
    }
    let placed = mv.get_promotion().unwrap_or(moved);
    let ours = |piece: Piece| {
        let on_target = if piece == placed { to_bb } else { EMPTY };
        (*board.pieces(piece) & staying) | on_target
    };
    let (queens, rooks) = (ours(Piece::Queen), ours(Piece::Rook) | rooks_moved);
    let straight = get_rook_moves(king, occupied) & (rooks | queens);
    let diagonal = get_bishop_moves(king, occupied) & (ours(Piece::Bishop) | queens);
    let knights = get_knight_moves(king) & ours(Piece::Knight);
    // The squares a pawn of ours would check the king from are those an enemy pawn on the
    // king's square attacks.
    let pawns = chess::get_pawn_attacks(king, !us, ours(Piece::Pawn));
    (straight | diagonal | knights | pawns) != EMPTY
}

/// The squares of `squares`, lowest first: what the crate's own iterator over a [`BitBoard`]
/// gives, with the lowest bit cleared in one step (`bits & (bits - 1)`) where the crate's
/// shifts a bit into place to clear it: the evaluation and the move lists walk their pieces
/// so at every node.
#[inline]
pub fn squares_of(squares: BitBoard) -> impl Iterator<Item = Square> {
    let mut bits = squares.0;
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let square = BitBoard(bits).to_square();
        bits &= bits - 1;
        Some(square)
    })
}

/// Is `mv`, which moves `piece`, a castling: the king two files sideways?
fn is_castling(piece: Piece, mv: ChessMove) -> bool {
    let files = |square: Square| square.get_file().to_index();
    piece == Piece::King && files(mv.get_source()).abs_diff(files(mv.get_dest())) == 2
}

/// The square of the pawn an en passant capture `mv` takes: beside the mover, on its rank, not
/// on the target square.
pub(crate) fn en_passant_victim(mv: ChessMove) -> Square {
    Square::make_square(mv.get_source().get_rank(), mv.get_dest().get_file())
}

/// Is `mv` (a legal move) a pawn moving sideways onto an empty square: an en passant capture?
pub(crate) fn is_en_passant(board: &Board, mv: ChessMove) -> bool {
    let from = mv.get_source();
    *board.pieces(Piece::Pawn) & BitBoard::from_square(from) != EMPTY
        && from.get_file() != mv.get_dest().get_file()
        && board.piece_on(mv.get_dest()).is_none()
}

// ANCHOR: perft
fn perft_board(board: &Board, depth: u32) -> u64 {
    let moves = MoveGen::new_legal(board);
    match depth {
        0 => 1,
        // Bulk counting: at the last ply the number of legal moves is the number of leaves.
        1 => moves.len() as u64,
        _ => moves
            .map(|mv| perft_board(&board.make_move_new(mv), depth - 1))
            .sum(),
    }
}
// ANCHOR_END: perft

fn every_node(board: &Board, depth: u32) -> u64 {
    let moves = MoveGen::new_legal(board);
    if depth == 0 {
        // A leaf generates its moves too (a search's leaf asks whether the game is over); the
        // count is kept from the optimiser, which could otherwise drop the generation.
        std::hint::black_box(moves.count());
        return 1;
    }
    1 + moves
        .map(|mv| every_node(&board.make_move_new(mv), depth - 1))
        .sum::<u64>()
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

fn piece_letter(piece: Piece) -> char {
    match piece {
        Piece::Pawn => 'P',
        Piece::Knight => 'N',
        Piece::Bishop => 'B',
        Piece::Rook => 'R',
        Piece::Queen => 'Q',
        Piece::King => 'K',
    }
}

fn file_char(sq: Square) -> char {
    (b'a' + sq.get_file().to_index() as u8) as char
}

fn rank_char(sq: Square) -> char {
    (b'1' + sq.get_rank().to_index() as u8) as char
}

/// SAN with check marks, annotations and the capture sign removed, and `0-0` read as `O-O`.
fn strip_san(text: &str) -> String {
    text.trim()
        .replace('0', "O")
        .chars()
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?' | 'x' | ':'))
        .collect()
}

/// Validates every FEN field by hand before the `chess` crate sees it: that crate panics or
/// silently accepts some malformed input, and its error does not say which field was wrong.
fn parse_fen(fen: &str) -> std::result::Result<Chess, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(FenError::FieldCount {
            found: fields.len(),
        });
    }
    check_placement(fields[0])?;
    let side = fields[1];
    if side != "w" && side != "b" {
        return Err(FenError::SideToMove {
            found: side.to_string(),
        });
    }
    let castling = fields[2];
    let castling_ok = castling == "-"
        || (!castling.is_empty()
            && castling.len() <= 4
            && castling.chars().all(|c| "KQkq".contains(c))
            && castling
                .chars()
                .collect::<std::collections::HashSet<_>>()
                .len()
                == castling.len());
    if !castling_ok {
        return Err(FenError::Castling {
            found: castling.to_string(),
        });
    }
    let ep = fields[3];
    if ep != "-" {
        let bytes = ep.as_bytes();
        let wanted_rank = if side == "w" { b'6' } else { b'3' };
        if bytes.len() != 2 || !(b'a'..=b'h').contains(&bytes[0]) || bytes[1] != wanted_rank {
            return Err(FenError::EnPassant {
                found: ep.to_string(),
            });
        }
    }
    let halfmove_clock = match fields.get(4) {
        None => 0,
        Some(text) => match text.parse::<u32>() {
            Ok(n) if n <= 150 => n,
            _ => {
                return Err(FenError::HalfmoveClock {
                    found: text.to_string(),
                })
            }
        },
    };
    let fullmove_number = match fields.get(5) {
        None => 1,
        Some(text) => match text.parse::<u32>() {
            Ok(n) if (1..=100_000).contains(&n) => n,
            // Some writers put 0 here; it is harmless, read it as 1.
            Ok(0) => 1,
            _ => {
                return Err(FenError::FullmoveNumber {
                    found: text.to_string(),
                })
            }
        },
    };
    let four = fields[..4].join(" ");
    let board = Board::from_str(&four).map_err(|_| FenError::IllegalPosition {
        reason: "each side needs exactly one king, the kings may not touch, the side not to move \
                 may not be in check, and castling rights need the king and rook on their squares"
            .to_string(),
    })?;
    check_en_passant(&board, ep)?;
    Ok(Chess {
        current: Frame {
            board,
            halfmove_clock,
            fullmove_number,
        },
        earlier: Vec::new(),
    })
}

/// An en-passant square claims the opponent's last move was a double pawn step. The `chess`
/// crate checks that the pawn is there; we also check that the squares it passed are empty
/// and that the claim explains the position: every legal move must leave a legal position
/// (an en-passant square that cannot be true otherwise lets a capture leave a king in check).
fn check_en_passant(board: &Board, ep: &str) -> std::result::Result<(), FenError> {
    if ep == "-" {
        return Ok(());
    }
    let impossible = || FenError::ImpossibleEnPassant {
        found: ep.to_string(),
    };
    let target = Square::from_str(ep).map_err(|_| impossible())?;
    let origin = match board.side_to_move() {
        Color::White => target.up(),
        Color::Black => target.down(),
    };
    if board.piece_on(target).is_some() || origin.is_none_or(|sq| board.piece_on(sq).is_some()) {
        return Err(impossible());
    }
    if MoveGen::new_legal(board).any(|mv| !board.make_move_new(mv).is_sane()) {
        return Err(impossible());
    }
    Ok(())
}

fn check_placement(placement: &str) -> std::result::Result<(), FenError> {
    let bad = |reason: String| FenError::Placement { reason };
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(bad(format!(
            "needs 8 ranks separated by '/', found {}",
            ranks.len()
        )));
    }
    for (i, rank) in ranks.iter().enumerate() {
        let rank_number = 8 - i;
        let mut squares = 0u32;
        for c in rank.chars() {
            match c {
                '1'..='8' => squares += c as u32 - '0' as u32,
                'p' | 'P' if rank_number == 1 || rank_number == 8 => {
                    return Err(bad(format!("a pawn stands on rank {rank_number}")));
                }
                'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' => {
                    squares += 1
                }
                other => {
                    return Err(bad(format!(
                        "unexpected character '{other}' on rank {rank_number}"
                    )))
                }
            }
        }
        if squares != 8 {
            return Err(bad(format!(
                "rank {rank_number} ('{rank}') covers {squares} squares, not 8"
            )));
        }
    }
    // Each side has exactly one king. The `chess` crate looks for the side to move's king
    // while it reads a board, before its own checks, and without one it indexes past its
    // tables (undefined behaviour, found by the fuzzer).
    for (side, king) in [("White", 'K'), ("Black", 'k')] {
        let kings = placement.chars().filter(|c| *c == king).count();
        if kings != 1 {
            return Err(bad(format!(
                "{side} has {kings} kings; each side needs exactly one"
            )));
        }
    }
    // No game reaches more than 16 pieces or 8 pawns a side (the move generator also relies
    // on the first bound: it keeps one list entry per piece).
    for (side, pieces, pawn) in [("White", "PNBRQK", 'P'), ("Black", "pnbrqk", 'p')] {
        let count = placement.chars().filter(|c| pieces.contains(*c)).count();
        let pawns = placement.chars().filter(|c| *c == pawn).count();
        if count > 16 || pawns > 8 {
            return Err(bad(format!(
                "{side} has {count} pieces ({pawns} pawns); at most 16 (8 pawns) can occur"
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_round_trips_with_clocks() {
        let fen = "5rk1/1b3p2/8/3p4/3p2P1/2Q4B/5P1K/R3R3 b - - 0 36";
        assert_eq!(Chess::from_fen(fen).unwrap().fen(), fen);
        // En passant: after 1.a4 in Kiwipete, Black's b4 pawn may take on a3.
        let mut g =
            Chess::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                .unwrap();
        g.play_uci("a2a4").unwrap();
        assert_eq!(
            g.fen(),
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/Pp2P3/2N2Q1p/1PPBBPPP/R3K2R b KQkq a3 0 1"
        );
        assert_eq!(Chess::from_fen(&g.fen()).unwrap().fen(), g.fen());
        let g = Chess::from_fen("8/8/8/4k3/8/8/8/4K2R w K - 37 80").unwrap();
        assert_eq!(g.halfmove_clock(), 37);
        assert_eq!(g.fen(), "8/8/8/4k3/8/8/8/4K2R w K - 37 80");
    }

    #[test]
    fn san_writes_and_reads() {
        let g = Chess::start();
        let mv = g.parse_san("Nf3").unwrap();
        assert_eq!(mv.to_string(), "g1f3");
        assert_eq!(g.san(mv), "Nf3");
        let g = Chess::from_fen("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1").unwrap();
        assert_eq!(g.parse_san("Qd1+").unwrap().to_string(), "d6d1");
        assert_eq!(g.san(g.parse_uci("d6d1").unwrap()), "Qd1+");
    }

    #[test]
    fn fifty_move_rule_and_repetition() {
        let mut g = Chess::from_fen("8/8/8/4k3/8/8/8/4K2R w K - 99 80").unwrap();
        assert_eq!(g.outcome(), None);
        g.play_uci("h1h2").unwrap();
        assert_eq!(g.outcome(), Some(Outcome::Draw));
        let mut g = Chess::start();
        for mv in ["g1f3", "g8f6", "f3g1"] {
            g.play_uci(mv).unwrap();
            assert_eq!(g.outcome(), None);
        }
        g.play_uci("f6g8").unwrap();
        assert_eq!(g.outcome(), Some(Outcome::Draw), "start position repeated");
        assert_eq!(
            (g.repetitions(), g.game_outcome()),
            (1, None),
            "not yet threefold"
        );
        for mv in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            g.play_uci(mv).unwrap();
        }
        assert_eq!(
            (g.repetitions(), g.game_outcome()),
            (2, Some(Outcome::Draw))
        );
        for _ in 0..4 {
            g.undo();
        }
        g.undo();
        assert_eq!(g.outcome(), None);
    }

    #[test]
    fn the_quick_legal_move_test_agrees_with_the_generator() {
        fn walk(board: &Board, depth: u32, checked: &mut u32) {
            assert_eq!(
                has_legal_move(board),
                MoveGen::new_legal(board).len() > 0,
                "{board}"
            );
            *checked += 1;
            if depth > 0 {
                for mv in MoveGen::new_legal(board) {
                    walk(&board.make_move_new(mv), depth - 1, checked);
                }
            }
        }
        let mut checked = 0;
        for fen in [
            START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            // Stalemates: nothing moves but the king, or a pinned knight.
            "7k/5Q2/8/8/8/8/8/K7 b - - 0 1",
            "k7/P7/1K6/8/8/8/8/8 b - - 0 1",
            "k7/1nK5/1P6/3B4/8/8/8/8 b - - 0 1",
        ] {
            let game = Chess::from_fen(fen).unwrap();
            if game.side_to_move() == Color::Black {
                assert_eq!(game.outcome(), Some(Outcome::Draw), "stalemate: {fen}");
            }
            walk(game.board(), 3, &mut checked);
        }
        assert!(checked > 10_000);
    }

    #[test]
    fn the_evaluation_along_a_line_is_the_evaluation() {
        // The search's evaluator carries the material from a position to its children; along
        // every line three plies deep (with passes, and with some parents never evaluated, so
        // that a child counts its material whole) it gives the plain evaluation's score.
        type Evaluators = (eval::Evaluation, eval::Evaluation);
        fn walk(game: &mut Chess, evaluators: &mut Evaluators, depth: u32, n: &mut u32) {
            let (evaluator, plain) = evaluators;
            *n += 1;
            if !n.is_multiple_of(3) {
                let expected = eval::Evaluation::evaluate(plain, game.board());
                assert_eq!(
                    Evaluator::evaluate(evaluator, game),
                    expected,
                    "{}",
                    game.fen()
                );
            }
            if depth == 0 {
                return;
            }
            if game.may_pass() && n.is_multiple_of(5) {
                game.pass();
                walk(game, evaluators, depth - 1, n);
                game.undo();
            }
            for mv in game.legal_moves() {
                game.play(mv);
                walk(game, evaluators, depth - 1, n);
                game.undo();
            }
        }
        let mut evaluators = Default::default();
        let mut positions = 0;
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        ] {
            walk(
                &mut Chess::from_fen(fen).unwrap(),
                &mut evaluators,
                3,
                &mut positions,
            );
        }
        assert!(positions > 100_000, "{positions}");
    }

    #[test]
    fn perft_every_node_counts_the_whole_tree() {
        // The root, 20 first moves, 400 replies, 8,902 positions after three plies.
        let start = Chess::start();
        assert_eq!(start.perft_every_node(0), 1);
        assert_eq!(start.perft_every_node(3), 1 + 20 + 400 + 8_902);
    }

    #[test]
    fn squares_of_walks_the_squares_as_the_crates_iterator_does() {
        for bits in [
            0,
            1,
            1 << 63,
            0x8100_0000_0000_0081,
            0x00FF_00F0_0F00_FF00,
            u64::MAX,
        ] {
            let ours: Vec<_> = squares_of(BitBoard(bits)).collect();
            let crates: Vec<_> = BitBoard(bits).collect();
            assert_eq!(ours, crates, "{bits:#x}");
        }
    }

    #[test]
    fn insufficient_material_cases() {
        let draw = |fen: &str| Chess::from_fen(fen).unwrap().outcome() == Some(Outcome::Draw);
        assert!(draw("8/8/8/4k3/8/8/8/4K3 w - - 0 1"));
        assert!(draw("8/8/8/4k3/8/8/8/4KN2 w - - 0 1"));
        assert!(
            draw("8/8/8/3bk3/8/8/8/4KB2 w - - 0 1"),
            "bishops on one colour"
        );
        assert!(
            !draw("8/8/8/2b1k3/8/8/8/4KB2 w - - 0 1"),
            "bishops on both colours"
        );
        assert!(!draw("8/8/8/4k3/8/8/8/4KNN1 w - - 0 1"));
    }
}
