//! Questions made from a trace's own steps, for "Your guess": before a decision, what will
//! the search do? Each question is asked at the position just before the decision and
//! answered by the steps that follow it, so the answer is the search's, never a second
//! opinion.
//!
//! - Warnsdorff's rule, and backtracking in Warnsdorff's order: where the knight goes
//!   from a square with two or more free neighbours. Candidates tied on onward moves with
//!   the one taken (and not yet tried) count as right: the tie-break is a detail.
//! - N-Queens backtracking: in which row of the column the next queen goes, or none (it
//!   takes back a queen).
//! - Hill climbing: which queen moves where, or none (a local minimum or a plateau). Any
//!   neighbour with the lowest value scored counts as right.

use super::knight::{KnightTrace, Traced};
use super::queens::{QueensTrace, square_name};
use crate::run::algo::{Algorithm, KnightAlgo, QueensAlgo};
use crate::solve::knight::trace::{KnightState, KnightStep};
use crate::solve::queens::trace::{QueenStep, QueensState};

/// A decision the student can guess.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    /// The position (steps applied) at which it is asked: the state before the decision.
    pub at: usize,
    /// What is asked.
    pub ask: String,
    /// The board cells to choose from (a knight's square; a queen's `row * n + column`).
    pub cells: Vec<u32>,
    /// The cells that count as right; empty when the right answer is `none`.
    pub right: Vec<u32>,
    /// A button for the answer that is no square, when the decision may have one.
    pub none: Option<&'static str>,
    /// The position just after the decision: where the timeline goes once answered.
    pub reveal_at: usize,
    /// The board numbers the choices for the keys 1–8 (a knight's moves).
    pub numbered: bool,
}

/// Steps a question may look ahead for its answer (a hill-climbing round scores n(n − 1)
/// neighbours).
const LOOK_AHEAD: usize = 200_000;

/// Why "Your guess" is not offered for this knight trace, if it is not.
pub fn knight_refusal(trace: &KnightTrace) -> Option<String> {
    let guessed = matches!(trace.traced, Traced::Solver(kind) if kind.offers().guess);
    (!guessed).then(|| {
        "Your guess asks where Warnsdorff's rule takes the knight: choose Warnsdorff, or backtracking with Warnsdorff's order (a random walk's choices are drawn at random)".to_string()
    })
}

/// Whether step `index` of a knight trace is a decision: a square entered out of two or
/// more free ones.
pub fn knight_asks(trace: &KnightTrace, index: usize) -> bool {
    knight_refusal(trace).is_none()
        && matches!(trace.steps.get(index), Some(KnightStep::Visit { options, .. }) if options.len() >= 2)
}

/// The question of step `index` (`state`: the board before it), if it is a decision.
pub fn knight_question(trace: &KnightTrace, index: usize, state: &KnightState) -> Option<Question> {
    if !knight_asks(trace, index) {
        return None;
    }
    let Some(KnightStep::Visit { square, options }) = trace.steps.get(index).copied() else {
        return None;
    };
    let board = &trace.board;
    let &from = state.path.last()?;
    let candidates: Vec<(u32, u32)> = options.candidates(board, from).collect();
    let k = options.chosen();
    let degree = candidates.get(k)?.1;
    // The candidates ranked before the one taken were tried and led nowhere.
    let right: Vec<u32> = candidates[k..]
        .iter()
        .filter(|c| c.1 == degree)
        .map(|c| c.0)
        .collect();
    debug_assert!(right.contains(&square));
    let rule = if trace.traced == Traced::Solver(KnightAlgo::Warnsdorff) {
        "Warnsdorff's rule (the square with the fewest onward moves)"
    } else if k > 0 {
        "backtracking in Warnsdorff's order (fewest onward moves first; the squares already tried from here led to dead ends)"
    } else {
        "backtracking in Warnsdorff's order (fewest onward moves first)"
    };
    Some(Question {
        at: index,
        ask: format!(
            "Move {} from {}, to square {}: where will {rule} take the knight? Click a ringed square.",
            state.path.len(),
            board.name(from),
            state.path.len() + 1
        ),
        // In square order, not the rule's: ring 1 must not be the answer.
        cells: {
            let mut cells: Vec<u32> = candidates.iter().map(|c| c.0).collect();
            cells.sort_unstable();
            cells
        },
        right,
        none: None,
        reveal_at: index + 1,
        numbered: true,
    })
}

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
        QueensAlgo::HillClimbing if super::queens::climb_variant(trace) == Variant::FirstChoice => Some(
            "Your guess is not asked of first-choice hill climbing: it tries the moves in a random order and takes the first better one".to_string(),
        ),
        kind if kind.offers().guess => None,
        _ => Some(
            "Your guess asks where backtracking puts the next queen and which move hill climbing makes; best-first's queue and min-conflicts' random draws are not asked".to_string(),
        ),
    }
}

