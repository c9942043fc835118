//! Jokerball search over the learned evaluation ([`super::jokerball_eval`]): expectimax over complete
//! turns (man move then ball move, the dice known), with the rolls as chance nodes.
//!
//! - `easy` plays the turn whose position is worth most by the evaluation (one ply);
//! - `medium` searches the 4 best turns by one ply two plies deep: for every roll of the opponent,
//!   its best turn against the bot, the bot's value there from the evaluation (the opponent's rolls
//!   that win or lose at once are exact and need no search). A turn is abandoned as soon as it cannot
//!   beat the best one found (the rolls not yet searched counted as the opponent's worst), and a roll's
//!   replies are cut off once the turn cannot catch up;
//! - `hard` searches the 12 best by one ply two plies deep, then the 2 best by two plies a ply deeper,
//!   selectively: for every roll of the opponent, its best turn by the evaluation, and there the mean
//!   over the bot's rolls of the bot's best turn;
//! - at `medium` and `hard`, the search ends only when the turn of the highest value has had the
//!   deepest look of the search (else it gets it, and the highest is taken again), so that the choice
//!   is the best of the values that hints and reviews show.
//!
//! In phase man the bot plans the whole turn and keeps the ball move for the ball phase that follows.
//! Work is counted in evaluated positions ([`Budget`]), so a level's choice is the same on every
//! machine; values are integers (units of [`P_ONE`]). Equal values are ordered by a seeded shuffle.
#![allow(
    clippy::indexing_slicing,
    reason = "turn lists indexed below their lengths, in the search hot path"
)]

use super::base::{Bot, Level};
use super::base::{Budget, Plan};
use super::jokerball_eval::{self as je, roll_bit, Eval, Turn};
use super::net::{Base, Net, P_ONE};
use super::rank::{hint_list, sort_best_first, Ranked, Step};
use crate::dice::Dice;
use crate::engine::Engine;
use crate::error::{Illegal, ParseError, PlayError};
use crate::jokerball::{
    moves_cells, write_part, Dest, Game, Move, MoveList, Phase, Position, Size,
};
use crate::player::Player;

/// Scratch space of a search: the evaluation's, move lists for the root's turns, and the values of
/// [`Search::roll_bests`]'s positions.
pub(crate) struct Search<'a> {
    net: &'a Net,
    e: Eval,
    scratch: MoveList,
    men: MoveList,
    balls: MoveList,
    memo: Memo,
}

/// The values of the positions one [`Search::roll_bests`] has evaluated, by the man move and the
/// ball's cell that reached them from its position (a man move blocked short, or stopped by a wall,
/// is the same move for several distances, and with it every position after it). Open addressing;
/// each look starts a new generation, so old entries need no clearing.
struct Memo {
    /// `(generation << 24 | key, value)`, key [`Memo::key`] (never 0); [`MEMO_SLOTS`] of them once
    /// cleared.
    slots: Vec<(u32, i32)>,
    generation: u32,
    /// Entries of this generation (the table takes at most three quarters of its slots).
    len: usize,
}

/// The slots of a [`Memo`] (a power of two, above the positions of any look).
const MEMO_SLOTS: usize = 1 << 13;

impl Memo {
    /// Empty, its slots made at the first [`Memo::clear`] (most searches never look at every roll).
    fn new() -> Memo {
        Memo {
            slots: Vec::new(),
            generation: 0,
            len: 0,
        }
    }

    /// Starts a new look: forgets every entry.
    fn clear(&mut self) {
        self.generation += 1;
        if self.generation >= 1 << 8 || self.slots.len() != MEMO_SLOTS {
            self.slots.clear();
            self.slots.resize(MEMO_SLOTS, (0, 0));
            self.generation = 1;
        }
        self.len = 0;
    }

