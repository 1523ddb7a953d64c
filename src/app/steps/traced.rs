//! What step by step needs of a trace (`Traced`), the jobs that make traces and the
//! background task that runs them, and the two puzzles' traces as step by step reads them:
//! their slider marks, pseudocode, sentences, figures, trees and Your guess questions.

use crate::app::background::{Task, Work};
use crate::run::Algorithm;
use crate::run::JobError;
use crate::run::trace::guess::Question;
use crate::run::trace::pseudocode::Pseudocode;
use crate::run::trace::timeline::{Replayable, Timeline};
use crate::run::trace::tree::SearchTree;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// What the step-by-step view needs of a puzzle's trace.
pub trait Traced: Replayable<State: Send + Sync + 'static> + Send + Sync + Sized + 'static {
    /// The steps to mark on the slider: dead ends and backtracks, restarts, new bests,
    /// solutions.
    fn marks(&self) -> [Vec<u32>; 4];
    /// What each kind of mark is, for the legend.
    fn mark_labels(&self) -> [&'static str; 4];
    /// The algorithm, line by line.
    fn pseudocode(&self) -> Pseudocode;
    /// The line of the pseudocode step `index` executes.
    fn line(&self, index: usize) -> usize;
    /// The sentences of steps `from..to`, `state` being the state before `from`.
    fn tell(&self, from: usize, to: usize, state: Self::State) -> Vec<String>;
    /// The algorithm and how much of it the trace holds.
    fn title(&self) -> String;
    /// What came of the search.
    fn message(&self) -> &str;
    /// The search's figures: `(label, help, value)`.
    fn figures(&self) -> Vec<(&'static str, &'static str, String)>;
    /// The tree the search explored, or why it is not drawn.
    fn tree(&self) -> Result<SearchTree, String>;
    /// Whether the trace was cut by its step limit (the search went on past it).
    fn cut(&self) -> bool;
    /// Whether the search was stopped by a limit (steps, time, nodes…) before it ended by
    /// itself.
    fn limited(&self) -> bool;
    /// Why "Your guess" is not offered for this search, if it is not.
    fn guess_refusal(&self) -> Option<String>;
    /// Whether step `index` begins a decision to guess (a quick look at the step alone).
    fn asks(&self, index: usize) -> bool;
    /// The question step `index` begins, `state` being the state before it.
    fn question(&self, index: usize, state: &Self::State) -> Option<Question>;
    /// A board cell of a question, by name.
    fn cell_name(&self, cell: u32) -> String;
    /// Why the search decided as it did: its own sentence for the decision (`state`: the
    /// state before the step that makes it), and what else the steps show.
    fn explain(&self, q: &Question, state: Self::State) -> String {
        let i = q.reveal_at.saturating_sub(1);
        self.tell(i, i + 1, state).pop().unwrap_or_default()
    }
}

/// A job that makes a trace.
pub trait TraceJob: Serialize + DeserializeOwned + PartialEq + Send + 'static {
    /// The trace the job makes; it travels whole, made ready, from a browser's Web Worker.
    type Trace: Traced
        + Serialize
        + DeserializeOwned
        + Replayable<State: Serialize + DeserializeOwned>;
    /// The name of its background work (`crate::app::tasks`).
    const NAME: &'static str;
    /// Runs the search with its steps recorded, on the calling thread (the view's
    /// background one), and checks the trace; `cancel` stops the search early.
    fn run(&self, cancel: &AtomicBool) -> Result<Self::Trace, JobError>;
    /// The job that made `trace`.
    fn of(trace: &Self::Trace) -> &Self;
    /// The instance the job searches, in words ("the 8×8 board from a8, open tours"):
    /// a trace is drawn on its own instance, and says so when the form has another.
    fn instance(&self) -> String;
}

