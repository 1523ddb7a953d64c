//! "Your guess" in step by step: the timeline stops before a decision, the student says
//! what the search will do (a square on the board, or "none"), and the app reveals the
//! search's own step and explains it from the step's data. The questions are made from
//! the trace's real steps (see [`crate::run::trace::guess`]), so the answer is always the
//! search's.

pub use crate::run::trace::guess::{Question, Why};

use super::{GUESS_SPAN, Traced};
use egui::Ui;

/// What the student answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// A board cell (a knight's square; a queen's `row * n + column`).
    Cell(u32),
    /// One of the question's buttons (by index into its choices).
    Choice(usize),
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

/// Tries a student has at one decision before the app shows it.
pub const TRIES: u32 = 3;

/// Which decisions Your guess asks: a worked example faded from its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Fade {
    /// Every decision: the whole search by hand.
    #[default]
    Every,
    /// The last `k` decisions of the trace; the search plays the ones before them.
    Last(u32),
}

/// The decisions of a faded example: the positions of the trace's last `k` (in order).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Turn {
    /// Their positions, first to last.
    pub at: Vec<usize>,
}

/// The guessing game of one step-by-step view: on or off, the question waiting, the last
/// one revealed, and the session's score.
#[derive(Debug, Clone, Default)]
pub struct Guess {
    /// "Your guess" is ticked.
    pub on: bool,
    /// The question waiting for an answer, the timeline held just before its decision.
    pub asking: Option<Question>,
    /// Wrong answers given to the question waiting.
    pub misses: u32,
    /// Wrong answers given to questions left without an answer (the timeline stepped back
    /// before them), by position: asked again, they go on from there.
    pub missed: std::collections::BTreeMap<usize, u32>,
    /// The last question answered (or missed) and what the app said of it, until the next
    /// is asked.
    pub revealed: Option<Revealed>,
    /// "Why?" of the decision just shown, waiting for its answer.
    pub why: Option<Why>,
    /// What the app said of the last "Why?" answered.
    pub why_said: Option<Revealed>,
    /// Questions answered right at the first try.
    pub right: u32,
    /// Questions answered this session (skips before any try not counted).
    pub asked: u32,
    /// "Why?" answered right, and answered at all.
    pub why_right: u32,
    /// "Why?" answered.
    pub why_asked: u32,
    /// The positions of the trace on show whose question was answered (or shown): going
    /// back over them does not ask, nor score, again.
    pub answered: std::collections::BTreeSet<usize>,
    /// Whether each question answered on the trace on show was right at the first try.
    pub first_tries: std::collections::BTreeMap<usize, bool>,
    /// The first answer to each question answered on the trace on show (for a hand-in).
    pub first_answers: std::collections::BTreeMap<usize, Answer>,
    /// Which decisions are asked.
    pub fade: Fade,
    /// With [`Fade::Last`], the decisions that are the student's (found once per trace).
    pub turn: Option<Turn>,
}

