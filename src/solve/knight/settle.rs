//! Settle it: a tour from the start square, or a proof that none starts there, on every
//! board, by the surest method that applies.
//!
//! 1. **A theorem** rules the tour out (Schwenk's for closed tours, the open-tour
//!    theorem, colour parity, the middle lines of a board 4 squares across): nothing to
//!    search.
//! 2. **A closed tour exists** (Schwenk 1991): it is built by [`super::construct`] from
//!    the start square in linear time. Walked from the start, a closed tour is also an
//!    open one, so this settles every open tour on such boards too.
//! 3. **A narrow board** (3 to 6 squares across) without a closed tour: Warnsdorff's rule
//!    from the start and from its images under the board's symmetries (a few linear
//!    walks), then the profile search of [`super::strip`], which finds a tour or proves
//!    that none starts there, in time linear in the board's length.
//! 4. **Any other board** (both sides odd and at least 7, or a narrow board too long for
//!    the profile search): Warnsdorff's rule, then, on boards of up to
//!    [`ROTATION_MAX_SQUARES`], the rule from the start's images under the board's
//!    symmetries (a tour found there maps back onto the start), then Pósa's rotations
//!    from the longest walk it made. When that fails too the answer is "not found", never
//!    "none exists".
//!
//! The profile search also hands over to Pósa's rotations from the start's walk when it
//! would need more memory than it may use.

use super::{Answer, Problem, construct, strip, warnsdorff};
use crate::puzzle::knight::existence::{has_closed_tour, no_tour};
use crate::puzzle::knight::orbits::{board_symmetries, image};
use crate::puzzle::knight::{Board, Square};
use crate::puzzle::symmetry::Symmetry;
use crate::solve::{Control, Counters, Rng, Stop};
use rand::RngExt;
use serde::{Deserialize, Serialize};

/// How the answer was settled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Method {
    /// A theorem rules the tour out; the sentence says which and why.
    Theorem(String),
    /// A closed tour built by construction, walked from the start.
    Construction,
    /// The profile search along a narrow board (a tour, or the proof that none exists).
    Strip,
    /// Warnsdorff's rule and, when it got stuck, Pósa's rotations.
    Rotation,
    /// Warnsdorff's rule from the start's image under one of the board's symmetries (a
    /// symmetry maps knight's moves to knight's moves), its tour mapped back onto the
    /// start: the rule's fixed orders break its ties otherwise there.
    Image(Symmetry),
}

/// Which method settled it, without the theorem's sentence: for reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// [`Method::Theorem`].
    Theorem,
    /// [`Method::Construction`].
    Construction,
    /// [`Method::Strip`].
    Strip,
    /// [`Method::Rotation`].
    Rotation,
    /// [`Method::Image`].
    Image,
}

impl Method {
    /// Which method it is.
    pub fn kind(&self) -> Kind {
        match self {
            Method::Theorem(_) => Kind::Theorem,
            Method::Construction => Kind::Construction,
            Method::Strip => Kind::Strip,
            Method::Rotation => Kind::Rotation,
            Method::Image(_) => Kind::Image,
        }
    }
}

/// The most squares Pósa's rotations work on: each rotation turns round part of the path,
/// which on larger boards could outlast the 100 ms in which a search must stop.
pub const ROTATION_MAX_SQUARES: usize = 4_000_000;

// Every board the profile search takes is one the images and rotations take too.
const _: () = assert!(strip::MAX_SQUARES <= ROTATION_MAX_SQUARES);

/// Settles `problem`: `Found` with a tour, `Exhausted` or `Impossible` when none exists
/// (by the profile search or a theorem), `Stuck` when the methods that apply found none
/// without proving anything, or the budget's stop.
pub fn solve(problem: &Problem, rng: &mut Rng, ctl: &mut Control) -> (Answer, Method) {
    solve_after(problem, None, rng, ctl)
}

