//! `searchlab search`: one position, one stage.
use super::output::outln;

use searchlab::score::ScoreJson;
use searchlab::stats::{millis, SearchStats};
use searchlab::{Chess, Game, SearchLimits};
use std::time::Duration;

/// Arguments of `searchlab search`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The position (FEN); the start position by default.
    #[arg(long, default_value = searchlab::games::chess::START_FEN)]
    pub fen: String,
    /// Moves to play first, in UCI notation (`--moves e2e4 e7e5`).
    #[arg(long, num_args = 1..)]
    pub moves: Vec<String>,
    /// The engine to search with (a stage, or a side engine: mtdf, oracle).
    #[command(flatten)]
    pub engine: super::EngineArgs,
    /// Depth limit (plies).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Time limit (milliseconds).
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Node limit.
    #[arg(long)]
    pub nodes: Option<u64>,
}

/// Runs the search and prints the result.
pub fn run(args: Args, eval_file: Option<&super::EvalFile>, json: bool) -> anyhow::Result<()> {
    let mut game = Chess::from_fen(&args.fen)?;
    for mv in &args.moves {
        game.play_uci(mv)?;
    }
    let mut engine = args.engine.spec(eval_file)?.build();
    let limits = SearchLimits {
        depth: args.depth,
        movetime: args.movetime.map(Duration::from_millis),
        nodes: args.nodes,
        ..SearchLimits::default()
    };
    limits.validate()?;
    let result = engine.search(&mut game, &limits);
    let best = result.best_move.map(|m| m.to_string());
    if json {
        let value = serde_json::json!({
            "stage": engine.name(),
            "fen": game.fen(),
            "depth": result.depth,
            "move": best,
            "score": ScoreJson::from(result.score),
            "pv": result.pv.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
            "nodes": result.nodes(),
            "time_ms": millis(result.time),
            "stats": result.stats,
            "iterations": result.iterations,
        });
        outln!("{}", serde_json::to_string_pretty(&value)?);
        return Ok(());
    }
    outln!("{game}\n");
    outln!(
        "{:>5} {:>10} {:>11} {:>9}  pv",
        "depth",
        "score",
        "nodes",
        "time"
    );
    for it in &result.iterations {
        outln!(
            "{:>5} {:>10} {:>11} {:>9}  {}",
            it.depth,
            it.score.to_string(),
            it.nodes,
            format!("{:.1}ms", millis(it.time)),
            it.pv.join(" ")
        );
    }
    match result.best_move {
        Some(mv) => outln!(
            "\nbest move {} ({}), score {}, {} nodes in {:.1} ms, {} nodes/s",
            mv,
            game.san(mv),
            result.score,
            result.nodes(),
            millis(result.time),
            result.nps()
        ),
        None => outln!(
            "\nno legal move: {}",
            if game.in_check() {
                "checkmate"
            } else {
                "stalemate"
            }
        ),
    }
    if let Some(line) = counters(&result.stats) {
        outln!("{line}");
    }
    Ok(())
}

/// The search's counters that are not zero, in one line (`None` if all are): cut-offs and how
/// many the first move made, table hits, PVS re-searches, aspiration failures, MTD(f) passes,
/// quiescence nodes.
fn counters(stats: &SearchStats) -> Option<String> {
    let mut parts = Vec::new();
    if stats.beta_cutoffs > 0 {
        parts.push(format!(
            "{} cut-offs ({:.1}% by the first move)",
            stats.beta_cutoffs,
            100.0 * stats.first_move_cutoffs as f64 / stats.beta_cutoffs as f64
        ));
    }
    for (count, what) in [
        (stats.tt_hits, "table hits"),
        (stats.tt_cutoffs, "answered by the table"),
        (stats.researches, "re-searches"),
        (stats.aspiration_failures, "aspiration failures"),
        (stats.mtdf_passes, "MTD(f) passes"),
        (stats.quiescence_nodes, "quiescence nodes"),
    ] {
        if count > 0 {
            parts.push(format!("{count} {what}"));
        }
    }
    (!parts.is_empty()).then(|| parts.join(", "))
}
