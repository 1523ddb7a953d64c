//! Lessons: the window lists the built-in lessons and a teacher's folder (a broken file
//! listed with its reason), one click sets the app up, and the answers are checked: the
//! 4×4 board has no knight's tour (Cull & De Curtins 1978), a knight's move changes colour.

use super::{Tabs, harness, step_until_idle};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use searchlab::app::SearchLabApp;
use searchlab::app::lessons::Lessons;
use searchlab::app::mode::Mode;
use searchlab::run::Algorithm;
use std::time::Duration;

/// The app with the lessons of the folder `dir` (besides the built-in ones), the Lessons
/// window open.
fn with_lessons(dir: &std::path::Path) -> Harness<'static, SearchLabApp> {
    let mut h = harness();
    h.state_mut().lessons = Lessons::new(dir.to_path_buf());
    h.state_mut().lessons.wait_until_read();
    h.run();
    h.get_by_label("Lessons").click();
    h.run();
    assert!(h.state().lessons.open);
    h
}

/// Types `text` into the `k`-th "Your answer" field (replacing what it holds) and presses
/// the `check`-th Check button (its question's).
fn answer(h: &mut Harness<'static, SearchLabApp>, k: usize, check: usize, text: &str) {
    h.get_all_by_label("Your answer").nth(k).unwrap().focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.get_all_by_label("Your answer")
        .nth(k)
        .unwrap()
        .type_text(text);
    h.run();
    h.get_all_by_label("Check").nth(check).unwrap().click();
    h.run();
}

#[test]
fn a_lesson_sets_the_app_up_and_checks_its_answers() {
    let dir = std::env::temp_dir().join(format!("searchlab-app-lessons-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("broken.ron"), "Lesson(title: \"half a lesson\",").unwrap();
    let mut h = with_lessons(&dir);
    // Eight built-in lessons, and the broken file refused with the parser's reason.
    assert!(h.query_all_by_label_contains("Start: ").count() >= 8);
    h.get_by_label_contains("broken.ron: not loaded: 1:");
    h.get_by_label("Start: Why 4×4 has no tour").click();
    h.run();
    // One click: the Knight's Tour tab on 4×4, counting from every square.
    let app = h.state();
    assert_eq!(
        app.tab,
        searchlab::app::Tab::Puzzle(searchlab::run::knight::PUZZLE)
    );
    let s = &app.knight().settings;
    assert_eq!((s.cols, s.rows, s.start), (4, 4, (0, 0)));
    assert_eq!(s.algorithm.id(), "count-all");
    h.get_by_label("▶ Run").click();
    step_until_idle(&mut h, Duration::from_secs(30));
    h.run();
    h.get_by_label("Questions: 0 of 3 answered right");
    // A wrong number, then the right one.
    answer(&mut h, 0, 0, "3");
    h.get_by_label_contains("Not 3.");
    answer(&mut h, 0, 0, "0");
    h.get_by_label_contains("Right. None, from any square");
    // A choice: the colour a knight's move lands on.
    h.get_by_label("a square of the other colour").click();
    h.run();
    h.get_all_by_label("Check").nth(1).unwrap().click();
    h.run();
    h.get_by_label_contains("Right. The other colour");
    h.get_by_label("Questions: 2 of 3 answered right");
    // Text that is no number is said so, not counted (Enter checks too).
    h.get_all_by_label("Your answer").nth(1).unwrap().focus();
    h.run();
    h.get_all_by_label("Your answer")
        .nth(1)
        .unwrap()
        .type_text("two");
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    h.get_by_label_contains("\"two\" is not a whole number");
    assert_eq!(h.state().lessons.progress(), (2, 3));
    // Back to the list.
    h.get_by_label("◀ All lessons").click();
    h.run();
    h.get_by_label("Start: Why 4×4 has no tour");
    h.get_by_label("Answered right: 2 of 3 questions");
    // The progress outlives the app: a restart from the saved state lists it again.
    let saved = ron::to_string(&h.state().saved_state()).unwrap();
    let mut again = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 800.0))
        .build_ui_state(
            |ui, app: &mut SearchLabApp| {
                app.logic(ui.ctx());
                app.show(ui);
            },
            SearchLabApp::from_saved(Some(&saved)),
        );
    again.state_mut().lessons.open = true;
    again.run();
    again.get_by_label("Answered right: 2 of 3 questions");
    let _ = std::fs::remove_dir_all(&dir);
}

