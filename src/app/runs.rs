//! Runs as files in the app: each view records its run's events, "Save run…" writes the
//! last run as RON, "Open run…" loads one, runs it again with the same seed in its view and
//! says whether the answer is the saved one. Also the keyboard help overlay.

use crate::run::file::RunFile;
use crate::run::{Event, Job, Report};
use egui::{RichText, Ui};
use std::path::{Path, PathBuf};

/// A replay under way or done: the saved run and, once the new run has ended, whether the
/// answers match.
pub struct Replay {
    /// The run file opened: the job run again and the report its answer is judged against.
    pub saved: RunFile,
    /// `Ok` with a sentence when the answers are the same, `Err` with what differs or why
    /// there is no verdict; `None` while the replay runs.
    pub verdict: Option<Result<String, String>>,
}

impl Replay {
    /// A replay of `saved` that has no verdict yet.
    pub fn new(saved: RunFile) -> Replay {
        Replay {
            saved,
            verdict: None,
        }
    }

    /// Compares the replay's report with the saved one.
    pub fn judge(&mut self, report: &Report) {
        self.verdict = Some(self.saved.compare(report));
    }

    /// The verdict as a line for the statistics panel.
    pub fn show(&self, ui: &mut Ui) {
        ui.separator();
        ui.label(RichText::new("Replay of a saved run").strong());
        ui.label(self.saved.title());
        match &self.verdict {
            None => {
                ui.label("running it again with the same seed…");
            }
            Some(Ok(same)) => {
                ui.label(RichText::new(format!("✔ {same}")).color(ok_color(ui)));
            }
            Some(Err(differs)) => {
                ui.label(RichText::new(format!("✖ {differs}")).color(ui.visuals().error_fg_color));
            }
        }
    }
}

fn ok_color(ui: &Ui) -> egui::Color32 {
    if ui.visuals().dark_mode {
        egui::Color32::from_rgb(120, 210, 120)
    } else {
        egui::Color32::from_rgb(20, 120, 20)
    }
}

/// Where run files go unless the user says otherwise: `$SEARCHLAB_RUNS`, else
/// `searchlab-runs` in the home folder, else in the current folder.
pub fn runs_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("SEARCHLAB_RUNS") {
        return PathBuf::from(dir);
    }
    std::env::home_dir().map_or_else(
        || PathBuf::from("searchlab-runs"),
        |h| h.join("searchlab-runs"),
    )
}

/// A file name for a run, from its title:
/// `knight-s-tour-backtrack-on-8x8-from-0-0-seed-1.ron`.
pub fn default_file_name(file: &RunFile) -> String {
    format!("{}.ron", super::export::slug(&file.title()))
}

/// The run files in `dir`, newest first (at most 200).
pub fn list_runs(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = entries
        .filter_map(std::result::Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .map(|p| {
            let t = std::fs::metadata(&p)
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            (t, p)
        })
        .collect();
    files.sort_by_key(|f| std::cmp::Reverse(f.0));
    files.into_iter().take(200).map(|(_, p)| p).collect()
}

/// What the file dialog is doing.
#[derive(Debug, Clone, PartialEq)]
pub enum Dialog {
    /// Choosing where to save the run on show.
    Save {
        /// The file's path as the field holds it; it starts as a name made from the run's
        /// title, in the runs folder.
        path: String,
    },
    /// Choosing a run file to open.
    Open {
        /// The file's path as the field holds it (or as picked in the list); it starts as
        /// the runs folder.
        path: String,
    },
}

/// What the user decided in the dialog this frame.
pub enum DialogAction {
    /// Nothing decided yet: the dialog stays open.
    None,
    /// Cancel, or the dialog was dismissed: it closes.
    Close,
    /// Save the run on show to this file.
    Save(PathBuf),
    /// Read this run file and run it again in its view.
    Open(PathBuf),
}

/// Draws the save or open dialog; `error` is the last attempt's failure, shown inline.
pub fn show_dialog(ctx: &egui::Context, dialog: &mut Dialog, error: Option<&str>) -> DialogAction {
    let mut action = DialogAction::None;
    let modal = egui::Modal::new(egui::Id::unique("run-file-dialog")).show(ctx, |ui| {
        ui.set_width(520.0);
        let (title, verb, path) = match dialog {
            Dialog::Save { path } => ("Save run", "Save", path),
            Dialog::Open { path } => ("Open run", "Open", path),
        };
        ui.heading(title);
        ui.label(RichText::new(match verb {
            "Save" => "The run (puzzle, instance, algorithm, parameters, seed, answer and every event) as a RON file.",
            _ => "A run file saved here or with `searchlab … --save FILE`. It runs again with the same seed, and the app says whether the answer is the same.",
        }));
        ui.horizontal(|ui| {
            let l = ui.label("File");
            let edit = ui
                .add(egui::TextEdit::singleline(path).desired_width(420.0))
                .labelled_by(l.id);
            if edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                action = decide(verb, path);
            }
        });
        if let Some(e) = error {
            ui.label(RichText::new(e).color(ui.visuals().error_fg_color));
        }
        if verb == "Open" {
            let dir = folder_of(Path::new(path.trim()));
            let files = list_runs(&dir);
            ui.label(RichText::new(format!("In {}:", dir.display())).weak());
            if files.is_empty() {
                ui.label(RichText::new("no run files here yet").italics());
            }
            egui::ScrollArea::vertical()
                .max_height(220.0)
                .show(ui, |ui| {
                    for f in files {
                        let name = f.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
                        let selected = Path::new(path.as_str()) == f;
                        let r = ui.selectable_label(selected, name);
                        if r.clicked() {
                            *path = f.display().to_string();
                        }
                        if r.double_clicked() {
                            action = DialogAction::Open(f.clone());
                        }
                    }
                });
        }
        ui.separator();
        ui.horizontal(|ui| {
            if ui.button(verb).clicked() {
                action = decide(verb, path);
            }
            if ui.button("Cancel").clicked() {
                action = DialogAction::Close;
            }
        });
    });
    if modal.should_close() && matches!(action, DialogAction::None) {
        action = DialogAction::Close;
    }
    action
}

