//! Play mode on the Knight's Tour tab: the student moves the knight, and the solvers'
//! hints answer about the position. What is legal comes from the rules (`puzzle/`), the
//! counts from the literature (304 tours from a corner of 5×5) and the dead end from the
//! counter's own proof.

use super::{Tabs, click_at, harness, is_disabled, square_pos};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use searchlab::app::SearchLabApp;
use searchlab::app::mode::Mode;
use searchlab::puzzle::knight::Board;
use searchlab::solve::knight::{Problem, count};
use searchlab::solve::{Budget, Control};
use std::time::{Duration, Instant};

/// The app on a `cols`×`rows` preset, in play mode.
fn playing(preset: &str) -> Harness<'static, SearchLabApp> {
    let mut h = harness();
    h.run();
    h.get_by_label(preset).click();
    h.run();
    h.get_by_label("Play yourself").click();
    h.run();
    assert_eq!(h.state().knight().mode(), Mode::Play);
    h
}

fn path(h: &Harness<'_, SearchLabApp>) -> Vec<u32> {
    h.state().knight().play().path().to_vec()
}

/// Steps the UI until the hints' threads are done and a finish is drawn.
fn step_until_hinted(h: &mut Harness<'_, SearchLabApp>) {
    let deadline = Instant::now() + Duration::from_secs(30);
    h.step();
    while h.state().knight().play().busy() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
    h.run();
}

#[test]
fn the_knight_moves_only_to_legal_squares_and_moves_can_be_undone() {
    let mut h = playing("5×5");
    let board = Board::new(5, 5).unwrap();
    assert_eq!(path(&h), [0]);
    // c4 (row 1, column 2) is a knight's move from a5.
    let c4 = square_pos(&h, 1, 2);
    click_at(&mut h, c4);
    h.run();
    assert_eq!(path(&h), [0, 7]);
    // b5 is not a knight's move from c4; a5 is, but it is visited.
    for (row, col, says) in [
        (0, 1, "b5 is not a knight's move from c4"),
        (0, 0, "a5 is visited already"),
    ] {
        let pos = square_pos(&h, row, col);
        click_at(&mut h, pos);
        h.run();
        assert_eq!(path(&h), [0, 7], "a click on ({row},{col}) must not move");
        h.get_by_label_contains(says);
    }
    // The keys 1–8 take the ringed squares in order.
    let moves = h.state().knight().play().moves(&board);
    h.key_press(egui::Key::Num2);
    h.run();
    assert_eq!(path(&h), [0, 7, moves[1]]);
    assert!(board.validate_path(&path(&h)).is_ok());
    h.get_by_label("⟲ Undo").click();
    h.run();
    assert_eq!(path(&h), [0, 7]);
    h.get_by_label("Redo ⟳").click();
    h.run();
    assert_eq!(path(&h), [0, 7, moves[1]]);
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    assert_eq!(path(&h), [0, 7]);
    h.get_by_label("Restart").click();
    h.run();
    assert_eq!(path(&h), [0]);
    assert!(is_disabled(&h, "⟲ Undo"));
}

#[test]
fn a_completed_tour_is_recognised() {
    let mut h = playing("5×5");
    let board = Board::new(5, 5).unwrap();
    let problem = Problem {
        board: &board,
        start: 0,
        closed: false,
    };
    let (_, tour) =
        count::first_extending(&problem, &[0], &mut Control::quiet(Budget::unlimited()));
    assert_eq!(board.validate_tour(&tour, false), Ok(()));
    for &sq in &tour[1..24] {
        assert!(h.state_mut().knight_mut().play_mut().try_move(&board, sq));
    }
    h.run();
    assert!(!h.state().knight().play().is_done(&board, false));
    // The last move by a click.
    let (r, c) = board.row_col(tour[24]);
    let last = square_pos(&h, r, c);
    click_at(&mut h, last);
    h.run();
    assert_eq!(path(&h), tour);
    assert!(h.state().knight().play().is_done(&board, false));
    h.get_by_label_contains("Done: a complete tour of 25 squares");
    assert!(is_disabled(&h, "Finish it for me"));
}

