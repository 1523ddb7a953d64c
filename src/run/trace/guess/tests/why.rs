//! Your guess on CSP inference, and "Why?" for annealing, hill climbing and CSP's value
//! ordering, against the rules.

use super::queens::{domains_by_rules, queens_with, questions_of};
use super::*;

/// Before inference runs, the question asks which squares of one open file it crosses out,
/// worked out from the rules (the open files' rows no queen attacks, and with AC-3 the
/// naive fixpoint) before and after the new queen: the file where it crosses out most, one
/// with a square the new queen does not attack first (with AC-3), the leftmost of equals.
/// "Why?" names the attack, or arc consistency where it took out more; with forward
/// checking alone, only where arc consistency would take out more (its claim the wrong
/// choice).
#[test]
#[allow(
    clippy::too_many_lines,
    reason = "one scenario told in order, each step using what the one before left"
)]
fn inference_questions_ask_which_squares_of_a_file_it_crosses_out() {
    use crate::run::trace::queens::square_name;
    use crate::solve::queens::trace::EMPTY;
    let mut why_forward = 0;
    for inference in ["forward-checking", "ac3"] {
        for n in [6u64, 8, 10] {
            let trace = Arc::new(queens_with("csp", n, 1, &[("inference", inference)]));
            let n = n as usize;
            let (mut asked, mut beyond_asked, mut listed, mut why_asked) = (0, 0, 0, 0);
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
                let hits = |c: usize, r: u32| r == r0 || r.abs_diff(r0) as usize == c.abs_diff(c0);
                // Each file's rows by each rule: taken out, attacked by the new queen, on
                // its row, on its diagonals; distinct and not empty.
                let lists = |c: usize| {
                    let mut lists: Vec<Vec<u32>> = Vec::new();
                    for keep in [
                        &(|r: u32| !after[c].contains(&r)) as &dyn Fn(u32) -> bool,
                        &|r| hits(c, r),
                        &|r| r == r0,
                        &|r| r != r0 && hits(c, r),
                    ] {
                        let l: Vec<u32> = before[c].iter().copied().filter(|&r| keep(r)).collect();
                        if !l.is_empty() && !lists.contains(&l) {
                            lists.push(l);
                        }
                    }
                    lists
                };
                let mut best: Option<((bool, bool, usize), usize)> = None;
                let mut in_all = 0;
                for c in (0..n).filter(|&c| c != c0 && state.rows[c] == EMPTY) {
                    let taken: Vec<u32> = (before[c].iter().copied())
                        .filter(|r| !after[c].contains(r))
                        .collect();
                    in_all += taken.len();
                    if taken.is_empty() {
                        continue;
                    }
                    let key = (
                        taken.iter().any(|&r| !hits(c, r)),
                        lists(c).len() >= 2,
                        taken.len(),
                    );
                    if best.is_none_or(|(k, _)| key > k) {
                        best = Some((key, c));
                    }
                }
                assert_eq!(in_all, removed as usize, "the step's own count, step {i}");
                let ((beyond, disagree, _), x) = best.unwrap();
                let taken: Vec<u32> = (before[x].iter().copied())
                    .filter(|r| !after[x].contains(r))
                    .collect();
                if disagree {
                    listed += 1;
                    let said = &q.choices[q.right_choices[0]];
                    let names: Vec<&str> = (said.split([',', ' ']))
                        .filter(|w| !w.is_empty() && *w != "and")
                        .collect();
                    let expect: Vec<String> = (taken.iter())
                        .map(|&r| square_name(n as u64, x as u32, r))
                        .collect();
                    assert_eq!(names, expect, "{inference} n = {n} step {i}: {said}");
                    let mut distinct = q.choices.clone();
                    distinct.sort();
                    distinct.dedup();
                    assert_eq!(distinct.len(), q.choices.len());
                    assert_eq!(distinct.len(), lists(x).len());
                } else {
                    // Every rule takes out the same: a square of the file is clicked.
                    let mut right = q.right.clone();
                    right.sort_unstable();
                    let cells: Vec<u32> = taken.iter().map(|&r| r * n as u32 + x as u32).collect();
                    assert_eq!(right, cells, "{inference} n = {n} step {i}");
                }
                // With forward checking alone, "Why?" is asked where arc consistency would
                // take out more of the file (from the same placements), its claim the
                // wrong choice; with AC-3, always. (No claim where it would empty a file.)
                // Arc consistency on from the start: its domains before this queen and
                // after.
                let had = domains_by_rules(n, &before_rows, true);
                let would = domains_by_rules(n, &state.rows, true);
                let wiped = (0..n).any(|c| {
                    (before_rows[c] == EMPTY && had[c].is_empty())
                        || (state.rows[c] == EMPTY && would[c].is_empty())
                });
                let more: Vec<String> = (had[x].iter())
                    .filter(|&&r| !wiped && !hits(x, r) && !would[x].contains(&r))
                    .map(|&r| square_name(n as u64, x as u32, r))
                    .collect();
                if inference == "forward-checking" && more.is_empty() {
                    assert!(q.why.is_none(), "{:?}", q.why);
                    continue;
                }
                let why = q.why.as_ref().expect("a why");
                let because = &why.choices[why.right[0]];
                if beyond {
                    beyond_asked += 1;
                    assert!(because.starts_with("Arc consistency"), "{because}");
                } else {
                    assert!(because.starts_with("The queen on"), "{because}");
                }
                if inference == "forward-checking" {
                    why_asked += 1;
                    let wrong = &why.choices[1 - why.right[0]];
                    assert_eq!(why.choices.len(), 2);
                    let (last, rest) = more.split_last().unwrap();
                    let listed = if rest.is_empty() {
                        last.clone()
                    } else {
                        format!("{} and {last}", rest.join(", "))
                    };
                    assert!(
                        wrong.contains(&format!("as well {listed}:")),
                        "{wrong} {more:?}"
                    );
                }
            }
            assert!(
                asked > 0 && listed > 0,
                "{inference} n = {n}: {listed} of {asked} listed"
            );
            if inference == "forward-checking" {
                assert_eq!(beyond_asked, 0);
            }
            why_forward += why_asked;
        }
    }
    assert!(why_forward > 0, "forward checking asks why somewhere");
}

