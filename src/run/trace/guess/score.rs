//! Your guess's answers in a hand-in, each checked against the question the trace made
//! again asks at its position (the grader's side of Your guess).

use super::Question;
use crate::run::trace::timeline::{Replayable, Timeline};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A first answer to one decision of a trace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Guessed {
    /// The position the decision was asked at.
    #[serde(deserialize_with = "index")]
    pub at: usize,
    /// The board cell clicked, if the answer was one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cell: Option<u32>,
    /// The button picked, if the answer was one.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "some_index"
    )]
    pub choice: Option<usize>,
}

/// A task's number, a decision's position or a button's index in a hand-in: read as a
/// 32-bit number on every platform (a browser's `usize` is 32 bits), so that a file is read
/// or refused alike everywhere.
pub fn index<'de, D: serde::Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    let n = u32::deserialize(d)?;
    usize::try_from(n).map_err(serde::de::Error::custom)
}

/// [`index`], when present.
fn some_index<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<usize>, D::Error> {
    Option::<u32>::deserialize(d)?
        .map(|n| usize::try_from(n).map_err(serde::de::Error::custom))
        .transpose()
}

/// Your guess's answers scored: how many are right at the first try, and for a faded task
/// `(answered, right)` among the trace's last decisions.
pub struct Scored {
    /// How many answers are right at the first try.
    pub right: u32,
    /// For a faded task, `(answered, right)` among the trace's last decisions.
    pub turn: Option<(u32, u32)>,
}

/// How many `answers` are right, each against the question `question` makes of `trace` at
/// its position; with `last`, also those among the trace's last `last` decisions (found
/// as the app finds a faded example's: from the end back, each step where the search
/// `asks` and a question is made).
pub fn score_answers<T: Replayable>(
    trace: T,
    answers: &[Guessed],
    last: Option<u32>,
    asks: impl Fn(&T, usize) -> bool,
    question: impl Fn(&T, usize, &T::State) -> Option<Question>,
) -> Result<Scored, String> {
    let timeline = Timeline::new(Arc::new(trace));
    let turn: Option<std::collections::BTreeSet<usize>> = last.map(|k| {
        let mut at = std::collections::BTreeSet::new();
        let mut i = timeline.len();
        while i > 0 && at.len() < k as usize {
            i -= 1;
            if asks(&timeline.trace, i)
                && question(&timeline.trace, i, &timeline.state_at(i)).is_some()
            {
                at.insert(i);
            }
        }
        at
    });
    let mut right = 0;
    let mut in_turn = (0, 0);
    for a in answers {
        if a.at >= timeline.len() {
            return Err(format!("an answer at step {}, past the trace's end", a.at));
        }
        let state = timeline.state_at(a.at);
        let Some(q) = question(&timeline.trace, a.at, &state) else {
            return Err(format!(
                "an answer at step {}, where the search decides nothing",
                a.at
            ));
        };
        let ok = match (a.cell, a.choice) {
            (Some(c), None) => q.is_right_cell(c),
            (None, Some(k)) => q.is_right_choice(k),
            _ => false,
        };
        right += u32::from(ok);
        if turn.as_ref().is_some_and(|t| t.contains(&a.at)) {
            in_turn.0 += 1;
            in_turn.1 += u32::from(ok);
        }
    }
    Ok(Scored {
        right,
        turn: turn.map(|_| in_turn),
    })
}

/// A trace made again to check a hand-in's answers against: how its search ended, and
/// the answers scored against the questions its decisions ask.
pub trait Scorable {
    /// How the search ended.
    fn stop(&self) -> crate::solve::Stop;
    /// [`score_answers`] on this trace with its puzzle's questions.
    fn score(self: Box<Self>, answers: &[Guessed], last: Option<u32>) -> Result<Scored, String>;
}

impl Scorable for crate::run::trace::KnightTrace {
    fn stop(&self) -> crate::solve::Stop {
        self.stop
    }

    fn score(self: Box<Self>, answers: &[Guessed], last: Option<u32>) -> Result<Scored, String> {
        score_answers(
            *self,
            answers,
            last,
            super::knight_asks,
            super::knight_question,
        )
    }
}

impl Scorable for crate::run::trace::QueensTrace {
    fn stop(&self) -> crate::solve::Stop {
        self.stop
    }

    fn score(self: Box<Self>, answers: &[Guessed], last: Option<u32>) -> Result<Scored, String> {
        score_answers(
            *self,
            answers,
            last,
            super::queens_asks,
            super::queens_question,
        )
    }
}
