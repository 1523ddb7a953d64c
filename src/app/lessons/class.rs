//! The Class view: a teacher grades the class's hand-ins from the Lessons panel, as
//! `searchlab grade` does, in the background (traces and runs are made again, which takes
//! seconds): a folder of them on the desktop, the files picked in a browser (graded in Web
//! Workers, side by side). It shows each student's points per task, the tasks most
//! missed, and every hand-in whose work is not what it claims.

use crate::app::background::{Background, Task, Work};
use crate::bench::Progress;
use crate::teach::assignment::MAX_HAND_IN_BYTES;
use crate::teach::grade::{
    FileGraded, Grading, MAX_HAND_INS, csv, file_name, folder_files, grade_text_guarded, notes,
};
use crate::teach::lesson::Lesson;
use egui::{RichText, Ui};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

/// The most bytes of hand-ins a browser reads at once (its memory is at most 4 GB, and
/// each worker gets its share of the files).
pub const MAX_PICKED_BYTES: usize = 256 << 20;

/// Files picked in a browser: each one's name, and its bytes or why it was not read.
type Picked = Vec<(String, Result<Vec<u8>, String>)>;

/// Where the hand-ins are.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum HandIns {
    /// Every `*.json` file of a folder (the desktop).
    Folder(PathBuf),
    /// Files picked and read already (a browser).
    Files(Picked),
}

/// Grading hand-ins in the background: a value per file, or why the folder could not be
/// read.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GradeTask {
    /// The lessons with assignments, as their RON text (a browser's worker reads them
    /// again).
    pub lessons: Vec<String>,
    /// The hand-ins.
    pub hand_ins: HandIns,
}

impl Task for GradeTask {
    type Output = Result<FileGraded, String>;
    const NAME: &'static str = "grade-hand-ins";

    fn run(self, send: &(dyn Fn(Self::Output) + Sync), work: &Work) {
        let lessons: Vec<Lesson> = (self.lessons.iter())
            .filter_map(|text| Lesson::parse(text).ok())
            .collect();
        let cancel = &*work.cancel;
        match self.hand_ins {
            HandIns::Folder(dir) => {
                let files = match folder_files(&dir) {
                    Ok(files) => files,
                    Err(why) => return send(Err(why)),
                };
                let progress = Progress::new(files.len() as u64, Some(work.meter.clone()));
                for path in files {
                    if cancel.load(Ordering::Relaxed) {
                        return;
                    }
                    let text =
                        crate::files::read_text_not_linked(&path, MAX_HAND_IN_BYTES, "a hand-in");
                    send(Ok(grade_text_guarded(
                        file_name(&path),
                        text,
                        &lessons,
                        cancel,
                    )));
                    progress.tick();
                }
            }
            HandIns::Files(files) => {
                let progress = Progress::new(files.len() as u64, Some(work.meter.clone()));
                for (name, bytes) in files {
                    if cancel.load(Ordering::Relaxed) {
                        return;
                    }
                    let text = bytes.and_then(|b| {
                        String::from_utf8(b).map_err(|_| "not a text file (UTF-8)".to_string())
                    });
                    let name = crate::run::file::printable(&name);
                    send(Ok(grade_text_guarded(name, text, &lessons, cancel)));
                    progress.tick();
                }
            }
        }
    }

    /// Files picked are shared out among `parts` workers; a folder is read by one.
    fn split(self, parts: usize) -> Vec<Self> {
        let HandIns::Files(files) = self.hand_ins else {
            return vec![self];
        };
        let parts = parts.clamp(1, files.len().max(1));
        let mut shares: Vec<Picked> = vec![Vec::new(); parts];
        for (i, file) in files.into_iter().enumerate() {
            shares[i % parts].push(file);
        }
        (shares.into_iter())
            .map(|files| GradeTask {
                lessons: self.lessons.clone(),
                hand_ins: HandIns::Files(files),
            })
            .collect()
    }
}

