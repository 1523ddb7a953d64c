//! An N-Queens instance for the shared views: n up to 400.

use super::PuzzleUi;
use crate::app::error::AppError;
use crate::app::widgets::number::whole_number;
use crate::app::widgets::queens_board::{Attacks, QueensBoardView, queens_board, queens_legend};
use crate::run::catalog::{AlgorithmInfo, QUEENS_ALGORITHMS};
use crate::run::{Job, QueensJob, QueensTask};
use crate::solve::Budget;
use egui::Ui;
use serde::{Deserialize, Serialize};

/// The largest n the shared views take.
pub const MAX_N: u64 = 400;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct QueensInstance {
    pub n: u64,
}

impl Default for QueensInstance {
    fn default() -> Self {
        QueensInstance { n: 8 }
    }
}

impl PuzzleUi for QueensInstance {
    fn algorithms(&self) -> &'static [AlgorithmInfo] {
        QUEENS_ALGORITHMS
    }

    fn default_choice(&self) -> &'static [&'static str] {
        &["backtracking", "hill-climbing"]
    }

    fn form(&mut self, ui: &mut Ui) -> Result<(), AppError> {
        ui.horizontal(|ui| whole_number(ui, "Queens (n)", &mut self.n))
            .inner
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

    fn job(&self, algorithm: &str, params: &[(String, String)], seed: u64, budget: Budget) -> Job {
        Job::Queens(QueensJob {
            n: self.n,
            seed,
            budget,
            threads: Some(1),
            task: QueensTask::Solve {
                algorithm: algorithm.into(),
                params: params.to_vec(),
            },
        })
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
            },
        );
        None
    }

    fn progress_axis(&self) -> &'static str {
        "queens placed / step"
    }

    fn legend(&self, ui: &mut Ui) {
        queens_legend(ui, true, true);
    }
}
