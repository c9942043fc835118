//! The bot's strength benchmark (`make bench-bot`; issue 7). Plays:
//! - Jokerball `hard` and `medium` against a greedy player (colours alternating), every level against
//!   a uniformly random player;
//! - Zola `hard` against a 2-ply material searcher;
//! - 5-point Jokerball matches with the cube: the `easy` bot with its cube decisions against the same
//!   bot that never doubles and always takes.
//!
//! Usage: `cargo run --release --example bench_bot [part ...]` with parts `greedy`, `random`, `zola`,
//! `cube` (default: all). `GAMES=n` overrides the Jokerball game count (default 400), `ZGAMES` the
//! Zola count (default 100), `MATCHES` the cube match count (default 400), `LEVELS=easy,hard` limits the
//! Jokerball levels played. Runs on two threads.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::time::Instant;

use steere_games::bot::jokerball::{Weights, WEIGHTS};
use steere_games::bot::{Bot, CubeAction, Level};
use steere_games::jokerball::{self, Game, MoveList, Phase, Setup};
use steere_games::zola;
use steere_games::{DiceRng, Engine, Match, MatchPhase, MatchSetup, Player, Seed};

/// A Jokerball player of the benchmark.
trait JPlayer {
    fn choose(&mut self, game: &Game) -> jokerball::Move;
}

struct BotPlayer(Bot);

/// Evaluation weights from `W=row,man,own_block,their_open,guard,reach` (for tuning), else the bot's own.
fn weights() -> Weights {
    let mut w = WEIGHTS;
    if let Ok(text) = std::env::var("W") {
        let v: Vec<i32> = text.split(',').filter_map(|x| x.parse().ok()).collect();
        if let [row, man, own_block, their_open, guard, reach] = v[..] {
            w = Weights {
                row,
                man,
                own_block,
                their_open,
                guard,
                reach,
            };
        }
    }
    w
}

impl JPlayer for BotPlayer {
    fn choose(&mut self, game: &Game) -> jokerball::Move {
        self.0
            .choose_jokerball_with(game, &weights())
            .expect("a move in phase man or ball")
    }
}

/// Uniform among the legal moves of each phase.
struct RandomPlayer(DiceRng);

impl JPlayer for RandomPlayer {
    fn choose(&mut self, game: &Game) -> jokerball::Move {
        let mut list = MoveList::new();
        game.legal_moves_into(&mut list);
        list[self.0.below(list.len() as u32) as usize]
    }
}

/// The greedy player of issue 7: wins at once when it can, never puts the ball through its own goal
/// when it can avoid it, otherwise pushes the ball as far as it can toward the opponent's goal and
/// keeps its men (captures when it can, ties at random).
struct GreedyPlayer(DiceRng);

fn ball_rows(game: &Game, me: Player) -> i32 {
    let pos = game.position();
    let g = pos.geometry();
    match pos.ball() {
        Some(b) => {
            let row = i32::from(g.row_of[usize::from(b)]);
            if me == Player::Red {
                i32::from(g.rows) - 1 - row
            } else {
                row
            }
        }
        None => 0,
    }
}

fn greedy_score(after: &Game, me: Player) -> i64 {
    match after.winner() {
        Some(w) if w == me => return i64::MAX,
        Some(_) => return i64::MIN,
        None => {}
    }
    let pos = after.position();
    let material = pos.men(me) as i64 - pos.men(me.other()) as i64;
    i64::from(ball_rows(after, me)) * 100 + material
}

impl JPlayer for GreedyPlayer {
    fn choose(&mut self, game: &Game) -> jokerball::Move {
        let me = game.turn();
        let mut firsts = MoveList::new();
        game.legal_moves_into(&mut firsts);
        let mut best: Vec<jokerball::Move> = Vec::new();
        let mut best_score = i64::MIN;
        let mut any = false;
        for &m in firsts.iter() {
            let mut g1 = game.clone();
            g1.play_move(m).expect("legal");
            // The best completion of the turn from here.
            let score = if g1.phase() == Phase::Ball && g1.turn() == me {
                let mut balls = MoveList::new();
                g1.legal_moves_into(&mut balls);
                balls
                    .iter()
                    .map(|&b| {
                        let mut g2 = g1.clone();
                        g2.play_move(b).expect("legal");
                        greedy_score(&g2, me)
                    })
                    .max()
                    .unwrap_or(i64::MIN)
            } else {
                greedy_score(&g1, me)
            };
            if !any || score > best_score {
                any = true;
                best_score = score;
                best.clear();
            }
            if score == best_score {
                best.push(m);
            }
        }
        best[self.0.below(best.len() as u32) as usize]
    }
}

