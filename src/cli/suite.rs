//! `searchlab suite`: run an EPD test suite (`bm`, `am`, `dm`) and count what is solved.
use super::output::{outln, FirstFailure, OutputError};

use super::progress_bar;
use anyhow::Context;
use searchlab::lab::epd::read_epd_file;
use searchlab::lab::suite::{run_suite, SuiteEntry};
use searchlab::SearchLimits;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `searchlab suite`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The EPD file (`FEN4 bm SAN; am SAN; dm N; id "name";` per line).
    pub file: PathBuf,
    /// Time per position (milliseconds). Fixed-depth stages search their default depth (or
    /// `--depth`) and are cut short by it.
    #[arg(long, default_value_t = 1000)]
    pub movetime: u64,
    /// The engine to run (the strongest stage by default).
    #[command(flatten)]
    pub engine: super::EngineArgs,
    /// Depth limit (plies), alone or together with the time limit.
    #[arg(long)]
    pub depth: Option<u32>,
}

/// Runs the suite and prints one line per position and a summary.
pub fn run(args: Args, json: bool) -> anyhow::Result<()> {
    let stage = args.engine.spec()?;
    let limits = SearchLimits {
        depth: args.depth,
        movetime: Some(Duration::from_millis(args.movetime)),
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
            "movetime_ms": args.movetime,
            "depth": args.depth,
            "solved": report.solved(),
            "total": report.total(),
            "seconds": report.seconds,
            "nodes": report.total_nodes(),
            "positions": report.entries,
        });
        outln!("{}", serde_json::to_string_pretty(&value)?);
    } else {
        outln!(
            "\nsolved {}/{} with {} ({} ms/position{}) in {:.1} s",
            report.solved(),
            report.total(),
            report.stage,
            args.movetime,
            args.depth
                .map(|d| format!(", depth {d}"))
                .unwrap_or_default(),
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