impl TraceJob for crate::run::trace::KnightTraceJob {
    type Trace = crate::run::trace::KnightTrace;
    const NAME: &'static str = "knight-trace";
    fn run(&self, cancel: &AtomicBool) -> Result<Self::Trace, JobError> {
        crate::run::trace::KnightTraceJob::run(self, cancel)
    }
    fn of(trace: &Self::Trace) -> &Self {
        &trace.job
    }
    fn instance(&self) -> String {
        let board = crate::puzzle::knight::Board::new(self.cols, self.rows);
        let from = match (&board, self.start) {
            (Ok(b), Some((r, c))) if r < b.rows() && c < b.cols() => {
                format!(" from {}", b.name(b.square(r, c)))
            }
            (_, None) => " from every square".to_string(),
            _ => String::new(),
        };
        let kind = if self.closed { "closed" } else { "open" };
        format!("the {}×{} board{from}, {kind} tours", self.cols, self.rows)
    }
}

impl TraceJob for crate::run::trace::QueensTraceJob {
    type Trace = crate::run::trace::QueensTrace;
    const NAME: &'static str = "queens-trace";
    fn run(&self, cancel: &AtomicBool) -> Result<Self::Trace, JobError> {
        crate::run::trace::QueensTraceJob::run(self, cancel)
    }
    fn of(trace: &Self::Trace) -> &Self {
        &trace.job
    }
    fn instance(&self) -> String {
        format!(
            "{} on {}×{}",
            crate::run::words::counted(self.n, "queen"),
            self.n,
            self.n
        )
    }
}

/// A trace to make, as background work: the trace job, run and checked, and the trace
/// made ready to show.
#[derive(Serialize, Deserialize)]
pub struct TraceTask<J>(pub J);

impl<J: TraceJob> Task for TraceTask<J> {
    type Output = Result<Prepared<J::Trace>, String>;
    const NAME: &'static str = J::NAME;

    fn run(self, send: &(dyn Fn(Self::Output) + Sync), work: &Work) {
        send(
            self.0
                .run(&work.cancel)
                .map(Prepared::of)
                .map_err(|e| e.to_string()),
        );
    }
}

/// A trace made ready to show.
#[derive(Serialize, Deserialize)]
#[serde(bound(
    serialize = "T: Serialize, T::State: Serialize",
    deserialize = "T: DeserializeOwned, T::State: DeserializeOwned"
))]
pub struct Prepared<T: Traced> {
    pub(crate) timeline: Timeline<T>,
    pub(super) marks: [Vec<u32>; 4],
    pub(super) code: Pseudocode,
    pub(super) tree: Result<SearchTree, String>,
}

impl<T: Traced> Prepared<T> {
    pub(crate) fn of(trace: T) -> Prepared<T> {
        let trace = Arc::new(trace);
        Prepared {
            marks: trace.marks(),
            code: trace.pseudocode(),
            tree: trace.tree(),
            timeline: Timeline::new(trace),
        }
    }
}

impl Traced for crate::run::trace::KnightTrace {
    fn marks(&self) -> [Vec<u32>; 4] {
        let m = crate::run::trace::timeline::KnightMarks::of(self);
        [m.backtracks, m.restarts, m.bests, m.solutions]
    }

    fn mark_labels(&self) -> [&'static str; 4] {
        [
            "dead ends and backtracks",
            "restarts",
            "new longest path",
            "tours",
        ]
    }

    fn pseudocode(&self) -> Pseudocode {
        crate::run::trace::pseudocode::knight(self)
    }

    fn line(&self, index: usize) -> usize {
        crate::run::trace::pseudocode::knight_line(self, index)
    }

    fn tell(&self, from: usize, to: usize, state: Self::State) -> Vec<String> {
        let mut teller = self.teller_at(from, state);
        (from..to.min(self.steps.len()))
            .map(|i| teller.tell(&self.steps[i], false).0)
            .collect()
    }

    fn title(&self) -> String {
        // The name the picker shows, not the command line's id.
        let name = crate::app::knight::task_name(self.job.algorithm.id());
        format!("{name} — {}", crate::run::trace::knight::summary(self))
    }

    fn message(&self) -> &str {
        &self.message
    }

