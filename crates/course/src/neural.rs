//! The learned evaluation taken apart (the chapter "A learned evaluation", notebook 10b): how
//! the compiled-in network was trained, epoch by epoch, and what its first layer learned,
//! drawn on the board.
//!
//! - [`DEFAULT_RECORD`] is the record `searchlab train` wrote beside the compiled-in weights
//!   (the command, the data, the loss of each epoch); [`training_curve_svg`] draws its losses.
//!   [`SECOND_GENERATION_RECORD`] is the record of the network whose games it learned from,
//!   and [`FIRST_GENERATION_RECORD`] the record of the one before that.
//! - [`piece_map`] asks the network what a piece is worth on each square of a position: the
//!   piece moved to every square it may stand on, each position evaluated in full;
//!   [`piece_map_svg`] draws the answer on the board.
//! - [`unit_panels`] shows single hidden units: the first-layer weights one unit gives a kind
//!   of piece on each square, as heat maps; [`strongest_units`] picks the units the output
//!   leans on most; [`describe_feature`] names an input as a view reads it.
//! - [`compare_with_handwritten`] puts the network's scores beside stage 8's on a data file's
//!   positions (the search's margins assume one scale); [`read_summary`] and
//!   [`read_hidden_sizes`] read the committed records the chapter quotes; [`book_figures`] draws
//!   the chapter's figures.

use crate::draw::heatmap::{square_values_svg, tables_svg, Panel};
use crate::draw::plot::{curves_svg, Curve};
use crate::draw::table::thousands;
use chess::{Board, BoardBuilder, CastleRights, Color, Piece, Square, ALL_SQUARES};
use searchlab_engine::error::{Error, Result};
use searchlab_engine::eval::features::perspective;
use searchlab_engine::eval::network::{Network, QA};
use searchlab_engine::games::Chess;
use searchlab_lab::train::{read_losses, EpochReport};
use std::str::FromStr;

/// What `searchlab train` recorded beside the compiled-in network
/// (`assets/nnue/default.nnue.txt`): the command, the data, and the loss of every epoch.
pub const DEFAULT_RECORD: &str = include_str!("../../../assets/nnue/default.nnue.txt");

/// What `searchlab train` recorded beside the second generation, kept as
/// `assets/nnue/gen2.nnue` (compiled in before the third): its games are what the compiled-in
/// network learned from (the data's header names it by its [`Network::checksum`]).
pub const SECOND_GENERATION_RECORD: &str = include_str!("../../../assets/nnue/gen2.nnue.txt");

/// What `searchlab train` recorded beside the first generation, kept as
/// `assets/nnue/gen1.nnue`: it learned from stage 9's games alone, and its own games are part
/// of what the second generation learned from.
pub const FIRST_GENERATION_RECORD: &str = include_str!("../../../assets/nnue/gen1.nnue.txt");

/// The losses of every epoch of the compiled-in network's training, read from
/// [`DEFAULT_RECORD`].
pub fn default_losses() -> Result<Vec<EpochReport>> {
    read_losses(DEFAULT_RECORD)
}

/// The training and validation loss against the epoch, as an SVG chart. The first epoch's
/// training loss, averaged over batches that start from random weights, is far above the rest;
/// it is left off the chart (so that the later epochs' differences show) and its value written
/// in the legend instead.
pub fn training_curve_svg(title: &str, reports: &[EpochReport]) -> Result<String> {
    let points = |loss: fn(&EpochReport) -> f64, from: usize| -> Vec<(f64, f64)> {
        reports
            .iter()
            .filter(|r| r.epoch >= from)
            .map(|r| (r.epoch as f64, loss(r)))
            .filter(|p| p.1.is_finite())
            .collect()
    };
    let training_name = match reports.first() {
        Some(first) if reports.len() > 1 => format!(
            "training positions, during the epoch (epoch {}: {:.4}, off the chart)",
            first.epoch, first.training_loss
        ),
        _ => "training positions, during the epoch".to_string(),
    };
    let from = reports.get(1).map_or(0, |second| second.epoch);
    curves_svg(
        title,
        "epoch",
        "mean loss",
        &[
            Curve::new(&training_name, points(|r| r.training_loss, from)),
            Curve::new(
                "held-out positions, after the epoch",
                points(|r| r.validation_loss, 0),
            ),
        ],
        &[],
    )
}

