//! Simulated annealing (Kirkpatrick, Gelatt & Vecchi 1983; as Russell & Norvig present it,
//! *Artificial Intelligence: A Modern Approach*, section 4.1.2): from a random placement,
//! propose moving a random queen to a random other row of its column; take the move when it
//! lowers the attacking pairs, and otherwise with probability e^(−Δ/T), the temperature T
//! falling by a schedule. Hot, it wanders; cold, it only descends.
//!
//! The attacking pairs are kept in row and diagonal counts, so a proposal costs O(1) and a
//! million queens fit in memory.

use super::heuristic::{Outcome, random_start};
use super::trace::{QueenStep, clip};
use crate::solve::trace::{Off, Sink};
use crate::solve::{Control, Counters, GenerationStats, Rng, Stop};
use rand::RngExt;

/// How the temperature falls with the step t (from 0).
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
#[strum(serialize_all = "lowercase")]
pub enum Schedule {
    /// T = t0 · cooling^t.
    #[default]
    Exponential,
    /// T = t0 · (1 − t / max_steps): zero at the last step.
    Linear,
    /// T = t0 / ln(t + e): the slow schedule of the convergence proofs (Geman & Geman).
    Logarithmic,
}

/// The annealing's parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Config {
    /// How the temperature falls.
    pub schedule: Schedule,
    /// The start temperature.
    pub t0: f64,
    /// The exponential schedule's factor per step (0 < cooling < 1).
    pub cooling: f64,
    /// Proposals at most.
    pub max_steps: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            schedule: Schedule::Exponential,
            t0: 2.0,
            cooling: 0.9995,
            max_steps: 1_000_000,
        }
    }
}

impl Config {
    /// The temperature at step `t`.
    pub fn temperature(&self, t: u64) -> f64 {
        match self.schedule {
            Schedule::Exponential => self.t0 * self.cooling.powf(t as f64),
            Schedule::Linear => self.t0 * (1.0 - t as f64 / self.max_steps.max(1) as f64),
            Schedule::Logarithmic => self.t0 / (t as f64 + std::f64::consts::E).ln(),
        }
    }
}

/// Proposals between two looks at the clock.
const PULSE: u64 = 4096;

/// The attacking pairs over a run of proposals, for one point of the curve: the fewest, the
/// most and their mean, so that a plot of a few hundred points still shows every value
/// the walk took (a bucket's range, not a sample).
#[derive(Debug, Clone, Copy)]
struct Bucket {
    low: u64,
    high: u64,
    sum: u64,
    len: u64,
}

impl Bucket {
    fn new() -> Bucket {
        Bucket {
            low: u64::MAX,
            high: 0,
            sum: 0,
            len: 0,
        }
    }

    fn add(&mut self, h: u64) {
        self.low = self.low.min(h);
        self.high = self.high.max(h);
        self.sum = self.sum.saturating_add(h);
        self.len += 1;
    }

    /// The point for proposals up to `proposal`: best the fewest, worst the most, mean the
    /// mean (as a GA's generation gives its best, mean and worst).
    fn stats(&self, proposal: u64) -> GenerationStats {
        GenerationStats {
            generation: proposal,
            best: self.low as f64,
            mean: self.sum as f64 / self.len.max(1) as f64,
            worst: self.high as f64,
            ..GenerationStats::default()
        }
    }
}

/// How many proposals the bucket ending after proposal `done` covers: one each for the
/// first 512, then growing with the run, so that a million proposals make about 4,000
/// points.
fn bucket_len(done: u64) -> u64 {
    (done / 512).max(1)
}

