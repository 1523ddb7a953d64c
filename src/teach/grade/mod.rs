//! Grading hand-ins: every verdict worked out again from the assignment and the solvers,
//! never read from the hand-in. A question's answer is checked against the lesson's key;
//! Your guess's trace is made again from its job (which must be the task's search) and
//! each first answer checked against the question the trace asks there; a cited run is
//! replayed and must give the answer its file says; a puzzle played by hand is checked
//! by the puzzle's rules. A hand-in that claims more than its work gives (a score raised,
//! an answer, a run file's result or a played answer edited) is named as such, and scores
//! nothing for that task.
//!
//! Hand-ins are untrusted: a file is read only up to
//! [`MAX_HAND_IN_BYTES`](super::assignment::MAX_HAND_IN_BYTES), a trace is made again
//! within the app's step limit and a minute, a run replayed only within two minutes, and
//! a file that cannot be graded is listed with its reason while the others are graded
//! (`files.rs`).

use super::assignment::{Guessed, HandIn, Task, TracedJob, Work};
use super::lesson::Lesson;
use crate::run::file::RunFile;
use crate::run::puzzle::AnswerKey;
use crate::run::setup::Setup;
use crate::run::trace::guess::score::Scored;
use crate::run::{Event, Job, JobError, Report};
use crate::solve::Stop;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

mod files;
mod report;
pub use files::{file_name, folder_files, grade_folder, grade_text, grade_text_guarded};
pub use report::{csv, notes, summary};

/// The longest a trace is given to be made again.
const TRACE_TIME: Duration = Duration::from_secs(60);
/// The longest a cited run may have run to be replayed.
const RUN_TIME: Duration = Duration::from_secs(120);
/// The most hand-in files a folder may hold.
pub const MAX_HAND_INS: usize = 2_000;

/// One task of one hand-in, graded.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Verdict {
    /// The task, from 1.
    pub task: usize,
    /// Points given.
    pub points: u32,
    /// Points the task is worth.
    pub max: u32,
    /// Whether the work is what the hand-in says it is (false: it claims what its work
    /// does not give, or it is not the work the task asks for).
    pub verified: bool,
    /// Whether the work could be checked at all (false: the grader's limits or a Stop cut
    /// its trace or replay short; it scores nothing, and says so, but is not doubted).
    pub checked: bool,
    /// Why, in a sentence (at most [`MAX_WHY`] characters, control characters escaped).
    pub why: String,
}

/// The longest a verdict's reason is written: a hand-in's text quoted in it is cut.
pub const MAX_WHY: usize = 300;

impl Verdict {
    fn new(task: usize, max: u32, points: u32, verified: bool, why: impl Into<String>) -> Verdict {
        let why: String = why.into();
        let mut cut: String = why
            .chars()
            .take(MAX_WHY)
            .flat_map(char::escape_default_text)
            .collect();
        if why.chars().count() > MAX_WHY {
            cut.push('…');
        }
        Verdict {
            task,
            points,
            max,
            verified,
            checked: true,
            why: cut,
        }
    }

    /// A task whose work could not be checked, and why.
    fn unchecked(task: usize, max: u32, why: impl Into<String>) -> Verdict {
        Verdict {
            checked: false,
            ..Verdict::new(task, max, 0, true, why)
        }
    }

    /// "yes", "no" or "not checked", for the CSV.
    pub fn verified_word(&self) -> &'static str {
        match (self.checked, self.verified) {
            (false, _) => "not checked",
            (true, true) => "yes",
            (true, false) => "no",
        }
    }
}

/// Escapes control characters (newlines, escapes) and nothing else.
trait EscapeText {
    fn escape_default_text(self) -> std::vec::IntoIter<char>;
}

impl EscapeText for char {
    fn escape_default_text(self) -> std::vec::IntoIter<char> {
        if self.is_control() {
            self.escape_debug().collect::<Vec<_>>().into_iter()
        } else {
            vec![self].into_iter()
        }
    }
}

