//! Times `Bot::rollout` natively (issue 37, "Speed"): the side-6 opening and a middle-game position,
//! `easy`, with and without variance reduction. Usage: `cargo run --release --example rollout_speed
//! [trials] [case ...]` (cases `open`, `open-plain`, `middle`, `middle-plain`; default all).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::time::Instant;

use steere_games::bot::{RolloutFrom, RolloutOptions};
use steere_games::jokerball::{Game, Phase, Setup};
use steere_games::{Bot, Engine, Level, Seed};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let trials = args.first().and_then(|a| a.parse().ok()).unwrap_or(72);
    let cases: Vec<&str> = if args.len() > 1 {
        args[1..].iter().map(String::as_str).collect()
    } else {
        vec!["open", "open-plain", "middle", "middle-plain"]
    };
    let open = Game::new(&Setup {
        seed: Some(Seed::Number(1)),
        ..Setup::default()
    })
    .unwrap();
    let mut middle = Game::new(&Setup {
        seed: Some(Seed::Number(3)),
        ..Setup::default()
    })
    .unwrap();
    let mut b = Bot::new(Level::Easy, Some(&Seed::Number(3)));
    while middle.history_len() < 16 || middle.phase() != Phase::Man {
        if middle.phase() == Phase::Roll {
            middle.roll().unwrap();
        } else {
            let m = b.choose_move(&middle).unwrap();
            middle.play_move(m).unwrap();
        }
    }
    for case in cases {
        let (g, vr) = match case {
            "open" => (&open, true),
            "open-plain" => (&open, false),
            "middle" => (&middle, true),
            _ => (&middle, false),
        };
        let mut bot = Bot::new(Level::Easy, Some(&Seed::Number(1)));
        let o = RolloutOptions {
            trials,
            variance_reduction: vr,
            seed: Some(Seed::Number(1)),
            candidates: g.phase().eq(&Phase::Man).then(|| {
                bot.hint(g)
                    .unwrap()
                    .into_iter()
                    .take(2)
                    .map(|c| c.choice)
                    .collect()
            }),
            ..RolloutOptions::default()
        };
        let t0 = Instant::now();
        let r = bot
            .rollout(RolloutFrom::Game(g), &o, &mut |_, _| true)
            .unwrap();
        let s = t0.elapsed().as_secs_f64();
        println!(
            "{case:12} {s:.2} s ({:.2} ms per trial): {:?}",
            1000.0 * s / f64::from(trials),
            r.entries.iter().map(|e| (e.win, e.se)).collect::<Vec<_>>()
        );
    }
}
