//! The `Zola` class of the JavaScript API: a thin wrapper around [`crate::zola::Game`].

use wasm_bindgen::prelude::*;

use super::jokerball::verbose_moves;
use super::plain::{Piece, RecordOptions, ZolaBoard, ZolaOptions, ZolaReplayOptions};
use super::{arg_move, arg_record, arg_strings, arg_tags, options, state, to_js};
use crate::engine::Engine;
use crate::error::PlayError;
use crate::zola::{Game, GameState};

#[wasm_bindgen]
extern "C" {
    /// The constructor's options object (typed for TypeScript).
    #[wasm_bindgen(typescript_type = "ZolaOptions")]
    pub type ZolaOptionsArg;
    /// The options object of `replay` (typed for TypeScript).
    #[wasm_bindgen(typescript_type = "ZolaReplayOptions")]
    pub type ZolaReplayOptionsArg;
}

/// A game of Zola (RULES 2).
#[wasm_bindgen]
pub struct Zola {
    game: Game,
}

impl Zola {
    /// Wraps a core game (for `Match.game`).
    pub(super) fn from_game(game: Game) -> Zola {
        Zola { game }
    }
}

#[wasm_bindgen]
impl Zola {
    /// Starts a game from the setup, or from `position`.
    #[wasm_bindgen(constructor)]
    pub fn new(opts: Option<ZolaOptionsArg>) -> Result<Zola, JsValue> {
        let opts = opts.map_or(JsValue::UNDEFINED, JsValue::from);
        let o: ZolaOptions = options(opts, "Zola options")?;
        Ok(Zola {
            game: Game::new(&o.0)?,
        })
    }

    /// The colour to move (after the game, the winner).
    #[wasm_bindgen(getter, unchecked_return_type = "Player")]
    pub fn turn(&self) -> String {
        self.game.turn().name().to_owned()
    }

    /// The winner, or null.
    #[wasm_bindgen(getter, unchecked_return_type = "Player | null")]
    pub fn winner(&self) -> JsValue {
        to_js(&self.game.winner())
    }

    /// `'move'` or `'over'`.
    #[wasm_bindgen(getter, unchecked_return_type = "ZolaPhase")]
    pub fn phase(&self) -> String {
        self.game.phase().name().to_owned()
    }

    /// Whether the players exchanged colours with `swap`.
    #[wasm_bindgen(getter)]
    pub fn swapped(&self) -> bool {
        self.game.swapped()
    }

    /// The legal moves, sorted by string order.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.game.legal_notations()
    }

    /// The legal moves described, in the order of `legalMoves()`.
    #[wasm_bindgen(js_name = legalMovesVerbose, unchecked_return_type = "ZolaMove[]")]
    pub fn legal_moves_verbose(&self) -> JsValue {
        verbose_moves(&self.game)
    }

    /// Whether a move (a string, or an object with `notation`) is legal now; never throws.
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string | { notation: string }")] mv: JsValue,
    ) -> bool {
        arg_move(&mv).is_ok_and(|text| self.game.is_legal(&text))
    }

    /// Plays a move (a string, or an object with `notation`) and returns it described.
    #[wasm_bindgen(unchecked_return_type = "ZolaMove")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | { notation: string }")] mv: JsValue,
    ) -> Result<JsValue, JsValue> {
        let text = arg_move(&mv).map_err(PlayError::Parse)?;
        let played = self.game.play(&text)?;
        Ok(to_js(&self.game.describe(played)))
    }

    /// The position string of the current board and colour to move.
    pub fn position(&self) -> String {
        self.game.position_string()
    }

    /// The records so far: moves, `swap`, and `-` for passes.
    pub fn history(&self) -> Vec<String> {
        self.game.history()
    }

    /// The checkers, in position-string order.
    #[wasm_bindgen(unchecked_return_type = "ZolaBoard")]
    pub fn board(&self) -> JsValue {
        let size = self.game.size();
        let checkers = self
            .game
            .board()
            .into_iter()
            .map(|(s, player)| Piece {
                cell: s.name(size),
                player,
            })
            .collect();
        to_js(&ZolaBoard { checkers })
    }

    /// An independent copy.
    #[wasm_bindgen(js_name = clone)]
    pub fn clone_game(&self) -> Zola {
        Zola {
            game: self.game.clone(),
        }
    }

    /// The whole state as a plain object.
    #[wasm_bindgen(js_name = toJSON, unchecked_return_type = "ZolaState")]
    pub fn to_json(&self) -> JsValue {
        to_js(&self.game.to_state(false))
    }

    /// Restores a game from `toJSON()`'s object; a malformed or impossible state is a `parse_error`.
    #[wasm_bindgen(js_name = fromJSON)]
    pub fn from_json(
        #[wasm_bindgen(unchecked_param_type = "ZolaState")] obj: JsValue,
    ) -> Result<Zola, JsValue> {
        let st: GameState = state(obj)?;
        Ok(Zola {
            game: Game::from_state(&st)?,
        })
    }

    /// Replays a history (moves, `swap`, `-`) from the setup given by `options`.
    pub fn replay(
        #[wasm_bindgen(unchecked_param_type = "string[]")] history: JsValue,
        opts: Option<ZolaReplayOptionsArg>,
    ) -> Result<Zola, JsValue> {
        let opts = opts.map_or(JsValue::UNDEFINED, JsValue::from);
        let o: ZolaReplayOptions = options(opts, "replay options")?;
        let game = Game::new(&o.0)?;
        let records = arg_strings(&history, "history")?;
        Ok(Zola {
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
    ) -> Result<Zola, JsValue> {
        let text = arg_record(&text)?;
        let o: RecordOptions = options(opts, "fromRecord options")?;
        Ok(Zola {
            game: Game::from_record(&text, o.0.seed.as_ref())?,
        })
    }
}
