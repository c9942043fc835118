//! The board of Jokerball (RULES 1.1-1.2): its sizes, and the precomputed tables of each size (cells
//! indexed in position-string order, top row first, each row from its leftmost cell; the neighbour of
//! every cell in every direction; the rows beside the goals).
#![allow(
    clippy::indexing_slicing,
    reason = "the board tables are built and read by cell numbers below the board size"
)]

use std::sync::OnceLock;

use crate::error::OptionError;
use crate::hex::{Hex, HexDirection};
use crate::player::Player;

/// A board size: a hexagon of side 6 (standard) or 4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Size {
    /// Side 4: 37 cells.
    Four,
    /// Side 6: 91 cells, the standard board.
    Six,
}

impl Size {
    /// Every size, smallest first.
    pub const ALL: [Size; 2] = [Size::Four, Size::Six];

    /// The size of side `n`; any other `n` is an `invalid_option`.
    pub fn new(n: u8) -> Result<Size, OptionError> {
        match n {
            4 => Ok(Size::Four),
            6 => Ok(Size::Six),
            _ => Err(OptionError::new(format!("size must be 4 or 6, not {n}"))),
        }
    }

    /// The side of the hexagon, 4 or 6.
    #[inline]
    pub const fn n(self) -> u8 {
        match self {
            Size::Four => 4,
            Size::Six => 6,
        }
    }

    /// The number of cells of the board (37 or 91).
    #[inline]
    pub const fn cells(self) -> usize {
        let n = self.n() as usize;
        3 * n * (n - 1) + 1
    }

    /// The precomputed tables of this size.
    #[inline]
    pub fn geometry(self) -> &'static Geometry {
        match self {
            Size::Four => &SIDE4,
            Size::Six => &SIDE6,
        }
    }

    /// The index of this size in [`Size::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Size::Four => 0,
            Size::Six => 1,
        }
    }
}

/// A cell, as its index in position-string order (the top row first, each row from its leftmost cell):
/// 0 to 36 on side 4, 0 to 90 on side 6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(pub u8);

impl Cell {
    /// The index into per-cell arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The name of the cell, such as `f6` or `k11` (RULES 1.2).
    #[inline]
    pub fn name(self, size: Size) -> String {
        size.geometry().name(self.0)
    }

    /// Reads a cell name on a board of this size; `None` for anything else, including a cell that is
    /// not on this board.
    #[inline]
    pub fn parse(size: Size, text: &str) -> Option<Cell> {
        size.geometry().cell(text).map(Cell)
    }
}

/// The largest number of cells of any board (side 6).
pub const MAX_CELLS: usize = 91;

/// Where one step from a cell leads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step {
    /// Another cell, by index.
    Cell(u8),
    /// A wall: the step is impossible.
    Wall,
    /// Off the board through this player's goal (Red's goal is the bottom side, Blue's the top).
    Goal(Player),
}

/// The tables of one board size.
#[derive(Debug)]
pub struct Geometry {
    /// The size these tables describe.
    pub size: Size,
    /// The number of cells (37 or 91).
    pub len: u8,
    /// The number of rows (`2 * size - 1`).
    pub rows: u8,
    /// The index of the centre cell (where the ball starts).
    pub centre: u8,
    /// The axial coordinates of each cell.
    pub hex: [Hex; MAX_CELLS],
    /// The row (0 = top) of each cell.
    pub row_of: [u8; MAX_CELLS],
    /// The first cell index of each row.
    pub row_start: [u8; 11],
    /// The length of each row.
    pub row_len: [u8; 11],
    /// `step[cell][dir.index()]`: where one step leads.
    pub step: [[Step; 6]; MAX_CELLS],
}

const fn row_bounds(size: i8, r: i8) -> (i8, i8) {
    let m = size - 1;
    let lo = if -m > -m - r { -m } else { -m - r };
    let hi = if m < m - r { m } else { m - r };
    (lo, hi)
}

