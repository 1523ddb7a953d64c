//! The desktop app (eframe/egui). The UI thread only draws and reads events; every solver
//! runs on a worker thread through `run::Run`.

pub mod background;
pub mod browser;
pub mod compare;
pub mod derived;
pub mod error;
pub mod experiments;
pub mod export;
mod export_menu;
mod hand_in;
pub mod history;
pub mod knight;
pub mod lessons;
pub mod limits;
pub mod live_run;
pub mod magic;
pub mod microscope;
pub mod mode;
pub mod play;
pub mod played;
pub mod puzzles;
pub mod queens;
pub mod runs;
mod saved;
use saved::{STATE_KEY, STATE_VERSION};
pub use saved::{SavedState, Tab};
pub mod startup;
pub mod steps;
pub mod tab;
pub mod tabs;
pub mod view;
pub mod welcome;
pub mod widgets;

use crate::app::error::AppError;
use crate::run::file::RunFile;
use compare::CompareView;
use experiments::ExperimentsView;
use runs::{Dialog, DialogAction};
use std::path::PathBuf;
pub use view::View;

/// The keys that, with Ctrl (⌘ on a Mac), show the tabs in their order.
const TAB_KEYS: [egui::Key; 9] = [
    egui::Key::Num1,
    egui::Key::Num2,
    egui::Key::Num3,
    egui::Key::Num4,
    egui::Key::Num5,
    egui::Key::Num6,
    egui::Key::Num7,
    egui::Key::Num8,
    egui::Key::Num9,
];

/// The narrowest window that shows an open lesson in a panel of its own; narrower, it
/// floats in a window.
const LESSON_BESIDE: f32 = 1200.0;

/// Below this width the statistics stand under the controls instead of in a panel of
/// their own, so that the board keeps its room (at 800 × 600 about 440 points a side).
const STATS_BESIDE: f32 = 1000.0;

/// With a lesson beside them, the statistics keep a panel of their own only from this
/// width: at 1280 the lesson, the controls and the statistics side by side would leave
/// the board under 400 points.
const STATS_BESIDE_A_LESSON: f32 = 1600.0;

/// The narrowest window whose top bar holds the tabs and the toolbar in one row.
const ONE_ROW_TOP_BAR: f32 = 1100.0;

/// The whole app: the tabs' views, the tab on show, and what they share (notices,
/// lessons, keyboard help, the save and open dialogs, frame times).
pub struct SearchLabApp {
    /// The puzzles' tabs, in the order of their tabs (Ctrl+1 …), made from the list of
    /// tabs (`tabs::TABS`).
    pub puzzles: Vec<Box<dyn tab::PuzzleView>>,
    /// The Compare tab: several algorithms side by side on one instance.
    pub compare: CompareView,
    /// The Experiments tab: the bench experiments, with tables and charts.
    pub experiments: ExperimentsView,
    /// The tab on show; saved between sessions.
    pub tab: Tab,
    /// Timings are hidden in every view, for reproducible pictures of the window.
    pub hide_timings: bool,
    /// Colour-blind-safe colours (`widgets::legend::safe`); saved between sessions.
    pub colour_safe: bool,
    /// The fonts have their fallback for arrows (set on the first frame).
    fonts_ready: bool,
    /// Said once at start-up when the saved state could not be used, or after a run file
    /// was saved or could not be opened.
    pub notice: Option<String>,
    /// The notice says something went as asked (a file saved), not a warning.
    pub notice_ok: bool,
    /// The tab the notice was made on, where alone it is shown (`None`: a start-up notice,
    /// shown on every tab).
    notice_tab: Option<Tab>,
    /// What was said at start-up (the browser's Pause and Stop; a saved state refused or
    /// repaired): on every tab, on a line of its own until dismissed, never appended to
    /// another notice.
    pub startup_notice: Option<String>,
    /// The keyboard help overlay is open (F1 or ?).
    pub help: bool,
    /// The welcome is on show: on the first start, or brought back from the help.
    pub welcome: bool,
    /// The welcome was closed once; saved between sessions.
    welcomed: bool,
    /// The time each frame takes is shown in the toolbar; saved between sessions.
    pub frame_time: bool,
    /// The Lessons window and the lessons it offers.
    pub lessons: lessons::Lessons,
    /// The save or open dialog, and why its last attempt failed.
    pub dialog: Option<Dialog>,
    dialog_error: Option<String>,
    /// A run file being read off the UI thread (a large one takes seconds), and where.
    reading: Option<runs::Reading>,
    /// Where saved runs and exports go by default (`$SEARCHLAB_RUNS`, else
    /// `~/searchlab-runs`).
    pub files_dir: PathBuf,
    /// What the views offered for export last frame, and how the last PNG export went.
    regions: Vec<(String, egui::Rect)>,
    export_result: export::ExportResult,
    /// Recent frame times (CPU seconds per frame, from eframe), for the status bar.
    frame_times: egui::util::History<f32>,
    /// With `SEARCHLAB_FRAME_STATS=1`: frame times since the last report on standard error.
    /// The app then repaints continuously, so frames per second is the rate the whole
    /// pipeline (UI, tessellation, rendering, buffer swap) sustains, not the event rate.
    frame_log: Option<(crate::platform::time::Instant, Vec<f32>)>,
    /// Time spent building the UI (our code and egui's layout), per frame, for the same log.
    ui_times: Vec<f32>,
    /// A link to open at the next frame: given at start-up (`searchlab open LINK`, the
    /// page's address) or when the page's address changed.
    pub pending_link: Option<String>,
    /// A file handed in (picked in a browser, or dropped on the window): its name and
    /// bytes, to open at the next frame.
    handed_file: HandedFile,
}

