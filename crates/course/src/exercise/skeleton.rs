//! A skeleton: a rung's source made the learner's file. Each part the exercise asks for
//! becomes a `todo!()`; each part that another exercise asks for (an earlier rung's idea, kept
//! in this rung's file, or a neighbour's in a shared file) is hidden as well, so that no
//! skeleton shows another exercise's answer: it becomes one line, `exercise_answer!(…)`, which
//! the grader replaces by the rung's own code on that same line ([`fill_answers`]), so the
//! learner's line numbers stay the compiler's.
//!
//! The marks: `// ANCHOR: exercise_PART` for a part to write (in the rung of the exercise that
//! asks for it), `// ANCHOR: answer_PART` for the same idea where a later rung repeats it.
//! mdBook drops both kinds of anchor line from what it includes.

use super::{Exercise, Shared, EXERCISES};
use searchlab_engine::error::{Error, Result};

/// A marked part of a rung's source: its name and its lines (0-based, the anchor lines
/// themselves included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// The anchor's name without `exercise_` or `answer_` (`node`).
    pub name: String,
    /// The line of `// ANCHOR: exercise_NAME`.
    pub start: usize,
    /// The line of `// ANCHOR_END: exercise_NAME`.
    pub end: usize,
    /// Marked `answer_NAME`: the part of an earlier exercise, repeated in a later rung.
    pub answer: bool,
}

/// The marked parts of `source` (both kinds), in order. An unclosed or nested mark is an
/// error.
pub fn parts(source: &str) -> Result<Vec<Part>> {
    let mark = |t: &str, anchor: &str| {
        ["exercise_", "answer_"].iter().find_map(|kind| {
            let name = t.strip_prefix(anchor)?.strip_prefix(kind)?;
            Some((name.trim().to_string(), *kind == "answer_"))
        })
    };
    let mut found = Vec::new();
    let mut open: Option<(String, bool, usize)> = None;
    for (i, line) in source.lines().enumerate() {
        let t = line.trim();
        if let Some((name, answer)) = mark(t, "// ANCHOR: ") {
            if let Some((other, ..)) = &open {
                return Err(Error::Setting(format!(
                    "line {}: exercise part '{name}' opens inside '{other}'",
                    i + 1
                )));
            }
            open = Some((name, answer, i));
        } else if let Some((name, answer)) = mark(t, "// ANCHOR_END: ") {
            match open.take() {
                Some((opened, kind, start)) if opened == name && kind == answer => {
                    found.push(Part {
                        name: opened,
                        start,
                        end: i,
                        answer,
                    })
                }
                _ => {
                    return Err(Error::Setting(format!(
                        "line {}: exercise part '{name}' closes without opening",
                        i + 1,
                    )))
                }
            }
        }
    }
    if let Some((name, _, start)) = open {
        return Err(Error::Setting(format!(
            "line {}: exercise part '{name}' is never closed",
            start + 1
        )));
    }
    Ok(found)
}

/// The text a part becomes in the skeleton: what `todo!()` says when it is reached.
pub fn todo_message(exercise: &Exercise, part: &str) -> String {
    format!("exercise {}: write the part '{part}'", exercise.name)
}

/// The part name that marks, in a shared module, items the learner's copy takes from the crate
/// ([`Shared::from_crate`]).
const FROM_CRATE: &str = "from_crate";

/// Whether the part called `name` is one `exercise` takes out: every part its files mark (but
/// a `from_crate` mark), or those it names.
fn writes(exercise: &Exercise, part: &Part) -> bool {
    !part.answer
        && part.name != FROM_CRATE
        && (exercise.parts.is_empty() || exercise.parts.contains(&part.name.as_str()))
}

/// The exercise that asks for the part called `name`, if one does.
fn owner(name: &str) -> Option<&'static Exercise> {
    EXERCISES.iter().find(|e| {
        parts_to_write(e)
            .map(|parts| parts.iter().any(|p| p.name == name))
            .unwrap_or(false)
    })
}

/// The parts of `exercise` to write, in its rung's file and its shared modules.
pub fn parts_to_write(exercise: &Exercise) -> Result<Vec<Part>> {
    let mut all = parts(exercise.source)?;
    for shared in exercise.shared {
        all.extend(parts(shared.source)?);
    }
    Ok(all.into_iter().filter(|p| writes(exercise, p)).collect())
}

