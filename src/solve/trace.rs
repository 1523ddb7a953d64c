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

/// A step of a trace.
///
/// Two things let a [`Recorder`] keep a long trace in little memory, both optional. Some
/// kinds of step come in runs that differ only by a counter, such as the rows a queen's
/// column tries one after another: [`Step::nth`] makes each step of such a run from its
/// first, so that a run is kept as one step and its length. And a step that fits in 31
/// bits, [`Step::pack`], is kept in one 32-bit word; so is a run, and the step that ends
/// it, that fit in 30 ([`Step::pack_run`]).
pub trait Step: Copy {
    /// Step `i` of a run that begins with this one (`nth(0)` is this one). A kind that does
    /// not come in runs repeats itself, the default.
    fn nth(&self, _i: u32) -> Self {
        *self
    }

    /// This step in 31 bits (below `1 << 31`), if it fits; by default none does.
    fn pack(&self) -> Option<u32> {
        None
    }

    /// The step that [`Step::pack`] gave `word` for.
    fn unpack(_word: u32) -> Option<Self> {
        None
    }

    /// A run of `len` steps from this one, then the step `then` if there is one, in 30
    /// bits (below `1 << 30`), if they fit; by default none do.
    fn pack_run(&self, _len: usize, _then: Option<&Self>) -> Option<u32> {
        None
    }

    /// The first step, the length and the step after the run that [`Step::pack_run`] gave
    /// `word` for.
    fn unpack_run(_word: u32) -> Option<(Self, usize, Option<Self>)> {
        None
    }
}

/// Where a solver sends its steps.
pub trait Sink<S: Step> {
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

    /// Takes a run of `count` steps, in order, as many as fit: step `i` of the run is
    /// `first.nth(i)`. A [`Recorder`] keeps the run in one word, or two, however long it
    /// is. `false` when the trace is now full (it may have taken fewer than `count`).
    fn run(&mut self, first: S, count: usize) -> bool {
        (0..count).all(|i| self.step(first.nth(i as u32)))
    }

    /// Takes a run of `count` steps, as [`Sink::run`], then the step `then`: a solver's
    /// whole turn, such as the rows a queen's column passes over and the queen placed
    /// after them, which a [`Recorder`] keeps in one word when it can. Says whether it
    /// took `then`, so that the solver makes that move only if it did.
    fn run_then(&mut self, first: S, count: usize, then: S) -> Taken {
        run_then_step(self, first, count, then)
    }
}

/// [`Sink::run_then`] as a run and then a step, each on its own.
fn run_then_step<S: Step, T: Sink<S> + ?Sized>(
    sink: &mut T,
    first: S,
    count: usize,
    then: S,
) -> Taken {
    if !sink.run(first, count) {
        Taken::Cut
    } else if sink.step(then) {
        Taken::All
    } else {
        Taken::Filled
    }
}

/// How far [`Sink::run_then`] got.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taken {
    /// Every step, and there is room for more.
    All,
    /// Every step, and the trace is now full: the solver makes the last move and stops.
    Filled,
    /// The trace filled before the last step: the solver stops before that move.
    Cut,
}

/// No trace: every call compiles to nothing.
pub struct Off;

impl<S: Step> Sink<S> for Off {
    const ON: bool = false;

    #[inline(always)]
    fn step(&mut self, _step: S) -> bool {
        true
    }

    #[inline(always)]
    fn run(&mut self, _first: S, _count: usize) -> bool {
        true
    }

    #[inline(always)]
    fn run_then(&mut self, _first: S, _count: usize, _then: S) -> Taken {
        Taken::All
    }
}

