//! "Step by step": the search on show traced, one decision at a time, backwards and
//! forwards, with its pseudocode lit and its steps told.
//!
//! The trace runs on a background thread (at most [`MAX_APP_STEPS`] steps); the view keeps
//! a [`Timeline`] of it, whose checkpoints put any step on the board at once.

use crate::app::background::Background;
use crate::app::widgets::board::{BoardView, board as draw_board};
use crate::app::widgets::steps_panel::{mark_colours, pseudocode, step_log};
use crate::app::widgets::timeline::{Marks, Playback, timeline};
use crate::puzzle::knight::{Board, Square};
use crate::run::trace::knight::{KnightTrace, KnightTraceJob, TRACEABLE};
use crate::run::trace::pseudocode::{self, Pseudocode};
use crate::run::trace::timeline::{KnightMarks, Timeline};
use crate::solve::knight::trace::{KnightState, KnightStep};
use egui::Ui;
use std::sync::Arc;

/// The most steps the app traces: a million steps take 16 MB and seek in under a
/// millisecond.
pub const MAX_APP_STEPS: u64 = 1_000_000;

/// Squares taken back that stay crossed out on the board.
const FADING: usize = 6;

/// Lines of the log around the step on show.
const LOG_LINES: usize = 60;

/// A trace on show.
pub struct Shown {
    pub timeline: Timeline<KnightTrace>,
    marks: KnightMarks,
    code: Pseudocode,
    pub play: Playback,
    /// The state at `play.pos`, and that position.
    state: (usize, KnightState),
    /// The log scrolls to the step on show when it changed.
    moved: bool,
}

/// A trace made ready to show, on the background thread: its checkpoints, marks and
/// pseudocode (a million steps take a few tens of milliseconds to replay once).
pub struct Prepared {
    timeline: Timeline<KnightTrace>,
    marks: KnightMarks,
    code: Pseudocode,
}

impl Prepared {
    fn of(trace: KnightTrace) -> Prepared {
        let trace = Arc::new(trace);
        Prepared {
            marks: KnightMarks::of(&trace),
            code: pseudocode::knight(&trace),
            timeline: Timeline::new(trace),
        }
    }
}

impl Shown {
    fn new(prepared: Prepared) -> Shown {
        let Prepared {
            timeline,
            marks,
            code,
        } = prepared;
        Shown {
            state: (0, timeline.state_at(0)),
            timeline,
            marks,
            code,
            play: Playback::default(),
            moved: true,
        }
    }

    /// The state after `play.pos` steps.
    pub fn state(&mut self) -> &KnightState {
        if self.state.0 != self.play.pos {
            self.state = (self.play.pos, self.timeline.state_at(self.play.pos));
        }
        &self.state.1
    }

    fn trace(&self) -> &KnightTrace {
        &self.timeline.trace
    }

    /// The index of the step on show (the last applied), if any.
    pub fn current(&self) -> Option<usize> {
        self.play.pos.checked_sub(1)
    }

    /// The sentence of the step on show.
    pub fn sentence(&self) -> Option<String> {
        let i = self.current()?;
        let before = self.timeline.state_at(i);
        let mut teller = self.trace().teller_at(i, before);
        Some(teller.tell(&self.trace().steps[i], false).0)
    }

    /// The squares taken back in the last steps before the position, latest first.
    fn taken_back(&self) -> Vec<Square> {
        let steps = &self.trace().steps[..self.play.pos];
        steps
            .iter()
            .rev()
            .take(FADING * 4)
            .filter_map(|s| match s {
                KnightStep::Backtrack { square } => Some(*square),
                _ => None,
            })
            .take(FADING)
            .collect()
    }
}

/// The step-by-step view of the Knight's Tour tab.
#[derive(Default)]
pub struct Steps {
    pending: Option<Background<Result<Prepared, String>>>,
    pub shown: Option<Shown>,
    /// Why the last trace failed.
    pub error: Option<String>,
    /// The algorithm in plain English instead of pseudocode.
    pub english: bool,
    /// Whether the view shows the trace (else the run, as before).
    pub showing: bool,
    /// The central panel had room for the algorithm and the log beside the board last
    /// frame (else they go in the side panel).
    wide: bool,
}

impl Steps {
    /// Why the settings cannot be traced, if they cannot.
    pub fn refusal(algorithm: &str) -> Option<String> {
        (!TRACEABLE.contains(&algorithm)).then(|| {
            format!(
                "Step by step follows the classical searches (random walk, Warnsdorff, backtracking, counting, BFS, DFS); {algorithm} is not one of them"
            )
        })
    }

    /// Traces `job` on a background thread.
    pub fn start(&mut self, ctx: &egui::Context, job: KnightTraceJob) {
        self.cancel();
        self.error = None;
        self.showing = true;
        self.pending = Some(Background::start(
            "searchlab-trace",
            ctx,
            move |send, work| {
                send(
                    job.run(&work.cancel)
                        .map(Prepared::of)
                        .map_err(|e| e.to_string()),
                );
            },
        ));
    }

