//! The `Zola` class of the JavaScript API: a thin wrapper around [`crate::zola::Game`].

use wasm_bindgen::prelude::*;

use super::args::{options, to_js};
use super::class::game_class_methods;
use super::plain::{Piece, SquareCell, ZolaBoard, ZolaGeometry, ZolaOptions, ZolaReplayOptions};
use crate::engine::Engine;
use crate::error::OptionError;
use crate::error::PlayError;
use crate::zola::{Game, Size, Square};

/// Plays `text` and returns the move as it was played.
pub(super) fn played(game: &mut Game, text: &str) -> Result<JsValue, PlayError> {
    Ok(to_js(&game.play_described(text)?))
}

#[wasm_bindgen]
extern "C" {
    /// The constructor's options object (typed for TypeScript).
    #[wasm_bindgen(typescript_type = "ZolaOptions")]
    pub type ZolaOptionsArg;
}

/// The pieces on the board of `game`, as JavaScript sees them.
pub(super) fn board_of(game: &Game) -> JsValue {
    let size = game.size();
    let checkers = game
        .board()
        .into_iter()
        .map(|(s, player)| Piece {
            cell: s.name(size),
            player,
        })
        .collect();
    to_js(&ZolaBoard { checkers })
}

/// A game of Zola: moves in notation, passes, the pie rule, and the whole state as JSON.
/// Rules: docs/rules.md (Zola); reference: docs/api.md (Zola).
#[wasm_bindgen]
pub struct Zola {
    game: Game,
    /// The record tags, kept beside the game (the games know none).
    tags: crate::notation::Tags,
}

impl Zola {
    /// Wraps a core game (for `Match.game`).
    pub(super) fn from_game(game: Game) -> Zola {
        Zola {
            game,
            tags: crate::notation::Tags::new(),
        }
    }
}

#[wasm_bindgen]
impl Zola {
    /// A new game from the options (all optional; see `ZolaOptions`), or from `position`.
    /// @throws {SteereError} `invalid_option` for an unknown key, a wrong type or a value out of range;
    /// `parse_error` for a position string that is malformed or holds one colour only.
    #[wasm_bindgen(constructor)]
    pub fn new(opts: Option<ZolaOptionsArg>) -> Result<Zola, JsValue> {
        let opts = opts.map_or(JsValue::UNDEFINED, JsValue::from);
        let o: ZolaOptions = options(opts, "Zola options")?;
        Ok(Zola::from_game(Game::new(&o.0)?))
    }

    /// Whether the players exchanged colours with `swap` (pie rule).
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(getter)]
    pub fn swapped(&self) -> bool {
        self.game.swapped()
    }

    /// The squares of a board of side `size` (6, 8 or 10): name, file `x` and rank `y`, from 0 (for
    /// drawing a board).
    /// @throws {SteereError} `invalid_option` when `size` is not 6, 8 or 10.
    #[wasm_bindgen(unchecked_return_type = "ZolaGeometry")]
    pub fn geometry(
        #[wasm_bindgen(unchecked_param_type = "6 | 8 | 10")] size: JsValue,
    ) -> Result<JsValue, JsValue> {
        let n = super::args::arg_whole(&size, 255.0)
            .ok_or_else(|| OptionError::new("size must be 6, 8 or 10"))?;
        let size = Size::new(n as u8)?;
        let cells = (0..size.cells())
            .filter_map(|i| u8::try_from(i).ok())
            .map(|i| {
                let s = Square(i);
                SquareCell {
                    name: s.name(size),
                    x: s.x(size),
                    y: s.y(size),
                }
            })
            .collect();
        Ok(to_js(&ZolaGeometry { cells }))
    }

    /// The whole state as a plain JSON-safe object (Zola has no dice: there is nothing to leave out).
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(js_name = toJSON, unchecked_return_type = "ZolaState")]
    pub fn to_json(&self) -> JsValue {
        super::plain::lone_state(self.game.to_state(false), &self.tags)
    }
}

game_class_methods!(
    Zola,
    Game,
    turn: [" The side to move (after the game, the winner)."],
    phase: [" The phase: `'move'` or `'over'`."] => "ZolaPhase",
    dests: [
        " Where the checker on `cell` can go now (square names, in the order of `legalMoves()`); empty when",
        " it is not the side to move's or cannot move.",
        " @throws {SteereError} `parse_error` when `cell` is not a string naming a square of this board;",
        " `freed` after `free()`.",
    ],
    legal_moves: [
        " The legal moves, sorted by string order (`swap` included when it is allowed); empty after the game.",
    ],
    legal_moves_verbose: [
        " The legal moves described (`from`, `to`, `capture`; both cells `null` for `swap`), in the order of",
        " `legalMoves()`.",
    ] => "ZolaMove[]",
    position: [
        " The position string of the current board and side to move.",
    ],
    history: [
        " The records so far: moves, `swap`, and `'-'` for passes.",
    ],
    board: [
        " The checkers, in position-string order.",
    ] => "ZolaBoard",
    play: [
        " Plays a move (a string, or an object whose `notation` is read) and returns it described. A side",
        " left without a legal move passes at once (`'-'` in the history). A refused move changes nothing.",
        " @throws {SteereError} `parse_error` for a move not in the notation or naming a square off this",
        " board; `game_over` after the game's end; `illegal_move` for a well-formed move that is not legal",
        " now (`swap` included); `freed` after `free()`.",
    ] => "ZolaMove",
    clone: [
        " An independent copy (free it too).",
    ],
    state: "ZolaState",
    replay: ZolaReplayOptions => "ZolaReplayOptions | null"
);
