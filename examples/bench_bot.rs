//! The bot's strength benchmark (`make bench-bot`; issue 17). Jokerball games are the default game
//! (rules 2025, side 6) in pairs that share their dice (the same roll at every turn) with the colours
//! exchanged, so luck cancels within a pair. Parts:
//! - `levels`: Jokerball `hard` against `easy` and against `medium`, `medium` against `easy`;
//! - `old`: Jokerball `hard` against the `hard` bot of commit bf63d41 (the hand-tuned evaluation),
//!   built from git by `benches/bot/old-bot/build.sh` and driven through its stdin (`OLD_BOT=path`);
//! - `random`, `greedy`: every level against a uniformly random player and a greedy one;
//! - `zola`: Zola 6x6 `hard` against a 2-ply material searcher, and `hard` against `easy` from
//!   random two-move openings (a pair of games per opening);
//! - `cube`: 5-point Jokerball matches, the `easy` bot with its cube decisions against the same bot
//!   never doubling and always taking;
//! - `calibrate`: `medium` against `medium`; at every turn start the `easy` evaluation of the side to
//!   move against who won: expected calibration error (10 bins), Brier score, and the reliability
//!   diagram `benches/bot/calibration.svg`;
//! - `values`: the distribution of the points a game is worth in cube play (for the match equity
//!   table, `src/bot/cube.rs`).
//!
//! Usage: `cargo run --release --example bench_bot [part ...]` (default: `levels old random greedy
//! zola cube calibrate`). `GAMES` sets the Jokerball games per match-up (default 400), `RGAMES` those
//! against random (default 400), `ZGAMES` the Zola games (default 100 and 200), `MATCHES` the cube
//! matches (default 400), `CGAMES` the calibration games (default 400), `LEVELS=easy,hard` limits the
//! levels of `random` and `greedy`. Runs on two threads.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;

use steere_games::bot::learn::on_two_threads;
use steere_games::bot::{Bot, CubeAction, Level};
use steere_games::jokerball::{self, Game, MoveList, Phase, Setup};
use steere_games::zola;
use steere_games::{DiceRng, Engine, Match, MatchPhase, MatchSetup, Player, Seed};

/// A Jokerball player of the benchmark.
trait JPlayer {
    fn choose(&mut self, game: &Game) -> jokerball::Move;
}

struct BotPlayer(Bot);

