//! Warnsdorff's rule as a greedy walk, with no backtracking: at every step, go to the
//! unvisited square with the fewest unvisited onward squares; see [`super::tie_break`] for
//! the tie-break rules. One walk is linear in the number of squares.
//!
//! With `tie_break = auto` it tries, in turn, the rules that work best where they apply:
//! Squirrel–Cull (square boards from the top-left corner, open tours), then the fixed
//! ordering 21345678 (which covers Squirrel–Cull's one known failure, 74×74), Pohl, Roth and
//! the Knight's Tour solver report's order, then random tie-breaks until the budget or
//! `attempts` runs out.

use super::tie_break::{Ranked, Rule, TieBreak};
use super::trace::{KnightStep, Options};
use super::{Answer, FreeMoves, Problem, note_depth, walk_outcome};
use crate::puzzle::knight::Square;
use crate::solve::trace::{Off, Sink};
use crate::solve::{Control, Counters, Rng, Stop};

/// Warnsdorff's parameters.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// How ties are broken (see [`super::tie_break`]).
    pub tie_break: TieBreak,
    /// How many walks `auto` and `random` may make before giving up (each walk starts
    /// afresh; the budget may stop them sooner).
    pub attempts: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            tie_break: TieBreak::Auto,
            attempts: 100,
        }
    }
}

/// The rules `auto` tries before random ones, best first, with their names.
fn auto_rules(problem: &Problem) -> Vec<(TieBreak, Rule)> {
    let board = problem.board;
    let mut ties = Vec::new();
    if !problem.closed && problem.start == 0 {
        ties.push(TieBreak::Squirrel);
    }
    ties.extend([
        TieBreak::Order([2, 1, 3, 4, 5, 6, 7, 8]),
        TieBreak::Pohl,
        TieBreak::Roth,
        TieBreak::First,
    ]);
    ties.into_iter()
        .filter_map(|tie| Some((tie, Rule::new(tie, board)?)))
        .collect()
}

/// Walks by Warnsdorff's rule with the tie-break rules `config` asks for, one walk per rule
/// (and per random attempt), until one completes the tour: `Found` with it, else `Stuck`
/// (or the budget's stop) with the longest walk made.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::knight::Board;
/// use searchlab::solve::knight::{Problem, warnsdorff};
/// use searchlab::solve::{Budget, Control, Stop, rng_from_seed};
///
/// let board = Board::new(8, 8).unwrap();
/// let problem = Problem { board: &board, start: 0, closed: false };
/// let config = warnsdorff::Config::default();
/// let mut ctl = Control::quiet(Budget::unlimited());
/// let answer = warnsdorff::solve(&problem, &config, &mut rng_from_seed(1), &mut ctl);
/// assert_eq!(answer.stop, Stop::Found);
/// assert!(board.validate_tour(&answer.path, false).is_ok());
/// ```
pub fn solve(problem: &Problem, config: &Config, rng: &mut Rng, ctl: &mut Control) -> Answer {
    solve_traced(problem, config, rng, ctl, &mut Off)
}

