//! # searchlab-course: the teaching helpers
//!
//! What the notebooks and the book draw and show, and the exercises with their grader. The
//! facade crate `searchlab` re-exports it as `searchlab::teach`, the path every notebook and
//! exercise uses.
//!
//! It may import the engine ([`searchlab_engine`]) and, with its `pictures` feature (the
//! default), the lab (`searchlab_lab`, whose measurements it charts) and the drawing crates.
//! Without `pictures` it is the exercises, their grader and the notebook helpers that draw
//! nothing: what a learner's exercise crate builds, on the engine alone. Nothing below it
//! imports it.
//!
//! - [`draw`]: the drawing floor every module below draws with: colours, charts, boards, heat
//!   maps, tables, SVG to PNG. [`plot`] (its charts) and [`picture`] (its PNGs) are re-exported
//!   here, where the notebooks and the book's figures name them.
//! - [`diff`]: what each rung adds to the one below, as a diff of their source files.
//! - [`eval_terms`]: the full evaluation taken apart, term by term; a lone king's evaluation
//!   square by square, as a heat map (notebook 08b).
//! - [`exercise`]: exercises, each a rung with its idea taken out, graded against the ladder
//!   (`searchlab exercise`).
//! - [`horizon`]: the horizon effect and the quiescence search, taken apart (chapter 7).
//! - [`neural`]: the learned evaluation taken apart: the training's losses, what the network
//!   says a piece is worth on each square, single hidden units as heat maps (notebook 10b).
//! - [`notebook`]: helpers for the evcxr notebooks (failing on a panic, pictures, tables,
//!   looking inside a search).
//! - [`parallel`]: parallel search taken apart: root splitting's serial share and Amdahl's
//!   bound, time to depth with more threads, a table slot's two words (notebook 09).
//! - [`selectivity`]: the selective stage's pieces measured on a set of positions: nodes,
//!   depths, how often each piece fires (notebook 08).
//! - [`tree`]: tic-tac-toe game trees as searched by minimax, alpha-beta and alpha-beta with
//!   the best move first, drawn with their search's steps; without `pictures` too (it draws by
//!   hand, on the engine alone), for the web front's step-by-step tree.
//! - [`tuning`]: the evaluation tuned from self-play games, taken apart: the data, the fit of
//!   `K`, error curves, piece-square tables as heat maps (notebook 10).
//! - [`weight_names`]: what each weight of the evaluation is called, by term: the names
//!   [`eval_terms`] and [`tuning`] show weights by.
//!
//! The chapters' modules (`eval_terms`, `horizon`, `neural`, `parallel`, `selectivity`, `tree`,
//! `tuning`, …) import the floor ([`draw`], [`weight_names`]), never each other;
//! [`diff`] and the [`notebook`] helpers import the chapters. The book's tooling (its figures,
//! quoted numbers and facts) is a program of its own, `searchlab-book` (`crates/book`), which
//! imports this crate; nothing here imports it.

#![warn(missing_docs)]
#![deny(rustdoc::broken_intra_doc_links)]

// Without `pictures` (a learner's exercise crate): the exercises and the notebook helpers
// that draw nothing.
#[cfg(feature = "pictures")]
pub mod diff;
pub mod draw;
#[cfg(feature = "pictures")]
pub mod eval_terms;
pub mod exercise;
#[cfg(feature = "pictures")]
pub mod horizon;
#[cfg(feature = "pictures")]
pub mod neural;
pub mod notebook;
#[cfg(feature = "pictures")]
pub mod parallel;
#[cfg(feature = "pictures")]
pub mod selectivity;
pub mod tree;
#[cfg(feature = "pictures")]
pub mod tuning;
#[cfg(feature = "pictures")]
pub mod weight_names;

#[cfg(feature = "pictures")]
pub use draw::{picture, plot};
