//! Your guess on N-Queens searches, against the rules.

use super::*;
use crate::solve::queens::trace::QueensState;

/// Every question `trace` asks, with its position and the state it is asked at.
pub(super) fn questions_of(trace: &Arc<QueensTrace>) -> Vec<(usize, QueensState, Question)> {
    let timeline = Timeline::new(trace.clone());
    (0..trace.recorder.len())
        .filter(|&i| queens_asks(trace, i))
        .filter_map(|i| {
            let state = timeline.state_at(i);
            queens_question(trace, i, &state).map(|q| (i, state, q))
        })
        .collect()
}

fn queens(algorithm: &str, n: u64, seed: u64) -> QueensTrace {
    queens_with(algorithm, n, seed, &[])
}

pub(super) fn queens_with(
    algorithm: &str,
    n: u64,
    seed: u64,
    params: &[(&str, &str)],
) -> QueensTrace {
    QueensTraceJob {
        n,
        algorithm: algorithm.parse().unwrap(),
        params: params
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        seed,
        budget: Budget::unlimited(),
        limit: 200_000,
    }
    .run(&AtomicBool::new(false))
    .unwrap()
}

/// Whether a queen on `(row, column)` is attacked by the queens of `rows` (columns
/// 0..rows.len()), from the rules.
fn attacked(rows: &[u32], row: u32, column: usize) -> bool {
    rows.iter()
        .enumerate()
        .take(column)
        .any(|(c, &r)| r == row || r.abs_diff(row) as usize == column - c)
}

#[test]
fn backtracking_questions_are_answered_by_the_first_safe_row_or_none() {
    for n in [4u64, 6, 8] {
        let trace = Arc::new(queens("backtracking", n, 1));
        let mut asked = 0;
        for (i, state, q) in questions_of(&trace) {
            asked += 1;
            let column = (q.cells[0] % n as u32) as usize;
            assert_eq!(column, state.rows.len(), "asked about the next column");
            let first = match trace.recorder.get(i) {
                Some(QueenStep::Conflict { row, .. } | QueenStep::Place { row, .. }) => row,
                _ => unreachable!(),
            };
            let safe = (first..n as u32).find(|&r| !attacked(&state.rows, r, column));
            match safe {
                Some(r) => assert_eq!(q.right, [r * n as u32 + column as u32]),
                None => assert!(q.right.is_empty() && q.right_choices == [0]),
            }
        }
        assert!(asked > 0);
    }
}

#[test]
fn hill_climbing_questions_are_answered_by_the_best_moves_or_none() {
    for (n, seed) in [(6u64, 1), (8, 2), (8, 5)] {
        let trace = Arc::new(queens("hill-climbing", n, seed));
        let mut asked = 0;
        for (_, state, q) in questions_of(&trace) {
            asked += 1;
            // Every move of every queen, scored from the rules (h1: attacking pairs).
            let mut best = u64::MAX;
            let mut at_best = Vec::new();
            for c in 0..n as usize {
                for r in 0..n as u32 {
                    if state.rows[c] == r {
                        continue;
                    }
                    let mut moved = state.rows.clone();
                    moved[c] = r;
                    let h = conflicts(&moved);
                    if h < best {
                        best = h;
                        at_best.clear();
                    }
                    if h == best {
                        at_best.push(r * n as u32 + c as u32);
                    }
                }
            }
            if best < conflicts(&state.rows) {
                at_best.sort();
                let mut right = q.right.clone();
                right.sort();
                assert_eq!(right, at_best);
            } else {
                assert!(
                    q.right.is_empty() && q.right_choices == [0],
                    "no move helps: the answer is none"
                );
            }
        }
        assert!(asked > 0);
    }
    assert!(queens_refusal(&queens("min-conflicts", 8, 1)).is_none());
    // A square of a board of more queens has no 32-bit name: no question is asked.
    let wide = queens("backtracking", MAX_GUESS_N + 1, 1);
    assert!(queens_refusal(&wide).is_some_and(|r| r.contains("65,535")));
    assert!((0..wide.recorder.len()).all(|i| !queens_asks(&wide, i)));
    assert!(queens_refusal(&queens("backtracking", MAX_GUESS_N, 1)).is_none());
}

