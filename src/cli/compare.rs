//! `searchlab compare`: every stage on the built-in positions, a table and a chart.
use super::output::{outln, OutputError};

use super::format_ms;
use anyhow::Context;
use searchlab::lab::compare::{Comparison, ORACLE};
use searchlab::positions::{COMPARE, LADDER};
use searchlab::search::{find_engine, previous_stage, EngineSpec, Stage, STAGES};
use searchlab::stats::nodes_per_second;
use searchlab::Chess;
use std::path::PathBuf;

/// The depth compared when none is given.
const DEFAULT_DEPTH: u32 = 4;

/// Where the chart goes when no path is given.
const DEFAULT_CHART: &str = "target/searchlab/compare-nodes.svg";

/// Arguments of `searchlab compare`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Search depth (plies); every depth from 1 up to it is searched for the chart.
    #[arg(long, default_value_t = DEFAULT_DEPTH)]
    pub depth: u32,
    /// Stages to compare (repeatable); the whole ladder and the oracle by default.
    #[arg(long = "stage")]
    pub stages: Vec<String>,
    /// The transposition table's size for every stage that has one, in MB [default: 16].
    #[arg(long)]
    pub hash: Option<usize>,
    /// Use all 24 ladder positions instead of the 7 compare positions.
    #[arg(long)]
    pub all_positions: bool,
    /// Where to write the nodes-per-depth chart (SVG).
    #[arg(long, default_value = DEFAULT_CHART)]
    pub chart: PathBuf,
}

impl Default for Args {
    fn default() -> Self {
        Args {
            depth: DEFAULT_DEPTH,
            stages: Vec::new(),
            hash: None,
            all_positions: false,
            chart: PathBuf::from(DEFAULT_CHART),
        }
    }
}

/// Runs the comparison and prints it.
pub fn run(args: Args, eval_file: Option<&super::EvalFile>, json: bool) -> anyhow::Result<()> {
    let chosen: Vec<&'static Stage> = if args.stages.is_empty() {
        // The parallel stage on one thread is the selective one, node for node: left out.
        STAGES
            .iter()
            .filter(|s| !s.parallel)
            .chain([find_engine(ORACLE)?])
            .collect()
    } else {
        // Lowercased first so that an unknown name is reported lowercased, as it always was.
        args.stages
            .iter()
            .map(|s| {
                if s.split_whitespace().nth(1).is_some() {
                    anyhow::bail!(
                        "compare runs each stage as it is, without switches ('{}'); \
                         search, bench, suite and match take them",
                        s.trim()
                    );
                }
                Ok(find_engine(&s.trim().to_ascii_lowercase())?)
            })
            .collect::<anyhow::Result<_>>()?
    };
    let specs: Vec<EngineSpec<Chess>> = chosen
        .iter()
        .map(|&stage| super::with_settings(EngineSpec::new(stage), None, args.hash, eval_file))
        .collect::<anyhow::Result<_>>()?;
    let stages: Vec<&str> = chosen.iter().map(|s| s.name).collect();
    let positions = if args.all_positions { LADDER } else { COMPARE };
    let comparison =
        super::compare_with_progress(positions, &specs, args.depth, "comparing stages")?;

    let svg = searchlab::teach::plot::nodes_per_depth_svg(&comparison.nodes_per_depth)?;
    if let Some(dir) = args.chart.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    std::fs::write(&args.chart, svg)
        .with_context(|| format!("writing {}", args.chart.display()))?;

    if json {
        outln!("{}", serde_json::to_string_pretty(&comparison.rows)?);
    } else {
        print_table(&comparison, &stages, args.depth)?;
        outln!(
            "\nchart of nodes per depth (log scale): {}",
            args.chart.display()
        );
    }
    Ok(())
}

fn print_table(comparison: &Comparison, stages: &[&str], depth: u32) -> Result<(), OutputError> {
    outln!(
        "{:<10} {:<10} {:<7} {:>9} {:>5} {:>11} {:>10} {:>10} {:>8} {:>8} {:>8} {:>6}",
        "position",
        "stage",
        "move",
        "score",
        "depth",
        "nodes",
        "time",
        "nodes/s",
        "vs prev",
        "1st cut",
        "x oracle",
        "quiet"
    );
    let mut last_position = "";
    for row in &comparison.rows {
        if row.position != last_position && !last_position.is_empty() {
            outln!();
        }
        last_position = &row.position;
        let previous = previous_stage(&row.stage).and_then(|prev| {
            comparison
                .rows
                .iter()
                .find(|r| r.stage == prev && r.position == row.position)
        });
        outln!(
            "{:<10} {:<10} {:<7} {:>9} {:>5} {:>11} {:>10} {:>10} {:>8} {:>8} {:>8} {:>6}",
            row.position,
            row.stage,
            row.best_move.as_deref().unwrap_or("(none)"),
            row.score.to_string(),
            row.depth,
            row.nodes,
            format_ms(row.time),
            nodes_per_second(row.nodes, row.time),
            relative(previous.map(|p| p.nodes), row.nodes),
            percent(row.first_move_cutoff_rate()),
            multiple(row.oracle_multiple()),
            percent(
                (row.quiescence_nodes > 0).then(|| row.quiescence_nodes as f64 / row.nodes as f64)
            ),
        );
    }
    outln!(
        "\ntotals at depth {depth} over {} positions:",
        comparison.rows.len() / stages.len().max(1)
    );
    let mut previous_total = None;
    for stage in stages {
        let nodes = comparison.total_nodes(stage);
        let time = comparison.total_time(stage);
        outln!(
            "  {:<10} {:>11} nodes {:>10} {:>10} nodes/s {:>8} {:>8} {:>8} {:>6}",
            stage,
            nodes,
            format_ms(time),
            nodes_per_second(nodes, time),
            relative(previous_total.filter(|_| *stage != ORACLE), nodes),
            percent(comparison.first_move_cutoff_rate(stage)),
            multiple(comparison.oracle_multiple(stage)),
            percent(comparison.quiescence_share(stage)),
        );
        if *stage != ORACLE {
            previous_total = Some(nodes);
        }
    }
    outln!("\n1st cut: the share of beta cut-offs made by the first move tried;");
    outln!("x oracle: nodes as a multiple of the oracle's, alpha-beta with a perfect move order");
    outln!("quiet: the share of nodes spent in the quiescence search");
    Ok(())
}

/// "37.2%": this stage's nodes as a share of the previous stage's.
fn relative(previous: Option<u64>, nodes: u64) -> String {
    match previous {
        Some(p) if p > 0 => format!("{:.1}%", 100.0 * nodes as f64 / p as f64),
        _ => "-".to_string(),
    }
}

/// "93.1%", or "-" for none.
fn percent(share: Option<f64>) -> String {
    share.map_or("-".to_string(), |s| format!("{:.1}%", 100.0 * s))
}

/// "3.85x", or "-" for none.
fn multiple(m: Option<f64>) -> String {
    m.map_or("-".to_string(), |m| format!("{m:.2}x"))
}