/// The Class view's state.
#[derive(Default)]
pub struct Class {
    /// The folder of hand-ins, as its field holds it (the desktop).
    pub folder: String,
    /// The grading under way, and the grades it has sent so far.
    grading: Option<(Background<Result<FileGraded, String>>, Grading)>,
    /// The last grading, or why there is none.
    pub result: Option<Result<Grading, String>>,
    /// What came of writing the CSV.
    csv_said: Option<Result<String, String>>,
    /// Files a browser's picker has read, to grade.
    picked: Arc<Mutex<Option<Picked>>>,
    /// Why the picker could not open, if it could not.
    pick_said: Option<String>,
}

impl Class {
    /// Whether a grading is under way (taking what it has sent, and its end).
    pub fn busy(&mut self) -> bool {
        let Some((background, partial)) = &mut self.grading else {
            return false;
        };
        // Looked at before reading: what a thread sent just before it ended is read.
        let ended = background.has_ended();
        let mut failed = None;
        for news in background.take() {
            match news {
                Ok(file) => partial.add(file),
                Err(why) => failed = Some(why),
            }
        }
        if let Some(why) = failed {
            background.cancel();
            self.grading = None;
            self.result = Some(Err(why));
            return false;
        }
        if !ended {
            return true;
        }
        let refused = background.refused();
        let Some((_, mut grading)) = self.grading.take() else {
            return false;
        };
        // A worker that ended early leaves its files ungraded: said, not hidden, beside
        // the grades the others made.
        if let Some(why) = refused.filter(|_| !grading.stopped) {
            grading.refused.push((
                "(the rest)".into(),
                format!("the grading of some files ended early ({why}): those not listed were not graded"),
            ));
        }
        grading.sort();
        self.result = Some(Ok(grading));
        false
    }

