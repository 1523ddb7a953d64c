//! What an experiment produces: running it (on the background thread; its trials in
//! parallel), its outcome, and the outcome as CSV with the columns of `--json`'s rows.

use super::{Experiment, ExperimentSettings};
use crate::bench::Meter;
use crate::bench::knight::{CountRow, SquaresTable, TrialsRow};
use crate::bench::magic::MagicRow;
use crate::bench::queens::{CourseRow, QueensRow};
use crate::bench::{Part, Setup, interleave, rows_csv};
use crate::run::JobError;
use serde::Serialize;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// An experiment's result.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub enum Outcome {
    /// The Cultural Algorithm guide's levels table: a row per level.
    Levels(Vec<TrialsRow>),
    /// Board-size scaling: a row per board side, in the order given.
    Sizes(Vec<TrialsRow>),
    /// The GA from every start square: a row per square, and the totals.
    SquaresGa(SquaresTable),
    /// Every tour from every start square, counted within the time limit of each square.
    SquaresCount {
        /// The board's side: the sweep ran on `side` × `side`.
        side: u64,
        /// A row per start square, row by row.
        rows: Vec<CountRow>,
    },
    /// The N-Queens AI report's table: a row per n and algorithm.
    QueensTable(Vec<QueensRow>),
    /// Local searches and CSP backtracking compared: a row per n and contender.
    QueensCourse(Vec<CourseRow>),
    /// The magic-square GA notebook's GA: a row per variant.
    MagicVariants(Vec<MagicRow>),
}

impl Outcome {
    /// The table as CSV: one row per table row, the columns of `--json`'s rows.
    pub fn csv(&self) -> String {
        match self {
            Outcome::Levels(rows) | Outcome::Sizes(rows) => rows_csv(rows),
            Outcome::SquaresGa(t) => rows_csv(&t.rows),
            Outcome::SquaresCount { rows, .. } => rows_csv(rows),
            Outcome::QueensTable(rows) => rows_csv(rows),
            Outcome::QueensCourse(rows) => rows_csv(rows),
            Outcome::MagicVariants(rows) => rows_csv(rows),
        }
    }
}

/// Runs the experiment `s` names, or `part` of its rows (on this thread; trials in
/// parallel with rayon).
pub(super) fn run(
    s: &ExperimentSettings,
    part: Part,
    meter: Arc<Meter>,
    cancel: Arc<AtomicBool>,
) -> Result<Outcome, JobError> {
    let time_limit = Duration::from_secs_f32(s.time_limit_s.max(0.001));
    let setup = Setup {
        seed: s.seed,
        time_limit,
        params: s.params.0.clone(),
        cancel,
        meter: Some(meter),
        part,
    };
    Ok(match s.experiment {
        Experiment::Levels => Outcome::Levels(crate::bench::knight::levels(
            &setup,
            (s.side, s.side),
            (0, 0),
            s.trials,
        )?),
        Experiment::Sizes => Outcome::Sizes(crate::bench::knight::sizes(
            &setup,
            s.algorithm,
            &s.sizes.0,
            s.trials,
        )?),
        Experiment::SquaresGa => Outcome::SquaresGa(crate::bench::knight::squares_ga(
            &setup,
            s.squares_algorithm,
            (s.side, s.side),
            s.runs,
        )?),
        Experiment::SquaresCount => Outcome::SquaresCount {
            side: s.side,
            rows: crate::bench::knight::squares_count(&setup, (s.side, s.side))?,
        },
        Experiment::QueensTable => Outcome::QueensTable(crate::bench::queens::table(
            &s.queens_n.0,
            s.trials,
            s.heuristic,
            &setup,
        )?),
        Experiment::QueensCourse => Outcome::QueensCourse(crate::bench::queens::course(
            s.course_set,
            &s.course_n.0,
            s.trials,
            &setup,
        )?),
        Experiment::MagicVariants => {
            Outcome::MagicVariants(crate::bench::magic::table(s.order, s.trials, &setup)?)
        }
    })
}

/// The rows of each part, as `pick` takes them out of its outcome, interleaved.
fn rows<T: Clone>(
    outcomes: &[Outcome],
    total: usize,
    pick: impl Fn(&Outcome) -> Option<&Vec<T>>,
) -> Result<Vec<T>, String> {
    let parts = (outcomes.iter().map(|o| pick(o).cloned()))
        .collect::<Option<Vec<_>>>()
        .ok_or("the experiment's parts came back as different tables")?;
    interleave(parts, total)
}