/// At 800 × 600 the lessons stand in the form's panel, never over the board (a floating
/// window covered it on every tab, even folded).
#[test]
fn at_800_by_600_the_lessons_keep_off_the_board() {
    let mut h = super::harness_of_size(800.0, 600.0);
    h.state_mut().lessons.wait_until_read();
    h.run();
    h.get_by_label("Lessons").click();
    h.run();
    assert!(h.state().lessons.open);
    // The narrow panel shortens the lessons' names.
    h.get_by_label_contains("Start: Why Warnsdorff").click();
    // Its trace is made on a worker: frames until it is on show.
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while h.state().knight().steps().position().is_none() && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
    h.run_steps(10);
    let board = h.get_by_label("Chessboard").rect();
    for text in ["Close the lessons", "◀ All lessons"] {
        let r = h.get_by_label(text).rect();
        assert!(
            !r.intersects(board),
            "{text} at {r:?}, the board at {board:?}"
        );
    }
    assert!(
        board.width() >= 250.0,
        "the board keeps its room: {board:?}"
    );
    // Your guess is on: stepping to the first question (its rings and their key) and
    // answering it leave the board as it was.
    assert!(h.state().knight().steps().guessing());
    for _ in 0..3 {
        h.key_press(egui::Key::ArrowRight);
        h.run_steps(6);
        assert_eq!(h.get_by_label("Chessboard").rect(), board);
    }
    let q = h.state().knight().steps().question().cloned();
    let q = q.expect("a question waits");
    h.state_mut()
        .knight_mut()
        .steps_mut()
        .answer(searchlab::app::steps::guess::Answer::Cell(q.right[0]));
    h.run_steps(6);
    assert_eq!(h.get_by_label("Chessboard").rect(), board);
}

#[test]
fn a_guessing_lesson_traces_the_search_with_your_guess_on() {
    let dir = std::env::temp_dir().join("searchlab-no-lessons-here");
    let mut h = with_lessons(&dir);
    h.get_by_label_contains("Start: Backtracking against")
        .click();
    super::step_until_traced(&mut h);
    let app = h.state();
    assert_eq!(
        app.tab,
        searchlab::app::Tab::Puzzle(searchlab::run::queens::PUZZLE)
    );
    assert_eq!(app.queens().settings.n, 8);
    assert_eq!(app.queens().settings.algorithm.id(), "hill-climbing");
    assert!(app.queens().steps().guess.on);
    assert!(
        app.queens().steps().position().is_some(),
        "a trace is on show"
    );
}

#[test]
fn snapshot_lesson_magic_constant() {
    let dir = std::env::temp_dir().join("searchlab-no-lessons-here");
    let mut h = with_lessons(&dir);
    // The sixth lesson's button is below the window's fold: start it as the button does.
    let i = (h.state().lessons.entries.iter())
        .position(|e| e.file == "06-magic-constant.ron")
        .unwrap();
    h.state_mut().lessons.start(i);
    h.run();
    assert_eq!(
        h.state().tab,
        searchlab::app::Tab::Puzzle(searchlab::run::magic::PUZZLE)
    );
    assert_eq!(h.state().magic().mode(), Mode::Play);
    answer(&mut h, 0, 0, "34");
    h.get_by_label_contains("Right. 4 × (16 + 1) / 2 = 34");
    super::snapshot(&mut h, "lesson_magic_constant");
}