    /// The key of the position after man move `man` (none: `None`) and the ball on `ball` (its cell,
    /// [`u8::MAX`] without a ball move): 24 bits, never 0.
    fn key(man: Option<Move>, ball: u8) -> u32 {
        let (from, to) = match man {
            None => (0xff, 0xff),
            Some(m) => (
                u32::from(m.from.0),
                match m.to {
                    Dest::Cell(c) => u32::from(c.0),
                    Dest::Off(p) => 0xfd + p.index() as u32,
                },
            ),
        };
        (from << 16 | to << 8 | u32::from(ball)) ^ 0x80_0000
    }

    /// The slot of `key`: where it is, or the empty slot where it would go.
    fn slot(&self, key: u32) -> usize {
        let full = self.generation << 24 | key;
        let mut i = (key.wrapping_mul(0x9e37_79b1) >> 19) as usize & (MEMO_SLOTS - 1);
        loop {
            let k = self.slots[i].0;
            if k == full || k >> 24 != self.generation {
                return i;
            }
            i = (i + 1) & (MEMO_SLOTS - 1);
        }
    }

    fn get(&self, key: u32) -> Option<i32> {
        let (k, v) = self.slots[self.slot(key)];
        (k == self.generation << 24 | key).then_some(v)
    }

    fn put(&mut self, key: u32, value: i32) {
        if self.len < MEMO_SLOTS / 4 * 3 {
            let i = self.slot(key);
            self.slots[i] = (self.generation << 24 | key, value);
            self.len += 1;
        }
    }
}

/// The dice of a roll.
const fn dice(distance: u8, direction: u8) -> Dice {
    Dice {
        distance,
        direction,
    }
}

/// The number of distinct rolls of the largest board (6 distances, 6 directions).
pub(crate) const ROLLS: usize = 36;

/// A roll's place among the rolls of a position: `6 * (distance - 1) + direction - 1` (the bit of
/// [`roll_bit`]), below [`ROLLS`] for dice in range.
pub(crate) fn roll_index(d: Dice) -> usize {
    (6 * usize::from(d.distance.saturating_sub(1)) + usize::from(d.direction.saturating_sub(1)))
        .min(ROLLS - 1)
}

