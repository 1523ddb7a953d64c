//! A lesson's question, which the app checks: a number typed, or one of several options
//! picked.

use serde::Deserialize;

/// A question the app checks.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Question {
    /// The question, as the student reads it.
    pub ask: String,
    /// The right answer, and how the student gives it (a number typed, or a choice).
    pub answer: Answer,
    /// Said once the answer is right.
    pub explain: String,
}

/// The right answer.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub enum Answer {
    /// A whole number, typed.
    Number(i64),
    /// One of the options, picked; `right` counts from 0.
    Choice {
        /// The options offered, in order; two or more.
        options: Vec<String>,
        /// The index of the right option in `options`.
        right: usize,
    },
}

impl Question {
    /// Whether `given` (typed, or an option's index as text) is the right answer.
    pub fn is_right(&self, given: &str) -> Result<bool, String> {
        match &self.answer {
            Answer::Number(n) => {
                let typed = given.trim().replace([',', '_', ' '], "");
                let v: i64 = typed
                    .parse()
                    .map_err(|_| format!("\"{}\" is not a whole number", given.trim()))?;
                Ok(v == *n)
            }
            Answer::Choice { right, .. } => Ok(given.trim() == right.to_string()),
        }
    }
}
