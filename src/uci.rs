//! # UCI: how an engine talks to a chess GUI
//!
//! Every stage of the ladder can search a position; this module lets it *play*, inside Arena,
//! CuteChess, python-chess or any other program that speaks the **Universal Chess Interface**.
//! UCI is a line-based text protocol over the engine's standard input and output. The GUI
//! keeps the game (the board, the clocks, the rules) and asks; the engine only answers:
//!
//! ```text
//!   GUI → engine                      engine → GUI
//!   uci                               id name searchlab 0.1.0
//!                                     id author the searchlab authors
//!                                     option name Hash type spin default 16 min 1 max 4096
//!                                     option name Stage type combo default cached var minimax …
//!                                     uciok
//!   isready                           readyok
//!   position startpos moves e2e4
//!   go wtime 60000 btime 60000        info depth 1 seldepth 1 score cp 35 nodes 21 … pv e7e5
//!                                     info depth 2 …
//!                                     bestmove e7e5
//! ```
//!
//! The engine is stateless between commands except for the position, the options and what
//! the search engine itself remembers (its transposition table, until `ucinewgame`).
//!
//! ## Parsing is a pure function
//!
//! [`parse_command`] turns one line into a [`Command`] or a [`UciError`] that says what was
//! wrong, and touches nothing else, so it can be tested (and fuzzed) on its own. Whether a FEN
//! or a move list makes sense is the job of [`PositionSpec::to_game`], also pure. The loop,
//! [`run`], only executes commands.
//!
//! ## Why the search runs on its own thread
//!
//! A GUI may say `stop` or `isready` *while* the engine thinks, and expects an answer at once:
//! `isready` is how it checks the engine is alive, `stop` ends an analysis. If the loop called
//! the search directly it would not read its input again until the search ended. So `go`
//! hands the engine and a copy of the position to a new thread and the loop keeps reading.
//! `stop` sets the search's [`StopFlag`], which the search reads at every node. When the
//! thread ends, it gives the engine back (its transposition table is worth keeping).
//!
//! Output comes from two threads (the loop answers `readyok`, the search prints `info` and
//! `bestmove`), so neither writes to the output itself: both send whole lines over a channel to
//! a third, small thread that owns the writer and flushes after every line. Lines never
//! interleave, and a GUI never waits on a line stuck in a buffer.
//!
//! One search runs at a time. A `go`, `setoption` or `ucinewgame` that arrives while one runs
//! (a GUI waits for `bestmove`, but a script piping commands does not) waits for it to finish;
//! during `go infinite`, which only `stop` ends, it is refused with an `info string`.
//! `position` is accepted at once and applies to the next `go`.
//!
//! ## How time is split
//!
//! The loop does no arithmetic of its own: `go` becomes a [`SearchLimits`] and
//! [`SearchLimits::time_budget`] turns it into two limits.
//! - `go movetime T`: think `T` less [`MOVE_OVERHEAD`](crate::limits::MOVE_OVERHEAD) (the
//!   time a thread switch, a pipe and the GUI take), both as the soft and the hard limit.
//! - `go wtime/btime [winc/binc] [movestogo]`: only the clock of the side to move counts. The
//!   budget is the time left shared over the moves to go (30 when unknown) plus most of the
//!   increment, the *soft* limit; no new iteration starts after it, since it would probably not
//!   finish. The *hard* limit, up to three times as much but never more than a third of the
//!   clock, aborts the running iteration. A negative clock (some GUIs send one after a
//!   flag-fall) counts as zero: move at once.
//!
//! The iterative stages always finish depth 1, so they always have a legal move, however little
//! time is left. The fixed-depth stages (`minimax`, `alphabeta`) know no time and no stop
//! flag: they search `go depth N` or their default depth, and `stop` only takes effect when
//! they finish. Use them with small depths; they are there to be compared, not to play blitz.
//!
//! ## Choices where the protocol is silent
//!
//! - **No legal move.** In a checkmate or stalemate position the engine answers, as Stockfish
//!   does, `info depth 0 score mate 0` (checkmated) or `info depth 0 score cp 0` (stalemate)
//!   and then `bestmove (none)`. python-chess reads that as "no move". A null move `0000` is
//!   never sent.
//! - **`go infinite`** never prints `bestmove` before `stop` (or `quit`), even if the search
//!   has finished, for example on a proven mate: the GUI asked to be told only when it says.
//! - **Bad input** (an unknown command, a malformed FEN, an illegal move in `moves`, a bad
//!   option value, `go` with a number that is not one) is answered with
//!   `info string <what was wrong>` and otherwise ignored. A bad `position` keeps the previous
//!   position; a bad `go` starts no search. Nothing the GUI sends makes the engine panic or
//!   exit, except `quit` and the end of the input.
//! - **Unsupported `go` parameters** (`ponder`, `searchmoves`, `mate`) are reported with an
//!   `info string` and the search runs with the other limits. A bare `go` searches to the
//!   stage's default depth.
//! - **End of input** (the GUI closed the pipe) waits for a running search with limits to
//!   finish, so `echo "go depth 5" | searchlab uci` prints its answer, then exits. An infinite
//!   search is stopped first. **`quit`** stops a running search and exits as soon as it has
//!   ended (a fixed-depth stage, which cannot be stopped, is waited for at most two seconds
//!   and then left behind: the process is ending anyway).
//! - **Numbers.** Any number that fits is accepted (`go movetime 184467440` thinks for two
//!   days, as asked); one that does not fit, or is negative where that means nothing (`depth`,
//!   `nodes`, `movetime`), is bad input. `depth` must be 1 to 64, `movetime` and `nodes` at
//!   least 1 ([`SearchLimits::validate`]).
//! - **`info` lines.** One per completed iteration of the iterative stages (depth, seldepth,
//!   score, nodes, nps, time, hashfull, pv), then, when the search ends, one summary line with the totals
//!   and `hashfull` (the only line for the fixed-depth stages). There is no quiescence search
//!   yet, so `seldepth` is the depth or the length of the principal variation if longer.