/// A file handed in from outside the frame (the browser's file picker, a drop): its name,
/// and its bytes or why they could not be read.
pub type HandedFile = std::sync::Arc<std::sync::Mutex<Option<(String, Result<Vec<u8>, String>)>>>;

use crate::teach::link::MAX_PAGE_FILE_BYTES;

impl SearchLabApp {
    /// The app as eframe starts it, from the state eframe saved last time (see
    /// [`SearchLabApp::from_saved`]).
    pub fn new(cc: &eframe::CreationContext<'_>) -> SearchLabApp {
        let saved = cc.storage.and_then(|s| s.get_string(STATE_KEY));
        // The theme preference (dark, light or the system's) lives in egui's own saved
        // memory, with the zoom.
        let mut app = SearchLabApp::from_saved(saved.as_deref());
        // The first start welcomes (unless it opens a link or a file: see `run_with` and
        // the browser's start).
        app.welcome = !app.welcomed;
        app
    }

    /// The app as a saved state (RON text) describes it; a corrupt or old state gives the
    /// defaults and a notice.
    pub fn from_saved(text: Option<&str>) -> SearchLabApp {
        let (state, notice) = match text.map(ron::from_str::<SavedState>) {
            None => (None, None),
            Some(Ok(s)) if s.version == STATE_VERSION => (Some(s), None),
            Some(Ok(s)) => (
                None,
                Some(format!(
                    "Saved settings from another version ({}) were ignored.",
                    s.version
                )),
            ),
            Some(Err(e)) => (
                None,
                Some(format!(
                    "Saved settings could not be read and were ignored ({e})."
                )),
            ),
        };
        let state = state.unwrap_or_default();
        let mut lessons = lessons::Lessons::default();
        lessons.keep_answered(state.lessons_answered);
        SearchLabApp {
            puzzles: (tabs::TABS.iter().zip(&state.forms))
                .map(|(t, form)| t.tab(&**form))
                .collect(),
            compare: CompareView::new(state.compare),
            experiments: ExperimentsView::new(state.experiments),
            tab: state.tab,
            hide_timings: false,
            colour_safe: state.colour_safe,
            fonts_ready: false,
            notice,
            notice_ok: false,
            notice_tab: None,
            startup_notice: None,
            help: false,
            welcome: false,
            welcomed: state.welcomed,
            frame_time: state.frame_time,
            lessons,
            dialog: None,
            dialog_error: None,
            reading: None,
            files_dir: runs::runs_dir(),
            regions: Vec::new(),
            export_result: Default::default(),
            frame_times: egui::util::History::new(0..120, 2.0),
            frame_log: std::env::var_os("SEARCHLAB_FRAME_STATS")
                .map(|_| (crate::platform::time::Instant::now(), Vec::new())),
            ui_times: Vec::new(),
            pending_link: None,
            handed_file: HandedFile::default(),
        }
    }

    /// What the app saves between sessions ([`SavedState`]).
    pub fn saved_state(&self) -> SavedState {
        SavedState {
            version: STATE_VERSION,
            forms: self.puzzles.iter().map(|p| p.form()).collect(),
            tab: self.tab,
            compare: self.compare.settings.clone(),
            experiments: self.experiments.settings.clone(),
            colour_safe: self.colour_safe,
            welcomed: self.welcomed,
            frame_time: self.frame_time,
            lessons_answered: self.lessons.answered().clone(),
        }
    }

    /// Hides or shows every view's timings.
    pub fn set_hide_timings(&mut self, hide: bool) {
        self.hide_timings = hide;
    }

    /// Every view, in the order of their tabs: the puzzles', Compare, Experiments.
    pub fn views(&self) -> Vec<(Tab, &dyn View)> {
        let puzzles = self.puzzles.iter().map(|p| p.as_ref() as &dyn View);
        let shared: [&dyn View; 2] = [&self.compare, &self.experiments];
        (puzzles.chain(shared)).map(|v| (v.tab(), v)).collect()
    }

    /// Every view, to change.
    pub fn views_mut(&mut self) -> Vec<(Tab, &mut dyn View)> {
        let puzzles = self.puzzles.iter_mut().map(|p| p.as_mut() as &mut dyn View);
        let shared: [&mut dyn View; 2] = [&mut self.compare, &mut self.experiments];
        (puzzles.chain(shared)).map(|v| (v.tab(), v)).collect()
    }

