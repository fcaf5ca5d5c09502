//! Training the learned evaluation: `searchlab train`.
//!
//! The network of [`searchlab_engine::eval::network`] is learned here from the engine's own games (the
//! data of [`crate::datagen`]: positions with the search's score and the game's result),
//! in real numbers, then rounded to the integers the search uses ([`FloatNetwork::quantize`]).
//! Everything is written out by hand, because the network is small enough for that to be
//! short, and because each step is what the chapter explains.
//!
//! ## The forward pass
//!
//! For a position, with `us` the side to move's features and `them` the opponent's
//! ([`searchlab_engine::eval::features`]), `W` the first layer's rows, `b` its biases, `v` the output
//! weights (`v_us` for the side to move's half, `v_them` for the other) and `c` the output's
//! bias:
//!
//! ```text
//!   s_us   = b + Σ_{f ∈ us}   W[f]        the accumulator, one sum per hidden unit
//!   s_them = b + Σ_{f ∈ them} W[f]
//!   h      = clip(s, 0, 1)                 the clipped ReLU, element by element
//!   y      = v_us · h_us + v_them · h_them + c          the output (1 = SCALE centipawns)
//!   p      = σ(y) = 1 / (1 + e^−y)         the expected score of the side to move
//! ```
//!
//! (σ is the tuner's [`sigmoid`] with `K = 1`: the output is already in units of [`SCALE`]
//! centipawns.)
//!
//! ## The target and the loss
//!
//! Each position is aimed at a blend of what the game's end said and what the search thought
//! (as the Texel tuner's `--lambda`, [`crate::tune`]): `t = λ · result + (1 − λ) ·
//! σ(score / SCALE)`, both from the side to move's view. The loss is the squared error
//! `(p − t)²`, averaged over the positions.
//!
//! ## The gradient, layer by layer
//!
//! Backwards from the loss, each step the chain rule:
//!
//! ```text
//!   ∂L/∂y        = 2 (p − t) · p (1 − p)                       (σ' = p (1 − p))
//!   ∂L/∂v_us[i]  = ∂L/∂y · h_us[i]     ∂L/∂c = ∂L/∂y            (the output layer)
//!   ∂L/∂s_us[i]  = ∂L/∂y · v_us[i]  where 0 < s_us[i] < 1, else 0   (the clip passes or blocks)
//!   ∂L/∂b[i]     = ∂L/∂s_us[i] + ∂L/∂s_them[i]                 (one bias, both views)
//!   ∂L/∂W[f][i] += ∂L/∂s_us[i] for f ∈ us, ∂L/∂s_them[i] for f ∈ them
//! ```
//!
//! Only the rows of the pieces on the board get a gradient: the first layer's backward pass is
//! as sparse as its forward pass. The steps are taken by Adam ([`crate::adam`]) on batches
//! of positions drawn in a shuffled order, one pass over the data an epoch.
//!
//! ## Reproducible
//!
//! The same data, settings and seed give the same network, bit for bit, on any number of
//! threads: the starting weights and each epoch's order come from the seed, and a batch's
//! gradient is summed in [`CHUNKS`] fixed parts, added up in one order, whichever thread made
//! each part.

use crate::adam::Adam;
use crate::datagen::position_lines;
use crate::tune::sigmoid;
use chess::{Board, Color};
use searchlab_engine::error::{Error, Result};
use searchlab_engine::eval::features::{self, FEATURES, MOST_ACTIVE};
use searchlab_engine::eval::network::{Network, QA, QB, SCALE};
use searchlab_engine::games::Chess;
use searchlab_engine::rng::SplitMix64;
use std::thread;

/// No weight grows beyond this, so that the integer network's 16-bit sums cannot overflow (a
/// position sets at most 32 rows: 33 · 1.98 · QA is below 2¹⁵).
pub const WEIGHT_LIMIT: f64 = 1.98;

/// A batch's gradient is summed in this many parts, whatever the number of threads.
pub const CHUNKS: usize = 8;

// ANCHOR: data
/// Training positions: each one's features from White's view, whose move it is, and its two
/// labels from the side to move's view.
#[derive(Clone, Debug, Default)]
pub struct TrainingData {
    /// Every position's White-view features, one position after another.
    features: Vec<u16>,
    positions: Vec<Position>,
}

