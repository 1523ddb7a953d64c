//! The evolutionary knight solvers: the Cultural Algorithm guide's levels 1–4 and the
//! Knight's Tour solver report's GA with repair or with heuristic. This module holds what
//! they share: the gene encoding, a visited set that clears in O(1), onward degrees,
//! tournament and roulette selection, the diversity measure and the per-generation report.
//!
//! - [`levels`]: levels 1–3 (simple GA → enhanced GA → cultural GA), built on each other
//!   through one [`levels::Operators`] trait the way the Cultural Algorithm guide's class
//!   hierarchy does.
//! - [`cultural`]: level 4, the advanced cultural algorithm (path individuals, transition
//!   beliefs, memetic local search).
//! - [`move_ga`]: `ga-repair` and `ga-heuristic` (moves 1–8, roulette, one-point
//!   crossover).

pub mod cultural;
pub mod levels;
pub mod move_ga;

use crate::puzzle::knight::{Board, Square};
pub use crate::solve::GenerationStats;
use crate::solve::{Counters, Rng};
use rand::RngExt;

/// The eight moves as genes, as (row change, column change). The Cultural Algorithm guide
/// numbers them 0–7 and the Knight's Tour solver report numbers the same moves 1–8 (its
/// figure: 1 is two down and one right, then anticlockwise), so gene `g` is the Cultural
/// Algorithm guide's move `g` and the Knight's Tour solver report's move `g + 1`.
pub const GENE_MOVES: [(i32, i32); 8] = [
    (2, 1),
    (1, 2),
    (-1, 2),
    (-2, 1),
    (-2, -1),
    (-1, -2),
    (1, -2),
    (2, -1),
];

/// Gene `g` as an index into [`crate::puzzle::knight::MOVES`].
pub const GENE_TO_MOVE: [usize; 8] = [7, 5, 3, 1, 0, 2, 4, 6];

/// The square gene `g` leads to from `sq`, or `None` off the board.
#[inline]
pub fn gene_step(board: &Board, sq: Square, g: u8) -> Option<Square> {
    let k = GENE_TO_MOVE[g as usize & 7];
    (board.move_mask(sq) >> k & 1 == 1).then(|| board.step(sq, k))
}

/// The gene that moves from `a` to `b` (a knight's move apart).
pub fn gene_between(board: &Board, a: Square, b: Square) -> Option<u8> {
    (0..8u8).find(|&g| gene_step(board, a, g) == Some(b))
}

/// A set of squares that empties in O(1): a square is in it when its stamp is the current
/// epoch. One per thread, reused across evaluations, so decoding allocates nothing.
pub struct Visited {
    stamp: Vec<u32>,
    epoch: u32,
}

impl Visited {
    /// An empty set for a board of `squares` squares.
    pub fn new(squares: usize) -> Visited {
        Visited {
            stamp: vec![0; squares],
            epoch: 1,
        }
    }

    /// Empties the set, in O(1).
    pub fn clear(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.epoch = 1;
        }
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        self.stamp[sq as usize] == self.epoch
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.stamp[sq as usize] = self.epoch;
    }
}

/// The unvisited squares a knight on `sq` could go on to.
#[inline]
pub fn onward_degree(board: &Board, visited: &Visited, sq: Square) -> u32 {
    crate::puzzle::knight::bits(board.move_mask(sq))
        .filter(|&k| !visited.contains(board.step(sq, k)))
        .count() as u32
}

/// The unvisited squares a knight on `sq` attacks, as genes in gene order.
#[inline]
pub fn free_genes(
    board: &Board,
    visited: &Visited,
    sq: Square,
) -> impl Iterator<Item = (u8, Square)> {
    (0..8u8).filter_map(move |g| {
        gene_step(board, sq, g)
            .filter(|&t| !visited.contains(t))
            .map(|t| (g, t))
    })
}

/// Population diversity: the share of (individual, position) pairs whose value differs
/// from the most common value at that position, over the positions individuals have. 0
/// when every individual is the same; near 1 when no two agree anywhere. `counts` is
/// scratch space at least as long as the largest value + 1.
pub fn diversity<E: Copy + Into<u64>, T: AsRef<[E]>>(
    individuals: &[T],
    counts: &mut Vec<u32>,
) -> f64 {
    diversity_until(individuals, counts, &mut || false).unwrap_or(0.0)
}

