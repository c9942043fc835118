//! Analysis for players (src/bot/analysis.rs): hints are exactly the legal choices with the bot's own
//! choice first, reviews have one entry per record whose luck, errors, marks and totals can be
//! recomputed, and matches add their cube decisions.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod support;
use support::jokerball_match;

use steere_games::bot::analysis::Progress;
use steere_games::record::{lone_record, Recorded, Tagged};
use steere_games::{
    jokerball, zola, Bot, CubeAction, Engine, Level, Match, MatchPhase, PlayError, Player, Seed,
    Tags,
};

fn bot(level: Level, seed: u32) -> Bot {
    Bot::new(level, Some(&Seed::Number(seed)))
}

fn no_progress() -> impl FnMut(usize, usize) -> bool {
    |_, _| true
}

/// A Jokerball game played by the `easy` bot from `seed` to its end (or `turns` turns).
fn jokerball_game(seed: u32, turns: usize) -> jokerball::Game {
    let mut g = jokerball::Game::new(&jokerball::Setup {
        seed: Some(Seed::Number(seed)),
        ..Default::default()
    })
    .unwrap();
    let mut b = bot(Level::Easy, seed);
    while g.winner().is_none() && g.history_len() < turns {
        if g.phase() == jokerball::Phase::Roll {
            g.roll().unwrap();
        } else {
            let m = b.choose_move(&g).unwrap();
            g.play_move(m).unwrap();
        }
    }
    g
}

fn zola_game(seed: u32, pie: bool) -> zola::Game {
    let mut g = zola::Game::new(&zola::Setup {
        pie,
        ..Default::default()
    })
    .unwrap();
    let mut b = bot(Level::Easy, seed);
    let mut plies = 0;
    while g.winner().is_none() && plies < 300 {
        let m = b.choose_move(&g).unwrap();
        g.play_move(m).unwrap();
        plies += 1;
    }
    g
}

#[test]
fn jokerball_hint_is_every_legal_turn_with_the_bots_choice_first() {
    for level in [Level::Easy, Level::Medium] {
        for seed in 1..6 {
            let mut g = jokerball_game(seed, 2 * seed as usize);
            if g.winner().is_some() {
                continue;
            }
            g.roll().unwrap();
            if g.phase() == jokerball::Phase::Roll {
                continue;
            }
            let hint = bot(level, 9).hint(&g).unwrap();
            let mut got: Vec<String> = hint.iter().map(|c| c.choice.clone()).collect();
            let first = got[0].clone();
            got.sort();
            let mut want = g.legal_turns();
            want.sort();
            assert_eq!(got, want, "seed {seed}");
            let chosen = bot(level, 9).choose_move(&g).unwrap();
            assert_eq!(first.split(' ').next().unwrap(), g.notation(chosen));
            assert!(hint.iter().all(|c| (0.0..=1.0).contains(&c.win)));
            // The hint agrees with itself: in the order of the chances it shows, the choice first.
            assert!(hint.windows(2).all(|w| w[0].win >= w[1].win), "best first");
        }
    }
}

#[test]
fn every_hint_is_in_the_order_of_its_chances_the_choice_first() {
    // Positions of easy games, every fifth turn start with the dice thrown: at medium and hard the
    // bot's choice shows the highest chance of its list, every chance from the same search.
    let mut lists = 0;
    for seed in 30..34 {
        let g = jokerball_game(seed, 400);
        let mut replay = g.restart();
        for (i, rec) in g.history().iter().enumerate() {
            let dice = rec.split(' ').next().unwrap();
            let (d, r) = dice.split_once('/').unwrap();
            let mut at = replay.clone();
            at.set_dice(d.parse().unwrap(), r.parse().unwrap()).unwrap();
            if i % 5 == 0 && matches!(at.phase(), jokerball::Phase::Man | jokerball::Phase::Ball) {
                let levels: &[Level] = if i % 15 == 0 {
                    &[Level::Medium, Level::Hard]
                } else {
                    &[Level::Medium]
                };
                for &level in levels {
                    let hint = bot(level, seed).hint(&at).unwrap();
                    assert!(
                        hint.windows(2).all(|w| w[0].win >= w[1].win),
                        "{level:?} {hint:?}"
                    );
                    let chosen = bot(level, seed).choose_move(&at).unwrap();
                    assert_eq!(
                        hint[0].choice.split(' ').next().unwrap(),
                        at.notation(chosen)
                    );
                    lists += 1;
                }
            }
            replay.play_record(rec).unwrap();
        }
    }
    assert!(lists >= 30, "{lists} lists");
}

