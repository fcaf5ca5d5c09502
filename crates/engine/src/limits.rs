//! When a search must stop: depth, nodes, time, or a word from outside.
//!
//! [`SearchLimits`] says what the caller allows. A search turns it into a [`Stopper`], which the
//! recursive search asks at every node "should I give up now?". Asking is cheap: an atomic
//! flag is read every time, the clock only every [`Stopper::CLOCK_INTERVAL`] nodes.
//!
//! Every stage, the fixed-depth ones included, asks where it counts a node: a
//! [`NodeCounter`] counts the node *or* says the search must stop, in one call, so no stage can
//! forget to listen. A GUI's `stop` is therefore never ignored, whatever stage plays.
//!
//! Time comes in two limits. The **soft** limit is checked between iterations of iterative
//! deepening: past it, no new iteration is started, because the next one would probably not
//! finish. The **hard** limit aborts the running iteration, and the result of the last
//! completed one is used. A fixed-depth stage has one iteration; when the hard limit (or the
//! node limit, or `stop`) cuts it, it plays the best root move it finished.
//!
//! A clock is never spent to the last millisecond: every budget first loses the *move
//! overhead* (the time the GUI, the pipe and the operating system take between our `bestmove`
//! and the GUI stopping our clock; the UCI option `Move Overhead`), and a *reserve* of a tenth
//! of what is left is never planned for, so the reserve shrinks with the clock but only
//! reaches zero with it. See [`SearchLimits::time_budget`].

use crate::clock::Instant;
use crate::error::{Error, Result};
use crate::game::Game;
use crate::score::{Depth, Ply};
use crate::stats::SearchStats;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// A flag another thread sets to stop a running search (the UCI `stop` command).
///
/// A flag may have a parent ([`StopFlag::child`]): it is then also stopped when the parent is.
/// The helper threads of a parallel search search under such a flag, so that they stop the
/// moment the search's own flag is set (by the GUI, or at the time limit), not only when the
/// main thread has noticed and told them: with more threads than cores, the main thread may
/// not run for a long while.
#[derive(Clone, Debug, Default)]
pub struct StopFlag {
    own: Arc<AtomicBool>,
    /// The flags of its parent, its parent's parent, …: none for a flag of its own. (A list
    /// rather than a link to the parent, so that asking, at every node, is a loop the compiler
    /// inlines rather than a recursive call.)
    ancestors: Vec<Arc<AtomicBool>>,
}

impl StopFlag {
    /// A new, unset flag.
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// A new flag that is stopped when this one is, or when it is stopped itself (which does
    /// not stop this one).
    pub fn child(&self) -> StopFlag {
        let mut ancestors = self.ancestors.clone();
        ancestors.push(Arc::clone(&self.own));
        StopFlag {
            own: Arc::default(),
            ancestors,
        }
    }

    /// Asks the search to stop as soon as it can.
    pub fn stop(&self) {
        self.own.store(true, Ordering::Relaxed);
    }

    /// Stops this flag if it is a child: the flag the helper threads of one search share, so
    /// that the first of them to see the time up stops them all at their next node (each
    /// reads the clock only every [`Stopper::CLOCK_INTERVAL`] nodes). A flag without a parent
    /// is its caller's, and is left alone.
    pub fn stop_helpers(&self) {
        if !self.ancestors.is_empty() {
            self.stop();
        }
    }

    /// Has a stop been asked for (of this flag, or of its parent)?
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.own.load(Ordering::Relaxed)
            || self
                .ancestors
                .iter()
                .any(|flag| flag.load(Ordering::Relaxed))
    }
}

/// When a search's time starts to count, shared with the thread that decides it.
///
/// A GUI's clock runs from the moment it sends `go`, not from the moment the search gets going
/// (a search may wait its turn, threads take time to start), so UCI starts a search's clock
/// as `go` arrives ([`ClockStart::at`]). While the engine *ponders* (thinks on the opponent's
/// time, UCI's `go ponder`) no clock runs at all: it starts at `ponderhit`
/// ([`ClockStart::pending`], then [`ClockStart::start_now`]).
#[derive(Clone, Debug, Default)]
pub struct ClockStart(Arc<OnceLock<Instant>>);

