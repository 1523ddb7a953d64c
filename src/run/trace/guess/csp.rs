//! Your guess on constraint-satisfaction backtracking: the square of the next assignment,
//! by the variable ordering (leftmost, or MRV: fewest rows left) and the value ordering
//! (from the top, or least constraining first); after a dead end, the column's next row.

use super::{Question, Why};
use crate::puzzle::knight::file_letters;
use crate::run::trace::queens::{QueensTrace, param, square_name};
use crate::solve::queens::csp::{self, Inference, Pruned, ValueOrder, VarOrder};
use crate::solve::queens::trace::{EMPTY, QueenStep, QueensState};

/// A board square as a cell of a question.
fn cell(n: u64, row: u32, column: u32) -> u32 {
    row * n as u32 + column
}

/// The rows left in each column's domain with the queens of `rows` placed (`EMPTY`: none),
/// by `inference`; an assigned column has none listed.
pub fn csp_domains(n: usize, rows: &[u32], inference: Inference) -> Vec<Vec<u32>> {
    let assigned: Vec<u32> = if rows.len() == n {
        rows.to_vec()
    } else {
        vec![EMPTY; n]
    };
    let pruned = csp::domains(n, &assigned, inference);
    (0..n)
        .map(|c| {
            if assigned[c] != EMPTY {
                return Vec::new();
            }
            (0..n as u32)
                .filter(|&r| pruned[r as usize * n + c] == Pruned::Open)
                .collect()
        })
        .collect()
}

/// How many rows of the other open columns' domains a queen on (`column`, `row`) takes
/// out: least-constraining-value's measure.
pub fn eliminations(domains: &[Vec<u32>], rows: &[u32], column: u32, row: u32) -> usize {
    (0..domains.len() as u32)
        .filter(|&o| o != column && rows.get(o as usize).is_none_or(|&r| r == EMPTY))
        .map(|o| {
            let d = o.abs_diff(column);
            (domains[o as usize].iter())
                .filter(|&&r| r == row || r.abs_diff(row) == d)
                .count()
        })
        .sum()
}

/// Parameter `name` of `trace`, parsed (its default when absent or unreadable).
fn parsed<T: std::str::FromStr + Default>(trace: &QueensTrace, name: &str) -> T {
    param(trace, name)
        .and_then(|v| v.parse().ok())
        .unwrap_or_default()
}

