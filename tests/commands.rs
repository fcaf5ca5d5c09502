//! Every command a reader is shown runs from a clone of the repository.
//!
//! The book (`book/src/*.md`) and the README show `searchlab …` command lines, also written
//! `cargo run --release -- …` or `target/release/searchlab …`, in code blocks and in inline
//! code. This test finds them all and checks, for each one:
//!
//! - that every file it names is in the repository, or is an output it writes, or was written
//!   by a command earlier on the same page (`datagen x.txt`, then `tune x.txt`); a path out of
//!   the repository (`../data/x.epd`, `/data/x.epd`) fails;
//! - that it runs: the binary cargo builds for the tests (`CARGO_BIN_EXE_searchlab`) runs it,
//!   with its limits cut ([`CAPS`], [`ADDED`]: a few games of a few plies, a small depth, node
//!   or time budget), in a scratch folder so that its outputs never land in the repository,
//!   and it must exit with status 0. A command that cannot run here is listed in [`NOT_RUN`] with
//!   the reason; the binary still parses it (with `--help` appended, clap checks every flag
//!   and value, then prints the help and stops).
//!
//! What a reader fills in (`<FEN>`, `--stage A`, `"selective -PIECE"`) is filled in from
//! [`PLACEHOLDERS`]. A new command in the book is picked up by itself: if it needs a new
//! placeholder, a new cap or cannot run here, the failure says which table to extend.
//!
//! A third check covers the other paths the pages show, as inline code (`tests/data/bk.epd`)
//! or as a word of a shell code block (`python3 scripts/uci_check.py`): each must exist.

use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The repository's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The pages read: every book chapter and the README.
fn pages() -> Vec<(String, String)> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("book/src"))
        .expect("book/src is readable")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .map(|path| {
            let path = path.strip_prefix(root()).expect("under the root");
            path.to_string_lossy().into_owned()
        })
        .collect();
    names.sort();
    names.push("README.md".to_string());
    names
        .into_iter()
        .map(|name| {
            let text = std::fs::read_to_string(root().join(&name))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, text)
        })
        .collect()
}

// --- Finding the commands -----------------------------------------------------------------

/// One command line as a page shows it.
#[derive(Clone, Debug)]
struct Found {
    /// Where: `book/src/running.md:24`.
    place: String,
    /// The page, for the outputs one command leaves to the next.
    page: String,
    /// The line as written: continuation lines joined, a trailing `# comment` cut.
    text: String,
    /// The words after the program (`searchlab`, or `cargo run --release --`).
    args: Vec<String>,
}

/// Splits a command line into words as a POSIX shell would for the simple lines the book
/// shows: blanks separate words, `"…"` and `'…'` quote, a backslash escapes the next
/// character. Stops at an unquoted `#` that starts a word (a comment).
fn shell_words(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => {
                if let Some(done) = word.take() {
                    words.push(done);
                }
            }
            '#' if word.is_none() => break,
            '"' => {
                let current = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        None => return Err(format!("an unclosed \" in {line}")),
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(next @ ('"' | '\\' | '$' | '`')) => current.push(next),
                            Some(next) => {
                                current.push('\\');
                                current.push(next);
                            }
                            None => return Err(format!("an unclosed \" in {line}")),
                        },
                        Some(other) => current.push(other),
                    }
                }
            }
            '\'' => {
                let current = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        None => return Err(format!("an unclosed ' in {line}")),
                        Some('\'') => break,
                        Some(other) => current.push(other),
                    }
                }
            }
            '\\' => {
                if let Some(next) = chars.next() {
                    word.get_or_insert_with(String::new).push(next);
                }
            }
            other => word.get_or_insert_with(String::new).push(other),
        }
    }
    if let Some(done) = word {
        words.push(done);
    }
    Ok(words)
}

/// Shell words that end the searchlab part of a line (a pipe, a redirection, a second
/// command): what follows is not searchlab's.
const SHELL_OPERATORS: &[&str] = &["|", ">", ">>", "<", "&&", "||", ";", "2>&1", "&"];

/// How a line that runs searchlab starts.
const PROGRAMS: &[&str] = &[
    "searchlab",
    "cargo run",
    "target/release/searchlab",
    "target/debug/searchlab",
    "./target/release/searchlab",
    "./target/debug/searchlab",
];

