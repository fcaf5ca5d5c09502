//! Issue 43's data findings, through the real binary: the commands that write a user's files
//! (`datagen`, `train`) refuse what would spoil them, and leave them as they were; a network
//! that a training gone to NaN wrote is refused where it is loaded (`--eval-file`, UCI's
//! `EvalFile`).

use searchlab::lab::train::FloatNetwork;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
mod common;

use common::{ok, searchlab};

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
    let mut child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the searchlab binary starts");
    let stdout = child.stdout.take().expect("stdout is piped");
    let (sender, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let commands = format!(
        "uci\nsetoption name EvalFile value {}\nisready\n",
        nan.display()
    );
    stdin.write_all(commands.as_bytes()).unwrap();
    stdin.flush().unwrap();
    // Every line up to `readyok`, within a deadline: a hung engine fails the test.
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut said = Vec::new();
    while said.last().is_none_or(|line| line != "readyok") {
        let left = deadline.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) => said.push(line),
            Err(_) => panic!("no readyok within 10 s: {said:?}"),
        }
    }
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    child.wait().expect("the engine exits");
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
