//! The learned Zola evaluation: the chance that the side to move wins, from a network
//! ([`super::net`]) over inputs that hold for every board size.
//!
//! **Inputs** (from the side to move):
//! - binary: the board size (6, 8, 10: one-hot); the mover has no legal move; the opponent would have
//!   none;
//! - dense: each side's checkers; each side's checkers in six rings by their distance from the centre
//!   (`6 D / (D_max + 1)`, so the rings hold about equal areas on every board); the mover's captures
//!   and the enemy checkers it can take; the opponent's captures were it to move and the mover's
//!   checkers it attacks; each side's non-capturing moves.
#![allow(
    clippy::indexing_slicing,
    reason = "square tables indexed by square numbers below the board size"
)]

use super::net::{Inputs, Net, P_ONE};
use crate::zola::{Move, MoveList, Position, Size};

/// Binary inputs: size 6, 8, 10, mover stuck, opponent stuck.
pub const BINARY: usize = 5;
/// Rings of distance from the centre.
pub const RINGS: usize = 6;
/// Dense inputs (see the module docs).
pub const DENSE: usize = 2 + 2 * RINGS + 6;
/// All inputs.
pub const INPUTS: usize = BINARY + DENSE;

/// The scale of each dense input in training (its value times `2^-shift`).
pub const DENSE_SHIFTS: [u32; DENSE] = [
    4, 4, // checkers
    3, 3, 3, 3, 3, 3, // own rings
    3, 3, 3, 3, 3, 3, // enemy rings
    2, 2, // mover's captures, enemy checkers it can take
    2, 2, // opponent's captures, own checkers attacked
    4, 4, // non-capturing moves
];

/// Counts the captures and non-capturing moves in `list`, and the distinct targets of the captures.
fn tally(list: &MoveList) -> (u16, u16, u16) {
    let mut captures = 0;
    let mut steps = 0;
    let mut targets = 0u128;
    for m in list.iter() {
        match *m {
            Move::Capture { to, .. } => {
                captures += 1;
                targets |= 1u128 << (to.0 & 127);
            }
            Move::Step { .. } => steps += 1,
            _ => {}
        }
    }
    (captures, targets.count_ones() as u16, steps)
}

/// Fills `x` with the inputs of `pos` (both sides on the board). `list` is scratch.
pub fn inputs(pos: &Position, x: &mut Inputs, list: &mut MoveList) {
    x.clear();
    let size = pos.size();
    let g = size.geometry();
    let me = pos.turn();
    x.on.push(match size {
        Size::Six => 0,
        Size::Eight => 1,
        Size::Ten => 2,
    });
    list.clear();
    pos.moves(list);
    let (my_caps, my_targets, my_steps) = tally(list);
    let mut other = *pos;
    other.set_turn(me.other());
    list.clear();
    other.moves(list);
    let (their_caps, their_targets, their_steps) = tally(list);
    if my_caps + my_steps == 0 {
        x.on.push(3);
    }
    if their_caps + their_steps == 0 {
        x.on.push(4);
    }
    let n = i32::from(size.n());
    let dmax = 2 * (n - 1) * (n - 1);
    let mut rings = [0u16; 2 * RINGS];
    for (side, p) in [me, me.other()].into_iter().enumerate() {
        let mut bits = pos.checkers(p);
        while bits != 0 {
            let s = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let d = i32::from(g.dist[s.min(99)]);
            let ring = ((RINGS as i32 * d) / (dmax + 1)).clamp(0, RINGS as i32 - 1) as usize;
            rings[side * RINGS + ring] += 1;
        }
    }
    x.dense.push(pos.count(me) as u16);
    x.dense.push(pos.count(me.other()) as u16);
    x.dense.extend_from_slice(&rings);
    x.dense.extend_from_slice(&[
        my_caps,
        my_targets,
        their_caps,
        their_targets,
        my_steps,
        their_steps,
    ]);
}

/// The chance (units of [`P_ONE`]) that the side to move in `pos` wins.
pub fn value(net: &Net, pos: &Position, x: &mut Inputs, list: &mut MoveList) -> i32 {
    if pos.count(pos.turn().other()) == 0 {
        return P_ONE;
    }
    if pos.count(pos.turn()) == 0 {
        return 0;
    }
    inputs(pos, x, list);
    net.chance(x)
}

/// The network's logit (units of `2^-8`) for the side to move in `pos`, both sides on the board.
pub fn logit(net: &Net, pos: &Position, x: &mut Inputs, list: &mut MoveList) -> i32 {
    inputs(pos, x, list);
    net.logit(x)
}
