//! The UCI command parser on any text, a line at a time, and what the loop does next with a
//! parsed line short of searching: a `position` builds its game (checking every move), a `go`
//! turns into search limits for either side and a time budget.
#![no_main]

use chess::Color;
use libfuzzer_sys::fuzz_target;
use searchlab::uci::{parse_command, Command};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for line in text.lines() {
        match parse_command(line) {
            Ok(Command::Position(spec)) => {
                let _ = spec.to_game();
            }
            Ok(Command::Go(params)) => {
                for side in [Color::White, Color::Black] {
                    if let Ok(limits) = params.limits(side) {
                        let _ = limits.time_budget();
                    }
                }
            }
            _ => {}
        }
    }
});
