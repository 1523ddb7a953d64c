//! The Class view: a teacher grades a folder of hand-ins from the Lessons panel, as
//! `searchlab grade` does, on a thread of its own (traces and runs are made again, which
//! takes seconds), and sees each student's points per task, the tasks most missed, and
//! every hand-in whose work is not what it claims.

use super::grade::{Grading, csv, grade_folder, notes};
use super::lesson::Lesson;
use egui::{RichText, Ui};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError};

/// A grading under way: its answer to come, and the flag that stops it.
type UnderWay = (Receiver<Result<Grading, String>>, Arc<AtomicBool>);

/// The Class view's state.
#[derive(Default)]
pub struct Class {
    /// The folder of hand-ins, as its field holds it.
    pub folder: String,
    /// The grading under way: its answer, and the flag that stops it.
    grading: Option<UnderWay>,
    /// The last grading, or why there is none.
    pub result: Option<Result<Grading, String>>,
    /// What came of writing the CSV.
    csv_said: Option<Result<String, String>>,
}

impl Class {
    /// Whether a grading is under way (taking its answer when it has come).
    pub fn busy(&mut self) -> bool {
        let Some((receive, _)) = &self.grading else {
            return false;
        };
        match receive.try_recv() {
            Ok(result) => {
                self.result = Some(result);
                self.grading = None;
                false
            }
            Err(TryRecvError::Empty) => true,
            Err(TryRecvError::Disconnected) => {
                self.result = Some(Err("the grading stopped without an answer".into()));
                self.grading = None;
                false
            }
        }
    }

    /// Starts grading the folder against `lessons`' assignments (refused when two share
    /// an id: a hand-in would be graded against either).
    fn start(&mut self, lessons: Vec<Lesson>) {
        let mut ids = std::collections::BTreeSet::new();
        for l in &lessons {
            if let Some(a) = &l.assignment
                && !ids.insert(a.id.clone())
            {
                self.result = Some(Err(format!(
                    "two assignments have the id \"{}\" (one is \"{}\"): give each its own in the lessons folder",
                    a.id, l.title
                )));
                return;
            }
        }
        let dir = PathBuf::from(self.folder.trim());
        let cancel = Arc::new(AtomicBool::new(false));
        let (send, receive) = std::sync::mpsc::channel();
        let stop = cancel.clone();
        let started = std::thread::Builder::new()
            .name("grading".into())
            .spawn(move || {
                let _ = send.send(grade_folder(&dir, &lessons, &stop));
            });
        match started {
            Ok(_) => {
                self.grading = Some((receive, cancel));
                self.result = None;
                self.csv_said = None;
            }
            Err(e) => self.result = Some(Err(format!("the grading cannot start: {e}"))),
        }
    }

