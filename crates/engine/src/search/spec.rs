//! # An engine described by a value
//!
//! What a person types to name an engine, `selective -null_move` or `parallel threads=2
//! hash=64`, is read **once**, where it is typed (the command line, a UCI option, a notebook
//! cell), into an [`EngineSpec`]: the stage, the parts switched, the threads, the table
//! size and, for stage 10, the network its evaluation plays with. From there on the description is passed around as that value, never as text, and
//! every engine it builds ([`EngineSpec::build`]) is the same.
//!
//! ```text
//! STAGE [WORD …]         WORD: -part (off) · +part or part (on) · threads=N · hash=N (MB)
//! ```
//!
//! Reading checks everything that can be checked before a search: the stage exists (case does
//! not matter), each switch names a part that the engine has *for the game it will search*
//! (which is why a description is of an engine for a game `G`: chess's evaluation has terms to
//! switch, tic-tac-toe's has none), `threads=N` is from 1 to [`MAX_THREADS`] and more than one
//! only for a parallel search, `hash=N` is from [`HASH_MIN_MB`] to [`HASH_MAX_MB`]. Each error
//! names the word at fault. Written back ([`Display`](std::fmt::Display)), a description reads
//! the same engine back.

use crate::error::{Error, Result};
use crate::eval::network::Network;
use crate::game::Game;
use crate::search::engine::Engine;
use crate::search::registry::{
    build, find_engine, strongest_stage, Stage, DEFAULT_HASH_MB, HASH_MAX_MB, HASH_MIN_MB,
};
use crate::search::threads::MAX_THREADS;
use crate::switches::Switch;
use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;
use std::sync::Arc;

// ANCHOR: spec
/// An engine for the game `G`, with its settings: a value read once from text (`FromStr`) and
/// written back the same way (`Display`), which builds the engine it describes.
pub struct EngineSpec<G> {
    stage: &'static Stage,
    switches: Vec<Switch>,
    threads: usize,
    hash_mb: usize,
    network: Option<Arc<Network>>,
    game: PhantomData<fn() -> G>,
}
// ANCHOR_END: spec

