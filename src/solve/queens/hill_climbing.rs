//! The N-Queens AI report's hill climbing: steepest descent on the heuristic, restarting
//! from a random placement at a local minimum. The restart limit, which the report leaves
//! open, is the `max_restarts` parameter (default 100).

use super::heuristic::{Heuristic, Outcome, Pulse, for_each_neighbour, random_start};
use super::trace::{QueenStep, clip};
use crate::solve::trace::{Off, Sink};
use crate::solve::{Control, Counters, GenerationStats, Rng, Stop};

/// Steepest-descent hill climbing with random restarts: move to the best neighbour while
/// it is better; at a local minimum, start again from a random placement, up to
/// `max_restarts` times. Reports the conflicts after every step as a "generation". The
/// answer is the solution (`Found`) or the best placement seen (`Stuck`).
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::queens::{conflicts, validate};
/// use searchlab::solve::queens::heuristic::{Heuristic, random_start};
/// use searchlab::solve::queens::hill_climbing;
/// use searchlab::solve::{Budget, Control, Stop, rng_from_seed};
///
/// let mut rng = rng_from_seed(1);
/// let start = random_start(8, &mut rng);
/// let mut ctl = Control::quiet(Budget::unlimited());
/// let outcome = hill_climbing::solve(&start, Heuristic::H1, 100, &mut rng, &mut ctl);
/// assert!(conflicts(&start) > 0);
/// assert_eq!(outcome.stop, Stop::Found);
/// assert_eq!(validate(8, &outcome.rows), Ok(()));
/// ```
pub fn solve(
    start: &[u32],
    heuristic: Heuristic,
    max_restarts: u64,
    rng: &mut Rng,
    ctl: &mut Control,
) -> Outcome {
    solve_traced(start, heuristic, max_restarts, rng, ctl, &mut Off)
}

/// [`solve`], telling `trace` each placement it starts from (the given one, then each
/// restart's), each neighbour scored, each move made and each local minimum or plateau.
pub fn solve_traced<T: Sink<QueenStep>>(
    start: &[u32],
    heuristic: Heuristic,
    max_restarts: u64,
    rng: &mut Rng,
    ctl: &mut Control,
    trace: &mut T,
) -> Outcome {
    let n = start.len();
    let mut counters = Counters::default();
    let mut current = start.to_vec();
    let mut best = current.clone();
    let mut best_h = heuristic.eval(&best);
    let mut step = 0u64;
    let mut pulse = Pulse::new(n);
    let stop = 'outer: loop {
        let mut h = heuristic.eval(&current);
        if T::ON
            && !trace.step_with(
                QueenStep::Begin {
                    h: clip(h),
                    restart: counters.attempts > 0,
                },
                &current,
            )
        {
            if h < best_h {
                best.clone_from(&current);
            }
            break Stop::StepLimit;
        }
        loop {
            step += 1;
            ctl.generation(&GenerationStats {
                generation: step,
                best: h as f64,
                mean: h as f64,
                worst: h as f64,
                ..GenerationStats::default()
            });
            if h < best_h {
                best_h = h;
                best.clone_from(&current);
            }
            if h == 0 {
                break 'outer Stop::Found;
            }
            // The best neighbour (the first among equals, like Python's `min`).
            let mut top: Option<(u64, usize, u32)> = None;
            let mut neighbour = current.clone();
            let mut interrupted = None;
            let mut traced_all = true;
            for_each_neighbour(&current, |i, j| {
                neighbour[i] = j;
                let nh = heuristic.eval(&neighbour);
                counters.nodes += 1;
                if top.is_none_or(|t| nh < t.0) {
                    top = Some((nh, i, j));
                }
                if T::ON {
                    traced_all = trace.step(QueenStep::Score {
                        column: i as u32,
                        row: j,
                        h: clip(nh),
                    });
                }
                neighbour[i] = current[i];
                interrupted = pulse.interrupted(ctl, &counters);
                interrupted.is_none() && traced_all
            });
            if !traced_all {
                break 'outer Stop::StepLimit;
            }
            if let Some(stop) = interrupted {
                // A neighbour with no conflicts, scored just before the stop, is the move
                // the sweep would have made (nothing scores lower): take it.
                if let Some((0, i, j)) = top {
                    current[i] = j;
                    counters.moves += 1;
                    if T::ON {
                        trace.step(QueenStep::Move {
                            column: i as u32,
                            row: j,
                            h: 0,
                        });
                    }
                    break 'outer Stop::Found;
                }
                break 'outer stop;
            }
            if let Some(stop) = ctl.check(&counters, Some(&current)) {
                break 'outer stop;
            }
            match top {
                Some((nh, i, j)) if nh < h => {
                    current[i] = j;
                    h = nh;
                    counters.moves += 1;
                    if T::ON
                        && !trace.step(QueenStep::Move {
                            column: i as u32,
                            row: j,
                            h: clip(h),
                        })
                    {
                        if h < best_h {
                            best.clone_from(&current);
                        }
                        break 'outer Stop::StepLimit;
                    }
                }
                _ => {
                    if T::ON
                        && !trace.step(QueenStep::Stuck {
                            h: clip(h),
                            best: clip(top.map_or(h, |t| t.0)),
                        })
                    {
                        break 'outer Stop::StepLimit;
                    }
                    break;
                }
            }
        }
        if counters.attempts >= max_restarts {
            break Stop::Stuck;
        }
        counters.attempts += 1;
        current = random_start(n, rng);
    };
    let rows = if stop == Stop::Found { current } else { best };
    ctl.finish(&counters, &rows);
    Outcome {
        rows,
        stop,
        counters,
    }
}
