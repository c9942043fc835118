//! What the engine tells a user interface (docs/api.md, "Views"): who acts, the board, a lone game's
//! result, the last move, the ball's line, the log with its movers and cube actions, the replay of a
//! game at a step, a record's kind, and the cells of a hint. Each test names the rules it follows;
//! positions are position strings.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use steere_games::jokerball::{self, ball_direction, RuleSet};
use steere_games::record::{lone_record, record_type, Recorded};
use steere_games::{
    view_of, zola, Awaits, Bot, Engine, GameEnd, GameKind, HexDirection, InMatch, Level, LineKind,
    Logged, Match, MatchSetup, Player, Seed, ToAct,
};
use Player::{Blue, Red};

fn acts(player: Player, awaits: Awaits) -> Option<ToAct> {
    Some(ToAct {
        player: Some(player),
        awaits,
    })
}

fn jokerball_at(position: &str) -> jokerball::Game {
    jokerball::Game::new(&jokerball::Setup {
        rules: RuleSet::Y2025,
        position: Some(position.into()),
        ..Default::default()
    })
    .unwrap_or_else(|e| panic!("{position}: {e}"))
}

fn seeded(seed: u32, size: Option<u8>) -> jokerball::Game {
    let seed = Some(Seed::Number(seed));
    jokerball::Game::new(&jokerball::Setup {
        seed,
        size,
        ..Default::default()
    })
    .unwrap()
}

fn new_match<G: InMatch>(length: u32, cube: bool, game: G::Setup) -> Match<G> {
    Match::new(&MatchSetup { length, cube, game }).unwrap()
}

fn zola_game(pie: bool) -> zola::Game {
    zola::Game::new(&zola::Setup {
        pie,
        ..Default::default()
    })
    .unwrap()
}

/// The cells a verbose move leaves and reaches, as the last move and the hint name them.
fn cells_of(info: &steere_games::MoveInfo) -> Vec<String> {
    [info.from.clone(), info.to.clone()]
        .into_iter()
        .flatten()
        .filter(|c| c != "off")
        .collect()
}

/// RULES 1.4: the turn's phases say who acts and what for, from the roll to the ball move; a
/// phase without a legal move is passed, and after the goal nobody acts.
#[test]
fn jokerball_who_acts_follows_the_turn_rules_1_4() {
    let mut g = seeded(1, None);
    let v = view_of(&g);
    assert_eq!(v.game, GameKind::Jokerball);
    assert_eq!(v.size, 6);
    assert_eq!(v.to_act, acts(Red, Awaits::Roll));
    assert!(v.at_turn_start);
    assert_eq!((v.last_move, v.ball, v.result), (None, None, None));
    assert!(v.log.is_empty());

    g.set_dice(2, 4).unwrap();
    let v = view_of(&g);
    assert_eq!(v.to_act, acts(Red, Awaits::Man));
    assert!(!v.at_turn_start, "a turn with its dice rolled has begun");
    let man = g.legal_moves()[0];
    let info = g.describe(man);
    g.play_move(man).unwrap();
    let v = view_of(&g);
    assert_eq!(v.to_act, acts(Red, Awaits::Ball));
    let last = v.last_move.unwrap();
    assert_eq!(
        (last.player, last.cells),
        (Red, cells_of(&info)),
        "the half-played turn's man move is the last move"
    );
    let ball = g.legal_moves()[0];
    let ball_info = g.describe(ball);
    g.play_move(ball).unwrap();
    let v = view_of(&g);
    assert_eq!(v.to_act, acts(Blue, Awaits::Roll));
    let mut both = cells_of(&info);
    both.extend(cells_of(&ball_info));
    assert_eq!(v.last_move.unwrap().cells, both);
    assert_eq!(v.log.len(), 1);
    assert_eq!(
        (v.log[0].kind, v.log[0].player, v.log[0].step),
        (LineKind::Record, Red, 1)
    );
    assert_eq!(v.log[0].text, g.history()[0]);
}

