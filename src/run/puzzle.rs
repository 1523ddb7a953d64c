//! The seam between a puzzle and everything that runs jobs (the worker, run files, the
//! command line, the app): what every puzzle's job and report can do. Each puzzle
//! implements these in its own file; [`super::Job`] and [`super::Report`] wrap one of each
//! and delegate through a single `match`.

use super::catalog::{AlgorithmInfo, Figure};
use super::error::JobError;
use super::split::Part;
use crate::solve::{Budget, Counters, Observer, Stop};
use std::sync::atomic::AtomicBool;

/// The catalog's algorithm a job runs and its parameters as given, or what the job does
/// instead, in a word or two ("counting", "a tree search").
pub type Solving<'a> = Result<(&'static AlgorithmInfo, &'a [(String, String)]), &'static str>;

/// A puzzle's job: an instance, an algorithm with its parameters, a seed and a budget.
pub trait PuzzleJob {
    /// What the job reports when it ends.
    type Report;
    /// Checks everything that can be checked without running.
    fn check(&self) -> Result<(), JobError>;
    /// Runs the job on this thread; the answer is validated by `puzzle/`.
    fn run(
        &self,
        cancel: &AtomicBool,
        observer: &mut dyn Observer,
    ) -> Result<Self::Report, JobError>;
    /// A line naming the job, e.g. "knight's tour, backtrack on 8x8 from 0,0, seed 1".
    fn title(&self) -> String;
    /// The algorithm (or task) and the seed, for the `Started` event.
    fn label_and_seed(&self) -> (String, u64);
    /// The figures the job's counters are told as (see the catalog).
    fn figures(&self) -> &'static [Figure];
    /// Its limits on time, nodes and generations, and the point a replay stops at.
    fn budget(&self) -> &Budget;
    /// The same, to change them (a replay's stop point, a grader's cap).
    fn budget_mut(&mut self) -> &mut Budget;
    /// The catalog's algorithm the job runs, and its parameters as given; `Err`: what the
    /// job does instead, in a word or two ("counting", "a tree search").
    fn algorithm(&self) -> Solving<'_>;
    /// How many genes an individual of an evolutionary run on the job's instance has.
    fn genes(&self) -> u64;
    /// Checks a state a GA's individual decodes to (a path, a placement, a square) by the
    /// puzzle's rules.
    fn check_state(&self, state: &[u32]) -> Result<(), JobError>;
    /// Why a run file cannot hold the job, if it cannot.
    fn savable(&self) -> Result<(), String> {
        Ok(())
    }
    /// Whether the job is big enough for splitting it to pay, where it splits
    /// ([`PuzzleJob::split`]).
    fn worth_splitting(&self) -> bool {
        false
    }
    /// The job as `parts`, to run side by side, each taking the items its [`Part`] owns;
    /// `None` where the job does not split.
    fn split(&self, parts: &[Part]) -> Option<Vec<Self>>
    where
        Self: Sized,
    {
        let _ = parts;
        None
    }
    /// The whole job's report from its parts' reports, in the order
    /// [`PuzzleJob::split`] gave the parts.
    fn merge(&self, parts: Vec<Self::Report>) -> Result<Self::Report, JobError> {
        let _ = parts;
        Err(JobError::Invalid("this job does not split".into()))
    }
}

