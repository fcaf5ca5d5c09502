//! `searchlab match`: games between two players (stages, or UCI engines), with a progress
//! line, a PGN file, and an SPRT that stops the match once it is sure.
use super::output::{outln, FirstFailure, OutputError};

use super::progress_bar;
use anyhow::Context;
use clap::ArgMatches;
use searchlab::lab::matchplay::{play_match, MatchConfig, Standing, DEFAULT_MAX_PLIES};
use searchlab::lab::move_limits::{MoveLimits, TimeControl};
use searchlab::lab::openings::shuffled;
use searchlab::lab::player::PlayerSpec;
use searchlab::lab::referee::{GameRecord, GameResult, Termination};
use searchlab::lab::sprt::{Decision, Sprt};
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `searchlab match`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A stage as a player (give two players in all, with --stage or --engine; the first is
    /// A, and results are from A's point of view).
    #[arg(long = "stage", num_args = 1)]
    pub stages: Vec<String>,
    /// The transposition table's size of each stage playing (not of a UCI engine: set its
    /// `Hash` with --option), in MB [default: 16].
    #[arg(long)]
    pub hash: Option<usize>,
    /// A UCI engine as a player: the command that starts it, e.g. /usr/games/stockfish or
    /// "target/release/searchlab uci".
    #[arg(long = "engine", num_args = 1)]
    pub engines: Vec<String>,
    /// A UCI option for the --engine named before it: Name=Value (repeatable), e.g.
    /// UCI_LimitStrength=true.
    #[arg(long = "option", num_args = 1)]
    pub options: Vec<String>,
    /// Number of games (each opening is played twice, colours swapped); with --sprt, the most
    /// to play [default: 10, or 20000 with --sprt].
    #[arg(long)]
    pub games: Option<usize>,
    /// Time control: base+increment in seconds, e.g. 10+0.1; the referee keeps the clocks.
    #[arg(long)]
    pub tc: Option<String>,
    /// Time per move (milliseconds) [default: 100 when no --tc, --nodes or --depth is given].
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Depth limit per move (plies), alone or with another limit.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Node limit per move (reproducible, and fast: good for comparing ideas).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Time odds: the first player's time (clock, increment or move time) in percent of the
    /// second's, e.g. 150 for half as much again.
    #[arg(long)]
    pub time_odds: Option<u32>,
    /// Games played at the same time (2 on a 2-core machine).
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Stop when the SPRT decides: elo0,elo1[,alpha,beta], e.g. 0,10 (alpha = beta = 0.05).
    #[arg(long)]
    pub sprt: Option<String>,
    /// Write every game to this PGN file as it finishes.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Opening positions, one FEN or EPD line each, e.g. assets/openings/openings-8moves.epd
    /// (the whole 8-move book) [default: 500 drawn from that book, compiled into the binary].
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Shuffles the openings: each seed plays them in its own order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A game still going after this many plies is adjudicated a draw.
    #[arg(long, default_value_t = DEFAULT_MAX_PLIES)]
    pub max_plies: usize,
    /// Print every game's moves.
    #[arg(long)]
    pub verbose: bool,
}

