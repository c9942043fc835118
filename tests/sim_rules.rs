//! simulate() (API.md "Simulation"): determinism, totals that add up, the turn cap, both games, the
//! random policy against the turn state machine of the rules (RULES 1.4, 2.2).

use steere_games::jokerball::{self, Game, MoveList, Phase, RuleSet, Setup};
use steere_games::zola::{self, Size};
use steere_games::{
    jokerball_game, simulate, simulate_with_progress, zola_game, ByPlayer, Coded, DiceRng,
    ErrorCode, JokerballLists, OptionError, Outcome, Player, Seed, SimGame, SimOptions, SimPlayer,
    SimResult, SimRng,
};
use steere_games::{Engine, Level};

const RANDOM: ByPlayer<SimPlayer> = ByPlayer::new(SimPlayer::Random, SimPlayer::Random);

fn opts(game: SimGame, games: u32, seed: u32) -> SimOptions {
    SimOptions {
        game,
        games,
        seed: Some(Seed::Number(seed)),
        ..SimOptions::default()
    }
}

/// `games` random games of `game` from `seed`, each stopped after `max_turns` turns.
fn capped(game: &SimGame, games: u32, seed: u32, max_turns: u32) -> Result<SimResult, OptionError> {
    simulate(&SimOptions {
        max_turns,
        ..opts(game.clone(), games, seed)
    })
}

fn all_games() -> Vec<SimGame> {
    let mut v = Vec::new();
    for rules in [RuleSet::Y2025, RuleSet::Classic] {
        for (size, rows) in [(6, 2), (4, 2), (6, 3), (4, 1)] {
            v.push(SimGame::Jokerball(Setup {
                rules,
                size: Some(size),
                rows,
                first: Player::Red,
                ..Setup::default()
            }));
        }
    }
    for size in Size::ALL {
        v.push(SimGame::Zola(size));
    }
    v
}

#[test]
fn api_simulation_is_deterministic_for_a_seed() {
    for game in all_games() {
        let a = simulate(&opts(game.clone(), 200, 42)).unwrap();
        let b = simulate(&opts(game.clone(), 200, 42)).unwrap();
        assert_eq!(a, b, "{game:?}");
        let c = simulate(&opts(game.clone(), 200, 43)).unwrap();
        assert_ne!(a, c, "{game:?}: another seed gives other games");
        let t = SimOptions {
            seed: Some(Seed::Text("42".into())),
            ..opts(game.clone(), 200, 0)
        };
        assert_eq!(simulate(&t).unwrap(), simulate(&t).unwrap());
    }
}

#[test]
fn api_simulation_counts_add_up() {
    for game in all_games() {
        let r = simulate(&opts(game.clone(), 300, 1)).unwrap();
        assert_eq!(r.games, 300);
        assert_eq!(r.wins.red + r.wins.blue + r.unfinished, r.games, "{game:?}");
        assert_eq!(
            r.unfinished, 0,
            "{game:?}: random games end well within 10000 turns"
        );
        assert!(r.wins.red > 0 && r.wins.blue > 0, "{game:?}: {r:?}");
        let mean = r.turns_mean();
        assert!(
            mean >= 1.0 && mean <= f64::from(r.turns_max),
            "{game:?}: {r:?}"
        );
        assert_eq!(r.turns_total as f64 / 300.0, mean);
    }
}

#[test]
fn api_simulation_unfinished_with_tiny_max_turns() {
    for game in all_games() {
        let r = capped(&game, 50, 9, 1).unwrap();
        assert_eq!(r.wins.red + r.wins.blue + r.unfinished, 50, "{game:?}");
        assert!(r.turns_max <= 1 && r.unfinished > 0, "{game:?}: {r:?}");
        // One turn cannot end the standard Jokerball game (men stand between the centre and both goals)
        // nor a Zola game (it takes many captures).
        // (The standard game: `Setup::default()` of side 6 written out, as `all_games` writes it.)
        let standard = SimGame::Jokerball(Setup {
            size: Some(6),
            ..Setup::default()
        });
        if matches!(game, SimGame::Zola(_)) || game == standard {
            assert_eq!(r.unfinished, 50, "{game:?}");
            assert_eq!((r.wins.red, r.wins.blue, r.turns_max), (0, 0, 0));
            assert_eq!(r.turns_mean(), 0.0);
        }
        // A cap between: every finished game fits under it, the rest are unfinished.
        let cap = 20;
        let r = capped(&game, 300, 9, cap).unwrap();
        assert!(r.turns_max <= cap);
        assert_eq!(r.wins.red + r.wins.blue + r.unfinished, 300);
    }
}