impl<'a> Search<'a> {
    pub(crate) fn new(net: &'a Net) -> Box<Search<'a>> {
        Box::new(Search {
            net,
            e: Eval::new(),
            scratch: MoveList::new(),
            men: MoveList::new(),
            balls: MoveList::new(),
            memo: Memo::new(),
        })
    }

    /// The chance that the side to move in `pos` (unfinished, before its roll) wins.
    pub(crate) fn value(&mut self, pos: &Position) -> i32 {
        je::value(self.net, pos, &mut self.e, &mut self.scratch)
    }

    /// The chance of `mover` after its turn ended in `after`.
    pub(crate) fn after_value(&mut self, mover: Player, after: &Position) -> i32 {
        match after.winner() {
            Some(w) => {
                if w == mover {
                    P_ONE
                } else {
                    0
                }
            }
            None => P_ONE - self.value(after),
        }
    }

    /// The turns of `pos` for these dice into `out`.
    fn turns(&mut self, pos: &Position, dice: Dice, man_phase: bool, out: &mut Vec<Turn>) {
        out.clear();
        je::turns(
            pos,
            dice.distance,
            dice.direction,
            man_phase,
            &mut self.men,
            &mut self.balls,
            out,
        );
    }

    /// Calls `f(after, value)` for every turn of the side to move in `pos` with these dice (phase man),
    /// `value` being the chance of the side to move after it (the opponent; a finished game is worth
    /// [`P_ONE`] to its winner), until `f` returns `false`. The turns that share a man move share the
    /// network's part for the men. Returns the positions evaluated.
    fn each_turn(
        &mut self,
        pos: &Position,
        dice: Dice,
        f: &mut dyn FnMut(&Position, i32) -> bool,
    ) -> u64 {
        let next = pos.turn().other();
        let mut men = MoveList::new();
        let mut balls = MoveList::new();
        pos.man_moves(dice.distance, &mut men);
        let mut evals = 0;
        let count = men.len().max(1);
        for i in 0..count {
            let mut p1 = *pos;
            if let Some(&m) = men.get(i) {
                p1.apply(m);
            }
            let mut base: Option<Base> = None;
            balls.clear();
            p1.ball_moves(dice.direction, &mut balls);
            let n = balls.len().max(1);
            for j in 0..n {
                let mut after = p1;
                if let Some(&b) = balls.get(j) {
                    after.apply(b);
                }
                after.end_turn();
                let v = self.turn_value(&after, next, &mut base, &mut evals);
                if !f(&after, v) {
                    return evals;
                }
            }
        }
        evals
    }

    /// The chance of `next`, the side to move in `after` (a turn just ended): [`P_ONE`] or 0 once the
    /// game is won, else the network's value, `base` its part for the men (shared by the turns of one
    /// man move; made here at the first) and `evals` counting the positions evaluated.
    fn turn_value(
        &mut self,
        after: &Position,
        next: Player,
        base: &mut Option<Base>,
        evals: &mut u64,
    ) -> i32 {
        match after.winner() {
            Some(w) => i32::from(w == next) * P_ONE,
            None => {
                *evals += 1;
                let b = *base.get_or_insert_with(|| self.net.base(&je::men_counts(after, next)));
                je::value_from(self.net, &b, after, &mut self.e, &mut self.scratch)
            }
        }
    }

    /// The rolls of the side to move in `pos` (unfinished) that win or lose at once: `(decided, won,
    /// all rolls)` as in [`Eval`].
    fn decided(&mut self, pos: &Position) -> (u64, u64, i64) {
        je::analyse_ball(pos, &mut self.e, &mut self.scratch);
        (self.e.decided, self.e.won, i64::from(self.e.total))
    }

    /// The one-ply value for the side to move in `pos` (unfinished, before its roll): the mean over
    /// its rolls of its best turn's value. `None` when the deadline struck.
    fn roll_value(&mut self, bot: &mut Bot, pos: &Position) -> Option<i32> {
        self.roll_values(bot, pos, None)
            .map(|(sum, total, _)| (sum / total) as i32)
    }

    /// The sum over the rolls of the side to move in `pos` (unfinished, before its roll) of its best
    /// turn's one-ply value, the number of rolls, and that value for the roll `thrown` (0 without
    /// one). `None` when the deadline struck.
    fn roll_values(
        &mut self,
        bot: &mut Bot,
        pos: &Position,
        thrown: Option<Dice>,
    ) -> Option<(i64, i64, i32)> {
        let (best, total) = self.roll_bests(bot, pos)?;
        let rolls = (6 * usize::from(pos.side())).min(ROLLS);
        let sum = best[..rolls].iter().map(|&v| i64::from(v)).sum();
        let at = thrown.map_or(0, |d| best[roll_index(d)]);
        Some((sum, total, at))
    }

    /// The one-ply value of the best turn for every roll of the side to move in `pos` (unfinished,
    /// before its roll), by [`roll_index`], and the number of rolls. The rolls of one distance share
    /// their man moves, and the turns of one man move the network's part for the men, whatever the
    /// direction. `None` when the deadline struck.
    fn roll_bests(&mut self, bot: &mut Bot, pos: &Position) -> Option<([i32; ROLLS], i64)> {
        let (decided, won, total) = self.decided(pos);
        let next = pos.turn().other();
        let mut best = [0; ROLLS];
        self.memo.clear();
        let mut men = MoveList::new();
        let mut balls = MoveList::new();
        for k in 1..=pos.side() {
            // The directions still open: not decided at once, not yet won by a turn.
            let mut open = 0u8;
            for face in 1..=6u8 {
                let bit = roll_bit(k, face);
                if decided & bit == 0 {
                    open |= 1 << (face - 1);
                } else if won & bit != 0 {
                    best[roll_index(dice(k, face))] = P_ONE;
                }
            }
            if open == 0 {
                continue;
            }
            men.clear();
            pos.man_moves(k, &mut men);
            let mut evals = 0u64;
            for i in 0..men.len().max(1) {
                let mut p1 = *pos;
                if let Some(&m) = men.get(i) {
                    p1.apply(m);
                }
                let mut base: Option<Base> = None;
                for face in 1..=6u8 {
                    if open & (1 << (face - 1)) == 0 {
                        continue;
                    }
                    let at = roll_index(dice(k, face));
                    balls.clear();
                    p1.ball_moves(face, &mut balls);
                    for j in 0..balls.len().max(1) {
                        let mut after = p1;
                        let mut to = u8::MAX;
                        if let Some(&b) = balls.get(j) {
                            after.apply(b);
                            to = after.ball().map_or(u8::MAX, |c| c.0);
                        }
                        after.end_turn();
                        let v = if after.winner().is_some() {
                            self.turn_value(&after, next, &mut base, &mut evals)
                        } else {
                            // Counted as evaluated either way: the work is the same as without the memo.
                            let key = Memo::key(men.get(i).copied(), to);
                            match self.memo.get(key) {
                                Some(v) => {
                                    evals += 1;
                                    v
                                }
                                None => {
                                    let v = self.turn_value(&after, next, &mut base, &mut evals);
                                    self.memo.put(key, v);
                                    v
                                }
                            }
                        };
                        best[at] = best[at].max(P_ONE - v);
                        if best[at] >= P_ONE {
                            open &= !(1 << (face - 1));
                            break;
                        }
                    }
                }
                if open == 0 {
                    break;
                }
            }
            if !bot.work(evals.max(1)) {
                return None;
            }
        }
        Some((best, total))
    }

    /// The value for `me` of `after` (the opponent to move) searched two plies, or three with
    /// `refine`: the mean over the opponent's rolls of `me`'s value after the opponent's best turn,
    /// that value from the evaluation, or with `refine` from [`Search::roll_value`] for the
    /// opponent's best turn by the evaluation (and its second best when they are within
    /// [`CLOSE`]). Without `refine` it returns as soon as the value is known to be at most `alpha`
    /// (then with an upper bound at most `alpha`). `None` when the deadline struck.
    fn reply_value(
        &mut self,
        bot: &mut Bot,
        me: Player,
        after: &Position,
        alpha: i32,
        refine: Option<i32>,
    ) -> Option<i32> {
        if let Some(w) = after.winner() {
            return Some(if w == me { P_ONE } else { 0 });
        }
        let (decided, won, total) = self.decided(after);
        let size = after.side();
        // Sums in units of P_ONE / total: `sum` for the rolls done, the undone ones at P_ONE.
        let mut sum = 0i64;
        let mut undone = i64::from(size) * 6;
        let target = if refine.is_some() {
            i64::MIN
        } else {
            i64::from(alpha) * total
        };
        let one = i64::from(P_ONE);
        for k in 1..=size {
            for face in 1..=6u8 {
                let bit = roll_bit(k, face);
                undone -= 1;
                if decided & bit != 0 {
                    if won & bit == 0 {
                        sum += one;
                    }
                } else {
                    let rest = sum + undone * one;
                    let mut worst = (one, None::<Position>);
                    let mut second = (one, None::<Position>);
                    let n = self.each_turn(after, dice(k, face), &mut |p, v| {
                        let v = i64::from(v);
                        if v < worst.0 {
                            second = worst;
                            worst = (v, Some(*p));
                        } else if v < second.0 {
                            second = (v, Some(*p));
                        }
                        worst.0 > 0 && rest + worst.0 > target
                    });
                    if !bot.work(n.max(1)) {
                        return None;
                    }
                    let mut v = worst.0;
                    if let (Some(close), Some(p)) = (refine, worst.1) {
                        if p.winner().is_none() {
                            v = i64::from(self.roll_value(bot, &p)?);
                            if let Some(q) = second.1 {
                                if second.0 <= worst.0 + i64::from(close) && q.winner().is_none() {
                                    v = v.min(i64::from(self.roll_value(bot, &q)?));
                                }
                            }
                        }
                    }
                    sum += v;
                }
                if sum + undone * one <= target {
                    return Some(((sum + undone * one) / total) as i32);
                }
            }
        }
        Some((sum / total) as i32)
    }
}

/// The network of the Jokerball evaluation.
fn net() -> &'static Net {
    &super::base::nets().jokerball
}