/// The searchlab arguments of a line, if the line runs searchlab: `searchlab ARGS`,
/// `target/release/searchlab ARGS` (or debug), `cargo run [--release] [-- ARGS]`. `None` for
/// any other line (`cargo run -p searchlab-book …` runs another program), and for a bare
/// program name in inline code (which names the program).
fn searchlab_args(words: &[String], inline: bool) -> Option<Vec<String>> {
    let program = words.first()?.as_str();
    let rest: Vec<String> = if program == "searchlab"
        || ["target/release/searchlab", "target/debug/searchlab"]
            .contains(&program.trim_start_matches("./"))
    {
        if inline && words.len() == 1 {
            return None;
        }
        words[1..].to_vec()
    } else if program == "cargo" && words.get(1).map(String::as_str) == Some("run") {
        // Another package's program (`cargo run -p searchlab-book -- figures`) is not searchlab.
        let package = words
            .iter()
            .position(|w| w == "-p" || w == "--package" || w == "--bin")
            .and_then(|at| words.get(at + 1));
        if package.is_some_and(|name| name != "searchlab") {
            return None;
        }
        match words.iter().position(|w| w == "--") {
            Some(at) => words[at + 1..].to_vec(),
            None => Vec::new(),
        }
    } else {
        return None;
    };
    let end = rest
        .iter()
        .position(|w| SHELL_OPERATORS.contains(&w.as_str()))
        .unwrap_or(rest.len());
    Some(rest[..end].to_vec())
}

/// A line of a fenced code block: its line number, its text, the block's info string (`sh`).
type FencedLine = (usize, String, String);

/// The page with every fenced code block blanked out (line numbers kept), and the fenced
/// lines themselves.
fn split_fences(text: &str) -> (String, Vec<FencedLine>) {
    let mut prose = Vec::new();
    let mut fenced = Vec::new();
    let mut fence: Option<(String, String)> = None;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let marker: String = trimmed
            .chars()
            .take_while(|&c| c == '`' || c == '~')
            .collect();
        match &fence {
            None if marker.len() >= 3 => {
                let info = trimmed[marker.len()..].trim().to_string();
                fence = Some((marker, info));
            }
            Some((open, _)) if marker.starts_with(open.as_str()) && trimmed.trim() == marker => {
                fence = None
            }
            Some((_, info)) => fenced.push((index + 1, line.to_string(), info.clone())),
            None => {
                prose.push(line);
                continue;
            }
        }
        prose.push("");
    }
    (prose.join("\n"), fenced)
}

/// Inline code spans of `prose` (fences already blanked), with the line each starts on; a span
/// may run over line breaks (each becomes a space), not over a blank line.
fn inline_spans(prose: &str) -> Vec<(usize, String)> {
    let bytes = prose.as_bytes();
    let run_at = |at: usize| bytes[at..].iter().take_while(|&&b| b == b'`').count();
    let mut spans = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] != b'`' {
            at += 1;
            continue;
        }
        let open = run_at(at);
        let start = at + open;
        let mut look = start;
        let mut close = None;
        while look < bytes.len() {
            if bytes[look..].starts_with(b"\n\n") {
                break;
            }
            if bytes[look] == b'`' {
                let run = run_at(look);
                if run == open {
                    close = Some(look);
                    break;
                }
                look += run;
            } else {
                look += 1;
            }
        }
        match close {
            Some(end) => {
                let line = prose[..at].matches('\n').count() + 1;
                let content = prose[start..end].split_whitespace().collect::<Vec<_>>();
                spans.push((line, content.join(" ")));
                at = end + open;
            }
            None => at = start,
        }
    }
    spans
}

