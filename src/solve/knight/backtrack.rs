//! Depth-first backtracking for one tour (the Knight's Tour solver report, section 2.1),
//! without recursion so that boards of thousands of squares cannot overflow a thread's
//! stack.
//!
//! Three move orders:
//! - [`Order::Plain`]: the Knight's Tour solver report's fixed move order, no heuristic
//!   (`backtrack`);
//! - [`Order::Warnsdorff`]: fewest onward squares first, ties by a tie-break rule
//!   (`backtrack-warnsdorff`, the Knight's Tour solver report, 2.1.1). The report's stable
//!   sort is `tie_break=first`; it gets lost on large boards (64×64 from a corner does not
//!   finish in a minute), so the default is `auto`: Squirrel–Cull where it applies, else
//!   Roth;
//! - [`Order::Random`]: the Knight's Tour solver report, 2.1.2. Read literally
//!   ([`RandomVariant::Document`]) it keeps only the moves of lowest onward degree and
//!   draws that many of them *with replacement*, so it may repeat a move and never try
//!   others: it can miss tours, and "searched everything" then proves nothing.
//!   [`RandomVariant::Complete`] shuffles the ties and keeps every move, so it is a
//!   complete search in a random order.
//!
//! With `closed`, the search only accepts a tour whose last square is a knight's move from
//! the start, and abandons a path as soon as every square next to the start is used.

use super::tie_break::{Rule, TieBreak, onward};
use super::trace::{KnightStep, Options, Prune};
use super::{Answer, FreeMoves, Problem, note_depth};
use crate::puzzle::ChoiceError;
use crate::puzzle::knight::{Square, bits};
use crate::solve::trace::{Off, Sink};
use crate::solve::{Control, Counters, Rng, Stop};
use rand::RngExt;
use rand::seq::SliceRandom;

/// How [`Order::Random`] reads section 2.1.2 of the Knight's Tour solver report.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    strum::EnumString,
    strum::VariantNames,
    strum::IntoStaticStr,
    serde::Serialize,
    serde::Deserialize,
)]
#[strum(serialize_all = "kebab-case")]
pub enum RandomVariant {
    /// As printed: the lowest-degree moves only, drawn with replacement (incomplete).
    Document,
    /// Every move, lowest degree first, ties shuffled (a complete search).
    Complete,
}

impl RandomVariant {
    /// Parses `document` or `complete`.
    pub fn parse(text: &str) -> Result<RandomVariant, ChoiceError> {
        text.parse().map_err(|_| ChoiceError {
            name: "variant",
            value: text.to_string(),
            allowed: "document (the Knight's Tour solver report as printed: lowest-degree moves drawn with replacement, incomplete) or complete (shuffled ties, every move kept)",
        })
    }
}

/// The order in which a square's moves are tried (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// The fixed move order, no heuristic (`backtrack`).
    Plain,
    /// Fewest onward squares first, ties by the rule (`backtrack-warnsdorff`).
    Warnsdorff(TieBreak),
    /// Lowest degree in random order (`backtrack-random`).
    Random(RandomVariant),
}

/// One square of the path's moves left to try, in eight bytes (a path of 100 million
/// squares keeps 100 million of them): the moves in order as their indices into the move
/// table, three bits each, then how many there are, the next to try and the tie-break's
/// phase. The square itself is the path's at the same depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Frame(u64);

impl Frame {
    fn new(moves: &[u8], phase: u8) -> Frame {
        let mut bits = 0u64;
        for (i, &k) in moves.iter().enumerate() {
            bits |= (u64::from(k) & 7) << (3 * i);
        }
        Frame(bits | (moves.len() as u64) << 24 | u64::from(phase) << 32)
    }

    fn len(self) -> u8 {
        (self.0 >> 24 & 15) as u8
    }

    fn next(self) -> u8 {
        (self.0 >> 28 & 15) as u8
    }

    fn phase(self) -> u8 {
        (self.0 >> 32) as u8
    }

