//! The compact Jokerball position (RULES 1.3, 1.7): the board, the side to move, the rule set and the
//! size, read from and written as position strings (RULES 1.9). Its moves are generated in
//! [`movegen`](super::movegen).
#![allow(
    clippy::indexing_slicing,
    reason = "cells indexed by numbers below the board size, in the move-generation hot path"
)]

use super::board::{Cell, Geometry, Size, MAX_CELLS};
use super::moves::{Dest, Move, MoveKind, Piece};
use super::setup::{RuleSet, Setup};
use crate::error::{ParseError, SetupError};
use crate::notation::{parse_grid, write_grid};
use crate::player::Player;

pub(super) const EMPTY: u8 = 0;
const RED: u8 = 1;
const BLUE: u8 = 2;
const BALL: u8 = 3;
pub(super) const NO_BALL: u8 = u8::MAX;

/// A Jokerball position: the board (men and ball), the side to move, the rule set and the board size.
/// It is `Copy`; move generation and [`Position::apply`] never allocate.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(super) cells: [u8; MAX_CELLS],
    /// Bit `i` set when cell `i` holds a man of that player (Red, Blue): fast iteration over men.
    pub(super) men: [u128; 2],
    pub(super) ball: u8,
    size: Size,
    pub(super) rules: RuleSet,
    pub(super) to_move: Player,
    pub(super) winner: Option<Player>,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Position({} {})",
            self.rules.name(),
            self.to_position_string()
        )
    }
}

#[inline]
fn man_code(p: Player) -> u8 {
    match p {
        Player::Red => RED,
        Player::Blue => BLUE,
    }
}

/// The mask of cell `i` (`i < 128`). In wasm32 a variable 128-bit shift is a library call through
/// memory, and LLVM folds a branch on the half back into one; built from 64-bit halves selected by masks
/// it stays inline (measured a few percent faster `simulate` in Node, and smaller; see
/// benches/RESULTS.md). Natively the plain shift is cheaper.
#[cfg(target_arch = "wasm32")]
#[inline(always)]
pub(super) fn bit(i: u32) -> u128 {
    bit_from_halves(i)
}

/// [`bit`] for wasm32 (compiled everywhere so that the host tests check it).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
#[inline(always)]
fn bit_from_halves(i: u32) -> u128 {
    let one = 1u64 << (i & 63);
    // All ones when the cell is in the high half.
    let high = 0u64.wrapping_sub(u64::from((i >> 6) & 1));
    (u128::from(one & high) << 64) | u128::from(one & !high)
}

/// The mask of cell `i` (`i < 128`).
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
pub(super) fn bit(i: u32) -> u128 {
    1u128 << (i & 127)
}

impl Position {
    /// The starting position of a setup (RULES 1.3), or the position string it names (RULES 1.9).
    pub fn start(setup: &Setup) -> Result<Position, SetupError> {
        let size = setup.validate()?;
        if let Some(text) = &setup.position {
            return Ok(Position::from_position_string(
                setup.rules,
                text,
                setup.size,
            )?);
        }
        let g = size.geometry();
        let mut pos = Position {
            cells: [EMPTY; MAX_CELLS],
            men: [0; 2],
            ball: g.centre,
            size,
            rules: setup.rules,
            to_move: setup.first,
            winner: None,
        };
        let rows = usize::from(g.rows);
        for i in 0..usize::from(g.len) {
            let row = usize::from(g.row_of[i]);
            if row < usize::from(setup.rows) {
                pos.cells[i] = BLUE;
            } else if row >= rows - usize::from(setup.rows) {
                pos.cells[i] = RED;
            }
        }
        pos.cells[usize::from(g.centre)] = BALL;
        pos.rebuild_men();
        Ok(pos)
    }

    /// Reads a position string (RULES 1.9). The size follows from the row count (7 or 11 rows); an
    /// `explicit_size` that differs from it is a parse error. Exactly one ball is required.
    pub fn from_position_string(
        rules: RuleSet,
        text: &str,
        explicit_size: Option<u8>,
    ) -> Result<Position, ParseError> {
        let grid = parse_grid(
            text,
            |rows| match rows {
                7 => Some(Size::Four.geometry().row_lengths()),
                11 => Some(Size::Six.geometry().row_lengths()),
                _ => None,
            },
            b"rbo",
        )?;
        let size = if grid.rows.len() == 7 {
            Size::Four
        } else {
            Size::Six
        };
        if let Some(s) = explicit_size {
            if s != size.n() {
                return Err(ParseError::new(format!(
                    "the position string is a side-{} board but size {s} was asked for",
                    size.n()
                )));
            }
        }
        let mut pos = Position {
            cells: [EMPTY; MAX_CELLS],
            men: [0; 2],
            ball: NO_BALL,
            size,
            rules,
            to_move: grid.to_move,
            winner: None,
        };
        let mut balls = 0;
        for (i, cell) in grid.rows.iter().flatten().enumerate() {
            let code = match cell {
                None => EMPTY,
                Some(b'r') => RED,
                Some(b'b') => BLUE,
                Some(_) => {
                    balls += 1;
                    pos.ball = i as u8;
                    BALL
                }
            };
            if let Some(c) = pos.cells.get_mut(i) {
                *c = code;
            }
        }
        pos.rebuild_men();
        if balls != 1 {
            return Err(ParseError::new(format!(
                "a position string must hold exactly one ball ('o'), found {balls}"
            )));
        }
        Ok(pos)
    }

