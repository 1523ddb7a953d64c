//! A search's timeline: to the start, one step back, play or pause, one step on, to the
//! end; a speed from one step a second to full speed; and a slider over every step with
//! marks where the notable steps are (dead ends, restarts, new bests, solutions), each
//! kind in a colour its legend names.

use super::legend::{self, Mark};
use egui::{Color32, Pos2, Rect, Sense, Stroke, Ui, vec2};

/// The fastest speed, in steps a second: "full speed".
pub const FULL_SPEED: f32 = 1_000_000.0;

/// Where the steps of one kind are.
pub struct Marks<'a> {
    /// What they are, for the legend.
    pub label: &'a str,
    /// The colour of their ticks on the slider and of their swatch in the legend.
    pub colour: Color32,
    /// The steps' indices, ascending.
    pub at: &'a [u32],
}

/// The timeline's state.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Playback {
    /// Steps applied: 0 (before the first) to the number of steps.
    pub pos: usize,
    /// Whether it plays: `pos` moves on at `speed` and stops at the last step.
    pub playing: bool,
    /// Steps a second.
    pub speed: f32,
    carry: f32,
}

impl Default for Playback {
    fn default() -> Self {
        Playback {
            pos: 0,
            playing: false,
            speed: 4.0,
            carry: 0.0,
        }
    }
}

impl Playback {
    /// Moves the position on by the time `dt` (seconds) is worth at the speed, up to `len`;
    /// stops playing at the end. Returns whether the position moved.
    pub fn advance(&mut self, dt: f32, len: usize) -> bool {
        if !self.playing {
            return false;
        }
        if self.pos >= len {
            self.playing = false;
            return false;
        }
        self.carry += dt * self.speed;
        let steps = self.carry.floor();
        self.carry -= steps;
        let before = self.pos;
        self.pos = (self.pos + steps as usize).min(len);
        if self.pos >= len {
            self.playing = false;
        }
        self.pos != before
    }

    /// Play or pause; playing from the end starts again from the beginning.
    pub fn toggle(&mut self, len: usize) {
        if !self.playing && self.pos >= len {
            self.pos = 0;
        }
        self.playing = !self.playing;
        self.carry = 0.0;
    }

    /// Moves by `by` steps and pauses.
    pub fn step(&mut self, by: isize, len: usize) {
        self.playing = false;
        self.pos = self.pos.saturating_add_signed(by).min(len);
    }

    /// Goes to position `pos` and pauses.
    pub fn seek(&mut self, pos: usize, len: usize) {
        self.playing = false;
        self.pos = pos.min(len);
    }
}

/// The buttons, the speed and the slider with its marks and their legend; `end_hint` says
/// where End goes.
pub fn timeline(ui: &mut Ui, play: &mut Playback, len: usize, marks: &[Marks], end_hint: &str) {
    // On a narrow panel the speed joins the buttons' row as a number to drag or type, so
    // the board below keeps its room.
    let compact = ui.available_width() < 640.0;
    // Wrapped: in a narrow window the speed goes under the buttons.
    ui.horizontal_wrapped(|ui| {
        transport(ui, play, len, compact, end_hint);
        let group = |k: usize| crate::run::catalog::group_thousands(k as u64);
        ui.label(format!("step {} of {}", group(play.pos), group(len)));
        if compact {
            let l = ui.label("Speed");
            ui.add(
                egui::DragValue::new(&mut play.speed)
                    .range(1.0..=FULL_SPEED)
                    .speed(0.5)
                    .custom_formatter(speed_text)
                    .custom_parser(speed_value),
            )
            .labelled_by(l.id)
            .on_hover_text("Steps a second while playing, from one a second to full speed: drag, or type a number");
        }
    });
    // The speed on a line of its own, its slider as wide as the room left for it.
    if !compact {
        ui.horizontal(|ui| {
            ui.label("Speed");
            ui.spacing_mut().slider_width = (ui.available_width() - 110.0).clamp(60.0, 220.0);
            ui.add(
                egui::Slider::new(&mut play.speed, 1.0..=FULL_SPEED)
                    .logarithmic(true)
                    .custom_formatter(speed_text)
                    .custom_parser(speed_value),
            )
            .on_hover_text("Steps a second while playing, from one a second to full speed");
        });
    }
    slider(ui, play, len, marks);
    legend::row(ui, |ui| {
        for m in marks.iter().filter(|m| !m.at.is_empty()) {
            legend::swatch(ui, Mark::Fill(m.colour), m.label);
        }
        legend::swatch(
            ui,
            Mark::Line(ui.visuals().text_color()),
            "the step on show",
        );
    });
}

