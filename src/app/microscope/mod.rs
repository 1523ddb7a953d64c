//! The GA microscope in the app: pick a generation of an evolutionary run and a child of
//! the next one, and see how it was made: its parents and the tournament that picked
//! them, the crossover and its cut points, each gene a repair or a mutation changed, and
//! the scores; what the belief space learned. The run is made again on a background thread
//! (same seed, same settings: the same search) up to that generation.

mod story;

use super::background::{AsRon, Background, Task, Work};
use super::mode::Mode;
use super::widgets::legend::{Mark, swatch};
use crate::run::Job;
use crate::run::microscope::{Looked, MicroscopeJob};
use crate::solve::microscope::{Bred, Breeding, Change, ChangeKind, Child, NEW, Origin};
use egui::{Align2, Color32, FontId, Rect, RichText, Sense, Stroke, StrokeKind, Ui, pos2, vec2};
use story::{Guesses, changes, genes, story, unguessed};

/// What a finished look gives: the generation looked at and what was seen, or why not.
type Outcome = (u64, Result<Option<Looked>, String>);

/// The microscope's state in a puzzle's view.
#[derive(Default)]
pub struct Microscope {
    /// The generation in the field.
    generation: u64,
    /// The child of the next generation looked at.
    child: usize,
    /// What the board shows: the child (`None`) or parent `k`.
    board: Option<usize>,
    running: Option<Background<Outcome>>,
    looked: Option<(u64, Looked)>,
    /// The run the look (or the look under way, or its error) is about: under another
    /// run it is dropped (see [`Microscope::on_show`]).
    looked_for: Option<Job>,
    error: Option<String>,
    /// "Your guess": each tournament's winner is asked before it is told.
    pub guess_on: bool,
    /// The member guessed to win each tournament of the run looked at, by `(generation,
    /// child, parent)`, and whether it was right.
    guesses: std::collections::BTreeMap<TournamentKey, (usize, bool)>,
    /// The run the guesses are about: another run (seed, settings) asks afresh.
    guessed_run: Option<Job>,
    /// Tournament guesses right, and made, this session (over every run).
    score: (usize, usize),
}

/// A tournament to guess: the generation, child and parent it picked.
type TournamentKey = (u64, usize, usize);

/// The colours of a gene's sources: parent 1, parent 2, a third source, made afresh.
fn source_colours(dark: bool) -> [Color32; 4] {
    if dark {
        [
            Color32::from_rgb(70, 130, 200),
            Color32::from_rgb(200, 130, 50),
            Color32::from_rgb(150, 90, 190),
            Color32::from_gray(110),
        ]
    } else {
        [
            Color32::from_rgb(120, 170, 230),
            Color32::from_rgb(240, 170, 90),
            Color32::from_rgb(190, 140, 220),
            Color32::from_gray(190),
        ]
    }
}

fn change_colour(kind: ChangeKind, dark: bool) -> Color32 {
    match (kind, dark) {
        (ChangeKind::Mutation, true) => Color32::from_rgb(255, 80, 80),
        (ChangeKind::Mutation, false) => Color32::from_rgb(200, 0, 0),
        (ChangeKind::Repair, true) => Color32::from_rgb(90, 230, 120),
        (ChangeKind::Repair, false) => Color32::from_rgb(0, 140, 40),
        (ChangeKind::Decoding, true) => Color32::from_gray(235),
        (ChangeKind::Decoding, false) => Color32::from_gray(20),
    }
}

/// A score as people write it: whole numbers without decimals.
fn score(s: f64) -> String {
    if s.fract() == 0.0 && s.abs() < 1e15 {
        format!("{s:.0}")
    } else {
        format!("{s:.2}")
    }
}

impl Microscope {
    /// Whether a look is under way.
    pub fn busy(&self) -> bool {
        self.running.is_some()
    }

    /// The generation looked at last, if any.
    pub fn looked_at(&self) -> Option<u64> {
        self.looked.as_ref().map(|l| l.0)
    }

    /// The child of the next generation on show.
    pub fn child(&self) -> usize {
        self.child
    }

    /// Shows child `k` of the next generation.
    pub fn set_child(&mut self, k: usize) {
        self.child = k;
    }

    /// Guesses that member `member` wins the tournament that picked parent `parent` of
    /// child `child` of the generation on show (the first guess stands).
    pub fn guess(&mut self, child: usize, parent: usize, member: usize) {
        if let Some(b) = self.breeding().cloned() {
            self.record_guess(&b, child, parent, member);
        }
    }

