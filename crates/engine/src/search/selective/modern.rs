//! # Stage 11: what strong engines add
//!
//! Stage 8's node with five more pieces, each of which every strong engine of the last decade
//! has. Stage 8 has them all switched off (and its node is then exactly what it was); stage 11
//! (`modern`) is stage 10 with them on. Each is a method here, named after it and switched by
//! the flag of the same name in [`Modern`]:
//!
//! 1. **Singular extensions.** When the table's move scored well and every *other* move, in a
//!    shallower search, fails well below that score, the table's move is the only good one
//!    (singular): search it one ply deeper, since the game hangs on it. When instead another
//!    move also reaches beta, two moves beat beta and the node is cut at once (multi-cut).
//! 2. **Improving.** Whether the side to move's static evaluation is better than at its
//!    previous turn (two plies up). An improving side's evaluation is trusted more to stay
//!    high: reverse futility cuts sooner, futility and late move pruning skip fewer moves,
//!    late moves are reduced less.
//! 3. **Correction history.** The static evaluation corrected by what searches at the same
//!    pawn structure found it got wrong ([`super::correction`]); the corrected value is what
//!    every pruning reads.
//! 4. **History in reductions and pruning.** A late quiet move is reduced less if its history
//!    (plain and continuation) is good, more if bad; near the horizon a quiet move with a bad
//!    enough history is not searched at all.
//! 5. **A clock that reads the search.** The soft time limit scaled by how stable the best
//!    move has been across iterations and by the share of the nodes spent under it.

use super::Selective;
use crate::game::{Evaluator, Game};
use crate::score::{Depth, Ply, Score};
use crate::search::deepening::{Deepening, IterativeStage};
use crate::switches::switches;
use crate::tt::Bound;

// ANCHOR: modern
switches! {
    /// Stage 11's pieces, each of which can be switched by name: all off in stage 8 (and in
    /// the stages on it: 9 and 10), all on in stage 11.
    pub struct Modern {
        /// Search the table's move one ply deeper when every other move fails well below it.
        singular_extension,
        /// Prune and reduce less when the side to move's evaluation is rising.
        improving,
        /// Correct the evaluation by what searches found it got wrong at the pawn structure.
        correction_history,
        /// Reduce and prune quiet moves by the history they have earned.
        history_reductions,
        /// Scale the soft time limit by how stable the best move is.
        clock_reads_search,
    }
}
// ANCHOR_END: modern

// ANCHOR: modern_margins
/// Singular extensions are tried this far from the horizon, and further.
pub const SINGULAR_DEPTH: Depth = 6;
/// The table's entry must come from a search at most this many plies shallower than the node.
pub const SINGULAR_TABLE_SLACK: Depth = 3;
/// The other moves must fail this far below the table's score, per ply of depth, for the
/// table's move to be singular.
pub const SINGULAR_MARGIN: i32 = 2;
/// Late move pruning when the evaluation is not improving: this share, in percent, of the
/// quiet moves stage 8 tries.
pub const WORSENING_MOVE_SHARE: usize = 67;
/// History pruning is tried this close to the horizon, and no further.
pub const HISTORY_PRUNING_DEPTH: Depth = 3;
/// History pruning: a quiet move whose history is below minus this, per ply of depth left,
/// is not searched.
pub const HISTORY_PRUNING_MARGIN: i32 = 64;
/// History in reductions: one ply less reduction per this much history (more for a bad one).
pub const HISTORY_PER_PLY: i32 = 128;
// ANCHOR_END: modern_margins

/// What the singular-extension test says of a node's table move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Singular {
    /// Not tried, or the move is not singular: search as usual.
    No,
    /// The move is singular: search it this many plies deeper.
    Extend(Depth),
    /// Another move reaches beta too: the node is cut with this score (multi-cut).
    Cut(Score),
}

/// Stage 11's pieces, as methods of the node they serve.
impl<G: Game, E: Evaluator<G>> Selective<G, E> {
    // ANCHOR: reads_evaluation
    /// Whether a node that no pruning may touch still needs its static evaluation: for
    /// improving (its children's improving compares with it) or to teach the correction
    /// history.
    #[inline]
    pub(super) fn reads_evaluation(&self) -> bool {
        self.modern.improving || self.modern.correction_history
    }
    // ANCHOR_END: reads_evaluation

