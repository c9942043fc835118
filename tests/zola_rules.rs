//! Zola scenarios (RULES 2.1-2.3), each naming its section. Positions are position strings.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use steere_games::zola::{Game, Move, MoveList, Phase, Position, Setup, Size};
use steere_games::{Coded, Engine, ErrorCode, Player};

fn game(pos: &str) -> Game {
    from_position(pos, None, false).unwrap()
}

/// A game from a position string (RULES 2.3), with an explicit size and the pie option.
fn from_position(pos: &str, size: Option<u8>, pie: bool) -> Result<Game, steere_games::SetupError> {
    Game::new(&Setup {
        position: Some(pos.into()),
        size,
        pie,
        ..Setup::default()
    })
}

/// The first legal move in generation order (board moves, then `swap`).
fn first_generated(g: &Game) -> Move {
    let mut list = MoveList::new();
    g.legal_moves_into(&mut list);
    list[0]
}

fn moves(g: &Game) -> Vec<String> {
    g.legal_notations()
}

fn code(g: &mut Game, mv: &str) -> ErrorCode {
    let before = g.clone();
    let e = g.play(mv).unwrap_err().code();
    assert_eq!(*g, before, "a refused {mv} changed the game");
    e
}

#[test]
fn rules_2_1_start_is_checkered_and_red_first() {
    let g = Game::new(&Setup::default()).unwrap();
    assert_eq!(
        g.position_string(),
        "brbrbr/rbrbrb/brbrbr/rbrbrb/brbrbr/rbrbrb r"
    );
    assert_eq!(g.turn(), Player::Red);
    assert_eq!(g.phase(), Phase::Move);
    let b = Game::new(&Setup {
        first: Player::Blue,
        ..Setup::default()
    })
    .unwrap();
    assert_eq!(
        b.position_string(),
        "brbrbr/rbrbrb/brbrbr/rbrbrb/brbrbr/rbrbrb b"
    );
    assert_eq!(b.turn(), Player::Blue);
    // a1 red on every size.
    for n in [6, 8, 10] {
        let g = Game::new(&Setup {
            size: Some(n),
            ..Setup::default()
        })
        .unwrap();
        assert_eq!(
            g.board().last().map(|&(s, p)| (s.name(g.size()), p)),
            Some((
                format!("{}1", (b'a' + n - 1) as char),
                if n % 2 == 0 {
                    Player::Blue
                } else {
                    Player::Red
                }
            ))
        );
        let a1 = g
            .board()
            .iter()
            .find(|(s, _)| s.name(g.size()) == "a1")
            .map(|&(_, p)| p);
        assert_eq!(a1, Some(Player::Red));
    }
}

#[test]
fn rules_2_1_sizes_other_than_6_8_10_are_invalid_options() {
    for n in [0, 4, 5, 7, 9, 11, 12, 255] {
        assert_eq!(
            Game::new(&Setup {
                size: Some(n),
                ..Setup::default()
            })
            .unwrap_err()
            .code(),
            ErrorCode::InvalidOption
        );
    }
    assert_eq!(
        from_position("r5/6/6/6/6/5b r", Some(7), false)
            .unwrap_err()
            .code(),
        ErrorCode::InvalidOption
    );
    assert_eq!(
        from_position("r5/6/6/6/6/5b r", Some(8), false)
            .unwrap_err()
            .code(),
        ErrorCode::ParseError
    );
    assert!(from_position("r5/6/6/6/6/5b r", Some(6), false).is_ok());
}

#[test]
fn rules_2_2_plain_move_strictly_farther_equal_distance_refused() {
    // Red c3 (D 2); d3, c4, d4 are also D 2; b2, b3, b4, c2, d2 are farther.
    let mut g = game("5b/6/6/2r3/6/6 r");
    assert_eq!(moves(&g), ["c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-d2"]);
    for equal in ["c3-d3", "c3-c4", "c3-d4"] {
        assert_eq!(code(&mut g, equal), ErrorCode::IllegalMove, "{equal}");
    }
    // Two steps is never a plain move.
    assert_eq!(code(&mut g, "c3-a1"), ErrorCode::IllegalMove);
    assert_eq!(
        g.play("c3-b2"),
        Ok(Move::Step {
            from: sq("c3"),
            to: sq("b2")
        })
    );
    assert_eq!(g.position_string(), "5b/6/6/6/1r4/6 b");
}