#[test]
fn a_lesson_set_up_again_begins_its_game_afresh() {
    let dir = std::env::temp_dir().join("searchlab-no-lessons-here");
    let mut h = with_lessons(&dir);
    h.get_by_label_contains("Start: A tour on 4×3").click();
    h.run();
    assert_eq!(h.state().knight().mode(), Mode::Play);
    let start = h.state().knight().play().path().to_vec();
    assert_eq!(start.len(), 1);
    // The game is finished for the student.
    h.get_by_label("Finish it for me").click();
    h.step();
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while h.state().knight().play().busy() && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
    h.run_steps(2);
    assert_eq!(h.state().knight().play().path().len(), 12);
    h.get_by_label_contains("finished the tour");
    // Set up again: the knight is back on its start square, and the last word is gone.
    h.get_by_label("Set it up again").click();
    h.run_steps(2);
    assert_eq!(h.state().knight().play().path(), &start[..]);
    assert!(h.query_by_label_contains("finished the tour").is_none());
}

#[test]
fn a_verdict_is_shown_beside_the_answer_it_judged_only() {
    let dir = std::env::temp_dir().join("searchlab-no-lessons-here");
    let mut h = with_lessons(&dir);
    h.get_by_label("Start: Why 4×4 has no tour").click();
    h.run();
    h.get_by_label("a square of the other colour").click();
    h.run();
    h.get_all_by_label("Check").nth(1).unwrap().click();
    h.run();
    h.get_by_label_contains("Right. The other colour");
    assert_eq!(h.state().lessons.progress(), (1, 3));
    // Another answer picked: the verdict was about the first one.
    h.get_by_label("either colour").click();
    h.run();
    assert!(
        h.query_by_label_contains("Right. The other colour")
            .is_none()
    );
    assert_eq!(h.state().lessons.progress(), (0, 3));
    h.get_all_by_label("Check").nth(1).unwrap().click();
    h.run();
    h.get_by_label_contains("Not that one");
    // Back to the right answer: it was checked right, and still is.
    h.get_by_label("a square of the other colour").click();
    h.run();
    assert!(h.query_by_label_contains("Not that one").is_none());
}

#[test]
fn the_lessons_list_shows_how_far_each_lesson_got() {
    let dir = std::env::temp_dir().join("searchlab-no-lessons-here");
    let mut h = with_lessons(&dir);
    h.get_by_label("Start: Why 4×4 has no tour").click();
    h.run();
    answer(&mut h, 0, 0, "0");
    h.get_by_label_contains("Right. None, from any square");
    h.get_by_label("◀ All lessons").click();
    h.run();
    h.get_by_label("Answered right: 1 of 3 questions");
}

