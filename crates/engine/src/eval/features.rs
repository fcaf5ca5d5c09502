//! The board as a learned evaluation reads it: sparse features, from each side's point of view.
//!
//! A hand-written evaluation counts what a person thought mattered (mobility, a king's shelter).
//! A network is given the position itself and finds for itself what matters. The simplest
//! faithful description of a position is one input for each *piece on a square*: 2 colours × 6
//! kinds × 64 squares = [`FEATURES`] inputs, each 1 where that piece stands and 0 elsewhere.
//! A position has at most 32 of the 768 set, so the network's first layer never multiplies by
//! the 736 zeros: it adds one row of weights for each piece on the board (the *sparse* input).
//!
//! ## Two points of view
//!
//! The inputs are read twice, once from each side's point of view ([`perspective`]): the side
//! whose view it is is "us", its pieces are numbered first, and for Black the board is turned
//! upside down (square `s` becomes `s ^ 56`, a8 ↔ a1). So a White knight on f3 seen by White is
//! the same input as a Black knight on f6 seen by Black: "our knight on our f3". The network
//! learns one set of first-layer weights and applies it to both views, and a position and its
//! colour-flipped mirror score the same by construction.
//!
//! The network then looks at the side to move's view first and the opponent's second (see
//! [`crate::eval::network`]): whose move it is matters as much as where the pieces stand.
//!
//! ## Why a move changes few features
//!
//! A quiet move takes one piece off a square and puts it on another: one feature off, one on.
//! A capture turns one more off; castling moves two pieces; en passant takes a pawn from a square
//! the capturer does not land on; a promotion turns a pawn into another piece. [`changes`] finds
//! them all the same way, by comparing the two boards' occupancy, so no kind of move needs its
//! own case, and the first layer's sums are updated by a handful of additions instead of
//! recomputed: the idea that makes these networks fast enough for a search (see
//! [`crate::eval::neural`]).

use chess::{BitBoard, Board, Color, Piece, Square, ALL_COLORS, ALL_PIECES};

/// Inputs from one point of view: colour (ours, theirs) × kind × square.
pub const FEATURES: usize = 2 * 6 * 64;

/// The most features a legal position sets (32 pieces).
pub const MOST_ACTIVE: usize = 32;

// ANCHOR: perspective
/// The input of `piece` of `color` on `square`, seen by `view`: our pieces first, then theirs,
/// each by kind, and the board turned round for Black.
pub fn perspective(view: Color, color: Color, piece: Piece, square: Square) -> usize {
    let side = usize::from(color != view);
    let square = match view {
        Color::White => square.to_index(),
        Color::Black => square.to_index() ^ 56,
    };
    (side * 6 + piece.to_index()) * 64 + square
}
// ANCHOR_END: perspective

/// Every feature `board` sets, seen by `view` (pieces by colour, kind, then square).
pub fn active(board: &Board, view: Color) -> impl Iterator<Item = usize> + '_ {
    ALL_COLORS.into_iter().flat_map(move |color| {
        ALL_PIECES.into_iter().flat_map(move |piece| {
            let pieces = *board.pieces(piece) & *board.color_combined(color);
            pieces.map(move |square| perspective(view, color, piece, square))
        })
    })
}

/// A piece that stands on a square in one position and not in the next, or the reverse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceOn {
    /// Its colour.
    pub color: Color,
    /// Its kind.
    pub piece: Piece,
    /// Its square.
    pub square: Square,
}

impl PieceOn {
    /// Its feature seen by `view`.
    pub fn feature(self, view: Color) -> usize {
        perspective(view, self.color, self.piece, self.square)
    }
}

/// What changes between two positions (one move apart, or any two): at most this many pieces
/// leave and this many arrive (castling: king and rook; a capture: the capturer and its victim).
pub const MOST_CHANGES: usize = 4;

