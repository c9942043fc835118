//! The JSON state of a Jokerball game (docs/api.md, `toJSON`/`fromJSON`).
//!
//! ```text
//! { "format": 1, "game": "jokerball", "rules": "2025", "size": 6,
//!   "start": "<position string the game started from>",
//!   "history": ["2/3 b3-d3 f6>h6", ...],          // completed turns
//!   "turn": { "dice": { "distance": 2, "direction": 3 }, "man": "b3-d3" | "-" | null } | null,
//!   "phase": "roll" | "man" | "ball" | "over",
//!   "position": "<current position string>", "winner": "red" | "blue" | null,
//!   "rng": { "key": "<64 hex>", "word": <safe integer> } | null,
//!   "tags": { "Red": "Ana", ... } }                 // record tags, left out when there are none
//! ```
//! `turn` is the half-played turn (phases man and ball): its dice and the man move already played
//! (`"-"` when the man phase was skipped, `null` in phase man). Restoring replays `history` and the
//! current turn from `start` and refuses the state unless the stored position, phase, turn and winner
//! agree with the replay.
use serde::{Deserialize, Serialize};

use super::game::{Game, Phase};
use super::notation::write_move;
use super::position::Position;
use super::setup::RuleSet;
use crate::dice::{Dice, DiceRng, RngState};
use crate::engine::Engine;
use crate::error::ParseError;
use crate::player::Player;
use crate::record::Tags;

/// The half-played turn of a [`GameState`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnState {
    /// The dice of the turn.
    pub dice: Dice,
    /// The man move already played, `"-"` if the man phase was skipped, `None` in phase man.
    pub man: Option<String>,
}

/// The whole state of a game as plain data (the documented JSON format above).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
    /// The dice generator's state, if saved.
    pub rng: Option<RngState>,
    /// The record tags (RULES 4.1), left out when there are none.
    #[serde(default, skip_serializing_if = "Tags::is_empty")]
    pub tags: Tags,
}

impl GameState {
    /// The state of `game`; `with_rng: false` leaves the dice generator out.
    pub(super) fn of(game: &Game, with_rng: bool) -> GameState {
        let size = game.size();
        let turn = game.dice().map(|dice| TurnState {
            dice,
            man: game
                .turn_man_move()
                .map(|m| m.map_or_else(|| "-".to_string(), |m| write_move(size, m))),
        });
        GameState {
            format: 1,
            game: "jokerball".to_string(),
            rules: game.rules(),
            size,
            start: game.start().to_position_string(),
            history: game.history(),
            turn,
            phase: game.phase(),
            position: game.position_string(),
            winner: game.winner(),
            rng: if with_rng {
                game.rng().map(DiceRng::state)
            } else {
                None
            },
            tags: game.tags().clone(),
        }
    }

    /// Restores the game, refusing malformed or impossible states.
    pub(super) fn restore(&self) -> Result<Game, ParseError> {
        let state = self;
        if state.format != 1 {
            return Err(ParseError::new(format!(
                "unknown state format {}",
                state.format
            )));
        }
        if state.game != "jokerball" {
            return Err(ParseError::new(format!(
                "not a Jokerball state: game is '{}'",
                state.game
            )));
        }
        let start = Position::from_position_string(state.rules, &state.start, Some(state.size))
            .map_err(|e| ParseError::new(format!("start: {e}")))?;
        let mut game = Game::from_start(start, None);
        for record in &state.history {
            game.play_turn_record(record, false)
                .map_err(|e| ParseError::new(format!("history: {e}")))?;
            if game.phase() == Phase::Over && game.records().len() < state.history.len() {
                return Err(ParseError::new("history goes on after the end of the game"));
            }
        }
        if let Some(turn) = &state.turn {
            game.set_dice(turn.dice.distance, turn.dice.direction)
                .map_err(|e| ParseError::new(format!("turn: {e}")))?;
            if let Some(man) = turn.man.as_deref() {
                if man != "-" {
                    game.play(man)
                        .map_err(|e| ParseError::new(format!("turn.man: {e}")))?;
                }
            }
        }
        game.set_tags(state.tags.clone());
        let check = game.to_state(false);
        let rng = match &state.rng {
            Some(s) => {
                Some(DiceRng::from_state(s).map_err(|e| ParseError::new(format!("rng: {e}")))?)
            }
            None => None,
        };
        let stored = GameState {
            rng: None,
            ..state.clone()
        };
        if check != stored {
            return Err(ParseError::new(
                "impossible state: the position, phase, turn or winner disagree with the history",
            ));
        }
        game.set_rng(rng);
        Ok(game)
    }
}
