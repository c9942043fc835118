//! The bot's choices are the same on every machine (API.md "Bot": budgets counted in work, integer
//! evaluation): `tests/data/bot_choices.json` holds positions met in self-play with the choice a fresh
//! bot (level and seed given) makes there. This test checks them natively; `js-tests/bot-choices.test.mjs`
//! checks the same file through the WebAssembly package.
//!
//! `RECORD_BOT_CHOICES=1 cargo test --release --test bot_choices` writes the file anew (after the
//! weights or the search change).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use serde_json::{json, Value};
use steere_games::bot::{Bot, BotGame, Level};
use steere_games::jokerball::{self, Phase, RuleSet};
use steere_games::{zola, Engine, Player, Seed};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/bot_choices.json");

/// The game of a Jokerball case: the position at the start of the turn, the dice, the man move.
fn jokerball_case(case: &Value) -> jokerball::Game {
    let rules = RuleSet::from_name(case["rules"].as_str().unwrap()).unwrap();
    let mut g = jokerball::Game::new(&jokerball::Setup {
        rules,
        position: Some(case["position"].as_str().unwrap().into()),
        ..jokerball::Setup::default()
    })
    .unwrap();
    let dice = &case["dice"];
    g.set_dice(
        dice[0].as_u64().unwrap() as u8,
        dice[1].as_u64().unwrap() as u8,
    )
    .unwrap();
    if let Some(m) = case["man"].as_str() {
        g.play(m).unwrap();
    }
    g
}

fn zola_case(case: &Value) -> zola::Game {
    zola::Game::new(&zola::Setup {
        position: Some(case["position"].as_str().unwrap().into()),
        ..zola::Setup::default()
    })
    .unwrap()
}

fn bot(case: &Value) -> Bot {
    let level = Level::from_name(case["level"].as_str().unwrap()).unwrap();
    Bot::new(
        level,
        Some(&Seed::Number(case["seed"].as_u64().unwrap() as u32)),
    )
}

/// The choice of the case's fresh bot.
fn choice(case: &Value) -> String {
    let mut b = bot(case);
    if case["game"] == "zola" {
        let g = zola_case(case);
        g.notation(b.choose_move(&g).unwrap())
    } else {
        let g = jokerball_case(case);
        g.notation(b.choose_move(&g).unwrap())
    }
}

/// Adds `case` with the choice of its fresh bot.
fn push_case(cases: &mut Vec<Value>, mut case: Value) {
    case["choice"] = json!(choice(&case));
    cases.push(case);
}

/// The bot of the player to move (`players` by colour) plays its move.
fn bot_plays<G: BotGame>(players: &mut [Bot; 2], g: &mut G) {
    let mv = players[g.turn().index()].choose_move(g).unwrap();
    g.play_move(mv).unwrap();
}

/// Positions from self-play: every third decision of games of the bot against itself.
fn record() -> Vec<Value> {
    let mut cases = Vec::new();
    let setups = [
        (RuleSet::Y2025, 6, 2),
        (RuleSet::Classic, 6, 2),
        (RuleSet::Y2025, 4, 2),
        (RuleSet::Y2025, 6, 3),
    ];
    for (li, level) in [Level::Easy, Level::Medium, Level::Hard]
        .into_iter()
        .enumerate()
    {
        for (si, &(rules, size, rows)) in setups.iter().enumerate() {
            let seed = (10 * li + si) as u32;
            let mut g = jokerball::Game::new(&jokerball::Setup {
                rules,
                size: Some(size),
                rows,
                first: Player::Red,
                seed: Some(Seed::Number(seed)),
                ..jokerball::Setup::default()
            })
            .unwrap();
            let mut players = [
                Bot::new(level, Some(&Seed::Number(seed))),
                Bot::new(level, Some(&Seed::Number(seed + 1))),
            ];
            let mut start = String::new();
            let mut decisions = 0;
            let mut recorded = 0;
            while g.phase() != Phase::Over && recorded < 6 && decisions < 200 {
                if g.phase() == Phase::Roll {
                    start = g.position_string();
                    g.roll().unwrap();
                    continue;
                }
                decisions += 1;
                if decisions % 3 == 0 {
                    let dice = g.dice().unwrap();
                    let man = match (g.phase(), g.turn_man_move()) {
                        (Phase::Ball, Some(Some(m))) => json!(g.notation(m)),
                        _ => Value::Null,
                    };
                    let case = json!({
                        "game": "jokerball",
                        "rules": rules.name(),
                        "position": start,
                        "dice": [dice.distance, dice.direction],
                        "man": man,
                        "level": level.name(),
                        "seed": 1000 + decisions,
                    });
                    push_case(&mut cases, case);
                    recorded += 1;
                }
                bot_plays(&mut players, &mut g);
            }
        }
        for (si, size) in [6u8, 8, 10].into_iter().enumerate() {
            let mut g = zola::Game::new(&zola::Setup {
                size: Some(size),
                ..zola::Setup::default()
            })
            .unwrap();
            let mut players = [
                Bot::new(level, Some(&Seed::Number(si as u32))),
                Bot::new(level, Some(&Seed::Number(si as u32 + 7))),
            ];
            let mut moves = 0;
            let mut recorded = 0;
            while g.phase() != zola::Phase::Over && recorded < 3 && moves < 300 {
                moves += 1;
                if moves % 5 == 0 {
                    let case = json!({
                        "game": "zola",
                        "position": g.position_string(),
                        "level": level.name(),
                        "seed": 2000 + moves,
                    });
                    push_case(&mut cases, case);
                    recorded += 1;
                }
                bot_plays(&mut players, &mut g);
            }
        }
    }
    cases
}

#[test]
fn recorded_choices_are_made_natively() {
    if std::env::var("RECORD_BOT_CHOICES").is_ok() {
        let cases = record();
        let mut text = String::from("[\n");
        for (i, c) in cases.iter().enumerate() {
            text.push_str("  ");
            text.push_str(&serde_json::to_string(c).unwrap());
            text.push_str(if i + 1 < cases.len() { ",\n" } else { "\n" });
        }
        text.push_str("]\n");
        std::fs::write(FILE, text).unwrap();
    }
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(FILE).unwrap()).unwrap();
    assert!(cases.len() >= 60, "{} cases", cases.len());
    for level in ["easy", "medium", "hard"] {
        for game in ["jokerball", "zola"] {
            assert!(
                cases
                    .iter()
                    .any(|c| c["level"] == level && c["game"] == game),
                "no {game} case at {level}"
            );
        }
    }
    for case in &cases {
        assert_eq!(choice(case), case["choice"].as_str().unwrap(), "{case}");
    }
}
