//! The magic-square GA notebook's genetic algorithm for magic squares, for any order:
//! individuals are permutations of 1..n² (row-major), fitness is
//! Σ |line sum − constant| (0 = magic).
//!
//! Each generation, as the document's main loop has it: score and sort the population,
//! keep every new magic square (with the generation it appeared in), stop at `target`
//! distinct squares; otherwise the `elite` best go on unchanged and pairs of parents make
//! two children each, by single-point crossover (PMX or inversion sequences) and swap
//! mutation, until the population is full again.
//!
//! The document's slips (see `docs/SOURCES.md`) are parameters, corrected by default:
//! - `selection`: `tournament` (default) picks each parent as the fitter (LOWER fitness) of
//!   two drawn at random; `literal` does what the document's code does: its tournament
//!   keeps the larger fitness and builds a mating pool that is never used, and the parents
//!   are drawn uniformly from the whole population.
//! - `mutation`: `fixed` (default) swaps two distinct cells drawn from all n² with
//!   probability `mutation_rate`; `literal` mutates when `round(rand, 2) >= mutation_rate`
//!   (probability about 1 − rate) and draws the cells from all but the last one, which
//!   therefore never mutates.

use crate::puzzle::magic::{fitness, is_permutation};
use crate::solve::microscope::{
    self, Bred, Breeding, ChangeKind, Child, Crossover as Cut, Member, Notes, Origin, Parent,
};
use crate::solve::{Control, Counters, GenerationStats, Rng, Stop};
use rand::RngExt;
use rand::seq::SliceRandom;

/// The GA's single-point crossover.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::VariantNames, strum::IntoStaticStr,
)]
#[strum(serialize_all = "kebab-case")]
pub enum Crossover {
    /// Partially mapped: the first k genes of the other parent are swapped into place.
    Pmx,
    /// Inversion sequences (Üçoluk): the tails of the parents' inversion sequences are
    /// exchanged from a random point and turned back into permutations.
    Inversion,
}

/// How parents are chosen (see the module docs).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::VariantNames, strum::IntoStaticStr,
)]
#[strum(serialize_all = "kebab-case")]
pub enum Selection {
    /// Each parent is the fitter (lower fitness) of two drawn at random.
    Tournament,
    /// The document's code: its tournament keeps the worse and its pool is never used,
    /// so parents are drawn at random.
    Literal,
}

/// How a child is mutated (see the module docs).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::VariantNames, strum::IntoStaticStr,
)]
#[strum(serialize_all = "kebab-case")]
pub enum Mutation {
    /// Two of all n² cells swapped with probability `mutation_rate`.
    Fixed,
    /// The document's `round(rand, 2) >= rate` (probability about 1 − rate), with
    /// positions that never reach the last cell.
    Literal,
}

/// What happens after a generation that holds a magic square.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::VariantNames, strum::IntoStaticStr,
)]
#[strum(serialize_all = "kebab-case")]
pub enum Found {
    /// The square is recorded and the whole population starts afresh from random
    /// permutations, so a target of K finds K distinct squares.
    Restart,
    /// The document's loop: the square stays in the population, which gathers round the
    /// first squares found and rediscovers them (a target above three or four is rarely
    /// reached).
    Keep,
}

/// The GA's parameters (see [`Config::default`] for the notebook's run).
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Individuals per generation.
    pub population: usize,
    /// Best individuals copied unchanged into the next generation.
    pub elite: usize,
    /// Probability that a child has two of its cells swapped.
    pub mutation_rate: f64,
    /// See [`Crossover`].
    pub crossover: Crossover,
    /// Generations allowed per square sought: the run stops after `generations × target`
    /// in all; with [`Found::Restart`], a search that has gone this long since its last
    /// fresh start without a square starts afresh too.
    pub generations: u64,
    /// Distinct magic squares to find before stopping.
    pub target: usize,
    /// See [`Selection`].
    pub selection: Selection,
    /// See [`Mutation`].
    pub mutation: Mutation,
    /// See [`Found`].
    pub found: Found,
}

impl Default for Config {
    /// The document's run: 9 individuals, 1 elite, mutation 0.4, inversion crossover,
    /// 10,000 generations, one square.
    fn default() -> Self {
        Config {
            population: 9,
            elite: 1,
            mutation_rate: 0.4,
            crossover: Crossover::Inversion,
            generations: 10_000,
            target: 1,
            selection: Selection::Tournament,
            mutation: Mutation::Fixed,
            found: Found::Restart,
        }
    }
}

