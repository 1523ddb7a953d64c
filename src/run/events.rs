//! What a running job tells its consumer (the app or the command line). Small, plain data.
//!
//! Board snapshots do not travel as events: the worker keeps only the latest one in a slot
//! the consumer takes when it draws (see [`super::worker`]), so a slow consumer never falls
//! behind and memory stays flat.

use super::knight::KnightReport;
use super::magic::MagicReport;
use super::puzzle::PuzzleReport;
use super::queens::QueensReport;
use crate::solve::{Counters, GenerationStats};
use serde::{Deserialize, Serialize};

/// What a running job tells its consumer, in order: `Started` first, `Finished` last.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// The worker has begun the job.
    Started {
        /// What runs: the algorithm's id, or the task's (e.g. `count`, `bfs`,
        /// `queens-count`).
        algorithm: String,
        /// The seed of the job's random number generator.
        seed: u64,
    },
    /// Search counters, at most every [`super::worker::PROGRESS_EVERY`].
    Progress {
        /// The search's counters so far.
        counters: Counters,
        /// Running time so far, in milliseconds; time held paused does not count.
        elapsed_ms: f64,
    },
    /// Generations of an evolutionary algorithm since the last such event, in order (sent
    /// at most every [`super::worker::PROGRESS_EVERY`], and before `Finished`).
    Generations(Vec<GenerationStats>),
    /// The clock or the user stopped the search here (kept in a saved run, so that a
    /// replay stops at the same point).
    Stopped(crate::solve::Until),
    /// The job's result, validated by `puzzle/`, or why it could not run.
    Finished(Result<Report, super::error::JobError>),
}

/// A finished job's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Report {
    /// A knight's tour job's report: a solve, a count or a tree search.
    Knight(KnightReport),
    /// An N-Queens job's report: a solve or a count.
    Queens(QueensReport),
    /// A magic-square job's report: the construction, the count or a catalog algorithm.
    Magic(MagicReport),
}

impl Report {
    /// The puzzle's report behind the enum: the one place that matches on the puzzle.
    pub fn puzzle(&self) -> &dyn PuzzleReport {
        match self {
            Report::Knight(r) => r,
            Report::Queens(r) => r,
            Report::Magic(r) => r,
        }
    }
}