impl Guess {
    /// Scores `answer` to the question asked. A wrong one leaves the question waiting
    /// until the student has missed [`TRIES`] times; then, as after a right answer or a
    /// skip, it is revealed and explained by `why` (the search's own sentence for the
    /// decision). Returns the position to go to once revealed.
    pub fn answer(
        &mut self,
        answer: Answer,
        why: &str,
        name: impl Fn(u32) -> String,
    ) -> Option<usize> {
        let q = self.asking.as_ref()?;
        let right = match answer {
            Answer::Cell(c) => Some(q.is_right_cell(c)),
            Answer::Choice(k) => Some(q.is_right_choice(k)),
            Answer::Skip => None,
        };
        let first = self.misses == 0;
        if first {
            // "Show me" before any try is a first answer too: a hand-in counts it wrong.
            self.first_answers.entry(q.at).or_insert(answer);
        }
        if right.is_some() && first {
            self.asked += 1;
            self.right += u32::from(right == Some(true));
        }
        let given = match answer {
            Answer::Cell(c) => name(c),
            Answer::Choice(k) => format!("\"{}\"", q.choices.get(k).map_or("", String::as_str)),
            Answer::Skip => String::new(),
        };
        if right == Some(false) {
            self.misses += 1;
            if self.misses < TRIES {
                let left = TRIES - self.misses;
                self.revealed = Some(Revealed {
                    right: Some(false),
                    said: format!(
                        "Not {given}. Try again: {left} {} left (only a first try scores).",
                        if left == 1 { "try" } else { "tries" }
                    ),
                });
                return None;
            }
        }
        let q = self.asking.take()?;
        self.answered.insert(q.at);
        self.first_tries.insert(q.at, right == Some(true) && first);
        let mut truth: Vec<String> = q.right.iter().map(|&c| name(c)).collect();
        truth.extend(
            q.right_choices
                .iter()
                .map(|&k| format!("\"{}\"", q.choices[k])),
        );
        let truth = match truth.as_slice() {
            [one] => one.clone(),
            many => format!("any of {}", many.join(", ")),
        };
        let verdict = match right {
            Some(true) if first => "Right!".to_string(),
            Some(true) => format!("Right, at try {} (not scored).", self.misses + 1),
            Some(false) => format!("Not {given} either: the answer is {truth}."),
            None => format!("The answer is {truth}."),
        };
        self.misses = 0;
        self.revealed = Some(Revealed {
            // Right at a later try is no miss: no cross beside it, and no tick (the score
            // counts first tries).
            right: match right {
                Some(true) if !first => None,
                r => r.map(|r| r && first),
            },
            said: format!("{verdict} {why}"),
        });
        self.why_said = None;
        let at = q.reveal_at;
        self.why = q.why;
        Some(at)
    }

    /// Scores choice `k` of the "Why?" waiting, and says which rule decided.
    pub fn answer_why(&mut self, k: usize) {
        let Some(why) = self.why.take() else {
            return;
        };
        let right = why.right.contains(&k);
        self.why_asked += 1;
        self.why_right += u32::from(right);
        let rule = (why.right.iter())
            .map(|&r| why.choices[r].as_str())
            .collect::<Vec<_>>()
            .join("; or: ");
        self.why_said = Some(Revealed {
            right: Some(right),
            said: if right {
                format!("Right: {rule}.")
            } else {
                format!("Not that: {rule}.")
            },
        });
    }

    /// Forgets what was asked of the trace on show (a new trace, or the same again; a
    /// new trace's arrival calls it too, as what was asked while it was made was of the
    /// old one).
    pub fn forget_trace(&mut self) {
        self.drop_question();
        self.revealed = None;
        self.why = None;
        self.why_said = None;
        self.answered.clear();
        self.first_tries.clear();
        self.first_answers.clear();
        self.missed.clear();
        self.turn = None;
    }

    /// With [`Fade::Last`], how the student's turn went: `(right at the first try,
    /// answered, decisions in the turn)`.
    pub fn turn_score(&self) -> Option<(usize, usize, usize)> {
        let turn = self.turn.as_ref()?;
        let answered = turn.at.iter().filter(|i| self.answered.contains(i)).count();
        let right = (turn.at.iter())
            .filter(|i| self.first_tries.get(i) == Some(&true))
            .count();
        Some((right, answered, turn.at.len()))
    }

    /// Forgets the question waiting and the last answers (the trace changed, or the
    /// timeline went back before the question).
    pub fn drop_question(&mut self) {
        if let Some(q) = self.asking.take()
            && self.misses > 0
        {
            self.missed.insert(q.at, self.misses);
        }
        self.misses = 0;
    }