/// The folder whose run files the Open dialog lists: `path` itself when it is a folder,
/// else its parent, else the default runs folder.
fn folder_of(path: &Path) -> PathBuf {
    if path.is_dir() {
        return path.to_path_buf();
    }
    path.parent()
        .filter(|p| p.is_dir())
        .map_or_else(runs_dir, Path::to_path_buf)
}

fn decide(verb: &str, path: &str) -> DialogAction {
    let p = PathBuf::from(path.trim());
    if verb == "Save" {
        DialogAction::Save(p)
    } else {
        DialogAction::Open(p)
    }
}

/// What a key asks of the view on show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// R: run.
    Run,
    /// Esc: stop.
    Stop,
    /// Space: pause or resume (the search, else the animation).
    Play,
    /// → (+1) and ← (−1).
    Step(isize),
}

/// The keys pressed this frame, in that order, consumed (so a focused button does not also
/// take them); none while a text field has the keyboard.
pub fn actions(ctx: &egui::Context) -> Vec<Action> {
    // A board with the keyboard takes the arrows for its cursor; the other keys act as
    // ever. Any other widget with the keyboard keeps them all.
    if super::widgets::cursor::keys_taken(ctx) {
        return Vec::new();
    }
    let board = super::widgets::cursor::board_has_keys(ctx);
    use egui::{Key, Modifiers};
    // B gives the board on show the keyboard.
    if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::B)) {
        super::widgets::cursor::want_keys(ctx);
    }
    [
        (Key::R, Action::Run),
        (Key::Escape, Action::Stop),
        (Key::Space, Action::Play),
        (Key::ArrowRight, Action::Step(1)),
        (Key::ArrowLeft, Action::Step(-1)),
    ]
    .into_iter()
    .filter(|(_, a)| !(board && matches!(a, Action::Step(_))))
    .filter(|(key, _)| ctx.input_mut(|i| i.consume_key(Modifiers::NONE, *key)))
    .map(|(_, a)| a)
    .collect()
}

/// The keys, for the help overlay and the tooltips.
pub const KEYS: &[(&str, &str)] = &[
    (
        "R",
        "run the chosen algorithm (in Compare every chosen one, in Experiments the experiment)",
    ),
    ("Esc", "stop the run (or close this window)"),
    (
        "Space",
        "pause or resume: the search while it runs, else the animation",
    ),
    (
        "→",
        "one step on: a paused search runs a little further, the animation one move",
    ),
    ("←", "one move back in the animation"),
    (
        "1 … 8",
        "playing a knight's tour: move to the ringed square with that number",
    ),
    ("← / →", "playing a knight's tour: undo / redo a move"),
    (
        "B, arrows, Enter",
        "B (or Tab) gives the board the keyboard: the arrows move a cursor that says what each square holds, Enter picks the square as a click would (a start, a move, an answer, a magic square's cell to swap), L locks a magic square's cell; Esc lets go",
    ),
    ("F1 or ?", "show or hide this help"),
    (
        crate::app::COPY_LINK_KEY,
        "copy a link to what the tab shows (Copy link), to paste anywhere; Ctrl+V in the window opens one",
    ),
    (
        "Ctrl+1 … Ctrl+5",
        "show the first … fifth tab (⌘ for Ctrl on a Mac)",
    ),
];