#[derive(Clone, Copy, Debug)]
struct Position {
    /// The game it comes from.
    game: u32,
    start: u32,
    len: u8,
    white_to_move: bool,
    /// The search's score for the side to move, in units of SCALE centipawns.
    score: f32,
    /// The game's result for the side to move (1, 0.5, 0).
    result: f32,
}
// ANCHOR_END: data

/// A White-view feature as Black sees it: ours and theirs swapped, the board turned round.
fn black_view(feature: usize) -> usize {
    let (side_and_kind, square) = (feature / 64, feature % 64);
    ((side_and_kind + 6) % 12) * 64 + (square ^ 56)
}

/// A position's features from the side to move's view and the opponent's.
#[derive(Clone, Copy, Debug)]
pub struct Views {
    us: [u16; MOST_ACTIVE],
    them: [u16; MOST_ACTIVE],
    len: usize,
}

impl Views {
    /// The side to move's features.
    pub fn us(&self) -> &[u16] {
        &self.us[..self.len]
    }

    /// The opponent's.
    pub fn them(&self) -> &[u16] {
        &self.them[..self.len]
    }

    /// The views of `board` for its side to move.
    pub fn of(board: &Board) -> Views {
        let mut views = Views {
            us: [0; MOST_ACTIVE],
            them: [0; MOST_ACTIVE],
            len: 0,
        };
        let stm = board.side_to_move();
        let pairs = features::active(board, stm).zip(features::active(board, !stm));
        for (i, (us, them)) in pairs.take(MOST_ACTIVE).enumerate() {
            views.us[i] = us as u16;
            views.them[i] = them as u16;
            views.len = i + 1;
        }
        views
    }
}

impl TrainingData {
    /// How many positions there are.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Adds `board` with the search's `score` (centipawns) and the game's `result` (1, 0.5, 0),
    /// both from White's view, as the data file has them.
    pub fn add(&mut self, board: &Board, score: i32, result: f32) {
        self.add_from_game(0, board, score, result);
    }

    fn add_from_game(&mut self, game: usize, board: &Board, score: i32, result: f32) {
        let start = self.features.len() as u32;
        let white = features::active(board, Color::White).take(MOST_ACTIVE);
        self.features.extend(white.map(|f| f as u16));
        let len = (self.features.len() - start as usize) as u8;
        let white_to_move = board.side_to_move() == Color::White;
        let (score, result) = if white_to_move {
            (score, result)
        } else {
            (-score, 1.0 - result)
        };
        self.positions.push(Position {
            game: game as u32,
            start,
            len,
            white_to_move,
            score: score as f32 / SCALE as f32,
            result,
        });
    }

    /// Reads a data file's text (`FEN | score | result` lines in games, see
    /// [`crate::datagen`]) into a training set and a validation set: every game whose
    /// number is a multiple of `validation_every` goes to the second (whole games, so that no
    /// position of a validation game was seen in training), none if it is 0. The positions are
    /// put in the order of their games' numbers, whatever order the games were written in (a
    /// datagen run on many threads writes them as they finish): the same games make the same
    /// network.
    pub fn parse(text: &str, validation_every: usize) -> Result<(TrainingData, TrainingData)> {
        let (mut training, mut validation) = (TrainingData::default(), TrainingData::default());
        for line in position_lines(text) {
            let line = line?;
            let game = Chess::from_fen(line.fen).map_err(|error| Error::DataLine {
                line: line.line,
                reason: error.to_string(),
            })?;
            let set = if validation_every > 0 && line.game % validation_every == 0 {
                &mut validation
            } else {
                &mut training
            };
            set.add_from_game(line.game, game.board(), line.score, line.result);
        }
        for set in [&mut training, &mut validation] {
            set.positions.sort_by_key(|position| position.game); // stable: a game stays in order
        }
        Ok((training, validation))
    }

    /// Adds the positions of `other` (another data file's), keeping the order by game number.
    pub fn append(&mut self, other: TrainingData) {
        let offset = self.features.len() as u32;
        self.features.extend(other.features);
        self.positions
            .extend(other.positions.into_iter().map(|position| Position {
                start: position.start + offset,
                ..position
            }));
        self.positions.sort_by_key(|position| position.game);
    }

