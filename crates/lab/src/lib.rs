//! # searchlab-lab: the measuring tools
//!
//! What `searchlab compare`, `bench`, `suite`, `match`, `datagen`, `train` and `tune` run, as a
//! library, so that tests and notebooks measure exactly what the command line does. It is a
//! crate of its own because a chess GUI, OpenBench and a learner's exercise need none of it:
//! the engine ([`searchlab_engine`]) plays without it.
//!
//! It may import the engine, `chess` and `serde`'s derive, and nothing of the course or the
//! book's tooling, which are built on it (they quote its measurements); the engine never
//! imports it.
//!
//! - [`compare`]: every stage on the same positions, depth by depth (the main job).
//! - [`suite`]: test suites (read by the engine's [`epd`](searchlab_engine::epd)) of positions with known best moves or mates.
//! - [`matchplay`]: matches between two players, game after game, until the games have said
//!   enough. Its parts: who plays ([`player`]: stages, or UCI engines), how long a move may
//!   take ([`move_limits`]), the opening positions ([`openings`]), one game by the rules and
//!   the clocks ([`referee`]), and the games as PGN ([`pgn`]).
//! - [`elo`]: the Elo difference a match score says, with its 95% interval.
//! - [`measured`]: the format of the committed measurement files in `book/measured/`.
//! - [`ladder`]: the Elo ladder, each rung against the one below, from committed results.
//! - [`results`]: the other committed match results the book quotes (pieces, terms, builds,
//!   Stockfish anchors), read from `book/measured/matches.tsv`.
//! - [`sprt`]: the sequential probability ratio test that says when a match has said enough.
//! - [`datagen`]: self-play games whose quiet positions, with their results, are the data
//!   [`tune`] fits the evaluation's weights to.
//! - [`scaling`]: time to depth of the parallel searches at 1, 2, 4, … threads.
//! - [`rng`]: the seeded random numbers every tool draws from, so that runs repeat (the
//!   engine's, re-exported: its tests draw from it too).

#![warn(missing_docs)]
#![deny(rustdoc::broken_intra_doc_links)]

pub mod adam;
pub mod compare;
pub mod datagen;
pub mod elo;
pub mod ladder;
pub mod matchplay;
pub mod measured;
pub mod move_limits;
pub mod openings;
pub mod pgn;
pub mod player;
pub mod referee;
pub mod results;
pub use searchlab_engine::rng;
pub mod scaling;
pub mod sprt;
pub mod suite;
pub mod train;
pub mod tune;
