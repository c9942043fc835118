//! Jokerball (RULES 1): the setup as plain data, the board tables, a compact `Copy` position with
//! allocation-free move generation, the notation, and the turn state machine [`Game`].
//!
//! The files are those of [`zola`](crate::zola), each with the same role: `board` ([`Size`], the cell
//! names and the precomputed tables, [`Geometry`]), `setup` (rule sets and [`Setup`]), `moves`
//! ([`Move`], [`MoveList`]), `position` ([`Position`]), `movegen` (the legal moves of a position, as
//! its methods), `notation`, `game` ([`Game`], which implements [`Engine`](crate::Engine)) and `state`
//! ([`GameState`], the JSON state). The files are private: everything public is named here.

mod board;
mod game;
mod movegen;
mod moves;
mod notation;
mod position;
mod setup;
mod state;

pub use board::{Cell, Geometry, Size, Step, MAX_CELLS};
pub(crate) use game::parse_dice;
pub use game::{Game, TurnRecord};
pub use movegen::{ball_direction, forward};
pub use moves::{Dest, Move, MoveKind, MoveList, Piece, MAX_MOVES};
pub(crate) use notation::moves_cells;
pub use notation::{parse_move, write_move, write_part, MoveText, Target};
pub use position::Position;
pub use setup::{RuleSet, Setup, DEFAULT_SIZE};
pub use state::{GameState, Phase, TurnState};