/// Why a piece of work scores nothing: it is not what the hand-in claims, or it could not
/// be checked (the grader's limits, or a Stop).
enum Fail {
    /// Not what the hand-in claims.
    Doubted(String),
    /// Not checked, and why.
    Unchecked(String),
}

impl From<String> for Fail {
    fn from(why: String) -> Fail {
        Fail::Doubted(why)
    }
}

/// One hand-in, graded.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Graded {
    /// The file's name.
    pub file: String,
    /// The assignment's id.
    pub assignment: String,
    /// The student, as the hand-in names them.
    pub student: String,
    /// Minutes spent, as the hand-in says.
    pub minutes: u64,
    /// The SearchLab that wrote it.
    pub written_by: String,
    /// Each task's verdict.
    pub tasks: Vec<Verdict>,
    /// A digest of the work that tells this hand-in from another's ([`Graded::digest_of`]:
    /// its run files and its answers not fully right; the name and the time spent left
    /// out): two hand-ins with the same digest made the same runs and the same mistakes.
    #[serde(default)]
    pub work_digest: u64,
}

/// [`Graded::digest_of`] of a hand-in with nothing in it that tells it from another's.
pub const NO_TELLING_WORK: u64 = 0;

impl Graded {
    /// The digest of the work in `work` that tells one student's from another's
    /// ([`Graded::work_digest`]): the run files cited (each carries its own machine's
    /// timings) and every answer to a task not fully right (two students' right answers
    /// are alike by being right; their mistakes and their runs are their own). FxHash of
    /// its JSON, compared only within one grading.
    pub fn digest_of(work: &[Work], verdicts: &[Verdict]) -> u64 {
        use std::hash::{Hash, Hasher};
        let full = |task: usize| {
            verdicts
                .iter()
                .any(|v| v.task == task && v.max > 0 && v.points == v.max)
        };
        let telling: Vec<&Work> = (work.iter())
            .filter(|w| matches!(w, Work::Run { .. }) || !full(w.task()))
            .collect();
        if telling.is_empty() {
            return NO_TELLING_WORK;
        }
        let mut h = rustc_hash::FxHasher::default();
        serde_json::to_string(&telling)
            .unwrap_or_default()
            .hash(&mut h);
        h.finish()
    }

    /// Points given, of points possible.
    pub fn total(&self) -> (u32, u32) {
        (
            self.tasks.iter().map(|t| t.points).sum(),
            self.tasks.iter().map(|t| t.max).sum(),
        )
    }
}

/// A folder's hand-ins: those graded, and those refused with the reason.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Grading {
    /// The assignment's title.
    pub title: String,
    /// The hand-ins graded, by file name.
    pub graded: Vec<Graded>,
    /// `(file, why)` for each file that could not be graded.
    pub refused: Vec<(String, String)>,
    /// A Stop ended the grading before every file was read.
    pub stopped: bool,
}

/// One file of a folder (or of the files picked), graded or refused.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum FileGraded {
    /// Graded against the assignment of the lesson titled `title`.
    Graded {
        /// The lesson's title.
        title: String,
        /// The grades.
        graded: Graded,
    },
    /// Not graded, and why.
    Refused {
        /// The file's name.
        file: String,
        /// Why.
        why: String,
    },
}

impl Grading {
    /// Adds one file's grades (its assignment's title to the titles, once).
    pub fn add(&mut self, file: FileGraded) {
        match file {
            FileGraded::Graded { title, graded } => {
                if !self.title.split(" · ").any(|t| t == title) {
                    if !self.title.is_empty() {
                        self.title.push_str(" · ");
                    }
                    self.title.push_str(&title);
                }
                self.graded.push(graded);
            }
            FileGraded::Refused { file, why } => self.refused.push((file, why)),
        }
    }

    /// Puts the hand-ins and the files refused in the order of their names (files graded
    /// side by side come back in any order).
    pub fn sort(&mut self) {
        self.graded.sort_by(|a, b| a.file.cmp(&b.file));
        self.refused.sort();
    }
}