/// The exercise's skeleton: the rung's source with each marked part replaced by a `todo!()`
/// (indented as the part was), the book's other anchor lines dropped, `crate::` paths made
/// `searchlab::`, each shared module appended as a module of the file, and a header that says
/// what to do and where the solution is.
pub fn skeleton(exercise: &Exercise) -> Result<String> {
    if parts_to_write(exercise)?.is_empty() {
        return Err(Error::Setting(format!(
            "{} has no exercise marks",
            exercise.source_path
        )));
    }
    Ok(assemble(exercise, true)?.0)
}

/// The solution, in the shape of the learner's file: the rung's own code (and its shared
/// modules') with nothing taken out. What `check` on it grades is the rung itself.
pub fn solution(exercise: &Exercise) -> Result<String> {
    Ok(assemble(exercise, false)?.0)
}

/// The lines an anchor of the sources marks, found in a learner's file (which drops the anchor
/// lines themselves): its name and where its lines fall in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// The anchor's whole name (`exercise_node`, `answer_store`, `search`).
    pub anchor: String,
    /// The byte range of its lines in the text, from the first line's start to the last
    /// line's end (its newline included).
    pub range: std::ops::Range<usize>,
}

/// The solution ([`solution`]) with the region of every anchor of its sources: where the
/// rung's (and its shared modules') marked lines fall in the text, so that a change can be
/// made inside one anchor however often its text occurs elsewhere in the file.
pub fn solution_regions(exercise: &Exercise) -> Result<(String, Vec<Region>)> {
    let (text, _, regions) = assemble_with_regions(exercise, false)?;
    Ok((text, regions))
}

/// The skeleton header's notes, as comment lines: the decision the rung gives
/// ([`Exercise::given`]), and the other exercises' parts hidden in it (`hidden`, each as
/// "EXERCISE's PART").
fn header_notes(exercise: &Exercise, hidden: &[String]) -> String {
    let mut notes = Vec::new();
    if !exercise.given.is_empty() {
        notes.push(exercise.given.to_string());
    }
    if !hidden.is_empty() {
        notes.push(format!(
            "Hidden here, so that this file shows no other exercise's answer: {}. Each is one \
             line, {ANSWER_MACRO}(EXERCISE, PART), which the grader replaces by the rung's own \
             code; write your own in its place if you like.",
            hidden.join(", ")
        ));
    }
    let blocks: Vec<String> = notes.iter().map(|note| comment_block(note)).collect();
    if blocks.is_empty() {
        String::new()
    } else {
        blocks.join("//\n") + "\n"
    }
}

/// `text` as `//` comment lines of at most 96 characters, words kept whole.
fn comment_block(text: &str) -> String {
    let mut block = String::new();
    let mut line = String::from("//");
    for word in text.split_whitespace() {
        if line.len() + 1 + word.len() > 96 {
            block.push_str(&line);
            block.push('\n');
            line = String::from("//");
        }
        line.push(' ');
        line.push_str(word);
    }
    block + &line + "\n"
}

impl Shared {
    /// Its path as the learner's crate names it (`searchlab::search::deepening`).
    fn searchlab_path(&self) -> String {
        self.crate_path.replace("crate::", "searchlab::")
    }

    /// Whether it is another file of the rung of `exercise`, a folder (`selective/pieces.rs`
    /// beside `selective/mod.rs`), rather than machinery below the rungs.
    fn of_the_rung(&self, exercise: &Exercise) -> bool {
        exercise
            .source_path
            .strip_suffix("mod.rs")
            .is_some_and(|folder| self.source_path.starts_with(folder))
    }

    /// Whether `line` declares it as a module of the rung's folder (`pub mod pieces;`): the
    /// learner's file holds the module itself instead.
    fn declared_by(&self, line: &str) -> bool {
        let declaration = format!("mod {};", self.module);
        let t = line.trim();
        t == declaration
            || t.strip_suffix(&declaration)
                .is_some_and(|visibility| visibility.trim_end().starts_with("pub"))
    }
}

