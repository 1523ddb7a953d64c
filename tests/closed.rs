//! Closed tours: `closed-construct` on every board that has one, the existence theorems
//! against exhaustive search, and every tour checked by `puzzle::knight`.

use proptest::prelude::*;
use rayon::prelude::*;
use searchlab::puzzle::knight::existence::{has_closed_tour, has_open_tour, no_tour};
use searchlab::puzzle::knight::{Board, Shape, Square};
use searchlab::run::PuzzleJob;
use searchlab::run::knight::SolveReport;
use searchlab::run::{KnightJob, KnightReport, KnightTask};
use searchlab::solve::knight::{Problem, construct, count};
use searchlab::solve::{Budget, Control, NoObserver, Stop};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn construct(c: u64, r: u64, start: Square) -> (Vec<Square>, Stop) {
    let shape = Shape::new(c, r).unwrap();
    let (path, stop, _) = construct::solve(shape, start, &mut Control::quiet(Budget::unlimited()));
    (path, stop)
}

/// Schwenk's list, written out independently of the code under test: m ≤ n has a closed
/// tour unless both are odd, m ∈ {1, 2, 4}, or m = 3 and n ∈ {4, 6, 8}.
fn schwenk(c: u64, r: u64) -> bool {
    let (m, n) = (c.min(r), c.max(r));
    !(m % 2 == 1 && n % 2 == 1 || [1, 2, 4].contains(&m) || m == 3 && [4, 6, 8].contains(&n))
}

/// A fixed pseudo-random square of the board, different per board.
fn some_square(c: u64, r: u64) -> Square {
    ((c * 7919 + r * 104_729) % (c * r)) as Square
}

#[test]
fn a_closed_tour_on_every_board_up_to_60x60_that_has_one() {
    let boards: Vec<(u64, u64)> = (1..=60)
        .flat_map(|c| (1..=60).map(move |r| (c, r)))
        .collect();
    let found: usize = boards
        .par_iter()
        .map(|&(c, r)| {
            let shape = Shape::new(c, r).unwrap();
            assert_eq!(has_closed_tour(shape), schwenk(c, r), "{c}x{r}");
            let board = Board::new(c, r).unwrap();
            let mut found = 0;
            for start in [0, some_square(c, r)] {
                let (path, stop) = construct(c, r, start);
                if schwenk(c, r) {
                    assert_eq!(stop, Stop::Found, "{c}x{r} from {start}");
                    board
                        .validate_tour(&path, true)
                        .unwrap_or_else(|e| panic!("{c}x{r} from {start}: {e}"));
                    assert_eq!(path[0], start, "{c}x{r}");
                    found += 1;
                } else {
                    assert_eq!(stop, Stop::Impossible, "{c}x{r}");
                    assert_eq!(path, [start]);
                }
            }
            found
        })
        .sum();
    let expected = boards.iter().filter(|&&(c, r)| schwenk(c, r)).count();
    assert_eq!(found, 2 * expected);
    assert!(expected > 1400, "{expected}");
}

fn solve(c: u64, r: u64, start: (u32, u32), closed: bool, algorithm: &str) -> SolveReport {
    let job = KnightJob {
        cols: c,
        rows: r,
        start: Some(start),
        closed,
        seed: 1,
        budget: Budget::unlimited().with_time(Duration::from_secs(5)),
        task: KnightTask::Solve {
            algorithm: algorithm.parse().unwrap(),
            params: vec![],
            fallback: false,
        },
    };
    match job.run(&AtomicBool::new(false), &mut NoObserver) {
        Ok(KnightReport::Solve(r)) => r,
        other => panic!("{algorithm} on {c}x{r}: {other:?}"),
    }
}

#[test]
fn every_board_up_to_40x40_gets_its_tour_or_the_theorem() {
    let boards: Vec<(u64, u64)> = (1..=40)
        .flat_map(|c| (1..=40).map(move |r| (c, r)))
        .collect();
    boards.par_iter().for_each(|&(c, r)| {
        let board = Board::new(c, r).unwrap();
        // Open tours from the corner, with the default open-tour solver.
        let open = solve(c, r, (0, 0), false, "warnsdorff");
        if has_open_tour(board.shape()) {
            assert!(open.found, "{c}x{r} open: {}", open.message);
            board.validate_tour(&open.path, false).unwrap();
        } else {
            assert_eq!(open.stop, Stop::Impossible, "{c}x{r}: {}", open.message);
            assert!(
                open.message.starts_with("no tour exists"),
                "{}",
                open.message
            );
        }
        // Closed tours from the corner and from another square, with the default closed
        // solver, through the whole run layer.
        let other = board.row_col(some_square(c, r));
        for start in [(0, 0), other] {
            let closed = solve(c, r, start, true, "closed-construct");
            if schwenk(c, r) {
                assert!(closed.found, "{c}x{r} closed: {}", closed.message);
                board.validate_tour(&closed.path, true).unwrap();
            } else {
                assert_eq!(closed.stop, Stop::Impossible, "{c}x{r}");
                assert!(
                    closed.message.starts_with("no closed tour exists"),
                    "{}",
                    closed.message
                );
            }
        }
    });
}