    /// The score as the view shows it.
    pub fn score(&self) -> String {
        let guesses = match self.asked {
            0 => "No guesses yet".to_string(),
            n => format!("Right at the first try: {} of {n}", self.right),
        };
        match self.why_asked {
            0 => guesses,
            n => format!("{guesses} · Why: {} of {n}", self.why_right),
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
            self.guess.drop_question();
            return;
        }
        self.find_turn();
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
                self.guess.drop_question();
            }
            return;
        }
        if pos <= before {
            return;
        }
        if pos - before > GUESS_SPAN {
            // A faded example's decisions are known: a jump past the next one stops there.
            let next = (self.guess.turn.as_ref()).and_then(|t| {
                t.at.iter()
                    .copied()
                    .find(|i| !self.guess.answered.contains(i))
            });
            if let Some(i) = next.filter(|&i| i >= before && i <= pos) {
                self.ask_between(i, i);
            }
            return;
        }
        // The step about to be applied counts too: "Step" then asks at once.
        self.ask_between(before, pos);
    }

    /// With [`Fade::Last`], finds the trace's last `k` decisions, once per trace: from the
    /// end back, a look at each step and a question made where it asks.
    fn find_turn(&mut self) {
        let Fade::Last(k) = self.guess.fade else {
            return;
        };
        if self.guess.turn.is_some() {
            return;
        }
        let Some(s) = self.shown.as_ref() else {
            return;
        };
        let trace = s.timeline.trace.clone();
        let mut at = Vec::new();
        let mut i = s.timeline.len();
        while i > 0 && at.len() < k as usize {
            i -= 1;
            if trace.asks(i) && trace.question(i, &s.timeline.state_at(i)).is_some() {
                at.push(i);
            }
        }
        at.reverse();
        self.guess.turn = Some(Turn { at });
    }

    /// The faded example's choice (every decision, or the last k), what the student's turn
    /// is and how it went, with the next round when it is over.
    fn fade_ui(&mut self, ui: &mut Ui, top: bool) {
        if !top {
            return self.turn_over_ui(ui);
        }
        let mut fade = self.guess.fade;
        ui.horizontal_wrapped(|ui| {
            ui.label("You decide:");
            let last = match fade {
                Fade::Last(k) => k,
                Fade::Every => 1,
            };
            ui.selectable_value(&mut fade, Fade::Every, "every decision")
                .on_hover_text("The whole search by hand: every decision is asked");
            ui.selectable_value(&mut fade, Fade::Last(last), last_decisions(last))
                .on_hover_text(
                    "A worked example faded from its end: the search plays its decisions, and the last ones are yours; one more each time you get them all right at the first try",
                );
        });
        if fade != self.guess.fade {
            self.guess.fade = fade;
            self.restart_turn();
            return;
        }
        let Some((_, answered, total)) = self.guess.turn_score() else {
            return;
        };
        if total == 0 {
            ui.label("This search makes no decision to ask.");
        } else if self.guess.asking.is_none() && answered == 0 {
            ui.label(format!(
                "Watch: press Play. The search makes its decisions until {}; then it is your turn.",
                last_decisions(total as u32)
            ));
        }
    }

    /// Once the student's turn is over, how it went and the next round.
    fn turn_over_ui(&mut self, ui: &mut Ui) {
        let (Some((right, answered, total)), Fade::Last(k)) =
            (self.guess.turn_score(), self.guess.fade)
        else {
            return;
        };
        if total > 0 && answered == total {
            let all = right == total;
            ui.label(
                egui::RichText::new(format!(
                    "Your turn is over: {right} of {total} right at the first try.{}",
                    if all {
                        " Well done: one more next time."
                    } else {
                        ""
                    }
                ))
                .strong(),
            );
            let next = if all { k + 1 } else { k };
            let label = if all {
                format!("Again, with {}", last_decisions(next))
            } else {
                format!("Try {} again", last_decisions(next))
            };
            if ui.button(label).clicked() {
                self.guess.fade = Fade::Last(next);
                self.restart_turn();
            }
        }
    }

    /// Asks the decisions `fade` chooses (an assignment's task sets it): a change starts
    /// the turn again, as the choice in the box does.
    pub fn set_fade(&mut self, fade: Fade) {
        if fade != self.guess.fade {
            self.guess.fade = fade;
            self.restart_turn();
        }
    }

    /// The same trace from its start, nothing answered, the decisions to ask found again.
    fn restart_turn(&mut self) {
        self.guess.forget_trace();
        if let Some(s) = self.shown.as_mut() {
            s.seek(0);
            s.play.playing = false;
        }
        self.find_turn();
    }

    /// Asks the first decision not answered yet that steps `from..=to` begin (the last
    /// step aside), going back to just before it; whether one was asked.
    pub(super) fn ask_between(&mut self, from: usize, to: usize) -> bool {
        let Some(s) = self.shown.as_mut() else {
            return false;
        };
        let trace = s.timeline.trace.clone();
        let first = match (self.guess.fade, &self.guess.turn) {
            (Fade::Every, _) => 0,
            (Fade::Last(_), Some(turn)) => turn.at.first().copied().unwrap_or(usize::MAX),
            (Fade::Last(_), None) => usize::MAX,
        };
        for i in from.max(first)..=to.min(s.timeline.len().saturating_sub(1)) {
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
                self.guess.why = None;
                self.guess.why_said = None;
                self.guess.misses = self.guess.missed.remove(&i).unwrap_or(0);
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
    /// room for it beside (`true` if drawn: [`Self::stats_ui`] leaves it out).
    pub fn first_ui(&mut self, ui: &mut Ui) -> bool {
        self.guess_first = self.guessing() && !self.guess_beside;
        if self.guess_first {
            self.guess_ui(ui);
        }
        self.guess_first
    }

    /// The question waiting (with its buttons), or the last answer and its "Why?", and the
    /// score; in a box at least four lines high, so the board stays put between steps.
    pub(super) fn guess_ui(&mut self, ui: &mut Ui) {
        let mut answer = None;
        let mut why = None;
        // The keys 1–8 take the choices: a knight's numbered moves, else the buttons.
        if !crate::app::widgets::cursor::keys_taken(ui.ctx()) {
            let pressed = crate::app::play::DIGIT_KEYS
                .iter()
                .position(|&key| ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, key)));
            if let Some(k) = pressed {
                match (&self.guess.asking, &self.guess.why) {
                    (Some(q), _) if q.numbered && q.cells.len() <= 8 => {
                        answer = q.cells.get(k).map(|&c| Answer::Cell(c));
                    }
                    (Some(q), _) => answer = (k < q.choices.len()).then_some(Answer::Choice(k)),
                    (None, Some(w)) => why = (k < w.choices.len()).then_some(k),
                    _ => {}
                }
            }
        }
        let line = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
        let verdict = |ui: &mut Ui, r: &Revealed| {
            let colour = match r.right {
                Some(true) => egui::Color32::from_rgb(60, 170, 90),
                Some(false) => ui.visuals().warn_fg_color,
                None => ui.visuals().text_color(),
            };
            let mark = match r.right {
                Some(true) => "✔ ",
                Some(false) => "✖ ",
                None => "",
            };
            ui.label(egui::RichText::new(format!("{mark}{}", r.said)).color(colour));
        };
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.set_min_height(4.0 * line);
            self.fade_ui(ui, true);
            // The question, the verdicts and "Why?" are announced as they change.
            crate::app::widgets::figures::live_region(ui, |ui| {
                if let Some(q) = &self.guess.asking {
                    ui.label(egui::RichText::new(format!("Your guess: {}", q.ask)).strong());
                    if let Some(r) = &self.guess.revealed {
                        verdict(ui, r);
                    }
                    choice_buttons(ui, &q.choices, |k| answer = Some(Answer::Choice(k)));
                    if ui
                        .button("Show me")
                        .on_hover_text(
                            "Reveal the search's decision (a guess not made scores nothing)",
                        )
                        .clicked()
                    {
                        answer = Some(Answer::Skip);
                    }
                } else if let Some(r) = &self.guess.revealed {
                    verdict(ui, r);
                    if let Some(w) = &self.guess.why {
                        ui.label(egui::RichText::new(&w.ask).strong());
                        choice_buttons(ui, &w.choices, |k| why = Some(k));
                    } else if let Some(r) = &self.guess.why_said {
                        verdict(ui, r);
                    }
                } else {
                    ui.label(
                    "Step or play on: the timeline stops before the next decision and asks you.",
                );
                }
            });
            self.fade_ui(ui, false);
            ui.label(egui::RichText::new(self.guess.score()).weak());
        });
        if let Some(a) = answer {
            self.answer(a);
        }
        if let Some(k) = why {
            self.guess.answer_why(k);
        }
    }
}

