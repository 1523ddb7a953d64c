//! The shell's side of an assignment's hand-in: what each task has so far, gathered from
//! the lesson's answers, Your guess in the Knight's Tour and N-Queens tabs and their last
//! runs; and the hand-in file written from them.

use super::SearchLabApp;
use super::lessons::assignment::{Guessed, HandIn, Task, TracedJob, Work};
use super::lessons::grade::{run_matches, traced_matches};
use super::lessons::lesson::{Lesson, Setup};
use super::puzzles::Puzzle;
use super::steps::guess::{Answer, Guess};
use super::view::View;

impl SearchLabApp {
    /// Each frame an assignment is on show: its tasks' states for its form, and the
    /// hand-in written when one was asked for.
    pub(super) fn assignment_frame(&mut self) {
        let Some(lesson) = self.lessons.active().cloned() else {
            return;
        };
        let Some(a) = &lesson.assignment else {
            return;
        };
        self.keep_work(&a.tasks);
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
                Task::Guess { setup, .. } => {
                    // The session with the most answers is kept: a trace made again
                    // starts with none.
                    let answered = |w: &Work| match w {
                        Work::Guess { answers, .. } => answers.len(),
                        _ => 0,
                    };
                    if let Some(work) = self.guess_work(number, setup)
                        && (self.lessons.hand_in.kept.get(&number))
                            .is_none_or(|old| answered(&work) >= answered(old))
                    {
                        self.lessons.hand_in.kept.insert(number, work);
                    }
                }
                Task::Run { setup, .. } => {
                    let Some(file) = self.last_run(setup) else {
                        continue;
                    };
                    let seen = (
                        file.title(),
                        file.report.puzzle().elapsed_ms().to_bits(),
                        file.history.len(),
                    );
                    if self.lessons.hand_in.run_seen.get(&number) == Some(&seen)
                        || !run_matches(setup, &file.job)
                    {
                        continue;
                    }
                    let work = Work::Run {
                        task: number,
                        run: file.to_ron(),
                    };
                    self.lessons.hand_in.run_seen.insert(number, seen);
                    self.lessons.hand_in.kept.insert(number, work);
                }
                Task::Question { .. } => {}
            }
        }
    }

    /// The last run of the set-up's tab.
    fn last_run(&self, setup: &Setup) -> Option<&crate::run::file::RunFile> {
        let record = match setup.puzzle() {
            Puzzle::Knight => self.knight.record(),
            Puzzle::Queens => self.queens.record(),
            Puzzle::Magic => None,
        }?;
        record.last.as_ref()
    }

    /// The trace on show in the set-up's tab, with Your guess's first answers on it.
    fn traced(&self, setup: &Setup) -> Option<(TracedJob, &Guess)> {
        match setup.puzzle() {
            Puzzle::Knight => {
                let steps = self.knight.steps();
                Some((TracedJob::Knight(steps.trace()?.job.clone()), &steps.guess))
            }
            Puzzle::Queens => {
                let steps = self.queens.steps();
                Some((TracedJob::Queens(steps.trace()?.job.clone()), &steps.guess))
            }
            Puzzle::Magic => None,
        }
    }

    /// Your guess on the set-up's search, if that is the trace on show.
    fn guess_work(&self, task: usize, setup: &Setup) -> Option<Work> {
        let (trace, guess) = self.traced(setup)?;
        traced_matches(setup, &trace).ok()?;
        let answers: Vec<Guessed> = (guess.first_answers.iter())
            .filter_map(|(&at, answer)| match *answer {
                Answer::Cell(c) => Some(Guessed {
                    at,
                    cell: Some(c),
                    choice: None,
                }),
                Answer::Choice(k) => Some(Guessed {
                    at,
                    cell: None,
                    choice: Some(k),
                }),
                Answer::Skip => None,
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
                decisions,
                required,
                ..
            } => match self.lessons.hand_in.kept.get(&number) {
                Some(Work::Guess {
                    answers,
                    claimed_right,
                    ..
                }) => format!(
                    "{} of {decisions} decisions answered, {claimed_right} right at the first try (needs {required})",
                    answers.len()
                ),
                _ => "not started: press \"Set it up again\" to trace the search with Your guess on, and answer".into(),
            },
            Task::Run { .. } => match self.lessons.hand_in.run_seen.get(&number) {
                Some((title, _, _)) => format!("cites a run: {title}"),
                None => "no run of this search yet: untick Your guess and press Run".into(),
            },
        }
    }
}
