//! The knight experiments of the Cultural Algorithm guide and the Knight's Tour solver
//! report:
//!
//! - [`levels`]: the Cultural Algorithm guide's "Performance Comparison" (levels 0–4 on one
//!   board).
//! - [`sizes`]: the Cultural Algorithm guide's board-size scaling for one algorithm.
//! - [`squares_ga`]: the Knight's Tour solver report's per-square GA table (average
//!   generations to the first tour, distinct tours, hit ratio).
//! - [`squares_count`]: the Knight's Tour solver report's tours and recursive calls per
//!   start square in a fixed time.
//!
//! Solves go through the run layer, so every answer is validated by `puzzle/`; the GA
//! experiment validates every distinct tour it counts.

use super::{Progress, Setup, Summary};
use crate::puzzle::knight::{Board, Square};
use crate::run::JobError;
use crate::run::PuzzleJob;
use crate::run::catalog::{Params, knight_algorithm};
use crate::run::knight::move_ga_config;
use crate::run::{Algorithm, KnightAlgo, KnightJob, KnightReport, KnightTask};
use crate::solve::knight::evolve::move_ga;
use crate::solve::knight::{Problem, count};
use crate::solve::{Budget, Control, NoObserver, rng_from_seed};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::HashSet;

/// The Cultural Algorithm guide's level of each algorithm in the levels table.
pub const LEVELS: [(&str, u8); 5] = [
    ("random-walk", 0),
    ("level1", 1),
    ("level2", 2),
    ("level3", 3),
    ("level4", 4),
];

/// One row of the levels or sizes table: one algorithm's trials on one board, from one
/// start square.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct TrialsRow {
    /// The algorithm's id, e.g. `level3`.
    pub algorithm: String,
    /// The board as `COLSxROWS`, e.g. `8x8`.
    pub board: String,
    /// Success and timing over the trials.
    #[serde(flatten)]
    pub summary: Summary,
    /// The highest and lowest success rate over whole batches of 10 trials (the Cultural
    /// Algorithm guide's "best case" and "worst case"); `None` with fewer than 10 trials.
    /// Trials past the last whole batch are left out.
    pub best_batch_rate: Option<f64>,
    /// The lowest success rate over whole batches of 10 trials (see `best_batch_rate`).
    pub worst_batch_rate: Option<f64>,
    /// Mean generations of the successful trials (evolutionary algorithms); `None` when no
    /// trial succeeded.
    pub mean_generations: Option<f64>,
}

/// Runs `trials` seeded solves of `algorithm` on `cols × rows` from `start`.
fn trials(
    setup: &Setup,
    algorithm: &str,
    (cols, rows): (u64, u64),
    start: (u32, u32),
    trials: u64,
    progress: &Progress,
) -> Result<TrialsRow, JobError> {
    let kind = crate::run::KnightAlgo::parse(algorithm)?;
    let algo = kind.info();
    // Only the parameters this algorithm has.
    let params: Vec<(String, String)> = setup
        .params
        .iter()
        .filter(|(k, _)| algo.params.iter().any(|p| p.name == k))
        .cloned()
        .collect();
    Params::new(algo, &params)?;
    let results = super::run_trials(trials, &setup.cancel, progress, |i| {
        let job = KnightJob {
            cols,
            rows,
            start: Some(start),
            closed: false,
            seed: setup.seed + i,
            budget: Budget::unlimited().with_time(setup.time_limit),
            task: KnightTask::Solve {
                algorithm: kind,
                params: params.clone(),
                fallback: false,
            },
        };
        match job.run(&setup.cancel, &mut NoObserver) {
            Ok(KnightReport::Solve(r)) => {
                Ok((r.stop != crate::solve::Stop::Cancelled).then_some((
                    r.found,
                    r.elapsed_ms,
                    r.counters.generations,
                    r.counters.nodes,
                )))
            }
            Ok(_) => Err(JobError::Input(format!("{algorithm} is not a solver"))),
            Err(e) => Err(e),
        }
    })?;
    let pairs: Vec<(bool, f64)> = results.iter().map(|r| (r.0, r.1)).collect();
    let batches: Vec<f64> = pairs
        .chunks_exact(10)
        .map(|c| c.iter().filter(|t| t.0).count() as f64 / c.len() as f64)
        .collect();
    let found: Vec<u64> = results.iter().filter(|r| r.0).map(|r| r.2).collect();
    Ok(TrialsRow {
        algorithm: algorithm.to_string(),
        board: format!("{cols}x{rows}"),
        summary: Summary::of_planned(&pairs, trials).with_steps(
            &(results.iter())
                .map(|r| (r.0, r.3 as f64))
                .collect::<Vec<_>>(),
        ),
        best_batch_rate: batches.iter().copied().reduce(f64::max),
        worst_batch_rate: batches.iter().copied().reduce(f64::min),
        mean_generations: (!found.is_empty())
            .then(|| found.iter().sum::<u64>() as f64 / found.len() as f64),
    })
}

