//! `searchlab perft`: count the leaves of the legal move tree, for one position or a suite.
//!
//! Perft checks the move generator (and our FEN reading) against known counts: one wrong
//! castling right or en-passant square shows up as a wrong number. `--divide` splits the
//! count by first move, which is how two generators that disagree are compared. `--suite`
//! checks every count of a perft file (`FEN ;D1 20 ;D2 400 …`) up to `--max-depth` and exits
//! non-zero if any differs.
use super::output::{outln, OutputError};

use super::progress_bar;
use anyhow::Context;
use searchlab::epd::parse_perft_suite;
use searchlab::games::chess::START_FEN;
use searchlab::stats::{millis, nodes_per_second};
use searchlab::Chess;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `searchlab perft`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The position (FEN); the start position by default.
    #[arg(long, default_value = START_FEN)]
    pub fen: String,
    /// Depth in plies.
    #[arg(long, default_value_t = 5)]
    pub depth: u32,
    /// Split the count by first move.
    #[arg(long)]
    pub divide: bool,
    /// Count every node visited, the root and inner nodes too, each generating its moves and
    /// every move played (no bulk counting at the last ply): the `chess` crate's own cost of a
    /// node, the floor under every stage (`valgrind --tool=callgrind` counts its instructions).
    #[arg(long, conflicts_with = "divide")]
    pub every_node: bool,
    /// Check every count of a perft suite file (`FEN ;D1 20 ;D2 400 …`) instead.
    #[arg(long, conflicts_with_all = ["fen", "depth", "divide", "every_node"])]
    pub suite: Option<PathBuf>,
    /// With `--suite`: skip counts deeper than this.
    #[arg(long, default_value_t = 4, requires = "suite")]
    pub max_depth: u32,
}

/// Runs perft and prints the counts.
pub fn run(args: Args, json: bool) -> anyhow::Result<()> {
    match &args.suite {
        Some(path) => run_suite(path, args.max_depth, json),
        None => run_one(&args, json),
    }
}

fn run_one(args: &Args, json: bool) -> anyhow::Result<()> {
    let game = Chess::from_fen(&args.fen)?;
    let start = Instant::now();
    let (nodes, divide) = if args.divide {
        let mut split: Vec<(String, String, u64)> = game
            .perft_divide(args.depth)
            .into_iter()
            .map(|(mv, n)| (mv.to_string(), game.san(mv), n))
            .collect();
        split.sort();
        (split.iter().map(|(_, _, n)| n).sum(), Some(split))
    } else if args.every_node {
        (game.perft_every_node(args.depth), None)
    } else {
        (game.perft(args.depth), None)
    };
    let time = start.elapsed();
    let nps = nodes_per_second(nodes, time);
    if json {
        let value = serde_json::json!({
            "fen": game.fen(),
            "depth": args.depth,
            "nodes": nodes,
            "time_ms": millis(time),
            "nps": nps,
            "divide": divide.as_ref().map(|d| d.iter().map(|(uci, san, n)| {
                serde_json::json!({ "move": uci, "san": san, "nodes": n })
            }).collect::<Vec<_>>()),
        });
        outln!("{}", serde_json::to_string_pretty(&value)?);
        return Ok(());
    }
    if let Some(split) = &divide {
        for (uci, san, n) in split {
            outln!("{uci:<6} {san:<8} {n}");
        }
        outln!("\n{} moves", split.len());
    }
    let what = if args.every_node {
        "nodes visited"
    } else {
        "nodes"
    };
    outln!(
        "perft {} = {nodes} {what} in {:.1} ms, {nps} nodes/s",
        args.depth,
        millis(time)
    );
    Ok(())
}

/// One checked count of a suite.
struct Check {
    line: usize,
    fen: String,
    depth: u32,
    expected: u64,
    found: u64,
}

fn run_suite(path: &std::path::Path, max_depth: u32, json: bool) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("reading perft suite {}", path.display()))?;
    let records = parse_perft_suite(&text).with_context(|| format!("in {}", path.display()))?;
    let planned: Vec<(usize, &searchlab::epd::PerftRecord, u32, u64)> = records
        .iter()
        .enumerate()
        .flat_map(|(i, r)| r.counts.iter().map(move |&(d, n)| (i + 1, r, d, n)))
        .filter(|&(_, _, depth, _)| depth <= max_depth)
        .collect();
    let skipped = records.iter().map(|r| r.counts.len()).sum::<usize>() - planned.len();
    let bar = progress_bar(
        planned.len() as u64,
        "perft suite [{bar:40}] {pos}/{len} counts ({elapsed})",
    );
    let start = Instant::now();
    let mut checks = Vec::with_capacity(planned.len());
    let mut nodes = 0u64;
    for (line, record, depth, expected) in planned {
        let game = Chess::from_fen(&record.fen)?;
        let found = game.perft(depth);
        nodes += found;
        if found != expected && !json {
            bar.suspend(|| -> Result<(), OutputError> {
                outln!(
                    "MISMATCH position {line} depth {depth}: expected {expected}, found {found}  {}",
                    record.fen
                );
                Ok(())
            })?;
        }
        checks.push(Check {
            line,
            fen: record.fen.clone(),
            depth,
            expected,
            found,
        });
        bar.inc(1);
    }
    bar.finish_and_clear();
    let time = start.elapsed();
    let failures: Vec<&Check> = checks.iter().filter(|c| c.found != c.expected).collect();
    if json {
        let value = serde_json::json!({
            "file": path.display().to_string(),
            "positions": records.len(),
            "max_depth": max_depth,
            "checked": checks.len(),
            "skipped": skipped,
            "passed": checks.len() - failures.len(),
            "failed": failures.iter().map(|c| serde_json::json!({
                "position": c.line, "fen": c.fen, "depth": c.depth,
                "expected": c.expected, "found": c.found,
            })).collect::<Vec<_>>(),
            "nodes": nodes,
            "time_ms": millis(time),
            "nps": nodes_per_second(nodes, time),
        });
        outln!("{}", serde_json::to_string_pretty(&value)?);
    } else {
        outln!(
            "{} positions, {} counts checked up to depth {max_depth} ({skipped} deeper ones skipped): \
             {} passed, {} failed",
            records.len(),
            checks.len(),
            checks.len() - failures.len(),
            failures.len()
        );
        outln!(
            "{nodes} nodes in {:.1} ms, {} nodes/s",
            millis(time),
            nodes_per_second(nodes, time)
        );
    }
    if !failures.is_empty() {
        anyhow::bail!(
            "{} perft count(s) differ from {}",
            failures.len(),
            path.display()
        );
    }
    Ok(())
}