    /// Starts grading `hand_ins` against `lessons`' assignments (refused when two share
    /// an id: a hand-in would be graded against either).
    fn start(&mut self, ctx: &egui::Context, lessons: &[Lesson], hand_ins: HandIns) {
        let mut ids = std::collections::BTreeSet::new();
        for l in lessons {
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
        let task = GradeTask {
            lessons: lessons.iter().map(|l| l.source.clone()).collect(),
            hand_ins,
        };
        self.grading = Some((Background::task(ctx, task), Grading::default()));
        self.result = None;
        self.csv_said = None;
    }

    /// Stops the grading under way: what it graded so far stays, marked stopped.
    fn stop(&mut self) {
        if let Some((background, partial)) = &mut self.grading {
            background.cancel();
            partial.stopped = true;
        }
    }

    /// The view: the folder (or the files to pick), Grade (or Stop), and the grades.
    pub fn ui(&mut self, ui: &mut Ui, lessons: &[Lesson]) {
        let assignments: Vec<Lesson> = (lessons.iter())
            .filter(|l| l.assignment.is_some())
            .cloned()
            .collect();
        let busy = self.busy();
        if crate::platform::DESKTOP {
            self.folder_row(ui, busy, &assignments);
        } else {
            self.pick_row(ui, busy, &assignments);
        }
        if busy {
            ui.horizontal(|ui| {
                crate::app::widgets::spinner::spinner(ui);
                let (done, total) = (self.grading.as_ref()).map_or((0, 0), |g| g.0.progress());
                ui.label(format!(
                    "Grading: tracing and replaying… {done} of {total} hand-ins"
                ));
                if ui.button("Stop").clicked() {
                    self.stop();
                }
            });
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
        }
        self.result_ui(ui, &assignments);
    }

    /// The desktop's folder of hand-ins and Grade.
    fn folder_row(&mut self, ui: &mut Ui, busy: bool, assignments: &[Lesson]) {
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
        if !busy
            && ui
                .add_enabled(!assignments.is_empty(), egui::Button::new("Grade"))
                .on_hover_text("Grade every hand-in of the folder against its assignment")
                .on_disabled_hover_text("No assignment is among the lessons")
                .clicked()
        {
            let dir = PathBuf::from(self.folder.trim());
            self.start(ui.ctx(), assignments, HandIns::Folder(dir));
        }
    }

    /// A browser's "Pick hand-ins…": the files picked are graded as soon as they are read.
    fn pick_row(&mut self, ui: &mut Ui, busy: bool, assignments: &[Lesson]) {
        ui.label(format!(
            "Pick the students' hand-ins (the files \"Save hand-in…\" downloads; up to {} at once, {} MiB in all): every trace and run in them is made again, and every answer checked, on this computer.",
            crate::run::catalog::group_thousands(MAX_HAND_INS as u64),
            MAX_PICKED_BYTES >> 20
        ));
        let picked = self.picked.lock().ok().and_then(|mut p| p.take());
        if let Some(files) = picked {
            self.start(ui.ctx(), assignments, HandIns::Files(files));
        }
        if !busy
            && ui
                .add_enabled(
                    !assignments.is_empty(),
                    egui::Button::new("Pick hand-ins and grade…"),
                )
                .on_hover_text("Pick the hand-in files (several at once) and grade each against its assignment")
                .on_disabled_hover_text("No assignment is among the lessons")
                .clicked()
        {
            let (slot, ctx) = (self.picked.clone(), ui.ctx().clone());
            let asked = crate::platform::pick_files(
                ".json",
                MAX_HAND_IN_BYTES as usize,
                MAX_HAND_INS,
                MAX_PICKED_BYTES,
                move |files| {
                    if let Ok(mut p) = slot.lock() {
                        *p = Some(files);
                    }
                    ctx.request_repaint();
                },
            );
            self.pick_said = asked.err();
        }
        if let Some(why) = &self.pick_said {
            crate::app::widgets::figures::outcome_label(ui, why, false);
        }
    }

    /// The grades, the notes, and Save as CSV.
    fn result_ui(&mut self, ui: &mut Ui, assignments: &[Lesson]) {
        match &self.result {
            Some(Err(why)) => crate::app::widgets::figures::outcome_label(ui, why, false),
            Some(Ok(grading)) => {
                ui.label(format!(
                    "{}: {} hand-in{} graded, {} refused{}",
                    grading.title,
                    grading.graded.len(),
                    if grading.graded.len() == 1 { "" } else { "s" },
                    grading.refused.len(),
                    if grading.stopped {
                        " (stopped before the end)"
                    } else {
                        ""
                    }
                ));
                egui::ScrollArea::horizontal()
                    .id_salt("class-grades-scroll")
                    .show(ui, |ui| grades_ui(ui, grading));
                ui.label(RichText::new("Hover a cell for why; ✖: the work is not what the hand-in claims; ?: it could not be checked (the grader's limits, or Stop). Both score nothing.").weak());
                ui.label(notes(grading, assignments));
                let (label, hover) = if crate::platform::DESKTOP {
                    (
                        "Save as CSV",
                        "Write a row per student and task next to the hand-ins (grades.csv)",
                    )
                } else {
                    (
                        "Download as CSV",
                        "Download a row per student and task (grades.csv)",
                    )
                };
                if ui.button(label).on_hover_text(hover).clicked() {
                    let path = PathBuf::from(self.folder.trim()).join("grades.csv");
                    self.csv_said = Some(
                        crate::files::write_bytes(&path, csv(grading).as_bytes())
                            .map(|()| format!("Saved to {}", crate::files::written_to(&path))),
                    );
                }
                match &self.csv_said {
                    Some(Ok(said)) => crate::app::widgets::figures::outcome_label(ui, said, true),
                    Some(Err(why)) => crate::app::widgets::figures::outcome_label(ui, why, false),
                    None => {}
                }
            }
            None => {}
        }
    }
}

/// A row per student: total (first, where a narrow panel still shows it), points per task
/// (a task not verified marked ✖, one not checked ?), minutes; with hand-ins of several assignments, each row says which.
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
    // Wider than the lessons' panel with many tasks: it scrolls sideways, its bar under
    // the rows, never cut at the panel's edge.
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    egui::ScrollArea::horizontal()
        .id_salt("class-grades-scroll")
        .show(ui, |ui| grades_grid(ui, grading, tasks, several));
}

