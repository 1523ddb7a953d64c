//! The magic squares' browser, the puzzle side (see [`crate::app::browser`]): every
//! square of orders 1 to 4, a number per cell.

use crate::app::browser::Browsable;
use crate::run::JobError;
use crate::run::browse::Catalogue;
use crate::solve::magic::count::MAX_COUNT_ORDER;
use std::sync::atomic::AtomicBool;

/// The magic squares' browser.
pub struct MagicBrowse;

impl Browsable for MagicBrowse {
    fn max(&self) -> usize {
        MAX_COUNT_ORDER
    }

    fn too_many(&self, _n: usize) -> String {
        format!(
            "The browser lists the magic squares of orders 1 to {MAX_COUNT_ORDER} (7,040 of order 4); order 5 has 275,305,224"
        )
    }

    fn what(&self) -> &'static str {
        "Every magic square of this order, grouped into classes that rotations and reflections turn into one another; pick a class and watch the symmetry that maps one square onto another."
    }

    fn puzzle(&self) -> crate::run::PuzzleId {
        crate::run::magic::PUZZLE
    }

    fn list(&self, n: usize, cancel: &AtomicBool) -> Result<Catalogue, JobError> {
        Catalogue::magic(n, cancel)
    }

    fn counted(&self, n: usize) -> (String, &'static str) {
        (format!("order {n}"), "magic squares")
    }

    fn noun(&self) -> &'static str {
        "square"
    }

    fn detail(&self, _n: usize, _solution: &[u32]) -> Option<String> {
        None
    }

    fn none(&self, n: usize) -> String {
        format!("There is no magic square of order {n}: nothing to browse.")
    }

    fn checkered(&self) -> bool {
        false
    }

    fn pieces(&self, n: usize, solution: &[u32]) -> (Vec<(usize, usize, String)>, f32) {
        let numbers = (solution.iter().enumerate())
            .map(|(i, v)| (i / n, i % n, v.to_string()))
            .collect();
        (numbers, 0.42)
    }
}
