//! When a search must stop: depth, nodes, time, or a word from outside.
//!
//! [`SearchLimits`] says what the caller allows. A search turns it into a [`Stopper`], which the
//! recursive search asks at every node "should I give up now?". Asking is cheap: an atomic
//! flag is read every time, the clock only every [`Stopper::CLOCK_INTERVAL`] nodes.
//!
//! Time comes in two limits. The **soft** limit is checked between iterations of iterative
//! deepening: past it, no new iteration is started, because the next one would probably not
//! finish. The **hard** limit aborts the running iteration, and the result of the last
//! completed one is used. Fixed-depth stages (minimax, alpha-beta) know no time at all.

use crate::error::{Error, Result};
use crate::score::Depth;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A flag another thread sets to stop a running search (the UCI `stop` command).
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A new, unset flag.
    pub fn new() -> StopFlag {
        StopFlag::default()
    }
    /// Asks the search to stop as soon as it can.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
    /// Has a stop been asked for?
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
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
#[derive(Clone, Debug, Default)]
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
}

/// Time kept back from every budget for the engine's own overhead (threads, output, the GUI).
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(10);

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

    /// The soft and hard time limits, if any time limit was given.
    ///
    /// - `movetime`: both limits are the move time less [`MOVE_OVERHEAD`] (at least 1 ms):
    ///   the caller decided the time, so use all of it.
    /// - a clock: spread the remaining time over the moves to go (30 if unknown), add most of
    ///   the increment, and allow the hard limit three times that, but never more than a
    ///   third of what is left.
    pub fn time_budget(&self) -> Option<TimeBudget> {
        if let Some(movetime) = self.movetime {
            let t = movetime
                .saturating_sub(MOVE_OVERHEAD)
                .max(Duration::from_millis(1));
            return Some(TimeBudget { soft: t, hard: t });
        }
        let clock = self.clock?;
        let available = clock.remaining.saturating_sub(MOVE_OVERHEAD);
        let moves_to_go = clock.moves_to_go.unwrap_or(30).clamp(1, 50);
        let share = available / moves_to_go + clock.increment * 3 / 4;
        let ceiling = available / 3;
        let soft = share.min(ceiling).max(Duration::from_millis(1));
        let hard = (share * 3).min(ceiling).max(soft);
        Some(TimeBudget { soft, hard })
    }
}

/// The deepest search any stage will attempt (also the length of per-ply tables).
pub const MAX_DEPTH: Depth = 64;

/// Decides, node by node, whether a running search must stop.
#[derive(Debug)]
pub struct Stopper {
    start: Instant,
    budget: Option<TimeBudget>,
    max_nodes: Option<u64>,
    flag: StopFlag,
    stopped: bool,
}

impl Stopper {
    /// The clock is read once every this many nodes (a node takes well under a microsecond,
    /// so the search overshoots a deadline by far less than a millisecond).
    pub const CLOCK_INTERVAL: u64 = 1024;

    /// Starts the clock for a search under `limits`.
    pub fn new(limits: &SearchLimits) -> Stopper {
        Stopper {
            start: Instant::now(),
            budget: limits.time_budget(),
            max_nodes: limits.nodes,
            flag: limits.stop.clone(),
            stopped: false,
        }
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    // ANCHOR: should_stop
    /// Must the search stop now, having searched `nodes` nodes? Once it says yes, it keeps
    /// saying yes.
    pub fn should_stop(&mut self, nodes: u64) -> bool {
        if self.stopped {
            return true;
        }
        let out_of_nodes = self.max_nodes.is_some_and(|max| nodes >= max);
        let out_of_time = nodes.is_multiple_of(Self::CLOCK_INTERVAL)
            && self.budget.is_some_and(|b| self.start.elapsed() >= b.hard);
        self.stopped = out_of_nodes || out_of_time || self.flag.is_stopped();
        self.stopped
    }
    // ANCHOR_END: should_stop

    /// Has the search been stopped?
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    // ANCHOR: may_start_iteration
    /// Between iterations: is there time (and permission) to start another one?
    pub fn may_start_iteration(&self) -> bool {
        !self.stopped
            && !self.flag.is_stopped()
            && self.budget.is_none_or(|b| self.start.elapsed() < b.soft)
    }
    // ANCHOR_END: may_start_iteration
}

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

    #[test]
    fn clock_budget_is_safe() {
        let limits = SearchLimits {
            clock: Some(Clock {
                remaining: Duration::from_secs(60),
                increment: Duration::from_secs(1),
                moves_to_go: None,
            }),
            ..SearchLimits::default()
        };
        let b = limits.time_budget().unwrap();
        assert!(b.soft < b.hard && b.hard <= Duration::from_secs(20));
        // Almost no time left: the budget shrinks with it and never exceeds what is left.
        let limits = SearchLimits {
            clock: Some(Clock {
                remaining: Duration::from_millis(30),
                increment: Duration::ZERO,
                moves_to_go: Some(1),
            }),
            ..SearchLimits::default()
        };
        let b = limits.time_budget().unwrap();
        assert!(b.hard < Duration::from_millis(30));
    }
}
