//! `searchlab bench`: the node-count signature and the speed (see [`searchlab::bench`]).
//!
//! The last line is exactly `<nodes> nodes <nps> nps`, the line OpenBench's client reads.
use super::output::{outln, FirstFailure};

use super::{format_ms, progress_bar};
use anyhow::Context;
use searchlab::bench::{run_bench_on, DEFAULT_DEPTH};
use searchlab::positions::LADDER;
use searchlab::stats::millis;

/// Arguments of `searchlab bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Search depth (plies); the signature is only comparable at the same depth.
    #[arg(long, default_value_t = DEFAULT_DEPTH)]
    pub depth: u32,
    /// The engine to bench; the strongest stage (the UCI default) if none is given.
    #[command(flatten)]
    pub engine: super::EngineArgs,
    /// Positions to search instead of the 24 ladder positions: a file with one FEN (or EPD
    /// line) each, e.g. assets/positions/speed.fen for speed comparisons.
    #[arg(long)]
    pub positions: Option<std::path::PathBuf>,
}

/// Runs the bench and prints per-position nodes, the totals and the signature line.
pub fn run(args: Args, eval_file: Option<&super::EvalFile>, json: bool) -> anyhow::Result<()> {
    let bar = progress_bar(1, "bench [{bar:40}] {pos}/{len} positions ({elapsed})");
    if !json {
        outln!(
            "{:<10} {:<7} {:>9} {:>11} {:>10}",
            "position",
            "move",
            "score",
            "nodes",
            "time"
        );
    }
    let engine = args.engine.spec(eval_file)?;
    let positions: Vec<(String, String)> = match &args.positions {
        None => LADDER
            .iter()
            .map(|p| (p.name.to_string(), p.fen.to_string()))
            .collect(),
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            searchlab::epd::data_lines(&text)
                .map(|(number, line)| (format!("line {number}"), line.trim().to_string()))
                .collect()
        }
    };
    let mut failed = FirstFailure::default();
    let report = run_bench_on(&engine, &positions, args.depth, |done, _, entry| {
        if !json {
            failed.keep(bar.suspend(|| {
                outln!(
                    "{:<10} {:<7} {:>9} {:>11} {:>10}",
                    entry.name,
                    entry.best_move.as_deref().unwrap_or("(none)"),
                    entry.score,
                    entry.nodes,
                    format_ms(entry.time)
                );
                Ok(())
            }));
        }
        bar.set_length(positions.len() as u64);
        bar.set_position(done as u64);
    })?;
    bar.finish_and_clear();
    failed.result()?;
    if json {
        let value = serde_json::json!({
            "stage": report.stage,
            "depth": report.depth,
            "positions": report.entries,
            "nodes": report.total_nodes(),
            "time_ms": millis(report.total_time()),
            "nps": report.nps(),
        });
        outln!("{}", serde_json::to_string_pretty(&value)?);
        return Ok(());
    }
    outln!(
        "\n{} positions, stage {}, depth {}: {} nodes in {:.3} s, {} nodes/s",
        report.entries.len(),
        report.stage,
        report.depth,
        report.total_nodes(),
        report.total_time().as_secs_f64(),
        report.nps()
    );
    outln!("{}", report.signature_line());
    Ok(())
}
