//! The Knight's Tour view: choose a board, a start square and an algorithm, run it on a
//! worker thread, watch the search live, then watch the knight walk its tour.

mod buttons;
mod closed;
mod construction;
mod lens;
pub(crate) mod play;
mod play_text;
mod settings;
pub(crate) mod steps;
mod text;

use crate::app::error::AppError;
use crate::app::widgets::construction::StageKind;
use closed::{CONSTRUCT, ClosedBox};
use construction::Construction;
pub use play::KnightPlay;
pub use settings::{KnightSettings, is_other_task, task_name};
use settings::{OTHER_TASKS, Pick};
use steps::KnightSteps;

use super::live_run::Polled;
use super::runs::{Action, seconds_of};
use super::tab::{PuzzleTab, TabPuzzle, TabSettings};
use super::widgets::board::{BoardView, Heat, board as draw_board, short_count};
use super::widgets::number::{Typed, hold_note, whole};
use super::widgets::params::{param_form, set_params};
use crate::app::mode::Mode;
use crate::app::widgets::figures::{format_ms, outcome_label, stat_row};
use crate::puzzle::knight::{Board, Square};
use crate::run::PuzzleId;
use crate::run::catalog::{KNIGHT_ALGORITHMS, knight_figures};
use crate::run::file::RunFile;
use crate::run::knight::{CountReport, SearchReport, SolveReport};
use crate::run::{Algorithm, JobError, KnightJob, KnightReport, KnightTask, Report};
use crate::solve::{Budget, GenerationStats};
use egui::{RichText, Ui};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

const PRESETS: &[(u32, u32)] = &[(5, 5), (6, 6), (8, 8), (3, 4), (4, 5), (10, 10), (16, 16)];
pub use crate::app::limits::{INSTANT, MAX_SIDE};

/// The Knight tab, for the app's list of tabs (`app::tabs`), with its background work (and
/// Compare's on it).
pub const TAB: crate::app::tab::TabOf<KnightTab> = crate::app::tab::TabOf::new(&[
    crate::app::background::served::<crate::app::steps::TraceTask<crate::run::trace::KnightTraceJob>>(
    ),
    crate::app::background::served::<
        crate::app::compare::contrast::PairTask<crate::run::trace::KnightTraceJob>,
    >(),
    crate::app::background::served::<crate::app::knight::play::CountTask>(),
    crate::app::background::served::<crate::app::knight::play::FinishTask>(),
]);

/// The largest node limit the tree searches' field takes (the run refuses one whose
/// boards would not fit in memory, with the reason).
const MAX_SEARCH_NODES: u64 = 100_000_000;

/// How the last run ended.
enum Outcome {
    Solve(SolveReport),
    Count(CountReport),
    Search(SearchReport),
    Failed(String),
}

/// The Knight's Tour tab: the form, the run on show and its tour's animation, and the
/// other modes (the student's tour, the trace, the microscope).
pub type KnightView = PuzzleTab<KnightTab>;

/// The Knight's Tour part of its tab: the board's fields, the run on show with its tour's
/// animation and its construction, and the "Closed tour" box.
pub struct KnightTab {
    cols_text: Typed,
    rows_text: Typed,
    live_path: Vec<Square>,
    outcome: Option<Outcome>,
    /// The answer being animated and how much of it is shown.
    tour: Vec<Square>,
    shown: usize,
    playing: bool,
    carry: f32,
    /// The belief space's weights per square, drawn as a heat map.
    belief: Option<Vec<f64>>,
    board: Arc<Board>,
    /// How the tour on show was built, when its algorithm built it from pieces.
    construction: Option<Construction>,
    /// The "Closed tour" box and what it changed.
    closed_box: ClosedBox,
    /// The board drew the construction's tours last frame (its cells had room for them).
    construction_lines: bool,
}

