//! Position strings of both games (RULES 1.9, 2.3): any text is read without panicking; a string that
//! is accepted prints back to exactly itself; a game started from it keeps every invariant.
#![no_main]

use fuzz_support::check_game;
use libfuzzer_sys::fuzz_target;
use steere_games::jokerball::{self, RuleSet};
use steere_games::{zola, Coded, Engine, ErrorCode};

/// A Zola game from a position string (its size from the string).
fn zola_from_position(text: &str, pie: bool) -> Result<zola::Game, steere_games::SetupError> {
    zola::Game::new(&zola::Setup {
        position: Some(text.into()),
        pie,
        ..zola::Setup::default()
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for rules in [RuleSet::Y2025, RuleSet::Classic] {
        for size in [None, Some(4), Some(6), Some(5)] {
            match jokerball::Position::from_position_string(rules, text, size) {
                Ok(pos) => {
                    assert_eq!(pos.to_position_string(), text, "Jokerball round trip");
                    let game = jokerball::Game::from_start(pos, None);
                    check_game(&game);
                }
                Err(e) => assert_eq!(e.code(), ErrorCode::ParseError),
            }
        }
    }
    match zola::Position::from_position_string(text) {
        Ok(pos) => {
            assert_eq!(pos.to_position_string(), text, "Zola round trip");
            for pie in [false, true] {
                match zola_from_position(text, pie) {
                    Ok(game) => {
                        assert_eq!(game.start(), &pos);
                        assert!(!game.can_swap(), "swap from a position string");
                        check_game(&game);
                    }
                    Err(e) => assert_eq!(e.code(), ErrorCode::ParseError),
                }
            }
        }
        Err(e) => {
            assert_eq!(e.code(), ErrorCode::ParseError);
            assert!(zola_from_position(text, false).is_err());
        }
    }
});
