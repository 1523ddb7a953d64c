//! Your guess on an N-Queens search.
//!
//! - Backtracking: in which row of the column the next queen goes, or none (it takes back a
//!   queen); then which queen attacks the last square it passed over.
//! - Hill climbing: which queen moves where, or none (a local minimum or a plateau). Any
//!   neighbour with the lowest value scored counts as right.
//! - Constraint-satisfaction backtracking (in [`super::csp`]): the square of the next assignment, by its
//!   variable ordering (leftmost, or MRV: fewest rows left) and value ordering (from the
//!   top, or least constraining first); after a dead end, the column's next row.
//! - Min-conflicts: which queen it picks to repair (any attacked queen is right: it goes
//!   through them in turn), and which queen attacks it.
//! - Simulated annealing: with what probability it takes the move proposed.
//! - Best-first search: which placement it takes off its queue (by heuristic value).
//! - Local beam search (in [`super::beam`]): which attacking pairs the next beam holds.

use super::{LOOK_AHEAD, Question, Why};
use crate::puzzle::knight::file_letters;
use crate::run::algo::{Algorithm, QueensAlgo};
use crate::run::trace::queens::{QueensTrace, acceptance, anneal_config, param, square_name};
use crate::solve::queens::trace::{EMPTY, QueenStep, QueensState};

/// The most queens Your guess asks about: a question names a square by `row · n + column`,
/// a 32-bit number.
pub const MAX_GUESS_N: u64 = 65_535;

/// The most queens constraint-satisfaction backtracking is asked about: the board shows
/// each column's rows left up to this size.
pub const MAX_CSP_GUESS_N: u64 = 64;

/// The most queens hill climbing is asked about: a question reads a whole round of n(n − 1)
/// scores, at most [`LOOK_AHEAD`] steps.
pub const MAX_CLIMB_GUESS_N: u64 = 447;

/// Why "Your guess" is not offered for this N-Queens trace, if it is not.
pub fn queens_refusal(trace: &QueensTrace) -> Option<String> {
    use crate::solve::queens::hill_climbing::Variant;
    if trace.job.n > MAX_GUESS_N {
        return Some(format!(
            "Your guess is asked on boards of up to {} queens, whose squares a 32-bit \
             number names; this one has {}",
            crate::run::catalog::group_thousands(MAX_GUESS_N),
            crate::run::catalog::group_thousands(trace.job.n)
        ));
    }
    match trace.kind {
        QueensAlgo::HillClimbing if crate::run::trace::queens::climb_variant(trace) == Variant::FirstChoice => Some(
            "Your guess is not asked of first-choice hill climbing: it tries the moves in a random order and takes the first better one".to_string(),
        ),
        QueensAlgo::HillClimbing if trace.job.n > MAX_CLIMB_GUESS_N => Some(format!(
            "Your guess asks hill climbing on boards of up to {MAX_CLIMB_GUESS_N} queens, where a round scores at most {} moves; this one has {}",
            crate::run::catalog::group_thousands(MAX_CLIMB_GUESS_N * (MAX_CLIMB_GUESS_N - 1)),
            trace.job.n
        )),
        QueensAlgo::Csp if trace.job.n > MAX_CSP_GUESS_N => Some(format!(
            "Your guess asks constraint-satisfaction backtracking on boards of up to {MAX_CSP_GUESS_N} queens, where the board shows the rows each column has left; this one has {}",
            trace.job.n
        )),
        kind if kind.offers().trace => None,
        _ => Some("Your guess asks the decisions of a traced search".to_string()),
    }
}

