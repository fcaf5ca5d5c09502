//! Self-play data for tuning the evaluation: `searchlab datagen`.
//!
//! A tuner fits the evaluation's weights to what happened in real games (see [`crate::lab::tune`]).
//! This module makes those games: an engine (the strongest stage unless another is asked for)
//! plays itself at a small fixed number of nodes per move, and the positions of each game are
//! written down with the game's result.
//!
//! ## How a game is made
//!
//! Game `n` of a run is fixed by the seed and `n` alone: a generator seeded with both picks an
//! opening from the openings file, then plays a few uniformly random legal moves from it, so
//! that two games from the same opening soon differ. From there the engine plays both sides,
//! `nodes` nodes a move, its tables cleared before the game. Node-limited searches are exactly
//! reproducible, so the same seed and node limit give the same games, however many threads
//! play them and in whatever order they finish.
//!
//! A game ends by the rules ([`Chess::game_outcome`]), or is **adjudicated**: won when the
//! search has scored it beyond [`DECIDED`] for the same side on [`DECIDED_PLIES`] plies in a
//! row (engines this strong do not lose such positions to each other; playing them out costs
//! time and teaches nothing), and drawn after [`MAX_PLIES`] plies.
//!
//! ## Which positions are kept
//!
//! A tuner compares the *static* evaluation with the result, so a position is worth keeping
//! only where the static evaluation can be right: a **quiet** one. Kept are the positions
//! where the side to move is not in check and the search's best move is neither a capture nor
//! a promotion (a pending exchange would make any static score wrong by a piece), and where the
//! search's score is below [`DECIDED`]: in a decided position every weight "predicts" the
//! result and none learns anything. The opening and the random plies are not kept either.
//!
//! ## The file
//!
//! Plain text, one position a line, in games:
//!
//! ```text
//! # game 17: 3 positions
//! r1bqkb1r/pp1n1ppp/2p1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQkq - 0 6 | 18 | 0.5
//! ...
//! ```
//!
//! Each position line is `FEN | score | result`: the search's score in centipawns and the
//! game's result (1, 0.5 or 0), **both from White's point of view**. Lines starting with `#`
//! are comments; the `# game` line before each game says how many positions follow.
//!
//! A game is written in one piece when it ends, so a run can be stopped at any time (Ctrl-C)
//! and started again with the same command: [`read_progress`] reads which games the file holds,
//! drops a last game cut off in the middle of writing, and the run plays only the games still
//! missing. Nothing is lost and nothing is played twice.

use crate::error::{Error, Result};
use crate::game::{Game, Outcome};
use crate::games::Chess;
use crate::lab::rng::SplitMix64;
use crate::limits::SearchLimits;
use crate::score::Score;
use crate::search::{Engine, EngineSpec};
use chess::{ChessMove, Color};
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

/// A score (centipawns, either side) beyond which a position counts as decided.
pub const DECIDED: i32 = 1000;
/// Plies in a row beyond [`DECIDED`] for one side that adjudicate the game won.
pub const DECIDED_PLIES: usize = 6;
/// Plies after which a game still going is adjudicated a draw.
pub const MAX_PLIES: usize = 400;
/// What a datagen run plays.
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    /// Games in the whole run, numbered `0..games` (a resumed run plays the missing ones).
    pub games: usize,
    /// Nodes per move.
    pub nodes: u64,
    /// Random legal moves played after the opening, before the engine takes over.
    pub random_plies: usize,
    /// Picks each game's opening and random moves, with the game's number.
    pub seed: u64,
    /// The positions games start from (FENs).
    pub openings: Vec<String>,
    /// The engine that plays both sides (one per thread): the strongest stage unless another
    /// is asked for (`datagen --stage`), with the table size asked for.
    pub engine: EngineSpec<Chess>,
}

/// One kept position: its FEN and the search's score, from White's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The position.
    pub fen: String,
    /// The search's score in centipawns, from White's point of view.
    pub score: i32,
}

