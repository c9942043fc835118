//! Zola move generation (RULES 2.2): the legal board moves of a [`Position`], from the precomputed
//! tables, into a [`MoveList`] without allocation.
#![allow(
    clippy::indexing_slicing,
    reason = "board tables indexed by square numbers below the board size, in the move-generation hot path"
)]

use super::board::{Geometry, Square};
use super::moves::{Move, MoveList};
use super::position::Position;

/// What generation reads: the tables of the board and the checkers as bitboards.
struct Sides {
    g: &'static Geometry,
    mine: u128,
    theirs: u128,
    occupied: u128,
    empty: u128,
}

impl Sides {
    #[inline(always)]
    fn of(pos: &Position) -> Sides {
        let g = pos.size().geometry();
        let me = pos.turn();
        let mine = pos.checkers(me);
        let theirs = pos.checkers(me.other());
        let occupied = mine | theirs;
        Sides {
            g,
            mine,
            theirs,
            occupied,
            empty: g.all & !occupied,
        }
    }

    /// Calls `found` with each capture of the checker on square `fi`, in direction order: the first
    /// checker on a ray, when it is an enemy not farther from the centre. Stops, and returns `true`, as
    /// soon as `found` does.
    #[inline(always)]
    fn captures(&self, fi: usize, mut found: impl FnMut(Square) -> bool) -> bool {
        let g = self.g;
        let targets = self.theirs & g.not_farther[fi];
        if targets & g.lines[fi] == 0 {
            return false;
        }
        for d in 0..8 {
            let ray = g.ray[fi][d];
            if targets & ray == 0 {
                continue;
            }
            let to = g.first_on_ray(d, self.occupied & ray);
            if targets & (1u128 << to.0) != 0 && found(to) {
                return true;
            }
        }
        false
    }
}

impl Position {
    /// Appends every board move of the side to move to `out` (steps and captures, no `swap`), checkers in
    /// square order, each checker's steps before its captures.
    #[inline]
    pub fn moves(&self, out: &mut MoveList) {
        let sides = Sides::of(self);
        let mut rest = sides.mine;
        while rest != 0 {
            let fi = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let from = Square(fi as u8);
            // Non-capturing: adjacent, empty, strictly farther.
            let mut steps = sides.g.outward[fi] & sides.empty;
            while steps != 0 {
                let to = Square(steps.trailing_zeros() as u8);
                steps &= steps - 1;
                out.push(Move::Step { from, to });
            }
            sides.captures(fi, |to| {
                out.push(Move::Capture { from, to });
                false
            });
        }
    }

    /// Whether the side to move has at least one board move (faster than generating them all).
    pub fn has_move(&self) -> bool {
        let sides = Sides::of(self);
        let mut rest = sides.mine;
        while rest != 0 {
            let fi = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if sides.g.outward[fi] & sides.empty != 0 || sides.captures(fi, |_| true) {
                return true;
            }
        }
        false
    }

    /// Whether `mv` is a legal board move of the side to move (checked without generating all; `swap` and
    /// the pass are not board moves).
    pub fn is_legal_move(&self, mv: Move) -> bool {
        let (from, to, capture) = match mv {
            Move::Step { from, to } => (from, to, false),
            Move::Capture { from, to } => (from, to, true),
            Move::Swap | Move::Pass => return false,
        };
        let size = self.size();
        if from.index() >= size.cells()
            || to.index() >= size.cells()
            || self.at(from) != Some(self.turn())
        {
            return false;
        }
        let g = size.geometry();
        let (dx, dy) = (
            i16::from(to.x(size)) - i16::from(from.x(size)),
            i16::from(to.y(size)) - i16::from(from.y(size)),
        );
        if (dx, dy) == (0, 0) || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
            return false;
        }
        let k = dx.abs().max(dy.abs()) as u8;
        let dir = super::board::DIRECTIONS
            .iter()
            .position(|&(a, b)| (i16::from(a), i16::from(b)) == (dx.signum(), dy.signum()));
        let Some(d) = dir else { return false };
        let occupied = self.occupied();
        if capture {
            for j in 1..k {
                if occupied & (1u128 << g.step(from, d, j).0) != 0 {
                    return false;
                }
            }
            self.at(to) == Some(self.turn().other()) && g.dist[to.index()] <= g.dist[from.index()]
        } else {
            k == 1 && self.at(to).is_none() && g.dist[to.index()] > g.dist[from.index()]
        }
    }
}
