//! UCI end to end: the real binary, `searchlab uci`, driven over its stdin and stdout as a GUI
//! would. Every read has a deadline, so a hung engine fails a test instead of hanging it.

#[path = "common/uci_driver.rs"]
mod uci_driver;

use searchlab::Chess;
use std::io::Write;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};
use uci_driver::{assert_legal, Uci, PROMPT};

const MATE_IN_ONE: &str = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
const CHECKMATED: &str = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1";
const STALEMATE: &str = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";

#[test]
fn handshake_lists_identity_and_options() {
    let mut uci = Uci::start();
    uci.send("uci");
    let lines = uci.read_until(PROMPT, |l| l == "uciok");
    let version = env!("CARGO_PKG_VERSION");
    assert!(lines.contains(&format!("id name searchlab {version}")));
    assert!(lines.contains(&"id author the searchlab authors".to_string()));
    assert!(lines.contains(&"option name Hash type spin default 16 min 1 max 4096".to_string()));
    assert!(lines
        .contains(&"option name Move Overhead type spin default 20 min 0 max 5000".to_string()));
    assert!(lines.contains(&"option name Threads type spin default 1 min 1 max 256".to_string()));
    let stage = lines
        .iter()
        .find(|l| l.starts_with("option name Stage type combo default modern"))
        .expect("a Stage option, stage 11 the default");
    for s in searchlab::STAGES {
        assert!(stage.contains(&format!("var {}", s.name)), "{stage}");
    }
    assert!(stage.ends_with("var neural var modern"), "{stage}");
    assert!(uci.sync().is_empty());
    uci.quit();
}

#[test]
fn known_mate_in_one() {
    let mut uci = Uci::start();
    uci.send(&format!("position fen {MATE_IN_ONE}"));
    uci.send("go depth 3");
    let (info, mv) = uci.bestmove(PROMPT);
    assert_eq!(mv, "a1a8");
    assert!(
        info.iter().any(|l| l.contains(" score mate 1 ")),
        "{info:?}"
    );
    // The info lines carry what a GUI shows (the summary is the last line with a depth; an
    // `info string` with the quiescence nodes may follow it).
    let summary = summary_line(&info);
    for field in [
        "depth ",
        "seldepth ",
        "nodes ",
        "nps ",
        "time ",
        "hashfull ",
        "pv a1a8",
    ] {
        assert!(summary.contains(field), "{field} missing in {summary}");
    }
    uci.quit();
}

#[test]
fn engine_plays_a_game_against_itself() {
    let mut uci = Uci::start();
    uci.send("ucinewgame");
    let mut game = Chess::start();
    let mut moves: Vec<String> = Vec::new();
    for ply in 0..20 {
        if game.game_outcome().is_some() {
            break;
        }
        uci.send(&format!("position startpos moves {}", moves.join(" ")));
        let started = Instant::now();
        if ply % 2 == 0 {
            uci.send("go depth 3");
        } else {
            uci.send("go movetime 50");
        }
        let (_, mv) = uci.bestmove(PROMPT);
        if ply % 2 == 1 {
            assert!(
                started.elapsed() < Duration::from_millis(1000),
                "movetime 50 took {:?}",
                started.elapsed()
            );
        }
        assert_legal(&game, &mv);
        game.play_uci(&mv).expect("legal");
        moves.push(mv);
    }
    // No assertion on the game's length: the 50 ms moves depend on timing, and a game that
    // repeats itself three times ends early by rule (python-chess's self-play did so once in CI).
    uci.quit();
}

#[test]
fn clock_moves_are_legal_and_on_time() {
    let mut uci = Uci::start();
    let mut game = Chess::start();
    let mut moves: Vec<String> = Vec::new();
    // A nearly empty clock: the engine must still move, well within it.
    for _ in 0..6 {
        uci.send(&format!("position startpos moves {}", moves.join(" ")));
        let started = Instant::now();
        uci.send("go wtime 300 btime 300 winc 0 binc 0");
        let (_, mv) = uci.bestmove(PROMPT);
        assert!(started.elapsed() < Duration::from_millis(300), "flagged");
        assert_legal(&game, &mv);
        game.play_uci(&mv).expect("legal");
        moves.push(mv);
    }
    uci.quit();
}

