//! The `Jokerball` class of the JavaScript API: a thin wrapper around [`crate::jokerball::Game`].

use wasm_bindgen::prelude::*;

use super::args::{options, to_js, to_json_options};
use super::class::game_class_methods;
use super::plain::{
    Goals, HexCell, JokerballBoard, JokerballGeometry, JokerballOptions, JokerballReplayOptions,
    Piece, Played, Rolled,
};
use crate::dice::Dice;
use crate::engine::Engine;
use crate::engine::MoveClass;
use crate::error::OptionError;
use crate::hex::Hex;
use crate::jokerball::{Cell, Game, MoveKind, Piece as JbPiece, Size};
use crate::player::Player;

/// Reads a die value: an integer number (range-checked by the core), anything else `invalid_option`.
fn die_value(value: &JsValue, what: &str) -> Result<u8, OptionError> {
    let why = if value.as_f64().is_none() {
        " must be an integer die value"
    } else {
        " is out of range"
    };
    let n = super::args::arg_whole(value, 255.0)
        .ok_or_else(|| OptionError::new(crate::notation::cat(&[what, why])))?;
    Ok(n as u8)
}

/// Reads the two dice of `setDice`: integers, else `invalid_option` (ranges are checked by the core).
fn dice_args(distance: &JsValue, direction: &JsValue) -> Result<(u8, u8), OptionError> {
    Ok((
        die_value(distance, "distance")?,
        die_value(direction, "direction")?,
    ))
}

/// `setDice` of a game or a match: reads the two dice, sets them through `set` (which returns the game
/// they were set in) and returns them as `roll` does.
pub(super) fn set_dice_with<'a>(
    distance: &JsValue,
    direction: &JsValue,
    set: impl FnOnce(u8, u8) -> Result<&'a Game, crate::error::DiceError>,
) -> Result<JsValue, JsValue> {
    let (d, r) = dice_args(distance, direction)?;
    let game = set(d, r)?;
    Ok(rolled(
        game,
        Dice {
            distance: d,
            direction: r,
        },
    ))
}

/// The dice just set and the phases then skipped, as JavaScript sees them.
pub(super) fn rolled(game: &Game, dice: Dice) -> JsValue {
    to_js(&Rolled {
        dice,
        skipped: game.skipped_after_dice(),
    })
}

/// Plays `text` and returns the move as it was played, with the phases then skipped.
pub(super) fn played(game: &mut Game, text: &str) -> Result<JsValue, crate::error::PlayError> {
    let info = game.play_described(text)?;
    let kind = if info.kind == MoveClass::Man {
        MoveKind::Man
    } else {
        MoveKind::Ball
    };
    let skipped = game.skipped_after(kind);
    Ok(to_js(&Played {
        info: &info,
        skipped,
    }))
}

/// Reads a board side: 4 or 6, else `invalid_option`.
fn size_arg(value: &JsValue) -> Result<Size, OptionError> {
    match value.as_f64() {
        Some(4.0) => Ok(Size::Four),
        Some(6.0) => Ok(Size::Six),
        _ => Err(OptionError::new("size must be 4 or 6")),
    }
}

/// The cells and goal rows of a board of this size.
fn geometry_of(size: Size) -> JokerballGeometry {
    let g = size.geometry();
    let cells = (0..g.len)
        .map(|c| {
            let h = g.hex.get(usize::from(c)).copied().unwrap_or(Hex::new(0, 0));
            HexCell {
                name: g.name(c),
                q: h.q,
                r: h.r,
            }
        })
        .collect();
    let row = |p: Player| {
        let mut names = Vec::new();
        for c in g.goal_row(p) {
            names.push(g.name(c));
        }
        names
    };
    JokerballGeometry {
        cells,
        goals: Goals {
            red: row(Player::Red),
            blue: row(Player::Blue),
        },
    }
}

/// The pieces on the board of `game`, as JavaScript sees them (the men and the ball of
/// [`Game::board`], read from the position here without the intermediate list).
pub(super) fn board_of(game: &Game) -> JsValue {
    let pos = game.position();
    let g = pos.geometry();
    let mut board = JokerballBoard {
        men: Vec::new(),
        ball: None,
    };
    for cell in 0..g.len {
        match pos.piece(Cell(cell)) {
            Some(JbPiece::Man(player)) => board.men.push(Piece {
                cell: g.name(cell),
                player,
            }),
            Some(JbPiece::Ball) => board.ball = Some(g.name(cell)),
            None => {}
        }
    }
    to_js(&board)
}

/// A game of Jokerball: the dice, the man and ball phases of each turn, moves in notation, and the
/// whole state as JSON. Rules: docs/rules.md (Jokerball); reference: docs/api.md (Jokerball).
#[wasm_bindgen]
pub struct Jokerball {
    game: Game,
    /// The record tags, kept beside the game (the games know none).
    tags: crate::notation::Tags,
}

impl Jokerball {
    /// Wraps a core game (for `Match.game`).
    pub(super) fn from_game(game: Game) -> Jokerball {
        Jokerball {
            game,
            tags: crate::notation::Tags::new(),
        }
    }
}