/// The rows left in each open column with the queens of `rows` placed, from the rules:
/// the rows no queen attacks, and with arc consistency every row that some other open
/// column has no compatible row for, until nothing changes.
pub(super) fn domains_by_rules(n: usize, rows: &[u32], ac3: bool) -> Vec<Vec<u32>> {
    let placed: Vec<(usize, u32)> = (0..n)
        .filter(|&c| {
            rows.get(c)
                .is_some_and(|&r| r != crate::solve::queens::trace::EMPTY)
        })
        .map(|c| (c, rows[c]))
        .collect();
    let open = |c: usize| !placed.iter().any(|p| p.0 == c);
    let hits = |c1: usize, r1: u32, c2: usize, r2: u32| {
        r1 == r2 || r1.abs_diff(r2) as usize == c1.abs_diff(c2)
    };
    let mut d: Vec<Vec<u32>> = (0..n)
        .map(|c| {
            if !open(c) {
                return Vec::new();
            }
            (0..n as u32)
                .filter(|&r| !placed.iter().any(|&(pc, pr)| hits(pc, pr, c, r)))
                .collect()
        })
        .collect();
    let mut changed = ac3;
    while changed {
        changed = false;
        for i in (0..n).filter(|&c| open(c)) {
            let keep: Vec<u32> = d[i]
                .iter()
                .copied()
                .filter(|&r| {
                    (0..n)
                        .filter(|&j| j != i && open(j))
                        .all(|j| d[j].iter().any(|&s| !hits(i, r, j, s)))
                })
                .collect();
            if keep.len() != d[i].len() {
                d[i] = keep;
                changed = true;
            }
        }
        if d.iter().enumerate().any(|(c, x)| open(c) && x.is_empty()) {
            break;
        }
    }
    d
}

