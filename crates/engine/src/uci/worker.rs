//! The engine thread: it owns the engine, searches, and sets the options that touch it, one
//! job at a time (see the module docs of [`crate::uci`] for why it is a thread of its own).

use super::info::{bestmove_line, final_info, info_string, iteration_info, no_move_info};
use super::{multipv, ToGui, UciError, COMPILED_IN_NETWORK, MAX_MULTIPV};
use crate::error::Error;
use crate::eval::network::Network;
use crate::games::Chess;
use crate::limits::{ClockStart, SearchLimits, MAX_DEPTH, MAX_MOVE_OVERHEAD_MS};
use crate::score::Depth;
use crate::search::registry::Stage;
use crate::search::{
    find_uci_stage, threads::MAX_THREADS, Engine, EngineSpec, HASH_MAX_MB, HASH_MIN_MB,
};
use crate::stats::Iteration;
use chess::ChessMove;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

/// Work for the engine thread, done in the order it was sent.
pub(super) enum Job {
    /// Search `game` and answer with `bestmove`, then set `answered`.
    Go(Box<GoJob>),
    /// Set an option ([`EngineThread::set_option`]): the engine thread keeps them all.
    SetOption { name: String, value: Option<String> },
    /// Forget the last game (`ucinewgame`).
    NewGame,
    /// Answer `readyok` once everything sent before is done.
    Ready,
    /// End the thread.
    Quit,
}

/// One `go`, ready to search.
pub(super) struct GoJob {
    /// The position (with its history, for repetitions).
    pub game: Chess,
    /// The limits, with the searchmoves checked and the clock already running.
    pub limits: SearchLimits,
    /// `go mate N`: stop once a mate in N moves or fewer is found.
    pub mate: Option<u32>,
    /// `go ponder`: the clock that starts at `ponderhit`; `bestmove` waits for it (or `stop`).
    pub ponder: Option<ClockStart>,
    /// Set just before `bestmove` is sent.
    pub answered: Arc<AtomicBool>,
}

/// The thread that owns the engine.
pub(super) struct EngineThread {
    pub engine: Box<dyn Engine<Chess>>,
    /// The engine the options describe: the `Stage`, the `Hash` and, for a parallel stage, the
    /// `Threads` option. Every change goes through its checks, as the command line's do.
    pub spec: EngineSpec<Chess>,
    /// The `Threads` option: used by the parallel stage, kept for it while another is chosen.
    pub threads: usize,
    /// The `MultiPV` option: how many best lines a search reports.
    pub multipv: usize,
    /// The `Ponder` option: whether `bestmove` names the reply to ponder on.
    pub ponder: bool,
    /// The `Move Overhead` option.
    pub move_overhead: Duration,
    pub to_gui: Sender<ToGui>,
    /// Shared with the session: settings sent and not yet done.
    pub settings_pending: Arc<AtomicUsize>,
}

impl EngineThread {
    fn say(&self, line: impl Into<String>) {
        let _ = self.to_gui.send(ToGui::Line(line.into()));
    }

