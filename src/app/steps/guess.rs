//! "Your guess" in step by step: the timeline stops before a decision, the student says
//! what the search will do (a square on the board, or "none"), and the app reveals the
//! search's own step and explains it from the step's data. The questions are made from
//! the trace's real steps (see [`crate::run::trace::guess`]), so the answer is always the
//! search's.

pub use crate::run::trace::guess::Question;

use super::{GUESS_SPAN, Traced};
use egui::Ui;

/// What the student answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// A board cell (a knight's square; a queen's `row * n + column`).
    Cell(u32),
    /// The answer that is no square (the question's `none` button).
    None,
    /// "Show me": no guess, nothing scored.
    Skip,
}

/// A question answered, and what the app says of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Revealed {
    /// Right, wrong, or `None` when skipped.
    pub right: Option<bool>,
    /// The verdict and the explanation, from the step's own data.
    pub said: String,
}

/// The guessing game of one step-by-step view: on or off, the question waiting, the last
/// one revealed, and the session's score.
#[derive(Debug, Clone, Default)]
pub struct Guess {
    /// "Your guess" is ticked.
    pub on: bool,
    /// The question waiting for an answer, the timeline held just before its decision.
    pub asking: Option<Question>,
    /// The last question answered and what the app said of it, until the next is asked.
    pub revealed: Option<Revealed>,
    /// Questions answered right, and answered at all (skips not counted).
    pub right: u32,
    /// Questions answered this session, right or wrong (skips not counted).
    pub asked: u32,
    /// The positions of the trace on show whose question was answered (or shown): going
    /// back over them does not ask, nor score, again.
    pub answered: std::collections::BTreeSet<usize>,
}

impl Guess {
    /// Scores `answer` to the question asked, and says why from `why` (the search's own
    /// sentence for the decision). Returns the position to go to, if a question was asked.
    pub fn answer(
        &mut self,
        answer: Answer,
        why: &str,
        name: impl Fn(u32) -> String,
    ) -> Option<usize> {
        let q = self.asking.take()?;
        self.answered.insert(q.at);
        let right = match answer {
            Answer::Cell(c) => Some(q.right.contains(&c)),
            Answer::None => Some(q.right.is_empty()),
            Answer::Skip => None,
        };
        if let Some(r) = right {
            self.asked += 1;
            self.right += u32::from(r);
        }
        let truth = match (q.right.as_slice(), q.none) {
            ([], Some(none)) => none.to_string(),
            ([one], _) => name(*one),
            (many, _) => {
                let names: Vec<String> = many.iter().map(|&c| name(c)).collect();
                format!("any of {} (a tie)", names.join(", "))
            }
        };
        let verdict = match (right, answer) {
            (Some(true), _) => "Right!".to_string(),
            (Some(false), Answer::Cell(c)) => format!("Not {}: the answer is {truth}.", name(c)),
            (Some(false), _) => format!("Not that: the answer is {truth}."),
            (None, _) => format!("The answer is {truth}."),
        };
        self.revealed = Some(Revealed {
            right,
            said: format!("{verdict} {why}"),
        });
        Some(q.reveal_at)
    }

    /// The score as the view shows it.
    pub fn score(&self) -> String {
        match self.asked {
            0 => "No guesses yet".to_string(),
            n => format!("Your guesses: {} of {n} right", self.right),
        }
    }
}

/// Step by step's side of the game: stopping the timeline at a decision, answering, and
/// the question's box.
impl<J: super::TraceJob> super::Steps<J> {
    /// "Your guess": when the timeline moved forward past a decision, it goes back to
    /// just before it and asks; while a question waits, it does not pass it.
    pub(super) fn gate(&mut self, before: usize) {
        if !self.guessing() || self.recording.is_some() {
            self.guess.asking = None;
            return;
        }
        let Some(s) = self.shown.as_mut() else {
            return;
        };
        let pos = s.play.pos;
        if let Some(q) = &self.guess.asking {
            if pos > q.at {
                s.seek(q.at);
                s.play.playing = false;
            } else if pos < q.at {
                // Stepped back: the question is for later.
                self.guess.asking = None;
            }
            return;
        }
        if pos <= before || pos - before > GUESS_SPAN {
            return;
        }
        // The step about to be applied counts too: "Step" then asks at once.
        self.ask_between(before, pos);
    }

    /// Asks the first decision not answered yet that steps `from..=to` begin (the last
    /// step aside), going back to just before it; whether one was asked.
    pub(super) fn ask_between(&mut self, from: usize, to: usize) -> bool {
        let Some(s) = self.shown.as_mut() else {
            return false;
        };
        let trace = s.timeline.trace.clone();
        for i in from..=to.min(s.timeline.len().saturating_sub(1)) {
            if !trace.asks(i) {
                continue;
            }
            if self.guess.answered.contains(&i) {
                continue;
            }
            let state = s.timeline.state_at(i);
            if let Some(q) = trace.question(i, &state) {
                s.seek(i);
                s.play.playing = false;
                self.guess.revealed = None;
                self.guess.asking = Some(q);
                return true;
            }
        }
        false
    }

