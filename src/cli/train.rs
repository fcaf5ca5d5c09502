//! `searchlab train DATA --output FILE`: trains the learned evaluation's network on a `datagen`
//! file and writes it as a weights file, with what made it beside it (`FILE.txt`).
use super::output::outln;

use super::progress_bar;
use anyhow::Context;
use searchlab::eval::network::Network;
use searchlab::lab::datagen::{entries, header_lines, Entry};
use searchlab::lab::pgn::today;
use searchlab::lab::train::{EpochReport, TrainConfig, Trainer, TrainingData, LOSS_HEADER};
use searchlab::teach::notebook::thousands;
use std::fmt::Write as _;
use std::fs::OpenOptions;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Arguments of `searchlab train`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The data: `FEN | score | result` lines in games, as `searchlab datagen` writes them
    /// (one file or more).
    #[arg(required = true, num_args = 1..)]
    pub data: Vec<PathBuf>,
    /// Write the network here (a weights file; its record goes to the same name plus `.txt`).
    #[arg(long)]
    pub output: PathBuf,
    /// Hidden units of each view (1 to 1024).
    #[arg(long, default_value_t = 128)]
    pub hidden: usize,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 10)]
    pub epochs: usize,
    /// Positions a step of the optimiser.
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    /// Adam's step size (a tenth of it for the last quarter of the epochs).
    #[arg(long, default_value_t = 0.001)]
    pub rate: f64,
    /// Aim at `lambda · result + (1 − lambda) · sigmoid(score / 400)`: 1 is the game's result
    /// alone, 0 the search's score alone. The default, 0, trained the better network in the
    /// book's neural chapter; a network's record (`FILE.txt`) states the lambda that made it.
    #[arg(long, default_value_t = 0.0)]
    pub lambda: f64,
    /// Picks the starting weights and each epoch's order: the same seed, data and settings
    /// give the same network.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Every game whose number is a multiple of this is held out, to measure the loss on
    /// positions the training never saw (0: none).
    #[arg(long, default_value_t = 20)]
    pub validation_every: usize,
    /// Keep the run here after each epoch; if the file exists, the run resumes from it.
    #[arg(long)]
    pub checkpoint: Option<PathBuf>,
    /// Threads for each batch's gradient [default: every core]; the result does not depend
    /// on them.
    #[arg(long)]
    pub threads: Option<usize>,
}

