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
//!
//! Each change is keyed by an anchor of the rung's source, most often the part the learner
//! writes (`exercise_node`): its text must occur exactly once inside that anchor's lines, found
//! in the solution by [`solution_regions`], however often it occurs elsewhere in the file. An
//! edit elsewhere in the rung never breaks a mistake; an edit inside its anchor may, and then
//! [`mistaken`] says which mistake of which exercise, and which anchor.

use super::build::Built;
use super::skeleton::{solution_regions, Region};
use super::workspace::{build_and_run, grading, io, write_if_changed};
use super::{find, solution};
use searchlab_engine::error::{Error, Result};
use std::path::Path;

/// One change of a mistake: a piece of the rung's text, found inside one anchor of the rung's
/// source, and what the learner wrote instead.
#[derive(Clone, Copy, Debug)]
pub struct Change {
    /// The anchor whose lines hold the text (`exercise_node`, `answer_store`, `search`): the
    /// text must occur exactly once inside it, however often it occurs elsewhere in the file,
    /// so that an edit elsewhere in the rung never breaks the mistake.
    pub anchor: &'static str,
    /// The rung's text the learner got wrong...
    pub old: &'static str,
    /// ...and what the learner wrote instead.
    pub new: &'static str,
}

/// One typical mistake.
#[derive(Clone, Copy, Debug)]
pub struct Mistake {
    /// The exercise.
    pub exercise: &'static str,
    /// The change the learner made (its anchor is usually the part the learner writes).
    pub change: Change,
    /// The mistake, in a few words.
    pub what: &'static str,
    /// What the grader's message must say.
    pub expected: &'static str,
    /// Further changes of the same slip elsewhere in the file, each in its own anchor: a slip
    /// made on both sides of a pair, as learners make it.
    pub also: &'static [Change],
}

impl Mistake {
    /// Every change the mistake makes: its own, then [`Mistake::also`].
    pub fn changes(&self) -> impl Iterator<Item = &Change> {
        std::iter::once(&self.change).chain(self.also)
    }
}

/// A change inside the anchor `anchor`.
const fn change(anchor: &'static str, old: &'static str, new: &'static str) -> Change {
    Change { anchor, old, new }
}

const fn m(
    exercise: &'static str,
    anchor: &'static str,
    old: &'static str,
    new: &'static str,
    what: &'static str,
    expected: &'static str,
) -> Mistake {
    Mistake {
        exercise,
        change: change(anchor, old, new),
        what,
        expected,
        also: &[],
    }
}

/// A mistake made in two places or more ([`Mistake::also`]).
const fn both(mistake: Mistake, also: &'static [Change]) -> Mistake {
    Mistake { also, ..mistake }
}

