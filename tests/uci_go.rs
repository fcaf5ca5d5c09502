//! UCI as GUIs and OpenBench use it, beyond a plain game: the engine started with no argument,
//! a `bestmove` for every `go` whatever its limits, `searchmoves`, `go mate`, pondering,
//! MultiPV, the options a GUI sets, and the last `info` line said once. The real binary, driven
//! as a GUI would (see `common/uci_driver.rs`).

#[path = "common/uci_driver.rs"]
mod uci_driver;

use searchlab::Chess;
use std::process::{Command, Stdio};
use std::time::Duration;
use uci_driver::{assert_legal, Uci, PROMPT};

/// Black mates in two: 1... Qxh2+ 2. Kxh2 Rh4# (MATE2.031 of tests/data/mates.epd).
const MATE_IN_TWO: &str = "4r1k1/pQ3pp1/7p/4q3/4r3/P7/1P2nPPP/2BR1R1K b - - 0 1";

/// The `info string` lines among `lines`.
fn notes(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("info string "))
        .collect()
}

/// The number after ` name ` in an `info` line.
fn field(line: &str, name: &str) -> Option<i64> {
    line.split(&format!(" {name} "))
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
}

/// The moves after ` pv ` in an `info` line.
fn pv(line: &str) -> Vec<&str> {
    line.split(" pv ")
        .nth(1)
        .map_or(Vec::new(), |moves| moves.split_whitespace().collect())
}

/// An `info` line's score, ordered as the engine orders them (a mate in fewer moves higher).
fn score(line: &str) -> i64 {
    match (field(line, "cp"), field(line, "mate")) {
        (Some(cp), _) => cp,
        (None, Some(moves)) if moves > 0 => 1_000_000 - moves,
        (None, Some(moves)) => -1_000_000 - moves,
        (None, None) => panic!("no score in {line}"),
    }
}

#[test]
fn started_with_no_argument_it_speaks_uci_to_a_program() {
    // As OpenBench, cutechess and most GUIs start an engine: no argument, `uci` first.
    let mut uci = Uci::start_with(&[]);
    uci.send("uci");
    let handshake = uci.read_until(PROMPT, |l| l == "uciok");
    assert!(handshake.iter().any(|l| l.starts_with("id name searchlab")));
    uci.send(&format!("position fen {MATE_IN_TWO}"));
    uci.send("go depth 4");
    assert_eq!(uci.bestmove(PROMPT).1, "e5h2");
    uci.quit();
}

#[test]
fn started_with_no_argument_and_no_input_it_compares() {
    // `cargo run --release` from a script or CI, with nothing on standard input: the main job.
    let folder = std::env::temp_dir().join(format!("searchlab-noarg-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a temporary folder");
    let output = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .current_dir(&folder)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.starts_with("position   stage"), "{text}");
    assert!(text.contains("chart of nodes per depth"), "{text}");
    assert!(folder.join("target/searchlab/compare-nodes.svg").is_file());
    let _ = std::fs::remove_dir_all(&folder);
}

#[test]
fn every_go_gets_exactly_one_bestmove() {
    let mut uci = Uci::start();
    // Limits below their least value are raised to it; words that mean nothing are left out;
    // each is said, and the search runs.
    for (go, said) in [
        ("go depth 0", "go depth 0 raised to 1"),
        ("go movetime -5", "go movetime -5 raised to 1"),
        ("go nodes 0", "go nodes 0 raised to 1"),
        (
            "go depth deep",
            "go depth: 'deep' is not a whole number; left out",
        ),
        (
            "go fast depth 2",
            "go: 'fast' is not a go parameter; left out",
        ),
        ("go depth 999", "go depth 999 lowered to 64"),
    ] {
        let depth_999 = go.ends_with("999");
        if depth_999 {
            // As deep as the ladder goes is long: a fixed-depth stage makes it one ply.
            uci.send("setoption name Stage value minimax");
            uci.send("go depth 999 movetime 50");
        } else {
            uci.send(go);
        }
        let (info, mv) = uci.bestmove(PROMPT);
        assert_legal(&Chess::start(), &mv);
        assert!(notes(&info).contains(&said), "{go}: {info:?}");
        // Exactly one: nothing more comes.
        assert!(
            uci.sync().iter().all(|l| !l.starts_with("bestmove")),
            "{go}"
        );
    }
    uci.quit();
}