impl KnightView {
    /// The tour on display, if the last run found one.
    pub fn displayed_tour(&self) -> Option<&[Square]> {
        match &self.own.outcome {
            Some(Outcome::Solve(r)) if r.found => Some(&self.own.tour),
            Some(Outcome::Search(r)) if r.found => Some(&self.own.tour),
            _ => None,
        }
    }

    /// How many squares of the tour are shown, and whether the animation is playing.
    pub fn animation(&self) -> (usize, bool) {
        (self.own.shown, self.own.playing)
    }

    /// Whether the construction of the tour is on show (else the knight's walk).
    pub fn showing_construction(&self) -> bool {
        self.own.construction.as_ref().is_some_and(|c| c.showing) && !self.live.is_running()
    }

    /// The construction's stage on show and how many stages it has, after a run that
    /// built its tour from pieces.
    pub fn construction_stage(&self) -> Option<(usize, usize)> {
        (self.own.construction.as_ref()).map(|c| (c.stage(), c.stages()))
    }

    /// The tours at the construction's stage on show (closed tours, or paths for open
    /// pieces), each as its squares in walking order.
    pub fn construction_tours(&self) -> Option<Vec<Vec<Square>>> {
        let c = self.own.construction.as_ref()?;
        Some(c.tours(&self.own.tour, self.board().len()))
    }

    /// Shows the first `moves` squares of the tour and pauses the animation there.
    pub fn show_moves(&mut self, moves: usize) {
        self.own.shown = moves.min(self.own.tour.len());
        self.own.playing = false;
    }

    /// The sentence that says how the last run ended.
    pub fn status_message(&self) -> Option<String> {
        Some(match self.own.outcome.as_ref()? {
            Outcome::Solve(r) => r.message.clone(),
            Outcome::Count(r) => r.message.clone(),
            Outcome::Search(r) => r.message.clone(),
            Outcome::Failed(m) => m.clone(),
        })
    }

    /// The board of the current size (its move table is built once per size, not per frame).
    fn board(&self) -> Arc<Board> {
        let b = &self.own.board;
        if (b.cols(), b.rows()) == (self.settings.cols, self.settings.rows) {
            b.clone()
        } else {
            // The settings were changed from outside the form (they are public).
            Arc::new(board_of(&self.settings))
        }
    }

    fn job(&self) -> KnightJob {
        let s = &self.settings;
        let task = s.algorithm.task(&s.params);
        let mut budget =
            Budget::unlimited().with_time(Duration::from_secs_f32(s.time_limit_s.max(0.1)));
        // Tree searches stop at the node limit of their field.
        if matches!(task, KnightTask::Search { .. }) {
            budget = budget.with_nodes(s.search_nodes.max(1));
        }
        KnightJob {
            cols: u64::from(s.cols),
            rows: u64::from(s.rows),
            start: Some(s.start),
            closed: s.closed,
            seed: s.seed,
            budget,
            task,
        }
    }

    /// Starts the chosen algorithm on a worker thread.
    pub fn start_run(&mut self, ctx: &egui::Context) {
        let job = self.job();
        self.launch(ctx, job, None);
    }

    /// Opens a saved run: its settings go into the form and its job runs again, exactly as
    /// saved; the statistics say whether the answer is the saved one.
    pub fn replay(&mut self, ctx: &egui::Context, file: RunFile) -> Result<(), AppError> {
        // A run stopped by its clock or by hand is replayed to the point it stopped at.
        let replayed = file.replay_job();
        let Ok(job) = <&KnightJob>::try_from(&replayed) else {
            return Err("not a knight's tour run".into());
        };
        let job = job.clone();
        if job.cols > u64::from(MAX_SIDE)
            || job.rows > u64::from(MAX_SIDE)
            || job.cols == 0
            || job.rows == 0
        {
            return Err(format!(
                "the app shows boards up to {MAX_SIDE}x{MAX_SIDE}; replay this one with `searchlab replay`"
            ).into());
        }
        self.set_size(job.cols as u32, job.rows as u32);
        self.settings.start = job.start.unwrap_or((0, 0));
        self.settings.closed = job.closed;
        self.settings.seed = job.seed;
        self.settings.time_limit_s = seconds_of(&job.budget, self.settings.time_limit_s);
        // A tree search's node limit goes back into its field.
        if matches!(job.task, KnightTask::Search { .. }) {
            self.settings.search_nodes = job
                .budget
                .nodes
                .unwrap_or(crate::run::knight::DEFAULT_SEARCH_NODES);
        }
        if let KnightTask::Solve {
            algorithm, params, ..
        } = &job.task
        {
            set_params(algorithm.id(), params, &mut self.settings.params);
        }
        if let Some(pick) = Pick::of(&job.task) {
            self.settings.algorithm = pick;
        }
        self.launch(ctx, job, Some(file));
        Ok(())
    }

