//! A Zola position: the checkers of both colours and the side to move, as a small `Copy` value.
use super::board::{Size, Square};
use super::moves::Move;
use super::setup::Setup;
use crate::error::{ParseError, SetupError};
use crate::notation::{parse_grid, write_grid};
use crate::player::{ByPlayer, Player};

/// The bit of square `s` in a bitboard (0 for an index past the 128 bits).
#[inline]
fn bit(s: Square) -> u128 {
    1u128.checked_shl(u32::from(s.0)).unwrap_or(0)
}

/// The checkers on the board (one bitboard per colour, bit `y * n + x`) and the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    size: Size,
    checkers: ByPlayer<u128>,
    turn: Player,
}

impl Position {
    /// The starting position of a setup (RULES 2.1), or the position string it names (RULES 2.3). A
    /// size other than 6, 8 or 10 is an `invalid_option`; a bad string, one for another size than
    /// `size`, or one where neither side can move, a `parse_error`.
    pub fn start(setup: &Setup) -> Result<Position, SetupError> {
        let size = setup.validate()?;
        let Some(text) = &setup.position else {
            return Ok(Position::full(size, setup.first));
        };
        let start = Position::from_position_string(text)?;
        if setup.size.is_some() && size != start.size() {
            return Err(SetupError::Parse(ParseError::new(format!(
                "the position string is for a {m}x{m} board, not {n}x{n}",
                m = start.side(),
                n = size.n()
            ))));
        }
        let mut other = start;
        other.set_turn(start.turn().other());
        if !start.has_move() && !other.has_move() {
            return Err(SetupError::Parse(ParseError::new(
                "neither side can move in this position",
            )));
        }
        Ok(start)
    }

    /// The full board (RULES 2.1) in a checkered pattern, `a1` red, `first` to move.
    pub(crate) fn full(size: Size, first: Player) -> Position {
        let n = size.n();
        let mut checkers = ByPlayer::new(0u128, 0u128);
        for y in 0..n {
            for x in 0..n {
                let p = if (x + y) % 2 == 0 {
                    Player::Red
                } else {
                    Player::Blue
                };
                *checkers.get_mut(p) |= bit(Square(y * n + x));
            }
        }
        Position {
            size,
            checkers,
            turn: first,
        }
    }

