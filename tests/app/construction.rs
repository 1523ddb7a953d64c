//! Closed tours in the Knight's Tour view: the "Closed tour" box and what it says, the
//! closing move, and the construction of a closed tour shown stage by stage.
//!
//! The figures below come from the construction's rules, not from the app: a 16x16 board
//! is cut into four 8x8 pieces (16 = 8 + 8 both ways); the two pieces of each row are
//! joined side by side, then the rows down the first column, so there are three joins.
//! A piece is joined to its right neighbour by removing its move (1,6)-(3,7) near its
//! top-right corner and the neighbour's corner move (0,8)-(2,9), and adding (0,8)-(1,6)
//! and (2,9)-(3,7); to the piece below by removing (6,1)-(7,3) near its bottom-left
//! corner and the lower piece's corner move (8,0)-(9,2), and adding (8,0)-(6,1) and
//! (9,2)-(7,3). On 16x16, (row, col) is named by column letter and rank 16 - row.

use super::{Tabs, enter_text, harness, is_disabled, run_to_end, snapshot};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use searchlab::app::SearchLabApp;
use searchlab::puzzle::knight::Board;
use std::collections::HashSet;

/// Whether some label says `text`.
fn says(h: &Harness<'_, SearchLabApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// The moves of a closed walk, each as (smaller square, larger square).
fn cycle_moves(walk: &[u32]) -> HashSet<(u32, u32)> {
    let n = walk.len();
    (0..n)
        .map(|i| {
            let (a, b) = (walk[i], walk[(i + 1) % n]);
            (a.min(b), a.max(b))
        })
        .collect()
}

fn sorted_lengths(tours: &[Vec<u32>]) -> Vec<usize> {
    let mut l: Vec<usize> = tours.iter().map(Vec::len).collect();
    l.sort_unstable();
    l
}

/// Whether `a` and `b` are a move of one of `tours` (next to each other, cyclically).
fn joined(tours: &[Vec<u32>], a: u32, b: u32) -> bool {
    tours
        .iter()
        .any(|t| cycle_moves(t).contains(&(a.min(b), a.max(b))))
}

fn next(h: &mut Harness<'_, SearchLabApp>) {
    h.get_by_label("Next ▶").click();
    h.run();
}

#[test]
#[allow(
    clippy::too_many_lines,
    reason = "one scenario told in order, each step using what the one before left"
)]
fn closed_construct_on_16x16_shows_its_pieces_each_join_and_the_tour() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "warnsdorff".parse().unwrap();
    h.run();
    h.get_by_label("16×16").click();
    h.run();
    h.get_by_label("Closed tour").click();
    h.run();
    assert_eq!(
        h.state().knight().settings.algorithm.id(),
        "closed-construct"
    );
    run_to_end(&mut h);
    h.run();

    let board = Board::new(16, 16).unwrap();
    let sq = |r: u32, c: u32| board.square(r, c);
    let tour = (h.state().knight().displayed_tour())
        .expect("a tour is displayed")
        .to_vec();
    assert_eq!(board.validate_tour(&tour, true), Ok(()));
    assert!(says(&h, "found a closed tour of 256 squares"));

    // Stage 1: four closed tours, one in each 8x8 quarter.
    let k = &h.state().knight();
    assert!(k.showing_construction(), "the construction is shown first");
    assert_eq!(
        k.construction_stage(),
        Some((0, 5)),
        "pieces, 3 joins, tour"
    );
    let tours = k.construction_tours().unwrap();
    assert_eq!(sorted_lengths(&tours), [64, 64, 64, 64]);
    let piece = Board::new(8, 8).unwrap();
    for t in &tours {
        let (r0, c0) = (t[0] / 16 / 8 * 8, t[0] % 16 / 8 * 8);
        let local: Vec<u32> = t
            .iter()
            .map(|&s| {
                let (r, c) = (s / 16, s % 16);
                assert!((r0..r0 + 8).contains(&r) && (c0..c0 + 8).contains(&c));
                piece.square(r - r0, c - c0)
            })
            .collect();
        assert_eq!(
            piece.validate_tour(&local, true),
            Ok(()),
            "piece at {r0},{c0}"
        );
        // Structured: the moves kept for the joins are in every piece's own tour.
        let m = cycle_moves(&local);
        let kept = [
            (piece.square(1, 6), piece.square(3, 7)),
            (piece.square(6, 1), piece.square(7, 3)),
        ];
        for (a, b) in kept {
            assert!(m.contains(&(a.min(b), a.max(b))), "piece at {r0},{c0}");
        }
    }
    assert!(says(
        &h,
        "Stage 1 of 5. The pieces: the board is cut into 4 pieces of 8×8 squares, each with a closed tour of its own. The purple moves are kept for the joins."
    ));
    assert!(
        says(&h, "kept for the joins"),
        "the legend names the purple moves"
    );
    assert!(is_disabled(&h, "◀ Back"));

    // Join 1: the top row's two pieces.
    next(&mut h);
    assert_eq!(h.state().knight().construction_stage(), Some((1, 5)));
    assert!(says(
        &h,
        "Join 1 of 3: the moves g15–h13 (left piece) and i16–j14 (right piece) are removed (red, dashed) and g15–i16, h13–j14 added (green): two closed tours become one; 3 are left."
    ));
    let tours = h.state().knight().construction_tours().unwrap();
    assert_eq!(sorted_lengths(&tours), [64, 64, 128]);
    assert!(joined(&tours, sq(1, 6), sq(0, 8)) && joined(&tours, sq(3, 7), sq(2, 9)));
    assert!(!joined(&tours, sq(1, 6), sq(3, 7)) && !joined(&tours, sq(0, 8), sq(2, 9)));
    for legend in ["removed by this join", "added by this join"] {
        assert!(says(&h, legend), "{legend}");
    }

    // Join 2: the bottom row's; join 3: the rows, down the first column.
    next(&mut h);
    assert!(says(
        &h,
        "Join 2 of 3: the moves g7–h5 (left piece) and i8–j6 (right piece) are removed"
    ));
    next(&mut h);
    assert!(says(
        &h,
        "Join 3 of 3: the moves b10–d9 (piece above) and a8–c7 (piece below) are removed (red, dashed) and b10–a8, d9–c7 added (green): two closed tours become one; one is left."
    ));
    assert!(says(&h, "added by earlier joins"));
    let tours = h.state().knight().construction_tours().unwrap();
    assert_eq!(sorted_lengths(&tours), [256]);

    // The whole tour: the one the run found.
    next(&mut h);
    assert_eq!(h.state().knight().construction_stage(), Some((4, 5)));
    assert!(says(
        &h,
        "The whole tour: all 3 joins are made, and one closed tour runs through all 256 squares"
    ));
    let tours = h.state().knight().construction_tours().unwrap();
    assert_eq!(tours.len(), 1);
    assert_eq!(cycle_moves(&tours[0]), cycle_moves(&tour));
    assert!(is_disabled(&h, "Next ▶"));
    h.get_by_label("◀ Back").click();
    h.run();
    assert_eq!(h.state().knight().construction_stage(), Some((3, 5)));
    // The arrow keys step the construction while it is on show.
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    assert_eq!(h.state().knight().construction_stage(), Some((2, 5)));
    h.key_press(egui::Key::ArrowRight);
    h.run();
    assert_eq!(h.state().knight().construction_stage(), Some((3, 5)));

    // Play goes through the stages frame by frame, from the pieces at the end.
    next(&mut h);
    h.get_by_label("▶ Play").click();
    h.step();
    assert_eq!(h.state().knight().construction_stage(), Some((0, 5)));
    let mut seen = vec![0];
    for _ in 0..600 {
        h.step();
        let (stage, _) = h.state().knight().construction_stage().unwrap();
        if seen.last() != Some(&stage) {
            seen.push(stage);
        }
        if stage == 4 {
            break;
        }
    }
    assert_eq!(seen, [0, 1, 2, 3, 4], "one stage at a time");
    h.run();
    assert!(says(&h, "▶ Play"), "it stops at the whole tour");

    // The knight's walk of the same tour, with its closing move.
    h.get_by_label("Knight's walk").click();
    h.run_steps(2);
    assert!(!h.state().knight().showing_construction());
    h.state_mut().knight_mut().show_moves(256);
    h.run();
    assert!(says(&h, "closing move: last square back to the first"));
    h.state_mut().knight_mut().show_moves(255);
    h.run();
    assert!(
        !says(&h, "closing move: last square back to the first"),
        "drawn only with the whole tour"
    );
}

