//! A set-up: a puzzle's instance with the choices made on it (the algorithm, its
//! parameters and seed, and how the student meets it: running it, playing, stepping or
//! guessing), as a lesson, an assignment's task or a link gives it. Each puzzle has its
//! own set-up type, in its own folder under `run/`, behind [`LessonSetUp`]; [`Setup`]
//! holds any of them. The grader asks a set-up whether a run, a trace or an answer is of
//! the search it sets up.

use super::catalog::{AlgorithmInfo, Params};
use super::puzzles::PuzzleId;
use serde::de::{EnumAccess, MapAccess, VariantAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::collections::BTreeMap;
use std::str::FromStr;

/// The most steps the app traces: a million steps take 16 MB and seek in microseconds.
pub const MAX_APP_STEPS: u64 = 1_000_000;

/// How a lesson has the student meet the puzzle (the lesson file's `mode`; a link's
/// `mode=`, in lower case).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    serde::Deserialize,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::VariantNames,
)]
#[strum(serialize_all = "lowercase")]
pub enum LessonMode {
    /// The tab as it is: run the algorithm.
    #[default]
    Run,
    /// "Play yourself".
    Play,
    /// "Step by step", traced.
    Steps,
    /// "Step by step" with "Your guess" on.
    Guess,
}

/// What every puzzle's place holds beyond its instance: the algorithm, its parameters
/// and seed, the mode and the step.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Choice {
    /// An id of the tab's algorithm picker; `None` keeps the tab's.
    pub algorithm: Option<String>,
    /// How the place is shown.
    pub mode: LessonMode,
    /// The seed; `None` keeps the tab's.
    pub seed: Option<u64>,
    /// The algorithm's parameters; those not given take their defaults.
    pub params: BTreeMap<String, String>,
    /// Step by step: the step on show.
    pub step: Option<u64>,
}

impl Choice {
    /// Why the choice cannot be set up with `info` (the algorithm's catalog entry, `None`
    /// for a task with no parameters, such as a count), if it cannot.
    pub fn check(&self, info: Option<&AlgorithmInfo>) -> Result<(), String> {
        if !self.params.is_empty() {
            let given: Vec<(String, String)> = self.params.clone().into_iter().collect();
            match (info, &self.algorithm) {
                (Some(info), Some(_)) => Params::new(info, &given)
                    .map(drop)
                    .map_err(|e| e.to_string())?,
                (None, Some(a)) => return Err(format!("{a} takes no parameters")),
                (_, None) => return Err("parameters need the algorithm they are for".into()),
            }
        }
        if let Some(step) = self.step {
            if !matches!(self.mode, LessonMode::Steps | LessonMode::Guess) {
                return Err("a step is shown step by step only (mode steps or guess)".into());
            }
            if step > MAX_APP_STEPS {
                return Err(format!(
                    "step {step} is past the most steps the app traces, {MAX_APP_STEPS}"
                ));
            }
        }
        Ok(())
    }
}

/// The pairs of a link not read yet.
pub struct Fields(Vec<(String, String)>);

impl Fields {
    /// The pairs of a link, in order.
    pub fn new(pairs: Vec<(String, String)>) -> Fields {
        Fields(pairs)
    }
}

impl Fields {
    /// The value of `key`, taken out.
    pub fn take(&mut self, key: &str) -> Option<String> {
        let i = self.0.iter().position(|(k, _)| k == key)?;
        Some(self.0.remove(i).1)
    }

    /// The value of `key` read as a `T` (`what` says what it must be), taken out.
    pub fn read<T: FromStr>(&mut self, key: &str, what: &str) -> Result<Option<T>, String> {
        self.take(key)
            .map(|v| v.parse().map_err(|_| format!("{key}={v:?} is not {what}")))
            .transpose()
    }

    /// The value of `key`, which the link must hold, read as a `T`.
    pub fn need<T: FromStr>(&mut self, key: &str, what: &str) -> Result<T, String> {
        self.read(key, what)?
            .ok_or_else(|| format!("the link gives no {key} ({what})"))
    }

    /// `key=1` or `key=0`, taken out (absent: `false`).
    pub fn flag(&mut self, key: &str) -> Result<bool, String> {
        match self.take(key).as_deref() {
            None | Some("0") => Ok(false),
            Some("1") => Ok(true),
            Some(v) => Err(format!("{key}={v:?} is neither 1 nor 0")),
        }
    }

    /// The algorithm, parameters (`p.NAME=VALUE`), seed, mode and step, taken out.
    pub fn choice(&mut self) -> Result<Choice, String> {
        let modes = <LessonMode as strum::VariantNames>::VARIANTS.join(", ");
        let mode = self
            .read::<LessonMode>("mode", &format!("one of {modes}"))?
            .unwrap_or_default();
        let params = (self.0.iter())
            .filter_map(|(k, v)| Some((k.strip_prefix("p.")?.to_string(), v.clone())))
            .collect();
        self.0.retain(|(k, _)| !k.starts_with("p."));
        Ok(Choice {
            algorithm: self.take("algo"),
            mode,
            seed: self.read("seed", "a whole number from 0")?,
            params,
            step: self.read("step", "a whole number from 0")?,
        })
    }