#[test]
fn isready_and_stop_during_infinite_search() {
    let mut uci = Uci::start();
    uci.send("position startpos moves e2e4 e7e5 g1f3");
    uci.send("go infinite");
    thread::sleep(Duration::from_millis(100));
    let asked = Instant::now();
    let before = uci.sync();
    assert!(asked.elapsed() < Duration::from_secs(1), "readyok was late");
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "bestmove before stop: {before:?}"
    );
    thread::sleep(Duration::from_millis(200));
    let stopped = Instant::now();
    uci.send("stop");
    let (info, mv) = uci.bestmove(PROMPT);
    assert!(stopped.elapsed() < Duration::from_secs(1), "stop was slow");
    assert!(info.iter().any(|l| l.starts_with("info depth")), "{info:?}");
    let mut game = Chess::start();
    for m in ["e2e4", "e7e5", "g1f3"] {
        game.play_uci(m).expect("legal");
    }
    assert_legal(&game, &mv);
    uci.quit();
}

#[test]
fn infinite_waits_for_stop_even_after_a_mate() {
    let mut uci = Uci::start();
    uci.send(&format!("position fen {MATE_IN_ONE}"));
    uci.send("go infinite");
    // The mate is proven at depth 1, at once; the answer must still wait for `stop`.
    thread::sleep(Duration::from_millis(300));
    let before = uci.sync();
    assert!(
        before.iter().any(|l| l.contains("score mate 1")),
        "{before:?}"
    );
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:?}"
    );
    uci.send("stop");
    let (_, mv) = uci.bestmove(PROMPT);
    assert_eq!(mv, "a1a8");
    uci.quit();
}

#[test]
fn quit_during_a_search_exits_cleanly() {
    let mut uci = Uci::start();
    uci.send("position startpos");
    uci.send("go infinite");
    thread::sleep(Duration::from_millis(100));
    uci.quit();
}

#[test]
fn positions_without_a_move() {
    let mut uci = Uci::start();
    for (fen, score) in [(CHECKMATED, "score mate 0"), (STALEMATE, "score cp 0")] {
        uci.send(&format!("position fen {fen}"));
        uci.send("go depth 3");
        let (info, mv) = uci.bestmove(PROMPT);
        assert_eq!(mv, "(none)");
        assert!(
            info.iter().any(|l| l == &format!("info depth 0 {score}")),
            "{info:?}"
        );
    }
    // Also with a clock, and in infinite mode (after stop).
    uci.send(&format!("position fen {CHECKMATED}"));
    uci.send("go wtime 1000 btime 1000");
    assert_eq!(uci.bestmove(PROMPT).1, "(none)");
    uci.send("go infinite");
    uci.sync();
    uci.send("stop");
    assert_eq!(uci.bestmove(PROMPT).1, "(none)");
    uci.quit();
}

