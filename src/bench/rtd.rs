//! Run-time distributions: the share of a set of trials solved within each time (or number
//! of steps) allowed, the way randomised solvers are compared (Hoos & Stützle, *Stochastic
//! Local Search*, ch. 4; Poole & Mackworth §4.8.3). A mean or a median over every trial
//! misleads when some fail; here a trial that failed counts as unsolved at every cut-off
//! (censored where it ended), and the figures drawn from it are:
//!
//! - the success rate, with its exact binomial 95 % interval (Clopper & Pearson 1934):
//!   true at every count, 0 of 20 included, where a bootstrap of the trials would say
//!   `0–0 %`;
//! - the median *time to solve* (the least time by which half the trials had solved; none
//!   when fewer than half did), with a 95 % bootstrap interval. The bootstrap is worked
//!   out exactly rather than by drawing resamples: a resample's solved count is binomial,
//!   `Bin(n, p)`, and its median is at most `t` exactly when at least half of its `n`
//!   draws are solved by `t`, `Bin(n, F(t)) ≥ ⌈n/2⌉`. So the interval is what infinitely
//!   many resamples would give, the same every time;
//! - the restart cut-off the distribution suggests: the fixed cut-off `t` that makes the
//!   expected time to a solution least when a trial not solved by `t` is given up and a
//!   fresh one started (Luby, Sinclair & Zuckerman 1993), `E(t) = mean(min(x, t)) / F(t)`
//!   over the trials' times `x`, against `sum(x) / solved` when every trial runs to its end.

/// The trials of one set-up, each measured one way (milliseconds, or steps).
#[derive(Debug, Clone, PartialEq)]
pub struct Rtd {
    /// Every trial's measure at its end, solved or not, ascending.
    ends: Vec<f64>,
    /// The solved trials' measures, ascending.
    solved: Vec<f64>,
}

/// A 95 % interval; `high` is `None` where the figure lies beyond every trial measured
/// (a median that a resample with fewer than half solved does not reach).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    /// The low end (`None` with nothing to measure).
    pub low: Option<f64>,
    /// The high end (`None` beyond every trial, or with nothing to measure).
    pub high: Option<f64>,
}

/// A share as a percentage to one decimal, a trailing `.0` left off: `0`, `16.8`, `100`
/// (the ends of a success rate's interval, where whole percents would round 16.8 up and
/// 0.13 down to nothing).
pub fn percent(share: f64) -> String {
    let text = format!("{:.1}", 100.0 * share);
    text.strip_suffix(".0").map_or(text.clone(), str::to_string)
}

/// What restarting at a cut-off would give.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Restart {
    /// Give a trial up once it has run this long unsolved.
    pub cutoff: f64,
    /// The expected measure (time, steps) to a solution restarting there.
    pub expected: f64,
}

/// The share of resamples below which the low end of an interval lies (and above which
/// the high end): a 95 % interval.
const TAIL: f64 = 0.025;

impl Rtd {
    /// From `(solved, measure)` per trial. A measure that is not a number counts as
    /// unsolved at every cut-off.
    pub fn new(trials: impl IntoIterator<Item = (bool, f64)>) -> Rtd {
        let mut ends = Vec::new();
        let mut solved = Vec::new();
        for (found, x) in trials {
            let x = if x.is_nan() {
                f64::INFINITY
            } else {
                x.max(0.0)
            };
            ends.push(x);
            if found && x.is_finite() {
                solved.push(x);
            }
        }
        ends.sort_by(f64::total_cmp);
        solved.sort_by(f64::total_cmp);
        Rtd { ends, solved }
    }

    /// The trials in all.
    pub fn trials(&self) -> usize {
        self.ends.len()
    }

    /// The solved trials' measures, ascending: where the distribution steps up, each by
    /// `1 / trials`.
    pub fn solved(&self) -> &[f64] {
        &self.solved
    }

    /// The share of the trials solved within `x`.
    pub fn solved_within(&self, x: f64) -> f64 {
        if self.ends.is_empty() {
            return 0.0;
        }
        self.solved.partition_point(|&s| s <= x) as f64 / self.ends.len() as f64
    }