    /// The tab of the puzzle whose tab part is `P` (`None`: no such tab).
    pub fn tab_of<P: tab::TabPuzzle>(&self) -> Option<&tab::PuzzleTab<P>> {
        (self.puzzles.iter()).find_map(|p| p.as_any().downcast_ref())
    }

    /// The same, to change it.
    pub fn tab_of_mut<P: tab::TabPuzzle>(&mut self) -> Option<&mut tab::PuzzleTab<P>> {
        (self.puzzles.iter_mut()).find_map(|p| p.as_any_mut().downcast_mut())
    }

    /// The view on show.
    fn shown(&self) -> &dyn View {
        let tab = self.tab;
        self.views()
            .into_iter()
            .find(|(t, _)| *t == tab)
            .map(|(_, v)| v)
            .expect("every tab has a view")
    }

    /// The view on show, to change.
    fn shown_mut(&mut self) -> &mut dyn View {
        let tab = self.tab;
        self.views_mut()
            .into_iter()
            .find(|(t, _)| *t == tab)
            .map(|(_, v)| v)
            .expect("every tab has a view")
    }

    /// Whether any view has work under way.
    pub fn is_running(&self) -> bool {
        self.reading.is_some() || self.views().iter().any(|(_, v)| v.is_running())
    }

    /// Reads every view's background work, on show or not, before anything is drawn: a
    /// run started in a view out of sight finishes (and "Run all four" goes on).
    pub fn logic(&mut self, ctx: &egui::Context) {
        // Where files go, for the views that save some themselves (an animation).
        ctx.data_mut(|d| d.insert_temp(files_dir_id(), self.files_dir.clone()));
        widgets::legend::set_safe(ctx, self.colour_safe);
        if !self.fonts_ready {
            set_look(ctx);
            self.fonts_ready = true;
        }
        crate::app::widgets::figures::set_timings_hidden(ctx, self.hide_timings);
        // A lesson's link waits for the lessons folder to be read (it may name one of its
        // lessons).
        let reading = self.lessons.poll();
        if let Some(link) = self.pending_link.take() {
            if reading && link.contains("lesson?") {
                self.pending_link = Some(link);
                ctx.request_repaint_after(std::time::Duration::from_millis(50));
            } else {
                self.open_link(ctx, &link);
            }
        }
        let handed = self.handed_file.lock().ok().and_then(|mut h| h.take());
        match handed {
            Some((name, Ok(bytes))) => self.open_file(ctx, &name, &bytes),
            Some((name, Err(why))) => {
                self.say(format!("{name} could not be opened: {why}."), false);
            }
            None => {}
        }
        let mut played = None;
        for (_, view) in self.views_mut() {
            view.logic(ctx);
            played = played.or_else(|| view.take_played());
        }
        if let Some(p) = played {
            self.compare.add_played(p);
            self.tab = Tab::Compare;
        }
    }

    /// Opens `opening` at the first frame: a link, or a file handed in at start-up.
    pub fn open_at_start(&mut self, opening: Opening) {
        match opening {
            Opening::Link(link) => self.pending_link = Some(link),
            Opening::File(name, bytes) => {
                if let Ok(mut handed) = self.handed_file.lock() {
                    *handed = Some((name, bytes));
                }
            }
        }
    }

    /// Says `text` on the tab on show (`ok`: as something done, not a warning): an export's
    /// word about a table is not shown under another tab's form.
    pub fn say(&mut self, text: String, ok: bool) {
        self.notice = Some(text);
        self.notice_ok = ok;
        self.notice_tab = Some(self.tab);
    }

    /// The app's frames a second over the last two seconds (it draws only when something
    /// changed).
    pub fn frame_rate(&self) -> Option<f32> {
        self.frame_times.rate()
    }

    /// Mean CPU time per frame over the last frames, in milliseconds.
    pub fn mean_frame_ms(&self) -> Option<f32> {
        self.frame_times.average().map(|s| 1e3 * s)
    }

    /// The view on show's record of runs (the puzzle views keep one).
    fn record(&self) -> Option<&runs::Record> {
        self.shown().record()
    }

    /// Saves the last run of the view on show to `path`.
    pub fn save_run(&mut self, path: &std::path::Path) -> Result<(), AppError> {
        let file = self
            .record()
            .and_then(|r| r.last.as_ref())
            .ok_or("there is no finished run in this view to save")?;
        export::prepare_file(path)?;
        file.save(path)?;
        self.say(
            format!("Saved the run to {}", crate::files::written_to(path)),
            true,
        );
        Ok(())
    }

    /// The parameter values the puzzle tab of `puzzle` holds, as its forms keep them
    /// (`algorithm.name` → value), the N-Queens heuristic included.
    fn tab_values(
        &self,
        puzzle: crate::run::PuzzleId,
    ) -> std::collections::BTreeMap<String, String> {
        (self.views().into_iter())
            .find(|(_, view)| view.puzzle() == Some(puzzle))
            .map(|(_, view)| view.param_values())
            .unwrap_or_default()
    }

