//! What can go wrong in the app, said in a sentence where it happened (under a form, in a
//! dialog, in the notice).

use crate::run::JobError;
use crate::run::file::RunFileError;

/// Why something the user asked for could not be done.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AppError {
    /// A value in a form that cannot be used; the message says what is allowed.
    #[error("{0}")]
    Input(String),
    /// A good value typed into a field but not applied yet (it takes effect on Enter, or
    /// when the focus leaves the field).
    #[error("{0}")]
    Unapplied(String),
    /// A file that could not be written or read, and why.
    #[error("{0}")]
    File(String),
    /// A job that could not run.
    #[error(transparent)]
    Job(#[from] JobError),
    /// A run file that could not be opened.
    #[error(transparent)]
    RunFile(#[from] RunFileError),
}

impl From<String> for AppError {
    /// A message about a form's value.
    fn from(message: String) -> AppError {
        AppError::Input(message)
    }
}

impl From<&str> for AppError {
    /// A message about a form's value.
    fn from(message: &str) -> AppError {
        AppError::Input(message.to_string())
    }
}
