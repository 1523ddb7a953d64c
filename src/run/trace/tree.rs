//! The tree a search explored, rebuilt from its trace: one node per square entered (a
//! knight's backtracking or count), per node generated (BFS, DFS) or per queen placed
//! (N-Queens backtracking), each with its parent, the step that made it, its depth, the
//! size of its subtree and how it ended. Small instances only: the tree is for looking at.

use super::knight::KnightTrace;
use super::queens::QueensTrace;
use crate::run::algo::QueensAlgo;
use crate::solve::Stop;
use crate::solve::knight::trace::{Family, KnightStep};
use crate::solve::queens::trace::QueenStep;

/// The largest knight board (in squares) and the most queens the tree is built for.
pub const MAX_TREE_SQUARES: usize = 36;
/// See [`MAX_TREE_SQUARES`].
pub const MAX_TREE_QUEENS: u64 = 8;

/// No parent: a root.
pub const ROOT: u32 = u32::MAX;

/// How a node of the tree ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// It has children: the search went on from it.
    Inner,
    /// No move (no row) led on from it.
    DeadEnd,
    /// A pruning rule gave it up at once.
    Pruned,
    /// A tour (a solution).
    Solution,
    /// Still waiting when the search stopped: on the frontier, or on the path of a search
    /// cut short.
    Frontier,
}

impl Outcome {
    /// A few words for a legend or a tooltip.
    pub fn describe(self) -> &'static str {
        match self {
            Outcome::Inner => "searched on from here",
            Outcome::DeadEnd => "dead end",
            Outcome::Pruned => "pruned",
            Outcome::Solution => "solution",
            Outcome::Frontier => "still on the frontier",
        }
    }
}

/// The explored tree.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SearchTree {
    /// Each node's parent ([`ROOT`] for a root).
    pub parent: Vec<u32>,
    /// The step that made each node.
    pub step: Vec<u32>,
    /// Each node's depth (1 for a root).
    pub depth: Vec<u32>,
    /// How each node ended.
    pub outcome: Vec<Outcome>,
    /// Nodes in each node's subtree, itself included.
    pub size: Vec<u32>,
    /// Each node's `[x0, x1)` in an icicle of width 1: a node's share of its parent's
    /// width is its share of the parent's subtree.
    pub span: Vec<(f32, f32)>,
}

impl SearchTree {
    /// How many nodes.
    pub fn len(&self) -> usize {
        self.parent.len()
    }

    /// Whether the search made no node.
    pub fn is_empty(&self) -> bool {
        self.parent.is_empty()
    }

    /// The deepest node's depth.
    pub fn max_depth(&self) -> u32 {
        self.depth.iter().copied().max().unwrap_or(0)
    }

    /// The tree of a knight trace: backtracking, counting, BFS and DFS on boards of at most
    /// [`MAX_TREE_SQUARES`] squares; `Err` says why not.
    pub fn of_knight(trace: &KnightTrace) -> Result<SearchTree, String> {
        if trace.board.len() > MAX_TREE_SQUARES {
            return Err(format!(
                "the search tree is drawn for boards of up to {MAX_TREE_SQUARES} squares (6x6); this one has {}",
                trace.board.len()
            ));
        }
        let mut b = Builder::default();
        let tree = match trace.family {
            Family::Walks => {
                return Err("a walk never backtracks: its tree is a single branch per walk".into());
            }
            Family::Tree => {
                let mut expanded: Vec<bool> = Vec::new();
                for (i, step) in trace.steps.iter().enumerate() {
                    match *step {
                        KnightStep::Generate { parent, .. } => {
                            b.add(parent, i);
                            expanded.push(false);
                        }
                        KnightStep::Expand { node, .. } => expanded[node as usize] = true,
                        _ => {}
                    }
                }
                let n = trace.board.len() as u32;
                b.finish(|b, node, leaf| {
                    if b.depth[node] == n {
                        Outcome::Solution
                    } else if !expanded[node] {
                        Outcome::Frontier
                    } else if leaf {
                        Outcome::DeadEnd
                    } else {
                        Outcome::Inner
                    }
                })
            }
            Family::Backtracking | Family::Counting => {
                let mut path: Vec<u32> = Vec::new();
                let mut marked: Vec<Option<Outcome>> = Vec::new();
                for (i, step) in trace.steps.iter().enumerate() {
                    match step {
                        KnightStep::Visit { .. } => {
                            let id = b.add(path.last().copied().unwrap_or(ROOT), i);
                            path.push(id);
                            marked.push(None);
                        }
                        KnightStep::Backtrack { .. } => {
                            path.pop();
                        }
                        KnightStep::Prune { .. } => {
                            if let Some(&top) = path.last() {
                                marked[top as usize] = Some(Outcome::Pruned);
                            }
                        }
                        KnightStep::Tour => {
                            if let Some(&top) = path.last() {
                                marked[top as usize] = Some(Outcome::Solution);
                            }
                        }
                        _ => {}
                    }
                }
                // The last path of a search that found its tour ends on the tour; of one
                // cut short, it is what was still being searched.
                if trace.stop == Stop::Found
                    && let Some(&top) = path.last()
                {
                    marked[top as usize] = Some(Outcome::Solution);
                }
                let waiting = trace.stop.interrupted();
                for &p in &path {
                    if waiting && marked[p as usize].is_none() {
                        marked[p as usize] = Some(Outcome::Frontier);
                    }
                }
                b.finish(|_, node, leaf| match marked[node] {
                    Some(o) => o,
                    None if leaf => Outcome::DeadEnd,
                    None => Outcome::Inner,
                })
            }
        };
        Ok(tree)
    }

