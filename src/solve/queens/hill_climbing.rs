//! The N-Queens AI report's hill climbing: steepest descent on the heuristic, restarting
//! from a random placement at a local minimum. The restart limit, which the report leaves
//! open, is the `max_restarts` parameter (default 100).
//!
//! The variants a course compares (Russell & Norvig, *Artificial Intelligence: A Modern
//! Approach*, section 4.1.1) are the `variant` parameter: steepest (the report's), sideways
//! moves on a plateau up to a limit in a row, first-choice (neighbours tried in a random
//! order, the first better one taken) and stochastic (one of the better neighbours, drawn
//! at random).

use super::heuristic::{Heuristic, Outcome, Pulse, for_each_neighbour, random_start};
use super::trace::{QueenStep, clip};
use crate::solve::trace::{Off, Sink};
use crate::solve::{Control, Counters, GenerationStats, Rng, Stop};
use rand::RngExt;

/// Which neighbour a climb moves to.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    strum::EnumString,
    strum::VariantNames,
    strum::IntoStaticStr,
)]
#[strum(serialize_all = "kebab-case")]
pub enum Variant {
    /// The best neighbour (the first among equals), if it is better: the N-Queens AI
    /// report's.
    #[default]
    Steepest,
    /// The best neighbour if it is better; if it is only as good, a move to it anyway (one
    /// of the equals at random), up to a limit of such moves in a row.
    Sideways,
    /// The neighbours in a random order, the first better one taken.
    FirstChoice,
    /// One of the better neighbours, drawn at random.
    Stochastic,
}

/// How a climb chooses its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Climb {
    /// Which neighbour it moves to.
    pub variant: Variant,
    /// Sideways moves allowed in a row (the `sideways` variant).
    pub sideways_limit: u64,
}

impl Default for Climb {
    fn default() -> Self {
        Climb {
            variant: Variant::Steepest,
            sideways_limit: 100,
        }
    }
}

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
    let climb = Climb::default();
    solve_climb(start, heuristic, max_restarts, climb, rng, ctl, trace)
}