const fn build(size: Size) -> Geometry {
    let n = size.n() as i8;
    let mut g = Geometry {
        size,
        len: 0,
        rows: 2 * size.n() - 1,
        centre: 0,
        hex: [Hex::new(0, 0); MAX_CELLS],
        row_of: [0; MAX_CELLS],
        row_start: [0; 11],
        row_len: [0; 11],
        step: [[Step::Wall; 6]; MAX_CELLS],
    };
    let mut idx = 0usize;
    let mut row = 0usize;
    let mut r = -(n - 1);
    while r < n {
        let (lo, hi) = row_bounds(n, r);
        g.row_start[row] = idx as u8;
        g.row_len[row] = (hi - lo + 1) as u8;
        let mut q = lo;
        while q <= hi {
            g.hex[idx] = Hex::new(q, r);
            g.row_of[idx] = row as u8;
            if q == 0 && r == 0 {
                g.centre = idx as u8;
            }
            idx += 1;
            q += 1;
        }
        row += 1;
        r += 1;
    }
    g.len = idx as u8;
    let mut i = 0usize;
    while i < idx {
        let h = g.hex[i];
        let mut d = 0usize;
        while d < 6 {
            let dir = HexDirection::ALL[d];
            let nb = h.neighbor(dir);
            g.step[i][d] = if nb.on_board(size.n()) {
                Step::Cell(index_in(&g, nb))
            } else if h.r == -(n - 1) && matches!(dir, HexDirection::NE | HexDirection::NW) {
                Step::Goal(Player::Blue)
            } else if h.r == n - 1 && matches!(dir, HexDirection::SE | HexDirection::SW) {
                Step::Goal(Player::Red)
            } else {
                Step::Wall
            };
            d += 1;
        }
        i += 1;
    }
    g
}

const fn index_in(g: &Geometry, h: Hex) -> u8 {
    let n = g.size.n() as i8;
    let row = (h.r + n - 1) as usize;
    let (lo, _) = row_bounds(n, h.r);
    g.row_start[row] + (h.q - lo) as u8
}

static SIDE4: Geometry = build(Size::Four);
static SIDE6: Geometry = build(Size::Six);

/// Ray tables for bitboard move generation (built once, on first use, so they cost no space in the
/// binary), laid out by distance so that one turn's man moves read one compact slice.
#[derive(Debug)]
pub struct Rays {
    /// `by_k[k - 1][cell]`: what a man on `cell` can reach with distance `k`.
    pub by_k: [[Reach; MAX_CELLS]; MAX_DISTANCE],
    /// `back[cell][dir]`: the neighbour one step *against* `dir` (`u8::MAX` when there is none).
    pub back: [[u8; 6]; MAX_CELLS],
}

/// What a man on one cell reaches with one distance `k` (an entry of [`Rays::by_k`]).
#[derive(Debug, Clone, Copy)]
pub struct Reach {
    /// `ray[dir]`: the mask of the first `k` cells of the ray in `dir` (fewer if it is shorter).
    pub ray: [u128; 6],
    /// The union of `ray` over the six directions (what a man could capture).
    pub around: u128,
    /// `dest[dir]`: where a man stops when nothing stands within `k` steps in `dir`: a cell index, or
    /// [`DEST_OFF`] `| goal index` when it leaves through a goal, or [`DEST_NONE`] when it cannot move.
    pub dest: [u8; 6],
}

/// [`Reach::dest`]: off the board through a goal (the low bit is the goal's player index).
pub const DEST_OFF: u8 = 0x80;
/// [`Reach::dest`]: no move (the man stands against a wall).
pub const DEST_NONE: u8 = 0xFF;

const NO_REACH: Reach = Reach {
    ray: [0; 6],
    around: 0,
    dest: [DEST_NONE; 6],
};

/// The largest distance die (side 6).
pub const MAX_DISTANCE: usize = 6;

/// The index of the opposite of each direction (E-W, NE-SW, NW-SE).
const OPPOSITE: [usize; 6] = [1, 0, 5, 4, 3, 2];

/// Whether cell indices grow along a direction (E, SE, SW: rightwards or down a row).
#[inline(always)]
pub const fn ascending(dir: usize) -> bool {
    matches!(dir, 0 | 4 | 5)
}

