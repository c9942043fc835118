//! An independent, deliberately naive implementation of RULES 2.2 (a 2-D grid, no tables, no
//! bitboards), compared with the engine on random positions of every size and by perft.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use proptest::prelude::*;
use steere_games::zola::{Game, Position, Setup, Square};
use steere_games::{Engine, Player};

mod support;
use support::{perft, zola_start, Xorshift, ZOLA_PERFT_DEPTHS};

type Grid = Vec<Vec<Option<Player>>>; // grid[x][y]

fn to_grid(pos: &Position) -> Grid {
    let n = pos.size().n();
    (0..n)
        .map(|x| {
            (0..n)
                .map(|y| pos.at(Square::from_xy(pos.size(), x, y).unwrap()))
                .collect()
        })
        .collect()
}

fn dist(n: i32, x: i32, y: i32) -> i32 {
    (2 * x - (n - 1)).pow(2) + (2 * y - (n - 1)).pow(2)
}

fn name(x: i32, y: i32) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

/// Every legal move of `me` in notation, sorted (RULES 2.2, read literally).
fn reference_moves(grid: &Grid, me: Player) -> Vec<String> {
    let n = grid.len() as i32;
    let on = |x: i32, y: i32| x >= 0 && y >= 0 && x < n && y < n;
    let mut out = Vec::new();
    for x in 0..n {
        for y in 0..n {
            if grid[x as usize][y as usize] != Some(me) {
                continue;
            }
            for dx in -1..=1 {
                for dy in -1..=1 {
                    if dx == 0 && dy == 0 {
                        continue;
                    }
                    // Non-capturing: one step, empty, strictly farther.
                    let (sx, sy) = (x + dx, y + dy);
                    if on(sx, sy)
                        && grid[sx as usize][sy as usize].is_none()
                        && dist(n, sx, sy) > dist(n, x, y)
                    {
                        out.push(format!("{}-{}", name(x, y), name(sx, sy)));
                    }
                    // Capturing: through empties to the first checker; enemy; not farther.
                    let (mut cx, mut cy) = (x + dx, y + dy);
                    while on(cx, cy) {
                        if let Some(p) = grid[cx as usize][cy as usize] {
                            if p != me && dist(n, cx, cy) <= dist(n, x, y) {
                                out.push(format!("{}x{}", name(x, y), name(cx, cy)));
                            }
                            break;
                        }
                        cx += dx;
                        cy += dy;
                    }
                }
            }
        }
    }
    out.sort();
    out
}

fn apply(grid: &Grid, mv: &str) -> Grid {
    let n = grid.len();
    let sep = mv.find(['-', 'x']).unwrap();
    let cell = |s: &str| {
        let x = (s.as_bytes()[0] - b'a') as usize;
        let y: usize = s[1..].parse::<usize>().unwrap() - 1;
        assert!(x < n && y < n);
        (x, y)
    };
    let (fx, fy) = cell(&mv[..sep]);
    let (tx, ty) = cell(&mv[sep + 1..]);
    let mut g = grid.clone();
    g[tx][ty] = g[fx][fy].take();
    g
}

fn count(grid: &Grid, p: Player) -> usize {
    grid.iter().flatten().filter(|&&c| c == Some(p)).count()
}

/// Perft with the game's conventions: passes are automatic (not plies); a side without checkers has lost.
fn reference_perft(grid: &Grid, me: Player, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if count(grid, me) == 0 || count(grid, me.other()) == 0 {
        return 0;
    }
    let mut moves = reference_moves(grid, me);
    let mut mover = me;
    if moves.is_empty() {
        mover = me.other();
        moves = reference_moves(grid, mover);
    }
    moves
        .iter()
        .map(|m| reference_perft(&apply(grid, m), mover.other(), depth - 1))
        .sum()
}

#[test]
fn rules_2_2_perft_agrees_with_the_reference() {
    for (n, depth) in ZOLA_PERFT_DEPTHS {
        let g = zola_start(n);
        let e = perft(&g, depth);
        let r = reference_perft(&to_grid(g.position()), Player::Red, depth);
        assert_eq!(e, r, "size {n} depth {depth}");
    }
}

/// A game from a position string (RULES 2.3), without the pie rule.
fn from_position(text: &str) -> Result<Game, steere_games::SetupError> {
    Game::new(&Setup {
        position: Some(text.into()),
        ..Setup::default()
    })
}

