//! Every puzzle of the registry, in every mode its tab offers, on the tab alone (as egui's
//! demo app tries each of its demos): the tab takes a lesson's set-up of its own place in
//! that mode and shows it, drawing its three panels. A puzzle added to the list of tabs is
//! tried here with no test written for it.

use egui::Vec2;
use egui_kittest::Harness;
use searchlab::app::mode::Mode;
use searchlab::app::runs::Action;
use searchlab::app::tab::PuzzleView;
use searchlab::app::tabs::TABS;
use searchlab::run::setup::{Choice, LessonMode, Setup};
use std::time::{Duration, Instant};

/// A tab alone in a window, its three panels laid out as the shell lays them, drawn with
/// the app's fonts.
fn alone(view: Box<dyn PuzzleView>) -> Harness<'static, Box<dyn PuzzleView>> {
    let h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_ui_state(
            |ui, tab: &mut Box<dyn PuzzleView>| {
                tab.logic(ui.ctx());
                egui::Panel::left("controls").show(ui, |ui| tab.controls(ui));
                egui::Panel::right("stats").show(ui, |ui| tab.stats(ui));
                egui::CentralPanel::default().show(ui, |ui| tab.main_ui(ui));
            },
            view,
        );
    searchlab::app::set_look(&h.ctx);
    h
}

/// Steps the harness until `done` holds of the tab (at most 60 s).
fn until(h: &mut Harness<'static, Box<dyn PuzzleView>>, done: impl Fn(&dyn PuzzleView) -> bool) {
    let began = Instant::now();
    while !done(h.state().as_ref()) {
        assert!(began.elapsed() < Duration::from_secs(60), "never came");
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    h.run_steps(2);
}

#[test]
fn every_puzzle_tab_shows_every_mode_it_offers() {
    for def in TABS {
        let name = def.id().title();
        let mut offered = Vec::new();
        for mode in [
            LessonMode::Run,
            LessonMode::Play,
            LessonMode::Steps,
            LessonMode::Guess,
        ] {
            let mut h = alone(def.tab(&*def.default_form()));
            h.run_steps(2);
            // The tab's own place (its instance and algorithm), in `mode`.
            let choice = Choice {
                mode,
                ..Default::default()
            };
            let game = h.state().game(choice);
            let on = game.expect("every puzzle's tab has a place to set up").on;
            let setup = Setup::new(on);
            // A puzzle that does not offer the mode says why (magic squares are not
            // traced step by step).
            if setup.check().is_err() {
                continue;
            }
            offered.push(mode);
            let ctx = h.ctx.clone();
            assert!(
                h.state_mut().set_up_lesson(&ctx, &setup),
                "{name} refused its own place in {mode:?}"
            );
            h.run_steps(2);
            assert_eq!(
                h.state().mode(),
                Mode::of_lesson(mode),
                "{name} in {mode:?}"
            );
            match mode {
                LessonMode::Run => {
                    h.state_mut().act(&ctx, Action::Run);
                    until(&mut h, |t| t.record().is_some_and(|r| r.last.is_some()));
                    let run = h.state().record().and_then(|r| r.last.clone()).unwrap();
                    assert_eq!(run.job.id(), def.id(), "{name}'s run is of its puzzle");
                }
                LessonMode::Play => {
                    let game = h.state().game(Choice::default()).unwrap();
                    assert!(game.playing, "{name} plays");
                }
                LessonMode::Steps | LessonMode::Guess => {
                    until(&mut h, |t| t.traced().is_some());
                    let (job, guess) = h.state().traced().unwrap();
                    assert!(
                        setup.set_up().traced_matches(&job),
                        "{name} traced its own search"
                    );
                    assert_eq!(guess.on, mode == LessonMode::Guess, "{name} in {mode:?}");
                }
            }
        }
        assert!(
            offered.contains(&LessonMode::Run) && offered.contains(&LessonMode::Play),
            "{name} offers {offered:?}"
        );
    }
}