    /// [`Microscope::guess`] about the record `b`.
    fn record_guess(&mut self, b: &Breeding, child: usize, parent: usize, member: usize) {
        let winner = match b.children.get(child).map(|c| &c.origin) {
            Some(Origin::Bred(bred)) => bred.parents.get(parent).map(|p| p.index),
            _ => None,
        };
        let Some(winner) = winner else { return };
        let key = (b.generation, child, parent);
        if self.guesses.contains_key(&key) {
            return;
        }
        // An entrant that scores as well as the winner is as right: a tie is settled by
        // the draw, which the student cannot see.
        let right = b.members.get(member).map(|m| m.score) == Some(b.members[winner].score);
        self.guesses.insert(key, (member, right));
        self.score.0 += usize::from(right);
        self.score.1 += 1;
    }

    /// Tournament guesses right, and made, this session.
    pub fn guess_score(&self) -> (usize, usize) {
        self.score
    }

    /// The record on show.
    pub fn breeding(&self) -> Option<&Breeding> {
        match &self.looked {
            Some((_, Looked::Bred(b))) => Some(b),
            _ => None,
        }
    }

    /// Whether the microscope is on show for `job`, the run the view would start now: only
    /// when it was switched on and `job` is one it looks into. A look made for another run
    /// (another algorithm, board, seed or setting) is dropped, so that what it shows is
    /// always about this run.
    pub fn on_show(&mut self, job: &Job, mode: Mode) -> bool {
        if self.looked_for.as_ref().is_some_and(|j| j != job) {
            if let Some(r) = self.running.take() {
                r.cancel();
            }
            self.looked = None;
            self.error = None;
            self.looked_for = None;
        }
        mode == Mode::Microscope && crate::run::microscope::refusal(job).is_none()
    }

    /// Starts looking at generation `generation` of `job` (the tab shows it:
    /// [`Mode::Microscope`]).
    pub fn start(&mut self, ctx: &egui::Context, job: Job, generation: u64) {
        if let Some(r) = self.running.take() {
            r.cancel();
        }
        self.looked_for = Some(job.clone());
        self.generation = generation;
        self.error = None;
        if self.guessed_run.as_ref() != Some(&job) {
            self.guesses.clear();
            self.guessed_run = Some(job.clone());
        }
        let micro = MicroscopeJob { job, generation };
        if let Err(e) = micro.check() {
            self.error = Some(e.to_string());
            return;
        }
        self.running = Some(Background::task(ctx, MicroscopeTask(AsRon(micro))));
    }

    /// Takes a finished look (the tab's `logic` calls it every frame).
    pub fn logic(&mut self) {
        let Some(r) = &self.running else { return };
        for (generation, result) in r.take() {
            match result {
                Ok(Some(looked)) => {
                    let len = match &looked {
                        Looked::Bred(b) => b.children.len(),
                        Looked::Ended { .. } => 0,
                    };
                    if self.child >= len {
                        self.child = 0;
                    }
                    self.looked = Some((generation, looked));
                }
                Ok(None) => {}
                Err(e) => self.error = Some(e),
            }
        }
        if r.has_ended() {
            if let Some(why) = r.refused() {
                self.error = Some(why);
            }
            self.running = None;
        }
    }

    /// "GA microscope" (disabled with `refusal` or `held` as the reason) and the switch
    /// between the run and the microscope; `last` is the last generation of the run on
    /// show (where the microscope opens). Returns the generation to look at when pressed.
    pub fn controls(
        &mut self,
        ui: &mut Ui,
        refusal: Option<String>,
        held: Option<String>,
        last: Option<u64>,
        mode: &mut Mode,
    ) -> Option<u64> {
        let button = ui
            .add_enabled(
                refusal.is_none() && held.is_none(),
                egui::Button::new("GA microscope"),
            )
            .on_hover_text(
                "See how one generation bred the next: a child's parents and how they were picked, the crossover, each mutation and repair, the scores",
            );
        let mut pressed = None;
        if let Some(why) = refusal.as_ref().or(held.as_ref()) {
            button.on_disabled_hover_text(why.clone());
        } else if button.clicked() {
            // Open at the run's last generation but one (the last one bred nothing), or at
            // the first.
            pressed = Some(match (self.looked_at(), last) {
                (Some(g), _) => g,
                (None, Some(last)) => last.saturating_sub(1).max(1),
                (None, None) => 1,
            });
        }
        if self.looked.is_some() || self.busy() || self.error.is_some() {
            let hover = "How one generation bred the next";
            crate::app::mode::switch(ui, mode, Mode::Microscope, "Microscope", hover);
        }
        pressed
    }

