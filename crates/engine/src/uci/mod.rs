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
//!                                     option name MultiPV type spin default 1 min 1 max 256
//!                                     option name Ponder type check default false
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
//! engine thread. While a search waits for the GUI (`go infinite` until `stop`, `go ponder`
//! until `ponderhit`), a `setoption` or `ucinewgame` would wait for ever, so it is refused
//! with an `info string`; a `go` is queued all the same (every `go` gets its `bestmove`), and
//! told that it waits for `stop`. `position` is accepted at once and applies to the next `go`.
//! `stop` stops every search asked for before it: one still waiting its turn answers at once.
//! `isready` is answered at once, even mid-search, unless a `setoption` or `ucinewgame` still
//! waits its turn: then after it, so that `readyok` after `setoption name Hash` means the
//! table is there.
//!
//! ## How time is split
//!
//! The loop does no arithmetic of its own: `go` becomes a [`SearchLimits`](crate::limits::SearchLimits) and
//! [`SearchLimits::time_budget`](crate::limits::SearchLimits::time_budget) turns it into two limits. The GUI's clock runs from the
//! moment it sends `go`, so the search's does too ([`SearchLimits::clock_start`](crate::limits::SearchLimits::clock_start)): the time a
//! search waits for its turn, or takes to start its threads, is spent from its budget, and
//! the time the engine reports is the wall time since `go`. Both limits first lose the `Move Overhead`
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
//! - **Every `go` gets exactly one `bestmove`.** A limit below its least value (`go depth 0`,
//!   `go movetime -5`, `go nodes 0`) is raised to it, one above the most (`depth 100`) lowered
//!   to it, and a word that is not a `go` parameter or a number that is not one is left out;
//!   each is said in an `info string`, and the search runs with what is left. A bare `go`
//!   searches to the stage's default depth.
//! - **`go searchmoves m1 m2 …`** searches only those root moves ([`SearchLimits::root_moves`](crate::limits::SearchLimits::root_moves)):
//!   a move not legal in the position is named in an `info string` and left out; if none is
//!   left, every move is searched, and said.
//! - **`go mate N`** stops as soon as an iteration finds a mate in N moves or fewer. With no
//!   other limit it searches to the depth that shows such a mate (2N − 1 plies, four more for
//!   the stages that prune and reduce), so it ends even where there is none. Under `go
//!   infinite` or `go ponder` the GUI ends the search, as ever.
//! - **Pondering** (thinking on the opponent's time) works as UCI says. With the `Ponder`
//!   option on, `bestmove` names the reply the engine expects (`bestmove e2e4 ponder e7e5`); the
//!   GUI then sends `go ponder` with the clocks, and the engine searches with no clock running
//!   ([`ClockStart::pending`]) until `ponderhit` (the opponent played that reply: the clock
//!   starts then, and the search goes on under it) or `stop` (another move was played). Its
//!   `bestmove` never comes before one of those two, even if the search ends sooner.
//! - **`MultiPV k`** reports the best k root moves, each with its score and line
//!   (`info … multipv 1 …`, `multipv 2`, …, in order of score); `bestmove` is the first line's
//!   move. At 1 (the default) the search is exactly the stage's own. See [`multipv`].
//! - **End of input** (the GUI closed the pipe, or died) is `quit`, as in Stockfish: the
//!   running search stops, its `bestmove` is printed, and the process ends at once. So
//!   `echo "go depth 5" | searchlab uci` answers from whatever depth it reached by then; use
//!   `searchlab search` to search a position from a script. **`quit`** does the same.
//! - **Numbers.** Any number is accepted (`go movetime 184467440` thinks for two days, as
//!   asked), brought into its range where it is outside: `depth` 1 to 64, `movetime`, `nodes`,
//!   `movestogo` and `mate` at least 1.
//! - **`info` lines.** One per completed iteration of the iterative stages (depth, seldepth,
//!   score, nodes, nps, time, hashfull, pv). When the search ends, a last line only if it has
//!   something new: the totals (`info nodes … nps … time … hashfull …`) when they are more
//!   than the last iteration's (an iteration cut short, helper threads), or, for the
//!   fixed-depth stages, which have no iterations, the whole result. A search stopped before
//!   it completed a depth says `info depth 0` with its counters, no score, and an
//!   `info string` why. `seldepth` is the deepest ply the search reached (with the quiescence
//!   search, beyond the depth), and an `info string` gives the quiescence nodes, which UCI has
//!   no field for.
//! - **`Threads`** (1 by default) is stages 9's and 10's: they search with that many threads,
//!   and its `info` lines count every thread's nodes (the helpers' as of their last completed
//!   iteration; the summary line exactly). The other stages search on one thread; setting
//!   `Threads` with one of them chosen is answered with an `info string`, and the value is
//!   kept for when stage 9 or 10 is chosen again.
//! - **`Stage`** offers the ladder's stages and stage 10, the neural one (stage 9's search with
//!   the learned evaluation, [`crate::search::neural`]), the default; **`EvalFile`** is the weights file the neural
//!   stage plays with (a file `searchlab train` wrote; `<compiled-in>` or nothing for the
//!   network built into the binary; its default is the file `--eval-file` named, if the engine
//!   was started with one). A file that cannot be read, or is not a network, is answered with
//!   an `info string` that says why, and the network in use stays.

