//! `searchlab suite` (to be built).

/// Arguments of `searchlab suite`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {}

/// Runs the command.
pub fn run(_args: Args, _json: bool) -> anyhow::Result<()> {
    anyhow::bail!("this command is not built yet")
}