/// Every searchlab command line of one page, in the order the page shows them.
fn commands_in(page: &str, text: &str) -> Result<Vec<Found>, String> {
    let (prose, fenced) = split_fences(text);
    let mut lines: Vec<(usize, String, bool)> = Vec::new();
    // Code blocks: a line ending with `\` goes on on the next line of the same block.
    let mut index = 0;
    while index < fenced.len() {
        let (number, first, _) = &fenced[index];
        let mut line = first.trim().trim_start_matches("$ ").to_string();
        while line.ends_with('\\')
            && index + 1 < fenced.len()
            && fenced[index + 1].0 == fenced[index].0 + 1
        {
            line.pop();
            index += 1;
            line = format!("{} {}", line.trim_end(), fenced[index].1.trim());
        }
        lines.push((*number, line, false));
        index += 1;
    }
    lines.extend(inline_spans(&prose).into_iter().map(|(n, s)| (n, s, true)));
    lines.sort_by_key(|(number, _, _)| *number);
    let mut found = Vec::new();
    for (number, line, inline) in lines {
        let place = format!("{page}:{number}");
        let words = match shell_words(&line) {
            Ok(words) => words,
            // Only a command line must split into words; prose or output need not.
            Err(e) if PROGRAMS.iter().any(|p| line.starts_with(p)) => {
                return Err(format!("{place}: {e}"))
            }
            Err(_) => continue,
        };
        if let Some(args) = searchlab_args(&words, inline) {
            let text = match line.find(" #") {
                Some(at) if !inline => line[..at].trim_end().to_string(),
                _ => line.clone(),
            };
            found.push(Found {
                place,
                page: page.to_string(),
                text,
                args,
            });
        }
    }
    Ok(found)
}

/// Every command of every page.
fn all_commands() -> Vec<Found> {
    let mut all = Vec::new();
    for (page, text) in pages() {
        all.extend(commands_in(&page, &text).unwrap_or_else(|e| panic!("{e}")));
    }
    assert!(
        all.len() >= 40,
        "only {} commands found in the book and the README: is the scanner broken?",
        all.len()
    );
    all
}

// --- What the words mean ------------------------------------------------------------------

/// Words that stand for something the reader fills in, and what the test fills in:
/// (the flag they follow, or "" for any word; the word or part of a word; its stand-in).
const PLACEHOLDERS: &[(&str, &str, &str)] = &[
    (
        "--fen",
        "<FEN>",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        "--fen",
        "<the FEN>",
        "8/1B6/8/5p2/8/8/5Qrq/1K1R2bk w - - 0 1",
    ),
    ("--stage", "<stage>", "pvs"),
    ("--stage", "A", "pvs"),
    ("--stage", "B", "cached"),
    ("--stage", "-PIECE", "-null_move"),
    ("--stage", "+PIECE", "+singular_extension"),
    ("--stage", "-TERM", "-mobility"),
    ("--depth", "<d>", "4"),
    // The count of a data file's games, which its network's record gives.
    ("--games", "N", "2"),
    ("--sprt", "elo0,elo1", "0,10"),
    // Two builds of searchlab played against each other: here, this build against itself.
    ("--engine", "NEW uci", "target/release/searchlab uci"),
    ("--engine", "OLD uci", "target/release/searchlab uci"),
    ("--engine", "new uci", "target/release/searchlab uci"),
    ("--engine", "committed uci", "target/release/searchlab uci"),
    ("--engine", "searchlab uci", "target/release/searchlab uci"),
    ("", "FILE.epd", "tests/data/bk.epd"),
    // "…" stands for the rest of a command (a fragment: see NOT_RUN).
    ("", "…", ""),
];

/// Flags that take no value. Every other flag takes one value, but `--moves` (one or more).
const SWITCHES: &[&str] = &[
    "--json",
    "--divide",
    "--all-positions",
    "--serial-share",
    "--verbose",
    "--help",
    "--version",
];

/// What a word of a command is.
#[derive(Clone, Debug, PartialEq)]
enum Role {
    /// The subcommand (`search`).
    Subcommand,
    /// A flag (`--depth`) or a switch (`--json`).
    Flag,
    /// The value of the flag named.
    Value(String),
    /// The n-th positional argument of the subcommand.
    Positional(usize),
}

/// The role of each word of `args`, and the subcommand (`compare` when none is given).
fn roles(args: &[String]) -> (String, Vec<Role>) {
    let mut roles = Vec::new();
    let mut subcommand = None;
    let mut positional = 0;
    let mut index = 0;
    while index < args.len() {
        let word = &args[index];
        if word.starts_with("--") {
            roles.push(Role::Flag);
            let flag = word.split('=').next().unwrap_or(word).to_string();
            if !SWITCHES.contains(&word.as_str()) && !word.contains('=') {
                // `--moves e2e4 e7e5`: every word up to the next flag.
                let many = flag == "--moves";
                while index + 1 < args.len() {
                    index += 1;
                    roles.push(Role::Value(flag.clone()));
                    if !many || args.get(index + 1).is_none_or(|w| w.starts_with("--")) {
                        break;
                    }
                }
            }
        } else if subcommand.is_none() {
            subcommand = Some(word.clone());
            roles.push(Role::Subcommand);
        } else {
            roles.push(Role::Positional(positional));
            positional += 1;
        }
        index += 1;
    }
    (subcommand.unwrap_or_else(|| "compare".to_string()), roles)
}