#[test]
fn bad_input_is_reported_and_survived() {
    let mut uci = Uci::start();
    let bad = [
        "frobnicate",
        "position fen 8/8/8 w - - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "position fen",
        "position",
        "position startpos moves e2e4 e2e4",
        "position startpos moves e2e5",
        "position startpos moves zz",
        "setoption name Hash value 0",
        "setoption name Hash value 99999",
        "setoption name Hash value lots",
        "setoption name Stage value nonsense",
        "setoption name NoSuchOption value 1",
        "setoption",
        "debug maybe",
    ];
    // A position to keep through the bad ones.
    uci.send(&format!("position fen {MATE_IN_ONE}"));
    for line in bad {
        uci.send(line);
        let answer = uci.sync();
        assert!(
            answer.iter().any(|l| l.starts_with("info string ")),
            "no info string for {line:?}: {answer:?}"
        );
        assert!(
            !answer.iter().any(|l| l.starts_with("bestmove")),
            "{line:?} started a search: {answer:?}"
        );
    }
    // A bad `go` is said, and still searched with what can be read: one `bestmove` each.
    let mate_in_one = Chess::from_fen(MATE_IN_ONE).expect("a FEN");
    for line in [
        "go depth banana",
        "go depth -3",
        "go depth 0",
        "go movetime 0",
        "go nodes 1e9",
        "go wtime",
        "go depth 99999999999999 movetime 20",
        "go sideways",
    ] {
        uci.send(line);
        let (info, mv) = uci.bestmove(PROMPT);
        assert!(
            info.iter().any(|l| l.starts_with("info string go")),
            "no info string for {line:?}: {info:?}"
        );
        assert_legal(&mate_in_one, &mv);
        assert!(uci.sync().iter().all(|l| !l.starts_with("bestmove")));
    }
    // Binary junk and empty lines too.
    uci.write(b"\xff\xfe\x00garbage\r\n\n   \n");
    uci.sync();
    // The previous position survived every bad `position`.
    uci.send("go depth 2");
    assert_eq!(uci.bestmove(PROMPT).1, "a1a8");
    uci.quit();
}

#[test]
fn every_stage_and_hash_size_plays_legal_moves() {
    let mut uci = Uci::start();
    let mut game = Chess::start();
    game.play_uci("d2d4").expect("legal");
    uci.send("setoption name Hash value 1");
    for stage in searchlab::STAGES {
        uci.send(&format!("setoption name Stage value {}", stage.name));
        uci.send("ucinewgame");
        uci.send("position startpos moves d2d4");
        assert!(uci.sync().is_empty(), "options refused");
        uci.send("go depth 2");
        let (_, mv) = uci.bestmove(PROMPT);
        assert_legal(&game, &mv);
        // Time limits too (the fixed-depth stages obey them as well).
        uci.send("go movetime 50");
        let (_, mv) = uci.bestmove(PROMPT);
        assert_legal(&game, &mv);
    }
    uci.quit();
}

/// Runs the binary with `args`, writes `input` (and a newline) to it and closes its input;
/// what it printed, once it has ended.
fn run_with_input(args: &[&str], input: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            if let Some(mut stdin) = child.stdin.take() {
                writeln!(stdin, "{input}")?;
            }
            child.wait_with_output()
        })
        .expect("the binary runs")
}

/// The end of the input is `quit` (as in Stockfish): the search stops, answers, and the
/// process ends. Depth 1 already proves this mate, so the answer is still the mate.
#[test]
fn end_of_input_stops_the_search_and_answers() {
    let output = run_with_input(&["uci"], &format!("position fen {MATE_IN_ONE}\ngo depth 3"));
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.ends_with("bestmove a1a8\n"), "{text}");
}

#[test]
fn commands_during_an_infinite_search() {
    let mut uci = Uci::start();
    uci.send("position startpos moves e2e4");
    uci.send("go infinite");
    // A new game and an option change are refused while it runs...
    for line in ["ucinewgame", "setoption name Stage value minimax"] {
        uci.send(line);
        let answer = uci.sync();
        assert!(
            answer
                .iter()
                .any(|l| l.starts_with("info string ") && l.contains("send stop first")),
            "{line}: {answer:?}"
        );
        assert!(
            !answer.iter().any(|l| l.starts_with("bestmove")),
            "{answer:?}"
        );
    }
    // ...a second search waits its turn (every `go` gets its `bestmove`)...
    uci.send("go depth 1");
    let answer = uci.sync();
    assert!(
        answer
            .iter()
            .any(|l| l.contains("go waits for the running search")),
        "{answer:?}"
    );
    assert!(
        !answer.iter().any(|l| l.starts_with("bestmove")),
        "{answer:?}"
    );
    // ...while a new position is taken for the next search. `stop` ends both: two answers.
    uci.send(&format!("position fen {MATE_IN_ONE}"));
    uci.send("stop");
    let mut after_e4 = Chess::start();
    after_e4.play_uci("e2e4").expect("legal");
    for _ in 0..2 {
        let (_, mv) = uci.bestmove(PROMPT);
        assert_legal(&after_e4, &mv);
    }
    assert!(uci.sync().iter().all(|l| !l.starts_with("bestmove")));
    uci.send("go depth 2");
    assert_eq!(uci.bestmove(PROMPT).1, "a1a8");
    uci.quit();
}

