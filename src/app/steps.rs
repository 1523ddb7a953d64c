//! "Step by step", for any puzzle whose searches can be traced: the search on show traced
//! on a background thread, then followed one decision at a time, backwards and forwards,
//! with its pseudocode lit and its steps told. A puzzle view supplies the trace job and
//! draws its board at the step; everything else is here.
//!
//! The trace is made ready on the background thread too (a [`Timeline`] of checkpoints,
//! the slider's marks, the pseudocode), so the UI thread only seeks.

pub mod animation;
pub mod guess;
mod traced;

pub use traced::{Prepared, TraceJob, TraceTask, Traced};

use crate::app::background::Background;
use crate::app::mode::Mode;
use crate::app::widgets::figures::stat_row;
use crate::app::widgets::icicle::icicle;
use crate::app::widgets::steps_panel::{mark_colours, pseudocode, step_log};
use crate::app::widgets::timeline::{Marks, Playback, timeline};
use crate::run::trace::guess::Question;
use crate::run::trace::pseudocode::Pseudocode;
use crate::run::trace::timeline::{Replayable, Timeline};
use crate::run::trace::tree::SearchTree;
use egui::Ui;
use guess::{Answer, Guess};
use std::sync::Arc;

use crate::run::setup::MAX_APP_STEPS;

/// Lines of the log around the step on show.
const LOG_LINES: usize = 60;

/// "Your guess" stops at a decision when the timeline moved on by at most this many steps
/// (stepping or playing); a jump of the slider asks nothing.
const GUESS_SPAN: usize = 5_000;

/// A trace on show.
pub struct Shown<T: Traced> {
    /// The trace and its checkpoints, which give the state after any number of steps.
    pub timeline: Timeline<T>,
    marks: [Vec<u32>; 4],
    /// The algorithm's pseudocode (the line the step on show executes is lit).
    pub code: Pseudocode,
    /// The explored tree, or why it is not drawn.
    pub tree: Result<SearchTree, String>,
    /// The slider: the steps applied, whether it plays, and its speed.
    pub play: Playback,
    /// The state at `play.pos`, and that position.
    state: (usize, T::State),
    /// The log scrolls to the step on show when it moved.
    moved: bool,
    /// Frames left in which the log scrolls to the step on show again: a log drawn for
    /// the first time knows its lines' sizes only a frame later.
    settling: u8,
    /// The room the log had last frame: when it changes (the window, or a page whose
    /// canvas takes its size in its first frames), the log scrolls to the step again.
    log_room: egui::Vec2,
}

impl<T: Traced> Shown<T> {
    fn new(p: Prepared<T>) -> Shown<T> {
        Shown {
            state: (0, p.timeline.state_at(0)),
            timeline: p.timeline,
            marks: p.marks,
            code: p.code,
            tree: p.tree,
            play: Playback::default(),
            moved: true,
            settling: 2,
            log_room: egui::Vec2::ZERO,
        }
    }

    /// The state after `play.pos` steps.
    pub fn state(&mut self) -> &T::State {
        if self.state.0 != self.play.pos {
            self.state = (self.play.pos, self.timeline.state_at(self.play.pos));
        }
        &self.state.1
    }

    /// The index of the step on show (the last applied), if any.
    pub fn current(&self) -> Option<usize> {
        self.play.pos.checked_sub(1)
    }

    /// Goes to the position after `pos` steps.
    pub fn seek(&mut self, pos: usize) {
        self.play.seek(pos, self.timeline.len());
        self.moved = true;
    }

    /// The pseudocode line the step on show executes.
    pub fn line(&self) -> Option<usize> {
        Some(self.timeline.trace.line(self.current()?))
    }

    /// The sentence of the step on show.
    fn sentence(&self) -> Option<String> {
        let i = self.current()?;
        let trace = &self.timeline.trace;
        trace.tell(i, i + 1, self.timeline.state_at(i)).pop()
    }
}

