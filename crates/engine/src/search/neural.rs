//! # Stage 10: a learned evaluation
//!
//! Stage 9's search, unchanged, with another evaluation: a small neural network trained on the
//! engine's own games ([`crate::eval::neural`] evaluates with it, the lab's `train` trains
//! it). Nothing in the search knows: the margins of its prunings are in centipawns, and the
//! network is trained to score in centipawns too (its targets are the search's scores, turned
//! into expected results by the same logistic curve).
//!
//! A game with no learned evaluation (its evaluation's [`Evaluator::Learned`](crate::game::Evaluator::Learned) is itself) plays
//! stage 9 under this name.

use crate::game::{Game, LearnedEvaluator};
use crate::search::LazySmp;

/// The name of this engine: on the command line, in the tables.
pub const NAME: &str = "neural";

/// The neural stage: [`LazySmp`] with the game's learned evaluation.
pub type Neural<G> = LazySmp<G, LearnedEvaluator<G>>;

/// A one-thread neural engine with a table of about `megabytes` MB.
pub fn new<G: Game>(megabytes: usize) -> Neural<G> {
    LazySmp::named(NAME, megabytes)
}