/// Whether step `index` of an N-Queens trace begins a decision: the first row a
/// backtracking column tries, the first neighbour a hill-climbing round scores, an
/// assignment, a queen picked, a move proposed, a placement taken off the queue, the
/// first member of a new beam.
pub fn queens_asks(trace: &QueensTrace, index: usize) -> bool {
    if queens_refusal(trace).is_some() {
        return false;
    }
    let steps = &trace.recorder;
    let prev = || index.checked_sub(1).and_then(|i| steps.get(i));
    match (trace.kind, steps.get(index)) {
        (
            QueensAlgo::Backtracking,
            Some(QueenStep::Conflict { column, .. } | QueenStep::Place { column, .. }),
        ) => !matches!(prev(), Some(QueenStep::Conflict { column: c, .. }) if c == column),
        (QueensAlgo::HillClimbing, Some(QueenStep::Score { .. })) => {
            !matches!(prev(), Some(QueenStep::Score { .. }))
        }
        (
            QueensAlgo::BestFirst,
            Some(QueenStep::Pop { .. } | QueenStep::Skip { .. } | QueenStep::Goal),
        ) => index > 0,
        (QueensAlgo::Beam, Some(QueenStep::Select { .. })) => {
            !matches!(prev(), Some(QueenStep::Select { .. }))
        }
        // The first swap tried for the queen picked, when one of its tries is kept.
        (QueensAlgo::MinConflicts, Some(QueenStep::Swap { .. })) => {
            matches!(prev(), Some(QueenStep::Pick { .. })) && kept_swap(trace, index).is_some()
        }
        (QueensAlgo::MinConflicts, Some(QueenStep::Pick { .. }))
        | (QueensAlgo::Annealing, Some(QueenStep::Propose { .. }))
        | (QueensAlgo::Csp, Some(QueenStep::Assign { .. })) => true,
        // Inference that crosses nothing out decides nothing to ask about.
        (QueensAlgo::Csp, Some(QueenStep::Prune { removed })) => removed > 0,
        _ => false,
    }
}

/// The question that step `index` begins (`state`: the board before it), if it begins one
/// and the trace holds its answer.
pub fn queens_question(trace: &QueensTrace, index: usize, state: &QueensState) -> Option<Question> {
    if !queens_asks(trace, index) {
        return None;
    }
    let steps = &trace.recorder;
    let end = (index + LOOK_AHEAD).min(steps.len());
    // The steps from `index` up to `end`, read in order (a run of conflicts is one entry).
    let ahead = steps.iter_from(index).take(end - index);
    match steps.get(index)? {
        QueenStep::Conflict { .. } | QueenStep::Place { .. } => {
            backtrack_question(trace, index, state, ahead)
        }
        QueenStep::Score { .. } => climb_question(trace, index, state, ahead),
        QueenStep::Assign { column, row, left } => {
            super::csp::csp_question(trace, index, state, column, row, left)
        }
        QueenStep::Prune { removed } => super::csp::prune_question(trace, index, state, removed),
        QueenStep::Pick { column } => pick_question(trace, index, state, column),
        QueenStep::Swap { column, .. } => swap_question(trace, index, state, column),
        QueenStep::Propose {
            column, row, delta, ..
        } => propose_question(trace, index, state, column, row, delta),
        QueenStep::Pop { h } | QueenStep::Skip { h } => queue_question(trace, index, h),
        QueenStep::Goal => queue_question(trace, index, 0),
        QueenStep::Select { .. } => super::beam::beam_question(trace, index, state, ahead),
        _ => None,
    }
}

/// A board square as a cell of a question.
fn cell(n: u64, row: u32, column: u32) -> u32 {
    row * n as u32 + column
}

/// "Which queen attacks `square`?": the queens of `rows` (a row per column, [`EMPTY`] for
/// none) other than column `column`'s, those on its row or a diagonal right; at most eight
/// choices, the attackers first and then the nearest columns.
fn attacker_why(n: u64, rows: &[u32], column: u32, row: u32, ask: &str) -> Option<Why> {
    let queens: Vec<(u32, u32)> = (rows.iter().enumerate())
        .filter(|&(c, &r)| c as u32 != column && r != EMPTY)
        .map(|(c, &r)| (c as u32, r))
        .collect();
    let attacks = |&(c, r): &(u32, u32)| r == row || r.abs_diff(row) == c.abs_diff(column);
    let mut shown: Vec<(u32, u32)> = queens.iter().copied().filter(attacks).collect();
    let mut others: Vec<(u32, u32)> = queens.iter().copied().filter(|q| !attacks(q)).collect();
    others.sort_by_key(|&(c, _)| c.abs_diff(column));
    shown.extend(
        others
            .into_iter()
            .take(8usize.saturating_sub(shown.len()).max(1)),
    );
    shown.sort_unstable();
    let target = square_name(n, column, row);
    // One attacker is the answer (the one of the nearest column before, or else after);
    // the other attackers are left out, so that exactly one choice is right.
    let named = (queens.iter().copied())
        .filter(attacks)
        .min_by_key(|&(c, _)| (c > column, c.abs_diff(column)));
    let mut statements: Vec<(String, Option<bool>)> = shown
        .iter()
        .map(|q| {
            let how = if q.1 == row {
                "on its row"
            } else {
                "on a diagonal"
            };
            let claim = format!(
                "The queen on {} attacks it ({how})",
                square_name(n, q.0, q.1)
            );
            let verdict = match (attacks(q), Some(*q) == named) {
                (true, true) => Some(true),
                (true, false) => None,
                (false, _) => Some(false),
            };
            (claim, verdict)
        })
        .collect();
    let free = named.is_none();
    statements.push(("No queen attacks it".to_string(), Some(free)));
    Why::of(format!("{ask} Which queen attacks {target}?"), statements)
}