/// The scratch space of [`Bot::jokerball_luck_in`].
pub(crate) fn luck_search() -> Box<Search<'static>> {
    Search::new(net())
}

/// A turn of a search, with the value of the deepest look it had (`depth` plies; `exact` unless the
/// two-ply search only bounded it from above, knowing it could not be the best).
#[derive(Debug, Clone, Copy)]
struct Cand {
    turn: Turn,
    v: i32,
    depth: u8,
    exact: bool,
}

/// Gives every turn of `cands` that ends in `after` the value `v` of a look `depth` plies deep.
fn put(cands: &mut [Cand], after: &Position, v: i32, depth: u8, exact: bool) {
    for c in cands.iter_mut().filter(|c| c.turn.after == *after) {
        (c.v, c.depth, c.exact) = (v, depth, exact);
    }
}

/// The search of a level, shared by the bot's choice, hints and reviews. Returns every turn of `game`
/// (phase man or ball) with the value of the deepest look it had, the index of the bot's choice, and
/// the deepest look of the search (plies).
///
/// - one ply for every turn; `easy` stops there;
/// - two plies for the best turns by one ply (`width` of them, within the `work` budget), a turn that
///   cannot be the best only bounded;
/// - `hard`: three plies, selectively, for the best by two plies (`refine`, within `margin`);
/// - then, so that the choice is the best of the values shown: while the turn of the highest value
///   has not had the deepest look (or only a bound), it has it, and the highest is taken again.
fn search(bot: &mut Bot, game: &Game) -> Option<(Vec<Cand>, usize, u8)> {
    let dice = game.dice()?;
    let man_phase = match game.phase() {
        Phase::Man => true,
        Phase::Ball => false,
        _ => return None,
    };
    bot.start_search();
    let me = game.turn();
    let mut s = Search::new(net());
    let mut turns = Vec::new();
    s.turns(game.position(), dice, man_phase, &mut turns);
    if turns.is_empty() {
        return None;
    }
    bot.shuffle(&mut turns);
    let mut scored: Vec<(i32, Turn)> = Vec::with_capacity(turns.len());
    for t in turns {
        let v = s.after_value(me, &t.after);
        bot.work(1);
        scored.push((v, t));
    }
    // Best first; equal values keep the shuffled order.
    sort_best_first(&mut scored);
    let mut cands: Vec<Cand> = scored
        .iter()
        .map(|&(v, turn)| Cand {
            turn,
            v,
            depth: 1,
            exact: true,
        })
        .collect();
    let first = scored.first().copied()?;
    let budget = bot.jokerball_budget();
    if first.0 >= P_ONE || budget.width == 0 {
        return Some((cands, 0, 1));
    }
    // Two plies for the best turns by one ply (each turn reaching a new position).
    let mut deep: Vec<(i32, Turn)> = Vec::with_capacity(budget.width);
    let mut seen: Vec<Position> = Vec::with_capacity(budget.width);
    let mut alpha = -1;
    for &(v1, t) in &scored {
        if seen.len() >= budget.width || (!deep.is_empty() && bot.nodes >= budget.work) || v1 <= 0 {
            break;
        }
        if seen.contains(&t.after) {
            continue;
        }
        seen.push(t.after);
        // Keep exact values for the turns that may be refined: prune only below the `refine`-th.
        let bound = if deep.len() >= budget.refine.max(1) {
            alpha
        } else {
            -1
        };
        let Some(v2) = s.reply_value(bot, me, &t.after, bound, None) else {
            break;
        };
        put(&mut cands, &t.after, v2, 2, v2 > bound);
        if v2 > bound {
            deep.push((v2, t));
            sort_best_first(&mut deep);
            if deep.len() >= budget.refine.max(1) {
                alpha = deep[budget.refine.max(1) - 1].0;
            }
        }
    }
    let Some(&best2) = deep.first() else {
        return Some((cands, 0, 1));
    };
    let close = deep
        .iter()
        .take(budget.refine)
        .filter(|d| d.0 >= best2.0 - budget.margin)
        .count();
    let mut deepest = 2;
    if close >= 2 {
        // Three plies, selectively, for the best turns by two plies.
        deepest = 3;
        for &(_, t) in deep.iter().take(close) {
            let Some(v3) = s.reply_value(bot, me, &t.after, -1, Some(budget.close)) else {
                break;
            };
            put(&mut cands, &t.after, v3, 3, true);
        }
    }
    let chosen = settle(bot, &mut s, me, &mut cands, deepest);
    Some((cands, chosen, deepest))
}