    /// The `i`-th move's index into the move table.
    fn k(self, i: u8) -> usize {
        (self.0 >> (3 * u32::from(i)) & 7) as usize
    }

    /// One more move tried.
    fn advance(&mut self) {
        self.0 += 1 << 28;
    }
}

/// The index of the move from `sq` that reaches `t`.
fn move_to(board: &crate::puzzle::knight::Board, sq: Square, t: Square) -> u8 {
    (0..8)
        .find(|&k| board.move_mask(sq) >> k & 1 == 1 && board.step(sq, k) == t)
        .unwrap_or(0) as u8
}

/// The tie-break the Warnsdorff order uses on this instance: `auto` resolved, and Roth
/// where the rule asked for does not apply (Squirrel–Cull off its boards).
pub fn resolved_tie_break(problem: &Problem, tie: TieBreak) -> TieBreak {
    let squirrel_applies = Rule::new(TieBreak::Squirrel, problem.board).is_some();
    match tie {
        TieBreak::Auto if problem.start == 0 && !problem.closed && squirrel_applies => {
            TieBreak::Squirrel
        }
        TieBreak::Auto => TieBreak::Roth,
        tie if Rule::new(tie, problem.board).is_some() => tie,
        _ => TieBreak::Roth,
    }
}

/// The concrete rule for the Warnsdorff order (`auto` resolved for this instance).
fn warnsdorff_rule(problem: &Problem, tie: TieBreak) -> Rule {
    Rule::new(resolved_tie_break(problem, tie), problem.board)
        .expect("a resolved tie-break applies to the board")
}

/// Searches depth first for one tour from `problem.start`, trying moves in `order`:
/// `Found` with the tour, `Exhausted` when there is none (for a complete order), or the
/// budget's stop with the longest path reached.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::knight::Board;
/// use searchlab::solve::knight::backtrack::{self, Order};
/// use searchlab::solve::knight::Problem;
/// use searchlab::solve::{Budget, Control, Stop, rng_from_seed};
///
/// let board = Board::new(5, 5).unwrap();
/// let problem = Problem { board: &board, start: 0, closed: false };
/// let mut ctl = Control::quiet(Budget::unlimited());
/// let answer = backtrack::solve(&problem, Order::Plain, &mut rng_from_seed(1), &mut ctl);
/// assert_eq!(answer.stop, Stop::Found);
/// assert!(board.validate_tour(&answer.path, false).is_ok());
/// ```
pub fn solve(problem: &Problem, order: Order, rng: &mut Rng, ctl: &mut Control) -> Answer {
    solve_traced(problem, order, rng, ctl, &mut Off)
}

