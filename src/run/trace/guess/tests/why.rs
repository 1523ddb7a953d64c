//! Your guess on CSP inference, and "Why?" for annealing, hill climbing and CSP's value
//! ordering, against the rules.

use super::queens::{domains_by_rules, queens_with, questions_of};
use super::*;

/// Before inference runs, the squares asked for are those it crosses out, worked out from
/// the rules (the open files' rows no queen attacks, and with AC-3 the naive fixpoint)
/// before and after the new queen; with AC-3, those the new queen does not attack when
/// there are some.
#[test]
fn inference_questions_ask_for_the_squares_it_crosses_out() {
    use crate::solve::queens::trace::EMPTY;
    for inference in ["forward-checking", "ac3"] {
        for n in [6u64, 8, 10] {
            let trace = Arc::new(queens_with("csp", n, 1, &[("inference", inference)]));
            let n = n as usize;
            let (mut asked, mut beyond_asked) = (0, 0);
            for (i, state, q) in questions_of(&trace) {
                let Some(QueenStep::Prune { removed }) = trace.recorder.get(i) else {
                    continue;
                };
                asked += 1;
                let Some(QueenStep::Assign { column, row, .. }) = trace.recorder.get(i - 1) else {
                    panic!("inference follows an assignment");
                };
                let (c0, r0) = (column as usize, row);
                let mut before_rows = state.rows.clone();
                before_rows[c0] = EMPTY;
                let before = domains_by_rules(n, &before_rows, inference == "ac3");
                let after = domains_by_rules(n, &state.rows, inference == "ac3");
                let mut taken = vec![];
                let mut beyond = vec![];
                for c in (0..n).filter(|&c| c != c0 && state.rows[c] == EMPTY) {
                    for &r in before[c].iter().filter(|r| !after[c].contains(r)) {
                        let cell = r * n as u32 + c as u32;
                        taken.push(cell);
                        if !(r == r0 || r.abs_diff(r0) as usize == c.abs_diff(c0)) {
                            beyond.push(cell);
                        }
                    }
                }
                assert_eq!(
                    taken.len(),
                    removed as usize,
                    "the step's own count, step {i}"
                );
                let mut expect = if inference == "ac3" && !beyond.is_empty() {
                    beyond_asked += 1;
                    beyond
                } else {
                    taken
                };
                expect.sort_unstable();
                let mut right = q.right.clone();
                right.sort_unstable();
                assert_eq!(right, expect, "{inference} n = {n} step {i}");
                assert!(right.iter().all(|c| q.cells.contains(c)));
            }
            assert!(asked > 0, "{inference} n = {n}");
            if inference == "forward-checking" {
                assert_eq!(beyond_asked, 0);
            }
        }
    }
}

/// "Why?" for hill climbing, annealing and CSP's value ordering: one statement is right,
/// and it is the rule the step's own figures say decided (worked out here from them).
#[test]
fn why_names_the_rule_the_figures_say_decided() {
    // Hill climbing with sideways moves: down when a move lowers h (steepest climbing has
    // one rule only, and asks no "Why?").
    let steepest = Arc::new(queens_with("hill-climbing", 8, 5, &[]));
    assert!(
        questions_of(&steepest)
            .iter()
            .all(|(_, _, q)| q.why.is_none())
    );
    for params in [&[("variant", "sideways")][..]] {
        let trace = Arc::new(queens_with("hill-climbing", 8, 5, params));
        let mut asked = 0;
        for (_, state, q) in questions_of(&trace) {
            let Some(why) = &q.why else { continue };
            asked += 1;
            assert_eq!(why.right.len(), 1);
            let said = &why.choices[why.right[0]];
            // The move's target's score, from the trace's Score steps up to the move.
            let hs: Vec<u32> = (trace.recorder.iter_from(q.at).take(q.reveal_at - 1 - q.at))
                .filter_map(|s| match s {
                    QueenStep::Score { h, .. } => Some(h),
                    _ => None,
                })
                .collect();
            let best = *hs.iter().min().unwrap();
            if best < state.h {
                assert!(said.contains("fewest attacking pairs"), "{said}");
            } else {
                assert!(said.contains("sideways"), "{said}");
            }
        }
        assert!(asked > 0, "{params:?}");
    }
    // Annealing: Δ ≤ 0 always, Δ > 0 by e^(−Δ/T).
    let trace = Arc::new(queens_with("annealing", 8, 2, &[("max_steps", "500")]));
    let mut kinds = std::collections::BTreeSet::new();
    for (i, _, q) in questions_of(&trace) {
        let Some(QueenStep::Propose { delta, .. }) = trace.recorder.get(i) else {
            continue;
        };
        let why = q.why.as_ref().expect("every proposal asks why");
        let said = &why.choices[why.right[0]];
        if delta <= 0 {
            assert!(said.contains("always taken"), "{said}");
        } else {
            assert!(
                said.contains("e^(−Δ/T)") || said.contains("never"),
                "{said}"
            );
        }
        kinds.insert(delta <= 0);
    }
    assert_eq!(kinds.len(), 2, "both kinds of move were asked");
    // CSP after a dead end: the claim of the statement said right holds by the rules
    // (domains worked out from the attacks): the row tried is the next one down in the
    // column's domain, or crosses out the fewest squares of those left to try.
    for value in ["in-order", "lcv"] {
        let trace = Arc::new(queens_with("csp", 8, 1, &[("value_order", value)]));
        let mut asked = 0;
        for (i, state, q) in questions_of(&trace) {
            let prev = i.checked_sub(1).and_then(|p| trace.recorder.get(p));
            let (
                Some(QueenStep::Unassign {
                    column: a,
                    row: undone,
                }),
                Some(QueenStep::Assign { column, row, .. }),
            ) = (prev, trace.recorder.get(i))
            else {
                continue;
            };
            let Some(why) = q.why.as_ref().filter(|_| a == column) else {
                continue;
            };
            asked += 1;
            let said = &why.choices[why.right[0]];
            let d = domains_by_rules(8, &state.rows, false);
            let c = column as usize;
            let cost = |r: u32| -> usize {
                (0..8)
                    .filter(|&o| o != c && state.rows[o] == crate::solve::queens::trace::EMPTY)
                    .map(|o| {
                        d[o].iter()
                            .filter(|&&s| s == r || s.abs_diff(r) as usize == o.abs_diff(c))
                            .count()
                    })
                    .sum()
            };
            if said.contains("next row down") {
                assert_eq!(
                    d[c].iter().copied().find(|&r| r > undone),
                    Some(row),
                    "step {i}"
                );
            } else {
                assert!(said.contains("least constraining"), "{said}");
                // The rows still to try: those after the one undone in the LCV order.
                let mut order = d[c].clone();
                order.sort_by_key(|&r| (cost(r), r));
                let at = order.iter().position(|&r| r == undone).unwrap();
                let least = order[at + 1..].iter().map(|&r| cost(r)).min();
                assert_eq!(least, Some(cost(row)), "step {i}");
            }
        }
        assert!(asked > 0, "{value}");
    }
}
