//! Min-conflicts local search for n-queens in the style of Sosic & Gu (1991, "QS4") and
//! Minton et al. (1992): queens stay a permutation (one per row and column), so only
//! diagonals can conflict.
//!
//! 1. *Initial placement*: column by column, swap in a random remaining row until the
//!    queen is on two free diagonals (giving up after a few tries); the last `tail`
//!    columns are placed at random. This leaves only a handful of conflicts, whatever n.
//! 2. *Repair*: for each attacked queen, try swapping its row with a random column's until
//!    a swap lowers the number of conflicts; repeat over the attacked queens until there
//!    are none. After `max_stall` rounds without progress, start again from a new
//!    placement.
//!
//! Everything is flat arrays (the rows, and a bit or two per diagonal), no allocation in
//! the loop but for the rare crowded diagonal, O(1) per swap tried: a million queens take a
//! fraction of a second.

use super::trace::{QueenStep, clip};
use crate::solve::trace::{Off, Sink};
use crate::solve::{Control, Counters, Rng, Stop};
use rand::Rng as _;

/// A uniform index below `n` by multiply-shift (Lemire, without the rejection step: the
/// bias, under n / 2⁶⁴, cannot matter to a local search), one generator call per draw.
#[inline]
fn below(rng: &mut Rng, n: usize) -> usize {
    ((u128::from(rng.next_u64()) * n as u128) >> 64) as usize
}

/// Min-conflicts' parameters.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Columns left to random placement at the end of the initial placement.
    pub tail: usize,
    /// Random partners tried per attacked queen before moving on.
    pub tries: u32,
    /// Repair rounds without fewer conflicts before a restart.
    pub max_stall: u32,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            tail: 32,
            tries: 64,
            max_stall: 50,
        }
    }
}

/// What the search found: rows per column (a solution when `stop == Found`).
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The row of each column's queen.
    pub rows: Vec<u32>,
    /// Why the search stopped.
    pub stop: Stop,
    /// What the search counted.
    pub counters: Counters,
}

/// The queens on each diagonal of one direction, kept small enough to stay in the
/// processor's cache at ten million queens: a bit per line for "at least one queen", a bit
/// for "two or more", and for those few lines with two or more, the queens beyond the
/// first in a map. (Counts per line in a flat array take 8 bytes a queen per direction,
/// which no cache holds at a million queens: each look at a line would wait on memory.)
struct Lines {
    one: Vec<u64>,
    more: Vec<u64>,
    /// Queens beyond the first, on each line with two or more.
    extra: rustc_hash::FxHashMap<u32, u32>,
}

impl Lines {
    fn new(lines: usize) -> Lines {
        Lines {
            one: vec![0; lines.div_ceil(64)],
            more: vec![0; lines.div_ceil(64)],
            extra: rustc_hash::FxHashMap::default(),
        }
    }

    fn clear(&mut self) {
        self.one.fill(0);
        self.more.fill(0);
        self.extra.clear();
    }

    /// Whether line `i` holds a queen.
    #[inline]
    fn occupied(&self, i: usize) -> bool {
        self.one[i >> 6] >> (i & 63) & 1 == 1
    }

    /// Whether line `i` holds two queens or more.
    #[inline]
    fn crowded(&self, i: usize) -> bool {
        self.more[i >> 6] >> (i & 63) & 1 == 1
    }

    /// Puts a queen on line `i`; the queens there before.
    #[inline]
    fn add(&mut self, i: usize) -> u32 {
        let (w, bit) = (i >> 6, 1u64 << (i & 63));
        if self.one[w] & bit == 0 {
            self.one[w] |= bit;
            0
        } else if self.more[w] & bit == 0 {
            self.more[w] |= bit;
            self.extra.insert(i as u32, 1);
            1
        } else {
            let extra = self.extra.entry(i as u32).or_insert(0);
            *extra += 1;
            *extra
        }
    }

    /// Takes a queen off line `i`; the queens left there.
    #[inline]
    fn remove(&mut self, i: usize) -> u32 {
        let (w, bit) = (i >> 6, 1u64 << (i & 63));
        if self.more[w] & bit == 0 {
            self.one[w] &= !bit;
            return 0;
        }
        let key = i as u32;
        let extra = self.extra.get(&key).copied().unwrap_or(1);
        if extra <= 1 {
            self.extra.remove(&key);
            self.more[w] &= !bit;
            1
        } else {
            self.extra.insert(key, extra - 1);
            extra
        }
    }
}

