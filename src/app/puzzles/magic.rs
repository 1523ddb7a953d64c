//! A magic-square instance for the shared views: orders up to 12.

use super::{PuzzleUi, PuzzleUiDef};
use crate::app::error::AppError;
use crate::app::widgets::magic_grid::{magic_grid, sums_legend};
use crate::app::widgets::number::{hold_note, whole_number};
use crate::run::Algorithm;
use crate::run::catalog::{AlgorithmInfo, MAGIC_ALGORITHMS};
use crate::run::{Job, MagicJob, MagicTask};
use crate::solve::Budget;
use egui::Ui;
use serde::{Deserialize, Serialize};

/// The largest order the shared views take.
pub const MAX_ORDER: u64 = 12;

/// A magic-square instance as Compare takes it; saved between sessions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MagicInstance {
    /// The square's order n (n × n cells holding 1 to n²), from 1 to [`MAX_ORDER`].
    pub order: u64,
}

impl Default for MagicInstance {
    fn default() -> Self {
        MagicInstance { order: 3 }
    }
}

/// The Magic puzzle's part of the shared views.
pub struct MagicUi;

/// The Magic puzzle's part of the shared views, for the registry.
pub const UI: MagicUi = MagicUi;

impl PuzzleUiDef for MagicUi {
    fn id(&self) -> crate::run::PuzzleId {
        crate::run::magic::PUZZLE
    }

    fn instance(&self) -> Box<dyn PuzzleUi> {
        Box::new(MagicInstance::default())
    }

    fn read_instance(
        &self,
        saved: &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<Box<dyn PuzzleUi>, erased_serde::Error> {
        super::read_as::<MagicInstance>(saved)
    }
}

impl PuzzleUi for MagicInstance {
    super::instance_identity!(crate::run::magic::PUZZLE);

    /// The fields of the shape Compare's form was saved in before it kept an instance per
    /// puzzle.
    fn old_keys(&self) -> &'static [&'static str] {
        &["order"]
    }

    fn read_old(
        &mut self,
        key: &str,
        saved: &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<(), erased_serde::Error> {
        let _ = key;
        erased_serde::deserialize(saved).map(|o| self.order = o)
    }

    fn algorithms(&self) -> &'static [AlgorithmInfo] {
        MAGIC_ALGORITHMS
    }

    fn default_choice(&self) -> &'static [&'static str] {
        &["ga", "construct"]
    }

    fn form(&mut self, ui: &mut Ui) -> Result<(), AppError> {
        let field = ui
            .horizontal(|ui| whole_number(ui, "Order", &mut self.order, 1..=MAX_ORDER))
            .inner;
        if let Err(h) = &field {
            hold_note(ui, h);
        }
        field
    }

    fn check(&self) -> Result<(), AppError> {
        if (1..=MAX_ORDER).contains(&self.order) {
            Ok(())
        } else {
            Err(format!("the order must be from 1 to {MAX_ORDER} here").into())
        }
    }

    fn job(
        &self,
        algorithm: &str,
        params: &[(String, String)],
        seed: u64,
        budget: Budget,
    ) -> Result<Job, crate::run::JobError> {
        Ok(Job::from(MagicJob {
            order: self.order,
            seed,
            budget,
            task: MagicTask::Solve {
                algorithm: crate::run::MagicAlgo::parse(algorithm)?,
                params: params.to_vec(),
            },
        }))
    }

    fn instance_name(&self) -> String {
        format!("magic-{}", self.order)
    }

    fn draw(&self, ui: &mut Ui, answer: &[u32], shown: usize, _key: u64) -> Option<(u32, u32)> {
        magic_grid(
            ui,
            self.order as usize,
            &answer[..shown.min(answer.len())],
            false,
        );
        None
    }

    fn progress_axis(&self) -> &'static str {
        "progress"
    }

    fn legend(&self, ui: &mut Ui) {
        let constant = crate::puzzle::magic::magic_constant(self.order as usize);
        crate::app::widgets::legend::row(ui, |ui| sums_legend(ui, constant));
    }
}