impl ClockStart {
    /// A clock that started at `instant`.
    pub fn at(instant: Instant) -> ClockStart {
        let start = ClockStart::default();
        start.0.get_or_init(|| instant);
        start
    }

    /// A clock that has not started yet: the search has no time limit until
    /// [`ClockStart::start_now`].
    pub fn pending() -> ClockStart {
        ClockStart::default()
    }

    /// Starts the clock now, unless it has started already.
    pub fn start_now(&self) {
        self.0.get_or_init(Instant::now);
    }

    /// When the clock started, if it has.
    pub fn get(&self) -> Option<Instant> {
        self.0.get().copied()
    }

    /// Whether the clock has not started yet (the engine ponders).
    pub fn is_pending(&self) -> bool {
        self.0.get().is_none()
    }
}

/// A chess clock as UCI's `go wtime/btime/winc/binc/movestogo` gives it, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control, if the control has one.
    pub moves_to_go: Option<u32>,
}

/// The two time limits of one search (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// Do not start a new iteration after this much time.
    pub soft: Duration,
    /// Abort the running iteration after this much time.
    pub hard: Duration,
}

/// What a caller allows a search. Every limit is optional; with none, a stage uses its own
/// default depth.
#[derive(Clone, Debug)]
pub struct SearchLimits {
    /// Search to this depth (plies) and no further.
    pub depth: Option<Depth>,
    /// Stop after about this many nodes (exactly reproducible with one thread).
    pub nodes: Option<u64>,
    /// Think this long and then move.
    pub movetime: Option<Duration>,
    /// Manage time from a clock.
    pub clock: Option<Clock>,
    /// Set from outside to stop the search (UCI `stop`); searches until stopped if no other
    /// limit is given and `infinite` is set.
    pub stop: StopFlag,
    /// Search until stopped, ignoring the default depth (UCI `go infinite`).
    pub infinite: bool,
    /// Time lost outside the search on every move (the UCI option `Move Overhead`): taken off
    /// every time budget.
    pub move_overhead: Duration,
    /// When the time limits start to count; `None`: as the search starts.
    pub clock_start: Option<ClockStart>,
    /// The only root moves the search may play, by their names in the game's notation (UCI's
    /// `go searchmoves`); `None`: every legal move. Every stage of the ladder keeps to them
    /// (the engines beside it, the oracle and MTD(f), search every move).
    pub root_moves: Option<Vec<String>>,
}

impl Default for SearchLimits {
    fn default() -> SearchLimits {
        SearchLimits {
            depth: None,
            nodes: None,
            movetime: None,
            clock: None,
            stop: StopFlag::new(),
            infinite: false,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
            clock_start: None,
            root_moves: None,
        }
    }
}

// ANCHOR: overhead
/// The default `Move Overhead`: time kept back from every budget for what happens outside the
/// search (the search thread handing over, the pipe, the GUI reading `bestmove` and stopping
/// our clock, a busy operating system scheduling all of that).
///
/// Measured on the 2-core development machine (`scripts/stockfish_match.py`, two games at a
/// time against Stockfish at 10 s + 0.1 s, 812 moves, a build running beside them), the time
/// the python-chess referee charged beyond the search time the engine reported had a median of
/// 2 ms, a 99th percentile of 15 ms and a maximum of 36 ms. 20 ms covers all but the rarest
/// spikes, which the clock's reserve absorbs, and costs little: at 2 s + 0.02 s a move in the
/// middlegame gets about 70 ms.
pub const DEFAULT_MOVE_OVERHEAD: Duration = Duration::from_millis(20);

/// The largest `Move Overhead` the UCI option accepts, in milliseconds.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5000;

