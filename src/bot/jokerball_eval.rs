//! The learned Jokerball evaluation: the chance that the side to move (before its roll) wins.
//!
//! The value has an exact part and a learned part. Over the `T = 6 * size` equally likely rolls:
//! - `W` rolls win at once: the direction die carries the ball forward along a line to the
//!   opponent's goal that is empty, or that only one of the mover's own men blocks and that man can
//!   step off the line with the distance rolled (any other blocker stays: a capture puts the capturer
//!   on the captured man's cell);
//! - `L` rolls lose at once: from the mover's home row a backward face carries the ball straight out
//!   through the mover's own goal, the only legal ball move;
//! - for the other `R = T - W - L` rolls the network ([`super::net`]) gives the chance.
//!
//! So `V = (W + R * net) / T`. (`W` counts a roll with an open line as a win even in the rare case
//! that every man move of that distance would land on the line: the mover could not then avoid
//! blocking it.)
//!
//! **Inputs** (all from the mover's side: faces as the mover's direction die names them, rows counted
//! from the mover's home row):
//! - the ball's six lines: for face `f` and step `s` (1..=11) along the line, a binary input when the
//!   cell holds an own man, an enemy man, or when the step hits a wall or leaves through a goal; the
//!   walk stops at the edge or after the second man ([`STAR`] inputs);
//! - the ball's row counted from the mover's home row and from the opponent's (one-hot each);
//! - the rule set (`classic`) and the board (side 4), one bit each;
//! - dense: the mover's and the opponent's men on each row (counted from the mover's home row).
#![allow(
    clippy::indexing_slicing,
    reason = "board tables indexed by cell numbers below the board size, in the search hot path"
)]

use super::net::{sigmoid, Base, Inputs, Net, P_ONE};
use crate::jokerball::{
    ball_direction, Cell, Dest, Geometry, Move, MoveList, Piece, Position, RuleSet, Size, Step,
    MAX_CELLS,
};
use crate::player::Player;
use std::sync::OnceLock;

/// Steps along a line from the ball that have inputs (the longest line of side 6 leaves the board at
/// the eleventh step).
pub const STEPS: usize = 11;
/// What is met along a line: an own man, an enemy man, a wall, a goal.
const OWN: usize = 0;
const ENEMY: usize = 1;
const WALL: usize = 2;
const GOAL: usize = 3;
/// The line inputs: 6 faces, [`STEPS`] steps, 4 kinds.
pub const STAR: usize = 6 * STEPS * 4;
/// The ball's row from the mover's home row (one-hot, 11).
const ROW_OWN: usize = STAR;
/// The ball's row from the opponent's home row (one-hot, 11).
const ROW_FAR: usize = ROW_OWN + 11;
/// Rule set `classic`.
const CLASSIC: usize = ROW_FAR + 11;
/// Board side 4.
const SIDE4: usize = CLASSIC + 1;
/// Per face, where the ball can be parked: 6 states (no empty cell to stop on; else the least threat
/// the opponent has from any stop cell, 0 to 4: see [`threat`]).
const SAFE: usize = SIDE4 + 1;
/// The number of binary inputs.
pub const BINARY: usize = SAFE + 6 * 6;
/// Dense inputs: own men per row (11), then enemy men per row (11); own men per diagonal of each of
/// the two families (11 + 11), then the enemy's (11 + 11), the diagonals numbered from the mover's
/// left.
pub const DENSE: usize = 66;
/// All inputs.
pub const INPUTS: usize = BINARY + DENSE;
/// The scale of a dense input in training: its value times `2^-DENSE_SHIFT`.
pub const DENSE_SHIFT: u32 = 2;

/// The exact part of the value and the network's inputs for one position.
#[derive(Debug, Clone)]
pub struct Eval {
    /// Rolls that win at once.
    pub wins: i32,
    /// Rolls that lose at once.
    pub losses: i32,
    /// All rolls (`6 * size`).
    pub total: i32,
    /// The rolls that win at once: bit `6 * (distance - 1) + face - 1`.
    pub won: u64,
    /// The rolls that win or lose at once (same bits).
    pub decided: u64,
    /// The network's inputs.
    pub inputs: Inputs,
    /// The threats ([`threat`]) found so far for the men and side to move of [`Eval::threats_of`], by
    /// cell ([`UNKNOWN`] where not yet asked): they depend on the men only, so the positions of one
    /// man move (the ball elsewhere) share them.
    threats: [u8; MAX_CELLS],
    /// Red's and Blue's men and the side to move that [`Eval::threats`] are for.
    threats_of: ([u128; 2], Player),
}