    /// The tree of a queens trace: backtracking or CSP backtracking with at most
    /// [`MAX_TREE_QUEENS`] queens, a node per queen placed (a CSP node whose inference
    /// emptied a domain is pruned).
    pub fn of_queens(trace: &QueensTrace) -> Result<SearchTree, String> {
        if !matches!(trace.kind, QueensAlgo::Backtracking | QueensAlgo::Csp) {
            return Err("the search tree is drawn for backtracking and CSP backtracking".into());
        }
        if trace.job.n > MAX_TREE_QUEENS {
            return Err(format!(
                "the search tree is drawn for up to {MAX_TREE_QUEENS} queens; this board has {}",
                trace.job.n
            ));
        }
        let mut b = Builder::default();
        let mut path: Vec<u32> = Vec::new();
        let mut pruned: Vec<u32> = Vec::new();
        for (i, step) in trace.recorder.iter().enumerate() {
            match step {
                QueenStep::Place { .. } | QueenStep::Assign { .. } => {
                    let id = b.add(path.last().copied().unwrap_or(ROOT), i);
                    path.push(id);
                }
                QueenStep::Remove { .. } | QueenStep::Unassign { .. } => {
                    path.pop();
                }
                QueenStep::Wipeout { .. } => pruned.extend(path.last()),
                _ => {}
            }
        }
        let n = trace.job.n as u32;
        let waiting = trace.stop.interrupted();
        let on_path: Vec<bool> = {
            let mut v = vec![false; b.parent.len()];
            for &p in &path {
                v[p as usize] = true;
            }
            v
        };
        let mut was_pruned = vec![false; b.parent.len()];
        for &p in &pruned {
            was_pruned[p as usize] = true;
        }
        Ok(b.finish(|b, node, leaf| {
            if b.depth[node] == n {
                Outcome::Solution
            } else if was_pruned[node] {
                Outcome::Pruned
            } else if waiting && on_path[node] {
                Outcome::Frontier
            } else if leaf {
                Outcome::DeadEnd
            } else {
                Outcome::Inner
            }
        }))
    }

    /// The node step `index` made, or the last node made before it.
    pub fn node_of_step(&self, index: usize) -> Option<u32> {
        let at = self.step.partition_point(|&s| s as usize <= index);
        at.checked_sub(1).map(|i| i as u32)
    }

    /// The nodes from a root down to `node`.
    pub fn path_to(&self, node: u32) -> Vec<u32> {
        let mut out = Vec::new();
        let mut id = node;
        while (id as usize) < self.parent.len() {
            out.push(id);
            id = self.parent[id as usize];
        }
        out.reverse();
        out
    }
}

/// Builds a tree node by node (children after their parents).
#[derive(Default)]
struct Builder {
    parent: Vec<u32>,
    step: Vec<u32>,
    depth: Vec<u32>,
}

impl Builder {
    fn add(&mut self, parent: u32, step: usize) -> u32 {
        let depth = self.depth.get(parent as usize).map_or(1, |d| d + 1);
        self.parent.push(parent);
        self.step.push(step as u32);
        self.depth.push(depth);
        self.parent.len() as u32 - 1
    }

    /// Sizes, outcomes (`outcome(builder, node, is_leaf)`) and the icicle's spans.
    fn finish(self, outcome: impl Fn(&Builder, usize, bool) -> Outcome) -> SearchTree {
        let n = self.parent.len();
        let mut size = vec![1u32; n];
        // Children come after their parents: one pass backwards sums the subtrees.
        for i in (0..n).rev() {
            let p = self.parent[i];
            if p != ROOT {
                size[p as usize] += size[i];
            }
        }
        let outcome: Vec<Outcome> = (0..n).map(|i| outcome(&self, i, size[i] == 1)).collect();
        // Each node takes the next slice of its parent's span, in the order made.
        let roots: u32 = (0..n)
            .filter(|&i| self.parent[i] == ROOT)
            .map(|i| size[i])
            .sum();
        let mut span = vec![(0.0f32, 0.0f32); n];
        let mut next = vec![0.0f32; n];
        let mut next_root = 0.0f32;
        for i in 0..n {
            let p = self.parent[i];
            let (start, total, width) = if p == ROOT {
                (&mut next_root, 1.0f32, roots.max(1) as f32)
            } else {
                let (x0, x1) = span[p as usize];
                next[p as usize] = next[p as usize].max(x0);
                let parent_size = (size[p as usize] - 1).max(1) as f32;
                (&mut next[p as usize], x1 - x0, parent_size)
            };
            let w = total * size[i] as f32 / width;
            span[i] = (*start, *start + w);
            *start += w;
        }
        SearchTree {
            parent: self.parent,
            step: self.step,
            depth: self.depth,
            outcome,
            size,
            span,
        }
    }
}
