//! `searchlab datagen`: self-play games of the strongest stage, stage 10 with the compiled-in
//! network (or of the engine `--stage` names),
//! their quiet positions written with each game's result, for `searchlab tune` and `searchlab
//! train`. Stop it at any time; the same command resumes it. The file's header records the
//! settings and the engine that played and, for the learned evaluation, which network it played
//! with, so that a network trained on the file can say where its knowledge came from. A file
//! that is not datagen's, has a line that does not read, or records other settings or another
//! engine is refused, and left as it was.

use super::output::outln;
use super::{progress_bar, EvalFile};
use anyhow::Context;
use searchlab::lab::datagen::{
    missing_games, play_games, read_progress, DatagenConfig, GameData, Header, Progress,
};
use searchlab::{Chess, EngineSpec};
use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Arguments of `searchlab datagen`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The data file: created (an empty file counts as new), or, if it is a datagen file,
    /// resumed with the settings its header records (its whole games are kept and only the
    /// missing ones played). Any other file is refused and left as it was.
    pub output: PathBuf,
    /// Games in the whole run (numbered from 0; a resumed run plays those not in the file).
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Nodes per move.
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// Random legal moves after the opening, so that games from one opening differ.
    #[arg(long, default_value_t = 4)]
    pub random_plies: usize,
    /// Picks each game's opening and random moves (with the game's number).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads, each playing its own games [default: every core].
    #[arg(long)]
    pub threads: Option<usize>,
    /// The transposition table's size of each thread's engine, in MB [default: 16].
    #[arg(long)]
    pub hash: Option<usize>,
    /// Opening positions, one FEN or EPD line each, e.g. assets/openings/openings-8moves.epd
    /// [default: 500 drawn from that book, compiled into the binary].
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// The engine that plays both sides, e.g. `neural` (the learned evaluation, with the network
    /// `--eval-file` names or the compiled-in one) [default: the strongest stage].
    #[arg(long)]
    pub stage: Option<String>,
}

/// The engine as the header's engine line names it (after `# engine `): the spec and,
/// for a neural stage, its network (`eval_file` or the compiled-in one, with a checksum of its
/// weights, which tells two networks apart).
fn engine(spec: &EngineSpec<Chess>, eval_file: Option<&EvalFile>) -> String {
    let mut line = spec.to_string();
    if spec.stage().evaluates_with_network() {
        let network = spec
            .network()
            .cloned()
            .unwrap_or_else(searchlab::eval::neural::default_network);
        let name = eval_file.map_or_else(
            || "the compiled-in network".to_string(),
            |eval_file| eval_file.path.display().to_string(),
        );
        line.push_str(&format!(
            " network {name} ({} hidden units, FNV-1a {})",
            network.hidden(),
            network.checksum()
        ));
    }
    line
}

/// What the existing data file `text` (at `path`) holds, if a run with the header `asked` may
/// resume it: its header must be datagen's, its every line must read (a last game cut off
/// mid-write apart), and its settings and engine must be the run's. The error names the file
/// and says what is wrong.
fn check_resumable(text: &str, asked: &Header, path: &Path) -> anyhow::Result<Progress> {
    let header = Header::read(text).with_context(|| {
        format!(
            "{} is not a datagen file, and datagen adds games only to its own files (left as \
             it was; write the games to a new file)",
            path.display()
        )
    })?;
    let progress = read_progress(text).with_context(|| {
        format!(
            "{} has a line datagen cannot read (left as it was)",
            path.display()
        )
    })?;
    let differences = header.differences(asked);
    if !differences.is_empty() {
        anyhow::bail!(
            "{} was played with other settings: {}; resume it with the settings its header \
             records, or write a new file (left as it was)",
            path.display(),
            differences.join("; ")
        );
    }
    // A file is resumed only by the engine that began it: two engines' games in one file
    // would make data that no header describes. (Files from before the header named the engine
    // were played by the strongest stage of the day, stage 9, with the table size left alone.)
    let recorded = header
        .engine
        .unwrap_or_else(|| searchlab::search::parallel::NAME.to_string());
    let asked = asked.engine.as_deref().unwrap_or_default();
    if recorded != asked {
        anyhow::bail!(
            "{} was played by another engine: its header says `{recorded}`, this run would be \
             `{asked}`; resume it with the same --stage, --hash and --eval-file, or write a new \
             file",
            path.display(),
        );
    }
    Ok(progress)
}