/// Refuses a parameter none of `algorithms` has (a typo would otherwise change nothing).
fn check_params(setup: &Setup, algorithms: &[&str]) -> Result<(), JobError> {
    check_params_of(&setup.params, algorithms)
}

/// Checks `params` (`(name, value)` pairs) for an experiment that runs `algorithms`, before
/// anything runs: each must be a parameter of at least one of them, with a value every one
/// that has it takes.
pub fn check_params_of(params: &[(String, String)], algorithms: &[&str]) -> Result<(), JobError> {
    let infos: Vec<_> = (algorithms.iter())
        .map(|id| knight_algorithm(id))
        .collect::<Result<_, _>>()?;
    for (name, value) in params {
        let having: Vec<_> = (infos.iter())
            .filter(|a| a.params.iter().any(|p| p.name == name))
            .collect();
        if having.is_empty() {
            let mut valid: Vec<&str> = (infos.iter())
                .flat_map(|a| a.params.iter().map(|p| p.name))
                .collect();
            valid.sort_unstable();
            valid.dedup();
            return Err(JobError::Input(format!(
                "unknown parameter {name:?} for {}; valid parameters: {}",
                algorithms.join(", "),
                valid.join(", ")
            )));
        }
        for a in having {
            Params::new(a, &[(name.clone(), value.clone())])?;
        }
    }
    Ok(())
}

/// The Cultural Algorithm guide's performance comparison: each level, `n` trials on one
/// board.
pub fn levels(
    setup: &Setup,
    board: (u64, u64),
    start: (u32, u32),
    n: u64,
) -> Result<Vec<TrialsRow>, JobError> {
    let ids: Vec<&str> = LEVELS.iter().map(|l| l.0).collect();
    check_params(setup, &ids)?;
    let progress = Progress::new(
        n * setup.part.share(LEVELS.len() as u64),
        setup.meter.clone(),
    );
    let mine: Vec<&str> = (LEVELS.iter().enumerate())
        .filter(|(row, _)| setup.part.owns_index(*row))
        .map(|(_, (id, _))| *id)
        .collect();
    super::rows_at_once(mine, |id| trials(setup, id, board, start, n, &progress))
}

/// The Cultural Algorithm guide's board-size scaling: one algorithm on `s × s` for each
/// size.
pub fn sizes(
    setup: &Setup,
    algorithm: KnightAlgo,
    sizes: &[u64],
    n: u64,
) -> Result<Vec<TrialsRow>, JobError> {
    let algorithm = algorithm.id();
    check_params(setup, &[algorithm])?;
    let progress = Progress::new(
        n * setup.part.share(sizes.len() as u64),
        setup.meter.clone(),
    );
    let mine: Vec<u64> = (sizes.iter().enumerate())
        .filter(|(row, _)| setup.part.owns_index(*row))
        .map(|(_, &s)| s)
        .collect();
    super::rows_at_once(mine, |s| {
        trials(setup, algorithm, (s, s), (0, 0), n, &progress)
    })
}

/// One start square of the Knight's Tour solver report's GA table.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct SquareRow {
    /// The start square, `[row, column]` from 0.
    pub start: [u32; 2],
    /// The runs finished; runs stopped by Stop or Ctrl-C are left out of every figure.
    pub runs: u64,
    /// Runs that found at least one tour.
    pub successes: u64,
    /// Mean over those runs of the generation of their first tour (0 when none did).
    pub mean_generations_to_first: f64,
    /// Distinct tours found over all runs from this square.
    pub tours: u64,
    /// Chromosomes evaluated over all the runs from this square.
    pub evaluations: u64,
    /// The mean time of a run in milliseconds.
    pub mean_ms: f64,
}