    /// The views of position `index`.
    fn views(&self, index: usize) -> Views {
        let position = &self.positions[index];
        let start = position.start as usize;
        let white = &self.features[start..start + position.len as usize];
        let mut views = Views {
            us: [0; MOST_ACTIVE],
            them: [0; MOST_ACTIVE],
            len: white.len(),
        };
        for (i, &feature) in white.iter().enumerate() {
            let black = black_view(feature as usize) as u16;
            let (us, them) = if position.white_to_move {
                (feature, black)
            } else {
                (black, feature)
            };
            views.us[i] = us;
            views.them[i] = them;
        }
        views
    }

    /// What position `index` is aimed at: `lambda` of the game's result, the rest of the
    /// search's score turned into an expected result.
    fn target(&self, index: usize, lambda: f64) -> f64 {
        let position = &self.positions[index];
        lambda * f64::from(position.result)
            + (1.0 - lambda) * sigmoid(1.0, f64::from(position.score))
    }
}

// ANCHOR: float_network
/// The network in real numbers, as it is trained: all its weights in one list, the first
/// layer's rows (one per feature), its biases, the output weights (side to move's half, then
/// the opponent's) and the output's bias.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNetwork {
    hidden: usize,
    weights: Vec<f64>,
}
// ANCHOR_END: float_network

/// A position's first-layer sums from both views (kept from the forward pass for the backward),
/// and room for the loss's derivatives by them (kept from position to position: no memory asked
/// for in the training's inner loop).
#[derive(Clone, Debug)]
struct Sums {
    us: Vec<f64>,
    them: Vec<f64>,
    d_sums: Vec<f64>,
}

impl FloatNetwork {
    /// How many weights a network of `hidden` units has.
    pub fn weight_count(hidden: usize) -> usize {
        FEATURES * hidden + hidden + 2 * hidden + 1
    }

    /// A network of `hidden` units with small random weights drawn from `seed` (the biases
    /// start at 0), so that units start different from each other.
    pub fn random(hidden: usize, seed: u64) -> FloatNetwork {
        let mut rng = SplitMix64::new(seed);
        let mut uniform = |range: f64| {
            let unit = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            (2.0 * unit - 1.0) * range
        };
        let mut weights = vec![0.0; FloatNetwork::weight_count(hidden)];
        let (rows, rest) = weights.split_at_mut(FEATURES * hidden);
        rows.iter_mut().for_each(|w| *w = uniform(0.1));
        let output = &mut rest[hidden..3 * hidden];
        let range = 1.0 / (2.0 * hidden as f64).sqrt();
        output.iter_mut().for_each(|w| *w = uniform(range));
        FloatNetwork { hidden, weights }
    }

    /// The number of hidden units of each view.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Every weight, in the order described at [`FloatNetwork`].
    pub fn weights(&self) -> &[f64] {
        &self.weights
    }

    /// A network from its list of weights; `None` if the count does not fit `hidden`.
    pub fn from_weights(hidden: usize, weights: Vec<f64>) -> Option<FloatNetwork> {
        (weights.len() == FloatNetwork::weight_count(hidden))
            .then_some(FloatNetwork { hidden, weights })
    }

    fn row(&self, feature: usize) -> &[f64] {
        &self.weights[feature * self.hidden..(feature + 1) * self.hidden]
    }

    fn biases(&self) -> &[f64] {
        let start = FEATURES * self.hidden;
        &self.weights[start..start + self.hidden]
    }

    fn output_weights(&self) -> &[f64] {
        let start = (FEATURES + 1) * self.hidden;
        &self.weights[start..start + 2 * self.hidden]
    }

    fn output_bias(&self) -> f64 {
        self.weights[self.weights.len() - 1]
    }

    // ANCHOR: forward
    /// The forward pass: the output `y` (1 = SCALE centipawns) of a position whose features
    /// are `views`, keeping the first layer's sums in `sums` for the backward pass.
    fn forward(&self, views: &Views, sums: &mut Sums) -> f64 {
        for (sums, features) in [(&mut sums.us, views.us()), (&mut sums.them, views.them())] {
            sums.copy_from_slice(self.biases());
            for &feature in features {
                for (sum, weight) in sums.iter_mut().zip(self.row(feature as usize)) {
                    *sum += weight;
                }
            }
        }
        let clipped = |sum: &f64| sum.clamp(0.0, 1.0);
        let (v_us, v_them) = self.output_weights().split_at(self.hidden);
        let weighed = |sums: &[f64], v: &[f64]| -> f64 {
            sums.iter().map(clipped).zip(v).map(|(h, v)| h * v).sum()
        };
        weighed(&sums.us, v_us) + weighed(&sums.them, v_them) + self.output_bias()
    }
    // ANCHOR_END: forward

