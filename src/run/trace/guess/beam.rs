//! Your guess on local beam search: which successors the next beam keeps.
//!
//! With the best-first selection the question offers lists of attacking pairs, each what
//! one rule would keep from the beam on show: the `k` best of all the members' successors
//! (the beam's rule), each member's own best successor (`k` hill climbs side by side), the
//! best member's `k` best successors, and the `k` best of the members and their successors
//! together. "Why?" asks which rule it was. Equal placements reached from two members
//! count once, and a successor with no attacking pair ends the search alone. With the
//! stochastic selection (a draw) the question asks whether the next beam's best is better,
//! as good or worse.

use super::{LOOK_AHEAD, Question, Why};
use crate::run::algo::Algorithm;
use crate::run::trace::queens::{QueensTrace, param};
use crate::solve::queens::trace::{QueenStep, QueensState};
use std::collections::HashSet;

/// The beam's parameter `k` in `trace` (its default when absent).
fn beam_k(trace: &QueensTrace) -> usize {
    crate::run::catalog::Params::new(crate::run::algo::QueensAlgo::Beam.info(), &trace.params)
        .and_then(|params| crate::run::queens::beam_config(&params))
        .map_or(crate::solve::queens::beam::Config::default().k, |c| c.k)
        .max(1)
}

/// Every successor of `rows` (one queen moved within its column) with its attacking
/// pairs: `(h, column, row)`, in the order the beam scores them.
fn successors(rows: &[u32]) -> Vec<(u32, u32, u32)> {
    let n = rows.len();
    let mut row_count = vec![0u32; n];
    let mut d1 = vec![0u32; 2 * n];
    let mut d2 = vec![0u32; 2 * n];
    for (c, &r) in rows.iter().enumerate() {
        row_count[r as usize] += 1;
        d1[c + r as usize] += 1;
        d2[c + n - 1 - r as usize] += 1;
    }
    let h = crate::puzzle::queens::conflicts(rows) as i64;
    let mut out = Vec::with_capacity(n * n.saturating_sub(1));
    for (c, &from) in rows.iter().enumerate() {
        let from = from as usize;
        // Pairs the queen makes where it stands, then where it would go (the squares
        // differ in row and both diagonals, so the counts do not overlap).
        let leaving = i64::from(row_count[from] - 1 + d1[c + from] - 1 + d2[c + n - 1 - from] - 1);
        for to in (0..n).filter(|&to| to != from) {
            let joining = i64::from(row_count[to] + d1[c + to] + d2[c + n - 1 - to]);
            out.push(((h - leaving + joining) as u32, c as u32, to as u32));
        }
    }
    out
}

/// The attacking pairs of the `k` best distinct placements among `pool` (each a placement
/// and its pairs), lowest first: equal placements count once.
fn k_best(mut pool: Vec<(u32, Vec<u32>)>, k: usize) -> Vec<u32> {
    pool.sort_by_key(|p| p.0);
    let mut seen: HashSet<Vec<u32>> = HashSet::new();
    let mut kept = Vec::new();
    for (h, rows) in pool {
        if kept.len() == k {
            break;
        }
        if seen.insert(rows) {
            kept.push(h);
        }
    }
    kept
}

/// The `k` best distinct successors of `members`' (lowest first): the successors sorted by
/// their pairs, made into placements only as far as `k` distinct ones go.
fn k_best_successors(members: &[&[u32]], k: usize, also: &[(u32, &[u32])]) -> Vec<u32> {
    let mut all: Vec<(u32, usize, u32, u32)> = Vec::new();
    for (m, rows) in members.iter().enumerate() {
        all.extend(successors(rows).into_iter().map(|(h, c, r)| (h, m, c, r)));
    }
    all.sort_unstable();
    let mut pool: Vec<(u32, Vec<u32>)> = also.iter().map(|&(h, r)| (h, r.to_vec())).collect();
    // The successors in order of their pairs, as far as k distinct ones: any later one is
    // no better than the k-th.
    let mut taken = HashSet::new();
    for &(h, m, c, r) in &all {
        if taken.len() >= k {
            break;
        }
        let mut rows = members[m].to_vec();
        rows[c as usize] = r;
        if taken.insert(rows.clone()) {
            pool.push((h, rows));
        }
    }
    k_best(pool, k)
}