/// "the last decision", "the last 3 decisions".
fn last_decisions(k: u32) -> String {
    if k == 1 {
        "the last decision".to_string()
    } else {
        format!("the last {k} decisions")
    }
}

/// A question's buttons, one a line, numbered for the keys 1–8; `picked` is told the one
/// clicked.
fn choice_buttons(ui: &mut Ui, choices: &[String], mut picked: impl FnMut(usize)) {
    for (k, text) in choices.iter().enumerate() {
        let label = if k < 8 {
            format!("{}  {text}", k + 1)
        } else {
            text.clone()
        };
        if ui.add(egui::Button::new(label).wrap()).clicked() {
            picked(k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn question(right: Vec<u32>, none_right: bool) -> Question {
        Question {
            at: 3,
            ask: "where?".into(),
            cells: vec![1, 2, 3],
            right,
            choices: vec!["none".into()],
            right_choices: if none_right { vec![0] } else { vec![] },
            reveal_at: 4,
            why: Some(Why {
                ask: "why?".into(),
                choices: vec!["rule a".into(), "rule b".into()],
                right: vec![1],
            }),
            ..Question::default()
        }
    }

    #[test]
    fn first_tries_score_and_three_misses_show_the_answer() {
        let name = |c: u32| format!("s{c}");
        let mut g = Guess {
            asking: Some(question(vec![2], false)),
            ..Guess::default()
        };
        assert_eq!(g.answer(Answer::Cell(2), "because", name), Some(4));
        assert_eq!((g.right, g.asked), (1, 1));
        assert_eq!(g.revealed.as_ref().unwrap().said, "Right! because");
        // "Why?" waits; a wrong pick is told the rule.
        assert!(g.why.is_some());
        g.answer_why(0);
        assert_eq!((g.why_right, g.why_asked), (0, 1));
        assert_eq!(g.why_said.as_ref().unwrap().said, "Not that: rule b.");
        // A tie: a miss leaves the question waiting, a right second try scores nothing.
        g.asking = Some(question(vec![2, 3], false));
        assert_eq!(g.answer(Answer::Cell(1), "because", name), None);
        assert!(g.asking.is_some(), "a miss asks again");
        assert!(
            g.revealed
                .as_ref()
                .unwrap()
                .said
                .starts_with("Not s1. Try again: 2 tries left")
        );
        assert_eq!((g.right, g.asked), (1, 2));
        assert_eq!(g.answer(Answer::Cell(3), "because", name), Some(4));
        assert_eq!((g.right, g.asked), (1, 2), "only a first try scores");
        assert!(
            g.revealed
                .as_ref()
                .unwrap()
                .said
                .starts_with("Right, at try 2")
        );
        // Three misses: the answer is shown.
        g.asking = Some(question(vec![], true));
        assert_eq!(g.answer(Answer::Cell(1), "", name), None);
        assert_eq!(g.answer(Answer::Cell(2), "", name), None);
        assert_eq!(g.answer(Answer::Cell(3), "x", name), Some(4));
        assert!(g.asking.is_none());
        assert_eq!(
            g.revealed.as_ref().unwrap().said,
            "Not s3 either: the answer is \"none\". x"
        );
        assert_eq!((g.right, g.asked), (1, 3));
        g.asking = Some(question(vec![], true));
        g.answer(Answer::Choice(0), "", name);
        assert_eq!((g.right, g.asked), (2, 4));
        g.asking = Some(question(vec![1], false));
        g.answer(Answer::Skip, "", name);
        assert_eq!((g.right, g.asked), (2, 4), "a skip scores nothing");
        g.answer_why(1);
        assert_eq!(g.score(), "Right at the first try: 2 of 4 · Why: 1 of 2");
        assert_eq!(
            g.answer(Answer::Skip, "", name),
            None,
            "nothing is asked now"
        );
    }
}
