//! The bot's own error, measured by rollouts (`make measure-bot`; issue 37 point 6).
//!
//! Positions come from bot games (`medium` against `medium`, seeded) in three Jokerball variants: side 6
//! with the 2025 rules, side 4 (2025 rules), and side 6 with the classic rules. Every decision with at
//! least two legal turns is a candidate position; one in `STRIDE` of them is kept, until `POSITIONS`
//! per variant. At each position every level (`easy`, `medium`, `hard`) says its turn (the first of its
//! hint, which is what it plays), and the candidates are those turns with the best `TOP` of `hard`'s
//! hint. The candidates are rolled out together (the same dice for each, `bot.rollout` of the package,
//! `easy` playing both sides, `TRIALS` trials, `TRUNCATE` turns, variance reduction on) with two seeds.
//!
//! A level's error at a position is the best candidate's chance less its own turn's. Taking the best
//! of noisy estimates makes errors look larger than they are, so the report gives, besides each seed's
//! own figures, the cross-seed figure: the best chosen by the first seed and the errors measured by the
//! second, which has no such bias. When the three agree within their intervals the settings are
//! reliable enough for the figures they give. PR is 500 times the mean error per decision (the demo's,
//! as gnubg defines it), with a 95% interval over the positions (1.96 standard errors).
//!
//! Usage: `cargo run --profile bench --example measure_bot`. Environment: `VR=0` (variance reduction
//! off), `POSITIONS` (per variant,
//! default 100), `STRIDE` (default 5), `TOP` (default 3), `TRIALS` (default 144), `TRUNCATE` (default 10;
//! 0: to the end), `SEEDS` (two, default `1,2`), `VARIANTS` (a list of `side6`, `side4`, `classic`).
//! Runs on two threads; prints a table in the README's form.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use steere_games::bot::{Bot, Level, RolloutFrom, RolloutOptions};
use steere_games::jokerball::{Game, Phase, RuleSet, Setup};
use steere_games::{Engine, Seed};

const LEVELS: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

fn env_u32(name: &str, default: u32) -> u32 {
    std::env::var(name)
        .ok()
        .map(|v| v.parse().unwrap_or_else(|_| panic!("{name} is a number")))
        .unwrap_or(default)
}

/// A variant: its name and its setup (dice seeded by the game).
fn setup(variant: &str, seed: u32) -> Setup {
    let (rules, size) = match variant {
        "side6" => (RuleSet::Y2025, 6),
        "side4" => (RuleSet::Y2025, 4),
        "classic" => (RuleSet::Classic, 6),
        other => panic!("unknown variant {other} (side6, side4, classic)"),
    };
    Setup {
        rules,
        size: Some(size),
        seed: Some(Seed::Number(seed)),
        ..Setup::default()
    }
}

/// `count` positions of `variant`: games of `medium` against itself, one decision in `stride` kept.
fn positions(variant: &str, count: usize, stride: u32) -> Vec<Game> {
    let mut out = Vec::new();
    let mut seen = 0u32;
    let mut game_no = 0u32;
    while out.len() < count {
        game_no += 1;
        let mut game = Game::new(&setup(variant, 10_000 + game_no)).expect("setup");
        let mut bot = Bot::new(Level::Medium, Some(&Seed::Number(game_no)));
        for _ in 0..3000 {
            match game.phase() {
                Phase::Over => break,
                Phase::Roll => {
                    game.roll().expect("roll");
                }
                phase => {
                    if phase == Phase::Man && game.legal_turns().len() >= 2 {
                        seen += 1;
                        if seen % stride == 0 && out.len() < count {
                            out.push(game.clone());
                        }
                    }
                    let m = bot.choose_jokerball(&game).expect("a move");
                    game.play_move(m).expect("legal");
                }
            }
        }
    }
    out
}

/// What one position gives: every candidate's chance per seed, and which candidate each level plays.
struct Measured {
    /// `[seed][candidate]`: the candidate's chance (the mover's, by the rollout).
    all: [Vec<f64>; 2],
    /// `[level]`: the index of the level's turn among the candidates.
    level: [usize; 3],
}

impl Measured {
    /// The index of the best candidate by seed `s`.
    fn best(&self, s: usize) -> usize {
        (0..self.all[s].len()).fold(0, |b, i| {
            if self.all[s][i] > self.all[s][b] {
                i
            } else {
                b
            }
        })
    }

    /// Level `l`'s error by seed `measured`, the best chosen by seed `chosen`.
    fn error(&self, l: usize, chosen: usize, measured: usize) -> f64 {
        self.all[measured][self.best(chosen)] - self.all[measured][self.level[l]]
    }
}

