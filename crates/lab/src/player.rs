//! Who plays a match game: a stage of the ladder in this process, or any engine that speaks
//! UCI in a process of its own (Stockfish at a limited strength, an older build of searchlab).
//!
//! The referee ([`crate::referee`]) keeps the board and the clocks and asks a
//! [`Player`] for one move at a time, with a [`Go`]: the limits of this move and, under a time
//! control, both clocks as they stand. Both kinds of player see exactly that, so a stage and a
//! UCI engine play on equal terms.

use chess::ChessMove;
use searchlab_engine::error::{Error, Result};
use searchlab_engine::game::Game;
use searchlab_engine::games::Chess;
use searchlab_engine::limits::{Clock, SearchLimits};
use searchlab_engine::score::Depth;
use searchlab_engine::search::{Engine, EngineSpec};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// A player, as the command line names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// A stage (or side engine) of this crate, with its settings.
    Stage(EngineSpec<Chess>),
    /// A UCI engine: the command that starts it (split on whitespace: program, then
    /// arguments), and the options to set before the first game.
    Uci {
        /// The command line, e.g. `/usr/games/stockfish` or `target/release/searchlab uci`.
        command: String,
        /// `setoption name <name> value <value>` for each, in order.
        options: Vec<(String, String)>,
    },
}

impl PlayerSpec {
    /// A stage of this crate, described by `text` (`selective -null_move`): an error naming
    /// the bad word if it describes none.
    pub fn stage(text: &str) -> Result<PlayerSpec> {
        Ok(PlayerSpec::Stage(text.parse()?))
    }

    /// The name shown in tables and PGN headers: the stage, or the engine's program name
    /// (with its options, if any, so two settings of one engine are told apart).
    pub fn name(&self) -> String {
        match self {
            PlayerSpec::Stage(stage) => stage.to_string(),
            PlayerSpec::Uci { command, options } => {
                let program = command.split_whitespace().next().unwrap_or(command);
                let program = program.rsplit('/').next().unwrap_or(program);
                let mut name = program.to_string();
                for (option, value) in options {
                    name.push_str(&format!(" {option}={value}"));
                }
                name
            }
        }
    }

    /// Checks what can be checked before a match starts: a command must not be empty. (A
    /// stage's description was checked when it was read.)
    pub fn check(&self) -> Result<()> {
        match self {
            PlayerSpec::Stage(_) => Ok(()),
            PlayerSpec::Uci { command, .. } if command.trim().is_empty() => Err(Error::Setting(
                "an engine needs a command to start it".into(),
            )),
            PlayerSpec::Uci { .. } => Ok(()),
        }
    }

    /// Starts the player: builds the stage, or launches the engine and sets its options.
    pub fn start(&self) -> Result<Box<dyn Player>> {
        match self {
            PlayerSpec::Stage(stage) => Ok(Box::new(StagePlayer {
                name: stage.to_string(),
                engine: stage.build(),
            })),
            PlayerSpec::Uci { command, options } => {
                Ok(Box::new(UciPlayer::start(command, options, self.name())?))
            }
        }
    }
}

/// What the referee allows one move: at most one of a clock, a fixed time, a node count, and
/// optionally a depth.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// Both clocks as they stand, and their increments (a time control).
    pub clocks: Option<Clocks>,
    /// A fixed time for this move.
    pub movetime: Option<Duration>,
    /// A node limit for this move.
    pub nodes: Option<u64>,
    /// A depth limit for this move.
    pub depth: Option<Depth>,
}

/// Both sides' clocks, for `go wtime … btime … winc … binc …`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// Time left on White's clock.
    pub white: Duration,
    /// Time left on Black's clock.
    pub black: Duration,
    /// Time added after each of White's moves.
    pub white_increment: Duration,
    /// Time added after each of Black's moves (not White's under time odds).
    pub black_increment: Duration,
}

impl Go {
    /// The longest this move may take before the referee gives up waiting for it. On a clock:
    /// the time the mover has left, plus [`Go::FLAG_GRACE`]: once the flag has fallen the game
    /// is lost whatever the answer, so waiting longer would only let a hung engine hold up the
    /// match. With a move time (which has no flag to fall): that time plus a grace for a slow
    /// start, [`Go::SLOW_START_GRACE`]. With only a node or depth limit, a minute.
    pub fn patience(&self, white_to_move: bool) -> Duration {
        match (self.clocks, self.movetime) {
            (Some(c), _) => (if white_to_move { c.white } else { c.black }) + Go::FLAG_GRACE,
            (None, Some(t)) => t + Go::SLOW_START_GRACE,
            (None, None) => Duration::from_secs(60),
        }
    }

