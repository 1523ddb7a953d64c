//! The N-Queens AI report's cultural algorithm. Where the report leaves things open (see
//! `docs/SOURCES.md`), children are copies of a random top-half individual with one
//! column changed: to the belief space's row with probability 1/2, else to a random row;
//! the top half survives; after 10 generations without a better best, everyone but the
//! best is replaced by a random placement. Population 200 and 400 generations come from
//! the report's plot caption.

use super::heuristic::{Heuristic, Outcome, Pulse, random_start};
use crate::solve::microscope::{
    self, Bred, Breeding, ChangeKind, Child, Member, Notes, Origin, Parent,
};
use crate::solve::{Control, Counters, GenerationStats, Rng, Stop};
use rand::RngExt;

/// The cultural algorithm's parameters (see the module docs).
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Individuals per generation.
    pub population: usize,
    /// Generations before giving up.
    pub generations: u64,
    /// Generations without a better best before the population is refreshed.
    pub stagnation: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            population: 200,
            generations: 400,
            stagnation: 10,
        }
    }
}

/// The N-Queens AI report's cultural algorithm: each generation sorts the population by the
/// heuristic, sets the belief space to a row per column drawn from the top half, keeps the
/// top half and breeds the rest from it, guided by the belief space half of the time. The
/// answer is the best placement seen: a solution when `stop == Found`.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::queens::{conflicts, validate};
/// use searchlab::solve::queens::cultural;
/// use searchlab::solve::queens::heuristic::{Heuristic, random_start};
/// use searchlab::solve::{Budget, Control, Stop, rng_from_seed};
///
/// let mut rng = rng_from_seed(1);
/// let start = random_start(6, &mut rng);
/// let config = cultural::Config { generations: 50, ..cultural::Config::default() };
/// let mut ctl = Control::quiet(Budget::unlimited());
/// let outcome = cultural::solve(&start, Heuristic::H2, &config, &mut rng, &mut ctl);
/// assert!(conflicts(&start) > 0);
/// assert_eq!(outcome.stop, Stop::Found);
/// assert_eq!(validate(6, &outcome.rows), Ok(()));
/// ```
#[allow(
    clippy::too_many_lines,
    reason = "the search's loop keeps its state in locals, as fast code wants; each part of a split would take them all"
)]
pub fn solve(
    start: &[u32],
    heuristic: Heuristic,
    config: &Config,
    rng: &mut Rng,
    ctl: &mut Control,
) -> Outcome {
    let n = start.len();
    let size = config.population.max(2);
    let mut counters = Counters::default();
    // Freeing two vectors an individual after the run: about 100 ns each.
    ctl.keep_back(std::time::Duration::from_nanos(200 * size as u64));
    let mut population: Vec<Vec<u32>> = vec![start.to_vec()];
    // A large population takes a while to draw and breed: each individual looks at the
    // cancel flag and the clock.
    let mut drawn = None;
    while population.len() < size && drawn.is_none() {
        population.push(random_start(n, rng));
        drawn = ctl.interrupted();
    }
    let mut belief = start.to_vec();
    let mut best_h = u64::MAX;
    let mut best = start.to_vec();
    let mut stagnant = 0u64;
    let mut generation = 0u64;
    let mut pulse = Pulse::new(n);
    let stop = 'run: loop {
        if let Some(stop) = drawn.take() {
            // Stopped while drawing the first population: the start is the answer.
            break stop;
        }
        if generation >= config.generations {
            break Stop::GenerationLimit;
        }
        generation += 1;
        let mut scored: Vec<(u64, Vec<u32>)> = Vec::with_capacity(population.len());
        let mut interrupted = None;
        for s in population.drain(..) {
            scored.push((heuristic.eval(&s), s));
            interrupted = pulse.interrupted(ctl, &counters);
            if interrupted.is_some() {
                break;
            }
        }
        if let Some(stop) = interrupted {
            // A solution scored just before the stop is still the answer.
            if let Some((_, s)) = scored.iter().find(|s| s.0 == 0) {
                best.clone_from(s);
                break Stop::Found;
            }
            break stop;
        }
        counters.nodes += scored.len() as u64;
        scored.sort_by_key(|s| s.0);
        let (h, leader) = (scored[0].0, &scored[0].1);
        if h < best_h {
            best_h = h;
            best.clone_from(leader);
            stagnant = 0;
        } else {
            stagnant += 1;
        }
        let hs: Vec<f64> = scored.iter().map(|s| s.0 as f64).collect();
        counters.generations = generation;
        ctl.generation(&GenerationStats::of_minimised(generation, &hs));
        if best_h == 0 {
            break Stop::Found;
        }
        if let Some(stop) = ctl.check(&counters, Some(&best)) {
            break stop;
        }
        let top = size / 2;
        let looking = microscope::looks_at(ctl, generation);
        let mut record = looking.then(|| Breeding {
            generation,
            score_name: match heuristic {
                Heuristic::H2 => "conflicts per queen (twice the attacking pairs)",
                _ => "attacking pairs",
            }
            .into(),
            lower_is_better: true,
            gene_name: "the row of a column's queen".into(),
            members: (scored.iter())
                .map(|(h, rows)| Member {
                    genes: rows.clone(),
                    score: *h as f64,
                    shown: rows.clone(),
                })
                .collect(),
            ..Breeding::default()
        });
        for (i, slot) in belief.iter_mut().enumerate() {
            *slot = scored[rng.random_range(0..top.max(1))].1[i];
        }
        if let Some(r) = record.as_mut() {
            let rows: Vec<String> = belief.iter().map(u32::to_string).collect();
            r.remarks.push(format!(
                "The belief space now holds one row per column, each taken from a member of the top half ({} of {size}) drawn at random: {}.",
                top.max(1),
                rows.join(", ")
            ));
        }
        population = scored.into_iter().take(top.max(1)).map(|s| s.1).collect();
        let survivor = |from| Origin::Survivor {
            from,
            why: format!("the top half ({} of {size}) survives unchanged", top.max(1)),
        };
        let mut origins: Vec<Origin> = (0..population.len())
            .filter(|_| looking)
            .map(survivor)
            .collect();
        let deliver = |ctl: &mut Control,
                       record: Option<Breeding>,
                       population: &[Vec<u32>],
                       origins: Vec<Origin>| {
            if let Some(mut r) = record {
                r.children = (population.iter().zip(origins))
                    .map(|(rows, origin)| Child {
                        genes: rows.clone(),
                        score: heuristic.eval(rows) as f64,
                        shown: rows.clone(),
                        origin,
                    })
                    .collect();
                ctl.bred(&r);
            }
        };
        if stagnant >= config.stagnation {
            // Refresh: keep the best, replace the rest.
            population.truncate(1);
            origins.truncate(1);
            stagnant = 0;
            counters.attempts += 1;
            if let Some(r) = record.as_mut() {
                r.remarks.push(format!(
                    "{} generations passed without a better best, so the population is refreshed: the best is kept and everyone else is drawn afresh.",
                    config.stagnation
                ));
            }
            while population.len() < size {
                population.push(random_start(n, rng));
                if looking {
                    origins.push(Origin::Fresh {
                        why: "a random placement: the population was refreshed".to_string(),
                    });
                }
                if let Some(stop) = ctl.interrupted() {
                    break 'run stop;
                }
            }
            deliver(ctl, record, &population, origins);
            continue;
        }
        let mut notes = Notes::new(looking);
        while population.len() < size {
            let from = rng.random_range(0..top.max(1));
            let mut child = population[from].clone();
            let idx = rng.random_range(0..n);
            let old = child[idx];
            let why = if rng.random::<f64>() < 0.5 {
                child[idx] = belief[idx];
                "the row the belief space holds for this column (half the children)"
            } else {
                child[idx] = rng.random_range(0..n as u32);
                "a random row (half the children)"
            };
            if looking {
                notes.change(
                    ChangeKind::Mutation,
                    idx,
                    Some(old),
                    Some(child[idx]),
                    || why.to_string(),
                );
                origins.push(Origin::Bred(Bred {
                    parents: vec![Parent {
                        index: from,
                        rule: format!("uniform from the top half ({} of {size})", top.max(1)),
                        entrants: Vec::new(),
                    }],
                    crossover: None,
                    crossed: population[from].clone(),
                    changes: notes.take_changes(),
                }));
            }
            population.push(child);
            // Small boards breed in nanoseconds: look at the clock every 64 children.
            if (n >= 256 || population.len().is_multiple_of(64))
                && let Some(stop) = ctl.interrupted()
            {
                break 'run stop;
            }
        }
        deliver(ctl, record, &population, origins);
    };
    ctl.finish(&counters, &best);
    Outcome {
        rows: best,
        stop,
        counters,
    }
}
