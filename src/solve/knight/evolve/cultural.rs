//! The Cultural Algorithm guide's level 4, the advanced cultural algorithm
//! (`CulturalAlgorithmSolver`).
//!
//! Individuals are paths, not move strings. Each generation the belief space learns which
//! transitions (square → square) the top fifth of the population uses and which the
//! bottom tenth fails with; the best individual is checked for a tour; every tenth
//! generation after the twentieth the top two get a light local search; the top tenth
//! survive; the rest are bred: two tournament parents (of 5), a crossover that keeps the
//! first parent's prefix, copies a segment of the second (or, after generation 15, 30 % of
//! the time, of the best path known) where it stays legal, and completes the path with
//! belief-guided Warnsdorff moves; then a mutation that truncates the path at a random
//! point and rebuilds it, at a rate that rises while the best fitness stagnates.
//!
//! The document uses helpers it never defines, and has a few slips
//! (see `docs/SOURCES.md`). Here:
//!
//! - `create_individual`: a path from the start built by the mutation's rebuild rule
//!   before generation 10 (the lowest-degree square 65 % of the time, else a random one).
//! - `get_stagnation_level`: `min(stagnant generations / 20, 1)`, so the mutation rate goes
//!   from `base_mutation_rate` up to `base_mutation_rate + 0.3`.
//! - `dangerous_transitions`: transitions seen more often in the bottom tenth's short
//!   paths than among the top fifth's good ones.
//! - `randint(1, min_len − inject)` in the elite injection can be an empty range (Python
//!   raises); then the standard segment crossover is used.
//! - `bonus`: completion sorts moves by `2·degree + 2·[good transition]` ascending and
//!   takes the first, so a transition the belief space calls good is made *less* likely
//!   ([`Bonus::Document`], the default). [`Bonus::Reward`] subtracts the 2 instead.
//! - `belief_threshold`: a transition counts as a success when its individual's fitness
//!   exceeds `0.7·n²`, but fitness is about
//!   `40·n²`, so every top individual passes ([`Threshold::Fitness`], the default).
//!   [`Threshold::Coverage`] compares the squares covered instead.
//! - The local search swaps two squares of a path, which breaks its knight's moves; the
//!   fitness penalises that (−30 per illegal move) so it is almost never kept, but it can
//!   be. The document then counts `len(set(path)) == n²` as a tour; we count only a legal
//!   tour, report the longest legal prefix of the best path otherwise, and never learn an
//!   illegal transition.

use super::{
    GenerationStats, Visited, diversity, free_genes, gene_between, legal_prefix, note_generation,
    onward_degree, randint, tournament_entrants,
};
use crate::puzzle::ChoiceError;
use crate::puzzle::knight::{Board, Square};
use crate::solve::knight::evolve::levels::ranked;
use crate::solve::knight::{Answer, Problem, closes};
use crate::solve::microscope::{
    self, Bred, Breeding, ChangeKind, Child, Crossover, Member, NEW, Notes, Origin, Parent,
};
use crate::solve::{Control, Counters, Rng, Stop};
use rand::RngExt;

/// How completion uses the good-transition bonus (see the module docs).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::VariantNames, strum::IntoStaticStr,
)]
#[strum(serialize_all = "kebab-case")]
pub enum Bonus {
    /// As printed: the good-transition bonus is added to a score sorted ascending.
    Document,
    /// The bonus favours good transitions.
    Reward,
}

impl Bonus {
    /// Parses `document` or `reward`.
    pub fn parse(text: &str) -> Result<Bonus, ChoiceError> {
        text.parse().map_err(|_| ChoiceError {
            name: "bonus",
            value: text.to_string(),
            allowed: "document (as the Cultural Algorithm guide prints it: the bonus lowers a good move's chance) or reward",
        })
    }
}

/// What makes a transition successful (see the module docs).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::VariantNames, strum::IntoStaticStr,
)]
#[strum(serialize_all = "kebab-case")]
pub enum Threshold {
    /// As printed: fitness against `0.7·n²`.
    Fitness,
    /// Squares covered against `0.7·n²`.
    Coverage,
}

impl Threshold {
    /// Parses `fitness` or `coverage`.
    pub fn parse(text: &str) -> Result<Threshold, ChoiceError> {
        text.parse().map_err(|_| ChoiceError {
            name: "belief_threshold",
            value: text.to_string(),
            allowed: "fitness (as the Cultural Algorithm guide prints it) or coverage",
        })
    }
}

