//! Fitness per generation (or conflicts per step) for a live plot, thinned so that a run
//! of millions of generations stays small: past [`MAX_HISTORY`] points every other one is
//! dropped and only every `stride`-th generation is kept from then on.

use crate::solve::GenerationStats;
use egui_plot::PlotPoints;

/// The most points a history keeps.
pub const MAX_HISTORY: usize = 4096;

#[derive(Debug, Clone, PartialEq)]
pub struct History {
    points: Vec<GenerationStats>,
    stride: u64,
}

impl Default for History {
    fn default() -> Self {
        History {
            points: Vec::new(),
            stride: 1,
        }
    }
}

impl History {
    pub fn clear(&mut self) {
        *self = History::default();
    }

    /// Keeps `g` if it falls on the stride (the first generations are always kept).
    pub fn record(&mut self, g: GenerationStats) {
        if !g.generation.is_multiple_of(self.stride) && g.generation > 1 {
            return;
        }
        self.points.push(g);
        if self.points.len() >= MAX_HISTORY {
            self.stride *= 2;
            let stride = self.stride;
            self.points
                .retain(|h| h.generation.is_multiple_of(stride) || h.generation <= 1);
        }
    }

    pub fn points(&self) -> &[GenerationStats] {
        &self.points
    }

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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_run_is_thinned_to_at_most_max_history_points_keeping_the_first() {
        let mut h = History::default();
        for generation in 1..=1_000_000u64 {
            h.record(GenerationStats {
                generation,
                ..GenerationStats::default()
            });
        }
        assert!(h.points().len() < MAX_HISTORY);
        assert_eq!(h.points()[0].generation, 1);
        // Evenly spaced after the first.
        let gaps: Vec<u64> = h.points()[1..]
            .windows(2)
            .map(|w| w[1].generation - w[0].generation)
            .collect();
        assert!(gaps.windows(2).all(|w| w[0] == w[1]), "{gaps:?}");
    }
}
