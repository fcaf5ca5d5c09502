//! The mistakes learners really make, each a rung's own code with one change, and the grader
//! held to rejecting every one of them with a message that says what and where.
//!
//! A mistake is written as a change to the exercise's solution ([`super::solution`]): the text
//! the learner wrote instead of the rung's. [`check_all`] compiles every mistaken solution
//! together, with every committed skeleton and every solution, as modules of one program (one
//! build, however many files), and grades each as `searchlab exercise check` grades a learner's
//! copy: the skeleton must be "not done yet", the solution solved, each mistake rejected with
//! its message. `cargo test --test exercises -- --ignored` runs it (in CI), and so does
//! `searchlab exercise mistakes`.

use super::build::Built;
use super::workspace::{build_and_run, grading, io, write_if_changed};
use super::{find, solution};
use crate::error::{Error, Result};
use std::path::Path;

/// One typical mistake.
#[derive(Clone, Copy, Debug)]
pub struct Mistake {
    /// The exercise.
    pub exercise: &'static str,
    /// The rung's text the learner got wrong (it must occur once in the solution)...
    pub old: &'static str,
    /// ...and what the learner wrote instead.
    pub new: &'static str,
    /// The mistake, in a few words.
    pub what: &'static str,
    /// What the grader's message must say.
    pub expected: &'static str,
    /// Further changes of the same slip elsewhere in the file (`old`, `new`), each of which
    /// must also occur once: a slip made on both sides of a pair, as learners make it.
    pub also: &'static [(&'static str, &'static str)],
}

const fn m(
    exercise: &'static str,
    old: &'static str,
    new: &'static str,
    what: &'static str,
    expected: &'static str,
) -> Mistake {
    Mistake {
        exercise,
        old,
        new,
        what,
        expected,
        also: &[],
    }
}

/// A mistake made in two places or more ([`Mistake::also`]).
const fn both(mistake: Mistake, also: &'static [(&'static str, &'static str)]) -> Mistake {
    Mistake { also, ..mistake }
}

