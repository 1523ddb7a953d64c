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
}

/// The longest time limit a job takes (about 31 years; the command line's own limit).
pub const MAX_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(1_000_000_000);

/// Refuses a budget no run could have been given (a damaged or hand-made run file).
pub fn check_budget(budget: &crate::solve::Budget) -> Result<(), JobError> {
    match budget.time {
        Some(t) if t > MAX_TIME_LIMIT => Err(JobError::Input(format!(
            "a time limit of {} s is beyond the {} s any run may have",
            t.as_secs(),
            MAX_TIME_LIMIT.as_secs()
        ))),
        _ => Ok(()),
    }
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
