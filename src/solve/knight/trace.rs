//! The steps of a knight's tour search, and how to replay them.
//!
//! The solvers emit these themselves (see [`crate::solve::trace`]): a traced run is the
//! same search as an untraced one, step for step.

use super::tie_break::TieBreak;
use crate::puzzle::knight::{Board, Square};
use crate::solve::Stop;

/// The unvisited squares the knight could go to from where it stands, in the order the
/// solver ranked them, each with its onward degree (its unvisited neighbours; for a closed
/// tour Warnsdorff's rule counts the start square as one), and which one it took.
///
/// Kept in ten bytes: each candidate is a move number (0–7, see
/// [`MOVES`](crate::puzzle::knight::MOVES)) and a degree.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Options {
    len: u8,
    chosen: u8,
    moves: [u8; 8],
}

impl Options {
    /// Adds the candidate reached from `from` by `to` with `onward` unvisited neighbours.
    #[inline]
    pub fn push(&mut self, board: &Board, from: Square, to: Square, onward: u32) {
        if (self.len as usize) < 8 {
            let k = move_between(board, from, to).unwrap_or(0) as u8;
            self.moves[self.len as usize] = k | (onward.min(15) as u8) << 3;
            self.len += 1;
        }
    }

    /// Adds the candidate reached by move `k` (see
    /// [`MOVES`](crate::puzzle::knight::MOVES)) with `onward` unvisited neighbours.
    #[inline]
    pub fn push_move(&mut self, k: usize, onward: u32) {
        if (self.len as usize) < 8 {
            self.moves[self.len as usize] = (k & 7) as u8 | (onward.min(15) as u8) << 3;
            self.len += 1;
        }
    }

    /// The same options with candidate `index` marked as taken.
    #[inline]
    pub fn chose(mut self, index: usize) -> Options {
        self.chosen = index as u8;
        self
    }

    /// How many candidates there were.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there were none (the start square).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The position of the candidate taken.
    pub fn chosen(&self) -> usize {
        self.chosen as usize
    }

    /// The candidates from `from`, best first: `(square, onward degree)`.
    pub fn candidates<'a>(
        &'a self,
        board: &'a Board,
        from: Square,
    ) -> impl Iterator<Item = (Square, u32)> + 'a {
        self.moves[..self.len as usize]
            .iter()
            .map(move |&m| (board.step(from, (m & 7) as usize), u32::from(m >> 3)))
    }
}

/// The move number (into [`MOVES`]) that takes a knight from `from` to `to`, if any: by the
/// board's move table, no division.
#[inline]
pub fn move_between(board: &Board, from: Square, to: Square) -> Option<usize> {
    let mask = board.move_mask(from);
    (0..8).find(|&k| mask >> k & 1 == 1 && board.step(from, k) == to)
}

/// Why a search gave up on a square as soon as it entered it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Prune {
    /// An unvisited square (not next to the knight) has no unvisited neighbour left: it
    /// can never be entered.
    Unreachable,
    /// A square next to the knight has no other unvisited neighbour: entering it ends the
    /// walk there, and leaving it out strands it, with more squares still to visit.
    Stranded,
    /// Two unvisited squares away from the knight have one unvisited neighbour each: both
    /// would have to be the last square.
    TwoEnds,
    /// A closed tour needs a square next to the start at the end, and none is left.
    NoWayHome,
}

impl Prune {
    /// A sentence for the step log.
    pub fn describe(self) -> &'static str {
        match self {
            Prune::Unreachable => {
                "an unvisited square has no unvisited neighbour left, so nothing can reach it"
            }
            Prune::Stranded => {
                "a square next to the knight has no other way out: it could only be the last square, and others remain"
            }
            Prune::TwoEnds => {
                "two unvisited squares have one way in each: both would have to be the last square"
            }
            Prune::NoWayHome => "no square next to the start is left for the closing move",
        }
    }

    /// The name in `--json` output.
    pub fn name(self) -> &'static str {
        match self {
            Prune::Unreachable => "unreachable",
            Prune::Stranded => "stranded",
            Prune::TwoEnds => "two-ends",
            Prune::NoWayHome => "no-way-home",
        }
    }
}