/// Keeps the steps, at most `limit` of them, and the states that some steps carry.
///
/// The steps are kept as 32-bit words (see [`Word`]): one for each step taken alone, and one
/// or two for each run (see [`Sink::run`]), however long. A step's word is the step itself
/// when it packs into 31 bits ([`Step::pack`]), else the index of the step in a list of its
/// own; a run's is the run itself, with the step that ends it if there is one
/// ([`Sink::run_then`]), when they pack into 30 bits ([`Step::pack_run`]), else a header
/// with its length followed by its first step's word. A backtracking trace of up to 127
/// queens thus takes a word for each column it tries. [`Recorder::get`] and
/// [`Recorder::iter`] give every step, runs told apart.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Recorder<S> {
    /// The steps, in the order the solver took them: see [`Word`].
    words: Vec<u32>,
    /// The steps that do not pack into a word.
    wide: Vec<S>,
    /// `(index of a step, index of its word)` for the first step of an entry every
    /// [`MARK_EVERY`] words or so, from `(0, 0)`: where [`Recorder::get`] starts reading.
    marks: Vec<(u32, u32)>,
    /// The length of `words` at which the next mark is due; 0 while `flat`, so that the
    /// first entry that needs a word takes the slow path and writes them.
    next_mark: usize,
    /// Every step so far is kept wide and has no word yet: step `i` is `wide[i]`. A
    /// knight's trace stays so to its end and never pays for a word.
    flat: bool,
    /// How many steps were taken, each step of a run counted.
    len: usize,
    /// The states carried by steps, flat: `(index of the step, offset into `values`)`.
    states: Vec<(u32, u32)>,
    /// The values of every carried state, one after another.
    values: Vec<u32>,
    limit: usize,
}

/// How a recorder's word reads, by its top bits.
enum Word {
    /// `0…`: a step, packed.
    Packed(u32),
    /// `10…`: a run, packed, with the step that ends it if there is one.
    PackedRun(u32),
    /// `110…`: the index of a step in `wide`.
    Wide(usize),
    /// `111…`: a run of this many steps, whose first step is the next word.
    Run(usize),
}

const PACKED_RUN: u32 = 1 << 31;
const WIDE: u32 = 3 << 30;
const RUN: u32 = 7 << 29;
/// The low 30 bits: a packed run.
const LOW_30: u32 = (1 << 30) - 1;
/// The low 29 bits: an index or a length.
const LOW: u32 = (1 << 29) - 1;

/// Words between marks: a random read decodes at most about this many.
const MARK_EVERY: usize = 64;

impl Word {
    fn read(word: u32) -> Word {
        if word < PACKED_RUN {
            Word::Packed(word)
        } else if word < WIDE {
            Word::PackedRun(word & LOW_30)
        } else if word < RUN {
            Word::Wide((word & LOW) as usize)
        } else {
            Word::Run((word & LOW) as usize)
        }
    }
}

impl<S> Recorder<S> {
    /// A recorder that takes at most `limit` steps (at least one, at most 2²⁹ − 1).
    pub fn new(limit: usize) -> Recorder<S> {
        Recorder {
            // Room for a million words at once (4 MB, given by the system page by page
            // as they are written): growing by doubling would copy every word written so
            // far into fresh memory each time, and fresh memory is what a trace pays most
            // for. A knight's trace never writes one.
            words: Vec::with_capacity(limit.clamp(1, 1 << 20)),
            wide: Vec::new(),
            marks: vec![(0, 0)],
            next_mark: 0,
            flat: true,
            len: 0,
            states: Vec::new(),
            values: Vec::new(),
            limit: limit.clamp(1, LOW as usize),
        }
    }

    /// Empties it for another run, keeping its memory.
    pub fn clear(&mut self) {
        self.words.clear();
        self.wide.clear();
        self.marks.truncate(1);
        self.next_mark = 0;
        self.flat = true;
        self.len = 0;
        self.states.clear();
        self.values.clear();
    }

    /// The most steps it takes.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// How many steps it took, each step of a run counted.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it took no step.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The bytes its steps take (carried states aside).
    pub fn bytes(&self) -> usize {
        4 * self.words.len() + std::mem::size_of::<S>() * self.wide.len() + 8 * self.marks.len()
    }

