//! Move generation (RULES 2.2), from the precomputed tables, into a [`MoveList`] without allocation.

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
    let mut rest = mine;
    while rest != 0 {
        let from = Square(rest.trailing_zeros() as u8);
        rest &= rest - 1;
        let fi = from.index();
        let d_from = g.dist[fi];
        let outward = g.outward[fi];
        for d in 0..8 {
            let len = g.ray_len[fi][d];
            if len == 0 {
                continue;
            }
            let next = g.step(from, d, 1);
            if occupied & (1u128 << next.0) == 0 && outward & (1 << d) != 0 {
                list.push(Move::Step { from, to: next });
            }
            let mut k = 1;
            while k <= len {
                let t = g.step(from, d, k);
                let bit = 1u128 << t.0;
                if occupied & bit != 0 {
                    if theirs & bit != 0 && g.dist[t.index()] <= d_from {
                        list.push(Move::Capture { from, to: t });
                    }
                    break;
                }
                k += 1;
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
    let mut rest = mine;
    while rest != 0 {
        let from = Square(rest.trailing_zeros() as u8);
        rest &= rest - 1;
        let fi = from.index();
        let outward = g.outward[fi];
        for d in 0..8 {
            let len = g.ray_len[fi][d];
            if len == 0 {
                continue;
            }
            if outward & (1 << d) != 0 && occupied & (1u128 << g.step(from, d, 1).0) == 0 {
                return true;
            }
            let mut k = 1;
            while k <= len {
                let t = g.step(from, d, k);
                let bit = 1u128 << t.0;
                if occupied & bit != 0 {
                    if theirs & bit != 0 && g.dist[t.index()] <= g.dist[fi] {
                        return true;
                    }
                    break;
                }
                k += 1;
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
