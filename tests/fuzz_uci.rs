//! Property tests for the UCI layer: whatever a GUI (or a cat on the keyboard) sends,
//! [`parse_command`] never panics, and the whole loop never panics, never stops answering and
//! never sends a `bestmove` that is not legal in the position it was asked about.
//!
//! Case counts: `PROPTEST_CASES` (default 256) sets the scale: the parser properties run 4×
//! that many cases, the whole-loop properties 1/8 as many (each case is a whole session of up
//! to 24 lines, with real searches). `FUZZ_UCI_SECONDS=N` ends each property after `N`
//! seconds, for a time-bounded run; the number of inputs tried is printed (`--nocapture`):
//!
//! ```text
//! PROPTEST_CASES=10000000 FUZZ_UCI_SECONDS=15 cargo test --test fuzz_uci -- --nocapture --test-threads=1
//! ```
//!
//! The generated streams switch stages and ask for long fixed depths (`go depth 30` with
//! minimax would take years): every session, unless it quit, then sends `stop` and `isready`,
//! which must bring `readyok` promptly, and `go depth 2` on a fresh position, which must bring a
//! legal move. Nothing in a stream can hang the engine.

mod properties;

use properties::check_uci_line;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestError, TestRunner};
use searchlab::positions::KIWIPETE;
use searchlab::uci::{parse_command, run, Command};
use searchlab::{Chess, Game};
use std::io::{self, BufReader, Read, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::{Duration, Instant};

/// Inputs tried, by all properties of this file (lines for the parser, sessions for the loop).
static PARSED_LINES: AtomicU64 = AtomicU64::new(0);
static SESSIONS: AtomicU64 = AtomicU64::new(0);
static SESSION_LINES: AtomicU64 = AtomicU64::new(0);
static BESTMOVES: AtomicU64 = AtomicU64::new(0);

const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    KIWIPETE,
    "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
    "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2",
    "8/P7/8/8/8/8/8/k6K w - - 99 80",
];

/// A whole generated session must end within this (they take milliseconds).
const SESSION_LIMIT: Duration = Duration::from_secs(20);

/// After `stop`, `readyok` must come within this; after `go depth 2`, `bestmove` (a healthy
/// engine takes milliseconds; this is generous for a loaded machine).
const PROMPT: Duration = Duration::from_secs(5);

/// What every session that did not quit ends with: the engine must still answer.
const AFTERWARDS: [&str; 4] = [
    "stop",
    "isready",
    "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "go depth 2",
];

const BAD_NUMBERS: &[&str] = &[
    "0",
    "-1",
    "abc",
    "",
    "1e3",
    "3.5",
    "18446744073709551616",
    "99999999999999999999999",
    "65",
    "-",
];

/// The message of the "failure" that ends a time-bounded property (not a real failure).
const TIME_UP: &str = "FUZZ_UCI_SECONDS reached";

/// When `FUZZ_UCI_SECONDS` is set, a property stops that many seconds after it started.
struct Deadline(Option<Instant>);

impl Deadline {
    fn start() -> Deadline {
        Deadline(
            std::env::var("FUZZ_UCI_SECONDS")
                .ok()
                .and_then(|s| s.parse::<u64>().ok())
                .map(|s| Instant::now() + Duration::from_secs(s)),
        )
    }

    /// Ends the property (as a "failure" that [`finish`] recognises) once time is up.
    fn check(&self) -> Result<(), TestCaseError> {
        match self.0 {
            Some(deadline) if Instant::now() >= deadline => Err(TestCaseError::fail(TIME_UP)),
            _ => Ok(()),
        }
    }
}

/// Reports the counts, and fails the test on any failure other than the time running out.
fn finish<T: std::fmt::Debug>(name: &str, outcome: Result<(), TestError<T>>) {
    report(name);
    match outcome {
        Ok(()) => {}
        Err(TestError::Fail(reason, _)) if reason.message() == TIME_UP => {}
        Err(error) => panic!("{error}"),
    }
}

fn cases(scale_num: u32, scale_den: u32) -> u32 {
    (Config::default().cases * scale_num / scale_den).max(1)
}

fn runner(cases: u32) -> TestRunner {
    TestRunner::new(Config {
        cases,
        failure_persistence: None,
        // A hung session costs SESSION_LIMIT per shrinking step: bound the shrinking.
        max_shrink_time: 120_000,
        ..Config::default()
    })
}

// ---------------------------------------------------------------------------------------------
// Generators