/// RULES 1.6-1.7: the ball's line is the green die's direction for the mover, also when a wall
/// stops it at once (the phase is then passed); through a goal the game
/// ends, the result is the goal and nobody acts.
#[test]
fn jokerball_ball_line_and_result_rules_1_6_1_7() {
    // Side 4, the ball on the left end of the middle row, a red man in Red's home row.
    let mut g = jokerball_at("4/5/6/o6/6/5/r3 r");
    g.set_dice(1, 2).unwrap(); // face 2: left for the mover, west for Red: the wall
    let v = view_of(&g);
    let ball = v.ball.unwrap();
    assert_eq!(ball.direction, HexDirection::W);
    assert_eq!(ball.direction, ball_direction(Red, 2));
    assert!(ball.blocked);
    assert_eq!(v.to_act, acts(Red, Awaits::Man));

    // Face 5 (east for Red): the whole row is empty, the ball may stop on any cell of it; the east
    // end is a wall, so it cannot leave the board.
    let mut g = jokerball_at("4/5/6/o6/6/5/r3 r");
    g.set_dice(1, 5).unwrap();
    let man = g.legal_moves()[0];
    g.play_move(man).unwrap();
    assert_eq!(g.phase(), jokerball::Phase::Ball);
    let ball = view_of(&g).ball.unwrap();
    assert_eq!(ball.direction, HexDirection::E);
    assert!(!ball.blocked);
    assert_eq!(g.legal_moves().len(), 6, "the whole row");

    // Blue moves the ball out through Red's goal: Blue wins by a goal.
    let mut g = jokerball_at("4/5/6/7/6/5/o3 b");
    g.set_dice(1, 1).unwrap(); // face 1 for Blue: north-east, away from the goal
    assert_eq!(view_of(&g).ball.unwrap().direction, HexDirection::NE);
    let mut g2 = jokerball_at("4/5/6/7/6/5/o3 b");
    g2.set_dice(1, 4).unwrap(); // face 4 for Blue: south-west, through Red's goal
    let out = view_of(&g2).ball.unwrap();
    assert_eq!((out.direction, out.blocked), (HexDirection::SW, false));
    g2.play("a1>off").unwrap();
    let v = view_of(&g2);
    assert_eq!(v.to_act, None);
    assert!(!v.at_turn_start);
    let r = v.result.unwrap();
    assert_eq!((r.winner, r.how), (Blue, GameEnd::Goal));
    assert_eq!(v.ball, None);
    let last = v.log.last().unwrap();
    assert_eq!(
        (last.kind, last.player, last.text.as_str()),
        (LineKind::Result, Blue, "Blue wins")
    );
    assert_eq!(v.last_move.unwrap().cells, vec!["a1".to_string()]);
}

/// RULES 1.4, 1.6: the view gives the dice of the last completed turn and the ball's line for them at
/// its end (the direction for its mover, blocked when the ball phase was passed), as the game saw
/// them, until the next turn is completed; none before the first turn, in a new game, or in Zola.
#[test]
fn last_dice_and_ball_line_rules_1_4_1_6() {
    // The ball phase passed: face 2 is west for Red, into the wall, before and after the man move.
    let mut g = jokerball_at("4/5/6/o6/6/5/r3 r");
    assert_eq!((view_of(&g).last_dice, view_of(&g).last_ball), (None, None));
    g.set_dice(1, 2).unwrap();
    let before = view_of(&g).ball;
    let man = g.legal_moves()[0];
    g.play_move(man).unwrap();
    assert_eq!(
        g.phase(),
        jokerball::Phase::Roll,
        "the ball phase was passed"
    );
    let v = view_of(&g);
    assert!(g.history()[0].ends_with(" -"), "{:?}", g.history());
    assert_eq!(v.last_dice.map(|d| (d.distance, d.direction)), Some((1, 2)));
    assert_eq!(v.last_ball, before, "west, blocked");
    assert_eq!(v.ball, None, "no dice rolled now");

    // A seeded game: after each turn, its dice and the line seen in its ball phase.
    let mut g = seeded(5, None);
    let (mut turns, mut passed) = (0, 0);
    while g.phase() != jokerball::Phase::Over && turns < 30 {
        let dice = g.roll().unwrap();
        let mover = g.turn();
        let mut line = view_of(&g).ball;
        while let Some(&mv) = g.legal_moves().first() {
            if g.phase() == jokerball::Phase::Ball {
                line = view_of(&g).ball;
            }
            g.play_move(mv).unwrap();
            if g.at_turn_start() || g.phase() == jokerball::Phase::Over {
                break;
            }
        }
        turns += 1;
        let v = view_of(&g);
        let text = g.history().pop().unwrap();
        assert_eq!(v.last_dice, Some(dice), "{text}");
        let ball = v.last_ball.unwrap();
        assert_eq!(
            ball.direction,
            ball_direction(mover, dice.direction),
            "{text}"
        );
        assert_eq!(ball.blocked, text.ends_with(" -"), "{text}");
        if !ball.blocked {
            assert_eq!(
                Some(&ball),
                line.as_ref(),
                "{text}: the line of its ball phase"
            );
        }
        passed += usize::from(ball.blocked);
    }
    assert!(
        passed > 0 && passed < turns,
        "both kinds seen: {passed} of {turns}"
    );

    // A match: the current game's last turn; none in the next game before its first turn.
    let mut m = new_match::<jokerball::Game>(3, false, jokerball::Setup::default());
    m.set_dice(2, 3).unwrap();
    while m.game().phase() != jokerball::Phase::Roll {
        let mv = m.game().legal_moves()[0];
        m.act(|g| g.play_move(mv)).unwrap();
    }
    let v = m.view();
    assert_eq!(v.last_dice.map(|d| (d.distance, d.direction)), Some((2, 3)));
    assert_eq!(
        v.last_ball.unwrap().direction,
        ball_direction(v.log[0].player, 3)
    );
    m.resign(Blue).unwrap();
    m.next_game().unwrap();
    assert_eq!((m.view().last_dice, m.view().last_ball), (None, None));
    let mut z = zola_game(false);
    let mv = z.legal_moves()[0];
    z.play_move(mv).unwrap();
    assert_eq!((view_of(&z).last_dice, view_of(&z).last_ball), (None, None));
}

