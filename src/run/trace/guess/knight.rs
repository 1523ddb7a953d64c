//! Your guess on a knight's tour search.
//!
//! - Warnsdorff's rule, and backtracking in Warnsdorff's order (ties drawn at random or
//!   broken by a rule): where the knight goes from a square with two or more free
//!   neighbours. Candidates tied on onward moves with the one taken (and not yet tried)
//!   count as right: the tie-break is a detail.
//! - Backtracking in the fixed move order, and the count of every tour: where the knight
//!   goes once it is back on a square whose first moves led to dead ends.
//! - A random walk: any free square is right (the question shows what it may draw).
//! - Breadth-first and depth-first search: which node of the frontier it expands next.

use super::{Question, Why, and_list};
use crate::run::trace::knight::{KnightTrace, Picker, Traced, tie_phrase};
use crate::solve::knight::backtrack::RandomVariant;
use crate::solve::knight::tie_break::TieBreak;
use crate::solve::knight::trace::{KnightState, KnightStep};
use crate::solve::knight::tree_search::Strategy;
use std::collections::VecDeque;

/// Why "Your guess" is not offered for this knight trace, if it is not: every traced
/// knight's search asks its decisions.
pub fn knight_refusal(_trace: &KnightTrace) -> Option<String> {
    None
}

/// Whether step `index` of a knight trace is a decision: a square entered out of two or
/// more free ones (for a fixed move order, only once the first moves were tried), or a
/// tree search's node taken off a frontier of two or more.
pub fn knight_asks(trace: &KnightTrace, index: usize) -> bool {
    match trace.steps.get(index) {
        Some(KnightStep::Visit { options, .. }) if options.len() >= 2 => match trace.picker {
            Picker::Ordered | Picker::Every => options.chosen() > 0,
            Picker::Tree => false,
            _ => true,
        },
        Some(KnightStep::Expand { frontier, .. }) => *frontier > 0,
        _ => false,
    }
}

/// The question of step `index` (`state`: the board before it), if it is a decision.
pub fn knight_question(trace: &KnightTrace, index: usize, state: &KnightState) -> Option<Question> {
    if !knight_asks(trace, index) {
        return None;
    }
    match trace.steps.get(index).copied()? {
        KnightStep::Visit { square, options } => {
            visit_question(trace, index, state, square, &options)
        }
        KnightStep::Expand { node, .. } => expand_question(trace, index, node),
        _ => None,
    }
}

/// The tie-break of the walk under way at step `index` of a Warnsdorff walk.
fn walk_rule(trace: &KnightTrace, index: usize) -> Option<TieBreak> {
    trace.steps[..index.min(trace.steps.len())]
        .iter()
        .rev()
        .find_map(|s| match s {
            KnightStep::Restart { rule, .. } => Some(*rule),
            _ => None,
        })
        .flatten()
}

fn visit_question(
    trace: &KnightTrace,
    index: usize,
    state: &KnightState,
    square: u32,
    options: &crate::solve::knight::trace::Options,
) -> Option<Question> {
    let board = &trace.board;
    let &from = state.path.last()?;
    let candidates: Vec<(u32, u32)> = options.candidates(board, from).collect();
    let k = options.chosen();
    let degree = candidates.get(k)?.1;
    let untried = &candidates[k..];
    let tried: Vec<String> = candidates[..k].iter().map(|c| board.name(c.0)).collect();
    let ordered = matches!(trace.picker, Picker::Ordered | Picker::Every);
    // The report's reading draws among the squares with the fewest onward moves, with
    // replacement: its candidates are every free square, none known to be tried.
    let drawn = trace.picker == Picker::Shuffled(RandomVariant::Document);
    let fewest = candidates.iter().map(|c| c.1).min()?;
    let right: Vec<u32> = match trace.picker {
        Picker::Ordered | Picker::Every => vec![square],
        // A walk draws among all its free squares: none was tried before.
        Picker::Random => candidates.iter().map(|c| c.0).collect(),
        _ if drawn => (candidates.iter())
            .filter(|c| c.1 == fewest)
            .map(|c| c.0)
            .collect(),
        _ => (untried.iter())
            .filter(|c| c.1 == degree)
            .map(|c| c.0)
            .collect(),
    };
    if !right.contains(&square) {
        return None;
    }
    let onto = format!(
        "Move {} from {}, to square {}",
        state.path.len(),
        board.name(from),
        state.path.len() + 1
    );
    let dead_ends = if tried.is_empty() || drawn {
        String::new()
    } else {
        format!(
            " (from here {} {} tried{})",
            and_list(&tried),
            if tried.len() == 1 { "was" } else { "were" },
            if trace.picker == Picker::Every {
                ", every path through them counted"
            } else {
                " and led to dead ends"
            }
        )
    };
    let ask = match trace.picker {
        Picker::Greedy => format!(
            "{onto}: where will Warnsdorff's rule (the square with the fewest onward moves) take the knight? Click a ringed square."
        ),
        Picker::Warnsdorff(_) => format!(
            "{onto}: where will backtracking in Warnsdorff's order (fewest onward moves first) take the knight{dead_ends}? Click a ringed square."
        ),
        Picker::Shuffled(_) if drawn => format!(
            "{onto}: backtracking as the report prints it draws the next square at random among those with the fewest onward moves. Which may it draw? Click a ringed square."
        ),
        Picker::Shuffled(_) => format!(
            "{onto}: backtracking tries the squares with the fewest onward moves first, ties in a random order{dead_ends}. Where may the knight go? Click a ringed square."
        ),
        Picker::Random => format!(
            "{onto}: a random walk draws its next square. Which squares may it draw? Click one of them."
        ),
        _ => format!(
            "The knight is back on {}{dead_ends}. Backtracking tries the knight's moves in a fixed order, numbered on the rings. Which square does it try next?",
            board.name(from)
        ),
    };
    // The fixed order's rings are numbered in that order; the others in square order, so
    // that ring 1 is not the answer by rule.
    let cells = if ordered {
        candidates.iter().map(|c| c.0).collect()
    } else {
        let mut cells: Vec<u32> = candidates.iter().map(|c| c.0).collect();
        cells.sort_unstable();
        cells
    };
    Some(Question {
        at: index,
        ask,
        cells,
        right,
        reveal_at: index + 1,
        numbered: true,
        why: if drawn || trace.picker == Picker::Random {
            drawn_why(board.name(square), &candidates, k, drawn)
        } else {
            visit_why(trace, index, square, &candidates, k)
        },
        ..Question::default()
    })
}

