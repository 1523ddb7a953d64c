//! The knight's tour's play hints: Warnsdorff's choice, the tours through each square the
//! knight can move to (with a proof when none does), and the rest of a tour.

use crate::platform::time::Instant;
use crate::puzzle::knight::{Board, Square};
use crate::run::JobError;
use crate::run::knight::DeadEndProof;
use crate::solve::knight::count::{self, Count};
use crate::solve::knight::tie_break::{Rule, TieBreak};
use crate::solve::knight::{Problem, warnsdorff};
use crate::solve::{Budget, Control, Counters, NoObserver, Stop, rng_from_seed};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Where Warnsdorff's rule would go.
pub const WARNSDORFF_CHOICE: super::HintKind = super::HintKind::new(&super::Hint {
    id: "warnsdorff-choice",
    name: "Warnsdorff's choice",
    plays_for_you: None,
});

/// The tours through each next square, counted.
pub const COUNT_TOURS: super::HintKind = super::HintKind::new(&super::Hint {
    id: "count-tours",
    name: "Count the tours",
    plays_for_you: None,
});

/// A solver plays the rest of the tour.
pub const FINISH_FOR_ME: super::HintKind = super::HintKind::new(&super::Hint {
    id: "finish-for-me",
    name: "Finish it for me",
    plays_for_you: Some("the tour is not one played by hand"),
});

/// The hints this play mode offers.
pub const HINTS: &[super::HintKind] = &[WARNSDORFF_CHOICE, COUNT_TOURS, FINISH_FOR_ME];

/// The largest board on which the count hint is offered (8×8): beyond it, a count through
/// one square can take hours.
pub const MAX_COUNT_HINT_SQUARES: usize = 64;

/// The squares the knight can move to from the end of `path` (not yet visited), each with
/// its onward degree: how many unvisited squares it leads to, the number Warnsdorff's rule
/// takes the smallest of. In the board's move order.
pub fn onward_degrees(board: &Board, path: &[Square]) -> Vec<(Square, u32)> {
    let Some(&last) = path.last() else {
        return Vec::new();
    };
    let mut visited = vec![false; board.len()];
    for &s in path {
        if let Some(v) = visited.get_mut(s as usize) {
            *v = true;
        }
    }
    board
        .neighbours(last)
        .filter(|&s| !visited[s as usize])
        .map(|s| {
            let onward = board
                .neighbours(s)
                .filter(|&t| !visited[t as usize])
                .count();
            (s, onward as u32)
        })
        .collect()
}

/// How many tours go on through one square the knight can move to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Through {
    /// The square.
    pub square: Square,
    /// Tours counted through it (at least this many when not `complete`).
    pub tours: u64,
    /// Whether every such tour was counted.
    pub complete: bool,
}

/// The count hint: tours through each square the knight can move to.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CountHint {
    /// The path it was asked about.
    pub path: Vec<Square>,
    /// Per square the knight can move to, in the board's move order.
    pub through: Vec<Through>,
    /// How the counter knows that no tour extends the path, when none does.
    pub dead_end: Option<DeadEndProof>,
    /// `Exhausted` when every count is complete; else the stop that cut one short.
    pub stop: Stop,
    /// Squares the counts entered, in all.
    pub calls: u64,
    /// Wall time.
    pub elapsed: Duration,
}

