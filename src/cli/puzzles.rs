//! The puzzles' commands, listed once: each puzzle's module gives its subcommand (its
//! verbs, from their derive) and how a verb runs; the command line's `Command` takes them
//! all from [`PUZZLES`], in the order of `Puzzle::ALL`.

use super::CliError;
use super::output::Render;
use super::verb::{CliPuzzle, Verb};
use clap::{ArgMatches, FromArgMatches, Subcommand};

/// Every puzzle's commands, in the order of the puzzles.
pub const PUZZLES: [CliPuzzle; 3] = [super::knight::CLI, super::queens::CLI, super::magic::CLI];

/// A puzzle's subcommand as parsed: which puzzle, and its verb's arguments.
#[derive(Debug, Clone)]
pub struct PuzzleCommand {
    /// The puzzle's subcommand name.
    name: &'static str,
    /// Its verb's arguments.
    matches: ArgMatches,
}

impl PuzzleCommand {
    /// Does the verb: a job to run, or done.
    pub fn run(&self) -> Result<Verb, CliError> {
        let puzzle = PUZZLES.iter().find(|p| p.name == self.name);
        let puzzle = puzzle.ok_or_else(|| CliError::Input(format!("no puzzle {}", self.name)))?;
        (puzzle.run)(&self.matches)
    }
}

impl FromArgMatches for PuzzleCommand {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let named = matches.subcommand().and_then(|(name, sub)| {
            let puzzle = PUZZLES.iter().find(|p| p.name == name)?;
            Some(PuzzleCommand {
                name: puzzle.name,
                matches: sub.clone(),
            })
        });
        named.ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidSubcommand))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Subcommand for PuzzleCommand {
    fn augment_subcommands(command: clap::Command) -> clap::Command {
        PUZZLES
            .iter()
            .fold(command, |c, p| c.subcommand(p.command()))
    }

    fn augment_subcommands_for_update(command: clap::Command) -> clap::Command {
        PUZZLES
            .iter()
            .fold(command, |c, p| c.subcommand(p.command_for_update()))
    }

    fn has_subcommand(name: &str) -> bool {
        PUZZLES.iter().any(|p| p.name == name)
    }
}

/// A report whose puzzle has no renderer: never made (every puzzle of the registry has
/// one), said plainly if it were.
struct Unrendered;

impl Render for Unrendered {
    fn text(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        writeln!(out, "a report of a puzzle the command line cannot print")
    }
    fn json(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        writeln!(out, "{{\"found\":false}}")
    }
    fn success(&self) -> bool {
        false
    }
}

/// The report of any puzzle, rendered by its puzzle's commands.
pub fn render(report: &crate::run::Report) -> &dyn Render {
    (PUZZLES.iter())
        .find_map(|p| (p.render)(report))
        .unwrap_or(&Unrendered)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every puzzle of the registry has its commands, under its own name.
    #[test]
    fn every_puzzle_has_its_commands() {
        let names: Vec<&str> = PUZZLES.iter().map(|p| p.name).collect();
        let puzzles: Vec<&str> = crate::run::PUZZLES.iter().map(|p| p.key()).collect();
        assert_eq!(
            names, puzzles,
            "cli::puzzles::PUZZLES must list each puzzle"
        );
    }
}
