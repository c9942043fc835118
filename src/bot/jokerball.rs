//! Jokerball search: expectimax over complete turns (man move then ball move, the dice known), with the
//! opponent's next roll as the chance node.
//!
//! - Every complete turn of the bot is scored by a one-ply evaluation that is exact about the
//!   opponent's immediate chances: over all of the opponent's dice, can it put the ball through the
//!   bot's goal (after its best man move), or is it forced through its own?
//! - The best candidates are then searched two plies: for each roll of the opponent (the chance node),
//!   the opponent's best complete turn, scored by a cheap static evaluation from the bot's side.
//! - The work (evaluated positions) is bounded by the level's budget.
//!
//! The evaluation (values for the side to move, in units where a certain win is [`WIN`]) counts the
//! ball's open lines to each goal, the lines blocked by a single man, the ball's row, material, and
//! the men guarding each goal (own men on the own home row, less the opponent's on its home row).
#![allow(
    clippy::indexing_slicing,
    reason = "board tables indexed by cell numbers below the board size, in the search hot path"
)]

use super::{Bot, Level};
use crate::engine::Engine;
use crate::hex::HexDirection;
use crate::jokerball::{
    ball_direction, Dest, Game, Geometry, Move, MoveKind, MoveList, Phase, Position, Step,
};
use crate::player::{Player, Player::Red};

/// The value of a certain win.
pub const WIN: i32 = 6000;

/// Weights of the static evaluation (tuned by self-play against the greedy and the random player:
/// bench/bot/RESULTS.md).
#[derive(Debug, Clone, Copy)]
pub struct Weights {
    /// Per row of the ball's progress toward the opponent's goal.
    pub row: i32,
    /// Per man more than the opponent.
    pub man: i32,
    /// A forward line of the side to move blocked by one own man only.
    pub own_block: i32,
    /// A line of the opponent toward our goal that is open (after our move the ball moves, so small).
    pub their_open: i32,
    /// Per own man on the own home row (guarding our goal), less per opponent's man on its home row.
    pub guard: i32,
    /// A forward line on which the ball can stop on the opponent's home row (half of it, against us,
    /// for the opponent's lines to ours).
    pub reach: i32,
}

/// The weights used by the bot.
pub const WEIGHTS: Weights = Weights {
    row: 60,
    man: 45,
    own_block: 260,
    their_open: 180,
    guard: 120,
    reach: 300,
};

/// A complete rest of a turn: its man move (if any), its ball move (if any) and the position after it
/// (the turn ended: the opponent to move, or the game won).
#[derive(Debug, Clone, Copy)]
struct Turn {
    man: Option<Move>,
    ball: Option<Move>,
    after: Position,
}

/// Men on the ball's line in `dir` (counted up to 2) and the goal it reaches, if any.
#[inline]
fn line(pos: &Position, g: &Geometry, from: u8, dir: HexDirection) -> (u8, Option<Player>, u8) {
    let mut cur = from;
    let mut men = 0u8;
    let mut first_man = u8::MAX;
    loop {
        match g.step[usize::from(cur)][dir.index()] {
            Step::Cell(next) => {
                if pos.piece(next).is_some() {
                    if men == 0 {
                        first_man = next;
                    }
                    men += 1;
                    if men >= 2 {
                        return (men, None, first_man);
                    }
                }
                cur = next;
            }
            Step::Wall => return (men, None, first_man),
            Step::Goal(p) => return (men, Some(p), first_man),
        }
    }
}

/// Which of the mover's two forward ball faces (3, 4) would carry the ball off through the
/// opponent's goal now (bit 0: face 3, bit 1: face 4).
#[inline]
fn open_mask(pos: &Position, g: &Geometry, ball: u8, me: Player) -> u8 {
    let mut mask = 0;
    for (i, face) in [3u8, 4].into_iter().enumerate() {
        let (men, goal, _) = line(pos, g, ball, ball_direction(me, face));
        if men == 0 && goal == Some(me.other()) {
            mask |= 1 << i;
        }
    }
    mask
}

