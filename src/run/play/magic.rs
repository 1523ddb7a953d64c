//! Magic squares' play hints: the swap that lowers the magic-square GA notebook's fitness
//! the most, and how many magic squares keep the cells a player locked.

use crate::platform::time::Instant;
use crate::puzzle::magic::{fitness, line_sums, magic_constant, validate};
use crate::run::JobError;
use crate::solve::magic::count::{MAX_COUNT_ORDER, count_keeping};
use crate::solve::{Stop, rng_from_seed};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The swap that lowers the fitness most.
pub const BEST_SWAP: super::HintKind = super::HintKind::new(&super::Hint {
    id: "best-swap",
    name: "Best swap",
    plays_for_you: None,
});

/// The magic squares that keep the locked cells, counted.
pub const COUNT_MAGIC_SQUARES: super::HintKind = super::HintKind::new(&super::Hint {
    id: "count-magic-squares",
    name: "Count the magic squares",
    plays_for_you: None,
});

/// The hints this play mode offers.
pub const HINTS: &[super::HintKind] = &[BEST_SWAP, COUNT_MAGIC_SQUARES];

/// The largest square play mode offers (its numbers stay readable).
pub const MAX_PLAY_ORDER: usize = 10;

/// The numbers 1 to n² in an order drawn from `seed` (a Fisher–Yates shuffle by the
/// portable generator): a puzzle to play, the same on every machine.
pub fn shuffled(n: usize, seed: u64) -> Vec<u32> {
    use rand::RngExt;
    let mut rng = rng_from_seed(seed);
    let mut cells: Vec<u32> = (1..=(n * n) as u32).collect();
    for i in (1..cells.len()).rev() {
        let j = rng.random_range(0..=i);
        cells.swap(i, j);
    }
    cells
}

/// A swap of two cells and what it does to the fitness.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Swap {
    /// The two cells, row-major, `a < b`.
    pub a: usize,
    /// The second cell, row-major, after `a`.
    pub b: usize,
    /// The fitness before the swap (Σ |line sum − magic constant|).
    pub before: u64,
    /// The fitness after it.
    pub after: u64,
}

/// The swap of two unlocked cells that lowers the magic-square GA notebook's fitness the
/// most (the first such pair in row-major order when several tie), even when none lowers
/// it: then the square is a local minimum for swaps. `None` when fewer than two cells are
/// unlocked, or `cells` is not an order-`n` square.
///
/// Each of the n²(n² − 1)/2 swaps is scored from the line sums by the at most eight lines
/// through its two cells.
pub fn best_swap(n: usize, cells: &[u32], locked: &[bool]) -> Option<Swap> {
    if n == 0 || cells.len() != n * n {
        return None;
    }
    let m = magic_constant(n) as i64;
    let sums = line_sums(n, cells);
    // Lines: rows 0..n, columns n..2n, the diagonal 2n, the anti-diagonal 2n + 1.
    let mut line = Vec::with_capacity(2 * n + 2);
    line.extend(sums.rows.iter().map(|&s| s as i64));
    line.extend(sums.columns.iter().map(|&s| s as i64));
    line.push(sums.diagonal as i64);
    line.push(sums.anti_diagonal as i64);
    let before = fitness(n, cells);
    let through = |i: usize| {
        let (r, c) = (i / n, i % n);
        let mut l = [usize::MAX; 4];
        l[0] = r;
        l[1] = n + c;
        if r == c {
            l[2] = 2 * n;
        }
        if r + c == n - 1 {
            l[3] = 2 * n + 1;
        }
        l
    };
    let free = |i: usize| !locked.get(i).copied().unwrap_or(false);
    let mut best: Option<Swap> = None;
    for a in (0..n * n).filter(|&a| free(a)) {
        let la = through(a);
        for b in (a + 1..n * n).filter(|&b| free(b)) {
            let lb = through(b);
            let d = i64::from(cells[b]) - i64::from(cells[a]);
            // Each line through a or b, once: its sum moves by +d for a, −d for b.
            let mut change = 0i64;
            let mut seen = [usize::MAX; 8];
            for (k, &l) in la.iter().chain(lb.iter()).enumerate() {
                if l == usize::MAX || seen.contains(&l) {
                    continue;
                }
                seen[k] = l;
                let moved =
                    (if la.contains(&l) { d } else { 0 }) - (if lb.contains(&l) { d } else { 0 });
                change += (line[l] + moved - m).abs() - (line[l] - m).abs();
            }
            let after = (before as i64 + change) as u64;
            if best.is_none_or(|s| after < s.after) {
                best = Some(Swap {
                    a,
                    b,
                    before,
                    after,
                });
            }
        }
    }
    best
}

/// The largest order whose count hint is offered: orders 3 and 4 are counted in under a
/// second; order 5 has 275,305,224 magic squares.
pub const MAX_MAGIC_HINT_ORDER: usize = MAX_COUNT_ORDER;

/// The magic squares that keep a player's locked cells.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MagicCountHint {
    /// The locked cells it was asked about (row-major, `None`: free).
    pub fixed: Vec<Option<u32>>,
    /// Magic squares counted (at least this many when not `complete`).
    pub squares: u64,
    /// Whether every one was counted.
    pub complete: bool,
    /// One of them, checked magic by `puzzle/`.
    pub example: Option<Vec<u32>>,
    /// `Exhausted`, or the stop that cut the count short.
    pub stop: Stop,
    /// Values tried.
    pub nodes: u64,
    /// Wall time.
    pub elapsed: Duration,
}

