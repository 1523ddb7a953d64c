//! The Compare view: one instance (board and start, n, or order; a seed), several
//! algorithms run together on worker threads with the same seeds. Each algorithm gets a
//! board (small multiples) on one shared timeline, its curves in plots side by side or
//! overlaid, and its trials (seed, seed + 1, …) summed up in a chart and a table that
//! can be exported as CSV.

use super::export::write_text;
use super::history::History;
use super::runs::{Action, runs_dir};
use super::view::{View, format_ms, timings_hidden};
use super::widgets::board::{BoardView, board as draw_board};
use super::widgets::magic_grid::magic_grid;
use super::widgets::queens_board::{Attacks, QueensBoardView, queens_board};
use crate::bench::Summary;
use crate::puzzle::knight::Board;
use crate::run::catalog::{KNIGHT_ALGORITHMS, MAGIC_ALGORITHMS, QUEENS_ALGORITHMS};
use crate::run::{
    Event, Job, KnightJob, KnightReport, KnightTask, MagicJob, MagicReport, MagicTask, QueensJob,
    QueensReport, QueensTask, Report, Run,
};
use crate::solve::{Budget, Counters, NoObserver};
use egui::{Color32, RichText, Ui};
use egui_plot::{Bar, BarChart, BoxElem, BoxPlot, BoxSpread, Legend, Line, Plot};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// The largest instances the view takes (boards are drawn side by side).
pub const MAX_COMPARE_SIDE: u32 = 64;
pub const MAX_COMPARE_N: u64 = 400;
pub const MAX_COMPARE_ORDER: u64 = 12;
pub const MAX_TRIALS: u64 = 1000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Puzzle {
    #[default]
    Knight,
    Queens,
    Magic,
}

impl Puzzle {
    pub const ALL: [Puzzle; 3] = [Puzzle::Knight, Puzzle::Queens, Puzzle::Magic];

    pub fn name(self) -> &'static str {
        match self {
            Puzzle::Knight => "Knight's Tour",
            Puzzle::Queens => "N-Queens",
            Puzzle::Magic => "Magic squares",
        }
    }

    /// The picker's label (shorter than the tabs', so the two differ).
    pub fn short(self) -> &'static str {
        match self {
            Puzzle::Knight => "Knight",
            Puzzle::Queens => "Queens",
            Puzzle::Magic => "Magic",
        }
    }

    /// `(id, name)` of the algorithms one can compare.
    pub fn algorithms(self) -> Vec<(&'static str, &'static str)> {
        let catalog = match self {
            Puzzle::Knight => KNIGHT_ALGORITHMS,
            Puzzle::Queens => QUEENS_ALGORITHMS,
            Puzzle::Magic => MAGIC_ALGORITHMS,
        };
        catalog.iter().map(|a| (a.id, a.name)).collect()
    }
}

/// What the user chose; saved between sessions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct CompareSettings {
    pub puzzle: Puzzle,
    pub cols: u32,
    pub rows: u32,
    /// `(row, col)`.
    pub start: (u32, u32),
    pub closed: bool,
    pub n: u64,
    pub order: u64,
    pub seed: u64,
    /// Trial i runs with seed `seed + i`; the boards and curves show trial 0.
    pub trials: u64,
    pub time_limit_s: f32,
    pub knight_algorithms: Vec<String>,
    pub queens_algorithms: Vec<String>,
    pub magic_algorithms: Vec<String>,
    /// Run each algorithm with the parameters set in its puzzle's own tab (else with its
    /// defaults).
    pub tab_params: bool,
    /// Curves of all algorithms in one plot (else one plot each, side by side).
    pub overlay: bool,
    /// Timeline speed in steps per second.
    pub speed: f32,
}

impl Default for CompareSettings {
    fn default() -> Self {
        CompareSettings {
            puzzle: Puzzle::Knight,
            cols: 8,
            rows: 8,
            start: (0, 0),
            closed: false,
            n: 8,
            order: 3,
            seed: 1,
            trials: 5,
            time_limit_s: 10.0,
            knight_algorithms: vec!["warnsdorff".into(), "backtrack-warnsdorff".into()],
            queens_algorithms: vec!["backtracking".into(), "hill-climbing".into()],
            magic_algorithms: vec!["ga".into(), "construct".into()],
            tab_params: false,
            overlay: true,
            speed: 12.0,
        }
    }
}

impl CompareSettings {
    pub fn chosen(&self) -> &Vec<String> {
        match self.puzzle {
            Puzzle::Knight => &self.knight_algorithms,
            Puzzle::Queens => &self.queens_algorithms,
            Puzzle::Magic => &self.magic_algorithms,
        }
    }

    fn chosen_mut(&mut self) -> &mut Vec<String> {
        match self.puzzle {
            Puzzle::Knight => &mut self.knight_algorithms,
            Puzzle::Queens => &mut self.queens_algorithms,
            Puzzle::Magic => &mut self.magic_algorithms,
        }
    }

    /// What is wrong with the instance, if anything.
    pub fn check(&self) -> Result<(), String> {
        match self.puzzle {
            Puzzle::Knight => {
                if !(1..=MAX_COMPARE_SIDE).contains(&self.cols)
                    || !(1..=MAX_COMPARE_SIDE).contains(&self.rows)
                {
                    return Err(format!(
                        "the board's sides must be from 1 to {MAX_COMPARE_SIDE} here (the Knight's Tour view takes larger boards)"
                    ));
                }
                if self.start.0 >= self.rows || self.start.1 >= self.cols {
                    return Err("the start square is off the board".into());
                }
            }
            Puzzle::Queens if !(1..=MAX_COMPARE_N).contains(&self.n) => {
                return Err(format!(
                    "n must be from 1 to {MAX_COMPARE_N} here (the N-Queens view takes millions)"
                ));
            }
            Puzzle::Magic if !(1..=MAX_COMPARE_ORDER).contains(&self.order) => {
                return Err(format!(
                    "the order must be from 1 to {MAX_COMPARE_ORDER} here"
                ));
            }
            _ => {}
        }
        if !(1..=MAX_TRIALS).contains(&self.trials) {
            return Err(format!("trials must be from 1 to {MAX_TRIALS}"));
        }
        if self.chosen().is_empty() {
            return Err("choose at least one algorithm".into());
        }
        Ok(())
    }