/// An assignment end to end: the lesson traces Warnsdorff's rule with Your guess on, the
/// student answers ten decisions (right, by the question's own answers, which the unit
/// tests check from the rules) and the two questions, runs the search, types a name and
/// saves the hand-in; the grader, tracing and replaying everything again, gives every
/// point.
#[test]
fn an_assignment_is_done_saved_and_graded() {
    use searchlab::app::steps::guess::Answer;
    use searchlab::teach::assignment::HandIn;
    let dir = std::env::temp_dir().join(format!("searchlab-hand-in-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut h = with_lessons(&dir);
    let i = (h.state().lessons.entries.iter())
        .position(|e| e.file == "07-assignment-warnsdorff.ron")
        .unwrap();
    h.state_mut().lessons.start(i);
    super::step_until_traced(&mut h);
    h.get_by_label_contains("on show, no decision answered yet");
    h.get_by_label_contains("no run of this search yet");
    // Ten decisions, stepping to each.
    for _ in 0..10 {
        for _ in 0..40 {
            if h.state().knight().steps().question().is_some() {
                break;
            }
            h.key_press(egui::Key::ArrowRight);
            h.run();
        }
        let q = h
            .state()
            .knight()
            .steps()
            .question()
            .cloned()
            .expect("a decision");
        h.state_mut()
            .knight_mut()
            .steps_mut()
            .answer(Answer::Cell(q.right[0]));
        h.run();
    }
    h.get_by_label_contains("10 decisions answered, 10 right at the first try");
    // The questions.
    h.get_by_label("the fewest onward moves").click();
    h.run();
    h.get_all_by_label("Check").next().unwrap().click();
    h.run();
    answer(&mut h, 0, 1, "36");
    h.get_by_label("Questions: 2 of 2 answered right");
    // The run the hand-in cites (its tour shown at once, not animated).
    h.state_mut().knight_mut().settings.speed = searchlab::app::knight::INSTANT;
    h.get_by_label("▶ Run").click();
    step_until_idle(&mut h, Duration::from_secs(30));
    h.run();
    h.get_by_label_contains("cites a run that found a solution: ");
    // Saving needs a name.
    assert!(super::is_disabled(&h, "💾 Save hand-in…"));
    h.get_by_label("Your name").focus();
    h.run();
    h.get_by_label("Your name").type_text("Ada Lovelace");
    h.run();
    // The file's name follows the name typed, so that a class's hand-ins do not collide.
    let path = std::path::PathBuf::from(&h.state().lessons.hand_in.path);
    assert_eq!(
        path.file_name().unwrap().to_str().unwrap(),
        "knight-warnsdorff-6x6-ada-lovelace.json"
    );
    let file = dir.join("ada.json");
    h.state_mut().lessons.hand_in.path = file.display().to_string();
    assert_eq!(h.state().lessons.hand_in.student, "Ada Lovelace");
    assert!(!super::is_disabled(&h, "💾 Save hand-in…"));
    // The button is below the lesson panel's fold.
    h.get_by_label("💾 Save hand-in…").scroll_to_me();
    h.run();
    h.get_by_label("💾 Save hand-in…").click();
    h.run();
    h.run();
    assert!(
        matches!(&h.state().lessons.hand_in.said, Some(Ok(s)) if s.starts_with("Saved to")),
        "{:?}",
        h.state().lessons.hand_in.said
    );
    let hand_in = HandIn::from_json(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(hand_in.student, "Ada Lovelace");
    assert_eq!(hand_in.work.len(), 4, "{:?}", hand_in.work);
    let lesson = h.state().lessons.active().cloned().unwrap();
    let verdicts = searchlab::teach::grade::grade(
        &hand_in,
        &lesson,
        &std::sync::atomic::AtomicBool::new(false),
    );
    for v in &verdicts {
        assert!(v.verified && v.points == v.max, "{v:?}");
    }
    assert_eq!(verdicts.iter().map(|v| v.points).sum::<u32>(), 7);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A Play task end to end: the queens assignment's task 5 is set up from its own button,
/// the student asks for a safe square (counted), places eight queens by hand (Wirth's
/// first solution, from outside the code), and the hand-in holds the answer with the
/// hint; the grader checks it by the rules and gives the points. A hint asked on another
/// board, or after the solution, does not count.
#[test]
fn a_puzzle_played_for_an_assignment_counts_its_hints() {
    use searchlab::teach::assignment::{HandIn, Work};
    let dir = std::env::temp_dir().join(format!("searchlab-play-in-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut h = with_lessons(&dir);
    let i = (h.state().lessons.entries.iter())
        .position(|e| e.file == "08-assignment-queens-local-search.ron")
        .unwrap();
    h.state_mut().lessons.start(i);
    super::step_until_traced(&mut h);
    h.get_by_label_contains("not solved yet: press \"Set it up\" beside the task");
    // Task 5's own button (below the fold) puts the queens tab in play mode on 8 queens.
    h.get_all_by_label("Set it up")
        .last()
        .unwrap()
        .scroll_to_me();
    h.run_steps(6);
    h.get_all_by_label("Set it up").last().unwrap().click();
    h.run_steps(4);
    assert_eq!(h.state().queens().mode(), Mode::Play);
    assert_eq!(h.state().queens().settings.n, 8);
    h.get_by_label("A safe square").click();
    h.run();
    h.run();
    h.get_by_label_contains("not solved yet; so far 1 hint: A safe square");
    // A hint on 6 queens is not one on the task's 8.
    h.state_mut().queens_mut().settings.n = 6;
    h.run_steps(2);
    h.get_by_label("A safe square").click();
    h.run_steps(2);
    assert_eq!(h.state().queens().play().hints_asked().len(), 2);
    assert_eq!(h.state().queens().play().columns().len(), 6, "played on 6");
    h.state_mut().queens_mut().settings.n = 8;
    h.run_steps(2);
    h.get_by_label_contains("not solved yet; so far 1 hint: A safe square");
    for (column, row) in [0, 4, 7, 5, 2, 6, 1, 3].into_iter().enumerate() {
        h.state_mut().queens_mut().play_mut().click(row, column);
        h.run();
    }
    h.run();
    h.get_by_label_contains("solved, with 1 hint: A safe square");
    // A hint after the solution is not the solution's.
    h.get_by_label("Min-conflicts' move").click();
    h.run();
    h.run();
    h.get_by_label_contains("solved, with 1 hint: A safe square");
    let lesson = h.state().lessons.active().cloned().unwrap();
    let hand_in: HandIn = h.state().hand_in(&lesson);
    let play = (hand_in.work.iter())
        .find(|w| w.task() == 5)
        .expect("task 5's work");
    assert_eq!(
        play,
        &Work::Play {
            task: 5,
            answer: vec![0, 4, 7, 5, 2, 6, 1, 3],
            hints: vec![searchlab::run::play::queens::SAFE_SQUARE],
        }
    );
    let verdicts = searchlab::teach::grade::grade(
        &HandIn::from_json(&hand_in.to_json()).unwrap(),
        &lesson,
        &std::sync::atomic::AtomicBool::new(false),
    );
    let v = &verdicts[4];
    assert!(v.verified && v.points == 2, "{v:?}");
    assert!(v.why.contains("with 1 hint: A safe square"), "{v:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The Class view grades a folder of hand-ins in the background, with its progress: a
/// puzzle played right scores, one whose queens attack each other is marked ✖.
#[test]
fn the_class_view_grades_a_folder_of_hand_ins() {
    use searchlab::teach::assignment::{HandIn, Work};
    let dir = std::env::temp_dir().join(format!("searchlab-class-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (student, queens) in [
        ("Ada", [0, 4, 7, 5, 2, 6, 1, 3]),
        ("Bo", [0, 4, 5, 7, 2, 6, 1, 3]),
    ] {
        let mut h = HandIn::new(student, "queens-local-search");
        h.work = vec![
            Work::Answer {
                task: 1,
                given: "1".into(),
            },
            Work::Play {
                task: 5,
                answer: queens.to_vec(),
                hints: Vec::new(),
            },
        ];
        std::fs::write(dir.join(format!("{student}.json")), h.to_json()).unwrap();
    }
    let mut h = with_lessons(&dir);
    h.get_by_label("Class: grade hand-ins").click();
    h.run();
    h.state_mut().lessons.class.folder = dir.display().to_string();
    h.get_by_label("Grade").click();
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while h.state().lessons.class.result.is_none() {
        assert!(
            std::time::Instant::now() < deadline,
            "the grading never ended"
        );
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    h.run();
    h.get_by_label("Assignment: local search on N-Queens: 2 hand-ins graded, 0 refused");
    h.get_by_label("3 / 9");
    h.get_by_label("✖ 0 / 2");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A puzzle solved before its assignment opened is not the assignment's: the task waits
/// for a solution made while it is open.
#[test]
fn a_solution_made_before_the_assignment_opened_does_not_count() {
    let queens_8 = [0, 4, 7, 5, 2, 6, 1, 3];
    let mut h = harness();
    // Eight queens solved in play mode, no assignment open.
    h.state_mut()
        .lessons
        .open_text(
            "play-8.ron",
            r#"Lesson(title: "Eight", summary: "Play.", setup: Queens(n: 8, mode: Play), try: ["Play."],
                questions: [Question(ask: "How many?", answer: Number(8), explain: "Eight.")])"#,
        )
        .unwrap();
    h.run_steps(3);
    for (column, row) in queens_8.into_iter().enumerate() {
        h.state_mut().queens_mut().play_mut().click(row, column);
    }
    h.run_steps(2);
    assert!(h.state().queens().play().is_solved(8));
    // The assignment opens on the knight: the queens' game stays solved, but was solved
    // before.
    h.state_mut()
        .lessons
        .open_text(
            "graded.ron",
            r#"Lesson(title: "Graded", summary: "Play it.", setup: Knight(cols: 5, rows: 5, mode: Play), try: ["Play."],
                questions: [Question(ask: "How many?", answer: Number(8), explain: "Eight.")],
                assignment: Some(Assignment(id: "graded", tasks: [Play(setup: Queens(n: 8, mode: Play), points: 1)])))"#,
        )
        .unwrap();
    h.run_steps(3);
    assert!(h.state().queens().play().is_solved(8));
    h.get_by_label_contains("not solved yet");
    assert!(h.state().lessons.hand_in.kept.is_empty());
    // Solved again while it is open: kept.
    h.get_by_label("Set it up").click();
    h.run_steps(3);
    assert_eq!(h.state().queens().mode(), Mode::Play);
    for (column, row) in queens_8.into_iter().enumerate() {
        h.state_mut().queens_mut().play_mut().click(row, column);
        h.run_steps(1);
    }
    h.run_steps(2);
    h.get_by_label_contains("solved, with no hint");
}

/// "Set it up" beside a Your guess task asks the decisions the task counts: a faded task's
/// last k (its turn found from the end of the trace), a whole-search task's every one.
#[test]
fn set_it_up_asks_the_decisions_a_guess_task_counts() {
    use searchlab::app::steps::guess::Fade;
    let dir = std::env::temp_dir().join(format!("searchlab-fade-in-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut h = with_lessons(&dir);
    let setup = r#"Knight(cols: 5, rows: 5, start: (0, 0), algorithm: Some("warnsdorff"), seed: Some(1), mode: Guess)"#;
    h.state_mut()
        .lessons
        .open_text(
            "faded.ron",
            &format!(
                r#"Lesson(title: "Faded", summary: "Your turn at the end.", setup: {setup}, try: ["Guess."],
                questions: [Question(ask: "How many?", answer: Number(25), explain: "All.")],
                assignment: Some(Assignment(id: "faded", tasks: [
                    Guess(setup: {setup}, decisions: 2, required: 1, last: Some(3), points: 1),
                    Guess(setup: {setup}, decisions: 5, required: 3, points: 1)])))"#
            ),
        )
        .unwrap();
    h.run_steps(3);
    super::step_until_traced(&mut h);
    assert_eq!(h.state().knight().steps().guess.fade, Fade::Every);
    h.get_all_by_label("Set it up").next().unwrap().click();
    h.run_steps(3);
    super::step_until_traced(&mut h);
    h.run_steps(3);
    let g = &h.state().knight().steps().guess;
    assert_eq!(g.fade, Fade::Last(3));
    // The turn: the trace's last three decisions, none after them.
    let turn = g.turn.clone().expect("the turn is found");
    assert_eq!(turn.at.len(), 3);
    assert!(turn.at.is_sorted());
    let shown = h.state().knight().steps().shown.as_ref().unwrap();
    let trace = shown.timeline.trace.clone();
    let len = shown.timeline.len();
    assert!(
        (turn.at[0]..len)
            .filter(|&i| searchlab::run::trace::guess::knight_asks(&trace, i))
            .eq(turn.at.iter().copied()),
        "{turn:?} of {len}"
    );
    // To the turn's first decision, answered right: the status counts it among the last 3.
    for _ in 0..200 {
        if h.state().knight().steps().question().is_some() {
            break;
        }
        h.key_press(egui::Key::ArrowRight);
        h.run();
    }
    let q = h.state().knight().steps().question().unwrap().clone();
    assert_eq!(
        q.at, turn.at[0],
        "the decisions before the turn are the search's"
    );
    let (row, col) = (q.right[0] / 5, q.right[0] % 5);
    let rect = h.get_by_label("Chessboard").rect();
    let cell = rect.width() / 5.0;
    let pos = rect.min + egui::Vec2::new((col as f32 + 0.5) * cell, (row as f32 + 0.5) * cell);
    super::click_at(&mut h, pos);
    h.run_steps(3);
    h.get_by_label_contains(
        "1 of the trace's last 3 decisions answered, 1 right at the first try (needs 2 answered, 1 right",
    );
    h.get_all_by_label("Set it up").nth(1).unwrap().click();
    h.run_steps(3);
    super::step_until_traced(&mut h);
    assert_eq!(h.state().knight().steps().guess.fade, Fade::Every);
}
