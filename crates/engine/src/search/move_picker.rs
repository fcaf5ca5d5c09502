//! # Move ordering, written once: the move picker and what it learns
//!
//! Alpha-beta's cost depends on which move it tries first. If the first move at a cut node is
//! the refutation, the node costs one child; if the refutation comes tenth, nine more subtrees
//! are searched for nothing. So the order of the moves is the one knob that turns a search of
//! `b^d` nodes into one of about `2·b^(d/2)`. The [`MovePicker`] tries, in this order:
//!
//! 1. **The hash move**: the move the previous principal variation or the transposition table
//!    names for this position. It was best (or refuted the node) the last time the position was
//!    searched, one ply shallower: it very likely is again.
//! 2. **Captures and promotions, by MVV-LVA**: *most valuable victim, least valuable
//!    attacker*. Taking the queen first, and with the pawn rather than the queen if both can.
//!    Winning material is the likeliest way to refute the opponent's last move, and it needs
//!    no memory at all, only the position ([`Game::capture`]).
//! 3. **Killer moves**: quiet moves that caused a cut-off at the same ply elsewhere in the tree.
//!    Sibling positions differ by one move, and a threat that refuted one (a mate threat, a
//!    fork) often refutes the others. [`KILLERS`] per ply: two, so that a new killer does not
//!    evict a good old one at once (the newer goes first, the older second), and no more,
//!    because a killer that never cuts again only costs a slot.
//! 4. **Quiet moves by history**: every quiet move that caused a cut-off earns a bonus in the
//!    history table (by side and from/to squares), growing with the depth of the
//!    cut-off; quiet moves tried before it and failed earn a malus. Over a search the table
//!    learns which quiet moves tend to work anywhere in the tree.
//!
//! At the horizon, the quiescence searches hand out their captures by MVV-LVA alone
//! ([`noisy_moves_in_order`]).
//!
//! The picker scores each move once, when it is built, and then hands out the best of the
//! moves not yet tried each time it is asked: a selection sort done lazily. At a cut node the
//! first move usually ends the node, and the other moves are then never sorted at all.

use crate::game::{Capture, Game};
use crate::score::{Depth, Ply};
use crate::tt::TableMove;

/// Killer moves kept per ply.
pub const KILLERS: usize = 2;

// ANCHOR: scores
/// Order scores: the hash move above all, then captures (MVV-LVA above this base), then the
/// killers, then quiet moves by their history (which stays within ±[`HISTORY_MAX`]).
const HASH_MOVE: i32 = i32::MAX;
const CAPTURE: i32 = 1 << 29;
const KILLER: i32 = 1 << 28;
// ANCHOR_END: scores

/// The bound of a history score: the bonuses and maluses approach it and never pass it.
pub const HISTORY_MAX: i32 = 1 << 14;

/// Side to move (relative to the root) × from/to squares: the size of the history table. A
/// move's from/to squares are the low 12 bits of its [`TableMove::pack`] (a tic-tac-toe cell
/// is less).
const HISTORY_SLOTS: usize = 2 * 4096;

/// What a search learns about quiet moves as it goes: killers by ply, and the history table.
#[derive(Clone, Debug)]
pub struct OrderingTables<M> {
    killers: Vec<[Option<M>; KILLERS]>,
    history: History,
}

impl<M: TableMove + PartialEq> OrderingTables<M> {
    /// Empty tables, with room for killers at every ply a search can reach.
    pub fn new() -> OrderingTables<M> {
        OrderingTables {
            killers: vec![[None; KILLERS]; crate::limits::MAX_DEPTH as usize + 1],
            history: History::new(),
        }
    }

    /// A new search: killers are forgotten (they belong to the plies of one tree), and the
    /// history halves, so that what it learned still counts but fades.
    pub fn new_search(&mut self) {
        self.killers.fill([None; KILLERS]);
        self.history.age();
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.killers.fill([None; KILLERS]);
        self.history = History::new();
    }

    /// The killers of `ply`, the newer first.
    pub fn killers(&self, ply: Ply) -> [Option<M>; KILLERS] {
        self.killers
            .get(ply as usize)
            .copied()
            .unwrap_or([None; KILLERS])
    }

