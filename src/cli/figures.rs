//! `searchlab figures`: writes the book's generated figures (SVG) and stage diffs into a folder.
//!
//! Every figure is drawn from node counts only, never from timings, so running the command
//! again on any machine writes the same bytes: the committed figures in `book/src/figures/`
//! change only when a search changes.
//!
//! - `tree-minimax.svg`, `tree-alphabeta.svg`: the traced trees of the tic-tac-toe position
//!   `XOX/.O./..X`, O to move (see `searchlab::teach::tree`).
//! - `nodes-per-depth.svg`, `branching-factor.svg`: every stage of `searchlab::STAGES`, and the
//!   ordering oracle, on the 24 ladder positions at depths 1 to 4
//!   (`searchlab::lab::compare::compare`).
//! - `minimal-tree.svg`: the same, against Knuth and Moore's minimal tree, for the stages that
//!   search alpha-beta's tree (not those judged by strength) and the oracle.
//! - `oracle-multiple.svg`: the nodes of every speed-up stage (minimax, far too slow at depth
//!   5, and the stages judged by strength left out) as a multiple of the oracle's, at depths 3
//!   to 5.
//! - `first-move-cutoffs.svg`: the share of beta cut-offs made by the first move tried, at
//!   depths 2 to 5, for the same stages and the oracle.
//! - `<stage>.diff`: for every rung but the first, what it adds to the rung below
//!   (`searchlab::teach::diff::stage_diff`), which the book includes in each chapter.
//! - `horizon*.svg`, `horizon*.md`: chapter 7's horizon position, the pvs and quiescence
//!   searches of it side by side, one quiescence node taken apart, its captures' SEE, and what
//!   quiescence costs (`searchlab::teach::horizon::book_figures`).
//! - `elo-ladder.svg`: each rung's Elo over the rung below, from the match results committed
//!   in `book/measured/elo-ladder.tsv` (`searchlab::lab::ladder`), not from a search.
//! - `parallel-speedup.svg`: chapter 9's measured speed-ups, from the results committed in
//!   `book/measured/scaling.tsv` (`searchlab::lab::scaling`), not from a search.
//! - `parallel-serial-share.md`: chapter 9's table of root splitting's bound, the first root
//!   move's share of the nodes on each bench position (one thread: exact, about 10 seconds).
//!
//! The searches run on every core; on two cores the command takes about 20 seconds, most of it
//! the oracle, minimax at depth 4, and alphabeta and iterative at depth 5.

use anyhow::Context;
use searchlab::lab::compare::{comparable_with_the_oracle, compare, Comparison, ORACLE};
use searchlab::lab::ladder;
use searchlab::positions::LADDER;
use searchlab::search::{previous_stage, STAGES};
use searchlab::teach::diff::stage_diff;
use searchlab::teach::plot::{self, Series};
use searchlab::Depth;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Where the figures go when no folder is given: the book's figure folder.
pub const DEFAULT_DIR: &str = "book/src/figures";

/// The deepest depth the charts of every stage show (minimax's cost sets it).
pub const DEPTH: u32 = 4;

/// The depths of the chart against the oracle.
pub const ORACLE_DEPTHS: std::ops::RangeInclusive<u32> = 3..=5;

/// The depths of the chart of first-move cut-offs (at depth 1 nothing cuts off).
pub const CUTOFF_DEPTHS: std::ops::RangeInclusive<u32> = 2..=5;

/// The stage too slow to search at the oracle chart's deepest depth.
const SLOWEST: &str = "minimax";

/// Arguments of `searchlab figures`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// Folder to write the figures into (created if missing) [default: book/src/figures].
    dir: Option<PathBuf>,
}

