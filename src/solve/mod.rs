//! The algorithms. Each takes a config, a seed, a [`Budget`], a cancel flag and an
//! [`Observer`]; none spawns threads, sleeps, prints or touches the UI.

pub mod knight;
pub mod magic;
pub mod microscope;
pub mod queens;
pub mod trace;

use crate::platform::time::Instant;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How much work a search may do. `None` means no limit of that kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Budget {
    /// Wall-clock time.
    pub time: Option<Duration>,
    /// Nodes (squares entered, placements tried), as [`Counters::nodes`] counts them.
    pub nodes: Option<u64>,
    /// Generations of an evolutionary algorithm.
    pub generations: Option<u64>,
    /// Replaying a run that its clock or its user stopped: stop at the same look at the
    /// clock, whatever the clock says now (see [`Until`]). Always written (`null` when
    /// none), so that a budget also travels in a binary form without field names, as
    /// background work does to a browser's Web Worker.
    #[serde(default)]
    pub until: Option<Until>,
}

/// Where a run stopped by its time limit or by hand got to: how many times the search had
/// looked at the clock and the cancel flag. A search looks at them at the same points in
/// the same order every time it runs with the same seed and settings (the parallel counts
/// aside), so a replay that stops at the same look ends in exactly the same state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Until {
    /// The looks at the clock before the stop, the stopping one included.
    pub polls: u64,
    /// Why the run stopped there (time limit, or cancelled).
    pub stop: Stop,
}

impl Budget {
    /// No limit of any kind.
    pub fn unlimited() -> Budget {
        Budget::default()
    }

    /// This budget with a time limit of `t`.
    pub fn with_time(mut self, t: Duration) -> Budget {
        self.time = Some(t);
        self
    }

    /// This budget with a limit of `n` nodes.
    pub fn with_nodes(mut self, n: u64) -> Budget {
        self.nodes = Some(n);
        self
    }
}

/// Why a search stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stop {
    /// It found what it looked for.
    Found,
    /// It searched everything there was (a complete search: nothing more exists).
    Exhausted,
    /// An incomplete method ran out of moves (a greedy walk stuck in a dead end).
    Stuck,
    /// The budget's time ran out.
    TimeLimit,
    /// The budget's nodes ran out.
    NodeLimit,
    /// The generations allowed ran out.
    GenerationLimit,
    /// The search would have needed more memory than it may use (a best-first queue).
    MemoryLimit,
    /// The user (or the caller's cancel flag) stopped it.
    Cancelled,
    /// A trace took as many steps as it was allowed (see [`trace::Recorder`]).
    StepLimit,
    /// A theorem says there is nothing to find (e.g. no closed tour on a board with an
    /// odd number of squares), so nothing was searched.
    Impossible,
}

impl Stop {
    /// What cut a count of several parts short, whatever order its parts ended in: the
    /// user's Stop first, then the clock, memory, the node, generation and step limits;
    /// `Exhausted` when nothing did.
    pub fn first_of(stops: impl IntoIterator<Item = Stop>) -> Stop {
        let rank = |s: &Stop| match s {
            Stop::Cancelled => 0,
            Stop::TimeLimit => 1,
            Stop::MemoryLimit => 2,
            Stop::NodeLimit => 3,
            Stop::GenerationLimit => 4,
            _ => 5,
        };
        (stops.into_iter())
            .filter(|s| s.interrupted())
            .min_by_key(rank)
            .unwrap_or(Stop::Exhausted)
    }

    /// Whether the search was cut short by a budget or by the user, so that its answer
    /// may be incomplete.
    pub fn interrupted(self) -> bool {
        matches!(
            self,
            Stop::TimeLimit
                | Stop::NodeLimit
                | Stop::GenerationLimit
                | Stop::MemoryLimit
                | Stop::Cancelled
                | Stop::StepLimit
        )
    }

    /// A few words for messages, e.g. "time limit reached".
    pub fn describe(self) -> &'static str {
        match self {
            Stop::Found => "found",
            Stop::Exhausted => "searched everything",
            Stop::Stuck => "stuck in a dead end",
            Stop::TimeLimit => "time limit reached",
            Stop::NodeLimit => "node limit reached",
            Stop::GenerationLimit => "generation limit reached",
            Stop::MemoryLimit => "memory limit reached",
            Stop::Cancelled => "cancelled",
            Stop::StepLimit => "step limit of the trace reached",
            Stop::Impossible => "none exists, by a theorem",
        }
    }
}

