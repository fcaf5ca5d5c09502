//! How long a match move may take: a time control, a fixed time, a node count or a depth, the
//! same for both players unless player A is given time odds.
//!
//! Each move of a match game is limited the same way for both players ([`MoveLimits`]): a time
//! control (`base + increment`, [`TimeControl`], on clocks the referee keeps: a player whose
//! clock runs out loses, see [`crate::referee`]), a fixed time per move, a node count
//! (reproducible, fast: good for comparing ideas) or a depth. Player A may be given time odds
//! (`--time-odds 150`: half as much time again), to find which odds make two players equal:
//! how the parallel stage's "effective speed-up" is measured.

use searchlab_engine::error::{Error, Result};
use searchlab_engine::score::Depth;
use serde::Serialize;
use std::time::Duration;

/// A time control: `base` on each clock at the start, `increment` added after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TimeControl {
    /// Time on each clock when the game starts.
    #[serde(serialize_with = "seconds")]
    pub base: Duration,
    /// Time added to a clock after each move of its side.
    #[serde(serialize_with = "seconds")]
    pub increment: Duration,
}

fn seconds<S: serde::Serializer>(d: &Duration, s: S) -> std::result::Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
}

impl TimeControl {
    /// Reads `base+increment` in seconds, as cutechess and fishtest write it: `10+0.1`, `60+1`,
    /// `5` (no increment).
    pub fn parse(text: &str) -> Result<TimeControl> {
        let bad = |reason: &str| Error::Setting(format!("time control '{text}': {reason}"));
        let (base, increment) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let seconds = |part: &str| {
            part.trim()
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e9)
                .map(Duration::from_secs_f64)
                .ok_or_else(|| bad("write base+increment in seconds, e.g. 10+0.1"))
        };
        let tc = TimeControl {
            base: seconds(base)?,
            increment: seconds(increment)?,
        };
        if tc.base.is_zero() {
            return Err(bad("the base time must be more than 0"));
        }
        Ok(tc)
    }
}

impl std::fmt::Display for TimeControl {
    /// As PGN's `TimeControl` tag writes it: `10+0.1`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}+{}",
            self.base.as_secs_f64(),
            self.increment.as_secs_f64()
        )
    }
}

/// How each move is limited: the same for both players, unless player A is given time odds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveLimits {
    /// A time control on clocks the referee keeps.
    pub time_control: Option<TimeControl>,
    /// A fixed time per move.
    pub movetime: Option<Duration>,
    /// A node limit per move.
    pub nodes: Option<u64>,
    /// A depth limit per move.
    pub depth: Option<Depth>,
    /// Player A's time (the clock's base and increment, or the move time) as a percentage of
    /// the others': 150 gives it half as much again. `None` is 100, even. What "time to equal
    /// strength" is measured with: which odds make a one-thread engine as strong as two.
    pub a_time_percent: Option<u32>,
}

impl MoveLimits {
    /// Checks the limits make sense: at least one, no zero.
    pub fn validate(&self) -> Result<()> {
        if self.time_control.is_none()
            && self.movetime.is_none()
            && self.nodes.is_none()
            && self.depth.is_none()
        {
            return Err(Error::Setting(
                "a match needs a limit per move: a time control, a move time, nodes or a depth"
                    .into(),
            ));
        }
        if self.a_time_percent == Some(0) {
            return Err(Error::Setting("time odds must be more than 0%".into()));
        }
        if self.a_time_percent.is_some() && self.time_control.is_none() && self.movetime.is_none() {
            return Err(Error::Setting(
                "time odds need a time to give: a time control or a move time".into(),
            ));
        }
        searchlab_engine::limits::SearchLimits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime,
            ..Default::default()
        }
        .validate()
    }

    /// A time for `player_a` (or the other player) with the odds applied.
    pub fn time_for(&self, time: Duration, player_a: bool) -> Duration {
        match self.a_time_percent {
            Some(percent) if player_a => time * percent / 100,
            _ => time,
        }
    }

    /// What PGN's `TimeControl` tag says: the time control, `-` without one.
    pub fn pgn_time_control(&self) -> String {
        self.time_control.map_or("-".into(), |tc| tc.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls() {
        let tc = TimeControl::parse("10+0.1").unwrap();
        assert_eq!(
            (tc.base, tc.increment),
            (Duration::from_secs(10), Duration::from_millis(100))
        );
        assert_eq!(tc.to_string(), "10+0.1");
        assert_eq!(TimeControl::parse("60").unwrap().increment, Duration::ZERO);
        for bad in ["", "0+1", "ten", "10+x", "-5+0", "1e99"] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
        assert!(
            MoveLimits::default().validate().is_err(),
            "a match needs some limit"
        );
    }
}
