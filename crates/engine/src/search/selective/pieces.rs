//! # Stage 8's bets: pieces 1 to 8, a method each
//!
//! The pieces of selectivity that bet a shallower search, or none, gives the same answer, in the
//! order the chapter teaches them. Each is a method of [`Selective`] named after the piece,
//! asked by the node ([`super`]) where it applies, and answering "not here" when switched off
//! ([`Pieces`]): they are `pub(super)` because the node that asks them is in `mod.rs`. With them
//! come the names of all nine pieces, the margins the bets are made with, set by hand and kept
//! together, and the table of late move reductions. The ninth piece, an order rather than a
//! bet, has a file of its own ([`super::continuation`]).
//!
//! A file apart from the node so that the node reads as the list of the pieces it asks, and
//! each piece reads on its own, as the chapter shows it; a margin to change (and a change to
//! measure) is here and nowhere else.

use super::Selective;
use crate::game::{Evaluator, Game};
use crate::score::{Depth, Ply, Score};
use crate::search::deepening::IterativeStage;
use crate::switches::switches;

// ANCHOR: pieces
switches! {
    /// The pieces of selectivity, each of which can be switched off by name (to measure what it
    /// is worth, or to watch the search without it).
    pub struct Pieces {
        /// Search a node in check one ply deeper.
        check_extension,
        /// Pass, and cut if a reduced search still fails high.
        null_move,
        /// Cut a node whose evaluation beats beta by a margin per ply.
        reverse_futility,
        /// Skip quiet moves that cannot lift a hopeless evaluation to alpha.
        futility,
        /// Search late quiet moves to a reduced depth first.
        late_move_reductions,
        /// Skip the last quiet moves near the horizon.
        late_move_pruning,
        /// One ply less for a node without a move from the table.
        internal_iterative_reduction,
        /// Skip moves that lose material in the exchange, near the horizon.
        see_pruning,
        /// Order quiet moves by what worked after the last two moves, too.
        continuation_history,
    }
}
// ANCHOR_END: pieces

/// The names of the pieces, as [`Pieces::set`] and the stage name's `-piece` take them.
pub const PIECE_NAMES: &[&str] = Pieces::NAMES;

// ANCHOR: margins
/// Reverse futility: the evaluation must beat beta by this much per ply of depth left.
pub const REVERSE_FUTILITY_MARGIN: i32 = 90;
/// Reverse futility is tried this close to the horizon, and no further.
pub const REVERSE_FUTILITY_DEPTH: Depth = 6;
/// Futility: what a quiet move may gain at depth 1, 2, 3 (index 0 unused).
pub const FUTILITY_MARGIN: [i32; 4] = [0, 150, 300, 450];
/// Null move: searched this many plies shallower than the node's children (plus a ply for
/// every 4 of depth).
pub const NULL_MOVE_REDUCTION: Depth = 3;
/// Null move: from this depth on, a null move that fails high is verified by a real search
/// one ply shallower (with no pass inside it), which catches zugzwang with pieces on the
/// board.
pub const NULL_MOVE_VERIFY_DEPTH: Depth = 6;
/// Late move pruning: at depth 1, 2, 3, the quiet moves tried before the rest are skipped.
pub const LATE_MOVE_COUNT: [usize; 4] = [0, 5, 9, 15];
/// SEE pruning is tried this close to the horizon, and no further.
pub const SEE_PRUNING_DEPTH: Depth = 6;
/// SEE pruning: what a quiet move may lose in the exchange, per ply of depth left, and still
/// be searched.
pub const SEE_QUIET_MARGIN: i32 = 50;
/// SEE pruning: the same for a capture, which already won something before it is taken back.
pub const SEE_CAPTURE_MARGIN: i32 = 100;
// ANCHOR_END: margins

/// The pieces of selectivity, in the order the chapter teaches them. Each is asked by the node
/// ([`IterativeStage::alphabeta`]) where it applies, and each answers "not here" when switched
/// off ([`Pieces`]).
impl<G: Game, E: Evaluator<G>> Selective<G, E> {
    // ANCHOR: check_extension
    /// **Check extension**: the plies to add to a node's depth. A node in check is searched one
    /// ply deeper, but never past twice the iteration's depth, so that a long chain of checks
    /// cannot run away.
    #[inline]
    pub(super) fn check_extension(&self, in_check: bool, ply: Ply) -> Depth {
        Depth::from(in_check && self.pieces.check_extension && self.may_extend(ply))
    }

