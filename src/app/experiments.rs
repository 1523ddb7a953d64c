//! The Experiments view: the command line's `bench` experiments in the app, run on a
//! background thread with a progress bar and a Stop button. Start-square sweeps show as a
//! heat map on the board, board-size scaling as a line plot, the source documents' tables
//! as tables.

use super::background::Background;
use super::runs::Action;
use super::view::{View, timings_hidden};
use super::widgets::board::{BoardView, board as draw_board};
use crate::bench::knight::{CountRow, LEVELS, Setup, SquaresTable, TrialsRow};
use crate::bench::magic::MagicRow;
use crate::bench::queens::QueensRow;
use crate::bench::{Meter, Summary};
use crate::puzzle::knight::Board;
use egui::{Align2, Color32, FontId, RichText, Ui};
use egui_plot::{Legend, Line, Plot, PlotPoints, Points};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The largest board a sweep takes here (one run per square and run).
const MAX_SWEEP_SIDE: u64 = 16;

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
    /// The magic-square GA notebook: the GA's variants over many seeds.
    #[serde(alias = "Magic")]
    MagicVariants,
}

impl Experiment {
    pub const ALL: [Experiment; 6] = [
        Experiment::Levels,
        Experiment::Sizes,
        Experiment::SquaresGa,
        Experiment::SquaresCount,
        Experiment::QueensTable,
        Experiment::MagicVariants,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Experiment::Levels => "Knight: levels 0–4 (Cultural Algorithm guide)",
            Experiment::Sizes => "Knight: board sizes (Cultural Algorithm guide)",
            Experiment::SquaresGa => "Knight: GA from every square (Knight's Tour solver report)",
            Experiment::SquaresCount => {
                "Knight: tours from every square (Knight's Tour solver report)"
            }
            Experiment::QueensTable => "N-Queens: the four algorithms (N-Queens AI report)",
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
        let mut t = format!("--seed {} --time-limit {}s", s.seed, s.time_limit_s);
        if self.takes_params() {
            for p in parse_params(&s.params).unwrap_or_default() {
                t.push_str(&format!(" --param {}={}", p.0, p.1));
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
                s.queens_n, s.trials, s.heuristic
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
    pub experiment: Experiment,
    /// The board's side (levels, sweeps).
    pub side: u64,
    pub trials: u64,
    pub seed: u64,
    pub time_limit_s: f32,
    /// Board-size scaling's algorithm and sizes (`5..12` or `5,8,10`).
    pub algorithm: String,
    pub sizes: String,
    /// The sweep's GA and its runs per square.
    pub squares_algorithm: String,
    pub runs: u64,
    pub queens_n: String,
    pub heuristic: String,
    pub order: u64,
    /// What the heat map shows.
    pub metric: Metric,
    /// Parameters of the knight experiments' algorithms, `KEY=VALUE` separated by spaces
    /// (the command line's `--param`), e.g. `repair=fewest-onward`.
    pub params: String,
}

impl Default for ExperimentSettings {
    fn default() -> Self {
        ExperimentSettings {
            experiment: Experiment::Levels,
            side: 8,
            trials: 20,
            seed: 0,
            time_limit_s: 10.0,
            algorithm: "level4".into(),
            sizes: "5..8".into(),
            squares_algorithm: "ga-heuristic".into(),
            runs: 5,
            queens_n: "5,10".into(),
            heuristic: "h1".into(),
            order: 3,
            metric: Metric::Tours,
            params: String::new(),
        }
    }
}

/// A per-square figure of a sweep.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Metric {
    #[default]
    Tours,
    SuccessRate,
    Time,
    Calls,
    Generations,
}

impl Metric {
    fn name(self) -> &'static str {
        match self {
            Metric::Tours => "tours found",
            Metric::SuccessRate => "success rate",
            Metric::Time => "time",
            Metric::Calls => "recursive calls",
            Metric::Generations => "generations to the first tour",
        }
    }

    /// The figures a GA sweep has per square.
    const GA_SWEEP: &[Metric] = &[
        Metric::Tours,
        Metric::SuccessRate,
        Metric::Generations,
        Metric::Time,
    ];
    /// The figures a counting sweep has per square.
    const COUNT_SWEEP: &[Metric] = &[Metric::Tours, Metric::Calls, Metric::Time];
}

/// An experiment's result.
#[derive(Debug, Clone)]
pub enum Outcome {
    Levels(Vec<TrialsRow>),
    Sizes(Vec<TrialsRow>),
    SquaresGa(SquaresTable),
    SquaresCount { side: u64, rows: Vec<CountRow> },
    QueensTable(Vec<QueensRow>),
    MagicVariants(Vec<MagicRow>),
}

pub struct ExperimentsView {
    pub settings: ExperimentSettings,
    /// The experiment under way, in the background.
    running: Option<Background<Result<Outcome, String>>>,
    pub outcome: Option<Result<Outcome, String>>,
    /// The outcome is of trials cut short by Stop.
    pub cancelled: bool,
}

fn parse_list(text: &str) -> Result<Vec<u64>, String> {
    let t = text.trim();
    if let Some((a, b)) = t.split_once("..") {
        let (a, b) = (a.trim().parse::<u64>(), b.trim().parse::<u64>());
        return match (a, b) {
            (Ok(a), Ok(b)) if a <= b && b - a < 64 => Ok((a..=b).collect()),
            _ => Err(format!(
                "{t:?}: give FROM..TO (at most 64 values) or a list like 5,8,10"
            )),
        };
    }
    t.split(',')
        .map(|x| {
            x.trim()
                .parse::<u64>()
                .map_err(|_| format!("{t:?}: give FROM..TO or a list like 5,8,10"))
        })
        .collect()
}

/// The parameters field: `KEY=VALUE` pairs separated by spaces or commas.
fn parse_params(text: &str) -> Result<Vec<(String, String)>, String> {
    text.split([' ', ','])
        .filter(|p| !p.trim().is_empty())
        .map(crate::run::catalog::split_param)
        .collect()
}

impl ExperimentsView {
    pub fn new(settings: ExperimentSettings) -> ExperimentsView {
        ExperimentsView {
            settings,
            running: None,
            outcome: None,
            cancelled: false,
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
        let check = || -> Result<(), String> {
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
                Experiment::Sizes => parse_list(&s.sizes).and_then(|v| {
                    if v.iter().all(|&n| (1..=64).contains(&n)) {
                        Ok(())
                    } else {
                        Err("sizes must be from 1 to 64".into())
                    }
                }),
                Experiment::QueensTable => parse_list(&s.queens_n).and_then(|v| {
                    if v.iter().all(|&n| (1..=200).contains(&n)) {
                        Ok(())
                    } else {
                        Err("n must be from 1 to 200 here".into())
                    }
                }),
                _ => Ok(()),
            }
            .and_then(|()| parse_params(&s.params).map(|_| ()))
        };
        if let Err(e) = check() {
            self.outcome = Some(Err(e));
            return;
        }
        self.outcome = None;
        self.cancelled = false;
        self.running = Some(Background::start(
            "searchlab-experiment",
            ctx,
            move |send, work| send(run(&s, work.meter.clone(), work.cancel.clone())),
        ));
        // The progress bar moves while the trials run.
        ctx.request_repaint_after(Duration::from_millis(100));
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
    fn name(&self) -> &'static str {
        "Experiments"
    }

