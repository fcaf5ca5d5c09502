//! Building a grading program and running it under a time limit: the two slow or risky steps
//! of a check, kept apart from what a check means ([`super::workspace`]).
//!
//! The first build of a grader compiles searchlab (without its default features) and the
//! dependencies it still needs in the dev profile, about a minute on a small machine, and cargo
//! may first wait for another cargo's lock on `target/` (a `cargo test` running beside it).
//! Both are said on standard error as they happen, so a learner never stares at a silent terminal. The program then runs with a time limit, and is
//! killed when it has used it up: a learner's loop that never ends is a message, not a hang.

use searchlab_engine::error::{Error, Result};
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What building and running a grading program found ([`super::workspace::build_and_run`]).
#[derive(Clone, Debug)]
pub enum Built {
    /// The program ran: whether it exited 0, and what it printed.
    Ran {
        /// Whether it exited 0.
        passed: bool,
        /// Its output, trimmed.
        output: String,
    },
    /// The compiler's errors, at most twelve lines of them.
    DoesNotCompile(String),
    /// The program ran past its time limit and was stopped.
    TimedOut,
}

/// Builds the crate of `dir` into `target` (dev profile). Returns the compiler's errors (at
/// most twelve lines) if it does not compile. `first`: the program was never built, so
/// searchlab's own build may come first, which is said, with a count of crates as they build.
pub fn build(dir: &Path, target: &Path, first: bool) -> Result<Option<String>> {
    let mut child = Command::new(cargo())
        .args(["build", "--message-format", "short", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(target)
        .env("CARGO_TERM_COLOR", "never")
        .env("CARGO_TERM_PROGRESS_WHEN", "never")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| Error::Setting(format!("running cargo: {e}")))?;
    let stderr = child.stderr.take().expect("piped");
    let mut errors = Vec::new();
    let mut compiled = 0;
    let mut said_building = false;
    for line in BufReader::new(stderr).lines().map_while(|l| l.ok()) {
        let line = line.trim().to_string();
        if line.starts_with("Blocking") {
            eprintln!("  cargo: {line} (another cargo, e.g. `cargo test`, is using target/)");
        } else if line.starts_with("Compiling") {
            compiled += 1;
            if first && !said_building {
                said_building = true;
                eprintln!(
                    "  Building the grader: the first check compiles searchlab without its \
                     command line and drawings (about a minute on 2 cores); later checks take \
                     seconds."
                );
            }
            if first && compiled % 20 == 0 {
                eprintln!("  ...{compiled} crates compiled");
            }
        } else if line.contains("error") && errors.len() < 12 {
            errors.push(format!("  {line}"));
        }
    }
    let status = child
        .wait()
        .map_err(|e| Error::Setting(format!("running cargo: {e}")))?;
    if said_building {
        eprintln!("  built ({compiled} crates).");
    }
    Ok((!status.success()).then(|| errors.join("\n")))
}

/// Runs `program` for at most `limit`: its standard output, trimmed, and whether it exited 0;
/// or [`Built::TimedOut`], the program killed.
pub fn run_for(program: &Path, limit: Duration) -> Result<Built> {
    let mut child = Command::new(program)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| Error::Setting(format!("running {}: {e}", program.display())))?;
    let mut stdout = child.stdout.take().expect("piped");
    // Read as it comes, so that a program that prints much never blocks on a full pipe.
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stdout.read_to_end(&mut text);
        text
    });
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if started.elapsed() >= limit => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(e) => {
                return Err(Error::Setting(format!(
                    "waiting for {}: {e}",
                    program.display()
                )))
            }
        }
    };
    let output = reader.join().unwrap_or_default();
    Ok(match status {
        None => Built::TimedOut,
        Some(status) => Built::Ran {
            passed: status.success(),
            output: String::from_utf8_lossy(&output).trim_end().to_string(),
        },
    })
}

/// The cargo that built this program, if known, else the one on the path.
fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string())
}
