//! Board geometry of Zola (RULES 2.1-2.2): sizes, squares, and the precomputed tables the move
//! generator reads (distance to the centre, ray lengths per square and direction).
#![allow(
    clippy::indexing_slicing,
    reason = "the board tables are built and read by square numbers below the board size"
)]

use std::sync::OnceLock;

use crate::error::OptionError;

/// The largest number of squares of any board (10 x 10).
pub const MAX_CELLS: usize = 100;

/// A board size: 6 (standard), 8 or 10 squares a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Size {
    /// 6 x 6, the standard board.
    Six,
    /// 8 x 8.
    Eight,
    /// 10 x 10.
    Ten,
}

impl Size {
    /// Every size, smallest first.
    pub const ALL: [Size; 3] = [Size::Six, Size::Eight, Size::Ten];

    /// The size with `n` squares a side; any other `n` is an `invalid_option`.
    pub fn new(n: u8) -> Result<Size, OptionError> {
        match n {
            6 => Ok(Size::Six),
            8 => Ok(Size::Eight),
            10 => Ok(Size::Ten),
            _ => Err(OptionError::new(format!(
                "size must be 6, 8 or 10, not {n}"
            ))),
        }
    }

    /// The number of squares a side.
    #[inline]
    pub const fn n(self) -> u8 {
        match self {
            Size::Six => 6,
            Size::Eight => 8,
            Size::Ten => 10,
        }
    }

    /// The number of squares of the board.
    #[inline]
    pub const fn cells(self) -> usize {
        let n = self.n() as usize;
        n * n
    }

    /// The precomputed tables of this size.
    #[inline]
    pub fn geometry(self) -> &'static Geometry {
        GEOMETRY[self.index()].get_or_init(|| Geometry::build(self))
    }

    /// The index of this size in [`Size::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Size::Six => 0,
            Size::Eight => 1,
            Size::Ten => 2,
        }
    }
}

/// A square, as the index `y * n + x` on a board of side `n` (`x` the file, `y` the rank, both from 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

impl Square {
    /// The square at file `x` and rank `y` (both from 0), if it is on a board of this size.
    pub fn from_xy(size: Size, x: u8, y: u8) -> Option<Square> {
        let n = size.n();
        (x < n && y < n).then(|| Square(y * n + x))
    }

    /// The file index (0 for `a`).
    #[inline]
    pub fn x(self, size: Size) -> u8 {
        self.0 % size.n()
    }

    /// The rank index (0 for rank 1).
    #[inline]
    pub fn y(self, size: Size) -> u8 {
        self.0 / size.n()
    }

    /// The index into per-square arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The name of the square, such as `c3` or `j10` (RULES 2.3).
    pub fn name(self, size: Size) -> String {
        let mut s = String::with_capacity(3);
        s.push(char::from(b'a' + self.x(size)));
        s.push_str(&(u32::from(self.y(size)) + 1).to_string());
        s
    }

    /// Reads a square name on a board of this size: a file letter, then a rank without leading zeros.
    /// Returns `None` for anything else, including a square that is not on this board.
    pub fn parse(size: Size, text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        let (&file, rank) = bytes.split_first()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let x = file - b'a';
        let y = match rank {
            [d @ b'1'..=b'9'] => d - b'1',
            [b'1', d @ b'0'..=b'9'] => 9 + (d - b'0'),
            _ => return None,
        };
        Square::from_xy(size, x, y)
    }
}

/// The 8 directions as `(dx, dy)`: the four orthogonal ones, then the four diagonal ones.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

/// Precomputed tables of one board size (built once, on first use, so they cost no space in the binary).
#[derive(Debug)]
pub struct Geometry {
    /// The size these tables describe.
    pub size: Size,
    /// `D(x, y) = (2x - (n-1))^2 + (2y - (n-1))^2` per square (RULES 2.2).
    pub dist: [u16; MAX_CELLS],
    /// The number of squares from each square to the edge in each direction of [`DIRECTIONS`].
    pub ray_len: [[u8; 8]; MAX_CELLS],
    /// The index step of each direction of [`DIRECTIONS`].
    pub delta: [i8; 8],
    /// Per square and direction, the mask of the squares along that ray (the square itself excluded).
    pub ray: [[u128; 8]; MAX_CELLS],
    /// Per square, the mask of every square on its 8 rays.
    pub lines: [u128; MAX_CELLS],
    /// Per square, the mask of its neighbours strictly farther from the centre (non-capturing targets).
    pub outward: [u128; MAX_CELLS],
    /// Per square, the mask of every square not farther from the centre than it (capture targets).
    pub not_farther: [u128; MAX_CELLS],
    /// A mask with one bit per square of the board.
    pub all: u128,
}

