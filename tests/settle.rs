//! Every board and start settled: a tour (checked by `puzzle::knight`) or a proof that
//! none starts there, through the binary for the cases the greedy solver used to give up
//! on, and through the library for sweeps of every start on small boards and of sampled
//! starts on large and narrow ones.

mod common;

use common::{json, searchlab};
use rayon::prelude::*;
use searchlab::puzzle::knight::existence::no_tour;
use searchlab::puzzle::knight::{Board, Square};
use searchlab::solve::knight::{Problem, settle};
use searchlab::solve::{Budget, Control, Stop, rng_from_seed};

/// `knight solve` without `--algo` on `board` from `start` (`row,col`): the tour it
/// prints, checked.
fn solved_by_default(board: &str, start: &str) -> serde_json::Value {
    let (code, v) = json(&[
        "knight", "solve", "--board", board, "--start", start, "--json",
    ]);
    assert_eq!(code, 0, "{board} from {start}: {}", v["message"]);
    assert_eq!(v["found"], true, "{board} from {start}: {}", v["message"]);
    let (c, r) = board.split_once('x').unwrap();
    let b = Board::new(c.parse().unwrap(), r.parse().unwrap()).unwrap();
    let path: Vec<Square> = v["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|rc| {
            b.square(
                rc[0].as_u64().unwrap() as u32,
                rc[1].as_u64().unwrap() as u32,
            )
        })
        .collect();
    b.validate_tour(&path, false).unwrap();
    let (row, col) = start.split_once(',').unwrap();
    assert_eq!(
        path[0],
        b.square(row.parse().unwrap(), col.parse().unwrap()),
        "{board}: the tour starts on the square asked for"
    );
    v
}

