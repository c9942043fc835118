//! The JSON state of a Jokerball game (docs/api.md, `toJSON`/`fromJSON`).
//!
//! ```text
//! { "format": 1, "game": "jokerball", "rules": "2025", "size": 6,
//!   "start": "<position string the game started from>",
//!   "history": ["2/3 b3-d3 f6>h6", ...],          // completed turns
//!   "turn": { "dice": { "distance": 2, "direction": 3 }, "man": "b3-d3" | "-" | null } | null,
//!   "phase": "roll" | "man" | "ball" | "over",
//!   "position": "<current position string>", "winner": "red" | "blue" | null,
//!   "forfeit": { "winner": "red" | "blue", "how": "time" | "abandoned" },  // left out when none
//!   "rng": { "key": "<64 hex>", "word": <safe integer> } | null,
//!   "annotations": [...] }                         // the record lines' marks, left out when none
//! ```
//! `turn` is the half-played turn (phases man and ball): its dice and the man move already played
//! (`"-"` when the man phase was skipped, `null` in phase man). Restoring replays `history` and the
//! current turn from `start` and refuses the state unless the stored position, phase, turn and winner
//! agree with the replay. A `forfeit` (the game lost on time or abandoned) is applied after the replay
//! (phase over, `winner` its winner; a half-played turn keeps its `turn`); a state without the key
//! (as every state saved before forfeits) has none; one whose game is over on the board is refused.
//!
//! Nothing of a record's header is here: the record layer keeps a lone game's header values beside it
//! (`record::Tagged`), and the binding writes them into the lone game's JSON before `annotations`.
//!
//! This file is plain data: the game is turned into its state and back in `game`.
use serde::{Deserialize, Serialize};

use super::setup::RuleSet;
use crate::annotation::Annotations;
use crate::dice::{Dice, RngState};
use crate::engine::Forfeit;
use crate::keys::JsonKeys;
use crate::player::Player;

/// The phase of a game (RULES 1.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// The side to move must roll (or set) the dice.
    Roll,
    /// The side to move must move a man.
    Man,
    /// The side to move must move the ball.
    Ball,
    /// The game is over: the ball has left the board, or the game was forfeited.
    Over,
}

impl Phase {
    /// The name used by JavaScript: `"roll"`, `"man"`, `"ball"`, `"over"`.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Roll => "roll",
            Phase::Man => "man",
            Phase::Ball => "ball",
            Phase::Over => "over",
        }
    }
}

/// The half-played turn of a [`GameState`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonKeys)]
#[serde(deny_unknown_fields)]
pub struct TurnState {
    /// The dice of the turn.
    pub dice: Dice,
    /// The man move already played, `"-"` if the man phase was skipped, `None` in phase man.
    pub man: Option<String>,
}

/// The whole state of a game as plain data (the documented JSON format above).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonKeys)]
#[serde(deny_unknown_fields)]
pub struct GameState {
    /// Always 1.
    pub format: u32,
    /// Always `"jokerball"`.
    pub game: String,
    /// The rule set.
    pub rules: RuleSet,
    /// The board side.
    pub size: u8,
    /// The start position string.
    pub start: String,
    /// The completed turn records.
    pub history: Vec<String>,
    /// The half-played turn, if any.
    pub turn: Option<TurnState>,
    /// The phase.
    pub phase: Phase,
    /// The current position string.
    pub position: String,
    /// The winner, if the game is over.
    pub winner: Option<Player>,
    /// The forfeit that ended the game off the board, left out when there is none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<Forfeit>,
    /// The dice generator's state, if saved.
    pub rng: Option<RngState>,
    /// The annotations of the record lines (RULES 4.3), left out when there are none.
    #[serde(default, skip_serializing_if = "Annotations::is_empty")]
    pub annotations: Annotations,
}
