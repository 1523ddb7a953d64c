//! A job split into parts that run side by side in separate workers, and the parts'
//! reports joined into the whole job's (a count from every square, and a count of every
//! N-Queens solution). A browser needs it: its workers share no threads,
//! so rayon, which spreads the same work over the desktop's cores by itself, has one core
//! there. A job that does not split runs whole.

use super::error::JobError;
use super::events::{Event, Report};
use super::puzzles::Job;
use super::worker::PROGRESS_EVERY;
use crate::platform::time::Instant;
use crate::solve::Counters;
use serde::{Deserialize, Serialize};

/// The most parts a job is split into.
pub const MAX_PARTS: u32 = 64;

/// One of the parts a job is split into: the items (start squares, or the N-Queens count's
/// pieces) whose index is `index` modulo `of`. Taking every `of`-th item shares out the slow ones (a board's middle, say)
/// about evenly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Part {
    /// Which part: 0 to `of - 1`.
    pub index: u32,
    /// How many parts: 1 to [`MAX_PARTS`].
    pub of: u32,
}

impl Part {
    /// The whole job as one part.
    pub const WHOLE: Part = Part { index: 0, of: 1 };

    /// Whether the item `item` is this part's.
    pub fn owns(self, item: u32) -> bool {
        item % self.of == self.index
    }

    /// How many of the items `0..items` are this part's.
    pub fn share(self, items: u64) -> u64 {
        // `index < of`, so this never goes below 0.
        (items + u64::from(self.of) - 1 - u64::from(self.index)) / u64::from(self.of)
    }

    /// Whether the item `item` (an index that may pass `u32`) is this part's.
    pub fn owns_index(self, item: usize) -> bool {
        item % self.of as usize == self.index as usize
    }

    /// Checks the part read from a job (a run file is untrusted input).
    pub fn check(self) -> Result<(), JobError> {
        if (1..=MAX_PARTS).contains(&self.of) && self.index < self.of {
            Ok(())
        } else {
            Err(JobError::Input(format!(
                "part {} of {} is out of range: a job splits into 1 to {MAX_PARTS} parts, \
                 numbered from 0",
                self.index, self.of
            )))
        }
    }
}

impl Job {
    /// Whether the job is big enough for splitting it to pay, where it splits
    /// ([`Job::split`]).
    pub fn worth_splitting(&self) -> bool {
        self.puzzle().worth_splitting()
    }

    /// The job in `parts` parts (at most [`MAX_PARTS`]) to run side by side, or `None`
    /// where it does not split (only a count from every square, and a count of every
    /// N-Queens solution, do) or `parts` is below 2.
    pub fn split(&self, parts: usize) -> Option<Vec<Job>> {
        let of = u32::try_from(parts).unwrap_or(u32::MAX).min(MAX_PARTS);
        if of < 2 {
            return None;
        }
        let parts: Vec<Part> = (0..of).map(|index| Part { index, of }).collect();
        self.puzzle().split(&parts)
    }

    /// The whole job's report from its parts' reports, in the order [`Job::split`] gave
    /// the parts.
    pub fn merge(&self, parts: Vec<Report>) -> Result<Report, JobError> {
        self.puzzle().merge(parts)
    }
}

/// The events of a split job's parts, joined into the whole job's as they come in: one
/// `Started`, progress summed over the parts (at most one event every
/// [`PROGRESS_EVERY`], as a job run whole sends, and the last sums before the end), the
/// first `Stopped`, and one `Finished`, with the merged report once every part's is in, or
/// the first part's failure.
pub struct Joining {
    job: Job,
    started: bool,
    stopped: bool,
    over: bool,
    /// Each part's last counters and running time.
    progress: Vec<(Counters, f64)>,
    /// When summed progress last went, and whether the sums have moved since.
    sent: Option<Instant>,
    unsent: bool,
    reports: Vec<Option<Report>>,
}