/// Counts, in parallel, the tours that go on from `path` through each square the knight
/// can move to, within `time` in all; proves a dead end with [`DeadEndProof`] when there
/// are none. Boards up to [`MAX_COUNT_HINT_SQUARES`].
pub fn count_hint(
    board: &Board,
    path: &[Square],
    closed: bool,
    time: Duration,
    cancel: &AtomicBool,
) -> Result<CountHint, JobError> {
    let started = Instant::now();
    if board.len() > MAX_COUNT_HINT_SQUARES {
        return Err(JobError::Input(format!(
            "the count hint is offered on boards of up to {MAX_COUNT_HINT_SQUARES} squares (8x8); this one has {}",
            board.len()
        )));
    }
    board
        .validate_path(path)
        .map_err(|e| JobError::Input(format!("your path is not a knight's path: {e}")))?;
    let Some(&start) = path.first() else {
        return Err(JobError::Input("the path is empty".into()));
    };
    let problem = Problem {
        board,
        start,
        closed,
    };
    let moves = onward_degrees(board, path);
    let proof = DeadEndProof::of(board, path, closed, None);
    let through: Vec<(Through, u64)> = if proof.is_some() {
        // Proved at once: nothing goes on through any square.
        moves
            .iter()
            .map(|&(square, _)| {
                let t = Through {
                    square,
                    tours: 0,
                    complete: true,
                };
                (t, 0)
            })
            .collect()
    } else {
        count_through(&problem, path, &moves, time, started, cancel)
    };
    // Squares entered as `knight count --path` counts them: the path's last square, then
    // each candidate and what lies beyond it.
    let calls = through.iter().map(|t| t.1).sum::<u64>() + u64::from(proof.is_none());
    let through: Vec<Through> = through.into_iter().map(|t| t.0).collect();
    let complete = through.iter().all(|t| t.complete);
    let total: u64 = through.iter().map(|t| t.tours).sum();
    let dead_end = match proof {
        Some(p) => Some(p),
        None if complete && total == 0 && path.len() < board.len() => {
            let searched = Count {
                tours: 0,
                calls,
                complete: true,
                stop: Stop::Exhausted,
                counters: Counters::default(),
            };
            DeadEndProof::of(board, path, closed, Some(&searched))
        }
        None => None,
    };
    let stop = if complete {
        Stop::Exhausted
    } else if cancel.load(Ordering::Relaxed) {
        Stop::Cancelled
    } else {
        Stop::TimeLimit
    };
    Ok(CountHint {
        path: path.to_vec(),
        through,
        dead_end,
        stop,
        calls,
        elapsed: started.elapsed(),
    })
}

/// For each onward square of `moves`, the tours that go on from `path` through it and the
/// squares entered to count them, counted in parallel within `time` from `started`.
fn count_through(
    problem: &Problem,
    path: &[Square],
    moves: &[(Square, u32)],
    time: Duration,
    started: Instant,
    cancel: &AtomicBool,
) -> Vec<(Through, u64)> {
    moves
        .par_iter()
        .map(|&(square, _)| {
            let left = time.saturating_sub(started.elapsed());
            if left.is_zero() || cancel.load(Ordering::Relaxed) {
                let t = Through {
                    square,
                    tours: 0,
                    complete: false,
                };
                return (t, 0);
            }
            let mut longer = path.to_vec();
            longer.push(square);
            let mut observer = NoObserver;
            let mut ctl = Control::new(Budget::unlimited().with_time(left), cancel, &mut observer);
            let c = count::count_extending(problem, &longer, &mut ctl);
            let t = Through {
                square,
                tours: c.tours,
                complete: c.complete,
            };
            (t, c.calls)
        })
        .collect()
}

/// Who finishes a player's tour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Finisher {
    /// Warnsdorff's rule with Roth's tie-break, on from the path: fast, may get stuck.
    Warnsdorff,
    /// The pruned exhaustive search stopped at its first tour: finds one whenever one
    /// exists (given time), and otherwise proves there is none.
    Backtracking,
}

impl Finisher {
    /// Both, in the order the app offers them.
    pub const ALL: [Finisher; 2] = [Finisher::Warnsdorff, Finisher::Backtracking];

    /// Its name in the app.
    pub fn name(self) -> &'static str {
        match self {
            Finisher::Warnsdorff => "Warnsdorff's rule",
            Finisher::Backtracking => "Backtracking (pruned)",
        }
    }

    /// What it does, for a tooltip.
    pub fn help(self) -> &'static str {
        match self {
            Finisher::Warnsdorff => {
                "Always moves to the square with the fewest onward moves (ties: Roth's rule, the one farthest from the centre). Fast on any board, but it can get stuck."
            }
            Finisher::Backtracking => {
                "Tries every continuation, giving up on a path as soon as a square can no longer be reached. Finds a tour whenever one exists, or proves there is none, but can take long on large boards."
            }
        }
    }
}

