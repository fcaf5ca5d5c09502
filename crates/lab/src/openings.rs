//! The opening positions a match starts its games from: reading them, the shipped default, and
//! the seeded order a match plays them in.
//!
//! A match plays each opening twice, colours swapped (see [`crate::matchplay`]), so the
//! openings decide how varied its games are. Without an openings file, 500 positions drawn from
//! the 8-move book Stockfish's testing used ([`SAMPLE_OPENINGS`], see
//! `assets/openings/README.md`) are used; a seed picks their order ([`shuffled`]), so a match
//! plays up to 1,000 games without replaying one, and the same seed replays the same games.

use searchlab_engine::epd::{data_lines, parse_epd_line};
use searchlab_engine::error::{Error, Result};
use searchlab_engine::games::Chess;
use searchlab_engine::rng::SplitMix64;

/// The default openings: 500 positions after 8 moves each, drawn with a seed from the book
/// Stockfish's testing used (`assets/openings/README.md` says where from, and how drawn).
pub const SAMPLE_OPENINGS: &str = include_str!("../../../assets/openings/openings-8moves-500.epd");

/// Reads an openings file: one position a line, as a FEN (4 to 6 fields) or an EPD line
/// (whose operations are ignored). Blank lines and lines starting with `#` are skipped. Every
/// position must be one where the game is not already over.
pub fn parse_openings(text: &str) -> Result<Vec<String>> {
    let mut openings = Vec::new();
    for (number, line) in data_lines(text) {
        let line = line.trim();
        // Keep the text as given rather than `game.fen()`: the position is the same, and the
        // text is what the user wrote.
        let (fen, game) = match Chess::from_fen(line) {
            Ok(game) => (line.to_string(), game),
            Err(_) => {
                let record = parse_epd_line(line, number)?;
                let game = record.game()?;
                (record.fen, game)
            }
        };
        if game.game_outcome().is_some() {
            return Err(Error::Epd {
                line: number,
                reason: "the game is already over in this opening position".into(),
            });
        }
        openings.push(fen);
    }
    if openings.is_empty() {
        return Err(Error::Epd {
            line: 0,
            reason: "the openings file has no position".into(),
        });
    }
    Ok(openings)
}

/// The default openings ([`SAMPLE_OPENINGS`]) as FENs, in file order.
pub fn default_openings() -> Vec<String> {
    // The file ships with the crate and is checked by a test: it always reads.
    parse_openings(SAMPLE_OPENINGS).unwrap_or_default()
}

/// `openings` in the order a match with `seed` plays them: a shuffle (Fisher-Yates with a
/// SplitMix64 generator), so that different seeds start different games, and the same seed
/// the same ones.
pub fn shuffled(openings: &[String], seed: u64) -> Vec<String> {
    let mut random = SplitMix64::new(seed);
    let mut order = openings.to_vec();
    for i in (1..order.len()).rev() {
        let j = random.below(i + 1);
        order.swap(i, j);
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_openings_are_legal_open_and_distinct() {
        let openings = default_openings();
        assert_eq!(openings.len(), 500);
        let mut unique = openings.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 500, "no opening twice");
        assert!(parse_openings("# only a comment\n").is_err());
        assert!(parse_openings("not a fen\n").is_err());
        // Fool's mate: over before it starts.
        assert!(
            parse_openings("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
                .is_err()
        );
        // EPD lines are read too.
        let fens = parse_openings("4k3/8/8/8/8/8/4P3/4K3 w - - id \"kp\";").unwrap();
        assert_eq!(fens, vec!["4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".to_string()]);
        // A seed is an order: the same seed the same order, another seed another one.
        assert_eq!(shuffled(&openings, 7), shuffled(&openings, 7));
        assert_ne!(shuffled(&openings, 7)[..10], shuffled(&openings, 8)[..10]);
        let mut again = shuffled(&openings, 7);
        again.sort();
        assert_eq!(again, unique, "a shuffle keeps every opening once");
    }
}