    fn plot_csv(&self) -> Option<String> {
        match &self.outcome {
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
        if let Some(result) = r.take().pop() {
            self.outcome = Some(result);
            self.running = None;
        } else if ended {
            self.outcome = Some(Err("the experiment's thread ended without a result".into()));
            self.running = None;
        } else {
            // The progress bar moves while the trials run.
            ctx.request_repaint_after(Duration::from_millis(100));
        }
    }

    /// A key: R runs, Esc stops.
    fn act(&mut self, ctx: &egui::Context, action: Action) {
        match action {
            Action::Run if !self.is_running() => self.start(ctx),
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
        let num = |ui: &mut Ui, label: &str, v: &mut u64, range: std::ops::RangeInclusive<u64>| {
            ui.horizontal(|ui| {
                let l = ui.label(label);
                ui.add(egui::DragValue::new(v).range(range))
                    .labelled_by(l.id);
            });
        };
        let text = |ui: &mut Ui, label: &str, v: &mut String| {
            ui.horizontal(|ui| {
                let l = ui.label(label);
                ui.add(egui::TextEdit::singleline(v).desired_width(150.0))
                    .labelled_by(l.id);
            });
        };
        match s.experiment {
            Experiment::Levels => {
                num(ui, "Board side", &mut s.side, 3..=MAX_SWEEP_SIDE);
                num(ui, "Trials", &mut s.trials, 1..=10_000);
            }
            Experiment::Sizes => {
                egui::ComboBox::from_label("Algorithm")
                    .selected_text(s.algorithm.clone())
                    .show_ui(ui, |ui| {
                        for a in crate::run::catalog::KNIGHT_ALGORITHMS {
                            ui.selectable_value(&mut s.algorithm, a.id.to_string(), a.name);
                        }
                    });
                text(ui, "Sizes", &mut s.sizes);
                num(ui, "Trials", &mut s.trials, 1..=10_000);
            }
            Experiment::SquaresGa => {
                ui.horizontal(|ui| {
                    for a in ["ga-heuristic", "ga-repair"] {
                        ui.selectable_value(&mut s.squares_algorithm, a.to_string(), a);
                    }
                });
                num(ui, "Board side", &mut s.side, 3..=MAX_SWEEP_SIDE);
                num(ui, "Runs per square", &mut s.runs, 1..=100);
            }
            Experiment::SquaresCount => {
                num(ui, "Board side", &mut s.side, 3..=MAX_SWEEP_SIDE);
                ui.label(RichText::new("The time limit applies to each square.").small());
            }
            Experiment::QueensTable => {
                text(ui, "n", &mut s.queens_n);
                ui.horizontal(|ui| {
                    ui.label("Heuristic");
                    for h in ["h1", "h2", "h3"] {
                        ui.selectable_value(&mut s.heuristic, h.to_string(), h);
                    }
                });
                num(ui, "Trials", &mut s.trials, 1..=10_000);
            }
            Experiment::MagicVariants => {
                num(ui, "Order", &mut s.order, 3..=5);
                num(ui, "Trials", &mut s.trials, 1..=10_000);
            }
        }
        if s.experiment.takes_params() {
            text(ui, "Parameters", &mut s.params);
            ui.label(
                RichText::new(
                    "KEY=VALUE pairs for the algorithms that have them, e.g. repair=fewest-onward",
                )
                .small()
                .weak(),
            );
        }
        super::widgets::params::seed_and_time_limit(ui, &mut s.seed, &mut s.time_limit_s);
        ui.label(RichText::new("Trial i uses seed + i. The same on the command line:").small());
        ui.label(RichText::new(s.experiment.command(s)).small().monospace());
        ui.separator();
        let buttons = super::widgets::params::run_and_stop(
            ui,
            self.is_running(),
            None,
            "Run experiment",
            "Run every trial on all cores (R)",
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
                    .animate(true),
            );
        }
    }

    fn stats(&mut self, ui: &mut Ui) {
        match &self.outcome {
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
                        format!(
                            "{} rows of {} trials",
                            rows.len(),
                            rows.first().map_or(0, |r| r.summary.trials)
                        )
                    }
                    Outcome::SquaresGa(t) => format!(
                        "{} distinct tours in {} evaluations (hit ratio {:.4} %)",
                        t.tours,
                        t.evaluations,
                        100.0 * t.hit_ratio
                    ),
                    Outcome::SquaresCount { rows, .. } => format!(
                        "{} tours in all; {} squares counted completely",
                        rows.iter().map(|r| r.tours).sum::<u64>(),
                        rows.iter().filter(|r| r.complete).count()
                    ),
                    Outcome::QueensTable(rows) => format!("{} rows", rows.len()),
                    Outcome::MagicVariants(rows) => format!("{} variants", rows.len()),
                };
                ui.label(line);
                if self.cancelled {
                    ui.label(
                        RichText::new("Stopped: the figures cover the trials that ran to the end; a stopped trial counts as not found.")
                            .color(ui.visuals().warn_fg_color),
                    );
                }
            }
        }
    }

    fn main_ui(&mut self, ui: &mut Ui) {
        let Some(Ok(outcome)) = &self.outcome else {
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
            }
            Outcome::Sizes(rows) => {
                ui.heading("Board-size scaling");
                sizes_plot(ui, rows, hide);
                trials_table(ui, rows, hide, false);
            }
            Outcome::SquaresGa(table) => {
                ui.heading(format!(
                    "{} from every square of {}",
                    table.algorithm, table.board
                ));
                metric_picker(ui, metric, Metric::GA_SWEEP);
                let side = table.rows.iter().map(|r| r.start[0]).max().unwrap_or(0) as u64 + 1;
                let values: Vec<f64> = table
                    .rows
                    .iter()
                    .map(|r| match metric {
                        Metric::SuccessRate => r.successes as f64 / r.runs.max(1) as f64,
                        Metric::Generations => r.mean_generations_to_first,
                        Metric::Time => r.mean_ms,
                        _ => r.tours as f64,
                    })
                    .collect();
                heat_board(ui, side, &values, *metric, hide);
            }
            Outcome::SquaresCount { side, rows } => {
                ui.heading(format!("Tours from every square of {side}x{side}"));
                metric_picker(ui, metric, Metric::COUNT_SWEEP);
                let values: Vec<f64> = rows
                    .iter()
                    .map(|r| match metric {
                        Metric::Calls => r.calls as f64,
                        Metric::Time => r.elapsed_ms,
                        _ => r.tours as f64,
                    })
                    .collect();
                heat_board(ui, *side, &values, *metric, hide);
                if rows.iter().any(|r| !r.complete) {
                    ui.label(
                        RichText::new("Squares whose count hit the time limit are lower bounds.")
                            .small(),
                    );
                }
            }
            Outcome::QueensTable(rows) => {
                ui.heading("The N-Queens AI report's results table");
                queens_table(ui, rows, hide);
            }
            Outcome::MagicVariants(rows) => {
                ui.heading("The magic-square GA notebook's GA over many seeds");
                magic_table(ui, rows, hide);
            }
        });
    }
}