    /// The keys every view shares: F1 or ? for help; a dialog or the help takes the keys
    /// while open.
    fn global_keys(&mut self, ctx: &egui::Context) {
        let typing = widgets::cursor::keys_taken(ctx);
        let help_key = ctx.input_mut(|i| {
            i.consume_key(egui::Modifiers::NONE, egui::Key::F1)
                || (!typing && i.key_pressed(egui::Key::Questionmark))
        });
        // The welcome takes the keys while it shows (its own way to the help).
        if help_key && self.dialog.is_none() && !self.welcome {
            self.help = !self.help;
        }
        // Ctrl+Shift+L (⌘⇧L): "Copy link", also from the board or a text field.
        let link_key = ctx.input_mut(|i| {
            i.consume_key(
                egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
                egui::Key::L,
            )
        });
        if link_key && self.dialog.is_none() {
            let link = self.shown_mut().link();
            self.copy_link(ctx, link);
        }
        // Ctrl+1 … Ctrl+5 (⌘ on a Mac): the tabs in their order, also from a text field.
        if self.dialog.is_none() {
            let chosen = ctx.input_mut(|i| {
                (TAB_KEYS
                    .iter()
                    .zip(self.views().into_iter().map(|(t, _)| t)))
                .find(|(key, _)| i.consume_key(egui::Modifiers::COMMAND, **key))
                .map(|(_, tab)| tab)
            });
            if let Some(tab) = chosen {
                self.tab = tab;
            }
        }
    }

    fn dialogs(&mut self, ctx: &egui::Context) {
        if self.help {
            match runs::show_help(ctx, &mut self.frame_time) {
                runs::Help::Open => {}
                runs::Help::Closed => self.help = false,
                runs::Help::Welcome => (self.help, self.welcome) = (false, true),
            }
        }
        if self.welcome && self.dialog.is_none() {
            self.welcome_frame(ctx);
        }
        let Some(dialog) = &mut self.dialog else {
            return;
        };
        match runs::show_dialog(ctx, dialog, self.dialog_error.as_deref()) {
            DialogAction::None => {}
            DialogAction::Close => {
                self.dialog = None;
                self.dialog_error = None;
                self.reading = None;
            }
            DialogAction::Save(path) => match self.save_run(&path) {
                Ok(()) => {
                    self.dialog = None;
                    self.dialog_error = None;
                }
                Err(e) => self.dialog_error = Some(e.to_string()),
            },
            DialogAction::Open(path) if self.reading.is_none() => {
                match runs::Reading::start(ctx, path.clone()) {
                    Ok(reading) => {
                        self.dialog_error = Some(format!("Reading {}…", path.display()));
                        self.reading = Some(reading);
                    }
                    Err(e) => self.dialog_error = Some(format!("cannot read the file: {e}")),
                }
            }
            DialogAction::Open(_) => {}
        }
        self.read_run_file(ctx);
    }

    /// The plot data of the view on show as CSV, if it has any.
    pub fn plot_csv(&self) -> Option<String> {
        self.shown().plot_csv()
    }

    /// The regions the view on show offers as PNG (drawn last frame).
    pub fn export_regions(&self) -> &[(String, egui::Rect)] {
        &self.regions
    }

    /// Sets the app up as a lesson asks: its tab, instance, algorithm and mode. The view of
    /// the set-up's puzzle takes it and its tab is shown.
    pub fn set_up_lesson(&mut self, ctx: &egui::Context, setup: crate::run::setup::Setup) {
        let taken = (self.views_mut().into_iter())
            .find_map(|(tab, view)| view.set_up_lesson(ctx, &setup).then_some(tab));
        if let Some(tab) = taken {
            self.tab = tab;
        }
    }
}

// What the app opens from outside: a link (the page's address, a paste, `searchlab open`),
// a file handed in whole (the browser's picker, a drop on the window), and a run file read
// from disk (Open run…).
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

// The app's window: the tab strip, the toolbar, and the panels each view fills (controls,
// statistics, the main area, a lesson beside them), laid out for the window's size.
/// The key of "Copy link", as the help and the button's hover name it.
pub const COPY_LINK_KEY: &str = "Ctrl+Shift+L";

