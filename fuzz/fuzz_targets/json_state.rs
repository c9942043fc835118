//! JSON states of every class (API.md `fromJSON`): Jokerball, Zola, and a Match of either game (format
//! 1 or 2). Any bytes are read without panicking; a state that restores gives a game that keeps every
//! invariant and saves back to a state that restores to an equal object.
#![no_main]

use fuzz_support::{check_game, check_match, restore_match};
use libfuzzer_sys::fuzz_target;
use steere_games::{jokerball, zola, Coded, Engine, ErrorCode, SavedMatch};

fuzz_target!(|data: &[u8]| {
    if let Ok(state) = serde_json::from_slice::<jokerball::GameState>(data) {
        match jokerball::Game::from_state(&state) {
            Ok(game) => {
                check_game(&game);
                // Saved with the generator when it had one: the state it was read from.
                assert_eq!(game.to_state(state.rng.is_some()), state);
            }
            Err(e) => assert_eq!(e.code(), ErrorCode::ParseError),
        }
    }
    if let Ok(state) = serde_json::from_slice::<zola::GameState>(data) {
        match zola::Game::from_state(&state) {
            Ok(game) => {
                check_game(&game);
                assert_eq!(game.to_state(false), state);
            }
            Err(e) => assert_eq!(e.code(), ErrorCode::ParseError),
        }
    }
    if let Ok(json) = serde_json::from_slice::<SavedMatch<jokerball::GameState>>(data) {
        match restore_match::<jokerball::Game>(&json) {
            Ok(m) => check_match(&m),
            Err(e) => assert_eq!(e.code(), ErrorCode::ParseError),
        }
    }
    if let Ok(json) = serde_json::from_slice::<SavedMatch<zola::GameState>>(data) {
        match restore_match::<zola::Game>(&json) {
            Ok(m) => check_match(&m),
            Err(e) => assert_eq!(e.code(), ErrorCode::ParseError),
        }
    }
});
