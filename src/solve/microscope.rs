//! The GA microscope: how one generation of an evolutionary algorithm bred the next.
//!
//! An observer that wants generation `g` says so ([`crate::solve::Observer::microscope`]);
//! the solver then records, with its own code as it runs, everyone in generation `g`
//! (genes, score, what the genes decode to), and for every individual of the next
//! generation where it came from: the survivor it copies, or its parents and how they were
//! selected, the crossover and its points, each gene a repair or a mutation changed and
//! why, and its score as the next generation will see it. A cultural algorithm adds, in
//! words, what its belief space learned from generation `g`. Other generations cost one
//! comparison each.

use super::Control;

/// What a solver records of generation `generation` and the one it breeds.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Breeding {
    /// The generation, numbered as the solver reports it to the fitness plot.
    pub generation: u64,
    /// What the score is called ("fitness", "conflicts", "line-sum error").
    pub score_name: std::borrow::Cow<'static, str>,
    /// Whether a lower score is better (conflicts) or a higher one (fitness).
    pub lower_is_better: bool,
    /// What a gene is, for the legend ("a move, 0–7", "a row", "a number").
    pub gene_name: std::borrow::Cow<'static, str>,
    /// Generation `generation`, in the solver's order.
    pub members: Vec<Member>,
    /// The next generation, in the solver's order.
    pub children: Vec<Child>,
    /// What else happened: what a belief space learned from generation `generation`, a
    /// population started afresh; a sentence each.
    pub remarks: Vec<String>,
}

/// One individual of the generation looked at.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Member {
    /// Its genes.
    pub genes: Vec<u32>,
    /// Its score.
    pub score: f64,
    /// What the genes decode to for the board: a knight's path, a placement's rows, a
    /// square's numbers.
    pub shown: Vec<u32>,
}

/// One individual of the next generation and how it was made.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Child {
    /// Its genes, as they go into the next generation.
    pub genes: Vec<u32>,
    /// Its score as the next generation scores it.
    pub score: f64,
    /// What its genes decode to.
    pub shown: Vec<u32>,
    /// Where it came from.
    pub origin: Origin,
}

/// Where an individual of the next generation came from.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Origin {
    /// A copy of a member that survived.
    Survivor {
        /// The member copied.
        from: usize,
        /// Why it survived ("elitism: one of the 2 fittest").
        why: String,
    },
    /// A newcomer drawn at random (a population refreshed).
    Fresh {
        /// Why it was drawn.
        why: String,
    },
    /// Bred from one or two parents.
    Bred(Bred),
}

/// How a bred child was made.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Bred {
    /// Its parents (one for a copy-and-mutate scheme, two for a crossover).
    pub parents: Vec<Parent>,
    /// The crossover that made it, if any.
    pub crossover: Option<Crossover>,
    /// Its genes straight after the crossover (or the copy), before repairs and mutation:
    /// applying the repairs and mutations of `changes` in order gives the child's genes.
    pub crossed: Vec<u32>,
    /// The genes repairs and mutations changed, in the order they did.
    pub changes: Vec<Change>,
}

/// A parent and how selection picked it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Parent {
    /// The member of the generation looked at.
    pub index: usize,
    /// The selection rule, in words ("tournament of 3", "uniform from the top half").
    pub rule: String,
    /// The members the rule compared (the parent among them); empty when none were
    /// compared.
    pub entrants: Vec<usize>,
}

/// A crossover and where it cut.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Crossover {
    /// Its name and how it works, in words.
    pub operator: String,
    /// The cut points (gene positions).
    pub points: Vec<usize>,
    /// Which parent each gene of the child comes from (0 the first, 1 the second, 2 a
    /// third source named in `operator`, [`NEW`] made afresh); empty when genes do not come
    /// from a parent one by one (a permutation crossover moves values about).
    pub from: Vec<u8>,
}

/// In [`Crossover::from`]: a gene made afresh by the crossover (a path completed).
pub const NEW: u8 = 3;

/// One gene a repair or a mutation changed.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Change {
    /// Repair or mutation.
    pub kind: ChangeKind,
    /// The gene's position.
    pub position: usize,
    /// Its value before (`None`: the gene did not exist, e.g. a path grew).
    pub from: Option<u32>,
    /// Its value after (`None`: the gene was cut away).
    pub to: Option<u32>,
    /// Why, in words.
    pub why: String,
}

/// What changed a gene.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ChangeKind {
    /// A repair made the genes legal (or better).
    Repair,
    /// A mutation changed it at random (or guided by the belief space).
    Mutation,
    /// The gene stays as it is, but decoding read it as another value (a move off the
    /// board or onto a visited square replaced by the decoder's repair rule).
    Decoding,
}

impl ChangeKind {
    /// "repair" or "mutation".
    pub fn name(self) -> &'static str {
        match self {
            ChangeKind::Repair => "repair",
            ChangeKind::Mutation => "mutation",
            ChangeKind::Decoding => "read as",
        }
    }
}

/// What the operators note while a child is made: off (and free) unless the generation is
/// the one looked at.
#[derive(Debug, Default)]
pub struct Notes {
    on: bool,
    /// The crossover, with the `from` of each of its (up to two) children.
    pub crossover: Option<(String, Vec<usize>, [Vec<u8>; 2])>,
    /// The changes so far to the child being worked on.
    pub changes: Vec<Change>,
}

impl Notes {
    /// Notes that record when `on`.
    pub fn new(on: bool) -> Notes {
        Notes {
            on,
            ..Notes::default()
        }
    }

    /// Whether anything is recorded.
    #[inline]
    pub fn on(&self) -> bool {
        self.on
    }

    /// Records a crossover `operator` cutting at `points`, the children's genes coming
    /// from `from` (made only when on).
    #[inline]
    pub fn crossover(
        &mut self,
        operator: impl FnOnce() -> String,
        points: &[usize],
        from: impl FnOnce() -> [Vec<u8>; 2],
    ) {
        if self.on {
            self.crossover = Some((operator(), points.to_vec(), from()));
        }
    }

    /// Records a change to gene `position` (the reason made only when on).
    #[inline]
    pub fn change(
        &mut self,
        kind: ChangeKind,
        position: usize,
        from: Option<u32>,
        to: Option<u32>,
        why: impl FnOnce() -> String,
    ) {
        if self.on {
            self.changes.push(Change {
                kind,
                position,
                from,
                to,
                why: why(),
            });
        }
    }

    /// Records every gene where `before` and `after` differ as a `kind` change for `why`.
    pub fn differences<T: Copy + Into<u32>>(
        &mut self,
        kind: ChangeKind,
        before: &[T],
        after: &[T],
        why: impl Fn(usize) -> String,
    ) {
        if !self.on {
            return;
        }
        for i in 0..before.len().max(after.len()) {
            let (a, b) = (before.get(i).copied(), after.get(i).copied());
            if a.map(Into::into) != b.map(Into::into) {
                self.change(kind, i, a.map(Into::into), b.map(Into::into), || why(i));
            }
        }
    }

    /// Takes the changes noted so far.
    pub fn take_changes(&mut self) -> Vec<Change> {
        std::mem::take(&mut self.changes)
    }
}

/// Whether `ctl`'s observer looks at generation `generation`.
#[inline]
pub fn looks_at(ctl: &Control, generation: u64) -> bool {
    ctl.microscope() == Some(generation)
}

/// Genes as `u32`s.
pub fn genes<T: Copy + Into<u32>>(genes: &[T]) -> Vec<u32> {
    genes.iter().map(|&g| g.into()).collect()
}
