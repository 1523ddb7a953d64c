//! What the views shared by all puzzles (Compare) need of each puzzle: its catalog, an
//! instance form, the job an algorithm runs on the instance, and how an answer is drawn
//! step by step. Each puzzle implements [`PuzzleUi`] in its own file here; the shell and
//! Compare never match on the puzzle except to pick one of these.

pub mod knight;
pub mod magic;
pub mod queens;

use crate::app::error::AppError;
use crate::app::mode::LessonMode;
use crate::app::widgets::plots::CurveNote;
use crate::run::Job;
use crate::run::catalog::AlgorithmInfo;
use crate::solve::{Budget, Counters, GenerationStats};
use egui::Ui;
use serde::{Deserialize, Serialize};

/// The three puzzles.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Default,
    Serialize,
    Deserialize,
    strum::IntoStaticStr,
    strum::VariantArray,
    strum::VariantNames,
    strum::EnumMessage,
)]
pub enum Puzzle {
    /// The Knight's Tour: a knight visits every square of the board once.
    #[default]
    #[strum(message = "Knight's Tour")]
    Knight,
    /// N-Queens: n queens on an n × n board, no two attacking each other.
    #[strum(message = "N-Queens")]
    Queens,
    /// Magic squares: 1 to n² in an n × n grid, each row, column and diagonal with one sum.
    #[strum(message = "Magic squares")]
    Magic,
}

impl Puzzle {
    /// Every puzzle, in the order of the tabs.
    pub const ALL: &'static [Puzzle] = <Puzzle as strum::VariantArray>::VARIANTS;

    /// The picker's label, the puzzle's name in a word (shorter than the tabs', so the two
    /// differ).
    pub fn short(self) -> &'static str {
        self.into()
    }

    /// The puzzle's name as its tab says it ("Knight's Tour").
    pub fn title(self) -> &'static str {
        strum::EnumMessage::get_message(&self).unwrap_or_else(|| self.short())
    }

    /// Its name in a link (`#v1/knight?…`): the short name in lower case.
    pub fn link_name(self) -> String {
        self.short().to_lowercase()
    }

    /// Reads a link's place on this puzzle's tab: its instance's keys, taken out of
    /// `fields`, with `choice`; and the keys it reads, for a message.
    pub fn read_link(
        self,
        fields: &mut crate::app::link::Fields,
        choice: crate::app::link::Choice,
    ) -> Result<(Box<dyn LessonSetUp>, &'static str), String> {
        Ok(match self {
            Puzzle::Knight => (
                Box::new(knight::KnightSetUp::from_link(fields, choice)?),
                knight::KnightSetUp::LINK_KEYS,
            ),
            Puzzle::Queens => (
                Box::new(queens::QueensSetUp::from_link(fields, choice)?),
                queens::QueensSetUp::LINK_KEYS,
            ),
            Puzzle::Magic => (
                Box::new(magic::MagicSetUp::from_link(fields, choice)?),
                magic::MagicSetUp::LINK_KEYS,
            ),
        })
    }

    /// Reads what a lesson sets up on this puzzle's tab (the fields of the lesson file's
    /// `setup: Knight(…)`), as the puzzle's own set-up type.
    pub fn read_set_up<'de, D: serde::Deserializer<'de>>(
        self,
        fields: D,
    ) -> Result<Box<dyn LessonSetUp>, D::Error> {
        fn boxed<'de, S: LessonSetUp + Deserialize<'de>, D: serde::Deserializer<'de>>(
            fields: D,
        ) -> Result<Box<dyn LessonSetUp>, D::Error> {
            Ok(Box::new(S::deserialize(fields)?))
        }
        match self {
            Puzzle::Knight => boxed::<knight::KnightSetUp, D>(fields),
            Puzzle::Queens => boxed::<queens::QueensSetUp, D>(fields),
            Puzzle::Magic => boxed::<magic::MagicSetUp, D>(fields),
        }
    }
}

/// What a lesson sets up on its puzzle's tab: the instance, the algorithm and how the
/// student meets the puzzle. Each puzzle has its own type, in its file here; the tab
/// that takes it finds it with [`LessonSetUp::as_any`].
pub trait LessonSetUp: std::fmt::Debug + Send + Sync + 'static {
    /// The puzzle whose tab it sets up.
    fn puzzle(&self) -> Puzzle;
    /// How the student meets the puzzle.
    fn mode(&self) -> LessonMode;
    /// Why the tab cannot be set up so, if it cannot.
    fn check(&self) -> Result<(), String>;
    /// Itself as `Any`, for the tab that takes it.
    fn as_any(&self) -> &dyn std::any::Any;
    /// A copy.
    fn boxed(&self) -> Box<dyn LessonSetUp>;
    /// Whether `other` sets up the same.
    fn same(&self, other: &dyn LessonSetUp) -> bool;
    /// The algorithm, its parameters and seed, the mode and the step.
    fn choice(&self) -> crate::app::link::Choice;
    /// The instance as a link's `key=value` pairs.
    fn link_pairs(&self) -> Vec<(&'static str, String)>;
}

