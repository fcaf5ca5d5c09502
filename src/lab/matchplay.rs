//! Matches: games between two players, and what their result says about strength.
//!
//! ## Who plays, and how long a move may take
//!
//! A player is a stage of the ladder, searching in this process, or any engine that speaks UCI
//! in a process of its own ([`PlayerSpec`]): so the same tool measures one rung against the
//! next and the strongest against Stockfish at a limited strength. Each move is limited the
//! same way for both ([`MoveLimits`], in [`crate::lab::move_limits`]: a time control, a move
//! time, nodes or a depth), unless player A is given time odds.
//!
//! ## How a match is played
//!
//! Player A meets player B on a list of opening positions. Each opening is played **twice**,
//! once with A as White and once with A as Black, so that neither side profits from an
//! opening that favours one colour: game `2k` and game `2k + 1` share opening `k`. Without an
//! openings file, 500 positions drawn from the 8-move book Stockfish's testing used
//! ([`SAMPLE_OPENINGS`](crate::lab::openings::SAMPLE_OPENINGS), see
//! `assets/openings/README.md`) are used; `seed` picks the order, so a match plays up to 1,000
//! games without replaying one.
//!
//! A game ends by the referee's rules, [`Chess::game_outcome`]: checkmate, stalemate, the
//! 50-move rule, threefold repetition, or a dead position; or by a clock running out, or a
//! player failing (an illegal move, a crash, no answer): that player loses. A game still going
//! after `max_plies` plies is **adjudicated a draw**. Each player is told a new game starts
//! before each game, and keeps what it learns from move to move within a game.
//!
//! With `concurrency` above 1, that many games are played at once, each worker thread with its
//! own pair of players (its own tables, its own engine processes). On the 2-core development
//! machine, 2 is the most that does not make the games fight over a core.
//!
//! ## When to stop
//!
//! A fixed number of games, or, with an [`Sprt`], as soon as the sequential probability ratio
//! test accepts one of its two hypotheses (on game pairs: the pentanomial model, see
//! [`crate::lab::sprt`]); games already under way are finished and counted. The report gives
//! the Elo difference ([`elo_estimate`], in [`crate::lab::elo`]) of all the games played.

use crate::error::{Error, Result};
use crate::game::{Game, Outcome};
use crate::games::Chess;
use crate::lab::elo::{elo_estimate, EloEstimate};
use crate::lab::move_limits::{MoveLimits, TimeControl};
use crate::lab::pgn::{self, PgnGame};
pub use crate::lab::player::PlayerSpec;
use crate::lab::player::{Clocks, Go, Player};
use crate::lab::sprt::{Decision, Sprt};
use chess::{ChessMove, Color};
use serde::Serialize;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// The result of one game, from player A's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GameResult {
    /// A won.
    Win,
    /// Nobody won.
    Draw,
    /// A lost.
    Loss,
}

impl GameResult {
    /// A's points for this game: 1, ½ or 0.
    pub fn points(self) -> f64 {
        match self {
            GameResult::Win => 1.0,
            GameResult::Draw => 0.5,
            GameResult::Loss => 0.0,
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Termination {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The same position for the third time.
    ThreefoldRepetition,
    /// 100 plies without a capture or pawn move.
    FiftyMoveRule,
    /// Neither side can ever mate.
    InsufficientMaterial,
    /// The game reached the ply limit and was adjudicated a draw.
    MaxPlies,
    /// A player's clock ran out: it loses.
    TimeForfeit,
    /// A player failed (an illegal move, a crash, no answer): it loses.
    PlayerFailure,
}

impl std::fmt::Display for Termination {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::ThreefoldRepetition => "threefold repetition",
            Termination::FiftyMoveRule => "50-move rule",
            Termination::InsufficientMaterial => "insufficient material",
            Termination::MaxPlies => "ply limit (adjudicated draw)",
            Termination::TimeForfeit => "time forfeit",
            Termination::PlayerFailure => "player failure",
        })
    }
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameRecord {
    /// Its number in the match, from 0: games `2k` and `2k + 1` share an opening.
    pub index: usize,
    /// The opening position it started from (FEN).
    pub opening: String,
    /// Did player A play White?
    pub a_is_white: bool,
    /// The result for A.
    pub result: GameResult,
    /// Why it ended.
    pub termination: Termination,
    /// What went wrong, for a time forfeit or a player failure.
    pub detail: Option<String>,
    /// The moves played from the opening, in UCI notation.
    pub moves: Vec<String>,
    /// The final position (FEN).
    pub final_fen: String,
    /// Under a time control: the least time each player (A, then B) had left after a move,
    /// before the increment, in milliseconds.
    pub least_clock_ms: Option<[u64; 2]>,
}

/// How a match is played.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Player A (results are from its point of view), then player B.
    pub players: [PlayerSpec; 2],
    /// The most games to play (with an SPRT, it may stop sooner).
    pub games: usize,
    /// How each move is limited.
    pub limits: MoveLimits,
    /// Opening positions (FENs), in the order played; see [`crate::lab::openings`]:
    /// [`parse_openings`](crate::lab::openings::parse_openings),
    /// [`default_openings`](crate::lab::openings::default_openings) and
    /// [`shuffled`](crate::lab::openings::shuffled).
    pub openings: Vec<String>,
    /// A game still going after this many plies is a draw.
    pub max_plies: usize,
    /// Games played at the same time (each with its own players).
    pub concurrency: usize,
    /// Stop when this test decides.
    pub sprt: Option<Sprt>,
}