/// [`solve`], after another solver got stuck with `walked` (a legal path from the start):
/// where Warnsdorff's rule and rotations are the method, the rotations start from that
/// path instead of walking again. The control's node counts start afresh.
pub fn solve_after(
    problem: &Problem,
    walked: Option<&[Square]>,
    rng: &mut Rng,
    ctl: &mut Control,
) -> (Answer, Method) {
    ctl.count_afresh();
    let board = problem.board;
    let shape = board.shape();
    let start = problem.start;
    let fail = |stop, counters| Answer {
        path: vec![start],
        stop,
        counters,
    };
    if let Some(none) = no_tour(shape, board.row_col(start), problem.closed) {
        return (
            fail(Stop::Impossible, Counters::default()),
            Method::Theorem(none.reason),
        );
    }
    if board.len() == 1 {
        let answer = Answer {
            path: vec![start],
            stop: Stop::Found,
            counters: Counters::default(),
        };
        return (answer, Method::Construction);
    }
    if has_closed_tour(shape) {
        let (path, stop, counters) = construct::solve(shape, start, ctl);
        if stop == Stop::Found {
            ctl.finish(&counters, &path);
        }
        return (
            Answer {
                path,
                stop,
                counters,
            },
            Method::Construction,
        );
    }
    if !problem.closed && strip::takes(board) {
        // Warnsdorff's rule from the start and from its images first: each walk is linear
        // in the board, where the profile search can run for seconds to its memory limit
        // (10,001×4 from row 3, file 8861: 14 s, where the half turn's walk tours).
        let walk = match walk_or_image(problem, walked, rng, ctl) {
            Ok(settled) => return settled,
            Err(stuck) => stuck,
        };
        ctl.count_afresh();
        let (outcome, counters) = strip::solve(board, start, ctl);
        let answer = match outcome {
            strip::Outcome::Tour(path) => {
                ctl.finish(&counters, &path);
                Answer {
                    path,
                    stop: Stop::Found,
                    counters,
                }
            }
            strip::Outcome::NoTour => fail(Stop::Exhausted, counters),
            // Out of memory for profiles: rotations from the walk may still find one.
            strip::Outcome::Stopped(Stop::MemoryLimit) => {
                ctl.count_afresh();
                let (path, mut spent) = walk;
                spent.nodes += counters.nodes;
                return rotations(board, path, spent, rng, ctl);
            }
            strip::Outcome::Stopped(stop) => fail(stop, counters),
        };
        return (answer, Method::Strip);
    }
    walk_and_rotate(problem, walked, rng, ctl)
}

/// Both sides odd and at least 7 (no closed tour, open ones from the corners' colour), or
/// a narrow board too long for the profile search: Warnsdorff's rule (unless `walked`
/// already is its longest walk), then on boards of up to [`ROTATION_MAX_SQUARES`] the same
/// rule from the start's images under the board's symmetries, then rotations.
fn walk_and_rotate(
    problem: &Problem,
    walked: Option<&[Square]>,
    rng: &mut Rng,
    ctl: &mut Control,
) -> (Answer, Method) {
    match walk_or_image(problem, walked, rng, ctl) {
        Ok(settled) => settled,
        Err((path, counters)) => rotations(problem.board, path, counters, rng, ctl),
    }
}

/// Warnsdorff's rule from the start (unless `walked` already is its walk) and, on boards
/// of up to [`ROTATION_MAX_SQUARES`], from the start's images: `Ok` with the answer when
/// a walk tours or the budget stops it (or the board is too large for more), `Err` with
/// the start's stuck walk and the counters spent when every walk got stuck.
fn walk_or_image(
    problem: &Problem,
    walked: Option<&[Square]>,
    rng: &mut Rng,
    ctl: &mut Control,
) -> Result<(Answer, Method), (Vec<Square>, Counters)> {
    let walk = match walked {
        Some(path) => Answer {
            path: path.to_vec(),
            stop: Stop::Stuck,
            counters: Counters::default(),
        },
        None => warnsdorff::solve(problem, &warnsdorff::Config::default(), rng, ctl),
    };
    if walk.stop != Stop::Stuck || problem.board.len() > ROTATION_MAX_SQUARES {
        return Ok((walk, Method::Rotation));
    }
    let mut counters = walk.counters;
    if let Some((path, symmetry)) = through_an_image(problem, rng, ctl, &mut counters) {
        ctl.finish(&counters, &path);
        let answer = Answer {
            path,
            stop: Stop::Found,
            counters,
        };
        return Ok((answer, Method::Image(symmetry)));
    }
    Err((walk.path, counters))
}

/// Pósa's rotations from `path`, a stuck walk, with the counters spent so far.
fn rotations(
    board: &Board,
    path: Vec<Square>,
    mut counters: Counters,
    rng: &mut Rng,
    ctl: &mut Control,
) -> (Answer, Method) {
    let answer = match rotate(board, path, rng, ctl, &mut counters) {
        Ok(path) => {
            ctl.finish(&counters, &path);
            Answer {
                path,
                stop: Stop::Found,
                counters,
            }
        }
        Err((path, stop)) => Answer {
            path,
            stop,
            counters,
        },
    };
    (answer, Method::Rotation)
}