/// The most queens Your guess asks about: a question names a square by `row · n + column`,
/// a 32-bit number.
pub const MAX_GUESS_N: u64 = 65_535;

/// Whether step `index` of an N-Queens trace begins a decision: the first row a
/// backtracking column tries, or the first neighbour a hill-climbing round scores.
pub fn queens_asks(trace: &QueensTrace, index: usize) -> bool {
    if queens_refusal(trace).is_some() {
        return false;
    }
    let steps = &trace.recorder;
    let prev = index.checked_sub(1).and_then(|i| steps.get(i));
    match steps.get(index) {
        Some(QueenStep::Conflict { column, .. } | QueenStep::Place { column, .. }) => {
            !matches!(prev, Some(QueenStep::Conflict { column: c, .. }) if c == column)
        }
        Some(QueenStep::Score { .. }) => !matches!(prev, Some(QueenStep::Score { .. })),
        _ => false,
    }
}

/// The question that step `index` begins (`state`: the board before it), if it begins one
/// and the trace holds its answer.
pub fn queens_question(trace: &QueensTrace, index: usize, state: &QueensState) -> Option<Question> {
    if !queens_asks(trace, index) {
        return None;
    }
    let n = trace.job.n as u32;
    let steps = &trace.recorder;
    let end = (index + LOOK_AHEAD).min(steps.len());
    let cell = |row: u32, column: u32| row * n + column;
    let asked = steps.get(index)?;
    // The steps from `index` up to `end`, read in order (a run of conflicts is one entry).
    let mut ahead = steps.iter_from(index).take(end - index);
    match asked {
        QueenStep::Conflict { column, .. } | QueenStep::Place { column, .. } => {
            // Past this column's conflicts, to the step that ends its scan.
            let mut j = index;
            let ends = loop {
                match ahead.next() {
                    Some(QueenStep::Conflict { column: c, .. }) if c == column => j += 1,
                    other => break other,
                }
            };
            let right = match ends? {
                QueenStep::Place { column: c, row } if c == column => vec![cell(row, column)],
                QueenStep::Remove { .. } => Vec::new(),
                _ => return None,
            };
            let first = match asked {
                QueenStep::Conflict { row, .. } | QueenStep::Place { row, .. } => row,
                _ => 0,
            };
            let from = if first == 0 {
                "from the top".to_string()
            } else {
                format!("from {} down", square_name(u64::from(n), column, first))
            };
            Some(Question {
                at: index,
                ask: format!(
                    "Column {}: backtracking tries its rows {from} and puts the queen on the first that no queen attacks. Where does it go? Click the square, or say there is none.",
                    crate::puzzle::knight::file_letters(column)
                ),
                cells: (0..n).map(|r| cell(r, column)).collect(),
                right,
                none: Some("No safe square: it takes back a queen"),
                reveal_at: j + 1,
                numbered: false,
            })
        }
        QueenStep::Score { .. } => climb_question(trace, index, state, ahead),
        _ => None,
    }
}

/// The question a round of hill climbing's scores begins at step `index` (`ahead`: the
/// steps from it on): which queen moves, and where.
fn climb_question(
    trace: &QueensTrace,
    index: usize,
    state: &QueensState,
    mut ahead: impl Iterator<Item = QueenStep>,
) -> Option<Question> {
    let n = trace.job.n as u32;
    let cell = |row: u32, column: u32| row * n + column;
    use crate::solve::queens::hill_climbing::Variant;
    let variant = super::queens::climb_variant(trace);
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
            at_best.push(cell(row, column));
        }
        if h < state.h {
            better.push(cell(row, column));
        }
        j += 1;
    };
    let right = match ends? {
        // Stochastic climbing draws among every better move: each is right.
        QueenStep::Move { .. } if variant == Variant::Stochastic => better,
        QueenStep::Move { .. } => at_best,
        QueenStep::Stuck { .. } => Vec::new(),
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
    let cells = (0..n)
        .flat_map(|c| (0..n).map(move |r| (r, c)))
        .filter(|&(r, c)| state.rows.get(c as usize) != Some(&r))
        .map(|(r, c)| cell(r, c))
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
        none: Some("No move helps: a local minimum or a plateau"),
        reveal_at: j + 1,
        numbered: false,
    })
}