#[wasm_bindgen]
impl Jokerball {
    /// A new game from the options (all optional; see `JokerballOptions`).
    /// @throws {SteereError} `invalid_option` for an unknown key, a wrong type or a value out of range;
    /// `parse_error` for a position string that is malformed or of another size than `size`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "JokerballOptions")] opts: JsValue,
    ) -> Result<Jokerball, JsValue> {
        let o: JokerballOptions = options(opts, "Jokerball options")?;
        Ok(Jokerball::from_game(Game::new(&o.0)?))
    }

    /// The current turn's dice, `null` in phases `'roll'` and `'over'`.
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(getter, unchecked_return_type = "Dice | null")]
    pub fn dice(&self) -> JsValue {
        to_js(&self.game.dice())
    }

    /// Rolls both dice from the game's own generator (distance die, then direction die). `skipped`
    /// lists the phases then passed at once for want of a legal move.
    /// @throws {SteereError} `game_over` after the game's end; `wrong_phase` outside phase `'roll'`, or
    /// when the game was restored without its dice generator (use `setDice`); `freed` after `free()`.
    #[wasm_bindgen(unchecked_return_type = "Rolled")]
    pub fn roll(&mut self) -> Result<JsValue, JsValue> {
        let dice = self.game.roll()?;
        Ok(rolled(&self.game, dice))
    }

    /// Sets the dice instead of rolling them (dice from a server, or a test); returns them as `roll`
    /// does.
    /// @throws {SteereError} `invalid_option` for a value that is not an integer or out of range
    /// (distance 1..side, direction 1..6); `game_over` after the game's end; `wrong_phase` outside phase
    /// `'roll'`; `freed` after `free()`.
    #[wasm_bindgen(js_name = setDice, unchecked_return_type = "Rolled")]
    pub fn set_dice(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] distance: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] direction: JsValue,
    ) -> Result<JsValue, JsValue> {
        set_dice_with(&distance, &direction, |d, r| {
            self.game.set_dice(d, r)?;
            Ok(&self.game)
        })
    }

    /// The cells of a board of side `size` (4 or 6) with their axial coordinates, and the home-row cells
    /// beside the goal each player defends (for drawing a board).
    /// @throws {SteereError} `invalid_option` when `size` is not 4 or 6.
    #[wasm_bindgen(unchecked_return_type = "JokerballGeometry")]
    pub fn geometry(
        #[wasm_bindgen(unchecked_param_type = "4 | 6")] size: JsValue,
    ) -> Result<JsValue, JsValue> {
        Ok(to_js(&geometry_of(size_arg(&size)?)))
    }

    /// Every complete rest of the current turn in phases `'man'` and `'ball'`, e.g. `'b3-d3 f6>h6'`,
    /// `'- f6>off'` (`-` for a phase that will be passed); empty in phases `'roll'` and `'over'`.
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(js_name = legalTurns)]
    pub fn legal_turns(&self) -> Vec<String> {
        self.game.legal_turns()
    }

    /// The whole state as a plain JSON-safe object; `{ rng: false }` leaves the dice generator out (the
    /// restored game then takes its dice from `setDice`). A string argument (as `JSON.stringify` passes)
    /// counts as no options.
    /// @throws {SteereError} `invalid_option` for options that are not an object or have an unknown key;
    /// `freed` after `free()`.
    #[wasm_bindgen(js_name = toJSON, unchecked_return_type = "JokerballState")]
    pub fn to_json(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "ToJsonOptions")] opts: JsValue,
    ) -> Result<JsValue, JsValue> {
        let state = self.game.to_state(to_json_options(opts)?);
        Ok(super::plain::lone_state(state, &self.tags))
    }
}

game_class_methods!(
    Jokerball,
    Game,
    turn: [" The side to move; after the game, the player who moved last."],
    phase: [" The phase: `'roll'`, `'man'`, `'ball'` or `'over'`."] => "JokerballPhase",
    dests: [
        " Where the piece on `cell` can go now: in phase `'man'` a man of the side to move, in phase `'ball'`",
        " the ball; cell names or `'off'`, in the order of `legalMoves()`. Empty when that piece cannot move.",
        " @throws {SteereError} `parse_error` when `cell` is not a string naming a cell of this board;",
        " `freed` after `free()`.",
    ],
    legal_moves: [
        " The legal moves of the current phase, sorted; empty in phases `'roll'` and `'over'`.",
    ],
    legal_moves_verbose: [
        " The legal moves of the current phase described (`from`, `to`, `path`, `capture`, `goal`), in the",
        " order of `legalMoves()`.",
    ] => "JokerballMove[]",
    position: [
        " The position string of the current board and side to move (a finished game's has no ball).",
    ],
    history: [
        " The completed turn records, e.g. `'2/3 b3-d3 f6>h6'` (a half-played turn is not listed).",
    ],
    board: [
        " The men (in position-string order) and the ball's cell (`null` once it has left the board).",
    ] => "JokerballBoard",
    play: [
        " Plays a move of the current phase (a string, or an object whose `notation` is read) and returns it",
        " described, with the phases then passed at once in `skipped`. A refused move changes nothing.",
        " @throws {SteereError} `parse_error` for a move not in the notation or naming a cell off this board;",
        " `game_over` after the game's end; `wrong_phase` in phase `'roll'`, or a ball move in phase `'man'`",
        " (a man move in `'ball'`); `illegal_move` for a well-formed move that is not legal now; `freed`",
        " after `free()`.",
    ] => "JokerballPlayed",
    clone: [
        " An independent copy, dice generator included (free it too).",
    ],
    state: "JokerballState",
    replay: JokerballReplayOptions => "JokerballReplayOptions"
);
