//! The UCI command parser on any text, a line at a time, held to the property in
//! `tests/properties/mod.rs` (shared with `tests/fuzz_uci.rs`): no panic while parsing and
//! doing what the loop does next short of searching (a `position` builds its game, checking
//! every move; a `go` turns into limits and a time budget for either side, soft within hard),
//! and every error has a message.
#![no_main]

#[path = "../../tests/properties/mod.rs"]
mod properties;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        text.lines().for_each(properties::check_uci_line);
    }
});