/// A threat not yet computed.
const UNKNOWN: u8 = u8::MAX;

impl Eval {
    /// Empty, with room for one position's inputs.
    pub fn new() -> Eval {
        Eval {
            wins: 0,
            losses: 0,
            total: 36,
            won: 0,
            decided: 0,
            inputs: Inputs::with_capacity(32, DENSE),
            threats: [UNKNOWN; MAX_CELLS],
            threats_of: ([0; 2], Player::Red),
        }
    }

    /// Keeps the threats known when `pos` has the men and side to move they were found for, else
    /// forgets them.
    fn threats_for(&mut self, pos: &Position) {
        let key = (
            [pos.men_mask(Player::Red), pos.men_mask(Player::Blue)],
            pos.turn(),
        );
        // Compared field by field: the tuple's comparison is a call to memcmp.
        if self.threats_of.0[0] != key.0[0]
            || self.threats_of.0[1] != key.0[1]
            || self.threats_of.1 != key.1
        {
            self.threats_of = key;
            self.threats = [UNKNOWN; MAX_CELLS];
        }
    }

    /// [`threat`] of `cell`, remembered (see [`Eval::threats_for`]).
    #[inline]
    fn threat(&mut self, pos: &Position, lines: &Lines, cell: u8) -> u8 {
        let known = self.threats[usize::from(cell)];
        if known != UNKNOWN {
            return known;
        }
        let t = threat(pos, lines, cell, pos.turn());
        self.threats[usize::from(cell)] = t;
        t
    }

    /// The rolls the network decides.
    pub fn rest(&self) -> i32 {
        self.total - self.wins - self.losses
    }

    /// The whole value (units of [`P_ONE`]) given the network's chance for the undecided rolls.
    pub fn value(&self, net_chance: i32) -> i32 {
        let v = i64::from(self.wins) * i64::from(P_ONE)
            + i64::from(self.rest()) * i64::from(net_chance);
        (v / i64::from(self.total.max(1))) as i32
    }
}

impl Default for Eval {
    fn default() -> Self {
        Eval::new()
    }
}

/// The bit of a roll in [`Eval::won`] and [`Eval::decided`].
#[inline]
pub const fn roll_bit(distance: u8, face: u8) -> u64 {
    1u64 << (6 * (distance as u32 - 1) + face as u32 - 1)
}

/// Rows from `me`'s home row (0) to the far row.
#[inline]
fn row_from_home(g: &Geometry, cell: u8, me: Player) -> usize {
    let row = usize::from(g.row_of[usize::from(cell)]);
    if me == Player::Red {
        usize::from(g.rows) - 1 - row
    } else {
        row
    }
}

/// Every cell's six full lines: the cells up to the edge in order, and the goal the line leaves
/// through.
struct Lines {
    mask: [[u128; 6]; MAX_CELLS],
    goal: [[Option<Player>; 6]; MAX_CELLS],
    /// The cells of each line from the nearest, [`Lines::len`] of them (fewer than [`STEPS`]: the
    /// longest line of side 6 holds 10).
    cells: [[[u8; STEPS]; 6]; MAX_CELLS],
    len: [[u8; 6]; MAX_CELLS],
}

impl Lines {
    fn build(g: &Geometry) -> Box<Lines> {
        let mut l = Box::new(Lines {
            mask: [[0; 6]; MAX_CELLS],
            goal: [[None; 6]; MAX_CELLS],
            cells: [[[0; STEPS]; 6]; MAX_CELLS],
            len: [[0; 6]; MAX_CELLS],
        });
        for cell in 0..usize::from(g.len) {
            for dir in 0..6 {
                let mut cur = cell;
                loop {
                    match g.step[cur][dir] {
                        Step::Cell(next) => {
                            l.mask[cell][dir] |= 1u128 << next;
                            let n = usize::from(l.len[cell][dir]);
                            l.cells[cell][dir][n.min(STEPS - 1)] = next;
                            l.len[cell][dir] += 1;
                            cur = usize::from(next);
                        }
                        Step::Wall => break,
                        Step::Goal(p) => {
                            l.goal[cell][dir] = Some(p);
                            break;
                        }
                    }
                }
            }
        }
        l
    }

    /// The lines of a board size (built on first use).
    fn of(g: &Geometry) -> &'static Lines {
        static LINES: [OnceLock<Box<Lines>>; 2] = [OnceLock::new(), OnceLock::new()];
        LINES[g.size.index()].get_or_init(|| Lines::build(g))
    }
}