    // ANCHOR: learn
    /// A quiet move `mv` caused a cut-off at `ply`, `depth` plies from the horizon, after the
    /// quiet moves in `tried_before` failed: it becomes the first killer of the ply, and the
    /// history rewards it and punishes the others, by `depth²` (deep cut-offs saved more work).
    pub fn quiet_cutoff(&mut self, mv: M, ply: Ply, depth: Depth, tried_before: &[M]) {
        // ANCHOR: exercise_killers
        if let Some(killers) = self.killers.get_mut(ply as usize) {
            if killers[0] != Some(mv) {
                killers[1] = killers[0];
                killers[0] = Some(mv);
            }
        }
        // ANCHOR_END: exercise_killers
        let bonus = history_bonus(depth);
        self.history.update(ply, mv, bonus);
        for &failed in tried_before {
            self.history.update(ply, failed, -bonus);
        }
    }
    // ANCHOR_END: learn

    /// The history score of `mv` at `ply`.
    pub fn history(&self, ply: Ply, mv: M) -> i32 {
        self.history.score(ply, mv)
    }
}

/// What a quiet cut-off `depth` plies above the horizon is worth to a history score (and a
/// failed quiet move before it loses): `depth²`, at most 400. Deep cut-offs saved more work.
pub fn history_bonus(depth: Depth) -> i32 {
    (depth * depth).min(400) as i32
}

impl<M: TableMove + PartialEq> Default for OrderingTables<M> {
    fn default() -> Self {
        OrderingTables::new()
    }
}

/// The history table: one score per side to move and from/to squares. An array of its size
/// (on the heap: 32 KB), so that a slot, which is below the size by construction, is read with
/// no bounds check (the picker reads one for nearly every quiet move).
#[derive(Clone, Debug)]
struct History(Box<[i32; HISTORY_SLOTS]>);

// ANCHOR: gravity_rule
/// `score` plus `bonus` (negative: a malus), scaled down as the score nears the bound
/// [`HISTORY_MAX`]: the one update rule of every history table (stage 8's continuation history
/// learns by it too).
pub fn gravity(score: i32, bonus: i32) -> i32 {
    score + bonus - score * bonus.abs() / HISTORY_MAX
}
// ANCHOR_END: gravity_rule

impl History {
    fn new() -> History {
        History(Box::new([0; HISTORY_SLOTS]))
    }

    /// The side to move alternates with the ply, so `ply % 2` tells the two sides apart.
    fn slot<M: TableMove>(ply: Ply, mv: M) -> usize {
        (ply as usize % 2) * 4096 + (mv.pack() & 0xFFF) as usize
    }

    fn score<M: TableMove>(&self, ply: Ply, mv: M) -> i32 {
        self.0[Self::slot(ply, mv)]
    }

    // ANCHOR: gravity
    /// Adds `bonus` (negative: a malus), scaled down as the score nears the bound: a score at
    /// `+HISTORY_MAX` gains nothing more, one at 0 gains all of it. So no score ever passes
    /// the bound, however long the search, and a move that stops working loses its credit as
    /// fast as it earned it. (Plain `+= depth²` would grow without end and let an old
    /// success outweigh every new one.)
    fn update<M: TableMove>(&mut self, ply: Ply, mv: M, bonus: i32) {
        let entry = &mut self.0[Self::slot(ply, mv)];
        *entry = gravity(*entry, bonus);
    }
    // ANCHOR_END: gravity

    /// Between searches: halve every score.
    fn age(&mut self) {
        self.0.iter_mut().for_each(|h| *h /= 2);
    }
}

// ANCHOR: picker
/// The moves of one node, handed out best first.
pub struct MovePicker<M> {
    /// Every move; the first `next` of them have been handed out.
    moves: Vec<M>,
    /// The order score of each move, at the move's index.
    scores: Vec<i32>,
    next: usize,
}