/// One decision of a knight's tour search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum KnightStep {
    /// A fresh walk begins from the start square (the path is emptied; a `Visit` of the
    /// start follows). `rule`: the tie-break of a Warnsdorff walk, `None` for a random walk.
    Restart {
        /// 1 for the first walk.
        attempt: u32,
        /// The tie-break rule this walk uses.
        rule: Option<TieBreak>,
    },
    /// The knight enters `square`, chosen from `options`.
    Visit {
        /// The square entered.
        square: Square,
        /// What it could have entered instead, and which it took.
        options: Options,
    },
    /// The search sees that the path it just made cannot become a tour (it backtracks next).
    Prune {
        /// The square the knight stands on.
        square: Square,
        /// The rule that saw it.
        why: Prune,
    },
    /// The knight takes back `square`, the last square of the path.
    Backtrack {
        /// The square left.
        square: Square,
    },
    /// The path covers the board (and closes, when asked): a tour, counted.
    Tour,
    /// A tree search takes node `node` off its frontier to expand it.
    Expand {
        /// The node's number (nodes are numbered in the order they were generated).
        node: u32,
        /// Nodes left on the frontier after taking it.
        frontier: u32,
    },
    /// A tree search generates a node: the knight on `square`, one move on from `parent`
    /// (`u32::MAX` for a child of the empty root). It goes on the frontier.
    Generate {
        /// The node it extends.
        parent: u32,
        /// The square it adds.
        square: Square,
    },
}

/// A knight's search takes each step alone.
impl crate::solve::trace::Step for KnightStep {}

impl KnightStep {
    /// The kind's name in `--json` output.
    pub fn kind(&self) -> &'static str {
        match self {
            KnightStep::Restart { .. } => "restart",
            KnightStep::Visit { .. } => "visit",
            KnightStep::Prune { .. } => "prune",
            KnightStep::Backtrack { .. } => "backtrack",
            KnightStep::Tour => "tour",
            KnightStep::Expand { .. } => "expand",
            KnightStep::Generate { .. } => "generate",
        }
    }
}

/// A node of a tree search, as its steps built it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TreeNode {
    /// The node it extends (`u32::MAX` for a child of the root).
    pub parent: u32,
    /// The square it adds.
    pub square: Square,
    /// Squares on its path.
    pub depth: u32,
}

/// Every node a tree search generated, numbered in the order its `Generate` steps came
/// (empty for other searches). Nodes are never removed, so one list serves every step.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tree {
    /// The nodes, by number.
    pub nodes: Vec<TreeNode>,
}

impl Tree {
    /// The nodes the `Generate` steps of `steps` make.
    pub fn of(steps: &[KnightStep]) -> Tree {
        let mut nodes: Vec<TreeNode> = Vec::new();
        for step in steps {
            if let KnightStep::Generate { parent, square } = *step {
                let depth = nodes.get(parent as usize).map_or(1, |p| p.depth + 1);
                nodes.push(TreeNode {
                    parent,
                    square,
                    depth,
                });
            }
        }
        Tree { nodes }
    }

    /// Node `id`, if there is one.
    pub fn get(&self, id: u32) -> Option<&TreeNode> {
        self.nodes.get(id as usize)
    }

    /// The squares of node `node`, from the first.
    pub fn path_to(&self, node: u32) -> Vec<Square> {
        let mut path = Vec::new();
        self.path_into(node, &mut path);
        path
    }

    /// [`Tree::path_to`] written into `path`, whose room is used again.
    pub fn path_into(&self, node: u32, path: &mut Vec<Square>) {
        path.clear();
        let mut id = node;
        while let Some(n) = self.get(id) {
            path.push(n.square);
            id = n.parent;
        }
        path.reverse();
    }
}

/// The board's state after some steps: the knight's path, and for a tree search how many
/// nodes exist and which is being expanded.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KnightState {
    /// The path now: the current walk, the backtracking search's path, or the path of the
    /// tree search's node being expanded.
    pub path: Vec<Square>,
    /// Tree searches: nodes generated so far (the first ones of the [`Tree`]).
    pub generated: u32,
    /// Tree searches: the node being expanded.
    pub expanding: Option<u32>,
    /// Tours counted.
    pub tours: u64,
}

