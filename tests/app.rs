//! The desktop app driven as a user would, with egui_kittest: no window, no GPU needed
//! except for the snapshot tests at the end.

use egui::{Event, PointerButton, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use searchlab::app::error::AppError;
use searchlab::app::knight::KnightView;
use searchlab::app::magic::MagicView;
use searchlab::app::mode::Mode;
use searchlab::app::queens::QueensView;
use searchlab::app::{SearchLabApp, View};
use searchlab::puzzle::knight::Board;
use searchlab::puzzle::queens::{Landscape, Standing, validate};
use searchlab::run::Algorithm;
use std::time::{Duration, Instant};

/// The puzzles' tabs, as these tests reach them (the app holds them in its list of tabs).
pub trait Tabs {
    /// The Knight's Tour tab.
    fn knight(&self) -> &KnightView;
    /// The same, to change it.
    fn knight_mut(&mut self) -> &mut KnightView;
    /// The N-Queens tab.
    fn queens(&self) -> &QueensView;
    /// The same, to change it.
    fn queens_mut(&mut self) -> &mut QueensView;
    /// The magic-squares tab.
    fn magic(&self) -> &MagicView;
    /// The same, to change it.
    fn magic_mut(&mut self) -> &mut MagicView;
}

impl Tabs for SearchLabApp {
    fn knight(&self) -> &KnightView {
        self.tab_of().expect("the app has a Knight's Tour tab")
    }
    fn knight_mut(&mut self) -> &mut KnightView {
        self.tab_of_mut().expect("the app has a Knight's Tour tab")
    }
    fn queens(&self) -> &QueensView {
        self.tab_of().expect("the app has an N-Queens tab")
    }
    fn queens_mut(&mut self) -> &mut QueensView {
        self.tab_of_mut().expect("the app has an N-Queens tab")
    }
    fn magic(&self) -> &MagicView {
        self.tab_of().expect("the app has a magic-squares tab")
    }
    fn magic_mut(&mut self) -> &mut MagicView {
        self.tab_of_mut().expect("the app has a magic-squares tab")
    }
}

#[path = "app/pictures.rs"]
mod pictures;

#[path = "app/construction.rs"]
mod construction;

#[path = "app/steps.rs"]
mod steps;

#[path = "app/microscope.rs"]
mod microscope;

#[path = "app/play.rs"]
mod play;

#[path = "app/queens_play.rs"]
mod queens_play;

#[path = "app/magic_play.rs"]
mod magic_play;

#[path = "app/guess.rs"]
mod guess;

#[path = "app/lessons.rs"]
mod lessons;

#[path = "app/browser.rs"]
mod browser;

#[path = "app/links.rs"]
mod links;

#[path = "app/contrast.rs"]
mod contrast;

#[path = "app/access.rs"]
mod access;

#[path = "app/welcome.rs"]
mod welcome;

#[path = "app/registry.rs"]
mod registry;

#[path = "app/wording.rs"]
mod wording;

/// The finished experiment's table as CSV (what Export writes).
fn experiment_csv(h: &Harness<'_, SearchLabApp>) -> String {
    let outcome = h.state().experiments.outcome.as_ref();
    outcome
        .expect("an experiment has run")
        .as_ref()
        .expect("it succeeded")
        .csv()
}

fn harness() -> Harness<'static, SearchLabApp> {
    harness_of_size(1280.0, 800.0)
}

fn harness_of_size(width: f32, height: f32) -> Harness<'static, SearchLabApp> {
    Harness::builder()
        .with_size(Vec2::new(width, height))
        .build_ui_state(
            |ui, app: &mut SearchLabApp| {
                app.logic(ui.ctx());
                app.show(ui);
            },
            SearchLabApp::from_saved(None),
        )
}

fn click_at(h: &mut Harness<'_, SearchLabApp>, pos: Pos2) {
    h.event(Event::PointerMoved(pos));
    h.step();
    for pressed in [true, false] {
        h.event(Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers: Default::default(),
        });
        h.step();
    }
}

/// The centre of square (row, col) on screen.
fn square_pos(h: &Harness<'_, SearchLabApp>, row: u32, col: u32) -> Pos2 {
    let rect = h.get_by_label("Chessboard").rect();
    let s = &h.state().knight().settings;
    let cell = rect.width() / s.cols as f32;
    rect.min + Vec2::new((col as f32 + 0.5) * cell, (row as f32 + 0.5) * cell)
}

/// Steps the UI until the run is over (worker threads keep asking for repaints, so
/// `run()` would never settle).
fn step_until_idle(h: &mut Harness<'_, SearchLabApp>, limit: Duration) {
    let deadline = Instant::now() + limit;
    h.step();
    while h.state().is_running() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
    h.step();
}

/// Steps the UI until a link waiting to open has opened (a lesson's waits for the lessons
/// folder to be read) and the Knight and N-Queens views' traces are made.
fn step_until_traced(h: &mut Harness<'_, SearchLabApp>) {
    let deadline = Instant::now() + Duration::from_secs(20);
    h.step();
    let busy = |h: &Harness<'_, SearchLabApp>| {
        h.state().pending_link.is_some()
            || h.state().knight().steps().busy()
            || h.state().queens().steps().busy()
    };
    while busy(h) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
    h.run();
}

#[test]
fn clicking_a_square_sets_the_start() {
    let mut h = harness();
    h.run();
    let pos = square_pos(&h, 2, 5);
    click_at(&mut h, pos);
    assert_eq!(h.state().knight().settings.start, (2, 5));
    h.run();
    // Its name is shown: column f, rank 8 - 2 = 6.
    h.get_by_label_contains("Start: f6 (2,5)");
}

#[test]
fn running_backtrack_warnsdorff_on_5x5_shows_a_valid_tour() {
    let mut h = harness();
    h.run();
    h.get_by_label("5×5").click();
    h.run();
    assert_eq!(
        (
            h.state().knight().settings.cols,
            h.state().knight().settings.rows
        ),
        (5, 5)
    );
    assert_eq!(
        h.state().knight().settings.algorithm.id(),
        "backtrack-warnsdorff"
    );
    h.get_by_label("▶ Run").click();
    step_until_idle(&mut h, Duration::from_secs(10));
    let tour = h
        .state()
        .knight()
        .displayed_tour()
        .expect("a tour is displayed")
        .to_vec();
    let board = Board::new(5, 5).unwrap();
    assert_eq!(board.validate_tour(&tour, false), Ok(()));
    h.get_by_label_contains("found an open tour of 25 squares");
}

#[test]
fn a_4x4_board_says_no_tour_exists_in_the_window() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "warnsdorff".parse().unwrap();
    h.run();
    for (label, value) in [("Columns", "4"), ("Rows", "4")] {
        enter_text(&mut h, label, value);
    }
    assert_eq!(
        (
            h.state().knight().settings.cols,
            h.state().knight().settings.rows
        ),
        (4, 4)
    );
    // Said under the board's settings before the run, and as its answer.
    let reason = "no tour exists on the 4x4 board, from any square (Cull & De Curtins 1978";
    assert_eq!(h.query_all_by_label_contains(reason).count(), 1);
    h.get_by_label("▶ Run").click();
    step_until_idle(&mut h, Duration::from_secs(10));
    assert_eq!(h.query_all_by_label_contains(reason).count(), 2);
}

fn set_text(h: &mut Harness<'_, SearchLabApp>, label: &str, value: &str) {
    let field = h.get_by_label(label);
    field.focus();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.get_by_label(label).type_text(value);
    h.run();
}

/// Types `value` into the field `label` and presses Enter, which applies it.
fn enter_text(h: &mut Harness<'_, SearchLabApp>, label: &str, value: &str) {
    set_text(h, label, value);
    h.key_press(egui::Key::Enter);
    h.run();
}

#[test]
fn bad_board_sizes_are_refused_with_a_message() {
    let mut h = harness();
    h.run();
    for bad in ["0", "5000", "x"] {
        enter_text(&mut h, "Columns", bad);
        let k = &h.state().knight();
        assert_eq!(k.settings.cols, 8, "{bad} was refused");
        let e = k.hold.clone().expect("an inline message").to_string();
        assert!(e.contains("from 1 to 400"), "{e}");
        h.get_by_label_contains("Columns must be a whole number");
    }
    enter_text(&mut h, "Columns", "6");
    assert_eq!(h.state().knight().settings.cols, 6);
    assert!(h.state().knight().hold.is_none());
}

/// Whether the button (or other widget) `label` is disabled.
fn is_disabled(h: &Harness<'_, SearchLabApp>, label: &str) -> bool {
    use egui_kittest::kittest::NodeT;
    h.get_by_label(label).accesskit_node().is_disabled()
}

/// Selects the text of the field `label`, then types `keys` one at a time, a frame each.
fn type_keys(
    h: &mut Harness<'_, SearchLabApp>,
    label: &str,
    keys: &str,
    each: impl Fn(&Harness<'_, SearchLabApp>, &str),
) {
    let field = |h: &Harness<'_, SearchLabApp>| {
        // The field, not a figure of the same name.
        h.get_by_role_and_label(egui::accesskit::Role::TextInput, label)
            .focus();
    };
    field(h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    for (i, c) in keys.char_indices() {
        (h.get_by_role_and_label(egui::accesskit::Role::TextInput, label))
            .type_text(&c.to_string());
        h.run();
        each(h, &keys[..=i]);
    }
}

#[test]
fn a_size_typed_digit_by_digit_takes_effect_on_enter_only() {
    let mut h = harness();
    h.run();
    let pos = square_pos(&h, 2, 5);
    click_at(&mut h, pos);
    assert_eq!(h.state().knight().settings.start, (2, 5));
    // Typing 12: the board never becomes 1 wide, so the start square stays where it is.
    type_keys(&mut h, "Columns", "12", |h, typed| {
        let k = &h.state().knight();
        assert_eq!(
            (k.settings.cols, k.settings.start),
            (8, (2, 5)),
            "after {typed:?}"
        );
        // Not applied yet: Run waits and says why.
        assert!(
            matches!(&k.hold, Some(AppError::Unapplied(m)) if m.contains("press Enter")),
            "{:?}",
            k.hold
        );
        assert!(is_disabled(h, "▶ Run"));
    });
    h.get_by_label_contains("Columns 12 is typed but not applied yet");
    h.key_press(egui::Key::Enter);
    h.run();
    let k = &h.state().knight();
    assert_eq!((k.settings.cols, k.settings.rows), (12, 8));
    assert_eq!(k.settings.start, (2, 5), "the start square did not move");
    assert!(k.hold.is_none());
    assert!(!is_disabled(&h, "▶ Run"));
    h.get_by_label_contains("Start: f6 (2,5)");
}

#[test]
fn a_size_out_of_range_is_shown_wrong_and_the_board_stays_as_before() {
    let mut h = harness();
    h.run();
    type_keys(&mut h, "Columns", "401", |h, typed| {
        assert_eq!(h.state().knight().settings.cols, 8, "after {typed:?}");
    });
    h.key_press(egui::Key::Enter);
    h.run();
    let k = &h.state().knight();
    assert_eq!(
        (k.settings.cols, k.settings.rows),
        (8, 8),
        "the board stays 8x8"
    );
    let said = "Columns must be a whole number from 1 to 400 (got \"401\")";
    assert!(
        matches!(&k.hold, Some(AppError::Input(m)) if m == said),
        "{:?}",
        k.hold
    );
    assert_eq!(
        h.query_all_by_label(said).count(),
        1,
        "said under the field"
    );
    // Run is disabled, the reason its hover text; R does not run either.
    assert!(is_disabled(&h, "▶ Run"));
    h.get_by_label("▶ Run").hover();
    h.run();
    assert_eq!(
        h.query_all_by_label(said).count(),
        2,
        "and on Run's hover text"
    );
    h.key_press(egui::Key::R);
    h.run();
    assert!(!h.state().knight().is_running());
    // Mended, it applies.
    enter_text(&mut h, "Columns", "10");
    assert_eq!(h.state().knight().settings.cols, 10);
    assert!(!is_disabled(&h, "▶ Run"));
}

#[test]
fn a_parameter_takes_effect_on_enter_and_a_bad_one_holds_the_run() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "warnsdorff".parse().unwrap();
    h.run();
    type_keys(&mut h, "attempts", "x", |_, _| {});
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(is_disabled(&h, "▶ Run"));
    let hold = h.state().knight().hold.clone().expect("held").to_string();
    assert!(hold.contains("attempts"), "{hold}");
    assert!(
        h.state().knight().settings.params.is_empty(),
        "nothing applied"
    );
    type_keys(&mut h, "attempts", "5", |h, _| {
        assert!(is_disabled(h, "▶ Run"));
    });
    assert!(
        h.state().knight().settings.params.is_empty(),
        "not before Enter"
    );
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(
        h.state()
            .knight()
            .settings
            .params
            .get("warnsdorff.attempts")
            .map(String::as_str),
        Some("5")
    );
    assert!(!is_disabled(&h, "▶ Run"));
}

