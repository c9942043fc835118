//! Properties of Zola games (RULES 2.2-2.3) over random play: legal moves play, illegal ones are refused
//! without any change, random games end with a winner, no position is stuck, and position strings and
//! JSON states round-trip.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use proptest::prelude::*;
use steere_games::zola::{Game, GameState, Move, MoveList, Phase, Position, Setup, Size};
use steere_games::{Coded, Engine, ErrorCode, Player};

mod support;
use support::Xorshift;

/// Far above any game seen: every step moves a checker strictly outward and every capture removes one.
const CAP: usize = 20_000;

fn setup_strategy() -> impl Strategy<Value = Setup> {
    (
        prop_oneof![Just(6u8), Just(8u8), Just(10u8)],
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(size, pie, blue)| Setup {
            size: Some(size),
            pie,
            first: if blue { Player::Blue } else { Player::Red },
            ..Setup::default()
        })
}

/// Plays a random game; `pick` chooses among the legal moves; `check` runs before every move.
fn play_random(setup: &Setup, seed: u64, mut check: impl FnMut(&Game)) -> Game {
    let mut g = Game::new(setup).unwrap();
    let mut s = Xorshift::new(seed);
    // Moves in generation order (board moves, then `swap`), which the seeded picks index.
    let mut moves = MoveList::new();
    for _ in 0..CAP {
        check(&g);
        if g.phase() == Phase::Over {
            break;
        }
        g.legal_moves_into(&mut moves);
        assert!(!moves.is_empty(), "stuck in {}", g.position_string());
        let mv = moves[s.below(moves.len())];
        g.play_move(mv).unwrap();
    }
    g
}

fn json(g: &Game) -> String {
    serde_json::to_string(&g.to_state(false)).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// RULES 2.2-2.3: random games end with a winner within the cap; at no point is the side to move
    /// without a legal move (passes are automatic), and no pass is followed by another pass.
    #[test]
    fn random_games_end_with_a_winner(setup in setup_strategy(), seed in any::<u64>()) {
        let g = play_random(&setup, seed, |g| {
            if g.phase() == Phase::Move {
                assert!(!g.legal_moves().is_empty());
                let mut other = *g.position();
                other.set_turn(other.turn().other());
                let movegen_has = |p: &Position| p.has_move();
                assert!(movegen_has(g.position()) || movegen_has(&other), "neither side can move");
                assert!(movegen_has(g.position()), "the side to move should have passed");
            }
            assert!(!g.records().windows(2).any(|w| w == [Move::Pass, Move::Pass]));
        });
        prop_assert_eq!(g.phase(), Phase::Over);
        let w = g.winner().unwrap();
        prop_assert_eq!(g.position().count(w.other()), 0);
        prop_assert!(g.position().count(w) > 0);
        prop_assert_eq!(g.turn(), w);
    }

    /// RULES 2.2: every legal move plays and `is_legal` agrees; every other well-formed move is refused
    /// as illegal and leaves the game (its JSON state) exactly as it was.
    #[test]
    fn legal_moves_play_illegal_refused(setup in setup_strategy(), seed in any::<u64>(), plies in 0usize..60, probes in proptest::collection::vec((any::<u8>(), any::<u8>(), any::<bool>()), 40)) {
        let mut k = 0;
        let mut g = Game::new(&setup).unwrap();
        let mut s = Xorshift::new(seed);
        let mut moves = MoveList::new();
        while k < plies && g.phase() == Phase::Move {
            g.legal_moves_into(&mut moves);
            g.play_move(moves[s.below(moves.len())]).unwrap();
            k += 1;
        }
        let legal = g.legal_notations();
        for m in &legal {
            prop_assert!(g.is_legal(m));
            let mut h = g.clone();
            let played = h.play(m).unwrap();
            prop_assert_eq!(&g.notation(played), m);
            prop_assert!(h.records().len() > g.records().len());
        }
        let before = json(&g);
        let size = g.size();
        let squares = size.cells() as u8;
        for (a, b, cap) in probes {
            let from = steere_games::zola::Square(a % squares);
            let to = steere_games::zola::Square(b % squares);
            let mv = if cap { Move::Capture { from, to } } else { Move::Step { from, to } };
            let text = g.notation(mv);
            if legal.contains(&text) {
                continue;
            }
            prop_assert!(!g.is_legal(&text));
            let e = g.play(&text).unwrap_err();
            let want = if g.phase() == Phase::Over { ErrorCode::GameOver } else { ErrorCode::IllegalMove };
            prop_assert_eq!(e.code(), want);
            prop_assert_eq!(json(&g), before.clone());
        }
        for text in ["swap", "-"] {
            if !legal.iter().any(|m| m == text) {
                prop_assert!(g.play(text).is_err());
                prop_assert_eq!(json(&g), before.clone());
            }
        }
    }

    /// RULES 2.3: position strings of reached positions print back identically; JSON states round-trip
    /// through text and restore the same game, which goes on identically.
    #[test]
    fn strings_and_states_round_trip(setup in setup_strategy(), seed in any::<u64>()) {
        let g = play_random(&setup, seed, |g| {
            let text = g.position_string();
            if g.phase() == Phase::Move {
                let p = Position::from_position_string(&text).unwrap();
                assert_eq!(p, *g.position());
                assert_eq!(p.to_string(), text);
            }
            if g.records().len() % 7 == 0 {
                let st: GameState = serde_json::from_str(&json(g)).unwrap();
                let back = Game::from_state(&st).unwrap();
                assert_eq!(back, *g);
                assert_eq!(back.legal_notations(), g.legal_notations());
                // Replay from the setup reproduces it too.
                if g.from_setup() {
                    let r = Game::replay(&g.history(), &setup).unwrap();
                    assert_eq!(r, *g);
                }
            }
        });
        let st: GameState = serde_json::from_str(&json(&g)).unwrap();
        prop_assert_eq!(Game::from_state(&st).unwrap(), g);
    }

    /// JSON states that disagree with their own history are refused with `parse_error`.
    #[test]
    fn tampered_states_refused(setup in setup_strategy(), seed in any::<u64>(), field in 0usize..8) {
        let g = play_random(&setup, seed, |_| {});
        let mut st = g.to_state(false);
        match field {
            0 => st.turn = st.turn.other(),
            1 => st.swapped = !st.swapped,
            2 => st.winner = None,
            3 => st.phase = Phase::Move,
            4 => { st.history.pop(); }
            5 => st.position = Position::start(&Setup { size: Some(st.size), ..Setup::default() }).unwrap().to_string(),
            6 => st.size = if st.size == 6 { 8 } else { 6 },
            _ => st.format = 2,
        }
        let e = Game::from_state(&st).unwrap_err();
        prop_assert_eq!(e.code(), ErrorCode::ParseError);
    }
}

