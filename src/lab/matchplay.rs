//! Self-play matches between two stages, and what their result says about strength.
//!
//! ## How a match is played
//!
//! Stage A meets stage B on a list of opening positions. Each opening is played **twice**,
//! once with A as White and once with A as Black, so that neither side profits from an
//! opening that favours one colour: game `2k` and game `2k + 1` share opening `k` (the list
//! wraps around when there are more games than openings). Without an openings file the
//! [`OPENINGS`] built in here are used: quiet, roughly balanced positions a few moves into
//! well-known openings.
//!
//! A game ends by the referee's rules, [`Chess::game_outcome`]: checkmate, stalemate, the
//! 50-move rule, threefold repetition, or a dead position. A game still going after
//! `max_plies` plies is **adjudicated a draw**. Each engine is told [`Engine::new_game`]
//! before each game, and keeps what it learns from move to move within a game.
//!
//! ## From a score to an Elo difference
//!
//! Each game scores 1, ½ or 0 for A. Over `N` games the score fraction is
//! `s = (W + D/2) / N`. The logistic (Elo) model says a rating difference `Δ` gives an
//! expected score `1 / (1 + 10^(−Δ/400))`; inverting it,
//!
//! ```text
//!     Δ = −400 · log10(1/s − 1)          s = 0.75  →  Δ = +190.8
//! ```
//!
//! **The 95% interval.** The game scores are a sample with mean `s` and (population) standard
//! deviation `σ = sqrt((W(1−s)² + D(½−s)² + L(0−s)²) / N)`; the standard error of `s` is
//! `σ / √N`. The interval on the score is `s ± 1.96 · σ/√N`, and the Elo interval is the
//! same formula applied to its two ends (the logistic curve is monotonic, so the ends map to
//! ends; the interval is not symmetric in Elo).
//!
//! **Clamping.** At `s = 0` or `s = 1` the formula gives ±∞, and a score interval can run past
//! 0 or 1. Every fraction is therefore clamped into `[1/(2N), 1 − 1/(2N)]` before it is turned
//! into Elo: a perfect score over `N` games is read as "half a game short of perfect", the
//! most a finite match can tell apart (20 straight wins: +636, not +∞). Such an estimate is a
//! *lower bound* on the difference, and [`EloEstimate::clamped`] says so.

use crate::error::{Error, Result};
use crate::game::{Game, Outcome};
use crate::games::Chess;
use crate::lab::epd::{data_lines, parse_epd_line};
use crate::limits::SearchLimits;
use crate::search::{engine_for, Engine};
use chess::Color;
use serde::Serialize;
use std::time::Instant;

/// The built-in openings: positions after two to four moves of common, balanced openings
/// (FEN, with a short name).
pub const OPENINGS: &[(&str, &str)] = &[
    (
        "Italian",
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    ),
    (
        "Ruy Lopez",
        "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4",
    ),
    (
        "Sicilian",
        "rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3",
    ),
    (
        "French",
        "rnbqkbnr/ppp2ppp/4p3/3p4/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3",
    ),
    (
        "Caro-Kann",
        "rnbqkbnr/pp2pppp/2p5/3p4/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3",
    ),
    (
        "Queen's Gambit Declined",
        "rnbqkbnr/ppp2ppp/4p3/3p4/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3",
    ),
    (
        "Slav",
        "rnbqkbnr/pp2pppp/2p5/3p4/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3",
    ),
    (
        "King's Indian",
        "rnbqkb1r/pppppp1p/5np1/8/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3",
    ),
    (
        "English",
        "r1bqkbnr/pppp1ppp/2n5/4p3/2P5/2N5/PP1PPPPP/R1BQKBNR w KQkq - 2 3",
    ),
    (
        "Scandinavian",
        "rnb1kbnr/ppp1pppp/8/q7/8/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 4",
    ),
];

/// Reads an openings file: one position a line, as a FEN (4 to 6 fields) or an EPD line
/// (whose operations are ignored). Blank lines and lines starting with `#` are skipped. Every
/// position must be one where the game is not already over.
pub fn parse_openings(text: &str) -> Result<Vec<String>> {
    let mut openings = Vec::new();
    for (number, line) in data_lines(text) {
        let line = line.trim();
        // Keep the text as given rather than `game.fen()`: the position is the same, and the
        // text is what the user wrote.
        let (fen, game) = match Chess::from_fen(line) {
            Ok(game) => (line.to_string(), game),
            Err(_) => {
                let record = parse_epd_line(line, number)?;
                let game = record.game()?;
                (record.fen, game)
            }
        };
        if game.game_outcome().is_some() {
            return Err(Error::Epd {
                line: number,
                reason: "the game is already over in this opening position".into(),
            });
        }
        openings.push(fen);
    }
    if openings.is_empty() {
        return Err(Error::Epd {
            line: 0,
            reason: "the openings file has no position".into(),
        });
    }
    Ok(openings)
}