#[test]
#[allow(
    clippy::too_many_lines,
    reason = "one scenario told in order, each step using what the one before left"
)]
fn csp_questions_follow_the_orderings_from_the_rules() {
    for var in ["static", "mrv"] {
        for value in ["in-order", "lcv"] {
            for inference in ["none", "forward-checking", "ac3"] {
                let params = [
                    ("var_order", var),
                    ("value_order", value),
                    ("inference", inference),
                ];
                for n in [6u64, 8] {
                    let trace = Arc::new(queens_with("csp", n, 1, &params));
                    let timeline = Timeline::new(trace.clone());
                    let mut asked = 0;
                    for i in 0..trace.recorder.len() {
                        let state = timeline.state_at(i);
                        let Some(q) = queens_question(&trace, i, &state) else {
                            continue;
                        };
                        asked += 1;
                        let n = n as usize;
                        let rows: Vec<u32> = if state.rows.len() == n {
                            state.rows.clone()
                        } else {
                            vec![crate::solve::queens::trace::EMPTY; n]
                        };
                        let d = domains_by_rules(n, &rows, inference == "ac3");
                        let open: Vec<usize> = (0..n)
                            .filter(|&c| rows[c] == crate::solve::queens::trace::EMPTY)
                            .collect();
                        // Least constraining: rows taken from the other open columns.
                        let cost = |c: usize, r: u32| -> usize {
                            open.iter()
                                .filter(|&&o| o != c)
                                .map(|&o| {
                                    d[o].iter()
                                        .filter(|&&s| {
                                            s == r || s.abs_diff(r) as usize == o.abs_diff(c)
                                        })
                                        .count()
                                })
                                .sum()
                        };
                        let ordered = |c: usize| -> Vec<u32> {
                            let mut rs = d[c].clone();
                            if value == "lcv" {
                                rs.sort_by_key(|&r| (cost(c, r), r));
                            }
                            rs
                        };
                        let firsts = |rs: &[u32], c: usize| -> Vec<u32> {
                            match rs.first() {
                                Some(&f) if value == "lcv" => rs
                                    .iter()
                                    .copied()
                                    .take_while(|&r| cost(c, r) == cost(c, f))
                                    .collect(),
                                Some(&f) => vec![f],
                                None => Vec::new(),
                            }
                        };
                        // Inference's questions are checked below.
                        let QueenStep::Assign { column, .. } = trace.recorder.get(i).unwrap()
                        else {
                            continue;
                        };
                        let prev = i.checked_sub(1).and_then(|p| trace.recorder.get(p));
                        let mut expect: Vec<u32> = match prev {
                            Some(QueenStep::Unassign { column: c, row }) if c == column => {
                                let rs = ordered(c as usize);
                                let at = rs.iter().position(|&r| r == row).unwrap();
                                firsts(&rs[at + 1..], c as usize)
                                    .into_iter()
                                    .map(|r| r * n as u32 + c)
                                    .collect()
                            }
                            _ => {
                                let fewest = open.iter().map(|&c| d[c].len()).min().unwrap();
                                let columns: Vec<usize> = if var == "static" {
                                    vec![open[0]]
                                } else {
                                    open.iter()
                                        .copied()
                                        .filter(|&c| d[c].len() == fewest)
                                        .collect()
                                };
                                columns
                                    .iter()
                                    .flat_map(|&c| {
                                        firsts(&ordered(c), c)
                                            .into_iter()
                                            .map(move |r| r * n as u32 + c as u32)
                                    })
                                    .collect()
                            }
                        };
                        expect.sort();
                        let mut right = q.right.clone();
                        right.sort();
                        assert_eq!(right, expect, "{params:?} n = {n} step {i}");
                    }
                    assert!(asked > 0, "{params:?}");
                }
            }
        }
    }
}

/// Whether the queen of column `c` is attacked in the full placement `rows`, pair by pair.
fn is_attacked(rows: &[u32], c: usize) -> bool {
    (0..rows.len()).any(|o| {
        o != c && (rows[o] == rows[c] || rows[o].abs_diff(rows[c]) as usize == o.abs_diff(c))
    })
}

#[test]
fn min_conflicts_questions_take_every_attacked_queen() {
    for (n, seed) in [(8u64, 1), (12, 2), (30, 3)] {
        let trace = Arc::new(queens("min-conflicts", n, seed));
        let mut asked = 0;
        for (i, state, q) in questions_of(&trace) {
            // The swaps' questions are checked below.
            if !matches!(trace.recorder.get(i), Some(QueenStep::Pick { .. })) {
                continue;
            }
            asked += 1;
            let mut expect: Vec<u32> = (0..n as usize)
                .filter(|&c| is_attacked(&state.rows, c))
                .map(|c| state.rows[c] * n as u32 + c as u32)
                .collect();
            expect.sort();
            let mut right = q.right.clone();
            right.sort();
            assert_eq!(right, expect);
            let QueenStep::Pick { column } = trace.recorder.get(i).unwrap() else {
                unreachable!()
            };
            let why = q.why.as_ref().unwrap();
            for (k, claim) in why.choices.iter().enumerate() {
                // "The queen on X attacks it" is right exactly when it does, by the rules.
                if let Some(name) = claim
                    .strip_prefix("The queen on ")
                    .and_then(|s| s.split(' ').next())
                {
                    let c = (0..n as usize)
                        .find(|&c| {
                            crate::run::trace::queens::square_name(n, c as u32, state.rows[c])
                                == name
                        })
                        .unwrap();
                    let r = state.rows[c];
                    let pr = state.rows[column as usize];
                    let hits = r == pr || r.abs_diff(pr) as usize == c.abs_diff(column as usize);
                    assert_eq!(why.right.contains(&k), hits, "{claim}");
                }
            }
        }
        assert!(asked > 0);
    }
}

