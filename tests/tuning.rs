//! Issue 12's facts end to end: `datagen` is reproducible with a seed and a node limit, and
//! resumes without losing or repeating a game; `tune` lowers the error on the shipped sample
//! and writes weights the crate can compile; bad data is named, not panicked on. Issue 44's:
//! where a default does nothing on the sample (`tune`'s `--min-presence`, `train`'s `--batch`),
//! the command says so before it starts.

use searchlab::eval::weights::WEIGHT_COUNT;
use searchlab::eval::{Evaluation, Weights};
use searchlab::lab::datagen::{read_games, read_progress, DataGame, FILE_HEADER};
use searchlab::lab::tune::{fit_k, tune, RealWeights, Schedule, TrainingSet};
use std::path::PathBuf;
mod common;

use common::{ok, searchlab};

const SAMPLE: &str = "assets/selfplay/selfplay-sample.txt";

/// A fresh path under the target folder (removed first).
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// The games of a data file, sorted by game number.
fn games(path: &PathBuf) -> Vec<DataGame> {
    let text = std::fs::read_to_string(path).expect("the data file");
    read_games(&text).expect("whole games")
}

#[test]
fn datagen_is_reproducible_and_resumes() {
    let common = ["--nodes", "400", "--seed", "9", "--random-plies", "3"];
    // Six games on two threads, and the same six on one: the same games.
    let two = scratch("datagen-two.txt");
    let two_str = two.to_str().unwrap();
    ok(&[
        &["datagen", two_str, "--games", "6", "--threads", "2"][..],
        &common[..],
    ]
    .concat());
    let one = scratch("datagen-one.txt");
    let one_str = one.to_str().unwrap();
    ok(&[
        &["datagen", one_str, "--games", "3", "--threads", "1"][..],
        &common[..],
    ]
    .concat());
    // Cut the one-thread file in the middle of its last game, as a stop mid-write would.
    let text = std::fs::read_to_string(&one).unwrap();
    let cut = text.rfind(" | ").expect("a position line");
    std::fs::write(&one, &text[..cut]).unwrap();
    let progress = read_progress(&std::fs::read_to_string(&one).unwrap()).unwrap();
    assert_eq!(progress.games.len(), 2, "the cut game is not whole");
    // Resumed to six games: the cut game is played again, nothing twice.
    let out = ok(&[
        &["datagen", one_str, "--games", "6", "--threads", "1"][..],
        &common[..],
    ]
    .concat());
    assert!(out.contains("now holds 6 games"), "{out}");
    assert_eq!(games(&one), games(&two));
    // Another seed makes other games.
    let other = scratch("datagen-other.txt");
    ok(&[
        "datagen",
        other.to_str().unwrap(),
        "--games",
        "2",
        "--nodes",
        "400",
        "--seed",
        "10",
    ]);
    assert_ne!(games(&other)[0], games(&two)[0]);
}

#[test]
fn one_epoch_lowers_the_error_on_the_sample() {
    let text = std::fs::read_to_string(SAMPLE).expect("the shipped sample");
    let evaluation = Evaluation::with_weights(Weights::initial());
    let set = TrainingSet::parse(&text, &evaluation).expect("the sample reads");
    assert_eq!(set.len() + set.skipped, 4003);
    let start = RealWeights::from_weights(&Weights::initial());
    let k = fit_k(&set, &start, 1);
    assert!(k > 0.001 && k < 0.02, "K = {k}");
    let report = tune(&set, start, k, &Schedule::new(1, 1.0), |_, _, _| {});
    assert_eq!(report.errors.len(), 2);
    assert!(report.errors[1] < report.errors[0], "{:?}", report.errors);
}

