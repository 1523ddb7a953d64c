//! The N-Queens view: choose n, an algorithm and a heuristic, run one algorithm or the
//! N-Queens AI report's four in turn on a worker thread, watch the placement and its
//! conflicts live, and compare the times.

pub(crate) mod browse;
mod figures;
pub(crate) mod play;
pub(crate) mod steps;

use super::live_run::Polled;
use super::runs::{Action, seconds_of};
use super::tab::{Choices, PuzzleTab, TabPuzzle, TabSettings};
use super::widgets::number::{Typed, hold_note, whole};
use super::widgets::params::{param_form, params_for, set_params};
use super::widgets::plots::{BEST, Curve, MEAN, WORST, generation_plot};
use super::widgets::queens_board::{Attacks, QueensBoardView, queens_board};
use crate::app::error::AppError;
use crate::app::mode::Mode;
use crate::app::widgets::figures::{format_ms, outcome_label, stat_row};
use crate::puzzle::queens::{Heuristic, Landscape, conflicts};
use crate::run::PuzzleId;
use crate::run::catalog::{HEURISTIC_PARAM, QUEENS_ALGORITHMS, queens_algorithm, queens_figures};
use crate::run::file::RunFile;
use crate::run::queens::{
    QueensCountReport, QueensJob, QueensReport, QueensSolveReport, QueensTask,
};
use crate::run::{Algorithm, QueensAlgo};
use crate::run::{JobError, Report};
use crate::solve::queens::count::MAX_COUNT_N;
use crate::solve::{Budget, GenerationStats};
use egui::{RichText, Ui};
pub use play::QueensPlay;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::time::Duration;
use steps::QueensSteps;

pub use crate::run::queens::setup::MAX_APP_N;

/// The Queens tab, for the app's list of tabs (`app::tabs`), with its background work (and
/// Compare's on it).
pub const TAB: crate::app::tab::TabOf<QueensTab> = crate::app::tab::TabOf::new(&[
    crate::app::background::served::<crate::app::steps::TraceTask<crate::run::trace::QueensTraceJob>>(
    ),
    crate::app::background::served::<
        crate::app::compare::contrast::PairTask<crate::run::trace::QueensTraceJob>,
    >(),
    crate::app::background::served::<crate::app::queens::play::CountTask>(),
]);

const PRESETS: &[u64] = &[4, 8, 10, 20, 50, 100, 1000, 1_000_000];
/// The N-Queens AI report's four algorithms, run in turn by "Run all four".
pub const SEED_FOUR: [QueensAlgo; 4] = [
    QueensAlgo::Backtracking,
    QueensAlgo::BestFirst,
    QueensAlgo::HillClimbing,
    QueensAlgo::Cultural,
];
/// Above this n the N-Queens AI report's heuristic searches take seconds per step; the form
/// says so.
const SEED_COMFORTABLE_N: u64 = 200;
/// Counting is offered up to here; n = 17 takes about a minute on two cores.
const COUNT_COMFORTABLE_N: u64 = 16;

/// What the user chose; saved between sessions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct QueensSettings {
    /// The number of queens and the board's side, from 1 to [`MAX_APP_N`].
    pub n: u64,
    /// A solver of the catalog (saved as its id).
    #[serde(deserialize_with = "saved_algorithm")]
    pub algorithm: QueensAlgo,
    /// The heuristic of best-first, hill climbing and cultural (saved as `h1`, `h2` or
    /// `h3`; a saved one that names none reads as h1).
    #[serde(with = "saved_heuristic")]
    pub heuristic: Heuristic,
    /// Parameter values by `algorithm.name` (the heuristic aside).
    pub params: BTreeMap<String, String>,
    /// The seed of the run's random numbers: the same seed makes the same choices.
    pub seed: u64,
    /// The run's time limit in seconds (the form takes 0.1 to 3600).
    pub time_limit_s: f32,
    /// Draw lines between attacking queens.
    pub show_lines: bool,
    /// Draw a local search's landscape on the board.
    pub show_landscape: bool,
}