    fn launch(&mut self, ctx: &egui::Context, job: KnightJob, replay: Option<RunFile>) {
        // A run started is a run shown (but an animation being recorded goes on).
        if !(self.steps.recording() && self.mode == Mode::Steps) {
            self.mode = Mode::Run;
        }
        self.own.tour.clear();
        self.own.construction = None;
        self.own.live_path.clear();
        self.own.shown = 0;
        self.own.belief = None;
        self.own.outcome = match self.live.start(ctx, job.into(), replay) {
            Ok(()) => None,
            Err(e) => Some(Outcome::Failed(e.to_string())),
        };
    }

    /// Cancels the computation (the worker stops within a few thousand nodes).
    pub fn stop(&mut self) {
        self.live.stop();
    }

    /// Stop: the run ends with its last word (see
    /// [`crate::app::live_run::LiveRun::cancel`]).
    fn stop_by_user(&mut self) {
        self.live.cancel();
    }

    /// Space: pauses or resumes the search while one runs, else the animation (of the
    /// construction, when it is on show).
    fn toggle_play(&mut self) {
        if self.live.is_running() {
            self.live.toggle_pause();
        } else if let Some(c) = self.own.construction.as_mut().filter(|c| c.showing) {
            c.toggle_play();
        } else if !self.own.tour.is_empty() {
            if self.own.shown >= self.own.tour.len() {
                self.own.shown = 1;
            }
            self.own.playing = !self.own.playing;
        }
    }

    /// → and ←: a paused search runs a little further; the animation moves by `by` moves
    /// (the construction by `by` stages, when it is on show).
    fn step_animation(&mut self, by: isize) {
        if self.live.is_running() {
            if by > 0 {
                self.live.step();
            }
        } else if let Some(c) = self.own.construction.as_mut().filter(|c| c.showing) {
            c.step(by);
        } else if !self.own.tour.is_empty() {
            self.own.playing = false;
            self.own.shown = (self.own.shown)
                .saturating_add_signed(by)
                .clamp(1, self.own.tour.len());
        }
    }

    /// The generations recorded for the fitness plot.
    pub fn history(&self) -> &[GenerationStats] {
        self.live.history.points()
    }

    fn reset(&mut self) {
        self.stop();
        self.live.clear();
        self.own.belief = None;
        self.own.outcome = None;
        self.own.construction = None;
        self.own.tour.clear();
        self.own.live_path.clear();
        self.own.shown = 0;
        self.own.playing = false;
    }

    fn finish(&mut self, result: Result<Report, JobError>) {
        self.own.outcome = Some(match result.map(KnightReport::try_from) {
            Ok(Ok(KnightReport::Solve(r))) => {
                self.live.counters = r.counters;
                self.live.elapsed_ms = r.elapsed_ms;
                self.own.tour.clone_from(&r.path);
                // A tour built from pieces shows how, first; its walk is a click away.
                self.own.construction = (r.construction.clone())
                    .filter(|p| r.found && !p.pieces.is_empty())
                    .map(Construction::new);
                Outcome::Solve(r)
            }
            Ok(Ok(KnightReport::Search(r))) => {
                self.live.elapsed_ms = r.elapsed_ms;
                self.live.counters = r.counters();
                self.own.tour.clone_from(&r.path);
                Outcome::Search(r)
            }
            Ok(Ok(KnightReport::Count(r))) => {
                self.live.elapsed_ms = r.elapsed_ms;
                self.live.counters = r.counters();
                self.own.tour.clear();
                Outcome::Count(r)
            }
            Ok(_) => Outcome::Failed("not a knight's tour report".into()),
            Err(e) => Outcome::Failed(e.to_string()),
        });
        self.own.live_path.clear();
        self.own.shown = if self.settings.speed >= INSTANT {
            self.own.tour.len()
        } else {
            1.min(self.own.tour.len())
        };
        self.own.playing = self.own.shown < self.own.tour.len() && self.own.construction.is_none();
        self.own.carry = 0.0;
    }

