//! `searchlab figures`: writes the book's generated figures (SVG) into a folder.
//!
//! Every figure is drawn from node counts only, never from timings, so running the command
//! again on any machine writes the same bytes: the committed figures in `book/src/figures/`
//! change only when a search changes.
//!
//! - `tree-minimax.svg`, `tree-alphabeta.svg`: the traced trees of the tic-tac-toe position
//!   `XOX/.O./..X`, O to move (see `searchlab::teach::tree`).
//! - `nodes-per-depth.svg`, `branching-factor.svg`, `minimal-tree.svg`: every stage of
//!   `searchlab::STAGES` on the 24 ladder positions at depths 1 to 4 (`searchlab::lab::compare::compare`).

use anyhow::Context;
use searchlab::lab::compare::Comparison;
use searchlab::positions::LADDER;
use searchlab::teach::plot::{self, Series};
use std::path::{Path, PathBuf};

/// Where the figures go when no folder is given: the book's figure folder.
pub const DEFAULT_DIR: &str = "book/src/figures";

/// The deepest depth the charts show.
pub const DEPTH: u32 = 4;

/// Arguments of `searchlab figures`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// Folder to write the SVG files into (created if missing) [default: book/src/figures].
    dir: Option<PathBuf>,
}

/// Writes every figure into the folder and prints each file's path (or, with `--json`, one
/// object listing them with the numbers behind the charts).
pub fn run(args: Args, json: bool) -> anyhow::Result<()> {
    let dir = args.dir.unwrap_or_else(|| PathBuf::from(DEFAULT_DIR));
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let mut written = Vec::new();

    let mut write = |name: &str, svg: String| -> anyhow::Result<()> {
        let path = dir.join(name);
        std::fs::write(&path, svg).with_context(|| format!("writing {}", path.display()))?;
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

    let comparison = run_comparison()?;
    let totals = &comparison.nodes_per_depth;
    let branching = average_branching(totals, LADDER.len())
        .context("the comparison has no minimax counts at depth 1")?;
    let per_position = per_position(totals, LADDER.len());
    write("nodes-per-depth.svg", plot::nodes_per_depth_svg(totals)?)?;
    write("branching-factor.svg", plot::branching_factor_svg(totals)?)?;
    write(
        "minimal-tree.svg",
        plot::minimal_tree_ratio_svg(&per_position, branching)?,
    )?;

    // --- Chapter 7, quiescence: the horizon position, its tables, and the rung's diff -------
    // (searchlab::teach::horizon::book_figures names each file; about a second in all.)
    for (name, text) in searchlab::teach::horizon::book_figures()? {
        write(name, text)?;
    }
    // The chapter's diff against pvs; the loop writing every rung's diff replaces this line.
    write(
        "quiescence.diff",
        searchlab::teach::diff::stage_diff("quiescence")?,
    )?;

    if json {
        let files: Vec<String> = written.iter().map(|p| display(p)).collect();
        let nodes: serde_json::Map<String, serde_json::Value> = totals
            .iter()
            .map(|s| {
                let counts: Vec<u64> = s.points.iter().map(|p| p.1 as u64).collect();
                (s.name.clone(), counts.into())
            })
            .collect();
        let out = serde_json::json!({
            "files": files,
            "positions": LADDER.len(),
            "branching": branching,
            "nodes_per_depth": nodes,
        });
        println!("{}", serde_json::to_string_pretty(&out)?);
    }
    Ok(())
}

/// Every stage of [`searchlab::STAGES`] on the 24 ladder positions at depths 1 to [`DEPTH`],
/// with a progress bar (shown only on a terminal).
fn run_comparison() -> anyhow::Result<Comparison> {
    let stages: Vec<&str> = searchlab::STAGES.iter().map(|s| s.name).collect();
    super::compare_with_progress(LADDER, &stages, DEPTH, "searching the ladder positions")
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