/// A finished game: its number, its kept positions, and its result from White's side.
#[derive(Clone, Debug, PartialEq)]
pub struct GameData {
    /// The game's number in the run.
    pub number: usize,
    /// The positions kept, in the order they occurred.
    pub samples: Vec<Sample>,
    /// 1, 0.5 or 0: White's points.
    pub result: f64,
    /// Plies the engine played (the moves it searched, kept or not).
    pub plies: usize,
}

/// What a game's header line starts with: `# game 17: 3 positions`.
pub const GAME_HEADER: &str = "# game ";

/// A game's header line read: its number and the positions it promises; `None` if `line` is
/// not one (or is one cut short or garbled: callers that must tell test [`GAME_HEADER`]).
pub fn game_header(line: &str) -> Option<(usize, usize)> {
    let (number, rest) = line.trim().strip_prefix(GAME_HEADER)?.split_once(": ")?;
    let count = rest.strip_suffix(" positions")?;
    Some((number.parse().ok()?, count.parse().ok()?))
}

impl GameData {
    /// The game as the file stores it: the `# game` line, then one line per position.
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "{GAME_HEADER}{}: {} positions\n",
            self.number,
            self.samples.len()
        );
        for sample in &self.samples {
            text.push_str(&format!(
                "{} | {} | {}\n",
                sample.fen, sample.score, self.result
            ));
        }
        text
    }
}

/// The generator for game `number` of a run with `seed`: games of one run differ, and game
/// `n` is the same in every run with the same seed.
fn game_random(seed: u64, number: usize) -> SplitMix64 {
    let mut mix = SplitMix64::new(seed ^ (number as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93));
    mix.next_u64();
    mix
}

// ANCHOR: play_game
/// Plays game `number` of the run `config` with `engine` (whose tables are cleared first).
pub fn play_game(
    engine: &mut dyn Engine<Chess>,
    config: &DatagenConfig,
    number: usize,
) -> Result<GameData> {
    let mut random = game_random(config.seed, number);
    let opening = config
        .openings
        .get(random.below(config.openings.len().max(1)))
        .ok_or_else(|| Error::Setting("datagen needs at least one opening".to_string()))?;
    let mut game = Chess::from_fen(opening)?;
    let mut data = GameData {
        number,
        samples: Vec::new(),
        result: 0.5,
        plies: 0,
    };
    // A few random moves, so that games from the same opening part at once.
    for _ in 0..config.random_plies {
        let moves = game.legal_moves();
        if moves.is_empty() || game.game_outcome().is_some() {
            return Ok(data); // the random moves ended the game: nothing to learn from it
        }
        game.play(moves[random.below(moves.len())]);
    }
    engine.new_game();
    let limits = SearchLimits::nodes(config.nodes);
    let mut decided_for: Option<Color> = None;
    let mut decided_plies = 0;
    loop {
        if let Some(outcome) = game.game_outcome() {
            // The outcome is the side to move's: a loss for it is a win for the other.
            data.result = match (outcome, game.side_to_move()) {
                (Outcome::Draw, _) => 0.5,
                (Outcome::Loss, Color::White) => 0.0,
                (Outcome::Loss, Color::Black) => 1.0,
            };
            return Ok(data);
        }
        if data.plies >= MAX_PLIES {
            data.result = 0.5;
            return Ok(data);
        }
        let result = engine.search(&mut game, &limits);
        let Some(best) = result.best_move else {
            return Ok(data); // no move: the outcome above would have said so
        };
        let white_score = match game.side_to_move() {
            Color::White => result.score,
            Color::Black => -result.score,
        };
        let decided = white_score.is_mate() || white_score.0.abs() >= DECIDED;
        if !decided && is_quiet(&game, best) {
            data.samples.push(Sample {
                fen: game.fen(),
                score: white_score.0,
            });
        }
        // Adjudication: the same side decidedly ahead, ply after ply.
        let leader = decided.then(|| {
            if white_score > Score(0) {
                Color::White
            } else {
                Color::Black
            }
        });
        if leader.is_some() && leader == decided_for {
            decided_plies += 1;
        } else {
            decided_for = leader;
            decided_plies = usize::from(leader.is_some());
        }
        if decided_plies >= DECIDED_PLIES {
            data.result = if decided_for == Some(Color::White) {
                1.0
            } else {
                0.0
            };
            return Ok(data);
        }
        game.play(best);
        data.plies += 1;
    }
}
// ANCHOR_END: play_game