    fn animate(&mut self, ui: &Ui) {
        if self.live.is_running() {
            return;
        }
        if let Some(c) = self.own.construction.as_mut().filter(|c| c.showing) {
            let dt = ui.input(|i| i.stable_dt).min(0.1);
            if c.animate(dt) {
                ui.ctx().request_repaint();
            }
            return;
        }
        if !self.own.playing {
            return;
        }
        if self.settings.speed >= INSTANT {
            self.own.shown = self.own.tour.len();
        } else {
            let dt = ui.input(|i| i.stable_dt).min(0.1);
            self.own.carry += dt * self.settings.speed;
            let steps = self.own.carry.floor();
            self.own.carry -= steps;
            self.own.shown = (self.own.shown + steps as usize).min(self.own.tour.len());
        }
        if self.own.shown >= self.own.tour.len() {
            self.own.playing = false;
        } else {
            ui.ctx().request_repaint();
        }
    }

    fn set_size(&mut self, cols: u32, rows: u32) {
        if (cols, rows) == (self.settings.cols, self.settings.rows) {
            return;
        }
        self.reset();
        let old_rows = self.settings.rows;
        self.settings.cols = cols;
        self.settings.rows = rows;
        self.own.board = Arc::new(board_of(&self.settings));
        let (r, c) = self.settings.start;
        self.settings.start = (kept_row(r, old_rows, rows), c.min(cols - 1));
    }
}

/// The row (counted from the top) of the square that keeps its name, rank and file, when
/// a board of `old_rows` gets `rows`: ranks count from the bottom, so c3 stays c3 where
/// the row from the top would make it c15; a rank past the new board's top goes to it.
pub(super) fn kept_row(row: u32, old_rows: u32, rows: u32) -> u32 {
    let rank = old_rows.saturating_sub(row).max(1);
    rows.saturating_sub(rank.min(rows))
}

impl TabPuzzle for KnightTab {
    type Settings = KnightSettings;
    type Rules = play::KnightRules;
    type Steps = KnightSteps;
    const PUZZLE: PuzzleId = crate::run::knight::PUZZLE;
    const PLAY_HOVER: &'static str = "Move the knight yourself, with hints from the solvers";

    /// A board size out of range brings back every default; a start off the board becomes
    /// the top-left square, an unknown algorithm the default one.
    fn checked(mut settings: KnightSettings) -> KnightSettings {
        if settings.cols == 0
            || settings.rows == 0
            || settings.cols > MAX_SIDE
            || settings.rows > MAX_SIDE
        {
            settings = KnightSettings::default();
        }
        if settings.start.0 >= settings.rows || settings.start.1 >= settings.cols {
            settings.start = (0, 0);
        }
        settings
    }

    fn new(settings: &KnightSettings) -> KnightTab {
        KnightTab {
            cols_text: Typed::default(),
            rows_text: Typed::default(),
            live_path: Vec::new(),
            outcome: None,
            tour: Vec::new(),
            shown: 0,
            playing: false,
            carry: 0.0,
            belief: None,
            board: Arc::new(board_of(settings)),
            construction: None,
            closed_box: ClosedBox::default(),
            construction_lines: true,
        }
    }

    fn param_values(settings: &KnightSettings) -> BTreeMap<String, String> {
        settings.params.clone()
    }