/// The built-in openings as FENs.
pub fn default_openings() -> Vec<String> {
    OPENINGS.iter().map(|(_, fen)| fen.to_string()).collect()
}

/// The result of one game, from stage A's point of view.
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
        })
    }
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameRecord {
    /// The opening position it started from (FEN).
    pub opening: String,
    /// Did stage A play White?
    pub a_is_white: bool,
    /// The result for A.
    pub result: GameResult,
    /// Why it ended.
    pub termination: Termination,
    /// The moves played from the opening, in UCI notation.
    pub moves: Vec<String>,
    /// The final position (FEN).
    pub final_fen: String,
}

/// A rating difference with its 95% confidence interval (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct EloEstimate {
    /// A's score fraction, `(W + D/2) / N`.
    pub score: f64,
    /// The Elo difference A − B.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub lower: f64,
    /// Upper end of the 95% interval.
    pub upper: f64,
    /// True when the score (or an end of its interval) hit 0 or 1 and was clamped: the figure
    /// is then a bound, not an estimate.
    pub clamped: bool,
}

impl EloEstimate {
    /// Half the width of the interval, for "Δ ± e" displays.
    pub fn margin(&self) -> f64 {
        (self.upper - self.lower) / 2.0
    }
}

impl std::fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:+.1} Elo (95% interval {:+.1} to {:+.1}){}",
            self.elo,
            self.lower,
            self.upper,
            if self.clamped {
                ", clamped: a bound"
            } else {
                ""
            }
        )
    }
}

/// The Elo difference that makes `score` (a fraction strictly between 0 and 1) the expected
/// score: `−400 · log10(1/score − 1)`. At 0 and 1 it is −∞ and +∞.
pub fn elo_from_score(score: f64) -> f64 {
    // `400 * log10(...)`, negated by subtraction rather than by `-x`, so that an even score
    // gives 0.0 and not -0.0 (which would print as "-0.0").
    0.0 - 400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score of a player `elo` points stronger: `1 / (1 + 10^(−elo/400))`.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference and its 95% interval from wins, draws and losses (see the module docs
/// for the formula and the clamping). `None` for zero games.
pub fn elo_estimate(wins: u32, draws: u32, losses: u32) -> Option<EloEstimate> {
    let n = f64::from(wins + draws + losses);
    if n == 0.0 {
        return None;
    }
    let (w, d, l) = (f64::from(wins), f64::from(draws), f64::from(losses));
    let s = (w + d / 2.0) / n;
    let variance = (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / n;
    let standard_error = (variance / n).sqrt();
    const Z95: f64 = 1.96;
    let (low, high) = (s - Z95 * standard_error, s + Z95 * standard_error);
    let epsilon = 1.0 / (2.0 * n);
    let clamp = |x: f64| x.clamp(epsilon, 1.0 - epsilon);
    let clamped = [s, low, high]
        .iter()
        .any(|&x| x < epsilon || x > 1.0 - epsilon);
    Some(EloEstimate {
        score: s,
        elo: elo_from_score(clamp(s)),
        lower: elo_from_score(clamp(low)),
        upper: elo_from_score(clamp(high)),
        clamped,
    })
}

/// How a match is played.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Stage A (results are from its point of view).
    pub stage_a: String,
    /// Stage B.
    pub stage_b: String,
    /// Number of games.
    pub games: usize,
    /// Limits for every move, the same for both sides.
    pub limits: SearchLimits,
    /// Opening positions (FENs); see [`parse_openings`] and [`default_openings`].
    pub openings: Vec<String>,
    /// A game still going after this many plies is a draw.
    pub max_plies: usize,
}

/// Wins, draws and losses so far, from stage A's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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
}

/// Default ply limit before a game is adjudicated a draw.
pub const DEFAULT_MAX_PLIES: usize = 300;

/// The outcome of a match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchReport {
    /// Stage A.
    pub stage_a: String,
    /// Stage B.
    pub stage_b: String,
    /// A's wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// A's losses.
    pub losses: u32,
    /// The Elo difference A − B (absent for zero games).
    pub elo: Option<EloEstimate>,
    /// Every game, in the order played.
    pub games: Vec<GameRecord>,
    /// Wall-clock time of the match, in seconds.
    pub seconds: f64,
}

