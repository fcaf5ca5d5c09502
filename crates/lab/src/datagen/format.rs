//! The data file `datagen` writes, and every reader of it: this module owns the format.
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
//! ## One reader
//!
//! Every line is read in one place, [`Line::read`] (through [`entries`], which keeps the number
//! of the game above each position), and every reader is built on it:
//!
//! - [`position_lines`]: the positions, in order, for the tuner ([`crate::tune`]) and the
//!   network trainer ([`crate::train`]);
//! - [`read_games`]: the games, whole, each with its result, for the course (holding games out
//!   as a test set: [`games_text`] writes them back);
//! - [`read_progress`]: which games a file holds in full and where its whole part ends, for
//!   `datagen` to resume a run;
//! - [`header_lines`] and [`Header::read`]: the header;
//! - [`first_positions`] and [`split_games`]: a file cut after so many positions, or between
//!   games (`searchlab tune --limit`, `--holdout`).
//!
//! The writers are here too ([`game_header_line`], [`position_line`], [`Header::to_text`]), so
//! that what is written is what is read. May import the engine's chess game (to check a FEN)
//! and the run's settings ([`DatagenConfig`]); nothing of the tools that read the data.

use super::DatagenConfig;
use searchlab_engine::error::{Error, Result};
use searchlab_engine::games::Chess;
use std::collections::BTreeSet;
use std::fmt;

// ---------------------------------------------------------------------------------------------
// Lines
// ---------------------------------------------------------------------------------------------

/// One line of a data file: where it is, and its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    /// Its number in the file, from 1.
    pub number: usize,
    /// Its text, without the line break.
    pub text: &'a str,
    /// Where it starts, in bytes from the start of the file.
    pub start: usize,
    /// Where the next line starts.
    pub end: usize,
    /// Whether a line break ends it: the last line of a file cut off mid-write has none.
    pub whole: bool,
}

/// What a line is, from its first characters (see [`Line::kind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Empty, or spaces.
    Blank,
    /// A `#` line that is not a game's header: the file's header, or a note.
    Comment,
    /// A game's header: `# game 17: 3 positions`.
    Game,
    /// Anything else: a position of the game above, `FEN | score | result`.
    Position,
}

/// A line read (see [`Line::read`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Entry<'a> {
    /// A blank line or a comment.
    Note,
    /// A game's header.
    Game {
        /// The game's number in its run.
        number: usize,
        /// How many positions its header says follow.
        promised: usize,
    },
    /// A position.
    Position(PositionLine<'a>),
}

impl<'a> Line<'a> {
    /// What the line is, by its first characters alone: a scan that reads nothing further and
    /// never fails (what cutting a file needs).
    pub fn kind(&self) -> Kind {
        let text = self.text.trim();
        if text.is_empty() {
            Kind::Blank
        } else if text.starts_with(GAME_HEADER) {
            Kind::Game
        } else if text.starts_with('#') {
            Kind::Comment
        } else {
            Kind::Position
        }
    }

    /// Reads the line: a blank line or a comment is a note; a game's header must read as one;
    /// any other line must be a position (of the game `game`). An error names the line and
    /// quotes it.
    pub fn read(&self, game: usize) -> Result<Entry<'a>> {
        let text = self.text.trim();
        match self.kind() {
            Kind::Blank | Kind::Comment => Ok(Entry::Note),
            Kind::Game => game_header(text)
                .map(|(number, promised)| Entry::Game { number, promised })
                .ok_or_else(|| self.error("not a game header")),
            Kind::Position => read_position_line(self.number, game, text).map(Entry::Position),
        }
    }

    /// An error at this line for `reason`, quoting the line.
    pub fn error(&self, reason: &str) -> Error {
        Error::DataLine {
            line: self.number,
            reason: format!("{reason}: `{}`", shortened(self.text.trim())),
        }
    }
}

/// The lines of a data file's text, in order.
pub fn lines(text: &str) -> impl Iterator<Item = Line<'_>> {
    let mut start = 0;
    text.split_inclusive('\n')
        .enumerate()
        .map(move |(index, raw)| {
            let line = Line {
                number: index + 1,
                text: raw.strip_suffix('\n').unwrap_or(raw),
                start,
                end: start + raw.len(),
                whole: raw.ends_with('\n'),
            };
            start = line.end;
            line
        })
}

