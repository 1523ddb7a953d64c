//! Assignments: a lesson whose file says how the work is scored, and the hand-in a
//! student's work is saved as.
//!
//! A teacher adds `assignment: Some(Assignment(id: "…", tasks: [ … ]))` to a lesson. Each
//! task is worth points:
//!
//! - `Question(number: k, points: p)`: the lesson's question `k` (from 1) answered right.
//! - `Guess(setup: …, decisions: d, required: r, points: p)`: Your guess on the search the
//!   set-up traces, at least `d` decisions answered and `r` of them right at the first try;
//!   with `last: Some(k)`, a faded example: only the answers to the trace's last `k`
//!   decisions count.
//! - `Run(setup: …, solved: true, points: p)`: a run of the set-up's search, cited as its
//!   run file (embedded), that found a solution when `solved` says so.
//! - `Play(setup: …, hints: Some(h), points: p)`: the set-up's puzzle solved by hand in
//!   play mode, with at most `h` hints (any number when `hints` is left out).
//!
//! A hand-in ([`HandIn`], JSON) holds the student's name, the assignment's id, the time
//! spent, the SearchLab version, and per task what the student did: the answer typed or
//! picked, the trace job of Your guess with the first answer to each decision, the run
//! file's text, the answer played with the hints asked before it. It holds no verdict the grader believes: `searchlab grade` (see
//! [`super::grade`]) works every verdict out again, replaying the trace and the runs.

use crate::run::play::HintKind;
pub use crate::run::puzzles::TracedJob;
use crate::run::setup::Setup;
pub use crate::run::trace::guess::score::Guessed;
use crate::run::trace::guess::score::index;
use serde::{Deserialize, Serialize};

/// How a lesson's work is scored.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Assignment {
    /// The id hand-ins name it by (letters, digits, `-` and `_`).
    pub id: String,
    /// The tasks, in order.
    pub tasks: Vec<Task>,
}

/// One task of an assignment.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub enum Task {
    /// The lesson's question `number` (from 1), answered right.
    Question {
        /// The question, from 1.
        number: usize,
        /// Points when right.
        points: u32,
    },
    /// Your guess on the search `setup` traces.
    Guess {
        /// The search (with `mode: Guess`).
        setup: Setup,
        /// Decisions answered at least.
        decisions: u32,
        /// Of them, right at the first try at least.
        required: u32,
        /// A faded example: only the answers to the trace's last `last` decisions count
        /// (the student's turn in "the last k decisions"); `None`: any decision.
        #[serde(default)]
        last: Option<u32>,
        /// Points when both hold.
        points: u32,
    },
    /// A run of the search `setup` sets up, cited as its run file.
    Run {
        /// The puzzle, its instance and its algorithm.
        setup: Setup,
        /// Whether the run must have found a solution.
        #[serde(default)]
        solved: bool,
        /// Points when the run replays as cited (and solved, if asked).
        points: u32,
    },
    /// The puzzle `setup` sets up, solved by hand.
    Play {
        /// The puzzle and its instance (with `mode: Play`).
        setup: Setup,
        /// The most hints the points allow; `None`: any number.
        #[serde(default)]
        hints: Option<u32>,
        /// Points when solved (within the hints allowed).
        points: u32,
    },
}

impl Task {
    /// Its points.
    pub fn points(&self) -> u32 {
        match self {
            Task::Question { points, .. }
            | Task::Guess { points, .. }
            | Task::Run { points, .. }
            | Task::Play { points, .. } => *points,
        }
    }

    /// The set-up it works on, for a task that has one.
    pub fn setup(&self) -> Option<&Setup> {
        match self {
            Task::Question { .. } => None,
            Task::Guess { setup, .. } | Task::Run { setup, .. } | Task::Play { setup, .. } => {
                Some(setup)
            }
        }
    }

