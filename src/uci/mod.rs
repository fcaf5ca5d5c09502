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
//!                                     option name Move Overhead type spin default 20 min 0 max 5000
//!                                     option name Threads type spin default 1 min 1 max 256
//!                                     option name Stage type combo default neural var minimax …
//!                                     option name EvalFile type string default <compiled-in>
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
//! ## Why the engine lives on its own thread
//!
//! A GUI may say `stop` or `isready` *while* the engine thinks, and expects an answer at once:
//! `isready` is how it checks the engine is alive, `stop` ends an analysis. If the loop called
//! the search directly it would not read its input again until the search ended. So the engine
//! (with its transposition table, worth keeping between moves) lives on an *engine thread*,
//! and the loop only reads, parses and hands over jobs: `go` with a copy of the position,
//! `setoption`, `ucinewgame`. The engine thread does them one at a time, in order. The loop
//! itself never waits for a search, so `stop`, `quit` and the end of the input are acted on
//! the moment they arrive. `stop` sets the search's [`StopFlag`], which every stage, the
//! fixed-depth ones included, reads at every node ([`NodeCounter`](crate::limits::NodeCounter)).
//!
//! Output comes from two threads (the loop answers `readyok`, the search prints `info` and
//! `bestmove`), so neither writes to the output itself: both send whole lines over a channel to
//! a third, small thread that owns the writer and flushes after every line. Lines never
//! interleave, and a GUI never waits on a line stuck in a buffer.
//!
//! One search runs at a time. A `go`, `setoption` or `ucinewgame` that arrives while one runs
//! (a GUI waits for `bestmove`, but a script piping commands does not) waits its turn on the
//! engine thread; during `go infinite`, which only `stop` ends, it is refused with an
//! `info string`. `position` is accepted at once and applies to the next `go`. `stop` stops
//! every search asked for before it: one still waiting its turn answers at once. `isready` is
//! answered at once, even mid-search, unless a `setoption` or `ucinewgame` still waits its
//! turn: then after it, so that `readyok` after `setoption name Hash` means the table is there.
//!
//! ## How time is split
//!
//! The loop does no arithmetic of its own: `go` becomes a [`SearchLimits`] and
//! [`SearchLimits::time_budget`] turns it into two limits. Both first lose the `Move Overhead`
//! (default [`DEFAULT_MOVE_OVERHEAD`], the time a thread switch, the pipe and the GUI take).
//! - `go movetime T`: think `T` less the overhead, both as the soft and the hard limit.
//! - `go wtime/btime [winc/binc] [movestogo]`: only the clock of the side to move counts. A
//!   tenth of it is a reserve never planned for. The rest is shared over the moves to go (30
//!   when unknown), plus most of the increment: the *soft* limit (at most a sixteenth of it),
//!   after which no new iteration starts, since it would probably not finish. The *hard*
//!   limit, up to three times as much but never more than an eighth of the usable time,
//!   aborts the running iteration. A negative
//!   clock (some GUIs send one after a flag-fall) counts as zero: move at once.
//!
//! Every stage obeys the clock, `nodes` and `stop`. An iterative stage plays the move of the
//! last depth it completed; a fixed-depth stage (`minimax`, `alphabeta`) searches `go depth N`
//! (or its default depth; under `go infinite`, as deep as the ladder goes, until `stop`) and,
//! cut short, plays the best root move it finished. A search stopped before anything was
//! finished plays the first legal move and says so: never a null move.
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
//! - **End of input** (the GUI closed the pipe, or died) is `quit`, as in Stockfish: the
//!   running search stops, its `bestmove` is printed, and the process ends at once. So
//!   `echo "go depth 5" | searchlab uci` answers from whatever depth it reached by then; use
//!   `searchlab search` to search a position from a script. **`quit`** does the same.
//! - **Numbers.** Any number that fits is accepted (`go movetime 184467440` thinks for two
//!   days, as asked); one that does not fit, or is negative where that means nothing (`depth`,
//!   `nodes`, `movetime`), is bad input. `depth` must be 1 to 64, `movetime` and `nodes` at
//!   least 1 ([`SearchLimits::validate`]).
//! - **`info` lines.** One per completed iteration of the iterative stages (depth, seldepth,
//!   score, nodes, nps, time, hashfull, pv), then, when the search ends, one summary line with
//!   the totals and `hashfull` (the only line for the fixed-depth stages). A search stopped
//!   before it completed a depth says `info depth 0` with its counters, no score, and an
//!   `info string` why. `seldepth` is the deepest ply the search reached (with the quiescence
//!   search, beyond the depth), and the summary line is followed by an `info string` with the
//!   quiescence nodes, which UCI has no field for.
//! - **`Threads`** (1 by default) is stages 9's and 10's: they search with that many threads,
//!   and its `info` lines count every thread's nodes (the helpers' as of their last completed
//!   iteration; the summary line exactly). The other stages search on one thread; setting
//!   `Threads` with one of them chosen is answered with an `info string`, and the value is
//!   kept for when stage 9 or 10 is chosen again.
//! - **`Stage`** offers the ladder's stages and stage 10, the neural one (stage 9's search with
//!   the learned evaluation, [`crate::search::neural`]), the default; **`EvalFile`** is the weights file the neural
//!   stage plays with (a file `searchlab train` wrote; `<compiled-in>` or nothing for the
//!   network built into the binary). A file that cannot be read, or is not a network, is
//!   answered with an `info string` that says why, and the network in use stays.