/// "Why?" for hill climbing, annealing and CSP's value ordering: one statement is right,
/// and it is the rule the step's own figures say decided (worked out here from them).
#[test]
#[allow(
    clippy::too_many_lines,
    reason = "a table of cases, a line each, then one loop over them"
)]
fn why_names_the_rule_the_figures_say_decided() {
    // Hill climbing: a move down takes the lowest score (steepest: the first scored of
    // equals), or is drawn among the better ones (stochastic); with sideways moves, a move
    // on a plateau is sideways; the climb stops when no move is lower (a plateau, with
    // sideways moves, when they are used up).
    // (h2, twice the attacking pairs, is told as h: its figures are not pairs.)
    for (variant, heuristic) in [
        ("steepest", "h1"),
        ("steepest", "h2"),
        ("sideways", "h1"),
        ("stochastic", "h1"),
    ] {
        // Few sideways moves, so that the climb also stops on a plateau.
        let trace = Arc::new(queens_with(
            "hill-climbing",
            8,
            5,
            &[
                ("variant", variant),
                ("sideways_limit", "2"),
                ("heuristic", heuristic),
            ],
        ));
        let (mut moves, mut stops, mut plateaus) = (0, 0, 0);
        for (_, state, q) in questions_of(&trace) {
            let why = q.why.as_ref().expect("every decision asks why");
            assert_eq!(why.right.len(), 1);
            let said = &why.choices[why.right[0]];
            assert!(
                why.choices.iter().all(|c| !c.contains("attacking pair")),
                "{why:?}"
            );
            // The round's scores, from the trace's Score steps up to the decision.
            let scores: Vec<(u32, u32, u32)> = (trace.recorder.iter_from(q.at))
                .take(q.reveal_at - 1 - q.at)
                .filter_map(|s| match s {
                    QueenStep::Score { column, row, h } => Some((column, row, h)),
                    _ => None,
                })
                .collect();
            let best = scores.iter().map(|s| s.2).min().unwrap();
            match trace.recorder.get(q.reveal_at - 1) {
                Some(QueenStep::Move { column, row, .. }) => {
                    moves += 1;
                    if variant == "stochastic" {
                        assert!(said.starts_with("It draws one of"), "{said}");
                    } else if best < state.h {
                        assert!(said.contains("the lowest h, lower than now"), "{said}");
                        // Steepest takes the first scored of equals, sideways draws one.
                        let first = scores.iter().find(|s| s.2 == best).unwrap();
                        if variant == "steepest" {
                            assert_eq!((first.0, first.1), (column, row), "the first of equals");
                        } else {
                            assert!(scores.contains(&(column, row, best)));
                        }
                    } else {
                        assert!(said.contains("sideways"), "{said}");
                    }
                }
                Some(QueenStep::Stuck { .. }) => {
                    stops += 1;
                    if variant == "sideways" && best == state.h {
                        plateaus += 1;
                        assert!(said.contains("used up"), "{said}");
                    } else {
                        assert!(best >= state.h);
                        assert!(said.starts_with("No move lowers h"), "{said}");
                    }
                }
                other => panic!("{other:?}"),
            }
        }
        assert!(
            moves > 0 && stops > 0,
            "{variant}: {moves} moves, {stops} stops"
        );
        assert!(
            variant != "sideways" || plateaus > 0,
            "a plateau's stop was asked"
        );
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