fn backtrack_question(
    trace: &QueensTrace,
    index: usize,
    state: &QueensState,
    mut ahead: impl Iterator<Item = QueenStep>,
) -> Option<Question> {
    let n = trace.job.n;
    let asked = ahead.next()?;
    let (column, first) = match asked {
        QueenStep::Conflict { column, row } | QueenStep::Place { column, row } => (column, row),
        _ => return None,
    };
    // Past this column's conflicts, to the step that ends its scan.
    let mut j = index;
    let mut last_tried = first;
    let mut ends = Some(asked);
    while let Some(QueenStep::Conflict { column: c, row }) = ends {
        if c != column {
            break;
        }
        last_tried = row;
        j += 1;
        ends = ahead.next();
    }
    let (right, choices_right) = match ends? {
        QueenStep::Place { column: c, row } if c == column => (vec![cell(n, row, column)], vec![]),
        QueenStep::Remove { .. } => (Vec::new(), vec![0]),
        _ => return None,
    };
    let placed_row = right.first().map(|&c| c / n as u32);
    let from = if first == 0 {
        "from the top".to_string()
    } else {
        format!("from {} down", square_name(n, column, first))
    };
    // "Why?": of the last square passed over, else of the square taken.
    let why_row = match placed_row {
        Some(r) if r == first => r,
        _ => last_tried,
    };
    let mut rows = state.rows.clone();
    rows.resize(column as usize, EMPTY);
    Some(Question {
        at: index,
        ask: format!(
            "Column {}: backtracking tries its rows {from} and puts the queen on the first that no queen attacks. Where does it go? Click the square, or say there is none.",
            file_letters(column)
        ),
        cells: (0..n as u32).map(|r| cell(n, r, column)).collect(),
        right,
        choices: vec!["No safe square: it takes back a queen".to_string()],
        right_choices: choices_right,
        reveal_at: j + 1,
        why: attacker_why(
            n,
            &rows,
            column,
            why_row,
            &if placed_row == Some(why_row) {
                format!("Why {}?", square_name(n, column, why_row))
            } else {
                format!("Why not {}?", square_name(n, column, why_row))
            },
        ),
        ..Question::default()
    })
}