#[test]
fn rules_2_3_state_from_position_with_initial_pass_round_trips() {
    let g = Game::new(&Setup {
        position: Some("6/6/2r3/6/6/b5 b".into()),
        pie: true,
        ..Setup::default()
    })
    .unwrap();
    let st = g.to_state(false);
    assert_eq!(st.start.as_deref(), Some("6/6/2r3/6/6/b5 b"));
    assert_eq!(st.first, Player::Blue);
    assert_eq!(st.history, ["-"]);
    assert_eq!(Game::from_state(&st).unwrap(), g);
    let mut bad = st.clone();
    bad.first = Player::Red;
    assert!(Game::from_state(&bad).is_err());
    let mut bad = st;
    bad.start = None;
    assert!(Game::from_state(&bad).is_err());
}

#[test]
#[ignore = "throughput measurement; run with --ignored --nocapture"]
fn throughput_random_games() {
    for size in [6u8, 8, 10] {
        let start = std::time::Instant::now();
        let mut s = Xorshift::new(0x9e37_79b9_7f4a_7c15);
        let (mut games, mut plies) = (0u64, 0u64);
        while start.elapsed().as_millis() < 1000 {
            let mut g = Game::new(&Setup {
                size: Some(size),
                ..Setup::default()
            })
            .unwrap();
            let mut moves = steere_games::zola::MoveList::new();
            while g.phase() == Phase::Move {
                g.legal_moves_into(&mut moves);
                g.apply_unchecked(moves[s.below(moves.len())]);
                plies += 1;
            }
            games += 1;
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{size}x{size}: {:.0} games/s, {:.1} plies/game",
            games as f64 / secs,
            plies as f64 / games as f64
        );
    }
}

#[test]
#[ignore = "throughput measurement; run with --ignored --nocapture"]
fn throughput_movegen_perft() {
    use steere_games::zola::MoveList;
    fn perft(p: &Position, depth: u32) -> u64 {
        let mut list = MoveList::new();
        p.moves(&mut list);
        if depth == 1 {
            return list.len() as u64;
        }
        list.iter()
            .map(|&m| {
                let mut q = *p;
                q.apply(m);
                perft(&q, depth - 1)
            })
            .sum()
    }
    let p = Position::start(&Setup::default()).unwrap();
    let t = std::time::Instant::now();
    let n = perft(&p, 5);
    let secs = t.elapsed().as_secs_f64();
    println!(
        "perft 5 (no passes) = {n}: {:.1} M leaves/s",
        n as f64 / secs / 1e6
    );
}

#[test]
#[ignore = "throughput measurement; run with --ignored --nocapture"]
fn throughput_position_playouts() {
    use steere_games::zola::MoveList;
    let mut list = MoveList::new();
    for size in Size::ALL {
        let start = std::time::Instant::now();
        let mut s = Xorshift::new(0x9e37_79b9_7f4a_7c15);
        let mut games = 0u64;
        while start.elapsed().as_millis() < 1000 {
            let mut p = Position::start(&Setup {
                size: Some(size.n()),
                ..Setup::default()
            })
            .unwrap();
            loop {
                list.clear();
                p.moves(&mut list);
                if list.is_empty() {
                    p.apply(Move::Pass);
                    continue;
                }
                let mover = p.turn();
                p.apply(list[s.below(list.len())]);
                if p.count(mover.other()) == 0 {
                    break;
                }
            }
            games += 1;
        }
        println!(
            "{size:?}: {:.0} playouts/s (Position + movegen)",
            games as f64 / start.elapsed().as_secs_f64()
        );
    }
}