    /// Whether it took as many steps as it may.
    pub fn full(&self) -> bool {
        self.len >= self.limit
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

    /// Before the words of a new entry: a mark, when it is time for one.
    #[inline]
    fn entry(&mut self) {
        if self.words.len() >= self.next_mark {
            self.mark();
        }
    }

    #[cold]
    #[inline(never)]
    fn mark(&mut self) {
        if self.flat {
            // The first entry with a word: every wide step before it gets its word (and
            // its marks), as if they had been written one by one.
            self.flat = false;
            self.next_mark = MARK_EVERY;
            // Their words and the entry's own (one or two), at once.
            self.words.reserve(self.wide.len() + 2);
            for i in 0..self.wide.len() {
                if self.words.len() >= self.next_mark {
                    self.marks.push((i as u32, self.words.len() as u32));
                    self.next_mark = self.words.len() + MARK_EVERY;
                }
                self.words.push(WIDE | i as u32);
            }
        }
        if self.words.len() >= self.next_mark {
            self.marks.push((self.len as u32, self.words.len() as u32));
            self.next_mark = self.words.len() + MARK_EVERY;
        }
    }
}

impl<S: Step> Recorder<S> {
    /// Step `index`, counting every step of every run; `None` past the last.
    pub fn get(&self, index: usize) -> Option<S> {
        self.iter_from(index).next()
    }

    /// Every step in order, runs told apart.
    pub fn iter(&self) -> Steps<'_, S> {
        self.iter_from(0)
    }

    /// Every step from step `index` on, in order.
    pub fn iter_from(&self, index: usize) -> Steps<'_, S> {
        if self.flat {
            // Step `index` is `wide[index]`, its own entry.
            return Steps {
                recorder: self,
                word: index,
                step: index,
                run: None,
            };
        }
        // The last mark at or before `index`, then entry by entry up to it.
        let at = self.marks.partition_point(|&(s, _)| s as usize <= index);
        let (step, word) = self.marks[at.saturating_sub(1)];
        let mut steps = Steps {
            recorder: self,
            word: word as usize,
            step: step as usize,
            run: None,
        };
        steps.skip_to(index);
        steps
    }

    /// The word of a step: packed, or the index of a wide one.
    #[inline]
    fn word_of(&mut self, step: S) -> u32 {
        match step.pack() {
            Some(word) if word < PACKED_RUN => word,
            _ => self.wide_word(step),
        }
    }

    /// The word of a step kept wide: its index in `wide`.
    #[inline]
    fn wide_word(&mut self, step: S) -> u32 {
        self.wide.push(step);
        WIDE | (self.wide.len() - 1) as u32
    }

    /// The step a step's word stands for.
    fn step_of(&self, word: u32) -> Option<S> {
        match Word::read(word) {
            Word::Packed(w) => S::unpack(w),
            Word::Wide(i) => self.wide.get(i).copied(),
            Word::PackedRun(_) | Word::Run(_) => None,
        }
    }

    /// The entry whose first word is `words[at]`.
    fn entry_at(&self, at: usize) -> Option<Entry<S>> {
        let entry = |first, len, then, size| Entry {
            first,
            len,
            then,
            size,
        };
        if self.flat {
            return self.wide.get(at).map(|&step| entry(step, 1, None, 1));
        }
        let word = *self.words.get(at)?;
        let read = match Word::read(word) {
            Word::PackedRun(w) => {
                S::unpack_run(w).map(|(first, len, then)| entry(first, len, then, 1))
            }
            Word::Run(len) => Some(entry(self.step_of(*self.words.get(at + 1)?)?, len, None, 2)),
            _ => Some(entry(self.step_of(word)?, 1, None, 1)),
        };
        // A recorder writes no entry without a step.
        debug_assert!(read.as_ref().is_none_or(|e| e.steps() > 0));
        read
    }

    /// Every step in order, in a vector of its own: the list of wide steps itself when
    /// every step is one (a knight's), so that the trace is not held twice.
    pub fn into_steps(self) -> Vec<S> {
        if self.wide.len() == self.len {
            // Each step its own entry, each kept wide, in order.
            return self.wide;
        }
        let mut steps = Vec::with_capacity(self.len);
        steps.extend(self.iter());
        steps
    }
}

/// What one step, or one run, takes in a [`Recorder`]: the steps `first.nth(i)` for `i`
/// below `len`, then `then` if there is one, in `size` words.
#[derive(Debug, Clone, Copy)]
struct Entry<S> {
    first: S,
    len: usize,
    then: Option<S>,
    size: usize,
}

impl<S: Step> Entry<S> {
    /// How many steps it holds.
    fn steps(&self) -> usize {
        self.len + usize::from(self.then.is_some())
    }

    /// Its step `i`, `i` below [`Entry::steps`].
    fn nth(&self, i: usize) -> S {
        match self.then {
            Some(then) if i >= self.len => then,
            _ => self.first.nth(i as u32),
        }
    }
}