impl<G: Game + 'static> EngineSpec<G> {
    /// The engine of `stage` (a rung or a side engine) with every part on, one thread and the
    /// default table.
    pub fn new(stage: &'static Stage) -> EngineSpec<G> {
        EngineSpec {
            stage,
            switches: Vec::new(),
            threads: 1,
            hash_mb: DEFAULT_HASH_MB,
            network: None,
            game: PhantomData,
        }
    }

    /// The strongest stage, as it comes (stage 10, `neural`, with the compiled-in network): what
    /// the UCI engine plays when nothing is chosen.
    pub fn strongest() -> EngineSpec<G> {
        EngineSpec::new(find_engine(strongest_stage()).expect("the strongest stage is listed"))
    }

    /// The stage.
    pub fn stage(&self) -> &'static Stage {
        self.stage
    }

    /// The parts switched, in the order given (a later switch of the same part wins).
    pub fn switches(&self) -> &[Switch] {
        &self.switches
    }

    /// The threads the engine searches on.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The size of the engine's transposition table, in MB (none is made for the stages
    /// without one).
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// The network the learned evaluation of stages 10 and 11 plays with, if another than the
    /// compiled-in one was given ([`EngineSpec::with_network`]).
    pub fn network(&self) -> Option<&Arc<Network>> {
        self.network.as_ref()
    }

    /// The same engine with `network` for its learned evaluation (UCI's `EvalFile`, the
    /// command line's `--eval-file`). Only stages 10 and 11 have one
    /// ([`Stage::evaluates_with_network`]): any other engine is built as before, so a
    /// description may carry the network from one stage to the next.
    pub fn with_network(mut self, network: Arc<Network>) -> EngineSpec<G> {
        self.network = Some(network);
        self
    }

    /// The same engine with the compiled-in network again.
    pub fn with_compiled_in_network(mut self) -> EngineSpec<G> {
        self.network = None;
        self
    }

    /// The same engine on `threads` threads: an error unless it is from 1 to [`MAX_THREADS`],
    /// and more than one only for a parallel search.
    pub fn with_threads(mut self, threads: usize) -> Result<EngineSpec<G>> {
        if MAX_THREADS == 1 && threads > 1 {
            return Err(self.bad_threads("this build has no threads (a browser page's)".into()));
        }
        if !(1..=MAX_THREADS).contains(&threads) {
            return Err(self.not_a_thread_count(&threads.to_string()));
        }
        if threads > 1 && !self.stage.parallel {
            return Err(self.bad_threads(
                "it searches on one thread; parallel, rootsplit, neural and modern use more".into(),
            ));
        }
        self.threads = threads;
        Ok(self)
    }

    /// The same engine with a table of `megabytes` MB: an error unless it is from
    /// [`HASH_MIN_MB`] to [`HASH_MAX_MB`].
    pub fn with_hash(mut self, megabytes: usize) -> Result<EngineSpec<G>> {
        if !(HASH_MIN_MB..=HASH_MAX_MB).contains(&megabytes) {
            return Err(not_a_table_size(&format!("hash={megabytes}")));
        }
        self.hash_mb = megabytes;
        Ok(self)
    }

    /// The same engine with the part named by `word` (`-part`, `+part` or `part`) switched:
    /// an error, listing the engine's parts, if it has no such part.
    pub fn with_switch(mut self, word: &str) -> Result<EngineSpec<G>> {
        let known = self.stage.switch_names::<G>();
        match Switch::parse(word, &known) {
            Some(switch) => {
                self.switches.push(switch);
                Ok(self)
            }
            None => Err(Error::UnknownSwitch {
                stage: self.stage.name.to_string(),
                name: word.to_string(),
                known: if known.is_empty() {
                    "none: this stage has no parts to switch".to_string()
                } else {
                    known
                        .iter()
                        .map(|k| format!("-{k}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                },
            }),
        }
    }

    // ANCHOR: build
    /// A new engine as described: the stage with its table, its parts switched, on its
    /// threads, with its network. (Everything was checked when the description was made, so
    /// this cannot fail.)
    pub fn build(&self) -> Box<dyn Engine<G>> {
        let mut engine = build::<G>(self.stage, self.hash_mb);
        for switch in &self.switches {
            let known = engine.switch(switch.name, switch.on);
            debug_assert!(known, "{} has the part {}", self.stage.name, switch.name);
        }
        if let Some(network) = &self.network {
            // `false` for an engine with no learned evaluation: it has nothing to play it with.
            engine.set_network(network);
        }
        let threads = engine.set_threads(self.threads);
        debug_assert!(
            threads,
            "{} searches on {} threads",
            self.stage.name, self.threads
        );
        engine
    }
    // ANCHOR_END: build

    /// What the engine is, for a table's rows: the description without the table size, which
    /// says how much memory it has rather than which engine it is (`selective -null_move`).
    pub fn label(&self) -> String {
        let mut label = self.stage.name.to_string();
        for switch in &self.switches {
            label.push_str(&format!(" {switch}"));
        }
        if self.threads != 1 {
            label.push_str(&format!(" threads={}", self.threads));
        }
        label
    }

    fn bad_threads(&self, reason: String) -> Error {
        Error::BadThreads {
            stage: self.stage.name.to_string(),
            reason,
        }
    }

    /// `threads=text` names no thread count at all.
    fn not_a_thread_count(&self, text: &str) -> Error {
        self.bad_threads(format!("'{text}' is not a number from 1 to {MAX_THREADS}"))
    }
}

/// The table size `word` (`hash=N`) is not one an engine takes.
fn not_a_table_size(word: &str) -> Error {
    Error::BadEngineWord {
        word: word.to_string(),
        reason: format!("the table size is a number of MB from {HASH_MIN_MB} to {HASH_MAX_MB}"),
    }
}

impl<G: Game + 'static> FromStr for EngineSpec<G> {
    type Err = Error;

    /// Reads `STAGE [WORD …]` (see the module docs).
    fn from_str(text: &str) -> Result<EngineSpec<G>> {
        let mut words = text.split_whitespace();
        let stage = find_engine(words.next().unwrap_or(""))?;
        let mut spec = EngineSpec::new(stage);
        for word in words {
            spec = if let Some(count) = word.strip_prefix("threads=") {
                let threads = count
                    .parse::<usize>()
                    .map_err(|_| spec.not_a_thread_count(count))?;
                spec.with_threads(threads)?
            } else if let Some(size) = word.strip_prefix("hash=") {
                let megabytes = size.parse::<usize>().map_err(|_| not_a_table_size(word))?;
                spec.with_hash(megabytes)?
            } else if word.contains('=') {
                return Err(Error::BadEngineWord {
                    word: word.to_string(),
                    reason: "the settings are threads=N and hash=N".into(),
                });
            } else {
                spec.with_switch(word)?
            };
        }
        Ok(spec)
    }
}

impl<G: Game + 'static> fmt::Display for EngineSpec<G> {
    /// The stage, then the switches, then `threads=N` and `hash=N` where they are not the
    /// defaults: `selective -null_move`, `parallel threads=2 hash=64`. A network given with
    /// [`EngineSpec::with_network`] is a value, not a word, and is not written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.label())?;
        if self.hash_mb != DEFAULT_HASH_MB {
            write!(f, " hash={}", self.hash_mb)?;
        }
        Ok(())
    }
}