#[test]
fn stop_during_a_long_count_ends_the_run_promptly() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "count".parse().unwrap();
    h.state_mut().knight_mut().settings.time_limit_s = 600.0;
    h.run();
    h.get_by_label("▶ Run").click();
    for _ in 0..20 {
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    assert!(
        h.state().knight().is_running(),
        "counting 8x8 takes far longer than this"
    );
    let t = Instant::now();
    h.get_by_label("■ Stop").click();
    // The count stops within 100 ms and still says how far it got.
    until_stopped(&mut h);
    assert!(!h.state().knight().is_running());
    // The worker itself ends promptly too.
    while h.state_mut().knight_mut().has_stopping_runs() && t.elapsed() < Duration::from_secs(2) {
        std::thread::sleep(Duration::from_millis(1));
        h.step();
    }
    assert!(
        !h.state_mut().knight_mut().has_stopping_runs(),
        "the count did not stop"
    );
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "{:?}",
        t.elapsed()
    );
    h.get_by_label_contains("cancelled");
}

#[test]
fn a_corrupt_saved_state_is_ignored_with_a_message() {
    let app = SearchLabApp::from_saved(Some("(version: 1, dark: tru"));
    assert!(
        app.notice
            .as_deref()
            .unwrap_or("")
            .contains("could not be read")
    );
    assert_eq!(app.knight().settings.cols, 8);
    let old = SearchLabApp::from_saved(Some("(version: 0, dark: true, knight: ())"));
    assert!(old.notice.is_some());
    // A good state round-trips.
    let mut app = SearchLabApp::from_saved(None);
    app.knight_mut().settings.cols = 6;
    app.knight_mut().settings.start = (1, 2);
    let text = ron::to_string(&app.saved_state()).unwrap();
    let back = SearchLabApp::from_saved(Some(&text));
    assert!(back.notice.is_none());
    assert_eq!(back.saved_state(), app.saved_state());
}

// ---- Snapshots (rendered with wgpu on the CPU; also the README's screenshots) ----------

#[test]
fn the_keyboard_runs_stops_and_steps() {
    use egui::Key;
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "count".parse().unwrap();
    h.run();
    // R runs, Esc stops the computation and says so.
    h.key_press(Key::R);
    h.step();
    assert!(h.state().knight().is_running());
    h.key_press(Key::Escape);
    until_stopped(&mut h);
    assert!(!h.state().knight().is_running());
    h.get_by_label_contains("cancelled");

    // A tour on 5x5: R, then Space pauses the animation, arrows step it.
    h.state_mut().knight_mut().settings.algorithm = "backtrack-warnsdorff".parse().unwrap();
    h.get_by_label("5×5").click();
    h.run();
    h.key_press(Key::R);
    step_until_idle(&mut h, Duration::from_secs(10));
    let tour_len = h.state().knight().displayed_tour().expect("a tour").len();
    assert_eq!(tour_len, 25);
    let (_, playing) = h.state().knight().animation();
    assert!(playing, "a found tour starts playing");
    h.key_press(Key::Space);
    h.step();
    let (shown, playing) = h.state().knight().animation();
    assert!(!playing, "Space paused it");
    h.key_press(Key::ArrowRight);
    h.step();
    assert_eq!(h.state().knight().animation().0, (shown + 1).min(tour_len));
    for _ in 0..30 {
        h.key_press(Key::ArrowLeft);
    }
    h.step();
    assert_eq!(
        h.state().knight().animation(),
        (1, false),
        "stops at the first square"
    );
    // Typing into a text field is not a shortcut.
    set_text(&mut h, "Seed", "7");
    assert!(!h.state().knight().is_running());
    assert_eq!(h.state().knight().settings.seed, 7);
}

/// Whether wgpu finds an adapter here (kittest panics when it does not). Probed once.
fn renderer_available() -> Result<(), String> {
    static PROBE: std::sync::OnceLock<Result<(), String>> = std::sync::OnceLock::new();
    PROBE
        .get_or_init(|| {
            let probe = std::panic::catch_unwind(|| {
                Harness::new_ui(|ui| {
                    ui.label("probe");
                })
                .render()
                .map(|_| ())
            });
            match probe {
                Ok(result) => result,
                Err(panic) => Err(panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| {
                        panic
                            .downcast_ref::<&str>()
                            .map(std::string::ToString::to_string)
                    })
                    .unwrap_or_else(|| "the renderer could not be created".into())),
            }
        })
        .clone()
}

/// Takes a snapshot, or says plainly that there is no renderer here. Under `CI=true` a
/// missing renderer is a failure: `.ci/run` installs one.
fn snapshot(h: &mut Harness<'_, SearchLabApp>, name: &str) {
    if let Err(err) = renderer_available() {
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("snapshot {name}: no renderer under CI=true ({err})");
        }
        // Straight to the process's stderr: libtest captures what passing tests print.
        let message = format!(
            "SKIPPED snapshot {name}: no renderer on this machine ({err}); install mesa-vulkan-drivers to run it\n"
        );
        use std::io::Write;
        match std::fs::OpenOptions::new().write(true).open("/dev/stderr") {
            Ok(mut stderr) => {
                let _ = stderr.write_all(message.as_bytes());
            }
            Err(_) => eprint!("{message}"),
        }
        return;
    }
    // Timings differ from run to run; the pointer is not part of the picture. The panels
    // start again from their default widths for the picture, and the plots from a fresh
    // memory: a plot sizes its axes by what it drew the frame before, so one cut by the
    // window's edge would otherwise look as the run's frames happened to leave it.
    h.state_mut().set_hide_timings(true);
    h.remove_cursor();
    h.ctx.data_mut(|d| {
        d.remove_by_type::<egui::containers::panel::PanelState>();
        d.remove_by_type::<egui_plot::PlotMemory>();
    });
    h.run_steps(2);
    // The software rasteriser anti-aliases a thin mark a shade apart from one machine to
    // the next (up to 9 pixels of a picture seen here); a changed word or mark is hundreds.
    let options = egui_kittest::SnapshotOptions::new()
        .output_path("screenshots")
        .max_failed_pixels(16);
    if let Err(e) = h.try_snapshot_options(name, &options) {
        panic!("snapshot {name}: {e}");
    }
}

/// Steps the app until the knight's run has ended, for at most half a second: a run told
/// to stop ends at its next look at the cancel flag, and its last report is read.
fn until_stopped(h: &mut Harness<'_, SearchLabApp>) {
    let t = Instant::now();
    h.step();
    while h.state().knight().is_running() && t.elapsed() < Duration::from_millis(500) {
        std::thread::sleep(Duration::from_millis(1));
        h.step();
    }
}

fn run_to_end(h: &mut Harness<'_, SearchLabApp>) {
    h.get_by_label("▶ Run").click();
    step_until_idle(h, Duration::from_secs(10));
}

#[test]
fn snapshot_main_screen_8x8() {
    let mut h = harness();
    h.run();
    snapshot(&mut h, "main_8x8");
}

#[test]
fn snapshot_finished_tour_and_mid_animation() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.start = (0, 0);
    h.state_mut().knight_mut().settings.speed = searchlab::app::knight::INSTANT;
    h.run();
    run_to_end(&mut h);
    h.run_steps(3);
    snapshot(&mut h, "finished_tour_8x8");

    h.state_mut().knight_mut().show_moves(24);
    h.state_mut().knight_mut().settings.show_degrees = true;
    h.run_steps(2);
    snapshot(&mut h, "mid_animation_8x8");
}

#[test]
fn level4_plots_its_generations_and_shows_its_tour() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "level4".parse().unwrap();
    h.run();
    h.get_by_label("6×6").click();
    h.run();
    h.get_by_label("▶ Run").click();
    step_until_idle(&mut h, Duration::from_secs(30));
    let tour = h
        .state()
        .knight()
        .displayed_tour()
        .expect("level 4 tours 6x6")
        .to_vec();
    Board::new(6, 6)
        .unwrap()
        .validate_tour(&tour, false)
        .unwrap();
    let history = h.state().knight().history();
    assert!(!history.is_empty(), "every generation reaches the plot");
    assert_eq!(history[0].generation, 1);
    assert!(
        history
            .iter()
            .all(|g| g.worst <= g.mean && g.mean <= g.best)
    );
    h.get_by_label_contains("Fitness per generation");
    h.get_by_label("Show belief space");
}

#[test]
fn snapshot_level3_fitness_plot_and_belief_space() {
    // Level 3 as the Cultural Algorithm guide prints it: 100 generations, the best path,
    // the fitness curves and what the belief space learned.
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "level3".parse().unwrap();
    h.state_mut().knight_mut().settings.speed = searchlab::app::knight::INSTANT;
    h.run();
    run_to_end(&mut h);
    h.run_steps(3);
    assert_eq!(h.state().knight().history().len(), 100);
    snapshot(&mut h, "level3_plot_8x8");
}

/// The app on the N-Queens tab with `n` typed into its field.
fn queens_harness(n: &str) -> Harness<'static, SearchLabApp> {
    let mut h = harness();
    h.run();
    h.get_by_label("N-Queens").click();
    h.run();
    enter_text(&mut h, "Queens (n)", n);
    h
}

