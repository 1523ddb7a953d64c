//! Play mode on the Magic squares tab: two clicks swap two cells, a typed number moves
//! into the picked cell, locked cells stay put, and the hints answer with totals known
//! from the literature (8 magic squares of order 3, all with 5 in the centre; 7,040 of
//! order 4) and with fitness figures checked against `puzzle/`.

use super::{Tabs, click_at, enter_text, harness, is_disabled};
use egui::{Event, PointerButton, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use searchlab::app::SearchLabApp;
use searchlab::app::mode::Mode;
use searchlab::puzzle::magic::{fitness, is_permutation, validate};
use std::time::{Duration, Instant};

/// The app on the Magic squares tab at order `n`, in play mode.
fn playing(n: &str) -> Harness<'static, SearchLabApp> {
    let mut h = harness();
    h.run();
    h.get_by_label("Magic squares").click();
    h.run();
    enter_text(&mut h, "Order", n);
    h.get_by_label("Play yourself").click();
    h.run();
    assert_eq!(h.state().magic().mode(), Mode::Play);
    h
}

fn cells(h: &Harness<'_, SearchLabApp>) -> Vec<u32> {
    h.state().magic().play().cells().to_vec()
}

/// The centre of cell `i` (row-major) of the square on screen.
fn cell_pos(h: &Harness<'_, SearchLabApp>, i: usize) -> Pos2 {
    let rect = h.get_by_label("Magic square").rect();
    let n = h.state().magic().settings.order as usize;
    let cell = rect.width() / n as f32;
    rect.min + Vec2::new(((i % n) as f32 + 0.5) * cell, ((i / n) as f32 + 0.5) * cell)
}

fn click_cell(h: &mut Harness<'_, SearchLabApp>, i: usize) {
    let pos = cell_pos(h, i);
    click_at(h, pos);
    h.run();
}

fn right_click_cell(h: &mut Harness<'_, SearchLabApp>, i: usize) {
    let pos = cell_pos(h, i);
    h.event(Event::PointerMoved(pos));
    h.step();
    for pressed in [true, false] {
        h.event(Event::PointerButton {
            pos,
            button: PointerButton::Secondary,
            pressed,
            modifiers: Default::default(),
        });
        h.step();
    }
    h.run();
}

/// Plays `target` from what is on the board, by typing each number into its cell.
fn type_square(h: &mut Harness<'_, SearchLabApp>, target: &[u32]) {
    for (i, &v) in target.iter().enumerate() {
        if cells(h)[i] == v {
            continue;
        }
        click_cell(h, i);
        enter_text(h, "Number for the picked cell:", &v.to_string());
        assert_eq!(cells(h)[i], v, "cell {i} takes {v}");
        assert!(is_permutation(&cells(h)));
    }
}

fn step_until_counted(h: &mut Harness<'_, SearchLabApp>) {
    let deadline = Instant::now() + Duration::from_secs(30);
    h.step();
    while h.state().magic().play().busy() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
    h.run();
}

#[test]
fn two_clicks_swap_two_cells_locked_cells_stay_and_swaps_undo() {
    let mut h = playing("3");
    let start = cells(&h);
    assert!(is_permutation(&start) && start.len() == 9);
    click_cell(&mut h, 0);
    click_cell(&mut h, 8);
    let mut swapped = start.clone();
    swapped.swap(0, 8);
    assert_eq!(cells(&h), swapped);
    h.get_by_label(&fitness(3, &swapped).to_string());
    // A locked cell refuses to move, and says how to free it.
    right_click_cell(&mut h, 4);
    assert!(h.state().magic().play().locked()[4]);
    click_cell(&mut h, 4);
    h.get_by_label_contains("row 2, column 2 is locked");
    click_cell(&mut h, 1);
    click_cell(&mut h, 4);
    assert_eq!(cells(&h), swapped, "the locked centre did not move");
    click_cell(&mut h, 1);
    h.get_by_label("⟲ Undo").click();
    h.run();
    assert_eq!(cells(&h), start);
    h.key_press(egui::Key::ArrowRight);
    h.run();
    assert_eq!(cells(&h), swapped);
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    assert_eq!(cells(&h), start);
    assert!(is_disabled(&h, "⟲ Undo"));
}

