//! The assignment part of a lesson on show: the student's name, each task with what the
//! app has of it so far, and "Save hand-in…". The shell fills in each task's state and
//! writes the file (it holds the tabs whose traces and runs the hand-in cites).

use super::Lessons;
use crate::app::steps::guess::Fade;
use crate::platform::time::Instant;
use crate::teach::assignment::{Task, TracedJob, Work};
use crate::teach::lesson::{Answer, Lesson};
use egui::{RichText, Ui};
use std::path::PathBuf;

/// The first answer ever given to each decision of a trace (by position), and whether it
/// was right.
pub type FirstAnswers =
    std::collections::BTreeMap<usize, (crate::teach::assignment::Guessed, bool)>;

/// The hand-in of the assignment on show, as its form holds it.
#[derive(Debug, Default)]
pub struct HandInForm {
    /// The student's name, as typed.
    pub student: String,
    /// When the assignment was opened (the time spent goes in the hand-in).
    pub started: Option<Instant>,
    /// Each task's state, as the shell last saw it.
    pub status: Vec<String>,
    /// The file to save it to, as its field holds it.
    pub path: String,
    /// The file name the form last chose by itself (from the assignment and the name):
    /// while the field still holds it, it follows the name typed.
    chosen: String,
    /// A save asked for, for the shell to make.
    save: Option<PathBuf>,
    /// What came of the last save.
    pub said: Option<Result<String, String>>,
    /// The work of each Your guess and run task, by task, kept as it was last seen (a
    /// later trace or run of another search in the same tab does not lose it).
    pub kept: std::collections::BTreeMap<usize, Work>,
    /// For each run task, which run was last kept (its title, time and events), so that
    /// it is written out again only when another run ends, and whether it found a
    /// solution.
    pub run_seen: std::collections::BTreeMap<usize, (String, u64, usize, bool)>,
    /// For each Your guess task, the search traced and the first answer ever given to
    /// each of its decisions, with whether it was right: tracing again never replaces one.
    pub firsts: std::collections::BTreeMap<usize, (TracedJob, FirstAnswers)>,
    /// For each Play task, the hints asked on its instance since the assignment opened
    /// (frozen once its first solution is kept).
    pub play_hints: std::collections::BTreeMap<usize, Vec<crate::app::play::HintKind>>,
    /// For each puzzle, how many of its game's hints the form has looked at: those after
    /// are new.
    pub hints_seen: std::collections::BTreeMap<crate::run::PuzzleId, usize>,
    /// The Play tasks whose instance is the one played on now, in play mode.
    pub play_here: std::collections::BTreeSet<usize>,
    /// For each Play task, whether its game was solved when last looked at: a solution
    /// is kept only when it comes while the assignment is open (not one made before).
    pub play_solved: std::collections::BTreeMap<usize, bool>,
    /// The assignment's tasks, kept while it is open (its work is kept from every tab,
    /// whichever lesson is on show).
    pub tasks: Vec<Task>,
    /// The assignment these were kept for.
    pub id: String,
}

impl HandInForm {
    /// An assignment opens: a new one starts afresh, the one already open (started again
    /// from the list) keeps its work and its clock.
    pub fn start(&mut self, id: &str, tasks: &[Task]) {
        self.said = None;
        if self.id == id && self.started.is_some() {
            return;
        }
        self.id = id.to_string();
        self.tasks = tasks.to_vec();
        self.started = Some(Instant::now());
        self.path.clear();
        self.chosen.clear();
        self.kept.clear();
        self.run_seen.clear();
        self.firsts.clear();
        self.play_hints.clear();
        self.hints_seen.clear();
        self.play_here.clear();
        self.play_solved.clear();
    }

    /// The save asked for since the last call.
    pub fn take_save(&mut self) -> Option<PathBuf> {
        self.save.take()
    }

    /// Seconds since the assignment was opened.
    pub fn seconds(&self) -> u64 {
        self.started.map_or(0, |t| t.elapsed().as_secs())
    }
}

/// A file name from an assignment's id and a student's name: letters and digits, `-`
/// between words.
pub fn hand_in_name(id: &str, student: &str) -> String {
    let name: String = student
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect::<String>()
        .split('-')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    format!(
        "{id}-{}.json",
        if name.is_empty() { "student" } else { &name }
    )
}

