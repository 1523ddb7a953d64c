//! The eight symmetries of a square board (the dihedral group of order 8): four rotations
//! and four reflections. They map a solution of N-Queens to a solution, and a magic square
//! to a magic square, so solutions fall into classes of images of one another.
//!
//! A symmetry is kept as the 2 × 2 matrix it applies to a square's position measured from
//! the board's centre, with x to the right and y downwards as on screen; doubled
//! coordinates (2c − (n − 1), 2r − (n − 1)) keep every centre whole.

/// One of the eight symmetries of the square.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Symmetry {
    /// Leaves every square where it is.
    Identity,
    /// A quarter turn clockwise.
    Quarter,
    /// A half turn.
    Half,
    /// A quarter turn anticlockwise.
    ThreeQuarters,
    /// A mirror with a vertical axis: left and right swap.
    MirrorLeftRight,
    /// A mirror with a horizontal axis: top and bottom swap.
    MirrorUpDown,
    /// A mirror across the diagonal from the top-left corner to the bottom-right one.
    Diagonal,
    /// A mirror across the diagonal from the top-right corner to the bottom-left one.
    AntiDiagonal,
}

impl Symmetry {
    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Quarter,
        Symmetry::Half,
        Symmetry::ThreeQuarters,
        Symmetry::MirrorLeftRight,
        Symmetry::MirrorUpDown,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
    ];

    /// Its matrix `[a, b, c, d]`: (x, y) ↦ (a·x + b·y, c·x + d·y).
    pub fn matrix(self) -> [i32; 4] {
        match self {
            Symmetry::Identity => [1, 0, 0, 1],
            Symmetry::Quarter => [0, -1, 1, 0],
            Symmetry::Half => [-1, 0, 0, -1],
            Symmetry::ThreeQuarters => [0, 1, -1, 0],
            Symmetry::MirrorLeftRight => [-1, 0, 0, 1],
            Symmetry::MirrorUpDown => [1, 0, 0, -1],
            Symmetry::Diagonal => [0, 1, 1, 0],
            Symmetry::AntiDiagonal => [0, -1, -1, 0],
        }
    }

    fn of_matrix(m: [i32; 4]) -> Symmetry {
        Symmetry::ALL
            .into_iter()
            .find(|s| s.matrix() == m)
            .expect("a signed permutation matrix is one of the eight")
    }

    /// Whether it turns the board (rather than mirroring it).
    pub fn is_rotation(self) -> bool {
        let [a, b, c, d] = self.matrix();
        a * d - b * c == 1
    }

    /// The turn, in radians clockwise on screen, of a rotation (0 for a mirror).
    pub fn angle(self) -> f32 {
        match self {
            Symmetry::Quarter => std::f32::consts::FRAC_PI_2,
            Symmetry::Half => std::f32::consts::PI,
            Symmetry::ThreeQuarters => -std::f32::consts::FRAC_PI_2,
            _ => 0.0,
        }
    }

    /// `self` after `first`: the symmetry that does `first`, then `self`.
    pub fn after(self, first: Symmetry) -> Symmetry {
        let [a, b, c, d] = self.matrix();
        let [e, f, g, h] = first.matrix();
        Symmetry::of_matrix([a * e + b * g, a * f + b * h, c * e + d * g, c * f + d * h])
    }

    /// The symmetry that undoes it.
    pub fn inverse(self) -> Symmetry {
        let [a, b, c, d] = self.matrix();
        Symmetry::of_matrix([a, c, b, d])
    }

    /// What it does, in words.
    pub fn describe(self) -> &'static str {
        match self {
            Symmetry::Identity => "as it is",
            Symmetry::Quarter => "turned a quarter clockwise",
            Symmetry::Half => "turned half way round",
            Symmetry::ThreeQuarters => "turned a quarter anticlockwise",
            Symmetry::MirrorLeftRight => "mirrored left to right",
            Symmetry::MirrorUpDown => "mirrored top to bottom",
            Symmetry::Diagonal => "mirrored across the diagonal from the top-left corner",
            Symmetry::AntiDiagonal => "mirrored across the diagonal from the top-right corner",
        }
    }

    /// Where square (`row`, `column`) of an `n × n` board goes.
    pub fn map(self, n: usize, row: usize, column: usize) -> (usize, usize) {
        let [a, b, c, d] = self.matrix();
        let side = n as i64 - 1;
        let (x, y) = (2 * column as i64 - side, 2 * row as i64 - side);
        let (x2, y2) = (
            i64::from(a) * x + i64::from(b) * y,
            i64::from(c) * x + i64::from(d) * y,
        );
        (
            i64::midpoint(y2, side) as usize,
            i64::midpoint(x2, side) as usize,
        )
    }

    /// The image of a placement of queens (`rows[c]`: the row of column c's queen, one
    /// queen per column); `None` unless every row is on the board and the image has one
    /// queen per column again (always, for one queen per row too).
    pub fn queens(self, rows: &[u32]) -> Option<Vec<u32>> {
        let n = rows.len();
        let mut out = vec![u32::MAX; n];
        for (c, &r) in rows.iter().enumerate() {
            if r as usize >= n {
                return None;
            }
            let (r2, c2) = self.map(n, r as usize, c);
            if out[c2] != u32::MAX {
                return None;
            }
            out[c2] = r2 as u32;
        }
        Some(out)
    }

    /// The image of a grid of `n × n` values, row-major.
    pub fn grid(self, n: usize, cells: &[u32]) -> Vec<u32> {
        let mut out = vec![0; cells.len()];
        for (i, &v) in cells.iter().enumerate().take(n * n) {
            let (r, c) = self.map(n, i / n, i % n);
            out[r * n + c] = v;
        }
        out
    }
}