/// Grades one hand-in against `lesson` (whose assignment it names).
pub fn grade(hand_in: &HandIn, lesson: &Lesson, cancel: &AtomicBool) -> Vec<Verdict> {
    let Some(assignment) = &lesson.assignment else {
        return Vec::new();
    };
    (assignment.tasks.iter().enumerate())
        .map(|(i, task)| {
            let number = i + 1;
            let works: Vec<&Work> = (hand_in.work.iter())
                .filter(|w| w.task() == number)
                .collect();
            let max = task.points();
            match works.as_slice() {
                [] => Verdict::new(number, max, 0, true, "not done"),
                [work] => grade_task(number, task, work, lesson, cancel),
                _ => Verdict::new(number, max, 0, false, "the hand-in holds this task twice"),
            }
        })
        .collect()
}

fn grade_task(
    number: usize,
    task: &Task,
    work: &Work,
    lesson: &Lesson,
    cancel: &AtomicBool,
) -> Verdict {
    let max = task.points();
    let verdict =
        |points: u32, verified: bool, why: String| Verdict::new(number, max, points, verified, why);
    match (task, work) {
        (Task::Question { number: q, .. }, Work::Answer { given, .. }) => {
            let Some(question) = q.checked_sub(1).and_then(|q| lesson.questions.get(q)) else {
                return verdict(0, true, "the lesson has no such question".into());
            };
            let shown = crate::run::file::printable(given);
            match question.is_right(given) {
                Ok(true) => verdict(max, true, format!("right ({shown})")),
                Ok(false) => verdict(0, true, format!("wrong ({shown})")),
                Err(e) => verdict(0, true, e),
            }
        }
        (
            Task::Guess {
                setup,
                decisions,
                required,
                last,
                ..
            },
            Work::Guess {
                trace,
                answers,
                claimed_right,
                ..
            },
        ) => match guess_score(setup, trace, answers, *last, cancel) {
            Err(Fail::Doubted(why)) => verdict(0, false, why),
            Err(Fail::Unchecked(why)) => Verdict::unchecked(number, max, why),
            Ok(Scored { right, turn }) => {
                let answered = answers.len() as u32;
                if *claimed_right != right {
                    return verdict(
                        0,
                        false,
                        format!(
                            "says {claimed_right} right at the first try, but its answers give {right} of {answered}"
                        ),
                    );
                }
                // A faded task counts the answers to the trace's last decisions only.
                let (answered, right, whose) = match (turn, last) {
                    (Some((a, r)), Some(k)) => (a, r, format!(" of the last {k}")),
                    _ => (answered, right, String::new()),
                };
                let passed = answered >= *decisions && right >= *required;
                verdict(
                    if passed { max } else { 0 },
                    true,
                    format!(
                        "{right} of {answered} decisions{whose} right at the first try ({required} of {decisions} asked)"
                    ),
                )
            }
        },
        (Task::Run { setup, solved, .. }, Work::Run { run, .. }) => {
            match replay(setup, run, cancel) {
                Err(Fail::Doubted(why)) => verdict(0, false, why),
                Err(Fail::Unchecked(why)) => Verdict::unchecked(number, max, why),
                Ok((found, summary)) if *solved && !found => verdict(
                    0,
                    true,
                    format!("replays as cited, but found no solution ({summary})"),
                ),
                Ok((_, summary)) => verdict(
                    max,
                    true,
                    format!(
                        "replays as cited, every figure alike: {summary} (its times are the student's machine's and are not checked)"
                    ),
                ),
            }
        }
        (
            Task::Play {
                setup,
                hints: allowed,
                ..
            },
            Work::Play { answer, hints, .. },
        ) => grade_play((number, max), (setup, *allowed), answer, hints),
        _ => verdict(0, false, "the work is of another kind than the task".into()),
    }
}