    /// Whether a node at `ply` may still be extended: not past twice the depth of the
    /// iteration being searched, so that a chain of extensions cannot run away.
    #[inline]
    pub(super) fn may_extend(&self, ply: Ply) -> bool {
        ply < 2 * (self.state.completed_depth + 1)
    }
    // ANCHOR_END: check_extension

    // ANCHOR: null_move
    /// **Null-move pruning**: pass, and if the opponent, moving twice, still cannot get below
    /// beta, neither can it after any of our real moves: the node's score (`Some`), without a
    /// search of its moves. Not in a pawn ending, where passing may be the only good "move",
    /// which chess does not allow. `Some(Score::DRAW)` if the search was stopped (a score
    /// nobody will use).
    #[inline]
    pub(super) fn null_move(
        &mut self,
        game: &mut G,
        may_prune: bool,
        depth: Depth,
        ply: Ply,
        eval: Score,
        beta: Score,
    ) -> Option<Score> {
        // ANCHOR: exercise_null_move
        let tried = self.pieces.null_move
            && !self.verifying
            && may_prune
            && depth >= 3
            && eval >= beta
            && game.may_pass();
        if !tried {
            return None;
        }
        let reduction = NULL_MOVE_REDUCTION + depth / 4;
        let mut null_pv = Vec::new();
        self.set_line(ply, None);
        game.pass();
        let null_depth = depth.saturating_sub(1 + reduction);
        let score = -self.alphabeta(
            game,
            null_depth,
            ply + 1,
            -beta,
            -Score(beta.0 - 1),
            &mut null_pv,
        );
        game.undo();
        if self.state.counter.stopped() {
            return Some(Score::DRAW);
        }
        // Far from the horizon a wrong cut costs a lot: the node, searched one ply shallower
        // with real moves only (no pass anywhere below), must agree. In zugzwang it does
        // not, since there every real move is worse than passing.
        let verified = score >= beta
            && (depth < NULL_MOVE_VERIFY_DEPTH || {
                self.verifying = true;
                let check =
                    self.alphabeta(game, depth - 1, ply, Score(beta.0 - 1), beta, &mut null_pv);
                self.verifying = false;
                check >= beta
            });
        if self.state.counter.stopped() {
            return Some(Score::DRAW);
        }
        if !verified {
            return None;
        }
        self.state.counter.stats.null_move_cutoffs += 1;
        // A mate found after a pass is no mate: the pass was not a legal move.
        Some(if score.is_mate() { beta } else { score })
        // ANCHOR_END: exercise_null_move
    }
    // ANCHOR_END: null_move

    // ANCHOR: reverse_futility
    /// **Reverse futility pruning**: far above beta, near the horizon, the opponent cannot
    /// come back in time. The node is cut with its evaluation (`Some`), without a search.
    #[inline]
    pub(super) fn reverse_futility(
        &mut self,
        may_prune: bool,
        depth: Depth,
        eval: Score,
        beta: Score,
    ) -> Option<Score> {
        let cut = self.pieces.reverse_futility
            && !self.verifying
            && may_prune
            && depth <= REVERSE_FUTILITY_DEPTH
            && eval.0 - REVERSE_FUTILITY_MARGIN * depth as i32 >= beta.0;
        if cut {
            self.state.counter.stats.pruned += 1;
        }
        cut.then_some(eval)
    }
    // ANCHOR_END: reverse_futility

    // ANCHOR: futility
    /// **Futility pruning**: is this node hopeless near the horizon, its evaluation plus what a
    /// quiet move may gain still short of alpha? Then only a capture, a promotion or a check
    /// could help, and its quiet moves that give no check are skipped.
    #[inline]
    pub(super) fn futile(&self, may_prune: bool, depth: Depth, eval: Score, alpha: Score) -> bool {
        self.pieces.futility
            && may_prune
            && depth < FUTILITY_MARGIN.len() as Depth
            && eval.0 + FUTILITY_MARGIN[depth as usize] <= alpha.0
    }
    // ANCHOR_END: futility

    // ANCHOR: late_move_reductions
    /// **Late move reductions**: how many plies shallower the move tried `tried`-th is first
    /// searched. Only a quiet move that neither escapes nor gives check (`reducible`), late
    /// (after the first three) and not too near the horizon; less on the principal variation,
    /// and never into the quiescence search at once.
    #[inline]
    pub(super) fn late_move_reduction(
        &self,
        depth: Depth,
        tried: usize,
        reducible: bool,
        pv_node: bool,
    ) -> Depth {
        // ANCHOR: exercise_reduction
        if !(self.pieces.late_move_reductions && depth >= 3 && tried >= 3 && reducible) {
            return 0;
        }
        let r = self.reductions[(depth as usize).min(63)][tried.min(63)];
        r.saturating_sub(u32::from(pv_node)).min(depth - 2)
        // ANCHOR_END: exercise_reduction
    }