impl Geometry {
    fn build(size: Size) -> Geometry {
        let n = i32::from(size.n());
        let cells = (n * n) as usize;
        let mut g = Geometry {
            size,
            dist: [0; MAX_CELLS],
            ray_len: [[0; 8]; MAX_CELLS],
            delta: [0; 8],
            ray: [[0; 8]; MAX_CELLS],
            lines: [0; MAX_CELLS],
            outward: [0; MAX_CELLS],
            not_farther: [0; MAX_CELLS],
            all: (1u128 << cells) - 1,
        };
        for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            g.delta[d] = (i32::from(dx) + i32::from(dy) * n) as i8;
        }
        for s in 0..cells {
            let (x, y) = (s as i32 % n, s as i32 / n);
            let (a, b) = (2 * x - (n - 1), 2 * y - (n - 1));
            g.dist[s] = (a * a + b * b) as u16;
        }
        for s in 0..cells {
            let (x, y) = (s as i32 % n, s as i32 / n);
            for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                let (dx, dy) = (i32::from(dx), i32::from(dy));
                let (mut cx, mut cy) = (x + dx, y + dy);
                while (0..n).contains(&cx) && (0..n).contains(&cy) {
                    let t = (cy * n + cx) as usize;
                    if g.ray_len[s][d] == 0 && g.dist[t] > g.dist[s] {
                        g.outward[s] |= 1 << t;
                    }
                    g.ray_len[s][d] += 1;
                    g.ray[s][d] |= 1 << t;
                    cx += dx;
                    cy += dy;
                }
                g.lines[s] |= g.ray[s][d];
            }
            for t in 0..cells {
                if g.dist[t] <= g.dist[s] {
                    g.not_farther[s] |= 1 << t;
                }
            }
        }
        g
    }

    /// The square `k` steps from `s` in direction `d`; the caller keeps `k <= ray_len[s][d]`.
    #[inline]
    pub fn step(&self, s: Square, d: usize, k: u8) -> Square {
        Square((i32::from(s.0) + i32::from(self.delta[d]) * i32::from(k)) as u8)
    }

    /// The first square of `mask` met along direction `d` from `s`, when `mask` lies on that ray.
    #[inline]
    pub fn first_on_ray(&self, d: usize, mask: u128) -> Square {
        if self.delta[d] > 0 {
            Square(mask.trailing_zeros() as u8)
        } else {
            Square((127 - mask.leading_zeros()) as u8)
        }
    }
}

static GEOMETRY: [OnceLock<Geometry>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_and_rays() {
        let g = Size::Six.geometry();
        let a1 = Square::parse(Size::Six, "a1").unwrap();
        let c3 = Square::parse(Size::Six, "c3").unwrap();
        assert_eq!(g.dist[a1.index()], 50);
        assert_eq!(g.dist[c3.index()], 2);
        assert_eq!(g.ray_len[a1.index()], [5, 0, 5, 0, 5, 0, 0, 0]);
        assert_eq!(g.outward[a1.index()], 0);
        // c3 -> b2, b3, b4, c2, d2 are farther; d3, c4, d4 are equally near (same D 2).
        assert_eq!(g.outward[c3.index()].count_ones(), 5);
        assert_eq!(g.not_farther[c3.index()].count_ones(), 4);
        assert_eq!(g.not_farther[a1.index()].count_ones(), 36);
        assert_eq!(g.lines[a1.index()].count_ones(), 15);
        assert_eq!(g.all.count_ones(), 36);
        assert_eq!(Size::Ten.geometry().all.count_ones(), 100);
    }

    /// The bound behind `MAX_MOVES`: no square has more than 4 strictly nearer neighbours.
    #[test]
    fn at_most_four_nearer_neighbours() {
        for size in Size::ALL {
            let g = size.geometry();
            for t in 0..size.cells() {
                let nearer = (0..size.cells())
                    .filter(|&s| g.outward[s] & (1 << t) != 0)
                    .count();
                assert!(nearer <= 4, "{} has {nearer}", Square(t as u8).name(size));
            }
        }
    }

    #[test]
    fn square_names() {
        for size in Size::ALL {
            for i in 0..size.cells() {
                let s = Square(i as u8);
                assert_eq!(Square::parse(size, &s.name(size)), Some(s));
            }
        }
        assert_eq!(
            Square::parse(Size::Ten, "j10").map(|s| s.name(Size::Ten)),
            Some("j10".into())
        );
        for bad in [
            "", "a", "a0", "a01", "g1", "a7", "A1", "a1 ", "1a", "a-1", "é1", "a100",
        ] {
            assert_eq!(Square::parse(Size::Six, bad), None, "{bad}");
        }
        assert_eq!(Square::parse(Size::Eight, "i1"), None);
        assert_eq!(
            Size::new(7).unwrap_err().to_string(),
            "size must be 6, 8 or 10, not 7"
        );
    }
}
