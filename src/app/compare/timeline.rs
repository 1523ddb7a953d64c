//! Compare's shared timeline (play, step, speed) and its boards: one per algorithm in
//! rows, or the one picked in the table alone, with the legend they share.

use super::charts::colour;
use super::{CompareView, Lane};
use crate::app::view::View;
use egui::{RichText, Ui};

impl CompareView {
    pub(super) fn toggle_play(&mut self) {
        let end = self.timeline_len();
        if end == 0 {
            return;
        }
        if self.shown >= end {
            self.shown = 0;
        }
        self.playing = !self.playing;
    }

    pub(super) fn step(&mut self, by: isize) {
        self.playing = false;
        self.shown = self
            .shown
            .saturating_add_signed(by)
            .min(self.timeline_len());
    }

    pub(super) fn animate(&mut self, ui: &Ui) {
        if !self.playing {
            return;
        }
        let end = self.timeline_len();
        if self.settings.speed >= crate::app::limits::INSTANT {
            self.shown = end;
        } else {
            let dt = ui.input(|i| i.stable_dt).min(0.1);
            self.carry += dt * self.settings.speed;
            let steps = self.carry.floor();
            self.carry -= steps;
            self.shown = (self.shown + steps as usize).min(end);
        }
        if self.shown >= end {
            self.playing = false;
        } else {
            ui.ctx().request_repaint();
        }
    }

    pub(super) fn timeline(&mut self, ui: &mut Ui) {
        let end = self.timeline_len();
        ui.horizontal_wrapped(|ui| {
            let live = self.lanes.iter().any(Lane::is_live);
            let label = if self.playing { "⏸ Pause" } else { "▶ Play" };
            if ui
                .add_enabled(!live && end > 0, egui::Button::new(label))
                .on_hover_text("Play or pause every board together (Space)")
                .clicked()
            {
                self.toggle_play();
            }
            let l = ui.label("Step");
            let mut shown = self.shown;
            if ui
                .add_enabled(
                    !live && end > 0,
                    egui::Slider::new(&mut shown, 0..=end.max(1)),
                )
                .labelled_by(l.id)
                .on_hover_text("The shared timeline: step k shows the first k moves, queens or cells of every answer (← / →)")
                .changed()
            {
                self.shown = shown;
                self.playing = false;
            }
            let l = ui.label("Speed");
            ui.add(
                egui::Slider::new(&mut self.settings.speed, 1.0..=crate::app::limits::INSTANT)
                    .logarithmic(true)
                    .custom_formatter(|v, _| {
                        if v >= f64::from(crate::app::limits::INSTANT) {
                            "instant".into()
                        } else {
                            format!("{v:.0} steps/s")
                        }
                    }),
            )
            .labelled_by(l.id);
        });
    }

    /// Every algorithm's board, small multiples in rows; the one picked in the table
    /// alone and larger. A legend under them says what their marks mean.
    pub(super) fn boards(&mut self, ui: &mut Ui) {
        let picked = self.selected.filter(|&i| i < self.lanes.len());
        let lanes: Vec<usize> = match picked {
            Some(i) => vec![i],
            None => (0..self.lanes.len()).collect(),
        };
        let count = lanes.len().max(1);
        let gap = 8.0;
        let content_height = ui.ctx().content_rect().height();
        let (width, side) = if picked.is_some() {
            let width = ui.available_width().clamp(140.0, 720.0);
            (width, width.min((content_height * 0.6).max(200.0)))
        } else {
            let width = ((ui.available_width() - gap * (count as f32 - 1.0)) / count as f32)
                .clamp(140.0, 420.0);
            // Boards leave room for the plots below them.
            (width, width.min((content_height * 0.4).max(140.0)))
        };
        let per_row = ((ui.available_width() + gap) / (width + gap))
            .floor()
            .max(1.0) as usize;
        let top = ui.cursor().min;
        if let Some(i) = picked {
            ui.horizontal_wrapped(|ui| {
                ui.label(format!(
                    "{} alone (picked in the table below).",
                    self.lanes[i].name
                ));
                if ui
                    .button("Show every board")
                    .on_hover_text("Or click the algorithm in the table again")
                    .clicked()
                {
                    self.selected = None;
                }
            });
        }
        let mut area: Option<egui::Rect> = None;
        let mut clicked = None;
        let any_live = self.lanes.iter().any(Lane::is_live);
        for chunk in lanes.chunks(per_row) {
            let row = ui.horizontal_top(|ui| {
                for &i in chunk {
                    let lane = &self.lanes[i];
                    ui.allocate_ui(egui::vec2(width, side + 40.0), |ui| {
                        ui.vertical(|ui| {
                            ui.set_width(width);
                            let mark = match (lane.found, &lane.error) {
                                (_, Some(_)) => "✖",
                                (Some(true), _) => "✔",
                                (Some(false), _) => "—",
                                (None, _) => "…",
                            };
                            ui.label(
                                RichText::new(format!("{mark} {}", lane.name))
                                    .strong()
                                    .color(colour(i)),
                            );
                            let seq = lane.sequence();
                            // An answer waits whole for the others; then the timeline plays all.
                            let shown = if any_live {
                                seq.len()
                            } else {
                                self.shown.min(seq.len())
                            };
                            let key =
                                (i as u64) << 40 | shown as u64 | u64::from(lane.is_live()) << 39;
                            ui.allocate_ui(egui::vec2(side, side), |ui| {
                                if let Some(at) = self.ran.instance().draw(ui, seq, shown, key) {
                                    clicked = Some(at);
                                }
                            });
                        });
                    });
                }
            });
            area = Some(area.map_or(row.response.rect, |a| a.union(row.response.rect)));
        }
        self.ran.instance().legend(ui);
        if let Some(a) = area {
            crate::app::export::register(ui.ctx(), "boards", a);
            if std::mem::take(&mut self.scroll_to_boards) {
                // From the line that says which board is on show.
                ui.scroll_to_rect(
                    a.union(egui::Rect::from_min_size(top, egui::Vec2::ZERO)),
                    Some(egui::Align::TOP),
                );
            }
        }
        // A click on a board picks (say) the start square of the next comparison.
        if let Some(at) = clicked
            && !self.is_running()
            && self.settings.puzzle == self.ran.puzzle
            && self.settings.instance().instance_name() == self.ran.instance().instance_name()
        {
            self.settings.instance_mut().clicked(at);
        }
    }
}