/// What a word that names a file is to its command.
#[derive(Clone, Copy, Debug, PartialEq)]
enum FileUse {
    /// Read: it must be in the repository (or written earlier on the page).
    Input,
    /// Written (or, for `datagen`, resumed): anywhere.
    Output,
    /// A program to start (`match --engine`): its first word.
    Program,
}

/// The files each subcommand reads and writes: (subcommand, flag or "" for its first
/// positional argument, use).
const FILES: &[(&str, &str, FileUse)] = &[
    ("bench", "--positions", FileUse::Input),
    ("scaling", "--positions", FileUse::Input),
    ("suite", "", FileUse::Input),
    ("perft", "--suite", FileUse::Input),
    ("match", "--openings", FileUse::Input),
    ("datagen", "--openings", FileUse::Input),
    ("tune", "", FileUse::Input),
    ("train", "", FileUse::Input),
    ("match", "--pgn", FileUse::Output),
    ("datagen", "", FileUse::Output),
    ("tune", "--output", FileUse::Output),
    ("tune", "--log", FileUse::Output),
    ("train", "--output", FileUse::Output),
    ("train", "--checkpoint", FileUse::Output),
    ("compare", "--chart", FileUse::Output),
    ("match", "--engine", FileUse::Program),
];

/// Flags whose values are never file names, though they may hold a `/` (a FEN).
const NOT_FILES: &[&str] = &[
    "--fen",
    "--moves",
    "--stage",
    "--option",
    "--sprt",
    "--tc",
    "--threads",
];

/// Programs a command may start that are not part of the repository.
const EXTERNAL_PROGRAMS: &[&str] = &["/usr/games/stockfish"];

/// The build outputs a command may name as a program: this crate's binary.
const OWN_BINARIES: &[&str] = &["target/release/searchlab", "target/debug/searchlab"];

/// The file a word names, and how the command uses it, if it names one.
fn file_use(subcommand: &str, role: &Role, word: &str) -> Option<FileUse> {
    let key = match role {
        Role::Value(flag) => flag.as_str(),
        Role::Positional(0) => "",
        Role::Positional(_) | Role::Subcommand | Role::Flag => return None,
    };
    if let Some((_, _, usage)) = FILES
        .iter()
        .find(|(sub, flag, _)| *sub == subcommand && *flag == key)
    {
        return Some(*usage);
    }
    if NOT_FILES.contains(&key) {
        return None;
    }
    // Any other word that looks like a path: a file read by a flag this test does not know.
    let extensions = [
        ".epd", ".fen", ".pgn", ".txt", ".rs", ".svg", ".csv", ".tsv", ".json",
    ];
    (word.contains('/') || extensions.iter().any(|e| word.ends_with(e))).then_some(FileUse::Input)
}

/// `args` with the placeholders filled in: a [`PLACEHOLDERS`] word that starts with `<`, `-`
/// or `+` is replaced wherever it stands in a word (`"selective -PIECE"`), any other only as a
/// whole word (`--stage A`); a word filled in with nothing is dropped.
fn fill(args: &[String]) -> Vec<String> {
    let (_, roles) = roles(args);
    args.iter()
        .zip(&roles)
        .filter_map(|(word, role)| {
            let flag = match role {
                Role::Value(flag) => flag.as_str(),
                _ => "",
            };
            let mut word = word.clone();
            for (after, from, to) in PLACEHOLDERS {
                if !after.is_empty() && *after != flag {
                    continue;
                }
                if from.starts_with(['<', '-', '+']) {
                    word = word.replace(from, to);
                } else if word == *from {
                    word = to.to_string();
                }
            }
            (!word.is_empty()).then_some(word)
        })
        .collect()
}

// --- The file check -----------------------------------------------------------------------

/// Whether `path` climbs out of the repository or starts from the file system's root.
fn outside(path: &str) -> bool {
    Path::new(path).is_absolute() || Path::new(path).components().any(|c| c.as_os_str() == "..")
}