/// Anneals from a random placement of `n` queens drawn from `rng`: `Found` with a
/// solution, else `Stuck` with the placement of fewest attacking pairs seen when
/// `max_steps` proposals are made (or the budget's stop). Counts proposals (`nodes`) and
/// moves taken (`moves`); reports the attacking pairs as "generations" of proposals: each
/// one proposal early in the run, then longer stretches, each with the fewest (`best`),
/// the most (`worst`) and the mean attacking pairs after its proposals. Point 0 is the
/// start.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::queens::validate;
/// use searchlab::solve::queens::annealing::{self, Config};
/// use searchlab::solve::{Budget, Control, Stop, rng_from_seed};
///
/// let mut ctl = Control::quiet(Budget::unlimited());
/// let o = annealing::solve(50, &Config::default(), &mut rng_from_seed(1), &mut ctl);
/// assert_eq!(o.stop, Stop::Found);
/// assert_eq!(validate(50, &o.rows), Ok(()));
/// ```
pub fn solve(n: usize, config: &Config, rng: &mut Rng, ctl: &mut Control) -> Outcome {
    solve_traced(n, config, rng, ctl, &mut Off)
}

/// [`solve`], telling `trace` the start (with its placement) and each proposal: the queen,
/// its new row, the change in attacking pairs and whether the move was taken.
#[allow(
    clippy::too_many_lines,
    reason = "the search's loop keeps its state in locals, as fast code wants; each part of a split would take them all"
)]
pub fn solve_traced<T: Sink<QueenStep>>(
    n: usize,
    config: &Config,
    rng: &mut Rng,
    ctl: &mut Control,
    trace: &mut T,
) -> Outcome {
    let mut counters = Counters::default();
    let mut rows = random_start(n, rng);
    let mut row_count = vec![0u32; n];
    let mut d1 = vec![0u32; 2 * n];
    let mut d2 = vec![0u32; 2 * n];
    let diagonals = |c: usize, r: usize| (c + r, c + n - 1 - r);
    for (c, &r) in rows.iter().enumerate() {
        let (a, b) = diagonals(c, r as usize);
        row_count[r as usize] += 1;
        d1[a] += 1;
        d2[b] += 1;
    }
    let pairs = |k: u32| u64::from(k) * u64::from(k.saturating_sub(1)) / 2;
    let mut h: u64 = (row_count.iter().chain(&d1).chain(&d2))
        .map(|&k| pairs(k))
        .sum();
    // The best placement so far, kept without copying the rows at each improvement (n
    // may be millions): the moves taken since it, undone at the end; past n of them it is
    // copied once and the moves are no longer noted until the next improvement.
    let mut best_h = h;
    let mut since_best: Vec<(u32, u32)> = Vec::new();
    let mut best_copy: Option<Vec<u32>> = None;
    let begun = !T::ON
        || trace.step_with(
            QueenStep::Begin {
                h: clip(h),
                restart: false,
            },
            &rows,
        );
    let mut bucket = Bucket::new();
    bucket.add(h);
    ctl.generation(&bucket.stats(0));
    bucket = Bucket::new();
    let mut bucket_end = bucket_len(0);
    let stop = loop {
        if h == 0 {
            break Stop::Found;
        }
        if !begun {
            break Stop::StepLimit;
        }
        if counters.nodes >= config.max_steps || n < 2 {
            break Stop::Stuck;
        }
        if counters.nodes.is_multiple_of(PULSE)
            && let Some(stop) = ctl.check(&counters, Some(&rows))
        {
            break stop;
        }
        let t = config.temperature(counters.nodes);
        counters.nodes += 1;
        let c = rng.random_range(0..n);
        let from = rows[c] as usize;
        let mut to = rng.random_range(0..n - 1);
        if to >= from {
            to += 1;
        }
        // The queens another queen on (c, x) would meet, leaving out queen c itself.
        let (fa, fb) = diagonals(c, from);
        let (ta, tb) = diagonals(c, to);
        let leaving = i64::from(row_count[from] - 1 + d1[fa] - 1 + d2[fb] - 1);
        let arriving = i64::from(row_count[to] + d1[ta] + d2[tb]);
        let delta = arriving - leaving;
        let take = delta < 0 || (t > 0.0 && rng.random::<f64>() < (-(delta as f64) / t).exp());
        if take {
            row_count[from] -= 1;
            d1[fa] -= 1;
            d2[fb] -= 1;
            row_count[to] += 1;
            d1[ta] += 1;
            d2[tb] += 1;
            rows[c] = to as u32;
            h = (h as i64 + delta) as u64;
            counters.moves += 1;
            if h < best_h {
                best_h = h;
                since_best.clear();
                best_copy = None;
            } else if best_copy.is_none() {
                since_best.push((c as u32, from as u32));
                if since_best.len() > n.max(1024) {
                    best_copy = Some(undone(&rows, &since_best));
                    since_best.clear();
                }
            }
        }
        bucket.add(h);
        if counters.nodes == bucket_end || h == 0 {
            ctl.generation(&bucket.stats(counters.nodes));
            bucket = Bucket::new();
            bucket_end = counters.nodes + bucket_len(counters.nodes);
        }
        if T::ON
            && !trace.step(QueenStep::Propose {
                column: c as u32,
                row: to as u32,
                delta: delta.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32,
                taken: take,
            })
        {
            break if h == 0 { Stop::Found } else { Stop::StepLimit };
        }
    };
    // The curve's last point: the proposals since the last one, where it ended.
    if bucket.len > 0 {
        ctl.generation(&bucket.stats(counters.nodes));
    }
    let rows = match (stop, best_copy) {
        (Stop::Found, _) => rows,
        (_, Some(best)) => best,
        (_, None) => undone(&rows, &since_best),
    };
    ctl.finish(&counters, &rows);
    Outcome {
        rows,
        stop,
        counters,
    }
}