/// Warnsdorff's rule from each other image of the start under the board's symmetries, in
/// turn: the first tour found, mapped back onto the start through the symmetry's inverse
/// (a tour from an image is a tour from the start, seen in a mirror), with the symmetry.
/// `None` when every image gets stuck too, or the budget runs out.
fn through_an_image(
    problem: &Problem,
    rng: &mut Rng,
    ctl: &mut Control,
    counters: &mut Counters,
) -> Option<(Vec<Square>, Symmetry)> {
    let board = problem.board;
    let shape = board.shape();
    let mut tried = vec![problem.start];
    for &symmetry in board_symmetries(&shape) {
        let from = image(&shape, symmetry, problem.start);
        if tried.contains(&from) {
            continue;
        }
        tried.push(from);
        let mirrored = Problem {
            start: from,
            ..*problem
        };
        let walk = warnsdorff::solve(&mirrored, &warnsdorff::Config::default(), rng, ctl);
        counters.nodes += walk.counters.nodes;
        counters.attempts += walk.counters.attempts;
        match walk.stop {
            Stop::Found => {
                let back = symmetry.inverse();
                let path = (walk.path.iter())
                    .map(|&sq| image(&shape, back, sq))
                    .collect();
                return Some((path, symmetry));
            }
            Stop::Stuck => {}
            _ => return None,
        }
    }
    None
}

/// Pósa's rotation–extension, with the first square held fixed: while the far end has an
/// unvisited neighbour, step to the one with the fewest unvisited neighbours of its own
/// (Warnsdorff); when it has none, pick a square `p[i]` of the path a knight's move from
/// the end and turn round everything after it: `p[0] … p[i] end … p[i+1]`, a path over the
/// same squares whose new end `p[i+1]` may have a way on. Rotations are chosen at random
/// (from `rng`), preferring ends with a way on. The path never shrinks (a rotation keeps
/// its squares), so `Err` gives the path as it stands when the budget stops it or it has
/// rotated for long without growing.
fn rotate(
    board: &Board,
    mut path: Vec<Square>,
    rng: &mut Rng,
    ctl: &mut Control,
    counters: &mut Counters,
) -> Result<Vec<Square>, (Vec<Square>, Stop)> {
    let n = board.len();
    let mut pos = vec![NOWHERE; n];
    for (i, &sq) in path.iter().enumerate() {
        pos[sq as usize] = i as u32;
    }
    let free_degree = |pos: &[u32], sq: Square| free_degree(board, pos, sq);
    // Rotations allowed without the path growing, before giving up.
    let patience = 20 * n as u64 + 1_000;
    let mut idle = 0u64;
    // Squares turned round since the last look at the clock.
    let mut turned = 0usize;
    let mut ends: Vec<(usize, bool)> = Vec::with_capacity(8);
    while path.len() < n {
        let end = *path.last().expect("the path holds the start");
        // Extend: the unvisited neighbour with the fewest ways on, ties at random.
        let pick = fewest_onward(board, &pos, end, rng);
        counters.nodes += 1;
        if let Some((_, t)) = pick {
            pos[t as usize] = path.len() as u32;
            path.push(t);
            idle = 0;
        } else {
            // Rotate: every path square a knight's move from the end but its predecessor.
            ends.clear();
            let len = path.len();
            for u in board.neighbours(end) {
                let i = pos[u as usize];
                if i != NOWHERE && (i as usize) + 2 < len {
                    let new_end = path[i as usize + 1];
                    ends.push((i as usize, free_degree(&pos, new_end) > 0));
                }
            }
            if ends.is_empty() {
                return Err((path, Stop::Stuck));
            }
            let hopeful = ends.iter().filter(|e| e.1).count();
            let choice = if hopeful > 0 {
                let k = rng.random_range(0..hopeful);
                *ends.iter().filter(|e| e.1).nth(k).expect("k < hopeful")
            } else {
                ends[rng.random_range(0..ends.len())]
            };
            let from = choice.0 + 1;
            path[from..].reverse();
            for (j, &sq) in path[from..].iter().enumerate() {
                pos[sq as usize] = (from + j) as u32;
            }
            counters.backtracks += 1;
            // Turning round long stretches takes time: look at the clock every 65,536
            // squares turned.
            turned += len - from;
            if turned > 1 << 16 {
                turned = 0;
                if let Some(stop) = ctl.interrupted() {
                    return Err((path, stop));
                }
            }
            idle += 1;
            if idle > patience {
                return Err((path, Stop::Stuck));
            }
        }
        counters.depth = path.len() as u64;
        counters.max_depth = counters.max_depth.max(counters.depth);
        if let Some(stop) = ctl.tick(counters, &path) {
            return Err((path, stop));
        }
    }
    Ok(path)
}

/// Not on the path, in [`rotate`]'s table of each square's place on it.
const NOWHERE: u32 = u32::MAX;

