//! `searchlab bench`: the node-count signature and the speed (see [`searchlab::lab::bench`]).
//!
//! The last line is exactly `<nodes> nodes <nps> nps`, the line OpenBench's client reads.

use super::{format_ms, progress_bar};
use searchlab::lab::bench::{run_bench_with, DEFAULT_DEPTH};
use searchlab::positions::LADDER;
use searchlab::stats::millis;

/// Arguments of `searchlab bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Search depth (plies); the signature is only comparable at the same depth.
    #[arg(long, default_value_t = DEFAULT_DEPTH)]
    pub depth: u32,
    /// The stage to bench; the strongest (the UCI default) if none is given.
    #[arg(long, default_value_t = searchlab::search::strongest_stage().to_string())]
    pub stage: String,
}

/// Runs the bench and prints per-position nodes, the totals and the signature line.
pub fn run(args: Args, json: bool) -> anyhow::Result<()> {
    let bar = progress_bar(
        LADDER.len() as u64,
        "bench [{bar:40}] {pos}/{len} positions ({elapsed})",
    );
    if !json {
        println!(
            "{:<10} {:<7} {:>9} {:>11} {:>10}",
            "position", "move", "score", "nodes", "time"
        );
    }
    let stage = super::check_stage(&args.stage)?;
    let report = run_bench_with(stage, LADDER, args.depth, |done, _, entry| {
        if !json {
            bar.suspend(|| {
                println!(
                    "{:<10} {:<7} {:>9} {:>11} {:>10}",
                    entry.name,
                    entry.best_move.as_deref().unwrap_or("(none)"),
                    entry.score,
                    entry.nodes,
                    format_ms(entry.time)
                )
            });
        }
        bar.set_position(done as u64);
    })?;
    bar.finish_and_clear();
    if json {
        let value = serde_json::json!({
            "stage": report.stage,
            "depth": report.depth,
            "positions": report.entries,
            "nodes": report.total_nodes(),
            "time_ms": millis(report.total_time()),
            "nps": report.nps(),
        });
        println!("{}", serde_json::to_string_pretty(&value)?);
        return Ok(());
    }
    println!(
        "\n{} positions, stage {}, depth {}: {} nodes in {:.3} s, {} nodes/s",
        report.entries.len(),
        report.stage,
        report.depth,
        report.total_nodes(),
        report.total_time().as_secs_f64(),
        report.nps()
    );
    println!("{}", report.signature_line());
    Ok(())
}
