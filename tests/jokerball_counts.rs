//! Move-count table (RULES 1.5, 1.6, appendix): for each position of `tests/data/jokerball_counts.txt`,
//! the number of legal man moves for each distance and the number of distinct complete turns for each
//! pair of dice. The file holds the start of every rule set, size and row count, every position of the
//! RULES.md appendix (whose totals are checked against the appendix literally in
//! `jokerball_appendix.rs`), and mid-game positions reached by seeded random play.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]
use steere_games::jokerball::{Game, MoveList, Phase, Position, RuleSet, Setup};
use steere_games::{DiceRng, Engine, Player, Seed};

fn counts(pos: &Position) -> (Vec<usize>, Vec<usize>) {
    let mut list = MoveList::new();
    let men = (1..=pos.side())
        .map(|k| {
            list.clear();
            pos.man_moves(k, &mut list);
            list.len()
        })
        .collect();
    let turns = (1..=pos.side())
        .flat_map(|d| (1..=6).map(move |r| (d, r)))
        .map(|(d, r)| pos.count_turns(d, r))
        .collect();
    (men, turns)
}

fn join(v: &[usize]) -> String {
    v.iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn numbers(s: &str) -> Vec<usize> {
    s.split_whitespace()
        .map(|n| n.parse().expect("number"))
        .collect()
}

/// RULES 1.5, 1.6 and the appendix: every row of the frozen table is reproduced exactly.
#[test]
fn move_count_table() {
    let text = include_str!("data/jokerball_counts.txt");
    let mut rows = 0;
    let mut seen = std::collections::HashSet::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split(" | ").collect();
        assert_eq!(f.len(), 5, "{line}");
        let rules = RuleSet::from_name(f[0]).expect("rules");
        let pos = Position::from_position_string(rules, f[1], None).expect("position");
        assert_eq!(pos.to_position_string(), f[1]);
        let (men, turns) = counts(&pos);
        assert_eq!(men, numbers(f[2]), "man moves: {line}");
        assert_eq!(turns.len(), 6 * usize::from(pos.side()));
        assert_eq!(turns, numbers(f[3]), "turns per dice: {line}");
        assert_eq!(
            turns.iter().sum::<usize>(),
            numbers(f[4])[0],
            "total: {line}"
        );
        seen.insert((f[0].to_string(), f[1].to_string()));
        rows += 1;
    }
    assert!(rows >= 8 + 2 + 8, "{rows} rows");
    // The starts of every rule set, size and row count are in the table.
    for (rules, p) in starts() {
        assert!(
            seen.contains(&(rules.name().to_string(), p.clone())),
            "missing start {p}"
        );
    }
}

/// Prints the table (run once with `--ignored --nocapture` to regenerate, then review and freeze).
#[test]
#[ignore]
fn print_count_table() {
    let mut out = vec![(
        RuleSet::Y2025,
        "b1bbbb/b3bb1/3b4/1b3b2b/1rb7/rr2r6/10/9/8/1o3rr/rrrrrr r".to_string(),
    )];
    for (r, p) in [
        (
            "2025",
            "1b1bbb/2br3/4b3/rb1r5/1o2r5/11/5b4/8r/5b1b/r2rrr1/5r r",
        ),
        (
            "classic",
            "b1b2b/2b1b2/8/2b6/3b2b3/9o1/10/9/6r1/2r4/rrr1r1 r",
        ),
        ("2025", "b1bb/3r1/2bb2/b1r4/1o3r/1rb2/rrrr r"),
    ] {
        out.push((RuleSet::from_name(r).expect("r"), p.to_string()));
    }
    out.extend(starts());
    // Mid-game positions from seeded random play (phase roll), both rule sets and sizes.
    for (i, (rules, size, rows)) in [
        (RuleSet::Y2025, 6, 2),
        (RuleSet::Classic, 6, 2),
        (RuleSet::Y2025, 4, 2),
        (RuleSet::Classic, 4, 3),
        (RuleSet::Y2025, 6, 4),
        (RuleSet::Classic, 6, 3),
    ]
    .into_iter()
    .enumerate()
    {
        let setup = Setup {
            rules,
            size: Some(size),
            rows,
            first: Player::Red,
            seed: Some(Seed::Number(100 + i as u32)),
            ..Setup::default()
        };
        let mut game = Game::new(&setup).expect("game");
        let mut pick = DiceRng::from_seed(&Seed::Text(format!("counts-{i}")));
        let mut taken = 0;
        while game.phase() != Phase::Over && taken < 2 {
            if game.phase() == Phase::Roll {
                let n = game.records().len();
                if n == 7 + 5 * taken {
                    out.push((rules, game.position_string()));
                    taken += 1;
                }
                game.roll().expect("roll");
            } else {
                let moves = game.legal_moves();
                let m = moves[pick.below(moves.len() as u32) as usize];
                game.play_move(m).expect("play");
            }
        }
    }
    println!("# rules | position | man moves by distance | turns per dice (distance 1 direction 1..6, distance 2 ...) | total");
    for (rules, p) in out {
        let pos = Position::from_position_string(rules, &p, None).expect("p");
        let (men, turns) = counts(&pos);
        let total: usize = turns.iter().sum();
        println!(
            "{} | {} | {} | {} | {}",
            rules.name(),
            p,
            join(&men),
            join(&turns),
            total
        );
    }
}

/// The start position of every rule set, size and row count (Red to move), with its rule set.
fn starts() -> Vec<(RuleSet, String)> {
    let mut out = Vec::new();
    for rules in [RuleSet::Classic, RuleSet::Y2025] {
        for size in [4u8, 6] {
            for rows in 1..size {
                let s = Setup {
                    rules,
                    size: Some(size),
                    rows,
                    first: Player::Red,
                    ..Setup::default()
                };
                out.push((
                    rules,
                    Position::start(&s).expect("setup").to_position_string(),
                ));
            }
        }
    }
    out
}