/// A Play task's verdict: the answer held to the rules of the task's instance, and the
/// hints asked (the hand-in's count) to the task's limit (`allowed`).
fn grade_play(
    (number, max): (usize, u32),
    (setup, allowed): (&Setup, Option<u32>),
    answer: &[u32],
    hints: &[crate::run::play::HintKind],
) -> Verdict {
    let verdict =
        |points: u32, verified: bool, why: String| Verdict::new(number, max, points, verified, why);
    match play_check(setup, answer) {
        Err(why) => verdict(0, false, why),
        // A hint of another puzzle's play mode is no hint the app gave here.
        Ok(_) if hints.iter().any(|h| h.puzzle() != setup.puzzle()) => verdict(
            0,
            false,
            format!("it names a hint {} does not have", setup.puzzle().title()),
        ),
        Ok(what) => {
            let used = crate::run::play::HintKind::tell(hints);
            match crate::run::play::HintKind::over(hints, allowed) {
                Some(why) => verdict(
                    0,
                    true,
                    format!("{what}, but with {used} (the hand-in's count): {why}"),
                ),
                None => verdict(
                    max,
                    true,
                    format!("{what}, with {used} (the hand-in's count)"),
                ),
            }
        }
    }
}

/// Why the traced search is not the one `setup` sets up, if it is not.
pub fn traced_matches(setup: &Setup, job: &TracedJob) -> Result<(), String> {
    if setup.set_up().traced_matches(job) {
        Ok(())
    } else {
        Err("its Your guess traced another search than the task sets".into())
    }
}

/// The first answers of `answers` right against the trace `job` makes again.
fn guess_score(
    setup: &Setup,
    job: &TracedJob,
    answers: &[Guessed],
    last: Option<u32>,
    cancel: &AtomicBool,
) -> Result<Scored, Fail> {
    traced_matches(setup, job)?;
    let limit = crate::run::setup::MAX_APP_STEPS;
    let mut seen = std::collections::BTreeSet::new();
    for a in answers {
        if !seen.insert(a.at) {
            return Err(format!("two answers to the decision at step {}", a.at).into());
        }
    }
    let cut = |stop: Stop| -> Result<(), Fail> {
        if cancel.load(Ordering::Relaxed) {
            return Err(Fail::Unchecked(
                "not checked: the grading was stopped".into(),
            ));
        }
        // A faded task counts the search's own last decisions: a trace a limit cut short
        // (its step limit, nodes or time, here or in the app) has none to count.
        if last.is_some() && stop.interrupted() {
            return Err(Fail::Unchecked(format!(
                "not checked: a faded task counts the search's last decisions, but its trace was cut short ({})",
                stop.describe()
            )));
        }
        match stop {
            Stop::TimeLimit | Stop::Cancelled => Err(Fail::Unchecked(format!(
                "not checked: its search could not be traced again within {} s",
                TRACE_TIME.as_secs()
            ))),
            _ => Ok(()),
        }
    };
    let failed = |e: crate::run::JobError| -> Fail {
        if cancel.load(Ordering::Relaxed) {
            Fail::Unchecked("not checked: the grading was stopped".into())
        } else {
            Fail::Doubted(format!("its search cannot be traced again: {e}"))
        }
    };
    let job = job.puzzle();
    if job.limit() > limit {
        return Err(format!("a trace of more than {limit} steps").into());
    }
    // The trace's own limits on nodes and generations, a minute of time, no stop point.
    let trace = job.trace_again(TRACE_TIME, cancel).map_err(failed)?;
    cut(trace.stop())?;
    Ok(trace.score(answers, last)?)
}

/// Whether `job` is a run of the search `setup` sets up: its puzzle, instance and
/// algorithm, and the parameters and seed the set-up gives.
pub fn run_matches(setup: &Setup, job: &Job) -> bool {
    setup.set_up().run_matches(job)
}

/// Why `answer` does not solve the puzzle `setup` sets up, or what it is ("an open tour of
/// 5×5 from a1, by the rules").
pub fn play_check(setup: &Setup, answer: &[u32]) -> Result<String, String> {
    let goal = super::assignment::goal(setup);
    (setup.set_up().play_check(answer))
        .map_err(|why| format!("its answer is not {goal}: {why}"))?;
    Ok(format!("{goal}, by the rules"))
}

