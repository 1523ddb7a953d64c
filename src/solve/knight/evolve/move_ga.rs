//! The Knight's Tour solver report, section 2.2: the genetic algorithm with repair
//! (`ga-repair`) and with heuristic (`ga-heuristic`).
//!
//! A chromosome is `n` genes, moves 1–8 of the document's figure (stored as genes 0–7, see
//! [`super::GENE_MOVES`]). Evaluation walks it from the start square; a gene that leaves
//! the board or lands on a visited square is *replaced*, in the chromosome itself, by a
//! move to a free square, and the walk ends when no replacement exists. Fitness is the
//! number of legal moves made, so a tour scores `n − 1`.
//!
//! - `ga-repair` replaces with the first free move "in ascending order". As
//!   `docs/SOURCES.md` notes, the worked example disagrees with its own figure, so the
//!   order is a parameter: [`RepairOrder::Ascending`] (moves 1, 2, …, 8; the default, as
//!   the text says) or [`RepairOrder::Cyclic`] (the seven other moves, starting after the
//!   illegal one).
//! - `ga-heuristic` replaces with the free square with the fewest onward moves
//!   (Warnsdorff's rule), the first in move order among equals.
//!
//! Each generation: roulette-wheel selection of `population` parents by fitness, pairs
//! `(0,1), (2,3), …` each give two children by one-point crossover (probability
//! `crossover_rate`; otherwise a copy of either parent), every gene mutates with
//! probability `mutation_rate` (0.5 %), and the children replace the population. "The
//! crossover rate is between 85 % and 95 %": each run draws its rate uniformly from
//! `crossover_min..crossover_max`.
//!
//! The document evaluates every chromosome twice per generation (`select_parents` and
//! again after breeding); the second evaluation of a repaired chromosome changes nothing,
//! so we evaluate once and count evaluations as the document's totals do: population ×
//! generations (its 800,000 = 320 runs × 50 × 50). Python's `random.choice([p1, p2])`
//! returns a parent itself, which the mutation then changes in place; we copy.

use super::{GENE_TO_MOVE, GenerationStats, diversity, gene_step, note_generation, roulette};
use crate::puzzle::ChoiceError;
use crate::puzzle::knight::Square;
use crate::solve::knight::{Answer, FreeMoves, Problem, closes};
use crate::solve::microscope::{
    self, Bred, Breeding, ChangeKind, Child, Crossover, Member, Notes, Origin, Parent,
};
use crate::solve::{Control, Counters, Rng, Stop};
use rand::RngExt;
use std::collections::HashSet;

/// Which free move `ga-repair` puts in place of an illegal gene.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::VariantNames, strum::IntoStaticStr,
)]
#[strum(serialize_all = "kebab-case")]
pub enum RepairOrder {
    /// The first free move of 1–8 (the default, as the text says).
    Ascending,
    /// The first free move of the seven after the illegal one.
    Cyclic,
}

impl RepairOrder {
    /// Parses `ascending` or `cyclic`.
    pub fn parse(text: &str) -> Result<RepairOrder, ChoiceError> {
        text.parse().map_err(|_| ChoiceError {
            name: "repair_order",
            value: text.to_string(),
            allowed: "ascending (moves 1 to 8, as the Knight's Tour solver report says) or cyclic (the moves after the illegal one)",
        })
    }
}

/// How an illegal gene is replaced: which of the two GAs runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Replacement {
    /// `ga-repair`: the first free move in the given order.
    Repair(RepairOrder),
    /// `ga-heuristic`: the free square with the fewest onward moves.
    Heuristic,
}

/// The GA's parameters (see [`Config::new`] for the report's values).
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// `ga-repair` or `ga-heuristic`.
    pub replacement: Replacement,
    /// Chromosomes per generation.
    pub population: usize,
    /// Generations before giving up.
    pub generations: u64,
    /// The lowest crossover rate a run may draw.
    pub crossover_min: f64,
    /// The highest crossover rate a run may draw.
    pub crossover_max: f64,
    /// Chance that each gene is replaced by a random move.
    pub mutation_rate: f64,
    /// Stop at the first generation holding a tour (a solve); `false` runs every generation
    /// and collects the distinct tours (the Knight's Tour solver report's experiment).
    pub stop_at_first: bool,
}

