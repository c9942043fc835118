//! The serde form of a whole Zola game (`toJSON` / `fromJSON`), and its sound restoration: the history
//! is replayed from the start and every stored field must agree.
//!
//! This file is plain data: the game is turned into its state and back in `game`.
use serde::{Deserialize, Serialize};

use crate::annotation::Annotations;
use crate::engine::Forfeit;
use crate::keys::JsonKeys;
use crate::player::Player;

/// The phase of a game: a side is to move, or the game is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// The side to move must move.
    Move,
    /// Someone has captured every enemy checker, or the game was forfeited.
    Over,
}

impl Phase {
    /// The name used by JavaScript: `"move"` or `"over"`.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Move => "move",
            Phase::Over => "over",
        }
    }
}

/// A whole game as plain data: `{ format: 1, game: 'zola', size, pie, first, start, history, position,
/// turn, phase, swapped, winner, forfeit, annotations }` (`forfeit`, the game lost on time or
/// abandoned, and `annotations`, the marks of the record's lines, left out when there are none; a
/// state without `forfeit`, as every state saved before forfeits, has none). `start` is `null` for a
/// game from the setup, else the position string it started from (then `first` is that string's side
/// to move). Nothing of a record's header is here: the record layer keeps a lone game's header values
/// beside it (`record::Tagged`), and the binding writes them into the lone game's JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonKeys)]
#[serde(deny_unknown_fields)]
pub struct GameState {
    /// Always 1.
    pub format: u32,
    /// Always `"zola"`.
    pub game: String,
    /// Squares a side.
    pub size: u8,
    /// Whether the pie rule was asked for.
    pub pie: bool,
    /// The colour to move at the start.
    pub first: Player,
    /// The start position string, or `None` for the setup.
    pub start: Option<String>,
    /// The records in notation, passes as `-`.
    pub history: Vec<String>,
    /// The current position string.
    pub position: String,
    /// The colour to move (after the game, the winner).
    pub turn: Player,
    /// `move` or `over`.
    pub phase: Phase,
    /// Whether `swap` was played.
    pub swapped: bool,
    /// The winner, once the game is over.
    pub winner: Option<Player>,
    /// The forfeit that ended the game off the board, left out when there is none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<Forfeit>,
    /// The annotations of the record lines (RULES 4.3), left out when there are none.
    #[serde(default, skip_serializing_if = "Annotations::is_empty")]
    pub annotations: Annotations,
}