    fn owns(file: &RunFile) -> bool {
        <&KnightJob>::try_from(&file.job).is_ok()
    }

    fn replay(tab: &mut KnightView, ctx: &egui::Context, file: RunFile) -> Result<(), AppError> {
        tab.replay(ctx, file)
    }

    fn board_text(tab: &mut KnightView) -> Option<String> {
        Some(tab.board_as_text())
    }

    fn move_list(tab: &KnightView) -> Option<(String, String)> {
        tab.tour_move_list()
    }

    /// The tour played by hand, when it is one.
    fn played(tab: &KnightView) -> Option<crate::app::played::Played> {
        let board = tab.board();
        let path = tab.play.path();
        if !tab.play.is_done(&board, tab.settings.closed) {
            return None;
        }
        let s = &tab.settings;
        Some(crate::app::played::Played {
            on: Arc::new(crate::app::puzzles::knight::KnightInstance {
                cols: u64::from(s.cols),
                rows: u64::from(s.rows),
                start: board.row_col(path[0]),
                closed: s.closed,
            }),
            answer: path.to_vec(),
        })
    }

    fn trace_stale(tab: &KnightView) -> bool {
        tab.steps
            .trace()
            .is_some_and(|t| Some(&t.job) != tab.trace_job().as_ref())
    }

    fn place(
        tab: &KnightView,
        choice: crate::run::setup::Choice,
    ) -> Box<dyn crate::run::setup::LessonSetUp> {
        let s = &tab.settings;
        let instance = crate::run::knight::setup::KnightSetUp {
            cols: s.cols,
            rows: s.rows,
            start: s.start,
            closed: s.closed,
            ..Default::default()
        };
        Box::new(instance.with(choice))
    }

    /// A lesson's board, start, kind of tour, algorithm and how the student meets it
    /// (running it, playing, stepping, guessing).
    fn set_up(tab: &mut KnightView, ctx: &egui::Context, setup: &crate::run::setup::Setup) -> bool {
        let Some(&crate::run::knight::setup::KnightSetUp {
            cols,
            rows,
            start,
            closed,
            ref algorithm,
            ref mode,
            step,
            ..
        }) = setup.get()
        else {
            return false;
        };
        tab.reset();
        tab.set_size(cols, rows);
        tab.settings.start = (start.0.min(rows - 1), start.1.min(cols - 1));
        tab.settings.closed = closed;
        if let Some(a) = algorithm {
            tab.settings.pick(a);
        }
        tab.hold = None;
        // A lesson begins its game afresh: no path, hint or last word from before.
        let (r, c) = tab.settings.start;
        tab.play.restart(tab.own.board.square(r, c));
        tab.mode = super::mode::Mode::of_lesson(*mode);
        let job = tab.trace_job();
        tab.steps.set_up(ctx, *mode, job, step);
        true
    }

    fn start_run(tab: &mut KnightView, ctx: &egui::Context) {
        tab.start_run(ctx);
    }

    fn stop_by_user(tab: &mut KnightView) {
        tab.stop_by_user();
    }

    /// Space pauses or resumes the search while it runs, else the animation; the arrows
    /// step the animation.
    fn run_key(tab: &mut KnightView, action: Action) {
        match action {
            Action::Play => tab.toggle_play(),
            Action::Step(by) => tab.step_animation(by),
            Action::Run | Action::Stop => {}
        }
    }

    /// The path so far, the belief space's weights, or the run's end.
    fn polled(tab: &mut KnightView, _ctx: &egui::Context, polled: Polled) {
        if let Some(path) = polled.snapshot {
            tab.own.live_path = path;
        }
        if let Some(w) = polled.belief {
            tab.own.belief = Some(w.iter().map(|&x| f64::from(x.clamp(0.0, 1.0))).collect());
        }
        if let Some(result) = polled.finished {
            tab.finish(result);
        }
    }