impl Config {
    /// The report's values: population 50, 50 generations, crossover 85–95 %, mutation 0.5
    /// %, stopping at the first tour.
    pub fn new(replacement: Replacement) -> Config {
        Config {
            replacement,
            population: 50,
            generations: 50,
            crossover_min: 0.85,
            crossover_max: 0.95,
            mutation_rate: 0.005,
            stop_at_first: true,
        }
    }
}

/// A run's answer and what the Knight's Tour solver report's experiment records of it.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The best path found (a tour when `stop == Found`).
    pub answer: Answer,
    /// The generation (1-based) whose offspring first held a tour.
    pub first_tour: Option<u64>,
    /// Every distinct tour evaluated, as its move string (with `stop_at_first == false`).
    pub tours: HashSet<Vec<u8>>,
    /// Chromosomes evaluated (population × generations run).
    pub evaluations: u64,
}

/// Evaluates chromosomes, writing replacements back; no allocation per chromosome.
pub struct Evaluator<'a> {
    problem: &'a Problem<'a>,
    replacement: Replacement,
    free: FreeMoves,
}

impl<'a> Evaluator<'a> {
    /// An evaluator for `problem` with `replacement`.
    pub fn new(problem: &'a Problem<'a>, replacement: Replacement) -> Evaluator<'a> {
        Evaluator {
            problem,
            replacement,
            free: FreeMoves::new(problem.board),
        }
    }

    /// The Knight's Tour solver report's `evaluate_fitness_matrix`: the legal moves made,
    /// replacing genes in place.
    pub fn evaluate(&mut self, genes: &mut [u8]) -> u32 {
        let board = self.problem.board;
        let free = &mut self.free;
        free.reset(board);
        let mut cur = self.problem.start;
        free.visit(board, cur);
        let mut legal = 0;
        for gene in genes.iter_mut() {
            let mask = free.mask(cur);
            if mask == 0 {
                break;
            }
            let own = GENE_TO_MOVE[*gene as usize & 7];
            let k = if mask >> own & 1 == 1 {
                own
            } else {
                let g = match self.replacement {
                    Replacement::Repair(RepairOrder::Ascending) => {
                        (0..8u8).find(|&g| mask >> GENE_TO_MOVE[g as usize] & 1 == 1)
                    }
                    Replacement::Repair(RepairOrder::Cyclic) => (1..8u8)
                        .map(|d| (*gene + d) % 8)
                        .find(|&g| mask >> GENE_TO_MOVE[g as usize] & 1 == 1),
                    Replacement::Heuristic => {
                        let mut best: Option<(u32, u8)> = None;
                        for g in 0..8u8 {
                            let k = GENE_TO_MOVE[g as usize];
                            if mask >> k & 1 == 1 {
                                let d = free.degree(board.step(cur, k));
                                if best.is_none_or(|b| d < b.0) {
                                    best = Some((d, g));
                                }
                            }
                        }
                        best.map(|b| b.1)
                    }
                };
                // A free move exists (mask != 0), so a replacement is always found.
                let Some(g) = g else { break };
                *gene = g;
                GENE_TO_MOVE[g as usize]
            };
            cur = board.step(cur, k);
            free.visit(board, cur);
            legal += 1;
        }
        legal
    }
}

/// The path a (repaired) chromosome walks, `moves` moves long.
pub fn path_of(problem: &Problem, genes: &[u8], moves: usize) -> Vec<Square> {
    let mut path = Vec::with_capacity(moves + 1);
    let mut cur = problem.start;
    path.push(cur);
    for &g in genes.iter().take(moves) {
        match gene_step(problem.board, cur, g) {
            Some(t) => cur = t,
            None => break,
        }
        path.push(cur);
    }
    path
}

/// Genes handled between two looks at the clock and the cancel flag.
const LOOK_EVERY_GENES: usize = 4096;

/// Adds `genes` to `since`; whether a look is due (then `since` starts again).
#[inline]
fn due(since: &mut usize, genes: usize) -> bool {
    *since += genes;
    if *since >= LOOK_EVERY_GENES {
        *since = 0;
        true
    } else {
        false
    }
}