#[test]
fn searchmoves_keeps_the_root_to_the_moves_named() {
    let mut uci = Uci::start();
    // The mate is Qxh2+, but only two rook moves may be searched; h1h1 is no move at all.
    uci.send(&format!("position fen {MATE_IN_TWO}"));
    uci.send("go depth 4 searchmoves e4d4 e4f4 h1h1");
    let (info, mv) = uci.bestmove(PROMPT);
    assert!(["e4d4", "e4f4"].contains(&mv.as_str()), "{mv}");
    assert!(notes(&info).contains(&"go searchmoves: h1h1 not legal here; left out"));
    // Every iteration's line starts with one of them.
    for line in info.iter().filter(|l| l.contains(" pv ")) {
        assert!(["e4d4", "e4f4"].contains(&pv(line)[0]), "{line}");
    }
    // No legal move named: every move is searched, and the GUI told so.
    uci.send("go depth 4 searchmoves a1a1");
    let (info, mv) = uci.bestmove(PROMPT);
    assert_eq!(mv, "e5h2");
    assert!(notes(&info).contains(&"go searchmoves: no legal move named; searching every move"));
    uci.quit();
}

#[test]
fn go_mate_finds_the_mate_and_stops() {
    for stage in ["alphabeta", "pvs", "neural"] {
        let mut uci = Uci::start();
        uci.send(&format!("setoption name Stage value {stage}"));
        uci.send(&format!("position fen {MATE_IN_TWO}"));
        // No other limit: it ends by itself, with the mate.
        uci.send("go mate 2");
        let (info, mv) = uci.bestmove(PROMPT);
        assert_eq!(mv, "e5h2", "{stage}: {info:?}");
        let mate = info.iter().rev().find(|l| l.contains(" score "));
        assert!(
            mate.is_some_and(|l| l.contains(" score mate 2 ")),
            "{stage}: {info:?}"
        );
        // Found at depth 3, it searches no deeper.
        let depths: Vec<i64> = info.iter().filter_map(|l| field(l, "depth")).collect();
        assert!(depths.iter().all(|&d| d <= 3), "{stage}: {depths:?}");
        uci.quit();
    }
}

#[test]
fn pondering_waits_for_ponderhit_and_its_clock_starts_then() {
    let mut uci = Uci::start();
    uci.send("setoption name Ponder value true");
    uci.send(&format!("position fen {MATE_IN_TWO}"));
    uci.send("go depth 4");
    // With Ponder on, `bestmove` names the reply it expects: the king takes.
    let (_, mv) = uci.bestmove(PROMPT);
    assert_eq!(mv, "e5h2");
    uci.send(&format!("position fen {MATE_IN_TWO} moves e5h2 h1h2"));
    // A ponder search that ends by itself (depth 2) still waits for the GUI...
    uci.send("go ponder depth 2");
    std::thread::sleep(Duration::from_millis(200));
    let waiting = uci.sync();
    assert!(
        waiting.iter().all(|l| !l.starts_with("bestmove")),
        "{waiting:?}"
    );
    // ...and a setting meanwhile is refused.
    uci.send("setoption name Hash value 1");
    let refused = uci.sync();
    assert!(
        refused.iter().any(|l| l.contains("send stop first")),
        "{refused:?}"
    );
    uci.send("ponderhit");
    let (_, mv) = uci.bestmove(PROMPT);
    assert_eq!(mv, "e4h4");
    // With 50 ms on the clock, no clock runs while pondering: half a second on, no answer;
    // the clock starts at `ponderhit`, and the answer comes.
    uci.send("position startpos");
    for end in ["ponderhit", "stop"] {
        uci.send("go ponder wtime 50 btime 50");
        std::thread::sleep(Duration::from_millis(500));
        let thinking = uci.sync();
        assert!(
            thinking.iter().all(|l| !l.starts_with("bestmove")),
            "{thinking:?}"
        );
        // (`stop`: the opponent played another move.)
        uci.send(end);
        let (_, mv) = uci.bestmove(PROMPT);
        assert_legal(&Chess::start(), &mv);
    }
    uci.quit();
}

