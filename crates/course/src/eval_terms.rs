//! The full evaluation taken apart (notebook 08b): what each term adds on a position, the
//! phase that blends middlegame and endgame, and a lone king's evaluation square by square.
//!
//! - [`FEATURE_GROUPS`] names the weights of [`Weights`](searchlab_engine::eval::Weights) by term: which
//!   offsets are material, which mobility, and so on (the offsets of [`searchlab_engine::eval::weights`]);
//!   it lives in [`weight_names`](super::weight_names), which the tuning chapter shares.
//! - [`breakdown`] takes one position's features ([`Evaluation::features`]) term by term: the
//!   counts (White's minus Black's), their value in the middlegame and in the endgame (count
//!   times weight), and the blend at the position's phase; then what the endgame knowledge
//!   makes of the sum. [`breakdown_markdown`] shows it as a table.
//! - [`lone_king_map`] evaluates an ending of king and pieces against a bare king with the
//!   bare king on each square it may stand on;
//!   [`square_values_svg`](crate::draw::heatmap::square_values_svg) draws such values on
//!   a board, as a heat map.
//! - [`plies_chart_svg`] draws lines against the plies of a game (the phase as the pieces come
//!   off, say).

use crate::draw::plot::{curves_svg, Curve, Series};
use crate::draw::table::{markdown_table, signed};
use chess::{BitBoard, Board, BoardBuilder, Color, Piece, ALL_SQUARES};
use searchlab_engine::error::{Error, FenError, Result};
use searchlab_engine::eval::{endgame, phase, Evaluation, Tapered, Terms, MAX_PHASE};
use searchlab_engine::score::Score;

/// The evaluation's terms and what each weight is called, shared with the tuning chapter.
pub use crate::weight_names::{FeatureGroup, FEATURE_GROUPS};

/// Is the term called `switch` on in `terms`? (Names as [`Terms::set`] takes them; an
/// unknown name is on, like material, which cannot be switched.)
pub fn term_is_on(terms: &Terms, switch: &str) -> bool {
    terms.is_on(switch).unwrap_or(true)
}

/// One term's share of a position's evaluation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TermValue {
    /// The group of weights (the term).
    pub group: FeatureGroup,
    /// Whether the evaluation counted the term at all.
    pub on: bool,
    /// Each weight's count, White's minus Black's (`counts[i]` for the weight `first + i`).
    pub counts: Vec<i32>,
    /// The counts times their weights, summed: the term's middlegame and endgame values.
    pub value: Tapered,
}

impl TermValue {
    /// The counts for people: `+1` for a single weight; `N +1, B −1` by label, the zero ones
    /// left out; for the piece-square tables, how many (piece, square) counts do not cancel
    /// out between White and Black.
    pub fn counts_text(&self) -> String {
        if self.counts.len() == 1 {
            return signed(self.counts[0]);
        }
        if self.group.labels.is_empty() {
            let uneven = self.counts.iter().filter(|&&c| c != 0).count();
            return format!("{uneven} unmatched");
        }
        let named: Vec<String> = self
            .group
            .labels
            .iter()
            .zip(&self.counts)
            .filter(|(_, &c)| c != 0)
            .map(|(label, &c)| format!("{label} {}", signed(c)))
            .collect();
        if named.is_empty() {
            "0".to_string()
        } else {
            named.join(", ")
        }
    }
}

/// A position's evaluation, term by term (all from White's point of view).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breakdown {
    /// Every term of [`FEATURE_GROUPS`], in order.
    pub terms: Vec<TermValue>,
    /// The phase the sum is blended at: the position's ([`phase`]), or [`MAX_PHASE`] (all
    /// middlegame) with the `tapered` term off.
    pub phase: i32,
    /// The terms' values summed.
    pub sum: Tapered,
    /// The sum blended at the phase.
    pub blended: i32,
    /// The blend after the endgame knowledge ([`endgame::adjust`]), if the term is on: the
    /// evaluation for White.
    pub white: i32,
    /// The evaluation as the search sees it: for the side to move.
    pub score: Score,
}

