//! The N-Queens AI report's greedy best-first search: always expand the placement with
//! the lowest heuristic, moving one queen within its column.

use super::heuristic::{Heuristic, Outcome, Pulse, for_each_neighbour};
use super::trace::{QueenStep, clip};
use crate::solve::trace::{Off, Sink};
use crate::solve::{Control, Counters, Stop};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

/// The most row values best-first keeps in its queue and visited set (2²⁷ values, 512 MB):
/// each expansion adds n(n − 1) placements of n rows, so large boards would otherwise fill
/// the machine's memory long before the time limit.
pub const MAX_VALUES: usize = 1 << 27;

/// The N-Queens AI report's greedy best-first search: a priority queue of `(heuristic,
/// state)` (ties by the state, as Python's tuples compare), a visited set, neighbours by
/// moving one queen. Keeps at most [`MAX_VALUES`] row values in memory (`MemoryLimit`
/// beyond).
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::queens::validate;
/// use searchlab::solve::queens::best_first;
/// use searchlab::solve::queens::heuristic::{Heuristic, random_start};
/// use searchlab::solve::{Budget, Control, Stop, rng_from_seed};
///
/// let start = random_start(6, &mut rng_from_seed(1));
/// let mut ctl = Control::quiet(Budget::unlimited());
/// let outcome = best_first::solve(&start, Heuristic::H2, &mut ctl);
/// assert_eq!(outcome.stop, Stop::Found);
/// assert_eq!(validate(6, &outcome.rows), Ok(()));
/// ```
pub fn solve(start: &[u32], heuristic: Heuristic, ctl: &mut Control) -> Outcome {
    solve_within(start, heuristic, MAX_VALUES, ctl)
}

/// [`solve`] keeping at most `max_values` row values in memory.
pub fn solve_within(
    start: &[u32],
    heuristic: Heuristic,
    max_values: usize,
    ctl: &mut Control,
) -> Outcome {
    solve_traced(start, heuristic, max_values, ctl, &mut Off)
}

/// [`solve_within`], telling `trace` each placement taken off the queue (expanded,
/// dropped as seen before, or the goal) and each neighbour put on it.
pub fn solve_traced<T: Sink<QueenStep>>(
    start: &[u32],
    heuristic: Heuristic,
    max_values: usize,
    ctl: &mut Control,
    trace: &mut T,
) -> Outcome {
    let n = start.len();
    let mut counters = Counters::default();
    let mut queue = BinaryHeap::new();
    let mut visited: HashSet<Vec<u32>> = HashSet::new();
    queue.push(Reverse((heuristic.eval(start), start.to_vec())));
    let mut last = start.to_vec();
    let mut pulse = Pulse::new(n);
    let stop = loop {
        let Some(Reverse((h, state))) = queue.pop() else {
            break Stop::Exhausted;
        };
        if h == 0 {
            last = state;
            if T::ON {
                trace.step_with(QueenStep::Goal, &last);
            }
            break Stop::Found;
        }
        if !visited.insert(state.clone()) {
            if T::ON && !trace.step(QueenStep::Skip { h: clip(h) }) {
                break Stop::StepLimit;
            }
            continue;
        }
        counters.nodes += 1;
        counters.depth = h;
        if T::ON && !trace.step_with(QueenStep::Pop { h: clip(h) }, &state) {
            last = state;
            break Stop::StepLimit;
        }
        let mut neighbour = state.clone();
        let mut interrupted = None;
        let mut full = false;
        let mut traced_all = true;
        for_each_neighbour(&state, |i, j| {
            neighbour[i] = j;
            if !visited.contains(&neighbour) {
                let nh = heuristic.eval(&neighbour);
                queue.push(Reverse((nh, neighbour.clone())));
                counters.queued += 1;
                if T::ON {
                    traced_all = trace.step(QueenStep::Push {
                        column: i as u32,
                        row: j,
                        h: clip(nh),
                    });
                }
            }
            neighbour[i] = state[i];
            interrupted = pulse.interrupted(ctl, &counters);
            full = (queue.len() + visited.len()) * n > max_values;
            interrupted.is_none() && !full && traced_all
        });
        last = state;
        if !traced_all {
            break Stop::StepLimit;
        }
        if let Some(stop) = interrupted {
            break stop;
        }
        if full {
            break Stop::MemoryLimit;
        }
        if let Some(stop) = ctl.check(&counters, Some(&last)) {
            break stop;
        }
    };
    ctl.finish(&counters, &last);
    Outcome {
        rows: last,
        stop,
        counters,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::knight::test_support::with_control;
    use crate::solve::queens::heuristic::random_start;
    use crate::solve::{Budget, rng_from_seed};
    use crate::testing::test;

    #[test]
    fn best_first_stops_at_its_memory_limit() {
        // 30 queens: one expansion queues 870 placements of 30 rows.
        let start = random_start(30, &mut rng_from_seed(2));
        let o = with_control(Budget::unlimited(), |ctl| {
            solve_within(&start, Heuristic::H2, 1000 * 30, ctl)
        });
        assert_eq!(o.stop, Stop::MemoryLimit);
        assert!(o.counters.queued <= 2 * 870, "{:?}", o.counters);
    }
}