    /// Stops a trace under way.
    pub fn cancel(&mut self) {
        if let Some(p) = self.pending.take() {
            p.cancel();
        }
    }

    /// Whether a trace is being made.
    pub fn busy(&self) -> bool {
        self.pending.is_some()
    }

    /// Picks up a finished trace; moves a playing timeline on.
    pub fn logic(&mut self, ui: &Ui) {
        if let Some(p) = &self.pending {
            for result in p.take() {
                match result {
                    Ok(prepared) => self.shown = Some(Shown::new(prepared)),
                    Err(e) => self.error = Some(e),
                }
            }
            if p.has_ended() {
                self.pending = None;
            }
        }
        if let Some(s) = self.shown.as_mut().filter(|_| self.showing) {
            let dt = ui.input(|i| i.stable_dt).min(0.1);
            if s.play.advance(dt, s.timeline.len()) {
                s.moved = true;
            }
            if s.play.playing {
                ui.ctx().request_repaint();
            }
        }
    }

    /// Space, → and ←, Home and End on the timeline.
    pub fn key(&mut self, action: StepKey) {
        if let Some(s) = self.shown.as_mut() {
            let len = s.timeline.len();
            match action {
                StepKey::Play => s.play.toggle(len),
                StepKey::Step(by) => s.play.step(by, len),
            }
            s.moved = true;
        }
    }

    /// The timeline, the board at the step on show and the step's sentence.
    pub fn main_ui(&mut self, ui: &mut Ui, board: &Board) {
        if self.busy() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Tracing the search…");
            });
        }
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, format!("No trace: {e}"));
        }
        let Some(s) = self.shown.as_mut() else {
            if !self.busy() && self.error.is_none() {
                ui.label("Press \"Step by step\" to trace the search chosen on the left.");
            }
            return;
        };
        let len = s.timeline.len();
        let before = s.play.pos;
        let [back, restart, best, solution] = mark_colours(ui.visuals().dark_mode);
        let marks = [
            Marks {
                label: "dead ends and backtracks",
                colour: back,
                at: &s.marks.backtracks,
            },
            Marks {
                label: "restarts",
                colour: restart,
                at: &s.marks.restarts,
            },
            Marks {
                label: "new longest path",
                colour: best,
                at: &s.marks.bests,
            },
            Marks {
                label: "tours",
                colour: solution,
                at: &s.marks.solutions,
            },
        ];
        timeline(ui, &mut s.play, len, &marks);
        if s.play.pos != before {
            s.moved = true;
        }
        let sentence = s
            .sentence()
            .unwrap_or_else(|| "Before the first step: the board is empty.".into());
        ui.label(egui::RichText::new(sentence).strong());
        let trace = s.timeline.trace.clone();
        let taken_back = s.taken_back();
        let state = s.state().clone();
        let start = (trace.start != u32::MAX).then_some(trace.start);
        let view = BoardView {
            board,
            start,
            path: &state.path,
            shown: state.path.len(),
            closed: trace.job.closed
                && state.path.len() == board.len()
                && board.is_closed(&state.path),
            degrees: true,
            heat: None,
            legend: true,
            construction: None,
            taken_back: &taken_back,
            stepping: true,
        };
        // Beside the board when there is room, else in the side panel.
        self.wide = ui.available_width() >= 720.0;
        if !self.wide {
            let out = draw_board(ui, &view);
            crate::app::export::register(ui.ctx(), "board", out.area);
            return;
        }
        ui.horizontal_top(|ui| {
            let side = (ui.available_width() * 0.42).clamp(300.0, 480.0);
            let height = ui.available_height();
            let board_width = ui.available_width() - side - 12.0;
            ui.allocate_ui(egui::vec2(board_width, height), |ui| {
                let out = draw_board(ui, &view);
                crate::app::export::register(ui.ctx(), "board", out.area);
            });
            ui.separator();
            ui.allocate_ui(egui::vec2(side, height), |ui| {
                ui.vertical(|ui| self.side_ui(ui));
            });
        });
    }

    /// The side panel: what the trace is, and the algorithm and the log when the central
    /// panel has no room for them.
    pub fn stats_ui(&mut self, ui: &mut Ui) {
        let Some(s) = self.shown.as_ref() else {
            if self.busy() {
                ui.label("Tracing the search…");
            }
            return;
        };
        let trace = s.timeline.trace.clone();
        ui.label(format!(
            "{} — {}",
            trace.job.algorithm,
            crate::run::trace::knight::summary(&trace)
        ));
        ui.label(&trace.message);
        egui::Grid::new("trace-stats")
            .num_columns(2)
            .show(ui, |ui| {
                for f in crate::run::catalog::knight_figures(&trace.job.algorithm) {
                    crate::app::view::stat_row(ui, f.label, f.help, f.value(&trace.counters));
                }
            });
        if !self.wide {
            ui.separator();
            self.side_ui(ui);
        }
    }

    /// The algorithm with its line lit, and the log.
    pub fn side_ui(&mut self, ui: &mut Ui) {
        let english = &mut self.english;
        let Some(s) = self.shown.as_mut() else {
            return;
        };
        let trace = s.timeline.trace.clone();
        let lit = s.current().map(|i| pseudocode::knight_line(&trace, i));
        pseudocode(ui, &s.code, lit, english);
        ui.add_space(6.0);
        ui.strong("Steps");
        // The lines around the step on show, told from the checkpoint before them.
        let from = s.play.pos.saturating_sub(LOG_LINES / 2);
        let to = (from + LOG_LINES).min(s.timeline.len());
        let mut teller = trace.teller_at(from, s.timeline.state_at(from));
        let lines: Vec<(usize, String)> = (from..to)
            .map(|i| (i, teller.tell(&trace.steps[i], false).0))
            .collect();
        let height = ui.available_height().clamp(160.0, 1000.0);
        let moved = std::mem::take(&mut s.moved);
        if let Some(i) = step_log(ui, &lines, s.current(), height, moved) {
            s.play.seek(i + 1, s.timeline.len());
            s.moved = true;
        }
    }
}

