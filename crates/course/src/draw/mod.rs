//! The course's drawing floor: every chart, board, heat map and table the chapters, the
//! notebooks and the book's figures show, written once.
//!
//! - [`colour`]: every colour: the engines' palette, the heat maps' one scale, the board's.
//! - [`plot`]: charts (plotters): node counts against depth, bars, curves against a real x.
//! - [`board`]: chess positions and lines of moves as boards.
//! - [`heatmap`]: a value per square of a board: a piece's worth square by square, tables of
//!   weights.
//! - [`table`]: numbers as tables write them, and the tables themselves (markdown, HTML).
//! - [`svg`]: an SVG document's size and namespace, and several stacked into one.
//! - [`picture`]: SVG to PNG, with the embedded font, so every viewer shows every picture.
//!
//! Why a floor: the chapters' helpers (`eval_terms`, `tuning`, `neural`, `horizon`, …) each
//! draw with it, so that none imports another to borrow a drawing, and a colour or a table's
//! look is changed in one place for every picture. It may import the engine (scores, games,
//! statistics) and the lab's result types it draws (the Elo ladder's steps); never a chapter's
//! module, the notebook helpers or the book's figures and numbers, which import it.
//!
//! Everything but [`table`] draws, and comes with the `pictures` feature; [`table`] is there
//! without it, since the exercises' grader writes its counts as the tables do.

#[cfg(feature = "pictures")]
pub mod board;
#[cfg(feature = "pictures")]
pub mod colour;
#[cfg(feature = "pictures")]
pub mod heatmap;
#[cfg(feature = "pictures")]
pub mod picture;
#[cfg(feature = "pictures")]
pub mod plot;
#[cfg(feature = "pictures")]
pub mod svg;
pub mod table;