    // ANCHOR: corrected_evaluation
    /// **Correction history**: `raw`, the static evaluation, corrected by the table for the
    /// position's pawn structure; `raw` itself with the piece off or no evaluation made.
    #[inline]
    pub(super) fn corrected_evaluation(&self, game: &G, raw: Score) -> Score {
        if !self.modern.correction_history || raw == -Score::INFINITE {
            return raw;
        }
        self.correction.correct(game.structure_key(), raw)
    }

    /// **Correction history**, learning: the node's search found `best` (with `bound`) where
    /// the static evaluation said `raw`; `quiet_best` says whether its best move was quiet.
    #[inline]
    pub(super) fn learn_correction(&mut self, game: &G, depth: Depth, raw: Score, found: Found) {
        if !self.modern.correction_history || raw == -Score::INFINITE {
            return;
        }
        let Found(best, bound, quiet_best) = found;
        if super::correction::worth_learning(Some(raw), best, bound, quiet_best) {
            let error = best.0 - raw.0;
            self.correction.learn(game.structure_key(), error, depth);
        }
    }
    // ANCHOR_END: corrected_evaluation

    // ANCHOR: improving
    /// **Improving**: is the side to move's evaluation `eval` (at `ply`) better than at its
    /// previous turn, two plies up? Never in check (no evaluation), and never with the piece
    /// off. Records `eval` for the node two plies down.
    #[inline]
    pub(super) fn improving(&mut self, ply: Ply, eval: Score) -> bool {
        if !self.modern.improving {
            return false;
        }
        let ply = ply as usize;
        if let Some(slot) = self.evaluations.get_mut(ply) {
            *slot = eval;
        }
        let before = ply
            .checked_sub(2)
            .and_then(|p| self.evaluations.get(p).copied());
        eval != -Score::INFINITE
            && before.is_some_and(|before| before != -Score::INFINITE && eval > before)
    }

    /// The depth the bets on failing *high* (reverse futility) are made with: one ply nearer
    /// the horizon when improving, so the cut comes sooner.
    #[inline]
    pub(super) fn depth_to_cut(&self, depth: Depth, improving: bool) -> Depth {
        depth - Depth::from(improving && depth > 1)
    }

    /// The depth the bets on failing *low* (futility) are made with: one ply further from the
    /// horizon when improving, so fewer moves are skipped.
    #[inline]
    pub(super) fn depth_to_skip(&self, depth: Depth, improving: bool) -> Depth {
        depth + Depth::from(improving)
    }

    /// Late move pruning's count of quiet moves to try, `count` by stage 8's rule: fewer when
    /// the piece is on and the side is not improving.
    #[inline]
    pub(super) fn late_move_count_by_trend(&self, count: usize, improving: bool) -> usize {
        if self.modern.improving && !improving {
            count * WORSENING_MOVE_SHARE / 100
        } else {
            count
        }
    }
    // ANCHOR_END: improving

    // ANCHOR: history_reductions
    /// **History in reductions and pruning**: the history the move `mv` at `ply` has earned,
    /// plain and after the moves `before` (what orders it, if `quiet`); 0 for a capture, for
    /// the first move tried (`tried` 0: never pruned nor reduced, so not looked up, which
    /// spares a lookup at every node that cuts off at once) or with the piece off.
    #[inline]
    pub(super) fn earned_history(
        &self,
        game: &G,
        ply: Ply,
        mv: G::Move,
        quiet: bool,
        tried: usize,
        before: [Option<usize>; 2],
    ) -> i32 {
        if !(self.modern.history_reductions && quiet && tried > 0) {
            return 0;
        }
        self.quiet_history(game, ply, mv, self.continuation_rows(before))
    }