/// The question a round of hill climbing's scores begins at step `index` (`ahead`: the
/// steps from it on): which queen moves, and where.
#[allow(
    clippy::too_many_lines,
    reason = "one question built from one round of scores: the moves' choices and their explanations"
)]
fn climb_question(
    trace: &QueensTrace,
    index: usize,
    state: &QueensState,
    mut ahead: impl Iterator<Item = QueenStep>,
) -> Option<Question> {
    let n = trace.job.n;
    use crate::solve::queens::hill_climbing::Variant;
    let variant = crate::run::trace::queens::climb_variant(trace);
    let mut j = index;
    let mut best = u32::MAX;
    let mut at_best = Vec::new();
    let mut better = Vec::new();
    let ends = loop {
        let step = ahead.next();
        let Some(QueenStep::Score { column, row, h }) = step else {
            break step;
        };
        if h < best {
            best = h;
            at_best.clear();
        }
        if h == best {
            at_best.push(cell(n, row, column));
        }
        if h < state.h {
            better.push(cell(n, row, column));
        }
        j += 1;
    };
    let scored = j - index;
    let h = state.h;
    let sideways_limit = param(trace, "sideways_limit").unwrap_or("100");
    // The rule that stops the climb, a choice of every "Why?" it does not decide.
    // Each rule told with this round's figures where they bear it out, plainly where they
    // do not (a false claim is not set against its own figures).
    let stop_rule = |right: Option<bool>| {
        let text = if best >= h {
            format!(
                "No move lowers h: the best of the {scored} moves scored leaves h = {best}, no lower than now ({h}), so the climb stops here"
            )
        } else {
            "No move lowers h: a local minimum, so the climb stops here".to_string()
        };
        (text, right)
    };
    let fewest = |right: Option<bool>| {
        let tie = if at_best.len() > 1 {
            format!(
                "; {} moves tie on it, and it takes {}",
                at_best.len(),
                if variant == Variant::Sideways {
                    "one of them at random"
                } else {
                    "the first scored"
                }
            )
        } else {
            String::new()
        };
        let text = if best < h {
            format!(
                "Of the {scored} moves scored, it takes the one that leaves the lowest h, lower than now: h {h} → {best}{tie}"
            )
        } else {
            "It takes the move that lowers h the most".to_string()
        };
        (text, right)
    };
    let (right, none, why) = match ends? {
        // Stochastic climbing draws among every better move: each is right.
        QueenStep::Move { h: after, .. } if variant == Variant::Stochastic => {
            let why = Why::of(
                "Why this move?",
                vec![
                    (
                        format!(
                            "It draws one of the {} moves that lower h, each as likely as the others",
                            better.len()
                        ),
                        Some(true),
                    ),
                    // True of this move when it happens to be one of the lowest: left out.
                    fewest((after != best).then_some(false)),
                    stop_rule(Some(false)),
                ],
            );
            (better, vec![], why)
        }
        QueenStep::Move { .. } if variant == Variant::Sideways => {
            // The lowest score when it is lower, a sideways move on a plateau.
            let down = best < h;
            let why = Why::of(
                "Why this move?",
                vec![
                    fewest(Some(down)),
                    (
                        format!(
                            "No move lowers h; a sideways move keeps h = {h} (the climb may make {sideways_limit} in a row on a plateau)"
                        ),
                        Some(!down),
                    ),
                ],
            );
            (at_best, vec![], why)
        }
        QueenStep::Move { .. } => {
            let why = Why::of(
                "Why this move?",
                vec![fewest(Some(true)), stop_rule(Some(false))],
            );
            (at_best, vec![], why)
        }
        QueenStep::Stuck { .. } => {
            let plateau = variant == Variant::Sideways && best == h;
            let mut statements = vec![
                // On a plateau it is the sideways limit that stops a sideways climb.
                stop_rule((!plateau).then_some(true)),
                (
                    format!("It takes the move that leaves the lowest h ({best})"),
                    Some(false),
                ),
            ];
            if variant == Variant::Sideways {
                statements.push((
                    format!(
                        "The best moves only keep h = {h}, and the {sideways_limit} sideways moves allowed in a row are used up"
                    ),
                    Some(plateau),
                ));
            }
            (
                Vec::new(),
                vec![0],
                Why::of("Why does it stop?", statements),
            )
        }
        _ => return None,
    };
    let rule = match variant {
        Variant::Sideways => {
            "takes the one with the lowest h if it is lower, or as low while sideways moves are left"
        }
        Variant::Stochastic => {
            "takes one of those lower than h, drawn at random (any of them is a right answer)"
        }
        _ => "takes the one with the lowest h, if it is lower",
    };
    let cells = (0..n as u32)
        .flat_map(|c| (0..n as u32).map(move |r| (r, c)))
        .filter(|&(r, c)| state.rows.get(c as usize) != Some(&r))
        .map(|(r, c)| cell(n, r, c))
        .collect();
    let pairs = crate::puzzle::queens::conflicts(&state.rows);
    Some(Question {
        at: index,
        ask: format!(
            "The placement has {pairs} attacking pair{} (its heuristic value h = {}). Hill climbing scores every move of a queen within its column and {rule}. Which queen moves, and where? Click its new square, or say no move helps.",
            if pairs == 1 { "" } else { "s" },
            state.h
        ),
        cells,
        right,
        choices: vec!["No move helps: a local minimum or a plateau".to_string()],
        right_choices: none,
        reveal_at: j + 1,
        why,
        ..Question::default()
    })
}