#[test]
fn node_limit_and_repetition_history() {
    let mut uci = Uci::start();
    // Knights out and back twice: the history reaches the engine, which still moves legally.
    let moves = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
    uci.send(&format!("position startpos moves {moves}"));
    uci.send("go nodes 5000");
    let (info, mv) = uci.bestmove(PROMPT);
    let mut game = Chess::start();
    for m in moves.split_whitespace() {
        game.play_uci(m).expect("legal");
    }
    assert_legal(&game, &mv);
    let nodes: Vec<u64> = info
        .iter()
        .filter_map(|l| l.split(" nodes ").nth(1))
        .filter_map(|rest| rest.split_whitespace().next()?.parse().ok())
        .collect();
    // The limit is checked at every node, so the search stops within a few nodes of it.
    assert!(nodes.iter().all(|&n| n <= 5_100), "{info:?}");
    uci.quit();
}

/// How soon after `stop`, `quit` or the end of the input the engine must answer or exit. It
/// takes well under a millisecond (every stage checks the stop flag at every node); the rest is
/// room for a loaded machine.
const AT_ONCE: Duration = Duration::from_millis(100);

/// The summary `info` line of a search: the last with a depth.
fn summary_line(info: &[String]) -> &str {
    info.iter()
        .rev()
        .find(|l| l.starts_with("info depth "))
        .expect("a summary info line")
}

/// The number after ` name ` in an `info` line.
fn field(line: &str, name: &str) -> u64 {
    line.split(&format!(" {name} "))
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| panic!("no {name} in {line}"))
}

/// Sets `stage` and the start position, and waits until the engine has taken both.
fn start_with_stage(stage: &str) -> Uci {
    let mut uci = Uci::start();
    uci.send(&format!("setoption name Stage value {stage}"));
    uci.send("position startpos");
    assert!(uci.sync().is_empty(), "{stage} refused");
    uci
}

#[test]
fn every_stage_stops_at_once_and_keeps_playing() {
    let start = Chess::start();
    for stage in searchlab::STAGES {
        let mut uci = start_with_stage(stage.name);
        // Depth 30 would take years with minimax: only `stop` ends it.
        uci.send("go depth 30");
        thread::sleep(Duration::from_millis(100));
        let stopped = Instant::now();
        uci.send("stop");
        let (info, mv) = uci.bestmove(PROMPT);
        let took = stopped.elapsed();
        assert!(
            took < AT_ONCE,
            "{}: bestmove {took:?} after stop",
            stage.name
        );
        assert_legal(&start, &mv);
        // The depth reported is one the search completed: none for the fixed-depth stages.
        let summary = summary_line(&info);
        if stage.fixed_depth {
            assert!(summary.starts_with("info depth 0 "), "{summary}");
            assert!(!summary.contains(" score "), "{summary}");
        } else {
            assert!(!summary.starts_with("info depth 0 "), "{summary}");
        }
        // A time limit is kept too...
        let asked = Instant::now();
        uci.send("go movetime 50");
        let (_, mv) = uci.bestmove(PROMPT);
        let took = asked.elapsed();
        assert!(
            took < Duration::from_millis(50) + AT_ONCE,
            "{}: go movetime 50 took {took:?}",
            stage.name
        );
        assert_legal(&start, &mv);
        // ...and so is a node limit, and the next search is searched.
        uci.send("go nodes 2000");
        let (info, mv) = uci.bestmove(PROMPT);
        assert_legal(&start, &mv);
        let nodes = field(summary_line(&info), "nodes");
        assert!(nodes <= 2000, "{}: {nodes} nodes", stage.name);
        uci.send("go depth 2");
        let (info, mv) = uci.bestmove(PROMPT);
        assert_legal(&start, &mv);
        assert!(
            info.iter().any(|l| l.starts_with("info depth 2 ")),
            "{}: {info:?}",
            stage.name
        );
        uci.quit();
    }
}