/// The step-by-step view of one puzzle's tab.
pub struct Steps<J: TraceJob> {
    pending: Option<Background<Result<Prepared<J::Trace>, String>>>,
    /// The last trace made ready (kept while a new one is made, replaced once it is ready);
    /// `None` before the first.
    pub shown: Option<Shown<J::Trace>>,
    /// Why the last trace failed.
    pub error: Option<String>,
    /// The algorithm in plain English instead of pseudocode.
    pub english: bool,
    /// The central panel had room for the algorithm and the log beside the board last
    /// frame (else they go in the side panel).
    wide: bool,
    /// Draw the explored tree above the board.
    pub show_tree: bool,
    /// The animation asked for, and the one being recorded.
    pub anim: animation::AnimationForm,
    recording: Option<animation::Recording>,
    /// What became of the last animation.
    anim_said: Option<Result<String, String>>,
    /// Where last frame drew the step's sentence, the board and the algorithm.
    regions: [Option<egui::Rect>; 3],
    /// "Your guess": the question waiting, the last answer and the score.
    pub guess: Guess,
    /// The step a link or a lesson asks to show once the trace is ready.
    go_to: Option<u64>,
    /// What came of that step, when the trace is shorter.
    note: Option<String>,
    /// Your guess's question stood beside the board last frame, at the top of the column
    /// with the algorithm (else it goes at the top of the side panel, or before the form
    /// on a narrow window): never above the board, which keeps its size for the whole
    /// trace however long a verdict or a "Why?" grows.
    guess_beside: bool,
    /// Your guess's question was drawn this frame before the form ([`Self::first_ui`]).
    guess_first: bool,
    /// Play the trace from its start once it is ready (the welcome's "Watch a search").
    autoplay: bool,
}

impl<J: TraceJob> Default for Steps<J> {
    fn default() -> Self {
        Steps {
            pending: None,
            shown: None,
            error: None,
            english: false,
            wide: false,
            show_tree: false,
            anim: Default::default(),
            recording: None,
            anim_said: None,
            regions: [None; 3],
            go_to: None,
            note: None,
            guess: Guess::default(),
            guess_beside: false,
            guess_first: false,
            autoplay: false,
        }
    }
}

impl<J: TraceJob> Steps<J> {
    /// Whether "Your guess" asks about the trace on show: ticked, and a search it asks
    /// about.
    pub fn guessing(&self) -> bool {
        self.guess.on
            && (self.shown.as_ref()).is_some_and(|s| s.timeline.trace.guess_refusal().is_none())
    }

    /// Traces `job` on a background thread (the tab shows it: [`Mode::Steps`]).
    pub fn start(&mut self, ctx: &egui::Context, job: J) {
        self.cancel();
        self.error = None;
        self.go_to = None;
        self.note = None;
        // A new trace asks its own questions; the session's score stays.
        self.guess.forget_trace();
        self.pending = Some(Background::task(ctx, TraceTask(job)));
    }

    /// A lesson's or a link's mode for this view's step by step: nothing, or `job` traced
    /// (with Your guess on for `Guess`), shown at `step` once it is ready.
    pub fn set_up(
        &mut self,
        ctx: &egui::Context,
        mode: crate::run::setup::LessonMode,
        job: Option<J>,
        step: Option<u64>,
    ) {
        use crate::run::setup::LessonMode as Mode;
        self.cancel();
        self.guess.on = false;
        self.go_to = None;
        self.note = None;
        // A lesson's set-up that steps names a search a trace follows (its check).
        if let Some(job) = job.filter(|_| matches!(mode, Mode::Steps | Mode::Guess)) {
            self.start(ctx, job);
            self.guess.on = mode == Mode::Guess;
            self.go_to = step;
            // A lesson's or a link's questions are scored afresh.
            (self.guess.right, self.guess.asked) = (0, 0);
            (self.guess.why_right, self.guess.why_asked) = (0, 0);
        }
    }

    /// Shows the trace at `step` (its last step when it has fewer, with a note saying
    /// so); guessing, a decision that begins there is asked.
    fn show_step(&mut self, step: u64) {
        let Some(s) = self.shown.as_mut() else {
            return;
        };
        let len = s.timeline.len();
        let at = usize::try_from(step).map_or(len, |k| k.min(len));
        if (at as u64) < step {
            self.note = Some(format!(
                "Step {step} was asked for, but this trace has {len} steps: its last is shown."
            ));
        }
        s.seek(at);
        s.play.playing = false;
        if self.guessing() {
            self.ask_between(at, at);
        }
    }

    /// Where the trace on show stands, `(step, Your guess on)`, for a link to it.
    pub fn at(&self) -> Option<(usize, bool)> {
        if self.busy() {
            return None;
        }
        Some((self.shown.as_ref()?.play.pos, self.guessing()))
    }