/// The typical mistakes, by exercise in the order of the ladder.
pub const MISTAKES: &[Mistake] = &[
    m(
        "alphabeta",
        "exercise_node",
        "ply + 1, -beta, -alpha)",
        "ply + 1, -alpha, -beta)",
        "the child's window not swapped",
        "Is the child's window the parent's negated and swapped",
    ),
    m(
        "alphabeta",
        "exercise_node",
        "            alpha = alpha.max(score);\n",
        "",
        "alpha never raised (no cut-off)",
        "is every cut-off made as soon as it can be?",
    ),
    m(
        "alphabeta",
        "exercise_node",
        "            if alpha >= beta {",
        "            if alpha > beta {",
        "the cut-off made only once alpha passes beta",
        "is every cut-off made as soon as it can be?",
    ),
    m(
        "iterative",
        "exercise_line",
        "                alpha = score;\n                pv.clear();\n",
        "                alpha = score;\n",
        "the line not started afresh",
        "principal variation",
    ),
    m(
        "iterative",
        "exercise_line",
        "                pv.extend_from_slice(&child_pv);\n",
        "",
        "the child's line not added",
        "principal variation has",
    ),
    m(
        "iterative",
        "exercise_loop",
        "            let deeper = go_on(stage, &mut iteration);",
        "            let deeper = true;",
        "the loop never told of a completed iteration",
        "iterations reported as they completed",
    ),
    m(
        "iterative",
        "exercise_loop",
        "            if state.counter.stopped() {\n                // Abandoned: the last completed iteration stands.\n                found.cut = Some((score, pv));\n                break;\n            }\n",
        "",
        "a stopped iteration kept as if it had completed",
        "a stopped iteration is thrown away",
    ),
    m(
        "iterative",
        "exercise_loop",
        "            state.completed_depth = depth;\n",
        "",
        "the completed depth never recorded",
        "the search completed depth 0",
    ),
    m(
        "iterative",
        "exercise_previous_line",
        "            let pv_move = self.previous_pv.get(ply as usize).copied();",
        "            let pv_move = self.previous_pv.first().copied();",
        "the previous line's first move tried at every ply",
        "nodes where the rung searched",
    ),
    m(
        "iterative",
        "exercise_previous_line",
        "            if !self.following_pv {\n                return None;\n            }\n",
        "",
        "the previous line followed off the line too",
        "nodes where the rung searched",
    ),
    m(
        "cached",
        "exercise_store",
        "best.to_tt(ply), bound",
        "best, bound",
        "a mate score stored without its ply",
        "a different score, on MATE3",
    ),
    m(
        "cached",
        "exercise_store",
        "Bound::of(best, original_alpha, beta)",
        "if best <= original_alpha { Bound::Lower } else if best >= beta { Bound::Upper } else { Bound::Exact }",
        "bounds stored the wrong way round",
        "a different score, on BK.07",
    ),
    m(
        "cached",
        "exercise_store",
        "Bound::of(best, original_alpha, beta)",
        "Bound::Exact",
        "every result stored as exact",
        "on BK.12 at depth 4",
    ),
    m(
        "cached",
        "exercise_cutoff",
        "            if self.depth < depth {\n                return None;\n            }\n",
        "",
        "a shallower entry answers a deeper node",
        "Does the probe refuse an entry searched less deep than the node",
    ),
    m(
        "cached",
        "exercise_cutoff",
        "                Bound::Lower => score >= beta,\n                Bound::Upper => score <= alpha,",
        "                Bound::Lower => score <= alpha,\n                Bound::Upper => score >= beta,",
        "bounds read on the wrong side of the window",
        "a different score, on BK.07",
    ),
    m(
        "cached",
        "exercise_cutoff",
        "            let score = self.score.from_tt(ply);",
        "            let score = self.score;",
        "a mate score read back without its ply",
        "a different score, on MATE3",
    ),
    both(
        m(
            "cached",
            "exercise_store",
            "best.to_tt(ply), bound",
            "best, bound",
            "mate scores stored and read back without the ply (both sides forgotten)",
            "are mate scores stored relative to the node",
        ),
        &[change(
            "exercise_cutoff",
            "            let score = self.score.from_tt(ply);",
            "            let score = self.score;",
        )],
    ),
    m(
        "cached",
        "exercise_store",
        "Bound::of(best, original_alpha, beta)",
        "if best >= beta || best <= original_alpha { Bound::Lower } else { Bound::Exact }",
        "a fail-low stored as a lower bound (the fail-high right)",
        "a different",
    ),
    m(
        "ordered",
        "exercise_killers",
        "                if killers[0] != Some(mv) {\n                    killers[1] = killers[0];\n                    killers[0] = Some(mv);\n                }\n",
        "",
        "no killers kept",
        "yours are [none, none]",
    ),
    m(
        "ordered",
        "exercise_killers",
        "                if killers[0] != Some(mv) {\n                    killers[1] = killers[0];\n                    killers[0] = Some(mv);\n                }\n",
        "                killers[1] = killers[0];\n                killers[0] = Some(mv);\n",
        "one killer in both slots",
        "never one move twice",
    ),
    m(
        "ordered",
        "exercise_order",
        "CAPTURE + capture.mvv_lva()",
        "CAPTURE + capture.attacker * 16 - capture.victim / 64",
        "the most valuable attacker first (LVA-MVV)",
        "the first difference is move 2",
    ),
    m(
        "ordered",
        "exercise_order",
        "CAPTURE + capture.mvv_lva()",
        "CAPTURE + capture.victim - capture.attacker",
        "victim and attacker counted alike",
        "the first difference is move 3",
    ),
    m(
        "ordered",
        "exercise_order",
        "CAPTURE + capture.mvv_lva()",
        "KILLER - 5 + capture.mvv_lva() / 1000",
        "captures after the killers",
        "another order",
    ),
    m(
        "ordered",
        "exercise_order",
        "                    KILLER - k as i32",
        "                    KILLER + k as i32",
        "the older killer first",
        "another order",
    ),
    m(
        "ordered",
        "exercise_order",
        "                if Some(mv) == hash_move {\n                    HASH_MOVE\n                } else if",
        "                if",
        "the hash move not first",
        "the first difference is move 1",
    ),
    m(
        "pvs",
        "exercise_null_window",
        "if score > alpha && score < beta && null < beta && depth > 1 {",
        "if false {",
        "a re-search that is never done",
        "principal variation has",
    ),
    m(
        "pvs",
        "exercise_null_window",
        "-self.alphabeta(game, depth - 1, ply + 1, -null, -alpha, pv)",
        "-self.alphabeta(game, depth - 1, ply + 1, -alpha, -null, pv)",
        "the null window the wrong way round",
        "a different score",
    ),
    m(
        "quiescence",
        "exercise_stand_pat",
        "        if !in_check {\n            if stand_pat >= beta {",
        "        if true {\n            if stand_pat >= beta {",
        "standing pat in check",
        "does your quiescence stand pat in check?",
    ),
    m(
        "quiescence",
        "exercise_stand_pat",
        "            best = stand_pat;\n            alpha = alpha.max(stand_pat);\n",
        "",
        "the evaluation never the floor",
        "is stand pat the floor of `best`",
    ),
    m(
        "quiescence",
        "exercise_stand_pat",
        "            if stand_pat >= beta {\n                return stand_pat;\n            }\n",
        "",
        "no cut-off by standing pat",
        "already reaches beta return it at once",
    ),
    m(
        "quiescence",
        "exercise_captures",
        "-self.quiescence(game, ply + 1, -beta, -alpha)",
        "-self.quiescence(game, ply + 1, -alpha, -beta)",
        "the capture's window not swapped",
        "the window negated and swapped, (-beta, -alpha)",
    ),
    m(
        "null_move",
        "exercise_null_move",
        "                && eval >= beta\n                && game.may_pass();",
        "                && eval >= beta;",
        "a null move in a pawn ending",
        "null-move cut-offs where none may be, on pawn race",
    ),
    m(
        "null_move",
        "exercise_null_move",
        "                && (depth < NULL_MOVE_VERIFY_DEPTH || {",
        "                && (true || {",
        "no verification far from the horizon",
        "a different score, on italian at depth 8",
    ),
    m(
        "late_move_reductions",
        "exercise_reduced_search",
        "                if score > alpha {\n                    // A surprise",
        "                if false {\n                    // A surprise",
        "no re-search when a reduced move surprises",
        "a different score",
    ),
    m(
        "late_move_reductions",
        "exercise_reduction",
        "r.saturating_sub(u32::from(pv_node)).min(depth - 2)",
        "r.min(depth - 2)",
        "reduced as much on the principal variation",
        "a different score",
    ),
    m(
        "late_move_reductions",
        "exercise_reduction",
        "depth >= 3 && tried >= 3 && reducible)",
        "depth >= 3 && tried >= 3)",
        "captures and checks reduced too",
        "does your reduction leave alone the moves that are not `reducible`",
    ),
    m(
        "singular_extension",
        "exercise_singular_extension",
        "self.set_excluded_move(ply, None);",
        "",
        "the excluded move left set after the search without it",
        "is the excluded move cleared",
    ),
    m(
        "singular_extension",
        "exercise_singular_extension",
        "if without < bar {",
        "if without >= bar {",
        "a move extended when another reaches the bar",
        "more than the rung: is a move extended only when",
    ),
    m(
        "singular_extension",
        "exercise_singular_extension",
        "Singular::Cut(bar)",
        "Singular::No",
        "no multi-cut",
        "is the node cut with Singular::Cut(bar)",
    ),
    m(
        "connect",
        "exercise_legal_moves",
        "        if self.outcome().is_some() {\n            return Vec::new();\n        }\n",
        "",
        "a game that goes on after a win",
        "a finished game has no moves",
    ),
    m(
        "connect",
        "exercise_outcome",
        "[(1, 0), (0, 1), (1, 1), (1, -1)]",
        "[(1, 0), (0, 1)]",
        "no diagonal wins",
        "does your outcome check every direction",
    ),
    m(
        "connect",
        "exercise_outcome",
        "        let last = self.history.last()?;\n",
        "        if self.history.len() == COLUMNS * ROWS {\n            return Some(Outcome::Draw);\n        }\n        let last = self.history.last()?;\n",
        "a full board called a draw before the last stone's win is seen",
        "does your outcome look for a win before it calls a full board a draw",
    ),
    m(
        "connect",
        "exercise_undo",
        "            self.heights[column] -= 1;\n",
        "",
        "undo that leaves the column's height",
        "played and undone",
    ),
    m(
        "connect",
        "exercise_hash",
        "                    Some(Stone::First) => 1,\n                    Some(Stone::Second) => 2,",
        "                    Some(Stone::First) => 1,\n                    Some(Stone::Second) => 1,",
        "a key that ignores whose stones they are",
        "do equal positions get equal keys",
    ),
];

