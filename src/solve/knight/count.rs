//! Exhaustive enumeration of knight's tours from one square (the Knight's Tour solver
//! report, section 2.1.3), pruned so that it never walks into a dead end it could have
//! seen.
//!
//! Tours are directed: a tour and its reverse count twice, as in the solver report's "304
//! tours from a corner of 5×5". After each move the search keeps, for every unvisited
//! square, its number of unvisited neighbours, and how many unvisited squares have 0 or 1
//! of them. With the knight on `cur` and squares still to visit, a completion is
//! impossible when
//! - an unvisited square not next to `cur` has no unvisited neighbour (it can never be
//!   entered), or one next to `cur` has none while others remain (entering it ends the walk);
//! - two unvisited squares not next to `cur` have one unvisited neighbour each (each could
//!   only be the last square);
//! - for a closed tour, no square next to the start is left for the last move.
//!
//! "Calls" counts squares entered, the solver report's `TotalRuns` (its recursive calls),
//! which with this pruning is far fewer than the solver report's unpruned search makes.

use super::trace::{KnightStep, Options, Prune};
use super::{FreeMoves, Problem};
use crate::puzzle::knight::{Square, bits};
use crate::solve::trace::{Off, Sink};
use crate::solve::{Control, Counters, Stop};

/// The result of counting from one square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    /// Tours found (directed: a tour and its reverse count apart).
    pub tours: u64,
    /// Squares entered (the solver report's recursive calls).
    pub calls: u64,
    /// Whether every tour was counted (false when the budget or the user stopped it).
    pub complete: bool,
    /// Why the count stopped (`Exhausted` when it is complete).
    pub stop: Stop,
    /// Everything it counted: `nodes` are the calls, `solutions` the tours, `backtracks`
    /// the squares taken back.
    pub counters: Counters,
}

/// Counts the tours from `problem.start` (closed ones if `problem.closed`).
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::knight::Board;
/// use searchlab::solve::knight::{Problem, count};
/// use searchlab::solve::{Budget, Control};
///
/// // 304 directed open tours start from a corner of 5×5.
/// let board = Board::new(5, 5).unwrap();
/// let problem = Problem { board: &board, start: 0, closed: false };
/// let c = count::count(&problem, &mut Control::quiet(Budget::unlimited()));
/// assert_eq!((c.tours, c.complete), (304, true));
/// ```
pub fn count(problem: &Problem, ctl: &mut Control) -> Count {
    Counter::new(problem).run(ctl, u64::MAX, &mut Off).0
}

/// [`count`], telling `trace` each square entered (with the moves the pruned search
/// tries from the square before, and their onward degrees), each path given up by a
/// pruning rule, each tour counted and each square taken back. Also returns the path where
/// the count stopped (empty when it finished).
pub fn count_traced<T: Sink<KnightStep>>(
    problem: &Problem,
    ctl: &mut Control,
    trace: &mut T,
) -> (Count, Vec<Square>) {
    Counter::new(problem).run(ctl, u64::MAX, trace)
}

/// Whether a tour from `problem.start` exists: the same search, stopped at the first tour.
/// `None` when the budget ran out first.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::knight::Board;
/// use searchlab::solve::knight::{Problem, count};
/// use searchlab::solve::{Budget, Control};
///
/// // On 5×5 a tour visits 13 squares of the corners' colour and 12 of the other, so it
/// // must start on the corners' colour: none starts next to a corner.
/// let board = Board::new(5, 5).unwrap();
/// let mut ctl = Control::quiet(Budget::unlimited());
/// let from = |start| Problem { board: &board, start, closed: false };
/// assert_eq!(count::exists(&from(0), &mut ctl), Some(true));
/// assert_eq!(count::exists(&from(1), &mut ctl), Some(false));
/// ```
pub fn exists(problem: &Problem, ctl: &mut Control) -> Option<bool> {
    let (c, _) = Counter::new(problem).run(ctl, 1, &mut Off);
    if c.tours > 0 {
        Some(true)
    } else if c.stop == Stop::Exhausted {
        Some(false)
    } else {
        None
    }
}

struct Counter<'a> {
    problem: &'a Problem<'a>,
    free: FreeMoves,
    /// Unvisited squares with no / one unvisited neighbour.
    zero: i64,
    one: i64,
    /// Unvisited squares next to the start (closed tours only).
    start_exits: i64,
}