/// Writes every figure into the folder and prints each file's path (or, with `--json`, one
/// object listing them with the numbers behind the charts).
pub fn run(args: Args, json: bool) -> anyhow::Result<()> {
    let dir = args.dir.unwrap_or_else(|| PathBuf::from(DEFAULT_DIR));
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let mut written = Vec::new();

    let mut write = |name: &str, text: String| -> anyhow::Result<()> {
        let path = dir.join(name);
        std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
        if !json {
            println!("{}", path.display());
        }
        written.push(path);
        Ok(())
    };

    write(
        "tree-minimax.svg",
        searchlab::teach::tree::minimax_tree_svg(searchlab::teach::tree::BOOK_POSITION)?,
    )?;
    write(
        "tree-alphabeta.svg",
        searchlab::teach::tree::alphabeta_tree_svg(searchlab::teach::tree::BOOK_POSITION)?,
    )?;
    for stage in STAGES.iter().filter(|s| previous_stage(s.name).is_some()) {
        write(&format!("{}.diff", stage.name), stage_diff(stage.name)?)?;
    }

    let measured = run_comparisons()?;
    let all = up_to(&measured.nodes, DEPTH);
    let branching = average_branching(&all, LADDER.len())
        .context("the comparison has no minimax counts at depth 1")?;
    let alpha_beta_trees: Vec<Series> = all
        .iter()
        .filter(|s| comparable_with_the_oracle(&s.name) || s.name == ORACLE)
        .cloned()
        .collect();
    write("nodes-per-depth.svg", plot::nodes_per_depth_svg(&all)?)?;
    write("branching-factor.svg", plot::branching_factor_svg(&all)?)?;
    write(
        "minimal-tree.svg",
        plot::minimal_tree_ratio_svg(&per_position(&alpha_beta_trees, LADDER.len()), branching)?,
    )?;

    let speedups = |series: &[Series], depths| -> Vec<Series> {
        series
            .iter()
            .filter(|s| s.name != SLOWEST)
            .filter(|s| comparable_with_the_oracle(&s.name) || s.name == ORACLE)
            .map(|s| within(s, depths))
            .collect()
    };
    let against_oracle = speedups(&measured.nodes, &ORACLE_DEPTHS);
    let oracle = against_oracle
        .iter()
        .find(|s| s.name == ORACLE)
        .context("the comparison has no oracle")?;
    write(
        "oracle-multiple.svg",
        plot::oracle_ratio_svg(&against_oracle, oracle)?,
    )?;
    let rates: Vec<Series> = speedups(&measured.cutoff_rates, &CUTOFF_DEPTHS)
        .into_iter()
        .filter(|s| !s.points.is_empty())
        .collect();
    write(
        "first-move-cutoffs.svg",
        plot::first_move_cutoff_rate_svg(&rates)?,
    )?;

    // --- Chapter 7, quiescence: the horizon position and its tables ----------------------
    // (searchlab::teach::horizon::book_figures names each file; about a second in all.)
    for (name, text) in searchlab::teach::horizon::book_figures()? {
        write(name, text)?;
    }

    // --- Chapter 8: the Elo ladder, from the committed match results ----------------------
    let rungs = ladder::parse_rungs(ladder::LADDER_RESULTS)?;
    let limit = rungs.first().map_or(String::new(), |r| r.limit.clone());
    write(
        "elo-ladder.svg",
        plot::elo_ladder_svg(
            &format!("The Elo ladder: each stage against the one below ({limit} a move)"),
            &ladder::climb(&rungs),
        )?,
    )?;

    // --- Chapter 9: root splitting's serial share (exact node counts, one thread) ---------
    let depth = searchlab::lab::scaling::SERIAL_SHARE_DEPTH;
    let fens: Vec<String> = LADDER.iter().map(|p| p.fen.to_string()).collect();
    let shares = searchlab::lab::scaling::serial_share(&fens, depth)?;
    write(
        "parallel-serial-share.md",
        format!(
            "At depth {depth}, on one thread (exact node counts):\n\n{}",
            searchlab::teach::parallel::serial_share_markdown(LADDER, &shares)
        ),
    )?;

    // --- Chapter 9: the measured speed-ups, from the committed results --------------------
    let scaling = searchlab::lab::scaling::parse_results(searchlab::lab::scaling::SCALING_RESULTS)?;
    let bars: Vec<plot::Bar> = scaling
        .iter()
        .filter(|r| r.threads > 1)
        .map(|r| plot::Bar {
            label: format!("{}, {} threads on {}", r.stage, r.threads, r.machine),
            value: r.speedup,
            text: format!("{:.2}×", r.speedup),
            key: r.stage.clone(),
        })
        .collect();
    write(
        "parallel-speedup.svg",
        plot::bar_chart_svg(
            "Time to depth: speed-up over one thread",
            "speed-up (1-thread time / N-thread time)",
            &bars,
        )?,
    )?;

    if json {
        let files: Vec<String> = written.iter().map(|p| display(p)).collect();
        let by_stage = |series: &[Series], f: &dyn Fn(f64) -> serde_json::Value| {
            series
                .iter()
                .map(|s| {
                    let points: serde_json::Map<String, serde_json::Value> = s
                        .points
                        .iter()
                        .map(|&(d, v)| (d.to_string(), f(v)))
                        .collect();
                    (s.name.clone(), points.into())
                })
                .collect::<serde_json::Map<String, serde_json::Value>>()
        };
        let out = serde_json::json!({
            "files": files,
            "positions": LADDER.len(),
            "branching": branching,
            "nodes_per_depth": by_stage(&measured.nodes, &|v| (v as u64).into()),
            "first_move_cutoff_rate_per_depth": by_stage(&measured.cutoff_rates, &|v| v.into()),
        });
        println!("{}", serde_json::to_string_pretty(&out)?);
    }
    Ok(())
}