#[test]
fn multipv_gives_the_best_lines_in_order() {
    let mut uci = Uci::start();
    uci.send("setoption name MultiPV value 3");
    uci.send(&format!("position fen {MATE_IN_TWO}"));
    uci.send("go depth 4");
    let (info, mv) = uci.bestmove(PROMPT);
    let last_depth: Vec<&String> = info
        .iter()
        .filter(|l| field(l, "depth") == Some(4) && l.contains(" multipv "))
        .collect();
    assert_eq!(last_depth.len(), 3, "{info:?}");
    let ks: Vec<i64> = last_depth
        .iter()
        .filter_map(|l| field(l, "multipv"))
        .collect();
    assert_eq!(ks, [1, 2, 3]);
    // Three different first moves, the mate first, each with a line.
    let firsts: Vec<&str> = last_depth.iter().map(|l| pv(l)[0]).collect();
    assert_eq!(firsts[0], "e5h2");
    assert!(firsts[1] != firsts[0] && firsts[2] != firsts[0] && firsts[1] != firsts[2]);
    assert!(
        last_depth[0].contains(" score mate 2 "),
        "{}",
        last_depth[0]
    );
    let scores: Vec<i64> = last_depth.iter().map(|l| score(l)).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{last_depth:?}");
    assert_eq!(mv, firsts[0]);
    // With searchmoves, only the moves named make lines.
    uci.send("go depth 3 searchmoves e4d4 e4f4");
    let (info, mv) = uci.bestmove(PROMPT);
    let lines: Vec<&String> = info
        .iter()
        .filter(|l| field(l, "depth") == Some(3) && l.contains(" multipv "))
        .collect();
    assert_eq!(lines.len(), 2, "{info:?}");
    assert!(["e4d4", "e4f4"].contains(&mv.as_str()));
    // MultiPV 1: the stage's own search, no `multipv` field.
    uci.send("setoption name MultiPV value 1");
    uci.send("go depth 3");
    let (info, _) = uci.bestmove(PROMPT);
    assert!(info.iter().all(|l| !l.contains(" multipv ")), "{info:?}");
    uci.quit();
}

#[test]
fn the_last_info_line_is_said_once() {
    let mut uci = Uci::start();
    uci.send("go depth 6");
    let (info, _) = uci.bestmove(PROMPT);
    let scored: Vec<&String> = info.iter().filter(|l| l.contains(" score ")).collect();
    let depths: Vec<i64> = scored.iter().filter_map(|l| field(l, "depth")).collect();
    assert_eq!(depths, [1, 2, 3, 4, 5, 6], "{info:?}");
    // A fixed-depth stage has no iterations: its one line is the summary.
    uci.send("setoption name Stage value alphabeta");
    uci.send("go depth 3");
    let (info, _) = uci.bestmove(PROMPT);
    let scored = info.iter().filter(|l| l.contains(" score ")).count();
    assert_eq!(scored, 1, "{info:?}");
    uci.quit();
}

#[test]
fn options_are_listed_where_a_gui_looks() {
    // The unknown-option message names every option.
    let mut uci = Uci::start();
    uci.send("setoption name Contempt value 10");
    let said = uci.sync();
    let message = said
        .iter()
        .find(|l| l.contains("unknown option"))
        .expect("a message");
    for option in [
        "Hash",
        "Threads",
        "MultiPV",
        "Ponder",
        "Move Overhead",
        "Stage",
        "EvalFile",
    ] {
        assert!(message.contains(option), "{message}");
    }
    uci.quit();
    // Started with a network, EvalFile shows it as its default.
    let network = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/nnue/gen1.nnue");
    let mut uci = Uci::start_with(&["--eval-file", network, "uci"]);
    uci.send("uci");
    let handshake = uci.read_until(PROMPT, |l| l == "uciok");
    let expected = format!("option name EvalFile type string default {network}");
    assert!(handshake.contains(&expected), "{handshake:?}");
    assert!(handshake.contains(&"option name MultiPV type spin default 1 min 1 max 256".into()));
    assert!(handshake.contains(&"option name Ponder type check default false".into()));
    uci.quit();
}