/// [`solve`], telling `trace` each square entered (with the squares the search could have
/// entered instead, in its order, and their onward degrees), each square taken back, and
/// each path given up at once because the start has no free neighbour left.
#[allow(
    clippy::too_many_lines,
    reason = "the search's loop keeps its state in locals, as fast code wants; each part of a split would take them all"
)]
pub fn solve_traced<T: Sink<KnightStep>>(
    problem: &Problem,
    order: Order,
    rng: &mut Rng,
    ctl: &mut Control,
    trace: &mut T,
) -> Answer {
    let board = problem.board;
    let n = board.len();
    let rule = match order {
        Order::Warnsdorff(tie) => Some(warnsdorff_rule(problem, tie)),
        _ => None,
    };
    let mut free = FreeMoves::new(board);
    let mut counters = Counters::default();
    let mut path: Vec<Square> = Vec::with_capacity(n);
    let mut stack: Vec<Frame> = Vec::with_capacity(n);
    // Handed back in a few milliseconds when a search of 10⁸ squares is stopped.
    crate::platform::huge_pages::prefer_huge_pages(&path);
    crate::platform::huge_pages::prefer_huge_pages(&stack);
    let mut best: Vec<Square> = Vec::new();
    // `best` and `path` agree on their first `shared` squares: a new best copies only the
    // squares after them, not the whole path (millions of squares deep on a 10⁸ board).
    let mut shared = 0;
    // Unvisited squares a knight's move from the start: a closed tour needs one at the end.
    let mut start_exits = board.degree(problem.start);
    let home = problem.closed.then_some(problem.start);

    // Enter `sq` (already checked unvisited): push its frame with its moves in order.
    // Returns whether the path is given up at once (no way back to the start).
    let enter = |sq: Square,
                 phase: u8,
                 free: &mut FreeMoves,
                 path: &mut Vec<Square>,
                 stack: &mut Vec<Frame>,
                 start_exits: &mut u32,
                 rng: &mut Rng| {
        free.visit(board, sq);
        path.push(sq);
        if problem.closed && path.len() > 1 && board.is_knight_move(sq, problem.start) {
            *start_exits -= 1;
        }
        let mut moves = [0u8; 8];
        let mut len = 0;
        // A closed tour is lost once the start has no free neighbour left.
        let dead = problem.closed && path.len() < n && *start_exits == 0;
        if !dead {
            len = match (order, &rule) {
                (Order::Warnsdorff(_), Some(rule)) => {
                    let mut ranked = [Default::default(); 8];
                    let len = rule.rank(board, free, sq, phase, rng, home, &mut ranked);
                    for (m, r) in moves.iter_mut().zip(&ranked[..len]) {
                        *m = r.k;
                    }
                    len
                }
                (Order::Random(variant), _) => {
                    let mut squares = [0; 8];
                    let len = random_moves(problem, free, sq, variant, rng, &mut squares) as usize;
                    for (m, &t) in moves.iter_mut().zip(&squares[..len]) {
                        *m = move_to(board, sq, t);
                    }
                    len
                }
                _ => {
                    let mut len = 0;
                    for k in bits(free.mask(sq)) {
                        moves[len] = k as u8;
                        len += 1;
                    }
                    len
                }
            };
        }
        let frame = Frame::new(&moves[..len], phase);
        stack.push(frame);
        dead
    };

    let start_phase = rule.as_ref().map_or(0, |r| r.next_phase(0, problem.start));
    enter(
        problem.start,
        start_phase,
        &mut free,
        &mut path,
        &mut stack,
        &mut start_exits,
        rng,
    );
    counters.nodes = 1;
    note_depth(&mut counters, 1);
    let begun = !T::ON
        || trace.step(KnightStep::Visit {
            square: problem.start,
            options: Options::default(),
        });
    // The onward degree the order sees (Warnsdorff's counts the start for a closed tour).
    let warnsdorff = matches!(order, Order::Warnsdorff(_));
    let onward_of =
        |free: &FreeMoves, t: Square| onward(board, free, t, home.filter(|_| warnsdorff));

    let stop = loop {
        if !begun {
            break Stop::StepLimit;
        }
        if path.len() == n && (!problem.closed || board.is_closed(&path)) {
            break Stop::Found;
        }
        if let Some(stop) = ctl.tick(&counters, &path) {
            break stop;
        }
        let top = stack
            .last_mut()
            .expect("the start frame stays until the end");
        let cur = *path.last().expect("path and stack have the same length");
        if top.next() < top.len() {
            let next = board.step(cur, top.k(top.next()));
            let mut options = Options::default();
            if T::ON {
                if order == Order::Random(RandomVariant::Document) {
                    // The report's draw may repeat a square and leave others out: the
                    // step lists the free squares themselves, and which one was drawn.
                    let mut chosen = 0;
                    for (i, k) in bits(free.mask(cur)).enumerate() {
                        let t = board.step(cur, k);
                        if t == next {
                            chosen = i;
                        }
                        options.push_move(k, onward_of(&free, t));
                    }
                    options = options.chose(chosen);
                } else {
                    for i in 0..top.len() {
                        let t = board.step(cur, top.k(i));
                        options.push(board, cur, t, onward_of(&free, t));
                    }
                    options = options.chose(top.next() as usize);
                }
            }
            top.advance();
            let phase = rule.as_ref().map_or(0, |r| r.next_phase(top.phase(), next));
            let dead = enter(
                next,
                phase,
                &mut free,
                &mut path,
                &mut stack,
                &mut start_exits,
                rng,
            );
            counters.nodes += 1;
            note_depth(&mut counters, path.len());
            if T::ON
                && (!trace.step(KnightStep::Visit {
                    square: next,
                    options,
                }) || dead
                    && !trace.step(KnightStep::Prune {
                        square: next,
                        why: Prune::NoWayHome,
                    }))
            {
                break Stop::StepLimit;
            }
        } else {
            if path.len() > best.len() {
                best.truncate(shared);
                // Grown as the path grows, never past the board: a doubling past it held
                // up to 737 MB for a best path of 340 MB on 10,000×10,000.
                if best.capacity() < path.len() {
                    let wanted = path.len().max(best.capacity() * 2).min(n);
                    best.reserve_exact(wanted - best.len());
                }
                best.extend_from_slice(&path[shared..]);
                shared = path.len();
            }
            stack.pop();
            let sq = path.pop().expect("path and stack have the same length");
            shared = shared.min(path.len());
            free.leave(board, sq);
            if problem.closed && !path.is_empty() && board.is_knight_move(sq, problem.start) {
                start_exits += 1;
            }
            if stack.is_empty() {
                break Stop::Exhausted;
            }
            counters.backtracks += 1;
            counters.depth = path.len() as u64;
            if T::ON && !trace.step(KnightStep::Backtrack { square: sq }) {
                break Stop::StepLimit;
            }
        }
    };
    let (path, unused) = if stop == Stop::Found || path.len() >= best.len() {
        (path, best)
    } else {
        (best, path)
    };
    // Hundreds of megabytes each on the largest boards: given back on a thread of their
    // own, so that the search's answer is not held up by it (100 ms on 10,000×10,000).
    crate::solve::free_later((unused, stack, free));
    ctl.finish(&counters, &path);
    Answer {
        path,
        stop,
        counters,
    }
}

