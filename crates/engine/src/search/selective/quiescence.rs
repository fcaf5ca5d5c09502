//! # Stage 8's quiescence search
//!
//! At the horizon stage 8 searches on as stage 7 does ([`crate::search::quiescence`]: stand
//! pat, then the captures, the most valuable victim first, hopeless and losing ones skipped),
//! with two changes: it evaluates with the stage's full evaluation instead of
//! [`Game::evaluate`], and it keeps a losing capture that gives check, which the null move
//! relies on to see a mate threat. Its captures come in stage 7's order, written into the lists
//! the stage keeps from node to node ([`super::speed`]).
//!
//! A file of its own because it is the one part of the stage that is another rung's code, with
//! a change or two: the book's diff of stage 8 shows it against stage 7's quiescence search,
//! where the two changes are all there is to read.

use super::speed::noisy_moves_in_order_into;
use super::Selective;
use crate::game::{Evaluator, Game};
use crate::limits::MAX_QUIESCENCE_PLY;
use crate::score::{Ply, Score};
use crate::search::move_picker::DELTA_MARGIN;

impl<G: Game, E: Evaluator<G>> Selective<G, E> {
    // ANCHOR: quiescence
    /// The quiescence stage's quiescence search, evaluating with the full evaluation and
    /// keeping the losing captures that give check.
    pub fn quiescence(&mut self, game: &mut G, ply: Ply, mut alpha: Score, beta: Score) -> Score {
        if !self.state.count_node() {
            return Score::DRAW; // stopped: the iteration is abandoned, this is thrown away
        }
        let stats = &mut self.state.counter.stats;
        stats.quiescence_nodes += 1;
        stats.seldepth = stats.seldepth.max(ply);
        if let Some(outcome) = game.outcome() {
            return outcome.score(ply);
        }
        let in_check = game.in_check();
        if ply >= MAX_QUIESCENCE_PLY {
            return self.evaluator.evaluate(game); // a safety net: captures run out long before this
        }
        let mut best = -Score::INFINITE;
        // Stand pat: the side to move may decline every capture (not when in check, where the
        // evaluation would go unused: it is not asked for).
        let stand_pat = if in_check {
            -Score::INFINITE
        } else {
            self.evaluator.evaluate(game)
        };
        // ANCHOR: answer_stand_pat
        if !in_check {
            if stand_pat >= beta {
                return stand_pat;
            }
            best = stand_pat;
            alpha = alpha.max(stand_pat);
        }
        // ANCHOR_END: answer_stand_pat
        let mut lists = self.lists.take(ply);
        noisy_moves_in_order_into(game, &mut lists.moves, &mut lists.noisy);
        for (tried, &(mv, _, victim)) in lists.noisy.iter().enumerate() {
            let mut losing = false;
            if !in_check {
                // Delta pruning: not even the victim and a margin would reach alpha.
                if stand_pat.0 + victim + DELTA_MARGIN <= alpha.0 {
                    continue;
                }
                losing = !game.see_at_least(mv, 0);
            }
            // ANCHOR: losing_checks
            // A capture that loses material is skipped, unless it gives check: the exchange
            // may never happen (the recapturing piece may be pinned, the king may have no
            // square), and the null move relies on the quiescence search to see a mate threat
            // like that.
            if losing && !game.gives_check(mv) {
                continue;
            }
            // ANCHOR_END: losing_checks
            // ANCHOR: answer_captures
            game.play(mv);
            let score = -self.quiescence(game, ply + 1, -beta, -alpha);
            game.undo();
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                self.state.counter.stats.count_cutoff(tried);
                break;
            }
            // ANCHOR_END: answer_captures
        }
        self.lists.give_back(ply, lists);
        best
    }
    // ANCHOR_END: quiescence
}