/// Genes until the next mutation with per-gene probability `p` (a geometric draw: the same
/// distribution as a coin per gene, without a draw per gene).
fn gap(rng: &mut Rng, p: f64) -> usize {
    if p <= 0.0 {
        return usize::MAX;
    }
    if p >= 1.0 {
        return 0;
    }
    let u: f64 = 1.0 - rng.random::<f64>();
    (u.ln() / (1.0 - p).ln()) as usize
}

/// Runs the GA (`ga-repair` or `ga-heuristic`, by `config.replacement`): until the first
/// generation holding a tour with `stop_at_first`, else for every generation, collecting
/// the distinct tours. The answer's path is the best chromosome's walk.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::knight::Board;
/// use searchlab::solve::knight::Problem;
/// use searchlab::solve::knight::evolve::move_ga::{self, Config, Replacement};
/// use searchlab::solve::{Budget, Control, Stop, rng_from_seed};
///
/// let board = Board::new(5, 5).unwrap();
/// let problem = Problem { board: &board, start: 0, closed: false };
/// let config = Config::new(Replacement::Heuristic);
/// let mut ctl = Control::quiet(Budget::unlimited());
/// let outcome = move_ga::solve(&problem, &config, &mut rng_from_seed(1), &mut ctl);
/// assert_eq!(outcome.answer.stop, Stop::Found);
/// assert!(board.validate_tour(&outcome.answer.path, false).is_ok());
/// assert!(outcome.first_tour.is_some());
/// ```
#[allow(
    clippy::too_many_lines,
    reason = "the search's loop keeps its state in locals, as fast code wants; each part of a split would take them all"
)]
pub fn solve(problem: &Problem, config: &Config, rng: &mut Rng, ctl: &mut Control) -> Outcome {
    let n = problem.board.len();
    let length = n.max(2);
    let size = config.population.max(2).div_ceil(2) * 2;
    let rate = if config.crossover_max > config.crossover_min {
        rng.random_range(config.crossover_min..config.crossover_max)
    } else {
        config.crossover_min
    };
    let mut eval = Evaluator::new(problem, config.replacement);
    // On a large board the first population takes a while to draw and score: each
    // individual looks at the cancel flag and the clock.
    let mut population: Vec<Vec<u8>> = Vec::with_capacity(size);
    let mut fitness: Vec<f64> = Vec::with_capacity(size);
    while population.len() < size {
        let mut c: Vec<u8> = (0..length).map(|_| rng.random_range(0..8u8)).collect();
        fitness.push(f64::from(eval.evaluate(&mut c)));
        population.push(c);
        if let Some(stop) = ctl.interrupted() {
            let path = vec![problem.start];
            ctl.finish(&Counters::default(), &path);
            return Outcome {
                answer: Answer {
                    path,
                    stop,
                    counters: Counters::default(),
                },
                first_tour: None,
                tours: HashSet::new(),
                evaluations: 0,
            };
        }
    }
    let mut next: Vec<Vec<u8>> = vec![vec![0; length]; size];
    let mut cumulative = vec![0.0; size];
    let mut parents = vec![0usize; size];
    let mut counters = Counters::default();
    let mut tours = HashSet::new();
    let mut first_tour = None;
    let mut counts = Vec::new();
    let mut best_path = Vec::new();
    let mut found: Option<Vec<Square>> = None;
    let mut evaluations = 0u64;
    let target = (n - 1) as f64;
    let mut generation = 0u64;
    let mut mutate_in = gap(rng, config.mutation_rate);
    // Genes bred or scored since the clock and the cancel flag were last looked at: looked
    // at every few thousand (some microseconds), or every chromosome on a large board.
    let mut since_look = 0usize;
    let stop = 'run: loop {
        if generation >= config.generations {
            break Stop::GenerationLimit;
        }
        generation += 1;
        // The microscope looks at generation `generation − 1` breeding this one.
        let looking = generation > 1 && microscope::looks_at(ctl, generation - 1);
        let mut record = looking.then(|| Breeding {
            generation: generation - 1,
            score_name: "legal moves".into(),
            lower_is_better: false,
            gene_name: "a move, numbered 0–7 (the report's moves 1–8)".into(),
            members: (population.iter().zip(&fitness))
                .map(|(c, &f)| Member {
                    genes: microscope::genes(c),
                    score: f,
                    shown: path_of(problem, c, f as usize),
                })
                .collect(),
            ..Breeding::default()
        });
        let mut origins: Vec<Option<Origin>> = vec![None; if looking { size } else { 0 }];
        let mut notes = Notes::new(looking);
        let mutation_why = || {
            format!(
                "each gene mutates with probability {}: a random move",
                config.mutation_rate
            )
        };
        let mut total = 0.0;
        for (c, f) in cumulative.iter_mut().zip(&fitness) {
            total += f;
            *c = total;
        }
        for p in &mut parents {
            *p = roulette(&cumulative, rng);
        }
        for pair in 0..size / 2 {
            if due(&mut since_look, 2 * length)
                && let Some(stop) = ctl.interrupted()
            {
                break 'run stop;
            }
            let (a, b) = (parents[2 * pair], parents[2 * pair + 1]);
            for (child, (p1, p2)) in [(2 * pair, (a, b)), (2 * pair + 1, (b, a))] {
                let out = &mut next[child];
                // The parents the child's genes came from (no allocation per child).
                let (picked, cut) = if rng.random::<f64>() > rate {
                    let pick = if rng.random::<bool>() { p1 } else { p2 };
                    out.copy_from_slice(&population[pick]);
                    ([pick, pick], None)
                } else {
                    let point = rng.random_range(1..length);
                    out[..point].copy_from_slice(&population[p1][..point]);
                    out[point..].copy_from_slice(&population[p2][point..]);
                    ([p1, p2], Some(point))
                };
                let picked = &picked[..if cut.is_some() { 2 } else { 1 }];
                let crossed = looking.then(|| microscope::genes(out));
                // Per-gene mutation, drawn as gaps between mutated genes.
                let mut i = 0;
                loop {
                    if mutate_in >= length - i {
                        mutate_in -= length - i;
                        break;
                    }
                    i += mutate_in;
                    let old = out[i];
                    out[i] = rng.random_range(0..8);
                    notes.change(
                        ChangeKind::Mutation,
                        i,
                        Some(u32::from(old)),
                        Some(u32::from(out[i])),
                        mutation_why,
                    );
                    i += 1;
                    mutate_in = gap(rng, config.mutation_rate);
                }
                if let Some(crossed) = crossed {
                    let rule = "roulette wheel: a chance in proportion to fitness";
                    origins[child] = Some(Origin::Bred(Bred {
                        parents: (picked.iter())
                            .map(|&index| Parent {
                                index,
                                rule: rule.into(),
                                entrants: Vec::new(),
                            })
                            .collect(),
                        crossover: cut.map(|point| Crossover {
                            operator: format!(
                                "one-point at {point} (probability {rate:.3} this run): genes before it from parent 1, the rest from parent 2"
                            ),
                            points: vec![point],
                            from: (0..length).map(|i| u8::from(i >= point)).collect(),
                        }),
                        crossed,
                        changes: notes.take_changes(),
                    }));
                }
            }
        }
        std::mem::swap(&mut population, &mut next);
        for (k, (c, f)) in population.iter_mut().zip(fitness.iter_mut()).enumerate() {
            if due(&mut since_look, length)
                && let Some(stop) = ctl.interrupted()
            {
                // A tour found earlier in this loop is still the answer.
                if let Some(tour) = found.take() {
                    best_path = tour;
                    break 'run Stop::Found;
                }
                break 'run stop;
            }
            let before = looking.then(|| c.clone());
            *f = f64::from(eval.evaluate(c));
            if let Some(before) = before {
                notes.differences(ChangeKind::Repair, &before, c, |_| {
                    match config.replacement {
                        Replacement::Repair(RepairOrder::Ascending) => "evaluation met a move off the board or onto a visited square and put in its place the first free move, in the order 1–8",
                        Replacement::Repair(RepairOrder::Cyclic) => "evaluation met a move off the board or onto a visited square and put in its place the first free move after it, cyclically",
                        Replacement::Heuristic => "evaluation met a move off the board or onto a visited square and put in its place the free square with the fewest onward moves (Warnsdorff's rule)",
                    }
                    .to_string()
                });
                if let Some(Some(Origin::Bred(bred))) = origins.get_mut(k) {
                    bred.changes.append(&mut notes.take_changes());
                }
            }
            if *f == target && (!problem.closed || closes(problem, &path_of(problem, c, n - 1))) {
                first_tour.get_or_insert(generation);
                if config.stop_at_first {
                    found.get_or_insert_with(|| path_of(problem, c, n - 1));
                } else if !tours.contains(&c[..n - 1]) {
                    tours.insert(c[..n - 1].to_vec());
                }
            }
        }
        evaluations += size as u64;
        if let Some(mut r) = record.take() {
            r.children = (population.iter().zip(&fitness).zip(origins))
                .map(|((c, &f), origin)| Child {
                    genes: microscope::genes(c),
                    score: f,
                    shown: path_of(problem, c, f as usize),
                    origin: origin.unwrap_or(Origin::Fresh {
                        why: "not recorded".into(),
                    }),
                })
                .collect();
            ctl.bred(&r);
        }
        let best = (0..size).fold(0, |b, i| if fitness[i] > fitness[b] { i } else { b });
        let mut stats = GenerationStats::of(generation, &fitness);
        stats.best_coverage = fitness[best] as u32 + 1;
        // Diversity costs a pass over the population: a solve shows it, an experiment that
        // only counts tours (`stop_at_first == false`) skips it.
        if config.stop_at_first {
            let genes: Vec<&[u8]> = population
                .iter()
                .zip(&fitness)
                .map(|(c, &f)| &c[..f as usize])
                .collect();
            stats.diversity = diversity(&genes, &mut counts);
        }
        note_generation(&mut counters, generation, evaluations);
        counters.depth = fitness[best] as u64 + 1;
        counters.max_depth = counters.max_depth.max(counters.depth);
        counters.solutions = tours.len() as u64;
        ctl.generation(&stats);
        if best_path.len() < fitness[best] as usize + 1 {
            best_path = path_of(problem, &population[best], fitness[best] as usize);
        }
        if let Some(tour) = found.take() {
            best_path = tour;
            break Stop::Found;
        }
        if let Some(stop) = ctl.check(&counters, Some(&best_path)) {
            break stop;
        }
    };
    // A run that collects tours succeeds when it found one.
    let stop = if stop == Stop::GenerationLimit && first_tour.is_some() {
        if let Some(t) = tours.iter().next() {
            best_path = path_of(problem, t, n - 1);
        }
        Stop::Found
    } else {
        stop
    };
    ctl.finish(&counters, &best_path);
    Outcome {
        answer: Answer {
            path: best_path,
            stop,
            counters,
        },
        first_tour,
        tours,
        evaluations,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::knight::bits;
    use crate::testing::test;

    /// The free moves of a mask as the Knight's Tour solver report numbers them (1–8).
    fn seed_moves(mask: u8) -> Vec<u8> {
        (0..8u8)
            .filter(|&g| bits(mask).any(|k| k == GENE_TO_MOVE[g as usize]))
            .map(|g| g + 1)
            .collect()
    }
    use crate::puzzle::knight::Board;
    use crate::solve::knight::test_support::with_control;
    use crate::solve::{Budget, rng_from_seed};

    fn problem(board: &Board, start: Square) -> Problem<'_> {
        Problem {
            board,
            start,
            closed: false,
        }
    }

    #[test]
    fn repair_replaces_in_place_and_never_leaves_the_board() {
        let board = Board::new(8, 8).unwrap();
        let mut rng = rng_from_seed(2);
        for replacement in [
            Replacement::Repair(RepairOrder::Ascending),
            Replacement::Repair(RepairOrder::Cyclic),
            Replacement::Heuristic,
        ] {
            for start in [0, 27, 63] {
                let p = problem(&board, start);
                let mut e = Evaluator::new(&p, replacement);
                for _ in 0..300 {
                    let mut genes: Vec<u8> = (0..64).map(|_| rng.random_range(0..8)).collect();
                    let legal = e.evaluate(&mut genes) as usize;
                    let path = path_of(&p, &genes, legal);
                    assert_eq!(path.len(), legal + 1);
                    board.validate_path(&path).unwrap();
                    // Evaluating a repaired chromosome again changes nothing.
                    let before = genes.clone();
                    assert_eq!(e.evaluate(&mut genes) as usize, legal);
                    assert_eq!(genes, before);
                }
            }
        }
    }

    #[test]
    fn the_replacement_rules_pick_as_documented() {
        // From b8 (0,1) on 8x8, the Knight's Tour solver report's move 1 (two down, one
        // right) goes to c6 (2,2). With that square visited, ascending order takes the
        // first free move of 2..8, cyclic the first after 1, and the heuristic the lowest
        // onward degree.
        let board = Board::new(8, 8).unwrap();
        let p = problem(&board, board.square(0, 1));
        // Genes 0 then 4: (0,1) → (2,2), then gene 4 (-2,-1) would return to (0,1), which
        // is visited, so it is replaced.
        let mut e = Evaluator::new(&p, Replacement::Repair(RepairOrder::Ascending));
        let mut genes = vec![0u8, 4];
        e.evaluate(&mut genes);
        // From (2,2) the free moves in gene order: gene 0 → (4,3) is first.
        assert_eq!(genes, vec![0, 0]);
        let mut e = Evaluator::new(&p, Replacement::Repair(RepairOrder::Cyclic));
        let mut genes = vec![0u8, 4];
        e.evaluate(&mut genes);
        // After gene 4: gene 5 (-1,-2) → (1,0) is free.
        assert_eq!(genes, vec![0, 5]);
        let mut e = Evaluator::new(&p, Replacement::Heuristic);
        let mut genes = vec![0u8, 4];
        e.evaluate(&mut genes);
        // The heuristic takes the free square of least onward degree from (2,2).
        let mut free = FreeMoves::new(&board);
        free.visit(&board, board.square(0, 1));
        free.visit(&board, board.square(2, 2));
        let degree = |g: u8| free.degree(gene_step(&board, board.square(2, 2), g).unwrap());
        let options: Vec<u8> = (0..8u8)
            .filter(|&g| {
                gene_step(&board, board.square(2, 2), g).is_some_and(|t| t != board.square(0, 1))
            })
            .collect();
        let min = options.iter().map(|&g| degree(g)).min().unwrap();
        assert_eq!(degree(genes[1]), min);
        assert_eq!(options.iter().find(|&&g| degree(g) == min), Some(&genes[1]));
        // Bit 0 is (-2,-1), the figure's move 5; bit 7 is (2,1), its move 1.
        assert_eq!(seed_moves(0b1000_0001), vec![1, 5]);
    }

    #[test]
    fn ga_heuristic_finds_8x8_tours_and_ga_repair_is_reproducible() {
        let board = Board::new(8, 8).unwrap();
        let p = problem(&board, 0);
        let config = Config::new(Replacement::Heuristic);
        let out = with_control(Budget::unlimited(), |ctl| {
            solve(&p, &config, &mut rng_from_seed(1), ctl)
        });
        assert_eq!(out.answer.stop, Stop::Found);
        board.validate_tour(&out.answer.path, false).unwrap();
        let config = Config {
            stop_at_first: false,
            ..Config::new(Replacement::Repair(RepairOrder::Ascending))
        };
        let run = || {
            with_control(Budget::unlimited(), |ctl| {
                solve(&p, &config, &mut rng_from_seed(7), ctl)
            })
        };
        let (a, b) = (run(), run());
        assert_eq!(a.answer, b.answer);
        assert_eq!(a.tours, b.tours);
        assert_eq!(a.evaluations, 50 * 50);
        for t in &a.tours {
            board.validate_tour(&path_of(&p, t, 63), false).unwrap();
        }
    }

    #[test]
    fn mutation_gaps_have_the_per_gene_rate() {
        let mut rng = rng_from_seed(11);
        let p = 0.005;
        let draws = 20_000;
        let genes: f64 = (0..draws).map(|_| gap(&mut rng, p) as f64 + 1.0).sum();
        let rate = f64::from(draws) / genes;
        assert!((rate - p).abs() < 0.0003, "{rate}");
    }
}