impl TabSettings for QueensSettings {
    fn choices(&mut self) -> Choices<'_> {
        Choices {
            seed: &mut self.seed,
            time_limit_s: &mut self.time_limit_s,
            params: &mut self.params,
        }
    }

    fn algorithm_id(&self) -> &'static str {
        self.algorithm.id()
    }

    fn pick(&mut self, id: &str) -> bool {
        QueensAlgo::of(id).map(|a| self.algorithm = a).is_some()
    }

    /// The heuristic is the tab's own field; the other values go by `algorithm.name`.
    fn set_params(&mut self, algorithm: &str, given: &BTreeMap<String, String>) {
        let mut given = given.clone();
        let uses = (crate::run::catalog::queens_algorithm(algorithm).ok())
            .is_some_and(|a| a.takes(HEURISTIC_PARAM));
        let default = QueensSettings::default().heuristic;
        match given.remove(HEURISTIC_PARAM) {
            Some(h) => self.heuristic = Heuristic::parse(&h).unwrap_or(default),
            None if uses => self.heuristic = default,
            None => {}
        }
        crate::app::tab::set_params_in(&mut self.params, algorithm, &given);
    }
}

/// The heuristic as a saved form holds it: its name, as text (`"h2"`); one that names
/// none reads as h1.
pub(crate) mod saved_heuristic {
    use crate::puzzle::queens::Heuristic;

    #[allow(
        clippy::trivially_copy_pass_by_ref,
        reason = "serde's `with` passes a reference"
    )]
    pub(crate) fn serialize<S: serde::Serializer>(h: &Heuristic, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(h.into())
    }

    pub(crate) fn deserialize<'de, D: serde::Deserializer<'de>>(
        d: D,
    ) -> Result<Heuristic, D::Error> {
        let name = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(d)?;
        Ok(Heuristic::parse(&name).unwrap_or(Heuristic::H1))
    }
}

/// The algorithm as a saved form holds it; one that names none reads as the default.
fn saved_algorithm<'de, D: serde::Deserializer<'de>>(d: D) -> Result<QueensAlgo, D::Error> {
    let algorithm = crate::run::algo::saved_id(d)?;
    Ok(algorithm.unwrap_or(QueensSettings::default().algorithm))
}

impl Default for QueensSettings {
    fn default() -> Self {
        QueensSettings {
            n: 8,
            algorithm: QueensAlgo::HillClimbing,
            heuristic: Heuristic::H1,
            params: BTreeMap::new(),
            seed: 1,
            time_limit_s: 30.0,
            show_lines: true,
            show_landscape: true,
        }
    }
}

/// What an N-Queens run does: one of the catalog's solvers, or the count of every
/// solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ran {
    /// A solver of the catalog.
    Solve(QueensAlgo),
    /// The count of every solution.
    Count,
}

impl Ran {
    /// Its id: the solver's, or `count`.
    pub fn id(self) -> &'static str {
        match self {
            Ran::Solve(algorithm) => algorithm.id(),
            Ran::Count => "count",
        }
    }

    /// The solver's catalog entry (`None`: the count).
    pub fn info(self) -> Option<&'static crate::run::catalog::AlgorithmInfo> {
        match self {
            Ran::Solve(algorithm) => Some(algorithm.info()),
            Ran::Count => None,
        }
    }
}