/// A value for a `go` parameter: mostly a small valid one, sometimes a bad one.
fn go_value(valid: BoxedStrategy<String>) -> BoxedStrategy<String> {
    prop_oneof![
        5 => valid,
        1 => proptest::sample::select(BAD_NUMBERS).prop_map(str::to_string),
    ]
    .boxed()
}

fn go_line() -> BoxedStrategy<String> {
    let num = |lo: i64, hi: i64| (lo..=hi).prop_map(|n| n.to_string()).boxed();
    let param = prop_oneof![
        3 => go_value(num(1, 3)).prop_map(|v| format!("depth {v}")),
        1 => go_value(num(20, 30)).prop_map(|v| format!("depth {v}")),
        2 => go_value(num(1, 3000)).prop_map(|v| format!("nodes {v}")),
        3 => go_value(num(1, 25)).prop_map(|v| format!("movetime {v}")),
        2 => go_value(num(-50, 250)).prop_map(|v| format!("wtime {v}")),
        2 => go_value(num(-50, 250)).prop_map(|v| format!("btime {v}")),
        1 => go_value(num(0, 30)).prop_map(|v| format!("winc {v}")),
        1 => go_value(num(0, 30)).prop_map(|v| format!("binc {v}")),
        1 => go_value(num(0, 5)).prop_map(|v| format!("movestogo {v}")),
        1 => Just("infinite".to_string()),
        1 => Just("ponder".to_string()),
        1 => Just("searchmoves e2e4 d2d4".to_string()),
        1 => Just("mate 2".to_string()),
    ];
    let clock = (-50i64..250, -50i64..250).prop_map(|(w, b)| format!("wtime {w} btime {b}"));
    prop_oneof![
        2 => go_value(num(20, 30)).prop_map(|v| format!("go depth {v}")),
        8 => proptest::collection::vec(param.clone(), 1..4)
            .prop_map(|params| format!("go depth 3 {}", params.join(" "))),
        4 => (clock, proptest::collection::vec(param, 0..2))
            .prop_map(|(clock, params)| format!("go {clock} {}", params.join(" "))),
        4 => go_value(num(1, 25)).prop_map(|v| format!("go movetime {v}")),
    ]
    .boxed()
}

/// `position ...` with a random legal walk (sometimes with an illegal or mangled move).
fn position_line() -> BoxedStrategy<String> {
    let start = prop_oneof![
        Just(None),
        proptest::sample::select(FENS).prop_map(|f| Some(f.to_string())),
    ];
    let walk = proptest::collection::vec(any::<usize>(), 0..12);
    let junk_move = prop_oneof![
        6 => Just(None),
        1 => proptest::sample::select(&["e2e5", "a1a1", "zz", "e7e8q", "0000", "e1g1"][..])
            .prop_map(Some),
    ];
    (start, walk, junk_move)
        .prop_map(|(fen, walk, junk)| {
            let mut game = match &fen {
                Some(f) => Chess::from_fen(f).unwrap_or_default(),
                None => Chess::start(),
            };
            let mut moves = Vec::new();
            for choice in walk {
                let legal = game.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = legal[choice % legal.len()];
                moves.push(mv.to_string());
                game.play(mv);
            }
            if let Some(j) = junk {
                moves.push(j.to_string());
            }
            let setup = match fen {
                Some(f) => format!("fen {f}"),
                None => "startpos".to_string(),
            };
            if moves.is_empty() {
                format!("position {setup}")
            } else {
                format!("position {setup} moves {}", moves.join(" "))
            }
        })
        .boxed()
}

fn setoption_line() -> BoxedStrategy<String> {
    prop_oneof![
        (1usize..=8).prop_map(|mb| format!("setoption name Hash value {mb}")),
        proptest::sample::select(BAD_NUMBERS)
            .prop_map(|v| format!("setoption name Hash value {v}")),
        proptest::sample::select(
            &[
                "minimax",
                "alphabeta",
                "iterative",
                "cached",
                "CACHED",
                "deep",
                ""
            ][..]
        )
        .prop_map(|s| format!("setoption name Stage value {s}")),
        "[A-Za-z ]{0,12}".prop_map(|n| format!("setoption name {n} value 1")),
        Just("setoption name".to_string()),
    ]
    .boxed()
}

fn simple_line() -> BoxedStrategy<String> {
    proptest::sample::select(
        &[
            "uci",
            "isready",
            "ucinewgame",
            "stop",
            "debug on",
            "debug off",
            "ponderhit",
            "isready now",
            "",
            "   ",
        ][..],
    )
    .prop_map(str::to_string)
    .boxed()
}

