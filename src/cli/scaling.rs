//! `searchlab scaling`: time to depth of the parallel searches at several thread counts (see
//! [`searchlab::lab::scaling`]).
use super::output::outln;

use super::progress_bar;
use anyhow::Context;
use searchlab::lab::scaling::{geometric_mean, serial_share, time_to_depth};
use searchlab::positions::LADDER;
use searchlab::{Chess, EngineSpec};

/// Arguments of `searchlab scaling`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Search depth (plies).
    #[arg(long, default_value_t = 10)]
    pub depth: u32,
    /// Thread counts, comma separated; 1 (the baseline) is always added.
    #[arg(long, default_value = "1,2,4", value_delimiter = ',')]
    pub threads: Vec<usize>,
    /// Runs of each search (the median is kept).
    #[arg(long, default_value_t = 3)]
    pub runs: usize,
    /// The stages to measure (parallel, rootsplit) [default: both].
    #[arg(long = "stage", num_args = 1)]
    pub stages: Vec<String>,
    /// The transposition table's size, in MB [default: 16].
    #[arg(long)]
    pub hash: Option<usize>,
    /// Positions instead of the 24 bench positions: one FEN (or EPD line) each.
    #[arg(long)]
    pub positions: Option<std::path::PathBuf>,
    /// Also measure root splitting's serial share: the first root move's share of the nodes.
    #[arg(long)]
    pub serial_share: bool,
}

/// Runs the measurement and prints a table (or JSON).
pub fn run(args: Args, eval_file: Option<&super::EvalFile>, json: bool) -> anyhow::Result<()> {
    let fens: Vec<String> = match &args.positions {
        None => LADDER.iter().map(|p| p.fen.to_string()).collect(),
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            searchlab::epd::data_lines(&text)
                .map(|(_, line)| line.trim().to_string())
                .collect()
        }
    };
    let mut threads = args.threads.clone();
    if !threads.contains(&1) {
        threads.insert(0, 1);
    }
    let names: Vec<String> = if args.stages.is_empty() {
        vec!["parallel".into(), "rootsplit".into()]
    } else {
        args.stages.clone()
    };
    let stages: Vec<EngineSpec<Chess>> = names
        .iter()
        .map(|name| super::with_settings(name.parse()?, None, args.hash, eval_file))
        .collect::<anyhow::Result<_>>()?;
    let bar = progress_bar(1, "scaling [{bar:40}] {pos}/{len} searches ({elapsed})");
    let report = time_to_depth(
        &stages,
        &threads,
        &fens,
        args.depth,
        args.runs,
        |done, total| {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        },
    )?;
    bar.finish_and_clear();
    let share = if args.serial_share {
        Some(serial_share(&fens, args.depth)?)
    } else {
        None
    };
    if json {
        let value = serde_json::json!({
            "depth": report.depth,
            "runs": report.runs,
            "positions": fens.len(),
            "summary": report.summary,
            "all": report.all,
            "serial_share": share,
        });
        outln!("{}", serde_json::to_string_pretty(&value)?);
        return Ok(());
    }
    outln!(
        "time to depth {} over {} positions, median of {} runs each, geometric means",
        report.depth,
        fens.len(),
        report.runs
    );
    outln!(
        "{:<10} {:>7} {:>12} {:>9} {:>12}",
        "stage",
        "threads",
        "time",
        "speed-up",
        "nodes vs 1"
    );
    for line in &report.summary {
        outln!(
            "{:<10} {:>7} {:>9.1} ms {:>8.2}x {:>11.2}x",
            line.stage,
            line.threads,
            line.mean_ms,
            line.speedup,
            line.node_ratio
        );
    }
    if let Some(share) = share {
        let mean = share.iter().sum::<f64>() / share.len().max(1) as f64;
        outln!(
            "root splitting: the first root move takes {:.1}% of the nodes on average \
             (geometric mean {:.1}%): at most {:.2}x faster with any number of threads",
            100.0 * mean,
            100.0 * geometric_mean(&share),
            1.0 / mean
        );
    }
    Ok(())
}
