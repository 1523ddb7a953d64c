//! Lessons: short, one-click set-ups with what to try and questions the app checks. The
//! built-in lessons are the RON files of the repository's `lessons/` folder, compiled in;
//! a teacher's folder (`$SEARCHLAB_LESSONS`, else `~/searchlab-lessons`) adds lessons and
//! replaces a built-in one of the same file name. A file that cannot be used is listed with
//! the reason, never loaded.

pub mod class;
mod hand_in_ui;

use crate::app::derived::ForContext;
use crate::app::widgets::figures::outcome_label;
use crate::run::setup::Setup;
use crate::teach::folder::{Read, built_in};
use crate::teach::lesson::{Answer, Lesson};
use crate::teach::{Entry, find_file, lessons_dir, load};
use egui::{RichText, Ui};
use std::path::PathBuf;

/// What the student gave to one question, and what the app said.
#[derive(Debug, Clone, Default)]
struct Given {
    typed: String,
    chosen: Option<usize>,
    /// The first answer checked: an assignment's hand-in holds it, not a later one.
    first: Option<String>,
    /// Right, or what was wrong (a wrong answer, or text that is no number), with the
    /// answer it is about: a verdict is shown only beside that answer, not beside another
    /// typed or picked since.
    verdict: ForContext<String, Result<(), String>>,
}

impl Given {
    /// The answer as it stands: the text typed, or the index of the option picked.
    fn current(&self, choice: bool) -> String {
        if choice {
            self.chosen.map_or_else(String::new, |k| k.to_string())
        } else {
            self.typed.clone()
        }
    }
}

/// The Lessons window: the list, or the lesson on show with its questions.
pub struct Lessons {
    /// Whether the window is open.
    pub open: bool,
    /// The teacher's lessons folder, read for lessons besides the built-in ones (set from
    /// its field on Enter, Reload or a copy).
    pub folder: PathBuf,
    folder_text: String,
    /// Every lesson file on offer: the built-in ones (a folder's file of the same name in
    /// their place), then the folder's others, by name.
    pub entries: Vec<Entry>,
    /// What became of the folder when it was last read or written.
    folder_said: String,
    /// The lesson on show, by its index in `entries`.
    active: Option<usize>,
    given: Vec<Given>,
    /// A set-up asked for, for the shell to apply, with the decisions Your guess asks
    /// there when a task says (its "Set it up": a faded task's last k, else every one).
    setup: Option<(Setup, Option<crate::app::steps::guess::Fade>)>,
    /// Questions answered right (the most yet), and in all, of each lesson answered, by
    /// file: the list shows them, and they are saved between sessions.
    answered: std::collections::BTreeMap<String, (usize, usize)>,
    /// The folder being read on a thread of its own (a slow or hung disk never holds up
    /// the window), and what to say once it is read instead of what the reading says.
    reading: Option<(std::sync::mpsc::Receiver<Read>, Option<String>)>,
    /// The link to the lesson on show, once copied.
    copied: Option<String>,
    /// The hand-in of the assignment on show: the student's name, when it was started,
    /// each task's state as the shell last saw it, and where to save it.
    pub hand_in: hand_in_ui::HandInForm,
    /// The teacher's Class view: a folder of hand-ins graded.
    pub class: class::Class,
}

impl Default for Lessons {
    fn default() -> Self {
        Lessons::new(lessons_dir())
    }
}

impl Lessons {
    /// The lessons, built in and from `folder`: the built-in ones at once, the folder's
    /// as soon as it is read.
    pub fn new(folder: PathBuf) -> Lessons {
        let entries = built_in();
        let mut lessons = Lessons {
            open: false,
            folder_text: folder.display().to_string(),
            folder,
            entries,
            folder_said: String::new(),
            active: None,
            given: Vec::new(),
            setup: None,
            answered: Default::default(),
            reading: None,
            copied: None,
            hand_in: Default::default(),
            class: Default::default(),
        };
        lessons.reload();
        lessons
    }

    /// Reads the folder again (a teacher edited a file), on a thread of its own.
    pub fn reload(&mut self) {
        if !crate::platform::DESKTOP {
            self.folder_said = "A web page reads no folder of this computer: the built-in \
                lessons are all here, and the desktop app reads a teacher's own."
                .into();
            return;
        }
        let (send, receive) = std::sync::mpsc::channel();
        let folder = self.folder.clone();
        let started = std::thread::Builder::new()
            .name("lessons".into())
            .spawn(move || {
                let _ = send.send(load(&folder));
            });
        match started {
            Ok(_) => {
                self.folder_said = format!("Reading {} …", self.folder.display());
                self.reading = Some((receive, None));
            }
            Err(e) => self.folder_said = format!("The lessons folder cannot be read now: {e}"),
        }
    }