    /// The job of `algorithm` with `seed` on the chosen instance.
    pub fn job(&self, algorithm: &str, params: &[(String, String)], seed: u64) -> Job {
        let budget =
            Budget::unlimited().with_time(Duration::from_secs_f32(self.time_limit_s.max(0.1)));
        match self.puzzle {
            Puzzle::Knight => Job::Knight(KnightJob {
                cols: self.cols as u64,
                rows: self.rows as u64,
                start: Some(self.start),
                closed: self.closed,
                seed,
                budget,
                task: KnightTask::Solve {
                    algorithm: algorithm.into(),
                    params: params.to_vec(),
                },
            }),
            Puzzle::Queens => Job::Queens(QueensJob {
                n: self.n,
                seed,
                budget,
                threads: Some(1),
                task: QueensTask::Solve {
                    algorithm: algorithm.into(),
                    params: params.to_vec(),
                },
            }),
            Puzzle::Magic => Job::Magic(MagicJob {
                order: self.order,
                seed,
                budget,
                task: MagicTask::Solve {
                    algorithm: algorithm.into(),
                    params: params.to_vec(),
                },
            }),
        }
    }

    /// A name for files: `knight-8x8-seed1`.
    pub fn instance_name(&self) -> String {
        match self.puzzle {
            Puzzle::Knight => format!("knight-{}x{}-seed{}", self.cols, self.rows, self.seed),
            Puzzle::Queens => format!("queens-{}-seed{}", self.n, self.seed),
            Puzzle::Magic => format!("magic-{}-seed{}", self.order, self.seed),
        }
    }
}

/// Whether a report found its answer, how long it took, and the answer as a sequence the
/// timeline plays: a tour's squares, the queens column by column, a square's cells.
fn answer_of(report: &Report) -> (bool, f64, Vec<u32>, Counters, String) {
    match report {
        Report::Knight(KnightReport::Solve(r)) => (
            r.found,
            r.elapsed_ms,
            r.path.clone(),
            r.counters,
            r.message.clone(),
        ),
        Report::Queens(QueensReport::Solve(r)) => (
            r.found,
            r.elapsed_ms,
            r.rows.clone(),
            r.counters,
            r.message.clone(),
        ),
        Report::Magic(MagicReport::Solve(r)) => (
            r.found,
            r.elapsed_ms,
            r.squares
                .first()
                .map(|s| s.0.clone())
                .unwrap_or_else(|| r.best.clone()),
            r.counters,
            r.message.clone(),
        ),
        _ => (
            false,
            0.0,
            Vec::new(),
            Counters::default(),
            "not a solve".into(),
        ),
    }
}

/// One algorithm in the comparison.
pub struct Lane {
    pub algorithm: String,
    /// The parameters it ran with (none: its defaults).
    pub params: Vec<(String, String)>,
    run: Option<Run>,
    /// The running search's latest state (tour so far, placement, best square).
    live: Vec<u32>,
    /// Trial 0's answer, played by the timeline.
    pub answer: Vec<u32>,
    pub found: Option<bool>,
    pub message: String,
    pub counters: Counters,
    pub elapsed_ms: f64,
    /// Best fitness per generation (evolutionary algorithms), trial 0.
    pub history: History,
    /// `(nodes, deepest)` at each progress event, trial 0 (search algorithms).
    pub progress: Vec<[f64; 2]>,
    /// `(found, milliseconds)` of every trial that has ended, trial 0 first.
    pub trials: Vec<(bool, f64)>,
    pub error: Option<String>,
}

impl Lane {
    fn new(algorithm: &str, params: Vec<(String, String)>, run: Run) -> Lane {
        Lane {
            algorithm: algorithm.to_string(),
            params,
            run: Some(run),
            live: Vec::new(),
            answer: Vec::new(),
            found: None,
            message: String::new(),
            counters: Counters::default(),
            elapsed_ms: 0.0,
            history: History::default(),
            // Every search starts with nothing placed.
            progress: vec![[0.0, 0.0]],
            trials: Vec::new(),
            error: None,
        }
    }

    pub fn summary(&self) -> Summary {
        Summary::of(&self.trials)
    }

    fn poll(&mut self) {
        let Some(run) = &self.run else { return };
        if let Some(s) = run.take_snapshot() {
            self.live = s;
        }
        for event in run.drain() {
            match event {
                Event::Progress {
                    counters,
                    elapsed_ms,
                } => {
                    self.counters = counters;
                    self.elapsed_ms = elapsed_ms;
                    if counters.generations == 0 {
                        self.progress
                            .push([counters.nodes as f64, counters.max_depth as f64]);
                    }
                }
                Event::Generations(batch) => {
                    for g in batch {
                        self.history.record(g);
                    }
                }
                Event::Started { .. } => {}
                Event::Finished(result) => {
                    self.run = None;
                    self.live.clear();
                    match result {
                        Ok(report) => {
                            let (found, ms, answer, counters, message) = answer_of(&report);
                            self.found = Some(found);
                            self.elapsed_ms = ms;
                            self.answer = answer;
                            self.counters = counters;
                            self.message = message;
                            if counters.generations == 0 {
                                self.progress
                                    .push([counters.nodes as f64, counters.max_depth as f64]);
                            }
                            self.trials.push((found, ms));
                        }
                        Err(e) => self.error = Some(e.to_string()),
                    }
                }
            }
        }
    }
}