impl<G: Game + 'static> fmt::Debug for EngineSpec<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EngineSpec({self})")
    }
}

impl<G> Clone for EngineSpec<G> {
    fn clone(&self) -> Self {
        EngineSpec {
            stage: self.stage,
            switches: self.switches.clone(),
            threads: self.threads,
            hash_mb: self.hash_mb,
            network: self.network.clone(),
            game: PhantomData,
        }
    }
}

impl<G> PartialEq for EngineSpec<G> {
    fn eq(&self, other: &Self) -> bool {
        self.stage == other.stage
            && self.switches == other.switches
            && self.threads == other.threads
            && self.hash_mb == other.hash_mb
            && match (&self.network, &other.network) {
                (None, None) => true,
                (Some(one), Some(other)) => Arc::ptr_eq(one, other),
                _ => false,
            }
    }
}

impl<G> Eq for EngineSpec<G> {}

/// Something that names an engine for the game `G`: a description already read, or text to
/// read now. The measuring tools take their engines as this, so a notebook cell may write
/// `compare(&positions, &["minimax", "alphabeta"], 3, …)` while the command line hands them the
/// descriptions it has read; either way a tool reads each name once, as it starts, and then
/// works with the value.
pub trait ToEngineSpec<G> {
    /// The description: a copy, or the text read (an error naming the bad word).
    fn to_spec(&self) -> Result<EngineSpec<G>>;
}

impl<G: Game + 'static> ToEngineSpec<G> for EngineSpec<G> {
    fn to_spec(&self) -> Result<EngineSpec<G>> {
        Ok(self.clone())
    }
}

impl<G: Game + 'static> ToEngineSpec<G> for str {
    fn to_spec(&self) -> Result<EngineSpec<G>> {
        self.parse()
    }
}

impl<G: Game + 'static> ToEngineSpec<G> for String {
    fn to_spec(&self) -> Result<EngineSpec<G>> {
        self.parse()
    }
}

impl<G, T: ToEngineSpec<G> + ?Sized> ToEngineSpec<G> for &T {
    fn to_spec(&self) -> Result<EngineSpec<G>> {
        (**self).to_spec()
    }
}

/// Reads every name in `engines` (see [`ToEngineSpec`]): all of them, or the first error.
pub fn specs<G, S: ToEngineSpec<G>>(engines: &[S]) -> Result<Vec<EngineSpec<G>>> {
    engines.iter().map(ToEngineSpec::to_spec).collect()
}