#[test]
fn typing_the_lo_shu_square_is_recognised_as_magic() {
    let mut h = playing("3");
    let lo_shu = [2, 7, 6, 9, 5, 1, 4, 3, 8];
    assert_eq!(validate(3, &lo_shu), Ok(()));
    type_square(&mut h, &lo_shu);
    assert_eq!(cells(&h), lo_shu);
    assert!(h.state().magic().play().is_magic(3));
    h.get_by_label_contains("Magic: every row, column and diagonal adds up to 15, checked.");
    // No swap improves on a magic square.
    h.get_by_label("Best swap").click();
    h.run();
    h.get_by_label_contains("The square is magic already");
}

#[test]
fn the_best_swap_hint_lowers_the_fitness_as_it_says() {
    let mut h = playing("4");
    let before = cells(&h);
    h.get_by_label("Best swap").click();
    h.run();
    // Whatever the square, the hint's figures are the fitness before and after it.
    let f = fitness(4, &before);
    h.get_by_label_contains(&format!("the fitness goes from {f} to"));
}

#[test]
fn the_count_hint_gives_8_then_0_without_5_in_the_centre_and_7040_for_order_4() {
    let mut h = playing("3");
    h.get_by_label("Count the magic squares").click();
    step_until_counted(&mut h);
    h.get_by_label_contains("8 magic squares of order 3 with nothing locked");
    // Every 3×3 magic square has 5 in the centre: lock another number there and none is
    // left.
    let centre = if cells(&h)[4] == 5 { 6 } else { cells(&h)[4] };
    let mut want = cells(&h);
    let at = want.iter().position(|&v| v == centre).unwrap();
    want.swap(at, 4);
    type_square(&mut h, &want);
    right_click_cell(&mut h, 4);
    h.get_by_label("Count the magic squares").click();
    step_until_counted(&mut h);
    h.get_by_label_contains("0 magic squares of order 3 keeping your locked cell");
    h.get_by_label_contains("Dead end: no magic square keeps these cells");
    // Order 4, nothing locked: all 7,040.
    enter_text(&mut h, "Order", "4");
    h.get_by_label("Count the magic squares").click();
    step_until_counted(&mut h);
    h.get_by_label_contains("7040 magic squares of order 4 with nothing locked");
}

#[test]
fn snapshot_play_magic_3() {
    let mut h = playing("3");
    // A square two swaps from the Lo Shu, its centre locked, and the best swap asked.
    type_square(&mut h, &[2, 7, 6, 1, 5, 9, 8, 3, 4]);
    right_click_cell(&mut h, 4);
    h.get_by_label("Best swap").click();
    h.run();
    h.get_by_label_contains("the fitness goes from");
    super::snapshot(&mut h, "play_magic_3");
}

/// At 800×600 the statistics stand under the play controls, below the panel's fold: the
/// hint's answer is scrolled into sight when it comes.
#[test]
fn a_hints_answer_is_scrolled_into_sight() {
    let mut h = super::harness_of_size(800.0, 600.0);
    h.run();
    h.get_by_label("Magic squares").click();
    h.run();
    h.get_by_label("Play yourself").click();
    h.run();
    h.get_by_label("Count the magic squares").click();
    step_until_counted(&mut h);
    h.run_steps(3);
    let answer = h
        .get_by_label_contains("8 magic squares of order 3 with nothing locked")
        .rect();
    assert!(
        answer.top() >= 0.0 && answer.bottom() <= 600.0,
        "the answer is at {answer:?}, out of the 800×600 window"
    );
}
