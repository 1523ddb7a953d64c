//! Traces: a search run with every decision recorded, replayed and checked against its
//! answer, and told in sentences (`searchlab knight trace`, `searchlab queens trace`, and
//! the app's step-by-step view).

pub mod diff;
pub mod guess;
pub mod knight;
pub mod pseudocode;
pub mod queens;
pub mod timeline;
pub mod tree;

pub use knight::{KnightTrace, KnightTraceJob};
pub use queens::{QueensTrace, QueensTraceJob};

use super::JobError;
use guess::score::Scorable;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A puzzle's trace job as the grader makes it again ([`super::puzzles::TracedJob`] holds
/// any of them).
pub trait AnyTraceJob {
    /// The most steps it records.
    fn limit(&self) -> u64;
    /// The search traced again with its own limits on nodes and generations, `time` in
    /// place of its time limit and no stop point; `cancel` stops it early.
    fn trace_again(
        &self,
        time: Duration,
        cancel: &AtomicBool,
    ) -> Result<Box<dyn Scorable>, JobError>;
}

impl AnyTraceJob for KnightTraceJob {
    fn limit(&self) -> u64 {
        self.limit
    }

    fn trace_again(
        &self,
        time: Duration,
        cancel: &AtomicBool,
    ) -> Result<Box<dyn Scorable>, JobError> {
        let budget = crate::solve::Budget {
            time: Some(time),
            until: None,
            ..self.budget
        };
        let job = KnightTraceJob {
            budget,
            ..self.clone()
        };
        Ok(Box::new(job.run(cancel)?))
    }
}

impl AnyTraceJob for QueensTraceJob {
    fn limit(&self) -> u64 {
        self.limit
    }

    fn trace_again(
        &self,
        time: Duration,
        cancel: &AtomicBool,
    ) -> Result<Box<dyn Scorable>, JobError> {
        let budget = crate::solve::Budget {
            time: Some(time),
            until: None,
            ..self.budget
        };
        let job = QueensTraceJob {
            budget,
            ..self.clone()
        };
        Ok(Box::new(job.run(cancel)?))
    }
}

/// The most steps a trace may hold: at most 20 bytes each (a step kept whole and its
/// word), 200 MB in all. A knight's trace keeps 16 bytes a step; N-Queens backtracking up
/// to 127 queens a word for each column it tries.
pub const MAX_STEPS: u64 = 10_000_000;

/// Steps a command-line trace prints when `--limit` is not given.
pub const DEFAULT_CLI_STEPS: u64 = 1_000;

/// Refuses a step limit outside 1..=[`MAX_STEPS`].
pub fn check_limit(limit: u64) -> Result<(), JobError> {
    if (1..=MAX_STEPS).contains(&limit) {
        Ok(())
    } else {
        Err(JobError::Input(format!(
            "a trace of {limit} steps is out of range: from 1 to {MAX_STEPS} steps"
        )))
    }
}

/// Refuses an algorithm a trace cannot follow, naming those it can.
pub(crate) fn check_traceable(algorithm: &str, traceable: &[&str]) -> Result<(), JobError> {
    if traceable.contains(&algorithm) {
        Ok(())
    } else {
        Err(JobError::Input(format!(
            "{algorithm} cannot be traced; the searches a trace follows are {}",
            traceable.join(", ")
        )))
    }
}

/// `1 step`, `12 steps`, `1,000,000 steps`.
pub(crate) fn steps(n: usize) -> String {
    if n == 1 {
        "1 step".into()
    } else {
        format!("{} steps", crate::run::catalog::group_thousands(n as u64))
    }
}

/// The sentence that ends a trace cut by its limit.
pub(crate) fn cut_note(limit: u64) -> String {
    format!(
        "the trace reached its limit of {} and the search stopped with it (a larger step limit, --limit on the command line, follows it further)",
        steps(limit as usize)
    )
}