    /// The value of a child (its move already played) for a node at `depth`: the first move
    /// with the whole window; a later one with the null window, `reduction` plies shallower,
    /// searched again at full depth if it surprises (beats alpha), and on the principal
    /// variation once more with the whole window to learn by how much.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn search_child(
        &mut self,
        game: &mut G,
        depth: Depth,
        ply: Ply,
        (alpha, beta): (Score, Score),
        tried: usize,
        reduction: Depth,
        child_pv: &mut Vec<G::Move>,
    ) -> Score {
        if tried == 0 {
            return -self.alphabeta(game, depth - 1, ply + 1, -beta, -alpha, child_pv);
        }
        // ANCHOR: exercise_reduced_search
        let null = -Score(alpha.0 + 1);
        let reduced = depth - 1 - reduction;
        let mut score = -self.alphabeta(game, reduced, ply + 1, null, -alpha, child_pv);
        if reduction > 0 {
            self.state.counter.stats.reductions += 1;
            if score > alpha {
                // A surprise: search it again at full depth.
                score = -self.alphabeta(game, depth - 1, ply + 1, null, -alpha, child_pv);
            }
        }
        // Strictly inside the window: only a principal-variation node's window (wider than a
        // null one) has room for that.
        if score > alpha && score < beta {
            self.state.counter.stats.researches += 1;
            score = -self.alphabeta(game, depth - 1, ply + 1, -beta, -alpha, child_pv);
        }
        score
        // ANCHOR_END: exercise_reduced_search
    }
    // ANCHOR_END: late_move_reductions

    // ANCHOR: late_move_pruning
    /// **Late move pruning**: very near the horizon, how many quiet moves this node tries
    /// before it skips the rest (`None`: all of them).
    #[inline]
    pub(super) fn late_move_count(&self, may_prune: bool, depth: Depth) -> Option<usize> {
        if self.pieces.late_move_pruning && !self.verifying && may_prune {
            LATE_MOVE_COUNT.get(depth as usize).copied()
        } else {
            None
        }
    }
    // ANCHOR_END: late_move_pruning

    // ANCHOR: iir
    /// **Internal iterative reduction**: the plies to take off a node with no move to try
    /// first. Its search would be expensive; a cheaper, shallower one now, and the next
    /// iteration finds the node again, with a move in the table.
    #[inline]
    pub(super) fn internal_iterative_reduction(&self, has_hash_move: bool, depth: Depth) -> Depth {
        Depth::from(self.pieces.internal_iterative_reduction && !has_hash_move && depth >= 4)
    }
    // ANCHOR_END: iir

    // ANCHOR: see_pruning
    /// **SEE pruning**: may this node skip a move that loses material in the exchange on its
    /// square ([`loses_exchange`])? Near the horizon, at a node that may be pruned.
    #[inline]
    pub(super) fn see_prunable(&self, may_prune: bool, depth: Depth) -> bool {
        self.pieces.see_pruning && may_prune && depth <= SEE_PRUNING_DEPTH
    }
    // ANCHOR_END: see_pruning
}

// ANCHOR: losing
/// Whether playing `mv` loses material in the exchange on its square (by the static exchange
/// evaluation), beyond what a move may lose `depth` plies from the horizon and still be
/// searched: a quiet move that hangs a piece, a capture that the opponent wins back with
/// interest (a capture may lose more: it already won something before it is taken back).
#[inline]
pub(super) fn loses_exchange<G: Game>(game: &G, mv: G::Move, quiet: bool, depth: Depth) -> bool {
    let margin = if quiet {
        SEE_QUIET_MARGIN
    } else {
        SEE_CAPTURE_MARGIN
    };
    !game.see_at_least(mv, -margin * depth as i32)
}
// ANCHOR_END: losing

// ANCHOR: reductions
/// How much a late quiet move is reduced: about `ln(depth) · ln(moves tried) / 2`, so the
/// reduction grows slowly both with the depth left and with how late the move comes.
pub(super) fn reduction_table() -> Vec<[Depth; 64]> {
    (0..64)
        .map(|depth| {
            let mut row = [0; 64];
            for (tried, r) in row.iter_mut().enumerate().skip(1) {
                if depth > 0 {
                    let x = (depth as f64).ln() * (tried as f64).ln() / 2.0 + 0.5;
                    *r = x as Depth;
                }
            }
            row
        })
        .collect()
}
// ANCHOR_END: reductions