impl SearchLabApp {
    /// The app's name and a tab per view (⏳ on one whose work is under way).
    fn tab_strip(&mut self, ui: &mut egui::Ui) {
        ui.heading("SearchLab");
        ui.separator();
        let tabs: Vec<_> = (self.views().into_iter())
            .map(|(tab, v)| (tab, v.name(), v.is_running()))
            .collect();
        for ((tab, name, busy), key) in tabs.into_iter().zip(TAB_KEYS) {
            let label = if busy {
                format!("{name} ⏳")
            } else {
                name.to_string()
            };
            let shortcut = ui
                .ctx()
                .format_shortcut(&egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, key));
            ui.selectable_value(&mut self.tab, tab, label)
                .on_hover_text(format!(
                    "Show the {name} view ({shortcut}); a run elsewhere goes on"
                ));
        }
    }

    /// Theme, help, lessons, export, open and save, right-aligned, and the frame time.
    fn toolbar(&mut self, ui: &mut egui::Ui) {
        egui::widgets::global_theme_preference_buttons(ui);
        let on = self.colour_safe;
        ui.toggle_value(&mut self.colour_safe, "◑")
            .on_hover_text("Colour-blind-safe colours: heat maps in cividis (blue to yellow), the search tree's and the timeline's marks and the queens' attacks in the Okabe–Ito colours, dead ends hatched and solutions starred in the tree")
            .widget_info(|| {
                egui::WidgetInfo::selected(
                    egui::Role::Button,
                    true,
                    on,
                    "Colour-blind-safe colours",
                )
            });
        if ui
            .button("？ Help")
            .on_hover_text("Keyboard and mouse (F1 or ?)")
            .clicked()
        {
            self.help = true;
        }
        if ui
            .selectable_label(self.lessons.open, "Lessons")
            .on_hover_text("Short lessons: one click sets the app up, then what to try and questions the app checks")
            .clicked()
        {
            self.lessons.open = !self.lessons.open;
        }
        self.copy_link_button(ui);
        ui.menu_button("📷 Export", |ui| self.export_menu(ui))
            .response
            .on_hover_text("Save the board or a plot as PNG, or the plot data as CSV");
        let hover = if crate::platform::DESKTOP {
            "Open a saved run and run it again with the same seed (or drop a run file on the \
             window)"
        } else {
            "Open a saved run (it runs again with the same seed) or a lesson file, from this \
             computer; or drop one on the page"
        };
        if ui.button("📂 Open run…").on_hover_text(hover).clicked() {
            if crate::platform::DESKTOP {
                self.dialog = Some(Dialog::Open {
                    path: format!("{}/", self.files_dir.display()),
                });
                self.dialog_error = None;
            } else {
                self.pick_file(ui.ctx());
            }
        }
        let last = self.record().and_then(|r| r.last.as_ref());
        let save = ui
            .add_enabled(last.is_some(), egui::Button::new("💾 Save run…"))
            .on_hover_text("Save the last run of this view (job, seed, answer, events) as a file")
            .on_disabled_hover_text("Run something in this view first");
        if save.clicked()
            && let Some(file) = last
        {
            let path = self.files_dir.join(runs::default_file_name(file));
            if crate::platform::DESKTOP {
                self.dialog = Some(Dialog::Save {
                    path: path.display().to_string(),
                });
                self.dialog_error = None;
            } else if let Err(e) = self.save_run(&path) {
                self.say(format!("The run could not be saved: {e}"), false);
            }
        }
        if let Some(ms) = self
            .mean_frame_ms()
            .filter(|_| self.frame_time && !self.hide_timings)
        {
            ui.label(
                egui::RichText::new(format!("frame {ms:.2} ms"))
                    .small()
                    .weak(),
            )
            .on_hover_text(
                "The app's own work for each picture it draws, averaged over the last ones \
                 (under 16 ms keeps up with a 60 Hz screen); the first ones after start-up \
                 are slower, while fonts and textures are made.",
            );
        }
    }

    /// The whole window, given a `Ui` that covers it.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        self.regions = export::take_regions(ui.ctx());
        let finished = self.export_result.lock().ok().and_then(|mut r| r.take());
        if let Some(result) = finished {
            let ok = result.is_ok();
            self.say(
                match result {
                    Ok(m) => m,
                    Err(e) => format!("The PNG could not be saved: {e}"),
                },
                ok,
            );
        }
        self.global_keys(ui.ctx());
        if !self.help && self.dialog.is_none() {
            self.pasted_link(ui.ctx());
            self.dropped_files(ui.ctx());
        }
        if self.tab == Tab::Compare {
            self.compare.tab_values = self.tab_values(self.compare.settings.puzzle);
        }
        if !self.help && !self.welcome && self.dialog.is_none() {
            // Before any widget, so a key used here does not also press the focused button
            // (the welcome and the help take Esc to close).
            let ctx = ui.ctx().clone();
            for action in runs::actions(&ctx) {
                self.shown_mut().act(&ctx, action);
            }
        }
        self.top_bar(ui);
        // The side panels scroll what does not fit rather than grow with it: the board
        // between them keeps its size however long a figure or message gets.
        let width = ui.ctx().content_rect().width();
        // A lesson stands beside everything when the window is wide enough, else it floats.
        let lesson_beside = width >= LESSON_BESIDE;
        // On a narrow window, or beside a lesson, the statistics go under the controls.
        let stacked = width < STATS_BESIDE
            || (self.lessons.open && lesson_beside && width < STATS_BESIDE_A_LESSON);
        egui::Panel::left("controls")
            .frame(panel_frame(ui, false))
            .default_size(290.0)
            .show(ui, |ui| {
                on_panel(ui, |ui| {
                    fixed_width_scroll(ui, "controls-scroll").show(ui, |ui| {
                        if let Some(n) = &self.startup_notice {
                            ui.label(egui::RichText::new(n.as_str()).weak());
                            if ui.small_button("Got it").clicked() {
                                self.startup_notice = None;
                            }
                            ui.separator();
                        }
                        if let Some(n) = &self.notice
                            && self.notice_tab.is_none_or(|t| t == self.tab)
                        {
                            crate::app::widgets::figures::outcome_label(ui, n, self.notice_ok);
                            if ui.button("Dismiss").clicked() {
                                self.notice = None;
                            }
                            ui.separator();
                        }
                        if stacked && self.shown_mut().first_ui(ui) {
                            ui.separator();
                        }
                        // Too narrow for a lesson beside everything: it stands here, off
                        // the board (a floating window covered it on every tab).
                        if self.lessons.open && !lesson_beside {
                            self.docked_lesson(ui);
                            ui.separator();
                        }
                        self.shown_mut().controls(ui);
                        if stacked {
                            ui.separator();
                            self.statistics(ui);
                        }
                    })
                });
            });
        if self.lessons.open && lesson_beside {
            self.lesson_panel(ui);
        }
        // Wide enough at the start for a table of four runs beside the board (1280 wide:
        // the board is limited by the window's height, not by this panel).
        let stats_width = (width * 0.21).clamp(230.0, 320.0);
        if !stacked {
            egui::Panel::right("stats")
                .frame(panel_frame(ui, false))
                .default_size(stats_width)
                .show(ui, |ui| {
                    on_panel(ui, |ui| {
                        fixed_width_scroll(ui, "stats-scroll").show(ui, |ui| self.statistics(ui))
                    });
                });
        }
        let central = egui::CentralPanel::default()
            .frame(panel_frame(ui, true))
            .show(ui, |ui| on_panel(ui, |ui| self.shown_mut().main_ui(ui)));
        export::register(ui.ctx(), "view", central.response.rect);
        // An assignment's work is kept whether or not its panel is open.
        self.assignment_frame();
        if let Some((setup, fade)) = self.lessons.take_setup() {
            self.set_up_lesson(ui.ctx(), setup);
            if let Some(fade) = fade {
                self.shown_mut().set_fade(fade);
            }
        }
        self.dialogs(ui.ctx());
    }

    /// "Copy link": the place on show as a link, on the clipboard (disabled, with why, on
    /// a tab whose place a link cannot hold).
    fn copy_link_button(&mut self, ui: &mut egui::Ui) {
        let link = self.shown_mut().link();
        let hover = if crate::platform::DESKTOP {
            "Copy a link to what this tab shows (the puzzle, its settings, the seed and, step \
             by step, the step): paste it into SearchLab's window (Ctrl+V), `searchlab open`, \
             or after the address of SearchLab's web page"
        } else {
            "Copy a link to what this tab shows (the puzzle, its settings, the seed and, step \
             by step, the step): whoever opens it sees the same"
        };
        let button = ui
            .add_enabled(link.is_ok(), egui::Button::new("Copy link"))
            .on_hover_text(format!("{hover} ({COPY_LINK_KEY})"));
        let button = match &link {
            Err(why) => button.on_disabled_hover_text(why),
            Ok(_) => button,
        };
        if button.clicked() {
            self.copy_link(ui.ctx(), link);
        }
    }

    /// Puts `link` (the place on show's, or why there is none) on the clipboard and says
    /// so: "Copy link", or its key.
    pub(super) fn copy_link(&mut self, ctx: &egui::Context, link: Result<String, String>) {
        match link {
            Ok(fragment) => {
                let full = crate::platform::page_address().unwrap_or_default() + &fragment;
                ctx.copy_text(full.clone());
                self.say(format!("Copied the link: {full}"), true);
            }
            Err(why) => self.say(format!("No link to copy: {why}"), false),
        }
    }

    /// Opens a link pasted (Ctrl+V) while no text field has the keyboard (a field takes
    /// what is pasted into it).
    fn pasted_link(&mut self, ctx: &egui::Context) {
        if ctx.text_edit_focused() {
            return;
        }
        let pasted = ctx.input(|i| {
            i.events.iter().find_map(|e| match e {
                egui::Event::Paste(text) if crate::teach::link::looks_like_one(text) => {
                    Some(text.clone())
                }
                _ => None,
            })
        });
        if let Some(text) = pasted {
            // A link pasted over the welcome is where the user asked to go.
            self.welcome = false;
            self.open_link(ctx, &text);
        }
    }

    /// The tabs and the toolbar: one row when both fit; else the toolbar gets a row of its
    /// own, so that it never covers a tab.
    fn top_bar(&mut self, ui: &mut egui::Ui) {
        egui::Panel::top("top")
            .frame(panel_frame(ui, false))
            .show(ui, |ui| {
                on_panel(ui, |ui| {
                    let wide = ui.available_width() >= ONE_ROW_TOP_BAR;
                    ui.horizontal(|ui| {
                        self.tab_strip(ui);
                        if wide {
                            ui.with_layout(
                                egui::Layout::right_to_left(egui::Align::Center),
                                |ui| {
                                    self.toolbar(ui);
                                },
                            );
                        }
                    });
                    if !wide {
                        ui.horizontal(|ui| {
                            ui.with_layout(
                                egui::Layout::right_to_left(egui::Align::Center),
                                |ui| {
                                    self.toolbar(ui);
                                },
                            );
                        });
                    }
                });
            });
    }

    /// The lessons at the top of the form's panel, folded away with a click.
    fn docked_lesson(&mut self, ui: &mut egui::Ui) {
        let header = egui::CollapsingHeader::new(egui::RichText::new("Lessons").strong())
            .id_salt("docked-lessons")
            .default_open(true)
            .show(ui, |ui| {
                if ui
                    .button("Close the lessons")
                    .on_hover_text("The toolbar's Lessons opens them again")
                    .clicked()
                {
                    self.lessons.open = false;
                }
                self.lessons.ui(ui);
            });
        header
            .header_response
            .on_hover_text("Fold the lesson away to see the form");
    }

    /// The lessons, in a panel beside everything.
    fn lesson_panel(&mut self, ui: &mut egui::Ui) {
        egui::Panel::right("lessons")
            .frame(panel_frame(ui, false))
            .default_size(340.0)
            .show(ui, |ui| {
                on_panel(ui, |ui| {
                    ui.horizontal(|ui| {
                        ui.heading("Lessons");
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            if ui
                                .button("Close")
                                .on_hover_text(
                                    "Close the lessons (the toolbar's Lessons opens them again)",
                                )
                                .clicked()
                            {
                                self.lessons.open = false;
                            }
                        });
                    });
                    fixed_width_scroll(ui, "lessons-scroll").show(ui, |ui| self.lessons.ui(ui));
                });
            });
    }

    /// The statistics of the view on show, and the verdict of a replay.
    fn statistics(&mut self, ui: &mut egui::Ui) {
        ui.heading("Statistics");
        self.shown_mut().stats(ui);
        if let Some(replay) = self.record().and_then(|r| r.replay.as_ref()) {
            replay.show(ui);
        }
    }
}

