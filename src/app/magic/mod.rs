//! The magic-square view: choose an order and the magic-square GA notebook's GA parameters
//! (or the construction), watch the best square of each generation and the fitness curves
//! live, then browse the distinct squares found.

pub(crate) mod browse;
pub(crate) mod play;

pub use play::MagicPlay;

use crate::app::error::AppError;
use crate::app::live_run::Polled;
use crate::app::mode::Mode;
use crate::app::runs::{Action, seconds_of};
use crate::app::tab::{Choices, PuzzleTab, TabPuzzle, TabSettings};
use crate::app::widgets::figures::{format_ms, outcome_label, stat_row};
use crate::app::widgets::magic_grid::magic_grid;
use crate::app::widgets::number::{Typed, hold_note, whole};
use crate::app::widgets::params::{param_form, params_for, set_params};
use crate::app::widgets::plots::{BEST, MEAN, generation_plot};
use crate::puzzle::magic::{fitness, magic_constant};
use crate::run::PuzzleId;
use crate::run::catalog::{MAGIC_ALGORITHMS, magic_algorithm};
use crate::run::file::RunFile;
use crate::run::magic::{MagicJob, MagicReport, MagicSolveReport, MagicTask};
use crate::run::{Algorithm, JobError, MagicAlgo, Report};
use crate::solve::magic::construct::method;
use crate::solve::{Budget, GenerationStats, Stop};
use egui::{RichText, Ui};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::time::Duration;

pub use crate::run::magic::setup::MAX_APP_ORDER;

/// The Magic tab, for the app's list of tabs (`app::tabs`), with its background work.
pub const TAB: crate::app::tab::TabOf<MagicTab> =
    crate::app::tab::TabOf::new(&[crate::app::background::served::<
        crate::app::magic::play::CountTask,
    >()]);

const PRESETS: &[u64] = &[3, 4, 5, 6, 8, 10, 100];
/// Above this order the GA at its defaults seldom reaches a magic square (seeds 1 to 6:
/// order 4 three times in six, order 5 never); the form says so.
const GA_COMFORTABLE_ORDER: u64 = 4;

/// What the user chose; saved between sessions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MagicSettings {
    /// The square's order n (n × n cells holding 1 to n²), from 1 to [`MAX_APP_ORDER`].
    pub order: u64,
    /// The GA or the construction (saved as its id, `ga` or `construct`).
    #[serde(deserialize_with = "saved_algorithm")]
    pub algorithm: MagicAlgo,
    /// Parameter values by `algorithm.name`.
    pub params: BTreeMap<String, String>,
    /// The seed of the run's random numbers: the same seed makes the same choices.
    pub seed: u64,
    /// The run's time limit in seconds (the form takes 0.1 to 3600).
    pub time_limit_s: f32,
}

impl TabSettings for MagicSettings {
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
        MagicAlgo::of(id).map(|a| self.algorithm = a).is_some()
    }
}

/// The algorithm as a saved form holds it; one that names none reads as the default.
fn saved_algorithm<'de, D: serde::Deserializer<'de>>(d: D) -> Result<MagicAlgo, D::Error> {
    let algorithm = crate::run::algo::saved_id(d)?;
    Ok(algorithm.unwrap_or(MagicSettings::default().algorithm))
}

impl Default for MagicSettings {
    fn default() -> Self {
        MagicSettings {
            order: 3,
            algorithm: MagicAlgo::Ga,
            params: BTreeMap::new(),
            seed: 1,
            time_limit_s: 30.0,
        }
    }
}

/// The magic-squares tab: the form, the run on show (the GA or the construction) and the
/// squares found, and the other modes (the student's square, the microscope, the solution
/// browser).
pub type MagicView = PuzzleTab<MagicTab>;

/// The magic-squares part of its tab: the order field, the square on show and the squares
/// found, and the solution browser.
pub struct MagicTab {
    order_text: Typed,
    /// The square on show: the best of the running generation, then a square found.
    square: Vec<u32>,
    /// Its fitness, computed when it changes (not every frame).
    shown_fitness: Option<u64>,
    report: Option<Result<MagicSolveReport, String>>,
    /// Which found square is on show.
    pub selected: Option<usize>,
    /// Every magic square of a small order, in classes under the square's symmetries.
    browser: crate::app::browser::Browser,
}

impl MagicView {
    /// The square on show.
    pub fn square(&self) -> &[u32] {
        &self.own.square
    }