/// Waits for the process to exit; returns how long that took from `since`.
fn exit_time(uci: &mut Uci, since: Instant) -> Duration {
    loop {
        if let Some(status) = uci.child.try_wait().expect("wait works") {
            assert!(status.success(), "exit status {status}");
            return since.elapsed();
        }
        assert!(since.elapsed() < PROMPT, "the engine did not exit");
        thread::sleep(Duration::from_millis(1));
    }
}

#[test]
fn quit_or_the_end_of_the_input_ends_any_search_at_once() {
    for stage in searchlab::STAGES {
        // `quit` while a fixed depth of years runs.
        let mut uci = start_with_stage(stage.name);
        uci.send("go depth 30");
        thread::sleep(Duration::from_millis(50));
        let asked = Instant::now();
        uci.send("quit");
        let took = exit_time(&mut uci, asked);
        assert!(took < AT_ONCE, "{}: exit {took:?} after quit", stage.name);
        // The GUI closes the pipe (or dies) instead.
        let mut uci = start_with_stage(stage.name);
        uci.send("go depth 30");
        thread::sleep(Duration::from_millis(50));
        let closed = Instant::now();
        uci.close_input();
        let took = exit_time(&mut uci, closed);
        assert!(
            took < AT_ONCE,
            "{}: exit {took:?} after end of input",
            stage.name
        );
    }
}

#[test]
fn infinite_on_a_fixed_depth_stage_searches_until_stop() {
    for stage in ["minimax", "alphabeta"] {
        let mut uci = start_with_stage(stage);
        uci.send("go infinite");
        thread::sleep(Duration::from_millis(300));
        // Still searching: no answer before `stop`.
        assert!(uci.sync().iter().all(|l| !l.starts_with("bestmove")));
        uci.send("stop");
        let (info, mv) = uci.bestmove(PROMPT);
        assert_legal(&Chess::start(), &mv);
        let nodes = field(summary_line(&info), "nodes");
        // 300 ms of searching is far more than any default depth's few thousand nodes.
        assert!(nodes > 100_000, "{stage}: only {nodes} nodes before stop");
        uci.quit();
    }
}

#[test]
fn move_overhead_and_the_largest_hash_are_set_promptly() {
    let mut uci = Uci::start();
    uci.send("setoption name Move Overhead value 100");
    assert!(uci.sync().is_empty(), "Move Overhead refused");
    for bad in ["-1", "5001", "soon", ""] {
        uci.send(&format!("setoption name Move Overhead value {bad}"));
        let answer = uci.sync();
        assert!(
            answer.iter().any(|l| l.starts_with("info string ")),
            "{bad}: {answer:?}"
        );
    }
    // 4 GB of table: zeroed memory from the operating system, not filled slot by slot.
    let asked = Instant::now();
    uci.send("setoption name Hash value 4096");
    assert!(uci.sync().is_empty(), "Hash 4096 refused");
    let took = asked.elapsed();
    assert!(
        took < Duration::from_secs(1),
        "readyok {took:?} after Hash 4096"
    );
    // The overhead comes off a fixed move time: 150 ms less 100 ms of overhead.
    uci.send("go movetime 150");
    let (info, mv) = uci.bestmove(PROMPT);
    assert_legal(&Chess::start(), &mv);
    let time = field(summary_line(&info), "time");
    assert!(
        time < 100,
        "searched {time} ms of a 150 ms move with 100 ms overhead"
    );
    uci.quit();
}

