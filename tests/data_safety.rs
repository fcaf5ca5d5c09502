//! Issue 43's data findings, through the real binary: the commands that write a user's files
//! (`datagen`, `train`) refuse what would spoil them, and leave them as they were; a network
//! that a training gone to NaN wrote is refused where it is loaded (`--eval-file`, UCI's
//! `EvalFile`).

use searchlab::lab::datagen::{read_progress, FILE_HEADER};
use searchlab::lab::train::{FloatNetwork, TrainConfig, Trainer};
use std::path::{Path, PathBuf};
use std::process::Output;
mod common;
#[path = "common/uci_driver.rs"]
mod uci_driver;

use common::{ok, searchlab};
use uci_driver::Uci;

const SAMPLE: &str = "assets/selfplay/selfplay-sample.txt";

/// An empty folder of this test's own under the target folder.
fn folder(name: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("data-safety")
        .join(name);
    let _ = std::fs::remove_dir_all(&path);
    std::fs::create_dir_all(&path).expect("a scratch folder");
    path
}

fn text(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// Asserts the command failed with status 1 and returns what it said on stderr.
fn refused(out: &Output) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

/// `datagen` on the path with tiny settings and `more` arguments.
fn datagen(path: &Path, more: &[&str]) -> Output {
    let args = [&["datagen", text(path), "--threads", "1"][..], more].concat();
    searchlab(&args)
}

#[test]
fn datagen_leaves_a_file_that_is_not_its_own_as_it_was() {
    let dir = folder("not-its-own");
    let notes = dir.join("notes.md");
    std::fs::copy("README.md", &notes).expect("a copy of the README");
    let before = std::fs::read(&notes).unwrap();
    let out = datagen(
        &notes,
        &["--stage", "parallel", "--games", "1", "--nodes", "100"],
    );
    let said = refused(&out);
    let named = format!("{} is not a datagen file", notes.display());
    assert!(said.contains(&named), "{said}");
    assert!(
        said.contains("data line 1: a data file starts with"),
        "{said}"
    );
    assert_eq!(std::fs::read(&notes).unwrap(), before, "byte for byte");
    // An empty file (as `touch` makes it) holds nothing to lose: it is a new one.
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "").unwrap();
    assert!(datagen(&empty, &["--games", "1", "--nodes", "100"])
        .status
        .success());
    let made = std::fs::read_to_string(&empty).unwrap();
    assert!(
        made.starts_with(&format!("{FILE_HEADER}\n# nodes 100 ")),
        "{made}"
    );
    assert_eq!(read_progress(&made).unwrap().games.len(), 1);
}

#[test]
fn datagen_resumes_only_with_the_settings_its_header_records() {
    let dir = folder("settings");
    let data = dir.join("data.txt");
    let settings = ["--nodes", "200", "--seed", "3"];
    assert!(datagen(&data, &[&["--games", "1"][..], &settings].concat())
        .status
        .success());
    let before = std::fs::read(&data).unwrap();
    let openings = dir.join("openings.epd");
    std::fs::write(
        &openings,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n",
    )
    .unwrap();
    let cases: [(&[&str], &str); 4] = [
        (
            &["--nodes", "300", "--seed", "3"],
            "--nodes is 200 in the file, 300 in this run",
        ),
        (
            &["--nodes", "200", "--seed", "4"],
            "--seed is 3 in the file, 4 in this run",
        ),
        (
            &["--nodes", "200", "--seed", "3", "--random-plies", "2"],
            "--random-plies is 4 in the file, 2 in this run",
        ),
        (
            &[
                "--nodes",
                "200",
                "--seed",
                "3",
                "--openings",
                text(&openings),
            ],
            "--openings is `the 500 compiled in (500 positions, FNV-1a ",
        ),
    ];
    for (asked, difference) in cases {
        let said = refused(&datagen(&data, &[&["--games", "2"][..], asked].concat()));
        assert!(said.contains(&format!(
            "{} was played with other settings",
            data.display()
        )));
        assert!(said.contains(difference), "{said}");
        assert_eq!(std::fs::read(&data).unwrap(), before, "left as it was");
    }
    // The header's own settings resume it.
    assert!(datagen(&data, &[&["--games", "2"][..], &settings].concat())
        .status
        .success());
    let resumed = std::fs::read(&data).unwrap();
    assert!(resumed.starts_with(&before));
    let resumed = String::from_utf8(resumed).unwrap();
    assert_eq!(read_progress(&resumed).unwrap().games.len(), 2);

    // The committed sample, from the first version of the format: its header records nodes,
    // random plies and seed, but neither openings (so any are accepted) nor the engine (stage
    // 9's). It still reads, is resumed with its settings, and refused with others.
    let sample = dir.join("sample.txt");
    std::fs::copy(SAMPLE, &sample).unwrap();
    let before = std::fs::read(&sample).unwrap();
    let own = ["--stage", "parallel", "--games", "0", "--openings"];
    let out = ok(&[&["datagen", text(&sample)][..], &own, &[text(&openings)]].concat());
    assert!(out.contains("now holds 67 games, 4003 positions"), "{out}");
    let said = refused(&datagen(
        &sample,
        &["--stage", "parallel", "--nodes", "4000"],
    ));
    assert!(
        said.contains("--nodes is 5000 in the file, 4000 in this run"),
        "{said}"
    );
    assert_eq!(std::fs::read(&sample).unwrap(), before, "left as it was");
}