/// `board`'s evaluation by `evaluation`, term by term.
pub fn breakdown(evaluation: &Evaluation, board: &Board) -> Breakdown {
    let features = evaluation.features(board);
    let weights = evaluation.weights();
    let terms: Vec<TermValue> = FEATURE_GROUPS
        .iter()
        .map(|&group| {
            let counts: Vec<i32> = (group.first..group.first + group.len)
                .map(|index| features.count(index))
                .collect();
            let value = counts
                .iter()
                .enumerate()
                .fold(Tapered::ZERO, |total, (i, &count)| {
                    total + weights.get(group.first + i) * count
                });
            TermValue {
                group,
                on: group
                    .switch
                    .is_none_or(|s| term_is_on(&evaluation.terms, s)),
                counts,
                value,
            }
        })
        .collect();
    let sum = terms.iter().fold(Tapered::ZERO, |t, term| t + term.value);
    let phase = if evaluation.terms.tapered {
        phase(board)
    } else {
        MAX_PHASE
    };
    let blended = sum.blend(phase);
    let white = if evaluation.terms.endgame {
        endgame::adjust(board, blended)
    } else {
        blended
    };
    Breakdown {
        terms,
        phase,
        sum,
        blended,
        white,
        score: evaluation.evaluate(board),
    }
}

/// The breakdown as a table: one row per term (counts, middlegame value, endgame value, value
/// at the position's phase, each rounded), a row for the sum, one for the endgame knowledge
/// when it changed the score, and the evaluation for White. A term switched off says `off`.
pub fn breakdown_markdown(breakdown: &Breakdown) -> String {
    let phase = breakdown.phase;
    let mut rows: Vec<Vec<String>> = breakdown
        .terms
        .iter()
        .map(|term| {
            if !term.on {
                return vec![
                    term.group.name.to_string(),
                    "off".to_string(),
                    String::new(),
                    String::new(),
                    String::new(),
                ];
            }
            vec![
                term.group.name.to_string(),
                term.counts_text(),
                signed(term.value.mg),
                signed(term.value.eg),
                signed(term.value.blend(phase)),
            ]
        })
        .collect();
    rows.push(vec![
        "**sum**".to_string(),
        String::new(),
        signed(breakdown.sum.mg),
        signed(breakdown.sum.eg),
        signed(breakdown.blended),
    ]);
    if breakdown.white != breakdown.blended {
        rows.push(vec![
            "endgame knowledge".to_string(),
            String::new(),
            String::new(),
            String::new(),
            signed(breakdown.white - breakdown.blended),
        ]);
    }
    rows.push(vec![
        "**evaluation for White**".to_string(),
        String::new(),
        String::new(),
        String::new(),
        format!("**{}**", signed(breakdown.white)),
    ]);
    let at_phase = format!("at phase {phase} of {MAX_PHASE}");
    markdown_table(
        &[
            "term",
            "count (White − Black)",
            "middlegame",
            "endgame",
            &at_phase,
        ],
        &[false, false, true, true, true],
        &rows,
    )
}

/// The side with nothing but its king, if exactly one side has nothing else.
fn lone_side(board: &Board) -> Option<Color> {
    let alone = |c: Color| board.color_combined(c).popcnt() == 1;
    match (alone(Color::White), alone(Color::Black)) {
        (true, false) => Some(Color::White),
        (false, true) => Some(Color::Black),
        _ => None,
    }
}

/// An ending of king and pieces against a bare king, with the bare king moved to each square
/// it may stand on (empty, and not next to the other king), its side to move (so a check is
/// legal), and evaluated by `evaluation` for the *other* side, the one with the pieces. `None`
/// on the squares where the bare king cannot stand. An error if neither side, or both, has a
/// bare king.
pub fn lone_king_map(evaluation: &Evaluation, board: &Board) -> Result<[Option<i32>; 64]> {
    let lone = lone_side(board).ok_or_else(|| Error::Fen {
        fen: board.to_string(),
        error: FenError::IllegalPosition {
            reason: "one side, and only one, must have a bare king".to_string(),
        },
    })?;
    let home = board.king_square(lone);
    let hunter = board.king_square(!lone);
    let near_hunter = chess::get_king_moves(hunter) | BitBoard::from_square(hunter);
    let mut values = [None; 64];
    for square in ALL_SQUARES {
        let occupied = square != home && board.piece_on(square).is_some();
        if occupied || (near_hunter & BitBoard::from_square(square)) != BitBoard(0) {
            continue;
        }
        let mut builder = BoardBuilder::from(board);
        builder.clear_square(home);
        builder.piece(square, Piece::King, lone);
        builder.side_to_move(lone);
        let Ok(moved) = Board::try_from(&builder) else {
            continue;
        };
        // The lone side is to move: its score, negated, is the other side's.
        values[square.to_index()] = Some(-evaluation.evaluate(&moved).0);
    }
    Ok(values)
}