/// What the charts are drawn from: per stage (ladder order, then the oracle), node totals and
/// first-move cut-off rates per depth over the 24 ladder positions.
struct Measured {
    nodes: Vec<Series>,
    cutoff_rates: Vec<Series>,
}

/// Minimax on the 24 ladder positions at depths 1 to [`DEPTH`], and every other stage of
/// [`STAGES`] and the oracle at depths 1 to the deepest of [`ORACLE_DEPTHS`]. Each stage is
/// its own comparison (fresh engines, so the counts do not depend on what ran before), and
/// the comparisons run on as many threads as there are cores, the slowest first, with one
/// progress bar (shown only on a terminal).
fn run_comparisons() -> anyhow::Result<Measured> {
    let deepest = *ORACLE_DEPTHS.end();
    // The oracle first: it takes longest, and the others then share out around it.
    let jobs: Vec<(&str, Depth)> = std::iter::once((ORACLE, deepest))
        .chain(STAGES.iter().filter(|s| !s.parallel).map(|s| {
            let depth = if s.name == SLOWEST { DEPTH } else { deepest };
            (s.name, depth)
        }))
        .collect();
    let searches: usize = jobs.iter().map(|&(_, d)| LADDER.len() * d as usize).sum();
    let bar = super::progress_bar(
        searches as u64,
        "searching the ladder positions [{bar:40}] {pos}/{len} searches ({elapsed})",
    );
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, Comparison)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let workers: Vec<_> = (0..threads.min(jobs.len()))
            .map(|_| {
                scope.spawn(|| -> anyhow::Result<()> {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&(stage, depth)) = jobs.get(i) else {
                            return Ok(());
                        };
                        let comparison = compare(LADDER, &[stage], depth, |_, _| bar.inc(1))?;
                        done.lock()
                            .expect("no worker panicked")
                            .push((i, comparison));
                    }
                })
            })
            .collect();
        for worker in workers {
            worker.join().expect("a figures worker panicked")?;
        }
        Ok(())
    })?;
    bar.finish_and_clear();
    let mut done = done.into_inner().expect("no worker panicked");
    // Ladder order, then the oracle.
    done.sort_by_key(|&(i, _)| if i == 0 { jobs.len() } else { i });
    let series = |pick: fn(&Comparison) -> &Vec<Series>| -> Vec<Series> {
        done.iter().flat_map(|(_, c)| pick(c).clone()).collect()
    };
    Ok(Measured {
        nodes: series(|c| &c.nodes_per_depth),
        cutoff_rates: series(|c| &c.first_move_cutoff_rate_per_depth),
    })
}

/// `series` with only the points at depths in `depths`.
fn within(series: &Series, depths: &std::ops::RangeInclusive<Depth>) -> Series {
    Series {
        name: series.name.clone(),
        points: series
            .points
            .iter()
            .copied()
            .filter(|p| depths.contains(&p.0))
            .collect(),
    }
}

/// Every series cut at `depth`.
fn up_to(series: &[Series], depth: Depth) -> Vec<Series> {
    series.iter().map(|s| within(s, &(1..=depth))).collect()
}

/// The average number of legal moves over the positions, measured: a depth-1 minimax search
/// visits the root and one node per legal move, so its total is `positions + moves`.
fn average_branching(totals: &[Series], positions: usize) -> Option<f64> {
    let minimax = totals.iter().find(|s| s.name == "minimax")?;
    let depth_one = minimax.points.iter().find(|p| p.0 == 1)?.1;
    Some(depth_one / positions as f64 - 1.0)
}

/// Node totals turned into the average per position (what the minimal tree of one position
/// is compared with).
fn per_position(totals: &[Series], positions: usize) -> Vec<Series> {
    totals
        .iter()
        .map(|s| s.map_values(|_, n| n / positions as f64))
        .collect()
}

fn display(path: &Path) -> String {
    path.display().to_string()
}