    /// Plays the trace being made from its first step once it is ready.
    pub fn play_when_ready(&mut self) {
        self.autoplay = true;
    }

    /// Whether an animation is being recorded (or written).
    pub fn recording(&self) -> bool {
        self.recording.is_some()
    }

    /// What became of the last animation.
    pub fn animation_said(&self) -> Option<&Result<String, String>> {
        self.anim_said.as_ref()
    }

    /// Stops a trace under way.
    pub fn cancel(&mut self) {
        if let Some(p) = self.pending.take() {
            p.cancel();
        }
    }

    /// Whether a trace is being made.
    pub fn busy(&self) -> bool {
        self.pending.is_some()
    }

    /// The trace on show: `(steps applied, steps in all)`.
    pub fn position(&self) -> Option<(usize, usize)> {
        let s = self.shown.as_ref()?;
        Some((s.play.pos, s.timeline.len()))
    }

    /// Goes to the position after `pos` steps of the trace on show.
    pub fn seek(&mut self, pos: usize) {
        if let Some(s) = self.shown.as_mut() {
            s.seek(pos);
        }
    }

    /// The state at the position on show.
    pub fn state(&mut self) -> Option<<J::Trace as Replayable>::State> {
        Some(self.shown.as_mut()?.state().clone())
    }

    /// The trace on show.
    pub fn trace(&self) -> Option<Arc<J::Trace>> {
        Some(self.shown.as_ref()?.timeline.trace.clone())
    }

    /// The pseudocode line the step on show executes, as pseudocode.
    pub fn line_code(&self) -> Option<String> {
        let s = self.shown.as_ref()?;
        Some(s.code.lines[s.line()?].code.clone())
    }

    /// Picks up a finished trace, and holds the timeline where an animation being
    /// recorded wants it (the view's `logic` calls it every frame).
    pub fn logic(&mut self) {
        if let Some(p) = &self.pending {
            for result in p.take() {
                match result {
                    Ok(prepared) => {
                        self.shown = Some(Shown::new(prepared));
                        self.guess.forget_trace();
                        // A new trace has its own animation: the range and the last word
                        // were about the old one's steps (the frames and their pace stay,
                        // a choice of the student's).
                        self.anim.from = 0;
                        self.anim.to = 0;
                        self.anim_said = None;
                    }
                    Err(e) => {
                        self.error = Some(e);
                        self.go_to = None;
                    }
                }
            }
            if p.has_ended() {
                if let Some(why) = p.refused() {
                    self.error = Some(why);
                    self.go_to = None;
                }
                self.pending = None;
            }
        }
        if self.shown.is_some()
            && self.pending.is_none()
            && let Some(step) = self.go_to.take()
        {
            self.show_step(step);
        }
        if self.pending.is_none()
            && std::mem::take(&mut self.autoplay)
            && let Some(s) = self.shown.as_mut()
        {
            s.play.playing = true;
        }
        if let Some(rec) = self.recording.as_mut()
            && let Some(s) = self.shown.as_mut()
        {
            s.play.playing = false;
            if let Some(step) = rec.before_frame() {
                s.seek(step);
            }
        }
    }

    /// Moves a playing timeline on by the frame's time, as the knight's walk is animated:
    /// only while the trace is drawn, so it waits in a tab out of sight.
    fn advance(&mut self, ctx: &egui::Context) {
        if let Some(s) = self.shown.as_mut() {
            let dt = ctx.input(|i| i.stable_dt).min(0.1);
            let before = s.play.pos;
            if s.play.advance(dt, s.timeline.len()) {
                s.moved = true;
            }
            if s.play.playing {
                ctx.request_repaint();
            }
            self.gate(before);
        }
    }

    /// Space (`None`), → and ← (`Some(±1)`) on the timeline.
    pub fn key(&mut self, step: Option<isize>) {
        if let Some(s) = self.shown.as_mut() {
            let len = s.timeline.len();
            let before = s.play.pos;
            match step {
                None => s.play.toggle(len),
                Some(by) => s.play.step(by, len),
            }
            s.moved = true;
            self.gate(before);
        }
    }

