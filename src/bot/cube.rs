//! Cube decisions: a match equity table computed for these games, and double / take / drop from the
//! bot's winning chances (the learned evaluation).
//!
//! **The table.** Both games have no gammons: a game won is worth exactly the cube. `ME(a, b)` is the
//! chance that the player `a` points away wins the match against one `b` away, at the start of a game
//! with the cube centred. Each game is taken as even (the starting player alternates, RULES 3.6):
//! - post-Crawford, the leader 1 away: the trailer doubles at once (nothing to lose), so each game is
//!   for 2 of the trailer's points: `PC(b) = 1/2 + PC(b - 2) / 2`, `PC(b <= 0) = 0`, `PC(1) = 1/2`;
//! - the Crawford game (no cube): `C(b) = 1/2 + PC(b - 1) / 2`;
//! - before it, a game is worth `v` points with the chance `P(v)` of [`GAME_VALUES`], the
//!   distribution measured in cube play between two bots far from the end of a match:
//!   `ME(a, b) = sum over v of P(v) (ME(a - v, b) + ME(a, b - v)) / 2`, entering the Crawford table
//!   when a score reaches 1 away and counting a score past the match's end as the match won.
//!
//! By symmetry `ME(a, b) + ME(b, a) = 1`.
//!
//! **Decisions** compare, with the win chance `p` of the player on roll and the table after the game:
//! no double `ND = p ME(a - v, b) + (1 - p) ME(a, b - v)`, double/take `DT` (the same with `2v`) and
//! double/drop `DP = ME(a - v, b)`. The opponent takes when `DT <= DP` (its take point). The bot
//! doubles when the opponent should drop and cashing gains (`DP > ND`), or when the opponent should
//! take and `DT` beats `ND` by [`DOUBLE_MARGIN`] (the value of keeping the cube centred, which the
//! dead-cube comparison leaves out).
#![allow(
    clippy::indexing_slicing,
    reason = "the match equity table is indexed by scores below the match length, which the table spans"
)]

use super::base::Bot;
use super::games::BotGame;
use crate::matchplay::{Match, MatchPhase, MatchState};
use crate::player::Player;

/// What the bot does with the cube.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CubeAction {
    /// Offer a double.
    Double,
    /// Play on without doubling.
    NoDouble,
    /// Accept a double.
    Take,
    /// Refuse a double (lose the game at the current value).
    Drop,
}

impl CubeAction {
    /// The name used by the API: `'double' | 'no-double' | 'take' | 'drop'`.
    pub const fn name(self) -> &'static str {
        match self {
            CubeAction::Double => "double",
            CubeAction::NoDouble => "no-double",
            CubeAction::Take => "take",
            CubeAction::Drop => "drop",
        }
    }
}

/// The match equity table for matches up to some length (see the module docs).
#[derive(Debug, Clone)]
pub struct MatchEquity {
    n: usize,
    /// `pre[a * (n + 1) + b]`: `ME(a, b)` before the Crawford game, both at least 2 away.
    pre: Vec<f64>,
    /// `crawford[b]`: the leader's (1 away) equity in the Crawford game against `b` away.
    crawford: Vec<f64>,
    /// `post[b]`: the leader's (1 away) equity post-Crawford against `b` away.
    post: Vec<f64>,
}

/// The points a game is worth in cube play, with how often (counts): both players the `easy` bot with
/// these cube decisions, the games started with both players at least 9 away in 21-point matches (no
/// cube up to 8 dead); measured by `bench_bot values` (benches/bot/RESULTS.md). A drop counts the value
/// before the refused double.
pub const GAME_VALUES: [(i64, f64); 4] = [(1, 15556.0), (2, 927.0), (4, 59.0), (8, 25.0)];

/// The table for matches of up to `length` points (the match's length is enough: scores only grow).
pub fn match_equity(length: u32) -> MatchEquity {
    let n = length.clamp(1, crate::matchplay::MAX_MATCH_LENGTH) as usize;
    let mut post = vec![0.0; n + 1];
    for b in 1..=n {
        post[b] = if b == 1 {
            0.5
        } else {
            0.5 + 0.5 * if b > 2 { post[b - 2] } else { 0.0 }
        };
    }
    let mut crawford = vec![0.5; n + 1];
    for b in 2..=n {
        crawford[b] = 0.5 + 0.5 * post[b - 1];
    }
    let mut t = MatchEquity {
        n,
        pre: vec![0.5; (n + 1) * (n + 1)],
        crawford,
        post,
    };
    let total: f64 = GAME_VALUES.iter().map(|&(_, p)| p).sum();
    for a in 2..=n {
        for b in 2..=n {
            let (ai, bi) = (a as i64, b as i64);
            let v: f64 = GAME_VALUES
                .iter()
                .map(|&(v, p)| p * (t.at(ai - v, bi, false) + t.at(ai, bi - v, false)))
                .sum();
            t.pre[a * (n + 1) + b] = 0.5 * v / total;
        }
    }
    t
}

