//! The N-Queens view's "Step by step" (see [`crate::app::steps`]): its trace job, and its
//! board at a step: the queens as the steps leave them, attacked ones in red, and the
//! square the step looks at outlined, with the queen that attacks it.

use crate::app::compare::contrast::{ContrastJob, Setting};
use crate::app::steps::Steps;
use crate::app::widgets::queens_board::{
    Attacks, Focus, MAX_LANDSCAPE_N, QueensBoardView, queens_board,
};
use crate::puzzle::queens::{Landscape, attacker};
use crate::run::queens::QueensTask;
use crate::run::setup::MAX_APP_STEPS;
use crate::run::trace::guess::Question;
use crate::run::trace::queens::{QueensTrace, QueensTraceJob};
use crate::run::{Algorithm, QueensAlgo};
use crate::solve::queens::trace::{QueenStep, QueensState};
use egui::Ui;

/// The queens' step-by-step view.
pub type QueensSteps = Steps<QueensTraceJob>;

/// Why the search chosen cannot be traced, if it cannot.
fn refusal(algorithm: QueensAlgo) -> Option<String> {
    (!algorithm.offers().trace).then(|| {
        // The name the picker shows, not the command line's id.
        let name = algorithm.info().name;
        format!(
            "Step by step follows backtracking, best-first, hill climbing, min-conflicts, annealing, beam search and CSP backtracking; {name} is not one of them"
        )
    })
}

/// The square step `index` looks at, on the board `state` shows after it.
fn focus(trace: &QueensTrace, state: &QueensState, pos: usize) -> Option<Focus> {
    let at = |column: u32, row: u32, by: Option<u32>| Some(Focus { column, row, by });
    let queen = |column: u32| at(column, *state.rows.get(column as usize)?, None);
    match trace.recorder.get(pos.checked_sub(1)?)? {
        QueenStep::Conflict { column, row } => at(column, row, attacker(&state.rows, column, row)),
        QueenStep::Place { column, row }
        | QueenStep::Push { column, row, .. }
        | QueenStep::Score { column, row, .. }
        | QueenStep::Move { column, row, .. }
        | QueenStep::Propose { column, row, .. }
        | QueenStep::Select { column, row, .. }
        | QueenStep::Assign { column, row, .. } => at(column, row, None),
        QueenStep::Draw { column, .. }
        | QueenStep::Pick { column }
        | QueenStep::Swap { column, .. } => queen(column),
        _ => None,
    }
}

/// The board after `pos` steps of `trace`; with a question waiting, its squares answer a
/// click. Returns the cell clicked (`row * n + column`).
pub fn draw(
    ui: &mut Ui,
    trace: &QueensTrace,
    state: &QueensState,
    pos: usize,
    question: Option<&Question>,
    landscape: bool,
) -> Option<u32> {
    let n = trace.job.n as usize;
    let attacks = Attacks::of(n, &state.rows);
    // While a guess waits, the landscape would give the answer away. The box is the
    // form's; whether the trace's board can show it is the trace's own (its n and search).
    let landscape =
        (landscape && question.is_none() && n <= MAX_LANDSCAPE_N && trace.kind.offers().landscape)
            .then(|| Landscape::of(&state.rows))
            .flatten()
            .filter(|l| l.n == n);
    // A CSP search's domains, drawn on boards whose squares can show them.
    let domains = (trace.kind == crate::run::QueensAlgo::Csp && n <= MAX_LANDSCAPE_N).then(|| {
        let inference = crate::run::trace::queens::param(trace, "inference")
            .and_then(|v| v.parse().ok())
            .unwrap_or_default();
        let mut rows: Vec<u32> = if state.rows.len() == n {
            state.rows.clone()
        } else {
            vec![crate::solve::queens::trace::EMPTY; n]
        };
        // Asked what inference will cross out, the board shows the domains as they were
        // before the new queen: its crossings-out are the answer.
        use crate::solve::queens::trace::QueenStep;
        if question.is_some()
            && let Some(QueenStep::Prune { .. }) = trace.recorder.get(pos)
            && let Some(QueenStep::Assign { column, .. }) =
                pos.checked_sub(1).and_then(|i| trace.recorder.get(i))
            && let Some(r) = rows.get_mut(column as usize)
        {
            *r = crate::solve::queens::trace::EMPTY;
        }
        crate::solve::queens::csp::domains(n, &rows, inference)
    });
    let view = QueensBoardView {
        n,
        rows: &state.rows,
        attacks: &attacks,
        show_lines: true,
        version: pos as u64,
        legend: true,
        focus: focus(trace, state, pos),
        play: false,
        clickable: question.is_some(),
        landscape: landscape.as_ref(),
        domains: domains.as_deref(),
        scores_twice: crate::run::trace::queens::param(trace, "heuristic") == Some("h2"),
    };
    let out = queens_board(ui, &view);
    crate::app::export::register(ui.ctx(), "board", out.area);
    out.clicked.map(|(r, c)| r * n as u32 + c)
}

