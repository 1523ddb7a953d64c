//! The puzzles, listed once. Each puzzle says what it is in its own files under `run/`
//! (its job and report, implementing [`super::PuzzleJob`] and [`super::PuzzleReport`], and a
//! [`PuzzleDef`]); the one list below makes from them the closed lists that run files need
//! ([`Job`] and [`Report`], whose serde tags are the puzzles' names) and [`PUZZLES`], which
//! everything above `run/` iterates. Nothing outside `run/` matches on a puzzle.

use super::catalog::AlgorithmInfo;
use super::error::JobError;
use super::puzzle::{AnyJob, PuzzleReport};
use super::setup::{Choice, Fields, LessonSetUp};
use serde::{Deserialize, Serialize};

/// A puzzle as everything above the run layer knows it: its names and its catalog. One
/// value a puzzle, in [`PUZZLES`].
pub trait PuzzleDef: Sync {
    /// Its name in files, saved states and lessons (`Knight`, as in `setup: Knight(…)`),
    /// the picker's one word.
    fn name(&self) -> &'static str;
    /// Its name as its tab says it ("Knight's Tour").
    fn title(&self) -> &'static str;
    /// Its name in lower case (`knight`): its key in a saved form and in a link's address
    /// (`#v1/knight?…`).
    fn key(&self) -> &'static str;
    /// The algorithms of its catalog, in the order pickers list them.
    fn catalog(&self) -> &'static [AlgorithmInfo];
    /// The keys a link gives its instance by (`board, start, closed`), for messages.
    fn link_keys(&self) -> &'static str;
    /// The hints its play mode offers.
    fn hints(&self) -> &'static [super::play::HintKind];
    /// The place a link's instance keys (taken out of `fields`) and `choice` describe.
    fn read_link(
        &self,
        fields: &mut Fields,
        choice: Choice,
    ) -> Result<Box<dyn LessonSetUp>, String>;
}

/// Which puzzle: its [`PuzzleDef`], compared and saved by name. Saved as an enum's unit
/// variant (`Knight`), as saved states and Compare's settings have always kept it.
#[derive(Clone, Copy)]
pub struct PuzzleId(&'static dyn PuzzleDef);

impl PuzzleId {
    /// The puzzle `def` defines.
    pub const fn of(def: &'static dyn PuzzleDef) -> PuzzleId {
        PuzzleId(def)
    }

    /// Its definition.
    pub fn def(self) -> &'static dyn PuzzleDef {
        self.0
    }

    /// Its name in files (`Knight`).
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// The picker's label: its name.
    pub fn short(self) -> &'static str {
        self.0.name()
    }

    /// Its name as its tab says it ("Knight's Tour").
    pub fn title(self) -> &'static str {
        self.0.title()
    }

    /// Its name in a link (`#v1/knight?…`) and a saved form: the name in lower case.
    pub fn key(self) -> &'static str {
        self.0.key()
    }

    /// Its name in a link (`#v1/knight?…`).
    pub fn link_name(self) -> String {
        self.key().to_string()
    }

    /// Its place in [`PUZZLES`].
    pub fn index(self) -> usize {
        PUZZLES.iter().position(|p| *p == self).unwrap_or(0)
    }

    /// The puzzle named `name` (as files name it), if there is one.
    pub fn named(name: &str) -> Option<PuzzleId> {
        PUZZLES.iter().copied().find(|p| p.name() == name)
    }

    /// Every puzzle's name, in order.
    pub fn names() -> Vec<&'static str> {
        NAMES.to_vec()
    }
}

impl Default for PuzzleId {
    /// The first puzzle.
    fn default() -> PuzzleId {
        PUZZLES[0]
    }
}

impl PartialEq for PuzzleId {
    fn eq(&self, other: &PuzzleId) -> bool {
        self.name() == other.name()
    }
}

impl Eq for PuzzleId {}

impl std::hash::Hash for PuzzleId {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name().hash(state);
    }
}

impl PartialOrd for PuzzleId {
    fn partial_cmp(&self, other: &PuzzleId) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for PuzzleId {
    /// In the order of [`PUZZLES`] (the tabs' order).
    fn cmp(&self, other: &PuzzleId) -> std::cmp::Ordering {
        self.index().cmp(&other.index())
    }
}

impl std::fmt::Debug for PuzzleId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for PuzzleId {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_unit_variant("Puzzle", self.index() as u32, self.name())
    }
}