impl<M: TableMove + PartialEq> MovePicker<M> {
    /// Scores `moves` once: `hash_move` first, then captures by MVV-LVA, then the killers of
    /// `ply`, then the rest by history.
    pub fn new<G: Game<Move = M>>(
        game: &G,
        moves: Vec<M>,
        hash_move: Option<M>,
        tables: &OrderingTables<M>,
        ply: Ply,
    ) -> MovePicker<M> {
        let history = |mv| tables.history(ply, mv);
        MovePicker::with_quiet_scores(game, moves, hash_move, tables, ply, history)
    }

    /// As [`MovePicker::new`], with `quiet_score(mv)` as the order score of each quiet move
    /// that is not a killer.
    pub fn with_quiet_scores<G: Game<Move = M>>(
        game: &G,
        moves: Vec<M>,
        hash_move: Option<M>,
        tables: &OrderingTables<M>,
        ply: Ply,
        quiet_score: impl Fn(M) -> i32,
    ) -> MovePicker<M> {
        let room = Vec::with_capacity(moves.len());
        MovePicker::scored_in(room, game, moves, hash_move, tables, ply, quiet_score)
    }

    /// As [`MovePicker::with_quiet_scores`], scoring into `room`, a list kept from an earlier
    /// node ([`MovePicker::into_room`] gives it back): a search that keeps one per ply asks
    /// for no new memory.
    pub fn scored_in<G: Game<Move = M>>(
        mut room: Vec<i32>,
        game: &G,
        moves: Vec<M>,
        hash_move: Option<M>,
        tables: &OrderingTables<M>,
        ply: Ply,
        quiet_score: impl Fn(M) -> i32,
    ) -> MovePicker<M> {
        let killers = tables.killers(ply);
        let score = |mv: M| -> i32 {
            // ANCHOR: exercise_order
            if Some(mv) == hash_move {
                HASH_MOVE
            } else if let Some(capture) = game.capture(mv) {
                CAPTURE + capture.mvv_lva()
            } else if let Some(k) = killers.iter().position(|&k| k == Some(mv)) {
                KILLER - k as i32
            } else {
                quiet_score(mv)
            }
            // ANCHOR_END: exercise_order
        };
        room.clear();
        room.extend(moves.iter().map(|&mv| score(mv)));
        MovePicker {
            moves,
            scores: room,
            next: 0,
        }
    }

    /// How many moves are not handed out yet.
    pub fn remaining(&self) -> usize {
        self.moves.len() - self.next
    }

    /// How many moves have been handed out.
    pub fn handed_out(&self) -> usize {
        self.next
    }

    /// The moves not handed out yet, in no particular order.
    pub fn rest(&self) -> impl Iterator<Item = M> + '_ {
        self.moves[self.next..].iter().copied()
    }

    /// The moves, and the list their scores were written in, for the next node to use again.
    pub fn into_room(self) -> (Vec<M>, Vec<i32>) {
        (self.moves, self.scores)
    }
}

impl<M> MovePicker<M> {
    /// A picker for moves already scored: each move with its order score, handed out best
    /// first (a notebook's exercise cell scores the moves its own way).
    pub fn from_scores(scored: Vec<(M, i32)>) -> MovePicker<M> {
        let (moves, scores) = scored.into_iter().unzip();
        MovePicker {
            moves,
            scores,
            next: 0,
        }
    }
}

impl<M: Copy> Iterator for MovePicker<M> {
    type Item = M;

    /// The best of the moves not handed out yet, swapped into the first place not handed
    /// out. A tie goes to the first in the order the earlier swaps have left, which is not
    /// always the generator's: a swap sends the move it displaces to where the chosen one
    /// stood (scores 5, 5, 9, 5 for A, B, C, D come out C, B, A, D). The order is still fixed
    /// by the moves and their scores, so the search stays deterministic.
    #[inline]
    fn next(&mut self) -> Option<M> {
        let rest = self.scores.get(self.next..)?;
        let (mut best, mut best_score) = (0, *rest.first()?);
        for (i, &score) in rest.iter().enumerate().skip(1) {
            // The first of the best: a later move must score higher to take its place.
            if score > best_score {
                (best, best_score) = (i, score);
                if score == HASH_MOVE {
                    break; // nothing scores higher
                }
            }
        }
        let chosen = self.moves[self.next + best];
        self.moves.swap(self.next, self.next + best);
        self.scores.swap(self.next, self.next + best);
        self.next += 1;
        Some(chosen)
    }
}
// ANCHOR_END: picker