    /// How long past the mover's clock the referee waits for an answer (see [`Go::patience`]):
    /// long enough for an answer sent as the flag fell to arrive, so that the engine is known
    /// to be at rest and need not be stopped.
    pub const FLAG_GRACE: Duration = Duration::from_millis(250);

    /// How long past a fixed move time the referee waits for an answer (see [`Go::patience`]).
    pub const SLOW_START_GRACE: Duration = Duration::from_secs(5);

    /// The same limits as a [`SearchLimits`] for the side to move.
    pub fn search_limits(&self, white_to_move: bool) -> SearchLimits {
        SearchLimits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime,
            clock: self.clocks.map(|c| Clock {
                remaining: if white_to_move { c.white } else { c.black },
                increment: if white_to_move {
                    c.white_increment
                } else {
                    c.black_increment
                },
                moves_to_go: None,
            }),
            ..SearchLimits::default()
        }
    }

    /// The same limits as the words of a UCI `go` command.
    pub fn uci(&self) -> String {
        let mut words = vec!["go".to_string()];
        let ms = |d: Duration| d.as_millis().to_string();
        if let Some(c) = self.clocks {
            words.extend([
                format!("wtime {}", ms(c.white)),
                format!("btime {}", ms(c.black)),
                format!("winc {}", ms(c.white_increment)),
                format!("binc {}", ms(c.black_increment)),
            ]);
        }
        if let Some(t) = self.movetime {
            words.push(format!("movetime {}", ms(t)));
        }
        if let Some(n) = self.nodes {
            words.push(format!("nodes {n}"));
        }
        if let Some(d) = self.depth {
            words.push(format!("depth {d}"));
        }
        words.join(" ")
    }
}

/// A player's answer: a move, and what it said about the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move (checked legal by the player before it is returned).
    pub mv: ChessMove,
    /// The last score the player reported, as UCI writes it (`cp 35`, `mate -3`), if any.
    pub score: Option<String>,
    /// The depth of that score, if reported.
    pub depth: Option<u32>,
}

/// Something that plays moves.
pub trait Player: Send {
    /// The name for tables and PGN headers.
    fn name(&self) -> &str;

    /// A new game starts (the player forgets what it learned about the last one).
    fn new_game(&mut self) -> Result<()>;

    /// Chooses a move in `game`, which started from `opening` and has had `moves` played since.
    /// An error means the player failed (an illegal move, a crash, no answer in time).
    fn choose(
        &mut self,
        game: &mut Chess,
        opening: &str,
        moves: &[ChessMove],
        go: &Go,
    ) -> Result<Choice>;
}

/// A stage of the ladder, searching in this process.
pub struct StagePlayer {
    name: String,
    engine: Box<dyn Engine<Chess>>,
}

impl Player for StagePlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self) -> Result<()> {
        self.engine.new_game();
        Ok(())
    }

    fn choose(
        &mut self,
        game: &mut Chess,
        _opening: &str,
        _moves: &[ChessMove],
        go: &Go,
    ) -> Result<Choice> {
        let white = game.side_to_move() == chess::Color::White;
        let result = self.engine.search(game, &go.search_limits(white));
        // A search returns no move only without legal moves, which the referee checks first;
        // should a stage ever fail to, its first legal move is played rather than stall.
        let mv = result
            .best_move
            .or_else(|| game.legal_moves().first().copied())
            .ok_or_else(|| Error::Setting("no legal move to play".into()))?;
        Ok(Choice {
            mv,
            score: (result.depth > 0).then(|| result.score.to_string()),
            depth: (result.depth > 0).then_some(result.depth),
        })
    }
}

