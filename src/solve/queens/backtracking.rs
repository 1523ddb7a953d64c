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

/// [`solve`], telling `trace` each row tried and found attacked (and by which queen), each
/// queen placed and each queen taken back.
pub fn solve_traced<T: Sink<QueenStep>>(n: usize, ctl: &mut Control, trace: &mut T) -> Outcome {
    let mut counters = Counters::default();
    let mut rows: Vec<u32> = Vec::with_capacity(n);
    // Per row and diagonal: 0 when free, else the column of its queen plus one (so a
    // trace can name the queen a conflict is with).
    let mut row_used = vec![0u32; n];
    let mut d1 = vec![0u32; 2 * n];
    let mut d2 = vec![0u32; 2 * n];
    // The next row to try in each column.
    let mut next = vec![0u32; n + 1];
    let stop = loop {
        let c = rows.len();
        if c == n {
            break Stop::Found;
        }
        let mut placed = false;
        let mut full = false;
        while (next[c] as usize) < n {
            let r = next[c] as usize;
            next[c] += 1;
            let by = row_used[r].max(d1[c + r]).max(d2[c + n - r]);
            let safe = by == 0;
            if T::ON {
                let step = if safe {
                    QueenStep::Place {
                        column: c as u32,
                        row: r as u32,
                    }
                } else {
                    QueenStep::Conflict {
                        column: c as u32,
                        row: r as u32,
                        by: by - 1,
                    }
                };
                full = !trace.step(step);
            }
            if safe {
                let mark = c as u32 + 1;
                row_used[r] = mark;
                d1[c + r] = mark;
                d2[c + n - r] = mark;
                rows.push(r as u32);
                next[c + 1] = 0;
                counters.nodes += 1;
                crate::solve::knight::note_depth(&mut counters, rows.len());
                placed = true;
                break;
            }
            if full {
                break;
            }
        }
        if full {
            break Stop::StepLimit;
        }
        if placed {
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
}
