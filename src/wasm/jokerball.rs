//! The `Jokerball` class of the JavaScript API: a thin wrapper around [`crate::jokerball::Game`].

use wasm_bindgen::prelude::*;

use super::plain::{
    JokerballBoard, JokerballOptions, JokerballReplayOptions, Piece, RecordOptions,
};
use super::{arg_move, arg_record, arg_strings, arg_tags, options, state, to_js, to_json_options};
use crate::engine::Engine;
use crate::error::OptionError;
use crate::jokerball::{Game, GameState};

/// Reads a die value: an integer number (range-checked by the core), anything else `invalid_option`.
fn die_value(value: &JsValue, what: &str) -> Result<u8, OptionError> {
    let n = value
        .as_f64()
        .ok_or_else(|| OptionError::new(format!("{what} must be an integer die value")))?;
    if n.fract() != 0.0 || !(0.0..=255.0).contains(&n) {
        return Err(OptionError::new(format!("{what} is out of range")));
    }
    Ok(n as u8)
}

/// Reads the two dice of `setDice`: integers, else `invalid_option` (ranges are checked by the core).
pub(super) fn dice_args(distance: &JsValue, direction: &JsValue) -> Result<(u8, u8), OptionError> {
    Ok((
        die_value(distance, "distance")?,
        die_value(direction, "direction")?,
    ))
}

/// The legal moves of `game` now in verbose form, in the order of `legalMoves()`.
pub(super) fn verbose_moves<G: Engine>(game: &G) -> JsValue {
    let views: Vec<_> = game
        .legal_moves()
        .into_iter()
        .map(|mv| game.describe(mv))
        .collect();
    to_js(&views)
}

/// A game of Jokerball: dice, the man and ball phases, notation, JSON state.
#[wasm_bindgen]
pub struct Jokerball {
    game: Game,
}

impl Jokerball {
    /// Wraps a core game (for `Match.game`).
    pub(super) fn from_game(game: Game) -> Jokerball {
        Jokerball { game }
    }
}

