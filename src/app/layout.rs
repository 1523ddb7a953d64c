//! The app's window: the tab strip, the toolbar, and the panels each view fills (controls,
//! statistics, the main area, a lesson beside them), laid out for the window's size.

use super::*;

/// The key of "Copy link", as the help and the button's hover name it.
pub const COPY_LINK_KEY: &str = "Ctrl+Shift+L";

impl SearchLabApp {
    /// The app's name and a tab per view (⏳ on one whose work is under way).
    fn tab_strip(&mut self, ui: &mut egui::Ui) {
        ui.heading("SearchLab");
        ui.separator();
        let tabs: Vec<_> = (self.views().into_iter())
            .map(|(tab, v)| (tab, v.name(), v.is_running()))
            .collect();
        for ((tab, name, busy), key) in tabs.into_iter().zip(TAB_KEYS) {
            let label = if busy {
                format!("{name} ⏳")
            } else {
                name.to_string()
            };
            let shortcut = ui
                .ctx()
                .format_shortcut(&egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, key));
            ui.selectable_value(&mut self.tab, tab, label)
                .on_hover_text(format!(
                    "Show the {name} view ({shortcut}); a run elsewhere goes on"
                ));
        }
    }

    /// Theme, help, lessons, export, open and save, right-aligned, and the frame time.
    fn toolbar(&mut self, ui: &mut egui::Ui) {
        egui::widgets::global_theme_preference_buttons(ui);
        let on = self.colour_safe;
        ui.toggle_value(&mut self.colour_safe, "◑")
            .on_hover_text("Colour-blind-safe colours: heat maps in cividis (blue to yellow), the search tree's and the timeline's marks and the queens' attacks in the Okabe–Ito colours, dead ends hatched and solutions starred in the tree")
            .widget_info(|| {
                egui::WidgetInfo::selected(
                    egui::Role::Button,
                    true,
                    on,
                    "Colour-blind-safe colours",
                )
            });
        if ui
            .button("？ Help")
            .on_hover_text("Keyboard and mouse (F1 or ?)")
            .clicked()
        {
            self.help = true;
        }
        if ui
            .selectable_label(self.lessons.open, "Lessons")
            .on_hover_text("Short lessons: one click sets the app up, then what to try and questions the app checks")
            .clicked()
        {
            self.lessons.open = !self.lessons.open;
        }
        self.copy_link_button(ui);
        ui.menu_button("📷 Export", |ui| self.export_menu(ui))
            .response
            .on_hover_text("Save the board or a plot as PNG, or the plot data as CSV");
        let hover = if crate::platform::DESKTOP {
            "Open a saved run and run it again with the same seed (or drop a run file on the \
             window)"
        } else {
            "Open a saved run (it runs again with the same seed) or a lesson file, from this \
             computer; or drop one on the page"
        };
        if ui.button("📂 Open run…").on_hover_text(hover).clicked() {
            if crate::platform::DESKTOP {
                self.dialog = Some(Dialog::Open {
                    path: format!("{}/", self.files_dir.display()),
                });
                self.dialog_error = None;
            } else {
                self.pick_file(ui.ctx());
            }
        }
        let last = self.record().and_then(|r| r.last.as_ref());
        let save = ui
            .add_enabled(last.is_some(), egui::Button::new("💾 Save run…"))
            .on_hover_text("Save the last run of this view (job, seed, answer, events) as a file")
            .on_disabled_hover_text("Run something in this view first");
        if save.clicked()
            && let Some(file) = last
        {
            let path = self.files_dir.join(runs::default_file_name(file));
            if crate::platform::DESKTOP {
                self.dialog = Some(Dialog::Save {
                    path: path.display().to_string(),
                });
                self.dialog_error = None;
            } else if let Err(e) = self.save_run(&path) {
                self.say(format!("The run could not be saved: {e}"), false);
            }
        }
        if let Some(ms) = self
            .mean_frame_ms()
            .filter(|_| self.frame_time && !self.hide_timings)
        {
            ui.label(
                egui::RichText::new(format!("frame {ms:.2} ms"))
                    .small()
                    .weak(),
            )
            .on_hover_text(
                "The app's own work for each picture it draws, averaged over the last ones \
                 (under 16 ms keeps up with a 60 Hz screen); the first ones after start-up \
                 are slower, while fonts and textures are made.",
            );
        }
    }

    /// The whole window, given a `Ui` that covers it.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        self.regions = export::take_regions(ui.ctx());
        let finished = self.export_result.lock().ok().and_then(|mut r| r.take());
        if let Some(result) = finished {
            let ok = result.is_ok();
            self.say(
                match result {
                    Ok(m) => m,
                    Err(e) => format!("The PNG could not be saved: {e}"),
                },
                ok,
            );
        }
        self.global_keys(ui.ctx());
        if !self.help && self.dialog.is_none() {
            self.pasted_link(ui.ctx());
            self.dropped_files(ui.ctx());
        }
        if self.tab == Tab::Compare {
            self.compare.tab_values = self.tab_values(self.compare.settings.puzzle);
        }
        if !self.help && !self.welcome && self.dialog.is_none() {
            // Before any widget, so a key used here does not also press the focused button
            // (the welcome and the help take Esc to close).
            let ctx = ui.ctx().clone();
            for action in runs::actions(&ctx) {
                self.shown_mut().act(&ctx, action);
            }
        }
        self.top_bar(ui);
        // The side panels scroll what does not fit rather than grow with it: the board
        // between them keeps its size however long a figure or message gets.
        let width = ui.ctx().content_rect().width();
        // A lesson stands beside everything when the window is wide enough, else it floats.
        let lesson_beside = width >= LESSON_BESIDE;
        // On a narrow window, or beside a lesson, the statistics go under the controls.
        let stacked = width < STATS_BESIDE
            || (self.lessons.open && lesson_beside && width < STATS_BESIDE_A_LESSON);
        egui::Panel::left("controls")
            .frame(panel_frame(ui, false))
            .default_size(290.0)
            .show(ui, |ui| {
                on_panel(ui, |ui| {
                    fixed_width_scroll(ui, "controls-scroll").show(ui, |ui| {
                        if let Some(n) = &self.startup_notice {
                            ui.label(egui::RichText::new(n.as_str()).weak());
                            if ui.small_button("Got it").clicked() {
                                self.startup_notice = None;
                            }
                            ui.separator();
                        }
                        if let Some(n) = &self.notice
                            && self.notice_tab.is_none_or(|t| t == self.tab)
                        {
                            crate::app::widgets::figures::outcome_label(ui, n, self.notice_ok);
                            if ui.button("Dismiss").clicked() {
                                self.notice = None;
                            }
                            ui.separator();
                        }
                        if stacked && self.shown_mut().first_ui(ui) {
                            ui.separator();
                        }
                        // Too narrow for a lesson beside everything: it stands here, off
                        // the board (a floating window covered it on every tab).
                        if self.lessons.open && !lesson_beside {
                            self.docked_lesson(ui);
                            ui.separator();
                        }
                        self.shown_mut().controls(ui);
                        if stacked {
                            ui.separator();
                            self.statistics(ui);
                        }
                    })
                });
            });
        if self.lessons.open && lesson_beside {
            self.lesson_panel(ui);
        }
        // Wide enough at the start for a table of four runs beside the board (1280 wide:
        // the board is limited by the window's height, not by this panel).
        let stats_width = (width * 0.21).clamp(230.0, 320.0);
        if !stacked {
            egui::Panel::right("stats")
                .frame(panel_frame(ui, false))
                .default_size(stats_width)
                .show(ui, |ui| {
                    on_panel(ui, |ui| {
                        fixed_width_scroll(ui, "stats-scroll").show(ui, |ui| self.statistics(ui))
                    });
                });
        }
        let central = egui::CentralPanel::default()
            .frame(panel_frame(ui, true))
            .show(ui, |ui| on_panel(ui, |ui| self.shown_mut().main_ui(ui)));
        export::register(ui.ctx(), "view", central.response.rect);
        // An assignment's work is kept whether or not its panel is open.
        self.assignment_frame();
        if let Some((setup, fade)) = self.lessons.take_setup() {
            self.set_up_lesson(ui.ctx(), setup);
            if let Some(fade) = fade {
                self.shown_mut().set_fade(fade);
            }
        }
        self.dialogs(ui.ctx());
    }

    /// "Copy link": the place on show as a link, on the clipboard (disabled, with why, on
    /// a tab whose place a link cannot hold).
    fn copy_link_button(&mut self, ui: &mut egui::Ui) {
        let link = self.shown_mut().link();
        let hover = if crate::platform::DESKTOP {
            "Copy a link to what this tab shows (the puzzle, its settings, the seed and, step \
             by step, the step): paste it into SearchLab's window (Ctrl+V), `searchlab open`, \
             or after the address of SearchLab's web page"
        } else {
            "Copy a link to what this tab shows (the puzzle, its settings, the seed and, step \
             by step, the step): whoever opens it sees the same"
        };
        let button = ui
            .add_enabled(link.is_ok(), egui::Button::new("Copy link"))
            .on_hover_text(format!("{hover} ({COPY_LINK_KEY})"));
        let button = match &link {
            Err(why) => button.on_disabled_hover_text(why),
            Ok(_) => button,
        };
        if button.clicked() {
            self.copy_link(ui.ctx(), link);
        }
    }

    /// Puts `link` (the place on show's, or why there is none) on the clipboard and says
    /// so: "Copy link", or its key.
    pub(super) fn copy_link(&mut self, ctx: &egui::Context, link: Result<String, String>) {
        match link {
            Ok(fragment) => {
                let full = crate::platform::page_address().unwrap_or_default() + &fragment;
                ctx.copy_text(full.clone());
                self.say(format!("Copied the link: {full}"), true);
            }
            Err(why) => self.say(format!("No link to copy: {why}"), false),
        }
    }

    /// Opens a link pasted (Ctrl+V) while no text field has the keyboard (a field takes
    /// what is pasted into it).
    fn pasted_link(&mut self, ctx: &egui::Context) {
        if ctx.text_edit_focused() {
            return;
        }
        let pasted = ctx.input(|i| {
            i.events.iter().find_map(|e| match e {
                egui::Event::Paste(text) if crate::teach::link::looks_like_one(text) => {
                    Some(text.clone())
                }
                _ => None,
            })
        });
        if let Some(text) = pasted {
            // A link pasted over the welcome is where the user asked to go.
            self.welcome = false;
            self.open_link(ctx, &text);
        }
    }

    /// The tabs and the toolbar: one row when both fit; else the toolbar gets a row of its
    /// own, so that it never covers a tab.
    fn top_bar(&mut self, ui: &mut egui::Ui) {
        egui::Panel::top("top")
            .frame(panel_frame(ui, false))
            .show(ui, |ui| {
                on_panel(ui, |ui| {
                    let wide = ui.available_width() >= ONE_ROW_TOP_BAR;
                    ui.horizontal(|ui| {
                        self.tab_strip(ui);
                        if wide {
                            ui.with_layout(
                                egui::Layout::right_to_left(egui::Align::Center),
                                |ui| {
                                    self.toolbar(ui);
                                },
                            );
                        }
                    });
                    if !wide {
                        ui.horizontal(|ui| {
                            ui.with_layout(
                                egui::Layout::right_to_left(egui::Align::Center),
                                |ui| {
                                    self.toolbar(ui);
                                },
                            );
                        });
                    }
                });
            });
    }

    /// The lessons at the top of the form's panel, folded away with a click.
    fn docked_lesson(&mut self, ui: &mut egui::Ui) {
        let header = egui::CollapsingHeader::new(egui::RichText::new("Lessons").strong())
            .id_salt("docked-lessons")
            .default_open(true)
            .show(ui, |ui| {
                if ui
                    .button("Close the lessons")
                    .on_hover_text("The toolbar's Lessons opens them again")
                    .clicked()
                {
                    self.lessons.open = false;
                }
                self.lessons.ui(ui);
            });
        header
            .header_response
            .on_hover_text("Fold the lesson away to see the form");
    }

    /// The lessons, in a panel beside everything.
    fn lesson_panel(&mut self, ui: &mut egui::Ui) {
        egui::Panel::right("lessons")
            .frame(panel_frame(ui, false))
            .default_size(340.0)
            .show(ui, |ui| {
                on_panel(ui, |ui| {
                    ui.horizontal(|ui| {
                        ui.heading("Lessons");
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            if ui
                                .button("Close")
                                .on_hover_text(
                                    "Close the lessons (the toolbar's Lessons opens them again)",
                                )
                                .clicked()
                            {
                                self.lessons.open = false;
                            }
                        });
                    });
                    fixed_width_scroll(ui, "lessons-scroll").show(ui, |ui| self.lessons.ui(ui));
                });
            });
    }

    /// The statistics of the view on show, and the verdict of a replay.
    fn statistics(&mut self, ui: &mut egui::Ui) {
        ui.heading("Statistics");
        self.shown_mut().stats(ui);
        if let Some(replay) = self.record().and_then(|r| r.replay.as_ref()) {
            replay.show(ui);
        }
    }
}

