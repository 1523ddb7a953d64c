//! The N-Queens AI report's backtracking: column by column, rows tried from the top, a
//! queen placed only where nothing attacks it.

use super::heuristic::Outcome;
use super::trace::QueenStep;
use crate::solve::trace::{Off, Sink};
use crate::solve::{Control, Counters, Stop};

/// Column by column, rows tried from the top; a queen is placed only where nothing
/// attacks it. Counts placements (`nodes`) and removals (`backtracks`). `Exhausted` when
/// there is no solution (n = 2 and 3).
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::queens::validate;
/// use searchlab::solve::queens::backtracking;
/// use searchlab::solve::{Budget, Control, Stop};
///
/// let outcome = backtracking::solve(8, &mut Control::quiet(Budget::unlimited()));
/// assert_eq!(outcome.stop, Stop::Found);
/// assert_eq!(outcome.rows, [0, 4, 7, 5, 2, 6, 1, 3]);
/// assert_eq!(validate(8, &outcome.rows), Ok(()));
/// ```
pub fn solve(n: usize, ctl: &mut Control) -> Outcome {
    solve_traced(n, ctl, &mut Off)
}

/// [`solve`], telling `trace` each row tried and found attacked, each queen placed and each
/// queen taken back.
pub fn solve_traced<T: Sink<QueenStep>>(n: usize, ctl: &mut Control, trace: &mut T) -> Outcome {
    let mut counters = Counters::default();
    let mut rows: Vec<u32> = Vec::with_capacity(n);
    // Per row and diagonal: 1 when a queen stands on it, else 0.
    let mut row_used = vec![0u8; n];
    let mut d1 = vec![0u8; 2 * n];
    let mut d2 = vec![0u8; 2 * n];
    // The next row to try in each column.
    let mut next = vec![0u32; n + 1];
    let stop = loop {
        let c = rows.len();
        if c == n {
            break Stop::Found;
        }
        // The first row from `next[c]` on that nothing attacks, or n.
        let from = next[c] as usize;
        let r = first_free(&row_used, &d1, &d2, c, from);
        let placed = r < n;
        next[c] = (r + usize::from(placed)) as u32;
        // The rows passed over were each tried and found attacked: handed over after the
        // scan as one run, so that the scan itself is the untraced one and a recorder
        // writes once for them all.
        if T::ON
            && r > from
            && !trace.run(
                QueenStep::Conflict {
                    column: c as u32,
                    row: from as u32,
                },
                r - from,
            )
        {
            break Stop::StepLimit;
        }
        if placed {
            row_used[r] = 1;
            d1[c + r] = 1;
            d2[c + n - r] = 1;
            rows.push(r as u32);
            next[c + 1] = 0;
            counters.nodes += 1;
            crate::solve::knight::note_depth(&mut counters, rows.len());
            if T::ON
                && !trace.step(QueenStep::Place {
                    column: c as u32,
                    row: r as u32,
                })
            {
                break Stop::StepLimit;
            }
            if let Some(stop) = ctl.tick(&counters, &rows) {
                break stop;
            }
            continue;
        }
        // Column c has no safe row left: take back column c − 1's queen.
        let Some(r) = rows.pop() else {
            break Stop::Exhausted;
        };
        let (c, r) = (rows.len(), r as usize);
        row_used[r] = 0;
        d1[c + r] = 0;
        d2[c + n - r] = 0;
        counters.backtracks += 1;
        counters.depth = rows.len() as u64;
        if T::ON
            && !trace.step(QueenStep::Remove {
                column: c as u32,
                row: r as u32,
            })
        {
            break Stop::StepLimit;
        }
    };
    ctl.finish(&counters, &rows);
    Outcome {
        rows,
        stop,
        counters,
    }
}

/// The first row from `from` on that no queen attacks in column `c` (row `r`'s diagonals
/// are `d1[c + r]` and `d2[c + n - r]`), or `n` if there is none. Zipped slices, not
/// indices: the scan keeps its few pointers in registers and checks no bounds, traced or
/// not.
#[inline(always)]
fn first_free(row_used: &[u8], d1: &[u8], d2: &[u8], c: usize, from: usize) -> usize {
    let n = row_used.len();
    let rows = &row_used[from..];
    let down = &d1[c + from..c + n];
    // d2[c + n - r] for r from n − 1 up to `from`, read backwards.
    let up = &d2[c + 1..c + n - from + 1];
    (rows.iter().zip(down).zip(up.iter().rev()))
        .position(|((&a, &b), &u)| a | b | u == 0)
        .map_or(n, |p| from + p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::queens::validate;
    use crate::solve::Budget;
    use crate::solve::knight::test_support::with_control;

    #[test]
    fn backtracking_solves_and_proves_2_and_3_have_none() {
        for n in [1, 4, 5, 8, 10, 20] {
            let o = with_control(Budget::unlimited(), |ctl| solve(n, ctl));
            assert_eq!(o.stop, Stop::Found);
            assert_eq!(validate(n, &o.rows), Ok(()));
        }
        // The first solution in row order for 8 queens (column by column, rows from the top).
        let o = with_control(Budget::unlimited(), |ctl| solve(8, ctl));
        assert_eq!(o.rows, vec![0, 4, 7, 5, 2, 6, 1, 3]);
        for n in [2, 3] {
            let o = with_control(Budget::unlimited(), |ctl| solve(n, ctl));
            assert_eq!(o.stop, Stop::Exhausted);
        }
    }

    /// A traced search keeps a column's conflicts as one packed run and every other step
    /// in a word: about a byte a step (its 28,380 steps), not a step's sixteen.
    #[test]
    fn a_trace_keeps_about_a_byte_a_step() {
        use crate::solve::trace::Recorder;
        let mut r = Recorder::new(usize::MAX);
        let o = with_control(Budget::unlimited(), |ctl| solve_traced(14, ctl, &mut r));
        assert_eq!(o.stop, Stop::Found);
        let kinds = |kind: &str| r.iter().filter(|s| s.kind() == kind).count();
        assert_eq!(kinds("place"), kinds("remove") + 14, "14 queens stay");
        assert!(kinds("conflict") > 10 * kinds("place"));
        assert!(r.bytes() < r.len() * 3 / 2, "{} bytes", r.bytes());
    }
}