impl JPlayer for BotPlayer {
    fn choose(&mut self, game: &Game) -> jokerball::Move {
        self.0
            .choose_jokerball(game)
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
            let row = i32::from(g.row_of[b.index()]);
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

/// The bot of commit bf63d41, through its driver process (benches/bot/old-bot/main.rs).
struct OldBot {
    _child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    /// The position string at the start of the current turn (recorded in phase man).
    start: String,
}

impl OldBot {
    fn spawn(path: &str) -> OldBot {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start the old bot's driver (benches/bot/old-bot/build.sh)");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        OldBot {
            _child: child,
            input,
            output,
            start: String::new(),
        }
    }

    fn ask(&mut self, line: &str) -> String {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
        let mut answer = String::new();
        self.output.read_line(&mut answer).unwrap();
        answer.trim().to_string()
    }

    fn new_game(&mut self, level: Level, seed: u32) {
        assert_eq!(self.ask(&format!("new|{}|{seed}", level.name())), "ok");
    }
}

impl JPlayer for OldBot {
    fn choose(&mut self, game: &Game) -> jokerball::Move {
        let dice = game.dice().unwrap();
        let man = match (game.phase(), game.turn_man_move()) {
            (Phase::Ball, Some(Some(m))) => game.notation(m),
            _ => {
                self.start = game.position_string();
                "-".to_string()
            }
        };
        let text = self.ask(&format!(
            "move|{}|{}|{}|{}|{man}",
            game.rules().name(),
            self.start,
            dice.distance,
            dice.direction
        ));
        game.find_move(&text).expect("the old bot's move is legal")
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

/// Runs `n` games on two threads in pairs: games `2j` and `2j + 1` share their dice, the player under
/// test is Red in the first and Blue in the second. `make(thread)` gives the two players of a thread
/// (the one under test first); `start(i, players)` prepares them for game `i`. Returns the wins of the
/// player under test.
fn series<P>(
    n: u32,
    make: impl Fn(u32) -> P + Sync,
    start: impl Fn(u32, &mut P) + Sync,
    players: impl Fn(&mut P) -> (&mut dyn JPlayer, &mut dyn JPlayer) + Sync,
) -> u32 {
    on_two_threads(|t| {
        let mut p = make(t);
        let mut w = 0;
        // Thread t plays the pairs t, t + 2, ...
        for pair in (t..n.div_ceil(2)).step_by(2) {
            for i in [2 * pair, 2 * pair + 1] {
                if i >= n {
                    continue;
                }
                start(i, &mut p);
                let (me, other) = players(&mut p);
                let dice = 1000 + pair;
                let (winner, mine) = if i % 2 == 0 {
                    (play_game(dice, me, other).winner(), Player::Red)
                } else {
                    (play_game(dice, other, me).winner(), Player::Blue)
                };
                if winner == Some(mine) {
                    w += 1;
                } else if winner.is_none() {
                    eprintln!("game {i}: unfinished after 3000 turns");
                }
            }
        }
        w
    })
    .iter()
    .sum()
}

/// A bot level against another player made by `other(i)` for game `i`.
fn bot_against(n: u32, level: Level, other: impl Fn(u32) -> Box<dyn JPlayer> + Sync) -> u32 {
    let placeholder =
        || -> Box<dyn JPlayer> { Box::new(RandomPlayer(DiceRng::from_seed(&Seed::Number(0)))) };
    series(
        n,
        |_| (placeholder(), placeholder()),
        |i, p| {
            *p = (
                Box::new(BotPlayer(Bot::new(level, Some(&Seed::Number(i))))),
                other(i),
            );
        },
        |p| (p.0.as_mut(), p.1.as_mut()),
    )
}

/// A one-sided binomial summary: wins, rate, and the 95% interval.
/// `n` Jokerball games of the bot at each of `all` (those of LEVELS, in this order) against the player
/// `other` makes for game i, reported as "jokerball LEVEL vs NAME".
fn bot_against_each(
    name: &str,
    n: u32,
    all: [Level; 3],
    other: impl Fn(u32) -> Box<dyn JPlayer> + Sync,
) {
    for level in levels(all) {
        let t = Instant::now();
        let w = bot_against(n, level, &other);
        report(&format!("jokerball {} vs {name}", level.name()), w, n, t);
    }
}

fn report(name: &str, wins: u32, n: u32, t: Instant) {
    let p = f64::from(wins) / f64::from(n);
    let se = (p * (1.0 - p) / f64::from(n)).sqrt();
    println!(
        "{name}: {wins}/{n} = {:.1}% (95% interval {:.1}-{:.1}%; {:.0} s)",
        100.0 * p,
        100.0 * (p - 1.96 * se).max(0.0),
        100.0 * (p + 1.96 * se).min(1.0),
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
    pos.moves(&mut list);
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
            p.moves(&mut replies);
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

/// Zola 6x6 games on two threads: the bot at `level` against `other` (`None`: the 2-ply material
/// searcher; `Some(l)`: the bot at `l`) after `opening` random moves (the same for both games of a
/// pair, the colours exchanged). Returns the wins of `level`.
fn zola_series(n: u32, level: Level, other: Option<Level>, opening: u32) -> u32 {
    on_two_threads(|t| {
        let mut w = 0;
        for i in (t..n).step_by(2) {
            let pair = i / 2;
            let mut bot = Bot::new(level, Some(&Seed::Number(i)));
            let mut opp = other.map(|l| Bot::new(l, Some(&Seed::Number(10_000 + i))));
            let mut rng = DiceRng::from_seed(&Seed::Number(50_000 + i));
            let mut opening_rng = DiceRng::from_seed(&Seed::Number(60_000 + pair));
            let bot_colour = if i % 2 == 0 {
                Player::Red
            } else {
                Player::Blue
            };
            let mut game = zola::Game::new(&zola::Setup::default()).expect("setup");
            for ply in 0..2000 {
                if game.phase() == zola::Phase::Over {
                    break;
                }
                let m = if ply < opening {
                    let moves = game.legal_moves();
                    moves[opening_rng.below(moves.len() as u32) as usize]
                } else if game.turn() == bot_colour {
                    bot.choose_zola(&game).expect("move")
                } else {
                    match opp.as_mut() {
                        Some(b) => b.choose_zola(&game).expect("move"),
                        None => material_2ply(&game, &mut rng),
                    }
                };
                game.play_move(m).expect("legal");
            }
            if game.winner() == Some(bot_colour) {
                w += 1;
            }
        }
        w
    })
    .iter()
    .sum()
}

/// One 5-point Jokerball match with the cube: `cuber` decides its cube actions, the other player never
/// doubles and always takes (with `both`, both use their cube decisions); both play the moves with the
/// same kind of bot. Returns the match winner, the cuber, and per game its points and how far from the
/// end of the match the leader was when it started.
fn cube_match(i: u32, level: Level, length: u32, both: bool) -> (Player, Player, Vec<(u32, u32)>) {
    let cuber = if i % 2 == 0 {
        Player::Red
    } else {
        Player::Blue
    };
    let mut m = Match::<Game>::new(&MatchSetup {
        length,
        cube: true,
        game: seeded(70_000 + i),
    })
    .expect("match");
    let mut bots = [
        Bot::new(level, Some(&Seed::Number(2 * i))),
        Bot::new(level, Some(&Seed::Number(2 * i + 1))),
    ];
    let mut values = Vec::new();
    let mut away = length;
    let mut guard = 0;
    loop {
        guard += 1;
        assert!(guard < 100_000, "match did not end");
        if m.state().results().len() > values.len() {
            values.push((m.state().results().last().unwrap().points, away));
            let score = m.state().score();
            away = length.saturating_sub(score.red.max(score.blue));
        }
        match m.phase() {
            MatchPhase::MatchOver => break,
            MatchPhase::GameOver => {
                m.next_game().expect("next game");
            }
            MatchPhase::Double => {
                let doubled = m.state().pending_double().expect("pending").other();
                let take = if both || doubled == cuber {
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
                    if (both || mover == cuber)
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
    (m.state().winner().expect("winner"), cuber, values)
}

/// Calibration: `medium` against `medium`; at every turn start the `easy` evaluation of the side to
/// move, against whether it won. Prints the table, the expected calibration error and the Brier score,
/// and writes the reliability diagram.
fn calibrate(games: u32) {
    let seen: Vec<(f64, bool)> = on_two_threads(|t| {
        let mut out = Vec::new();
        for i in (t..games).step_by(2) {
            let mut game = Game::new(&seeded(30_000 + i)).expect("setup");
            let mut bots = [
                Bot::new(Level::Medium, Some(&Seed::Number(2 * i))),
                Bot::new(Level::Medium, Some(&Seed::Number(2 * i + 1))),
            ];
            let mut judge = Bot::new(Level::Easy, None);
            let mut mine: Vec<(Player, f64)> = Vec::new();
            for _ in 0..3000 {
                match game.phase() {
                    Phase::Over => break,
                    Phase::Roll => {
                        mine.push((game.turn(), judge.jokerball_win_chance(game.position())));
                        game.roll().expect("roll");
                    }
                    _ => {
                        let m = bots[game.turn().index()]
                            .choose_jokerball(&game)
                            .expect("move");
                        game.play_move(m).expect("legal");
                    }
                }
            }
            let Some(w) = game.winner() else { continue };
            out.extend(mine.into_iter().map(|(p, est)| (est, p == w)));
        }
        out
    })
    .concat();
    let n = seen.len() as f64;
    let mut bins = [(0u32, 0u32, 0f64); 10];
    let mut brier = 0.0;
    for &(est, won) in &seen {
        let b = ((est * 10.0) as usize).min(9);
        bins[b].0 += 1;
        bins[b].1 += u32::from(won);
        bins[b].2 += est;
        brier += (est - f64::from(u8::from(won))).powi(2);
    }
    brier /= n;
    let mut ece = 0.0;
    let mut rows = Vec::new();
    println!(
        "calibration: {games} games of medium against medium, {} positions",
        seen.len()
    );
    for (i, &(count, wins, sum)) in bins.iter().enumerate() {
        if count == 0 {
            continue;
        }
        let c = f64::from(count);
        let (mean, freq) = (sum / c, f64::from(wins) / c);
        ece += c / n * (mean - freq).abs();
        rows.push((i, count, mean, freq));
        println!(
            "  estimate {:.1}-{:.1}: {count:5} positions, mean estimate {mean:.3}, won {freq:.3}",
            i as f64 / 10.0,
            (i + 1) as f64 / 10.0
        );
    }
    println!("  expected calibration error (10 bins): {ece:.4}");
    println!("  Brier score: {brier:.4} (a coin: 0.25)");
    std::fs::write(
        "benches/bot/calibration.svg",
        reliability_svg(&rows, ece, brier, games, seen.len()),
    )
    .expect("write benches/bot/calibration.svg");
    println!("  wrote benches/bot/calibration.svg");
}

/// The reliability diagram: observed frequency against mean estimate per bin (dot area by count),
/// the diagonal, and the counts as bars below.
fn reliability_svg(
    rows: &[(usize, u32, f64, f64)],
    ece: f64,
    brier: f64,
    games: u32,
    positions: usize,
) -> String {
    let (x0, y0, side) = (70.0, 50.0, 420.0);
    let bar_top = y0 + side + 60.0;
    let bar_h = 90.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="640" height="{}" font-family="sans-serif" font-size="12">"#,
        bar_top + bar_h + 50.0
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{x0}" y="22" font-size="14" font-weight="bold">Jokerball: the easy evaluation at each turn start against who won</text>"#
    );
    let _ = writeln!(
        s,
        r#"<text x="{x0}" y="40">{games} games of medium against medium, {positions} positions; ECE {ece:.4}, Brier {brier:.4} (a coin 0.25)</text>"#
    );
    let px = |v: f64| x0 + side * v;
    let py = |v: f64| y0 + side * (1.0 - v);
    let _ = writeln!(
        s,
        r#"<rect x="{x0}" y="{y0}" width="{side}" height="{side}" fill="none" stroke="black"/>"#
    );
    for t in 0..=10 {
        let v = f64::from(t) / 10.0;
        let _ = writeln!(
            s,
            r##"<line x1="{}" y1="{y0}" x2="{}" y2="{}" stroke="#eee"/><line x1="{x0}" y1="{}" x2="{}" y2="{}" stroke="#eee"/>"##,
            px(v),
            px(v),
            y0 + side,
            py(v),
            x0 + side,
            py(v)
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle">{v:.1}</text><text x="{}" y="{}" text-anchor="end">{v:.1}</text>"#,
            px(v),
            y0 + side + 16.0,
            x0 - 6.0,
            py(v) + 4.0
        );
    }
    let _ = writeln!(
        s,
        r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#888" stroke-dasharray="5 4"/>"##,
        px(0.0),
        py(0.0),
        px(1.0),
        py(1.0)
    );
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">estimated chance of the side to move</text>"#,
        x0 + side / 2.0,
        y0 + side + 32.0
    );
    let _ = writeln!(
        s,
        r#"<text x="20" y="{}" transform="rotate(-90 20 {})" text-anchor="middle">share of those positions won</text>"#,
        y0 + side / 2.0,
        y0 + side / 2.0
    );
    let max = rows.iter().map(|r| r.1).max().unwrap_or(1).max(1);
    let pts: Vec<String> = rows
        .iter()
        .map(|r| format!("{:.1},{:.1}", px(r.2), py(r.3)))
        .collect();
    let _ = writeln!(
        s,
        r##"<polyline points="{}" fill="none" stroke="#d62728" stroke-width="2"/>"##,
        pts.join(" ")
    );
    for &(i, count, mean, freq) in rows {
        let r = 3.0 + 9.0 * (f64::from(count) / f64::from(max)).sqrt();
        let _ = writeln!(
            s,
            r##"<circle cx="{:.1}" cy="{:.1}" r="{r:.1}" fill="#d62728" fill-opacity="0.6"/>"##,
            px(mean),
            py(freq)
        );
        let h = bar_h * f64::from(count) / f64::from(max);
        let _ = writeln!(
            s,
            r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{h:.1}" fill="#1f77b4"/><text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="10">{count}</text>"##,
            px(i as f64 / 10.0) + 2.0,
            bar_top + bar_h - h,
            side / 10.0 - 4.0,
            px((i as f64 + 0.5) / 10.0),
            bar_top + bar_h - h - 3.0
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{x0}" y="{}">positions per bin</text>"#,
        bar_top + bar_h + 20.0
    );
    s.push_str("</svg>\n");
    s
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
    let default = [
        "levels",
        "old",
        "random",
        "greedy",
        "zola",
        "cube",
        "calibrate",
    ];
    let want = |p: &str| {
        if args.is_empty() {
            default.contains(&p)
        } else {
            args.iter().any(|a| a == p)
        }
    };
    println!(
        "machine: {} threads available; bench uses 2",
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    let n = env("GAMES", 400);
    if want("levels") {
        for (a, b) in [
            (Level::Hard, Level::Easy),
            (Level::Hard, Level::Medium),
            (Level::Medium, Level::Easy),
        ] {
            let t = Instant::now();
            let w = bot_against(n, a, move |i| {
                Box::new(BotPlayer(Bot::new(b, Some(&Seed::Number(100_000 + i)))))
            });
            report(&format!("jokerball {} vs {}", a.name(), b.name()), w, n, t);
        }
    }
    if want("old") {
        let path = std::env::var("OLD_BOT")
            .unwrap_or_else(|_| "target/bot-bf63d41-driver/target/release/old-bot-driver".into());
        let level = |name: &str| {
            std::env::var(name)
                .ok()
                .and_then(|l| Level::from_name(&l))
                .unwrap_or(Level::Hard)
        };
        let (mine, theirs) = (level("NEW_LEVEL"), level("OLD_LEVEL"));
        let t = Instant::now();
        let w = series(
            n,
            |_| (BotPlayer(Bot::new(mine, None)), OldBot::spawn(&path)),
            |i, p| {
                p.0 = BotPlayer(Bot::new(mine, Some(&Seed::Number(i))));
                p.1.new_game(theirs, 100_000 + i);
            },
            |p| (&mut p.0 as &mut dyn JPlayer, &mut p.1 as &mut dyn JPlayer),
        );
        report(
            &format!(
                "jokerball {} vs the {} bot of bf63d41",
                mine.name(),
                theirs.name()
            ),
            w,
            n,
            t,
        );
    }
    if want("random") {
        let rn = env("RGAMES", 400);
        bot_against_each(
            "random",
            rn,
            [Level::Easy, Level::Medium, Level::Hard],
            |i| Box::new(RandomPlayer(DiceRng::from_seed(&Seed::Number(8_000 + i)))),
        );
    }
    if want("greedy") {
        bot_against_each(
            "greedy",
            n,
            [Level::Hard, Level::Medium, Level::Easy],
            |i| Box::new(GreedyPlayer(DiceRng::from_seed(&Seed::Number(9_000 + i)))),
        );
    }
    if want("zola") {
        let zn = env("ZGAMES", 100);
        let t = Instant::now();
        let w = zola_series(zn, Level::Hard, None, 0);
        report("zola hard vs 2-ply material", w, zn, t);
        let t = Instant::now();
        let w = zola_series(2 * zn, Level::Hard, Some(Level::Easy), 2);
        report("zola hard vs easy (two random opening moves)", w, 2 * zn, t);
    }
    if want("cube") {
        let mn = env("MATCHES", 400);
        let t = Instant::now();
        let wins: u32 = on_two_threads(|th| {
            (th..mn)
                .step_by(2)
                .filter(|&i| {
                    let (w, c, _) = cube_match(i, Level::Easy, 5, false);
                    w == c
                })
                .count() as u32
        })
        .iter()
        .sum();
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
    if want("values") {
        // Both sides use the cube (`easy`) in 21-point matches: the points of the games started with
        // both players at least 9 away (no cube up to 8 dead).
        let mn = env("MATCHES", 200);
        let t = Instant::now();
        let values: Vec<u32> = on_two_threads(|th| {
            (th..mn)
                .step_by(2)
                .flat_map(|i| cube_match(i, Level::Easy, 21, true).2)
                .filter(|&(_, away)| away >= 9)
                .map(|(v, _)| v)
                .collect::<Vec<u32>>()
        })
        .concat();
        let mut counts = std::collections::BTreeMap::new();
        for v in &values {
            *counts.entry(*v).or_insert(0u32) += 1;
        }
        println!(
            "game values in {mn} 21-point matches, games started with both at least 9 away ({} games, {:.0} s):",
            values.len(),
            t.elapsed().as_secs_f64()
        );
        for (v, c) in counts {
            println!(
                "  {v} points: {c} ({:.3})",
                f64::from(c) / values.len() as f64
            );
        }
    }
    if want("calibrate") {
        let t = Instant::now();
        calibrate(env("CGAMES", 400));
        println!("  ({:.0} s)", t.elapsed().as_secs_f64());
    }
}