/// Counters every search keeps; those an algorithm does not use stay zero. Each field
/// means one thing for every algorithm; which ones an algorithm reports, and what it calls
/// them, the catalog says (`run::catalog::AlgorithmInfo::figures`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Counters {
    /// Units of work: squares entered, recursive calls, steps of a walk, states expanded,
    /// neighbours, placements, chromosomes or squares scored.
    pub nodes: u64,
    /// Squares taken back by a backtracking search.
    pub backtracks: u64,
    /// The deepest the search went (squares on the longest path so far).
    pub max_depth: u64,
    /// Current depth (squares on the path now).
    pub depth: u64,
    /// Solutions found (tours counted by an enumeration).
    pub solutions: u64,
    /// Fresh starts: walks, tie-break rules tried, random restarts, a population refreshed
    /// or a search begun afresh.
    pub attempts: u64,
    /// Generations of an evolutionary algorithm.
    pub generations: u64,
    /// Moves a local search made (a queen moved to another row).
    pub moves: u64,
    /// States put on a search's frontier.
    pub queued: u64,
}

/// What each generation reports (the app plots it; the bench sums it up).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct GenerationStats {
    /// 1 for the first generation bred (the Knight's Tour solver report counts so).
    pub generation: u64,
    /// The best score of the generation (the highest fitness, or the fewest conflicts).
    pub best: f64,
    /// The mean score.
    pub mean: f64,
    /// The worst score.
    pub worst: f64,
    /// Squares covered by the best individual's (legal) path.
    pub best_coverage: u32,
    /// See [`diversity`]: 0 all alike, towards 1 all different.
    pub diversity: f64,
}

impl GenerationStats {
    /// Best, mean and worst of `fitness`; the caller fills in the rest.
    pub fn of(generation: u64, fitness: &[f64]) -> GenerationStats {
        let n = fitness.len().max(1) as f64;
        GenerationStats {
            generation,
            best: fitness.iter().copied().fold(f64::NEG_INFINITY, f64::max),
            mean: fitness.iter().sum::<f64>() / n,
            worst: fitness.iter().copied().fold(f64::INFINITY, f64::min),
            best_coverage: 0,
            diversity: 0.0,
        }
    }

    /// Like [`GenerationStats::of`] for a score to minimise (conflicts): best is the
    /// lowest.
    pub fn of_minimised(generation: u64, score: &[f64]) -> GenerationStats {
        let s = GenerationStats::of(generation, score);
        GenerationStats {
            best: s.worst,
            worst: s.best,
            ..s
        }
    }
}

/// Receives what a solver reports while it runs. Every method has an empty default, so
/// an observer implements only what it needs. The data is borrowed: an observer that keeps
/// it copies it (and may choose not to, to stay cheap).
pub trait Observer: Send {
    /// Counters, at most every few thousand nodes.
    fn progress(&mut self, _counters: &Counters, _elapsed: Duration) {}
    /// The current state for the board (a knight's path as squares), as often as
    /// `progress`.
    fn snapshot(&mut self, _state: &[u32]) {}
    /// One per generation of an evolutionary algorithm.
    fn generation(&mut self, _stats: &GenerationStats) {}
    /// What a cultural algorithm's belief space favours, one weight per square (0 to 1),
    /// at most as often as `snapshot`.
    fn belief(&mut self, _weights: &[f32]) {}
    /// How long the observer has held the search paused in all: time limits and elapsed
    /// times count running time only.
    fn paused(&self) -> Duration {
        Duration::ZERO
    }
    /// The clock or the cancel flag stopped the search at its `until.polls`-th look (kept
    /// in a saved run, so that a replay stops at the same point).
    fn stopped(&mut self, _until: Until) {}
    /// The generation whose breeding the observer wants recorded (the GA microscope), if
    /// any.
    fn microscope(&self) -> Option<u64> {
        None
    }
    /// The breeding of the generation [`Observer::microscope`] asked for.
    fn bred(&mut self, _breeding: &microscope::Breeding) {}
}

/// An observer that ignores everything.
pub struct NoObserver;
impl Observer for NoObserver {}

/// How many nodes pass between two looks at the clock and the cancel flag.
const CHECK_EVERY: u64 = 4096;

/// Time kept back per value of the state a search reports (a path's square, a column's
/// row): after the search stops, its answer is copied, checked and printed (as JSON, about
/// 30 ns a square) square by square, and the time limit covers that too. A search with a
/// path of ten million squares stops 0.4 s early (never more than half its limit); on
/// 8×8, under 3 µs early.
pub const FINISH_NANOS_PER_VALUE: u64 = 40;

/// A search's budget, cancel flag, clock and observer in one place, so that hot loops
/// pay one counter comparison per node.
pub struct Control<'a> {
    budget: Budget,
    cancel: &'a AtomicBool,
    observer: &'a mut dyn Observer,
    started: Instant,
    next_check: u64,
    /// Time kept back from the limit for the work after the search (see [`Control::keep_back`]).
    kept_back: Duration,
    /// Looks at the clock and the cancel flag so far.
    polls: u64,
}

