//! Records (RULES 4.1, 4.2) of random games and matches of every variant: written, read back, written
//! again byte for byte; at the start of a turn (or finished, or with a double pending) the object read
//! back equals the original (its JSON state without the dice generator). A match saved to JSON
//! (format 2) restores to an equal match.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

mod support;
use support::jokerball_match;

use proptest::prelude::*;
use steere_games::annotation::{Annotation, Annotations, MARKS};
use steere_games::record::{GameRecord, Recorded, Tagged};
use steere_games::{
    jokerball, zola, DiceRng, Engine, InMatch, Match, MatchPhase, MatchSetup, Player, Seed, Tags,
};

/// A pick among `n` things.
fn below(rng: &mut DiceRng, n: usize) -> usize {
    rng.below(n as u32) as usize
}

/// A few tags, sometimes with quotes, backslashes and other tags.
fn some_tags(rng: &mut DiceRng) -> Tags {
    let mut t = Tags::new();
    let values = ["Ana", "computer (hard)", "say \"hi\"", "a\\b", "", "Zoë ✓"];
    for name in ["Red", "Blue", "Event", "Opening", "Site", "Date", "Round"] {
        if below(rng, 3) == 0 {
            let v = if name == "Date" {
                "2026.12.03"
            } else {
                values[below(rng, values.len())]
            };
            t.set(name, v).unwrap();
        }
    }
    t
}

/// Random annotations (RULES 4.3) of some of the lines that may carry one: `games` says, for each game,
/// whether each of its lines may.
fn some_annotations(rng: &mut DiceRng, games: &[Vec<bool>]) -> Annotations {
    let comments = [
        "",
        "best f9>f3 0.62, played 0.48",
        "a; b",
        " spaced ",
        "Zoë ✓ \"q\"",
        "?? !",
    ];
    let mut list = Vec::new();
    for (g, lines) in games.iter().enumerate() {
        for (i, &ok) in lines.iter().enumerate() {
            if !ok || below(rng, 3) != 0 {
                continue;
            }
            let (mark, comment) = match below(rng, 3) {
                0 => (MARKS[below(rng, MARKS.len())], None),
                1 => ("", Some(comments[below(rng, comments.len())])),
                _ => (
                    MARKS[below(rng, MARKS.len())],
                    Some(comments[below(rng, comments.len())]),
                ),
            };
            list.push(Annotation {
                game: g as u32 + 1,
                line: i as u32,
                mark: mark.into(),
                comment: comment.map(str::to_string),
            });
        }
    }
    Annotations::from_list(list).unwrap()
}

/// Annotates a lone game at random (sometimes not at all).
fn annotate_game<G: GameRecord>(g: &mut G, rng: &mut DiceRng) {
    if below(rng, 4) != 0 {
        let lines = vec![true; g.history().len()];
        let a = some_annotations(rng, &[lines]);
        g.set_game_annotations(a).unwrap();
    }
}

/// Annotates a match at random (sometimes not at all): its records, cube actions and resignations.
fn annotate_match<G: GameRecord>(m: &mut Match<G>, rng: &mut DiceRng) {
    if below(rng, 4) != 0 {
        let games: Vec<Vec<bool>> = m
            .games()
            .iter()
            .map(|g| {
                g.log
                    .iter()
                    .map(|l| l.kind != steere_games::LineKind::Result)
                    .collect()
            })
            .collect();
        let a = some_annotations(rng, &games);
        m.set_annotations(a).unwrap();
    }
}

/// Plays `plies` random steps of a lone Jokerball game (rolls and legal moves); it may stop mid-turn.
fn play_jokerball(g: &mut jokerball::Game, rng: &mut DiceRng, plies: usize) {
    for _ in 0..plies {
        match g.phase() {
            jokerball::Phase::Over => return,
            jokerball::Phase::Roll => {
                g.set_dice(
                    1 + below(rng, g.size() as usize) as u8,
                    1 + below(rng, 6) as u8,
                )
                .unwrap();
            }
            _ => {
                let moves = g.legal_moves();
                g.play_move(moves[below(rng, moves.len())]).unwrap();
            }
        }
    }
}

/// Plays `plies` random moves of a lone Zola game (a swap when it is offered, now and then).
fn play_zola(g: &mut zola::Game, rng: &mut DiceRng, plies: usize) {
    for _ in 0..plies {
        if g.winner().is_some() {
            return;
        }
        let moves = g.legal_moves();
        g.play_move(moves[below(rng, moves.len())]).unwrap();
    }
}

