//! Links to a place in the app: opening one sets its tab up as it says (step by step at
//! its step, with Your guess; the run, run), a malformed one changes nothing and says
//! why, and "Copy link" of a place opens the same place in another app.

use super::{Tabs, harness, step_until_idle, step_until_traced};
use egui_kittest::kittest::Queryable;
use searchlab::app::mode::Mode;
use searchlab::app::{SearchLabApp, Tab, View};
use searchlab::puzzle::knight::Board;
use std::time::Duration;

fn opened(link: &str) -> egui_kittest::Harness<'static, SearchLabApp> {
    let mut h = harness();
    h.state_mut().pending_link = Some(link.into());
    step_until_traced(&mut h);
    h
}

/// Backtracking in Warnsdorff's order from a5 on 6×6: step 20 in guess mode is shown, with
/// the path a knight's walk the puzzle module accepts, and the same path as stepping
/// there by hand shows.
#[test]
fn a_link_opens_step_by_step_at_its_step() {
    let link = "#v1/knight?board=6x6&algo=backtrack-warnsdorff&mode=guess&step=20";
    let mut h = opened(link);
    let app = h.state();
    assert_eq!(app.tab, Tab::Puzzle(searchlab::run::knight::PUZZLE));
    assert_eq!(app.knight().mode(), Mode::Steps);
    assert_eq!(app.knight().steps_at(), Some((20, true)));
    assert!(app.notice.as_deref().unwrap().contains("Opened the link"));
    let path = h.state_mut().knight_mut().steps_mut().state().unwrap().path;
    Board::new(6, 6).unwrap().validate_path(&path).unwrap();
    assert_eq!(path.len(), 20);
    let mut by_hand = opened("#v1/knight?board=6x6&algo=backtrack-warnsdorff&mode=steps");
    assert_eq!(by_hand.state().knight().steps_at(), Some((0, false)));
    by_hand.state_mut().knight_mut().steps_mut().seek(20);
    assert_eq!(
        by_hand
            .state_mut()
            .knight_mut()
            .steps_mut()
            .state()
            .unwrap()
            .path,
        path
    );
}

/// The start-up notice (the browser's word on what it cannot do) stands on a line of its
/// own on every tab, never appended to a link's word; a link's word stays on the tab it
/// opened, and the next link's takes its place.
#[test]
fn a_link_says_its_word_apart_from_the_start_up_notice() {
    let mut h = harness();
    h.state_mut().startup_notice = Some("In the browser: Pause needs the desktop app.".into());
    h.state_mut().pending_link =
        Some("#v1/knight?board=6x6&algo=backtrack-warnsdorff&mode=steps".into());
    step_until_traced(&mut h);
    let notice = h.state().notice.clone().unwrap();
    assert!(notice.starts_with("Opened the link."), "{notice}");
    assert!(!notice.contains("Pause needs"), "{notice}");
    // On another tab: the start-up notice, not the link's word.
    h.state_mut().tab = Tab::Experiments;
    h.run();
    assert!(
        h.query_by_label_contains("Pause needs the desktop app")
            .is_some()
    );
    assert!(h.query_by_label_contains("Opened the link").is_none());
    h.state_mut().tab = Tab::Puzzle(searchlab::run::knight::PUZZLE);
    h.run();
    // The next link's word takes the place of this one's: neither piles up.
    h.state_mut().pending_link = Some("#v1/knight?board=5x5&algo=warnsdorff&mode=steps".into());
    step_until_traced(&mut h);
    let notice = h.state().notice.clone().unwrap();
    assert_eq!(notice.matches("Opened the link.").count(), 1, "{notice}");
    // "Got it" takes the start-up notice away.
    h.get_by_label("Got it").click();
    h.run();
    assert!(h.state().startup_notice.is_none());
}

/// "Copy link" of a trace at a step, opened in a new app, shows the same board at the
/// same step of the same search (random tie-breaks: the seed travels too).
#[test]
fn a_copied_link_opens_the_same_place() {
    let mut h =
        opened("#v1/knight?board=6x6&start=c3&algo=backtrack-random&seed=99&mode=steps&step=17");
    let link = h.state_mut().knight_mut().link().expect("a link");
    assert!(link.len() < 300, "{link}");
    assert!(
        link.contains("step=17") && link.contains("seed=99"),
        "{link}"
    );
    let mut again = opened(&link);
    assert_eq!(again.state().knight().steps_at(), Some((17, false)));
    let (a, b) = (
        h.state_mut().knight_mut().steps_mut().state().unwrap().path,
        again
            .state_mut()
            .knight_mut()
            .steps_mut()
            .state()
            .unwrap()
            .path,
    );
    assert_eq!(a, b);
    Board::new(6, 6).unwrap().validate_path(&a).unwrap();
    // Each step enters a square or takes one back: 17 steps hold at most 17 squares.
    assert!(!a.is_empty() && a.len() <= 17, "{a:?}");
}

