//! Tuning the evaluation, taken apart (notebook 10): the self-play data, the fit of `K`, the
//! error as the tuner goes, and the piece-square tables it makes.
//!
//! [`searchlab_lab::tune`] does the tuning; this module shows it.
//!
//! - [`read_games`] reads a [`datagen`](searchlab_lab::datagen) file into its games and
//!   [`games_text`] writes games back as the tuner reads them, which is how a notebook holds
//!   the last games out as a test set (both the data format's own, re-exported for the
//!   notebook). [`ResultSplit`] counts the results by game and by position, and
//!   [`results_markdown`] shows them as a table.
//! - [`weight_name`] says what a weight counts; [`net_counts`] and [`features_markdown`] show
//!   a position as the tuner sees it: the few weights it counts, and how often.
//! - [`errors_over_k`] measures the error over a range of `K` ([`k_grid`]), for the picture of
//!   how `K` is fitted.
//! - [`tune_with_test`] tunes as [`searchlab_lab::tune::tune`] does and
//!   measures a test set after every epoch too: over-fitting made visible.
//! - [`curves_svg`] (the drawing floor's, re-exported for the notebook) draws lines against a
//!   real number (the epoch, `K`), with marked values.
//! - [`piece_table`] reads one piece's table; [`piece_table_svg`] draws one table as a heat
//!   map ([`tables_svg`]), [`before_after_svg`] one piece's two tables (middlegame and endgame)
//!   under two sets of weights; [`roughness`] and [`table_mean`] put a number on what the heat
//!   maps show.
//! - [`normalised`] and [`material_markdown`] compare material values fairly: the tuner
//!   moves each table's average into the material value, so the hand-set values are compared
//!   after the same move.

use crate::draw::heatmap::{tables_svg, Panel};
use crate::draw::table::markdown_table;
use chess::Board;
use searchlab_engine::error::Result;
use searchlab_engine::eval::weights::{MATERIAL, PSQT};
use searchlab_engine::eval::{Evaluation, Features, Tapered, Weights};
use searchlab_lab::tune::{
    mean_squared_error, normalise, tune, RealWeights, Schedule, TrainingSet,
};
use std::ops::Range;

/// The drawing floor's curves, which the notebook draws the errors with.
pub use crate::draw::plot::{curves_svg, Curve, Mark};
/// What a weight is called, which the notebook's tables name weights by.
pub use crate::weight_names::{weight_name, PIECE_NAMES};
/// The data format's games, which the notebook reads the sample into.
pub use searchlab_lab::datagen::{games_text, read_games, DataGame};

// ---------------------------------------------------------------------------------------------
// The data
// ---------------------------------------------------------------------------------------------

/// The results of a set of games: how many games, and how many positions, ended in each.
/// Index 0 is White's win (1), 1 the draw (0.5), 2 Black's win (0). A game without positions
/// has no result in the file and is not counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ResultSplit {
    /// Games, by result.
    pub games: [usize; 3],
    /// Positions, by their game's result.
    pub positions: [usize; 3],
}

/// The results in the order [`ResultSplit`] counts them, for people.
pub const RESULT_NAMES: [&str; 3] = ["White won (1)", "drawn (0.5)", "Black won (0)"];

impl ResultSplit {
    /// Counts the results of `games`.
    pub fn of(games: &[DataGame]) -> ResultSplit {
        let mut split = ResultSplit::default();
        for game in games {
            let Some(result) = game.result else {
                continue;
            };
            let slot = if result == 1.0 {
                0
            } else if result == 0.5 {
                1
            } else {
                2
            };
            split.games[slot] += 1;
            split.positions[slot] += game.lines.len();
        }
        split
    }

    /// The positions of decided games (won by either side): where a prediction of 0.5 is off
    /// by a half.
    pub fn decisive_positions(&self) -> usize {
        self.positions[0] + self.positions[2]
    }
}

/// The split as a table: a row per result with its games and positions, and the totals.
pub fn results_markdown(split: &ResultSplit) -> String {
    let mut rows: Vec<Vec<String>> = (0..3)
        .map(|i| {
            vec![
                RESULT_NAMES[i].to_string(),
                split.games[i].to_string(),
                split.positions[i].to_string(),
            ]
        })
        .collect();
    rows.push(vec![
        "**all**".to_string(),
        split.games.iter().sum::<usize>().to_string(),
        split.positions.iter().sum::<usize>().to_string(),
    ]);
    markdown_table(
        &["result", "games", "positions"],
        &[false, true, true],
        &rows,
    )
}

