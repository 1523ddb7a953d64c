//! What an experiment produces: running it (on the background thread; its trials in
//! parallel), its outcome, and the outcome as CSV with the columns of `--json`'s rows.

use super::{Experiment, ExperimentSettings};
use crate::bench::Meter;
use crate::bench::Setup;
use crate::bench::knight::{CountRow, SquaresTable, TrialsRow};
use crate::bench::magic::MagicRow;
use crate::bench::queens::{CourseRow, QueensRow};
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
            Outcome::Levels(rows) | Outcome::Sizes(rows) => csv_of(rows),
            Outcome::SquaresGa(t) => csv_of(&t.rows),
            Outcome::SquaresCount { rows, .. } => csv_of(rows),
            Outcome::QueensTable(rows) => csv_of(rows),
            Outcome::QueensCourse(rows) => csv_of(rows),
            Outcome::MagicVariants(rows) => csv_of(rows),
        }
    }
}

/// Rows as CSV, the header from the first row's fields (as `--json` names them).
fn csv_of<T: Serialize>(rows: &[T]) -> String {
    use serde_json::Value;
    let objects: Vec<serde_json::Map<String, Value>> = rows
        .iter()
        .filter_map(|r| match serde_json::to_value(r) {
            Ok(Value::Object(m)) => Some(m),
            _ => None,
        })
        .collect();
    let Some(first) = objects.first() else {
        return String::new();
    };
    let header: Vec<&str> = first.keys().map(String::as_str).collect();
    let cell = |v: Option<&Value>| match v {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        // A list (a row's figures per start square, say) as one field, comma-separated.
        Some(Value::Array(a)) => (a.iter().map(std::string::ToString::to_string))
            .collect::<Vec<_>>()
            .join(","),
        Some(v) => v.to_string(),
    };
    let rows = objects
        .iter()
        .map(|o| header.iter().map(|h| cell(o.get(*h))).collect::<Vec<_>>());
    crate::files::csv_text(&header, rows)
}

/// Runs the experiment `s` names (on this thread; trials in parallel with rayon).
pub(super) fn run(
    s: &ExperimentSettings,
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
            &s.algorithm,
            &s.sizes.0,
            s.trials,
        )?),
        Experiment::SquaresGa => Outcome::SquaresGa(crate::bench::knight::squares_ga(
            &setup,
            &s.squares_algorithm,
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
            &s.heuristic,
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

#[cfg(test)]
mod tests {
    use super::super::{AsRon, ExperimentTask};
    use super::*;
    use crate::app::background::Background;
    use crate::app::background::tests::finished;

    /// An experiment handed over as the browser hands it (its settings as bytes, found by
    /// name, its outcome written back) gives the table run here gives: the N-Queens
    /// report's four algorithms on 5 and 8 queens, each solving every trial (as the
    /// puzzle module checks), and the same figures but for the times.
    #[test]
    fn an_experiment_handed_over_gives_the_same_table() {
        let settings = ExperimentSettings {
            experiment: Experiment::QueensTable,
            trials: 3,
            queens_n: crate::app::experiments::Sizes(vec![5, 8]),
            ..ExperimentSettings::default()
        };
        let here = run(&settings, Arc::default(), Arc::default()).unwrap();
        let ctx = egui::Context::default();
        let got = finished(&Background::handed(&ctx, ExperimentTask(AsRon(settings))));
        let [AsRon(Ok(Outcome::QueensTable(there)))] = &got[..] else {
            panic!("one table");
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

    /// An outcome reads back from its RON as it was, a figure that is not a number too.
    #[test]
    fn an_outcome_reads_back_from_its_text() {
        let row = MagicRow {
            algorithm: "ga".into(),
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
