//! The N-Queens AI report's results table: average time and success of its four algorithms
//! at each n, every trial `i` starting all four from the same random placement
//! (seed `seed + i`).

use super::{Progress, Summary};
use crate::run::JobError;
use crate::run::PuzzleJob;
use crate::run::{QueensJob, QueensReport, QueensTask};
use crate::solve::{Budget, NoObserver};
use rayon::prelude::*;
use serde::Serialize;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The N-Queens AI report's four algorithms, in its table's order.
pub const REPORT_ALGORITHMS: [&str; 4] =
    ["backtracking", "best-first", "hill-climbing", "cultural"];

/// The N-Queens AI report's printed figures: (n, algorithm, average seconds, success rate).
pub const DOCUMENT: [(u64, &str, f64, f64); 8] = [
    (5, "backtracking", 0.000132, 1.0),
    (5, "best-first", 0.000302, 1.0),
    (5, "hill-climbing", 0.000561, 1.0),
    (5, "cultural", 0.001600, 1.0),
    (10, "backtracking", 4.754722, 1.0),
    (10, "best-first", 0.104976, 1.0),
    (10, "hill-climbing", 1.153362, 0.95),
    (10, "cultural", 0.612077, 1.0),
];

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QueensRow {
    pub algorithm: String,
    pub n: u64,
    pub heuristic: String,
    #[serde(flatten)]
    pub summary: Summary,
    /// The document's figures for this row, where it printed them.
    pub document_mean_ms: Option<f64>,
    pub document_success_rate: Option<f64>,
}

/// `trials` runs of each of the N-Queens AI report's algorithms at each `n`.
pub fn table(
    ns: &[u64],
    trials: u64,
    seed: u64,
    heuristic: &str,
    time_limit: Duration,
    cancel: &AtomicBool,
    meter: Option<std::sync::Arc<super::Meter>>,
) -> Result<Vec<QueensRow>, JobError> {
    crate::puzzle::queens::Heuristic::parse(heuristic)?;
    let progress = Progress::new(ns.len() as u64 * 4 * trials, meter);
    let mut rows = Vec::new();
    for &n in ns {
        for algo in REPORT_ALGORITHMS {
            let results: Vec<Result<(bool, f64), JobError>> = (0..trials)
                .into_par_iter()
                .map(|i| {
                    let params = if algo == "backtracking" {
                        vec![]
                    } else {
                        vec![("heuristic".to_string(), heuristic.to_string())]
                    };
                    let job = QueensJob {
                        n,
                        seed: seed + i,
                        budget: Budget::unlimited().with_time(time_limit),
                        threads: Some(1),
                        task: QueensTask::Solve {
                            algorithm: algo.to_string(),
                            params,
                        },
                    };
                    let r = match job.run(cancel, &mut NoObserver) {
                        Ok(QueensReport::Solve(r)) => Ok((r.found, r.elapsed_ms)),
                        Ok(_) => Err(JobError::Invalid("not a solve".to_string())),
                        Err(e) => Err(e),
                    };
                    progress.tick();
                    r
                })
                .collect();
            let results = results.into_iter().collect::<Result<Vec<_>, _>>()?;
            let doc = DOCUMENT.iter().find(|d| d.0 == n && d.1 == algo);
            rows.push(QueensRow {
                algorithm: algo.to_string(),
                n,
                heuristic: heuristic.to_string(),
                summary: Summary::of(&results),
                document_mean_ms: doc.map(|d| d.2 * 1e3),
                document_success_rate: doc.map(|d| d.3),
            });
        }
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_every_algorithm_at_every_n_next_to_the_document() {
        let rows = table(
            &[5, 6],
            3,
            0,
            "h2",
            Duration::from_secs(10),
            &AtomicBool::new(false),
            None,
        )
        .unwrap();
        assert_eq!(rows.len(), 8);
        let bt5 = rows
            .iter()
            .find(|r| r.n == 5 && r.algorithm == "backtracking")
            .unwrap();
        assert_eq!(bt5.summary.success_rate, 1.0);
        assert_eq!(bt5.document_mean_ms, Some(0.132));
        assert!(
            rows.iter()
                .filter(|r| r.n == 6)
                .all(|r| r.document_mean_ms.is_none())
        );
    }
}