impl<'de> Deserialize<'de> for PuzzleId {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<PuzzleId, D::Error> {
        use serde::de::{self, EnumAccess, VariantAccess};
        struct Named;
        impl<'de> de::Visitor<'de> for Named {
            type Value = PuzzleId;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                write!(f, "a puzzle: one of {}", NAMES.join(", "))
            }
            fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<PuzzleId, A::Error> {
                let (PuzzleName(id), variant) = data.variant()?;
                variant.unit_variant()?;
                Ok(id)
            }
        }
        deserializer.deserialize_enum("Puzzle", NAMES, Named)
    }
}

/// A puzzle read as a variant's name (`Knight`), or in a binary form as its index: what
/// names the puzzle of a saved state's key or a lesson's `setup: Knight(…)`.
pub struct PuzzleName(pub PuzzleId);

impl<'de> Deserialize<'de> for PuzzleName {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<PuzzleName, D::Error> {
        use serde::de;
        struct Identifier;
        impl de::Visitor<'_> for Identifier {
            type Value = PuzzleName;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                write!(f, "a puzzle's name: one of {}", NAMES.join(", "))
            }
            fn visit_str<E: de::Error>(self, name: &str) -> Result<PuzzleName, E> {
                PuzzleId::named(name)
                    .map(PuzzleName)
                    .ok_or_else(|| E::unknown_variant(name, NAMES))
            }
            fn visit_u64<E: de::Error>(self, index: u64) -> Result<PuzzleName, E> {
                let got = usize::try_from(index).ok().and_then(|i| PUZZLES.get(i));
                got.copied()
                    .map(PuzzleName)
                    .ok_or_else(|| E::custom(format!("no puzzle has the number {index}")))
            }
        }
        d.deserialize_identifier(Identifier)
    }
}

/// Writes [`Job`], [`Report`], their conversions to and from each puzzle's types, and
/// [`PUZZLES`] from one list: a line a puzzle, `Name(Job, Report) = its PuzzleDef`.
macro_rules! puzzles {
    ($($name:ident($job:ty, $report:ty, $setup:ty $(; trace $trace:ty)?) = $def:expr,)+) => {
        /// Anything a worker can run: one puzzle's job, tagged with the puzzle's name in a
        /// run file.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        pub enum Job {
            $(
                #[doc = concat!("A job of the ", stringify!($name), " puzzle.")]
                $name($job),
            )+
        }

        /// A finished job's result: one puzzle's report, tagged with the puzzle's name.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        pub enum Report {
            $(
                #[doc = concat!("A report of the ", stringify!($name), " puzzle.")]
                $name($report),
            )+
        }

        /// Every puzzle, in the order of the tabs and the command line's subcommands.
        pub const PUZZLES: &[PuzzleId] = &[$(PuzzleId(&$def),)+];

        /// Every puzzle's name, in order.
        pub const NAMES: &[&str] = &[$(stringify!($name),)+];

        /// The search a Your guess task traced: one puzzle's trace job, tagged with the
        /// puzzle's name in lower case in a hand-in.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum TracedJob {
            $($(
                #[doc = concat!("A search of the ", stringify!($name), " puzzle.")]
                $name($trace),
            )?)+
        }

        impl TracedJob {
            /// The puzzle's trace job behind the enum.
            pub fn puzzle(&self) -> &dyn super::trace::AnyTraceJob {
                match self {
                    $($(TracedJob::$name(j) => j as &$trace,)?)+
                }
            }
        }

        $($(
            impl From<$trace> for TracedJob {
                fn from(job: $trace) -> TracedJob {
                    TracedJob::$name(job)
                }
            }

            impl<'a> TryFrom<&'a TracedJob> for &'a $trace {
                type Error = ();
                fn try_from(job: &'a TracedJob) -> Result<&'a $trace, ()> {
                    match job {
                        TracedJob::$name(j) => Ok(j),
                        #[allow(unreachable_patterns)]
                        _ => Err(()),
                    }
                }
            }
        )?)+

        /// Reads what a lesson sets up on `puzzle`'s tab (the fields of the lesson file's
        /// `setup: Knight(…)`), as the puzzle's own set-up type.
        pub fn read_set_up<'de, D: serde::Deserializer<'de>>(
            puzzle: PuzzleId,
            fields: D,
        ) -> Result<Box<dyn LessonSetUp>, D::Error> {
            $(
                if puzzle.name() == stringify!($name) {
                    return Ok(Box::new(<$setup as Deserialize>::deserialize(fields)?));
                }
            )+
            Err(serde::de::Error::unknown_variant(puzzle.name(), NAMES))
        }

        impl Job {
            /// The puzzle's job behind the enum.
            pub fn puzzle(&self) -> &dyn AnyJob {
                match self {
                    $(Job::$name(j) => j,)+
                }
            }

            /// The same, to change it (its budget).
            pub fn puzzle_mut(&mut self) -> &mut dyn AnyJob {
                match self {
                    $(Job::$name(j) => j,)+
                }
            }

            /// Which puzzle it is a job of.
            pub fn id(&self) -> PuzzleId {
                match self {
                    $(Job::$name(_) => PuzzleId(&$def),)+
                }
            }
        }

        impl Report {
            /// The puzzle's report behind the enum.
            pub fn puzzle(&self) -> &dyn PuzzleReport {
                match self {
                    $(Report::$name(r) => r,)+
                }
            }
        }

        $(
            impl From<$job> for Job {
                fn from(job: $job) -> Job {
                    Job::$name(job)
                }
            }

            impl<'a> TryFrom<&'a Job> for &'a $job {
                type Error = ();
                fn try_from(job: &'a Job) -> Result<&'a $job, ()> {
                    match job {
                        Job::$name(j) => Ok(j),
                        #[allow(unreachable_patterns)]
                        _ => Err(()),
                    }
                }
            }

            impl From<$report> for Report {
                fn from(report: $report) -> Report {
                    Report::$name(report)
                }
            }

            impl TryFrom<Report> for $report {
                type Error = Report;
                fn try_from(report: Report) -> Result<$report, Report> {
                    match report {
                        Report::$name(r) => Ok(r),
                        #[allow(unreachable_patterns)]
                        other => Err(other),
                    }
                }
            }

            impl<'a> TryFrom<&'a Report> for &'a $report {
                type Error = ();
                fn try_from(report: &'a Report) -> Result<&'a $report, ()> {
                    match report {
                        Report::$name(r) => Ok(r),
                        #[allow(unreachable_patterns)]
                        _ => Err(()),
                    }
                }
            }
        )+
    };
}

