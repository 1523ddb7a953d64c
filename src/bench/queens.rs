//! The N-Queens AI report's results table: average time and success of its four algorithms
//! at each n, every trial `i` starting all four from the same random placement
//! (seed `seed + i`).

use super::{Progress, Setup, Summary};
use crate::run::JobError;
use crate::run::PuzzleJob;
use crate::run::{Algorithm, QueensAlgo, QueensJob, QueensReport, QueensTask};
use crate::solve::{Budget, NoObserver, Stop};
use serde::Serialize;

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

/// One row of the report's table: one algorithm's trials at one n.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct QueensRow {
    /// The algorithm's id, one of [`REPORT_ALGORITHMS`].
    pub algorithm: String,
    /// The board's side and number of queens.
    pub n: u64,
    /// The heuristic given to best-first, hill climbing and the cultural algorithm
    /// (backtracking takes none).
    pub heuristic: String,
    /// Success and timing over the trials.
    #[serde(flatten)]
    pub summary: Summary,
    /// The document's figures for this row, where it printed them.
    pub document_mean_ms: Option<f64>,
    /// The success rate (0 to 1) the document printed for this row, if it printed one.
    pub document_success_rate: Option<f64>,
}

/// `trials` runs of each of the N-Queens AI report's algorithms at each `n`.
pub fn table(
    ns: &[u64],
    trials: u64,
    heuristic: crate::puzzle::queens::Heuristic,
    setup: &Setup,
) -> Result<Vec<QueensRow>, JobError> {
    let (seed, time_limit, cancel) = (setup.seed, setup.time_limit, &*setup.cancel);
    let meter = setup.meter.clone();
    let heuristic = heuristic.name();
    let (part, rows_in_all) = (setup.part, ns.len() * REPORT_ALGORITHMS.len());
    let progress = Progress::new(part.share(rows_in_all as u64) * trials, meter);
    let every = ns.iter().flat_map(|&n| REPORT_ALGORITHMS.map(|a| (n, a)));
    let mine: Vec<(u64, &str)> = (every.enumerate())
        .filter(|(row, _)| part.owns_index(*row))
        .map(|(_, row)| row)
        .collect();
    super::rows_at_once(mine, |(n, algo)| {
        let results = super::run_trials(trials, cancel, &progress, |i| {
            let kind = QueensAlgo::parse(algo)?;
            let params = if kind == QueensAlgo::Backtracking {
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
                    algorithm: kind,
                    params,
                },
            };
            match job.run(cancel, &mut NoObserver) {
                Ok(QueensReport::Solve(r)) => Ok((r.stop != Stop::Cancelled).then_some((
                    r.found,
                    r.elapsed_ms,
                    r.counters.nodes,
                ))),
                Ok(_) => Err(JobError::Invalid("not a solve".to_string())),
                Err(e) => Err(e),
            }
        })?;
        let doc = DOCUMENT.iter().find(|d| d.0 == n && d.1 == algo);
        Ok(QueensRow {
            algorithm: algo.to_string(),
            n,
            heuristic: heuristic.to_string(),
            summary: Summary::of_planned(&pairs(&results, |r| r.1), trials)
                .with_steps(&pairs(&results, |r| r.2 as f64)),
            document_mean_ms: doc.map(|d| d.2 * 1e3),
            document_success_rate: doc.map(|d| d.3),
        })
    })
}

/// Which algorithms `queens bench` compares.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    Serialize,
    serde::Deserialize,
    strum::EnumString,
    strum::VariantNames,
    strum::IntoStaticStr,
)]
#[strum(serialize_all = "kebab-case")]
pub enum Set {
    /// The N-Queens AI report's four algorithms, beside its printed figures.
    #[default]
    Report,
    /// The local searches: hill climbing's four variants without restarts, simulated
    /// annealing, local beam search (best and stochastic) and min-conflicts.
    Local,
    /// Constraint-satisfaction backtracking, every variable ordering, value ordering and
    /// inference (18 combinations), and MRV with random tie-breaking for two of them.
    Csp,
    /// Local and CSP together: the comparison an AI course asks for.
    Course,
}