#[test]
fn the_default_solver_tours_every_board_it_used_to_give_up_on() {
    // Boards with a closed tour, from the corner and from other squares.
    let closed = [
        ("54x3", "0,0"),
        ("3x54", "0,0"),
        ("58x3", "0,0"),
        ("3x58", "0,0"),
        ("3x60", "0,0"),
        ("102x3", "0,0"),
        ("3x102", "0,0"),
        ("3x1000", "0,0"),
        ("1002x3", "0,0"),
        ("3x3000", "0,0"),
        ("5x6", "4,2"),
        ("54x5", "1,12"),
        ("5x1000", "188,0"),
    ];
    // Boards without one: both sides odd, and edge squares of boards 4 across.
    let open = [
        ("51x3", "0,0"),
        ("3x51", "0,0"),
        ("53x3", "0,0"),
        ("59x3", "0,0"),
        ("3x59", "0,0"),
        ("101x3", "0,0"),
        ("3x101", "0,0"),
        ("35x4", "0,0"),
        ("44x4", "3,0"),
        ("4x45", "0,0"),
        ("47x4", "0,0"),
        ("54x4", "3,23"),
        ("55x4", "0,0"),
        ("4x57", "0,0"),
        ("58x4", "0,0"),
        ("60x4", "0,0"),
        ("61x5", "0,22"),
        ("101x3", "1,13"),
    ];
    let results: Vec<(String, String, String)> = closed
        .iter()
        .chain(open.iter())
        .collect::<Vec<_>>()
        .par_iter()
        .map(|&&(board, start)| {
            let v = solved_by_default(board, start);
            (
                board.to_string(),
                v["message"].as_str().unwrap().to_string(),
                v["fallback"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    // Where Warnsdorff's rule got stuck, the message says so and says what finished it, and
    // the JSON names the method.
    for (board, message, fallback) in results {
        if message.contains("got stuck") {
            assert!(
                message.contains("the fallback, Tour or proof"),
                "{board}: {message}"
            );
            assert!(
                ["construction", "strip", "rotation", "image"].contains(&fallback.as_str()),
                "{board}: {fallback}"
            );
        } else {
            assert_eq!(fallback, "", "{board}");
        }
    }
    // The largest: 3x30000, and 3000x3000 from a square Warnsdorff's rule gets stuck from.
    for (board, start) in [("3x30000", "0,0"), ("3000x3000", "716,528")] {
        let (code, out, _) = searchlab(&["knight", "solve", "--board", board, "--start", start]);
        assert_eq!(code, 0, "{board}: {out}");
        assert!(
            out.contains("found an open tour") || out.contains("walked it from"),
            "{board}: {out}"
        );
    }
}

#[test]
fn no_tour_starts_on_a_middle_line_of_a_board_4_across_and_the_reason_is_given() {
    for (board, start) in [
        ("4x10", "0,2"),
        ("1000x4", "2,20"),
        ("10x4", "1,0"),
        ("4x60", "30,1"),
    ] {
        let (code, v) = json(&[
            "knight", "solve", "--board", board, "--start", start, "--json",
        ]);
        assert_eq!(code, 1, "{board} {start}: {v}");
        assert_eq!(v["stop"], "impossible", "{board} {start}: {v}");
        let message = v["message"].as_str().unwrap();
        assert!(message.contains("middle"), "{board} {start}: {message}");
        assert!(
            message.contains("as many squares of each colour"),
            "{message}"
        );
    }
    // The count knows it too, at once: no closed tour of 10x4 from any square (Schwenk),
    // no open tour from the middle lines.
    let (code, v) = json(&[
        "knight",
        "count",
        "--board",
        "10x4",
        "--all-starts",
        "--closed",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["total"], 0);
    assert_eq!(v["complete"], true);
    assert!(v["elapsed_ms"].as_f64().unwrap() < 1_000.0, "{v}");
    let (_, v) = json(&[
        "knight", "count", "--board", "4x10", "--start", "0,1", "--json",
    ]);
    assert_eq!(v["total"], 0);
    assert_eq!(v["stop"], "impossible");
}

/// Settles `board` from `start`: the tour is checked, and anything else must be a proof.
fn settled(board: &Board, start: Square) -> Stop {
    let problem = Problem {
        board,
        start,
        closed: false,
    };
    let mut ctl = Control::quiet(Budget::unlimited().with_time(std::time::Duration::from_secs(60)));
    let (answer, _) = settle::solve(&problem, &mut rng_from_seed(0), &mut ctl);
    let (c, r) = (board.cols(), board.rows());
    match answer.stop {
        Stop::Found => {
            board.validate_tour(&answer.path, false).unwrap();
            assert_eq!(answer.path[0], start, "{c}x{r}");
        }
        Stop::Impossible => {
            assert!(no_tour(board.shape(), board.row_col(start), false).is_some());
        }
        // The profile search's proof: it tried every way.
        Stop::Exhausted => {}
        other => panic!(
            "{c}x{r} from {:?}: not settled ({other:?})",
            board.row_col(start)
        ),
    }
    answer.stop
}

#[test]
fn every_start_on_every_board_up_to_12_by_12_is_settled() {
    let boards: Vec<(u64, u64)> = (1..=12)
        .flat_map(|c| (1..=12).map(move |r| (c, r)))
        .collect();
    let tours: usize = boards
        .par_iter()
        .map(|&(c, r)| {
            let board = Board::new(c, r).unwrap();
            (0..board.len() as Square)
                .filter(|&s| settled(&board, s) == Stop::Found)
                .count()
        })
        .sum();
    // Every square of every board with a closed tour starts a tour, and many others.
    assert!(tours > 4_000, "{tours}");
}

#[test]
fn the_corner_and_a_random_square_on_every_board_up_to_60_by_60_are_settled() {
    let boards: Vec<(u64, u64)> = (1..=60)
        .flat_map(|c| (1..=60).map(move |r| (c, r)))
        .collect();
    boards.par_iter().for_each(|&(c, r)| {
        let board = Board::new(c, r).unwrap();
        settled(&board, 0);
        // A square drawn from the board's size, the same every run.
        let s = ((c * 7_919 + r * 104_729) % (c * r)) as Square;
        settled(&board, s);
    });
}

#[test]
fn sampled_starts_on_narrow_boards_up_to_2000_long_are_settled() {
    let mut cases = Vec::new();
    for len in [7u64, 9, 33, 101, 257, 999, 2000, 2001] {
        for k in [3u64, 4, 5] {
            for (c, r) in [(len, k), (k, len)] {
                let board = Board::new(c, r).unwrap();
                // The corner, the middle of the long side on each line across, and the
                // far end.
                for s in [
                    0,
                    board.len() as Square / 2,
                    board.len() as Square / 2 + 1,
                    board.len() as Square - 1,
                ] {
                    cases.push((c, r, s));
                }
            }
        }
    }
    cases.par_iter().for_each(|&(c, r, s)| {
        settled(&Board::new(c, r).unwrap(), s);
    });
}
