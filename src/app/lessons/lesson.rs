//! A lesson as a teacher writes it: a RON file with a title, the set-up one click makes
//! (a puzzle tab, its instance and algorithm, and whether the student plays, steps or
//! guesses), what to try, and questions the app checks. [`Lesson::parse`] reads one and
//! refuses it, with the reason, when it is not valid RON or asks for something the app
//! cannot set up.

pub use crate::app::mode::LessonMode as Mode;
use serde::Deserialize;

/// One lesson.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Lesson {
    /// Its title, in the list and above its text.
    pub title: String,
    /// One line under the title in the list.
    pub summary: String,
    /// What one click sets up.
    pub setup: Setup,
    /// What to try, a paragraph each.
    #[serde(rename = "try")]
    pub try_this: Vec<String>,
    /// The questions the app checks, at least one.
    pub questions: Vec<Question>,
}

/// What a lesson sets up: a puzzle tab with its instance and algorithm, and a mode.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub enum Setup {
    /// The Knight's Tour tab: its board, start square, kind of tour, algorithm and mode.
    Knight {
        /// The board's width in squares, from 1 to [`crate::app::limits::MAX_SIDE`].
        cols: u32,
        /// The board's height in squares, from 1 to [`crate::app::limits::MAX_SIDE`].
        rows: u32,
        /// `(row, column)`, row 0 at the top.
        #[serde(default)]
        start: (u32, u32),
        /// Look for a closed tour (default: an open one).
        #[serde(default)]
        closed: bool,
        /// An id of the Knight's Tour tab's algorithm picker (`warnsdorff`, `count-all` …).
        #[serde(default)]
        algorithm: Option<String>,
        /// How the student meets the puzzle (default: run the algorithm).
        #[serde(default)]
        mode: Mode,
    },
    /// The N-Queens tab: its n, algorithm and mode.
    Queens {
        /// The number of queens and the board's side, from 1 to
        /// [`crate::app::limits::MAX_APP_N`].
        n: u64,
        /// A solver id of the N-Queens catalog (`hill-climbing`, `csp` …); `None` keeps the
        /// tab's choice.
        #[serde(default)]
        algorithm: Option<String>,
        /// How the student meets the puzzle (default: run the algorithm).
        #[serde(default)]
        mode: Mode,
    },
    /// The magic-squares tab: its order, algorithm and mode (no step by step: `Steps` and
    /// `Guess` are refused).
    Magic {
        /// The square's order, from 1 to [`crate::app::limits::MAX_APP_ORDER`].
        order: u64,
        /// `ga` or `construct`; `None` keeps the tab's choice.
        #[serde(default)]
        algorithm: Option<String>,
        /// `Run` or `Play` (default: run the algorithm).
        #[serde(default)]
        mode: Mode,
    },
}

/// A question the app checks.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Question {
    /// The question, as the student reads it.
    pub ask: String,
    /// The right answer, and how the student gives it (a number typed, or a choice).
    pub answer: Answer,
    /// Said once the answer is right.
    pub explain: String,
}

/// The right answer.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub enum Answer {
    /// A whole number, typed.
    Number(i64),
    /// One of the options, picked; `right` counts from 0.
    Choice {
        /// The options offered, in order; two or more.
        options: Vec<String>,
        /// The index of the right option in `options`.
        right: usize,
    },
}

/// The largest board, n and order a lesson may set up (what the tabs take).
const MAX_KNIGHT_SIDE: u32 = crate::app::limits::MAX_SIDE;
const MAX_N: u64 = crate::app::limits::MAX_APP_N;
const MAX_ORDER: u64 = crate::app::limits::MAX_APP_ORDER;