/// A link past the end of its trace shows the last step and says so.
#[test]
fn a_step_past_the_end_shows_the_last_and_says_so() {
    let h = opened("#v1/knight?board=5x5&algo=warnsdorff&mode=steps&step=5000");
    let (at, _) = h.state().knight().steps_at().unwrap();
    assert_eq!(at, h.state().knight().steps().position().unwrap().1);
    assert!(at < 5000);
}

/// A malformed link leaves every setting as it was and says why.
#[test]
fn a_malformed_link_changes_nothing() {
    let mut h = harness();
    h.run();
    let before = ron::to_string(&h.state().saved_state()).unwrap();
    h.state_mut().pending_link =
        Some("#v1/knight?board=8x8&start=z99&algo=warnsdorff&mode=guess".into());
    h.run();
    let notice = h.state().notice.clone().unwrap();
    assert!(
        notice.contains("could not be opened, so nothing was changed"),
        "{notice}"
    );
    assert!(notice.contains("start"), "{notice}");
    assert_eq!(ron::to_string(&h.state().saved_state()).unwrap(), before);
    assert_eq!(h.state().knight().mode(), Mode::Run);
}

/// A link in the run mode runs its search: eight queens by backtracking, solved.
#[test]
fn a_run_link_runs() {
    let mut h = harness();
    h.state_mut().pending_link = Some("#v1/queens?n=8&algo=backtracking".into());
    h.step();
    step_until_idle(&mut h, Duration::from_secs(10));
    assert_eq!(h.state().tab, Tab::Puzzle(searchlab::run::queens::PUZZLE));
    let status = h.state().queens().status_message().unwrap_or_default();
    assert!(status.contains("none attacking"), "{status}");
}

/// A lesson's link opens the lesson and sets it up.
#[test]
fn a_lesson_link_opens_the_lesson() {
    let mut h = harness();
    h.state_mut().pending_link = Some("#v1/lesson?file=02-warnsdorff".into());
    step_until_traced(&mut h);
    assert!(h.state().lessons.open);
    assert_eq!(h.state().knight().mode(), Mode::Steps);
    assert_eq!(h.state().knight().steps_at().map(|a| a.1), Some(true));
}

/// A link pasted into the window (Ctrl+V while no text field has the keyboard) opens, a
/// button pressed just before notwithstanding.
#[test]
fn a_pasted_link_opens() {
    let mut h = harness();
    h.run();
    h.get_by_label("Copy link").click();
    h.run();
    h.event(egui::Event::Paste(
        "https://example.org/#v1/queens?n=6&algo=backtracking&mode=steps&step=9".into(),
    ));
    step_until_traced(&mut h);
    assert_eq!(h.state().queens().steps_at(), Some((9, false)));
    assert_eq!(h.state().tab, Tab::Puzzle(searchlab::run::queens::PUZZLE));
}

/// A trace whose form changed since it was made has no link (it would lead elsewhere):
/// Copy link says why.
#[test]
fn a_stale_trace_has_no_link() {
    let mut h = opened("#v1/knight?board=6x6&algo=warnsdorff&seed=5&mode=steps&step=3");
    assert!(h.state_mut().knight_mut().link().is_ok());
    h.state_mut().knight_mut().settings.seed = 6;
    let why = h.state_mut().knight_mut().link().unwrap_err();
    assert!(
        why.contains("changed since this search was traced"),
        "{why}"
    );
}

/// A file handed in whole, as a browser's picker or a drop hands it: a run file runs again
/// in its view and is judged the same answer; a lesson file is listed and started; text
/// that is neither, and a file too large, are refused with why.
#[test]
fn a_file_handed_in_whole_opens() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.cols = 5;
    h.state_mut().knight_mut().settings.rows = 5;
    h.state_mut().knight_mut().settings.algorithm = "warnsdorff".parse().unwrap();
    h.run();
    h.get_by_label("▶ Run").click();
    step_until_idle(&mut h, Duration::from_secs(10));
    let file = h
        .state()
        .knight()
        .live
        .record
        .last
        .clone()
        .expect("a finished run");
    let tour = h.state().knight().displayed_tour().unwrap().to_vec();
    Board::new(5, 5)
        .unwrap()
        .validate_tour(&tour, false)
        .unwrap();

    let mut other = harness();
    other.state_mut().knight_mut().settings.speed = searchlab::app::knight::INSTANT;
    other.run();
    let ctx = other.ctx.clone();
    other
        .state_mut()
        .open_file(&ctx, "tour.ron", file.to_ron().as_bytes());
    step_until_idle(&mut other, Duration::from_secs(10));
    other.run();
    assert_eq!(other.state().knight().settings.cols, 5);
    assert_eq!(other.state().knight().displayed_tour(), Some(&tour[..]));
    other.get_by_label_contains("same answer as the saved run");

    let lesson = include_str!("../../lessons/02-warnsdorff.ron");
    other
        .state_mut()
        .open_file(&ctx, "my-lesson.ron", lesson.as_bytes());
    // The lesson traces its search in the background.
    step_until_traced(&mut other);
    assert!(other.state().lessons.open);
    assert!(
        other
            .state()
            .notice
            .as_deref()
            .unwrap()
            .contains("Opened the lesson my-lesson.ron")
    );

    other
        .state_mut()
        .open_file(&ctx, "notes.ron", b"(shopping: [\"eggs\"])");
    let why = other.state().notice.clone().unwrap();
    assert!(why.starts_with("notes.ron could not be opened"), "{why}");
    let big = vec![b' '; searchlab::teach::link::MAX_PAGE_FILE_BYTES + 1];
    other.state_mut().open_file(&ctx, "big.ron", &big);
    let why = other.state().notice.clone().unwrap();
    assert!(why.contains("opens up to 16 MiB"), "{why}");
}