/// What a run found.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// Distinct magic squares, each with the generation it first appeared in (0 = the
    /// initial population).
    pub found: Vec<(Vec<u32>, u64)>,
    /// The best individual of the last generation (a magic square when one was found).
    pub best: Vec<u32>,
    /// The fitness of `best` (0 for a magic square).
    pub best_fitness: u64,
    /// Generations completed.
    pub generations: u64,
    /// Why the run stopped.
    pub stop: Stop,
    /// What the run counted.
    pub counters: Counters,
}

/// The inversion sequence of a permutation of 1..=L: `inv[i]` counts the values greater
/// than i + 1 that stand left of i + 1 (the document's `inverse_perm`).
pub fn inversion_sequence(perm: &[u32]) -> Vec<u32> {
    // Left to right, a Fenwick tree counts the values already seen that are at most v;
    // the rest of those seen are greater. O(L log L) where the document's count is O(L²).
    let l = perm.len();
    let mut tree = vec![0u32; l + 1];
    let mut inv = vec![0u32; l];
    for (seen, &v) in perm.iter().enumerate() {
        let mut at_most = 0;
        let mut i = v as usize;
        while i > 0 {
            at_most += tree[i];
            i &= i - 1;
        }
        inv[v as usize - 1] = seen as u32 - at_most;
        let mut i = v as usize;
        while i <= l {
            tree[i] += 1;
            i += i & i.wrapping_neg();
        }
    }
    inv
}

/// The permutation with the inversion sequence `inv` (the document's `inv_to_perm`):
/// values are placed from the largest down, each at position inv[v − 1] among the larger
/// ones already placed. `inv[i]` must be at most L − 1 − i.
pub fn from_inversion_sequence(inv: &[u32]) -> Vec<u32> {
    let l = inv.len();
    let mut order: Vec<u32> = Vec::with_capacity(l);
    for v in (1..=l as u32).rev() {
        let at = (inv[v as usize - 1] as usize).min(order.len());
        order.insert(at, v);
    }
    order
}

/// PMX as the document writes it: for each of the first `k` positions, swap the values
/// in each child so that it takes the other parent's gene there.
pub fn pmx(s: &[u32], t: &[u32], k: usize) -> (Vec<u32>, Vec<u32>) {
    fn swap_values(c: &mut [u32], where_: &mut [usize], a: u32, b: u32) {
        let (pa, pb) = (where_[a as usize], where_[b as usize]);
        c.swap(pa, pb);
        where_.swap(a as usize, b as usize);
    }
    let positions = |c: &[u32]| {
        let mut w = vec![0usize; c.len() + 1];
        for (p, &v) in c.iter().enumerate() {
            w[v as usize] = p;
        }
        w
    };
    let (mut new_s, mut new_t) = (s.to_vec(), t.to_vec());
    let (mut ws, mut wt) = (positions(&new_s), positions(&new_t));
    for i in 0..k.min(s.len()) {
        let (a, b) = (new_s[i], new_t[i]);
        swap_values(&mut new_s, &mut ws, a, b);
        // The document swaps s's original gene into t.
        let (c, d) = (new_t[i], s[i]);
        swap_values(&mut new_t, &mut wt, c, d);
    }
    (new_s, new_t)
}

/// Inversion-sequence crossover: the sequences' tails from `k` are exchanged.
pub fn inversion_crossover(s: &[u32], t: &[u32], k: usize) -> (Vec<u32>, Vec<u32>) {
    let (mut si, mut ti) = (inversion_sequence(s), inversion_sequence(t));
    let k = k.min(si.len());
    si[k..].swap_with_slice(&mut ti[k..]);
    (from_inversion_sequence(&si), from_inversion_sequence(&ti))
}