/// The opponent's threat if the mover parks the ball on `cell`: over the opponent's two forward lines
/// from there, 2 for a line empty up to the mover's goal, 1 for one that only a single man of the
/// opponent blocks (0 to 4; the ball's old cell counts as empty).
fn threat(pos: &Position, lines: &Lines, cell: u8, me: Player) -> u8 {
    let opp = me.other();
    let theirs = pos.men_mask(opp);
    let all = theirs | pos.men_mask(me);
    let c = usize::from(cell);
    // Faces 3 and 4 written out: a loop or a closure over them costs a call per cell in the
    // size-optimised build.
    let (a, b) = (
        ball_direction(opp, 3).index(),
        ball_direction(opp, 4).index(),
    );
    line_threat(lines.goal[c][a] == Some(me), lines.mask[c][a] & all, theirs)
        + line_threat(lines.goal[c][b] == Some(me), lines.mask[c][b] & all, theirs)
}

/// One line's part of [`threat`]: `open` when it leads to the mover's goal, `on` the men on it.
#[inline(always)]
fn line_threat(open: bool, on: u128, theirs: u128) -> u8 {
    if !open {
        return 0;
    }
    match on.count_ones() {
        0 => 2,
        1 if on & theirs != 0 => 1,
        _ => 0,
    }
}

/// Fills `e` for `pos` (not finished; the side to move before its roll). `scratch` is a move list
/// used for the exact part.
pub fn analyse(pos: &Position, e: &mut Eval, scratch: &mut MoveList) {
    analyse_ball(pos, e, scratch);
    if pos.ball().is_some() {
        e.inputs
            .dense
            .extend_from_slice(&men_counts(pos, pos.turn()));
    }
}

/// The dense inputs of `pos` for `me`: `me`'s men, then the opponent's, on each row counted from
/// `me`'s home row. They depend on the men only (not on the ball or the side to move).
pub fn men_counts(pos: &Position, me: Player) -> [u16; DENSE] {
    let g = pos.geometry();
    let mut counts = [0u16; DENSE];
    for (side, p) in [me, me.other()].into_iter().enumerate() {
        let mut bits = pos.men_mask(p);
        while bits != 0 {
            let cell = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let r = row_from_home(g, cell, me).min(10);
            counts[11 * side + r] += 1;
            // The two diagonal families: constant q (NW-SE lines) and constant q + r (NE-SW),
            // counted from the mover's left (the board turned for Blue).
            let h = g.hex[usize::from(cell)];
            let n = i32::from(g.size.n()) - 1;
            let (mut a, mut b) = (i32::from(h.q) + n, i32::from(h.q) + i32::from(h.r) + n);
            if me == Player::Blue {
                a = 2 * n - a;
                b = 2 * n - b;
            }
            counts[22 + 22 * side + a.clamp(0, 10) as usize] += 1;
            counts[33 + 22 * side + b.clamp(0, 10) as usize] += 1;
        }
    }
    counts
}

#[cfg(not(target_arch = "wasm32"))]
std::thread_local! {
    static ANALYSED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// The positions analysed ([`analyse_ball`], the work under every evaluation and search) on this
/// thread so far: the cost of an analysis counted alike on every machine (native builds only, for
/// tests and benchmarks; 0 in wasm, where it would only cost size).
pub fn analysed() -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    return ANALYSED.with(std::cell::Cell::get);
    #[cfg(target_arch = "wasm32")]
    0
}