#[test]
fn the_queens_tab_runs_all_four_and_times_each() {
    let mut h = queens_harness("8");
    assert_eq!(h.state().queens().settings.n, 8);
    h.get_by_label("Run all four").click();
    step_until_idle(&mut h, Duration::from_secs(60));
    h.run();
    let results = h.state().queens().results().to_vec();
    let ids: Vec<&str> = results.iter().map(|r| r.algorithm.id()).collect();
    assert_eq!(
        ids,
        ["backtracking", "best-first", "hill-climbing", "cultural"]
    );
    for r in &results {
        let rep = r.outcome.as_ref().expect("every algorithm runs");
        if rep.found {
            assert_eq!(validate(8, &rep.rows), Ok(()), "{}", r.algorithm);
        }
        assert!(rep.elapsed_ms > 0.0);
    }
    // Backtracking's first solution in row order, on the board until the next run.
    assert!(results[0].outcome.as_ref().unwrap().found);
    assert_eq!(
        results[0].outcome.as_ref().unwrap().rows,
        [0, 4, 7, 5, 2, 6, 1, 3]
    );
    // The last run's placement is the one on the board, and each algorithm has a row.
    let last = results[3].outcome.as_ref().unwrap();
    assert_eq!(h.state().queens().placement(), &last.rows[..]);
    for name in ["Backtracking", "Best-first", "Hill climbing", "Cultural"] {
        assert!(
            h.query_all_by_label(name).count() >= 1,
            "{name} in the table"
        );
    }
}

#[test]
fn bad_n_is_refused_with_a_message() {
    let mut h = queens_harness("12");
    assert_eq!(h.state().queens().settings.n, 12);
    for bad in ["0", "20000000", "x"] {
        enter_text(&mut h, "Queens (n)", bad);
        let q = &h.state().queens();
        assert_eq!(q.settings.n, 12, "{bad} was refused");
        let e = q.hold.clone().expect("an inline message").to_string();
        assert!(e.contains("from 1 to 10000000"), "{e}");
        h.get_by_label_contains("n must be a whole number");
        // Every button that would start work with n waits.
        for button in ["▶ Run", "Run all four", "Count all solutions"] {
            assert!(is_disabled(&h, button), "{button} with n = {bad:?}");
        }
    }
    // Typed, not applied: still 12, and the buttons still wait.
    type_keys(&mut h, "Queens (n)", "10", |h, _| {
        assert_eq!(h.state().queens().settings.n, 12);
        assert!(is_disabled(h, "Count all solutions"));
    });
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(h.state().queens().settings.n, 10);
    for button in ["▶ Run", "Run all four", "Count all solutions"] {
        assert!(!is_disabled(&h, button), "{button}");
    }
}

#[test]
fn a_run_stopped_by_hand_shows_its_best_placement_as_the_command_line_does() {
    // Best-first on 1000 queens spends seconds on its first expansion; Stop ends it within
    // 100 ms, with the placement it holds and its attacking pairs, not an empty board.
    let mut h = queens_harness("1000");
    h.state_mut().queens_mut().settings.algorithm = "best-first".parse().unwrap();
    h.run();
    h.get_by_label("▶ Run").click();
    for _ in 0..20 {
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    assert!(h.state().is_running());
    let t = Instant::now();
    h.get_by_label("■ Stop").click();
    step_until_idle(&mut h, Duration::from_secs(1));
    assert!(
        t.elapsed() < Duration::from_millis(600),
        "{:?}",
        t.elapsed()
    );
    h.run();
    let placement = h.state().queens().placement().to_vec();
    assert_eq!(placement.len(), 1000, "the board shows the placement held");
    h.get_by_label("1000 of 1000");
    h.get_by_label_contains("cancelled: no solution found");
    let pairs = searchlab::puzzle::queens::conflicts(&placement);
    assert!(pairs > 0);
    h.get_by_label(&pairs.to_string());
}

#[test]
fn the_last_run_on_show_goes_with_a_reset_and_a_new_board() {
    for clear in ["Reset", "6×6"] {
        let mut h = harness();
        h.state_mut().knight_mut().settings.speed = searchlab::app::knight::INSTANT;
        h.state_mut().knight_mut().settings.algorithm = "warnsdorff".parse().unwrap();
        h.run();
        run_to_end(&mut h);
        // Another algorithm chosen: the board still shows Warnsdorff's tour, and says so.
        h.state_mut().knight_mut().settings.algorithm = "backtrack".parse().unwrap();
        h.run_steps(2);
        h.get_by_label_contains("On show: the last run, by Warnsdorff");
        h.get_by_label(clear).click();
        h.run_steps(2);
        assert!(
            h.query_by_label_contains("On show: the last run").is_none(),
            "after {clear} the board is empty, and no run is on show"
        );
    }
}

#[test]
fn counting_from_step_by_step_shows_the_count() {
    let mut h = queens_harness("8");
    h.state_mut().queens_mut().settings.algorithm = "backtracking".parse().unwrap();
    h.run();
    h.get_by_label("Step by step").click();
    step_until_traced(&mut h);
    assert_eq!(h.state().queens().mode(), Mode::Steps);
    h.get_by_label("Count all solutions").click();
    step_until_idle(&mut h, Duration::from_secs(10));
    h.run();
    h.get_by_label_contains("92 solutions");
    assert!(
        h.state().queens().mode() == Mode::Run,
        "the count is shown, not the trace"
    );
}

#[test]
fn annealing_plots_every_proposal_by_its_range() {
    // On 4 queens annealing solves in a few proposals, often climbing first: the plot has
    // a point a proposal (the range of each is its one value), not two samples.
    let mut h = queens_harness("4");
    h.state_mut().queens_mut().settings.algorithm = "annealing".parse().unwrap();
    h.run();
    h.get_by_label("▶ Run").click();
    step_until_idle(&mut h, Duration::from_secs(10));
    h.run();
    let q = &h.state().queens();
    let rep = q.results()[0].outcome.as_ref().unwrap();
    let proposals = rep.counters.nodes;
    let history = q.history();
    assert_eq!(history[0].generation, 0, "the start is on the plot");
    assert_eq!(history.last().unwrap().generation, proposals);
    if proposals <= 512 {
        assert_eq!(history.len() as u64, proposals + 1, "a point a proposal");
    } else {
        assert!(history.len() > 512, "a point a proposal for the first 512");
    }
    h.get_by_label_contains("Attacking pairs per proposal");
}

#[test]
fn hill_climbing_plots_its_conflicts_per_step() {
    let mut h = queens_harness("20");
    h.state_mut().queens_mut().settings.algorithm = "hill-climbing".parse().unwrap();
    h.run();
    h.get_by_label("▶ Run").click();
    step_until_idle(&mut h, Duration::from_secs(30));
    h.run();
    let q = &h.state().queens();
    let rep = q.results()[0].outcome.as_ref().unwrap();
    assert!(rep.found, "{}", rep.message);
    assert_eq!(validate(20, q.placement()), Ok(()));
    let history = q.history();
    assert_eq!(history[0].generation, 1);
    // Steepest descent: every step within a descent lowers the conflicts; the last is 0.
    assert_eq!(history.last().unwrap().best, 0.0);
    h.get_by_label_contains("Heuristic (h1) per step");
    h.get_by_label_contains("placed 20 queens, none attacking another");
}

#[test]
fn two_queens_have_no_solution_and_eight_have_92() {
    let mut h = queens_harness("2");
    h.state_mut().queens_mut().settings.algorithm = "backtracking".parse().unwrap();
    h.run();
    h.get_by_label("▶ Run").click();
    step_until_idle(&mut h, Duration::from_secs(10));
    let said = h.state().queens().status_message();
    assert!(
        said.as_deref()
            .is_some_and(|m| m.contains("no solution exists for n = 2")),
        "{said:?}"
    );
    h.get_by_label_contains("no solution exists for n = 2");

    enter_text(&mut h, "Queens (n)", "8");
    h.get_by_label("Count all solutions").click();
    step_until_idle(&mut h, Duration::from_secs(10));
    h.get_by_label_contains("92 solutions (12 up to rotation and reflection)");
}

#[test]
fn a_million_queens_by_min_conflicts_show_as_a_density_view() {
    let mut h = queens_harness("1000000");
    h.state_mut().queens_mut().settings.algorithm = "min-conflicts".parse().unwrap();
    h.run();
    h.get_by_label("▶ Run").click();
    step_until_idle(&mut h, Duration::from_secs(60));
    h.run();
    let q = &h.state().queens();
    assert_eq!(q.placement().len(), 1_000_000);
    assert_eq!(validate(1_000_000, q.placement()), Ok(()));
    h.get_by_label("Queens board");
    snapshot(&mut h, "queens_million_density");
}

#[test]
fn snapshot_queens_all_four_8x8() {
    let mut h = queens_harness("8");
    h.get_by_label("Run all four").click();
    step_until_idle(&mut h, Duration::from_secs(60));
    h.run_steps(3);
    snapshot(&mut h, "queens_all_four_8x8");
}

#[test]
fn a_stuck_climb_shows_its_attacked_queens_and_whether_it_is_a_plateau() {
    // Seed 4 without restarts: steepest descent stops with 2 attacking pairs.
    let mut h = queens_harness("8");
    {
        let q = &mut h.state_mut().queens_mut().settings;
        q.algorithm = "hill-climbing".parse().unwrap();
        q.seed = 4;
        q.params
            .insert("hill-climbing.max_restarts".into(), "0".into());
    }
    h.run();
    h.get_by_label("▶ Run").click();
    step_until_idle(&mut h, Duration::from_secs(10));
    h.run_steps(3);
    let q = &h.state().queens();
    let rep = q.results()[0].outcome.as_ref().unwrap();
    assert!(!rep.found);
    assert_eq!(rep.conflicts, 2);
    assert_eq!(q.placement(), &rep.rows[..]);
    assert!(validate(8, q.placement()).is_err());
    // Where it stopped, by the rules, said in the statistics and under the landscape.
    let standing = Landscape::of(q.placement())
        .unwrap()
        .standing(q.placement());
    match standing {
        Standing::Plateau { .. } => {
            h.get_by_label_contains("stuck on a plateau");
            h.get_by_label_contains("A plateau: no move of one queen lowers the 2 attacking pairs");
        }
        Standing::LocalMinimum => {
            h.get_by_label_contains("stuck at a local minimum");
            h.get_by_label_contains(
                "A local minimum: every move of one queen raises the 2 attacking pairs",
            );
        }
        other => panic!("steepest descent stopped with moves down: {other:?}"),
    }
    h.get_by_label_contains("2 attacking pairs left");
    snapshot(&mut h, "queens_local_minimum_8x8");
}

/// Every tab the registry makes (a puzzle's, Compare, Experiments) has its view in the
/// shell, in the tab strip's order: a puzzle added to the registry without its tab's line
/// in `SearchLabApp::views()` fails here.
#[test]
fn every_tab_has_its_view() {
    let app = SearchLabApp::from_saved(None);
    let shown: Vec<searchlab::app::Tab> = app.views().iter().map(|(t, _)| *t).collect();
    let all: Vec<searchlab::app::Tab> = searchlab::app::Tab::all().collect();
    assert_eq!(
        shown, all,
        "SearchLabApp::views() must list a view for each tab"
    );
}

#[test]
fn the_queens_settings_and_the_tab_are_saved_and_restored() {
    let mut app = SearchLabApp::from_saved(None);
    app.tab = searchlab::app::Tab::Puzzle(searchlab::run::queens::PUZZLE);
    app.queens_mut().settings.n = 20;
    app.queens_mut().settings.algorithm = "cultural".parse().unwrap();
    app.queens_mut().settings.heuristic = searchlab::puzzle::queens::Heuristic::H2;
    app.queens_mut()
        .settings
        .params
        .insert("cultural.population".into(), "50".into());
    let text = ron::to_string(&app.saved_state()).unwrap();
    let back = SearchLabApp::from_saved(Some(&text));
    assert!(back.notice.is_none(), "{:?} reading {text}", back.notice);
    assert_eq!(
        back.tab,
        searchlab::app::Tab::Puzzle(searchlab::run::queens::PUZZLE)
    );
    assert_eq!(back.saved_state(), app.saved_state());
    // The tab is saved by its name, as it always was, and read back from it.
    assert!(text.contains("tab:Queens"), "{text}");
    for (name, tab) in [
        (
            "Magic",
            searchlab::app::Tab::Puzzle(searchlab::run::magic::PUZZLE),
        ),
        ("Compare", searchlab::app::Tab::Compare),
        ("Experiments", searchlab::app::Tab::Experiments),
    ] {
        let saved =
            SearchLabApp::from_saved(Some(&format!("(version: 1, knight: (), tab: {name})")));
        assert_eq!(saved.tab, tab, "{:?}", saved.notice);
    }
    let unknown = SearchLabApp::from_saved(Some("(version: 1, knight: (), tab: Rooks)"));
    assert!(unknown.notice.is_some());
    // A state saved before the N-Queens tab existed still loads, on the knight's tab.
    let before = SearchLabApp::from_saved(Some("(version: 1, dark: false, knight: (cols: 6))"));
    assert!(before.notice.is_none(), "{:?}", before.notice);
    assert_eq!(before.knight().settings.cols, 6);
    assert_eq!(
        before.tab,
        searchlab::app::Tab::Puzzle(searchlab::run::knight::PUZZLE)
    );
    assert_eq!(before.queens().settings.n, 8);
    // A saved n out of range falls back to the default.
    let odd = ron::to_string(&app.saved_state()).unwrap();
    assert!(odd.contains("n:20"), "{odd}");
    let back = SearchLabApp::from_saved(Some(&odd.replace("n:20", "n:0")));
    assert_eq!(back.queens().settings.n, 8);
    // So does an algorithm the form does not know (a later version's, or edited), the
    // rest of the state kept.
    assert!(odd.contains("\"cultural\""), "{odd}");
    let unknown = SearchLabApp::from_saved(Some(&odd.replace("\"cultural\"", "\"bogo\"")));
    assert!(unknown.notice.is_none(), "{:?}", unknown.notice);
    let default = searchlab::app::queens::QueensSettings::default().algorithm;
    assert_eq!(unknown.queens().settings.algorithm, default);
    assert_eq!(unknown.queens().settings.n, 20);
    // The heuristic is saved by its name, as it was when it was text, and one the form
    // does not know reads as h1; so are the experiments' algorithms and heuristic.
    use searchlab::puzzle::queens::Heuristic;
    assert!(odd.contains("heuristic:\"h2\""), "{odd}");
    let unknown = SearchLabApp::from_saved(Some(&odd.replace("\"h2\"", "\"h9\"")));
    assert!(unknown.notice.is_none(), "{:?}", unknown.notice);
    assert_eq!(unknown.queens().settings.heuristic, Heuristic::H1);
    assert_eq!(unknown.queens().settings.n, 20);
    let experiments = "(version: 1, experiments: (algorithm: \"warnsdorff\", \
        squares_algorithm: \"ga-repair\", heuristic: \"h3\", trials: 7))";
    let read = SearchLabApp::from_saved(Some(experiments))
        .experiments
        .settings;
    assert_eq!(read.algorithm, "warnsdorff".parse().unwrap());
    assert_eq!(read.squares_algorithm, "ga-repair".parse().unwrap());
    assert_eq!((read.heuristic, read.trials), (Heuristic::H3, 7));
    // A sweep GA that is no GA, or no algorithm at all, reads as the defaults.
    let odd = experiments
        .replace("\"warnsdorff\"", "\"bogo\"")
        .replace("ga-repair", "warnsdorff");
    let read = SearchLabApp::from_saved(Some(&odd)).experiments.settings;
    let default = searchlab::app::experiments::ExperimentSettings::default();
    assert_eq!(read.algorithm, default.algorithm);
    assert_eq!(read.squares_algorithm, default.squares_algorithm);
    assert_eq!(read.trials, 7);
}

/// The app on the magic-square tab.
fn magic_harness() -> Harness<'static, SearchLabApp> {
    let mut h = harness();
    h.run();
    h.get_by_label("Magic squares").click();
    h.run();
    h
}

