//! Traces: a search told one decision at a time, by the solver itself.
//!
//! A traceable solver takes a [`Sink`] besides its [`Control`](super::Control) and hands it
//! each decision as it makes it: a knight entering or leaving a square, a queen placed or
//! taken back, a neighbour scored. Untraced runs pass [`Off`], whose `ON` is `false`: the
//! compiler drops every call and every description built for it, so the search costs what
//! it did before. A [`Recorder`] keeps the steps, up to a limit; when it is full the solver
//! stops at once with [`Stop::StepLimit`](super::Stop::StepLimit), so that replaying the
//! recorded steps always ends in the state the solver reports.
//!
//! The step types belong to each puzzle: [`super::knight::trace`] and
//! [`super::queens::trace`].

/// Where a solver sends its steps.
pub trait Sink<S> {
    /// Whether steps are wanted at all. Solvers test it before describing a step, so an
    /// untraced search does no work for its trace.
    const ON: bool;

    /// Takes one step; `false` when the trace is now full and the solver must stop.
    fn step(&mut self, step: S) -> bool;

    /// Takes one step that carries a whole state (a new placement after a restart);
    /// `false` when the trace is now full.
    fn step_with(&mut self, step: S, _state: &[u32]) -> bool {
        self.step(step)
    }

    /// Takes `count` steps at once, step `i` being `make(i)`, in order: as many as fit.
    /// `false` when the trace is now full (it may have taken fewer than `count`).
    fn steps(&mut self, count: usize, make: impl Fn(usize) -> S) -> bool {
        (0..count).all(|i| self.step(make(i)))
    }
}

/// No trace: every call compiles to nothing.
pub struct Off;

impl<S> Sink<S> for Off {
    const ON: bool = false;

    #[inline(always)]
    fn step(&mut self, _step: S) -> bool {
        true
    }

    #[inline(always)]
    fn steps(&mut self, _count: usize, _make: impl Fn(usize) -> S) -> bool {
        true
    }
}

/// Keeps the steps, at most `limit` of them, and the states that some steps carry.
#[derive(Debug, Clone)]
pub struct Recorder<S> {
    /// The steps, in the order the solver took them.
    pub steps: Vec<S>,
    /// The states carried by steps, flat: `(index of the step, offset into `values`)`.
    pub states: Vec<(u32, u32)>,
    /// The values of every carried state, one after another.
    pub values: Vec<u32>,
    limit: usize,
}

impl<S> Recorder<S> {
    /// A recorder that takes at most `limit` steps (at least one).
    pub fn new(limit: usize) -> Recorder<S> {
        Recorder {
            // A first block at once: growing from nothing costs a trace of a few thousand
            // steps more than its search.
            steps: Vec::with_capacity(limit.clamp(1, 4096)),
            states: Vec::new(),
            values: Vec::new(),
            limit: limit.max(1),
        }
    }

    /// Empties it for another run, keeping its memory.
    pub fn clear(&mut self) {
        self.steps.clear();
        self.states.clear();
        self.values.clear();
    }

    /// The most steps it takes.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Whether it took as many steps as it may.
    pub fn full(&self) -> bool {
        self.steps.len() >= self.limit
    }

    /// The state carried by step `index`, if it carries one; `len` values.
    pub fn state(&self, index: usize, len: usize) -> Option<&[u32]> {
        let at = self
            .states
            .binary_search_by_key(&(index as u32), |&(i, _)| i)
            .ok()?;
        let from = self.states[at].1 as usize;
        self.values.get(from..from + len)
    }
}

impl<S> Sink<S> for Recorder<S> {
    const ON: bool = true;

    #[inline]
    fn step(&mut self, step: S) -> bool {
        self.steps.push(step);
        self.steps.len() < self.limit
    }

    #[inline]
    fn steps(&mut self, count: usize, make: impl Fn(usize) -> S) -> bool {
        // One capacity check for the lot: a range's map has an exact length.
        let take = count.min(self.limit.saturating_sub(self.steps.len()));
        self.steps.extend((0..take).map(make));
        self.steps.len() < self.limit
    }

    fn step_with(&mut self, step: S, state: &[u32]) -> bool {
        self.states
            .push((self.steps.len() as u32, self.values.len() as u32));
        self.values.extend_from_slice(state);
        self.step(step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recorder_says_full_on_the_step_that_fills_it_and_keeps_states() {
        let mut r = Recorder::new(3);
        assert!(r.step(1u8));
        assert!(r.step_with(2, &[7, 8]));
        assert!(!r.step(3), "the third of three steps fills it");
        assert!(r.full());
        assert_eq!(r.steps, [1, 2, 3]);
        assert_eq!(r.state(1, 2), Some(&[7, 8][..]));
        assert_eq!(r.state(0, 2), None);
    }

    #[test]
    fn a_recorder_takes_a_run_of_steps_as_far_as_its_limit() {
        let mut r = Recorder::new(5);
        assert!(r.steps(3, |i| i * 10), "three of five");
        assert!(!r.steps(4, |i| 100 + i), "two more fill it");
        assert_eq!(r.steps, [0, 10, 20, 100, 101]);
        let mut off = Off;
        assert!(Sink::<usize>::steps(&mut off, 3, |i| i));
    }
}
