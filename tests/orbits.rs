//! Counts from every square count one square per orbit of the board's symmetries and fill
//! the others from it: the per-square figures equal a direct count from each square, on
//! every board of up to 36 squares, open and closed, whole and in parts.

use rayon::prelude::*;
use searchlab::puzzle::knight::existence::no_tour;
use searchlab::puzzle::knight::{Board, Square};
use searchlab::run::knight::CountReport;
use searchlab::run::{Job, KnightJob, KnightReport, KnightTask, PuzzleJob, Report};
use searchlab::solve::knight::{Problem, count};
use searchlab::solve::{Budget, Control, NoObserver};
use std::sync::atomic::AtomicBool;

fn every_start(
    cols: u64,
    rows: u64,
    closed: bool,
    part: Option<searchlab::run::split::Part>,
) -> CountReport {
    let job = KnightJob {
        cols,
        rows,
        start: None,
        closed,
        seed: 1,
        budget: Budget::unlimited(),
        task: KnightTask::Count {
            all_starts: true,
            path: Vec::new(),
            part,
        },
    };
    match job.run(&AtomicBool::new(false), &mut NoObserver) {
        Ok(KnightReport::Count(c)) => c,
        other => panic!("{cols}x{rows}: {other:?}"),
    }
}

#[test]
fn every_start_equals_a_direct_count_from_each_square() {
    let boards: Vec<(u64, u64, bool)> = (1..=36u64)
        .flat_map(|c| (1..=36 / c).map(move |r| (c, r)))
        .flat_map(|(c, r)| [(c, r, false), (c, r, true)])
        .collect();
    boards.par_iter().for_each(|&(cols, rows, closed)| {
        let board = Board::new(cols, rows).unwrap();
        // Directly: every square counted on its own, by the solver.
        let direct: Vec<(u64, u64)> = (0..board.len() as Square)
            .map(|start| {
                let c = count::count(
                    &Problem {
                        board: &board,
                        start,
                        closed,
                    },
                    &mut Control::quiet(Budget::unlimited()),
                );
                assert!(c.complete);
                (c.tours, c.calls)
            })
            .collect();
        let r = every_start(cols, rows, closed, None);
        let per_square: Vec<u64> = (r.per_square.clone().unwrap().into_iter())
            .map(|t| t.expect("every square complete"))
            .collect();
        let tours: Vec<u64> = direct.iter().map(|d| d.0).collect();
        assert_eq!(per_square, tours, "{cols}x{rows} closed {closed}");
        assert!(r.complete);
        assert_eq!(r.total, tours.iter().sum::<u64>());
        // The calls too (a whole search tree does not depend on the order of the moves),
        // but for squares a theorem rules out, counted 0 without a search.
        let calls: u64 = (0..board.len() as Square)
            .filter(|&sq| no_tour(board.shape(), board.row_col(sq), closed).is_none())
            .map(|sq| direct[sq as usize].1)
            .sum();
        assert_eq!(r.calls, calls, "{cols}x{rows} closed {closed}");
    });
}

/// Split into parts (as a browser's workers run it) and joined, the count is the whole
/// one: each square is the part's that owns its orbit's representative.
#[test]
fn parts_of_an_every_start_count_join_into_the_whole() {
    use searchlab::run::split::Part;
    for (cols, rows) in [(5, 5), (6, 5), (4, 4), (3, 7)] {
        let whole = every_start(cols, rows, false, None);
        let job = Job::Knight(KnightJob {
            cols,
            rows,
            start: None,
            closed: false,
            seed: 1,
            budget: Budget::unlimited(),
            task: KnightTask::Count {
                all_starts: true,
                path: Vec::new(),
                part: None,
            },
        });
        for of in [2u32, 3, 7] {
            let reports: Vec<Report> = (0..of)
                .map(|index| {
                    Report::Knight(KnightReport::Count(every_start(
                        cols,
                        rows,
                        false,
                        Some(Part { index, of }),
                    )))
                })
                .collect();
            let Ok(Report::Knight(KnightReport::Count(joined))) = job.merge(reports) else {
                panic!("{cols}x{rows} in {of} parts");
            };
            assert_eq!(joined.per_square, whole.per_square, "{cols}x{rows} in {of}");
            assert_eq!((joined.total, joined.calls), (whole.total, whole.calls));
        }
    }
}
