//! JSON states of every class (API.md `fromJSON`): Jokerball, Zola, and a Match of either game. Any
//! bytes are read without panicking; a state that restores gives a game that keeps every invariant and
//! saves back to a state that restores to an equal object.
#![no_main]

use fuzz_support::{check_game, check_match, restore_match, MatchJson};
use libfuzzer_sys::fuzz_target;
use steere_games::{jokerball, zola, Coded, Engine, ErrorCode};

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
    if let Ok(json) = serde_json::from_slice::<MatchJson<jokerball::GameState>>(data) {
        if let Ok(m) = restore_match(json, "jokerball", jokerball::Game::from_state) {
            check_match(&m);
        }
    }
    if let Ok(json) = serde_json::from_slice::<MatchJson<zola::GameState>>(data) {
        if let Ok(m) = restore_match(json, "zola", zola::Game::from_state) {
            check_match(&m);
        }
    }
});
