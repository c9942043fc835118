//! Axial hex coordinates, the six directions and the cell names of Jokerball's board (RULES 1.1-1.2).
/// A cell in axial coordinates `(q, r)` (RULES 1.1): `s = -q - r`, `r` grows downwards, centre `(0, 0)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hex {
    /// The column axis (grows to the east).
    pub q: i8,
    /// The row axis (grows downwards, towards Red's goal).
    pub r: i8,
}

/// One of the six directions between neighbouring cells (RULES 1.1); JSON and JavaScript name them
/// `'e'`, `'w'`, `'ne'`, `'nw'`, `'se'`, `'sw'`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum HexDirection {
    /// `(+1, 0)`.
    E,
    /// `(-1, 0)`.
    W,
    /// `(+1, -1)`.
    NE,
    /// `(0, -1)`.
    NW,
    /// `(0, +1)`.
    SE,
    /// `(-1, +1)`.
    SW,
}

impl HexDirection {
    /// The six directions, in the order of their [`index`](HexDirection::index).
    pub const ALL: [HexDirection; 6] = [
        HexDirection::E,
        HexDirection::W,
        HexDirection::NE,
        HexDirection::NW,
        HexDirection::SE,
        HexDirection::SW,
    ];

    /// `0..6`, an index into per-direction tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name used in JSON and JavaScript: `"e"`, `"w"`, `"ne"`, `"nw"`, `"se"`, `"sw"`.
    pub const fn name(self) -> &'static str {
        match self {
            HexDirection::E => "e",
            HexDirection::W => "w",
            HexDirection::NE => "ne",
            HexDirection::NW => "nw",
            HexDirection::SE => "se",
            HexDirection::SW => "sw",
        }
    }

    /// The axial vector `(dq, dr)` of one step.
    #[inline]
    pub const fn vector(self) -> (i8, i8) {
        match self {
            HexDirection::E => (1, 0),
            HexDirection::W => (-1, 0),
            HexDirection::NE => (1, -1),
            HexDirection::NW => (0, -1),
            HexDirection::SE => (0, 1),
            HexDirection::SW => (-1, 1),
        }
    }

    /// The opposite direction.
    pub const fn opposite(self) -> HexDirection {
        match self {
            HexDirection::E => HexDirection::W,
            HexDirection::W => HexDirection::E,
            HexDirection::NE => HexDirection::SW,
            HexDirection::NW => HexDirection::SE,
            HexDirection::SE => HexDirection::NW,
            HexDirection::SW => HexDirection::NE,
        }
    }
}

impl Hex {
    /// The cell `(q, r)`.
    pub const fn new(q: i8, r: i8) -> Hex {
        Hex { q, r }
    }

    /// The third cube coordinate `s = -q - r`.
    #[inline]
    pub const fn s(self) -> i8 {
        -self.q - self.r
    }

    /// The neighbouring cell in direction `dir` (whether or not it is on a board).
    #[inline]
    pub const fn neighbor(self, dir: HexDirection) -> Hex {
        let (dq, dr) = dir.vector();
        Hex {
            q: self.q + dq,
            r: self.r + dr,
        }
    }

    /// The number of steps between two cells.
    pub const fn distance(self, other: Hex) -> u8 {
        let dq = (self.q - other.q).unsigned_abs();
        let dr = (self.r - other.r).unsigned_abs();
        let ds = (self.s() - other.s()).unsigned_abs();
        let m = if dq > dr { dq } else { dr };
        if m > ds {
            m
        } else {
            ds
        }
    }

    /// Whether the cell is on a board of side `size` (`max(|q|, |r|, |s|) <= size - 1`).
    pub const fn on_board(self, size: u8) -> bool {
        self.distance(Hex::new(0, 0)) < size
    }

