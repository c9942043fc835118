//! Jokerball move generation (RULES 1.5, 1.6): the forward and ball directions, and the legal man and
//! ball moves of a [`Position`], allocation-free.
#![allow(
    clippy::indexing_slicing,
    reason = "board tables indexed by cell numbers below the board size, in the move-generation hot path"
)]

use super::board::{Cell, Reach, Step, DEST_NONE, DEST_OFF, MAX_CELLS};
use super::moves::{Dest, Move, MoveKind, MoveList};
use super::position::{bit, Position, EMPTY, NO_BALL};
use super::setup::RuleSet;
use crate::hex::HexDirection;
use crate::player::Player;

/// The two forward directions of a player (RULES 1.5): forward-left, forward-right.
pub const fn forward(player: Player) -> [HexDirection; 2] {
    match player {
        Player::Red => [HexDirection::NW, HexDirection::NE],
        Player::Blue => [HexDirection::SE, HexDirection::SW],
    }
}

/// A player's two forward direction indices, the lower first (man generation's constants).
const fn forward_indices(player: Player) -> (usize, usize) {
    let [a, b] = forward(player);
    let (a, b) = (a.index(), b.index());
    if a < b {
        (a, b)
    } else {
        (b, a)
    }
}
const RED_FORWARD: (usize, usize) = forward_indices(Player::Red);
const BLUE_FORWARD: (usize, usize) = forward_indices(Player::Blue);

/// The direction of the ball for a direction-die face `1..=6` and the mover (RULES 1.6).
#[inline(always)]
pub const fn ball_direction(player: Player, face: u8) -> HexDirection {
    use HexDirection::*;
    let red = match face {
        1 => SW,
        2 => W,
        3 => NW,
        4 => NE,
        5 => E,
        _ => SE,
    };
    match player {
        Player::Red => red,
        Player::Blue => red.opposite(),
    }
}

/// The per-call constants of man move generation.
struct ManGen<'a> {
    occupied: u128,
    takeable: u128,
    back: &'a [[u8; 6]; MAX_CELLS],
}

impl ManGen<'_> {
    /// The moves of every man in `men` (cell order), whose forward directions are `LO` and `HI`.
    #[inline(always)]
    fn all<const LO: usize, const HI: usize>(
        &self,
        men: u128,
        table: &[Reach; MAX_CELLS],
        out: &mut MoveList,
    ) {
        let mut bits = men;
        while bits != 0 {
            let from = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let Some(reach) = table.get(from) else {
                continue;
            };
            let mut off_done = false;
            let from = from as u8;
            if reach.around & self.takeable == 0 {
                self.one::<LO>(reach, from, true, &mut off_done, out);
                self.one::<HI>(reach, from, true, &mut off_done, out);
            } else {
                // Unrolled with constant directions: each line's scan order is known at compile time.
                self.one::<0>(reach, from, LO == 0 || HI == 0, &mut off_done, out);
                self.one::<1>(reach, from, LO == 1 || HI == 1, &mut off_done, out);
                self.one::<2>(reach, from, LO == 2 || HI == 2, &mut off_done, out);
                self.one::<3>(reach, from, LO == 3 || HI == 3, &mut off_done, out);
                self.one::<4>(reach, from, LO == 4 || HI == 4, &mut off_done, out);
                self.one::<5>(reach, from, LO == 5 || HI == 5, &mut off_done, out);
            }
        }
    }

    /// The man move from `from` in direction `DIR`, if any (a forward line may also stop short or go
    /// off; any other line only captures). `off_done`: the man already has its `-off` move.
    #[inline(always)]
    fn one<const DIR: usize>(
        &self,
        reach: &Reach,
        from: u8,
        is_fwd: bool,
        off_done: &mut bool,
        out: &mut MoveList,
    ) {
        let dir = DIR;
        let line = reach.ray.get(dir).copied().unwrap_or(0);
        if !is_fwd && line & self.takeable == 0 {
            return;
        }
        let blockers = self.occupied & line;
        if blockers == 0 {
            // Nothing within reach (only a forward line gets here): k steps, the wall, or off.
            let to = match reach.dest.get(dir).copied().unwrap_or(DEST_NONE) {
                DEST_NONE => return,
                d if d & DEST_OFF == 0 => Dest::Cell(Cell(d)),
                _ if *off_done => return,
                d => {
                    *off_done = true;
                    Dest::Off(if d & 1 == 0 {
                        Player::Red
                    } else {
                        Player::Blue
                    })
                }
            };
            out.push(Move {
                kind: MoveKind::Man,
                from: Cell(from),
                to,
                capture: false,
            });
            return;
        }
        let b = if super::board::ascending(dir) {
            blockers.trailing_zeros()
        } else {
            127 - blockers.leading_zeros()
        };
        // A takeable man is captured; any other piece stops a forward man on the cell before it.
        if self.takeable & bit(b) != 0 {
            out.push(Move {
                kind: MoveKind::Man,
                from: Cell(from),
                to: Dest::Cell(Cell(b as u8)),
                capture: true,
            });
        } else if is_fwd {
            if let Some(&c) = self.back.get(b as usize).and_then(|r| r.get(dir)) {
                if c != from {
                    out.push(Move {
                        kind: MoveKind::Man,
                        from: Cell(from),
                        to: Dest::Cell(Cell(c)),
                        capture: false,
                    });
                }
            }
        }
    }
}

