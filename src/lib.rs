//! # steere-games
//!
//! The exact rules of Mark Steere's games **Jokerball** (both its December 2024 rules, `classic`, and its
//! 2025 revision) and **Zola**, match play with the doubling cube, and a computer opponent, for the web
//! (the npm package is built from this crate) and for Rust programs such as game servers.
//!
//! The core knows nothing of WebAssembly: `cargo test` on the host covers every rule. The JavaScript
//! binding lives in `src/wasm/` behind the default feature `wasm`; a Rust server builds the plain
//! library with `default-features = false` (no wasm-bindgen, no js-sys).
//!
//! ## A one-way stack
//! The modules form a stack, lowest first; each uses only its own level and those below (a test,
//! `tests/architecture.rs`, reads every `use crate::` path and keeps it so):
//!
//! `player`, `hex`, `error`, `movelist`, `keys` -> `dice`, `notation`, `clock`, `rating` -> `engine` (the rules trait) ->
//! [`jokerball`], [`zola`] -> `matchplay` -> [`record`] -> [`bot`] -> `sim` -> `wasm` (the binding).
//!
//! The rules know neither the records nor the bot: those reach both games through traits of their
//! own, [`Recorded`] (with [`GameRecord`], in [`record`]) and [`BotGame`] (in [`bot`]). Bring
//! [`Recorded`] into scope to write and read records.
//!
//! ## One shape for both games
//! [`jokerball`] and [`zola`] have the same files for the same roles (`board`, `setup`, `moves`,
//! `position`, `movegen`, `notation`, `game`, `state`), all private: each game's public names are
//! re-exported at its root (`jokerball::write_move`, `zola::write_move`). Each `Game` implements
//! [`Engine`], which [`Match`], the records, the [`Bot`], [`simulate`] and the binding are written
//! against:
//!
//! | what | name |
//! |---|---|
//! | the options of a new game, plain data with `Default` | `Setup` (a position string and, in Jokerball, the dice seed included); `Setup::validate` checks what needs no position string |
//! | the board | `Size` (`jokerball::Size::{Four, Six}`, `zola::Size::{Six, Eight, Ten}`: `new`, `n`, `cells`, `geometry`), a cell type (`jokerball::Cell`, `zola::Square`: `name`, `parse`), `Geometry` (the precomputed tables; Jokerball's also gives `goal_row`), `MAX_CELLS` |
//! | a position | `Position::start(&Setup)` (checked: `SetupError`), `Position::from_position_string`, `size()`, `side()`, `turn()`, `apply(mv)` |
//! | move generation, allocation-free, as `Position` methods | Jokerball `man_moves(k, &mut list)`, `ball_moves(face, &mut list)`, `has_man_move`, `has_ball_move`; Zola `moves(&mut list)`, `has_move`, `is_legal_move`; lists of `MAX_MOVES` |
//! | the pieces on the board, in position-string order | `Game::board()`: `Vec<(Cell, Piece)>` (Jokerball: men and ball) / `Vec<(Square, Player)>` (Zola: checkers) |
//! | a game from its setup / from setup and history | [`Engine::new`] / [`Engine::replay`], [`Engine::replay_onto`] ([`SetupError`], [`ReplayError`] with the failing record's index) |
//! | who moves, what is awaited, who won | [`Engine::turn`], [`Engine::phase`], [`Engine::winner`] |
//! | legal moves: sorted values, notations, allocation-free | [`Engine::legal_moves`], [`Engine::legal_notations`], [`Engine::legal_moves_into`] (into the game's [`MoveList`]) |
//! | check, find and play a move | [`Engine::is_legal`], [`Engine::is_legal_move`], [`Engine::find_move`], [`Engine::play`], [`Engine::play_move`] |
//! | a move in notation / described / where a piece can go | [`Engine::notation`], [`Engine::describe`], [`Engine::play_described`], [`Engine::dests`]; free functions `parse_move`, `write_move` |
//! | the board as a string | [`Engine::position_string`]; `Position::from_position_string`, `Position::to_position_string` |
//! | completed records: in notation / typed | [`Engine::history`] / `Game::records` |
//! | the whole game as plain data | [`Engine::to_state`]`(with_rng)`, [`Engine::from_state`] (`GameState`, serde; Zola, without dice, ignores `with_rng`) |
//! | the whole game or match as a text record (names, every turn, cube actions, results) | [`Recorded::to_record`], [`Recorded::from_record`] (a lone game with its tags, [`Tagged`], and matches alike; the games keep no tags), [`Tags`] ([`record`]) |
//! | every game of a match as played | [`Match::games`] ([`MatchGame`]), saved as [`MatchLog`] in [`SavedMatch`] (format 2) |
//! | one move list | [`MoveList`] (`jokerball::MoveList`, `zola::MoveList`) |
//!
//! ## A Rust server's flow
//! A match, a client's move checked and applied, the match saved to JSON and restored:
//!
//! ```
//! use steere_games::{jokerball, Engine, Match, MatchSetup, Recorded, SavedMatch, Seed, Tags};
//!
//! // A 5-point Jokerball match with the cube; the server seeds (or draws) the dice.
//! let setup = MatchSetup {
//!     length: 5,
//!     cube: true,
//!     game: jokerball::Setup { seed: Some(Seed::Number(42)), ..Default::default() },
//! };
//! let mut m = Match::<jokerball::Game>::new(&setup).unwrap();
//! m.roll().unwrap();
//!
//! // A move from a client: refused unless legal, and then nothing changes.
//! assert!(m.act(|g| g.play("zz9-zz10")).is_err());
//! let wanted = m.game().legal_notations()[0].clone();
//! m.act(|g| g.play(&wanted)).unwrap();
//!
//! // Saved as JSON with the dice generator (for the server's own store; `false` leaves it out) and restored.
//! let json = serde_json::to_string(&m.to_saved(true)).unwrap();
//! let saved: SavedMatch<jokerball::GameState> = serde_json::from_str(&json).unwrap();
//! let back = Match::<jokerball::Game>::from_saved(&saved).unwrap();
//! assert_eq!(back.game().history(), m.game().history());
//! assert_eq!(back.game().position_string(), m.game().position_string());
//!
//! // Its record (RULES 4), up to the last completed turn, read back.
//! let text = m.to_record(&Tags::new()).unwrap();
//! let read = Match::<jokerball::Game>::from_record(&text, None).unwrap();
//! assert_eq!(read.game().history(), m.game().history());
//!
//! // Both games in one shape: a checked start position, its moves generated into a reused list.
//! use steere_games::zola;
//! let start = zola::Position::start(&zola::Setup::default()).unwrap();
//! let mut list = zola::MoveList::new();
//! start.moves(&mut list);
//! assert_eq!(list.len(), 36);
//! assert_eq!(zola::write_move(start.size(), list[0]), "a1xb1");
//! let pos = jokerball::Position::start(&jokerball::Setup::default()).unwrap();
//! let mut list = jokerball::MoveList::new();
//! pos.man_moves(3, &mut list);
//! assert_eq!(list.len(), 14);
//! assert_eq!(jokerball::write_move(pos.size(), list[0]), "b1-e4");
//! ```
//!
//! The rules, in full and with diagrams, are in `docs/rules.md`; the JavaScript API is in `docs/api.md`.

