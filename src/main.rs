use clap::{CommandFactory, FromArgMatches};
use searchlab::cli::{Cli, algorithm_list};
use searchlab::run::catalog::{KNIGHT_ALGORITHMS, MAGIC_ALGORITHMS, QUEENS_ALGORITHMS};
use std::process::ExitCode;

fn main() -> ExitCode {
    // eframe, winit and the GL driver log through `log`: RUST_LOG=info (or debug) shows it.
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let list = |algorithms| {
        format!(
            "Algorithms (--algo) and their parameters (--param):\n{}",
            algorithm_list(algorithms)
        )
    };
    let command = Cli::command()
        .mut_subcommand("knight", |k| {
            k.mut_subcommand("solve", |s| s.after_help(list(KNIGHT_ALGORITHMS)))
        })
        .mut_subcommand("queens", |k| {
            k.mut_subcommand("solve", |s| s.after_help(list(QUEENS_ALGORITHMS)))
        })
        .mut_subcommand("magic", |k| {
            k.mut_subcommand("solve", |s| s.after_help(list(MAGIC_ALGORITHMS)))
        });
    let cli = match Cli::from_arg_matches(&command.get_matches()) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    searchlab::cli::main(cli)
}
