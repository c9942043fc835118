//! Jokerball (RULES 1): rule sets and setup as plain data, the board tables, a compact `Copy` position
//! with allocation-free move generation, the notation, and the turn state machine [`Game`].

mod game;
mod geometry;
mod notation;
mod position;
mod state;

pub use game::{BoardView, Game, Phase, ReplayError, TurnRecord};
pub use geometry::{Geometry, Step, MAX_CELLS};
pub use notation::{move_notation, parse_move, MoveText, Target};
pub use position::{
    ball_direction, forward, Dest, Move, MoveKind, MoveList, Piece, Position, MOVE_LIST_CAPACITY,
};
pub use state::{GameState, TurnState};

use serde::{Deserialize, Serialize};

use crate::error::OptionError;
use crate::player::Player;

/// The two rule sets of RULES 1.8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum RuleSet {
    /// December 2024 rules as played on Board Game Arena: any man may be captured, a friendly man in a
    /// forward path blocks that direction.
    #[serde(rename = "classic")]
    Classic,
    /// The designer's 2025 revision (the default): only enemy men are captured, a friendly man stops a
    /// forward move short.
    #[default]
    #[serde(rename = "2025")]
    Y2025,
}

impl RuleSet {
    /// The name used in JSON and JavaScript: `"classic"` or `"2025"`.
    pub const fn name(self) -> &'static str {
        match self {
            RuleSet::Classic => "classic",
            RuleSet::Y2025 => "2025",
        }
    }

    /// Reads `"classic"` or `"2025"`.
    pub fn from_name(name: &str) -> Option<RuleSet> {
        match name {
            "classic" => Some(RuleSet::Classic),
            "2025" => Some(RuleSet::Y2025),
            _ => None,
        }
    }
}

/// The options of a new game (RULES 1.3, 1.8), validated by [`Setup::validate`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The rule set.
    pub rules: RuleSet,
    /// The side of the board: 4 or 6.
    pub size: u8,
    /// How many rows each side fills: `1..=size-1`.
    pub rows: u8,
    /// Who moves first.
    pub first: Player,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            rules: RuleSet::Y2025,
            size: 6,
            rows: 2,
            first: Player::Red,
        }
    }
}

impl Setup {
    /// Checks the size (4 or 6) and the row count (`1..=size-1`).
    pub fn validate(&self) -> Result<(), OptionError> {
        if self.size != 4 && self.size != 6 {
            return Err(OptionError::new(format!(
                "size must be 4 or 6, not {}",
                self.size
            )));
        }
        if self.rows < 1 || self.rows > self.size - 1 {
            return Err(OptionError::new(format!(
                "rows must be 1..{} on side {}, not {}",
                self.size - 1,
                self.size,
                self.rows
            )));
        }
        Ok(())
    }
}