/// Runs `searchlab datagen`.
pub fn run(args: Args, eval_file: Option<&EvalFile>, json: bool) -> anyhow::Result<()> {
    let openings = super::read_openings(args.openings.as_deref())?;
    if args.nodes == 0 {
        anyhow::bail!("--nodes must be at least 1");
    }
    let config = DatagenConfig {
        games: args.games,
        nodes: args.nodes,
        random_plies: args.random_plies,
        seed: args.seed,
        openings,
        engine: super::with_settings(
            match &args.stage {
                Some(stage) => stage.parse()?,
                None => EngineSpec::strongest(),
            },
            None,
            args.hash,
            eval_file,
        )?,
    };
    let openings_name = args.openings.as_ref().map_or_else(
        || format!("the {} compiled in", config.openings.len()),
        |path| path.display().to_string(),
    );
    let asked = Header::new(&config, &openings_name, &engine(&config.engine, eval_file));
    // What the file holds already. An empty file (as `touch` leaves it) is a new one: it holds
    // nothing to lose. Anything else is resumed only if it is a data file whose every line
    // reads and whose header records this run's settings; it is checked whole before it is
    // opened for writing, so a file refused is left as it was, byte for byte.
    let existing = match std::fs::read_to_string(&args.output) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(error) => {
            return Err(error).with_context(|| format!("reading {}", args.output.display()))
        }
    };
    let progress = if existing.is_empty() {
        Progress::default()
    } else {
        check_resumable(&existing, &asked, &args.output)?
    };
    let file = OpenOptions::new()
        .create(true)
        .write(true)
        .truncate(false)
        .open(&args.output)
        .with_context(|| format!("opening {}", args.output.display()))?;
    file.set_len(progress.whole_bytes as u64)
        .with_context(|| format!("trimming {}", args.output.display()))?;
    drop(file);
    let mut file = OpenOptions::new()
        .append(true)
        .open(&args.output)
        .with_context(|| format!("opening {}", args.output.display()))?;
    if progress.whole_bytes == 0 {
        file.write_all(asked.to_text().as_bytes())
            .with_context(|| format!("writing {}", args.output.display()))?;
    }
    let missing = missing_games(config.games, &progress.games);
    let threads = super::threads_or_every_core(args.threads);
    if !json {
        eprintln!(
            "{}: {} games done ({} positions), {} to play on {} threads at {} nodes a move",
            args.output.display(),
            progress.games.len(),
            progress.positions,
            missing.len(),
            threads,
            config.nodes
        );
    }
    let bar = progress_bar(
        missing.len() as u64,
        "[{bar:40}] {pos}/{len} games, {msg} ({elapsed}, {eta} left)",
    );
    let start = Instant::now();
    let (mut positions, mut games, mut plies) = (0usize, 0usize, 0usize);
    let stop = AtomicBool::new(false);
    play_games(&config, &missing, threads, &stop, |game: GameData| {
        file.write_all(game.to_text().as_bytes())
            .and_then(|()| file.flush())
            .map_err(|error| searchlab::Error::Io {
                path: args.output.display().to_string(),
                reason: error.to_string(),
            })?;
        positions += game.samples.len();
        plies += game.plies;
        games += 1;
        let rate = positions as f64 / start.elapsed().as_secs_f64().max(1e-9);
        bar.set_message(format!("{positions} positions, {rate:.0}/s"));
        bar.inc(1);
        Ok(())
    })?;
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let rate = positions as f64 / seconds.max(1e-9);
    if json {
        outln!(
            "{}",
            serde_json::json!({
                "file": args.output.display().to_string(),
                "games": games,
                "positions": positions,
                "plies": plies,
                "seconds": seconds,
                "positions_per_second": rate,
                "total_games": progress.games.len() + games,
                "total_positions": progress.positions + positions,
            })
        );
    } else {
        outln!(
            "{games} games, {plies} moves searched, {positions} positions kept in {seconds:.1} s: \
             {rate:.0} positions/s; {} now holds {} games, {} positions",
            args.output.display(),
            progress.games.len() + games,
            progress.positions + positions
        );
    }
    Ok(())
}