/// The choice of the figure a sweep's heat map shows, among the sweep's `metrics`.
fn metric_picker(ui: &mut Ui, metric: &mut Metric, metrics: &[Metric]) {
    if !metrics.contains(metric) {
        *metric = metrics[0];
    }
    ui.horizontal(|ui| {
        ui.label("Show");
        for &m in metrics {
            ui.selectable_value(metric, m, m.name());
        }
    });
}

impl Outcome {
    /// The table as CSV: one row per table row, the columns of `--json`'s rows.
    pub fn csv(&self) -> String {
        match self {
            Outcome::Levels(rows) | Outcome::Sizes(rows) => csv_of(rows),
            Outcome::SquaresGa(t) => csv_of(&t.rows),
            Outcome::SquaresCount { rows, .. } => csv_of(rows),
            Outcome::QueensTable(rows) => csv_of(rows),
            Outcome::MagicVariants(rows) => csv_of(rows),
        }
    }
}

/// Rows as CSV, the header from the first row's fields (as `--json` names them).
fn csv_of<T: Serialize>(rows: &[T]) -> String {
    use serde_json::Value;
    let objects: Vec<serde_json::Map<String, Value>> = rows
        .iter()
        .filter_map(|r| match serde_json::to_value(r) {
            Ok(Value::Object(m)) => Some(m),
            _ => None,
        })
        .collect();
    let Some(first) = objects.first() else {
        return String::new();
    };
    let header: Vec<&String> = first.keys().collect();
    let cell = |v: Option<&Value>| match v {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) if s.contains([',', '"']) => {
            format!("\"{}\"", s.replace('"', "\"\""))
        }
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(a)) => format!(
            "\"{}\"",
            a.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(",")
        ),
        Some(v) => v.to_string(),
    };
    let mut out = header
        .iter()
        .map(|h| h.as_str())
        .collect::<Vec<_>>()
        .join(",");
    out.push('\n');
    for o in &objects {
        let line: Vec<String> = header.iter().map(|h| cell(o.get(*h))).collect();
        out.push_str(&line.join(","));
        out.push('\n');
    }
    out
}