    // ANCHOR: backward
    /// The backward pass: adds to `gradient` (laid out as the weights) what one position adds
    /// to the loss's gradient, given `d_output`, the loss's derivative by the output, and the
    /// sums of its forward pass.
    fn backward(&self, views: &Views, sums: &mut Sums, d_output: f64, gradient: &mut [f64]) {
        let hidden = self.hidden;
        let (rows, rest) = gradient.split_at_mut(FEATURES * hidden);
        let (d_biases, rest) = rest.split_at_mut(hidden);
        let (d_output_weights, d_output_bias) = rest.split_at_mut(2 * hidden);
        d_output_bias[0] += d_output;
        let (v_us, v_them) = self.output_weights().split_at(hidden);
        let (d_v_us, d_v_them) = d_output_weights.split_at_mut(hidden);
        let Sums { us, them, d_sums } = sums;
        let views = [
            (&*us, v_us, d_v_us, views.us()),
            (&*them, v_them, d_v_them, views.them()),
        ];
        for (sums, v, d_v, features) in views {
            // The output layer's weights, and the sums through the clip.
            for i in 0..hidden {
                let sum = sums[i];
                d_v[i] += d_output * sum.clamp(0.0, 1.0);
                d_sums[i] = if sum > 0.0 && sum < 1.0 {
                    d_output * v[i]
                } else {
                    0.0
                };
                d_biases[i] += d_sums[i];
            }
            // The first layer: only the rows of the pieces on the board.
            for &feature in features {
                let start = feature as usize * hidden;
                for (d_w, d_sum) in rows[start..start + hidden].iter_mut().zip(d_sums.iter()) {
                    *d_w += d_sum;
                }
            }
        }
    }
    // ANCHOR_END: backward

    /// The loss of position `index` of `data` and, with a `gradient` to add to, its gradient.
    fn loss(
        &self,
        data: &TrainingData,
        index: usize,
        lambda: f64,
        sums: &mut Sums,
        gradient: Option<&mut [f64]>,
    ) -> f64 {
        let views = data.views(index);
        let p = sigmoid(1.0, self.forward(&views, sums));
        let target = data.target(index, lambda);
        if let Some(gradient) = gradient {
            let d_output = 2.0 * (p - target) * p * (1.0 - p);
            self.backward(&views, sums, d_output, gradient);
        }
        (p - target) * (p - target)
    }

    fn sums(&self) -> Sums {
        Sums {
            us: vec![0.0; self.hidden],
            them: vec![0.0; self.hidden],
            d_sums: vec![0.0; self.hidden],
        }
    }

    /// The network's score of `board` for the side to move, in centipawns (real).
    pub fn evaluate(&self, board: &Board) -> f64 {
        self.forward(&Views::of(board), &mut self.sums()) * f64::from(SCALE)
    }

    /// The mean loss over `data` (0 if it is empty), on `threads` threads.
    pub fn mean_loss(&self, data: &TrainingData, lambda: f64, threads: usize) -> f64 {
        let indices: Vec<u32> = (0..data.len() as u32).collect();
        let total = self.summed(data, &indices, lambda, threads, None);
        total / data.len().max(1) as f64
    }