#[test]
fn the_magic_tab_finds_all_eight_and_shows_the_one_clicked() {
    let mut h = magic_harness();
    {
        let m = &mut h.state_mut().magic_mut().settings;
        m.params.insert("ga.target".into(), "8".into());
    }
    h.run();
    h.get_by_label("▶ Run").click();
    step_until_idle(&mut h, Duration::from_secs(30));
    h.run();
    let report = h.state().magic().report().unwrap().clone().unwrap();
    assert!(report.found, "{}", report.message);
    assert_eq!(report.squares.len(), 8);
    let label = format!("square 3 — generation {}", report.squares[2].1);
    h.get_by_label(&label).click();
    h.run();
    assert_eq!(h.state().magic().square(), &report.squares[2].0[..]);
    assert_eq!(
        searchlab::puzzle::magic::validate(3, h.state().magic().square()),
        Ok(())
    );
    assert!(!h.state().magic().history().is_empty());
    h.get_by_label_contains("Fitness per generation");
    snapshot(&mut h, "magic_ga_3x3");
}

#[test]
fn an_order_typed_digit_by_digit_shows_no_constant_of_another_order() {
    let mut h = magic_harness();
    h.get_by_label_contains("Every line must add up to 15");
    // 1001 passes through 1, 10 and 100 as text only.
    type_keys(&mut h, "Order", "1001", |h, typed| {
        assert_eq!(h.state().magic().settings.order, 3, "after {typed:?}");
        h.get_by_label_contains("Every line must add up to 15");
        assert!(is_disabled(h, "▶ Run"));
    });
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(h.state().magic().settings.order, 3);
    h.get_by_label_contains("The order must be a whole number from 1 to 1000 (got \"1001\")");
    assert!(is_disabled(&h, "▶ Run"));
}

#[test]
fn a_bad_order_is_refused_and_a_large_one_is_constructed() {
    let mut h = magic_harness();
    enter_text(&mut h, "Order", "0");
    assert_eq!(h.state().magic().settings.order, 3);
    h.get_by_label_contains("The order must be a whole number from 1 to 1000");
    enter_text(&mut h, "Order", "10");
    assert_eq!(h.state().magic().settings.order, 10);
    h.state_mut().magic_mut().settings.algorithm = "construct".parse().unwrap();
    h.run();
    h.get_by_label("▶ Run").click();
    step_until_idle(&mut h, Duration::from_secs(10));
    assert_eq!(
        searchlab::puzzle::magic::validate(10, h.state().magic().square()),
        Ok(())
    );
    h.get_by_label_contains("LUX method");
}

#[test]
fn snapshot_magic_ga_4x4_short_of_magic() {
    // Order 4 in 2,000 generations: the best square's wrong sums show in colour.
    let mut h = magic_harness();
    enter_text(&mut h, "Order", "4");
    h.state_mut()
        .magic_mut()
        .settings
        .params
        .insert("ga.generations".into(), "2000".into());
    h.run();
    h.get_by_label("▶ Run").click();
    step_until_idle(&mut h, Duration::from_secs(30));
    h.run_steps(3);
    let report = h.state().magic().report().unwrap().clone().unwrap();
    assert_eq!(h.state().magic().square(), &report.best[..]);
    snapshot(&mut h, "magic_ga_4x4");
}

// ---- Compare, runs as files, help -----------------------------------------------------

/// The app on the Compare tab.
fn compare_harness() -> Harness<'static, SearchLabApp> {
    let mut h = harness();
    h.run();
    h.get_by_label("Compare").click();
    h.run();
    h
}

#[test]
fn compare_runs_two_knight_algorithms_and_shows_both_results() {
    let mut h = compare_harness();
    enter_text(&mut h, "Trials", "3");
    h.get_by_label("▶ Run all").click();
    step_until_idle(&mut h, Duration::from_secs(30));
    let board = Board::new(8, 8).unwrap();
    let lanes = h.state().compare.lanes();
    let names: Vec<&str> = lanes
        .iter()
        .map(searchlab::app::compare::Lane::id)
        .collect();
    assert_eq!(names, ["warnsdorff", "backtrack-warnsdorff"]);
    for l in lanes {
        assert_eq!(l.found, Some(true), "{}: {}", l.id(), l.message);
        assert_eq!(board.validate_tour(&l.answer, false), Ok(()));
        assert_eq!(l.answer[0], 0, "both start on the chosen square");
        assert_eq!(l.trials.len(), 3, "three trials each: {:?}", l.error);
    }
    // One board per algorithm, its name above it, and a row each in the table.
    assert_eq!(h.query_all_by_label("Chessboard").count(), 2);
    h.get_by_label("✔ Warnsdorff");
    h.get_by_label("✔ Backtracking + Warnsdorff");
    let csv = h.state().compare.table_csv();
    assert_eq!(csv.lines().count(), 3, "{csv}");
    assert!(
        csv.lines()
            .nth(1)
            .unwrap()
            .contains(",warnsdorff,,3,3,1.0000,"),
        "{csv}"
    );
    // The run-time distribution: every trial found its tour, and three trials cannot rule
    // out a rate as low as 0.025^(1/3) = 29.2 % (Clopper–Pearson's exact interval).
    h.get_by_label("Solved within");
    let every = "solved 100 % of 3 trials (95 % interval 29.2–100 %, exact)";
    assert_eq!(h.query_all_by_label_contains(every).count(), 2);
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let warnsdorff: Vec<&str> = csv.lines().nth(1).unwrap().split(',').collect();
    let column = |name: &str| warnsdorff[header.iter().position(|h| *h == name).unwrap()];
    assert_eq!(column("success_rate_low"), "0.2924", "{csv}");
    assert_eq!(column("success_rate_high"), "1.0000", "{csv}");

    // One timeline for both: Space pauses, → steps every board at once.
    let end = h.state().compare.timeline_len();
    assert_eq!(end, 64);
    h.key_press(egui::Key::Space);
    h.step();
    let at = h.state().compare.shown;
    h.key_press(egui::Key::ArrowRight);
    h.step();
    assert_eq!(h.state().compare.shown, (at + 1).min(end));
    h.state_mut().compare.shown = end;
    snapshot(&mut h, "compare_knight_8x8");

    // A click on a board picks the next start square.
    let rect = h.query_all_by_label("Chessboard").next().unwrap().rect();
    let cell = rect.width() / 8.0;
    click_at(&mut h, rect.min + Vec2::new(2.5 * cell, 5.5 * cell));
    assert_eq!(
        h.state()
            .compare
            .settings
            .get::<searchlab::app::puzzles::knight::KnightInstance>()
            .unwrap()
            .start,
        (5, 2)
    );
}