impl std::fmt::Display for Ran {
    /// Its id.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

/// One finished run of an algorithm, for the table of times.
#[derive(Debug, Clone, PartialEq)]
pub struct RunResult {
    /// What ran (the count, for a count that failed).
    pub algorithm: Ran,
    /// Its report, or why it failed (the job refused its input, or its answer failed
    /// validation).
    pub outcome: Result<QueensSolveReport, String>,
}

enum Outcome {
    Solve(QueensSolveReport),
    Count(QueensCountReport),
    Failed(String),
}

/// The N-Queens tab: the form, the run on show (one algorithm, the report's four in turn,
/// or a count) with its table of times, and the other modes (the student's queens, the
/// trace, the microscope, the solution browser).
pub type QueensView = PuzzleTab<QueensTab>;

/// The N-Queens part of its tab: the n field, the run on show (one algorithm, the
/// report's four in turn, or a count) with its placement and table of times, and the
/// solution browser.
pub struct QueensTab {
    n_text: Typed,
    /// Why a count waits: the n field alone (counting takes no parameters).
    n_hold: Option<AppError>,
    /// What the running job is (`None`: nothing runs).
    running: Option<Ran>,
    /// Algorithms still to run after this one ("Run all four").
    queue: Vec<QueensAlgo>,
    /// The placement on the board: the live search's, then the answer.
    placement: Vec<u32>,
    attacks: Attacks,
    /// Attacking pairs in `placement` (counted up to a million queens, else taken from
    /// the report).
    pairs: Option<u64>,
    /// Bumped whenever `placement` changes.
    version: u64,
    outcome: Option<Outcome>,
    /// The runs since the last "Run" or "Run all four", in order.
    results: Vec<RunResult>,
    /// The row of `results` on the board, picked in the table (else the last).
    selected: Option<usize>,
    /// Every solution of a small board, in classes under the board's symmetries.
    browser: crate::app::browser::Browser,
}

impl QueensView {
    /// The placement on the board.
    pub fn placement(&self) -> &[u32] {
        &self.own.placement
    }

    /// The runs since the last start, in order.
    pub fn results(&self) -> &[RunResult] {
        &self.own.results
    }

    /// The steps or generations recorded for the conflicts plot.
    pub fn history(&self) -> &[GenerationStats] {
        self.live.history.points()
    }

    /// The sentence that says how the last run ended.
    pub fn status_message(&self) -> Option<String> {
        Some(match self.own.outcome.as_ref()? {
            Outcome::Solve(r) => r.message.clone(),
            Outcome::Count(r) => r.message.clone(),
            Outcome::Failed(m) => m.clone(),
        })
    }

    fn set_placement(&mut self, rows: Vec<u32>) {
        self.own.attacks = Attacks::of(self.settings.n as usize, &rows);
        self.own.pairs = (rows.len() <= 1_000_000).then(|| conflicts(&rows));
        self.own.placement = rows;
        self.own.version += 1;
    }

    /// A placement the run layer has validated as a solution: nobody is attacked, so the
    /// frame that shows a million queens does not count their attacks again.
    fn set_solution(&mut self, rows: Vec<u32>) {
        self.own.attacks = Attacks {
            attacked: vec![false; rows.len()],
            segments: Vec::new(),
            attacked_count: 0,
        };
        self.own.pairs = Some(0);
        self.own.placement = rows;
        self.own.version += 1;
    }

    fn job(&self, task: QueensTask) -> QueensJob {
        let s = &self.settings;
        QueensJob {
            n: s.n,
            seed: s.seed,
            budget: Budget::unlimited().with_time(Duration::from_secs_f32(s.time_limit_s.max(0.1))),
            threads: None,
            task,
        }
    }

    fn solve_task(&self, algorithm: QueensAlgo) -> QueensTask {
        let algo = algorithm.info();
        let mut params = params_for(algo, &self.settings.params);
        if algo.takes(HEURISTIC_PARAM) {
            let h = self.settings.heuristic.name();
            params.push((HEURISTIC_PARAM.into(), h.into()));
        }
        QueensTask::Solve { algorithm, params }
    }

    /// Runs the chosen algorithm.
    pub fn start_run(&mut self, ctx: &egui::Context) {
        self.start_sequence(ctx, vec![self.settings.algorithm]);
    }

    /// Runs the N-Queens AI report's four algorithms one after another on the same n and
    /// seed, so that their times do not compete for the cores.
    pub fn start_all_four(&mut self, ctx: &egui::Context) {
        self.start_sequence(ctx, SEED_FOUR.to_vec());
    }