    /// The cell's name on a board of side `size` (RULES 1.2), e.g. `f6`; `None` off the board.
    pub fn name(self, size: u8) -> Option<String> {
        if !(size == 4 || size == 6) || !self.on_board(size) {
            return None;
        }
        let n = size as i8;
        let letter = (b'a' as i8 + (n - 1) - self.r) as u8;
        // 1..=11 on the boards of RULES 1.1; written without `std::fmt` (this runs for every listed move).
        let number = (self.q + n) as u8;
        let mut name = String::with_capacity(3);
        name.push(char::from(letter));
        if number >= 10 {
            name.push(char::from(b'0' + number / 10));
        }
        name.push(char::from(b'0' + number % 10));
        Some(name)
    }

    /// Reads a cell name (`a1`, `f6`, `k11`) on a board of side `size`; `None` if it is not written
    /// canonically (lower case, no leading zero) or names no cell of that board.
    pub fn from_name(name: &str, size: u8) -> Option<Hex> {
        if !(size == 4 || size == 6) {
            return None;
        }
        let bytes = name.as_bytes();
        let (&letter, digits) = bytes.split_first()?;
        if !letter.is_ascii_lowercase() || digits.is_empty() || digits.len() > 2 {
            return None;
        }
        if !digits.iter().all(u8::is_ascii_digit) || digits.first() == Some(&b'0') {
            return None;
        }
        let number = digits
            .iter()
            .fold(0i16, |acc, d| acc * 10 + i16::from(d - b'0'));
        let n = i16::from(size);
        let row = i16::from(letter - b'a');
        if row > 2 * n - 2 || number > 2 * n - 1 {
            return None;
        }
        let hex = Hex::new((number - n) as i8, ((n - 1) - row) as i8);
        hex.on_board(size).then_some(hex)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_rules_1_2() {
        assert_eq!(Hex::new(0, 0).name(6).as_deref(), Some("f6"));
        assert_eq!(Hex::new(0, 0).name(4).as_deref(), Some("d4"));
        assert_eq!(Hex::new(-5, 5).name(6).as_deref(), Some("a1"));
        assert_eq!(Hex::new(0, 5).name(6).as_deref(), Some("a6"));
        assert_eq!(Hex::new(5, -5).name(6).as_deref(), Some("k11"));
        assert_eq!(Hex::new(0, -5).name(6).as_deref(), Some("k6"));
        assert_eq!(Hex::new(6, 0).name(6), None);
        let a1 = Hex::from_name("a1", 6).unwrap_or(Hex::new(9, 9));
        assert_eq!(a1.neighbor(HexDirection::NW).name(6).as_deref(), Some("b1"));
        assert_eq!(a1.neighbor(HexDirection::NE).name(6).as_deref(), Some("b2"));
        assert_eq!(a1.neighbor(HexDirection::E).name(6).as_deref(), Some("a2"));
        for size in [4u8, 6] {
            let n = size as i8;
            let mut count = 0;
            for q in -n..=n {
                for r in -n..=n {
                    let h = Hex::new(q, r);
                    if let Some(name) = h.name(size) {
                        count += 1;
                        assert_eq!(Hex::from_name(&name, size), Some(h));
                    }
                }
            }
            assert_eq!(count, if size == 6 { 91 } else { 37 });
        }
        for bad in [
            "a7", "a0", "a01", "k5", "l6", "A1", "", "a", "a1x", "k12", "f06",
        ] {
            assert_eq!(Hex::from_name(bad, 6), None, "{bad}");
        }
        assert_eq!(Hex::from_name("e1", 4), None);
        assert_eq!(Hex::from_name("g7", 4).map(|h| (h.q, h.r)), Some((3, -3)));
    }

    #[test]
    fn distance_and_directions() {
        let c = Hex::new(0, 0);
        for d in HexDirection::ALL {
            assert_eq!(c.distance(c.neighbor(d)), 1);
            assert_eq!(c.neighbor(d).neighbor(d.opposite()), c);
        }
        assert_eq!(Hex::new(-5, 5).distance(Hex::new(5, -5)), 10);
    }
}