    /// The summed loss of the positions `indices`, and, with `gradients` (one list per chunk),
    /// their summed gradient in `gradients[0]`: [`CHUNKS`] parts made on up to `threads`
    /// threads and added in one order.
    fn summed(
        &self,
        data: &TrainingData,
        indices: &[u32],
        lambda: f64,
        threads: usize,
        gradients: Option<&mut [Vec<f64>]>,
    ) -> f64 {
        let part = indices.len().div_ceil(CHUNKS).max(1);
        let parts: Vec<&[u32]> = indices.chunks(part).collect();
        let mut losses = vec![0.0; parts.len()];
        let mut no_gradients: Vec<Vec<f64>> = vec![Vec::new(); parts.len()];
        let gradients = match gradients {
            Some(gradients) => gradients,
            None => &mut no_gradients,
        };
        let mut work: Vec<(&[u32], &mut f64, &mut Vec<f64>)> = parts
            .iter()
            .zip(losses.iter_mut())
            .zip(gradients.iter_mut())
            .map(|((part, loss), gradient)| (*part, loss, gradient))
            .collect();
        let per_thread = work.len().div_ceil(threads.max(1)).max(1);
        thread::scope(|scope| {
            for share in work.chunks_mut(per_thread) {
                scope.spawn(move || {
                    let mut sums = self.sums();
                    for (part, loss, gradient) in share.iter_mut() {
                        let keeps_gradient = !gradient.is_empty();
                        gradient.iter_mut().for_each(|g| *g = 0.0);
                        for &index in part.iter() {
                            let gradient = keeps_gradient.then_some(gradient.as_mut_slice());
                            **loss += self.loss(data, index as usize, lambda, &mut sums, gradient);
                        }
                    }
                });
            }
        });
        if gradients.first().is_some_and(|g| !g.is_empty()) {
            let (first, rest) = gradients.split_at_mut(1);
            for other in rest.iter().take(parts.len() - 1) {
                for (g, o) in first[0].iter_mut().zip(other) {
                    *g += o;
                }
            }
        }
        losses.iter().sum()
    }

    /// The first weight that is not a finite number, named (`the first-layer bias of unit 3
    /// is NaN`); `None` if all are finite. Clipping keeps an infinity out but not a NaN, and a
    /// NaN spreads to every weight a position moves: no network is made of such weights.
    pub fn non_finite_weight(&self) -> Option<String> {
        let index = self.weights.iter().position(|w| !w.is_finite())?;
        let (hidden, rows) = (self.hidden, FEATURES * self.hidden);
        let which = match index {
            i if i < rows => format!(
                "the first-layer weight of feature {}, unit {}",
                i / hidden,
                i % hidden
            ),
            i if i < rows + hidden => format!("the first-layer bias of unit {}", i - rows),
            i if i < rows + 3 * hidden => format!("output weight {}", i - rows - hidden),
            _ => "the output bias".to_string(),
        };
        Some(format!("{which} is {}", self.weights[index]))
    }

    /// Keeps every weight within ±[`WEIGHT_LIMIT`].
    fn clip(&mut self) {
        for w in &mut self.weights {
            *w = w.clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT);
        }
    }

    /// The real network an integer one stands for (each weight divided by its scale): the
    /// compiled-in network's losses can then be measured as a trained one's are.
    pub fn from_network(network: &Network) -> FloatNetwork {
        let hidden = network.hidden();
        let mut weights = Vec::with_capacity(FloatNetwork::weight_count(hidden));
        let first = |w: &i16| f64::from(*w) / f64::from(QA);
        for feature in 0..FEATURES {
            weights.extend(network.row(feature).iter().map(first));
        }
        weights.extend(network.biases().iter().map(first));
        let (ours, theirs) = network.output_weights();
        let output = |w: &i16| f64::from(*w) / f64::from(QB);
        weights.extend(ours.iter().chain(theirs).map(output));
        weights.push(f64::from(network.output_bias()) / f64::from(QA * QB));
        FloatNetwork { hidden, weights }
    }

    // ANCHOR: quantize
    /// The network in integers for the search: the first layer times [`QA`], the output
    /// weights times [`QB`], the output bias times both, each rounded to the nearest.
    pub fn quantize(&self) -> Network {
        let round = |w: f64, scale: i32| (w * f64::from(scale)).round();
        let hidden = self.hidden;
        let first: Vec<i16> = self.weights[..(FEATURES + 1) * hidden]
            .iter()
            .map(|&w| round(w, QA) as i16)
            .collect();
        let (input_weights, input_biases) = first.split_at(FEATURES * hidden);
        let output_weights = self.output_weights().iter().map(|&w| round(w, QB) as i16);
        let output_bias = round(self.output_bias(), QA * QB) as i32;
        Network::new(
            hidden,
            input_weights.to_vec(),
            input_biases.to_vec(),
            output_weights.collect(),
            output_bias,
        )
        .expect("the sizes of a float network fit")
    }
    // ANCHOR_END: quantize
}

