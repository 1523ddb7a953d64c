//! The Cultural Algorithm guide's levels 1–3: a genetic algorithm over move strings,
//! improved twice.
//!
//! A chromosome is `n·n` genes, each one of the eight moves ([`super::GENE_MOVES`]). It is
//! decoded from the start square: a gene whose square is on the board and unvisited (and,
//! from level 2, acceptable) is taken; otherwise the decoder *repairs* it by choosing among
//! the free squares, and stops when there are none. So every decoded path is a legal
//! knight's path, and a run succeeds when one covers the board.
//!
//! The three levels share one engine ([`solve`]) and differ through [`Operators`], whose
//! default methods are level 1, the way the document's `SimpleGASolver →
//! EnhancedGASolver → CulturalGASolver` hierarchy inherits:
//!
//! | | level 1 [`Simple`] | level 2 [`Enhanced`] | level 3 [`Cultural`] |
//! |---|---|---|---|
//! | decode: take the gene's square | always | if it has onward moves, or in the first 5 squares | …or in the first 5 with difficulty < 0.7 |
//! | repair score | onward moves | 2·mobility + onward moves | level 2's − 10·difficulty |
//! | fitness | 10·squares + 5·moves | + 2·mean mobility − 5·repeats | level 2's |
//! | mutation (rate 0.3) | 1–3 random genes | 1–2 genes, 80 % unlike the gene before | 1–2 genes, 70 % belief-suggested after generation 20 |
//! | crossover | two-point | level 1's | 30 % elite injection after generation 20; children repaired |
//! | selection | tournament of 3 | with a diversity bonus | level 2's |
//!
//! Parameters where the document can be read two ways (see `docs/SOURCES.md`):
//!
//! - `repair`: the document repairs with `max(valid_moves, key=future_moves_count)`, the
//!   square with the MOST onward moves ([`Repair::MostOnward`], the default), which is the
//!   opposite of Warnsdorff's rule and almost never completes an 8×8 tour.
//!   [`Repair::FewestOnward`] takes the fewest, and completes one within a few generations.
//!   (Level 2's score `2·mobility + future_moves` counts the same squares twice: both are
//!   the onward degree of the candidate.)
//! - `diversity_bonus`: level 2 adds `diversity × 0.05` to every score alike
//!   ([`DiversityBonus::Uniform`], the default), which cannot change a tournament's winner.
//!   [`DiversityBonus::Individual`] gives each individual its own share: how much it differs
//!   from the population's consensus.
//! - Level 3 calls `suggest_move`, `get_position_difficulty` and `heuristic_repair`
//!   without defining them. Here: `suggest_move` draws a move with probability proportional
//!   to its success rate among the top individuals (`(success + 1) / (usage + 1)`);
//!   `difficulty(square) = 1 − success / visits` from the mobility map (0 for a square never
//!   seen); `heuristic_repair` decodes the child and writes the genes actually taken back
//!   into it (Lamarckian repair).
//! - `good_fitness`: level 3 counts a move as successful when its individual's fitness
//!   exceeds 300, which every path of 21 or more squares does: on 8×8 it is always met.
//! - `elite`: level 3 injects `best_individuals[0]`, and since it only ever appends to that
//!   list, that is the best of the *first* generation ([`Elite::First`], the default);
//!   [`Elite::Best`] injects the best seen so far.
//! - The document loops a fixed number of generations and returns the best path; we stop
//!   at the first generation whose best path is a tour (the answer is the same: elitism
//!   would keep it).

use super::{
    GenerationStats, Visited, diversity, diversity_until, free_genes, gene_step, note_generation,
    onward_degree, roulette, tournament_entrants,
};
use crate::puzzle::ChoiceError;
use crate::puzzle::knight::Square;
use crate::solve::knight::{Answer, Problem, closes};
use crate::solve::microscope::{
    self, Bred, Breeding, ChangeKind, Child, Crossover, Member, Notes, Origin, Parent,
};
use crate::solve::{Control, Counters, Rng, Stop};
use rand::RngExt;

/// How a gene that cannot be followed is replaced.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::VariantNames, strum::IntoStaticStr,
)]
#[strum(serialize_all = "kebab-case")]
pub enum Repair {
    /// The document: the free square with the most onward moves.
    MostOnward,
    /// Warnsdorff's rule: the free square with the fewest onward moves.
    FewestOnward,
}

impl Repair {
    /// Parses `most-onward` or `fewest-onward`.
    pub fn parse(text: &str) -> Result<Repair, ChoiceError> {
        text.parse().map_err(|_| ChoiceError {
            name: "repair",
            value: text.to_string(),
            allowed: "most-onward (as the Cultural Algorithm guide prints it) or fewest-onward (Warnsdorff's rule)",
        })
    }

    fn sign(self) -> f64 {
        match self {
            Repair::MostOnward => 1.0,
            Repair::FewestOnward => -1.0,
        }
    }
}

/// How level 2 applies its diversity bonus.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::VariantNames, strum::IntoStaticStr,
)]
#[strum(serialize_all = "kebab-case")]
pub enum DiversityBonus {
    /// The document: one bonus for everyone (no effect on a tournament).
    Uniform,
    /// Each individual's bonus grows with how much it differs from the consensus.
    Individual,
}

impl DiversityBonus {
    /// Parses `uniform` or `individual`.
    pub fn parse(text: &str) -> Result<DiversityBonus, ChoiceError> {
        text.parse().map_err(|_| ChoiceError {
            name: "diversity_bonus",
            value: text.to_string(),
            allowed: "uniform (as the Cultural Algorithm guide prints it) or individual",
        })
    }
}

/// The chromosome level 3's crossover injects.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::VariantNames, strum::IntoStaticStr,
)]
#[strum(serialize_all = "kebab-case")]
pub enum Elite {
    /// The document: the first generation's best.
    First,
    /// The best seen so far.
    Best,
}

