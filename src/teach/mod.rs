//! Teaching, with no window in it: lessons as teachers write them, the lessons on offer
//! (built in and a teacher's folder), assignments and the hand-ins a student's work is
//! saved as, the grader that works every verdict out again, and links to a place in the
//! app. The app's Lessons window and Class view and the command line's `grade` and `open`
//! all use it.

pub mod assignment;
pub mod folder;
pub mod grade;
pub mod lesson;
pub mod link;
pub mod question;

pub use folder::{BUILT_IN, Entry, MAX_FILES, MAX_LESSON_BYTES, find_file, lessons_dir, load};
