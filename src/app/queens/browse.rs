//! The N-Queens solution browser's puzzle side (see [`crate::app::browser`]): the
//! solutions of up to 12 queens, a queen per column on a chessboard.

use crate::app::browser::Browsable;
use crate::run::JobError;
use crate::run::browse::Catalogue;
use crate::solve::queens::list::MAX_LIST_N;
use std::sync::atomic::AtomicBool;

/// The N-Queens board's browser.
pub struct QueensBrowse;

impl Browsable for QueensBrowse {
    fn max(&self) -> usize {
        MAX_LIST_N
    }

    fn too_many(&self, n: usize) -> String {
        format!(
            "The browser lists the solutions of up to {MAX_LIST_N} queens (14,200 of them); {n} queens have too many to step through"
        )
    }

    fn what(&self) -> &'static str {
        "Every solution of this board, grouped into classes that the board's rotations and reflections turn into one another; pick a class and watch the symmetry that maps one member onto another."
    }

    fn puzzle(&self) -> crate::run::PuzzleId {
        crate::run::queens::PUZZLE
    }

    fn list(&self, n: usize, cancel: &AtomicBool) -> Result<Catalogue, JobError> {
        Catalogue::queens(n, cancel)
    }

    fn counted(&self, n: usize) -> (String, &'static str) {
        (format!("{n} queens"), "solutions")
    }

    fn noun(&self) -> &'static str {
        "solution"
    }

    fn detail(&self, n: usize, solution: &[u32]) -> Option<String> {
        let ranks: Vec<String> = (solution.iter())
            .map(|r| (n as u32 - r).to_string())
            .collect();
        Some(format!("ranks by file: {}", ranks.join(" ")))
    }

    fn none(&self, n: usize) -> String {
        format!("{n} queens have no solution: there is nothing to browse.")
    }

    fn checkered(&self) -> bool {
        true
    }

    fn pieces(&self, _n: usize, solution: &[u32]) -> (Vec<(usize, usize, String)>, f32) {
        let queens = (solution.iter().enumerate())
            .map(|(col, &r)| (r as usize, col, "♛".to_string()))
            .collect();
        (queens, 0.78)
    }
}
