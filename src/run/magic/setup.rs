//! What a lesson, a task or a link sets up on the magic-squares tab.

use crate::run::setup::{Choice, Fields, LessonMode, LessonSetUp};
use serde::Deserialize;

/// The largest order the Magic squares tab accepts (a construction of order 1000 takes
/// milliseconds).
pub const MAX_APP_ORDER: u64 = 1000;

/// What a lesson sets up on the magic-squares tab (`setup: Magic(order: 3, …)`): no step
/// by step (`Steps` and `Guess` are refused).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct MagicSetUp {
    /// The square's order, from 1 to [`MAX_APP_ORDER`].
    pub order: u64,
    /// `ga` or `construct`; `None` keeps the tab's choice.
    #[serde(default)]
    pub algorithm: Option<String>,
    /// `Run` or `Play` (default: run the algorithm).
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

crate::run::setup::with_choice!(MagicSetUp);

impl LessonSetUp for MagicSetUp {
    crate::run::setup::set_up_identity!(super::PUZZLE);

    fn check(&self) -> Result<(), String> {
        let order = self.order;
        if !(1..=MAX_APP_ORDER).contains(&order) {
            return Err(format!(
                "order must be from 1 to {MAX_APP_ORDER}, not {order}"
            ));
        }
        if let Some(a) = &self.algorithm {
            crate::run::catalog::magic_algorithm(a)
                .map_err(|_| format!("no magic-square algorithm is called \"{a}\""))?;
        }
        if matches!(self.mode, LessonMode::Steps | LessonMode::Guess) {
            return Err("step by step follows knight's tour and N-Queens searches only".into());
        }
        let most = crate::run::play::magic::MAX_PLAY_ORDER as u64;
        if self.mode == LessonMode::Play && order > most {
            return Err(format!(
                "Play yourself takes orders up to {most}, not {order}"
            ));
        }
        let info =
            (self.algorithm.as_deref()).and_then(|a| crate::run::catalog::magic_algorithm(a).ok());
        self.choice().check(info)
    }

    fn goal(&self) -> String {
        format!("a magic square of order {}", self.order)
    }

    fn play_check(&self, answer: &[u32]) -> Result<(), String> {
        crate::puzzle::magic::validate(self.order as usize, answer).map_err(|e| e.to_string())
    }

    /// The grader replays no magic-square search: a magic square's task is played.
    fn gradable(&self) -> Result<(), String> {
        Err("a Run or Guess task's set-up is of a puzzle whose searches the grader replays, and magic squares' are not".into())
    }

    fn run_matches(&self, _job: &crate::run::Job) -> bool {
        false
    }

    fn traced_matches(&self, _job: &crate::run::puzzles::TracedJob) -> bool {
        false
    }

    fn link_pairs(&self) -> Vec<(&'static str, String)> {
        vec![("order", self.order.to_string())]
    }
}

impl MagicSetUp {
    /// The instance keys of a link.
    pub const LINK_KEYS: &'static str = "order";

    /// The place a link's `order` (taken out of `fields`) and `choice` describe.
    pub fn from_link(fields: &mut Fields, choice: Choice) -> Result<MagicSetUp, String> {
        let order = fields.need(
            "order",
            &format!("a whole number from 1 to {MAX_APP_ORDER}"),
        )?;
        Ok(MagicSetUp {
            order,
            ..Default::default()
        }
        .with(choice))
    }
}