/// What is wrong with the files `found` names (an empty list if nothing), given the outputs of
/// the commands before it on its page (which it adds its own outputs to).
fn file_problems(found: &Found, written: &mut HashSet<String>) -> Vec<String> {
    let args = fill(&found.args);
    let (subcommand, roles) = roles(&args);
    let mut problems = Vec::new();
    for (word, role) in args.iter().zip(&roles) {
        let Some(usage) = file_use(&subcommand, role, word) else {
            continue;
        };
        match usage {
            FileUse::Output => {
                written.insert(word.clone());
            }
            FileUse::Program => {
                let program = word.split_whitespace().next().unwrap_or("");
                let program = program.trim_start_matches("./");
                if !OWN_BINARIES.contains(&program) && !EXTERNAL_PROGRAMS.contains(&program) {
                    problems.push(format!(
                        "starts the program {program}, which is neither this crate's binary \
                         nor in EXTERNAL_PROGRAMS"
                    ));
                }
            }
            FileUse::Input => {
                if outside(word) {
                    problems.push(format!("names {word}, a file outside the repository"));
                } else if !root().join(word).exists() && !written.contains(word) {
                    problems.push(format!(
                        "names {word}, which is not in the repository (nor written by a \
                         command before it on the page)"
                    ));
                }
            }
        }
    }
    problems
}

