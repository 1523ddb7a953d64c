//! The Knight's Tour view's "Step by step" (see [`crate::app::steps`]): its trace job, and
//! its board at a step: the path, the squares just taken back crossed out and fading, and
//! every free square's onward degree.

use crate::app::compare::contrast::{ContrastJob, Setting};
use crate::app::steps::Steps;
use crate::app::widgets::board::{BoardView, Heat, board as draw_board, short_count};
use crate::puzzle::knight::Square;
use crate::run::Algorithm;
use crate::run::knight::setup::Pick;
use crate::run::setup::MAX_APP_STEPS;
use crate::run::trace::guess::Question;
use crate::run::trace::knight::{KnightTrace, KnightTraceJob, Traced};
use crate::solve::knight::trace::{Family, KnightState, KnightStep};
use egui::Ui;

/// Squares taken back that stay crossed out on the board.
const FADING: usize = 6;

/// The knight's step-by-step view.
pub type KnightSteps = Steps<KnightTraceJob>;

/// Why the search chosen cannot be traced, if it cannot.
fn refusal(algorithm: Pick) -> Option<String> {
    traced(algorithm).is_none().then(|| {
        // The name the picker shows, not the command line's id.
        let name = algorithm.name();
        format!(
            "Step by step follows the classical searches (random walk, Warnsdorff, backtracking, counting, BFS, DFS); {name} is not one of them"
        )
    })
}

/// The search a trace follows for the picker's entry, if it follows it: a solver the
/// catalog says a trace follows, the count from the start square, a tree search.
fn traced(pick: Pick) -> Option<Traced> {
    match pick {
        Pick::Solver(kind) => kind.offers().trace.then_some(Traced::Solver(kind)),
        Pick::Count { all_starts: false } => Some(Traced::Count),
        Pick::Count { all_starts: true } => None,
        Pick::Tree(strategy) => Some(Traced::Tree(strategy)),
    }
}

/// The squares taken back in the last steps before `pos`, latest first.
fn taken_back(trace: &KnightTrace, pos: usize) -> Vec<Square> {
    trace.steps[..pos.min(trace.steps.len())]
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

/// A tree search's frontier after `pos` steps: per square, the nodes waiting to be
/// expanded whose path ends there (`None` for other searches).
fn frontier(trace: &KnightTrace, pos: usize) -> Option<Vec<f64>> {
    if trace.family != Family::Tree {
        return None;
    }
    let mut waiting = vec![0.0; trace.board.len()];
    for step in &trace.steps[..pos.min(trace.steps.len())] {
        match *step {
            KnightStep::Generate { square, .. } => waiting[square as usize] += 1.0,
            KnightStep::Expand { node, .. } => {
                if let Some(n) = trace.tree.get(node) {
                    waiting[n.square as usize] -= 1.0;
                }
            }
            _ => {}
        }
    }
    Some(waiting)
}

/// The board after `pos` steps of `trace`, on the trace's own board whatever the form
/// says now; with a question waiting, its choices ringed and the onward degrees hidden
/// (counting them is the question). Returns the square clicked.
pub fn draw(
    ui: &mut Ui,
    trace: &KnightTrace,
    state: &KnightState,
    pos: usize,
    question: Option<&Question>,
    guessing: bool,
) -> Option<u32> {
    let board = &trace.board;
    let taken_back = taken_back(trace, pos);
    let waiting = frontier(trace, pos);
    let whole = |v: f64| format!("{v:.0}");
    let tell = |v: f64| {
        let n = v.round() as u64;
        format!(
            "{n} node{} on the frontier end{} here",
            if n == 1 { "" } else { "s" },
            if n == 1 { "s" } else { "" }
        )
    };
    let heat = waiting.as_ref().map(|values| Heat {
        values,
        caption: "nodes waiting on the frontier that end on the square",
        exact: &whole,
        short: &short_count,
        tell: &tell,
        missing: "no figure",
    });
    let view = BoardView {
        board,
        start: (trace.start != u32::MAX).then_some(trace.start),
        path: &state.path,
        shown: state.path.len(),
        closed: trace.job.closed && state.path.len() == board.len() && board.is_closed(&state.path),
        // The frontier's numbers take the squares' corners a tree search would print
        // degrees in.
        degrees: heat.is_none() && question.is_none(),
        heat,
        legend: true,
        construction: None,
        taken_back: &taken_back,
        stepping: true,
        guessing,
        moves: question.map(|q| q.cells.as_slice()),
    };
    let out = draw_board(ui, &view);
    crate::app::export::register(ui.ctx(), "board", out.area);
    out.clicked
}

impl super::KnightView {
    /// The job that traces the search the form describes (`None`: one a trace does not
    /// follow).
    pub(super) fn trace_job(&self) -> Option<KnightTraceJob> {
        let algorithm = traced(self.settings.algorithm)?;
        let job = self.job();
        let params = match &job.task {
            crate::run::KnightTask::Solve { params, .. } => params.clone(),
            _ => Vec::new(),
        };
        Some(KnightTraceJob {
            cols: job.cols,
            rows: job.rows,
            start: job.start,
            closed: job.closed,
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

    /// A tree search's frontier at the step on show, per square (see [`frontier`]).
    pub fn frontier_on_show(&self) -> Option<Vec<f64>> {
        let trace = self.steps.trace()?;
        frontier(&trace, self.steps.position()?.0)
    }

    /// The step-by-step view.
    pub fn steps(&self) -> &KnightSteps {
        &self.steps
    }

    /// The step-by-step view, to move its timeline.
    pub fn steps_mut(&mut self) -> &mut KnightSteps {
        &mut self.steps
    }
}

/// First difference on this puzzle: its trace job made on Compare's instance, its steps
/// told as data, its board drawn.
impl ContrastJob for KnightTraceJob {
    const PAIR_NAME: &'static str = "knight-trace-pair";

    type Algo = Traced;

    fn traceable() -> Vec<Traced> {
        Traced::all().collect()
    }

    fn info(algorithm: Traced) -> Option<&'static crate::run::catalog::AlgorithmInfo> {
        algorithm.info()
    }

    fn name(algorithm: Traced) -> String {
        crate::run::knight::setup::task_name(algorithm.id())
    }

    fn example() -> (Traced, Setting, &'static str, &'static str) {
        let warnsdorff = Traced::Solver(crate::run::KnightAlgo::Warnsdorff);
        (warnsdorff, Setting::Param("tie_break"), "auto", "roth")
    }

    fn on(
        instance: &dyn crate::app::puzzles::PuzzleUi,
        algorithm: Traced,
        params: Vec<(String, String)>,
        seed: u64,
        budget: crate::solve::Budget,
    ) -> Option<Self> {
        let k = instance
            .as_any()
            .downcast_ref::<crate::app::puzzles::knight::KnightInstance>()?;
        Some(KnightTraceJob {
            cols: k.cols,
            rows: k.rows,
            start: Some(k.start),
            closed: k.closed,
            algorithm,
            params,
            seed,
            budget,
            limit: MAX_APP_STEPS,
        })
    }

    fn steps(trace: &Self::Trace) -> Box<dyn Iterator<Item = serde_json::Value> + '_> {
        Box::new(crate::run::trace::diff::knight_steps(trace))
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
        KnightTraceJob::check(self).map_err(|e| e.to_string())
    }
}