struct Board {
    n: usize,
    q: Vec<u32>,
    /// The diagonals: line `c + r` and line `c + n − 1 − r`.
    d1: Lines,
    d2: Lines,
    /// Σ over diagonals of (queens − 1) where positive.
    collisions: u64,
    /// Attacking pairs: Σ over diagonals of queens·(queens − 1)/2 (the rows are a
    /// permutation, as placing and repairing only swap them, so no row holds two).
    pairs: u64,
}

impl Board {
    #[inline]
    fn add(&mut self, c: usize, r: u32) {
        let (a, b) = (c + r as usize, c + self.n - 1 - r as usize);
        let (on_a, on_b) = (self.d1.add(a), self.d2.add(b));
        self.collisions += u64::from(on_a > 0) + u64::from(on_b > 0);
        self.pairs += u64::from(on_a) + u64::from(on_b);
    }

    #[inline]
    fn remove(&mut self, c: usize, r: u32) {
        let (a, b) = (c + r as usize, c + self.n - 1 - r as usize);
        let (left_a, left_b) = (self.d1.remove(a), self.d2.remove(b));
        self.collisions -= u64::from(left_a > 0) + u64::from(left_b > 0);
        self.pairs -= u64::from(left_a) + u64::from(left_b);
    }

    #[inline]
    fn attacked(&self, c: usize) -> bool {
        let r = self.q[c] as usize;
        self.d1.crowded(c + r) || self.d2.crowded(c + self.n - 1 - r)
    }

    #[inline]
    fn free(&self, c: usize, r: u32) -> bool {
        !self.d1.occupied(c + r as usize) && !self.d2.occupied(c + self.n - 1 - r as usize)
    }

    /// Swaps the rows of columns `i` and `j` if that lowers the collisions.
    #[inline]
    fn try_swap(&mut self, i: usize, j: usize) -> bool {
        let (ri, rj) = (self.q[i], self.q[j]);
        let before = self.collisions;
        self.remove(i, ri);
        self.remove(j, rj);
        self.add(i, rj);
        self.add(j, ri);
        if self.collisions < before {
            self.q.swap(i, j);
            return true;
        }
        self.remove(i, rj);
        self.remove(j, ri);
        self.add(i, ri);
        self.add(j, rj);
        false
    }

    /// Sosic & Gu's initial placement; `Some(stop)` when the budget or a cancel ends it
    /// (asked every 65,536 columns, so ten million queens still stop promptly).
    fn place<T: Sink<QueenStep>>(
        &mut self,
        tail: usize,
        rng: &mut Rng,
        counters: &mut Counters,
        ctl: &mut Control,
        trace: &mut T,
    ) -> Option<Stop> {
        let n = self.n;
        for (c, r) in self.q.iter_mut().enumerate() {
            *r = c as u32;
        }
        self.d1.clear();
        self.d2.clear();
        self.collisions = 0;
        self.pairs = 0;
        let greedy = n.saturating_sub(tail);
        for c in 0..n {
            if c % 65_536 == 65_535
                && let Some(stop) = ctl.interrupted()
            {
                return Some(stop);
            }
            if c < greedy {
                // A few random rows from the rest until one is on two free diagonals.
                let limit = 4 + 2 * (n - c).ilog2().max(1) as usize;
                for _ in 0..limit {
                    let j = c + below(rng, n - c);
                    self.q.swap(c, j);
                    counters.nodes += 1;
                    let free = self.free(c, self.q[c]);
                    if T::ON
                        && !trace.step(QueenStep::Draw {
                            column: c as u32,
                            partner: j as u32,
                            free,
                            greedy: true,
                        })
                    {
                        return Some(Stop::StepLimit);
                    }
                    if free {
                        break;
                    }
                }
            } else {
                let j = c + below(rng, n - c);
                self.q.swap(c, j);
                if T::ON
                    && !trace.step(QueenStep::Draw {
                        column: c as u32,
                        partner: j as u32,
                        free: self.free(c, self.q[c]),
                        greedy: false,
                    })
                {
                    return Some(Stop::StepLimit);
                }
            }
            let r = self.q[c];
            self.add(c, r);
        }
        None
    }
}

