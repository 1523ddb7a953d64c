//! Running algorithms: the catalog of what exists, jobs that check their input and validate
//! their answers, and the worker thread that streams events to the app or the command line.

pub mod catalog;
pub mod error;
pub mod events;
pub mod file;
pub mod knight;
pub mod magic;
pub mod puzzle;
pub mod queens;
pub mod worker;

pub use error::JobError;
pub use events::{Event, Report};
pub use knight::{KnightJob, KnightReport, KnightTask};
pub use magic::{MagicJob, MagicReport, MagicTask};
pub use puzzle::{Answer, AnswerKey, AnyJob, PuzzleJob, PuzzleReport, Solved};
pub use queens::{QueensJob, QueensReport, QueensTask};
pub use worker::{Job, Run};
