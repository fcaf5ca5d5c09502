//! What `searchlab match` reports, through the real binary, where a match goes to an extreme:
//! an engine that never answers (it loses on time, is stopped, and the clocks say so), a
//! result with no finite Elo interval, and a bad `--sprt`.

use std::path::PathBuf;
mod common;

use common::{ok, searchlab};

/// A folder of this test run's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("searchlab-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// An Elo value from the JSON: a number, or `"+inf"` / `"-inf"` (JSON has no infinities).
fn elo_value(value: &serde_json::Value) -> f64 {
    match (value.as_f64(), value.as_str()) {
        (Some(x), _) => x,
        (None, Some("+inf")) => f64::INFINITY,
        (None, Some("-inf")) => f64::NEG_INFINITY,
        _ => panic!("not an Elo value: {value}"),
    }
}

/// A UCI engine that answers `uci` and `isready`, and on `go` thinks forever, deaf to
/// everything (so that only a kill ends it, even once its input is closed). Each process
/// appends its id to `pids`.
#[cfg(unix)]
fn hung_engine(dir: &std::path::Path) -> (PathBuf, PathBuf) {
    use std::os::unix::fs::PermissionsExt;
    let pids = dir.join("pids");
    let script = dir.join("hung-engine");
    let text = format!(
        "#!/bin/sh\necho $$ >> '{}'\nwhile read -r line; do\n  case \"$line\" in\n    \
         uci) echo 'id name hung'; echo uciok ;;\n    isready) echo readyok ;;\n    \
         go*) while :; do sleep 1; done ;;\n  esac\ndone\n",
        pids.display()
    );
    std::fs::write(&script, text).expect("the engine's script");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    (script, pids)
}