    /// The board's size, its presets, the start square and the "Closed tour" box.
    fn instance_form(tab: &mut KnightView, ui: &mut Ui) -> Option<AppError> {
        ui.heading("Board");
        let (cols, rows) = (tab.settings.cols, tab.settings.rows);
        let (c, r) = ui
            .horizontal(|ui| {
                let side = |name| whole(name, 1..=u64::from(MAX_SIDE));
                let c = (tab.own.cols_text).show(
                    ui,
                    "Columns",
                    &cols.to_string(),
                    40.0,
                    side("Columns"),
                );
                let r = (tab.own.rows_text).show(ui, "Rows", &rows.to_string(), 40.0, side("Rows"));
                (c, r)
            })
            .inner;
        if c.commit.is_some() || r.commit.is_some() {
            let side = |v: Option<u64>, old: u32| v.map_or(old, |v| v as u32);
            tab.set_size(side(c.commit, cols), side(r.commit, rows));
        }
        for h in [&c.hold, &r.hold].into_iter().flatten() {
            hold_note(ui, h);
        }
        let hold = c.hold.or(r.hold);
        ui.horizontal_wrapped(|ui| {
            for &(c, r) in PRESETS {
                if ui
                    .button(format!("{c}×{r}"))
                    .on_hover_text("Board preset: columns × rows")
                    .clicked()
                {
                    tab.set_size(c, r);
                }
            }
        });
        let board = tab.board();
        let (r, c) = tab.settings.start;
        ui.label(format!(
            "Start: {} ({r},{c}) — click a square to change it",
            board.name(board.square(r, c))
        ));
        tab.own.closed_box.show(ui, &mut tab.settings, &board);
        hold
    }

    /// The algorithms, then the other tasks (counting, the tree searches).
    fn picks() -> Vec<(&'static str, &'static str, &'static str)> {
        let algorithms = KNIGHT_ALGORITHMS.iter().map(|a| (a.id, a.name, a.summary));
        let tasks = OTHER_TASKS
            .iter()
            .map(|&(_, id, name, help)| (id, name, help));
        algorithms.chain(tasks).collect()
    }

    /// Play mode's controls.
    fn play_controls(tab: &mut KnightView, ui: &mut Ui) {
        let board = tab.board();
        let start = board.square(tab.settings.start.0, tab.settings.start.1);
        tab.play.controls_ui(ui, &board, start, tab.settings.closed);
    }

    /// What the closed-tour box changed, what the algorithm (or task) does, and its
    /// parameters (a tree search's node limit); `picked`: just picked.
    fn algorithm_form(tab: &mut KnightView, ui: &mut Ui, picked: bool) -> Option<AppError> {
        let mut hold = None;
        (tab.own.closed_box).note(ui, tab.settings.algorithm, picked);
        if let Some(algo) = tab.settings.algorithm.info() {
            ui.label(algo.summary);
            let params = param_form(ui, algo, &mut tab.settings.params, &[]);
            hold = params;
        } else if let Some((pick, _, _, help)) =
            OTHER_TASKS.iter().find(|t| t.0 == tab.settings.algorithm)
        {
            ui.label(*help);
            if matches!(pick, Pick::Tree(_)) {
                let limit = ui
                    .horizontal(|ui| {
                        crate::app::widgets::number::whole_number(
                            ui,
                            "Node limit",
                            &mut tab.settings.search_nodes,
                            1..=MAX_SEARCH_NODES,
                        )
                    })
                    .inner
                    .inspect_err(|e| hold_note(ui, e));
                ui.label(
                    RichText::new("The tree search stops after generating this many nodes; each holds a whole board, so memory grows with it.")
                        .weak(),
                );
                hold = limit.err();
            }
        }
        hold
    }

    /// The run buttons, step by step and the microscope.
    fn run_controls(tab: &mut KnightView, ui: &mut Ui) {
        tab.run_buttons(ui);
        tab.step_controls(ui);
        tab.microscope_controls(ui);
    }