    fn figures(&self) -> Vec<(&'static str, &'static str, String)> {
        crate::run::catalog::knight_figures(self.job.algorithm.id())
            .iter()
            .map(|f| (f.label, f.help, f.value(&self.counters)))
            .collect()
    }

    fn tree(&self) -> Result<SearchTree, String> {
        SearchTree::of_knight(self)
    }

    fn cut(&self) -> bool {
        crate::run::trace::KnightTrace::cut(self)
    }

    fn limited(&self) -> bool {
        self.stop.interrupted()
    }

    fn guess_refusal(&self) -> Option<String> {
        crate::run::trace::guess::knight_refusal(self)
    }

    fn asks(&self, index: usize) -> bool {
        crate::run::trace::guess::knight_asks(self, index)
    }

    fn question(&self, index: usize, state: &Self::State) -> Option<Question> {
        crate::run::trace::guess::knight_question(self, index, state)
    }

    fn cell_name(&self, cell: u32) -> String {
        self.board.name(cell)
    }
}

impl Traced for crate::run::trace::QueensTrace {
    fn marks(&self) -> [Vec<u32>; 4] {
        let m = crate::run::trace::timeline::QueensMarks::of(self);
        [m.backtracks, m.restarts, m.bests, m.solutions]
    }

    fn mark_labels(&self) -> [&'static str; 4] {
        [
            "queens taken back, local minima",
            "restarts",
            "new best (fewest attacks, most queens)",
            "solution",
        ]
    }

    fn pseudocode(&self) -> Pseudocode {
        crate::run::trace::pseudocode::queens(self)
    }

    fn line(&self, index: usize) -> usize {
        crate::run::trace::pseudocode::queens_line(self, index)
    }

    fn tell(&self, from: usize, to: usize, state: Self::State) -> Vec<String> {
        let steps = &self.recorder;
        let mut teller = self.teller_at(from, state);
        (steps
            .iter_from(from)
            .take(to.min(steps.len()).saturating_sub(from)))
        .map(|step| teller.tell(&step, false).0)
        .collect()
    }

    fn title(&self) -> String {
        let name = self.job.algorithm.info().name;
        format!("{name} — {}", crate::run::trace::queens::summary(self))
    }

    fn message(&self) -> &str {
        &self.message
    }

    fn figures(&self) -> Vec<(&'static str, &'static str, String)> {
        crate::run::catalog::queens_figures(self.job.algorithm.id())
            .iter()
            .map(|f| (f.label, f.help, f.value(&self.counters)))
            .collect()
    }

    fn tree(&self) -> Result<SearchTree, String> {
        SearchTree::of_queens(self)
    }

    fn cut(&self) -> bool {
        crate::run::trace::QueensTrace::cut(self)
    }

    fn limited(&self) -> bool {
        self.stop.interrupted()
    }

    fn guess_refusal(&self) -> Option<String> {
        crate::run::trace::guess::queens_refusal(self)
    }

    fn asks(&self, index: usize) -> bool {
        crate::run::trace::guess::queens_asks(self, index)
    }

    fn question(&self, index: usize, state: &Self::State) -> Option<Question> {
        crate::run::trace::guess::queens_question(self, index, state)
    }

    fn cell_name(&self, cell: u32) -> String {
        let n = self.job.n;
        let (row, column) = (cell / n as u32, cell % n as u32);
        crate::run::trace::queens::square_name(n, column, row)
    }

    /// The decision's sentence, and for hill climbing what the round's scores were.
    fn explain(&self, q: &Question, state: Self::State) -> String {
        let i = q.reveal_at.saturating_sub(1);
        let told = self.tell(i, i + 1, state).pop().unwrap_or_default();
        match crate::run::trace::guess::scored_round(self, q) {
            Some((scored, min, ties)) => format!(
                "{told} ({scored} moves scored; the lowest value, {min}, {}.)",
                if ties == 1 {
                    "at one square".to_string()
                } else {
                    format!("at {ties} squares")
                }
            ),
            None => told,
        }
    }
}
