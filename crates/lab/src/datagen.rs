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
//! The file starts with its [`Header`]: the line [`FILE_HEADER`], which tells a data file
//! from any other file, then the settings the games were played with (nodes, random plies,
//! seed, openings) and the engine that played them:
//!
//! ```text
//! # searchlab datagen: FEN | score (centipawns, White's view) | result (1, 0.5, 0 for White)
//! # nodes 5000 random plies 4 seed 1 openings the 500 compiled in (500 positions, FNV-1a b897…)
//! # engine neural network the compiled-in network (128 hidden units, FNV-1a 306c…)
//! ```
//!
//! Older files say less, and stay readable: the first ones name no openings (any openings
//! resume them: which ones played cannot be checked), later ones name the openings without
//! their fingerprint (the name is checked), and files from before the engine line were played
//! by stage 9 (`parallel`), the strongest stage of their day.
//!
//! A game is written in one piece when it ends, so a run can be stopped at any time (Ctrl-C)
//! and started again with the same command: [`read_progress`] reads which games the file holds,
//! drops a last game cut off in the middle of writing, and the run plays only the games still
//! missing. Nothing is lost and nothing is played twice. A run resumes only a file whose
//! header is datagen's own and records the run's own settings ([`Header::differences`]), and
//! whose every line reads: games played otherwise, or a line no reader understands, would make
//! data that no header describes.

use chess::{ChessMove, Color};
use searchlab_engine::error::{Error, Result};
use searchlab_engine::game::{Game, Outcome};
use searchlab_engine::games::Chess;
use searchlab_engine::limits::SearchLimits;
use searchlab_engine::rng::SplitMix64;
use searchlab_engine::score::Score;
use searchlab_engine::search::{Engine, EngineSpec};
use std::collections::BTreeSet;
use std::fmt;
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

/// The first line of every file `datagen` writes: what tells a data file from any other.
pub const FILE_HEADER: &str =
    "# searchlab datagen: FEN | score (centipawns, White's view) | result (1, 0.5, 0 for White)";
/// What the header's settings line starts with: `# nodes 5000 random plies 4 seed 1 openings …`.
pub const SETTINGS_HEADER: &str = "# nodes ";
/// What the header's engine line starts with: `# engine neural network …`.
pub const ENGINE_HEADER: &str = "# engine ";

/// What a data file's header records: the settings its games were played with (see the
/// module docs). A run resumes a file only with the settings its header records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Nodes per move.
    pub nodes: u64,
    /// Random legal moves after the opening.
    pub random_plies: usize,
    /// The run's seed.
    pub seed: u64,
    /// The openings (`None` in the first files, whose header did not name them).
    pub openings: Option<OpeningsRecord>,
    /// The engine, as [`ENGINE_HEADER`]'s line names it after the prefix (`None` in files from
    /// before that line, which stage 9 played).
    pub engine: Option<String>,
}

/// The openings of a run as a header records them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningsRecord {
    /// What the command named them: a path, or `the 500 compiled in`.
    pub name: String,
    /// Which positions they were, whatever their name: `500 positions, FNV-1a b897…` (a hash
    /// of their FENs); `None` in files from before the header recorded it.
    pub fingerprint: Option<String>,
}

impl OpeningsRecord {
    /// The record of `openings`, named `name`.
    pub fn of(name: &str, openings: &[String]) -> OpeningsRecord {
        // As `Network::checksum` fingerprints a network.
        let hash = searchlab_engine::eval::network::fnv1a(openings.join("\n").bytes());
        OpeningsRecord {
            name: name.to_string(),
            fingerprint: Some(format!("{} positions, FNV-1a {hash:016x}", openings.len())),
        }
    }

    /// Reads the record as the settings line has it: `NAME` or `NAME (FINGERPRINT)`.
    fn read(text: &str) -> OpeningsRecord {
        let fingerprint = text
            .strip_suffix(')')
            .and_then(|rest| rest.rsplit_once(" ("))
            .filter(|(_, inner)| inner.contains(" positions, FNV-1a "));
        match fingerprint {
            Some((name, inner)) => OpeningsRecord {
                name: name.to_string(),
                fingerprint: Some(inner.to_string()),
            },
            None => OpeningsRecord {
                name: text.to_string(),
                fingerprint: None,
            },
        }
    }
}

