//! The GUI's commands, understood: parsing and checking is a pure function.
//!
//! [`parse_command`] turns one line into a [`Command`] or a [`UciError`] that says what was
//! wrong, and touches nothing else, so it can be tested (and fuzzed) on its own. Whether a FEN
//! or a move list makes sense is the job of [`PositionSpec::to_game`], also pure, and what
//! limits a `go` asks for, of [`GoParams::limits`].

use crate::error::Error;
use crate::games::Chess;
use crate::limits::{Clock, SearchLimits, StopFlag, MAX_DEPTH};
use crate::score::Depth;
use chess::Color;
use std::time::Duration;
use thiserror::Error;

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
    /// `ponderhit`: the opponent played the move the engine pondered on; its clock runs.
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

/// The parameters of a `go` command, as read (times in milliseconds). A `go` is never refused:
/// a limit below its least value is raised to it, a word that means nothing is left out, and
/// each such reading is a [`GoParams::notes`] line the GUI is told.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// `depth N`: search N plies (1 to [`MAX_DEPTH`]).
    pub depth: Option<Depth>,
    /// `nodes N`: search about N nodes (at least 1).
    pub nodes: Option<u64>,
    /// `movetime T`: think exactly T ms (at least 1).
    pub movetime: Option<u64>,
    /// `wtime T`: White's clock (negative values are kept, and count as zero).
    pub wtime: Option<i64>,
    /// `btime T`: Black's clock.
    pub btime: Option<i64>,
    /// `winc T`: White's increment per move.
    pub winc: Option<i64>,
    /// `binc T`: Black's increment per move.
    pub binc: Option<i64>,
    /// `movestogo N`: moves until the next time control (at least 1).
    pub movestogo: Option<u32>,
    /// `mate N`: look for a mate in N moves (at least 1), and stop when one is found.
    pub mate: Option<u32>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `ponder`: think on the opponent's time, with no clock running until `ponderhit`.
    pub ponder: bool,
    /// `searchmoves m1 m2 …`: only these root moves, as written (the loop checks them against
    /// the position).
    pub searchmoves: Vec<String>,
    /// How the line was read where it was not as UCI writes it: a limit raised to its least
    /// value, a word left out.
    pub notes: Vec<String>,
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
    /// A FEN that cannot be read, or a move that is not legal where it is played.
    #[error("{0}")]
    Position(Error),
    /// An option the engine does not have.
    #[error("unknown option '{0}'; the options are {OPTION_NAMES}")]
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

/// The options the engine has, as the unknown-option message lists them.
pub const OPTION_NAMES: &str = "Hash, Threads, MultiPV, Ponder, Move Overhead, Stage and EvalFile";

// ANCHOR: parse
/// Reads one line from the GUI. Pure: it checks the syntax only (a FEN's fields and the moves
/// are checked by [`PositionSpec::to_game`], an option's value when it is set).
///
/// ```
/// use searchlab_engine::uci::{parse_command, Command};
/// assert_eq!(parse_command("isready"), Ok(Command::IsReady));
/// let Ok(Command::Go(go)) = parse_command("go wtime 1000 btime 900 winc 10") else { panic!() };
/// assert_eq!((go.wtime, go.btime, go.winc), (Some(1000), Some(900), Some(10)));
/// // A `go` is always read: what cannot be is left out, and said.
/// let Ok(Command::Go(go)) = parse_command("go depth deep") else { panic!() };
/// assert_eq!((go.depth, go.notes.len()), (None, 1));
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
        "go" => Ok(Command::Go(parse_go(&rest))),
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

/// `go` and its parameters, in any order. Never an error: see [`GoParams`].
fn parse_go(words: &[&str]) -> GoParams {
    let mut go = GoParams::default();
    let mut i = 0;
    while i < words.len() {
        let param = words[i];
        i += 1;
        if !is_go_keyword(param) {
            go.notes
                .push(format!("go: '{param}' is not a go parameter; left out"));
            continue;
        }
        match param {
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                while i < words.len() && !is_go_keyword(words[i]) {
                    go.searchmoves.push(words[i].to_string());
                    i += 1;
                }
            }
            _ => {
                // Every other parameter takes a number.
                let Some(value) = words.get(i).filter(|w| !is_go_keyword(w)) else {
                    go.notes
                        .push(format!("go {param}: no number follows; left out"));
                    continue;
                };
                i += 1;
                let Ok(n) = value.parse::<i128>() else {
                    go.notes.push(format!(
                        "go {param}: '{value}' is not a whole number; left out"
                    ));
                    continue;
                };
                go.set(param, n);
            }
        }
    }
    go
}