    /// The last run's report (or why it failed).
    pub fn report(&self) -> Option<&Result<MagicSolveReport, String>> {
        self.own.report.as_ref()
    }

    /// The generations recorded for the plot.
    pub fn history(&self) -> &[GenerationStats] {
        self.live.history.points()
    }

    /// Puts `square` on show.
    fn show(&mut self, square: Vec<u32>) {
        let n = self.settings.order as usize;
        self.own.shown_fitness = (n > 0 && square.len() == n * n).then(|| fitness(n, &square));
        self.own.square = square;
    }

    /// Shows the `i`-th square found.
    pub fn select(&mut self, i: usize) {
        if let Some(Ok(r)) = &self.own.report
            && let Some((sq, _)) = r.squares.get(i)
        {
            self.show(sq.clone());
            self.own.selected = Some(i);
        }
    }

    /// Runs the chosen algorithm on a worker thread.
    pub fn start_run(&mut self, ctx: &egui::Context) {
        let job = self.job();
        self.launch(ctx, job, None);
    }

    /// The job the form describes.
    fn job(&self) -> MagicJob {
        let s = &self.settings;
        let params = params_for(s.algorithm.info(), &s.params);
        MagicJob {
            order: s.order,
            seed: s.seed,
            budget: Budget::unlimited().with_time(Duration::from_secs_f32(s.time_limit_s.max(0.1))),
            task: MagicTask::Solve {
                algorithm: s.algorithm,
                params,
            },
        }
    }

    /// Opens a saved run: its settings go into the form and its job runs again, exactly as
    /// saved; the statistics say whether the answer is the saved one.
    pub fn replay(&mut self, ctx: &egui::Context, file: RunFile) -> Result<(), AppError> {
        // A run stopped by its clock or by hand is replayed to the point it stopped at.
        let replayed = file.replay_job();
        let Ok(job) = <&MagicJob>::try_from(&replayed) else {
            return Err("not a magic-square run".into());
        };
        let MagicTask::Solve { algorithm, params } = &job.task else {
            return Err("the Magic squares view replays solves (ga, construct); replay a count or a construction with `searchlab replay FILE`".into());
        };
        if job.order == 0 || job.order > MAX_APP_ORDER {
            return Err(format!(
                "the app shows orders up to {MAX_APP_ORDER}; replay this one with `searchlab replay`"
            ).into());
        }
        let job = job.clone();
        self.set_order(job.order);
        self.settings.seed = job.seed;
        self.settings.time_limit_s = seconds_of(&job.budget, self.settings.time_limit_s);
        set_params(algorithm.id(), params, &mut self.settings.params);
        self.settings.algorithm = *algorithm;
        self.launch(ctx, job, Some(file));
        Ok(())
    }

    fn launch(&mut self, ctx: &egui::Context, job: MagicJob, replay: Option<RunFile>) {
        // A run started is a run shown.
        self.mode = Mode::Run;
        self.reset_results();
        if let Err(e) = self.live.start(ctx, job.into(), replay) {
            self.own.report = Some(Err(e.to_string()));
        }
    }

    fn reset_results(&mut self) {
        self.own.report = None;
        self.own.selected = None;
        self.show(Vec::new());
        self.live.clear();
    }

    /// Cancels the computation.
    pub fn stop(&mut self) {
        self.live.stop();
    }

    /// Stop: the run ends with its last word (see
    /// [`crate::app::live_run::LiveRun::cancel`]).
    fn stop_by_user(&mut self) {
        self.live.cancel();
    }

    fn finish(&mut self, result: Result<Report, JobError>) {
        self.own.report = Some(match result.map(MagicReport::try_from) {
            Ok(Ok(MagicReport::Solve(r))) => {
                self.live.counters = r.counters;
                self.live.elapsed_ms = r.elapsed_ms;
                if r.squares.is_empty() {
                    self.show(r.best.clone());
                } else {
                    self.show(r.squares[0].0.clone());
                    self.own.selected = Some(0);
                }
                Ok(r)
            }
            Ok(_) => Err("not a magic-square report".into()),
            Err(e) => Err(e.to_string()),
        });
    }

    /// The solution browser.
    pub fn browser(&self) -> &crate::app::browser::Browser {
        &self.own.browser
    }

    fn set_order(&mut self, n: u64) {
        if n != self.settings.order {
            self.stop();
            self.reset_results();
            self.settings.order = n;
        }
    }