    fn rebuild_men(&mut self) {
        self.men = [0; 2];
        for (i, &c) in self.cells.iter().enumerate() {
            match c {
                RED => self.men[0] |= 1u128 << i,
                BLUE => self.men[1] |= 1u128 << i,
                _ => {}
            }
        }
    }

    /// The position string (RULES 1.9). After the game, the string has no ball.
    pub fn to_position_string(&self) -> String {
        let g = self.geometry();
        let rows = (0..usize::from(g.rows)).map(|row| {
            let start = usize::from(g.row_start[row]);
            let len = usize::from(g.row_len[row]);
            self.cells[start..start + len].iter().map(|&c| match c {
                RED => Some(b'r'),
                BLUE => Some(b'b'),
                BALL => Some(b'o'),
                _ => None,
            })
        });
        write_grid(rows, self.to_move)
    }

    /// The board tables of this position's size.
    #[inline]
    pub fn geometry(&self) -> &'static Geometry {
        self.size.geometry()
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> Size {
        self.size
    }

    /// The side of the board, 4 or 6.
    #[inline]
    pub fn side(&self) -> u8 {
        self.size.n()
    }

    /// The rule set.
    #[inline]
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Player {
        self.to_move
    }

    /// Sets the side to move.
    #[inline]
    pub fn set_turn(&mut self, player: Player) {
        self.to_move = player;
    }

    /// The ball's cell, or `None` once it has left the board.
    #[inline]
    pub fn ball(&self) -> Option<Cell> {
        (self.ball != NO_BALL).then_some(Cell(self.ball))
    }

    /// The winner, once the ball has left the board (RULES 1.7).
    #[inline]
    pub fn winner(&self) -> Option<Player> {
        self.winner
    }

    /// What stands on a cell (`None`: empty or not a cell).
    #[inline]
    pub fn piece(&self, cell: Cell) -> Option<Piece> {
        match self.cells.get(cell.index()) {
            Some(&RED) => Some(Piece::Man(Player::Red)),
            Some(&BLUE) => Some(Piece::Man(Player::Blue)),
            Some(&BALL) => Some(Piece::Ball),
            _ => None,
        }
    }

    /// The cells of a player's men, bit `i` for cell `i`.
    #[inline]
    pub fn men_mask(&self, player: Player) -> u128 {
        self.men[player.index()]
    }

    /// The number of men of a player on the board.
    pub fn men(&self, player: Player) -> usize {
        let code = man_code(player);
        self.cells[..usize::from(self.geometry().len)]
            .iter()
            .filter(|&&c| c == code)
            .count()
    }

    /// Plays a man or ball move generated for this position (the side to move does not change; see
    /// [`Position::end_turn`]). A ball leaving through a goal decides the winner (RULES 1.7).
    #[inline(always)]
    pub fn apply(&mut self, mv: Move) {
        let from = mv.from.index();
        match mv.kind {
            MoveKind::Man => {
                let me = man_code(self.to_move);
                let side = self.to_move.index();
                if let Some(c) = self.cells.get_mut(from) {
                    *c = EMPTY;
                }
                self.men[side] &= !bit(u32::from(mv.from.0));
                if let Dest::Cell(to) = mv.to {
                    if let Some(c) = self.cells.get_mut(to.index()) {
                        *c = me;
                    }
                    let to_bit = bit(u32::from(to.0));
                    self.men[0] &= !to_bit;
                    self.men[1] &= !to_bit;
                    self.men[side] |= to_bit;
                }
            }
            MoveKind::Ball => {
                if let Some(c) = self.cells.get_mut(from) {
                    *c = EMPTY;
                }
                match mv.to {
                    Dest::Cell(to) => {
                        if let Some(c) = self.cells.get_mut(to.index()) {
                            *c = BALL;
                        }
                        self.ball = to.0;
                    }
                    Dest::Off(goal) => {
                        self.ball = NO_BALL;
                        self.winner = Some(goal.other());
                    }
                }
            }
        }
    }

    /// Ends the turn: the opponent is to move (no change once the game is won).
    #[inline]
    pub fn end_turn(&mut self) {
        if self.winner.is_none() {
            self.to_move = self.to_move.other();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_masks_every_cell() {
        for i in 0..128u32 {
            assert_eq!(bit(i), 1u128 << i);
            assert_eq!(bit_from_halves(i), 1u128 << i);
        }
    }
}
