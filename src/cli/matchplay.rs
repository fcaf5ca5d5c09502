//! `searchlab match`: two stages play each other; W/D/L and an Elo difference.

use super::progress_bar;
use anyhow::Context;
use searchlab::lab::matchplay::{
    default_openings, parse_openings, play_match, GameRecord, GameResult, MatchConfig, Tally,
    DEFAULT_MAX_PLIES,
};
use searchlab::SearchLimits;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `searchlab match`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The two stages, A then B (give `--stage` twice); results are from A's point of view.
    #[arg(long = "stage", num_args = 1, required = true)]
    pub stages: Vec<String>,
    /// Number of games (each opening is played twice, colours swapped).
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Time per move (milliseconds). Fixed-depth stages search their default depth (or
    /// `--depth`) and are cut short by it, playing the best root move they finished.
    #[arg(long, default_value_t = 100)]
    pub movetime: u64,
    /// Depth limit per move (plies), alone or together with the time limit.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Node limit per move (makes a match between iterative stages reproducible).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Opening positions, one FEN or EPD line each; a built-in list by default.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// A game still going after this many plies is adjudicated a draw.
    #[arg(long, default_value_t = DEFAULT_MAX_PLIES)]
    pub max_plies: usize,
    /// Print every game's moves.
    #[arg(long)]
    pub verbose: bool,
}

/// Plays the match and prints the result.
pub fn run(args: Args, json: bool) -> anyhow::Result<()> {
    let [stage_a, stage_b] = args.stages.as_slice() else {
        anyhow::bail!(
            "a match needs exactly two stages (--stage A --stage B), got {}",
            args.stages.len()
        );
    };
    super::check_stage(stage_a)?;
    super::check_stage(stage_b)?;
    if args.games == 0 {
        anyhow::bail!("--games must be at least 1");
    }
    let limits = SearchLimits {
        depth: args.depth,
        nodes: args.nodes,
        movetime: Some(Duration::from_millis(args.movetime)),
        ..SearchLimits::default()
    };
    limits.validate()?;
    let openings = match &args.openings {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading openings {}", path.display()))?;
            parse_openings(&text).with_context(|| format!("in {}", path.display()))?
        }
        None => default_openings(),
    };
    let config = MatchConfig {
        stage_a: stage_a.clone(),
        stage_b: stage_b.clone(),
        games: args.games,
        limits,
        openings,
        max_plies: args.max_plies,
    };
    let bar = progress_bar(
        args.games as u64,
        "{msg} [{bar:40}] {pos}/{len} games ({elapsed}, eta {eta})",
    );
    let mut tally = Tally::default();
    bar.set_message(format!("{stage_a} vs {stage_b}"));
    let report = play_match(&config, |done, _, game| {
        tally.add(game.result);
        if !json {
            bar.suspend(|| print_game(done, game, stage_a, stage_b, args.verbose));
        }
        let Tally {
            wins,
            draws,
            losses,
        } = tally;
        bar.set_message(format!("{stage_a} vs {stage_b} +{wins} ={draws} -{losses}"));
        bar.set_position(done as u64);
    })?;
    bar.finish_and_clear();
    if json {
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(());
    }
    println!(
        "\n{} vs {}: {} games, +{} ={} -{} (W/D/L for {}) in {:.1} s",
        report.stage_a,
        report.stage_b,
        report.games.len(),
        report.wins,
        report.draws,
        report.losses,
        report.stage_a,
        report.seconds
    );
    if let Some(elo) = report.elo {
        println!(
            "score {:.1}%, Elo difference {:+.1} ± {:.1} (95% interval {:+.1} to {:+.1}){}",
            elo.score * 100.0,
            elo.elo,
            elo.margin(),
            elo.lower,
            elo.upper,
            if elo.clamped {
                "; clamped: the score or an end of its interval reached 0% or 100%, so that end is a bound"
            } else {
                ""
            }
        );
    }
    Ok(())
}

fn print_game(number: usize, game: &GameRecord, a: &str, b: &str, verbose: bool) {
    let (white, black) = if game.a_is_white { (a, b) } else { (b, a) };
    let result = match game.result {
        GameResult::Win => format!("{a} wins"),
        GameResult::Draw => "draw".to_string(),
        GameResult::Loss => format!("{b} wins"),
    };
    println!(
        "game {number:>3}: {white} (white) vs {black} (black): {result} by {}, {} plies",
        game.termination,
        game.moves.len()
    );
    if verbose {
        println!(
            "  opening {}\n  moves {}",
            game.opening,
            game.moves.join(" ")
        );
    }
}
