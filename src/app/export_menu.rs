//! The Export menu: any region on screen as PNG, the plot data as CSV, a tour as a move
//! list (text or CSV), the board as text to the clipboard.

use super::error::AppError;
use super::{SearchLabApp, export};
use std::path::PathBuf;

impl SearchLabApp {
    /// Saves region `name` of the next frame as a PNG in the runs folder.
    pub fn export_png(&mut self, ctx: &egui::Context, name: &str) -> Result<PathBuf, AppError> {
        let rect = if name == "window" {
            ctx.content_rect()
        } else {
            self.regions
                .iter()
                .find(|(n, _)| n == name)
                .map(|r| r.1)
                .ok_or_else(|| format!("nothing called {name:?} is on screen"))?
        };
        let stem = format!("searchlab-{}-{name}", self.shown().name());
        let path = export::free_path(&self.files_dir, &stem, "png");
        if let Ok(mut r) = self.export_result.lock() {
            *r = None;
        }
        export::png(ctx, rect, path.clone(), self.export_result.clone());
        self.say(format!("saving {}…", path.display()), true);
        Ok(path)
    }

    /// Writes the view's plot data as CSV in the runs folder.
    pub fn export_csv(&mut self) -> Result<PathBuf, AppError> {
        let csv = self.plot_csv().ok_or("this view has no plot data yet")?;
        let stem = format!("searchlab-{}-plot-data", self.shown().name());
        let path = export::free_path(&self.files_dir, &stem, "csv");
        export::write_text(&path, &csv)?;
        self.say(format!("saved the plot data to {}", path.display()), true);
        Ok(path)
    }

    /// Writes `text` as `searchlab-VIEW-NAME.EXT` in the runs folder and says so.
    fn save_text(&mut self, name: &str, ext: &str, text: &str, what: &str) {
        let stem = format!("searchlab-{}-{name}", self.shown().name());
        let path = export::free_path(&self.files_dir, &stem, ext);
        match export::write_text(&path, text) {
            Ok(_) => {
                self.say(format!("saved {what} to {}", path.display()), true);
            }
            Err(e) => {
                self.say(e.to_string(), false);
            }
        }
    }

    pub(super) fn export_menu(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let mut chosen = None;
        for (name, _) in &self.regions {
            if ui.button(format!("{name} as PNG")).clicked() {
                chosen = Some(name.clone());
            }
        }
        if ui.button("window as PNG").clicked() {
            chosen = Some("window".to_string());
        }
        if let Some(name) = chosen {
            if let Err(e) = self.export_png(&ctx, &name) {
                self.say(e.to_string(), false);
            }
            ui.close();
        }
        ui.separator();
        let has_csv = self.plot_csv().is_some();
        if ui
            .add_enabled(has_csv, egui::Button::new("plot data as CSV"))
            .on_disabled_hover_text("Run something with a plot first")
            .clicked()
        {
            if let Err(e) = self.export_csv() {
                self.say(e.to_string(), false);
            }
            ui.close();
        }
        let moves = self.shown().move_list();
        if ui
            .add_enabled(
                moves.is_some(),
                egui::Button::new("tour as move list (text)"),
            )
            .on_disabled_hover_text("Find a tour in the Knight's Tour tab first")
            .clicked()
            && let Some((text, _)) = &moves
        {
            self.save_text("moves", "txt", text, "the move list");
            ui.close();
        }
        if ui
            .add_enabled(
                moves.is_some(),
                egui::Button::new("tour as move list (CSV)"),
            )
            .on_disabled_hover_text("Find a tour in the Knight's Tour tab first")
            .clicked()
            && let Some((_, csv)) = &moves
        {
            self.save_text("moves", "csv", csv, "the move list");
            ui.close();
        }
        if ui
            .button("copy board as text")
            .on_hover_text("The board on show, as text, to the clipboard")
            .clicked()
        {
            match self.shown_mut().board_text() {
                Some(text) => {
                    ctx.copy_text(text);
                    self.say("copied the board as text".into(), true);
                }
                None => {
                    self.say(
                        "this view has no board to copy as text (boards over 100 wide are not)"
                            .into(),
                        false,
                    );
                }
            }
            ui.close();
        }
        ui.label(egui::RichText::new(format!("Files go to {}", self.files_dir.display())).weak());
    }
}