fn sq(name: &str) -> steere_games::zola::Square {
    steere_games::zola::Square::parse(Size::Six, name).unwrap()
}

#[test]
fn rules_2_2_plain_move_needs_an_empty_square() {
    // From b1 (D 34) the only farther neighbour is a1 (D 50).
    let g = game("5b/6/6/6/6/1r4 r");
    assert_eq!(moves(&g), ["b1-a1"]);
    // Occupied by a friend: no step, and no capture of a friend.
    let g = game("5b/6/6/6/6/rr4 r");
    assert!(!moves(&g).iter().any(|m| m.starts_with("b1")));
    // Occupied by an enemy: no step; capturing outward is refused too, so b1 has no move at all.
    let g = game("5b/6/6/6/6/br4 r");
    assert!(!moves(&g).iter().any(|m| m.starts_with("b1")));
}

#[test]
fn rules_2_2_capture_at_equal_distance_allowed() {
    let mut g = game("b5/6/3b2/2r3/6/6 r");
    assert!(moves(&g).contains(&"c3xd4".to_string()));
    g.play("c3xd4").unwrap();
    // Blue a6 then has no move at all (no red on its lines) and passes.
    assert_eq!(g.position_string(), "b5/6/3r2/6/6/6 r");
    assert_eq!(g.history(), ["c3xd4", "-"]);
    // a1 x f6 along the empty long diagonal: both D 50.
    let g = game("5b/6/6/6/6/r5 r");
    assert!(moves(&g).contains(&"a1xf6".to_string()));
}

#[test]
fn rules_2_2_capture_that_would_end_farther_refused() {
    // Red c3 (D 2) sees blue a1 (D 50) along c3-b2-a1: refused. Blue a1 may capture c3.
    let mut g = game("6/6/6/2r3/6/b5 r");
    assert!(!moves(&g).iter().any(|m| m.contains('x')));
    assert_eq!(code(&mut g, "c3xa1"), ErrorCode::IllegalMove);
    let b = game("6/6/6/2r3/6/b5 b");
    assert_eq!(moves(&b), ["a1xc3"]);
}

#[test]
fn rules_2_2_adjacent_captures_from_the_start() {
    let g = Game::new(&Setup::default()).unwrap();
    let m = moves(&g);
    assert_eq!(m.len(), 36);
    assert!(
        m.iter().all(|mv| mv.contains('x')),
        "the full board has only captures"
    );
    assert!(m.contains(&"a1xa2".to_string()) && m.contains(&"a1xb1".to_string()));
    // c3 (D 2) cannot capture its farther neighbours b3 or c2 (D 10), but may take d3 (D 2).
    assert!(!m.contains(&"c3xb3".to_string()) && !m.contains(&"c3xc2".to_string()));
    assert!(m.contains(&"c3xd3".to_string()));
}

#[test]
fn rules_2_2_friendly_checker_blocks_a_line() {
    // a1 would take f6 along the diagonal, but red c3 stands in the way; c3 may not take f6 (farther).
    let mut g = game("5b/6/6/2r3/6/r5 r");
    assert!(!moves(&g).iter().any(|m| m.contains('x')));
    assert_eq!(code(&mut g, "a1xf6"), ErrorCode::IllegalMove);
    // An enemy checker in between is the one captured, not the one behind.
    let mut g = game("5b/6/3b2/6/6/r5 r");
    assert!(moves(&g).contains(&"a1xd4".to_string()));
    assert_eq!(code(&mut g, "a1xf6"), ErrorCode::IllegalMove);
}