impl Lesson {
    /// Reads a lesson from RON text, and checks that the app can set it up.
    ///
    /// # Example
    ///
    /// ```rust
    /// use searchlab::app::lessons::lesson::Lesson;
    ///
    /// let text = r#"Lesson(
    ///     title: "Count them",
    ///     summary: "How many tours from a corner of 5x5?",
    ///     setup: Knight(cols: 5, rows: 5, algorithm: Some("count")),
    ///     try: ["Press Run."],
    ///     questions: [Question(ask: "How many?", answer: Number(304), explain: "All of them.")],
    /// )"#;
    /// assert_eq!(Lesson::parse(text).unwrap().title, "Count them");
    /// assert!(Lesson::parse("Lesson(title: 3)").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Lesson, String> {
        let lesson: Lesson = ron::from_str(text).map_err(|e| e.to_string())?;
        lesson.check()?;
        Ok(lesson)
    }

    /// Why the app cannot use this lesson, if it cannot.
    pub fn check(&self) -> Result<(), String> {
        if self.title.trim().is_empty() {
            return Err("the title is empty".into());
        }
        if self.questions.is_empty() {
            return Err("a lesson asks at least one question".into());
        }
        for (i, q) in self.questions.iter().enumerate() {
            if let Answer::Choice { options, right } = &q.answer {
                if options.len() < 2 {
                    return Err(format!(
                        "question {}: a choice needs two options or more",
                        i + 1
                    ));
                }
                if *right >= options.len() {
                    return Err(format!(
                        "question {}: right is {right}, but the options count from 0 to {}",
                        i + 1,
                        options.len() - 1
                    ));
                }
            }
        }
        self.setup.check()
    }
}

impl Setup {
    /// The puzzle's name, as its tab says it.
    pub fn puzzle(&self) -> &'static str {
        match self {
            Setup::Knight { .. } => "Knight's Tour",
            Setup::Queens { .. } => "N-Queens",
            Setup::Magic { .. } => "Magic squares",
        }
    }

    /// The mode asked for.
    pub fn mode(&self) -> Mode {
        match self {
            Setup::Knight { mode, .. } | Setup::Queens { mode, .. } | Setup::Magic { mode, .. } => {
                *mode
            }
        }
    }

    /// Why the tab cannot be set up so, if it cannot.
    pub fn check(&self) -> Result<(), String> {
        use crate::run::catalog::{knight_algorithm, magic_algorithm};
        use crate::run::{Algorithm, QueensAlgo};
        let traced = matches!(self.mode(), Mode::Steps | Mode::Guess);
        match self {
            Setup::Knight {
                cols,
                rows,
                start,
                algorithm,
                ..
            } => {
                for (name, side) in [("cols", cols), ("rows", rows)] {
                    if !(1..=MAX_KNIGHT_SIDE).contains(side) {
                        return Err(format!(
                            "{name} must be from 1 to {MAX_KNIGHT_SIDE}, not {side}"
                        ));
                    }
                }
                if start.0 >= *rows || start.1 >= *cols {
                    return Err(format!(
                        "start ({}, {}) is off the {cols}x{rows} board: (row, column), each from 0",
                        start.0, start.1
                    ));
                }
                if let Some(a) = algorithm {
                    let other = crate::app::puzzles::knight::is_other_task(a);
                    if knight_algorithm(a).is_err() && !other {
                        return Err(format!("no knight's tour algorithm is called \"{a}\""));
                    }
                    if traced && crate::run::trace::knight::Traced::parse(a).is_err() {
                        return Err(format!("step by step cannot follow \"{a}\""));
                    }
                }
            }
            Setup::Queens { n, algorithm, .. } => {
                if !(1..=MAX_N).contains(n) {
                    return Err(format!("n must be from 1 to {MAX_N}, not {n}"));
                }
                if let Some(a) = algorithm {
                    let kind = QueensAlgo::parse(a)
                        .map_err(|_| format!("no N-Queens algorithm is called \"{a}\""))?;
                    if traced && !kind.offers().trace {
                        return Err(format!("step by step cannot follow \"{a}\""));
                    }
                }
            }
            Setup::Magic {
                order, algorithm, ..
            } => {
                if !(1..=MAX_ORDER).contains(order) {
                    return Err(format!("order must be from 1 to {MAX_ORDER}, not {order}"));
                }
                if let Some(a) = algorithm {
                    magic_algorithm(a)
                        .map_err(|_| format!("no magic-square algorithm is called \"{a}\""))?;
                }
                if traced {
                    return Err(
                        "step by step follows knight's tour and N-Queens searches only".into(),
                    );
                }
            }
        }
        Ok(())
    }
}

impl Question {
    /// Whether `given` (typed, or an option's index as text) is the right answer.
    pub fn is_right(&self, given: &str) -> Result<bool, String> {
        match &self.answer {
            Answer::Number(n) => {
                let typed = given.trim().replace([',', '_', ' '], "");
                let v: i64 = typed
                    .parse()
                    .map_err(|_| format!("\"{}\" is not a whole number", given.trim()))?;
                Ok(v == *n)
            }
            Answer::Choice { right, .. } => Ok(given.trim() == right.to_string()),
        }
    }
}