    /// Takes the folder's lessons if they have been read; true while they are still
    /// being read.
    pub fn poll(&mut self) -> bool {
        let Some((receive, said)) = &mut self.reading else {
            return false;
        };
        let read = match receive.try_recv() {
            Ok(read) => Some(read),
            Err(std::sync::mpsc::TryRecvError::Empty) => return true,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => None,
        };
        let said = said.take();
        self.take_read(read, said);
        false
    }

    /// Waits until the folder has been read (for tests and scripts: the window polls).
    pub fn wait_until_read(&mut self) {
        if let Some((receive, said)) = self.reading.take() {
            self.take_read(receive.recv().ok(), said);
        }
    }

    /// Shows what the reading thread read (nothing: it ended without a word), and `said`
    /// in place of what it says.
    fn take_read(&mut self, read: Option<Read>, said: Option<String>) {
        self.reading = None;
        let (entries, read_said) = read.unwrap_or_else(|| {
            (
                self.entries.clone(),
                "The lessons folder could not be read.".into(),
            )
        });
        self.folder_said = said.unwrap_or(read_said);
        let active = self.active.map(|i| self.entries[i].file.clone());
        self.entries = entries;
        self.active = active.and_then(|f| self.entries.iter().position(|e| e.file == f));
        if self.active.is_none() {
            self.given.clear();
        }
    }

    /// Opens lesson `i` and asks for its set-up.
    pub fn start(&mut self, i: usize) {
        let Some(Ok(lesson)) = self.entries.get(i).map(|e| &e.lesson) else {
            return;
        };
        self.setup = Some((
            lesson.setup.clone(),
            Some(crate::app::steps::guess::Fade::Every),
        ));
        // An assignment started again keeps its answers (its hand-in holds the first).
        let same = (lesson.assignment.as_ref())
            .is_some_and(|a| a.id == self.hand_in.id && self.hand_in.started.is_some())
            && self.given.len() == lesson.questions.len();
        if !same {
            self.given = vec![Given::default(); lesson.questions.len()];
        }
        self.active = Some(i);
        self.open = true;
        self.copied = None;
        if let Some(a) = &lesson.assignment {
            self.hand_in.start(&a.id, &a.tasks);
        }
    }

    /// Opens a lesson file handed in whole (`name`, its `text`): listed with the others
    /// (in place of one of that name) and started; or why it cannot be used.
    pub fn open_text(&mut self, name: &str, text: &str) -> Result<(), String> {
        let lesson = Lesson::parse(text)?;
        let entry = Entry {
            file: name.to_string(),
            from_folder: true,
            lesson: Ok(lesson),
        };
        let i = match self.entries.iter().position(|e| e.file == name) {
            Some(i) => {
                self.entries[i] = entry;
                i
            }
            None => {
                self.entries.push(entry);
                self.entries.len() - 1
            }
        };
        self.start(i);
        Ok(())
    }

    /// Opens the lesson whose file is `name` (with or without `.ron`), or says why not.
    pub fn start_file(&mut self, name: &str) -> Result<(), String> {
        let i = find_file(&self.entries, name)?;
        self.start(i);
        Ok(())
    }

    /// Each lesson's questions answered right, and in all, by file (saved between
    /// sessions).
    pub fn answered(&self) -> &std::collections::BTreeMap<String, (usize, usize)> {
        &self.answered
    }

    /// The lessons' progress as a saved state kept it.
    pub fn keep_answered(&mut self, answered: std::collections::BTreeMap<String, (usize, usize)>) {
        self.answered = answered;
    }

    /// The set-up asked for since the last call, to apply.
    pub fn take_setup(&mut self) -> Option<(Setup, Option<crate::app::steps::guess::Fade>)> {
        self.setup.take()
    }

    /// The lesson on show.
    pub fn active(&self) -> Option<&Lesson> {
        self.entries.get(self.active?)?.lesson.as_ref().ok()
    }

    /// Checks `given` (a number typed, or an option's index) as the answer to question `q`
    /// of the lesson on show.
    pub fn check(&mut self, q: usize, given: &str) {
        let Some(question) = self.active().and_then(|l| l.questions.get(q)).cloned() else {
            return;
        };
        let verdict = match question.is_right(given) {
            Ok(true) => Ok(()),
            Ok(false) => Err(match &question.answer {
                Answer::Number(_) => {
                    format!("Not {}. Look again, and try another number.", given.trim())
                }
                Answer::Choice { .. } => "Not that one. Look again, and try another.".to_string(),
            }),
            Err(e) => Err(e),
        };
        if let Some(g) = self.given.get_mut(q) {
            g.verdict.set(given.to_string(), verdict);
            g.first.get_or_insert_with(|| given.to_string());
        }
        if let Some(file) = self.active.map(|i| self.entries[i].file.clone()) {
            // The best the student has done: a lesson started again keeps its ✔.
            let (right, all) = self.progress();
            let best = self.answered.get(&file).map_or(0, |p| p.0).max(right);
            self.answered.insert(file, (best.min(all), all));
        }
    }