/// A position worth a sample: not in check, and the best move neither captures nor promotes.
fn is_quiet(game: &Chess, best: ChessMove) -> bool {
    !game.in_check() && game.capture(best).is_none()
}

/// What a data file already holds: the numbers of its complete games and its positions, and
/// how many bytes of it are whole (a game cut off by a stop mid-write lies beyond).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// The games the file holds in full.
    pub games: BTreeSet<usize>,
    /// Their positions.
    pub positions: usize,
    /// The length of the file's whole part, in bytes.
    pub whole_bytes: usize,
}

/// Reads a data file's text (see the module docs): which games it holds in full.
pub fn read_progress(text: &str) -> Result<Progress> {
    let mut progress = Progress::default();
    let mut offset = 0;
    // The game being read: its number, the positions its header promised, those seen so far.
    let mut open: Option<(usize, usize, usize)> = None;
    let close = |open: &mut Option<(usize, usize, usize)>, progress: &mut Progress, end| {
        if let Some((number, promised, seen)) = open.take() {
            if seen == promised {
                progress.games.insert(number);
                progress.positions += seen;
                progress.whole_bytes = end;
            }
        }
    };
    for (index, line) in text.split_inclusive('\n').enumerate() {
        let complete = line.ends_with('\n');
        if line.starts_with(GAME_HEADER) {
            close(&mut open, &mut progress, offset);
            if !complete {
                break;
            }
            let Some((number, promised)) = game_header(line) else {
                return Err(Error::DataLine {
                    line: index + 1,
                    reason: format!("not a game header: {}", line.trim_end()),
                });
            };
            open = Some((number, promised, 0));
        } else if !line.starts_with('#') && !line.trim().is_empty() {
            if !complete {
                break; // a position cut off mid-line: the game it belongs to is not whole
            }
            if let Some((_, _, seen)) = open.as_mut() {
                *seen += 1;
            }
        }
        offset += line.len();
        if open.is_none() && complete {
            progress.whole_bytes = offset; // a comment between games
        }
        if open.is_some_and(|(_, promised, seen)| seen == promised) {
            close(&mut open, &mut progress, offset);
        }
    }
    Ok(progress)
}

/// One position line of a data file, read: `FEN | score | result`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PositionLine<'a> {
    /// The line's number in the file (1-based), for messages.
    pub line: usize,
    /// The number of the game it belongs to (the last `# game` header above it; 0 before any).
    pub game: usize,
    /// The position.
    pub fen: &'a str,
    /// The search's score in centipawns, from White's point of view.
    pub score: i32,
    /// The game's result from White's point of view: 1, 0.5 or 0.
    pub result: f32,
}

/// The position lines of a data file's text, in order (comments and blank lines skipped);
/// a line that cannot be read is an error naming its number and what is wrong. The one reader
/// of the format: the tuner and the network trainer both read through it.
pub fn position_lines(text: &str) -> impl Iterator<Item = Result<PositionLine<'_>>> {
    let mut game = 0;
    text.lines().enumerate().filter_map(move |(index, line)| {
        let line = line.trim();
        if let Some((number, _)) = game_header(line) {
            game = number;
        }
        if line.is_empty() || line.starts_with('#') {
            return None;
        }
        Some(read_position_line(index + 1, game, line))
    })
}