    /// Counters and the outcome, live.
    fn stats(tab: &mut KnightView, ui: &mut Ui) {
        if tab.mode == Mode::Play {
            let board = tab.board();
            return tab.play.stats_ui(ui, &board, tab.settings.closed);
        }
        // A game put aside is kept: say so, and how to go back to it.
        let (r, c) = tab.settings.start;
        let start = tab.own.board.square(r, c);
        let played = tab.play.kept(&tab.own.board, start, tab.settings.closed);
        if played > 1 {
            ui.label(
                RichText::new(format!(
                    "Your game is kept ({played} of {} squares): tick \"Play yourself\" to go on with it.",
                    tab.own.board.len()
                ))
                .weak(),
            );
        }
        if tab.mode == Mode::Steps {
            return tab.steps.stats_ui(ui);
        }
        let c = &tab.live.counters;
        // The figures of the run on show (of the algorithm chosen, before any run).
        let shown = match tab.live.label.as_str() {
            "" => tab.settings.algorithm.id(),
            label => label,
        };
        egui::Grid::new("knight-stats")
            .num_columns(2)
            .show(ui, |ui| {
                for f in knight_figures(shown) {
                    stat_row(ui, f.label, f.help, f.value(c));
                }
                // A tree search's frontier at its largest: the memory it needed.
                if let Some(Outcome::Search(r)) = &tab.own.outcome {
                    stat_row(
                        ui,
                        "largest frontier",
                        "The most nodes waiting in the queue (breadth-first) or on the stack (depth-first) at once: breadth-first's grows with every level, depth-first's stays near the depth times the branching.",
                        crate::run::catalog::group_thousands(r.max_frontier),
                    );
                }
                ui.label("elapsed");
                ui.label(format_ms(ui.ctx(), tab.live.elapsed_ms));
                ui.end_row();
            });
        tab.live.status(ui, &task_name(&tab.live.label));
        // A count's run is labelled "count" whether from one square or every square.
        let chosen = tab.settings.algorithm;
        let counts = |id: &str| matches!(Pick::parse(id), Some(Pick::Count { .. }));
        if !(counts(&tab.live.label) && counts(chosen.id())) {
            tab.live
                .on_show(ui, &task_name(&tab.live.label), chosen.name());
        }
        if let Some(m) = tab.status_message() {
            let ok = matches!(&tab.own.outcome, Some(Outcome::Solve(r)) if r.found)
                || matches!(&tab.own.outcome, Some(Outcome::Search(r)) if r.found)
                || matches!(&tab.own.outcome, Some(Outcome::Count(r)) if r.complete);
            outcome_label(ui, &m, ok);
        }
        tab.fitness_plot(ui);
        if let Some(h) = &tab.hovered {
            ui.label(format!("square {h}"));
        }
        tab.construction_notes(ui);
    }

    /// The board, with the live search or the animated answer, the student's tour, the
    /// microscope or the trace, as the mode says.
    fn main_ui(tab: &mut KnightView, ui: &mut Ui) {
        let board = tab.board();
        let microscope = tab.microscope_on_show();
        match tab.mode {
            Mode::Play => {
                let (r, c) = tab.settings.start;
                let start = board.square(r, c);
                if let Some(sq) = tab.play.main_ui(ui, &board, start, tab.settings.closed) {
                    tab.reset();
                    tab.settings.start = board.row_col(sq);
                }
                return;
            }
            // The microscope of another algorithm's run is not shown: the run is.
            Mode::Microscope if microscope => return tab.microscope_ui(ui),
            Mode::Steps => {
                let now = tab.trace_job();
                return (tab.steps).main_ui(
                    ui,
                    now.as_ref(),
                    |ui, trace, state, pos, question, guessing| {
                        steps::draw(ui, trace, state, pos, question, guessing)
                    },
                );
            }
            Mode::Run | Mode::Microscope | Mode::Browser => {}
        }
        tab.run_board(ui, &board);
    }
}

fn board_of(settings: &KnightSettings) -> Board {
    Board::new(u64::from(settings.cols), u64::from(settings.rows))
        .expect("sizes are checked before they are applied")
}