/// The turn of the highest value in `cands` (on equal values the deeper look, an exact value, then
/// the first), after giving it the look of `deepest` plies as long as it lacks it (see [`search`]).
fn settle(bot: &mut Bot, s: &mut Search, me: Player, cands: &mut [Cand], deepest: u8) -> usize {
    let key = |c: &Cand| (c.v, c.depth, c.exact);
    loop {
        let mut lead = 0;
        for (i, c) in cands.iter().enumerate() {
            if key(c) > key(&cands[lead]) {
                lead = i;
            }
        }
        let c = cands[lead];
        if c.depth >= deepest && c.exact {
            return lead;
        }
        let depth = if c.exact { c.depth + 1 } else { c.depth };
        let refine = (depth >= 3).then_some(bot.jokerball_budget().close);
        let Some(v) = s.reply_value(bot, me, &c.turn.after, -1, refine) else {
            return lead;
        };
        put(cands, &c.turn.after, v, depth, true);
    }
}

/// The turn the bot plays from `game` (phase man or ball) and its value by the deepest look it had.
fn best_turn(bot: &mut Bot, game: &Game) -> Option<(Turn, i32)> {
    let (cands, chosen, _) = search(bot, game)?;
    cands.get(chosen).map(|c| (c.turn, c.v))
}