/// [`solve_traced`] with the variant `climb` chooses. Steepest descent draws nothing from
/// `rng` between restarts, so it repeats [`solve`] exactly; the other variants draw their
/// choices from it.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::queens::validate;
/// use searchlab::solve::queens::heuristic::{Heuristic, random_start};
/// use searchlab::solve::queens::hill_climbing::{self, Climb, Variant};
/// use searchlab::solve::trace::Off;
/// use searchlab::solve::{Budget, Control, Stop, rng_from_seed};
///
/// let mut rng = rng_from_seed(1);
/// let start = random_start(8, &mut rng);
/// let climb = Climb { variant: Variant::Sideways, sideways_limit: 100 };
/// let mut ctl = Control::quiet(Budget::unlimited());
/// let o = hill_climbing::solve_climb(&start, Heuristic::H1, 100, climb, &mut rng, &mut ctl, &mut Off);
/// assert_eq!(o.stop, Stop::Found);
/// assert_eq!(validate(8, &o.rows), Ok(()));
/// ```
#[allow(
    clippy::too_many_lines,
    reason = "the search's loop keeps its state in locals, as fast code wants; each part of a split would take them all"
)]
pub fn solve_climb<T: Sink<QueenStep>>(
    start: &[u32],
    heuristic: Heuristic,
    max_restarts: u64,
    climb: Climb,
    rng: &mut Rng,
    ctl: &mut Control,
    trace: &mut T,
) -> Outcome {
    let n = start.len();
    // First-choice's order: columns shuffled, then each column's rows.
    let mut columns: Vec<u32> = Vec::new();
    let mut rows_order: Vec<u32> = Vec::new();
    let mut sideways = 0u64;
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
            // The best neighbour (the first among equals, like Python's `min`); for the
            // other variants, `pick` is the neighbour they move to if they move.
            let mut top: Option<(u64, usize, u32)> = None;
            let mut pick: Option<(u64, usize, u32)> = None;
            // Neighbours as good as the best (sideways) or better than here (stochastic)
            // seen so far: each replaces `pick` with chance 1/k, a uniform draw.
            let mut seen = 0u32;
            let mut neighbour = current.clone();
            let mut interrupted = None;
            let mut traced_all = true;
            let mut score = |i: usize, j: u32, rng: &mut Rng| {
                neighbour[i] = j;
                let nh = heuristic.eval(&neighbour);
                counters.nodes += 1;
                if top.is_none_or(|t| nh < t.0) {
                    top = Some((nh, i, j));
                }
                match climb.variant {
                    Variant::Steepest => {}
                    Variant::Sideways => {
                        if pick.is_none_or(|p| nh < p.0) {
                            pick = Some((nh, i, j));
                            seen = 1;
                        } else if pick.is_some_and(|p| nh == p.0) {
                            seen += 1;
                            if rng.random_range(0..seen) == 0 {
                                pick = Some((nh, i, j));
                            }
                        }
                    }
                    Variant::Stochastic => {
                        if nh < h {
                            seen += 1;
                            if rng.random_range(0..seen) == 0 {
                                pick = Some((nh, i, j));
                            }
                        }
                    }
                    Variant::FirstChoice => {
                        if nh < h && pick.is_none() {
                            pick = Some((nh, i, j));
                        }
                    }
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
                let more = climb.variant != Variant::FirstChoice || pick.is_none();
                interrupted.is_none() && traced_all && more
            };
            if climb.variant == Variant::FirstChoice {
                shuffle_into(&mut columns, n as u32, rng);
                'sweep: for &c in &columns {
                    let i = c as usize;
                    shuffle_into(&mut rows_order, n as u32, rng);
                    for &j in &rows_order {
                        if j != current[i] && !score(i, j, rng) {
                            break 'sweep;
                        }
                    }
                }
            } else {
                for_each_neighbour(&current, |i, j| score(i, j, rng));
            }
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
            let chosen = match climb.variant {
                Variant::Steepest => top.filter(|t| t.0 < h),
                Variant::Sideways => {
                    pick.filter(|p| p.0 < h || (p.0 == h && sideways < climb.sideways_limit))
                }
                Variant::FirstChoice | Variant::Stochastic => pick,
            };
            match chosen {
                Some((nh, i, j)) => {
                    sideways = if nh < h { 0 } else { sideways + 1 };
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
        sideways = 0;
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

/// Fills `order` with 0..n in a random order (Fisher–Yates), keeping its memory.
fn shuffle_into(order: &mut Vec<u32>, n: u32, rng: &mut Rng) {
    order.clear();
    order.extend(0..n);
    for i in (1..order.len()).rev() {
        let j = rng.random_range(0..=i);
        order.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::queens::validate;
    use crate::solve::{Budget, rng_from_seed};
    use crate::testing::test;

    /// Climbs without restarts from `seeds` random 8-queens placements; the share solved.
    fn success(variant: Variant, seeds: u64) -> f64 {
        let climb = Climb {
            variant,
            sideways_limit: 100,
        };
        let mut solved = 0;
        for seed in 0..seeds {
            let mut rng = rng_from_seed(seed);
            let start = random_start(8, &mut rng);
            let mut ctl = Control::quiet(Budget::unlimited());
            let o = solve_climb(
                &start,
                Heuristic::H1,
                0,
                climb,
                &mut rng,
                &mut ctl,
                &mut Off,
            );
            if o.stop == Stop::Found {
                assert_eq!(validate(8, &o.rows), Ok(()));
                solved += 1;
            }
        }
        f64::from(solved) / seeds as f64
    }

    #[test]
    fn sideways_moves_solve_far_more_8_queens_than_steepest_descent() {
        // Russell & Norvig report 14% of random 8-queens states solved by steepest descent
        // and 94% with up to 100 sideways moves in a row.
        let steepest = success(Variant::Steepest, 300);
        let sideways = success(Variant::Sideways, 300);
        assert!((0.05..0.30).contains(&steepest), "steepest {steepest}");
        assert!(sideways > 0.85, "sideways {sideways}");
        // First-choice and stochastic climbing go downhill too, and solve some.
        for v in [Variant::FirstChoice, Variant::Stochastic] {
            let s = success(v, 300);
            assert!((0.02..0.6).contains(&s), "{v:?} {s}");
        }
    }
}