/// An algorithm's parameters as `(name, value)` pairs.
type Params = Vec<(String, String)>;

/// A trial of the algorithm in lane `.0`: found and milliseconds, or why it failed.
type TrialResult = (usize, Result<(bool, f64), String>);

/// The trials after the first, run in parallel once the live runs have ended.
struct Batch {
    results: Receiver<TrialResult>,
    total: u64,
    done: u64,
    thread: Option<std::thread::JoinHandle<()>>,
}

pub struct CompareView {
    pub settings: CompareSettings,
    cols_text: String,
    rows_text: String,
    n_text: String,
    order_text: String,
    trials_text: String,
    /// Why the form was refused, shown under it.
    pub error: Option<String>,
    lanes: Vec<Lane>,
    /// The instance the lanes ran on (the form may have changed since).
    ran: CompareSettings,
    board: Arc<Board>,
    batch: Option<Batch>,
    /// Cancelled runs winding down.
    stopping: Vec<Run>,
    /// The batch of trials' cancel flag.
    cancel: Arc<AtomicBool>,
    /// The user stopped the comparison: no trials follow.
    stopped: bool,
    /// The shared timeline: how many steps of every answer are shown.
    pub shown: usize,
    pub playing: bool,
    carry: f32,
    /// Where "Save CSV" writes, and what came of the last export.
    pub csv_path: String,
    pub export_notice: Option<Result<String, String>>,
    /// Shows "—" instead of times, so that pictures of the window are reproducible.
    /// The parameters the puzzle tabs' forms hold (`algorithm.name` → value), kept up to
    /// date by the app while this view is on show.
    pub tab_values: BTreeMap<String, String>,
}

const COLOURS: [Color32; 8] = [
    Color32::from_rgb(90, 170, 255),
    Color32::from_rgb(255, 150, 60),
    Color32::from_rgb(110, 200, 110),
    Color32::from_rgb(230, 90, 120),
    Color32::from_rgb(180, 130, 255),
    Color32::from_rgb(230, 200, 70),
    Color32::from_rgb(80, 210, 200),
    Color32::from_rgb(200, 140, 100),
];

fn colour(i: usize) -> Color32 {
    COLOURS[i % COLOURS.len()]
}

impl CompareView {
    pub fn new(settings: CompareSettings) -> CompareView {
        let mut settings = settings;
        for p in Puzzle::ALL {
            let valid: Vec<&str> = p.algorithms().iter().map(|a| a.0).collect();
            let s = &mut settings;
            let chosen = match p {
                Puzzle::Knight => &mut s.knight_algorithms,
                Puzzle::Queens => &mut s.queens_algorithms,
                Puzzle::Magic => &mut s.magic_algorithms,
            };
            chosen.retain(|a| valid.contains(&a.as_str()));
        }
        if settings.check().is_err() && settings.chosen().is_empty() {
            let d = CompareSettings::default();
            *settings.chosen_mut() = d.chosen().clone();
        }
        let board = Board::new(
            settings.cols.clamp(1, MAX_COMPARE_SIDE) as u64,
            settings.rows.clamp(1, MAX_COMPARE_SIDE) as u64,
        )
        .map(Arc::new)
        .unwrap_or_else(|_| Arc::new(Board::new(8, 8).expect("8x8 is a board")));
        CompareView {
            cols_text: settings.cols.to_string(),
            rows_text: settings.rows.to_string(),
            n_text: settings.n.to_string(),
            order_text: settings.order.to_string(),
            trials_text: settings.trials.to_string(),
            ran: settings.clone(),
            settings,
            error: None,
            lanes: Vec::new(),
            board,
            batch: None,
            stopping: Vec::new(),
            cancel: Arc::new(AtomicBool::new(false)),
            stopped: false,
            shown: 0,
            playing: false,
            carry: 0.0,
            csv_path: String::new(),
            export_notice: None,
            tab_values: BTreeMap::new(),
        }
    }

    /// The parameters `algorithm` runs with: none (its defaults), or its tab's.
    fn params_of(&self, algorithm: &str) -> Vec<(String, String)> {
        if !self.settings.tab_params {
            return Vec::new();
        }
        let catalog = match self.settings.puzzle {
            Puzzle::Knight => KNIGHT_ALGORITHMS,
            Puzzle::Queens => QUEENS_ALGORITHMS,
            Puzzle::Magic => MAGIC_ALGORITHMS,
        };
        catalog
            .iter()
            .find(|a| a.id == algorithm)
            .map(|a| super::widgets::params::params_for(a, &self.tab_values))
            .unwrap_or_default()
    }

    pub fn lanes(&self) -> &[Lane] {
        &self.lanes
    }

    /// Trials done and in all (the first trial of each algorithm included).
    pub fn trials_progress(&self) -> (u64, u64) {
        let total = self.ran.trials * self.lanes.len() as u64;
        let done: usize = self.lanes.iter().map(|l| l.trials.len()).sum();
        (done as u64, total)
    }

    /// The longest answer: the timeline's end.
    pub fn timeline_len(&self) -> usize {
        self.lanes.iter().map(|l| l.answer.len()).max().unwrap_or(0)
    }