/// The transport's buttons: start, back, play or pause, step, end (`compact`: their signs
/// alone, their names on hover).
fn transport(ui: &mut Ui, play: &mut Playback, len: usize, compact: bool, end_hint: &str) {
    let at_start = play.pos == 0;
    let at_end = play.pos >= len;
    // Narrow, the buttons keep their signs and say their names on hover.
    let name = |sign: &'static str, word: &'static str| {
        if compact {
            sign.to_string()
        } else {
            format!("{sign} {word}")
        }
    };
    if ui
        .add_enabled(!at_start, egui::Button::new(name("⏮", "Start")))
        .on_hover_text("To the start")
        .clicked()
    {
        play.seek(0, len);
    }
    if ui
        .add_enabled(!at_start, egui::Button::new(name("◀", "Back")))
        .on_hover_text("One step back (←)")
        .clicked()
    {
        play.step(-1, len);
    }
    let (icon, help) = if play.playing {
        (name("⏸", "Pause"), "Pause (Space)")
    } else {
        (name("▶", "Play"), "Play from here (Space)")
    };
    if ui
        .add_enabled(len > 0, egui::Button::new(icon))
        .on_hover_text(help)
        .clicked()
    {
        play.toggle(len);
    }
    if ui
        .add_enabled(
            !at_end,
            egui::Button::new(if compact { "▶|" } else { "Step ▶" }),
        )
        .on_hover_text("One step on (→)")
        .clicked()
    {
        play.step(1, len);
    }
    if ui
        .add_enabled(
            !at_end,
            egui::Button::new(if compact { "⏭" } else { "End ⏭" }),
        )
        .on_hover_text(end_hint)
        .clicked()
    {
        play.seek(len, len);
    }
}

/// A speed as the slider shows it: "12 steps/s", or "full speed".
fn speed_text(v: f64, _: std::ops::RangeInclusive<usize>) -> String {
    if v >= f64::from(FULL_SPEED) {
        "full speed".into()
    } else {
        format!("{v:.0} steps/s")
    }
}

/// A speed typed as the slider shows it.
fn speed_value(t: &str) -> Option<f64> {
    let t = t.trim().trim_end_matches("steps/s").trim();
    if t == "full speed" {
        Some(f64::from(FULL_SPEED))
    } else {
        t.parse().ok()
    }
}

/// The slider over every step: a bar, the marks, the position; a click or a drag seeks.
fn slider(ui: &mut Ui, play: &mut Playback, len: usize, marks: &[Marks]) {
    let width = ui.available_width().max(100.0);
    let (rect, response) = ui.allocate_exact_size(vec2(width, 26.0), Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Slider, true, "Search timeline"));
    let bar = Rect::from_min_max(
        Pos2::new(rect.min.x + 6.0, rect.min.y + 8.0),
        Pos2::new(rect.max.x - 6.0, rect.max.y - 8.0),
    );
    let x_of = |pos: usize| bar.min.x + bar.width() * pos as f32 / len.max(1) as f32;
    if let Some(p) = response.interact_pointer_pos()
        && (response.clicked() || response.dragged())
    {
        let t = ((p.x - bar.min.x) / bar.width()).clamp(0.0, 1.0);
        play.seek((t * len as f32).round() as usize, len);
    }
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    painter.rect_filled(bar, 3.0, visuals.extreme_bg_color);
    painter.rect_stroke(
        bar,
        3.0,
        visuals.widgets.inactive.bg_stroke,
        egui::StrokeKind::Inside,
    );
    // One mark per pixel column at most: a million steps draw as fast as ten.
    let columns = bar.width().max(1.0) as usize;
    for (row, m) in marks.iter().enumerate() {
        let mut seen = vec![false; columns + 1];
        let (top, bottom) = (
            bar.min.y + 1.0 + row as f32 * 2.0,
            bar.max.y - 1.0 - row as f32 * 0.0,
        );
        for &i in m.at {
            let x = x_of(i as usize + 1);
            let c = ((x - bar.min.x) as usize).min(columns);
            if !std::mem::replace(&mut seen[c], true) {
                painter.line_segment(
                    [Pos2::new(x, top), Pos2::new(x, bottom)],
                    Stroke::new(1.5, m.colour),
                );
            }
        }
    }
    let x = x_of(play.pos);
    painter.line_segment(
        [
            Pos2::new(x, rect.min.y + 2.0),
            Pos2::new(x, rect.max.y - 2.0),
        ],
        Stroke::new(3.0, visuals.text_color()),
    );
    response.on_hover_text("Click or drag to go to any step");
}