    /// A run started by the user is a run shown (a count too: "Count all solutions" from
    /// step by step shows its count); an animation being recorded goes on. The later runs
    /// of "Run all four" leave the view as the user has it.
    fn show_the_run(&mut self) {
        if !(self.steps.recording() && self.mode == Mode::Steps) {
            self.mode = Mode::Run;
        }
    }

    fn start_sequence(&mut self, ctx: &egui::Context, algorithms: Vec<QueensAlgo>) {
        self.show_the_run();
        self.stop();
        self.own.results.clear();
        self.own.outcome = None;
        self.own.queue = algorithms;
        self.own.queue.reverse();
        self.start_next(ctx);
    }

    /// Counts every solution (bitboards with symmetry, on every core).
    pub fn start_count(&mut self, ctx: &egui::Context) {
        self.show_the_run();
        self.stop();
        self.own.results.clear();
        self.own.queue.clear();
        self.begin(ctx, Ran::Count, QueensTask::Count);
    }

    fn start_next(&mut self, ctx: &egui::Context) {
        if let Some(algorithm) = self.own.queue.pop() {
            let task = self.solve_task(algorithm);
            self.begin(ctx, Ran::Solve(algorithm), task);
        }
    }

    fn begin(&mut self, ctx: &egui::Context, what: Ran, task: QueensTask) {
        let job = self.job(task);
        self.launch(ctx, what, job, None);
    }

    /// Opens a saved run: its settings go into the form and its job runs again, exactly as
    /// saved; the statistics say whether the answer is the saved one.
    pub fn replay(&mut self, ctx: &egui::Context, file: RunFile) -> Result<(), AppError> {
        // A run stopped by its clock or by hand is replayed to the point it stopped at.
        let replayed = file.replay_job();
        let Ok(job) = <&QueensJob>::try_from(&replayed) else {
            return Err("not an N-Queens run".into());
        };
        let job = job.clone();
        if job.n == 0 || job.n > MAX_APP_N {
            return Err(format!(
                "the app shows up to {MAX_APP_N} queens; replay this one with `searchlab replay`"
            )
            .into());
        }
        self.stop();
        self.set_n(job.n);
        self.own.results.clear();
        self.settings.seed = job.seed;
        self.settings.time_limit_s = seconds_of(&job.budget, self.settings.time_limit_s);
        let what = match &job.task {
            QueensTask::Count | QueensTask::CountPart { .. } | QueensTask::CountPrefix { .. } => {
                Ran::Count
            }
            QueensTask::Solve { algorithm, params } => {
                set_params(algorithm.id(), params, &mut self.settings.params);
                let h = params.iter().find(|(k, _)| k == HEURISTIC_PARAM);
                if let Some(h) = h.and_then(|(_, h)| Heuristic::parse(h).ok()) {
                    self.settings.heuristic = h;
                }
                self.settings.algorithm = *algorithm;
                Ran::Solve(*algorithm)
            }
        };
        self.show_the_run();
        self.launch(ctx, what, job, Some(file));
        Ok(())
    }

    fn launch(&mut self, ctx: &egui::Context, what: Ran, job: QueensJob, replay: Option<RunFile>) {
        if let Err(e) = self.live.start(ctx, job.into(), replay) {
            self.own.queue.clear();
            self.own.outcome = Some(Outcome::Failed(e.to_string()));
            return;
        }
        self.set_placement(Vec::new());
        self.own.running = Some(what);
    }

    /// Cancels the computation and the rest of a sequence.
    pub fn stop(&mut self) {
        self.own.queue.clear();
        self.live.stop();
    }

    /// Stop: the queue of runs is dropped, and the run under way ends with its last word
    /// (see [`crate::app::live_run::LiveRun::cancel`]).
    fn stop_by_user(&mut self) {
        self.own.queue.clear();
        self.live.cancel();
    }

    fn reset(&mut self) {
        self.stop();
        self.own.outcome = None;
        self.own.results.clear();
        self.live.clear();
        self.set_placement(Vec::new());
    }