    /// Answers the question waiting: scores it, explains the search's decision and goes
    /// just past it.
    pub fn answer(&mut self, answer: Answer) {
        let Some(s) = self.shown.as_mut() else {
            return;
        };
        let Some(q) = self.guess.asking.clone() else {
            return;
        };
        let trace = s.timeline.trace.clone();
        let why = trace.explain(&q, s.timeline.state_at(q.reveal_at.saturating_sub(1)));
        if let Some(pos) = self.guess.answer(answer, &why, |c| trace.cell_name(c)) {
            s.seek(pos);
        }
    }

    /// The question waiting, if any.
    pub fn question(&self) -> Option<&Question> {
        self.guess.asking.as_ref()
    }

    /// On a narrow window, before the form: Your guess's question when the board has no
    /// room for it above (`true` if drawn: [`Self::stats_ui`] leaves it out).
    pub fn first_ui(&mut self, ui: &mut Ui) -> bool {
        self.guess_first = self.guessing() && !self.guess_above;
        if self.guess_first {
            self.guess_ui(ui);
        }
        self.guess_first
    }

    /// The question waiting (with its buttons), or the last answer, and the score; in a
    /// box of the same height whatever it says, so the board stays put.
    pub(super) fn guess_ui(&mut self, ui: &mut Ui) {
        let mut answer = None;
        // The keys 1–8 take the choices a board numbers (a knight's moves).
        if let Some(q) = self
            .guess
            .asking
            .as_ref()
            .filter(|q| q.numbered && q.cells.len() <= 8)
            && !ui.ctx().egui_wants_keyboard_input()
        {
            for (&cell, key) in q.cells.iter().zip(crate::app::play::DIGIT_KEYS) {
                if ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, key)) {
                    answer = Some(Answer::Cell(cell));
                }
            }
        }
        let line = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.set_min_height(4.0 * line);
            if let Some(q) = &self.guess.asking {
                ui.label(egui::RichText::new(format!("Your guess: {}", q.ask)).strong());
                ui.horizontal_wrapped(|ui| {
                    if let Some(none) = q.none
                        && ui.button(none).clicked()
                    {
                        answer = Some(Answer::None);
                    }
                    if ui
                        .button("Show me")
                        .on_hover_text("Reveal the search's decision without a guess (not scored)")
                        .clicked()
                    {
                        answer = Some(Answer::Skip);
                    }
                });
            } else if let Some(r) = &self.guess.revealed {
                let colour = match r.right {
                    Some(true) => egui::Color32::from_rgb(60, 170, 90),
                    Some(false) => ui.visuals().warn_fg_color,
                    None => ui.visuals().text_color(),
                };
                ui.label(egui::RichText::new(&r.said).color(colour));
            } else {
                ui.label(
                    "Step or play on: the timeline stops before the next decision and asks you.",
                );
            }
            ui.label(egui::RichText::new(self.guess.score()).weak());
        });
        if let Some(a) = answer {
            self.answer(a);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn question(right: Vec<u32>) -> Question {
        Question {
            at: 3,
            ask: "where?".into(),
            cells: vec![1, 2, 3],
            right,
            none: Some("none"),
            reveal_at: 4,
            numbered: false,
        }
    }

    #[test]
    fn right_wrong_and_skipped_answers_are_scored_as_such() {
        let name = |c: u32| format!("s{c}");
        let mut g = Guess {
            asking: Some(question(vec![2])),
            ..Guess::default()
        };
        assert_eq!(g.answer(Answer::Cell(2), "because", name), Some(4));
        assert_eq!((g.right, g.asked), (1, 1));
        assert_eq!(g.revealed.as_ref().unwrap().said, "Right! because");
        g.asking = Some(question(vec![2, 3]));
        g.answer(Answer::Cell(1), "because", name);
        assert_eq!((g.right, g.asked), (1, 2));
        assert!(
            g.revealed
                .as_ref()
                .unwrap()
                .said
                .starts_with("Not s1: the answer is any of s2, s3 (a tie).")
        );
        g.asking = Some(question(vec![]));
        g.answer(Answer::None, "", name);
        assert_eq!((g.right, g.asked), (2, 3));
        g.asking = Some(question(vec![1]));
        g.answer(Answer::Skip, "", name);
        assert_eq!((g.right, g.asked), (2, 3), "a skip scores nothing");
        assert_eq!(g.score(), "Your guesses: 2 of 3 right");
        assert_eq!(
            g.answer(Answer::Skip, "", name),
            None,
            "nothing is asked now"
        );
    }
}