/// Runs the experiment `s` names (on this thread; trials in parallel with rayon).
fn run(
    s: &ExperimentSettings,
    meter: Arc<Meter>,
    cancel: Arc<AtomicBool>,
) -> Result<Outcome, String> {
    let time_limit = Duration::from_secs_f32(s.time_limit_s.max(0.001));
    let setup = Setup {
        seed: s.seed,
        time_limit,
        params: parse_params(&s.params)?,
        cancel: cancel.clone(),
        meter: Some(meter.clone()),
    };
    Ok(match s.experiment {
        Experiment::Levels => Outcome::Levels(crate::bench::knight::levels(
            &setup,
            (s.side, s.side),
            (0, 0),
            s.trials,
        )?),
        Experiment::Sizes => Outcome::Sizes(crate::bench::knight::sizes(
            &setup,
            &s.algorithm,
            &parse_list(&s.sizes)?,
            s.trials,
        )?),
        Experiment::SquaresGa => Outcome::SquaresGa(crate::bench::knight::squares_ga(
            &setup,
            &s.squares_algorithm,
            (s.side, s.side),
            s.runs,
        )?),
        Experiment::SquaresCount => Outcome::SquaresCount {
            side: s.side,
            rows: crate::bench::knight::squares_count(&setup, (s.side, s.side))?,
        },
        Experiment::QueensTable => Outcome::QueensTable(crate::bench::queens::table(
            &parse_list(&s.queens_n)?,
            s.trials,
            s.seed,
            &s.heuristic,
            time_limit,
            &cancel,
            Some(meter),
        )?),
        Experiment::MagicVariants => Outcome::MagicVariants(crate::bench::magic::table(
            s.order,
            s.trials,
            s.seed,
            time_limit,
            &cancel,
            Some(meter),
        )?),
    })
}