/// Wins, draws and losses so far, from player A's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// A's wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// A's losses.
    pub losses: u32,
}

impl Tally {
    /// Counts one more game.
    pub fn add(&mut self, result: GameResult) {
        match result {
            GameResult::Win => self.wins += 1,
            GameResult::Draw => self.draws += 1,
            GameResult::Loss => self.losses += 1,
        }
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
}

/// Default ply limit before a game is adjudicated a draw.
pub const DEFAULT_MAX_PLIES: usize = 300;

/// Where a match stands after a game: what the caller's progress report shows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// Games finished.
    pub done: usize,
    /// Games the match may play at most.
    pub total: usize,
    /// W/D/L for A.
    pub tally: Tally,
    /// Finished pairs of games (same opening, colours swapped) by A's points in half-points:
    /// `pairs[k]` pairs scored `k/2` points of 2.
    pub pairs: [u32; 5],
    /// The SPRT's log-likelihood ratio on the pairs, its bounds, and its decision so far.
    pub llr: Option<f64>,
    /// The bounds of the SPRT, lower and upper.
    pub bounds: Option<(f64, f64)>,
    /// What the SPRT says.
    pub decision: Option<Decision>,
}

/// The outcome of a match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchReport {
    /// Player A's name.
    pub player_a: String,
    /// Player B's name.
    pub player_b: String,
    /// A's wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// A's losses.
    pub losses: u32,
    /// The Elo difference A − B (absent for zero games).
    pub elo: Option<EloEstimate>,
    /// The final standing: pairs, and the SPRT's LLR and decision.
    pub standing: Standing,
    /// The SPRT the match ran, if any.
    pub sprt: Option<Sprt>,
    /// The time control, if the match had one.
    pub time_control: Option<TimeControl>,
    /// Every game, in the order of their numbers.
    pub games: Vec<GameRecord>,
    /// Wall-clock time of the match, in seconds.
    pub seconds: f64,
}