/// [`analyse`] without the dense inputs (see [`men_counts`]).
pub fn analyse_ball(pos: &Position, e: &mut Eval, scratch: &mut MoveList) {
    #[cfg(not(target_arch = "wasm32"))]
    ANALYSED.with(|n| n.set(n.get() + 1));
    let g = pos.geometry();
    let lines = Lines::of(g);
    let me = pos.turn();
    let size = i32::from(g.size.n());
    e.inputs.clear();
    e.wins = 0;
    e.losses = 0;
    e.total = 6 * size;
    e.won = 0;
    e.decided = 0;
    let Some(Cell(ball)) = pos.ball() else {
        return;
    };
    e.threats_for(pos);
    let b = usize::from(ball);
    // The inputs gathered here and appended at once (a push each is a call in the size-optimised
    // build): at most 3 per face and 4 more.
    let mut on = [0u16; 32];
    let mut n = 0;
    let mut push = |input: usize| {
        if let Some(slot) = on.get_mut(n) {
            *slot = input as u16;
            n += 1;
        }
    };
    // The bits of one face's rolls, every distance: `roll_bit(k, 1)` summed over `k`.
    let every_distance = ((1u64 << (6 * size)) - 1) / 63;
    for face in 1..7u8 {
        let dir = ball_direction(me, face).index();
        let base = usize::from(face - 1) * STEPS * 4;
        let line = &lines.cells[b][dir];
        let len = usize::from(lines.len[b][dir]).min(STEPS - 1);
        let mut men = 0;
        let mut first: Option<(u8, bool)> = None;
        let mut least = u8::MAX;
        // Along the line: the first two men (inputs), and the least threat of the empty cells before
        // the first; then the wall or goal, unless two men came first.
        for (s, &next) in line[..len].iter().enumerate() {
            match pos.piece(Cell(next)) {
                Some(Piece::Man(p)) => {
                    let own = p == me;
                    push(base + s * 4 + if own { OWN } else { ENEMY });
                    if men == 0 {
                        first = Some((next, own));
                    }
                    men += 1;
                    if men >= 2 {
                        break;
                    }
                }
                _ if men == 0 => least = least.min(e.threat(pos, lines, next)),
                _ => {}
            }
        }
        let exit_goal = lines.goal[b][dir];
        if men < 2 {
            push(base + len * 4 + if exit_goal.is_some() { GOAL } else { WALL });
        }
        let state = if least == u8::MAX {
            0
        } else {
            1 + usize::from(least)
        };
        push(SAFE + usize::from(face - 1) * 6 + state);
        let face_bits = every_distance << (face - 1);
        match face {
            3 | 4 if exit_goal == Some(me.other()) => match (men, first) {
                (0, _) => {
                    e.wins += size;
                    e.won |= face_bits;
                }
                (1, Some((c, true))) => {
                    // The line is open but for this man: a roll wins when it can step off the line.
                    let ray = lines.mask[b][dir];
                    for k in 1..=g.size.n() {
                        scratch.clear();
                        pos.man_moves_from(k, Cell(c), scratch);
                        if scratch.iter().any(|m| match m.to {
                            Dest::Off(_) => true,
                            Dest::Cell(x) => ray & (1u128 << x.0) == 0,
                        }) {
                            e.wins += 1;
                            e.won |= roll_bit(k, face);
                        }
                    }
                }
                _ => {}
            },
            // Next to the mover's own goal: the ball goes out through it.
            1 | 6 if len == 0 && exit_goal == Some(me) => {
                e.losses += size;
                e.decided |= face_bits;
            }
            _ => {}
        }
    }
    e.decided |= e.won;
    let row = row_from_home(g, ball, me);
    push(ROW_OWN + row);
    push(ROW_FAR + usize::from(g.rows) - 1 - row);
    if pos.rules() == RuleSet::Classic {
        push(CLASSIC);
    }
    if g.size == Size::Four {
        push(SIDE4);
    }
    e.inputs.on.extend_from_slice(&on[..n.min(on.len())]);
}

/// The value for the side to move in `pos` (not finished) from the [`Net::base`] of its
/// [`men_counts`] for the side to move.
pub fn value_from(
    net: &Net,
    base: &Base,
    pos: &Position,
    e: &mut Eval,
    scratch: &mut MoveList,
) -> i32 {
    analyse_ball(pos, e, scratch);
    let chance = if e.rest() > 0 {
        sigmoid(net.logit_from(base, &e.inputs.on))
    } else {
        0
    };
    e.value(chance)
}

/// The value for the side to move in `pos` (units of [`P_ONE`]); a finished position is worth
/// [`P_ONE`] to its winner.
pub fn value(net: &Net, pos: &Position, e: &mut Eval, scratch: &mut MoveList) -> i32 {
    if let Some(w) = pos.winner() {
        return if w == pos.turn() { P_ONE } else { 0 };
    }
    analyse(pos, e, scratch);
    let chance = if e.rest() > 0 {
        net.chance(&e.inputs)
    } else {
        0
    };
    e.value(chance)
}

/// A complete rest of a turn: its man move (if any), its ball move (if any) and the position after it
/// (the turn ended: the opponent to move, or the game won).
#[derive(Debug, Clone, Copy)]
pub struct Turn {
    /// The man move, `None` when the man phase is skipped (or already played).
    pub man: Option<Move>,
    /// The ball move, `None` when the ball phase is skipped.
    pub ball: Option<Move>,
    /// The position after the turn.
    pub after: Position,
}