/// The standard Jokerball setup with dice from `seed`.
fn seeded(seed: u32) -> Setup {
    Setup {
        seed: Some(Seed::Number(seed)),
        ..Setup::default()
    }
}

/// Plays one Jokerball game (at most 3000 turns) and returns it.
fn play_game(seed: u32, red: &mut dyn JPlayer, blue: &mut dyn JPlayer) -> Game {
    let mut game = Game::new(&seeded(seed)).expect("setup");
    for _ in 0..3000 {
        match game.phase() {
            Phase::Over => return game,
            Phase::Roll => {
                game.roll().expect("roll");
            }
            _ => {
                let m = if game.turn() == Player::Red {
                    red.choose(&game)
                } else {
                    blue.choose(&game)
                };
                game.play_move(m).expect("the player chose a legal move");
            }
        }
    }
    game
}

/// As [`play_game`], returning the winner and printing the end of lost games when `LOSSES` is set.
fn play_logged(
    seed: u32,
    red: &mut dyn JPlayer,
    blue: &mut dyn JPlayer,
    bot: Player,
) -> Option<Player> {
    let g = play_game(seed, red, blue);
    let w = g.winner();
    if w == Some(bot.other()) && std::env::var("LOSSES").is_ok() {
        let h = g.history();
        eprintln!(
            "seed {seed}: bot {} lost after {} turns: {:?}",
            bot.name(),
            h.len(),
            &h[h.len().saturating_sub(3)..]
        );
    }
    w
}

