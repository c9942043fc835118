//! Property tests (RULES 1.4-1.9) on positions reached by seeded random play, under both rule sets,
//! both sizes and various row counts.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use proptest::prelude::*;
use steere_games::jokerball::{Game, Phase, Position, RuleSet, Setup};
use steere_games::{DiceRng, Engine, Player, Seed};

fn setup_strategy() -> impl Strategy<Value = Setup> {
    (
        prop_oneof![Just(RuleSet::Classic), Just(RuleSet::Y2025)],
        prop_oneof![Just(4u8), Just(6u8)],
        1u8..=5,
        any::<bool>(),
    )
        .prop_map(|(rules, size, rows, blue)| Setup {
            rules,
            size: Some(size),
            rows: 1 + (rows - 1) % (size - 1),
            first: if blue { Player::Blue } else { Player::Red },
            ..Setup::default()
        })
}

/// Plays `actions` random actions (rolls and moves) from the setup; stops early at the end.
fn random_game(setup: &Setup, seed: u32, actions: usize) -> Game {
    let mut game = Game::new(&Setup {
        seed: Some(Seed::Number(seed)),
        ..setup.clone()
    })
    .expect("setup");
    let mut pick = DiceRng::from_seed(&Seed::Text(format!("pick-{seed}")));
    for _ in 0..actions {
        match game.phase() {
            Phase::Over => break,
            Phase::Roll => {
                game.roll().expect("roll");
            }
            _ => {
                let moves = game.legal_moves();
                let m = moves[pick.below(moves.len() as u32) as usize];
                game.play_move(m).expect("legal move plays");
            }
        }
    }
    game
}

fn state_json(game: &Game) -> String {
    serde_json::to_string(&game.to_state(true)).expect("json")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// RULES 1.5, 1.6: every legal move (by its notation) plays, is_legal agrees, and the phase advances.
    #[test]
    fn every_legal_move_plays(setup in setup_strategy(), seed in any::<u32>(), actions in 0usize..400) {
        let game = random_game(&setup, seed, actions);
        for text in game.legal_notations() {
            prop_assert!(game.is_legal(&text));
            let mut g = game.clone();
            let mv = g.play(&text).expect("legal move plays");
            prop_assert_eq!(g.notation(mv), text);
            prop_assert!(g != game);
        }
        let turns = game.legal_turns();
        let mut sorted = turns.clone();
        sorted.sort();
        sorted.dedup();
        prop_assert_eq!(&turns, &sorted);
        prop_assert_eq!(turns.is_empty(), !matches!(game.phase(), Phase::Man | Phase::Ball));
    }

    /// API.md order of checks: a random move string that is not legal is refused and changes nothing.
    #[test]
    fn illegal_moves_change_nothing(
        setup in setup_strategy(),
        seed in any::<u32>(),
        actions in 0usize..300,
        text in "[a-l]{1}[0-9]{1,2}[-x>]([a-l][0-9]{1,2}|off)|[a-z0-9 >x-]{0,8}",
    ) {
        let game = random_game(&setup, seed, actions);
        let before = state_json(&game);
        let mut g = game.clone();
        let legal = game.legal_notations().contains(&text);
        prop_assert_eq!(g.is_legal(&text), legal);
        match g.play(&text) {
            Ok(_) => prop_assert!(legal),
            Err(_) => {
                prop_assert!(!legal);
                prop_assert_eq!(state_json(&g), before.clone());
                prop_assert_eq!(&g, &game);
            }
        }
        // Dice calls in the wrong phase change nothing either.
        let mut h = game.clone();
        if h.phase() != Phase::Roll {
            prop_assert!(h.roll().is_err());
            prop_assert!(h.set_dice(1, 1).is_err());
            prop_assert_eq!(state_json(&h), before);
        }
    }

    /// RULES 1.9 and API.md toJSON/fromJSON: position strings and JSON states round-trip.
    #[test]
    fn strings_and_states_round_trip(setup in setup_strategy(), seed in any::<u32>(), actions in 0usize..500) {
        let game = random_game(&setup, seed, actions);
        let text = game.position_string();
        if game.phase() != Phase::Over {
            let p = Position::from_position_string(setup.rules, &text, None).expect("reads back");
            prop_assert_eq!(p.to_position_string(), text.clone());
            prop_assert_eq!(&p, game.position());
        } else {
            prop_assert!(Position::from_position_string(setup.rules, &text, None).is_err());
        }
        let json = state_json(&game);
        let back = Game::from_state(&serde_json::from_str(&json).expect("parse")).expect("restore");
        prop_assert_eq!(&back, &game);
        prop_assert_eq!(state_json(&back), json);
        // Without the generator: the same game, and only set_dice goes on.
        let no_rng = Game::from_state(&game.to_state(false)).expect("restore");
        prop_assert_eq!(no_rng.position(), game.position());
        prop_assert_eq!(no_rng.history(), game.history());
        // Replaying the history from the setup reaches the same position.
        if !game.records().is_empty() && game.phase() == Phase::Roll {
            let seeded = Setup { seed: Some(Seed::Number(seed)), ..setup.clone() };
            let replayed = Game::replay(&game.history(), &seeded).expect("replay");
            prop_assert_eq!(replayed.position(), game.position());
            prop_assert_eq!(replayed.rng(), game.rng());
        }
    }

    /// API.md: a tampered state (another position, phase or winner) is refused with parse_error.
    #[test]
    fn impossible_states_are_refused(setup in setup_strategy(), seed in any::<u32>(), actions in 1usize..300) {
        let game = random_game(&setup, seed, actions);
        let mut st = game.to_state(true);
        st.phase = match st.phase { Phase::Roll => Phase::Man, _ => Phase::Roll };
        prop_assert!(Game::from_state(&st).is_err());
        let mut st = game.to_state(true);
        st.winner = Some(match st.winner { Some(p) => p.other(), None => Player::Red });
        prop_assert!(Game::from_state(&st).is_err());
        let mut st = game.to_state(true);
        st.history.push("1/1 - -".into());
        prop_assert!(Game::from_state(&st).is_err());
        let mut st = game.to_state(true);
        st.format = 2;
        prop_assert!(Game::from_state(&st).is_err());
    }

    /// RULES 1.7: random games always end with a winner (within a generous cap of turns).
    #[test]
    fn random_games_end(setup in setup_strategy(), seed in any::<u32>()) {
        let game = random_game(&setup, seed, 200_000);
        prop_assert_eq!(game.phase(), Phase::Over);
        prop_assert!(game.winner().is_some());
        prop_assert!(game.position().ball().is_none());
        let last = game.records().last().expect("a turn");
        prop_assert!(last.ball.is_some());
    }
}
