//! The horizon effect, and the quiescence search that cures it, taken apart: the tables and
//! pictures of the book's chapter on quiescence and of notebook 07.
//!
//! - [`iterations_markdown`]: the iterations of several searches of one position side by side,
//!   score and line at each depth: how the pvs stage's score swings with its depth.
//! - [`quiescence_node`]: one node of the quiescence search, move by move: stand pat, the noisy
//!   moves in the order the search tries them, what delta pruning and SEE skip, and what each
//!   move searched is worth. [`quiescence_line`] follows the best of them from position to
//!   position: the captures the quiescence search plays out.
//! - [`see_markdown`]: every capture of a position with its static exchange evaluation.
//! - [`cost`] and [`cost_markdown`]: nodes, the share of them in the quiescence search, and
//!   the deepest ply reached, over a set of positions.
//! - [`book_figures`]: all of these for the book, as `searchlab-book figures` writes them into
//!   `book/src/figures/`.
//!
//! Every number comes from a search run here; the book includes the generated files, and CI
//! checks that the committed ones are what the code writes.

use crate::draw::board::{board_svg, line_svg, san_line};
use crate::draw::table::{change_percent, signed_score, thousands};
use chess::{ChessMove, Color};
use searchlab_engine::error::Result;
use searchlab_engine::game::{Capture, Game};
use searchlab_engine::games::Chess;
use searchlab_engine::limits::SearchLimits;
use searchlab_engine::positions::{NamedPosition, HORIZON, LADDER};
use searchlab_engine::score::{Depth, Score};
use searchlab_engine::search::move_picker::{noisy_moves_in_order, DELTA_MARGIN};
use searchlab_engine::search::{specs, EngineSpec, Quiescence, ToEngineSpec};
use searchlab_engine::stats::{Iteration, SearchResult};
use std::fmt::Write;

/// The line the pvs stage expects at depth 3 in [`HORIZON`], and the recapture beyond its
/// horizon: 1.Nxe4 Nxe4 2.Nxc6 dxc6.
pub const HORIZON_TRAP: [&str; 4] = ["c3e4", "f6e4", "e5c6", "d7c6"];

/// The opening after which the pvs stage's score swings from one iteration to the next:
/// 1.e4 e5 2.Nf3 (`tests/quiescence.rs` holds the swings).
pub const SWING_OPENING: [&str; 3] = ["e2e4", "e7e5", "g1f3"];

/// `game` searched by `stage` (a name, or a description already read) to `depth` (a fresh
/// engine, nothing carried over).
pub fn search(
    game: &Chess,
    stage: &(impl ToEngineSpec<Chess> + ?Sized),
    depth: Depth,
) -> Result<SearchResult<ChessMove>> {
    let mut engine = stage.to_spec()?.build();
    Ok(engine.search(&mut game.clone(), &SearchLimits::depth(depth)))
}

/// A markdown table of the iterations of several searches of `game`, one row per depth: for
/// each search (named by its label), the score for the side to move and the principal
/// variation in standard notation.
pub fn iterations_markdown(game: &Chess, searches: &[(&str, &[Iteration])]) -> Result<String> {
    let deepest = searches
        .iter()
        .flat_map(|(_, its)| its.iter().map(|it| it.depth))
        .max()
        .unwrap_or(0);
    let mut md = String::from("| depth |");
    for (label, _) in searches {
        let _ = write!(md, " {label}: score | {label}: line |");
    }
    md.push_str("\n|---:|");
    for _ in searches {
        md.push_str("---:|---|");
    }
    md.push('\n');
    for depth in 1..=deepest {
        let _ = write!(md, "| {depth} |");
        for (_, iterations) in searches {
            match iterations.iter().find(|it| it.depth == depth) {
                Some(it) => {
                    let _ = write!(
                        md,
                        " {} | {} |",
                        signed_score(it.score),
                        san_line(game, &it.pv)?
                    );
                }
                None => md.push_str(" | |"),
            }
        }
        md.push('\n');
    }
    Ok(md)
}

/// What the quiescence search does with one noisy move at a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Skipped by delta pruning: the evaluation plus the victim plus [`DELTA_MARGIN`] does not
    /// reach `alpha`, the best value found at the node so far.
    Delta {
        /// Alpha when the move came up.
        alpha: Score,
    },
    /// Skipped: the static exchange evaluation says the capture loses material.
    LosesMaterial,
    /// Searched, worth `value` to the side to move: exactly, when it raised alpha; else at
    /// most that (the child's search stopped as soon as it proved the move no better).
    Searched {
        /// The value the search returned for the move.
        value: Score,
        /// Whether `value` is exact (it raised alpha) or an upper bound.
        exact: bool,
    },
}