/// The typical mistakes, by exercise in the order of the ladder.
pub const MISTAKES: &[Mistake] = &[
    m(
        "alphabeta",
        "ply + 1, -beta, -alpha)",
        "ply + 1, -alpha, -beta)",
        "the child's window not swapped",
        "Is the child's window the parent's negated and swapped",
    ),
    m(
        "alphabeta",
        "            alpha = alpha.max(score);\n",
        "",
        "alpha never raised (no cut-off)",
        "is every cut-off made as soon as it can be?",
    ),
    m(
        "alphabeta",
        "            if alpha >= beta {",
        "            if alpha > beta {",
        "the cut-off made only once alpha passes beta",
        "is every cut-off made as soon as it can be?",
    ),
    m(
        "iterative",
        "                alpha = score;\n                pv.clear();\n",
        "                alpha = score;\n",
        "the line not started afresh",
        "principal variation",
    ),
    m(
        "iterative",
        "                pv.extend_from_slice(&child_pv);\n            }\n            if alpha >= beta {",
        "            }\n            if alpha >= beta {",
        "the child's line not added",
        "principal variation has",
    ),
    m(
        "iterative",
        "            let deeper = go_on(stage, &mut iteration);",
        "            let deeper = true;",
        "the loop never told of a completed iteration",
        "iterations reported as they completed",
    ),
    m(
        "iterative",
        "            if state.counter.stopped() {\n                // Abandoned: the last completed iteration stands.\n                found.cut = Some((score, pv));\n                break;\n            }\n",
        "",
        "a stopped iteration kept as if it had completed",
        "a stopped iteration is thrown away",
    ),
    m(
        "iterative",
        "            state.completed_depth = depth;\n",
        "",
        "the completed depth never recorded",
        "the search completed depth 0",
    ),
    m(
        "iterative",
        "            let pv_move = self.previous_pv.get(ply as usize).copied();",
        "            let pv_move = self.previous_pv.first().copied();",
        "the previous line's first move tried at every ply",
        "nodes where the rung searched",
    ),
    m(
        "iterative",
        "            if !self.following_pv {\n                return None;\n            }\n",
        "",
        "the previous line followed off the line too",
        "nodes where the rung searched",
    ),
    m(
        "cached",
        "best.to_tt(ply), bound",
        "best, bound",
        "a mate score stored without its ply",
        "a different score, on MATE3",
    ),
    m(
        "cached",
        "Bound::of(best, original_alpha, beta)",
        "if best <= original_alpha { Bound::Lower } else if best >= beta { Bound::Upper } else { Bound::Exact }",
        "bounds stored the wrong way round",
        "a different score, on BK.07",
    ),
    m(
        "cached",
        "Bound::of(best, original_alpha, beta)",
        "Bound::Exact",
        "every result stored as exact",
        "on BK.12 at depth 4",
    ),
    m(
        "cached",
        "            if self.depth < depth {\n                return None;\n            }\n",
        "",
        "a shallower entry answers a deeper node",
        "Does the probe refuse an entry searched less deep than the node",
    ),
    m(
        "cached",
        "                Bound::Lower => score >= beta,\n                Bound::Upper => score <= alpha,",
        "                Bound::Lower => score <= alpha,\n                Bound::Upper => score >= beta,",
        "bounds read on the wrong side of the window",
        "a different score, on BK.07",
    ),
    m(
        "cached",
        "            let score = self.score.from_tt(ply);",
        "            let score = self.score;",
        "a mate score read back without its ply",
        "a different score, on MATE3",
    ),
    both(
        m(
            "cached",
            "best.to_tt(ply), bound",
            "best, bound",
            "mate scores stored and read back without the ply (both sides forgotten)",
            "are mate scores stored relative to the node",
        ),
        &[(
            "            let score = self.score.from_tt(ply);",
            "            let score = self.score;",
        )],
    ),
    m(
        "cached",
        "Bound::of(best, original_alpha, beta)",
        "if best >= beta || best <= original_alpha { Bound::Lower } else { Bound::Exact }",
        "a fail-low stored as a lower bound (the fail-high right)",
        "a different",
    ),
    m(
        "ordered",
        "                if killers[0] != Some(mv) {\n                    killers[1] = killers[0];\n                    killers[0] = Some(mv);\n                }\n",
        "",
        "no killers kept",
        "yours are [none, none]",
    ),
    m(
        "ordered",
        "                if killers[0] != Some(mv) {\n                    killers[1] = killers[0];\n                    killers[0] = Some(mv);\n                }\n",
        "                killers[1] = killers[0];\n                killers[0] = Some(mv);\n",
        "one killer in both slots",
        "never one move twice",
    ),
    m(
        "ordered",
        "CAPTURE + capture.mvv_lva()",
        "CAPTURE + capture.attacker * 16 - capture.victim / 64",
        "the most valuable attacker first (LVA-MVV)",
        "the first difference is move 2",
    ),
    m(
        "ordered",
        "CAPTURE + capture.mvv_lva()",
        "CAPTURE + capture.victim - capture.attacker",
        "victim and attacker counted alike",
        "the first difference is move 3",
    ),
    m(
        "ordered",
        "CAPTURE + capture.mvv_lva()",
        "KILLER - 5 + capture.mvv_lva() / 1000",
        "captures after the killers",
        "another order",
    ),
    m(
        "ordered",
        "                    KILLER - k as i32",
        "                    KILLER + k as i32",
        "the older killer first",
        "another order",
    ),
    m(
        "ordered",
        "                if Some(mv) == hash_move {\n                    HASH_MOVE\n                } else if",
        "                if",
        "the hash move not first",
        "the first difference is move 1",
    ),
    m(
        "pvs",
        "if score > alpha && score < beta && null < beta && depth > 1 {",
        "if false {",
        "a re-search that is never done",
        "principal variation has",
    ),
    m(
        "pvs",
        "-self.alphabeta(game, depth - 1, ply + 1, -null, -alpha, pv)",
        "-self.alphabeta(game, depth - 1, ply + 1, -alpha, -null, pv)",
        "the null window the wrong way round",
        "a different score",
    ),
    m(
        "quiescence",
        "        if !in_check {\n            if stand_pat >= beta {",
        "        if true {\n            if stand_pat >= beta {",
        "standing pat in check",
        "does your quiescence stand pat in check?",
    ),
    m(
        "quiescence",
        "            best = stand_pat;\n            alpha = alpha.max(stand_pat);\n",
        "",
        "the evaluation never the floor",
        "is stand pat the floor of `best`",
    ),
    m(
        "quiescence",
        "            if stand_pat >= beta {\n                return stand_pat;\n            }\n",
        "",
        "no cut-off by standing pat",
        "already reaches beta return it at once",
    ),
    m(
        "quiescence",
        "-self.quiescence(game, ply + 1, -beta, -alpha)",
        "-self.quiescence(game, ply + 1, -alpha, -beta)",
        "the capture's window not swapped",
        "the window negated and swapped, (-beta, -alpha)",
    ),
    m(
        "null_move",
        "                && eval >= beta\n                && game.may_pass();",
        "                && eval >= beta;",
        "a null move in a pawn ending",
        "null-move cut-offs where none may be, on pawn race",
    ),
    m(
        "null_move",
        "                && (depth < NULL_MOVE_VERIFY_DEPTH || {",
        "                && (true || {",
        "no verification far from the horizon",
        "a different score, on italian at depth 8",
    ),
    m(
        "late_move_reductions",
        "                if score > alpha {\n                    // A surprise",
        "                if false {\n                    // A surprise",
        "no re-search when a reduced move surprises",
        "a different score",
    ),
    m(
        "late_move_reductions",
        "r.saturating_sub(u32::from(pv_node)).min(depth - 2)",
        "r.min(depth - 2)",
        "reduced as much on the principal variation",
        "a different score",
    ),
    m(
        "late_move_reductions",
        "depth >= 3 && tried >= 3 && reducible)",
        "depth >= 3 && tried >= 3)",
        "captures and checks reduced too",
        "does your reduction leave alone the moves that are not `reducible`",
    ),
    m(
        "connect",
        "        if self.outcome().is_some() {\n            return Vec::new();\n        }\n",
        "",
        "a game that goes on after a win",
        "a finished game has no moves",
    ),
    m(
        "connect",
        "[(1, 0), (0, 1), (1, 1), (1, -1)]",
        "[(1, 0), (0, 1)]",
        "no diagonal wins",
        "does your outcome check every direction",
    ),
    m(
        "connect",
        "        let last = self.history.last()?;\n",
        "        if self.history.len() == COLUMNS * ROWS {\n            return Some(Outcome::Draw);\n        }\n        let last = self.history.last()?;\n",
        "a full board called a draw before the last stone's win is seen",
        "does your outcome look for a win before it calls a full board a draw",
    ),
    m(
        "connect",
        "            self.heights[column] -= 1;\n",
        "",
        "undo that leaves the column's height",
        "played and undone",
    ),
    m(
        "connect",
        "                    Some(Stone::First) => 1,\n                    Some(Stone::Second) => 2,",
        "                    Some(Stone::First) => 1,\n                    Some(Stone::Second) => 1,",
        "a key that ignores whose stones they are",
        "do equal positions get equal keys",
    ),
];