    /// "Step by step" (disabled with `refusal` or `held` as the reason: a refusal is also
    /// said under it) and the switch between the run and its trace. Returns whether the
    /// button was pressed.
    pub fn controls(
        &mut self,
        ui: &mut Ui,
        refusal: Option<String>,
        held: Option<String>,
        mode: &mut Mode,
    ) -> bool {
        let button = ui
            .add_enabled(
                refusal.is_none() && held.is_none(),
                egui::Button::new("Step by step"),
            )
            .on_hover_text(format!(
                "Trace the search chosen above, one decision at a time (up to {MAX_APP_STEPS} steps), and follow it forwards and backwards with its pseudocode"
            ));
        let mut pressed = false;
        if let Some(why) = refusal.as_ref().or(held.as_ref()) {
            button.on_disabled_hover_text(why.clone());
            if let Some(why) = &refusal {
                ui.label(egui::RichText::new(why).weak());
            }
        } else {
            pressed = button.clicked();
        }
        if self.shown.is_some() || self.busy() {
            let hover = "The traced search, step by step";
            crate::app::mode::switch(ui, mode, Mode::Steps, "Step by step", hover);
        }
        pressed
    }

    /// What the trace on show is of, when the form now describes another search (`now`):
    /// the trace stays drawn on its own instance, and says so.
    pub fn belongs_elsewhere(&self, now: Option<&J>) -> Option<String> {
        let traced = J::of(&self.shown.as_ref()?.timeline.trace);
        if now == Some(traced) {
            return None;
        }
        let Some(now) = now else {
            return Some(
                "The form now picks a search step by step does not follow: the steps are those of the search traced.".into(),
            );
        };
        let (was, is) = (traced.instance(), now.instance());
        let next = if self.busy() {
            "a new trace is being made"
        } else {
            "press Step by step to trace the form's"
        };
        Some(if was == is {
            format!(
                "The form has changed since this search was traced (its algorithm, parameters, seed or limits): the steps are those of the search traced; {next}."
            )
        } else {
            format!(
                "This trace is of {was}, not of {is} as the form now says: its steps are shown on its own board; {next}."
            )
        })
    }

