//! The shell's side of an assignment's hand-in: what each task has so far, gathered from
//! the lesson's answers, Your guess in the Knight's Tour and N-Queens tabs and their last
//! runs; and the hand-in file written from them.

use super::SearchLabApp;
use super::steps::guess::{Answer, Guess};
use super::view::View;
use crate::run::PuzzleId;
use crate::run::setup::Setup;
use crate::teach::assignment::{Guessed, HandIn, Task, TracedJob, Work};
use crate::teach::grade::{play_check, run_matches, traced_matches};
use crate::teach::lesson::Lesson;

impl SearchLabApp {
    /// Each frame an assignment is on show: its tasks' states for its form, and the
    /// hand-in written when one was asked for.
    pub(super) fn assignment_frame(&mut self) {
        // The work of the assignment opened last is kept whichever lesson is on show (a
        // hint asked meanwhile counts for the place it was asked on).
        if !self.lessons.hand_in.tasks.is_empty() {
            let tasks = self.lessons.hand_in.tasks.clone();
            self.keep_work(&tasks);
        }
        let Some(lesson) = self.lessons.active().cloned() else {
            return;
        };
        let Some(a) = &lesson.assignment else {
            return;
        };
        if a.id != self.lessons.hand_in.id {
            return;
        }
        self.lessons.hand_in.status = (a.tasks.iter().enumerate())
            .map(|(i, t)| self.task_status(&lesson, i + 1, t))
            .collect();
        if let Some(path) = self.lessons.hand_in.take_save() {
            let hand_in = self.hand_in(&lesson);
            let said = crate::files::write_bytes(&path, hand_in.to_json().as_bytes())
                .map(|()| format!("Saved to {}", crate::files::written_to(&path)));
            self.lessons.hand_in.said = Some(said);
        }
    }

    /// The hand-in of the work done so far on `lesson`'s assignment.
    pub fn hand_in(&self, lesson: &Lesson) -> HandIn {
        let Some(a) = &lesson.assignment else {
            return HandIn::new(&self.lessons.hand_in.student, "");
        };
        let mut hand_in = HandIn::new(self.lessons.hand_in.student.trim(), &a.id);
        hand_in.seconds = self.lessons.hand_in.seconds();
        hand_in.work = self.lessons.answer_works(lesson);
        hand_in
            .work
            .extend(self.lessons.hand_in.kept.values().cloned());
        hand_in.work.sort_by_key(Work::task);
        hand_in
    }

    /// Keeps the work of each Your guess and run task that the tabs show now: the trace on
    /// show when it is the task's search (with its answers), the tab's last run when it is
    /// a run of the task's search (written out once per run).
    fn keep_work(&mut self, tasks: &[Task]) {
        for (i, task) in tasks.iter().enumerate() {
            let number = i + 1;
            match task {
                Task::Guess { setup, .. } => self.keep_guesses(number, setup),
                Task::Run { setup, .. } => {
                    let Some(file) = self.last_run(setup) else {
                        continue;
                    };
                    let kept = self.lessons.hand_in.run_seen.get(&number);
                    let elapsed = file.report.puzzle().elapsed_ms().to_bits();
                    // Once a run is kept, each frame looks at its time and events only.
                    if kept.is_some_and(|k| k.1 == elapsed && k.2 == file.history.len())
                        || !run_matches(setup, &file.job)
                    {
                        continue;
                    }
                    let solved = crate::teach::grade::found(&file.report.puzzle().answer().key);
                    // A run that found nothing does not take a solved one's place.
                    if kept.is_some_and(|k| k.3 && !solved) {
                        continue;
                    }
                    let seen = (file.title(), elapsed, file.history.len(), solved);
                    let work = Work::Run {
                        task: number,
                        run: file.to_ron(),
                    };
                    self.lessons.hand_in.run_seen.insert(number, seen);
                    self.lessons.hand_in.kept.insert(number, work);
                }
                Task::Question { .. } | Task::Play { .. } => {}
            }
        }
        self.keep_play(tasks);
    }

