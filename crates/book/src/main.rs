//! `searchlab-book`: the book tooling's command line (see the library's docs, [`searchlab_book`]).

use anyhow::Context;
use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use searchlab_book::figures::{self, Progress};
use searchlab_course::plot::Series;
use std::path::{Path, PathBuf};

/// The book's tooling: writes what the book includes and quotes.
#[derive(Parser, Debug)]
#[command(name = "searchlab-book", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Write the book's generated figures, tables, diffs and numbers into a folder.
    Figures(Args),
}

fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Command::Figures(args) => run(args),
    }
}

/// Where the figures go when no folder is given: the book's figure folder.
const DEFAULT_DIR: &str = "book/src/figures";

/// Arguments of `searchlab-book figures`.
#[derive(clap::Args, Debug, Default)]
struct Args {
    /// Folder to write the figures into (created if missing) [default: book/src/figures].
    dir: Option<PathBuf>,
    /// Print one JSON object listing the files, with the numbers behind the charts.
    #[arg(long)]
    json: bool,
}

/// Writes every figure into the folder and prints each file's path (or, with `--json`, one
/// object listing them with the numbers behind the charts).
fn run(args: Args) -> anyhow::Result<()> {
    let json = args.json;
    let dir = args.dir.unwrap_or_else(|| PathBuf::from(DEFAULT_DIR));
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let mut written = Vec::new();

    let write = |name: &str, text: String| -> anyhow::Result<()> {
        let path = dir.join(name);
        std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
        if !json {
            println!("{}", path.display());
        }
        written.push(path);
        Ok(())
    };
    // Drawn only on a terminal (indicatif hides it otherwise).
    let style = "searching the ladder positions [{bar:40}] {pos}/{len} searches ({elapsed})";
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template(style).unwrap_or_else(|_| ProgressStyle::default_bar()),
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
        println!("{}", serde_json::to_string_pretty(&out)?);
    }
    Ok(())
}

fn display(path: &Path) -> String {
    path.display().to_string()
}
