//! A lesson as a teacher writes it: a RON file with a title, the set-up one click makes
//! (a puzzle tab, its instance and algorithm, and whether the student plays, steps or
//! guesses), what to try, and questions the app checks. [`Lesson::parse`] reads one and
//! refuses it, with the reason, when it is not valid RON or asks for something the app
//! cannot set up.

pub use super::question::{Answer, Question};
pub use crate::run::setup::LessonMode as Mode;
use crate::run::setup::Setup;
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
    /// How the work is scored, when the lesson is an assignment (see
    /// [`super::assignment`]).
    #[serde(default)]
    pub assignment: Option<super::assignment::Assignment>,
    /// The RON text it was read from (by [`Lesson::parse`]), which a browser's worker
    /// reads again to grade its assignment.
    #[serde(skip)]
    pub source: String,
}

impl Lesson {
    /// Reads a lesson from RON text, and checks that the app can set it up.
    ///
    /// # Example
    ///
    /// ```rust
    /// use searchlab::teach::lesson::Lesson;
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