/// Finds one placement of `n` non-attacking queens (n ≥ 4; n = 1 trivially). For n = 2
/// and 3, which have none, it runs until its budget ends: the run layer proves those.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::queens::validate;
/// use searchlab::solve::queens::min_conflicts::{self, Config};
/// use searchlab::solve::{Budget, Control, Stop, rng_from_seed};
///
/// let mut ctl = Control::quiet(Budget::unlimited());
/// let outcome = min_conflicts::solve(1000, &Config::default(), &mut rng_from_seed(1), &mut ctl);
/// assert_eq!(outcome.stop, Stop::Found);
/// assert_eq!(validate(1000, &outcome.rows), Ok(()));
/// ```
pub fn solve(n: usize, config: &Config, rng: &mut Rng, ctl: &mut Control) -> Outcome {
    solve_traced(n, config, rng, ctl, &mut Off)
}

/// [`solve`], telling `trace` each fresh placement begun, each row drawn while placing,
/// each attacked queen picked and each swap tried.
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
    if n <= 1 {
        // One placement, made at once: the queen (if any) on row 0.
        counters.attempts = 1;
        if T::ON {
            trace.step(QueenStep::Restart);
        }
        return Outcome {
            rows: vec![0; n],
            stop: Stop::Found,
            counters,
        };
    }
    // Its checks pass no state (a snapshot of millions of rows would cost too much), so
    // keep back the time to copy, check and print the rows after the search.
    ctl.keep_back(std::time::Duration::from_nanos(
        n as u64 * crate::solve::FINISH_NANOS_PER_VALUE,
    ));
    let mut b = Board {
        n,
        q: vec![0; n],
        d1: Lines::new(2 * n - 1),
        d2: Lines::new(2 * n - 1),
        collisions: 0,
        pairs: 0,
    };
    let mut attacked: Vec<usize> = Vec::new();
    let mut next: Vec<usize> = Vec::new();
    let stop = 'restart: loop {
        counters.attempts += 1;
        let begun = !T::ON || trace.step(QueenStep::Restart);
        let placed = if begun {
            b.place(config.tail, rng, &mut counters, ctl, trace)
        } else {
            // The placement begins from queen c on row c, as the trace's replay does.
            for (c, r) in b.q.iter_mut().enumerate() {
                *r = c as u32;
            }
            Some(Stop::StepLimit)
        };
        if let Some(stop) = placed {
            // Cut short mid-placement: there is no whole placement to report, except to a
            // trace, which shows the rows drawn so far (its replay ends there, whatever
            // stopped it: its limit, the clock or the cancel flag).
            let rows = if T::ON || stop == Stop::StepLimit {
                b.q
            } else {
                Vec::new()
            };
            return Outcome {
                rows,
                stop,
                counters,
            };
        }
        attacked.clear();
        // A look at every queen: 0.2 s at ten million, so the clock is read as it goes.
        for from in (0..n).step_by(65_536) {
            if let Some(stop) = ctl.interrupted() {
                break 'restart stop;
            }
            attacked.extend((from..n.min(from + 65_536)).filter(|&c| b.attacked(c)));
        }
        let mut best = b.collisions;
        let mut stall = 0;
        while b.collisions > 0 {
            if let Some(stop) = ctl.check(&counters, None) {
                break 'restart stop;
            }
            next.clear();
            let mut full = false;
            for &i in &attacked {
                if !b.attacked(i) {
                    continue;
                }
                if T::ON && !trace.step(QueenStep::Pick { column: i as u32 }) {
                    full = true;
                    break;
                }
                for _ in 0..config.tries {
                    // A pass over the attacked queens of a large board can take seconds.
                    if let Some(stop) = ctl.check_every(&counters) {
                        break 'restart stop;
                    }
                    counters.nodes += 1;
                    let j = below(rng, n);
                    let kept = j != i && b.try_swap(i, j);
                    if T::ON
                        && !trace.step(QueenStep::Swap {
                            column: i as u32,
                            partner: j as u32,
                            kept,
                            collisions: clip(b.collisions),
                        })
                    {
                        full = true;
                    }
                    if kept {
                        counters.moves += 1;
                        if b.attacked(j) {
                            next.push(j);
                        }
                        break;
                    }
                    if full {
                        break;
                    }
                }
                if full {
                    break;
                }
                if b.attacked(i) {
                    next.push(i);
                }
                if b.collisions == 0 {
                    break;
                }
            }
            if full {
                break 'restart Stop::StepLimit;
            }
            std::mem::swap(&mut attacked, &mut next);
            attacked.sort_unstable();
            attacked.dedup();
            if b.collisions < best {
                best = b.collisions;
                stall = 0;
            } else {
                stall += 1;
                if stall >= config.max_stall {
                    continue 'restart;
                }
            }
        }
        break Stop::Found;
    };
    Outcome {
        rows: b.q,
        stop: if b.pairs == 0 { Stop::Found } else { stop },
        counters,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::queens::validate;
    use crate::solve::knight::test_support::with_control;
    use crate::solve::{Budget, rng_from_seed};
    use crate::testing::test;

    fn run(n: usize, seed: u64) -> Outcome {
        with_control(
            Budget::unlimited().with_time(std::time::Duration::from_secs(20)),
            |ctl| solve(n, &Config::default(), &mut rng_from_seed(seed), ctl),
        )
    }

    #[test]
    fn solves_small_and_large_boards_and_is_reproducible() {
        for n in (4..60).chain([100, 1000, 100_000]) {
            let o = run(n, n as u64);
            assert_eq!(o.stop, Stop::Found, "n = {n}");
            assert_eq!(validate(n, &o.rows), Ok(()), "n = {n}");
        }
        assert_eq!(run(500, 3), run(500, 3));
    }

    /// FNV-1a over the rows' little-endian bytes.
    fn fingerprint(rows: &[u32]) -> u64 {
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        for b in rows.iter().flat_map(|r| r.to_le_bytes()) {
            h = (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
        h
    }

    /// The rows, swaps tried, swaps kept and starts of a few (n, seed), as the solver
    /// gave them when it kept a 32-bit count per diagonal: the same decisions since.
    #[test]
    fn the_same_seed_gives_the_rows_it_always_gave() {
        for (n, seed, rows, nodes, moves, attempts) in [
            (100, 1, 0x6be2_6692_9bbd_d4f5u64, 20_735, 106, 4),
            (1000, 2, 0x613f_6e79_c79d_83ed, 6_138, 48, 1),
            (12_345, 7, 0x9475_ef5d_b52e_3b29, 48_199, 106, 1),
            (50, 3, 0x69cf_ea3a_ab97_2604, 17_520, 64, 3),
        ] {
            let o = run(n, seed);
            assert_eq!(fingerprint(&o.rows), rows, "n = {n}, seed {seed}");
            let c = o.counters;
            assert_eq!((c.nodes, c.moves, c.attempts), (nodes, moves, attempts));
        }
    }

    proptest::proptest! {
        /// A line's bits and map answer as a plain count per line does: the queens before
        /// an add, left after a remove, and whether it holds one or more than one.
        #[test]
        fn lines_count_as_plain_counts_do(
            ops in proptest::collection::vec((0usize..70, proptest::bool::ANY), 0..400)
        ) {
            let mut lines = Lines::new(70);
            let mut counts = [0u32; 70];
            for (i, add) in ops {
                if add {
                    proptest::prop_assert_eq!(lines.add(i), counts[i]);
                    counts[i] += 1;
                } else if counts[i] > 0 {
                    counts[i] -= 1;
                    proptest::prop_assert_eq!(lines.remove(i), counts[i]);
                }
                for (k, &c) in counts.iter().enumerate() {
                    proptest::prop_assert_eq!(lines.occupied(k), c > 0);
                    proptest::prop_assert_eq!(lines.crowded(k), c > 1);
                }
            }
        }
    }

    /// Stop during the repair: three queens never settle, so the search repairs until
    /// the flag, set from its progress reports, ends it at its next look.
    #[test]
    fn the_cancel_flag_ends_the_repair() {
        use std::sync::atomic::{AtomicBool, Ordering};
        struct CancelAfter<'a>(&'a AtomicBool);
        impl crate::solve::Observer for CancelAfter<'_> {
            fn progress(&mut self, counters: &Counters, _: std::time::Duration) {
                if counters.moves > 0 || counters.nodes > 100_000 {
                    self.0.store(true, Ordering::Relaxed);
                }
            }
        }
        let cancel = AtomicBool::new(false);
        let mut observer = CancelAfter(&cancel);
        let mut ctl = Control::new(Budget::unlimited(), &cancel, &mut observer);
        let started = crate::platform::time::Instant::now();
        let o = solve(3, &Config::default(), &mut rng_from_seed(1), &mut ctl);
        assert_eq!(o.stop, Stop::Cancelled);
        assert!(crate::puzzle::queens::conflicts(&o.rows) > 0);
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }

    #[test]
    fn two_and_three_queens_run_out_of_budget_without_a_wrong_answer() {
        for n in [2, 3] {
            let o = with_control(Budget::unlimited().with_nodes(10_000), |ctl| {
                solve(n, &Config::default(), &mut rng_from_seed(1), ctl)
            });
            assert_eq!(o.stop, Stop::NodeLimit);
            assert!(crate::puzzle::queens::conflicts(&o.rows) > 0);
        }
    }
}