#[allow(
    clippy::too_many_lines,
    reason = "one question built from one step: the orderings' choices and their explanations"
)]
pub(super) fn csp_question(
    trace: &QueensTrace,
    index: usize,
    state: &QueensState,
    column: u32,
    row: u32,
    left: u32,
) -> Option<Question> {
    let n = trace.job.n as usize;
    let var: VarOrder = parsed(trace, "var_order");
    let value: ValueOrder = parsed(trace, "value_order");
    let inference: Inference = parsed(trace, "inference");
    let rows: Vec<u32> = if state.rows.len() == n {
        state.rows.clone()
    } else {
        vec![EMPTY; n]
    };
    let domains = csp_domains(n, &rows, inference);
    let open: Vec<u32> = (0..n as u32)
        .filter(|&c| rows[c as usize] == EMPTY)
        .collect();
    // A column's rows in the order the value ordering tries them, each with its measure.
    let order = |c: u32| -> Vec<(u32, usize)> {
        let mut tried: Vec<(u32, usize)> = (domains[c as usize].iter())
            .map(|&r| {
                let key = match value {
                    ValueOrder::Lcv => eliminations(&domains, &rows, c, r),
                    ValueOrder::InOrder => 0,
                };
                (r, key)
            })
            .collect();
        tried.sort_by_key(|&(r, key)| (key, r));
        tried
    };
    // Right: the first row of the order, and those tied with it.
    let firsts = |rows: &[(u32, usize)]| -> Vec<u32> {
        match (value, rows.first()) {
            (ValueOrder::Lcv, Some(&(_, key))) => (rows.iter())
                .take_while(|t| t.1 == key)
                .map(|t| t.0)
                .collect(),
            (_, Some(&(r, _))) => vec![r],
            _ => Vec::new(),
        }
    };
    let prev = index.checked_sub(1).and_then(|i| trace.recorder.get(i));
    let resumed = match prev {
        Some(QueenStep::Unassign { column: c, row: r }) if c == column => Some(r),
        _ => None,
    };
    let n64 = n as u64;
    let fewest = open.iter().map(|&c| domains[c as usize].len()).min()?;
    let leftmost = *open.first()?;
    let value_rule = match value {
        ValueOrder::InOrder => "tries its rows from the top",
        ValueOrder::Lcv => {
            "tries first the row that takes the fewest rows out of the other empty columns (least constraining value; any of equals counts as right)"
        }
    };
    let (ask, cells, right, why) = match resumed {
        Some(undone) => {
            let tried = order(column);
            let at = tried.iter().position(|t| t.0 == undone)?;
            let rest = &tried[at + 1..];
            let right: Vec<u32> = firsts(rest).iter().map(|&r| cell(n64, r, column)).collect();
            let ask = format!(
                "{} failed: the queen comes off. CSP backtracking {value_rule}. Which row of column {} does it try next?",
                square_name(n64, column, undone),
                file_letters(column)
            );
            let cells = domains[column as usize]
                .iter()
                .map(|&r| cell(n64, r, column))
                .collect();
            // Why this row: the value ordering in force, against the other.
            let next_down = (domains[column as usize].iter().copied()).find(|&r| r > undone);
            let fewest = (rest.iter())
                .map(|t| eliminations(&domains, &rows, column, t.0))
                .min();
            let crossed = eliminations(&domains, &rows, column, row);
            let lcv = value == ValueOrder::Lcv;
            let why = Why::of(
                format!("Why {}?", square_name(n64, column, row)),
                vec![
                    (
                        format!(
                            "It is the next row down in the column's domain after {}",
                            square_name(n64, column, undone)
                        ),
                        Some(!lcv).filter(|&r| r || next_down != Some(row)),
                    ),
                    (
                        format!(
                            "Of the rows left to try it crosses out the fewest squares of the other open columns ({crossed}): least constraining value"
                        ),
                        Some(lcv).filter(|&r| r || fewest != Some(crossed)),
                    ),
                ],
            );
            (ask, cells, right, why)
        }
        None => {
            let columns: Vec<u32> = match var {
                VarOrder::Static => vec![leftmost],
                _ => (open.iter().copied())
                    .filter(|&c| domains[c as usize].len() == fewest)
                    .collect(),
            };
            let right: Vec<u32> = (columns.iter())
                .flat_map(|&c| firsts(&order(c)).into_iter().map(move |r| cell(n64, r, c)))
                .collect();
            let var_rule = match var {
                VarOrder::Static => "fills the leftmost empty column".to_string(),
                _ => "chooses the empty column with the fewest rows left (MRV: count its open squares; any column with as few counts as right)".to_string(),
            };
            let ask = format!(
                "CSP backtracking {var_rule}, and {value_rule}. Where does the next queen go? Click its square."
            );
            let cells = (open.iter())
                .flat_map(|&c| domains[c as usize].iter().map(move |&r| cell(n64, r, c)))
                .collect();
            let name = file_letters(column);
            let mrv = var != VarOrder::Static;
            // The row, where the column's choice has nothing false to set against it.
            let top = domains[column as usize].first().copied();
            let least = (domains[column as usize].iter())
                .map(|&r| eliminations(&domains, &rows, column, r))
                .min();
            let crossed = eliminations(&domains, &rows, column, row);
            let lcv = value == ValueOrder::Lcv;
            let row_why = || {
                Why::of(
                    format!("Why {}?", square_name(n64, column, row)),
                    vec![
                        (
                            "It is the top row left in the column's domain".to_string(),
                            Some(!lcv).filter(|&r| r || top != Some(row)),
                        ),
                        (
                            format!(
                                "Of the column's rows it crosses out the fewest squares of the other open columns ({crossed}): least constraining value"
                            ),
                            Some(lcv).filter(|&r| r || least != Some(crossed)),
                        ),
                    ],
                )
            };
            let why = Why::of(
                format!("Why column {name}?"),
                vec![
                    (
                        format!("It has the fewest rows left ({left}) of the empty columns (MRV)"),
                        Some(mrv).filter(|&r| r || domains[column as usize].len() != fewest),
                    ),
                    (
                        "It is the leftmost empty column".to_string(),
                        Some(!mrv).filter(|&r| r || column != leftmost),
                    ),
                ],
            )
            .or_else(row_why);
            (ask, cells, right, why)
        }
    };
    if !right.contains(&cell(n64, row, column)) {
        return None;
    }
    Some(Question {
        at: index,
        ask,
        cells,
        right,
        reveal_at: index + 1,
        why,
        ..Question::default()
    })
}

