//! Seed 004's four N-Queens algorithms: backtracking, greedy best-first, hill climbing
//! with random restarts, and the cultural algorithm. The three heuristic searches score
//! placements with the chosen heuristic ([`Heuristic`]), computed the way the document
//! computes it (so h1 and h3 cost O(n²) per evaluation, h2 O(n)); since h2 = 2·h1 and
//! h3 = h1, the heuristic changes how long a search takes, never where it goes.
//!
//! Where seed 004 leaves things open (`../shared/seed-notes.md`):
//! - the start state (`board.start`) is a random placement drawn from the seed, the same
//!   for every algorithm with the same seed, so a comparison is fair;
//! - hill climbing's restart limit is the `max_restarts` parameter (default 100);
//! - the cultural algorithm's children are copies of a random top-half individual with one
//!   column changed: to the belief space's row with probability 1/2, else to a random
//!   row; the top half survives; after 10 generations without a better best, everyone
//!   but the best is replaced by a random placement. Population 200 and 400 generations
//!   come from the document's plot caption.

use crate::puzzle::queens::Heuristic;
use crate::solve::{Control, Counters, GenerationStats, Rng, Stop};
use rand::RngExt;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

/// What a seed-004 search reports: a placement (a solution when `stop == Found`).
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub rows: Vec<u32>,
    pub stop: Stop,
    pub counters: Counters,
}

/// The start state every algorithm shares for a seed: one random row per column.
pub fn random_start(n: usize, rng: &mut Rng) -> Vec<u32> {
    (0..n).map(|_| rng.random_range(0..n as u32)).collect()
}

/// Column by column, rows tried from the top; a queen is placed only where nothing
/// attacks it. Counts placements (`nodes`) and removals (`backtracks`).
pub fn backtracking(n: usize, ctl: &mut Control) -> Outcome {
    let mut counters = Counters::default();
    let mut rows: Vec<u32> = Vec::with_capacity(n);
    let mut row_used = vec![false; n];
    let mut d1 = vec![false; 2 * n];
    let mut d2 = vec![false; 2 * n];
    // The next row to try in each column.
    let mut next = vec![0u32; n + 1];
    let stop = loop {
        let c = rows.len();
        if c == n {
            break Stop::Found;
        }
        let mut placed = false;
        while (next[c] as usize) < n {
            let r = next[c] as usize;
            next[c] += 1;
            if !row_used[r] && !d1[c + r] && !d2[c + n - r] {
                row_used[r] = true;
                d1[c + r] = true;
                d2[c + n - r] = true;
                rows.push(r as u32);
                next[c + 1] = 0;
                counters.nodes += 1;
                crate::solve::knight::note_depth(&mut counters, rows.len());
                placed = true;
                break;
            }
        }
        if placed {
            if let Some(stop) = ctl.tick(&counters, &rows) {
                break stop;
            }
            continue;
        }
        // Column c has no safe row left: take back column c − 1's queen.
        let Some(r) = rows.pop() else {
            break Stop::Exhausted;
        };
        let (c, r) = (rows.len(), r as usize);
        row_used[r] = false;
        d1[c + r] = false;
        d2[c + n - r] = false;
        counters.backtracks += 1;
        counters.depth = rows.len() as u64;
    };
    ctl.finish(&counters, &rows);
    Outcome {
        rows,
        stop,
        counters,
    }
}

/// Every placement that moves one queen within its column, in seed 004's order (column
/// by column, rows from the top). `f` returns `false` to stop early; the result says
/// whether every neighbour was visited.
fn for_each_neighbour(state: &[u32], mut f: impl FnMut(usize, u32) -> bool) -> bool {
    let n = state.len() as u32;
    for (i, &own) in state.iter().enumerate() {
        for j in (0..n).filter(|&j| j != own) {
            if !f(i, j) {
                return false;
            }
        }
    }
    true
}

/// How often a loop of heuristic evaluations looks at the clock and the cancel flag: about
/// every 4,096 queens' worth of evaluation, so a search on thousands of queens (where one
/// sweep of the neighbours takes seconds) still stops promptly.
struct Pulse {
    every: u32,
    left: u32,
}

impl Pulse {
    fn new(n: usize) -> Pulse {
        let every = (4096 / n.max(1)).max(1) as u32;
        Pulse { every, left: every }
    }

    /// Counts one evaluation; now and then asks `ctl` whether to stop.
    #[inline]
    fn interrupted(&mut self, ctl: &Control) -> Option<Stop> {
        self.left -= 1;
        if self.left > 0 {
            return None;
        }
        self.left = self.every;
        ctl.interrupted()
    }
}

