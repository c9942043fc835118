//! Zola moves as small `Copy` values, and a fixed-capacity list of them.

use super::board::Square;

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

/// A list of moves with a fixed capacity, filled without heap allocation.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::Pass; MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move (ignored if the list is full, which the bound above rules out).
    #[inline]
    pub fn push(&mut self, mv: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = mv;
            self.len += 1;
        }
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Whether the list holds `mv`.
    #[inline]
    pub fn contains(&self, mv: Move) -> bool {
        self.as_slice().contains(&mv)
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}