#[test]
fn datagen_names_a_line_it_cannot_read() {
    let dir = folder("bad-line");
    let data = dir.join("data.txt");
    assert!(datagen(&data, &["--games", "1", "--nodes", "200"])
        .status
        .success());
    let good = std::fs::read_to_string(&data).unwrap();
    let game_line = good
        .lines()
        .position(|line| line.starts_with("# game "))
        .expect("a game");
    // The file with `line` put after the game's header: the run names it (the line after the
    // header's, counted from 1) and leaves the file as it was.
    let named = |line: &str, expected: &str| {
        let mut lines: Vec<&str> = good.lines().collect();
        lines.insert(game_line + 1, line);
        let spoiled = lines.join("\n") + "\n";
        std::fs::write(&data, &spoiled).unwrap();
        let said = refused(&datagen(&data, &["--games", "2", "--nodes", "200"]));
        assert!(said.contains(&format!(
            "{} has a line datagen cannot read",
            data.display()
        )));
        let number = format!("data line {}: ", game_line + 2);
        assert!(said.contains(&(number + expected)), "{said}");
        assert!(said.contains(&format!("`{line}`")), "{said}");
        assert_eq!(std::fs::read_to_string(&data).unwrap(), spoiled);
    };
    named("hello world", "expected 'FEN | score | result'");
    named("8/8/8/8 w - - 0 1 | 12 | 0.5", "bad FEN");
}

/// `train` on the shipped sample with tiny settings and `more` arguments.
fn train(more: &[&str]) -> Output {
    let tiny = [
        "train",
        SAMPLE,
        "--hidden",
        "1",
        "--epochs",
        "1",
        "--threads",
        "1",
    ];
    searchlab(&[&tiny[..], more].concat())
}

#[test]
fn train_checks_where_it_writes_before_training() {
    let dir = folder("train-output");
    let checkpoint = dir.join("run.checkpoint");
    let missing = dir.join("no-such-folder").join("net.nnue");
    let out = train(&[
        "--output",
        text(&missing),
        "--checkpoint",
        text(&checkpoint),
    ]);
    let said = refused(&out);
    assert!(
        said.contains(&format!(
            "--output {}: the folder {} does not exist",
            missing.display(),
            dir.join("no-such-folder").display()
        )),
        "{said}"
    );
    // Nothing was trained: no line of the run was printed, and the checkpoint that every epoch
    // writes was not.
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    assert!(!checkpoint.exists());
    let said = refused(&train(&["--output", text(&dir)]));
    assert!(said.contains("it is a folder"), "{said}");
    let said = refused(&train(&[
        "--output",
        text(&dir.join("net.nnue")),
        "--checkpoint",
        text(&missing),
    ]));
    assert!(said.starts_with("error: --checkpoint "), "{said}");
    assert!(!dir.join("net.nnue").exists(), "the probe leaves nothing");
    // A user's file at --output is left as it was by a run that is refused.
    let kept = dir.join("kept.nnue");
    std::fs::write(&kept, "a user's file").unwrap();
    refused(&train(&["--output", text(&kept), "--rate", "nan"]));
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "a user's file");
}

#[test]
fn train_refuses_settings_that_are_not_finite() {
    let dir = folder("train-settings");
    let output = dir.join("net.nnue");
    for (setting, says) in [
        (
            "--rate=nan",
            "--rate must be a finite number above 0, not NaN",
        ),
        (
            "--rate=inf",
            "--rate must be a finite number above 0, not inf",
        ),
        ("--rate=0", "--rate must be a finite number above 0, not 0"),
        (
            "--rate=-0.01",
            "--rate must be a finite number above 0, not -0.01",
        ),
        ("--lambda=nan", "--lambda must be between 0 and 1, not NaN"),
        (
            "--lambda=-inf",
            "--lambda must be between 0 and 1, not -inf",
        ),
    ] {
        let said = refused(&train(&["--output", text(&output), setting]));
        assert!(said.contains(says), "{setting}: {said}");
        assert!(!output.exists(), "{setting}");
    }
}