    /// The share of the trials solved at all.
    pub fn success_rate(&self) -> f64 {
        if self.ends.is_empty() {
            0.0
        } else {
            self.solved.len() as f64 / self.ends.len() as f64
        }
    }

    /// How many draws of a resample must be solved for its median to be reached.
    fn half(&self) -> usize {
        self.ends.len().div_ceil(2)
    }

    /// The least measure by which half the trials (rounded up) had solved; `None` when
    /// fewer did.
    pub fn median(&self) -> Option<f64> {
        match self.half() {
            0 => None,
            h => self.solved.get(h - 1).copied(),
        }
    }

    /// The exact (Clopper–Pearson) 95 % interval of the success rate: the rates `p` under
    /// which `solved` of `trials` or more (for the low end) or `solved` or fewer (for the
    /// high end) would happen at least 2.5 % of the time. Unlike a bootstrap, which
    /// resamples the trials and so gives `0–0 %` when none solved, it says how high a rate
    /// the trials cannot rule out: 0 of 20 leaves up to 16.8 %.
    pub fn success_rate_interval(&self) -> Interval {
        let (k, n) = (self.solved.len(), self.ends.len());
        if n == 0 {
            return Interval {
                low: None,
                high: None,
            };
        }
        // P(X ≥ k) rises with p, P(X ≤ k) falls: each end is where its tail is 2.5 %.
        let low = if k == 0 {
            0.0
        } else {
            rate_where(|p| Binomial::new(n, p).at_least(k) >= TAIL)
        };
        let high = if k == n {
            1.0
        } else {
            rate_where(|p| Binomial::new(n, p).at_least(k + 1) > 1.0 - TAIL)
        };
        Interval {
            low: Some(low),
            high: Some(high),
        }
    }

    /// The 95 % bootstrap interval of [`Rtd::median`]: the least solved measures `t` at
    /// which a resample's median is at most `t` with chance 2.5 % and 97.5 %.
    pub fn median_interval(&self) -> Interval {
        let n = self.ends.len();
        let (h, s) = (self.half(), self.solved.len());
        // The chance that a resample's median is at most the i-th solved measure.
        let reached = |i: usize| Binomial::new(n, (i + 1) as f64 / n as f64).at_least(h);
        let first = |q: f64| {
            // The chance rises with i: the least i where it is at least q, if any.
            let (mut low, mut high) = (0, s);
            while low < high {
                let mid = low + (high - low) / 2;
                if reached(mid) < q {
                    low = mid + 1;
                } else {
                    high = mid;
                }
            }
            self.solved.get(low).copied()
        };
        if n == 0 || s == 0 {
            return Interval {
                low: None,
                high: None,
            };
        }
        Interval {
            low: first(TAIL),
            high: first(1.0 - TAIL),
        }
    }

    /// The expected measure to a solution when every trial runs to its end and a failed
    /// one is followed by a fresh one: `sum(x) / solved`. `None` with nothing solved.
    pub fn expected_without_restarts(&self) -> Option<f64> {
        (!self.solved.is_empty()).then(|| self.ends.iter().sum::<f64>() / self.solved.len() as f64)
    }

    /// The cut-off among the solved measures that makes the expected measure to a
    /// solution least when trials are restarted there (the earliest of equal ones), and
    /// that expectation. `None` with nothing solved.
    pub fn restart(&self) -> Option<Restart> {
        let n = self.ends.len() as f64;
        let mut best: Option<Restart> = None;
        // Walking the cut-offs up: the ends at or below the cut-off count whole, the
        // others count the cut-off.
        let (mut below, mut sum_below) = (0usize, 0.0);
        for (i, &t) in self.solved.iter().enumerate() {
            while below < self.ends.len() && self.ends[below] <= t {
                sum_below += self.ends[below];
                below += 1;
            }
            let spent = sum_below + t * (self.ends.len() - below) as f64;
            let expected = spent / n / ((i + 1) as f64 / n);
            if best.is_none_or(|b| expected < b.expected) {
                best = Some(Restart {
                    cutoff: t,
                    expected,
                });
            }
        }
        best
    }
}