    /// Whether question `number` (from 1) of the lesson on show is answered right.
    pub fn is_right(&self, number: usize) -> bool {
        let Some(q) = number.checked_sub(1) else {
            return false;
        };
        let choice = (self.active().and_then(|l| l.questions.get(q)))
            .is_some_and(|question| matches!(question.answer, Answer::Choice { .. }));
        self.given
            .get(q)
            .is_some_and(|g| matches!(g.verdict.get(&g.current(choice)), Some(Ok(()))))
    }

    /// Questions of the lesson on show answered right, and in all.
    pub fn progress(&self) -> (usize, usize) {
        let choice = |q: usize| {
            (self.active().and_then(|l| l.questions.get(q)))
                .is_some_and(|question| matches!(question.answer, Answer::Choice { .. }))
        };
        let right = (self.given.iter().enumerate())
            .filter(|(q, g)| matches!(g.verdict.get(&g.current(choice(*q))), Some(Ok(()))))
            .count();
        (right, self.given.len())
    }

    /// Writes the built-in lessons into the folder, keeping files already there.
    fn copy_built_in(&mut self) {
        let mut wrote = 0;
        let mut kept = 0;
        let result = std::fs::create_dir_all(&self.folder).and_then(|()| {
            for (file, text) in crate::teach::BUILT_IN {
                // A new file only: whatever has the name (a link too, dangling or not) is
                // kept, and nothing is written through it.
                match crate::files::write_new(&self.folder.join(file), text.as_bytes()) {
                    Ok(true) => wrote += 1,
                    Ok(false) => kept += 1,
                    Err(e) => return Err(std::io::Error::other(e)),
                }
            }
            Ok(())
        });
        self.reload();
        let said = match result {
            Ok(()) => format!(
                "Wrote {wrote} lesson files to {} ({kept} there already, kept). Edit them, then Reload.",
                self.folder.display()
            ),
            Err(e) => format!("Could not write to {}: {e}", self.folder.display()),
        };
        match &mut self.reading {
            Some((_, after)) => *after = Some(said),
            None => self.folder_said = said,
        }
    }