    /// What it asks, in a few words.
    pub fn describe(&self, questions: &[super::question::Question]) -> String {
        match self {
            Task::Question { number, .. } => format!(
                "question {number}: {}",
                questions
                    .get(number.wrapping_sub(1))
                    .map_or("", |q| q.ask.as_str())
            ),
            Task::Guess {
                decisions,
                required,
                last: None,
                ..
            } => format!("Your guess: {decisions} decisions, {required} right at the first try"),
            Task::Guess {
                decisions,
                required,
                last: Some(k),
                ..
            } => format!(
                "Your guess, faded: {decisions} of the last {k} decisions answered, {required} right at the first try"
            ),
            Task::Run { solved: true, .. } => "a run that finds a solution, cited".into(),
            Task::Run { .. } => "a run, cited".into(),
            Task::Play { setup, hints, .. } => format!(
                "play it yourself: {}{}",
                goal(setup),
                match hints {
                    None => String::new(),
                    Some(0) => ", with no hint".into(),
                    Some(1) => ", with 1 hint at most".into(),
                    Some(h) => format!(", with {h} hints at most"),
                }
            ),
        }
    }
}

impl Assignment {
    /// Why the app cannot use this assignment with `questions`, if it cannot.
    pub fn check(&self, questions: &[super::question::Question]) -> Result<(), String> {
        if self.id.is_empty()
            || self.id.len() > 64
            || !self
                .id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err("an assignment's id is 1 to 64 letters, digits, '-' or '_'".to_string());
        }
        if self.tasks.is_empty() {
            return Err("an assignment has at least one task".into());
        }
        if self.tasks.len() > MAX_TASKS {
            return Err(format!("an assignment has at most {MAX_TASKS} tasks"));
        }
        for (i, task) in self.tasks.iter().enumerate() {
            let at = |why: String| Err(format!("task {}: {why}", i + 1));
            if task.points() > MAX_POINTS {
                return at(format!(
                    "{} points; a task is worth at most {MAX_POINTS}",
                    task.points()
                ));
            }
            match task {
                Task::Question { number, .. } if *number == 0 || *number > questions.len() => {
                    return at(format!(
                        "question {number}, but the lesson has questions 1 to {}",
                        questions.len()
                    ));
                }
                Task::Guess {
                    setup,
                    decisions,
                    required,
                    last,
                    ..
                } => {
                    if required > decisions {
                        return at(format!(
                            "{required} right of {decisions} decisions cannot be"
                        ));
                    }
                    // A hand-in holds at most MAX_GUESSES answers to a task: more asked
                    // could never be done.
                    if *decisions as usize > MAX_GUESSES {
                        return at(format!(
                            "decisions: {decisions}, but a hand-in holds at most {MAX_GUESSES} answers to a task: ask 1 to {MAX_GUESSES}"
                        ));
                    }
                    if let Some(k) = *last
                        && (k == 0 || k as usize > MAX_GUESSES || *decisions > k)
                    {
                        return at(format!(
                            "last: {k} decisions, but a faded task takes 1 to {MAX_GUESSES} of them and asks at most that many ({decisions} asked)"
                        ));
                    }
                    if setup.mode() != crate::run::setup::LessonMode::Guess {
                        return at("a Guess task's set-up has mode: Guess".into());
                    }
                    exact(setup).map_err(|e| format!("task {}: {e}", i + 1))?;
                    setup.check().map_err(|e| format!("task {}: {e}", i + 1))?;
                }
                Task::Run { setup, .. } => {
                    exact(setup).map_err(|e| format!("task {}: {e}", i + 1))?;
                    setup.check().map_err(|e| format!("task {}: {e}", i + 1))?;
                }
                Task::Play { setup, .. } => {
                    if setup.mode() != crate::run::setup::LessonMode::Play {
                        return at("a Play task's set-up has mode: Play".into());
                    }
                    // The set-up's own check holds the instance to what play mode takes.
                    setup.check().map_err(|e| format!("task {}: {e}", i + 1))?;
                }
                Task::Question { .. } => {}
            }
        }
        Ok(())
    }
}

/// The most tasks an assignment may have.
pub const MAX_TASKS: usize = 100;
/// The most points a task may be worth.
pub const MAX_POINTS: u32 = 1000;

/// A task's set-up must name its search, of a puzzle whose searches the grader replays.
fn exact(setup: &Setup) -> Result<(), String> {
    setup.set_up().gradable()
}

/// What solving the set-up's puzzle by hand means, in words: "an open tour of 5×5 from
/// a1", "8 queens on 8×8, none attacking another", "a magic square of order 3".
pub fn goal(setup: &Setup) -> String {
    setup.set_up().goal()
}