    /// The microscope: the generation and child pickers, the story of the child, its genes
    /// beside its parents', and the board `draw` draws for a state (`shown`, with an id
    /// for its texture).
    pub fn main_ui(
        &mut self,
        ui: &mut Ui,
        job: impl FnOnce() -> Job,
        draw: impl FnOnce(&mut Ui, &[u32], u64),
    ) {
        // Keep to the part of the panel on screen (a wide row must not widen the rest).
        let visible = ui.clip_rect().right() - ui.max_rect().left() - 8.0;
        ui.set_max_width(visible.min(ui.available_width()));
        let mut look = None;
        ui.horizontal_wrapped(|ui| {
            ui.strong("GA microscope");
            let l = ui.label("Generation");
            let field = ui
                .add(egui::DragValue::new(&mut self.generation).range(0..=100_000_000))
                .labelled_by(l.id);
            field.on_hover_text(
                "The generation whose breeding to see: the run is made again, same seed, up to it",
            );
            if ui.button("Look").clicked() {
                look = Some(self.generation);
            }
            if ui
                .add_enabled(self.generation > 0, egui::Button::new("◀ Earlier"))
                .on_hover_text("The generation before")
                .clicked()
            {
                look = Some(self.generation - 1);
            }
            if ui
                .button("Later ▶")
                .on_hover_text("The generation after")
                .clicked()
            {
                look = Some(self.generation + 1);
            }
            if let Some(r) = &self.running {
                crate::app::widgets::spinner::spinner(ui);
                ui.label(format!(
                    "Making the run again up to generation {}…",
                    self.generation
                ));
                if ui.button("Stop").clicked() {
                    r.cancel();
                }
            }
        });
        if let Some(g) = look {
            self.start(ui.ctx(), job(), g);
        }
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, format!("Nothing to show: {e}"));
        }
        let Some((generation, looked)) = self.looked.take() else {
            if !self.busy() && self.error.is_none() {
                ui.label("Press Look to see how a generation bred the next.");
            }
            return;
        };
        self.record_ui(ui, generation, &looked, draw);
        self.looked = Some((generation, looked));
    }

    /// The record of generation `generation`: the child picker, the board and the story.
    fn record_ui(
        &mut self,
        ui: &mut Ui,
        generation: u64,
        looked: &Looked,
        draw: impl FnOnce(&mut Ui, &[u32], u64),
    ) {
        let b = match looked {
            Looked::Ended { last } => {
                ui.label(format!(
                    "The run ended at generation {last}, before it bred anything from generation {generation}: it found what it looked for, or its generations or its time ran out. Look at an earlier generation."
                ));
                return;
            }
            Looked::Bred(b) => b,
        };
        if b.children.is_empty() {
            ui.label(format!(
                "Generation {generation} held what the run looked for, so the run stopped there without breeding. Look at an earlier generation."
            ));
            return;
        }
        let last = b.children.len() - 1;
        self.child_row(ui, b, generation);
        let child = &b.children[self.child.min(last)];
        let parents: Vec<usize> = match &child.origin {
            Origin::Bred(bred) => bred.parents.iter().map(|p| p.index).collect(),
            Origin::Survivor { from, .. } => vec![*from],
            Origin::Fresh { .. } => Vec::new(),
        };
        if self.board.is_some_and(|k| k >= parents.len()) {
            self.board = None;
        }
        let full = ui
            .available_width()
            .min(ui.clip_rect().right() - ui.cursor().left() - 8.0);
        let wide = full >= 600.0;
        // Narrow, the board stands above the story: most of the height is its, and the
        // story scrolls under it.
        let board_side = if wide {
            (ui.available_width() * 0.45).min(ui.available_height() - 40.0)
        } else {
            (ui.available_width()).min(ui.available_height() * 0.7)
        }
        .max(120.0);
        let board_ui = |ui: &mut Ui, this: &mut Microscope| {
            ui.vertical(|ui| {
                ui.set_width(board_side);
                ui.horizontal_wrapped(|ui| {
                    ui.label("Board:");
                    ui.selectable_value(&mut this.board, None, "child");
                    for k in 0..parents.len() {
                        ui.selectable_value(&mut this.board, Some(k), format!("parent {}", k + 1));
                    }
                });
                let (state, id) = match this.board {
                    None => (&child.shown, 1_000_000 + this.child as u64),
                    Some(k) => (&b.members[parents[k]].shown, parents[k] as u64),
                };
                // Room for the board and its legend under it.
                ui.allocate_ui(vec2(board_side, board_side + 90.0), |ui| {
                    draw(ui, state, generation * 10_000_000 + id);
                });
            });
        };
        let text = |ui: &mut Ui, this: &Microscope| story_text(ui, this, b, child, generation);
        let mut guessed = None;
        if wide {
            ui.horizontal_top(|ui| {
                board_ui(ui, self);
                ui.vertical(|ui| {
                    egui::ScrollArea::vertical()
                        .id_salt("microscope-story")
                        .auto_shrink([false, false])
                        .show(ui, |ui| guessed = text(ui, self));
                });
            });
        } else {
            // Narrow: the board and the story scroll together.
            egui::ScrollArea::vertical()
                .id_salt("microscope-narrow")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    ui.set_max_width(full);
                    board_ui(ui, self);
                    guessed = text(ui, self);
                });
        }
        if let Some((parent, member)) = guessed {
            self.record_guess(b, self.child.min(last), parent, member);
        }
    }
}

