//! The symmetries of a knight's board, and its squares' orbits under them.
//!
//! A rotation or reflection that maps the board onto itself maps a knight's move to a
//! knight's move, so it maps every tour from a square to a tour from the square's image,
//! one to one (a closed tour to a closed one). The tours from every square of an orbit
//! are as many, and a count from every square need count one square per orbit. A square
//! board has the eight symmetries of the square; any other rectangle the four that keep
//! its sides where they are: the identity, the half turn and the two mirrors.

use super::{Shape, Square};
use crate::puzzle::symmetry::Symmetry;

/// The symmetries that map a `shape` board onto itself, the identity first.
pub fn board_symmetries(shape: &Shape) -> &'static [Symmetry] {
    const RECTANGLE: [Symmetry; 4] = [
        Symmetry::Identity,
        Symmetry::Half,
        Symmetry::MirrorLeftRight,
        Symmetry::MirrorUpDown,
    ];
    if shape.cols() == shape.rows() {
        &Symmetry::ALL
    } else {
        &RECTANGLE
    }
}

/// The image of `sq` under `symmetry`, one of the board's own ([`board_symmetries`]).
pub fn image(shape: &Shape, symmetry: Symmetry, sq: Square) -> Square {
    let (row, col) = shape.row_col(sq);
    let [a, b, c, d] = symmetry.matrix();
    // Doubled coordinates from the centre, as in [`Symmetry::map`]; a symmetry that swaps
    // rows and columns is one of a square board's only.
    let (w, h) = (i64::from(shape.cols()) - 1, i64::from(shape.rows()) - 1);
    let (x, y) = (2 * i64::from(col) - w, 2 * i64::from(row) - h);
    let (x2, y2) = (
        i64::from(a) * x + i64::from(b) * y,
        i64::from(c) * x + i64::from(d) * y,
    );
    shape.square(i64::midpoint(y2, h) as u32, i64::midpoint(x2, w) as u32)
}

/// For each square, its orbit's representative: the least square among its images.
pub fn representatives(shape: &Shape) -> Vec<Square> {
    let symmetries = board_symmetries(shape);
    (0..shape.len() as Square)
        .map(|sq| {
            (symmetries.iter())
                .map(|&s| image(shape, s, sq))
                .min()
                .unwrap_or(sq)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every image is on the board, a knight's move maps to a knight's move, and the
    /// orbits are as many as Burnside's lemma gives from the squares each symmetry fixes.
    #[test]
    fn symmetries_keep_knight_moves_and_orbits_count_by_burnside() {
        for cols in 1..=9u64 {
            for rows in 1..=9u64 {
                let shape = Shape::new(cols, rows).unwrap();
                let n = shape.len() as Square;
                let symmetries = board_symmetries(&shape);
                let mut fixed = 0;
                for &s in symmetries {
                    let mut hit = vec![false; n as usize];
                    for a in 0..n {
                        let ia = image(&shape, s, a);
                        assert!(ia < n);
                        assert!(!hit[ia as usize], "{s:?} is one to one on {cols}×{rows}");
                        hit[ia as usize] = true;
                        fixed += usize::from(ia == a);
                        for b in 0..n {
                            assert_eq!(
                                shape.is_knight_move(a, b),
                                shape.is_knight_move(ia, image(&shape, s, b)),
                                "{s:?} on {cols}×{rows}"
                            );
                        }
                    }
                }
                let mut reps = representatives(&shape);
                reps.sort_unstable();
                reps.dedup();
                // Burnside: orbits = mean number of squares a symmetry fixes.
                assert_eq!(reps.len() * symmetries.len(), fixed, "{cols}×{rows}");
            }
        }
        // By hand: 8×8 has 10 orbits (the triangle a1–d1–d4), 6×6 six, 4×3 four.
        let orbits = |c, r| {
            let mut reps = representatives(&Shape::new(c, r).unwrap());
            reps.sort_unstable();
            reps.dedup();
            reps.len()
        };
        assert_eq!((orbits(8, 8), orbits(6, 6), orbits(4, 3)), (10, 6, 4));
    }
}