/// One noisy move at a quiescence node, and what the search made of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoisyMove {
    /// The move.
    pub mv: ChessMove,
    /// What it captures and with what (`None` for a quiet evasion of check).
    pub capture: Option<Capture>,
    /// Its static exchange evaluation, in centipawns for the side that plays it.
    pub see: i32,
    /// Skipped, or searched and worth what.
    pub verdict: Verdict,
}

/// One node of the quiescence search, taken apart ([`quiescence_node`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuiescenceNode {
    /// Whether the side to move is in check (then it cannot stand pat, and every legal move is
    /// searched).
    pub in_check: bool,
    /// The static evaluation for the side to move (`None` when the game is over).
    pub evaluation: Option<Score>,
    /// The noisy moves in the order the search tries them.
    pub moves: Vec<NoisyMove>,
    /// The node's value: the best of standing pat and the moves searched.
    pub value: Score,
}

impl QuiescenceNode {
    /// What standing pat is worth, where the side to move may (not in check, game not over).
    pub fn stand_pat(&self) -> Option<Score> {
        self.evaluation.filter(|_| !self.in_check)
    }

    /// The move the node's value comes from (`None` when standing pat is best).
    pub fn best_move(&self) -> Option<ChessMove> {
        // Values only rise: the last move that raised alpha is the best.
        self.moves
            .iter()
            .rev()
            .find(|m| matches!(m.verdict, Verdict::Searched { exact: true, .. }))
            .map(|m| m.mv)
    }
}

/// One node of [`Quiescence::quiescence`], searched with the whole window, move by move.
///
/// This is the loop of `Quiescence::quiescence` written out again (same order, same skips,
/// same windows), with each move's fate recorded; each move it searches is searched by the
/// engine's own quiescence search. So its value is the engine's exactly
/// (`tests/notebook_helpers.rs` checks that on every ladder position).
pub fn quiescence_node(game: &Chess) -> QuiescenceNode {
    let mut game = game.clone();
    let in_check = game.in_check();
    if let Some(outcome) = game.outcome() {
        return QuiescenceNode {
            in_check,
            evaluation: None,
            moves: Vec::new(),
            value: outcome.score(0),
        };
    }
    let mut engine = Quiescence::<Chess>::new(1);
    let stand_pat = game.evaluate();
    let beta = Score::INFINITE;
    let (mut alpha, mut best) = (-Score::INFINITE, -Score::INFINITE);
    if !in_check {
        best = stand_pat;
        alpha = stand_pat;
    }
    let mut moves = Vec::new();
    for mv in noisy_moves_in_order(&game).collect::<Vec<_>>() {
        let capture = game.capture(mv);
        let see = game.see(mv);
        let verdict = if !in_check
            && stand_pat.0 + capture.map_or(0, |c| c.victim) + DELTA_MARGIN <= alpha.0
        {
            Verdict::Delta { alpha }
        } else if !in_check && see < 0 {
            Verdict::LosesMaterial
        } else {
            game.play(mv);
            let value = -engine.quiescence(&mut game, 1, -beta, -alpha);
            game.undo();
            let exact = value > alpha;
            best = best.max(value);
            alpha = alpha.max(value);
            Verdict::Searched { value, exact }
        };
        moves.push(NoisyMove {
            mv,
            capture,
            see,
            verdict,
        });
    }
    QuiescenceNode {
        in_check,
        evaluation: Some(stand_pat),
        moves,
        value: best,
    }
}

/// The longest line [`quiescence_line`] follows.
const LONGEST_LINE: usize = 32;

/// The captures a quiescence search plays out from `game`: at each position the move the
/// node's value comes from ([`QuiescenceNode::best_move`]), until standing pat is best (or
/// the game is over). Empty for a quiet position. In UCI notation.
pub fn quiescence_line(game: &Chess) -> Vec<String> {
    let mut game = game.clone();
    let mut line = Vec::new();
    while line.len() < LONGEST_LINE {
        let Some(mv) = quiescence_node(&game).best_move() else {
            break;
        };
        line.push(mv.to_string());
        game.play(mv);
    }
    line
}