    /// After a GA run that ended without a magic square of an order the construction
    /// builds, says so, naming the construction as the algorithm picker does, with a
    /// button that builds it.
    fn construction_hint(&mut self, ui: &mut Ui) {
        let n = self.settings.order as usize;
        let failed = matches!(&self.own.report, Some(Ok(r))
            if r.algorithm == MagicAlgo::Ga && !r.found && r.stop != Stop::Cancelled
                && r.order as usize == n);
        // Every order but 2 has a construction (order 2 has no magic square at all).
        if !failed || self.live.is_running() || n == 2 {
            return;
        }
        let name = MagicAlgo::Construct.info().name;
        ui.label(format!(
            "The {name} algorithm builds a magic square of order {n} at once, by the {}.",
            method(n)
        ));
        if ui
            .button(format!("Build it with the {name}"))
            .on_hover_text(format!("Choose {name} under Algorithm and run it"))
            .clicked()
        {
            self.settings.algorithm = MagicAlgo::Construct;
            let ctx = ui.ctx().clone();
            self.start_run(&ctx);
        }
    }

    /// The distinct squares found; clicking one shows it.
    fn found_list(&mut self, ui: &mut Ui) {
        let Some(Ok(r)) = &self.own.report else {
            return;
        };
        if r.algorithm != MagicAlgo::Ga || r.squares.is_empty() {
            return;
        }
        ui.separator();
        ui.label(RichText::new("Squares found (click to show)").strong());
        let mut clicked = None;
        egui::ScrollArea::vertical()
            .id_salt("magic-found")
            .max_height(160.0)
            .show(ui, |ui| {
                for (i, (_, generation)) in r.squares.iter().enumerate() {
                    let label = format!("square {} — generation {generation}", i + 1);
                    if ui
                        .selectable_label(self.own.selected == Some(i), label)
                        .clicked()
                    {
                        clicked = Some(i);
                    }
                }
            });
        if let Some(i) = clicked {
            self.select(i);
        }
    }

    /// Best and mean fitness per generation, live (lower is better; 0 is magic).
    fn fitness_plot(&self, ui: &mut Ui) {
        let Some(last) = self.live.history.last() else {
            return;
        };
        ui.separator();
        ui.label(RichText::new("Fitness per generation (0 = magic)").strong());
        ui.label(format!(
            "generation {}: best {:.0}, mean {:.1}",
            last.generation, last.best, last.mean
        ));
        let found = match &self.own.report {
            _ if self.live.is_running() => None,
            Some(Ok(r)) => Some(r.found),
            _ => Some(false),
        };
        generation_plot(
            ui,
            "magic-fitness-plot",
            "fitness plot",
            "generation",
            &self.live.history,
            &[BEST, MEAN],
            found,
        );
    }
}

impl TabPuzzle for MagicTab {
    type Settings = MagicSettings;
    type Rules = play::MagicRules;
    type Steps = ();
    const PUZZLE: PuzzleId = crate::run::magic::PUZZLE;
    const PLAY_HOVER: &'static str = "Swap the numbers yourself, with hints from the solvers";

    fn browser(&mut self) -> Option<&mut crate::app::browser::Browser> {
        Some(&mut self.browser)
    }

    /// An order out of range or an unknown algorithm is replaced by its default.
    fn checked(mut settings: MagicSettings) -> MagicSettings {
        if settings.order == 0 || settings.order > MAX_APP_ORDER {
            settings.order = MagicSettings::default().order;
        }
        settings
    }

    fn new(_settings: &MagicSettings) -> MagicTab {
        MagicTab {
            order_text: Typed::default(),
            square: Vec::new(),
            shown_fitness: None,
            report: None,
            selected: None,
            browser: crate::app::browser::Browser::new(&browse::MagicBrowse),
        }
    }

    fn param_values(settings: &MagicSettings) -> BTreeMap<String, String> {
        settings.params.clone()
    }

    fn owns(file: &RunFile) -> bool {
        <&MagicJob>::try_from(&file.job).is_ok()
    }

    fn replay(tab: &mut MagicView, ctx: &egui::Context, file: RunFile) -> Result<(), AppError> {
        tab.replay(ctx, file)
    }

    fn board_text(tab: &mut MagicView) -> Option<String> {
        tab.board_as_text()
    }

    /// The magic square played by hand, when it is one.
    fn played(tab: &MagicView) -> Option<crate::app::played::Played> {
        let order = tab.settings.order;
        tab.play
            .is_magic(order as usize)
            .then(|| crate::app::played::Played {
                on: std::sync::Arc::new(crate::app::puzzles::magic::MagicInstance { order }),
                answer: tab.play.cells().to_vec(),
            })
    }

