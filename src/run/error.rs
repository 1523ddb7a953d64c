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
