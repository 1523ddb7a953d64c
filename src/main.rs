use clap::{CommandFactory, FromArgMatches};
use searchlab::cli::{Cli, algorithm_list};
use std::process::ExitCode;

fn main() -> ExitCode {
    let command = Cli::command().mut_subcommand("knight", |k| {
        k.mut_subcommand("solve", |s| {
            s.after_help(format!(
                "Algorithms (--algo) and their parameters (--param):\n{}",
                algorithm_list()
            ))
        })
    });
    let cli = match Cli::from_arg_matches(&command.get_matches()) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    searchlab::cli::main(cli)
}
