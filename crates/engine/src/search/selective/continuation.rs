//! # Stage 8's ninth piece: the continuation history
//!
//! Not a bet but a better order, which every bet of [`super::pieces`] leans on (late moves are
//! reduced and pruned because they are late): the quiet moves of a node are ordered by their
//! history *plus* what worked after the same two moves before them. Here are the table
//! ([`ContinuationHistory`], a move known by its [`piece_square`]) and the stage's three uses
//! of it: the line of moves that led to the node, the node's move order, and what a quiet
//! cut-off teaches it.
//!
//! It lives with stage 8, not with the move picker below the rungs, because stage 8 alone uses
//! it: the stages below order their quiet moves by the history alone (which keeps their node
//! counts), and the picker takes a quiet move's score from whoever builds it
//! ([`MovePicker::scored_in`]).

use super::Selective;
use crate::game::{Evaluator, Game, PIECE_KINDS};
use crate::score::{Depth, Ply};
use crate::search::move_picker::{gravity, history_bonus, MovePicker};
use crate::tt::TableMove;

// ANCHOR: continuation
// ANCHOR: exercise_from_crate
/// A move as the continuation history knows it: the piece that moves and its target square.
/// Two moves with the same key do the same thing to the board's pieces wherever they are
/// played, which is what "this tends to answer that" needs.
pub fn piece_square<G: Game>(game: &G, mv: G::Move) -> usize {
    game.moved_piece(mv).min(PIECE_KINDS - 1) * 64 + ((mv.pack() >> 6) & 63) as usize
}

/// Piece-squares: the number of different [`piece_square`] keys.
const PIECE_SQUARES: usize = PIECE_KINDS * 64;

/// The continuation history: a history score for a quiet move *given the move played one
/// ply or two plies before it* (both keyed by [`piece_square`]). The plain history knows that
/// `Nf3` is often good; this table knows that `Nf3` is good right after `...Bg4` (it defends
/// against the pin's threat) and bad right after `...e4`. Stage 8 adds it to the history
/// score of its quiet moves; stages 5–7 do without, which keeps their node counts.
#[derive(Clone, Debug)]
pub struct ContinuationHistory(Vec<i16>);

impl ContinuationHistory {
    /// An empty table.
    pub fn new() -> ContinuationHistory {
        ContinuationHistory(vec![0; PIECE_SQUARES * PIECE_SQUARES])
    }

    /// The score of the move `current` after the move `before` (both [`piece_square`] keys).
    pub fn score(&self, before: usize, current: usize) -> i32 {
        self.after(before).score(current)
    }

    /// The scores of every move after the move `before`: a node looks its row up once and
    /// reads it for each of its moves.
    pub fn after(&self, before: usize) -> ContinuationRow<'_> {
        let start = before * PIECE_SQUARES;
        ContinuationRow(
            self.0[start..start + PIECE_SQUARES]
                .try_into()
                .expect("a whole row"),
        )
    }

    /// Rewards (or, with a negative `bonus`, punishes) `current` after `before`, scaled down
    /// near the bound by the same rule as the history.
    pub fn update(&mut self, before: usize, current: usize, bonus: i32) {
        let entry = &mut self.0[before * PIECE_SQUARES + current];
        // Within ±HISTORY_MAX, so it fits 16 bits.
        *entry = gravity(i32::from(*entry), bonus) as i16;
    }

    /// Between searches: halve every score, as the history does.
    pub fn age(&mut self) {
        self.0.iter_mut().for_each(|h| *h /= 2);
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.0.fill(0);
    }
}

/// The continuation history's scores after one move ([`ContinuationHistory::after`]).
#[derive(Clone, Copy, Debug)]
pub struct ContinuationRow<'a>(&'a [i16; PIECE_SQUARES]);

impl ContinuationRow<'_> {
    /// The score of the move `current` (a [`piece_square`] key).
    #[inline]
    pub fn score(self, current: usize) -> i32 {
        i32::from(self.0[current])
    }
}

impl Default for ContinuationHistory {
    fn default() -> Self {
        ContinuationHistory::new()
    }
}
// ANCHOR_END: exercise_from_crate
// ANCHOR_END: continuation

/// The plies of the line the continuation history remembers (far beyond any search's).
pub(super) const LINE_PLIES: usize = 256;