/// A finished (or abandoned) tour.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Finished {
    /// The whole walk from the start: the tour when `found`, else as far as it went.
    pub path: Vec<Square>,
    /// Whether it is a tour (closed when a closed one was asked for), checked by `puzzle/`.
    pub found: bool,
    /// Why it ended.
    pub stop: Stop,
    /// What happened, in a sentence.
    pub message: String,
}

/// Finishes the tour from `path` with `finisher`, within `time`.
pub fn finish(
    board: &Board,
    path: &[Square],
    closed: bool,
    finisher: Finisher,
    time: Duration,
    cancel: &AtomicBool,
) -> Result<Finished, JobError> {
    board
        .validate_path(path)
        .map_err(|e| JobError::Input(format!("your path is not a knight's path: {e}")))?;
    let Some(&start) = path.first() else {
        return Err(JobError::Input("the path is empty".into()));
    };
    let problem = Problem {
        board,
        start,
        closed,
    };
    let mut observer = NoObserver;
    let mut ctl = Control::new(Budget::unlimited().with_time(time), cancel, &mut observer);
    let kind = if closed { "closed tour" } else { "tour" };
    let (walk, stop, message) = match finisher {
        Finisher::Warnsdorff => warnsdorff_finish(&problem, path, &mut ctl, kind)?,
        Finisher::Backtracking => {
            let (c, walk) = count::first_extending(&problem, path, &mut ctl);
            let message = match c.stop {
                Stop::Found => format!(
                    "Backtracking finished the {kind} after entering {} squares",
                    c.calls
                ),
                Stop::Exhausted => format!(
                    "No {kind} begins with your path: backtracking tried every continuation ({} squares entered)",
                    c.calls
                ),
                other => format!(
                    "Backtracking stopped ({}) after entering {} squares, without a {kind}",
                    other.describe(),
                    c.calls
                ),
            };
            let walk = if c.stop == Stop::Found {
                walk
            } else {
                path.to_vec()
            };
            (walk, c.stop, message)
        }
    };
    let found = stop == Stop::Found;
    if found {
        board.validate_tour(&walk, closed).map_err(|e| {
            JobError::Invalid(format!(
                "{} reported a tour that is not one: {e}",
                finisher.name()
            ))
        })?;
        if !walk.starts_with(path) {
            return Err(JobError::Invalid(format!(
                "{} reported a tour that does not begin with your path",
                finisher.name()
            )));
        }
    } else {
        board.validate_path(&walk).map_err(|e| {
            JobError::Invalid(format!(
                "{} reported a walk that is not a knight's path: {e}",
                finisher.name()
            ))
        })?;
    }
    Ok(Finished {
        path: walk,
        found,
        stop,
        message,
    })
}

