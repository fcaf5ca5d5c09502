//! What kind of move a move is, on a board: a capture (and what it wins, for ordering), a
//! check, castling, en passant. The game, its notation and the static exchange evaluation ask.

use crate::board::PIECE_VALUES;
use crate::game::Capture;
use chess::{
    get_bishop_moves, get_knight_moves, get_rook_moves, BitBoard, Board, ChessMove, Piece, Square,
    EMPTY,
};

/// [`Game::capture`] of `mv` on `board`, for a move that may not be quiet.
#[inline(never)]
pub(super) fn capture_on(board: &Board, mv: ChessMove) -> Option<Capture> {
    let (from, to) = (mv.get_source(), mv.get_dest());
    let value = |piece: Piece| match piece {
        // As an attacker the king is worth most: capturing with it is tried last.
        Piece::King => 2 * PIECE_VALUES[Piece::Queen.to_index()],
        other => PIECE_VALUES[other.to_index()],
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
pub(super) fn gives_check(board: &Board, mv: ChessMove) -> bool {
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

/// Is `mv`, which moves `piece`, a castling: the king two files sideways?
pub(super) fn is_castling(piece: Piece, mv: ChessMove) -> bool {
    let files = |square: Square| square.get_file().to_index();
    piece == Piece::King && files(mv.get_source()).abs_diff(files(mv.get_dest())) == 2
}

/// The square of the pawn an en passant capture `mv` takes: beside the mover, on its rank, not
/// on the target square.
pub(super) fn en_passant_victim(mv: ChessMove) -> Square {
    Square::make_square(mv.get_source().get_rank(), mv.get_dest().get_file())
}

/// Is `mv` (a legal move) a pawn moving sideways onto an empty square: an en passant capture?
pub(super) fn is_en_passant(board: &Board, mv: ChessMove) -> bool {
    let from = mv.get_source();
    *board.pieces(Piece::Pawn) & BitBoard::from_square(from) != EMPTY
        && from.get_file() != mv.get_dest().get_file()
        && board.piece_on(mv.get_dest()).is_none()
}