/// The files the learner's file of `exercise` is made from, for its header: the rung's file
/// (a folder's `mod.rs` with the folder's other files beside it), then the shared machinery.
fn sources(exercise: &Exercise) -> String {
    let (of_the_rung, below): (Vec<&Shared>, Vec<&Shared>) = exercise
        .shared
        .iter()
        .partition(|s| s.of_the_rung(exercise));
    let rung = match of_the_rung.as_slice() {
        [] => exercise.source_path.to_string(),
        files => {
            let names: Vec<&str> = files
                .iter()
                .map(|s| s.source_path.rsplit('/').next().unwrap_or(s.source_path))
                .collect();
            let (last, rest) = names.split_last().expect("at least one file");
            let names = match rest {
                [] => last.to_string(),
                _ => format!("{} and {last}", rest.join(", ")),
            };
            format!("{} with {names} beside it", exercise.source_path)
        }
    };
    std::iter::once(rung)
        .chain(below.iter().map(|s| s.source_path.to_string()))
        .collect::<Vec<_>>()
        .join(" and ")
}

/// The name of the one-line stand-in for another exercise's part in a skeleton.
pub const ANSWER_MACRO: &str = "exercise_answer!";

/// Another exercise's part, hidden in a skeleton.
struct Hidden {
    /// The stand-in's text, `exercise_answer!(EXERCISE, PART)`.
    stand_in: String,
    /// The rung's own code for it, on one line, comments dropped (what the grader puts there).
    code: String,
    /// "EXERCISE's PART", for the header.
    named: String,
}

/// The learner's file of `exercise`, with its parts taken out (`take_out`) or left in; and
/// the other exercises' parts it hides (when taking out).
fn assemble(exercise: &Exercise, take_out: bool) -> Result<(String, Vec<Hidden>)> {
    let (text, hidden, _) = assemble_with_regions(exercise, take_out)?;
    Ok((text, hidden))
}

/// [`assemble`], and where each anchor's lines fall in the file.
fn assemble_with_regions(
    exercise: &Exercise,
    take_out: bool,
) -> Result<(String, Vec<Hidden>, Vec<Region>)> {
    let sources = sources(exercise);
    // A line of a source as the learner's crate reads it: `crate::` is searchlab, and a shared
    // module is the copy in this file (seen from the rung as `self::`, from another shared
    // module as `super::`).
    let local = |prefix: &'static str| {
        move |line: &str| {
            let line = line.replace("crate::", "searchlab::");
            exercise.shared.iter().fold(line, |line, s| {
                line.replace(
                    &format!("{}::", s.searchlab_path()),
                    &format!("{prefix}{}::", s.module),
                )
            })
        }
    };
    // A rung that is a folder declares its other files as modules; the learner's file holds
    // them itself, below the rung's code. (A blank line after the declarations goes with them.)
    let mut rung = String::new();
    let mut dropped = false;
    for line in exercise.source.lines() {
        if exercise.shared.iter().any(|s| s.declared_by(line)) {
            dropped = true;
            continue;
        }
        if dropped && line.trim().is_empty() && rung.ends_with("\n\n") {
            continue;
        }
        dropped = false;
        rung.push_str(line);
        rung.push('\n');
    }
    let mut hidden = Vec::new();
    let (mut body, mut regions) = take_parts(
        exercise,
        &rung,
        take_out,
        "",
        None,
        &local("self::"),
        &mut hidden,
    )?;
    for shared in exercise.shared {
        let what = if shared.of_the_rung(exercise) {
            format!(
                "The rung's file {}, as the module `{m}` that its mod.rs, above, declares.",
                shared.source_path,
                m = shared.module,
            )
        } else {
            format!(
                "The shared machinery this exercise takes in: {}, as the module `{m}` (the \
                 code above uses it as `self::{m}`).",
                shared.source_path,
                m = shared.module,
            )
        };
        body.push_str(&format!(
            "\n// {rule}\n{}// {rule}\n\npub mod {module} {{\n",
            comment_block(&what),
            rule = "-".repeat(92),
            module = shared.module,
        ));
        let items = match shared.from_crate {
            [one] => one.to_string(),
            many => format!("{{{}}}", many.join(", ")),
        };
        let from_crate = format!("pub use {}::{items};", shared.searchlab_path());
        let from_crate = Some(from_crate.as_str());
        let (text, shared_regions) = take_parts(
            exercise,
            shared.source,
            take_out,
            "    ",
            from_crate,
            &local("super::"),
            &mut hidden,
        )?;
        regions.extend(shared_regions.into_iter().map(|r| r.shifted(body.len())));
        body.push_str(&text);
        body.push_str("}\n");
    }
    let head = if take_out {
        let named: Vec<String> = hidden.iter().map(|h| h.named.clone()).collect();
        format!(
            "// Exercise `{name}`: {title}.\n\
             //\n\
             // Write the parts marked `todo!()`, then: searchlab exercise check {name}\n\
             // Stuck? searchlab exercise hint {name} (one hint at a time).\n",
            name = exercise.name,
            title = exercise.title,
        ) + &comment_block(&format!(
            "The solution is the rung itself: {sources}. (Generated from {sources} by \
             `searchlab exercise skeletons`; work in your own copy, exercises/mine/{}.rs, which \
             the commands make on first use.)",
            exercise.name
        )) + "\n"
            + &header_notes(exercise, &named)
    } else {
        format!(
            "// The solution of exercise `{name}`: {sources}, assembled as your copy is.\n\n",
            name = exercise.name,
        )
    };
    let regions = regions.into_iter().map(|r| r.shifted(head.len())).collect();
    Ok((head + &body, hidden, regions))
}

