//! # searchlab-book: the book's tooling
//!
//! `searchlab-book figures [DIR]` writes the book's generated files into `DIR` (by default
//! `book/src/figures`), printing each file's path as it is written: the SVG charts, the
//! markdown tables, the stage diffs, and `numbers.tsv`, every number the book and the README
//! quote (`scripts/numbers --write` then puts them into the prose). `scripts/regenerate` runs
//! it with everything else that is generated, and `scripts/regenerate --check` (CI) compares a
//! fresh run with the committed files.
//!
//! A program (`src/main.rs`) over this library, which only that program imports: nothing a
//! learner, a GUI or OpenBench builds carries the book's tables. It may import every other member: the engine (searches to count),
//! the lab (committed measurements and their statistics) and the course (its drawing floor, the
//! chapters' figures, the diffs).
//!
//! - [`figures`]: which files, drawn from what, in parallel.
//! - [`numbers`]: the numbers the book and the README quote, by key: one number, one source.
//! - [`facts`]: facts about the ladder (the default stage, how many rungs) and the measured
//!   set-up times, as numbers.
//! - [`foundations`]: the Foundations chapter's tables: the ladder positions with the reason
//!   for each, perft counts.
//!
//! Every figure comes from node counts or committed measurements, never from timings, so the
//! files are the same on any machine.

#![warn(missing_docs)]
#![deny(rustdoc::broken_intra_doc_links)]

pub mod facts;
pub mod figures;
pub mod foundations;
pub mod numbers;
