//! Fitness per generation (or conflicts per step) for a live plot, thinned so that a run
//! of millions of generations stays small: past [`MAX_HISTORY`] points, neighbouring
//! points are merged in pairs, and from then on each point gathers twice as many
//! generations. A merged point keeps the best and the worst of what it gathered and their
//! mean, so a plot of it still shows every value the run took (as a band), and the last
//! point is always the run's latest generation.

use crate::solve::GenerationStats;
use egui_plot::PlotPoints;

/// The most points a history keeps.
pub const MAX_HISTORY: usize = 4096;

/// A run's generations (or steps), at most [`MAX_HISTORY`] points, each gathering the
/// generations since the one before.
#[derive(Debug, Clone, PartialEq)]
pub struct History {
    points: Vec<GenerationStats>,
    /// How many generations each point gathered.
    gathered: Vec<u64>,
    /// How many generations a point gathers before the next begins.
    span: u64,
    /// Whether a higher score is better (fitness) or a lower one (conflicts), once a
    /// point with a spread has told.
    higher_is_better: Option<bool>,
}

impl Default for History {
    fn default() -> Self {
        History {
            points: Vec::new(),
            gathered: Vec::new(),
            span: 1,
            higher_is_better: None,
        }
    }
}

impl History {
    /// Forgets every point, for a new run.
    pub fn clear(&mut self) {
        *self = History::default();
    }

    /// Adds generation `g`: a point of its own, or gathered into the last point.
    pub fn record(&mut self, g: GenerationStats) {
        if self.higher_is_better.is_none() && g.best != g.worst {
            self.higher_is_better = Some(g.best > g.worst);
        }
        // The first point stays alone: it is where the run began.
        match (self.points.len(), self.gathered.last()) {
            (n, Some(&k)) if n > 1 && k < self.span => {
                let last = self.points.len() - 1;
                self.points[last] = self.merge(self.points[last], k, g, 1);
                self.gathered[last] += 1;
            }
            _ => {
                self.points.push(g);
                self.gathered.push(1);
            }
        }
        if self.points.len() >= MAX_HISTORY {
            self.thin();
        }
    }

    /// Merges neighbouring points in pairs (the first point aside).
    fn thin(&mut self) {
        self.span *= 2;
        let mut points = vec![self.points[0]];
        let mut gathered = vec![self.gathered[0]];
        for (pair, counts) in self.points[1..].chunks(2).zip(self.gathered[1..].chunks(2)) {
            match (pair, counts) {
                ([a, b], [ka, kb]) => {
                    points.push(self.merge(*a, *ka, *b, *kb));
                    gathered.push(ka + kb);
                }
                _ => {
                    points.push(pair[0]);
                    gathered.push(counts[0]);
                }
            }
        }
        self.points = points;
        self.gathered = gathered;
    }

    /// `a` (of `ka` generations) and the later `b` (of `kb`) as one point at `b`'s
    /// generation: the better best, the worse worst, the mean of both.
    fn merge(&self, a: GenerationStats, ka: u64, b: GenerationStats, kb: u64) -> GenerationStats {
        let higher = self.higher_is_better.unwrap_or(false);
        let (better, worse) = if higher {
            (
                f64::max as fn(f64, f64) -> f64,
                f64::min as fn(f64, f64) -> f64,
            )
        } else {
            (
                f64::min as fn(f64, f64) -> f64,
                f64::max as fn(f64, f64) -> f64,
            )
        };
        let (wa, wb) = (ka as f64, kb as f64);
        GenerationStats {
            generation: b.generation,
            best: better(a.best, b.best),
            mean: (a.mean * wa + b.mean * wb) / (wa + wb),
            worst: worse(a.worst, b.worst),
            best_coverage: a.best_coverage.max(b.best_coverage),
            diversity: b.diversity,
        }
    }

    /// The points kept, oldest first: the first generation alone, then each point at the
    /// last generation it gathered.
    pub fn points(&self) -> &[GenerationStats] {
        &self.points
    }

    /// The latest point (the run's latest generation, maybe merged); `None` when empty.
    pub fn last(&self) -> Option<&GenerationStats> {
        self.points.last()
    }

    /// One figure of every point kept, against its generation, for a plot line.
    pub fn series(&self, f: fn(&GenerationStats) -> f64) -> PlotPoints<'static> {
        (self.points.iter())
            .map(|g| [g.generation as f64, f(g)])
            .collect::<Vec<_>>()
            .into()
    }

    /// Every value the run took between its best and its worst, as one line that runs up
    /// and down at each point: drawn at any width it covers the whole range of each point
    /// (a plot thinned honestly, by range, not by sample).
    pub fn range_series(&self) -> PlotPoints<'static> {
        let mut out = Vec::with_capacity(self.points.len() * 2);
        for (i, g) in self.points.iter().enumerate() {
            let (lo, hi) = (g.best.min(g.worst), g.best.max(g.worst));
            let x = g.generation as f64;
            // Alternate the order so the line does not cross itself between points.
            if i % 2 == 0 {
                out.push([x, lo]);
                out.push([x, hi]);
            } else {
                out.push([x, hi]);
                out.push([x, lo]);
            }
        }
        out.dedup();
        out.into()
    }

    /// The best so far at each point (the running best of the bests).
    pub fn best_so_far(&self) -> PlotPoints<'static> {
        let higher = self.higher_is_better.unwrap_or(false);
        let mut best: Option<f64> = None;
        (self.points.iter())
            .map(|g| {
                let b = match best {
                    Some(b) if higher => b.max(g.best),
                    Some(b) => b.min(g.best),
                    None => g.best,
                };
                best = Some(b);
                [g.generation as f64, b]
            })
            .collect::<Vec<_>>()
            .into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(generation: u64, value: f64) -> GenerationStats {
        GenerationStats {
            generation,
            best: value,
            mean: value,
            worst: value,
            ..GenerationStats::default()
        }
    }

    #[test]
    fn a_long_run_is_thinned_keeping_the_first_the_last_and_every_extreme() {
        let mut h = History::default();
        // Conflicts that sit at 10 but for one spike to 99 and one dip to 0.
        let n = 1_000_000u64;
        for generation in 0..=n {
            let v = match generation {
                333_333 => 99.0,
                777_777 => 0.0,
                _ => 10.0,
            };
            h.record(point(generation, v));
        }
        assert!(h.points().len() < MAX_HISTORY);
        assert_eq!(h.points()[0].generation, 0);
        assert_eq!(
            h.last().unwrap().generation,
            n,
            "the last generation is on the plot"
        );
        let worst = h.points().iter().map(|p| p.worst).fold(0.0, f64::max);
        let best = h.points().iter().map(|p| p.best).fold(f64::MAX, f64::min);
        assert_eq!((best, worst), (0.0, 99.0), "thinning dropped an extreme");
        // The mean over everything is kept, weighted by what each point gathered.
        let total: u64 = h.gathered.iter().sum();
        assert_eq!(total, n + 1);
    }

    #[test]
    fn fitness_keeps_its_highest_as_the_best() {
        let mut h = History::default();
        for generation in 1..=10_000u64 {
            h.record(GenerationStats {
                generation,
                best: generation as f64,
                mean: 1.0,
                worst: 0.0,
                ..GenerationStats::default()
            });
        }
        assert_eq!(h.last().unwrap().best, 10_000.0);
        assert_eq!(h.last().unwrap().generation, 10_000);
    }
}
