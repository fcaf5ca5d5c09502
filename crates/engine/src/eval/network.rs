//! A small neural network that evaluates chess positions, in integers: the inference half of
//! stage 10 (the training half is the lab's `train`).
//!
//! ## The shape
//!
//! ```text
//!   768 inputs, White's view ──► hidden sums (the accumulator) ──► clip to [0, 1] ─┐
//!                                                                                 ├─► one score
//!   768 inputs, Black's view ──► hidden sums (the accumulator) ──► clip to [0, 1] ─┘
//! ```
//!
//! The inputs are the pieces on their squares ([`crate::eval::features`]), from each side's
//! view. The first layer gives each view `hidden` sums: a bias plus, for every piece on the
//! board, that piece-on-square's row of weights. Both views use the same rows. These sums are
//! the **accumulator**: a move changes two to four inputs, so it changes the accumulator by as
//! many rows added or taken away ([`Network::update`]), not by a new sum over every piece.
//!
//! Each sum is then clipped to `[0, 1]` (the *clipped ReLU*: nothing below 0, nothing above 1),
//! and the output layer weighs the side to move's clipped sums and the opponent's, `2 · hidden`
//! weights and a bias, into one number: the score, in units where 1 is [`SCALE`] centipawns.
//!
//! ## In integers
//!
//! The trainer learns real numbers; the search uses integers, which are exact (the same score
//! on every machine and for every order of additions, so the incremental accumulator equals the
//! one counted from scratch bit for bit) and which vector instructions add many at a time: the
//! compiler's from the plain loops here, 8 sums to an instruction, or [`crate::eval::simd`]'s,
//! 16 to an instruction on a processor with AVX2, with exactly the same results. The first
//! layer's weights are stored times [`QA`] (so the clip is to `[0, QA]`), the output weights
//! times [`QB`]; a product of the two is then `QA · QB` times the real one, which the last step
//! divides out. Rounding each weight to the nearest step costs a centipawn or two of score
//! (the tests say how much, the lab's `train`).

use super::features::{self, Changes, PieceList, FEATURES, MOST_CHANGES};
use super::simd;
use crate::error::{Error, Result};
use chess::{Board, Color};

/// The first layer's weights (and the clip) are stored times this.
pub const QA: i32 = 255;
/// The output weights are stored times this.
pub const QB: i32 = 64;
/// One unit of the network's output, in centipawns.
pub const SCALE: i32 = 400;

/// The largest first-layer weight or bias (times [`QA`]) a usable network holds: a position's
/// sum is a bias and at most 32 rows, and 33 such numbers stay inside 16 bits. (The trainer
/// keeps its weights far inside: `lab::train::WEIGHT_LIMIT` times QA is 505.)
pub const FIRST_LAYER_LIMIT: i16 = i16::MAX / 33;

/// What a weights file starts with.
const MAGIC: &[u8; 4] = b"SLNN";
/// The version of the file's layout.
const VERSION: u32 = 1;

// ANCHOR: network
/// A trained network in integers, ready to evaluate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// The number of hidden sums a view has.
    hidden: usize,
    /// The first layer: one row of `hidden` weights for each input.
    input_weights: Vec<i16>,
    /// The first layer's biases, one per hidden sum.
    input_biases: Vec<i16>,
    /// The output layer: the side to move's `hidden` weights, then the opponent's.
    output_weights: Vec<i16>,
    /// The output's bias, times `QA · QB`.
    output_bias: i32,
}
// ANCHOR_END: network

// ANCHOR: accumulator
/// The first layer's sums for one position, from both views.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulator {
    /// White's view: one sum per hidden unit.
    pub white: Vec<i16>,
    /// Black's view.
    pub black: Vec<i16>,
}
// ANCHOR_END: accumulator