impl Elite {
    /// Parses `first` or `best`.
    pub fn parse(text: &str) -> Result<Elite, ChoiceError> {
        text.parse().map_err(|_| ChoiceError {
            name: "elite",
            value: text.to_string(),
            allowed: "first (as the Cultural Algorithm guide's code behaves) or best",
        })
    }
}

/// Levels 1–3's parameters, with the Cultural Algorithm guide's values as defaults.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Individuals per generation.
    pub population: usize,
    /// Generations before giving up.
    pub generations: u64,
    /// Chance that a child is mutated at all.
    pub mutation_rate: f64,
    /// The best individuals copied unchanged into the next generation.
    pub elitism: usize,
    /// Individuals drawn per tournament.
    pub tournament: usize,
    /// See [`Repair`].
    pub repair: Repair,
    /// Level 2 and up.
    pub diversity_weight: f64,
    /// See [`DiversityBonus`].
    pub diversity_bonus: DiversityBonus,
    /// Level 3: the generation from which the belief space guides the operators.
    pub belief_after: u64,
    /// Level 3: a top individual's moves count as successful above this fitness.
    pub good_fitness: f64,
    /// Level 3: see [`Elite`].
    pub elite: Elite,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            population: 30,
            generations: 100,
            mutation_rate: 0.3,
            elitism: 2,
            tournament: 3,
            repair: Repair::MostOnward,
            diversity_weight: 0.05,
            diversity_bonus: DiversityBonus::Uniform,
            belief_after: 20,
            good_fitness: 300.0,
            elite: Elite::First,
        }
    }
}

/// What the decoder keeps per chromosome, reused across evaluations.
pub struct Decoded {
    /// The squares the decoded chromosome walks.
    pub path: Vec<Square>,
    /// The gene actually taken at each step (the repaired chromosome).
    pub taken: Vec<u8>,
    /// Sum over the path of each square's onward moves when it was entered.
    pub mobility: u64,
}

/// The operators of one level. The default methods are level 1's; each level overrides
/// what the document changes and keeps the rest, as its class hierarchy does.
pub trait Operators {
    /// The level's parameters.
    fn config(&self) -> &Config;

    /// Whether the decoder follows a gene to the free square `next`, which would leave
    /// `mobility` onward moves, with `visited` squares on the path so far.
    fn accept(&self, _next: Square, _mobility: u32, _visited: usize) -> bool {
        true
    }

    /// The repair's score of free square `candidate` with `onward` moves (highest wins,
    /// first among equals).
    fn repair_score(&self, _candidate: Square, onward: u32) -> f64 {
        self.config().repair.sign() * f64::from(onward)
    }

    /// The Cultural Algorithm guide's level 1 fitness:
    /// `unique squares × 10 + legal moves × 5`.
    fn fitness(&self, d: &Decoded) -> f64 {
        let len = d.path.len() as f64;
        len * 10.0 + (len - 1.0).max(0.0) * 5.0
    }

    /// Level 1: with probability `mutation_rate`, 1–3 random genes get random moves.
    fn mutate(&self, genes: &mut [u8], rng: &mut Rng, notes: &mut Notes) {
        if rng.random::<f64>() < self.config().mutation_rate {
            for _ in 0..rng.random_range(1..=3) {
                let pos = rng.random_range(0..genes.len());
                let old = genes[pos];
                genes[pos] = rng.random_range(0..8);
                note_mutation(notes, pos, old, genes[pos], "a random move (1 to 3 genes)");
            }
        }
    }

    /// Level 1: two-point crossover, `point1 ∈ [1, L−2]`, `point2 ∈ [point1+1, L]`.
    fn crossover(
        &self,
        p1: &[u8],
        p2: &[u8],
        rng: &mut Rng,
        notes: &mut Notes,
    ) -> (Vec<u8>, Vec<u8>) {
        two_point(p1, p2, rng, notes)
    }

    /// After crossover: level 3 repairs its children (see the module docs).
    fn repair_child(&self, _ctx: &mut Decoder, _child: &mut [u8], _notes: &mut Notes) {}

    /// What the belief space holds, in words, for the microscope (level 3).
    fn describe_belief(&self) -> Vec<String> {
        Vec::new()
    }

    /// The scores tournaments compare; level 1 uses the fitness as it is. `None` when
    /// `interrupted` says stop (a pass over a large population takes a while).
    fn selection_scores(
        &self,
        fitness: &[f64],
        _population: &[Vec<u8>],
        _counts: &mut Vec<u32>,
        _interrupted: &mut dyn FnMut() -> bool,
    ) -> Option<Vec<f64>> {
        Some(fitness.to_vec())
    }

    /// Called once per generation with the evaluated population (level 3 learns here).
    fn learn(
        &mut self,
        _population: &[Vec<u8>],
        _fitness: &[f64],
        _paths: &[Vec<Square>],
        _n: usize,
    ) {
    }

    /// Per-square weights for the app's belief overlay (level 3).
    fn belief_weights(&self) -> Option<Vec<f32>> {
        None
    }
}

/// Level 1, the simple GA: every default of [`Operators`].
pub struct Simple(pub Config);

impl Operators for Simple {
    fn config(&self) -> &Config {
        &self.0
    }
}

/// Level 2, the enhanced GA: mobility-aware decoding and fitness, heuristic mutation,
/// diversity-aware selection; level 1's crossover.
pub struct Enhanced(pub Config);

impl Operators for Enhanced {
    fn config(&self) -> &Config {
        &self.0
    }
    fn accept(&self, next: Square, mobility: u32, visited: usize) -> bool {
        enhanced_accept(next, mobility, visited)
    }
    fn repair_score(&self, _candidate: Square, onward: u32) -> f64 {
        enhanced_repair_score(&self.0, onward)
    }
    fn fitness(&self, d: &Decoded) -> f64 {
        enhanced_fitness(d)
    }
    fn mutate(&self, genes: &mut [u8], rng: &mut Rng, notes: &mut Notes) {
        enhanced_mutate(&self.0, genes, rng, notes);
    }
    fn selection_scores(
        &self,
        fitness: &[f64],
        population: &[Vec<u8>],
        counts: &mut Vec<u32>,
        interrupted: &mut dyn FnMut() -> bool,
    ) -> Option<Vec<f64>> {
        diversity_scores(&self.0, fitness, population, counts, interrupted)
    }
}