/// The settings of a training run.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainConfig {
    /// Hidden units of each view.
    pub hidden: usize,
    /// Passes over the training data.
    pub epochs: usize,
    /// Positions a step.
    pub batch: usize,
    /// Adam's step size at the start (it falls to a tenth for the last quarter of the epochs).
    pub rate: f64,
    /// The weight of the game's result in the target; the rest is the search's score.
    pub lambda: f64,
    /// Picks the starting weights and each epoch's order.
    pub seed: u64,
    /// Threads that work out each batch's gradient (the result does not depend on them).
    pub threads: usize,
}

/// What an epoch of training did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochReport {
    /// Its number, from 1.
    pub epoch: usize,
    /// The mean loss over the training positions, as the batches saw them.
    pub training_loss: f64,
    /// The mean loss over the validation positions after the epoch (NaN if there are none).
    pub validation_loss: f64,
}

/// The header of the loss table in the record `searchlab train` writes beside a network: a
/// line per epoch follows it, the epoch and its two losses, tab-separated.
pub const LOSS_HEADER: &str = "epoch\ttraining_loss\tvalidation_loss";

/// The losses of every epoch a training record lists (the lines after [`LOSS_HEADER`]); an
/// error names a line that is not an epoch and its two losses, or a record without the table.
pub fn read_losses(record: &str) -> Result<Vec<EpochReport>> {
    let mut lines = record.lines().enumerate();
    if !lines.any(|(_, line)| line.trim_end() == LOSS_HEADER) {
        return Err(Error::Setting(format!(
            "a training record has a table of losses headed '{LOSS_HEADER}'; this one has none"
        )));
    }
    lines
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(number, line)| {
            let fields: Vec<&str> = line.split('\t').collect();
            let bad = || {
                Error::Setting(format!(
                    "line {} of a training record: '{line}' is not an epoch and its two losses",
                    number + 1
                ))
            };
            let [epoch, training, validation] = fields[..] else {
                return Err(bad());
            };
            Ok(EpochReport {
                epoch: epoch.parse().map_err(|_| bad())?,
                training_loss: training.parse().map_err(|_| bad())?,
                validation_loss: validation.parse().map_err(|_| bad())?,
            })
        })
        .collect()
}

/// A training run in progress: the network, the optimiser, and how many epochs are done.
#[derive(Clone, Debug, PartialEq)]
pub struct Trainer {
    /// The network as trained so far.
    pub network: FloatNetwork,
    adam: Adam,
    /// Epochs done.
    pub epochs_done: usize,
    /// The settings.
    pub config: TrainConfig,
}

/// What a checkpoint file starts with.
const CHECKPOINT_MAGIC: &[u8; 4] = b"SLCK";

impl Trainer {
    /// A new run: random weights from the seed, a fresh optimiser.
    pub fn new(config: TrainConfig) -> Trainer {
        let network = FloatNetwork::random(config.hidden, config.seed);
        let adam = Adam::new(network.weights.len(), config.rate);
        Trainer {
            network,
            adam,
            epochs_done: 0,
            config,
        }
    }

    /// The step size of epoch `epoch` (from 0): the rate, a tenth of it for the last quarter.
    fn rate(&self, epoch: usize) -> f64 {
        if 4 * epoch >= 3 * self.config.epochs {
            self.config.rate / 10.0
        } else {
            self.config.rate
        }
    }

    // ANCHOR: epoch
    /// One pass over `data` in an order drawn from the seed and the epoch's number, one Adam
    /// step a batch; `progress(done, total)` is told after each batch.
    pub fn epoch(
        &mut self,
        data: &TrainingData,
        validation: &TrainingData,
        mut progress: impl FnMut(usize, usize),
    ) -> EpochReport {
        let epoch = self.epochs_done;
        let mut order: Vec<u32> = (0..data.len() as u32).collect();
        let mut rng = SplitMix64::new(self.config.seed ^ (epoch as u64 + 1) << 32);
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        self.adam.rate = self.rate(epoch);
        let count = self.network.weights.len();
        let mut gradients = vec![vec![0.0; count]; CHUNKS];
        let mut total_loss = 0.0;
        let batch = self.config.batch.max(1);
        for (done, indices) in order.chunks(batch).enumerate() {
            let threads = self.config.threads;
            let network = &self.network;
            let lambda = self.config.lambda;
            total_loss += network.summed(data, indices, lambda, threads, Some(&mut gradients));
            let gradient = &mut gradients[0];
            let scale = 1.0 / indices.len() as f64;
            gradient.iter_mut().for_each(|g| *g *= scale);
            self.adam.step(&mut self.network.weights, gradient);
            self.network.clip();
            progress(((done + 1) * batch).min(data.len()), data.len());
        }
        self.epochs_done += 1;
        let lambda = self.config.lambda;
        let validation_loss = if validation.is_empty() {
            f64::NAN
        } else {
            self.network
                .mean_loss(validation, lambda, self.config.threads)
        };
        EpochReport {
            epoch: self.epochs_done,
            training_loss: total_loss / data.len().max(1) as f64,
            validation_loss,
        }
    }
    // ANCHOR_END: epoch

