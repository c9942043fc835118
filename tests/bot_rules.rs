//! The computer opponent (issue 7): legal moves only, determinism for a seed, immediate wins, no
//! avoidable own goals, the match equity table (RULES 3.4 Crawford, post-Crawford) and cube actions.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use proptest::prelude::*;
use steere_games::bot::cube::{should_double, should_take, GAME_VALUES};
use steere_games::bot::{match_equity, Bot, CubeAction, Level};
use steere_games::jokerball::{Dest, Game, MoveKind, Phase, RuleSet, Setup};
use steere_games::{
    zola, Engine, InMatch, Match, MatchPhase, MatchSetup, MatchState, Player, Seed,
};

const LEVELS: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

/// A bot of every level with each of the seeds 0..4 (for the scenarios every bot must get right).
fn seeded_bots() -> impl Iterator<Item = (Level, Bot)> {
    LEVELS.into_iter().flat_map(|level| {
        (0..4).map(move |seed| (level, Bot::new(level, Some(&Seed::Number(seed)))))
    })
}

/// Plays a Jokerball game with the bot on both sides for at most `turns` turns, checking every choice
/// is legal; returns the history.
fn bot_game(
    setup: &Setup,
    dice_seed: u32,
    bot_seed: u32,
    level: Level,
    turns: usize,
) -> Vec<String> {
    let mut game = Game::new(&Setup {
        seed: Some(Seed::Number(dice_seed)),
        ..setup.clone()
    })
    .unwrap();
    let mut bot = Bot::new(level, Some(&Seed::Number(bot_seed)));
    let mut n = 0;
    while game.phase() != Phase::Over && n < turns {
        if game.phase() == Phase::Roll {
            game.roll().unwrap();
            n += 1;
            continue;
        }
        let mv = bot
            .choose_jokerball(&game)
            .expect("a move in phase man or ball");
        let text = game.notation(mv);
        assert!(
            game.is_legal(&text),
            "illegal bot move {text} in {}",
            game.position_string()
        );
        game.play_move(mv).unwrap();
    }
    game.history()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, .. ProptestConfig::default() })]

    /// Issue 7: the bot only ever returns legal moves (Jokerball, every rule set and size).
    #[test]
    fn jokerball_bot_moves_are_legal(seed in any::<u32>(), classic in any::<bool>(), small in any::<bool>(), rows in 1u8..=3) {
        let setup = Setup {
            rules: if classic { RuleSet::Classic } else { RuleSet::Y2025 },
            size: Some(if small { 4 } else { 6 }),
            rows,
            first: Player::Red,
            ..Setup::default()
        };
        bot_game(&setup, seed, seed ^ 1, Level::Easy, 80);
    }

    /// Issue 7: the bot only ever returns legal moves (Zola, every size, with and without pie).
    #[test]
    fn zola_bot_moves_are_legal(seed in any::<u32>(), size_index in 0usize..3, pie in any::<bool>()) {
        let size = [6u8, 8, 10][size_index];
        let mut game = zola::Game::new(&zola::Setup { size: Some(size), pie, first: Player::Red, ..zola::Setup::default() }).unwrap();
        let mut bot = Bot::new(Level::Easy, Some(&Seed::Number(seed)));
        for _ in 0..60 {
            if game.phase() == zola::Phase::Over {
                break;
            }
            let mv = bot.choose_zola(&game).unwrap();
            prop_assert!(game.is_legal_move(mv));
            game.play_move(mv).unwrap();
        }
    }
}

#[test]
fn medium_and_hard_moves_are_legal() {
    for level in [Level::Medium, Level::Hard] {
        bot_game(&Setup::default(), 7, 8, level, 12);
    }
}

#[test]
fn deterministic_for_a_seed() {
    for level in LEVELS {
        let a = bot_game(&Setup::default(), 42, 5, level, 25);
        let b = bot_game(&Setup::default(), 42, 5, level, 25);
        assert_eq!(a, b, "{}", level.name());
    }
    let z = |seed| {
        let mut game = zola::Game::new(&zola::Setup::default()).unwrap();
        let mut bot = Bot::new(Level::Medium, Some(&Seed::Number(seed)));
        for _ in 0..20 {
            if game.phase() == zola::Phase::Over {
                break;
            }
            let mv = bot.choose_zola(&game).unwrap();
            game.play_move(mv).unwrap();
        }
        game.history()
    };
    assert_eq!(z(3), z(3));
}

/// A game from a position string (2025 rules), dice from the operating system's random source.
fn from_position(position: &str) -> Game {
    Game::new(&Setup {
        rules: RuleSet::Y2025,
        position: Some(position.into()),
        ..Setup::default()
    })
    .unwrap()
}