fn enhanced_accept(_next: Square, mobility: u32, visited: usize) -> bool {
    mobility > 0 || visited < 5
}

/// `get_mobility(m, visited | {m}) · 2 + future_moves_count(m, visited)`: both are the
/// candidate's onward moves.
fn enhanced_repair_score(config: &Config, onward: u32) -> f64 {
    config.repair.sign() * 3.0 * f64::from(onward)
}

/// `unique × 10 + legal × 5 + mean mobility × 2 − repeats × 5` (a decoded path never
/// repeats a square, so the last term is 0).
fn enhanced_fitness(d: &Decoded) -> f64 {
    let len = d.path.len() as f64;
    len * 10.0 + (len - 1.0).max(0.0) * 5.0 + 2.0 * d.mobility as f64 / len.max(1.0)
}

/// 1–2 genes; 20 % a random move, else a move other than the gene before (Python's
/// `chromosome[pos-1]`, which for the first gene is the last).
fn enhanced_mutate(config: &Config, genes: &mut [u8], rng: &mut Rng, notes: &mut Notes) {
    if rng.random::<f64>() < config.mutation_rate {
        for _ in 0..rng.random_range(1..=2) {
            let pos = rng.random_range(0..genes.len());
            let old = genes[pos];
            let why = if rng.random::<f64>() < 0.2 {
                genes[pos] = rng.random_range(0..8);
                "a random move (20 % of mutations)"
            } else {
                let before = genes[(pos + genes.len() - 1) % genes.len()];
                let pick = rng.random_range(0..7u8);
                genes[pos] = if pick >= before { pick + 1 } else { pick };
                "a random move unlike the gene before it (80 % of mutations)"
            };
            note_mutation(notes, pos, old, genes[pos], why);
        }
    }
}

fn note_mutation(notes: &mut Notes, pos: usize, old: u8, new: u8, why: &str) {
    notes.change(
        ChangeKind::Mutation,
        pos,
        Some(u32::from(old)),
        Some(u32::from(new)),
        || why.to_string(),
    );
}

fn diversity_scores(
    config: &Config,
    fitness: &[f64],
    population: &[Vec<u8>],
    counts: &mut Vec<u32>,
    interrupted: &mut dyn FnMut() -> bool,
) -> Option<Vec<f64>> {
    match config.diversity_bonus {
        DiversityBonus::Uniform => {
            let bonus =
                100.0 * diversity_until(population, counts, interrupted)? * config.diversity_weight;
            Some(fitness.iter().map(|f| f + bonus).collect())
        }
        DiversityBonus::Individual => {
            // Each individual's share of genes unlike the consensus (the commonest gene at
            // each position), in percent, times the weight.
            let len = population.iter().map(Vec::len).max().unwrap_or(0);
            let mut consensus = vec![0u8; len];
            for (pos, slot) in consensus.iter_mut().enumerate() {
                if pos % 1024 == 1023 && interrupted() {
                    return None;
                }
                let mut c = [0u32; 8];
                for ind in population {
                    c[ind[pos] as usize & 7] += 1;
                }
                *slot = (0..8)
                    .max_by_key(|&g| (c[g], std::cmp::Reverse(g)))
                    .unwrap_or(0) as u8;
            }
            let mut scores = Vec::with_capacity(fitness.len());
            for (f, ind) in fitness.iter().zip(population) {
                if interrupted() {
                    return None;
                }
                let differ = ind.iter().zip(&consensus).filter(|(a, b)| a != b).count();
                scores
                    .push(f + 100.0 * differ as f64 / len.max(1) as f64 * config.diversity_weight);
            }
            Some(scores)
        }
    }
}

fn two_point(p1: &[u8], p2: &[u8], rng: &mut Rng, notes: &mut Notes) -> (Vec<u8>, Vec<u8>) {
    let len = p1.len();
    if len < 3 {
        return (p1.to_vec(), p2.to_vec());
    }
    let a = rng.random_range(1..=len - 2);
    let b = rng.random_range(a + 1..=len);
    let mut c1 = p1.to_vec();
    let mut c2 = p2.to_vec();
    c1[a..b].copy_from_slice(&p2[a..b]);
    c2[a..b].copy_from_slice(&p1[a..b]);
    notes.crossover(
        || {
            format!(
                "two-point: genes {a} to {} swapped between the parents",
                b - 1
            )
        },
        &[a, b],
        || {
            let from = |inside: u8| {
                (0..len)
                    .map(|i| {
                        if (a..b).contains(&i) {
                            inside
                        } else {
                            1 - inside
                        }
                    })
                    .collect()
            };
            [from(1), from(0)]
        },
    );
    (c1, c2)
}

/// Level 3's belief space (the Cultural Algorithm guide's `BeliefSpace`).
pub struct BeliefSpace {
    move_success: [u64; 8],
    move_usage: [u64; 8],
    visits: Vec<u32>,
    successes: Vec<u32>,
    first_best: Option<Vec<u8>>,
    best: Option<(f64, Vec<u8>)>,
    generation_count: u64,
}

impl BeliefSpace {
    /// An empty belief space for a board of `squares` squares.
    pub fn new(squares: usize) -> BeliefSpace {
        BeliefSpace {
            move_success: [0; 8],
            move_usage: [0; 8],
            visits: vec![0; squares],
            successes: vec![0; squares],
            first_best: None,
            best: None,
            generation_count: 0,
        }
    }

    /// `1 − success / visits` (0 for a square no top path has visited yet).
    pub fn difficulty(&self, sq: Square) -> f64 {
        let v = self.visits[sq as usize];
        if v == 0 {
            0.0
        } else {
            1.0 - f64::from(self.successes[sq as usize]) / f64::from(v)
        }
    }