impl Accumulator {
    /// The sums seen by `view`.
    pub fn view(&self, view: Color) -> &[i16] {
        match view {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The sums seen by `view`, to change.
    pub fn view_mut(&mut self, view: Color) -> &mut [i16] {
        match view {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}

impl Network {
    /// A network from its parts (in integers: the first layer times [`QA`], the output times
    /// [`QB`], its bias times both). Errors if the sizes do not fit together.
    pub fn new(
        hidden: usize,
        input_weights: Vec<i16>,
        input_biases: Vec<i16>,
        output_weights: Vec<i16>,
        output_bias: i32,
    ) -> Result<Network> {
        let fits = hidden > 0
            && input_weights.len() == FEATURES * hidden
            && input_biases.len() == hidden
            && output_weights.len() == 2 * hidden;
        if !fits {
            return Err(Error::Network(format!(
                "a network of {hidden} hidden units needs {} input weights, {hidden} biases and \
                 {} output weights; these are {}, {} and {}",
                FEATURES * hidden,
                2 * hidden,
                input_weights.len(),
                input_biases.len(),
                output_weights.len()
            )));
        }
        Ok(Network {
            hidden,
            input_weights,
            input_biases,
            output_weights,
            output_bias,
        })
    }

    /// The number of hidden sums each view has.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The first-layer weights of input `feature`: one per hidden sum.
    pub fn row(&self, feature: usize) -> &[i16] {
        &self.input_weights[feature * self.hidden..(feature + 1) * self.hidden]
    }

    /// The output weights: the side to move's, then the opponent's, one per hidden sum each
    /// (times [`QB`]).
    pub fn output_weights(&self) -> (&[i16], &[i16]) {
        self.output_weights.split_at(self.hidden)
    }

    /// The first layer's biases, one per hidden sum (times [`QA`]).
    pub fn biases(&self) -> &[i16] {
        &self.input_biases
    }

    /// The output's bias (times `QA · QB`).
    pub fn output_bias(&self) -> i32 {
        self.output_bias
    }

    /// An accumulator of the right size, holding the biases alone (an empty board).
    pub fn empty_accumulator(&self) -> Accumulator {
        Accumulator {
            white: self.input_biases.clone(),
            black: self.input_biases.clone(),
        }
    }

    // ANCHOR: refresh
    /// Counts `board`'s accumulator from scratch into `accumulator`: the biases, plus the row
    /// of every piece on its square, from each view.
    pub fn refresh(&self, board: &Board, accumulator: &mut Accumulator) {
        for view in [Color::White, Color::Black] {
            // At most 64 pieces, one a square (32 in a game).
            let active = FeatureList::<64>::collect(features::active(board, view));
            let sums = accumulator.view_mut(view);
            let (biases, rows) = (&self.input_biases, &self.input_weights);
            simd::accumulate(sums, biases, rows, &[], active.as_slice());
        }
    }
    // ANCHOR_END: refresh

    // ANCHOR: update
    /// The accumulator of a position from the accumulator `before` of another one and the
    /// pieces that differ between them ([`features::changes`]): the rows of the pieces that
    /// left taken away, those of the pieces that arrived added. Two to four rows for a move,
    /// against some thirty for [`Network::refresh`].
    pub fn update(&self, before: &Accumulator, changes: &Changes, after: &mut Accumulator) {
        for view in [Color::White, Color::Black] {
            let list = |pieces: &PieceList| {
                FeatureList::<MOST_CHANGES>::collect(pieces.iter().map(|p| p.feature(view)))
            };
            let (removed, added) = (list(&changes.removed), list(&changes.added));
            let (sums, rows) = (after.view_mut(view), &self.input_weights);
            simd::accumulate(
                sums,
                before.view(view),
                rows,
                removed.as_slice(),
                added.as_slice(),
            );
        }
    }
    // ANCHOR_END: update

    // ANCHOR: output
    /// The score of the position whose sums are `accumulator`, for `side_to_move`, in
    /// centipawns: each sum clipped to `[0, QA]` and weighed (`weighed`, below), the side to
    /// move's first.
    pub fn output(&self, accumulator: &Accumulator, side_to_move: Color) -> i32 {
        let (ours, theirs) = self.output_weights.split_at(self.hidden);
        let sum = simd::weighed(accumulator.view(side_to_move), ours)
            + simd::weighed(accumulator.view(!side_to_move), theirs)
            + self.output_bias;
        // `sum` is QA · QB times the output; the output is in units of SCALE centipawns.
        (i64::from(sum) * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }
    // ANCHOR_END: output

    /// The score of `board` for the side to move, counted from scratch (no accumulator kept).
    pub fn evaluate(&self, board: &Board) -> i32 {
        let mut accumulator = self.empty_accumulator();
        self.refresh(board, &mut accumulator);
        self.output(&accumulator, board.side_to_move())
    }

    /// The network as a weights file: `SLNN`, the layout's version and the hidden size (32-bit
    /// little-endian), then the first layer's weights (input by input) and biases, the output
    /// weights (16-bit), and the output bias (32-bit).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(12 + 2 * (FEATURES + 3) * self.hidden + 4);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        for list in [
            &self.input_weights,
            &self.input_biases,
            &self.output_weights,
        ] {
            for value in list.iter() {
                bytes.extend_from_slice(&value.to_le_bytes());
            }
        }
        bytes.extend_from_slice(&self.output_bias.to_le_bytes());
        bytes
    }

    /// A fingerprint of the weights file ([`Network::to_bytes`]): its 64-bit FNV-1a hash, as
    /// sixteen hex digits. `datagen` writes it into the header of the games a network played,
    /// so that a network trained on them records which network made its data.
    pub fn checksum(&self) -> String {
        format!("{:016x}", fnv1a(self.to_bytes()))
    }

    /// Reads the weights file at `path` ([`Network::from_bytes`]); the error names the file and
    /// says whether it could not be read or is not a network.
    pub fn read_file(path: &std::path::Path) -> Result<Network> {
        let in_file = |reason: String| Error::Io {
            path: path.display().to_string(),
            reason,
        };
        let bytes = std::fs::read(path).map_err(|e| in_file(format!("cannot read it: {e}")))?;
        Network::from_bytes(&bytes).map_err(|e| in_file(e.to_string()))
    }

    /// Reads a weights file ([`Network::to_bytes`]); the error says what is wrong with it.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network> {
        let bad = |what: String| Error::Network(format!("not a searchlab network: {what}"));
        let mut reader = Reader(bytes);
        if reader.take(4) != Some(MAGIC.as_slice()) {
            return Err(bad("it does not start with SLNN".into()));
        }
        let version = reader.u32().ok_or_else(|| bad("no version".into()))?;
        if version != VERSION {
            return Err(bad(format!(
                "layout version {version}, this build reads {VERSION}"
            )));
        }
        let hidden = reader.u32().ok_or_else(|| bad("no hidden size".into()))? as usize;
        if hidden == 0 || hidden > 1 << 16 {
            return Err(bad(format!("{hidden} hidden units")));
        }
        let mut list = |count: usize, what: &str| {
            reader
                .i16s(count)
                .ok_or_else(|| bad(format!("the file ends inside the {what}")))
        };
        let input_weights = list(FEATURES * hidden, "first layer's weights")?;
        let input_biases = list(hidden, "first layer's biases")?;
        let output_weights = list(2 * hidden, "output weights")?;
        let output_bias = reader
            .i32()
            .ok_or_else(|| bad("the file ends before the output bias".into()))?;
        if !reader.0.is_empty() {
            return Err(bad(format!("{} bytes too many", reader.0.len())));
        }
        let network = Network::new(
            hidden,
            input_weights,
            input_biases,
            output_weights,
            output_bias,
        )?;
        network.check_usable()?;
        Ok(network)
    }

    /// Refuses weights no training makes and no search can use. The file holds integers, so
    /// a real number that was not finite cannot be in it, but what it was rounded to can:
    /// a NaN rounds to 0 and an infinity to the end of the 16-bit range. A training that
    /// diverged to NaN leaves every output weight 0 (each one is moved by every position), and
    /// a network whose output weights or first-layer weights are all 0 scores every position
    /// alike; a first-layer weight or bias beyond ±[`FIRST_LAYER_LIMIT`] (an infinity among
    /// them) could overflow the 16-bit sums. The error names the part and the weight.
    pub fn check_usable(&self) -> Result<()> {
        let refuse = |what: String| Err(Error::Network(format!("not a usable network: {what}")));
        let too_big = |w: &i16| w.unsigned_abs() > FIRST_LAYER_LIMIT.unsigned_abs();
        let beyond = |weight: i16| {
            format!(
                "is {weight}, beyond ±{FIRST_LAYER_LIMIT}: a position's 16-bit sums could \
                 overflow (an infinite weight is rounded so)"
            )
        };
        if let Some(index) = self.input_weights.iter().position(too_big) {
            let (feature, unit) = (index / self.hidden, index % self.hidden);
            let weight = self.input_weights[index];
            return refuse(format!(
                "the first-layer weight of feature {feature}, unit {unit} {}",
                beyond(weight)
            ));
        }
        if let Some(unit) = self.input_biases.iter().position(too_big) {
            let bias = self.input_biases[unit];
            return refuse(format!(
                "the first-layer bias of unit {unit} {}",
                beyond(bias)
            ));
        }
        for (part, weights) in [
            ("output weights", &self.output_weights),
            ("first-layer weights", &self.input_weights),
        ] {
            if weights.iter().all(|&w| w == 0) {
                return refuse(format!(
                    "its {} {part} are all 0, so it scores every position alike (a training \
                     that diverged to NaN writes such a network: NaN is rounded to 0)",
                    weights.len()
                ));
            }
        }
        Ok(())
    }
}

// The loops the network spends its time in, plainly: the reference for the vector
// instructions of `simd` (which the network calls, and which calls these where the processor
// has no AVX2, and for the tail of a length not a multiple of 16).

/// `out = from − the rows of weights numbered in removed + those numbered in added`, element
/// by element (16-bit, wrapping, see [`add`]): an accumulator counted from the biases and the
/// rows of the pieces on the board, or updated from its parent's. `weights` holds rows as long
/// as `out`, one after another (the first layer); `from` is as long as `out`.
pub(super) fn accumulate(
    out: &mut [i16],
    from: &[i16],
    weights: &[i16],
    removed: &[u16],
    added: &[u16],
) {
    let len = out.len();
    let row = |feature: u16| &weights[usize::from(feature) * len..][..len];
    out.copy_from_slice(from);
    for &feature in removed {
        subtract(out, row(feature));
    }
    for &feature in added {
        add(out, row(feature));
    }
}

/// `sums += row`, element by element (16-bit, wrapping: a loaded network's sums stay inside
/// the range, [`Network::check_usable`], and wrapping keeps the loop free of checks so it
/// vectorises).
#[inline]
pub(super) fn add(sums: &mut [i16], row: &[i16]) {
    for (sum, &weight) in sums.iter_mut().zip(row) {
        *sum = sum.wrapping_add(weight);
    }
}

/// `sums -= row`, element by element (see [`add`]).
#[inline]
pub(super) fn subtract(sums: &mut [i16], row: &[i16]) {
    for (sum, &weight) in sums.iter_mut().zip(row) {
        *sum = sum.wrapping_sub(weight);
    }
}

// ANCHOR: weighed
/// One view's sums, each clipped to `[0, QA]` (the clipped ReLU), times its weights, added up.
#[inline]
pub(super) fn weighed(sums: &[i16], weights: &[i16]) -> i32 {
    sums.iter()
        .zip(weights)
        .map(|(&sum, &weight)| i32::from(sum).clamp(0, QA) * i32::from(weight))
        .sum()
}
// ANCHOR_END: weighed

/// Up to `N` features, with no heap: the rows an accumulator is counted or updated with.
/// In 16 bits (there are [`FEATURES`], 768), so that making one for a refresh clears 128
/// bytes, not 512: a refresh makes two, and the search some hundred thousand a second.
struct FeatureList<const N: usize> {
    features: [u16; N],
    len: usize,
}

impl<const N: usize> FeatureList<N> {
    /// The first `N` of `features` (a caller's `N` is the most there can be: 64 pieces on a
    /// board, [`MOST_CHANGES`] in a list of changes). Always inlined: left to itself the
    /// compiler made it a call, four to an update, which cost a tenth of the update.
    #[inline(always)]
    fn collect(features: impl Iterator<Item = usize>) -> FeatureList<N> {
        let mut list = FeatureList {
            features: [0; N],
            len: 0,
        };
        for (slot, feature) in list.features.iter_mut().zip(features) {
            // A feature is below FEATURES, so it fits.
            *slot = feature as u16;
            list.len += 1;
        }
        list
    }

    fn as_slice(&self) -> &[u16] {
        &self.features[..self.len]
    }
}

/// Little-endian numbers read off the front of a byte slice.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, count: usize) -> Option<&'a [u8]> {
        if self.0.len() < count {
            return None;
        }
        let (front, rest) = self.0.split_at(count);
        self.0 = rest;
        Some(front)
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }

    fn i32(&mut self) -> Option<i32> {
        Some(i32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }

    fn i16s(&mut self, count: usize) -> Option<Vec<i16>> {
        let bytes = self.take(count.checked_mul(2)?)?;
        Some(
            bytes
                .chunks_exact(2)
                .map(|pair| i16::from_le_bytes([pair[0], pair[1]]))
                .collect(),
        )
    }
}

/// The 64-bit FNV-1a hash of `bytes`: a fingerprint that tells two files (a network, a run's
/// openings) apart, written in the headers that record them.
pub fn fnv1a(bytes: impl IntoIterator<Item = u8>) -> u64 {
    bytes.into_iter().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    /// A network of small random weights (the same for the same seed).
    pub(crate) fn random_network(hidden: usize, seed: u64) -> Network {
        let mut rng = SplitMix64::new(seed);
        let mut small = |count: usize, range: usize| -> Vec<i16> {
            (0..count)
                .map(|_| (rng.below(2 * range + 1) as i64 - range as i64) as i16)
                .collect()
        };
        let input_weights = small(FEATURES * hidden, 40);
        let input_biases = small(hidden, 100);
        let output_weights = small(2 * hidden, 60);
        Network::new(hidden, input_weights, input_biases, output_weights, 1234).unwrap()
    }

    #[test]
    fn a_file_reads_back_as_the_same_network() {
        let network = random_network(16, 3);
        let bytes = network.to_bytes();
        assert_eq!(bytes.len(), 12 + 2 * (768 + 3) * 16 + 4);
        assert_eq!(Network::from_bytes(&bytes).unwrap(), network);
    }

    #[test]
    fn a_bad_file_says_what_is_wrong() {
        let bytes = random_network(16, 3).to_bytes();
        let message = |bytes: &[u8]| Network::from_bytes(bytes).unwrap_err().to_string();
        assert!(message(b"NOPE").contains("does not start with SLNN"));
        assert!(message(&bytes[..100]).contains("ends inside the first layer's weights"));
        assert!(message(&bytes[..bytes.len() - 2]).contains("before the output bias"));
        let mut long = bytes.clone();
        long.push(0);
        assert!(message(&long).contains("1 bytes too many"));
        let mut version = bytes;
        version[4] = 9;
        assert!(message(&version).contains("layout version 9"));
    }

    #[test]
    fn weights_no_training_makes_are_refused_by_name() {
        let network = random_network(4, 7);
        let message = |network: &Network| {
            let error = Network::from_bytes(&network.to_bytes()).unwrap_err();
            error.to_string()
        };
        // What a training gone to NaN wrote: NaN rounds to 0, every output weight with it.
        let nan = Network {
            output_weights: vec![0; 8],
            ..network.clone()
        };
        let said = message(&nan);
        assert!(said.contains("its 8 output weights are all 0"), "{said}");
        let blank = Network {
            input_weights: vec![0; FEATURES * 4],
            ..network.clone()
        };
        assert!(message(&blank).contains("first-layer weights are all 0"));
        // What an infinity rounds to, in the first layer's rows and in its biases.
        let mut infinite = network.clone();
        infinite.input_weights[2 * 4 + 1] = i16::MAX;
        let said = message(&infinite);
        assert!(
            said.contains("weight of feature 2, unit 1 is 32767, beyond ±992"),
            "{said}"
        );
        let mut infinite = network.clone();
        infinite.input_biases[3] = i16::MIN;
        assert!(message(&infinite).contains("bias of unit 3 is -32768"));
        // The limit itself is allowed, and the shipped networks load.
        infinite.input_biases[3] = -FIRST_LAYER_LIMIT;
        assert!(Network::from_bytes(&infinite.to_bytes()).is_ok());
        for shipped in [
            &include_bytes!("../../../../assets/nnue/default.nnue")[..],
            &include_bytes!("../../../../assets/nnue/gen2.nnue")[..],
            &include_bytes!("../../../../assets/nnue/gen1.nnue")[..],
        ] {
            assert!(Network::from_bytes(shipped).is_ok());
        }
    }

    #[test]
    fn the_score_is_the_same_for_a_position_and_its_mirror() {
        let network = random_network(32, 5);
        let (board, mirrored) = crate::eval::features::tests::mirrored_pair();
        assert_eq!(network.evaluate(&board), network.evaluate(&mirrored));
        assert_ne!(network.evaluate(&board), 0, "a random network has opinions");
    }

    /// `board`'s accumulator and score by the plain loops alone (never by [`simd`]): the
    /// reference the network's own code, vectorised where the processor allows, must equal.
    fn plain_score(network: &Network, board: &Board) -> (Accumulator, i32) {
        let mut accumulator = network.empty_accumulator();
        for view in [Color::White, Color::Black] {
            let active: Vec<u16> = features::active(board, view).map(|f| f as u16).collect();
            let (biases, rows) = (&network.input_biases, &network.input_weights);
            accumulate(accumulator.view_mut(view), biases, rows, &[], &active);
        }
        let us = board.side_to_move();
        let (ours, theirs) = network.output_weights();
        let sum = weighed(accumulator.view(us), ours)
            + weighed(accumulator.view(!us), theirs)
            + network.output_bias;
        let score = (i64::from(sum) * i64::from(SCALE) / i64::from(QA * QB)) as i32;
        (accumulator, score)
    }

    #[test]
    fn the_vector_code_scores_as_the_plain_code_does() {
        // The positions of random games, under random networks whose hidden sizes are and are
        // not multiples of 16 (below and above the 128 sums the vector code holds in
        // registers), and the shipped network of 128:
        // counted from scratch, updated move by move, and scored, the network's own code gives
        // exactly the plain loops' accumulators and scores. Where the processor has AVX2 the
        // network's code is the AVX2 code (`simd::tests` checks it is chosen).
        let mut networks: Vec<Network> = [1, 15, 17, 64, 257]
            .into_iter()
            .map(|hidden| random_network(hidden, hidden as u64))
            .collect();
        networks.push(Network::from_bytes(crate::eval::neural::DEFAULT_NETWORK).unwrap());
        let mut rng = SplitMix64::new(2024);
        let (mut positions, mut differ) = (0, 0);
        for game in 0..300 {
            let network = &networks[game % networks.len()];
            let mut board = Board::default();
            let (mut accumulator, start) = plain_score(network, &board);
            let mut before = network.empty_accumulator();
            for _ in 0..120 {
                let moves: Vec<chess::ChessMove> = chess::MoveGen::new_legal(&board).collect();
                if moves.is_empty() {
                    break;
                }
                let after = board.make_move_new(moves[rng.below(moves.len())]);
                std::mem::swap(&mut before, &mut accumulator);
                let changes = features::changes(&board, &after).expect("one move's changes");
                network.update(&before, &changes, &mut accumulator);
                board = after;
                let (plain, score) = plain_score(network, &board);
                assert_eq!(accumulator, plain, "updated, {board}");
                let mut refreshed = network.empty_accumulator();
                network.refresh(&board, &mut refreshed);
                assert_eq!(refreshed, plain, "refreshed, {board}");
                assert_eq!(network.evaluate(&board), score, "{board}");
                positions += 1;
                differ += usize::from(score != start);
            }
        }
        assert!(positions > 10_000, "{positions}");
        assert!(differ > positions / 2, "the scores are not all alike");
    }

    #[test]
    fn a_board_of_more_than_32_pieces_is_counted_whole() {
        // No game reaches it, but a FEN can: 64 pieces, each one's row added (up to 64 are
        // gathered for a refresh, one per square).
        use std::str::FromStr;
        let network = random_network(17, 9);
        let fen =
            "kbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBK w - - 0 1";
        let board = Board::from_str(fen).expect("a board the crate reads");
        assert_eq!(board.combined().popcnt(), 64);
        let mut accumulator = network.empty_accumulator();
        network.refresh(&board, &mut accumulator);
        let (plain, score) = plain_score(&network, &board);
        assert_eq!(accumulator, plain);
        assert_eq!(network.evaluate(&board), score);
    }

    #[test]
    fn the_output_is_the_weighed_clipped_sums() {
        // One hidden unit: the sums of the two views are the bias plus each piece's weight.
        let mut input_weights = vec![0; FEATURES];
        // Our king on its own square (e1 from White's view, e8 from Black's) weighs 300, so
        // the start's sums are 100 + 300 from both views, clipped to QA = 255.
        input_weights[5 * 64 + 4] = 300;
        let network = Network::new(1, input_weights, vec![100], vec![64, -32], 0).unwrap();
        // Side to move: 255 · 64 (QB is 64), opponent: 255 · −32; the sum is QA · QB / 2: half
        // a unit.
        assert_eq!(network.evaluate(&Board::default()), SCALE / 2);
    }
}
