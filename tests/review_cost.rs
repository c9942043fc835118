//! The cost of a review (src/bot/analysis.rs), counted in positions analysed so that it holds on any
//! machine: a review of a Jokerball game costs at most 3 times what the questions it answers cost
//! asked one by one: the hint of each position where a player chose (the error) and the one-ply look
//! at every roll of each turn start (the luck: the mean over every equally likely roll, which
//! `evaluate` at `medium` is). At `easy` the luck's look is nearly all of it (a hint is one roll's
//! look); at `medium` and `hard` the hints are (docs/api.md, "bot.review"). One test, so that the
//! thread's count is its own.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use steere_games::bot::jokerball_eval::analysed;
use steere_games::{jokerball, Bot, Engine, Level, Seed};

fn bot(level: Level, seed: u32) -> Bot {
    Bot::new(level, Some(&Seed::Number(seed)))
}

/// A side-6 game of the `easy` bot against itself, the positions where a player chose (dice thrown)
/// and the turn starts before them.
fn game(seed: u32) -> (jokerball::Game, Vec<jokerball::Game>, Vec<jokerball::Game>) {
    let mut g = jokerball::Game::new(&jokerball::Setup {
        seed: Some(Seed::Number(seed)),
        ..Default::default()
    })
    .unwrap();
    let mut b = bot(Level::Easy, seed);
    let mut chosen = Vec::new();
    let mut starts = Vec::new();
    while g.winner().is_none() {
        if g.phase() == jokerball::Phase::Roll {
            starts.push(g.clone());
            g.roll().unwrap();
            if g.phase() == jokerball::Phase::Man {
                chosen.push(g.clone());
            }
        } else {
            let m = b.choose_move(&g).unwrap();
            g.play_move(m).unwrap();
        }
    }
    (g, chosen, starts)
}

#[test]
fn a_review_costs_at_most_three_times_its_hints_and_luck_looks() {
    let (g, positions, starts) = game(5);
    let levels: &[Level] = if std::env::var("REVIEW_COST_HARD").is_ok() {
        &[Level::Easy, Level::Medium, Level::Hard]
    } else {
        &[Level::Easy, Level::Medium]
    };
    let before = analysed();
    for p in &starts {
        bot(Level::Medium, 1).evaluate(p);
    }
    let looks = analysed() - before;
    for &level in levels {
        let t = std::time::Instant::now();
        let before = analysed();
        bot(level, 1).review(&g, &mut |_, _| true).unwrap();
        let review = analysed() - before;
        let t1 = t.elapsed();
        let before = analysed();
        for p in &positions {
            bot(level, 1).hint(p).unwrap();
        }
        let hints = analysed() - before;
        let ratio = review as f64 / (hints + looks) as f64;
        eprintln!(
            "{}: {} turns, review {review} positions analysed ({t1:?}), hints {hints} ({:?}), luck \
             looks {looks}: {ratio:.2}",
            level.name(),
            g.history_len(),
            t.elapsed() - t1
        );
        assert!(ratio <= 3.0, "{}: {ratio:.2}", level.name());
    }
}