#[test]
fn ticking_closed_tour_trades_the_open_tour_algorithms_for_the_construction() {
    let mut h = harness();
    h.run();
    for open in ["warnsdorff", "backtrack-warnsdorff"] {
        h.state_mut().knight_mut().settings.algorithm = open.parse().unwrap();
        h.run();
        h.get_by_label("Closed tour").click();
        h.run();
        assert_eq!(
            h.state().knight().settings.algorithm.id(),
            "closed-construct"
        );
        assert!(says(
            &h,
            "Switched to “Closed tour by construction”: it builds a closed tour on every board that has one"
        ));
        assert!(says(&h, "closed tours exist on this board (Schwenk 1991)"));
        h.get_by_label("Closed tour").click();
        h.run();
        assert_eq!(h.state().knight().settings.algorithm.id(), open, "and back");
        assert!(says(&h, "Switched back to"));
        assert!(!says(&h, "closed tours exist on this board"));
    }
    // Another algorithm is the user's choice: it stays.
    h.state_mut().knight_mut().settings.algorithm = "backtrack".parse().unwrap();
    h.run();
    h.get_by_label("Closed tour").click();
    h.run();
    assert_eq!(h.state().knight().settings.algorithm.id(), "backtrack");
    assert!(!says(&h, "Switched"));
}