/// Written, read back and written again byte for byte; equal when at the start of a turn.
fn check_game<G: GameRecord>(g: &Tagged<G>, tags: &Tags, turn_start: bool) {
    let text = g.to_record(tags);
    let back = Tagged::<G>::from_record(&text, None).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.to_record(&Tags::new()), text);
    assert_eq!(back.history(), g.history());
    assert_eq!(back.tags(), &g.tags().overlaid(tags));
    assert_eq!(back.annotations(), g.annotations(), "{text}");
    let restored = Tagged::new(G::from_state(&g.to_state(true)).unwrap());
    assert_eq!(restored.annotations(), g.annotations());
    if turn_start {
        let mut same = g.clone();
        same.set_tags(back.tags().clone());
        assert_eq!(back.to_state(false), same.to_state(false), "{text}");
    }
    // Read again with CRLF line ends and comments in the body: the same object.
    let (head, body) = text.split_once("\n\n").unwrap();
    let noisy = format!(
        "{}\r\n\r\n{}",
        head.replace('\n', "\r\n"),
        body.replace('\n', " ; note\r\n")
    );
    let again = Tagged::<G>::from_record(&noisy, None).unwrap();
    assert_eq!(again.to_record(&Tags::new()), text);
}

fn jokerball_setup(rng: &mut DiceRng) -> jokerball::Setup {
    let size = if below(rng, 2) == 0 { 4 } else { 6 };
    jokerball::Setup {
        rules: if below(rng, 2) == 0 {
            jokerball::RuleSet::Y2025
        } else {
            jokerball::RuleSet::Classic
        },
        size: Some(size),
        rows: 1 + below(rng, size as usize - 1) as u8,
        first: if below(rng, 2) == 0 {
            Player::Red
        } else {
            Player::Blue
        },
        position: None,
        seed: Some(Seed::Number(rng.next_u32())),
    }
}