// ---------------------------------------------------------------------------------------------
// What the tuner sees
// ---------------------------------------------------------------------------------------------

/// `board` as the tuner sees it: a row per weight it counts (White's count minus Black's,
/// the counts of one weight added up, those that cancel left out), with the weight's index,
/// what it counts, and its middlegame and endgame values in `evaluation`.
pub fn features_markdown(evaluation: &Evaluation, board: &Board) -> String {
    let rows: Vec<Vec<String>> = net_counts(&evaluation.features(board))
        .into_iter()
        .map(|(index, count)| {
            let weight = evaluation.weights().get(index);
            vec![
                index.to_string(),
                weight_name(index),
                format!("{count:+}"),
                weight.mg.to_string(),
                weight.eg.to_string(),
            ]
        })
        .collect();
    markdown_table(
        &[
            "index",
            "weight",
            "count (White − Black)",
            "middlegame",
            "endgame",
        ],
        &[true, false, true, true, true],
        &rows,
    )
}

/// The weights `features` count, each once with its total count, in the order of the weights;
/// those whose counts cancel out (a piece of each side on mirrored squares) left out: what the
/// gradient of this position moves.
pub fn net_counts(features: &Features) -> Vec<(usize, i32)> {
    let mut indices: Vec<usize> = features.0.iter().map(|&(index, _)| index).collect();
    indices.sort_unstable();
    indices.dedup();
    indices
        .into_iter()
        .map(|index| (index, features.count(index)))
        .filter(|&(_, count)| count != 0)
        .collect()
}

// ---------------------------------------------------------------------------------------------
// K and the error
// ---------------------------------------------------------------------------------------------

/// `count` values of `K` evenly spaced from `low` to `high`, both included.
pub fn k_grid(low: f64, high: f64, count: usize) -> Vec<f64> {
    let steps = count.saturating_sub(1).max(1) as f64;
    (0..count)
        .map(|i| low + (high - low) * i as f64 / steps)
        .collect()
}

/// The error of `weights` on `set` at each `K` of `ks`: the curve that
/// [`fit_k`](searchlab_lab::tune::fit_k) finds the lowest point of.
pub fn errors_over_k(
    set: &TrainingSet,
    weights: &RealWeights,
    ks: &[f64],
    threads: usize,
) -> Vec<(f64, f64)> {
    ks.iter()
        .map(|&k| (k, mean_squared_error(set, weights, k, threads)))
        .collect()
}

/// A tuning run measured on two sets: the one it learns from, and one it never sees.
#[derive(Clone, Debug)]
pub struct HeldOutRun {
    /// The error on the training set before the first epoch, then after each.
    pub train: Vec<f64>,
    /// The error on the test set at the same moments.
    pub test: Vec<f64>,
    /// The weights after the last epoch, normalised.
    pub weights: RealWeights,
}

impl HeldOutRun {
    /// The epoch after which the test error was lowest (0: before the first).
    pub fn best_test_epoch(&self) -> usize {
        self.test
            .iter()
            .enumerate()
            .min_by(|a, b| a.1.total_cmp(b.1))
            .map_or(0, |(epoch, _)| epoch)
    }
}

/// Tunes `start` on `train` as [`searchlab_lab::tune::tune`] does with `schedule`, and
/// measures the error on `test` after every epoch too. The test positions never reach the
/// gradient: their error says how well the weights predict games they were not fitted to.
pub fn tune_with_test(
    train: &TrainingSet,
    test: &TrainingSet,
    start: RealWeights,
    k: f64,
    schedule: &Schedule,
) -> HeldOutRun {
    // Normalising changes no evaluation, so the test error of the weights each epoch reaches
    // is the test error of what the run returns.
    let threads = schedule.threads;
    let mut test_errors = vec![mean_squared_error(test, &start, k, threads)];
    let report = tune(train, start, k, schedule, |_, _, w| {
        test_errors.push(mean_squared_error(test, w, k, threads))
    });
    HeldOutRun {
        train: report.errors,
        test: test_errors,
        weights: report.weights,
    }
}

// ---------------------------------------------------------------------------------------------
// Piece-square tables
// ---------------------------------------------------------------------------------------------

/// The middlegame or the endgame half of a weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// Every piece on the board (phase 24).
    Middlegame,
    /// Only kings and pawns (phase 0).
    Endgame,
}

impl Part {
    /// Both, middlegame first.
    pub const BOTH: [Part; 2] = [Part::Middlegame, Part::Endgame];

