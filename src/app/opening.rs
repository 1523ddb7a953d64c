//! What the app opens from outside: a link (the page's address, a paste, `searchlab
//! open`), a file handed in whole (the browser's picker, a drop on the window), and a
//! run file read from disk (Open run…).

use super::*;

impl SearchLabApp {
    /// Opens a link (a whole address, or the part from `#`): its tab set up as it says and
    /// a run started for the run mode, or its lesson; a link that cannot be opened is said
    /// why, and nothing changes.
    pub fn open_link(&mut self, ctx: &egui::Context, text: &str) {
        match crate::teach::link::read(text) {
            Err(why) => self.say(
                format!("This link could not be opened, so nothing was changed: {why}."),
                false,
            ),
            Ok(crate::teach::link::Place::Lesson(file)) => match self.lessons.start_file(&file) {
                Ok(()) => self.say(format!("Opened the lesson {file} from the link."), true),
                Err(why) => self.say(
                    format!("This link could not be opened, so nothing was changed: {why}."),
                    false,
                ),
            },
            Ok(crate::teach::link::Place::SetUp(setup)) => {
                let run = setup.mode() == crate::run::setup::LessonMode::Run;
                self.set_up_lesson(ctx, setup);
                let said = if run {
                    self.shown_mut().act(ctx, runs::Action::Run);
                    "Opened the link and ran its search (Esc stops it)."
                } else {
                    "Opened the link."
                };
                self.say(said.into(), true);
            }
        }
    }

    /// Opens a file handed in whole (picked in a browser, or dropped on the window): a
    /// lesson, or a run file, which runs again in its view with its seed; says what came
    /// of it.
    pub fn open_file(&mut self, ctx: &egui::Context, name: &str, bytes: &[u8]) {
        let opened = (|| -> Result<String, String> {
            if bytes.len() > MAX_PAGE_FILE_BYTES {
                return Err(format!(
                    "it holds {} bytes; a file picked or dropped opens up to {} MiB (the \
                     desktop app's Open run… reads run files of up to {} MiB)",
                    bytes.len(),
                    MAX_PAGE_FILE_BYTES >> 20,
                    crate::run::file::MAX_FILE_BYTES >> 20
                ));
            }
            let text = std::str::from_utf8(bytes)
                .map_err(|_| "it is not text: a run file or a lesson is RON text".to_string())?;
            // A lesson begins `Lesson(`, after any comment lines.
            let start = text.lines().map(str::trim_start);
            let mut start = start.filter(|l| !l.is_empty() && !l.starts_with("//"));
            if start.next().is_some_and(|l| l.starts_with("Lesson")) {
                self.lessons.open_text(name, text)?;
                return Ok(format!("Opened the lesson {name}."));
            }
            let file = RunFile::from_ron(text).map_err(|e| e.to_string())?;
            self.show_run_file(ctx, &file).map_err(|e| e.to_string())?;
            Ok(format!(
                "Opened the run {name}: it runs again with its seed, and the statistics say \
                 whether its answer is the saved one."
            ))
        })();
        match opened {
            Ok(said) => self.say(said, true),
            Err(why) => self.say(format!("{name} could not be opened: {why}."), false),
        }
    }

    /// A file dropped on the window (a run file or a lesson): read off the UI thread, then
    /// opened whole ([`Self::open_file`]).
    pub(super) fn dropped_files(&mut self, ctx: &egui::Context) {
        let dropped = ctx.input(|i| i.raw.dropped_files.clone());
        for file in dropped.iter().take(1) {
            // A file dropped over the welcome is where the user asked to go.
            self.welcome = false;
            let name = crate::files::download_name(file.path());
            let (handed, ctx) = (self.handed_file.clone(), ctx.clone());
            crate::platform::read_dropped(file, MAX_PAGE_FILE_BYTES, move |bytes| {
                if let Ok(mut h) = handed.lock() {
                    *h = Some((name, bytes));
                }
                ctx.request_repaint();
            });
        }
    }

    /// "Open run…" in a browser: its file picker, for run files and lessons.
    pub(super) fn pick_file(&mut self, ctx: &egui::Context) {
        let handed = self.handed_file.clone();
        let ctx = ctx.clone();
        let picked = crate::platform::pick_file(".ron", MAX_PAGE_FILE_BYTES, move |name, bytes| {
            if let Ok(mut h) = handed.lock() {
                *h = Some((name, bytes));
            }
            ctx.request_repaint();
        });
        if let Err(why) = picked {
            self.say(why, false);
        }
    }

    /// Opens a run file: shows its puzzle's view and runs it again there with the same
    /// seed; the statistics then say whether the answer is the saved one.
    pub fn open_run(
        &mut self,
        ctx: &egui::Context,
        path: &std::path::Path,
    ) -> Result<(), AppError> {
        let file = RunFile::load(path)?;
        self.show_run_file(ctx, &file)
    }

    /// Shows a run file read already: its puzzle's view runs it again with the same seed.
    fn show_run_file(&mut self, ctx: &egui::Context, file: &RunFile) -> Result<(), AppError> {
        file.check()?;
        let opened = self
            .views_mut()
            .into_iter()
            .find_map(|(tab, view)| view.open_run(ctx, file).map(|r| r.map(|()| tab)));
        self.tab =
            opened.unwrap_or_else(|| Err("no view of this app shows this kind of run".into()))?;
        self.notice = None;
        Ok(())
    }

    /// Shows the run file being read once it is in, or why it could not be opened.
    pub(super) fn read_run_file(&mut self, ctx: &egui::Context) {
        let Some(read) = self.reading.as_ref().and_then(runs::Reading::poll) else {
            return;
        };
        let path = self.reading.take().map(|r| r.path).unwrap_or_default();
        match read
            .map_err(AppError::from)
            .and_then(|file| self.show_run_file(ctx, &file))
        {
            Ok(()) => {
                self.dialog = None;
                self.dialog_error = None;
            }
            Err(e) => self.dialog_error = Some(format!("{}: {e}", path.display())),
        }
    }
}
