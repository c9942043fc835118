//! RULES 1.1, 1.5, 1.6: the table-driven move generation agrees with a slow reference written straight
//! from the rules text in axial coordinates, on thousands of random positions of both rule sets, both
//! sizes and both sides to move.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::collections::{BTreeSet, HashMap};

use proptest::prelude::*;
use steere_games::jokerball::{write_move, MoveList, Position, RuleSet};
use steere_games::{Hex, HexDirection, Player};

mod support;
use support::Xorshift;

struct Board {
    size: i8,
    cells: HashMap<Hex, char>,
    me: char,
    rules: RuleSet,
}

impl Board {
    fn on(&self, h: Hex) -> bool {
        h.q.abs().max(h.r.abs()).max(h.s().abs()) < self.size
    }
    fn name(&self, h: Hex) -> String {
        h.name(self.size as u8).expect("on board")
    }
    /// Where a step off the board from `from` goes: `Some(true)` the top side, `Some(false)` the bottom
    /// side, `None` a wall (RULES 1.1).
    fn goal(&self, from: Hex, dir: HexDirection) -> Option<bool> {
        let top = from.r == -(self.size - 1) && matches!(dir, HexDirection::NW | HexDirection::NE);
        let bottom = from.r == self.size - 1 && matches!(dir, HexDirection::SW | HexDirection::SE);
        if top {
            Some(true)
        } else if bottom {
            Some(false)
        } else {
            None
        }
    }

    fn man_moves(&self, k: i32) -> BTreeSet<String> {
        let fwd = if self.me == 'r' {
            [HexDirection::NW, HexDirection::NE]
        } else {
            [HexDirection::SE, HexDirection::SW]
        };
        let mut out = BTreeSet::new();
        for (&from, &piece) in &self.cells {
            if piece != self.me {
                continue;
            }
            for dir in HexDirection::ALL {
                // Capture: the first man met within k steps through empty cells.
                let mut h = from;
                for _ in 0..k {
                    let nx = h.neighbor(dir);
                    if !self.on(nx) {
                        break;
                    }
                    match self.cells.get(&nx) {
                        None => h = nx,
                        Some('o') => break,
                        Some(&c) => {
                            if c != self.me || self.rules == RuleSet::Classic {
                                out.insert(format!("{}x{}", self.name(from), self.name(nx)));
                            }
                            break;
                        }
                    }
                }
                if !fwd.contains(&dir) {
                    continue;
                }
                // Non-capturing forward move.
                let mut h = from;
                let mut steps = 0;
                loop {
                    if steps == k {
                        out.insert(format!("{}-{}", self.name(from), self.name(h)));
                        break;
                    }
                    let nx = h.neighbor(dir);
                    let stop = if !self.on(nx) {
                        if self.goal(h, dir).is_some() {
                            out.insert(format!("{}-off", self.name(from)));
                            break;
                        }
                        true
                    } else {
                        match self.cells.get(&nx) {
                            None => false,
                            Some('o') => true,
                            Some(&c) if c == self.me && self.rules == RuleSet::Y2025 => true,
                            Some(_) => break,
                        }
                    };
                    if stop {
                        if steps > 0 {
                            out.insert(format!("{}-{}", self.name(from), self.name(h)));
                        }
                        break;
                    }
                    h = nx;
                    steps += 1;
                }
            }
        }
        out
    }

    fn ball_moves(&self, face: u8) -> BTreeSet<String> {
        use HexDirection::*;
        let red = [SW, W, NW, NE, E, SE][usize::from(face - 1)];
        let dir = if self.me == 'r' { red } else { red.opposite() };
        let mut out = BTreeSet::new();
        let Some((&from, _)) = self.cells.iter().find(|(_, &c)| c == 'o') else {
            return out;
        };
        let mut h = from;
        loop {
            let nx = h.neighbor(dir);
            if !self.on(nx) {
                if self.goal(h, dir).is_some() {
                    out.insert(format!("{}>off", self.name(from)));
                }
                break;
            }
            if self.cells.contains_key(&nx) {
                break;
            }
            out.insert(format!("{}>{}", self.name(from), self.name(nx)));
            h = nx;
        }
        out
    }
}

/// A random board written as a position string, and the same board as a map.
fn random_board(size: i8, density: u8, seed: u64, red: bool, rules: RuleSet) -> (String, Board) {
    let mut x = Xorshift::new(seed);
    let mut cells = HashMap::new();
    let mut all = Vec::new();
    let mut rows = Vec::new();
    for r in -(size - 1)..size {
        let lo = (-(size - 1)).max(-(size - 1) - r);
        let hi = (size - 1).min(size - 1 - r);
        let mut row = Vec::new();
        for q in lo..=hi {
            let h = Hex::new(q, r);
            all.push(h);
            let roll = (x.next_u64() % 100) as u8;
            let piece = if roll < density / 2 {
                Some('r')
            } else if roll < density {
                Some('b')
            } else {
                None
            };
            if let Some(p) = piece {
                cells.insert(h, p);
            }
            row.push(h);
        }
        rows.push(row);
    }
    let ball = all[x.below(all.len())];
    cells.insert(ball, 'o');
    let mut text = String::new();
    for (i, row) in rows.iter().enumerate() {
        if i > 0 {
            text.push('/');
        }
        let mut run = 0;
        for h in row {
            match cells.get(h) {
                None => run += 1,
                Some(&c) => {
                    if run > 0 {
                        text.push_str(&run.to_string());
                        run = 0;
                    }
                    text.push(c);
                }
            }
        }
        if run > 0 {
            text.push_str(&run.to_string());
        }
    }
    text.push_str(if red { " r" } else { " b" });
    (
        text,
        Board {
            size,
            cells,
            me: if red { 'r' } else { 'b' },
            rules,
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// RULES 1.5, 1.6: man moves for every distance and ball moves for every face agree with the
    /// reference on random positions.
    #[test]
    fn movegen_matches_reference(
        classic in any::<bool>(),
        big in any::<bool>(),
        red in any::<bool>(),
        density in 5u8..90,
        seed in any::<u64>(),
    ) {
        let rules = if classic { RuleSet::Classic } else { RuleSet::Y2025 };
        let size: i8 = if big { 6 } else { 4 };
        let (text, board) = random_board(size, density, seed, red, rules);
        let pos = Position::from_position_string(rules, &text, None).expect("valid");
        prop_assert_eq!(pos.turn(), if red { Player::Red } else { Player::Blue });
        let mut list = MoveList::new();
        for k in 1..=size {
            list.clear();
            pos.man_moves(k as u8, &mut list);
            let got: Vec<String> = list.iter().map(|&m| write_move(pos.size(), m)).collect();
            let set: BTreeSet<String> = got.iter().cloned().collect();
            prop_assert_eq!(set.len(), got.len(), "duplicates in {}", text);
            prop_assert_eq!(set, board.man_moves(i32::from(k)), "{} k={}", text, k);
        }
        for face in 1..=6u8 {
            list.clear();
            pos.ball_moves(face, &mut list);
            let got: BTreeSet<String> = list.iter().map(|&m| write_move(pos.size(), m)).collect();
            prop_assert_eq!(got.len(), list.len());
            prop_assert_eq!(got, board.ball_moves(face), "{} face={}", text, face);
        }
    }
}