impl Position {
    /// Appends every legal man move of the side to move for distance `k` (RULES 1.5) to `out`, men in
    /// cell order, each man's directions in index order. The moves are distinct: a man that can leave
    /// through both forward sides has one `-off` move.
    ///
    /// Bitboards and ray tables laid out by distance: for each man and direction the first piece on the
    /// line within `k` steps is found with one mask and a bit scan; an unblocked forward line ends at a
    /// precomputed destination. A man with no takeable man within `k` steps looks only forward.
    pub fn man_moves(&self, k: u8, out: &mut MoveList) {
        self.man_moves_of(k, self.men[self.to_move.index()], out);
    }

    /// The moves of [`Position::man_moves`] whose man stands on `from` (none when no man of the side to
    /// move stands there), in the same order.
    pub fn man_moves_from(&self, k: u8, from: Cell, out: &mut MoveList) {
        let one = bit(u32::from(from.0)) & self.men[self.to_move.index()];
        self.man_moves_of(k, one, out);
    }

    /// [`Position::man_moves`] of the men `movers` (of the side to move) only.
    fn man_moves_of(&self, k: u8, movers: u128, out: &mut MoveList) {
        if self.winner.is_some() {
            return;
        }
        let rays = self.geometry().rays();
        let Some(table) = rays.by_k.get(usize::from(k).wrapping_sub(1)) else {
            return;
        };
        let side = self.to_move.index();
        let mine = self.men[side];
        let theirs = self.men[1 - side];
        let ball = if self.ball == NO_BALL {
            0
        } else {
            bit(u32::from(self.ball))
        };
        let ctx = ManGen {
            occupied: mine | theirs | ball,
            // Men a capture may take (the other pieces on a forward line stop the man short).
            takeable: if self.rules == RuleSet::Y2025 {
                theirs
            } else {
                mine | theirs
            },
            back: &rays.back,
        };
        // The forward directions (RULES 1.5) as compile-time constants, in index order.
        match self.to_move {
            Player::Red => ctx.all::<{ RED_FORWARD.0 }, { RED_FORWARD.1 }>(movers, table, out),
            Player::Blue => ctx.all::<{ BLUE_FORWARD.0 }, { BLUE_FORWARD.1 }>(movers, table, out),
        }
    }

    /// Appends every legal ball move of the side to move for direction-die face `face` (RULES 1.6):
    /// each empty cell along the line, and `off` when the line is empty up to an open side.
    pub fn ball_moves(&self, face: u8, out: &mut MoveList) {
        if self.ball == NO_BALL || self.winner.is_some() {
            return;
        }
        let g = self.geometry();
        let dir = ball_direction(self.to_move, face);
        let from = self.ball;
        let mut cur = from;
        loop {
            match g.step[usize::from(cur)][dir.index()] {
                Step::Cell(next) => {
                    if self.cells[usize::from(next)] != EMPTY {
                        break;
                    }
                    out.push(Move {
                        kind: MoveKind::Ball,
                        from: Cell(from),
                        to: Dest::Cell(Cell(next)),
                        capture: false,
                    });
                    cur = next;
                }
                Step::Wall => break,
                Step::Goal(goal) => {
                    out.push(Move {
                        kind: MoveKind::Ball,
                        from: Cell(from),
                        to: Dest::Off(goal),
                        capture: false,
                    });
                    break;
                }
            }
        }
    }

    /// Whether the side to move has a man move for distance `k`.
    pub fn has_man_move(&self, k: u8) -> bool {
        let mut list = MoveList::new();
        self.man_moves(k, &mut list);
        !list.is_empty()
    }

