//! The move lists of a chess position, made over the `chess` crate's attack tables.
//!
//! The crate's legal generator ([`MoveGen`]) first works out, for each piece, the squares it
//! may go to, then hands out one move at a time through an iterator that asks, for every move,
//! which piece it is at, whether that piece promotes and whether the mask allows it. A search
//! wants the whole list at once, so out of check the lists here are written straight from each
//! piece's squares. They hold exactly the crate's moves **in the crate's order**, which the
//! search's node counts depend on (the move picker breaks ties by that order): pawns, knights,
//! bishops, rooks, queens, then the king; each kind's free pieces by square, then its pinned
//! ones (a pinned piece stays on the line through its king); targets by square; promotions to
//! a queen, a knight, a rook, a bishop; en passant after every other pawn move; castling
//! among the king's targets, by square. In check the crate's generator still makes the list:
//! there every move must answer the check, and such nodes are few.
//!
//! Written as a speed-up, not as a lesson: the book's chapters never show it, and
//! `tests/perft.rs` holds both lists equal, in order, in every position of the perft suite and
//! two plies beyond it, and three plies beyond its five classic positions.

use crate::board::{attacks, pawns_attack, squares_of};
use chess::{
    get_adjacent_files, get_bishop_moves, get_bishop_rays, get_king_moves, get_knight_moves,
    get_pawn_attacks, get_pawn_moves, get_pawn_quiets, get_rank, get_rook_moves, get_rook_rays,
    line, BitBoard, Board, ChessMove, MoveGen, Piece, Square, EMPTY, PROMOTION_PIECES,
};

/// The most legal moves any chess position has (218, in a known constructed position).
pub(crate) const MOST_LEGAL_MOVES: usize = 218;

/// Every legal move of `board`, in the crate's order, in place of what `list` held.
pub(crate) fn legal_moves(board: &Board, list: &mut Vec<ChessMove>) {
    list.clear();
    // Room for any position at once: growing the list would copy it.
    list.reserve(MOST_LEGAL_MOVES);
    if *board.checkers() == EMPTY {
        legal_moves_out_of_check(board, list);
    } else {
        // Borrowed, not moved: the generator is a few hundred bytes, copied at every move.
        list.extend(&mut MoveGen::new_legal(board));
    }
}

/// Appends `from`'s moves to each of `targets`, by square: four promotions each where the
/// piece is a pawn about to promote.
#[inline(always)]
fn add(list: &mut Vec<ChessMove>, from: Square, targets: BitBoard, promotes: bool) {
    if targets == EMPTY {
        // Often so for a capture: not even the room is asked for.
    } else if promotes {
        for to in squares_of(targets) {
            list.extend(PROMOTION_PIECES.map(|piece| ChessMove::new(from, to, Some(piece))));
        }
    } else {
        // As many moves as targets, counted first: the list then makes room once and writes
        // each move with no test of its capacity.
        let mut rest = targets.0;
        list.extend((0..targets.popcnt()).map(|_| {
            let to = BitBoard(rest).to_square();
            rest &= rest - 1;
            ChessMove::new(from, to, None)
        }));
    }
}

/// The legal moves of `board`, which is not in check. Out of check a piece that is not pinned
/// may go wherever it reaches but onto its own side's pieces, and a pinned one along its pin;
/// only the king's moves (no square it steps to may be attacked), castling and en passant
/// need a test of their own.
fn legal_moves_out_of_check(board: &Board, list: &mut Vec<ChessMove>) {
    let us = board.side_to_move();
    let own = *board.color_combined(us);
    let (occupied, pinned) = (*board.combined(), *board.pinned());
    let king = board.king_square(us);
    let pawns = *board.pieces(Piece::Pawn) & own;
    let seventh = us.to_seventh_rank();
    for from in squares_of(pawns & !pinned) {
        let targets = get_pawn_moves(from, us, occupied) & !own;
        add(list, from, targets, from.get_rank() == seventh);
    }
    for from in squares_of(pawns & pinned) {
        let targets = get_pawn_moves(from, us, occupied) & !own & line(king, from);
        add(list, from, targets, from.get_rank() == seventh);
    }
    if let Some(taken) = board.en_passant() {
        en_passant(board, taken, pawns, list);
    }
    for from in squares_of(*board.pieces(Piece::Knight) & own & !pinned) {
        add(list, from, get_knight_moves(from) & !own, false);
    }
    // One loop per kind of slider, so that each knows its attacks without asking its kind (a
    // loop over the kinds costs 10 instructions a node more); a pinned slider keeps to the
    // line of its pin.
    let sliders = |piece: Piece| *board.pieces(piece) & own;
    let pin = |from: Square| line(from, king);
    for from in squares_of(sliders(Piece::Bishop) & !pinned) {
        add(list, from, get_bishop_moves(from, occupied) & !own, false);
    }
    for from in squares_of(sliders(Piece::Bishop) & pinned) {
        let targets = get_bishop_moves(from, occupied) & pin(from);
        add(list, from, targets & !own, false);
    }
    for from in squares_of(sliders(Piece::Rook) & !pinned) {
        add(list, from, get_rook_moves(from, occupied) & !own, false);
    }
    for from in squares_of(sliders(Piece::Rook) & pinned) {
        let targets = get_rook_moves(from, occupied) & pin(from);
        add(list, from, targets & !own, false);
    }
    let queen = |from| attacks(Piece::Queen, from, occupied);
    for from in squares_of(sliders(Piece::Queen) & !pinned) {
        add(list, from, queen(from) & !own, false);
    }
    for from in squares_of(sliders(Piece::Queen) & pinned) {
        add(list, from, queen(from) & pin(from) & !own, false);
    }
    let steps = squares_of(get_king_moves(king) & !own).filter(|&to| king_may_stand(board, to));
    let mut targets = steps.fold(EMPTY, |targets, to| targets | BitBoard::from_square(to));
    targets |= castling_targets(board, king);
    add(list, king, targets, false);
}