    /// Where this part sits in a [`RealWeights`] pair: 0 for the middlegame, 1 the endgame.
    pub fn index(self) -> usize {
        match self {
            Part::Middlegame => 0,
            Part::Endgame => 1,
        }
    }

    /// `middlegame` or `endgame`.
    pub fn name(self) -> &'static str {
        match self {
            Part::Middlegame => "middlegame",
            Part::Endgame => "endgame",
        }
    }

    /// This part of `weight`.
    pub fn of(self, weight: Tapered) -> i32 {
        match self {
            Part::Middlegame => weight.mg,
            Part::Endgame => weight.eg,
        }
    }
}

/// The table of `piece` (0 = pawn … 5 = king), one part, by square from White's side (a1 = 0,
/// h8 = 63).
pub fn piece_table(weights: &Weights, piece: usize, part: Part) -> [i32; 64] {
    std::array::from_fn(|square| part.of(weights.get(PSQT + 64 * piece + square)))
}

/// The squares `piece` can stand on: a pawn never stands on the first or the last rank, so
/// its table has 48 squares that mean anything.
fn squares_of(piece: usize) -> Range<usize> {
    if piece == 0 {
        8..56
    } else {
        0..64
    }
}

/// The average of one part of `piece`'s table over the squares it can stand on: about 0 for
/// every piece but the king once the weights are [`normalised`].
pub fn table_mean(weights: &Weights, piece: usize, part: Part) -> f64 {
    let table = piece_table(weights, piece, part);
    let squares = squares_of(piece);
    let count = squares.len() as f64;
    squares.map(|square| f64::from(table[square])).sum::<f64>() / count
}

/// How noisy a table is: the mean absolute difference between neighbouring squares (sharing
/// an edge) on the squares `piece` can stand on. A smooth table (a knight better the nearer
/// the centre) changes a little from square to square; a table fitted to too few games jumps.
pub fn roughness(values: &[i32; 64], piece: usize) -> f64 {
    let squares = squares_of(piece);
    let mut total = 0.0;
    let mut pairs = 0;
    for square in squares.clone() {
        // The square to the right (same rank) and the one above (next rank).
        let right = (square % 8 < 7).then_some(square + 1);
        let above = Some(square + 8).filter(|s| squares.contains(s));
        for neighbour in [right, above].into_iter().flatten() {
            total += f64::from((values[square] - values[neighbour]).abs());
            pairs += 1;
        }
    }
    total / f64::from(pairs.max(1))
}

/// The weights with every table's average moved into the material value, as
/// [`normalise`] does after tuning, rounded to whole centipawns: hand-set weights made
/// comparable with tuned ones.
pub fn normalised(weights: &Weights) -> Weights {
    let mut real = RealWeights::from_weights(weights);
    normalise(&mut real);
    real.to_weights()
}

/// Material values side by side: a row per piece (the king has none), a column per named set
/// of weights, each cell `middlegame / endgame`.
pub fn material_markdown(columns: &[(&str, &Weights)]) -> String {
    let mut header = vec!["piece"];
    header.extend(columns.iter().map(|(name, _)| *name));
    let numeric: Vec<bool> = (0..header.len()).map(|i| i > 0).collect();
    let rows: Vec<Vec<String>> = PIECE_NAMES[..5]
        .iter()
        .enumerate()
        .map(|(piece, name)| {
            let mut row = vec![name.to_string()];
            row.extend(columns.iter().map(|(_, weights)| {
                let value = weights.get(MATERIAL + piece);
                format!("{} / {}", value.mg, value.eg)
            }));
            row
        })
        .collect();
    markdown_table(&header, &numeric, &rows)
}

/// One part of `piece`'s table in `weights` as a heat map ([`tables_svg`], one board).
pub fn piece_table_svg(title: &str, weights: &Weights, piece: usize, part: Part) -> Result<String> {
    let panel = Panel {
        caption: format!("{}, {}", PIECE_NAMES[piece], part.name()),
        values: piece_table(weights, piece, part),
    };
    tables_svg(title, &[panel], 1)
}

