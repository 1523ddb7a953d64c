//! Custom-painted widgets: plain data in, a `Response` out.

pub mod board;
