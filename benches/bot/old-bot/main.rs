//! A driver for the bot of commit bf63d41 (the hand-tuned evaluation of issue 7), built against that
//! commit's crate by `benches/bot/old-bot/build.sh` and played by `examples/bench_bot.rs` through stdin
//! and stdout, one line per request:
//! - `new|<level>|<seed>`: a new bot (answers `ok`);
//! - `move|<rules>|<position string at the start of the turn>|<distance>|<direction>|<man move or ->`:
//!   the bot's move in that turn (phase man, or phase ball after the man move given), in notation.
use std::io::{BufRead, Write};

use steere_games::bot::{Bot, Level};
use steere_games::jokerball::{Game, RuleSet};
use steere_games::Seed;

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut bot = Bot::new(Level::Hard, None);
    for line in stdin.lock().lines() {
        let line = line.expect("a line");
        let parts: Vec<&str> = line.split('|').collect();
        match parts.as_slice() {
            ["new", level, seed] => {
                let level = Level::from_name(level).expect("a level");
                let seed: u32 = seed.parse().expect("a seed");
                bot = Bot::new(level, Some(&Seed::Number(seed)));
                writeln!(out, "ok").expect("write");
            }
            ["move", rules, pos, d, r, man] => {
                let rules = RuleSet::from_name(rules).expect("a rule set");
                let mut g = Game::from_position(rules, pos, None).expect("a position");
                g.set_dice(d.parse().expect("distance"), r.parse().expect("direction"))
                    .expect("dice");
                if *man != "-" {
                    g.play(man).expect("the man move");
                }
                let m = bot.choose_jokerball(&g).expect("a move");
                writeln!(out, "{}", g.notation(&m)).expect("write");
            }
            _ => panic!("bad request: {line}"),
        }
        out.flush().expect("flush");
    }
}