/// The solution of the mistake's exercise with the mistake made, or an error if a change's
/// text is not found exactly once inside its anchor (the rung changed there: the mistake must
/// be written anew).
pub fn mistaken(mistake: &Mistake) -> Result<String> {
    let (text, regions) = solution_regions(find(mistake.exercise)?)?;
    made(mistake, &text, &regions)
}

/// `text`, a solution whose anchors lie at `regions`, with `mistake` made: each change's text
/// found once inside its anchor and replaced there.
fn made(mistake: &Mistake, text: &str, regions: &[Region]) -> Result<String> {
    let refused = |why: String| {
        Error::Setting(format!(
            "the mistake '{}' of {} no longer applies: {why}",
            mistake.what, mistake.exercise
        ))
    };
    // Where each change is made, found in the solution as it is (the changes may move text).
    let mut edits = Vec::new();
    for change in mistake.changes() {
        let mut marked = regions.iter().filter(|r| r.anchor == change.anchor);
        let region = match (marked.next(), marked.count()) {
            (Some(region), 0) => region,
            (None, _) => {
                return Err(refused(format!(
                    "the solution has no anchor '{}'",
                    change.anchor
                )))
            }
            (Some(_), more) => {
                return Err(refused(format!(
                    "the anchor '{}' marks {} places in the solution, not one",
                    change.anchor,
                    more + 1
                )))
            }
        };
        let inside = &text[region.range.clone()];
        let found: Vec<usize> = inside.match_indices(change.old).map(|(at, _)| at).collect();
        match found[..] {
            [at] => edits.push((region.range.start + at, change)),
            _ => {
                return Err(refused(format!(
                    "its text is found {} times in the anchor '{}' of the solution, not once: \
                     {:?}",
                    found.len(),
                    change.anchor,
                    change.old
                )))
            }
        }
    }
    edits.sort_by_key(|&(at, _)| at);
    if edits
        .windows(2)
        .any(|pair| pair[0].0 + pair[0].1.old.len() > pair[1].0)
    {
        return Err(refused("two of its changes overlap".into()));
    }
    let mut text = text.to_string();
    // From the last to the first, so that each edit's place is still where it was found.
    for (at, change) in edits.into_iter().rev() {
        text.replace_range(at..at + change.old.len(), change.new);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A mistake of alpha-beta, changing `old` to `new` inside `anchor`.
    fn alphabeta_mistake(anchor: &'static str, old: &'static str, new: &'static str) -> Mistake {
        m("alphabeta", anchor, old, new, "a test slip", "")
    }

    #[test]
    fn every_typical_mistake_applies() {
        for mistake in MISTAKES {
            let text = mistaken(mistake).unwrap();
            let solution = solution(find(mistake.exercise).unwrap()).unwrap();
            assert_ne!(text, solution, "{}", mistake.what);
        }
    }

    #[test]
    fn a_change_applies_inside_its_anchor_though_the_file_has_its_text_twice() {
        // The node and the root both undo a move: once in the node, twice in the file.
        let undo = "            game.undo();\n";
        let exercise = find("alphabeta").unwrap();
        let (solution, regions) = solution_regions(exercise).unwrap();
        assert_eq!(solution.matches(undo).count(), 2);
        let node = regions
            .iter()
            .find(|r| r.anchor == "exercise_node")
            .unwrap();
        let root = regions.iter().find(|r| r.anchor == "root").unwrap();
        assert_eq!(solution[node.range.clone()].matches(undo).count(), 1);

        let text = mistaken(&alphabeta_mistake("exercise_node", undo, "")).unwrap();
        assert_eq!(text.matches(undo).count(), 1);
        // The root's undo stays, and all before the node is as it was.
        assert!(text.contains(&solution[root.range.clone()]));
        assert_eq!(text[..node.range.start], solution[..node.range.start]);
        assert_eq!(text.len(), solution.len() - undo.len());
    }

    #[test]
    fn a_change_outside_its_anchor_is_refused_with_the_mistake_exercise_and_anchor() {
        // The root's own line, not the node's.
        let root_line = "let score = -self.alphabeta(game, depth - 1, 1, -Score::INFINITE";
        let exercise = find("alphabeta").unwrap();
        assert_eq!(solution(exercise).unwrap().matches(root_line).count(), 1);
        let error = mistaken(&alphabeta_mistake("exercise_node", root_line, ""))
            .unwrap_err()
            .to_string();
        for says in [
            "the mistake 'a test slip' of alphabeta no longer applies",
            "found 0 times in the anchor 'exercise_node'",
            root_line,
        ] {
            assert!(error.contains(says), "{error}");
        }
        let error = mistaken(&alphabeta_mistake("exercise_nodes", "best", ""))
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("a test slip") && error.contains("no anchor 'exercise_nodes'"),
            "{error}"
        );
    }

    #[test]
    fn an_anchor_that_marks_two_places_is_refused() {
        // The table's store: one anchor in the cached rung, one in the table it takes in.
        let mistake = m("cached", "store", "bound", "bound", "a test slip", "");
        let error = mistaken(&mistake).unwrap_err().to_string();
        assert!(
            error.contains("the anchor 'store' marks 2 places in the solution, not one"),
            "{error}"
        );
    }

    #[test]
    fn changes_in_two_anchors_are_both_made() {
        let both = MISTAKES.iter().find(|m| !m.also.is_empty()).unwrap();
        let solution = solution(find(both.exercise).unwrap()).unwrap();
        let text = mistaken(both).unwrap();
        for change in both.changes() {
            let before = solution.matches(change.old).count();
            assert_eq!(
                text.matches(change.old).count(),
                before - 1,
                "{}",
                change.anchor
            );
        }
    }
}