    /// A move drawn in proportion to its success rate among the top individuals.
    pub fn suggest_move(&self, rng: &mut Rng) -> u8 {
        let mut cumulative = [0.0; 8];
        let mut total = 0.0;
        for (c, (s, u)) in cumulative
            .iter_mut()
            .zip(self.move_success.iter().zip(&self.move_usage))
        {
            total += (s + 1) as f64 / (u + 1) as f64;
            *c = total;
        }
        roulette(&cumulative, rng) as u8
    }

    /// The share of each move's uses among the top individuals that counted as a success.
    pub fn move_rates(&self) -> [f64; 8] {
        std::array::from_fn(|g| self.move_success[g] as f64 / self.move_usage[g].max(1) as f64)
    }
}

/// Level 3, the cultural GA: level 2 plus a belief space that guides decoding, mutation
/// and crossover.
pub struct Cultural {
    /// The parameters.
    pub config: Config,
    /// What the population has learned so far.
    pub belief: BeliefSpace,
}

impl Cultural {
    fn use_belief(&self) -> bool {
        self.belief.generation_count >= self.config.belief_after
    }

    fn elite(&self) -> Option<&[u8]> {
        match self.config.elite {
            Elite::First => self.belief.first_best.as_deref(),
            Elite::Best => self.belief.best.as_ref().map(|(_, c)| c.as_slice()),
        }
    }
}

impl Operators for Cultural {
    fn config(&self) -> &Config {
        &self.config
    }
    fn accept(&self, next: Square, mobility: u32, visited: usize) -> bool {
        mobility > 0 || (visited < 5 && self.belief.difficulty(next) < 0.7)
    }
    fn repair_score(&self, candidate: Square, onward: u32) -> f64 {
        enhanced_repair_score(&self.config, onward) - 10.0 * self.belief.difficulty(candidate)
    }
    fn fitness(&self, d: &Decoded) -> f64 {
        enhanced_fitness(d)
    }
    fn mutate(&self, genes: &mut [u8], rng: &mut Rng, notes: &mut Notes) {
        if rng.random::<f64>() < self.config.mutation_rate {
            for _ in 0..rng.random_range(1..=2) {
                let pos = rng.random_range(0..genes.len());
                let old = genes[pos];
                let why = if self.use_belief() && rng.random::<f64>() < 0.7 {
                    genes[pos] = self.belief.suggest_move(rng);
                    "a move the belief space suggests, drawn by its success rate (70 % of mutations)"
                } else {
                    genes[pos] = rng.random_range(0..8);
                    "a random move"
                };
                note_mutation(notes, pos, old, genes[pos], why);
            }
        }
    }
    fn crossover(
        &self,
        p1: &[u8],
        p2: &[u8],
        rng: &mut Rng,
        notes: &mut Notes,
    ) -> (Vec<u8>, Vec<u8>) {
        let len = p1.len();
        if let Some(elite) = self.elite().filter(|_| self.use_belief() && len >= 2)
            && rng.random::<f64>() < 0.3
        {
            let point = rng.random_range(1..len);
            let mut c1 = p1.to_vec();
            let mut c2 = p2.to_vec();
            c1[point..].copy_from_slice(&elite[point..]);
            c2[point..].copy_from_slice(&elite[point..]);
            notes.crossover(
                || format!("elite injection (30 % of crossovers once the belief space is in use): genes from {point} on are copied from the elite individual the belief space keeps"),
                &[point],
                || {
                    let from = |own: u8| (0..len).map(|i| if i < point { own } else { 2 }).collect();
                    [from(0), from(1)]
                },
            );
            return (c1, c2);
        }
        two_point(p1, p2, rng, notes)
    }
    fn repair_child(&self, ctx: &mut Decoder, child: &mut [u8], notes: &mut Notes) {
        ctx.decode(self, child);
        let taken = &ctx.out.taken;
        if notes.on() {
            let before = child[..taken.len()].to_vec();
            notes.differences(ChangeKind::Repair, &before, taken, |_| {
                "Lamarckian repair: the move decoding actually took, written back".to_string()
            });
        }
        child[..taken.len()].copy_from_slice(taken);
    }
    fn describe_belief(&self) -> Vec<String> {
        let b = &self.belief;
        let rates = self.belief.move_rates();
        let moves: Vec<String> = (0..8)
            .map(|g| format!("{g}: {:.0} %", 100.0 * rates[g]))
            .collect();
        let hard = (b.visits.iter().enumerate())
            .filter(|&(sq, _)| b.difficulty(sq as Square) >= 0.7)
            .count();
        let seen = b.visits.iter().filter(|&&v| v > 0).count();
        let mut lines = vec![
            format!(
                "It learned from the top quarter (at least 5) of this generation: each of their moves counts as used, and as a success when its individual's fitness exceeds {}.",
                self.config.good_fitness
            ),
            format!("Success rate of each move so far: {}.", moves.join(", ")),
            format!(
                "Taken together, the top paths have been on {seen} of the {} squares so far; {hard} of those have a difficulty of 0.7 or more (rarely on a path covering 80 % of the board), which decoding avoids early on.",
                b.visits.len()
            ),
        ];
        lines.push(if self.use_belief() {
            "The belief space is in use: mutation draws suggested moves and crossover may inject the elite.".to_string()
        } else {
            format!(
                "The belief space guides breeding only after generation {}.",
                self.config.belief_after
            )
        });
        lines
    }
    fn selection_scores(
        &self,
        fitness: &[f64],
        population: &[Vec<u8>],
        counts: &mut Vec<u32>,
        interrupted: &mut dyn FnMut() -> bool,
    ) -> Option<Vec<f64>> {
        diversity_scores(&self.config, fitness, population, counts, interrupted)
    }
    fn learn(&mut self, population: &[Vec<u8>], fitness: &[f64], paths: &[Vec<Square>], n: usize) {
        let b = &mut self.belief;
        let order = ranked(fitness);
        let top = ((population.len() as f64 * 0.25) as usize)
            .max(5)
            .min(population.len());
        if let Some(&i) = order.first() {
            if b.first_best.is_none() {
                b.first_best = Some(population[i].clone());
            }
            if b.best.as_ref().is_none_or(|(f, _)| fitness[i] > *f) {
                b.best = Some((fitness[i], population[i].clone()));
            }
        }
        for &i in &order[..top] {
            for &g in &population[i] {
                b.move_usage[g as usize & 7] += 1;
                if fitness[i] > self.config.good_fitness {
                    b.move_success[g as usize & 7] += 1;
                }
            }
            let near_complete = paths[i].len() as f64 >= n as f64 * 0.8;
            for &sq in &paths[i] {
                b.visits[sq as usize] += 1;
                if near_complete {
                    b.successes[sq as usize] += 1;
                }
            }
        }
        b.generation_count += 1;
    }
    fn belief_weights(&self) -> Option<Vec<f32>> {
        let b = &self.belief;
        Some(
            b.visits
                .iter()
                .zip(&b.successes)
                .map(|(&v, &s)| if v == 0 { 0.0 } else { s as f32 / v as f32 })
                .collect(),
        )
    }
}