use crate::error::Error;
use crate::game::Game;
use crate::games::Chess;
use crate::limits::{Clock, SearchLimits, StopFlag};
use crate::score::{Depth, Score};
use crate::search::{
    engine_for, find_stage, strongest_stage, Engine, Stage, DEFAULT_HASH_MB, STAGES,
};
use crate::stats::{nodes_per_second, Iteration, SearchResult};
use chess::{ChessMove, Color};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};
use thiserror::Error;

/// The name the engine gives in answer to `uci`: `searchlab <version>`.
pub const ENGINE_NAME: &str = concat!("searchlab ", env!("CARGO_PKG_VERSION"));

/// The author the engine gives in answer to `uci`.
pub const ENGINE_AUTHOR: &str = "the searchlab authors";

/// The smallest `Hash` (transposition table size) the engine accepts, in MB.
pub const HASH_MIN_MB: usize = 1;

/// The largest `Hash` the engine accepts, in MB.
pub const HASH_MAX_MB: usize = 4096;

/// How long `quit` waits for a stopped search to end before leaving it behind.
const QUIT_GRACE: Duration = Duration::from_secs(2);

// ANCHOR: commands
/// One line from the GUI, understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify yourself and list the options.
    Uci,
    /// `debug on|off`: accepted; the engine has no debug output.
    Debug(bool),
    /// `isready`: answer `readyok` (at once, even while searching).
    IsReady,
    /// `setoption name <name> [value <value>]`.
    SetOption {
        /// The option's name (may contain spaces).
        name: String,
        /// Its new value, if one was given.
        value: Option<String>,
    },
    /// `ucinewgame`: the next position is from a different game.
    UciNewGame,
    /// `position startpos|fen <FEN> [moves ...]`.
    Position(PositionSpec),
    /// `go ...`: start searching.
    Go(GoParams),
    /// `stop`: end the search and send `bestmove`.
    Stop,
    /// `ponderhit`: accepted and ignored (the engine does not ponder).
    PonderHit,
    /// `quit`: stop and exit.
    Quit,
}

/// A `position` command: where the game started, and the moves played since.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionSpec {
    /// The starting FEN, or `None` for the standard start position.
    pub fen: Option<String>,
    /// The moves played from there, in UCI notation, not yet checked.
    pub moves: Vec<String>,
}

/// The parameters of a `go` command, as given (times in milliseconds).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// `depth N`: search N plies.
    pub depth: Option<Depth>,
    /// `nodes N`: search about N nodes.
    pub nodes: Option<u64>,
    /// `movetime T`: think exactly T ms.
    pub movetime: Option<u64>,
    /// `wtime T`: White's clock (negative values are kept, and count as zero).
    pub wtime: Option<i64>,
    /// `btime T`: Black's clock.
    pub btime: Option<i64>,
    /// `winc T`: White's increment per move.
    pub winc: Option<i64>,
    /// `binc T`: Black's increment per move.
    pub binc: Option<i64>,
    /// `movestogo N`: moves until the next time control.
    pub movestogo: Option<u32>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// Parameters understood but not supported (`ponder`, `searchmoves ...`, `mate N`).
    pub unsupported: Vec<String>,
}
// ANCHOR_END: commands

