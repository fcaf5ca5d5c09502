//! Where a learner works: `exercises/mine/NAME.rs`, a copy of the committed skeleton that git
//! ignores, made on first use and never overwritten; and how it is checked: as a small crate of
//! its own in `target/exercises/NAME/` that depends on searchlab, built with cargo into the
//! repository's `target/` (so searchlab's dependencies are built once), whose program grades
//! the learner's engine (`grade_main`). A compile error in the learner's code is reported as
//! a grading message; it never touches the crate's own build.

use super::build::Built;
use super::{find, grade, Exercise};
use searchlab_engine::error::{Error, Result};
use searchlab_engine::games::Chess;
use searchlab_engine::search::Engine;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The folder of the committed skeletons, from the repository root.
pub const SKELETONS: &str = "exercises";
/// The learner's folder, from the repository root (git ignores it).
pub const MINE: &str = "exercises/mine";

/// Is `dir` a searchlab repository, one the exercises can be worked in: its `Cargo.toml`
/// (the crate an exercise's program depends on), `exercises/` (the skeletons, and the
/// learner's copies) and `crates/engine/src/search/` (the rungs)?
pub fn is_root(dir: &Path) -> bool {
    dir.join("Cargo.toml").is_file()
        && dir.join(SKELETONS).is_dir()
        && dir.join("crates/engine/src/search").is_dir()
}

/// The searchlab repository the learner works in: `start` (the current folder) or the nearest
/// folder above it that [`is_root`]. Never the folder the program was built in: a learner's
/// copies belong to the checkout they are working in. The error names every folder looked in
/// and the way to point at one (`--repo DIR`).
pub fn find_root(start: &Path) -> Result<PathBuf> {
    if let Some(root) = start.ancestors().find(|dir| is_root(dir)) {
        return Ok(root.to_path_buf());
    }
    let looked: Vec<String> = start
        .ancestors()
        .map(|dir| dir.display().to_string())
        .collect();
    Err(Error::Setting(format!(
        "no searchlab repository here: looked for Cargo.toml, {SKELETONS}/ and \
         crates/engine/src/search/ in {}. Run this command inside your searchlab checkout, or point to it with --repo DIR",
        looked.join(", ")
    )))
}

/// `dir`, checked to be a searchlab repository ([`is_root`]): what `--repo DIR` names.
pub fn given_root(dir: &Path) -> Result<PathBuf> {
    if is_root(dir) {
        Ok(dir.to_path_buf())
    } else {
        Err(Error::Setting(format!(
            "--repo {}: not a searchlab repository (it needs Cargo.toml, {SKELETONS}/ and \
             crates/engine/src/search/)",
            dir.display()
        )))
    }
}

/// The committed skeleton of `exercise` under `root`.
pub fn skeleton_path(root: &Path, exercise: &Exercise) -> PathBuf {
    root.join(SKELETONS).join(format!("{}.rs", exercise.name))
}

/// The learner's copy of `exercise` under `root`.
pub fn mine_path(root: &Path, exercise: &Exercise) -> PathBuf {
    root.join(MINE).join(format!("{}.rs", exercise.name))
}

/// The learner's copy, made from the skeleton if there is none yet (an existing copy is never
/// touched). Returns its path and whether it was made now.
pub fn ensure_mine(root: &Path, exercise: &Exercise) -> Result<(PathBuf, bool)> {
    let mine = mine_path(root, exercise);
    if mine.exists() {
        return Ok((mine, false));
    }
    io(std::fs::create_dir_all(root.join(MINE)), &root.join(MINE))?;
    io(std::fs::write(&mine, super::skeleton(exercise)?), &mine)?;
    Ok((mine, true))
}

/// Where the learner stands on an exercise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// No copy yet, or the copy is still the skeleton.
    NotStarted,
    /// Changed, and not (or not since the last change) passed.
    Failing,
    /// Passed `check` as it is now.
    Solved,
}

impl std::fmt::Display for State {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            State::NotStarted => "not started",
            State::Failing => "failing",
            State::Solved => "solved",
        })
    }
}