/// The side to move, in words.
fn side_name(game: &Chess) -> &'static str {
    match game.side_to_move() {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// SEE in centipawns with its sign: `+220`, `−220`, `0`.
fn signed_cp(cp: i32) -> String {
    signed_score(Score(cp))
}

/// A markdown table of a [`QuiescenceNode`] of `game`: standing pat, then each noisy move in
/// the search's order with its victim and attacker (MVV-LVA), its SEE, and what the search did
/// with it; values for the side to move.
pub fn quiescence_node_markdown(game: &Chess, node: &QuiescenceNode) -> String {
    let side = side_name(game);
    let mut md = format!(
        "| move | victim | attacker | SEE | the search | value for {side} |\n\
         |---|---:|---:|---:|---|---:|\n"
    );
    match (node.stand_pat(), node.evaluation) {
        (Some(score), _) => {
            let _ = writeln!(
                md,
                "| stand pat | | | | keeps the evaluation | {} |",
                signed_score(score)
            );
        }
        (None, Some(_)) => {
            md.push_str("| stand pat | | | | not allowed in check: every move searched | |\n")
        }
        (None, None) => {}
    }
    for m in &node.moves {
        let (victim, attacker) = m.capture.map_or((String::new(), String::new()), |c| {
            (c.victim.to_string(), c.attacker.to_string())
        });
        let (what, value) = match m.verdict {
            Verdict::Delta { alpha } => (
                format!(
                    "skipped: delta pruning ({} + {} + {} ≤ {})",
                    signed_score(node.evaluation.unwrap_or(Score::DRAW)),
                    m.capture.map_or(0, |c| c.victim),
                    DELTA_MARGIN,
                    signed_score(alpha)
                ),
                String::new(),
            ),
            Verdict::LosesMaterial => ("skipped: SEE < 0".to_string(), String::new()),
            Verdict::Searched { value, exact: true } => {
                ("searched".to_string(), signed_score(value))
            }
            Verdict::Searched {
                value,
                exact: false,
            } => (
                "searched, no better".to_string(),
                format!("≤ {}", signed_score(value)),
            ),
        };
        let _ = writeln!(
            md,
            "| {} | {victim} | {attacker} | {} | {what} | {value} |",
            game.san(m.mv),
            signed_cp(m.see)
        );
    }
    let _ = writeln!(
        md,
        "| **the node** | | | | the best of these | **{}** |",
        signed_score(node.value)
    );
    md
}

/// A markdown table of every capture and promotion of `game` (not in check) in the order the
/// quiescence search tries them, with victim, attacker and static exchange evaluation.
pub fn see_markdown(game: &Chess) -> String {
    let node = quiescence_node(game);
    let mut md = String::from("| move | victim | attacker | SEE |\n|---|---:|---:|---:|\n");
    for m in &node.moves {
        let (victim, attacker) = m.capture.map_or((0, 0), |c| (c.victim, c.attacker));
        let _ = writeln!(
            md,
            "| {} | {victim} | {attacker} | {} |",
            game.san(m.mv),
            signed_cp(m.see)
        );
    }
    md
}

/// One stage at one depth over a set of positions: what the quiescence search costs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cost {
    /// The stage.
    pub stage: String,
    /// The depth of every search.
    pub depth: Depth,
    /// Nodes over all positions.
    pub nodes: u64,
    /// Of these, the quiescence search's (the horizon nodes included: each call at depth 0 is
    /// one).
    pub quiescence_nodes: u64,
    /// The deepest ply a search reached (its seldepth), over all positions.
    pub seldepth: Depth,
    /// The position where it was reached.
    pub deepest_position: String,
}

/// Each stage of `stages` at each depth of `depths` on every position (a fresh engine each
/// time): nodes, quiescence nodes, and the deepest ply reached.
pub fn cost(
    positions: &[NamedPosition],
    stages: &[impl ToEngineSpec<Chess>],
    depths: &[Depth],
) -> Result<Vec<Cost>> {
    let stages: Vec<EngineSpec<Chess>> = specs(stages)?;
    let mut rows = Vec::new();
    for &depth in depths {
        for stage in &stages {
            let mut row = Cost {
                stage: stage.to_string(),
                depth,
                nodes: 0,
                quiescence_nodes: 0,
                seldepth: 0,
                deepest_position: String::new(),
            };
            for position in positions {
                let result = search(&Chess::from_fen(position.fen)?, stage, depth)?;
                row.nodes += result.stats.nodes;
                row.quiescence_nodes += result.stats.quiescence_nodes;
                let seldepth = result.iterations.last().map_or(0, |it| it.seldepth);
                if seldepth > row.seldepth {
                    row.seldepth = seldepth;
                    row.deepest_position = position.name.to_string();
                }
            }
            rows.push(row);
        }
    }
    Ok(rows)
}

