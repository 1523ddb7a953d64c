//! The BFS/DFS search exercise's tree search: breadth-first or depth-first over states
//! `(move number, position, visited board)`.
//!
//! The root is the empty board; its children place the knight on any square (in the
//! exercise's order, column by column), or only on the start square when one is given.
//! A node's children are the unvisited squares a knight's move away, in the exercise's move
//! order `(x, y)`: (1,2), (2,1), (−1,2), (2,−1), (1,−2), (−2,1), (−1,−2), (−2,−1). The goal
//! test is applied to each node as it is generated, and every generated node counts toward
//! the node limit, so breadth-first search must generate every partial path one square
//! shorter than a tour before it can find one, while depth-first search dives straight in.
//!
//! Nodes are kept in an arena (parent, square, visited bitset), as the exercise's states
//! each hold their own board: memory grows with the nodes generated, which is the point.

use super::Problem;
use super::trace::KnightStep;
use crate::puzzle::knight::{MOVES, Square};
use crate::solve::trace::{Off, Sink};
use crate::solve::{Control, Counters, Stop};
use std::collections::VecDeque;

/// Which end of the frontier the search takes the next node from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Strategy {
    /// A queue: every node of a depth before the next depth.
    BreadthFirst,
    /// A stack: the newest node first.
    DepthFirst,
}

impl Strategy {
    /// Parses `bfs` (or `breadth-first`) or `dfs` (or `depth-first`).
    pub fn parse(text: &str) -> Result<Strategy, crate::puzzle::ChoiceError> {
        match text {
            "bfs" | "breadth-first" => Ok(Strategy::BreadthFirst),
            "dfs" | "depth-first" => Ok(Strategy::DepthFirst),
            _ => Err(crate::puzzle::ChoiceError {
                name: "strategy",
                value: text.to_string(),
                allowed: "bfs or dfs",
            }),
        }
    }

    /// `bfs` or `dfs`.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::BreadthFirst => "bfs",
            Strategy::DepthFirst => "dfs",
        }
    }
}

/// What a tree search reports.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// Whether a tour was found.
    pub found: bool,
    /// The tour found, else the longest path among the nodes generated.
    pub path: Vec<Square>,
    /// Nodes generated (each counts toward the node limit).
    pub nodes_generated: u64,
    /// Whether the search stopped on its node limit (or another budget) before finishing.
    pub limit_reached: bool,
    /// Why the search stopped.
    pub stop: Stop,
    /// The most nodes waiting in the queue or stack at once.
    pub max_frontier: u64,
}

/// Bytes the arena needs per node on a board of `squares` squares.
pub fn bytes_per_node(squares: usize) -> u64 {
    // The board copy, square, parent and depth, and a place in the frontier.
    (squares.div_ceil(64) * 8 + 16) as u64
}

const NO_PARENT: u32 = u32::MAX;

/// Words of board copies between two looks at the clock and the cancel flag: 1 MiB, well
/// under a millisecond of copying.
const LOOK_EVERY_WORDS: usize = 1 << 17;

/// Searches the state tree with `strategy` until a tour turns up, the tree is exhausted or
/// the budget (usually a node limit) runs out.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::knight::Board;
/// use searchlab::solve::knight::Problem;
/// use searchlab::solve::knight::tree_search::{self, Strategy};
/// use searchlab::solve::{Budget, Control};
///
/// let board = Board::new(4, 3).unwrap();
/// let problem = Problem { board: &board, start: 0, closed: false };
/// for strategy in [Strategy::DepthFirst, Strategy::BreadthFirst] {
///     let mut ctl = Control::quiet(Budget::unlimited().with_nodes(100_000));
///     let outcome = tree_search::search(&problem, strategy, &mut ctl);
///     assert!(outcome.found, "{}", strategy.name());
///     assert!(board.validate_tour(&outcome.path, false).is_ok());
/// }
/// ```
pub fn search(problem: &Problem, strategy: Strategy, ctl: &mut Control) -> Outcome {
    search_traced(problem, strategy, ctl, &mut Off)
}

