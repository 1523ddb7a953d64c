//! The Experiments view: the command line's `bench` experiments in the app, run on a
//! background thread with a progress bar and a Stop button. Start-square sweeps show as a
//! heat map on the board, board-size scaling as a line plot, the source documents' tables
//! as tables.

mod form;
mod outcome;
mod show;
mod solved;
mod task;

pub use form::{ParamPairs, Sizes};
pub use outcome::Outcome;
pub use show::Metric;
use show::*;
pub use task::ExperimentTask;
use task::{PartOutcome, Parts};

use super::background::{AsRon, Background};
use super::runs::Action;
use super::view::View;
use crate::app::widgets::figures::timings_hidden;
use crate::bench::knight::{LEVELS, check_params_of};
use crate::puzzle::queens::Heuristic;
use crate::run::{Algorithm, KnightAlgo};
use egui::{RichText, Ui};
use serde::{Deserialize, Serialize};
use std::fmt::Write;
use std::time::Duration;

/// The largest board a sweep takes here (one run per square and run).
const MAX_SWEEP_SIDE: u64 = 16;

/// An experiment the tab runs: one of the command line's `bench` tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Experiment {
    /// The Cultural Algorithm guide: levels 0–4 on one board.
    #[default]
    Levels,
    /// The Cultural Algorithm guide: one algorithm on n × n for several n.
    Sizes,
    /// The Knight's Tour solver report: a GA from every start square.
    SquaresGa,
    /// The Knight's Tour solver report: every tour from every start square, in a time limit
    /// per square.
    SquaresCount,
    /// The N-Queens AI report: the four algorithms at several n.
    #[serde(alias = "Queens")]
    QueensTable,
    /// An AI course's comparison: the local searches and CSP backtracking at several n.
    QueensCourse,
    /// The magic-square GA notebook: the GA's variants over many seeds.
    #[serde(alias = "Magic")]
    MagicVariants,
}

impl Experiment {
    /// Every experiment, in the order the picker lists them.
    pub const ALL: [Experiment; 7] = [
        Experiment::Levels,
        Experiment::Sizes,
        Experiment::SquaresGa,
        Experiment::SquaresCount,
        Experiment::QueensTable,
        Experiment::QueensCourse,
        Experiment::MagicVariants,
    ];

    /// The picker's label: the puzzle, what is measured and the source document.
    pub fn name(self) -> &'static str {
        match self {
            Experiment::Levels => "Knight: levels 0–4 (Cultural Algorithm guide)",
            Experiment::Sizes => "Knight: board sizes (Cultural Algorithm guide)",
            Experiment::SquaresGa => "Knight: GA from every square (Knight's Tour solver report)",
            Experiment::SquaresCount => {
                "Knight: tours from every square (Knight's Tour solver report)"
            }
            Experiment::QueensTable => "N-Queens: the four algorithms (N-Queens AI report)",
            Experiment::QueensCourse => "N-Queens: local search and CSP backtracking compared",
            Experiment::MagicVariants => "Magic squares: GA variants (magic-square GA notebook)",
        }
    }

    /// Whether the experiment's algorithms take parameters here (the knight ones).
    pub fn takes_params(self) -> bool {
        matches!(
            self,
            Experiment::Levels | Experiment::Sizes | Experiment::SquaresGa
        )
    }

    /// The command line that runs the same experiment.
    pub fn command(self, s: &ExperimentSettings) -> String {
        // Counting draws no random numbers: the seed does not apply to it.
        let mut t = match self {
            Experiment::SquaresCount => format!("--time-limit {}s", s.time_limit_s),
            _ => format!("--seed {} --time-limit {}s", s.seed, s.time_limit_s),
        };
        if self.takes_params() {
            for p in &s.params.0 {
                let _ = write!(t, " --param {}={}", p.0, p.1);
            }
        }
        match self {
            Experiment::Levels => format!(
                "searchlab knight bench levels --board {}x{} --trials {} {t}",
                s.side, s.side, s.trials
            ),
            Experiment::Sizes => format!(
                "searchlab knight bench sizes --algo {} --sizes {} --trials {} {t}",
                s.algorithm, s.sizes, s.trials
            ),
            Experiment::SquaresGa => format!(
                "searchlab knight bench squares --algo {} --board {}x{} --runs {} {t}",
                s.squares_algorithm, s.side, s.side, s.runs
            ),
            Experiment::SquaresCount => format!(
                "searchlab knight bench squares --algo count --board {}x{} {t}",
                s.side, s.side
            ),
            Experiment::QueensTable => format!(
                "searchlab queens bench --n {} --trials {} --heuristic {} {t}",
                s.queens_n,
                s.trials,
                s.heuristic.name()
            ),
            Experiment::QueensCourse => format!(
                "searchlab queens bench --set {} --n {} --trials {} {t}",
                <&str>::from(s.course_set),
                s.course_n,
                s.trials
            ),
            Experiment::MagicVariants => format!(
                "searchlab magic bench --order {} --trials {} {t}",
                s.order, s.trials
            ),
        }
    }
}

