//! One module per subcommand: its arguments and a `run` function; and the few helpers they
//! share (a progress bar, the comparison behind `compare`, stage names, times).

pub mod bench;
pub mod compare;
pub mod datagen;
pub mod figures;
pub mod matchplay;
pub mod perft;
pub mod scaling;
pub mod search;
pub mod suite;
pub mod tune;
pub mod uci;

use indicatif::{ProgressBar, ProgressStyle};
use searchlab::lab::compare::{compare, Comparison};
use searchlab::positions::NamedPosition;
use std::time::Duration;

/// The openings in the file at `path` (one FEN or EPD line each), or the 500 shipped with the
/// crate when there is none.
pub fn read_openings(path: Option<&std::path::Path>) -> anyhow::Result<Vec<String>> {
    use anyhow::Context;
    let Some(path) = path else {
        return Ok(searchlab::lab::openings::default_openings());
    };
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("reading openings {}", path.display()))?;
    searchlab::lab::openings::parse_openings(&text)
        .with_context(|| format!("in {}", path.display()))
}

/// Reads a stage name, turning an unknown one into an error that lists the stages. Returns
/// the stage's own name (as `STAGES` spells it).
pub fn check_stage(name: &str) -> anyhow::Result<&'static str> {
    Ok(searchlab::search::find_engine(name)?.name)
}

/// A stage with its switches (`selective -null_move +mobility`), checked (the stage exists and
/// every switch names one of its parts) and spelt with the stage's own name: what a match or a
/// bench plays, switches kept.
pub fn check_stage_with_switches(spec: &str) -> anyhow::Result<String> {
    searchlab::engine_for::<searchlab::Chess>(spec)?;
    let stage = check_stage(spec)?;
    Ok(std::iter::once(stage)
        .chain(spec.split_whitespace().skip(1))
        .collect::<Vec<_>>()
        .join(" "))
}

/// The stage spec with `threads=N` added when `--threads` asks for more than one thread (a
/// stage that searches on one thread then says so when it is built).
pub fn with_threads(spec: &str, threads: usize) -> String {
    if threads == 1 {
        spec.to_string()
    } else {
        format!("{spec} threads={threads}")
    }
}

/// A progress bar of `len` steps drawn with the indicatif `template` (indicatif's default bar
/// should the template not parse). It shows only on a terminal.
pub fn progress_bar(len: u64, template: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

/// Runs [`compare`] on `positions` with `stages` at depths 1 to `depth`, showing a progress bar
/// of the searches labelled `message`.
pub fn compare_with_progress(
    positions: &[NamedPosition],
    stages: &[&str],
    depth: u32,
    message: &'static str,
) -> anyhow::Result<Comparison> {
    let bar = progress_bar(1, "{msg} [{bar:40}] {pos}/{len} searches ({elapsed})");
    bar.set_message(message);
    let comparison = compare(positions, stages, depth, |done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    })?;
    bar.finish_and_clear();
    Ok(comparison)
}

/// A time as the tables show it: milliseconds with one decimal and a unit, `12.3 ms`.
pub fn format_ms(d: Duration) -> String {
    format!("{:.1} ms", searchlab::stats::millis(d))
}
