//! # searchlab-engine: the games, the evaluations, the ladder of searches, and UCI
//!
//! The engine of searchlab, the product a chess GUI, OpenBench and a learner's exercise build:
//! everything needed to play, and nothing else. It may import `chess` (move generation),
//! `thiserror` and `serde`'s derive (a search's result as JSON), and no other crate of the
//! workspace: the lab (matches, training), the course (notebooks, pictures, exercises) and the
//! book's tooling are built on it, never under it. No file of `book/` or `tests/` is compiled
//! into it; the networks it plays with are the files in `assets/nnue/`.
//!
//! ## The ladder
//!
//! The rungs, each one file of [`search`] that reads like a chapter (or a folder whose `mod.rs`
//! does), each adding one idea to the rung below:
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
//! | 8 | [`search::selective`] | check extension, null move, futility, late move reductions and pruning, SEE pruning, continuation history; the full [`eval::Evaluation`] | strength, piece by piece; every mate of the suite |
//! | 9 | [`search::parallel`] | Lazy SMP: stage 8 on every thread, one shared lock-free table | on one thread, stage 8 node for node; with more, strength at equal time |
//!
//! Stage 10, [`search::neural`], is stage 9's search with a learned evaluation
//! ([`eval::neural`], trained by the lab's `train`): its lesson is the evaluation, not the search.
//! It is the strongest, and what `searchlab uci` plays by default (on one thread unless the GUI
//! sets `Threads`).
//!
//! Beside the ladder, three engines to measure it by: [`search::mtdf`] (MTD(f), the same score
//! by null windows alone), [`search::oracle`] (alpha-beta with a perfect move order, the
//! yardstick of move ordering) and [`search::root_split`] (the root's moves shared out among
//! threads: the parallel search stage 9 improves on).
//!
//! Every stage implements [`Engine`] and returns the same [`SearchResult`], so the tests,
//! the `compare` table, the charts and the notebooks treat them alike. An engine with its
//! settings (stage, parts switched off, threads, table size) is an [`EngineSpec`], read once
//! from text such as `"selective -null_move"` or `"parallel threads=2 hash=64"`.
//!
//! ## Shared machinery, written once
//!
//! Below the rungs, and never borrowed from one rung by another:
//!
//! - [`board`]: the chess board's vocabulary, at the very bottom: squares, the squares pieces
//!   attack, what pieces are worth. The game and the evaluation both import it, and neither
//!   imports the other's internals: the evaluations know boards, the game ([`games::chess`])
//!   names its evaluations in one file, beside the game. Inside the crate the imports run one
//!   way, from the face down: [`uci`], [`search`], [`games`], [`eval`], [`board`].
//! - [`Game`]: what a search needs to know about a game; implemented by [`Chess`] (on the
//!   `chess` crate, with the halfmove clock and history it lacks) and [`TicTacToe`].
//! - [`Score`]: centipawns from the side to move, with mates encoded by distance.
//! - [`eval`]: the simple evaluation of stages 1–7 (material, piece-square tables, mobility)
//!   and the full one of stages 8 and 9, written as weights times features.
//! - [`SearchLimits`] and [`StopFlag`]: depth, nodes, time, and stopping from outside.
//! - [`stats`]: node counts, per-iteration statistics, and the series the charts draw.
//! - [`tt`]: the transposition table, with the probe and the bounds every stage with a table
//!   uses.
//! - [`switches`]: parts of an engine switched off by name (stage 8's pieces, the evaluation's
//!   terms).
//! - In [`search`]: the [`Engine`] trait ([`search::engine`]), the deepening loop
//!   ([`search::deepening`]), the aspiration loop ([`search::aspiration`]) and the move picker
//!   with its histories ([`search::move_picker`]); above the rungs, the registry that names and
//!   builds every one ([`search::registry`], [`search::spec`]).
//!
//! ## The face
//!
//! - [`uci`]: the engine protocol, so any chess GUI can play against any stage.
//! - [`bench`](mod@bench): the node-count signature and speed that OpenBench reads from
//!   `searchlab bench`; [`epd`]: positions with what is expected of them (best moves, mates,
//!   perft counts), as test suites and the bench's own positions are written.
//!
//! ```
//! use searchlab_engine::{engine_for, Chess, SearchLimits};
//!
//! let mut game = Chess::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").unwrap();
//! let mut engine = engine_for::<Chess>("pvs").unwrap();
//! let result = engine.search(&mut game, &SearchLimits::depth(3));
//! assert_eq!(result.best_move.unwrap().to_string(), "a1a8"); // back-rank mate
//! assert_eq!(result.score.to_string(), "mate 1");
//! ```

#![warn(missing_docs)]
#![deny(rustdoc::broken_intra_doc_links)]

// The shared machinery every stage uses.
pub mod board;
pub mod clock;
pub mod error;
pub mod eval;
pub mod game;
pub mod games;
pub mod limits;
pub mod positions;
pub mod rng;
pub mod score;
pub mod stats;
pub mod switches;
pub mod tt;

// The ladder of searches.
pub mod search;

// The face: the engine protocol.
pub mod uci;

// What OpenBench and the test suites ask of an engine: the node-count signature, and
// positions with what is expected of them.
pub mod bench;
pub mod epd;

pub use error::{Error, FenError, Result};
pub use game::{Capture, Evaluator, Game, Outcome, StaticEvaluation};
pub use games::{Chess, TicTacToe};
pub use limits::{Clock, SearchLimits, StopFlag};
pub use score::{Depth, Ply, Score};
pub use search::{engine_for, Engine, EngineSpec, Stage, STAGES};
pub use stats::{Iteration, SearchResult, SearchStats};
