//! The puzzles' tabs, listed once at the top of the app ([`TABS`]), and every task the
//! app runs in the background, gathered from the lists of the modules they belong to
//! (each tab's, and the views every puzzle shares), where the browser's Web Worker finds
//! a task by its name ([`serve`]). A module that adds a task lists it in its own list;
//! nothing below this file knows them all.

use crate::app::background::{Served, served};
use crate::app::tab::TabDef;
use crate::platform::SendBytes;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The tasks every puzzle shares: the GA microscope, the solution browser, Compare's
/// trials, the experiments and the grading.
const SHARED: &[Served] = &[
    served::<crate::app::microscope::MicroscopeTask>(),
    served::<crate::app::browser::ListTask>(),
    served::<crate::app::compare::lanes::TrialsTask>(),
    served::<crate::app::experiments::ExperimentTask>(),
    served::<crate::app::lessons::class::GradeTask>(),
];

/// Every puzzle's tab, in the order of [`crate::run::PUZZLES`] (the tab strip's).
pub const TABS: &[&dyn TabDef] = &[
    &crate::app::knight::TAB,
    &crate::app::queens::TAB,
    &crate::app::magic::TAB,
];

/// Every task, by name: the shared ones, then each tab's.
pub fn all() -> impl Iterator<Item = Served> {
    let tabs = TABS.iter().flat_map(|t| t.tasks().iter());
    SHARED.iter().chain(tabs).copied()
}

/// Runs the task named `name`, given as postcard's bytes, here (in the browser's Web
/// Worker), handing each value it sends to `out` as bytes with the meter's `(done,
/// total)`.
pub fn serve(
    name: &str,
    input: &[u8],
    cancel: Arc<AtomicBool>,
    out: &SendBytes<'_>,
) -> Result<(), String> {
    match all().find(|(n, _)| *n == name) {
        Some((_, run)) => run(name, input, cancel, out),
        None => Err(format!("no background work is called \"{name}\"")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::background::Task;

    /// Every task is served by its name: given bytes that are no task, each is found and
    /// says its bytes are garbled (a name left out is "no background work"); no two share
    /// a name; and every task the app starts is among them.
    #[test]
    fn every_task_is_served_by_name() {
        let names: Vec<&str> = all().map(|(n, _)| n).collect();
        let none = |_: &[u8], _: (u64, u64)| panic!("nothing may be sent");
        for &name in &names {
            let cancel = Arc::new(AtomicBool::new(false));
            let why = serve(name, &[255; 3], cancel, &none).unwrap_err();
            assert!(why.starts_with("a garbled task"), "{name}: {why}");
        }
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "two tasks share a name");
        // Each of these is started by the app somewhere: a trace and First difference's
        // pair for each traced puzzle, a hint's count for each puzzle's game.
        for expected in [
            "knight-trace",
            "queens-trace",
            crate::app::knight::play::CountTask::NAME,
            crate::app::knight::play::FinishTask::NAME,
            crate::app::queens::play::CountTask::NAME,
            crate::app::magic::play::CountTask::NAME,
        ] {
            assert!(names.contains(&expected), "{expected} is not served");
        }
        let cancel = Arc::new(AtomicBool::new(false));
        let why = serve("no-such-task", &[], cancel, &none).unwrap_err();
        assert!(why.contains("no background work"), "{why}");
    }

    /// The solution browser's listing handed over as the browser hands it: the 92
    /// solutions of eight queens, in 12 classes under the board's symmetries.
    #[test]
    fn a_listing_handed_over_lists_every_solution() {
        let ctx = egui::Context::default();
        let task = crate::app::browser::ListTask::new(crate::run::queens::PUZZLE, 8);
        let got = crate::app::background::tests::finished(
            &crate::app::background::Background::handed(&ctx, task),
        );
        let [Ok(catalogue)] = &got[..] else {
            panic!("one listing");
        };
        assert_eq!(
            (catalogue.solutions.len(), catalogue.classes.len()),
            (92, 12)
        );
        for s in &catalogue.solutions {
            crate::puzzle::queens::validate(8, s).unwrap();
        }
    }

    /// The count hint handed over as the browser hands it counts the open tours of 5×5
    /// from a corner: 304 (of the 1,728 open tours of 5×5), split between the two squares
    /// a knight can go to from there.
    #[test]
    fn a_count_hint_handed_over_counts_the_same() {
        let board = crate::puzzle::knight::Board::new(5, 5).unwrap();
        let start = board.square(4, 0);
        let task = crate::app::knight::play::CountTask::new(board, vec![start], false);
        let ctx = egui::Context::default();
        let got = crate::app::background::tests::finished(
            &crate::app::background::Background::handed(&ctx, task),
        );
        let [Ok(hint)] = &got[..] else {
            panic!("one hint");
        };
        let tours: u64 = hint.through.iter().map(|t| t.tours).sum();
        assert!(hint.through.iter().all(|t| t.complete));
        assert_eq!(tours, 304);
    }
}