/// `searchlab open FILE` (and a saved run double-clicked in a file manager): a run file
/// handed in at start-up runs again in its tab and is judged against its saved answer;
/// a file that cannot be read, or is not a run or a lesson, opens the app with the
/// reason; an argument holding `#` is a link.
#[test]
fn a_file_opened_at_start_up_replays_or_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let run = dir.path().join("six.ron");
    let saved = std::process::Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args([
            "knight",
            "solve",
            "--board",
            "6x6",
            "--algo",
            "backtrack-random",
        ])
        .args(["--seed", "3", "--save"])
        .arg(&run)
        .output()
        .unwrap();
    assert!(saved.status.success(), "{saved:?}");
    let mut h = harness();
    h.state_mut()
        .open_at_start(searchlab::cli::opening(run.display().to_string()));
    step_until_idle(&mut h, Duration::from_secs(10));
    assert_eq!(h.state().tab, Tab::Puzzle(searchlab::run::knight::PUZZLE));
    let tour = h
        .state()
        .knight()
        .displayed_tour()
        .expect("a tour")
        .to_vec();
    let board = Board::new(6, 6).unwrap();
    assert!(board.validate_tour(&tour, false).is_ok());
    h.get_by_label_contains("same answer as the saved run");

    for (file, why) in [
        (dir.path().join("missing.ron"), "cannot read"),
        (dir.path().to_path_buf(), "not a regular file"),
    ] {
        let mut h = harness();
        h.state_mut()
            .open_at_start(searchlab::cli::opening(file.display().to_string()));
        h.run();
        let notice = h.state().notice.clone().unwrap();
        assert!(
            notice.contains("could not be opened") && notice.contains(why),
            "{notice}"
        );
    }
    let other = dir.path().join("other.ron");
    std::fs::write(&other, "(a: 1)").unwrap();
    let mut h = harness();
    h.state_mut()
        .open_at_start(searchlab::cli::opening(other.display().to_string()));
    h.run();
    let notice = h.state().notice.clone().unwrap();
    assert!(
        notice.starts_with("other.ron could not be opened"),
        "{notice}"
    );

    // A lesson whose file begins with comment lines (as the built-in ones may) is a lesson.
    let lesson = dir.path().join("01-knight-3x4-by-hand.ron");
    let text = std::fs::read_to_string("lessons/01-knight-3x4-by-hand.ron").unwrap();
    assert!(text.starts_with("//"));
    std::fs::write(&lesson, text).unwrap();
    let mut h = harness();
    h.state_mut()
        .open_at_start(searchlab::cli::opening(lesson.display().to_string()));
    h.run();
    let notice = h.state().notice.clone().unwrap();
    assert!(notice.starts_with("Opened the lesson"), "{notice}");

    for link in [
        "#v1/knight?board=5x5&algo=warnsdorff",
        "https://example.org/searchlab/#v1/queens?n=8",
    ] {
        assert!(matches!(
            searchlab::cli::opening(link.into()),
            searchlab::teach::link::Opening::Link(l) if l == link
        ));
        assert_eq!(searchlab::cli::link_refusal(link), None);
    }
    // A link `searchlab open` cannot open is said why before the window opens: a lesson
    // no folder has, or a malformed place.
    let why = searchlab::cli::link_refusal("#v1/lesson?file=no-such-lesson").unwrap();
    assert!(
        why.contains("no lesson is called \"no-such-lesson\""),
        "{why}"
    );
    let why = searchlab::cli::link_refusal("#v1/queens?n=0").unwrap();
    assert!(why.contains("n must be from 1"), "{why}");
    // A file's name may hold a `#`: a path is a file, read or said why.
    let named = dir.path().join("run #2.ron");
    assert!(matches!(
        searchlab::cli::opening(named.display().to_string()),
        searchlab::teach::link::Opening::File(_, Err(why)) if why.contains("cannot read")
    ));
}