/// No command of the pages reads a file a clone does not have.
#[test]
fn every_file_a_command_names_is_in_the_repository() {
    let mut problems = Vec::new();
    let mut written: BTreeMap<String, HashSet<String>> = BTreeMap::new();
    for found in all_commands() {
        let page_outputs = written.entry(found.page.clone()).or_default();
        for problem in file_problems(&found, page_outputs) {
            problems.push(format!("{}: `{}` {problem}", found.place, found.text));
        }
    }
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

/// Top-level folders of the repository: inline code that is one word starting with one of
/// them (or with `../`) is a path, and must exist.
const FOLDERS: &[&str] = &[
    "assets/",
    "benches/",
    "book/",
    "crates/",
    "fuzz/",
    "notebooks/",
    "scripts/",
    "src/",
    "tests/",
    ".ci/",
    "../",
];

/// Whether `word` is a path into the repository (or out of it), by how it starts.
fn is_repository_path(word: &str) -> bool {
    FOLDERS.iter().any(|f| word.starts_with(f))
        && !word.contains(|c: char| c.is_whitespace() || "<>*{}|$=".contains(c))
}

/// Shell code blocks: their words are checked for paths too.
const SHELL_BLOCKS: &[&str] = &["sh", "bash", "shell", "console"];

/// No path the pages show (inline, or in a shell block) is missing from a clone.
#[test]
fn every_path_the_pages_show_is_in_the_repository() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for (page, text) in pages() {
        let (prose, fenced) = split_fences(&text);
        let mut paths: Vec<(usize, String)> = inline_spans(&prose)
            .into_iter()
            .filter(|(_, span)| is_repository_path(span))
            .collect();
        for (line, code, info) in fenced {
            if SHELL_BLOCKS.contains(&info.as_str()) {
                let words = shell_words(code.trim()).unwrap_or_default();
                // A path after a redirection is written, not read.
                let end = words
                    .iter()
                    .position(|w| SHELL_OPERATORS.contains(&w.as_str()))
                    .unwrap_or(words.len());
                paths.extend(
                    words[..end]
                        .iter()
                        .filter(|w| is_repository_path(w))
                        .map(|w| (line, w.clone())),
                );
            }
        }
        for (line, path) in paths {
            checked += 1;
            if outside(&path) {
                problems.push(format!("{page}:{line}: {path} is outside the repository"));
            } else if !root().join(&path).exists() {
                problems.push(format!("{page}:{line}: {path} is not in the repository"));
            }
        }
    }
    assert!(
        checked >= 50,
        "only {checked} paths found: is the scanner broken?"
    );
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

// --- Running them -------------------------------------------------------------------------

/// Commands the test does not run, with the reason; it still parses them (`--help` appended)
/// and checks their files. (A word, or the whole command after the program with `=`.)
const NOT_RUN: &[(&str, &str)] = &[
    (
        "/usr/games/stockfish",
        "plays Stockfish, which is not part of the repository (Debian's stockfish package)",
    ),
    ("…", "a fragment: the text elides part of the command"),
    (
        "exercise",
        "works on the learner's copies in exercises/mine/ and builds them with cargo, which \
         cannot run inside `cargo test` (its build folder is locked); .ci/run checks the \
         skeleton and the rung with `exercise check --file`, tests/exercises.rs the grading",
    ),
    (
        "=tune",
        "names the command in prose; its data file is the one of the lines around it",
    ),
    (
        "=tune --from zero",
        "names one flag in prose; its data file is the one of the lines around it",
    ),
    (
        "=train",
        "names the command in prose; the command itself is shown in the tools' list",
    ),
];

/// The most a limit may be in the test build: (subcommand, flag, at most). The reader's value
/// is kept when it is lower.
const CAPS: &[(&str, &str, u64)] = &[
    ("search", "--depth", 7),
    ("search", "--movetime", 50),
    ("search", "--nodes", 20_000),
    ("bench", "--depth", 4),
    ("compare", "--depth", 3),
    ("suite", "--depth", 4),
    ("suite", "--movetime", 20),
    ("perft", "--depth", 4),
    ("perft", "--max-depth", 2),
    ("scaling", "--depth", 3),
    ("scaling", "--runs", 1),
    ("match", "--games", 2),
    ("match", "--movetime", 10),
    ("match", "--nodes", 1_000),
    ("match", "--depth", 3),
    ("datagen", "--games", 2),
    ("datagen", "--nodes", 300),
    ("tune", "--epochs", 2),
    ("train", "--epochs", 1),
];

/// Limits added where a command leaves a long default: (subcommand, flag, value, unless the
/// command gives one of these flags). Every match also stops its games after 16 plies.
const ADDED: &[(&str, &str, &str, &[&str])] = &[
    ("compare", "--depth", "3", &["--depth"]),
    ("bench", "--depth", "4", &["--depth"]),
    ("suite", "--movetime", "20", &["--movetime"]),
    ("scaling", "--depth", "3", &["--depth"]),
    ("scaling", "--runs", "1", &["--runs"]),
    ("match", "--games", "2", &["--games"]),
    ("match", "--max-plies", "16", &["--max-plies"]),
    (
        "match",
        "--movetime",
        "10",
        &["--movetime", "--tc", "--nodes", "--depth"],
    ),
    ("datagen", "--games", "2", &["--games"]),
    ("datagen", "--nodes", "300", &["--nodes"]),
    ("tune", "--epochs", "2", &["--epochs"]),
    ("train", "--epochs", "1", &["--epochs"]),
];

/// A time control short enough for a test: half a second a game and 10 ms a move.
const SHORT_TC: &str = "0.5+0.01";

/// The command shortened for the test build: limits cut to [`CAPS`], [`ADDED`] added, a time
/// control made [`SHORT_TC`].
fn shorten(args: &[String]) -> Vec<String> {
    let (subcommand, roles) = roles(args);
    let mut short: Vec<String> = args
        .iter()
        .zip(&roles)
        .map(|(word, role)| {
            let Role::Value(flag) = role else {
                return word.clone();
            };
            if subcommand == "match" && flag == "--tc" {
                return SHORT_TC.to_string();
            }
            match CAPS
                .iter()
                .find(|(sub, f, _)| *sub == subcommand && f == flag)
            {
                Some((_, _, most)) => match word.parse::<u64>() {
                    Ok(value) if value > *most => most.to_string(),
                    _ => word.clone(),
                },
                None => word.clone(),
            }
        })
        .collect();
    if !roles.contains(&Role::Subcommand) {
        short.insert(0, subcommand.clone()); // `compare`, the default, named
    }
    for (sub, flag, value, unless) in ADDED {
        if *sub == subcommand && !args.iter().any(|w| unless.contains(&w.as_str())) {
            short.push(flag.to_string());
            short.push(value.to_string());
        }
    }
    short
}

/// The reason a command (its words as the page shows them) is not run, if it is listed in
/// [`NOT_RUN`].
fn not_run(args: &[String]) -> Option<&'static str> {
    let whole = args.join(" ");
    NOT_RUN.iter().find_map(|(what, why)| {
        let listed = match what.strip_prefix('=') {
            Some(exact) => whole == exact,
            None => args
                .iter()
                .any(|w| w.split_whitespace().any(|p| p == *what)),
        };
        listed.then_some(*why)
    })
}