impl Region {
    /// The region `by` bytes further on (its text moved behind a header).
    fn shifted(self, by: usize) -> Region {
        Region {
            range: self.range.start + by..self.range.end + by,
            ..self
        }
    }
}

/// The learner's `text` as the grader compiles it: each stand-in for another exercise's part
/// (`exercise_answer!(EXERCISE, PART)`, alone on its line) replaced by the rung's own code
/// on that line, so that every other line keeps its number. A stand-in the learner changed
/// is left as it is (the compiler then names it).
pub fn fill_answers(exercise: &Exercise, text: &str) -> Result<String> {
    let (_, hidden) = assemble(exercise, true)?;
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        let found = hidden
            .iter()
            .find(|h| t.trim_end_matches(';') == h.stand_in);
        match found {
            Some(h) => {
                let indent: String = line.chars().take_while(|c| c.is_whitespace()).collect();
                out.push_str(&indent);
                out.push_str(&h.code);
                if line.ends_with('\n') {
                    out.push('\n');
                }
            }
            None => out.push_str(line),
        }
    }
    Ok(out)
}

/// `line` without its `//` comment (none of the rungs' code has `//` in a string).
fn without_comment(line: &str) -> &str {
    line.find("//").map_or(line, |at| &line[..at]).trim()
}