/// The rows of `parts` (every part of one experiment, each made by [`run`] with its
/// [`Part`]) joined into the whole table of `rows_in_all` rows; the first failure of a
/// part, or why the parts do not make the table.
pub(super) fn join(mut parts: super::Parts, rows_in_all: usize) -> Result<Outcome, String> {
    parts.sort_by_key(|p| p.0.index);
    let of = parts.first().map_or(0, |p| p.0.of);
    if of == 0
        || parts.len() != of as usize
        || (parts.iter().enumerate()).any(|(i, p)| {
            p.0 != Part {
                index: i as u32,
                of,
            }
        })
    {
        return Err(format!(
            "the experiment's parts did not all come back ({} of {of})",
            parts.len()
        ));
    }
    let outcomes = (parts.into_iter().map(|p| p.1)).collect::<Result<Vec<_>, String>>()?;
    let n = rows_in_all;
    // A table that is a list of rows: the parts' lists interleaved.
    macro_rules! rows_of {
        ($variant:ident) => {
            Outcome::$variant(rows(&outcomes, n, |o| match o {
                Outcome::$variant(r) => Some(r),
                _ => None,
            })?)
        };
    }
    let first = outcomes
        .first()
        .ok_or("no part of the experiment came back")?;
    Ok(match first {
        Outcome::Levels(_) => rows_of!(Levels),
        Outcome::Sizes(_) => rows_of!(Sizes),
        Outcome::QueensTable(_) => rows_of!(QueensTable),
        Outcome::QueensCourse(_) => rows_of!(QueensCourse),
        Outcome::MagicVariants(_) => rows_of!(MagicVariants),
        Outcome::SquaresGa(first) => {
            fn tables(o: &Outcome) -> Option<&SquaresTable> {
                match o {
                    Outcome::SquaresGa(t) => Some(t),
                    _ => None,
                }
            }
            let all = rows(&outcomes, n, |o| tables(o).map(|t| &t.rows))?;
            // The parts ran side by side: the sweep took as long as the longest.
            let elapsed = (outcomes.iter().filter_map(tables)).map(|t| t.elapsed_ms);
            let (algorithm, board) = (first.algorithm.clone(), first.board.clone());
            Outcome::SquaresGa(SquaresTable::of(
                algorithm,
                board,
                all,
                elapsed.fold(0.0, f64::max),
            ))
        }
        // A part owns the squares of the orbits it counts (not every k-th square): the
        // rows go back in the board's order by their squares.
        Outcome::SquaresCount { side, .. } => {
            let mut all = Vec::with_capacity(n);
            for o in &outcomes {
                let Outcome::SquaresCount { rows, .. } = o else {
                    return Err("the experiment's parts came back as different tables".into());
                };
                all.extend(rows.iter().cloned());
            }
            all.sort_by_key(|r| r.start);
            let side = *side;
            let whole = all.len() == n
                && (all.iter().enumerate())
                    .all(|(i, r)| u64::from(r.start[0]) * side + u64::from(r.start[1]) == i as u64);
            if !whole {
                return Err(format!(
                    "the experiment's parts gave {} squares, not the board's {n}",
                    all.len()
                ));
            }
            Outcome::SquaresCount { side, rows: all }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::super::{AsRon, ExperimentTask};
    use super::*;
    use crate::app::background::Background;
    use crate::app::background::Task;
    use crate::app::background::tests::finished;

    /// An experiment handed over as the browser hands it (split into a part per core, its
    /// settings as bytes, found by name, each part's rows written back and joined) gives
    /// the table run here gives: the N-Queens report's four algorithms on 5 and 8 queens,
    /// each solving every trial (as the puzzle module checks), and the same figures but
    /// for the times.
    #[test]
    fn an_experiment_handed_over_gives_the_same_table() {
        let settings = ExperimentSettings {
            experiment: Experiment::QueensTable,
            trials: 3,
            queens_n: crate::app::experiments::Sizes(vec![5, 8]),
            ..ExperimentSettings::default()
        };
        let here = run(&settings, Part::WHOLE, Arc::default(), Arc::default()).unwrap();
        let ctx = egui::Context::default();
        let rows = settings.rows_in_all();
        let got = finished(&Background::handed(&ctx, ExperimentTask::new(settings)));
        let parts = got.into_iter().map(|(p, AsRon(o))| (p, o)).collect();
        let Ok(Outcome::QueensTable(there)) = &join(parts, rows) else {
            panic!("a table");
        };
        let Outcome::QueensTable(here) = here else {
            panic!()
        };
        let figures = |rows: &[QueensRow]| {
            (rows.iter())
                .map(|r| {
                    (
                        r.algorithm.clone(),
                        r.n,
                        r.summary.trials,
                        r.summary.successes,
                    )
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(figures(there), figures(&here));
        assert_eq!(here.len(), 8);
        assert!(here.iter().all(|r| r.summary.successes == 3), "{here:?}");
    }

    /// Split into 1 to 5 parts, a sweep counts the tours of 5 × 5 from every square as the
    /// whole does: 304 from each corner and 1,728 in all (OEIS A165134 gives 1,728 directed
    /// open tours), each square's row in its place; a level table's rows keep the levels'
    /// order; the GA sweep's seeded runs find what the whole sweep's find. A part missing,
    /// or a part's failure, is said.
    #[test]
    fn an_experiment_split_into_parts_joins_into_the_whole_table() {
        let sweep = ExperimentSettings {
            experiment: Experiment::SquaresCount,
            side: 5,
            ..ExperimentSettings::default()
        };
        let levels = ExperimentSettings {
            experiment: Experiment::Levels,
            side: 5,
            trials: 2,
            ..ExperimentSettings::default()
        };
        let ga = ExperimentSettings {
            experiment: Experiment::SquaresGa,
            side: 5,
            runs: 2,
            params: crate::app::experiments::ParamPairs(vec![("generations".into(), "10".into())]),
            ..ExperimentSettings::default()
        };
        let Ok(Outcome::SquaresGa(ga_whole)) =
            run(&ga, Part::WHOLE, Arc::default(), Arc::default())
        else {
            panic!("a GA sweep");
        };
        assert!(ga_whole.tours > 0 && ga_whole.rows.len() == 25);
        let parts = |s: &ExperimentSettings, k: usize| -> super::super::Parts {
            (ExperimentTask::new(s.clone()).split(k).into_iter())
                .map(|t| {
                    let part = t.part;
                    let o = run(&t.settings.0, part, Arc::default(), Arc::default());
                    (part, o.map_err(|e| e.to_string()))
                })
                .collect()
        };
        for k in 1..=5 {
            let Ok(Outcome::SquaresCount { rows, .. }) = join(parts(&sweep, k), 25) else {
                panic!("a sweep");
            };
            let tours = |at: [u32; 2]| rows.iter().find(|r| r.start == at).unwrap().tours;
            assert_eq!(rows.len(), 25);
            assert!((0..25).all(|i| rows[i as usize].start == [i / 5, i % 5]));
            assert!(
                [[0, 0], [0, 4], [4, 0], [4, 4]]
                    .iter()
                    .all(|&c| tours(c) == Some(304))
            );
            assert_eq!(rows.iter().filter_map(|r| r.tours).sum::<u64>(), 1728);
            let Ok(Outcome::Levels(rows)) = join(parts(&levels, k), 5) else {
                panic!("levels");
            };
            let ids: Vec<&str> = rows.iter().map(|r| r.algorithm.as_str()).collect();
            assert_eq!(ids, ["random-walk", "level1", "level2", "level3", "level4"]);
            assert!(rows.iter().all(|r| r.summary.trials == 2));
            // Each part's runs had the seeds the whole sweep gives them: the same tours, the
            // same evaluations, square by square (all but the times).
            let Ok(Outcome::SquaresGa(joined)) = join(parts(&ga, k), 25) else {
                panic!("a GA sweep");
            };
            let figures = |t: &SquaresTable| {
                let rows = t
                    .rows
                    .iter()
                    .map(|r| (r.start, r.runs, r.successes, r.tours, r.evaluations));
                (rows.collect::<Vec<_>>(), t.tours, t.evaluations)
            };
            assert_eq!(figures(&joined), figures(&ga_whole));
        }
        let mut lost = parts(&sweep, 3);
        lost.pop();
        assert!(
            join(lost, 25)
                .unwrap_err()
                .contains("did not all come back")
        );
        let mut failed = parts(&sweep, 3);
        failed[1].1 = Err("out of memory".into());
        assert_eq!(join(failed, 25).unwrap_err(), "out of memory");
    }

    /// An outcome reads back from its RON as it was, a figure that is not a number too.
    #[test]
    fn an_outcome_reads_back_from_its_text() {
        let row = MagicRow {
            algorithm: "ga".parse().unwrap(),
            variant: "plain".into(),
            order: 3,
            summary: crate::bench::Summary::of(&[(true, 1.5), (false, 2.0)]),
            median_generation: Some(f64::NAN),
            document_generation: None,
        };
        let text = ron::to_string(&Outcome::MagicVariants(vec![row.clone()])).unwrap();
        let Outcome::MagicVariants(back) = ron::from_str(&text).unwrap() else {
            panic!("{text}")
        };
        assert_eq!(back[0].summary, row.summary);
        assert!(back[0].median_generation.is_some_and(f64::is_nan), "{text}");
    }
}
