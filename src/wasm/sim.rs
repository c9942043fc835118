//! `simulate()` of the JavaScript API (API.md, "Simulation"): reads and checks the options, runs the
//! core [`crate::sim::simulate`] and measures its wall time (here, since the core knows no clock).

use wasm_bindgen::prelude::*;

use super::jokerball::setup_of;
use super::matches::{JokerballSetupOptions, Variant};
use super::tree::{FromTree, Tree};
use super::{from_tree, js, options, SeedOption};
use crate::error::OptionError;
use crate::player::{ByPlayer, Player};
use crate::sim::{SimGame, SimOptions, SimPlayer, DEFAULT_MAX_TURNS};
use crate::zola::Size;

#[wasm_bindgen(typescript_custom_section)]
const SIM_TS: &str = r#"
/** Who plays a side in `simulate`: 'random' (uniform among the legal moves of each phase) or the
 * computer opponent at a level. */
export type SimPlayerName = 'random' | 'easy' | 'medium' | 'hard';
/** Options of `simulate(...)`. */
export interface SimulateOptions {
  game?: 'jokerball' | 'zola';
  /** 1..1e7 */
  games: number;
  seed?: number | string;
  jokerball?: { rules?: JokerballRules; size?: 4 | 6; rows?: number };
  zola?: { size?: 6 | 8 | 10 };
  first?: Player;
  /** Default 10000; a game not over after this many turns counts as unfinished. */
  maxTurns?: number;
  players?: { red?: SimPlayerName; blue?: SimPlayerName };
}
/** The totals of `simulate(...)`: `turns` covers the finished games (0 when none finished). */
export interface SimulateResult {
  games: number;
  wins: { red: number; blue: number };
  unfinished: number;
  turns: { mean: number; max: number };
  /** Wall time of the games, milliseconds. */
  ms: number;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`: milliseconds with a fraction (Node and browsers).
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// The options of `simulate` as JavaScript gives them.
#[derive(Debug, Default)]
struct SimulateOptions {
    game: Option<Variant>,
    games: Option<u32>,
    seed: Option<SeedOption>,
    jokerball: Option<JokerballSetupOptions>,
    zola: Option<ZolaSizeOption>,
    first: Option<Player>,
    max_turns: Option<u32>,
    players: Option<ByPlayer<Option<SimPlayer>>>,
}
from_tree!(SimulateOptions {
    game: "game",
    games: "games",
    seed: "seed",
    jokerball: "jokerball",
    zola: "zola",
    first: "first",
    max_turns: "maxTurns",
    players: "players",
});

/// The `zola` options of `simulate`.
#[derive(Debug, Default)]
struct ZolaSizeOption {
    size: Option<u8>,
}
from_tree!(ZolaSizeOption { size: "size" });
from_tree!(ByPlayer<Option<SimPlayer>> { red: "red", blue: "blue" });

impl FromTree for SimPlayer {
    fn from_tree(tree: &Tree) -> Result<Self, String> {
        let name = String::from_tree(tree)?;
        SimPlayer::from_name(&name).map_err(|e| e.to_string())
    }
}

/// The core options from the JavaScript ones; every problem is an `invalid_option`.
fn sim_options(opts: JsValue) -> Result<SimOptions, OptionError> {
    let o: SimulateOptions = options(opts, "simulate options")?;
    let game = match o.game.unwrap_or_default() {
        Variant::Zola => {
            if o.jokerball.is_some() {
                return Err(OptionError::new(
                    "jokerball options are given but game is 'zola'",
                ));
            }
            let size = o.zola.and_then(|z| z.size).unwrap_or(6);
            SimGame::Zola(Size::new(size)?)
        }
        Variant::Jokerball => {
            if o.zola.is_some() {
                return Err(OptionError::new(
                    "zola options are given but game is 'jokerball'",
                ));
            }
            let j = o.jokerball.unwrap_or_default();
            SimGame::Jokerball(setup_of(j.rules, j.size, j.rows, None)?)
        }
    };
    let games = o
        .games
        .ok_or_else(|| OptionError::new("games is required: an integer 1..10000000"))?;
    let players = o.players.unwrap_or_default();
    let opts = SimOptions {
        game,
        games,
        seed: o.seed.as_ref().map(SeedOption::to_seed).transpose()?,
        first: o.first.unwrap_or(Player::Red),
        max_turns: o.max_turns.unwrap_or(DEFAULT_MAX_TURNS),
        players: ByPlayer::new(
            players.red.unwrap_or_default(),
            players.blue.unwrap_or_default(),
        ),
    };
    opts.validate()?;
    Ok(opts)
}

/// Self-play of whole games inside wasm (API.md "Simulation"); see `SimulateOptions`.
#[wasm_bindgen(unchecked_return_type = "SimulateResult")]
pub fn simulate(
    #[wasm_bindgen(unchecked_param_type = "SimulateOptions")] opts: JsValue,
) -> Result<JsValue, JsValue> {
    let opts = js(sim_options(opts))?;
    let t0 = performance_now();
    let r = js(crate::sim::simulate(&opts))?;
    let ms = performance_now() - t0;
    // `turns.mean` and `ms` are fractional: set as numbers directly rather than written as JSON text.
    let turns = js_sys::Object::new();
    set(&turns, "mean", r.turns_mean().into());
    set(&turns, "max", r.turns_max.into());
    let result = js_sys::Object::new();
    set(&result, "games", r.games.into());
    set(&result, "wins", super::to_js(&r.wins));
    set(&result, "unfinished", r.unfinished.into());
    set(&result, "turns", turns.into());
    set(&result, "ms", ms.into());
    Ok(result.into())
}

/// Sets `key` on a fresh plain object (cannot fail on one).
fn set(object: &js_sys::Object, key: &str, value: JsValue) {
    let _ = js_sys::Reflect::set(object, &JsValue::from_str(key), &value);
}