    fn finish(&mut self, result: Result<Report, JobError>) {
        let algorithm = self.own.running.take().unwrap_or(Ran::Count);
        let outcome = match result.map(QueensReport::try_from) {
            Ok(Ok(QueensReport::Solve(r))) => {
                self.own.results.push(RunResult {
                    algorithm,
                    outcome: Ok(r.clone()),
                });
                self.own.selected = None;
                self.show_solve(r)
            }
            Ok(Ok(QueensReport::Count(r))) => {
                self.live.elapsed_ms = r.elapsed_ms;
                self.live.counters.nodes = r.nodes;
                self.live.counters.solutions = r.total;
                Outcome::Count(r)
            }
            Ok(_) => Outcome::Failed("not an N-Queens report".into()),
            Err(e) => {
                self.own.results.push(RunResult {
                    algorithm,
                    outcome: Err(e.to_string()),
                });
                Outcome::Failed(e.to_string())
            }
        };
        self.own.outcome = Some(outcome);
    }

    /// The solution browser.
    pub fn browser(&self) -> &crate::app::browser::Browser {
        &self.own.browser
    }

    fn set_n(&mut self, n: u64) {
        if n == self.settings.n {
            return;
        }
        self.reset();
        self.settings.n = n;
    }
}

impl TabPuzzle for QueensTab {
    type Settings = QueensSettings;
    type Rules = play::QueensRules;
    type Steps = QueensSteps;
    const PUZZLE: PuzzleId = crate::run::queens::PUZZLE;
    const PLAY_HOVER: &'static str = "Place the queens yourself, with hints from the solvers";

    fn browser(&mut self) -> Option<&mut crate::app::browser::Browser> {
        Some(&mut self.browser)
    }

    /// An n out of range is replaced by its default (an unknown algorithm or heuristic
    /// was, as it was read).
    fn checked(mut settings: QueensSettings) -> QueensSettings {
        if settings.n == 0 || settings.n > MAX_APP_N {
            settings.n = QueensSettings::default().n;
        }
        settings
    }

    fn new(_settings: &QueensSettings) -> QueensTab {
        QueensTab {
            n_text: Typed::default(),
            n_hold: None,
            running: None,
            queue: Vec::new(),
            placement: Vec::new(),
            attacks: Attacks::default(),
            pairs: Some(0),
            version: 0,
            outcome: None,
            results: Vec::new(),
            selected: None,
            browser: crate::app::browser::Browser::new(&browse::QueensBrowse),
        }
    }

    /// The forms' values, the heuristic (chosen once for the tab) included under each
    /// algorithm that takes one.
    fn param_values(settings: &QueensSettings) -> BTreeMap<String, String> {
        let mut values = settings.params.clone();
        for a in QUEENS_ALGORITHMS {
            if a.takes(HEURISTIC_PARAM) {
                let h = settings.heuristic.name().to_string();
                values.insert(format!("{}.{HEURISTIC_PARAM}", a.id), h);
            }
        }
        values
    }

    fn owns(file: &RunFile) -> bool {
        <&QueensJob>::try_from(&file.job).is_ok()
    }

    fn replay(tab: &mut QueensView, ctx: &egui::Context, file: RunFile) -> Result<(), AppError> {
        tab.replay(ctx, file)
    }

    fn board_text(tab: &mut QueensView) -> Option<String> {
        tab.board_as_text()
    }

    /// The solution played by hand, when it is one.
    fn played(tab: &QueensView) -> Option<crate::app::played::Played> {
        let n = tab.settings.n;
        tab.play
            .is_solved(n as usize)
            .then(|| crate::app::played::Played {
                on: std::sync::Arc::new(crate::app::puzzles::queens::QueensInstance { n }),
                answer: tab.play.columns().iter().flatten().copied().collect(),
            })
    }

    fn trace_stale(tab: &QueensView) -> bool {
        tab.steps
            .trace()
            .is_some_and(|t| Some(&t.job) != tab.trace_job().as_ref())
    }

