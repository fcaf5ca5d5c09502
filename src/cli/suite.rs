//! `searchlab suite`: run an EPD test suite (`bm`, `am`, `dm`) and count what is solved.
use super::output::{outln, FirstFailure, OutputError};

use super::progress_bar;
use anyhow::Context;
use searchlab::epd::read_epd_file;
use searchlab::lab::suite::{run_suite, SuiteEntry};
use searchlab::SearchLimits;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `searchlab suite`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The EPD file (`FEN4 bm SAN; am SAN; dm N; id "name";` per line).
    pub file: PathBuf,
    /// Time per position (milliseconds) [default: 1000, or none with --depth: a depth alone
    /// gives the same result on any machine]. Fixed-depth stages search their default depth
    /// (or `--depth`) and are cut short by it.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// The engine to run (the strongest stage by default).
    #[command(flatten)]
    pub engine: super::EngineArgs,
    /// Depth limit (plies): alone, a depth-only search (reproducible: the same nodes and moves
    /// on a busy machine as on a quiet one); with --movetime, whichever comes first.
    #[arg(long)]
    pub depth: Option<u32>,
}

/// The time a position gets when neither `--movetime` nor `--depth` is given, in milliseconds.
const DEFAULT_MOVETIME: u64 = 1000;

/// Runs the suite and prints one line per position and a summary.
pub fn run(args: Args, eval_file: Option<&super::EvalFile>, json: bool) -> anyhow::Result<()> {
    let stage = args.engine.spec(eval_file)?;
    // A depth alone is a depth-only search: a time limit nobody asked for would make the
    // result depend on the machine and its load.
    let movetime = match (args.movetime, args.depth) {
        (Some(ms), _) => Some(ms),
        (None, Some(_)) => None,
        (None, None) => Some(DEFAULT_MOVETIME),
    };
    let limits = SearchLimits {
        depth: args.depth,
        movetime: movetime.map(Duration::from_millis),
        ..SearchLimits::default()
    };
    limits.validate()?;
    let records = read_epd_file(&args.file)
        .with_context(|| format!("reading EPD suite {}", args.file.display()))?;
    if records.is_empty() {
        anyhow::bail!("{} has no positions", args.file.display());
    }
    let bar = progress_bar(
        records.len() as u64,
        "{msg} [{bar:40}] {pos}/{len} positions ({elapsed})",
    );
    bar.set_message(format!("suite ({stage})"));
    let mut failed = FirstFailure::default();
    let report = run_suite(&records, &stage, &limits, |done, _, entry| {
        if !json {
            // The header waits for the first result: run_suite checks every record before
            // it searches, and a file it rejects should print the error alone.
            if done == 1 {
                failed.keep(bar.suspend(print_header));
            }
            failed.keep(bar.suspend(|| print_entry(entry)));
        }
        bar.set_position(done as u64);
    })
    .with_context(|| format!("in {}", args.file.display()))?;
    bar.finish_and_clear();
    failed.result()?;
    if json {
        let value = serde_json::json!({
            "file": args.file.display().to_string(),
            "stage": report.stage,
            "movetime_ms": movetime,
            "depth": args.depth,
            "solved": report.solved(),
            "total": report.total(),
            "seconds": report.seconds,
            "nodes": report.total_nodes(),
            "positions": report.entries,
        });
        outln!("{}", serde_json::to_string_pretty(&value)?);
    } else {
        let mut limits: Vec<String> = movetime
            .map(|ms| format!("{ms} ms/position"))
            .into_iter()
            .collect();
        limits.extend(args.depth.map(|d| format!("depth {d}")));
        if movetime.is_none() {
            limits.push("no time limit".into());
        }
        let limits = limits.join(", ");
        outln!(
            "\nsolved {}/{} with {} ({limits}) in {:.1} s",
            report.solved(),
            report.total(),
            report.stage,
            report.seconds
        );
    }
    Ok(())
}

/// The column titles of the per-position table.
fn print_header() -> Result<(), OutputError> {
    outln!(
        "{:<12} {:<18} {:<8} {:>10} {:>5} {:>11}  result",
        "id",
        "expected",
        "played",
        "score",
        "depth",
        "nodes"
    );
    Ok(())
}

fn print_entry(entry: &SuiteEntry) -> Result<(), OutputError> {
    outln!(
        "{:<12} {:<18} {:<8} {:>10} {:>5} {:>11}  {}",
        entry.id,
        entry.expected,
        entry.played_san.as_deref().unwrap_or("(none)"),
        entry.score,
        entry.depth,
        entry.nodes,
        if entry.solved { "ok" } else { "FAIL" }
    );
    Ok(())
}
