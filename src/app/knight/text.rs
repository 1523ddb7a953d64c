//! The Knight's Tour view as text: the board on show (for the clipboard) and the tour as
//! a move list.

use crate::puzzle::knight::notation::{move_list, move_list_csv};
use crate::puzzle::knight::{Board, Square};

impl super::KnightView {
    /// The board on show, its start square and the path on it: the step on show (on the
    /// trace's own board), the live search's, or the tour as far as the animation has
    /// walked.
    fn path_on_show(&mut self) -> (std::sync::Arc<Board>, Option<Square>, Vec<Square>) {
        let board = self.board();
        let (r, c) = self.settings.start;
        let start = Some(board.square(r, c));
        if self.mode == crate::app::mode::Mode::Play {
            return (board, start, self.play.path().to_vec());
        }
        if self.mode == crate::app::mode::Mode::Steps
            && let Some(trace) = self.steps.trace()
        {
            let path = self.steps.state().map(|s| s.path).unwrap_or_default();
            let start = (trace.start != Square::MAX).then_some(trace.start);
            return (std::sync::Arc::new(trace.board.clone()), start, path);
        }
        if self.live.is_running() {
            return (board, start, self.own.live_path.clone());
        }
        let shown = self.own.shown.min(self.own.tour.len());
        (board, start, self.own.tour[..shown].to_vec())
    }

    /// The board on show as a grid of move numbers (`.` where the knight has not been),
    /// under a line naming the board and the start.
    pub(super) fn board_as_text(&mut self) -> String {
        let (board, start, path) = self.path_on_show();
        format!(
            "{}x{} board, {}, {} of {} squares visited\n{}",
            board.cols(),
            board.rows(),
            start.map_or_else(
                || "from every square".into(),
                |s| format!("start {}", board.name(s))
            ),
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