/// The most row values best-first keeps in its queue and visited set (2²⁷ values, 512 MB):
/// each expansion adds n(n − 1) placements of n rows, so large boards would otherwise fill
/// the machine's memory long before the time limit.
pub const BEST_FIRST_MAX_VALUES: usize = 1 << 27;

/// Seed 004's greedy best-first search: a priority queue of `(heuristic, state)` (ties by
/// the state, as Python's tuples compare), a visited set, neighbours by moving one queen.
pub fn best_first(start: &[u32], heuristic: Heuristic, ctl: &mut Control) -> Outcome {
    best_first_within(start, heuristic, BEST_FIRST_MAX_VALUES, ctl)
}

/// [`best_first`] keeping at most `max_values` row values in memory.
pub fn best_first_within(
    start: &[u32],
    heuristic: Heuristic,
    max_values: usize,
    ctl: &mut Control,
) -> Outcome {
    let n = start.len();
    let mut counters = Counters::default();
    let mut queue = BinaryHeap::new();
    let mut visited: HashSet<Vec<u32>> = HashSet::new();
    queue.push(Reverse((heuristic.eval(start), start.to_vec())));
    let mut last = start.to_vec();
    let mut pulse = Pulse::new(n);
    let stop = loop {
        let Some(Reverse((h, state))) = queue.pop() else {
            break Stop::Exhausted;
        };
        if h == 0 {
            last = state;
            break Stop::Found;
        }
        if !visited.insert(state.clone()) {
            continue;
        }
        counters.nodes += 1;
        counters.depth = h;
        let mut neighbour = state.clone();
        let mut interrupted = None;
        let mut full = false;
        for_each_neighbour(&state, |i, j| {
            neighbour[i] = j;
            if !visited.contains(&neighbour) {
                queue.push(Reverse((heuristic.eval(&neighbour), neighbour.clone())));
                counters.attempts += 1;
            }
            neighbour[i] = state[i];
            interrupted = pulse.interrupted(ctl);
            full = (queue.len() + visited.len()) * n > max_values;
            interrupted.is_none() && !full
        });
        last = state;
        if let Some(stop) = interrupted {
            break stop;
        }
        if full {
            break Stop::MemoryLimit;
        }
        if let Some(stop) = ctl.check(&counters, Some(&last)) {
            break stop;
        }
    };
    ctl.finish(&counters, &last);
    Outcome {
        rows: last,
        stop,
        counters,
    }
}

/// Steepest-descent hill climbing with random restarts: move to the best neighbour while
/// it is better; at a local minimum, start again from a random placement, up to
/// `max_restarts` times. Reports the conflicts after every step as a "generation".
pub fn hill_climbing(
    start: &[u32],
    heuristic: Heuristic,
    max_restarts: u64,
    rng: &mut Rng,
    ctl: &mut Control,
) -> Outcome {
    let n = start.len();
    let mut counters = Counters::default();
    let mut current = start.to_vec();
    let mut best = current.clone();
    let mut best_h = heuristic.eval(&best);
    let mut step = 0u64;
    let mut pulse = Pulse::new(n);
    let stop = 'outer: loop {
        let mut h = heuristic.eval(&current);
        loop {
            step += 1;
            counters.generations = step;
            ctl.generation(&GenerationStats {
                generation: step,
                best: h as f64,
                mean: h as f64,
                worst: h as f64,
                ..GenerationStats::default()
            });
            if h < best_h {
                best_h = h;
                best.clone_from(&current);
            }
            if h == 0 {
                break 'outer Stop::Found;
            }
            // The best neighbour (the first among equals, like Python's `min`).
            let mut top: Option<(u64, usize, u32)> = None;
            let mut neighbour = current.clone();
            let mut interrupted = None;
            for_each_neighbour(&current, |i, j| {
                neighbour[i] = j;
                let nh = heuristic.eval(&neighbour);
                counters.nodes += 1;
                if top.is_none_or(|t| nh < t.0) {
                    top = Some((nh, i, j));
                }
                neighbour[i] = current[i];
                interrupted = pulse.interrupted(ctl);
                interrupted.is_none()
            });
            if let Some(stop) = interrupted {
                break 'outer stop;
            }
            if let Some(stop) = ctl.check(&counters, Some(&current)) {
                break 'outer stop;
            }
            match top {
                Some((nh, i, j)) if nh < h => {
                    current[i] = j;
                    h = nh;
                }
                _ => break,
            }
        }
        if counters.attempts >= max_restarts {
            break Stop::Stuck;
        }
        counters.attempts += 1;
        current = random_start(n, rng);
    };
    let rows = if stop == Stop::Found { current } else { best };
    ctl.finish(&counters, &rows);
    Outcome {
        rows,
        stop,
        counters,
    }
}