impl fmt::Display for OpeningsRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.fingerprint {
            Some(fingerprint) => write!(f, "{} ({fingerprint})", self.name),
            None => write!(f, "{}", self.name),
        }
    }
}

impl Header {
    /// The header of a run of `config`, its openings named `openings` and its engine
    /// described by `engine` (what follows [`ENGINE_HEADER`]).
    pub fn new(config: &DatagenConfig, openings: &str, engine: &str) -> Header {
        Header {
            nodes: config.nodes,
            random_plies: config.random_plies,
            seed: config.seed,
            openings: Some(OpeningsRecord::of(openings, &config.openings)),
            engine: Some(engine.to_string()),
        }
    }

    /// The header as a new file starts with it, each line ending in a newline.
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "{FILE_HEADER}\n{SETTINGS_HEADER}{} random plies {} seed {}",
            self.nodes, self.random_plies, self.seed
        );
        if let Some(openings) = &self.openings {
            text.push_str(&format!(" openings {openings}"));
        }
        text.push('\n');
        if let Some(engine) = &self.engine {
            text.push_str(&format!("{ENGINE_HEADER}{engine}\n"));
        }
        text
    }

    /// Reads the header of a data file's text: an error if the file does not start with
    /// [`FILE_HEADER`] (it is not a data file) or its header has no settings line that reads.
    pub fn read(text: &str) -> Result<Header> {
        let first = text.lines().next().unwrap_or("");
        if first.trim_end() != FILE_HEADER {
            return Err(Error::DataLine {
                line: 1,
                reason: format!(
                    "a data file starts with `{FILE_HEADER}`, this one with `{}`",
                    shortened(first)
                ),
            });
        }
        // The header: the whole comment lines before the first game or position (a line cut
        // off by a stop mid-write is not one).
        let header = text
            .split_inclusive('\n')
            .enumerate()
            .skip(1)
            .take_while(|(_, line)| line.starts_with('#') && !line.starts_with(GAME_HEADER))
            .filter(|(_, line)| line.ends_with('\n'));
        let (mut settings, mut engine) = (None, None);
        for (index, line) in header {
            let line = line.trim_end();
            if let Some(rest) = line.strip_prefix(SETTINGS_HEADER) {
                settings = Some(read_settings(rest).ok_or_else(|| Error::DataLine {
                    line: index + 1,
                    reason: format!(
                        "a settings line reads `{SETTINGS_HEADER}N random plies N seed N \
                         [openings NAME]`, this one `{}`",
                        shortened(line)
                    ),
                })?);
            } else if let Some(rest) = line.strip_prefix(ENGINE_HEADER) {
                engine = Some(rest.to_string());
            }
        }
        let Some((nodes, random_plies, seed, openings)) = settings else {
            return Err(Error::DataLine {
                line: 2,
                reason: format!(
                    "the header has no settings line (`{SETTINGS_HEADER}N random plies N seed N …`)"
                ),
            });
        };
        Ok(Header {
            nodes,
            random_plies,
            seed,
            openings,
            engine,
        })
    }

    /// What a run with the header `asked` would play otherwise than the games of a file with
    /// this header: one entry per setting, naming its option, the file's value and the asked
    /// one. Settings the file does not record are not compared (see the module docs); openings
    /// are compared by their fingerprints where both headers have one, by name otherwise.
    /// The engine is left to the caller, which knows how to name it.
    pub fn differences(&self, asked: &Header) -> Vec<String> {
        let mut differences = Vec::new();
        let mut differ = |option: &str, file: String, run: String| {
            if file != run {
                differences.push(format!("{option} is {file} in the file, {run} in this run"));
            }
        };
        differ("--nodes", self.nodes.to_string(), asked.nodes.to_string());
        differ(
            "--random-plies",
            self.random_plies.to_string(),
            asked.random_plies.to_string(),
        );
        differ("--seed", self.seed.to_string(), asked.seed.to_string());
        if let (Some(file), Some(run)) = (&self.openings, &asked.openings) {
            let same = match (&file.fingerprint, &run.fingerprint) {
                (Some(a), Some(b)) => a == b,
                _ => file.name == run.name,
            };
            if !same {
                differences.push(format!(
                    "--openings is `{file}` in the file, `{run}` in this run"
                ));
            }
        }
        differences
    }
}