/// The side to move's immediate chances over all its rolls: (winning rolls, rolls forcing an own goal,
/// all rolls). Exact: a roll wins when some man move (or none, when there is none) leaves a forward
/// line open to the opponent's goal.
fn immediate(pos: &Position, men: &mut MoveList) -> (i32, i32, i32) {
    let g = pos.geometry();
    let size = i32::from(g.size);
    let total = 6 * size;
    let Some(ball) = pos.ball() else {
        return (0, 0, total);
    };
    let me = pos.turn();
    let mut wins = 0;
    for k in 1..=g.size {
        men.clear();
        pos.man_moves(k, men);
        let mut mask = 0u8;
        if men.is_empty() {
            mask = open_mask(pos, g, ball, me);
        } else {
            for &m in men.iter() {
                let mut p = *pos;
                p.apply(m);
                mask |= open_mask(&p, g, ball, me);
                if mask == 3 {
                    break;
                }
            }
        }
        wins += mask.count_ones() as i32;
    }
    let mut losses = 0;
    for face in [1u8, 6] {
        if g.step[usize::from(ball)][ball_direction(me, face).index()] == Step::Goal(me) {
            losses += size;
        }
    }
    (wins, losses, total)
}

/// Rows of progress of the ball toward `me`'s target goal (0 on `me`'s home row).
#[inline]
fn progress(g: &Geometry, ball: u8, me: Player) -> i32 {
    let row = i32::from(g.row_of[usize::from(ball)]);
    if me == Red {
        i32::from(g.rows) - 1 - row
    } else {
        row
    }
}

/// Whether the ball, moving from `from` along `dir` through empty cells, can stop on row `row`.
fn reaches_row(pos: &Position, g: &Geometry, from: u8, dir: HexDirection, row: u8) -> bool {
    let mut cur = from;
    while let Step::Cell(next) = g.step[usize::from(cur)][dir.index()] {
        if pos.piece(next).is_some() {
            return false;
        }
        if g.row_of[usize::from(next)] == row {
            return true;
        }
        cur = next;
    }
    false
}

/// The slow-changing part of the evaluation, for the side to move: ball row, material, guards, the
/// opponent's open lines.
fn positional(pos: &Position, w: &Weights) -> i32 {
    let g = pos.geometry();
    let me = pos.turn();
    let Some(ball) = pos.ball() else { return 0 };
    let mid = (i32::from(g.rows) - 1) / 2;
    let mut v = w.row * (progress(g, ball, me) - mid);
    v += w.man * (pos.men(me) as i32 - pos.men(me.other()) as i32);
    for face in [3u8, 4] {
        let (men, goal, _) = line(pos, g, ball, ball_direction(me.other(), face));
        if men == 0 && goal == Some(me) {
            v -= w.their_open;
        }
    }
    let home = if me == Red { g.rows - 1 } else { 0 };
    let their_home = g.rows - 1 - home;
    // Lines on which the ball can be stopped on a home row, where its owner then faces a forced own
    // goal on two faces in six.
    for face in [3u8, 4] {
        if reaches_row(pos, g, ball, ball_direction(me, face), their_home) {
            v += w.reach;
        }
        if reaches_row(pos, g, ball, ball_direction(me.other(), face), home) {
            v -= w.reach / 2;
        }
    }
    // Guards: own men on the own home row, less the opponent's on its home row.
    for (row, who, sign) in [(home, me, 1), (their_home, me.other(), -1)] {
        let start = usize::from(g.row_start[usize::from(row)]);
        let len = usize::from(g.row_len[usize::from(row)]);
        for cell in start..start + len {
            if pos.piece(cell as u8) == Some(crate::jokerball::Piece::Man(who)) {
                v += sign * w.guard;
            }
        }
    }
    v
}

/// The full evaluation for the side to move (before its roll): exact immediate chances, then the
/// positional value for the rolls that neither win nor lose at once.
fn eval_full(pos: &Position, men: &mut MoveList, w: &Weights) -> i32 {
    if let Some(win) = pos.winner() {
        return if win == pos.turn() { WIN } else { -WIN };
    }
    let (wins, losses, total) = immediate(pos, men);
    let rest = total - wins - losses;
    (WIN * (wins - losses) + rest * positional(pos, w)) / total
}

