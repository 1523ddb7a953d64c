//! The Knight's Tour view's run and playback buttons, and its fitness plot.

use super::{INSTANT, KnightView};
use crate::app::puzzles::knight::curve_note;
use crate::app::widgets::plots::{BEST, MEAN, WORST, generation_plot};
use egui::{RichText, Ui};

impl KnightView {
    pub(super) fn run_buttons(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        let can_play = !self.own.tour.is_empty();
        let (mut play, mut step) = (false, false);
        // Play and Step move what is on show: the knight's walk or the construction.
        let construction = self.own.construction.as_ref().filter(|c| c.showing);
        let playing = construction.map_or(self.own.playing, |c| c.playing);
        let label = if playing { "Pause" } else { "Play" };
        let (play_help, step_help) = if construction.is_some() {
            (
                "Play or pause the construction (Space)",
                "One stage of the construction (→; ← goes back)",
            )
        } else {
            (
                "Play or pause the animation (Space)",
                "One move of the animation (→; ← goes back)",
            )
        };
        let blocked = self.hold.as_ref().map(ToString::to_string);
        let pressed = self.live.buttons(
            ui,
            "Start the search (R)",
            blocked.as_deref(),
            |_| {},
            |ui| {
                play = ui
                    .add_enabled(can_play, egui::Button::new(label))
                    .on_hover_text(play_help)
                    .clicked();
                step = ui
                    .add_enabled(can_play, egui::Button::new("Step"))
                    .on_hover_text(step_help)
                    .clicked();
            },
        );
        if pressed.run {
            self.start_run(&ctx);
        }
        if play {
            self.toggle_play();
        }
        if step {
            self.step_animation(1);
        }
        if pressed.stop {
            self.stop_by_user();
        }
        if pressed.reset {
            self.reset();
        }
        ui.horizontal(|ui| {
            let l = ui.label("Speed");
            ui.add(
                egui::Slider::new(&mut self.settings.speed, 1.0..=INSTANT)
                    .logarithmic(true)
                    .custom_formatter(|v, _| {
                        if v >= f64::from(INSTANT) {
                            "instant".into()
                        } else {
                            format!("{v:.0} moves/s")
                        }
                    })
                    .custom_parser(|t| {
                        let t = t.trim().trim_end_matches("moves/s").trim();
                        if t == "instant" {
                            Some(f64::from(INSTANT))
                        } else {
                            t.parse().ok()
                        }
                    }),
            )
            .labelled_by(l.id);
        });
        if !self.own.tour.is_empty() && !self.live.is_running() && !self.showing_construction() {
            ui.horizontal(|ui| {
                let l = ui.label("Move");
                let mut shown = self.own.shown;
                if ui
                    .add(egui::Slider::new(&mut shown, 1..=self.own.tour.len()))
                    .labelled_by(l.id)
                    .changed()
                {
                    self.own.shown = shown;
                    self.own.playing = false;
                }
            });
        }
        ui.checkbox(&mut self.settings.show_degrees, "Show Warnsdorff degrees")
            .on_hover_text("Each free square shows how many free squares a knight could go on to from it; the knight's next choices are highlighted.");
        if self.settings.algorithm.offers(|o| o.belief) {
            ui.checkbox(&mut self.settings.show_belief, "Show belief space")
                .on_hover_text("Colours each square by what the belief space has learned: level 3, the share of top paths through it that came near a tour; level 4, the good transitions learned out of it.");
        }
    }

    /// Best, mean and worst fitness per generation, live.
    pub(super) fn fitness_plot(&self, ui: &mut Ui) {
        let Some(last) = self.live.history.last() else {
            return;
        };
        ui.separator();
        ui.label(RichText::new("Fitness per generation").strong());
        ui.label(format!(
            "generation {}: best {:.1}, mean {:.1}, worst {:.1}",
            last.generation, last.best, last.mean, last.worst
        ));
        ui.label(format!(
            "best path of generation {}: {} squares; diversity {:.0} %",
            last.generation,
            last.best_coverage,
            last.diversity * 100.0
        ));
        let found = (!self.live.is_running()).then(|| self.displayed_tour().is_some());
        generation_plot(
            ui,
            "fitness-plot",
            "fitness plot",
            "generation",
            &self.live.history,
            &[BEST, MEAN, WORST],
            found,
        );
        if let Some(note) = curve_note(&self.live.label, self.live.history.points()) {
            note.show(ui);
        }
    }
}