    /// The view: the folder, Grade (or Stop), and the grades.
    pub fn ui(&mut self, ui: &mut Ui, lessons: &[Lesson]) {
        if !crate::platform::DESKTOP {
            ui.label("A web page reads no folder of this computer: grade the hand-ins with the desktop app, or with `searchlab grade FOLDER` on the command line.");
            return;
        }
        ui.label("The students' hand-ins (the files \"Save hand-in…\" writes) in one folder: every trace and run in them is made again, and every answer checked.");
        if self.folder.is_empty() {
            self.folder = crate::app::runs::runs_dir().display().to_string();
        }
        ui.horizontal(|ui| {
            let l = ui.label("Hand-ins");
            ui.add(
                egui::TextEdit::singleline(&mut self.folder)
                    .desired_width(ui.available_width() - 70.0),
            )
            .labelled_by(l.id);
        });
        let busy = self.busy();
        let assignments: Vec<Lesson> = (lessons.iter())
            .filter(|l| l.assignment.is_some())
            .cloned()
            .collect();
        ui.horizontal(|ui| {
            if busy {
                ui.spinner();
                ui.label("Grading: tracing and replaying…");
                if ui.button("Stop").clicked()
                    && let Some((_, cancel)) = &self.grading
                {
                    cancel.store(true, Ordering::Relaxed);
                }
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_millis(100));
            } else if ui
                .add_enabled(!assignments.is_empty(), egui::Button::new("Grade"))
                .on_hover_text("Grade every hand-in of the folder against its assignment")
                .on_disabled_hover_text("No assignment is among the lessons")
                .clicked()
            {
                self.start(assignments.clone());
            }
        });
        match &self.result {
            Some(Err(why)) => crate::app::view::outcome_label(ui, why, false),
            Some(Ok(grading)) => {
                ui.label(format!(
                    "{}: {} hand-in{} graded, {} refused",
                    grading.title,
                    grading.graded.len(),
                    if grading.graded.len() == 1 { "" } else { "s" },
                    grading.refused.len()
                ));
                egui::ScrollArea::horizontal()
                    .id_salt("class-grades-scroll")
                    .show(ui, |ui| grades_ui(ui, grading));
                ui.label(RichText::new("Hover a cell for why; ✖: the work is not what the hand-in claims; ?: it could not be checked (the grader's limits, or Stop). Both score nothing.").weak());
                ui.label(notes(grading, &assignments));
                if ui
                    .button("Save as CSV")
                    .on_hover_text(
                        "Write a row per student and task next to the hand-ins (grades.csv)",
                    )
                    .clicked()
                {
                    let path = PathBuf::from(self.folder.trim()).join("grades.csv");
                    self.csv_said = Some(
                        crate::files::write_bytes(&path, csv(grading).as_bytes())
                            .map(|()| format!("Saved to {}", crate::files::written_to(&path))),
                    );
                }
                match &self.csv_said {
                    Some(Ok(said)) => crate::app::view::outcome_label(ui, said, true),
                    Some(Err(why)) => crate::app::view::outcome_label(ui, why, false),
                    None => {}
                }
            }
            None => {}
        }
    }
}

/// A row per student: points per task (a task not verified marked ✖, one not checked ?),
/// total, minutes; with hand-ins of several assignments, each row says which.
fn grades_ui(ui: &mut Ui, grading: &Grading) {
    let tasks = grading
        .graded
        .iter()
        .map(|g| g.tasks.len())
        .max()
        .unwrap_or(0);
    let several = grading
        .graded
        .iter()
        .any(|g| g.assignment != grading.graded[0].assignment);
    egui::Grid::new("class-grades")
        .striped(true)
        .show(ui, |ui| {
            ui.label(RichText::new("student").strong());
            if several {
                ui.label(RichText::new("assignment").strong());
            }
            for t in 1..=tasks {
                ui.label(RichText::new(format!("task {t}")).strong());
            }
            ui.label(RichText::new("total").strong());
            ui.label(RichText::new("minutes").strong());
            ui.end_row();
            for g in &grading.graded {
                ui.label(&g.student).on_hover_text(&g.file);
                if several {
                    ui.label(&g.assignment);
                }
                for t in &g.tasks {
                    let text = match (t.checked, t.verified) {
                        (false, _) => format!("? {} / {}", t.points, t.max),
                        (true, true) => format!("{} / {}", t.points, t.max),
                        (true, false) => format!("✖ {} / {}", t.points, t.max),
                    };
                    let label = match (t.checked, t.verified) {
                        (false, _) => RichText::new(text).color(ui.visuals().warn_fg_color),
                        (true, true) => RichText::new(text),
                        (true, false) => RichText::new(text).color(ui.visuals().error_fg_color),
                    };
                    ui.label(label).on_hover_text(&t.why);
                }
                for _ in g.tasks.len()..tasks {
                    ui.label("");
                }
                let (points, max) = g.total();
                ui.label(format!("{points} / {max}"));
                ui.label(g.minutes.to_string());
                ui.end_row();
            }
        });
}
