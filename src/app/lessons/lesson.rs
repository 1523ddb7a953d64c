//! A lesson as a teacher writes it: a RON file with a title, the set-up one click makes
//! (a puzzle tab, its instance and algorithm, and whether the student plays, steps or
//! guesses), what to try, and questions the app checks. [`Lesson::parse`] reads one and
//! refuses it, with the reason, when it is not valid RON or asks for something the app
//! cannot set up.

pub use crate::app::mode::LessonMode as Mode;
use crate::app::puzzles::{LessonSetUp, Puzzle};
use serde::de::{EnumAccess, MapAccess, VariantAccess, Visitor};
use serde::{Deserialize, Deserializer};
use strum::VariantNames;

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
    /// How the work is scored, when the lesson is an assignment (see
    /// [`super::assignment`]).
    #[serde(default)]
    pub assignment: Option<super::assignment::Assignment>,
    /// The RON text it was read from (by [`Lesson::parse`]), which a browser's worker
    /// reads again to grade its assignment.
    #[serde(skip)]
    pub source: String,
}

/// What a lesson sets up: a puzzle tab with its instance and algorithm, and a mode. The
/// file names the puzzle (`Knight(cols: 5, rows: 5)`, `Queens(n: 8)`, `Magic(order: 3)`)
/// and the puzzle reads its own fields ([`Puzzle::read_set_up`]).
pub struct Setup(Box<dyn LessonSetUp>);

impl Setup {
    /// The set-up of `set_up`.
    pub fn new(set_up: Box<dyn LessonSetUp>) -> Setup {
        Setup(set_up)
    }

    /// The puzzle's own set-up, as its trait.
    pub fn set_up(&self) -> &dyn LessonSetUp {
        &*self.0
    }

    /// The puzzle's own set-up, when it is a `T`.
    pub fn get<T: 'static>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }

    /// The puzzle whose tab it sets up.
    pub fn puzzle(&self) -> Puzzle {
        self.0.puzzle()
    }

    /// The mode asked for.
    pub fn mode(&self) -> Mode {
        self.0.mode()
    }

    /// Why the tab cannot be set up so, if it cannot.
    pub fn check(&self) -> Result<(), String> {
        self.0.check()
    }
}

impl Clone for Setup {
    fn clone(&self) -> Self {
        Setup(self.0.boxed())
    }
}

impl PartialEq for Setup {
    fn eq(&self, other: &Setup) -> bool {
        self.0.same(other.0.as_ref())
    }
}

impl std::fmt::Debug for Setup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<'de> Deserialize<'de> for Setup {
    fn deserialize<D: Deserializer<'de>>(file: D) -> Result<Setup, D::Error> {
        /// Reads the puzzle's name, then has the puzzle read its fields.
        struct Named;
        /// Hands a puzzle its fields.
        struct Fields(Puzzle);

        impl<'de> Visitor<'de> for Named {
            type Value = Setup;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                write!(f, "a puzzle: one of {}", Puzzle::VARIANTS.join(", "))
            }
            fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Setup, A::Error> {
                let (puzzle, fields) = data.variant::<Puzzle>()?;
                fields.struct_variant(&[], Fields(puzzle))
            }
        }

        impl<'de> Visitor<'de> for Fields {
            type Value = Setup;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                write!(f, "the fields of {}(…)", self.0.short())
            }
            fn visit_map<A: MapAccess<'de>>(self, fields: A) -> Result<Setup, A::Error> {
                let fields = serde::de::value::MapAccessDeserializer::new(fields);
                self.0.read_set_up(fields).map(Setup)
            }
        }

        file.deserialize_enum("Setup", Puzzle::VARIANTS, Named)
    }
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
        let mut lesson: Lesson = ron::from_str(text).map_err(|e| e.to_string())?;
        lesson.check()?;
        lesson.source = text.to_string();
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
        if let Some(a) = &self.assignment {
            a.check(&self.questions)
                .map_err(|e| format!("the assignment: {e}"))?;
        }
        self.setup.check()
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
