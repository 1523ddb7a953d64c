//! The two puzzles' traces as step by step reads them: their slider marks, pseudocode,
//! sentences, figures, trees and Your guess questions.

use super::Traced;
use crate::run::trace::guess::Question;
use crate::run::trace::pseudocode::Pseudocode;
use crate::run::trace::tree::SearchTree;

impl Traced for crate::run::trace::KnightTrace {
    fn marks(&self) -> [Vec<u32>; 4] {
        let m = crate::run::trace::timeline::KnightMarks::of(self);
        [m.backtracks, m.restarts, m.bests, m.solutions]
    }

    fn mark_labels(&self) -> [&'static str; 4] {
        [
            "dead ends and backtracks",
            "restarts",
            "new longest path",
            "tours",
        ]
    }

    fn pseudocode(&self) -> Pseudocode {
        crate::run::trace::pseudocode::knight(self)
    }

    fn line(&self, index: usize) -> usize {
        crate::run::trace::pseudocode::knight_line(self, index)
    }

    fn tell(&self, from: usize, to: usize, state: Self::State) -> Vec<String> {
        let mut teller = self.teller_at(from, state);
        (from..to.min(self.steps.len()))
            .map(|i| teller.tell(&self.steps[i], false).0)
            .collect()
    }

    fn title(&self) -> String {
        // The name the picker shows, not the command line's id.
        let name = crate::app::knight::task_name(&self.job.algorithm);
        format!("{name} — {}", crate::run::trace::knight::summary(self))
    }

    fn message(&self) -> &str {
        &self.message
    }

    fn figures(&self) -> Vec<(&'static str, &'static str, String)> {
        crate::run::catalog::knight_figures(&self.job.algorithm)
            .iter()
            .map(|f| (f.label, f.help, f.value(&self.counters)))
            .collect()
    }

    fn tree(&self) -> Result<SearchTree, String> {
        SearchTree::of_knight(self)
    }

    fn guess_refusal(&self) -> Option<String> {
        crate::run::trace::guess::knight_refusal(self)
    }

    fn asks(&self, index: usize) -> bool {
        crate::run::trace::guess::knight_asks(self, index)
    }

    fn question(&self, index: usize, state: &Self::State) -> Option<Question> {
        crate::run::trace::guess::knight_question(self, index, state)
    }

    fn cell_name(&self, cell: u32) -> String {
        self.board.name(cell)
    }
}

impl Traced for crate::run::trace::QueensTrace {
    fn marks(&self) -> [Vec<u32>; 4] {
        let m = crate::run::trace::timeline::QueensMarks::of(self);
        [m.backtracks, m.restarts, m.bests, m.solutions]
    }

    fn mark_labels(&self) -> [&'static str; 4] {
        [
            "queens taken back, local minima",
            "restarts",
            "new best (fewest attacks, most queens)",
            "solution",
        ]
    }

    fn pseudocode(&self) -> Pseudocode {
        crate::run::trace::pseudocode::queens(self)
    }

    fn line(&self, index: usize) -> usize {
        crate::run::trace::pseudocode::queens_line(self, index)
    }

    fn tell(&self, from: usize, to: usize, state: Self::State) -> Vec<String> {
        let steps = &self.recorder;
        let mut teller = self.teller_at(from, state);
        (steps
            .iter_from(from)
            .take(to.min(steps.len()).saturating_sub(from)))
        .map(|step| teller.tell(&step, false).0)
        .collect()
    }

    fn title(&self) -> String {
        let name = crate::run::catalog::queens_algorithm(&self.job.algorithm)
            .map_or(self.job.algorithm.as_str(), |a| a.name);
        format!("{name} — {}", crate::run::trace::queens::summary(self))
    }

    fn message(&self) -> &str {
        &self.message
    }

    fn figures(&self) -> Vec<(&'static str, &'static str, String)> {
        crate::run::catalog::queens_figures(&self.job.algorithm)
            .iter()
            .map(|f| (f.label, f.help, f.value(&self.counters)))
            .collect()
    }

    fn tree(&self) -> Result<SearchTree, String> {
        SearchTree::of_queens(self)
    }

    fn guess_refusal(&self) -> Option<String> {
        crate::run::trace::guess::queens_refusal(self)
    }

    fn asks(&self, index: usize) -> bool {
        crate::run::trace::guess::queens_asks(self, index)
    }

    fn question(&self, index: usize, state: &Self::State) -> Option<Question> {
        crate::run::trace::guess::queens_question(self, index, state)
    }

    fn cell_name(&self, cell: u32) -> String {
        let n = self.job.n;
        let (row, column) = (cell / n as u32, cell % n as u32);
        crate::run::trace::queens::square_name(n, column, row)
    }

    /// The decision's sentence, and for hill climbing what the round's scores were.
    fn explain(&self, q: &Question, state: Self::State) -> String {
        let i = q.reveal_at.saturating_sub(1);
        let told = self.tell(i, i + 1, state).pop().unwrap_or_default();
        match crate::run::trace::guess::scored_round(self, q) {
            Some((scored, min, ties)) => format!(
                "{told} ({scored} moves scored; the lowest value, {min}, {}.)",
                if ties == 1 {
                    "at one square".to_string()
                } else {
                    format!("at {ties} squares")
                }
            ),
            None => told,
        }
    }
}