/// A well-formed-looking UCI line.
fn structured_line() -> BoxedStrategy<String> {
    prop_oneof![
        24 => go_line(),
        24 => position_line(),
        12 => setoption_line(),
        18 => simple_line(),
        6 => Just("stop".to_string()),
        // `quit` ends a session early: make it rare.
        1 => Just("quit".to_string()),
    ]
    .boxed()
}

/// An edit of a line: delete a character, insert a non-digit one, swap two words, cut it.
#[derive(Clone, Debug)]
enum Edit {
    Delete(usize),
    Insert(usize, char),
    SwapWords(usize, usize),
    Truncate(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let non_digit = any::<char>().prop_filter("no digits", |c| !c.is_ascii_digit());
    prop_oneof![
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), non_digit).prop_map(|(i, c)| Edit::Insert(i, c)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::SwapWords(a, b)),
        any::<usize>().prop_map(Edit::Truncate),
    ]
}

fn apply(line: &str, edit: &Edit) -> String {
    let mut chars: Vec<char> = line.chars().collect();
    match *edit {
        Edit::Delete(i) if !chars.is_empty() => {
            chars.remove(i % chars.len());
        }
        Edit::Insert(i, c) => chars.insert(i % (chars.len() + 1), c),
        Edit::SwapWords(a, b) => {
            let mut words: Vec<&str> = line.split(' ').collect();
            let n = words.len();
            words.swap(a % n, b % n);
            return words.join(" ");
        }
        Edit::Truncate(i) => chars.truncate(i % (chars.len() + 1)),
        Edit::Delete(_) => {}
    }
    chars.into_iter().collect()
}

/// A structured line, then up to 3 edits (sometimes none).
fn mangled_line() -> BoxedStrategy<String> {
    (structured_line(), proptest::collection::vec(edit(), 0..3))
        .prop_map(|(line, edits)| edits.iter().fold(line, |l, e| apply(&l, e)))
        .boxed()
}

// ---------------------------------------------------------------------------------------------
// The model: what the loop must answer, computed from the same parser

/// Replays `lines` the way the loop treats them and returns, for every `go` that must be
/// answered, the position it searches; and the number of `readyok` expected.
fn expected_answers(lines: &[String]) -> (Vec<Chess>, usize) {
    let mut game = Chess::start();
    let mut searches = Vec::new();
    let mut readyoks = 0;
    // A search that waits for the GUI to end it: `go infinite` until `stop`, `go ponder` until
    // `ponderhit` (or `stop`). Meanwhile `ucinewgame` is refused; a `go` is queued.
    let (mut infinite_running, mut pondering) = (false, false);
    for line in lines {
        match parse_command(line) {
            Ok(Command::Quit) => break,
            Ok(Command::IsReady) => readyoks += 1,
            Ok(Command::Stop) => (infinite_running, pondering) = (false, false),
            Ok(Command::PonderHit) => pondering = false,
            Ok(Command::Position(spec)) => {
                if let Ok(g) = spec.to_game() {
                    game = g;
                }
            }
            Ok(Command::UciNewGame) if !infinite_running && !pondering => game = Chess::start(),
            // Every `go` is answered.
            Ok(Command::Go(go)) => {
                searches.push(game.clone());
                infinite_running |= go.infinite;
                pondering |= go.ponder;
            }
            _ => {}
        }
    }
    (searches, readyoks)
}

/// The loop's input, in memory: what the test sends, read as it comes; the end of the input
/// when the test drops its sender.
struct InputPipe {
    chunks: Receiver<Vec<u8>>,
    chunk: Vec<u8>,
    at: usize,
}

