//! Self-play data for tuning the evaluation: `searchlab datagen`.
//!
//! A tuner fits the evaluation's weights to what happened in real games (see [`crate::tune`]).
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
//! Plain text, one position a line (`FEN | score | result`, from White's point of view), in
//! games, after a header that records the run's settings: [`format`](mod@format) says it all,
//! and owns every reader of it (the tuner's, the trainer's, the course's and the resume's).
//!
//! A game is written in one piece when it ends, so a run can be stopped at any time (Ctrl-C)
//! and started again with the same command: [`read_progress`] reads which games the file holds,
//! drops a last game cut off in the middle of writing, and the run plays only the games still
//! missing. Nothing is lost and nothing is played twice. A run resumes only a file whose
//! header is datagen's own and records the run's own settings ([`Header::differences`]), and
//! whose every line reads: games played otherwise, or a line no reader understands, would make
//! data that no header describes.

pub mod format;

pub use format::{
    entries, first_positions, game_header, game_header_line, games_text, header_lines, lines,
    position_line, position_lines, read_games, read_progress, split_games, DataGame, Entry, Header,
    Kind, Line, OpeningsRecord, PositionLine, Progress, ENGINE_HEADER, FILE_HEADER, GAME_HEADER,
    SETTINGS_HEADER,
};

use chess::{ChessMove, Color};
use searchlab_engine::error::{Error, Result};
use searchlab_engine::game::{Game, Outcome};
use searchlab_engine::games::Chess;
use searchlab_engine::limits::SearchLimits;
use searchlab_engine::rng::SplitMix64;
use searchlab_engine::score::Score;
use searchlab_engine::search::{Engine, EngineSpec};
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

impl GameData {
    /// The game as the file stores it ([`format`](mod@format)): the `# game` line, then one
    /// line per position.
    pub fn to_text(&self) -> String {
        let mut text = game_header_line(self.number, self.samples.len());
        text.push('\n');
        for sample in &self.samples {
            text.push_str(&position_line(&sample.fen, sample.score, self.result));
            text.push('\n');
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
mod tests;