/// One contender of a comparison: an algorithm with its parameters.
#[derive(Debug, Clone, PartialEq)]
pub struct Contender {
    /// A short name, e.g. `hill climbing, sideways` or `CSP mrv / in-order / ac3`.
    pub label: String,
    /// The algorithm's id, e.g. `hill-climbing` or `csp`.
    pub algorithm: &'static str,
    /// The parameters it runs with, as `(name, value)` pairs.
    pub params: Vec<(String, String)>,
}

impl Contender {
    fn new(label: String, algorithm: &'static str, params: &[(&str, &str)]) -> Contender {
        Contender {
            label,
            algorithm,
            params: (params.iter())
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        }
    }

    /// Whether its runs draw no random numbers (every trial would be the same run).
    pub fn deterministic(&self) -> bool {
        QueensAlgo::of(self.algorithm) == Some(QueensAlgo::Csp)
            && !self
                .params
                .iter()
                .any(|(k, v)| k == "ties" && v == "random")
    }
}

/// The contenders of `set` (the report's four are [`table`]'s).
pub fn contenders(set: Set) -> Vec<Contender> {
    use crate::solve::queens::csp::{Inference, ValueOrder, VarOrder};
    use crate::solve::queens::hill_climbing::Variant;
    use strum::VariantNames;
    let mut out = Vec::new();
    if matches!(set, Set::Local | Set::Course) {
        for v in Variant::VARIANTS {
            out.push(Contender::new(
                format!("hill climbing, {v}"),
                "hill-climbing",
                &[("variant", v), ("max_restarts", "0")],
            ));
        }
        out.push(Contender::new("annealing".into(), "annealing", &[]));
        out.push(Contender::new("beam, k = 10".into(), "beam", &[]));
        out.push(Contender::new(
            "stochastic beam, k = 10".into(),
            "beam",
            &[("selection", "stochastic")],
        ));
        out.push(Contender::new("min-conflicts".into(), "min-conflicts", &[]));
    }
    if matches!(set, Set::Csp | Set::Course) {
        for var in VarOrder::VARIANTS {
            for value in ValueOrder::VARIANTS {
                for inference in Inference::VARIANTS {
                    out.push(Contender::new(
                        format!("CSP {var} / {value} / {inference}"),
                        "csp",
                        &[
                            ("var_order", var),
                            ("value_order", value),
                            ("inference", inference),
                        ],
                    ));
                }
            }
        }
        // MRV's ties drawn at random: each seed another search, for the two combinations
        // that go furthest.
        for (value, inference) in [("in-order", "forward-checking"), ("lcv", "ac3")] {
            out.push(Contender::new(
                format!("CSP mrv / {value} / {inference}, random ties"),
                "csp",
                &[
                    ("var_order", "mrv"),
                    ("value_order", value),
                    ("inference", inference),
                    ("ties", "random"),
                ],
            ));
        }
    }
    out
}

/// The largest n a comparison takes (the local searches' limit).
pub const MAX_COURSE_N: u64 = 5_000;

/// A row of a comparison: one contender at one n.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct CourseRow {
    /// The contender's short name (see [`Contender::label`]).
    pub label: String,
    /// The algorithm's id, e.g. `beam` or `csp`.
    pub algorithm: String,
    /// Its parameters as `KEY=VALUE` separated by spaces.
    pub params: String,
    /// The board's side and number of queens.
    pub n: u64,
    /// Whether it draws no random numbers: one trial stands for all.
    pub deterministic: bool,
    /// Success and timing over the trials.
    #[serde(flatten)]
    pub summary: Summary,
    /// The mean of the algorithm's steps over the trials (its first counter: neighbours
    /// scored, proposals, successors scored, swaps tried or assignments).
    pub mean_steps: f64,
}

