//! The first-run welcome: one sentence on what SearchLab is for and three ways in (watch a
//! search decide, guess its next decision, play the puzzle yourself), each a link the app
//! opens like any other. It comes up once, on the first start, and the help brings it back.

use egui::RichText;

/// A way in, as the welcome offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Door {
    /// Step by step through Warnsdorff's rule on 8×8, playing from the first move.
    Watch,
    /// The lesson that asks each next move of Warnsdorff's rule before it is made.
    Guess,
    /// A knight's tour of 5×5 by hand, with hints the solvers prove.
    Play,
}

impl Door {
    /// Every door, in the order the welcome shows them.
    pub const ALL: [Door; 3] = [Door::Watch, Door::Guess, Door::Play];

    /// The place the door opens, as a link.
    pub fn link(self) -> &'static str {
        match self {
            Door::Watch => "#v1/knight?board=8x8&start=a8&algo=warnsdorff&mode=steps",
            Door::Guess => "#v1/lesson?file=02-warnsdorff",
            Door::Play => "#v1/knight?board=5x5&start=a5&mode=play",
        }
    }

    /// Its button.
    pub fn title(self) -> &'static str {
        match self {
            Door::Watch => "▶  Watch a search",
            Door::Guess => "?  Guess its next step",
            Door::Play => "♞  Play it yourself",
        }
    }

    /// What it opens, in a sentence under the button.
    pub fn says(self) -> &'static str {
        match self {
            Door::Watch => {
                "Warnsdorff's rule walks a knight over every square of a chessboard, one move at a time; each move is told, and the pseudocode shows the line it runs."
            }
            Door::Guess => {
                "Before each move the app rings the squares the knight may take and asks which one the rule picks; then it shows why."
            }
            Door::Play => {
                "Tour a 5×5 board with the knight yourself: click a ringed square to move, and ask for a hint when stuck (the solvers check it)."
            }
        }
    }
}

/// What came of a frame of the welcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chosen {
    /// Still open.
    Nothing,
    /// Closed without a door: the app as it is.
    Closed,
    /// A door was chosen.
    Door(Door),
}

/// Draws the welcome over the window.
pub fn show(ctx: &egui::Context) -> Chosen {
    let mut chosen = Chosen::Nothing;
    egui::Modal::new(egui::Id::unique("welcome")).show(ctx, |ui| {
        ui.set_max_width(440.0);
        ui.heading("Welcome to SearchLab");
        ui.add(
            egui::Label::new(
                "Watch search algorithms solve chessboard puzzles one decision at a time, and learn why each one decides as it does.",
            )
            .wrap(),
        );
        ui.add_space(6.0);
        for door in Door::ALL {
            let button = egui::Button::new(RichText::new(door.title()).size(17.0).strong())
                .min_size(egui::vec2(ui.available_width(), 34.0));
            if ui.add(button).clicked() {
                chosen = Chosen::Door(door);
            }
            ui.add(egui::Label::new(RichText::new(door.says()).weak()).wrap());
            ui.add_space(6.0);
        }
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            if ui.button("Look around on my own").clicked() {
                chosen = Chosen::Closed;
            }
            ui.label(
                RichText::new("Help (F1) brings this back; Lessons has more.").weak(),
            );
        });
    });
    // Esc closes it too; a click beside it does not (the click that asked for it from
    // the help would close it at once).
    if chosen == Chosen::Nothing && ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        chosen = Chosen::Closed;
    }
    chosen
}