/// What was wrong with a line from the GUI (sent back as `info string <message>`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum UciError {
    /// The line was empty (the loop ignores those silently).
    #[error("empty line")]
    Empty,
    /// The first word is not a UCI command.
    #[error("unknown command '{0}'")]
    UnknownCommand(String),
    /// A command lacks a part it needs.
    #[error("'{command}' needs {what}")]
    Missing {
        /// The command.
        command: &'static str,
        /// What it needs.
        what: &'static str,
    },
    /// A word the command does not expect at that place.
    #[error("'{command}': unexpected '{token}'")]
    Unexpected {
        /// The command.
        command: &'static str,
        /// The word found.
        token: String,
    },
    /// A `go` parameter whose value is not a number of the right kind.
    #[error("go {param}: '{value}' is not {expected}")]
    BadNumber {
        /// The parameter (`depth`, `wtime`, ...).
        param: String,
        /// The text found.
        value: String,
        /// What was expected there.
        expected: &'static str,
    },
    /// A FEN that cannot be read, or a move that is not legal where it is played.
    #[error("{0}")]
    Position(Error),
    /// Limits that make no sense (`go depth 0`, `go movetime 0`, ...).
    #[error("{0}")]
    Limit(Error),
    /// An option the engine does not have.
    #[error("unknown option '{0}'; the options are Hash and Stage")]
    UnknownOption(String),
    /// A value an option does not accept.
    #[error("option {name}: bad value '{value}': {reason}")]
    BadOptionValue {
        /// The option.
        name: String,
        /// The value given.
        value: String,
        /// Why it is refused.
        reason: String,
    },
}

// ANCHOR: parse
/// Reads one line from the GUI. Pure: it checks the syntax only (a FEN's fields and the moves
/// are checked by [`PositionSpec::to_game`], an option's value when it is set).
///
/// ```
/// use searchlab::uci::{parse_command, Command};
/// assert_eq!(parse_command("isready"), Ok(Command::IsReady));
/// let Ok(Command::Go(go)) = parse_command("go wtime 1000 btime 900 winc 10") else { panic!() };
/// assert_eq!((go.wtime, go.btime, go.winc), (Some(1000), Some(900), Some(10)));
/// assert!(parse_command("go depth deep").is_err());
/// ```
pub fn parse_command(line: &str) -> Result<Command, UciError> {
    let mut words = line.split_whitespace();
    let Some(command) = words.next() else {
        return Err(UciError::Empty);
    };
    let rest: Vec<&str> = words.collect();
    let no_arguments = |command: Command, name: &'static str| match rest.first() {
        None => Ok(command),
        Some(token) => Err(UciError::Unexpected {
            command: name,
            token: token.to_string(),
        }),
    };
    match command {
        "uci" => no_arguments(Command::Uci, "uci"),
        "isready" => no_arguments(Command::IsReady, "isready"),
        "ucinewgame" => no_arguments(Command::UciNewGame, "ucinewgame"),
        "stop" => no_arguments(Command::Stop, "stop"),
        "ponderhit" => no_arguments(Command::PonderHit, "ponderhit"),
        "quit" => no_arguments(Command::Quit, "quit"),
        "debug" => match rest.as_slice() {
            ["on"] => Ok(Command::Debug(true)),
            ["off"] => Ok(Command::Debug(false)),
            _ => Err(UciError::Missing {
                command: "debug",
                what: "'on' or 'off'",
            }),
        },
        "setoption" => parse_setoption(&rest),
        "position" => parse_position(&rest).map(Command::Position),
        "go" => parse_go(&rest).map(Command::Go),
        other => Err(UciError::UnknownCommand(other.to_string())),
    }
}

