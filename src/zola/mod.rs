//! Zola (RULES 2): a square board of side 6, 8 or 10 that starts full; non-capturing moves go outward,
//! captures go inward or sideways; the player who captures every enemy checker wins.
//!
//! The files are those of [`jokerball`](crate::jokerball), each with the same role: `board` ([`Size`],
//! [`Square`] and the precomputed tables, [`Geometry`]), `setup` ([`Setup`], plain options, checked
//! once when a [`Game`] is made, which implements [`Engine`](crate::Engine)), `moves` ([`Move`], a
//! small `Copy` value, and [`MoveList`]), `position` ([`Position`], a `Copy` value with the checkers
//! and the side to move), `movegen` (the legal moves of a position, as its methods, filling a list
//! without heap allocation), `notation`, `game` and `state` ([`GameState`], the serde form of a whole
//! game). The files are private: everything public is named here.
//!
//! **Colours and the pie rule.** The engine's [`Player`](crate::Player) is always a *colour*: `turn()`
//! is the colour to move, `winner()` the colour that won. `swap` exchanges which *person* holds which
//! colour; the board and the colour to move are unchanged, and [`Game::swapped`] tells the application
//! that the person who made the first move now holds the other colour (the one to move).

mod board;
mod game;
mod movegen;
mod moves;
mod notation;
mod position;
mod setup;
mod state;

pub use board::{Geometry, Size, Square, DIRECTIONS, MAX_CELLS};
pub use game::Game;
pub use moves::{Move, MoveList, MAX_MOVES};
pub(crate) use notation::move_cells;
pub use notation::{parse_move, write_move};
pub use position::Position;
pub use setup::{Setup, DEFAULT_SIZE};
pub use state::{GameState, Phase};