/// The Knight's Tour solver report's GA table: a row for each start square and the
/// totals over the board.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct SquaresTable {
    /// The algorithm's id: `ga-repair` or `ga-heuristic`.
    pub algorithm: String,
    /// The board as `COLSxROWS`, e.g. `5x5`.
    pub board: String,
    /// A row for each start square, in square order (row by row).
    pub rows: Vec<SquareRow>,
    /// The distinct tours of all the rows added up (each counted from its own square).
    pub tours: u64,
    /// Chromosomes evaluated over the whole table.
    pub evaluations: u64,
    /// Tours found per chromosome evaluated.
    pub hit_ratio: f64,
    /// The wall-clock time of the whole table in milliseconds.
    pub elapsed_ms: f64,
}

/// The Knight's Tour solver report's per-square experiment: `runs` GA runs from every
/// square, every generation run (no early stop), distinct tours counted.
pub fn squares_ga(
    setup: &Setup,
    kind: KnightAlgo,
    board: (u64, u64),
    runs: u64,
) -> Result<SquaresTable, JobError> {
    let (algo, algorithm) = (kind.info(), kind.id());
    if !matches!(kind, KnightAlgo::GaRepair | KnightAlgo::GaHeuristic) {
        return Err(JobError::Input(format!(
            "bench squares takes --algo ga-repair, ga-heuristic or count, not {algorithm}"
        )));
    }
    crate::run::knight::check_all_starts(board.0, board.1)?;
    let params = Params::new(algo, &setup.params)?;
    let config = move_ga::Config {
        stop_at_first: false,
        ..move_ga_config(kind, &params)?
    };
    let b = Board::new(board.0, board.1)?;
    let n = b.len() as u64;
    let progress = Progress::new(setup.part.share(n) * runs, setup.meter.clone());
    let started = crate::platform::time::Instant::now();
    let squares: Vec<Square> = (0..n as Square).filter(|&sq| setup.part.owns(sq)).collect();
    let results: Vec<Result<SquareRow, JobError>> = squares
        .into_par_iter()
        .map(|sq| {
            let problem = Problem {
                board: &b,
                start: sq,
                closed: false,
            };
            // The square's runs on the pool too, so that the last squares' runs spread
            // over the cores. A run stopped by Stop or Ctrl-C is not counted (`runs` says
            // how many were); once stopped, no run starts (a million planned runs end at
            // once).
            let runs_done = (0..runs)
                .into_par_iter()
                .map(|r| {
                    // `while_some` ends every worker's share at the first run that finds
                    // the flag set.
                    if setup.cancel.load(std::sync::atomic::Ordering::Relaxed) {
                        return None;
                    }
                    let t = crate::platform::time::Instant::now();
                    let mut obs = NoObserver;
                    let budget = Budget::unlimited().with_time(setup.time_limit);
                    let mut ctl = Control::new(budget, &setup.cancel, &mut obs);
                    let mut rng = rng_from_seed(setup.seed + u64::from(sq) * runs + r);
                    let out = move_ga::solve(&problem, &config, &mut rng, &mut ctl);
                    progress.tick();
                    if out.answer.stop == crate::solve::Stop::Cancelled {
                        return None;
                    }
                    Some(Runs {
                        done: 1,
                        ms: t.elapsed().as_secs_f64() * 1e3,
                        evaluations: out.evaluations,
                        firsts: out.first_tour.into_iter().collect(),
                        tours: out.tours,
                    })
                })
                .while_some()
                .reduce(Runs::default, Runs::join);
            let Runs {
                done,
                ms,
                evaluations,
                firsts,
                tours,
            } = runs_done;
            for t in &tours {
                let path = move_ga::path_of(&problem, t, b.len() - 1);
                b.validate_tour(&path, false).map_err(|e| {
                    JobError::Invalid(format!("{algorithm} counted a tour that is not one: {e}"))
                })?;
            }
            Ok(SquareRow {
                start: {
                    let (r, c) = b.row_col(sq);
                    [r, c]
                },
                runs: done,
                successes: firsts.len() as u64,
                mean_generations_to_first: if firsts.is_empty() {
                    0.0
                } else {
                    firsts.iter().sum::<u64>() as f64 / firsts.len() as f64
                },
                tours: tours.len() as u64,
                evaluations,
                mean_ms: ms / done.max(1) as f64,
            })
        })
        .collect();
    let rows = results.into_iter().collect::<Result<Vec<_>, _>>()?;
    let elapsed_ms = started.elapsed().as_secs_f64() * 1e3;
    let board = format!("{}x{}", board.0, board.1);
    Ok(SquaresTable::of(
        algorithm.to_string(),
        board,
        rows,
        elapsed_ms,
    ))
}

