//! `searchlab tune DATA`: Texel's method on a `datagen` file; writes the tuned weights as the
//! Rust source the crate compiles in.
use super::output::outln;

use super::progress_bar;
use anyhow::Context;
use searchlab::eval::{Evaluation, Weights};
use searchlab::lab::datagen::{first_positions, split_games};
use searchlab::lab::tune::{
    fit_k, mean_squared_error, presence, tune, weights_source, Holding, RealWeights, Schedule,
    TrainingSet,
};
use searchlab::teach::notebook::thousands;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// Where the tuning starts.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// The hand-set weights (`Weights::initial`).
    Hand,
    /// Every weight 0: tuning from scratch.
    Zero,
}

/// Arguments of `searchlab tune`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The data: `FEN | score | result` lines, as `searchlab datagen` writes them.
    pub data: PathBuf,
    /// Full passes over the data (one Adam step each).
    #[arg(long, default_value_t = 500)]
    pub epochs: usize,
    /// Adam's step size, about the most a weight moves in one epoch (centipawns).
    #[arg(long, default_value_t = 1.0)]
    pub rate: f64,
    /// Where to start: the hand-set weights or all zeros.
    #[arg(long, value_enum, default_value_t = Start::Hand)]
    pub from: Start,
    /// Write the tuned weights here as Rust source (the engine's is
    /// crates/engine/src/eval/tuned.rs).
    #[arg(long)]
    pub output: Option<PathBuf>,
    /// Write the error after each epoch here (CSV: epoch,error), for a plot.
    #[arg(long)]
    pub log: Option<PathBuf>,
    /// Hold every weight whose feature the data shows in fewer positions than this (counted
    /// by phase share: a middlegame weight seen in an endgame counts little); they keep their
    /// starting values instead of fitting the noise of a few games. The default suits about a
    /// million positions (it did best on the held-out games there); lower it for less data.
    #[arg(long, default_value_t = 20000.0)]
    pub min_presence: f64,
    /// Aim at `lambda · result + (1 − lambda) · sigmoid(K · score)`: 1 is the game's result
    /// alone (Texel's method), lower values trust the search's score more.
    #[arg(long, default_value_t = 1.0)]
    pub lambda: f64,
    /// Use only the first this many positions of the file.
    #[arg(long)]
    pub limit: Option<usize>,
    /// The share of the games (the file's last ones) held out of the tuning, to measure the
    /// error on positions the tuner never saw: over-fitting shows as a gap.
    #[arg(long, default_value_t = 0.1)]
    pub holdout: f64,
    /// Threads for the error and the gradient [default: every core].
    #[arg(long)]
    pub threads: Option<usize>,
}