fn measure(game: &Game, index: usize, options: &RolloutOptions, seeds: [u32; 2]) -> Measured {
    let seed = Seed::Number(index as u32 + 1);
    let mut candidates: Vec<String> = Vec::new();
    let mut hard = Bot::new(Level::Hard, Some(&seed));
    for c in hard
        .hint(game)
        .expect("a hint")
        .into_iter()
        .take(env_u32("TOP", 3) as usize)
    {
        candidates.push(c.choice);
    }
    let level = LEVELS.map(|l| {
        let mut bot = Bot::new(l, Some(&seed));
        let turn = bot.hint(game).expect("a hint").swap_remove(0).choice;
        candidates
            .iter()
            .position(|c| *c == turn)
            .unwrap_or_else(|| {
                candidates.push(turn);
                candidates.len() - 1
            })
    });
    let all = seeds.map(|s| {
        let o = RolloutOptions {
            candidates: Some(candidates.clone()),
            seed: Some(Seed::Number(s)),
            ..options.clone()
        };
        let r = Bot::new(Level::Easy, Some(&Seed::Number(s)))
            .rollout(RolloutFrom::Game(game), &o, &mut |_, _| true)
            .expect("a rollout");
        candidates
            .iter()
            .map(|c| {
                r.entries
                    .iter()
                    .find(|e| e.choice == *c)
                    .map(|e| e.win)
                    .expect("every candidate rolled out")
            })
            .collect()
    });
    Measured { all, level }
}

/// Mean and the half-width of its 95% interval.
fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n).sqrt())
}

fn main() {
    let count = env_u32("POSITIONS", 100) as usize;
    let stride = env_u32("STRIDE", 5);
    let seeds: Vec<u32> = std::env::var("SEEDS")
        .unwrap_or_else(|_| "1,2".into())
        .split(',')
        .map(|s| s.trim().parse().expect("SEEDS: two numbers"))
        .collect();
    let seeds: [u32; 2] = seeds.try_into().expect("SEEDS: two numbers");
    let options = RolloutOptions {
        trials: env_u32("TRIALS", 144),
        truncate: env_u32("TRUNCATE", 10),
        player: Level::Easy,
        variance_reduction: std::env::var("VR").map_or(true, |v| v != "0"),
        ..RolloutOptions::default()
    };
    let variants: Vec<String> = std::env::var("VARIANTS")
        .unwrap_or_else(|_| "side6,side4,classic".into())
        .split(',')
        .map(str::to_string)
        .collect();
    println!(
        "measure_bot: {count} positions per variant (one decision in {stride}), {} trials, truncate {}, \
         variance reduction {}, seeds {seeds:?}",
        options.trials, options.truncate, options.variance_reduction
    );
    let started = Instant::now();
    let mut all: Vec<Measured> = Vec::new();
    for v in &variants {
        let t0 = Instant::now();
        let games = positions(v, count, stride);
        let next = AtomicUsize::new(0);
        let done: Vec<Vec<(usize, Measured)>> = std::thread::scope(|s| {
            let hs: Vec<_> = (0..2)
                .map(|_| {
                    s.spawn(|| {
                        let mut mine = Vec::new();
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let Some(g) = games.get(i) else { break };
                            mine.push((i, measure(g, i, &options, seeds)));
                        }
                        mine
                    })
                })
                .collect();
            hs.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let mut measured: Vec<(usize, Measured)> = done.into_iter().flatten().collect();
        measured.sort_by_key(|(i, _)| *i);
        let measured: Vec<Measured> = measured.into_iter().map(|(_, m)| m).collect();
        println!(
            "\n{v}: {} positions in {:.0} s",
            measured.len(),
            t0.elapsed().as_secs_f64()
        );
        report(&measured);
        all.extend(measured);
    }
    println!("\nall variants: {} positions", all.len());
    report(&all);
    println!("\ntotal {:.0} s", started.elapsed().as_secs_f64());
}

/// Prints each level's error per decision and PR: per seed, and across seeds (best by the first
/// seed, measured by the second).
fn report(ms: &[Measured]) {
    println!("level   | PR seed 1     | PR seed 2     | PR cross-seed");
    for (l, level) in LEVELS.iter().enumerate() {
        let f = |chosen: usize, measured: usize| {
            let xs: Vec<f64> = ms.iter().map(|m| m.error(l, chosen, measured)).collect();
            let (mean, half) = mean_ci(&xs);
            format!("{:5.1} ± {:4.1}", 500.0 * mean, 500.0 * half)
        };
        println!(
            "{:7} | {} | {} | {}",
            level.name(),
            f(0, 0),
            f(1, 1),
            f(0, 1)
        );
    }
    let agree = ms.iter().filter(|m| m.best(0) == m.best(1)).count();
    println!(
        "the two seeds name the same best turn at {agree} of {} positions",
        ms.len()
    );
}