/// The solution of the mistake's exercise with the mistake made, or an error if its text is
/// not found exactly once there (the rung changed: the mistake must be written anew).
pub fn mistaken(mistake: &Mistake) -> Result<String> {
    let mut text = solution(find(mistake.exercise)?)?;
    for (old, new) in
        std::iter::once((mistake.old, mistake.new)).chain(mistake.also.iter().copied())
    {
        match text.matches(old).count() {
            1 => text = text.replacen(old, new, 1),
            n => {
                return Err(Error::Setting(format!(
                    "the mistake '{}' of {} no longer applies: its text is found {n} times in \
                     the solution, not once: {old:?}",
                    mistake.what, mistake.exercise
                )))
            }
        }
    }
    Ok(text)
}

/// What the grader must say of a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// The committed skeleton: "not done yet".
    NotDone,
    /// The solution (the rung's own code): solved.
    Solved,
    /// A mistake: rejected, with a message that says this.
    Rejected(&'static str),
}

/// A file graded by [`check_all`], and what the grader said.
#[derive(Clone, Debug)]
pub struct Graded {
    /// The exercise.
    pub exercise: &'static str,
    /// What the file is: "the skeleton", "the solution", or the mistake in a few words.
    pub what: &'static str,
    /// What the grader must say.
    pub expected: Expected,
    /// Whether the grader passed it.
    pub passed: bool,
    /// The grader's message.
    pub message: String,
}

