//! An experiment as background work: whole on the desktop, its rows shared out among a
//! browser's workers (every k-th row to a part), each part's rows sent back with it.

use super::ExperimentSettings;
use super::outcome::{Outcome, run};
use crate::app::background::{AsRon, Task, Work};
use crate::bench::Part;
use serde::{Deserialize, Serialize};

/// An experiment, or a part of its rows, as background work: its settings go as RON, and
/// its outcome comes back as RON (a row's figures may be NaN, which JSON cannot hold)
/// with the part it is of.
#[derive(Serialize, Deserialize)]
pub struct ExperimentTask {
    pub(super) settings: AsRon<ExperimentSettings>,
    pub(super) part: Part,
}

impl ExperimentTask {
    /// The whole experiment `settings` describe.
    pub fn new(settings: ExperimentSettings) -> ExperimentTask {
        ExperimentTask {
            settings: AsRon(settings),
            part: Part::WHOLE,
        }
    }
}

/// A part's outcome, with the part it is of.
pub(super) type PartOutcome = (Part, AsRon<Result<Outcome, String>>);

/// The parts of an experiment that have come back, each with its outcome.
pub(super) type Parts = Vec<(Part, Result<Outcome, String>)>;

impl Task for ExperimentTask {
    type Output = PartOutcome;
    const NAME: &'static str = "experiment";

    fn run(self, send: &(dyn Fn(Self::Output) + Sync), work: &Work) {
        let s = &self.settings.0;
        let outcome = run(s, self.part, work.meter.clone(), work.cancel.clone());
        send((self.part, AsRon(outcome.map_err(|e| e.to_string()))));
    }

    /// Every `parts`-th row to a part (a row's trials stay together, so a row's figures
    /// are those of the whole experiment's).
    fn split(self, parts: usize) -> Vec<Self> {
        let rows = self.settings.0.rows_in_all();
        let of = parts.clamp(1, rows.clamp(1, crate::run::split::MAX_PARTS as usize));
        (0..of as u32)
            .map(|index| ExperimentTask {
                settings: AsRon(self.settings.0.clone()),
                part: Part {
                    index,
                    of: of as u32,
                },
            })
            .collect()
    }
}