/// The exhaustive search's verdict on a tour from `start`, if it settles it within 16
/// million squares entered (a node limit, not a clock, so the verdicts do not depend on
/// the machine's load; 4x10's closed tours take 13 million).
fn searched(board: &Board, start: Square, closed: bool) -> Option<bool> {
    let p = Problem {
        board,
        start,
        closed,
    };
    let mut ctl = Control::quiet(Budget::unlimited().with_nodes(16_000_000));
    count::exists(&p, &mut ctl)
}

#[test]
fn the_theorems_agree_with_exhaustive_search_up_to_64_squares() {
    let boards: Vec<(u64, u64)> = (1..=64)
        .flat_map(|c| (1..=64).map(move |r| (c, r)))
        .filter(|&(c, r)| c <= r && c * r <= 64)
        .collect();
    // Per board: whether the search settled its closed tours, and how many squares the
    // parity rule rules out were confirmed.
    let verdicts: Vec<(u64, u64, bool, usize)> = boards
        .par_iter()
        .map(|&(c, r)| {
            let board = Board::new(c, r).unwrap();
            let shape = board.shape();
            // A closed tour passes through the corner, so searching from it settles the
            // whole board.
            // (The 1x1 board's one square is a tour but no closed one: there is no move
            // back to it.)
            let closed = searched(&board, 0, true);
            if let Some(exists) = closed {
                assert_eq!(exists, has_closed_tour(shape), "{c}x{r} closed");
            }
            // Open tours: from the corner (the majority colour) exactly when the theorem
            // says the board has one, where the search settles it ...
            if let Some(exists) = searched(&board, 0, false) {
                assert_eq!(exists, has_open_tour(shape), "{c}x{r} open");
            }
            // ... and none from the squares the parity rule rules out (the first three:
            // each proof is a whole search).
            let ruled: Vec<Square> = (0..board.len() as Square)
                .filter(|&sq| {
                    no_tour(shape, board.row_col(sq), false).is_some_and(|n| !n.whole_board)
                })
                .take(3)
                .collect();
            let mut confirmed = 0;
            for sq in ruled {
                if let Some(found) = searched(&board, sq, false) {
                    assert!(!found, "{c}x{r}: a tour starts at {sq}");
                    confirmed += 1;
                }
            }
            (c, r, closed.is_some(), confirmed)
        })
        .collect();
    // The boards the theorems single out are all settled by the search: 3x4, 3x6 and 3x8
    // have no closed tour, 4x4 up to 4x10 none, 3x10 and 5x6 have one; 3x3, 3x5, 3x6
    // and 4x4 no open tour; 5x5 and 3x7 none from the other colour.
    let settled = |c, r| verdicts.iter().any(|v| (v.0, v.1) == (c, r) && v.2);
    for (c, r) in [
        (3, 4),
        (3, 6),
        (3, 8),
        (3, 10),
        (4, 4),
        (4, 6),
        (4, 8),
        (4, 10),
        (5, 6),
        (6, 6),
        (2, 8),
        (3, 5),
        (5, 5),
    ] {
        assert!(settled(c, r), "{c}x{r} closed not settled");
    }
    for (c, r) in [(5, 5), (3, 7), (3, 9), (5, 7)] {
        let v = verdicts.iter().find(|v| (v.0, v.1) == (c, r)).unwrap();
        assert!(v.3 > 0, "{c}x{r}: parity not confirmed");
    }
    let total = verdicts.iter().filter(|v| v.2).count();
    eprintln!(
        "closed tours settled on {total} of {} boards",
        verdicts.len()
    );
    assert!(
        total >= 100,
        "only {total} of {} boards settled",
        verdicts.len()
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_boards_and_starts_get_valid_closed_tours(
        c in 1u64..400,
        r in 1u64..400,
        pick in any::<u64>(),
    ) {
        let start = (pick % (c * r)) as Square;
        let (path, stop) = construct(c, r, start);
        if schwenk(c, r) {
            prop_assert_eq!(stop, Stop::Found);
            let board = Board::new(c, r).unwrap();
            prop_assert!(board.validate_tour(&path, true).is_ok());
            prop_assert_eq!(path[0], start);
        } else {
            prop_assert_eq!(stop, Stop::Impossible);
        }
    }
}

#[test]
fn large_boards_are_built_whole() {
    for (c, r) in [(3000u64, 3000u64), (3, 30_000), (10_000, 6), (2001, 1000)] {
        let (path, stop) = construct(c, r, 12345);
        assert_eq!(stop, Stop::Found, "{c}x{r}");
        let board = Board::new(c, r).unwrap();
        board.validate_tour(&path, true).unwrap();
    }
}