impl Joining {
    /// Joins the events of `job`'s `parts` parts.
    pub fn new(job: Job, parts: usize) -> Joining {
        Joining {
            job,
            started: false,
            stopped: false,
            over: false,
            progress: vec![(Counters::default(), 0.0); parts],
            sent: None,
            unsent: false,
            reports: vec![None; parts],
        }
    }

    /// Whether the whole job's `Finished` has been passed on.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The progress summed over the parts.
    fn summed(&self) -> Event {
        Event::Progress {
            counters: joined(self.progress.iter().map(|p| p.0)),
            elapsed_ms: self.progress.iter().map(|p| p.1).fold(0.0, f64::max),
        }
    }

    /// What to pass on of `event`, part `part`'s, in order.
    pub fn take(&mut self, part: usize, event: Event) -> Vec<Event> {
        if self.over || part >= self.reports.len() {
            return Vec::new();
        }
        match event {
            Event::Started { .. } if !std::mem::replace(&mut self.started, true) => vec![event],
            Event::Stopped(_) if !std::mem::replace(&mut self.stopped, true) => vec![event],
            Event::Started { .. } | Event::Stopped(_) => Vec::new(),
            Event::Progress {
                counters,
                elapsed_ms,
            } => {
                self.progress[part] = (counters, elapsed_ms);
                self.unsent = true;
                let now = Instant::now();
                if self.sent.is_some_and(|t| now - t < PROGRESS_EVERY) {
                    return Vec::new();
                }
                (self.sent, self.unsent) = (Some(now), false);
                vec![self.summed()]
            }
            Event::Generations(_) => vec![event],
            Event::Finished(Err(e)) => {
                self.over = true;
                vec![Event::Finished(Err(e))]
            }
            Event::Finished(Ok(report)) => {
                self.reports[part] = Some(report);
                if self.reports.iter().any(Option::is_none) {
                    return Vec::new();
                }
                self.over = true;
                let reports = self.reports.iter_mut().filter_map(Option::take).collect();
                let last = std::mem::take(&mut self.unsent).then(|| self.summed());
                (last.into_iter())
                    .chain([Event::Finished(self.job.merge(reports))])
                    .collect()
            }
        }
    }
}

