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
/// out, by the step): click a square it takes out of the open columns' domains. With
/// arc consistency, when it takes out squares the new queen does not attack, those are
/// asked for: what AC-3 adds to forward checking.
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
    let mut cells = Vec::new();
    let mut taken = Vec::new();
    for c in (0..n).filter(|&c| open(c)) {
        for &r in &before[c] {
            cells.push(cell(n64, r, c as u32));
            if !after[c].contains(&r) {
                taken.push((c as u32, r));
            }
        }
    }
    // The step's own count must agree, or the question is not asked.
    if taken.len() != removed as usize || taken.is_empty() {
        return None;
    }
    let hits = |c: u32, r: u32| r == row || r.abs_diff(row) == c.abs_diff(column);
    let beyond: Vec<u32> = (taken.iter())
        .filter(|&&(c, r)| !hits(c, r))
        .map(|&(c, r)| cell(n64, r, c))
        .collect();
    let queen = square_name(n64, column, row);
    let (ask, right) = if inference == Inference::Ac3 && !beyond.is_empty() {
        (
            format!(
                "Forward checking crosses out the open squares the queen on {queen} attacks; arc consistency (AC-3) then crosses out every square left without a compatible square in some other open file, until nothing changes. Click a square it crosses out that the new queen does not attack."
            ),
            beyond,
        )
    } else {
        (
            format!(
                "The queen on {queen} is placed. Forward checking now crosses squares out of the open files' domains. Click a square it crosses out (any of them counts)."
            ),
            taken.iter().map(|&(c, r)| cell(n64, r, c)).collect(),
        )
    };
    // Why, for the first square asked for: the new queen's attack, or (AC-3) a file left
    // without a square compatible with it; never an earlier queen's attack (that square
    // was crossed out when that queen was placed).
    let &first = right.first()?;
    let (c, r) = (first % n as u32, first / n as u32);
    let attacked = hits(c, r);
    let how = match (attacked, r == row) {
        (false, _) => "",
        (true, true) => " (on its row)",
        (true, false) => " (on a diagonal)",
    };
    let why = Why::of(
        format!("Why is {} crossed out?", square_name(n64, c, r)),
        vec![
            (
                format!("The queen on {queen} attacks it{how}"),
                Some(attacked),
            ),
            (
                "Another open file would have no square left that it does not attack (arc consistency)"
                    .to_string(),
                (!attacked).then_some(true),
            ),
            (
                format!("A queen placed before the one on {queen} attacks it"),
                Some(false),
            ),
        ],
    );
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
