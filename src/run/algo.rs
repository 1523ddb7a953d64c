//! The algorithms by name: one enum per puzzle, parsed once from the id a user, a form or a
//! file gives, so that no code past this edge compares id strings. Each variant's entry in
//! the catalog ([`super::catalog`]) holds what it is and what it offers ([`Offers`]); the
//! catalog lists the entries in the enum's order, which a test checks.

use super::catalog::{
    AlgorithmInfo, KNIGHT_ALGORITHMS, MAGIC_ALGORITHMS, Offers, QUEENS_ALGORITHMS,
};
use super::error::JobError;
use strum::{IntoStaticStr, VariantArray};

/// Parses and names the algorithms of one puzzle, each with its catalog entry.
pub trait Algorithm:
    Copy + Eq + std::fmt::Debug + VariantArray + Into<&'static str> + 'static
{
    /// The puzzle's name in messages ("knight", "queens", "magic").
    const PUZZLE: &'static str;
    /// The catalog's entries, in the enum's order.
    const CATALOG: &'static [AlgorithmInfo];

    /// The id users type and files keep.
    fn id(self) -> &'static str {
        self.into()
    }

    /// Its catalog entry.
    fn info(self) -> &'static AlgorithmInfo {
        let i = Self::VARIANTS.iter().position(|&v| v == self).unwrap_or(0);
        &Self::CATALOG[i]
    }

    /// What it offers besides a run.
    fn offers(self) -> Offers {
        self.info().offers
    }

    /// The algorithm `id` names, or a message listing those there are.
    fn parse(id: &str) -> Result<Self, JobError> {
        Self::of(id).ok_or_else(|| {
            let ids: Vec<&str> = Self::VARIANTS.iter().map(|v| v.id()).collect();
            JobError::Input(format!(
                "unknown {} algorithm {id:?}; available: {}",
                Self::PUZZLE,
                ids.join(", ")
            ))
        })
    }

    /// The algorithm `id` names, if it names one.
    fn of(id: &str) -> Option<Self> {
        Self::VARIANTS.iter().copied().find(|v| v.id() == id)
    }

    /// Every algorithm that offers what `wanted` says.
    fn offering(wanted: impl Fn(Offers) -> bool) -> impl Iterator<Item = Self> {
        Self::VARIANTS
            .iter()
            .copied()
            .filter(move |v| wanted(v.offers()))
    }
}

/// The Knight's Tour's solvers (counting and the tree searches are tasks of their own).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, IntoStaticStr, VariantArray)]
#[strum(serialize_all = "kebab-case")]
pub enum KnightAlgo {
    /// Warnsdorff's rule: a greedy walk to the square with the fewest onward moves, no
    /// backtracking.
    Warnsdorff,
    /// Level 0 of the Cultural Algorithm guide: random jumps to free squares until stuck.
    RandomWalk,
    /// The Knight's Tour solver report's backtracking (2.1): depth-first in its fixed move
    /// order, no heuristic.
    Backtrack,
    /// Backtracking that tries the squares with the fewest onward moves first (the Knight's
    /// Tour solver report, 2.1.1).
    BacktrackWarnsdorff,
    /// Backtracking over the lowest-degree moves in random order (the Knight's Tour solver
    /// report, 2.1.2).
    BacktrackRandom,
    /// Level 1 of the Cultural Algorithm guide: a simple GA whose genes are moves, repaired
    /// while decoding.
    #[strum(serialize = "level1")]
    Level1,
    /// Level 2 of the Cultural Algorithm guide: level 1 with mobility-aware decoding and
    /// fitness, smarter mutation and a diversity bonus.
    #[strum(serialize = "level2")]
    Level2,
    /// Level 3 of the Cultural Algorithm guide: level 2 with a belief space of move success
    /// and square difficulty guiding the operators.
    #[strum(serialize = "level3")]
    Level3,
    /// Level 4 of the Cultural Algorithm guide: paths as individuals, learned transitions,
    /// belief-guided Warnsdorff completion and local search.
    #[strum(serialize = "level4")]
    Level4,
    /// The Knight's Tour solver report's GA (2.2): genes are moves 1-8, and an illegal move
    /// becomes the first legal one.
    GaRepair,
    /// As [`KnightAlgo::GaRepair`], but an illegal move becomes the Warnsdorff move (fewest
    /// onward moves).
    GaHeuristic,
    /// A closed tour built from small pieces joined by swapping two moves (after Parberry),
    /// in linear time, on every board that has one.
    ClosedConstruct,
    /// A tour from the start square, or a proof that none starts there: a construction, a
    /// column-by-column search of narrow boards, or Warnsdorff's rule and Pósa's rotations.
    Settle,
}

