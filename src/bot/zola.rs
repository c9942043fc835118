//! Zola search: negamax alpha-beta with iterative deepening under a node budget, captures searched
//! first, the previous iteration's best move first at the root, root ties broken by a seeded shuffle.
//!
//! Evaluation (for the side to move): material, then the checkers' distance from the centre (a checker
//! far out can capture inward along many lines and can only be captured from as far out).
#![allow(
    clippy::indexing_slicing,
    reason = "board tables indexed by square numbers below the board size, in the search hot path"
)]

use super::{Bot, Level};
use crate::engine::Engine;
use crate::zola::{movegen, Game, Move, MoveList, Position};

/// The value of a won game (minus the plies needed to win it).
const WIN: i32 = 1_000_000;

/// Material weight per checker.
const CHECKER: i32 = 100;

/// The node budget of a level.
fn budget(level: Level) -> u64 {
    match level {
        Level::Easy => 1_500,
        Level::Medium => 20_000,
        Level::Hard => 150_000,
    }
}

/// The static value of `pos` for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let me = pos.turn();
    let g = pos.size().geometry();
    let n = i32::from(pos.size().n());
    let max = 2 * (n - 1) * (n - 1);
    let mut v = CHECKER * (pos.count(me) as i32 - pos.count(me.other()) as i32);
    for (p, sign) in [(me, 1), (me.other(), -1)] {
        let mut bits = pos.checkers(p);
        let mut d = 0i32;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            d += i32::from(g.dist.get(i).copied().unwrap_or(0));
        }
        v += sign * d * 12 / max;
    }
    v
}

/// Search state: one reusable move list per ply.
struct Search<'a> {
    bot: &'a mut Bot,
    lists: Vec<MoveList>,
}

impl Search<'_> {
    /// Negamax value of `pos` for the side to move, `depth` plies deep, within `(alpha, beta)`.
    fn negamax(
        &mut self,
        pos: &Position,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if !self.bot.work(1) {
            return 0;
        }
        if depth == 0 {
            return evaluate(pos);
        }
        while self.lists.len() <= ply {
            self.lists.push(MoveList::new());
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        movegen::generate(pos, &mut list);
        if list.is_empty() {
            // A pass (RULES 2.2): the opponent moves; the rules guarantee one of the two can.
            let mut p = *pos;
            p.apply(Move::Pass);
            self.lists[ply] = list;
            return -self.negamax(&p, depth - 1, ply + 1, -beta, -alpha);
        }
        let mut best = -WIN;
        // Captures first.
        for pass in [true, false] {
            for &m in list.iter() {
                if m.is_capture() != pass {
                    continue;
                }
                let mut p = *pos;
                p.apply(m);
                let v = if p.count(p.turn()) == 0 {
                    WIN - ply as i32
                } else {
                    -self.negamax(&p, depth - 1, ply + 1, -beta, -alpha)
                };
                if self.bot.stopped {
                    self.lists[ply] = list;
                    return 0;
                }
                if v > best {
                    best = v;
                    if v > alpha {
                        alpha = v;
                        if alpha >= beta {
                            self.lists[ply] = list;
                            return best;
                        }
                    }
                }
            }
        }
        self.lists[ply] = list;
        best
    }
}

/// The root search: iterative deepening until the budget is spent; returns the best move and its value
/// from the last completed depth.
fn search(bot: &mut Bot, pos: &Position, limit: u64) -> Option<(Move, i32)> {
    let mut list = MoveList::new();
    movegen::generate(pos, &mut list);
    let mut moves: Vec<Move> = list.iter().copied().collect();
    if moves.is_empty() {
        return None;
    }
    bot.shuffle(&mut moves);
    // Captures first (stable: the shuffle breaks ties).
    let mut ordered: Vec<Move> = moves.iter().copied().filter(|m| m.is_capture()).collect();
    ordered.extend(moves.iter().copied().filter(|m| !m.is_capture()));
    let mut moves = ordered;
    bot.start_search();
    let mut best = (moves[0], evaluate_after(pos, moves[0]));
    let mut s = Search {
        bot,
        lists: Vec::new(),
    };
    for depth in 1..64u32 {
        let mut alpha = -WIN - 1;
        let mut iter_best: Option<(Move, i32)> = None;
        for &m in &moves {
            let mut p = *pos;
            p.apply(m);
            let v = if p.count(p.turn()) == 0 {
                WIN
            } else {
                -s.negamax(&p, depth - 1, 1, -WIN - 1, -alpha)
            };
            if s.bot.stopped {
                break;
            }
            if v > alpha {
                alpha = v;
                iter_best = Some((m, v));
            }
        }
        if s.bot.stopped {
            break;
        }
        let Some(ib) = iter_best else { break };
        best = ib;
        if ib.1 >= WIN - 64 || s.bot.nodes >= limit {
            break;
        }
        // Search the best move first next time.
        if let Some(i) = moves.iter().position(|&m| m == ib.0) {
            let m = moves.remove(i);
            moves.insert(0, m);
        }
        // Budget: stop early when the next depth cannot finish (it costs several times this one).
        if s.bot.nodes.saturating_mul(4) > limit {
            break;
        }
    }
    Some(best)
}

fn evaluate_after(pos: &Position, m: Move) -> i32 {
    let mut p = *pos;
    p.apply(m);
    -evaluate(&p)
}

impl Bot {
    /// The bot's move in a Zola game (`None` when the game is over). With the pie rule, it answers
    /// `swap` when the position after the first move is worse for the side to move.
    pub fn choose_zola(&mut self, game: &Game) -> Option<Move> {
        if game.phase() == crate::zola::Phase::Over {
            return None;
        }
        let limit = budget(self.level);
        let (m, v) = search(self, game.position(), limit)?;
        if game.can_swap() && v < 0 {
            return Some(Move::Swap);
        }
        Some(m)
    }

    /// The bot's estimate of the chance that the side to move in `pos` wins (from a short search).
    pub fn zola_win_chance(&mut self, pos: &Position) -> f64 {
        if pos.count(pos.turn().other()) == 0 {
            return 1.0;
        }
        if pos.count(pos.turn()) == 0 {
            return 0.0;
        }
        let v = search(self, pos, budget(Level::Easy)).map_or(0, |r| r.1);
        if v >= WIN - 64 {
            return 1.0;
        }
        if v <= -WIN + 64 {
            return 0.0;
        }
        super::jokerball::logistic(f64::from(v) / ZOLA_SCALE)
    }
}

/// The scale of the logistic mapping a Zola search value to a winning chance.
pub const ZOLA_SCALE: f64 = 150.0;