impl Bot {
    /// The bot's move in a Jokerball game in phase man or ball (`None` in phases roll and over): the
    /// first move of the best complete turn. In phase ball right after this bot's own man move, the
    /// ball move of the turn it planned.
    pub fn choose_jokerball(&mut self, game: &Game) -> Option<Move> {
        if game.phase() == Phase::Ball {
            if let (Some(plan), Some(dice)) = (self.plan.take(), game.dice()) {
                if plan.pos == *game.position() && plan.dice == dice {
                    return Some(plan.ball);
                }
            }
        }
        self.plan = None;
        let (t, _) = best_turn(self, game)?;
        match (game.phase(), t.man) {
            (Phase::Man, Some(m)) => {
                if let (Some(ball), Some(dice)) = (t.ball, game.dice()) {
                    let mut pos = *game.position();
                    pos.apply(m);
                    self.plan = Some(Plan { pos, dice, ball });
                }
                Some(m)
            }
            _ => t.ball,
        }
    }

    /// The bot's estimate of the chance that the side to move in `pos` wins the game, before its
    /// roll: the learned evaluation (`easy`), or its mean over the rolls of the best turn's value one
    /// ply on (`medium`, `hard`).
    pub fn jokerball_win_chance(&mut self, pos: &Position) -> f64 {
        f64::from(self.jokerball_value(pos)) / f64::from(P_ONE)
    }

    /// [`Bot::jokerball_win_chance`] in units of [`P_ONE`].
    pub fn jokerball_value(&mut self, pos: &Position) -> i32 {
        let mut s = Search::new(net());
        if let Some(w) = pos.winner() {
            return if w == pos.turn() { P_ONE } else { 0 };
        }
        let v = s.value(pos);
        if self.level == Level::Easy {
            return v;
        }
        self.start_search();
        s.roll_value(self, pos).unwrap_or(v)
    }

