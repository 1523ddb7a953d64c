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
    Counter::count_from(problem, &[problem.start], ctl, u64::MAX, &mut Off).0
}

/// Counts the tours that begin with `path`: a legal knight's path (see
/// [`crate::puzzle::knight::check_path`]) whose first square is `problem.start`. The
/// same pruned search as [`count`], begun where the path ends; `calls` counts the squares
/// it entered after the path.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::knight::Board;
/// use searchlab::solve::knight::{Problem, count};
/// use searchlab::solve::{Budget, Control};
///
/// // A corner of 5x5 has two moves; the tours through each add up to its 304.
/// let board = Board::new(5, 5).unwrap();
/// let problem = Problem { board: &board, start: 0, closed: false };
/// let mut ctl = Control::quiet(Budget::unlimited());
/// let mut through = |second| count::count_extending(&problem, &[0, second], &mut ctl).tours;
/// assert_eq!(through(7) + through(11), 304);
/// ```
pub fn count_extending(problem: &Problem, path: &[Square], ctl: &mut Control) -> Count {
    Counter::count_from(problem, path, ctl, u64::MAX, &mut Off).0
}

/// The first tour that begins with `path` (a legal path from `problem.start`), by the same
/// pruned search stopped at its first tour: `Found` with the tour, `Exhausted` when there
/// is none, or the budget's stop with the path where it stopped.
pub fn first_extending(
    problem: &Problem,
    path: &[Square],
    ctl: &mut Control,
) -> (Count, Vec<Square>) {
    let (c, at) = Counter::count_from(problem, path, ctl, 1, &mut Off);
    (c, at)
}

/// Why no tour can extend a legal path: what the counter's pruning sees at once where
/// the path ends, before it searches at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeadEnd {
    /// Squares are left to visit and the knight has no unvisited square to move to.
    NoMove,
    /// A pruning rule, and the squares that show it: the square nothing can reach, the
    /// square next to the knight with no way on, the two squares that would both have to
    /// be last (none for a closed tour with no way home).
    Pruned {
        /// The rule.
        why: Prune,
        /// The squares it is about.
        squares: Vec<Square>,
    },
}

