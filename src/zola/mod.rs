//! Zola (RULES 2): a square board of side 6, 8 or 10 that starts full; non-capturing moves go outward,
//! captures go inward or sideways; the player who captures every enemy checker wins.
//!
//! The pieces: [`Setup`] (plain options) is validated once into a [`Game`] (or a game starts from a
//! position string with [`Game::from_position`]); [`Position`] is a `Copy` value with the checkers and
//! the side to move; [`Move`] is a small `Copy` value; [`movegen`] fills a [`MoveList`] without heap
//! allocation; [`notation`] reads and writes moves; [`GameState`] is the serde form of a whole game.
//!
//! **Colours and the pie rule.** The engine's [`Player`](crate::Player) is always a *colour*: `turn()`
//! is the colour to move, `winner()` the colour that won. `swap` exchanges which *person* holds which
//! colour; the board and the colour to move are unchanged, and [`Game::swapped`] tells the application
//! that the person who made the first move now holds the other colour (the one to move).

mod board;
mod game;
pub mod movegen;
mod moves;
pub mod notation;
mod position;
mod state;

pub use board::{Geometry, Size, Square, DIRECTIONS, MAX_SQUARES};
pub use game::{Game, Phase, ReplayError, Setup, SetupError};
pub use moves::{Move, MoveList, MAX_MOVES};
pub use position::Position;
pub use state::GameState;