#[test]
fn a_finished_tour_is_saved_as_a_move_list_and_goes_beside_the_algorithms_in_compare() {
    let dir = std::env::temp_dir().join(format!("searchlab-my-tour-{}", std::process::id()));
    let mut h = playing("5×5");
    h.state_mut().files_dir = dir.clone();
    let board = Board::new(5, 5).unwrap();
    let problem = Problem {
        board: &board,
        start: 0,
        closed: false,
    };
    let (_, tour) =
        count::first_extending(&problem, &[0], &mut Control::quiet(Budget::unlimited()));
    for &sq in &tour[1..] {
        assert!(h.state_mut().knight_mut().play_mut().try_move(&board, sq));
    }
    h.run();
    h.get_by_label("Save the move list").click();
    h.run();
    h.get_by_label_contains("Saved your tour to");
    // The text reads back move by move: "1. a5-c4" and so on, 24 moves.
    let text = std::fs::read_to_string(dir.join("searchlab-my-tour-5x5-a5.txt")).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| l.contains('-')).collect();
    assert_eq!(lines.len(), 24, "{text}");
    assert!(lines[0].starts_with("1. a5-"), "{text}");
    let csv = std::fs::read_to_string(dir.join("searchlab-my-tour-5x5-a5.csv")).unwrap();
    assert_eq!(csv.lines().count(), 25, "a header and 24 moves: {csv}");
    // The export menu's move list is the played tour too.
    let (listed, _) = searchlab::app::View::move_list(h.state().knight()).expect("a move list");
    assert_eq!(listed, text);
    h.get_by_label("Put it in Compare").click();
    // Compare plays the tour on its timeline: it keeps repainting.
    for _ in 0..3 {
        h.step();
    }
    assert_eq!(h.state().tab, searchlab::app::Tab::Compare);
    let lanes = h.state().compare.lanes();
    assert_eq!(lanes.len(), 1);
    assert!(lanes[0].played);
    assert_eq!(lanes[0].answer, tour);
    let k = (h.state().compare.settings)
        .get::<searchlab::app::puzzles::knight::KnightInstance>()
        .unwrap();
    assert_eq!((k.cols, k.rows, k.start, k.closed), (5, 5, (0, 0), false));
    // Run all adds the algorithms and keeps the tour played by hand.
    h.get_by_label("▶ Run all").click();
    super::step_until_idle(&mut h, Duration::from_secs(30));
    let lanes = h.state().compare.lanes();
    assert!(lanes.len() > 1);
    assert!(lanes[0].played && lanes[0].answer == tour);
    assert!(lanes[1..].iter().all(|l| !l.played));
    h.get_by_label_contains("Played by hand in the puzzle's tab");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_dead_end_is_proved_with_the_squares_that_show_it() {
    let mut h = playing("3×4");
    // Before the first move, a click on another square starts there: a1 (row 3, col 0).
    let a1 = square_pos(&h, 3, 0);
    click_at(&mut h, a1);
    h.run();
    assert_eq!(h.state().knight().settings.start, (3, 0));
    assert_eq!(path(&h), [9]);
    // a1 c2 a3 leaves b4 and b3 with one way in each.
    for (r, c) in [(2, 2), (1, 0)] {
        let pos = square_pos(&h, r, c);
        click_at(&mut h, pos);
        h.run();
    }
    assert_eq!(path(&h), [9, 8, 3]);
    h.get_by_label("Count the tours").click();
    step_until_hinted(&mut h);
    h.get_by_label_contains("Dead end: no tour begins with your path");
    h.get_by_label_contains("b4 and b3 each have one way in left");
}

#[test]
fn the_count_hint_splits_the_corner_s_304_tours_and_finish_completes_one() {
    let mut h = playing("5×5");
    h.get_by_label("Count the tours").click();
    step_until_hinted(&mut h);
    // From a5 the knight goes to c4 or b3: 152 tours each, 304 in all.
    h.get_by_label_contains("c4: 152, b3: 152");
    h.get_by_label_contains("304 tours in all begin with your path");
    h.get_by_label("Finish it for me").click();
    step_until_hinted(&mut h);
    let board = Board::new(5, 5).unwrap();
    assert!(h.state().knight().play().is_done(&board, false));
    h.get_by_label_contains("Backtracking finished the tour");
    // The count was about the start square alone: it is not shown beside the tour.
    assert!(
        h.query_by_label_contains("begin with your path").is_none(),
        "the count hint outlived the path it was about"
    );
    h.get_by_label_contains("Ask for a hint on the left");
}

#[test]
fn warnsdorff_s_choice_goes_when_a_finish_moves_the_knight_on() {
    let mut h = playing("5×5");
    h.get_by_label("Warnsdorff's choice").click();
    h.run();
    h.get_by_label_contains("Move 1 from a5, to square 2");
    h.get_by_label("Finish it for me").click();
    step_until_hinted(&mut h);
    assert!(
        h.query_by_label_contains("Move 1 from a5").is_none(),
        "Warnsdorff's choice from a5 was still shown on the finished tour"
    );
}

#[test]
fn warnsdorff_s_choice_names_every_candidate_and_its_onward_moves() {
    let mut h = playing("5×5");
    let c4 = square_pos(&h, 1, 2);
    click_at(&mut h, c4);
    h.run();
    h.get_by_label("Warnsdorff's choice").click();
    h.run();
    // From c4, with a5 visited: e5 has one onward square (d3), the rest three.
    h.get_by_label_contains(
        "e5 (1 onward), a3 (3 onward), e3 (3 onward), b2 (3 onward), d2 (3 onward)",
    );
    h.get_by_label_contains("Warnsdorff's rule takes e5");
}

#[test]
fn snapshot_play_count_hint_5x5() {
    let mut h = playing("5×5");
    for (r, c) in [(1, 2), (2, 4)] {
        let pos = square_pos(&h, r, c);
        click_at(&mut h, pos);
        h.run();
    }
    h.get_by_label("Count the tours").click();
    step_until_hinted(&mut h);
    super::snapshot(&mut h, "play_knight_5x5");
}
