//! Beside a search's timeline: its algorithm with the line being executed lit (as
//! pseudocode or in plain English), and the log of its steps, one sentence each, the step
//! on show lit; a click on a line of the log goes to that step.

use crate::run::trace::pseudocode::Pseudocode;
use egui::{Color32, RichText, Ui};

/// The algorithm, `lit` line highlighted; a switch between pseudocode and plain English.
pub fn pseudocode(ui: &mut Ui, code: &Pseudocode, lit: Option<usize>, english: &mut bool) {
    ui.strong(&code.title);
    ui.horizontal_wrapped(|ui| {
        ui.selectable_value(english, false, "Pseudocode")
            .on_hover_text("The algorithm as pseudocode");
        ui.selectable_value(english, true, "Plain English")
            .on_hover_text("The same lines as plain sentences");
    });
    let lit_fill = ui.visuals().selection.bg_fill;
    let lit_text = ui.visuals().strong_text_color();
    // The line that begins the subgoal of the lit line.
    let lit_group = lit.and_then(|l| {
        (0..=l)
            .rev()
            .find(|&i| code.lines.get(i).is_some_and(|line| line.goal.is_some()))
    });
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        for (i, line) in code.lines.iter().enumerate() {
            // Each subgoal's name above its lines, the one on show strong.
            if let Some(goal) = line.goal {
                let indent = "    ".repeat(line.indent as usize);
                // A size of its own, under the body's (`small` is about 6 points on a
                // screen, too small to read).
                let size = egui::TextStyle::Body.resolve(ui.style()).size * 0.8;
                let name = RichText::new(format!("{indent}{}", goal.label().to_uppercase()))
                    .size(size.max(10.5));
                let name = if lit_group == Some(i) {
                    name.strong().color(lit_text)
                } else {
                    name.weak()
                };
                ui.label(name).on_hover_text(format!(
                    "Subgoal: {} The lines under this name do it.",
                    goal.meaning()
                ));
            }
            let text = if *english { &line.english } else { &line.code };
            let indent = "    ".repeat(line.indent as usize);
            let mut rich = if *english {
                RichText::new(format!("{indent}{text}"))
            } else {
                RichText::new(format!("{indent}{text}")).monospace()
            };
            let on = lit == Some(i);
            if on {
                rich = rich.background_color(lit_fill).color(lit_text);
            }
            let label = ui.add(egui::Label::new(rich).wrap());
            if on {
                label.on_hover_text("The line the step on show executes");
            }
        }
    });
}

/// The log: `lines` are `(step index, sentence)` in order; `current` the step on show.
/// Returns the step clicked.
pub fn step_log(
    ui: &mut Ui,
    lines: &[(usize, String)],
    current: Option<usize>,
    height: f32,
    scroll_to_current: bool,
) -> Option<usize> {
    let mut clicked = None;
    let width = lines.last().map_or(1, |l| (l.0 + 1).to_string().len());
    egui::ScrollArea::vertical()
        .id_salt("step-log")
        .max_height(height)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for (index, text) in lines {
                let on = current == Some(*index);
                let mut rich = RichText::new(format!("{:>width$}  {text}", index + 1));
                if on {
                    rich = rich.strong();
                }
                let response = ui
                    .add(egui::Button::selectable(on, rich).wrap())
                    .on_hover_text("Go to this step");
                if response.clicked() {
                    clicked = Some(*index);
                }
                if on && scroll_to_current {
                    response.scroll_to_me(Some(egui::Align::Center));
                }
            }
        });
    clicked
}

/// The colours of a timeline's marks: dead ends and backtracks, restarts, new bests,
/// solutions (readable on the theme in use).
pub fn mark_colours(dark_mode: bool, safe: bool) -> [Color32; 4] {
    use super::legend::OKABE_ITO as OI;
    if safe {
        // Vermillion, sky blue, yellow (orange on a light background, where yellow is too
        // faint), blue: Okabe–Ito colours far apart for all three dichromacies.
        let third = if dark_mode { OI[3] } else { OI[0] };
        return [OI[5], OI[1], third, OI[4]];
    }
    if dark_mode {
        [
            Color32::from_rgb(255, 110, 110),
            Color32::from_rgb(120, 180, 255),
            Color32::from_rgb(250, 210, 80),
            Color32::from_rgb(110, 230, 120),
        ]
    } else {
        [
            Color32::from_rgb(190, 30, 30),
            Color32::from_rgb(20, 90, 200),
            Color32::from_rgb(170, 120, 0),
            Color32::from_rgb(0, 130, 40),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::widgets::legend::apart;

    /// The slider's four kinds of mark stay apart for every dichromacy with the
    /// colour-blind-safe setting.
    #[test]
    fn the_safe_mark_colours_stay_apart_for_every_dichromacy() {
        for dark in [true, false] {
            let c = mark_colours(dark, true);
            for i in 0..4 {
                for j in i + 1..4 {
                    for d in 0..3 {
                        let gap = apart(c[i], c[j], d);
                        assert!(
                            gap >= 60.0,
                            "marks {i} and {j} (dark {dark}), dichromacy {d}: {gap}"
                        );
                    }
                }
                // And each stands out from the panel behind it (WCAG contrast 2:1 at least).
                let panel = if dark {
                    Color32::from_gray(27)
                } else {
                    Color32::from_gray(248)
                };
                let ratio = crate::app::widgets::legend::contrast(c[i], panel);
                assert!(ratio >= 2.0, "mark {i} (dark {dark}): contrast {ratio}");
            }
        }
    }
}