    /// Applies the text fields to the settings; `Err` says which is wrong.
    fn apply_fields(&mut self) -> Result<(), String> {
        let num = |t: &str, what: &str| -> Result<u64, String> {
            t.trim()
                .replace(['_', ','], "")
                .parse::<u64>()
                .map_err(|_| format!("{what} must be a whole number (got {:?})", t.trim()))
        };
        let s = &mut self.settings;
        match s.puzzle {
            Puzzle::Knight => {
                s.cols = num(&self.cols_text, "Columns")?.min(u32::MAX as u64) as u32;
                s.rows = num(&self.rows_text, "Rows")?.min(u32::MAX as u64) as u32;
                if s.cols >= 1 && s.rows >= 1 {
                    s.start = (s.start.0.min(s.rows - 1), s.start.1.min(s.cols - 1));
                }
            }
            Puzzle::Queens => s.n = num(&self.n_text, "n")?,
            Puzzle::Magic => s.order = num(&self.order_text, "The order")?,
        }
        s.trials = num(&self.trials_text, "Trials")?;
        s.check()
    }

    /// Starts every chosen algorithm on its own worker, trial 0 with the seed; the other
    /// trials follow once these have ended.
    pub fn start(&mut self, ctx: &egui::Context) {
        self.stop();
        if let Err(e) = self.apply_fields() {
            self.error = Some(e);
            return;
        }
        let jobs: Vec<(String, Params, Job)> = self
            .settings
            .chosen()
            .iter()
            .map(|a| {
                let params = self.params_of(a);
                let job = self.settings.job(a, &params, self.settings.seed);
                (a.clone(), params, job)
            })
            .collect();
        if let Some(e) = jobs.iter().find_map(|(_, _, j)| j.check().err()) {
            self.error = Some(e.to_string());
            return;
        }
        self.error = None;
        self.export_notice = None;
        self.ran = self.settings.clone();
        if self.ran.puzzle == Puzzle::Knight
            && (self.board.cols(), self.board.rows()) != (self.ran.cols, self.ran.rows)
            && let Ok(b) = Board::new(self.ran.cols as u64, self.ran.rows as u64)
        {
            self.board = Arc::new(b);
        }
        self.stopped = false;
        self.lanes = jobs
            .into_iter()
            .map(|(a, params, job)| {
                let ctx = ctx.clone();
                let run = Run::start(job, move || ctx.request_repaint());
                Lane::new(&a, params, run)
            })
            .collect();
        self.shown = 0;
        self.playing = false;
    }

    /// Cancels every run and the trials still to come.
    pub fn stop(&mut self) {
        self.stopped = true;
        self.cancel.store(true, Ordering::Relaxed);
        for l in &mut self.lanes {
            if let Some(run) = l.run.take() {
                run.cancel();
                // Kept until its thread has ended: dropping it here would wait for it.
                self.stopping.push(run);
                if l.found.is_none() && l.error.is_none() {
                    l.error = Some("stopped by the user".into());
                }
            }
        }
        // The batch's thread is detached: it checks the flag between nodes and ends.
        self.batch = None;
    }

    fn start_batch(&mut self, ctx: &egui::Context) {
        let s = self.ran.clone();
        let mut jobs: Vec<(usize, Job)> = Vec::new();
        for i in 1..s.trials {
            for (k, l) in self.lanes.iter().enumerate() {
                if l.error.is_none() {
                    jobs.push((k, s.job(&l.algorithm, &l.params, s.seed + i)));
                }
            }
        }
        if jobs.is_empty() {
            return;
        }
        let (tx, rx) = mpsc::channel();
        // Its own flag: a worker's `Run` cancels the flag it was given when dropped.
        self.cancel = Arc::new(AtomicBool::new(false));
        let cancel = self.cancel.clone();
        let total = jobs.len() as u64;
        let ctx = ctx.clone();
        let thread = std::thread::Builder::new()
            .name("searchlab-compare-trials".into())
            .spawn(move || {
                jobs.into_par_iter().for_each(|(k, job)| {
                    if cancel.load(Ordering::Relaxed) {
                        return;
                    }
                    let r = job
                        .run(&cancel, &mut NoObserver)
                        .map(|report| {
                            let (found, ms, ..) = answer_of(&report);
                            (found, ms)
                        })
                        .map_err(|e| e.to_string());
                    let _ = tx.send((k, r));
                    ctx.request_repaint();
                });
            })
            .ok();
        self.batch = Some(Batch {
            results: rx,
            total,
            done: 0,
            thread,
        });
    }

    fn toggle_play(&mut self) {
        let end = self.timeline_len();
        if end == 0 {
            return;
        }
        if self.shown >= end {
            self.shown = 0;
        }
        self.playing = !self.playing;
    }

    fn step(&mut self, by: isize) {
        self.playing = false;
        self.shown = self
            .shown
            .saturating_add_signed(by)
            .min(self.timeline_len());
    }

    fn animate(&mut self, ui: &Ui) {
        if !self.playing {
            return;
        }
        let end = self.timeline_len();
        if self.settings.speed >= super::knight::INSTANT {
            self.shown = end;
        } else {
            let dt = ui.input(|i| i.stable_dt).min(0.1);
            self.carry += dt * self.settings.speed;
            let steps = self.carry.floor();
            self.carry -= steps;
            self.shown = (self.shown + steps as usize).min(end);
        }
        if self.shown >= end {
            self.playing = false;
        } else {
            ui.ctx().request_repaint();
        }
    }