// ANCHOR: referee
/// Plays one game from `opening`: `players[0]` has White, `players[1]` Black, each move under
/// `limits`; `a_is_white` says which of them is player A (it labels the result).
pub fn play_game(
    players: [&mut dyn Player; 2],
    opening: &str,
    limits: &MoveLimits,
    max_plies: usize,
    a_is_white: bool,
    index: usize,
) -> Result<GameRecord> {
    let mut game = Chess::from_fen(opening)?;
    let [white, black] = players;
    let mut players: [&mut dyn Player; 2] = [white, black];
    for player in players.iter_mut() {
        player.new_game()?;
    }
    // Who is player A, by colour: the time odds, if any, are A's.
    let is_a = [a_is_white, !a_is_white];
    let mut clocks = limits
        .time_control
        .map(|tc| is_a.map(|a| limits.time_for(tc.base, a)));
    let mut least = [u64::MAX; 2];
    let mut moves: Vec<ChessMove> = Vec::new();
    // (termination, the side that lost by it if not a draw by the rules, detail)
    let (termination, loser, detail) = loop {
        if let Some(outcome) = game.game_outcome() {
            let loser = (outcome == Outcome::Loss).then(|| game.side_to_move());
            break (termination_of(&game, outcome), loser, None);
        }
        if moves.len() >= max_plies {
            break (Termination::MaxPlies, None, None);
        }
        let side = game.side_to_move();
        let mover = if side == Color::White { 0 } else { 1 };
        let go = Go {
            clocks: clocks.map(|[white, black]| {
                let increment = |side: usize| {
                    limits.time_control.map_or(Duration::ZERO, |tc| {
                        limits.time_for(tc.increment, is_a[side])
                    })
                };
                Clocks {
                    white,
                    black,
                    white_increment: increment(0),
                    black_increment: increment(1),
                }
            }),
            movetime: limits.movetime.map(|t| limits.time_for(t, is_a[mover])),
            nodes: limits.nodes,
            depth: limits.depth,
        };
        let started = Instant::now();
        let choice = players[mover].choose(&mut game, opening, &moves, &go);
        let used = started.elapsed();
        let choice = match choice {
            Ok(choice) => choice,
            Err(error) => {
                break (
                    Termination::PlayerFailure,
                    Some(side),
                    Some(error.to_string()),
                )
            }
        };
        if let (Some(clocks), Some(tc)) = (clocks.as_mut(), limits.time_control) {
            if used > clocks[mover] {
                let detail = format!(
                    "{} used {} ms with {} ms left",
                    players[mover].name(),
                    used.as_millis(),
                    clocks[mover].as_millis()
                );
                break (Termination::TimeForfeit, Some(side), Some(detail));
            }
            clocks[mover] -= used;
            least[mover] = least[mover].min(clocks[mover].as_millis() as u64);
            clocks[mover] += limits.time_for(tc.increment, is_a[mover]);
        }
        moves.push(choice.mv);
        game.play(choice.mv);
    };
    let result = match loser {
        None => GameResult::Draw,
        Some(side) if (side == Color::White) == a_is_white => GameResult::Loss,
        Some(_) => GameResult::Win,
    };
    let [white_least, black_least] = least;
    Ok(GameRecord {
        index,
        opening: opening.to_string(),
        a_is_white,
        result,
        termination,
        detail,
        moves: moves.iter().map(|m| m.to_string()).collect(),
        final_fen: game.fen(),
        least_clock_ms: clocks.map(|_| {
            if a_is_white {
                [white_least, black_least]
            } else {
                [black_least, white_least]
            }
        }),
    })
}
// ANCHOR_END: referee

/// Names the rule that ended a game whose [`Chess::game_outcome`] is `outcome`.
fn termination_of(game: &Chess, outcome: Outcome) -> Termination {
    let no_moves = game.legal_moves().is_empty();
    match outcome {
        Outcome::Loss => Termination::Checkmate,
        Outcome::Draw if no_moves => Termination::Stalemate,
        Outcome::Draw if game.repetitions() >= 2 => Termination::ThreefoldRepetition,
        Outcome::Draw if game.halfmove_clock() >= 100 => Termination::FiftyMoveRule,
        Outcome::Draw => Termination::InsufficientMaterial,
    }
}

impl GameRecord {
    /// The game as PGN, with `event` and the players' names in the headers.
    pub fn pgn(&self, event: &str, names: [&str; 2], limits: &MoveLimits) -> Result<String> {
        let [a, b] = names;
        let (white, black) = if self.a_is_white { (a, b) } else { (b, a) };
        let white_won = match self.result {
            GameResult::Draw => None,
            GameResult::Win => Some(self.a_is_white),
            GameResult::Loss => Some(!self.a_is_white),
        };
        let result = match white_won {
            None => "1/2-1/2",
            Some(true) => "1-0",
            Some(false) => "0-1",
        };
        let board = Chess::from_fen(&self.opening)?;
        // The full six-field FEN, whatever form the opening was given in.
        let opening = board.fen();
        let mut replay = board.clone();
        let mut moves = Vec::with_capacity(self.moves.len());
        for text in &self.moves {
            let mv = replay.parse_uci(text)?;
            moves.push(mv);
            replay.play(mv);
        }
        let termination = match self.termination {
            Termination::TimeForfeit => "time forfeit",
            Termination::PlayerFailure => "rules infraction",
            Termination::MaxPlies => "adjudication",
            _ => "normal",
        };
        let comment = match &self.detail {
            Some(detail) => format!("{}: {detail}", self.termination),
            None => self.termination.to_string(),
        };
        pgn::write_game(&PgnGame {
            headers: vec![
                ("Event", event.to_string()),
                ("Site", "searchlab".to_string()),
                ("Date", pgn::today()),
                ("Round", (self.index + 1).to_string()),
                ("White", white.to_string()),
                ("Black", black.to_string()),
                ("Result", result.to_string()),
                ("TimeControl", limits.pgn_time_control()),
                ("Termination", termination.to_string()),
                ("PlyCount", self.moves.len().to_string()),
            ],
            opening: &opening,
            moves: &moves,
            result,
            comment: Some(comment),
        })
    }
}