/// A feature's meaning, as a view reads it: "our knight on f3", "their king on e8" (squares as
/// the view sees the board: for Black's view, turned round).
pub fn describe_feature(feature: usize) -> String {
    let (side_and_kind, square) = (feature / 64, feature % 64);
    let side = if side_and_kind < 6 { "our" } else { "their" };
    let kind = ["pawn", "knight", "bishop", "rook", "queen", "king"][side_and_kind % 6];
    let square = ALL_SQUARES[square % 64];
    format!("{side} {kind} on {square}")
}

/// What `network` says a `piece` of `color` is worth on each square of `fen`'s position: the
/// piece standing on `from` (a square of the position) is moved to every square it may stand
/// on (empty, and the position legal with it there), and each position is evaluated from
/// scratch for `color`, to move. The value of a square is that score less the score with the
/// piece on `from`, in centipawns; `None` where the piece cannot stand. Castling rights of
/// `color` are dropped when the piece moved is a king or a rook, so that every square is
/// legal for it.
pub fn piece_map(network: &Network, fen: &str, from: &str) -> Result<[Option<i32>; 64]> {
    let board = *Chess::from_fen(fen)?.board();
    let from = Square::from_str(from)
        .map_err(|_| Error::Setting(format!("'{from}' is not a square (a1 to h8)")))?;
    let (Some(piece), Some(color)) = (board.piece_on(from), board.color_on(from)) else {
        return Err(Error::Setting(format!(
            "there is no piece on {from} in {fen}"
        )));
    };
    let placed = |square: Square| -> Option<i32> {
        let mut builder = BoardBuilder::from(board);
        builder.clear_square(from);
        builder.piece(square, piece, color);
        builder.side_to_move(color);
        if matches!(piece, Piece::King | Piece::Rook) {
            builder.castle_rights(color, CastleRights::NoRights);
        }
        builder.en_passant(None);
        let moved = Board::try_from(&builder).ok()?;
        Some(network.evaluate(&moved))
    };
    let home = placed(from).ok_or_else(|| {
        Error::Setting(format!(
            "{fen} is not a legal position with the side of the piece on {from} to move"
        ))
    })?;
    let mut values = [None; 64];
    for square in ALL_SQUARES {
        if square != from && board.piece_on(square).is_some() {
            continue;
        }
        values[square.to_index()] = placed(square).map(|score| score - home);
    }
    Ok(values)
}

/// [`piece_map`] drawn on the position's board: the values on the squares the piece may stand
/// on, the other pieces on theirs.
pub fn piece_map_svg(network: &Network, title: &str, fen: &str, from: &str) -> Result<String> {
    let values = piece_map(network, fen, from)?;
    // The piece's own square has a value (0), so the board shows the value there, not it.
    let board = *Chess::from_fen(fen)?.board();
    Ok(square_values_svg(title, &board, &values))
}

/// The hidden units whose clipped sums the output weighs most (by the size of the side to
/// move's output weight), the strongest first: `count` of them.
pub fn strongest_units(network: &Network, count: usize) -> Vec<usize> {
    let (ours, _) = network.output_weights();
    let mut units: Vec<usize> = (0..network.hidden()).collect();
    units.sort_by_key(|&unit| (std::cmp::Reverse(ours[unit].unsigned_abs()), unit));
    units.truncate(count);
    units
}