#[test]
fn a_4x6_board_with_closed_tour_ticked_says_why_none_exists_before_running() {
    let mut h = harness();
    h.run();
    enter_text(&mut h, "Columns", "4");
    enter_text(&mut h, "Rows", "6");
    h.get_by_label("Closed tour").click();
    h.run();
    // Schwenk 1991: no m x n board with m = 4 has a closed tour.
    assert!(says(
        &h,
        "no closed tour exists on the 4x6 board: with a side of 4 squares"
    ));
    assert!(says(&h, "(Pósa's argument; Schwenk 1991)"));
    assert!(!is_disabled(&h, "▶ Run"), "Run answers at once");
    let reason = "no closed tour exists on the 4x6 board";
    let told = |h: &Harness<'_, SearchLabApp>| h.query_all_by_label_contains(reason).count();
    assert_eq!(told(&h), 1, "under the box");
    run_to_end(&mut h);
    assert_eq!(told(&h), 2, "under the box and as the run's answer");
    // Open tours exist on 4x6 (its 24 squares are even, so from every colour): no note.
    h.get_by_label("Closed tour").click();
    h.run();
    assert_eq!(told(&h), 1, "the run's answer only");
    assert!(!says(&h, "no tour"));
}

#[test]
fn an_odd_board_says_which_start_squares_begin_no_tour() {
    let mut h = harness();
    h.run();
    h.get_by_label("5×5").click();
    h.run();
    assert!(!says(&h, "no tour starts at"), "a5 is a corner's colour");
    // b5, (0,1): the other colour; 25 squares, 13 of the corners' colour.
    h.state_mut().knight_mut().settings.start = (0, 1);
    h.run();
    assert!(says(
        &h,
        "no tour starts at b5: the board has an odd number of squares"
    ));
}

#[test]
fn an_open_tour_shows_no_closing_move() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.speed = searchlab::app::knight::INSTANT;
    h.run();
    run_to_end(&mut h);
    h.run();
    let tour = h.state().knight().displayed_tour().unwrap().to_vec();
    assert_eq!(tour.len(), 64);
    let board = Board::new(8, 8).unwrap();
    assert_eq!(
        says(&h, "closing move"),
        board.is_closed(&tour),
        "the legend names the closing move exactly when it is drawn"
    );
    assert!(says(&h, "the knight's path, numbered move by move"));
    assert!(h.query_by_label("the knight").is_some());
}

#[test]
fn snapshot_construction_join_16x16() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "closed-construct".parse().unwrap();
    h.state_mut().knight_mut().settings.closed = true;
    h.run();
    h.get_by_label("16×16").click();
    h.run();
    run_to_end(&mut h);
    h.run();
    next(&mut h);
    next(&mut h);
    next(&mut h);
    snapshot(&mut h, "construction_join_16x16");
}

#[test]
fn snapshot_construction_pieces_40x30() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "closed-construct".parse().unwrap();
    h.state_mut().knight_mut().settings.closed = true;
    h.run();
    enter_text(&mut h, "Columns", "40");
    enter_text(&mut h, "Rows", "30");
    run_to_end(&mut h);
    h.run();
    snapshot(&mut h, "construction_pieces_40x30");
}

/// A board 3 squares wide: a closed tour of 10x3 (30 columns: 30 = 10 + 5 x 4), then five
/// 4x3 pieces with open tours, each threaded in by removing the end's corner move
/// (0,9)-(2,8) (j3-i1: rank 3 - row) and adding (2,8)-(1,10) (i1-k2) and a move from (0,9).
#[test]
fn a_3_wide_board_threads_its_paths_into_the_closed_tour() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "closed-construct".parse().unwrap();
    h.state_mut().knight_mut().settings.closed = true;
    h.run();
    enter_text(&mut h, "Columns", "30");
    enter_text(&mut h, "Rows", "3");
    run_to_end(&mut h);
    h.run();
    let tour = h.state().knight().displayed_tour().unwrap().to_vec();
    let board = Board::new(30, 3).unwrap();
    assert_eq!(board.validate_tour(&tour, true), Ok(()));
    let k = &h.state().knight();
    assert_eq!(k.construction_stage(), Some((0, 7)));
    let tours = k.construction_tours().unwrap();
    assert_eq!(sorted_lengths(&tours), [12, 12, 12, 12, 12, 30]);
    assert!(says(
        &h,
        "the board is cut into a 10×3 piece with a closed tour of its own and 5 pieces of 4×3, each with an open tour (a path)"
    ));
    next(&mut h);
    assert!(says(
        &h,
        "Join 1 of 5: the move j3–i1 at the end of the closed tour is removed (red, dashed) and the next 4×3 piece's path is threaded in between its ends: i1–k2, j3–"
    ));
    let tours = h.state().knight().construction_tours().unwrap();
    assert_eq!(sorted_lengths(&tours), [12, 12, 12, 12, 42]);
    assert!(!joined(&tours, board.square(0, 9), board.square(2, 8)));
    assert!(joined(&tours, board.square(2, 8), board.square(1, 10)));
}
