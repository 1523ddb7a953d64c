//! A magic-square instance for the shared views: orders up to 12.

use super::{LessonSetUp, PuzzleUi};
use crate::app::error::AppError;
use crate::app::limits::MAX_APP_ORDER;
use crate::app::mode::LessonMode;
use crate::app::widgets::magic_grid::{magic_grid, sums_legend};
use crate::app::widgets::number::{hold_note, whole_number};
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

/// What a lesson sets up on the magic-squares tab (`setup: Magic(order: 3, …)`): no step
/// by step (`Steps` and `Guess` are refused).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct MagicSetUp {
    /// The square's order, from 1 to [`MAX_APP_ORDER`].
    pub order: u64,
    /// `ga` or `construct`; `None` keeps the tab's choice.
    #[serde(default)]
    pub algorithm: Option<String>,
    /// `Run` or `Play` (default: run the algorithm).
    #[serde(default)]
    pub mode: LessonMode,
    /// The seed of the search's random numbers (default: the tab's).
    #[serde(default)]
    pub seed: Option<u64>,
    /// The algorithm's parameters by name; those not given take their defaults. Empty
    /// (the default) keeps the tab's values.
    #[serde(default)]
    pub params: std::collections::BTreeMap<String, String>,
    /// Step by step: the step to show once the search is traced (default: the first).
    #[serde(default)]
    pub step: Option<u64>,
}

super::with_choice!(MagicSetUp);

impl LessonSetUp for MagicSetUp {
    super::set_up_identity!(super::Puzzle::Magic);

    fn check(&self) -> Result<(), String> {
        let order = self.order;
        if !(1..=MAX_APP_ORDER).contains(&order) {
            return Err(format!(
                "order must be from 1 to {MAX_APP_ORDER}, not {order}"
            ));
        }
        if let Some(a) = &self.algorithm {
            crate::run::catalog::magic_algorithm(a)
                .map_err(|_| format!("no magic-square algorithm is called \"{a}\""))?;
        }
        if matches!(self.mode, LessonMode::Steps | LessonMode::Guess) {
            return Err("step by step follows knight's tour and N-Queens searches only".into());
        }
        let most = crate::app::magic::play::MAX_PLAY_ORDER as u64;
        if self.mode == LessonMode::Play && order > most {
            return Err(format!(
                "Play yourself takes orders up to {most}, not {order}"
            ));
        }
        let info =
            (self.algorithm.as_deref()).and_then(|a| crate::run::catalog::magic_algorithm(a).ok());
        self.choice().check(info)
    }

    fn link_pairs(&self) -> Vec<(&'static str, String)> {
        vec![("order", self.order.to_string())]
    }
}

impl MagicSetUp {
    /// The instance keys of a link.
    pub const LINK_KEYS: &'static str = "order";

    /// The place a link's `order` (taken out of `fields`) and `choice` describe.
    pub fn from_link(
        fields: &mut crate::app::link::Fields,
        choice: crate::app::link::Choice,
    ) -> Result<MagicSetUp, String> {
        let order = fields.need(
            "order",
            &format!("a whole number from 1 to {MAX_APP_ORDER}"),
        )?;
        Ok(MagicSetUp {
            order,
            ..Default::default()
        }
        .with(choice))
    }
}

impl PuzzleUi for MagicInstance {
    super::instance_identity!(crate::app::magic::MagicTab);

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

    fn job(&self, algorithm: &str, params: &[(String, String)], seed: u64, budget: Budget) -> Job {
        Job::from(MagicJob {
            order: self.order,
            seed,
            budget,
            task: MagicTask::Solve {
                algorithm: algorithm.into(),
                params: params.to_vec(),
            },
        })
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