/// What the scores of a hill-climbing round were, for the answer's explanation: how many
/// neighbours, the lowest value and how many had it.
pub fn scored_round(trace: &QueensTrace, q: &Question) -> Option<(usize, u32, usize)> {
    let to = q.reveal_at.saturating_sub(1);
    if trace.kind != QueensAlgo::HillClimbing || q.at > to || to > trace.recorder.len() {
        return None;
    }
    let hs: Vec<u32> = (trace.recorder.iter_from(q.at).take(to - q.at))
        .filter_map(|step| match step {
            QueenStep::Score { h, .. } => Some(h),
            _ => None,
        })
        .collect();
    let min = *hs.iter().min()?;
    Some((hs.len(), min, hs.iter().filter(|&&h| h == min).count()))
}

/// Which queen min-conflicts picks: it repairs the attacked queens in turn, so any of them
/// is right.
fn pick_question(
    trace: &QueensTrace,
    index: usize,
    state: &QueensState,
    column: u32,
) -> Option<Question> {
    let n = trace.job.n;
    let rows = &state.rows;
    if rows.len() as u64 != n {
        return None;
    }
    let mut row_count = vec![0u32; n as usize];
    let mut d1 = vec![0u32; 2 * n as usize];
    let mut d2 = vec![0u32; 2 * n as usize];
    let diag = |c: usize, r: usize| (c + r, c + n as usize - 1 - r);
    for (c, &r) in rows.iter().enumerate() {
        let (a, b) = diag(c, r as usize);
        row_count[r as usize] += 1;
        d1[a] += 1;
        d2[b] += 1;
    }
    let attacked = |c: usize| {
        let r = rows[c] as usize;
        let (a, b) = diag(c, r);
        row_count[r] > 1 || d1[a] > 1 || d2[b] > 1
    };
    let right: Vec<u32> = (0..n as usize)
        .filter(|&c| attacked(c))
        .map(|c| cell(n, rows[c], c as u32))
        .collect();
    let picked_row = *rows.get(column as usize)?;
    if !right.contains(&cell(n, picked_row, column)) {
        return None;
    }
    Some(Question {
        at: index,
        ask: "Min-conflicts repairs the queens that are attacked, one after another: it picks one and swaps its row with another column's while that lowers the attacks. Which queen may it pick? Click a queen.".to_string(),
        cells: (0..n as usize).map(|c| cell(n, rows[c], c as u32)).collect(),
        right,
        reveal_at: index + 1,
        why: (n <= 64)
            .then(|| {
                let ask = format!("Why the queen on {}?", square_name(n, column, picked_row));
                attacker_why(n, rows, column, picked_row, &ask)
            })
            .flatten(),
        ..Question::default()
    })
}

/// The swap kept among the tries for one queen picked, from step `index` (its first try)
/// on: `(position, partner)`, or `None` when every try was undone.
fn kept_swap(trace: &QueensTrace, index: usize) -> Option<(usize, u32)> {
    let steps = &trace.recorder;
    for (k, step) in steps.iter_from(index).take(LOOK_AHEAD).enumerate() {
        match step {
            QueenStep::Swap {
                kept: true,
                partner,
                ..
            } => return Some((index + k, partner)),
            QueenStep::Swap { .. } => {}
            _ => return None,
        }
    }
    None
}

/// The collisions on the diagonals of the placement `rows` (a permutation): over every
/// diagonal, its queens but one.
fn collisions_of(n: usize, rows: &[u32]) -> (Vec<u32>, Vec<u32>, u64) {
    let mut d1 = vec![0u32; 2 * n];
    let mut d2 = vec![0u32; 2 * n];
    for (c, &r) in rows.iter().enumerate() {
        d1[c + r as usize] += 1;
        d2[c + n - 1 - r as usize] += 1;
    }
    let over = |d: &[u32]| {
        d.iter()
            .map(|&k| u64::from(k.saturating_sub(1)))
            .sum::<u64>()
    };
    let total = over(&d1) + over(&d2);
    (d1, d2, total)
}