/// The cultural algorithm's parameters (see the module docs).
#[derive(Debug, Clone, PartialEq)]
pub struct CulturalConfig {
    pub population: usize,
    pub generations: u64,
    pub stagnation: u64,
}

impl Default for CulturalConfig {
    fn default() -> Self {
        CulturalConfig {
            population: 200,
            generations: 400,
            stagnation: 10,
        }
    }
}

/// Seed 004's cultural algorithm: each generation sorts the population by the heuristic,
/// sets the belief space to a row per column drawn from the top half, keeps the top half
/// and breeds the rest from it, guided by the belief space half of the time.
pub fn cultural(
    start: &[u32],
    heuristic: Heuristic,
    config: &CulturalConfig,
    rng: &mut Rng,
    ctl: &mut Control,
) -> Outcome {
    let n = start.len();
    let size = config.population.max(2);
    let mut counters = Counters::default();
    let mut population: Vec<Vec<u32>> = std::iter::once(start.to_vec())
        .chain((1..size).map(|_| random_start(n, rng)))
        .collect();
    let mut belief = start.to_vec();
    let mut best_h = u64::MAX;
    let mut best = start.to_vec();
    let mut stagnant = 0u64;
    let mut generation = 0u64;
    let mut pulse = Pulse::new(n);
    let stop = loop {
        if generation >= config.generations {
            break Stop::GenerationLimit;
        }
        generation += 1;
        let mut scored: Vec<(u64, Vec<u32>)> = Vec::with_capacity(population.len());
        let mut interrupted = None;
        for s in population.drain(..) {
            scored.push((heuristic.eval(&s), s));
            interrupted = pulse.interrupted(ctl);
            if interrupted.is_some() {
                break;
            }
        }
        if let Some(stop) = interrupted {
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
        for (i, slot) in belief.iter_mut().enumerate() {
            *slot = scored[rng.random_range(0..top.max(1))].1[i];
        }
        population = scored.into_iter().take(top.max(1)).map(|s| s.1).collect();
        if stagnant >= config.stagnation {
            // Refresh: keep the best, replace the rest.
            population.truncate(1);
            stagnant = 0;
            counters.attempts += 1;
            while population.len() < size {
                population.push(random_start(n, rng));
            }
            continue;
        }
        while population.len() < size {
            let mut child = population[rng.random_range(0..top.max(1))].clone();
            let idx = rng.random_range(0..n);
            child[idx] = if rng.random::<f64>() < 0.5 {
                belief[idx]
            } else {
                rng.random_range(0..n as u32)
            };
            population.push(child);
        }
    };
    ctl.finish(&counters, &best);
    Outcome {
        rows: best,
        stop,
        counters,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::queens::validate;
    use crate::solve::knight::test_support::with_control;
    use crate::solve::{Budget, rng_from_seed};

    const HEURISTICS: [Heuristic; 3] = [Heuristic::H1, Heuristic::H2, Heuristic::H3];

    #[test]
    fn backtracking_solves_and_proves_2_and_3_have_none() {
        for n in [1, 4, 5, 8, 10, 20] {
            let o = with_control(Budget::unlimited(), |ctl| backtracking(n, ctl));
            assert_eq!(o.stop, Stop::Found);
            assert_eq!(validate(n, &o.rows), Ok(()));
        }
        // The first solution in row order for 8 queens (column by column, rows from the top).
        let o = with_control(Budget::unlimited(), |ctl| backtracking(8, ctl));
        assert_eq!(o.rows, vec![0, 4, 7, 5, 2, 6, 1, 3]);
        for n in [2, 3] {
            let o = with_control(Budget::unlimited(), |ctl| backtracking(n, ctl));
            assert_eq!(o.stop, Stop::Exhausted);
        }
    }

    /// On 3,000 queens one sweep of hill climbing's neighbours takes minutes (9 million
    /// O(n²) evaluations); a 100 ms budget must still end each search within a moment.
    #[test]
    fn heuristic_searches_on_thousands_of_queens_stop_at_the_time_limit() {
        let start = random_start(3000, &mut rng_from_seed(5));
        let budget = Budget::unlimited().with_time(std::time::Duration::from_millis(100));
        type Search = fn(&[u32], &mut Control) -> Outcome;
        let runs: [(&str, Search); 3] = [
            ("best-first", |s, ctl| best_first(s, Heuristic::H1, ctl)),
            ("hill-climbing", |s, ctl| {
                hill_climbing(s, Heuristic::H1, 100, &mut rng_from_seed(1), ctl)
            }),
            ("cultural", |s, ctl| {
                cultural(
                    s,
                    Heuristic::H1,
                    &CulturalConfig::default(),
                    &mut rng_from_seed(1),
                    ctl,
                )
            }),
        ];
        for (name, run) in runs {
            let t = std::time::Instant::now();
            let o = with_control(budget, |ctl| run(&start, ctl));
            assert_eq!(o.stop, Stop::TimeLimit, "{name}");
            assert!(t.elapsed().as_secs_f64() < 5.0, "{name}: {:?}", t.elapsed());
            assert_eq!(o.rows.len(), 3000, "{name}");
        }
    }

    #[test]
    fn best_first_stops_at_its_memory_limit() {
        // 30 queens: one expansion queues 870 placements of 30 rows.
        let start = random_start(30, &mut rng_from_seed(2));
        let o = with_control(Budget::unlimited(), |ctl| {
            best_first_within(&start, Heuristic::H2, 1000 * 30, ctl)
        });
        assert_eq!(o.stop, Stop::MemoryLimit);
        assert!(o.counters.attempts <= 2 * 870, "{:?}", o.counters);
    }

    #[test]
    fn the_heuristic_never_changes_where_a_search_goes() {
        // h2 = 2 h1 and h3 = h1 order placements identically: same answer, same steps.
        for (n, seed) in [(5usize, 1u64), (8, 2), (10, 3)] {
            let start = random_start(n, &mut rng_from_seed(seed));
            let runs: Vec<(Outcome, Outcome, Outcome)> = HEURISTICS
                .iter()
                .map(|&h| {
                    let bf = with_control(Budget::unlimited().with_nodes(200_000), |ctl| {
                        best_first(&start, h, ctl)
                    });
                    let hc = with_control(Budget::unlimited(), |ctl| {
                        hill_climbing(&start, h, 100, &mut rng_from_seed(seed), ctl)
                    });
                    let ca = with_control(Budget::unlimited(), |ctl| {
                        cultural(
                            &start,
                            h,
                            &CulturalConfig::default(),
                            &mut rng_from_seed(seed),
                            ctl,
                        )
                    });
                    (bf, hc, ca)
                })
                .collect();
            for r in &runs[1..] {
                assert_eq!(r.0.rows, runs[0].0.rows, "best-first, n = {n}");
                assert_eq!(r.1.rows, runs[0].1.rows, "hill climbing, n = {n}");
                assert_eq!(r.2.rows, runs[0].2.rows, "cultural, n = {n}");
            }
            for o in [&runs[0].0, &runs[0].1, &runs[0].2] {
                if o.stop == Stop::Found {
                    assert_eq!(validate(n, &o.rows), Ok(()));
                }
            }
        }
    }

    #[test]
    fn three_algorithms_solve_20_queens_and_the_cultural_one_improves() {
        let start = random_start(20, &mut rng_from_seed(4));
        let h = Heuristic::H2;
        let outcomes = [
            with_control(Budget::unlimited(), |ctl| backtracking(20, ctl)),
            with_control(Budget::unlimited(), |ctl| best_first(&start, h, ctl)),
            with_control(Budget::unlimited(), |ctl| {
                hill_climbing(&start, h, 1000, &mut rng_from_seed(4), ctl)
            }),
            with_control(Budget::unlimited(), |ctl| {
                cultural(
                    &start,
                    h,
                    &CulturalConfig::default(),
                    &mut rng_from_seed(4),
                    ctl,
                )
            }),
        ];
        for (i, o) in outcomes[..3].iter().enumerate() {
            assert_eq!(o.stop, Stop::Found, "algorithm {i}");
            assert_eq!(validate(20, &o.rows), Ok(()), "algorithm {i}");
        }
        // The cultural algorithm as we read seed 004 often ends at one or two attacking
        // pairs on 20 queens (see the README); it never ends worse than it started.
        let c = &outcomes[3];
        assert!(
            crate::puzzle::queens::conflicts(&c.rows) < crate::puzzle::queens::conflicts(&start)
        );
        if c.stop == Stop::Found {
            assert_eq!(validate(20, &c.rows), Ok(()));
        }
    }
}
