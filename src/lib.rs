//! SearchLab: watch and compare search algorithms on chessboard puzzles.
//!
//! Layers, imports pointing downwards only: [`puzzle`] (the problems) → [`solve`] (the
//! algorithms, single-threaded and pure) → [`run`] (catalog, worker threads, events) →
//! the command line (and the app).

// Every public item of the library says what it is.
#![warn(missing_docs)]

pub mod app;
pub mod bench;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod files;
pub mod platform;
pub mod puzzle;
pub mod run;
pub mod solve;
pub mod teach;

/// The `#[test]` of the unit tests of `puzzle/`, `solve/` and the N-Queens board: the
/// built-in one, and in a wasm32 build wasm-bindgen-test's, so that the same tests run
/// there under Node, where `usize` has 32 bits (`.ci/run`).
#[cfg(test)]
mod testing {
    #[cfg(not(target_arch = "wasm32"))]
    pub use core::prelude::v1::test;
    #[cfg(target_arch = "wasm32")]
    pub use wasm_bindgen_test::wasm_bindgen_test as test;
}
