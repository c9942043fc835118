//! Fair dice (issue 9; RULES 1.4 dice): chi-square tests of one million rolls of each die, seeded
//! reproducibility, and unseeded games keyed from the operating system's cryptographic source.
//!
//! **Threshold.** Each test compares Pearson's statistic with the chi-square quantile whose upper tail is
//! 1e-6 (a false alarm in one run in a million for a fair die), computed with the Wilson-Hilferty
//! approximation `df * (1 - 2/(9 df) + z * sqrt(2/(9 df)))^3`, z = 4.753. For the small degrees of
//! freedom here the approximation is slightly above the exact quantile (df 5: 37.5 against 35.9), so
//! the test errs towards fewer false alarms. The seeds are fixed, so the run is reproducible; a broken
//! die (a face 1% too likely over a million rolls gives a statistic in the hundreds) fails it.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use steere_games::jokerball::{Game, RuleSet, Setup};
use steere_games::{Dice, DiceRng, Engine, Player, Seed};

const ROLLS: usize = 1_000_000;

/// The chi-square value with upper tail 1e-6 for `df` degrees of freedom (Wilson-Hilferty).
fn critical(df: usize) -> f64 {
    let df = df as f64;
    let z = 4.753;
    let a = 2.0 / (9.0 * df);
    df * (1.0 - a + z * a.sqrt()).powi(3)
}

/// Pearson's statistic of `counts` against equal expected counts.
fn chi_square(counts: &[u64]) -> f64 {
    let total: u64 = counts.iter().sum();
    let expected = total as f64 / counts.len() as f64;
    counts
        .iter()
        .map(|&c| {
            let d = c as f64 - expected;
            d * d / expected
        })
        .sum()
}

/// Rolls `ROLLS` pairs of dice with `distance_faces` and checks each die and the pairs.
fn check_dice(seed: u32, distance_faces: u8) {
    let mut rng = DiceRng::from_seed(&Seed::Number(seed));
    let k = usize::from(distance_faces);
    let mut distance = vec![0u64; k];
    let mut direction = vec![0u64; 6];
    let mut pairs = vec![0u64; k * 6];
    for _ in 0..ROLLS {
        let d = Dice::roll(&mut rng, distance_faces);
        assert!((1..=distance_faces).contains(&d.distance));
        assert!((1..=6).contains(&d.direction));
        let (a, b) = (usize::from(d.distance - 1), usize::from(d.direction - 1));
        distance[a] += 1;
        direction[b] += 1;
        pairs[a * 6 + b] += 1;
    }
    for (name, counts) in [
        ("distance", &distance),
        ("direction", &direction),
        ("pairs", &pairs),
    ] {
        let stat = chi_square(counts);
        let limit = critical(counts.len() - 1);
        eprintln!(
            "d{distance_faces} {name}: chi2 {stat:.2} (df {}, limit {limit:.2})",
            counts.len() - 1
        );
        assert!(
            stat < limit,
            "{name} die of d{distance_faces}: chi-square {stat} >= {limit} ({counts:?})"
        );
    }
}

#[test]
fn chi_square_one_million_rolls_side_6_dice() {
    check_dice(20_261_203, 6);
}

#[test]
fn chi_square_one_million_rolls_side_4_dice() {
    check_dice(4, 4);
}

#[test]
fn chi_square_detects_a_loaded_die() {
    // The test can fail: a die whose face 1 is 1% more likely is far above the limit.
    let mut counts = vec![166_667u64; 6];
    counts[0] += 10_000;
    assert!(chi_square(&counts) > critical(5));
    assert!((critical(5) - 37.5).abs() < 0.5);
}

#[test]
fn die_faces_one_million_rolls_of_every_size() {
    let mut rng = DiceRng::from_seed(&Seed::Text("faces".into()));
    for faces in [2u8, 3, 5, 7, 255] {
        let mut counts = vec![0u64; usize::from(faces)];
        for _ in 0..ROLLS / 5 {
            counts[usize::from(rng.die(faces) - 1)] += 1;
        }
        let stat = chi_square(&counts);
        assert!(stat < critical(counts.len() - 1), "d{faces}: {stat}");
    }
}

/// The game's next `n` rolls: its first roll through `Game::roll`, then its generator's stream, which is
/// what later turns roll from.
fn rolls(game: &Game, n: usize) -> Vec<(u8, u8)> {
    let first = game.clone().roll().expect("a game with dice rolls");
    let mut rng = game.rng().cloned().expect("a game with dice");
    let out: Vec<(u8, u8)> = (0..n)
        .map(|_| {
            let d = Dice::roll(&mut rng, game.side());
            (d.distance, d.direction)
        })
        .collect();
    assert_eq!(out[0], (first.distance, first.direction));
    out
}

#[test]
fn seeded_games_roll_the_same_dice() {
    let setup = Setup::default();
    let seeded = |seed: &Seed| Setup {
        seed: Some(seed.clone()),
        ..setup.clone()
    };
    for seed in [
        Seed::Number(0),
        Seed::Number(u32::MAX),
        Seed::Text("ab".into()),
    ] {
        let a = Game::new(&seeded(&seed)).expect("game");
        let b = Game::new(&seeded(&seed)).expect("game");
        assert_eq!(rolls(&a, 50), rolls(&b, 50));
    }
    let a = Game::new(&seeded(&Seed::Number(1))).expect("game");
    let b = Game::new(&seeded(&Seed::Number(2))).expect("game");
    assert_ne!(rolls(&a, 50), rolls(&b, 50));
    // A number seed and the string of its digits are different seeds.
    let a = Game::new(&seeded(&Seed::Number(7))).expect("game");
    let b = Game::new(&seeded(&Seed::Text("7".into()))).expect("game");
    assert_ne!(rolls(&a, 50), rolls(&b, 50));
}

#[test]
fn seeded_generator_state_restores_the_same_stream() {
    let mut rng = DiceRng::from_seed(&Seed::Number(42));
    for _ in 0..1000 {
        rng.next_u32();
    }
    let mut back = DiceRng::from_state(&rng.state()).expect("own state");
    let ahead: Vec<u32> = (0..100).map(|_| rng.next_u32()).collect();
    let again: Vec<u32> = (0..100).map(|_| back.next_u32()).collect();
    assert_eq!(ahead, again);
}

#[test]
fn unseeded_games_differ_from_the_os_source() {
    let setup = Setup {
        rules: RuleSet::Y2025,
        size: Some(6),
        rows: 2,
        first: Player::Red,
        ..Setup::default()
    };
    let a = Game::new(&setup).expect("game");
    let b = Game::new(&setup).expect("game");
    let (ka, kb) = (
        a.rng().expect("the OS source works").state(),
        b.rng().expect("the OS source works").state(),
    );
    // Two 256-bit keys from the OS collide with probability 2^-256.
    assert_ne!(ka.key, kb.key);
    assert_ne!(rolls(&a, 64), rolls(&b, 64));
    // Position-string games are unseeded too.
    let p = Game::new(&Setup {
        rules: RuleSet::Y2025,
        position: Some(a.position_string()),
        ..Setup::default()
    })
    .expect("game");
    assert_ne!(p.rng().expect("rng").state().key, ka.key);
}