/// The two players, in the order the command line names them, each engine with the options
/// that follow it. `matches` (clap's view of the `match` subcommand) gives the positions.
fn players(
    args: &Args,
    matches: Option<&ArgMatches>,
    eval_file: Option<&super::EvalFile>,
) -> anyhow::Result<[PlayerSpec; 2]> {
    let positions = |id: &str, count: usize| -> Vec<usize> {
        matches
            .and_then(|m| m.indices_of(id))
            .map(|i| i.collect())
            .unwrap_or_else(|| (0..count).collect())
    };
    let mut named: Vec<(usize, PlayerSpec)> = Vec::new();
    for (at, stage) in positions("stages", args.stages.len())
        .into_iter()
        .zip(&args.stages)
    {
        let spec = super::with_settings(stage.parse()?, None, args.hash, eval_file)?;
        named.push((at, PlayerSpec::Stage(spec)));
    }
    // Without positions (a test building Args by hand), engines come after the stages.
    let engine_base = if matches.is_some() { 0 } else { 1_000 };
    for (at, command) in positions("engines", args.engines.len())
        .into_iter()
        .zip(&args.engines)
    {
        named.push((
            at + engine_base,
            PlayerSpec::Uci {
                command: command.clone(),
                options: Vec::new(),
            },
        ));
    }
    named.sort_by_key(|(at, _)| *at);
    for (at, option) in positions("options", args.options.len())
        .into_iter()
        .zip(&args.options)
    {
        let (name, value) = option
            .split_once('=')
            .with_context(|| format!("--option '{option}': write Name=Value"))?;
        let engine = named
            .iter_mut()
            .rev()
            .find(|(engine_at, spec)| {
                *engine_at < at + engine_base && matches!(spec, PlayerSpec::Uci { .. })
            })
            .with_context(|| format!("--option '{option}' needs an --engine before it"))?;
        if let PlayerSpec::Uci { options, .. } = &mut engine.1 {
            options.push((name.trim().to_string(), value.trim().to_string()));
        }
    }
    match <[PlayerSpec; 2]>::try_from(named.into_iter().map(|(_, p)| p).collect::<Vec<_>>()) {
        Ok(players) => Ok(players),
        Err(named) => anyhow::bail!(
            "a match needs exactly two players (two stages, --stage A --stage B, or a stage and an \
             --engine), got {}",
            named.len()
        ),
    }
}

/// Plays the match and prints the result.
pub fn run(
    args: Args,
    matches: Option<&ArgMatches>,
    eval_file: Option<&super::EvalFile>,
    json: bool,
) -> anyhow::Result<()> {
    let players = players(&args, matches, eval_file)?;
    let sprt = args.sprt.as_deref().map(Sprt::parse).transpose()?;
    let games = args
        .games
        .unwrap_or(if sprt.is_some() { 20_000 } else { 10 });
    if games == 0 {
        anyhow::bail!("--games must be at least 1");
    }
    let mut limits = MoveLimits {
        time_control: args.tc.as_deref().map(TimeControl::parse).transpose()?,
        movetime: args.movetime.map(Duration::from_millis),
        nodes: args.nodes,
        depth: args.depth,
        a_time_percent: args.time_odds,
    };
    if limits.time_control.is_none()
        && limits.movetime.is_none()
        && limits.nodes.is_none()
        && limits.depth.is_none()
    {
        limits.movetime = Some(Duration::from_millis(100));
    }
    limits.validate()?;
    let openings = super::read_openings(args.openings.as_deref())?;
    let config = MatchConfig {
        players,
        games,
        limits,
        openings: shuffled(&openings, args.seed),
        max_plies: args.max_plies,
        concurrency: args.concurrency,
        sprt,
    };
    let names = config.players.clone().map(|p| p.name());
    let [a, b] = [names[0].as_str(), names[1].as_str()];
    let mut pgn = match &args.pgn {
        Some(path) => Some(
            std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?,
        ),
        None => None,
    };
    let event = format!("searchlab match: {a} vs {b}");
    let bar = progress_bar(
        games as u64,
        "{msg} [{bar:30}] {pos}/{len} games ({elapsed}, eta {eta})",
    );
    let mut pgn_error = None;
    let mut failed = FirstFailure::default();
    let report = play_match(&config, |standing, game| {
        if let (Some(file), Some(path)) = (pgn.as_mut(), &args.pgn) {
            let written = game
                .pgn(&event, [a, b], &config.limits)
                .map_err(anyhow::Error::from)
                .and_then(|text| {
                    file.write_all(text.as_bytes())
                        .and_then(|_| file.flush())
                        .with_context(|| format!("writing {}", path.display()))
                });
            if let Err(error) = written {
                pgn_error.get_or_insert(error);
            }
        }
        if !json {
            failed.keep(bar.suspend(|| print_game(standing.done, game, a, b, args.verbose)));
            if standing.llr.is_some() && standing.done % 10 == 0 {
                failed.keep(bar.suspend(|| {
                    outln!("{}", standing_line(standing, a));
                    Ok(())
                }));
            }
        }
        bar.set_message(short_standing(standing));
        bar.set_position(standing.done as u64);
    })?;
    bar.finish_and_clear();
    failed.result()?;
    if let Some(error) = pgn_error {
        return Err(error);
    }
    if json {
        outln!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(());
    }
    outln!(
        "\n{} vs {}: {} game{}, +{} ={} -{} (W/D/L for {}) in {:.1} s",
        report.player_a,
        report.player_b,
        report.games.len(),
        if report.games.len() == 1 { "" } else { "s" },
        report.wins,
        report.draws,
        report.losses,
        report.player_a,
        report.seconds
    );
    if let Some(elo) = report.elo {
        outln!("score {:.1}%, Elo difference {elo}", elo.score * 100.0);
    }
    outln!("{}", standing_line(&report.standing, a));
    if let Some(tc) = report.time_control {
        let least = |player: usize| {
            report
                .games
                .iter()
                .filter_map(|g| g.least_clock_ms.and_then(|l| l[player]))
                .min()
        };
        let forfeits = |loser: GameResult| {
            report
                .games
                .iter()
                .filter(|g| g.termination == Termination::TimeForfeit && g.result == loser)
                .count()
        };
        outln!(
            "time control {tc}: least clock left {a} {}, {b} {}; losses on time {a} {}, {b} {}",
            least(0).map_or("none (no move on the clock)".into(), |ms| format!(
                "{ms} ms"
            )),
            least(1).map_or("none (no move on the clock)".into(), |ms| format!(
                "{ms} ms"
            )),
            forfeits(GameResult::Loss),
            forfeits(GameResult::Win),
        );
    }
    if let Some(path) = &args.pgn {
        outln!("games written to {}", path.display());
    }
    Ok(())
}

