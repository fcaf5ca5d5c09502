//! The tuner's unit tests (apart, so that `tune.rs` reads as the method).

use super::*;
use searchlab_engine::eval::weights::{MOBILITY, PASSED_PAWN};

/// Some 3,000 varied positions (from each sample opening, every fifth position of a
/// 40-move random walk, so that material is often uneven: more positions than weights),
/// each labelled by the sigmoid of a known evaluation: an expected result, not a game's.
fn synthetic(truth: &Evaluation, k: f64) -> TrainingSet {
    use searchlab_engine::game::Game;
    let mut random = searchlab_engine::rng::SplitMix64::new(3);
    let mut set = TrainingSet::default();
    for fen in crate::openings::default_openings().iter().take(400) {
        let mut game = Chess::from_fen(fen).unwrap();
        for ply in 0..40 {
            let moves = game.legal_moves();
            if moves.is_empty() || game.game_outcome().is_some() {
                break;
            }
            game.play(moves[random.below(moves.len())]);
            if ply % 5 == 4 {
                let score = truth.evaluate(game.board()).0;
                let white = if game.side_to_move() == Color::White {
                    score
                } else {
                    -score
                };
                let label = sigmoid(k, f64::from(white)) as f32;
                set.add(truth, &game.fen(), label).unwrap();
            }
        }
    }
    set
}

#[test]
fn the_gradient_matches_a_finite_difference() {
    let evaluation = Evaluation::default();
    let set = synthetic(&evaluation, 0.01);
    let mut weights = RealWeights::from_weights(evaluation.weights());
    weights.0[MOBILITY][0] += 3.0; // away from the truth, so the gradient is not 0
    let grad = gradient(&set, &weights, 0.01, 2);
    let h = 1e-3;
    for (index, part) in [(MOBILITY, 0), (MATERIAL + 1, 1), (PASSED_PAWN + 5, 1)] {
        let mut up = weights.clone();
        up.0[index][part] += h;
        let mut down = weights.clone();
        down.0[index][part] -= h;
        let numeric = (mean_squared_error(&set, &up, 0.01, 1)
            - mean_squared_error(&set, &down, 0.01, 1))
            / (2.0 * h);
        let exact = grad.0[index][part];
        assert!(
            (numeric - exact).abs() <= 1e-6 + 1e-3 * exact.abs(),
            "weight {index}/{part}: {numeric} v {exact}"
        );
    }
}

#[test]
fn the_tuner_recovers_known_weights() {
    // Labels from the hand-set weights; start with the bishop's mobility weight and the
    // rook's middlegame value knocked off; the tuner must find them again. (Not to the
    // centipawn: with 3,000 positions and 800 weights some weights can stand in for others,
    // the bishop's mobility for its squares, and the error barely tells them apart.)
    let truth = Evaluation::default();
    let k = 0.01;
    let set = synthetic(&truth, k);
    let mut start = RealWeights::from_weights(truth.weights());
    start.0[MOBILITY + 1] = [20.0, 20.0]; // the bishop's: truly 5 and 5 (hand-set)
    start.0[MATERIAL + 3][0] += 60.0; // the rook's middlegame value
    let before = mean_squared_error(&set, &start, k, 2);
    let schedule = Schedule {
        threads: 2,
        ..Schedule::new(1000, 1.0)
    };
    let report = tune(&set, start, k, &schedule, |_, _, _| {});
    let after = *report.errors.last().unwrap();
    assert!(after < before / 20.0, "error {before} -> {after}");
    let mut true_weights = RealWeights::from_weights(truth.weights());
    normalise(&mut true_weights);
    let [mg, eg] = report.weights.0[MOBILITY + 1];
    let [true_mg, true_eg] = true_weights.0[MOBILITY + 1];
    assert!(
        (mg - true_mg).abs() < 2.5 && (eg - true_eg).abs() < 2.5,
        "{mg} {eg}"
    );
    // The rook's value: material plus its table's average, which normalise moved in.
    let rook = report.weights.0[MATERIAL + 3][0];
    let true_rook = true_weights.0[MATERIAL + 3][0];
    assert!((rook - true_rook).abs() < 10.0, "{rook} v {true_rook}");
    // And the evaluations themselves: within 5 centipawns of the truth on average.
    let gap: f64 = set
        .entries
        .iter()
        .map(|e| {
            (model_eval(&set, e, &report.weights).0 - model_eval(&set, e, &true_weights).0).abs()
        })
        .sum::<f64>()
        / set.len() as f64;
    assert!(gap < 5.0, "mean gap {gap}");
}

