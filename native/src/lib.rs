//! A native engine for the rules of Qwirkle, as the Python package `qwirkle` specifies them.
//!
//! It adds no rule of its own: each module follows one part of the specification, and the
//! rule IDs in comments are the specification's. Python sees it as `qwirkle_native._native`.

pub mod actions;
pub mod board;
pub mod bots;
pub mod env;
pub mod game;
pub mod movegen;
pub mod mt;
mod py;
mod py_env;
pub mod rng;
pub mod tiles;