    /// Whether the run may go on after the epoch that made `report`: an error naming the epoch
    /// if the training diverged (its loss, or a weight, is not a finite number), so that a
    /// caller stops there and writes no network of it (and no checkpoint).
    pub fn check_finite(&self, report: &EpochReport) -> Result<()> {
        let what = match self.network.non_finite_weight() {
            Some(weight) => weight,
            None if !report.training_loss.is_finite() => {
                format!("the training loss is {}", report.training_loss)
            }
            None => return Ok(()),
        };
        Err(Error::Setting(format!(
            "the training diverged at epoch {}: {what}; nothing of this epoch is written (a \
             smaller --rate may help)",
            report.epoch
        )))
    }

    /// The run as a checkpoint file: `SLCK`, the hidden size, the epochs done and Adam's steps
    /// (32-bit little-endian), then the weights and Adam's two running means (64-bit floats).
    pub fn to_checkpoint(&self) -> Vec<u8> {
        let (steps, mean, square) = self.adam.state();
        let mut bytes = Vec::new();
        bytes.extend_from_slice(CHECKPOINT_MAGIC);
        for number in [self.config.hidden as u32, self.epochs_done as u32] {
            bytes.extend_from_slice(&number.to_le_bytes());
        }
        bytes.extend_from_slice(&steps.to_le_bytes());
        for list in [&self.network.weights[..], mean, square] {
            for value in list {
                bytes.extend_from_slice(&value.to_le_bytes());
            }
        }
        bytes
    }

    /// A run resumed from a checkpoint ([`Trainer::to_checkpoint`]) with `config` (whose
    /// hidden size must be the checkpoint's).
    pub fn from_checkpoint(bytes: &[u8], config: TrainConfig) -> Result<Trainer> {
        let bad = |what: &str| Error::Setting(format!("not a training checkpoint: {what}"));
        let (head, body) = bytes.split_at_checked(16).ok_or_else(|| bad("too short"))?;
        if &head[..4] != CHECKPOINT_MAGIC {
            return Err(bad("it does not start with SLCK"));
        }
        let word = |at: usize| u32::from_le_bytes(head[at..at + 4].try_into().expect("4 bytes"));
        let (hidden, epochs_done, steps) = (word(4) as usize, word(8) as usize, word(12) as i32);
        if hidden != config.hidden {
            return Err(Error::Setting(format!(
                "the checkpoint's network has {hidden} hidden units, the settings ask for {}",
                config.hidden
            )));
        }
        let count = FloatNetwork::weight_count(hidden);
        if body.len() != 3 * 8 * count {
            return Err(bad("its size does not fit its hidden units"));
        }
        let floats: Vec<f64> = body
            .chunks_exact(8)
            .map(|b| f64::from_le_bytes(b.try_into().expect("8 bytes")))
            .collect();
        let (weights, moments) = floats.split_at(count);
        let (mean, square) = moments.split_at(count);
        let adam = Adam::from_state(config.rate, steps, mean.to_vec(), square.to_vec())
            .ok_or_else(|| bad("Adam's state"))?;
        let network = FloatNetwork::from_weights(hidden, weights.to_vec())
            .ok_or_else(|| bad("the weights"))?;
        // A run that diverged is not resumed: it would only write a network of NaNs.
        let diverged = network.non_finite_weight().or_else(|| {
            let odd = moments.iter().find(|m| !m.is_finite())?;
            Some(format!("one of Adam's running means is {odd}"))
        });
        if let Some(what) = diverged {
            return Err(Error::Setting(format!(
                "the checkpoint is of a run that diverged ({what}): it cannot be resumed"
            )));
        }
        Ok(Trainer {
            network,
            adam,
            epochs_done,
            config,
        })
    }
}

#[cfg(test)]
mod tests;