/// The squares a knight on `sq` could go on to that are not on the path (`pos`).
#[inline]
fn free_degree(board: &Board, pos: &[u32], sq: Square) -> usize {
    board
        .neighbours(sq)
        .filter(|&t| pos[t as usize] == NOWHERE)
        .count()
}

/// The neighbour of `end` off the path (`pos`) with the fewest ways on, ties drawn at
/// random, with its number of ways on.
#[inline]
fn fewest_onward(
    board: &Board,
    pos: &[u32],
    end: Square,
    rng: &mut Rng,
) -> Option<(usize, Square)> {
    let mut pick: Option<(usize, Square)> = None;
    let mut ties = 0u32;
    for t in board.neighbours(end) {
        if pos[t as usize] != NOWHERE {
            continue;
        }
        let d = free_degree(board, pos, t);
        match pick {
            Some((bd, _)) if d > bd => {}
            Some((bd, _)) if d == bd => {
                ties += 1;
                if rng.random_range(0..=ties) == 0 {
                    pick = Some((d, t));
                }
            }
            _ => {
                pick = Some((d, t));
                ties = 0;
            }
        }
    }
    pick
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{Budget, rng_from_seed};
    use crate::testing::test;

    fn settle(c: u64, r: u64, row: u32, col: u32, closed: bool) -> (Answer, Method) {
        settle_within(c, r, row, col, closed, Budget::unlimited())
    }

    fn settle_within(
        c: u64,
        r: u64,
        row: u32,
        col: u32,
        closed: bool,
        budget: Budget,
    ) -> (Answer, Method) {
        let board = Board::new(c, r).unwrap();
        let problem = Problem {
            board: &board,
            start: board.square(row, col),
            closed,
        };
        let (answer, method) = solve(&problem, &mut rng_from_seed(0), &mut Control::quiet(budget));
        if answer.stop == Stop::Found {
            board.validate_tour(&answer.path, closed).unwrap();
            assert_eq!(answer.path[0], problem.start);
        }
        (answer, method)
    }

    /// Rotations finish tours Warnsdorff alone leaves: from every square of the corners'
    /// colour on boards with both sides odd, 7 to 11.
    #[test]
    fn odd_boards_from_every_square_of_the_corners_colour() {
        for (c, r) in [(7, 7), (7, 9), (9, 9), (11, 7), (9, 11)] {
            for row in 0..r as u32 {
                for col in 0..c as u32 {
                    let (answer, _) = settle(c, r, row, col, false);
                    let expected = if (row + col) % 2 == 0 {
                        Stop::Found
                    } else {
                        Stop::Impossible
                    };
                    assert_eq!(answer.stop, expected, "{c}x{r} from {row},{col}");
                }
            }
        }
    }

    /// The misses of the default solver: tours from boards that have closed
    /// tours, and from narrow boards without them.
    #[test]
    fn boards_the_greedy_solver_gave_up_on() {
        for (c, r, row, col) in [
            (54, 3, 0, 0),
            (3, 54, 0, 0),
            (5, 6, 4, 2),
            (54, 5, 1, 12),
            (5, 1000, 188, 0),
            (51, 3, 0, 0),
            (35, 4, 0, 0),
            (61, 5, 0, 22),
            (101, 3, 1, 13),
        ] {
            let (answer, _) = settle(c, r, row, col, false);
            assert_eq!(answer.stop, Stop::Found, "{c}x{r} from {row},{col}");
        }
    }

    /// Warnsdorff's rule gets stuck from row 3 of a 10,001×4 board where it tours the board
    /// from the mirror image, row 0: the image's tour, mirrored back, is a tour from the
    /// start (checked by the rules in `settle`). The images are tried before the profile
    /// search, which from this square runs to its memory limit (about 14 s on the
    /// desktop, two minutes under Node): within five million nodes a search (a walk's
    /// 100 attempts take at most 4,000,400), the walks settle it, where the profile
    /// search, with 7 million dead profiles before its memory limit, would stop at it.
    #[test]
    fn a_tour_from_the_starts_image_is_mapped_back_onto_it() {
        let budget = Budget::unlimited().with_nodes(5_000_000);
        let (answer, method) = settle_within(10_001, 4, 3, 8861, false, budget);
        assert_eq!(answer.stop, Stop::Found);
        // The half turn (row 0, file 1139) is tried first, and tours.
        assert_eq!(method, Method::Image(Symmetry::Half));
        // Every image of a square is a square of the board, and mapping back undoes it.
        let shape = Board::new(7, 5).unwrap().shape();
        for &symmetry in board_symmetries(&shape) {
            for sq in 0..35 {
                let there = image(&shape, symmetry, sq);
                assert!(there < 35);
                assert_eq!(image(&shape, symmetry.inverse(), there), sq);
            }
        }
    }
}