impl super::QueensView {
    /// The job that traces the search the form describes (`None`: one a trace does not
    /// follow).
    pub(super) fn trace_job(&self) -> Option<QueensTraceJob> {
        let algorithm = self.settings.algorithm;
        if !algorithm.offers().trace {
            return None;
        }
        let job = self.job(self.solve_task(algorithm));
        let params = match job.task {
            QueensTask::Solve { params, .. } => params,
            QueensTask::Count | QueensTask::CountPart { .. } | QueensTask::CountPrefix { .. } => {
                Vec::new()
            }
        };
        Some(QueensTraceJob {
            n: job.n,
            algorithm,
            params,
            seed: job.seed,
            budget: job.budget,
            limit: MAX_APP_STEPS,
        })
    }

    /// "Step by step", and the switch between the run and its trace.
    pub(super) fn step_controls(&mut self, ui: &mut Ui) {
        let refusal = refusal(self.settings.algorithm);
        let held = self.hold.as_ref().map(ToString::to_string);
        if self.steps.controls(ui, refusal, held, &mut self.mode)
            && let Some(job) = self.trace_job()
        {
            self.steps.start(ui.ctx(), job);
            self.mode = crate::app::mode::Mode::Steps;
        }
    }

    /// The board on show as text: `Q` on each queen, `.` elsewhere, top row first (up
    /// to 100 queens; larger boards would not be read as text).
    pub(super) fn board_as_text(&mut self) -> Option<String> {
        // Step by step shows the trace's own board, whatever n the form says now.
        let traced = (self.mode == crate::app::mode::Mode::Steps)
            .then(|| self.steps.trace())
            .flatten();
        let n = traced.map_or(self.settings.n, |t| t.job.n) as usize;
        if n > 100 {
            return None;
        }
        let rows: Vec<u32> = if self.mode == crate::app::mode::Mode::Play {
            // Play mode's empty columns hold no row.
            let columns = self.play.columns();
            (0..n)
                .map(|c| columns.get(c).copied().flatten().unwrap_or(u32::MAX))
                .collect()
        } else if self.mode == crate::app::mode::Mode::Steps {
            self.steps.state()?.rows
        } else {
            self.own.placement.clone()
        };
        let placed = rows.iter().filter(|&&r| r != u32::MAX).count();
        let mut out = format!("{n} queens, {placed} placed\n");
        for r in 0..n as u32 {
            let line: Vec<&str> = (0..n)
                .map(|c| if rows.get(c) == Some(&r) { "Q" } else { "." })
                .collect();
            out.push_str(&line.join(" "));
            out.push('\n');
        }
        Some(out)
    }

    /// The step-by-step view.
    pub fn steps(&self) -> &QueensSteps {
        &self.steps
    }

    /// The step-by-step view, to move its timeline.
    pub fn steps_mut(&mut self) -> &mut QueensSteps {
        &mut self.steps
    }
}

/// First difference on this puzzle: its trace job made on Compare's instance, its steps
/// told as data, its board drawn.
impl ContrastJob for QueensTraceJob {
    const PAIR_NAME: &'static str = "queens-trace-pair";

    type Algo = QueensAlgo;

    fn traceable() -> Vec<QueensAlgo> {
        QueensAlgo::offering(|o| o.trace).collect()
    }

    fn info(algorithm: QueensAlgo) -> Option<&'static crate::run::catalog::AlgorithmInfo> {
        Some(algorithm.info())
    }

    fn name(algorithm: QueensAlgo) -> String {
        algorithm.info().name.to_string()
    }

    fn example() -> (QueensAlgo, Setting, &'static str, &'static str) {
        let inference = Setting::Param("inference");
        (QueensAlgo::Csp, inference, "none", "forward-checking")
    }

    fn on(
        instance: &dyn crate::app::puzzles::PuzzleUi,
        algorithm: QueensAlgo,
        params: Vec<(String, String)>,
        seed: u64,
        budget: crate::solve::Budget,
    ) -> Option<Self> {
        let q = instance
            .as_any()
            .downcast_ref::<crate::app::puzzles::queens::QueensInstance>()?;
        Some(QueensTraceJob {
            n: q.n,
            algorithm,
            params,
            seed,
            budget,
            limit: MAX_APP_STEPS,
        })
    }

    fn steps(trace: &Self::Trace) -> Box<dyn Iterator<Item = serde_json::Value> + '_> {
        Box::new(crate::run::trace::diff::queens_steps(trace))
    }

    fn draw(
        ui: &mut Ui,
        trace: &Self::Trace,
        state: &<Self::Trace as crate::run::trace::timeline::Replayable>::State,
        pos: usize,
    ) {
        draw(ui, trace, state, pos, None, false);
    }

    fn check(&self) -> Result<(), String> {
        QueensTraceJob::check(self).map_err(|e| e.to_string())
    }
}