    fn timeline(&mut self, ui: &mut Ui) {
        let end = self.timeline_len();
        ui.horizontal(|ui| {
            let live = self.lanes.iter().any(|l| l.run.is_some());
            let label = if self.playing { "⏸ Pause" } else { "▶ Play" };
            if ui
                .add_enabled(!live && end > 0, egui::Button::new(label))
                .on_hover_text("Play or pause every board together (Space)")
                .clicked()
            {
                self.toggle_play();
            }
            let l = ui.label("Step");
            let mut shown = self.shown;
            if ui
                .add_enabled(
                    !live && end > 0,
                    egui::Slider::new(&mut shown, 0..=end.max(1)),
                )
                .labelled_by(l.id)
                .on_hover_text("The shared timeline: step k shows the first k moves, queens or cells of every answer (← / →)")
                .changed()
            {
                self.shown = shown;
                self.playing = false;
            }
            let l = ui.label("Speed");
            ui.add(
                egui::Slider::new(&mut self.settings.speed, 1.0..=super::knight::INSTANT)
                    .logarithmic(true)
                    .custom_formatter(|v, _| {
                        if v >= super::knight::INSTANT as f64 {
                            "instant".into()
                        } else {
                            format!("{v:.0} steps/s")
                        }
                    }),
            )
            .labelled_by(l.id);
        });
    }

    fn boards(&mut self, ui: &mut Ui) {
        let count = self.lanes.len().max(1);
        let gap = 8.0;
        let width = ((ui.available_width() - gap * (count as f32 - 1.0)) / count as f32)
            .clamp(140.0, 420.0);
        // Boards leave room for the plots below them.
        let side = width.min((ui.ctx().content_rect().height() * 0.4).max(140.0));
        let per_row = ((ui.available_width() + gap) / (width + gap))
            .floor()
            .max(1.0) as usize;
        let s = &self.ran;
        let mut area: Option<egui::Rect> = None;
        let mut clicked = None;
        let any_live = self.lanes.iter().any(|l| l.run.is_some());
        for chunk in (0..self.lanes.len()).collect::<Vec<_>>().chunks(per_row) {
            let row = ui.horizontal_top(|ui| {
                for &i in chunk {
                    let lane = &self.lanes[i];
                    ui.allocate_ui(egui::vec2(width, side + 40.0), |ui| {
                        ui.vertical(|ui| {
                            ui.set_width(width);
                            let mark = match (lane.found, &lane.error) {
                                (_, Some(_)) => "✖",
                                (Some(true), _) => "✔",
                                (Some(false), _) => "—",
                                (None, _) => "…",
                            };
                            ui.label(
                                RichText::new(format!("{mark} {}", lane.algorithm))
                                    .strong()
                                    .color(colour(i)),
                            );
                            let live = lane.run.is_some();
                            let seq: &[u32] = if live { &lane.live } else { &lane.answer };
                            // An answer waits whole for the others; then the timeline plays all.
                            let shown = if live || any_live {
                                seq.len()
                            } else {
                                self.shown.min(seq.len())
                            };
                            ui.allocate_ui(egui::vec2(side, side), |ui| match s.puzzle {
                                Puzzle::Knight => {
                                    let start = self.board.square(s.start.0, s.start.1);
                                    let out = draw_board(
                                        ui,
                                        &BoardView {
                                            board: &self.board,
                                            start,
                                            path: seq,
                                            shown,
                                            closed: s.closed,
                                            degrees: false,
                                            heat: None,
                                        },
                                    );
                                    if let Some(sq) = out.clicked {
                                        clicked = Some(self.board.row_col(sq));
                                    }
                                }
                                Puzzle::Queens => {
                                    let rows = &seq[..shown];
                                    let attacks = Attacks::of(s.n as usize, rows);
                                    queens_board(
                                        ui,
                                        &QueensBoardView {
                                            n: s.n as usize,
                                            rows,
                                            attacks: &attacks,
                                            show_lines: true,
                                            version: (i as u64) << 40
                                                | shown as u64
                                                | (live as u64) << 39,
                                        },
                                    );
                                }
                                Puzzle::Magic => {
                                    magic_grid(ui, s.order as usize, &seq[..shown]);
                                }
                            });
                        });
                    });
                }
            });
            area = Some(area.map_or(row.response.rect, |a| a.union(row.response.rect)));
        }
        if let Some(a) = area {
            super::export::register(ui.ctx(), "boards", a);
        }
        // A click on a board picks the start square of the next comparison.
        if let Some(start) = clicked
            && !self.is_running()
            && self.settings.puzzle == Puzzle::Knight
            && (self.settings.cols, self.settings.rows) == (self.ran.cols, self.ran.rows)
        {
            self.settings.start = start;
        }
    }