/// The [`LessonSetUp`] methods that are the same for every puzzle's set-up type.
macro_rules! set_up_identity {
    ($puzzle:expr) => {
        fn puzzle(&self) -> $crate::app::puzzles::Puzzle {
            $puzzle
        }

        fn mode(&self) -> $crate::app::mode::LessonMode {
            self.mode
        }

        fn as_any(&self) -> &dyn std::any::Any {
            self
        }

        fn boxed(&self) -> Box<dyn $crate::app::puzzles::LessonSetUp> {
            Box::new(self.clone())
        }

        fn same(&self, other: &dyn $crate::app::puzzles::LessonSetUp) -> bool {
            other.as_any().downcast_ref::<Self>() == Some(self)
        }

        fn choice(&self) -> $crate::app::link::Choice {
            $crate::app::link::Choice {
                algorithm: self.algorithm.clone(),
                mode: self.mode,
                seed: self.seed,
                params: self.params.clone(),
                step: self.step,
            }
        }
    };
}
pub(crate) use set_up_identity;

/// `with(choice)` for a puzzle's set-up type `$t`: the set-up with `choice`'s algorithm,
/// mode, seed, parameters and step.
macro_rules! with_choice {
    ($t:ty) => {
        impl $t {
            /// The set-up with `choice`'s algorithm, mode, seed, parameters and step.
            pub fn with(self, choice: $crate::app::link::Choice) -> $t {
                let $crate::app::link::Choice {
                    algorithm,
                    mode,
                    seed,
                    params,
                    step,
                } = choice;
                Self {
                    algorithm,
                    mode,
                    seed,
                    params,
                    step,
                    ..self
                }
            }
        }
    };
}
pub(crate) use with_choice;

/// [`PuzzleUi::same`] for an instance type that compares with `==`.
pub fn same_as<T: PartialEq + 'static>(this: &T, other: &dyn PuzzleUi) -> bool {
    other.as_any().downcast_ref::<T>() == Some(this)
}

/// [`PuzzleUi::assign`] for an instance type that can be cloned.
pub fn assign_from<T: Clone + 'static>(this: &mut T, other: &dyn PuzzleUi) {
    if let Some(other) = other.as_any().downcast_ref::<T>() {
        this.clone_from(other);
    }
}

/// The four [`PuzzleUi`] methods that only say which instance it is, the same for every
/// puzzle: its puzzle (that of its tab, `$tab`), [`same_as`], [`assign_from`], and
/// itself as `Any`.
macro_rules! instance_identity {
    ($tab:ty) => {
        fn puzzle(&self) -> $crate::app::puzzles::Puzzle {
            <$tab as $crate::app::tab::TabPuzzle>::PUZZLE
        }

        fn same(&self, other: &dyn $crate::app::puzzles::PuzzleUi) -> bool {
            $crate::app::puzzles::same_as(self, other)
        }

        fn assign(&mut self, other: &dyn $crate::app::puzzles::PuzzleUi) {
            $crate::app::puzzles::assign_from(self, other);
        }

        fn as_any(&self) -> &dyn std::any::Any {
            self
        }
    };
}
pub(crate) use instance_identity;

/// One instance of a puzzle, as a shared view shows and runs it.
pub trait PuzzleUi {
    /// The algorithms that solve it.
    fn algorithms(&self) -> &'static [AlgorithmInfo];
    /// The algorithms a comparison starts with.
    fn default_choice(&self) -> &'static [&'static str];
    /// The instance's fields (a value takes effect on Enter or when the focus leaves its
    /// field), each saying under it why it cannot be used yet; `Err` is why a run must wait
    /// for them: a text that is not a valid value, or one not applied yet.
    fn form(&mut self, ui: &mut Ui) -> Result<(), AppError>;
    /// What is wrong with the instance for a shared view, if anything.
    fn check(&self) -> Result<(), AppError>;
    /// The job of `algorithm` with `params` and `seed` on this instance.
    fn job(&self, algorithm: &str, params: &[(String, String)], seed: u64, budget: Budget) -> Job;
    /// A name for files, e.g. `knight-8x8`.
    fn instance_name(&self) -> String;
    /// Draws the first `shown` steps of `answer` (a tour's squares, the queens column by
    /// column, a square's cells) in a square of the space given; `key` tells one drawing
    /// from another (for cached textures). Returns the `(row, col)` clicked, if any.
    fn draw(&self, ui: &mut Ui, answer: &[u32], shown: usize, key: u64) -> Option<(u32, u32)>;
    /// What a search's progress plot has on its y axis.
    fn progress_axis(&self) -> &'static str;
    /// A square of a drawing was clicked (the knight starts there next time).
    fn clicked(&mut self, _at: (u32, u32)) {}
    /// What the colours and marks of the drawings mean, once under all of them.
    fn legend(&self, ui: &mut Ui);
    /// Which puzzle it is an instance of.
    fn puzzle(&self) -> Puzzle;
    /// Whether `other` is the same instance: the same puzzle with the same settings.
    fn same(&self, other: &dyn PuzzleUi) -> bool;
    /// Takes `other`'s settings, when it is an instance of the same puzzle.
    fn assign(&mut self, other: &dyn PuzzleUi);
    /// The instance as `Any`, for [`PuzzleUi::same`] and [`PuzzleUi::assign`].
    fn as_any(&self) -> &dyn std::any::Any;
    /// What the curve of `algorithm` (its `points`, its `counters`) does that needs words.
    fn curve_note(
        &self,
        _algorithm: &str,
        _points: &[GenerationStats],
        _counters: &Counters,
    ) -> Option<CurveNote> {
        None
    }
}