#[test]
fn rules_2_2_forced_pass_is_automatic_and_recorded() {
    // Blue a1 has no step (corner) and no red on its three lines: it passes at once.
    let mut g = game("6/6/2r3/6/6/b5 b");
    assert_eq!(g.records(), [Move::Pass]);
    assert_eq!(g.history(), ["-"]);
    assert_eq!(g.turn(), Player::Red);
    g.play("c4-b5").unwrap();
    assert_eq!(g.history(), ["-", "c4-b5", "-"]);
    assert_eq!(g.turn(), Player::Red);
    // Passing by hand is never legal.
    assert_eq!(code(&mut g, "-"), ErrorCode::IllegalMove);
    // A replay accepts the recorded passes.
    let again = from_position("6/6/2r3/6/6/b5 b", None, false)
        .unwrap()
        .replay_onto(&["-", "c4-b5", "-"])
        .unwrap();
    assert_eq!(again, g);
}

#[test]
fn rules_2_3_capturing_every_enemy_checker_wins() {
    let mut g = game("5b/6/6/6/6/r5 r");
    g.play("a1xf6").unwrap();
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(g.winner(), Some(Player::Red));
    assert_eq!(g.turn(), Player::Red);
    assert!(g.legal_moves().is_empty());
    assert!(!g.is_legal("f6-e5"));
    assert_eq!(code(&mut g, "f6-e5"), ErrorCode::GameOver);
    assert_eq!(
        code(&mut g, "zz9-zz10"),
        ErrorCode::ParseError,
        "parse errors come first"
    );
    assert_eq!(g.position_string(), "5r/6/6/6/6/6 r");
    assert!(
        Position::from_position_string(&g.position_string()).is_err(),
        "one colour only"
    );
}

#[test]
fn rules_2_2_pie_swap_offered_once_only_with_pie() {
    // The standard game with the pie rule, `first` to move.
    let pie = |first| {
        Game::new(&Setup {
            pie: true,
            first,
            ..Setup::default()
        })
        .unwrap()
    };
    let mut g = pie(Player::Red);
    assert!(!g.is_legal("swap"), "not before the first move");
    assert_eq!(code(&mut g, "swap"), ErrorCode::IllegalMove);
    g.play("a1xa2").unwrap();
    assert!(moves(&g).contains(&"swap".to_string()));
    assert_eq!(moves(&g).last().map(String::as_str), Some("swap"));
    let board = g.position_string();
    assert_eq!(g.play("swap"), Ok(Move::Swap));
    assert!(g.swapped());
    assert_eq!(g.turn(), Player::Blue, "the colour to move is unchanged");
    assert_eq!(g.position_string(), board, "the board is unchanged");
    assert_eq!(g.history(), ["a1xa2", "swap"]);
    assert!(!g.is_legal("swap"));
    let m = first_generated(&g);
    g.play_move(m).unwrap();
    assert!(!g.is_legal("swap"), "never later");

    // Declining: after a board move the swap is gone.
    let mut g = pie(Player::Red);
    g.play("a1xa2").unwrap();
    g.play("b1xa2").unwrap();
    assert!(!g.is_legal("swap"));

    // Without pie.
    let mut g = Game::new(&Setup::default()).unwrap();
    g.play("a1xa2").unwrap();
    assert!(!moves(&g).contains(&"swap".to_string()));
    assert_eq!(code(&mut g, "swap"), ErrorCode::IllegalMove);

    // Blue first: Red may swap.
    let mut g = pie(Player::Blue);
    let m = first_generated(&g);
    g.play_move(m).unwrap();
    assert_eq!(g.turn(), Player::Red);
    g.play("swap").unwrap();
    assert_eq!(g.turn(), Player::Red);

    // Never from a position string, even the start one.
    let mut g = from_position("brbrbr/rbrbrb/brbrbr/rbrbrb/brbrbr/rbrbrb r", None, true).unwrap();
    g.play("a1xa2").unwrap();
    assert!(!g.is_legal("swap"));
    assert_eq!(code(&mut g, "swap"), ErrorCode::IllegalMove);
}