/// A scroll area as wide as the panel it is in, whatever its content asks for: text wraps
/// at its width, and what cannot wrap (a long figure, a wide table) scrolls sideways under
/// a scroll bar that shows there is more.
fn fixed_width_scroll(ui: &mut egui::Ui, id: &str) -> egui::ScrollArea {
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    egui::ScrollArea::both()
        .id_salt(id)
        .auto_shrink([false, true])
}

/// A panel's frame. In a browser its fill is left to the page's clear colour, the same
/// colour (`SearchLabApp::clear_color`): a browser that draws with the CPU pays for every
/// pixel painted, and the panels' fills painted the whole page a second time each frame
/// (measured: a tour animating at 1920 x 1080 went from 23 to 37-41 frames a second with
/// SwiftShader).
fn panel_frame(ui: &egui::Ui, central: bool) -> egui::Frame {
    let frame = if central {
        egui::Frame::central_panel(ui.style())
    } else {
        egui::Frame::side_top_panel(ui.style())
    };
    if crate::platform::DESKTOP {
        frame
    } else {
        frame.fill(egui::Color32::TRANSPARENT)
    }
}

/// A panel's contents, which, in a browser, are told the panel's fill that its frame no
/// longer paints ([`panel_frame`]): what looks at the colour behind it (a scroll area's
/// fading edges) sees it.
fn on_panel<R>(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    if crate::platform::DESKTOP {
        return add(ui);
    }
    let fill = egui::Frame::NONE.fill(ui.visuals().panel_fill);
    let info = egui::UiStackInfo::default().with_frame(fill);
    ui.scope_builder(egui::UiBuilder::new().ui_stack_info(info), add)
        .inner
}

