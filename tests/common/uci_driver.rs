//! A chess GUI's side of UCI, for the tests: the real binary driven over its stdin and stdout.
//! Every read has a deadline, so a hung engine fails a test instead of hanging it. Included
//! by the UCI test files (`#[path]`); each uses part of it.
#![allow(dead_code)]

use searchlab::Chess;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Generous for a loaded CI machine; a healthy engine answers in milliseconds.
pub const PROMPT: Duration = Duration::from_secs(5);

/// A running `searchlab uci` process.
pub struct Uci {
    pub child: Child,
    /// `None` once closed (the GUI closed the pipe).
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Uci {
    /// Starts `searchlab uci`.
    pub fn start() -> Uci {
        Uci::start_with(&["uci"])
    }

    /// Starts `searchlab ARGS` (as a GUI that gives the engine these arguments).
    pub fn start_with(args: &[&str]) -> Uci {
        let mut child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the searchlab binary starts");
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Uci {
            child,
            stdin: Some(stdin),
            lines,
        }
    }

    pub fn send(&mut self, line: &str) {
        self.write(format!("{line}\n").as_bytes());
    }

    pub fn write(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("the input is open");
        stdin.write_all(bytes).expect("the engine reads its input");
        stdin.flush().expect("the engine reads its input");
    }

    /// Closes the engine's input, as a GUI that exits or dies does.
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line, or `None` if none comes within `timeout`.
    pub fn next_line(&self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => Some(line),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => panic!("the engine closed its output"),
        }
    }

    /// Reads lines until one satisfies `done`; returns all of them, that one last.
    pub fn read_until(&self, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(line) => {
                    let finished = done(&line);
                    seen.push(line);
                    if finished {
                        return seen;
                    }
                }
                None => panic!("no expected line within {timeout:?}; got {seen:?}"),
            }
        }
    }

    /// Sends `isready` and waits for `readyok`; returns the lines before it.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until(PROMPT, |l| l == "readyok");
        lines.pop();
        lines
    }

    /// Waits for `bestmove`; returns the info lines and the move text.
    pub fn bestmove(&self, timeout: Duration) -> (Vec<String>, String) {
        let mut lines = self.read_until(timeout, |l| l.starts_with("bestmove "));
        let last = lines.pop().unwrap_or_default();
        let mv = last["bestmove ".len()..]
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_string();
        (lines, mv)
    }

    /// Sends `quit` and checks the process exits cleanly, promptly.
    pub fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + PROMPT;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait works") {
                assert!(status.success(), "exit status {status}");
                return;
            }
            assert!(Instant::now() < deadline, "the engine did not exit on quit");
            thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn assert_legal(game: &Chess, mv: &str) {
    assert!(
        game.parse_uci(mv).is_ok(),
        "bestmove {mv} is not legal in {}",
        game.fen()
    );
}