/// The `format` field of every hand-in.
pub const FORMAT: &str = "searchlab-hand-in";
/// The newest hand-in version this build writes and reads.
pub const VERSION: u32 = 1;
/// The largest hand-in read: its runs are embedded.
pub const MAX_HAND_IN_BYTES: u64 = 32 << 20;
/// The most answers a Your guess task may hold.
pub const MAX_GUESSES: usize = 10_000;

/// A student's work on one assignment, as one file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HandIn {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`VERSION`] when written by this build.
    pub version: u32,
    /// The SearchLab version that wrote it.
    pub written_by: String,
    /// The student's name, as typed.
    pub student: String,
    /// The assignment's id.
    pub assignment: String,
    /// Seconds spent with the assignment open.
    pub seconds: u64,
    /// The work, a part per task done.
    pub work: Vec<Work>,
}

/// What the student did for one task (`task`: its number, from 1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Work {
    /// A question's answer: the text typed, or the index of the option picked.
    Answer {
        /// The task.
        #[serde(deserialize_with = "index")]
        task: usize,
        /// The answer given last.
        given: String,
    },
    /// Your guess on a traced search.
    Guess {
        /// The task.
        #[serde(deserialize_with = "index")]
        task: usize,
        /// The search traced.
        trace: TracedJob,
        /// The first answer to each decision answered.
        answers: Vec<Guessed>,
        /// How many the app said were right at the first try (checked, never believed).
        claimed_right: u32,
    },
    /// A run, cited.
    Run {
        /// The task.
        #[serde(deserialize_with = "index")]
        task: usize,
        /// The run file, as its text.
        run: String,
    },
    /// The puzzle solved by hand.
    Play {
        /// The task.
        #[serde(deserialize_with = "index")]
        task: usize,
        /// The answer, as the puzzle's play mode holds it: the tour's squares in order,
        /// the queens' rows column by column, or the square's cells row by row.
        answer: Vec<u32>,
        /// The hints asked on the task's instance since the assignment was opened, up to
        /// the first solution (as the app counted them: a file cannot prove them).
        hints: Vec<HintKind>,
    },
}

impl Work {
    /// The task it is for (from 1).
    pub fn task(&self) -> usize {
        match self {
            Work::Answer { task, .. }
            | Work::Guess { task, .. }
            | Work::Run { task, .. }
            | Work::Play { task, .. } => *task,
        }
    }
}

impl HandIn {
    /// An empty hand-in for `student` on assignment `id`.
    pub fn new(student: &str, id: &str) -> HandIn {
        HandIn {
            format: FORMAT.into(),
            version: VERSION,
            written_by: env!("CARGO_PKG_VERSION").into(),
            student: student.into(),
            assignment: id.into(),
            seconds: 0,
            work: Vec::new(),
        }
    }

    /// The hand-in as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a hand-in is plain data")
    }

    /// Reads a hand-in from JSON: refused, with the reason, when it is not one, is of a
    /// newer version, or is malformed.
    pub fn from_json(text: &str) -> Result<HandIn, String> {
        #[derive(Deserialize)]
        struct Header {
            format: String,
            version: u32,
        }
        let head: Header = serde_json::from_str(text)
            .map_err(|e| format!("not a SearchLab hand-in (JSON with format and version): {e}"))?;
        if head.format != FORMAT {
            return Err(format!(
                "not a SearchLab hand-in: its format is \"{}\"",
                crate::run::file::printable(&head.format)
            ));
        }
        if head.version > VERSION {
            return Err(format!(
                "a hand-in of version {}; this SearchLab reads versions up to {VERSION}",
                head.version
            ));
        }
        let hand_in: HandIn =
            serde_json::from_str(text).map_err(|e| format!("the hand-in is damaged: {e}"))?;
        for work in &hand_in.work {
            let (what, many) = match work {
                Work::Guess { answers, .. } => ("answers to Your guess", answers.len()),
                Work::Play { hints, .. } => ("hints", hints.len()),
                _ => continue,
            };
            if many > MAX_GUESSES {
                return Err(format!(
                    "task {}: {many} {what}, more than the {MAX_GUESSES} a hand-in may hold",
                    work.task(),
                ));
            }
        }
        Ok(hand_in)
    }
}