/// Level 4's parameters, with the Cultural Algorithm guide's values as defaults (its 60 s
/// timeout is the run's time limit).
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Individuals (paths) per generation.
    pub population: usize,
    /// Generations before giving up.
    pub generations: u64,
    /// The mutation rate before stagnation raises it (by up to 0.3).
    pub base_mutation_rate: f64,
    /// Individuals drawn per tournament.
    pub tournament: usize,
    /// The best individuals kept unchanged.
    pub elite_size: usize,
    /// See [`Bonus`].
    pub bonus: Bonus,
    /// See [`Threshold`].
    pub belief_threshold: Threshold,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            population: 100,
            generations: 500,
            base_mutation_rate: 0.2,
            tournament: 5,
            elite_size: 10,
            bonus: Bonus::Document,
            belief_threshold: Threshold::Fitness,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
struct Individual {
    path: Vec<Square>,
    fitness: f64,
}

/// Level 4's belief space (the Cultural Algorithm guide's `AdvancedBeliefSpace`).
/// Transitions are indexed `square · 8 + gene`. The document's `good_transitions` is
/// incremented exactly where `transition_quality[t]['success']` is, so `success` serves for
/// both; its `good_patterns` (the top 15 three-square patterns of excellent paths) is never
/// read, so it is not kept.
pub struct BeliefSpace {
    success: Vec<u32>,
    failure: Vec<u32>,
    bad: Vec<u32>,
    /// Per square, the genes of the successful moves from it, in the order first seen.
    successful: Vec<[u8; 8]>,
    successful_len: Vec<u8>,
    stagnation: u32,
    last_best: f64,
    best: Option<Individual>,
}

impl BeliefSpace {
    fn new(squares: usize) -> BeliefSpace {
        BeliefSpace {
            success: vec![0; squares * 8],
            failure: vec![0; squares * 8],
            bad: vec![0; squares * 8],
            successful: vec![[0; 8]; squares],
            successful_len: vec![0; squares],
            stagnation: 0,
            last_best: 0.0,
            best: None,
        }
    }

    fn stagnation_level(&self) -> f64 {
        (f64::from(self.stagnation) / 20.0).min(1.0)
    }

    fn dangerous(&self, t: usize) -> bool {
        self.bad[t] > self.success[t]
    }

    fn is_good_transition(&self, t: Option<usize>) -> bool {
        let Some(t) = t else { return false };
        if self.dangerous(t) {
            return false;
        }
        if self.success[t] + self.failure[t] > 0 {
            return self.success[t] > self.failure[t];
        }
        true
    }

    /// The Cultural Algorithm guide's `get_suggested_move`: among the successful moves from
    /// `cur` to free squares, the best by success rate 70 % of the time, else one of the
    /// best three.
    fn suggest(
        &self,
        board: &Board,
        cur: Square,
        visited: &Visited,
        rng: &mut Rng,
    ) -> Option<Square> {
        let c = cur as usize;
        let mut scored: [(f64, Square); 8] = [(0.0, 0); 8];
        let mut k = 0;
        for &g in &self.successful[c][..self.successful_len[c] as usize] {
            let Some(t) = super::gene_step(board, cur, g) else {
                continue;
            };
            if visited.contains(t) {
                continue;
            }
            let i = c * 8 + g as usize;
            let (s, f) = match self.success[i] + self.failure[i] {
                0 => (1, 1),
                _ => (self.success[i], self.failure[i]),
            };
            scored[k] = (f64::from(s) / f64::from(s + f), t);
            k += 1;
        }
        if k == 0 {
            return None;
        }
        let scored = &mut scored[..k];
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        Some(if rng.random::<f64>() < 0.7 {
            scored[0].1
        } else {
            scored[rng.random_range(0..k.min(3))].1
        })
    }

    /// What the belief space holds, in words, for the microscope.
    fn describe(&self) -> Vec<String> {
        let good = (0..self.success.len())
            .filter(|&t| self.is_good_transition(Some(t)) && self.success[t] > 0)
            .count();
        let dangerous = (0..self.bad.len()).filter(|&t| self.dangerous(t)).count();
        vec![
            format!(
                "It learned from the top fifth (their moves count as successes or failures) and the bottom tenth (the moves of paths under half the board count as bad): {good} moves are now good, {dangerous} dangerous."
            ),
            format!(
                "The best fitness has not improved for {} generations, so mutation's rate is raised by {:.2}.",
                self.stagnation,
                self.stagnation_level() * 0.3
            ),
        ]
    }

