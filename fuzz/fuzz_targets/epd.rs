//! The EPD and perft-suite parsers on any text: an error is fine, a panic is not; every
//! accepted EPD record's position must load.
#![no_main]

use libfuzzer_sys::fuzz_target;
use searchlab::epd::{parse_epd, parse_perft_suite};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(records) = parse_epd(text) {
        for record in &records {
            record
                .game()
                .expect("an accepted EPD record has a legal position");
            let _ = record.name();
        }
    }
    let _ = parse_perft_suite(text);
});
