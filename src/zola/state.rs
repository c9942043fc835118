//! The serde form of a whole Zola game (`toJSON` / `fromJSON`), and its sound restoration: the history
//! is replayed from the start and every stored field must agree.
use serde::{Deserialize, Serialize};

use super::game::{Game, Phase};
use super::setup::Setup;
use crate::engine::Engine;
use crate::error::ParseError;
use crate::player::Player;
use crate::record::Tags;

/// A whole game as plain data: `{ format: 1, game: 'zola', size, pie, first, start, history, position,
/// turn, phase, swapped, winner, tags }`
/// (`tags`, the record tags, left out when there are none). `start` is `null` for a game from the setup, else the position string
/// it started from (then `first` is that string's side to move).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
    /// The record tags (RULES 4.1), left out when there are none.
    #[serde(default, skip_serializing_if = "Tags::is_empty")]
    pub tags: Tags,
}

impl GameState {
    /// The whole of `game` as plain data.
    pub(super) fn of(game: &Game) -> GameState {
        GameState {
            format: 1,
            game: "zola".to_owned(),
            size: game.size().n(),
            pie: game.pie(),
            first: game.start().turn(),
            start: (!game.from_setup()).then(|| game.start().to_position_string()),
            history: game.history(),
            position: game.position_string(),
            turn: game.turn(),
            phase: game.phase(),
            swapped: game.swapped(),
            winner: game.winner(),
            tags: game.tags().clone(),
        }
    }

    /// Restores the game: replays the history from the start and refuses (`parse_error`) any state
    /// whose stored fields disagree with the replay.
    pub(super) fn restore(&self) -> Result<Game, ParseError> {
        let state = self;
        if state.format != 1 {
            return Err(ParseError::new(format!(
                "unknown state format {}",
                state.format
            )));
        }
        if state.game != "zola" {
            return Err(ParseError::new(format!(
                "this state is a '{}' game, not zola",
                state.game
            )));
        }
        let setup = Setup {
            size: Some(state.size),
            pie: state.pie,
            first: state.first,
            position: state.start.clone(),
        };
        let begin = match &state.start {
            None => Game::new(&setup).map_err(|e| ParseError::new(format!("bad state: {e}")))?,
            Some(_) => {
                let g = Game::new(&setup)
                    .map_err(|e| ParseError::new(format!("bad start position: {e}")))?;
                if g.start().turn() != state.first {
                    return Err(ParseError::new(
                        "bad state: first disagrees with the start position",
                    ));
                }
                g
            }
        };
        let mut game = begin
            .replay_onto(&state.history)
            .map_err(|e| ParseError::new(format!("bad state history: {e}")))?;
        game.set_tags(state.tags.clone());
        let mine = GameState::of(&game);
        if mine.history != state.history {
            return Err(ParseError::new(
                "bad state: the history does not replay to itself",
            ));
        }
        if mine != *state {
            return Err(ParseError::new(
                "bad state: stored fields disagree with the replayed history",
            ));
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_refusal() {
        let mut g = Game::new(&Setup {
            pie: true,
            ..Setup::default()
        })
        .unwrap();
        g.play("c3-b2").unwrap_err();
        let mut list = crate::zola::MoveList::new();
        g.legal_moves_into(&mut list);
        let first = list[0];
        g.play_move(first).unwrap();
        g.play("swap").unwrap();
        let st = g.to_state(false);
        assert_eq!(Game::from_state(&st), Ok(g.clone()));
        let mut bad = st.clone();
        bad.swapped = false;
        assert!(Game::from_state(&bad).is_err());
        let mut bad = st.clone();
        bad.turn = bad.turn.other();
        assert!(Game::from_state(&bad).is_err());
        let mut bad = st;
        bad.history.pop();
        assert!(Game::from_state(&bad).is_err());
    }
}
