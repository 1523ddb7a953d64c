//! An N-Queens instance for the shared views: n up to 400.

use super::{PuzzleUi, PuzzleUiDef};
use crate::app::error::AppError;
use crate::app::widgets::number::{hold_note, whole_number};
use crate::app::widgets::plots::CurveNote;
use crate::app::widgets::queens_board::{Attacks, QueensBoardView, queens_board, queens_legend};
use crate::run::catalog::{AlgorithmInfo, QUEENS_ALGORITHMS};
use crate::run::{Algorithm, Job, QueensAlgo, QueensJob, QueensTask};
use crate::solve::{Budget, Counters, GenerationStats};
use egui::Ui;
use serde::{Deserialize, Serialize};

/// The largest n the shared views take.
pub const MAX_N: u64 = 400;

/// An N-Queens instance as Compare takes it; saved between sessions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct QueensInstance {
    /// The number of queens and the board's side, from 1 to [`MAX_N`].
    pub n: u64,
}

impl Default for QueensInstance {
    fn default() -> Self {
        QueensInstance { n: 8 }
    }
}

/// The Queens puzzle's part of the shared views.
pub struct QueensUi;

/// The Queens puzzle's part of the shared views, for the registry.
pub const UI: QueensUi = QueensUi;

impl PuzzleUiDef for QueensUi {
    fn id(&self) -> crate::run::PuzzleId {
        crate::run::queens::PUZZLE
    }

    fn instance(&self) -> Box<dyn PuzzleUi> {
        Box::new(QueensInstance::default())
    }

    fn read_instance(
        &self,
        saved: &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<Box<dyn PuzzleUi>, erased_serde::Error> {
        super::read_as::<QueensInstance>(saved)
    }

    fn pair(&self) -> Option<Box<dyn crate::app::compare::contrast::ContrastUi>> {
        Some(Box::new(crate::app::compare::contrast::Contrast::<
            crate::run::trace::QueensTraceJob,
        >::default()))
    }
}

impl PuzzleUi for QueensInstance {
    super::instance_identity!(crate::run::queens::PUZZLE);

    /// The fields of the shape Compare's form was saved in before it kept an instance per
    /// puzzle.
    fn old_keys(&self) -> &'static [&'static str] {
        &["n"]
    }

    fn read_old(
        &mut self,
        key: &str,
        saved: &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<(), erased_serde::Error> {
        let _ = key;
        erased_serde::deserialize(saved).map(|n| self.n = n)
    }

    fn algorithms(&self) -> &'static [AlgorithmInfo] {
        QUEENS_ALGORITHMS
    }

    fn default_choice(&self) -> &'static [&'static str] {
        &["backtracking", "hill-climbing"]
    }

    fn form(&mut self, ui: &mut Ui) -> Result<(), AppError> {
        let field = ui
            .horizontal(|ui| whole_number(ui, "Queens (n)", &mut self.n, 1..=MAX_N))
            .inner;
        if let Err(h) = &field {
            hold_note(ui, h);
        }
        field
    }

    fn check(&self) -> Result<(), AppError> {
        if (1..=MAX_N).contains(&self.n) {
            Ok(())
        } else {
            Err(
                format!("n must be from 1 to {MAX_N} here (the N-Queens view takes millions)")
                    .into(),
            )
        }
    }

    fn job(
        &self,
        algorithm: &str,
        params: &[(String, String)],
        seed: u64,
        budget: Budget,
    ) -> Result<Job, crate::run::JobError> {
        Ok(Job::from(QueensJob {
            n: self.n,
            seed,
            budget,
            threads: Some(1),
            task: QueensTask::Solve {
                algorithm: crate::run::QueensAlgo::parse(algorithm)?,
                params: params.to_vec(),
            },
        }))
    }

    fn instance_name(&self) -> String {
        format!("queens-{}", self.n)
    }

    fn draw(&self, ui: &mut Ui, answer: &[u32], shown: usize, key: u64) -> Option<(u32, u32)> {
        let rows = &answer[..shown.min(answer.len())];
        let attacks = Attacks::of(self.n as usize, rows);
        queens_board(
            ui,
            &QueensBoardView {
                n: self.n as usize,
                rows,
                attacks: &attacks,
                show_lines: true,
                version: key,
                legend: false,
                focus: None,
                play: false,
                clickable: false,
                landscape: None,
                domains: None,
                scores_twice: false,
            },
        );
        None
    }

    fn progress_axis(&self) -> &'static str {
        "queens placed / step"
    }

    fn legend(&self, ui: &mut Ui) {
        queens_legend(ui, true, true, None);
    }

    fn curve_note(
        &self,
        algorithm: &str,
        points: &[GenerationStats],
        counters: &Counters,
    ) -> Option<CurveNote> {
        curve_note(algorithm, points, counters)
    }
}

/// What an N-Queens curve of `algorithm` does that needs words: hill climbing's jumps up.
pub fn curve_note(
    algorithm: &str,
    points: &[GenerationStats],
    counters: &Counters,
) -> Option<CurveNote> {
    let kind = QueensAlgo::of(algorithm)?;
    if kind == QueensAlgo::Beam {
        let rises = points.windows(2).filter(|w| w[1].best > w[0].best).count();
        return (rises > 0).then(|| CurveNote {
            short: format!(
                "The beam's best rose {rises} times: no successor was better, and the beam moves on anyway."
            ),
            detail: "Local beam search replaces its k placements by k of their successors every round. When every successor is worse than the members (the beam sits in local minima), it still moves, uphill, and the best curve rises; the best placement seen is kept as the answer.",
        });
    }
    if kind != QueensAlgo::HillClimbing {
        return None;
    }
    // A thinned history may miss a jump; the counter does not.
    let jumps = points.windows(2).filter(|w| w[1].best > w[0].best).count() as u64;
    let restarts = counters.attempts.max(jumps);
    (restarts > 0).then(|| CurveNote {
        short: format!(
            "Each jump up is a restart ({restarts} so far): at a local minimum hill climbing begins again from a new random placement."
        ),
        detail: "Steepest descent moves one queen at a time while that lowers the conflicts. When no single move does (a local minimum), hill climbing restarts from a new random placement, whose conflicts are many again; the curve jumps up and falls from there. max_restarts limits how often.",
    })
}