/// The file that records a passed check: the learner's copy's text as it passed.
fn passed_path(root: &Path, exercise: &Exercise) -> PathBuf {
    root.join(MINE).join(format!(".{}.passed", exercise.name))
}

/// The learner's state on `exercise` (no grading: a solved copy is one that passed `check`
/// and has not changed since).
pub fn state(root: &Path, exercise: &Exercise) -> Result<State> {
    let mine = mine_path(root, exercise);
    let Ok(text) = std::fs::read_to_string(&mine) else {
        return Ok(State::NotStarted);
    };
    if text == super::skeleton(exercise)? {
        return Ok(State::NotStarted);
    }
    let passed = std::fs::read_to_string(passed_path(root, exercise)).ok();
    Ok(if passed.as_deref() == Some(text.as_str()) {
        State::Solved
    } else {
        State::Failing
    })
}

/// The manifest of the learner's crate: searchlab by path with the course alone (the engine and
/// the grader: no command line, no lab, no drawings), the repository's dev
/// profile (so that the dependencies cargo has built already are reused), and an empty
/// workspace of its own.
fn manifest(root: &Path, name: &str) -> String {
    format!(
        "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\
         publish = false\n\n[dependencies]\n\
         searchlab = {{ path = {root:?}, default-features = false, features = [\"course\"] }}\nchess = \"3.2\"\n\n\
         [profile.dev]\nopt-level = 3\ndebug = 1\n\n[profile.dev.package.\"*\"]\nopt-level = 3\n\n\
         [workspace]\n",
        root = root.display().to_string(),
    )
}

/// A Rust expression, for a generated grader program, that grades the code in `module` (a
/// learner's file as a module of that program) as `exercise`: its [`grade::Verdict`].
pub fn grading(exercise: &Exercise, module: &str) -> String {
    let name = exercise.name;
    let make = exercise.engine;
    let w = "searchlab::teach::exercise::workspace";
    if exercise.game {
        return format!(
            "{{\n        use {module}::*;\n        {w}::verdict_game({name:?}, &|| {make})\n    }}"
        );
    }
    let engine = format!(
        "let make = || -> Box<dyn searchlab::Engine<searchlab::Chess>> {{ Box::new({make}) }};"
    );
    if exercise.picker {
        // The learner's picker asked as grade::PickerProbe says.
        return format!(
            "{{\n        use {module}::*;\n        use searchlab::Game;\n        {engine}\n        \
             let picker = |game: &searchlab::Chess, hash: Option<chess::ChessMove>, cutoffs: &[chess::ChessMove]| {{\n            \
             let mut tables = {module}::move_picker::OrderingTables::new();\n            \
             for &mv in cutoffs {{\n                tables.quiet_cutoff(mv, 0, 4, &[]);\n            }}\n            \
             let order = {module}::move_picker::MovePicker::new(game, game.legal_moves(), hash, &tables, 0).collect();\n            \
             (order, tables.killers(0))\n        }};\n        \
             {w}::verdict_picker({name:?}, &make, &picker)\n    }}"
        );
    }
    format!("{{\n        use {module}::*;\n        {engine}\n        {w}::verdict({name:?}, &make)\n    }}")
}

/// The learner's crate's program: the learner's file (the copy taken for this check, beside
/// `main.rs`) as a module, graded.
fn main_rs(exercise: &Exercise) -> String {
    format!(
        "// Generated by `searchlab exercise check {name}`: the learner's file, graded.\n\
         #![allow(unused, unreachable_code, dead_code)]\n\
         #[path = {path:?}]\nmod rung;\n\n\
         fn main() {{\n    searchlab::teach::exercise::workspace::end_with_parent();\n    \
         let verdict = {grading};\n    \
         std::process::exit(searchlab::teach::exercise::workspace::report(&verdict));\n}}\n",
        name = exercise.name,
        path = GRADED_FILE,
        grading = grading(exercise, "rung"),
    )
}

/// The name of the copy of the learner's file that a check compiles, beside the program's
/// `main.rs`: the bytes read once when the check began, so that a save during the check can
/// neither change what is graded nor be recorded as passed.
const GRADED_FILE: &str = "graded.rs";