/// Which row the queen picked ends on: min-conflicts swaps its row with a random other
/// column's and keeps the swap only if the collisions drop, so the right squares are those
/// of its column whose row, swapped in, lowers them. "Why?" sets the draw against taking
/// the swap that lowers them most, where the one kept does not.
fn swap_question(
    trace: &QueensTrace,
    index: usize,
    state: &QueensState,
    column: u32,
) -> Option<Question> {
    let n = trace.job.n as usize;
    let rows = &state.rows;
    if rows.len() != n {
        return None;
    }
    let (kept_at, partner) = kept_swap(trace, index)?;
    let (mut d1, mut d2, now) = collisions_of(n, rows);
    let i = column as usize;
    // Collisions after swapping the rows of columns i and j, by moving the two queens.
    let mut after = |j: usize| -> u64 {
        // A queen put on (taken off) a diagonal that holds one adds (takes) a collision.
        let mut step = |c: usize, r: u32, add: bool| -> i64 {
            let (a, b) = (c + r as usize, c + n - 1 - r as usize);
            let mut change = 0;
            for d in [&mut d1[a], &mut d2[b]] {
                if add {
                    change += i64::from(*d > 0);
                    *d += 1;
                } else {
                    *d -= 1;
                    change -= i64::from(*d > 0);
                }
            }
            change
        };
        let (ri, rj) = (rows[i], rows[j]);
        let change =
            step(i, ri, false) + step(j, rj, false) + step(i, rj, true) + step(j, ri, true);
        // Put back.
        step(i, rj, false);
        step(j, ri, false);
        step(i, ri, true);
        step(j, rj, true);
        (now as i64 + change) as u64
    };
    let lowered: Vec<(u32, u64)> = (0..n)
        .filter(|&j| j != i)
        .map(|j| (j as u32, after(j)))
        .filter(|&(_, c)| c < now)
        .collect();
    let right: Vec<u32> = (lowered.iter())
        .map(|&(j, _)| cell(n as u64, rows[j as usize], column))
        .collect();
    let ends = cell(n as u64, *rows.get(partner as usize)?, column);
    if !right.contains(&ends) {
        return None;
    }
    let name = square_name(n as u64, column, rows[i]);
    let fewest = lowered.iter().map(|l| l.1).min()?;
    let kept_to = lowered.iter().find(|l| l.0 == partner)?.1;
    let ends_name = square_name(n as u64, column, rows[partner as usize]);
    let why = Why::of(
        format!("Why {ends_name}?"),
        vec![
            (
                format!(
                    "It tries partners drawn at random and keeps the first swap that lowers the collisions: this one, {now} to {kept_to}"
                ),
                Some(true),
            ),
            (
                format!("It takes the swap that lowers the collisions most (to {fewest})"),
                (kept_to != fewest).then_some(false),
            ),
        ],
    );
    Some(Question {
        at: index,
        ask: format!(
            "The queen on {name} is picked. Min-conflicts swaps its row with that of another column drawn at random, and keeps the swap only if the collisions drop (a diagonal holding k queens has k − 1; now {now} in all); up to {} tries. Where can the queen end up? Click a square of its file.",
            param(trace, "tries").unwrap_or("64")
        ),
        cells: (0..n as u32)
            .filter(|&r| r != rows[i])
            .map(|r| cell(n as u64, r, column))
            .collect(),
        right,
        reveal_at: kept_at + 1,
        why,
        ..Question::default()
    })
}