    /// The search of this bot's Jokerball choices: its level's ([`Budget::of`]) unless set by
    /// [`Bot::set_jokerball_budget`].
    pub fn jokerball_budget(&self) -> Budget {
        self.jokerball_budget.unwrap_or(Budget::of(self.level))
    }

    /// Sets (or, with `None`, resets to the level's) the search of this bot's Jokerball choices, for
    /// tuning and benchmarks.
    pub fn set_jokerball_budget(&mut self, budget: Option<Budget>) {
        self.jokerball_budget = budget;
    }

    /// The value (units of [`P_ONE`]) for the side to move of the turn the bot would play in `game`
    /// (phase man or ball).
    pub fn jokerball_turn_value(&mut self, game: &Game) -> Option<i32> {
        best_turn(self, game).map(|(_, v)| v)
    }
}

impl Bot {
    /// The position after this bot's turn from `pos` (a turn start, the game on) with `dice`: the
    /// opponent to move, or the game won.
    pub(crate) fn jokerball_play(&mut self, pos: &Position, dice: Dice) -> Position {
        let mut g = Game::from_start(*pos, None);
        if g.set_dice(dice.distance, dice.direction).is_err() {
            return *pos;
        }
        match best_turn(self, &g) {
            Some((t, _)) => t.after,
            // No legal move: the turn has passed.
            None => *g.position(),
        }
    }
}

/// The position after `turn`, a string of `legal_turns()` of `game` in phase man (the opponent to
/// move, or the game won); `None` when it is not one of them.
pub(crate) fn turn_after(game: &Game, turn: &str) -> Option<Position> {
    let dice = game.dice().filter(|_| game.phase() == Phase::Man)?;
    let mut s = Search::new(net());
    let mut turns = Vec::new();
    s.turns(game.position(), dice, true, &mut turns);
    let size = game.size();
    turns
        .iter()
        .find(|t| write_turn(size, None, t) == turn)
        .map(|t| t.after)
}

impl Bot {
    /// The luck of the roll `thrown` for the side to move in `pos` (unfinished, before its roll), as
    /// reviews judge it (see [`super::analysis`]): the one-ply value of the best turn for `thrown`
    /// less its mean over every equally likely roll, and that mean (units of [`P_ONE`], whatever the
    /// level). Over every roll of a position the luck sums to zero. `None` when the deadline struck.
    pub(crate) fn jokerball_luck(&mut self, pos: &Position, thrown: Dice) -> Option<(f64, f64)> {
        self.jokerball_luck_in(&mut luck_search(), pos, thrown)
    }

    /// [`Bot::jokerball_luck`] in the scratch space `s` (of [`luck_search`]), which a caller looking at
    /// many positions keeps: its memo is large.
    pub(crate) fn jokerball_luck_in(
        &mut self,
        s: &mut Search<'static>,
        pos: &Position,
        thrown: Dice,
    ) -> Option<(f64, f64)> {
        self.start_search();
        let (sum, total, at) = s.roll_values(self, pos, Some(thrown))?;
        let mean = sum as f64 / total as f64;
        Some((f64::from(at) - mean, mean))
    }
}

/// A turn as `legal_turns()` writes it: the man part (`prefix` when the man move was played before)
/// and the ball part, `-` for a part skipped.
fn write_turn(size: Size, prefix: Option<&str>, t: &Turn) -> String {
    let mut out = prefix.map_or_else(|| write_part(size, t.man), str::to_string);
    out.push(' ');
    out.push_str(&write_part(size, t.ball));
    out
}

/// The mover's chance after a roll that leaves no move (`g` past it, the opponent to move).
fn pass_value(bot: &mut Bot, g: &Game) -> i32 {
    P_ONE - bot.jokerball_value(g.position())
}

impl Bot {
    /// The ranked turns of `game` in phase man or ball (see [`Bot::hint`]).
    pub(crate) fn jokerball_hint(&mut self, game: &Game) -> Vec<Ranked> {
        self.ranked_turns(game, None)
    }