/// Warnsdorff's rule (Roth's tie-break) on from `path`: the walk, how it ended, and a
/// sentence saying so (`kind`: the tour asked for).
fn warnsdorff_finish(
    problem: &Problem,
    path: &[Square],
    ctl: &mut Control,
    kind: &str,
) -> Result<(Vec<Square>, Stop, String), JobError> {
    let board = problem.board;
    let rule = Rule::new(TieBreak::Roth, board)
        .ok_or_else(|| JobError::Invalid("Roth's tie-break applies to every board".into()))?;
    let mut walk = path.to_vec();
    let stop = warnsdorff::walk_on(
        problem,
        &rule,
        &mut rng_from_seed(0),
        ctl,
        &mut Counters::default(),
        &mut walk,
    );
    let message = match stop {
        Stop::Found => format!(
            "Warnsdorff's rule finished the {kind}: {} more moves",
            walk.len() - path.len()
        ),
        Stop::Stuck if walk.len() == board.len() => format!(
            "Warnsdorff's rule visited every square, but the last, {}, is not a knight's move from the start: not a closed tour",
            board.name(walk[walk.len() - 1])
        ),
        Stop::Stuck => format!(
            "Warnsdorff's rule got stuck on {} after {} more moves, with {} squares left: undo, or let backtracking try",
            board.name(walk[walk.len() - 1]),
            walk.len() - path.len(),
            board.len() - walk.len()
        ),
        other => format!("Warnsdorff's rule stopped: {}", other.describe()),
    };
    Ok((walk, stop, message))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn never() -> AtomicBool {
        AtomicBool::new(false)
    }

    #[test]
    fn the_count_hint_splits_304_over_a_corner_s_two_moves() {
        let board = Board::new(5, 5).unwrap();
        let hint = count_hint(&board, &[0], false, Duration::from_secs(60), &never()).unwrap();
        assert_eq!(hint.stop, Stop::Exhausted);
        assert_eq!(hint.through.len(), 2);
        assert_eq!(hint.through.iter().map(|t| t.tours).sum::<u64>(), 304);
        assert_eq!(hint.dead_end, None);
    }

    /// The hint's "squares entered" is what `knight count --path` reports as calls for the
    /// same path, and its tours add up to that count's total.
    #[test]
    fn the_hint_counts_squares_entered_as_the_count_of_the_path_does() {
        use crate::run::puzzle::PuzzleJob;
        use crate::run::{KnightJob, KnightReport, KnightTask};
        let board = Board::new(5, 5).unwrap();
        for path in [vec![0], vec![0, 7], vec![0, 7, 14], vec![0, 11, 22]] {
            let hint = count_hint(&board, &path, false, Duration::from_secs(60), &never()).unwrap();
            let job = KnightJob {
                cols: 5,
                rows: 5,
                start: Some(board.row_col(path[0])),
                closed: false,
                seed: 0,
                budget: Budget::unlimited(),
                task: KnightTask::Count {
                    all_starts: false,
                    path: path.iter().map(|&s| board.row_col(s)).collect(),
                    part: None,
                },
            };
            let Ok(KnightReport::Count(r)) = job.run(&never(), &mut NoObserver) else {
                panic!("the count of {path:?} ran");
            };
            assert_eq!(hint.calls, r.calls, "{path:?}");
            assert_eq!(hint.through.iter().map(|t| t.tours).sum::<u64>(), r.total);
        }
    }

    #[test]
    fn a_dead_end_is_proved_and_big_boards_are_refused() {
        // On 3x4, a1 c2 a3 leaves b4 and b3 both to be last.
        let board = Board::new(3, 4).unwrap();
        let hint =
            count_hint(&board, &[9, 8, 3], false, Duration::from_secs(60), &never()).unwrap();
        let proof = hint.dead_end.unwrap();
        assert_eq!(proof.rule, "two-ends");
        assert!(hint.through.iter().all(|t| t.tours == 0 && t.complete));
        let big = Board::new(9, 9).unwrap();
        assert!(count_hint(&big, &[0], false, Duration::from_secs(1), &never()).is_err());
    }

    #[test]
    fn both_finishers_finish_a_tour_that_begins_with_the_path() {
        let board = Board::new(6, 6).unwrap();
        for finisher in Finisher::ALL {
            for closed in [false, true] {
                let path = [0, 13, 2];
                let f = finish(
                    &board,
                    &path,
                    closed,
                    finisher,
                    Duration::from_secs(60),
                    &never(),
                )
                .unwrap();
                if f.found {
                    assert!(board.validate_tour(&f.path, closed).is_ok());
                    assert!(f.path.starts_with(&path));
                } else {
                    assert_eq!(
                        finisher,
                        Finisher::Warnsdorff,
                        "backtracking finds one when one exists: {}",
                        f.message
                    );
                }
            }
        }
        // From b1 of 5x5 no tour exists: backtracking proves it.
        let board = Board::new(5, 5).unwrap();
        let f = finish(
            &board,
            &[21, 12],
            false,
            Finisher::Backtracking,
            Duration::from_secs(60),
            &never(),
        )
        .unwrap();
        assert!(!f.found);
        assert_eq!(f.stop, Stop::Exhausted);
        assert_eq!(f.path, [21, 12]);
    }
}
