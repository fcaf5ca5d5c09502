//! What several test files share: running the real `searchlab` binary.

use std::process::{Command, Output};

/// Runs `searchlab ARGS`.
pub fn searchlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(args)
        .output()
        .expect("the searchlab binary runs")
}

/// Runs `searchlab ARGS`, asserts success, returns stdout.
pub fn ok(args: &[&str]) -> String {
    let out = searchlab(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "searchlab {args:?} failed: {stderr}");
    String::from_utf8(out.stdout).expect("utf-8 output")
}
