//! # Stage 11: what strong engines add
//!
//! Stage 10, the neural engine, with stage 11's pieces switched on: singular extensions (with
//! multi-cut), improving, correction history, history in reductions and pruning, and a clock
//! that reads the search. The pieces live in stage 8's node, where they are switched off
//! ([`crate::search::selective::modern`] is the chapter), so that each can be switched on and
//! off by name and measured alone: `modern -singular_extension` is this stage without it, and
//! `modern` with every one of them off is stage 10, node for node.

use crate::game::Game;
use crate::search::engine::Engine;
use crate::search::neural::Neural;
use crate::search::selective::Modern;
use crate::search::LazySmp;

/// The name of this engine: on the command line, in UCI's `Stage` option, in the tables.
pub const NAME: &str = "modern";

/// A one-thread stage 11 with a table of about `megabytes` MB: the neural engine with every
/// piece of [`Modern`] on.
pub fn new<G: Game>(megabytes: usize) -> Neural<G> {
    let mut engine = LazySmp::named(NAME, megabytes);
    for piece in Modern::NAMES {
        engine.switch(piece, true);
    }
    engine
}