/// A line chart against the plies of a game (x: the ply, y: `y_label`), one line per series
/// (a series' "depth" is the ply here): [`plot::curves_svg`](crate::draw::plot::curves_svg)
/// with the ply as x.
pub fn plies_chart_svg(title: &str, y_label: &str, series: &[Series]) -> Result<String> {
    let curves: Vec<Curve> = series
        .iter()
        .map(|s| {
            Curve::new(
                &s.name,
                s.points.iter().map(|&(ply, y)| (ply as f64, y)).collect(),
            )
        })
        .collect();
    curves_svg(title, "ply", y_label, &curves, &[])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::heatmap::square_values_svg;
    use crate::draw::picture::svg_to_png;
    use std::str::FromStr;

    fn board(fen: &str) -> Board {
        Board::from_str(fen).expect("a valid test FEN")
    }

    #[test]
    fn the_breakdown_adds_up_to_the_evaluation() {
        let evaluation = Evaluation::default();
        let b = board("r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/P3BPPP/R2QK2R b KQ - 0 10");
        let parts = breakdown(&evaluation, &b);
        assert_eq!(parts.terms.len(), FEATURE_GROUPS.len());
        assert_eq!(parts.phase, phase(&b));
        // Black to move: the score is White's negated.
        assert_eq!(parts.score, Score(-parts.white));
        let features = evaluation.features(&b);
        let all = features.0.iter().fold(Tapered::ZERO, |t, &(i, c)| {
            t + evaluation.weights().get(i) * c
        });
        assert_eq!(parts.sum, all);
        let table = breakdown_markdown(&parts);
        assert!(table.contains("| material |") && table.contains("**evaluation for White**"));
        // A switched-off term says so, and adds nothing.
        let mut without = evaluation.clone();
        without.terms.set("mobility", false);
        let parts = breakdown(&without, &b);
        let mobility = &parts.terms[2];
        assert!(!mobility.on && mobility.value == Tapered::ZERO);
        assert!(breakdown_markdown(&parts).contains("| mobility | off |"));
    }

    #[test]
    fn counts_are_written_by_label() {
        // White has an extra knight; everything else mirrors.
        let b = board("4k3/pppp4/8/8/3N4/8/PPPP4/4K3 w - - 0 1");
        let parts = breakdown(&Evaluation::default(), &b);
        assert_eq!(parts.terms[0].counts_text(), "N +1");
        assert_eq!(parts.terms[1].counts_text(), "1 unmatched");
        // The knight's eight squares, less c2 (its own pawn), c6 and e6 (guarded by d7).
        assert_eq!(parts.terms[2].counts_text(), "N +5");
        assert_eq!(parts.terms[6].counts_text(), "0");
    }

    #[test]
    fn the_lone_king_is_worse_off_in_the_corner_than_in_the_centre() {
        let b = board("8/8/8/4k3/8/8/8/R3K3 b - - 0 1");
        let values = lone_king_map(&Evaluation::default(), &b).unwrap();
        let at = |name: &str| values[chess::Square::from_str(name).unwrap().to_index()];
        // Not next to the other king, nor on a piece.
        assert_eq!((at("e1"), at("d2"), at("a1")), (None, None, None));
        assert!(at("h8").unwrap() > at("e5").unwrap() + 100);
        assert!(values.iter().flatten().count() > 50);
        let svg = square_values_svg("K+R v K", &b, &values);
        svg_to_png(&svg).expect("draws with the embedded font");
        // Both sides with pieces: no bare king to move.
        assert!(lone_king_map(&Evaluation::default(), &Board::default()).is_err());
    }

    #[test]
    fn a_chart_against_plies_draws() {
        let series = [Series::from_counts("phase", &[(0, 24), (10, 20), (40, 6)])];
        let svg = plies_chart_svg("Phase", "phase", &series).unwrap();
        assert!(svg.contains("ply") && svg.contains("phase"));
        svg_to_png(&svg).expect("draws with the embedded font");
    }
}
