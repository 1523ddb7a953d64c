//! Your guess's answers in a hand-in, each checked against the question the trace made
//! again asks at its position.

use super::Guessed;
use crate::run::trace::guess::Question;
use crate::run::trace::timeline::{Replayable, Timeline};
use std::sync::Arc;

/// Your guess's answers scored: how many are right at the first try, and for a faded task
/// `(answered, right)` among the trace's last decisions.
pub(super) struct Scored {
    pub(super) right: u32,
    pub(super) turn: Option<(u32, u32)>,
}

/// How many `answers` are right, each against the question `question` makes of `trace` at
/// its position; with `last`, also those among the trace's last `last` decisions (found
/// as the app finds a faded example's: from the end back, each step where the search
/// `asks` and a question is made).
pub(super) fn score_answers<T: Replayable>(
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
