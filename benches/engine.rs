//! Native benchmarks of both engines (issue 8): legal man moves, legal ball moves, apply, one random
//! game. `make bench-native` runs them; `cargo bench --bench engine -- --quick` for a fast look.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use steere_games::jokerball::{self, MoveList, RuleSet, Setup};
use steere_games::zola::{self, Size};
use steere_games::{
    jokerball_game, simulate, zola_game, ByPlayer, DiceRng, JokerballLists, Seed, SimGame,
    SimOptions, SimPlayer, SimRng,
};

/// A middle-game Jokerball position of RULES' appendix (Red to move).
const MIDGAME: &str = "1b1bbb/2br3/4b3/rb1r5/1o2r5/11/5b4/8r/5b1b/r2rrr1/5r r";

const RANDOM: ByPlayer<SimPlayer> = ByPlayer::new(SimPlayer::Random, SimPlayer::Random);

/// Applies each of `moves` to a copy of `position` (both games' positions are `Copy`).
fn bench_apply<P: Copy, M: Copy>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    position: &P,
    moves: &[M],
    apply: fn(&mut P, M),
) {
    g.bench_function(name, |b| {
        b.iter(|| {
            for &m in moves {
                let mut p = *black_box(position);
                apply(&mut p, m);
                black_box(&p);
            }
        })
    });
}

fn jokerball_benches(c: &mut Criterion) {
    let start = jokerball::Position::start(&Setup::default()).unwrap();
    let mid = jokerball::Position::from_position_string(RuleSet::Y2025, MIDGAME, None).unwrap();
    let mut list = MoveList::new();
    let mut g = c.benchmark_group("jokerball");
    type Generate = fn(&jokerball::Position, u8, &mut MoveList);
    let generators: [(&str, Generate); 2] = [
        (
            "man moves, all 6 distances, midgame",
            jokerball::Position::man_moves,
        ),
        (
            "ball moves, all 6 faces, midgame",
            jokerball::Position::ball_moves,
        ),
    ];
    for (name, generate) in generators {
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut n = 0;
                for die in 1..=6 {
                    list.clear();
                    generate(black_box(&mid), die, &mut list);
                    n += list.len();
                }
                n
            })
        });
    }
    list.clear();
    mid.man_moves(3, &mut list);
    let moves: Vec<_> = list.iter().copied().collect();
    g.throughput(Throughput::Elements(moves.len() as u64));
    bench_apply(
        &mut g,
        "apply, every man move of distance 3, midgame",
        &mid,
        &moves,
        jokerball::Position::apply,
    );
    g.throughput(Throughput::Elements(1));
    let mut dice = DiceRng::from_seed(&Seed::Number(1));
    let mut choices = SimRng::new([1, 2, 3, 4]);
    let mut lists = JokerballLists::default();
    g.bench_function("one random game, 2025, side 6", |b| {
        b.iter(|| jokerball_game(start, RANDOM, 10_000, &mut dice, &mut choices, &mut lists))
    });
    g.bench_function("simulate 1000 games, 2025, side 6", |b| {
        let opts = SimOptions {
            games: 1000,
            seed: Some(Seed::Number(7)),
            ..SimOptions::default()
        };
        b.iter(|| simulate(black_box(&opts)).unwrap())
    });
    g.finish();
}

fn zola_benches(c: &mut Criterion) {
    let start = zola::Position::start(&zola::Setup::default()).unwrap();
    // A middle game: 20 random moves from the start.
    let mut mid = start;
    let mut r = SimRng::new([5, 6, 7, 8]);
    let mut list = zola::MoveList::new();
    for _ in 0..20 {
        list.clear();
        mid.moves(&mut list);
        if let Some(&m) = list.get(r.below(list.len())) {
            mid.apply(m);
        }
    }
    let mut g = c.benchmark_group("zola");
    g.bench_function("legal moves, start 6x6", |b| {
        b.iter(|| {
            list.clear();
            black_box(&start).moves(&mut list);
            list.len()
        })
    });
    g.bench_function("legal moves, midgame 6x6", |b| {
        b.iter(|| {
            list.clear();
            black_box(&mid).moves(&mut list);
            list.len()
        })
    });
    list.clear();
    mid.moves(&mut list);
    let moves: Vec<_> = list.iter().copied().collect();
    bench_apply(
        &mut g,
        "apply, every legal move, midgame 6x6",
        &mid,
        &moves,
        zola::Position::apply,
    );
    let mut choices = SimRng::new([1, 2, 3, 4]);
    for size in [Size::Six, Size::Eight] {
        let start = zola::Position::start(&zola::Setup {
            size: Some(size.n()),
            ..zola::Setup::default()
        })
        .unwrap();
        let name = format!("one random game, {0}x{0}", size.n());
        g.bench_function(name, |b| {
            b.iter(|| zola_game(start, RANDOM, 10_000, false, &mut choices, &mut list))
        });
    }
    g.bench_function("simulate 1000 games, 6x6", |b| {
        let opts = SimOptions {
            game: SimGame::Zola(Size::Six),
            games: 1000,
            seed: Some(Seed::Number(7)),
            ..SimOptions::default()
        };
        b.iter(|| simulate(black_box(&opts)).unwrap())
    });
    g.finish();
}

criterion_group!(benches, jokerball_benches, zola_benches);
criterion_main!(benches);