/// Indices by fitness, best first (stable: earlier first among equals, as Python's sort).
pub fn ranked(fitness: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..fitness.len()).collect();
    order.sort_by(|&a, &b| fitness[b].total_cmp(&fitness[a]));
    order
}

/// Decodes chromosomes into paths without allocating per chromosome.
pub struct Decoder<'a> {
    problem: &'a Problem<'a>,
    visited: Visited,
    /// The last chromosome decoded.
    pub out: Decoded,
}

impl<'a> Decoder<'a> {
    /// A decoder for `problem`.
    pub fn new(problem: &'a Problem<'a>) -> Decoder<'a> {
        let n = problem.board.len();
        Decoder {
            problem,
            visited: Visited::new(n),
            out: Decoded {
                path: Vec::with_capacity(n),
                taken: Vec::with_capacity(n),
                mobility: 0,
            },
        }
    }

    /// Decodes `genes` with `ops`' acceptance and repair into `self.out`; returns the fitness.
    pub fn decode<O: Operators + ?Sized>(&mut self, ops: &O, genes: &[u8]) -> f64 {
        let board = self.problem.board;
        let n = board.len();
        let (v, out) = (&mut self.visited, &mut self.out);
        v.clear();
        out.path.clear();
        out.taken.clear();
        let mut cur = self.problem.start;
        v.insert(cur);
        out.path.push(cur);
        out.mobility = u64::from(onward_degree(board, v, cur));
        for &g in genes {
            if out.path.len() == n {
                break;
            }
            let own = gene_step(board, cur, g)
                .filter(|&t| !v.contains(t))
                .and_then(|t| {
                    // The square's onward moves once the knight stands on it.
                    let mobility = onward_degree(board, v, t);
                    ops.accept(t, mobility, out.path.len())
                        .then_some((g, t, mobility))
                });
            let chosen = own.or_else(|| {
                let mut best: Option<(f64, u8, Square, u32)> = None;
                for (cg, t) in free_genes(board, v, cur) {
                    let onward = onward_degree(board, v, t);
                    let score = ops.repair_score(t, onward);
                    if best.is_none_or(|b| score > b.0) {
                        best = Some((score, cg, t, onward));
                    }
                }
                best.map(|(_, cg, t, onward)| (cg, t, onward))
            });
            let Some((cg, t, mobility)) = chosen else {
                break;
            };
            v.insert(t);
            out.path.push(t);
            out.taken.push(cg);
            out.mobility += u64::from(mobility);
            cur = t;
        }
        ops.fitness(out)
    }
}

