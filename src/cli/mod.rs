//! One module per subcommand: its arguments and a `run` function; and the few helpers they
//! share (a progress bar, the comparison behind `compare`, stage names, times).

pub mod bench;
#[cfg(feature = "pictures")]
pub mod compare;
#[cfg(feature = "lab")]
pub mod datagen;
#[cfg(feature = "course")]
pub mod exercise;
#[cfg(feature = "lab")]
pub mod matchplay;
pub mod output;
pub mod perft;
#[cfg(feature = "lab")]
pub mod scaling;
pub mod search;
#[cfg(feature = "lab")]
pub mod suite;
#[cfg(feature = "pictures")]
pub mod train;
#[cfg(feature = "pictures")]
pub mod tune;
pub mod uci;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
#[cfg(feature = "pictures")]
use searchlab::lab::compare::{compare, Comparison};
#[cfg(feature = "pictures")]
use searchlab::positions::NamedPosition;
use searchlab::{Chess, EngineSpec};
use std::time::Duration;

#[cfg(feature = "lab")]
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

/// The engine a command searches with, as the command line describes it: `--stage`, read
/// once into an [`EngineSpec`] (switches and settings included, `"selective -null_move"`), and
/// `--threads` and `--hash`, which set those two settings over whatever `--stage` says. (The
/// text is read by [`EngineArgs::spec`] rather than by clap, so that a bad word is reported
/// like every other bad input: the library's message, exit code 1.)
#[derive(clap::Args, Debug, Clone)]
pub struct EngineArgs {
    /// The engine: a stage or side engine, with switches and settings if wanted (e.g.
    /// "selective -null_move", "parallel threads=2"); the strongest stage by default.
    #[arg(long, default_value_t = searchlab::search::strongest_stage().to_string())]
    pub stage: String,
    /// Threads to search with (the engines that search on threads: parallel, rootsplit,
    /// neural, modern) [default: 1].
    #[arg(long)]
    pub threads: Option<usize>,
    /// The transposition table's size, in MB [default: 16].
    #[arg(long)]
    pub hash: Option<usize>,
}

impl EngineArgs {
    /// The engine described: `--stage`, with `--threads` and `--hash` where given, and the
    /// network of `--eval-file`.
    pub fn spec(&self, eval_file: Option<&EvalFile>) -> anyhow::Result<EngineSpec<Chess>> {
        with_settings(self.stage.parse()?, self.threads, self.hash, eval_file)
    }
}

/// `spec` with `threads` and a table of `hash` MB where they are given (each checked: a thread
/// count the stage cannot search with, or a size out of range, is an error), and the network
/// of `eval_file` (`--eval-file`) for its learned evaluation, if it has one.
pub fn with_settings(
    spec: EngineSpec<Chess>,
    threads: Option<usize>,
    hash: Option<usize>,
    eval_file: Option<&EvalFile>,
) -> anyhow::Result<EngineSpec<Chess>> {
    let spec = match eval_file {
        Some(eval_file) => spec.with_network(eval_file.network.clone()),
        None => spec,
    };
    let spec = match threads {
        Some(threads) => spec.with_threads(threads)?,
        None => spec,
    };
    Ok(match hash {
        Some(megabytes) => spec.with_hash(megabytes)?,
        None => spec,
    })
}

/// `--eval-file`: the weights file named, and the network read from it, which every engine
/// this run describes plays with (its [`EngineSpec::with_network`]).
#[derive(Clone, Debug)]
pub struct EvalFile {
    /// The file, as given.
    pub path: std::path::PathBuf,
    /// The network it holds.
    pub network: std::sync::Arc<searchlab::eval::network::Network>,
}

impl EvalFile {
    /// Reads the weights file at `path`; the error names the file and what is wrong with it.
    pub fn read(path: &std::path::Path) -> anyhow::Result<EvalFile> {
        let network = searchlab::eval::network::Network::read_file(path).context("--eval-file")?;
        Ok(EvalFile {
            path: path.to_path_buf(),
            network: std::sync::Arc::new(network),
        })
    }
}

#[cfg(feature = "lab")]
/// The threads asked for, or one per core the machine has.
pub fn threads_or_every_core(threads: Option<usize>) -> usize {
    threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
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

#[cfg(feature = "pictures")]
/// Runs [`compare`] on `positions` with `stages` at depths 1 to `depth`, showing a progress bar
/// of the searches labelled `message`.
pub fn compare_with_progress(
    positions: &[NamedPosition],
    stages: &[EngineSpec<Chess>],
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