/// A puzzle's report.
pub trait PuzzleReport {
    /// The answer itself, for comparing a replay with a saved run.
    fn answer(&self) -> Answer;
    /// A solve's outcome as the shared views show it; `None` for counts and searches of
    /// the whole tree.
    fn solved(&self) -> Option<Solved<'_>>;
    /// How long the run took, in milliseconds.
    fn elapsed_ms(&self) -> f64;
    /// Every figure the report claims beside its answer and its times (its counters, and
    /// the figures kept beside them), by name: what a replay of the run must give again.
    fn claimed(&self) -> Vec<(&'static str, u64)>;
    /// The answer as a sequence (a tour's squares, the queens' rows by file, a square's
    /// cells), for saying where two answers part; `None` for a count.
    fn sequence(&self) -> Option<&[u32]>;
    /// Item `index` of [`PuzzleReport::sequence`], in words: "square 7, c3".
    fn item_name(&self, index: usize, item: u32) -> String;
    /// Why the answer breaks the puzzle's rules (by `puzzle/`), if it does: a file's
    /// answer is not trusted before it is checked.
    fn broken(&self) -> Option<String>;
}

/// A search's counters by name, as a report claims them.
pub fn counters_claimed(c: &Counters) -> Vec<(&'static str, u64)> {
    vec![
        ("nodes", c.nodes),
        ("backtracks", c.backtracks),
        ("max_depth", c.max_depth),
        ("depth", c.depth),
        ("solutions", c.solutions),
        ("attempts", c.attempts),
        ("generations", c.generations),
        ("moves", c.moves),
        ("queued", c.queued),
    ]
}

/// How a solve ended, with the answer as a sequence a timeline plays: a tour's squares,
/// the queens' rows column by column, a square's cells.
#[derive(Debug, Clone, Copy)]
pub struct Solved<'a> {
    /// Whether the solve found what it looked for (a tour, a solution, the squares sought).
    pub found: bool,
    /// Running time in milliseconds, pauses not counted.
    pub elapsed_ms: f64,
    /// The sequence the timeline plays: the answer, or the best reached if none was found.
    pub answer: &'a [u32],
    /// The solve's counters at its end.
    pub counters: Counters,
    /// What came of the solve, in a sentence for people.
    pub message: &'a str,
}

/// What a replay must reproduce: the answer, never its timings or counters. Long parts
/// are kept as their length and a digest, not copied (an answer may hold 100 million
/// squares, and a replay compares two).
#[derive(Debug, Clone, PartialEq)]
pub enum AnswerKey {
    /// A tour or path, a placement's rows by column, or a constructed square's cells.
    Sequence {
        /// Whether the run found what it looked for.
        found: bool,
        /// The digest of those squares, rows or cells.
        cells: Digest,
    },
    /// Every square a search found, in order.
    Squares {
        /// Whether the run found as many squares as it sought.
        found: bool,
        /// The digest of the squares' own digests, in the order they were found.
        squares: Digest,
    },
    /// A count, and the counts per start square where there are some.
    Count {
        /// Whether the count finished (else `total` is a lower bound).
        complete: bool,
        /// How many were counted (tours, solutions or squares).
        total: u64,
        /// The digest of the counts per start square (a knight's count from every square);
        /// `None` for other counts.
        per_square: Option<Digest>,
    },
}

/// A sequence's length and a digest of its items (FxHash): equal sequences have equal
/// digests. Only compared within one program (a replay against the report it checks):
/// FxHash's words are the machine's, so a 32-bit build (the browser's) digests the same
/// items differently, and no digest is written to a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Digest {
    /// How many items the sequence has.
    pub len: usize,
    /// The FxHash of the items.
    pub hash: u64,
}

impl Digest {
    /// The digest of `items`: their number and their FxHash.
    pub fn of<T: std::hash::Hash>(items: &[T]) -> Digest {
        use std::hash::{Hash, Hasher};
        let mut h = rustc_hash::FxHasher::default();
        items.hash(&mut h);
        Digest {
            len: items.len(),
            hash: h.finish(),
        }
    }
}

/// An answer, said in a few words for messages.
#[derive(Debug, Clone)]
pub struct Answer {
    /// What a replay must reproduce for its answer to count as the same.
    pub key: AnswerKey,
    /// For people, e.g. "a tour (64 of 64 squares)".
    pub summary: String,
    /// How the run ended, where it is a search.
    pub stop: Option<Stop>,
}

/// A count's summary: "1728 tours", "12 solutions (incomplete)".
pub fn count_summary(total: u64, what: &str, complete: bool) -> String {
    format!(
        "{total} {what}{}",
        if complete { "" } else { " (incomplete)" }
    )
}