/// The least rate in `[0, 1]` where `above` (false below some rate, true from it on)
/// holds, to within 10⁻¹²: bisection, 40 halvings.
fn rate_where(above: impl Fn(f64) -> bool) -> f64 {
    let (mut low, mut high) = (0.0, 1.0);
    for _ in 0..40 {
        let mid = f64::midpoint(low, high);
        if above(mid) {
            high = mid;
        } else {
            low = mid;
        }
    }
    high
}

/// The binomial distribution `Bin(n, p)`, its probabilities worked out relative to the
/// most likely count and scaled to sum to one (no factorials: exact to rounding for any
/// `n`). Only the counts around the most likely one are kept: the probabilities fall away
/// from it ever faster (the distribution is log-concave), so the walk out from it stops
/// where all that is left beyond is under 10⁻¹⁸ of the whole, after a few hundred
/// standard deviations at most: a million trials take thousands of steps, not a million.
struct Binomial {
    /// The first count kept.
    first: usize,
    /// `P(X = first + i)`.
    pmf: Vec<f64>,
}

/// What is left beyond the counts kept, at most, against the whole.
const NEGLIGIBLE: f64 = 1e-18;

impl Binomial {
    fn new(n: usize, p: f64) -> Binomial {
        let p = p.clamp(0.0, 1.0);
        if p == 0.0 || p == 1.0 {
            let first = if p == 0.0 { 0 } else { n };
            return Binomial {
                first,
                pmf: vec![1.0],
            };
        }
        let mode = (((n + 1) as f64 * p).floor() as usize).min(n);
        let odds = p / (1.0 - p);
        // Out from the mode each way; a term's ratio to the next only falls, so once it is
        // below one everything beyond is at most term · r / (1 − r).
        let far_enough =
            |term: f64, r: f64, total: f64| r < 1.0 && term * r / (1.0 - r) < NEGLIGIBLE * total;
        let mut up = vec![1.0];
        let mut total = 1.0;
        for k in mode..n {
            // P(k + 1) / P(k) = (n − k) / (k + 1) · p / (1 − p)
            let r = (n - k) as f64 / (k + 1) as f64 * odds;
            let term = up[up.len() - 1] * r;
            up.push(term);
            total += term;
            if far_enough(term, (n - k - 1) as f64 / (k + 2) as f64 * odds, total) {
                break;
            }
        }
        let mut down = Vec::new();
        let mut last = 1.0;
        for k in (1..=mode).rev() {
            let r = k as f64 / (n - k + 1) as f64 / odds;
            last *= r;
            down.push(last);
            total += last;
            if k >= 2 && far_enough(last, (k - 1) as f64 / (n - k + 2) as f64 / odds, total) {
                break;
            }
        }
        let first = mode - down.len();
        let mut pmf: Vec<f64> = down.into_iter().rev().chain(up).collect();
        pmf.iter_mut().for_each(|x| *x /= total);
        Binomial { first, pmf }
    }

    /// `P(X = k)`.
    #[cfg(test)]
    fn at(&self, k: usize) -> f64 {
        k.checked_sub(self.first)
            .and_then(|i| self.pmf.get(i))
            .copied()
            .unwrap_or(0.0)
    }