/// Runs `searchlab train`.
pub fn run(args: Args, json: bool) -> anyhow::Result<()> {
    if !(1..=1024).contains(&args.hidden) {
        anyhow::bail!("--hidden must be between 1 and 1024");
    }
    // `nan` and `inf` read as numbers: every comparison with a NaN is false, so the ranges
    // are written to let none through.
    if !(args.lambda >= 0.0 && args.lambda <= 1.0) {
        anyhow::bail!("--lambda must be between 0 and 1, not {}", args.lambda);
    }
    if !(args.rate > 0.0 && args.rate.is_finite()) {
        anyhow::bail!("--rate must be a finite number above 0, not {}", args.rate);
    }
    if args.epochs == 0 || args.batch == 0 {
        anyhow::bail!("--epochs and --batch must be at least 1");
    }
    // Where the run will write, checked before the data is read and any epoch trained: a run
    // that could not be written at its end would be lost.
    let record_path = PathBuf::from(format!("{}.txt", args.output.display()));
    let mut written = vec![
        ("--output", &args.output),
        ("--output's record", &record_path),
    ];
    written.extend(args.checkpoint.iter().map(|path| ("--checkpoint", path)));
    for (option, path) in &written {
        if args.data.iter().any(|data| same_file(path, data)) {
            anyhow::bail!(
                "{option} {} is a data file: it would be overwritten",
                path.display()
            );
        }
        check_writable(option, path)?;
    }
    if args
        .checkpoint
        .as_ref()
        .is_some_and(|checkpoint| checkpoint == &args.output || same_file(checkpoint, &args.output))
    {
        anyhow::bail!("--checkpoint and --output name the same file");
    }
    let threads = super::threads_or_every_core(args.threads);
    let clock = Instant::now();
    let (mut training, mut validation) = (TrainingData::default(), TrainingData::default());
    let mut sources = Vec::new();
    for path in &args.data {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let (more, held_out) = TrainingData::parse(&text, args.validation_every)
            .with_context(|| format!("in {}", path.display()))?;
        training.append(more);
        validation.append(held_out);
        sources.push((path.display().to_string(), DataSource::of(&text)));
    }
    if training.is_empty() {
        anyhow::bail!("the data holds no positions to train on");
    }
    let config = TrainConfig {
        hidden: args.hidden,
        epochs: args.epochs,
        batch: args.batch,
        rate: args.rate,
        lambda: args.lambda,
        seed: args.seed,
        threads,
    };
    let mut trainer = match &args.checkpoint {
        Some(path) if path.exists() => {
            let bytes =
                std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
            Trainer::from_checkpoint(&bytes, config.clone())
                .with_context(|| format!("resuming from {}", path.display()))?
        }
        _ => Trainer::new(config.clone()),
    };
    if !json {
        outln!(
            "{} positions to train on, {} held out, read in {:.1} s; {} hidden units, {} epochs \
             ({} done), {threads} threads",
            training.len(),
            validation.len(),
            clock.elapsed().as_secs_f64(),
            args.hidden,
            args.epochs,
            trainer.epochs_done
        );
        if let Some(line) = batch_message(args.batch, training.len()) {
            outln!("{line}");
        }
    }
    let mut reports: Vec<EpochReport> = Vec::new();
    let train_clock = Instant::now();
    while trainer.epochs_done < args.epochs {
        let epoch = trainer.epochs_done + 1;
        let bar = progress_bar(
            training.len() as u64,
            &format!(
                "[{{bar:40}}] epoch {epoch}/{}, {{pos}}/{{len}} ({{eta}} left)",
                args.epochs
            ),
        );
        let report = trainer.epoch(&training, &validation, |done, _| {
            bar.set_position(done as u64)
        });
        bar.finish_and_clear();
        if !json {
            outln!(
                "epoch {:>3}: training loss {:.6}, validation loss {:.6} ({:.0} s)",
                report.epoch,
                report.training_loss,
                report.validation_loss,
                train_clock.elapsed().as_secs_f64()
            );
        }
        // A diverged run stops at once: its network and its checkpoint would be NaNs.
        trainer.check_finite(&report)?;
        reports.push(report);
        if let Some(path) = &args.checkpoint {
            write_whole(path, &trainer.to_checkpoint())?;
        }
    }
    let bytes = trainer.network.quantize().to_bytes();
    // What is written is what `--eval-file` would load; a network it refuses is not written.
    Network::from_bytes(&bytes).context("the trained network")?;
    write_whole(&args.output, &bytes)?;
    let timing = Timing {
        seconds: train_clock.elapsed().as_secs_f64(),
        threads,
    };
    let record = record(
        &args,
        &sources,
        (&training, &validation),
        &reports,
        bytes.len(),
        timing,
    );
    write_whole(&record_path, record.as_bytes())?;
    if json {
        let epochs: Vec<_> = reports
            .iter()
            .map(|r| {
                serde_json::json!({
                    "epoch": r.epoch,
                    "training_loss": r.training_loss,
                    "validation_loss": r.validation_loss,
                })
            })
            .collect();
        outln!(
            "{}",
            serde_json::json!({
                "positions": training.len(),
                "held_out": validation.len(),
                "hidden": args.hidden,
                "bytes": bytes.len(),
                "epochs": epochs,
                "seconds": train_clock.elapsed().as_secs_f64(),
            })
        );
    } else {
        outln!(
            "wrote {} ({} bytes) and {}",
            args.output.display(),
            bytes.len(),
            record_path.display()
        );
    }
    Ok(())
}

/// What a user should hear before a run whose batch takes in every training position: one
/// Adam step an epoch, so ten epochs are ten steps and the loss barely moves. The run keeps the
/// batch it was given rather than clamping it: a batch that large is full-batch descent, a
/// fair choice, and the record's `--batch` must be the one that ran, so the command it states
/// makes the same network again.
fn batch_message(batch: usize, positions: usize) -> Option<String> {
    // A single position is one step whatever the batch.
    if batch < positions || positions < 2 {
        return None;
    }
    let size = if batch > positions {
        "larger than"
    } else {
        "as large as"
    };
    // At least ten steps an epoch, in a power of two as batches are usually given.
    let smaller = 1usize << (positions / 10).max(1).ilog2();
    Some(format!(
        "the batch ({}) is {size} the {} training positions: one step an epoch, and the loss \
         will barely move; try --batch {} ({} steps an epoch)",
        thousands(batch as u64),
        thousands(positions as u64),
        thousands(smaller as u64),
        thousands(positions.div_ceil(smaller) as u64)
    ))
}

