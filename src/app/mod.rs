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
mod layout;
pub mod lessons;
pub mod limits;
pub mod live_run;
pub mod magic;
pub mod microscope;
pub mod mode;
mod opening;
pub mod play;
pub mod played;
pub mod puzzles;
pub mod queens;
pub mod runs;
mod saved;
pub mod startup;
pub mod steps;
pub mod tab;
pub mod tabs;
pub mod view;
pub mod welcome;
pub mod widgets;

use crate::app::error::AppError;
use crate::run::file::RunFile;
use compare::{CompareSettings, CompareView};
use experiments::{ExperimentSettings, ExperimentsView};
use runs::{Dialog, DialogAction};
use serde::{Deserialize, Serialize};
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

/// The key of the saved state in eframe's storage.
const STATE_KEY: &str = "searchlab";
/// Bumped when the saved state changes shape; older states are ignored with a message.
const STATE_VERSION: u32 = 1;

/// What the app keeps between sessions (RON in eframe's storage): forms, tab, colours.
/// Each puzzle tab's form is saved under the puzzle's key (`knight: (…)`), as it always
/// was; `saved.rs` reads it back through the list of tabs.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedState {
    /// The state's shape; a state of another version is ignored, with a notice.
    pub version: u32,
    /// Each puzzle tab's form, in the order of the tabs (its default when the state has
    /// none).
    pub forms: Vec<Box<dyn tab::Form>>,
    /// The tab on show when the app was closed.
    pub tab: Tab,
    /// The Compare tab's form (its defaults when the state has none).
    pub compare: CompareSettings,
    /// The Experiments tab's form (its defaults when the state has none).
    pub experiments: ExperimentSettings,
    /// Colour-blind-safe colours (off when the state has none).
    pub colour_safe: bool,
    /// The welcome was shown and closed: it does not come up by itself again.
    pub welcomed: bool,
    /// The time each frame takes shown in the toolbar (off unless asked for, in the help).
    pub frame_time: bool,
    /// Each lesson's questions answered right, and in all, by file: the list shows them.
    pub lessons_answered: std::collections::BTreeMap<String, (usize, usize)>,
}

impl Default for SavedState {
    /// A first start: every form at its defaults.
    fn default() -> SavedState {
        SavedState {
            version: STATE_VERSION,
            forms: tabs::TABS.iter().map(|t| t.default_form()).collect(),
            tab: Tab::default(),
            compare: CompareSettings::default(),
            experiments: ExperimentSettings::default(),
            colour_safe: false,
            welcomed: false,
            frame_time: false,
            lessons_answered: Default::default(),
        }
    }
}

/// The tab on show: a puzzle's, or one of the two views shared by every puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    /// A puzzle's tab (the first puzzle's when nothing was saved).
    Puzzle(crate::run::PuzzleId),
    /// Several algorithms side by side on one instance.
    Compare,
    /// The bench experiments.
    Experiments,
}

impl Default for Tab {
    fn default() -> Tab {
        Tab::Puzzle(crate::run::PuzzleId::default())
    }
}

impl Tab {
    /// The name the saved state gives the tab: the puzzle's own name for a puzzle's tab
    /// (as the state has always saved it: `tab: Queens`).
    fn saved_name(self) -> &'static str {
        match self {
            Tab::Puzzle(p) => p.name(),
            Tab::Compare => "Compare",
            Tab::Experiments => "Experiments",
        }
    }

    /// Every tab, in the order of the tab strip.
    pub fn all() -> impl Iterator<Item = Tab> {
        (crate::run::PUZZLES.iter().copied().map(Tab::Puzzle))
            .chain([Tab::Compare, Tab::Experiments])
    }
}

impl Serialize for Tab {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let index = Tab::all().position(|t| t == *self).unwrap_or(0) as u32;
        serializer.serialize_unit_variant("Tab", index, self.saved_name())
    }
}

impl<'de> Deserialize<'de> for Tab {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Tab, D::Error> {
        use serde::de::{self, EnumAccess, VariantAccess};
        struct Named;
        impl<'de> de::Visitor<'de> for Named {
            type Value = Tab;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("the name of a tab")
            }
            fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Tab, A::Error> {
                let (Name(name), variant) = data.variant()?;
                variant.unit_variant()?;
                Tab::all()
                    .find(|t| t.saved_name() == name)
                    .ok_or_else(|| de::Error::custom(format!("no tab is named {name}")))
            }
        }
        /// A variant's name, read as the identifier it is.
        struct Name(String);
        impl<'de> Deserialize<'de> for Name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Name, D::Error> {
                struct Identifier;
                impl de::Visitor<'_> for Identifier {
                    type Value = Name;
                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        f.write_str("a tab's name")
                    }
                    fn visit_str<E: de::Error>(self, name: &str) -> Result<Name, E> {
                        Ok(Name(name.to_string()))
                    }
                }
                deserializer.deserialize_identifier(Identifier)
            }
        }
        deserializer.deserialize_enum("Tab", &[], Named)
    }
}

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