#[test]
fn api_simulation_bad_options_are_refused() {
    for bad in [
        SimOptions {
            games: 0,
            ..SimOptions::default()
        },
        SimOptions {
            games: 10_000_001,
            ..SimOptions::default()
        },
        SimOptions {
            max_turns: 0,
            ..SimOptions::default()
        },
        SimOptions {
            game: SimGame::Jokerball(Setup {
                size: Some(5),
                ..Setup::default()
            }),
            ..SimOptions::default()
        },
        SimOptions {
            game: SimGame::Jokerball(Setup {
                rows: 6,
                ..Setup::default()
            }),
            ..SimOptions::default()
        },
    ] {
        assert_eq!(
            simulate(&bad).unwrap_err().code(),
            ErrorCode::InvalidOption,
            "{bad:?}"
        );
    }
}

#[test]
fn api_simulation_player_names() {
    assert_eq!(SimPlayer::from_name("random"), Ok(SimPlayer::Random));
    assert_eq!(
        SimPlayer::from_name("easy"),
        Ok(SimPlayer::Bot(Level::Easy))
    );
    assert_eq!(
        SimPlayer::from_name("medium"),
        Ok(SimPlayer::Bot(Level::Medium))
    );
    assert_eq!(
        SimPlayer::from_name("hard"),
        Ok(SimPlayer::Bot(Level::Hard))
    );
    for name in ["", "Random", "bot", "Easy"] {
        assert_eq!(
            SimPlayer::from_name(name).unwrap_err().code(),
            ErrorCode::InvalidOption
        );
    }
}

#[test]
fn api_simulation_bot_players_beat_random_and_are_deterministic() {
    for game in [
        SimGame::Jokerball(Default::default()),
        SimGame::Zola(Size::new(6).unwrap()),
    ] {
        let opts = SimOptions {
            game: game.clone(),
            games: 12,
            seed: Some(Seed::Number(9)),
            players: ByPlayer::new(SimPlayer::Bot(Level::Easy), SimPlayer::Random),
            ..SimOptions::default()
        };
        let r = simulate(&opts).unwrap();
        assert_eq!(r.games, 12);
        assert_eq!(r.wins.red + r.wins.blue + r.unfinished, 12);
        assert!(
            r.wins.red >= 10,
            "{game:?}: the easy bot won only {} of 12",
            r.wins.red
        );
        assert_eq!(simulate(&opts).unwrap(), r, "same seed, same games");
        // Colours swapped: the bot plays Blue.
        let swapped = SimOptions {
            players: ByPlayer::new(SimPlayer::Random, SimPlayer::Bot(Level::Easy)),
            ..opts
        };
        let r = simulate(&swapped).unwrap();
        assert!(
            r.wins.blue >= 10,
            "{game:?}: the easy bot (Blue) won only {}",
            r.wins.blue
        );
    }
}

#[test]
fn api_simulation_first_player_is_honoured() {
    // Blue first on the mirrored start: the statistics change with the side that moves first.
    for game in all_games() {
        let red = simulate(&opts(game.clone(), 100, 5)).unwrap();
        let blue = simulate(&SimOptions {
            first: Player::Blue,
            ..opts(game.clone(), 100, 5)
        })
        .unwrap();
        assert_ne!(red, blue, "{game:?}");
    }
}