/// What each part of the app is for, for the help overlay: a name and a sentence.
pub const TOUR: &[(&str, &str)] = &[
    (
        "Run",
        "Pick a board (or n, or an order), an algorithm and its parameters on the left, and press ▶ Run: the search runs live, its figures on the right, its answer on the board, checked by the puzzle's rules.",
    ),
    (
        "Step by step",
        "Follows a classical search one decision at a time, forwards and back, with its pseudocode, its log of sentences and the tree it explored; the timeline's marks show where it took squares back or found a tour.",
    ),
    (
        "Your guess",
        "In step by step: the timeline stops before each decision and asks what the search will do; the answer comes from the search's own step, and the score counts your first tries.",
    ),
    (
        "Play yourself",
        "Solve the puzzle by hand. The hints are the solvers' own: Warnsdorff's choice, the tours (or solutions) that still go on from your position, counted exactly, and a proof when none does.",
    ),
    (
        "Counts and heat maps",
        "Count all tours (or solutions) exactly; from every square the board turns into a heat map with the count on each square.",
    ),
    (
        "GA microscope",
        "For the genetic algorithms: how one generation bred the next, a child's parents and the tournament that picked them, its crossover, mutations and repairs.",
    ),
    (
        "Compare",
        "Runs several algorithms on the same instance and seed, side by side, with one timeline, their curves and a table over many trials (CSV to save); or, with First difference, one search twice with one setting changed, shown from the step where the two part.",
    ),
    (
        "Experiments",
        "The source documents' tables and sweeps, run again here: levels and sizes, every start square, the N-Queens comparisons, the magic-square GA's variants.",
    ),
    (
        "Lessons",
        "Short guided lessons that set the app up, say what to try and ask questions it checks; a teacher can add their own in a folder.",
    ),
    (
        "Save run… and Open run…",
        "Keep a run as a file; opening it runs the same job with the same seed again and says whether the answer is the same. Export saves the board or a plot as a picture.",
    ),
];

/// The help overlay; returns false when the user closed it.
pub fn show_help(ctx: &egui::Context, frame_time: &mut bool) -> Help {
    let mut open = true;
    let mut welcome = false;
    let modal = egui::Modal::new(egui::Id::unique("help-overlay")).show(ctx, |ui| {
        ui.set_width(460.0);
        let tall = (ctx.content_rect().height() - 120.0).max(200.0);
        egui::ScrollArea::vertical().max_height(tall).show(ui, |ui| {
        ui.set_max_width(460.0);
        ui.heading("What you can do here");
        for (what, how) in TOUR {
            ui.add_space(2.0);
            ui.label(RichText::new(*what).strong());
            ui.add(egui::Label::new(*how).wrap());
        }
        ui.separator();
        ui.heading("Keyboard");
        egui::Grid::new("keys").num_columns(2).striped(true).max_col_width(330.0).show(ui, |ui| {
            for (key, what) in KEYS {
                ui.label(RichText::new(*key).monospace().strong());
                ui.add(egui::Label::new(*what).wrap());
                ui.end_row();
            }
        });
        ui.label(
            RichText::new("Keys act on the view on show and do nothing while a text field has the keyboard.")
                .weak(),
        );
        ui.separator();
        ui.heading("Mouse");
        ui.label("Click a square of the board to start there (with \"Play yourself\" on, click a ringed square to move the knight); hover one for what it holds (its figure, its degree, its move). Click an algorithm in a table of runs (N-Queens' Run all four, Compare's figures) to see its answer on the board. Drag the plots to pan, scroll to zoom, double-click to reset.");
        ui.separator();
        ui.heading("About");
        ui.label(format!(
            "SearchLab {}: watch and compare search algorithms on chessboard puzzles.",
            env!("CARGO_PKG_VERSION")
        ));
        ui.label(format!(
            "Licence: {}. The same solvers run from the command line: searchlab --help.",
            env!("CARGO_PKG_LICENSE")
        ));
        ui.label(
            "Screen readers: the desktop app hands its controls and texts to them; the browser \
             build does not (its web runner passes no accessibility tree on), so the desktop \
             app is the accessible one.",
        );
        ui.label(
            RichText::new(
                "The algorithms come from five teaching documents (the Cultural Algorithm guide, the Knight's Tour solver report, the magic-square GA notebook, the BFS/DFS search exercise and the N-Queens AI report); docs/SOURCES.md in the repository says what SearchLab takes from each.",
            )
            .weak(),
        );
        });
        ui.separator();
        ui.checkbox(frame_time, "Show how long each frame takes to draw (in the toolbar)")
            .on_hover_text("The app's own work for each picture it draws, averaged over the last ones: for checking its speed on this machine");
        ui.horizontal(|ui| {
            if ui.button("Close").clicked() {
                open = false;
            }
            if ui
                .button("Where to begin: the welcome's three ways in")
                .on_hover_text("Watch a search, guess its next step, or play the puzzle yourself")
                .clicked()
            {
                welcome = true;
            }
        });
    });
    match (welcome, open && !modal.should_close()) {
        (true, _) => Help::Welcome,
        (false, true) => Help::Open,
        (false, false) => Help::Closed,
    }
}

