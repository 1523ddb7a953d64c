//! The engines behind play mode: the solvers, asked about a player's position, one file a
//! puzzle. Each answer is checked by `puzzle/` before it is handed back, as every run's is.

pub mod knight;
pub mod magic;
pub mod queens;

/// A hint a player asked the solvers for, as an assignment's hand-in names it: one of those
/// a puzzle's play mode offers, each listed by the puzzle's engine here
/// ([`crate::run::PuzzleDef::hints`]); written and read as its id (`warnsdorff-choice`).
#[derive(Clone, Copy)]
pub struct HintKind(&'static Hint);

/// What a hint is.
pub struct Hint {
    /// Its id in a hand-in.
    pub id: &'static str,
    /// Its button's words.
    pub name: &'static str,
    /// Why an answer given with it is not one found by hand, for a hint whose solver
    /// plays the rest ("Finish it for me"); `None` for a hint that only tells.
    pub plays_for_you: Option<&'static str>,
}

impl HintKind {
    /// The hint `hint` describes.
    pub const fn new(hint: &'static Hint) -> HintKind {
        HintKind(hint)
    }

    /// Its id in a hand-in.
    pub fn id(self) -> &'static str {
        self.0.id
    }

    /// The hint with the id `id`, among every puzzle's.
    pub fn of(id: &str) -> Option<HintKind> {
        let all = super::PUZZLES.iter().flat_map(|p| p.def().hints());
        all.copied().find(|h| h.id() == id)
    }
}

impl PartialEq for HintKind {
    fn eq(&self, other: &HintKind) -> bool {
        self.id() == other.id()
    }
}

impl Eq for HintKind {}

impl std::fmt::Debug for HintKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

impl serde::Serialize for HintKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> serde::Deserialize<'de> for HintKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<HintKind, D::Error> {
        let id = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(d)?;
        HintKind::of(&id).ok_or_else(|| {
            let all = super::PUZZLES.iter().flat_map(|p| p.def().hints());
            let ids: Vec<&str> = all.map(|h| h.id()).collect();
            serde::de::Error::custom(format!(
                "no play mode has the hint {id:?}; there are {}",
                ids.join(", ")
            ))
        })
    }
}

impl HintKind {
    /// Its button's words.
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// The puzzle whose play mode offers it.
    pub fn puzzle(self) -> crate::run::PuzzleId {
        (super::PUZZLES.iter().copied())
            .find(|p| p.def().hints().contains(&self))
            .unwrap_or_default()
    }

    /// Why a task's solution with `hints` scores nothing, if it does: a solver played it
    /// ("Finish it for me"), or more hints than `most` were asked.
    pub fn over(hints: &[HintKind], most: Option<u32>) -> Option<String> {
        if let Some(h) = hints.iter().find(|h| h.0.plays_for_you.is_some()) {
            let why = h.0.plays_for_you.unwrap_or_default();
            return Some(format!("\"{}\" was asked, so {why}", h.name()));
        }
        let most = most?;
        (hints.len() > most as usize).then(|| format!("the task allows {most} hints at most"))
    }

    /// `hints` in words: "no hint", or how many and which ("2 hints: Best swap ×2").
    pub fn tell(hints: &[HintKind]) -> String {
        if hints.is_empty() {
            return "no hint".into();
        }
        let mut kinds: Vec<(HintKind, usize)> = Vec::new();
        for &h in hints {
            match kinds.iter_mut().find(|(k, _)| *k == h) {
                Some((_, n)) => *n += 1,
                None => kinds.push((h, 1)),
            }
        }
        let named: Vec<String> = (kinds.iter())
            .map(|&(k, n)| {
                if n == 1 {
                    k.name().to_string()
                } else {
                    format!("{} ×{n}", k.name())
                }
            })
            .collect();
        format!(
            "{} hint{}: {}",
            hints.len(),
            if hints.len() == 1 { "" } else { "s" },
            named.join(", ")
        )
    }
}