#[test]
fn zola_hint_is_every_legal_move_swap_included() {
    let mut g = zola::Game::new(&zola::Setup {
        pie: true,
        ..Default::default()
    })
    .unwrap();
    g.play("b1xa2").unwrap_or_else(|_| {
        let m = g.legal_moves()[0];
        g.play_move(m).unwrap();
        m
    });
    for level in [Level::Easy, Level::Medium] {
        let hint = bot(level, 3).hint(&g).unwrap();
        let mut got: Vec<String> = hint.iter().map(|c| c.choice.clone()).collect();
        let chosen = bot(level, 3).choose_move(&g).unwrap();
        assert_eq!(got[0], g.notation(chosen));
        got.sort();
        let mut want = g.legal_notations();
        want.sort();
        assert_eq!(got, want);
        assert!(got.contains(&"swap".to_string()));
        assert!(hint[1..].windows(2).all(|w| w[0].win >= w[1].win));
    }
}

#[test]
fn hint_with_nothing_to_choose_is_wrong_phase() {
    let g = jokerball_game(4, 0);
    assert!(matches!(
        bot(Level::Easy, 1).hint(&g),
        Err(PlayError::WrongPhase(_))
    ));
}

#[test]
fn jokerball_review_entries_luck_errors_and_totals() {
    let g = jokerball_game(11, 400);
    let history = g.history();
    let mut calls = Vec::new();
    let mut progress = |d: usize, t: usize| {
        calls.push((d, t));
        true
    };
    let r = bot(Level::Easy, 2).review(&g, &mut progress).unwrap();
    assert_eq!(r.turns.len(), history.len());
    assert_eq!(calls.first(), Some(&(0, history.len())));
    assert_eq!(calls.last(), Some(&(history.len(), history.len())));
    let mut replay = g.restart();
    let mut chose = Vec::new();
    for (i, e) in r.turns.iter().enumerate() {
        assert_eq!((e.game, e.index as usize), (1, i + 1));
        assert_eq!(e.record, history[i]);
        assert_eq!(e.player, replay.turn());
        assert!((e.error - (e.best_win - e.win)).abs() < 1e-12 && e.error >= 0.0);
        let mark = match e.error {
            x if x >= 0.10 => "??",
            x if x >= 0.05 => "?",
            x if x >= 0.02 => "?!",
            _ => "",
        };
        assert_eq!(e.mark, mark);
        assert_eq!(
            e.best.split(' ').next(),
            e.record.split(' ').next(),
            "same dice"
        );
        // The luck recomputed for every fifth turn (docs/api.md): the best turn for the dice thrown by
        // one ply (a fresh `easy` hint's first chance) less its mean over every roll.
        if i % 5 == 0 {
            let (rolls, thrown) = one_ply_rolls(&replay, &e.record);
            let mean = rolls.iter().sum::<f64>() / 36.0;
            let luck = e.luck.unwrap();
            assert!((luck - (thrown - mean)).abs() < 1e-4, "turn {i}: {luck}");
        }
        // A decision: a turn with more than one legal choice.
        let mut at = replay.clone();
        let dice = e.record.split(' ').next().unwrap();
        let (d, r) = dice.split_once('/').unwrap();
        at.set_dice(d.parse().unwrap(), r.parse().unwrap()).unwrap();
        chose.push(at.phase() != jokerball::Phase::Roll && at.legal_turns().len() > 1);
        replay.play_record(&e.record).unwrap();
    }
    check_totals(&r, Some(&chose));
    assert_eq!(r.games.len(), 1);
    assert_eq!(r.red.wins + r.blue.wins, 1, "the game is over");
    // A review stops when its progress says so.
    let mut stop: Box<dyn FnMut(usize, usize) -> bool> = Box::new(|d, _| d < 3);
    let progress: Progress = &mut *stop;
    assert!(bot(Level::Easy, 2).review(&g, progress).is_err());
}

