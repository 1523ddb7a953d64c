//! The magic-square GA notebook's GA over many seeds: success rate, time and the generation
//! of the first square for the corrected defaults and for each of the document's slips, the
//! document's own run beside the variant that is its code.

use super::{Progress, Setup, Summary};
use crate::run::JobError;
use crate::run::PuzzleJob;
use crate::run::{MagicJob, MagicReport, MagicTask};
use crate::solve::{Budget, NoObserver};
use serde::Serialize;

/// The variants compared: a name and the parameters that make it.
pub const VARIANTS: [(&str, &[(&str, &str)]); 6] = [
    ("defaults (inversion)", &[]),
    ("pmx", &[("crossover", "pmx")]),
    ("selection=literal", &[("selection", "literal")]),
    ("mutation=literal", &[("mutation", "literal")]),
    (
        "both literal (the document's code)",
        &[("selection", "literal"), ("mutation", "literal")],
    ),
    (
        "both literal, pmx",
        &[
            ("selection", "literal"),
            ("mutation", "literal"),
            ("crossover", "pmx"),
        ],
    ),
];

/// One trial: found, milliseconds, the generation of the first square, squares scored.
type Trial = (bool, f64, Option<u64>, u64);

/// The document's one run (its code, inversion crossover): a square in generation 84.
pub const DOCUMENT_GENERATION: u64 = 84;

/// One row of the GA table: one variant's trials at one order.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct MagicRow {
    /// The algorithm's id: always `ga`.
    pub algorithm: String,
    /// The variant's name, from [`VARIANTS`], e.g. `pmx`.
    pub variant: String,
    /// The square's order (its side), from 3 to [`crate::puzzle::magic::MAX_ORDER`].
    pub order: u64,
    /// Success and timing over the trials.
    #[serde(flatten)]
    pub summary: Summary,
    /// The median generation of the first square, over the successful trials.
    pub median_generation: Option<f64>,
    /// The document's run, on the row of its own code.
    pub document_generation: Option<u64>,
}

/// `trials` runs (seeds `seed`, `seed + 1`, …) of each variant at `order`.
pub fn table(order: u64, trials: u64, setup: &Setup) -> Result<Vec<MagicRow>, JobError> {
    let (seed, time_limit, cancel) = (setup.seed, setup.time_limit, &*setup.cancel);
    let meter = setup.meter.clone();
    let max = crate::puzzle::magic::MAX_ORDER as u64;
    if !(3..=max).contains(&order) {
        return Err(JobError::Input(format!(
            "--order must be from 3 to {max} (got {order})"
        )));
    }
    let part = setup.part;
    let progress = Progress::new(part.share(VARIANTS.len() as u64) * trials, meter);
    let mine: Vec<_> = (VARIANTS.iter().enumerate())
        .filter(|(row, _)| part.owns_index(*row))
        .map(|(_, row)| row)
        .collect();
    super::rows_at_once(mine, |(name, params)| {
        let params: Vec<(String, String)> = (params.iter())
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let results: Vec<Trial> = super::run_trials(trials, cancel, &progress, |i| {
            let job = MagicJob {
                order,
                seed: seed + i,
                budget: Budget::unlimited().with_time(time_limit),
                task: MagicTask::Solve {
                    algorithm: crate::run::MagicAlgo::Ga,
                    params: params.clone(),
                },
            };
            match job.run(cancel, &mut NoObserver) {
                Ok(MagicReport::Solve(r)) => {
                    Ok((r.stop != crate::solve::Stop::Cancelled).then(|| {
                        let first = r.squares.first().map(|s| s.1);
                        (r.found, r.elapsed_ms, first, r.counters.nodes)
                    }))
                }
                Ok(_) => Err(JobError::Invalid("not a solve".to_string())),
                Err(e) => Err(e),
            }
        })?;
        let mut generations: Vec<u64> = results.iter().filter_map(|r| r.2).collect();
        generations.sort_unstable();
        let median_generation = match generations.len() {
            0 => None,
            k if k % 2 == 1 => Some(generations[k / 2] as f64),
            k => Some((generations[k / 2 - 1] + generations[k / 2]) as f64 / 2.0),
        };
        let timings: Vec<(bool, f64)> = results.iter().map(|r| (r.0, r.1)).collect();
        Ok(MagicRow {
            algorithm: "ga".into(),
            variant: name.to_string(),
            order,
            summary: Summary::of_planned(&timings, trials).with_steps(
                &(results.iter())
                    .map(|r| (r.0, r.3 as f64))
                    .collect::<Vec<_>>(),
            ),
            median_generation,
            document_generation: (name.starts_with("both literal (") && order == 3)
                .then_some(DOCUMENT_GENERATION),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    #[test]
    fn every_variant_has_a_row_and_the_corrected_ga_beats_the_literal_one() {
        let setup = Setup {
            seed: 0,
            time_limit: Duration::from_secs(10),
            params: vec![],
            cancel: std::sync::Arc::new(AtomicBool::new(false)),
            meter: None,
            part: crate::bench::Part::WHOLE,
        };
        let rows = table(3, 40, &setup).unwrap();
        assert_eq!(rows.len(), VARIANTS.len());
        let rate = |v: &str| {
            rows.iter()
                .find(|r| r.variant == v)
                .unwrap()
                .summary
                .success_rate
        };
        // The literal mutation freezes the last cell: every 3x3 magic square has an even
        // number in each corner, so runs whose last cell starts odd (5 of 9) cannot succeed.
        assert!(rate("mutation=literal") <= 0.75, "{rows:?}");
        assert!(
            rate("defaults (inversion)") > rate("mutation=literal"),
            "{rows:?}"
        );
        assert_eq!(rows[4].document_generation, Some(84));
    }
}