/// Whether `key` says the run found what it looked for.
pub fn found(key: &AnswerKey) -> bool {
    match key {
        AnswerKey::Sequence { found, .. } | AnswerKey::Squares { found, .. } => *found,
        AnswerKey::Count { total, .. } => *total > 0,
        #[allow(unreachable_patterns)]
        _ => false,
    }
}

/// Why the run file `text` is not a run of `setup`'s search that replays as saved, or
/// whether it found a solution and its summary.
fn replay(setup: &Setup, text: &str, cancel: &AtomicBool) -> Result<(bool, String), Fail> {
    let file = RunFile::from_ron(text).map_err(|e| format!("its run file: {e}"))?;
    file.check().map_err(|e| format!("its run file: {e}"))?;
    let job = file.replay_job();
    if !run_matches(setup, &job) {
        return Err(format!(
            "the run cited is not of the task's search: {}",
            crate::run::file::printable(&file.title())
        )
        .into());
    }
    // The replay's own budget, its stop point's limit included: at most two minutes.
    let budget = job.puzzle().budget();
    if budget.time.is_none_or(|t| t > RUN_TIME) {
        return Err(Fail::Unchecked(format!(
            "not checked: the run cited may run for more than {} s (its time limit); `searchlab replay` checks it",
            RUN_TIME.as_secs()
        )));
    }
    let report = run_to_end(job, cancel)?
        .map_err(|e| Fail::Unchecked(format!("not checked: its replay failed: {e}")))?;
    match file.compare(&report) {
        Ok(_) => {
            let saved = file.report.puzzle().answer();
            Ok((found(&saved.key), saved.summary))
        }
        Err(differs) => Err(format!("the run file was changed: {differs}").into()),
    }
}

/// Runs `job` (whose budget is at most [`RUN_TIME`]) to its end on a worker thread,
/// stopped by `cancel` or ten seconds past its time.
#[cfg(not(target_arch = "wasm32"))]
fn run_to_end(job: Job, cancel: &AtomicBool) -> Result<Result<Report, JobError>, Fail> {
    let cancel_run = Arc::new(AtomicBool::new(false));
    let deadline = crate::platform::time::Instant::now() + RUN_TIME + Duration::from_secs(10);
    let run = crate::run::Run::headless(job, cancel_run.clone());
    let report = loop {
        if cancel.load(Ordering::Relaxed) || crate::platform::time::Instant::now() > deadline {
            cancel_run.store(true, Ordering::Relaxed);
        }
        match run.next_event(Duration::from_millis(200)) {
            Some(Event::Finished(result)) => break result,
            Some(_) => {}
            None if run.is_finished() => {
                return Err(Fail::Unchecked(
                    "not checked: its replay ended without an answer".into(),
                ));
            }
            None => {}
        }
    };
    if cancel_run.load(Ordering::Relaxed) {
        return Err(Fail::Unchecked(if cancel.load(Ordering::Relaxed) {
            "not checked: the grading was stopped".into()
        } else {
            format!("not checked: its replay ran past {} s", RUN_TIME.as_secs())
        }));
    }
    Ok(report)
}

/// Runs `job` (whose budget is at most [`RUN_TIME`]) to its end here: a browser's grading
/// runs in a Web Worker of its own, which the page ends on Stop.
#[cfg(target_arch = "wasm32")]
fn run_to_end(job: Job, _cancel: &AtomicBool) -> Result<Result<Report, JobError>, Fail> {
    let result = Arc::new(std::sync::Mutex::new(None));
    let keep = result.clone();
    crate::run::worker::run_alone(job, move |handed| {
        if let crate::run::worker::Handed::Event(e) = handed
            && let Event::Finished(r) = *e
            && let Ok(mut k) = keep.lock()
        {
            *k = Some(r);
        }
    });
    let taken = result.lock().ok().and_then(|mut r| r.take());
    taken.ok_or_else(|| Fail::Unchecked("not checked: its replay ended without an answer".into()))
}