/// What some runs from one square found, joined as the runs finish.
#[derive(Default)]
struct Runs {
    done: u64,
    ms: f64,
    evaluations: u64,
    /// The generation of each run's first tour (runs that found one).
    firsts: Vec<u64>,
    tours: HashSet<Vec<u8>>,
}

impl Runs {
    fn join(mut self, mut other: Runs) -> Runs {
        self.done += other.done;
        self.ms += other.ms;
        self.evaluations += other.evaluations;
        self.firsts.append(&mut other.firsts);
        // The larger set takes in the smaller.
        if self.tours.len() < other.tours.len() {
            std::mem::swap(&mut self.tours, &mut other.tours);
        }
        self.tours.extend(other.tours);
        self
    }
}

impl SquaresTable {
    /// The table of `rows` (a sweep's on `board`, `COLSxROWS`) and their totals,
    /// `elapsed_ms` after it started.
    pub fn of(algorithm: String, board: String, rows: Vec<SquareRow>, elapsed_ms: f64) -> Self {
        let tours = rows.iter().map(|r| r.tours).sum();
        let evaluations = rows.iter().map(|r| r.evaluations).sum();
        SquaresTable {
            algorithm,
            board,
            rows,
            tours,
            evaluations,
            hit_ratio: if evaluations == 0 {
                0.0
            } else {
                tours as f64 / evaluations as f64
            },
            elapsed_ms,
        }
    }
}

/// One start square of the count sweep. A square the sweep was stopped before finishing
/// (Stop, Ctrl-C) has no figures: `None`, blank in the CSV and `null` in JSON, never a
/// partial count shown as a result. A square that used its whole time limit has the count
/// the report measures, the tours found in that time (`complete` false: a lower bound).
/// A square counted through its orbit's representative has no time of its own, and no
/// figures when that count used its whole time limit.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct CountRow {
    /// The start square, `[row, column]` from 0.
    pub start: [u32; 2],
    /// Tours found from this square (directed: a tour and its reverse count apart).
    pub tours: Option<u64>,
    /// Squares entered (the report's recursive calls).
    pub calls: Option<u64>,
    /// Whether every tour from this square was counted.
    pub complete: bool,
    /// Why the count stopped (`Exhausted` when complete, `Cancelled` when stopped).
    pub stop: crate::solve::Stop,
    /// The square's counting time in milliseconds.
    pub elapsed_ms: Option<f64>,
}