/// [`diversity`], asking `interrupted` every 1,024 positions (a population of long
/// chromosomes takes a while): `None` when it says stop.
pub fn diversity_until<E: Copy + Into<u64>, T: AsRef<[E]>>(
    individuals: &[T],
    counts: &mut Vec<u32>,
    interrupted: &mut dyn FnMut() -> bool,
) -> Option<f64> {
    let longest = individuals
        .iter()
        .map(|i| i.as_ref().len())
        .max()
        .unwrap_or(0);
    let (mut differing, mut total) = (0u64, 0u64);
    for pos in 0..longest {
        if pos % 1024 == 1023 && interrupted() {
            return None;
        }
        let mut present = 0u32;
        let mut mode = 0u32;
        for ind in individuals {
            if let Some(&v) = ind.as_ref().get(pos) {
                let v = v.into() as usize;
                if v >= counts.len() {
                    counts.resize(v + 1, 0);
                }
                counts[v] += 1;
                mode = mode.max(counts[v]);
                present += 1;
            }
        }
        for ind in individuals {
            if let Some(&v) = ind.as_ref().get(pos) {
                counts[v.into() as usize] = 0;
            }
        }
        differing += u64::from(present - mode);
        total += u64::from(present);
    }
    Some(if total == 0 {
        0.0
    } else {
        differing as f64 / total as f64
    })
}

/// Tournament selection: `size` distinct individuals drawn at random (Python's
/// `random.sample`), the fittest wins (the first drawn among equals).
pub fn tournament(fitness: &[f64], size: usize, rng: &mut Rng) -> usize {
    tournament_entrants(fitness, size, rng).0
}

/// [`tournament`], with the individuals it drew (the first `.2` of `.1`).
pub fn tournament_entrants(
    fitness: &[f64],
    size: usize,
    rng: &mut Rng,
) -> (usize, [usize; 16], usize) {
    let n = fitness.len();
    let size = size.clamp(1, n);
    let mut drawn = [usize::MAX; 16];
    let mut best = usize::MAX;
    for i in 0..size.min(drawn.len()) {
        let pick = loop {
            let p = rng.random_range(0..n);
            if !drawn[..i].contains(&p) {
                break p;
            }
        };
        drawn[i] = pick;
        if best == usize::MAX || fitness[pick] > fitness[best] {
            best = pick;
        }
    }
    (best, drawn, size.min(drawn.len()))
}

/// Roulette-wheel selection (Python's `random.choices` with fitness weights); uniform when
/// every weight is zero.
pub fn roulette(cumulative: &[f64], rng: &mut Rng) -> usize {
    let total = cumulative.last().copied().unwrap_or(0.0);
    if total <= 0.0 {
        return rng.random_range(0..cumulative.len().max(1));
    }
    let x = rng.random::<f64>() * total;
    cumulative
        .partition_point(|&c| c <= x)
        .min(cumulative.len() - 1)
}

/// Python's `random.randint(a, b)`: inclusive at both ends; `None` for an empty range
/// (where Python raises).
#[inline]
pub fn randint(rng: &mut Rng, a: usize, b: usize) -> Option<usize> {
    (a <= b).then(|| rng.random_range(a..=b))
}

/// Counters for an evolutionary run: `generations`, and `nodes` as chromosomes evaluated.
pub fn note_generation(counters: &mut Counters, generation: u64, evaluations: u64) {
    counters.generations = generation;
    counters.nodes = evaluations;
}

/// The longest prefix of `path` that is a legal knight's path (no square twice, every
/// step a knight's move): what a level that can hold illegal paths shows and reports.
pub fn legal_prefix(board: &Board, path: &[Square], visited: &mut Visited) -> usize {
    visited.clear();
    for (i, &sq) in path.iter().enumerate() {
        if visited.contains(sq) || (i > 0 && !board.is_knight_move(path[i - 1], sq)) {
            return i;
        }
        visited.insert(sq);
    }
    path.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::rng_from_seed;
    use crate::testing::test;

    #[test]
    fn genes_are_the_seed_figures_moves() {
        let board = Board::new(8, 8).unwrap();
        let from = board.square(3, 3);
        for (g, &(dr, dc)) in GENE_MOVES.iter().enumerate() {
            let to = gene_step(&board, from, g as u8).unwrap();
            assert_eq!(board.row_col(to), ((3 + dr) as u32, (3 + dc) as u32));
            assert_eq!(gene_between(&board, from, to), Some(g as u8));
        }
        // The Knight's Tour solver report's move 1 (gene 0) from the bottom row leaves the
        // board.
        assert_eq!(gene_step(&board, board.square(7, 0), 0), None);
    }

    #[test]
    fn diversity_is_zero_for_clones_and_high_for_strangers() {
        let mut counts = Vec::new();
        let same = vec![vec![1u32, 2, 3]; 5];
        assert_eq!(diversity(&same, &mut counts), 0.0);
        let all: Vec<Vec<u32>> = (0..4).map(|i| vec![i, i + 10]).collect();
        assert_eq!(diversity(&all, &mut counts), 0.75);
        assert!(counts.iter().all(|&c| c == 0));
    }

    #[test]
    fn tournament_picks_the_fittest_of_the_draw() {
        let mut rng = rng_from_seed(3);
        let fitness = [1.0, 5.0, 3.0];
        for _ in 0..50 {
            // Drawing all three without replacement always finds the best.
            assert_eq!(tournament(&fitness, 3, &mut rng), 1);
        }
        let cumulative = [0.0, 0.0, 2.0];
        assert_eq!(roulette(&cumulative, &mut rng), 2);
    }
}