/// What the user chose; saved between sessions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ExperimentSettings {
    /// The experiment picked: the form shows its fields, the tab its outcome.
    pub experiment: Experiment,
    /// The board's side (levels, sweeps).
    pub side: u64,
    /// Trials per row of the table, from 1 to 10,000 (the GA sweep has `runs` per square
    /// instead, the count sweep one count).
    pub trials: u64,
    /// The first trial's seed: trial `i` runs with `seed + i` (counting draws none).
    pub seed: u64,
    /// Each trial's time limit in seconds, above 0 (the count sweep: each square's).
    pub time_limit_s: f32,
    /// Board-size scaling's algorithm (a saved one that names none reads as level 4).
    #[serde(deserialize_with = "saved_sizes_algorithm")]
    pub algorithm: KnightAlgo,
    /// The boards' sides, as `FROM..TO` (at most 64 values) or a list like `5,8,10`;
    /// each from 1 to 64.
    pub sizes: Sizes,
    /// The sweep's GA, one of [`SWEEP_GAS`] (a saved one that names none reads as the
    /// default).
    #[serde(deserialize_with = "saved_sweep_ga")]
    pub squares_algorithm: KnightAlgo,
    /// GA runs from each start square, from 1 to 100.
    pub runs: u64,
    /// The report's table's n, as `FROM..TO` (at most 64 values) or a list like `5,10`;
    /// each from 1 to 200.
    pub queens_n: Sizes,
    /// The heuristic of best-first, hill climbing and cultural in the report's table (a
    /// saved one that names none reads as h1).
    #[serde(with = "crate::app::queens::saved_heuristic")]
    pub heuristic: Heuristic,
    /// The comparison's algorithms (local, csp or course) and its n.
    pub course_set: crate::bench::queens::Set,
    /// The comparison's n, as `FROM..TO` (at most 64 values) or a list like `8,16,32`;
    /// each from 1 to [`crate::bench::queens::MAX_COURSE_N`].
    pub course_n: Sizes,
    /// The magic squares' order for the GA's variants (the form takes 3 to 5).
    pub order: u64,
    /// What the heat map shows.
    pub metric: Metric,
    /// Parameters of the knight experiments' algorithms (the command line's `--param`),
    /// e.g. `repair=fewest-onward`.
    pub params: ParamPairs,
}

impl Default for ExperimentSettings {
    fn default() -> Self {
        ExperimentSettings {
            experiment: Experiment::Levels,
            side: 8,
            trials: 20,
            seed: 0,
            time_limit_s: 10.0,
            algorithm: KnightAlgo::Level4,
            sizes: Sizes(vec![5, 6, 7, 8]),
            squares_algorithm: KnightAlgo::GaHeuristic,
            runs: 5,
            queens_n: Sizes(vec![5, 10]),
            heuristic: Heuristic::H1,
            course_set: crate::bench::queens::Set::Course,
            course_n: Sizes(vec![8, 16, 32, 64]),
            order: 3,
            metric: Metric::Tours,
            params: ParamPairs::default(),
        }
    }
}