// ANCHOR: noisy
/// The noisy moves of `game` in the order a quiescence search tries them (stage 7's; stage 8
/// writes the same order into lists it keeps): most valuable victim first, then the cheapest
/// attacker (MVV-LVA); quiet evasions of check last. No killers and no history: at the horizon
/// only the material on the board counts.
pub fn noisy_moves_in_order<G: Game>(game: &G) -> impl Iterator<Item = G::Move> {
    let mut moves = game.noisy_moves();
    // Sorted in place, with no second list; a stable sort, so equal keys keep the
    // generator's order.
    moves.sort_by_key(|&mv| noisy_order(game, mv));
    moves.into_iter()
}

/// A noisy move's order key, the least first: MVV-LVA, negated (a quiet evasion of check: 0).
fn noisy_order<G: Game>(game: &G, mv: G::Move) -> i32 {
    capture_order(game.capture(mv))
}

/// The order key of a move that captures `capture` (`None`: a quiet evasion of check).
pub fn capture_order(capture: Option<Capture>) -> i32 {
    -capture.map_or(0, Capture::mvv_lva)
}

/// Delta pruning in a quiescence search: a capture is skipped when the static evaluation plus
/// its victim plus this margin (in centipawns) still falls short of alpha.
pub const DELTA_MARGIN: i32 = 200;
// ANCHOR_END: noisy

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Chess, TicTacToe};

    fn uci(moves: &[chess::ChessMove]) -> Vec<String> {
        moves.iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn hash_move_then_mvv_lva_then_killers_then_history() {
        // White can take the queen on d5 with the pawn, the knight or the queen, and promote
        // on b8.
        let game = Chess::from_fen("4k3/1P6/8/3q4/4P3/2N4r/8/3QK3 w - - 0 1").unwrap();
        let mut tables = OrderingTables::new();
        let quiet = game.parse_uci("d1d2").unwrap();
        let killer = game.parse_uci("e1f2").unwrap();
        tables.quiet_cutoff(killer, 0, 4, &[quiet]);
        let hash = game.parse_uci("c3b5").unwrap();
        let order: Vec<_> =
            MovePicker::new(&game, game.legal_moves(), Some(hash), &tables, 0).collect();
        assert_eq!(order.len(), game.legal_moves().len());
        // The hash move; the queen (900) by the least valuable attacker first; the promotion
        // to a queen (+800), then the under-promotions.
        assert_eq!(
            uci(&order[..9]),
            ["c3b5", "e4d5", "c3d5", "d1d5", "b7b8q", "b7b8r", "b7b8b", "b7b8n", "e1f2"]
        );
        // After the killer, the quiet moves by history: the one punished comes last.
        assert_eq!(order.last(), Some(&quiet));
    }

    #[test]
    fn ties_come_out_in_the_order_the_swaps_leave() {
        // C (9) is swapped with A, which then stands behind B: C, B, A, D, not C, A, B, D.
        let scored = vec![('A', 5), ('B', 5), ('C', 9), ('D', 5)];
        let picker = MovePicker::from_scores(scored);
        assert_eq!(picker.collect::<String>(), "CBAD");
    }

    #[test]
    fn history_stays_bounded() {
        let mut tables: OrderingTables<crate::games::tictactoe::Cell> = OrderingTables::new();
        let game = TicTacToe::new();
        let cell = game.legal_moves()[4];
        for _ in 0..10_000 {
            tables.quiet_cutoff(cell, 1, 20, &[]);
        }
        let h = tables.history(1, cell);
        assert!(h > HISTORY_MAX * 9 / 10 && h <= HISTORY_MAX, "{h}");
        assert_eq!(
            tables.history(0, cell),
            0,
            "the other side's table is untouched"
        );
        tables.new_search();
        assert_eq!(tables.history(1, cell), h / 2);
        assert_eq!(tables.killers(1), [None, None]);
    }
}