/// What came of a frame of the help.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Help {
    /// Still open.
    Open,
    /// Closed.
    Closed,
    /// Closed for the welcome.
    Welcome,
}

/// A view's record of its runs: the events of the one under way, the last one that ended
/// (what "Save run…" writes) and the replay being checked, if any.
#[derive(Default)]
pub struct Record {
    /// The job under way and its events so far.
    running: Option<(Job, Vec<Event>)>,
    /// The last run that ended with a report.
    pub last: Option<RunFile>,
    /// The saved run that the run under way (or the last) repeats, with its verdict; `None`
    /// when it repeats none.
    pub replay: Option<Replay>,
}

impl Record {
    /// A run of `job` starts; `replay` is the saved run it repeats, if it does.
    pub fn begin(&mut self, job: &Job, replay: Option<RunFile>) {
        self.running = Some((job.clone(), Vec::new()));
        self.last = None;
        self.replay = replay.map(Replay::new);
    }

    /// Keeps an event of the run under way (its end is kept as the report instead).
    pub fn note(&mut self, event: &Event) {
        if let Some((_, history)) = &mut self.running
            && !matches!(event, Event::Finished(_))
        {
            history.push(event.clone());
        }
    }

    /// The run ended: keep it, and judge the replay.
    pub fn end(&mut self, result: &Result<Report, crate::run::JobError>) {
        let running = self.running.take();
        match result {
            Ok(report) => {
                if let Some(r) = &mut self.replay
                    && r.verdict.is_none()
                {
                    r.judge(report);
                }
                self.last =
                    running.map(|(job, history)| RunFile::new(job, report.clone(), history));
            }
            Err(e) => {
                if let Some(r) = &mut self.replay {
                    r.verdict = Some(Err(format!("the replay did not run: {e}")));
                }
            }
        }
    }

    /// The user stopped the run, which goes on to its last report: a replay is not judged
    /// (its answer is of a search cut short).
    pub fn stopped_by_hand(&mut self) {
        if self.running.is_some()
            && let Some(r) = &mut self.replay
            && r.verdict.is_none()
        {
            r.verdict = Some(Err("the replay was stopped before it ended".into()));
        }
    }

    /// The run was stopped before it ended.
    pub fn cancelled(&mut self) {
        if self.running.take().is_some()
            && let Some(r) = &mut self.replay
            && r.verdict.is_none()
        {
            r.verdict = Some(Err("the replay was stopped before it ended".into()));
        }
    }
}

/// The `time_limit_s` a budget gives a view's form.
pub fn seconds_of(budget: &crate::solve::Budget, default: f32) -> f32 {
    budget.time.map_or(default, |t| t.as_secs_f32())
}

/// A run file being read on a thread of its own: the window goes on while a large file is
/// read, and a file that could block never blocks it.
pub struct Reading {
    /// The file being read.
    pub path: PathBuf,
    rx: std::sync::mpsc::Receiver<Result<RunFile, crate::run::file::RunFileError>>,
}

impl Reading {
    /// Starts reading `path`; the window is repainted when it is in.
    pub fn start(ctx: &egui::Context, path: PathBuf) -> std::io::Result<Reading> {
        let (tx, rx) = std::sync::mpsc::channel();
        let (from, repaint) = (path.clone(), ctx.clone());
        std::thread::Builder::new()
            .name("open run".into())
            .spawn(move || {
                let _ = tx.send(RunFile::load(&from));
                repaint.request_repaint();
            })?;
        Ok(Reading { path, rx })
    }

    /// The file, or why it could not be read, once in.
    pub fn poll(&self) -> Option<Result<RunFile, crate::run::file::RunFileError>> {
        match self.rx.try_recv() {
            Ok(read) => Some(read),
            Err(std::sync::mpsc::TryRecvError::Empty) => None,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => Some(Err(
                crate::run::file::RunFileError::Io("the file could not be read".into()),
            )),
        }
    }
}