#[test]
fn snapshot_compare_a_search_and_an_evolutionary_algorithm() {
    let mut h = compare_harness();
    h.get_by_label("Cultural GA (level 3)").click();
    h.run();
    enter_text(&mut h, "Trials", "4");
    h.get_by_label("▶ Run all").click();
    step_until_idle(&mut h, Duration::from_secs(60));
    let lanes = h.state().compare.lanes();
    assert_eq!(lanes.len(), 3);
    let level3 = &lanes[2];
    assert_eq!(level3.id(), "level3");
    assert_eq!(
        level3.history().points().len(),
        100,
        "level 3 plots its 100 generations"
    );
    let board = Board::new(8, 8).unwrap();
    for l in lanes {
        assert_eq!(l.trials.len(), 4);
        if l.found == Some(true) {
            assert_eq!(board.validate_tour(&l.answer, false), Ok(()));
        }
    }
    h.get_by_label_contains("best fitness per generation");
    let end = h.state().compare.timeline_len();
    h.state_mut().compare.shown = end * 2 / 3;
    h.state_mut().compare.playing = false;
    snapshot(&mut h, "compare_three_knight_8x8");
}

#[test]
fn compare_queens_and_magic_answers_are_valid() {
    let mut h = compare_harness();
    h.state_mut().compare.settings.speed = searchlab::app::knight::INSTANT;
    h.get_by_label("Queens").click();
    h.run();
    // Choose two by hand: Backtracking off, Min-conflicts on (Hill climbing stays).
    h.get_by_label("Backtracking").click();
    h.run();
    h.get_by_label("Min-conflicts").click();
    h.run();
    // Hill climbing with the heuristic chosen on the N-Queens tab.
    h.state_mut().queens_mut().settings.heuristic = searchlab::puzzle::queens::Heuristic::H3;
    h.get_by_label("Parameters from the puzzle's tab").click();
    h.run();
    enter_text(&mut h, "Queens (n)", "10");
    enter_text(&mut h, "Trials", "2");
    h.get_by_label("▶ Run all").click();
    step_until_idle(&mut h, Duration::from_secs(60));
    h.run();
    assert_eq!(
        h.state().compare.settings.puzzle,
        searchlab::run::queens::PUZZLE
    );
    let names: Vec<&str> = (h.state().compare.lanes().iter())
        .map(searchlab::app::compare::Lane::id)
        .collect();
    assert_eq!(names, ["hill-climbing", "min-conflicts"]);
    let hill = &h.state().compare.lanes()[0];
    assert!(
        hill.params
            .contains(&("heuristic".to_string(), "h3".to_string())),
        "{:?}",
        hill.params
    );
    assert!(
        h.state()
            .compare
            .table_csv()
            .contains(",hill-climbing,heuristic=h3,")
    );
    for l in h.state().compare.lanes() {
        assert_eq!(l.found, Some(true), "{}: {}", l.id(), l.message);
        assert_eq!(validate(10, &l.answer), Ok(()));
        assert_eq!(l.trials.len(), 2);
    }
    // The table's CSV carries the distribution against steps: with two trials solved, the
    // fewest steps by which half of them had solved is the smaller of their steps.
    let csv = h.state().compare.table_csv();
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let at = (reader.headers().unwrap().iter())
        .position(|c| c == "median_solve_steps")
        .expect("a median_solve_steps column");
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let column = |name: &str| {
        let mut reader = csv::Reader::from_reader(csv.as_bytes());
        (reader.headers().unwrap().iter())
            .position(|c| c == name)
            .unwrap_or_else(|| panic!("a {name} column"))
    };
    let (cutoff, expected) = (
        column("restart_cutoff_steps"),
        column("restart_expected_steps"),
    );
    for (l, r) in h.state().compare.lanes().iter().zip(&records) {
        let fewest = l.trials.iter().map(|t| t.steps).min().unwrap();
        assert_eq!(r[at].parse::<u64>().unwrap(), fewest, "{}", l.id());
        // Restarting at a: each try costs a and half of them solve, 2a a solution; at b:
        // every try solves, (a + b) / 2 on average. The cut-off is the cheaper.
        let (a, b) = (
            fewest as f64,
            l.trials.iter().map(|t| t.steps).max().unwrap() as f64,
        );
        let best = if a < b {
            (2.0 * a).min(f64::midpoint(a, b))
        } else {
            a
        };
        let said: f64 = r[expected].parse().unwrap();
        assert!(
            (said - best).abs() < 0.1,
            "{}: {said} against {best}",
            l.id()
        );
        let at_cut: f64 = r[cutoff].parse().unwrap();
        assert!(at_cut == a || at_cut == b, "{}: cut at {at_cut}", l.id());
    }
    assert_eq!(h.query_all_by_label("Queens board").count(), 2);

    h.get_by_label("Magic").click();
    h.run();
    h.get_by_label("▶ Run all").click();
    step_until_idle(&mut h, Duration::from_secs(60));
    h.run();
    let lanes = h.state().compare.lanes();
    assert_eq!(lanes.len(), 2);
    for l in lanes {
        assert_eq!(l.found, Some(true), "{}: {}", l.id(), l.message);
        assert_eq!(searchlab::puzzle::magic::validate(3, &l.answer), Ok(()));
    }
    // The GA plots its best fitness per generation.
    assert!(!lanes[0].history().points().is_empty());
}

#[test]
fn compare_refuses_a_bad_instance_and_no_algorithm_inline() {
    let mut h = compare_harness();
    enter_text(&mut h, "Columns", "0");
    assert_eq!(
        h.state()
            .compare
            .settings
            .get::<searchlab::app::puzzles::knight::KnightInstance>()
            .unwrap()
            .cols,
        8,
        "0 was refused"
    );
    h.get_by_label_contains("Columns must be a whole number from 1 to 64");
    assert!(is_disabled(&h, "▶ Run all"));
    h.get_by_label("▶ Run all").click();
    h.run();
    assert!(!h.state().compare.is_running());
    enter_text(&mut h, "Columns", "8");
    type_keys(&mut h, "Trials", "7", |h, _| {
        assert!(is_disabled(h, "▶ Run all"));
    });
    h.get_by_label_contains("Trials 7 is typed but not applied yet");
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(h.state().compare.settings.trials, 7);
    assert!(!is_disabled(&h, "▶ Run all"));
    h.state_mut().compare.settings.chosen_mut().clear();
    h.run();
    h.get_by_label_contains("choose at least one algorithm");
    assert!(is_disabled(&h, "▶ Run all"));
}

#[test]
fn help_opens_with_f1_and_question_mark_and_closes_with_esc() {
    let mut h = harness();
    h.run();
    assert!(h.query_by_label("Keyboard").is_none());
    h.key_press(egui::Key::F1);
    h.run();
    h.get_by_label("Keyboard");
    h.get_by_label_contains("pause or resume");
    snapshot(&mut h, "help_overlay");
    // Esc closes the help and does not reach the view.
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.query_by_label("Keyboard").is_none());
    h.key_press(egui::Key::Questionmark);
    h.run();
    h.get_by_label("Keyboard");
    h.get_by_label("Close").click();
    h.run();
    assert!(h.query_by_label("Keyboard").is_none());
}

#[test]
fn a_run_saved_in_the_app_opens_and_replays_to_the_same_answer() {
    let dir = std::env::temp_dir().join(format!("searchlab-app-runs-{}", std::process::id()));
    let path = dir.join("tour.ron");
    let mut h = harness();
    h.state_mut().files_dir = dir.clone();
    h.state_mut().knight_mut().settings.speed = searchlab::app::knight::INSTANT;
    h.get_by_label("5×5").click();
    h.run();
    run_to_end(&mut h);
    h.run();
    let tour = h
        .state()
        .knight()
        .displayed_tour()
        .expect("a tour")
        .to_vec();

    h.get_by_label("💾 Save run…").click();
    h.run();
    set_text(&mut h, "File", path.to_str().unwrap());
    h.get_by_label("Save").click();
    h.run();
    let file = searchlab::run::file::RunFile::load(&path).expect("the file was written");
    // A link or a device as the target: refused with the reason, left as it was.
    #[cfg(unix)]
    {
        let link = dir.join("link.ron");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&path, &link).unwrap();
        for (target, why) in [
            (link.to_str().unwrap(), "symbolic link"),
            ("/dev/null", "not a regular file"),
        ] {
            h.get_by_label("💾 Save run…").click();
            h.run();
            set_text(&mut h, "File", target);
            h.get_by_label("Save").click();
            h.run();
            h.get_by_label_contains(why);
            h.get_by_label("Cancel").click();
            h.run();
        }
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        std::fs::remove_file(&link).unwrap();
    }
    match &file.report {
        searchlab::run::Report::Knight(searchlab::run::KnightReport::Solve(r)) => {
            assert_eq!(r.path, tour);
        }
        other => panic!("{other:?}"),
    }

    // Another board in the form; opening the run puts its settings back and replays it.
    h.get_by_label("8×8").click();
    h.run();
    h.get_by_label("📂 Open run…").click();
    h.run();
    // The dialog lists the run files of the folder; a click picks one.
    h.get_by_label("tour.ron").click();
    h.run();
    h.get_by_label("Open").click();
    step_until_idle(&mut h, Duration::from_secs(10));
    h.run();
    assert_eq!(
        (
            h.state().knight().settings.cols,
            h.state().knight().settings.rows
        ),
        (5, 5)
    );
    assert_eq!(h.state().knight().displayed_tour(), Some(&tour[..]));
    h.get_by_label_contains("same answer as the saved run");

    // A damaged file: the dialog stays open and says why.
    std::fs::write(
        dir.join("bad.ron"),
        "(format: \"searchlab-run\", version: 1, job: Kn",
    )
    .unwrap();
    h.get_by_label("📂 Open run…").click();
    h.run();
    set_text(&mut h, "File", dir.join("bad.ron").to_str().unwrap());
    h.get_by_label("Open").click();
    step_until_idle(&mut h, Duration::from_secs(10));
    h.run();
    h.get_by_label_contains("the run file is damaged");
    // A pipe where a run file should be: refused at once, the window going on.
    #[cfg(unix)]
    {
        let fifo = dir.join("pipe.ron");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            set_text(&mut h, "File", fifo.to_str().unwrap());
            h.get_by_label("Open").click();
            step_until_idle(&mut h, Duration::from_secs(10));
            h.run();
            h.get_by_label_contains("not a regular file");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The app on the Experiments tab.
fn experiments_harness() -> Harness<'static, SearchLabApp> {
    let mut h = harness();
    h.run();
    h.get_by_label("Experiments").click();
    h.run();
    h
}