/// One heat map per unit of `units`: the first-layer weight that unit gives `piece` (ours if
/// `ours`, else theirs) on each square, seen by the side to move (our side at the bottom), in
/// thousandths of the clip (a weight of 1,000 alone would fill the unit). The caption names the
/// unit and whether the output counts it for (+) or against (−) the side to move.
pub fn unit_panels(network: &Network, units: &[usize], piece: Piece, ours: bool) -> Vec<Panel> {
    let (out, _) = network.output_weights();
    let color = if ours { Color::White } else { Color::Black };
    units
        .iter()
        .map(|&unit| {
            let mut values = [0; 64];
            for square in ALL_SQUARES {
                let feature = perspective(Color::White, color, piece, square);
                let weight = i32::from(network.row(feature)[unit]);
                values[square.to_index()] = weight * 1000 / QA;
            }
            let sign = if out[unit] >= 0 { "+" } else { "−" };
            Panel {
                caption: format!("unit {unit} (output {sign})"),
                values,
            }
        })
        .collect()
}

/// What a training record's second line says of the run: `N training positions, M held out;
/// H hidden units; B bytes.`
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RecordSummary {
    /// Positions trained on.
    pub training: u64,
    /// Positions held out for the validation loss.
    pub held_out: u64,
    /// Hidden units of each view.
    pub hidden: u64,
    /// The weights file's size.
    pub bytes: u64,
    /// The training's time in seconds and its threads, from the line `Trained in S s on T
    /// threads` (records written before it was added have none).
    pub time: Option<(f64, u64)>,
}

/// Reads [`RecordSummary`] from a record `searchlab train` wrote; an error if it has no such
/// line.
pub fn read_summary(record: &str) -> Result<RecordSummary> {
    let number_before = |line: &str, words: &str| -> Option<u64> {
        let end = line.find(words)?;
        let start = line[..end].trim_end().rfind([' ', ';', ','])? + 1;
        line[start..end].trim().parse().ok()
    };
    let time = record.lines().find_map(|line| {
        let rest = line.strip_prefix("# Trained in ")?;
        let (seconds, rest) = rest.split_once(" s on ")?;
        let (threads, _) = rest.split_once(" thread")?;
        Some((seconds.parse().ok()?, threads.parse().ok()?))
    });
    record
        .lines()
        .find_map(|line| {
            Some(RecordSummary {
                training: number_before(line, " training positions")?,
                held_out: number_before(line, " held out")?,
                hidden: number_before(line, " hidden units")?,
                bytes: number_before(line, " bytes")?,
                time,
            })
        })
        .ok_or_else(|| {
            Error::Setting(
                "a training record says 'N training positions, M held out; H hidden units; B \
                 bytes'; this one does not"
                    .to_string(),
            )
        })
}

/// The self-play sample that ships with the crate (`assets/selfplay/selfplay-sample.txt`: 67 games
/// of `searchlab datagen`), which the notebooks train and measure on.
pub const SAMPLE: &str = include_str!("../../../assets/selfplay/selfplay-sample.txt");

/// How the compiled-in network's scores compare with the hand-written evaluation's on the
/// sample's positions (both for the side to move, in centipawns).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScaleComparison {
    /// Positions compared.
    pub positions: usize,
    /// The mean size of the network's scores.
    pub network_mean_size: f64,
    /// The mean size of the hand-written evaluation's.
    pub handwritten_mean_size: f64,
    /// The mean size of their difference.
    pub mean_difference: f64,
    /// The share of positions where both say the same side is better (or both 0).
    pub same_side: f64,
}

/// Compares the network's scores with the hand-written evaluation's on the positions of
/// `data` (a `datagen` file).
pub fn compare_with_handwritten(network: &Network, data: &str) -> Result<ScaleComparison> {
    let mut evaluation = searchlab_engine::eval::Evaluation::default();
    let (mut net, mut hand, mut gap, mut same, mut count) = (0.0, 0.0, 0.0, 0usize, 0usize);
    for line in searchlab_lab::datagen::position_lines(data) {
        let game = Chess::from_fen(line?.fen)?;
        let n = f64::from(network.evaluate(game.board()));
        let h = f64::from(searchlab_engine::game::Evaluator::evaluate(&mut evaluation, &game).0);
        net += n.abs();
        hand += h.abs();
        gap += (n - h).abs();
        same += usize::from(n.signum() == h.signum());
        count += 1;
    }
    let mean = |total: f64| total / count.max(1) as f64;
    Ok(ScaleComparison {
        positions: count,
        network_mean_size: mean(net),
        handwritten_mean_size: mean(hand),
        mean_difference: mean(gap),
        same_side: mean(same as f64),
    })
}

