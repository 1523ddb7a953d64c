//! Every solution of a small puzzle, sorted into classes under the board's eight
//! symmetries, for the solution browser: 8 queens' 92 solutions in 12 classes, the 8 magic
//! squares of order 3 in 1, the 7,040 of order 4 in 880. Every solution is validated by
//! `puzzle/` before it is listed, and every member of a class is checked to be the image
//! of its representative.

use super::JobError;
use crate::puzzle::symmetry::{Class, Symmetry, classes};
use crate::puzzle::{magic, queens};
use crate::solve::magic::count::MAX_COUNT_ORDER;
use crate::solve::queens::list::MAX_LIST_N;
use std::sync::atomic::{AtomicBool, Ordering};

/// Every solution of one puzzle, and its classes.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Catalogue {
    /// Queens, or the square's order.
    pub n: usize,
    /// In increasing order: the row of each column's queen, or a square's cells row by
    /// row.
    pub solutions: Vec<Vec<u32>>,
    /// In the order of their least members.
    pub classes: Vec<Class>,
}

impl Catalogue {
    /// Every solution of `n` queens (1 ≤ n ≤ 12), classified; `Err` on bad input or when
    /// `cancel` is set.
    pub fn queens(n: usize, cancel: &AtomicBool) -> Result<Catalogue, JobError> {
        if !(1..=MAX_LIST_N).contains(&n) {
            return Err(JobError::Input(format!(
                "the solutions of {n} queens are not listed: the browser lists n from 1 to {MAX_LIST_N} (14,200 solutions for 12; 13 queens have 73,712)"
            )));
        }
        let stop = || cancel.load(Ordering::Relaxed);
        let solutions = crate::solve::queens::list::all(n, &stop)
            .ok_or_else(|| JobError::Input("stopped before every solution was listed".into()))?;
        for s in &solutions {
            queens::validate(n, s).map_err(|e| {
                JobError::Invalid(format!(
                    "the list holds a placement that is not a solution: {e}"
                ))
            })?;
        }
        Catalogue::classify(n, solutions, |s, rows| s.queens(rows))
    }

    /// Every magic square of order `n` (1 ≤ n ≤ 4), classified.
    pub fn magic(n: usize, cancel: &AtomicBool) -> Result<Catalogue, JobError> {
        if !(1..=MAX_COUNT_ORDER).contains(&n) {
            return Err(JobError::Input(format!(
                "the magic squares of order {n} are not listed: the browser lists orders 1 to {MAX_COUNT_ORDER} (order 5 has 275,305,224)"
            )));
        }
        let stop = || cancel.load(Ordering::Relaxed);
        let mut solutions = crate::solve::magic::count::list(n, &stop)
            .ok_or_else(|| JobError::Input("stopped before every square was listed".into()))?;
        for s in &solutions {
            magic::validate(n, s).map_err(|e| {
                JobError::Invalid(format!("the list holds a square that is not magic: {e}"))
            })?;
        }
        solutions.sort();
        Catalogue::classify(n, solutions, |s, cells| Some(s.grid(n, cells)))
    }

    fn classify(
        n: usize,
        solutions: Vec<Vec<u32>>,
        image: impl Fn(Symmetry, &Vec<u32>) -> Option<Vec<u32>>,
    ) -> Result<Catalogue, JobError> {
        let classes = classes(&solutions, &image).ok_or_else(|| {
            JobError::Invalid("an image of a solution is missing from the list".into())
        })?;
        // Each member is the image of its representative by the symmetry named.
        for class in &classes {
            let rep = &solutions[class.representative];
            for &(i, s) in &class.members {
                if image(s, rep).as_ref() != Some(&solutions[i]) {
                    return Err(JobError::Invalid(format!(
                        "solution {i} is not the representative {}",
                        s.describe()
                    )));
                }
            }
        }
        Ok(Catalogue {
            n,
            solutions,
            classes,
        })
    }

    /// The symmetry that takes member `from` of class `class` to member `to`.
    pub fn between(&self, class: usize, from: usize, to: usize) -> Symmetry {
        let members = &self.classes[class].members;
        members[to].1.after(members[from].1.inverse())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::queens::{A000170, A002562};

    #[test]
    fn queens_fall_into_a002562_classes_of_a000170_solutions() {
        let never = AtomicBool::new(false);
        for n in 1..=10 {
            let c = Catalogue::queens(n, &never).unwrap();
            assert_eq!(c.solutions.len() as u64, A000170[n], "n = {n}");
            assert_eq!(c.classes.len() as u64, A002562[n], "n = {n}");
            let members: usize = c.classes.iter().map(|k| k.members.len()).sum();
            assert_eq!(members, c.solutions.len(), "every solution in one class");
        }
        let eight = Catalogue::queens(8, &never).unwrap();
        assert_eq!((eight.solutions.len(), eight.classes.len()), (92, 12));
        // 11 classes of 8 and the symmetric one of 4 (it is its own half turn).
        let mut sizes: Vec<usize> = eight.classes.iter().map(|k| k.members.len()).collect();
        sizes.sort();
        assert_eq!(sizes, [4, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8]);
        assert!(Catalogue::queens(13, &never).is_err());
        assert!(Catalogue::queens(0, &never).is_err());
    }

    #[test]
    fn magic_squares_of_order_3_are_one_class_and_of_order_4_are_880() {
        let never = AtomicBool::new(false);
        let three = Catalogue::magic(3, &never).unwrap();
        assert_eq!((three.solutions.len(), three.classes.len()), (8, 1));
        // The Lo Shu read row by row is the least: 2 7 6 / 9 5 1 / 4 3 8.
        assert_eq!(
            three.solutions[three.classes[0].representative],
            [2, 7, 6, 9, 5, 1, 4, 3, 8]
        );
        let four = Catalogue::magic(4, &never).unwrap();
        assert_eq!((four.solutions.len(), four.classes.len()), (7040, 880));
        assert!(four.classes.iter().all(|k| k.members.len() == 8));
        assert!(Catalogue::magic(5, &never).is_err());
    }

    #[test]
    fn between_two_members_is_the_symmetry_that_maps_one_onto_the_other() {
        let c = Catalogue::queens(8, &AtomicBool::new(false)).unwrap();
        for (k, class) in c.classes.iter().enumerate() {
            for a in 0..class.members.len() {
                for b in 0..class.members.len() {
                    let s = c.between(k, a, b);
                    let from = &c.solutions[class.members[a].0];
                    let to = &c.solutions[class.members[b].0];
                    assert_eq!(s.queens(from).as_ref(), Some(to));
                }
            }
        }
    }
}