/// `setoption name <words> [value <words>]`.
fn parse_setoption(words: &[&str]) -> Result<Command, UciError> {
    let missing = UciError::Missing {
        command: "setoption",
        what: "'name <option>'",
    };
    match words.first() {
        Some(&"name") => {}
        Some(token) => {
            return Err(UciError::Unexpected {
                command: "setoption",
                token: token.to_string(),
            })
        }
        None => return Err(missing),
    }
    let words = &words[1..];
    let (name, value) = match words.iter().position(|&w| w == "value") {
        Some(i) => (&words[..i], Some(words[i + 1..].join(" "))),
        None => (words, None),
    };
    if name.is_empty() {
        return Err(missing);
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

/// `position startpos|fen <FEN> [moves ...]`.
fn parse_position(words: &[&str]) -> Result<PositionSpec, UciError> {
    let moves_at = words.iter().position(|&w| w == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let fen = match setup {
        ["startpos"] => None,
        ["startpos", token, ..] => {
            return Err(UciError::Unexpected {
                command: "position",
                token: token.to_string(),
            })
        }
        ["fen"] => {
            return Err(UciError::Missing {
                command: "position fen",
                what: "a FEN",
            })
        }
        ["fen", fields @ ..] => Some(fields.join(" ")),
        [token, ..] => {
            return Err(UciError::Unexpected {
                command: "position",
                token: token.to_string(),
            })
        }
        [] => {
            return Err(UciError::Missing {
                command: "position",
                what: "'startpos' or 'fen <FEN>'",
            })
        }
    };
    Ok(PositionSpec {
        fen,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

/// `go` and its parameters, in any order.
fn parse_go(words: &[&str]) -> Result<GoParams, UciError> {
    let mut go = GoParams::default();
    let mut i = 0;
    while i < words.len() {
        let param = words[i];
        i += 1;
        // The value after `param`, if the parameter takes one.
        let mut value = || -> Result<&str, UciError> {
            let v = words.get(i).copied().ok_or_else(|| UciError::BadNumber {
                param: param.to_string(),
                value: String::new(),
                expected: "given (a number must follow)",
            })?;
            i += 1;
            Ok(v)
        };
        match param {
            "depth" => go.depth = Some(number(param, value()?, "a depth (1 or more plies)")?),
            "nodes" => go.nodes = Some(number(param, value()?, "a node count")?),
            "movetime" => go.movetime = Some(number(param, value()?, "a time in ms")?),
            "wtime" => go.wtime = Some(number(param, value()?, "a time in ms")?),
            "btime" => go.btime = Some(number(param, value()?, "a time in ms")?),
            "winc" => go.winc = Some(number(param, value()?, "a time in ms")?),
            "binc" => go.binc = Some(number(param, value()?, "a time in ms")?),
            "movestogo" => go.movestogo = Some(number(param, value()?, "a move count")?),
            "mate" => {
                let moves: u32 = number(param, value()?, "a move count")?;
                go.unsupported.push(format!("mate {moves}"));
            }
            "infinite" => go.infinite = true,
            "ponder" => go.unsupported.push("ponder".to_string()),
            "searchmoves" => {
                let start = i;
                while i < words.len() && !is_go_keyword(words[i]) {
                    i += 1;
                }
                go.unsupported
                    .push(format!("searchmoves {}", words[start..i].join(" ")));
            }
            other => {
                return Err(UciError::Unexpected {
                    command: "go",
                    token: other.to_string(),
                })
            }
        }
    }
    Ok(go)
}

/// The words that start a `go` parameter (they end a `searchmoves` list).
fn is_go_keyword(word: &str) -> bool {
    matches!(
        word,
        "depth"
            | "nodes"
            | "movetime"
            | "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "mate"
            | "infinite"
            | "ponder"
            | "searchmoves"
    )
}

/// Parses a number for `go <param>`, or says what was expected.
fn number<T: std::str::FromStr>(
    param: &str,
    text: &str,
    expected: &'static str,
) -> Result<T, UciError> {
    text.parse().map_err(|_| UciError::BadNumber {
        param: param.to_string(),
        value: text.to_string(),
        expected,
    })
}
// ANCHOR_END: parse

impl PositionSpec {
    /// Builds the game: the FEN (or the start position), then every move, each checked for
    /// legality where it is played. The history is kept, so the search sees repetitions.
    pub fn to_game(&self) -> Result<Chess, UciError> {
        let mut game = match &self.fen {
            None => Chess::start(),
            Some(fen) => Chess::from_fen(fen).map_err(UciError::Position)?,
        };
        for mv in &self.moves {
            game.play_uci(mv).map_err(UciError::Position)?;
        }
        Ok(game)
    }
}

// ANCHOR: limits
impl GoParams {
    /// The search limits these parameters ask for, when `side` is to move: only that side's
    /// clock and increment count. The limits are checked ([`SearchLimits::validate`]).
    pub fn limits(&self, side: Color) -> Result<SearchLimits, UciError> {
        let ms = |t: i64| Duration::from_millis(t.max(0).unsigned_abs());
        let (time, increment) = match side {
            Color::White => (self.wtime, self.winc),
            Color::Black => (self.btime, self.binc),
        };
        let limits = SearchLimits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime.map(Duration::from_millis),
            clock: time.map(|t| Clock {
                remaining: ms(t),
                increment: ms(increment.unwrap_or(0)),
                moves_to_go: self.movestogo,
            }),
            stop: StopFlag::new(),
            infinite: self.infinite,
        };
        limits.validate().map_err(UciError::Limit)?;
        Ok(limits)
    }
}
// ANCHOR_END: limits

/// Is `stage` one of the fixed-depth stages, which ignore time, node limits and `stop`?
pub fn is_fixed_depth(stage: &str) -> bool {
    STAGES.iter().any(|s| s.name == stage && s.fixed_depth)
}

// ANCHOR: info
/// The `info` line for one completed iteration.
pub fn iteration_info(iteration: &Iteration) -> String {
    info_line(
        iteration.depth,
        iteration.score,
        iteration.nodes,
        iteration.time,
        iteration.hashfull,
        &iteration.pv,
    )
}

/// The summary `info` line of a finished search: totals, and how full the table is.
pub fn result_info(result: &SearchResult<ChessMove>, hashfull: u32) -> String {
    let pv: Vec<String> = result.pv.iter().map(|m| m.to_string()).collect();
    info_line(
        result.depth,
        result.score,
        result.nodes(),
        result.time,
        hashfull,
        &pv,
    )
}

/// An `info` line: depth, seldepth (the depth, or the length of the line if longer), score,
/// nodes, nps, time, hashfull and, if there is a line to show, ` pv <moves>`.
fn info_line(
    depth: Depth,
    score: Score,
    nodes: u64,
    time: Duration,
    hashfull: u32,
    pv: &[String],
) -> String {
    let seldepth = (pv.len() as Depth).max(depth);
    let mut line = format!(
        "info depth {depth} seldepth {seldepth} score {score} nodes {nodes} nps {} time {} hashfull {hashfull}",
        nodes_per_second(nodes, time),
        time.as_millis(),
    );
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}

/// The answer in a position with no legal move: `score mate 0` when checkmated, `score cp 0`
/// when stalemated (see the module docs).
pub fn no_move_info(game: &Chess) -> String {
    let score = if game.in_check() {
        Score::mated_in(0)
    } else {
        Score::DRAW
    };
    format!("info depth 0 score {score}")
}
// ANCHOR_END: info

/// The lines that answer `uci`: identity, options, `uciok`.
pub fn uci_lines() -> Vec<String> {
    let stages: Vec<String> = STAGES.iter().map(|s| format!("var {}", s.name)).collect();
    vec![
        format!("id name {ENGINE_NAME}"),
        format!("id author {ENGINE_AUTHOR}"),
        format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min {HASH_MIN_MB} max {HASH_MAX_MB}"
        ),
        format!(
            "option name Stage type combo default {} {}",
            strongest_stage(),
            stages.join(" ")
        ),
        "uciok".to_string(),
    ]
}

// ANCHOR: loop
/// A message for the output thread.
enum ToGui {
    /// One line, without its newline.
    Line(String),
    /// Nothing more will be printed: the thread ends.
    Close,
}

/// Speaks UCI: reads commands from `input` until `quit` or its end, answers on `output`
/// (one flush per line). Returns an error only if reading or writing fails; bad commands are
/// answered with `info string` and never end the loop.
///
/// Generic over the reader and writer, so tests drive it in memory:
///
/// ```
/// let mut out = Vec::new();
/// let input = "position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\ngo depth 3\n";
/// searchlab::uci::run(input.as_bytes(), &mut out).unwrap();
/// assert!(String::from_utf8(out).unwrap().ends_with("bestmove a1a8\n"));
/// ```
pub fn run<R: BufRead, W: Write + Send>(input: R, output: W) -> io::Result<()> {
    let (to_gui, lines) = mpsc::channel();
    thread::scope(|scope| {
        let printer = scope.spawn(move || print_lines(lines, output));
        let served = Session::new(to_gui.clone()).and_then(|mut session| session.serve(input));
        // Ignored: if the printer has already stopped, it has its own error to report.
        let _ = to_gui.send(ToGui::Close);
        let printed = printer
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the output thread panicked")));
        served.and(printed)
    })
}

/// The output thread: writes each line it receives, flushing every time.
fn print_lines<W: Write>(lines: Receiver<ToGui>, mut output: W) -> io::Result<()> {
    while let Ok(ToGui::Line(line)) = lines.recv() {
        writeln!(output, "{line}")?;
        output.flush()?;
    }
    Ok(())
}

/// A search running on its own thread.
struct RunningSearch {
    /// Set by `stop` or `quit`.
    stop: StopFlag,
    /// `go infinite`: `bestmove` waits for `stop`.
    infinite: bool,
    /// Set by the search thread just before it sends `bestmove`.
    reported: Arc<AtomicBool>,
    /// The thread; it returns the engine when it ends.
    handle: JoinHandle<Box<dyn Engine<Chess>>>,
}

impl RunningSearch {
    /// Stops the search, and wakes its thread should it be waiting for `stop` (`go infinite`).
    fn halt(&self) {
        self.stop.stop();
        self.handle.thread().unpark();
    }
}

/// The loop's state between commands.
struct Session {
    to_gui: Sender<ToGui>,
    /// The position the next `go` searches.
    game: Chess,
    /// The `Stage` option.
    stage: &'static Stage,
    /// The `Hash` option, in MB.
    hash_mb: usize,
    /// The engine, while no search has it.
    engine: Option<Box<dyn Engine<Chess>>>,
    /// The search that has it.
    search: Option<RunningSearch>,
}

impl Session {
    fn new(to_gui: Sender<ToGui>) -> io::Result<Session> {
        let stage = find_stage(strongest_stage()).map_err(io::Error::other)?;
        let engine = engine_for::<Chess>(stage.name).map_err(io::Error::other)?;
        Ok(Session {
            to_gui,
            game: Chess::start(),
            stage,
            hash_mb: DEFAULT_HASH_MB,
            engine: Some(engine),
            search: None,
        })
    }

    /// Sends one line to the GUI. A line that cannot be sent is dropped: the output thread has
    /// stopped because the GUI is gone, and its error is what `run` reports.
    fn say(&self, line: impl Into<String>) {
        let _ = self.to_gui.send(ToGui::Line(line.into()));
    }

    /// Sends `info string <message>`, on one line whatever the message holds.
    fn tell(&self, message: impl std::fmt::Display) {
        let text = message.to_string().replace(['\r', '\n'], " ");
        self.say(format!("info string {text}"));
    }

    /// Reads and executes lines until `quit` or the end of the input.
    fn serve<R: BufRead>(&mut self, mut input: R) -> io::Result<()> {
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            if input.read_until(b'\n', &mut bytes)? == 0 {
                self.finish_search();
                return Ok(());
            }
            // GUIs send ASCII; anything else is kept readable rather than refused.
            let line = String::from_utf8_lossy(&bytes);
            match parse_command(&line) {
                Ok(Command::Quit) => {
                    self.quit();
                    return Ok(());
                }
                Ok(command) => self.execute(command),
                Err(UciError::Empty) => {}
                Err(error) => self.tell(error),
            }
        }
    }

    /// Executes one command (all but `quit`).
    fn execute(&mut self, command: Command) {
        match command {
            Command::Uci => uci_lines().into_iter().for_each(|line| self.say(line)),
            Command::Debug(_) | Command::PonderHit | Command::Quit => {}
            Command::IsReady => self.say("readyok"),
            Command::SetOption { name, value } => {
                if let Some(engine) = self.idle_engine("setoption") {
                    let outcome = set_option(self, engine, &name, value.as_deref());
                    if let Err(error) = outcome {
                        self.tell(error);
                    }
                }
            }
            Command::UciNewGame => {
                if let Some(mut engine) = self.idle_engine("ucinewgame") {
                    engine.new_game();
                    self.engine = Some(engine);
                    self.game = Chess::start();
                }
            }
            Command::Position(spec) => match spec.to_game() {
                Ok(game) => self.game = game,
                Err(error) => self.tell(format!(
                    "bad position, keeping the previous one ({}): {error}",
                    self.game.fen()
                )),
            },
            Command::Go(go) => self.go(&go),
            Command::Stop => {
                if let Some(search) = &self.search {
                    search.halt();
                }
            }
        }
    }

    /// Takes the engine for a command that needs it. A search with limits is waited for (the
    /// GUI should not send such a command before `bestmove`, but a script piping commands
    /// does); during `go infinite` the command is refused, since only `stop` ends that search.
    fn idle_engine(&mut self, command: &str) -> Option<Box<dyn Engine<Chess>>> {
        self.reclaim_engine();
        if let Some(search) = self.search.take() {
            if search.infinite && !search.stop.is_stopped() {
                self.search = Some(search);
                self.tell(format!(
                    "{command} ignored: an infinite search is running (send stop first)"
                ));
                return None;
            }
            self.join(search);
        }
        self.engine.take()
    }

    /// If the running search has ended (or is about to: it has sent its `bestmove`), joins it
    /// and takes the engine back.
    fn reclaim_engine(&mut self) {
        let ended = self.search.as_ref().is_some_and(|search| {
            search.handle.is_finished() || search.reported.load(Ordering::Acquire)
        });
        if ended {
            if let Some(search) = self.search.take() {
                self.join(search);
            }
        }
    }

    /// Waits for a search thread and takes its engine back. Should the thread have panicked
    /// (a bug), a fresh engine replaces the lost one.
    fn join(&mut self, search: RunningSearch) {
        match search.handle.join() {
            Ok(engine) => self.engine = Some(engine),
            Err(_) => {
                self.tell("the search failed; starting a fresh engine");
                self.engine = self.fresh_engine().ok();
            }
        }
    }

    /// A new engine of the current stage with the current hash size.
    fn fresh_engine(&self) -> Result<Box<dyn Engine<Chess>>, Error> {
        let mut engine = engine_for::<Chess>(self.stage.name)?;
        if self.hash_mb != DEFAULT_HASH_MB {
            engine.set_hash_size(self.hash_mb);
        }
        Ok(engine)
    }

    /// End of input: let a search with limits finish (stop an infinite one), then return.
    fn finish_search(&mut self) {
        if let Some(search) = self.search.take() {
            if search.infinite {
                search.halt();
            }
            self.join(search);
        }
    }

    /// `quit`: stop the search and wait a little for it; a fixed-depth stage that cannot be
    /// stopped is left behind (the process is about to end).
    fn quit(&mut self) {
        if let Some(search) = self.search.take() {
            search.halt();
            let deadline = Instant::now() + QUIT_GRACE;
            while !search.handle.is_finished() && Instant::now() < deadline {
                thread::sleep(Duration::from_millis(1));
            }
            if search.handle.is_finished() {
                self.join(search);
            }
        }
    }

    // ANCHOR: go
    /// `go`: check the limits, then hand the engine and a copy of the position to a thread.
    fn go(&mut self, go: &GoParams) {
        let limits = match go.limits(self.game.side_to_move()) {
            Ok(limits) => limits,
            Err(error) => return self.tell(format!("go ignored: {error}")),
        };
        let Some(engine) = self.idle_engine("go") else {
            return;
        };
        for parameter in &go.unsupported {
            self.tell(format!("go {parameter} is not supported; ignored"));
        }
        if self.stage.fixed_depth
            && (go.nodes.is_some()
                || go.movetime.is_some()
                || go.wtime.is_some()
                || go.btime.is_some())
        {
            self.tell(format!(
                "stage {} searches a fixed depth: time and node limits are ignored",
                self.stage.name
            ));
        }
        let reported = Arc::new(AtomicBool::new(false));
        let stop = limits.stop.clone();
        let job = SearchJob {
            engine,
            game: self.game.clone(),
            limits,
            to_gui: self.to_gui.clone(),
            reported: Arc::clone(&reported),
        };
        let spawned = thread::Builder::new()
            .name("search".into())
            .spawn(move || job.run());
        match spawned {
            Ok(handle) => {
                self.search = Some(RunningSearch {
                    stop,
                    infinite: go.infinite,
                    reported,
                    handle,
                })
            }
            Err(error) => {
                // The engine went into the closure that was never run.
                self.tell(format!("could not start the search thread: {error}"));
                self.engine = self.fresh_engine().ok();
            }
        }
    }
    // ANCHOR_END: go
}

/// `setoption`: `Hash` resizes the table, `Stage` swaps the engine. The engine is put back in
/// the session whatever happens.
fn set_option(
    session: &mut Session,
    mut engine: Box<dyn Engine<Chess>>,
    name: &str,
    value: Option<&str>,
) -> Result<(), UciError> {
    let bad_value = |reason: String| UciError::BadOptionValue {
        name: name.to_string(),
        value: value.unwrap_or("").to_string(),
        reason,
    };
    let outcome = if name.eq_ignore_ascii_case("hash") {
        value
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|mb| (HASH_MIN_MB..=HASH_MAX_MB).contains(mb))
            .map(|mb| {
                engine.set_hash_size(mb);
                session.hash_mb = mb;
            })
            .ok_or_else(|| bad_value(format!("a size in MB from {HASH_MIN_MB} to {HASH_MAX_MB}")))
    } else if name.eq_ignore_ascii_case("stage") {
        match find_stage(value.unwrap_or("")) {
            Ok(stage) => {
                session.stage = stage;
                match session.fresh_engine() {
                    Ok(fresh) => {
                        engine = fresh;
                        Ok(())
                    }
                    Err(error) => Err(bad_value(error.to_string())),
                }
            }
            Err(Error::UnknownStage { known, .. }) => {
                Err(bad_value(format!("the stages are {known}")))
            }
            Err(error) => Err(bad_value(error.to_string())),
        }
    } else {
        Err(UciError::UnknownOption(name.to_string()))
    };
    session.engine = Some(engine);
    outcome
}

/// Everything a search thread owns.
struct SearchJob {
    engine: Box<dyn Engine<Chess>>,
    game: Chess,
    limits: SearchLimits,
    to_gui: Sender<ToGui>,
    reported: Arc<AtomicBool>,
}

impl SearchJob {
    /// Searches, prints `info` lines and `bestmove`, and gives the engine back.
    fn run(mut self) -> Box<dyn Engine<Chess>> {
        let say = |line: String| {
            let _ = self.to_gui.send(ToGui::Line(line));
        };
        let legal = self.game.legal_moves();
        let best = if legal.is_empty() {
            say(no_move_info(&self.game));
            None
        } else {
            let observer_line = self.to_gui.clone();
            self.engine
                .set_iteration_observer(Some(Box::new(move |iteration: &Iteration| {
                    let _ = observer_line.send(ToGui::Line(iteration_info(iteration)));
                })));
            let result = self.engine.search(&mut self.game, &self.limits);
            self.engine.set_iteration_observer(None);
            say(result_info(&result, self.engine.hashfull()));
            // Never send an illegal move, whatever a stage returned.
            match result.best_move.filter(|mv| legal.contains(mv)) {
                Some(mv) => Some(mv),
                None => {
                    say(
                        "info string the search returned no legal move; playing the first one"
                            .into(),
                    );
                    legal.first().copied()
                }
            }
        };
        if self.limits.infinite {
            // `go infinite`: the answer waits for `stop` (which also unparks this thread).
            while !self.limits.stop.is_stopped() {
                thread::park_timeout(Duration::from_millis(50));
            }
        }
        self.reported.store(true, Ordering::Release);
        say(match best {
            Some(mv) => format!("bestmove {mv}"),
            None => "bestmove (none)".to_string(),
        });
        self.engine
    }
}
// ANCHOR_END: loop

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_positions() {
        fn spec(line: &str) -> Result<PositionSpec, UciError> {
            match parse_command(line) {
                Ok(Command::Position(spec)) => Ok(spec),
                Ok(other) => panic!("not a position: {other:?}"),
                Err(e) => Err(e),
            }
        }
        assert_eq!(
            spec("position startpos moves e2e4 e7e5"),
            Ok(PositionSpec {
                fen: None,
                moves: vec!["e2e4".into(), "e7e5".into()]
            })
        );
        let fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
        assert_eq!(
            spec(&format!("position fen {fen}")).map(|s| s.fen),
            Ok(Some(fen.to_string()))
        );
        assert!(spec("position").is_err());
        assert!(spec("position fen").is_err());
        assert!(spec("position startpos e2e4").is_err());
        assert!(spec("position fen 8/8/8 w - - 0 1")
            .and_then(|s| s.to_game())
            .is_err());
        assert!(spec("position startpos moves e2e5")
            .and_then(|s| s.to_game())
            .is_err());
    }

    #[test]
    fn parses_go_and_options() {
        let Ok(Command::Go(go)) = parse_command("go movetime 50 infinite searchmoves e2e4 depth 3")
        else {
            panic!("go not parsed")
        };
        assert_eq!(go.movetime, Some(50));
        assert_eq!(go.depth, Some(3));
        assert!(go.infinite);
        assert_eq!(go.unsupported, vec!["searchmoves e2e4".to_string()]);
        assert!(parse_command("go depth").is_err());
        assert!(parse_command("go depth -1").is_err());
        assert!(parse_command("go nodes 1e6").is_err());
        assert!(parse_command("go fast").is_err());
        assert_eq!(
            parse_command("setoption name Clear Hash"),
            Ok(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
        assert_eq!(
            parse_command("setoption name Stage value alphabeta"),
            Ok(Command::SetOption {
                name: "Stage".into(),
                value: Some("alphabeta".into())
            })
        );
        assert!(parse_command("setoption value 3").is_err());
        assert!(parse_command("frobnicate").is_err());
        assert_eq!(parse_command("   "), Err(UciError::Empty));
    }

    #[test]
    fn clock_of_the_side_to_move() {
        let go = GoParams {
            wtime: Some(60_000),
            btime: Some(-5),
            winc: Some(1000),
            ..GoParams::default()
        };
        let white = go.limits(Color::White).map(|l| l.clock);
        let black = go.limits(Color::Black).map(|l| l.clock);
        assert_eq!(
            white.ok().flatten().map(|c| (c.remaining, c.increment)),
            Some((Duration::from_secs(60), Duration::from_secs(1)))
        );
        assert_eq!(
            black.ok().flatten().map(|c| c.remaining),
            Some(Duration::ZERO)
        );
        let zero = GoParams {
            movetime: Some(0),
            ..GoParams::default()
        };
        assert!(zero.limits(Color::White).is_err());
    }
}