/// `piece`'s tables under two sets of weights, `(name, weights)` each, as four heat maps on one
/// scale: a row per part (middlegame, endgame), the first set on the left, the second on the
/// right.
pub fn before_after_svg(
    piece: usize,
    before: (&str, &Weights),
    after: (&str, &Weights),
) -> Result<String> {
    let panels: Vec<Panel> = Part::BOTH
        .iter()
        .flat_map(|&part| {
            [before, after].map(|(name, weights)| Panel {
                caption: format!("{name}, {}", part.name()),
                values: piece_table(weights, piece, part),
            })
        })
        .collect();
    let title = format!(
        "The {}'s squares: {}, {}",
        PIECE_NAMES[piece], before.0, after.0
    );
    tables_svg(&title, &panels, 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::heatmap::TABLE_SQUARE;
    use crate::draw::picture::svg_to_png;
    use searchlab_lab::tune::fit_k;
    use std::str::FromStr;

    fn sample() -> String {
        let path = concat!(
            concat!(env!("CARGO_MANIFEST_DIR"), "/../.."),
            "/assets/selfplay/selfplay-sample.txt"
        );
        std::fs::read_to_string(path).expect("the shipped sample")
    }

    /// The first `games` games of the sample (by number), read by the tuner.
    fn sample_set(games: usize) -> TrainingSet {
        let all = read_games(&sample()).expect("the sample reads");
        let evaluation = Evaluation::with_weights(Weights::initial());
        TrainingSet::parse(&games_text(&all[..games]), &evaluation).expect("the sample parses")
    }

    #[test]
    fn results_are_counted_by_game_and_by_position() {
        let text = "# game 4: 2 positions\nA | 10 | 1\nB | 20 | 1\n\
                    # game 2: 1 positions\nC | -5 | 0.5\n# game 7: 0 positions\n";
        let split = ResultSplit::of(&read_games(text).unwrap());
        assert_eq!((split.games, split.positions), ([1, 1, 0], [2, 1, 0]));
        assert_eq!(split.decisive_positions(), 2);
        let table = results_markdown(&split);
        assert!(table.contains("| **all** | 2 | 3 |"), "{table}");
    }

    #[test]
    fn the_sample_holds_its_games() {
        let games = read_games(&sample()).unwrap();
        assert_eq!(games.len(), 67);
        let split = ResultSplit::of(&games);
        assert_eq!(split.positions.iter().sum::<usize>(), 4003);
        assert_eq!(split.games.iter().sum::<usize>(), 67);
        // Numbered 0 to 66, each once.
        assert!(games.iter().enumerate().all(|(i, g)| g.number == i));
    }

    #[test]
    fn a_position_is_shown_as_the_tuner_sees_it() {
        let board = Board::from_str("4k3/pppp4/8/8/3N4/8/PPPP4/4K3 w - - 0 1").unwrap();
        let table = features_markdown(&Evaluation::with_weights(Weights::initial()), &board);
        // The extra knight: its material and its square, once each; the pawns cancel out.
        assert!(
            table.contains("| 1 | material: N | +1 | 320 | 290 |"),
            "{table}"
        );
        assert!(table.contains("| knight on d4 | +1 |"), "{table}");
        assert!(!table.contains("material: P"), "{table}");
        let counts = net_counts(&Evaluation::default().features(&board));
        assert!(counts.contains(&(MATERIAL + 1, 1)) && counts.contains(&(PSQT + 64 + 27, 1)));
        assert!(counts
            .iter()
            .all(|&(index, count)| index != MATERIAL && count != 0));
        assert!(counts.windows(2).all(|pair| pair[0].0 < pair[1].0));
    }

    #[test]
    fn the_error_over_k_is_lowest_near_the_fitted_k() {
        let set = sample_set(20);
        let weights = RealWeights::from_weights(&Weights::initial());
        let k = fit_k(&set, &weights, 1);
        let grid = k_grid(0.001, 0.02, 39);
        assert_eq!(grid.len(), 39);
        assert!((grid[38] - 0.02).abs() < 1e-12 && (grid[1] - 0.0015).abs() < 1e-12);
        let curve = errors_over_k(&set, &weights, &grid, 1);
        let (lowest_k, lowest) = curve
            .iter()
            .copied()
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .unwrap();
        // The grid's best is a grid step from the fitted K at most, and no better than it.
        assert!((lowest_k - k).abs() <= 0.0005 + 1e-12, "{lowest_k} v {k}");
        assert!(mean_squared_error(&set, &weights, k, 1) <= lowest + 1e-12);
        assert!(curve[0].1 > lowest && curve[38].1 > lowest);
    }

    #[test]
    fn a_held_out_run_measures_both_sets() {
        let (train, test) = (sample_set(10), {
            let all = read_games(&sample()).unwrap();
            let evaluation = Evaluation::with_weights(Weights::initial());
            TrainingSet::parse(&games_text(&all[60..]), &evaluation).unwrap()
        });
        let start = RealWeights::from_weights(&Weights::initial());
        let run = tune_with_test(
            &train,
            &test,
            start.clone(),
            0.006,
            &Schedule::new(200, 2.0),
        );
        assert_eq!((run.train.len(), run.test.len()), (201, 201));
        assert_eq!(run.test[0], mean_squared_error(&test, &start, 0.006, 1));
        // Ten games' worth of positions, 826 numbers to fit: the training error falls far.
        assert!(run.train[200] < 0.8 * run.train[0], "{:?}", run.train);
        // The final weights are normalised, and give the last errors.
        let error = mean_squared_error(&train, &run.weights, 0.006, 1);
        assert!((error - run.train[200]).abs() < 1e-9);
    }

    #[test]
    fn the_best_test_epoch_is_the_lowest_test_error() {
        let run = HeldOutRun {
            train: vec![0.2, 0.15, 0.1, 0.05],
            test: vec![0.2, 0.18, 0.19, 0.25],
            weights: RealWeights::zero(),
        };
        assert_eq!(run.best_test_epoch(), 1);
    }

    #[test]
    fn tables_are_read_and_measured() {
        let weights = Weights::initial();
        let knight = piece_table(&weights, 1, Part::Middlegame);
        assert_eq!(knight[27], weights.get(PSQT + 64 + 27).mg);
        let flat = [5; 64];
        assert_eq!(roughness(&flat, 1), 0.0);
        // A checkerboard of ±1: every neighbour differs by 2.
        let checkered: [i32; 64] =
            std::array::from_fn(|s| if (s % 8 + s / 8) % 2 == 0 { 1 } else { -1 });
        assert_eq!(roughness(&checkered, 1), 2.0);
        assert_eq!(roughness(&checkered, 0), 2.0);
        // The pawn's ranks 1 and 8 do not count.
        let mut edged = flat;
        edged[3] = 100;
        assert_eq!(roughness(&edged, 0), 0.0);
        assert!(roughness(&edged, 1) > 0.0);
        // Normalised, every table but the king's averages 0 (to rounding).
        let even = normalised(&weights);
        for piece in 0..5 {
            for part in Part::BOTH {
                assert!(
                    table_mean(&even, piece, part).abs() <= 0.5,
                    "{piece} {part:?}"
                );
            }
        }
        assert_eq!(
            table_mean(&even, 5, Part::Endgame),
            table_mean(&weights, 5, Part::Endgame)
        );
        // The knight's table averages below 0 by hand: its material value takes the average.
        let mean = table_mean(&weights, 1, Part::Middlegame);
        assert!(mean < 0.0);
        let moved = f64::from(even.get(MATERIAL + 1).mg - weights.get(MATERIAL + 1).mg);
        assert!((moved - mean).abs() <= 0.5, "{moved} v {mean}");
        let table = material_markdown(&[("hand-set", &weights), ("normalised", &even)]);
        assert!(table.contains("| knight | 320 / 290 |"), "{table}");
        assert_eq!(table.lines().count(), 2 + 5);
    }

    #[test]
    fn piece_tables_are_drawn_as_heat_maps() {
        let svg = piece_table_svg("Hand-set", &Weights::initial(), 1, Part::Middlegame).unwrap();
        assert!(svg.contains("knight, middlegame") && svg.contains("Hand-set"));
        // The knight on a1 is worth −50 by hand: the most in absolute terms, full blue.
        assert!(svg.contains(">-50<") || svg.contains("\n-50\n"), "{svg}");
        assert!(svg.contains("#2166AC") || svg.contains("rgb(33,102,172)"));
        svg_to_png(&svg).expect("draws with the embedded font");
        let both = before_after_svg(
            5,
            ("hand-set", &Weights::initial()),
            ("tuned", &Weights::tuned()),
        )
        .unwrap();
        for caption in [
            "hand-set, middlegame",
            "tuned, middlegame",
            "hand-set, endgame",
            "tuned, endgame",
        ] {
            assert!(both.contains(caption), "{caption}");
        }
        let (width, height) = crate::draw::svg::svg_size(&both).unwrap();
        assert!(
            width > 1.8 * f64::from(8 * TABLE_SQUARE) && height > 1.8 * f64::from(8 * TABLE_SQUARE)
        );
        svg_to_png(&both).expect("draws with the embedded font");
    }
}