fn random_position() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just(6u8), Just(8u8), Just(10u8)],
        0u8..=100,
        any::<bool>(),
        any::<u64>(),
    )
        .prop_map(|(n, fill, blue, seed)| {
            // A simple xorshift stream picks each square: empty, red or blue, with `fill` percent filled.
            let mut s = Xorshift::new(seed);
            let mut rows = Vec::new();
            for _ in 0..n {
                let mut row = String::new();
                let mut run = 0;
                for _ in 0..n {
                    let r = s.next_u64();
                    if (r % 100) as u8 >= fill {
                        run += 1;
                    } else {
                        if run > 0 {
                            row.push_str(&run.to_string());
                            run = 0;
                        }
                        row.push(if (r >> 32) & 1 == 0 { 'r' } else { 'b' });
                    }
                }
                if run > 0 {
                    row.push_str(&run.to_string());
                }
                rows.push(row);
            }
            format!("{} {}", rows.join("/"), if blue { 'b' } else { 'r' })
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10000))]

    /// RULES 2.2: the engine's legal moves equal the reference's on random positions of every size.
    #[test]
    fn rules_2_2_legal_moves_match_reference(text in random_position()) {
        let Ok(pos) = Position::from_position_string(&text) else {
            // Only a missing colour may be refused.
            let t = text.split(' ').next().unwrap();
            prop_assert!(!t.contains('r') || !t.contains('b'), "{} refused", text);
            return Ok(());
        };
        prop_assert_eq!(pos.to_string(), text.clone());
        let grid = to_grid(&pos);
        let mine = reference_moves(&grid, pos.turn());
        let theirs = reference_moves(&grid, pos.turn().other());
        match from_position(&text) {
            Ok(game) => {
                if mine.is_empty() {
                    prop_assert_eq!(game.history(), vec!["-".to_string()]);
                    prop_assert_eq!(game.legal_notations(), theirs);
                } else {
                    prop_assert!(game.records().is_empty());
                    prop_assert_eq!(game.legal_notations(), mine.clone());
                    for m in &mine {
                        prop_assert!(game.is_legal(m));
                    }
                }
            }
            Err(_) => prop_assert!(mine.is_empty() && theirs.is_empty(), "{} refused", text),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// RULES 2.2: `is_legal` (checked without generating) agrees with the reference for every
    /// well-formed step and capture between squares of the board.
    #[test]
    fn rules_2_2_is_legal_matches_reference(text in random_position()) {
        let Ok(game) = from_position(&text) else { return Ok(()) };
        let pos = *game.position();
        let grid = to_grid(&pos);
        let legal = reference_moves(&grid, pos.turn());
        let n = pos.size().n() as i32;
        for fx in 0..n {
            for fy in 0..n {
                if grid[fx as usize][fy as usize] != Some(pos.turn()) {
                    continue;
                }
                for tx in 0..n {
                    for ty in 0..n {
                        for sep in ['-', 'x'] {
                            let m = format!("{}{sep}{}", name(fx, fy), name(tx, ty));
                            prop_assert_eq!(game.is_legal(&m), legal.contains(&m), "{} in {}", m, text);
                        }
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// RULES 2.2-2.3 along whole random games of every size: at every ply the engine's moves equal the
    /// reference's (plus `swap` exactly when the pie rule offers it), passes happen exactly when the
    /// reference finds no move, and the game ends exactly when a side has no checker left.
    #[test]
    fn rules_2_2_random_games_match_reference(size in prop_oneof![Just(6u8), Just(8u8), Just(10u8)], pie in any::<bool>(), seed in any::<u64>()) {
        let mut g = Game::new(&Setup { size: Some(size), pie, first: Player::Red, ..Setup::default() }).unwrap();
        let mut s = Xorshift::new(seed);
        let mut ply = 0;
        while g.phase() == steere_games::zola::Phase::Move {
            let pos = *g.position();
            let grid = to_grid(&pos);
            let mut want = reference_moves(&grid, pos.turn());
            prop_assert!(!want.is_empty(), "the side to move has no move");
            if pie && ply == 1 {
                want.push("swap".to_string());
            }
            prop_assert_eq!(g.legal_notations(), want.clone());
            let pick = &want[s.below(want.len())];
            let before = g.records().len();
            g.play(pick).unwrap();
            ply += 1;
            let after = to_grid(g.position());
            if pick != "swap" {
                prop_assert_eq!(&after, &apply(&grid, pick));
                let opp = pos.turn().other();
                if count(&after, opp) == 0 {
                    prop_assert_eq!(g.winner(), Some(pos.turn()));
                } else if reference_moves(&after, opp).is_empty() {
                    prop_assert_eq!(g.records().len(), before + 2);
                    prop_assert_eq!(g.turn(), pos.turn());
                } else {
                    prop_assert_eq!(g.records().len(), before + 1);
                    prop_assert_eq!(g.turn(), opp);
                }
            }
        }
        prop_assert!(count(&to_grid(g.position()), g.turn().other()) == 0);
    }
}