/// Serde, `Display` and `FromStr` for an algorithm enum: written and read as its id (`backtrack-warnsdorff`), as run
/// files, hand-ins and saved settings have always kept it; an id that names no algorithm
/// is refused with those there are.
macro_rules! serde_by_id {
    ($t:ty) => {
        impl std::fmt::Display for $t {
            /// Its id.
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.id())
            }
        }

        impl std::str::FromStr for $t {
            type Err = JobError;
            /// The algorithm the id names ([`Algorithm::parse`]).
            fn from_str(id: &str) -> Result<$t, JobError> {
                <$t>::parse(id)
            }
        }

        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.id())
            }
        }

        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                let id = std::borrow::Cow::<'de, str>::deserialize(d)?;
                <$t>::parse(&id).map_err(serde::de::Error::custom)
            }
        }
    };
}

serde_by_id!(KnightAlgo);
serde_by_id!(QueensAlgo);
serde_by_id!(MagicAlgo);

impl Algorithm for KnightAlgo {
    const PUZZLE: &'static str = "knight";
    const CATALOG: &'static [AlgorithmInfo] = KNIGHT_ALGORITHMS;
}

/// The N-Queens solvers (counting is a task of its own).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, IntoStaticStr, VariantArray)]
#[strum(serialize_all = "kebab-case")]
pub enum QueensAlgo {
    /// The N-Queens AI report's backtracking: column by column, a queen only where nothing
    /// attacks it.
    Backtracking,
    /// Greedy best-first search on the N-Queens AI report's heuristic, with a visited set.
    BestFirst,
    /// The N-Queens AI report's hill climbing on its heuristic, restarting from a random
    /// placement at a local minimum.
    HillClimbing,
    /// The N-Queens AI report's cultural algorithm: a population guided by a belief space
    /// drawn from its top half.
    Cultural,
    /// Sosic & Gu / Minton min-conflicts: a nearly conflict-free random permutation, then
    /// swaps that lower the conflicts.
    MinConflicts,
    /// Simulated annealing: a random queen to a random row, a worse placement taken with
    /// probability e^(-delta/T) as the temperature T falls.
    Annealing,
    /// Local beam search: k placements, replaced each round by the k best (or k drawn) of
    /// all their one-queen-move successors.
    Beam,
    /// Backtracking on N-Queens as a constraint-satisfaction problem, with variable and
    /// value orderings and inference after each assignment.
    Csp,
    /// The explicit O(n) construction (Hoffman, Loessi & Moore), for every n >= 4.
    Construct,
}

impl Algorithm for QueensAlgo {
    const PUZZLE: &'static str = "queens";
    const CATALOG: &'static [AlgorithmInfo] = QUEENS_ALGORITHMS;
}

/// The magic-square solvers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, IntoStaticStr, VariantArray)]
#[strum(serialize_all = "kebab-case")]
pub enum MagicAlgo {
    /// The magic-square GA notebook's genetic algorithm: permutations of 1..n², PMX or
    /// inversion-sequence crossover, swap mutation.
    Ga,
    /// The construction for the order: Siamese (odd), doubly even (divisible by 4) or LUX
    /// (4m + 2), for any order n >= 3 at once.
    Construct,
}

