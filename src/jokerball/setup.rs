//! Jokerball's options as plain data (RULES 1.3, 1.8): the rule set and the [`Setup`] of a new game.

use serde::{Deserialize, Serialize};

use super::board::Size;
use crate::dice::Seed;
use crate::error::OptionError;
use crate::keys::JsonKeys;
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

/// The board side when none is given.
pub const DEFAULT_SIZE: u8 = 6;

/// The options of a new game as plain, unchecked data; [`Engine::new`](crate::Engine::new) checks them.
/// `Setup::default()` is the standard game: 2025 rules, side 6, two rows each, Red first, dice from the
/// operating system's random source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonKeys)]
#[serde(deny_unknown_fields, default)]
pub struct Setup {
    /// The rule set.
    pub rules: RuleSet,
    /// The side of the board, 4 or 6. `None`: 6, or the side of `position`'s board; with `position`, a
    /// side given here must be the string's.
    pub size: Option<u8>,
    /// How many rows each side fills, `1..=size-1` (ignored with `position`).
    pub rows: u8,
    /// Who moves first (ignored with `position`: the string says who moves).
    pub first: Player,
    /// Start from this position string (RULES 1.9) instead of the starting position.
    pub position: Option<String>,
    /// The seed of the dice; `None`: dice from the operating system's random source.
    pub seed: Option<Seed>,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            rules: RuleSet::Y2025,
            size: None,
            rows: 2,
            first: Player::Red,
            position: None,
            seed: None,
        }
    }
}

impl Setup {
    /// The board side this setup asks for (without `position`), unchecked: `size`, else 6.
    pub fn board_size(&self) -> u8 {
        self.size.unwrap_or(DEFAULT_SIZE)
    }

    /// Checks the options that need no position string: the side (4 or 6) and, without `position`,
    /// the rows (`1..=size-1`); returns the size.
    pub fn validate(&self) -> Result<Size, OptionError> {
        let size = Size::new(self.board_size())?;
        let n = size.n();
        if self.position.is_none() && (self.rows < 1 || self.rows > n - 1) {
            return Err(OptionError::new(format!(
                "rows must be 1..{} on side {n}, not {}",
                n - 1,
                self.rows
            )));
        }
        Ok(size)
    }
}