#[wasm_bindgen]
impl Jokerball {
    /// A new game; see `JokerballOptions`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "JokerballOptions")] opts: JsValue,
    ) -> Result<Jokerball, JsValue> {
        let o: JokerballOptions = options(opts, "Jokerball options")?;
        Ok(Jokerball {
            game: Game::new(&o.0)?,
        })
    }

    /// The side to move; after the game, the player who moved last.
    #[wasm_bindgen(getter, unchecked_return_type = "Player")]
    pub fn turn(&self) -> String {
        self.game.turn().name().to_string()
    }

    /// The phase: `'roll' | 'man' | 'ball' | 'over'`.
    #[wasm_bindgen(getter, unchecked_return_type = "JokerballPhase")]
    pub fn phase(&self) -> String {
        self.game.phase().name().to_string()
    }

    /// The current turn's dice, `null` in phases roll and over.
    #[wasm_bindgen(getter, unchecked_return_type = "Dice | null")]
    pub fn dice(&self) -> JsValue {
        to_js(&self.game.dice())
    }

    /// The winner, `null` while the game goes on.
    #[wasm_bindgen(getter, unchecked_return_type = "Player | null")]
    pub fn winner(&self) -> JsValue {
        to_js(&self.game.winner())
    }

    /// Rolls the dice (distance die, then direction die) from the game's generator.
    #[wasm_bindgen(unchecked_return_type = "Dice")]
    pub fn roll(&mut self) -> Result<JsValue, JsValue> {
        Ok(to_js(&self.game.roll()?))
    }

    /// Sets the dice instead of rolling them.
    #[wasm_bindgen(js_name = setDice)]
    pub fn set_dice(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] distance: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] direction: JsValue,
    ) -> Result<(), JsValue> {
        let (d, r) = dice_args(&distance, &direction)?;
        Ok(self.game.set_dice(d, r)?)
    }

    /// The legal moves of the current phase, sorted.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.game.legal_notations()
    }

    /// The legal moves of the current phase in verbose form, in the order of `legalMoves()`.
    #[wasm_bindgen(js_name = legalMovesVerbose, unchecked_return_type = "JokerballMove[]")]
    pub fn legal_moves_verbose(&self) -> JsValue {
        verbose_moves(&self.game)
    }

    /// Whether a move (string or verbose object) is legal now; never throws.
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string | JokerballMove")] mv: JsValue,
    ) -> bool {
        arg_move(&mv).is_ok_and(|text| self.game.is_legal(&text))
    }

    /// Plays a move (string or verbose object) and returns it in verbose form.
    #[wasm_bindgen(unchecked_return_type = "JokerballMove")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | JokerballMove")] mv: JsValue,
    ) -> Result<JsValue, JsValue> {
        let text = arg_move(&mv).map_err(crate::error::PlayError::Parse)?;
        let played = self.game.play(&text)?;
        Ok(to_js(&self.game.describe(played)))
    }

    /// Every complete rest of the current turn, e.g. `'b3-d3 f6>h6'`, `'- f6>off'`.
    #[wasm_bindgen(js_name = legalTurns)]
    pub fn legal_turns(&self) -> Vec<String> {
        self.game.legal_turns()
    }

    /// The position string of the current position.
    pub fn position(&self) -> String {
        self.game.position_string()
    }

    /// The men (in position-string order) and the ball.
    #[wasm_bindgen(unchecked_return_type = "JokerballBoard")]
    pub fn board(&self) -> JsValue {
        let view = self.game.board();
        let men = view
            .men
            .into_iter()
            .map(|(cell, player)| Piece { cell, player })
            .collect();
        to_js(&JokerballBoard {
            men,
            ball: view.ball,
        })
    }

    /// The completed turn records.
    pub fn history(&self) -> Vec<String> {
        self.game.history()
    }

    /// An independent copy.
    #[wasm_bindgen(js_name = clone)]
    pub fn clone_game(&self) -> Jokerball {
        Jokerball {
            game: self.game.clone(),
        }
    }

    /// The whole state as a plain object; `{ rng: false }` leaves the dice generator out.
    #[wasm_bindgen(js_name = toJSON, unchecked_return_type = "JokerballState")]
    pub fn to_json(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "ToJsonOptions")] opts: JsValue,
    ) -> Result<JsValue, JsValue> {
        Ok(to_js(&self.game.to_state(to_json_options(opts)?)))
    }

    /// Restores a game from `toJSON()`'s state.
    #[wasm_bindgen(js_name = fromJSON)]
    pub fn from_json(
        #[wasm_bindgen(unchecked_param_type = "JokerballState")] obj: JsValue,
    ) -> Result<Jokerball, JsValue> {
        let st: GameState = state(obj)?;
        Ok(Jokerball {
            game: Game::from_state(&st)?,
        })
    }

    /// Replays turn records from the setup given by the options.
    pub fn replay(
        #[wasm_bindgen(unchecked_param_type = "string[]")] history: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "JokerballReplayOptions")] opts: JsValue,
    ) -> Result<Jokerball, JsValue> {
        let o: JokerballReplayOptions = options(opts, "replay options")?;
        let game = Game::new(&o.0)?;
        let records = arg_strings(&history, "history")?;
        Ok(Jokerball {
            game: game.replay_onto(&records)?,
        })
    }
    /// The record tags (names, event, ...) kept from `fromRecord` or a restored state.
    #[wasm_bindgen(getter, unchecked_return_type = "RecordTags")]
    pub fn tags(&self) -> JsValue {
        to_js(self.game.tags())
    }

    /// The game as a record (RULES 4), its tags overlaid with `tags`.
    #[wasm_bindgen(js_name = toRecord)]
    pub fn to_record(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "RecordTags")] tags: JsValue,
    ) -> Result<String, JsValue> {
        let tags = arg_tags(tags)?;
        Ok(self.game.to_record(&tags))
    }

    /// Reads a lone game's record, checking every line; the game goes on with dice from `seed`.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "RecordOptions")] opts: JsValue,
    ) -> Result<Jokerball, JsValue> {
        let text = arg_record(&text)?;
        let o: RecordOptions = options(opts, "fromRecord options")?;
        Ok(Jokerball {
            game: Game::from_record(&text, o.0.seed.as_ref())?,
        })
    }
}