/// `source` made the learner's: each part of `exercise` replaced by a `todo!()` (if
/// `take_out`), each other exercise's part by its stand-in (pushed on `hidden`), a
/// `from_crate` part by the line `from_crate`, other anchor lines dropped, the other lines'
/// paths made the learner's crate's by `paths`, and every line indented by `indent`; with
/// where the lines of each anchor it dropped fell in the text.
fn take_parts(
    exercise: &Exercise,
    source: &str,
    take_out: bool,
    indent: &str,
    from_crate: Option<&str>,
    paths: &dyn Fn(&str) -> String,
    hidden: &mut Vec<Hidden>,
) -> Result<(String, Vec<Region>)> {
    let lines: Vec<&str> = source.lines().collect();
    let taken: Vec<Part> = parts(source)?
        .into_iter()
        .filter(|p| p.name == FROM_CRATE || take_out)
        .collect();
    let mut out = String::new();
    let mut regions = Vec::new();
    // The anchors open at this point of the source, and where their lines start in `out`.
    let mut open: Vec<(&str, usize)> = Vec::new();
    let push = |out: &mut String, line: &str| {
        if !line.is_empty() {
            out.push_str(indent);
        }
        out.push_str(line);
        out.push('\n');
    };
    let mut i = 0;
    while i < lines.len() {
        if let Some(part) = taken.iter().find(|p| p.start == i) {
            let own: String = lines[i].chars().take_while(|c| c.is_whitespace()).collect();
            // The block's last expression stays an expression; before more statements, a
            // statement.
            let tail = lines[part.end + 1..]
                .iter()
                .find(|l| !l.trim().is_empty())
                .is_some_and(|l| l.trim_start().starts_with('}'));
            let end = if tail { "" } else { ";" };
            if part.name == FROM_CRATE {
                if let Some(line) = from_crate {
                    push(&mut out, line);
                }
            } else if writes(exercise, part) {
                push(
                    &mut out,
                    &format!(
                        "{own}todo!(\"{}\"){end}",
                        todo_message(exercise, &part.name)
                    ),
                );
            } else {
                let asks = owner(&part.name).ok_or_else(|| {
                    Error::Setting(format!(
                        "{}: the part '{}' is no exercise's",
                        exercise.source_path, part.name
                    ))
                })?;
                let stand_in = format!("{ANSWER_MACRO}({}, {})", asks.name, part.name);
                let code: Vec<String> = lines[part.start + 1..part.end]
                    .iter()
                    .map(|line| paths(without_comment(line)))
                    .filter(|line| !line.is_empty())
                    .collect();
                push(
                    &mut out,
                    &format!(
                        "{own}// Hidden: {}'s part '{}' (the grader puts the rung's code here).",
                        asks.name, part.name
                    ),
                );
                // A statement where the part ends with one, else the expression it ends with.
                let statement = code
                    .last()
                    .is_some_and(|l| l.ends_with(';') || l.ends_with('}'));
                push(
                    &mut out,
                    &format!("{own}{stand_in}{}", if statement { ";" } else { "" }),
                );
                hidden.push(Hidden {
                    stand_in,
                    code: code.join(" "),
                    named: format!("{}'s {}", asks.name, part.name),
                });
            }
            i = part.end + 1;
            continue;
        }
        let t = lines[i].trim();
        if let Some(name) = t.strip_prefix("// ANCHOR:") {
            open.push((name.trim(), out.len()));
        } else if let Some(name) = t.strip_prefix("// ANCHOR_END:") {
            // The innermost anchor of that name closes (mdBook's anchors may overlap).
            if let Some(at) = open.iter().rposition(|(opened, _)| *opened == name.trim()) {
                let (anchor, start) = open.remove(at);
                regions.push(Region {
                    anchor: anchor.to_string(),
                    range: start..out.len(),
                });
            }
        } else {
            push(&mut out, &paths(lines[i]));
        }
        i += 1;
    }
    Ok((out, regions))
}

#[cfg(test)]
mod tests {
    use super::super::find;
    use super::*;

    #[test]
    fn marks_are_read_and_bad_marks_named() {
        let src = "a\n    // ANCHOR: exercise_x\n    b\n    // ANCHOR_END: exercise_x\nc\n";
        assert_eq!(
            parts(src).unwrap(),
            [Part {
                name: "x".into(),
                start: 1,
                end: 3,
                answer: false,
            }]
        );
        let open = "// ANCHOR: exercise_x\nb\n";
        assert!(parts(open)
            .unwrap_err()
            .to_string()
            .contains("never closed"));
        let stray = "// ANCHOR_END: exercise_y\n";
        assert!(parts(stray)
            .unwrap_err()
            .to_string()
            .contains("closes without opening"));
    }

