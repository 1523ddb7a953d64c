//! Play mode's words on the Knight's Tour tab: Warnsdorff's choice and the count hint
//! told, and the student's tour saved as a move list.

use crate::puzzle::knight::{Board, Square};
use crate::run::play::knight::CountHint;
use crate::solve::Stop;
use egui::{RichText, Ui};

/// Writes `path` as a move list, text and CSV, to the runs folder; says where (or why
/// not) and whether it went well.
pub(super) fn save_moves(
    ctx: &egui::Context,
    board: &Board,
    path: &[Square],
    closed: bool,
) -> (String, bool) {
    use crate::app::export::{free_path, write_text};
    use crate::puzzle::knight::notation::{move_list, move_list_csv};
    let dir = ctx
        .data(|d| d.get_temp::<std::path::PathBuf>(crate::app::files_dir_id()))
        .unwrap_or_else(crate::app::runs::runs_dir);
    let closed = closed && board.is_closed(path);
    let stem = format!(
        "searchlab-my-tour-{}x{}-{}",
        board.cols(),
        board.rows(),
        board.name(path[0])
    );
    let text = free_path(&dir, &stem, "txt");
    let csv = free_path(&dir, &stem, "csv");
    let wrote = write_text(&text, &move_list(board, path, closed))
        .and_then(|_| write_text(&csv, &move_list_csv(board, path, closed)));
    match wrote {
        Ok(_) => (
            format!(
                "Saved your tour to {} and {}",
                text.display(),
                csv.display()
            ),
            true,
        ),
        Err(e) => (format!("Could not save your tour: {e}"), false),
    }
}

/// Warnsdorff's choice in words: every candidate with its onward moves, and the pick.
pub(super) fn warnsdorff_text(
    ui: &mut Ui,
    board: &Board,
    path: &[Square],
    moves: &[(Square, u32)],
) {
    let Some(&at) = path.last() else { return };
    if moves.is_empty() {
        ui.label("The knight has no move left.");
        return;
    }
    let listed: Vec<String> = moves
        .iter()
        .map(|&(s, d)| format!("{} ({d} onward)", board.name(s)))
        .collect();
    ui.label(format!(
        "Move {} from {}, to square {}: {} free square{} — {}.",
        path.len(),
        board.name(at),
        path.len() + 1,
        moves.len(),
        if moves.len() == 1 { "" } else { "s" },
        listed.join(", ")
    ));
    let fewest = moves.iter().map(|m| m.1).min().unwrap_or(0);
    let best: Vec<String> = moves
        .iter()
        .filter(|m| m.1 == fewest)
        .map(|m| board.name(m.0))
        .collect();
    if best.len() == 1 {
        ui.label(format!(
            "Warnsdorff's rule takes {}, the fewest onward moves: squares with few ways out are visited before they are cut off.",
            best[0]
        ));
    } else {
        ui.label(format!(
            "{} tie with {fewest} onward move{}: the rule alone does not choose. A tie-break rule does (Roth's: the one farthest from the centre; Pohl's: look one move further).",
            best.join(" and "),
            if fewest == 1 { "" } else { "s" }
        ));
    }
    ui.label(RichText::new("The numbers on the free squares are their onward moves.").weak());
}

/// The count hint in words: the tours through each candidate, and a dead end's proof.
pub(super) fn counts_text(ui: &mut Ui, board: &Board, hint: &CountHint) {
    let listed: Vec<String> = hint
        .through
        .iter()
        .map(|t| {
            let n = if t.complete {
                t.tours.to_string()
            } else {
                format!("at least {}", t.tours)
            };
            format!("{}: {n}", board.name(t.square))
        })
        .collect();
    ui.label(format!(
        "Tours that go on through each square: {}.",
        listed.join(", ")
    ));
    let total: u64 = hint.through.iter().map(|t| t.tours).sum();
    match hint.stop {
        Stop::Exhausted if hint.calls == 0 && hint.dead_end.is_some() => {}
        Stop::Exhausted => {
            let took =
                crate::app::widgets::figures::format_ms(ui.ctx(), hint.elapsed.as_secs_f64() * 1e3);
            ui.label(format!(
                "{total} tour{} in all begin with your path (counted exactly in {took}, {} squares entered).",
                if total == 1 { "" } else { "s" },
                hint.calls
            ));
        }
        stop => {
            crate::app::widgets::figures::outcome_label(
                ui,
                &format!(
                    "Cut short ({}) after {:.1} s: a square marked \"at least\" was not counted to the end, so it is left uncoloured.",
                    stop.describe(),
                    hint.elapsed.as_secs_f64()
                ),
                false,
            );
        }
    }
    if let Some(proof) = &hint.dead_end {
        crate::app::widgets::figures::outcome_label(
            ui,
            &format!(
                "Dead end: no tour begins with your path, because {}. Undo a move or two.",
                proof.text
            ),
            false,
        );
    }
}
