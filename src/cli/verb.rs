//! What a puzzle's commands are made of, for the command line's registry
//! (`PUZZLES` in `puzzles.rs`): kept below the puzzles' modules, which each give one.

use super::CliError;
use super::common::OutputArgs;
use crate::run::Job;
use clap::{ArgMatches, FromArgMatches};
use std::process::ExitCode;

/// One puzzle's commands.
pub struct CliPuzzle {
    /// The subcommand's name (`knight`).
    pub name: &'static str,
    /// What it is, for `--help`.
    pub about: &'static str,
    /// Adds the puzzle's verbs (`solve`, `count` …) to its subcommand.
    pub verbs: fn(clap::Command) -> clap::Command,
    /// The same, for clap's update of parsed arguments (every argument optional).
    pub verbs_for_update: fn(clap::Command) -> clap::Command,
    /// Its report's renderer, when `report` is of this puzzle.
    pub render: fn(&crate::run::Report) -> Option<&dyn super::output::Render>,
    /// Reads the verb of the puzzle's `matches` and does it: a job for the caller to run
    /// and print, or a bench or a trace done here.
    pub run: fn(&ArgMatches) -> Result<Verb, CliError>,
}

/// What a puzzle's verb comes to.
pub enum Verb {
    /// A job to run, check, print and maybe save, as every solve and count is.
    Job(Job, OutputArgs),
    /// Done already (a bench, a trace), with its exit status.
    Done(ExitCode),
}

/// Reads `T`, a puzzle's verbs, from the puzzle's matches (which clap has checked already).
pub fn verb<T: FromArgMatches>(matches: &ArgMatches) -> Result<T, CliError> {
    T::from_arg_matches(matches).map_err(|e| CliError::Input(e.to_string()))
}

impl CliPuzzle {
    /// The puzzle's subcommand: its name, what it is, and its verbs, one of which it needs.
    pub fn command(&self) -> clap::Command {
        // The verbs first: their own doc comment would stand as the subcommand's about.
        (self.verbs)(clap::Command::new(self.name))
            .about(self.about)
            .subcommand_required(true)
            .arg_required_else_help(true)
    }

    /// [`CliPuzzle::command`] as clap's update of parsed arguments takes it: no verb
    /// required.
    pub fn command_for_update(&self) -> clap::Command {
        (self.verbs_for_update)(clap::Command::new(self.name)).about(self.about)
    }
}
