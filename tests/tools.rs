//! The tools end to end: `perft`, `suite`, `match` and `bench` through the real binary, bad
//! input included, plus the library facts the commands rest on (the bench signature is
//! deterministic).

use searchlab::bench::run_bench;
use searchlab::positions::{KIWIPETE, LADDER};
use std::path::PathBuf;
mod common;

use common::{ok, searchlab};

/// Runs `searchlab ARGS --json`, asserts success, parses the JSON.
fn json(args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.push("--json");
    let text = ok(&all);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("bad JSON ({e}): {text}"))
}

/// Runs `searchlab ARGS`, asserts a clean failure (exit 1, a message containing `wanted`, no
/// panic), returns stderr.
fn fails(args: &[&str], wanted: &str) -> String {
    let out = searchlab(args);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(!out.status.success(), "searchlab {args:?} should fail");
    assert!(
        !stderr.contains("panicked"),
        "searchlab {args:?} panicked: {stderr}"
    );
    assert!(
        stderr.contains(wanted),
        "searchlab {args:?}: expected '{wanted}' in: {stderr}"
    );
    stderr
}

/// A file in a fresh temporary folder of this test run.
fn temp_file(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("searchlab-tools-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, contents).expect("temp file");
    path
}

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn perft_of_the_start_position() {
    let v = json(&["perft", "--depth", "3"]);
    assert_eq!(v["nodes"], 8902);
    assert_eq!(v["depth"], 3);
    let text = ok(&["perft", "--depth", "3"]);
    assert!(text.contains("perft 3 = 8902 nodes"), "{text}");
}

#[test]
fn perft_divide_sums_to_the_total() {
    let kiwipete = KIWIPETE;
    let v = json(&["perft", "--fen", kiwipete, "--depth", "2", "--divide"]);
    let split = v["divide"].as_array().expect("a divide list");
    assert_eq!(split.len(), 48, "Kiwipete has 48 moves");
    let sum: u64 = split.iter().map(|m| m["nodes"].as_u64().unwrap()).sum();
    assert_eq!(sum, 2039);
    assert_eq!(v["nodes"], 2039);
    let castle = split.iter().find(|m| m["move"] == "e1g1").expect("O-O");
    assert_eq!(castle["san"], "O-O");
}

#[test]
fn perft_suite_passes_and_catches_a_wrong_count() {
    let v = json(&["perft", "--suite", &data("perft.epd"), "--max-depth", "2"]);
    assert_eq!(v["positions"], 168);
    assert_eq!(v["failed"].as_array().map(Vec::len), Some(0));
    assert!(v["checked"].as_u64().unwrap() >= 260, "{v}");
    let wrong = temp_file(
        "wrong-perft.epd",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401\n",
    );
    let stderr = fails(
        &["perft", "--suite", wrong.to_str().unwrap()],
        "1 perft count(s) differ",
    );
    assert!(!stderr.is_empty());
}

#[test]
fn suite_solves_mates() {
    let mates = std::fs::read_to_string(data("mates.epd")).unwrap();
    let two: String = mates.lines().take(2).map(|l| format!("{l}\n")).collect();
    let file = temp_file("two-mates.epd", &two);
    let v = json(&[
        "suite",
        file.to_str().unwrap(),
        "--depth",
        "3",
        "--movetime",
        "5000",
    ]);
    assert_eq!(
        (v["solved"].as_u64(), v["total"].as_u64()),
        (Some(2), Some(2))
    );
    let first = &v["positions"][0];
    assert_eq!(first["id"], "MATE2.031");
    assert_eq!(first["played_san"], "Qxh2+");
    assert_eq!(first["score"], "mate 2");
    let text = ok(&["suite", file.to_str().unwrap(), "--depth", "3"]);
    assert!(text.contains("solved 2/2"), "{text}");
    assert!(text
        .lines()
        .any(|l| l.starts_with("MATE2.061") && l.ends_with("ok")));
}

/// `suite --depth N` alone searches to depth N with no time limit: a search that takes more
/// than the second a position gets by default (MATE2.201 at alphabeta's depth 5: about ten
/// million nodes) still reaches its depth, and gives the same nodes and move as the library's
/// depth-only search, on a busy machine as on a quiet one.
#[test]
fn suite_at_a_depth_alone_is_depth_only() {
    let mates = std::fs::read_to_string(data("mates.epd")).unwrap();
    let line = mates
        .lines()
        .find(|l| l.contains("\"MATE2.201\""))
        .expect("MATE2.201 is in the suite");
    let file = temp_file("mate2-201.epd", &format!("{line}\n"));
    let args = [
        "suite",
        file.to_str().unwrap(),
        "--stage",
        "alphabeta",
        "--depth",
        "5",
    ];
    let v = json(&args);
    assert!(v["movetime_ms"].is_null(), "no time limit: {v}");
    let entry = &v["positions"][0];
    assert_eq!(
        (entry["depth"].as_u64(), entry["solved"].as_bool()),
        (Some(5), Some(true))
    );
    let records = searchlab::epd::parse_epd(line).unwrap();
    let library = searchlab::lab::suite::run_suite(
        &records,
        "alphabeta",
        &searchlab::SearchLimits::depth(5),
        |_, _, _| {},
    )
    .unwrap();
    assert_eq!(entry["nodes"].as_u64(), Some(library.entries[0].nodes));
    assert_eq!(
        entry["played_uci"].as_str(),
        library.entries[0].played_uci.as_deref()
    );
    // The summary says which limits held (a shallow search will do to read it).
    let text = ok(&[
        "suite",
        file.to_str().unwrap(),
        "--stage",
        "alphabeta",
        "--depth",
        "2",
    ]);
    assert!(
        text.contains("with alphabeta (depth 2, no time limit)"),
        "{text}"
    );
    let text = ok(&[
        "suite",
        file.to_str().unwrap(),
        "--depth",
        "1",
        "--movetime",
        "5000",
    ]);
    assert!(text.contains("(5000 ms/position, depth 1)"), "{text}");
}

#[test]
fn match_of_two_games() {
    let v = json(&[
        "match",
        "--stage",
        "cached",
        "--stage",
        "iterative",
        "--games",
        "2",
        "--movetime",
        "5",
        "--max-plies",
        "60",
    ]);
    let (w, d, l) = (
        v["wins"].as_u64().unwrap(),
        v["draws"].as_u64().unwrap(),
        v["losses"].as_u64().unwrap(),
    );
    assert_eq!(w + d + l, 2);
    let games = v["games"].as_array().unwrap();
    assert_eq!(
        games[0]["opening"], games[1]["opening"],
        "each opening twice"
    );
    assert_eq!(
        (
            games[0]["a_is_white"].as_bool(),
            games[1]["a_is_white"].as_bool()
        ),
        (Some(true), Some(false))
    );
    // Two games rarely set a finite interval: an end no finite number describes is "+inf" or
    // "-inf" (JSON has no infinities).
    let elo = |key: &str| match (v["elo"][key].as_f64(), v["elo"][key].as_str()) {
        (Some(x), _) => x,
        (None, Some("+inf")) => f64::INFINITY,
        (None, Some("-inf")) => f64::NEG_INFINITY,
        _ => panic!("elo.{key} is not an Elo value: {}", v["elo"]),
    };
    assert!(
        elo("lower") <= elo("elo") && elo("elo") <= elo("upper"),
        "{}",
        v["elo"]
    );
}

#[test]
fn bench_ends_with_the_signature_line() {
    let text = ok(&["bench", "--depth", "3"]);
    let last = text.lines().last().unwrap_or("");
    let words: Vec<&str> = last.split(' ').collect();
    let number = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit());
    assert!(
        words.len() == 4
            && number(words[0])
            && words[1] == "nodes"
            && number(words[2])
            && words[3] == "nps",
        "last line '{last}' is not '<N> nodes <M> nps'"
    );
    // The CLI's total is the library's.
    let report = run_bench(LADDER, 3, |_, _, _| {}).unwrap();
    assert_eq!(words[0].parse::<u64>().unwrap(), report.total_nodes());
}