    /// Per square, the good transitions learned out of it, scaled to the largest (0–1).
    pub fn weights(&self, squares: usize) -> Vec<f32> {
        let per: Vec<u32> = (0..squares)
            .map(|s| self.success[s * 8..s * 8 + 8].iter().sum())
            .collect();
        let max = per.iter().copied().max().unwrap_or(0).max(1) as f32;
        per.iter().map(|&v| v as f32 / max).collect()
    }
}

/// The transition index of a knight's move `a → b`, `None` if it is not one.
fn transition(board: &Board, a: Square, b: Square) -> Option<usize> {
    gene_between(board, a, b).map(|g| a as usize * 8 + g as usize)
}

struct Engine<'a> {
    problem: &'a Problem<'a>,
    config: &'a Config,
    belief: BeliefSpace,
    visited: Visited,
    seen: Visited,
    /// 1 for the first generation (the document's `generation_count`).
    generation_count: u64,
    evaluations: u64,
    scratch: Vec<(u32, Square)>,
}

impl Engine<'_> {
    fn n(&self) -> usize {
        self.problem.board.len()
    }

    /// The Cultural Algorithm guide's `calculate_fitness`.
    fn fitness(&mut self, path: &[Square]) -> f64 {
        self.evaluations += 1;
        let board = self.problem.board;
        self.seen.clear();
        let mut unique = 0usize;
        for &sq in path {
            if !self.seen.contains(sq) {
                self.seen.insert(sq);
                unique += 1;
            }
        }
        let mut fitness = unique as f64 * 20.0;
        if unique == self.n() {
            fitness += 500.0;
        }
        let (mut legal, mut segments, mut segment, mut low) = (0u64, 0u64, 1u64, 0u64);
        let v = &mut self.visited;
        v.clear();
        for i in 0..path.len() {
            v.insert(path[i]);
            if onward_degree(board, v, path[i]) <= 2 {
                low += 1;
            }
            if i + 1 < path.len() {
                if board.is_knight_move(path[i], path[i + 1]) {
                    legal += 1;
                    segment += 1;
                } else {
                    segments += segment;
                    segment = 1;
                    fitness -= 30.0;
                }
            }
        }
        segments += segment;
        let repeats = (path.len() - unique) as f64;
        fitness + legal as f64 * 10.0 + segments as f64 * 4.0 + low as f64 * 5.0 - repeats * 15.0
    }

    fn bonus(&self, cur: Square, to: Square) -> f64 {
        let good = self
            .belief
            .is_good_transition(transition(self.problem.board, cur, to));
        match (good, self.config.bonus) {
            (false, _) => 0.0,
            (true, Bonus::Document) => 2.0,
            (true, Bonus::Reward) => -2.0,
        }
    }

    /// Free moves from `cur` with their onward degrees, in gene order.
    fn options(&mut self, cur: Square) -> usize {
        let board = self.problem.board;
        self.scratch.clear();
        for (_, t) in free_genes(board, &self.visited, cur) {
            let d = onward_degree(board, &self.visited, t);
            self.scratch.push((d, t));
        }
        self.scratch.len()
    }

    /// Warnsdorff with a chance of a random move: the lowest degree (first among equals)
    /// with probability `greedy`, else any free square.
    fn warnsdorff_pick(&self, greedy: f64, rng: &mut Rng) -> Square {
        let o = &self.scratch;
        if rng.random::<f64>() < greedy {
            let min = o.iter().map(|m| m.0).min().unwrap_or(0);
            o.iter().find(|m| m.0 == min).map_or(o[0].1, |m| m.1)
        } else {
            o[rng.random_range(0..o.len())].1
        }
    }

    /// Scores `2·degree + bonus (+ noise)`, sorted ascending: the first with probability
    /// `greedy`, else any.
    fn belief_pick(&self, cur: Square, greedy: f64, noise: bool, rng: &mut Rng) -> Square {
        let mut scored: [(f64, Square); 8] = [(0.0, 0); 8];
        let k = self.scratch.len();
        for (i, &(d, t)) in self.scratch.iter().enumerate() {
            let jitter = if noise {
                rng.random::<f64>() * 0.3
            } else {
                0.0
            };
            scored[i] = (f64::from(d) * 2.0 + self.bonus(cur, t) + jitter, t);
        }
        let scored = &mut scored[..k];
        scored.sort_by(|a, b| a.0.total_cmp(&b.0));
        if rng.random::<f64>() < greedy {
            scored[0].1
        } else {
            scored[rng.random_range(0..k)].1
        }
    }

    /// Extends `path` (whose squares are in `self.visited`) one free square at a time,
    /// chosen by `rule`, until the board is full or the knight is stuck.
    fn extend(
        &mut self,
        path: &mut Vec<Square>,
        rng: &mut Rng,
        rule: fn(&Self, Square, &mut Rng) -> Square,
    ) {
        let n = self.n();
        let mut cur = *path.last().unwrap_or(&self.problem.start);
        while path.len() < n {
            if self.options(cur) == 0 {
                break;
            }
            let next = rule(self, cur, rng);
            self.visited.insert(next);
            path.push(next);
            cur = next;
        }
    }

    /// The mutation's rebuild: after generation 10, 70 % of the time the belief space's
    /// suggestion (or the best-scored move); otherwise Warnsdorff, 65 % greedy.
    fn rebuild(&mut self, path: &mut Vec<Square>, rng: &mut Rng) {
        self.extend(path, rng, |e, cur, rng| {
            if e.generation_count > 10 && rng.random::<f64>() < 0.7 {
                e.belief
                    .suggest(e.problem.board, cur, &e.visited, rng)
                    .unwrap_or_else(|| e.belief_pick(cur, 0.75, false, rng))
            } else {
                e.warnsdorff_pick(0.65, rng)
            }
        });
    }

    /// The crossover's completion: after generation 10 the scored moves with a little
    /// noise, 80 % greedy; before, Warnsdorff, 70 % greedy.
    fn complete(&mut self, path: &mut Vec<Square>, rng: &mut Rng) {
        self.extend(path, rng, |e, cur, rng| {
            if e.generation_count > 10 {
                e.belief_pick(cur, 0.8, true, rng)
            } else {
                e.warnsdorff_pick(0.7, rng)
            }
        });
    }

    fn mark(&mut self, path: &[Square]) {
        self.visited.clear();
        for &s in path {
            self.visited.insert(s);
        }
    }

    fn create_individual(&mut self, rng: &mut Rng) -> Individual {
        let saved = std::mem::replace(&mut self.generation_count, 0);
        let mut path = vec![self.problem.start];
        self.mark(&path);
        self.rebuild(&mut path, rng);
        self.generation_count = saved;
        let fitness = self.fitness(&path);
        Individual { path, fitness }
    }

    fn mutate(&mut self, ind: &mut Individual, rng: &mut Rng, notes: &mut Notes) {
        let rate = self.config.base_mutation_rate + self.belief.stagnation_level() * 0.3;
        if rng.random::<f64>() > rate || ind.path.len() < 3 {
            return;
        }
        let before = notes.on().then(|| ind.path.clone());
        let point = rng.random_range(1..ind.path.len());
        ind.path.truncate(point);
        self.mark(&ind.path);
        self.rebuild(&mut ind.path, rng);
        ind.fitness = self.fitness(&ind.path);
        if let Some(before) = before {
            notes.differences(ChangeKind::Mutation, &before, &ind.path, |_| {
                format!("mutation (rate {rate:.2}, rising while the best stagnates): the path cut after its first {point} squares and rebuilt, by the belief space's suggestions or Warnsdorff's rule")
            });
        }
    }

    /// Appends to `child` the squares of `segment` that are free and a knight's move on.
    fn graft(&mut self, child: &mut Vec<Square>, segment: &[Square]) {
        let board = self.problem.board;
        for &pos in segment {
            let last = child[child.len() - 1];
            if !self.visited.contains(pos) && board.is_knight_move(last, pos) {
                self.visited.insert(pos);
                child.push(pos);
            }
        }
    }

    fn crossover(
        &mut self,
        p1: &Individual,
        p2: &Individual,
        rng: &mut Rng,
        notes: &mut Notes,
    ) -> Individual {
        let min_len = p1.path.len().min(p2.path.len());
        if min_len < 3 {
            return self.create_individual(rng);
        }
        let mut child: Vec<Square>;
        let elite = self.belief.best.as_ref().map(|b| b.path.clone());
        let injection = match elite {
            Some(best) if self.generation_count > 15 && rng.random::<f64>() < 0.3 => {
                let inject = 3.max((best.len() / 4).min(min_len / 2));
                // An empty range, where Python would raise: fall back to the segment copy.
                min_len
                    .checked_sub(inject)
                    .and_then(|hi| randint(rng, 1, hi))
                    .map(|point| (best, inject, point))
            }
            _ => None,
        };
        let (point, source, what) = if let Some((best, inject, point)) = injection {
            child = p1.path[..point].to_vec();
            self.mark(&child);
            let end = (point + inject).min(best.len());
            let from = point.min(end);
            self.graft(&mut child, &best[from..end]);
            (
                point,
                2,
                format!(
                    "elite injection (30 % after generation 15): parent 1's first {point} squares, then the squares {from} to {} of the best path known where they stay legal",
                    end.max(1) - 1
                ),
            )
        } else {
            let size = 2.max(min_len / 3);
            let point = randint(rng, 1, min_len - size).unwrap_or(1);
            child = p1.path[..point].to_vec();
            self.mark(&child);
            let end = (point + size).min(p2.path.len());
            self.graft(&mut child, &p2.path[point..end]);
            (
                point,
                1,
                format!(
                    "segment: parent 1's first {point} squares, then parent 2's squares {point} to {} where they stay legal",
                    end.max(1) - 1
                ),
            )
        };
        let grafted = child.len();
        self.complete(&mut child, rng);
        notes.crossover(
            || format!("{what}; the rest completed by belief-guided Warnsdorff moves"),
            &[point, grafted],
            || {
                let from = (0..child.len())
                    .map(|i| {
                        if i < point {
                            0
                        } else if i < grafted {
                            source
                        } else {
                            NEW
                        }
                    })
                    .collect();
                [from, Vec::new()]
            },
        );
        let fitness = self.fitness(&child);
        Individual {
            path: child,
            fitness,
        }
    }

    /// Five swaps of two squares a few places apart, each kept only if it raises fitness.
    fn local_search(&mut self, ind: &mut Individual, rng: &mut Rng) {
        let len = ind.path.len();
        if len < 5 {
            return;
        }
        for _ in 0..5 {
            let i = rng.random_range(1..=len - 4);
            let j = rng.random_range(i + 2..=(i + 5).min(len - 1));
            ind.path.swap(i, j);
            let f = self.fitness(&ind.path);
            if f > ind.fitness {
                ind.fitness = f;
            } else {
                ind.path.swap(i, j);
            }
        }
    }

    /// The Cultural Algorithm guide's `AdvancedBeliefSpace.update`.
    fn learn(&mut self, population: &[Individual], order: &[usize]) {
        let board = self.problem.board;
        let squares = self.n() as f64;
        let b = &mut self.belief;
        let best = population[order[0]].fitness;
        if (best - b.last_best).abs() < 1.0 {
            b.stagnation += 1;
        } else {
            b.stagnation = 0;
        }
        b.last_best = best;
        if b.best.as_ref().is_none_or(|x| best > x.fitness) {
            b.best = Some(population[order[0]].clone());
        }
        let measure = |ind: &Individual| match self.config.belief_threshold {
            Threshold::Fitness => ind.fitness,
            Threshold::Coverage => ind.path.len() as f64,
        };
        let top = (population.len() / 5).max(1);
        for &i in &order[..top] {
            let ind = &population[i];
            let good = measure(ind) > squares * 0.7;
            for w in ind.path.windows(2) {
                let Some(t) = transition(board, w[0], w[1]) else {
                    continue;
                };
                if good {
                    b.success[t] += 1;
                } else {
                    b.failure[t] += 1;
                }
                let (a, g) = (w[0] as usize, (t % 8) as u8);
                let len = b.successful_len[a] as usize;
                if !b.successful[a][..len].contains(&g) {
                    b.successful[a][len] = g;
                    b.successful_len[a] += 1;
                }
            }
        }
        let bottom = (population.len() / 10).max(1);
        for &i in &order[order.len() - bottom..] {
            let ind = &population[i];
            if (ind.path.len() as f64) < squares * 0.5 {
                for w in ind.path.windows(2) {
                    if let Some(t) = transition(board, w[0], w[1]) {
                        b.bad[t] += 1;
                    }
                }
            }
        }
    }
}

