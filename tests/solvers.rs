//! Every solver through the run layer: answers valid by `puzzle/`, reproducible by seed,
//! and Warnsdorff's goal of a tour on every n×n board from 5 to 1000.

use proptest::prelude::*;
use rayon::prelude::*;
use searchlab::puzzle::knight::Board;
use searchlab::run::PuzzleJob;
use searchlab::run::catalog::KNIGHT_ALGORITHMS;
use searchlab::run::knight::SolveReport;
use searchlab::run::{KnightJob, KnightReport, KnightTask};
use searchlab::solve::{Budget, NoObserver, Stop};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn solve(
    cols: u64,
    rows: u64,
    start: (u32, u32),
    closed: bool,
    algorithm: &str,
    seed: u64,
) -> SolveReport {
    let budget = Budget::unlimited()
        .with_time(Duration::from_secs(2))
        .with_nodes(200_000);
    solve_within(budget, cols, rows, start, closed, algorithm, seed)
}

fn solve_within(
    budget: Budget,
    cols: u64,
    rows: u64,
    start: (u32, u32),
    closed: bool,
    algorithm: &str,
    seed: u64,
) -> SolveReport {
    let job = KnightJob {
        cols,
        rows,
        start: Some(start),
        closed,
        seed,
        budget,
        task: KnightTask::Solve {
            algorithm: algorithm.parse().unwrap(),
            params: vec![],
            fallback: false,
        },
    };
    match job.run(&AtomicBool::new(false), &mut NoObserver) {
        Ok(KnightReport::Solve(r)) => r,
        other => panic!("{algorithm} on {cols}x{rows}: {other:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_reported_path_is_legal_and_every_found_tour_valid(
        cols in 1u64..12, rows in 1u64..12, r in 0u32..12, c in 0u32..12, seed in 0u64..1000, closed in any::<bool>()
    ) {
        let start = (r % rows as u32, c % cols as u32);
        let board = Board::new(cols, rows).unwrap();
        for algo in KNIGHT_ALGORITHMS {
            let rep = solve(cols, rows, start, closed, algo.id, seed);
            prop_assert_eq!(rep.path.first().copied(), Some(board.square(start.0, start.1)));
            prop_assert!(board.validate_path(&rep.path).is_ok());
            if rep.found {
                prop_assert_eq!(board.validate_tour(&rep.path, closed), Ok(()));
            }
            // A complete search that ran out of paths has proved there is none.
            if algo.complete && rep.stop == Stop::Exhausted {
                prop_assert!(!rep.found);
            }
        }
    }

    #[test]
    fn seeded_solvers_give_the_same_path_for_the_same_seed(
        n in 5u64..10, r in 0u32..10, c in 0u32..10, seed in 0u64..1_000_000
    ) {
        let start = (r % n as u32, c % n as u32);
        for algo in ["random-walk", "warnsdorff", "backtrack-random", "level1", "level3", "level4", "ga-repair", "ga-heuristic"] {
            let a = solve(n, n, start, false, algo, seed);
            let b = solve(n, n, start, false, algo, seed);
            prop_assert_eq!(&a.path, &b.path);
        }
    }
}

#[test]
fn different_seeds_give_different_random_walks() {
    let paths: std::collections::HashSet<Vec<u32>> = (0..20)
        .map(|s| solve(8, 8, (0, 0), false, "random-walk", s).path)
        .collect();
    assert!(paths.len() > 10);
}

#[test]
fn warnsdorff_tours_every_square_board_from_5_to_1000_from_the_corner() {
    let failures: Vec<u64> = (5..=1000u64)
        .into_par_iter()
        .filter(|&n| {
            let r = solve_within(Budget::unlimited(), n, n, (0, 0), false, "warnsdorff", 0);
            let board = Board::new(n, n).unwrap();
            !(r.found && board.validate_tour(&r.path, false).is_ok())
        })
        .collect();
    assert!(failures.is_empty(), "no tour on {failures:?}");
}