    fn place(
        tab: &QueensView,
        choice: crate::run::setup::Choice,
    ) -> Box<dyn crate::run::setup::LessonSetUp> {
        let instance = crate::run::queens::setup::QueensSetUp {
            n: tab.settings.n,
            ..Default::default()
        };
        Box::new(instance.with(choice))
    }

    /// A lesson's n, algorithm and how the student meets it (running it, playing,
    /// stepping, guessing).
    fn set_up(tab: &mut QueensView, ctx: &egui::Context, setup: &crate::run::setup::Setup) -> bool {
        let Some(&crate::run::queens::setup::QueensSetUp {
            n,
            ref algorithm,
            ref mode,
            step,
            ..
        }) = setup.get()
        else {
            return false;
        };
        tab.reset();
        tab.set_n(n);
        if let Some(a) = algorithm {
            tab.settings.pick(a);
        }
        tab.hold = None;
        // A lesson begins its game afresh: an empty board, no hint.
        if tab.settings.n as usize <= play::MAX_PLAY_N {
            tab.play.clear(tab.settings.n as usize);
        }
        tab.mode = super::mode::Mode::of_lesson(*mode);
        let job = tab.trace_job();
        tab.steps.set_up(ctx, *mode, job, step);
        true
    }

    fn start_run(tab: &mut QueensView, ctx: &egui::Context) {
        tab.start_run(ctx);
    }

    fn stop_by_user(tab: &mut QueensView) {
        tab.stop_by_user();
    }

    /// Space pauses or resumes the search, → steps it while paused.
    fn run_key(tab: &mut QueensView, action: Action) {
        match (action, tab.live.is_running()) {
            (Action::Play, true) => tab.live.toggle_pause(),
            (Action::Step(1), true) => tab.live.step(),
            _ => {}
        }
    }

    /// The placement so far, or the run's end (and the next of "Run all four").
    fn polled(tab: &mut QueensView, ctx: &egui::Context, polled: Polled) {
        if let Some(rows) = polled.snapshot {
            tab.set_placement(rows);
        }
        if let Some(result) = polled.finished {
            tab.finish(result);
            tab.start_next(ctx);
        }
    }

    /// n, its presets and the browser's switch.
    fn instance_form(tab: &mut QueensView, ui: &mut Ui) -> Option<AppError> {
        ui.heading("Board");
        let n = tab.settings.n.to_string();
        let field = ui
            .horizontal(|ui| {
                let read = whole("n", 1..=MAX_APP_N);
                let field = tab.own.n_text.show(ui, "Queens (n)", &n, 90.0, read);
                field
                    .response
                    .clone()
                    .on_hover_text(format!("n queens on an n × n board, 1 to {MAX_APP_N}"));
                field
            })
            .inner;
        if let Some(n) = field.commit {
            tab.set_n(n);
        }
        if let Some(h) = &field.hold {
            hold_note(ui, h);
        }
        tab.own.n_hold.clone_from(&field.hold);
        ui.horizontal_wrapped(|ui| {
            for &n in PRESETS {
                let label = if n >= 1_000_000 {
                    format!("{}M", n / 1_000_000)
                } else {
                    n.to_string()
                };
                if ui
                    .button(label)
                    .on_hover_text(crate::run::words::counted(n, "queen"))
                    .clicked()
                {
                    tab.set_n(n);
                }
            }
        });
        tab.own
            .browser
            .controls(ui, tab.settings.n as usize, &mut tab.mode);

        field.hold
    }

    fn picks() -> Vec<(&'static str, &'static str, &'static str)> {
        QUEENS_ALGORITHMS
            .iter()
            .map(|a| (a.id, a.name, a.summary))
            .collect()
    }

    /// Play mode's controls, and the attack lines.
    fn play_controls(tab: &mut QueensView, ui: &mut Ui) {
        tab.play.controls_ui(ui, tab.settings.n as usize);
        ui.checkbox(&mut tab.settings.show_lines, "Show attack lines")
            .on_hover_text("Join queens that attack each other along their row or diagonal.");
    }