/// Counters of parts run side by side, as one: work summed, depths the deepest.
fn joined(parts: impl Iterator<Item = Counters>) -> Counters {
    parts.fold(Counters::default(), |a, b| Counters {
        nodes: a.nodes + b.nodes,
        backtracks: a.backtracks + b.backtracks,
        max_depth: a.max_depth.max(b.max_depth),
        depth: a.depth.max(b.depth),
        solutions: a.solutions + b.solutions,
        attempts: a.attempts + b.attempts,
        generations: a.generations + b.generations,
        moves: a.moves + b.moves,
        queued: a.queued + b.queued,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::knight::{KnightJob, KnightReport, KnightTask};
    use crate::run::queens::{QueensReport, QueensTask};
    use crate::solve::{Budget, NoObserver};
    use std::sync::atomic::AtomicBool;

    fn every_square(cols: u64, rows: u64, closed: bool, budget: Budget) -> Job {
        Job::Knight(KnightJob {
            cols,
            rows,
            start: None,
            closed,
            seed: 1,
            budget,
            task: KnightTask::Count {
                all_starts: true,
                path: Vec::new(),
                part: None,
            },
        })
    }

    fn run(job: &Job) -> Report {
        job.run(&AtomicBool::new(false), &mut NoObserver).unwrap()
    }

    fn count(report: Report) -> crate::run::knight::CountReport {
        match report {
            Report::Knight(KnightReport::Count(c)) => c,
            other => panic!("{other:?}"),
        }
    }

    /// A count from every square run in parts and merged is the count run whole: 1,728
    /// directed open tours of 5x5 (304 from each corner), each square's figure, the
    /// sentence; and on boards with squares a theorem rules out, with none at all, and
    /// closed (3x10 has 16 closed tours: 960 directed ones, from 30 squares both ways).
    #[test]
    fn a_count_run_in_parts_and_merged_is_the_count_run_whole() {
        for (cols, rows, closed) in [
            (5, 5, false),
            (3, 4, false),
            (3, 7, false),
            (4, 4, false),
            (3, 10, true),
        ] {
            let job = every_square(cols, rows, closed, Budget::unlimited());
            let whole = count(run(&job));
            for parts in [2, 3, 7, 40] {
                let split = job.split(parts).unwrap();
                assert_eq!(split.len(), parts);
                let merged = count(job.merge(split.iter().map(run).collect()).unwrap());
                assert!(merged.complete, "{cols}x{rows} in {parts}");
                assert_eq!(
                    merged.per_square, whole.per_square,
                    "{cols}x{rows} in {parts}"
                );
                assert_eq!(
                    (merged.total, merged.calls, &merged.message, merged.stop),
                    (whole.total, whole.calls, &whole.message, whole.stop)
                );
            }
            if (cols, rows) == (3, 10) {
                assert_eq!(whole.total, 16 * 30 * 2);
            }
            if (cols, rows) == (5, 5) {
                assert_eq!(whole.total, 1728);
                assert_eq!(whole.per_square.as_ref().unwrap()[0], Some(304));
            }
        }
    }

    /// An N-Queens count run in parts and merged is the literature's: every solution and
    /// those up to symmetry (OEIS A000170, A002562), for small n too, where part 0 counts
    /// alone.
    #[test]
    fn an_n_queens_count_run_in_parts_and_merged_is_the_literature_s() {
        let known = [
            (1, 1, 1),
            (4, 2, 1),
            (6, 4, 1),
            (8, 92, 12),
            (10, 724, 92),
            (12, 14200, 1787),
        ];
        for (n, total, unique) in known {
            let job = Job::Queens(crate::run::queens::QueensJob {
                n,
                seed: 0,
                budget: Budget::unlimited(),
                threads: Some(1),
                task: QueensTask::Count,
            });
            for parts in [2, 5, 64] {
                let split = job.split(parts).unwrap();
                let Report::Queens(QueensReport::Count(c)) =
                    job.merge(split.iter().map(run).collect()).unwrap()
                else {
                    panic!()
                };
                assert_eq!(
                    (c.total, c.unique, c.complete),
                    (total, unique, true),
                    "n = {n} in {parts}"
                );
                let Report::Queens(QueensReport::Count(whole)) = run(&job) else {
                    panic!()
                };
                assert_eq!((c.nodes, &c.message), (whole.nodes, &whole.message));
            }
        }
    }

    /// A part cut short makes the whole incomplete: its squares have no figure, and the
    /// sentence says why.
    #[test]
    fn a_part_cut_short_leaves_the_whole_count_incomplete() {
        let job = every_square(5, 5, false, Budget::unlimited());
        let split = job.split(3).unwrap();
        let cancelled = AtomicBool::new(true);
        // Part 0 counts the orbits of squares 0 (the corners), 6 and 12 (the centre); part 2
        // that of square 2 (c5, with c1, a3 and e3); part 1's (squares 1 and 7) have no
        // open tour, by colour.
        let reports = vec![
            split[0].run(&cancelled, &mut NoObserver).unwrap(),
            run(&split[1]),
            run(&split[2]),
        ];
        let merged = count(job.merge(reports).unwrap());
        assert!(!merged.complete);
        assert_eq!(merged.stop, crate::solve::Stop::Cancelled);
        // The corners (a5, square 0; e1, square 24) were part 0's; c5 and c1 part 2's, as
        // many tours each as a count from c5 alone finds.
        let board = crate::puzzle::knight::Board::new(5, 5).unwrap();
        let c5 = crate::solve::knight::count::count(
            &crate::solve::knight::Problem {
                board: &board,
                start: 2,
                closed: false,
            },
            &mut crate::solve::Control::quiet(Budget::unlimited()),
        );
        assert!(c5.complete && c5.tours > 0);
        let squares = merged.per_square.unwrap();
        assert_eq!(
            (squares[0], squares[24], squares[2], squares[22]),
            (None, None, Some(c5.tours), Some(c5.tours))
        );
        assert!(merged.message.contains("incomplete"), "{}", merged.message);
    }

    /// Only a count from every square and a count of every N-Queens solution split; a part
    /// out of range, or on another job, is refused with its reason.
    #[test]
    fn only_counts_from_every_square_split_and_bad_parts_are_refused() {
        let job = every_square(5, 5, false, Budget::unlimited());
        assert!(job.split(1).is_none());
        assert!(job.split(0).is_none());
        assert_eq!(job.split(1000).map(|p| p.len()), Some(MAX_PARTS as usize));
        let Job::Knight(mut one) = job.clone() else {
            unreachable!()
        };
        one.task = KnightTask::Count {
            all_starts: false,
            path: Vec::new(),
            part: None,
        };
        assert!(Job::Knight(one.clone()).split(4).is_none());
        for (part, all_starts) in [
            (Part { index: 0, of: 0 }, true),
            (Part { index: 3, of: 3 }, true),
            (
                Part {
                    index: 0,
                    of: MAX_PARTS + 1,
                },
                true,
            ),
            (Part { index: 0, of: 2 }, false),
        ] {
            one.task = KnightTask::Count {
                all_starts,
                path: Vec::new(),
                part: Some(part),
            };
            let refused = Job::Knight(one.clone()).check().unwrap_err();
            assert!(matches!(refused, JobError::Input(_)), "{refused}");
        }
        let mut queens = crate::run::queens::QueensJob {
            n: 8,
            seed: 0,
            budget: Budget::unlimited(),
            threads: None,
            task: QueensTask::CountPart {
                part: Part { index: 2, of: 2 },
            },
        };
        assert!(matches!(
            Job::Queens(queens.clone()).check(),
            Err(JobError::Input(_))
        ));
        queens.task = QueensTask::CountPart {
            part: Part { index: 1, of: 2 },
        };
        assert!(Job::Queens(queens.clone()).split(2).is_none());
        assert!(Job::Queens(queens).check().is_ok());
        let merged = job.merge(vec![run(&Job::Queens(crate::run::queens::QueensJob {
            n: 4,
            seed: 0,
            budget: Budget::unlimited(),
            threads: None,
            task: crate::run::queens::QueensTask::Count,
        }))]);
        assert!(merged.is_err());
    }

    /// The parts' events, run on threads of their own and joined as they come in, end in
    /// one `Finished` with the whole count (1,728 tours of 5x5), after one `Started` and
    /// progress that only grows.
    #[test]
    fn a_split_run_s_events_join_into_the_whole_run_s() {
        use crate::run::worker::Run;
        let job = every_square(5, 5, false, Budget::unlimited());
        let parts = job.split(3).unwrap();
        let runs: Vec<Run> = parts.into_iter().map(|p| Run::start(p, || {})).collect();
        let mut joining = Joining::new(job, 3);
        let mut passed = Vec::new();
        while !joining.is_over() {
            for (i, run) in runs.iter().enumerate() {
                let next = run.next_event(std::time::Duration::from_millis(10));
                passed.extend(next.map(|e| joining.take(i, e)).unwrap_or_default());
            }
        }
        let started = passed.iter().filter(|e| matches!(e, Event::Started { .. }));
        assert_eq!(started.count(), 1);
        let solutions: Vec<u64> = (passed.iter())
            .filter_map(|e| match e {
                Event::Progress { counters, .. } => Some(counters.solutions),
                _ => None,
            })
            .collect();
        assert!(solutions.windows(2).all(|w| w[0] <= w[1]), "{solutions:?}");
        assert!(solutions.last().is_none_or(|&s| s <= 1728));
        let Some(Event::Finished(Ok(report))) = passed.last() else {
            panic!("{passed:?}")
        };
        assert_eq!(count(report.clone()).total, 1728);
        assert_eq!(joining.take(0, Event::Generations(Vec::new())), []);
    }

    /// A part that fails ends the whole run at once, with its reason.
    #[test]
    fn a_part_that_fails_ends_the_whole_run_with_its_reason() {
        let job = every_square(5, 5, false, Budget::unlimited());
        let mut joining = Joining::new(job, 2);
        let why = JobError::Ended("the worker failed".into());
        assert_eq!(
            joining.take(1, Event::Finished(Err(why.clone()))),
            [Event::Finished(Err(why))]
        );
        assert!(joining.is_over());
        assert_eq!(
            joining.take(
                0,
                Event::Stopped(crate::solve::Until {
                    polls: 1,
                    stop: crate::solve::Stop::Cancelled
                })
            ),
            []
        );
    }

    /// Progress from many parts at once is passed on as a run whole sends it, at most one
    /// event every 50 ms, and the last sums go before the end: the run's history (and a
    /// run file) grows no faster for being split.
    #[test]
    fn progress_from_the_parts_is_summed_and_sent_at_the_usual_rate() {
        let job = every_square(5, 5, false, Budget::unlimited());
        let mut joining = Joining::new(job.clone(), 4);
        let mut passed = Vec::new();
        for round in 1..=100u64 {
            for part in 0..4 {
                let counters = Counters {
                    solutions: round,
                    nodes: 10 * round,
                    ..Counters::default()
                };
                let event = Event::Progress {
                    counters,
                    elapsed_ms: round as f64,
                };
                passed.extend(joining.take(part, event));
            }
        }
        // 400 events came in a few microseconds: one went on.
        assert_eq!(passed.len(), 1, "{passed:?}");
        let split = job.split(4).unwrap();
        for (part, one) in split.iter().enumerate() {
            passed.extend(joining.take(part, Event::Finished(Ok(run(one)))));
        }
        let [
            _,
            Event::Progress {
                counters,
                elapsed_ms,
            },
            Event::Finished(Ok(report)),
        ] = &passed[..]
        else {
            panic!("{passed:?}")
        };
        assert_eq!(
            (counters.solutions, counters.nodes, *elapsed_ms),
            (400, 4000, 100.0)
        );
        assert_eq!(count(report.clone()).total, 1728);
    }

    /// A part's report tells only of its own squares, and says it is a part; a merge of
    /// no parts, or of parts of another board, is refused.
    #[test]
    fn a_part_tells_only_of_its_squares_and_merges_check_their_parts() {
        let job = every_square(5, 5, false, Budget::unlimited());
        let split = job.split(2).unwrap();
        let part = count(run(&split[1]));
        let squares = part.per_square.clone().unwrap();
        assert!(squares.iter().step_by(2).all(Option::is_none));
        assert!(
            part.message.starts_with("part 2 of 2 of the count"),
            "{}",
            part.message
        );
        assert!(split[1].puzzle().title().contains("part 2 of 2"));
        assert!(job.merge(Vec::new()).is_err());
        let other = every_square(5, 6, false, Budget::unlimited());
        let wrong: Vec<Report> = other.split(2).unwrap().iter().map(run).collect();
        assert!(matches!(job.merge(wrong), Err(JobError::Invalid(_))));
        let Job::Knight(j) = &job else { unreachable!() };
        let queens = Job::Queens(crate::run::queens::QueensJob {
            n: 8,
            seed: j.seed,
            budget: Budget::unlimited(),
            threads: None,
            task: QueensTask::Count,
        });
        assert!(queens.merge(Vec::new()).is_err());
    }
}
