//! The engines behind play mode: the solvers, asked about a player's position, one file a
//! puzzle. Each answer is checked by `puzzle/` before it is handed back, as every run's is.

pub mod knight;
pub mod magic;
pub mod queens;

/// A hint a player asked the solvers for, as an assignment's hand-in names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HintKind {
    /// Knight's Tour: where Warnsdorff's rule would go.
    WarnsdorffChoice,
    /// Knight's Tour: the tours through each next square, counted.
    CountTours,
    /// Knight's Tour: a solver played the rest of the tour.
    FinishForMe,
    /// N-Queens: a square no queen attacks.
    SafeSquare,
    /// N-Queens: the move min-conflicts would make.
    MinConflictsMove,
    /// N-Queens: the solutions that keep the queens placed, counted.
    CountSolutions,
    /// Magic squares: the swap that lowers the fitness most.
    BestSwap,
    /// Magic squares: the magic squares that keep the locked cells, counted.
    CountMagicSquares,
}

impl HintKind {
    /// Its button's words.
    pub fn name(self) -> &'static str {
        match self {
            HintKind::WarnsdorffChoice => "Warnsdorff's choice",
            HintKind::CountTours => "Count the tours",
            HintKind::FinishForMe => "Finish it for me",
            HintKind::SafeSquare => "A safe square",
            HintKind::MinConflictsMove => "Min-conflicts' move",
            HintKind::CountSolutions => "Count the solutions",
            HintKind::BestSwap => "Best swap",
            HintKind::CountMagicSquares => "Count the magic squares",
        }
    }

    /// The puzzle whose play mode offers it.
    pub fn puzzle(self) -> crate::run::PuzzleId {
        match self {
            HintKind::WarnsdorffChoice | HintKind::CountTours | HintKind::FinishForMe => {
                crate::run::knight::PUZZLE
            }
            HintKind::SafeSquare | HintKind::MinConflictsMove | HintKind::CountSolutions => {
                crate::run::queens::PUZZLE
            }
            HintKind::BestSwap | HintKind::CountMagicSquares => crate::run::magic::PUZZLE,
        }
    }

    /// Why a task's solution with `hints` scores nothing, if it does: the solver played
    /// it ("Finish it for me"), or more hints than `most` were asked.
    pub fn over(hints: &[HintKind], most: Option<u32>) -> Option<String> {
        if hints.contains(&HintKind::FinishForMe) {
            return Some(
                "\"Finish it for me\" was asked, so the tour is not one played by hand".into(),
            );
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