/// RULES 1.4: the playout loop makes exactly the turns the game state machine makes with the same dice
/// and the same choices (every move it plays is legal, phases are skipped exactly when empty, the
/// winner and the turn count agree).
#[test]
fn rules_1_4_playout_agrees_with_the_game_state_machine() {
    for (seed, setup) in [
        (1u32, Setup::default()),
        (
            2,
            Setup {
                rules: RuleSet::Classic,
                ..Setup::default()
            },
        ),
        (
            3,
            Setup {
                size: Some(4),
                ..Setup::default()
            },
        ),
        (
            4,
            Setup {
                first: Player::Blue,
                rows: 4,
                ..Setup::default()
            },
        ),
    ] {
        for game_no in 0..60u32 {
            let start = jokerball::Position::start(&setup).unwrap();
            let mut dice = DiceRng::from_seed(&Seed::Number(seed * 1000 + game_no));
            let mut replay_dice = dice.clone();
            let mut choices = SimRng::new([seed, game_no, 7, 9]);
            let mut replay_choices = choices.clone();
            let outcome = jokerball_game(
                start,
                RANDOM,
                10_000,
                &mut dice,
                &mut choices,
                &mut JokerballLists::default(),
            );
            // The same game through Game: roll from the same generator, same uniform choice per phase.
            let mut game = Game::from_start(start, None);
            let mut list = MoveList::new();
            let mut turns = 0u32;
            while game.phase() != Phase::Over {
                let roll = steere_games::Dice::roll(&mut replay_dice, setup.board_size());
                game.set_dice(roll.distance, roll.direction).unwrap();
                while matches!(game.phase(), Phase::Man | Phase::Ball) {
                    game.legal_moves_into(&mut list);
                    let mv = list[replay_choices.below(list.len())];
                    game.play_move(mv).unwrap();
                }
                turns += 1;
            }
            assert_eq!(outcome, Outcome::Won(game.winner().unwrap(), turns));
            assert_eq!(game.records().len() as u32, turns);
        }
    }
}

/// RULES 2.2-2.3: the Zola playout agrees with the game object (passes are automatic and not counted).
#[test]
fn rules_2_2_playout_agrees_with_the_game_object() {
    for size in Size::ALL {
        for game_no in 0..30u32 {
            let start = zola::Position::start(&zola::Setup {
                size: Some(size.n()),
                ..zola::Setup::default()
            })
            .unwrap();
            let mut choices = SimRng::new([game_no, 1, 2, 3]);
            let mut replay = choices.clone();
            let outcome = zola_game(
                start,
                RANDOM,
                10_000,
                false,
                &mut choices,
                &mut zola::MoveList::new(),
            );
            let mut game = zola::Game::new(&zola::Setup {
                size: Some(size.n()),
                ..zola::Setup::default()
            })
            .unwrap();
            let mut list = zola::MoveList::new();
            while game.winner().is_none() {
                game.legal_moves_into(&mut list);
                let mv = list[replay.below(list.len())];
                game.play_move(mv).unwrap();
            }
            let moves = game
                .records()
                .iter()
                .filter(|m| **m != zola::Move::Pass)
                .count() as u32;
            assert_eq!(outcome, Outcome::Won(game.winner().unwrap(), moves));
        }
    }
}

/// The statistics of a run (docs/api.md "simulate"): `lengths` counts the finished games by length and
/// agrees with the totals; `first_wins` and `player_wins` add up to the finished games.
#[test]
fn lengths_and_wins_agree_with_the_totals() {
    for game in all_games() {
        let r = capped(&game, 300, 11, 400).unwrap();
        let finished = r.wins.red + r.wins.blue;
        assert_eq!(r.lengths.iter().sum::<u32>(), finished, "{game:?}");
        let weighted: u64 = r
            .lengths
            .iter()
            .enumerate()
            .map(|(k, &n)| k as u64 * u64::from(n))
            .sum();
        assert_eq!(weighted, r.turns_total);
        if finished > 0 {
            assert_eq!(r.lengths.len() as u32, r.turns_max + 1);
            assert!(*r.lengths.last().unwrap() > 0);
        }
        assert_eq!(
            r.lengths.first().copied().unwrap_or(0),
            0,
            "no game ends before a turn"
        );
        // Red moves first and plays as named: colours, players and the first mover agree.
        assert_eq!(r.player_wins, r.wins);
        assert_eq!(r.first_wins, r.wins.red);
        assert_eq!(r.first_moves, ByPlayer::new(300, 0));
    }
    let blue_first = simulate(&SimOptions {
        first: Player::Blue,
        ..opts(all_games()[0].clone(), 200, 3)
    })
    .unwrap();
    assert_eq!(blue_first.first_wins, blue_first.wins.blue);
    assert_eq!(blue_first.first_moves, ByPlayer::new(0, 200));
}