/// The share of the clock (after the move overhead) never planned for: a tenth.
pub const RESERVE_DIVISOR: u32 = 10;
// ANCHOR_END: overhead

impl SearchLimits {
    /// Limits with only a depth.
    pub fn depth(depth: Depth) -> SearchLimits {
        SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        }
    }

    /// Limits with only a fixed time per move.
    pub fn movetime(time: Duration) -> SearchLimits {
        SearchLimits {
            movetime: Some(time),
            ..SearchLimits::default()
        }
    }

    /// Limits with only a node count.
    pub fn nodes(nodes: u64) -> SearchLimits {
        SearchLimits {
            nodes: Some(nodes),
            ..SearchLimits::default()
        }
    }

    /// Whether something other than a depth ends the search: time, nodes, or `infinite`
    /// (which only `stop` ends). Without it, a search needs a depth to end.
    pub fn ends_without_a_depth(&self) -> bool {
        self.infinite || self.nodes.is_some() || self.movetime.is_some() || self.clock.is_some()
    }

    // ANCHOR: root_moves
    /// The moves the root of a search tries: every legal move of `game`, or those of them
    /// [`SearchLimits::root_moves`] names, in the generator's order.
    pub fn root_moves<G: Game>(&self, game: &G) -> Vec<G::Move> {
        named_moves(game, self.root_moves.as_deref())
    }
    // ANCHOR_END: root_moves

    /// Rejects limits that cannot mean anything: depth 0, 0 nodes, zero time, a depth beyond
    /// what any stage can search.
    pub fn validate(&self) -> Result<()> {
        match self.depth {
            Some(0) => return Err(Error::InvalidLimit("depth must be at least 1".into())),
            Some(d) if d > MAX_DEPTH => {
                return Err(Error::InvalidLimit(format!(
                    "depth must be at most {MAX_DEPTH}, got {d}"
                )))
            }
            _ => {}
        }
        if self.nodes == Some(0) {
            return Err(Error::InvalidLimit(
                "a node limit must be at least 1".into(),
            ));
        }
        if self.movetime == Some(Duration::ZERO) {
            return Err(Error::InvalidLimit(
                "a time limit must be more than 0 ms".into(),
            ));
        }
        Ok(())
    }

    // ANCHOR: time_budget
    /// The soft and hard time limits, if any time limit was given.
    ///
    /// - `movetime`: both limits are the move time less the move overhead (at least 1 ms):
    ///   the caller decided the time, so use all of it.
    /// - a clock: take off the move overhead, then keep a tenth of the rest in reserve; spread
    ///   what remains (the *usable* time) over the moves to go (30 if unknown) and add most of
    ///   the increment: that is the soft limit, but never more than a sixteenth of the usable
    ///   time. The hard limit is three times the share, but never more than an eighth of it.
    ///   So even the worst move leaves seven eighths of the usable time; and late in a game,
    ///   when the increment is all that is coming, a move spends less than the increment
    ///   until the clock holds about ten increments, instead of sinking towards zero.
    pub fn time_budget(&self) -> Option<TimeBudget> {
        const AT_LEAST: Duration = Duration::from_millis(1);
        if let Some(movetime) = self.movetime {
            let t = movetime.saturating_sub(self.move_overhead).max(AT_LEAST);
            return Some(TimeBudget { soft: t, hard: t });
        }
        let clock = self.clock?;
        let left = clock.remaining.saturating_sub(self.move_overhead);
        let usable = left - left / RESERVE_DIVISOR;
        let moves_to_go = clock.moves_to_go.unwrap_or(30).clamp(1, 50);
        let share = usable / moves_to_go + clock.increment * 3 / 4;
        let soft = share.min(usable / 16).max(AT_LEAST);
        let hard = (share * 3).min(usable / 8).max(soft);
        Some(TimeBudget { soft, hard })
    }
    // ANCHOR_END: time_budget
}

