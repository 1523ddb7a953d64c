//! Any step of a trace at once: the state is kept every so many steps (a checkpoint), and
//! the state after step k is the checkpoint before it with the steps in between replayed.
//!
//! Checkpoints come every `max(1024, size of a state)` steps, so they hold about as many
//! values as the trace has steps, and a seek replays at most that many steps: on a trace
//! of a million steps, a fraction of a millisecond.

use super::knight::KnightTrace;
use super::queens::QueensTrace;
use crate::run::algo::QueensAlgo;
use crate::solve::knight::trace::{KnightState, KnightStep};
use crate::solve::queens::trace::{QueenStep, QueensState};
use std::ops::Range;
use std::sync::Arc;

/// A trace whose steps can be replayed from the start.
pub trait Replayable {
    /// The board after some steps.
    type State: Clone;
    /// How many steps it holds.
    fn len(&self) -> usize;
    /// Whether it holds none.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The state before the first step.
    fn initial(&self) -> Self::State;
    /// Applies the steps of `steps` to `state`, in order.
    fn replay(&self, state: &mut Self::State, steps: Range<usize>);
    /// About how many values one state holds (squares, queens).
    fn state_size(&self) -> usize;
}

impl Replayable for KnightTrace {
    type State = KnightState;

    fn len(&self) -> usize {
        self.steps.len()
    }

    fn initial(&self) -> KnightState {
        KnightState::default()
    }

    fn replay(&self, state: &mut KnightState, steps: Range<usize>) {
        for step in self.steps.get(steps).unwrap_or_default() {
            state.apply(step, &self.tree);
        }
    }

    fn state_size(&self) -> usize {
        self.board.len()
    }
}

impl Replayable for QueensTrace {
    type State = QueensState;

    fn len(&self) -> usize {
        self.recorder.len()
    }

    fn initial(&self) -> QueensState {
        QueensState::new(self.job.n as usize)
    }

    fn replay(&self, state: &mut QueensState, steps: Range<usize>) {
        let n = self.job.n as usize;
        let each = self.recorder.iter_from(steps.start).take(steps.len());
        for (index, step) in (steps.start..).zip(each) {
            let carried = step
                .carries_state()
                .then(|| self.recorder.state(index, n))
                .flatten();
            state.apply(&step, carried);
        }
    }

    fn state_size(&self) -> usize {
        // The rows and the best placement kept beside them; a beam's state also holds its
        // k members and the next beam's.
        let k = match self.kind {
            QueensAlgo::Beam => super::queens::param(self, "k")
                .and_then(|k| k.parse::<usize>().ok())
                .unwrap_or(1),
            _ => 0,
        };
        (2 + 2 * k) * self.job.n as usize
    }
}

/// A trace with checkpoints.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(bound(
    serialize = "T: serde::Serialize, T::State: serde::Serialize",
    deserialize = "T: serde::Deserialize<'de>, T::State: serde::Deserialize<'de>"
))]
pub struct Timeline<T: Replayable> {
    /// The trace.
    pub trace: Arc<T>,
    every: usize,
    /// `checkpoints[i]`: the state after the first `i * every` steps.
    checkpoints: Vec<T::State>,
}

impl<T: Replayable> Timeline<T> {
    /// Replays `trace` once, keeping its checkpoints.
    pub fn new(trace: Arc<T>) -> Timeline<T> {
        let every = trace.state_size().max(1024);
        let mut state = trace.initial();
        let mut checkpoints = vec![state.clone()];
        for from in (0..trace.len()).step_by(every) {
            let to = (from + every).min(trace.len());
            trace.replay(&mut state, from..to);
            if to - from == every {
                checkpoints.push(state.clone());
            }
        }
        Timeline {
            trace,
            every,
            checkpoints,
        }
    }

    /// How many steps the trace holds: positions run from 0 (before the first) to this.
    pub fn len(&self) -> usize {
        self.trace.len()
    }

    /// Whether the trace holds no step.
    pub fn is_empty(&self) -> bool {
        self.trace.is_empty()
    }

    /// The state after the first `k` steps (`k` past the end: after the last).
    pub fn state_at(&self, k: usize) -> T::State {
        let k = k.min(self.len());
        let at = (k / self.every).min(self.checkpoints.len() - 1);
        let mut state = self.checkpoints[at].clone();
        self.trace.replay(&mut state, at * self.every..k);
        state
    }
}

/// Where the notable steps of a knight trace are, for marks on a slider.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KnightMarks {
    /// Squares taken back (and paths given up).
    pub backtracks: Vec<u32>,
    /// Walks begun after the first.
    pub restarts: Vec<u32>,
    /// Steps that made the longest path so far.
    pub bests: Vec<u32>,
    /// Tours (counted, or the one found).
    pub solutions: Vec<u32>,
}

impl KnightMarks {
    /// The marks of `trace`'s steps.
    pub fn of(trace: &KnightTrace) -> KnightMarks {
        let mut marks = KnightMarks::default();
        let tree = &trace.tree;
        let (mut depth, mut deepest, mut walks) = (0usize, 0usize, 0);
        for (i, step) in trace.steps.iter().enumerate() {
            let i = i as u32;
            match *step {
                KnightStep::Restart { .. } => {
                    walks += 1;
                    depth = 0;
                    if walks > 1 {
                        marks.restarts.push(i);
                    }
                }
                KnightStep::Visit { .. } => {
                    depth += 1;
                    if depth > deepest {
                        deepest = depth;
                        marks.bests.push(i);
                    }
                }
                KnightStep::Backtrack { .. } => {
                    depth = depth.saturating_sub(1);
                    marks.backtracks.push(i);
                }
                KnightStep::Prune { .. } => marks.backtracks.push(i),
                KnightStep::Tour => marks.solutions.push(i),
                KnightStep::Generate { parent, .. } => {
                    let d = tree.get(parent).map_or(1, |p| p.depth as usize + 1);
                    if d > deepest {
                        deepest = d;
                        marks.bests.push(i);
                    }
                }
                KnightStep::Expand { .. } => {}
            }
        }
        if trace.found && trace.traced != super::knight::Traced::Count && !trace.steps.is_empty() {
            marks.solutions.push(trace.steps.len() as u32 - 1);
        }
        marks
    }
}