    /// [`Bot::jokerball_hint`]: every turn with the value the level's search gave it ([`search`]),
    /// a bounded one made exact (it stays below the choice); the turn named `also` (when the level
    /// looks deeper at all) given the look the choice had: a review judges the turn played as deeply
    /// as the best one (should it prove the best, it is the choice).
    fn ranked_turns(&mut self, game: &Game, also: Option<&str>) -> Vec<Ranked> {
        let Some((mut cands, mut chosen, deepest)) = search(self, game) else {
            return Vec::new();
        };
        let size = game.size();
        let prefix = match game.turn_man_move() {
            Some(m) if game.phase() == Phase::Ball => Some(write_part(size, m)),
            _ => None,
        };
        let me = game.turn();
        let mut s = Search::new(net());
        let names: Vec<String> = cands
            .iter()
            .map(|c| write_turn(size, prefix.as_deref(), &c.turn))
            .collect();
        // The cells of the part still to play (in phase ball the turn's man move is played).
        let cells: Vec<Vec<String>> = cands
            .iter()
            .map(|c| moves_cells(size, [c.turn.man, c.turn.ball].into_iter().flatten()))
            .collect();
        let close = self.jokerball_budget().close;
        for i in 0..cands.len() {
            let c = cands[i];
            let named = deepest > 1 && also == names.get(i).map(String::as_str);
            let depth = if named { deepest } else { c.depth };
            if c.exact && c.depth >= depth {
                continue;
            }
            let refine = (depth >= 3).then_some(close);
            if let Some(v) = s.reply_value(self, me, &c.turn.after, -1, refine) {
                put(&mut cands, &c.turn.after, v, depth, true);
            }
            if named {
                chosen = settle(self, &mut s, me, &mut cands, deepest);
            }
        }
        let first = cands.get(chosen).map_or(0, |c| c.v);
        let ranked = cands.iter().enumerate().map(|(i, c)| (c.v, i)).collect();
        hint_list((first, chosen), ranked, &names, &cells)
    }

    /// The review of the turn record `record` (`2/3 b3-d3 f6>h6`) played from `game` at the start of
    /// a turn: the turn played against the best for its dice, and the luck of the dice.
    pub(crate) fn jokerball_review(
        &mut self,
        game: &Game,
        record: &str,
    ) -> Result<Step, PlayError> {
        let illegal = || PlayError::Illegal(Illegal::new(record));
        let (dice, played) = record
            .split_once(' ')
            .ok_or_else(|| ParseError::new("a turn record needs its dice"))?;
        let mut g = Game::from_start(*game.position(), None);
        let d = crate::jokerball::parse_dice(dice).ok_or_else(illegal)?;
        g.set_dice(d.distance, d.direction).map_err(|_| illegal())?;
        let (best, win, cells, chose) = if matches!(g.phase(), Phase::Man | Phase::Ball) {
            let ranked = self.ranked_turns(&g, Some(played));
            let mine = ranked
                .iter()
                .find(|e| e.name == played)
                .ok_or_else(illegal)?;
            let (win, cells) = (mine.win, mine.cells.clone());
            let chose = ranked.len() > 1;
            let best = ranked.into_iter().next().ok_or_else(illegal)?;
            (best, win, cells, chose)
        } else {
            // No move for these dice: the turn record names no cell.
            let v = pass_value(self, &g);
            let best = Ranked {
                win: v,
                name: played.to_string(),
                cells: Vec::new(),
            };
            (best, v, Vec::new(), false)
        };
        let luck = self.jokerball_luck(game.position(), d).map_or(0.0, |l| l.0);
        let mut best_text = dice.to_string();
        best_text.push(' ');
        best_text.push_str(&best.name);
        Ok(Step {
            win,
            best: best_text,
            best_cells: best.cells,
            cells,
            best_win: best.win,
            luck: Some(luck),
            chose,
        })
    }
}
