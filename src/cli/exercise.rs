//! `searchlab exercise`: the learner's command. Each exercise is a rung with its idea taken
//! out ([`searchlab::teach::exercise`]); the learner writes it in `exercises/mine/NAME.rs` (made
//! from the committed skeleton on first use, never overwritten), and `check` grades it against
//! the ladder.
use super::output::{self, out, outln, FirstFailure};

use anyhow::Context;
use searchlab::teach::exercise::mistakes::Expected;
use searchlab::teach::exercise::{self, workspace, EXERCISES};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// Arguments of `searchlab exercise`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    command: Action,
    /// The searchlab repository to work in (its exercises/ and your copies in
    /// exercises/mine/) [default: the current folder, or the nearest one above it that is one].
    #[arg(long, global = true, value_name = "DIR")]
    repo: Option<PathBuf>,
}

#[derive(clap::Subcommand, Debug)]
enum Action {
    /// Each exercise and where you stand: not started, failing, solved.
    List,
    /// Grade your copy of an exercise: exit 0 when solved, 1 when not.
    Check {
        /// The exercise (see `list`).
        name: String,
        /// Grade this file instead of your copy (nothing is recorded).
        #[arg(long)]
        file: Option<PathBuf>,
        /// Stop grading after this many seconds (a loop that never ends is reported, not
        /// waited for).
        #[arg(long, default_value_t = workspace::GRADE_SECONDS)]
        time_limit: u64,
    },
    /// The next hint for an exercise (one at a time).
    Hint {
        /// The exercise.
        name: String,
    },
    /// Print the solution: the rung's own code, in the shape of your copy (the rung's file,
    /// then any shared module it takes in).
    Solution {
        /// The exercise.
        name: String,
    },
    /// Grade every skeleton, solution and typical mistake (for the crate's authors): each
    /// skeleton must be "not done yet", each solution solved, each mistake rejected with a
    /// message that says what and where; exit 1 if one is not.
    Mistakes,
    /// Check the first exercise not yet solved each time its file is saved; move on when it
    /// passes (Ctrl-C to stop).
    Watch {
        /// Stop each grading after this many seconds.
        #[arg(long, default_value_t = workspace::GRADE_SECONDS)]
        time_limit: u64,
    },
    /// Write the committed skeletons from the rungs' sources (for the crate's authors), or with
    /// --check say whether the committed ones are what the sources give.
    Skeletons {
        /// Compare instead of writing: exit 1 if any committed skeleton differs.
        #[arg(long)]
        check: bool,
    },
}

/// The repository: the one `--repo` names, else the current folder or the nearest above it
/// that is one ([`workspace::find_root`]); an error says where it looked.
fn root(repo: Option<&Path>) -> anyhow::Result<PathBuf> {
    Ok(match repo {
        Some(dir) => workspace::given_root(dir)?,
        None => {
            let here = std::env::current_dir().context("reading the current folder")?;
            workspace::find_root(&here)?
        }
    })
}