/// `+12 =30 -8` and, with an SPRT, the LLR: what the progress line shows.
fn short_standing(standing: &Standing) -> String {
    let t = standing.tally;
    match standing.llr {
        Some(llr) => format!("+{} ={} -{} LLR {llr:.2}", t.wins, t.draws, t.losses),
        None => format!("+{} ={} -{}", t.wins, t.draws, t.losses),
    }
}

/// The pairs and, with an SPRT, its LLR against the bounds and the decision, as fishtest and
/// OpenBench print them.
fn standing_line(standing: &Standing, a: &str) -> String {
    let p = standing.pairs;
    let mut line = format!(
        "pairs for {a} (0, ½, 1, 1½, 2 points): {} {} {} {} {}",
        p[0], p[1], p[2], p[3], p[4]
    );
    if let (Some(llr), Some((lower, upper)), Some(decision)) =
        (standing.llr, standing.bounds, standing.decision)
    {
        let mut verdict = match decision {
            Decision::H0 => "H0 accepted",
            Decision::H1 => "H1 accepted",
            Decision::Continue => "continue",
        }
        .to_string();
        // The games in flight when it decided are counted too, and may move the LLR back.
        if let Some(games) = standing.decided_after {
            verdict.push_str(&format!(" after {games} games"));
        }
        line.push_str(&format!(
            "; LLR {llr:.2} ({lower:.2}, {upper:.2}) [pentanomial]: {verdict}"
        ));
    }
    line
}

fn print_game(
    number: usize,
    game: &GameRecord,
    a: &str,
    b: &str,
    verbose: bool,
) -> Result<(), OutputError> {
    let (white, black) = if game.a_is_white { (a, b) } else { (b, a) };
    let result = match game.result {
        GameResult::Win => format!("{a} wins"),
        GameResult::Draw => "draw".to_string(),
        GameResult::Loss => format!("{b} wins"),
    };
    let detail = game
        .detail
        .as_deref()
        .map_or(String::new(), |d| format!(" ({d})"));
    outln!(
        "game {:>4} (#{:>4}): {white} (white) vs {black} (black): {result} by {}{detail}, {} plies",
        number,
        game.index + 1,
        game.termination,
        game.moves.len()
    );
    if verbose {
        outln!(
            "  opening {}\n  moves {}",
            game.opening,
            game.moves.join(" ")
        );
    }
    Ok(())
}
