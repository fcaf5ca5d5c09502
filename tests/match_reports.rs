//! What `searchlab match` reports, through the real binary, where a match goes to an extreme:
//! a result with no finite Elo interval.

mod common;

use common::ok;

/// An Elo value from the JSON: a number, or `"+inf"` / `"-inf"` (JSON has no infinities).
fn elo_value(value: &serde_json::Value) -> f64 {
    match (value.as_f64(), value.as_str()) {
        (Some(x), _) => x,
        (None, Some("+inf")) => f64::INFINITY,
        (None, Some("-inf")) => f64::NEG_INFINITY,
        _ => panic!("not an Elo value: {value}"),
    }
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
