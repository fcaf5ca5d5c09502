//! Static exchange evaluation (SEE): what a capture wins once the smoke clears.
//!
//! `Nxd5` may win a pawn, or lose a knight for it if the pawn was defended. SEE answers without
//! searching: it plays out every capture on the target square, each side always recapturing
//! with its *least valuable* attacker, and lets either side stop when going on would cost it.
//! The answer is in centipawns for the side that makes the first capture:
//!
//! ```text
//! gain[0] = value of the piece first captured
//! gain[k] = value of the piece captured at step k − gain[k − 1]      (the exchange continues)
//! then, from the last step back: gain[k − 1] = −max(−gain[k − 1], gain[k])
//!                                (each side takes the better of stopping and going on)
//! ```
//!
//! Attackers are found again after every capture, with the capturing piece removed from the
//! board, so a rook behind a rook on the same file (an *x-ray*) joins in when the first one has
//! gone. Two simplifications, as in most engines: pinned pieces count as attackers, and a pawn
//! that recaptures onto the last rank stays a pawn. A king recaptures only when nothing can take
//! it back.
//!
//! The quiescence search ([`crate::search::quiescence`]) uses SEE to order captures and to skip
//! those that lose material.

use super::move_kinds::{en_passant_victim, is_en_passant};
use crate::board::PIECE_VALUES;
use chess::{
    get_bishop_moves, get_king_moves, get_knight_moves, get_pawn_attacks, get_rook_moves, BitBoard,
    Board, ChessMove, Color, Piece, Square, ALL_PIECES, EMPTY,
};

/// A piece's value for exchanges: the evaluation's material values, the king above all.
fn value(piece: Piece) -> i32 {
    match piece {
        Piece::King => 20_000,
        other => PIECE_VALUES[other.to_index()],
    }
}

/// Every piece of either colour (in `occupied`) that attacks `square`.
fn attackers(board: &Board, square: Square, occupied: BitBoard) -> BitBoard {
    let pieces = |piece: Piece| *board.pieces(piece) & occupied;
    let diagonal = pieces(Piece::Bishop) | pieces(Piece::Queen);
    let straight = pieces(Piece::Rook) | pieces(Piece::Queen);
    let white_pawns = pieces(Piece::Pawn) & *board.color_combined(Color::White);
    let black_pawns = pieces(Piece::Pawn) & *board.color_combined(Color::Black);
    // A white pawn attacks `square` from where a black pawn on `square` would attack, and so on.
    (get_pawn_attacks(square, Color::Black, white_pawns)
        | get_pawn_attacks(square, Color::White, black_pawns)
        | (get_knight_moves(square) & pieces(Piece::Knight))
        | (get_king_moves(square) & pieces(Piece::King))
        | (get_bishop_moves(square, occupied) & diagonal)
        | (get_rook_moves(square, occupied) & straight))
        & occupied
}

// ANCHOR: see
/// The material `mv` wins (negative: loses) for the side that plays it, once every capture on
/// its target square has been played out as the module docs describe. A quiet move scores 0
/// unless the piece it moves can be taken.
pub fn see(board: &Board, mv: ChessMove) -> i32 {
    match first_capture(board, mv) {
        Some((taken, on_square)) => exchange(board, mv, taken, on_square),
        None => 0,
    }
}

/// What the first capture of `mv` takes (a promotion adds its gain), and the piece then on
/// the target square (what a promotion promotes to); `None` if `mv` moves no piece.
#[inline]
fn first_capture(board: &Board, mv: ChessMove) -> Option<(i32, Piece)> {
    let mut on_square = board.piece_on(mv.get_source())?;
    let mut taken = match board.piece_on(mv.get_dest()) {
        Some(victim) => value(victim),
        None if is_en_passant(board, mv) => value(Piece::Pawn),
        None => 0,
    };
    if let Some(promoted) = mv.get_promotion() {
        taken += value(promoted) - value(Piece::Pawn);
        on_square = promoted;
    }
    Some((taken, on_square))
}