#[test]
fn a_start_square_sweep_draws_its_heat_map_with_304_tours_from_each_corner() {
    use searchlab::app::experiments::Outcome;
    let mut h = experiments_harness();
    h.get_by_label("Knight: tours from every square (Knight's Tour solver report)")
        .click();
    h.run();
    h.state_mut().experiments.settings.side = 5;
    h.run();
    h.get_by_label("▶ Run experiment").click();
    step_until_idle(&mut h, Duration::from_secs(60));
    h.run();
    let Some(Ok(Outcome::SquaresCount { side, rows })) = &h.state().experiments.outcome else {
        panic!(
            "no sweep: {:?}",
            h.state()
                .experiments
                .outcome
                .as_ref()
                .map(|o| o.as_ref().err())
        )
    };
    assert_eq!(*side, 5);
    assert_eq!(rows.len(), 25);
    // 1,728 open tours of 5x5 in all, 304 from each corner (the Knight's Tour solver
    // report; OEIS A165134 counts the undirected ones).
    assert_eq!(rows.iter().filter_map(|r| r.tours).sum::<u64>(), 1728);
    for corner in [0, 4, 20, 24] {
        assert_eq!(rows[corner].tours, Some(304));
    }
    h.get_by_label("Chessboard");
    h.get_by_label_contains("1728 tours in all");
    // The table as CSV (what Export writes): a header and a row per square.
    let csv = experiment_csv(&h);
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("calls,complete,elapsed_ms,start,stop,tours")
    );
    assert!(
        lines.next().unwrap().ends_with(",\"0,0\",exhausted,304"),
        "{csv}"
    );
    assert_eq!(csv.lines().count(), 26);
    // The other figures per square.
    h.get_by_label("recursive calls").click();
    h.run();
    snapshot(&mut h, "experiments_heat_map_5x5");
}

#[test]
fn a_sweep_shows_progress_and_stops_promptly_when_cancelled() {
    use searchlab::app::experiments::{Experiment, Outcome};
    let mut h = experiments_harness();
    // A start-square sweep: 100 GA runs from each of the 64 squares.
    h.get_by_label("Knight: GA from every square (Knight's Tour solver report)")
        .click();
    h.run();
    {
        let s = &mut h.state_mut().experiments.settings;
        assert_eq!(s.experiment, Experiment::SquaresGa);
        s.side = 8;
        s.runs = 100;
        s.time_limit_s = 30.0;
    }
    h.run();
    h.get_by_label("▶ Run experiment").click();
    h.step();
    assert!(h.state().experiments.is_running());
    let deadline = Instant::now() + Duration::from_secs(10);
    while h.state().experiments.progress().is_none_or(|p| p.0 == 0) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    let (done, total) = h.state().experiments.progress().unwrap();
    assert_eq!(total, 6400, "100 runs from each of 64 squares");
    assert!(done > 0 && done < total, "{done} / {total}");
    h.get_by_role(egui::accesskit::Role::ProgressIndicator);
    let stop_at = Instant::now();
    h.get_by_label("■ Stop").click();
    step_until_idle(&mut h, Duration::from_secs(10));
    assert!(!h.state().experiments.is_running());
    assert!(
        stop_at.elapsed() < Duration::from_secs(3),
        "stopped in {:?}",
        stop_at.elapsed()
    );
    h.run();
    let Some(Ok(Outcome::SquaresGa(table))) = &h.state().experiments.outcome else {
        panic!("the table of the trials that ran")
    };
    assert_eq!(table.rows.len(), 64);
    // Runs cut short are left out of every figure: squares not reached have none.
    assert!(table.rows.iter().any(|r| r.runs == 0), "{:?}", table.rows);
    assert!(table.rows.iter().all(|r| r.successes <= r.runs));
    h.get_by_label("Chessboard");
    h.get_by_label_contains("Stopped: squares the experiment did not finish have no figure (–)");
}

#[test]
fn board_size_scaling_plots_one_point_per_size() {
    use searchlab::app::experiments::{Experiment, Outcome};
    let mut h = experiments_harness();
    {
        let s = &mut h.state_mut().experiments.settings;
        s.experiment = Experiment::Sizes;
        s.algorithm = "warnsdorff".parse().unwrap();
        s.sizes = "5..8".into();
        s.trials = 4;
    }
    h.run();
    h.get_by_label("▶ Run experiment").click();
    step_until_idle(&mut h, Duration::from_secs(60));
    h.run();
    let Some(Ok(Outcome::Sizes(rows))) = &h.state().experiments.outcome else {
        panic!("no table")
    };
    let boards: Vec<&str> = rows.iter().map(|r| r.board.as_str()).collect();
    assert_eq!(boards, ["5x5", "6x6", "7x7", "8x8"]);
    // Warnsdorff from a corner: no tour on 5x5 is missed by its tie-breaking retries.
    assert!(rows.iter().all(|r| r.summary.trials == 4));
    h.get_by_label_contains("success rate (%) by board side");
    snapshot(&mut h, "experiments_sizes");

    // Bad sizes are refused inline, under their field, and hold the run back.
    set_text(&mut h, "Sizes", "5..x");
    h.get_by_label_contains("give FROM..TO");
    h.get_by_label("▶ Run experiment").click();
    h.run();
    assert!(
        h.state().experiments.progress().is_none(),
        "no run with bad sizes"
    );
    // Sizes typed and applied with Enter are the experiment's, typed: a list of numbers.
    enter_text(&mut h, "Sizes", "6, 8");
    let sizes = &h.state().experiments.settings.sizes;
    assert_eq!(sizes.0, [6, 8]);
    // Saved as the text typed, which reads back as the same sizes.
    let text = ron::to_string(&h.state().experiments.settings).unwrap();
    assert!(text.contains("sizes:\"6,8\""), "{text}");
    // A saved list that does not read leaves the field empty, and the form asks for sizes.
    h.state_mut().experiments.settings.sizes = "5..x".into();
    h.run();
    h.get_by_label_contains("no sizes: give FROM..TO");
}

#[test]
fn the_course_comparison_tables_plots_and_exports_every_algorithm_at_every_n() {
    use searchlab::app::experiments::{Experiment, Outcome};
    use searchlab::bench::queens::Set;
    let mut h = experiments_harness();
    {
        let s = &mut h.state_mut().experiments.settings;
        s.experiment = Experiment::QueensCourse;
        s.course_set = Set::Course;
        s.course_n = "6,8".into();
        s.trials = 3;
    }
    h.run();
    // The command line that runs the same comparison.
    h.get_by_label_contains("searchlab queens bench --set course --n 6,8 --trials 3");
    h.get_by_label("▶ Run experiment").click();
    step_until_idle(&mut h, Duration::from_secs(60));
    h.run();
    let Some(Ok(Outcome::QueensCourse(rows))) = &h.state().experiments.outcome else {
        panic!("no table")
    };
    // 8 local searches, 18 CSP combinations and 2 with random ties at each n; CSP is
    // complete: every run solved, one run where it draws no random numbers.
    assert_eq!(rows.len(), 2 * 28);
    for r in rows.iter().filter(|r| r.algorithm == "csp") {
        let runs = if r.deterministic { 1 } else { 3 };
        assert_eq!(
            (r.summary.trials, r.summary.successes),
            (runs, runs),
            "{}",
            r.label
        );
    }
    h.get_by_label_contains("success rate by n");
    assert!(
        h.query_all_by_label("CSP mrv / lcv / ac3").count() >= 2,
        "a row at each n"
    );
    snapshot(&mut h, "experiments_course");
    // The CSV has a row per table row, with the columns of --json's rows.
    let csv = experiment_csv(&h);
    let mut lines = csv.lines();
    let header = lines.next().unwrap();
    let columns: Vec<&str> = header.split(',').collect();
    for c in [
        "label",
        "params",
        "n",
        "trials",
        "success_rate",
        "mean_ms",
        "mean_steps",
        "success_rate_low",
        "success_rate_high",
        "median_solve_ms",
        "restart_cutoff_ms",
        "solved_ms_by_percent",
    ] {
        assert!(columns.contains(&c), "{c} in {header}");
    }
    assert_eq!(lines.count(), 56);
    // Each row's run-time distribution: CSP solves every run, so its success rate's
    // interval runs from 0.025^(1/trials) (Clopper–Pearson) to 100 %, and every percent
    // of its runs is solved by a time.
    let Some(Ok(Outcome::QueensCourse(rows))) = &h.state().experiments.outcome else {
        panic!("no table")
    };
    for r in rows.iter().filter(|r| r.algorithm == "csp") {
        let low = 0.025f64.powf(1.0 / r.summary.trials as f64);
        let got = r.summary.rtd.success_rate_low.unwrap();
        assert!((got - low).abs() < 1e-9, "{}: {got} against {low}", r.label);
        assert_eq!(r.summary.rtd.success_rate_high, Some(1.0), "{}", r.label);
        assert_eq!(r.summary.rtd.solved_ms_by_percent.len(), 100, "{}", r.label);
    }
    h.get_by_label("Solved within, at n =");
    h.get_by_label("Solved within");
    // n beyond the comparison's limit is refused inline.
    h.state_mut().experiments.settings.course_n = "8,6000".into();
    h.run();
    h.get_by_label_contains("n must be from 1 to 5000 here");
}

#[test]
fn the_board_exports_as_a_png_of_its_size_and_the_plot_data_as_csv() {
    if renderer_available().is_err() && std::env::var("CI").as_deref() != Ok("true") {
        eprintln!("SKIPPED PNG export: no renderer on this machine");
        return;
    }
    let dir = std::env::temp_dir().join(format!("searchlab-export-{}", std::process::id()));
    let mut h = harness();
    h.state_mut().files_dir = dir.clone();
    h.state_mut().knight_mut().settings.speed = searchlab::app::knight::INSTANT;
    h.state_mut().knight_mut().settings.algorithm = "level1".parse().unwrap();
    h.state_mut()
        .knight_mut()
        .settings
        .params
        .insert("level1.generations".into(), "40".into());
    h.get_by_label("5×5").click();
    h.run();
    run_to_end(&mut h);
    h.run();
    // The board as offered for export: its squares, coordinates and legend.
    let board = (h.state().export_regions().iter())
        .find(|(name, _)| name == "board")
        .expect("the board is offered for export")
        .1;

    h.get_by_label("📷 Export").click();
    h.run();
    h.get_by_label("board as PNG").click();
    h.run();
    h.run();
    let path = dir.join("searchlab-knight-s-tour-board.png");
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .unwrap();
    let info = reader.info();
    let ppp = h.ctx.pixels_per_point();
    assert_eq!(info.width, (board.width() * ppp) as u32);
    assert_eq!(info.height, (board.height() * ppp) as u32);
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    reader.next_frame(&mut buf).unwrap();
    let distinct: std::collections::HashSet<&[u8]> = buf.chunks(4).collect();
    assert!(distinct.len() > 4, "a board, not a blank picture");
    h.get_by_label_contains("saved");

    // The fitness plot's data: a header and one line per generation.
    h.get_by_label("📷 Export").click();
    h.run();
    h.get_by_label("plot data as CSV").click();
    h.run();
    let csv = std::fs::read_to_string(dir.join("searchlab-knight-s-tour-plot-data.csv")).unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("generation,best,mean,worst,best_coverage,diversity")
    );
    assert_eq!(lines.count(), 40);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_levels_table_takes_parameters_as_the_command_line_does() {
    use searchlab::app::experiments::Outcome;
    let mut h = experiments_harness();
    h.get_by_label("Knight: levels 0–4 (Cultural Algorithm guide)")
        .click();
    h.run();
    h.state_mut().experiments.settings.trials = 10;
    h.run();
    // The Cultural Algorithm guide's table as printed: levels 1-3 never finish a tour on
    // 8x8, level 4 always.
    h.get_by_label("▶ Run experiment").click();
    step_until_idle(&mut h, Duration::from_secs(120));
    h.run();
    let rate = |h: &Harness<'_, SearchLabApp>, id: &str| match &h.state().experiments.outcome {
        Some(Ok(Outcome::Levels(rows))) => {
            rows.iter()
                .find(|r| r.algorithm == id)
                .unwrap()
                .summary
                .success_rate
        }
        other => panic!("{:?}", other.as_ref().map(|o| o.as_ref().err())),
    };
    assert_eq!(rate(&h, "level1"), 0.0);
    assert_eq!(rate(&h, "level4"), 1.0);
    // With the repair the README reports (every one of 100 trials found a tour).
    enter_text(&mut h, "Parameters", "repair=fewest-onward");
    h.get_by_label_contains("--param repair=fewest-onward");
    h.get_by_label("▶ Run experiment").click();
    step_until_idle(&mut h, Duration::from_secs(120));
    h.run();
    for id in ["level1", "level2", "level3"] {
        assert_eq!(rate(&h, id), 1.0, "{id}");
    }
    // A parameter no level has is refused with the valid ones named.
    set_text(&mut h, "Parameters", "colour=blue");
    h.get_by_label_contains("unknown parameter \"colour\"");
    assert!(is_disabled(&h, "▶ Run experiment"));
    // A value no level takes, likewise.
    set_text(&mut h, "Parameters", "repair=sideways");
    h.get_by_label_contains("expected one of most-onward");
    assert!(is_disabled(&h, "▶ Run experiment"));
    enter_text(&mut h, "Parameters", "repair=fewest-onward");
    assert!(!is_disabled(&h, "▶ Run experiment"));
}