impl KnightState {
    /// Applies one step; `tree` is the trace's [`Tree`].
    pub fn apply(&mut self, step: &KnightStep, tree: &Tree) {
        match *step {
            KnightStep::Restart { .. } => self.path.clear(),
            KnightStep::Visit { square, .. } => self.path.push(square),
            KnightStep::Backtrack { .. } => {
                self.path.pop();
            }
            KnightStep::Prune { .. } => {}
            KnightStep::Tour => self.tours += 1,
            KnightStep::Expand { node, .. } => {
                self.expanding = Some(node);
                tree.path_into(node, &mut self.path);
            }
            KnightStep::Generate { .. } => self.generated += 1,
        }
    }
}

/// How a search turns its steps into the path it answers with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Family {
    /// Walks without backtracking (random walk, Warnsdorff): the longest walk, the first
    /// of equals, or the tour.
    Walks,
    /// Depth-first backtracking: the tour, or the longest path it held.
    Backtracking,
    /// Counting: the path where it stopped (none when it finished: it has taken back the
    /// start too, which is no backtrack, and has no step).
    Counting,
    /// Breadth- or depth-first tree search: the path of the first deepest node generated
    /// (the tour's, when there is one).
    Tree,
}

/// Replays `steps` from the empty board and returns the path the search answers with,
/// by `family`'s rule; `stop`: why the search stopped.
pub fn replay(steps: &[KnightStep], family: Family, stop: Stop) -> Vec<Square> {
    replay_while(steps, family, stop, || true).expect("never given up")
}

/// [`replay`], asking `go_on` every 65,536 steps: `None` when it says no (Stop or
/// Ctrl-C during a long replay).
pub fn replay_while(
    steps: &[KnightStep],
    family: Family,
    stop: Stop,
    mut go_on: impl FnMut() -> bool,
) -> Option<Vec<Square>> {
    let found = stop == Stop::Found;
    let tree = Tree::of(steps);
    let mut state = KnightState::default();
    let mut best: Vec<Square> = Vec::new();
    // `best` and the path agree on their first `shared` squares, so a new best copies only
    // the squares after them: copying the whole path at each new best made replaying a
    // backtracking search millions of squares deep take half a second.
    let mut shared = 0;
    // A tree search's answer is read off its tree, not off the path of each expansion.
    let walked = if family == Family::Tree {
        &[][..]
    } else {
        steps
    };
    for (i, step) in walked.iter().enumerate() {
        if i % (1 << 16) == 0 && !go_on() {
            return None;
        }
        match (family, step) {
            (Family::Walks, KnightStep::Restart { .. })
            | (Family::Backtracking, KnightStep::Backtrack { .. })
                if state.path.len() > best.len() =>
            {
                best.truncate(shared);
                best.extend_from_slice(&state.path[shared..]);
                shared = best.len();
            }
            _ => {}
        }
        state.apply(step, &tree);
        shared = match step {
            KnightStep::Expand { .. } => 0,
            _ => shared.min(state.path.len()),
        };
    }
    Some(match family {
        Family::Walks if found || state.path.len() > best.len() => state.path,
        Family::Walks => best,
        Family::Backtracking if found || state.path.len() >= best.len() => state.path,
        Family::Backtracking => best,
        Family::Counting if stop == Stop::Exhausted => Vec::new(),
        Family::Counting => state.path,
        Family::Tree => {
            // The first node of the greatest depth.
            let mut deepest: Option<u32> = None;
            for (id, n) in tree.nodes.iter().enumerate() {
                if deepest.is_none_or(|d| n.depth > tree.nodes[d as usize].depth) {
                    deepest = Some(id as u32);
                }
            }
            deepest.map_or_else(Vec::new, |id| tree.path_to(id))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::test;

    #[test]
    fn a_step_takes_sixteen_bytes() {
        assert!(std::mem::size_of::<KnightStep>() <= 16);
    }

    #[test]
    fn options_keep_each_candidate_square_and_degree() {
        let board = Board::new(8, 8).unwrap();
        let from = board.square(3, 3);
        let mut o = Options::default();
        let to = [board.square(1, 2), board.square(5, 4), board.square(4, 1)];
        for (i, &t) in to.iter().enumerate() {
            o.push(&board, from, t, i as u32 + 2);
        }
        let o = o.chose(1);
        let got: Vec<(Square, u32)> = o.candidates(&board, from).collect();
        assert_eq!(got, vec![(to[0], 2), (to[1], 3), (to[2], 4)]);
        assert_eq!((o.len(), o.chosen()), (3, 1));
    }
}
