//! Which boards have a knight's tour, by the theorems that settle it at every size.
//!
//! Write a board's sides as m ≤ n.
//!
//! - **Closed tours** (Schwenk 1991): an m×n board has one unless m and n are both odd,
//!   or m is 1, 2 or 4, or m = 3 and n is 4, 6 or 8.
//! - **Open tours** (Cull & De Curtins 1978; Conrad, Hindrichs, Morsy & Wegener 1994):
//!   an m×n board has one unless m is 1 or 2 (the 1×1 board aside), or m = 3 and n is 3,
//!   5 or 6, or m = n = 4.
//! - **Colour parity**: a knight changes colour at every move, so on a board with an odd
//!   number of squares every tour starts and ends on the corners' colour.
//! - **The middle lines of a board 4 squares across**: no knight move joins two squares
//!   of the two edge lines, and they hold half the squares; a tour starting on a middle
//!   line would have to alternate middle and edge squares to its end, which puts every
//!   edge square on one colour, but the edge lines hold as many squares of each colour.
//!   So no open tour starts (or ends) on a middle line. (The argument is Pósa's, the one
//!   that rules out closed tours of these boards.)
//!
//! [`no_tour`] gives the reason, in a sentence with its source, when one of these rules a
//! tour out; boards it lets through have a tour (from some square, for open tours on
//! boards without a closed one).

use super::Shape;

/// Why no tour exists: a sentence with the rule and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoTour {
    /// The whole board has no tour of the kind asked (not only this start square).
    pub whole_board: bool,
    /// One or two sentences: the rule, why it holds, its source.
    pub reason: String,
}

/// The sides as (shorter, longer).
fn sides(shape: Shape) -> (u32, u32) {
    let (a, b) = (shape.cols(), shape.rows());
    (a.min(b), a.max(b))
}

/// Whether the m×n board (either way round) has a closed tour, by Schwenk's theorem. The
/// 1×1 board has none: its one square is a tour, but there is no move back to it.
pub fn has_closed_tour(shape: Shape) -> bool {
    closed_rule(shape).is_none()
}

/// Whether the board has an open tour from some square.
pub fn has_open_tour(shape: Shape) -> bool {
    open_rule(shape).is_none()
}

/// Why the board has no closed tour, or `None` when it has one.
fn closed_rule(shape: Shape) -> Option<String> {
    let (m, n) = sides(shape);
    let size = format!("{}x{}", shape.cols(), shape.rows());
    if n == 1 {
        return Some(
            "no closed tour exists on the 1x1 board: its one square is a tour, but a closed tour ends a knight's move from its start, and there is no move back to it".into(),
        );
    }
    if m % 2 == 1 && n % 2 == 1 {
        return Some(format!(
            "no closed tour exists on the {size} board: both sides are odd, so it has an odd number of squares, and a closed tour alternates colours at every move, so it needs an even number"
        ));
    }
    if m == 1 {
        return Some(format!(
            "no closed tour exists on the {size} board: with a side of 1 square a knight cannot move at all (Schwenk 1991)"
        ));
    }
    if m == 2 {
        return Some(format!(
            "no closed tour exists on the {size} board: with a side of 2 squares a corner square has {} knight move, and a closed tour needs two at every square, one in and one out (Schwenk 1991)",
            if n == 2 { "no" } else { "only one" },
        ));
    }
    if m == 4 {
        return Some(format!(
            "no closed tour exists on the {size} board: with a side of 4 squares every move from the two edge lines lands on the two middle lines, which have as many squares, so a closed tour would alternate edge and middle squares; it also alternates colours, so it would never visit the edge squares of one colour (Pósa's argument; Schwenk 1991)"
        ));
    }
    if m == 3 && matches!(n, 4 | 6 | 8) {
        return Some(format!(
            "no closed tour exists on the {size} board: a board with a side of 3 squares has closed tours only when its other side is even and at least 10 (Schwenk 1991)"
        ));
    }
    None
}

/// Why the board has no open tour from any square, or `None` when it has one.
fn open_rule(shape: Shape) -> Option<String> {
    let (m, n) = sides(shape);
    let size = format!("{}x{}", shape.cols(), shape.rows());
    if m == 1 && n == 1 {
        return None;
    }
    if m == 1 {
        return Some(format!(
            "no tour exists on the {size} board: with a side of 1 square a knight cannot move at all"
        ));
    }
    if m == 2 {
        return Some(format!(
            "no tour exists on the {size} board: with a side of 2 squares every move goes two squares along the other side, so a knight never reaches the squares an odd number of steps along from its start"
        ));
    }
    if m == 3 && n == 3 {
        return Some(format!(
            "no tour exists on the {size} board: the centre square has no knight move"
        ));
    }
    if m == 3 && matches!(n, 5 | 6) {
        return Some(format!(
            "no tour exists on the {size} board, from any square (Cull & De Curtins 1978; Conrad, Hindrichs, Morsy & Wegener 1994)"
        ));
    }
    if m == 4 && n == 4 {
        return Some(format!(
            "no tour exists on the {size} board, from any square (Cull & De Curtins 1978; Conrad, Hindrichs, Morsy & Wegener 1994)"
        ));
    }
    None
}

