//! Play mode on the N-Queens tab: the student places queens by clicking, the board says
//! which queens attack each other (checked against the rules in `puzzle/`), and the hints
//! answer with counts known from the literature (92 solutions of 8 queens, 4 of them with
//! a queen in a given corner).

use super::{Tabs, click_at, enter_text, harness, is_disabled};
use egui::{Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use searchlab::app::SearchLabApp;
use searchlab::app::mode::Mode;
use searchlab::puzzle::queens::validate;
use std::time::{Duration, Instant};

/// The app on the N-Queens tab with `n` queens, in play mode.
fn playing(n: &str) -> Harness<'static, SearchLabApp> {
    let mut h = harness();
    h.run();
    h.get_by_label("N-Queens").click();
    h.run();
    enter_text(&mut h, "Queens (n)", n);
    h.get_by_label("Play yourself").click();
    h.run();
    assert_eq!(h.state().queens().mode(), Mode::Play);
    h
}

/// The centre of square (row, column) of the queens board on screen.
fn square_pos(h: &Harness<'_, SearchLabApp>, row: u32, column: u32) -> Pos2 {
    let rect = h.get_by_label("Queens board").rect();
    let n = h.state().queens().settings.n as f32;
    let cell = rect.width() / n;
    rect.min + Vec2::new((column as f32 + 0.5) * cell, (row as f32 + 0.5) * cell)
}

fn place(h: &mut Harness<'_, SearchLabApp>, row: u32, column: u32) {
    let pos = square_pos(h, row, column);
    click_at(h, pos);
    h.run();
}

fn columns(h: &Harness<'_, SearchLabApp>) -> Vec<Option<u32>> {
    h.state().queens().play().columns().to_vec()
}

/// Pairs of placed queens on one row or diagonal, counted from the rules.
fn attacking_pairs(columns: &[Option<u32>]) -> usize {
    let placed: Vec<(usize, u32)> = (columns.iter().enumerate())
        .filter_map(|(c, r)| r.map(|r| (c, r)))
        .collect();
    let mut pairs = 0;
    for (i, &(ca, ra)) in placed.iter().enumerate() {
        for &(cb, rb) in &placed[i + 1..] {
            if ra == rb || ra.abs_diff(rb) as usize == cb - ca {
                pairs += 1;
            }
        }
    }
    pairs
}

fn step_until_counted(h: &mut Harness<'_, SearchLabApp>) {
    let deadline = Instant::now() + Duration::from_secs(30);
    h.step();
    while h.state().queens().play().busy() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
    h.run();
}

#[test]
fn clicks_place_move_and_take_off_queens_and_can_be_undone() {
    let mut h = playing("6");
    assert_eq!(columns(&h), vec![None; 6]);
    place(&mut h, 2, 0);
    place(&mut h, 4, 1);
    assert_eq!(&columns(&h)[..2], [Some(2), Some(4)]);
    // A second click in a column moves its queen: a column holds one.
    place(&mut h, 3, 1);
    assert_eq!(&columns(&h)[..2], [Some(2), Some(3)]);
    // (2,0) and (3,1) share a diagonal.
    assert_eq!(attacking_pairs(&columns(&h)), 1);
    h.get_by_label("Attacking pairs: 1");
    h.get_by_label("Queens placed: 2 of 6");
    // A click on a queen takes it off.
    place(&mut h, 3, 1);
    assert_eq!(&columns(&h)[..2], [Some(2), None]);
    h.get_by_label("Attacking pairs: 0");
    h.get_by_label("⟲ Undo").click();
    h.run();
    assert_eq!(&columns(&h)[..2], [Some(2), Some(3)]);
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    assert_eq!(&columns(&h)[..2], [Some(2), Some(4)]);
    h.get_by_label("Redo ⟳").click();
    h.run();
    assert_eq!(&columns(&h)[..2], [Some(2), Some(3)]);
    h.get_by_label("Clear").click();
    h.run();
    assert_eq!(columns(&h), vec![None; 6]);
    assert!(is_disabled(&h, "Clear"));
}