/// Whether the pruning rules prove at once that no tour extends `path` (a legal path
/// from `problem.start`), and how. `None` does not promise a tour: only a count can tell.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::knight::Board;
/// use searchlab::solve::knight::count::{DeadEnd, dead_end};
/// use searchlab::solve::knight::Problem;
/// use searchlab::solve::knight::trace::Prune;
///
/// // On 3x4 (3 columns, 4 rows; squares numbered row by row from the top), a1 c2 a3
/// // leaves b4 and b3 with one unvisited neighbour each: both would have to be last.
/// let board = Board::new(3, 4).unwrap();
/// let problem = Problem { board: &board, start: 9, closed: false };
/// let dead = dead_end(&problem, &[9, 8, 3]);
/// assert_eq!(dead, Some(DeadEnd::Pruned { why: Prune::TwoEnds, squares: vec![1, 4] }));
/// ```
pub fn dead_end(problem: &Problem, path: &[Square]) -> Option<DeadEnd> {
    let board = problem.board;
    let Ok(mut counter) = Counter::new(problem, || None) else {
        return None;
    };
    for &sq in path {
        counter.visit(sq);
    }
    let cur = *path.last()?;
    let left = board.len().checked_sub(path.len())?;
    if left == 0 {
        return None;
    }
    let why = match counter.moves(cur, left) {
        Ok(0) => return Some(DeadEnd::NoMove),
        Ok(_) => return None,
        Err(why) => why,
    };
    let mut visited = vec![false; board.len()];
    for &sq in path {
        visited[sq as usize] = true;
    }
    let next_to_knight = |sq: Square| board.is_knight_move(cur, sq);
    let unvisited = (0..board.len() as Square).filter(|&sq| !visited[sq as usize]);
    let free = &counter.free;
    let squares: Vec<Square> = match why {
        Prune::Unreachable => unvisited
            .filter(|&sq| !next_to_knight(sq) && free.degree(sq) == 0)
            .take(1)
            .collect(),
        Prune::Stranded => unvisited
            .filter(|&sq| next_to_knight(sq) && free.degree(sq) == 0)
            .take(1)
            .collect(),
        Prune::TwoEnds => unvisited
            .filter(|&sq| !next_to_knight(sq) && free.degree(sq) == 1)
            .take(2)
            .collect(),
        Prune::NoWayHome => Vec::new(),
    };
    Some(DeadEnd::Pruned { why, squares })
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
    Counter::count_from(problem, &[problem.start], ctl, u64::MAX, trace)
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
    let (c, _) = Counter::count_from(problem, &[problem.start], ctl, 1, &mut Off);
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
    /// The counter before any square is visited; `stop` is asked every few million squares
    /// (a board of 10⁸ takes a tenth of a second) and ends the making with its stop.
    fn new(problem: &'a Problem<'a>, mut stop: impl FnMut() -> Option<Stop>) -> Result<Self, Stop> {
        let board = problem.board;
        let free = FreeMoves::new(board);
        let (mut zero, mut one) = (0, 0);
        for sq in 0..board.len() as Square {
            if sq % (1 << 22) == (1 << 22) - 1
                && let Some(why) = stop()
            {
                return Err(why);
            }
            match free.degree(sq) {
                0 => zero += 1,
                1 => one += 1,
                _ => {}
            }
        }
        Ok(Counter {
            problem,
            free,
            zero,
            one,
            start_exits: i64::from(board.degree(problem.start)),
        })
    }

    /// Counts from `path` (see `run`), or says where the making of the counter stopped.
    fn count_from<T: Sink<KnightStep>>(
        problem: &'a Problem<'a>,
        path: &[Square],
        ctl: &mut Control,
        enough: u64,
        trace: &mut T,
    ) -> (Count, Vec<Square>) {
        match Counter::new(problem, || ctl.interrupted()) {
            Ok(counter) => counter.run(path, ctl, enough, trace),
            Err(stop) => (
                Count {
                    tours: 0,
                    calls: 0,
                    complete: false,
                    stop,
                    counters: Counters::default(),
                },
                Vec::new(),
            ),
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

    /// Counts from the end of `prefix` (a legal path from the start, at least the start).
    #[allow(
        clippy::too_many_lines,
        reason = "the search's loop keeps its state in locals, as fast code wants; each part of a split would take them all"
    )]
    fn run<T: Sink<KnightStep>>(
        mut self,
        prefix: &[Square],
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
        for &sq in prefix {
            self.visit(sq);
            path.push(sq);
        }
        let last = *path.last().unwrap_or(&start);
        counters.nodes = 1;
        let left = n - path.len();
        let first = if left == 0 {
            Ok(0)
        } else {
            self.moves(last, left)
        };
        // A path that already visits every square is a tour (closed when it ends a move
        // from the start; a single square is a tour but no cycle, as `is_closed` says).
        let toured =
            left == 0 && (!self.problem.closed || (n > 1 && board.is_knight_move(last, start)));
        if toured {
            counters.solutions = 1;
        }
        let mut begun = !T::ON
            || trace.step(KnightStep::Visit {
                square: last,
                options: Options::default(),
            });
        if T::ON {
            if toured && !begun {
                // The trace ends at the visit, before it could say "tour": the count is
                // what the trace shows.
                counters.solutions = 0;
            }
            begun = begun
                && match first {
                    Err(why) => trace.step(KnightStep::Prune { square: last, why }),
                    Ok(_) if toured => trace.step(KnightStep::Tour),
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
                if path.len() >= prefix.len() {
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
                    options.push_move(j, self.free.degree(board.step(cur, j)));
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
                let visited = trace.step(KnightStep::Visit {
                    square: next,
                    options,
                });
                if toured && !visited {
                    // The trace ends at this visit, before it could say "tour": the count
                    // is what the trace shows.
                    counters.solutions -= 1;
                }
                let full = !visited
                    || match moves {
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
    use crate::testing::test;

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

    /// A random legal path of up to `len` squares from `start`.
    fn random_path(
        board: &Board,
        start: Square,
        len: usize,
        rng: &mut crate::solve::Rng,
    ) -> Vec<Square> {
        use rand::RngExt;
        let mut path = vec![start];
        while path.len() < len {
            let cur = *path.last().unwrap();
            let next: Vec<Square> = board
                .neighbours(cur)
                .filter(|s| !path.contains(s))
                .collect();
            if next.is_empty() {
                break;
            }
            path.push(next[rng.random_range(0..next.len())]);
        }
        path
    }

    #[test]
    fn counts_through_each_next_square_add_up_and_dead_ends_are_sound() {
        use rand::RngExt;
        let mut rng = crate::solve::rng_from_seed(17);
        for (cols, rows, closed) in [
            (3, 4, false),
            (4, 5, false),
            (5, 5, false),
            (5, 6, false),
            (5, 6, true),
            (4, 5, true),
        ] {
            let board = Board::new(cols, rows).unwrap();
            for trial in 0..12 {
                let start = rng.random_range(0..board.len() as Square);
                let problem = Problem {
                    board: &board,
                    start,
                    closed,
                };
                let len = 1 + trial % (board.len() / 2);
                let path = random_path(&board, start, len, &mut rng);
                let here = with_control(Budget::unlimited(), |ctl| {
                    count_extending(&problem, &path, ctl)
                });
                assert!(here.complete);
                let last = *path.last().unwrap();
                let through: u64 = board
                    .neighbours(last)
                    .filter(|s| !path.contains(s))
                    .map(|s| {
                        let mut longer = path.clone();
                        longer.push(s);
                        with_control(Budget::unlimited(), |ctl| {
                            count_extending(&problem, &longer, ctl)
                        })
                        .tours
                    })
                    .sum();
                let whole = path.len() == board.len();
                assert_eq!(
                    if whole { here.tours } else { through },
                    here.tours,
                    "{cols}x{rows} {path:?}"
                );
                // A proof of a dead end is never wrong.
                if dead_end(&problem, &path).is_some() {
                    assert_eq!(here.tours, 0, "{cols}x{rows} {path:?}");
                }
            }
        }
        // The start alone counts what counting from the start does.
        let board = Board::new(5, 5).unwrap();
        let problem = Problem {
            board: &board,
            start: 0,
            closed: false,
        };
        let alone = with_control(Budget::unlimited(), |ctl| {
            count_extending(&problem, &[0], ctl)
        });
        assert_eq!(alone.tours, 304);
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
