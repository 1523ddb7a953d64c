use super::*;
use crate::puzzle::knight::Board;
use crate::puzzle::queens::conflicts;
use crate::run::trace::knight::KnightTrace;
use crate::run::trace::knight::KnightTraceJob;
use crate::run::trace::queens::QueensTrace;
use crate::run::trace::queens::QueensTraceJob;
use crate::run::trace::timeline::Timeline;
use crate::solve::Budget;
use crate::solve::knight::trace::KnightStep;
use crate::solve::queens::trace::QueenStep;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

mod queens;
mod why;

fn knight(algorithm: &str, cols: u64, rows: u64, seed: u64) -> KnightTrace {
    knight_with(algorithm, cols, rows, seed, &[])
}

fn knight_with(
    algorithm: &str,
    cols: u64,
    rows: u64,
    seed: u64,
    params: &[(&str, &str)],
) -> KnightTrace {
    KnightTraceJob {
        cols,
        rows,
        start: Some((0, 0)),
        closed: false,
        algorithm: algorithm.parse().unwrap(),
        params: params
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
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
    assert!(knight_refusal(&knight("random-walk", 5, 5, 1)).is_none());
}

/// The squares a knight's move from `sq` reaches, in the fixed move order, from the
/// rules (the move offsets), not the board's tables.
fn moves_in_order(board: &Board, sq: u32) -> Vec<u32> {
    let (cols, rows) = (i64::from(board.cols()), i64::from(board.rows()));
    let (c, r) = (i64::from(sq) % cols, i64::from(sq) / cols);
    crate::puzzle::knight::MOVES
        .iter()
        .map(|&(dr, dc)| (c + i64::from(dc), r + i64::from(dr)))
        .filter(|&(c, r)| (0..cols).contains(&c) && (0..rows).contains(&r))
        .map(|(c, r)| (r * cols + c) as u32)
        .collect()
}

#[test]
fn fixed_order_questions_are_answered_by_the_next_untried_move() {
    for algorithm in ["backtrack", "count"] {
        let trace = Arc::new(knight(algorithm, 5, 5, 1));
        let timeline = Timeline::new(trace.clone());
        let board = &trace.board;
        // The squares entered from each depth of the path so far.
        let mut tried: Vec<Vec<u32>> = Vec::new();
        let mut asked = 0;
        for i in 0..trace.steps.len() {
            let state = timeline.state_at(i);
            if let Some(q) = knight_question(&trace, i, &state) {
                asked += 1;
                let from = *state.path.last().unwrap();
                let free: Vec<u32> = moves_in_order(board, from)
                    .into_iter()
                    .filter(|t| !state.path.contains(t))
                    .collect();
                let depth = state.path.len();
                let done = tried.get(depth).cloned().unwrap_or_default();
                assert!(!done.is_empty(), "asked only once a move was tried");
                let next = *free.iter().find(|t| !done.contains(t)).unwrap();
                assert_eq!(q.right, [next], "{algorithm} step {i}");
                assert_eq!(q.cells, free, "the rings in the fixed order");
                let why = q.why.as_ref().expect("a why");
                assert_eq!(why.right.len(), 1);
                assert!(why.choices[why.right[0]].contains("tried from here"));
            }
            if let KnightStep::Visit { square, .. } = trace.steps[i] {
                let depth = state.path.len();
                tried.truncate(depth + 1);
                tried.resize(depth + 1, Vec::new());
                tried[depth].push(square);
            }
        }
        assert!(asked > 0, "{algorithm}");
    }
}

#[test]
fn random_walk_questions_take_every_free_square() {
    let trace = Arc::new(knight("random-walk", 6, 6, 3));
    let timeline = Timeline::new(trace.clone());
    let (mut asked, mut with_why, mut no_why) = (0, 0, 0);
    for i in 0..trace.steps.len() {
        let state = timeline.state_at(i);
        let Some(q) = knight_question(&trace, i, &state) else {
            continue;
        };
        asked += 1;
        let from = *state.path.last().unwrap();
        let mut free: Vec<u32> = moves_in_order(&trace.board, from)
            .into_iter()
            .filter(|t| !state.path.contains(t))
            .collect();
        free.sort();
        let mut right = q.right.clone();
        right.sort();
        assert_eq!(right, free);
        // "Why?": the draw among every free square; Warnsdorff's claim offered only when
        // the square drawn has more onward moves than another, the fixed order's only
        // when it is not the first free square in the knight's move order (by the rules);
        // neither false, no "Why?".
        let KnightStep::Visit { square, .. } = trace.steps[i] else {
            unreachable!()
        };
        let first_in_order = moves_in_order(&trace.board, from)
            .into_iter()
            .find(|t| !state.path.contains(t));
        let mut path = state.path.clone();
        let mut degree = |t: u32| {
            path.push(t);
            let d = onward(&trace.board, &path, t);
            path.pop();
            d
        };
        let least = free.iter().map(|&t| degree(t)).min().unwrap();
        let fewest = degree(square) == least;
        let Some(why) = q.why.as_ref() else {
            assert!(first_in_order == Some(square) && fewest, "step {i}");
            no_why += 1;
            continue;
        };
        assert!(
            why.choices[why.right[0]]
                .contains(&format!("among all the free squares ({})", free.len()))
        );
        assert_eq!(
            why.choices.iter().any(|c| c.contains("fixed move order")),
            first_in_order != Some(square),
            "{why:?}"
        );
        let offered = why.choices.iter().any(|c| c.contains("Warnsdorff"));
        assert_eq!(offered, !fewest, "{why:?}");
        with_why += 1;
    }
    assert!(asked > 0 && with_why > 0, "{asked} {with_why} {no_why}");
}

/// Backtracking as the report prints it draws among the free squares with the fewest
/// onward moves: "Why?" names that draw, and offers "the only one" only when several tie.
#[test]
fn the_reports_draw_is_asked_why() {
    let trace = Arc::new(knight_with(
        "backtrack-random",
        6,
        6,
        3,
        &[("variant", "document")],
    ));
    let timeline = Timeline::new(trace.clone());
    let mut asked = 0;
    for i in 0..trace.steps.len() {
        let state = timeline.state_at(i);
        let Some(q) = knight_question(&trace, i, &state) else {
            continue;
        };
        let from = *state.path.last().unwrap();
        let mut path = state.path.clone();
        let free: Vec<u32> = (trace.board.neighbours(from))
            .filter(|t| !path.contains(t))
            .collect();
        let degrees: Vec<usize> = (free.iter())
            .map(|&t| {
                path.push(t);
                let d = onward(&trace.board, &path, t);
                path.pop();
                d
            })
            .collect();
        let least = *degrees.iter().min().unwrap();
        let tied = degrees.iter().filter(|&&d| d == least).count();
        let why = q.why.as_ref().expect("a why");
        asked += 1;
        assert!(
            why.choices[why.right[0]].contains(&format!("among the {tied} free square")),
            "{why:?}"
        );
        assert_eq!(
            why.choices
                .iter()
                .any(|c| c.contains("the only free square")),
            tied > 1
        );
    }
    assert!(asked > 0);
}

#[test]
fn tree_search_questions_name_the_oldest_or_the_top_of_the_stack() {
    for algorithm in ["bfs", "dfs"] {
        let trace = Arc::new(knight(algorithm, 5, 5, 1));
        let tree = &trace.tree;
        let mut expanded = std::collections::HashSet::new();
        let mut generated = 0u32;
        let mut asked = 0;
        for i in 0..trace.steps.len() {
            match trace.steps[i] {
                KnightStep::Generate { .. } => generated += 1,
                KnightStep::Expand { node, .. } => {
                    let state = Timeline::new(trace.clone()).state_at(i);
                    if let Some(q) = knight_question(&trace, i, &state) {
                        asked += 1;
                        // From the rules of the two searches: breadth-first takes the
                        // oldest node not expanded; depth-first the deepest, the first
                        // made of those.
                        let waiting: Vec<u32> =
                            (0..generated).filter(|id| !expanded.contains(id)).collect();
                        let expect = if algorithm == "bfs" {
                            waiting[0]
                        } else {
                            let deepest = waiting
                                .iter()
                                .map(|&id| tree.nodes[id as usize].depth)
                                .max();
                            *waiting
                                .iter()
                                .find(|&&id| Some(tree.nodes[id as usize].depth) == deepest)
                                .unwrap()
                        };
                        assert_eq!(expect, node, "{algorithm} step {i}");
                        let right = &q.choices[q.right_choices[0]];
                        assert!(right.starts_with(&format!("Node {} ", node + 1)), "{right}");
                        let why = q.why.as_ref().unwrap();
                        let rule = if algorithm == "bfs" {
                            "First in"
                        } else {
                            "Last in"
                        };
                        assert!(why.choices[why.right[0]].starts_with(rule));
                    }
                    expanded.insert(node);
                }
                _ => {}
            }
            if asked > 60 {
                break;
            }
        }
        assert!(asked > 5, "{algorithm}: {asked}");
    }
}

#[test]
fn warnsdorff_why_names_the_one_rule_that_decided() {
    for (algorithm, seed) in [
        ("warnsdorff", 1),
        ("backtrack-warnsdorff", 2),
        ("backtrack-random", 3),
    ] {
        // The report's reading of backtrack-random draws with replacement (no "Why?");
        // the complete reading shuffles ties.
        let params: &[(&str, &str)] = if algorithm == "backtrack-random" {
            &[("variant", "complete")]
        } else {
            &[]
        };
        let trace = Arc::new(knight_with(algorithm, 6, 6, seed, params));
        let timeline = Timeline::new(trace.clone());
        let board = &trace.board;
        let mut seen = [0; 3];
        for i in 0..trace.steps.len() {
            let state = timeline.state_at(i);
            let Some(q) = knight_question(&trace, i, &state) else {
                continue;
            };
            let Some(why) = &q.why else { continue };
            assert_eq!(why.right.len(), 1, "one rule decided");
            let said = &why.choices[why.right[0]];
            let KnightStep::Visit { square, options } = trace.steps[i] else {
                unreachable!()
            };
            // From the rules: onward moves of each free square.
            let from = *state.path.last().unwrap();
            let mut path = state.path.clone();
            let onward = |t: u32, path: &mut Vec<u32>| {
                path.push(t);
                let d = onward(board, path, t);
                path.pop();
                d
            };
            let free: Vec<u32> = board
                .neighbours(from)
                .filter(|t| !path.contains(t))
                .collect();
            let degrees: Vec<usize> = free.iter().map(|&t| onward(t, &mut path)).collect();
            let mine = degrees[free.iter().position(|&t| t == square).unwrap()];
            let least = *degrees.iter().min().unwrap();
            let ties = degrees.iter().filter(|&&d| d == mine).count();
            // Each wrong choice's claim is false at this step.
            let cands: Vec<(u32, u32)> = options.candidates(board, from).collect();
            let k = options.chosen();
            let tie_decided = ties > 1 && cands[..k].iter().all(|c| c.1 as usize != mine);
            for (j, claim) in why.choices.iter().enumerate() {
                if why.right.contains(&j) {
                    continue;
                }
                if claim.contains("tried from here") {
                    assert_eq!(k, 0, "{claim}");
                } else if claim.contains("no other has as few") {
                    assert!(ties > 1 || mine != least, "{claim}");
                } else {
                    assert!(claim.contains("tie"), "{claim}");
                    assert!(!tie_decided, "{claim}");
                }
            }
            if options.chosen() > 0 {
                assert!(said.contains("tried from here"), "{said}");
                seen[2] += 1;
            } else if ties > 1 {
                assert!(said.contains("tie on"), "{said}");
                assert_eq!(mine, least);
                seen[1] += 1;
            } else {
                assert!(said.contains("fewest onward moves"), "{said}");
                assert_eq!(mine, least);
                seen[0] += 1;
            }
        }
        assert!(seen[0] + seen[1] > 0, "{algorithm}: {seen:?}");
    }
}

/// A wrong rule would leave a decision without its question (the builders give none when
/// the search's own decision is not among the right answers): every decision a whole
/// trace makes is asked, but for one the end of a trace may cut.
#[test]
fn every_decision_of_a_whole_trace_is_asked() {
    let count = |trace: &KnightTrace| {
        let trace = Arc::new(trace.clone());
        let timeline = Timeline::new(trace.clone());
        let asks = (0..trace.steps.len()).filter(|&i| knight_asks(&trace, i));
        let (mut asked, mut made, mut why) = (0, 0, 0);
        for i in asks {
            asked += 1;
            let q = knight_question(&trace, i, &timeline.state_at(i));
            made += usize::from(q.is_some());
            why += usize::from(q.is_some_and(|q| q.why.is_some()));
        }
        (asked, made, why)
    };
    for algorithm in [
        "warnsdorff",
        "backtrack-warnsdorff",
        "backtrack",
        "count",
        "bfs",
        "dfs",
        "random-walk",
        "backtrack-random",
    ] {
        let (asked, made, why) = count(&knight(algorithm, 5, 5, 2));
        assert!(
            asked > 0 && made + 1 >= asked,
            "{algorithm}: {made} of {asked}"
        );
        // "Why?" follows every decision; a random walk's only where a rule in play is
        // false of the square drawn (checked by the rules above).
        if algorithm == "random-walk" {
            assert!(
                why > 0 && why <= made,
                "{algorithm}: {why} of {made} ask why"
            );
        } else {
            assert_eq!(why, made, "{algorithm}: {why} of {made} ask why");
        }
    }
}