    #[test]
    fn each_marked_part_is_found_where_its_lines_are_in_the_solution() {
        let is_anchor = |line: &&str| line.trim_start().starts_with("// ANCHOR");
        for exercise in EXERCISES {
            let (text, regions) = solution_regions(exercise).unwrap();
            assert_eq!(text, solution(exercise).unwrap());
            let sources =
                std::iter::once(exercise.source).chain(exercise.shared.iter().map(|s| s.source));
            for source in sources {
                let lines: Vec<&str> = source.lines().collect();
                for part in parts(source).unwrap() {
                    if part.name == FROM_CRATE {
                        continue;
                    }
                    let kind = if part.answer { "answer_" } else { "exercise_" };
                    let anchor = format!("{kind}{}", part.name);
                    let found: Vec<&Region> =
                        regions.iter().filter(|r| r.anchor == anchor).collect();
                    assert_eq!(found.len(), 1, "{} {anchor}", exercise.name);
                    let range = found[0].range.clone();
                    assert!(range.start == 0 || text[..range.start].ends_with('\n'));
                    assert!(text[..range.end].ends_with('\n'));
                    // The part's lines, its inner anchors dropped, as the file has them (paths
                    // and indentation aside).
                    let marked: Vec<&str> = lines[part.start + 1..part.end]
                        .iter()
                        .filter(|l| !is_anchor(l))
                        .map(|l| l.trim())
                        .collect();
                    let shown: Vec<&str> = text[range].lines().map(str::trim).collect();
                    assert_eq!(shown.len(), marked.len(), "{} {anchor}", exercise.name);
                    for (shown, marked) in shown.iter().zip(&marked) {
                        if !marked.contains("::") {
                            assert_eq!(shown, marked, "{} {anchor}", exercise.name);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_skeleton_replaces_each_part_and_keeps_the_rest() {
        for exercise in EXERCISES {
            let text = skeleton(exercise).unwrap();
            assert!(!text.contains("ANCHOR"), "{}", exercise.name);
            assert!(!text.contains("crate::"), "{}", exercise.name);
            for part in parts_to_write(exercise).unwrap() {
                assert!(
                    text.contains(&todo_message(exercise, &part.name)),
                    "{} {}",
                    exercise.name,
                    part.name
                );
            }
            assert!(text.contains(exercise.source_path));
        }
    }

    /// The code lines of the parts `exercise` asks for, comments dropped.
    fn answer_lines(exercise: &Exercise) -> Vec<String> {
        let mut lines = Vec::new();
        let sources =
            std::iter::once(exercise.source).chain(exercise.shared.iter().map(|s| s.source));
        for source in sources {
            let all: Vec<&str> = source.lines().collect();
            for part in parts(source).unwrap() {
                if writes(exercise, &part) {
                    lines.extend(
                        all[part.start + 1..part.end]
                            .iter()
                            .map(|l| without_comment(l).to_string()),
                    );
                }
            }
        }
        lines
    }

    #[test]
    fn no_skeleton_shows_another_exercises_answer() {
        // The alpha-beta node is the frame of every later search (its loop, window and cut-off);
        // a later part's lines are the ones that idea adds.
        // The frame: the alpha-beta node, and the search around it as stage 3 (the first rung
        // with a principal variation) writes it.
        let mut frame = answer_lines(find("alphabeta").unwrap());
        let iterative = skeleton(find("iterative").unwrap()).unwrap();
        frame.extend(iterative.lines().map(|l| without_comment(l).to_string()));
        for exercise in EXERCISES.iter().filter(|e| !e.game) {
            let text = skeleton(exercise).unwrap();
            let own = answer_lines(exercise);
            let skeleton_lines: Vec<&str> = text.lines().map(without_comment).collect();
            for other in EXERCISES
                .iter()
                .filter(|o| !o.game && o.name != exercise.name && o.name != "alphabeta")
            {
                // A line the other exercise's own skeleton shows is no part of its answer.
                let shown = skeleton(other).unwrap();
                let shown: Vec<&str> = shown.lines().map(without_comment).collect();
                for line in answer_lines(other) {
                    let line_shown =
                        shown.contains(&line.replace("crate::", "searchlab::").as_str());
                    if line.len() < 16 || line_shown || frame.contains(&line) || own.contains(&line)
                    {
                        continue;
                    }
                    let line = line.replace("crate::", "searchlab::");
                    assert!(
                        !skeleton_lines.contains(&line.as_str()),
                        "the skeleton of {} shows {}'s `{line}`",
                        exercise.name,
                        other.name
                    );
                }
            }
        }
    }

    #[test]
    fn the_grader_fills_each_hidden_part_on_its_own_line() {
        for exercise in EXERCISES {
            let text = skeleton(exercise).unwrap();
            let filled = fill_answers(exercise, &text).unwrap();
            assert_eq!(
                filled.lines().count(),
                text.lines().count(),
                "{}",
                exercise.name
            );
            assert!(
                !filled.contains(&format!("\n{ANSWER_MACRO}")),
                "{}",
                exercise.name
            );
            assert!(
                !filled
                    .lines()
                    .any(|l| l.trim_start().starts_with(ANSWER_MACRO)),
                "{}",
                exercise.name
            );
        }
        let quiescence = find("quiescence").unwrap();
        let filled = fill_answers(quiescence, &skeleton(quiescence).unwrap()).unwrap();
        assert!(filled.contains("let null = Score(alpha.0 + 1); let score = -self.alphabeta("));
    }
}