/// The Knight's Tour solver report's heat maps: every tour and recursive call from each
/// square within `setup.time_limit` per square. One square per orbit of the board's
/// symmetries is counted ([`crate::puzzle::knight::orbits`]); its images have as many
/// tours and, when the count is complete, as many calls (a whole search tree does not
/// depend on the order of the moves), but no time of their own. A part owns the squares
/// whose orbit's representative it owns.
pub fn squares_count(setup: &Setup, board: (u64, u64)) -> Result<Vec<CountRow>, JobError> {
    crate::run::knight::check_all_starts(board.0, board.1)?;
    let b = Board::new(board.0, board.1)?;
    let reps = crate::puzzle::knight::orbits::representatives(&b.shape());
    let counted: Vec<Square> = (0..b.len() as Square)
        .filter(|&sq| reps[sq as usize] == sq && setup.part.owns(sq))
        .collect();
    let progress = Progress::new(counted.len() as u64, setup.meter.clone());
    let by_rep: Vec<(Square, CountRow)> = counted
        .into_par_iter()
        .map(|sq| {
            let (r, col) = b.row_col(sq);
            if setup.cancel.load(std::sync::atomic::Ordering::Relaxed) {
                progress.tick();
                return (
                    sq,
                    CountRow {
                        start: [r, col],
                        tours: None,
                        calls: None,
                        complete: false,
                        stop: crate::solve::Stop::Cancelled,
                        elapsed_ms: None,
                    },
                );
            }
            let t = crate::platform::time::Instant::now();
            let mut obs = NoObserver;
            let budget = Budget::unlimited().with_time(setup.time_limit);
            let mut ctl = Control::new(budget, &setup.cancel, &mut obs);
            let c = count::count(
                &Problem {
                    board: &b,
                    start: sq,
                    closed: false,
                },
                &mut ctl,
            );
            progress.tick();
            let stopped = c.stop == crate::solve::Stop::Cancelled;
            let row = CountRow {
                start: [r, col],
                tours: (!stopped).then_some(c.tours),
                calls: (!stopped).then_some(c.calls),
                complete: c.complete,
                stop: c.stop,
                elapsed_ms: (!stopped).then(|| t.elapsed().as_secs_f64() * 1e3),
            };
            (sq, row)
        })
        .collect();
    let rep_row = |rep: Square| by_rep.iter().find(|(s, _)| *s == rep).map(|(_, row)| row);
    let rows = (0..b.len() as Square)
        .filter(|&sq| setup.part.owns(reps[sq as usize]))
        .filter_map(|sq| {
            let (r, col) = b.row_col(sq);
            let from = rep_row(reps[sq as usize])?;
            let row = if reps[sq as usize] == sq {
                from.clone()
            } else {
                // An image: the same figures when its representative's count is complete,
                // none when it was cut short (its own count would have stopped elsewhere).
                CountRow {
                    start: [r, col],
                    tours: from.tours.filter(|_| from.complete),
                    calls: from.calls.filter(|_| from.complete),
                    complete: from.complete,
                    stop: from.stop,
                    elapsed_ms: None,
                }
            };
            Some(row)
        })
        .collect();
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn setup() -> Setup {
        Setup {
            seed: 0,
            time_limit: Duration::from_secs(10),
            params: vec![],
            cancel: Default::default(),
            meter: None,
            part: crate::bench::Part::WHOLE,
        }
    }

    #[test]
    fn the_count_sweep_finds_304_tours_from_each_corner_of_5x5() {
        let rows = squares_count(&setup(), (5, 5)).unwrap();
        assert_eq!(rows.len(), 25);
        assert!(rows.iter().all(|r| r.complete));
        for corner in [[0, 0], [0, 4], [4, 0], [4, 4]] {
            assert_eq!(
                rows.iter().find(|r| r.start == corner).unwrap().tours,
                Some(304)
            );
        }
        assert_eq!(rows.iter().filter_map(|r| r.tours).sum::<u64>(), 1728);
    }

    #[test]
    fn the_ga_sweep_counts_every_evaluation_and_only_real_tours() {
        let mut s = setup();
        s.params = vec![("generations".into(), "10".into())];
        let t = squares_ga(&s, KnightAlgo::GaHeuristic, (5, 5), 2).unwrap();
        assert_eq!(t.rows.len(), 25);
        // 25 squares × 2 runs × 50 chromosomes × 10 generations.
        assert_eq!(t.evaluations, 25 * 2 * 50 * 10);
        // Odd squares of 5x5 have no tour (they are the other colour from the corners).
        for r in &t.rows {
            if (r.start[0] + r.start[1]) % 2 == 1 {
                assert_eq!(r.tours, 0);
            }
        }
        assert!(t.tours > 0);
        assert_eq!(
            t,
            squares_ga(&s, KnightAlgo::GaHeuristic, (5, 5), 2)
                .map(|mut x| {
                    x.elapsed_ms = t.elapsed_ms;
                    for (a, b) in x.rows.iter_mut().zip(&t.rows) {
                        a.mean_ms = b.mean_ms;
                    }
                    x
                })
                .unwrap()
        );
    }

    #[test]
    fn levels_rows_cover_levels_0_to_4() {
        let rows = levels(&setup(), (5, 5), (0, 0), 4).unwrap();
        let ids: Vec<&str> = rows.iter().map(|r| r.algorithm.as_str()).collect();
        assert_eq!(ids, ["random-walk", "level1", "level2", "level3", "level4"]);
        assert!(rows.iter().all(|r| r.summary.trials == 4));
        let mut s = setup();
        s.params = vec![("repiar".into(), "fewest-onward".into())];
        let e = levels(&s, (5, 5), (0, 0), 1).unwrap_err().to_string();
        assert!(
            e.contains("unknown parameter \"repiar\"") && e.contains("repair"),
            "{e}"
        );
    }
}
