//! Fields whose value takes effect only when it is complete: on Enter, or when the focus
//! leaves the field (a click elsewhere, Tab). Until then what is typed is only text, so
//! typing 12 never passes through 1, and a value that is not allowed never replaces the
//! one in use. While the text is not a value the field takes, it says why in the error
//! colour; while it is a good value not applied yet, it says so. Either holds the run
//! buttons back, which give the reason on hover ([`Field::hold`]).
//!
//! [`Typed`] is the text a field keeps between frames: a view that owns its fields keeps
//! one per field; [`whole_number`] keeps it in egui's memory for forms whose settings are
//! plain data (Compare's instances and trials).

use crate::app::error::AppError;
use egui::{RichText, Ui};
use std::ops::RangeInclusive;

/// The text of one field between frames.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Typed {
    text: String,
    /// The value in use (as text) when the field last drew: a value changed elsewhere (a
    /// preset, a replay, a click) replaces what was typed.
    shows: Option<String>,
}

/// What a field did this frame.
pub struct Field<T> {
    /// The text field's response (for a hover text, say).
    pub response: egui::Response,
    /// A value to apply now: the text was committed (Enter, or the focus left) and reads
    /// as a valid value other than the one in use.
    pub commit: Option<T>,
    /// Why a run must wait for this field: [`AppError::Input`] while its text is not a
    /// valid value, [`AppError::Unapplied`] while it is one not applied yet.
    pub hold: Option<AppError>,
}

impl Typed {
    /// Draws `label` and the field for the value in use, `current` (as text). `read` turns
    /// text into a value or says why it cannot be one.
    pub fn show<T: ToString>(
        &mut self,
        ui: &mut Ui,
        label: &str,
        current: &str,
        width: f32,
        read: impl Fn(&str) -> Result<T, String>,
    ) -> Field<T> {
        self.show_named(ui, label, label, current, width, read)
    }

    /// [`Typed::show`] for a field whose label does not name it (`or` beside a picker):
    /// `name` names it in what the field says.
    pub fn show_named<T: ToString>(
        &mut self,
        ui: &mut Ui,
        label: &str,
        name: &str,
        current: &str,
        width: f32,
        read: impl Fn(&str) -> Result<T, String>,
    ) -> Field<T> {
        if self.shows.as_deref() != Some(current) {
            self.text = current.to_string();
            self.shows = Some(current.to_string());
        }
        let l = ui.label(label);
        let wrong = read(&self.text).is_err();
        // Wide enough for the value in use and the text typed: a field narrower than its
        // number shows "1000" for 1000000.
        let font = egui::TextStyle::Body.resolve(ui.style());
        let longest = [current, self.text.as_str()]
            .iter()
            .map(|t| {
                ui.fonts_mut(|f| {
                    f.layout_no_wrap(t.to_string(), font.clone(), egui::Color32::WHITE)
                        .size()
                        .x
                })
            })
            .fold(0.0, f32::max);
        let width = width.max(longest + 2.0 * ui.spacing().button_padding.x + 6.0);
        let mut edit = egui::TextEdit::singleline(&mut self.text).desired_width(width);
        if wrong {
            edit = edit.text_color(ui.visuals().error_fg_color);
        }
        let response = ui.add(edit).labelled_by(l.id);
        let mut commit = None;
        if response.lost_focus()
            && let Ok(v) = read(&self.text)
        {
            // The field shows the value as it is applied (8, not 08 or " 8"); a value the
            // caller does not apply gives way to the one in use on the next frame.
            let applied = v.to_string();
            if applied != current {
                commit = Some(v);
            }
            self.text.clone_from(&applied);
            self.shows = Some(applied);
        }
        let hold = if commit.is_some() {
            None
        } else {
            self.hold(name, current, &read)
        };
        Field {
            response,
            commit,
            hold,
        }
    }