/// The hidden-size experiment, committed: one row per size, trained by the compiled-in
/// network's recipe with only `--hidden` changed (`book/measured/hidden-sizes.tsv` says the
/// commands, machine and date).
pub const HIDDEN_SIZES: &str = include_str!("../../../book/measured/hidden-sizes.tsv");

/// One row of [`HIDDEN_SIZES`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HiddenSize {
    /// Hidden units of each view.
    pub hidden: u64,
    /// The weights file's size.
    pub bytes: u64,
    /// The held-out loss after the last epoch.
    pub validation_loss: f64,
    /// The training's wall time, in seconds (one thread).
    pub train_seconds: f64,
    /// The nodes of the bench search (they differ: another network, another tree).
    pub nodes: u64,
    /// The instructions that search took.
    pub instructions: u64,
}

impl HiddenSize {
    /// Instructions a node.
    pub fn per_node(&self) -> f64 {
        self.instructions as f64 / self.nodes.max(1) as f64
    }
}

/// Reads the rows of a hidden-size file ([`HIDDEN_SIZES`]); the error names a bad line.
pub fn read_hidden_sizes(text: &str) -> Result<Vec<HiddenSize>> {
    searchlab_lab::measured::rows(text)
        .map(|(number, line)| {
            let bad = || Error::Setting(format!("hidden-sizes.tsv line {number}: {line:?}"));
            let fields: Vec<&str> = line.split('\t').collect();
            let [hidden, bytes, loss, seconds, nodes, instructions] = fields[..] else {
                return Err(bad());
            };
            Ok(HiddenSize {
                hidden: hidden.parse().map_err(|_| bad())?,
                bytes: bytes.parse().map_err(|_| bad())?,
                validation_loss: loss.parse().map_err(|_| bad())?,
                train_seconds: seconds.parse().map_err(|_| bad())?,
                nodes: nodes.parse().map_err(|_| bad())?,
                instructions: instructions.parse().map_err(|_| bad())?,
            })
        })
        .collect()
}

/// The hidden sizes as the chapter's table (Markdown).
pub fn hidden_sizes_markdown(sizes: &[HiddenSize]) -> String {
    let mut table = String::from(
        "| hidden units | weights file | held-out loss | training (one thread) | instructions a node |\n\
         |---:|---:|---:|---:|---:|\n",
    );
    for size in sizes {
        table.push_str(&format!(
            "| {} | {} KB | {:.6} | {:.0} s | {} |\n",
            size.hidden,
            (size.bytes as f64 / 1024.0).round(),
            size.validation_loss,
            size.train_seconds,
            thousands(size.per_node().round() as u64)
        ));
    }
    table
}

/// The position of the book's knight map: the start position (the knight on g1 moved).
pub const KNIGHT_MAP: (&str, &str) = (
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "g1",
);

/// The position of the book's king map: a pawn ending, White's king moved.
pub const KING_MAP: (&str, &str) = ("8/5kpp/8/8/8/8/PPP5/3K4 w - - 0 1", "d1");

/// The hidden units the book's unit picture shows: the strongest this many.
pub const BOOK_UNITS: usize = 4;