/// The steps of a [`Recorder`], in order: see [`Recorder::iter_from`].
pub struct Steps<'a, S> {
    recorder: &'a Recorder<S>,
    /// The next entry's first word.
    word: usize,
    /// The index of the next step.
    step: usize,
    /// Within an entry of more than one step: the entry and the next step's place in it.
    run: Option<(Entry<S>, usize)>,
}

impl<S: Step> Steps<'_, S> {
    /// Goes on to step `index` without making the steps before it.
    fn skip_to(&mut self, index: usize) {
        while self.step < index {
            let Some(entry) = self.recorder.entry_at(self.word) else {
                return;
            };
            self.word += entry.size;
            if self.step + entry.steps() > index {
                // Into this entry.
                self.run = Some((entry, index - self.step));
                self.step = index;
                return;
            }
            self.step += entry.steps();
        }
    }
}

impl<S: Step> Iterator for Steps<'_, S> {
    type Item = S;

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.recorder.len.saturating_sub(self.step)))
    }

    fn next(&mut self) -> Option<S> {
        let (entry, i) = match self.run {
            Some(run) => run,
            None => {
                let entry = self.recorder.entry_at(self.word)?;
                self.word += entry.size;
                (entry, 0)
            }
        };
        self.run = (i + 1 < entry.steps()).then_some((entry, i + 1));
        self.step += 1;
        Some(entry.nth(i))
    }
}

impl<S: Step> Recorder<S> {
    /// [`Sink::run_then`] when the run and the step after it do not pack together.
    #[inline(never)]
    fn run_then_apart(&mut self, first: S, count: usize, then: S) -> Taken {
        run_then_step(self, first, count, then)
    }
}

impl<S: Step> Sink<S> for Recorder<S> {
    const ON: bool = true;

    #[inline]
    fn step(&mut self, step: S) -> bool {
        let packed = step.pack().filter(|&word| word < PACKED_RUN);
        if self.flat && packed.is_none() {
            self.wide.push(step);
        } else {
            self.entry();
            let word = match packed {
                Some(word) => word,
                None => self.wide_word(step),
            };
            self.words.push(word);
        }
        self.len += 1;
        self.len < self.limit
    }

    #[inline]
    fn run(&mut self, first: S, count: usize) -> bool {
        let take = count.min(self.limit.saturating_sub(self.len));
        if take == 0 {
            return self.len < self.limit;
        }
        self.entry();
        match first.pack_run(take, None) {
            Some(word) if word <= LOW_30 => self.words.push(PACKED_RUN | word),
            _ => {
                let word = self.word_of(first);
                self.words.push(RUN | take as u32);
                self.words.push(word);
            }
        }
        self.len += take;
        self.len < self.limit
    }

    #[inline(always)]
    fn run_then(&mut self, first: S, count: usize, then: S) -> Taken {
        // The whole turn in one word, when it fits and the trace has room for it all.
        if count < self.limit.saturating_sub(self.len)
            && let Some(word) = first.pack_run(count, Some(&then))
            && word <= LOW_30
        {
            self.entry();
            self.words.push(PACKED_RUN | word);
            self.len += count + 1;
            return if self.len < self.limit {
                Taken::All
            } else {
                Taken::Filled
            };
        }
        self.run_then_apart(first, count, then)
    }