/// Runs `n` games on two threads; `make(i)` gives the two players of game `i` (bot first) and whether
/// the bot plays red. Returns (bot wins, games, decisions-time ms).
fn jokerball_series(
    n: u32,
    make: impl Fn(u32) -> (Box<dyn JPlayer>, Box<dyn JPlayer>) + Sync,
) -> (u32, u32) {
    let wins: u32 = std::thread::scope(|s| {
        let handles: Vec<_> = (0..2u32)
            .map(|t| {
                let make = &make;
                s.spawn(move || {
                    let mut w = 0;
                    for i in (t..n).step_by(2) {
                        let (mut bot, mut other) = make(i);
                        let bot_red = i % 2 == 0;
                        let winner = if bot_red {
                            play_logged(1000 + i, bot.as_mut(), other.as_mut(), Player::Red)
                        } else {
                            play_logged(1000 + i, other.as_mut(), bot.as_mut(), Player::Blue)
                        };
                        let bot_colour = if bot_red { Player::Red } else { Player::Blue };
                        if winner == Some(bot_colour) {
                            w += 1;
                        } else if winner.is_none() {
                            eprintln!("game {i}: unfinished after 3000 turns");
                        }
                    }
                    w
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("thread")).sum()
    });
    (wins, n)
}

fn report(name: &str, wins: u32, n: u32, t: Instant) {
    println!(
        "{name}: {wins}/{n} = {:.1}% ({:.0} s)",
        100.0 * f64::from(wins) / f64::from(n),
        t.elapsed().as_secs_f64()
    );
}

fn env(name: &str, default: u32) -> u32 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Zola: the 2-ply material searcher (maximises material after the opponent's best reply; captures
/// everything at once when it can; ties at random).
fn material_2ply(game: &zola::Game, rng: &mut DiceRng) -> zola::Move {
    let pos = game.position();
    let me = pos.turn();
    let mut list = zola::MoveList::new();
    zola::movegen::generate(pos, &mut list);
    let mut best = Vec::new();
    let mut best_v = i32::MIN;
    let mut replies = zola::MoveList::new();
    for &m in list.iter() {
        let mut p = *pos;
        p.apply(m);
        let v = if p.count(me.other()) == 0 {
            i32::MAX
        } else {
            replies.clear();
            zola::movegen::generate(&p, &mut replies);
            let mut worst = i32::MAX;
            if replies.is_empty() {
                worst = p.count(me) as i32 - p.count(me.other()) as i32;
            }
            for &r in replies.iter() {
                let mut q = p;
                q.apply(r);
                let v = if q.count(me) == 0 {
                    i32::MIN + 1
                } else {
                    q.count(me) as i32 - q.count(me.other()) as i32
                };
                worst = worst.min(v);
            }
            worst
        };
        if v > best_v {
            best_v = v;
            best.clear();
        }
        if v == best_v {
            best.push(m);
        }
    }
    best[rng.below(best.len() as u32) as usize]
}

fn zola_series(n: u32, level: Level) -> u32 {
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..2u32)
            .map(|t| {
                s.spawn(move || {
                    let mut w = 0;
                    for i in (t..n).step_by(2) {
                        let mut bot = Bot::new(level, Some(&Seed::Number(i)));
                        let mut rng = DiceRng::from_seed(&Seed::Number(50_000 + i));
                        let bot_colour = if i % 2 == 0 {
                            Player::Red
                        } else {
                            Player::Blue
                        };
                        let mut game = zola::Game::new(&zola::Setup::default()).expect("setup");
                        for _ in 0..2000 {
                            if game.phase() == zola::Phase::Over {
                                break;
                            }
                            let m = if game.turn() == bot_colour {
                                bot.choose_zola(&game).expect("move")
                            } else {
                                material_2ply(&game, &mut rng)
                            };
                            game.play_move(m).expect("legal");
                        }
                        if game.winner() == Some(bot_colour) {
                            w += 1;
                        }
                    }
                    w
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("thread")).sum()
    })
}

/// One 5-point Jokerball match with the cube: `cuber` decides its cube actions, the other player never
/// doubles and always takes; both play the moves with the same kind of bot. Returns the match winner.
fn cube_match(i: u32, level: Level) -> (Player, Player) {
    let cuber = if i % 2 == 0 {
        Player::Red
    } else {
        Player::Blue
    };
    let mut m = Match::<Game>::new(&MatchSetup {
        length: 5,
        cube: true,
        game: seeded(70_000 + i),
    })
    .expect("match");
    let mut bots = [
        Bot::new(level, Some(&Seed::Number(2 * i))),
        Bot::new(level, Some(&Seed::Number(2 * i + 1))),
    ];
    let mut guard = 0;
    loop {
        guard += 1;
        assert!(guard < 100_000, "match did not end");
        match m.phase() {
            MatchPhase::MatchOver => break,
            MatchPhase::GameOver => {
                m.next_game().expect("next game");
            }
            MatchPhase::Double => {
                let doubled = m.state().pending_double().expect("pending").other();
                let take = if doubled == cuber {
                    bots[doubled.index()].cube_action(&m) == CubeAction::Take
                } else {
                    true
                };
                if take {
                    m.take().expect("take");
                } else {
                    m.drop_double().expect("drop");
                }
            }
            MatchPhase::Playing => {
                let mover = m.game().turn();
                if m.game().phase() == Phase::Roll {
                    if mover == cuber
                        && m.can_double().is_ok()
                        && bots[mover.index()].cube_action(&m) == CubeAction::Double
                    {
                        m.double().expect("double");
                        continue;
                    }
                    m.act(|g| g.roll()).expect("roll");
                } else {
                    let mv = bots[mover.index()]
                        .choose_jokerball(m.game())
                        .expect("move");
                    m.act(|g| g.play_move(mv)).expect("legal");
                }
            }
        }
    }
    (m.state().winner().expect("winner"), cuber)
}

/// Calibration of the win-chance estimate: self-play at `easy`; at every turn start, the estimate for
/// the side to move against whether it won, in tenths.
fn calibrate(games: u32) {
    let mut buckets = [(0u32, 0u32, 0f64); 10];
    for i in 0..games {
        let mut game = Game::new(&seeded(30_000 + i)).expect("setup");
        let mut bot = Bot::new(Level::Easy, Some(&Seed::Number(i)));
        let mut seen: Vec<(Player, f64)> = Vec::new();
        for _ in 0..3000 {
            match game.phase() {
                Phase::Over => break,
                Phase::Roll => {
                    seen.push((game.turn(), bot.jokerball_win_chance(game.position())));
                    game.roll().expect("roll");
                }
                _ => {
                    let m = bot.choose_jokerball(&game).expect("move");
                    game.play_move(m).expect("legal");
                }
            }
        }
        let Some(w) = game.winner() else { continue };
        for (p, est) in seen {
            let b = ((est * 10.0) as usize).min(9);
            buckets[b].0 += 1;
            buckets[b].1 += u32::from(p == w);
            buckets[b].2 += est;
        }
    }
    let mut loss = 0.0;
    let mut n = 0.0;
    for (i, (count, wins, sum)) in buckets.iter().enumerate() {
        if *count > 0 {
            println!(
                "  estimate {:.1}-{:.1}: {count} positions, mean estimate {:.3}, won {:.3}",
                i as f64 / 10.0,
                (i + 1) as f64 / 10.0,
                sum / f64::from(*count),
                f64::from(*wins) / f64::from(*count)
            );
            n += f64::from(*count);
            loss += f64::from(*count)
                * ((sum / f64::from(*count)) - f64::from(*wins) / f64::from(*count)).powi(2);
        }
    }
    println!("  calibration error (weighted squared): {:.5}", loss / n);
}

/// The levels of `all` named in `LEVELS` (comma-separated, e.g. `LEVELS=easy,hard`), else all of them.
fn levels(all: [Level; 3]) -> Vec<Level> {
    match std::env::var("LEVELS") {
        Ok(names) => all
            .into_iter()
            .filter(|l| names.split(',').any(|n| n.trim() == l.name()))
            .collect(),
        Err(_) => all.to_vec(),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let want = |p: &str| args.is_empty() || args.iter().any(|a| a == p);
    println!(
        "machine: {} threads available; bench uses 2",
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    let n = env("GAMES", 400);
    if want("greedy") {
        for level in levels([Level::Hard, Level::Medium, Level::Easy]) {
            let t = Instant::now();
            let (w, n) = jokerball_series(n, |i| {
                (
                    Box::new(BotPlayer(Bot::new(level, Some(&Seed::Number(i))))),
                    Box::new(GreedyPlayer(DiceRng::from_seed(&Seed::Number(9_000 + i)))),
                )
            });
            report(&format!("jokerball {} vs greedy", level.name()), w, n, t);
        }
    }
    if want("random") {
        for level in levels([Level::Easy, Level::Medium, Level::Hard]) {
            let t = Instant::now();
            let (w, n) = jokerball_series(n, |i| {
                (
                    Box::new(BotPlayer(Bot::new(level, Some(&Seed::Number(i))))),
                    Box::new(RandomPlayer(DiceRng::from_seed(&Seed::Number(8_000 + i)))),
                )
            });
            report(&format!("jokerball {} vs random", level.name()), w, n, t);
        }
    }
    if args.iter().any(|a| a == "h2h") {
        let t = Instant::now();
        let (w, n) = jokerball_series(n, |i| {
            (
                Box::new(BotPlayer(Bot::new(Level::Hard, Some(&Seed::Number(i))))),
                Box::new(BotPlayer(Bot::new(
                    Level::Medium,
                    Some(&Seed::Number(i + 1)),
                ))),
            )
        });
        report("jokerball hard vs medium", w, n, t);
    }
    if want("zola") {
        let zn = env("ZGAMES", 100);
        let t = Instant::now();
        let w = zola_series(zn, Level::Hard);
        report("zola hard vs 2-ply material", w, zn, t);
    }
    if args.iter().any(|a| a == "calibrate") {
        calibrate(env("GAMES", 400));
    }
    if want("cube") {
        let mn = env("MATCHES", 400);
        let t = Instant::now();
        let wins: u32 = std::thread::scope(|s| {
            let hs: Vec<_> = (0..2u32)
                .map(|th| {
                    s.spawn(move || {
                        (th..mn)
                            .step_by(2)
                            .filter(|&i| {
                                let (w, c) = cube_match(i, Level::Easy);
                                w == c
                            })
                            .count() as u32
                    })
                })
                .collect();
            hs.into_iter().map(|h| h.join().expect("thread")).sum()
        });
        let half = f64::from(mn) / 2.0;
        let z = (f64::from(wins) - half) / (f64::from(mn) * 0.25).sqrt();
        report(
            "cube easy: cube decisions vs never-double/always-take, 5-point matches",
            wins,
            mn,
            t,
        );
        println!("  one-sided z = {z:.2} (95% needs z > 1.645)");
    }
}