/// The chapter's figures, drawn from the compiled-in network and its record: the training
/// curve, a knight's and a king's value on each square, and the strongest units' weights for
/// our pawns and our king.
pub fn book_figures() -> Result<Vec<(&'static str, String)>> {
    let network = searchlab_engine::eval::neural::default_network();
    let losses = default_losses()?;
    let units = strongest_units(&network, BOOK_UNITS);
    let pawns = unit_panels(&network, &units, Piece::Pawn, true);
    let kings = unit_panels(&network, &units, Piece::King, true);
    // A row per unit, its pawns on the left and its king on the right: two boards a row keep
    // the picture 708 px wide, within the book's column, so its numbers are read at full size
    // (four a row made it 1,416 px, shrunk to half).
    let panels: Vec<Panel> = pawns
        .into_iter()
        .zip(kings)
        .flat_map(|(mut pawn, mut king)| {
            pawn.caption = format!("{}: our pawns", pawn.caption);
            king.caption = format!("{}: our king", king.caption);
            [pawn, king]
        })
        .collect();
    let sizes = read_hidden_sizes(HIDDEN_SIZES)?;
    Ok(vec![
        ("neural-hidden.md", hidden_sizes_markdown(&sizes)),
        (
            "neural-training.svg",
            training_curve_svg(
                "Training the compiled-in network: the loss after each epoch",
                &losses,
            )?,
        ),
        (
            "neural-knight.svg",
            piece_map_svg(
                &network,
                "The network's knight, square by square",
                KNIGHT_MAP.0,
                KNIGHT_MAP.1,
            )?,
        ),
        (
            "neural-king.svg",
            piece_map_svg(
                &network,
                "White's king, square by square",
                KING_MAP.0,
                KING_MAP.1,
            )?,
        ),
        (
            "neural-units.svg",
            tables_svg(
                "The four units the output weighs most: their first-layer weights",
                &panels,
                2,
            )?,
        ),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_engine::eval::neural::default_network;

    #[test]
    #[ignore = "writes the figures to target/neural-figures, to look at"]
    fn draw_the_figures() {
        std::fs::create_dir_all("target/neural-figures").unwrap();
        for (name, svg) in book_figures().unwrap() {
            if name.ends_with(".svg") {
                let png = crate::draw::picture::svg_to_png(&svg).unwrap();
                std::fs::write(format!("target/neural-figures/{name}.png"), png.bytes).unwrap();
            }
            std::fs::write(format!("target/neural-figures/{name}"), svg).unwrap();
        }
    }

    #[test]
    fn the_records_summary_is_read() {
        let summary = read_summary(DEFAULT_RECORD).unwrap();
        let network = default_network();
        assert_eq!(summary.hidden, network.hidden() as u64);
        assert_eq!(
            summary.bytes,
            searchlab_engine::eval::neural::DEFAULT_NETWORK.len() as u64
        );
        assert!(summary.training > 1_000_000 && summary.held_out > 0);
        let made_up = "# 10 training positions, 2 held out; 8 hidden units; 99 bytes. Date: x.\n\
                       # Trained in 42 s on 2 threads (the epochs of this run; reading the data apart).";
        assert_eq!(
            read_summary(made_up).unwrap(),
            RecordSummary {
                training: 10,
                held_out: 2,
                hidden: 8,
                bytes: 99,
                time: Some((42.0, 2)),
            }
        );
        let first_line = made_up.lines().next().unwrap();
        assert_eq!(read_summary(first_line).unwrap().time, None);
        assert!(read_summary("nothing").is_err());
        assert!(read_losses("nothing").is_err());
        assert!(read_losses("epoch\ttraining_loss\tvalidation_loss\n1\t0.5\n").is_err());
    }

    #[test]
    fn each_network_names_the_network_whose_games_it_learned_from() {
        // Each generation kept beside the compiled-in network is the one that played a data
        // file of the next one's record (named by the checksum of its weights, as `datagen`
        // wrote it): the chain from the repository's commands to the weights is whole.
        let first = Network::from_bytes(include_bytes!("../../../assets/nnue/gen1.nnue")).unwrap();
        let second = Network::from_bytes(include_bytes!("../../../assets/nnue/gen2.nnue")).unwrap();
        let played = |network: &Network, record: &str| {
            let named = format!("hidden units, FNV-1a {})", network.checksum());
            record
                .lines()
                .any(|line| line.contains("engine neural network") && line.ends_with(&named))
        };
        assert!(
            played(&second, DEFAULT_RECORD),
            "the third learned from the second's games"
        );
        assert!(!played(&first, DEFAULT_RECORD), "and from no one else's");
        assert!(played(&first, SECOND_GENERATION_RECORD));
        let checksums = [
            first.checksum(),
            second.checksum(),
            default_network().checksum(),
        ];
        assert!(checksums[0] != checksums[1] && checksums[1] != checksums[2]);
        // The first generation learned from stage 9's games alone: no network played them.
        assert!(!FIRST_GENERATION_RECORD.contains("engine neural"));
        for (record, network) in [
            (FIRST_GENERATION_RECORD, &first),
            (SECOND_GENERATION_RECORD, &second),
        ] {
            assert_eq!(
                read_summary(record).unwrap().hidden,
                network.hidden() as u64
            );
        }
    }

    #[test]
    fn the_network_and_the_handwritten_evaluation_score_on_one_scale() {
        let scale = compare_with_handwritten(&default_network(), SAMPLE).unwrap();
        assert_eq!(scale.positions, 4003);
        // Trained on the search's centipawns, the network's scores are about as large as the
        // hand-written evaluation's, and mostly agree on who is better.
        let ratio = scale.network_mean_size / scale.handwritten_mean_size;
        assert!((0.5..2.0).contains(&ratio), "{scale:?}");
        assert!(scale.same_side > 0.7, "{scale:?}");
    }

    #[test]
    fn a_feature_is_described_as_its_view_reads_it() {
        let feature = perspective(Color::White, Color::White, Piece::Knight, Square::F3);
        assert_eq!(describe_feature(feature), "our knight on f3");
        let feature = perspective(Color::Black, Color::White, Piece::King, Square::E1);
        assert_eq!(describe_feature(feature), "their king on e8");
    }

    #[test]
    fn the_record_gives_every_epochs_losses() {
        let losses = default_losses().unwrap();
        assert!(!losses.is_empty());
        for (i, report) in losses.iter().enumerate() {
            assert_eq!(report.epoch, i + 1);
            assert!(report.training_loss > 0.0 && report.validation_loss > 0.0);
        }
        // Training lowers the held-out loss: the last epoch's is below the first's.
        assert!(losses.last().unwrap().validation_loss < losses[0].validation_loss);
        let svg = training_curve_svg("Training", &losses).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("held-out"));
    }

    #[test]
    fn a_piece_map_is_zero_at_home_and_blank_where_the_piece_cannot_stand() {
        let network = default_network();
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let map = piece_map(&network, start, "g1").unwrap();
        assert_eq!(map[Square::G1.to_index()], Some(0));
        // Occupied squares, and f6 and d6, where the knight would give check with White to
        // move (an illegal position), have no value.
        for square in [Square::E1, Square::E2, Square::E8, Square::F6, Square::D6] {
            assert_eq!(map[square.to_index()], None, "{square}");
        }
        assert_eq!(map.iter().flatten().count(), 64 - 32 + 1 - 2);
        // Each value is the network's own score difference.
        let f3 = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1";
        let want = network.evaluate(&Board::from_str(f3).unwrap())
            - network.evaluate(&Board::from_str(start).unwrap());
        assert_eq!(map[Square::F3.to_index()], Some(want));
        assert!(piece_map(&network, start, "e4").is_err());
        assert!(piece_map(&network, start, "z9").is_err());
    }

    #[test]
    fn the_strongest_units_come_first_and_their_panels_read_the_rows() {
        let network = default_network();
        let units = strongest_units(&network, 4);
        assert_eq!(units.len(), 4);
        let (ours, _) = network.output_weights();
        for pair in units.windows(2) {
            assert!(ours[pair[0]].unsigned_abs() >= ours[pair[1]].unsigned_abs());
        }
        let panels = unit_panels(&network, &units, Piece::Knight, true);
        let feature = perspective(Color::White, Color::White, Piece::Knight, Square::F3);
        let weight = i32::from(network.row(feature)[units[0]]);
        assert_eq!(panels[0].values[Square::F3.to_index()], weight * 1000 / QA);
    }
}