// ANCHOR: changes
/// The pieces that stand in `before` and not in `after` (`removed`), and those that stand in
/// `after` and not in `before` (`added`): only the squares whose occupant changed are looked
/// at, two for most moves. `None` if more changed than [`MOST_CHANGES`] either way (two
/// positions far apart): then the features are better counted again.
pub fn changes(before: &Board, after: &Board) -> Option<Changes> {
    let mut changes = Changes::default();
    for color in ALL_COLORS {
        let (was, is) = (before.color_combined(color), after.color_combined(color));
        // A square is looked at if its occupant of this colour came, went, or changed kind.
        for piece in ALL_PIECES {
            let (old, new) = (*before.pieces(piece) & *was, *after.pieces(piece) & *is);
            let changed = old ^ new;
            if changed == BitBoard(0) {
                continue;
            }
            let moves = [
                (changed & old, &mut changes.removed),
                (changed & new, &mut changes.added),
            ];
            for (squares, list) in moves {
                for square in squares {
                    list.push(PieceOn {
                        color,
                        piece,
                        square,
                    })?;
                }
            }
        }
    }
    Some(changes)
}
// ANCHOR_END: changes

/// The pieces that left and arrived between two positions ([`changes`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Changes {
    /// Pieces gone from their squares.
    pub removed: PieceList,
    /// Pieces come to their squares.
    pub added: PieceList,
}

/// Up to [`MOST_CHANGES`] pieces on squares, with no heap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PieceList {
    pieces: [Option<PieceOn>; MOST_CHANGES],
    len: usize,
}

impl PieceList {
    /// Adds `piece`; `None` if the list is full.
    fn push(&mut self, piece: PieceOn) -> Option<()> {
        *self.pieces.get_mut(self.len)? = Some(piece);
        self.len += 1;
        Some(())
    }

    /// The pieces, in the order they were added.
    pub fn iter(&self) -> impl Iterator<Item = PieceOn> + '_ {
        self.pieces[..self.len].iter().flatten().copied()
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::collections::BTreeSet;
    use std::str::FromStr;

    fn set(board: &Board, view: Color) -> BTreeSet<usize> {
        active(board, view).collect()
    }

    #[test]
    fn the_start_sets_32_features_and_looks_the_same_to_both_sides() {
        let start = Board::default();
        assert_eq!(set(&start, Color::White).len(), 32);
        // Turned round, Black's army stands where White's does.
        assert_eq!(set(&start, Color::White), set(&start, Color::Black));
        // White's king on e1: ours, king (5), square 4.
        assert!(set(&start, Color::White).contains(&(5 * 64 + 4)));
        // Black's king on e8, seen by White: theirs (6 kinds on), king, square 60.
        assert!(set(&start, Color::White).contains(&((6 + 5) * 64 + 60)));
    }

    /// Kiwipete, and the same position with the colours swapped and the board turned round.
    pub(crate) fn mirrored_pair() -> (Board, Board) {
        let board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let mirrored = "r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b KQkq - 0 1";
        (
            Board::from_str(board).expect("a legal FEN"),
            Board::from_str(mirrored).expect("a legal FEN"),
        )
    }

    #[test]
    fn a_mirrored_position_is_the_same_features_from_the_other_side() {
        let (board, mirrored) = mirrored_pair();
        assert_eq!(set(&board, Color::White), set(&mirrored, Color::Black));
        assert_eq!(set(&board, Color::Black), set(&mirrored, Color::White));
    }

    #[test]
    fn changes_of_every_kind_of_move_turn_one_feature_set_into_the_other() {
        // Castling, en passant and promotion with capture all in reach of one position.
        let mut board = Board::from_str("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1").unwrap();
        for (uci, removed, added) in [
            ("e5d6", 2, 1),  // en passant: the capturer and a pawn beside its target go
            ("e8g8", 2, 2),  // castling: king and rook
            ("b7a8q", 2, 1), // a promotion that captures
            ("f8a8", 2, 1),  // a capture
            ("e1c1", 2, 2),  // castling the other way
            ("a8a7", 1, 1),  // a quiet move
        ] {
            let before = board;
            let after = before.make_move_new(chess::ChessMove::from_str(uci).unwrap());
            let change = changes(&before, &after).unwrap();
            assert_eq!(
                (change.removed.len(), change.added.len()),
                (removed, added),
                "{uci}"
            );
            for view in ALL_COLORS {
                let mut features = set(&before, view);
                for piece in change.removed.iter() {
                    assert!(features.remove(&piece.feature(view)), "{uci}");
                }
                for piece in change.added.iter() {
                    assert!(features.insert(piece.feature(view)), "{uci}");
                }
                assert_eq!(features, set(&after, view), "{uci}");
            }
            board = after;
        }
        let far_apart = changes(&Board::default(), &board);
        assert_eq!(far_apart, None, "too many changes: count again");
    }
}