/// Runs `searchlab tune`.
pub fn run(args: Args, json: bool) -> anyhow::Result<()> {
    let threads = super::threads_or_every_core(args.threads);
    let clock = Instant::now();
    let text = std::fs::read_to_string(&args.data)
        .with_context(|| format!("reading {}", args.data.display()))?;
    let text = match args.limit {
        // Cut after the limit's position line, so the whole file need not be parsed.
        Some(limit) => first_positions(&text, limit),
        None => &text,
    };
    if !(0.0..1.0).contains(&args.holdout) {
        anyhow::bail!("--holdout must be at least 0 and below 1");
    }
    // `nan` and `inf` read as numbers, and every comparison with a NaN is false: the checks
    // are written to let none through.
    if !(args.rate > 0.0 && args.rate.is_finite()) {
        anyhow::bail!("--rate must be a finite number above 0, not {}", args.rate);
    }
    if !(args.lambda >= 0.0 && args.lambda <= 1.0) {
        anyhow::bail!("--lambda must be between 0 and 1, not {}", args.lambda);
    }
    if !(args.min_presence >= 0.0 && args.min_presence.is_finite()) {
        anyhow::bail!(
            "--min-presence must be a finite number, 0 or more, not {}",
            args.min_presence
        );
    }
    // The features are the hand-set evaluation's terms (all on): the weights change, not them.
    let evaluation = Evaluation::with_weights(Weights::initial());
    let (train_text, test_text) = split_games(text, args.holdout);
    let mut set = TrainingSet::parse(train_text, &evaluation)
        .with_context(|| format!("in {}", args.data.display()))?;
    // The held-out part's line numbers start after the training part's.
    let test = TrainingSet::parse(test_text, &evaluation)
        .map_err(|error| anyhow::anyhow!("{error} (counted from the held-out games)"))
        .with_context(|| format!("in {}", args.data.display()))?;
    if set.is_empty() {
        anyhow::bail!("{} holds no positions to tune on", args.data.display());
    }
    let load_seconds = clock.elapsed().as_secs_f64();
    let hand = RealWeights::from_weights(&Weights::initial());
    // K is fitted to the hand-set weights either way: all-zero weights predict 0.5 whatever K.
    let k = fit_k(&set, &hand, threads);
    if !(0.0..=1.0).contains(&args.lambda) {
        anyhow::bail!("--lambda must be between 0 and 1");
    }
    // The held-out positions keep their results: the question is always how well games are
    // predicted.
    set.blend_with_scores(k, args.lambda);
    let start = match args.from {
        Start::Hand => hand,
        Start::Zero => RealWeights::zero(),
    };
    if !json {
        outln!(
            "{} positions to tune on, {} held out ({} skipped: a lone king driven), read in \
             {load_seconds:.1} s; K = {k:.6}",
            set.len(),
            test.len(),
            set.skipped + test.skipped
        );
    }
    let holding = Holding::of(&presence(&set), args.min_presence);
    if !json {
        if let Some(line) = holding_message(&holding, args.min_presence) {
            outln!("{line}");
        }
    }
    let bar = progress_bar(
        args.epochs as u64,
        "[{bar:40}] epoch {pos}/{len}, {msg} ({eta} left)",
    );
    let tune_clock = Instant::now();
    let schedule = Schedule {
        epochs: args.epochs,
        rate: args.rate,
        threads,
        min_presence: args.min_presence,
    };
    let report = tune(&set, start, k, &schedule, |epoch, error, _| {
        bar.set_message(format!("error {error:.6}"));
        bar.set_position(epoch as u64);
        if !json && (epoch % 50 == 0 || epoch == args.epochs) {
            bar.println(format!("epoch {epoch:>5}: error {error:.6}"));
        }
    });
    bar.finish_and_clear();
    let tune_seconds = tune_clock.elapsed().as_secs_f64();
    let before = report.errors.first().copied().unwrap_or(0.0);
    let after = report.errors.last().copied().unwrap_or(0.0);
    let (test_before, test_after) = if test.is_empty() {
        (None, None)
    } else {
        let start = match args.from {
            Start::Hand => RealWeights::from_weights(&Weights::initial()),
            Start::Zero => RealWeights::zero(),
        };
        (
            Some(mean_squared_error(&test, &start, k, threads)),
            Some(mean_squared_error(&test, &report.weights, k, threads)),
        )
    };
    if let Some(path) = &args.log {
        let mut csv = String::from("epoch,error\n");
        for (epoch, error) in report.errors.iter().enumerate() {
            csv.push_str(&format!("{epoch},{error}\n"));
        }
        std::fs::write(path, csv).with_context(|| format!("writing {}", path.display()))?;
    }
    if let Some(path) = &args.output {
        let from = match args.from {
            Start::Hand => "hand",
            Start::Zero => "zero",
        };
        let provenance = vec![
            "Made by:".to_string(),
            String::new(),
            "```text".to_string(),
            format!(
                "searchlab tune {} --epochs {} --rate {} --from {from} --min-presence {} \
                 --holdout {} --lambda {}{} --output {}",
                args.data.display(),
                args.epochs,
                args.rate,
                args.min_presence,
                args.holdout,
                args.lambda,
                args.limit.map_or(String::new(), |n| format!(" --limit {n}")),
                path.display()
            ),
            "```".to_string(),
            String::new(),
            format!(
                "{} positions, K = {k:.6}; mean squared error {before:.6} before, {after:.6} after.",
                set.len()
            ),
        ];
        let mut provenance = provenance;
        if let (Some(b), Some(a)) = (test_before, test_after) {
            provenance.push(format!(
                "On {} held-out positions: {b:.6} before, {a:.6} after.",
                test.len()
            ));
        }
        let source = weights_source(&report.weights.to_weights(), &provenance);
        let mut file =
            std::fs::File::create(path).with_context(|| format!("writing {}", path.display()))?;
        file.write_all(source.as_bytes())?;
    }
    if json {
        outln!(
            "{}",
            serde_json::json!({
                "positions": set.len(),
                "skipped": set.skipped,
                "k": k,
                "error_before": before,
                "error_after": after,
                "held_out": test.len(),
                "held_out_error_before": test_before,
                "held_out_error_after": test_after,
                "epochs": args.epochs,
                "weight_values_held": holding.held,
                "weight_values_free": holding.free,
                "load_seconds": load_seconds,
                "tune_seconds": tune_seconds,
            })
        );
    } else {
        if let (Some(b), Some(a)) = (test_before, test_after) {
            outln!("held-out error {b:.6} -> {a:.6}");
        }
        outln!(
            "error {before:.6} -> {after:.6} in {} epochs, {tune_seconds:.1} s{}",
            args.epochs,
            args.output.as_ref().map_or(String::new(), |p| format!(
                "; weights written to {}",
                p.display()
            ))
        );
    }
    Ok(())
}

/// What a user should hear of `min_presence` before a run: nothing when it holds no weight;
/// how many weight values it holds and frees when it holds some; and when it holds every one,
/// that the run will change nothing, and a bar that frees the tenth the data shows most.
/// (The default stays 20,000 rather than following the data's size: the tuning chapter's
/// measurements used it, and they must come out the same.)
fn holding_message(holding: &Holding, min_presence: f64) -> Option<String> {
    if holding.held == 0 {
        return None;
    }
    let bar = number(min_presence);
    if holding.free == 0 {
        return Some(format!(
            "no weight appears in {bar} positions (the most any weight has is {}): every weight \
             is held at its start value and the tuning will change nothing; try \
             --min-presence {}, which frees the tenth of the weights this data shows most",
            number(holding.most.round()),
            number(round_down_to_two_digits(holding.top_tenth))
        ));
    }
    Some(format!(
        "--min-presence {bar} holds {} of the {} weight values ({} weights, each a middlegame \
         and an endgame value) at their start; {} are free to move",
        thousands(holding.held as u64),
        thousands((holding.held + holding.free) as u64),
        thousands(((holding.held + holding.free) / 2) as u64),
        thousands(holding.free as u64)
    ))
}

/// `x` as a person writes it: a whole number with commas between groups of three digits
/// (`20,000`), anything else as Rust prints it.
fn number(x: f64) -> String {
    if x.fract() == 0.0 && (0.0..1e15).contains(&x) {
        thousands(x as u64)
    } else {
        x.to_string()
    }
}

/// `x` (0 or more) rounded down to two significant digits, `187.3` → 180 and `2,345` → 2,300:
/// a bar easy to type that frees no fewer weights than `x` itself.
fn round_down_to_two_digits(x: f64) -> f64 {
    if !(x >= 1.0 && x.is_finite()) {
        return 0.0;
    }
    let unit = 10f64.powi((x.log10().floor() as i32 - 1).max(0));
    (x / unit).floor() * unit
}
