//! One module per subcommand: its arguments and a `run` function.

pub mod bench;
pub mod compare;
pub mod figures;
pub mod matchplay;
pub mod perft;
pub mod search;
pub mod suite;
pub mod uci;

/// Reads a stage name, turning an unknown one into an error that lists the stages.
pub fn check_stage(name: &str) -> anyhow::Result<()> {
    searchlab::engine_for::<searchlab::Chess>(name)?;
    Ok(())
}