/// [`solve`], telling `trace` each walk begun (with its rule) and each square entered
/// (with the squares it could have entered and their onward degrees).
pub fn solve_traced<T: Sink<KnightStep>>(
    problem: &Problem,
    config: &Config,
    rng: &mut Rng,
    ctl: &mut Control,
    trace: &mut T,
) -> Answer {
    let board = problem.board;
    let fallback = TieBreak::Order([2, 1, 3, 4, 5, 6, 7, 8]);
    let fixed: Vec<(TieBreak, Rule)> = match config.tie_break {
        TieBreak::Auto => auto_rules(problem),
        TieBreak::Random => vec![],
        tie => match Rule::new(tie, board) {
            Some(rule) => vec![(tie, rule)],
            // Squirrel–Cull off its square boards: the nearest thing, its m = 74 fallback.
            None => vec![(
                fallback,
                Rule::new(fallback, board).expect("fixed orders apply to every board"),
            )],
        },
    };
    let random_walks = match config.tie_break {
        TieBreak::Auto | TieBreak::Random => config.attempts.max(1),
        _ => 0,
    };
    let mut counters = Counters::default();
    let mut best: Vec<Square> = Vec::new();
    let mut path = Vec::with_capacity(board.len());
    let random = (TieBreak::Random, Rule::Random);
    let rules = fixed
        .iter()
        .chain(std::iter::repeat_n(&random, random_walks as usize));
    // One table of free moves for every walk: a walk that got stuck is taken back square by
    // square, in the time it took, not by copying the whole board's table again (on a
    // board of 10^8 squares where every walk sticks at once, a copy per walk took 50 ms).
    let mut free = FreeMoves::new(board);
    for (tie, rule) in rules {
        // A walk begins only within the budget: walks that stick at once never reach a
        // check of their own.
        if counters.attempts > 0
            && let Some(stop) = ctl.interrupted()
        {
            return Answer {
                path: best,
                stop,
                counters,
            };
        }
        counters.attempts += 1;
        path.clear();
        let stop = if T::ON
            && !trace.step(KnightStep::Restart {
                attempt: counters.attempts as u32,
                rule: Some(*tie),
            }) {
            Stop::StepLimit
        } else {
            path.push(problem.start);
            walk_from(
                problem,
                rule,
                rng,
                ctl,
                &mut counters,
                &mut path,
                &mut free,
                trace,
            )
        };
        if stop == Stop::Stuck {
            for &sq in path.iter().rev() {
                free.leave(board, sq);
            }
        }
        if path.len() > best.len() || stop == Stop::Found {
            if stop == Stop::Stuck {
                best.clone_from(&path);
            } else {
                // The last walk: its path is moved, not copied (a copy of a hundred
                // million squares takes a tenth of a second after Stop).
                best = std::mem::take(&mut path);
            }
        }
        ctl.finish(&counters, &best);
        if stop != Stop::Stuck {
            return Answer {
                path: best,
                stop,
                counters,
            };
        }
    }
    Answer {
        path: best,
        stop: Stop::Stuck,
        counters,
    }
}

/// One greedy walk from the start with `rule`, leaving it in `path`. Returns `Found`,
/// `Stuck` or a budget/cancel stop.
pub fn walk(
    problem: &Problem,
    rule: &Rule,
    rng: &mut Rng,
    ctl: &mut Control,
    counters: &mut Counters,
    path: &mut Vec<Square>,
) -> Stop {
    walk_traced(problem, rule, rng, ctl, counters, path, &mut Off)
}

/// [`walk`], telling `trace` each square entered. Traced, it ranks every candidate
/// ([`Rule::rank`]) instead of picking the best ([`Rule::best_move`]): the same keys, the
/// same random draws in the same order, the same choice.
#[allow(clippy::too_many_arguments)] // `walk`'s arguments and the trace
pub fn walk_traced<T: Sink<KnightStep>>(
    problem: &Problem,
    rule: &Rule,
    rng: &mut Rng,
    ctl: &mut Control,
    counters: &mut Counters,
    path: &mut Vec<Square>,
    trace: &mut T,
) -> Stop {
    path.clear();
    path.push(problem.start);
    walk_on_traced(problem, rule, rng, ctl, counters, path, trace)
}

/// [`walk`] on from the end of `path`, a legal path from the start (at least the start;
/// see [`crate::puzzle::knight::Board::validate_path`]): the squares already on it count
/// as visited, and the walk goes on from its last square, leaving the whole walk in
/// `path`. A player's "finish it for me".
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::knight::Board;
/// use searchlab::solve::knight::tie_break::{Rule, TieBreak};
/// use searchlab::solve::knight::{Problem, warnsdorff};
/// use searchlab::solve::{Budget, Control, Counters, Stop, rng_from_seed};
///
/// let board = Board::new(8, 8).unwrap();
/// let problem = Problem { board: &board, start: 0, closed: false };
/// let rule = Rule::new(TieBreak::Roth, &board).unwrap();
/// let mut path = vec![0, 10, 4]; // a8 c7 e8
/// let stop = warnsdorff::walk_on(
///     &problem, &rule, &mut rng_from_seed(1), &mut Control::quiet(Budget::unlimited()),
///     &mut Counters::default(), &mut path,
/// );
/// assert_eq!(stop, Stop::Found);
/// assert_eq!(&path[..3], &[0, 10, 4]);
/// assert!(board.validate_tour(&path, false).is_ok());
/// ```
pub fn walk_on(
    problem: &Problem,
    rule: &Rule,
    rng: &mut Rng,
    ctl: &mut Control,
    counters: &mut Counters,
    path: &mut Vec<Square>,
) -> Stop {
    walk_on_traced(problem, rule, rng, ctl, counters, path, &mut Off)
}

