//! Output that cannot be written: a reader that goes away (`searchlab bench | head -1`) ends a
//! command quietly with status 0, as `head` users expect; any other failure (a full disk) is an
//! `error:` line and status 1. Never a panic. The real binary, with a reader that closes early.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

/// Runs `searchlab ARGS` (in the repository), reads one line of its output, then closes the
/// pipe; returns the line, the exit status and what it wrote to standard error.
fn read_one_line_then_close(args: &[&str]) -> (String, Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut first = String::new();
    {
        let stdout = child.stdout.take().expect("piped");
        BufReader::new(stdout)
            .read_line(&mut first)
            .expect("a line");
        // The reader is dropped here: the pipe is closed, as `head -1` closes it.
    }
    let output = child.wait_with_output().expect("the binary ends");
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    (first, output.status.code(), stderr)
}

#[test]
fn a_reader_that_goes_away_ends_every_command_quietly() {
    for args in [
        &["bench"][..],
        &["compare", "--depth", "2", "--chart", "/dev/null"],
        &["search", "--depth", "6"],
        &["perft", "--divide", "--depth", "3"],
        &["exercise", "list"],
    ] {
        let (first, status, stderr) = read_one_line_then_close(args);
        assert!(!first.is_empty(), "{args:?}: no first line");
        assert_eq!(status, Some(0), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn files_are_all_written_whoever_reads_the_list() {
    // `exercise skeletons` writes ten files and lists each: a reader that goes after the first
    // name must not cost the other nine. (In a scratch checkout, not this one.)
    let repo = std::env::temp_dir().join(format!("searchlab-skeletons-{}", std::process::id()));
    std::fs::create_dir_all(repo.join("exercises")).expect("a scratch folder");
    std::fs::create_dir_all(repo.join("crates/engine/src/search")).expect("a scratch folder");
    std::fs::write(repo.join("Cargo.toml"), "").expect("a scratch file");
    let repo_arg = repo.to_string_lossy().to_string();
    let (first, status, stderr) =
        read_one_line_then_close(&["exercise", "--repo", &repo_arg, "skeletons"]);
    assert!(first.ends_with(".rs\n"), "{first}");
    assert_eq!(status, Some(0), "{stderr}");
    let written = std::fs::read_dir(repo.join("exercises"))
        .expect("the exercises folder")
        .filter(|entry| {
            entry
                .as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "rs"))
        })
        .count();
    assert_eq!(written, searchlab::teach::exercise::EXERCISES.len());
    let _ = std::fs::remove_dir_all(&repo);
}

#[test]
fn a_gui_that_closes_its_end_ends_the_engine_quietly() {
    // `uci` answers many lines; the reader takes the first and goes.
    let mut child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("piped");
    let stdout = child.stdout.take().expect("piped");
    use std::io::Write;
    writeln!(stdin, "uci").expect("the engine reads");
    let mut first = String::new();
    BufReader::new(stdout)
        .read_line(&mut first)
        .expect("a line");
    // The output is closed now; the engine finds out on its next line, then the input ends.
    writeln!(stdin, "uci\ngo depth 3").expect("the engine reads");
    drop(stdin);
    let output = child.wait_with_output().expect("the engine ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(first.starts_with("id name searchlab"), "{first}");
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_an_error_not_a_panic() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("Linux has /dev/full");
    let output = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(["perft", "--depth", "2"])
        .stdout(full)
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with("error: writing to standard output: No space left on device"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}