    fn step_with(&mut self, step: S, state: &[u32]) -> bool {
        self.states
            .push((self.len as u32, self.values.len() as u32));
        self.values.extend_from_slice(state);
        self.step(step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::test;

    /// Steps that are numbers: a run counts up from its first. Even numbers pack into a
    /// word (odd ones are kept wide), and so do runs from a multiple of four shorter than
    /// 1,024, alone or ended by the number after the run or by 7, so that every form of
    /// entry is met.
    impl Step for usize {
        fn nth(&self, i: u32) -> usize {
            self + i as usize
        }

        fn pack(&self) -> Option<u32> {
            u32::try_from(*self).ok().filter(|_| self.is_multiple_of(2))
        }

        fn unpack(word: u32) -> Option<usize> {
            Some(word as usize)
        }

        fn pack_run(&self, len: usize, then: Option<&usize>) -> Option<u32> {
            let ending = match then {
                None => 0,
                Some(&t) if t == self + len => 1,
                Some(7) => 2,
                Some(_) => return None,
            };
            (self.is_multiple_of(4) && *self < 1 << 20 && len < 1 << 10)
                .then_some((*self << 10 | ending << 10 | len) as u32)
        }

        fn unpack_run(word: u32) -> Option<(usize, usize, Option<usize>)> {
            let (first, len) = ((word >> 12 << 2) as usize, (word & 1023) as usize);
            let then = match word >> 10 & 3 {
                0 => None,
                1 => Some(first + len),
                _ => Some(7),
            };
            Some((first, len, then))
        }
    }

    #[test]
    fn a_recorder_says_full_on_the_step_that_fills_it_and_keeps_states() {
        let mut r = Recorder::new(3);
        assert!(r.step(1usize));
        assert!(r.step_with(2, &[7, 8]));
        assert!(!r.step(3), "the third of three steps fills it");
        assert!(r.full());
        assert_eq!(r.iter().collect::<Vec<_>>(), [1, 2, 3]);
        assert_eq!(r.state(1, 2), Some(&[7, 8][..]));
        assert_eq!(r.state(0, 2), None);
    }

    #[test]
    fn a_recorder_takes_a_run_of_steps_as_far_as_its_limit_in_two_words() {
        let mut r = Recorder::new(500);
        assert!(r.run(0, 3), "three of 500");
        assert!(r.run(101, 400), "403 of 500");
        assert!(!r.run(8, 1000), "the last 97 fill it");
        assert_eq!(r.len(), 500);
        assert_eq!(r.words.len(), 4, "runs packed in one word, or two");
        assert_eq!(r.wide, [101], "an odd number kept wide");
        let all: Vec<usize> = (0..3).chain(101..501).chain(8..105).collect();
        assert_eq!(r.iter().collect::<Vec<_>>(), all);
        assert_eq!(r.iter_from(250).next(), Some(101 + 247));
        assert_eq!(r.get(499), Some(104));
        assert_eq!(r.get(500), None);
        assert_eq!(r.clone().into_steps(), all);
        let mut off = Off;
        assert!(Sink::<usize>::run(&mut off, 0, 3));
    }

    #[test]
    fn wide_steps_alone_take_no_word_until_a_step_packs() {
        let mut r = Recorder::new(1000);
        for i in 0..200 {
            assert!(r.step(2 * i + 1), "odd numbers are kept wide");
        }
        assert!(r.words.is_empty(), "no word while every step is wide");
        assert_eq!(r.get(150), Some(301));
        assert_eq!(r.iter_from(198).collect::<Vec<_>>(), [397, 399]);
        assert_eq!(r.get(200), None);
        assert!(r.step(4), "an even number packs");
        assert_eq!(r.words.len(), 201, "a word for every step");
        assert_eq!(r.marks, [(0, 0), (64, 64), (128, 128), (192, 192)]);
        let all: Vec<usize> = (0..200).map(|i| 2 * i + 1).chain([4]).collect();
        assert_eq!(r.iter().collect::<Vec<_>>(), all);
        for (i, &step) in all.iter().enumerate() {
            assert_eq!(r.get(i), Some(step));
        }
        assert_eq!(r.clone().into_steps(), all);
        r.clear();
        assert!(r.step(7) && r.words.is_empty(), "wide again after clear");
        // More wide steps than the words reserved at first, then one that packs.
        let mut r = Recorder::new(usize::MAX);
        let wide = (1 << 20) + 5;
        for _ in 0..wide {
            r.step(1usize);
        }
        assert!(r.step(2));
        assert_eq!(r.words.len(), wide + 1);
        assert_eq!(r.get(wide), Some(2));
        assert_eq!(r.get(wide - 1), Some(1));
    }

    #[test]
    fn a_run_and_the_step_that_ends_it_take_one_word_while_there_is_room() {
        let mut r = Recorder::new(20);
        assert_eq!(r.run_then(4, 3, 7), Taken::All, "4 5 6, then 7");
        assert_eq!(r.run_then(8, 0, 8), Taken::All, "no run, then 8");
        assert_eq!(
            r.run_then(12, 2, 5),
            Taken::All,
            "12 13, then a 5 kept apart"
        );
        assert_eq!(r.words.len(), 4, "{:?}", r.words);
        assert_eq!(r.run_then(20, 3, 23), Taken::All, "20 21 22 23: 12 steps");
        assert_eq!(r.words.len(), 5);
        assert_eq!(r.run_then(24, 7, 31), Taken::Filled, "24 to 31 fill it");
        assert_eq!(r.words.len(), 6);
        let all = [
            4, 5, 6, 7, 8, 12, 13, 5, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
        ];
        assert_eq!(r.iter().collect::<Vec<_>>(), all);
        assert_eq!(r.get(3), Some(7));
        assert_eq!(r.iter_from(7).next(), Some(5));
        assert_eq!(r.clone().into_steps(), all);
        let mut r = Recorder::new(5);
        assert_eq!(r.run_then(0, 5, 5), Taken::Cut, "the run fills it");
        assert_eq!(r.iter().collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
    }

    proptest::proptest! {
        /// Whatever mix of single steps, runs and carried states a solver sends, the
        /// recorder gives back every step it took as if taken one at a time, in order and
        /// from any step on, up to its limit, in at most two words a call (three for a run
        /// and a step after it that do not pack together).
        #[test]
        fn steps_read_back_as_taken_one_at_a_time(
            calls in proptest::collection::vec((0u8..4, 0usize..40, 0usize..1000), 0..300),
            limit in 1usize..3000,
            from in 0usize..3000,
        ) {
            let mut r = Recorder::new(limit);
            let mut one_by_one = Vec::new();
            let mut carried = Vec::new();
            for &(kind, count, first) in &calls {
                // A run ends with the number after it, or 7, or one that does not pack.
                let then = [first + count, 7, first + count + 1][first % 3];
                let steps: Vec<usize> = match kind {
                    0 => vec![first],
                    1 => {
                        carried.push((one_by_one.len(), first as u32));
                        vec![first]
                    }
                    2 => (first..first + count).collect(),
                    _ => (first..first + count).chain([then]).collect(),
                };
                let (room, taken) = match kind {
                    0 => (r.step(first), None),
                    1 => (r.step_with(first, &[first as u32]), None),
                    2 => (r.run(first, count), None),
                    _ => {
                        let taken = r.run_then(first, count, then);
                        (taken == Taken::All, Some(taken))
                    }
                };
                // Every step as it would be taken alone, as far as the limit.
                let before = one_by_one.len();
                for &s in &steps {
                    if one_by_one.len() < limit {
                        one_by_one.push(s);
                    }
                }
                proptest::prop_assert_eq!(room, one_by_one.len() < limit);
                if let Some(taken) = taken {
                    let all = one_by_one.len() == before + steps.len();
                    proptest::prop_assert_eq!(taken == Taken::Cut, !all);
                }
                if !room {
                    break;
                }
            }
            proptest::prop_assert_eq!(r.len(), one_by_one.len());
            proptest::prop_assert_eq!(r.iter().collect::<Vec<_>>(), one_by_one.clone());
            for (i, &s) in one_by_one.iter().enumerate() {
                proptest::prop_assert_eq!(r.get(i), Some(s));
            }
            proptest::prop_assert_eq!(r.get(one_by_one.len()), None);
            let tail: Vec<usize> = one_by_one.iter().skip(from).copied().collect();
            proptest::prop_assert_eq!(r.iter_from(from).collect::<Vec<_>>(), tail);
            for &(i, value) in &carried {
                proptest::prop_assert_eq!(r.state(i, 1), Some(&[value][..]));
            }
            proptest::prop_assert!(r.words.len() <= 3 * calls.len());
            // A mark every 64 words or so, each where an entry begins.
            proptest::prop_assert!(r.marks.len() <= 1 + r.words.len() / MARK_EVERY);
            let mut starts = vec![];
            let (mut step, mut word) = (0, 0);
            while let Some(entry) = r.entry_at(word) {
                starts.push((step as u32, word as u32));
                step += entry.steps();
                word += entry.size;
            }
            starts.push((step as u32, word as u32));
            for mark in &r.marks {
                proptest::prop_assert!(starts.contains(mark), "{:?}", mark);
            }
            proptest::prop_assert_eq!(r.into_steps(), one_by_one);
        }
    }
}
