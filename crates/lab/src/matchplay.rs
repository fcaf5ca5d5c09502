//! Matches: games between two players, and what their result says about strength.
//!
//! This is the match driver: it deals out the games, plays them (on worker threads), adds up
//! the results and decides when to stop. The parts it drives live apart:
//!
//! - [`crate::player`]: who plays, a stage of the ladder in this process or any engine
//!   that speaks UCI in a process of its own ([`PlayerSpec`]): so the same tool measures one
//!   rung against the next and the strongest against Stockfish at a limited strength;
//! - [`crate::move_limits`]: how long a move may take, the same for both players (a time
//!   control, a move time, nodes or a depth), and time odds for player A;
//! - [`crate::openings`]: the opening positions, and the seeded order they are played in;
//! - [`crate::referee`]: one game, by the rules and the clocks;
//! - [`crate::elo`]: the Elo difference a score says, with its interval;
//! - [`crate::sprt`]: the test that says when the games have said enough;
//! - [`crate::pgn`]: the games written as PGN.
//!
//! ## How a match is played
//!
//! Player A meets player B on a list of opening positions. Each opening is played **twice**,
//! once with A as White and once with A as Black, so that neither side profits from an
//! opening that favours one colour: game `2k` and game `2k + 1` share opening `k`. Without an
//! openings file, 500 positions drawn from the 8-move book Stockfish's testing used
//! ([`SAMPLE_OPENINGS`](crate::openings::SAMPLE_OPENINGS), see
//! `assets/openings/README.md`) are used; `seed` picks the order, so a match plays up to 1,000
//! games without replaying one.
//!
//! With `concurrency` above 1, that many games are played at once, each worker thread with its
//! own pair of players (its own tables, its own engine processes). On the 2-core development
//! machine, 2 is the most that does not make the games fight over a core.
//!
//! ## When to stop
//!
//! A fixed number of games, or, with an [`Sprt`], as soon as the sequential probability ratio
//! test accepts one of its two hypotheses (on game pairs: the pentanomial model, see
//! [`crate::sprt`]); games already under way are finished and counted. They may move
//! the LLR back between its bounds, but the first decision stands
//! ([`Standing::decided_after`] says when it came). The report gives the Elo difference
//! ([`elo_estimate`]) of all the games played.

use crate::elo::{elo_estimate, EloEstimate};
use crate::move_limits::{MoveLimits, TimeControl};
use crate::player::{Player, PlayerSpec};
use crate::referee::{play_game, GameRecord, GameResult, Termination};
use crate::sprt::{Decision, Sprt};
use searchlab_engine::error::{Error, Result};
use searchlab_engine::games::Chess;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::Instant;