/// How long a grading run may take by default, in seconds: a right solution of the slowest
/// exercise is graded in well under a minute on a 2-core machine.
pub const GRADE_SECONDS: u64 = 120;

/// What `check` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Whether the exercise is solved.
    pub passed: bool,
    /// The message for the learner (the grader's, or the compiler's errors).
    pub message: String,
    /// The text that was graded: the learner's file as it was when the check began.
    pub graded: String,
}

/// Checks the learner's copy of `exercise` (made from the skeleton first if there is none):
/// builds it as a crate of its own and runs its grader, for at most `seconds`. Records a pass
/// (see [`state`]) of exactly the text it graded.
pub fn check(root: &Path, exercise: &Exercise, seconds: u64) -> Result<Checked> {
    let (mine, _) = ensure_mine(root, exercise)?;
    let checked = check_file(root, exercise, &mine, seconds)?;
    if checked.passed {
        let passed_file = passed_path(root, exercise);
        io(std::fs::write(&passed_file, &checked.graded), &passed_file)?;
    }
    Ok(checked)
}

/// Checks the file `mine` as a solution of `exercise` (see [`check`]; nothing is recorded).
/// The file is read once, at the start: what is graded is that text.
pub fn check_file(root: &Path, exercise: &Exercise, mine: &Path, seconds: u64) -> Result<Checked> {
    let mine = &io(mine.canonicalize(), mine)?;
    let graded = io(std::fs::read_to_string(mine), mine)?;
    let program = format!("exercise-{}", exercise.name);
    let dir = program_dir(root, &program);
    io(std::fs::create_dir_all(dir.join("src")), &dir)?;
    let copy = dir.join("src").join(GRADED_FILE);
    // Another exercise's part hidden in the skeleton gets the rung's code, on its own line.
    write_if_changed(&copy, &super::fill_answers(exercise, &graded)?)?;
    // The compiler and the grader read the copy; the learner knows the file by its own name.
    let own_name = |text: String| {
        text.replace(&copy.display().to_string(), &mine.display().to_string())
            .replace(&format!("src/{GRADED_FILE}"), &mine.display().to_string())
    };
    let (passed, message) = match build_and_run(root, &program, &main_rs(exercise), seconds)? {
        Built::Ran { passed, output } => (passed, own_name(output)),
        Built::DoesNotCompile(errors) => (
            false,
            format!(
                "{}: your code does not compile yet ({}):\n{}",
                exercise.name,
                mine.display(),
                own_name(errors),
            ),
        ),
        Built::TimedOut => (
            false,
            format!(
                "{}: no answer within {seconds} s. Is there a loop that never ends (a search \
                 that never reaches depth 0, a move list that never runs out)? A right solution \
                 is graded in seconds; `--time-limit SECONDS` allows more.",
                exercise.name
            ),
        ),
    };
    Ok(Checked {
        passed,
        message,
        graded,
    })
}

/// The folder of the crate `name` that [`build_and_run`] builds.
fn program_dir(root: &Path, name: &str) -> PathBuf {
    root.join("target").join("exercises").join(name)
}

/// Builds the program `main` (its source) as a crate of its own called `name` in
/// `target/exercises/NAME/`, which depends on searchlab, with cargo into the repository's
/// `target/` (so that searchlab and its dependencies are built once), and runs it for at most
/// `seconds` (then it is killed: [`Built::TimedOut`]).
pub fn build_and_run(root: &Path, name: &str, main: &str, seconds: u64) -> Result<Built> {
    let dir = program_dir(root, name);
    io(std::fs::create_dir_all(dir.join("src")), &dir)?;
    write_if_changed(&dir.join("Cargo.toml"), &manifest(root, name))?;
    write_if_changed(&dir.join("src").join("main.rs"), main)?;
    let lock = dir.join("Cargo.lock");
    if !lock.exists() {
        // The repository's versions, so that what cargo built for it is reused.
        let _ = std::fs::copy(root.join("Cargo.lock"), &lock);
    }
    let target = root.join("target");
    let program = target.join("debug").join(name);
    if let Some(errors) = super::build::build(&dir, &target, !program.exists())? {
        return Ok(Built::DoesNotCompile(errors));
    }
    super::build::run_for(&program, Duration::from_secs(seconds))
}

