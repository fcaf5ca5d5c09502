//! The referee: one game between two players, from an opening position to its end, on a
//! board and clocks the referee keeps.
//!
//! The referee asks each [`Player`] for one move at a time, with the limits of that move
//! ([`MoveLimits`]) and, under a time control, both clocks as they stand. A game ends by the
//! referee's rules, [`Chess::game_outcome`]: checkmate, stalemate, the 50-move rule, threefold
//! repetition, or a dead position; or by a clock running out, or a player failing (an illegal
//! move, a crash, no answer): that player loses. A game still going after `max_plies` plies is
//! **adjudicated a draw**. Each player is told a new game starts before each game, and keeps
//! what it learns from move to move within a game.
//!
//! What it returns, a [`GameRecord`], is the game from player A's point of view; a match
//! ([`crate::matchplay`]) adds them up, and [`GameRecord::pgn`] writes one as PGN.

use crate::move_limits::MoveLimits;
use crate::player::{Clocks, Go, Player};
use chess::{ChessMove, Color};
use searchlab_engine::error::Result;
use searchlab_engine::game::{Game, Outcome};
use searchlab_engine::games::Chess;
use serde::Serialize;
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
    /// before the increment, in milliseconds; 0 for a player whose flag fell, `None` for one
    /// that made no move on the clock.
    pub least_clock_ms: Option<[Option<u64>; 2]>,
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
    // The least each side had left after a move: none until it has moved.
    let mut least: [Option<u64>; 2] = [None; 2];
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
        // A player that does not answer is given up on once its clock is spent (see
        // `Go::patience`): its error then comes after its flag fell.
        let choice = players[mover].choose(&mut game, opening, &moves, &go);
        let used = started.elapsed();
        // The clock first: a player past its time has lost on time, whatever it answered,
        // and whether it answered at all.
        if let Some(clocks) = clocks.as_ref() {
            if used > clocks[mover] {
                let mut detail = format!(
                    "{} used {} ms with {} ms left",
                    players[mover].name(),
                    used.as_millis(),
                    clocks[mover].as_millis()
                );
                if let Err(error) = &choice {
                    detail.push_str(&format!(": {error}"));
                }
                least[mover] = Some(0);
                break (Termination::TimeForfeit, Some(side), Some(detail));
            }
        }
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
            clocks[mover] -= used;
            let left = clocks[mover].as_millis() as u64;
            least[mover] = Some(least[mover].map_or(left, |least| least.min(left)));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::move_limits::TimeControl;
    use crate::player::PlayerSpec;
    use searchlab_engine::score::Depth;

    fn stage(name: &str) -> Box<dyn Player> {
        PlayerSpec::stage(name).unwrap().start().unwrap()
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

    /// A player that takes a fixed time whatever its clock says, then plays its first legal
    /// move (a dawdler), or gives none and fails (silent: as a UCI engine that hangs fails once
    /// the referee stops waiting for it).
    struct Stalling {
        time: Duration,
        answers: bool,
    }

    /// Plays its first legal move after `time`.
    fn dawdler(time: Duration) -> Stalling {
        Stalling {
            time,
            answers: true,
        }
    }

    /// Fails after `time`, with no move.
    fn silent(time: Duration) -> Stalling {
        Stalling {
            time,
            answers: false,
        }
    }

    impl Player for Stalling {
        fn name(&self) -> &str {
            if self.answers {
                "dawdler"
            } else {
                "silent"
            }
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
        ) -> Result<crate::player::Choice> {
            std::thread::sleep(self.time);
            if !self.answers {
                return Err(searchlab_engine::error::Error::Engine {
                    engine: "silent".into(),
                    reason: "no answer".into(),
                });
            }
            Ok(crate::player::Choice {
                mv: game.legal_moves()[0],
                score: None,
                depth: None,
            })
        }
    }

    #[test]
    fn no_answer_past_the_clock_is_a_loss_on_time_and_before_it_a_failure() {
        let limits = MoveLimits {
            time_control: Some(TimeControl::parse("0.05+0").unwrap()),
            ..MoveLimits::default()
        };
        // B (White) fails after 60 ms of its 50 ms: its flag fell first, so it lost on time.
        let (mut quick, mut hung) = (stage("pvs"), silent(Duration::from_millis(60)));
        let record = play_game(
            [&mut hung, quick.as_mut()],
            searchlab_engine::games::chess::START_FEN,
            &limits,
            20,
            false,
            0,
        )
        .unwrap();
        assert_eq!(
            (record.termination, record.result),
            (Termination::TimeForfeit, GameResult::Win)
        );
        let detail = record.detail.unwrap_or_default();
        assert!(
            detail.starts_with("silent used")
                && detail.ends_with("with 50 ms left: engine silent: no answer"),
            "{detail}"
        );
        assert_eq!(record.least_clock_ms, Some([None, Some(0)]));
        // Failing at once, with time left (ten seconds of it, which no busy machine uses up),
        // is a failure, not a loss on time.
        let mut hung = silent(Duration::ZERO);
        let roomy = MoveLimits {
            time_control: Some(TimeControl::parse("10+0").unwrap()),
            ..MoveLimits::default()
        };
        let record = play_game(
            [&mut hung, quick.as_mut()],
            searchlab_engine::games::chess::START_FEN,
            &roomy,
            20,
            false,
            0,
        )
        .unwrap();
        assert_eq!(record.termination, Termination::PlayerFailure);
        assert_eq!(record.least_clock_ms, Some([None, None]));
    }

    #[test]
    fn time_odds_give_player_a_more_time() {
        // Player A (Black) thinks a second a move on a one-second clock: without odds its first
        // move loses on time, however loaded the machine (it sleeps the whole clock away). With
        // odds of 350% it has 3.5 s, so its first move is in time with 2.5 s to spare (enough
        // for a busy machine, which once made a tenth of this fail) and a later one is not.
        // White, B, has the plain second, and pvs moves well within it.
        let plain = MoveLimits {
            time_control: Some(TimeControl::parse("1+0").unwrap()),
            ..MoveLimits::default()
        };
        let odds = MoveLimits {
            a_time_percent: Some(350),
            ..plain
        };
        assert_eq!(
            odds.time_for(Duration::from_millis(1000), true),
            Duration::from_millis(3500)
        );
        assert_eq!(
            odds.time_for(Duration::from_millis(1000), false),
            Duration::from_millis(1000)
        );
        let mut plies = Vec::new();
        for limits in [plain, odds] {
            let (mut quick, mut slow) = (stage("pvs"), dawdler(Duration::from_millis(1000)));
            let record = play_game(
                [quick.as_mut(), &mut slow],
                searchlab_engine::games::chess::START_FEN,
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
        let (mut slow, mut quick) = (dawdler(Duration::from_millis(60)), stage("pvs"));
        let record = play_game(
            [&mut slow, quick.as_mut()],
            searchlab_engine::games::chess::START_FEN,
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
        // A's flag fell (0 left); B never moved on the clock, so it has no least time at all.
        assert_eq!(record.least_clock_ms, Some([Some(0), None]));
        let text = record.pgn("t", ["dawdler", "pvs"], &limits).unwrap();
        assert!(text.contains("[TimeControl \"0.05+0\"]"), "{text}");
        assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
        assert!(text.contains("0-1"), "{text}");
    }
}
