//! The compact Jokerball position and its allocation-free move generation (RULES 1.3, 1.5-1.7).

use super::geometry::{Geometry, Reach, Step, DEST_NONE, DEST_OFF, MAX_CELLS};
use super::{RuleSet, Setup};
use crate::error::{OptionError, ParseError};
use crate::hex::HexDirection;
use crate::notation::{parse_grid, write_grid};
use crate::player::Player;

const EMPTY: u8 = 0;
const RED: u8 = 1;
const BLUE: u8 = 2;
const BALL: u8 = 3;
const NO_BALL: u8 = u8::MAX;

/// What stands on a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A man of this player.
    Man(Player),
    /// The ball.
    Ball,
}

/// Whether a move moves a man (phase man) or the ball (phase ball).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// A man move (RULES 1.5).
    Man,
    /// A ball move (RULES 1.6).
    Ball,
}

/// Where a move ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dest {
    /// On a cell, by index.
    Cell(u8),
    /// Off the board through this player's goal (a man through the far goal, or the ball).
    Off(Player),
}

/// A move as a small `Copy` value: kind, origin cell, destination and whether it captures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Man or ball.
    pub kind: MoveKind,
    /// The origin cell index.
    pub from: u8,
    /// The destination.
    pub to: Dest,
    /// Whether a man is captured (man moves only).
    pub capture: bool,
}

/// The capacity of a [`MoveList`]: more than the most man moves any position can have
/// (at most six per man, one per direction).
pub const MOVE_LIST_CAPACITY: usize = 6 * MAX_CELLS;

const NULL_MOVE: Move = Move {
    kind: MoveKind::Man,
    from: 0,
    to: Dest::Cell(0),
    capture: false,
};

const EMPTY_LIST: MoveList = MoveList {
    len: 0,
    moves: [NULL_MOVE; MOVE_LIST_CAPACITY],
};