#[test]
fn a_placement_of_eight_safe_queens_is_recognised_as_solved() {
    let mut h = playing("8");
    let solution = [0u32, 4, 7, 5, 2, 6, 1, 3];
    assert_eq!(validate(8, &solution), Ok(()));
    // Two queens on one row first: every column full, but not solved.
    let mut wrong = solution;
    wrong[7] = 0;
    for (c, &r) in wrong.iter().enumerate() {
        place(&mut h, r, c as u32);
    }
    assert!(!h.state().queens().play().is_solved(8));
    h.get_by_label_contains("Every column has a queen, but some attack each other");
    let pairs = attacking_pairs(&columns(&h));
    assert!(pairs > 0);
    h.get_by_label(&format!("Attacking pairs: {pairs}"));
    place(&mut h, 3, 7);
    assert!(h.state().queens().play().is_solved(8));
    h.get_by_label_contains("Solved: 8 queens and none attacks another, checked.");
}

#[test]
fn the_count_hint_gives_92_then_4_for_a_corner_and_proves_a_dead_end() {
    let mut h = playing("8");
    h.get_by_label("Count the solutions").click();
    step_until_counted(&mut h);
    h.get_by_label_contains("92 solutions of 8 queens keep every queen you placed");
    // A queen in the corner a8: 4 of the 92 have it.
    place(&mut h, 0, 0);
    h.get_by_label("Count the solutions").click();
    step_until_counted(&mut h);
    h.get_by_label_contains("4 solutions of 8 queens keep every queen you placed");
    // b6 attacks nothing, yet none of those 4 has b6: a dead end.
    place(&mut h, 2, 1);
    assert_eq!(attacking_pairs(&columns(&h)), 0);
    h.get_by_label("Count the solutions").click();
    step_until_counted(&mut h);
    h.get_by_label_contains("0 solutions of 8 queens keep every queen you placed");
    h.get_by_label_contains("Dead end: no solution completes this board");
    // Two queens that attack: none, and the count says which two.
    place(&mut h, 1, 1);
    h.get_by_label("Count the solutions").click();
    step_until_counted(&mut h);
    h.get_by_label_contains(
        "No solution keeps these queens: a8 (0,0) and b7 (1,1) share a diagonal",
    );
}

#[test]
fn the_safe_square_and_min_conflicts_hints_follow_the_rules() {
    let mut h = playing("8");
    place(&mut h, 0, 0);
    h.get_by_label("A safe square").click();
    h.run();
    // Column b's topmost square that a8 does not attack is b6 (row 2).
    h.get_by_label_contains("b6 (2,1) is safe: no queen attacks it");
    // Min-conflicts fills the first empty column on its least attacked square.
    h.get_by_label("Min-conflicts' move").click();
    h.run();
    h.get_by_label_contains(
        "column b is empty, and its least attacked square is b6 (2,1), with 0 conflicts",
    );
    // With every column full and two queens attacking, it moves the most attacked queen
    // to a square with fewer conflicts.
    h.get_by_label("Clear").click();
    h.run();
    for c in 0..8 {
        place(&mut h, c, c);
    }
    assert_eq!(attacking_pairs(&columns(&h)), 28);
    h.get_by_label("Min-conflicts' move").click();
    h.run();
    h.get_by_label_contains(
        "Min-conflicts picks an attacked queen at random; the most attacked is on",
    );
}

#[test]
fn snapshot_play_queens_8() {
    let mut h = playing("8");
    // a8, b6 and c4 attack nothing, yet no solution keeps all three.
    for (r, c) in [(0, 0), (2, 1), (4, 2)] {
        place(&mut h, r, c);
    }
    h.get_by_label("Count the solutions").click();
    step_until_counted(&mut h);
    h.get_by_label_contains("Dead end: no solution completes this board");
    super::snapshot(&mut h, "play_queens_8");
}