    fn place(
        tab: &MagicView,
        choice: crate::run::setup::Choice,
    ) -> Box<dyn crate::run::setup::LessonSetUp> {
        let instance = crate::run::magic::setup::MagicSetUp {
            order: tab.settings.order,
            ..Default::default()
        };
        Box::new(instance.with(choice))
    }

    /// A lesson's order, algorithm, and whether the student plays.
    fn set_up(tab: &mut MagicView, _ctx: &egui::Context, setup: &crate::run::setup::Setup) -> bool {
        use crate::run::setup::LessonMode;
        let Some(&crate::run::magic::setup::MagicSetUp {
            order,
            ref algorithm,
            ref mode,
            ..
        }) = setup.get()
        else {
            return false;
        };
        tab.stop();
        tab.reset_results();
        tab.set_order(order);
        if let Some(a) = algorithm {
            tab.settings.pick(a);
        }
        tab.hold = None;
        // A lesson begins its game afresh: a new deal, no hint (on squares play mode takes).
        if tab.settings.order as usize <= play::MAX_PLAY_ORDER {
            tab.play
                .deal(tab.settings.order as usize, tab.settings.seed);
        }
        tab.mode = if *mode == LessonMode::Play {
            Mode::Play
        } else {
            Mode::Run
        };
        true
    }

    fn start_run(tab: &mut MagicView, ctx: &egui::Context) {
        tab.start_run(ctx);
    }

    fn stop_by_user(tab: &mut MagicView) {
        tab.stop_by_user();
    }

    /// Space pauses or resumes the search.
    fn run_key(tab: &mut MagicView, action: Action) {
        if action == Action::Play && tab.live.is_running() {
            tab.live.toggle_pause();
        }
    }

    /// The best square so far, or the run's end.
    fn polled(tab: &mut MagicView, _ctx: &egui::Context, polled: Polled) {
        if let Some(sq) = polled.snapshot {
            tab.show(sq);
        }
        if let Some(result) = polled.finished {
            tab.finish(result);
        }
    }

    fn instance_form(tab: &mut MagicView, ui: &mut Ui) -> Option<AppError> {
        ui.heading("Square");
        let order = tab.settings.order.to_string();
        let field = ui
            .horizontal(|ui| {
                let read = whole("The order", 1..=MAX_APP_ORDER);
                let field = tab.own.order_text.show(ui, "Order", &order, 60.0, read);
                field.response.clone().on_hover_text(format!(
                    "An n × n square holding 1 to n², n from 1 to {MAX_APP_ORDER}"
                ));
                field
            })
            .inner;
        if let Some(n) = field.commit {
            tab.set_order(n);
        }
        if let Some(h) = &field.hold {
            hold_note(ui, h);
        }
        ui.horizontal_wrapped(|ui| {
            for &n in PRESETS {
                if ui
                    .button(format!("{n}×{n}"))
                    .on_hover_text("Order preset")
                    .clicked()
                {
                    tab.set_order(n);
                }
            }
        });
        let n = tab.settings.order as usize;
        ui.label(format!("Every line must add up to {}", magic_constant(n)));
        tab.own.browser.controls(ui, n, &mut tab.mode);
        field.hold
    }

    fn picks() -> Vec<(&'static str, &'static str, &'static str)> {
        MAGIC_ALGORITHMS
            .iter()
            .map(|a| (a.id, a.name, a.summary))
            .collect()
    }

    fn play_controls(tab: &mut MagicView, ui: &mut Ui) {
        let n = tab.settings.order as usize;
        let on_show = (!tab.own.square.is_empty()).then_some(&tab.own.square[..]);
        tab.play.controls_ui(ui, n, tab.settings.seed, on_show);
    }

    /// What the algorithm does, its parameters, and a warning where the GA seldom gets
    /// there.
    fn algorithm_form(tab: &mut MagicView, ui: &mut Ui, _picked: bool) -> Option<AppError> {
        let algo = tab.settings.algorithm.info();
        ui.label(algo.summary);
        let hold = param_form(ui, algo, &mut tab.settings.params, &[]);
        if tab.settings.algorithm == MagicAlgo::Ga && tab.settings.order > GA_COMFORTABLE_ORDER {
            let name = MagicAlgo::Construct.info().name;
            ui.label(
                RichText::new(format!("From order {} the GA seldom reaches a magic square within its generations; the {name} algorithm builds one of any order at once.", GA_COMFORTABLE_ORDER + 1))
                    .color(ui.visuals().warn_fg_color),
            );
        }
        hold
    }