    /// `P(X ≥ k)`.
    fn at_least(&self, k: usize) -> f64 {
        let skip = k.saturating_sub(self.first);
        self.pmf.iter().skip(skip).sum::<f64>().min(1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Solved at 1, 2 and 10 ms; failed at 20 ms twice. Worked out by hand.
    fn small() -> Rtd {
        Rtd::new([
            (true, 10.0),
            (false, 20.0),
            (true, 1.0),
            (false, 20.0),
            (true, 2.0),
        ])
    }

    #[test]
    fn a_small_case_worked_out_by_hand() {
        let r = small();
        assert_eq!(r.trials(), 5);
        assert_eq!(r.success_rate(), 0.6);
        assert_eq!(r.solved_within(0.5), 0.0);
        assert_eq!(r.solved_within(2.0), 0.4);
        assert_eq!(r.solved_within(15.0), 0.6);
        // Half of 5, rounded up: the third solved trial.
        assert_eq!(r.median(), Some(10.0));
        // 3 of 5: Clopper–Pearson gives 14.66 % to 94.73 % (R's binom.test(3, 5)).
        let rate = r.success_rate_interval();
        assert!((rate.low.unwrap() - 0.146_632).abs() < 1e-5, "{rate:?}");
        assert!((rate.high.unwrap() - 0.947_255).abs() < 1e-5, "{rate:?}");
        // A resample's median is at most 1 ms when at least 3 of its 5 draws are the
        // 1 ms trial: P(Bin(5, 0.2) ≥ 3) = 0.05792 ≥ 0.025. At most 10 ms: P(Bin(5, 0.6)
        // ≥ 3) = 0.68256 < 0.975, so the high end lies beyond every trial.
        assert_eq!(
            r.median_interval(),
            Interval {
                low: Some(1.0),
                high: None
            }
        );
        // E(1) = 5 × 1 / 1 = 5; E(2) = (1 + 4 × 2) / 2 = 4.5; E(10) = (1 + 2 + 3 × 10) / 3 = 11.
        assert_eq!(
            r.restart(),
            Some(Restart {
                cutoff: 2.0,
                expected: 4.5
            })
        );
        // (1 + 2 + 10 + 20 + 20) / 3.
        assert!((r.expected_without_restarts().unwrap() - 53.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn nothing_solved_and_no_trials() {
        let none = Rtd::new([(false, 5.0), (false, 7.0)]);
        assert_eq!(none.median(), None);
        assert_eq!(none.restart(), None);
        assert_eq!(none.expected_without_restarts(), None);
        // 0 of 2: up to 1 − 0.025^(1/2) = 84.19 %.
        let rate = none.success_rate_interval();
        assert_eq!(rate.low, Some(0.0));
        assert!((rate.high.unwrap() - 0.841_886).abs() < 1e-5, "{rate:?}");
        assert_eq!(none.median_interval().high, None);
        let empty = Rtd::new([]);
        assert_eq!(empty.success_rate(), 0.0);
        assert_eq!(empty.median(), None);
        assert_eq!(empty.success_rate_interval().low, None);
    }

    #[test]
    fn every_trial_solved_restarting_does_not_help() {
        // E(1) = 3, E(2) = 2.5, E(3) = 2 = the mean: no cut-off below the slowest beats it.
        let r = Rtd::new([(true, 1.0), (true, 2.0), (true, 3.0)]);
        assert_eq!(
            r.restart(),
            Some(Restart {
                cutoff: 3.0,
                expected: 2.0
            })
        );
        assert_eq!(r.expected_without_restarts(), Some(2.0));
        // 3 of 3 cannot rule out a rate as low as 0.025^(1/3).
        let low = r.success_rate_interval().low.unwrap();
        assert!((low - 0.025f64.powf(1.0 / 3.0)).abs() < 1e-9, "{low}");
    }

    #[test]
    fn the_binomial_matches_its_textbook_values() {
        // Bin(10, 0.3): P(X = 3) = 120 × 0.3³ × 0.7⁷ = 0.266827932.
        let b = Binomial::new(10, 0.3);
        assert!((b.at(3) - 0.266_827_932).abs() < 1e-9);
        assert!(((0..=10).map(|k| b.at(k)).sum::<f64>() - 1.0).abs() < 1e-12);
        // P(X ≥ 8) = C(10,8) 0.3⁸ 0.7² + C(10,9) 0.3⁹ 0.7 + 0.3¹⁰ = 0.0015903864.
        assert!((b.at_least(8) - 0.001_590_386_4).abs() < 1e-12);
        assert!((b.at_least(0) - 1.0).abs() < 1e-12);
        // A large n keeps its normal shape: Bin(10⁶, 0.5) has P(X ≤ n/2 − 980) ≈ 2.5 %
        // (1.96 standard deviations of 500 below the mean), and only the counts within a
        // few hundred deviations of the mean are kept.
        let big = Binomial::new(1_000_000, 0.5);
        assert!((1.0 - big.at_least(500_000 - 979) - 0.025).abs() < 1e-3);
        assert!(big.pmf.len() < 100_000, "{}", big.pmf.len());
        // Far in a tail: Bin(10⁶, 10⁻⁶) is nearly Poisson(1), P(X ≥ 3) = 1 − 2.5/e.
        let rare = Binomial::new(1_000_000, 1e-6);
        assert!((rare.at_least(3) - (1.0 - 2.5 / std::f64::consts::E)).abs() < 1e-5);
    }

    /// The success rate's interval at its published values (Clopper & Pearson's exact
    /// interval, as R's `binom.test` and every table of it give): 0, 1, 10 and 20 of 20.
    #[test]
    fn the_success_interval_is_clopper_pearson_at_every_count() {
        let of = |k: usize, n: usize| {
            let r = Rtd::new((0..n).map(|i| (i < k, 1.0)));
            let i = r.success_rate_interval();
            (i.low.unwrap(), i.high.unwrap())
        };
        let near = |got: (f64, f64), want: (f64, f64)| {
            assert!(
                (got.0 - want.0).abs() < 5e-5 && (got.1 - want.1).abs() < 5e-5,
                "{got:?} against {want:?}"
            );
        };
        near(of(0, 20), (0.0, 0.1684));
        near(of(20, 20), (0.8316, 1.0));
        near(of(1, 20), (0.0013, 0.2487));
        near(of(10, 20), (0.2720, 0.7280));
        // Never a point at 0 % or 100 %: the trials cannot rule out a rate near them.
        assert!(of(0, 1000).1 > 0.003);
        assert!(of(1000, 1000).0 < 0.997);
    }

    /// The exact bootstrap against resamples drawn at random: 4,000 resamples of 200
    /// trials put their 2.5 % and 97.5 % points where the exact interval says, within a
    /// step of the distribution (an interval at 6 % and 94 % would be 2 to 3 steps off).
    #[test]
    fn the_exact_bootstrap_agrees_with_drawn_resamples() {
        use rand::RngExt;
        let mut rng = crate::solve::rng_from_seed(7);
        let trials: Vec<(bool, f64)> = (0..200)
            .map(|_| (rng.random_bool(0.7), rng.random_range(1.0..100.0)))
            .collect();
        let r = Rtd::new(trials.iter().copied());
        let (mut rates, mut medians) = (Vec::new(), Vec::new());
        for _ in 0..4000 {
            let resample = Rtd::new((0..200).map(|_| trials[rng.random_range(0..200)]));
            rates.push(resample.success_rate());
            medians.push(resample.median().unwrap_or(f64::INFINITY));
        }
        rates.sort_by(f64::total_cmp);
        medians.sort_by(f64::total_cmp);
        let (lo, hi) = (100, 3899);
        // With 200 trials at 70 % the rate's exact interval and its bootstrap's agree to
        // within a couple of points (they part near 0 % and 100 %, where the bootstrap has
        // no width).
        let rate = r.success_rate_interval();
        assert!(
            (rate.low.unwrap() - rates[lo]).abs() < 0.02,
            "{rate:?} {}",
            rates[lo]
        );
        assert!(
            (rate.high.unwrap() - rates[hi]).abs() < 0.02,
            "{rate:?} {}",
            rates[hi]
        );
        let median = r.median_interval();
        let step = |x: f64| r.solved().partition_point(|&s| s < x) as i64;
        let near = |drawn: f64, exact: Option<f64>| {
            let exact = exact.unwrap_or(f64::INFINITY);
            let to = |x: f64| {
                if x.is_finite() {
                    step(x)
                } else {
                    r.solved().len() as i64
                }
            };
            (to(drawn) - to(exact)).abs() <= 1
        };
        assert!(
            near(medians[lo], median.low),
            "{} {:?}",
            medians[lo],
            median.low
        );
        assert!(
            near(medians[hi], median.high),
            "{} {:?}",
            medians[hi],
            median.high
        );
    }
}