/// The lines of a data file's text, each read ([`Line::read`]), a position with the number of
/// the last game header above it (0 before any).
pub fn entries(text: &str) -> impl Iterator<Item = (Line<'_>, Result<Entry<'_>>)> {
    let mut game = 0;
    lines(text).map(move |line| {
        let entry = line.read(game);
        if let Ok(Entry::Game { number, .. }) = entry {
            game = number;
        }
        (line, entry)
    })
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

/// A game's header line, without its line break: `# game 17: 3 positions`.
pub fn game_header_line(number: usize, positions: usize) -> String {
    format!("{GAME_HEADER}{number}: {positions} positions")
}

/// A position's line, without its line break: `FEN | score | result`, both from White's side.
pub fn position_line(fen: &str, score: i32, result: f64) -> String {
    format!("{fen} | {score} | {result}")
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
/// a line that cannot be read is an error naming its number and what is wrong. What the tuner
/// and the network trainer read.
pub fn position_lines(text: &str) -> impl Iterator<Item = Result<PositionLine<'_>>> {
    entries(text).filter_map(|(_, entry)| match entry {
        Ok(Entry::Position(position)) => Some(Ok(position)),
        Ok(_) => None,
        Err(error) => Some(Err(error)),
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

// ---------------------------------------------------------------------------------------------
// The header
// ---------------------------------------------------------------------------------------------

/// The header of a data file's text: its comment lines before the first game or position, the
/// whole ones (a line cut off by a stop mid-write is not one).
pub fn header_lines(text: &str) -> impl Iterator<Item = Line<'_>> {
    lines(text)
        .take_while(|line| line.kind() == Kind::Comment)
        .filter(|line| line.whole)
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
        let (mut settings, mut engine) = (None, None);
        for line in header_lines(text).skip(1) {
            let (number, line) = (line.number, line.text.trim_end());
            if let Some(rest) = line.strip_prefix(SETTINGS_HEADER) {
                settings = Some(read_settings(rest).ok_or_else(|| Error::DataLine {
                    line: number,
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

// ---------------------------------------------------------------------------------------------
// Whole games
// ---------------------------------------------------------------------------------------------

/// One game of a data file: its number, its result and its position lines.
#[derive(Clone, Debug, PartialEq)]
pub struct DataGame {
    /// The game's number in its run (the file holds games in the order they finished).
    pub number: usize,
    /// White's result, 1, 0.5 or 0; `None` for a game with no position kept, whose result
    /// the file does not say.
    pub result: Option<f64>,
    /// The positions, as the file has them: `FEN | score | result`.
    pub lines: Vec<String>,
}

/// Reads a data file's text into its games, sorted by number. An error names the line: one
/// that does not read, a position before the first `# game` line, a result that is not the
/// game's, or a game with fewer or more positions than its header says (a file cut off
/// mid-game: `datagen` resumes such a file, this reader does not guess).
pub fn read_games(text: &str) -> Result<Vec<DataGame>> {
    // Each game with the line of its header and the positions the header promised.
    let mut games: Vec<(DataGame, usize, usize)> = Vec::new();
    for (line, entry) in entries(text) {
        match entry? {
            Entry::Note => {}
            Entry::Game { number, promised } => {
                let game = DataGame {
                    number,
                    result: None,
                    lines: Vec::new(),
                };
                games.push((game, line.number, promised));
            }
            Entry::Position(position) => {
                let (game, _, _) = games
                    .last_mut()
                    .ok_or_else(|| line.error("a position before the first '# game' line"))?;
                let result = f64::from(position.result);
                if game.result.is_some_and(|known| known != result) {
                    let reason = format!("result {result}, but game {} has another", game.number);
                    return Err(line.error(&reason));
                }
                game.result = Some(result);
                game.lines.push(line.text.trim().to_string());
            }
        }
    }
    let mut whole = Vec::with_capacity(games.len());
    for (game, header_line, promised) in games {
        if game.lines.len() != promised {
            return Err(Error::DataLine {
                line: header_line,
                reason: format!(
                    "game {} promises {promised} positions and has {}",
                    game.number,
                    game.lines.len()
                ),
            });
        }
        whole.push(game);
    }
    whole.sort_by_key(|game| game.number);
    Ok(whole)
}

/// `games` as a data file holds them (a `# game` line, then the positions), for the readers
/// above: how a notebook holds the last games out as a test set.
pub fn games_text(games: &[DataGame]) -> String {
    let mut text = String::new();
    for game in games {
        text.push_str(&game_header_line(game.number, game.lines.len()));
        text.push('\n');
        for line in &game.lines {
            text.push_str(line);
            text.push('\n');
        }
    }
    text
}

// ---------------------------------------------------------------------------------------------
// Resuming a run
// ---------------------------------------------------------------------------------------------

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
    // The game being read: its header's line, its number, the positions its header promised,
    // those seen so far.
    let mut open: Option<(usize, usize, usize, usize)> = None;
    for (line, entry) in entries(text) {
        if !line.whole {
            break; // a line cut off mid-write: the game it belongs to is not whole
        }
        // What is wrong with where a line stands is said before what is wrong in it.
        match (line.kind(), open) {
            (Kind::Game, Some((header, game, promised, seen))) => {
                return Err(Error::DataLine {
                    line: header,
                    reason: format!(
                        "game {game} promises {promised} positions and has {seen} before the \
                         next game (line {})",
                        line.number
                    ),
                });
            }
            (Kind::Position, None) => {
                return Err(line
                    .error("a position outside any game (no `# game` line above it promises it)"));
            }
            _ => {}
        }
        match entry? {
            Entry::Note => {}
            Entry::Game { number, promised } => open = Some((line.number, number, promised, 0)),
            Entry::Position(position) => {
                Chess::from_fen(position.fen).map_err(|error| line.error(&error.to_string()))?;
                if let Some((_, _, _, seen)) = open.as_mut() {
                    *seen += 1;
                }
            }
        }
        match open {
            Some((_, game, promised, seen)) if seen == promised => {
                progress.games.insert(game);
                progress.positions += seen;
                progress.whole_bytes = line.end;
                open = None;
            }
            Some(_) => {}
            None => progress.whole_bytes = line.end, // a comment between games
        }
    }
    Ok(progress)
}

// ---------------------------------------------------------------------------------------------
// Cutting a file
// ---------------------------------------------------------------------------------------------

/// `text` up to and including its `limit`-th position line (comments and blank lines are not
/// positions). Nothing is read: a line that does not read is left for the reader to name.
pub fn first_positions(text: &str, limit: usize) -> &str {
    let mut seen = 0;
    let mut end = 0;
    for line in lines(text) {
        if line.kind() == Kind::Position {
            if seen == limit {
                break;
            }
            seen += 1;
        }
        end = line.end;
    }
    &text[..end]
}

/// `text` cut at a game's start (a `# game` line) so that about `share` of its position lines
/// lie after the cut: a training part and a held-out part, no game in both. Nothing is read,
/// as in [`first_positions`].
pub fn split_games(text: &str, share: f64) -> (&str, &str) {
    let positions = lines(text)
        .filter(|line| line.kind() == Kind::Position)
        .count();
    let keep = positions - (positions as f64 * share).round() as usize;
    let mut seen = 0;
    for line in lines(text) {
        match line.kind() {
            Kind::Game if seen >= keep => return text.split_at(line.start),
            Kind::Position => seen += 1,
            _ => {}
        }
    }
    (text, "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_is_read_once_with_its_game() {
        let text = "# header\n\n# game 3: 1 positions\nA | 10 | 1\n# note\nB | -4 | 0.5";
        let read: Vec<(usize, Kind, bool)> = lines(text)
            .map(|line| (line.number, line.kind(), line.whole))
            .collect();
        assert_eq!(
            read,
            [
                (1, Kind::Comment, true),
                (2, Kind::Blank, true),
                (3, Kind::Game, true),
                (4, Kind::Position, true),
                (5, Kind::Comment, true),
                (6, Kind::Position, false)
            ]
        );
        let last = lines(text).last().unwrap();
        assert_eq!((last.start, last.end), (text.len() - 12, text.len()));
        let positions: Vec<PositionLine> = position_lines(text).map(Result::unwrap).collect();
        assert_eq!((positions[0].line, positions[0].game), (4, 3));
        assert_eq!(
            (positions[1].fen, positions[1].score, positions[1].result),
            ("B", -4, 0.5)
        );
        // A garbled game header is an error, wherever it is read.
        let garbled = "# game three: 1 positions\nA | 10 | 1\n";
        let error = position_lines(garbled)
            .next()
            .unwrap()
            .unwrap_err()
            .to_string();
        assert_eq!(
            error,
            "data line 1: not a game header: `# game three: 1 positions`"
        );
    }

    #[test]
    fn games_are_read_sorted_and_written_back() {
        let text = "# a comment\n# game 4: 2 positions\nA | 10 | 1\nB | 20 | 1\n\
                    # game 2: 1 positions\nC | -5 | 0.5\n# game 7: 0 positions\n";
        let games = read_games(text).unwrap();
        assert_eq!(
            games.iter().map(|g| g.number).collect::<Vec<_>>(),
            [2, 4, 7]
        );
        assert_eq!(games[1].lines, ["A | 10 | 1", "B | 20 | 1"]);
        assert_eq!(
            games.iter().map(|g| g.result).collect::<Vec<_>>(),
            [Some(0.5), Some(1.0), None]
        );
        assert_eq!(read_games(&games_text(&games)).unwrap(), games);
    }

    #[test]
    fn bad_files_are_named_by_line() {
        let error = |text: &str| read_games(text).unwrap_err().to_string();
        assert!(error("A | 1 | 1\n").starts_with("data line 1: a position before"));
        assert!(error("# game x: 1 positions\n").contains("not a game header"));
        assert!(error("# game 1: 1 positions\nA | 1 | 2\n").starts_with("data line 2:"));
        assert!(error("# game 1: 2 positions\nA | 1 | 1\nB | 1 | 0\n").contains("another"));
        // A file cut off mid-game.
        let cut = error("# game 1: 1 positions\nA | 1 | 1\n# game 2: 3 positions\nB | 1 | 0\n");
        assert!(
            cut.starts_with("data line 3:") && cut.contains("promises 3"),
            "{cut}"
        );
    }

    #[test]
    fn a_file_is_cut_after_positions_or_between_games() {
        let text = "# header\n# game 0: 2 positions\nA | 1 | 1\nB | 2 | 1\n\
                    # game 1: 1 positions\nC | 3 | 0\n# game 2: 1 positions\nD | 4 | 0.5\n";
        assert_eq!(
            first_positions(text, 0),
            "# header\n# game 0: 2 positions\n"
        );
        assert!(first_positions(text, 3).ends_with("C | 3 | 0\n# game 2: 1 positions\n"));
        assert_eq!(first_positions(text, 9), text);
        // A quarter of four positions held out: the last game.
        let (train, test) = split_games(text, 0.25);
        assert_eq!(test, "# game 2: 1 positions\nD | 4 | 0.5\n");
        assert_eq!(format!("{train}{test}"), text);
        // Half: the cut falls at the first game start with two positions before it.
        assert!(split_games(text, 0.5).1.starts_with("# game 1:"));
        assert_eq!(split_games(text, 0.0), (text, ""));
    }

    #[test]
    fn what_is_written_is_what_is_read() {
        let mut text = game_header_line(5, 1);
        text.push('\n');
        text.push_str(&position_line("8/8/8/8/8/8/8/K1k5 w - - 0 1", -12, 0.5));
        text.push('\n');
        let games = read_games(&text).unwrap();
        assert_eq!((games[0].number, games[0].result), (5, Some(0.5)));
        let progress = read_progress(&text).unwrap();
        assert_eq!((progress.positions, progress.whole_bytes), (1, text.len()));
    }
}