/// With `alternate`, each player has each colour (and the first move) in half the games, and the wins
/// counted by player and by colour are the same games.
#[test]
fn alternating_colours_share_the_games_evenly() {
    for game in all_games() {
        for players in [
            RANDOM,
            ByPlayer::new(SimPlayer::Bot(Level::Easy), SimPlayer::Random),
        ] {
            let n = if players == RANDOM { 400 } else { 8 };
            let r = simulate(&SimOptions {
                alternate: true,
                players,
                max_turns: 2000,
                ..opts(game.clone(), n, 5)
            })
            .unwrap();
            assert_eq!(r.games, n);
            assert_eq!(r.first_moves, ByPlayer::new(n / 2, n / 2), "{game:?}");
            let finished = r.wins.red + r.wins.blue;
            assert_eq!(r.player_wins.red + r.player_wins.blue, finished);
            assert!(r.first_wins <= finished);
        }
    }
}

/// The same options and seed give the same statistics, `alternate` and the pie rule included.
#[test]
fn statistics_are_determined_by_the_seed() {
    for game in all_games() {
        let zola = matches!(game, SimGame::Zola(_));
        let o = SimOptions {
            alternate: true,
            pie: zola,
            ..opts(game, 200, 77)
        };
        let a = simulate(&o).unwrap();
        assert_eq!(a, simulate(&o).unwrap());
        let c = simulate(&SimOptions {
            seed: Some(Seed::Number(78)),
            ..o
        })
        .unwrap();
        assert_ne!(a, c);
    }
}

/// Bad statistics options are `invalid_option` and play nothing.
#[test]
fn bad_statistics_options_are_refused() {
    let odd = SimOptions {
        alternate: true,
        ..opts(all_games()[0].clone(), 3, 1)
    };
    assert_eq!(simulate(&odd).unwrap_err().code(), ErrorCode::InvalidOption);
    let pie = SimOptions {
        pie: true,
        ..opts(all_games()[0].clone(), 2, 1)
    };
    assert_eq!(simulate(&pie).unwrap_err().code(), ErrorCode::InvalidOption);
}

/// RULES 2.2: with the pie rule, the random playout offers `swap` last among the second player's first
/// choices, as the game object lists it, and counts the winner by player after a swap.
#[test]
fn rules_2_2_pie_playout_agrees_with_the_game_object() {
    let mut swaps = 0;
    for size in Size::ALL {
        for game_no in 0..60u32 {
            let setup = zola::Setup {
                size: Some(size.n()),
                pie: true,
                ..zola::Setup::default()
            };
            let mut choices = SimRng::from_dice(&mut DiceRng::from_seed(&Seed::Number(game_no)));
            let mut replay = choices.clone();
            let start = zola::Position::start(&setup).unwrap();
            let outcome = zola_game(
                start,
                RANDOM,
                10_000,
                true,
                &mut choices,
                &mut zola::MoveList::new(),
            );
            let mut game = zola::Game::new(&setup).unwrap();
            let mut list = zola::MoveList::new();
            while game.winner().is_none() {
                game.legal_moves_into(&mut list);
                let mv = list[replay.below(list.len())];
                game.play_move(mv).unwrap();
            }
            let records = game.records();
            let swapped = records.contains(&zola::Move::Swap);
            swaps += usize::from(swapped);
            let moves = records
                .iter()
                .filter(|m| !matches!(m, zola::Move::Pass | zola::Move::Swap))
                .count() as u32;
            let winner = game.winner().unwrap();
            let expected = if swapped {
                Outcome::WonAfterSwap(winner, moves)
            } else {
                Outcome::Won(winner, moves)
            };
            assert_eq!(outcome, expected);
        }
    }
    assert!(swaps > 2, "some random second players swap: {swaps}");
    // A bot game with the pie rule: the players' wins follow the swap.
    let r = simulate(&SimOptions {
        pie: true,
        players: ByPlayer::new(SimPlayer::Bot(Level::Easy), SimPlayer::Bot(Level::Easy)),
        ..opts(SimGame::Zola(Size::ALL[0]), 6, 4)
    })
    .unwrap();
    assert_eq!(
        r.player_wins.red + r.player_wins.blue,
        r.wins.red + r.wins.blue
    );
}

