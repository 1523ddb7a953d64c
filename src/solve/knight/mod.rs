//! Knight's tour solvers, one family per file.
//!
//! All of them work on [`FreeMoves`]: per square, a byte whose bit `k` says that move
//! `MOVES[k]` leads to an unvisited square. Visiting or leaving a square touches only its
//! (at most eight) unvisited neighbours, and a square's onward degree is a popcount.

pub mod backtrack;
pub mod construct;
pub mod count;
pub mod evolve;
pub mod random_walk;
pub mod settle;
pub mod strip;
pub mod tie_break;
pub mod trace;
pub mod tree_search;
pub mod warnsdorff;

use crate::puzzle::knight::{Board, Square, bits};
use crate::solve::{Counters, Stop};
use serde::{Deserialize, Serialize};

/// One knight's tour instance.
#[derive(Debug, Clone, Copy)]
pub struct Problem<'a> {
    /// The board to tour.
    pub board: &'a Board,
    /// The square the tour starts from.
    pub start: Square,
    /// Look for a closed tour (the last square a knight's move from the first).
    pub closed: bool,
}

/// What a knight solver reports. The path is a tour when `stop == Found`; otherwise it is
/// the longest path the solver reached (possibly empty). The caller validates it with
/// `puzzle::knight` before showing it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Answer {
    /// The tour, or the longest path reached.
    pub path: Vec<Square>,
    /// Why the solver stopped.
    pub stop: Stop,
    /// What the solver counted.
    pub counters: Counters,
}

/// The unvisited-neighbour masks of every square (see the module docs).
///
/// A visited square's mask is left as it was when it was visited: nothing changes around
/// it until it is left again, in last-in first-out order, so `leave` can undo `visit`
/// exactly.
#[derive(Clone)]
pub struct FreeMoves {
    free: Vec<u8>,
}

impl FreeMoves {
    /// Every square unvisited.
    pub fn new(board: &Board) -> FreeMoves {
        FreeMoves {
            free: board.move_masks().to_vec(),
        }
    }

    /// Every square unvisited again, without allocating.
    pub fn reset(&mut self, board: &Board) {
        self.free.copy_from_slice(board.move_masks());
    }

    /// Bit `k` set when move `k` from `sq` leads to an unvisited square.
    #[inline]
    pub fn mask(&self, sq: Square) -> u8 {
        self.free[sq as usize]
    }

    /// The number of unvisited squares a knight on (unvisited) `sq` could go on to.
    #[inline]
    pub fn degree(&self, sq: Square) -> u32 {
        self.free[sq as usize].count_ones()
    }

    /// Marks `sq` visited: its unvisited neighbours lose the move back to it.
    #[inline]
    pub fn visit(&mut self, board: &Board, sq: Square) {
        for k in bits(self.free[sq as usize]) {
            let t = board.step(sq, k);
            self.free[t as usize] &= !(1 << (7 - k));
        }
    }

    /// Undoes [`FreeMoves::visit`] of `sq` (the last square visited and not yet left).
    #[inline]
    pub fn leave(&mut self, board: &Board, sq: Square) {
        for k in bits(self.free[sq as usize]) {
            let t = board.step(sq, k);
            self.free[t as usize] |= 1 << (7 - k);
        }
    }
}

/// Bumps the depth counters after a square is added to the path.
#[inline]
pub(crate) fn note_depth(counters: &mut Counters, depth: usize) {
    counters.depth = depth as u64;
    if counters.depth > counters.max_depth {
        counters.max_depth = counters.depth;
    }
}

/// Whether a finished path of all squares meets the closed-tour requirement.
pub(crate) fn closes(problem: &Problem, path: &[Square]) -> bool {
    !problem.closed || problem.board.is_closed(path)
}

/// A greedy walk's result: `Found` when the path covers the board (and closes, when asked),
/// else `Stuck`.
pub(crate) fn walk_outcome(problem: &Problem, path: &[Square]) -> Stop {
    if path.len() == problem.board.len() && closes(problem, path) {
        Stop::Found
    } else {
        Stop::Stuck
    }
}

#[cfg(test)]
pub(crate) mod test_support {
    use crate::solve::{Budget, Control};

    /// Runs `f` with `budget`, no cancel flag and no observer.
    pub fn with_control<T>(budget: Budget, f: impl FnOnce(&mut Control) -> T) -> T {
        f(&mut Control::quiet(budget))
    }
}