/// The legal moves of `game` that `names` names (all of them if `names` is `None`), in the
/// generator's order: the root moves [`SearchLimits::root_moves`] allows.
pub fn named_moves<G: Game>(game: &G, names: Option<&[String]>) -> Vec<G::Move> {
    let mut moves = game.legal_moves();
    if let Some(names) = names {
        moves.retain(|mv| names.iter().any(|name| *name == mv.to_string()));
    }
    moves
}

/// The deepest search any stage will attempt (also the length of per-ply tables).
pub const MAX_DEPTH: Depth = 64;

// ANCHOR: max_quiescence_ply
/// The deepest ply a quiescence search may reach (well beyond any real capture sequence: a
/// safety net, never met in practice).
pub const MAX_QUIESCENCE_PLY: Ply = 120;
// ANCHOR_END: max_quiescence_ply

/// Decides, node by node, whether a running search must stop.
#[derive(Debug)]
pub struct Stopper {
    /// When the search's time began: the clock's start if it had one, else the search's.
    start: Instant,
    /// When the time budget counts from, if not from `start`: a clock started before the
    /// search, or one that starts later (pondering).
    clock_start: Option<ClockStart>,
    budget: Option<TimeBudget>,
    max_nodes: Option<u64>,
    flag: StopFlag,
    stopped: bool,
    /// The soft limit in use, in percent of the budget's (stage 11's clock scales it).
    soft_percent: u32,
    /// Whether the soft limit may be scaled: not when the caller fixed the move's time.
    soft_scalable: bool,
}

impl Stopper {
    /// The clock is read once every this many nodes (a node takes well under a microsecond,
    /// so the search overshoots a deadline by far less than a millisecond).
    pub const CLOCK_INTERVAL: u64 = 1024;

    /// Starts the clock for a search under `limits`.
    pub fn new(limits: &SearchLimits) -> Stopper {
        let clock_start = limits.clock_start.clone();
        Stopper {
            start: clock_start
                .as_ref()
                .and_then(ClockStart::get)
                .unwrap_or_else(Instant::now),
            clock_start,
            budget: limits.time_budget(),
            max_nodes: limits.nodes,
            flag: limits.stop.clone(),
            stopped: false,
            soft_percent: 100,
            soft_scalable: limits.movetime.is_none(),
        }
    }

    /// Sets the soft limit to `percent` of the budget's, never past the hard limit: a search
    /// sure of its move may stop sooner, one in doubt think longer. A move time the caller
    /// fixed is not scaled.
    pub fn scale_soft_limit(&mut self, percent: u32) {
        if self.soft_scalable {
            self.soft_percent = percent;
        }
    }

    /// The soft limit in use: the budget's, scaled ([`Stopper::scale_soft_limit`]).
    pub fn soft_limit(&self) -> Option<Duration> {
        let budget = self.budget?;
        Some((budget.soft * self.soft_percent / 100).min(budget.hard))
    }

    /// Time since the search started (since its clock started, if that was earlier).
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    // ANCHOR: should_stop
    /// Time on the budget's clock: since the search started, or since the clock it was
    /// given started; `None` while that clock has not started (pondering: no time limit).
    fn budget_elapsed(&self) -> Option<Duration> {
        match &self.clock_start {
            None => Some(self.start.elapsed()),
            Some(clock) => clock.get().map(|start| start.elapsed()),
        }
    }

    /// Is the hard time limit reached?
    fn out_of_time(&self) -> bool {
        self.budget
            .is_some_and(|b| self.budget_elapsed().is_some_and(|t| t >= b.hard))
    }

    /// Reads the clock (every [`Stopper::CLOCK_INTERVAL`] nodes): is the time up? If it is,
    /// the helper threads sharing this search's flag are told at once. (Cold: kept out of
    /// the node's code, which asks it rarely.)
    #[cold]
    fn time_is_up(&self) -> bool {
        let up = self.out_of_time();
        if up {
            self.flag.stop_helpers();
        }
        up
    }

