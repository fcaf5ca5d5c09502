//! # searchlab: chess game-tree search, one stage at a time
//!
//! searchlab is two things at once: a book-shaped crate that builds a chess search up one
//! idea at a time, and a real engine that plays in any UCI chess GUI.
//!
//! It is a workspace of products, and this crate gathers them under one name, so that a
//! notebook's `:dep searchlab` and a learner's exercise crate need one line:
//!
//! - the engine, [`searchlab_engine`] (`crates/engine`): the games, the evaluations, the ladder
//!   of searches and UCI; its modules are re-exported here as they were ([`search`], [`eval`],
//!   [`games`], [`uci`], …), so `searchlab::search::pvs` is the engine's `search::pvs`;
//! - the lab, `searchlab_lab` (`crates/lab`), here as `lab` (feature `lab`): the measuring
//!   tools behind `searchlab compare`, `suite`, `match`, `datagen`, `train`, `tune` and
//!   `scaling`;
//! - the course, `searchlab_course` (`crates/course`), here as `teach` (feature `course`; its
//!   drawings with `pictures`): the notebook helpers, pictures, charts, tree drawings, stage
//!   diffs, the exercises and their grader;
//! - the `searchlab` binary (`src/main.rs`, `src/cli/`, feature `cli`).
//!
//! Beside them, not re-exported, the book's tooling (`crates/book`, the `searchlab-book`
//! program) writes the book's figures and quoted numbers from all three.
//!
//! The members import downwards only: the book's tooling imports the course, the lab and the
//! engine; the course the lab and the engine; the lab the engine; the engine none of them.
//! `make` builds the binary with the engine alone.
//!
//! ```
//! use searchlab::{engine_for, Chess, SearchLimits};
//!
//! let mut game = Chess::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").unwrap();
//! let mut engine = engine_for::<Chess>("pvs").unwrap();
//! let result = engine.search(&mut game, &SearchLimits::depth(3));
//! assert_eq!(result.best_move.unwrap().to_string(), "a1a8"); // back-rank mate
//! assert_eq!(result.score.to_string(), "mate 1");
//! ```

#![warn(missing_docs)]
#![deny(rustdoc::broken_intra_doc_links)]

pub use searchlab_engine;

// The engine's modules, as this crate's (the paths every notebook and exercise uses).
pub use searchlab_engine::{
    bench, board, epd, error, eval, game, games, limits, positions, score, search, stats, switches,
    tt, uci,
};

// The products built on the engine: the measuring tools, the teaching helpers.
#[cfg(feature = "course")]
pub use searchlab_course as teach;
#[cfg(feature = "lab")]
pub use searchlab_lab as lab;

pub use searchlab_engine::{
    engine_for, Capture, Chess, Clock, Depth, Engine, EngineSpec, Error, Evaluator, FenError, Game,
    Iteration, Outcome, Ply, Result, Score, SearchLimits, SearchResult, SearchStats, Stage,
    StaticEvaluation, StopFlag, TicTacToe, STAGES,
};