impl Read for InputPipe {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while self.at == self.chunk.len() {
            match self.chunks.recv() {
                Ok(chunk) => (self.chunk, self.at) = (chunk, 0),
                Err(_) => return Ok(0),
            }
        }
        let n = out.len().min(self.chunk.len() - self.at);
        out[..n].copy_from_slice(&self.chunk[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// The loop's output, in memory: every write goes to the test as it happens.
struct OutputPipe(Sender<Vec<u8>>);

impl Write for OutputPipe {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0
            .send(bytes.to_vec())
            .map_err(|_| io::Error::other("the test stopped reading"))?;
        Ok(bytes.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// What the loop has written so far.
struct Output {
    chunks: Receiver<Vec<u8>>,
    text: String,
}

impl Output {
    /// Waits until `done` holds for the output, or `timeout` passes; says whether it held.
    fn wait_for(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> bool {
        let deadline = Instant::now() + timeout;
        while !done(&self.text) {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.chunks.recv_timeout(left) {
                Ok(chunk) => self.text.push_str(&String::from_utf8_lossy(&chunk)),
                Err(_) => return false,
            }
        }
        true
    }

    /// Everything, once the loop has ended (its output closed).
    fn rest(&mut self) -> String {
        while let Ok(chunk) = self.chunks.recv() {
            self.text.push_str(&String::from_utf8_lossy(&chunk));
        }
        std::mem::take(&mut self.text)
    }
}

fn count_lines(text: &str, wanted: impl Fn(&str) -> bool) -> usize {
    text.lines().filter(|l| wanted(l)).count()
}

/// Runs the loop in memory on `lines`, as a GUI would talk to it: the lines, then (unless they
/// quit) `stop` and `isready`, which must bring `readyok` within [`PROMPT`], and `go depth 2`
/// on Kiwipete, which must bring `bestmove` within [`PROMPT`]; then the end of the input.
/// Checks every answer against the model.
fn check_session(lines: &[String]) -> Result<(), TestCaseError> {
    let mut input = String::new();
    for line in lines {
        input.push_str(line);
        input.push('\n');
    }
    // The loop reads lines, and a generated "line" may hold a newline: model what it reads.
    let mut read: Vec<String> = input.split('\n').map(str::to_string).collect();
    let quits = read
        .iter()
        .any(|l| matches!(parse_command(l), Ok(Command::Quit)));
    let (to_loop, chunks) = mpsc::channel();
    let (to_test, written) = mpsc::channel();
    let mut output = Output {
        chunks: written,
        text: String::new(),
    };
    // The loop runs on its own thread, so that a hang is a failure (with its input) too.
    let (done, finished) = mpsc::channel();
    thread::spawn(move || {
        let pipe = InputPipe {
            chunks,
            chunk: Vec::new(),
            at: 0,
        };
        let served = run(BufReader::new(pipe), OutputPipe(to_test)).map_err(|e| e.to_string());
        let _ = done.send(served);
    });
    let _ = to_loop.send(input.into_bytes());
    if !quits {
        // Let the searches of the stream get going, then stop them all.
        thread::sleep(Duration::from_millis(5));
        read.extend(AFTERWARDS.iter().map(|l| l.to_string()));
        let (searches, readyoks) = expected_answers(&read);
        let _ = to_loop.send(b"stop\nisready\n".to_vec());
        let ready = output.wait_for(PROMPT, |text| {
            count_lines(text, |l| l == "readyok") == readyoks
        });
        prop_assert!(
            ready,
            "no readyok after stop: {lines:?}\noutput:\n{}",
            output.text
        );
        let _ = to_loop.send(format!("{}\n{}\n", AFTERWARDS[2], AFTERWARDS[3]).into_bytes());
        let moved = output.wait_for(PROMPT, |text| {
            count_lines(text, |l| l.starts_with("bestmove ")) == searches.len()
        });
        prop_assert!(
            moved,
            "no bestmove for go depth 2: {lines:?}\noutput:\n{}",
            output.text
        );
    }
    drop(to_loop); // the end of the input
    let Ok(served) = finished.recv_timeout(SESSION_LIMIT) else {
        return Err(TestCaseError::fail(format!(
            "the session did not end within {SESSION_LIMIT:?}: {lines:?}"
        )));
    };
    prop_assert!(served.is_ok(), "the loop failed: {served:?}");
    let text = output.rest();
    let (searches, readyoks) = expected_answers(&read);
    let mut bestmoves = Vec::new();
    let mut readies = 0;
    for out in text.lines() {
        let known = ["id ", "option ", "info ", "bestmove "]
            .iter()
            .any(|p| out.starts_with(p))
            || out == "uciok"
            || out == "readyok";
        prop_assert!(known, "unexpected output line {out:?}");
        if let Some(mv) = out.strip_prefix("bestmove ") {
            // `bestmove MOVE [ponder REPLY]`: the move is what must be legal.
            bestmoves.push(mv.split(' ').next().unwrap_or_default().to_string());
        }
        readies += usize::from(out == "readyok");
    }
    prop_assert_eq!(readies, readyoks, "readyok count; output:\n{}", text);
    prop_assert_eq!(
        bestmoves.len(),
        searches.len(),
        "one bestmove per accepted go; output:\n{}",
        text
    );
    for (mv, game) in bestmoves.iter().zip(&searches) {
        if game.legal_moves().is_empty() {
            prop_assert_eq!(mv.as_str(), "(none)");
        } else {
            prop_assert!(
                game.parse_uci(mv).is_ok(),
                "bestmove {} is illegal in {}",
                mv,
                game.fen()
            );
        }
    }
    SESSIONS.fetch_add(1, Ordering::Relaxed);
    BESTMOVES.fetch_add(bestmoves.len() as u64, Ordering::Relaxed);
    SESSION_LINES.fetch_add(lines.len() as u64, Ordering::Relaxed);
    Ok(())
}

/// Parsing, then building what the command asks for, never panics (the shared property,
/// which panics on a failure; proptest reports a panic as a failing case).
fn check_parse(line: &str) -> Result<(), TestCaseError> {
    PARSED_LINES.fetch_add(1, Ordering::Relaxed);
    check_uci_line(line);
    Ok(())
}

fn report(name: &str) {
    eprintln!(
        "{name}: {} lines parsed, {} sessions ({} lines, {} bestmoves checked) through the loop so far",
        PARSED_LINES.load(Ordering::Relaxed),
        SESSIONS.load(Ordering::Relaxed),
        SESSION_LINES.load(Ordering::Relaxed),
        BESTMOVES.load(Ordering::Relaxed)
    );
}

// ---------------------------------------------------------------------------------------------
// The properties

#[test]
fn parse_never_panics_on_arbitrary_text() {
    let strategy = prop_oneof![any::<String>(), "\\PC{0,80}", "[a-z0-9 /\\-]{0,60}"];
    let deadline = Deadline::start();
    let outcome = runner(cases(4, 1)).run(&strategy, |line| {
        deadline.check()?;
        check_parse(&line)
    });
    finish("arbitrary text", outcome);
}

#[test]
fn parse_never_panics_on_mangled_uci() {
    let deadline = Deadline::start();
    let outcome = runner(cases(4, 1)).run(&mangled_line(), |line| {
        deadline.check()?;
        check_parse(&line)
    });
    finish("mangled uci", outcome);
}

#[test]
fn loop_answers_mangled_sessions_legally() {
    let session = proptest::collection::vec(mangled_line(), 1..24);
    let deadline = Deadline::start();
    let outcome = runner(cases(1, 8)).run(&session, |lines| {
        deadline.check()?;
        check_session(&lines)
    });
    finish("mangled sessions", outcome);
}

#[test]
fn loop_survives_arbitrary_text() {
    let line = prop_oneof![
        3 => any::<String>(),
        1 => structured_line(),
    ];
    let session = proptest::collection::vec(line, 1..24);
    let deadline = Deadline::start();
    let outcome = runner(cases(1, 8)).run(&session, |lines| {
        deadline.check()?;
        check_session(&lines)
    });
    finish("arbitrary sessions", outcome);
}

/// A session that exercises every kind of answer at once (kept as a fixed regression case).
#[test]
fn regression_mixed_session() {
    let lines: Vec<String> = [
        "uci",
        "setoption name Stage value minimax",
        "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
        "go depth 2",
        "go infinite",
        "go depth 1",
        "isready",
        "stop",
        "setoption name Stage value cached",
        "position startpos moves e2e4 e7e5 zz",
        "go wtime -20 btime 100",
        "position fen 8/P7/8/8/8/8/8/k6K w - - 99 80",
        "go movetime 5",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    if let Err(error) = check_session(&lines) {
        panic!("{error}");
    }
}

/// Found by the fuzzer: a generated line holding a newline is two lines to the loop (the model
/// had counted one, and expected no search).
#[test]
fn regression_newline_inside_a_line() {
    let lines = vec!["go wtime 1\n00 \u{a1}btime 10 ".to_string()];
    if let Err(error) = check_session(&lines) {
        panic!("{error}");
    }
}

/// The largest numbers a GUI can send parse, and the time arithmetic holds with them.
#[test]
fn regression_extreme_numbers() {
    for line in [
        "go wtime 9223372036854775807 btime 9223372036854775807 winc 9223372036854775807 binc 9223372036854775807 movestogo 4294967295",
        "go wtime -9223372036854775808 btime -9223372036854775808 winc -9223372036854775808",
        "go movetime 18446744073709551615 nodes 18446744073709551615 depth 64",
        "go movetime 184467440",
    ] {
        if let Err(error) = check_parse(line) {
            panic!("{line}: {error}");
        }
        assert!(matches!(parse_command(line), Ok(Command::Go(_))), "{line}");
    }
}