/// Runs level 4 until the best path is a tour (`Found`), the generations run out or the
/// budget stops it; the answer is the best path found.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::knight::Board;
/// use searchlab::solve::knight::Problem;
/// use searchlab::solve::knight::evolve::cultural;
/// use searchlab::solve::{Budget, Control, Stop, rng_from_seed};
///
/// let board = Board::new(5, 5).unwrap();
/// let problem = Problem { board: &board, start: 0, closed: false };
/// let config = cultural::Config::default();
/// let mut ctl = Control::quiet(Budget::unlimited());
/// let answer = cultural::solve(&problem, &config, &mut rng_from_seed(1), &mut ctl);
/// assert_eq!(answer.stop, Stop::Found);
/// assert!(board.validate_tour(&answer.path, false).is_ok());
/// ```
#[allow(
    clippy::too_many_lines,
    reason = "the search's loop keeps its state in locals, as fast code wants; each part of a split would take them all"
)]
pub fn solve(problem: &Problem, config: &Config, rng: &mut Rng, ctl: &mut Control) -> Answer {
    let board = problem.board;
    let n = board.len();
    let mut e = Engine {
        problem,
        config,
        belief: BeliefSpace::new(n),
        visited: Visited::new(n),
        seen: Visited::new(n),
        generation_count: 0,
        evaluations: 0,
        scratch: Vec::with_capacity(8),
    };
    let size = config.population.max(2);
    let mut population: Vec<Individual> = Vec::with_capacity(size);
    while population.len() < size {
        // On a huge board each path takes long: look at the cancel flag and the clock per
        // individual.
        if let Some(stop) = ctl.interrupted() {
            let path = population
                .first()
                .map_or(vec![problem.start], |i: &Individual| {
                    let mut v = Visited::new(n);
                    i.path[..legal_prefix(board, &i.path, &mut v)].to_vec()
                });
            return Answer {
                path,
                stop,
                counters: Counters::default(),
            };
        }
        population.push(e.create_individual(rng));
    }
    let mut counters = Counters::default();
    let mut counts = Vec::new();
    let mut check = Visited::new(n);
    let mut best_path: Vec<Square> = Vec::new();
    let mut generation = 0u64;
    let stop = 'run: loop {
        if generation >= config.generations {
            break Stop::GenerationLimit;
        }
        e.generation_count = generation + 1;
        let fitness: Vec<f64> = population.iter().map(|i| i.fitness).collect();
        let order = ranked(&fitness);
        e.learn(&population, &order);
        let best = &population[order[0]];
        let legal = legal_prefix(board, &best.path, &mut check);
        if legal > best_path.len() || generation == 0 {
            best_path = best.path[..legal].to_vec();
        }
        let mut stats = GenerationStats::of(e.generation_count, &fitness);
        stats.best_coverage = legal as u32;
        let paths: Vec<&[Square]> = population.iter().map(|i| i.path.as_slice()).collect();
        stats.diversity = diversity(&paths, &mut counts);
        note_generation(&mut counters, e.generation_count, e.evaluations);
        counters.depth = legal as u64;
        counters.max_depth = counters.max_depth.max(legal as u64);
        ctl.generation(&stats);
        ctl.belief(&e.belief.weights(n));
        if legal == n && closes(problem, &best.path) {
            best_path.clone_from(&best.path);
            break Stop::Found;
        }
        if let Some(stop) = ctl.check(&counters, Some(&best.path[..legal])) {
            break stop;
        }
        if generation > 20 && generation.is_multiple_of(10) {
            for &i in order.iter().take(2) {
                let mut ind = population[i].clone();
                e.local_search(&mut ind, rng);
                population[i] = ind;
            }
        }
        let fitness: Vec<f64> = population.iter().map(|i| i.fitness).collect();
        let order = ranked(&fitness);
        let looking = microscope::looks_at(ctl, e.generation_count);
        let mut record = looking.then(|| {
            let mut remarks = e.belief.describe();
            if generation > 20 && generation.is_multiple_of(10) {
                remarks.push("This generation the top two got a local search (five swaps of two squares, each kept only if it raised the fitness); the members shown are after it.".into());
            }
            Breeding {
                generation: e.generation_count,
                score_name: "fitness".into(),
                lower_is_better: false,
                gene_name: "a square of the path, numbered in reading order".into(),
                members: (population.iter())
                    .map(|i| Member {
                        genes: i.path.clone(),
                        score: i.fitness,
                        shown: i.path[..legal_prefix(board, &i.path, &mut check)].to_vec(),
                    })
                    .collect(),
                remarks,
                ..Breeding::default()
            }
        });
        let elites = config.elite_size.min(size);
        let mut next: Vec<Individual> = order
            .iter()
            .take(elites)
            .map(|&i| population[i].clone())
            .collect();
        let mut origins: Vec<Origin> = (order.iter().take(elites))
            .filter(|_| looking)
            .map(|&from| Origin::Survivor {
                from,
                why: format!("the top tenth ({elites} of {size}) survives unchanged"),
            })
            .collect();
        let mut notes = Notes::new(looking);
        while next.len() < size {
            if let Some(stop) = ctl.interrupted() {
                break 'run stop;
            }
            let (a, drawn_a, ka) = tournament_entrants(&fitness, config.tournament, rng);
            let (b, drawn_b, kb) = tournament_entrants(&fitness, config.tournament, rng);
            let mut child = e.crossover(&population[a], &population[b], rng, &mut notes);
            let crossed = looking.then(|| child.path.clone());
            let cut = notes.crossover.take();
            e.mutate(&mut child, rng, &mut notes);
            if let Some(crossed) = crossed {
                let rule = format!("tournament of {}, on fitness", config.tournament);
                let parent = |index, drawn: [usize; 16], k: usize| Parent {
                    index,
                    rule: rule.clone(),
                    entrants: drawn[..k].to_vec(),
                };
                origins.push(match cut {
                    Some((operator, points, [from, _])) => Origin::Bred(Bred {
                        parents: vec![parent(a, drawn_a, ka), parent(b, drawn_b, kb)],
                        crossover: Some(Crossover {
                            operator,
                            points,
                            from,
                        }),
                        crossed,
                        changes: notes.take_changes(),
                    }),
                    None => {
                        notes.take_changes();
                        Origin::Fresh {
                            why: "a parent's path had fewer than 3 squares, so a new path was built instead".into(),
                        }
                    }
                });
            }
            next.push(child);
        }
        if let Some(mut r) = record.take() {
            r.children = (next.iter().zip(origins))
                .map(|(i, origin)| Child {
                    genes: i.path.clone(),
                    score: i.fitness,
                    shown: i.path[..legal_prefix(board, &i.path, &mut check)].to_vec(),
                    origin,
                })
                .collect();
            ctl.bred(&r);
        }
        population = next;
        generation += 1;
    };
    note_generation(&mut counters, e.generation_count, e.evaluations);
    ctl.finish(&counters, &best_path);
    Answer {
        path: best_path,
        stop,
        counters,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::knight::test_support::with_control;
    use crate::solve::{Budget, rng_from_seed};
    use crate::testing::test;

    fn run(board: &Board, config: &Config, seed: u64) -> Answer {
        let p = Problem {
            board,
            start: 0,
            closed: false,
        };
        with_control(Budget::unlimited(), |ctl| {
            solve(&p, config, &mut rng_from_seed(seed), ctl)
        })
    }

    #[test]
    fn level4_tours_8x8_and_every_answer_is_legal() {
        let board = Board::new(8, 8).unwrap();
        let mut found = 0;
        for seed in 0..10 {
            let a = run(&board, &Config::default(), seed);
            board.validate_path(&a.path).unwrap();
            if a.stop == Stop::Found {
                board.validate_tour(&a.path, false).unwrap();
                found += 1;
            }
        }
        assert!(found >= 8, "{found} of 10");
    }

    #[test]
    fn the_fitness_is_the_cultural_algorithm_guides() {
        // A 5x5 tour: 25 unique (×20) + 500 + 24 legal (×10) + one segment of 25 (×4) +
        // low-degree visits (×5).
        let board = Board::new(5, 5).unwrap();
        let a = run(&board, &Config::default(), 1);
        assert_eq!(a.stop, Stop::Found);
        let p = Problem {
            board: &board,
            start: 0,
            closed: false,
        };
        let config = Config::default();
        let mut e = Engine {
            problem: &p,
            config: &config,
            belief: BeliefSpace::new(25),
            visited: Visited::new(25),
            seen: Visited::new(25),
            generation_count: 0,
            evaluations: 0,
            scratch: Vec::new(),
        };
        let mut v = Visited::new(25);
        let low = a
            .path
            .iter()
            .filter(|&&s| {
                v.insert(s);
                onward_degree(&board, &v, s) <= 2
            })
            .count() as f64;
        assert_eq!(
            e.fitness(&a.path),
            25.0 * 20.0 + 500.0 + 240.0 + 100.0 + low * 5.0
        );
        // One illegal move: −30, the legal count drops by one and the segments split.
        let mut broken = a.path.clone();
        broken.swap(3, 10);
        assert!(e.fitness(&broken) < e.fitness(&a.path) - 30.0);
    }

    #[test]
    fn elitism_and_local_search_never_lose_the_best() {
        struct Record(Vec<f64>);
        impl crate::solve::Observer for Record {
            fn generation(&mut self, s: &GenerationStats) {
                self.0.push(s.best);
            }
        }
        // 4x4 has no tour, so every one of the 60 generations runs, through the local
        // search at generations 30, 40 and 50.
        let board = Board::new(4, 4).unwrap();
        let p = Problem {
            board: &board,
            start: 0,
            closed: false,
        };
        let config = Config {
            population: 6,
            elite_size: 1,
            generations: 60,
            ..Config::default()
        };
        for seed in 0..5 {
            let cancel = std::sync::atomic::AtomicBool::new(false);
            let mut rec = Record(Vec::new());
            let mut ctl = Control::new(crate::solve::Budget::unlimited(), &cancel, &mut rec);
            solve(&p, &config, &mut rng_from_seed(seed), &mut ctl);
            assert_eq!(rec.0.len(), 60);
            assert!(rec.0.windows(2).all(|w| w[1] >= w[0]), "{:?}", rec.0);
        }
    }

    #[test]
    fn runs_are_reproducible_and_the_parameters_matter() {
        let board = Board::new(6, 6).unwrap();
        let c = Config::default();
        assert_eq!(run(&board, &c, 3), run(&board, &c, 3));
        let small = Config {
            population: 4,
            generations: 3,
            ..Config::default()
        };
        let a = run(&board, &small, 3);
        assert!(a.counters.generations <= 3);
    }
}

