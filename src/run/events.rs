//! What a running job tells its consumer (the app or the command line). Small, plain data.
//!
//! Board snapshots do not travel as events: the worker keeps only the latest one in a slot
//! the consumer takes when it draws (see [`super::worker`]), so a slow consumer never falls
//! behind and memory stays flat.

pub use super::puzzles::Report;
use crate::solve::{Counters, GenerationStats};
use serde::{Deserialize, Serialize};

/// What a running job tells its consumer, in order: `Started` first, `Finished` last.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// The worker has begun the job.
    Started {
        /// What runs: the algorithm's id, or the task's (e.g. `count`, `bfs`,
        /// `queens-count`), kept under `algorithm` in run files as it always was.
        #[serde(rename = "algorithm")]
        label: String,
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