impl SearchLabApp {
    /// The welcome on show this frame; a door opens its place as a link does ("Watch a
    /// search" plays the trace from its first step).
    pub(super) fn welcome_frame(&mut self, ctx: &egui::Context) {
        let chosen = welcome::show(ctx);
        if chosen == welcome::Chosen::Nothing {
            return;
        }
        (self.welcome, self.welcomed) = (false, true);
        if let welcome::Chosen::Door(door) = chosen {
            self.open_link(ctx, door.link());
            if door == welcome::Door::Watch {
                self.shown_mut().play_when_ready();
            }
        }
    }

    /// The welcome, brought back (the help's button, tests).
    pub fn show_welcome(&mut self) {
        self.welcome = true;
    }
}

/// Where [`SearchLabApp::logic`] keeps the files folder in the context's data.
pub fn files_dir_id() -> egui::Id {
    egui::Id::unique("searchlab-files-dir")
}

impl eframe::App for SearchLabApp {
    /// The app itself, for the browser build's test hook (eframe's `WebRunner::app_mut`,
    /// which only the browser build has).
    #[cfg(target_arch = "wasm32")]
    fn as_any_mut(&mut self) -> Option<&mut dyn std::any::Any> {
        Some(self)
    }

    /// The panels' fill: in a browser the panels leave it to the clear colour.
    fn clear_color(&self, visuals: &egui::Visuals) -> [f32; 4] {
        visuals.panel_fill.to_normalized_gamma_f32()
    }

    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        SearchLabApp::logic(self, ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        let running = self.is_running();
        if let Some(cpu) = frame.info().cpu_usage {
            self.frame_times.add(ui.input(|i| i.time), cpu);
            if let Some((since, times)) = &mut self.frame_log {
                times.push(cpu);
                if since.elapsed().as_secs_f32() >= 2.0 {
                    let mean = 1e3 * times.iter().sum::<f32>() / times.len() as f32;
                    let max = 1e3 * times.iter().copied().fold(0.0, f32::max);
                    let ui_mean =
                        1e3 * self.ui_times.iter().sum::<f32>() / self.ui_times.len().max(1) as f32;
                    let ui_max = 1e3 * self.ui_times.iter().copied().fold(0.0, f32::max);
                    eprintln!(
                        "frame stats: {} frames in {:.1} s; whole frame (eframe cpu_usage) mean {mean:.2} ms, max {max:.2} ms; UI pass mean {ui_mean:.2} ms, max {ui_max:.2} ms; solver running: {}",
                        times.len(),
                        since.elapsed().as_secs_f32(),
                        running
                    );
                    *since = crate::platform::time::Instant::now();
                    times.clear();
                    self.ui_times.clear();
                }
            }
        }
        let t = crate::platform::time::Instant::now();
        self.show(ui);
        if self.frame_log.is_some() {
            self.ui_times.push(t.elapsed().as_secs_f32());
            ui.ctx().request_repaint();
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if let Ok(text) = ron::to_string(&self.saved_state()) {
            storage.set_string(STATE_KEY, text);
        }
    }
}

/// Opens the window and runs until it is closed.
#[cfg(not(target_arch = "wasm32"))]
pub fn run() -> eframe::Result {
    run_with(None)
}

use crate::teach::link::Opening;

/// Opens the app's window with `opening` open, when one is given (`searchlab open`).
#[cfg(not(target_arch = "wasm32"))]
pub fn run_with(opening: Option<Opening>) -> eframe::Result {
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("SearchLab")
        .with_app_id("searchlab")
        .with_inner_size([1280.0, 800.0])
        .with_min_inner_size([720.0, 480.0]);
    match startup::icon() {
        Ok(icon) => viewport = viewport.with_icon(icon),
        Err(e) => log::warn!("the app icon could not be read: {e}"),
    }
    let mut options = eframe::NativeOptions {
        viewport,
        ..Default::default()
    };
    let mut repaired = None;
    if let Some(dir) = eframe::storage_dir("SearchLab") {
        let state = dir.join("app.ron");
        let (elsewhere, refused) = startup::check_saved_state(&state);
        repaired = refused.or_else(|| startup::repair_saved_zoom(&state));
        options.persistence_path = elsewhere;
    }
    eframe::run_native(
        "SearchLab",
        options,
        Box::new(|cc| {
            let mut app = SearchLabApp::new(cc);
            // On a line of its own, so that a link or file opened at start keeps it.
            if repaired.is_some() {
                app.startup_notice = repaired;
            }
            if let Some(opening) = opening {
                // Opened at a link or a file: that is where the user asked to be (the
                // welcome waits for a start without one).
                app.welcome = false;
                app.open_at_start(opening);
            }
            Ok(Box::new(app))
        }),
    )
}

/// The fonts and styles every view is drawn with, set once on the context: a view shown
/// without the shell (a test of one tab) draws as it does in the app.
pub fn set_look(ctx: &egui::Context) {
    // The text font has no arrows (← →, used in tooltips and hints); the monospace
    // font has, so it stands behind the text font for what it lacks.
    let mut fonts = egui::FontDefinitions::default();
    if let Some(family) = fonts.families.get_mut(&egui::FontFamily::Proportional) {
        family.push("Hack".to_owned());
    }
    ctx.set_fonts(fonts);
    // In the light theme a text field is white and every inactive widget (fields,
    // buttons) has a grey edge, so that what can be typed in or pressed stands out
    // from the labels beside it (egui's own field is almost the panel's colour).
    ctx.style_mut_of(egui::Theme::Light, |style| {
        style.visuals.text_edit_bg_color = Some(egui::Color32::WHITE);
        style.visuals.widgets.inactive.bg_stroke =
            egui::Stroke::new(1.0, egui::Color32::from_gray(165));
    });
}