pub mod annotation;
pub mod bot;
mod clock;
mod dice;
mod engine;
mod error;
mod hex;
pub mod jokerball;
mod keys;
mod matchplay;
mod movelist;
mod notation;
mod player;
mod rating;
pub mod record;
mod sim;
#[cfg(feature = "wasm")]
mod wasm;
pub mod zola;

pub use bot::{Bot, BotGame, CubeAction, Level};
pub use clock::{
    Clock, ClockError, Left, Reserve, TimeControl, MAX_DELAY_MS, MAX_RESERVE_MS, MAX_TIME_MS,
    MIN_RESERVE_MS,
};
pub use dice::{Dice, DiceRng, RngState, Seed, SimRng, MAX_SAFE_INTEGER};
pub use engine::{Awaited, BallLine, BoardWin, Engine, GameKind, LastMove, MoveClass, MoveInfo};
pub use engine::{Forfeit, ForfeitReason};
pub use error::ForfeitError;
pub use error::{
    Coded, DiceError, ErrorCode, Illegal, NotLegal, Nothing, OptionError, ParseError, PlayError,
    ReplayError, SetupError, TurnPhase, WrongPhase,
};
pub use hex::{Hex, HexDirection};
pub use matchplay::{
    lone_log, max_cube, movers, view_of, ActionKind, AnyMatchSetup, Awaits, Cube, CubeError, Drawn,
    GameEnd, GameResult, GameSetup, GameWon, InMatch, LineKind, LogEntry, Logged, Match,
    MatchAction, MatchError, MatchGame, MatchLog, MatchOptions, MatchPhase, MatchSetup, MatchState,
    MatchStateData, PastGame, SavedMatch, ToAct, View, MAX_MATCH_LENGTH,
};
pub use movelist::{Filler, MoveList};
pub use notation::{parse_grid, write_grid, Grid, MAX_INPUT_LEN};
pub use player::{ByPlayer, Player};
pub use rating::{
    MatchRole, PlayerRating, RatedMatch, RatingAfter, RatingChange, RatingError, MAX_EXPERIENCE,
    MAX_RATED_LENGTH, MAX_RATING,
};
pub use record::{
    lone_record, GameRecord, RecordSetup, Recorded, TagError, TagFault, Tagged, Tags,
    MAX_RECORD_LEN,
};
pub use sim::{
    jokerball_game, simulate, simulate_with_progress, zola_game, JokerballLists, Outcome, SimGame,
    SimOptions, SimPlayer, SimResult, DEFAULT_MAX_TURNS, MAX_GAMES,
};