    /// Whether a quiet move `mv` with `history` is skipped: near the horizon, at a node that
    /// may be pruned, after the first move, unless it gives check (asked last: the dearest).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn history_prunes(
        &self,
        game: &G,
        mv: G::Move,
        quiet: bool,
        may_prune: bool,
        depth: Depth,
        tried: usize,
        history: i32,
    ) -> bool {
        self.modern.history_reductions
            && quiet
            && may_prune
            && tried > 0
            && depth <= HISTORY_PRUNING_DEPTH
            && history < -HISTORY_PRUNING_MARGIN * depth as i32
            && !game.gives_check(mv)
    }

    /// Stage 8's late move reduction `reduction` of a move, adjusted by stage 11's pieces: a
    /// ply more when not improving, a ply less per [`HISTORY_PER_PLY`] of good history (more
    /// for bad); still never into the quiescence search at once. Only a move stage 8 reduces.
    #[inline]
    pub(super) fn adjusted_reduction(
        &self,
        reduction: Depth,
        depth: Depth,
        improving: bool,
        history: i32,
    ) -> Depth {
        if reduction == 0 {
            return 0;
        }
        let mut r = reduction as i32;
        if self.modern.improving && !improving {
            r += 1;
        }
        if self.modern.history_reductions {
            r -= (history / HISTORY_PER_PLY).clamp(-2, 2);
        }
        r.clamp(0, depth as i32 - 2) as Depth
    }
    // ANCHOR_END: history_reductions

    // ANCHOR: singular_extension
    /// **Singular extensions**: is the table's move `tt_move` at this node (`depth`, `ply`,
    /// window's top `beta`) the only good one? The table must hold a lower bound (or an exact
    /// score) for it from a search nearly as deep; then the node is searched without it, half
    /// as deep, with a null window just below the table's score less a margin. If every other
    /// move fails below, the move is singular ([`Singular::Extend`]); if even that lowered
    /// bar is at least beta and another move reaches it, the node is cut ([`Singular::Cut`]).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn singular_extension(
        &mut self,
        game: &mut G,
        depth: Depth,
        ply: Ply,
        beta: Score,
        tt_move: Option<G::Move>,
        key: u64,
    ) -> Singular {
        let Some(tt_move) = tt_move else {
            return Singular::No;
        };
        let tried = self.modern.singular_extension
            && depth >= SINGULAR_DEPTH
            && self.excluded_move(ply).is_none()
            && !self.state.following_pv
            && self.may_extend(ply);
        if !tried {
            return Singular::No;
        }
        // ANCHOR: exercise_singular_extension
        let Some(entry) = self.tt.probe(key) else {
            return Singular::No;
        };
        let table_score = entry.score.from_tt(ply);
        let usable = entry.best_move == Some(tt_move)
            && entry.bound != Bound::Upper
            && entry.depth + SINGULAR_TABLE_SLACK >= depth
            && !table_score.is_mate();
        if !usable {
            return Singular::No;
        }
        let bar = Score(table_score.0 - SINGULAR_MARGIN * depth as i32);
        self.set_excluded_move(ply, Some(tt_move));
        let mut pv = Vec::new();
        let without = self.alphabeta(game, (depth - 1) / 2, ply, Score(bar.0 - 1), bar, &mut pv);
        self.set_excluded_move(ply, None);
        if self.state.counter.stopped() {
            return Singular::No;
        }
        if without < bar {
            self.state.counter.stats.singular_extensions += 1;
            Singular::Extend(1)
        } else if bar >= beta {
            Singular::Cut(bar)
        } else {
            Singular::No
        }
        // ANCHOR_END: exercise_singular_extension
    }
    // ANCHOR_END: singular_extension

    /// The move a singular-extension search at `ply` leaves out, if one is running there.
    #[inline]
    pub(super) fn excluded_move(&self, ply: Ply) -> Option<G::Move> {
        self.excluded.get(ply as usize).copied().flatten()
    }

    /// Leaves `mv` out of the search of the node at `ply` (`None`: leaves nothing out).
    fn set_excluded_move(&mut self, ply: Ply, mv: Option<G::Move>) {
        if let Some(slot) = self.excluded.get_mut(ply as usize) {
            *slot = mv;
        }
    }

    // ANCHOR: clock_reads_search
    /// **A clock that reads the search**, after each completed iteration: the soft limit in
    /// percent of the budget's, by [`clock_percent`] of how many iterations in a row chose the
    /// same move and the share of the nodes spent under it. With the piece off, unchanged.
    pub(super) fn read_the_search(&mut self) {
        if self.modern.clock_reads_search {
            read_the_search(&mut self.state);
        }
    }
}

/// The soft limit of the search `state` is running, set from what its iterations found so far
/// ([`clock_percent`]).
pub fn read_the_search<M>(state: &mut Deepening<M>) {
    let percent = clock_percent(state.stable_iterations, state.best_move_share);
    state.counter.stopper.scale_soft_limit(percent);
}
// ANCHOR_END: clock_reads_search

