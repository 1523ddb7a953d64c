//! A knight's path as a move list in chess notation, as text and as CSV.

use super::{Board, Square};
use std::fmt::Write;

/// `1. a8-b6` a line, then the closing move back to the first square when the path is a
/// closed tour (`closed`), marked so.
///
/// ```
/// use searchlab::puzzle::knight::Board;
/// use searchlab::puzzle::knight::notation::move_list;
///
/// let b = Board::new(3, 4).unwrap();
/// let path = [b.square(0, 0), b.square(2, 1)];
/// assert_eq!(move_list(&b, &path, false), "1. a4-b2\n");
/// ```
pub fn move_list(board: &Board, path: &[Square], closed: bool) -> String {
    let mut out = String::new();
    for (i, pair) in path.windows(2).enumerate() {
        let _ = writeln!(
            out,
            "{}. {}-{}",
            i + 1,
            board.name(pair[0]),
            board.name(pair[1])
        );
    }
    if closed && let (Some(&last), Some(&first)) = (path.last(), path.first()) {
        let _ = writeln!(
            out,
            "{}. {}-{} (the closing move, back to the start)",
            path.len(),
            board.name(last),
            board.name(first)
        );
    }
    out
}

/// The same as CSV: `move,from,to,from_row,from_col,to_row,to_col,closing`, rows and
/// columns from 0 at the top-left.
pub fn move_list_csv(board: &Board, path: &[Square], closed: bool) -> String {
    let header = [
        "move", "from", "to", "from_row", "from_col", "to_row", "to_col", "closing",
    ];
    let row = |n: usize, from: Square, to: Square, closing: bool| {
        let (fr, fc) = board.row_col(from);
        let (tr, tc) = board.row_col(to);
        vec![
            n.to_string(),
            board.name(from),
            board.name(to),
            fr.to_string(),
            fc.to_string(),
            tr.to_string(),
            tc.to_string(),
            u8::from(closing).to_string(),
        ]
    };
    let mut rows: Vec<Vec<String>> = (path.windows(2).enumerate())
        .map(|(i, pair)| row(i + 1, pair[0], pair[1], false))
        .collect();
    if closed && let (Some(&last), Some(&first)) = (path.last(), path.first()) {
        rows.push(row(path.len(), last, first, true));
    }
    crate::files::csv_text(&header, rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::test;

    #[test]
    fn the_list_names_the_tour_square_by_square_in_order() {
        use crate::solve::knight::{Problem, warnsdorff};
        use crate::solve::{Budget, Control, rng_from_seed};
        let board = Board::new(5, 5).unwrap();
        let problem = Problem {
            board: &board,
            start: 0,
            closed: false,
        };
        let config = warnsdorff::Config::default();
        let mut ctl = Control::quiet(Budget::unlimited());
        let path = warnsdorff::solve(&problem, &config, &mut rng_from_seed(0), &mut ctl).path;
        assert_eq!(board.validate_tour(&path, false), Ok(()));
        let listed = move_list(&board, &path, false);
        let csv = move_list_csv(&board, &path, false);
        assert_eq!(listed.lines().count(), 24);
        assert_eq!(csv.lines().count(), 25);
        // Read back from the text alone: the same squares, each a knight's move on.
        let mut read = vec![path[0]];
        for (i, line) in listed.lines().enumerate() {
            let (number, mv) = line.split_once(". ").unwrap();
            assert_eq!(number.parse::<usize>().unwrap(), i + 1);
            let (from, to) = mv.split_once('-').unwrap();
            let (a, b) = (
                board.parse_square(from).unwrap(),
                board.parse_square(to).unwrap(),
            );
            assert_eq!(a, *read.last().unwrap());
            assert!(board.is_knight_move(a, b));
            read.push(b);
        }
        assert_eq!(read, path);
        let (r, c) = board.row_col(path[1]);
        let second = format!("1,a5,{},0,0,{r},{c},0", board.name(path[1]));
        assert_eq!(csv.lines().nth(1), Some(second.as_str()));
    }

    #[test]
    fn a_closed_tour_lists_its_closing_move() {
        let board = Board::new(6, 6).unwrap();
        let open = [board.square(0, 0), board.square(1, 2)];
        let text = move_list(&board, &open, true);
        assert!(text.ends_with("2. c5-a6 (the closing move, back to the start)\n"));
        assert!(move_list_csv(&board, &open, true).ends_with("2,c5,a6,1,2,0,0,1\n"));
    }
}