impl<'a> Counter<'a> {
    fn new(problem: &'a Problem<'a>) -> Self {
        let board = problem.board;
        let free = FreeMoves::new(board);
        let (mut zero, mut one) = (0, 0);
        for sq in 0..board.len() as Square {
            match free.degree(sq) {
                0 => zero += 1,
                1 => one += 1,
                _ => {}
            }
        }
        Counter {
            problem,
            free,
            zero,
            one,
            start_exits: board.degree(problem.start) as i64,
        }
    }

    #[inline]
    fn visit(&mut self, sq: Square) {
        let board = self.problem.board;
        match self.free.degree(sq) {
            0 => self.zero -= 1,
            1 => self.one -= 1,
            _ => {}
        }
        for k in bits(self.free.mask(sq)) {
            let t = board.step(sq, k);
            match self.free.degree(t) {
                1 => {
                    self.one -= 1;
                    self.zero += 1;
                }
                2 => self.one += 1,
                _ => {}
            }
        }
        self.free.visit(board, sq);
        if self.problem.closed
            && sq != self.problem.start
            && board.is_knight_move(sq, self.problem.start)
        {
            self.start_exits -= 1;
        }
    }

    /// Undoes `visit(sq)`: the masks around `sq` are as they were when it was visited.
    #[inline]
    fn leave(&mut self, sq: Square) {
        let board = self.problem.board;
        for k in bits(self.free.mask(sq)) {
            match self.free.degree(board.step(sq, k)) {
                0 => {
                    self.zero -= 1;
                    self.one += 1;
                }
                1 => self.one -= 1,
                _ => {}
            }
        }
        self.free.leave(board, sq);
        match self.free.degree(sq) {
            0 => self.zero += 1,
            1 => self.one += 1,
            _ => {}
        }
        if self.problem.closed
            && sq != self.problem.start
            && board.is_knight_move(sq, self.problem.start)
        {
            self.start_exits += 1;
        }
    }

    /// The moves worth trying from `cur` with `left` squares still unvisited, or the
    /// rule that prunes the path here.
    #[inline]
    fn moves(&self, cur: Square, left: usize) -> Result<u8, Prune> {
        let board = self.problem.board;
        let mask = self.free.mask(cur);
        let (mut z, mut o) = (0, 0);
        for k in bits(mask) {
            match self.free.degree(board.step(cur, k)) {
                0 => z += 1,
                1 => o += 1,
                _ => {}
            }
        }
        if self.zero > z {
            return Err(Prune::Unreachable);
        }
        if z > 0 && left > 1 {
            return Err(Prune::Stranded);
        }
        if self.one - o > 1 {
            return Err(Prune::TwoEnds);
        }
        if self.problem.closed && self.start_exits == 0 {
            return Err(Prune::NoWayHome);
        }
        Ok(mask)
    }