    /// What the algorithm does, the heuristic, the parameters, and a warning where n is
    /// beyond what the report's searches manage.
    fn algorithm_form(tab: &mut QueensView, ui: &mut Ui, _picked: bool) -> Option<AppError> {
        let algo = tab.settings.algorithm.info();
        ui.label(algo.summary);
        let uses_heuristic = algo.takes(HEURISTIC_PARAM);
        ui.add_enabled_ui(uses_heuristic, |ui| {
            egui::ComboBox::from_label("Heuristic")
                .selected_text(tab.settings.heuristic.name())
                .show_ui(ui, |ui| {
                    for (h, help) in [
                        (Heuristic::H1, "attacking pairs, by a nested loop over the queens (O(n²))"),
                        (Heuristic::H2, "conflicts per queen with row and diagonal arrays (O(n)); always 2 × h1"),
                        (Heuristic::H3, "per-queen conflicts by a nested loop, halved (O(n²)); always h1"),
                    ] {
                        ui.selectable_value(&mut tab.settings.heuristic, h, h.name())
                            .on_hover_text(help);
                    }
                })
                .response
                .on_hover_text("The N-Queens AI report's three heuristics order placements identically (h2 = 2·h1, h3 = h1), so they change the time a search takes, not where it goes.");
        });
        let hold = param_form(ui, algo, &mut tab.settings.params, &[HEURISTIC_PARAM]);
        let n = tab.settings.n;
        if SEED_FOUR.contains(&tab.settings.algorithm) && n > SEED_COMFORTABLE_N {
            ui.label(
                RichText::new(format!(
                    "The N-Queens AI report's searches evaluate every move of every queen: at n = {n} expect the time limit, not a solution. Min-conflicts or the construction handle any n."
                ))
                .color(ui.visuals().warn_fg_color),
            );
        }
        hold
    }

    /// The run buttons, step by step and the microscope.
    fn run_controls(tab: &mut QueensView, ui: &mut Ui) {
        tab.run_buttons(ui);
        tab.step_controls(ui);
        if tab.settings.algorithm.offers().microscope {
            let held = tab.hold.as_ref().map(ToString::to_string);
            let last = tab.history().last().map(|s| s.generation);
            if let Some(g) = (tab.microscope).controls(ui, None, held, last, &mut tab.mode) {
                let job = crate::run::Job::from(tab.job(tab.solve_task(tab.settings.algorithm)));
                tab.microscope.start(ui.ctx(), job, g);
                tab.mode = Mode::Microscope;
            }
        }
    }

