//! The `Zola` class of the JavaScript API (API.md, "Zola"): a thin wrapper around [`crate::zola::Game`].
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use wasm_bindgen::prelude::*;

use super::out::js_object;
use super::{arg_move, arg_string, arg_strings, from_tree, js, js_error, options, state, to_js};
use crate::error::PlayError;
use crate::player::Player;
use crate::zola::{Game, GameState, Move, Setup};

#[wasm_bindgen(typescript_custom_section)]
const ZOLA_TS: &'static str = r#"
/** Options of `new Zola(...)`. With `position`, the size comes from the string and `first` is ignored. */
export interface ZolaOptions {
  size?: 6 | 8 | 10;
  pie?: boolean;
  first?: Player;
  position?: string;
}
/** Options of `Zola.replay(...)`: those of the constructor, minus `position`. */
export interface ZolaReplayOptions {
  size?: 6 | 8 | 10;
  pie?: boolean;
  first?: Player;
}
/** A legal move, described. For `swap`, `from` and `to` are null. */
export interface ZolaMove {
  notation: string;
  kind: 'move' | 'swap';
  from: string | null;
  to: string | null;
  capture: boolean;
}
/** The checkers on the board, in position-string order. */
export interface ZolaBoard {
  checkers: { cell: string; player: Player }[];
}
/** The whole state of a game (`toJSON`); `start` is null for a game from the setup. */
export interface ZolaState {
  format: 1;
  game: 'zola';
  size: 6 | 8 | 10;
  pie: boolean;
  first: Player;
  start: string | null;
  history: string[];
  position: string;
  turn: Player;
  phase: 'move' | 'over';
  swapped: boolean;
  winner: Player | null;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// The constructor's options object (typed for TypeScript).
    #[wasm_bindgen(typescript_type = "ZolaOptions")]
    pub type ZolaOptionsArg;
    /// The options object of `replay` (typed for TypeScript).
    #[wasm_bindgen(typescript_type = "ZolaReplayOptions")]
    pub type ZolaReplayOptionsArg;
}

#[derive(Debug, Default)]
struct ZolaOptions {
    size: Option<u8>,
    pie: Option<bool>,
    first: Option<Player>,
    position: Option<String>,
}
from_tree!(ZolaOptions {
    size: "size",
    pie: "pie",
    first: "first",
    position: "position"
});

#[derive(Debug, Default)]
struct ReplayOptions {
    size: Option<u8>,
    pie: Option<bool>,
    first: Option<Player>,
}
from_tree!(ReplayOptions {
    size: "size",
    pie: "pie",
    first: "first"
});

pub(super) struct MoveView {
    notation: String,
    kind: &'static str,
    from: Option<String>,
    to: Option<String>,
    capture: bool,
}
js_object!(MoveView {
    notation: "notation",
    kind: "kind",
    from: "from",
    to: "to",
    capture: "capture"
});

struct CheckerView {
    cell: String,
    player: Player,
}
js_object!(CheckerView {
    cell: "cell",
    player: "player"
});

struct BoardView {
    checkers: Vec<CheckerView>,
}
js_object!(BoardView {
    checkers: "checkers"
});