    fn plots(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            ui.label(RichText::new("Curves of trial 0").strong());
            ui.radio_value(&mut self.settings.overlay, true, "Overlaid");
            ui.radio_value(&mut self.settings.overlay, false, "Side by side");
        });
        let evolving: Vec<usize> = (0..self.lanes.len())
            .filter(|&i| !self.lanes[i].history.points().is_empty())
            .collect();
        let searching: Vec<usize> = (0..self.lanes.len())
            .filter(|&i| {
                self.lanes[i].history.points().is_empty() && self.lanes[i].progress.len() > 1
            })
            .collect();
        let fitness_line = |i: usize| {
            Line::new(
                self.lanes[i].algorithm.clone(),
                self.lanes[i].history.series(|g| g.best),
            )
            .color(colour(i))
        };
        let progress_line = |i: usize| {
            Line::new(
                self.lanes[i].algorithm.clone(),
                egui_plot::PlotPoints::from(self.lanes[i].progress.clone()),
            )
            .color(colour(i))
        };
        let depth_label = match self.ran.puzzle {
            Puzzle::Knight => "deepest path (squares)",
            Puzzle::Queens => "queens placed / step",
            Puzzle::Magic => "progress",
        };
        let mut groups: Vec<(&str, &str, &str, Vec<usize>, bool)> = Vec::new();
        if !evolving.is_empty() {
            groups.push((
                "best fitness per generation",
                "generation",
                "best fitness",
                evolving,
                true,
            ));
        }
        if !searching.is_empty() {
            groups.push(("progress per node", "nodes", depth_label, searching, false));
        }
        if groups.is_empty() {
            ui.label(
                RichText::new(
                    "No curves: these algorithms end before their first progress report.",
                )
                .weak(),
            );
        }
        for (title, x, y, lanes, fitness) in groups {
            ui.label(title);
            let line = |i| {
                if fitness {
                    fitness_line(i)
                } else {
                    progress_line(i)
                }
            };
            if self.settings.overlay {
                let shown = Plot::new(("compare-overlay", title))
                    .height(200.0)
                    .legend(Legend::default())
                    .x_axis_label(x)
                    .y_axis_label(y)
                    .allow_scroll(false)
                    .show(ui, |plot| {
                        for &i in &lanes {
                            plot.line(line(i));
                        }
                    });
                super::export::register(ui.ctx(), title, shown.response.rect);
            } else {
                let w = (ui.available_width() / lanes.len() as f32 - 8.0).max(120.0);
                let link = egui::Id::unique(("compare-link", title));
                let row = ui.horizontal(|ui| {
                    for &i in &lanes {
                        Plot::new(("compare-side", title, i))
                            .height(180.0)
                            .width(w)
                            .legend(Legend::default())
                            .x_axis_label(x)
                            .link_axis(link, [true, true])
                            .allow_scroll(false)
                            .show(ui, |plot| plot.line(line(i)));
                    }
                });
                super::export::register(ui.ctx(), title, row.response.rect);
            }
        }
        self.time_chart(ui);
    }

    /// Time per trial: a box (spread) and a bar (mean) per algorithm; success rates beside.
    fn time_chart(&mut self, ui: &mut Ui) {
        if self.lanes.iter().all(|l| l.trials.is_empty()) {
            return;
        }
        let names: Vec<String> = self.lanes.iter().map(|l| l.algorithm.clone()).collect();
        let names2 = names.clone();
        let label_x = move |mark: egui_plot::GridMark, _: &std::ops::RangeInclusive<f64>| {
            let i = mark.value.round();
            if (mark.value - i).abs() < 1e-6 && i >= 0.0 {
                names.get(i as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        };
        let hide = timings_hidden(ui.ctx());
        let charts = ui.horizontal(|ui| {
            let w = ((ui.available_width() - 24.0) / 2.0).max(160.0);
            ui.vertical(|ui| {
                ui.label(format!(
                    "time per trial (ms): bar = mean, box = quartiles, whiskers = min and max ({} trials){}",
                    self.ran.trials,
                    if hide { "; hidden in reproducible pictures" } else { "" }
                ));
                Plot::new("compare-time")
                    .height(200.0)
                    .width(w)
                    .x_axis_formatter(label_x)
                    .allow_scroll(false)
                    .include_y(0.0)
                    .show(ui, |plot| {
                        if hide {
                            return;
                        }
                        for (i, l) in self.lanes.iter().enumerate() {
                            if l.trials.is_empty() {
                                continue;
                            }
                            let s = l.summary();
                            let (q1, q3) = quartiles(&l.trials);
                            plot.bar_chart(
                                BarChart::new(
                                    format!("{} mean", l.algorithm),
                                    vec![Bar::new(i as f64, s.mean_ms).width(0.6)],
                                )
                                .color(colour(i).gamma_multiply(0.5)),
                            );
                            plot.box_plot(
                                BoxPlot::new(
                                    l.algorithm.clone(),
                                    vec![BoxElem::new(
                                        i as f64,
                                        BoxSpread::new(s.min_ms, q1, s.median_ms, q3, s.max_ms),
                                    )
                                    .box_width(0.3)],
                                )
                                .color(colour(i)),
                            );
                        }
                    });
            });
            ui.vertical(|ui| {
                ui.label("success rate (%)");
                Plot::new("compare-success")
                    .height(200.0)
                    .width(w)
                    .x_axis_formatter(move |m, r| {
                        let i = m.value.round();
                        let _ = r;
                        if (m.value - i).abs() < 1e-6 && i >= 0.0 {
                            names2.get(i as usize).cloned().unwrap_or_default()
                        } else {
                            String::new()
                        }
                    })
                    .include_y(0.0)
                    .include_y(100.0)
                    .allow_scroll(false)
                    .show(ui, |plot| {
                        for (i, l) in self.lanes.iter().enumerate() {
                            if l.trials.is_empty() {
                                continue;
                            }
                            plot.bar_chart(
                                BarChart::new(
                                    l.algorithm.clone(),
                                    vec![Bar::new(i as f64, 100.0 * l.summary().success_rate)
                                        .width(0.6)],
                                )
                                .color(colour(i)),
                            );
                        }
                    });
            });
        });
        super::export::register(ui.ctx(), "time and success charts", charts.response.rect);
    }

    fn table(&mut self, ui: &mut Ui) {
        ui.label(RichText::new("Figures").strong());
        egui::Grid::new("compare-table")
            .striped(true)
            .num_columns(9)
            .show(ui, |ui| {
                for h in [
                    "algorithm",
                    "trials",
                    "found",
                    "success",
                    "mean",
                    "median",
                    "min",
                    "max",
                    "nodes (trial 0)",
                ] {
                    ui.label(RichText::new(h).strong());
                }
                ui.end_row();
                for (i, l) in self.lanes.iter().enumerate() {
                    let s = l.summary();
                    ui.label(RichText::new(&l.algorithm).color(colour(i)));
                    ui.label(s.trials.to_string());
                    ui.label(s.successes.to_string());
                    ui.label(format!("{:.0} %", 100.0 * s.success_rate));
                    for v in [s.mean_ms, s.median_ms, s.min_ms, s.max_ms] {
                        ui.label(if s.trials == 0 {
                            "—".into()
                        } else {
                            format_ms(ui.ctx(), v)
                        });
                    }
                    ui.label(l.counters.nodes.to_string());
                    ui.end_row();
                }
            });
        ui.horizontal(|ui| {
            if self.csv_path.is_empty() {
                self.csv_path = runs_dir()
                    .join(format!("compare-{}.csv", self.ran.instance_name()))
                    .display()
                    .to_string();
            }
            let l = ui.label("CSV file");
            ui.add(egui::TextEdit::singleline(&mut self.csv_path).desired_width(300.0))
                .labelled_by(l.id);
            if ui
                .button("Save table as CSV")
                .on_hover_text("One row per algorithm, as in the table")
                .clicked()
            {
                let path = std::path::PathBuf::from(self.csv_path.trim());
                self.export_notice = Some(write_text(&path, &self.table_csv()));
            }
            if ui
                .button("Save curves as CSV")
                .on_hover_text("Every point of the plots: algorithm, kind, x, y")
                .clicked()
            {
                let path = sibling(self.csv_path.trim(), "curves");
                self.export_notice = Some(write_text(&path, &self.curves_csv()));
            }
            if ui
                .button("Copy table")
                .on_hover_text("The table as CSV, to the clipboard")
                .clicked()
            {
                ui.ctx().copy_text(self.table_csv());
                self.export_notice = Some(Ok("copied the table as CSV".into()));
            }
        });
        match &self.export_notice {
            Some(Ok(m)) => {
                ui.label(RichText::new(m).small());
            }
            Some(Err(e)) => {
                ui.label(RichText::new(e).color(ui.visuals().error_fg_color));
            }
            None => {}
        }
    }

    /// The table as CSV: a header and one row per algorithm.
    pub fn table_csv(&self) -> String {
        let mut out = String::from(
            "puzzle,instance,algorithm,params,trials,successes,success_rate,mean_ms,median_ms,min_ms,max_ms,nodes_trial0,generations_trial0\n",
        );
        for l in &self.lanes {
            let s = l.summary();
            let _ = writeln!(
                out,
                "{:?},{},{},{},{},{},{:.4},{:.3},{:.3},{:.3},{:.3},{},{}",
                self.ran.puzzle,
                self.ran.instance_name(),
                l.algorithm,
                l.params
                    .iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect::<Vec<_>>()
                    .join(" "),
                s.trials,
                s.successes,
                s.success_rate,
                s.mean_ms,
                s.median_ms,
                s.min_ms,
                s.max_ms,
                l.counters.nodes,
                l.counters.generations
            );
        }
        out
    }

    /// Every plotted point as CSV: `algorithm,curve,x,y`.
    pub fn curves_csv(&self) -> String {
        let mut out = String::from("algorithm,curve,x,y\n");
        for l in &self.lanes {
            for g in l.history.points() {
                let _ = writeln!(
                    out,
                    "{},best_fitness,{},{}",
                    l.algorithm, g.generation, g.best
                );
            }
            for p in &l.progress {
                let _ = writeln!(out, "{},deepest_per_node,{},{}", l.algorithm, p[0], p[1]);
            }
            for (t, (found, ms)) in l.trials.iter().enumerate() {
                let _ = writeln!(out, "{},trial_ms,{t},{ms}", l.algorithm);
                let _ = writeln!(out, "{},trial_found,{t},{}", l.algorithm, *found as u8);
            }
        }
        out
    }
}

impl View for CompareView {
    fn plot_csv(&self) -> Option<String> {
        (!self.lanes.is_empty()).then(|| self.curves_csv())
    }

    fn is_running(&self) -> bool {
        self.lanes.iter().any(|l| l.run.is_some()) || self.batch.is_some()
    }

    /// Reads what the workers sent (also while the view is not drawn).
    fn logic(&mut self, ctx: &egui::Context) {
        self.stopping.retain(|r| !r.is_finished());
        let was_live = self.lanes.iter().any(|l| l.run.is_some());
        for l in &mut self.lanes {
            l.poll();
        }
        let live = self.lanes.iter().any(|l| l.run.is_some());
        if was_live && !live && !self.stopped {
            // Trial 0 has ended everywhere: play the answers, run the other trials.
            self.shown = if self.settings.speed >= super::knight::INSTANT {
                self.timeline_len()
            } else {
                1.min(self.timeline_len())
            };
            self.playing = self.shown < self.timeline_len();
            if self.ran.trials > 1 {
                self.start_batch(ctx);
            }
        }
        if let Some(b) = &mut self.batch {
            // Looked at before reading: a thread that has ended has sent everything.
            let ended = b.thread.as_ref().is_none_or(|t| t.is_finished());
            for (k, r) in b.results.try_iter() {
                b.done += 1;
                if let Some(l) = self.lanes.get_mut(k) {
                    match r {
                        Ok(t) => l.trials.push(t),
                        Err(e) => l.error = Some(e),
                    }
                }
            }
            if ended || b.done >= b.total {
                self.batch = None;
            }
        }
    }

    /// A key: R runs, Esc stops, Space plays or pauses the timeline, → / ← step it.
    fn act(&mut self, ctx: &egui::Context, action: Action) {
        match action {
            Action::Run if !self.is_running() => self.start(ctx),
            Action::Run => {}
            Action::Stop => self.stop(),
            Action::Play => self.toggle_play(),
            Action::Step(by) => self.step(by),
        }
    }

    /// The form: puzzle, instance, algorithms, seed, trials, run buttons.
    fn controls(&mut self, ui: &mut Ui) {
        ui.heading("Compare");
        ui.horizontal_wrapped(|ui| {
            for p in Puzzle::ALL {
                ui.selectable_value(&mut self.settings.puzzle, p, p.short());
            }
        });
        ui.separator();
        let field = |ui: &mut Ui, label: &str, text: &mut String| {
            let l = ui.label(label);
            ui.add(egui::TextEdit::singleline(text).desired_width(44.0))
                .labelled_by(l.id);
        };
        match self.settings.puzzle {
            Puzzle::Knight => {
                ui.horizontal(|ui| {
                    field(ui, "Columns", &mut self.cols_text);
                    field(ui, "Rows", &mut self.rows_text);
                });
                ui.horizontal(|ui| {
                    let (r, c) = &mut self.settings.start;
                    let l = ui.label("Start row");
                    ui.add(egui::DragValue::new(r).range(0..=MAX_COMPARE_SIDE - 1))
                        .labelled_by(l.id);
                    let l = ui.label("column");
                    ui.add(egui::DragValue::new(c).range(0..=MAX_COMPARE_SIDE - 1))
                        .labelled_by(l.id);
                });
                ui.label(RichText::new("or click a square of a board").small().weak());
                ui.checkbox(&mut self.settings.closed, "Closed tour");
            }
            Puzzle::Queens => {
                ui.horizontal(|ui| field(ui, "Queens (n)", &mut self.n_text));
            }
            Puzzle::Magic => {
                ui.horizontal(|ui| field(ui, "Order", &mut self.order_text));
            }
        }
        ui.separator();
        ui.label(RichText::new("Algorithms").strong());
        let puzzle = self.settings.puzzle;
        for (id, name) in puzzle.algorithms() {
            let mut on = self.settings.chosen().iter().any(|a| a == id);
            if ui.checkbox(&mut on, name).changed() {
                let chosen = self.settings.chosen_mut();
                if on {
                    chosen.push(id.to_string());
                    // Keep the catalog's order.
                    let order: Vec<&str> = puzzle.algorithms().iter().map(|a| a.0).collect();
                    chosen.sort_by_key(|a| order.iter().position(|o| o == a));
                } else {
                    chosen.retain(|a| a != id);
                }
            }
        }
        ui.add_space(4.0);
        ui.checkbox(&mut self.settings.tab_params, "Parameters from the puzzle's tab")
            .on_hover_text("Run each algorithm with the parameters set in its puzzle's own tab (the seed here still applies); off: every algorithm with its defaults");
        ui.separator();
        super::widgets::params::seed_and_time_limit(
            ui,
            &mut self.settings.seed,
            &mut self.settings.time_limit_s,
        );
        ui.horizontal(|ui| {
            field(ui, "Trials", &mut self.trials_text);
        })
        .response
        .on_hover_text("Trial i runs with seed + i; the boards and curves show trial 0");
        if let Some(e) = &self.error {
            ui.label(RichText::new(e).color(ui.visuals().error_fg_color));
        }
        ui.separator();
        let buttons = super::widgets::params::run_and_stop(
            ui,
            self.is_running(),
            "Run all",
            "Run every chosen algorithm on the same instance and seeds (R)",
            "Cancel every run (Esc)",
        );
        if buttons.run {
            self.start(ui.ctx());
        }
        if buttons.stop {
            self.stop();
        }
        let (done, total) = self.trials_progress();
        if total > 0 && (self.is_running() || done < total) {
            ui.add(
                egui::ProgressBar::new(done as f32 / total as f32)
                    .text(format!("trials {done} / {total}")),
            );
        }
    }

    /// Each algorithm's live figures.
    fn stats(&mut self, ui: &mut Ui) {
        if self.lanes.is_empty() {
            ui.label("Choose algorithms and press Run all.");
            return;
        }
        for (i, l) in self.lanes.iter().enumerate() {
            ui.label(RichText::new(&l.algorithm).strong().color(colour(i)));
            egui::Grid::new(("compare-stats", i))
                .num_columns(2)
                .show(ui, |ui| {
                    let c = &l.counters;
                    if c.generations > 0 {
                        ui.label("generations");
                        ui.label(c.generations.to_string());
                        ui.end_row();
                    }
                    ui.label("nodes");
                    ui.label(c.nodes.to_string());
                    ui.end_row();
                    ui.label("time");
                    ui.label(format_ms(ui.ctx(), l.elapsed_ms));
                    ui.end_row();
                });
            let status = if let Some(e) = &l.error {
                RichText::new(e).color(ui.visuals().error_fg_color)
            } else if l.run.is_some() {
                RichText::new("running…")
            } else {
                RichText::new(&l.message)
            };
            ui.label(status.small());
            ui.separator();
        }
    }

    /// Boards, timeline, plots and table.
    fn main_ui(&mut self, ui: &mut Ui) {
        self.animate(ui);
        if self.lanes.is_empty() {
            ui.centered_and_justified(|ui| {
                ui.label("Pick an instance and two or more algorithms on the left, then press ▶ Run all (R).");
            });
            return;
        }
        egui::ScrollArea::vertical().show(ui, |ui| {
            self.timeline(ui);
            self.boards(ui);
            ui.separator();
            self.plots(ui);
            ui.separator();
            self.table(ui);
        });
    }
}

/// Lower and upper quartiles of the trials' times.
fn quartiles(trials: &[(bool, f64)]) -> (f64, f64) {
    let mut ms: Vec<f64> = trials.iter().map(|t| t.1).collect();
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| {
        if ms.is_empty() {
            return 0.0;
        }
        let x = q * (ms.len() - 1) as f64;
        let (lo, hi) = (x.floor() as usize, x.ceil() as usize);
        ms[lo] + (ms[hi] - ms[lo]) * (x - lo as f64)
    };
    (at(0.25), at(0.75))
}

/// `dir/compare-x.csv` → `dir/compare-x-curves.csv`.
fn sibling(path: &str, suffix: &str) -> std::path::PathBuf {
    let p = std::path::Path::new(path);
    let stem = p
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    p.with_file_name(format!("{stem}-{suffix}.csv"))
}