/// The en passant captures onto the square behind `taken`, the pawn that just moved two
/// squares: by each of our `pawns` beside it whose capture does not leave the king attacked
/// along the rank the two pawns leave at once (the crate's test, [`MoveGen::legal_quick`]).
fn en_passant(board: &Board, taken: Square, pawns: BitBoard, list: &mut Vec<ChessMove>) {
    let to = taken.uforward(board.side_to_move());
    let beside = get_rank(taken.get_rank()) & get_adjacent_files(taken.get_file());
    for from in squares_of(beside & pawns) {
        let mv = ChessMove::new(from, to, None);
        if MoveGen::legal_quick(board, mv) {
            list.push(mv);
        }
    }
}

/// Whether the side to move's king, stepping to `to`, would stand on a square no enemy piece
/// attacks (the king's own square counted empty, so that it cannot hide behind itself from a
/// slider).
#[inline]
fn king_may_stand(board: &Board, to: Square) -> bool {
    let us = board.side_to_move();
    let enemy = *board.color_combined(!us);
    let own_king = *board.pieces(Piece::King) & *board.color_combined(us);
    let occupied = (*board.combined() ^ own_king) | BitBoard::from_square(to);
    let enemy_of = |piece: Piece| *board.pieces(piece) & enemy;
    let queens = enemy_of(Piece::Queen);
    let attackers = (get_rook_moves(to, occupied) & (enemy_of(Piece::Rook) | queens))
        | (get_bishop_moves(to, occupied) & (enemy_of(Piece::Bishop) | queens))
        | (get_knight_moves(to) & enemy_of(Piece::Knight))
        | (get_king_moves(to) & enemy_of(Piece::King))
        | get_pawn_attacks(to, us, enemy_of(Piece::Pawn));
    attackers == EMPTY
}

/// The squares the king on `king` may castle to (out of check): the right kept, the squares
/// between king and rook empty, and neither the square the king crosses nor the one it lands
/// on attacked.
fn castling_targets(board: &Board, king: Square) -> BitBoard {
    let rights = board.my_castle_rights();
    let us = board.side_to_move();
    let occupied = *board.combined();
    let mut targets = EMPTY;
    if rights.has_kingside() && occupied & rights.kingside_squares(us) == EMPTY {
        let crossed = king.uright();
        let landing = crossed.uright();
        if king_may_stand(board, crossed) && king_may_stand(board, landing) {
            targets |= BitBoard::from_square(landing);
        }
    }
    if rights.has_queenside() && occupied & rights.queenside_squares(us) == EMPTY {
        let crossed = king.uleft();
        let landing = crossed.uleft();
        if king_may_stand(board, crossed) && king_may_stand(board, landing) {
            targets |= BitBoard::from_square(landing);
        }
    }
    targets
}