impl Algorithm for MagicAlgo {
    const PUZZLE: &'static str = "magic";
    const CATALOG: &'static [AlgorithmInfo] = MAGIC_ALGORITHMS;
}

/// Reads an algorithm's id as a saved form holds it: one that names no algorithm (saved by
/// a later version, or edited by hand) reads as `None`, for the form to take its default,
/// as every other setting out of range does, rather than the whole saved state failing.
pub fn saved_id<'de, D: serde::Deserializer<'de>, T: std::str::FromStr>(
    d: D,
) -> Result<Option<T>, D::Error> {
    let id = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(d)?;
    Ok(id.parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The catalog lists exactly the enum's algorithms, in its order, under its ids.
    fn lists_every_variant<A: Algorithm>() {
        let ids: Vec<&str> = A::VARIANTS.iter().map(|v| v.id()).collect();
        let listed: Vec<&str> = A::CATALOG.iter().map(|a| a.id).collect();
        assert_eq!(
            ids,
            listed,
            "{}: the enum and the catalog differ",
            A::PUZZLE
        );
        for &v in A::VARIANTS {
            assert_eq!(A::parse(v.id()).ok(), Some(v));
            assert_eq!(v.info().id, v.id());
        }
    }

    #[test]
    fn the_catalog_and_the_enums_agree() {
        lists_every_variant::<KnightAlgo>();
        lists_every_variant::<QueensAlgo>();
        lists_every_variant::<MagicAlgo>();
    }

    #[test]
    fn an_unknown_id_is_refused_with_the_list() {
        let Err(JobError::Input(message)) = QueensAlgo::parse("hill_climbing") else {
            panic!("an unknown id parsed");
        };
        assert!(message.contains("hill-climbing"), "{message}");
        assert!(KnightAlgo::parse("level5").is_err());
        assert!(MagicAlgo::parse("").is_err());
    }

    /// What the app offers follows the documents: step by step for the classical
    /// searches, guesses where a rule decides, the microscope for the GAs.
    #[test]
    fn the_offers_are_the_documented_ones() {
        use KnightAlgo as K;
        let traced: Vec<_> = KnightAlgo::offering(|o| o.trace).collect();
        assert_eq!(
            traced,
            [
                K::Warnsdorff,
                K::RandomWalk,
                K::Backtrack,
                K::BacktrackWarnsdorff,
                K::BacktrackRandom
            ]
        );
        let guessed: Vec<_> = KnightAlgo::offering(|o| o.guess).collect();
        assert_eq!(guessed, traced, "every traced search is asked");
        let evolved: Vec<_> = KnightAlgo::offering(|o| o.microscope).collect();
        assert_eq!(
            evolved,
            [
                K::Level1,
                K::Level2,
                K::Level3,
                K::Level4,
                K::GaRepair,
                K::GaHeuristic
            ]
        );
        let belief: Vec<_> = KnightAlgo::offering(|o| o.belief).collect();
        assert_eq!(belief, [K::Level3, K::Level4]);
        use QueensAlgo as Q;
        let traced: Vec<_> = QueensAlgo::offering(|o| o.trace).collect();
        assert_eq!(
            traced,
            [
                Q::Backtracking,
                Q::BestFirst,
                Q::HillClimbing,
                Q::MinConflicts,
                Q::Annealing,
                Q::Beam,
                Q::Csp
            ]
        );
        let guessed: Vec<_> = QueensAlgo::offering(|o| o.guess).collect();
        assert_eq!(guessed, traced, "every traced search is asked");
        let moves: Vec<_> = QueensAlgo::offering(|o| o.landscape).collect();
        assert_eq!(
            moves,
            [
                Q::BestFirst,
                Q::HillClimbing,
                Q::Cultural,
                Q::MinConflicts,
                Q::Annealing,
                Q::Beam
            ]
        );
        assert!(QueensAlgo::offering(|o| o.microscope).eq([Q::Cultural]));
        assert!(MagicAlgo::offering(|o| o.microscope).eq([MagicAlgo::Ga]));
    }
}