/// The exchange on the target square of `mv`, whose first capture took `taken` and left
/// `on_square` there.
fn exchange(board: &Board, mv: ChessMove, taken: i32, mut on_square: Piece) -> i32 {
    let (from, to) = (mv.get_source(), mv.get_dest());
    let en_passant = is_en_passant(board, mv);
    let mut occupied = *board.combined() ^ BitBoard::from_square(from);
    if en_passant {
        occupied ^= BitBoard::from_square(en_passant_victim(mv));
    }
    // Nothing of the opponent's attacks the square (the usual case for a quiet move): the
    // exchange ends at once, and there is nothing to play out.
    let mut side = !board.side_to_move();
    let mut ours = attackers(board, to, occupied) & *board.color_combined(side);
    if ours == EMPTY {
        return taken;
    }
    let mut gains = [0i32; 32];
    gains[0] = taken;
    let mut depth = 0;
    while let Some((piece, square)) = least_valuable(board, ours) {
        if piece == Piece::King {
            let theirs = attackers(board, to, occupied ^ BitBoard::from_square(square))
                & *board.color_combined(!side);
            if theirs != EMPTY {
                break; // the king cannot take a defended piece
            }
        }
        depth += 1;
        if depth >= gains.len() {
            break;
        }
        gains[depth] = value(on_square) - gains[depth - 1];
        on_square = piece;
        occupied ^= BitBoard::from_square(square);
        side = !side;
        ours = attackers(board, to, occupied) & *board.color_combined(side);
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}
// ANCHOR_END: see

// ANCHOR: see_at_least
/// Whether [`see`] of `mv` is at least `threshold`, where possible without playing the
/// exchange out: it never ends above what the first capture takes (the opponent may take back
/// or not, as suits it), nor below that less the piece now on the square (the opponent takes
/// it back and stops: at worst). Between the two, the whole exchange decides.
pub fn see_at_least(board: &Board, mv: ChessMove, threshold: i32) -> bool {
    let Some((taken, on_square)) = first_capture(board, mv) else {
        return 0 >= threshold;
    };
    if taken < threshold {
        false
    } else if taken - value(on_square) >= threshold {
        true
    } else {
        exchange(board, mv, taken, on_square) >= threshold
    }
}
// ANCHOR_END: see_at_least

/// The least valuable of `attackers` (pieces of one side), and its square.
fn least_valuable(board: &Board, attackers: BitBoard) -> Option<(Piece, Square)> {
    ALL_PIECES.into_iter().find_map(|piece| {
        let these = attackers & *board.pieces(piece);
        (these != EMPTY).then(|| (piece, these.to_square()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn see_of(fen: &str, mv: &str) -> i32 {
        let board = Board::from_str(fen).unwrap();
        let mv = ChessMove::from_str(mv).unwrap();
        assert!(board.legal(mv), "{mv} is legal in {fen}");
        see(&board, mv)
    }

    #[test]
    fn known_exchanges() {
        // A pawn takes a knight defended by a pawn: knight for pawn, +320 − 100 = +220.
        assert_eq!(see_of("4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 220);
        // A queen takes a pawn defended twice: she is lost for a pawn, 100 − 900 = −800.
        assert_eq!(
            see_of("4k3/8/2p1p3/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5"),
            -800
        );
        // An undefended piece: all of it.
        assert_eq!(see_of("4k3/8/8/3r4/8/8/3R4/4K3 w - - 0 1", "d2d5"), 500);
        // Rook takes rook, defended by a rook behind it on the file; but White has a second rook
        // behind the first (an x-ray): R×R, R×R, R×R nets a rook, +500.
        assert_eq!(see_of("3rk3/8/8/3r4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 500);
        // Without the second white rook the trade is even: +500 − 500 = 0.
        assert_eq!(see_of("3rk3/8/8/3r4/8/8/3R4/4K3 w - - 0 1", "d2d5"), 0);
        // The king takes an undefended knight: +320.
        assert_eq!(see_of("4k3/8/8/8/8/8/3n4/4K3 w - - 0 1", "e1d2"), 320);
        // Rook takes a knight defended by a pawn; the white king on c1 could take the pawn
        // back, but the black bishop on a3 covers b2, so it may not: 320 − 500 = −180.
        assert_eq!(see_of("4k3/8/8/8/8/b1p5/1n6/1RK5 w - - 0 1", "b1b2"), -180);
        // Without the bishop the king does take back: 320 − 500 + 100 = −80.
        assert_eq!(see_of("4k3/8/8/8/8/2p5/1n6/1RK5 w - - 0 1", "b1b2"), -80);
        // En passant: a pawn for a pawn, then nothing: +100.
        assert_eq!(see_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
        // A quiet move onto an attacked square loses the piece: Nf3-e5 into a pawn's reach.
        assert_eq!(see_of("4k3/8/3p4/8/8/5N2/8/4K3 w - - 0 1", "f3e5"), -320);
    }
}