/// With what probability annealing takes the move proposed: 1 downhill or level, e^(−Δ/T)
/// uphill, 0 frozen (T = 0) unless downhill.
fn propose_question(
    trace: &QueensTrace,
    index: usize,
    state: &QueensState,
    column: u32,
    row: u32,
    delta: i32,
) -> Option<Question> {
    let n = trace.job.n;
    let t = anneal_config(trace).temperature(state.proposals);
    let p = acceptance(delta, t);
    let from = *state.rows.get(column as usize)?;
    let size = delta.unsigned_abs();
    let chance = if t > 0.0 {
        (-f64::from(size) / t).exp()
    } else {
        0.0
    };
    // Three decimals, or three significant figures when that would round to 0 or 1.
    let shown = if (0.001..=0.999).contains(&chance) || chance == 0.0 || chance == 1.0 {
        format!("{chance:.3}")
    } else if chance < 0.001 {
        format!("{chance:.2e}")
    } else {
        format!("1 − {:.2e}", 1.0 - chance)
    };
    let choices = [
        "Always: probability 1".to_string(),
        format!("With probability e^(−{size}/T) = e^(−{size}/{t:.3}) = {shown}"),
        "Never: probability 0".to_string(),
    ];
    let right = if p >= 1.0 {
        0
    } else if p > 0.0 {
        1
    } else {
        2
    };
    // Downhill, e^(−|Δ|/T) would be the wrong formula: it is kept as a choice; but when
    // it equals 1 or 0 it says the same as another choice and goes.
    let mut keep: Vec<usize> = vec![0, 1, 2];
    if right != 1 && (chance == 0.0 || chance == 1.0) {
        keep.retain(|&k| k != 1);
    }
    let sign = if delta > 0 { "+" } else { "" };
    // The rules, told without this move's Δ (the question gives it): which one applies is
    // the question.
    let cold = t <= 0.0;
    let why = Why::of(
        "Why this probability?",
        vec![
            (
                "A move that adds no attacking pair (Δ ≤ 0) is always taken".to_string(),
                Some(delta <= 0),
            ),
            (
                "An uphill move (Δ > 0) is taken with probability e^(−Δ/T), less as T cools"
                    .to_string(),
                Some(delta > 0 && !cold),
            ),
            (
                "Once T has reached 0, an uphill move is never taken".to_string(),
                // True but not deciding for a move downhill: left out then.
                if cold && delta <= 0 {
                    None
                } else {
                    Some(delta > 0 && cold)
                },
            ),
        ],
    );
    Some(Question {
        at: index,
        ask: format!(
            "Annealing proposes moving the queen on {} to {}: Δ = {sign}{delta} attacking pairs, at temperature T = {t:.3}. With what probability does it take the move?",
            square_name(n, column, from),
            square_name(n, column, row)
        ),
        choices: keep.iter().map(|&k| choices[k].clone()).collect(),
        right_choices: vec![keep.iter().position(|&k| k == right)?],
        reveal_at: index + 1,
        why,
        ..Question::default()
    })
}

/// The heuristic values on best-first's queue just before step `index`, lowest first, with
/// how many placements have each: the start, every placement put on, less every one taken
/// off (always one with the lowest value).
fn queue_before(trace: &QueensTrace, index: usize) -> Vec<(u32, u64)> {
    let mut counts: std::collections::BTreeMap<u32, u64> = Default::default();
    for (i, step) in trace.recorder.iter().take(index).enumerate() {
        let taken = match step {
            QueenStep::Push { h, .. } => {
                *counts.entry(h).or_default() += 1;
                continue;
            }
            QueenStep::Pop { h } | QueenStep::Skip { h } => h,
            QueenStep::Goal => 0,
            _ => continue,
        };
        if i == 0 {
            // The start placement was on the queue alone.
            continue;
        }
        if let Some(c) = counts.get_mut(&taken) {
            *c -= 1;
            if *c == 0 {
                counts.remove(&taken);
            }
        }
    }
    counts.into_iter().collect()
}

fn queue_question(trace: &QueensTrace, index: usize, h: u32) -> Option<Question> {
    let queue = queue_before(trace, index);
    if queue.len() < 2 || queue.first()?.0 != h {
        return None;
    }
    let shown = &queue[..queue.len().min(4)];
    // In order of value, the lowest not always first: the choices are rotated by the step.
    let rotate = index % shown.len();
    let mut order: Vec<usize> = (0..shown.len()).collect();
    order.rotate_left(rotate);
    let total: u64 = queue.iter().map(|q| q.1).sum();
    // Why: the lowest value, against taking the newest (a stack's rule) or taking it for
    // the goal; each left out when its claim holds of the placement taken.
    let newest = (0..index).rev().find_map(|i| match trace.recorder.get(i) {
        Some(QueenStep::Push { h, .. }) => Some(h),
        _ => None,
    });
    let why = Why::of(
        "Why that one?",
        vec![
            (
                format!(
                    "No placement on the queue has a lower h than {h}: best-first takes the lowest"
                ),
                Some(true),
            ),
            (
                format!(
                    "It is the placement put on the queue last{}",
                    newest.map_or(String::new(), |v| format!(" (h = {v})"))
                ),
                (newest != Some(h)).then_some(false),
            ),
            (
                "It has no attacking pair: the goal".to_string(),
                (h > 0).then_some(false),
            ),
        ],
    );
    Some(Question {
        at: index,
        ask: format!(
            "Best-first search keeps {total} placements on its queue. Which one does it take off next?"
        ),
        choices: (order.iter())
            .map(|&k| {
                let (h, count) = shown[k];
                format!("One with h = {h} ({count} on the queue)")
            })
            .collect(),
        right_choices: vec![order.iter().position(|&k| k == 0)?],
        reveal_at: index + 1,
        why,
        ..Question::default()
    })
}