#[test]
fn threads_search_in_parallel_and_stop_at_once() {
    let mut uci = Uci::start();
    uci.send("setoption name Threads value 3");
    uci.send("position startpos moves e2e4 c7c5");
    assert!(uci.sync().is_empty(), "Threads refused");
    uci.send("go depth 9");
    let (info, mv) = uci.bestmove(Duration::from_secs(60));
    let mut game = Chess::start();
    for m in ["e2e4", "c7c5"] {
        game.play_uci(m).expect("legal");
    }
    assert_legal(&game, &mv);
    // The summary counts all three threads' nodes: more than the last iteration's line,
    // which counted the helpers only as of their last completed iteration.
    let summary = summary_line(&info);
    let iterations: Vec<&String> = info.iter().filter(|l| l.contains(" pv ")).collect();
    let last = iterations.last().expect("iteration lines");
    assert_eq!(field(last, "depth"), 9);
    assert!(
        field(summary, "nodes") >= field(last, "nodes"),
        "{summary} / {last}"
    );
    // `stop` ends a parallel `go infinite` at once, helpers and all.
    uci.send("go infinite");
    thread::sleep(Duration::from_millis(300));
    let stopped = Instant::now();
    uci.send("stop");
    let (_, mv) = uci.bestmove(PROMPT);
    assert!(stopped.elapsed() < Duration::from_secs(1), "stop was slow");
    assert_legal(&game, &mv);
    // A stage that searches on one thread says it ignores the option; the bad value is named.
    uci.send("setoption name Stage value pvs");
    uci.send("setoption name Threads value 2");
    uci.send("setoption name Threads value 0");
    let said = uci.sync();
    assert!(
        said.iter()
            .any(|l| l.contains("the pvs stage searches on one thread")),
        "{said:?}"
    );
    assert!(
        said.iter().any(|l| l.contains("a number from 1 to 256")),
        "{said:?}"
    );
    uci.quit();
}

