//! Zola's options as plain data (RULES 2.1, 2.2): the [`Setup`] of a new game.

use serde::{Deserialize, Serialize};

use super::board::Size;
use crate::error::OptionError;
use crate::keys::JsonKeys;
use crate::player::Player;

/// The board side when none is given.
pub const DEFAULT_SIZE: u8 = 6;

/// The options of a new game as plain, unchecked data; [`Engine::new`](crate::Engine::new) checks them.
/// `Setup::default()` is the standard game: side 6, no pie rule, Red first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonKeys)]
#[serde(deny_unknown_fields, default)]
pub struct Setup {
    /// Squares a side: 6, 8 or 10. `None`: 6, or the size of `position`'s board; with `position`, a size
    /// given here must be the string's.
    pub size: Option<u8>,
    /// Whether the pie rule (`swap`) is offered (RULES 2.2); never in a game from a position string.
    pub pie: bool,
    /// Who moves first (ignored with `position`: the string says who moves).
    pub first: Player,
    /// Start from this position string (RULES 2.3) instead of the full board.
    pub position: Option<String>,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            size: None,
            pie: false,
            first: Player::Red,
            position: None,
        }
    }
}

impl Setup {
    /// The board side this setup asks for, unchecked: `size`, else 6.
    pub fn board_size(&self) -> u8 {
        self.size.unwrap_or(DEFAULT_SIZE)
    }

    /// Checks the options that need no position string: the size (6, 8 or 10); returns it.
    pub fn validate(&self) -> Result<Size, OptionError> {
        Size::new(self.board_size())
    }
}