/// The collisions of a placement from the rules: for every diagonal, the queens on it
/// but one, the queens counted by walking each diagonal square by square.
fn collisions_by_rules(rows: &[u32]) -> u64 {
    let n = rows.len() as i64;
    let on = |c: i64, r: i64| {
        (0..n).contains(&c) && (0..n).contains(&r) && i64::from(rows[c as usize]) == r
    };
    let mut total = 0;
    // Rising diagonals start on the left file or the bottom rank; falling ones on the left
    // file or the top rank.
    for (dc, dr) in [(1i64, 1i64), (1, -1)] {
        let starts: Vec<(i64, i64)> = (0..n)
            .map(|r| (0, r))
            .chain((1..n).map(|c| (c, if dr == 1 { 0 } else { n - 1 })))
            .collect();
        for (c0, r0) in starts {
            let queens = (0..n).filter(|&k| on(c0 + k * dc, r0 + k * dr)).count() as u64;
            total += queens.saturating_sub(1);
        }
    }
    total
}

/// Where the queen min-conflicts picked ends up: every row of its file whose swap lowers
/// the collisions, counted from the rules; the row the trace's kept swap gives is one of
/// them, and "Why?" is asked exactly when the kept swap is not one that lowers them most.
#[test]
fn min_conflicts_swap_questions_take_every_row_that_lowers_the_collisions() {
    let mut asked = 0;
    let mut with_why = 0;
    for (n, seed) in [(8u64, 1), (12, 2), (30, 3), (20, 5)] {
        let trace = Arc::new(queens("min-conflicts", n, seed));
        let n = n as usize;
        for (i, state, q) in questions_of(&trace) {
            let Some(QueenStep::Swap { column, .. }) = trace.recorder.get(i) else {
                continue;
            };
            asked += 1;
            let c = column as usize;
            let now = collisions_by_rules(&state.rows);
            let mut lowered: Vec<(usize, u64)> = Vec::new();
            for j in (0..n).filter(|&j| j != c) {
                let mut swapped = state.rows.clone();
                swapped.swap(c, j);
                let after = collisions_by_rules(&swapped);
                if after < now {
                    lowered.push((j, after));
                }
            }
            let mut expect: Vec<u32> = (lowered.iter())
                .map(|&(j, _)| state.rows[j] * n as u32 + column)
                .collect();
            expect.sort_unstable();
            let mut right = q.right.clone();
            right.sort_unstable();
            assert_eq!(right, expect, "n = {n} step {i}");
            // The kept swap, read from the trace.
            let partner = (trace.recorder.iter_from(i))
                .find_map(|s| match s {
                    QueenStep::Swap {
                        kept: true,
                        partner,
                        ..
                    } => Some(partner as usize),
                    _ => None,
                })
                .unwrap();
            let kept_to = lowered
                .iter()
                .find(|l| l.0 == partner)
                .expect("kept lowers")
                .1;
            let fewest = lowered.iter().map(|l| l.1).min().unwrap();
            assert_eq!(q.why.is_some(), kept_to != fewest, "n = {n} step {i}");
            with_why += usize::from(q.why.is_some());
        }
    }
    assert!(
        asked > 10 && with_why > 0,
        "{asked} asked, {with_why} with why"
    );
}

