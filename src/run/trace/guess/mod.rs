//! Questions made from a trace's own steps, for "Your guess": before a decision, what will
//! the search do? Each question is asked at the position just before the decision and
//! answered by the steps that follow it, so the answer is the search's, never a second
//! opinion. Where the search's rule allows several answers (a tie, a random draw among
//! equals), each of them counts as right.
//!
//! After the answer, "Why?" asks which of the algorithm's rules decided it. Its choices are
//! made from the step's own data: the right one is the rule that decided, and each wrong
//! one a rule in play (the algorithm's own, or that of the search it is easily taken for)
//! whose claim is false at that step (a rule that would have decided the same is left out,
//! so exactly one choice is right).
//!
//! The questions of each puzzle are in [`knight`] and [`queens`] (with [`csp`] and
//! [`beam`]).

pub mod beam;
pub mod csp;
pub mod knight;
pub mod queens;
pub mod score;
#[cfg(test)]
mod tests;

pub use knight::{knight_asks, knight_question, knight_refusal};
pub use queens::{MAX_GUESS_N, queens_asks, queens_question, queens_refusal, scored_round};

/// A decision the student can guess.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Question {
    /// The position (steps applied) at which it is asked: the state before the decision.
    pub at: usize,
    /// What is asked.
    pub ask: String,
    /// The board cells to choose from (a knight's square; a queen's `row * n + column`).
    pub cells: Vec<u32>,
    /// The cells that count as right.
    pub right: Vec<u32>,
    /// The answers that are no square, as buttons (a queue's entries, a probability, "no
    /// safe square").
    pub choices: Vec<String>,
    /// The choices (indices into `choices`) that count as right.
    pub right_choices: Vec<usize>,
    /// The position just after the decision: where the timeline goes once answered.
    pub reveal_at: usize,
    /// The board numbers the choices for the keys 1–8 (a knight's moves).
    pub numbered: bool,
    /// What "Why?" asks once the decision is shown, if anything.
    pub why: Option<Why>,
}

impl Question {
    /// Whether `cell` is a right answer.
    pub fn is_right_cell(&self, cell: u32) -> bool {
        self.right.contains(&cell)
    }

    /// Whether choice `k` is a right answer.
    pub fn is_right_choice(&self, k: usize) -> bool {
        self.right_choices.contains(&k)
    }
}

/// "Why?": which rule decided, picked from statements about the step.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Why {
    /// What is asked.
    pub ask: String,
    /// The statements to pick from.
    pub choices: Vec<String>,
    /// The statements that are right.
    pub right: Vec<usize>,
}

impl Why {
    /// A "Why?" from statements, each with whether it is the rule that decided (`Some(true)`),
    /// a rule whose claim is false at the step (`Some(false)`), or one that would have
    /// decided the same (`None`: left out). `None` when no wrong choice is left.
    pub fn of(ask: impl Into<String>, statements: Vec<(String, Option<bool>)>) -> Option<Why> {
        let kept: Vec<(String, bool)> = statements
            .into_iter()
            .filter_map(|(s, right)| right.map(|r| (s, r)))
            .collect();
        let right: Vec<usize> = (0..kept.len()).filter(|&i| kept[i].1).collect();
        (!right.is_empty() && right.len() < kept.len()).then(|| Why {
            ask: ask.into(),
            choices: kept.into_iter().map(|(s, _)| s).collect(),
            right,
        })
    }
}

/// Steps a question may look ahead for its answer (a hill-climbing round scores n(n − 1)
/// neighbours).
const LOOK_AHEAD: usize = 200_000;

/// `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