#[test]
fn k_is_found_where_the_labels_were_made() {
    let truth = Evaluation::default();
    let set = synthetic(&truth, 0.008);
    let weights = RealWeights::from_weights(truth.weights());
    let k = fit_k(&set, &weights, 2);
    assert!((k - 0.008).abs() < 0.0002, "K = {k}");
}

#[test]
fn normalising_changes_no_evaluation() {
    let truth = Evaluation::default();
    let set = synthetic(&truth, 0.01);
    let before = RealWeights::from_weights(truth.weights());
    let mut after = before.clone();
    normalise(&mut after);
    assert_ne!(before, after);
    for entry in &set.entries {
        let (a, _) = model_eval(&set, entry, &before);
        let (b, _) = model_eval(&set, entry, &after);
        assert!((a - b).abs() < 1e-9);
    }
}

#[test]
fn rarely_seen_weights_are_held() {
    let truth = Evaluation::default();
    let set = synthetic(&truth, 0.01);
    let seen = presence(&set);
    // Every position has two kings, each counted on its square (mirrored for Black).
    let kings: f64 = (0..64)
        .map(|sq| seen[PSQT + 320 + sq][0] + seen[PSQT + 320 + sq][1])
        .sum();
    assert!((kings - 2.0 * set.len() as f64).abs() < 1e-6, "{kings}");
    // A white pawn on a8 cannot be: never seen.
    assert_eq!(seen[PSQT + 56], [0.0, 0.0]);
    let mut start = RealWeights::from_weights(truth.weights());
    start.0[MOBILITY + 1] = [20.0, 20.0];
    let schedule = Schedule {
        min_presence: f64::INFINITY,
        ..Schedule::new(50, 1.0)
    };
    let held = tune(&set, start.clone(), 0.01, &schedule, |_, _, _| {});
    let mut expected = start;
    normalise(&mut expected);
    assert_eq!(held.weights, expected, "nothing may move");
}

#[test]
fn holding_counts_the_values_tune_holds() {
    let seen = [[0.0, 10.0], [20.0, 30.0], [40.0, 0.0]];
    let holding = Holding::of(&seen, 20.0);
    assert_eq!(
        (holding.held, holding.free),
        (3, 3),
        "below 20 is held, 20 is not"
    );
    // Shown: 10, 20, 30, 40; the top tenth of four is one value, the largest.
    assert_eq!((holding.most, holding.top_tenth), (40.0, 40.0));
    assert_eq!(Holding::of(&seen, 0.0).held, 0);
    assert_eq!(Holding::of(&[], 1.0).top_tenth, 0.0); // no data: no panic
}

#[test]
fn targets_blend_results_with_scores() {
    let evaluation = Evaluation::default();
    let fen = searchlab_engine::games::chess::START_FEN;
    let mut set =
        TrainingSet::parse(&format!("{fen} | 100 | 1\n{fen} | -50 | 0\n"), &evaluation).unwrap();
    set.add(&evaluation, fen, 0.5).unwrap(); // no score: keeps its result
    set.blend_with_scores(0.01, 0.5);
    let targets: Vec<f32> = set.entries.iter().map(|e| e.result).collect();
    let expected = [
        (0.5 + 0.5 * sigmoid(0.01, 100.0)) as f32,
        (0.5 * sigmoid(0.01, -50.0)) as f32,
        0.5,
    ];
    assert_eq!(targets, expected);
    set.blend_with_scores(0.01, 1.0); // back to the results alone
    assert_eq!(
        set.entries.iter().map(|e| e.result).collect::<Vec<_>>(),
        [1.0, 0.0, 0.5]
    );
}

#[test]
fn bad_lines_are_named() {
    let evaluation = Evaluation::default();
    let error = TrainingSet::parse("# ok\n8/8/8/8/8/8/8/8 w - - 0 1 | 0 | 0.5\n", &evaluation)
        .unwrap_err()
        .to_string();
    assert!(error.starts_with("data line 2:"), "{error}");
    let error = TrainingSet::parse(
        &format!("{} | 3 | 2\n", searchlab_engine::games::chess::START_FEN),
        &evaluation,
    )
    .unwrap_err()
    .to_string();
    assert!(error.contains("result must be 1, 0.5 or 0"), "{error}");
}
