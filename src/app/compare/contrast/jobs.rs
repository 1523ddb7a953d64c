//! What First difference needs of a puzzle's trace job (made on Compare's instance, its
//! steps told as data, its board drawn), the two trace jobs' answers, and the background
//! task that traces a pair and aligns it.

use super::*;

/// What a puzzle's trace job needs to be traced twice on Compare's instance and aligned.
pub trait ContrastJob: TraceJob + Clone + PartialEq {
    /// The name of the pair's background work.
    const PAIR_NAME: &'static str;
    /// A search a trace follows.
    type Algo: Copy + PartialEq + std::fmt::Debug + 'static;
    /// The searches a trace follows.
    fn traceable() -> Vec<Self::Algo>;
    /// The catalog's entry for `algorithm` (`None`: a search the catalog does not list,
    /// which takes no parameters).
    fn info(algorithm: Self::Algo) -> Option<&'static AlgorithmInfo>;
    /// What the app calls `algorithm`.
    fn name(algorithm: Self::Algo) -> String;
    /// The search, the setting and values the view starts with: `(algorithm, setting, A,
    /// B)`.
    fn example() -> (Self::Algo, Setting, &'static str, &'static str);
    /// The trace job of `algorithm` on `instance` (`None`: an instance of another puzzle).
    fn on(
        instance: &dyn PuzzleUi,
        algorithm: Self::Algo,
        params: Vec<(String, String)>,
        seed: u64,
        budget: Budget,
    ) -> Option<Self>;
    /// The trace's steps as data, each with its sentence, in order.
    fn steps(trace: &Self::Trace) -> Box<dyn Iterator<Item = Value> + '_>;
    /// Draws `trace`'s board after `pos` steps, `state` being the state there.
    fn draw(
        ui: &mut Ui,
        trace: &Self::Trace,
        state: &<Self::Trace as Replayable>::State,
        pos: usize,
    );
    /// Checks the job as the search would, before anything runs.
    fn check(&self) -> Result<(), String>;
}

/// The two traces to make and align, as background work.
#[derive(Serialize, Deserialize)]
pub struct PairTask<J> {
    pub(super) a: J,
    pub(super) b: J,
    /// The setting changed: its fields in the steps are no decision.
    pub(super) setting: String,
}

/// Two traces made ready to show, and where they part.
#[derive(Serialize, Deserialize)]
#[serde(bound(
    serialize = "T: Serialize, T::State: Serialize",
    deserialize = "T: DeserializeOwned, T::State: DeserializeOwned"
))]
pub struct PairPrepared<T: Traced> {
    pub(super) a: Prepared<T>,
    pub(super) b: Prepared<T>,
    /// The first step (from 0) where they differ; `None`: the same to the end.
    pub(super) at: Option<usize>,
}

impl<J: ContrastJob> Task for PairTask<J> {
    type Output = Result<PairPrepared<J::Trace>, String>;
    const NAME: &'static str = J::PAIR_NAME;

    fn run(self, send: &(dyn Fn(Self::Output) + Sync), work: &Work) {
        let a = match self.a.run(&work.cancel) {
            Ok(t) => t,
            Err(e) => return send(Err(format!("A: {e}"))),
        };
        let b = match self.b.run(&work.cancel) {
            Ok(t) => t,
            Err(e) => return send(Err(format!("B: {e}"))),
        };
        // The steps are told as far as the first difference, the cancel flag looked at
        // between them; a cancelled alignment is not sent.
        let going = |_: &Value| !work.cancel.load(Ordering::Relaxed);
        let at = first_difference(
            J::steps(&a).take_while(going),
            J::steps(&b).take_while(going),
            &self.setting,
        );
        if work.cancel.load(Ordering::Relaxed) {
            return;
        }
        send(Ok(PairPrepared {
            a: Prepared::of(a),
            b: Prepared::of(b),
            at,
        }));
    }
}