#[test]
fn the_neural_stage_plays_and_evalfile_loads_a_network_or_says_why_not() {
    let mut uci = Uci::start();
    uci.send("uci");
    let lines = uci.read_until(PROMPT, |l| l == "uciok");
    assert!(lines.contains(&"option name EvalFile type string default <compiled-in>".to_string()));
    let stage = lines
        .iter()
        .find(|l| l.starts_with("option name Stage"))
        .expect("a Stage option");
    assert!(stage.contains("var neural"), "{stage}");
    uci.send("setoption name Stage value neural");
    uci.send("position startpos moves e2e4");
    assert!(uci.sync().is_empty(), "the neural stage refused");
    uci.send("go depth 4");
    let (_, mv) = uci.bestmove(PROMPT);
    let mut game = Chess::start();
    game.play_uci("e2e4").expect("legal");
    assert_legal(&game, &mv);

    // A file that is missing, and one that is not a network, are named; the network stays.
    let folder = std::env::temp_dir().join(format!("searchlab-evalfile-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a temporary folder");
    let not_a_network = folder.join("notes.txt");
    std::fs::write(&not_a_network, "not weights").expect("written");
    uci.send(&format!(
        "setoption name EvalFile value {}",
        folder.join("missing.nnue").display()
    ));
    uci.send(&format!(
        "setoption name EvalFile value {}",
        not_a_network.display()
    ));
    let said = uci.sync();
    assert!(
        said.iter().any(|l| l.contains("cannot read it")),
        "{said:?}"
    );
    assert!(
        said.iter().any(|l| l.contains("does not start with SLNN")),
        "{said:?}"
    );
    // A network file (the compiled-in one, written out) is loaded and played with.
    let network = folder.join("net.nnue");
    std::fs::write(&network, searchlab::eval::neural::DEFAULT_NETWORK).expect("written");
    uci.send(&format!(
        "setoption name EvalFile value {}",
        network.display()
    ));
    let said = uci.sync();
    let hidden = searchlab::eval::neural::default_network().hidden();
    assert!(
        said.iter()
            .any(|l| l.contains(&format!("{hidden} hidden units"))),
        "{said:?}"
    );
    uci.send("go depth 4");
    let (_, again) = uci.bestmove(PROMPT);
    assert_eq!(again, mv, "the same network plays the same move");
    uci.send("setoption name EvalFile value <compiled-in>");
    let said = uci.sync();
    assert!(
        said.iter().any(|l| l.contains("the network compiled in")),
        "{said:?}"
    );
    std::fs::remove_dir_all(&folder).ok();
    uci.quit();
}

/// A network that sees nothing, written to `path`: its first layer weighs only pawns on the
/// first and last ranks, where no pawn ever stands, so it scores every position 0, and a score
/// of 0 shows that the engine plays with it and not with the compiled-in one.
fn write_blind_network(path: &std::path::Path) {
    use searchlab::eval::{features::FEATURES, network::Network};
    let hidden = 4;
    let mut input_weights = vec![0; FEATURES * hidden];
    for feature in (0..FEATURES).filter(|f| (f / 64) % 6 == 0 && !(8..56).contains(&(f % 64))) {
        input_weights[feature * hidden..(feature + 1) * hidden].fill(1);
    }
    let network = Network::new(
        hidden,
        input_weights,
        vec![0; hidden],
        vec![1; 2 * hidden],
        0,
    )
    .expect("the sizes fit");
    std::fs::write(path, network.to_bytes()).expect("written");
}

/// The score in the last `info … score cp N` line of `lines`.
fn last_score(lines: &[String]) -> Option<i32> {
    lines.iter().rev().find_map(|line| {
        let rest = line.split(" score cp ").nth(1)?;
        rest.split_whitespace().next()?.parse().ok()
    })
}

#[test]
fn the_network_chosen_is_the_one_the_engine_plays_with() {
    let folder = std::env::temp_dir().join(format!("searchlab-blind-net-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a temporary folder");
    let blind = folder.join("blind.nnue");
    write_blind_network(&blind);
    let position = "position startpos moves e2e4 e7e5 g1f3";

    // UCI's EvalFile: the neural stage plays with it, and keeps it across a change of stage.
    let mut uci = Uci::start();
    uci.send(&format!(
        "setoption name EvalFile value {}",
        blind.display()
    ));
    uci.send("setoption name Stage value parallel");
    uci.send("setoption name Stage value neural");
    uci.send(position);
    uci.send("go depth 3");
    let (lines, _) = uci.bestmove(PROMPT);
    assert_eq!(last_score(&lines), Some(0), "{lines:?}");
    uci.send("setoption name EvalFile value <compiled-in>");
    uci.send("go depth 3");
    let (lines, _) = uci.bestmove(PROMPT);
    assert_ne!(last_score(&lines), Some(0), "{lines:?}");
    uci.quit();

    // The command line's --eval-file: for the UCI loop, and for a search.
    let blind_path = blind.display().to_string();
    let output = run_with_input(
        &["--eval-file", &blind_path, "uci"],
        &format!("{position}\ngo depth 3"),
    );
    let text = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    assert_eq!(last_score(&lines), Some(0), "{text}");
    let output = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(["--eval-file", &blind_path])
        .args(["search", "--stage", "neural threads=2", "--depth", "3"])
        .args(["--moves", "e2e4", "e7e5", "g1f3", "--json"])
        .output()
        .expect("the binary runs");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(json["score"]["cp"], 0, "{json}");
    std::fs::remove_dir_all(&folder).ok();
}