/// A UCI engine in a process of its own, spoken to over its standard input and output.
pub struct UciPlayer {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

/// How long an engine may take to answer `uci` and `isready`.
const HANDSHAKE: Duration = Duration::from_secs(20);

impl UciPlayer {
    /// Starts `command`, says `uci`, sets `options`, and waits until it is ready.
    pub fn start(command: &str, options: &[(String, String)], name: String) -> Result<UciPlayer> {
        let mut words = command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| Error::Setting("an engine needs a command to start it".into()))?;
        let failed = |reason: String| Error::Engine {
            engine: name.clone(),
            reason,
        };
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| failed(format!("cannot start '{command}': {e}")))?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| failed("no standard input".into()))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| failed("no standard output".into()))?;
        let (to_referee, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if to_referee.send(line).is_err() {
                    break;
                }
            }
        });
        let mut player = UciPlayer {
            name,
            child,
            stdin,
            lines,
        };
        player.send("uci")?;
        player.wait_for(HANDSHAKE, |l| l == "uciok")?;
        for (option, value) in options {
            player.send(&format!("setoption name {option} value {value}"))?;
        }
        player.ready()?;
        Ok(player)
    }

    fn failed(&self, reason: impl Into<String>) -> Error {
        Error::Engine {
            engine: self.name.clone(),
            reason: reason.into(),
        }
    }

    fn send(&mut self, line: &str) -> Result<()> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| self.failed(format!("it stopped reading ({e})")))
    }

    /// Reads lines until one satisfies `done` (returned, with the ones before it), or fails
    /// when `patience` runs out or the engine exits. An engine that does not answer in time is
    /// stopped (its process killed): it may be hung, and if it is only slow, its late answer
    /// would be read as the answer to whatever is asked next.
    fn wait_for(
        &mut self,
        patience: Duration,
        done: impl Fn(&str) -> bool,
    ) -> Result<(Vec<String>, String)> {
        let deadline = Instant::now() + patience;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if done(&line) => return Ok((seen, line)),
                Ok(line) => seen.push(line),
                Err(RecvTimeoutError::Timeout) => {
                    self.kill();
                    return Err(self.failed(format!(
                        "no answer within {} ms, so it was stopped",
                        patience.as_millis()
                    )));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.failed("it exited"));
                }
            }
        }
    }

    /// Kills the engine's process and waits for it to end.
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    fn ready(&mut self) -> Result<()> {
        self.send("isready")?;
        self.wait_for(HANDSHAKE, |l| l == "readyok").map(|_| ())
    }
}

impl Player for UciPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self) -> Result<()> {
        self.send("ucinewgame")?;
        self.ready()
    }

    fn choose(
        &mut self,
        game: &mut Chess,
        opening: &str,
        moves: &[ChessMove],
        go: &Go,
    ) -> Result<Choice> {
        let mut position = format!("position fen {opening}");
        if !moves.is_empty() {
            position.push_str(" moves");
            for mv in moves {
                position.push_str(&format!(" {mv}"));
            }
        }
        self.send(&position)?;
        self.send(&go.uci())?;
        let white = game.side_to_move() == chess::Color::White;
        let (info, answer) = self.wait_for(go.patience(white), |l| l.starts_with("bestmove"))?;
        let text = answer.split_whitespace().nth(1).unwrap_or("");
        let mv = game
            .parse_uci(text)
            .map_err(|_| self.failed(format!("illegal move '{text}' in {}", game.fen())))?;
        // The last info line with a score says what the engine thought of its move.
        let scored = info.iter().rev().find(|l| l.contains(" score "));
        let after = |line: &str, word: &str| -> Option<String> {
            let mut words = line.split_whitespace();
            words.find(|w| *w == word)?;
            Some(
                words
                    .take(if word == "score" { 2 } else { 1 })
                    .collect::<Vec<_>>()
                    .join(" "),
            )
        };
        Ok(Choice {
            mv,
            score: scored.and_then(|l| after(l, "score")),
            depth: scored
                .and_then(|l| after(l, "depth"))
                .and_then(|d| d.parse().ok()),
        })
    }
}

impl Drop for UciPlayer {
    /// Asks the engine to quit, and makes sure it does.
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(1);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
        self.kill();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_commands_and_names() {
        let go = Go {
            clocks: Some(Clocks {
                white: Duration::from_millis(9_900),
                black: Duration::from_secs(10),
                white_increment: Duration::from_millis(100),
                black_increment: Duration::from_millis(150),
            }),
            ..Go::default()
        };
        assert_eq!(go.uci(), "go wtime 9900 btime 10000 winc 100 binc 150");
        assert_eq!(
            go.search_limits(false).clock.unwrap().increment,
            Duration::from_millis(150)
        );
        assert_eq!(
            go.search_limits(false).clock.unwrap().remaining,
            Duration::from_secs(10)
        );
        let go = Go {
            nodes: Some(5000),
            depth: Some(7),
            ..Go::default()
        };
        assert_eq!(go.uci(), "go nodes 5000 depth 7");
        let stockfish = PlayerSpec::Uci {
            command: "/usr/games/stockfish".into(),
            options: vec![("UCI_Elo".into(), "1800".into())],
        };
        assert_eq!(stockfish.name(), "stockfish UCI_Elo=1800");
        assert!(PlayerSpec::stage("nope").is_err());
        assert!(PlayerSpec::Uci {
            command: " ".into(),
            options: vec![]
        }
        .check()
        .is_err());
    }

    #[test]
    fn an_engine_that_does_not_exist_is_an_error_not_a_panic() {
        let spec = PlayerSpec::Uci {
            command: "/nonexistent/engine".into(),
            options: vec![],
        };
        let error = spec.start().err().expect("no such engine").to_string();
        assert!(
            error.contains("cannot start '/nonexistent/engine'"),
            "{error}"
        );
    }
}
