//! # steere-games
//!
//! The exact rules of Mark Steere's games **Jokerball** (both its December 2024 rules, `classic`, and its
//! 2025 revision) and **Zola**, match play with the doubling cube, and a computer opponent, for the web.
//!
//! The core (everything but `wasm`) knows nothing of WebAssembly: `cargo test` on the host covers every
//! rule. `src/wasm/` is the thin binding layer that the npm package is built from.
//!
//! The specification is the project's `RULES.md`; section numbers in docs and tests refer to it.

pub mod bot;
mod dice;
mod error;
mod hex;
pub mod jokerball;
mod matchplay;
mod notation;
mod player;
mod sim;
mod wasm;
pub mod zola;

pub use bot::{Bot, CubeAction, Level};
pub use dice::{Dice, DiceRng, RngState, Seed, MAX_SAFE_INTEGER};
pub use error::{Coded, DiceError, ErrorCode, OptionError, ParseError, PlayError};
pub use hex::{Hex, HexDirection};
pub use matchplay::{
    max_cube, Cube, CubeError, GameEnd, GameResult, Match, MatchError, MatchGame, MatchPhase,
    MatchState, MatchStateData, MAX_MATCH_LENGTH,
};
pub use notation::{parse_grid, write_grid, Grid, MAX_INPUT_LEN};
pub use player::{ByPlayer, Player};
pub use sim::{
    jokerball_game, simulate, zola_game, JokerballLists, Outcome, SimGame, SimOptions, SimPlayer,
    SimResult, SimRng, DEFAULT_MAX_TURNS, MAX_GAMES,
};
