//! Level 0 of the Cultural Algorithm guide: a random knight walk. From the start, jump to a
//! uniformly chosen unvisited square until the board is full or the knight is stuck; no
//! heuristic, no backtracking. `walks` repeats it from scratch and keeps the longest walk.

use super::trace::{KnightStep, Options};
use super::{Answer, FreeMoves, Problem, note_depth, walk_outcome};
use crate::puzzle::knight::{Square, bits};
use crate::solve::trace::{Off, Sink};
use crate::solve::{Control, Counters, Rng, Stop};
use rand::RngExt;

/// Level 0's parameters.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Independent walks to make (the Cultural Algorithm guide makes one per trial).
    pub walks: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config { walks: 1 }
    }
}

/// Makes `config.walks` random walks from `problem.start` and answers the longest: a
/// tour (`Found`) if one covers the board, else the longest path (`Stuck`).
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::knight::Board;
/// use searchlab::solve::knight::{Problem, random_walk};
/// use searchlab::solve::{Budget, Control, Stop, rng_from_seed};
///
/// let board = Board::new(5, 5).unwrap();
/// let problem = Problem { board: &board, start: 0, closed: false };
/// let config = random_walk::Config { walks: 100 };
/// let mut ctl = Control::quiet(Budget::unlimited());
/// let answer = random_walk::solve(&problem, &config, &mut rng_from_seed(1), &mut ctl);
/// // Whether or not a walk covered the board, the longest is a legal knight's path.
/// assert!(board.validate_path(&answer.path).is_ok());
/// assert!(matches!(answer.stop, Stop::Found | Stop::Stuck));
/// assert_eq!(answer.counters.attempts, 100);
/// ```
pub fn solve(problem: &Problem, config: &Config, rng: &mut Rng, ctl: &mut Control) -> Answer {
    solve_traced(problem, config, rng, ctl, &mut Off)
}

/// [`solve`], telling `trace` each walk begun and each square entered.
pub fn solve_traced<T: Sink<KnightStep>>(
    problem: &Problem,
    config: &Config,
    rng: &mut Rng,
    ctl: &mut Control,
    trace: &mut T,
) -> Answer {
    let board = problem.board;
    let mut counters = Counters::default();
    let mut best: Vec<Square> = Vec::new();
    let mut path = Vec::with_capacity(board.len());
    // One table of free moves for every walk, a stuck walk's squares taken back in the
    // time it took (a copy of the board's table per walk took 50 ms on 10^8 squares).
    let mut free = FreeMoves::new(board);
    for _ in 0..config.walks.max(1) {
        // A walk begins only within the budget: walks that stick at once never reach a
        // check of their own.
        if counters.attempts > 0
            && let Some(stop) = ctl.interrupted()
        {
            ctl.finish(&counters, &best);
            return Answer {
                path: best,
                stop,
                counters,
            };
        }
        counters.attempts += 1;
        path.clear();
        let mut cur = problem.start;
        let mut options = Options::default();
        let begun = !T::ON
            || trace.step(KnightStep::Restart {
                attempt: counters.attempts as u32,
                rule: None,
            });
        let stop = loop {
            if !begun {
                break Stop::StepLimit;
            }
            free.visit(board, cur);
            path.push(cur);
            counters.nodes += 1;
            note_depth(&mut counters, path.len());
            if T::ON
                && !trace.step(KnightStep::Visit {
                    square: cur,
                    options,
                })
            {
                break Stop::StepLimit;
            }
            if let Some(stop) = ctl.tick(&counters, &path) {
                break stop;
            }
            let mask = free.mask(cur);
            if mask == 0 {
                break walk_outcome(problem, &path);
            }
            let pick = rng.random_range(0..mask.count_ones() as usize);
            let k = bits(mask).nth(pick).unwrap_or(0);
            let next = board.step(cur, k);
            if T::ON {
                options = Options::default();
                for j in bits(mask) {
                    options.push_move(j, free.degree(board.step(cur, j)));
                }
                options = options.chose(pick);
            }
            cur = next;
        };
        if path.len() > best.len() || stop == Stop::Found {
            best.clone_from(&path);
        }
        if stop == Stop::Stuck {
            for &sq in path.iter().rev() {
                free.leave(board, sq);
            }
        } else {
            ctl.finish(&counters, &best);
            return Answer {
                path: best,
                stop,
                counters,
            };
        }
    }
    ctl.finish(&counters, &best);
    Answer {
        path: best,
        stop: Stop::Stuck,
        counters,
    }
}