/// What the scores of a hill-climbing round were, for the answer's explanation: how many
/// neighbours, the lowest value and how many had it.
pub fn scored_round(trace: &QueensTrace, q: &Question) -> Option<(usize, u32, usize)> {
    let to = q.reveal_at.saturating_sub(1);
    if q.at > to || to > trace.recorder.len() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::knight::Board;
    use crate::puzzle::queens::conflicts;
    use crate::run::trace::knight::KnightTraceJob;
    use crate::run::trace::queens::QueensTraceJob;
    use crate::run::trace::timeline::Timeline;
    use crate::solve::Budget;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    fn knight(algorithm: &str, cols: u64, rows: u64, seed: u64) -> KnightTrace {
        KnightTraceJob {
            cols,
            rows,
            start: Some((0, 0)),
            closed: false,
            algorithm: algorithm.into(),
            params: Vec::new(),
            seed,
            budget: Budget::unlimited(),
            limit: 20_000,
        }
        .run(&AtomicBool::new(false))
        .unwrap()
    }

    /// Unvisited neighbours of `sq`, counted from the rules.
    fn onward(board: &Board, path: &[u32], sq: u32) -> usize {
        board.neighbours(sq).filter(|t| !path.contains(t)).count()
    }

    #[test]
    fn warnsdorff_questions_are_answered_by_the_square_entered_and_its_ties() {
        for (cols, rows, seed) in [(5, 5, 1), (6, 6, 2), (8, 8, 3), (7, 5, 4)] {
            let trace = Arc::new(knight("warnsdorff", cols, rows, seed));
            let timeline = Timeline::new(trace.clone());
            let board = &trace.board;
            let mut asked = 0;
            for i in 0..trace.steps.len() {
                let state = timeline.state_at(i);
                let Some(q) = knight_question(&trace, i, &state) else {
                    continue;
                };
                asked += 1;
                let KnightStep::Visit { square, .. } = trace.steps[i] else {
                    panic!("a question at a step that enters no square");
                };
                assert!(q.right.contains(&square));
                let from = *state.path.last().unwrap();
                let free: Vec<u32> = board
                    .neighbours(from)
                    .filter(|t| !state.path.contains(t))
                    .collect();
                let mut cells = q.cells.clone();
                cells.sort();
                let mut sorted = free.clone();
                sorted.sort();
                assert_eq!(
                    cells, sorted,
                    "the choices are the free squares a knight's move away"
                );
                let least = free
                    .iter()
                    .map(|&t| onward(board, &state.path, t))
                    .min()
                    .unwrap();
                for &r in &q.right {
                    assert_eq!(
                        onward(board, &state.path, r),
                        least,
                        "a right answer has the fewest onward moves"
                    );
                }
                assert_eq!(q.reveal_at, i + 1);
            }
            assert!(asked > 0);
        }
        // The choices are in square order: the first is not always the rule's.
        let trace = Arc::new(knight("warnsdorff", 8, 8, 1));
        let timeline = Timeline::new(trace.clone());
        let first_right = (0..trace.steps.len())
            .filter_map(|i| knight_question(&trace, i, &timeline.state_at(i)))
            .map(|q| q.right.contains(&q.cells[0]))
            .collect::<Vec<_>>();
        assert!(
            first_right.iter().any(|r| !r),
            "ring 1 is not always the answer"
        );
        assert!(knight_refusal(&knight("random-walk", 5, 5, 1)).is_some());
    }

    fn queens(algorithm: &str, n: u64, seed: u64) -> QueensTrace {
        QueensTraceJob {
            n,
            algorithm: algorithm.into(),
            params: Vec::new(),
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
            let timeline = Timeline::new(trace.clone());
            let mut asked = 0;
            for i in 0..trace.recorder.len() {
                let state = timeline.state_at(i);
                let Some(q) = queens_question(&trace, i, &state) else {
                    continue;
                };
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
                    None => assert!(q.right.is_empty()),
                }
            }
            assert!(asked > 0);
        }
    }

    #[test]
    fn hill_climbing_questions_are_answered_by_the_best_moves_or_none() {
        for (n, seed) in [(6u64, 1), (8, 2), (8, 5)] {
            let trace = Arc::new(queens("hill-climbing", n, seed));
            let timeline = Timeline::new(trace.clone());
            let mut asked = 0;
            for i in 0..trace.recorder.len() {
                let state = timeline.state_at(i);
                let Some(q) = queens_question(&trace, i, &state) else {
                    continue;
                };
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
                    assert!(q.right.is_empty(), "no move helps: the answer is none");
                }
            }
            assert!(asked > 0);
        }
        assert!(queens_refusal(&queens("min-conflicts", 8, 1)).is_some());
        // A square of a board of more queens has no 32-bit name: no question is asked.
        let wide = queens("backtracking", MAX_GUESS_N + 1, 1);
        assert!(queens_refusal(&wide).is_some_and(|r| r.contains("65,535")));
        assert!((0..wide.recorder.len()).all(|i| !queens_asks(&wide, i)));
        assert!(queens_refusal(&queens("backtracking", MAX_GUESS_N, 1)).is_none());
    }
}