impl Control<'static> {
    /// A control nobody watches or cancels, for examples, tests and benchmarks: the
    /// budget alone ends the search.
    ///
    /// ```
    /// use searchlab::solve::queens::backtracking;
    /// use searchlab::solve::{Budget, Control, Stop};
    ///
    /// let outcome = backtracking::solve(6, &mut Control::quiet(Budget::unlimited()));
    /// assert_eq!(outcome.stop, Stop::Found);
    /// ```
    pub fn quiet(budget: Budget) -> Control<'static> {
        static NEVER: AtomicBool = AtomicBool::new(false);
        // `NoObserver` has no size, so the box allocates nothing and leaks nothing.
        Control::new(budget, &NEVER, Box::leak(Box::new(NoObserver)))
    }
}

impl<'a> Control<'a> {
    /// A control that stops at `budget` or when `cancel` is set, and reports to `observer`.
    /// The clock starts now.
    pub fn new(budget: Budget, cancel: &'a AtomicBool, observer: &'a mut dyn Observer) -> Self {
        Control {
            budget,
            cancel,
            observer,
            started: Instant::now(),
            kept_back: Duration::ZERO,
            polls: 0,
            next_check: budget
                .nodes
                .map_or(CHECK_EVERY, |n| n.clamp(1, CHECK_EVERY)),
        }
    }

    /// Running time since the control was made: the time the observer held the search
    /// paused does not count.
    pub fn elapsed(&self) -> Duration {
        self.started
            .elapsed()
            .saturating_sub(self.observer.paused())
    }

    /// Keeps `time` back from the time limit for what follows the search besides copying
    /// its answer: freeing a population of a million small squares takes a fifth of a
    /// second.
    pub fn keep_back(&mut self, time: Duration) {
        self.kept_back = time;
    }

    /// For a second search under the same control, whose counters start again from 0:
    /// its first check comes after [`CHECK_EVERY`] of its own nodes (or at the node limit),
    /// not after as many as the first search made. The clock and the cancel flag go on.
    pub fn count_afresh(&mut self) {
        self.next_check = self
            .budget
            .nodes
            .map_or(CHECK_EVERY, |n| n.clamp(1, CHECK_EVERY));
    }

    /// The budget the search runs under.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Called after each node with the counters and the current state; every
    /// [`CHECK_EVERY`] nodes it checks the budget and the cancel flag and reports progress.
    #[inline]
    pub fn tick(&mut self, counters: &Counters, state: &[u32]) -> Option<Stop> {
        if counters.nodes < self.next_check {
            return None;
        }
        self.schedule(counters);
        self.check(counters, Some(state))
    }

    /// Like [`Control::tick`], for searches with no board state to show.
    #[inline]
    pub fn check_every(&mut self, counters: &Counters) -> Option<Stop> {
        if counters.nodes < self.next_check {
            return None;
        }
        self.schedule(counters);
        self.check(counters, None)
    }

    /// The next check comes after [`CHECK_EVERY`] nodes, or exactly at the node limit.
    fn schedule(&mut self, counters: &Counters) {
        let next = counters.nodes + CHECK_EVERY;
        self.next_check = match self.budget.nodes {
            Some(limit) if limit > counters.nodes => next.min(limit),
            _ => next,
        };
    }

    /// Checks the budget and cancel flag now and reports progress.
    pub fn check(&mut self, counters: &Counters, state: Option<&[u32]>) -> Option<Stop> {
        if let Some(state) = state {
            self.observer.snapshot(state);
        }
        self.observer.progress(counters, self.elapsed());
        // Leave time to copy and check the answer (at most half the limit).
        let finish = Duration::from_nanos(
            (state.map_or(0, <[u32]>::len) as u64).saturating_mul(FINISH_NANOS_PER_VALUE),
        );
        if let Some(stop) = self.poll(finish) {
            return Some(stop);
        }
        if self.budget.nodes.is_some_and(|n| counters.nodes >= n) {
            return Some(Stop::NodeLimit);
        }
        if self
            .budget
            .generations
            .is_some_and(|g| counters.generations >= g)
        {
            return Some(Stop::GenerationLimit);
        }
        None
    }

    /// The cancel flag and the clock only, without reporting: cheap enough to ask once per
    /// individual of a population, so that a generation on a huge board still stops
    /// promptly.
    pub fn interrupted(&mut self) -> Option<Stop> {
        self.poll(Duration::ZERO)
    }