/// How a match is played.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Player A (results are from its point of view), then player B.
    pub players: [PlayerSpec; 2],
    /// The most games to play (with an SPRT, it may stop sooner).
    pub games: usize,
    /// How each move is limited.
    pub limits: MoveLimits,
    /// Opening positions (FENs), in the order played; see [`crate::openings`]:
    /// [`parse_openings`](crate::openings::parse_openings),
    /// [`default_openings`](crate::openings::default_openings) and
    /// [`shuffled`](crate::openings::shuffled).
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
    /// What the SPRT says. Its first decision stands: the games still being played when it came
    /// are counted (in the tally, the pairs and the LLR) but cannot undo it.
    pub decision: Option<Decision>,
    /// How many games had finished when the SPRT decided, if it has.
    pub decided_after: Option<usize>,
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
/// Plays a whole match (see the module docs). `on_game(standing, game)` is called after each
/// game, in the order they finish.
pub fn play_match(
    config: &MatchConfig,
    mut on_game: impl FnMut(&Standing, &GameRecord),
) -> Result<MatchReport> {
    config.limits.validate()?;
    if config.openings.is_empty() {
        return Err(Error::Setting("a match needs at least one opening".into()));
    }
    if config.max_plies == 0 {
        return Err(Error::Setting("max plies must be at least 1".into()));
    }
    if config.concurrency == 0 {
        return Err(Error::Setting("concurrency must be at least 1".into()));
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
        decided_after: None,
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
                if standing.decided_after.is_none() {
                    let decision = sprt.decide(llr);
                    standing.decision = Some(decision);
                    if decision != Decision::Continue {
                        standing.decided_after = Some(standing.done);
                        stop.store(true, Ordering::Relaxed);
                    }
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
/// the match is stopped. After a game a player lost by failing or on time, both players are
/// started afresh for the next one.
fn worker(
    config: &MatchConfig,
    next: &AtomicUsize,
    stop: &AtomicBool,
    to_referee: mpsc::Sender<Result<GameRecord>>,
) {
    // Started for the first game, and again after a game a player failed or lost on time.
    let mut players: Option<[Box<dyn Player>; 2]> = None;
    while !stop.load(Ordering::Relaxed) {
        let index = next.fetch_add(1, Ordering::Relaxed);
        if index >= config.games {
            return;
        }
        let [a, b] = match &mut players {
            Some(players) => players,
            None => match (config.players[0].start(), config.players[1].start()) {
                (Ok(a), Ok(b)) => players.insert([a, b]),
                (Err(error), _) | (_, Err(error)) => {
                    let _ = to_referee.send(Err(error));
                    return;
                }
            },
        };
        let opening = &config.openings[(index / 2) % config.openings.len()];
        let a_is_white = index.is_multiple_of(2);
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
            if matches!(
                record.termination,
                Termination::PlayerFailure | Termination::TimeForfeit
            ) {
                // The failed player may be a dead process, or one stopped for not answering
                // before its flag fell: both are ended now (a UCI engine's process is made
                // to quit, or killed), and started afresh if another game follows.
                players = None;
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
    use crate::openings::default_openings;
    use searchlab_engine::score::Depth;

    fn depth(d: Depth) -> MoveLimits {
        MoveLimits {
            depth: Some(d),
            ..MoveLimits::default()
        }
    }

    #[test]
    fn colours_alternate_on_each_opening_and_pairs_are_counted() {
        let config = MatchConfig {
            players: [
                PlayerSpec::stage("alphabeta").unwrap(),
                PlayerSpec::stage("minimax").unwrap(),
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

    #[test]
    fn the_first_decision_of_the_sprt_stands() {
        let config = MatchConfig {
            players: [
                PlayerSpec::stage("alphabeta").unwrap(),
                PlayerSpec::stage("minimax").unwrap(),
            ],
            games: 200,
            limits: depth(1),
            openings: default_openings()[..4].to_vec(),
            max_plies: 4,
            concurrency: 2,
            sprt: Some(Sprt::parse("0,200").unwrap()),
        };
        let mut first: Option<(Decision, usize)> = None;
        let report = play_match(&config, |standing, _| {
            let decision = standing.decision.unwrap();
            match (first, standing.decided_after) {
                (None, None) => assert_eq!(decision, Decision::Continue),
                (None, Some(after)) => {
                    assert_eq!(after, standing.done);
                    assert_ne!(decision, Decision::Continue);
                    first = Some((decision, after));
                }
                (Some(seen), after) => assert_eq!(Some(seen), after.map(|a| (decision, a))),
            }
        })
        .unwrap();
        // Every game a draw (adjudicated at 4 plies): evidence for H0, which the test accepts
        // long before the 200 games. Games finished after it (these are so quick that the
        // workers run ahead of the referee) are counted, and change nothing of the decision.
        let (decision, after) = first.expect("the SPRT decides");
        assert_eq!(decision, Decision::H0);
        assert_eq!(report.standing.decision, Some(decision));
        assert_eq!(report.standing.decided_after, Some(after));
        assert!(report.games.len() >= after);
    }
}