/// Runs levels 1–3 with `ops`. Each generation: decode and score everyone, let the level
/// learn, report, stop on a tour, then breed (elites, tournament parents, crossover,
/// mutation). The answer is the best path decoded: a tour when `stop == Found`.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::knight::Board;
/// use searchlab::solve::knight::Problem;
/// use searchlab::solve::knight::evolve::levels::{self, Config, Repair, Simple};
/// use searchlab::solve::{Budget, Control, rng_from_seed};
///
/// let board = Board::new(5, 5).unwrap();
/// let problem = Problem { board: &board, start: 0, closed: false };
/// let config = Config { generations: 20, repair: Repair::FewestOnward, ..Config::default() };
/// let mut ctl = Control::quiet(Budget::unlimited());
/// let answer = levels::solve(&problem, &mut Simple(config), &mut rng_from_seed(1), &mut ctl);
/// // Decoding repairs every gene it cannot follow, so the best path is always legal.
/// assert!(board.validate_path(&answer.path).is_ok());
/// assert!(answer.counters.generations <= 20);
/// ```
#[allow(
    clippy::too_many_lines,
    reason = "the search's loop keeps its state in locals, as fast code wants; each part of a split would take them all"
)]
pub fn solve<O: Operators>(
    problem: &Problem,
    ops: &mut O,
    rng: &mut Rng,
    ctl: &mut Control,
) -> Answer {
    let board = problem.board;
    let n = board.len();
    let config = ops.config().clone();
    let size = config.population.max(2);
    let length = n;
    // On a large board the first population takes a while to draw: each individual looks
    // at the cancel flag and the clock.
    let mut population: Vec<Vec<u8>> = Vec::with_capacity(size);
    while population.len() < size {
        population.push((0..length).map(|_| rng.random_range(0..8u8)).collect());
        if let Some(stop) = ctl.interrupted() {
            let path = vec![problem.start];
            ctl.finish(&Counters::default(), &path);
            return Answer {
                path,
                stop,
                counters: Counters::default(),
            };
        }
    }
    let mut decoder = Decoder::new(problem);
    let mut counters = Counters::default();
    let mut fitness = vec![0.0; size];
    let mut paths: Vec<Vec<Square>> = vec![Vec::new(); size];
    let mut counts = Vec::new();
    let mut best_ever: Vec<Square> = Vec::new();
    let mut evaluations = 0u64;
    let mut generation = 0u64;
    let mut record: Option<Breeding> = None;
    let stop = 'run: loop {
        if generation >= config.generations {
            break Stop::GenerationLimit;
        }
        generation += 1;
        for (i, genes) in population.iter().enumerate() {
            // On a huge board one generation takes long: look at the cancel flag and the
            // clock per individual.
            if let Some(stop) = ctl.interrupted() {
                break 'run stop;
            }
            fitness[i] = decoder.decode(&*ops, genes);
            paths[i].clone_from(&decoder.out.path);
        }
        evaluations += size as u64;
        let order = ranked(&fitness);
        let best = order[0];
        if paths[best].len() > best_ever.len() {
            best_ever.clone_from(&paths[best]);
        }
        // Learning and measuring diversity each pass over the whole population: on a
        // large board each takes tens of milliseconds, so look at the clock before them
        // (unless this generation holds a tour, which is reported below).
        if !paths.iter().any(|p| p.len() == n)
            && let Some(stop) = ctl.interrupted()
        {
            break 'run stop;
        }
        ops.learn(&population, &fitness, &paths, n);
        let looking = microscope::looks_at(ctl, generation);
        if looking {
            record = Some(Breeding {
                generation,
                score_name: "fitness".into(),
                lower_is_better: false,
                gene_name: "a move, numbered 0–7".into(),
                members: (population.iter().zip(&fitness).zip(&paths))
                    .map(|((genes, &score), path)| Member {
                        genes: microscope::genes(genes),
                        score,
                        shown: path.clone(),
                    })
                    .collect(),
                children: Vec::new(),
                remarks: ops.describe_belief(),
            });
        }
        let mut stats = GenerationStats::of(generation, &fitness);
        stats.best_coverage = paths[best].len() as u32;
        stats.diversity = diversity(&paths, &mut counts);
        note_generation(&mut counters, generation, evaluations);
        counters.max_depth = counters.max_depth.max(paths[best].len() as u64);
        counters.depth = paths[best].len() as u64;
        ctl.generation(&stats);
        if let Some(w) = ops.belief_weights() {
            ctl.belief(&w);
        }
        if let Some(tour) = paths.iter().find(|p| p.len() == n && closes(problem, p)) {
            best_ever.clone_from(tour);
            break Stop::Found;
        }
        if let Some(stop) = ctl.check(&counters, Some(&paths[best])) {
            break stop;
        }
        // Breed the next generation.
        let mut why = None;
        let scores = ops.selection_scores(&fitness, &population, &mut counts, &mut || {
            why = ctl.interrupted();
            why.is_some()
        });
        let Some(scores) = scores else {
            break 'run why.unwrap_or(Stop::Cancelled);
        };
        let mut entrants: Vec<Vec<usize>> = Vec::new();
        let parents: Vec<usize> = (0..size)
            .map(|_| {
                let (winner, drawn, k) = tournament_entrants(&scores, config.tournament, rng);
                if looking {
                    entrants.push(drawn[..k].to_vec());
                }
                winner
            })
            .collect();
        let elites = config.elitism.min(size);
        let mut next: Vec<Vec<u8>> = order
            .iter()
            .take(elites)
            .map(|&i| population[i].clone())
            .collect();
        let mut origins: Vec<Origin> = (order.iter().take(elites))
            .filter(|_| looking)
            .map(|&from| Origin::Survivor {
                from,
                why: format!("elitism: one of the {elites} fittest, copied unchanged"),
            })
            .collect();
        let mut notes = Notes::new(looking);
        while next.len() < size {
            if let Some(stop) = ctl.interrupted() {
                break 'run stop;
            }
            let a = rng.random_range(0..size);
            let b = loop {
                let b = rng.random_range(0..size);
                if b != a {
                    break b;
                }
            };
            let (mut c1, mut c2) = ops.crossover(
                &population[parents[a]],
                &population[parents[b]],
                rng,
                &mut notes,
            );
            let crossed = looking.then(|| [microscope::genes(&c1), microscope::genes(&c2)]);
            ops.repair_child(&mut decoder, &mut c1, &mut notes);
            let mut changes = [notes.take_changes(), Vec::new()];
            ops.repair_child(&mut decoder, &mut c2, &mut notes);
            changes[1] = notes.take_changes();
            ops.mutate(&mut c1, rng, &mut notes);
            changes[0].append(&mut notes.take_changes());
            ops.mutate(&mut c2, rng, &mut notes);
            changes[1].append(&mut notes.take_changes());
            if let Some(crossed) = crossed {
                let rule = if config.diversity_weight > 0.0 && scores != fitness {
                    format!(
                        "tournament of {}, on fitness plus the diversity bonus",
                        config.tournament
                    )
                } else {
                    format!("tournament of {}, on fitness", config.tournament)
                };
                let cross = notes.crossover.take();
                // Both children list the parents in the crossover's order; `from` says
                // which one each gene comes from.
                for (k, (crossed, changes)) in crossed.into_iter().zip(changes).enumerate() {
                    let parent = |slot: usize| Parent {
                        index: parents[slot],
                        rule: rule.clone(),
                        entrants: entrants[slot].clone(),
                    };
                    origins.push(Origin::Bred(Bred {
                        parents: vec![parent(a), parent(b)],
                        crossover: cross.as_ref().map(|(operator, points, from)| Crossover {
                            operator: operator.clone(),
                            points: points.clone(),
                            from: from[k].clone(),
                        }),
                        crossed,
                        changes,
                    }));
                }
            }
            next.push(c1);
            next.push(c2);
        }
        next.truncate(size);
        if let Some(r) = record.as_mut() {
            origins.truncate(size);
            r.children = (next.iter().zip(origins))
                .map(|(genes, origin)| {
                    // Scored as the next generation will score it: the belief space does
                    // not change while breeding.
                    let score = decoder.decode(&*ops, genes);
                    let mut notes = Notes::new(true);
                    let taken = &decoder.out.taken;
                    notes.differences(ChangeKind::Decoding, &genes[..taken.len()], taken, |_| {
                        "decoding took another move: this gene's square was off the board, already visited or refused, and the repair rule chose among the free squares".to_string()
                    });
                    let mut origin = origin;
                    if let Origin::Bred(bred) = &mut origin {
                        bred.changes.append(&mut notes.take_changes());
                    }
                    Child {
                        genes: microscope::genes(genes),
                        score,
                        shown: decoder.out.path.clone(),
                        origin,
                    }
                })
                .collect();
        }
        if let Some(r) = record.take() {
            ctl.bred(&r);
        }
        population = next;
    };
    if let Some(r) = record.take().filter(|_| stop == Stop::Found) {
        // The generation looked at held a tour: the run stopped without breeding.
        ctl.bred(&r);
    }
    if best_ever.is_empty() {
        // Stopped while decoding the first generation: the walk so far is the start.
        best_ever.push(problem.start);
    }
    ctl.finish(&counters, &best_ever);
    Answer {
        path: best_ever,
        stop,
        counters,
    }
}

