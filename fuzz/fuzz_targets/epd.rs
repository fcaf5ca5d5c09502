//! The EPD and perft-suite parsers on any text, held to the properties in
//! `tests/properties/mod.rs` (shared with `tests/fuzz_parsers.rs`): an error is fine, a panic
//! is not, and every accepted record's position passes the same checks as an accepted FEN.
#![no_main]

#[path = "../../tests/properties/mod.rs"]
mod properties;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        properties::check_epd_text(text);
        properties::check_perft_text(text);
    }
});