#[allow(clippy::too_many_arguments)] // `walk`'s arguments and the trace
fn walk_on_traced<T: Sink<KnightStep>>(
    problem: &Problem,
    rule: &Rule,
    rng: &mut Rng,
    ctl: &mut Control,
    counters: &mut Counters,
    path: &mut Vec<Square>,
    trace: &mut T,
) -> Stop {
    let mut free = FreeMoves::new(problem.board);
    if path.is_empty() {
        path.push(problem.start);
    }
    walk_from(problem, rule, rng, ctl, counters, path, &mut free, trace)
}

/// [`walk_on_traced`] with `free` the table of free moves of a board none of whose squares
/// is visited yet: the squares of `path` are visited in it, and stay so.
#[allow(clippy::too_many_arguments)] // `walk`'s arguments, the table and the trace
fn walk_from<T: Sink<KnightStep>>(
    problem: &Problem,
    rule: &Rule,
    rng: &mut Rng,
    ctl: &mut Control,
    counters: &mut Counters,
    path: &mut Vec<Square>,
    free: &mut FreeMoves,
    trace: &mut T,
) -> Stop {
    let board = problem.board;
    // The squares walked before: visited, their phases followed, the last one entered
    // below as the walk's own.
    let mut cur = path[0];
    let mut phase = rule.next_phase(0, cur);
    let given = std::mem::take(path);
    for &sq in &given[1..] {
        free.visit(board, cur);
        path.push(cur);
        phase = rule.next_phase(phase, sq);
        cur = sq;
    }
    let home = problem.closed.then_some(problem.start);
    let mut options = Options::default();
    loop {
        free.visit(board, cur);
        path.push(cur);
        counters.nodes += 1;
        note_depth(counters, path.len());
        if T::ON
            && !trace.step(KnightStep::Visit {
                square: cur,
                options,
            })
        {
            return Stop::StepLimit;
        }
        if let Some(stop) = ctl.tick(counters, path) {
            return stop;
        }
        let best = if T::ON {
            let mut ranked = [Ranked::default(); 8];
            let n = rule.rank(board, free, cur, phase, rng, home, &mut ranked);
            options = Options::default();
            for r in &ranked[..n] {
                options.push_move(r.k as usize, r.degree());
            }
            (n > 0).then_some(ranked[0].square)
        } else {
            rule.best_move(board, free, cur, phase, rng, home)
        };
        match best {
            Some(next) => {
                phase = rule.next_phase(phase, next);
                cur = next;
            }
            None => return walk_outcome(problem, path),
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

    fn run(board: &Board, start: Square, tie: TieBreak) -> Answer {
        let problem = Problem {
            board,
            start,
            closed: false,
        };
        let config = Config {
            tie_break: tie,
            attempts: 20,
        };
        with_control(Budget::unlimited(), |ctl| {
            solve(&problem, &config, &mut rng_from_seed(7), ctl)
        })
    }

    #[test]
    fn squirrel_cull_tours_every_square_board_from_5_to_120_but_74() {
        for m in 5..=120u64 {
            let board = Board::new(m, m).unwrap();
            let problem = Problem {
                board: &board,
                start: 0,
                closed: false,
            };
            let rule = Rule::new(TieBreak::Squirrel, &board).unwrap();
            let mut path = Vec::new();
            let stop = with_control(Budget::unlimited(), |ctl| {
                walk(
                    &problem,
                    &rule,
                    &mut rng_from_seed(0),
                    ctl,
                    &mut Counters::default(),
                    &mut path,
                )
            });
            if m == 74 {
                assert_eq!(stop, Stop::Stuck, "74x74 is Squirrel-Cull's known failure");
            } else {
                assert_eq!(stop, Stop::Found, "{m}x{m}");
                assert!(board.validate_tour(&path, false).is_ok());
            }
        }
    }

    #[test]
    fn auto_tours_74x74_through_its_fallback() {
        let board = Board::new(74, 74).unwrap();
        let a = run(&board, 0, TieBreak::Auto);
        assert_eq!(a.stop, Stop::Found);
        assert!(board.validate_tour(&a.path, false).is_ok());
    }

    #[test]
    fn every_rule_reports_a_legal_path() {
        let board = Board::new(9, 7).unwrap();
        for tie in [
            "first", "random", "pohl", "roth", "squirrel", "87654321", "auto",
        ] {
            let a = run(&board, board.square(3, 4), TieBreak::parse(tie).unwrap());
            assert!(board.validate_path(&a.path).is_ok(), "{tie}");
            if a.stop == Stop::Found {
                assert!(board.validate_tour(&a.path, false).is_ok());
            }
        }
    }
}