    /// Why a run must wait for the field `name`, whose value in use is `current`: its text is
    /// not a valid value, or one not applied yet. `None` when the text is the value in use
    /// (or will be replaced by it, the value having changed elsewhere).
    pub fn hold<T: ToString>(
        &self,
        name: &str,
        current: &str,
        read: impl Fn(&str) -> Result<T, String>,
    ) -> Option<AppError> {
        if self.shows.as_deref() != Some(current) {
            return None;
        }
        match read(&self.text) {
            Err(e) => Some(AppError::Input(e)),
            Ok(v) if v.to_string() == current => None,
            Ok(_) => Some(AppError::Unapplied(format!(
                "{name} {} is typed but not applied yet: press Enter (or leave the field) to apply it",
                self.text.trim()
            ))),
        }
    }
}

/// Reads a whole number in `range` (spaces around it, `_` and `,` between digits allowed);
/// the error names the field as `name`.
pub fn whole(name: &str, range: RangeInclusive<u64>) -> impl Fn(&str) -> Result<u64, String> {
    move |text: &str| {
        let t = text.trim();
        match t.replace(['_', ','], "").parse::<u64>() {
            Ok(v) if range.contains(&v) => Ok(v),
            _ => Err(format!(
                "{name} must be a whole number from {} to {} (got {t:?})",
                range.start(),
                range.end()
            )),
        }
    }
}

/// Says under a form why its fields hold a run back: a value that cannot be used in the
/// error colour, one not applied yet as a quiet hint.
pub fn hold_note(ui: &mut Ui, hold: &AppError) {
    match hold {
        AppError::Unapplied(m) => ui.label(RichText::new(m).weak()),
        e => ui.label(RichText::new(e.to_string()).color(ui.visuals().error_fg_color)),
    };
}

/// A whole-number field in `range` whose text lives in egui's memory (for forms whose
/// settings are plain data): `value` changes when a valid number is committed. `Err` says
/// why a run must wait for the field.
pub fn whole_number(
    ui: &mut Ui,
    label: &str,
    value: &mut u64,
    range: RangeInclusive<u64>,
) -> Result<(), AppError> {
    let id = ui.make_persistent_id(("whole-number", label));
    let mut typed = ui.data(|d| d.get_temp::<Typed>(id)).unwrap_or_default();
    let field = typed.show(
        ui,
        label,
        &value.to_string(),
        44.0,
        whole(label, range.clone()),
    );
    ui.data_mut(|d| d.insert_temp(id, typed));
    if let Some(v) = field.commit {
        *value = v;
    }
    field.hold.map_or(Ok(()), Err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_are_read_within_their_range() {
        let read = whole("Columns", 1..=400);
        assert_eq!(read(" 12 "), Ok(12));
        assert_eq!(read("1_0"), Ok(10));
        assert_eq!(read("3,00"), Ok(300));
        let e = read("401").unwrap_err();
        assert!(e.contains("from 1 to 400") && e.contains("\"401\""), "{e}");
        assert!(read("x").is_err() && read("").is_err() && read("0").is_err());
    }

    #[test]
    fn a_field_holds_back_while_its_text_is_wrong_or_not_applied() {
        let read = whole("Columns", 1..=400);
        let mut t = Typed {
            text: "8".into(),
            shows: Some("8".into()),
        };
        assert_eq!(t.hold("Columns", "8", &read), None);
        t.text = "1".into();
        assert!(matches!(
            t.hold("Columns", "8", &read),
            Some(AppError::Unapplied(_))
        ));
        t.text = "401".into();
        assert!(matches!(
            t.hold("Columns", "8", &read),
            Some(AppError::Input(m)) if m.contains("from 1 to 400")
        ));
        // The value changed elsewhere: the text gives way to it.
        assert_eq!(t.hold("Columns", "5", &read), None);
        // The same value typed another way is no change.
        t.text = " 08".into();
        assert_eq!(t.hold("Columns", "8", &read), None);
    }
}