/// `h = 1 (×2), 2, 3 (×4)`.
fn tally(hs: &[u32]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < hs.len() {
        let j = (i..hs.len()).find(|&j| hs[j] != hs[i]).unwrap_or(hs.len());
        parts.push(match j - i {
            1 => hs[i].to_string(),
            times => format!("{} (×{times})", hs[i]),
        });
        i = j;
    }
    format!("h = {}", parts.join(", "))
}

/// The question a new beam's first selection begins at step `index` (`ahead`: the steps
/// from it on).
pub(super) fn beam_question(
    trace: &QueensTrace,
    index: usize,
    state: &QueensState,
    ahead: impl Iterator<Item = QueenStep>,
) -> Option<Question> {
    let best = state.beam.iter().map(|m| m.1).min()?;
    let mut kept = Vec::new();
    let mut j = index;
    let mut advanced = false;
    for step in ahead {
        match step {
            QueenStep::Select { h, .. } => kept.push(h),
            QueenStep::Advance { .. } => {
                advanced = true;
                break;
            }
            _ => return None,
        }
        j += 1;
    }
    if !advanced {
        return None;
    }
    kept.sort_unstable();
    let stochastic = param(trace, "selection") == Some("stochastic");
    let n = trace.job.n as usize;
    let k = beam_k(trace);
    let members = state.beam.len();
    // Each rule's list, worked out from the members while that is cheap.
    let cheap = (members.checked_mul(n))
        .and_then(|x| x.checked_mul(n.saturating_sub(1)))
        .is_some_and(|x| x <= LOOK_AHEAD);
    let lists = (cheap && state.beam.iter().all(|m| m.0.len() == n)).then(|| rule_lists(state, k));
    // The lists, unless the rules all keep the same (then: better, as good or worse).
    if let Some(lists) = lists.as_ref().filter(|_| !stochastic)
        && let Some(q) = lists_question(index, state, k, &kept, lists, j + 1)
    {
        return Some(q);
    }
    let next = *kept.first()?;
    let right = match next.cmp(&best) {
        std::cmp::Ordering::Less => 0,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Greater => 2,
    };
    let rule = if stochastic {
        "draws its next members from all their successors, each with weight e^(−h/T)"
    } else {
        "keeps the best of all their successors"
    };
    // Why, for a draw: the draw, when it kept other than the k best would.
    let why = lists.filter(|_| stochastic).and_then(|lists| {
        Why::of(
            "Why this beam?",
            vec![
                (
                    "It draws the next members from all the successors, each with weight e^(−h/T): a worse one may go in before a better".to_string(),
                    Some(true),
                ),
                (
                    format!("It keeps the {k} best of all the successors ({})", tally(&lists.beam)),
                    (lists.beam != kept).then_some(false),
                ),
            ],
        )
    });
    Some(Question {
        at: index,
        ask: format!(
            "The beam holds {members} placement{}, the best with {best} attacking pair{}. It {rule}, never the members themselves. Will the next beam's best be better, as good or worse?",
            if members == 1 { "" } else { "s" },
            if best == 1 { "" } else { "s" },
        ),
        choices: vec![
            format!("Better: fewer than {best} attacking pairs"),
            format!("As good: {best}"),
            format!("Worse: more than {best}"),
        ],
        right_choices: vec![right],
        reveal_at: j + 1,
        why,
        ..Question::default()
    })
}

/// What each rule would keep from the beam on show, lowest first.
struct RuleLists {
    /// What the beam keeps: the `k` best of all the successors, or the one with no
    /// attacking pair alone.
    beam: Vec<u32>,
    /// Whether a successor has no attacking pair (the search ends with it).
    goal: bool,
    /// The `k` best of all the successors, a solution or not.
    k_best: Vec<u32>,
    /// Each member's best successor.
    each: Vec<u32>,
    /// The best member's `k` best successors.
    best_member: Vec<u32>,
    /// The `k` best of the members and their successors.
    with_members: Vec<u32>,
}

