//! Helpers for the evcxr notebooks in `notebooks/`, so that each notebook cell stays a few
//! lines about search and none about HTML.
//!
//! The notebooks run in [evcxr](https://github.com/evcxr/evcxr), a Rust Jupyter kernel. Four
//! things make a notebook there pleasant, and this module provides each:
//!
//! 1. **A failing check must fail the run, and only the run.** evcxr reports a panic and
//!    then carries on with the next cell, so a broken `assert!` would go unnoticed by a
//!    headless run. [`fail_on_panic`] installs a panic hook that prints the panic's message
//!    and location; in a headless run ([`HEADLESS_VARIABLE`] set, as `scripts/notebooks`
//!    does) it then ends the kernel's process, so `jupyter execute` reports an error and exits
//!    non-zero, while in JupyterLab the kernel and its variables stay, and a learner who
//!    changes a cell and breaks its check loses only that cell.
//! 2. **Pictures that every reader sees.** A cell shows rich output by printing it between two
//!    marker lines that evcxr recognises ([`rich_output`]). The pictures come from the crate's
//!    drawing floor ([`crate::draw`], re-exported here): [`board_svg`] draws a chess
//!    position, [`line_svg`] a line of moves as a row of boards, [`crate::plot`] draws
//!    charts, and [`crate::tree`] draws tic-tac-toe game trees, all as SVG. [`show_svg`]
//!    shows one, and sends with it the same picture as PNG, rendered by
//!    [`crate::picture`] with the font the crate embeds. The PNG is for the reader who
//!    opens a committed notebook without running it: JupyterLab does not trust a notebook it
//!    did not execute, and shows no SVG (nor any `<svg>` inside HTML) in an untrusted
//!    notebook, while a PNG shows in every viewer. evcxr gathers a cell's rich
//!    output into *one* result (an `execute_result` bundle) keeping the last content of each
//!    MIME type, so the SVG and the PNG arrive together and a viewer shows the richest one it
//!    trusts. It follows that a cell shows one picture: several become one with
//!    [`stacked_svg`]. HTML is for tables ([`show_html`]) and never carries a picture.
//! 3. **Tables.** [`stage_table_html`], [`comparison_table_html`], [`stats_table_html`] and
//!    [`iterations_table_html`] turn search results into HTML tables, with node counts
//!    compared against the previous stage; [`counters_table_html`] shows the counters a
//!    notebook picks ([`Counter`]: cut-offs, re-searches, MTD(f) passes …),
//!    [`ordering_table_html`] a comparison's cut-offs and its distance from the ordering
//!    oracle, and [`pair_by_depth_table_html`] two stages side by side at several depths.
//! 4. **Looking inside a search.** [`picker_order`] and [`move_order_html`] show the order in
//!    which the [`MovePicker`](searchlab_engine::search::move_picker::MovePicker) hands out one node's
//!    moves, and why; [`mtdf_trace`] runs MTD(f) and returns every null-window pass with the
//!    result, which the statistics only count.
//!
//! Everything here except the `show_*` functions and [`fail_on_panic`] is a pure function,
//! most of them returning a `String` (or a `Result` of one), so the tests check them without a
//! kernel.
//!
//! Each of the four is a file of its own: `output.rs` (1, and the showing of 2 and 3),
//! `pictures.rs` (2: the charts of a search's numbers), `tables.rs` (3) and `inspect.rs` (4).
//! Everything is re-exported here, with the drawing floor's boards, stacked pictures and table
//! text, so a notebook imports it all from `searchlab::teach::notebook`.

mod inspect;
#[cfg(feature = "pictures")]
mod output;
#[cfg(feature = "pictures")]
mod pictures;
mod tables;

pub use inspect::{
    bound_text, move_order_html, mtdf_passes_html, mtdf_trace, picker_order, OrderReason,
};
#[cfg(feature = "pictures")]
pub use output::{
    diff_markdown, fail_on_panic, headless_value, is_headless, panic_report, rich_output,
    show_html, show_markdown, show_stage_diff, show_svg, svg_output, HEADLESS_VARIABLE,
    PANIC_EXIT_CODE,
};
#[cfg(feature = "pictures")]
pub use pictures::{comparison_chart_svg, iteration_series, iterations_chart_svg};
pub use tables::{
    counters_table_html, iteration_nodes, iterations_table_html, stage_table_html,
    stats_table_html, Counter, StageRow,
};
// The tables of the lab's comparisons (the lab comes with the pictures).
#[cfg(feature = "pictures")]
pub use tables::{
    comparison_table_html, ordering_table_html, pair_by_depth_table_html, stage_pairs,
};

// The drawing floor's boards, pictures and tables, where a notebook imports everything from.
#[cfg(feature = "pictures")]
pub use crate::draw::board::{
    board_move_svg, board_svg, line_svg, piece_glyph, san_line, uci_line,
};
#[cfg(feature = "pictures")]
pub use crate::draw::svg::{stacked_svg, svg_size, with_svg_namespace};
pub use crate::draw::table::{
    change_percent, escape_html, markdown_table, signed_score, thousands,
};

pub use searchlab_engine::search::mtdf::MtdfPass;