/// `args` made to run in the scratch folder: the repository's files given by absolute path,
/// outputs kept relative (their folders made in `scratch`), this crate's binary the test's.
fn localise(args: &[String], scratch: &Path) -> Vec<String> {
    let (subcommand, roles) = roles(args);
    let binary = env!("CARGO_BIN_EXE_searchlab");
    args.iter()
        .zip(&roles)
        .map(|(word, role)| match file_use(&subcommand, role, word) {
            Some(FileUse::Input) if root().join(word).exists() && !outside(word) => {
                root().join(word).to_string_lossy().into_owned()
            }
            Some(FileUse::Output) => {
                let relative = word.trim_start_matches('/');
                if let Some(parent) = Path::new(relative).parent() {
                    std::fs::create_dir_all(scratch.join(parent)).expect("scratch folders");
                }
                relative.to_string()
            }
            Some(FileUse::Program) => {
                let mut parts = word.splitn(2, ' ');
                let program = parts.next().unwrap_or("").trim_start_matches("./");
                match (OWN_BINARIES.contains(&program), parts.next()) {
                    (true, Some(rest)) => format!("{binary} {rest}"),
                    (true, None) => binary.to_string(),
                    (false, _) => word.clone(),
                }
            }
            _ => word.clone(),
        })
        .collect()
}

/// How long one command may take before the test calls it hung.
const TIMEOUT: Duration = Duration::from_secs(60);

/// What the UCI command is fed on standard input; `quit` follows once it has answered
/// `bestmove`.
const UCI_INPUT: &str = "uci\nisready\nposition startpos moves e2e4\ngo depth 4\n";

/// Runs searchlab with `args` in `scratch`: its exit status (None if it ran past [`TIMEOUT`])
/// and its output. `uci` is played a short session: it must answer `uciok` and a `bestmove`.
fn run(args: &[String], scratch: &Path) -> (Option<i32>, String) {
    use std::io::{BufRead, BufReader, Read};
    let uci = args.first().is_some_and(|w| w == "uci");
    let mut child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(args)
        .current_dir(scratch)
        .stdin(if uci { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the searchlab binary starts");
    let mut stdin = child.stdin.take();
    if let Some(stdin) = stdin.as_mut() {
        stdin.write_all(UCI_INPUT.as_bytes()).expect("UCI input");
    }
    // The output, a line at a time, so that the UCI session can wait for `bestmove`.
    let (lines, received) = std::sync::mpsc::channel::<String>();
    let stdout = child.stdout.take().expect("a piped stdout");
    let stdout_reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = lines.send(line);
        }
    });
    let mut stderr = child.stderr.take().expect("a piped stderr");
    let stderr_reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let started = Instant::now();
    let mut output = String::new();
    let status = loop {
        while let Ok(line) = received.try_recv() {
            if line.starts_with("bestmove") {
                if let Some(mut stdin) = stdin.take() {
                    let _ = stdin.write_all(b"quit\n");
                }
            }
            output.push_str(&line);
            output.push('\n');
        }
        if let Some(status) = child.try_wait().expect("waiting for searchlab") {
            break status.code();
        }
        if started.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let _ = stdout_reader.join();
    output.extend(received.try_iter().map(|line| line + "\n"));
    output.push_str(&stderr_reader.join().unwrap_or_default());
    if uci && status == Some(0) && !(output.contains("uciok") && output.contains("bestmove")) {
        return (Some(-1), format!("no uciok or bestmove in:\n{output}"));
    }
    (status, output)
}

/// The last lines of a command's output, for a failure message.
fn tail(output: &str) -> String {
    let lines: Vec<&str> = output.lines().collect();
    lines[lines.len().saturating_sub(8)..].join("\n      ")
}