mod command;

pub use command::{parse_command, Command, GoParams, PositionSpec, UciError};

use crate::error::Error;
use crate::eval::network::Network;
use crate::eval::neural::choose_network;
use crate::game::Game;
use crate::games::Chess;
use crate::limits::{SearchLimits, StopFlag, DEFAULT_MOVE_OVERHEAD, MAX_MOVE_OVERHEAD_MS};
use crate::score::{Depth, Score};
use crate::search::{
    find_uci_stage, strongest_stage, threads::MAX_THREADS, uci_stages, Engine, EngineSpec,
    DEFAULT_HASH_MB, HASH_MAX_MB, HASH_MIN_MB,
};
use crate::stats::{nodes_per_second, Iteration, SearchResult};
use chess::ChessMove;
use std::io::{self, BufRead, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// The name the engine gives in answer to `uci`: `searchlab <version>`.
pub const ENGINE_NAME: &str = concat!("searchlab ", env!("CARGO_PKG_VERSION"));

/// The author the engine gives in answer to `uci`.
pub const ENGINE_AUTHOR: &str = "the searchlab authors";

/// How long `quit` waits for the engine thread to end before leaving it behind (it answers a
/// stop in microseconds; this is only there against a bug).
const QUIT_GRACE: Duration = Duration::from_secs(1);

// ANCHOR: info
/// The `info` line for one completed iteration.
pub fn iteration_info(iteration: &Iteration) -> String {
    info_line(
        iteration.depth,
        iteration.seldepth,
        iteration.score,
        iteration.nodes,
        iteration.time,
        iteration.hashfull,
        &iteration.pv,
    )
}

/// The summary `info` line of a finished search: totals, and how full the table is. A search
/// stopped before it completed any depth reports depth 0, its counters, and no score or line
/// (it has none it could stand by).
pub fn result_info(result: &SearchResult<ChessMove>, hashfull: u32) -> String {
    if result.depth == 0 {
        return format!(
            "info depth 0 nodes {} nps {} time {} hashfull {hashfull}",
            result.nodes(),
            result.nps(),
            result.time.as_millis()
        );
    }
    let pv: Vec<String> = result.pv.iter().map(|m| m.to_string()).collect();
    info_line(
        result.depth,
        result.stats.seldepth,
        result.score,
        result.nodes(),
        result.time,
        hashfull,
        &pv,
    )
}

/// An `info` line: depth, seldepth (the deepest ply reached, at least the depth and the
/// length of the line), score, nodes, nps, time, hashfull and, if there is a line to show,
/// ` pv <moves>`.
fn info_line(
    depth: Depth,
    seldepth: Depth,
    score: Score,
    nodes: u64,
    time: Duration,
    hashfull: u32,
    pv: &[String],
) -> String {
    let seldepth = seldepth.max(pv.len() as Depth).max(depth);
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
    let stages: Vec<String> = uci_stages()
        .iter()
        .map(|s| format!("var {}", s.name))
        .collect();
    vec![
        format!("id name {ENGINE_NAME}"),
        format!("id author {ENGINE_AUTHOR}"),
        format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min {HASH_MIN_MB} max {HASH_MAX_MB}"
        ),
        format!(
            "option name Move Overhead type spin default {} min 0 max {MAX_MOVE_OVERHEAD_MS}",
            DEFAULT_MOVE_OVERHEAD.as_millis()
        ),
        format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
        format!(
            "option name Stage type combo default {} {}",
            strongest_stage(),
            stages.join(" ")
        ),
        format!("option name EvalFile type string default {COMPILED_IN_NETWORK}"),
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

/// Work for the engine thread, done in the order it was sent.
enum Job {
    /// Search `game` and answer with `bestmove`, then set `answered`.
    Go {
        /// Boxed: a game holds its current position inline, and the other jobs are small.
        game: Box<Chess>,
        limits: SearchLimits,
        answered: Arc<AtomicBool>,
    },
    /// Set an option the engine thread keeps (`Hash`, `Stage`, `Move Overhead`).
    SetOption { name: String, value: Option<String> },
    /// Forget the last game (`ucinewgame`).
    NewGame,
    /// Answer `readyok` once everything sent before is done.
    Ready,
    /// End the thread.
    Quit,
}

/// A `go` sent to the engine thread whose `bestmove` is not out yet.
struct PendingSearch {
    /// Set by `stop`, `quit` or the end of the input.
    stop: StopFlag,
    /// `go infinite`: `bestmove` waits for `stop`, and other commands are refused meanwhile.
    infinite: bool,
    /// Set by the engine thread just before it sends `bestmove`.
    answered: Arc<AtomicBool>,
}

/// The loop's state between commands: the position, and the way to the engine thread.
struct Session {
    to_gui: Sender<ToGui>,
    /// The position the next `go` searches.
    game: Chess,
    /// Jobs for the engine thread.
    jobs: Sender<Job>,
    /// `setoption` and `ucinewgame` jobs sent to the engine thread and not done yet.
    settings_pending: Arc<AtomicUsize>,
    /// Every `go` whose `bestmove` may still be to come.
    searches: Vec<PendingSearch>,
    /// The engine thread.
    worker: JoinHandle<()>,
}

impl Session {
    fn new(to_gui: Sender<ToGui>) -> io::Result<Session> {
        let spec = EngineSpec::strongest();
        let settings_pending = Arc::new(AtomicUsize::new(0));
        let (jobs, inbox) = mpsc::channel();
        let worker = EngineThread {
            engine: spec.build(),
            spec,
            threads: 1,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
            to_gui: to_gui.clone(),
            settings_pending: Arc::clone(&settings_pending),
        };
        let worker = thread::Builder::new()
            .name("engine".into())
            .spawn(move || worker.work(inbox))?;
        Ok(Session {
            to_gui,
            game: Chess::start(),
            jobs,
            settings_pending,
            searches: Vec::new(),
            worker,
        })
    }

    /// Sends one line to the GUI. A line that cannot be sent is dropped: the output thread has
    /// stopped because the GUI is gone, and its error is what `run` reports.
    fn say(&self, line: impl Into<String>) {
        let _ = self.to_gui.send(ToGui::Line(line.into()));
    }

    /// Sends `info string <message>`, on one line whatever the message holds.
    fn tell(&self, message: impl std::fmt::Display) {
        self.say(info_string(message));
    }

    /// Reads and executes lines until `quit` or the end of the input. Reading never waits for
    /// a search: the engine thread searches, so `stop`, `quit` and the end of the input are
    /// always read at once.
    fn serve<R: BufRead>(&mut self, mut input: R) -> io::Result<()> {
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            match input.read_until(b'\n', &mut bytes) {
                // The end of the input: the GUI closed the pipe, or died. Like `quit`.
                Ok(0) => {
                    self.quit();
                    return Ok(());
                }
                Ok(_) => {}
                Err(error) => {
                    self.quit();
                    return Err(error);
                }
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
            Command::IsReady => {
                // Ready now, even mid-search; but after an option or a new game still waiting
                // its turn, so that `readyok` means it is done.
                if self.settings_pending.load(Ordering::Acquire) == 0 {
                    self.say("readyok");
                } else {
                    self.send(Job::Ready);
                }
            }
            Command::SetOption { name, value } => {
                if self.accepts("setoption") {
                    self.send(Job::SetOption { name, value });
                }
            }
            Command::UciNewGame => {
                if self.accepts("ucinewgame") {
                    self.send(Job::NewGame);
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
            Command::Stop => self.stop_searches(),
        }
    }

    /// Can `command` be queued for the engine thread? Not during `go infinite`, which only
    /// `stop` ends: it would wait forever, so it is refused. Anything else waits its turn.
    fn accepts(&mut self, command: &str) -> bool {
        self.searches
            .retain(|search| !search.answered.load(Ordering::Acquire));
        let infinite = self
            .searches
            .iter()
            .any(|search| search.infinite && !search.stop.is_stopped());
        if infinite {
            self.tell(format!(
                "{command} ignored: an infinite search is running (send stop first)"
            ));
        }
        !infinite
    }

    /// Hands a job to the engine thread.
    fn send(&self, job: Job) {
        let setting = matches!(job, Job::SetOption { .. } | Job::NewGame);
        if setting {
            self.settings_pending.fetch_add(1, Ordering::AcqRel);
        }
        if self.jobs.send(job).is_err() {
            if setting {
                self.settings_pending.fetch_sub(1, Ordering::AcqRel);
            }
            self.tell("the engine thread has ended; restart the engine");
        }
    }

    /// `stop`: every search asked for so far stops (one still waiting its turn will answer at
    /// once), and the engine thread is woken should it wait for `stop` after `go infinite`.
    fn stop_searches(&mut self) {
        for search in &self.searches {
            search.stop.stop();
        }
        self.searches.clear();
        self.worker.thread().unpark();
    }

    /// `quit` or the end of the input: stop everything, let the engine thread send its last
    /// `bestmove`, and return. A search answers a stop within microseconds; should the thread
    /// still be busy after [`QUIT_GRACE`] (a bug), it is left behind, as the process is ending.
    fn quit(&mut self) {
        self.stop_searches();
        self.send(Job::Quit);
        let deadline = Instant::now() + QUIT_GRACE;
        while !self.worker.is_finished() && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(1));
        }
    }

    // ANCHOR: go
    /// `go`: check the limits, then queue the search with a copy of the position.
    fn go(&mut self, go: &GoParams) {
        let limits = match go.limits(self.game.side_to_move()) {
            Ok(limits) => limits,
            Err(error) => return self.tell(format!("go ignored: {error}")),
        };
        if !self.accepts("go") {
            return;
        }
        for parameter in &go.unsupported {
            self.tell(format!("go {parameter} is not supported; ignored"));
        }
        let answered = Arc::new(AtomicBool::new(false));
        self.searches.push(PendingSearch {
            stop: limits.stop.clone(),
            infinite: go.infinite,
            answered: Arc::clone(&answered),
        });
        self.send(Job::Go {
            game: Box::new(self.game.clone()),
            limits,
            answered,
        });
    }
    // ANCHOR_END: go
}

/// `EvalFile`'s value for the network compiled into the binary.
pub const COMPILED_IN_NETWORK: &str = "<compiled-in>";

/// `info string <message>`, on one line whatever the message holds.
fn info_string(message: impl std::fmt::Display) -> String {
    let text = message.to_string().replace(['\r', '\n'], " ");
    format!("info string {text}")
}

/// The thread that owns the engine: it searches, and sets the options that touch the engine,
/// one job at a time.
struct EngineThread {
    engine: Box<dyn Engine<Chess>>,
    /// The engine the options describe: the `Stage`, the `Hash` and, for a parallel stage, the
    /// `Threads` option. Every change goes through its checks, as the command line's do.
    spec: EngineSpec<Chess>,
    /// The `Threads` option: used by the parallel stage, kept for it while another is chosen.
    threads: usize,
    /// The `Move Overhead` option.
    move_overhead: Duration,
    to_gui: Sender<ToGui>,
    /// Shared with the session: settings sent and not yet done.
    settings_pending: Arc<AtomicUsize>,
}

impl EngineThread {
    fn say(&self, line: impl Into<String>) {
        let _ = self.to_gui.send(ToGui::Line(line.into()));
    }

    /// Does the jobs in order until `Quit`, or until the session is gone.
    fn work(mut self, inbox: Receiver<Job>) {
        for job in inbox {
            match job {
                Job::Go {
                    game,
                    limits,
                    answered,
                } => self.search(*game, limits, &answered),
                Job::SetOption { name, value } => {
                    if let Err(error) = self.set_option(&name, value.as_deref()) {
                        self.say(info_string(error));
                    }
                    self.settings_pending.fetch_sub(1, Ordering::AcqRel);
                }
                Job::NewGame => {
                    self.engine.new_game();
                    self.settings_pending.fetch_sub(1, Ordering::AcqRel);
                }
                Job::Ready => self.say("readyok"),
                Job::Quit => return,
            }
        }
    }

    /// A new engine as the options describe it.
    fn fresh_engine(&self) -> Box<dyn Engine<Chess>> {
        self.spec.build()
    }

    /// Searches, prints `info` lines and `bestmove`. Whatever happens, exactly one `bestmove`,
    /// and a legal one: should the search panic (a bug), the first legal move is played and a
    /// fresh engine replaces the broken one.
    fn search(&mut self, mut game: Chess, mut limits: SearchLimits, answered: &AtomicBool) {
        limits.move_overhead = self.move_overhead;
        let legal = game.legal_moves();
        let best = if legal.is_empty() {
            self.say(no_move_info(&game));
            None
        } else {
            let observer_line = self.to_gui.clone();
            self.engine
                .set_iteration_observer(Some(Box::new(move |iteration: &Iteration| {
                    let _ = observer_line.send(ToGui::Line(iteration_info(iteration)));
                })));
            let engine = &mut self.engine;
            let searched =
                panic::catch_unwind(AssertUnwindSafe(|| engine.search(&mut game, &limits)));
            match searched {
                Ok(result) => {
                    self.engine.set_iteration_observer(None);
                    self.say(result_info(&result, self.engine.hashfull()));
                    if result.stats.quiescence_nodes > 0 {
                        self.say(info_string(format!(
                            "quiescence nodes {} of {}",
                            result.stats.quiescence_nodes,
                            result.nodes()
                        )));
                    }
                    if result.depth == 0 {
                        self.say(info_string(
                            "stopped before a depth was complete: playing the best root move \
                             searched so far, or the first legal move",
                        ));
                    }
                    // Never send an illegal move, whatever a stage returned.
                    match result.best_move.filter(|mv| legal.contains(mv)) {
                        Some(mv) => Some(mv),
                        None => {
                            self.say(info_string(
                                "the search returned no legal move; playing the first one",
                            ));
                            legal.first().copied()
                        }
                    }
                }
                Err(_) => {
                    self.say(info_string(
                        "the search failed; playing the first legal move and starting a fresh engine",
                    ));
                    self.engine = self.fresh_engine();
                    legal.first().copied()
                }
            }
        };
        if limits.infinite {
            // `go infinite`: the answer waits for `stop` (which also unparks this thread).
            while !limits.stop.is_stopped() {
                thread::park_timeout(Duration::from_millis(50));
            }
        }
        answered.store(true, Ordering::Release);
        self.say(match best {
            Some(mv) => format!("bestmove {mv}"),
            None => "bestmove (none)".to_string(),
        });
    }

    /// `setoption`: `Hash` resizes the table, `Threads` sets the parallel stage's threads,
    /// `Stage` swaps the engine, `Move Overhead` changes what every time budget keeps back,
    /// `EvalFile` loads the network the neural stage plays with.
    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), UciError> {
        let bad_value = |reason: String| UciError::BadOptionValue {
            name: name.to_string(),
            value: value.unwrap_or("").to_string(),
            reason,
        };
        let number = |range: std::ops::RangeInclusive<u64>| {
            value
                .and_then(|v| v.trim().parse::<u64>().ok())
                .filter(|n| range.contains(n))
                .ok_or_else(|| {
                    bad_value(format!(
                        "a number from {} to {}",
                        range.start(),
                        range.end()
                    ))
                })
        };
        if name.eq_ignore_ascii_case("hash") {
            let mb = number(HASH_MIN_MB as u64..=HASH_MAX_MB as u64)? as usize;
            self.spec = self
                .spec
                .clone()
                .with_hash(mb)
                .map_err(|e| bad_value(e.to_string()))?;
            self.engine.set_hash_size(mb);
        } else if name.eq_ignore_ascii_case("threads") {
            self.threads = number(1..=MAX_THREADS as u64)? as usize;
            match self.spec.clone().with_threads(self.threads) {
                Ok(spec) => {
                    self.spec = spec;
                    self.engine.set_threads(self.threads);
                }
                Err(_) => self.say(info_string(format!(
                    "the {} stage searches on one thread; Threads is kept for the parallel stage",
                    self.spec.stage().name
                ))),
            }
        } else if name.eq_ignore_ascii_case("move overhead") {
            self.move_overhead = Duration::from_millis(number(0..=MAX_MOVE_OVERHEAD_MS)?);
        } else if name.eq_ignore_ascii_case("evalfile") {
            let path = value.unwrap_or("").trim();
            if path.is_empty() || path == COMPILED_IN_NETWORK {
                choose_network(None);
                self.say(info_string("EvalFile: the network compiled in"));
            } else {
                let network = Network::read_file(std::path::Path::new(path))
                    .map_err(|e| bad_value(e.to_string()))?;
                self.say(info_string(format!(
                    "EvalFile: {path}, {} hidden units; the neural stage plays with it",
                    network.hidden()
                )));
                choose_network(Some(Arc::new(network)));
            }
            // The evaluations are made with the engine: a fresh one takes the network.
            self.engine = self.fresh_engine();
        } else if name.eq_ignore_ascii_case("stage") {
            let stage = find_uci_stage(value.unwrap_or("")).map_err(|error| match error {
                Error::UnknownStage { known, .. } => bad_value(format!("the stages are {known}")),
                other => bad_value(other.to_string()),
            })?;
            let spec = EngineSpec::new(stage).with_hash(self.spec.hash_mb());
            let spec = spec.and_then(|spec| match stage.parallel {
                true => spec.with_threads(self.threads),
                false => Ok(spec),
            });
            self.spec = spec.map_err(|e| bad_value(e.to_string()))?;
            self.engine = self.fresh_engine();
        } else {
            return Err(UciError::UnknownOption(name.to_string()));
        }
        Ok(())
    }
}
// ANCHOR_END: loop