/// [`search`], telling `trace` each node generated (numbered from 0 in that order) and
/// each node taken off the frontier to be expanded.
#[allow(
    clippy::too_many_lines,
    reason = "the search's loop keeps its state in locals, as fast code wants; each part of a split would take them all"
)]
pub fn search_traced<T: Sink<KnightStep>>(
    problem: &Problem,
    strategy: Strategy,
    ctl: &mut Control,
    trace: &mut T,
) -> Outcome {
    let board = problem.board;
    let n = board.len();
    let words = n.div_ceil(64);
    // The exercise's move order, translated from (x, y) to (row, col) move indices.
    let order: Vec<usize> = [
        (1, 2),
        (2, 1),
        (-1, 2),
        (2, -1),
        (1, -2),
        (-2, 1),
        (-1, -2),
        (-2, -1),
    ]
    .iter()
    .map(|&(x, y)| MOVES.iter().position(|&m| m == (y, x)).unwrap_or(0))
    .collect();

    let mut squares: Vec<Square> = Vec::new();
    let mut parents: Vec<u32> = Vec::new();
    let mut depths: Vec<u32> = Vec::new();
    // The board copies of every node the limit allows, reserved at once (the job's
    // memory check has counted them): growing by doubling would copy them all again.
    let mut visited: Vec<u64> = Vec::new();
    let mut frontier: VecDeque<u32> = VecDeque::new();
    if let Some(limit) = ctl.budget().nodes {
        // So are the nodes' other fields and the frontier, which may hold them all.
        let limit = usize::try_from(limit).unwrap_or(0);
        visited.reserve_exact(words.saturating_mul(limit));
        squares.reserve_exact(limit);
        parents.reserve_exact(limit);
        depths.reserve_exact(limit);
        frontier.reserve_exact(limit);
    }
    let mut counters = Counters::default();
    let mut max_frontier = 0u64;
    let mut deepest = NO_PARENT;
    let mut goal = None;

    // Generate one node; returns its index.
    let generate = |parent: u32,
                    sq: Square,
                    squares: &mut Vec<Square>,
                    parents: &mut Vec<u32>,
                    depths: &mut Vec<u32>,
                    visited: &mut Vec<u64>| {
        let id = squares.len() as u32;
        let depth = if parent == NO_PARENT {
            visited.extend(std::iter::repeat_n(0, words));
            1
        } else {
            let from = parent as usize * words;
            visited.extend_from_within(from..from + words);
            depths[parent as usize] + 1
        };
        visited[id as usize * words + sq as usize / 64] |= 1 << (sq % 64);
        squares.push(sq);
        parents.push(parent);
        depths.push(depth);
        id
    };

    // Expanding the root: every start square is a child, as many as the node limit allows
    // (each holds a copy of the board), listed only that far.
    let limit = ctl.budget().nodes.unwrap_or(u64::MAX);
    let limit = usize::try_from(limit).unwrap_or(usize::MAX);
    let roots: Vec<Square> = if problem.start != Square::MAX && n > 0 {
        vec![problem.start]
    } else {
        let (cols, rows) = (board.cols(), board.rows());
        (0..cols)
            .flat_map(|c| (0..rows).map(move |r| r * cols + c))
            .take(limit)
            .collect()
    };
    let mut stop = None;
    // Each node copies the board (a word per 64 squares): on a board of millions of
    // squares a few nodes take milliseconds, so the clock and the cancel flag are also
    // looked at after every `LOOK_EVERY_WORDS` words copied, not only every few thousand
    // nodes.
    let mut copied = 0usize;
    let mut children: Vec<u32> = Vec::with_capacity(n.min(limit).max(8));
    // Whether the trace is full: the batch generated so far is counted, then it stops.
    let mut full = false;
    for &sq in &roots {
        copied += words;
        if copied >= LOOK_EVERY_WORDS {
            copied = 0;
            if let Some(s) = ctl.interrupted() {
                stop = Some(s);
                break;
            }
        }
        children.push(generate(
            NO_PARENT,
            sq,
            &mut squares,
            &mut parents,
            &mut depths,
            &mut visited,
        ));
        if T::ON
            && !trace.step(KnightStep::Generate {
                parent: NO_PARENT,
                square: sq,
            })
        {
            full = true;
            break;
        }
    }
    loop {
        if stop.is_some() {
            break;
        }
        for &id in &children {
            counters.nodes += 1;
            let depth = depths[id as usize];
            if deepest == NO_PARENT || depth > depths[deepest as usize] {
                deepest = id;
                counters.max_depth = u64::from(depth);
            }
            if depth as usize == n && goal.is_none() {
                goal = Some(id);
            }
        }
        if goal.is_some() {
            stop = Some(Stop::Found);
            break;
        }
        if full {
            stop = Some(Stop::StepLimit);
            break;
        }
        match strategy {
            Strategy::BreadthFirst => frontier.extend(children.iter()),
            // Pushed in reverse, so the first child is expanded first.
            Strategy::DepthFirst => frontier.extend(children.iter().rev()),
        }
        max_frontier = max_frontier.max(frontier.len() as u64);
        children.clear();
        let look = if copied >= LOOK_EVERY_WORDS {
            copied = 0;
            ctl.interrupted()
        } else {
            ctl.check_every(&counters)
        };
        if let Some(s) = look {
            stop = Some(s);
            break;
        }
        let next = match strategy {
            Strategy::BreadthFirst => frontier.pop_front(),
            Strategy::DepthFirst => frontier.pop_back(),
        };
        let Some(node) = next else { break };
        if T::ON
            && !trace.step(KnightStep::Expand {
                node,
                frontier: frontier.len() as u32,
            })
        {
            stop = Some(Stop::StepLimit);
            break;
        }
        let (sq, base) = (squares[node as usize], node as usize * words);
        let mask = board.move_mask(sq);
        for &k in &order {
            if mask >> k & 1 == 0 {
                continue;
            }
            if ctl
                .budget()
                .nodes
                .is_some_and(|limit| counters.nodes + children.len() as u64 >= limit)
            {
                break;
            }
            let t = board.step(sq, k);
            if visited[base + t as usize / 64] >> (t % 64) & 1 == 0 {
                copied += words;
                children.push(generate(
                    node,
                    t,
                    &mut squares,
                    &mut parents,
                    &mut depths,
                    &mut visited,
                ));
                if T::ON
                    && !trace.step(KnightStep::Generate {
                        parent: node,
                        square: t,
                    })
                {
                    full = true;
                    break;
                }
            }
        }
    }
    let stop = stop.unwrap_or(Stop::Exhausted);
    let end = goal.unwrap_or(deepest);
    let mut path = Vec::new();
    let mut id = end;
    while id != NO_PARENT {
        path.push(squares[id as usize]);
        id = parents[id as usize];
    }
    path.reverse();
    ctl.finish(&counters, &path);
    Outcome {
        found: goal.is_some(),
        path,
        nodes_generated: counters.nodes,
        limit_reached: stop.interrupted(),
        stop,
        max_frontier,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::knight::Board;
    use crate::solve::Budget;
    use crate::solve::knight::test_support::with_control;
    use crate::testing::test;

    fn run(cols: u64, rows: u64, strategy: Strategy, limit: u64) -> (Board, Outcome) {
        let board = Board::new(cols, rows).unwrap();
        let problem = Problem {
            board: &board,
            start: Square::MAX,
            closed: false,
        };
        let out = with_control(Budget::unlimited().with_nodes(limit), |ctl| {
            search(&problem, strategy, ctl)
        });
        (board, out)
    }

    #[test]
    fn depth_first_finds_a_3x4_tour_and_breadth_first_too_with_room() {
        for strategy in [Strategy::DepthFirst, Strategy::BreadthFirst] {
            let (board, out) = run(3, 4, strategy, 1_000_000);
            assert!(out.found, "{strategy:?}");
            assert_eq!(board.validate_tour(&out.path, false), Ok(()));
        }
    }

    #[test]
    fn the_4x4_tree_is_searched_to_the_end_without_a_tour() {
        let (board, out) = run(4, 4, Strategy::DepthFirst, 10_000_000);
        assert!(!out.found);
        assert_eq!(out.stop, Stop::Exhausted);
        assert!(!out.limit_reached);
        assert!(board.validate_path(&out.path).is_ok());
        let (_, bfs) = run(4, 4, Strategy::BreadthFirst, 10_000_000);
        assert_eq!(
            bfs.nodes_generated, out.nodes_generated,
            "both generate the whole tree"
        );
    }

    #[test]
    fn the_node_limit_is_never_exceeded() {
        let (_, out) = run(5, 5, Strategy::BreadthFirst, 10_000);
        assert!(!out.found);
        assert!(out.limit_reached);
        assert!(out.nodes_generated <= 10_000);
    }
}
