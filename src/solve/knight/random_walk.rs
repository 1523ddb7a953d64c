//! Level 0 of seed 000: a random knight walk. From the start, jump to a uniformly chosen
//! unvisited square until the board is full or the knight is stuck; no heuristic, no
//! backtracking. `walks` repeats it from scratch and keeps the longest walk.

use super::{Answer, FreeMoves, Problem, note_depth, walk_outcome};
use crate::puzzle::knight::{Square, bits};
use crate::solve::{Control, Counters, Rng, Stop};
use rand::RngExt;

#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Independent walks to make (seed 000 makes one per trial).
    pub walks: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config { walks: 1 }
    }
}

pub fn solve(problem: &Problem, config: &Config, rng: &mut Rng, ctl: &mut Control) -> Answer {
    let board = problem.board;
    let mut counters = Counters::default();
    let mut best: Vec<Square> = Vec::new();
    let mut path = Vec::with_capacity(board.len());
    for _ in 0..config.walks.max(1) {
        counters.attempts += 1;
        let mut free = FreeMoves::new(board);
        path.clear();
        let mut cur = problem.start;
        let stop = loop {
            free.visit(board, cur);
            path.push(cur);
            counters.nodes += 1;
            note_depth(&mut counters, path.len());
            if let Some(stop) = ctl.tick(&counters, &path) {
                break stop;
            }
            let mask = free.mask(cur);
            if mask == 0 {
                break walk_outcome(problem, &path);
            }
            let pick = rng.random_range(0..mask.count_ones() as usize);
            let k = bits(mask).nth(pick).unwrap_or(0);
            cur = board.step(cur, k);
        };
        if path.len() > best.len() || stop == Stop::Found {
            best.clone_from(&path);
        }
        if stop != Stop::Stuck {
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