#[test]
fn tune_writes_weights_the_crate_reads() {
    let output = scratch("tuned.rs");
    let log = scratch("tune-log.csv");
    let out = ok(&[
        "tune",
        SAMPLE,
        "--epochs",
        "20",
        "--threads",
        "1",
        "--output",
        output.to_str().unwrap(),
        "--log",
        log.to_str().unwrap(),
    ]);
    assert!(out.contains("K = "), "{out}");
    let source = std::fs::read_to_string(&output).unwrap();
    assert!(source.contains("generated, not written by hand"));
    assert!(source.contains("pub const TUNED: [Tapered; WEIGHT_COUNT] = ["));
    assert_eq!(source.matches("t(").count() - 1, WEIGHT_COUNT);
    // The committed weights came out of the same generator: same shape.
    let committed = std::fs::read_to_string("crates/engine/src/eval/tuned.rs").unwrap();
    assert!(committed.contains("generated, not written by hand"));
    assert_eq!(committed.matches("t(").count() - 1, WEIGHT_COUNT);
    let csv = std::fs::read_to_string(&log).unwrap();
    assert_eq!(
        csv.lines().count(),
        1 + 21,
        "a header, the error before, 20 epochs"
    );
}

/// The training error's first and last values, from `tune`'s last line.
fn error_before_after(out: &str) -> (f64, f64) {
    let line = out
        .lines()
        .find(|l| l.starts_with("error "))
        .expect("an error line");
    let words: Vec<&str> = line.split_whitespace().collect();
    (words[1].parse().unwrap(), words[3].parse().unwrap())
}

/// On the shipped sample the default `--min-presence`, made for a million positions, holds
/// every weight, and the run would change nothing: it says so before it starts, and names a
/// bar that frees some. With that bar it says how many values it holds and frees, and the
/// error falls; with a bar that holds none it says nothing of holding.
#[test]
fn tune_says_what_min_presence_holds() {
    let quick = ["tune", SAMPLE, "--epochs", "20", "--threads", "1"];
    let out = ok(&quick);
    assert!(
        out.contains("no weight appears in 20,000 positions (the most any weight has is "),
        "{out}"
    );
    assert!(
        out.contains("every weight is held at its start value and the tuning will change nothing"),
        "{out}"
    );
    let (before, after) = error_before_after(&out);
    assert_eq!(before, after, "{out}");
    let bar = out
        .split("try --min-presence ")
        .nth(1)
        .and_then(|rest| rest.split(", which").next())
        .expect("a bar to try");
    let typed = bar.replace(',', ""); // 1,200 is written for a reader, typed as 1200
    let out = ok(&[&quick[..], &["--min-presence", &typed]].concat());
    let values = 2 * WEIGHT_COUNT;
    let says = format!(
        " of the {values} weight values ({WEIGHT_COUNT} weights, each a middlegame and an endgame \
         value) at their start; "
    );
    assert!(
        out.contains(&format!("--min-presence {bar} holds ")),
        "{out}"
    );
    assert!(out.contains(&says), "{out}");
    assert!(!out.contains("no weight appears"), "{out}");
    let (before, after) = error_before_after(&out);
    assert!(after < before, "{out}");
    let out = ok(&[&quick[..], &["--min-presence", "0"]].concat());
    assert!(
        !out.contains("holds") && !out.contains("no weight appears"),
        "{out}"
    );
}

/// `train`'s default batch, 16,384, takes in every position of the shipped sample: one step an
/// epoch. The run says so and names a batch of ten steps or more; with that batch it says
/// nothing of it. The record states the batch and the lambda that ran, the default 0 included.
#[test]
fn train_says_when_the_batch_takes_every_position() {
    let output = scratch("sample.nnue");
    let record = scratch("sample.nnue.txt");
    let tiny = [
        "train",
        SAMPLE,
        "--output",
        output.to_str().unwrap(),
        "--hidden",
        "1",
        "--epochs",
        "1",
        "--threads",
        "1",
    ];
    let out = ok(&tiny);
    assert!(
        out.contains(
            "the batch (16,384) is larger than the 3,660 training positions: one step an epoch, \
             and the loss will barely move; try --batch 256 (15 steps an epoch)"
        ),
        "{out}"
    );
    let out = ok(&[&tiny[..], &["--batch", "256"]].concat());
    assert!(!out.contains("the batch"), "{out}");
    let made_by = std::fs::read_to_string(&record).unwrap();
    let made_by = made_by.lines().next().unwrap();
    assert!(
        made_by.contains(" --batch 256 --rate 0.001 --lambda 0 "),
        "{made_by}"
    );
}