impl MatchEquity {
    /// The equity (match-winning chance) at the start of a game of the player `a` away against one
    /// `b` away; `crawford_done`: the Crawford game has been played (or is being played), so a player
    /// reaching 1 away starts post-Crawford. Scores beyond the table's length are clamped.
    pub fn at(&self, a: i64, b: i64, crawford_done: bool) -> f64 {
        if a <= 0 {
            return 1.0;
        }
        if b <= 0 {
            return 0.0;
        }
        let n = self.n as i64;
        let (a, b) = (a.min(n) as usize, b.min(n) as usize);
        let leader = |b: usize| {
            if crawford_done {
                self.post[b]
            } else {
                self.crawford[b]
            }
        };
        match (a, b) {
            (1, 1) => 0.5,
            (1, b) => leader(b),
            (a, 1) => 1.0 - leader(a),
            (a, b) => self.pre[a * (self.n + 1) + b],
        }
    }

    /// The leader's (1 away) equity in the Crawford game against `b` away.
    pub fn crawford(&self, b: u32) -> f64 {
        self.at(1, i64::from(b), false)
    }

    /// The leader's (1 away) equity post-Crawford against `b` away.
    pub fn post_crawford(&self, b: u32) -> f64 {
        self.at(1, i64::from(b), true)
    }
}

/// The equity margin by which doubling must beat not doubling (the value of a centred cube, and the
/// noise of the win-chance estimate). Tuned by the cube benchmark.
pub const DOUBLE_MARGIN: f64 = 0.05;

/// The equities of a cube decision for the player on roll: `(no double, double/take, double/drop)`.
/// `a`, `b`: points away (player on roll, opponent); `v`: the cube value; `p`: the roller's win chance.
pub fn cube_equities(
    t: &MatchEquity,
    a: i64,
    b: i64,
    v: i64,
    p: f64,
    crawford_done: bool,
) -> (f64, f64, f64) {
    let after = |a2: i64, b2: i64| t.at(a2, b2, crawford_done);
    let nd = p * after(a - v, b) + (1.0 - p) * after(a, b - v);
    let dt = p * after(a - 2 * v, b) + (1.0 - p) * after(a, b - 2 * v);
    let dp = after(a - v, b);
    (nd, dt, dp)
}

/// Whether the player on roll should double: when the opponent should drop (`DT > DP`), whenever that
/// gains (`DP > ND`: with no gammons a game is never too good to cash); otherwise when the take
/// gains by the margin, `DT > ND + DOUBLE_MARGIN`.
pub fn should_double(t: &MatchEquity, a: i64, b: i64, v: i64, p: f64, crawford_done: bool) -> bool {
    let (nd, dt, dp) = cube_equities(t, a, b, v, p, crawford_done);
    if dt > dp {
        dp > nd
    } else {
        dt > nd + DOUBLE_MARGIN
    }
}

/// Whether the doubled player should take: its equity after a take (`1 - DT`) is at least its equity
/// after a drop (`1 - DP`). `a`, `b`, `p` are the doubler's.
pub fn should_take(t: &MatchEquity, a: i64, b: i64, v: i64, p: f64, crawford_done: bool) -> bool {
    let (_, dt, dp) = cube_equities(t, a, b, v, p, crawford_done);
    dt <= dp
}

/// Points away of `p` in `st`.
pub(super) fn away(st: &MatchState, p: Player) -> i64 {
    i64::from(st.length()) - i64::from(*st.score().get(p))
}

impl Bot {
    /// The bot's cube action in a match, for the side that must act: while a double is pending, the
    /// doubled player's take or drop; otherwise `Double` only when the player to move may double now
    /// ([`Match::can_double`]) and the bot would, else `NoDouble`.
    pub fn cube_action<G: BotGame>(&mut self, m: &Match<G>) -> CubeAction {
        let st = m.state();
        let t = match_equity(st.length());
        let done = st.crawford() || st.post_crawford();
        let v = i64::from(st.cube_value());
        match st.phase() {
            MatchPhase::Double => {
                let Some(doubler) = st.pending_double() else {
                    return CubeAction::NoDouble;
                };
                // The doubler is to move, at the start of the turn.
                let p = m.game().bot_win_chance(self);
                if should_take(&t, away(st, doubler), away(st, doubler.other()), v, p, done) {
                    CubeAction::Take
                } else {
                    CubeAction::Drop
                }
            }
            MatchPhase::Playing if m.can_double().is_ok() => {
                let me = m.game().turn();
                let p = m.game().bot_win_chance(self);
                if should_double(&t, away(st, me), away(st, me.other()), v, p, done) {
                    CubeAction::Double
                } else {
                    CubeAction::NoDouble
                }
            }
            _ => CubeAction::NoDouble,
        }
    }
}