#[test]
fn annealing_questions_give_the_probability_of_the_move() {
    let trace = Arc::new(queens_with("annealing", 8, 4, &[("max_steps", "3000")]));
    let timeline = Timeline::new(trace.clone());
    let mut kinds = [0; 3];
    for i in 0..trace.recorder.len().min(3000) {
        let state = timeline.state_at(i);
        let Some(q) = queens_question(&trace, i, &state) else {
            continue;
        };
        let QueenStep::Propose {
            column,
            row,
            delta,
            taken,
        } = trace.recorder.get(i).unwrap()
        else {
            unreachable!()
        };
        // Δ from the rules: attacking pairs after the move less before.
        let mut moved = state.rows.clone();
        moved[column as usize] = row;
        let d = conflicts(&moved) as i64 - conflicts(&state.rows) as i64;
        assert_eq!(i64::from(delta), d);
        let right = &q.choices[q.right_choices[0]];
        if d <= 0 {
            assert!(right.starts_with("Always"), "{right}");
            assert!(taken);
            kinds[0] += 1;
        } else {
            assert!(right.starts_with("With probability"), "{right}");
            kinds[1] += 1;
            kinds[2] += usize::from(taken);
        }
    }
    assert!(kinds[0] > 0 && kinds[1] > 0 && kinds[2] > 0, "{kinds:?}");
}

#[test]
fn best_first_questions_take_the_lowest_value_on_the_queue() {
    let trace = Arc::new(queens("best-first", 6, 2));
    let timeline = Timeline::new(trace.clone());
    // Every placement put on the queue and not taken off, by the rules' value.
    let mut queue: Vec<u64> = Vec::new();
    let mut asked = 0;
    for i in 0..trace.recorder.len() {
        let state = timeline.state_at(i);
        let step = trace.recorder.get(i).unwrap();
        if i == 0 {
            queue.push(conflicts(&timeline.state_at(1).rows));
        }
        if let Some(q) = queens_question(&trace, i, &state) {
            asked += 1;
            let least = *queue.iter().min().unwrap();
            let right = &q.choices[q.right_choices[0]];
            assert!(
                right.starts_with(&format!("One with h = {least} ")),
                "{right}"
            );
            // "Why?": the lowest value; taking the newest is wrong when the newest's value
            // (the last placement put on, by the rules) differs.
            let why = q.why.as_ref().expect("a why");
            assert!(why.choices[why.right[0]].contains(&format!("a lower h than {least}:")));
            if let Some(newest) = (0..i).rev().find_map(|p| match trace.recorder.get(p) {
                Some(QueenStep::Push { column, row, .. }) => {
                    // The placement expanded then, with the move made.
                    let mut moved = timeline.state_at(p).rows.clone();
                    moved[column as usize] = row;
                    Some(conflicts(&moved))
                }
                _ => None,
            }) {
                let offered = why
                    .choices
                    .iter()
                    .any(|c| c.contains("put on the queue last"));
                assert_eq!(offered, newest != least, "{why:?}");
            }
        }
        match step {
            QueenStep::Push { column, row, .. } => {
                // The placement being expanded, with the move made.
                let mut moved = state.rows.clone();
                moved[column as usize] = row;
                queue.push(conflicts(&moved));
            }
            QueenStep::Pop { .. } | QueenStep::Skip { .. } | QueenStep::Goal => {
                let least = *queue.iter().min().unwrap();
                let at = queue.iter().position(|&h| h == least).unwrap();
                queue.swap_remove(at);
            }
            _ => {}
        }
    }
    assert!(asked > 0);
}

/// `h = 1 (×2), 3` read back as `[1, 1, 3]`.
fn untally(choice: &str) -> Vec<u64> {
    let mut hs = Vec::new();
    for part in choice.trim_start_matches("h = ").split(", ") {
        let (h, times) = match part.split_once(" (×") {
            Some((h, t)) => (h, t.trim_end_matches(')').parse().unwrap()),
            None => (part, 1),
        };
        hs.extend(std::iter::repeat_n(h.parse::<u64>().unwrap(), times));
    }
    hs
}