    /// Refuses keys left unread, naming the ones a place of `what` reads.
    pub fn finish(self, keys: &str) -> Result<(), String> {
        match self.0.first() {
            None => Ok(()),
            Some((k, _)) => Err(format!(
                "the link's {k:?} is not a key of this place; its keys are {keys}"
            )),
        }
    }
}

/// What a lesson, a task or a link sets up on its puzzle's tab: the instance, the
/// algorithm and how the student meets the puzzle. Each puzzle has its own type, in its
/// own folder; the tab that takes it finds it with [`LessonSetUp::as_any`].
pub trait LessonSetUp: std::fmt::Debug + Send + Sync + 'static {
    /// The puzzle whose tab it sets up.
    fn puzzle(&self) -> PuzzleId;
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
    fn choice(&self) -> Choice;
    /// The instance as a link's `key=value` pairs.
    fn link_pairs(&self) -> Vec<(&'static str, String)>;
    /// What solving it by hand means, in words: "an open tour of 5×5 from a1", "8 queens
    /// on 8×8, none attacking another".
    fn goal(&self) -> String;
    /// Why `answer` (as the puzzle's play mode holds it) does not solve the puzzle set up,
    /// by the puzzle's rules, if it does not.
    fn play_check(&self, answer: &[u32]) -> Result<(), String>;
    /// Why an assignment's Run or Guess task cannot grade the search set up, if it
    /// cannot: the set-up must name its algorithm, of a puzzle whose runs the grader
    /// replays.
    fn gradable(&self) -> Result<(), String>;
    /// Whether `job` is a run of the search set up: its instance and algorithm, and the
    /// parameters and seed the set-up gives.
    fn run_matches(&self, job: &super::Job) -> bool;
    /// Whether `job` traces the search set up (as [`LessonSetUp::run_matches`]).
    fn traced_matches(&self, job: &super::puzzles::TracedJob) -> bool;
}

/// The [`LessonSetUp`] methods that are the same for every puzzle's set-up type, its
/// puzzle being `$puzzle` (a [`super::PuzzleId`]).
macro_rules! set_up_identity {
    ($puzzle:expr) => {
        fn puzzle(&self) -> $crate::run::PuzzleId {
            $puzzle
        }

        fn mode(&self) -> $crate::run::setup::LessonMode {
            self.mode
        }

        fn as_any(&self) -> &dyn std::any::Any {
            self
        }

        fn boxed(&self) -> Box<dyn $crate::run::setup::LessonSetUp> {
            Box::new(self.clone())
        }

        fn same(&self, other: &dyn $crate::run::setup::LessonSetUp) -> bool {
            other.as_any().downcast_ref::<Self>() == Some(self)
        }

        fn choice(&self) -> $crate::run::setup::Choice {
            $crate::run::setup::Choice {
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
            pub fn with(self, choice: $crate::run::setup::Choice) -> $t {
                let $crate::run::setup::Choice {
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

/// Whether a set-up's value, where it gives one, is the job's.
pub fn agrees<T: PartialEq>(set: Option<T>, job: T) -> bool {
    set.is_none_or(|s| s == job)
}

/// Whether every parameter the set-up gives (`set`) has its value in `params` (the
/// catalog's defaults filling in those not given, when `algorithm` is in the catalog),
/// each key given once (a second value of a key would be the one the search takes).
pub fn has_params(
    set: &BTreeMap<String, String>,
    params: &[(String, String)],
    algorithm: Option<&AlgorithmInfo>,
) -> bool {
    let mut keys = std::collections::BTreeSet::new();
    if !params.iter().all(|(k, _)| keys.insert(k)) {
        return false;
    }
    let resolved = algorithm.and_then(|info| Params::new(info, params).ok());
    let known =
        |name: &str| algorithm.is_some_and(|info| info.params.iter().any(|p| p.name == name));
    set.iter().all(|(k, v)| match &resolved {
        Some(all) => known(k) && all.get(k) == v,
        None => params.iter().any(|(pk, pv)| pk == k && pv == v),
    })
}

/// What a lesson sets up: a puzzle tab with its instance and algorithm, and a mode. The
/// file names the puzzle (`Knight(cols: 5, rows: 5)`, `Queens(n: 8)`, `Magic(order: 3)`)
/// and the puzzle reads its own fields ([`super::puzzles::read_set_up`]).
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
    pub fn puzzle(&self) -> PuzzleId {
        self.0.puzzle()
    }

    /// The mode asked for.
    pub fn mode(&self) -> LessonMode {
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
        struct Fields(PuzzleId);

        impl<'de> Visitor<'de> for Named {
            type Value = Setup;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                write!(f, "a puzzle: one of {}", super::puzzles::NAMES.join(", "))
            }
            fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Setup, A::Error> {
                let (super::puzzles::PuzzleName(puzzle), fields) = data.variant()?;
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
                super::puzzles::read_set_up(self.0, fields).map(Setup)
            }
        }

        file.deserialize_enum("Setup", super::puzzles::NAMES, Named)
    }
}