    /// Play tasks: the hints asked since the last frame count for each task whose
    /// instance is the one played on now, and each task keeps its first solution (checked
    /// by the rules) with the hints asked before it.
    fn keep_play(&mut self, tasks: &[Task]) {
        use crate::app::play::HintKind;
        /// What a frame saw of a Play task's game.
        struct Seen {
            number: usize,
            puzzle: PuzzleId,
            /// Played on the task's instance.
            here: bool,
            /// In play mode now.
            playing: bool,
            /// The hints asked since the last frame, and how many in all.
            new: Vec<HintKind>,
            all: usize,
            /// The answer, when solved.
            solved: Option<Vec<u32>>,
        }
        let form = &self.lessons.hand_in;
        let mut seen = Vec::new();
        for (i, task) in tasks.iter().enumerate() {
            let Task::Play { setup, .. } = task else {
                continue;
            };
            let puzzle = setup.puzzle();
            let Some(view) = self.puzzle_view(puzzle) else {
                continue;
            };
            let Some(game) = view.game(setup.set_up().choice()) else {
                continue;
            };
            let new = match form.hints_seen.get(&puzzle) {
                Some(&b) if b <= game.hints.len() => game.hints[b..].to_vec(),
                _ => Vec::new(),
            };
            let here = Setup::new(game.on) == *setup;
            seen.push(Seen {
                number: i + 1,
                puzzle,
                here,
                playing: game.playing,
                new,
                all: game.hints.len(),
                solved: game.solved,
            });
        }
        let form = &mut self.lessons.hand_in;
        for Seen {
            number,
            puzzle,
            here,
            playing,
            new,
            all,
            solved,
        } in seen
        {
            form.hints_seen.insert(puzzle, all);
            if here && playing {
                form.play_here.insert(number);
            } else {
                form.play_here.remove(&number);
            }
            if form.kept.contains_key(&number) {
                continue;
            }
            let hints = form.play_hints.entry(number).or_default();
            if here {
                hints.extend(new);
            }
            let Task::Play { setup, .. } = &tasks[number - 1] else {
                continue;
            };
            // A game solved already when first looked at was solved before the
            // assignment opened: it waits for a solution of its own.
            let was = form.play_solved.insert(number, solved.is_some());
            if let Some(answer) = solved
                && was == Some(false)
                && here
                && play_check(setup, &answer).is_ok()
            {
                let work = Work::Play {
                    task: number,
                    answer,
                    hints: hints.clone(),
                };
                form.kept.insert(number, work);
            }
        }
    }

    /// Keeps Your guess's first answers on the task's search: each decision's first
    /// answer ever, never replaced by one given after tracing again; a trace of another
    /// seed (where the task gives none) takes the place of the kept one only with more
    /// answers.
    fn keep_guesses(&mut self, number: usize, setup: &Setup) {
        let Some(Work::Guess { trace, answers, .. }) = self.guess_work(number, setup) else {
            return;
        };
        let Some((_, guess)) = self.traced(setup) else {
            return;
        };
        let right = |at: usize| guess.first_tries.get(&at) == Some(&true);
        let fresh: std::collections::BTreeMap<usize, (Guessed, bool)> =
            answers.iter().map(|a| (a.at, (*a, right(a.at)))).collect();
        let firsts = &mut self.lessons.hand_in.firsts;
        match firsts.get_mut(&number) {
            Some((job, kept)) if *job == trace => {
                for (at, first) in fresh {
                    kept.entry(at).or_insert(first);
                }
            }
            Some((_, kept)) if kept.len() >= fresh.len() => {}
            _ => {
                firsts.insert(number, (trace, fresh));
            }
        }
        let (job, kept) = &firsts[&number];
        let work = Work::Guess {
            task: number,
            trace: job.clone(),
            answers: kept.values().map(|(a, _)| *a).collect(),
            claimed_right: kept.values().filter(|(_, r)| *r).count() as u32,
        };
        self.lessons.hand_in.kept.insert(number, work);
    }

    /// The tab of `puzzle`.
    fn puzzle_view(&self, puzzle: PuzzleId) -> Option<&dyn View> {
        (self.views().into_iter())
            .find(|(_, v)| v.puzzle() == Some(puzzle))
            .map(|(_, v)| v)
    }

    /// The last run of the set-up's tab.
    fn last_run(&self, setup: &Setup) -> Option<&crate::run::file::RunFile> {
        self.puzzle_view(setup.puzzle())?.record()?.last.as_ref()
    }

    /// The trace on show in the set-up's tab, with Your guess's first answers on it.
    fn traced(&self, setup: &Setup) -> Option<(TracedJob, &Guess)> {
        self.puzzle_view(setup.puzzle())?.traced()
    }