/// A fixed-capacity list of moves filled by move generation without heap allocation.
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    moves: [Move; MOVE_LIST_CAPACITY],
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl MoveList {
    /// An empty list.
    pub const fn new() -> MoveList {
        // A copy of one all-zero constant: under opt-level z the array literal was filled move by move
        // (8% of a JS API turn's time), the copy is one block copy.
        EMPTY_LIST
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    #[inline(always)]
    fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    /// The moves in the list.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        self.moves.get(..self.len).unwrap_or(&[])
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
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

/// The two forward directions of a player (RULES 1.5): forward-left, forward-right.
pub const fn forward(player: Player) -> [HexDirection; 2] {
    match player {
        Player::Red => [HexDirection::NW, HexDirection::NE],
        Player::Blue => [HexDirection::SE, HexDirection::SW],
    }
}

/// A player's two forward direction indices, the lower first (man generation's constants).
const fn forward_indices(player: Player) -> (usize, usize) {
    let [a, b] = forward(player);
    let (a, b) = (a.index(), b.index());
    if a < b {
        (a, b)
    } else {
        (b, a)
    }
}
const RED_FORWARD: (usize, usize) = forward_indices(Player::Red);
const BLUE_FORWARD: (usize, usize) = forward_indices(Player::Blue);

/// The direction of the ball for a direction-die face `1..=6` and the mover (RULES 1.6).
pub const fn ball_direction(player: Player, face: u8) -> HexDirection {
    use HexDirection::*;
    let red = match face {
        1 => SW,
        2 => W,
        3 => NW,
        4 => NE,
        5 => E,
        _ => SE,
    };
    match player {
        Player::Red => red,
        Player::Blue => red.opposite(),
    }
}

/// A Jokerball position: the board (men and ball), the side to move, the rule set and the board size.
/// It is `Copy`; move generation and [`Position::apply`] never allocate.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    cells: [u8; MAX_CELLS],
    /// Bit `i` set when cell `i` holds a man of that player (Red, Blue): fast iteration over men.
    men: [u128; 2],
    ball: u8,
    size: u8,
    rules: RuleSet,
    to_move: Player,
    winner: Option<Player>,
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
/// bench/RESULTS.md). Natively the plain shift is cheaper.
#[cfg(target_arch = "wasm32")]
#[inline(always)]
fn bit(i: u32) -> u128 {
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
fn bit(i: u32) -> u128 {
    1u128 << (i & 127)
}

/// The per-call constants of man move generation.
struct ManGen<'a> {
    occupied: u128,
    takeable: u128,
    back: &'a [[u8; 6]; MAX_CELLS],
}

impl ManGen<'_> {
    /// The moves of every man in `men` (cell order), whose forward directions are `LO` and `HI`.
    #[inline(always)]
    fn all<const LO: usize, const HI: usize>(
        &self,
        men: u128,
        table: &[Reach; MAX_CELLS],
        out: &mut MoveList,
    ) {
        let mut bits = men;
        while bits != 0 {
            let from = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let Some(reach) = table.get(from) else {
                continue;
            };
            let mut off_done = false;
            let from = from as u8;
            if reach.around & self.takeable == 0 {
                self.one::<LO>(reach, from, true, &mut off_done, out);
                self.one::<HI>(reach, from, true, &mut off_done, out);
            } else {
                // Unrolled with constant directions: each line's scan order is known at compile time.
                self.one::<0>(reach, from, LO == 0 || HI == 0, &mut off_done, out);
                self.one::<1>(reach, from, LO == 1 || HI == 1, &mut off_done, out);
                self.one::<2>(reach, from, LO == 2 || HI == 2, &mut off_done, out);
                self.one::<3>(reach, from, LO == 3 || HI == 3, &mut off_done, out);
                self.one::<4>(reach, from, LO == 4 || HI == 4, &mut off_done, out);
                self.one::<5>(reach, from, LO == 5 || HI == 5, &mut off_done, out);
            }
        }
    }

    /// The man move from `from` in direction `DIR`, if any (a forward line may also stop short or go
    /// off; any other line only captures). `off_done`: the man already has its `-off` move.
    #[inline(always)]
    fn one<const DIR: usize>(
        &self,
        reach: &Reach,
        from: u8,
        is_fwd: bool,
        off_done: &mut bool,
        out: &mut MoveList,
    ) {
        let dir = DIR;
        let line = reach.ray.get(dir).copied().unwrap_or(0);
        if !is_fwd && line & self.takeable == 0 {
            return;
        }
        let blockers = self.occupied & line;
        if blockers == 0 {
            // Nothing within reach (only a forward line gets here): k steps, the wall, or off.
            let to = match reach.dest.get(dir).copied().unwrap_or(DEST_NONE) {
                DEST_NONE => return,
                d if d & DEST_OFF == 0 => Dest::Cell(d),
                _ if *off_done => return,
                d => {
                    *off_done = true;
                    Dest::Off(if d & 1 == 0 {
                        Player::Red
                    } else {
                        Player::Blue
                    })
                }
            };
            out.push(Move {
                kind: MoveKind::Man,
                from,
                to,
                capture: false,
            });
            return;
        }
        let b = if super::geometry::ascending(dir) {
            blockers.trailing_zeros()
        } else {
            127 - blockers.leading_zeros()
        };
        // A takeable man is captured; any other piece stops a forward man on the cell before it.
        if self.takeable & bit(b) != 0 {
            out.push(Move {
                kind: MoveKind::Man,
                from,
                to: Dest::Cell(b as u8),
                capture: true,
            });
        } else if is_fwd {
            if let Some(&c) = self.back.get(b as usize).and_then(|r| r.get(dir)) {
                if c != from {
                    out.push(Move {
                        kind: MoveKind::Man,
                        from,
                        to: Dest::Cell(c),
                        capture: false,
                    });
                }
            }
        }
    }
}

impl Position {
    /// The starting position of a setup (RULES 1.3).
    pub fn start(setup: &Setup) -> Result<Position, OptionError> {
        setup.validate()?;
        let g = Geometry::of(setup.size);
        let mut pos = Position {
            cells: [EMPTY; MAX_CELLS],
            men: [0; 2],
            ball: g.centre,
            size: setup.size,
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
                7 => Some(Geometry::of(4).row_lengths()),
                11 => Some(Geometry::of(6).row_lengths()),
                _ => None,
            },
            b"rbo",
        )?;
        let size = if grid.rows.len() == 7 { 4 } else { 6 };
        if let Some(s) = explicit_size {
            if s != size {
                return Err(ParseError::new(format!(
                    "the position string is a side-{size} board but size {s} was asked for"
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
        Geometry::of(self.size)
    }

    /// The side of the board (4 or 6).
    #[inline]
    pub fn size(&self) -> u8 {
        self.size
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
    pub fn ball(&self) -> Option<u8> {
        (self.ball != NO_BALL).then_some(self.ball)
    }

    /// The winner, once the ball has left the board (RULES 1.7).
    #[inline]
    pub fn winner(&self) -> Option<Player> {
        self.winner
    }

    /// What stands on a cell (`None`: empty or not a cell).
    #[inline]
    pub fn piece(&self, cell: u8) -> Option<Piece> {
        match self.cells.get(usize::from(cell)) {
            Some(&RED) => Some(Piece::Man(Player::Red)),
            Some(&BLUE) => Some(Piece::Man(Player::Blue)),
            Some(&BALL) => Some(Piece::Ball),
            _ => None,
        }
    }

    /// The number of men of a player on the board.
    pub fn men(&self, player: Player) -> usize {
        let code = man_code(player);
        self.cells[..usize::from(self.geometry().len)]
            .iter()
            .filter(|&&c| c == code)
            .count()
    }

    /// Appends every legal man move of the side to move for distance `k` (RULES 1.5) to `out`, men in
    /// cell order, each man's directions in index order. The moves are distinct: a man that can leave
    /// through both forward sides has one `-off` move.
    ///
    /// Bitboards and ray tables laid out by distance: for each man and direction the first piece on the
    /// line within `k` steps is found with one mask and a bit scan; an unblocked forward line ends at a
    /// precomputed destination. A man with no takeable man within `k` steps looks only forward.
    pub fn man_moves(&self, k: u8, out: &mut MoveList) {
        if self.winner.is_some() {
            return;
        }
        let rays = self.geometry().rays();
        let Some(table) = rays.by_k.get(usize::from(k).wrapping_sub(1)) else {
            return;
        };
        let side = self.to_move.index();
        let mine = self.men[side];
        let theirs = self.men[1 - side];
        let ball = if self.ball == NO_BALL {
            0
        } else {
            bit(u32::from(self.ball))
        };
        let ctx = ManGen {
            occupied: mine | theirs | ball,
            // Men a capture may take (the other pieces on a forward line stop the man short).
            takeable: if self.rules == RuleSet::Y2025 {
                theirs
            } else {
                mine | theirs
            },
            back: &rays.back,
        };
        // The forward directions (RULES 1.5) as compile-time constants, in index order.
        match self.to_move {
            Player::Red => ctx.all::<{ RED_FORWARD.0 }, { RED_FORWARD.1 }>(mine, table, out),
            Player::Blue => ctx.all::<{ BLUE_FORWARD.0 }, { BLUE_FORWARD.1 }>(mine, table, out),
        }
    }

    /// Appends every legal ball move of the side to move for direction-die face `face` (RULES 1.6):
    /// each empty cell along the line, and `off` when the line is empty up to an open side.
    pub fn ball_moves(&self, face: u8, out: &mut MoveList) {
        if self.ball == NO_BALL || self.winner.is_some() {
            return;
        }
        let g = self.geometry();
        let dir = ball_direction(self.to_move, face);
        let from = self.ball;
        let mut cur = from;
        loop {
            match g.step[usize::from(cur)][dir.index()] {
                Step::Cell(next) => {
                    if self.cells[usize::from(next)] != EMPTY {
                        break;
                    }
                    out.push(Move {
                        kind: MoveKind::Ball,
                        from,
                        to: Dest::Cell(next),
                        capture: false,
                    });
                    cur = next;
                }
                Step::Wall => break,
                Step::Goal(goal) => {
                    out.push(Move {
                        kind: MoveKind::Ball,
                        from,
                        to: Dest::Off(goal),
                        capture: false,
                    });
                    break;
                }
            }
        }
    }

    /// Whether the side to move has a man move for distance `k`.
    pub fn has_man_move(&self, k: u8) -> bool {
        let mut list = MoveList::new();
        self.man_moves(k, &mut list);
        !list.is_empty()
    }

    /// Plays a man or ball move generated for this position (the side to move does not change; see
    /// [`Position::end_turn`]). A ball leaving through a goal decides the winner (RULES 1.7).
    #[inline(always)]
    pub fn apply(&mut self, mv: Move) {
        let from = usize::from(mv.from);
        match mv.kind {
            MoveKind::Man => {
                let me = man_code(self.to_move);
                let side = self.to_move.index();
                if let Some(c) = self.cells.get_mut(from) {
                    *c = EMPTY;
                }
                self.men[side] &= !bit(u32::from(mv.from));
                if let Dest::Cell(to) = mv.to {
                    if let Some(c) = self.cells.get_mut(usize::from(to)) {
                        *c = me;
                    }
                    let to_bit = bit(u32::from(to));
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
                        if let Some(c) = self.cells.get_mut(usize::from(to)) {
                            *c = BALL;
                        }
                        self.ball = to;
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

    /// The number of distinct complete turns for these dice: sequences (man move or none when there is
    /// none, then ball move or none when there is none), as in RULES' appendix.
    pub fn count_turns(&self, distance: u8, direction: u8) -> usize {
        let mut men = MoveList::new();
        let mut balls = MoveList::new();
        self.man_moves(distance, &mut men);
        if men.is_empty() {
            self.ball_moves(direction, &mut balls);
            return balls.len().max(1);
        }
        let mut total = 0;
        for &m in men.iter() {
            let mut p = *self;
            p.apply(m);
            balls.clear();
            p.ball_moves(direction, &mut balls);
            total += balls.len().max(1);
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_counts_appendix() {
        let pos = Position::start(&Setup::default()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            pos.to_position_string(),
            "bbbbbb/bbbbbbb/8/9/10/5o5/10/9/8/rrrrrrr/rrrrrr r"
        );
        let mut list = MoveList::new();
        for k in 1..=6 {
            list.clear();
            pos.man_moves(k, &mut list);
            assert_eq!(list.len(), 14);
        }
        let total: usize = (1..=6)
            .flat_map(|d| (1..=6).map(move |r| (d, r)))
            .map(|(d, r)| pos.count_turns(d, r))
            .sum();
        assert_eq!(total, 1784);
    }

    #[test]
    fn forward_directions_rules_1_5() {
        // Red moves toward the top (NW, NE), Blue toward the bottom (SE, SW).
        use HexDirection::*;
        assert_eq!(forward_indices(Player::Red), (NE.index(), NW.index()));
        assert_eq!(forward_indices(Player::Blue), (SE.index(), SW.index()));
    }

    #[test]
    fn bit_masks_every_cell() {
        for i in 0..128u32 {
            assert_eq!(bit(i), 1u128 << i);
            assert_eq!(bit_from_halves(i), 1u128 << i);
        }
    }

    #[test]
    fn ball_directions_mirror() {
        for face in 1..=6 {
            assert_eq!(
                ball_direction(Player::Blue, face),
                ball_direction(Player::Red, face).opposite()
            );
        }
        assert_eq!(
            ball_direction(Player::Red, 2),
            ball_direction(Player::Blue, 5)
        );
    }
}