/// Runs the genetic algorithm for a square of order `n`.
/// Runs the GA on order `n` until `config.target` distinct magic squares are found
/// (`Found`), the generations run out or the budget stops it.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::magic::validate;
/// use searchlab::solve::magic::ga::{self, Config};
/// use searchlab::solve::{Budget, Control, Stop, rng_from_seed};
///
/// let mut ctl = Control::quiet(Budget::unlimited());
/// let outcome = ga::solve(3, &Config::default(), &mut rng_from_seed(1), &mut ctl);
/// assert_eq!(outcome.stop, Stop::Found);
/// for (square, _generation) in &outcome.found {
///     assert_eq!(validate(3, square), Ok(()));
/// }
/// ```
#[allow(
    clippy::too_many_lines,
    reason = "the search's loop keeps its state in locals, as fast code wants; each part of a split would take them all"
)]
pub fn solve(n: usize, config: &Config, rng: &mut Rng, ctl: &mut Control) -> Outcome {
    let cells = n * n;
    let size = config.population.max(2);
    let elite = config.elite.min(size);
    let mut counters = Counters::default();
    // Freeing two vectors an individual after the run: about 100 ns each.
    ctl.keep_back(std::time::Duration::from_nanos(200 * size as u64));
    let mut population: Vec<Vec<u32>> = Vec::with_capacity(size);
    // Large populations of large squares take a while to draw, score and breed: every
    // individual looks at the cancel flag and the clock.
    let mut interrupted = None;
    while population.len() < size && interrupted.is_none() {
        let mut p: Vec<u32> = (1..=cells as u32).collect();
        p.shuffle(rng);
        population.push(p);
        interrupted = ctl.interrupted();
    }
    let mut found: Vec<(Vec<u32>, u64)> = Vec::new();
    let mut generation = 0u64;
    // The generation of the last fresh start.
    let mut fresh_start = 0u64;
    let mut scored: Vec<(u64, Vec<u32>)> = Vec::with_capacity(size + 1);
    let stop = loop {
        scored.clear();
        for p in population.drain(..) {
            // Once stopped, the rest go unscored (the best so far is the answer).
            if interrupted.is_none() || scored.is_empty() {
                scored.push((fitness(n, &p), p));
                interrupted = interrupted.or_else(|| ctl.interrupted());
            }
        }
        counters.nodes += scored.len() as u64;
        scored.sort_by_key(|s| s.0);
        for (f, p) in &scored {
            if *f == 0 && !found.iter().any(|(q, _)| q == p) {
                found.push((p.clone(), generation));
            }
        }
        counters.solutions = found.len() as u64;
        let fs: Vec<f64> = scored.iter().map(|s| s.0 as f64).collect();
        ctl.generation(&GenerationStats::of_minimised(generation, &fs));
        if found.len() >= config.target.max(1) {
            break Stop::Found;
        }
        let target = config.target.max(1) as u64;
        if generation >= config.generations.saturating_mul(target) {
            break Stop::GenerationLimit;
        }
        if let Some(stop) = interrupted.or_else(|| ctl.check(&counters, Some(&scored[0].1))) {
            break stop;
        }
        let looking = microscope::looks_at(ctl, generation);
        let mut record = looking.then(|| Breeding {
            generation,
            score_name: "line-sum error".into(),
            lower_is_better: true,
            gene_name: "a number of the square, in reading order".into(),
            ..Breeding::default()
        });
        let stalled = generation - fresh_start >= config.generations;
        if config.found == Found::Restart && (scored[0].0 == 0 || stalled) {
            if let Some(r) = record.as_mut() {
                r.remarks.push(format!(
                    "The population started afresh before breeding: {}, so every individual was shuffled at random. The members shown are the shuffled ones.",
                    if scored[0].0 == 0 {
                        "its best was a magic square".to_string()
                    } else {
                        format!("{} generations passed without a magic square", config.generations)
                    }
                ));
            }
            // Start afresh: the population has gathered round squares already found, or
            // has searched as long as one square may take.
            fresh_start = generation;
            for s in &mut scored {
                s.1.shuffle(rng);
                s.0 = fitness(n, &s.1);
            }
            counters.attempts += 1;
            scored.sort_by_key(|s| s.0);
        }
        generation += 1;
        counters.generations = generation;

        population.extend(scored.iter().take(elite).map(|s| s.1.clone()));
        let mut origins: Vec<Origin> = (0..elite)
            .filter(|_| looking)
            .map(|from| Origin::Survivor {
                from,
                why: format!("elitism: one of the {elite} best, copied unchanged"),
            })
            .collect();
        let mut notes = Notes::new(looking);
        while population.len() < size && interrupted.is_none() {
            // Small squares breed in nanoseconds: look at the clock every 64 children;
            // large ones (a crossover of 256 cells or more) at every child.
            if cells >= 256 || population.len().is_multiple_of(64) {
                interrupted = ctl.interrupted();
            }
            let p1 = pick(&scored, config.selection, rng);
            let p2 = pick(&scored, config.selection, rng);
            // A crossover point as the document draws it: randint(0, L − 1).
            let k = rng.random_range(0..(cells - 1).max(1));
            let (s1, s2) = (&scored[p1.0].1, &scored[p2.0].1);
            let (mut a, mut b) = match config.crossover {
                Crossover::Pmx => pmx(s1, s2, k),
                Crossover::Inversion => inversion_crossover(s1, s2, k),
            };
            let crossed = looking.then(|| [a.clone(), b.clone()]);
            let mut changes = [Vec::new(), Vec::new()];
            for (child, changes) in [&mut a, &mut b].into_iter().zip(&mut changes) {
                mutate(child, config, rng, &mut notes);
                *changes = notes.take_changes();
            }
            debug_assert!(is_permutation(&a) && is_permutation(&b));
            if let Some(crossed) = crossed {
                let operator = match config.crossover {
                    Crossover::Pmx => format!(
                        "PMX at {k}: in each of the first {k} cells the child takes the other parent's number, swapping it with wherever that number was"
                    ),
                    Crossover::Inversion => format!(
                        "inversion sequences: each parent is written as, for each number, how many larger numbers come before it; the two sequences exchange their tails from position {k}, and each child is rebuilt from its sequence"
                    ),
                };
                let rule = match config.selection {
                    Selection::Tournament => {
                        "tournament of 2: the lower error of two drawn at random"
                    }
                    Selection::Literal => {
                        "drawn uniformly from the whole population (the document's code)"
                    }
                };
                for (crossed, changes) in crossed.into_iter().zip(changes) {
                    let parent = |&(index, entrants, k): &(usize, [usize; 2], usize)| Parent {
                        index,
                        rule: rule.to_string(),
                        entrants: entrants[..k].to_vec(),
                    };
                    // Both children list the parents in the crossover's order.
                    let parents = [&p1, &p2];
                    origins.push(Origin::Bred(Bred {
                        parents: parents.into_iter().map(parent).collect(),
                        crossover: Some(Cut {
                            operator: operator.clone(),
                            points: vec![k],
                            from: Vec::new(),
                        }),
                        crossed,
                        changes,
                    }));
                }
            }
            population.push(a);
            if population.len() < size {
                population.push(b);
            }
        }
        if let Some(mut r) = record.take() {
            r.members = (scored.iter())
                .map(|(f, p)| Member {
                    genes: p.clone(),
                    score: *f as f64,
                    shown: p.clone(),
                })
                .collect();
            r.children = (population.iter().zip(origins))
                .map(|(p, origin)| Child {
                    genes: p.clone(),
                    score: fitness(n, p) as f64,
                    shown: p.clone(),
                    origin,
                })
                .collect();
            ctl.bred(&r);
        }
        // Stopped while breeding: the generation scored last is the answer (a half-bred
        // one is neither scored nor plotted).
        if let Some(stop) = interrupted {
            break stop;
        }
    };
    let (best_fitness, best) = scored.swap_remove(0);
    ctl.finish(&counters, &best);
    Outcome {
        found,
        best,
        best_fitness,
        generations: generation,
        stop,
        counters,
    }
}

