//! The Knight's Tour view as text: the board on show (for the clipboard) and the tour as
//! a move list.

use crate::puzzle::knight::Square;
use crate::puzzle::knight::notation::{move_list, move_list_csv};

impl super::KnightView {
    /// The path on the board now: the step on show, the live search's, or the tour as far
    /// as the animation has walked.
    fn path_on_show(&mut self) -> Vec<Square> {
        if self.mode == crate::app::mode::Mode::Play {
            return self.play.path().to_vec();
        }
        if self.mode == crate::app::mode::Mode::Steps {
            return self.steps.state().map(|s| s.path).unwrap_or_default();
        }
        if self.live.is_running() {
            return self.own.live_path.clone();
        }
        self.own.tour[..self.own.shown.min(self.own.tour.len())].to_vec()
    }

    /// The board on show as a grid of move numbers (`.` where the knight has not been),
    /// under a line naming the board and the start.
    pub(super) fn board_as_text(&mut self) -> String {
        let board = self.board();
        let path = self.path_on_show();
        let (r, c) = self.settings.start;
        format!(
            "{}x{} board, start {}, {} of {} squares visited\n{}",
            board.cols(),
            board.rows(),
            board.name(board.square(r, c)),
            path.len(),
            board.len(),
            board.render_numbers(&path, 1)
        )
    }

    /// The tour on show as a move list, text and CSV.
    pub(super) fn tour_move_list(&self) -> Option<(String, String)> {
        let board = self.board();
        let tour = if self.mode == crate::app::mode::Mode::Play {
            // A played tour once it is complete (closed checked when asked for).
            Some(self.play.path()).filter(|_| self.play.is_done(&board, self.settings.closed))
        } else {
            self.displayed_tour()
        }?;
        let closed = board.is_closed(tour);
        Some((
            move_list(&board, tour, closed),
            move_list_csv(&board, tour, closed),
        ))
    }
}