/// RULES 2.2-2.3: Zola moves one by one; after `swap` the same colour moves again, so the log's
/// movers do not simply alternate; capturing every enemy checker ends the game.
#[test]
fn zola_who_acts_movers_and_result_rules_2_2_2_3() {
    let mut g = zola_game(true);
    let v = view_of(&g);
    assert_eq!((v.game, v.size), (GameKind::Zola, 6));
    assert_eq!(v.to_act, acts(Red, Awaits::Move));
    assert!(v.at_turn_start);
    assert_eq!(v.ball, None);
    let first = g.legal_moves()[0];
    let info = g.describe(first);
    g.play_move(first).unwrap();
    assert_eq!(view_of(&g).last_move.unwrap().cells, cells_of(&info));
    g.play("swap").unwrap();
    let v = view_of(&g);
    let last = v.last_move.unwrap();
    assert_eq!(
        (last.player, last.cells.len()),
        (Blue, 0),
        "swap names no cell"
    );
    assert_eq!(
        v.to_act,
        acts(Blue, Awaits::Move),
        "after swap Blue moves again"
    );
    let next = g.legal_moves()[0];
    g.play_move(next).unwrap();
    let movers: Vec<Player> = view_of(&g).log.iter().map(|l| l.player).collect();
    assert_eq!(movers, vec![Red, Blue, Blue]);
    assert_eq!(g.movers(), movers);

    // One red and one blue checker on a line: Red captures the last blue checker.
    let mut g = zola::Game::new(&zola::Setup {
        position: Some("r5/6/6/6/6/5b r".into()),
        ..Default::default()
    })
    .unwrap();
    let capture = g
        .legal_notations()
        .into_iter()
        .find(|m| m.contains('x'))
        .expect("a capture");
    g.play(&capture).unwrap();
    let v = view_of(&g);
    assert_eq!(v.to_act, None);
    let r = v.result.unwrap();
    assert_eq!((r.winner, r.how), (Red, GameEnd::CapturedAll));
    assert_eq!(
        v.last_move.unwrap().cells,
        vec!["a6".to_string(), "f1".to_string()]
    );
    assert!(!v.at_turn_start);
}

/// RULES 3.2-3.6: in a match the doubled player answers, either player starts the next game, and
/// nobody acts after the match; the log holds the cube actions between the records, each with its
/// player.
#[test]
fn match_who_acts_and_log_rules_3_2_to_3_6() {
    let mut m = new_match::<jokerball::Game>(
        3,
        true,
        jokerball::Setup {
            seed: Some(Seed::Number(5)),
            ..Default::default()
        },
    );
    assert_eq!(m.view().to_act, acts(Red, Awaits::Roll));
    m.double().unwrap();
    let v = m.view();
    assert_eq!(v.to_act, acts(Blue, Awaits::Answer));
    assert!(v.at_turn_start, "the doubler has not rolled yet");
    m.take().unwrap();
    m.set_dice(3, 3).unwrap();
    let v = m.view();
    assert_eq!(v.to_act.unwrap().player, Some(Red));
    assert!(v.ball.is_some() || m.game().phase() == jokerball::Phase::Roll);
    while m.game().turn() == Red && m.game().phase() != jokerball::Phase::Roll {
        let mv = m.game().legal_moves()[0];
        m.act(|g| g.play_move(mv)).unwrap();
    }
    m.resign(Blue).unwrap();
    let v = m.view();
    assert_eq!(
        v.to_act,
        Some(ToAct {
            player: None,
            awaits: Awaits::Next
        })
    );
    assert!(!v.at_turn_start);
    assert_eq!(v.ball, None);
    let r = v.result.unwrap();
    assert_eq!((r.winner, r.how), (Red, GameEnd::Resign));
    let kinds: Vec<(LineKind, Player, u32)> =
        v.log.iter().map(|l| (l.kind, l.player, l.step)).collect();
    assert_eq!(
        kinds,
        vec![
            (LineKind::Double, Red, 0),
            (LineKind::Take, Blue, 0),
            (LineKind::Record, Red, 1),
            (LineKind::Resign, Blue, 1),
            (LineKind::Result, Red, 1),
        ]
    );
    let texts: Vec<&str> = v.log.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(texts[..2], ["Red doubles", "Blue takes"]);
    assert_eq!(texts[4], "Red wins 2 points");
    let game = &m.games()[0];
    assert_eq!(game.log, v.log);
    assert_eq!(
        game.lines,
        v.log.iter().map(|l| l.text.clone()).collect::<Vec<_>>()
    );
    m.next_game().unwrap();
    assert_eq!(
        m.view().to_act,
        acts(Blue, Awaits::Roll),
        "game 2: Blue starts"
    );
    m.resign(Blue).unwrap();
    assert_eq!(m.view().to_act, None, "Red has 3 points: the match is over");
    assert_eq!(
        m.view().log.last().unwrap().text,
        "Red wins 1 point and the match"
    );
}