/// Plays a whole match (see the module docs). `on_game(standing, game)` is called after each
/// game, in the order they finish.
pub fn play_match(
    config: &MatchConfig,
    mut on_game: impl FnMut(&Standing, &GameRecord),
) -> Result<MatchReport> {
    config.limits.validate()?;
    if config.openings.is_empty() {
        return Err(Error::InvalidLimit(
            "a match needs at least one opening".into(),
        ));
    }
    if config.max_plies == 0 {
        return Err(Error::InvalidLimit("max plies must be at least 1".into()));
    }
    if config.concurrency == 0 {
        return Err(Error::InvalidLimit("concurrency must be at least 1".into()));
    }
    for opening in &config.openings {
        Chess::from_fen(opening)?;
    }
    for player in &config.players {
        player.check()?;
    }
    let names = config.players.clone().map(|p| p.name());
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let mut games: Vec<GameRecord> = Vec::with_capacity(config.games);
    let mut standing = Standing {
        done: 0,
        total: config.games,
        tally: Tally::default(),
        pairs: [0; 5],
        llr: config.sprt.map(|_| 0.0),
        bounds: config.sprt.map(|s| s.bounds()),
        decision: config.sprt.map(|_| Decision::Continue),
    };
    let mut pair_first: Vec<Option<GameResult>> = vec![None; config.games.div_ceil(2)];
    let mut failure: Option<Error> = None;
    thread::scope(|scope| {
        let (to_referee, results) = mpsc::channel::<Result<GameRecord>>();
        for _ in 0..config.concurrency.min(config.games.max(1)) {
            let to_referee = to_referee.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || worker(config, next, stop, to_referee));
        }
        drop(to_referee);
        for result in results {
            let record = match result {
                Ok(record) => record,
                Err(error) => {
                    stop.store(true, Ordering::Relaxed);
                    failure.get_or_insert(error);
                    continue;
                }
            };
            standing.done += 1;
            standing.tally.add(record.result);
            let pair = record.index / 2;
            match pair_first[pair].take() {
                None => pair_first[pair] = Some(record.result),
                Some(first) => {
                    let half_points = |r: GameResult| (r.points() * 2.0) as usize;
                    standing.pairs[half_points(first) + half_points(record.result)] += 1;
                }
            }
            if let Some(sprt) = config.sprt {
                let llr = sprt.llr_pentanomial(standing.pairs);
                standing.llr = Some(llr);
                let decision = sprt.decide(llr);
                standing.decision = Some(decision);
                if decision != Decision::Continue {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            on_game(&standing, &record);
            games.push(record);
        }
    });
    if let Some(error) = failure {
        return Err(error);
    }
    games.sort_by_key(|g| g.index);
    let Tally {
        wins,
        draws,
        losses,
    } = standing.tally;
    let [player_a, player_b] = names;
    Ok(MatchReport {
        player_a,
        player_b,
        wins,
        draws,
        losses,
        elo: elo_estimate(wins, draws, losses),
        standing,
        sprt: config.sprt,
        time_control: config.limits.time_control,
        games,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// One worker: its own pair of players, games taken by number until there are none left or
/// the match is stopped. A player that failed in a game is started afresh for the next one.
fn worker(
    config: &MatchConfig,
    next: &AtomicUsize,
    stop: &AtomicBool,
    to_referee: mpsc::Sender<Result<GameRecord>>,
) {
    let start = |spec: &PlayerSpec| spec.start();
    let mut players = match (start(&config.players[0]), start(&config.players[1])) {
        (Ok(a), Ok(b)) => [a, b],
        (Err(error), _) | (_, Err(error)) => {
            let _ = to_referee.send(Err(error));
            return;
        }
    };
    while !stop.load(Ordering::Relaxed) {
        let index = next.fetch_add(1, Ordering::Relaxed);
        if index >= config.games {
            return;
        }
        let opening = &config.openings[(index / 2) % config.openings.len()];
        let a_is_white = index.is_multiple_of(2);
        let [a, b] = &mut players;
        let seats: [&mut dyn Player; 2] = if a_is_white {
            [a.as_mut(), b.as_mut()]
        } else {
            [b.as_mut(), a.as_mut()]
        };
        let record = play_game(
            seats,
            opening,
            &config.limits,
            config.max_plies,
            a_is_white,
            index,
        );
        if let Ok(record) = &record {
            if record.termination == Termination::PlayerFailure {
                // The failed player may be a dead process: start both afresh.
                match (start(&config.players[0]), start(&config.players[1])) {
                    (Ok(a), Ok(b)) => players = [a, b],
                    (Err(error), _) | (_, Err(error)) => {
                        let _ = to_referee.send(Err(error));
                        return;
                    }
                }
            }
        }
        if to_referee.send(record).is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::openings::default_openings;
    use crate::lab::player::Player;
    use crate::score::Depth;

    fn stage(name: &str) -> Box<dyn Player> {
        PlayerSpec::Stage(name.into()).start().unwrap()
    }

    fn depth(d: Depth) -> MoveLimits {
        MoveLimits {
            depth: Some(d),
            ..MoveLimits::default()
        }
    }

    #[test]
    fn a_game_ends_by_the_rules() {
        // White mates at once; A plays Black, so A loses.
        let (mut white, mut black) = (stage("alphabeta"), stage("alphabeta"));
        let record = play_game(
            [white.as_mut(), black.as_mut()],
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
            &depth(2),
            10,
            false,
            0,
        )
        .unwrap();
        assert_eq!(record.moves, vec!["a1a8"]);
        assert_eq!(
            (record.result, record.termination),
            (GameResult::Loss, Termination::Checkmate)
        );
        // Bare kings: a dead position from the start.
        let record = play_game(
            [white.as_mut(), black.as_mut()],
            "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
            &depth(2),
            10,
            true,
            1,
        )
        .unwrap();
        assert_eq!(record.termination, Termination::InsufficientMaterial);
        assert!(record.moves.is_empty());
        // The ply limit.
        let record = play_game(
            [white.as_mut(), black.as_mut()],
            "8/8/4k3/8/8/3K4/8/R7 w - - 0 1",
            &depth(1),
            3,
            true,
            2,
        )
        .unwrap();
        assert_eq!(record.moves.len(), 3);
        assert_eq!(
            (record.result, record.termination),
            (GameResult::Draw, Termination::MaxPlies)
        );
    }

    /// A player that thinks for a fixed time whatever its clock says, then plays its first
    /// legal move.
    struct Dawdler(Duration);

    impl Player for Dawdler {
        fn name(&self) -> &str {
            "dawdler"
        }
        fn new_game(&mut self) -> Result<()> {
            Ok(())
        }
        fn choose(
            &mut self,
            game: &mut Chess,
            _: &str,
            _: &[ChessMove],
            _: &Go,
        ) -> Result<crate::lab::player::Choice> {
            std::thread::sleep(self.0);
            Ok(crate::lab::player::Choice {
                mv: game.legal_moves()[0],
                score: None,
                depth: None,
            })
        }
    }

    #[test]
    fn time_odds_give_player_a_more_time() {
        // Player A (Black) thinks 100 ms a move on a 100 ms clock: without odds its first move
        // loses on time. With odds of 350% it has 350 ms, so its first move is in time (with
        // 250 ms to spare for a slow machine) and a later one is not. White, B, has the plain
        // 100 ms, and pvs moves well within it.
        let plain = MoveLimits {
            time_control: Some(TimeControl::parse("0.1+0").unwrap()),
            ..MoveLimits::default()
        };
        let odds = MoveLimits {
            a_time_percent: Some(350),
            ..plain
        };
        assert_eq!(
            odds.time_for(Duration::from_millis(100), true),
            Duration::from_millis(350)
        );
        assert_eq!(
            odds.time_for(Duration::from_millis(100), false),
            Duration::from_millis(100)
        );
        let mut plies = Vec::new();
        for limits in [plain, odds] {
            let (mut quick, mut slow) = (stage("pvs"), Dawdler(Duration::from_millis(100)));
            let record = play_game(
                [quick.as_mut(), &mut slow],
                crate::games::chess::START_FEN,
                &limits,
                20,
                false,
                0,
            )
            .unwrap();
            assert_eq!(
                (record.termination, record.result),
                (Termination::TimeForfeit, GameResult::Loss)
            );
            plies.push(record.moves.len());
        }
        assert_eq!(
            plies[0], 1,
            "without odds: White's move, then A's flag falls"
        );
        assert!(
            plies[1] >= 3,
            "with odds A's first move was in time: {plies:?}"
        );
        // Odds of nothing, or odds with no time to give, are refused.
        let zero = MoveLimits {
            a_time_percent: Some(0),
            ..plain
        };
        assert!(zero.validate().is_err());
        let nodes_only = MoveLimits {
            nodes: Some(1000),
            a_time_percent: Some(150),
            ..MoveLimits::default()
        };
        assert!(nodes_only.validate().is_err());
    }

    #[test]
    fn a_clock_that_runs_out_loses_the_game() {
        let limits = MoveLimits {
            time_control: Some(TimeControl::parse("0.05+0").unwrap()),
            ..MoveLimits::default()
        };
        // White (player A) thinks 60 ms on a 50 ms clock: the flag falls on its first move (a
        // sleep never ends early, so this holds however busy the machine).
        let (mut slow, mut quick) = (Dawdler(Duration::from_millis(60)), stage("pvs"));
        let record = play_game(
            [&mut slow, quick.as_mut()],
            crate::games::chess::START_FEN,
            &limits,
            20,
            true,
            0,
        )
        .unwrap();
        assert_eq!(
            (record.termination, record.result),
            (Termination::TimeForfeit, GameResult::Loss)
        );
        assert!(record.moves.is_empty());
        assert!(record
            .detail
            .as_deref()
            .unwrap_or("")
            .starts_with("dawdler used"));
        let text = record.pgn("t", ["dawdler", "pvs"], &limits).unwrap();
        assert!(text.contains("[TimeControl \"0.05+0\"]"), "{text}");
        assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
        assert!(text.contains("0-1"), "{text}");
    }

    #[test]
    fn colours_alternate_on_each_opening_and_pairs_are_counted() {
        let config = MatchConfig {
            players: [
                PlayerSpec::Stage("alphabeta".into()),
                PlayerSpec::Stage("minimax".into()),
            ],
            games: 6,
            limits: depth(1),
            openings: default_openings()[..2].to_vec(),
            max_plies: 4,
            concurrency: 2,
            sprt: Some(Sprt::parse("0,200").unwrap()),
        };
        let mut calls = 0;
        let report = play_match(&config, |standing, _| {
            calls += 1;
            assert_eq!(standing.done, calls);
        })
        .unwrap();
        let seen: Vec<(usize, bool, &str)> = report
            .games
            .iter()
            .map(|g| (g.index, g.a_is_white, g.opening.as_str()))
            .collect();
        let o = &config.openings;
        assert_eq!(
            seen,
            vec![
                (0, true, o[0].as_str()),
                (1, false, o[0].as_str()),
                (2, true, o[1].as_str()),
                (3, false, o[1].as_str()),
                (4, true, o[0].as_str()),
                (5, false, o[0].as_str())
            ]
        );
        assert_eq!(report.wins + report.draws + report.losses, 6);
        assert_eq!(report.standing.pairs.iter().sum::<u32>(), 3);
        // The 4-ply games are all drawn (adjudicated): evidence for H0 (0 Elo), against H1.
        let llr = report.standing.llr.unwrap();
        assert!(llr < 0.0, "{llr}");
    }
}
