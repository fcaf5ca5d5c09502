//! Looking inside a search, at what its statistics only count: the order in which the
//! [`MovePicker`] hands out one node's moves and why ([`picker_order`], shown by
//! [`move_order_html`]), and every null-window pass MTD(f) makes ([`mtdf_trace`], shown by
//! [`mtdf_passes_html`]).

use crate::draw::table::{html_table, thousands};
use chess::{ChessMove, Piece};
use searchlab_engine::game::{Capture, Game};
use searchlab_engine::games::Chess;
use searchlab_engine::limits::SearchLimits;
use searchlab_engine::score::{Ply, Score};
use searchlab_engine::search::move_picker::{MovePicker, OrderingTables};
use searchlab_engine::search::mtdf::MtdfPass;
use searchlab_engine::search::{Engine, Mtdf};
use searchlab_engine::stats::SearchResult;
use std::fmt::Write;

/// Why the [`MovePicker`] hands out a move where it does: its four tiers, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderReason {
    /// The hash move (the previous principal variation's, else the table's): tried first.
    HashMove,
    /// A capture or promotion, placed by MVV-LVA: the victim's value first, then the cheaper
    /// attacker.
    Capture(Capture),
    /// A killer of the node's ply: 0 is the newer, 1 the older.
    Killer(usize),
    /// Any other move: a quiet move, placed by its history score.
    History(i32),
}

/// The moves of `game` in the order the [`MovePicker`] of a node at `ply` hands them out,
/// given `hash_move` and what `tables` learned, each with the reason for its place.
///
/// The order is the picker's own (this calls it); the reasons are read from the same facts
/// the picker scores (the hash move, [`Game::capture`], the killers, the history), in the
/// picker's order of precedence.
pub fn picker_order<G: Game>(
    game: &G,
    hash_move: Option<G::Move>,
    tables: &OrderingTables<G::Move>,
    ply: Ply,
) -> Vec<(G::Move, OrderReason)> {
    let killers = tables.killers(ply);
    MovePicker::new(game, game.legal_moves(), hash_move, tables, ply)
        .map(|mv| {
            let reason = if Some(mv) == hash_move {
                OrderReason::HashMove
            } else if let Some(capture) = game.capture(mv) {
                OrderReason::Capture(capture)
            } else if let Some(k) = killers.iter().position(|&k| k == Some(mv)) {
                OrderReason::Killer(k)
            } else {
                OrderReason::History(tables.history(ply, mv))
            };
            (mv, reason)
        })
        .collect()
}

/// A piece's name, for people.
fn piece_name(piece: Piece) -> &'static str {
    match piece {
        Piece::Pawn => "pawn",
        Piece::Knight => "knight",
        Piece::Bishop => "bishop",
        Piece::Rook => "rook",
        Piece::Queen => "queen",
        Piece::King => "king",
    }
}

/// A table of a node's moves in the picker's order ([`picker_order`]): rank, move (SAN),
/// tier, and why. Captures say what takes what, with the MVV-LVA values; quiet moves their
/// history score. At most `limit` rows; the rest are summed up in a last row.
pub fn move_order_html(game: &Chess, order: &[(ChessMove, OrderReason)], limit: usize) -> String {
    let board = game.board();
    let mut cells: Vec<Vec<String>> = order
        .iter()
        .take(limit)
        .enumerate()
        .map(|(i, &(mv, reason))| {
            let (tier, why) = match reason {
                OrderReason::HashMove => (
                    "hash move",
                    "best here in the last search (PV or table)".to_string(),
                ),
                OrderReason::Capture(c) => {
                    let attacker = board.piece_on(mv.get_source()).map_or("?", piece_name);
                    let mut what = match board.piece_on(mv.get_dest()) {
                        Some(victim) => format!("{attacker} takes {}", piece_name(victim)),
                        // En passant takes a pawn beside the empty destination.
                        None if c.victim > 0 && mv.get_promotion().is_none() => {
                            format!("{attacker} takes pawn")
                        }
                        None => attacker.to_string(),
                    };
                    if let Some(p) = mv.get_promotion() {
                        let _ = write!(what, ", promotes to {}", piece_name(p));
                    }
                    (
                        "capture",
                        format!("{what} (victim {}, attacker {})", c.victim, c.attacker),
                    )
                }
                OrderReason::Killer(k) => (
                    "killer",
                    format!(
                        "killer {} ({}): cut off at this ply before",
                        k + 1,
                        if k == 0 { "newer" } else { "older" }
                    ),
                ),
                OrderReason::History(0) => ("quiet", "history 0".to_string()),
                OrderReason::History(h) => ("quiet", format!("history {h:+}")),
            };
            vec![(i + 1).to_string(), game.san(mv), tier.to_string(), why]
        })
        .collect();
    if order.len() > limit {
        cells.push(vec![
            "…".to_string(),
            format!("{} more", order.len() - limit),
            String::new(),
            "quiet moves, by history".to_string(),
        ]);
    }
    html_table(
        &["#", "move", "tier", "why"],
        &[true, false, false, false],
        &cells,
    )
}

/// MTD(f) as `searchlab::search::Mtdf` runs it (the ordered stage's search, a table of
/// [`searchlab_engine::search::DEFAULT_HASH_MB`], null windows at the root): its result, and every pass
/// it made, which the engine keeps ([`Mtdf::passes`]) and its statistics only count.
pub fn mtdf_trace<G: Game>(
    game: &mut G,
    limits: &SearchLimits,
) -> (SearchResult<G::Move>, Vec<MtdfPass>) {
    let mut engine = Mtdf::new(searchlab_engine::search::DEFAULT_HASH_MB);
    let result = engine.search(game, limits);
    (result, engine.passes().to_vec())
}

/// A bound for people: `−∞` and `+∞` for the ends of the whole window, else the score.
pub fn bound_text(score: Score) -> String {
    if score <= -Score::INFINITE {
        "−∞".to_string()
    } else if score >= Score::INFINITE {
        "+∞".to_string()
    } else {
        score.to_string()
    }
}

/// A table of MTD(f)'s passes ([`mtdf_trace`]): for each, its depth, the question it asked
/// (is the value at least `beta`?), the bound it returned, and what is known after it.
pub fn mtdf_passes_html(passes: &[MtdfPass]) -> String {
    let mut pass = 0;
    let mut depth = 0;
    let cells: Vec<Vec<String>> = passes
        .iter()
        .map(|p| {
            if p.depth != depth {
                (depth, pass) = (p.depth, 0);
            }
            pass += 1;
            let answer = if p.score >= p.beta {
                format!("yes: value ≥ {}", p.score)
            } else {
                format!("no: value ≤ {}", p.score)
            };
            vec![
                p.depth.to_string(),
                pass.to_string(),
                format!("value ≥ {}?", p.beta),
                answer,
                format!("{} … {}", bound_text(p.lower), bound_text(p.upper)),
                thousands(p.nodes),
            ]
        })
        .collect();
    html_table(
        &[
            "depth",
            "pass",
            "question (null window)",
            "answer",
            "value now within",
            "nodes",
        ],
        &[true, true, false, false, false, true],
        &cells,
    )
}