    /// The list, or the lesson on show.
    pub fn ui(&mut self, ui: &mut Ui) {
        if self.poll() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(50));
        }
        match self.active {
            Some(_) => self.lesson_ui(ui),
            None => self.list_ui(ui),
        }
    }

    fn list_ui(&mut self, ui: &mut Ui) {
        ui.label("Each lesson sets the app up with one click, says what to try, and asks questions the app checks.");
        self.class_section(ui);
        let mut start = None;
        for (i, e) in self.entries.iter().enumerate() {
            ui.separator();
            match &e.lesson {
                Ok(l) => {
                    ui.label(RichText::new(&l.title).strong());
                    ui.label(
                        RichText::new(format!(
                            "{} · {}{}",
                            l.setup.puzzle().title(),
                            l.summary,
                            match (e.from_folder, crate::platform::DESKTOP) {
                                (true, true) => " (from your folder)",
                                (true, false) => " (opened from this computer)",
                                (false, _) => "",
                            }
                        ))
                        .weak(),
                    );
                    if let Some((right, all)) = self.answered.get(&e.file) {
                        let said = format!("Answered right: {right} of {all} questions");
                        if right == all {
                            outcome_label(ui, &format!("{said} ✔"), true);
                        } else {
                            ui.label(said);
                        }
                    }
                    if ui
                        .button(format!("Start: {}", short(&l.title)))
                        .on_hover_text("Set the app up for this lesson and show it")
                        .clicked()
                    {
                        start = Some(i);
                    }
                }
                Err(why) => {
                    outcome_label(ui, &format!("{}: not loaded: {why}", e.file), false);
                }
            }
        }
        if let Some(i) = start {
            self.start(i);
        }
        ui.separator();
        ui.label(RichText::new("Your own lessons").strong());
        if !crate::platform::DESKTOP {
            // A web page reads no folder: a teacher's lesson comes in as a file.
            ui.label("A teacher's lesson file opens here with Open run… (or dropped on the page). The desktop app also reads a whole folder of them, and writes the built-in ones there to edit.");
            return;
        }
        ui.label("Lessons are RON files. Copy the built-in ones into a folder, edit them or add your own, and press Reload: a file with a built-in lesson's name takes its place.");
        ui.horizontal(|ui| {
            let l = ui.label("Folder");
            let field = ui
                .add(
                    egui::TextEdit::singleline(&mut self.folder_text)
                        .desired_width(ui.available_width() - 70.0),
                )
                .labelled_by(l.id);
            if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                self.folder = PathBuf::from(self.folder_text.trim());
                self.reload();
            }
        });
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Reload")
                .on_hover_text("Read the folder again")
                .clicked()
            {
                self.folder = PathBuf::from(self.folder_text.trim());
                self.reload();
            }
            if ui
                .button("Copy the built-in lessons there")
                .on_hover_text("Write the built-in lesson files into the folder to edit (files already there are kept)")
                .clicked()
            {
                self.folder = PathBuf::from(self.folder_text.trim());
                self.copy_built_in();
            }
        });
        ui.label(RichText::new(&self.folder_said).weak());
    }

    /// The Class view, folded under its heading at the top of the list.
    fn class_section(&mut self, ui: &mut Ui) {
        let lessons: Vec<Lesson> = (self.entries.iter())
            .filter_map(|e| e.lesson.as_ref().ok().cloned())
            .collect();
        egui::CollapsingHeader::new("Class: grade hand-ins")
            .id_salt("class-view")
            .show(ui, |ui| self.class.ui(ui, &lessons));
    }

    fn lesson_ui(&mut self, ui: &mut Ui) {
        let Some(lesson) = self.active().cloned() else {
            self.active = None;
            return;
        };
        ui.horizontal_wrapped(|ui| {
            if ui.button("◀ All lessons").clicked() {
                self.active = None;
            }
            if ui
                .button("Set it up again")
                .on_hover_text("Put the app back as the lesson starts it")
                .clicked()
            {
                self.setup = Some((
                    lesson.setup.clone(),
                    Some(crate::app::steps::guess::Fade::Every),
                ));
            }
            let file = self.active.map(|i| self.entries[i].file.clone());
            if let Some(file) = file
                && ui
                    .button("Copy link")
                    .on_hover_text(
                        "Copy a link that opens this lesson (its own list's, built in or read \
                         from the folder of whoever opens it)",
                    )
                    .clicked()
            {
                let link = crate::platform::page_address().unwrap_or_default()
                    + &crate::teach::link::lesson(&file);
                ui.ctx().copy_text(link.clone());
                self.copied = Some(link);
            }
        });
        if let Some(link) = &self.copied {
            ui.label(RichText::new(format!("Copied: {link}")).weak());
        }
        if self.active.is_none() {
            return;
        }
        ui.heading(&lesson.title);
        ui.label(RichText::new(lesson.setup.puzzle().title()).weak());
        ui.add_space(4.0);
        ui.label(RichText::new("What to try").strong());
        for (k, p) in lesson.try_this.iter().enumerate() {
            ui.label(format!("{}. {p}", k + 1));
        }
        ui.add_space(4.0);
        let (right, all) = self.progress();
        ui.label(RichText::new(format!("Questions: {right} of {all} answered right")).strong());
        let mut check = None;
        for (q, question) in lesson.questions.iter().enumerate() {
            ui.separator();
            ui.label(&question.ask);
            let g = &mut self.given[q];
            match &question.answer {
                Answer::Number(_) => {
                    ui.horizontal(|ui| {
                        let l = ui.label("Your answer");
                        let field = ui
                            .add(egui::TextEdit::singleline(&mut g.typed).desired_width(80.0))
                            .labelled_by(l.id);
                        let entered =
                            field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                        if ui.button("Check").clicked() || entered {
                            check = Some((q, g.typed.clone()));
                        }
                    });
                }
                Answer::Choice { options, .. } => {
                    for (k, o) in options.iter().enumerate() {
                        ui.radio_value(&mut g.chosen, Some(k), o);
                    }
                    let picked = g.chosen;
                    if ui
                        .add_enabled(picked.is_some(), egui::Button::new("Check"))
                        .on_disabled_hover_text("Pick an answer first")
                        .clicked()
                        && let Some(k) = picked
                    {
                        check = Some((q, k.to_string()));
                    }
                }
            }
            let choice = matches!(question.answer, Answer::Choice { .. });
            match g.verdict.get(&g.current(choice)) {
                Some(Ok(())) => outcome_label(ui, &format!("Right. {}", question.explain), true),
                Some(Err(why)) => outcome_label(ui, why, false),
                None => {}
            }
        }
        if let Some((q, given)) = check {
            self.check(q, &given);
        }
        if lesson.assignment.is_some() {
            ui.separator();
            self.assignment_ui(ui, &lesson);
        }
    }
}

/// A title cut to a button's length.
fn short(title: &str) -> String {
    const MAX: usize = 28;
    if title.chars().count() <= MAX {
        title.to_string()
    } else {
        let cut: String = title.chars().take(MAX - 1).collect();
        format!("{}…", cut.trim_end())
    }
}

#[cfg(test)]
mod tests;