/// A move in the verbose form of the API.
pub(super) fn view(game: &Game, mv: Move) -> MoveView {
    let size = game.size();
    MoveView {
        notation: game.move_name(mv),
        kind: if mv == Move::Swap { "swap" } else { "move" },
        from: mv.from().map(|s| s.name(size)),
        to: mv.to().map(|s| s.name(size)),
        capture: mv.is_capture(),
    }
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

/// The legal moves in verbose form, sorted by notation.
pub(super) fn verbose_moves(game: &Game) -> JsValue {
    let views: Vec<MoveView> = game.legal_moves().iter().map(|&m| view(game, m)).collect();
    let names: Vec<String> = views.iter().map(|v| v.notation.clone()).collect();
    let ordered: Vec<&MoveView> = crate::notation::notation_order(&names)
        .into_iter()
        .filter_map(|i| views.get(i))
        .collect();
    to_js(&ordered)
}

#[wasm_bindgen]
impl Zola {
    /// Starts a game from the setup, or from `position`.
    #[wasm_bindgen(constructor)]
    pub fn new(opts: Option<ZolaOptionsArg>) -> Result<Zola, JsValue> {
        let opts = opts.map_or(JsValue::UNDEFINED, JsValue::from);
        let o: ZolaOptions = js(options(opts, "Zola options"))?;
        let pie = o.pie.unwrap_or(false);
        let game = match o.position {
            Some(text) => {
                let text = js(arg_string(&JsValue::from_str(&text), "position"))?;
                js(Game::from_position(&text, o.size, pie))?
            }
            None => js(Game::new(Setup {
                size: o.size.unwrap_or(6),
                pie,
                first: o.first.unwrap_or(Player::Red),
            }))?,
        };
        Ok(Zola { game })
    }

    /// The colour to move (after the game, the winner).
    #[wasm_bindgen(getter, unchecked_return_type = "Player")]
    pub fn turn(&self) -> String {
        self.game.turn().name().to_owned()
    }

    /// The winner, or null.
    #[wasm_bindgen(getter, unchecked_return_type = "Player | null")]
    pub fn winner(&self) -> JsValue {
        self.game
            .winner()
            .map_or(JsValue::NULL, |p| JsValue::from_str(p.name()))
    }

    /// `'move'` or `'over'`.
    #[wasm_bindgen(getter, unchecked_return_type = "'move' | 'over'")]
    pub fn phase(&self) -> String {
        match self.game.phase() {
            crate::zola::Phase::Move => "move".to_owned(),
            crate::zola::Phase::Over => "over".to_owned(),
        }
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
        let text = arg_move(&mv).map_err(|e| js_error(&PlayError::Parse(e)))?;
        let played = js(self.game.play(&text))?;
        Ok(to_js(&view(&self.game, played)))
    }

    /// The position string of the current board and colour to move.
    pub fn position(&self) -> String {
        self.game.position_string()
    }

    /// The records so far: moves, `swap`, and `-` for passes.
    pub fn history(&self) -> Vec<String> {
        self.game.history_strings()
    }

    /// The checkers, in position-string order.
    #[wasm_bindgen(unchecked_return_type = "ZolaBoard")]
    pub fn board(&self) -> JsValue {
        let size = self.game.size();
        let checkers = self
            .game
            .board()
            .into_iter()
            .map(|(s, player)| CheckerView {
                cell: s.name(size),
                player,
            })
            .collect();
        to_js(&BoardView { checkers })
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
        to_js(&self.game.to_state())
    }

    /// Restores a game from `toJSON()`'s object; a malformed or impossible state is a `parse_error`.
    #[wasm_bindgen(js_name = fromJSON)]
    pub fn from_json(
        #[wasm_bindgen(unchecked_param_type = "ZolaState")] obj: JsValue,
    ) -> Result<Zola, JsValue> {
        let st: GameState = js(state(obj))?;
        Ok(Zola {
            game: js(Game::from_state(&st))?,
        })
    }

    /// Replays a history (moves, `swap`, `-`) from the setup given by `options`.
    pub fn replay(
        #[wasm_bindgen(unchecked_param_type = "string[]")] history: JsValue,
        opts: Option<ZolaReplayOptionsArg>,
    ) -> Result<Zola, JsValue> {
        let opts = opts.map_or(JsValue::UNDEFINED, JsValue::from);
        let o: ReplayOptions = js(options(opts, "replay options"))?;
        let setup = Setup {
            size: o.size.unwrap_or(6),
            pie: o.pie.unwrap_or(false),
            first: o.first.unwrap_or(Player::Red),
        };
        let start = js(Game::new(setup))?;
        let records = js(arg_strings(&history, "history"))?;
        Ok(Zola {
            game: js(start.replay_onto(&records))?,
        })
    }
}