/// "Why?" for a square entered in Warnsdorff's order: the fewest onward moves, a tie and
/// its tie-break, or the squares before it led to dead ends.
fn visit_why(
    trace: &KnightTrace,
    index: usize,
    square: u32,
    candidates: &[(u32, u32)],
    k: usize,
) -> Option<Why> {
    let board = &trace.board;
    let name = board.name(square);
    let degree = candidates[k].1;
    let fewest = candidates.iter().map(|c| c.1).min()?;
    let level = candidates.iter().filter(|c| c.1 == degree).count();
    let others: Vec<String> = (candidates.iter())
        .filter(|c| c.0 != square)
        .map(|c| format!("{} {}", board.name(c.0), c.1))
        .collect();
    let alone = format!(
        "{name} has the fewest onward moves ({degree}) of all the free squares, and no other has as few (the others: {})",
        and_list(&others)
    );
    let tried: Vec<String> = candidates[..k].iter().map(|c| board.name(c.0)).collect();
    let led = if trace.picker == Picker::Every {
        "every path through them counted"
    } else {
        "they led to dead ends"
    };
    let before = format!(
        "The squares ranked before {name} ({}) were tried from here, and {led}",
        if tried.is_empty() {
            "none".to_string()
        } else {
            and_list(&tried)
        }
    );
    let alone_true = degree == fewest && level == 1;
    // A tie decided it when no square tried before had as few onward moves.
    let tie_true = level > 1 && candidates[..k].iter().all(|c| c.1 != degree);
    match trace.picker {
        Picker::Greedy | Picker::Warnsdorff(_) | Picker::Shuffled(_) => {
            let tie = match trace.picker {
                Picker::Warnsdorff(rule) => tie_phrase(rule),
                Picker::Greedy => {
                    walk_rule(trace, index).map_or("a random draw".into(), tie_phrase)
                }
                _ => "a random draw".into(),
            };
            let tied = if level > 1 {
                format!("{level} squares tie on {degree} onward moves, and {tie} puts {name} first")
            } else {
                format!(
                    "{name} ties with another square on {degree} onward moves, and {tie} puts it first"
                )
            };
            let decided = if k > 0 {
                2
            } else if level > 1 {
                1
            } else {
                0
            };
            let mut statements = vec![
                (alone, Some(decided == 0).filter(|&r| r || !alone_true)),
                (tied, Some(decided == 1).filter(|&r| r || !tie_true)),
            ];
            if !matches!(trace.picker, Picker::Greedy) {
                statements.push((before, Some(decided == 2).filter(|&r| r || k == 0)));
            }
            Why::of(format!("Why {name}?"), statements)
        }
        Picker::Ordered | Picker::Every => Why::of(
            format!("Why {name}?"),
            vec![
                (
                    format!("{before}: it is the next move in the fixed order"),
                    Some(true),
                ),
                (
                    format!("{name} is the first move in the fixed order"),
                    Some(false).filter(|_| k > 0),
                ),
                (alone, Some(false).filter(|_| !alone_true)),
            ],
        ),
        _ => None,
    }
}