mod command;
mod info;
pub mod multipv;
mod worker;

pub use command::{parse_command, Command, GoParams, PositionSpec, UciError, OPTION_NAMES};
pub use info::{
    bestmove_line, final_info, info_line, info_string, iteration_info, no_move_info, result_info,
    uci_lines, InfoScore,
};

use crate::clock::Instant;
use crate::eval::network::Network;
use crate::game::Game;
use crate::games::Chess;
use crate::limits::{ClockStart, StopFlag, DEFAULT_MOVE_OVERHEAD};
use crate::search::EngineSpec;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;
use worker::{EngineThread, GoJob, Job};

/// The name the engine gives in answer to `uci`: `searchlab <version>`.
pub const ENGINE_NAME: &str = concat!("searchlab ", env!("CARGO_PKG_VERSION"));

/// The author the engine gives in answer to `uci`.
pub const ENGINE_AUTHOR: &str = "the searchlab authors";

/// `EvalFile`'s value for the network compiled into the binary.
pub const COMPILED_IN_NETWORK: &str = "<compiled-in>";

/// The most lines `MultiPV` may ask for (more than any chess position has moves).
pub const MAX_MULTIPV: usize = 256;

/// How long `quit` waits for the engine thread to end before leaving it behind (it answers a
/// stop in microseconds; this is only there against a bug).
const QUIT_GRACE: Duration = Duration::from_secs(1);

