//! Scenario tests for RULES.md section 1 (Jokerball), under both rule sets and both board sizes.
//! Each test names the subsection it checks; positions are written as position strings.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use steere_games::jokerball::{Game, MoveList, Phase, Position, RuleSet, Setup};
use steere_games::{Coded, Engine, Player, Seed};

const BOTH: [RuleSet; 2] = [RuleSet::Classic, RuleSet::Y2025];

fn pos(rules: RuleSet, s: &str) -> Position {
    let p = Position::from_position_string(rules, s, None).unwrap_or_else(|e| panic!("{s}: {e}"));
    assert_eq!(
        p.to_position_string(),
        s,
        "position strings print back identically"
    );
    p
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn names(p: &Position, list: &MoveList) -> Vec<String> {
    let mut v: Vec<String> = list
        .iter()
        .map(|&m| steere_games::jokerball::write_move(p.size(), m))
        .collect();
    v.sort();
    v
}

fn men(rules: RuleSet, s: &str, k: u8) -> Vec<String> {
    let p = pos(rules, s);
    let mut list = MoveList::new();
    p.man_moves(k, &mut list);
    names(&p, &list)
}

fn balls(rules: RuleSet, s: &str, face: u8) -> Vec<String> {
    let p = pos(rules, s);
    let mut list = MoveList::new();
    p.ball_moves(face, &mut list);
    names(&p, &list)
}

fn game(rules: RuleSet, s: &str) -> Game {
    let mut g = Game::new(&Setup {
        rules,
        position: Some(s.into()),
        ..Default::default()
    })
    .unwrap_or_else(|e| panic!("{s}: {e}"));
    g.set_rng(None);
    g
}

// ---------------------------------------------------------------- 1.1 Board

/// RULES 1.1: cell counts, walls on the sides, open top and bottom sides (both sizes).
#[test]
fn rules_1_1_board_edges() {
    for rules in BOTH {
        // Side 6: the ball at the top-right corner k11 going E hits a wall, NE leaves through Blue's goal.
        let s = "5o/7/8/9/10/11/10/9/8/7/r5 r";
        assert!(balls(rules, s, 5).is_empty(), "E from a corner is a wall");
        assert_eq!(balls(rules, s, 4), sorted(&["k11>off"]));
        // Side 4: the ball on the left corner d1 going W is a wall; NW is a wall too (not a top row).
        let s4 = "4/5/6/o6/6/5/r3 r";
        assert!(balls(rules, s4, 2).is_empty());
        assert!(balls(rules, s4, 3).is_empty());
        assert!(
            balls(rules, s4, 1).is_empty(),
            "SW from the left corner is a wall"
        );
        assert_eq!(
            balls(rules, s4, 6),
            sorted(&["d1>c1", "d1>b1"]),
            "SE stops before the red man on a1"
        );
    }
    for (size, cells) in [(4u8, 37usize), (6, 91)] {
        let g = steere_games::jokerball::Size::new(size)
            .expect("size")
            .geometry();
        assert_eq!(usize::from(g.len), cells);
    }
}

// ---------------------------------------------------------------- 1.2 Cell names

/// RULES 1.2: row letters from the bottom, numbers `q + n`, centre f6 / d4, named moves.
#[test]
fn rules_1_2_cell_names() {
    let g6 = steere_games::jokerball::Size::Six.geometry();
    let g4 = steere_games::jokerball::Size::Four.geometry();
    assert_eq!(g6.name(g6.centre), "f6");
    assert_eq!(g4.name(g4.centre), "d4");
    assert_eq!(g6.name(0), "k6");
    assert_eq!(g6.name(90), "a6");
    assert_eq!(g4.name(0), "g4");
    assert_eq!(g4.name(36), "a4");
    assert_eq!(g6.cell("k12"), None);
    assert_eq!(g4.cell("e1"), None);
    assert!(g4.cell("e2").is_some());
}

// ---------------------------------------------------------------- 1.3 Setup

/// RULES 1.3: starting rows, men counts, ball in the centre, who moves first; invalid options refused.
#[test]
fn rules_1_3_setup() {
    for rules in BOTH {
        let s6 = Setup {
            rules,
            ..Setup::default()
        };
        let p = Position::start(&s6).expect("start");
        assert_eq!(
            p.to_position_string(),
            "bbbbbb/bbbbbbb/8/9/10/5o5/10/9/8/rrrrrrr/rrrrrr r"
        );
        assert_eq!((p.men(Player::Red), p.men(Player::Blue)), (13, 13));
        let s4 = Setup {
            rules,
            size: Some(4),
            ..Setup::default()
        };
        let p4 = Position::start(&s4).expect("start");
        assert_eq!(p4.to_position_string(), "bbbb/bbbbb/6/3o3/6/rrrrr/rrrr r");
        assert_eq!((p4.men(Player::Red), p4.men(Player::Blue)), (9, 9));
        let blue = Setup {
            rules,
            size: Some(4),
            rows: 1,
            first: Player::Blue,
            ..Setup::default()
        };
        assert_eq!(
            Position::start(&blue).expect("start").to_position_string(),
            "bbbb/5/6/3o3/6/5/rrrr b"
        );
        let five = Setup {
            rules,
            rows: 5,
            ..Setup::default()
        };
        assert_eq!(
            Position::start(&five).expect("start").men(Player::Red),
            6 + 7 + 8 + 9 + 10
        );
        for bad in [
            Setup {
                rules,
                rows: 0,
                ..Setup::default()
            },
            Setup {
                rules,
                rows: 6,
                ..Setup::default()
            },
            Setup {
                rules,
                size: Some(4),
                rows: 4,
                ..Setup::default()
            },
            Setup {
                rules,
                size: Some(5),
                ..Setup::default()
            },
        ] {
            let e = Position::start(&bad).expect_err("invalid setup");
            assert_eq!(e.code().as_str(), "invalid_option");
            assert!(Game::new(&bad).is_err());
        }
    }
}

// ---------------------------------------------------------------- 1.4 Dice and turn

/// RULES 1.4: dice ranges per size, the phases of a turn, and the order of the checks.
#[test]
fn rules_1_4_dice_and_phases() {
    for rules in BOTH {
        for size in [4u8, 6] {
            let mut g = Game::new(&Setup {
                rules,
                size: Some(size),
                seed: Some(Seed::Number(9)),
                ..Setup::default()
            })
            .expect("game");
            for (d, r) in [(0, 1), (size + 1, 1), (1, 0), (1, 7)] {
                assert_eq!(
                    g.set_dice(d, r).expect_err("range").code().as_str(),
                    "invalid_option"
                );
            }
            assert_eq!(g.phase(), Phase::Roll);
            assert_eq!(
                g.play("b1-c1").expect_err("roll first").code().as_str(),
                "wrong_phase"
            );
            g.set_dice(size, 6).expect("dice");
            assert_eq!(g.phase(), Phase::Man);
            assert_eq!(g.dice().map(|d| (d.distance, d.direction)), Some((size, 6)));
            assert_eq!(
                g.roll().expect_err("already").code().as_str(),
                "wrong_phase"
            );
            assert_eq!(
                g.set_dice(1, 1).expect_err("already").code().as_str(),
                "wrong_phase"
            );
            let ball = if size == 6 { "f6>e6" } else { "d4>c4" };
            assert_eq!(
                g.play(ball).expect_err("man first").code().as_str(),
                "wrong_phase"
            );
            // A well-formed man move of the wrong player is illegal.
            let blue = if size == 6 { "j5-i5" } else { "f3-e3" };
            assert_eq!(
                g.play(blue).expect_err("illegal").code().as_str(),
                "illegal_move"
            );
            assert_eq!(
                g.play("zz9-zz10").expect_err("parse").code().as_str(),
                "parse_error"
            );
            let m = g.legal_notations()[0].clone();
            g.play(&m).expect("man move");
            assert_eq!(g.phase(), Phase::Ball);
            assert_eq!(
                g.play(&m).expect_err("ball phase").code().as_str(),
                "wrong_phase"
            );
            let b = g.legal_notations()[0].clone();
            g.play(&b).expect("ball move");
            assert_eq!(g.phase(), Phase::Roll);
            assert_eq!(g.turn(), Player::Blue);
            assert_eq!(g.history(), vec![format!("{size}/6 {m} {b}")]);
            let d = g.roll().expect("roll");
            assert!((1..=size).contains(&d.distance) && (1..=6).contains(&d.direction));
        }
    }
}

/// RULES 1.4: a phase without a legal move is skipped at once and recorded `-` (man phase, ball phase,
/// both); a side with no men left still takes turns (1.7).
#[test]
fn rules_1_4_skipped_phases() {
    for rules in BOTH {
        // Both phases skipped: Red has no man, the ball on f1 cannot go W.
        let mut g = game(rules, "b5/7/8/9/10/o10/10/9/8/7/6 r");
        g.set_dice(3, 2).expect("dice");
        assert_eq!(g.history(), vec!["3/2 - -"]);
        assert_eq!((g.phase(), g.turn()), (Phase::Roll, Player::Blue));
        // Only the man phase skipped: the phase is ball right after the dice.
        let mut g = game(rules, "b5/7/8/9/10/o10/10/9/8/7/6 r");
        g.set_dice(3, 5).expect("dice");
        assert_eq!(g.phase(), Phase::Ball);
        assert_eq!(g.turn_man_move(), Some(None));
        let turns = g.legal_turns();
        assert_eq!(turns.len(), 10);
        assert!(turns.contains(&"- f1>f11".to_string()));
        g.play("f1>f4").expect("ball");
        assert_eq!(g.history(), vec!["3/5 - f1>f4"]);
        // The side without men takes its turn again after Blue's.
        g.set_dice(1, 1).expect("blue dice");
        while g.phase() != Phase::Roll {
            let m = g.legal_notations()[0].clone();
            g.play(&m).expect("blue");
        }
        assert_eq!(g.turn(), Player::Red);
        assert_eq!(g.position().men(Player::Red), 0);
        // Only the ball phase skipped.
        let mut g = game(rules, "b5/7/8/9/10/o10/10/9/2r5/7/6 r");
        g.set_dice(1, 2).expect("dice");
        assert_eq!(g.legal_turns(), sorted(&["c3-d3 -", "c3-d4 -"]));
        g.play("c3-d3").expect("man");
        assert_eq!(g.history(), vec!["1/2 c3-d3 -"]);
        assert_eq!((g.phase(), g.turn()), (Phase::Roll, Player::Blue));
    }
    // Side 4: both phases skipped.
    for rules in BOTH {
        let mut g = game(rules, "b3/5/6/o6/6/5/4 r");
        g.set_dice(4, 2).expect("dice");
        assert_eq!(g.history(), vec!["4/2 - -"]);
    }
}

// ---------------------------------------------------------------- 1.5 Man moves

/// RULES 1.5: a forward move stops short at a wall (it made at least one step).
#[test]
fn rules_1_5_stop_at_wall() {
    for rules in BOTH {
        let s6 = "5b/7/8/9/10/11/r9/9/8/7/5o r";
        assert_eq!(men(rules, s6, 3), sorted(&["e1-f1", "e1-h4"]));
        assert_eq!(men(rules, s6, 6), sorted(&["e1-f1", "e1-k7"]));
        let s4 = "3b/5/6/7/r5/5/3o r";
        assert_eq!(men(rules, s4, 3), sorted(&["c1-d1", "c1-f4"]));
        assert_eq!(men(rules, s4, 4), sorted(&["c1-d1", "c1-g5"]));
        // A man next to a wall in its forward direction has no move that way.
        assert_eq!(
            men(rules, "6/7/8/9/10/r10/10/9/8/7/5o r", 2),
            sorted(&["f1-h3"])
        );
    }
}

/// RULES 1.5: a forward move stops short at the ball.
#[test]
fn rules_1_5_stop_at_ball() {
    for rules in BOTH {
        let s6 = "5b/7/8/9/10/5o5/10/5r3/8/7/6 r";
        assert_eq!(men(rules, s6, 3), sorted(&["d6-e6", "d6-g9"]));
        assert_eq!(men(rules, s6, 1), sorted(&["d6-e6", "d6-e7"]));
        let s4 = "3b/5/6/3o3/6/3r1/4 r";
        assert_eq!(men(rules, s4, 3), sorted(&["b4-c4", "b4-e7"]));
        // Directly in front of the ball: no move that way.
        assert_eq!(men(rules, "3b/5/6/3o3/3r2/5/4 r", 2), sorted(&["c4-e6"]));
    }
}

/// RULES 1.5, 1.8: a friendly man stops a forward move short under 2025, blocks the direction under
/// classic (where it may be captured instead).
#[test]
fn rules_1_5_friendly_man() {
    let s6 = "5b/7/8/9/10/5r5/10/5r3/8/7/o5 r";
    assert_eq!(
        men(RuleSet::Y2025, s6, 3),
        sorted(&["d6-e6", "d6-g9", "f6-i6", "f6-i9"])
    );
    assert_eq!(
        men(RuleSet::Classic, s6, 3),
        sorted(&["d6-g9", "d6xf6", "f6-i6", "f6-i9", "f6xd6"])
    );
    // Distance 1: the friend is not reached, both rule sets agree.
    for rules in BOTH {
        assert_eq!(
            men(rules, s6, 1),
            sorted(&["d6-e6", "d6-e7", "f6-g6", "f6-g7"])
        );
    }
    let s4 = "3b/5/6/3r3/6/3r1/o3 r";
    assert_eq!(
        men(RuleSet::Y2025, s4, 3),
        sorted(&["b4-c4", "b4-e7", "d4-g4", "d4xg7"])
    );
    assert_eq!(
        men(RuleSet::Classic, s4, 3),
        sorted(&["b4-e7", "b4xd4", "d4-g4", "d4xb4", "d4xg7"])
    );
    // Directly behind a friend (2025): no move that way.
    assert_eq!(
        men(RuleSet::Y2025, "3b/5/6/3r3/3r2/5/o3 r", 1),
        sorted(&["c4-d5", "d4-e4", "d4-e5"])
    );
}

/// RULES 1.5: no non-capturing move into an enemy man (any man under classic): the capture is the option.
#[test]
fn rules_1_5_enemy_in_path() {
    for rules in BOTH {
        let s6 = "6/7/8/9/10/5b5/10/5r3/8/7/o5 r";
        assert_eq!(men(rules, s6, 1), sorted(&["d6-e6", "d6-e7"]));
        assert_eq!(men(rules, s6, 2), sorted(&["d6-f8", "d6xf6"]));
        assert_eq!(men(rules, s6, 6), sorted(&["d6-i11", "d6xf6"]));
        let s4 = "4/5/6/3b3/6/3r1/o3 r";
        assert_eq!(men(rules, s4, 2), sorted(&["b4-d6", "b4xd4"]));
    }
}

/// RULES 1.5: a man leaves through the far goal before the full distance; one `-off` move per man even
/// when both forward sides are open; exactly `k` steps to the last row is not leaving.
#[test]
fn rules_1_5_leaving_far_goal() {
    let s6 = "6/r1r4/8/9/10/5o5/10/9/8/7/2b3 r";
    assert_eq!(men(RuleSet::Y2025, s6, 2), sorted(&["j5-off", "j7-off"]));
    assert_eq!(
        men(RuleSet::Classic, s6, 2),
        sorted(&["j5-off", "j5xj7", "j7-off", "j7xj5"])
    );
    for rules in BOTH {
        assert_eq!(men(rules, s6, 1), sorted(&["j5-k6", "j7-k7", "j7-k8"]));
        assert_eq!(
            men(rules, "6/r6/8/9/10/5o5/10/9/8/7/2b3 r", 6),
            sorted(&["j5-off"])
        );
    }
    let s4 = "4/rr3/6/3o3/6/5/1b2 r";
    assert_eq!(men(RuleSet::Y2025, s4, 2), sorted(&["f3-off", "f4-off"]));
    assert_eq!(
        men(RuleSet::Classic, s4, 2),
        sorted(&["f3-off", "f3xf4", "f4-off", "f4xf3"])
    );
    // Blue leaves through Red's goal (the bottom side).
    let b6 = "2r3/7/8/9/10/5o5/10/9/8/b1b4/6 b";
    assert_eq!(men(RuleSet::Y2025, b6, 2), sorted(&["b1-off", "b3-off"]));
    assert_eq!(
        men(RuleSet::Classic, b6, 2),
        sorted(&["b1-off", "b1xb3", "b3-off", "b3xb1"])
    );
    for rules in BOTH {
        assert_eq!(men(rules, b6, 1), sorted(&["b1-a1", "b3-a2", "b3-a3"]));
        // The man is out of the game for good.
        let mut g = game(rules, b6);
        g.set_dice(2, 2).expect("dice");
        g.play("b3-off").expect("off");
        assert_eq!(g.position().men(Player::Blue), 1);
    }
}

/// RULES 1.5: captures in all six directions, range = the distance die, through empty cells only.
#[test]
fn rules_1_5_capture_range_and_direction() {
    for rules in BOTH {
        let s6 = "6/7/8/3b1b3/10/3b1r1b3/10/3b1b3/8/7/5o r";
        assert_eq!(men(rules, s6, 1), sorted(&["f6-g6", "f6-g7"]));
        let all = sorted(&["f6xd4", "f6xd6", "f6xf4", "f6xf8", "f6xh6", "f6xh8"]);
        for k in 2..=6 {
            assert_eq!(men(rules, s6, k), all, "k={k}");
        }
        let s4 = "4/1b1b1/6/1b1r1b1/6/1b1b1/3o r";
        assert_eq!(men(rules, s4, 1), sorted(&["d4-e4", "d4-e5"]));
        let all4 = sorted(&["d4xb2", "d4xb4", "d4xd2", "d4xd6", "d4xf4", "d4xf6"]);
        assert_eq!(men(rules, s4, 2), all4);
        assert_eq!(men(rules, s4, 4), all4);
        // Blue captures the same way.
        let b4 = "4/1r1r1/6/1r1b1r1/6/1r1r1/3o b";
        assert_eq!(men(rules, b4, 1), sorted(&["d4-c3", "d4-c4"]));
        assert_eq!(men(rules, b4, 3), all4);
        // The ball ends the line without a capture.
        assert_eq!(
            men(rules, "4/5/6/1b1r1o1/6/5/4 r", 3),
            sorted(&["d4-g4", "d4-g7", "d4xd2"])
        );
    }
}

/// RULES 1.5, 1.8: classic captures one's own man; 2025 does not.
#[test]
fn rules_1_5_capture_own_man_classic() {
    let s6 = "6/7/8/3b1b3/10/3b1r1b3/10/3b1r3/8/7/5o r";
    let classic = men(RuleSet::Classic, s6, 2);
    let y2025 = men(RuleSet::Y2025, s6, 2);
    assert!(classic.contains(&"f6xd6".to_string()) && classic.contains(&"d6xf6".to_string()));
    assert!(!y2025.contains(&"f6xd6".to_string()) && !y2025.contains(&"d6xf6".to_string()));
    assert!(y2025.contains(&"d6-e6".to_string()) && !classic.contains(&"d6-e6".to_string()));
    let mut g = game(RuleSet::Classic, s6);
    g.set_dice(2, 1).expect("dice");
    g.play("f6xd6").expect("own capture");
    assert_eq!(g.position().men(Player::Red), 1);
}

// ---------------------------------------------------------------- 1.6 Ball moves

/// RULES 1.6: every direction-die face for both players, on both sizes, with `off` where the line is
/// open; men stop the ball.
#[test]
fn rules_1_6_ball_directions() {
    let red6: [&[&str]; 6] = [
        &["f6>e5", "f6>d4", "f6>c3", "f6>b2", "f6>a1", "f6>off"],
        &["f6>f5", "f6>f4", "f6>f3", "f6>f2", "f6>f1"],
        &["f6>g6", "f6>h6", "f6>i6", "f6>j6", "f6>k6", "f6>off"],
        &["f6>g7", "f6>h8", "f6>i9", "f6>j10", "f6>k11", "f6>off"],
        &["f6>f7", "f6>f8", "f6>f9", "f6>f10", "f6>f11"],
        &["f6>e6", "f6>d6", "f6>c6", "f6>b6", "f6>a6", "f6>off"],
    ];
    let red4: [&[&str]; 6] = [
        &["d4>c3", "d4>b2", "d4>a1", "d4>off"],
        &["d4>d3", "d4>d2", "d4>d1"],
        &["d4>e4", "d4>f4", "d4>g4", "d4>off"],
        &["d4>e5", "d4>f6", "d4>g7", "d4>off"],
        &["d4>d5", "d4>d6", "d4>d7"],
        &["d4>c4", "d4>b4", "d4>a4", "d4>off"],
    ];
    // Blue's face f is Red's face for the opposite direction: 1<->4, 2<->5, 3<->6.
    let blue_face = |f: usize| [4, 5, 6, 1, 2, 3][f - 1];
    for rules in BOTH {
        for face in 1..=6usize {
            let f = face as u8;
            assert_eq!(
                balls(rules, "6/7/8/9/10/5o5/10/9/8/7/6 r", f),
                sorted(red6[face - 1])
            );
            assert_eq!(balls(rules, "4/5/6/3o3/6/5/4 r", f), sorted(red4[face - 1]));
            let bf = blue_face(face);
            assert_eq!(
                balls(rules, "6/7/8/9/10/5o5/10/9/8/7/6 b", f),
                sorted(red6[bf - 1])
            );
            assert_eq!(balls(rules, "4/5/6/3o3/6/5/4 b", f), sorted(red4[bf - 1]));
        }
        // Men of both colours stop the ball.
        let s = "6/7/8/3b5/10/5o5/10/3r5/8/7/6 r";
        assert_eq!(balls(rules, s, 3), sorted(&["f6>g6"]));
        assert_eq!(balls(rules, s, 1), sorted(&["f6>e5"]));
        assert!(balls(rules, "6/7/8/9/10/4ro5/10/9/8/7/6 r", 2).is_empty());
    }
}

// ---------------------------------------------------------------- 1.7 End of game

/// RULES 1.7: the ball through Blue's goal wins for Red, through Red's goal for Blue, whoever moves it;
/// an own goal is legal and forced when it is the only ball move.
#[test]
fn rules_1_7_goals() {
    for rules in BOTH {
        // Red moves the ball out through the top: Red wins.
        let mut g = game(rules, "6/7/8/9/10/5o5/10/9/8/7/r5 r");
        g.set_dice(1, 3).expect("dice");
        g.play("a1-b1").expect("man");
        g.play("f6>off").expect("ball");
        assert_eq!(
            (g.winner(), g.phase(), g.turn()),
            (Some(Player::Red), Phase::Over, Player::Red)
        );
        assert_eq!(g.history(), vec!["1/3 a1-b1 f6>off"]);
        assert!(!g.position_string().contains('o'));
        assert_eq!(g.dice(), None);
        assert!(g.legal_moves().is_empty() && g.legal_turns().is_empty());
        assert_eq!(g.roll().expect_err("over").code().as_str(), "game_over");
        assert_eq!(
            g.set_dice(1, 1).expect_err("over").code().as_str(),
            "game_over"
        );
        assert_eq!(
            g.play("a1-b1").expect_err("over").code().as_str(),
            "game_over"
        );
        assert_eq!(
            g.play("zz").expect_err("parse first").code().as_str(),
            "parse_error"
        );
        // Blue moves it out through Blue's own goal (Blue's face 6 is NW): Red wins.
        let mut g = game(rules, "6/7/8/9/10/5o5/10/9/8/7/6 b");
        g.set_dice(1, 6).expect("dice");
        assert_eq!(g.phase(), Phase::Ball);
        g.play("f6>off").expect("own goal");
        assert_eq!((g.winner(), g.turn()), (Some(Player::Red), Player::Blue));
        // Blue moves it out through Red's goal: Blue wins.
        let mut g = game(rules, "b5/7/8/9/10/11/10/9/8/1o5/5r b");
        g.set_dice(1, 3).expect("dice");
        assert_eq!(
            g.legal_turns(),
            sorted(&["k6-j5 b2>a2", "k6-j5 b2>off", "k6-j6 b2>a2", "k6-j6 b2>off"])
        );
        g.play("k6-j6").expect("man");
        g.play("b2>off").expect("goal");
        assert_eq!(g.winner(), Some(Player::Blue));
        // Forced own goal: Red's only ball move is off through Red's goal.
        for s in ["b5/7/8/9/10/11/10/9/8/1r5/o5 r", "b3/5/6/7/6/1r3/o3 r"] {
            let mut g = game(rules, s);
            g.set_dice(1, 1).expect("dice");
            g.play("b2-c2").expect("man");
            assert_eq!(g.legal_notations(), vec!["a1>off"]);
            g.play("a1>off").expect("forced");
            assert_eq!(
                (g.winner(), g.turn(), g.phase()),
                (Some(Player::Blue), Player::Red, Phase::Over)
            );
        }
    }
}

// ---------------------------------------------------------------- 1.8 Rule sets

/// RULES 1.8: both rule sets accept both sizes and every row count; the default is 2025, side 6, 2 rows.
#[test]
fn rules_1_8_rule_sets() {
    assert_eq!(
        Setup::default(),
        Setup {
            rules: RuleSet::Y2025,
            size: None,
            rows: 2,
            first: Player::Red,
            position: None,
            seed: None,
        }
    );
    // `size: None` is side 6.
    assert_eq!(Setup::default().board_size(), 6);
    assert_eq!(RuleSet::from_name("classic"), Some(RuleSet::Classic));
    assert_eq!(RuleSet::from_name("2025"), Some(RuleSet::Y2025));
    assert_eq!(RuleSet::from_name("Classic"), None);
    for rules in BOTH {
        for size in [4u8, 6] {
            for rows in 1..size {
                let g = Game::new(&Setup {
                    rules,
                    size: Some(size),
                    rows,
                    first: Player::Blue,
                    ..Setup::default()
                })
                .expect("ok");
                assert_eq!(g.turn(), Player::Blue);
                assert_eq!(g.rules(), rules);
            }
        }
    }
}

// ---------------------------------------------------------------- 1.9 Notation

/// RULES 1.9: move notation, turn records, and parse errors that name what is wrong.
#[test]
fn rules_1_9_move_notation_and_errors() {
    for rules in BOTH {
        let mut g = Game::new(&Setup {
            rules,
            size: Some(4),
            ..Setup::default()
        })
        .expect("game");
        g.set_dice(2, 3).expect("dice");
        for bad in [
            "", "zz9-zz10", "b1", "b1-", "B1-c1", "b1--c1", "b1-c1 ", " b1-c1", "b01-c1", "b1xoff",
            "b1-b1",
        ] {
            let e = g.play(bad).expect_err(bad);
            assert_eq!(e.code().as_str(), "parse_error", "{bad}");
            assert!(!g.is_legal(bad));
        }
        // A cell that does not exist on this board (e1 and a5 exist only on side 6).
        let e = g.play("a5-b5").expect_err("no such cell");
        assert_eq!(e.code().as_str(), "parse_error");
        assert!(e.to_string().contains("'a5'"), "{e}");
        let long = "a".repeat(5000);
        assert_eq!(
            g.play(&long).expect_err("long").code().as_str(),
            "parse_error"
        );
        assert!(g.is_legal("b1-d1"));
        assert_eq!(g.phase(), Phase::Man, "failed plays change nothing");
    }
}

/// RULES 1.9: position strings: canonical form only, exactly one ball, size from the row count.
#[test]
fn rules_1_9_position_strings() {
    let start = "bbbbbb/bbbbbbb/8/9/10/5o5/10/9/8/rrrrrrr/rrrrrr r";
    for rules in BOTH {
        assert_eq!(pos(rules, start).side(), 6);
        assert_eq!(pos(rules, "bbbb/bbbbb/6/3o3/6/rrrrr/rrrr b").side(), 4);
        for (bad, needle) in [
            (
                "bbbbbb/bbbbbbb/8/9/10/5o5/10/9/8/rrrrrrr/rrrrrr R",
                "side to move",
            ),
            (
                "bbbbbb/bbbbbbb/8/9/10/5o5/10/9/8/rrrrrrr/rrrrrr r ",
                "side to move",
            ),
            (
                "bbbbbb/bbbbbbb/8/9/10/5o5/10/9/8/rrrrrrr/rrrrrr  r",
                "side to move",
            ),
            ("bbbbbb/bbbbbbb/8/9/10/5o5/10/9/8/rrrrrrr/rrrrrr", "space"),
            ("bbbbbb/bbbbbbb/8/9/10/05o5/10/9/8/rrrrrrr/rrrrrr r", "0"),
            ("bbbbbb/bbbbbbb/8/9/10/5o5/10/9/8/rrrrrrr r", "rows"),
            ("bbbbbb/bbbbbbb/8/9/10/5o6/10/9/8/rrrrrrr/rrrrrr r", "row 6"),
            ("bbbbbb/bbbbbbb/8/9/10/11/10/9/8/rrrrrrr/rrrrrr r", "ball"),
            ("bbbbbb/bbbbbbb/8/9/10/5o4o/10/9/8/rrrrrrr/rrrrrr r", "ball"),
            ("BBBBBB/bbbbbbb/8/9/10/5o5/10/9/8/rrrrrrr/rrrrrr r", "row 1"),
            ("bbbbbb/bbbbbbb/8/9/10/5x5/10/9/8/rrrrrrr/rrrrrr r", "'x'"),
            ("bbbb/bbbbb/6/3o3/6/rrrrr/rrr1 b", ""),
            ("bbbb/bbbbb/6/3o3/6/rrrrr/rrrrr b", "row 7"),
        ] {
            match Position::from_position_string(rules, bad, None) {
                Ok(_) if bad.ends_with("rrr1 b") => {} // a run at the end is canonical
                Ok(_) => panic!("{bad} accepted"),
                Err(e) => {
                    assert_eq!(e.code().as_str(), "parse_error");
                    assert!(e.message.contains(needle), "{bad}: {}", e.message);
                }
            }
        }
        // An explicit size different from the string's is an error.
        assert!(Position::from_position_string(rules, start, Some(4)).is_err());
        assert!(Position::from_position_string(rules, start, Some(6)).is_ok());
    }
}

/// RULES 1.4, 1.9: legal_turns lists each complete turn once and agrees with the turn counts.
#[test]
fn rules_1_9_legal_turns_agree_with_counts() {
    for rules in BOTH {
        for s in [
            "bbbbbb/bbbbbbb/8/9/10/5o5/10/9/8/rrrrrrr/rrrrrr r",
            "b1bb/3r1/2bb2/b1r4/1o3r/1rb2/rrrr r",
        ] {
            let p = pos(rules, s);
            for d in 1..=p.side() {
                for r in 1..=6 {
                    let mut g = game(rules, s);
                    g.set_dice(d, r).expect("dice");
                    let turns = g.legal_turns();
                    if g.phase() == Phase::Roll {
                        assert_eq!(p.count_turns(d, r), 1);
                    } else {
                        assert_eq!(turns.len(), p.count_turns(d, r), "{s} {d}/{r}");
                    }
                }
            }
        }
    }
}
