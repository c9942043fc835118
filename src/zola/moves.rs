//! Zola moves as small `Copy` values (RULES 2.2), and the move list they are generated into.

use super::board::Square;
use crate::movelist::Filler;

/// A move of Zola (RULES 2.2), or one of the two records that are not board moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A non-capturing step to an adjacent empty square farther from the centre (`c3-b2`).
    Step {
        /// The square the checker leaves.
        from: Square,
        /// The square it steps to.
        to: Square,
    },
    /// A capture of the first checker met along a line (`c3xf6`).
    Capture {
        /// The square the capturing checker leaves.
        from: Square,
        /// The square of the captured checker, where the capturer lands.
        to: Square,
    },
    /// The pie rule's answer to the first move: the players exchange colours (`swap`).
    Swap,
    /// An automatic pass of a side without a legal move (`-`); recorded only, never played.
    Pass,
}

impl Move {
    /// The origin square of a board move.
    pub fn from(self) -> Option<Square> {
        match self {
            Move::Step { from, .. } | Move::Capture { from, .. } => Some(from),
            Move::Swap | Move::Pass => None,
        }
    }

    /// The destination square of a board move.
    pub fn to(self) -> Option<Square> {
        match self {
            Move::Step { to, .. } | Move::Capture { to, .. } => Some(to),
            Move::Swap | Move::Pass => None,
        }
    }

    /// Whether the move captures a checker.
    pub fn is_capture(self) -> bool {
        matches!(self, Move::Capture { .. })
    }
}

/// The most moves a position can have. With `M` own checkers, `B` enemy and `E` empty squares
/// (`M + B + E <= 100`): a capture is an (own checker, direction) pair and also an (enemy, direction)
/// pair, so there are at most `8 min(M, B) <= 4 (M + B)` captures; a step ends on an empty square from
/// one of its strictly nearer neighbours, of which no square has more than 4 (checked by a test), so at
/// most `4 E` steps. Total `<= 400`, plus `swap`.
pub const MAX_MOVES: usize = 4 * 100 + 1;

impl Filler for Move {
    const FILL: Move = Move::Pass;
}

/// A fixed-capacity list of Zola moves, filled by move generation without heap allocation.
pub type MoveList = crate::movelist::MoveList<Move, MAX_MOVES>;