/// What the command line set before the protocol begins.
#[derive(Clone, Debug, Default)]
pub struct Setup {
    /// The network file the engine was started with (`searchlab --eval-file FILE uci`), which
    /// `EvalFile` shows as its default; `None`: the compiled-in network.
    pub eval_file: Option<String>,
    /// The network read from that file, which the engine plays with until `EvalFile` says
    /// otherwise; `None`: the compiled-in one.
    pub network: Option<Arc<Network>>,
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
/// searchlab_engine::uci::run(input.as_bytes(), &mut out).unwrap();
/// assert!(String::from_utf8(out).unwrap().ends_with("bestmove a1a8\n"));
/// ```
pub fn run<R: BufRead, W: Write + Send>(input: R, output: W) -> io::Result<()> {
    run_with(input, output, &Setup::default())
}

/// [`run`], with what the command line set first.
pub fn run_with<R: BufRead, W: Write + Send>(input: R, output: W, setup: &Setup) -> io::Result<()> {
    let (to_gui, lines) = mpsc::channel();
    thread::scope(|scope| {
        let printer = scope.spawn(move || print_lines(lines, output));
        let served = Session::new(to_gui.clone(), setup.clone())
            .and_then(|mut session| session.serve(input));
        // Ignored: if the printer has already stopped, it has its own error to report.
        let _ = to_gui.send(ToGui::Close);
        let printed = printer
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the output thread panicked")));
        // A GUI that went away is the output's error, whatever the input then did.
        printed.and(served)
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

/// A `go` sent to the engine thread whose `bestmove` is not out yet.
struct PendingSearch {
    /// Set by `stop`, `quit` or the end of the input.
    stop: StopFlag,
    /// `go infinite`: `bestmove` waits for `stop`.
    infinite: bool,
    /// `go ponder`: the clock `ponderhit` starts; `bestmove` waits for it or for `stop`.
    ponder: Option<ClockStart>,
    /// Set by the engine thread just before it sends `bestmove`.
    answered: Arc<AtomicBool>,
}

impl PendingSearch {
    /// Whether the search waits for the GUI to end it: `go infinite` until `stop`, `go ponder`
    /// until `ponderhit`.
    fn waits_for_the_gui(&self) -> bool {
        let pondering = self.ponder.as_ref().is_some_and(ClockStart::is_pending);
        !self.stop.is_stopped() && (self.infinite || pondering)
    }
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
    /// What the command line set.
    setup: Setup,
}

impl Session {
    fn new(to_gui: Sender<ToGui>, setup: Setup) -> io::Result<Session> {
        let spec = match &setup.network {
            Some(network) => EngineSpec::strongest().with_network(network.clone()),
            None => EngineSpec::strongest(),
        };
        let settings_pending = Arc::new(AtomicUsize::new(0));
        let (jobs, inbox) = mpsc::channel();
        let worker = EngineThread {
            engine: spec.build(),
            spec,
            threads: 1,
            multipv: 1,
            ponder: false,
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
            setup,
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
            // The GUI's clock starts as it sends the line: so does the search's.
            let arrived = Instant::now();
            // GUIs send ASCII; anything else is kept readable rather than refused.
            let line = String::from_utf8_lossy(&bytes);
            match parse_command(&line) {
                Ok(Command::Quit) => {
                    self.quit();
                    return Ok(());
                }
                Ok(Command::Go(go)) => self.go(go, arrived),
                Ok(command) => self.execute(command),
                Err(UciError::Empty) => {}
                Err(error) => self.tell(error),
            }
        }
    }

    /// Executes one command (all but `quit` and `go`).
    fn execute(&mut self, command: Command) {
        match command {
            Command::Uci => uci_lines(self.setup.eval_file.as_deref())
                .into_iter()
                .for_each(|line| self.say(line)),
            Command::Debug(_) | Command::Quit | Command::Go(_) => {}
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
            Command::Stop => self.stop_searches(),
            Command::PonderHit => self.ponder_hit(),
        }
    }

    /// The searches whose `bestmove` may still come (those answered are forgotten).
    fn pending(&mut self) -> &[PendingSearch] {
        self.searches
            .retain(|search| !search.answered.load(Ordering::Acquire));
        &self.searches
    }

    /// Can `command` be queued for the engine thread? Not while a search waits for the GUI to
    /// end it (`go infinite`, `go ponder`): it would wait for ever, so it is refused.
    fn accepts(&mut self, command: &str) -> bool {
        let held = self.pending().iter().any(PendingSearch::waits_for_the_gui);
        if held {
            self.tell(format!(
                "{command} ignored: a search runs until stop (or ponderhit); send stop first"
            ));
        }
        !held
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

    /// `ponderhit`: the move pondered on was played; the clock of every pondering search
    /// starts now, and the engine thread is woken should it wait for this.
    fn ponder_hit(&mut self) {
        for search in self.pending() {
            if let Some(clock) = &search.ponder {
                clock.start_now();
            }
        }
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
    /// `go` (read at `arrived`): say how it was read, check its `searchmoves`, then queue the
    /// search with a copy of the position and its clock already running.
    fn go(&mut self, go: GoParams, arrived: Instant) {
        for note in &go.notes {
            self.tell(note);
        }
        let mut limits = go.limits(self.game.side_to_move());
        let ponder = go.ponder.then(ClockStart::pending);
        limits.clock_start = Some(ponder.clone().unwrap_or_else(|| ClockStart::at(arrived)));
        limits.root_moves = self.searchmoves(&go.searchmoves);
        if self.pending().iter().any(PendingSearch::waits_for_the_gui) {
            self.tell("go waits for the running search to be stopped (send stop)");
        }
        let answered = Arc::new(AtomicBool::new(false));
        self.searches.push(PendingSearch {
            stop: limits.stop.clone(),
            infinite: go.infinite,
            ponder: ponder.clone(),
            answered: Arc::clone(&answered),
        });
        self.send(Job::Go(Box::new(GoJob {
            game: self.game.clone(),
            limits,
            mate: go.mate,
            ponder,
            answered,
        })));
    }
    // ANCHOR_END: go

    /// The root moves `go searchmoves` allows, as legal moves of the position; `None` for
    /// every move. Moves that are not legal here are named and left out; if none is left,
    /// every move is searched, and the GUI told so.
    fn searchmoves(&self, asked: &[String]) -> Option<Vec<String>> {
        if asked.is_empty() {
            return None;
        }
        let legal: Vec<String> = self
            .game
            .legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect();
        let (known, unknown): (Vec<String>, Vec<String>) =
            asked.iter().cloned().partition(|mv| legal.contains(mv));
        if !unknown.is_empty() {
            self.tell(format!(
                "go searchmoves: {} not legal here; left out",
                unknown.join(" ")
            ));
        }
        if known.is_empty() {
            self.tell("go searchmoves: no legal move named; searching every move");
            return None;
        }
        Some(known)
    }
}
// ANCHOR_END: loop