    /// Must the search stop now, having searched `nodes` nodes? Once it says yes, it keeps
    /// saying yes.
    #[inline]
    pub fn should_stop(&mut self, nodes: u64) -> bool {
        if self.stopped {
            return true;
        }
        let out_of_nodes = self.max_nodes.is_some_and(|max| nodes >= max);
        let out_of_time = nodes.is_multiple_of(Self::CLOCK_INTERVAL) && self.time_is_up();
        self.stopped = out_of_nodes || out_of_time || self.flag.is_stopped();
        self.stopped
    }
    // ANCHOR_END: should_stop

    /// Has the search been stopped?
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// The flag that stops the search from outside.
    pub fn flag(&self) -> &StopFlag {
        &self.flag
    }

    /// Checks the stop flag and the clock now, whatever the node count: for a thread that
    /// waits for others instead of searching, and so counts no nodes. True once stopped.
    pub fn poll(&mut self) -> bool {
        self.stopped = self.stopped || self.out_of_time() || self.flag.is_stopped();
        self.stopped
    }

    // ANCHOR: may_start_iteration
    /// Between iterations: is there time (and permission) to start another one?
    pub fn may_start_iteration(&self) -> bool {
        !self.stopped
            && !self.flag.is_stopped()
            && self
                .soft_limit()
                .is_none_or(|soft| self.budget_elapsed().is_none_or(|t| t < soft))
    }
    // ANCHOR_END: may_start_iteration
}

// ANCHOR: node_counter
/// The counters of a running search and its [`Stopper`], together, because a node is where
/// both happen: every stage's recursive search begins with [`NodeCounter::count_node`].
#[derive(Debug)]
pub struct NodeCounter {
    /// Nodes, cut-offs and table counters so far.
    pub stats: SearchStats,
    /// Decides when the search must give up.
    pub stopper: Stopper,
}

impl NodeCounter {
    /// Fresh counters, and the clock started, for a search under `limits`.
    pub fn new(limits: &SearchLimits) -> NodeCounter {
        NodeCounter {
            stats: SearchStats::default(),
            stopper: Stopper::new(limits),
        }
    }

    /// Counts one more node, unless the search must stop (the time is up, the node limit is
    /// reached, or the GUI said `stop`): then nothing is counted, the answer is `false`, and
    /// the caller returns at once with a score that nobody will use.
    pub fn count_node(&mut self) -> bool {
        if self.stopper.should_stop(self.stats.nodes) {
            return false;
        }
        self.stats.nodes += 1;
        true
    }