impl Graded {
    /// Whether the grader did its job: the skeleton not done yet, the solution solved, each
    /// mistake rejected with a message that says what it must.
    pub fn as_it_should_be(&self) -> bool {
        match self.expected {
            Expected::NotDone => !self.passed && self.message.contains("not done yet"),
            Expected::Solved => self.passed,
            Expected::Rejected(text) => !self.passed && self.message.contains(text),
        }
    }
}

/// Every exercise's committed skeleton (as `skeleton` makes it) and its solution, and every
/// mistake of [`MISTAKES`], graded by one program that holds them all (built in
/// `target/exercises/exercise-mistakes/` under `root`, the repository), as `check` grades a
/// learner's copy.
pub fn check_all(root: &Path) -> Result<Vec<Graded>> {
    let name = "exercise-mistakes";
    let src = root.join("target").join("exercises").join(name).join("src");
    io(std::fs::create_dir_all(&src), &src)?;
    let mut files = Vec::new();
    for exercise in super::EXERCISES {
        // The skeleton as `check` compiles it: the other exercises' hidden parts filled in.
        let skeleton = super::fill_answers(exercise, &super::skeleton(exercise)?)?;
        files.push((exercise.name, "the skeleton", Expected::NotDone, skeleton));
        files.push((
            exercise.name,
            "the solution",
            Expected::Solved,
            solution(exercise)?,
        ));
    }
    for mistake in MISTAKES {
        let expected = Expected::Rejected(mistake.expected);
        files.push((mistake.exercise, mistake.what, expected, mistaken(mistake)?));
    }
    let mut main = String::from(
        "// Generated by searchlab::teach::exercise::mistakes: the skeletons, the solutions and \
         the typical mistakes, graded.\n#![allow(unused, unreachable_code, dead_code)]\n",
    );
    let mut body = String::new();
    for (i, (exercise, _, _, text)) in files.iter().enumerate() {
        let module = format!("file{i:02}");
        let path = src.join(format!("{module}.rs"));
        write_if_changed(&path, text)?;
        main.push_str(&format!("mod {module};\n"));
        body.push_str(&format!(
            "    let verdict = {};\n    println!(\"=== {i} {{}}\", verdict.passed());\n    \
             println!(\"{{}}\", verdict.message());\n",
            grading(find(exercise)?, &module)
        ));
    }
    main.push_str(&format!("\nfn main() {{\n{body}}}\n"));
    // Every skeleton, solution and mistake graded in one program: minutes, not seconds.
    let output = match build_and_run(root, name, &main, 1800)? {
        Built::Ran { output, .. } => output,
        Built::TimedOut => {
            return Err(Error::Setting(
                "grading the skeletons, solutions and mistakes took over 30 minutes".into(),
            ))
        }
        Built::DoesNotCompile(errors) => {
            return Err(Error::Setting(format!(
                "the skeletons, solutions and mistakes do not all compile:\n{errors}"
            )))
        }
    };
    let mut graded = Vec::new();
    for block in output.split("=== ").skip(1) {
        let (head, message) = block.split_once('\n').unwrap_or((block, ""));
        let mut words = head.split_whitespace();
        let index: usize = words
            .next()
            .and_then(|w| w.parse().ok())
            .unwrap_or(usize::MAX);
        let Some((exercise, what, expected, _)) = files.get(index) else {
            continue;
        };
        graded.push(Graded {
            exercise,
            what,
            expected: *expected,
            passed: words.next() == Some("true"),
            message: message.trim_end().to_string(),
        });
    }
    if graded.len() != files.len() {
        return Err(Error::Setting(format!(
            "the grading program graded {} of {} files:\n{output}",
            graded.len(),
            files.len()
        )));
    }
    Ok(graded)
}