/// "Why?" for a square drawn at random: among every free square (a random walk), or among
/// those with the fewest onward moves (backtracking as the report prints it), against the
/// rules whose claim is false of the square drawn (`candidates` in the fixed move order,
/// `k` the square drawn): where none is, the draw asks no "Why?".
fn drawn_why(name: String, candidates: &[(u32, u32)], k: usize, fewest_only: bool) -> Option<Why> {
    let degree = candidates.get(k)?.1;
    let fewest = candidates.iter().map(|c| c.1).min()?;
    let tied = candidates.iter().filter(|c| c.1 == fewest).count();
    let free = candidates.len();
    let among_fewest = (
        format!(
            "It draws at random among the {tied} free square{} with the fewest onward moves ({fewest}), tried before or not",
            if tied == 1 { "" } else { "s" }
        ),
        Some(fewest_only),
    );
    let among_all = (
        format!(
            "A random walk draws among all the free squares ({free}), each as likely as the others"
        ),
        Some(!fewest_only),
    );
    let statements = if fewest_only {
        vec![
            among_fewest,
            (
                format!("{name} is the only free square with the fewest onward moves ({fewest})"),
                (tied > 1).then_some(false),
            ),
            // Drawing among every free square would say the same when all tie.
            (among_all.0, (tied < free).then_some(false)),
        ]
    } else {
        vec![
            among_all,
            (
                format!(
                    "{name} has the fewest onward moves of the free squares, as Warnsdorff's rule takes"
                ),
                (degree != fewest).then_some(false),
            ),
            (
                format!("{name} is the first free square in the knight's fixed move order"),
                (k > 0).then_some(false),
            ),
        ]
    };
    Why::of(format!("Why {name}?"), statements)
}

/// The frontier of a tree search just before step `index` (an `Expand`), oldest first,
/// rebuilt from the steps as the search keeps it: each expansion's children join it
/// together (in order for breadth-first, reversed for depth-first, whose first child is
/// expanded first).
fn frontier_before(trace: &KnightTrace, strategy: Strategy, index: usize) -> VecDeque<u32> {
    let mut frontier = VecDeque::new();
    let mut batch = Vec::new();
    let mut next_id = 0u32;
    let flush = |frontier: &mut VecDeque<u32>, batch: &mut Vec<u32>| match strategy {
        Strategy::BreadthFirst => frontier.extend(batch.drain(..)),
        Strategy::DepthFirst => frontier.extend(batch.drain(..).rev()),
    };
    for step in &trace.steps[..index.min(trace.steps.len())] {
        match step {
            KnightStep::Generate { .. } => {
                batch.push(next_id);
                next_id += 1;
            }
            KnightStep::Expand { node, .. } => {
                flush(&mut frontier, &mut batch);
                let taken = match strategy {
                    Strategy::BreadthFirst => frontier.pop_front(),
                    Strategy::DepthFirst => frontier.pop_back(),
                };
                debug_assert_eq!(taken, Some(*node));
            }
            _ => {}
        }
    }
    flush(&mut frontier, &mut batch);
    frontier
}

/// Which node a tree search expands next: the frontier's oldest, its newest and two more,
/// in the order they were made.
fn expand_question(trace: &KnightTrace, index: usize, node: u32) -> Option<Question> {
    let Traced::Tree(strategy) = trace.traced else {
        return None;
    };
    let frontier = frontier_before(trace, strategy, index);
    if frontier.len() < 2 {
        return None;
    }
    let last = frontier.len() - 1;
    let mut shown: Vec<u32> = [0, last, 1, last.saturating_sub(1)]
        .into_iter()
        .map(|i| frontier[i])
        .collect();
    shown.sort_unstable();
    shown.dedup();
    if !shown.contains(&node) {
        return None;
    }
    // In the order they were made, turned by the step: the answer is not always first.
    let turn = index % shown.len();
    shown.rotate_left(turn);
    let describe = |id: u32| {
        let path = trace.tree.path_to(id);
        let names: Vec<String> = path.iter().map(|&s| trace.board.name(s)).collect();
        let tail = if names.len() > 4 {
            format!("… {}", names[names.len() - 3..].join(" → "))
        } else {
            names.join(" → ")
        };
        format!("Node {} at depth {}: {tail}", id + 1, path.len())
    };
    let choices: Vec<String> = shown.iter().map(|&id| describe(id)).collect();
    let right = vec![shown.iter().position(|&id| id == node)?];
    let (oldest, newest) = (describe(frontier[0]), describe(frontier[last]));
    let search = match strategy {
        Strategy::BreadthFirst => "Breadth-first search",
        Strategy::DepthFirst => "Depth-first search",
    };
    let fifo = format!(
        "First in, first out: it is the node that has waited longest ({oldest}), as breadth-first search does"
    );
    let lifo = format!(
        "Last in, first out: it is on top of the frontier's stack ({newest}), as depth-first search does (each node's children go on in reverse, so the first comes off first)"
    );
    let bfs = strategy == Strategy::BreadthFirst;
    Some(Question {
        at: index,
        ask: format!(
            "{search} takes a node off its frontier ({} waiting) to expand it next. Which one? (Node numbers give the order the nodes were made in.)",
            frontier.len()
        ),
        choices,
        right_choices: right,
        reveal_at: index + 1,
        why: Why::of(
            format!("Why does {} take that node?", search.to_lowercase()),
            vec![(fifo, Some(bfs)), (lifo, Some(!bfs))],
        ),
        ..Question::default()
    })
}