/// The cheap evaluation for the side to move: its open forward lines (each about one roll in six),
/// lines blocked by one own man, a forced own goal, then the positional value.
fn eval_cheap(pos: &Position, w: &Weights) -> i32 {
    if let Some(win) = pos.winner() {
        return if win == pos.turn() { WIN } else { -WIN };
    }
    let g = pos.geometry();
    let me = pos.turn();
    let Some(ball) = pos.ball() else { return 0 };
    let mut sixths = 0;
    let mut v = 0;
    for face in [3u8, 4] {
        let (men, goal, first) = line(pos, g, ball, ball_direction(me, face));
        if goal == Some(me.other()) {
            if men == 0 {
                sixths += 1;
            } else if men == 1 && pos.piece(first) == Some(crate::jokerball::Piece::Man(me)) {
                v += w.own_block;
            }
        }
    }
    for face in [1u8, 6] {
        if g.step[usize::from(ball)][ball_direction(me, face).index()] == Step::Goal(me) {
            sixths -= 1;
        }
    }
    (WIN * sixths + (6 - sixths.abs()) * (positional(pos, w) + v)) / 6
}

/// Appends every complete rest of the turn of `pos` for these dice; `man_phase` says whether the man
/// move is still to come.
fn turns(
    pos: &Position,
    distance: u8,
    direction: u8,
    man_phase: bool,
    lists: &mut Lists,
    out: &mut Vec<Turn>,
) {
    let push_balls =
        |p: &Position, man: Option<Move>, balls: &mut MoveList, out: &mut Vec<Turn>| {
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
        lists.men.clear();
        pos.man_moves(distance, &mut lists.men);
        if lists.men.is_empty() {
            push_balls(pos, None, &mut lists.balls, out);
        }
        for &m in lists.men.iter() {
            let mut p = *pos;
            p.apply(m);
            push_balls(&p, Some(m), &mut lists.balls, out);
        }
    } else {
        push_balls(pos, None, &mut lists.balls, out);
    }
}

/// Scratch move lists reused by a search (a `MoveList` is large; no allocation per node).
struct Lists {
    men: MoveList,
    balls: MoveList,
    scratch: MoveList,
    replies: Vec<Turn>,
}

impl Lists {
    fn new() -> Box<Lists> {
        Box::new(Lists {
            men: MoveList::new(),
            balls: MoveList::new(),
            scratch: MoveList::new(),
            replies: Vec::with_capacity(1024),
        })
    }
}

/// The level's budget of two-ply work (evaluated leaves) and the most candidates searched two plies.
fn budget(level: Level) -> (u64, usize) {
    match level {
        Level::Easy => (10_000, 3),
        Level::Medium => (80_000, 8),
        Level::Hard => (1_500_000, 40),
    }
}

/// The two-ply value of `after` (the opponent to move) for the bot: the mean over the opponent's rolls
/// of the bot's cheap value after the opponent's best complete turn. `None` if the search was stopped.
fn two_ply(
    bot: &mut Bot,
    after: &Position,
    lists: &mut Lists,
    w: &Weights,
    exact: bool,
) -> Option<i32> {
    if let Some(win) = after.winner() {
        return Some(if win == after.turn() { -WIN } else { WIN });
    }
    let size = after.size();
    let mut sum = 0i64;
    let mut replies = std::mem::take(&mut lists.replies);
    for distance in 1..=size {
        for direction in 1..=6u8 {
            replies.clear();
            turns(after, distance, direction, true, lists, &mut replies);
            let mut worst = i32::MAX;
            let mut worst_at = None;
            for t in &replies {
                // The bot's value after the opponent's turn (the bot to move, or the game over).
                let v = match t.after.winner() {
                    Some(p) if p == after.turn() => -WIN,
                    Some(_) => WIN,
                    None => eval_cheap(&t.after, w),
                };
                if v < worst {
                    worst = v;
                    worst_at = Some(t.after);
                }
                if worst == -WIN {
                    break;
                }
            }
            // With `exact` leaves, the opponent's chosen reply is scored again, exact about the
            // bot's immediate chances.
            if let (true, Some(p)) = (exact, worst_at) {
                if p.winner().is_none() {
                    worst = eval_full(&p, &mut lists.scratch, w);
                    bot.work(20);
                }
            }
            if worst == i32::MAX {
                worst = 0;
            }
            sum += i64::from(worst);
            if !bot.work(replies.len() as u64) {
                lists.replies = replies;
                return None;
            }
        }
    }
    lists.replies = replies;
    let n = i64::from(size) * 6;
    Some((sum / n) as i32)
}