#[test]
fn in_a_window_of_800_by_600_every_tab_can_be_clicked() {
    use searchlab::app::Tab;
    let mut h = harness_of_size(800.0, 600.0);
    h.run();
    for (label, tab) in [
        ("N-Queens", Tab::Puzzle(searchlab::run::queens::PUZZLE)),
        ("Magic squares", Tab::Puzzle(searchlab::run::magic::PUZZLE)),
        ("Compare", Tab::Compare),
        ("Experiments", Tab::Experiments),
        ("Knight's Tour", Tab::Puzzle(searchlab::run::knight::PUZZLE)),
    ] {
        // A click where the tab is drawn, as a mouse would, not an accessibility action:
        // a button drawn over the tab would take it.
        let pos = h.get_by_label(label).rect().center();
        click_at(&mut h, pos);
        h.run();
        assert_eq!(h.state().tab, tab, "{label}");
    }
}

#[test]
fn compare_settings_saved_by_the_version_before_are_read() {
    // The earlier shape: one board, n and order, and three lists of algorithms.
    let old = "(version: 1, knight: (), compare: (puzzle: Queens, cols: 6, rows: 5, start: (2, 3), n: 12, order: 4, queens_algorithms: [\"min-conflicts\"], trials: 7))";
    let app = SearchLabApp::from_saved(Some(old));
    assert!(app.notice.is_none(), "{:?}", app.notice);
    let c = &app.compare.settings;
    let k = c
        .get::<searchlab::app::puzzles::knight::KnightInstance>()
        .unwrap();
    assert_eq!((k.cols, k.rows, k.start), (6, 5, (2, 3)));
    let n = c
        .get::<searchlab::app::puzzles::queens::QueensInstance>()
        .unwrap()
        .n;
    let order = (c
        .get::<searchlab::app::puzzles::magic::MagicInstance>()
        .unwrap())
    .order;
    assert_eq!((n, order, c.trials), (12, 4, 7));
    assert_eq!(c.chosen(), ["min-conflicts"]);
    // And the current shape round-trips.
    let text = ron::to_string(&app.saved_state()).unwrap();
    assert_eq!(
        SearchLabApp::from_saved(Some(&text)).saved_state(),
        app.saved_state()
    );
}

#[test]
fn a_paused_search_says_paused_not_running() {
    use egui::Key;
    let mut h = harness();
    // Counting every tour of 8x8 from a corner runs far longer than this test.
    h.state_mut().knight_mut().settings.algorithm = "count".parse().unwrap();
    h.run();
    h.key_press(Key::R);
    h.step();
    assert!(h.state().knight().is_running());
    h.get_by_label_contains("Count all tours running");
    h.key_press(Key::Space);
    let deadline = Instant::now() + Duration::from_secs(5);
    while h.query_by_label_contains("paused").is_none() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    h.get_by_label_contains("Count all tours paused");
    assert!(h.query_by_label_contains("running…").is_none());
    // Esc stops a paused search too, within its next look at the cancel flag.
    h.key_press(Key::Escape);
    until_stopped(&mut h);
    assert!(!h.state().knight().is_running());
}

#[test]
fn a_saved_file_is_told_as_done_not_as_a_warning() {
    let dir = std::env::temp_dir().join(format!("searchlab-notice-{}", std::process::id()));
    let mut h = harness();
    h.state_mut().files_dir = dir.clone();
    h.state_mut().knight_mut().settings.algorithm = "backtrack-warnsdorff".parse().unwrap();
    h.get_by_label("5×5").click();
    h.run();
    h.key_press(egui::Key::R);
    step_until_idle(&mut h, Duration::from_secs(10));
    let path = dir.join("run.ron");
    h.state_mut().save_run(&path).unwrap();
    h.step();
    assert!(h.state().notice_ok, "{:?}", h.state().notice);
    h.get_by_label_contains("Saved the run to");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- Every figure shown is the figure its label names ---------------------------------

/// The value the statistics panel shows beside `label` (the rightmost label of that name:
/// a parameter may share it in the form on the left).
fn stat(h: &Harness<'_, SearchLabApp>, label: &str) -> String {
    use egui_kittest::kittest::NodeT;
    let key = (h.query_all_by_label(label))
        .map(|n| n.rect())
        .max_by(|a, b| a.min.x.total_cmp(&b.min.x))
        .unwrap_or_else(|| panic!("no figure {label:?}"));
    h.query_all_by(|n| n.role() == egui::accesskit::Role::Label)
        .filter(|n| {
            let r = n.rect();
            (r.center().y - key.center().y).abs() < 3.0 && r.min.x > key.max.x
        })
        .min_by(|a, b| a.rect().min.x.total_cmp(&b.rect().min.x))
        // A label keeps its text as its value.
        .and_then(|n| n.accesskit_node().value())
        .unwrap_or_else(|| {
            let near: Vec<_> = h
                .query_all_by(|_| true)
                .filter(|n| n.accesskit_node().raw_bounds().is_some())
                .filter(|n| (n.rect().center().y - key.center().y).abs() < 6.0)
                .map(|n| {
                    format!(
                        "{:?} {:?} {:?}",
                        n.accesskit_node().role(),
                        n.accesskit_node().label(),
                        n.rect()
                    )
                })
                .collect();
            panic!("no value beside {label:?} at {key:?}: {near:#?}")
        })
}

#[test]
fn counting_shows_its_calls_and_tours_and_no_depth() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "count".parse().unwrap();
    h.run();
    h.get_by_label("5×5").click();
    h.run();
    run_to_end(&mut h);
    h.run();
    assert_eq!(stat(&h, "tours counted"), "304");
    // As `searchlab knight count --board 5x5 --start a5` says: total 304, calls 8037.
    assert_eq!(stat(&h, "recursive calls"), "8037");
    assert!(
        h.query_by_label_contains("depth").is_none(),
        "a count shows no depth"
    );
}

#[test]
fn breadth_first_search_shows_the_depth_of_the_tour_it_found() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "bfs".parse().unwrap();
    h.state_mut().knight_mut().settings.speed = searchlab::app::knight::INSTANT;
    h.run();
    h.get_by_label("4×5").click();
    h.run();
    h.get_by_label("▶ Run").click();
    step_until_idle(&mut h, Duration::from_secs(60));
    h.run();
    let tour = h.state().knight().displayed_tour().expect("a tour").len();
    assert_eq!(tour, 20);
    assert_eq!(stat(&h, "deepest path"), "20 squares");
}

#[test]
fn the_magic_construction_says_it_built_one_square_and_how_long_it_took() {
    let mut h = magic_harness();
    h.state_mut().magic_mut().settings.algorithm = "construct".parse().unwrap();
    h.run();
    run_to_end(&mut h);
    h.run();
    assert_eq!(stat(&h, "squares built"), "1");
    for absent in ["generations", "squares scored", "magic squares found"] {
        assert!(h.query_by_label(absent).is_none(), "{absent}");
    }
    let elapsed = stat(&h, "elapsed");
    assert!(
        !elapsed.starts_with("0.000") && !elapsed.starts_with("0.00 "),
        "{elapsed}"
    );
}

#[test]
fn a_long_best_first_sweep_reports_its_time_while_it_runs_and_when_stopped() {
    // 300 queens: one expansion of best-first scores 89,700 placements at O(n²) each,
    // seconds without a progress report at the end of an expansion.
    let mut h = queens_harness("300");
    h.state_mut().queens_mut().settings.algorithm = "best-first".parse().unwrap();
    h.run();
    h.get_by_label("▶ Run").click();
    let t = Instant::now();
    while t.elapsed() < Duration::from_millis(700) {
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    assert!(h.state().queens().is_running());
    let live = h.state().queens().live.elapsed_ms;
    assert!(live >= 200.0, "elapsed {live} ms after 700 ms");
    h.get_by_label("■ Stop").click();
    step_until_idle(&mut h, Duration::from_secs(1));
    h.run();
    let elapsed = stat(&h, "elapsed");
    assert!(!elapsed.starts_with("0.0"), "{elapsed}");
}

#[test]
fn the_ga_names_the_longest_path_so_far_apart_from_a_generation_s_best() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "ga-repair".parse().unwrap();
    h.state_mut().knight_mut().settings.speed = searchlab::app::knight::INSTANT;
    h.run();
    run_to_end(&mut h);
    h.run();
    let k = &h.state().knight();
    let longest = k.live.counters.max_depth;
    let last = *k.history().last().expect("generations");
    assert_eq!(
        stat(&h, "longest path so far"),
        format!("{longest} squares")
    );
    h.get_by_label_contains(&format!(
        "best path of generation {}: {} squares",
        last.generation, last.best_coverage
    ));
    assert!(h.query_by_label("best path").is_none());
    // The run on show is one where the two differ (no elitism: the best can fall).
    assert!(u64::from(last.best_coverage) < longest, "{last:?}");
}

#[test]
fn backtracking_names_queens_on_the_board_apart_from_queens_set_down() {
    let mut h = queens_harness("8");
    h.state_mut().queens_mut().settings.algorithm = "backtracking".parse().unwrap();
    h.run();
    run_to_end(&mut h);
    h.run();
    assert_eq!(stat(&h, "queens on the board"), "8 of 8");
    let set_down: u64 = stat(&h, "queens set down").parse().unwrap();
    assert!(set_down > 8, "{set_down}");
    assert!(stat(&h, "taken back").parse::<u64>().unwrap() > 0);
    assert!(h.query_by_label("queens placed").is_none());
}