/// The GAs the start-square sweep runs (the Knight's Tour solver report's per-square table).
pub const SWEEP_GAS: [KnightAlgo; 2] = [KnightAlgo::GaHeuristic, KnightAlgo::GaRepair];

/// Board-size scaling's algorithm as a saved form holds it.
fn saved_sizes_algorithm<'de, D: serde::Deserializer<'de>>(d: D) -> Result<KnightAlgo, D::Error> {
    let algorithm = crate::run::algo::saved_id(d)?;
    Ok(algorithm.unwrap_or(ExperimentSettings::default().algorithm))
}

/// The sweep's GA as a saved form holds it: one of [`SWEEP_GAS`].
fn saved_sweep_ga<'de, D: serde::Deserializer<'de>>(d: D) -> Result<KnightAlgo, D::Error> {
    let algorithm = crate::run::algo::saved_id(d)?.filter(|a| SWEEP_GAS.contains(a));
    Ok(algorithm.unwrap_or(ExperimentSettings::default().squares_algorithm))
}

/// The sizes of a list, or the message that asks for some when it has none.
fn listed(sizes: &Sizes) -> Result<&[u64], String> {
    if sizes.0.is_empty() {
        Err("no sizes: give FROM..TO (at most 64 values) or a list like 5,8,10".into())
    } else {
        Ok(&sizes.0)
    }
}

impl ExperimentSettings {
    /// The rows of the experiment's table: one per level, board size, start square,
    /// variant, or n and algorithm.
    pub fn rows_in_all(&self) -> usize {
        match self.experiment {
            Experiment::Levels => LEVELS.len(),
            Experiment::Sizes => self.sizes.0.len(),
            Experiment::SquaresGa | Experiment::SquaresCount => {
                usize::try_from(self.side.saturating_mul(self.side)).unwrap_or(usize::MAX)
            }
            Experiment::QueensTable => {
                self.queens_n.0.len() * crate::bench::queens::REPORT_ALGORITHMS.len()
            }
            Experiment::QueensCourse => {
                self.course_n.0.len() * crate::bench::queens::contenders(self.course_set).len()
            }
            Experiment::MagicVariants => crate::bench::magic::VARIANTS.len(),
        }
    }

    /// The algorithms the parameters go to: the levels, or the experiment's algorithm.
    pub fn param_algorithms(&self) -> Vec<&str> {
        match self.experiment {
            Experiment::Levels => LEVELS.iter().map(|l| l.0).collect(),
            Experiment::Sizes => vec![self.algorithm.id()],
            _ => vec![self.squares_algorithm.id()],
        }
    }