/// Counts the magic squares of order `n` (1 to [`MAX_MAGIC_HINT_ORDER`]) that hold
/// `fixed[i]` in cell `i` wherever it is `Some`: the squares the player can still reach
/// by swapping only the unlocked cells. Stops at `time` or `cancel`.
pub fn magic_count_hint(
    n: usize,
    fixed: &[Option<u32>],
    time: Duration,
    cancel: &AtomicBool,
) -> Result<MagicCountHint, JobError> {
    let started = Instant::now();
    if n == 0 || n > MAX_MAGIC_HINT_ORDER {
        return Err(JobError::Input(format!(
            "the count hint is offered for orders 1 to {MAX_MAGIC_HINT_ORDER}; this square is of order {n}"
        )));
    }
    if fixed.len() > n * n {
        return Err(JobError::Input(format!(
            "{} cells given for a square of {} cells",
            fixed.len(),
            n * n
        )));
    }
    let stop = || cancel.load(Ordering::Relaxed) || started.elapsed() >= time;
    let c = count_keeping(n, fixed, &stop);
    if let Some(sq) = &c.first {
        let keeps = (fixed.iter().enumerate()).all(|(i, v)| v.is_none_or(|v| sq[i] == v));
        if let Err(e) = validate(n, sq) {
            return Err(JobError::Invalid(format!(
                "the count's example is not magic: {e}"
            )));
        }
        if !keeps {
            return Err(JobError::Invalid(
                "the count's example does not keep the locked cells".into(),
            ));
        }
    }
    let stop = if c.complete {
        Stop::Exhausted
    } else if cancel.load(Ordering::Relaxed) {
        Stop::Cancelled
    } else {
        Stop::TimeLimit
    };
    Ok(MagicCountHint {
        fixed: fixed.to_vec(),
        squares: c.total,
        complete: c.complete,
        example: c.first,
        stop,
        nodes: c.nodes,
        elapsed: started.elapsed(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::magic::is_permutation;

    /// The best swap by brute force: every pair swapped and scored from scratch.
    fn brute(n: usize, cells: &[u32], locked: &[bool]) -> Option<(u64, u64)> {
        let mut best: Option<(u64, u64)> = None;
        for a in 0..n * n {
            for b in a + 1..n * n {
                if locked[a] || locked[b] {
                    continue;
                }
                let mut s = cells.to_vec();
                s.swap(a, b);
                let f = fitness(n, &s);
                if best.is_none_or(|(_, x)| f < x) {
                    best = Some((fitness(n, cells), f));
                }
            }
        }
        best
    }

    #[test]
    fn the_best_swap_agrees_with_scoring_every_swap_from_scratch() {
        for n in 1..=6 {
            for seed in 0..20 {
                let cells = shuffled(n, seed);
                assert!(is_permutation(&cells) && cells.len() == n * n);
                let locked: Vec<bool> = (0..n * n).map(|i| i % 5 == 1).collect();
                let got = best_swap(n, &cells, &locked).map(|s| {
                    let mut t = cells.clone();
                    t.swap(s.a, s.b);
                    assert_eq!(fitness(n, &t), s.after, "the swap scores as claimed");
                    assert!(!locked[s.a] && !locked[s.b]);
                    (s.before, s.after)
                });
                assert_eq!(got, brute(n, &cells, &locked), "order {n}, {cells:?}");
            }
        }
    }

    #[test]
    fn a_magic_square_has_no_better_swap_and_one_swap_away_is_found() {
        let lo_shu = [2, 7, 6, 9, 5, 1, 4, 3, 8];
        let s = best_swap(3, &lo_shu, &[false; 9]).unwrap();
        assert_eq!(s.before, 0);
        assert!(s.after > 0);
        let mut off = lo_shu;
        off.swap(0, 8);
        let s = best_swap(3, &off, &[false; 9]).unwrap();
        assert_eq!(s.after, 0);
    }

    #[test]
    fn the_count_hint_gives_the_known_totals_and_keeps_the_locks() {
        let never = AtomicBool::new(false);
        let t = Duration::from_secs(60);
        let h = magic_count_hint(3, &[], t, &never).unwrap();
        assert_eq!((h.squares, h.complete), (8, true));
        let h = magic_count_hint(4, &[], t, &never).unwrap();
        assert_eq!((h.squares, h.complete), (7040, true));
        // 5 must be in the centre of every 3×3 magic square.
        let mut fixed = vec![None; 9];
        fixed[4] = Some(4);
        let h = magic_count_hint(3, &fixed, t, &never).unwrap();
        assert_eq!((h.squares, h.example), (0, None));
        fixed[4] = Some(5);
        fixed[0] = Some(8);
        let h = magic_count_hint(3, &fixed, t, &never).unwrap();
        assert_eq!(h.squares, 2);
        let ex = h.example.unwrap();
        assert_eq!((ex[0], ex[4]), (8, 5));
        assert!(magic_count_hint(5, &[], t, &never).is_err());
    }
}