/// A game from a position string, with these dice set.
fn at(position: &str, distance: u8, direction: u8) -> Game {
    let mut g = from_position(position);
    g.set_dice(distance, direction).unwrap();
    g
}

/// Plays the bot's whole turn; returns the game after it.
fn bot_turn(mut g: Game, bot: &mut Bot) -> Game {
    let me = g.turn();
    while g.turn() == me && matches!(g.phase(), Phase::Man | Phase::Ball) {
        let mv = bot.choose_jokerball(&g).unwrap();
        g.play_move(mv).unwrap();
    }
    g
}

#[test]
fn takes_an_immediate_win() {
    // The ball on Blue's home row: Red's forward-left (face 3) carries it through Blue's goal.
    for (level, mut bot) in seeded_bots() {
        let g = at("bbo3/bbbbbbb/8/9/10/11/10/9/8/rrrrrrr/rrrrrr r", 2, 3);
        let g = bot_turn(g, &mut bot);
        assert_eq!(g.winner(), Some(Player::Red), "{}", level.name());
    }
    // Blue, with the ball two rows from Red's goal and the line open.
    for level in LEVELS {
        let mut bot = Bot::new(level, None);
        let g = at("bbbbbb/bbbbbbb/8/9/10/11/10/9/8/3o3/r4r b", 1, 4);
        let g = bot_turn(g, &mut bot);
        assert_eq!(g.winner(), Some(Player::Blue), "{}", level.name());
    }
}

#[test]
fn avoids_an_avoidable_own_goal() {
    // Red's ball on row b with face 1 (backward-left, SW): a3 is empty, so the ball may stop there
    // instead of leaving through Red's own goal.
    for (level, mut bot) in seeded_bots() {
        let g = at("bbbbbb/bbbbbbb/8/9/10/11/10/9/8/3o3/rr2rr r", 1, 1);
        let mut legal_off = false;
        let mut g2 = g.clone();
        // The own goal is legal here (after any man move): the bot must not take it.
        let man = bot.choose_jokerball(&g2).unwrap();
        g2.play_move(man).unwrap();
        for mv in g2.legal_moves() {
            if mv.kind == MoveKind::Ball && mv.to == Dest::Off(Player::Red) {
                legal_off = true;
            }
        }
        assert!(legal_off);
        let after = bot_turn(g, &mut bot);
        assert_ne!(after.winner(), Some(Player::Blue), "{}", level.name());
    }
}

#[test]
fn bot_answers_only_in_move_phases() {
    let mut bot = Bot::new(Level::Easy, None);
    let g = Game::new(&Setup {
        seed: Some(Seed::Number(1)),
        ..Setup::default()
    })
    .unwrap();
    assert_eq!(g.phase(), Phase::Roll);
    assert!(bot.choose_jokerball(&g).is_none());
}

// ---- RULES 3.4: the match equity table ----

#[test]
fn met_is_complementary_and_monotone() {
    let t = match_equity(21);
    for crawford_done in [false, true] {
        for a in 1..=21i64 {
            for b in 1..=21i64 {
                let x = t.at(a, b, crawford_done);
                let y = t.at(b, a, crawford_done);
                assert!((x + y - 1.0).abs() < 1e-12, "ME({a},{b}) + ME({b},{a})");
                assert!((0.0..=1.0).contains(&x));
                if a < 21 {
                    assert!(
                        t.at(a + 1, b, crawford_done) <= x + 1e-12,
                        "more away is worse"
                    );
                }
            }
        }
    }
    assert_eq!(t.at(0, 3, false), 1.0);
    assert_eq!(t.at(3, 0, false), 0.0);
    for a in 1..=21 {
        assert!((t.at(a, a, false) - 0.5).abs() < 1e-12);
    }
}

#[test]
fn met_crawford_and_post_crawford_values() {
    let t = match_equity(11);
    // Post-Crawford the trailer doubles at once: every game is worth 2 of the trailer's points.
    assert_eq!(t.post_crawford(1), 0.5);
    assert_eq!(t.post_crawford(2), 0.5);
    assert_eq!(t.post_crawford(3), 0.75);
    assert_eq!(t.post_crawford(4), 0.75);
    assert_eq!(t.post_crawford(5), 0.875);
    // The Crawford game is played without the cube, then post-Crawford.
    assert_eq!(t.crawford(2), 0.75);
    assert_eq!(t.crawford(3), 0.75);
    assert_eq!(t.crawford(4), 0.875);
    // Before the Crawford game: even games worth v points with the measured chances P(v).
    assert_eq!(t.at(2, 2, false), 0.5);
    let total: f64 = GAME_VALUES.iter().map(|g| g.1).sum();
    let expect: f64 = GAME_VALUES
        .iter()
        .map(|&(v, p)| p / total * 0.5 * (t.at(2 - v, 3, false) + t.at(2, 3 - v, false)))
        .sum();
    assert!((t.at(2, 3, false) - expect).abs() < 1e-12);
    // 4 away against 2 away: a game worth 2 or more decides the match, so the trailer is better off
    // than with 1-point games only.
    let even = 0.25 * (t.at(2, 2, false) + t.at(3, 1, false)) + 0.5 * t.at(4, 1, false);
    assert!(t.at(4, 2, false) > even, "{} vs {even}", t.at(4, 2, false));
}