/// A parent: the fitter of two at random, or (literal) any individual; with the ones
/// compared.
fn pick(
    scored: &[(u64, Vec<u32>)],
    selection: Selection,
    rng: &mut Rng,
) -> (usize, [usize; 2], usize) {
    let a = rng.random_range(0..scored.len());
    if selection == Selection::Literal {
        return (a, [a, a], 0);
    }
    let b = rng.random_range(0..scored.len());
    (if scored[b].0 < scored[a].0 { b } else { a }, [a, b], 2)
}

/// Swap mutation (see the module docs for the literal variant).
fn mutate(child: &mut [u32], config: &Config, rng: &mut Rng, notes: &mut Notes) {
    let l = child.len();
    if l < 2 {
        return;
    }
    let (happens, span) = if config.mutation == Mutation::Literal {
        // round(rand(), 2) >= rate, positions from randint(0, L − 1): never the last.
        let r = (rng.random::<f64>() * 100.0).round() / 100.0;
        (r >= config.mutation_rate, l - 1)
    } else {
        (rng.random::<f64>() < config.mutation_rate, l)
    };
    if !happens || span < 2 {
        return;
    }
    let i = rng.random_range(0..span);
    let mut j = rng.random_range(0..span - 1);
    if j >= i {
        j += 1;
    }
    child.swap(i, j);
    for (at, other) in [(i, j), (j, i)] {
        notes.change(
            ChangeKind::Mutation,
            at,
            Some(child[other]),
            Some(child[at]),
            || format!("swap mutation: cells {i} and {j} exchange their numbers"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::magic::validate;
    use crate::solve::knight::test_support::with_control;
    use crate::solve::{Budget, rng_from_seed};
    use crate::testing::test;
    use proptest::prelude::*;

    fn perm() -> impl Strategy<Value = Vec<u32>> {
        (1usize..40).prop_flat_map(|l| Just((1..=l as u32).collect::<Vec<_>>()).prop_shuffle())
    }

    proptest! {
        #[test]
        fn inversion_sequences_round_trip(p in perm()) {
            let inv = inversion_sequence(&p);
            for (i, &x) in inv.iter().enumerate() {
                prop_assert!(x as usize <= p.len() - 1 - i);
            }
            prop_assert_eq!(from_inversion_sequence(&inv), p);
        }

        #[test]
        fn both_crossovers_yield_permutations(
            (s, t, k) in perm().prop_flat_map(|s| {
                let l = s.len();
                (Just(s), Just((1..=l as u32).collect::<Vec<_>>()).prop_shuffle(), 0..=l)
            })
        ) {
            let (a, b) = pmx(&s, &t, k);
            prop_assert!(is_permutation(&a) && is_permutation(&b));
            prop_assert_eq!(a.len(), s.len());
            let (c, d) = inversion_crossover(&s, &t, k);
            prop_assert!(is_permutation(&c) && is_permutation(&d));
            prop_assert_eq!(c.len(), s.len());
        }
    }

    #[test]
    fn the_documents_worked_examples() {
        // The magic-square GA notebook's PMX example: the first swap puts t's 4 first in s.
        let (s, _) = pmx(&[5, 7, 1, 3, 6, 4, 2], &[4, 6, 2, 7, 3, 1, 5], 1);
        assert_eq!(s, [4, 7, 1, 3, 6, 5, 2]);
        // Üçoluk's example: 5 9 1 8 2 6 4 7 3 has inversion sequence 2 3 6 4 0 2 2 1 0.
        let p = [5, 9, 1, 8, 2, 6, 4, 7, 3];
        assert_eq!(inversion_sequence(&p), [2, 3, 6, 4, 0, 2, 2, 1, 0]);
    }

    #[test]
    fn finds_all_eight_3x3_squares_and_repeats_itself() {
        // The document's parameters (population 9, 10,000 generations per square),
        // asking for all eight.
        let config = Config {
            target: 8,
            ..Config::default()
        };
        let run = || {
            with_control(Budget::unlimited(), |ctl| {
                solve(3, &config, &mut rng_from_seed(7), ctl)
            })
        };
        let o = run();
        assert_eq!(o.stop, Stop::Found, "{} found", o.found.len());
        assert_eq!(o.found.len(), 8);
        for (sq, _) in &o.found {
            assert_eq!(validate(3, sq), Ok(()));
        }
        assert!(o.found.windows(2).all(|w| w[0].1 <= w[1].1));
        assert_eq!(run(), o);
        // PMX finds them too.
        let pmx = Config {
            crossover: Crossover::Pmx,
            ..config.clone()
        };
        let o = with_control(Budget::unlimited(), |ctl| {
            solve(3, &pmx, &mut rng_from_seed(7), ctl)
        });
        assert_eq!(o.found.len(), 8, "{:?}", o.stop);
    }

    #[test]
    fn literal_mutation_never_touches_the_last_cell() {
        let config = Config {
            mutation: Mutation::Literal,
            mutation_rate: 0.0,
            ..Config::default()
        };
        let mut rng = rng_from_seed(3);
        for _ in 0..2000 {
            let mut c: Vec<u32> = (1..=9).collect();
            mutate(&mut c, &config, &mut rng, &mut Notes::new(false));
            assert_eq!(c[8], 9);
        }
    }
}