/// Checks that a review's totals are the sums of its entries, per game and over all of them
/// (`chose`, when given, says which entries are decisions; without it, every cube entry is, and the
/// moves counted are at most the move entries), and that the rates follow from the sums.
fn check_totals(r: &steere_games::bot::Review, chose: Option<&[bool]>) {
    const CUBE: [&str; 4] = ["double", "no-double", "take", "drop"];
    let near = |a: f64, b: f64| (a - b).abs() < 1e-9;
    let mut all = [(0.0, 0.0, 0, 0.0, 0, 0); 2];
    for (n, g) in r.games.iter().enumerate() {
        let mut sums = [(0.0, 0.0, 0, 0.0, 0, 0); 2];
        for (i, e) in r
            .turns
            .iter()
            .enumerate()
            .filter(|(_, e)| e.game as usize == n + 1)
        {
            let s = &mut sums[usize::from(e.player == Player::Blue)];
            if CUBE.contains(&e.record.as_str()) {
                s.3 += e.error;
                s.4 += 1;
            } else {
                s.0 += e.luck.unwrap_or(0.0);
                s.1 += e.error;
                s.2 += usize::from(chose.is_none_or(|c| c[i]));
                s.5 += 1;
            }
        }
        for (t, s, o) in [(g.red, sums[0], sums[1]), (g.blue, sums[1], sums[0])] {
            assert!(near(t.luck, s.0) && near(t.error, s.1) && near(t.cube_error, s.3));
            assert_eq!(t.cubes as usize, s.4);
            if chose.is_some() {
                assert_eq!(t.moves as usize, s.2);
            } else {
                assert!(t.moves as usize <= s.5);
            }
            let n = f64::from(t.moves + t.cubes);
            let rate = if n > 0.0 {
                (t.error + t.cube_error) / n
            } else {
                0.0
            };
            assert!(near(t.error_rate, rate) && near(t.rating, 500.0 * rate));
            assert!(near(t.adjusted, f64::from(t.wins) - t.luck + o.0));
            assert!(t.wins <= 1);
        }
        for (a, t) in all.iter_mut().zip([g.red, g.blue]) {
            *a = (
                a.0 + t.luck,
                a.1 + t.error,
                a.2 + t.moves as usize,
                a.3 + t.cube_error,
                a.4 + t.cubes as usize,
                a.5 + t.wins as usize,
            );
        }
    }
    for (t, a) in [(r.red, all[0]), (r.blue, all[1])] {
        assert!(near(t.luck, a.0) && near(t.error, a.1) && near(t.cube_error, a.3));
        assert_eq!(
            (t.moves as usize, t.cubes as usize, t.wins as usize),
            (a.2, a.4, a.5)
        );
        let n = f64::from(t.moves + t.cubes);
        assert!(near(
            t.error_rate,
            if n > 0.0 {
                (t.error + t.cube_error) / n
            } else {
                0.0
            }
        ));
        assert!(near(t.rating, 500.0 * t.error_rate));
    }
    let net = r.red.luck - r.blue.luck;
    assert!(near(r.red.adjusted, f64::from(r.red.wins) - net));
    assert!(near(r.blue.adjusted, f64::from(r.blue.wins) + net));
}

/// The mover's chance after the best turn by one ply for each of the 36 rolls from `at` (a turn
/// start), and for the roll of `record`.
fn one_ply_rolls(at: &jokerball::Game, record: &str) -> (Vec<f64>, f64) {
    let mut rolls = Vec::new();
    let mut thrown = 0.0;
    for d in 1..=6u8 {
        for r in 1..=6u8 {
            let mut g = at.clone();
            g.set_dice(d, r).unwrap();
            let v = if g.phase() == jokerball::Phase::Roll {
                1.0 - *bot(Level::Easy, 2).evaluate(&g).get(g.turn())
            } else {
                bot(Level::Easy, 2).hint(&g).unwrap()[0].win
            };
            if record.starts_with(&format!("{d}/{r} ")) {
                thrown = v;
            }
            rolls.push(v);
        }
    }
    (rolls, thrown)
}

