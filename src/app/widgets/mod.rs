//! Custom-painted widgets: plain data in, a `Response` out.

pub mod bars;
pub mod board;
pub mod construction;
pub mod coords;
pub mod cursor;
pub mod figures;
pub mod icicle;
pub mod landscape;
pub mod legend;
pub mod magic_grid;
pub mod number;
pub mod params;
pub mod plots;
pub mod queens_board;
pub mod solved_within;
pub mod spinner;
pub mod steps_panel;
pub mod timeline;
