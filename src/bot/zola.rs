//! Zola search over the learned evaluation ([`super::zola_eval`]): negamax alpha-beta with iterative
//! deepening under a budget of work (searched positions), captures first, the previous iteration's
//! best move first at the root, root ties broken by a seeded shuffle. Values are the network's logits
//! (integers; a won game is worth more than any logit, sooner more than later).
#![allow(
    clippy::indexing_slicing,
    reason = "move lists indexed by ply below the search depth"
)]

use super::base::{Bot, Level};
use super::net::{sigmoid, Inputs, Net, P_ONE};
use super::rank::{hint_list, Ranked, Step};
use super::zola_eval;
use crate::engine::Engine;
use crate::error::{Illegal, PlayError};
use crate::zola::{move_cells, write_move};
use crate::zola::{Game, Move, MoveList, Position};

/// The value of a won game (minus the plies needed to win it); logits stay far below it.
const WIN: i32 = 1 << 24;

/// The work budget of a level (searched positions), and the deepest search (plies).
fn budget(level: Level) -> (u64, u32) {
    match level {
        Level::Easy => (u64::MAX, 1),
        Level::Medium => (4_000, 64),
        Level::Hard => (40_000, 64),
    }
}

/// The network of the Zola evaluation.
fn net() -> &'static Net {
    &super::base::nets().zola
}

/// Search state: one reusable move list per ply, the evaluation's scratch.
struct Search<'a> {
    bot: &'a mut Bot,
    net: &'a Net,
    lists: Vec<MoveList>,
    x: Inputs,
    scratch: MoveList,
}