impl GoParams {
    /// Sets the numeric parameter `param` to `n`, raised or lowered into its range (and
    /// noted if it had to be).
    fn set(&mut self, param: &str, n: i128) {
        let mut within = |least: i128, most: i128| {
            let kept = n.clamp(least, most);
            if kept != n {
                let which = if n < least { "raised" } else { "lowered" };
                self.notes.push(format!("go {param} {n} {which} to {kept}"));
            }
            kept
        };
        // The casts are exact: each value was clamped into the type's range.
        match param {
            "depth" => self.depth = Some(within(1, MAX_DEPTH as i128) as Depth),
            "nodes" => self.nodes = Some(within(1, u64::MAX as i128) as u64),
            "movetime" => self.movetime = Some(within(1, u64::MAX as i128) as u64),
            "movestogo" => self.movestogo = Some(within(1, u32::MAX as i128) as u32),
            "mate" => self.mate = Some(within(1, u32::MAX as i128) as u32),
            // A clock may be negative (some GUIs send one after a flag fall): it counts as 0.
            "wtime" => self.wtime = Some(within(i64::MIN as i128, i64::MAX as i128) as i64),
            "btime" => self.btime = Some(within(i64::MIN as i128, i64::MAX as i128) as i64),
            "winc" => self.winc = Some(within(i64::MIN as i128, i64::MAX as i128) as i64),
            "binc" => self.binc = Some(within(i64::MIN as i128, i64::MAX as i128) as i64),
            _ => self
                .notes
                .push(format!("go: '{param}' takes no number; left out")),
        }
    }
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
    /// clock and increment count. (`mate`, `ponder` and `searchmoves` are the loop's to apply:
    /// they depend on the engine and the position.)
    pub fn limits(&self, side: Color) -> SearchLimits {
        let ms = |t: i64| Duration::from_millis(t.max(0).unsigned_abs());
        let (time, increment) = match side {
            Color::White => (self.wtime, self.winc),
            Color::Black => (self.btime, self.binc),
        };
        SearchLimits {
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
            ..SearchLimits::default()
        }
    }
}
// ANCHOR_END: limits

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
        assert_eq!(go.searchmoves, vec!["e2e4".to_string()]);
        assert!(go.notes.is_empty());
        // Every `go` is read; what is out of range is brought in, what is not a number is
        // left out, and each is a note for the GUI.
        let go = |line: &str| match parse_command(line) {
            Ok(Command::Go(go)) => go,
            other => panic!("{line}: {other:?}"),
        };
        let depth = go("go depth");
        assert_eq!((depth.depth, depth.notes.len()), (None, 1));
        let raised = go("go depth 0 movetime -5 nodes 0 mate 0 movestogo 0");
        assert_eq!(
            (raised.depth, raised.movetime, raised.nodes, raised.mate),
            (Some(1), Some(1), Some(1), Some(1))
        );
        assert_eq!(raised.movestogo, Some(1));
        assert_eq!(raised.notes[0], "go depth 0 raised to 1");
        assert_eq!(raised.notes.len(), 5);
        assert_eq!(go("go depth 999").depth, Some(MAX_DEPTH));
        let bad = go("go nodes 1e6 fast wtime 100");
        assert_eq!(
            (bad.nodes, bad.wtime, bad.notes.len()),
            (None, Some(100), 2)
        );
        let ponder = go("go ponder wtime 1000 btime 1000 searchmoves e2e4 d2d4 mate 3");
        assert!(ponder.ponder && ponder.notes.is_empty());
        assert_eq!((ponder.searchmoves.len(), ponder.mate), (2, Some(3)));
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
        let white = go.limits(Color::White).clock;
        let black = go.limits(Color::Black).clock;
        assert_eq!(
            white.map(|c| (c.remaining, c.increment)),
            Some((Duration::from_secs(60), Duration::from_secs(1)))
        );
        assert_eq!(black.map(|c| c.remaining), Some(Duration::ZERO));
    }
}