impl KnightView {
    /// The board of the run: the live search, the animated answer or its construction,
    /// with a count's or the belief space's heat map; a click on a square starts there.
    fn run_board(&mut self, ui: &mut Ui, board: &Board) {
        self.animate(ui);
        let (r, c) = self.settings.start;
        let start = board.square(r, c);
        if self.own.construction.is_some() || self.settings.algorithm == Pick::Solver(CONSTRUCT) {
            self.construction_bar(ui, board, start);
        }
        let construction = (self.own.construction.as_ref())
            .filter(|_| self.showing_construction())
            .map(|c| (c.view(&self.own.tour), c.kind()));
        let (path, shown): (&[Square], usize) = if self.live.is_running() {
            (&self.own.live_path, self.own.live_path.len())
        } else if construction.is_some() {
            (&[], 0)
        } else {
            (&self.own.tour, self.own.shown)
        };
        // A square whose count was cut short has no figure (NaN): it stays uncoloured.
        let counts: Option<Vec<f64>> = match &self.own.outcome {
            Some(Outcome::Count(r)) => (r.per_square.as_ref())
                .map(|p| p.iter().map(|c| c.map_or(f64::NAN, |n| n as f64)).collect()),
            _ => None,
        };
        let whole = |v: f64| format!("{v:.0}");
        let tours = |v: f64| {
            let n = v.round() as u64;
            format!("{n} tour{} from this square", if n == 1 { "" } else { "s" })
        };
        let weight = |v: f64| format!("{v:.3}");
        let belief = |v: f64| format!("belief weight {v:.3}");
        let heat = if construction.is_some() {
            None
        } else if let Some(values) = &counts {
            Some(Heat {
                values,
                caption: "tours from this square",
                exact: &whole,
                short: &short_count,
                tell: &tours,
                missing: "no figure: its count was cut short",
            })
        } else if self.settings.show_belief
            && let Some(values) = &self.own.belief
        {
            Some(Heat {
                values,
                caption: "belief weight of the square",
                exact: &weight,
                short: &weight,
                tell: &belief,
                missing: "no weight",
            })
        } else {
            None
        };
        // The start square matters to the walk: the construction shows it with the tour.
        let start = match &construction {
            Some((_, kind)) if *kind != StageKind::Whole => None,
            _ => Some(start),
        };
        let view = BoardView {
            board,
            start,
            path,
            shown,
            closed: self.displayed_tour().is_some_and(|t| board.is_closed(t)),
            degrees: self.settings.show_degrees && construction.is_none(),
            heat,
            legend: true,
            construction: construction.map(|c| c.0),
            taken_back: &[],
            stepping: false,
            guessing: false,
            moves: None,
        };
        let out = draw_board(ui, &view);
        crate::app::export::register(ui.ctx(), "board", out.area);
        self.hovered = out.told;
        self.own.construction_lines = out.construction_lines;
        if let Some(sq) = out.clicked
            && !self.live.is_running()
        {
            self.reset();
            self.settings.start = board.row_col(sq);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::kept_row;

    /// The start keeps its name as the board grows or shrinks: c3 on 8 rows is row 5 from
    /// the top; on 20 rows c3 is row 17, on 4 rows row 1; a rank past the top goes to it.
    #[test]
    fn the_start_keeps_its_rank_when_the_board_changes() {
        let rank = |row: u32, rows: u32| rows - row;
        assert_eq!(kept_row(5, 8, 20), 17);
        assert_eq!(rank(17, 20), 3);
        assert_eq!(kept_row(5, 8, 4), 1);
        assert_eq!(kept_row(0, 8, 5), 0, "a8 on 5 rows is the top rank, a5");
        for (rows, new) in [(8, 8), (8, 3), (3, 8), (400, 1)] {
            for row in 0..rows {
                let kept = kept_row(row, rows, new);
                assert!(kept < new);
                assert_eq!(rank(kept, new), rank(row, rows).min(new));
            }
        }
    }
}