/// How long the epochs of this run took, and on how many threads.
struct Timing {
    seconds: f64,
    threads: usize,
}

/// What made the network, to keep beside it: the command, the data and the losses. (Epochs
/// run before a resume are not listed: their losses were printed by the earlier run.)
fn record(
    args: &Args,
    sources: &[(String, DataSource)],
    (training, validation): (&TrainingData, &TrainingData),
    reports: &[EpochReport],
    bytes: usize,
    timing: Timing,
) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# Made by: searchlab train {} --output {} --hidden {} --epochs {} --batch {} --rate {} \
         --lambda {} --seed {} --validation-every {}",
        sources
            .iter()
            .map(|(path, _)| path.as_str())
            .collect::<Vec<_>>()
            .join(" "),
        args.output.display(),
        args.hidden,
        args.epochs,
        args.batch,
        args.rate,
        args.lambda,
        args.seed,
        args.validation_every
    );
    let _ = writeln!(
        text,
        "# {} training positions, {} held out; {} hidden units; {bytes} bytes. Date: {}.",
        training.len(),
        validation.len(),
        args.hidden,
        today().replace('.', "-")
    );
    let _ = writeln!(
        text,
        "# Trained in {:.0} s on {} threads (the epochs of this run; reading the data apart).",
        timing.seconds, timing.threads
    );
    for (path, source) in sources {
        for line in &source.header {
            let _ = writeln!(text, "# {path}: {line}");
        }
        let _ = writeln!(
            text,
            "# {path}: {} games, numbered {} to {}.",
            source.games, source.first_game, source.last_game
        );
    }
    let _ = writeln!(text, "{LOSS_HEADER}");
    for report in reports {
        let _ = writeln!(
            text,
            "{}\t{:.6}\t{:.6}",
            report.epoch, report.training_loss, report.validation_loss
        );
    }
    text
}

/// What a data file says of itself: its header (the comments before the first game, which
/// `datagen` writes with its settings) and the numbers of its games.
struct DataSource {
    header: Vec<String>,
    games: usize,
    first_game: usize,
    last_game: usize,
}

impl DataSource {
    fn of(text: &str) -> DataSource {
        let header = header_lines(text)
            .map(|line| line.text.trim_start_matches('#').trim().to_string())
            .collect();
        let numbers: Vec<usize> = entries(text)
            .filter_map(|(_, entry)| match entry {
                Ok(Entry::Game { number, .. }) => Some(number),
                _ => None,
            })
            .collect();
        DataSource {
            header,
            games: numbers.len(),
            first_game: numbers.iter().copied().min().unwrap_or(0),
            last_game: numbers.iter().copied().max().unwrap_or(0),
        }
    }
}

/// Checks that `path` (given by `option`) can be written when the run ends, changing nothing:
/// it is not a folder, its folder exists, and the file can be opened for writing (an existing
/// one is opened without being cut, a new one is made and removed again).
fn check_writable(option: &str, path: &Path) -> anyhow::Result<()> {
    let cannot = |why: String| anyhow::anyhow!("{option} {}: {why}", path.display());
    if path.is_dir() {
        return Err(cannot("it is a folder".to_string()));
    }
    let folder = match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(cannot(format!(
            "the folder {} does not exist; nothing was trained",
            folder.display()
        )));
    }
    let opened = if path.exists() {
        OpenOptions::new().write(true).open(path).map(drop)
    } else {
        OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .and_then(|file| {
                drop(file);
                std::fs::remove_file(path)
            })
    };
    opened.map_err(|error| cannot(format!("cannot be written ({error}); nothing was trained")))
}

/// Writes `bytes` to `path` whole or not at all: into a new file beside it, then renamed over
/// it, so that a failure (a full disk, a stop) leaves the file that was there, not half of
/// the new one. (An existing file is replaced, as `--output` and `--checkpoint` ask.)
fn write_whole(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let partial = path.with_file_name(format!(".{name}.partial-{}", std::process::id()));
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&partial)
        .with_context(|| format!("writing {}", partial.display()))?;
    let written = file
        .write_all(bytes)
        .and_then(|()| file.sync_all())
        .and_then(|()| std::fs::rename(&partial, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&partial); // ours, half written: nothing to keep
    }
    written.with_context(|| format!("writing {}", path.display()))
}

/// Whether two paths name the same existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