    /// Above the timeline: a trace being made, why there is none, or a note on it.
    fn status_ui(&self, ui: &mut Ui) {
        if self.busy() {
            ui.horizontal(|ui| {
                crate::app::widgets::spinner::spinner(ui);
                ui.label("Tracing the search…");
            });
        }
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, format!("No trace: {e}"));
        }
        if let Some(note) = &self.note {
            ui.colored_label(ui.visuals().warn_fg_color, note);
        }
    }

    /// The timeline, the step's sentence, and the board `draw` draws at the step (with the
    /// algorithm and the log beside it when there is room); `now` is the search the form
    /// describes, which a trace of another says it is not.
    /// `draw` draws the trace's own instance, never the form's (with the question waiting,
    /// and whether Your guess is on, so that the board keeps room for a question's key),
    /// and returns the board cell clicked, which answers a question waiting.
    pub fn main_ui(
        &mut self,
        ui: &mut Ui,
        now: Option<&J>,
        draw: impl FnOnce(
            &mut Ui,
            &J::Trace,
            &<J::Trace as Replayable>::State,
            usize,
            Option<&Question>,
            bool,
        ) -> Option<u32>,
    ) {
        self.advance(ui.ctx());
        self.status_ui(ui);
        if let Some(note) = self.belongs_elsewhere(now) {
            ui.colored_label(ui.visuals().warn_fg_color, note);
        }
        // Guessing, End stops at the next question, as every move forward does.
        let end_hint = if self.guessing() {
            "To the next question: Your guess stops before each decision (untick it to go to the end)"
        } else {
            "To the end"
        };
        let Some(s) = self.shown.as_mut() else {
            if !self.busy() && self.error.is_none() {
                ui.label("Press \"Step by step\" to trace the search chosen on the left.");
            }
            return;
        };
        let len = s.timeline.len();
        let before = s.play.pos;
        let safe = crate::app::widgets::legend::safe(ui);
        let colours = mark_colours(ui.visuals().dark_mode, safe);
        let labels = s.timeline.trace.mark_labels();
        let marks: Vec<Marks> = (0..4)
            .map(|k| Marks {
                label: labels[k],
                colour: colours[k],
                at: &s.marks[k],
            })
            .collect();
        timeline(ui, &mut s.play, len, &marks, end_hint);
        if s.play.pos != before {
            s.moved = true;
        }
        self.gate(before);
        let Some(s) = self.shown.as_mut() else {
            return;
        };
        let sentence = s
            .sentence()
            .unwrap_or_else(|| "Before the first step.".into());
        self.regions[0] = Some(self.switches(ui, sentence));
        let Some(s) = self.shown.as_mut() else {
            return;
        };
        Self::tree_ui(ui, s, self.show_tree);
        let trace = s.timeline.trace.clone();
        let pos = s.play.pos;
        let state = s.state().clone();
        let asking = self.guess.asking.clone();
        let guessing = self.guessing();
        let mut clicked = None;
        // Beside the board when there is room, else in the side panel.
        self.wide = ui.available_width() >= 720.0;
        if self.wide != std::mem::replace(&mut self.guess_beside, self.wide) && self.guessing() {
            // The side panels, drawn before this one, placed the question by the old room.
            ui.ctx().request_discard("Your guess's question moved");
        }
        if self.wide {
            ui.horizontal_top(|ui| {
                let side = (ui.available_width() * 0.42).clamp(300.0, 480.0);
                let height = ui.available_height();
                let board_width = ui.available_width() - side - 12.0;
                let board = ui.allocate_ui(egui::vec2(board_width, height), |ui| {
                    clicked = draw(ui, &trace, &state, pos, asking.as_ref(), guessing);
                });
                self.regions[1] = Some(board.response.rect);
                ui.separator();
                ui.allocate_ui(egui::vec2(side, height), |ui| {
                    ui.vertical(|ui| self.side_ui(ui));
                });
            });
        } else {
            let board = ui.scope(|ui| {
                clicked = draw(ui, &trace, &state, pos, asking.as_ref(), guessing);
            });
            self.regions[1] = Some(board.response.rect);
            self.regions[2] = None;
        }
        if let Some(rec) = self.recording.as_mut() {
            rec.after_frame(ui.ctx());
        }
        if let (Some(cell), Some(q)) = (clicked, &asking) {
            self.cell_clicked(cell, q, &trace);
        }
    }

    /// A board cell clicked while question `q` waits: the answer if it is one of its
    /// choices, else why not.
    fn cell_clicked(&mut self, cell: u32, q: &Question, trace: &J::Trace) {
        if q.cells.contains(&cell) {
            self.answer(Answer::Cell(cell));
        } else if q.cells.is_empty() {
            let said = "This question is answered with its buttons, not on the board.".into();
            self.guess.revealed = Some(guess::Revealed { right: None, said });
        } else {
            self.guess.revealed = Some(guess::Revealed {
                right: None,
                said: format!(
                    "{} is not one of the choices: click a ringed or listed square.",
                    trace.cell_name(cell)
                ),
            });
        }
    }

    /// The switches above the board (the search tree, Your guess) and the step's sentence,
    /// on two lines whatever its length; returns where they are.
    fn switches(&mut self, ui: &mut Ui, sentence: String) -> egui::Rect {
        let recording = self.recording.is_some();
        // Two lines whatever the sentence, a longer one scrolling within them: the board
        // does not jump from step to step (nor in an animation's frames).
        let two_lines = 2.0 * ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
        let Some(s) = self.shown.as_ref() else {
            return egui::Rect::NOTHING;
        };
        let row = egui::ScrollArea::vertical()
            .id_salt("steps-sentence")
            .max_height(two_lines)
            .min_scrolled_height(two_lines)
            .auto_shrink([false, false])
            .show(ui, |ui| ui.horizontal_wrapped(|ui| {
            // An animation being recorded shows the sentence alone: its frames are the
            // search, not the app's switches.
            if recording {
                ui.label(egui::RichText::new(sentence).strong());
                return;
            }
            let can = s.tree.as_ref().err().cloned();
            let tick = ui.add_enabled(
                can.is_none(),
                egui::Checkbox::new(&mut self.show_tree, "Search tree"),
            );
            match can {
                Some(why) => {
                    tick.on_disabled_hover_text(why);
                }
                None => {
                    tick.on_hover_text(
                        "The tree the search explored, above the board: a bar per node, as wide as its subtree",
                    );
                }
            }
            let refusal = s.timeline.trace.guess_refusal();
            // Where this search asks no questions the box is off, whatever it was for the
            // last trace (its choice comes back with a trace that asks).
            let mut off = false;
            let ticked = if refusal.is_none() {
                &mut self.guess.on
            } else {
                &mut off
            };
            let guess = ui.add_enabled(
                refusal.is_none(),
                egui::Checkbox::new(ticked, "Your guess"),
            );
            match refusal {
                Some(why) => {
                    guess.on_disabled_hover_text(why);
                }
                None => {
                    guess.on_hover_text(
                        "Stepping or playing stops before each decision and asks you what the search will do; the answer comes from the search's own step",
                    );
                }
            }
            let sentence = egui::RichText::new(sentence).strong();
            crate::app::widgets::figures::live_region(ui, |ui| ui.label(sentence));
        }));
        row.inner_rect
    }

    /// The tree the search explored, above the board (`show`: ticked); a click on a node
    /// goes to the step that made it.
    fn tree_ui(ui: &mut Ui, s: &mut Shown<J::Trace>, show: bool) {
        if let (true, Ok(tree)) = (show, &s.tree) {
            // The board keeps about 300 points whatever the tree takes.
            let room = ui.available_height();
            let height = (room * 0.28).min(room - 330.0).clamp(48.0, 220.0);
            let current = s.current().and_then(|i| tree.node_of_step(i));
            let tell = |node: u32| {
                let i = node as usize;
                format!(
                    "depth {}, {}; {} nodes below it; made at step {} (click to go there)",
                    tree.depth[i],
                    tree.outcome[i].describe(),
                    tree.size[i] - 1,
                    tree.step[i] + 1
                )
            };
            if let Some(node) = icicle(ui, tree, current, s.play.pos, height, tell) {
                let step = tree.step[node as usize] as usize;
                s.seek(step + 1);
            }
        }
    }

    /// The side panel: what the trace is and its figures, and the algorithm and the log
    /// when the central panel has no room for them.
    pub fn stats_ui(&mut self, ui: &mut Ui) {
        // The question first: the central panel has no room for it (unless it stands
        // before the form already, on a narrow window).
        let drawn = std::mem::take(&mut self.guess_first);
        if self.guessing() && !self.guess_beside && !drawn {
            self.guess_ui(ui);
            ui.separator();
        }
        let Some(s) = self.shown.as_ref() else {
            if self.busy() {
                ui.label("Tracing the search…");
            }
            return;
        };
        let trace = s.timeline.trace.clone();
        ui.label(trace.title());
        ui.label(trace.message());
        self.animation_ui(ui);
        egui::Grid::new("trace-stats")
            .num_columns(2)
            .show(ui, |ui| {
                for (label, help, value) in trace.figures() {
                    stat_row(ui, label, help, value);
                }
            });
        if !self.wide {
            ui.separator();
            self.side_ui(ui);
        }
    }

    /// The algorithm with its line lit, and the log; beside the board, Your guess's
    /// question above them.
    fn side_ui(&mut self, ui: &mut Ui) {
        let guessing = self.guessing();
        if guessing && self.wide {
            self.guess_ui(ui);
            ui.separator();
        }
        let english = &mut self.english;
        let Some(s) = self.shown.as_mut() else {
            return;
        };
        let trace = s.timeline.trace.clone();
        let code = ui.scope(|ui| pseudocode(ui, &s.code, s.line(), english));
        self.regions[2] = self.wide.then_some(code.response.rect);
        ui.add_space(6.0);
        ui.strong("Steps");
        // The lines around the step on show, told from the checkpoint before them.
        let from = s.play.pos.saturating_sub(LOG_LINES / 2);
        // Guessing, the steps to come are not told: they are the answers.
        let last = if guessing {
            s.play.pos
        } else {
            s.timeline.len()
        };
        let to = (from + LOG_LINES).min(last);
        let lines: Vec<(usize, String)> = (from..)
            .zip(trace.tell(from, to, s.timeline.state_at(from)))
            .collect();
        let height = ui.available_height().clamp(160.0, 1000.0);
        // More than a point of width: a panel's scrolling moves its content by a fraction
        // of one (Your guess's box above the log changes its height from question to
        // answer; the log follows the step on show whatever its height).
        if (s.log_room.x - ui.available_width()).abs() > 1.0 {
            s.log_room = ui.available_size();
            s.settling = s.settling.max(2);
        }
        let mut moved = std::mem::take(&mut s.moved);
        if s.settling > 0 {
            s.settling -= 1;
            moved = true;
            ui.ctx().request_repaint();
        }
        if let Some(i) = step_log(ui, &lines, s.current(), height, moved) {
            s.seek(i + 1);
        }
    }
}

#[cfg(test)]
mod tests;
