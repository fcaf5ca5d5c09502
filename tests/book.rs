//! The book shows each rung's lesson as a diff against the rung below: the committed copies in
//! `book/src/figures/<stage>.diff` are what [`stage_diff`] computes from the sources today, and
//! every rung's chapter includes its diff. (CI also compares a fresh `searchlab-book figures` run
//! with the whole folder; this test says the same for the diffs in a second.)

use searchlab::search::{previous_stage, STAGES};
use searchlab::teach::diff::stage_diff;
use std::path::Path;

fn book() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/book/src"))
}

#[test]
fn the_committed_stage_diffs_are_up_to_date() {
    for stage in STAGES.iter().filter(|s| previous_stage(s.name).is_some()) {
        let path = book().join(format!("figures/{}.diff", stage.name));
        let committed = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e}; run `scripts/regenerate`", path.display()));
        assert_eq!(
            committed,
            stage_diff(stage.name).unwrap(),
            "{} is stale: run `scripts/regenerate`",
            path.display()
        );
    }
}

#[test]
fn every_rungs_chapter_shows_its_diff() {
    let mut chapters = 0;
    for stage in STAGES.iter().filter(|s| previous_stage(s.name).is_some()) {
        // A rung's chapter is named after it; a rung whose chapter is not written yet is skipped.
        let Ok(text) = std::fs::read_to_string(book().join(format!("{}.md", stage.name))) else {
            continue;
        };
        chapters += 1;
        let include = format!("```diff\n{{{{#include figures/{}.diff}}}}\n```", stage.name);
        assert!(
            text.contains(&include),
            "{}.md does not show its diff ({include})",
            stage.name
        );
    }
    assert!(chapters >= 5, "alphabeta to pvs have chapters: {chapters}");
}

/// "Change it and measure it" is followed command by command, so the base engine's bench that
/// it shows must be what `bench --stage parallel` prints today: the signature in numbers.tsv
/// (which CI regenerates). A search change that moves it leaves the walk-through behind.
#[test]
fn the_walk_through_shows_todays_bench_signature() {
    let measured = book().join("../measured/change-example.txt");
    let recorded = std::fs::read_to_string(&measured).unwrap();
    let mut lines = recorded.lines();
    lines
        .find(|l| *l == "$ target/base bench --stage parallel | tail -1")
        .expect("change-example.txt shows the base engine's pinned bench");
    let shown: u64 = lines
        .next()
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let numbers = std::fs::read_to_string(book().join("figures/numbers.tsv")).unwrap();
    let signature = numbers
        .lines()
        .find_map(|l| l.strip_prefix("bench.selective.nodes\t"))
        .expect("numbers.tsv has bench.selective.nodes");
    assert_eq!(shown.to_string(), signature.replace(',', ""));
    let chapter = std::fs::read_to_string(book().join("changing.md")).unwrap();
    for pinned in [
        r#"--engine "target/rfp-30 uci" --option Stage=parallel"#,
        r#"--engine "target/base uci" --option Stage=parallel"#,
    ] {
        assert!(
            chapter.contains(pinned) && recorded.contains(pinned),
            "the chapter's match and the recorded one pin both engines' stage: {pinned}"
        );
    }
}