// ---- Said in words what a picture cannot ----------------------------------------------

#[test]
fn a_ga_solved_in_its_first_generation_says_so_instead_of_plotting_one_point() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "ga-heuristic".parse().unwrap();
    h.state_mut().knight_mut().settings.speed = searchlab::app::knight::INSTANT;
    h.run();
    run_to_end(&mut h);
    h.run();
    assert_eq!(h.state().knight().history().len(), 1, "8x8 at the defaults");
    h.get_by_label("Solved in the first generation: nothing to plot over time.");
    assert!(h.query_by_label("best").is_none(), "no plot, no legend");
}

#[test]
fn a_failed_magic_ga_names_the_construction_that_builds_the_square() {
    let mut h = magic_harness();
    enter_text(&mut h, "Order", "5");
    h.state_mut()
        .magic_mut()
        .settings
        .params
        .insert("ga.generations".into(), "50".into());
    h.run();
    run_to_end(&mut h);
    h.run();
    assert!(!h.state().magic().report().unwrap().as_ref().unwrap().found);
    h.get_by_label(
        "The Construction algorithm builds a magic square of order 5 at once, by the Siamese method (odd order).",
    );
    h.get_by_label("Build it with the Construction").click();
    step_until_idle(&mut h, Duration::from_secs(10));
    h.run();
    assert_eq!(h.state().magic().settings.algorithm.id(), "construct");
    assert_eq!(
        searchlab::puzzle::magic::validate(5, h.state().magic().square()),
        Ok(())
    );
    assert!(h.query_by_label_contains("builds a magic square").is_none());
}

#[test]
fn hill_climbing_s_restarts_are_explained_where_they_show() {
    // 8 queens, seed 1: three restarts.
    let mut h = queens_harness("8");
    h.state_mut().queens_mut().settings.algorithm = "hill-climbing".parse().unwrap();
    h.run();
    run_to_end(&mut h);
    h.run();
    assert_eq!(stat(&h, "restarts"), "3");
    h.get_by_label_contains("Each jump up is a restart (3 so far)");
    // The figure says what a restart is on hover.
    h.get_by_label("restarts").hover();
    h.run();
    h.get_by_label_contains("begins again from a new random placement: the conflicts jump up");
}

#[test]
fn level_3_s_fall_in_best_fitness_is_explained_under_its_plot() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "level3".parse().unwrap();
    h.state_mut().knight_mut().settings.speed = searchlab::app::knight::INSTANT;
    h.run();
    run_to_end(&mut h);
    h.run();
    let fall = (h.state().knight().history().windows(2))
        .find(|w| w[1].best < w[0].best)
        .map(|w| w[1].generation)
        .expect("seed 1's best falls");
    let note = format!("The best fell in generation {fall} (");
    h.get_by_label_contains(&note);
    h.get_by_label_contains("level 3's belief space changed how its chromosomes decode");
    h.get_by_label_contains(&note).hover();
    h.run();
    h.get_by_label_contains("even an elite copied unchanged");
}

#[test]
fn compare_says_in_words_which_curves_have_one_generation_only() {
    let mut h = compare_harness();
    h.state_mut().compare.settings.speed = searchlab::app::knight::INSTANT;
    // Level 4 and the GA with heuristic both solve 8x8 in their first generation.
    h.get_by_label("Warnsdorff").click();
    h.get_by_label("Backtracking + Warnsdorff").click();
    h.get_by_label("Advanced cultural (level 4)").click();
    h.get_by_label("GA with heuristic").click();
    h.run();
    enter_text(&mut h, "Trials", "1");
    h.get_by_label("▶ Run all").click();
    step_until_idle(&mut h, Duration::from_secs(60));
    h.run();
    let said = "Solved in the first generation: nothing to plot over time.";
    assert_eq!(h.query_all_by_label(said).count(), 2);
}

#[test]
fn after_a_run_another_choice_says_which_run_is_on_show() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "warnsdorff".parse().unwrap();
    h.run();
    run_to_end(&mut h);
    assert!(
        h.query_by_label_contains("On show: the last run").is_none(),
        "the run on show is the one chosen"
    );
    // Choosing another algorithm keeps the tour on the board, and says whose it is.
    h.state_mut().knight_mut().settings.algorithm = "backtrack".parse().unwrap();
    h.run_steps(2);
    h.get_by_label_contains("On show: the last run, by Warnsdorff. ▶ Run starts Backtracking.");
    // N-Queens says the same.
    h.state_mut().queens_mut().settings.algorithm = "backtracking".parse().unwrap();
    h.state_mut().tab = searchlab::app::Tab::Puzzle(searchlab::run::queens::PUZZLE);
    h.run_steps(2);
    run_to_end(&mut h);
    h.state_mut().queens_mut().settings.algorithm = "min-conflicts".parse().unwrap();
    h.run_steps(2);
    h.get_by_label_contains("On show: the last run, by Backtracking. ▶ Run starts Min-conflicts.");
}

#[test]
fn compare_shows_a_comparison_on_its_own_puzzle_only_and_names_its_csv_after_it() {
    let mut h = compare_harness();
    h.state_mut().compare.settings.speed = searchlab::app::knight::INSTANT;
    enter_text(&mut h, "Trials", "1");
    h.get_by_label("▶ Run all").click();
    step_until_idle(&mut h, Duration::from_secs(30));
    h.run_steps(3);
    assert_eq!(h.query_all_by_label("Chessboard").count(), 2);
    let csv = |h: &Harness<'_, SearchLabApp>| {
        h.query_all_by_label("CSV file")
            .next()
            .map(|n| format!("{n:?}"))
            .unwrap_or_default()
    };
    assert!(csv(&h).contains("compare-knight-8x8"), "{}", csv(&h));
    // The Queens sub-tab: the knight comparison is not shown under it.
    h.state_mut().compare.settings.puzzle = searchlab::run::queens::PUZZLE;
    h.run();
    assert_eq!(h.query_all_by_label("Chessboard").count(), 0);
    assert!(h.query_by_label("CSV file").is_none());
    assert!(
        h.query_all_by_label_contains("The last comparison was on Knight")
            .count()
            >= 1
    );
    // Back on Knight, it is there again.
    h.state_mut().compare.settings.puzzle = searchlab::run::knight::PUZZLE;
    h.run();
    assert_eq!(h.query_all_by_label("Chessboard").count(), 2);
}

#[test]
fn an_experiment_s_table_and_an_export_s_word_stay_where_they_were_made() {
    let mut h = experiments_harness();
    {
        let s = &mut h.state_mut().experiments.settings;
        s.experiment = searchlab::app::experiments::Experiment::Levels;
        s.side = 5;
        s.trials = 2;
        s.time_limit_s = 0.5;
    }
    h.run();
    h.get_by_label("▶ Run experiment").click();
    step_until_idle(&mut h, Duration::from_secs(60));
    h.run();
    h.get_by_label_contains("rows of 2 trials");
    // Fewer than 10 trials: no batch of 10 to give a best and worst of.
    if let Some(Ok(searchlab::app::experiments::Outcome::Levels(rows))) =
        &h.state().experiments.outcome
    {
        assert!(rows.iter().all(|r| r.best_batch_rate.is_none()));
    } else {
        panic!("no levels table");
    }
    // Another experiment picked: the levels table is not shown as if it were its.
    h.state_mut().experiments.settings.experiment =
        searchlab::app::experiments::Experiment::MagicVariants;
    h.run();
    assert!(h.query_by_label_contains("rows of 2 trials").is_none());
    h.get_by_label_contains("The last experiment was");
    // A notice made here is not shown on the Knight's Tour tab.
    h.state_mut()
        .say("saved the table to somewhere.csv".into(), true);
    h.run();
    h.get_by_label("saved the table to somewhere.csv");
    h.get_by_label("Knight's Tour").click();
    h.run();
    assert!(
        h.query_by_label("saved the table to somewhere.csv")
            .is_none()
    );
    h.get_by_label("Experiments").click();
    h.run();
    h.get_by_label("saved the table to somewhere.csv");
}

#[test]
fn a_tree_search_takes_its_node_limit_from_its_field_and_tells_its_largest_frontier() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "bfs".parse().unwrap();
    h.get_by_label("5×5").click();
    h.run();
    enter_text(&mut h, "Node limit", "50");
    assert_eq!(h.state().knight().settings.search_nodes, 50);
    h.get_by_label("▶ Run").click();
    step_until_idle(&mut h, Duration::from_secs(10));
    h.run_steps(2);
    h.get_by_label_contains("node limit reached after 50 nodes generated");
    h.get_by_label("largest frontier");
}

#[test]
fn a_game_put_aside_is_kept_and_said_so() {
    let mut h = harness();
    h.get_by_label("5×5").click();
    h.run();
    h.get_by_label("Play yourself").click();
    h.run();
    h.state_mut()
        .knight_mut()
        .play_mut()
        .try_move(&Board::new(5, 5).unwrap(), 7);
    h.run();
    h.get_by_label("Play yourself").click();
    h.run();
    h.get_by_label_contains("Your game is kept (2 of 25 squares)");
    // On another board it is not this board's game.
    h.get_by_label("6×6").click();
    h.run();
    assert!(h.query_by_label_contains("Your game is kept").is_none());
}

#[test]
fn at_800_by_600_the_board_keeps_about_300_points_in_every_mode() {
    let side = |h: &Harness<'_, SearchLabApp>| {
        let r = h.get_by_label("Chessboard").rect();
        r.width().min(r.height())
    };
    let mut h = harness_of_size(800.0, 600.0);
    h.run();
    h.get_by_label("5×5").click();
    h.run();
    assert!(side(&h) >= 400.0, "the run: {}", side(&h));
    h.get_all_by_label("Step by step").next().unwrap().click();
    step_until_traced(&mut h);
    assert!(side(&h) >= 270.0, "step by step: {}", side(&h));
    // The board keeps its size from step to step.
    let before = side(&h);
    for _ in 0..5 {
        h.key_press(egui::Key::ArrowRight);
        h.run();
        assert_eq!(side(&h), before);
    }
    h.get_by_label("Play yourself").click();
    h.run();
    assert!(side(&h) >= 350.0, "play: {}", side(&h));
}

#[test]
fn the_magic_plot_ends_at_the_generation_the_run_reports() {
    let mut h = harness();
    h.run();
    h.get_by_label("Magic squares").click();
    h.run();
    // Order 4 runs its 10,000 generations without a magic square: more points than a plot
    // keeps.
    h.get_by_label("4×4").click();
    h.run();
    h.get_by_label("▶ Run").click();
    step_until_idle(&mut h, Duration::from_secs(30));
    h.run_steps(2);
    let generations = h.state().magic().live.counters.generations;
    let last = h.state().magic().history().last().unwrap().generation;
    assert!(generations > 4096, "long enough to thin: {generations}");
    assert_eq!(
        last, generations,
        "the plot's last point is the run's last generation"
    );
}
