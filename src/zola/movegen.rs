//! Move generation (RULES 2.2), from the precomputed tables, into a [`MoveList`] without allocation.
#![allow(
    clippy::indexing_slicing,
    reason = "board tables indexed by square numbers below the board size, in the move-generation hot path"
)]

use super::board::Square;
use super::moves::{Move, MoveList};
use super::position::Position;

/// Appends every board move of the side to move in `pos` to `list` (steps and captures, no `swap`).
#[inline]
pub fn generate(pos: &Position, list: &mut MoveList) {
    let g = pos.size().geometry();
    let me = pos.turn();
    let mine = pos.checkers(me);
    let theirs = pos.checkers(me.other());
    let occupied = mine | theirs;
    let empty = g.all & !occupied;
    let mut rest = mine;
    while rest != 0 {
        let fi = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let from = Square(fi as u8);
        // Non-capturing: adjacent, empty, strictly farther.
        let mut steps = g.outward[fi] & empty;
        while steps != 0 {
            let to = Square(steps.trailing_zeros() as u8);
            steps &= steps - 1;
            list.push(Move::Step { from, to });
        }
        // Capturing: the first checker on a ray, an enemy not farther from the centre.
        let targets = theirs & g.not_farther[fi];
        if targets & g.lines[fi] == 0 {
            continue;
        }
        for d in 0..8 {
            let ray = g.ray[fi][d];
            if targets & ray == 0 {
                continue;
            }
            let to = g.first_on_ray(d, occupied & ray);
            if targets & (1u128 << to.0) != 0 {
                list.push(Move::Capture { from, to });
            }
        }
    }
}

/// Whether the side to move in `pos` has at least one board move (faster than generating them all).
pub fn has_move(pos: &Position) -> bool {
    let g = pos.size().geometry();
    let me = pos.turn();
    let mine = pos.checkers(me);
    let theirs = pos.checkers(me.other());
    let occupied = mine | theirs;
    let empty = g.all & !occupied;
    let mut rest = mine;
    while rest != 0 {
        let fi = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if g.outward[fi] & empty != 0 {
            return true;
        }
        let targets = theirs & g.not_farther[fi];
        if targets & g.lines[fi] == 0 {
            continue;
        }
        for d in 0..8 {
            let ray = g.ray[fi][d];
            if targets & ray != 0 && targets & (1u128 << g.first_on_ray(d, occupied & ray).0) != 0 {
                return true;
            }
        }
    }
    false
}

/// Whether `mv` is a legal board move of the side to move in `pos` (checked without generating all).
pub fn is_legal_board_move(pos: &Position, mv: Move) -> bool {
    let (from, to, capture) = match mv {
        Move::Step { from, to } => (from, to, false),
        Move::Capture { from, to } => (from, to, true),
        Move::Swap | Move::Pass => return false,
    };
    let size = pos.size();
    if from.index() >= size.squares()
        || to.index() >= size.squares()
        || pos.at(from) != Some(pos.turn())
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
    let occupied = pos.occupied();
    if capture {
        for j in 1..k {
            if occupied & (1u128 << g.step(from, d, j).0) != 0 {
                return false;
            }
        }
        pos.at(to) == Some(pos.turn().other()) && g.dist[to.index()] <= g.dist[from.index()]
    } else {
        k == 1 && pos.at(to).is_none() && g.dist[to.index()] > g.dist[from.index()]
    }
}