fn zola_setup(rng: &mut DiceRng, pie: bool) -> zola::Setup {
    zola::Setup {
        size: Some([6, 8, 10][below(rng, 3)]),
        pie,
        first: if below(rng, 2) == 0 {
            Player::Red
        } else {
            Player::Blue
        },
        position: None,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    // RULES 4.1, 4.2: lone Jokerball games of both rule sets, both sizes, every row count, either
    // first player, from the setup or from a position reached by play.
    #[test]
    fn records_4_jokerball_games_round_trip(seed in any::<u32>(), plies in 0usize..400, from_position in any::<bool>()) {
        let (g, tags) = random_jokerball(seed, plies, from_position);
        let start = matches!(g.phase(), jokerball::Phase::Roll | jokerball::Phase::Over);
        check_game(&g, &tags, start);
    }

    // RULES 4.1, 4.2: lone Zola games of every size, with and without the pie rule (swaps), from the
    // setup or from a position, passes included.
    #[test]
    fn records_4_zola_games_round_trip(seed in any::<u32>(), plies in 0usize..300, kind in 0u8..4) {
        let (g, tags) = random_zola(seed, plies, kind);
        check_game(&g, &tags, true);
    }
}

/// A random lone Jokerball game: any rule set, size, row count and first player, from the setup or
/// from a position reached by play; `plies` random steps (it may stop mid-turn).
fn random_jokerball(
    seed: u32,
    plies: usize,
    from_position: bool,
) -> (Tagged<jokerball::Game>, Tags) {
    let mut rng = DiceRng::from_seed(&Seed::Number(seed));
    let mut g = jokerball::Game::new(&jokerball_setup(&mut rng)).unwrap();
    if from_position {
        let n = 1 + below(&mut rng, 60);
        play_jokerball(&mut g, &mut rng, n);
        while g.phase() != jokerball::Phase::Roll && g.phase() != jokerball::Phase::Over {
            play_jokerball(&mut g, &mut rng, 1);
        }
        if g.phase() == jokerball::Phase::Roll {
            g = jokerball::Game::new(&jokerball::Setup {
                rules: g.rules(),
                position: Some(g.position_string()),
                ..Default::default()
            })
            .unwrap();
        }
    }
    play_jokerball(&mut g, &mut rng, plies);
    annotate_game(&mut g, &mut rng);
    let tags = some_tags(&mut rng);
    (Tagged::new(g), tags)
}

/// A random lone Zola game: any size and first player; `kind` 0: from the setup, 1: with the pie rule
/// (a swap half the time), 2: from a position reached by play, 3: from a position where a side has no
/// move (passes).
fn random_zola(seed: u32, plies: usize, kind: u8) -> (Tagged<zola::Game>, Tags) {
    let mut rng = DiceRng::from_seed(&Seed::Number(seed));
    let mut g = match kind {
        0 | 1 => zola::Game::new(&zola_setup(&mut rng, kind == 1)).unwrap(),
        2 => {
            let mut g = zola::Game::new(&zola_setup(&mut rng, false)).unwrap();
            let n = 1 + below(&mut rng, 40);
            play_zola(&mut g, &mut rng, n);
            if g.winner().is_some() {
                g
            } else {
                zola::Game::new(&zola::Setup {
                    position: Some(g.position_string()),
                    ..Default::default()
                })
                .unwrap()
            }
        }
        _ => zola::Game::new(&zola::Setup {
            position: Some(
                ["6/6/6/1b4/6/r5 r", "r5/6/2b3/6/6/b4b r", "6/6/6/6/1b4/r5 b"][below(&mut rng, 3)]
                    .into(),
            ),
            ..Default::default()
        })
        .unwrap(),
    };
    if kind == 1 && g.history().is_empty() {
        play_zola(&mut g, &mut rng, 1);
        if below(&mut rng, 2) == 0 && g.is_legal("swap") {
            g.play("swap").unwrap();
        }
    }
    play_zola(&mut g, &mut rng, plies);
    annotate_game(&mut g, &mut rng);
    let tags = some_tags(&mut rng);
    (Tagged::new(g), tags)
}

/// A random step of a match: cube actions and resignations now and then, moves otherwise.
/// Returns false when the match is over.
fn step<G: InMatch>(
    m: &mut Match<G>,
    rng: &mut DiceRng,
    mut roll: impl FnMut(&mut Match<G>, &mut DiceRng) -> bool,
) -> bool {
    match m.phase() {
        MatchPhase::MatchOver => return false,
        MatchPhase::GameOver => {
            m.next_game().unwrap();
        }
        MatchPhase::Double => match below(rng, 5) {
            0 => {
                m.drop_double().unwrap();
            }
            1 => {
                let p = if below(rng, 2) == 0 {
                    Player::Red
                } else {
                    Player::Blue
                };
                m.resign(p).unwrap();
            }
            _ => m.take().unwrap(),
        },
        MatchPhase::Playing => {
            if m.can_double().is_ok() && below(rng, 6) == 0 {
                m.double().unwrap();
            } else if below(rng, 150) == 0 {
                let p = if below(rng, 2) == 0 {
                    Player::Red
                } else {
                    Player::Blue
                };
                m.resign(p).unwrap();
            } else if !roll(m, rng) {
                let moves = m.game().legal_moves();
                let mv = moves[below(rng, moves.len())];
                m.act(|g| g.play_move(mv)).unwrap();
            }
        }
    }
    true
}

/// Ends a random match in one of the states a record must also hold: a double pending, or a game just
/// resigned (the next not started), or as it is.
fn finish_randomly<G: InMatch>(m: &mut Match<G>, rng: &mut DiceRng) {
    match below(rng, 4) {
        0 if m.can_double().is_ok() => m.double().unwrap(),
        1 if m.phase() == MatchPhase::Playing && m.game().at_turn_start() => {
            m.resign(if below(rng, 2) == 0 {
                Player::Red
            } else {
                Player::Blue
            })
            .unwrap();
        }
        _ => {}
    }
}

/// Written, read back, written again byte for byte; the games shown are the same; equal when the
/// current game is at the start of a turn; the JSON state (format 2) restores to an equal match.
fn check_match<G: GameRecord>(m: &Match<G>, tags: &Tags, turn_start: bool) {
    let text = m.to_record(tags).unwrap();
    let back = Match::<G>::from_record(&text, None).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.to_record(&Tags::new()).unwrap(), text);
    assert_eq!(back.games(), m.games(), "{text}");
    assert_eq!(back.annotations(), m.annotations(), "{text}");
    assert_eq!(back.phase(), m.phase());
    if turn_start {
        let mut same = m.clone();
        same.set_tags(back.tags().clone());
        assert_eq!(back.to_saved(false), same.to_saved(false), "{text}");
    }
    let saved = m.to_saved(true);
    assert_eq!(saved.format, 2);
    assert_eq!(&Match::<G>::from_saved(&saved).unwrap(), m);
    let json = serde_json::to_string(&saved).unwrap();
    let parsed = serde_json::from_str(&json).unwrap();
    assert_eq!(&Match::<G>::from_saved(&parsed).unwrap(), m);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    // RULES 4: Jokerball matches of both rule sets and sizes, every length, with and without the cube:
    // doubles taken and dropped, resignations (also answering a double), a pending double, the next
    // game started or not, finished matches.
    #[test]
    fn records_4_jokerball_matches_round_trip(seed in any::<u32>(), steps in 0usize..1500, length in 1u32..=21, cube in any::<bool>()) {
        let (m, extra) = random_jokerball_match(seed, steps, length, cube);
        let start = matches!(m.game().phase(), jokerball::Phase::Roll | jokerball::Phase::Over);
        check_match(&m, &extra, start);
    }

    // RULES 4: Zola matches of every size, every length, with and without the cube.
    #[test]
    fn records_4_zola_matches_round_trip(seed in any::<u32>(), steps in 0usize..1500, length in 1u32..=21, cube in any::<bool>()) {
        let m = random_zola_match(seed, steps, length, cube);
        check_match(&m, &Tags::new(), true);
    }
}