#[test]
fn tune_refuses_settings_that_are_not_finite() {
    let dir = folder("tune-settings");
    let output = dir.join("tuned.rs");
    for (setting, says) in [
        (
            "--rate=nan",
            "--rate must be a finite number above 0, not NaN",
        ),
        ("--lambda=inf", "--lambda must be between 0 and 1, not inf"),
        (
            "--min-presence=nan",
            "--min-presence must be a finite number, 0 or more, not NaN",
        ),
    ] {
        let args = [
            "tune",
            SAMPLE,
            "--epochs",
            "1",
            "--output",
            text(&output),
            setting,
        ];
        let said = refused(&searchlab(&args));
        assert!(said.contains(says), "{setting}: {said}");
        assert!(!output.exists(), "{setting}");
    }
}

/// A checkpoint of a run gone to NaN is what a training that diverged leaves: resumed, it
/// would write a network of NaNs. (The epochs themselves stop such a run too, at the epoch it
/// diverges: `lab::train`'s tests show it, as no finite setting the command takes leads there.)
#[test]
fn train_does_not_resume_a_run_that_diverged() {
    let dir = folder("train-diverged");
    let config = TrainConfig {
        hidden: 1,
        epochs: 1,
        batch: 16384,
        rate: 0.001,
        lambda: 0.25,
        seed: 1,
        threads: 1,
    };
    let mut bytes = Trainer::new(config).to_checkpoint();
    // The first weight (after the 16-byte head) made NaN.
    bytes[16..24].copy_from_slice(&f64::NAN.to_le_bytes());
    let checkpoint = dir.join("run.checkpoint");
    std::fs::write(&checkpoint, &bytes).unwrap();
    let output = dir.join("net.nnue");
    let out = train(&["--output", text(&output), "--checkpoint", text(&checkpoint)]);
    let said = refused(&out);
    assert!(
        said.contains("the checkpoint is of a run that diverged (the first-layer weight of feature 0, unit 0 is NaN)"),
        "{said}"
    );
    assert!(!output.exists());
    assert_eq!(std::fs::read(&checkpoint).unwrap(), bytes);
}

/// The weights file `train --rate nan` wrote before it refused NaN settings: the real network
/// in NaNs, rounded to integers (every NaN to 0).
fn nan_network(dir: &Path) -> PathBuf {
    let weights = vec![f64::NAN; FloatNetwork::weight_count(4)];
    let network = FloatNetwork::from_weights(4, weights).expect("the count fits");
    let path = dir.join("nan.nnue");
    std::fs::write(&path, network.quantize().to_bytes()).unwrap();
    path
}

#[test]
fn eval_file_refuses_a_network_trained_into_nan() {
    let dir = folder("eval-file");
    let nan = nan_network(&dir);
    let said = refused(&searchlab(&[
        "--eval-file",
        text(&nan),
        "search",
        "--depth",
        "1",
    ]));
    assert!(
        said.contains(&format!(
            "--eval-file: {}: network: not a usable network: its 8 output weights are all 0",
            nan.display()
        )),
        "{said}"
    );
    // A sound network (the compiled-in one, written out) still loads.
    let sound = dir.join("sound.nnue");
    std::fs::write(&sound, searchlab::eval::neural::DEFAULT_NETWORK).unwrap();
    ok(&["--eval-file", text(&sound), "search", "--depth", "1"]);
}

#[test]
fn uci_evalfile_refuses_a_network_trained_into_nan_and_says_why() {
    let dir = folder("uci-evalfile");
    let nan = nan_network(&dir);
    let mut uci = Uci::start();
    uci.send("uci");
    uci.send(&format!("setoption name EvalFile value {}", nan.display()));
    // Every line up to `readyok`, within a deadline: a hung engine fails the test.
    let said = uci.sync();
    uci.quit();
    let why = said
        .iter()
        .find(|line| line.starts_with("info string") && line.contains("EvalFile"))
        .unwrap_or_else(|| panic!("no word on EvalFile: {said:?}"));
    assert!(why.contains(&nan.display().to_string()), "{why}");
    assert!(
        why.contains("not a usable network: its 8 output weights are all 0"),
        "{why}"
    );
    assert!(
        !said.iter().any(|line| line.contains("hidden units")),
        "{said:?}"
    );
}
