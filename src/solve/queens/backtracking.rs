//! The N-Queens AI report's backtracking: column by column, rows tried from the top, a
//! queen placed only where nothing attacks it.

use super::heuristic::Outcome;
use super::trace::QueenStep;
use crate::solve::trace::{Off, Sink, Taken};
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
        // scan with the step that ends the turn, so that the scan itself is the untraced
        // one and a recorder writes once for the whole turn. The turn's last move is made
        // only if the trace took it.
        let tried = QueenStep::Conflict {
            column: c as u32,
            row: from as u32,
        };
        if placed {
            let taken = trace.run_then(tried, r - from, QueenStep::place(c, r));
            if taken == Taken::Cut {
                break Stop::StepLimit;
            }
            row_used[r] = 1;
            d1[c + r] = 1;
            d2[c + n - r] = 1;
            rows.push(r as u32);
            next[c + 1] = 0;
            counters.nodes += 1;
            crate::solve::knight::note_depth(&mut counters, rows.len());
            if taken == Taken::Filled {
                break Stop::StepLimit;
            }
            if let Some(stop) = ctl.tick(&counters, &rows) {
                break stop;
            }
            continue;
        }
        // Column c has no safe row left: take back column c − 1's queen.
        let Some(&r) = rows.last() else {
            if !trace.run(tried, n - from) {
                break Stop::StepLimit;
            }
            break Stop::Exhausted;
        };
        let (c, r) = (rows.len() - 1, r as usize);
        let taken = trace.run_then(tried, n - from, QueenStep::remove(c, r));
        if taken == Taken::Cut {
            break Stop::StepLimit;
        }
        rows.pop();
        row_used[r] = 0;
        d1[c + r] = 0;
        d2[c + n - r] = 0;
        counters.backtracks += 1;
        counters.depth = rows.len() as u64;
        if taken == Taken::Filled {
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
    let up = &d2[(c + 1)..=(c + n - from)];
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
    use crate::solve::queens::trace::{Family, REPLAY_CHECK_EVERY, replay, replay_while};
    use crate::solve::trace::Recorder;
    use crate::testing::test;

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

    /// A traced search keeps each turn in one word: the rows a column passed over and the
    /// queen placed after them, or taken back from the column before. 14 queens' 28,380
    /// steps take 3,784 words and a mark of 8 bytes every 64 words, not 16 bytes a step.
    #[test]
    fn a_trace_keeps_a_word_for_each_turn() {
        use crate::solve::trace::Recorder;
        let mut r = Recorder::new(usize::MAX);
        let o = with_control(Budget::unlimited(), |ctl| solve_traced(14, ctl, &mut r));
        assert_eq!(o.stop, Stop::Found);
        let kinds = |kind: &str| r.iter().filter(|s| s.kind() == kind).count();
        let turns = kinds("place") + kinds("remove");
        assert_eq!(kinds("place"), kinds("remove") + 14, "14 queens stay");
        assert!(kinds("conflict") > 10 * kinds("place"));
        assert_eq!(r.len(), turns + kinds("conflict"));
        let words = turns + turns.div_ceil(64) * 2;
        assert!(
            r.bytes() <= 4 * words,
            "{} bytes for {turns} turns",
            r.bytes()
        );
        // Cut anywhere (after a placement, within a run, at a run's end), the trace
        // still reads back as the search went, and replays to the queens it reports.
        let all: Vec<QueenStep> = r.iter().collect();
        for limit in [1, 2, 3, 10, 15, 16, 17, 1000, 2500] {
            let mut cut = Recorder::new(limit);
            let o = with_control(Budget::unlimited(), |ctl| solve_traced(14, ctl, &mut cut));
            assert_eq!(o.stop, Stop::StepLimit);
            assert_eq!(cut.iter().collect::<Vec<_>>(), all[..limit]);
            let replayed = replay(14, || cut.iter(), |_| None, Family::Current, false);
            assert_eq!(replayed, o.rows, "cut at {limit}");
        }
    }

    /// The replay that checks a trace asks whether to go on every `REPLAY_CHECK_EVERY`
    /// steps and stops there when told: a trace of millions of steps keeps its time limit
    /// and Ctrl-C. Told always to go on, it ends in the placement the search reports.
    #[test]
    fn a_replay_stops_when_told_and_otherwise_ends_in_the_answer() {
        let steps = 3 * REPLAY_CHECK_EVERY + 100;
        let mut r = Recorder::new(steps);
        let o = with_control(Budget::unlimited(), |ctl| solve_traced(66, ctl, &mut r));
        assert_eq!((o.stop, r.len()), (Stop::StepLimit, steps));
        let whole = replay_while(66, || r.iter(), |_| None, Family::Current, false, || true);
        assert_eq!(whole, Some(o.rows));
        for yes in 0..3 {
            let mut asked = 0;
            let go_on = || {
                asked += 1;
                asked <= yes
            };
            let cut = replay_while(66, || r.iter(), |_| None, Family::Current, false, go_on);
            assert_eq!((cut, asked), (None, yes + 1), "stopped at look {}", yes + 1);
        }
    }
}