/// The attacking pairs of the `k` best distinct placements of `pool`, lowest first.
fn k_lowest(pool: &[(u64, Vec<u32>)], k: usize) -> Vec<u64> {
    let mut distinct: Vec<&(u64, Vec<u32>)> = Vec::new();
    for p in pool {
        if !distinct.iter().any(|d| d.1 == p.1) {
            distinct.push(p);
        }
    }
    let mut hs: Vec<u64> = distinct.iter().map(|d| d.0).collect();
    hs.sort_unstable();
    hs.truncate(k);
    hs
}

/// Local beam search keeps the k best distinct placements one queen-move away from any
/// member (a placement with no attacking pair alone), worked out here by moving every queen
/// of every member and counting the pairs by the rules; the trace's next beam holds those.
/// The other choices are what the other rules keep: each member's best successor, the best
/// member's k best, the k best of members and successors together. Where they all agree,
/// and with the stochastic selection, the question asks whether the next best is better;
/// a draw asks "Why?" exactly when it kept other than the k best.
#[test]
#[allow(
    clippy::too_many_lines,
    reason = "one scenario told in order, each step using what the one before left"
)]
fn beam_questions_ask_which_successors_the_beam_keeps() {
    let (mut listed, mut goals) = (0, 0);
    for (selection, k, n, seed) in [
        ("best", 4, 8, 3),
        ("best", 3, 6, 1),
        ("best", 1, 6, 2),
        ("stochastic", 4, 8, 2),
    ] {
        let k_text = k.to_string();
        let trace = Arc::new(queens_with(
            "beam",
            n,
            seed,
            &[("selection", selection), ("k", &k_text)],
        ));
        let timeline = Timeline::new(trace.clone());
        let mut asked = 0;
        for (_, state, q) in questions_of(&trace) {
            asked += 1;
            let after = timeline.state_at(q.reveal_at);
            let mut next: Vec<u64> = after.beam.iter().map(|m| conflicts(&m.0)).collect();
            next.sort_unstable();
            let said = &q.choices[q.right_choices[0]];
            // Every successor of each member, by the rules.
            let successors = |rows: &Vec<u32>| {
                let mut out: Vec<(u64, Vec<u32>)> = Vec::new();
                for c in 0..n as usize {
                    for r in (0..n as u32).filter(|&r| r != rows[c]) {
                        let mut moved = rows.clone();
                        moved[c] = r;
                        out.push((conflicts(&moved), moved));
                    }
                }
                out
            };
            let all: Vec<(u64, Vec<u32>)> =
                state.beam.iter().flat_map(|m| successors(&m.0)).collect();
            let k_best = k_lowest(&all, k);
            let mut beam = k_best.clone();
            if beam[0] == 0 {
                beam = vec![0];
            }
            let best = state.beam.iter().map(|m| conflicts(&m.0)).min().unwrap();
            let compared = |said: &str| {
                let expect = match next[0].cmp(&best) {
                    std::cmp::Ordering::Less => "Better",
                    std::cmp::Ordering::Equal => "As good",
                    std::cmp::Ordering::Greater => "Worse",
                };
                assert!(said.starts_with(expect), "{said}");
            };
            if selection == "stochastic" {
                compared(said);
                // "Why?" when the draw kept other than the k best would.
                assert_eq!(q.why.is_some(), next != beam, "{:?}", q.why);
                if let Some(why) = &q.why {
                    assert!(why.choices[why.right[0]].starts_with("It draws"));
                }
                continue;
            }
            assert_eq!(next, beam, "the trace's next beam");
            let mut each: Vec<u64> = (state.beam.iter())
                .map(|m| successors(&m.0).iter().map(|s| s.0).min().unwrap())
                .collect();
            each.sort_unstable();
            let first_best = (state.beam.iter())
                .position(|m| conflicts(&m.0) == best)
                .unwrap();
            let best_member = k_lowest(&successors(&state.beam[first_best].0), k);
            let mut with: Vec<(u64, Vec<u32>)> = (state.beam.iter())
                .map(|m| (conflicts(&m.0), m.0.clone()))
                .collect();
            with.extend(all.iter().cloned());
            let with_members = k_lowest(&with, k);
            let mut expect: Vec<Vec<u64>> = Vec::new();
            for l in [&beam, &k_best, &each, &best_member, &with_members] {
                if !expect.contains(l) {
                    expect.push(l.clone());
                }
            }
            if expect.len() < 2 {
                compared(said);
                continue;
            }
            listed += 1;
            goals += usize::from(beam == [0]);
            assert_eq!(untally(said), beam, "{said}");
            let mut offered: Vec<Vec<u64>> = q.choices.iter().map(|c| untally(c)).collect();
            offered.sort();
            expect.sort();
            assert_eq!(offered, expect, "every rule's list, once");
            let why = q.why.as_ref().expect("a why");
            let because = &why.choices[why.right[0]];
            if beam == [0] {
                assert!(
                    because.starts_with("A successor with no attacking pair"),
                    "{because}"
                );
            } else {
                assert!(
                    because.starts_with(&format!(
                        "It keeps the {k} best of all the members' successors"
                    )),
                    "{because}"
                );
            }
        }
        assert!(asked > 0, "{selection} k = {k}");
    }
    assert!(
        listed > 0 && goals > 0,
        "{listed} listed, {goals} at a goal"
    );
}

