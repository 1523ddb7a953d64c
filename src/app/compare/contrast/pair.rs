//! A pair of traces on show: where they part in a sentence, and each side's step, board and
//! what followed.

use super::*;

/// Two traces on show, on one timeline.
pub(super) struct PairShown<T: Traced> {
    pub(super) a: Prepared<T>,
    pub(super) b: Prepared<T>,
    pub(super) at: Option<usize>,
    /// What each side ran with, e.g. `tie_break=roth`.
    pub(super) names: [String; 2],
    /// The instance both ran on, e.g. `knight-8x8`, and the search.
    pub(super) on: String,
    /// The setting that differs.
    pub(super) setting: Setting,
    pub(super) play: Playback,
}

impl<T: Traced> PairShown<T> {
    /// The longer trace's length: the timeline's end.
    pub(super) fn len(&self) -> usize {
        self.a.timeline.len().max(self.b.timeline.len())
    }

    pub(super) fn side(&self, k: usize) -> &Prepared<T> {
        if k == 0 { &self.a } else { &self.b }
    }

    /// Where the two part, in a sentence.
    pub(super) fn verdict(&self) -> String {
        let cut = self.a.timeline.trace.cut() || self.b.timeline.trace.cut();
        let alike = self.at.unwrap_or(self.a.timeline.len());
        // Alike up to where the shorter trace ends, and that one was stopped by a limit:
        // the limit parted them, not the setting.
        let (la, lb) = (self.a.timeline.len(), self.b.timeline.len());
        let shorter = if la <= lb { &self.a } else { &self.b };
        if self.at == Some(la.min(lb)) && la != lb && shorter.timeline.trace.limited() {
            return format!(
                "The two searches take the same {alike} steps as far as the shorter trace goes; it was stopped by a limit ({}), so where they part is not known: a longer time limit may tell.",
                shorter.timeline.trace.message()
            );
        }
        match self.at {
            None if cut => format!(
                "The two searches take the same {alike} steps as far as the traces go (the app traces at most {MAX_APP_STEPS} steps)."
            ),
            None => format!(
                "The two searches take the same {alike} steps to the end: changing {} changes nothing here.",
                self.setting_words()
            ),
            Some(0) => format!(
                "The searches part at once: step 1 is where {} makes them differ.",
                self.setting_words()
            ),
            Some(1) => format!(
                "The searches take the same first step; step 2 is where {} makes them differ.",
                self.setting_words()
            ),
            Some(i) => format!(
                "The searches take the same first {i} steps; step {} is where {} makes them differ.",
                i + 1,
                self.setting_words()
            ),
        }
    }

    /// The setting in a sentence: its name, or "the search".
    pub(super) fn setting_words(&self) -> &'static str {
        match self.setting {
            Setting::Search => "the search",
            s => s.name(),
        }
    }

    /// One side: its name, its step's sentence, its board, what followed.
    pub(super) fn side_ui(&self, ui: &mut Ui, k: usize, draw: fn(&mut Ui, &T, &T::State, usize)) {
        let side = self.side(k);
        let trace = &side.timeline.trace;
        let len = side.timeline.len();
        let pos = self.play.pos.min(len);
        let parting = self
            .at
            .is_some_and(|at| at + 1 == pos && self.play.pos <= len);
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!("{}: {}", ["A", "B"][k], self.names[k]))
                    .strong()
                    .color(side_colour(k)),
            );
            if parting {
                ui.label(
                    RichText::new("the step where they part").color(ui.visuals().warn_fg_color),
                );
            }
        });
        let sentence = if self.play.pos > len {
            format!("Its trace ended after step {len}.")
        } else if let Some(i) = pos.checked_sub(1) {
            let told = trace
                .tell(i, i + 1, side.timeline.state_at(i))
                .pop()
                .unwrap_or_default();
            format!("Step {}: {told}", i + 1)
        } else {
            "Before the first step.".into()
        };
        // Three lines whatever the sentence (four in a narrow column), so that both boards
        // stand level.
        let count = if ui.available_width() < 320.0 {
            4.0
        } else {
            3.0
        };
        let lines = count * ui.text_style_height(&egui::TextStyle::Body)
            + (count - 1.0) * ui.spacing().item_spacing.y;
        egui::ScrollArea::vertical()
            .id_salt(("contrast-sentence", k))
            .max_height(lines)
            .min_scrolled_height(lines)
            .auto_shrink([false, false])
            .show(ui, |ui| {
                // Ragged, not justified as a column's labels are.
                ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                    ui.label(sentence)
                });
            });
        let state = side.timeline.state_at(pos);
        let width = ui.available_width();
        // The board is square, its legend under it.
        let height = (width + if width < 320.0 { 150.0 } else { 70.0 }).min(560.0);
        ui.allocate_ui(egui::vec2(width, height), |ui| draw(ui, trace, &state, pos));
        ui.add_space(4.0);
        ui.label(RichText::new("What followed").strong());
        ui.label(format!(
            "{len} steps in all: {}.",
            trace.message().trim_end_matches('.')
        ));
        egui::Grid::new(("contrast-figures", k))
            .num_columns(2)
            .show(ui, |ui| {
                for (label, help, value) in trace.figures() {
                    stat_row(ui, label, help, value);
                }
            });
    }
}