#[test]
fn at_medium_the_luck_is_the_one_ply_best_less_its_mean_which_the_evaluation_is() {
    let g = jokerball_game(13, 12);
    let r = bot(Level::Medium, 2)
        .review(&g, &mut no_progress())
        .unwrap();
    let mut replay = g.restart();
    for e in &r.turns {
        let (rolls, thrown) = one_ply_rolls(&replay, &e.record);
        let mean = rolls.iter().sum::<f64>() / 36.0;
        let luck = e.luck.unwrap();
        assert!((luck - (thrown - mean)).abs() < 1e-4, "{e:?}: {luck}");
        // The medium evaluation before the roll is that mean.
        let before = *bot(Level::Medium, 2).evaluate(&replay).get(replay.turn());
        assert!((before - mean).abs() < 1e-4);
        replay.play_record(&e.record).unwrap();
    }
}

/// The luck a review at `level` gives each equally likely roll of `pos` (a turn start): one game
/// from `pos` per roll, its one turn the first of `legalTurns()`, reviewed.
fn luck_of_every_roll(level: Level, pos: &jokerball::Position) -> Vec<f64> {
    let mut lucks = Vec::new();
    for d in 1..=pos.side() {
        for r in 1..=6u8 {
            let mut at = jokerball::Game::from_start(*pos, None);
            at.set_dice(d, r).unwrap();
            let turn = at.legal_turns().first().cloned().unwrap_or("- -".into());
            let mut g = jokerball::Game::from_start(*pos, None);
            g.play_record(&format!("{d}/{r} {turn}")).unwrap();
            let review = bot(level, 3).review(&g, &mut no_progress()).unwrap();
            lucks.push(review.turns[0].luck.unwrap());
        }
    }
    lucks
}

#[test]
fn the_luck_of_every_roll_of_a_position_sums_to_zero_at_every_level() {
    // Turn starts of games of both sizes, the side-4 one early (a quick position for `hard`).
    let mut positions = Vec::new();
    for (seed, size, turns) in [(31, 6, 5), (32, 6, 17), (33, 4, 3), (34, 4, 9)] {
        let mut g = jokerball::Game::new(&jokerball::Setup {
            seed: Some(Seed::Number(seed)),
            size: Some(size),
            ..Default::default()
        })
        .unwrap();
        let mut b = bot(Level::Easy, seed);
        while g.history_len() < turns || g.phase() != jokerball::Phase::Roll {
            if g.phase() == jokerball::Phase::Roll {
                g.roll().unwrap();
            } else {
                let m = b.choose_move(&g).unwrap();
                g.play_move(m).unwrap();
            }
        }
        assert!(g.winner().is_none());
        positions.push(*g.position());
    }
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        // `hard` costs a deep search per roll: the quick side-4 position only.
        let of_level = if level == Level::Hard {
            &positions[2..3]
        } else {
            &positions[..]
        };
        for pos in of_level {
            let lucks = luck_of_every_roll(level, pos);
            assert_eq!(lucks.len(), 6 * usize::from(pos.side()));
            let sum: f64 = lucks.iter().sum();
            assert!(sum.abs() < 1e-9, "{}: {sum} over {lucks:?}", level.name());
            assert!(lucks.iter().any(|&l| l.abs() > 1e-3), "the rolls differ");
        }
    }
}

#[test]
fn a_review_of_a_record_read_from_text_is_the_same() {
    let g = jokerball_game(21, 30);
    let text = lone_record(&g, &Tags::new());
    let read = Tagged::<jokerball::Game>::from_record(&text, None)
        .unwrap()
        .game;
    let a = bot(Level::Easy, 5).review(&g, &mut no_progress()).unwrap();
    let b = bot(Level::Easy, 5)
        .review(&read, &mut no_progress())
        .unwrap();
    assert_eq!(a, b);
}

