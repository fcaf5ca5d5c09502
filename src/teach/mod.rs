//! The teaching helpers: what the notebooks and the book draw and show.
//!
//! - [`diff`]: what each rung adds to the one below, as a diff of their source files.
//! - [`horizon`]: the horizon effect and the quiescence search, taken apart (chapter 7).
//! - [`notebook`]: helpers for the evcxr notebooks (tables, pictures, failing on a panic).
//! - [`picture`]: SVG to PNG, with the embedded font, so every viewer shows every picture.
//! - [`plot`]: charts of node counts (plotters, SVG).
//! - [`tree`]: tic-tac-toe game trees as searched by minimax and alpha-beta, drawn.

pub mod diff;
pub mod horizon;
pub mod notebook;
pub mod picture;
pub mod plot;
pub mod tree;