#[test]
fn backtracking_why_names_the_attackers_by_the_rules() {
    let trace = Arc::new(queens("backtracking", 8, 1));
    let timeline = Timeline::new(trace.clone());
    let mut asked = 0;
    for i in 0..trace.recorder.len() {
        let state = timeline.state_at(i);
        let Some(q) = queens_question(&trace, i, &state) else {
            continue;
        };
        if state.rows.is_empty() {
            assert!(q.why.is_none(), "no queen placed: nothing to name");
            continue;
        }
        let why = q.why.as_ref().expect("a why");
        let target = why
            .ask
            .split("Which queen attacks ")
            .nth(1)
            .unwrap()
            .trim_end_matches('?');
        let column = state.rows.len();
        let row = (0..8u32)
            .find(|&r| crate::run::trace::queens::square_name(8, column as u32, r) == target)
            .unwrap();
        let attackers: Vec<usize> = (0..column)
            .filter(|&c| state.rows[c] == row || state.rows[c].abs_diff(row) as usize == column - c)
            .collect();
        let named: Vec<&String> = why.right.iter().map(|&k| &why.choices[k]).collect();
        if attackers.is_empty() {
            assert_eq!(named, ["No queen attacks it"]);
        } else {
            // One of the attackers, and no other attacker offered as a wrong choice.
            assert_eq!(named.len(), 1, "{named:?}");
            let offered = why
                .choices
                .iter()
                .filter(|c| c.starts_with("The queen on "))
                .count();
            let wrong_attackers = why.choices.iter().enumerate().filter(|(k, c)| {
                !why.right.contains(k)
                    && attackers.iter().any(|&c2| {
                        c.contains(&format!(
                            "on {} ",
                            crate::run::trace::queens::square_name(8, c2 as u32, state.rows[c2])
                        ))
                    })
            });
            assert_eq!(wrong_attackers.count(), 0);
            assert!(offered >= 1);
        }
        asked += 1;
    }
    assert!(asked > 0);
}