/// Why no tour of the kind asked starts at `(row, col)`, when a theorem says so at any
/// size: Schwenk's theorem for closed tours, the open-tour theorem, colour parity, and the
/// middle lines of a board 4 squares across.
/// `None` when none of them rules it out (a tour may still fail to exist from that one
/// square on a small board; an exhaustive search settles those).
pub fn no_tour(shape: Shape, start: (u32, u32), closed: bool) -> Option<NoTour> {
    let whole = |reason| NoTour {
        whole_board: true,
        reason,
    };
    if closed {
        return closed_rule(shape).map(whole);
    }
    if let Some(reason) = open_rule(shape) {
        return Some(whole(reason));
    }
    let (row, col) = start;
    let (m, _) = sides(shape);
    let across = if shape.cols() == 4 { col } else { row };
    if m == 4 && matches!(across, 1 | 2) {
        let at = shape.name(shape.square(row, col));
        let lines = if shape.cols() == 4 { "files" } else { "ranks" };
        return Some(NoTour {
            whole_board: false,
            reason: format!(
                "no tour starts at {at}: on a board 4 squares across no knight move joins two squares of the two edge {lines}, which hold half the squares, so a tour from a middle {} would have to alternate middle and edge squares to its end; that puts every edge square on one colour, but the edge {lines} hold as many squares of each colour (Pósa's argument)",
                &lines[..lines.len() - 1]
            ),
        });
    }
    if shape.len() % 2 == 1 && (row + col) % 2 == 1 {
        let at = shape.name(shape.square(row, col));
        return Some(NoTour {
            whole_board: false,
            reason: format!(
                "no tour starts at {at}: the board has an odd number of squares, one more of the corners' colour than of the other, and a tour alternates colours, so it starts and ends on the corners' colour; {at} is the other colour"
            ),
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::test;

    fn shape(c: u64, r: u64) -> Shape {
        Shape::new(c, r).unwrap()
    }

    #[test]
    fn schwenk_list_on_small_boards() {
        // Closed tours exist on 3x10, 3x12, 5x6, 6x6, 8x8 and not on 3x8, 4x4, 4x100,
        // 5x5 or 2x10 (Schwenk 1991's table).
        for (c, r) in [(3, 10), (12, 3), (5, 6), (6, 6), (8, 8), (6, 7), (10, 3)] {
            assert!(has_closed_tour(shape(c, r)), "{c}x{r}");
        }
        for (c, r) in [
            (3, 8),
            (4, 4),
            (4, 100),
            (100, 4),
            (5, 5),
            (2, 10),
            (3, 6),
            (1, 1),
        ] {
            assert!(!has_closed_tour(shape(c, r)), "{c}x{r}");
        }
    }

    #[test]
    fn open_tours_and_parity() {
        for (c, r) in [(3, 4), (3, 7), (4, 5), (5, 5), (1, 1)] {
            assert!(has_open_tour(shape(c, r)), "{c}x{r}");
        }
        for (c, r) in [(3, 3), (3, 5), (6, 3), (4, 4), (2, 8), (1, 5)] {
            assert!(!has_open_tour(shape(c, r)), "{c}x{r}");
        }
        // On 5x5 the 12 squares off the corners' colour start no tour.
        let s = shape(5, 5);
        assert!(no_tour(s, (0, 1), false).is_some_and(|n| !n.whole_board));
        assert!(no_tour(s, (0, 0), false).is_none());
        assert!(no_tour(s, (0, 0), true).is_some_and(|n| n.whole_board));
    }

    #[test]
    fn no_open_tour_starts_on_the_middle_lines_of_a_board_4_across() {
        // 10 columns x 4 rows: rows 1 and 2 are the middle lines; 4 columns x 7 rows:
        // columns 1 and 2.
        let wide = shape(10, 4);
        for col in 0..10 {
            for row in 0..4 {
                let ruled_out = no_tour(wide, (row, col), false).is_some();
                assert_eq!(ruled_out, matches!(row, 1 | 2), "{row},{col}");
            }
        }
        let tall = shape(4, 7);
        assert!(no_tour(tall, (3, 1), false).is_some_and(|n| !n.whole_board));
        assert!(no_tour(tall, (3, 0), false).is_none());
        // 3 columns: not a board 4 across.
        assert!(no_tour(shape(3, 4), (1, 1), false).is_none());
    }
}
