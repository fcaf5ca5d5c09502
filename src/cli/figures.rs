//! `searchlab figures` (to be built).

/// Arguments of `searchlab figures`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {}

/// Runs the command.
pub fn run(_args: Args, _json: bool) -> anyhow::Result<()> {
    anyhow::bail!("this command is not built yet")
}
