//! The book's Foundations chapter, generated from the code it describes: the 24 ladder
//! positions with their FENs and the reason each is in the set, and the perft counts of two
//! positions.
//!
//! - [`positions_markdown`]: a set of positions as a table: name, why it is there, its FEN,
//!   and whether `searchlab compare` runs it by default.
//! - [`perft_markdown`]: perft counts per depth, computed here with the crate's own perft.
//! - [`book_figures`]: both for the book (`positions.md`, `perft.md`), as `searchlab-book figures`
//!   writes them into `book/src/figures/`.
//!
//! The positions' table is read from [`searchlab_engine::positions`], so the book lists exactly the
//! positions its numbers were measured on; a test checks that the committed files are current.
//! Another test shows the properties of Zobrist keys that the search relies on.

use searchlab_course::draw::table::thousands;
use searchlab_engine::games::chess::START_FEN;
use searchlab_engine::games::Chess;
use searchlab_engine::positions::{NamedPosition, COMPARE, KIWIPETE, LADDER};
use searchlab_engine::Result;

/// The positions and depths of the perft table: the start position and Kiwipete, each to the
/// depth where a count still takes well under a second.
pub const PERFT_TABLE: [(&str, &str, u32); 2] =
    [("start", START_FEN, 5), ("kiwipete", KIWIPETE, 4)];

/// `positions` as a Markdown table, one row each: its number, its name (with a ✓ if it is one
/// of `marked`), why it is in the set, and its FEN under the reason, so that the table fits the
/// book's width.
pub fn positions_markdown(positions: &[NamedPosition], marked: &[NamedPosition]) -> String {
    let mut out = String::from("| | name | why it is in the set, and its FEN |\n");
    out.push_str("|---:|---|---|\n");
    for (i, position) in positions.iter().enumerate() {
        let mark = if marked.contains(position) {
            " ✓"
        } else {
            ""
        };
        out.push_str(&format!(
            "| {} | {}{mark} | {}<br>`{}` |\n",
            i + 1,
            position.name,
            position.why.replace('|', "\\|"),
            position.fen,
        ));
    }
    out
}

/// Perft counts of `positions` (name, FEN, deepest depth) as a Markdown table, one row per
/// position and one column per depth from 1 to the deepest asked for.
pub fn perft_markdown(positions: &[(&str, &str, u32)]) -> Result<String> {
    let deepest = positions.iter().map(|p| p.2).max().unwrap_or(0);
    let mut out = String::from("| position |");
    let mut rule = String::from("|---|");
    for depth in 1..=deepest {
        out.push_str(&format!(" depth {depth} |"));
        rule.push_str("---:|");
    }
    out.push('\n');
    out.push_str(&rule);
    out.push('\n');
    for &(name, fen, depth) in positions {
        let game = Chess::from_fen(fen)?;
        out.push_str(&format!("| {name} |"));
        for d in 1..=deepest {
            let cell = if d <= depth {
                thousands(game.perft(d))
            } else {
                String::new()
            };
            out.push_str(&format!(" {cell} |"));
        }
        out.push('\n');
    }
    Ok(out)
}

/// The Foundations chapter's generated files: file name and text.
pub fn book_figures() -> Result<Vec<(&'static str, String)>> {
    Ok(vec![
        ("positions.md", positions_markdown(LADDER, COMPARE)),
        ("perft.md", perft_markdown(&PERFT_TABLE)?),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_engine::game::Game;

    #[test]
    fn every_ladder_position_is_listed_with_its_reason() {
        let table = positions_markdown(LADDER, COMPARE);
        assert_eq!(table.lines().count(), 2 + LADDER.len());
        for position in LADDER {
            assert!(
                !position.why.trim().is_empty(),
                "{} has no reason",
                position.name
            );
            assert!(table.contains(position.fen), "{}", position.name);
        }
        assert_eq!(table.matches('✓').count(), COMPARE.len());
    }

    #[test]
    fn perft_counts_are_the_published_ones() {
        let table = perft_markdown(&[("start", START_FEN, 3), ("kiwipete", KIWIPETE, 2)]).unwrap();
        assert!(table.contains("| start | 20 | 400 | 8,902 |"), "{table}");
        assert!(table.contains("| kiwipete | 48 | 2,039 |  |"), "{table}");
    }

    /// The committed `book/src/figures/positions.md` and `perft.md` are what the code writes
    /// (`searchlab-book figures` writes them again).
    #[test]
    fn the_committed_tables_are_current() {
        let folder = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("book/src/figures");
        for (name, text) in book_figures().unwrap() {
            let committed = std::fs::read_to_string(folder.join(name)).unwrap_or_default();
            assert_eq!(
                committed, text,
                "{name} is stale: run `cargo run --release -- figures`"
            );
        }
    }

    // ANCHOR: zobrist
    #[test]
    fn a_zobrist_key_names_the_position_not_the_path() {
        let play = |moves: &[&str]| {
            let mut game = Chess::start();
            for mv in moves {
                game.play_uci(mv).unwrap();
            }
            game
        };
        // Two move orders, one position: one key, so the table finds the transposition.
        let a = play(&["g1f3", "g8f6", "b1c3"]);
        let b = play(&["b1c3", "g8f6", "g1f3"]);
        assert_eq!(a.hash(), b.hash());
        // Kept up to date move by move, the key is the key of the position read afresh.
        assert_eq!(a.hash(), Chess::from_fen(&a.fen()).unwrap().hash());
        // Back where it started, the game is back on the start position's key: a repetition.
        let back_home = play(&["g1f3", "g8f6", "f3g1", "f6g8"]);
        assert_eq!(back_home.hash(), Chess::start().hash());
        // The same pieces with the other side to move are another position, with another key.
        let start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        let black_to_move = Chess::from_fen(&format!("{start_fen} b KQkq - 0 1")).unwrap();
        assert_ne!(black_to_move.hash(), Chess::start().hash());
    }
    // ANCHOR_END: zobrist
}