fn rule_lists(state: &QueensState, k: usize) -> RuleLists {
    let members: Vec<&[u32]> = state.beam.iter().map(|m| m.0.as_slice()).collect();
    let goal = |list: Vec<u32>| {
        if list.first() == Some(&0) {
            vec![0]
        } else {
            list
        }
    };
    let k_best = k_best_successors(&members, k, &[]);
    let beam = goal(k_best.clone());
    let mut each: Vec<u32> = (members.iter())
        .filter_map(|rows| successors(rows).iter().map(|s| s.0).min())
        .collect();
    each.sort_unstable();
    // The first member with the fewest pairs.
    let first_best = (0..members.len())
        .reduce(|a, b| {
            if state.beam[b].1 < state.beam[a].1 {
                b
            } else {
                a
            }
        })
        .unwrap_or(0);
    let best_member = k_best_successors(&members[first_best..=first_best], k, &[]);
    let also: Vec<(u32, &[u32])> = state.beam.iter().map(|m| (m.1, m.0.as_slice())).collect();
    let with_members = k_best_successors(&members, k, &also);
    RuleLists {
        goal: beam.first() == Some(&0),
        beam,
        k_best,
        each,
        best_member,
        with_members,
    }
}

/// "Which attacking pairs will the next beam hold?", from the rules' lists (`kept`: what
/// the trace's next beam holds, lowest first).
fn lists_question(
    index: usize,
    state: &QueensState,
    k: usize,
    kept: &[u32],
    lists: &RuleLists,
    reveal_at: usize,
) -> Option<Question> {
    // The trace must agree with the rule, or the question is not asked.
    if kept != lists.beam.as_slice() {
        return None;
    }
    let members = state.beam.len();
    // Each rule with what it would keep; the first is the beam's, in this round.
    let mut rules: Vec<(&[u32], String)> = Vec::new();
    if lists.goal {
        rules.push((
            &lists.beam,
            "A successor with no attacking pair is a solution: the search keeps it alone and ends"
                .to_string(),
        ));
    }
    rules.extend([
        (
            lists.k_best.as_slice(),
            format!(
                "It keeps the {k} best of all the members' successors, from whichever member they come"
            ),
        ),
        (
            &lists.each,
            "Each member keeps its own best successor, as hill climbs run side by side would"
                .to_string(),
        ),
        (
            &lists.best_member,
            format!("It keeps the {k} best successors of the best member alone"),
        ),
        (
            &lists.with_members,
            format!(
                "It keeps the {k} best of the members and their successors together (a member stays while no successor beats it)"
            ),
        ),
    ]);
    // The choices: the distinct lists, turned by the step so the answer is not always first.
    let mut shown: Vec<&[u32]> = Vec::new();
    for (list, _) in &rules {
        if !shown.contains(list) {
            shown.push(list);
        }
    }
    if shown.len() < 2 {
        return None;
    }
    let turn = index % shown.len();
    shown.rotate_left(turn);
    let right = shown.iter().position(|l| *l == lists.beam.as_slice())?;
    let why = Why::of(
        "Why these?",
        rules
            .iter()
            .enumerate()
            .map(|(i, (list, rule))| {
                let verdict = if i == 0 {
                    Some(true)
                } else {
                    // A rule that would keep the same says nothing against the beam's.
                    (*list != lists.beam.as_slice()).then_some(false)
                };
                (format!("{rule}: {}", tally(list)), verdict)
            })
            .collect(),
    );
    let best = state.beam.iter().map(|m| m.1).min()?;
    Some(Question {
        at: index,
        ask: format!(
            "The beam holds {members} placement{} (the best with {best} attacking pair{}); every move of one queen within its column from any of them is a successor (one with no attacking pair is a solution, kept alone). Which attacking pairs will the next beam hold?",
            if members == 1 { "" } else { "s" },
            if best == 1 { "" } else { "s" },
        ),
        choices: shown.iter().map(|l| tally(l)).collect(),
        right_choices: vec![right],
        reveal_at,
        why,
        ..Question::default()
    })
}