    /// An empty board of this size with `turn` to move (for building positions square by square).
    pub fn empty(size: Size, turn: Player) -> Position {
        Position {
            size,
            checkers: ByPlayer::new(0, 0),
            turn,
        }
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> Size {
        self.size
    }

    /// The number of squares a side: 6, 8 or 10.
    #[inline]
    pub fn side(&self) -> u8 {
        self.size.n()
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Player {
        self.turn
    }

    /// Sets the side to move.
    #[inline]
    pub fn set_turn(&mut self, turn: Player) {
        self.turn = turn;
    }

    /// The bitboard of `player`'s checkers (bit `y * n + x`).
    #[inline]
    pub fn checkers(&self, player: Player) -> u128 {
        *self.checkers.get(player)
    }

    /// The bitboard of every checker.
    #[inline]
    pub fn occupied(&self) -> u128 {
        self.checkers.red | self.checkers.blue
    }

    /// The number of checkers `player` has on the board.
    #[inline]
    pub fn count(&self, player: Player) -> u32 {
        self.checkers.get(player).count_ones()
    }

    /// The owner of the checker on `s`, if any.
    #[inline]
    pub fn at(&self, s: Square) -> Option<Player> {
        let bit = bit(s);
        if self.checkers.red & bit != 0 {
            Some(Player::Red)
        } else if self.checkers.blue & bit != 0 {
            Some(Player::Blue)
        } else {
            None
        }
    }

    /// Puts a checker of `player` on `s` (or empties it with `None`).
    pub fn set(&mut self, s: Square, piece: Option<Player>) {
        let bit = bit(s);
        self.checkers.red &= !bit;
        self.checkers.blue &= !bit;
        if let Some(p) = piece {
            *self.checkers.get_mut(p) |= bit;
        }
    }

    /// Applies a board move of the side to move and passes the turn, without checking legality.
    /// `Swap` and `Pass` leave the board as it is; `Pass` passes the turn, `Swap` keeps it (RULES 2.2).
    #[inline]
    pub fn apply(&mut self, mv: Move) {
        match mv {
            Move::Step { from, to } | Move::Capture { from, to } => {
                let (f, t) = (bit(from), bit(to));
                let me = self.checkers.get_mut(self.turn);
                *me = (*me & !f) | t;
                *self.checkers.get_mut(self.turn.other()) &= !t;
                self.turn = self.turn.other();
            }
            Move::Pass => self.turn = self.turn.other(),
            Move::Swap => {}
        }
    }

    /// Reads a position string (RULES 2.3): ranks `n` down to `1`, `r`/`b` and run-length numbers,
    /// then the side to move. The size follows from the number of ranks; both colours must be present.
    pub fn from_position_string(text: &str) -> Result<Position, ParseError> {
        let grid = parse_grid(
            text,
            |rows| {
                Size::new(u8::try_from(rows).ok()?)
                    .ok()
                    .map(|s| vec![usize::from(s.n()); rows])
            },
            b"rb",
        )?;
        let n = u8::try_from(grid.rows.len()).map_err(|_| ParseError::new("too many ranks"))?;
        let size = Size::new(n).map_err(|e| ParseError::new(e.message))?;
        let mut pos = Position::empty(size, grid.to_move);
        for (i, row) in grid.rows.iter().enumerate() {
            let y = n - 1 - i as u8;
            for (x, cell) in row.iter().enumerate() {
                let piece = match cell {
                    None => None,
                    Some(c) => Some(
                        Player::from_letter(*c)
                            .ok_or_else(|| ParseError::new("unexpected piece letter"))?,
                    ),
                };
                let s = Square::from_xy(size, x as u8, y)
                    .ok_or_else(|| ParseError::new("square off the board"))?;
                pos.set(s, piece);
            }
        }
        for p in Player::ALL {
            if pos.count(p) == 0 {
                return Err(ParseError::new(format!(
                    "a position must hold checkers of both colours; there is no {p} checker"
                )));
            }
        }
        Ok(pos)
    }

    /// The position string (RULES 2.3) of this position.
    pub fn to_position_string(&self) -> String {
        let n = self.size.n();
        write_grid(
            (0..n)
                .rev()
                .map(|y| (0..n).map(move |x| self.at(Square(y * n + x)).map(|p| p.letter() as u8))),
            self.turn,
        )
    }
}

impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_position_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_string() {
        let p = Position::full(Size::Six, Player::Red);
        assert_eq!(p.to_string(), "brbrbr/rbrbrb/brbrbr/rbrbrb/brbrbr/rbrbrb r");
        assert_eq!(Position::from_position_string(&p.to_string()), Ok(p));
        assert_eq!(p.count(Player::Red), 18);
        for size in Size::ALL {
            let p = Position::full(size, Player::Blue);
            assert_eq!(Position::from_position_string(&p.to_string()), Ok(p));
        }
    }

    #[test]
    fn refuses_bad_strings() {
        for bad in [
            "rrrrrr/6/6/6/6/6 r",
            "6/6/6/6/6/bbbbbb b",
            "brbrbr/rbrbrb/brbrbr/rbrbrb/brbrbr r",
            "rbrbrbr/7/7/7/7/7/7 r",
            "brbrbr/rbrbrb/brbrbr/rbrbrb/brbrbr/rbrbro r",
            "r5/6/6/6/6/5b x",
        ] {
            assert!(Position::from_position_string(bad).is_err(), "{bad}");
        }
        assert!(Position::from_position_string("r5/6/6/6/6/5b b").is_ok());
    }
}
