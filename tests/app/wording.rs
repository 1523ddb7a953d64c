//! What the app says of its figures, marks and keys reads true: a number field shows its
//! whole value, the landscape says when the search's h counts each pair twice, Compare
//! names hill climbing's curve for what it is, the frame time stays off until asked for,
//! and the board says how its keyboard cursor is used and left.

use super::{Tabs, compare_harness, harness, queens_harness, step_until_idle, step_until_traced};
use egui::Key;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use std::time::Duration;

/// The node limit's million is shown whole, where a field four digits wide showed "1000".
#[test]
fn a_number_field_shows_its_whole_value() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "bfs".parse().unwrap();
    h.state_mut().knight_mut().settings.search_nodes = 1_000_000;
    h.run();
    let field = h
        .get_by_role_and_label(Role::TextInput, "Node limit")
        .rect();
    let font = egui::TextStyle::Body.resolve(&h.ctx.global_style());
    let text = h.ctx.fonts_mut(|f| {
        (f.layout_no_wrap("1000000".into(), font, egui::Color32::WHITE)
            .size())
        .x
    });
    assert!(
        field.width() > text,
        "the field is {} wide, its value {text}",
        field.width()
    );
}

/// Hill climbing on h2 scores twice the attacking pairs the board's squares show: the
/// landscape's key says so.
#[test]
fn the_landscape_says_when_the_search_counts_each_pair_twice() {
    let mut h = queens_harness("8");
    h.state_mut().queens_mut().settings.algorithm = "hill-climbing".parse().unwrap();
    h.state_mut().queens_mut().settings.heuristic = searchlab::puzzle::queens::Heuristic::H2;
    h.run();
    h.get_by_label("Step by step").click();
    step_until_traced(&mut h);
    h.state_mut().queens_mut().steps_mut().seek(3);
    h.run();
    h.get_by_label_contains("counts each pair twice");
    // On h1 it counts them once, and the key says nothing of it.
    h.state_mut().queens_mut().settings.heuristic = searchlab::puzzle::queens::Heuristic::H1;
    h.run();
    h.get_all_by_label("Step by step").next().unwrap().click();
    step_until_traced(&mut h);
    h.state_mut().queens_mut().steps_mut().seek(3);
    h.run();
    assert!(
        h.query_by_label_contains("counts each pair twice")
            .is_none()
    );
}

/// Hill climbing's curve in Compare is its h after each step, not a generation's fitness.
#[test]
fn compare_names_hill_climbings_curve_as_a_climb() {
    let mut h = compare_harness();
    h.get_by_label("Queens").click();
    h.run();
    h.get_by_label("▶ Run all").click();
    step_until_idle(&mut h, Duration::from_secs(60));
    h.run();
    h.get_by_label_contains("h after each step of the climb");
    assert!(
        h.query_by_label_contains("best fitness per generation")
            .is_none(),
        "no lane of backtracking and hill climbing evolves"
    );
}

/// The time each frame takes is a figure for developers: off on the first screen, and the
/// help's box that asks for it says where it shows.
#[test]
fn the_frame_time_is_off_until_asked_for() {
    use egui_kittest::kittest::NodeT;
    let mut h = harness();
    h.run();
    assert!(!h.state().frame_time, "off on the first screen");
    h.get_by_label("？ Help").click();
    h.run();
    let asked = "Show how long each frame takes to draw (in the toolbar)";
    let toggled = |h: &egui_kittest::Harness<'_, searchlab::app::SearchLabApp>| {
        h.get_by_label(asked).accesskit_node().toggled()
    };
    assert_eq!(toggled(&h), Some(egui::accesskit::Toggled::False));
    // The box is at the foot of the help's scrolled list.
    h.get_by_label(asked).scroll_to_me();
    h.run();
    h.get_by_label(asked).click();
    h.run();
    assert!(h.state().frame_time, "the box asks for it");
    assert_eq!(toggled(&h), Some(egui::accesskit::Toggled::True));
}

/// The board's key says B gives it the keyboard; with it, the cursor tells its square
/// (and a box under the board how the arrows, Enter and Esc work); Esc lets go.
#[test]
fn the_keyboard_cursor_is_offered_and_let_go() {
    use egui_kittest::kittest::NodeT;
    let value = |h: &egui_kittest::Harness<'_, searchlab::app::SearchLabApp>| {
        let board = h.get_by_label("Chessboard");
        board.accesskit_node().value().unwrap_or_default()
    };
    let mut h = harness();
    h.get_by_label("5×5").click();
    h.get_by_label("Play yourself").click();
    h.run();
    h.get_by_label_contains("B for the keyboard");
    assert_eq!(value(&h), "", "no cursor before B");
    h.key_press(Key::B);
    h.run();
    let at = value(&h);
    assert!(!at.is_empty(), "the cursor tells its square");
    h.key_press(Key::ArrowRight);
    h.run();
    assert_ne!(value(&h), at, "the arrows move the cursor");
    h.key_press(Key::Escape);
    h.run();
    assert_eq!(value(&h), "", "Esc lets go");
}