    /// Whether the side to move has a ball move for direction-die face `face`.
    pub fn has_ball_move(&self, face: u8) -> bool {
        let mut list = MoveList::new();
        self.ball_moves(face, &mut list);
        !list.is_empty()
    }

    /// The number of distinct complete turns for these dice: sequences (man move or none when there is
    /// none, then ball move or none when there is none), as in RULES' appendix.
    pub fn count_turns(&self, distance: u8, direction: u8) -> usize {
        let mut men = MoveList::new();
        let mut balls = MoveList::new();
        self.man_moves(distance, &mut men);
        if men.is_empty() {
            self.ball_moves(direction, &mut balls);
            return balls.len().max(1);
        }
        let mut total = 0;
        for &m in men.iter() {
            let mut p = *self;
            p.apply(m);
            balls.clear();
            p.ball_moves(direction, &mut balls);
            total += balls.len().max(1);
        }
        total
    }
}

#[cfg(test)]
impl Position {
    /// Plays a turn of random dice and random legal moves (the tests' random positions).
    pub(crate) fn random_turn(&mut self, rng: &mut crate::dice::SimRng) {
        let mut list = MoveList::new();
        self.man_moves(1 + rng.below(usize::from(self.side())) as u8, &mut list);
        if let Some(&m) = list.get(rng.below(list.len().max(1))) {
            self.apply(m);
        }
        list.clear();
        self.ball_moves(1 + rng.below(6) as u8, &mut list);
        if let Some(&m) = list.get(rng.below(list.len().max(1))) {
            self.apply(m);
        }
        self.end_turn();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jokerball::Setup;

    #[test]
    fn the_moves_of_one_man_are_those_of_every_man_from_its_cell() {
        // Random play under both rule sets and sizes; at every turn start, each cell and distance.
        let mut rng = crate::dice::SimRng::new([5, 6, 7, 8]);
        let (mut all, mut one, mut checked) = (MoveList::new(), MoveList::new(), 0);
        for (rules, size) in [
            (RuleSet::Y2025, 6),
            (RuleSet::Classic, 6),
            (RuleSet::Classic, 4),
        ] {
            let setup = Setup {
                rules,
                size: Some(size),
                ..Setup::default()
            };
            let mut pos = Position::start(&setup).unwrap_or_else(|e| panic!("{e}"));
            for _ in 0..80 {
                if pos.winner().is_some() {
                    break;
                }
                for k in 1..=size {
                    all.clear();
                    pos.man_moves(k, &mut all);
                    for cell in 0..size.pow(2) * 3 {
                        one.clear();
                        pos.man_moves_from(k, Cell(cell), &mut one);
                        let want: Vec<Move> = all
                            .iter()
                            .copied()
                            .filter(|m| m.from == Cell(cell))
                            .collect();
                        assert_eq!(one.iter().copied().collect::<Vec<_>>(), want);
                        checked += one.len();
                    }
                }
                pos.random_turn(&mut rng);
            }
        }
        assert!(checked > 1000, "{checked} moves");
    }

    #[test]
    fn start_counts_appendix() {
        let pos = Position::start(&Setup::default()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            pos.to_position_string(),
            "bbbbbb/bbbbbbb/8/9/10/5o5/10/9/8/rrrrrrr/rrrrrr r"
        );
        let mut list = MoveList::new();
        for k in 1..=6 {
            list.clear();
            pos.man_moves(k, &mut list);
            assert_eq!(list.len(), 14);
        }
        let total: usize = (1..=6)
            .flat_map(|d| (1..=6).map(move |r| (d, r)))
            .map(|(d, r)| pos.count_turns(d, r))
            .sum();
        assert_eq!(total, 1784);
    }

    #[test]
    fn forward_directions_rules_1_5() {
        // Red moves toward the top (NW, NE), Blue toward the bottom (SE, SW).
        use HexDirection::*;
        assert_eq!(forward_indices(Player::Red), (NE.index(), NW.index()));
        assert_eq!(forward_indices(Player::Blue), (SE.index(), SW.index()));
    }

    #[test]
    fn ball_directions_mirror() {
        for face in 1..=6 {
            assert_eq!(
                ball_direction(Player::Blue, face),
                ball_direction(Player::Red, face).opposite()
            );
        }
        assert_eq!(
            ball_direction(Player::Red, 2),
            ball_direction(Player::Blue, 5)
        );
    }
}
