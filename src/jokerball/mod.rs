//! Jokerball (RULES 1): the setup as plain data, the board tables, a compact `Copy` position with
//! allocation-free move generation, the notation, and the turn state machine [`Game`].
//!
//! The files are those of [`zola`](crate::zola): `setup` (rule sets and [`Setup`]), `moves`
//! ([`Move`], [`MoveList`]), `movegen` (legal moves of a [`Position`]), `position`, `notation`,
//! `game` ([`Game`], which implements [`Engine`](crate::Engine)) and `state` (the JSON state), plus
//! `geometry` (the hexagonal board's tables).

mod game;
mod geometry;
mod movegen;
mod moves;
mod notation;
mod position;
mod setup;
mod state;

pub(crate) use game::parse_dice;
pub use game::{BoardView, Game, TurnRecord};
pub use geometry::{Geometry, Step, MAX_CELLS};
pub use movegen::{ball_direction, forward};
pub use moves::{Dest, Move, MoveKind, MoveList, Piece, MOVE_LIST_CAPACITY};
pub use notation::{parse_move, write_move, write_part, MoveText, Target};
pub use position::Position;
pub use setup::{RuleSet, Setup, DEFAULT_SIZE};
pub use state::{GameState, Phase, TurnState};