    fn run<T: Sink<KnightStep>>(
        mut self,
        ctl: &mut Control,
        enough: u64,
        trace: &mut T,
    ) -> (Count, Vec<Square>) {
        let board = self.problem.board;
        let n = board.len();
        let start = self.problem.start;
        let mut counters = Counters::default();
        // The path and, per square on it, the moves still to try from there (and, traced,
        // all the moves there were).
        let mut path: Vec<Square> = Vec::with_capacity(n);
        let mut todo: Vec<u8> = Vec::with_capacity(n);
        let mut tried: Vec<u8> = Vec::new();
        self.visit(start);
        path.push(start);
        counters.nodes = 1;
        let first = if n == 1 {
            Ok(0)
        } else {
            self.moves(start, n - 1)
        };
        if n == 1 {
            counters.solutions = 1;
        }
        let mut begun = !T::ON
            || trace.step(KnightStep::Visit {
                square: start,
                options: Options::default(),
            });
        if T::ON {
            begun = begun
                && match first {
                    Err(why) => trace.step(KnightStep::Prune { square: start, why }),
                    Ok(_) if n == 1 => trace.step(KnightStep::Tour),
                    Ok(_) => true,
                };
            tried.push(first.unwrap_or(0));
        }
        todo.push(first.unwrap_or(0));
        let stop = loop {
            if !begun {
                break Stop::StepLimit;
            }
            let Some(mask) = todo.last_mut() else {
                break Stop::Exhausted;
            };
            if *mask == 0 {
                todo.pop();
                let sq = path.pop().unwrap_or(start);
                self.leave(sq);
                if !path.is_empty() {
                    counters.backtracks += 1;
                    if T::ON {
                        tried.pop();
                        if !trace.step(KnightStep::Backtrack { square: sq }) {
                            break Stop::StepLimit;
                        }
                    }
                }
                continue;
            }
            let k = mask.trailing_zeros() as usize;
            *mask &= *mask - 1;
            let cur = *path.last().unwrap_or(&start);
            let next = board.step(cur, k);
            let mut options = Options::default();
            if T::ON {
                let all = *tried.last().unwrap_or(&0);
                for j in bits(all) {
                    let t = board.step(cur, j);
                    options.push(board, cur, t, self.free.degree(t));
                }
                options = options.chose(bits(all).take_while(|&j| j != k).count());
            }
            self.visit(next);
            path.push(next);
            counters.nodes += 1;
            let left = n - path.len();
            let moves = if left == 0 {
                if !self.problem.closed || board.is_knight_move(next, start) {
                    counters.solutions += 1;
                }
                Ok(0)
            } else {
                self.moves(next, left)
            };
            todo.push(moves.unwrap_or(0));
            counters.depth = path.len() as u64;
            if T::ON {
                tried.push(moves.unwrap_or(0));
                let toured =
                    left == 0 && (!self.problem.closed || board.is_knight_move(next, start));
                let full = !trace.step(KnightStep::Visit {
                    square: next,
                    options,
                }) || match moves {
                    Err(why) => !trace.step(KnightStep::Prune { square: next, why }),
                    Ok(_) if toured => !trace.step(KnightStep::Tour),
                    Ok(_) => false,
                };
                if full {
                    break Stop::StepLimit;
                }
            }
            if counters.solutions >= enough {
                break Stop::Found;
            }
            if let Some(stop) = ctl.tick(&counters, &path) {
                break stop;
            }
        };
        ctl.finish(&counters, &path);
        let count = Count {
            tours: counters.solutions,
            calls: counters.nodes,
            complete: stop == Stop::Exhausted,
            stop,
            counters,
        };
        (count, path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::knight::Board;
    use crate::solve::Budget;
    use crate::solve::knight::test_support::with_control;

    fn count_from(cols: u64, rows: u64, start: Square, closed: bool) -> Count {
        let board = Board::new(cols, rows).unwrap();
        let problem = Problem {
            board: &board,
            start,
            closed,
        };
        with_control(Budget::unlimited(), |ctl| count(&problem, ctl))
    }

    fn total(cols: u64, rows: u64, closed: bool) -> u64 {
        (0..(cols * rows) as Square)
            .map(|s| count_from(cols, rows, s, closed).tours)
            .sum()
    }

    #[test]
    fn counts_304_tours_from_each_corner_of_5x5_and_1728_in_all() {
        for corner in [0, 4, 20, 24] {
            let c = count_from(5, 5, corner, false);
            assert_eq!(c.tours, 304);
            assert!(c.complete);
        }
        assert_eq!(total(5, 5, false), 1728);
    }

    #[test]
    fn counts_16_tours_on_3x4_and_164_on_4x5() {
        assert_eq!(total(3, 4, false), 16);
        assert_eq!(total(4, 3, false), 16);
        assert_eq!(total(4, 5, false), 164);
    }

    #[test]
    fn finds_no_tour_where_none_exists() {
        for (c, r) in [(3, 3), (4, 4), (3, 5), (5, 3), (3, 6), (6, 3)] {
            assert_eq!(total(c, r, false), 0, "{c}x{r}");
        }
        // On two rows a knight only ever moves two columns at a time.
        for n in 1..=24 {
            assert_eq!(total(2, n, false), 0, "2x{n}");
            assert_eq!(total(n, 2, false), 0, "{n}x2");
        }
    }

    #[test]
    fn a_single_square_is_one_tour() {
        assert_eq!(total(1, 1, false), 1);
    }

    #[test]
    fn counts_9862_closed_tours_of_6x6_through_a_corner_twice() {
        // 9862 undirected closed tours of 6x6 (OEIS A003763); each passes through the
        // corner once and is counted in both directions.
        assert_eq!(count_from(6, 6, 0, true).tours, 2 * 9862);
    }

    #[test]
    fn a_node_limit_stops_the_count_and_says_it_is_incomplete() {
        let board = Board::new(6, 6).unwrap();
        let problem = Problem {
            board: &board,
            start: 0,
            closed: false,
        };
        let c = with_control(Budget::unlimited().with_nodes(100_000), |ctl| {
            count(&problem, ctl)
        });
        assert!(!c.complete);
        assert_eq!(c.stop, Stop::NodeLimit);
        assert!(c.tours < 524_486);
    }
}