impl Microscope {
    /// Which child is on show (a slider, the fittest, a mutated one), and Your guess with
    /// its score.
    fn child_row(&mut self, ui: &mut Ui, b: &Breeding, generation: u64) {
        let last = b.children.len() - 1;
        ui.horizontal_wrapped(|ui| {
            let l = ui.label(format!("Child of generation {}", generation + 1));
            ui.spacing_mut().slider_width = (ui.available_width() - 70.0).clamp(60.0, 200.0);
            ui.add(egui::Slider::new(&mut self.child, 0..=last).show_value(false))
                .labelled_by(l.id);
            ui.add(egui::DragValue::new(&mut self.child).range(0..=last))
                .labelled_by(l.id);
            ui.checkbox(&mut self.guess_on, "Your guess").on_hover_text(
                "Before a tournament's winner is told, pick which member you think wins",
            );
            let best = best_child(b);
            if ui
                .button("Fittest child")
                .on_hover_text("The child with the best score")
                .clicked()
            {
                self.child = best;
            }
            let mutated = (b.children.iter()).position(|c| {
                matches!(&c.origin, Origin::Bred(x) if x.changes.iter().any(|c| c.kind == ChangeKind::Mutation))
            });
            let button = ui
                .add_enabled(mutated.is_some(), egui::Button::new("A mutated child"))
                .on_hover_text("The first child a mutation changed")
                .on_disabled_hover_text("No child of this generation was mutated");
            if button.clicked()
                && let Some(k) = mutated
            {
                self.child = k;
            }
        });
        if self.guess_on {
            let (right, made) = self.guess_score();
            ui.label(
                RichText::new(match made {
                    0 => "No tournament guessed yet: pick a winner below.".to_string(),
                    _ => format!("Tournament guesses: {right} of {made} right"),
                })
                .weak(),
            );
        }
    }
}

/// How `child` was made (the story, then its genes and changes, unless a guess is waiting),
/// and what else happened in the generation; returns a guess made.
fn story_text(
    ui: &mut Ui,
    this: &Microscope,
    b: &Breeding,
    child: &Child,
    generation: u64,
) -> Option<(usize, usize)> {
    ui.set_max_width(ui.available_width() - 6.0);
    let k = this.child.min(b.children.len() - 1);
    let guesses = this.guess_on.then_some(Guesses {
        made: &this.guesses,
        key: (b.generation, k),
    });
    let guessed = story(ui, b, k, child, guesses);
    let hidden = this.guess_on
        && matches!(&child.origin, Origin::Bred(bred) if unguessed(bred, (b.generation, k), &this.guesses));
    if hidden {
        // The genes and scores would name the winners.
        ui.add_space(6.0);
        ui.label(
            RichText::new(
                "Pick the winners above: then the crossover, the genes and the changes are shown.",
            )
            .weak(),
        );
        return guessed;
    }
    ui.add_space(6.0);
    genes(ui, b, child);
    if let Origin::Bred(bred) = &child.origin {
        ui.add_space(6.0);
        changes(ui, b, bred);
    }
    if !b.remarks.is_empty() {
        ui.add_space(6.0);
        ui.strong(format!("Also in generation {generation}"));
        for r in &b.remarks {
            ui.label(format!("• {r}"));
        }
    }
    guessed
}

/// The child with the best score (the first among equals).
fn best_child(b: &Breeding) -> usize {
    let better = |x: f64, y: f64| if b.lower_is_better { x < y } else { x > y };
    (0..b.children.len()).fold(0, |best, k| {
        if better(b.children[k].score, b.children[best].score) {
            k
        } else {
            best
        }
    })
}

/// A look at one generation, as background work: the run's job travels as RON.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct MicroscopeTask(AsRon<MicroscopeJob>);

impl Task for MicroscopeTask {
    type Output = (u64, Result<Option<Looked>, String>);
    const NAME: &'static str = "microscope";

    fn run(self, send: &(dyn Fn(Self::Output) + Sync), work: &Work) {
        let micro = self.0.0;
        send((
            micro.generation,
            micro.run(&work.cancel).map_err(|e| e.to_string()),
        ));
    }
}