/// `rows` with `moves` (each a column and the row its queen left) taken back, newest
/// first.
fn undone(rows: &[u32], moves: &[(u32, u32)]) -> Vec<u32> {
    let mut back = rows.to_vec();
    for &(c, from) in moves.iter().rev() {
        back[c as usize] = from;
    }
    back
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::queens::{conflicts, validate};
    use crate::solve::{Budget, rng_from_seed};
    use crate::testing::test;

    #[test]
    fn the_kept_pair_count_is_the_attacking_pairs_and_annealing_solves_boards() {
        for (n, seed) in [(8usize, 1u64), (8, 2), (20, 3), (100, 4), (200, 5)] {
            let mut ctl = Control::quiet(Budget::unlimited());
            let o = solve(n, &Config::default(), &mut rng_from_seed(seed), &mut ctl);
            assert_eq!(o.stop, Stop::Found, "n = {n}");
            assert_eq!(validate(n, &o.rows), Ok(()));
        }
        // Cut short, it answers its best placement, whose pairs are counted from the rules.
        let config = Config {
            max_steps: 50,
            ..Config::default()
        };
        let mut ctl = Control::quiet(Budget::unlimited());
        let o = solve(200, &config, &mut rng_from_seed(9), &mut ctl);
        assert_eq!(o.stop, Stop::Stuck);
        assert_eq!(o.counters.nodes, 50);
        assert!(conflicts(&o.rows) > 0);
    }

    /// Collects the points of the curve.
    #[derive(Default)]
    struct Points(Vec<GenerationStats>);

    impl crate::solve::Observer for Points {
        fn generation(&mut self, stats: &GenerationStats) {
            self.0.push(*stats);
        }
    }

    /// A run that ends without a solution returns the best placement it reached: its
    /// attacking pairs are the fewest the curve ever shows (the moves since the best are
    /// taken back, or, past n of them, a copy made once is returned).
    #[test]
    fn a_run_without_a_solution_returns_its_best_placement() {
        for (n, seed, max_steps) in [(30usize, 1u64, 400u64), (60, 2, 20_000), (200, 5, 3_000)] {
            let config = Config {
                max_steps,
                ..Config::default()
            };
            let cancel = std::sync::atomic::AtomicBool::new(false);
            let mut points = Points::default();
            let o = {
                let mut ctl = Control::new(Budget::unlimited(), &cancel, &mut points);
                solve(n, &config, &mut rng_from_seed(seed), &mut ctl)
            };
            if o.stop == Stop::Found {
                continue;
            }
            let fewest = points.0.iter().map(|p| p.best).fold(f64::MAX, f64::min);
            assert_eq!(conflicts(&o.rows) as f64, fewest, "n = {n}, seed {seed}");
            assert_eq!(o.rows.len(), n, "a queen a column");
            assert!(
                o.rows.iter().all(|&r| (r as usize) < n),
                "rows on the board"
            );
        }
    }

    /// Every point of the curve covers its stretch of proposals exactly: its best and
    /// worst are the fewest and most attacking pairs after those proposals, as the trace
    /// of the same run tells them (the start, then each proposal's change when taken).
    #[test]
    fn the_curve_covers_every_proposal_with_its_range() {
        use crate::solve::queens::trace::QueenStep;
        use crate::solve::trace::Recorder;
        for (n, seed, max_steps) in [(4usize, 0u64, 1_000u64), (8, 3, 5_000), (30, 1, 3_000)] {
            let config = Config {
                max_steps,
                ..Config::default()
            };
            let cancel = std::sync::atomic::AtomicBool::new(false);
            let mut points = Points::default();
            let mut trace: Recorder<QueenStep> = Recorder::new(1_000_000);
            let o = {
                let mut ctl = Control::new(Budget::unlimited(), &cancel, &mut points);
                solve_traced(n, &config, &mut rng_from_seed(seed), &mut ctl, &mut trace)
            };
            // The attacking pairs after each proposal, from the trace.
            let mut h: i64 = 0;
            let mut after: Vec<i64> = Vec::new();
            for step in trace.into_steps() {
                match step {
                    QueenStep::Begin { h: start, .. } => h = i64::from(start),
                    QueenStep::Propose { delta, taken, .. } => {
                        if taken {
                            h += i64::from(delta);
                        }
                        after.push(h);
                    }
                    _ => {}
                }
            }
            assert_eq!(after.len() as u64, o.counters.nodes);
            let p = &points.0;
            assert_eq!(p[0].generation, 0, "the start is the first point");
            assert_eq!(p.last().unwrap().generation, o.counters.nodes, "n = {n}");
            for w in p.windows(2) {
                let (from, to) = (w[0].generation as usize, w[1].generation as usize);
                assert!(to > from);
                let stretch = &after[from..to];
                let (lo, hi) = (stretch.iter().min().unwrap(), stretch.iter().max().unwrap());
                assert_eq!(
                    (w[1].best as i64, w[1].worst as i64),
                    (*lo, *hi),
                    "n = {n}, {from}..{to}"
                );
                assert!(w[1].best <= w[1].mean && w[1].mean <= w[1].worst);
            }
            // Early on, a point a proposal.
            assert!(
                p.len() as u64 >= o.counters.nodes.min(512),
                "n = {n}: {} points",
                p.len()
            );
        }
    }

    #[test]
    fn the_schedules_fall_from_t0() {
        for schedule in [
            Schedule::Exponential,
            Schedule::Linear,
            Schedule::Logarithmic,
        ] {
            let c = Config {
                schedule,
                t0: 3.0,
                cooling: 0.99,
                max_steps: 1000,
            };
            assert!((c.temperature(0) - 3.0).abs() < 1e-9, "{schedule:?}");
            assert!(c.temperature(500) < c.temperature(10), "{schedule:?}");
        }
        let linear = Config {
            schedule: Schedule::Linear,
            t0: 3.0,
            cooling: 0.99,
            max_steps: 1000,
        };
        assert!(linear.temperature(1000).abs() < 1e-12);
    }
}