/// The grid of [`grades_ui`].
fn grades_grid(ui: &mut Ui, grading: &Grading, tasks: usize, several: bool) {
    egui::Grid::new("class-grades")
        .striped(true)
        .show(ui, |ui| {
            ui.label(RichText::new("student").strong());
            if several {
                ui.label(RichText::new("assignment").strong());
            }
            ui.label(RichText::new("total").strong());
            for t in 1..=tasks {
                ui.label(RichText::new(format!("task {t}")).strong());
            }
            ui.label(RichText::new("minutes").strong());
            ui.end_row();
            for g in &grading.graded {
                ui.label(&g.student).on_hover_text(&g.file);
                if several {
                    ui.label(&g.assignment);
                }
                let (points, max) = g.total();
                ui.label(RichText::new(format!("{points} / {max}")).strong());
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
                ui.label(g.minutes.to_string());
                ui.end_row();
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teach::assignment::{HandIn, Work};

    /// The queens assignment's questions answered right and its eight queens placed
    /// (Wirth's first solution), by `student`.
    fn hand_in(student: &str, queens: Vec<u32>) -> Vec<u8> {
        let mut h = HandIn::new(student, "queens-local-search");
        h.work = vec![
            Work::Answer {
                task: 1,
                given: "1".into(),
            },
            Work::Answer {
                task: 2,
                given: "1".into(),
            },
            Work::Play {
                task: 5,
                answer: queens,
                hints: vec![crate::run::play::queens::SAFE_SQUARE],
            },
        ];
        h.to_json().into_bytes()
    }

    /// Files picked in a browser, graded as the browser grades them (shared out among
    /// Web Workers, each file's bytes handed over): the same grades, file by file, as
    /// grading them one after another; good, doctored, broken and unread files alike.
    #[test]
    fn picked_files_are_graded_in_parts_as_one_by_one() {
        let lesson = Lesson::parse(include_str!(
            "../../../lessons/08-assignment-queens-local-search.ron"
        ))
        .unwrap();
        let files: Picked = vec![
            (
                "ada.json".into(),
                Ok(hand_in("Ada", vec![0, 4, 7, 5, 2, 6, 1, 3])),
            ),
            (
                "bo.json".into(),
                Ok(hand_in("Bo", vec![0, 4, 5, 7, 2, 6, 1, 3])),
            ),
            ("broken.json".into(), Ok(b"{ not json".to_vec())),
            ("latin.json".into(), Ok(vec![0xff, 0xfe, 0x41])),
            ("big.json".into(), Err("it is larger than 32 MiB".into())),
        ];
        let task = GradeTask {
            lessons: vec![lesson.source.clone()],
            hand_ins: HandIns::Files(files.clone()),
        };
        // Shared out in three parts (whatever the machine's cores), each handed over.
        let parts = task.split(3);
        assert_eq!(parts.len(), 3, "shared out");
        let ctx = egui::Context::default();
        let mut grading = Grading::default();
        for part in parts {
            let work = Background::handed(&ctx, part);
            for news in crate::app::background::tests::finished(&work) {
                grading.add(news.unwrap());
            }
        }
        grading.sort();
        let cancel = std::sync::atomic::AtomicBool::new(false);
        let mut one_by_one = Grading::default();
        for (name, bytes) in files {
            let text = bytes
                .and_then(|b| String::from_utf8(b).map_err(|_| "not a text file (UTF-8)".into()));
            one_by_one.add(crate::teach::grade::grade_text(
                name,
                text,
                std::slice::from_ref(&lesson),
                &cancel,
            ));
        }
        one_by_one.sort();
        assert_eq!(grading, one_by_one);
        let points = |who: &str| {
            let g = grading.graded.iter().find(|g| g.student == who).unwrap();
            (g.total(), g.tasks.iter().all(|t| t.verified))
        };
        // Of 1 + 1 + 3 + 2 + 2 points: the two questions and the queens, 4; Bo's queens
        // attack each other.
        assert_eq!(points("Ada"), ((4, 9), true));
        assert_eq!(points("Bo"), ((2, 9), false));
        let refused: Vec<&str> = grading.refused.iter().map(|(f, _)| f.as_str()).collect();
        assert_eq!(refused, ["big.json", "broken.json", "latin.json"]);
        assert!(grading.refused[2].1.contains("not a text file"));
    }
}