fn ms(ms: f64, hide: bool) -> String {
    if hide {
        "—".into()
    } else if ms < 10.0 {
        format!("{ms:.3}")
    } else {
        format!("{ms:.1}")
    }
}

fn summary_cells(ui: &mut Ui, s: &Summary, hide: bool) {
    ui.label(s.trials.to_string());
    ui.label(s.successes.to_string());
    ui.label(format!("{:.0} %", 100.0 * s.success_rate));
    ui.label(ms(s.mean_ms, hide));
    ui.label(ms(s.median_ms, hide));
    ui.label(ms(s.min_ms, hide));
    ui.label(ms(s.max_ms, hide));
}

const SUMMARY_HEADERS: [&str; 7] = [
    "trials",
    "found",
    "success",
    "mean ms",
    "median ms",
    "min ms",
    "max ms",
];

fn trials_table(ui: &mut Ui, rows: &[TrialsRow], hide: bool, levels: bool) {
    egui::Grid::new("trials-table")
        .striped(true)
        .show(ui, |ui| {
            ui.label(RichText::new(if levels { "level" } else { "board" }).strong());
            ui.label(RichText::new("algorithm").strong());
            for h in SUMMARY_HEADERS {
                ui.label(RichText::new(h).strong());
            }
            ui.label(RichText::new("best / worst batch of 10").strong());
            ui.label(RichText::new("mean generations").strong());
            ui.end_row();
            for r in rows {
                let first = if levels {
                    LEVELS
                        .iter()
                        .find(|l| l.0 == r.algorithm)
                        .map_or("?".to_string(), |l| l.1.to_string())
                } else {
                    r.board.clone()
                };
                ui.label(first);
                ui.label(&r.algorithm);
                summary_cells(ui, &r.summary, hide);
                ui.label(format!(
                    "{:.0} % / {:.0} %",
                    100.0 * r.best_batch_rate,
                    100.0 * r.worst_batch_rate
                ));
                ui.label(format!("{:.1}", r.mean_generations));
                ui.end_row();
            }
        });
}