    /// One look at the cancel flag and the clock, keeping `finish` (and what
    /// [`Control::keep_back`] asked for) back from the limit; a replay stops at the look
    /// the saved run stopped at instead.
    fn poll(&mut self, finish: Duration) -> Option<Stop> {
        self.polls += 1;
        let stop = if self.cancel.load(Ordering::Relaxed) {
            // Ctrl-C and Stop end a replay too.
            Stop::Cancelled
        } else if let Some(until) = self.budget.until {
            // A replay stops where the saved run stopped, whatever the clock says; but a
            // damaged file whose point is never reached still ends, at four times the
            // saved limit and ten seconds more.
            let overdue = self
                .budget
                .time
                .is_some_and(|t| self.elapsed() >= t.saturating_mul(4) + Duration::from_secs(10));
            if self.polls >= until.polls {
                until.stop
            } else if overdue {
                Stop::TimeLimit
            } else {
                return None;
            }
        } else if self
            .budget
            .time
            .is_some_and(|t| self.elapsed() + (finish + self.kept_back).min(t / 2) >= t)
        {
            Stop::TimeLimit
        } else {
            return None;
        };
        self.observer.stopped(Until {
            polls: self.polls,
            stop,
        });
        Some(stop)
    }

    /// Reports `counters` and checks the cancel flag and the clock, for a loop whose node
    /// checks come seconds apart (one sweep of a large neighbourhood): its time and figures
    /// show as it goes, and a pause holds it here.
    pub fn pulse(&mut self, counters: &Counters) -> Option<Stop> {
        self.observer.progress(counters, self.elapsed());
        self.interrupted()
    }

    /// Passes one generation's figures to the observer.
    pub fn generation(&mut self, stats: &GenerationStats) {
        self.observer.generation(stats);
    }

    /// Passes a belief space's per-square weights to the observer.
    pub fn belief(&mut self, weights: &[f32]) {
        self.observer.belief(weights);
    }

    /// The generation whose breeding the observer wants recorded, if any (see
    /// [`microscope`]).
    pub fn microscope(&self) -> Option<u64> {
        self.observer.microscope()
    }

    /// Hands the breeding the observer asked for to it.
    pub fn bred(&mut self, breeding: &microscope::Breeding) {
        self.observer.bred(breeding);
    }

    /// Reports a final state and counters (so an observer sees the last of them).
    pub fn finish(&mut self, counters: &Counters, state: &[u32]) {
        self.observer.progress(counters, self.elapsed());
        self.observer.snapshot(state);
    }
}

/// The portable seeded generator every stochastic solver uses.
pub type Rng = rand_chacha::ChaCha8Rng;

/// The generator for `seed`: the same seed gives the same numbers on every platform.
pub fn rng_from_seed(seed: u64) -> Rng {
    use rand::SeedableRng;
    Rng::seed_from_u64(seed)
}

/// Hands `value` to a thread of its own to be dropped, so that a search stopped by Stop or
/// Ctrl-C is not held up giving back hundreds of megabytes (about a tenth of a second on
/// the largest boards). Where threads cannot be started it is dropped at once.
pub fn free_later<T: Send + 'static>(value: T) {
    use std::sync::{Mutex, OnceLock, mpsc};
    type Freed = Box<dyn Send>;
    static FREER: OnceLock<Option<Mutex<mpsc::Sender<Freed>>>> = OnceLock::new();
    let freer = FREER.get_or_init(|| {
        let (send, receive) = mpsc::channel::<Freed>();
        std::thread::Builder::new()
            .name("free".into())
            .spawn(move || receive.into_iter().for_each(drop))
            .ok()
            .map(|_| Mutex::new(send))
    });
    let value: Freed = Box::new(value);
    let left = match freer.as_ref().and_then(|f| f.lock().ok()) {
        Some(send) => send.send(value).err().map(|e| e.0),
        None => Some(value),
    };
    drop(left);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::test;

    #[test]
    fn a_replay_stops_at_the_saved_look_at_the_clock_and_still_heeds_cancel() {
        let until = Until {
            polls: 3,
            stop: Stop::TimeLimit,
        };
        // A limit long past: the replay ignores the clock and stops at the third look.
        let budget = Budget {
            time: Some(Duration::ZERO),
            until: Some(until),
            ..Budget::unlimited()
        };
        let never = AtomicBool::new(false);
        let mut obs = NoObserver;
        let mut ctl = Control::new(budget, &never, &mut obs);
        assert_eq!(ctl.interrupted(), None);
        assert_eq!(ctl.interrupted(), None);
        assert_eq!(ctl.interrupted(), Some(Stop::TimeLimit));
        // Ctrl-C (or Stop) ends a replay before its point.
        let cancel = AtomicBool::new(true);
        let mut obs = NoObserver;
        let mut ctl = Control::new(budget, &cancel, &mut obs);
        assert_eq!(ctl.interrupted(), Some(Stop::Cancelled));
    }
}