fn read_position_line(line: usize, game: usize, text: &str) -> Result<PositionLine<'_>> {
    let bad = |reason: String| Error::DataLine { line, reason };
    let fields: Vec<&str> = text.split('|').map(str::trim).collect();
    let [fen, score, result] = fields[..] else {
        return Err(bad(format!(
            "expected 'FEN | score | result', found {} field(s)",
            fields.len()
        )));
    };
    let result: f32 = match result {
        "1" | "1.0" => 1.0,
        "0.5" => 0.5,
        "0" | "0.0" => 0.0,
        other => return Err(bad(format!("result must be 1, 0.5 or 0, found '{other}'"))),
    };
    let score: i32 = score
        .parse()
        .map_err(|_| bad(format!("score must be a whole number, found '{score}'")))?;
    Ok(PositionLine {
        line,
        game,
        fen,
        score,
        result,
    })
}

/// The numbers of the games a run of `total` games still has to play, given what is done.
pub fn missing_games(total: usize, done: &BTreeSet<usize>) -> Vec<usize> {
    (0..total).filter(|n| !done.contains(n)).collect()
}

/// Plays the games `numbers` of the run `config` on `threads` threads, handing each finished
/// game to `finished` (on the calling thread, in the order they finish) until `stop` is set.
/// Each thread keeps one engine and clears its tables before each game.
pub fn play_games(
    config: &DatagenConfig,
    numbers: &[usize],
    threads: usize,
    stop: &AtomicBool,
    mut finished: impl FnMut(GameData) -> Result<()>,
) -> Result<()> {
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<Result<GameData>>();
    thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            let sender = sender.clone();
            let next = &next;
            scope.spawn(move || {
                let mut engine = config.engine.build();
                while !stop.load(Ordering::Relaxed) {
                    let Some(&number) = numbers.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    if sender
                        .send(play_game(engine.as_mut(), config, number))
                        .is_err()
                    {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for game in receiver {
            let outcome = game.and_then(&mut finished);
            if outcome.is_err() {
                stop.store(true, Ordering::Relaxed);
                return outcome;
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(games: usize) -> DatagenConfig {
        DatagenConfig {
            games,
            nodes: 500,
            random_plies: 2,
            seed: 5,
            openings: crate::lab::openings::default_openings(),
            engine: EngineSpec::strongest().with_hash(1).unwrap(),
        }
    }

    #[test]
    fn progress_keeps_whole_games_and_drops_a_cut_one() {
        let whole =
            "# a comment\n# game 3: 2 positions\nA | 1 | 0.5\nB | 2 | 0.5\n# game 0: 0 positions\n";
        let cut = "# game 1: 2 positions\nC | 3 | 1\nD | 4";
        let progress = read_progress(&format!("{whole}{cut}")).unwrap();
        assert_eq!(progress.games, BTreeSet::from([0, 3]));
        assert_eq!(progress.positions, 2);
        assert_eq!(progress.whole_bytes, whole.len());
        assert_eq!(missing_games(4, &progress.games), [1, 2]);
        assert!(read_progress("# game x: 1 positions\n").is_err());
    }

    #[test]
    fn a_game_is_the_same_whoever_plays_it() {
        let config = config(1);
        let mut first = config.engine.build();
        let a = play_game(first.as_mut(), &config, 4).unwrap();
        // A used engine, after another game, plays game 4 again move for move.
        play_game(first.as_mut(), &config, 5).unwrap();
        let b = play_game(first.as_mut(), &config, 4).unwrap();
        assert_eq!(a, b);
        assert!(a.plies > 0 && [0.0, 0.5, 1.0].contains(&a.result));
        for sample in &a.samples {
            let game = Chess::from_fen(&sample.fen).unwrap();
            assert!(!game.in_check(), "{}", sample.fen);
            assert!(sample.score.abs() < DECIDED);
        }
        assert_eq!(
            read_progress(&a.to_text()).unwrap().positions,
            a.samples.len()
        );
    }
}