/// `trials` runs (one for a deterministic contender) of each contender of `set` at each
/// `n`, trial `i` with seed `seed + i`, each in `time_limit`.
pub fn course(
    set: Set,
    ns: &[u64],
    trials: u64,
    setup: &Setup,
) -> Result<Vec<CourseRow>, JobError> {
    let (seed, time_limit, cancel) = (setup.seed, setup.time_limit, &*setup.cancel);
    let meter = setup.meter.clone();
    if let Some(&n) = ns.iter().find(|&&n| !(1..=MAX_COURSE_N).contains(&n)) {
        return Err(JobError::Input(format!(
            "n = {n} is out of range: the comparison takes n from 1 to {MAX_COURSE_N}"
        )));
    }
    let all = contenders(set);
    if all.is_empty() {
        return Err(JobError::Input(
            "the report's four algorithms are compared by `queens bench --set report`".into(),
        ));
    }
    let runs = |c: &Contender| if c.deterministic() { 1 } else { trials };
    let every = || ns.iter().flat_map(|&n| all.iter().map(move |c| (n, c)));
    let mine = || (every().enumerate()).filter(|(row, _)| setup.part.owns_index(*row));
    let total: u64 = mine().map(|(_, (_, c))| runs(c)).sum();
    let progress = Progress::new(total, meter);
    let mine: Vec<(u64, &Contender)> = mine().map(|(_, row)| row).collect();
    super::rows_at_once(mine, |(n, c)| {
        let results = super::run_trials(runs(c), cancel, &progress, |i| {
            let job = QueensJob {
                n,
                seed: seed + i,
                budget: Budget::unlimited().with_time(time_limit),
                threads: Some(1),
                task: QueensTask::Solve {
                    algorithm: QueensAlgo::parse(c.algorithm)?,
                    params: c.params.clone(),
                },
            };
            match job.run(cancel, &mut NoObserver) {
                Ok(QueensReport::Solve(r)) => Ok((r.stop != Stop::Cancelled).then_some((
                    r.found,
                    r.elapsed_ms,
                    r.counters.nodes,
                ))),
                Ok(_) => Err(JobError::Invalid("not a solve".to_string())),
                Err(e) => Err(e),
            }
        })?;
        let timed: Vec<(bool, f64)> = results.iter().map(|r| (r.0, r.1)).collect();
        let steps = results.iter().map(|r| r.2 as f64).sum::<f64>() / results.len().max(1) as f64;
        Ok(CourseRow {
            label: c.label.clone(),
            algorithm: c.algorithm.to_string(),
            params: (c.params.iter())
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join(" "),
            n,
            deterministic: c.deterministic(),
            summary: Summary::of_planned(&timed, runs(c))
                .with_steps(&pairs(&results, |r| r.2 as f64)),
            mean_steps: steps,
        })
    })
}

/// `(found, measure)` per trial.
fn pairs(
    results: &[(bool, f64, u64)],
    measure: impl Fn(&(bool, f64, u64)) -> f64,
) -> Vec<(bool, f64)> {
    results.iter().map(|r| (r.0, measure(r))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    /// Seed 0, `secs` a trial, nobody cancelling or counting.
    fn quiet(secs: u64) -> Setup {
        Setup {
            seed: 0,
            time_limit: Duration::from_secs(secs),
            params: vec![],
            cancel: std::sync::Arc::new(AtomicBool::new(false)),
            meter: None,
            part: crate::bench::Part::WHOLE,
        }
    }

    #[test]
    fn the_course_compares_every_local_search_and_csp_combination() {
        assert_eq!(contenders(Set::Local).len(), 8);
        assert_eq!(contenders(Set::Csp).len(), 20);
        assert_eq!(contenders(Set::Course).len(), 28);
        let rows = course(Set::Course, &[6, 8], 3, &quiet(10)).unwrap();
        assert_eq!(rows.len(), 56);
        // Every CSP combination is complete: it solves 8 queens in one deterministic run
        // (three with random ties).
        for r in rows.iter().filter(|r| r.algorithm == "csp") {
            assert_eq!(r.summary.trials, if r.deterministic { 1 } else { 3 });
            assert_eq!(r.summary.success_rate, 1.0, "{}", r.label);
            assert!(
                r.mean_steps >= r.n as f64,
                "{}: a queen per column at least",
                r.label
            );
        }
        // Min-conflicts and annealing solve 8 queens from every seed.
        for label in ["min-conflicts", "annealing"] {
            let r = rows.iter().find(|r| r.label == label && r.n == 8).unwrap();
            assert_eq!(
                (r.summary.trials, r.summary.success_rate),
                (3, 1.0),
                "{label}"
            );
        }
        assert!(course(Set::Csp, &[6000], 1, &quiet(1)).is_err());
    }

    #[test]
    fn the_table_has_every_algorithm_at_every_n_next_to_the_document() {
        let rows = table(&[5, 6], 3, crate::puzzle::queens::Heuristic::H2, &quiet(10)).unwrap();
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