/// Plays one game from `opening`, `white` against `black`, each move under `limits`.
/// `a_is_white` only labels the result (which engine is stage A).
pub fn play_game(
    white: &mut dyn Engine<Chess>,
    black: &mut dyn Engine<Chess>,
    opening: &str,
    limits: &SearchLimits,
    max_plies: usize,
    a_is_white: bool,
) -> Result<GameRecord> {
    let mut game = Chess::from_fen(opening)?;
    white.new_game();
    black.new_game();
    let mut moves = Vec::new();
    let termination = loop {
        if let Some(outcome) = game.game_outcome() {
            break termination_of(&game, outcome);
        }
        if moves.len() >= max_plies {
            break Termination::MaxPlies;
        }
        let engine: &mut dyn Engine<Chess> = if game.side_to_move() == Color::White {
            &mut *white
        } else {
            &mut *black
        };
        let result = engine.search(&mut game, limits);
        // A search returns no move only without legal moves, which `game_outcome` caught;
        // if a stage ever failed to, play its first legal move rather than stall the match.
        let Some(mv) = result
            .best_move
            .or_else(|| game.legal_moves().first().copied())
        else {
            break termination_of(&game, Outcome::Draw);
        };
        moves.push(mv.to_string());
        game.play(mv);
    };
    let white_won = match termination {
        Termination::Checkmate => Some(game.side_to_move() == Color::Black),
        _ => None,
    };
    let result = match white_won {
        None => GameResult::Draw,
        Some(white_won) if white_won == a_is_white => GameResult::Win,
        Some(_) => GameResult::Loss,
    };
    Ok(GameRecord {
        opening: opening.to_string(),
        a_is_white,
        result,
        termination,
        moves,
        final_fen: game.fen(),
    })
}

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

