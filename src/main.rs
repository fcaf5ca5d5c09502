//! The `searchlab` command line. Thin by design: it parses arguments and calls the library.

mod cli;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

/// Chess game-tree search, one stage at a time.
#[derive(Parser, Debug)]
#[command(name = "searchlab", version, about, long_about = None)]
struct Cli {
    /// Print machine-readable JSON instead of tables.
    #[arg(long, global = true)]
    json: bool,
    /// The network stages 10 and 11 evaluate with: a weights file `searchlab train` wrote
    /// (default: the one compiled in). UCI's EvalFile option does the same for a GUI.
    #[arg(long, global = true, value_name = "FILE")]
    eval_file: Option<std::path::PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    #[cfg(feature = "pictures")]
    /// Every stage on the built-in positions: a table and a nodes-per-depth chart (what
    /// `searchlab` with no command runs, unless a program speaks to it: see `uci`).
    Compare(cli::compare::Args),
    /// Search one position with one stage.
    Search(cli::search::Args),
    /// Count the leaves of the move tree (checks the move generator).
    Perft(cli::perft::Args),
    #[cfg(feature = "lab")]
    /// Run an EPD test suite (bm / am / dm).
    Suite(cli::suite::Args),
    #[cfg(feature = "lab")]
    /// Play a match between two players: stages, or UCI engines.
    Match(cli::matchplay::Args),
    /// Fixed positions at a fixed depth: a node-count signature and the speed.
    Bench(cli::bench::Args),
    /// Speak the UCI protocol on stdin/stdout (for chess GUIs). `searchlab` with no command
    /// does too when its input is not a terminal and a line arrives, as when a GUI or
    /// OpenBench starts it; with no input at all it runs `compare`.
    Uci,
    #[cfg(feature = "lab")]
    /// Time to depth of the parallel searches with 1, 2, 4, … threads.
    Scaling(cli::scaling::Args),
    #[cfg(feature = "lab")]
    /// Self-play games of the strongest stage (or `--stage`): quiet positions with results, to
    /// tune and train on.
    Datagen(cli::datagen::Args),
    #[cfg(feature = "pictures")]
    /// Fit the evaluation's weights to game results (Texel's method) and write them as Rust.
    Tune(cli::tune::Args),
    #[cfg(feature = "pictures")]
    /// Train the learned evaluation's network on self-play data and write its weights.
    Train(cli::train::Args),
    #[cfg(feature = "course")]
    /// Exercises: write a rung's idea yourself and have it graded (list, check, hint, watch).
    Exercise(cli::exercise::Args),
}

fn main() {
    // The match command needs clap's matches too: the order of its --stage and --engine flags.
    let matches = Cli::command().get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|error| error.exit());
    let outcome = run(cli, &matches).and_then(|()| Ok(cli::output::flush()?));
    if let Err(error) = outcome {
        std::process::exit(cli::output::exit_status(&error));
    }
}

/// Runs the command the command line names.
#[cfg_attr(not(feature = "lab"), allow(unused_variables))]
fn run(cli: Cli, matches: &clap::ArgMatches) -> anyhow::Result<()> {
    let eval_file = match &cli.eval_file {
        Some(path) => Some(cli::EvalFile::read(path)?),
        None => None,
    };
    let eval_file = eval_file.as_ref();
    match cli.command {
        None => cli::uci::uci_or_compare(eval_file, cli.json),
        #[cfg(feature = "pictures")]
        Some(Command::Compare(args)) => cli::compare::run(args, eval_file, cli.json),
        Some(Command::Search(args)) => cli::search::run(args, eval_file, cli.json),
        Some(Command::Perft(args)) => cli::perft::run(args, cli.json),
        #[cfg(feature = "lab")]
        Some(Command::Suite(args)) => cli::suite::run(args, eval_file, cli.json),
        #[cfg(feature = "lab")]
        Some(Command::Match(args)) => cli::matchplay::run(
            args,
            matches.subcommand_matches("match"),
            eval_file,
            cli.json,
        ),
        Some(Command::Bench(args)) => cli::bench::run(args, eval_file, cli.json),
        Some(Command::Uci) => cli::uci::run(eval_file),
        #[cfg(feature = "lab")]
        Some(Command::Scaling(args)) => cli::scaling::run(args, eval_file, cli.json),
        #[cfg(feature = "lab")]
        Some(Command::Datagen(args)) => cli::datagen::run(args, eval_file, cli.json),
        #[cfg(feature = "pictures")]
        Some(Command::Tune(args)) => cli::tune::run(args, cli.json),
        #[cfg(feature = "pictures")]
        Some(Command::Train(args)) => cli::train::run(args, cli.json),
        #[cfg(feature = "course")]
        Some(Command::Exercise(args)) => cli::exercise::run(args),
    }
}
