//! # searchlab: chess game-tree search, one stage at a time
//!
//! searchlab is two things at once: a book-shaped crate that builds a chess search up one
//! idea at a time, and a real engine that plays in any UCI chess GUI.
//!
//! ## The ladder
//!
//! | stage | module | adds | proven by |
//! |---|---|---|---|
//! | 1 | [`search::minimax`] | every move to a fixed depth | the exact tic-tac-toe tree (549,946 nodes, a draw) |
//! | 2 | [`search::alphabeta`] | the (alpha, beta) window and cut-offs | same score *and* move as minimax, far fewer nodes |
//! | 3 | [`search::iterative`] | iterative deepening, time limit, previous PV first | same score as alpha-beta at every depth |
//! | 4 | [`search::cached`] | a transposition table | same score as iterative at depths 1–4, fewer nodes |
//! | 5 | [`search::ordered`] | move ordering: hash move, MVV-LVA, killers, history | same score as cached at depths 1–4, fewer nodes |
//! | 6 | [`search::pvs`] | null windows after the first move, aspiration windows | same score as ordered at depths 1–4, fewer nodes |
//! | 7 | [`search::quiescence`] | captures played out at the horizon: stand pat, SEE, delta pruning | strength (matches, test suites); every mate still found |
//! | 8 | [`search::selective`] | check extension, verified null move, futility, late move reductions and pruning, the full [`eval::Evaluation`] | strength, piece by piece; every mate of the suite; the UCI default |
//!
//! Beside the ladder: [`search::mtdf`] (MTD(f), the same score by null windows alone) and
//! [`search::oracle`] (alpha-beta with a perfect move order, the yardstick of move ordering).
//!
//! Every stage implements [`Engine`] and returns the same [`SearchResult`], so the tests,
//! the `compare` table, the charts and the notebooks treat them alike.
//!
//! ## Shared machinery, written once
//!
//! - [`Game`]: what a search needs to know about a game; implemented by [`Chess`] (on the
//!   `chess` crate, with the halfmove clock and history it lacks) and [`TicTacToe`].
//! - [`Score`]: centipawns from the side to move, with mates encoded by distance.
//! - [`eval`]: the simple evaluation of stages 1–7 (material, piece-square tables, mobility)
//!   and the full one of stage 8, written as weights times features.
//! - [`SearchLimits`] and [`StopFlag`]: depth, nodes, time, and stopping from outside.
//! - [`stats`]: node counts and per-iteration statistics.
//! - [`tt`]: the transposition table.
//!
//! ## The faces
//!
//! - [`uci`]: the engine protocol, so any chess GUI can play against any stage.
//! - [`lab`]: the measuring tools behind `searchlab compare`, `bench`, `suite` and `match`.
//! - [`teach`]: the notebook helpers, pictures, charts and tree drawings.
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

// The shared machinery every stage uses.
pub mod error;
pub mod eval;
pub mod game;
pub mod games;
pub mod limits;
pub mod positions;
pub mod score;
pub mod stats;
pub mod switches;
pub mod tt;

// The ladder of searches.
pub mod search;

// The faces: the engine protocol, the measuring tools, the teaching helpers.
pub mod lab;
pub mod teach;
pub mod uci;

pub use error::{Error, FenError, Result};
pub use game::{Capture, Evaluator, Game, Outcome, StaticEvaluation};
pub use games::{Chess, TicTacToe};
pub use limits::{Clock, SearchLimits, StopFlag};
pub use score::{Depth, Ply, Score};
pub use search::{engine_for, Engine, EngineSpec, Stage, STAGES};
pub use stats::{Iteration, SearchResult, SearchStats};