#[test]
fn bench_signature_is_deterministic() {
    let first = run_bench(LADDER, 3, |_, _, _| {}).unwrap();
    let second = run_bench(LADDER, 3, |_, _, _| {}).unwrap();
    assert_eq!(first.entries.len(), LADDER.len());
    assert_eq!(first.total_nodes(), second.total_nodes());
    let moves = |r: &searchlab::bench::BenchReport| {
        r.entries
            .iter()
            .map(|e| e.best_move.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(moves(&first), moves(&second));
    assert!(first.total_nodes() > 10_000, "{}", first.total_nodes());
}

#[test]
fn a_stage_with_a_switch_is_benched_and_played_as_given() {
    use searchlab::bench::run_bench_on;
    let positions: Vec<(String, String)> = LADDER
        .iter()
        .take(4)
        .map(|p| (p.name.to_string(), p.fen.to_string()))
        .collect();
    let nodes = |stage: &str| {
        run_bench_on(stage, &positions, 5, |_, _, _| {})
            .unwrap()
            .total_nodes()
    };
    // Without null-move pruning the search is another search: the switch was not dropped.
    assert_ne!(nodes("selective"), nodes("selective -null_move"));
    // A switch the stage does not have is refused, by the bench and by the match, by name.
    let error = run_bench_on("selective -nope", &positions, 5, |_, _, _| {})
        .unwrap_err()
        .to_string();
    assert!(error.contains("'-nope'"), "{error}");
    fails(
        &["match", "--stage", "selective -nope", "--stage", "pvs"],
        "-nope",
    );
    // compare runs stages as they are: a switch there is refused, not silently dropped.
    fails(
        &["compare", "--stage", "selective -null_move"],
        "without switches",
    );
}

#[test]
fn bad_inputs_fail_cleanly() {
    fails(&["suite", "/no/such/file.epd"], "/no/such/file.epd");
    fails(
        &["perft", "--suite", "/no/such/perft.epd"],
        "/no/such/perft.epd",
    );
    let malformed = temp_file("malformed.epd", "8/8/8 w - - bm e4;\n");
    fails(&["suite", malformed.to_str().unwrap()], "EPD line 1");
    let bad_bm = temp_file("bad-bm.epd", "4k3/8/8/8/8/8/8/4K2R w K - bm Qh5;\n");
    fails(&["suite", bad_bm.to_str().unwrap()], "'Qh5' is not legal");
    fails(
        &["perft", "--fen", "rnbqkbnr/pppppppp/8/8 w KQkq - 0 1"],
        "field 1",
    );
    fails(
        &["perft", "--fen", "4k3/8/8/8/8/8/8/4K3 x - - 0 1"],
        "field 2",
    );
    let mates = data("mates.epd");
    fails(
        &["suite", &mates, "--stage", "deepblue"],
        "unknown stage 'deepblue'",
    );
    fails(&["suite", &mates, "--movetime", "0"], "more than 0 ms");
    fails(
        &[
            "match", "--stage", "cached", "--stage", "nope", "--games", "1",
        ],
        "unknown stage 'nope'",
    );
    fails(
        &[
            "match",
            "--stage",
            "cached",
            "--stage",
            "iterative",
            "--movetime",
            "0",
        ],
        "more than 0 ms",
    );
    fails(&["match", "--stage", "cached"], "exactly two players");
    fails(
        &[
            "match", "--stage", "cached", "--stage", "pvs", "--sprt", "10,0",
        ],
        "--sprt '10,0': elo0 (10) must be below elo1 (0)",
    );
    fails(
        &[
            "match", "--stage", "cached", "--stage", "pvs", "--tc", "fast",
        ],
        "time control 'fast'",
    );
    fails(
        &[
            "match", "--stage", "cached", "--option", "Hash=1", "--stage", "pvs",
        ],
        "needs an --engine before it",
    );
    fails(
        &[
            "match",
            "--stage",
            "pvs",
            "--engine",
            "/nonexistent/engine",
            "--games",
            "2",
        ],
        "cannot start '/nonexistent/engine'",
    );
    let openings = temp_file("openings.txt", "not a position\n");
    fails(
        &[
            "match",
            "--stage",
            "cached",
            "--stage",
            "iterative",
            "--openings",
            openings.to_str().unwrap(),
        ],
        "openings.txt",
    );
    fails(&["bench", "--depth", "0"], "depth must be at least 1");
}

/// A short match played two games at a time, against a UCI engine (this very binary, as any
/// GUI would start it, set to another stage), writes a PGN that reads back with every move
/// legal; and the JSON carries the pairs and the SPRT's LLR.
#[test]
fn a_concurrent_match_against_a_uci_engine_writes_a_legal_pgn() {
    let pgn = std::env::temp_dir().join(format!("searchlab-match-{}.pgn", std::process::id()));
    let engine = format!("{} uci", env!("CARGO_BIN_EXE_searchlab"));
    let v = json(&[
        "match",
        "--stage",
        "pvs",
        "--engine",
        &engine,
        "--option",
        "Stage=cached",
        "--option",
        "Hash=4",
        "--games",
        "6",
        "--nodes",
        "1500",
        "--concurrency",
        "2",
        "--sprt",
        "0,50",
        "--max-plies",
        "120",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(v["player_b"], "searchlab Stage=cached Hash=4");
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 6);
    assert_eq!(
        v["standing"]["pairs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_u64().unwrap())
            .sum::<u64>(),
        3
    );
    assert!(v["standing"]["llr"].as_f64().is_some());
    let text = std::fs::read_to_string(&pgn).expect("the PGN was written");
    let read = searchlab::lab::pgn::read_games(&text).expect("every move replays legally");
    assert_eq!(read.len(), 6);
    for game in &read {
        let round: usize = game.header("Round").unwrap().parse().unwrap();
        let record = &games[round - 1];
        let moves: Vec<&str> = record["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert_eq!(game.moves, moves, "round {round}");
        assert_eq!(
            game.header("PlyCount"),
            Some(moves.len().to_string().as_str())
        );
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&game.result.as_str()));
    }
    let _ = std::fs::remove_file(pgn);
}