    /// Does the jobs in order until `Quit`, or until the session is gone.
    pub fn work(mut self, inbox: Receiver<Job>) {
        for job in inbox {
            match job {
                Job::Go(go) => self.search(*go),
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

    // ANCHOR: search
    /// Searches, prints `info` lines and `bestmove`. Whatever happens, exactly one `bestmove`,
    /// and a legal one among the moves asked for: should the search panic (a bug), the first
    /// such move is played and a fresh engine replaces the broken one.
    fn search(&mut self, go: GoJob) {
        let GoJob {
            mut game,
            mut limits,
            mate,
            ponder,
            answered,
        } = go;
        limits.move_overhead = self.move_overhead;
        if let Some(moves) = mate {
            if limits.depth.is_none() && !limits.ends_without_a_depth() {
                limits.depth = Some(mate_depth(moves, self.spec.stage()));
            }
        }
        // A search the GUI ends itself (`go infinite`, `go ponder`) does not end on a mate.
        let mate = mate.filter(|_| !limits.infinite && ponder.is_none());
        let playable = limits.root_moves(&game);
        let (best, reply) = if playable.is_empty() {
            self.say(no_move_info(&game));
            (None, None)
        } else {
            let searched = panic::catch_unwind(AssertUnwindSafe(|| {
                self.search_lines(&mut game, &limits, mate)
            }));
            match searched {
                Ok(line) => match line.first().filter(|mv| playable.contains(mv)) {
                    Some(&mv) => (Some(mv), line.get(1).copied()),
                    None => {
                        self.say(info_string(
                            "the search returned no legal move; playing the first one",
                        ));
                        (playable.first().copied(), None)
                    }
                },
                Err(_) => {
                    self.say(info_string(
                        "the search failed; playing the first legal move and starting a fresh engine",
                    ));
                    self.engine = self.fresh_engine();
                    (playable.first().copied(), None)
                }
            }
        };
        wait_for_the_gui(&limits, ponder.as_ref());
        answered.store(true, Ordering::Release);
        self.say(bestmove_line(best, reply.filter(|_| self.ponder)));
    }
    // ANCHOR_END: search

    /// The search: the stage's own with MultiPV 1, else the best `MultiPV` lines
    /// ([`multipv::search_lines`]). Returns the line to play, its first move first.
    fn search_lines(
        &mut self,
        game: &mut Chess,
        limits: &SearchLimits,
        mate: Option<u32>,
    ) -> Vec<ChessMove> {
        if self.multipv == 1 {
            return self.search_one_line(game, limits, mate);
        }
        let lines = self.to_gui.clone();
        let say = move |line: String| {
            let _ = lines.send(ToGui::Line(line));
        };
        let asked = multipv::Asked {
            lines: self.multipv,
            mate,
        };
        let stage = self.spec.stage();
        multipv::search_lines(self.engine.as_mut(), stage, game, limits, asked, &say)
    }

    /// One search (MultiPV 1): an `info` line per completed iteration, and one at the end if
    /// it has something to add. Returns the line to play, its first move first.
    fn search_one_line(
        &mut self,
        game: &mut Chess,
        limits: &SearchLimits,
        mate: Option<u32>,
    ) -> Vec<ChessMove> {
        // The nodes of the last iteration line sent (0: none yet).
        let reported = Arc::new(AtomicU64::new(0));
        let observer_reported = Arc::clone(&reported);
        let lines = self.to_gui.clone();
        let stop = limits.stop.clone();
        self.engine
            .set_iteration_observer(Some(Box::new(move |iteration: &Iteration| {
                let _ = lines.send(ToGui::Line(iteration_info(iteration)));
                observer_reported.store(iteration.nodes.max(1), Ordering::Relaxed);
                if mate.is_some_and(|moves| iteration.score.mates_within(moves)) {
                    stop.stop(); // `go mate N`: found
                }
            })));
        let result = self.engine.search(game, limits);
        self.engine.set_iteration_observer(None);
        let last = Some(reported.load(Ordering::Relaxed)).filter(|&nodes| nodes > 0);
        if let Some(line) = final_info(&result, self.engine.hashfull(), last) {
            self.say(line);
        }
        if result.stats.quiescence_nodes > 0 {
            self.say(info_string(format!(
                "quiescence nodes {} of {}",
                result.stats.quiescence_nodes,
                result.nodes()
            )));
        }
        if result.depth == 0 {
            self.say(info_string(
                "stopped before a depth was complete: playing the best root move searched so \
                 far, or the first legal move",
            ));
        }
        result.line()
    }

    /// `setoption`: `Hash` resizes the table, `Threads` sets the parallel stage's threads,
    /// `MultiPV` how many lines a search reports, `Ponder` whether `bestmove` names a reply to
    /// ponder on, `Stage` swaps the engine, `Move Overhead` changes what every time budget
    /// keeps back, `EvalFile` loads the network stages 10 and 11 play with.
    pub fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), UciError> {
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
        } else if name.eq_ignore_ascii_case("multipv") {
            self.multipv = number(1..=MAX_MULTIPV as u64)? as usize;
        } else if name.eq_ignore_ascii_case("ponder") {
            self.ponder = match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
                Some("true") => true,
                Some("false") => false,
                _ => return Err(bad_value("true or false".to_string())),
            };
        } else if name.eq_ignore_ascii_case("move overhead") {
            self.move_overhead = Duration::from_millis(number(0..=MAX_MOVE_OVERHEAD_MS)?);
        } else if name.eq_ignore_ascii_case("evalfile") {
            let path = value.unwrap_or("").trim();
            if path.is_empty() || path == COMPILED_IN_NETWORK {
                self.spec = self.spec.clone().with_compiled_in_network();
                self.say(info_string("EvalFile: the network compiled in"));
            } else {
                // The message names the file already: the reason alone, not the path again.
                let network =
                    Network::read_file(std::path::Path::new(path)).map_err(|e| match e {
                        Error::Io { reason, .. } => bad_value(reason),
                        other => bad_value(other.to_string()),
                    })?;
                self.say(info_string(format!(
                    "EvalFile: {path}, {} hidden units; stages 10 and 11 play with it",
                    network.hidden()
                )));
                self.spec = self.spec.clone().with_network(Arc::new(network));
            }
            // The evaluations are made with the engine: a fresh one takes the network.
            self.engine = self.fresh_engine();
        } else if name.eq_ignore_ascii_case("stage") {
            let stage = find_uci_stage(value.unwrap_or("")).map_err(|error| match error {
                Error::UnknownStage { known, .. } => bad_value(format!("the stages are {known}")),
                other => bad_value(other.to_string()),
            })?;
            // The network chosen with EvalFile goes with the engine to its new stage.
            let spec = EngineSpec::new(stage).with_hash(self.spec.hash_mb());
            let spec = spec.map(|spec| match self.spec.network() {
                Some(network) => spec.with_network(network.clone()),
                None => spec,
            });
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

// ANCHOR: mate
/// The depth `go mate N` searches to when the GUI gives no other limit: a full-width search
/// to 2N − 1 plies sees every mate in N moves; a stage that prunes and reduces may see one
/// only deeper, so it gets four plies more. (It stops as soon as one is found.)
pub(super) fn mate_depth(moves: u32, stage: &Stage) -> Depth {
    let plies = moves.saturating_mul(2).saturating_sub(1).max(1);
    let margin = if stage.judged_by_strength { 4 } else { 0 };
    plies.saturating_add(margin).min(MAX_DEPTH)
}

// ANCHOR_END: mate

/// Waits, before `bestmove`, while the GUI still holds the search: after `go infinite` until
/// `stop`; while pondering, until `ponderhit` or `stop`. (The session unparks this thread
/// on both.)
fn wait_for_the_gui(limits: &SearchLimits, ponder: Option<&ClockStart>) {
    loop {
        let pondering = ponder.is_some_and(ClockStart::is_pending);
        if limits.stop.is_stopped() || !(limits.infinite || pondering) {
            return;
        }
        thread::park_timeout(Duration::from_millis(50));
    }
}