#[test]
fn bad_data_is_named() {
    let bad = scratch("bad-data.txt");
    std::fs::write(&bad, "# fine\nnot a fen | 0 | 1\n").unwrap();
    let out = searchlab(&["tune", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("data line 2"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let empty = scratch("empty-data.txt");
    std::fs::write(&empty, "# nothing\n").unwrap();
    let out = searchlab(&["tune", empty.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("no positions"));
    let header = scratch("bad-header.txt");
    let text =
        format!("{FILE_HEADER}\n# nodes 5000 random plies 4 seed 1\n# game seven: 1 positions\n");
    std::fs::write(&header, text).unwrap();
    let out = searchlab(&["datagen", header.to_str().unwrap(), "--games", "1"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("data line 3: not a game header"),
        "{stderr}"
    );
}

/// `datagen --stage neural` writes which engine and which network played into the file's
/// header, and a file is resumed only by that engine: games of two engines in one file would
/// be data that no header describes.
#[test]
fn datagen_records_its_engine_and_resumes_only_with_it() {
    let data = scratch("datagen-neural.txt");
    let path = data.to_str().unwrap();
    let first = &[
        "datagen", path, "--games", "1", "--nodes", "300", "--stage", "neural",
    ][..];
    ok(first);
    let text = std::fs::read_to_string(&data).unwrap();
    let engine = text
        .lines()
        .find(|line| line.starts_with("# engine "))
        .expect("an engine line");
    assert!(
        engine.starts_with(
            "# engine neural network the compiled-in network (128 hidden units, FNV-1a "
        ),
        "{engine}"
    );
    assert_eq!(read_progress(&text).unwrap().games.len(), 1);
    // Another engine may not add its games to the file, and the file is left as it was.
    let out = searchlab(&[
        "datagen", path, "--games", "2", "--nodes", "300", "--stage", "parallel",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("played by another engine"), "{stderr}");
    assert!(stderr.contains("this run would be `parallel`"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&data).unwrap(), text);
    // Nor may the default, stage 11, though it plays with the same network.
    let out = searchlab(&["datagen", path, "--games", "2", "--nodes", "300"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("this run would be `modern network the compiled-in network (128 hidden"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&data).unwrap(), text);
    // The same engine resumes it.
    ok(&[
        "datagen", path, "--games", "2", "--nodes", "300", "--stage", "neural",
    ][..]);
    let resumed = std::fs::read_to_string(&data).unwrap();
    assert!(resumed.starts_with(&text));
    assert_eq!(read_progress(&resumed).unwrap().games.len(), 2);
    // A file from before the header named its engine was played by stage 9, the strongest
    // stage then: stage 9 resumes it, the default (stage 11 now) does not.
    let old = scratch("datagen-before-the-engine-line.txt");
    let old_path = old.to_str().unwrap();
    ok(&[
        "datagen", old_path, "--games", "1", "--nodes", "300", "--stage", "parallel",
    ][..]);
    let text: String = std::fs::read_to_string(&old)
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with("# engine "))
        .map(|line| format!("{line}\n"))
        .collect();
    std::fs::write(&old, &text).unwrap();
    let out = searchlab(&["datagen", old_path, "--games", "2", "--nodes", "300"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("its header says `parallel`"), "{stderr}");
    ok(&[
        "datagen", old_path, "--games", "2", "--nodes", "300", "--stage", "parallel",
    ][..]);
    assert_eq!(
        read_progress(&std::fs::read_to_string(&old).unwrap())
            .unwrap()
            .games
            .len(),
        2
    );
    // A stage that does not exist is named.
    let out = searchlab(&["datagen", path, "--stage", "nerual"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nerual"));
}