#[test]
fn rules_2_3_notation_and_parse_errors() {
    let mut g = Game::new(&Setup::default()).unwrap();
    for bad in [
        "", "zz9-zz10", "c3", "c3-", "C3-D4", "c3–d4", "c3 d4", "g1-f1", "a7xa6", "a0-a1",
        "a01-a2", " a1xa2", "a1xa2 ", "SWAP",
    ] {
        assert_eq!(code(&mut g, bad), ErrorCode::ParseError, "{bad:?}");
        assert!(!g.is_legal(bad));
    }
    assert_eq!(code(&mut g, &"a".repeat(5000)), ErrorCode::ParseError);
    // Well formed but illegal: wrong separator, own checker, not a line.
    for illegal in ["a1-a2", "a1xa3", "a2xa3", "a1xc2", "a1xa1"] {
        assert_eq!(code(&mut g, illegal), ErrorCode::IllegalMove, "{illegal}");
    }
    // g1 exists on 8x8.
    let g8 = Game::new(&Setup {
        size: Some(8),
        ..Setup::default()
    })
    .unwrap();
    assert!(steere_games::zola::parse_move(g8.size(), "g1xh1").is_ok());
    let g10 = Game::new(&Setup {
        size: Some(10),
        ..Setup::default()
    })
    .unwrap();
    assert!(g10.is_legal("j10xj9"));
    assert!(g10.legal_notations().contains(&"b10xb9".to_string()));
}

#[test]
fn rules_2_3_position_strings_canonical() {
    for bad in [
        "rrrrrr/6/6/6/6/6 r", // one colour
        "r5/6/6/6/6/5b",      // no side
        "r5/6/6/6/6/5b r ",   // trailing
        "r23/6/6/6/6/5b r",   // adjacent numbers
        "r05/6/6/6/6/5b r",   // leading zero
        "R5/6/6/6/6/5b r",    // upper case
        "r5/6/6/6/6/5o r",    // no ball in Zola
        "r5/6/6/6/6/6/5b r",  // 7 ranks
        "r3/4/4/3b r",        // 4x4
        "r6/6/6/6/6/5b r",    // too long a rank
    ] {
        assert_eq!(
            from_position(bad, None, false).unwrap_err().code(),
            ErrorCode::ParseError,
            "{bad}"
        );
    }
    for good in [
        "r5/6/6/6/6/5b r",
        "r7/8/8/8/8/8/8/7b b",
        "r9/10/10/10/10/10/10/10/10/9b r",
    ] {
        assert_eq!(game(good).position_string(), good);
    }
}

#[test]
fn rules_2_2_move_counts_at_the_start() {
    for (n, count) in [(6u8, 36usize), (8, 64), (10, 100)] {
        for first in Player::ALL {
            let g = Game::new(&Setup {
                size: Some(n),
                first,
                pie: false,
                ..Setup::default()
            })
            .unwrap();
            assert_eq!(g.legal_moves().len(), count, "{n} {first}");
        }
    }
}

#[test]
fn rules_2_2_a_refused_swap_says_why_with_the_same_code() {
    let why = |pie: bool, played: &[&str]| {
        let mut g = Game::new(&Setup {
            pie,
            ..Setup::default()
        })
        .unwrap();
        for m in played {
            g.play(m).unwrap();
        }
        let e = g.play("swap").unwrap_err();
        assert_eq!(e.code(), ErrorCode::IllegalMove);
        e.to_string()
    };
    assert_eq!(
        why(false, &["a1xa2"]),
        "illegal move: swap (this game is played without the pie rule)"
    );
    assert!(why(true, &[]).contains("as the answer to the first move"));
    assert!(why(true, &["a1xa2", "swap"]).contains("made already"));
    let mut g = Game::new(&Setup {
        pie: true,
        ..Setup::default()
    })
    .unwrap();
    assert_eq!(
        g.play("a1-a2").unwrap_err().to_string(),
        "illegal move: a1-a2"
    );
}