/// A match against an engine that hangs on its first `go`, on a one-second clock: each game is
/// lost on time by the engine (not a "player failure" after minutes), its process is stopped,
/// the least clock is 0 for the engine whose flag fell and "none" for a player that never
/// moved, and the 2–0 and 0–1 results print no zero-width interval. The clock only decides
/// how long the test takes; what it asserts does not depend on the machine's load (the stage
/// searches one ply a move).
#[cfg(unix)]
#[test]
fn an_engine_that_hangs_loses_on_time_and_is_stopped() {
    let dir = scratch("hung");
    let (engine, pids) = hung_engine(&dir);
    let engine = engine.to_str().unwrap();
    let clock = ["--tc", "1+0", "--depth", "1"];
    // A (alphabeta) against the engine, two games: the engine hangs as Black and as White.
    let mut args = vec![
        "match",
        "--stage",
        "alphabeta",
        "--engine",
        engine,
        "--games",
        "2",
    ];
    args.extend(clock);
    args.push("--json");
    let v: serde_json::Value = serde_json::from_str(&ok(&args)).expect("JSON");
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    for game in games {
        assert_eq!(game["termination"], "time-forfeit", "{game}");
        assert_eq!(game["result"], "win", "{game}");
        let detail = game["detail"].as_str().unwrap();
        assert!(
            detail.starts_with("hung-engine used") && detail.contains("so it was stopped"),
            "{detail}"
        );
        // The engine's flag fell: nothing left.
        assert_eq!(game["least_clock_ms"][1], 0, "{game}");
    }
    // Game 1: A (White) moved once, in time; game 2: the engine, White, never let A move.
    let least_a = games[0]["least_clock_ms"][0].as_u64().expect("A moved");
    assert!(least_a <= 1000, "{least_a}");
    assert!(games[1]["least_clock_ms"][0].is_null(), "{}", games[1]);
    // 2–0: no finite estimate, a finite lower end, no upper end.
    let elo = &v["elo"];
    assert_eq!(
        (elo["elo"].as_str(), elo["upper"].as_str()),
        (Some("+inf"), Some("+inf"))
    );
    assert!((elo_value(&elo["lower"]) + 290.5).abs() < 0.1, "{elo}");
    assert_eq!(elo["interval_from"], "streak");

    // The engine as A, one game as White: it loses at once; B never moved on the clock.
    let mut args = vec![
        "match",
        "--engine",
        engine,
        "--stage",
        "alphabeta",
        "--games",
        "1",
    ];
    args.extend(clock);
    let text = ok(&args);
    assert!(
        text.contains(
            "least clock left hung-engine 0 ms, alphabeta none (no move on the clock); \
             losses on time hung-engine 1, alphabeta 0"
        ),
        "{text}"
    );
    assert!(
        text.contains("Elo difference -inf (1 game, lost; 95% interval -inf to +636.4)"),
        "{text}"
    );
    assert!(
        !text.contains("± 0.0") && !text.contains("18446744073709551615"),
        "{text}"
    );

    // Every engine process the matches started was stopped: none is left thinking.
    #[cfg(target_os = "linux")]
    {
        let started = std::fs::read_to_string(&pids).expect("the engine ran");
        let pids: Vec<&str> = started.split_whitespace().collect();
        assert!(pids.len() >= 3, "one engine a game: {pids:?}");
        let alive: Vec<&&str> = pids
            .iter()
            .filter(|pid| std::path::Path::new(&format!("/proc/{pid}")).exists())
            .collect();
        for pid in &alive {
            // Leave nothing behind, even when the test fails.
            let _ = std::process::Command::new("kill").arg(pid).status();
        }
        assert!(alive.is_empty(), "engines still running: {alive:?}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// Every game drawn (each adjudicated after one ply): an estimate of 0, with an interval from
/// the chance of such a streak, never the zero-width "± 0.0" the spread of identical results
/// would give; in the text and in the JSON.
#[test]
fn a_match_of_draws_only_has_an_interval_from_its_streak() {
    let args = [
        "match",
        "--stage",
        "alphabeta",
        "--stage",
        "minimax",
        "--depth",
        "1",
        "--games",
        "2",
        "--max-plies",
        "1",
    ];
    let text = ok(&args);
    assert!(
        text.contains(
            "score 50.0%, Elo difference +0.0 (2 games, all drawn; 95% interval -426.5 to +426.5)"
        ),
        "{text}"
    );
    let mut json = args.to_vec();
    json.push("--json");
    let v: serde_json::Value = serde_json::from_str(&ok(&json)).expect("JSON");
    let elo = &v["elo"];
    assert_eq!(
        (elo["elo"].as_f64(), elo["interval_from"].as_str()),
        (Some(0.0), Some("streak"))
    );
    let (lower, upper) = (elo_value(&elo["lower"]), elo_value(&elo["upper"]));
    assert!(
        (lower + 426.5).abs() < 0.1 && (upper - 426.5).abs() < 0.1,
        "{elo}"
    );
    // A match under no clock has no least clocks at all.
    assert!(v["games"][0]["least_clock_ms"].is_null());
}

/// A bad `--sprt` is named once, with what was given, what is wrong and what is expected; never
/// "invalid search limit" (it is not one), and never the same words twice.
#[test]
fn a_bad_sprt_says_what_was_given_and_what_is_expected() {
    for (given, wrong) in [
        ("10,0", "elo0 (10) must be below elo1 (0)"),
        ("10", "1 number, not 2 or 4"),
        ("0,10,0.05", "3 numbers, not 2 or 4"),
        ("ten,20", "'ten' is not a number"),
        ("nan,10", "elo0 must be a finite number, not NaN"),
        (
            "0,10,0.7,0.05",
            "alpha (0.7) must lie strictly between 0 and 0.5",
        ),
    ] {
        let out = searchlab(&[
            "match", "--stage", "cached", "--stage", "pvs", "--sprt", given,
        ]);
        assert_eq!(out.status.code(), Some(1), "--sprt {given}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let expected = format!(
            "error: --sprt '{given}': {wrong} (expected elo0,elo1 or elo0,elo1,alpha,beta, \
             with elo0 < elo1 and alpha, beta between 0 and 0.5, e.g. --sprt 0,10)"
        );
        assert_eq!(stderr.trim_end(), expected, "--sprt {given}");
    }
}