/// A markdown table of [`cost`]'s rows: nodes, against the first stage at the same depth, the
/// share in the quiescence search (the `quiet` column of `searchlab compare`), and the deepest
/// ply reached.
pub fn cost_markdown(rows: &[Cost]) -> String {
    let mut md = String::from(
        "| depth | stage | nodes | vs the first | in quiescence | share | deepest ply (where) |\n\
         |---:|---|---:|---:|---:|---:|---|\n",
    );
    for row in rows {
        let first = rows.iter().find(|r| r.depth == row.depth);
        let versus = match first {
            Some(f) if f.stage != row.stage => change_percent(f.nodes, row.nodes),
            _ => "–".to_string(),
        };
        let share = if row.quiescence_nodes == 0 {
            "–".to_string()
        } else {
            format!(
                "{:.1} %",
                100.0 * row.quiescence_nodes as f64 / row.nodes as f64
            )
        };
        let _ = writeln!(
            md,
            "| {} | {} | {} | {versus} | {} | {share} | {} ({}) |",
            row.depth,
            row.stage,
            thousands(row.nodes),
            thousands(row.quiescence_nodes),
            row.seldepth,
            row.deepest_position
        );
    }
    md
}

/// The deepest iteration of the book's horizon and swing tables.
pub const BOOK_HORIZON_DEPTH: Depth = 5;
/// The deepest iteration of the swing table (1.e4 e5 2.Nf3).
pub const BOOK_SWING_DEPTH: Depth = 6;
/// The depths of the book's cost table (the 24 ladder positions).
pub const BOOK_COST_DEPTHS: [Depth; 2] = [4, 5];

/// The files of the book's chapter on quiescence, by name: what `searchlab-book figures` writes.
///
/// - `horizon.svg`: the horizon position ([`HORIZON`]).
/// - `horizon-trap.svg`: 1.Nxe4 Nxe4 2.Nxc6 dxc6, with the evaluation after each move.
/// - `horizon.md`: pvs and quiescence, iterations 1 to [`BOOK_HORIZON_DEPTH`] there.
/// - `horizon-node.md`: the quiescence node at pvs's depth-3 horizon (after 2.Nxc6).
/// - `horizon-see.md`: the captures of the horizon position and their SEE.
/// - `swings.md`: pvs and quiescence after 1.e4 e5 2.Nf3, iterations 1 to
///   [`BOOK_SWING_DEPTH`].
/// - `quiescence-cost.md`: pvs and quiescence on the 24 ladder positions at
///   [`BOOK_COST_DEPTHS`].
pub fn book_figures() -> Result<Vec<(&'static str, String)>> {
    let horizon = Chess::from_fen(HORIZON.fen)?;
    let both = |game: &Chess, depth: Depth| -> Result<String> {
        let pvs = search(game, "pvs", depth)?;
        let quiescence = search(game, "quiescence", depth)?;
        iterations_markdown(
            game,
            &[
                ("pvs", &pvs.iterations),
                ("quiescence", &quiescence.iterations),
            ],
        )
    };
    let mut at_horizon = horizon.clone();
    for mv in &HORIZON_TRAP[..3] {
        at_horizon.play_uci(mv)?;
    }
    let mut opening = Chess::start();
    for mv in SWING_OPENING {
        opening.play_uci(mv)?;
    }
    let costs = cost(LADDER, &["pvs", "quiescence"], &BOOK_COST_DEPTHS)?;
    Ok(vec![
        ("horizon.svg", board_svg(&horizon)),
        ("horizon-trap.svg", line_svg(&horizon, &HORIZON_TRAP, 2)?),
        ("horizon.md", both(&horizon, BOOK_HORIZON_DEPTH)?),
        (
            "horizon-node.md",
            quiescence_node_markdown(&at_horizon, &quiescence_node(&at_horizon)),
        ),
        ("horizon-see.md", see_markdown(&horizon)),
        ("swings.md", both(&opening, BOOK_SWING_DEPTH)?),
        ("quiescence-cost.md", cost_markdown(&costs)),
    ])
}