/// The settings line after its prefix: `5000 random plies 4 seed 1 openings NAME (…)`.
fn read_settings(text: &str) -> Option<(u64, usize, u64, Option<OpeningsRecord>)> {
    let (nodes, rest) = text.split_once(" random plies ")?;
    let (random_plies, rest) = rest.split_once(" seed ")?;
    let (seed, openings) = match rest.split_once(" openings ") {
        Some((seed, openings)) => (seed, Some(OpeningsRecord::read(openings))),
        None => (rest, None),
    };
    Some((
        nodes.parse().ok()?,
        random_plies.parse().ok()?,
        seed.parse().ok()?,
        openings,
    ))
}

/// A line as a message quotes it: whole if short, its first 120 characters and `…` if not.
fn shortened(line: &str) -> String {
    let line = line.trim_end();
    match line.char_indices().nth(120) {
        Some((end, _)) => format!("{}…", &line[..end]),
        None => line.to_string(),
    }
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

/// Reads a data file's text (see the module docs): which games it holds in full. Every line
/// must read: a comment, a game's `# game` line, or a position (`FEN | score | result`, the FEN
/// a legal position) of the game above it; a game followed by another must hold as many
/// positions as it promised. The one exception is the end of the file, where a stop may have
/// cut off the last game (and its last line) mid-write: that game is not counted, and lies
/// beyond [`Progress::whole_bytes`]. An error names the first line that does not read, and
/// quotes it.
pub fn read_progress(text: &str) -> Result<Progress> {
    let mut progress = Progress::default();
    let mut offset = 0;
    // The game being read: its header's line, its number, the positions its header promised,
    // those seen so far.
    let mut open: Option<(usize, usize, usize, usize)> = None;
    for (index, line) in text.split_inclusive('\n').enumerate() {
        let number = index + 1;
        if !line.ends_with('\n') {
            break; // a line cut off mid-write: the game it belongs to is not whole
        }
        let trimmed = line.trim();
        let bad = |reason: String| Error::DataLine {
            line: number,
            reason: format!("{reason}: `{}`", shortened(trimmed)),
        };
        if trimmed.starts_with(GAME_HEADER) {
            if let Some((header, game, promised, seen)) = open {
                return Err(Error::DataLine {
                    line: header,
                    reason: format!(
                        "game {game} promises {promised} positions and has {seen} before the \
                         next game (line {number})"
                    ),
                });
            }
            let (game, promised) =
                game_header(trimmed).ok_or_else(|| bad("not a game header".to_string()))?;
            open = Some((number, game, promised, 0));
        } else if !trimmed.starts_with('#') && !trimmed.is_empty() {
            let Some((_, _, _, seen)) = open.as_mut() else {
                return Err(bad(
                    "a position outside any game (no `# game` line above it promises it)"
                        .to_string(),
                ));
            };
            let position = read_position_line(number, 0, trimmed)?;
            Chess::from_fen(position.fen).map_err(|error| bad(error.to_string()))?;
            *seen += 1;
        }
        offset += line.len();
        match open {
            Some((_, game, promised, seen)) if seen == promised => {
                progress.games.insert(game);
                progress.positions += seen;
                progress.whole_bytes = offset;
                open = None;
            }
            Some(_) => {}
            None => progress.whole_bytes = offset, // a comment between games
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
    let bad = |reason: String| Error::DataLine {
        line,
        reason: format!("{reason}: `{}`", shortened(text)),
    };
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
mod tests;
