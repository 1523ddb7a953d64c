//! What the views shared by all puzzles (Compare) need of each puzzle: its catalog, an
//! instance form, the job an algorithm runs on the instance, and how an answer is drawn
//! step by step. Each puzzle implements [`PuzzleUi`] and [`PuzzleUiDef`] in its own file
//! here, and [`UI_PUZZLES`] lists them once; the shell and Compare never match on the
//! puzzle.

pub mod knight;
pub mod magic;
pub mod queens;

use crate::app::error::AppError;
use crate::app::widgets::plots::CurveNote;
use crate::run::catalog::AlgorithmInfo;
use crate::run::{Job, PuzzleId};
use crate::solve::{Budget, Counters, GenerationStats};
use egui::Ui;

/// A puzzle's part of the views every puzzle shares, listed once in [`UI_PUZZLES`].
pub trait PuzzleUiDef: Sync {
    /// Which puzzle.
    fn id(&self) -> PuzzleId;
    /// Its instance as Compare's form starts with it.
    fn instance(&self) -> Box<dyn PuzzleUi>;
    /// Its instance as a saved form holds it.
    fn read_instance(
        &self,
        saved: &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<Box<dyn PuzzleUi>, erased_serde::Error>;
    /// First difference on it, for a puzzle whose searches are traced.
    fn pair(&self) -> Option<Box<dyn ContrastUi>> {
        None
    }
}

/// Every puzzle's part of the shared views, in the order of [`crate::run::PUZZLES`].
pub const UI_PUZZLES: &[&dyn PuzzleUiDef] = &[&knight::UI, &queens::UI, &magic::UI];

/// `puzzle`'s part of the shared views.
pub fn ui_of(puzzle: PuzzleId) -> &'static dyn PuzzleUiDef {
    (UI_PUZZLES.iter().copied())
        .find(|d| d.id() == puzzle)
        .unwrap_or(UI_PUZZLES[0])
}

/// [`PuzzleUiDef::read_instance`] for an instance type that serde reads.
pub fn read_as<T: PuzzleUi + serde::de::DeserializeOwned + 'static>(
    saved: &mut dyn erased_serde::Deserializer<'_>,
) -> Result<Box<dyn PuzzleUi>, erased_serde::Error> {
    Ok(Box::new(erased_serde::deserialize::<T>(saved)?))
}

impl Clone for Box<dyn PuzzleUi> {
    fn clone(&self) -> Self {
        self.boxed()
    }
}

impl PartialEq for Box<dyn PuzzleUi> {
    fn eq(&self, other: &Self) -> bool {
        self.same(other.as_ref())
    }
}

erased_serde::serialize_trait_object!(PuzzleUi);

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

/// The [`PuzzleUi`] methods that only say which instance it is, the same for every
/// puzzle: its puzzle (`$puzzle`, a [`crate::run::PuzzleId`]), [`same_as`],
/// [`assign_from`], itself as `Any`, and a copy.
macro_rules! instance_identity {
    ($puzzle:expr) => {
        fn puzzle(&self) -> $crate::run::PuzzleId {
            $puzzle
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

        fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
            self
        }

        fn boxed(&self) -> Box<dyn $crate::app::puzzles::PuzzleUi> {
            Box::new(self.clone())
        }
    };
}
pub(crate) use instance_identity;

/// One instance of a puzzle, as a shared view shows and runs it; saved as its fields.
pub trait PuzzleUi: erased_serde::Serialize + std::fmt::Debug {
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
    /// The job of `algorithm` (a catalog id) with `params` and `seed` on this instance, or
    /// why there is none (an id the catalog does not list).
    fn job(
        &self,
        algorithm: &str,
        params: &[(String, String)],
        seed: u64,
        budget: Budget,
    ) -> Result<Job, crate::run::JobError>;
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
    fn puzzle(&self) -> PuzzleId;
    /// Whether `other` is the same instance: the same puzzle with the same settings.
    fn same(&self, other: &dyn PuzzleUi) -> bool;
    /// Takes `other`'s settings, when it is an instance of the same puzzle.
    fn assign(&mut self, other: &dyn PuzzleUi);
    /// The instance as `Any`, for [`PuzzleUi::same`] and [`PuzzleUi::assign`].
    fn as_any(&self) -> &dyn std::any::Any;
    /// The same, to change it.
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
    /// A copy.
    fn boxed(&self) -> Box<dyn PuzzleUi>;
    /// The keys of a form saved in an older shape (one field for each setting, such as
    /// `cols` and `n`) that are this puzzle's instance's.
    fn old_keys(&self) -> &'static [&'static str] {
        &[]
    }
    /// Reads `key`, one of [`PuzzleUi::old_keys`], into the instance.
    fn read_old(
        &mut self,
        key: &str,
        saved: &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<(), erased_serde::Error> {
        let _ = (key, saved);
        Ok(())
    }
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

/// The one setting First difference changes on side B.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setting {
    /// The seed of the search's random choices.
    Seed,
    /// The search itself, each side with its defaults.
    Search,
    /// One of the search's parameters, by its name.
    Param(&'static str),
}

impl Setting {
    /// The name a trace's steps know it by (`seed`, `algo` or the parameter's).
    pub fn name(self) -> &'static str {
        match self {
            Setting::Seed => "seed",
            Setting::Search => "algo",
            Setting::Param(name) => name,
        }
    }
}

/// What the form asks for: the search, the setting to change and its value on each side.
#[derive(Debug, Clone, PartialEq)]
pub struct ContrastForm<A> {
    /// The search traced (side A's, when the setting is the search).
    pub algorithm: A,
    /// The setting B changes.
    pub setting: Setting,
    /// The setting's value on side A, as typed or picked (unused for the search).
    pub a: String,
    /// Its value on side B (unused for the search).
    pub b: String,
    /// Side B's search, when the setting is the search.
    pub other: A,
}

/// "First difference" of one puzzle, whatever its trace job: what Compare asks of it.
pub trait ContrastUi {
    /// Whether the pair is being traced.
    fn busy(&self) -> bool;
    /// Stops the pair being traced.
    fn stop(&mut self);
    /// Picks up a finished pair.
    fn logic(&mut self);
    /// Space and the arrows on the pair's timeline.
    fn key(&mut self, step: Option<isize>);
    /// The form's fields: the search, the setting, A and B.
    fn form_ui(&mut self, ui: &mut Ui);
    /// The verdict, the timeline and both boards.
    fn main_ui(&mut self, ui: &mut Ui);
    /// What the side panel says.
    fn stats_ui(&self, ui: &mut Ui);
    /// Why the pair cannot be traced on `instance`, if it cannot; notes whether the form
    /// still describes the pair on show.
    fn hold(&mut self, instance: &dyn PuzzleUi, seed: u64, budget: Budget) -> Option<String>;
    /// Traces the pair on `instance` (nothing when it cannot be).
    fn start_on(&mut self, ctx: &egui::Context, instance: &dyn PuzzleUi, seed: u64, budget: Budget);
    /// The pair on show: where the two part (`None`: nowhere) and the steps applied on
    /// the timeline.
    fn on_show(&self) -> Option<(Option<usize>, usize)>;
    /// The values the form gives the setting on side A and side B, to change.
    fn values_mut(&mut self) -> [&mut String; 2];
}