/// `progress(done, total)` is called first with 0, then as games finish, last with the total; `false`
/// stops the run with the totals so far.
#[test]
fn progress_reports_and_stops() {
    let o = opts(all_games()[0].clone(), 1000, 2);
    let mut seen = Vec::new();
    let r = simulate_with_progress(&o, &mut |d, t| {
        seen.push((d, t));
        true
    })
    .unwrap();
    assert_eq!(r, simulate(&o).unwrap());
    assert_eq!(seen.first(), Some(&(0, 1000)));
    assert_eq!(seen.last(), Some(&(1000, 1000)));
    assert!(seen.len() <= 258 && seen.windows(2).all(|w| w[0].0 < w[1].0));
    let stopped = simulate_with_progress(&o, &mut |d, _| d < 100).unwrap();
    assert!(
        stopped.games >= 100 && stopped.games < 110,
        "{}",
        stopped.games
    );
}

/// Zola's `opening` with bot players (`easy`, cheap; `medium` against `easy` plays one game again and
/// again without it): the same seed gives the same numbers; the two games of an `alternate` pair share
/// their opening; the opening's moves count in the lengths and towards `max_turns`; refused for
/// Jokerball.
#[test]
fn zola_openings_vary_bot_games_and_are_shared_by_a_pair() {
    let easy = SimPlayer::Bot(Level::Easy);
    let bots = SimOptions {
        players: ByPlayer::new(easy, easy),
        alternate: true,
        ..opts(SimGame::Zola(Size::Six), 20, 5)
    };
    let distinct = |r: &SimResult| r.lengths.iter().filter(|&&n| n > 0).count();
    let plain = simulate(&bots).unwrap();
    let opened = SimOptions {
        opening: 4,
        ..bots.clone()
    };
    let a = simulate(&opened).unwrap();
    assert_eq!(a, simulate(&opened).unwrap());
    assert_ne!(a, plain);
    assert!(distinct(&a) >= 4, "{:?}", a.lengths);
    // Every move random: the two games of a pair are the same moves, so one colour wins both, in the
    // same number of moves; without pairs the games differ.
    let mut differ = 0;
    for seed in 0..12 {
        let all = SimOptions {
            games: 2,
            opening: 10_000,
            seed: Some(Seed::Number(seed)),
            ..bots.clone()
        };
        let r = simulate(&all).unwrap();
        assert!(r.wins.red == 2 || r.wins.blue == 2, "seed {seed}: {r:?}");
        assert_eq!(distinct(&r), 1, "seed {seed}: {r:?}");
        let lone = simulate(&SimOptions {
            alternate: false,
            ..all
        })
        .unwrap();
        differ += usize::from(distinct(&lone) == 2);
    }
    assert!(differ >= 6, "{differ}");
    // The opening's moves are moves of the game: a cap equal to the opening leaves every game unfinished,
    // and one more move lets no game end.
    for cap in [6, 7] {
        let r = simulate(&SimOptions {
            opening: 6,
            max_turns: cap,
            ..bots.clone()
        })
        .unwrap();
        assert_eq!(r.unfinished, r.games);
    }
    let jokerball = SimOptions {
        opening: 2,
        ..opts(all_games()[0].clone(), 2, 1)
    };
    assert_eq!(
        simulate(&jokerball).unwrap_err().code(),
        ErrorCode::InvalidOption
    );
}