/// Runs `searchlab exercise`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let root = match &args.command {
        // The solution is compiled in: it is printed anywhere, with no repository.
        Action::Solution { .. } => PathBuf::new(),
        _ => root(args.repo.as_deref())?,
    };
    match args.command {
        Action::List => {
            let width = EXERCISES.iter().map(|e| e.name.len()).max().unwrap_or(8);
            outln!("{:<width$} {:<12} what you write", "exercise", "state");
            for e in EXERCISES {
                let state = workspace::state(&root, e)?;
                outln!("{:<width$} {:<12} {}", e.name, state.to_string(), e.title);
            }
            outln!(
                "\nYour copies are in {}/ (made on first use). Check one with \
                 `searchlab exercise check NAME`.",
                workspace::MINE
            );
        }
        Action::Check {
            name,
            file,
            time_limit,
        } => {
            let e = exercise::find(&name)?;
            let passed = match file {
                Some(file) => {
                    let checked = workspace::check_file(&root, e, &file, time_limit)?;
                    outln!("{}", checked.message);
                    checked.passed
                }
                None => check_and_report(&root, e, time_limit)?.passed,
            };
            if !passed {
                std::process::exit(1);
            }
        }
        Action::Hint { name } => {
            let e = exercise::find(&name)?;
            let (n, hint) = workspace::next_hint(&root, e)?;
            outln!("hint {n} of {} for {}:\n{hint}", e.hints.len(), e.name);
        }
        Action::Solution { name } => out!("{}", exercise::solution(exercise::find(&name)?)?),
        Action::Watch { time_limit } => watch(&root, time_limit)?,
        Action::Mistakes => {
            let graded = exercise::mistakes::check_all(&root)?;
            let mut wrong = 0;
            for g in &graded {
                let ok = g.as_it_should_be();
                wrong += usize::from(!ok);
                let verdict = match (ok, g.expected) {
                    (false, _) => "NOT AS IT SHOULD BE",
                    (true, Expected::NotDone) => "not done yet",
                    (true, Expected::Solved) => "solved",
                    (true, Expected::Rejected(_)) => "rejected",
                };
                outln!("== {}: {}: {verdict}", g.exercise, g.what);
                outln!("   {}", g.message.lines().collect::<Vec<_>>().join("\n   "));
                if let (false, Expected::Rejected(text)) = (ok, g.expected) {
                    outln!("   (the message should say: {text})");
                }
            }
            outln!(
                "exercise files: {} graded (skeletons, solutions, typical mistakes), {wrong} not \
                 as they should be",
                graded.len()
            );
            if wrong > 0 {
                std::process::exit(1);
            }
        }
        Action::Skeletons { check } => {
            let mut stale = Vec::new();
            // Every file is written even if the reader of the list has gone (`| head -1`).
            let mut listed = FirstFailure::default();
            for e in EXERCISES {
                let path = workspace::skeleton_path(&root, e);
                let text = exercise::skeleton(e)?;
                if check {
                    if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                        stale.push(path.display().to_string());
                    }
                } else {
                    std::fs::create_dir_all(path.parent().unwrap_or(Path::new(".")))?;
                    std::fs::write(&path, text)
                        .with_context(|| format!("writing {}", path.display()))?;
                    listed.keep(output::write(format_args!("{}\n", path.display())));
                }
            }
            listed.result()?;
            if !stale.is_empty() {
                anyhow::bail!(
                    "not what the rungs' sources give (run `searchlab exercise skeletons`): {}",
                    stale.join(", ")
                );
            }
        }
    }
    Ok(())
}

/// Checks `e`, printing what the learner needs to know; returns whether it passed.
fn check_and_report(
    root: &Path,
    e: &exercise::Exercise,
    seconds: u64,
) -> anyhow::Result<workspace::Checked> {
    let (mine, made) = workspace::ensure_mine(root, e)?;
    if made {
        outln!(
            "Made your copy: {} (from {}). Write the parts marked todo!() there.",
            mine.display(),
            workspace::skeleton_path(Path::new(""), e).display()
        );
    }
    outln!("Checking {} (building it, then grading it)...", e.name);
    let checked = workspace::check(root, e, seconds)?;
    outln!("{}", checked.message);
    Ok(checked)
}

/// The first exercise not yet solved, if any.
fn current(root: &Path) -> anyhow::Result<Option<&'static exercise::Exercise>> {
    for e in EXERCISES {
        if workspace::state(root, e)? != workspace::State::Solved {
            return Ok(Some(e));
        }
    }
    Ok(None)
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

fn watch(root: &Path, seconds: u64) -> anyhow::Result<()> {
    loop {
        let Some(e) = current(root)? else {
            outln!("Every exercise is solved.");
            return Ok(());
        };
        let checked = check_and_report(root, e, seconds)?;
        if checked.passed {
            outln!("On to the next one.\n");
            continue;
        }
        let mine = workspace::mine_path(root, e);
        let seen = modified(&mine);
        // A save made while the check ran is checked at once: the file no longer holds the
        // text that was graded.
        if std::fs::read_to_string(&mine).ok().as_deref() != Some(checked.graded.as_str()) {
            outln!(
                "\n{} changed during the check: checking it again.",
                mine.display()
            );
            continue;
        }
        outln!("\nWatching {} (save it to check again).", mine.display());
        while modified(&mine) == seen {
            std::thread::sleep(Duration::from_millis(500));
        }
    }
}