impl<'a> Search<'a> {
    fn new(bot: &'a mut Bot) -> Search<'a> {
        Search {
            bot,
            net: net(),
            lists: Vec::new(),
            x: Inputs::with_capacity(8, zola_eval::DENSE),
            scratch: MoveList::new(),
        }
    }

    /// The value for the side to move in `pos` of its move `m`, searched `depth - 1` plies after it
    /// within `(alpha, beta)` (a move that takes the last checker wins).
    fn root_move(&mut self, pos: &Position, m: Move, depth: u32, alpha: i32, beta: i32) -> i32 {
        let mut p = *pos;
        p.apply(m);
        if p.count(p.turn()) == 0 {
            WIN
        } else {
            -self.negamax(&p, depth - 1, 1, -beta, -alpha)
        }
    }

    /// The static value of `pos` for the side to move (both sides on the board).
    fn evaluate(&mut self, pos: &Position) -> i32 {
        zola_eval::logit(self.net, pos, &mut self.x, &mut self.scratch)
    }

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
            return self.evaluate(pos);
        }
        while self.lists.len() <= ply {
            self.lists.push(MoveList::new());
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        pos.moves(&mut list);
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

/// The root search: iterative deepening until the budget is spent or `max_depth` is searched; returns
/// the best move and its value from the last completed depth.
fn search(bot: &mut Bot, pos: &Position, limit: u64, max_depth: u32) -> Option<(Move, i32, u32)> {
    let mut list = MoveList::new();
    pos.moves(&mut list);
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
    let mut s = Search::new(bot);
    let mut best = None;
    for depth in 1..=max_depth {
        let mut alpha = -WIN - 1;
        let mut iter_best: Option<(Move, i32, u32)> = None;
        for &m in &moves {
            let v = s.root_move(pos, m, depth, alpha, WIN + 1);
            if s.bot.stopped {
                break;
            }
            if v > alpha {
                alpha = v;
                iter_best = Some((m, v, depth));
            }
        }
        if s.bot.stopped && best.is_some() {
            break;
        }
        let Some(ib) = iter_best else { break };
        best = Some(ib);
        if ib.1 >= WIN - 64 || ib.1 <= -WIN + 64 || s.bot.nodes >= limit {
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
    best.or_else(|| moves.first().map(|&m| (m, 0, 0)))
}

impl Bot {
    /// The bot's move in a Zola game (`None` when the game is over). With the pie rule, it answers
    /// `swap` when the position after the first move is worse for the side to move.
    pub fn choose_zola(&mut self, game: &Game) -> Option<Move> {
        if game.phase() == crate::zola::Phase::Over {
            return None;
        }
        let (limit, depth) = budget(self.level);
        let (m, v, _) = search(self, game.position(), limit, depth)?;
        if game.can_swap() && v < 0 {
            return Some(Move::Swap);
        }
        Some(m)
    }

    /// The bot's estimate of the chance that the side to move in `pos` wins: the best move's value by
    /// the learned evaluation (`easy`: one ply, a win at once certain), or the value of a short search
    /// (`medium`, `hard`; a win or loss it finds is certain).
    pub fn zola_win_chance(&mut self, pos: &Position) -> f64 {
        f64::from(self.zola_value(pos)) / f64::from(P_ONE)
    }

    /// [`Bot::zola_win_chance`] in units of [`P_ONE`].
    pub fn zola_value(&mut self, pos: &Position) -> i32 {
        if pos.count(pos.turn().other()) == 0 {
            return P_ONE;
        }
        if pos.count(pos.turn()) == 0 {
            return 0;
        }
        let mut list = MoveList::new();
        pos.moves(&mut list);
        if list.is_empty() {
            // No move: the side to move passes (the rules guarantee that the other side can move).
            let mut p = *pos;
            p.apply(Move::Pass);
            if !p.has_move() {
                return P_ONE / 2;
            }
            return P_ONE - self.zola_value(&p);
        }
        if self.level == Level::Easy {
            let mut x = Inputs::with_capacity(8, zola_eval::DENSE);
            let mut scratch = MoveList::new();
            let mut best = 0;
            for &m in list.iter() {
                let mut p = *pos;
                p.apply(m);
                let v = if p.count(p.turn()) == 0 {
                    P_ONE
                } else {
                    P_ONE - zola_eval::value(net(), &p, &mut x, &mut scratch)
                };
                best = best.max(v);
            }
            return best;
        }
        chance_of(search(self, pos, budget(Level::Medium).0, 64).map_or(0, |r| r.1))
    }
}

/// A search value for the side to move as a chance in units of [`P_ONE`] (a win or loss found is
/// certain).
fn chance_of(v: i32) -> i32 {
    if v >= WIN - 64 {
        P_ONE
    } else if v <= -WIN + 64 {
        0
    } else {
        sigmoid(v)
    }
}

/// The exact value of every move of `pos` for the side to move, `depth` plies deep (full windows: no
/// value is a bound), as the root search compares them.
fn root_values(bot: &mut Bot, pos: &Position, moves: &[Move], depth: u32) -> Vec<i32> {
    bot.start_search();
    let mut s = Search::new(bot);
    moves
        .iter()
        .map(|&m| s.root_move(pos, m, depth.max(1), -WIN - 1, WIN + 1))
        .collect()
}

impl Bot {
    /// The ranked moves of `game` (see [`Bot::hint`]): each valued at the depth the bot's own search
    /// completed (one ply at `easy`), so that its choice is also the best of the list.
    pub(crate) fn zola_hint(&mut self, game: &Game) -> Vec<Ranked> {
        if game.phase() == crate::zola::Phase::Over {
            return Vec::new();
        }
        let pos = *game.position();
        let size = game.size();
        let mut list = MoveList::new();
        pos.moves(&mut list);
        let mut names: Vec<String> = list.iter().map(|&m| write_move(size, m)).collect();
        let mut cells: Vec<Vec<String>> = list.iter().map(|&m| move_cells(size, m)).collect();
        let moves: Vec<Move> = list.iter().copied().collect();
        // The search choose_zola makes (the same shuffle), then every move at its depth.
        let (limit, depth) = budget(self.level);
        let Some((m, v, depth)) = search(self, &pos, limit, depth) else {
            return Vec::new();
        };
        let values = root_values(self, &pos, &moves, depth);
        let mut ranked: Vec<(i32, usize)> = values.into_iter().map(chance_of).zip(0..).collect();
        let best = ranked.iter().map(|e| e.0).max().unwrap_or(P_ONE / 2);
        // The bot's move is the best at that depth (unless a deadline cut its search short).
        let at = moves.iter().position(|&x| x == m);
        let own = at.and_then(|i| ranked.get(i));
        let mut first = (own.map_or(best, |e| e.0), at.unwrap_or(usize::MAX));
        if game.can_swap() {
            // Swapping takes the other side of this position: the side to move's best, from there.
            names.push(write_move(size, Move::Swap));
            cells.push(move_cells(size, Move::Swap));
            ranked.push((P_ONE - best, names.len() - 1));
            if v < 0 {
                first = (P_ONE - best, names.len() - 1);
            }
        }
        hint_list(first, ranked, &names, &cells)
    }

    /// The review of the move `record` played from `game`: the move against the best one.
    pub(crate) fn zola_review(&mut self, game: &Game, record: &str) -> Result<Step, PlayError> {
        let ranked = self.zola_hint(game);
        let played = ranked
            .iter()
            .find(|e| e.name == record)
            .ok_or_else(|| PlayError::Illegal(Illegal::new(record)))?;
        let (win, cells) = (played.win, played.cells.clone());
        let chose = ranked.len() > 1;
        let best = ranked.into_iter().next().unwrap_or(Ranked {
            win,
            name: String::new(),
            cells: Vec::new(),
        });
        Ok(Step {
            win,
            best: best.name,
            best_cells: best.cells,
            cells,
            best_win: best.win,
            luck: None,
            chose,
        })
    }
}