/// The turn the bot plays from `game` (phase man or ball), with the static weights `w`.
fn best_turn(bot: &mut Bot, game: &Game, w: &Weights) -> Option<Turn> {
    let dice = game.dice()?;
    let man_phase = match game.phase() {
        Phase::Man => true,
        Phase::Ball => false,
        _ => return None,
    };
    bot.start_search();
    let me = game.turn();
    let mut lists = Lists::new();
    let mut cands = Vec::new();
    turns(
        game.position(),
        dice.distance,
        dice.direction,
        man_phase,
        &mut lists,
        &mut cands,
    );
    if cands.is_empty() {
        return None;
    }
    bot.shuffle(&mut cands);
    // One ply: exact about the opponent's immediate chances.
    let mut scored: Vec<(i32, Turn)> = Vec::with_capacity(cands.len());
    for t in cands {
        let v = match t.after.winner() {
            Some(p) if p == me => WIN,
            Some(_) => -WIN,
            None => -eval_full(&t.after, &mut lists.scratch, w),
        };
        bot.work(1);
        scored.push((v, t));
    }
    // Best first; equal values keep the shuffled order (a plain insertion sort: stable, and small in
    // the wasm).
    for i in 1..scored.len() {
        let mut j = i;
        while j > 0 && scored[j - 1].0 < scored[j].0 {
            scored.swap(j - 1, j);
            j -= 1;
        }
    }
    let first = scored.first().copied()?;
    let (limit, width) = budget(bot.level);
    if first.0 >= WIN || width == 0 {
        return Some(first.1);
    }
    let mut best: Option<(i32, Turn)> = None;
    for &(v1, t) in scored.iter().take(width) {
        if v1 <= -WIN || (best.is_some() && bot.nodes >= limit) {
            break;
        }
        let Some(v2) = two_ply(bot, &t.after, &mut lists, w, bot.level == Level::Hard) else {
            break;
        };
        if best.is_none_or(|(b, _)| v2 > b) {
            best = Some((v2, t));
        }
    }
    Some(best.map_or(first.1, |b| b.1))
}

impl Bot {
    /// The bot's move in a Jokerball game in phase man or ball (`None` in phases roll and over): the
    /// first move of the best complete turn.
    pub fn choose_jokerball(&mut self, game: &Game) -> Option<Move> {
        self.choose_jokerball_with(game, &WEIGHTS)
    }

    /// As [`Bot::choose_jokerball`] with other evaluation weights (for tuning by self-play).
    pub fn choose_jokerball_with(&mut self, game: &Game, w: &Weights) -> Option<Move> {
        let t = best_turn(self, game, w)?;
        match (game.phase(), t.man) {
            (Phase::Man, Some(m)) => Some(m),
            _ => t.ball,
        }
    }

    /// The bot's estimate of the chance that the side to move in `pos` (before its roll) wins the game.
    pub fn jokerball_win_chance(&mut self, pos: &Position) -> f64 {
        if let Some(w) = pos.winner() {
            return if w == pos.turn() { 1.0 } else { 0.0 };
        }
        let mut men = MoveList::new();
        let (wins, losses, total) = immediate(pos, &mut men);
        let rest = f64::from(total - wins - losses) / f64::from(total);
        let later = logistic(f64::from(positional(pos, &WEIGHTS)) / WIN_SCALE);
        f64::from(wins) / f64::from(total) + rest * later
    }
}

/// The scale of the logistic that maps the positional value to a winning chance (fitted by self-play).
pub const WIN_SCALE: f64 = 2000.0;

/// A sigmoid from the real line onto `(0, 1)`: `(1 + x / (1 + |x|)) / 2` (no `exp` in the wasm; the
/// scales that feed it are fitted for this shape).
pub fn logistic(x: f64) -> f64 {
    0.5 + 0.5 * x / (1.0 + x.abs())
}

/// Whether a ball move leaves the board through `player`'s goal.
pub fn leaves_through(m: &Move, player: Player) -> bool {
    m.kind == MoveKind::Ball && m.to == Dest::Off(player)
}