/// The captures and promotions of `board`, which is not in check, in the crate's order (see
/// the module's documentation). The crate's generator makes every move of every piece, quiet
/// ones too, before a mask hands out the few a quiescence search wants; here only captures
/// are looked for. Out of check a piece that is not pinned may take whatever it attacks, and
/// a pinned one whatever lies on the line of its pin, so only the king's captures and en
/// passant need a test of their own.
pub(crate) fn captures_and_promotions(board: &Board, noisy: &mut Vec<ChessMove>) {
    let us = board.side_to_move();
    let (own, enemy) = (*board.color_combined(us), *board.color_combined(!us));
    let (occupied, pinned) = (*board.combined(), *board.pinned());
    let king = board.king_square(us);
    let last_rank = get_rank(us.to_their_backrank());
    // A pinned piece stays on the line through its king and itself: each kind's free pieces
    // come first, then its pinned ones, whose targets are cut to that line.
    let pin = |from: Square| line(from, king);
    let pawns = *board.pieces(Piece::Pawn) & own;
    // Only a pawn that attacks an enemy piece or stands on the seventh rank has a capture or a
    // promotion: the others are not visited. (A pawn of ours attacks a square of `enemy`
    // exactly when an enemy pawn there would attack the pawn's square.)
    let seventh = get_rank(us.to_seventh_rank());
    let busy = pawns & (pawns_attack(enemy, !us) | seventh);
    let pawn_targets = |from: Square| {
        get_pawn_attacks(from, us, enemy) | (get_pawn_quiets(from, us, occupied) & last_rank)
    };
    let promotes = |from: Square| from.get_rank() == us.to_seventh_rank();
    for from in squares_of(busy & !pinned) {
        add(noisy, from, pawn_targets(from), promotes(from));
    }
    for from in squares_of(busy & pinned) {
        add(noisy, from, pawn_targets(from) & pin(from), promotes(from));
    }
    if let Some(taken) = board.en_passant() {
        en_passant(board, taken, pawns, noisy);
    }
    for from in squares_of(*board.pieces(Piece::Knight) & own & !pinned) {
        add(noisy, from, get_knight_moves(from) & enemy, false);
    }
    // One loop per kind of slider, as in the full list, so that each knows its attacks
    // without asking its kind. A bishop or a rook with no enemy piece on its lines, as if the
    // board were empty, captures nothing: not looked at further.
    let ours = |piece: Piece| *board.pieces(piece) & own;
    let bishops =
        |set: BitBoard| squares_of(set).filter(|&from| get_bishop_rays(from) & enemy != EMPTY);
    let rooks =
        |set: BitBoard| squares_of(set).filter(|&from| get_rook_rays(from) & enemy != EMPTY);
    let bishop = |from| get_bishop_moves(from, occupied) & enemy;
    let rook = |from| get_rook_moves(from, occupied) & enemy;
    for from in bishops(ours(Piece::Bishop) & !pinned) {
        add(noisy, from, bishop(from), false);
    }
    for from in bishops(ours(Piece::Bishop) & pinned) {
        add(noisy, from, bishop(from) & pin(from), false);
    }
    for from in rooks(ours(Piece::Rook) & !pinned) {
        add(noisy, from, rook(from), false);
    }
    for from in rooks(ours(Piece::Rook) & pinned) {
        add(noisy, from, rook(from) & pin(from), false);
    }
    let queen = |from| attacks(Piece::Queen, from, occupied) & enemy;
    for from in squares_of(ours(Piece::Queen) & !pinned) {
        add(noisy, from, queen(from), false);
    }
    for from in squares_of(ours(Piece::Queen) & pinned) {
        add(noisy, from, queen(from) & pin(from), false);
    }
    for to in squares_of(get_king_moves(king) & enemy) {
        if king_may_stand(board, to) {
            noisy.push(ChessMove::new(king, to, None));
        }
    }
}

/// Has the side to move a legal move? The search asks at every node, and nearly always the
/// answer is yes, so it is worth proving that cheaply before generating every move. Out of
/// check, a piece that is neither pinned nor the king may go wherever its moves reach (its own
/// pieces' squares aside), so a single pawn step or piece move of such a piece proves it. In
/// check, the king stepping out of it nearly always can, and one square it may stand on
/// proves it. What that cannot prove (only the king or pinned pieces can move; a check the
/// king cannot step out of) the move generator decides.
pub(crate) fn has_legal_move(board: &Board) -> bool {
    let own = *board.color_combined(board.side_to_move());
    let king = board.king_square(board.side_to_move());
    if *board.checkers() == EMPTY {
        let occupied = *board.combined();
        let free = own & !*board.pinned() & !*board.pieces(Piece::King);
        let pawns = (free & *board.pieces(Piece::Pawn)).0;
        let steps = match board.side_to_move() {
            chess::Color::White => pawns << 8,
            chess::Color::Black => pawns >> 8,
        };
        if BitBoard(steps) & !occupied != EMPTY {
            return true;
        }
        // Pawns reach nothing here (their steps are checked above).
        let reach = |square: Square| {
            let piece = board.piece_on(square).unwrap_or(Piece::Pawn);
            attacks(piece, square, occupied)
        };
        if (free & !*board.pieces(Piece::Pawn)).any(|square| reach(square) & !own != EMPTY) {
            return true;
        }
    } else if (get_king_moves(king) & !own).any(|to| king_may_stand(board, to)) {
        return true;
    }
    generates_a_move(board)
}

/// Whether the crate's generator finds a legal move: the rare case [`has_legal_move`] cannot
/// settle cheaply, kept out of line so that the common case needs no room for a generator.
#[cold]
#[inline(never)]
fn generates_a_move(board: &Board) -> bool {
    MoveGen::new_legal(board).len() > 0
}