/// What a key asks of the timeline.
pub enum StepKey {
    /// Space: play or pause.
    Play,
    /// → and ←.
    Step(isize),
}

impl super::KnightView {
    /// The job that traces the search the form describes.
    fn trace_job(&self) -> KnightTraceJob {
        let job = self.job();
        let params = match &job.task {
            crate::run::KnightTask::Solve { params, .. } => params.clone(),
            _ => Vec::new(),
        };
        KnightTraceJob {
            cols: job.cols,
            rows: job.rows,
            start: job.start,
            closed: job.closed,
            algorithm: self.settings.algorithm.clone(),
            params,
            seed: job.seed,
            budget: job.budget,
            limit: MAX_APP_STEPS,
        }
    }

    /// "Step by step", and the switch between the run and its trace.
    pub(super) fn step_controls(&mut self, ui: &mut Ui) {
        // Not a traceable search: said under the button. A field the form holds: said
        // under the field already, and on the button's hover.
        let refusal = Steps::refusal(&self.settings.algorithm);
        let held = self.hold.as_ref().map(ToString::to_string);
        let button = ui
            .add_enabled(
                refusal.is_none() && held.is_none(),
                egui::Button::new("Step by step"),
            )
            .on_hover_text(format!(
                "Trace the search chosen above, one decision at a time (up to {MAX_APP_STEPS} steps), and follow it forwards and backwards with its pseudocode"
            ));
        if let Some(why) = refusal.as_ref().or(held.as_ref()) {
            button.on_disabled_hover_text(why.clone());
            if let Some(why) = &refusal {
                ui.label(egui::RichText::new(why).small().weak());
            }
        } else if button.clicked() {
            let job = self.trace_job();
            self.steps.start(ui.ctx(), job);
        }
        if self.steps.shown.is_some() || self.steps.busy() {
            ui.horizontal(|ui| {
                ui.label("Show");
                ui.selectable_value(&mut self.steps.showing, false, "The run")
                    .on_hover_text("The run and its answer");
                ui.selectable_value(&mut self.steps.showing, true, "Step by step")
                    .on_hover_text("The traced search, step by step");
            });
        }
    }
}

/// What tests and the README's pictures read of the step-by-step view.
impl super::KnightView {
    /// Whether a trace is being made.
    pub fn tracing(&self) -> bool {
        self.steps.busy()
    }

    /// The trace on show: `(steps applied, steps in all)`.
    pub fn step_position(&self) -> Option<(usize, usize)> {
        let s = self.steps.shown.as_ref()?;
        Some((s.play.pos, s.timeline.len()))
    }

    /// Goes to the position after `pos` steps of the trace on show.
    pub fn seek_step(&mut self, pos: usize) {
        if let Some(s) = self.steps.shown.as_mut() {
            s.play.seek(pos, s.timeline.len());
            s.moved = true;
        }
    }

    /// The knight's path on the board at the position on show.
    pub fn step_path(&mut self) -> Option<Vec<Square>> {
        Some(self.steps.shown.as_mut()?.state().path.clone())
    }

    /// The trace on show.
    pub fn step_trace(&self) -> Option<Arc<KnightTrace>> {
        Some(self.steps.shown.as_ref()?.timeline.trace.clone())
    }

    /// The pseudocode line the step on show executes, as pseudocode.
    pub fn step_line(&self) -> Option<String> {
        let s = self.steps.shown.as_ref()?;
        let i = s.current()?;
        let line = pseudocode::knight_line(&s.timeline.trace, i);
        Some(s.code.lines[line].code.clone())
    }

    /// Whether the view shows the trace rather than the run.
    pub fn showing_steps(&self) -> bool {
        self.steps.showing
    }
}