    /// Counters, the outcome, the table of runs and the conflicts plot.
    fn stats(tab: &mut QueensView, ui: &mut Ui) {
        match tab.mode {
            Mode::Play => {
                tab.play.stats_ui(ui, tab.settings.n as usize);
                if let Some(h) = &tab.hovered {
                    ui.separator();
                    ui.label(h);
                }
                return;
            }
            Mode::Browser => return tab.own.browser.stats_ui(ui),
            Mode::Steps => return tab.steps.stats_ui(ui),
            Mode::Run | Mode::Microscope => {}
        }
        let c = tab.live.counters;
        let ctx = ui.ctx().clone();
        let time = |ms: f64| format_ms(&ctx, ms);
        egui::Grid::new("queens-stats")
            .num_columns(2)
            .show(ui, |ui| {
                let row = |ui: &mut Ui, k: &str, v: String| stat_row(ui, k, "", v);
                if matches!(tab.own.outcome, Some(Outcome::Count(_)))
                    || tab.own.running == Some(Ran::Count)
                {
                    row(ui, "nodes", c.nodes.to_string());
                    row(ui, "solutions so far", c.solutions.to_string());
                } else {
                    let placed = tab.own.placement.len();
                    row(
                        ui,
                        "queens on the board",
                        format!("{placed} of {}", tab.settings.n),
                    );
                    row(
                        ui,
                        "attacked queens",
                        tab.own.attacks.attacked_queens().to_string(),
                    );
                    if let Some(p) = tab.own.pairs {
                        row(ui, "attacking pairs", p.to_string());
                    }
                    let ran = (tab.own.running).or(tab.shown_result().map(|r| r.algorithm));
                    for f in ran.map_or(&[][..], |r| queens_figures(r.id())) {
                        stat_row(ui, f.label, f.help, f.value(&c));
                    }
                }
                row(ui, "elapsed", time(tab.live.elapsed_ms));
            });
        let name = (tab.own.running.and_then(Ran::info)).map_or("Counting", |a| a.name);
        tab.live.status(ui, name);
        // A count is its own button: only a solve's algorithm can differ from the choice;
        // after Run all four the table names each run.
        if tab.own.results.len() <= 1
            && let Ok(shown) = queens_algorithm(&tab.live.label)
        {
            tab.live
                .on_show(ui, shown.name, tab.settings.algorithm.info().name);
        }
        if let Some(m) = tab.status_message() {
            let ok = matches!(&tab.own.outcome, Some(Outcome::Solve(r)) if r.found)
                || matches!(&tab.own.outcome, Some(Outcome::Count(r)) if r.complete);
            outcome_label(ui, &m, ok);
        }
        tab.results_table(ui);
        tab.conflicts_plot(ui);
        if let Some(h) = &tab.hovered {
            ui.label(h);
        }
    }

    /// The board with the live placement or the answer, the student's game, the
    /// browser's solution, the microscope or the trace, as the mode says.
    fn main_ui(tab: &mut QueensView, ui: &mut Ui) {
        match tab.mode {
            Mode::Play => {
                let (n, lines) = (tab.settings.n as usize, tab.settings.show_lines);
                tab.hovered = tab.play.main_ui(ui, n, lines);
                return;
            }
            Mode::Browser => return tab.own.browser.main_ui(ui),
            Mode::Run | Mode::Steps | Mode::Microscope => {}
        }
        let now = crate::run::Job::from(tab.job(tab.solve_task(tab.settings.algorithm)));
        if tab.microscope.on_show(&now, tab.mode) {
            let job = now;
            let (n, lines) = (tab.settings.n as usize, tab.settings.show_lines);
            return tab.microscope.main_ui(
                ui,
                || job,
                |ui, rows, version| {
                    let attacks = Attacks::of(n, rows);
                    let view = QueensBoardView {
                        n,
                        rows,
                        attacks: &attacks,
                        show_lines: lines,
                        version,
                        legend: true,
                        focus: None,
                        play: false,
                        clickable: false,
                        landscape: None,
                        domains: None,
                        scores_twice: false,
                    };
                    let out = queens_board(ui, &view);
                    crate::app::export::register(ui.ctx(), "board", out.area);
                },
            );
        }
        if tab.mode == Mode::Steps {
            // The box only: the trace's board and search say whether it can be shown.
            let ticked = tab.settings.show_landscape;
            let now = tab.trace_job();
            return tab
                .steps
                .main_ui(ui, now.as_ref(), |ui, trace, state, pos, question, _| {
                    steps::draw(ui, trace, state, pos, question, ticked)
                });
        }
        let landscape = tab.landscape_shown();
        let n = tab.settings.n as usize;
        let l = if landscape {
            Landscape::of(&tab.own.placement).filter(|l| l.n == n)
        } else {
            None
        };
        let view = QueensBoardView {
            n,
            rows: &tab.own.placement,
            attacks: &tab.own.attacks,
            show_lines: tab.settings.show_lines,
            version: tab.own.version,
            legend: true,
            focus: None,
            play: false,
            clickable: false,
            landscape: l.as_ref(),
            domains: None,
            scores_twice: false,
        };
        let out = queens_board(ui, &view);
        super::export::register(ui.ctx(), "board", out.area);
        tab.hovered = out.told;
    }
}