/// A scroll area as wide as the panel it is in, whatever its content asks for: text wraps
/// at its width, and what cannot wrap (a long figure, a wide table) scrolls sideways under
/// a scroll bar that shows there is more.
fn fixed_width_scroll(ui: &mut egui::Ui, id: &str) -> egui::ScrollArea {
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    egui::ScrollArea::both()
        .id_salt(id)
        .auto_shrink([false, true])
}

/// A panel's frame. In a browser its fill is left to the page's clear colour, the same
/// colour (`SearchLabApp::clear_color`): a browser that draws with the CPU pays for every
/// pixel painted, and the panels' fills painted the whole page a second time each frame
/// (measured: a tour animating at 1920 x 1080 went from 23 to 37-41 frames a second with
/// SwiftShader).
fn panel_frame(ui: &egui::Ui, central: bool) -> egui::Frame {
    let frame = if central {
        egui::Frame::central_panel(ui.style())
    } else {
        egui::Frame::side_top_panel(ui.style())
    };
    if crate::platform::DESKTOP {
        frame
    } else {
        frame.fill(egui::Color32::TRANSPARENT)
    }
}

/// A panel's contents, which, in a browser, are told the panel's fill that its frame no
/// longer paints ([`panel_frame`]): what looks at the colour behind it (a scroll area's
/// fading edges) sees it.
fn on_panel<R>(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    if crate::platform::DESKTOP {
        return add(ui);
    }
    let fill = egui::Frame::NONE.fill(ui.visuals().panel_fill);
    let info = egui::UiStackInfo::default().with_frame(fill);
    ui.scope_builder(egui::UiBuilder::new().ui_stack_info(info), add)
        .inner
}

impl SearchLabApp {
    /// The welcome on show this frame; a door opens its place as a link does ("Watch a
    /// search" plays the trace from its first step).
    pub(super) fn welcome_frame(&mut self, ctx: &egui::Context) {
        let chosen = welcome::show(ctx);
        if chosen == welcome::Chosen::Nothing {
            return;
        }
        (self.welcome, self.welcomed) = (false, true);
        if let welcome::Chosen::Door(door) = chosen {
            self.open_link(ctx, door.link());
            if door == welcome::Door::Watch {
                self.shown_mut().play_when_ready();
            }
        }
    }

    /// The welcome, brought back (the help's button, tests).
    pub fn show_welcome(&mut self) {
        self.welcome = true;
    }
}