// ANCHOR: engine_for
/// Builds the engine described by `text` (read as [`EngineSpec`] reads it): the shortest way
/// from a name to an engine, for a notebook cell or a test. `selective -null_move -mobility`
/// is the selective stage without null-move pruning and without the mobility term.
pub fn engine_for<G: Game + 'static>(text: &str) -> Result<Box<dyn Engine<G>>> {
    Ok(text.parse::<EngineSpec<G>>()?.build())
}
// ANCHOR_END: engine_for

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Chess, TicTacToe};
    use crate::score::Depth;

    fn spec(text: &str) -> Result<EngineSpec<Chess>> {
        text.parse()
    }

    #[test]
    fn a_description_is_read_and_written_back() {
        for (text, written) in [
            ("selective", "selective"),
            ("  Selective  ", "selective"),
            (
                "selective -null_move mobility",
                "selective -null_move +mobility",
            ),
            ("parallel threads=2 hash=64", "parallel threads=2 hash=64"),
            ("parallel threads=1 hash=16", "parallel"),
            ("rootsplit -tuned threads=3", "rootsplit -tuned threads=3"),
            ("minimax hash=8", "minimax hash=8"),
        ] {
            let read = spec(text).unwrap();
            assert_eq!(read.to_string(), written, "{text}");
            assert_eq!(spec(&read.to_string()).unwrap(), read, "{text}");
        }
        let read = spec("parallel -see_pruning threads=4 hash=32").unwrap();
        assert_eq!(
            (read.stage().name, read.threads(), read.hash_mb()),
            ("parallel", 4, 32)
        );
        assert_eq!(read.switches()[0].to_string(), "-see_pruning");
        assert_eq!(read.label(), "parallel -see_pruning threads=4");
    }

    #[test]
    fn each_error_names_the_word_at_fault() {
        let says = |text: &str| spec(text).unwrap_err().to_string();
        assert!(says("quantum").contains("unknown stage 'quantum'"));
        assert!(says("").contains("unknown stage ''"));
        assert!(says("selective -nullmove").contains("'-nullmove'"));
        assert!(says("pvs -null_move").contains("none: this stage has no parts"));
        assert!(says("parallel threads=0").contains("'0' is not a number from 1 to 256"));
        assert!(says("parallel threads=two").contains("'two' is not a number"));
        assert!(says("pvs threads=2").contains("the pvs stage cannot search"));
        assert!(says("selective hash=0").contains("'hash=0'"));
        assert!(says("selective hash=lots").contains("'hash=lots'"));
        assert!(says("selective depth=3").contains("'depth=3'"));
    }

    #[test]
    fn the_switches_are_the_game_s() {
        assert!(spec("selective -mobility").is_ok());
        let tictactoe = "selective -mobility".parse::<EngineSpec<TicTacToe>>();
        assert!(matches!(tictactoe, Err(Error::UnknownSwitch { .. })));
        assert!("selective -null_move"
            .parse::<EngineSpec<TicTacToe>>()
            .is_ok());
    }

    #[test]
    fn an_engine_is_built_as_described() {
        let mut engine = spec("parallel -null_move threads=3 hash=2")
            .unwrap()
            .build();
        assert_eq!((engine.name(), engine.threads()), ("parallel", 3));
        assert!(engine.switch("null_move", true), "a part it has");
        assert_eq!(EngineSpec::<Chess>::strongest().to_string(), "modern");
    }

    /// A network that sees nothing: its first layer weighs only pawns on the first and last
    /// ranks, where no pawn ever stands, so it scores every position 0 (a network whose first
    /// layer is all 0 would be refused as unusable).
    fn blind_network() -> Arc<Network> {
        use crate::eval::features::FEATURES;
        let hidden = 4;
        let mut input_weights = vec![0; FEATURES * hidden];
        for feature in (0..FEATURES).filter(|f| (f / 64) % 6 == 0 && !(8..56).contains(&(f % 64))) {
            input_weights[feature * hidden..(feature + 1) * hidden].fill(1);
        }
        let network = Network::new(
            hidden,
            input_weights,
            vec![0; hidden],
            vec![1; 2 * hidden],
            0,
        );
        Arc::new(network.expect("the sizes fit"))
    }

    /// The score a search of the described engine gives the Italian game at `depth`.
    fn score_of(spec: &EngineSpec<Chess>, depth: Depth) -> i32 {
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";
        let mut game = Chess::from_fen(fen).expect("a position");
        let limits = crate::limits::SearchLimits::depth(depth);
        spec.build().search(&mut game, &limits).score.0
    }

    #[test]
    fn the_network_is_part_of_the_description() {
        let compiled_in = spec("neural").unwrap();
        let blind = compiled_in.clone().with_network(blind_network());
        assert_ne!(
            score_of(&compiled_in, 3),
            0,
            "the compiled-in network has a view"
        );
        assert_eq!(
            score_of(&blind, 3),
            0,
            "a network that sees nothing scores 0"
        );
        // The helpers of a parallel search take it too, made after it is set (as the
        // description builds them) or before.
        let on_threads = blind.clone().with_threads(3).unwrap();
        assert_eq!(score_of(&on_threads, 3), 0);
        let mut engine = spec("neural threads=3").unwrap().build();
        assert!(engine.set_network(&blind_network()));
        let mut game = Chess::start();
        let limits = crate::limits::SearchLimits::depth(3);
        assert_eq!(engine.search(&mut game, &limits).score.0, 0);
        assert_eq!(on_threads.network().map(|n| n.hidden()), Some(4));
        assert_ne!(blind, compiled_in, "two engines");
        assert_eq!(blind.clone().with_compiled_in_network(), compiled_in);
        // An engine with no learned evaluation is built as it was: the network is not its.
        let selective = spec("selective").unwrap();
        assert_eq!(
            score_of(&selective.clone().with_network(blind_network()), 3),
            score_of(&selective, 3)
        );
    }
}
