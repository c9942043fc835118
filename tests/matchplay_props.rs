//! Property tests of match play (RULES 3): random sequences of match actions keep every invariant,
//! refused actions change nothing, and every reachable state survives a JSON round trip (so the
//! restore's checks accept exactly what play can produce).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use proptest::prelude::*;
use steere_games::{max_cube, Coded, ErrorCode, GameEnd, MatchPhase, MatchState, Player};

#[derive(Debug, Clone)]
enum Action {
    /// The given player (taken as the player to move) doubles, at the start of the turn or not.
    Double(Player, bool),
    Take,
    Drop,
    Resign(Player),
    Win(Player, GameEnd),
    Next,
}

fn player() -> impl Strategy<Value = Player> {
    prop_oneof![Just(Player::Red), Just(Player::Blue)]
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        4 => (player(), prop::bool::weighted(0.85)).prop_map(|(p, s)| Action::Double(p, s)),
        3 => Just(Action::Take),
        1 => Just(Action::Drop),
        1 => player().prop_map(Action::Resign),
        3 => (player(), prop_oneof![Just(GameEnd::Goal), Just(GameEnd::CapturedAll), Just(GameEnd::Drop)])
            .prop_map(|(p, h)| Action::Win(p, h)),
        3 => Just(Action::Next),
    ]
}

/// Applies an action; returns the error code when refused.
fn apply(st: &mut MatchState, a: &Action) -> Option<ErrorCode> {
    match a {
        Action::Double(p, s) => st.double(*p, *s).err().map(|e| e.code()),
        Action::Take => st.take().err().map(|e| e.code()),
        Action::Drop => st.drop_double().err().map(|e| e.code()),
        Action::Resign(p) => st.resign(*p).err().map(|e| e.code()),
        Action::Win(p, h) => st.game_won(*p, *h).err().map(|e| e.code()),
        Action::Next => st.next_game().err().map(|e| e.code()),
    }
}

fn check_invariants(st: &MatchState, crawford_games: &mut Vec<u32>) {
    let len = st.length();
    // RULES 3.2-3.3: the cube is a power of two no higher than the dead-cube bound (<= 32 for length <= 21).
    let bound = max_cube(len);
    assert!(bound <= 32);
    if let Some(c) = st.cube() {
        assert!(
            c.value.is_power_of_two() && c.value <= bound,
            "cube {} in a {len}-point match",
            c.value
        );
        assert_eq!(c.owner.is_none(), c.value == 1, "owned exactly when turned");
        // A pending double is made by the owner or from the centre: never against the owner.
        if let (Some(p), Some(o)) = (st.pending_double(), c.owner) {
            assert_eq!(p, o, "the doubler of a pending double must own the cube");
        }
        // The doubler of a pending double was allowed to double: dead cube rule, no Crawford game.
        if let Some(p) = st.pending_double() {
            assert!(st.score().get(p) + c.value < len);
            assert!(!st.crawford());
        }
    } else {
        assert_eq!(st.pending_double(), None);
    }
    for r in st.results() {
        assert!(r.points == r.cube && r.cube.is_power_of_two() && r.cube <= bound);
    }
    // RULES 3.1: scores are the sum of the results; the match is over exactly when a score reaches length.
    for p in Player::ALL {
        let sum: u32 = st
            .results()
            .iter()
            .filter(|r| r.winner == p)
            .map(|r| r.points)
            .sum();
        assert_eq!(*st.score().get(p), sum);
    }
    let reached: Vec<Player> = Player::ALL
        .into_iter()
        .filter(|&p| *st.score().get(p) >= len)
        .collect();
    assert!(reached.len() <= 1);
    assert_eq!(st.winner(), reached.first().copied());
    assert_eq!(st.phase() == MatchPhase::MatchOver, !reached.is_empty());
    // Results: one per finished game.
    let finished = st.results().len() as u32;
    assert!(finished == st.game_number() || finished + 1 == st.game_number());
    // RULES 3.4: at most one Crawford game, never in a 1-point match, never both flags.
    assert!(!(st.crawford() && st.post_crawford()));
    if st.crawford() && !crawford_games.contains(&st.game_number()) {
        crawford_games.push(st.game_number());
    }
    assert!(
        crawford_games.len() <= 1,
        "Crawford games {crawford_games:?}"
    );
    if len == 1 {
        assert!(!st.crawford() && !st.post_crawford());
    }
    // RULES 3.6: starters alternate.
    assert_eq!(
        st.starter(),
        if st.game_number() % 2 == 1 {
            st.first()
        } else {
            st.first().other()
        }
    );
    // Every reachable state restores to itself.
    let text = serde_json::to_string(st).unwrap();
    let back: MatchState = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(&back, st);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn matchplay_random_actions_keep_the_invariants(
        length in 1u32..=21,
        cube in prop::bool::weighted(0.85),
        first in player(),
        actions in prop::collection::vec(action(), 0..200),
    ) {
        let mut st = MatchState::new(length, cube, first).unwrap();
        let mut crawford_games = Vec::new();
        check_invariants(&st, &mut crawford_games);
        for a in &actions {
            let before = st.clone();
            let can = match a {
                Action::Double(p, s) => Some(st.can_double(*p, *s)),
                _ => None,
            };
            match apply(&mut st, a) {
                Some(code) => {
                    prop_assert_eq!(&st, &before, "refused {:?} ({:?}) changed the state", a, code);
                    if let Some(c) = can {
                        prop_assert_eq!(c.map_err(|e| e.code()), Err(code));
                    }
                }
                None => {
                    if let Some(c) = can {
                        prop_assert!(c.is_ok());
                    }
                    prop_assert!(!(length == 1 && matches!(a, Action::Double(..))), "a 1-point match doubled");
                    if let Action::Next = a {
                        prop_assert_eq!(st.cube().map(|c| c.value), cube.then_some(1));
                    }
                }
            }
            check_invariants(&st, &mut crawford_games);
        }
    }
}