/// Appends every complete rest of the turn of `pos` for these dice to `out`; `man_phase` says whether
/// the man move is still to come. `men` and `balls` are scratch lists.
pub fn turns(
    pos: &Position,
    distance: u8,
    direction: u8,
    man_phase: bool,
    men: &mut MoveList,
    balls: &mut MoveList,
    out: &mut Vec<Turn>,
) {
    let mut push_balls = |p: &Position, man: Option<Move>, out: &mut Vec<Turn>| {
        balls.clear();
        p.ball_moves(direction, balls);
        if balls.is_empty() {
            let mut after = *p;
            after.end_turn();
            out.push(Turn {
                man,
                ball: None,
                after,
            });
        }
        for &b in balls.iter() {
            let mut after = *p;
            after.apply(b);
            after.end_turn();
            out.push(Turn {
                man,
                ball: Some(b),
                after,
            });
        }
    };
    if man_phase {
        men.clear();
        pos.man_moves(distance, men);
        if men.is_empty() {
            push_balls(pos, None, out);
        }
        for &m in men.iter() {
            let mut p = *pos;
            p.apply(m);
            push_balls(&p, Some(m), out);
        }
    } else {
        push_balls(pos, None, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SimRng;
    use crate::jokerball::Setup;

    /// Positions from random play under both rule sets and sizes.
    fn positions() -> Vec<Position> {
        let mut rng = SimRng::new([7, 8, 9, 10]);
        let mut out = Vec::new();
        for (rules, size) in [
            (RuleSet::Y2025, 6),
            (RuleSet::Classic, 6),
            (RuleSet::Y2025, 4),
            (RuleSet::Classic, 4),
        ] {
            for _ in 0..100 {
                let mut pos = Position::start(&Setup {
                    rules,
                    size: Some(size),
                    ..Setup::default()
                })
                .unwrap();
                for _ in 0..rng.below(60) {
                    if pos.winner().is_some() {
                        break;
                    }
                    pos.random_turn(&mut rng);
                }
                if pos.winner().is_none() {
                    out.push(pos);
                }
            }
        }
        out
    }

    /// The rolls that win and lose at once, by playing every turn.
    fn brute(pos: &Position) -> (u64, u64) {
        let (mut won, mut lost) = (0, 0);
        let me = pos.turn();
        let (mut men, mut balls, mut turns) = (MoveList::new(), MoveList::new(), Vec::new());
        for k in 1..=pos.side() {
            for face in 1..=6u8 {
                turns.clear();
                turns_into(pos, k, face, &mut men, &mut balls, &mut turns);
                if turns.iter().any(|t| t.after.winner() == Some(me)) {
                    won |= roll_bit(k, face);
                }
                if turns.iter().all(|t| t.after.winner() == Some(me.other())) {
                    lost |= roll_bit(k, face);
                }
            }
        }
        (won, lost)
    }

    fn turns_into(
        pos: &Position,
        k: u8,
        face: u8,
        men: &mut MoveList,
        balls: &mut MoveList,
        out: &mut Vec<Turn>,
    ) {
        turns(pos, k, face, true, men, balls, out);
    }

    #[test]
    fn immediate_wins_and_losses_are_exact() {
        let mut e = Eval::new();
        let mut scratch = MoveList::new();
        let (mut checked, mut wins) = (0, 0);
        for pos in positions() {
            analyse(&pos, &mut e, &mut scratch);
            let (won, lost) = brute(&pos);
            assert_eq!(e.won, won, "{pos:?}");
            assert_eq!(e.decided & !e.won, lost, "{pos:?}");
            assert_eq!(e.wins, won.count_ones() as i32);
            assert_eq!(e.losses, lost.count_ones() as i32);
            checked += 1;
            wins += e.wins;
        }
        assert!(
            checked > 150 && wins > 100,
            "{checked} positions, {wins} winning rolls"
        );
    }

    #[test]
    fn shared_men_part_gives_the_same_value() {
        let mut rng = SimRng::new([3, 1, 4, 1]);
        let net = &super::super::net::random_net(INPUTS, 16, 7, &mut rng);
        let mut e = Eval::new();
        let mut scratch = MoveList::new();
        let mut seen = std::collections::BTreeSet::new();
        for pos in positions() {
            let whole = value(net, &pos, &mut e, &mut scratch);
            let base = net.base(&men_counts(&pos, pos.turn()));
            assert_eq!(value_from(net, &base, &pos, &mut e, &mut scratch), whole);
            seen.insert(whole);
        }
        assert!(
            seen.len() > 50,
            "the network tells positions apart: {} values",
            seen.len()
        );
    }
}