    /// The run buttons and the microscope.
    fn run_controls(tab: &mut MagicView, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        let blocked = tab.hold.as_ref().map(ToString::to_string);
        let pressed = tab.live.buttons(
            ui,
            "Run the chosen algorithm (R)",
            blocked.as_deref(),
            |_| {},
            |_| {},
        );
        if pressed.run {
            tab.start_run(&ctx);
        }
        if pressed.stop {
            tab.stop_by_user();
        }
        if pressed.reset {
            tab.stop();
            tab.reset_results();
        }
        if tab.settings.algorithm.offers().microscope {
            let held = tab.hold.as_ref().map(ToString::to_string);
            let last = tab.history().last().map(|s| s.generation);
            if let Some(g) = (tab.microscope).controls(ui, None, held, last, &mut tab.mode) {
                let job = crate::run::Job::from(tab.job());
                tab.microscope.start(ui.ctx(), job, g);
                tab.mode = Mode::Microscope;
            }
        }
    }

    fn stats(tab: &mut MagicView, ui: &mut Ui) {
        tab.stats_panel(ui);
    }

    fn main_ui(tab: &mut MagicView, ui: &mut Ui) {
        tab.board_panel(ui);
    }
}

impl MagicView {
    /// The square on show, its numbers right-aligned, a row a line.
    fn board_as_text(&self) -> Option<String> {
        let n = self.settings.order as usize;
        let square = if self.mode == Mode::Play {
            self.play.cells()
        } else {
            &self.own.square
        };
        if square.len() != n * n || n == 0 || n > 100 {
            return None;
        }
        let width = (n * n).to_string().len();
        let mut out = format!("order {n}\n");
        for row in square.chunks(n) {
            let cells: Vec<String> = row.iter().map(|v| format!("{v:>width$}")).collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        Some(out)
    }

    /// Counters, the outcome, the squares found and the fitness plot.
    fn stats_panel(&mut self, ui: &mut Ui) {
        match self.mode {
            Mode::Play => return self.play.stats_ui(ui, self.settings.order as usize),
            Mode::Browser => return self.own.browser.stats_ui(ui),
            Mode::Run | Mode::Steps | Mode::Microscope => {}
        }
        let elapsed = format_ms(ui.ctx(), self.live.elapsed_ms);
        // The figures of the run on show (of the algorithm chosen, before any run).
        let shown = match self.live.label.as_str() {
            "" => self.settings.algorithm.id(),
            label => label,
        };
        let figures = magic_algorithm(shown).map_or(&[][..], |a| a.figures);
        egui::Grid::new("magic-stats")
            .num_columns(2)
            .show(ui, |ui| {
                for f in figures {
                    stat_row(ui, f.label, f.help, f.value(&self.live.counters));
                }
                if let Some(f) = self.own.shown_fitness {
                    stat_row(ui, "fitness on show", "", f.to_string());
                }
                stat_row(ui, "elapsed", "", elapsed);
            });
        let name = magic_algorithm(&self.live.label).map_or("The search", |a| a.name);
        self.live.status(ui, name);
        let chosen = self.settings.algorithm.info().name;
        self.live.on_show(ui, name, chosen);
        match &self.own.report {
            Some(Ok(r)) => {
                outcome_label(ui, &r.message, r.found);
            }
            Some(Err(e)) => {
                ui.label(RichText::new(e).color(ui.visuals().warn_fg_color));
            }
            None => {}
        }
        self.construction_hint(ui);
        self.found_list(ui);
        self.fitness_plot(ui);
    }

    /// The square with its sums.
    fn board_panel(&mut self, ui: &mut Ui) {
        let n = self.settings.order as usize;
        match self.mode {
            Mode::Play => return self.play.main_ui(ui, n),
            Mode::Browser => return self.own.browser.main_ui(ui),
            Mode::Run | Mode::Steps | Mode::Microscope => {}
        }
        let now = crate::run::Job::from(self.job());
        if self.microscope.on_show(&now, self.mode) {
            let job = now;
            return self.microscope.main_ui(
                ui,
                || job,
                |ui, cells, _| {
                    let shown = magic_grid(ui, n, cells, true);
                    crate::app::export::register(ui.ctx(), "square", shown.area);
                },
            );
        }
        let shown = magic_grid(ui, n, &self.own.square, true);
        crate::app::export::register(ui.ctx(), "square", shown.area);
    }
}