    /// What is wrong with the form for the experiment chosen, if anything: the form says so
    /// and Run waits.
    pub fn check(&self) -> Result<(), String> {
        let s = self;
        if !(1..=10_000).contains(&s.trials) {
            return Err("trials must be from 1 to 10000".into());
        }
        if s.time_limit_s.is_nan() || s.time_limit_s <= 0.0 {
            return Err("the time limit must be above 0".into());
        }
        match s.experiment {
            Experiment::Levels | Experiment::SquaresGa | Experiment::SquaresCount
                if !(3..=MAX_SWEEP_SIDE).contains(&s.side) =>
            {
                Err(format!(
                    "the board's side must be from 3 to {MAX_SWEEP_SIDE} here"
                ))
            }
            Experiment::SquaresGa if !(1..=100).contains(&s.runs) => {
                Err("runs per square must be from 1 to 100".into())
            }
            Experiment::Sizes => listed(&s.sizes).and_then(|v| {
                if v.iter().all(|&n| (1..=64).contains(&n)) {
                    Ok(())
                } else {
                    Err("sizes must be from 1 to 64".into())
                }
            }),
            Experiment::QueensCourse => listed(&s.course_n).and_then(|v| {
                let max = crate::bench::queens::MAX_COURSE_N;
                if s.course_set == crate::bench::queens::Set::Report {
                    Err("choose local, csp or both".into())
                } else if v.iter().all(|&n| (1..=max).contains(&n)) {
                    Ok(())
                } else {
                    Err(format!("n must be from 1 to {max} here"))
                }
            }),
            Experiment::QueensTable => listed(&s.queens_n).and_then(|v| {
                if v.iter().all(|&n| (1..=200).contains(&n)) {
                    Ok(())
                } else {
                    Err("n must be from 1 to 200 here".into())
                }
            }),
            _ => Ok(()),
        }?;
        if s.experiment.takes_params() {
            check_params_of(&s.params.0, &s.param_algorithms()).map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

/// The Experiments tab: the form, the experiment running in the background with its
/// progress bar, and its outcome as tables, plots or a heat map on the board.
pub struct ExperimentsView {
    /// The form's choices, saved between sessions; Run starts from them.
    pub settings: ExperimentSettings,
    /// The experiment under way, in the background.
    running: Option<Background<PartOutcome>>,
    /// The parts of the experiment under way that have come back, and the rows its table
    /// has: once every part has, their rows make the outcome.
    joining: (Parts, usize),
    /// The last experiment's result, or why it was refused or failed; `None` before the
    /// first and while one runs.
    pub outcome: Option<Result<Outcome, String>>,
    /// The experiment the outcome (and the run under way) is of: another one picked, the
    /// outcome is not shown until it is picked again.
    outcome_of: Option<Experiment>,
    /// The outcome is of trials cut short by Stop.
    pub cancelled: bool,
    /// The form's text fields between frames.
    texts: form::Texts,
    /// Why Run waits for a text field: its text is not a value, or one not applied yet.
    hold: Option<crate::app::error::AppError>,
}

impl ExperimentsView {
    /// The view of saved `settings`, nothing run yet.
    pub fn new(settings: ExperimentSettings) -> ExperimentsView {
        ExperimentsView {
            settings,
            running: None,
            joining: (Vec::new(), 0),
            outcome: None,
            outcome_of: None,
            cancelled: false,
            texts: form::Texts::default(),
            hold: None,
        }
    }

    /// `(done, total)` trials of the running experiment.
    pub fn progress(&self) -> Option<(u64, u64)> {
        self.running.as_ref().map(Background::progress)
    }

    /// Checks the form and starts the experiment on a background thread.
    pub fn start(&mut self, ctx: &egui::Context) {
        self.abandon();
        let s = self.settings.clone();
        self.outcome_of = Some(s.experiment);
        if let Err(e) = s.check() {
            self.outcome = Some(Err(e));
            return;
        }
        self.outcome = None;
        self.cancelled = false;
        self.joining = (Vec::new(), s.rows_in_all());
        self.running = Some(Background::task(ctx, ExperimentTask::new(s)));
        // The progress bar moves while the trials run.
        ctx.request_repaint_after(Duration::from_millis(100));
    }

    /// The outcome, when it is of the experiment picked.
    pub fn shown_outcome(&self) -> Option<&Result<Outcome, String>> {
        self.outcome
            .as_ref()
            .filter(|_| self.outcome_of == Some(self.settings.experiment))
    }

    /// Cancels the experiment: every trial stops at its next check and the table covers
    /// those that ended.
    pub fn stop(&mut self) {
        if let Some(r) = &self.running {
            r.cancel();
            self.cancelled = true;
        }
    }

    /// Stops and forgets the running experiment (a new one replaces it).
    fn abandon(&mut self) {
        if let Some(r) = self.running.take() {
            r.cancel();
        }
    }
}

impl View for ExperimentsView {
    fn tab(&self) -> crate::app::Tab {
        crate::app::Tab::Experiments
    }

    fn name(&self) -> &'static str {
        "Experiments"
    }

    fn plot_csv(&self) -> Option<String> {
        match self.shown_outcome() {
            Some(Ok(o)) => Some(o.csv()),
            _ => None,
        }
    }

    fn is_running(&self) -> bool {
        self.running.is_some()
    }

    fn logic(&mut self, ctx: &egui::Context) {
        let Some(r) = &self.running else { return };
        // Looked at before reading: a thread that has ended has sent everything.
        let ended = r.has_ended();
        let parts = &mut self.joining.0;
        parts.extend(r.take().into_iter().map(|(part, AsRon(o))| (part, o)));
        // Every part came back: their rows make the table (on the desktop, one part). A
        // part that failed ends the experiment at once, with its reason.
        let all_back = parts
            .first()
            .is_some_and(|p| parts.len() == p.0.of as usize);
        let failure = parts.iter().find_map(|p| p.1.as_ref().err()).cloned();
        if all_back || failure.is_some() {
            r.cancel();
            let (parts, rows) = std::mem::take(&mut self.joining);
            self.outcome = Some(match failure {
                Some(why) => Err(why),
                None => outcome::join(parts, rows),
            });
            self.running = None;
        } else if ended {
            let why = r.refused().unwrap_or_else(|| match self.cancelled {
                // A browser's worker cannot be asked to wind down: Stop ends it.
                true => "Stopped, as asked. In the browser Stop ends an experiment where it \
                         stands and its rows are not kept (the desktop app keeps those done); \
                         press ▶ Run experiment to run it again."
                    .into(),
                false => "the experiment's thread ended without a result".into(),
            });
            self.outcome = Some(Err(why));
            self.running = None;
            self.joining.0.clear();
        } else {
            // The progress bar moves while the trials run.
            ctx.request_repaint_after(Duration::from_millis(100));
        }
    }

    /// A key: R runs, Esc stops.
    fn act(&mut self, ctx: &egui::Context, action: Action) {
        match action {
            Action::Run
                if !self.is_running() && self.settings.check().is_ok() && self.hold.is_none() =>
            {
                self.start(ctx);
            }
            Action::Stop => self.stop(),
            _ => {}
        }
    }

    fn controls(&mut self, ui: &mut Ui) {
        ui.heading("Experiments");
        let s = &mut self.settings;
        for e in Experiment::ALL {
            ui.radio_value(&mut s.experiment, e, e.name());
        }
        ui.separator();
        self.hold = form::fields(ui, s, &mut self.texts);
        super::widgets::params::seed_and_time_limit(ui, &mut s.seed, &mut s.time_limit_s);
        ui.label(if s.experiment == Experiment::SquaresCount {
            "Counting draws no random numbers: the seed does not change it. The same on the command line:"
        } else {
            "Trial i uses seed + i. The same on the command line:"
        });
        ui.label(RichText::new(s.experiment.command(s)).monospace());
        // A text field's hold is said under the field itself; the rest of the form's here.
        let hold = self.hold.as_ref().map(ToString::to_string).or_else(|| {
            let wrong = s.check().err();
            if let Some(e) = &wrong {
                ui.label(RichText::new(e).color(ui.visuals().error_fg_color));
            }
            wrong
        });
        ui.separator();
        let buttons = super::widgets::params::run_and_stop(
            ui,
            self.is_running(),
            hold.as_deref(),
            "Run experiment",
            if crate::platform::worker::THREADS {
                "Run every trial on all cores (R)"
            } else {
                "Run every trial, its rows shared out among a worker per core of the page (R)"
            },
            "Cancel the experiment (Esc)",
        );
        if buttons.run {
            self.start(ui.ctx());
        }
        if buttons.stop {
            self.stop();
        }
        if let Some((done, total)) = self.progress() {
            ui.add(
                egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                    .text(format!("{done} / {total} trials"))
                    .animate(crate::platform::worker::WAKE_EVERY.is_zero()),
            );
        }
    }

    fn stats(&mut self, ui: &mut Ui) {
        let picked = self.outcome_of == Some(self.settings.experiment);
        match self.shown_outcome() {
            None if !picked && (self.is_running() || self.outcome.is_some()) => {
                let what = self
                    .outcome_of
                    .map_or("another experiment", Experiment::name);
                ui.label(format!(
                    "The last experiment was “{what}”: pick it again to see its table, or press ▶ Run experiment to run this one."
                ));
            }
            None if self.cancelled => {
                ui.label("stopping: the trials under way end at their next check…");
            }
            None if self.is_running() => {
                ui.label("running…");
            }
            None => {
                ui.label("Choose an experiment and press ▶ Run experiment.");
            }
            Some(Err(e)) => {
                ui.label(RichText::new(e).color(ui.visuals().error_fg_color));
            }
            Some(Ok(o)) => {
                let line = match o {
                    Outcome::Levels(rows) | Outcome::Sizes(rows) => {
                        let (n, trials) =
                            (rows.len(), rows.first().map_or(0, |r| r.summary.trials));
                        let plural = |k: usize| if k == 1 { "" } else { "s" };
                        format!(
                            "{n} row{} of {trials} trial{}",
                            plural(n),
                            plural(trials as usize)
                        )
                    }
                    Outcome::SquaresGa(t) => format!(
                        "{} distinct tours in {} evaluations (hit ratio {:.4} %)",
                        t.tours,
                        t.evaluations,
                        100.0 * t.hit_ratio
                    ),
                    Outcome::SquaresCount { rows, .. } => {
                        let stopped = rows.iter().filter(|r| r.tours.is_none()).count();
                        format!(
                            "{} tours in all; {} of {} squares counted completely{}",
                            rows.iter().filter_map(|r| r.tours).sum::<u64>(),
                            rows.iter().filter(|r| r.complete).count(),
                            rows.len(),
                            if stopped > 0 {
                                format!("; {stopped} not counted (stopped first)")
                            } else {
                                String::new()
                            }
                        )
                    }
                    Outcome::QueensTable(rows) => format!("{} rows", rows.len()),
                    Outcome::QueensCourse(rows) => {
                        let solved = rows.iter().map(|r| r.summary.successes).sum::<u64>();
                        let runs = rows.iter().map(|r| r.summary.trials).sum::<u64>();
                        format!(
                            "{} rows; {solved} of {runs} runs solved their board",
                            rows.len()
                        )
                    }
                    Outcome::MagicVariants(rows) => format!("{} variants", rows.len()),
                };
                ui.label(line);
                if self.cancelled {
                    let what = match o {
                        Outcome::SquaresCount { .. } | Outcome::SquaresGa(_) => {
                            "Stopped: squares the experiment did not finish have no figure (–); the others are as they ended."
                        }
                        _ => {
                            "Stopped: the figures cover the trials that ran to the end; a stopped trial counts as not found."
                        }
                    };
                    ui.label(RichText::new(what).color(ui.visuals().warn_fg_color));
                }
            }
        }
    }

    fn main_ui(&mut self, ui: &mut Ui) {
        let picked = self.outcome_of == Some(self.settings.experiment);
        let Some(Ok(outcome)) = self.outcome.as_ref().filter(|_| picked) else {
            ui.centered_and_justified(|ui| {
                ui.label(if self.is_running() {
                    "The experiment is running; its table, plot or heat map appears here when it ends."
                } else {
                    "Pick an experiment on the left and press ▶ Run experiment (R)."
                });
            });
            return;
        };
        let hide = timings_hidden(ui.ctx());
        let metric = &mut self.settings.metric;
        egui::ScrollArea::vertical().show(ui, |ui| match outcome {
            Outcome::Levels(rows) => {
                ui.heading("The Cultural Algorithm guide's performance comparison");
                trials_table(ui, rows, hide, true);
                success_bars(ui, rows);
                let named: Vec<_> = (rows.iter())
                    .map(|r| (show::knight_name(&r.algorithm).to_string(), &r.summary))
                    .collect();
                solved::solved_plot(ui, "levels-solved", &named, hide);
            }
            Outcome::Sizes(rows) => {
                ui.heading("Board-size scaling");
                sizes_plot(ui, rows, hide);
                trials_table(ui, rows, hide, false);
                let named: Vec<_> = (rows.iter())
                    .map(|r| (r.board.clone(), &r.summary))
                    .collect();
                solved::solved_plot(ui, "sizes-solved", &named, hide);
            }
            Outcome::SquaresGa(table) => squares_ga(ui, table, metric, hide),
            Outcome::SquaresCount { side, rows } => squares_count(ui, *side, rows, metric, hide),
            Outcome::QueensTable(rows) => {
                ui.heading("The N-Queens AI report's results table");
                queens_table(ui, rows, hide);
                let named: Vec<_> = (rows.iter())
                    .map(|r| {
                        let name = crate::run::catalog::queens_algorithm(&r.algorithm)
                            .map_or(r.algorithm.as_str(), |a| a.name);
                        (format!("{name}, n = {}", r.n), &r.summary)
                    })
                    .collect();
                solved::solved_plot(ui, "queens-solved", &named, hide);
            }
            Outcome::QueensCourse(rows) => {
                ui.heading("N-Queens: local search and CSP backtracking compared");
                metric_picker(ui, metric, Metric::COURSE);
                course_plot(ui, rows, *metric, hide);
                course_table(ui, rows, hide);
                solved::course_solved_plot(ui, rows, hide);
            }
            Outcome::MagicVariants(rows) => {
                ui.heading("The magic-square GA notebook's GA over many seeds");
                magic_table(ui, rows, hide);
                let named: Vec<_> = (rows.iter())
                    .map(|r| (r.variant.clone(), &r.summary))
                    .collect();
                solved::solved_plot(ui, "magic-solved", &named, hide);
            }
        });
    }
}

/// The GA's sweep from every square: a heat map of the figure picked.
fn squares_ga(
    ui: &mut Ui,
    table: &crate::bench::knight::SquaresTable,
    metric: &mut Metric,
    hide: bool,
) {
    ui.heading(format!(
        "{} from every square of {}",
        show::knight_name(&table.algorithm),
        table.board
    ));
    metric_picker(ui, metric, Metric::GA_SWEEP);
    let side = u64::from(table.rows.iter().map(|r| r.start[0]).max().unwrap_or(0)) + 1;
    let values: Vec<f64> = table
        .rows
        .iter()
        .map(|r| match metric {
            // A square whose runs were all stopped has no figure.
            _ if r.runs == 0 => f64::NAN,
            Metric::SuccessRate => r.successes as f64 / r.runs as f64,
            Metric::Generations => r.mean_generations_to_first,
            Metric::Time => r.mean_ms,
            _ => r.tours as f64,
        })
        .collect();
    heat_board(ui, side, &values, *metric, hide);
}

/// The count from every square: a heat map of the figure picked.
fn squares_count(
    ui: &mut Ui,
    side: u64,
    rows: &[crate::bench::knight::CountRow],
    metric: &mut Metric,
    hide: bool,
) {
    ui.heading(format!("Tours from every square of {side}x{side}"));
    metric_picker(ui, metric, Metric::COUNT_SWEEP);
    let values: Vec<f64> = rows
        .iter()
        .map(|r| {
            // A square the sweep was stopped before has no figure.
            match metric {
                Metric::Calls => r.calls.map(|c| c as f64),
                Metric::Time => r.elapsed_ms,
                _ => r.tours.map(|t| t as f64),
            }
            .unwrap_or(f64::NAN)
        })
        .collect();
    heat_board(ui, side, &values, *metric, hide);
    if rows.iter().any(|r| !r.complete) {
        ui.label("Squares whose count hit the time limit are lower bounds.");
    }
    if *metric == Metric::Time {
        ui.label(
                "One square of each set of mirror images of one another is counted: the others have as many tours and calls, and no time of their own (blank).",
            );
    }
}