/// The Knight's Tour solver report's move list (2.1.2, document variant), or every move
/// with shuffled ties (complete variant), best first.
fn random_moves(
    problem: &Problem,
    free: &FreeMoves,
    sq: Square,
    variant: RandomVariant,
    rng: &mut Rng,
    out: &mut [Square; 8],
) -> u8 {
    let board = problem.board;
    let mut moves = [(0u32, 0 as Square); 8];
    let mut n = 0;
    for k in bits(free.mask(sq)) {
        let t = board.step(sq, k);
        moves[n] = (free.degree(t), t);
        n += 1;
    }
    let moves = &mut moves[..n];
    if n == 0 {
        return 0;
    }
    match variant {
        RandomVariant::Document => {
            let min = moves.iter().map(|m| m.0).min().unwrap_or(0);
            let mut ties = [0 as Square; 8];
            let mut t = 0;
            for &(d, sq) in moves.iter() {
                if d == min {
                    ties[t] = sq;
                    t += 1;
                }
            }
            // `random.choice` as many times as there are ties: with replacement.
            for slot in out.iter_mut().take(t) {
                *slot = ties[rng.random_range(0..t)];
            }
            t as u8
        }
        RandomVariant::Complete => {
            moves.shuffle(rng);
            moves.sort_by_key(|m| m.0);
            for (slot, m) in out.iter_mut().zip(moves.iter()) {
                *slot = m.1;
            }
            n as u8
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::knight::Board;
    use crate::solve::knight::test_support::with_control;
    use crate::solve::{Budget, rng_from_seed};
    use crate::testing::test;

    fn run(board: &Board, start: Square, closed: bool, order: Order, seed: u64) -> Answer {
        let problem = Problem {
            board,
            start,
            closed,
        };
        with_control(Budget::unlimited().with_nodes(50_000_000), |ctl| {
            solve(&problem, order, &mut rng_from_seed(seed), ctl)
        })
    }

    #[test]
    fn plain_backtracking_proves_no_tour_from_a_corner_of_4x4() {
        let board = Board::new(4, 4).unwrap();
        let a = run(&board, 0, false, Order::Plain, 0);
        assert_eq!(a.stop, Stop::Exhausted);
        assert!(a.counters.backtracks > 0);
        assert!(board.validate_path(&a.path).is_ok());
    }

    #[test]
    fn every_order_finds_a_legal_5x5_tour_from_the_corner() {
        let board = Board::new(5, 5).unwrap();
        for order in [
            Order::Plain,
            Order::Warnsdorff(TieBreak::First),
            Order::Warnsdorff(TieBreak::Auto),
            Order::Random(RandomVariant::Complete),
            Order::Random(RandomVariant::Document),
        ] {
            let a = run(&board, 0, false, order, 3);
            assert_eq!(a.stop, Stop::Found, "{order:?}");
            assert_eq!(board.validate_tour(&a.path, false), Ok(()));
        }
    }

    #[test]
    fn closed_search_returns_a_closed_tour_on_6x6() {
        let board = Board::new(6, 6).unwrap();
        let a = run(&board, 0, true, Order::Warnsdorff(TieBreak::Auto), 0);
        assert_eq!(a.stop, Stop::Found);
        assert_eq!(board.validate_tour(&a.path, true), Ok(()));
    }

    #[test]
    fn closed_search_proves_none_on_5x5() {
        // 25 squares: a closed tour would alternate colours around an odd cycle.
        let board = Board::new(5, 5).unwrap();
        let a = run(&board, 0, true, Order::Warnsdorff(TieBreak::First), 0);
        assert_eq!(a.stop, Stop::Exhausted);
    }

    #[test]
    fn warnsdorff_ordered_backtracking_tours_64x64_quickly() {
        let board = Board::new(64, 64).unwrap();
        let a = run(&board, 0, false, Order::Warnsdorff(TieBreak::Auto), 0);
        assert_eq!(a.stop, Stop::Found);
        assert!(a.counters.nodes < 100_000, "{} nodes", a.counters.nodes);
        assert_eq!(board.validate_tour(&a.path, false), Ok(()));
    }

    /// A search stopped part-way answers its longest path: a legal path from the start of
    /// as many squares as it ever reached (the best path is copied a suffix at a time).
    #[test]
    fn a_stopped_search_answers_a_legal_path_as_long_as_its_deepest() {
        let mut checked = 0;
        for (cols, rows) in [(5, 5), (6, 6), (4, 7), (7, 7), (8, 8)] {
            let board = Board::new(cols, rows).unwrap();
            for (start, nodes) in [(0, 37), (1, 500), (7, 4_000), (12, 20_011)] {
                for (seed, order) in [
                    Order::Plain,
                    Order::Random(RandomVariant::Complete),
                    Order::Random(RandomVariant::Document),
                ]
                .into_iter()
                .enumerate()
                {
                    let problem = Problem {
                        board: &board,
                        start,
                        closed: seed == 1,
                    };
                    let a = with_control(Budget::unlimited().with_nodes(nodes), |ctl| {
                        solve(&problem, order, &mut rng_from_seed(seed as u64), ctl)
                    });
                    if a.stop == Stop::Found {
                        continue;
                    }
                    checked += 1;
                    let case = format!("{cols}x{rows} from {start}, {nodes} nodes, {order:?}");
                    assert_eq!(board.validate_path(&a.path), Ok(()), "{case}");
                    assert_eq!(a.path[0], start, "{case}");
                    assert_eq!(a.path.len() as u64, a.counters.max_depth, "{case}");
                }
            }
        }
        assert!(checked > 30, "only {checked} searches stopped part-way");
    }

    #[test]
    fn random_orders_are_reproducible_by_seed() {
        let board = Board::new(8, 8).unwrap();
        let order = Order::Random(RandomVariant::Complete);
        let a = run(&board, 9, false, order, 42);
        let b = run(&board, 9, false, order, 42);
        assert_eq!(a.path, b.path);
        assert_eq!(a.stop, Stop::Found);
    }
}
