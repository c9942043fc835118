//! The bot itself, under its searches: [`Bot`] (a level, work counted against an optional deadline, a
//! seeded generator for tie-breaking, the Jokerball turn planned in phase man), [`Level`], the
//! Jokerball search's [`Budget`], and the embedded networks.

use std::sync::OnceLock;

use super::jokerball_eval;
use super::net::{self, Net, P_ONE};
use super::zola_eval;
use crate::dice::{Dice, DiceRng, Seed};
use crate::jokerball::{Move, Position};

/// The learned networks, quantised (written by `make train`; the format is in [`net`]).
pub(super) static WEIGHTS: &[u8] = include_bytes!("weights.bin");

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
    pub(super) level: Level,
    rng: DiceRng,
    deadline: Option<Deadline>,
    /// Work done by the current search (evaluated positions).
    pub(super) nodes: u64,
    /// Whether the deadline cut the current search short.
    pub(super) stopped: bool,
    /// The Jokerball turn planned in phase man, for the ball phase.
    pub(super) plan: Option<Plan>,
    /// A Jokerball search other than the level's.
    pub(super) jokerball_budget: Option<Budget>,
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
        Bot::with_rng(
            level,
            DiceRng::from_seed(seed.unwrap_or(&Seed::Number(DEFAULT_SEED))),
        )
    }

    /// A bot of this level whose ties are broken by `rng` (a rollout's trial seeds its players so).
    pub(crate) fn with_rng(level: Level, rng: DiceRng) -> Bot {
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

    pub(super) fn start_search(&mut self) {
        self.nodes = 0;
        self.stopped = false;
    }

    /// Counts `n` units of work; checks the deadline every 1024 units. Returns `true` to go on.
    #[inline]
    pub(super) fn work(&mut self, n: u64) -> bool {
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
    pub(super) fn pick(&mut self, n: usize) -> usize {
        self.rng.below(u32::try_from(n).unwrap_or(u32::MAX)) as usize
    }

    /// Shuffles a slice with the tie-breaking generator (Fisher-Yates).
    pub(super) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.pick(i + 1);
            items.swap(i, j);
        }
    }
}

/// A level's Jokerball search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// How many of the best turns by one ply are searched two plies deep.
    pub width: usize,
    /// The work (evaluated positions) after which no further turn is searched two plies deep.
    pub work: u64,
    /// How many of the best turns by two plies are searched three plies deep (selectively: after the
    /// opponent's best turn by the evaluation for each of its rolls, and its second best when within
    /// `close`), among those within `margin` of the best by two plies.
    pub refine: usize,
    /// See `refine` (units of [`P_ONE`]).
    pub close: i32,
    /// See `refine` (units of [`P_ONE`]).
    pub margin: i32,
}

impl Budget {
    /// The budget of a level.
    pub const fn of(level: Level) -> Budget {
        match level {
            Level::Easy => Budget {
                width: 0,
                work: 0,
                refine: 0,
                close: 0,
                margin: 0,
            },
            Level::Medium => Budget {
                width: 4,
                work: 20_000,
                refine: 0,
                close: 0,
                margin: 0,
            },
            Level::Hard => Budget {
                width: 12,
                work: 120_000,
                refine: 2,
                close: 0,
                margin: P_ONE,
            },
        }
    }
}

/// A turn planned in phase man, kept for the ball phase that follows it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Plan {
    /// The position after the planned man move (the same side still to move).
    pub(super) pos: Position,
    pub(super) dice: Dice,
    pub(super) ball: Move,
}