puzzles! {
    Knight(super::knight::KnightJob, super::knight::KnightReport, super::knight::setup::KnightSetUp; trace super::trace::KnightTraceJob) = super::knight::KnightDef,
    Queens(super::queens::QueensJob, super::queens::QueensReport, super::queens::setup::QueensSetUp; trace super::trace::QueensTraceJob) = super::queens::QueensDef,
    Magic(super::magic::MagicJob, super::magic::MagicReport, super::magic::setup::MagicSetUp) = super::magic::MagicDef,
}

impl Job {
    /// Checks everything that can be checked without running.
    pub fn check(&self) -> Result<(), JobError> {
        self.puzzle().check()
    }

    /// Runs the job on this thread.
    pub fn run(
        &self,
        cancel: &std::sync::atomic::AtomicBool,
        observer: &mut dyn crate::solve::Observer,
    ) -> Result<Report, JobError> {
        self.puzzle().run(cancel, observer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each puzzle is listed once, under a name of its own, and reads back from its name
    /// as saved states and lessons write it.
    #[test]
    fn each_puzzle_is_listed_once_and_reads_back_by_name() {
        let names = PuzzleId::names();
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "two puzzles share a name");
        for (i, &p) in PUZZLES.iter().enumerate() {
            assert_eq!(p.index(), i);
            let text = ron::to_string(&p).unwrap();
            assert_eq!(text, p.name());
            assert_eq!(ron::from_str::<PuzzleId>(&text).unwrap(), p);
            assert!(
                !p.def().catalog().is_empty(),
                "{} has no algorithm",
                p.name()
            );
        }
        let keys: std::collections::BTreeMap<PuzzleId, u32> =
            ron::from_str("{Queens: 2, Knight: 1}").unwrap();
        assert_eq!(
            keys.keys().copied().collect::<Vec<_>>(),
            PUZZLES[..2].to_vec()
        );
        assert!(ron::from_str::<PuzzleId>("Rook").is_err());
    }
}
