//! A keyboard cursor over a board's squares, so that choosing a start square, playing and
//! answering Your guess need no mouse: B or Tab gives the board the keyboard, the arrows move
//! the cursor, Enter picks the square under it as a click would, Esc lets go. While
//! a board has the keyboard the arrows are its, not the timeline's ([`board_has_keys`]).
//! The board tells the square under the cursor in words, on screen and to screen readers
//! (as the value of its accessible node).

use egui::{Color32, EventFilter, Id, Key, Modifiers, Painter, Rect, Response, Stroke, Ui};

/// Where the board with the keyboard keeps its id, for the keys' dispatch next frame.
fn focused_board() -> Id {
    Id::unique("board-with-the-keyboard")
}

/// Where a press of B leaves word that the next board drawn takes the keyboard.
fn wanted() -> Id {
    Id::unique("a-board-wants-the-keyboard")
}

/// B was pressed: the next board drawn takes the keyboard, without Tab through the form.
pub fn want_keys(ctx: &egui::Context) {
    let frame = ctx.cumulative_frame_nr();
    ctx.data_mut(|d| d.insert_temp(wanted(), frame));
}

/// The cursor this frame: its square `(row, column)` while the board has the keyboard,
/// and the square Enter picked.
#[derive(Debug, Default, Clone, Copy)]
pub struct Cursor {
    /// The square under the cursor; `None` when the board does not have the keyboard.
    pub at: Option<(u32, u32)>,
    /// The square Enter picked this frame.
    pub picked: Option<(u32, u32)>,
}

/// Moves the cursor of the board whose squares are `response` (`rows` × `cols`) by the
/// arrows pressed this frame, and reads Enter. The cursor starts at `home` (the knight's
/// square, say) the first time the board gets the keyboard.
pub fn keys(ui: &Ui, response: &Response, rows: u32, cols: u32, home: (u32, u32)) -> Cursor {
    // Asked this frame or the last: a B pressed where no board takes clicks is forgotten.
    let now = ui.ctx().cumulative_frame_nr();
    if response.sense.senses_click()
        && ui
            .data_mut(|d| d.remove_temp::<u64>(wanted()))
            .is_some_and(|f| f + 1 >= now)
    {
        response.request_focus();
    }
    if !response.has_focus() || rows == 0 || cols == 0 {
        return Cursor::default();
    }
    let id = response.id;
    let arrows = EventFilter {
        horizontal_arrows: true,
        vertical_arrows: true,
        ..Default::default()
    };
    ui.memory_mut(|m| m.set_focus_lock_filter(id, arrows));
    ui.data_mut(|d| d.insert_temp(focused_board(), id));
    let key = id.with("cursor");
    let (mut r, mut c) = ui
        .data(|d| d.get_temp::<(u32, u32)>(key))
        .filter(|&(r, c)| r < rows && c < cols)
        .unwrap_or((home.0.min(rows - 1), home.1.min(cols - 1)));
    let mut enter = false;
    ui.input_mut(|i| {
        let mut pressed = |k: Key| i.consume_key(Modifiers::NONE, k);
        if pressed(Key::ArrowUp) {
            r = r.saturating_sub(1);
        }
        if pressed(Key::ArrowDown) {
            r = (r + 1).min(rows - 1);
        }
        if pressed(Key::ArrowLeft) {
            c = c.saturating_sub(1);
        }
        if pressed(Key::ArrowRight) {
            c = (c + 1).min(cols - 1);
        }
        enter = pressed(Key::Enter);
    });
    ui.data_mut(|d| d.insert_temp(key, (r, c)));
    Cursor {
        at: Some((r, c)),
        picked: enter.then_some((r, c)),
    }
}

/// Whether a board had the keyboard last frame: the arrows move its cursor, not the
/// timeline.
pub fn board_has_keys(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp::<Id>(focused_board()))
        .is_some_and(|id| ctx.memory(|m| m.has_focus(id)))
}

/// The cursor's colour: amber, apart from the boards' blue start and selection rings, the
/// red of attacks and the green of hints.
const CURSOR: Color32 = Color32::from_rgb(255, 196, 0);

/// Whether a widget other than a board has the keyboard (a text field, a focused button):
/// then the app's keys keep off it. A board with the keyboard takes only the arrows and
/// Enter; the other keys act as ever.
pub fn keys_taken(ctx: &egui::Context) -> bool {
    ctx.egui_wants_keyboard_input() && !board_has_keys(ctx)
}

/// Draws the cursor on square `rect` (a thick amber ring with a dark edge, seen on light
/// and dark squares alike) and what the square holds, `told`, in a box just under `room`
/// (the board's squares), over its coordinates and key: never over a square, whose rings
/// a question asks about.
pub fn draw(ui: &Ui, painter: &Painter, rect: Rect, room: Rect, told: &str) {
    painter.rect_stroke(
        rect,
        0.0,
        Stroke::new(1.5, Color32::BLACK),
        egui::StrokeKind::Inside,
    );
    painter.rect_stroke(
        rect.shrink(1.5),
        0.0,
        Stroke::new(3.0, CURSOR),
        egui::StrokeKind::Inside,
    );
    let font = egui::TextStyle::Body.resolve(ui.style());
    let visuals = ui.visuals();
    let wrap = (room.width() - 12.0).clamp(80.0, 360.0);
    let words = format!("{told}\nThe arrows move the amber cursor · Enter picks it · Esc lets go");
    let galley = painter.layout(words, font, visuals.text_color(), wrap);
    let size = galley.size() + egui::vec2(12.0, 8.0);
    // Under the squares, beneath the cursor's file as far as the board's width allows.
    let top = room.max.y + 2.0;
    let left = rect
        .min
        .x
        .clamp(room.min.x, (room.max.x - size.x).max(room.min.x));
    let frame = Rect::from_min_size(egui::pos2(left, top), size);
    let on_top = painter.clone().with_layer_id(egui::LayerId::new(
        egui::Order::Tooltip,
        egui::Id::unique("board-cursor-words"),
    ));
    on_top.rect(
        frame,
        4.0,
        visuals.window_fill,
        Stroke::new(1.0, CURSOR),
        egui::StrokeKind::Inside,
    );
    on_top.galley(
        frame.min + egui::vec2(6.0, 4.0),
        galley,
        visuals.text_color(),
    );
}

/// The accessible node of a board with the cursor on it: its name, and what the square
/// under the cursor holds as its value.
pub fn tell(response: &Response, name: &'static str, told: Option<&str>) {
    let told = told.map(str::to_string);
    response.widget_info(|| {
        let mut info = egui::WidgetInfo::labeled(egui::Role::Canvas, true, name);
        info.current_text_value.clone_from(&told);
        info
    });
}