#[test]
fn zola_review_has_no_luck_and_counts_passes_and_swaps() {
    let g = zola_game(7, true);
    let r = bot(Level::Easy, 1).review(&g, &mut no_progress()).unwrap();
    assert_eq!(r.turns.len(), g.history_len());
    assert!(r.turns.iter().all(|e| e.luck.is_none() && e.error >= 0.0));
    let mut replay = g.restart();
    let mut chose = Vec::new();
    for e in &r.turns {
        chose.push(replay.legal_notations().len() > 1);
        replay.play(&e.record).unwrap();
    }
    check_totals(&r, Some(&chose));
    assert_eq!(r.red.luck + r.blue.luck, 0.0);
}

#[test]
fn a_match_review_adds_cube_decisions() {
    let mut m: Match<jokerball::Game> = jokerball_match(5, true, 3);
    let mut b = bot(Level::Easy, 8);
    let mut steps = 0;
    while m.phase() != MatchPhase::MatchOver && steps < 20_000 {
        steps += 1;
        match m.phase() {
            MatchPhase::GameOver => {
                m.next_game().unwrap();
            }
            MatchPhase::Double => {
                if b.cube_action(&m) == CubeAction::Take {
                    m.take().unwrap();
                } else {
                    m.drop_double().unwrap();
                }
            }
            _ if m.game().phase() == jokerball::Phase::Roll => {
                if b.cube_action(&m) == CubeAction::Double {
                    m.double().unwrap();
                } else {
                    m.roll().unwrap();
                }
            }
            _ => {
                let mv = b.choose_move(m.game()).unwrap();
                m.act(|g| g.play_move(mv)).unwrap();
            }
        }
    }
    let r = bot(Level::Easy, 1)
        .review_match(&m, &mut no_progress())
        .unwrap();
    let cube: Vec<_> = r
        .turns
        .iter()
        .filter(|e| ["double", "no-double", "take", "drop"].contains(&e.record.as_str()))
        .collect();
    assert!(cube.iter().any(|e| e.record == "no-double"));
    assert!(cube.iter().all(|e| e.luck.is_none() && e.error >= -1e-12));
    // Each cube decision carries its three actions, in the doubler's chances of winning the match,
    // the entry's own chances among them; a move carries none.
    let near = |a: f64, b: f64| (a - b).abs() < 1e-12;
    for e in &cube {
        let c = e.cube.expect("a cube decision's actions");
        let double = c.double_take.min(c.double_drop);
        match e.record.as_str() {
            "no-double" => {
                assert!(near(e.win, c.no_double) && near(e.best_win, c.no_double.max(double)))
            }
            "double" => assert!(near(e.win, double) && near(e.best_win, c.no_double.max(double))),
            "take" => assert!(near(e.win, 1.0 - c.double_take)),
            _ => assert!(near(e.win, 1.0 - c.double_drop)),
        }
        assert!([c.no_double, c.double_take, c.double_drop]
            .iter()
            .all(|x| (0.0..=1.0).contains(x)));
    }
    assert!(r
        .turns
        .iter()
        .filter(|e| e.luck.is_some())
        .all(|e| e.cube.is_none()));
    let moves: usize = m
        .games()
        .iter()
        .map(|g| g.history.as_ref().unwrap().len())
        .sum();
    assert_eq!(r.turns.len() - cube.len(), moves);
    assert!((r.red.moves + r.blue.moves) as usize <= moves);
    check_totals(&r, None);
    assert_eq!(r.games.len() as u32, m.state().game_number());
    let wins = |p| m.state().results().iter().filter(|x| x.winner == p).count() as u32;
    assert_eq!(
        (r.red.wins, r.blue.wins),
        (wins(Player::Red), wins(Player::Blue))
    );
    let games: Vec<u32> = r.turns.iter().map(|e| e.game).collect();
    assert!(games.windows(2).all(|w| w[0] <= w[1]));
    assert_eq!(games.last().copied(), Some(m.state().game_number()));
    // The match is over: its winner has it.
    let e = bot(Level::Easy, 1).evaluate_match(&m);
    let w = m.state().winner().unwrap();
    assert_eq!(*e.matches.unwrap().get(w), 1.0);
}