#[test]
fn cube_decisions_in_clear_spots() {
    let t = match_equity(5);
    // 5 away each, cube 1: a big favourite doubles, an even game does not.
    assert!(should_double(&t, 5, 5, 1, 0.85, false));
    assert!(!should_double(&t, 5, 5, 1, 0.5, false));
    assert!(!should_double(&t, 5, 5, 1, 0.3, false));
    // The doubled side takes a close game and drops a hopeless one.
    assert!(should_take(&t, 5, 5, 1, 0.6, false));
    assert!(!should_take(&t, 5, 5, 1, 0.9, false));
    // Post-Crawford, 3 away against 1 away: a drop leaves the trailer 2 away, as good for it as winning
    // the doubled game would be (1 away each), so the leader takes even a poor game.
    assert!(should_take(&t, 3, 1, 1, 0.9, true));
    // 2 away against 1 away: the doubled game is for the match; drop only when the trailer is the
    // favourite (a drop leaves 1 away each: an even game).
    assert!(should_take(&t, 2, 1, 1, 0.4, true));
    assert!(!should_take(&t, 2, 1, 1, 0.6, true));
}

/// A match whose first game is `game` (a game from a position string: `Match::new` starts from the
/// starting position only), started by the player to move.
fn match_of<G: InMatch>(length: u32, cube: bool, game: G) -> Match<G> {
    let state = MatchState::new(length, cube, game.turn()).unwrap();
    Match::from_parts(state, game).unwrap()
}

/// A Jokerball match from a position (Red to move, turn start).
fn match_from(position: &str, length: u32) -> Match<Game> {
    let g = from_position(position);
    match_of(length, true, g)
}

#[test]
fn cube_actions_through_a_match() {
    let mut bot = Bot::new(Level::Easy, None);
    // The opening: an even game, no double.
    let start = "bbbbbb/bbbbbbb/8/9/10/5o5/10/9/8/rrrrrrr/rrrrrr r";
    let m = match_from(start, 5);
    assert_eq!(bot.cube_action(&m), CubeAction::NoDouble);
    // Red's ball on Red's own home row: Red's chances are poor; Red does not double.
    let poor = "bbbbbb/bbbbbbb/8/9/10/11/10/9/8/rrrrrrr/o5 r";
    let m = match_from(poor, 5);
    assert_eq!(bot.cube_action(&m), CubeAction::NoDouble);
    // The ball on Blue's home row with both of Red's forward lines open: a big favourite doubles.
    let strong = "2o3/7/8/9/10/11/10/9/bbbbbbbb/rrrrrrr/rrrrrr r";
    let mut m = match_from(strong, 5);
    assert!(bot.jokerball_win_chance(m.game().position()) > 0.65);
    assert_eq!(bot.cube_action(&m), CubeAction::Double);
    m.double().unwrap();
    assert_eq!(m.phase(), MatchPhase::Double);
    // Zola: Blue, to move, captures Red's last checker next; Blue's double is a clear drop.
    let z = zola::Game::new(&zola::Setup {
        position: Some("6/6/6/6/1r4/b5 b".into()),
        ..zola::Setup::default()
    })
    .unwrap();
    assert_eq!(z.turn(), Player::Blue);
    let mut zm = match_of(5, true, z);
    assert_eq!(bot.zola_win_chance(zm.game().position()), 1.0);
    zm.double().unwrap();
    assert_eq!(bot.cube_action(&zm), CubeAction::Drop);
    // The even opening: Red takes a double from Blue.
    let mut zm = Match::<zola::Game>::new(&MatchSetup {
        length: 5,
        cube: true,
        game: zola::Setup {
            size: Some(6),
            pie: false,
            first: Player::Blue,
            ..zola::Setup::default()
        },
    })
    .unwrap();
    zm.double().unwrap();
    assert_eq!(bot.cube_action(&zm), CubeAction::Take);
    // Mid-turn, the bot never doubles (the one doubling rule in matchplay decides).
    let mut m = match_from(strong, 5);
    m.act(|g| g.set_dice(1, 2)).unwrap();
    assert_eq!(bot.cube_action(&m), CubeAction::NoDouble);
    // Without a cube: never.
    let g = from_position(strong);
    assert_eq!(g.turn(), Player::Red);
    let m = match_of(5, false, g);
    assert_eq!(bot.cube_action(&m), CubeAction::NoDouble);
}