/// Every decision of a whole N-Queens trace is asked (best-first aside: a queue holding one
/// value has nothing to choose), but for one the end of the trace may cut.
#[test]
fn every_decision_of_a_whole_queens_trace_is_asked() {
    for (algorithm, params) in [
        ("backtracking", &[][..]),
        ("hill-climbing", &[][..]),
        ("csp", &[("var_order", "mrv"), ("value_order", "lcv")][..]),
        ("csp", &[("inference", "ac3")][..]),
        ("min-conflicts", &[][..]),
        ("annealing", &[("max_steps", "2000")][..]),
        ("beam", &[][..]),
        ("best-first", &[][..]),
        ("hill-climbing", &[("variant", "stochastic")][..]),
    ] {
        let trace = Arc::new(queens_with(algorithm, 8, 3, params));
        let timeline = Timeline::new(trace.clone());
        let (mut asked, mut made, mut why) = (0, 0, 0);
        for i in (0..trace.recorder.len()).filter(|&i| queens_asks(&trace, i)) {
            asked += 1;
            let state = timeline.state_at(i);
            let q = queens_question(&trace, i, &state);
            made += usize::from(q.is_some());
            why += usize::from(q.as_ref().is_some_and(|q| q.why.is_some()));
            // Min-conflicts' swap asks "Why?" only where the swap kept is not one that
            // lowers the collisions most (checked by the rules above).
            if matches!(
                (&q, trace.recorder.get(i)),
                (Some(q), Some(QueenStep::Swap { .. })) if q.why.is_none()
            ) {
                why += 1;
            }
            // Forward checking's inference asks "Why?" only where arc consistency would
            // take out more of the file asked about (checked by the rules in why.rs).
            if matches!(
                (&q, trace.recorder.get(i)),
                (Some(q), Some(QueenStep::Prune { .. })) if q.why.is_none()
            ) {
                assert!(!params.contains(&("inference", "ac3")), "AC-3 always asks");
                why += 1;
            }
            // A CSP assignment asks no "Why?" only where the orderings agree, so that no
            // rule in play is false: the leftmost open column (or the one undone) and its
            // top row left (or the next one down), by the rules.
            if let (Some(q), Some(QueenStep::Assign { column, row, .. })) =
                (&q, trace.recorder.get(i))
                && q.why.is_none()
            {
                why += 1;
                let empty = vec![crate::solve::queens::trace::EMPTY; 8];
                let rows = if state.rows.len() == 8 {
                    &state.rows
                } else {
                    &empty
                };
                let domains = domains_by_rules(8, rows, params.contains(&("inference", "ac3")));
                let domain = &domains[column as usize];
                match i.checked_sub(1).and_then(|p| trace.recorder.get(p)) {
                    Some(QueenStep::Unassign {
                        column: c,
                        row: undone,
                    }) if c == column => {
                        assert_eq!(domain.iter().find(|&&r| r > undone), Some(&row));
                    }
                    _ => {
                        let leftmost =
                            (0..8).find(|&c| rows[c] == crate::solve::queens::trace::EMPTY);
                        assert_eq!(leftmost, Some(column as usize), "step {i}");
                        assert_eq!(domain.first(), Some(&row), "step {i}");
                    }
                }
            }
        }
        assert!(
            asked > 0 && made + 1 >= asked,
            "{algorithm} {params:?}: {made} of {asked}"
        );
        // Each decision asks "Why?" (backtracking's first queen aside: no queen to name).
        assert!(
            why + 1 >= made,
            "{algorithm} {params:?}: {why} of {made} ask why"
        );
    }
}

/// Annealing late in its schedule: a probability too small for three decimals is written
/// with its significant figures, never as 0.000 beside "Never".
#[test]
fn annealing_writes_tiny_probabilities_in_full() {
    // Cooling fast: T falls below 0.1 within 300 proposals.
    let trace = Arc::new(queens_with(
        "annealing",
        30,
        4,
        &[("max_steps", "3000"), ("cooling", "0.99")],
    ));
    let timeline = Timeline::new(trace.clone());
    let mut tiny = 0;
    for i in (0..trace.recorder.len()).step_by(3) {
        let state = timeline.state_at(i);
        let Some(q) = queens_question(&trace, i, &state) else {
            continue;
        };
        for c in &q.choices {
            assert!(!c.ends_with("= 0.000"), "{c}");
        }
        tiny += usize::from(q.choices.iter().any(|c| c.contains("e-")));
    }
    assert!(tiny > 0, "late proposals uphill have tiny probabilities");
}