#[cfg(test)]
mod reading_tests {
    use super::*;
    use crate::solve::rng_from_seed;
    use crate::testing::test;

    fn engine<'a>(p: &'a Problem<'a>, config: &'a Config) -> Engine<'a> {
        let n = p.board.len();
        Engine {
            problem: p,
            config,
            belief: BeliefSpace::new(n),
            visited: Visited::new(n),
            seen: Visited::new(n),
            generation_count: 20,
            evaluations: 0,
            scratch: Vec::new(),
        }
    }

    #[test]
    fn the_bonus_reading_decides_whether_a_good_transition_is_favoured() {
        // From the centre of an empty 8x8 board, (2,3) and (2,5) have equal onward degrees
        // once (4,4) is taken; make (4,4) → (2,5) a known good transition and (4,4) → (2,3)
        // a known bad one (an unknown transition counts as good, as the document says).
        let board = Board::new(8, 8).unwrap();
        let p = Problem {
            board: &board,
            start: board.square(4, 4),
            closed: false,
        };
        let (a, b) = (board.square(2, 3), board.square(2, 5));
        for (bonus, favoured) in [(Bonus::Document, a), (Bonus::Reward, b)] {
            let config = Config {
                bonus,
                ..Config::default()
            };
            let mut e = engine(&p, &config);
            let t = transition(&board, p.start, b).unwrap();
            e.belief.success[t] = 3;
            e.belief.failure[transition(&board, p.start, a).unwrap()] = 3;
            e.mark(&[p.start]);
            e.options(p.start);
            e.scratch.retain(|&(_, s)| s == a || s == b);
            assert_eq!(e.scratch[0].0, e.scratch[1].0, "equal degrees");
            let mut rng = rng_from_seed(1);
            assert_eq!(
                e.belief_pick(p.start, 1.0, false, &mut rng),
                favoured,
                "{bonus:?}"
            );
        }
    }

    #[test]
    fn the_threshold_reading_decides_what_counts_as_success() {
        // Paths of 10 squares on 8x8: fitness far above 0.7 * 64, coverage below it.
        let board = Board::new(8, 8).unwrap();
        let p = Problem {
            board: &board,
            start: 0,
            closed: false,
        };
        for (threshold, success) in [(Threshold::Fitness, true), (Threshold::Coverage, false)] {
            let config = Config {
                belief_threshold: threshold,
                ..Config::default()
            };
            let mut e = engine(&p, &config);
            let mut rng = rng_from_seed(2);
            let population: Vec<Individual> = (0..10)
                .map(|_| {
                    let mut ind = e.create_individual(&mut rng);
                    ind.path.truncate(10);
                    ind.fitness = e.fitness(&ind.path);
                    ind
                })
                .collect();
            let fitness: Vec<f64> = population.iter().map(|i| i.fitness).collect();
            assert!(fitness.iter().all(|&f| f > 0.7 * 64.0));
            e.learn(&population, &ranked(&fitness));
            let s: u32 = e.belief.success.iter().sum();
            let f: u32 = e.belief.failure.iter().sum();
            assert_eq!((s > 0, f > 0), (success, !success), "{threshold:?}");
        }
    }
}