/// Ends this process when the process that started it is gone: a grading program never
/// outlives the `check` or `watch` that runs it, however that ends (Ctrl-C, a kill, a closed
/// terminal). The generated grader calls it first. (Unix: a process whose parent dies is
/// handed to another, so its parent's id changes.)
pub fn end_with_parent() {
    #[cfg(unix)]
    {
        let parent = std::os::unix::process::parent_id();
        std::thread::spawn(move || loop {
            std::thread::sleep(Duration::from_millis(200));
            if std::os::unix::process::parent_id() != parent {
                std::process::exit(3);
            }
        });
    }
}

/// Writes `text` to `path` unless the file holds it already (so cargo sees no change).
pub(super) fn write_if_changed(path: &Path, text: &str) -> Result<()> {
    if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
        io(std::fs::write(path, text), path)?;
    }
    Ok(())
}

/// A file operation's result, its error naming the file.
pub(super) fn io<T>(result: std::io::Result<T>, path: &Path) -> Result<T> {
    result.map_err(|e| Error::Io {
        path: path.display().to_string(),
        reason: e.to_string(),
    })
}

/// The next hint of `exercise` for this learner, and its number, counting the ones already
/// shown (recorded in `exercises/mine/`); after the last, the last again, with the solution's
/// place.
pub fn next_hint(root: &Path, exercise: &Exercise) -> Result<(usize, String)> {
    io(std::fs::create_dir_all(root.join(MINE)), &root.join(MINE))?;
    let seen_path = root.join(MINE).join(format!(".{}.hints", exercise.name));
    let seen: usize = std::fs::read_to_string(&seen_path)
        .ok()
        .and_then(|t| t.trim().parse().ok())
        .unwrap_or(0);
    let index = seen.min(exercise.hints.len().saturating_sub(1));
    io(
        std::fs::write(&seen_path, (index + 1).to_string()),
        &seen_path,
    )?;
    let mut hint = exercise.hints[index].to_string();
    if index + 1 == exercise.hints.len() {
        hint.push_str(&format!(
            "\n(That was the last hint. The solution is the rung itself: {}.)",
            exercise.source_path
        ));
    }
    Ok((index + 1, hint))
}

/// Grades the engines `make` builds as exercise `name` ([`grade::grade`]).
pub fn verdict(name: &str, make: &dyn Fn() -> Box<dyn Engine<Chess>>) -> grade::Verdict {
    with_exercise(name, |exercise| grade::grade(exercise, make))
}

/// Grades a learner's move picker ([`grade::picker_problem`]), then the engines `make` builds,
/// as exercise `name`.
pub fn verdict_picker(
    name: &str,
    make: &dyn Fn() -> Box<dyn Engine<Chess>>,
    picker: grade::PickerProbe,
) -> grade::Verdict {
    with_exercise(name, |exercise| {
        grade::picker_problem(exercise, picker).unwrap_or_else(|| grade::grade(exercise, make))
    })
}

/// Grades the games `make` builds as the game exercise `name` ([`grade::grade_game`]).
pub fn verdict_game<G: searchlab_engine::Game + 'static>(
    name: &str,
    make: &dyn Fn() -> G,
) -> grade::Verdict {
    with_exercise(name, |exercise| grade::grade_game(exercise, make))
}

/// Exercise `name` graded by `grade`, or what is wrong with the name.
fn with_exercise(name: &str, grade: impl FnOnce(&Exercise) -> grade::Verdict) -> grade::Verdict {
    match find(name) {
        Ok(exercise) => grade(exercise),
        Err(e) => grade::Verdict::Wrong(e.to_string()),
    }
}

/// The grader program's ending: prints the verdict and returns the exit code (0 solved, 1
/// not).
pub fn report(verdict: &grade::Verdict) -> i32 {
    println!("{}", verdict.message());
    i32::from(!verdict.passed())
}
