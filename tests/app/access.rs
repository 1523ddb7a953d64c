//! Access for everyone in the class: the boards by keyboard alone (Tab or B gives a board
//! the keyboard, the arrows move a cursor that tells its square, Enter picks the square as
//! a click would) and the colour-blind-safe colours.

use super::Tabs;
use super::*;
use egui::Key;

/// Presses `key` once, a frame after it.
fn press(h: &mut Harness<'_, SearchLabApp>, key: Key) {
    h.key_press(key);
    h.run();
}

/// The accessible value of the node `label`: what the board's cursor says.
fn value_of(h: &Harness<'_, SearchLabApp>, label: &str) -> String {
    use egui_kittest::kittest::NodeT;
    h.get_by_label(label)
        .accesskit_node()
        .value()
        .unwrap_or_default()
}

#[test]
fn the_arrows_and_enter_choose_the_knights_start_square() {
    let mut h = harness();
    h.run();
    h.get_by_label("Chessboard").focus();
    h.run();
    // The cursor starts on the start square, a8 (row 0, column 0), and says so.
    assert!(
        value_of(&h, "Chessboard").starts_with("a8"),
        "{}",
        value_of(&h, "Chessboard")
    );
    for key in [Key::ArrowDown, Key::ArrowDown, Key::ArrowUp, Key::ArrowDown] {
        press(&mut h, key);
    }
    for _ in 0..5 {
        press(&mut h, Key::ArrowRight);
    }
    // Row 2, column 5: f6, and nothing chosen until Enter.
    assert!(
        value_of(&h, "Chessboard").starts_with("f6"),
        "{}",
        value_of(&h, "Chessboard")
    );
    assert_eq!(h.state().knight().settings.start, (0, 0));
    press(&mut h, Key::Enter);
    assert_eq!(h.state().knight().settings.start, (2, 5));
    h.get_by_label_contains("Start: f6 (2,5)");
    // The cursor stops at the board's edge.
    for _ in 0..12 {
        press(&mut h, Key::ArrowRight);
        press(&mut h, Key::ArrowUp);
    }
    assert!(
        value_of(&h, "Chessboard").starts_with("h8"),
        "{}",
        value_of(&h, "Chessboard")
    );
}

#[test]
fn a_board_with_the_keyboard_keeps_the_arrows_from_the_timeline() {
    let mut h = harness();
    h.run();
    h.get_by_label("Step by step").click();
    step_until_traced(&mut h);
    let at = |h: &Harness<'_, SearchLabApp>| h.state().knight().steps().position().unwrap().0;
    // Without the board, → steps the trace.
    press(&mut h, Key::ArrowRight);
    assert_eq!(at(&h), 1);
    h.get_by_label("Chessboard").focus();
    h.run();
    press(&mut h, Key::ArrowRight);
    press(&mut h, Key::ArrowRight);
    assert_eq!(
        at(&h),
        1,
        "the arrows moved the board's cursor, not the trace"
    );
}

#[test]
fn the_arrows_and_enter_place_a_queen_by_the_rules() {
    let mut h = queens_harness("8");
    h.get_by_label("Play yourself").click();
    h.run();
    // B gives the board the keyboard, without Tab through the form.
    press(&mut h, Key::B);
    h.run();
    for _ in 0..3 {
        press(&mut h, Key::ArrowDown);
    }
    press(&mut h, Key::ArrowRight);
    press(&mut h, Key::Enter);
    // Row 3, column 1: the queen of file b stands on row 3, and no other is placed.
    let columns = h.state().queens().play().columns().to_vec();
    assert_eq!(columns[1], Some(3), "{columns:?}");
    assert_eq!(columns.iter().flatten().count(), 1);
    // The cursor tells what it is on: a queen now.
    let said = value_of(&h, "Queens board");
    assert!(said.to_lowercase().contains("queen"), "{said}");
}

#[test]
fn the_arrows_enter_and_l_swap_and_lock_a_magic_squares_cells() {
    let mut h = magic_harness();
    h.get_by_label("Play yourself").click();
    h.run();
    let before = h.state().magic().play().cells().to_vec();
    press(&mut h, Key::B);
    h.run();
    // Enter on the top-left cell picks it; → and Enter swap it with its neighbour.
    press(&mut h, Key::Enter);
    press(&mut h, Key::ArrowRight);
    press(&mut h, Key::Enter);
    let after = h.state().magic().play().cells().to_vec();
    let mut swapped = before.clone();
    swapped.swap(0, 1);
    assert_eq!(after, swapped);
    // L locks the cell under the cursor (row 1, column 2), and the cursor says so.
    press(&mut h, Key::L);
    assert!(h.state().magic().play().locked()[1]);
    let said = value_of(&h, "Magic square");
    assert!(
        said.starts_with("row 1, column 2") && said.contains("locked"),
        "{said}"
    );
}

#[test]
fn the_safe_colours_are_a_setting_kept_between_sessions_and_the_tree_says_its_shapes() {
    let mut h = harness();
    h.run();
    let settings = &mut h.state_mut().knight_mut().settings;
    (settings.cols, settings.rows) = (5, 5);
    settings.algorithm = "backtrack".parse().unwrap();
    h.run();
    h.get_by_label("Step by step").click();
    step_until_traced(&mut h);
    h.get_by_label("Search tree").click();
    h.run();
    h.get_by_label("dead end");
    assert_eq!(h.query_all_by_label("dead end (hatched)").count(), 0);
    h.get_by_label("Colour-blind-safe colours").click();
    h.run();
    h.run();
    assert!(h.state().colour_safe);
    // The tree's legend names the shapes that go with the colours.
    h.get_by_label_contains("(hatched)");
    let saved = ron::to_string(&h.state().saved_state()).unwrap();
    assert!(SearchLabApp::from_saved(Some(&saved)).colour_safe);
    // A state saved before the setting existed loads with it off.
    assert!(!SearchLabApp::from_saved(Some("(version: 1, knight: ())")).colour_safe);
}

/// A hint is announced to screen readers when it comes: the words under Statistics are in
/// a live region, as the step sentence and Your guess's verdicts are.
#[test]
fn a_hint_is_announced_when_it_comes() {
    let mut h = queens_harness("8");
    h.get_by_label("Play yourself").click();
    h.run();
    h.get_by_label("A safe square").click();
    h.run();
    assert!(super::guess::announced(&h, "is safe: no queen attacks it"));
    let mut h = magic_harness();
    h.get_by_label("Play yourself").click();
    h.run();
    h.get_by_label("Best swap").click();
    h.run();
    assert!(super::guess::announced(&h, "Swap"));
}
