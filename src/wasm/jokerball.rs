//! The `Jokerball` class of the JavaScript API (API.md, "Jokerball"): a thin wrapper around
//! [`crate::jokerball::Game`].

#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use wasm_bindgen::prelude::*;

use super::out::js_object;
use super::{
    arg_move, arg_string, arg_strings, from_tree, js, js_error, options, state, to_js, SeedOption,
    ToJsonOptions,
};
use crate::dice::{Dice, Seed};
use crate::error::{DiceError, OptionError};
use crate::jokerball::{Dest, Game, GameState, Move, MoveKind, RuleSet, Setup};
use crate::player::Player;

#[wasm_bindgen(typescript_custom_section)]
const JOKERBALL_TS: &str = r#"
/** Jokerball's rule sets (RULES 1.8). */
export type JokerballRules = 'classic' | '2025';
/** The phases of a Jokerball turn (RULES 1.4). */
export type JokerballPhase = 'roll' | 'man' | 'ball' | 'over';
/** Options of `new Jokerball(...)`. */
export interface JokerballOptions {
  rules?: JokerballRules;
  size?: 4 | 6;
  rows?: number;
  first?: Player;
  position?: string;
  seed?: number | string;
}
/** Options of `Jokerball.replay(...)`: those of the constructor without `position`. */
export interface JokerballReplayOptions {
  rules?: JokerballRules;
  size?: 4 | 6;
  rows?: number;
  first?: Player;
  seed?: number | string;
}
/** The two dice of a Jokerball turn. */
export interface Dice {
  distance: number;
  direction: number;
}
/** A Jokerball move in verbose form. */
export interface JokerballMove {
  notation: string;
  kind: 'man' | 'ball';
  from: string;
  /** A cell name or 'off'. */
  to: string;
  capture: boolean;
}
/** The pieces on a Jokerball board: men in position-string order, and the ball's cell. */
export interface JokerballBoard {
  men: { cell: string; player: Player }[];
  ball: string | null;
}
/** The saved state of the dice generator. */
export interface JokerballRngState {
  key: string;
  word: number;
}
/** The JSON state of a Jokerball game (`toJSON`/`fromJSON`). */
export interface JokerballState {
  format: 1;
  game: 'jokerball';
  rules: JokerballRules;
  size: 4 | 6;
  start: string;
  history: string[];
  turn: { dice: Dice; man: string | null } | null;
  phase: JokerballPhase;
  position: string;
  winner: Player | null;
  rng: JokerballRngState | null;
}
/** Options of `toJSON`. */
export interface JokerballToJSONOptions {
  rng?: boolean;
}
"#;

#[derive(Debug, Default)]
struct JokerballOptions {
    rules: Option<RuleSet>,
    size: Option<u8>,
    rows: Option<u8>,
    first: Option<Player>,
    position: Option<String>,
    seed: Option<SeedOption>,
}
from_tree!(JokerballOptions {
    rules: "rules",
    size: "size",
    rows: "rows",
    first: "first",
    position: "position",
    seed: "seed"
});

#[derive(Debug, Default)]
struct ReplayOptions {
    rules: Option<RuleSet>,
    size: Option<u8>,
    rows: Option<u8>,
    first: Option<Player>,
    seed: Option<SeedOption>,
}
from_tree!(ReplayOptions {
    rules: "rules",
    size: "size",
    rows: "rows",
    first: "first",
    seed: "seed"
});

struct VerboseMove {
    notation: String,
    kind: &'static str,
    from: String,
    to: String,
    capture: bool,
}
js_object!(VerboseMove {
    notation: "notation",
    kind: "kind",
    from: "from",
    to: "to",
    capture: "capture"
});

struct BoardMan {
    cell: String,
    player: Player,
}
js_object!(BoardMan {
    cell: "cell",
    player: "player"
});

struct BoardView {
    men: Vec<BoardMan>,
    ball: Option<String>,
}
js_object!(BoardView {
    men: "men",
    ball: "ball"
});

/// A validated setup from the options (defaults: 2025 rules, side 6, 2 rows, Red first).
pub(super) fn setup_of(
    rules: Option<RuleSet>,
    size: Option<u8>,
    rows: Option<u8>,
    first: Option<Player>,
) -> Result<Setup, OptionError> {
    let setup = Setup {
        rules: rules.unwrap_or_default(),
        size: size.unwrap_or(6),
        rows: rows.unwrap_or(2),
        first: first.unwrap_or(Player::Red),
    };
    setup.validate()?;
    Ok(setup)
}

fn seed_of(seed: Option<&SeedOption>) -> Result<Option<Seed>, OptionError> {
    seed.map(SeedOption::to_seed).transpose()
}

/// Reads a die value: an integer number (range-checked by the core), anything else `invalid_option`.
fn die_value(value: &JsValue, what: &str) -> Result<u8, OptionError> {
    let bad = || OptionError::new(format!("{what} must be an integer die value"));
    let n = value.as_f64().ok_or_else(bad)?;
    if n.fract() != 0.0 || !(0.0..=255.0).contains(&n) {
        return Err(OptionError::new(format!("{what} is out of range")));
    }
    Ok(n as u8)
}

/// A game of Jokerball (API.md): dice, the man and ball phases, notation, JSON state.
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