/// A class of solutions that are images of one another: the least of them (read in
/// order), and each distinct member with the symmetry that makes it from that one.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Class {
    /// The class's least member, as an index into the list classified.
    pub representative: usize,
    /// Each distinct member (the representative first) as `(index, symmetry)`: the
    /// symmetry maps the representative onto it (the first of [`Symmetry::ALL`] that does).
    pub members: Vec<(usize, Symmetry)>,
}

/// Sorts `items` (solutions, all distinct) into classes under `image`, the classes in the
/// order of their least members. Every image of an item must be in `items`; `None` when
/// one is not (the list is not closed under the symmetries).
pub fn classes<T: Ord + Clone>(
    items: &[T],
    image: impl Fn(Symmetry, &T) -> Option<T>,
) -> Option<Vec<Class>> {
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|&a, &b| items[a].cmp(&items[b]));
    let position = |item: &T| {
        order
            .binary_search_by(|&i| items[i].cmp(item))
            .ok()
            .map(|k| order[k])
    };
    let mut seen = vec![false; items.len()];
    let mut out = Vec::new();
    // In sorted order, the first item of a class met is its least member.
    for &i in &order {
        if seen[i] {
            continue;
        }
        let mut members: Vec<(usize, Symmetry)> = Vec::new();
        for s in Symmetry::ALL {
            let j = position(&image(s, &items[i])?)?;
            if !members.iter().any(|&(m, _)| m == j) {
                members.push((j, s));
                seen[j] = true;
            }
        }
        out.push(Class {
            representative: i,
            members,
        });
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::test;

    #[test]
    fn the_eight_form_a_group_with_inverses() {
        for a in Symmetry::ALL {
            assert_eq!(a.after(a.inverse()), Symmetry::Identity, "{a:?}");
            assert_eq!(a.after(Symmetry::Identity), a);
            for b in Symmetry::ALL {
                for c in Symmetry::ALL {
                    assert_eq!(a.after(b).after(c), a.after(b.after(c)));
                }
            }
        }
        assert_eq!(Symmetry::Quarter.after(Symmetry::Quarter), Symmetry::Half);
        let rotations = Symmetry::ALL.iter().filter(|s| s.is_rotation()).count();
        assert_eq!(rotations, 4);
    }

    #[test]
    fn a_quarter_turn_takes_the_top_left_corner_to_the_top_right_one() {
        for n in [1usize, 4, 5, 8] {
            assert_eq!(Symmetry::Quarter.map(n, 0, 0), (0, n - 1));
            assert_eq!(Symmetry::MirrorLeftRight.map(n, 0, 0), (0, n - 1));
            assert_eq!(Symmetry::MirrorUpDown.map(n, 0, 0), (n - 1, 0));
            assert_eq!(Symmetry::Diagonal.map(n, 0, n - 1), (n - 1, 0));
            assert_eq!(Symmetry::AntiDiagonal.map(n, 0, 0), (n - 1, n - 1));
            // Every symmetry moves the squares about: a permutation of the board.
            for s in Symmetry::ALL {
                let mut hit = vec![false; n * n];
                for i in 0..n * n {
                    let (r, c) = s.map(n, i / n, i % n);
                    assert!(!hit[r * n + c]);
                    hit[r * n + c] = true;
                }
            }
        }
    }

    #[test]
    fn images_of_a_queens_solution_are_solutions() {
        let rows = [0u32, 4, 7, 5, 2, 6, 1, 3];
        for s in Symmetry::ALL {
            let image = s.queens(&rows).unwrap();
            assert_eq!(crate::puzzle::queens::validate(8, &image), Ok(()), "{s:?}");
            assert_eq!(s.inverse().queens(&image).unwrap(), rows);
        }
        assert_eq!(Symmetry::Quarter.queens(&[0, 9]), None);
    }
}
