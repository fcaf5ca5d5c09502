//! Where `searchlab exercise` works: the checkout it is run in (from any folder inside it), or
//! the one `--repo` names; started anywhere else it says where it looked and how to point it at
//! one, and never falls back to the folder the binary was built in.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository this binary was built from (the one a silent fallback would use).
fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `searchlab ARGS` in the folder `dir`.
fn searchlab_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("the searchlab binary runs")
}

/// A fresh folder outside any checkout (the system's temporary folder).
fn outside() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("searchlab-outside-{}", std::process::id()));
    let nested = dir.join("a").join("b");
    std::fs::create_dir_all(&nested).expect("a scratch folder");
    assert!(
        !nested.starts_with(repository()),
        "the temporary folder is inside the repository"
    );
    nested
}

#[test]
fn the_exercises_are_found_from_the_current_folder_or_named_never_guessed() {
    let nested = outside();
    // Outside any checkout: an error that names where it looked and the way out, nothing made.
    for args in [
        &["exercise", "list"][..],
        &["exercise", "hint", "alphabeta"][..],
    ] {
        let out = searchlab_in(&nested, args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("no searchlab repository here"), "{stderr}");
        for looked in nested.ancestors() {
            assert!(stderr.contains(&looked.display().to_string()), "{stderr}");
        }
        assert!(stderr.contains("--repo DIR"), "{stderr}");
        assert!(
            out.stdout.is_empty(),
            "{args:?} printed a list from somewhere"
        );
    }
    assert!(!nested.join("exercises").exists());
    // `--repo` names the checkout; a folder that is not one is refused by name.
    let repo = repository().to_str().unwrap();
    let out = searchlab_in(&nested, &["exercise", "list", "--repo", repo]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("alphabeta"));
    let here = nested.to_str().unwrap();
    let out = searchlab_in(&nested, &["exercise", "list", "--repo", here]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && stderr.contains(&format!("--repo {here}: not a searchlab")),
        "{stderr}"
    );
    // From a folder inside the checkout, the checkout is found above it.
    let out = searchlab_in(&repository().join("exercises"), &["exercise", "list"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The solution is compiled in: it is printed anywhere.
    let out = searchlab_in(&nested, &["exercise", "solution", "alphabeta"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("crates/engine/src/search/alphabeta.rs"));
    let _ = std::fs::remove_dir_all(nested.parent().unwrap().parent().unwrap());
}
