//! `simulate()` of the JavaScript API (API.md, "Simulation"): reads and checks the options, runs the
//! core [`crate::sim::simulate`] and measures its wall time (here, since the core knows no clock).

use wasm_bindgen::prelude::*;

use super::tree::Tree;
use super::{js, SeedOption};
use crate::error::OptionError;
use crate::jokerball::{RuleSet, Setup};
use crate::player::{ByPlayer, Player};
use crate::sim::{SimGame, SimOptions, SimPlayer, DEFAULT_MAX_TURNS, MAX_GAMES};
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

/// The object `t` (named `what`) with only `allowed` keys; `null` reads as absent.
fn object<'t>(
    t: Option<&'t Tree>,
    what: &str,
    allowed: &[&str],
) -> Result<Option<&'t Tree>, OptionError> {
    match t {
        None | Some(Tree::Null) => Ok(None),
        Some(obj @ Tree::Obj(fields)) => {
            for (key, _) in fields {
                if !allowed.contains(&key.as_str()) {
                    return Err(OptionError::new(format!("{what}: unknown key '{key}'")));
                }
            }
            Ok(Some(obj))
        }
        Some(_) => Err(OptionError::new(format!("{what} must be an object"))),
    }
}

/// The value of `key` in `obj`, `null` reading as absent.
fn field<'t>(obj: Option<&'t Tree>, key: &str) -> Option<&'t Tree> {
    obj.and_then(|o| o.get(key))
        .filter(|v| !matches!(v, Tree::Null))
}

/// An integer option `lo..=hi`.
fn int(t: Option<&Tree>, what: &str, lo: u32, hi: u32) -> Result<Option<u32>, OptionError> {
    match t {
        None => Ok(None),
        Some(Tree::Num(n)) if n.fract() == 0.0 && *n >= f64::from(lo) && *n <= f64::from(hi) => {
            Ok(Some(*n as u32))
        }
        Some(_) => Err(OptionError::new(format!(
            "{what} must be an integer {lo}..{hi}"
        ))),
    }
}

/// A string option read by `read` (`None`: not one of the names listed in `expected`).
fn named<T>(
    t: Option<&Tree>,
    what: &str,
    expected: &str,
    read: impl Fn(&str) -> Option<T>,
) -> Result<Option<T>, OptionError> {
    match t {
        None => Ok(None),
        Some(Tree::Str(s)) => read(s)
            .map(Some)
            .ok_or_else(|| OptionError::new(format!("{what} must be {expected}, not '{s}'"))),
        Some(_) => Err(OptionError::new(format!("{what} must be {expected}"))),
    }
}

fn player(t: Option<&Tree>, what: &str) -> Result<SimPlayer, OptionError> {
    match t {
        None => Ok(SimPlayer::Random),
        Some(Tree::Str(s)) => SimPlayer::from_name(s),
        Some(_) => Err(OptionError::new(format!(
            "{what} must be 'random', 'easy', 'medium' or 'hard'"
        ))),
    }
}

const KEYS: &[&str] = &[
    "game",
    "games",
    "seed",
    "jokerball",
    "zola",
    "first",
    "maxTurns",
    "players",
];

/// The core options from the JavaScript ones; every problem is an `invalid_option`.
fn sim_options(t: &Tree) -> Result<SimOptions, OptionError> {
    let o = object(Some(t), "simulate options", KEYS)?
        .ok_or_else(|| OptionError::new("simulate options must be an object"))?;
    let o = Some(o);
    let zola = field(o, "zola");
    let jokerball = field(o, "jokerball");
    let is_zola = named(
        field(o, "game"),
        "game",
        "'jokerball' or 'zola'",
        |s| match s {
            "jokerball" => Some(false),
            "zola" => Some(true),
            _ => None,
        },
    )?
    .unwrap_or(false);
    let game = if is_zola {
        if jokerball.is_some() {
            return Err(OptionError::new(
                "jokerball options are given but game is 'zola'",
            ));
        }
        let z = object(zola, "zola", &["size"])?;
        let size = int(field(z, "size"), "zola.size", 0, 255)?.unwrap_or(6);
        SimGame::Zola(Size::new(size as u8)?)
    } else {
        if zola.is_some() {
            return Err(OptionError::new(
                "zola options are given but game is 'jokerball'",
            ));
        }
        let j = object(jokerball, "jokerball", &["rules", "size", "rows"])?;
        SimGame::Jokerball(Setup {
            rules: named(
                field(j, "rules"),
                "jokerball.rules",
                "'classic' or '2025'",
                RuleSet::from_name,
            )?
            .unwrap_or_default(),
            size: int(field(j, "size"), "jokerball.size", 0, 255)?.unwrap_or(6) as u8,
            rows: int(field(j, "rows"), "jokerball.rows", 0, 255)?.unwrap_or(2) as u8,
            first: Player::Red,
        })
    };
    let games = int(field(o, "games"), "games", 1, MAX_GAMES)?
        .ok_or_else(|| OptionError::new("games is required: an integer 1..10000000"))?;
    let seed = match field(o, "seed") {
        None => None,
        Some(Tree::Num(n)) => Some(SeedOption::Number(*n).to_seed()?),
        Some(Tree::Str(s)) => Some(SeedOption::Text(s.clone()).to_seed()?),
        Some(_) => {
            return Err(OptionError::new(
                "seed must be an integer 0..2^32-1 or a string",
            ))
        }
    };
    let players = object(field(o, "players"), "players", &["red", "blue"])?;
    let opts = SimOptions {
        game,
        games,
        seed,
        first: named(
            field(o, "first"),
            "first",
            "'red' or 'blue'",
            Player::from_name,
        )?
        .unwrap_or(Player::Red),
        max_turns: int(field(o, "maxTurns"), "maxTurns", 1, u32::MAX)?.unwrap_or(DEFAULT_MAX_TURNS),
        players: ByPlayer::new(
            player(field(players, "red"), "players.red")?,
            player(field(players, "blue"), "players.blue")?,
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
    let tree =
        js(Tree::from_js(&opts).map_err(|e| OptionError::new(format!("simulate options: {e}"))))?;
    let opts = js(sim_options(&tree))?;
    let t0 = performance_now();
    let r = js(crate::sim::simulate(&opts))?;
    let ms = performance_now() - t0;
    // `turns.mean` and `ms` are fractional: set as numbers directly rather than written as JSON text.
    let turns = js_sys::Object::new();
    set(&turns, "mean", r.turns_mean().into());
    set(&turns, "max", r.turns_max.into());
    let result = js_sys::Object::new();
    set(&result, "games", r.games.into());
    set(
        &result,
        "wins",
        super::to_js(&ByPlayer::new(r.wins.red, r.wins.blue)),
    );
    set(&result, "unfinished", r.unfinished.into());
    set(&result, "turns", turns.into());
    set(&result, "ms", ms.into());
    Ok(result.into())
}

/// Sets `key` on a fresh plain object (cannot fail on one).
fn set(object: &js_sys::Object, key: &str, value: JsValue) {
    let _ = js_sys::Reflect::set(object, &JsValue::from_str(key), &value);
}
