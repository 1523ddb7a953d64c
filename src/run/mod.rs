//! Running algorithms: the catalog of what exists, jobs that check their input and validate
//! their answers, and the worker thread that streams events to the app or the command line.

pub mod algo;
pub mod browse;
pub mod catalog;
pub mod error;
pub mod events;
pub mod file;
pub mod knight;
pub mod magic;
pub mod microscope;
pub mod play;
pub mod puzzle;
pub mod puzzles;
pub mod queens;
pub mod setup;
pub mod split;
pub mod trace;
pub mod words;
pub mod worker;

pub use algo::{Algorithm, KnightAlgo, MagicAlgo, QueensAlgo};
pub use catalog::Offers;
pub use error::JobError;
pub use events::{Event, Report};
pub use knight::{KnightJob, KnightReport, KnightTask};
pub use magic::{MagicJob, MagicReport, MagicTask};
pub use puzzle::{Answer, AnswerKey, AnyJob, PuzzleJob, PuzzleReport, Solved};
pub use puzzles::{Job, PUZZLES, PuzzleDef, PuzzleId};
pub use queens::{QueensJob, QueensReport, QueensTask};
pub use worker::{Run, Work};

/// The worker threads a job or a table starts when `requested` are asked for: one per
/// core by default, and never more than four per core (more would only wait for the same
/// cores, each with its own stack and working memory, and take long to start).
pub fn worker_threads(requested: Option<usize>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    requested.unwrap_or(cores).clamp(1, 4 * cores)
}

/// How long checking an answer goes on once Stop or Ctrl-C has been given: a check not
/// done by then is given up, and the answer it was checking is not shown.
pub const CHECK_GRACE: std::time::Duration = std::time::Duration::from_millis(40);

/// A `go_on` for the puzzle module's long checks: yes, until `cancel` has been set for
/// [`CHECK_GRACE`].
pub fn until_cancelled(cancel: &std::sync::atomic::AtomicBool) -> impl FnMut() -> bool + '_ {
    // Counted from the check's start when the flag is already set.
    let mut since = cancel
        .load(std::sync::atomic::Ordering::Relaxed)
        .then(crate::platform::time::Instant::now);
    move || {
        !cancel.load(std::sync::atomic::Ordering::Relaxed)
            || since
                .get_or_insert_with(crate::platform::time::Instant::now)
                .elapsed()
                < CHECK_GRACE
    }
}
