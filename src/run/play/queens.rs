//! N-Queens' play hints: the queens that attack each other, the move min-conflicts would
//! make, and the solutions that keep a player's queens.

use crate::platform::time::Instant;
use crate::run::JobError;
use crate::solve::Stop;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// A square no queen attacks.
pub const SAFE_SQUARE: super::HintKind = super::HintKind::new(&super::Hint {
    id: "safe-square",
    name: "A safe square",
    plays_for_you: None,
});

/// The move min-conflicts would make.
pub const MIN_CONFLICTS_MOVE: super::HintKind = super::HintKind::new(&super::Hint {
    id: "min-conflicts-move",
    name: "Min-conflicts' move",
    plays_for_you: None,
});

/// The solutions that keep the queens placed, counted.
pub const COUNT_SOLUTIONS: super::HintKind = super::HintKind::new(&super::Hint {
    id: "count-solutions",
    name: "Count the solutions",
    plays_for_you: None,
});

/// The hints this play mode offers.
pub const HINTS: &[super::HintKind] = &[SAFE_SQUARE, MIN_CONFLICTS_MOVE, COUNT_SOLUTIONS];

/// The largest board play mode offers (its squares are clicked one by one).
pub const MAX_PLAY_N: usize = 40;

/// The largest N-Queens board on which the count hint is offered.
pub const MAX_QUEENS_HINT_N: usize = 16;

/// Two placed queens that attack each other: `(column, row)` each, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Attack {
    /// The queen on the left.
    pub a: (usize, u32),
    /// The queen on the right.
    pub b: (usize, u32),
    /// Whether they share a row (else a diagonal).
    pub row: bool,
}

/// The pairs of placed queens that attack each other (`columns[c]`: the row of column
/// `c`'s queen, if it has one), left to right.
pub fn attacking_pairs(columns: &[Option<u32>]) -> Vec<Attack> {
    let placed: Vec<(usize, u32)> = columns
        .iter()
        .enumerate()
        .filter_map(|(c, r)| r.map(|r| (c, r)))
        .collect();
    let mut out = Vec::new();
    for (i, &a) in placed.iter().enumerate() {
        for &b in &placed[i + 1..] {
            let row = a.1 == b.1;
            if row || a.1.abs_diff(b.1) as usize == b.0 - a.0 {
                out.push(Attack { a, b, row });
            }
        }
    }
    out
}

/// The solutions that keep a player's queens where they are.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct QueensCountHint {
    /// The placement it was asked about.
    pub columns: Vec<Option<u32>>,
    /// Solutions counted (at least this many when not `complete`).
    pub solutions: u64,
    /// Whether every one was counted.
    pub complete: bool,
    /// Queens that attack each other, when some do (then there are none).
    pub attacks: Vec<Attack>,
    /// `Exhausted`, or the stop that cut the count short.
    pub stop: Stop,
    /// Placements tried.
    pub nodes: u64,
    /// Wall time.
    pub elapsed: Duration,
}

/// Counts the solutions of `n` queens that keep every queen of `columns` (`None`: an
/// empty column), in parallel within `time`; boards up to [`MAX_QUEENS_HINT_N`].
pub fn queens_count_hint(
    n: usize,
    columns: &[Option<u32>],
    time: Duration,
    cancel: &AtomicBool,
) -> Result<QueensCountHint, JobError> {
    use crate::solve::queens::count::{Prefix, TaskCount};
    let started = Instant::now();
    if n == 0 || n > MAX_QUEENS_HINT_N {
        return Err(JobError::Input(format!(
            "the count hint is offered for 1 to {MAX_QUEENS_HINT_N} queens; this board has {n}"
        )));
    }
    if columns.len() > n || columns.iter().flatten().any(|&r| r as usize >= n) {
        return Err(JobError::Input(format!("a queen is off the {n}x{n} board")));
    }
    let attacks = attacking_pairs(columns);
    let hint = |sum: TaskCount, stop| QueensCountHint {
        columns: columns.to_vec(),
        solutions: sum.total(),
        complete: sum.complete,
        attacks: attacks.clone(),
        stop,
        nodes: sum.nodes,
        elapsed: started.elapsed(),
    };
    let none = TaskCount {
        complete: true,
        ..TaskCount::default()
    };
    if !attacks.is_empty() {
        return Ok(hint(none, Stop::Exhausted));
    }
    let Some(p) = Prefix::pinned(n as u32, columns) else {
        return Err(JobError::Invalid(format!(
            "the count refuses a placement of {n} queens in which no two attack each other"
        )));
    };
    let parts: Vec<Prefix> = p.split().iter().flat_map(Prefix::split).collect();
    let stop = || cancel.load(Ordering::Relaxed) || started.elapsed() >= time;
    let sum = parts
        .par_iter()
        .map(|part| {
            if stop() {
                TaskCount::default()
            } else {
                part.count(&stop)
            }
        })
        .reduce(
            || none,
            |mut a, b| {
                a.add(&b);
                a
            },
        );
    let why = if sum.complete {
        Stop::Exhausted
    } else if cancel.load(Ordering::Relaxed) {
        Stop::Cancelled
    } else {
        Stop::TimeLimit
    };
    Ok(hint(sum, why))
}