/// Level `level` (1–3) with `config`: [`Simple`], [`Enhanced`] or [`Cultural`] run by
/// [`solve`].
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::knight::Board;
/// use searchlab::solve::knight::Problem;
/// use searchlab::solve::knight::evolve::levels::{self, Config, Repair};
/// use searchlab::solve::{Budget, Control, Stop, rng_from_seed};
///
/// // With Warnsdorff's rule as the repair, level 3 tours 5×5 from a corner.
/// let board = Board::new(5, 5).unwrap();
/// let problem = Problem { board: &board, start: 0, closed: false };
/// let config = Config { repair: Repair::FewestOnward, ..Config::default() };
/// let mut ctl = Control::quiet(Budget::unlimited());
/// let answer = levels::solve_level(&problem, 3, config, &mut rng_from_seed(1), &mut ctl);
/// assert_eq!(answer.stop, Stop::Found);
/// assert!(board.validate_tour(&answer.path, false).is_ok());
/// ```
pub fn solve_level(
    problem: &Problem,
    level: u8,
    config: Config,
    rng: &mut Rng,
    ctl: &mut Control,
) -> Answer {
    match level {
        1 => solve(problem, &mut Simple(config), rng, ctl),
        2 => solve(problem, &mut Enhanced(config), rng, ctl),
        _ => {
            let belief = BeliefSpace::new(problem.board.len());
            solve(problem, &mut Cultural { config, belief }, rng, ctl)
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

    fn problem(board: &Board) -> Problem<'_> {
        Problem {
            board,
            start: 0,
            closed: false,
        }
    }

    #[test]
    fn decoded_paths_are_legal_and_repair_follows_its_rule() {
        let board = Board::new(8, 8).unwrap();
        let p = problem(&board);
        let mut rng = rng_from_seed(1);
        for repair in [Repair::MostOnward, Repair::FewestOnward] {
            let ops = Simple(Config {
                repair,
                ..Config::default()
            });
            let mut d = Decoder::new(&p);
            for _ in 0..200 {
                let genes: Vec<u8> = (0..64).map(|_| rng.random_range(0..8)).collect();
                let f = d.decode(&ops, &genes);
                board.validate_path(&d.out.path).unwrap();
                let len = d.out.path.len() as f64;
                assert_eq!(f, len * 10.0 + (len - 1.0) * 5.0);
                // The genes taken replay the path exactly.
                let mut sq = 0;
                for (i, &g) in d.out.taken.iter().enumerate() {
                    sq = gene_step(&board, sq, g).unwrap();
                    assert_eq!(sq, d.out.path[i + 1]);
                }
            }
        }
        // A chromosome of one repeated gene: move 0 from a8 (0,0) goes to (2,1); then
        // (4,2), (6,3); then off the board, so the repair picks among the free squares of
        // (6,3) by its rule.
        let genes = vec![0u8; 64];
        let free = |path: &[Square]| {
            let mut v = Visited::new(64);
            path.iter().for_each(|&s| v.insert(s));
            free_genes(&board, &v, path[path.len() - 1])
                .map(|(_, t)| (onward_degree(&board, &v, t), t))
                .collect::<Vec<_>>()
        };
        for (repair, pick_most) in [(Repair::MostOnward, true), (Repair::FewestOnward, false)] {
            let ops = Simple(Config {
                repair,
                ..Config::default()
            });
            let mut d = Decoder::new(&p);
            d.decode(&ops, &genes);
            let path = &d.out.path;
            assert_eq!(
                &path[..4],
                &[
                    0,
                    board.square(2, 1),
                    board.square(4, 2),
                    board.square(6, 3)
                ]
            );
            let options = free(&path[..4]);
            let want = if pick_most {
                options.iter().map(|o| o.0).max()
            } else {
                options.iter().map(|o| o.0).min()
            };
            let got = options.iter().find(|o| o.1 == path[4]).map(|o| o.0);
            assert_eq!(got, want, "{repair:?}");
        }
    }

    #[test]
    fn crossover_children_are_move_strings_of_the_parents() {
        let mut rng = rng_from_seed(5);
        for _ in 0..500 {
            let p1: Vec<u8> = (0..25).map(|_| rng.random_range(0..8)).collect();
            let p2: Vec<u8> = (0..25).map(|_| rng.random_range(0..8)).collect();
            let (c1, c2) = two_point(&p1, &p2, &mut rng, &mut Notes::new(false));
            assert_eq!((c1.len(), c2.len()), (25, 25));
            for i in 0..25 {
                // Each locus comes from one parent, and the two children swap it.
                assert!((c1[i] == p1[i] && c2[i] == p2[i]) || (c1[i] == p2[i] && c2[i] == p1[i]));
            }
        }
    }

    #[test]
    fn fewest_onward_levels_find_5x5_and_8x8_tours() {
        for level in 1..=3 {
            for (w, seed) in [(5u64, 1u64), (8, 2)] {
                let board = Board::new(w, w).unwrap();
                let config = Config {
                    repair: Repair::FewestOnward,
                    ..Config::default()
                };
                let a = with_control(Budget::unlimited(), |ctl| {
                    solve_level(
                        &problem(&board),
                        level,
                        config,
                        &mut rng_from_seed(seed),
                        ctl,
                    )
                });
                assert_eq!(a.stop, Stop::Found, "level {level} on {w}x{w}");
                board.validate_tour(&a.path, false).unwrap();
            }
        }
    }

    #[test]
    fn the_literal_repair_rarely_completes_8x8_but_every_path_is_legal() {
        let board = Board::new(8, 8).unwrap();
        let mut found = 0;
        for seed in 0..10 {
            let a = with_control(Budget::unlimited(), |ctl| {
                solve_level(
                    &problem(&board),
                    1,
                    Config::default(),
                    &mut rng_from_seed(seed),
                    ctl,
                )
            });
            board.validate_path(&a.path).unwrap();
            assert!(a.path.len() >= 20, "a GA keeps its best path");
            found += u32::from(a.stop == Stop::Found);
            if a.stop != Stop::Found {
                assert_eq!(
                    a.counters.generations, 100,
                    "a run without a tour uses every generation"
                );
            }
        }
        assert!(found <= 5, "{found} of 10");
    }

    #[test]
    fn the_uniform_diversity_bonus_never_changes_a_winner_and_the_individual_one_can() {
        let mut counts = Vec::new();
        let population = vec![vec![0u8; 10], vec![0u8; 10], vec![1u8; 10]];
        let fitness = [10.0, 10.5, 10.2];
        let uniform = diversity_scores(
            &Config::default(),
            &fitness,
            &population,
            &mut counts,
            &mut || false,
        )
        .unwrap();
        let shift = uniform[0] - fitness[0];
        assert!(
            uniform
                .iter()
                .zip(&fitness)
                .all(|(u, f)| (u - f - shift).abs() < 1e-12)
        );
        let individual = diversity_scores(
            &Config {
                diversity_bonus: DiversityBonus::Individual,
                ..Config::default()
            },
            &fitness,
            &population,
            &mut counts,
            &mut || false,
        )
        .unwrap();
        // The odd one out (all genes unlike the consensus) now beats the fittest clone.
        assert!(individual[2] > individual[1]);
    }

    #[test]
    fn elitism_keeps_the_best_so_fitness_never_falls() {
        struct Record(Vec<f64>);
        impl crate::solve::Observer for Record {
            fn generation(&mut self, s: &GenerationStats) {
                self.0.push(s.best);
            }
        }
        let board = Board::new(8, 8).unwrap();
        for level in 1..=3 {
            let cancel = std::sync::atomic::AtomicBool::new(false);
            let mut rec = Record(Vec::new());
            let mut ctl = Control::new(Budget::unlimited(), &cancel, &mut rec);
            solve_level(
                &problem(&board),
                level,
                Config::default(),
                &mut rng_from_seed(9),
                &mut ctl,
            );
            // Level 3 repairs children, which can change an elite's decoding only through
            // the belief space's difficulty; levels 1 and 2 keep elites exactly.
            if level < 3 {
                assert!(
                    rec.0.windows(2).all(|w| w[1] >= w[0]),
                    "level {level}: {:?}",
                    rec.0
                );
            }
            assert!(!rec.0.is_empty());
        }
    }

    #[test]
    fn runs_are_reproducible_by_seed() {
        let board = Board::new(6, 6).unwrap();
        for level in 1..=3 {
            let run = |seed| {
                with_control(Budget::unlimited(), |ctl| {
                    solve_level(
                        &problem(&board),
                        level,
                        Config::default(),
                        &mut rng_from_seed(seed),
                        ctl,
                    )
                })
            };
            assert_eq!(run(4), run(4));
        }
    }
}

#[cfg(test)]
mod reading_tests {
    use super::*;
    use crate::testing::test;

    fn learn_two_generations(config: Config) -> Cultural {
        let mut c = Cultural {
            config,
            belief: BeliefSpace::new(64),
        };
        let first = vec![vec![1u8; 64], vec![2u8; 64]];
        let second = vec![vec![3u8; 64], vec![4u8; 64]];
        let paths = vec![vec![0u32; 30], vec![0u32; 30]];
        c.learn(&first, &[250.0, 100.0], &paths, 64);
        c.learn(&second, &[400.0, 100.0], &paths, 64);
        c
    }

    #[test]
    fn the_elite_reading_injects_the_first_or_the_best() {
        let c = learn_two_generations(Config::default());
        assert_eq!(
            c.elite(),
            Some(&[1u8; 64][..]),
            "first: the first generation's best"
        );
        let c = learn_two_generations(Config {
            elite: Elite::Best,
            ..Config::default()
        });
        assert_eq!(c.elite(), Some(&[3u8; 64][..]));
    }

    #[test]
    fn good_fitness_decides_which_moves_succeed() {
        // The top individuals: fitness 250 and 400 (and 100, 100 in the top 5 as well).
        let c = learn_two_generations(Config::default());
        let rates = c.belief.move_rates();
        // Only gene 3 (fitness 400 > 300) succeeded; genes 1, 2, 4 were used and failed.
        assert_eq!(rates[3], 1.0);
        assert_eq!((rates[1], rates[2], rates[4]), (0.0, 0.0, 0.0));
        let c = learn_two_generations(Config {
            good_fitness: 50.0,
            ..Config::default()
        });
        assert!(c.belief.move_rates()[1..5].iter().all(|&r| r == 1.0));
    }
}