/// The continuation history in the node: the moves before it, its order, and what it learns.
impl<G: Game, E: Evaluator<G>> Selective<G, E> {
    // ANCHOR: continuation_order
    /// **Continuation history**: the moves played one and two plies before a node at `ply`
    /// (none before the root's children, whose move the root loop plays; none with the piece
    /// off).
    #[inline]
    pub(super) fn moves_before(&self, ply: Ply) -> [Option<usize>; 2] {
        if !self.pieces.continuation_history {
            return [None, None];
        }
        let at = |back: Ply| {
            ply.checked_sub(back)
                .filter(|&p| p >= 1)
                .and_then(|p| self.line.get(p as usize).copied().flatten())
        };
        [at(1), at(2)]
    }

    /// The node's moves, handed out best first: the quiet ones in the order of their history
    /// plus what the continuation history says of them after the moves `before`.
    #[inline]
    pub(super) fn order_moves(
        &self,
        game: &G,
        room: Vec<i32>,
        moves: Vec<G::Move>,
        hash_move: Option<G::Move>,
        ply: Ply,
        before: [Option<usize>; 2],
    ) -> MovePicker<G::Move> {
        // The continuation history's rows after the moves before, found once for every move.
        let rows = self.continuation_rows(before);
        MovePicker::scored_in(room, game, moves, hash_move, &self.tables, ply, |mv| {
            self.quiet_history(game, ply, mv, rows)
        })
    }

    /// The continuation history's rows after the moves `before` (a node looks them up once).
    #[inline]
    pub(super) fn continuation_rows(
        &self,
        before: [Option<usize>; 2],
    ) -> [Option<ContinuationRow<'_>>; 2] {
        before.map(|b| b.map(|b| self.continuation.after(b)))
    }

    /// The history of the quiet move `mv` at `ply`: the plain history plus what the
    /// continuation history's `rows` say of it.
    #[inline]
    pub(super) fn quiet_history(
        &self,
        game: &G,
        ply: Ply,
        mv: G::Move,
        rows: [Option<ContinuationRow<'_>>; 2],
    ) -> i32 {
        let history = self.tables.history(ply, mv);
        match rows {
            // Nothing to look up: no board lookup for the move's key either.
            [None, None] => history,
            [one, two] => {
                let key = piece_square(game, mv);
                let after = |row: Option<ContinuationRow>| row.map_or(0, |r| r.score(key));
                history + after(one) + after(two)
            }
        }
    }
    // ANCHOR_END: continuation_order

    /// Records the move about to be played at `ply`, for the continuation history of the
    /// nodes below (with the piece on).
    #[inline]
    pub(super) fn set_line_move(&mut self, game: &G, ply: Ply, mv: G::Move) {
        if self.pieces.continuation_history {
            self.set_line(ply, Some(piece_square(game, mv)));
        }
    }

    /// Records the move played at `ply` (`None`: a pass).
    #[inline]
    pub(super) fn set_line(&mut self, ply: Ply, key: Option<usize>) {
        if let Some(slot) = self.line.get_mut(ply as usize) {
            *slot = key;
        }
    }

    // ANCHOR: learn_cutoff
    /// A quiet move `mv` cut off at `ply`, after the quiet moves `tried_before` failed: the
    /// killers and the history learn it (`OrderingTables::quiet_cutoff`, as in the stages
    /// below), and so does the continuation history, after each of the moves `before`.
    #[inline]
    pub(super) fn learn_quiet_cutoff(
        &mut self,
        game: &G,
        mv: G::Move,
        ply: Ply,
        depth: Depth,
        tried_before: &[G::Move],
        before: [Option<usize>; 2],
    ) {
        self.tables.quiet_cutoff(mv, ply, depth, tried_before);
        if before == [None, None] {
            return; // nothing to learn after (root children, piece off): no key lookups either
        }
        let bonus = history_bonus(depth);
        // Each move's key is looked up once, then learned after each of the moves before.
        let rewarded = std::iter::once((mv, bonus));
        let punished = tried_before.iter().map(|&failed| (failed, -bonus));
        for (learned, bonus) in rewarded.chain(punished) {
            let key = piece_square(game, learned);
            for b in before.into_iter().flatten() {
                self.continuation.update(b, key, bonus);
            }
        }
    }
    // ANCHOR_END: learn_cutoff
}
