//! What a lesson, a task or a link sets up on the N-Queens tab.

use super::{QueensJob, QueensTask};
use crate::run::setup::{Choice, Fields, LessonMode, LessonSetUp, agrees, has_params};
use crate::run::trace::QueensTraceJob;
use crate::run::{Algorithm, QueensAlgo};
use serde::Deserialize;

/// The largest n the N-Queens tab accepts: min-conflicts places ten million queens in
/// seconds.
pub const MAX_APP_N: u64 = 10_000_000;

/// What a lesson sets up on the N-Queens tab (`setup: Queens(n: 8, …)`).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct QueensSetUp {
    /// The number of queens and the board's side, from 1 to [`MAX_APP_N`].
    pub n: u64,
    /// A solver id of the N-Queens catalog (`hill-climbing`, `csp` …); `None` keeps the
    /// tab's choice.
    #[serde(default)]
    pub algorithm: Option<String>,
    /// How the student meets the puzzle (default: run the algorithm).
    #[serde(default)]
    pub mode: LessonMode,
    /// The seed of the search's random numbers (default: the tab's).
    #[serde(default)]
    pub seed: Option<u64>,
    /// The algorithm's parameters by name; those not given take their defaults. Empty
    /// (the default) keeps the tab's values.
    #[serde(default)]
    pub params: std::collections::BTreeMap<String, String>,
    /// Step by step: the step to show once the search is traced (default: the first).
    #[serde(default)]
    pub step: Option<u64>,
}

crate::run::setup::with_choice!(QueensSetUp);

impl LessonSetUp for QueensSetUp {
    crate::run::setup::set_up_identity!(super::PUZZLE);

    fn check(&self) -> Result<(), String> {
        let n = self.n;
        if !(1..=MAX_APP_N).contains(&n) {
            return Err(format!("n must be from 1 to {MAX_APP_N}, not {n}"));
        }
        let most = crate::run::play::queens::MAX_PLAY_N as u64;
        if self.mode == LessonMode::Play && n > most {
            return Err(format!("Play yourself takes n up to {most}, not {n}"));
        }
        if let Some(a) = &self.algorithm {
            let kind = QueensAlgo::parse(a)
                .map_err(|_| format!("no N-Queens algorithm is called \"{a}\""))?;
            let traced = matches!(self.mode, LessonMode::Steps | LessonMode::Guess);
            if traced && !kind.offers().trace {
                return Err(format!("step by step cannot follow \"{a}\""));
            }
            let first_choice =
                self.params.get("variant").map(String::as_str) == Some("first-choice");
            if self.mode == LessonMode::Guess && first_choice {
                return Err(format!(
                    "Your guess does not ask about \"{a}\" with variant=first-choice: it \
                     tries the moves in a random order and takes the first better one"
                ));
            }
        }
        let info =
            (self.algorithm.as_deref()).and_then(|a| crate::run::catalog::queens_algorithm(a).ok());
        self.choice().check(info)
    }

    fn goal(&self) -> String {
        format!("{0} queens on {0}×{0}, none attacking another", self.n)
    }

    fn play_check(&self, answer: &[u32]) -> Result<(), String> {
        crate::puzzle::queens::validate(self.n as usize, answer).map_err(|e| e.to_string())
    }

    fn gradable(&self) -> Result<(), String> {
        match self.algorithm {
            Some(_) => Ok(()),
            None => Err("a task's set-up names its algorithm".into()),
        }
    }

    fn run_matches(&self, job: &crate::run::Job) -> bool {
        let Ok(j) = <&QueensJob>::try_from(job) else {
            return false;
        };
        j.n == self.n
            && matches!(&j.task, QueensTask::Solve { algorithm, params }
                if agrees(self.algorithm.as_deref(), algorithm.id())
                    && has_params(&self.params, params, Some(algorithm.info())))
            && agrees(self.seed, j.seed)
    }

    fn traced_matches(&self, job: &crate::run::puzzles::TracedJob) -> bool {
        let Ok(j) = <&QueensTraceJob>::try_from(job) else {
            return false;
        };
        j.n == self.n
            && agrees(self.algorithm.as_deref(), j.algorithm.id())
            && agrees(self.seed, j.seed)
            && has_params(&self.params, &j.params, Some(j.algorithm.info()))
    }

    fn link_pairs(&self) -> Vec<(&'static str, String)> {
        vec![("n", self.n.to_string())]
    }
}

impl QueensSetUp {
    /// The instance keys of a link.
    pub const LINK_KEYS: &'static str = "n";

    /// The place a link's `n` (taken out of `fields`) and `choice` describe.
    pub fn from_link(fields: &mut Fields, choice: Choice) -> Result<QueensSetUp, String> {
        let n = fields.need("n", &format!("a whole number from 1 to {MAX_APP_N}"))?;
        Ok(QueensSetUp {
            n,
            ..Default::default()
        }
        .with(choice))
    }
}