/// A move in the verbose form of the API.
pub(super) fn verbose(game: &Game, mv: &Move) -> JsValue {
    to_js(&verbose_view(game, mv))
}

fn verbose_view(game: &Game, mv: &Move) -> VerboseMove {
    let g = game.position().geometry();
    VerboseMove {
        notation: game.notation(mv),
        kind: match mv.kind {
            MoveKind::Man => "man",
            MoveKind::Ball => "ball",
        },
        from: g.name(mv.from),
        to: match mv.to {
            Dest::Cell(c) => g.name(c),
            Dest::Off(_) => "off".to_string(),
        },
        capture: mv.capture,
    }
}

/// The legal moves of the current phase in verbose form, sorted by notation.
pub(super) fn verbose_moves(game: &Game) -> JsValue {
    let views: Vec<VerboseMove> = game
        .legal_moves()
        .iter()
        .map(|mv| verbose_view(game, mv))
        .collect();
    to_js(&views)
}

/// Reads the two dice of `setDice`: integers, else `invalid_option` (ranges are checked by the core).
pub(super) fn dice_args(distance: &JsValue, direction: &JsValue) -> Result<(u8, u8), DiceError> {
    let d = die_value(distance, "distance").map_err(DiceError::OutOfRange)?;
    let r = die_value(direction, "direction").map_err(DiceError::OutOfRange)?;
    Ok((d, r))
}

#[wasm_bindgen]
impl Jokerball {
    /// A new game; see `JokerballOptions`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "JokerballOptions")] opts: JsValue,
    ) -> Result<Jokerball, JsValue> {
        let o: JokerballOptions = js(options(opts, "Jokerball options"))?;
        let seed = js(seed_of(o.seed.as_ref()))?;
        if let Some(text) = &o.position {
            if let Some(size) = o.size {
                if size != 4 && size != 6 {
                    return Err(js_error(&OptionError::new(format!(
                        "size must be 4 or 6, not {size}"
                    ))));
                }
            }
            let text = js(arg_string(&JsValue::from_str(text), "position"))?;
            let mut game = js(Game::from_position(
                o.rules.unwrap_or_default(),
                &text,
                o.size,
            ))?;
            if let Some(s) = &seed {
                game.set_rng(Some(crate::dice::DiceRng::from_seed(s)));
            }
            return Ok(Jokerball { game });
        }
        let setup = js(setup_of(o.rules, o.size, o.rows, o.first))?;
        Ok(Jokerball {
            game: js(Game::new(&setup, seed.as_ref()))?,
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
        self.game.dice().map_or(JsValue::NULL, |d| to_js(&d))
    }

    /// The winner, `null` while the game goes on.
    #[wasm_bindgen(getter, unchecked_return_type = "Player | null")]
    pub fn winner(&self) -> JsValue {
        self.game
            .winner()
            .map_or(JsValue::NULL, |p| JsValue::from_str(p.name()))
    }

    /// Rolls the dice (distance die, then direction die) from the game's generator.
    #[wasm_bindgen(unchecked_return_type = "Dice")]
    pub fn roll(&mut self) -> Result<JsValue, JsValue> {
        let d: Dice = js(self.game.roll())?;
        Ok(to_js(&d))
    }

    /// Sets the dice instead of rolling them.
    #[wasm_bindgen(js_name = setDice)]
    pub fn set_dice(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] distance: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] direction: JsValue,
    ) -> Result<(), JsValue> {
        let (d, r) = js(dice_args(&distance, &direction))?;
        js(self.game.set_dice(d, r))
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
        let text = js(arg_move(&mv))?;
        let played = js(self.game.play(&text))?;
        Ok(verbose(&self.game, &played))
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
            .map(|(cell, player)| BoardMan { cell, player })
            .collect();
        to_js(&BoardView {
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
        #[wasm_bindgen(unchecked_optional_param_type = "JokerballToJSONOptions")] opts: JsValue,
    ) -> Result<JsValue, JsValue> {
        // JSON.stringify(game) calls toJSON(key) with a string: treat it as no options.
        let o: ToJsonOptions = if opts.is_string() {
            ToJsonOptions::default()
        } else {
            js(options(opts, "toJSON options"))?
        };
        Ok(to_js(&self.game.to_state(o.rng.unwrap_or(true))))
    }

    /// Restores a game from `toJSON()`'s state.
    #[wasm_bindgen(js_name = fromJSON)]
    pub fn from_json(
        #[wasm_bindgen(unchecked_param_type = "JokerballState")] obj: JsValue,
    ) -> Result<Jokerball, JsValue> {
        let st: GameState = js(state(obj))?;
        Ok(Jokerball {
            game: js(Game::from_state(&st))?,
        })
    }

    /// Replays turn records from the setup given by the options.
    pub fn replay(
        #[wasm_bindgen(unchecked_param_type = "string[]")] history: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "JokerballReplayOptions")] opts: JsValue,
    ) -> Result<Jokerball, JsValue> {
        let o: ReplayOptions = js(options(opts, "replay options"))?;
        let seed = js(seed_of(o.seed.as_ref()))?;
        let setup = js(setup_of(o.rules, o.size, o.rows, o.first))?;
        let records = js(arg_strings(&history, "history"))?;
        Ok(Jokerball {
            game: js(Game::replay(&records, &setup, seed.as_ref()))?,
        })
    }
}