    /// Has the search been stopped? (Then the score being computed is not a score.)
    pub fn stopped(&self) -> bool {
        self.stopper.stopped()
    }
}
// ANCHOR_END: node_counter

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_limits_are_errors() {
        assert!(SearchLimits::depth(0).validate().is_err());
        assert!(SearchLimits::movetime(Duration::ZERO).validate().is_err());
        assert!(SearchLimits::nodes(0).validate().is_err());
        assert!(SearchLimits::depth(3).validate().is_ok());
    }

    fn clock(remaining_ms: u64, increment_ms: u64, moves_to_go: Option<u32>) -> SearchLimits {
        SearchLimits {
            clock: Some(Clock {
                remaining: Duration::from_millis(remaining_ms),
                increment: Duration::from_millis(increment_ms),
                moves_to_go,
            }),
            ..SearchLimits::default()
        }
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn clock_budget_keeps_a_reserve() {
        // 60 s + 1 s: overhead 20 ms off, a tenth kept, 53,982 ms usable; the soft limit is
        // 53,982 / 30 + 750 = 2,549.4 ms; the hard one three times that, but at most an eighth
        // of the usable time.
        let b = clock(60_000, 1000, None).time_budget().unwrap();
        assert_eq!(b.soft, Duration::from_micros(2_549_400));
        assert_eq!(b.hard, Duration::from_micros(6_747_750));
        // At 2 s + 20 ms near the end of a game, 200 ms left: 180 ms less a tenth is 162 ms
        // usable; the share (5.4 + 15 ms) is capped at a sixteenth of it, the hard limit at an
        // eighth, 20.25 ms: about the increment, so the clock holds.
        let b = clock(200, 20, None).time_budget().unwrap();
        assert_eq!(b.soft, Duration::from_micros(10_125));
        assert_eq!(b.hard, Duration::from_micros(20_250));
        // The reserve shrinks with the clock, but the budget never reaches what is left.
        for left in [1000, 100, 30, 21, 5, 0] {
            let b = clock(left, 0, Some(1)).time_budget().unwrap();
            assert!(b.soft <= b.hard && b.hard >= ms(1), "{left} ms");
            if left > 25 {
                assert!(b.hard < ms(left) / 8, "{left} ms: {b:?}");
            }
        }
        // The move overhead is a setting: a bigger one leaves a smaller budget.
        let mut slow_gui = clock(10_000, 100, None);
        slow_gui.move_overhead = ms(500);
        let (b, slow) = (
            clock(10_000, 100, None).time_budget().unwrap(),
            slow_gui.time_budget().unwrap(),
        );
        assert!(slow.soft < b.soft && slow.hard < b.hard);
        // A fixed move time loses only the overhead.
        let mut limits = SearchLimits::movetime(ms(100));
        assert_eq!(limits.time_budget().unwrap().hard, ms(80));
        limits.move_overhead = ms(500);
        assert_eq!(limits.time_budget().unwrap().hard, ms(1));
    }

    #[test]
    fn the_budget_counts_from_the_clock_start_and_not_while_it_waits() {
        // A clock started a second ago, with half a second to think: out of time at once
        // (the clock is read at the first node of each interval).
        let mut limits = SearchLimits::movetime(ms(500));
        limits.clock_start = Some(ClockStart::at(Instant::now() - Duration::from_secs(1)));
        assert!(Stopper::new(&limits).should_stop(0));
        assert!(!Stopper::new(&limits).may_start_iteration());
        // Pondering: no clock runs until it starts, however long ago the search began.
        let pondering = ClockStart::pending();
        limits.clock_start = Some(pondering.clone());
        let mut stopper = Stopper::new(&limits);
        assert!(!stopper.should_stop(0) && stopper.may_start_iteration());
        pondering.start_now();
        assert!(
            !stopper.should_stop(Stopper::CLOCK_INTERVAL),
            "500 ms from now"
        );
        assert!(pondering.get().is_some());
    }

    #[test]
    fn a_child_flag_stops_with_its_parent_but_not_the_other_way() {
        let search = StopFlag::new();
        let helpers = search.child();
        helpers.stop();
        assert!(helpers.is_stopped() && !search.is_stopped());
        let helpers = search.child();
        search.stop();
        assert!(helpers.is_stopped());
        // Only a child is stopped for the helpers' sake; the caller's flag is its own.
        let caller = StopFlag::new();
        caller.stop_helpers();
        assert!(!caller.is_stopped());
        let child = caller.child();
        child.stop_helpers();
        assert!(child.is_stopped() && !caller.is_stopped());
    }

    #[test]
    fn the_node_counter_stops_at_the_limit_and_on_the_flag() {
        let mut counter = NodeCounter::new(&SearchLimits::nodes(3));
        let counted: Vec<bool> = (0..5).map(|_| counter.count_node()).collect();
        assert_eq!(counted, [true, true, true, false, false]);
        assert_eq!(counter.stats.nodes, 3);
        assert!(counter.stopped());
        let limits = SearchLimits::default();
        let mut counter = NodeCounter::new(&limits);
        assert!(counter.count_node() && !counter.stopped());
        limits.stop.stop();
        assert!(!counter.count_node() && counter.stopped());
        assert_eq!(counter.stats.nodes, 1);
    }
}
