//! What the N-Queens AI report's three heuristic searches ([`super::best_first`],
//! [`super::hill_climbing`], [`super::cultural`]) share: the [`Heuristic`] they score
//! placements with, computed the way the report computes it (so h1 and h3 cost O(n²) per
//! evaluation, h2 O(n)); the random start every algorithm draws from the seed; the
//! neighbours of a placement; and the [`Outcome`] all four of the report's algorithms
//! return. Since h2 = 2·h1 and h3 = h1, the heuristic changes how long a search takes,
//! never where it goes.
//!
//! Where the report leaves things open (see `docs/SOURCES.md`), the start state is a
//! random placement drawn from the seed, the same for every algorithm with the same seed,
//! so a comparison is fair.

pub use crate::puzzle::queens::Heuristic;
use crate::solve::{Control, Counters, Rng, Stop};
use rand::RngExt;

/// What a search from the N-Queens AI report returns: a placement (a solution when
/// `stop == Found`).
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The row of each column's queen.
    pub rows: Vec<u32>,
    /// Why the search stopped.
    pub stop: Stop,
    /// What the search counted.
    pub counters: Counters,
}

/// The start state every algorithm shares for a seed: one random row per column.
///
/// ```rust
/// use searchlab::solve::queens::heuristic::random_start;
/// use searchlab::solve::rng_from_seed;
///
/// let start = random_start(8, &mut rng_from_seed(3));
/// assert_eq!(start, random_start(8, &mut rng_from_seed(3)));
/// assert!(start.len() == 8 && start.iter().all(|&r| r < 8));
/// ```
pub fn random_start(n: usize, rng: &mut Rng) -> Vec<u32> {
    (0..n).map(|_| rng.random_range(0..n as u32)).collect()
}

/// Every placement that moves one queen within its column, in the report's order (column
/// by column, rows from the top). `f` returns `false` to stop early; the result says
/// whether every neighbour was visited.
pub(super) fn for_each_neighbour(state: &[u32], mut f: impl FnMut(usize, u32) -> bool) -> bool {
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

/// How often a loop of heuristic evaluations reports its counters and looks at the clock
/// and the cancel flag: about every 4,096 queens' worth of evaluation, so a search on
/// thousands of queens (where one sweep of the neighbours takes seconds) still shows its
/// time and figures as it goes, pauses, and stops promptly.
pub(super) struct Pulse {
    every: u32,
    left: u32,
}

impl Pulse {
    pub(super) fn new(n: usize) -> Pulse {
        let every = (4096 / n.max(1)).max(1) as u32;
        Pulse { every, left: every }
    }

    /// Counts one evaluation; now and then reports `counters` to `ctl` and asks it whether
    /// to stop.
    #[inline]
    pub(super) fn interrupted(&mut self, ctl: &mut Control, counters: &Counters) -> Option<Stop> {
        self.left -= 1;
        if self.left > 0 {
            return None;
        }
        self.left = self.every;
        ctl.pulse(counters)
    }
}