impl Lessons {
    /// The questions' answers as the hand-in holds them: the last one typed or picked for
    /// each question task.
    pub fn answer_works(&self, lesson: &Lesson) -> Vec<Work> {
        let Some(a) = &lesson.assignment else {
            return Vec::new();
        };
        (a.tasks.iter().enumerate())
            .filter_map(|(i, t)| match t {
                Task::Question { number, .. } => {
                    let q = lesson.questions.get(number - 1)?;
                    let g = self.given.get(number - 1)?;
                    // The first answer checked counts; else what the field holds.
                    let given = (g.first.clone())
                        .unwrap_or_else(|| g.current(matches!(q.answer, Answer::Choice { .. })));
                    (!given.trim().is_empty()).then_some(Work::Answer { task: i + 1, given })
                }
                _ => None,
            })
            .collect()
    }

    /// The assignment's part of the lesson: name, tasks, save.
    pub(super) fn assignment_ui(&mut self, ui: &mut Ui, lesson: &Lesson) {
        let Some(a) = &lesson.assignment else {
            return;
        };
        let total: u32 = a.tasks.iter().map(Task::points).sum();
        ui.label(RichText::new("Assignment").strong());
        ui.label(format!(
            "Your teacher grades the hand-in with `searchlab grade`, which makes every trace and run again: {total} points in all. Only your first check of each question counts, and only your first try at each decision."
        ));
        let form = &mut self.hand_in;
        ui.horizontal(|ui| {
            let l = ui.label("Your name");
            ui.add(egui::TextEdit::singleline(&mut form.student).desired_width(180.0))
                .labelled_by(l.id);
        });
        let mut set_up = None;
        for (i, task) in a.tasks.iter().enumerate() {
            let points = task.points();
            ui.horizontal_wrapped(|ui| {
                ui.label(format!(
                    "Task {}: {} ({points} point{})",
                    i + 1,
                    task.describe(&lesson.questions),
                    if points == 1 { "" } else { "s" }
                ));
                if let Some(setup) = task.setup()
                    && ui
                        .small_button("Set it up")
                        .on_hover_text("Put the app where this task is done: its puzzle, instance, search and mode (for Your guess, the decisions the task counts)")
                        .clicked()
                {
                    // A Your guess task asks the decisions it counts: a faded one's
                    // last k, another's every one.
                    let fade = match task {
                        Task::Guess { last: Some(k), .. } => Some(Fade::Last(*k)),
                        Task::Guess { last: None, .. } => Some(Fade::Every),
                        _ => None,
                    };
                    set_up = Some((setup.clone(), fade));
                }
            });
            if let Some(status) = form.status.get(i) {
                ui.label(RichText::new(format!("   {status}")).weak());
            }
        }
        // The file follows the name typed until the student types a file of their own
        // (a class's hand-ins would all be `…-student.json` otherwise).
        let name = hand_in_name(&a.id, &form.student);
        let chosen = crate::app::runs::runs_dir()
            .join(&name)
            .display()
            .to_string();
        if form.path.is_empty() || form.path == form.chosen || !crate::platform::DESKTOP {
            form.path.clone_from(&chosen);
        }
        form.chosen = chosen;
        if crate::platform::DESKTOP {
            ui.horizontal(|ui| {
                let l = ui.label("File");
                ui.add(egui::TextEdit::singleline(&mut form.path).desired_width(300.0))
                    .labelled_by(l.id);
            });
        }
        let blocked = form
            .student
            .trim()
            .is_empty()
            .then_some("Type your name first");
        let save = ui
            .add_enabled(blocked.is_none(), egui::Button::new("💾 Save hand-in…"))
            .on_hover_text(if crate::platform::DESKTOP {
                "Write your work (answers, guesses, the runs cited, the time spent) to the file above, to hand in"
            } else {
                "Download your work (answers, guesses, the runs cited, the time spent), to hand in"
            });
        if let Some(why) = blocked {
            save.on_disabled_hover_text(why);
        } else if save.clicked() {
            form.save = Some(PathBuf::from(form.path.trim()));
        }
        match &form.said {
            Some(Ok(said)) => crate::app::widgets::figures::outcome_label(ui, said, true),
            Some(Err(why)) => crate::app::widgets::figures::outcome_label(ui, why, false),
            None => {}
        }
        if set_up.is_some() {
            self.setup = set_up;
        }
    }
}