/// Where the notable steps of a queens trace are, for marks on a slider.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct QueensMarks {
    /// Queens taken back, local minima and plateaus.
    pub backtracks: Vec<u32>,
    /// Restarts after the first placement.
    pub restarts: Vec<u32>,
    /// Steps that reached a lower heuristic value (or more queens) than ever before.
    pub bests: Vec<u32>,
    /// The solution.
    pub solutions: Vec<u32>,
}

impl QueensMarks {
    /// The marks of `trace`'s steps.
    pub fn of(trace: &QueensTrace) -> QueensMarks {
        let mut marks = QueensMarks::default();
        let (mut placed, mut most) = (0usize, 0usize);
        let mut lowest = u32::MAX;
        let mut starts = 0;
        // Annealing's attacking pairs now.
        let mut annealed = 0u32;
        for (i, step) in trace.recorder.iter().enumerate() {
            let i = i as u32;
            let mut lower = |h: u32, marks: &mut QueensMarks| {
                if h < lowest {
                    lowest = h;
                    marks.bests.push(i);
                }
            };
            match step {
                QueenStep::Place { .. } => {
                    placed += 1;
                    if placed > most {
                        most = placed;
                        marks.bests.push(i);
                    }
                }
                QueenStep::Remove { .. } => {
                    placed = placed.saturating_sub(1);
                    marks.backtracks.push(i);
                }
                QueenStep::Stuck { .. } => marks.backtracks.push(i),
                QueenStep::Unassign { .. } => {
                    placed = placed.saturating_sub(1);
                    marks.backtracks.push(i);
                }
                QueenStep::Assign { .. } => {
                    placed += 1;
                    if placed > most {
                        most = placed;
                        marks.bests.push(i);
                    }
                }
                QueenStep::Propose {
                    delta, taken: true, ..
                } => {
                    annealed = annealed.saturating_add_signed(delta);
                    lower(annealed, &mut marks);
                }
                QueenStep::Advance { h } => lower(h, &mut marks),
                QueenStep::Begin { h, restart } => {
                    annealed = h;
                    if restart {
                        marks.restarts.push(i);
                    }
                    lower(h, &mut marks);
                }
                QueenStep::Restart => {
                    starts += 1;
                    if starts > 1 {
                        marks.restarts.push(i);
                    }
                }
                QueenStep::Pop { h } | QueenStep::Move { h, .. } => lower(h, &mut marks),
                QueenStep::Swap {
                    kept: true,
                    collisions,
                    ..
                } => lower(collisions, &mut marks),
                QueenStep::Goal => marks.solutions.push(i),
                _ => {}
            }
        }
        let last = trace.recorder.len();
        if trace.found && last > 0 && marks.solutions.last() != Some(&(last as u32 - 1)) {
            marks.solutions.push(last as u32 - 1);
        }
        marks
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::trace::KnightTraceJob;
    use crate::solve::Budget;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn every_position_of_a_timeline_is_the_replay_of_the_steps_before_it() {
        let job = KnightTraceJob {
            cols: 5,
            rows: 5,
            start: None,
            closed: false,
            algorithm: "backtrack".parse().unwrap(),
            params: vec![],
            seed: 0,
            budget: Budget::unlimited(),
            limit: 20_000,
        };
        let trace = Arc::new(job.run(&AtomicBool::new(false)).unwrap());
        let timeline = Timeline::new(trace.clone());
        let mut state = trace.initial();
        for (k, step) in trace.steps.iter().enumerate() {
            assert_eq!(timeline.state_at(k), state, "after {k} steps");
            state.apply(step, &trace.tree);
        }
        assert_eq!(timeline.state_at(trace.len()), state);
        assert_eq!(state.path, trace.path);
    }

    /// The same for N-Queens, whose steps a recorder keeps in runs: a run cut by a
    /// checkpoint or a seek is read from the middle.
    #[test]
    fn every_position_of_a_queens_timeline_is_the_replay_of_the_steps_before_it() {
        // 3,315 steps; 3,101 steps with six restarts.
        for (algorithm, n, seed) in [("backtracking", 12, 0), ("hill-climbing", 10, 2)] {
            let job = crate::run::trace::QueensTraceJob {
                n,
                algorithm: algorithm.parse().unwrap(),
                params: vec![],
                seed,
                budget: Budget::unlimited(),
                limit: 20_000,
            };
            let trace = Arc::new(job.run(&AtomicBool::new(false)).unwrap());
            assert!(trace.len() > 2048, "{algorithm}: past two checkpoints");
            let timeline = Timeline::new(trace.clone());
            let mut state = trace.initial();
            for (k, step) in trace.recorder.iter().enumerate() {
                assert_eq!(timeline.state_at(k), state, "{algorithm}: after {k} steps");
                let carried = step
                    .carries_state()
                    .then(|| trace.recorder.state(k, n as usize))
                    .flatten();
                state.apply(&step, carried);
            }
            assert_eq!(timeline.state_at(trace.len()), state);
            if algorithm == "backtracking" {
                assert_eq!(state.rows, trace.rows);
            }
        }
    }
}