/// Conflicts a queen on `(column, row)` would meet: the queens of other columns on its
/// row or diagonals.
pub fn conflicts_at(columns: &[Option<u32>], column: usize, row: u32) -> u32 {
    columns
        .iter()
        .enumerate()
        .filter(|&(c, r)| c != column && r.is_some())
        .filter(|&(c, r)| {
            let r = r.unwrap_or(0);
            r == row || r.abs_diff(row) as usize == c.abs_diff(column)
        })
        .count() as u32
}

/// A move a min-conflicts search would make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MinConflictsMove {
    /// The column whose queen moves (or is placed, in an empty column).
    pub column: usize,
    /// Where it stands now, if it is placed.
    pub from: Option<u32>,
    /// Its conflicts there.
    pub before: u32,
    /// The row it goes to: the fewest conflicts in its column (where it stands when that
    /// is among the fewest, else the nearest such row, then the topmost). `to == from`:
    /// no row of its column is better, so it stays.
    pub to: u32,
    /// Its conflicts there.
    pub after: u32,
}

/// The textbook min-conflicts move on `columns`: an empty column is filled first, on its
/// least-attacked row (the greedy start); else the most attacked queen (min-conflicts
/// picks an attacked queen at random; the hint takes the most attacked, the leftmost of
/// those) moves to the least-attacked row of its column. `None` when every column has a
/// queen and none is attacked: solved.
pub fn min_conflicts_move(n: usize, columns: &[Option<u32>]) -> Option<MinConflictsMove> {
    let at = |c: usize| columns.get(c).copied().flatten();
    let column = match (0..n).find(|&c| at(c).is_none()) {
        Some(c) => c,
        None => {
            let (c, worst) = (0..n)
                .map(|c| (c, conflicts_at(columns, c, at(c).unwrap_or(0))))
                .fold((0, 0), |best, x| if x.1 > best.1 { x } else { best });
            if worst == 0 {
                return None;
            }
            c
        }
    };
    let from = at(column);
    let before = from.map_or(0, |r| conflicts_at(columns, column, r));
    let (to, after) = (0..n as u32)
        .map(|r| (r, conflicts_at(columns, column, r)))
        .min_by_key(|&(r, k)| (k, from.map_or(0, |f| f.abs_diff(r)), r))?;
    Some(MinConflictsMove {
        column,
        from,
        before,
        to,
        after,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn never() -> AtomicBool {
        AtomicBool::new(false)
    }

    #[test]
    fn queens_hints_follow_the_rules() {
        // A queen in a corner of 8 queens: 4 solutions keep it; two attacking: none.
        let mut cols = vec![None; 8];
        cols[0] = Some(0);
        let h = queens_count_hint(8, &cols, Duration::from_secs(60), &never()).unwrap();
        assert_eq!((h.solutions, h.complete), (4, true));
        cols[2] = Some(2);
        let h = queens_count_hint(8, &cols, Duration::from_secs(60), &never()).unwrap();
        assert_eq!(h.solutions, 0);
        assert_eq!(h.attacks.len(), 1);
        assert!(!h.attacks[0].row);
        // Empty: every solution.
        let h = queens_count_hint(10, &[], Duration::from_secs(60), &never()).unwrap();
        assert_eq!(h.solutions, 724);
        // Min-conflicts fills an empty column first, then moves the most attacked queen
        // to a row with fewer conflicts; on a solution it has nothing to do.
        let m = min_conflicts_move(4, &[Some(1), None]).unwrap();
        assert_eq!((m.column, m.from), (1, None));
        assert_eq!(m.after, conflicts_at(&[Some(1), None], 1, m.to));
        let diagonal: Vec<Option<u32>> = (0..6).map(Some).collect();
        let m = min_conflicts_move(6, &diagonal).unwrap();
        assert!(m.after < m.before, "{m:?}");
        // Never a row with more conflicts than where the queen stands: at worst it stays.
        for cols in [[Some(0), Some(2), Some(1)], [Some(0), Some(0), Some(0)]] {
            if let Some(m) = min_conflicts_move(3, &cols) {
                assert!(m.after <= m.before, "{m:?}");
                assert_eq!(m.after, conflicts_at(&cols, m.column, m.to));
            }
        }
        let solution = [1, 3, 0, 2].map(Some);
        assert_eq!(min_conflicts_move(4, &solution), None);
    }
}