/// Every command of the pages runs (shortened), or is listed in [`NOT_RUN`] and parses.
#[test]
fn every_command_runs() {
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("commands");
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).expect("a scratch folder");
    let mut done: BTreeMap<Vec<String>, String> = BTreeMap::new();
    let mut failures = Vec::new();
    let started = Instant::now();
    for found in all_commands() {
        let filled = fill(&found.args);
        let (args, how) = match not_run(&found.args) {
            Some(_) => {
                let mut args = localise(&filled, &scratch);
                args.push("--help".to_string());
                (args, "parsed")
            }
            None => (localise(&shorten(&filled), &scratch), "ran"),
        };
        if let Some(first) = done.get(&args) {
            println!("{:<28} same as {first}", found.place);
            continue;
        }
        let clock = Instant::now();
        let (status, output) = run(&args, &scratch);
        println!(
            "{:<28} {how} in {:>5.2} s: searchlab {}",
            found.place,
            clock.elapsed().as_secs_f64(),
            args.join(" ")
        );
        if status != Some(0) {
            let status = status.map_or("ran past the time limit".to_string(), |code| {
                format!("exit status {code}")
            });
            failures.push(format!(
                "{}: `{}`\n    {how} as: searchlab {}\n    {status}:\n      {}",
                found.place,
                found.text,
                args.join(" "),
                tail(&output)
            ));
        }
        done.insert(args, found.place.clone());
    }
    println!(
        "{} different commands in {:.1} s",
        done.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "\n{}\n\nA reader's command fails. If it is right and cannot run here, list it in \
         NOT_RUN; if it needs a placeholder filled in or a limit cut, see PLACEHOLDERS, CAPS \
         and ADDED in tests/commands.rs.",
        failures.join("\n\n")
    );
}

// --- The scanner itself -------------------------------------------------------------------

/// The scanner finds commands over continuation lines and line breaks, cuts comments, skips
/// other programs; placeholders are filled in and limits shortened as the tables say.
#[test]
fn the_scanner_finds_block_and_inline_commands() {
    let page = "Run `searchlab bench --depth 4\n--stage pvs` or `searchlab` itself.\n\n\
                ```sh\n\
                cargo run --release -- search --fen \"<FEN>\" \\\n    --depth 3   # a comment\n\
                python3 scripts/uci_check.py target/release/searchlab\n\
                target/release/searchlab uci\n\
                cargo run --release -p searchlab-book -- figures\n\
                ```\n\
                And `cargo run --release`, not `cargo build --release`.\n";
    let found = commands_in("page.md", page).unwrap();
    let shown: Vec<(String, Vec<String>)> = found
        .iter()
        .map(|f| (f.place.clone(), f.args.clone()))
        .collect();
    let words = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
    assert_eq!(
        shown,
        vec![
            (
                "page.md:1".to_string(),
                words("bench --depth 4 --stage pvs")
            ),
            (
                "page.md:5".to_string(),
                vec![
                    "search".into(),
                    "--fen".into(),
                    "<FEN>".into(),
                    "--depth".into(),
                    "3".into()
                ]
            ),
            ("page.md:8".to_string(), words("uci")),
            ("page.md:11".to_string(), vec![]),
        ]
    );
    assert_eq!(
        found[1].text,
        "cargo run --release -- search --fen \"<FEN>\" --depth 3"
    );
    let filled = fill(&found[1].args);
    assert_eq!(filled[2], PLACEHOLDERS[0].2);
    assert_eq!(
        shorten(&words(
            "match --stage pvs --stage cached --tc 10+0.1 --games 800"
        )),
        words("match --stage pvs --stage cached --tc 0.5+0.01 --games 2 --max-plies 16")
    );
    assert_eq!(shorten(&[]), words("compare --depth 3"));
    assert_eq!(
        fill(&words("match --stage selective --stage selective~-PIECE"))
            .last()
            .map(String::as_str),
        Some("selective~-null_move")
    );
}

/// The file check fails a missing input, a path out of the repository and an unknown
/// program, and accepts an output and a file an earlier command wrote.
#[test]
fn a_missing_file_and_a_path_out_of_the_repository_are_caught() {
    let found = |line: &str| Found {
        place: "page.md:1".into(),
        page: "page.md".into(),
        text: line.into(),
        args: shell_words(line).unwrap(),
    };
    let mut written = HashSet::new();
    let problems = |line: &str, written: &mut HashSet<String>| file_problems(&found(line), written);
    assert!(problems("suite tests/data/bk.epd", &mut written).is_empty());
    assert_eq!(
        problems("suite tests/data/nothing.epd", &mut written).len(),
        1
    );
    assert_eq!(
        problems("bench --positions ../data/speed.fen", &mut written).len(),
        1
    );
    assert_eq!(problems("tune data.txt", &mut written).len(), 1);
    assert!(problems("datagen data.txt --games 2", &mut written).is_empty());
    assert!(problems(
        "tune data.txt --output crates/engine/src/eval/tuned.rs",
        &mut written
    )
    .is_empty());
    assert_eq!(problems("match --engine ./engine", &mut written).len(), 1);
}
