//! Why a job did not produce a report.

use serde::{Deserialize, Serialize};

/// Why a job did not produce a report: the input was refused, or (a bug) a solver reported
/// something `puzzle/` rejects.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum JobError {
    /// The input was refused; the message says what is allowed.
    #[error("{0}")]
    Input(String),
    /// A solver reported something `puzzle/` rejects: a bug, never shown as an answer.
    #[error("internal error, answer rejected: {0}")]
    Invalid(String),
    /// The run was ended where it stood, before it could report (Stop in the browser,
    /// where a search cannot be asked to wind down).
    #[error("{0}")]
    Ended(String),
}

/// The longest time limit a job takes (about 31 years; the command line's own limit).
pub const MAX_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(1_000_000_000);

/// Refuses a budget no run could have been given (a damaged or hand-made run file).
pub fn check_budget(budget: &crate::solve::Budget) -> Result<(), JobError> {
    if budget.nodes == Some(0) || budget.generations == Some(0) {
        return Err(JobError::Input(
            "a node or generation limit must be at least 1".into(),
        ));
    }
    match budget.time {
        Some(t) if t > MAX_TIME_LIMIT => Err(JobError::Input(format!(
            "a time limit of {} s is beyond the {} s any run may have",
            t.as_secs(),
            MAX_TIME_LIMIT.as_secs()
        ))),
        _ => Ok(()),
    }
}

/// The most memory an accepted job may plan to use. Jobs whose tables or populations
/// would need more are refused before they start, with the size that fits. In a browser a
/// job's Web Worker has a memory of at most 4 GiB (wasm32), which the page's allocator
/// must grow into: half of the desktop's limit leaves it room.
pub const MEMORY_LIMIT: u64 = if crate::platform::DESKTOP {
    2 << 30
} else {
    1 << 30
};

/// Where [`MEMORY_LIMIT`] holds, for its message.
const MEMORY_WHERE: &str = if crate::platform::DESKTOP {
    ""
} else {
    " in a browser (a web page's memory is 4 GiB at most; the desktop app allows 2 GiB)"
};

/// Refuses a job whose `what` would need `bytes` of memory, past [`MEMORY_LIMIT`];
/// `advice` says what to lower.
pub fn check_memory(what: &str, bytes: u64, advice: &str) -> Result<(), JobError> {
    if bytes <= MEMORY_LIMIT {
        return Ok(());
    }
    Err(JobError::Input(format!(
        "{what} would need about {:.1} GiB of memory; at most {} GiB are allowed{MEMORY_WHERE}: \
         {advice}",
        bytes as f64 / (1u64 << 30) as f64,
        MEMORY_LIMIT >> 30
    )))
}

impl From<crate::puzzle::ChoiceError> for JobError {
    fn from(e: crate::puzzle::ChoiceError) -> JobError {
        JobError::Input(e.to_string())
    }
}

impl From<crate::puzzle::knight::BoardError> for JobError {
    fn from(e: crate::puzzle::knight::BoardError) -> JobError {
        JobError::Input(e.to_string())
    }
}
