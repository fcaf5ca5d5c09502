//! `searchlab figures`: writes the book's generated figures (SVG, markdown tables, stage
//! diffs) into a folder, printing each file's path as it is written.
//!
//! Which files, and what they are drawn from, is [`searchlab::teach::figures`]'s business: it
//! draws them (the searches on every core, with a progress bar here), this command writes them.
//! Every figure comes from node counts or committed measurements, never from timings, so the
//! files are the same on any machine: CI compares a fresh run with `book/src/figures`.
use super::output::outln;

use anyhow::Context;
use searchlab::teach::figures::{self, Progress};
use searchlab::teach::plot::Series;
use std::path::{Path, PathBuf};

/// Where the figures go when no folder is given: the book's figure folder.
pub const DEFAULT_DIR: &str = "book/src/figures";

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

    let write = |name: &str, text: String| -> anyhow::Result<()> {
        let path = dir.join(name);
        std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
        if !json {
            outln!("{}", path.display());
        }
        written.push(path);
        Ok(())
    };
    let bar = super::progress_bar(
        0,
        "searching the ladder positions [{bar:40}] {pos}/{len} searches ({elapsed})",
    );
    let measured = figures::draw(write, |progress| match progress {
        Progress::Started { searches } => bar.set_length(searches as u64),
        Progress::Searched => bar.inc(1),
        Progress::Finished => bar.finish_and_clear(),
    })?;

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
            "positions": measured.positions,
            "branching": measured.branching,
            "nodes_per_depth": by_stage(&measured.nodes, &|v| (v as u64).into()),
            "first_move_cutoff_rate_per_depth": by_stage(&measured.cutoff_rates, &|v| v.into()),
        });
        outln!("{}", serde_json::to_string_pretty(&out)?);
    }
    Ok(())
}

fn display(path: &Path) -> String {
    path.display().to_string()
}