/// A random Jokerball match (any rule set, size and row count) after `steps` random steps, with tags,
/// and tags to write it with.
fn random_jokerball_match(
    seed: u32,
    steps: usize,
    length: u32,
    cube: bool,
) -> (Match<jokerball::Game>, Tags) {
    let mut rng = DiceRng::from_seed(&Seed::Number(seed));
    let game = jokerball_setup(&mut rng);
    let mut m = Match::<jokerball::Game>::new(&MatchSetup { length, cube, game }).unwrap();
    for _ in 0..steps {
        let more = step(&mut m, &mut rng, |m, rng| {
            if m.game().phase() == jokerball::Phase::Roll {
                let size = m.game().size() as usize;
                m.set_dice(1 + below(rng, size) as u8, 1 + below(rng, 6) as u8)
                    .unwrap();
                true
            } else {
                false
            }
        });
        if !more {
            break;
        }
    }
    finish_randomly(&mut m, &mut rng);
    annotate_match(&mut m, &mut rng);
    m.set_tags(some_tags(&mut rng));
    let extra = some_tags(&mut rng);
    (m, extra)
}

/// A random Zola match (any size) after `steps` random steps, with tags.
fn random_zola_match(seed: u32, steps: usize, length: u32, cube: bool) -> Match<zola::Game> {
    let mut rng = DiceRng::from_seed(&Seed::Number(seed));
    let game = zola_setup(&mut rng, false);
    let mut m = Match::<zola::Game>::new(&MatchSetup { length, cube, game }).unwrap();
    for _ in 0..steps {
        if !step(&mut m, &mut rng, |_, _| false) {
            break;
        }
    }
    finish_randomly(&mut m, &mut rng);
    annotate_match(&mut m, &mut rng);
    m.set_tags(some_tags(&mut rng));
    m
}

#[test]
fn records_4_the_random_cases_cover_every_kind_of_line() {
    // The generators above reach every kind of line: passes, swaps, positions, each cube action, a
    // resignation, a pending double, a finished match, a game over before the next one starts.
    let mut seen = std::collections::BTreeMap::<&str, u32>::new();
    let mut note = |text: &str| {
        for (what, needle) in [
            ("pass", ". -\n"),
            ("swap", ". swap\n"),
            ("position", "[Position "),
            ("double", " doubles\n"),
            ("take", " takes\n"),
            ("drop", " drops\n"),
            ("resign", " resigns\n"),
            ("match won", " and the match\n"),
            ("pending double", " doubles\n\u{0}"),
            ("game over, next not started", " point\n\u{0}"),
            ("game over, next not started", " points\n\u{0}"),
            ("game 2", "\nGame 2\n"),
        ] {
            if format!("{text}\u{0}").contains(needle) {
                *seen.entry(what).or_default() += 1;
            }
        }
    };
    for seed in 0..60u32 {
        let plies = (seed as usize * 37) % 300;
        note(
            &random_jokerball(seed, plies, seed % 2 == 0)
                .0
                .to_record(&Tags::new()),
        );
        note(
            &random_zola(seed, plies, (seed % 4) as u8)
                .0
                .to_record(&Tags::new()),
        );
        let steps = if seed % 2 == 0 {
            seed as usize % 9
        } else {
            (seed as usize * 53) % 1500
        };
        let length = 1 + seed % 21;
        let (m, _) = random_jokerball_match(seed, steps, length, seed % 3 != 0);
        note(&m.to_record(&Tags::new()).unwrap());
        note(
            &random_zola_match(seed, steps, length, seed % 3 != 0)
                .to_record(&Tags::new())
                .unwrap(),
        );
    }
    for what in [
        "pass",
        "swap",
        "position",
        "double",
        "take",
        "drop",
        "resign",
        "match won",
        "pending double",
        "game over, next not started",
        "game 2",
    ] {
        assert!(
            seen.get(what).copied().unwrap_or(0) > 0,
            "no {what} in {seen:?}"
        );
    }
}

#[test]
fn records_4_a_long_match_round_trips() {
    // A 21-point match played to its end by random moves and cube actions.
    for (seed, cube) in [(1u32, true), (2, false)] {
        let mut rng = DiceRng::from_seed(&Seed::Number(seed));
        let mut m = jokerball_match(21, cube, seed);
        while step(&mut m, &mut rng, |m, _| {
            if m.game().phase() == jokerball::Phase::Roll {
                m.roll().unwrap();
                true
            } else {
                false
            }
        }) {}
        assert_eq!(m.phase(), MatchPhase::MatchOver);
        // A resignation after the dice were thrown leaves that turn out of the record.
        let start = matches!(
            m.game().phase(),
            jokerball::Phase::Roll | jokerball::Phase::Over
        );
        check_match(&m, &Tags::new(), start);
    }
}
