//! `Chess::from_fen` on any text, held to the properties in `tests/properties/mod.rs` (shared
//! with the proptest suite `tests/fuzz_parsers.rs`): no panic; an accepted position
//! round-trips through `fen()`, and every legal move in it survives SAN and UCI notation,
//! being played, and the position after it being written and read again; perft 2 and a
//! shallow search run in it. The `chess` crate panics (or worse) on boards no game reaches,
//! and this is where such a board would get through.
#![no_main]

#[path = "../../tests/properties/mod.rs"]
mod properties;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        properties::check_fen_text(text);
    }
});