impl Rays {
    fn build(g: &Geometry) -> Rays {
        let mut rays = Rays {
            by_k: [[NO_REACH; MAX_CELLS]; MAX_DISTANCE],
            back: [[u8::MAX; 6]; MAX_CELLS],
        };
        for (from, steps) in g.step.iter().enumerate().take(usize::from(g.len)) {
            for dir in 0..6 {
                let mut step = steps[dir];
                let mut n = 0;
                let mut last = DEST_NONE;
                while let Step::Cell(c) = step {
                    for k in n..MAX_DISTANCE {
                        let r = &mut rays.by_k[k][from];
                        r.ray[dir] |= 1u128 << c;
                        r.around |= 1u128 << c;
                        r.dest[dir] = c;
                    }
                    last = c;
                    n += 1;
                    step = g.step[usize::from(c)][dir];
                }
                // Beyond the ray: the man stops at its last cell, or leaves through a goal.
                for k in n..MAX_DISTANCE {
                    rays.by_k[k][from].dest[dir] = match step {
                        Step::Goal(p) => DEST_OFF | p.index() as u8,
                        _ => last,
                    };
                }
                if let Step::Cell(c) = steps[OPPOSITE[dir]] {
                    rays.back[from][dir] = c;
                }
            }
        }
        rays
    }
}

static RAYS: [OnceLock<Rays>; 2] = [OnceLock::new(), OnceLock::new()];

impl Geometry {
    /// The ray tables of this board size (built on first use).
    #[inline]
    pub fn rays(&self) -> &'static Rays {
        RAYS[self.size.index()].get_or_init(|| Rays::build(self.size.geometry()))
    }

    /// The index of a cell, if it is on this board.
    pub fn index(&self, h: Hex) -> Option<u8> {
        h.on_board(self.size.n()).then(|| index_in(self, h))
    }

    /// The cells of the row beside the goal `player` defends (Red's is the bottom row, Blue's the top
    /// row), as a range of cell indices.
    pub fn goal_row(&self, player: Player) -> std::ops::Range<u8> {
        let row = match player {
            Player::Red => self.rows - 1,
            Player::Blue => 0,
        };
        let start = self.row_start[usize::from(row)];
        start..start + self.row_len[usize::from(row)]
    }

    /// The name of the cell with this index (e.g. `f6`).
    pub fn name(&self, cell: u8) -> String {
        let h = self
            .hex
            .get(usize::from(cell))
            .copied()
            .unwrap_or(Hex::new(0, 0));
        h.name(self.size.n()).unwrap_or_default()
    }

    /// The index of a named cell, if the name is canonical and the cell is on this board.
    pub fn cell(&self, name: &str) -> Option<u8> {
        Hex::from_name(name, self.size.n()).and_then(|h| self.index(h))
    }

    /// The length of each row, top row first (for the position-string parser).
    pub fn row_lengths(&self) -> Vec<usize> {
        self.row_len
            .iter()
            .take(usize::from(self.rows))
            .map(|&l| usize::from(l))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_rules_1_1() {
        for size in Size::ALL {
            let g = size.geometry();
            assert_eq!(usize::from(g.len), size.cells());
            assert_eq!(g.hex[usize::from(g.centre)], Hex::new(0, 0));
            let mut goals = [0; 2];
            for i in 0..usize::from(g.len) {
                assert_eq!(g.index(g.hex[i]), Some(i as u8));
                for d in HexDirection::ALL {
                    match g.step[i][d.index()] {
                        Step::Cell(j) => assert_eq!(g.hex[usize::from(j)], g.hex[i].neighbor(d)),
                        Step::Goal(p) => goals[p.index()] += 1,
                        Step::Wall => {}
                    }
                }
            }
            // Each goal side: every cell of the row has two open diagonal steps.
            let n = usize::from(size.n());
            assert_eq!(goals, [2 * n, 2 * n]);
            for p in Player::ALL {
                assert_eq!(g.goal_row(p).len(), n);
            }
            assert_eq!(g.goal_row(Player::Blue).start, 0);
            assert_eq!(g.goal_row(Player::Red).end, g.len);
        }
        let g = Size::Six.geometry();
        let a1 = g.cell("a1").unwrap_or(0);
        assert_eq!(g.step[usize::from(a1)][HexDirection::W.index()], Step::Wall);
        assert_eq!(
            g.step[usize::from(a1)][HexDirection::SW.index()],
            Step::Goal(Player::Red)
        );
        let k11 = g.cell("k11").unwrap_or(0);
        assert_eq!(
            g.step[usize::from(k11)][HexDirection::E.index()],
            Step::Wall
        );
        assert_eq!(
            g.step[usize::from(k11)][HexDirection::NE.index()],
            Step::Goal(Player::Blue)
        );
        assert_eq!(g.name(0), "k6");
        assert_eq!(g.name(90), "a6");
    }
}