/// Plays a whole match. `progress(done, total, game)` is called after each game.
pub fn play_match(
    config: &MatchConfig,
    mut progress: impl FnMut(usize, usize, &GameRecord),
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
    for opening in &config.openings {
        Chess::from_fen(opening)?;
    }
    let mut a = engine_for::<Chess>(&config.stage_a)?;
    let mut b = engine_for::<Chess>(&config.stage_b)?;
    let start = Instant::now();
    let mut games = Vec::with_capacity(config.games);
    let mut tally = Tally::default();
    for index in 0..config.games {
        let opening = &config.openings[(index / 2) % config.openings.len()];
        let a_is_white = index % 2 == 0;
        let record = if a_is_white {
            play_game(
                &mut *a,
                &mut *b,
                opening,
                &config.limits,
                config.max_plies,
                true,
            )?
        } else {
            play_game(
                &mut *b,
                &mut *a,
                opening,
                &config.limits,
                config.max_plies,
                false,
            )?
        };
        tally.add(record.result);
        games.push(record);
        progress(games.len(), config.games, &games[games.len() - 1]);
    }
    Ok(MatchReport {
        stage_a: a.name().to_string(),
        stage_b: b.name().to_string(),
        wins: tally.wins,
        draws: tally.draws,
        losses: tally.losses,
        elo: elo_estimate(tally.wins, tally.draws, tally.losses),
        games,
        seconds: start.elapsed().as_secs_f64(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 0.05
    }

    #[test]
    fn elo_of_known_scores() {
        assert_eq!(elo_from_score(0.5), 0.0);
        // 0.75 → −400·log10(1/3) = 400·0.47712 = 190.85
        assert!(
            close(elo_from_score(0.75), 190.8),
            "{}",
            elo_from_score(0.75)
        );
        assert!(close(elo_from_score(0.25), -190.8));
        // 0.9 → 400·log10(9) = 381.7; 0.64 → 400·log10(16/9) = 99.95
        assert!(close(elo_from_score(0.9), 381.7));
        assert!(close(elo_from_score(0.64), 99.95));
        for elo in [-300.0, -50.0, 0.0, 120.0, 400.0] {
            assert!((elo_from_score(expected_score(elo)) - elo).abs() < 1e-9);
        }
    }

    #[test]
    fn interval_from_wins_draws_losses() {
        // 10 wins, 10 losses: s = 0.5, σ = 0.5, se = 0.5/√20 = 0.11180, s ± 0.21913
        // → [0.28087, 0.71913] → ∓163.3 Elo.
        let e = elo_estimate(10, 0, 10).unwrap();
        assert_eq!((e.score, e.elo), (0.5, 0.0));
        assert!(close(e.upper, 163.3) && close(e.lower, -163.3), "{e:?}");
        assert!(!e.clamped);
        // 20 draws: no spread at all, a zero-width interval around 0.
        let e = elo_estimate(0, 20, 0).unwrap();
        assert_eq!((e.elo, e.lower, e.upper), (0.0, 0.0, 0.0));
        // 6 wins, 4 draws, 2 losses: s = 8/12 = 0.6667 → +120.4 Elo; σ² = (6·(1/3)² +
        // 4·(1/6)² + 2·(2/3)²)/12 = 0.13889, se = 0.10758, s ± 0.21086 → [0.45581, 0.87753]
        // → [−30.8, +342.1].
        let e = elo_estimate(6, 4, 2).unwrap();
        assert!(close(e.elo, 120.4), "{e:?}");
        assert!(close(e.lower, -30.8) && close(e.upper, 342.1), "{e:?}");
        assert!(e.lower < e.elo && e.elo < e.upper);
    }

    #[test]
    fn perfect_scores_are_clamped() {
        // 20 wins: s = 1 is read as 1 − 1/40 = 0.975 → 400·log10(39) = +636.4.
        let e = elo_estimate(20, 0, 0).unwrap();
        assert!(e.clamped && close(e.elo, 636.4), "{e:?}");
        assert!(e.elo.is_finite() && e.lower.is_finite());
        let e = elo_estimate(0, 0, 20).unwrap();
        assert!(e.clamped && close(e.elo, -636.4));
        // One win and one loss: the interval on s runs past both ends and is clamped to
        // [0.25, 0.75].
        let e = elo_estimate(1, 0, 1).unwrap();
        assert!(e.clamped && close(e.upper, 190.8) && close(e.lower, -190.8));
        assert_eq!(elo_estimate(0, 0, 0), None);
    }

    #[test]
    fn builtin_openings_are_legal_and_open() {
        let text: String = OPENINGS.iter().map(|(_, fen)| format!("{fen}\n")).collect();
        assert_eq!(parse_openings(&text).unwrap(), default_openings());
        assert!(parse_openings("# only a comment\n").is_err());
        assert!(parse_openings("not a fen\n").is_err());
        // Fool's mate: over before it starts.
        assert!(
            parse_openings("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
                .is_err()
        );
        // EPD lines are read too.
        let fens = parse_openings("4k3/8/8/8/8/8/4P3/4K3 w - - id \"kp\";").unwrap();
        assert_eq!(fens, vec!["4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".to_string()]);
    }

    #[test]
    fn a_game_ends_by_the_rules() {
        // White mates at once; A plays Black, so A loses.
        let mut white = engine_for::<Chess>("alphabeta").unwrap();
        let mut black = engine_for::<Chess>("alphabeta").unwrap();
        let limits = SearchLimits::depth(2);
        let record = play_game(
            &mut *white,
            &mut *black,
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
            &limits,
            10,
            false,
        )
        .unwrap();
        assert_eq!(record.moves, vec!["a1a8"]);
        assert_eq!(
            (record.result, record.termination),
            (GameResult::Loss, Termination::Checkmate)
        );
        // Bare kings: a dead position from the start.
        let record = play_game(
            &mut *white,
            &mut *black,
            "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
            &limits,
            10,
            true,
        )
        .unwrap();
        assert_eq!(record.termination, Termination::InsufficientMaterial);
        assert!(record.moves.is_empty());
        // The ply limit.
        let record = play_game(
            &mut *white,
            &mut *black,
            "8/8/4k3/8/8/3K4/8/R7 w - - 0 1",
            &SearchLimits::depth(1),
            3,
            true,
        )
        .unwrap();
        assert_eq!(record.moves.len(), 3);
        assert_eq!(
            (record.result, record.termination),
            (GameResult::Draw, Termination::MaxPlies)
        );
    }

    #[test]
    fn colours_alternate_on_each_opening() {
        let config = MatchConfig {
            stage_a: "alphabeta".into(),
            stage_b: "minimax".into(),
            games: 4,
            limits: SearchLimits::depth(1),
            openings: default_openings()[..2].to_vec(),
            max_plies: 4,
        };
        let report = play_match(&config, |_, _, _| {}).unwrap();
        let seen: Vec<(bool, &str)> = report
            .games
            .iter()
            .map(|g| (g.a_is_white, g.opening.as_str()))
            .collect();
        let o = default_openings();
        assert_eq!(
            seen,
            vec![
                (true, o[0].as_str()),
                (false, o[0].as_str()),
                (true, o[1].as_str()),
                (false, o[1].as_str())
            ]
        );
        assert_eq!(report.wins + report.draws + report.losses, 4);
    }
}