/// Any puzzle's job, its report wrapped as a [`super::Report`]: what the worker and run
/// files hold.
pub trait AnyJob {
    /// See [`PuzzleJob::check`].
    fn check(&self) -> Result<(), JobError>;
    /// See [`PuzzleJob::run`].
    fn run(
        &self,
        cancel: &AtomicBool,
        observer: &mut dyn Observer,
    ) -> Result<super::Report, JobError>;
    /// See [`PuzzleJob::title`].
    fn title(&self) -> String;
    /// See [`PuzzleJob::label_and_seed`].
    fn label_and_seed(&self) -> (String, u64);
    /// See [`PuzzleJob::figures`].
    fn figures(&self) -> &'static [Figure];
    /// See [`PuzzleJob::budget`].
    fn budget(&self) -> &Budget;
    /// See [`PuzzleJob::budget_mut`].
    fn budget_mut(&mut self) -> &mut Budget;
    /// See [`PuzzleJob::algorithm`].
    fn algorithm(&self) -> Solving<'_>;
    /// See [`PuzzleJob::genes`].
    fn genes(&self) -> u64;
    /// See [`PuzzleJob::check_state`].
    fn check_state(&self, state: &[u32]) -> Result<(), JobError>;
    /// See [`PuzzleJob::savable`].
    fn savable(&self) -> Result<(), String>;
    /// See [`PuzzleJob::worth_splitting`].
    fn worth_splitting(&self) -> bool;
    /// See [`PuzzleJob::split`].
    fn split(&self, parts: &[Part]) -> Option<Vec<super::Job>>;
    /// See [`PuzzleJob::merge`]; a part's report of another puzzle is refused.
    fn merge(&self, parts: Vec<super::Report>) -> Result<super::Report, JobError>;
}

impl<J> AnyJob for J
where
    J: PuzzleJob + Into<super::Job> + Clone,
    J::Report: Into<super::Report> + TryFrom<super::Report>,
{
    fn check(&self) -> Result<(), JobError> {
        PuzzleJob::check(self)
    }
    fn run(
        &self,
        cancel: &AtomicBool,
        observer: &mut dyn Observer,
    ) -> Result<super::Report, JobError> {
        PuzzleJob::run(self, cancel, observer).map(Into::into)
    }
    fn title(&self) -> String {
        PuzzleJob::title(self)
    }
    fn label_and_seed(&self) -> (String, u64) {
        PuzzleJob::label_and_seed(self)
    }
    fn figures(&self) -> &'static [Figure] {
        PuzzleJob::figures(self)
    }
    fn budget(&self) -> &Budget {
        PuzzleJob::budget(self)
    }
    fn budget_mut(&mut self) -> &mut Budget {
        PuzzleJob::budget_mut(self)
    }
    fn algorithm(&self) -> Solving<'_> {
        PuzzleJob::algorithm(self)
    }
    fn genes(&self) -> u64 {
        PuzzleJob::genes(self)
    }
    fn check_state(&self, state: &[u32]) -> Result<(), JobError> {
        PuzzleJob::check_state(self, state)
    }
    fn savable(&self) -> Result<(), String> {
        PuzzleJob::savable(self)
    }
    fn worth_splitting(&self) -> bool {
        PuzzleJob::worth_splitting(self)
    }
    fn split(&self, parts: &[Part]) -> Option<Vec<super::Job>> {
        let split = PuzzleJob::split(self, parts)?;
        Some(split.into_iter().map(Into::into).collect())
    }
    fn merge(&self, parts: Vec<super::Report>) -> Result<super::Report, JobError> {
        let garbled = || JobError::Invalid("a part's report is of another puzzle".into());
        let parts = (parts.into_iter())
            .map(|r| J::Report::try_from(r).map_err(|_| garbled()))
            .collect::<Result<Vec<_>, _>>()?;
        PuzzleJob::merge(self, parts).map(Into::into)
    }
}
