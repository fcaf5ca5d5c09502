//! # MTD(f): the score found by null windows alone
//!
//! A side road, not a rung. PVS still searches its principal variation with a full window;
//! Plaat, Schaeffer, Pijls and de Bruin asked in 1996 what happens if *every* search is a
//! null-window search. A null window `(beta - 1, beta)` answers one question, "is the value at
//! least `beta`?", and returns a bound: a lower bound if yes, an upper bound if no. MTD(f)
//! ("memory-enhanced test driver", starting from a first guess `f`) asks that question again
//! and again, each time at the last bound found, and the two bounds close in on the value:
//!
//! ```text
//! lower = -∞, upper = +∞, g = f
//! while lower < upper:
//!     beta = max(g, lower + 1)
//!     g = null-window search at (beta - 1, beta)
//!     if g < beta: upper = g   else: lower = g
//! ```
//!
//! It only works with a transposition table: each pass re-searches the same tree, and the
//! bounds the table remembers from the previous pass let most of it be skipped. The first
//! guess is the previous iteration's score, so one to three passes usually settle it. Sunfish,
//! the well-known Python engine, runs a variant that bisects between the bounds (MTD-bi).
//!
//! Here it is the ordered stage's search (its table, its move order, its node counting) driven
//! by null windows at the root instead of one full window.
//!
//! **Invariant:** the same score as a full-window search at the same depth (each pass returns
//! a correct bound, and the loop ends only when the bounds meet), so where the table cannot
//! change a score it is exactly the pvs stage's score.
//! **Cost:** every pass searches from the root; a poor first guess means many passes. Its
//! principal variation is only what the last pass collected: a null-window search does not
//! build the full line.

use crate::game::Game;
use crate::limits::SearchLimits;
use crate::score::{Depth, Ply, Score};
use crate::search::deepening::{deepen, search_root, Deepening, IterativeStage, DEFAULT_DEPTH};
use crate::search::engine::{Engine, IterationObserver};
use crate::search::ordered::Ordered;
use crate::stats::SearchResult;

/// The name of this engine: on the command line, in UCI's `Stage` option, in the tables.
pub const NAME: &str = "mtdf";

/// MTD(f) over the ordered stage's search.
pub struct Mtdf<G: Game> {
    ordered: Ordered<G>,
    passes: Vec<MtdfPass>,
}

/// One null-window search of the root, as [`Mtdf`] keeps it: the statistics only count the
/// passes (`mtdf_passes`), the notebooks show each one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MtdfPass {
    /// The iteration's depth.
    pub depth: Depth,
    /// The question the pass asks: is the value at least `beta`? (The window `(beta - 1, beta)`.)
    pub beta: Score,
    /// What the pass returned: a lower bound on the value if `>= beta`, else an upper bound.
    pub score: Score,
    /// What is known of the value after the pass: it lies in `lower ..= upper`.
    pub lower: Score,
    /// See `lower`.
    pub upper: Score,
    /// Nodes the pass searched.
    pub nodes: u64,
}

impl<G: Game> Mtdf<G> {
    /// A new engine with a transposition table of about `megabytes` MB.
    pub fn new(megabytes: usize) -> Mtdf<G> {
        Mtdf {
            ordered: Ordered::new(megabytes),
            passes: Vec::new(),
        }
    }

    /// The passes of the last search, every iteration's, in the order they ran (a pass cut
    /// short by a stop is not among them).
    pub fn passes(&self) -> &[MtdfPass] {
        &self.passes
    }
}

impl<G: Game> IterativeStage<G> for Mtdf<G> {
    fn deepening(&mut self) -> &mut Deepening<G::Move> {
        self.ordered.deepening()
    }

    fn start_search(&mut self) {
        self.ordered.start_search();
        self.passes.clear();
    }

    fn alphabeta(
        &mut self,
        game: &mut G,
        depth: Depth,
        ply: Ply,
        alpha: Score,
        beta: Score,
        pv: &mut Vec<G::Move>,
    ) -> Score {
        self.ordered.alphabeta(game, depth, ply, alpha, beta, pv)
    }

    // ANCHOR: mtdf
    /// One iteration: null-window searches at the root, each at the last bound found, from
    /// the previous iteration's score, until the upper and lower bounds meet.
    fn iteration(&mut self, game: &mut G, depth: Depth, previous: Score) -> (Score, Vec<G::Move>) {
        let (mut lower, mut upper) = (-Score::INFINITE, Score::INFINITE);
        let mut guess = previous;
        let mut line = Vec::new();
        while lower < upper {
            let beta = guess.max(Score(lower.0 + 1));
            let before = self.deepening().counter.stats.nodes;
            let (score, pv) = search_root(self, game, depth, Score(beta.0 - 1), beta);
            if self.deepening().counter.stopped() {
                break;
            }
            self.deepening().counter.stats.mtdf_passes += 1;
            guess = score;
            if score < beta {
                upper = score;
            } else {
                lower = score;
                line = pv; // a pass that failed high has found a move at least this good
            }
            let nodes = self.deepening().counter.stats.nodes - before;
            let pass = MtdfPass {
                depth,
                beta,
                score,
                lower,
                upper,
                nodes,
            };
            self.passes.push(pass);
        }
        // Some pass failed high (at the latest, the one at `lower + 1` when `lower` was still
        // -∞), so `line` starts with a move proven as good as the value; unless stopped, and
        // then deepening throws the iteration away.
        (guess, line)
    }
    // ANCHOR_END: mtdf
}

impl<G: Game> Engine<G> for Mtdf<G> {
    fn name(&self) -> &'static str {
        NAME
    }

    fn search(&mut self, game: &mut G, limits: &SearchLimits) -> SearchResult<G::Move> {
        deepen(self, game, limits, DEFAULT_DEPTH)
    }

    fn set_iteration_observer(&mut self, observer: Option<IterationObserver>) {
        self.ordered.set_iteration_observer(observer);
    }

    fn new_game(&mut self) {
        self.ordered.new_game();
    }

    fn set_hash_size(&mut self, megabytes: usize) {
        self.ordered.set_hash_size(megabytes);
    }

    fn hashfull(&self) -> u32 {
        self.ordered.hashfull()
    }
}