    /// Your guess on the set-up's search, if that is the trace on show.
    fn guess_work(&self, task: usize, setup: &Setup) -> Option<Work> {
        let (trace, guess) = self.traced(setup)?;
        traced_matches(setup, &trace).ok()?;
        let answers: Vec<Guessed> = (guess.first_answers.iter())
            .map(|(&at, answer)| {
                // Shown before any try ("Show me"): no cell, no choice, counted wrong.
                let (cell, choice) = match *answer {
                    Answer::Cell(c) => (Some(c), None),
                    Answer::Choice(k) => (None, Some(k)),
                    Answer::Skip => (None, None),
                };
                Guessed { at, cell, choice }
            })
            .collect();
        if answers.is_empty() {
            return None;
        }
        let claimed_right = guess.first_tries.values().filter(|&&r| r).count() as u32;
        Some(Work::Guess {
            task,
            trace,
            answers,
            claimed_right,
        })
    }

    /// What a task has so far, in a line.
    fn task_status(&self, lesson: &Lesson, number: usize, task: &Task) -> String {
        match task {
            Task::Question { number: q, .. } => {
                let given = self
                    .lessons
                    .answer_works(lesson)
                    .into_iter()
                    .any(|w| w.task() == number);
                let right = self.lessons.is_right(*q);
                match (given, right) {
                    (_, true) => "answered right".into(),
                    (true, false) => "answered (not right yet)".into(),
                    (false, _) => "not answered".into(),
                }
            }
            Task::Guess {
                setup,
                decisions,
                required,
                last,
                ..
            } => match self.lessons.hand_in.kept.get(&number) {
                // A faded task whose trace is on show with its turn found: the answers
                // among the trace's last k decisions, which are those the grader counts.
                // The first answers kept (those the hand-in holds), with whether each was
                // right: a later round's tries do not change them.
                Some(Work::Guess { .. })
                    if let Some(k) = *last
                        && let Some((t, g)) = self.traced(setup)
                        && traced_matches(setup, &t).is_ok()
                        && let Some(turn) = &g.turn
                        && turn.at.len() >= k as usize
                        && let Some((_, kept)) = self.lessons.hand_in.firsts.get(&number) =>
                {
                    let counted = &turn.at[turn.at.len() - k as usize..];
                    let answered = counted.iter().filter(|i| kept.contains_key(i)).count();
                    let right = (counted.iter())
                        .filter(|i| kept.get(i).is_some_and(|(_, right)| *right))
                        .count();
                    format!(
                        "{answered} of the trace's last {} answered, {right} right at the first try (needs {decisions} answered, {required} right; the grader counts those {k} only)",
                        crate::run::words::counted(k, "decision")
                    )
                }
                Some(Work::Guess {
                    answers,
                    claimed_right,
                    ..
                }) => format!(
                    "{} answered, {claimed_right} right at the first try (needs {decisions} answered, {required} right{})",
                    crate::run::words::counted(answers.len() as u64, "decision"),
                    last.map_or(String::new(), |k| format!(
                        ", counted among the trace's last {k} decisions only: the grader counts those"
                    ))
                ),
                _ if self
                    .traced(setup)
                    .is_some_and(|(t, g)| g.on && traced_matches(setup, &t).is_ok()) =>
                {
                    "on show, no decision answered yet: step on, and answer each one".into()
                }
                _ => "not started: press \"Set it up\" beside the task to trace its search with Your guess on, and answer".into(),
            },
            Task::Run { .. } => match self.lessons.hand_in.run_seen.get(&number) {
                Some((title, _, _, true)) => format!("cites a run that found a solution: {title}"),
                Some((title, _, _, false)) => format!("cites a run that found none: {title}"),
                None => "no run of this search yet: press \"Set it up\" beside the task, then Run".into(),
            },
            Task::Play { hints: most, .. } => {
                let hints = self.lessons.hand_in.play_hints.get(&number);
                let asked = hints.map_or(&[][..], Vec::as_slice);
                let told = crate::app::play::HintKind::tell(asked);
                let told = match crate::app::play::HintKind::over(asked, *most) {
                    Some(why) => format!("{told} ({why}: this task scores nothing)"),
                    None => told,
                };
                match self.lessons.hand_in.kept.get(&number) {
                    Some(Work::Play { .. }) => format!("solved, with {told}"),
                    _ if hints.is_some_and(|h| !h.is_empty())
                        || self.lessons.hand_in.play_here.contains(&number) =>
                    {
                        format!("not solved yet; so far {told}")
                    }
                    _ => "not solved yet: press \"Set it up\" beside the task, and play".into(),
                }
            }
        }
    }
}