/// The replay of a game at a step is the game from its start with that many records played: for a
/// lone game, a game from a position string, and each game of a match.
#[test]
fn replay_to_a_step() {
    let mut g = seeded(9, Some(4));
    let mut positions = vec![g.position_string()];
    for _ in 0..6 {
        g.roll().unwrap();
        while let Some(&mv) = g.legal_moves().first() {
            g.play_move(mv).unwrap();
            if g.phase() == jokerball::Phase::Roll || g.phase() == jokerball::Phase::Over {
                break;
            }
        }
        positions.push(g.position_string());
    }
    for (step, p) in positions.iter().enumerate() {
        let at = g.replay_to(step).unwrap();
        assert_eq!(&at.position_string(), p, "step {step}");
        assert_eq!(at.history().len(), step);
    }
    assert_eq!(g.replay_to(99).unwrap().history(), g.history());

    let from = jokerball_at("4/5/6/o6/6/5/r3 r");
    assert_eq!(
        from.replay_to(0).unwrap().position_string(),
        "4/5/6/o6/6/5/r3 r"
    );

    let mut m = new_match::<zola::Game>(3, false, zola::Setup::default());
    let mv = m.game().legal_moves()[0];
    m.act(|g| g.play_move(mv)).unwrap();
    let after_one = m.game().position_string();
    m.resign(Red).unwrap();
    m.next_game().unwrap();
    let mv = m.game().legal_moves()[1];
    m.act(|g| g.play_move(mv)).unwrap();
    assert_eq!(m.replay_to(1, 1).unwrap().position_string(), after_one);
    let start2 = m.replay_to(2, 0).unwrap();
    assert_eq!(start2.turn(), Blue, "game 2 is started by Blue");
    assert_eq!(
        m.replay_to(2, 5).unwrap().position_string(),
        m.game().position_string()
    );
    assert!(m.replay_to(3, 0).is_err());
    assert!(m.replay_to(0, 0).is_err());
}

/// RULES 4: a record's header tells its game and whether it is a match's.
#[test]
fn record_type_from_the_header() {
    let g = zola_game(false);
    assert_eq!(
        record_type(&lone_record(&g, &Default::default())).unwrap(),
        (GameKind::Zola, false)
    );
    let m = new_match::<jokerball::Game>(3, true, jokerball::Setup::default());
    assert_eq!(
        record_type(&m.to_record(&Default::default()).unwrap()).unwrap(),
        (GameKind::Jokerball, true)
    );
    assert!(record_type("no header").is_err());
}

/// A hint's cells are those of the part still to play: in Jokerball's phase man the whole turn, in
/// phase ball the ball move only; in Zola the move's two squares.
#[test]
fn hint_cells() {
    let mut bot = Bot::new(Level::Easy, Some(&Seed::Number(1)));
    let mut g = seeded(3, None);
    g.set_dice(2, 4).unwrap();
    for h in bot.hint(&g).unwrap() {
        let mut want = Vec::new();
        let (man, ball) = h.choice.split_once(' ').unwrap();
        for part in [man, ball] {
            for c in part.split(['-', 'x', '>']) {
                if c != "off" && !want.contains(&c.to_string()) {
                    want.push(c.to_string());
                }
            }
        }
        assert_eq!(h.cells, want, "{}", h.choice);
    }
    let mv = g.legal_moves()[0];
    g.play_move(mv).unwrap();
    if g.phase() == jokerball::Phase::Ball {
        for h in bot.hint(&g).unwrap() {
            let ball = h.choice.split_once(' ').unwrap().1;
            let want: Vec<String> = ball
                .split('>')
                .filter(|c| *c != "off")
                .map(String::from)
                .collect();
            assert_eq!(h.cells, want, "{}", h.choice);
        }
    }
    let z = zola_game(false);
    for h in bot.hint(&z).unwrap() {
        let want: Vec<String> = h.choice.split(['-', 'x']).map(String::from).collect();
        assert_eq!(h.cells, want, "{}", h.choice);
    }
}