fn success_bars(ui: &mut Ui, rows: &[TrialsRow]) {
    let names: Vec<String> = rows.iter().map(|r| r.algorithm.clone()).collect();
    Plot::new("levels-success")
        .height(200.0)
        .include_y(0.0)
        .include_y(100.0)
        .y_axis_label("success rate (%)")
        .x_axis_formatter(move |m, _| {
            let i = m.value.round();
            if (m.value - i).abs() < 1e-6 && i >= 0.0 {
                names.get(i as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .allow_scroll(false)
        .show(ui, |plot| {
            let bars = rows
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    egui_plot::Bar::new(i as f64, 100.0 * r.summary.success_rate).width(0.6)
                })
                .collect();
            plot.bar_chart(
                egui_plot::BarChart::new("success rate", bars)
                    .color(Color32::from_rgb(90, 170, 255)),
            );
        });
}

fn sizes_plot(ui: &mut Ui, rows: &[TrialsRow], hide: bool) {
    let side_of = |r: &TrialsRow| {
        r.board
            .split('x')
            .next()
            .and_then(|s| s.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    let success: Vec<[f64; 2]> = rows
        .iter()
        .map(|r| [side_of(r), 100.0 * r.summary.success_rate])
        .collect();
    let time: Vec<[f64; 2]> = rows
        .iter()
        .map(|r| [side_of(r), r.summary.mean_ms])
        .collect();
    let plots = ui.horizontal(|ui| {
        let w = ((ui.available_width() - 24.0) / 2.0).max(200.0);
        ui.vertical(|ui| {
            ui.label("success rate (%) by board side");
            Plot::new("sizes-success")
                .height(220.0)
                .width(w)
                .include_y(0.0)
                .include_y(100.0)
                .x_axis_label("board side n (n × n)")
                .allow_scroll(false)
                .show(ui, |plot| {
                    plot.line(
                        Line::new("success rate", PlotPoints::from(success.clone()))
                            .color(Color32::from_rgb(110, 200, 110)),
                    );
                    plot.points(
                        Points::new("", PlotPoints::from(success))
                            .radius(3.0)
                            .color(Color32::from_rgb(110, 200, 110)),
                    );
                });
        });
        ui.vertical(|ui| {
            ui.label(if hide {
                "mean time per trial (ms) by board side: hidden in reproducible pictures"
            } else {
                "mean time per trial (ms) by board side"
            });
            Plot::new("sizes-time")
                .height(220.0)
                .width(w)
                .include_y(0.0)
                .x_axis_label("board side n (n × n)")
                .legend(Legend::default())
                .allow_scroll(false)
                .show(ui, |plot| {
                    if !hide {
                        plot.line(
                            Line::new("mean ms", PlotPoints::from(time.clone()))
                                .color(Color32::from_rgb(255, 150, 60)),
                        );
                        plot.points(
                            Points::new("", PlotPoints::from(time))
                                .radius(3.0)
                                .color(Color32::from_rgb(255, 150, 60)),
                        );
                    }
                });
        });
    });
    super::export::register(ui.ctx(), "size plots", plots.response.rect);
}

/// The board with each square coloured and labelled by its figure.
fn heat_board(ui: &mut Ui, side: u64, values: &[f64], metric: Metric, hide: bool) {
    let Ok(board) = Board::new(side, side) else {
        return;
    };
    let hidden = hide && metric == Metric::Time;
    let max = values.iter().copied().fold(0.0, f64::max);
    // The board's heat map takes whole numbers; a thousand steps are plenty for a colour.
    let heat: Vec<u64> = values
        .iter()
        .map(|&v| {
            if hidden || max <= 0.0 {
                0
            } else {
                (1000.0 * v / max).round() as u64
            }
        })
        .collect();
    let avail = ui
        .available_width()
        .min(ui.available_height().max(300.0))
        .min(640.0);
    let response = ui
        .allocate_ui(egui::vec2(avail, avail), |ui| {
            draw_board(
                ui,
                &BoardView {
                    board: &board,
                    start: 0,
                    path: &[],
                    shown: 0,
                    closed: false,
                    degrees: false,
                    heat: Some(&heat),
                },
            )
        })
        .inner;
    let rect = response.response.rect;
    super::export::register(ui.ctx(), "heat map", rect);
    let cell = rect.width() / side as f32;
    if cell >= 20.0 && !hidden {
        let painter = ui.painter_at(rect);
        let text = if ui.visuals().dark_mode {
            Color32::WHITE
        } else {
            Color32::BLACK
        };
        for (i, &v) in values.iter().enumerate() {
            let (r, c) = (i as u64 / side, i as u64 % side);
            let centre = rect.min + egui::vec2((c as f32 + 0.5) * cell, (r as f32 + 0.5) * cell);
            painter.text(
                centre,
                Align2::CENTER_CENTER,
                format_metric(v, metric),
                FontId::proportional((cell * 0.26).clamp(8.0, 16.0)),
                text,
            );
        }
    }
    if let Some(sq) = response.hovered {
        let (r, c) = board.row_col(sq);
        let v = values.get(sq as usize).copied().unwrap_or(0.0);
        ui.label(format!(
            "{} (row {r}, column {c}): {} {}",
            board.name(sq),
            metric.name(),
            if hidden {
                "—".into()
            } else {
                format_metric(v, metric)
            }
        ));
    } else {
        ui.label(RichText::new(format!("Each square: {} from that start square; greener is more. Hover a square for its figure.", metric.name())).small());
    }
}

fn format_metric(v: f64, metric: Metric) -> String {
    match metric {
        Metric::SuccessRate => format!("{:.0}%", 100.0 * v),
        Metric::Time => {
            if v < 10.0 {
                format!("{v:.1}ms")
            } else {
                format!("{v:.0}ms")
            }
        }
        Metric::Generations => format!("{v:.1}"),
        Metric::Tours | Metric::Calls => {
            if v >= 1e6 {
                format!("{:.1}M", v / 1e6)
            } else if v >= 1e4 {
                format!("{:.0}k", v / 1e3)
            } else {
                format!("{v:.0}")
            }
        }
    }
}

fn queens_table(ui: &mut Ui, rows: &[QueensRow], hide: bool) {
    egui::Grid::new("queens-bench-table")
        .striped(true)
        .show(ui, |ui| {
            for h in ["n", "algorithm", "heuristic"] {
                ui.label(RichText::new(h).strong());
            }
            for h in SUMMARY_HEADERS {
                ui.label(RichText::new(h).strong());
            }
            ui.label(RichText::new("document: mean ms, success").strong());
            ui.end_row();
            for r in rows {
                ui.label(r.n.to_string());
                ui.label(&r.algorithm);
                ui.label(&r.heuristic);
                summary_cells(ui, &r.summary, hide);
                ui.label(match (r.document_mean_ms, r.document_success_rate) {
                    (Some(m), Some(s)) => format!("{m:.3}, {:.0} %", 100.0 * s),
                    _ => "—".into(),
                });
                ui.end_row();
            }
        });
}

fn magic_table(ui: &mut Ui, rows: &[MagicRow], hide: bool) {
    egui::Grid::new("magic-bench-table")
        .striped(true)
        .show(ui, |ui| {
            for h in ["variant", "order"] {
                ui.label(RichText::new(h).strong());
            }
            for h in SUMMARY_HEADERS {
                ui.label(RichText::new(h).strong());
            }
            ui.label(RichText::new("median generation").strong());
            ui.label(RichText::new("document").strong());
            ui.end_row();
            for r in rows {
                ui.label(&r.variant);
                ui.label(r.order.to_string());
                summary_cells(ui, &r.summary, hide);
                ui.label(
                    r.median_generation
                        .map_or("—".into(), |g| format!("{g:.0}")),
                );
                ui.label(
                    r.document_generation
                        .map_or("—".into(), |g| format!("generation {g}")),
                );
                ui.end_row();
            }
        });
}
