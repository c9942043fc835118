//! `simulate()` of the JavaScript API (docs/api.md, "simulate"): reads and checks the options, runs the
//! core [`crate::sim::simulate`] and measures its wall time (here, since the core knows no clock).

use wasm_bindgen::prelude::*;

use super::args::{options, Progress};
use super::plain::SimulateOptions;
use super::tree::{FromTree, Tree};
use crate::error::OptionError;
use crate::matchplay::GameSetup;
use crate::player::Player;
use crate::sim::{SimGame, SimOptions, SimPlayer, DEFAULT_MAX_TURNS};

#[wasm_bindgen(typescript_custom_section)]
const SIM_TS: &str = r#"
/** The second argument of `simulate(...)`: `onProgress(done, total)`, whose exception stops the run. */
export interface SimulateProgress {
  onProgress?: (done: number, total: number) => void;
}
/** Who plays a side in `simulate`: 'random' (uniform among the legal moves of each phase) or the
 * computer opponent at a level. */
export type SimPlayerName = 'random' | 'easy' | 'medium' | 'hard';
/** The totals of `simulate(...)`: `turns` and `lengths` cover the finished games (0 and [] when none
 * finished); `lengths[k]` is the number of games that lasted `k` turns. `firstWins`: the wins of whoever
 * made the first move; `playerWins`: each player's wins, named by the side `players` gave it. */
export interface SimulateResult {
  games: number;
  wins: { red: number; blue: number };
  firstWins: number;
  playerWins: { red: number; blue: number };
  /** The games in which each player (named as in `playerWins`) made the first move. */
  firstMoves: { red: number; blue: number };
  lengths: number[];
  unfinished: number;
  turns: { mean: number; max: number };
  /** Wall time of the games, milliseconds. */
  ms: number;
}
"#;

impl FromTree for SimPlayer {
    fn from_tree(tree: &Tree) -> Result<Self, String> {
        let name = String::from_tree(tree)?;
        SimPlayer::from_name(&name).map_err(|e| e.to_string())
    }
}

/// The core options from the JavaScript ones; every problem is an `invalid_option`.
fn sim_options(opts: JsValue) -> Result<SimOptions, OptionError> {
    let o = options::<SimulateOptions>(opts, "simulate options")?.0;
    let mut pie = false;
    let game = match GameSetup::choose(o.game, o.jokerball.map(|j| j.0), o.zola.map(|z| z.0))? {
        GameSetup::Zola(setup) => {
            pie = setup.pie;
            SimGame::Zola(setup.validate()?)
        }
        GameSetup::Jokerball(setup) => SimGame::Jokerball(setup),
    };
    let games = o
        .games
        .ok_or_else(|| OptionError::new("games is required: an integer 1..10000000"))?;
    let opts = SimOptions {
        game,
        games,
        seed: o.seed,
        first: o.first.unwrap_or(Player::Red),
        max_turns: o.max_turns.unwrap_or(DEFAULT_MAX_TURNS),
        players: o.players.unwrap_or_default().0,
        alternate: o.alternate.unwrap_or(false),
        pie,
        opening: o.opening.unwrap_or(0),
    };
    opts.validate()?;
    Ok(opts)
}

/// Plays whole games inside wasm, each side `'random'` (uniform among the legal moves of each phase)
/// or the bot at a level, and returns the totals: balance statistics and the engine's throughput.
/// The same seed and options give the same games. See `SimulateOptions`. `onProgress(done, total)` of
/// the second argument is called as games finish; an exception it throws stops the run and is thrown
/// again.
/// @throws {SteereError} `invalid_option` for missing `games`, an unknown key, a wrong type or a value
/// out of range, options of the other game, or an odd `games` with `alternate`.
#[wasm_bindgen(unchecked_return_type = "SimulateResult")]
pub fn simulate(
    #[wasm_bindgen(unchecked_param_type = "SimulateOptions")] opts: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SimulateProgress")] progress: JsValue,
) -> Result<JsValue, JsValue> {
    let opts = sim_options(opts)?;
    let mut progress = Progress::read(&progress)?;
    let t0 = super::args::now();
    let r = crate::sim::simulate_with_progress(&opts, &mut |d, t| progress.report(d, t))?;
    let ms = super::args::now() - t0;
    progress.finish()?;
    // `turns.mean` and `ms` are fractional: set as numbers directly rather than written as JSON text.
    let turns = js_sys::Object::new();
    set(&turns, "mean", r.turns_mean().into());
    set(&turns, "max", r.turns_max.into());
    let result = js_sys::Object::new();
    set(&result, "games", r.games.into());
    set(&result, "wins", super::args::to_js(&r.wins));
    set(&result, "firstWins", r.first_wins.into());
    set(&result, "playerWins", super::args::to_js(&r.player_wins));
    set(&result, "firstMoves", super::args::to_js(&r.first_moves));
    set(&result, "lengths", super::args::to_js(&r.lengths));
    set(&result, "unfinished", r.unfinished.into());
    set(&result, "turns", turns.into());
    set(&result, "ms", ms.into());
    Ok(result.into())
}

/// Sets `key` on a fresh plain object (cannot fail on one).
fn set(object: &js_sys::Object, key: &str, value: JsValue) {
    let _ = js_sys::Reflect::set(object, &JsValue::from_str(key), &value);
}
