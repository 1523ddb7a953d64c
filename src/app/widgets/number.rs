//! A text field for a whole number. What is typed is kept (in egui's memory) while it does
//! not read as a number, so a slip can be seen and mended; the value changes only when the
//! text reads as one, and a value changed elsewhere (a click, a reset) shows in the field.

use crate::app::error::AppError;
use egui::Ui;

/// Shows `label` and the field; `Err` says why the text is not a whole number.
pub fn whole_number(ui: &mut Ui, label: &str, value: &mut u64) -> Result<(), AppError> {
    let id = ui.make_persistent_id(("whole-number", label));
    let (mut text, synced) = ui
        .data(|d| d.get_temp::<(String, u64)>(id))
        .unwrap_or_else(|| (value.to_string(), *value));
    if synced != *value {
        text = value.to_string();
    }
    let l = ui.label(label);
    let edit = ui
        .add(egui::TextEdit::singleline(&mut text).desired_width(44.0))
        .labelled_by(l.id);
    let read = text.trim().replace(['_', ','], "").parse::<u64>();
    if edit.changed()
        && let Ok(v) = read
    {
        *value = v;
    }
    ui.data_mut(|d| d.insert_temp(id, (text.clone(), *value)));
    read.map(|_| ()).map_err(|_| {
        AppError::Input(format!(
            "{label} must be a whole number (got {:?})",
            text.trim()
        ))
    })
}