/// The question before inference runs after an assignment (`removed`: the rows it takes
/// out, by the step): which rows it takes out of one open column. The column is one where
/// it takes out most (with arc consistency, one where it takes out a row the new queen does
/// not attack, when there is one: what AC-3 adds to forward checking), the leftmost of
/// equals. The choices are the rows each rule in play would take out there: the new
/// queen's row and diagonals (forward checking), its row alone, its diagonals alone, and
/// with AC-3 what it takes out in all; distinct lists only.
#[allow(
    clippy::too_many_lines,
    reason = "one question built from one step: the rules' choices, their distinct lists and their explanations"
)]
pub(super) fn prune_question(
    trace: &QueensTrace,
    index: usize,
    state: &QueensState,
    removed: u32,
) -> Option<Question> {
    let n = trace.job.n as usize;
    let inference: Inference = parsed(trace, "inference");
    if inference == Inference::None || state.rows.len() != n {
        return None;
    }
    // The queen just placed: the assignment before this step.
    let prev = index.checked_sub(1).and_then(|i| trace.recorder.get(i));
    let Some(QueenStep::Assign { column, row, .. }) = prev else {
        return None;
    };
    let mut before_rows = state.rows.clone();
    before_rows[column as usize] = EMPTY;
    let before = csp_domains(n, &before_rows, inference);
    let after = csp_domains(n, &state.rows, inference);
    let n64 = n as u64;
    let open = |c: usize| c != column as usize && state.rows[c] == EMPTY;
    let on_row = |r: u32| r == row;
    let on_diagonal = |c: u32, r: u32| r.abs_diff(row) == c.abs_diff(column);
    let ac3 = inference == Inference::Ac3;
    // Each rule's rows of column `c`, the rows taken out first; distinct and not empty.
    let lists_of = |c: usize| -> Vec<Vec<u32>> {
        let rows_where = |keep: &dyn Fn(u32) -> bool| -> Vec<u32> {
            before[c].iter().copied().filter(|&r| keep(r)).collect()
        };
        let mut lists: Vec<Vec<u32>> = Vec::new();
        for l in [
            rows_where(&|r| !after[c].contains(&r)),
            rows_where(&|r| on_row(r) || on_diagonal(c as u32, r)),
            rows_where(&|r| on_row(r)),
            rows_where(&|r| on_diagonal(c as u32, r)),
        ] {
            if !l.is_empty() && !lists.contains(&l) {
                lists.push(l);
            }
        }
        lists
    };
    // The column: one where AC-3 takes out a square the new queen does not attack, then one
    // whose rules disagree, then the most taken out; the leftmost of equals.
    let mut taken_in_all = 0usize;
    let mut pick: Option<((bool, bool, usize), usize)> = None;
    for c in (0..n).filter(|&c| open(c)) {
        let taken: Vec<u32> = (before[c].iter().copied())
            .filter(|r| !after[c].contains(r))
            .collect();
        taken_in_all += taken.len();
        if taken.is_empty() {
            continue;
        }
        let beyond = taken
            .iter()
            .any(|&r| !on_row(r) && !on_diagonal(c as u32, r));
        let key = (beyond, lists_of(c).len() >= 2, taken.len());
        if pick.is_none_or(|(k, _)| key > k) {
            pick = Some((key, c));
        }
    }
    // The step's own count must agree, or the question is not asked.
    if taken_in_all != removed as usize {
        return None;
    }
    let (_, x) = pick?;
    let cx = x as u32;
    let mut shown = lists_of(x);
    let right = shown.first()?.clone();
    let attacked: Vec<u32> = (before[x].iter().copied())
        .filter(|&r| on_row(r) || on_diagonal(cx, r))
        .collect();
    let named = |rows: &[u32]| -> String {
        let names: Vec<String> = rows.iter().map(|&r| square_name(n64, cx, r)).collect();
        if names.is_empty() {
            "none of them".to_string()
        } else {
            super::and_list(&names)
        }
    };
    let turn = index % shown.len();
    shown.rotate_left(turn);
    let right_choice = shown.iter().position(|l| *l == right)?;
    let queen = square_name(n64, column, row);
    let file = file_letters(cx);
    let ask = if ac3 {
        format!(
            "The queen on {queen} is placed. Forward checking crosses out the open squares it attacks; arc consistency (AC-3) then crosses out every square left without a compatible square in some other open file, until nothing changes. Which squares of file {file} go?"
        )
    } else {
        format!(
            "The queen on {queen} is placed. Forward checking now crosses out of the open files' domains the squares it attacks. Which squares of file {file} go?"
        )
    };
    // What arc consistency takes out of the file beyond the new queen's attacks: with AC-3
    // on, by the step; with forward checking alone, what it would take out if it were on
    // (from the same placements), the claim of a student who takes one for the other.
    let beyond_attacks: Vec<u32> = if ac3 {
        right
            .iter()
            .copied()
            .filter(|r| !attacked.contains(r))
            .collect()
    } else {
        // Arc consistency kept on from the start would have had its own domains before
        // this queen: what it takes out at this step is what it had then and not after.
        let had = csp_domains(n, &before_rows, Inference::Ac3);
        let would = csp_domains(n, &state.rows, Inference::Ac3);
        // Where it would empty a file, what it leaves of the others depends on the order
        // it works in: no claim then.
        let wiped =
            |d: &[Vec<u32>], placed: &[u32]| (0..n).any(|c| placed[c] == EMPTY && d[c].is_empty());
        if wiped(&had, &before_rows) || wiped(&would, &state.rows) {
            Vec::new()
        } else {
            (had[x].iter().copied())
                .filter(|&r| !attacked.contains(&r) && !would[x].contains(&r))
                .collect()
        }
    };
    let why = Why::of(
        "Why these?",
        vec![
            if attacked.is_empty() {
                (
                    format!("The queen on {queen} attacks them along its row or a diagonal"),
                    Some(false),
                )
            } else {
                (
                    format!(
                        "The queen on {queen} attacks them: its row and its diagonals cross file {file} there ({})",
                        named(&attacked)
                    ),
                    Some(attacked == right),
                )
            },
            if beyond_attacks.is_empty() {
                (
                    format!(
                        "Arc consistency takes out as well squares of file {file} the queen does not attack"
                    ),
                    // With AC-3 on, false here; with forward checking alone, not in play.
                    ac3.then_some(false),
                )
            } else {
                (
                    format!(
                        "Arc consistency takes out as well {}: left with no compatible square in another open file",
                        named(&beyond_attacks)
                    ),
                    // True with AC-3 on; with forward checking alone, AC-3 does not run.
                    Some(ac3),
                )
            },
        ],
    );
    if shown.len() < 2 {
        // Every rule takes out the same here: the student clicks the squares' file
        // instead, any square taken out counting.
        return Some(Question {
            at: index,
            ask: format!("{ask} Click one of them (any counts)."),
            cells: before[x].iter().map(|&r| cell(n64, r, cx)).collect(),
            right: right.iter().map(|&r| cell(n64, r, cx)).collect(),
            reveal_at: index + 1,
            why,
            ..Question::default()
        });
    }
    Some(Question {
        at: index,
        ask,
        choices: shown.iter().map(|l| named(l)).collect(),
        right_choices: vec![right_choice],
        reveal_at: index + 1,
        why,
        ..Question::default()
    })
}
