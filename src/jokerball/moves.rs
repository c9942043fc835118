//! Jokerball moves as small `Copy` values (RULES 1.5, 1.6), and the move list they are generated into.

use super::board::{Cell, MAX_CELLS};
use crate::movelist::Filler;
use crate::player::Player;

/// What stands on a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A man of this player.
    Man(Player),
    /// The ball.
    Ball,
}

/// Whether a move moves a man (phase man) or the ball (phase ball).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// A man move (RULES 1.5).
    Man,
    /// A ball move (RULES 1.6).
    Ball,
}

/// Where a move ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dest {
    /// On a cell.
    Cell(Cell),
    /// Off the board through this player's goal (a man through the far goal, or the ball).
    Off(Player),
}

/// A move as a small `Copy` value: kind, origin cell, destination and whether it captures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Man or ball.
    pub kind: MoveKind,
    /// The origin cell.
    pub from: Cell,
    /// The destination.
    pub to: Dest,
    /// Whether a man is captured (man moves only).
    pub capture: bool,
}

/// The capacity of a [`MoveList`]: more than the most man moves any position can have
/// (at most six per man, one per direction).
pub const MAX_MOVES: usize = 6 * MAX_CELLS;

impl Filler for Move {
    const FILL: Move = Move {
        kind: MoveKind::Man,
        from: Cell(0),
        to: Dest::Cell(Cell(0)),
        capture: false,
    };
}

/// A fixed-capacity list of Jokerball moves, filled by move generation without heap allocation.
pub type MoveList = crate::movelist::MoveList<Move, MAX_MOVES>;
