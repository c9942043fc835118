//! The computer opponent: evaluations learned by self-play ([`learn`], the integer network [`net`],
//! the inputs [`jokerball_eval`] and [`zola_eval`]), expectimax over them for Jokerball
//! ([`jokerball`]), alpha-beta for Zola ([`zola`]), and cube decisions from a match equity table
//! ([`cube`]).
//!
//! Levels are budgets of work (evaluated positions), never of time, so the same seed, level and
//! position give the same choice on any machine. An optional deadline (a closure the caller supplies,
//! e.g. from a wall clock in the binding layer) may cut a search short; it gives up that guarantee.
//! Ties between equally good moves are broken by a seeded generator.

pub mod analysis;
pub mod cube;
pub mod jokerball;
pub mod jokerball_eval;
pub mod learn;
pub mod net;
pub mod zola;
pub mod zola_eval;

pub use analysis::{Choice, Entry, Evaluation, Review, Totals};
pub use cube::{match_equity, CubeAction, MatchEquity};

use std::sync::OnceLock;

use crate::dice::{DiceRng, Seed};
use crate::engine::Engine;
use crate::player::ByPlayer;
use net::Net;

/// The learned networks, quantised (written by `make train`; the format is in [`net`]).
static WEIGHTS: &[u8] = include_bytes!("weights.bin");

/// The bot's networks.
#[derive(Debug)]
pub struct Nets {
    /// Jokerball's ([`jokerball_eval`]).
    pub jokerball: Net,
    /// Zola's ([`zola_eval`]).
    pub zola: Net,
}

/// The embedded networks, read on first use.
pub fn nets() -> &'static Nets {
    static NETS: OnceLock<Nets> = OnceLock::new();
    NETS.get_or_init(|| {
        let mut nets = Nets {
            jokerball: Net::constant(jokerball_eval::INPUTS),
            zola: Net::constant(zola_eval::INPUTS),
        };
        for (kind, net) in net::read_weights(WEIGHTS).unwrap_or_default() {
            match kind {
                0 if net.n_in == jokerball_eval::INPUTS => nets.jokerball = net,
                1 if net.n_in == zola_eval::INPUTS => nets.zola = net,
                _ => {}
            }
        }
        nets
    })
}

/// A playing strength: a search budget counted in work.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Level {
    /// A shallow search: quick, beatable.
    Easy,
    /// A moderate budget.
    #[default]
    Medium,
    /// The largest budget.
    Hard,
}

impl Level {
    /// Reads `"easy"`, `"medium"` or `"hard"`.
    pub fn from_name(name: &str) -> Option<Level> {
        match name {
            "easy" => Some(Level::Easy),
            "medium" => Some(Level::Medium),
            "hard" => Some(Level::Hard),
            _ => None,
        }
    }

    /// The level's name as the API writes it.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

/// A deadline check: returns `true` once the search must stop.
pub type Deadline = Box<dyn FnMut() -> bool>;

/// The computer opponent: a level, a seeded generator for tie-breaking, and an optional deadline.
pub struct Bot {
    level: Level,
    rng: DiceRng,
    deadline: Option<Deadline>,
    /// Work done by the current search (evaluated positions).
    nodes: u64,
    stopped: bool,
    /// The Jokerball turn planned in phase man, for the ball phase.
    plan: Option<jokerball::Plan>,
    /// A Jokerball search other than the level's.
    jokerball_budget: Option<jokerball::Budget>,
}

impl std::fmt::Debug for Bot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Bot(")?;
        f.write_str(self.level.name())?;
        f.write_str(")")
    }
}

/// The seed of a bot made without one (fixed: an unseeded bot is still reproducible).
const DEFAULT_SEED: u32 = 0x05ee_db07;

impl Bot {
    /// A bot of this level; ties are broken by a generator seeded with `seed` (a fixed seed without one).
    pub fn new(level: Level, seed: Option<&Seed>) -> Bot {
        let rng = DiceRng::from_seed(seed.unwrap_or(&Seed::Number(DEFAULT_SEED)));
        Bot {
            level,
            rng,
            deadline: None,
            nodes: 0,
            stopped: false,
            plan: None,
            jokerball_budget: None,
        }
    }

    /// The level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Sets (or removes) the deadline checked during searches.
    pub fn set_deadline(&mut self, deadline: Option<Deadline>) {
        self.deadline = deadline;
    }

    /// The work done by the last search (evaluated positions), for benchmarks.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn start_search(&mut self) {
        self.nodes = 0;
        self.stopped = false;
    }

    /// Counts `n` units of work; checks the deadline every 1024 units. Returns `true` to go on.
    #[inline]
    fn work(&mut self, n: u64) -> bool {
        let before = self.nodes;
        self.nodes += n;
        if (before >> 10) != (self.nodes >> 10) {
            if let Some(d) = self.deadline.as_mut() {
                if d() {
                    self.stopped = true;
                }
            }
        }
        !self.stopped
    }

    /// A uniform index below `n` (`n >= 1`) from the tie-breaking generator.
    fn pick(&mut self, n: usize) -> usize {
        self.rng.below(u32::try_from(n).unwrap_or(u32::MAX)) as usize
    }

    /// The bot's move in any game now (`None` when there is nothing to choose: Jokerball's phases roll
    /// and over, a finished Zola game).
    pub fn choose_move<G: Engine>(&mut self, game: &G) -> Option<G::Move> {
        game.bot_choice(self)
    }

    /// The bot's estimate of the chance that the player to move in `game` wins it (after the game, 1
    /// for the winner: the player who moved last).
    pub fn win_chance<G: Engine>(&mut self, game: &G) -> f64 {
        if let Some(w) = game.winner() {
            return if w == game.turn() { 1.0 } else { 0.0 };
        }
        game.bot_win_chance(self)
    }

    /// Each player's chance of winning the game (they sum to 1; a finished game gives 1 and 0), by
    /// the bot's evaluation at its level: at `easy` the learned evaluation itself; at `medium` and
    /// `hard` with a search on top of it (Jokerball: the mean over the rolls of the best turn's value;
    /// Zola: a short alpha-beta search). In a Jokerball turn whose dice are thrown, the value of the turn
    /// the bot would play.
    pub fn evaluate<G: Engine>(&mut self, game: &G) -> ByPlayer<f64> {
        let p = self.win_chance(game).clamp(0.0, 1.0);
        analysis::split(game.turn(), p)
    }

    /// Shuffles a slice with the tie-breaking generator (Fisher-Yates).
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.pick(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_weights_are_read() {
        let nets = net::read_weights(WEIGHTS).unwrap();
        let kinds: Vec<(u8, usize)> = nets.iter().map(|(k, n)| (*k, n.n_in)).collect();
        assert_eq!(kinds, [(0, jokerball_eval::INPUTS), (1, zola_eval::INPUTS)]);
    }
}