// ANCHOR: clock_percent
/// The soft limit, in percent of the clock's, after an iteration whose move was chosen by
/// `stable` iterations in a row before it (0: it just changed) and took `share` percent of the
/// root's nodes. A move that just changed nearly doubles the time; one that held for four
/// iterations or more needs a bit more than half. A move that took most of the nodes was hard
/// to refute: less time; one that took few was found quickly among rivals that cost as much:
/// more time.
pub fn clock_percent(stable: u32, share: u32) -> u32 {
    const BY_STABILITY: [u32; 5] = [180, 130, 105, 85, 70];
    let stability = BY_STABILITY[(stable as usize).min(BY_STABILITY.len() - 1)];
    let effort = 160 - share.min(100);
    (stability * effort / 100).clamp(40, 300)
}
// ANCHOR_END: clock_percent

/// A node's search result, for the correction history: its best score, that score's bound,
/// and whether its best move was quiet.
#[derive(Clone, Copy, Debug)]
pub struct Found(pub Score, pub Bound, pub bool);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tictactoe::{Cell, TicTacToe};
    use crate::limits::{Clock, SearchLimits};
    use crate::search::deepening::deepen;
    use crate::search::engine::Engine;
    use crate::stats::SearchResult;
    use std::time::Duration;

    /// A scripted search: each iteration takes `ITERATION` and chooses the first legal move,
    /// or (`changing`) the first and second in turn; its best move always took 60% of the
    /// root's nodes. Its clock reads the search as stage 11's does.
    struct Scripted {
        state: Deepening<Cell>,
        changing: bool,
        iterations: u32,
    }

    const ITERATION: Duration = Duration::from_millis(10);

    impl Engine<TicTacToe> for Scripted {
        fn name(&self) -> &'static str {
            "scripted"
        }

        fn search(&mut self, game: &mut TicTacToe, limits: &SearchLimits) -> SearchResult<Cell> {
            deepen(self, game, limits, 64)
        }
    }

    impl IterativeStage<TicTacToe> for Scripted {
        fn deepening(&mut self) -> &mut Deepening<Cell> {
            &mut self.state
        }

        fn alphabeta(
            &mut self,
            _: &mut TicTacToe,
            _: Depth,
            _: Ply,
            _: Score,
            _: Score,
            _: &mut Vec<Cell>,
        ) -> Score {
            unreachable!("the script searches no node")
        }

        fn iteration(&mut self, game: &mut TicTacToe, _: Depth, _: Score) -> (Score, Vec<Cell>) {
            std::thread::sleep(ITERATION);
            self.iterations += 1;
            let moves = game.legal_moves();
            let pick = if self.changing {
                self.iterations % 2
            } else {
                0
            };
            self.state.best_move_share = 60;
            (Score::DRAW, vec![moves[pick as usize]])
        }

        fn iteration_completed(&mut self) {
            read_the_search(&mut self.state);
        }
    }

    #[test]
    fn a_search_whose_move_keeps_changing_thinks_longer_within_the_hard_limit() {
        // 3 s on the clock: a soft limit of 90 ms, a hard one of 270 ms.
        let limits = SearchLimits {
            clock: Some(Clock {
                remaining: Duration::from_secs(3),
                increment: Duration::ZERO,
                moves_to_go: None,
            }),
            move_overhead: Duration::ZERO,
            ..SearchLimits::default()
        };
        let budget = limits.time_budget().unwrap();
        let run = |changing: bool| {
            let mut script = Scripted {
                state: Deepening::new(),
                changing,
                iterations: 0,
            };
            let result = script.search(&mut TicTacToe::new(), &limits);
            let soft = script.state.counter.stopper.soft_limit().unwrap();
            (script.iterations, result.time, soft)
        };
        let (stable, stable_time, stable_soft) = run(false);
        let (changing, changing_time, changing_soft) = run(true);
        assert!(
            stable_soft < budget.soft,
            "a stable move: less than the clock's soft limit"
        );
        assert!(changing_soft > budget.soft && changing_soft <= budget.hard);
        assert!(changing > stable, "{changing} iterations against {stable}");
        assert!(changing_time > stable_time);
        assert!(
            changing_time < budget.hard + 2 * ITERATION,
            "{changing_time:?}"
        );
    }

    #[test]
    fn the_clock_gives_a_changing_move_more_time_than_a_stable_one() {
        assert!(clock_percent(0, 60) > clock_percent(1, 60));
        assert!(clock_percent(1, 60) > clock_percent(4, 60));
        assert_eq!(clock_percent(4, 60), clock_percent(9, 60));
        assert!(clock_percent(2, 30) > clock_percent(2, 90));
        assert_eq!(clock_percent(0, 60), 180);
        assert!((40..=300).contains(&clock_percent(0, 0)));
        assert!((40..=300).contains(&clock_percent(9, 100)));
    }
}
