//! Rollouts of Jokerball positions ([`Rollout`], [`Bot::rollout`]): a position, or each candidate turn
//! or cube decision, played to the end (or for a number of turns) many times by a bot on both sides,
//! its result averaged with a standard error (docs/api.md, "bot.rollout").
//!
//! - **Trials.** Trial `i` has its own generators, streams of the seed's key: its dice, its players'
//!   tie-breaking, and the quasi-random order of its block's first rolls. So every entry (candidate) is
//!   played on the same dice, and trials `[a, b)` can be computed anywhere and merged
//!   ([`Rollout::run`], [`Tally::add`], [`Rollout::result`]) into the numbers of one run.
//! - **The first roll** is quasi-random: in every block of `6 * side` trials (36, 24 on side 4) the
//!   first roll thrown in the trial is each pair of dice once, in a seeded order per block.
//! - **Variance reduction.** Each trial's result is corrected by the luck of its rolls as reviews judge
//!   it (`Bot::jokerball_luck`: the mover's one-ply best for the roll less its mean over every roll),
//!   counted for the player whose chance is rolled out and against the opponent's. The luck has mean
//!   zero over the rolls of any position, so the mean stays unbiased. In a match the game's luck is
//!   weighed by what the game is worth in the match at the cube's value then (the match chance of
//!   winning it less that of losing it), a constant before the roll.
//! - **Truncation** after `truncate` turns of both players (counted from the position: a candidate's
//!   own turn is the first): the player's evaluation stands in (its chance of winning the game, or in
//!   a match its chance of the match through the table).
//! - **Matches** are played cubeful: at each turn start where the player to move may double, the
//!   trial's bot decides as [`Bot::cube_action`] would (double, then take or drop); a game's end is
//!   worth the match chance at the new score.
//!
//! Each trial's value is kept as a fixed-point integer (`2^-32`), so sums and sums of squares merge
//! exactly, in any order and any split.

use std::ops::Range;

use super::analysis::match_chance;
use super::base::{Bot, Level};
use super::cube::{away, match_equity, should_double, should_take, MatchEquity};
use super::jokerball::{luck_search, turn_after, Search};
use super::net::P_ONE;
use super::rank::sort_best_first;
use crate::dice::{Dice, DiceRng, Seed};
use crate::engine::Engine;
use crate::error::{coded, wraps, ErrorCode, OptionError};
use crate::jokerball::{Game, Phase, Position};
use crate::keys::JsonKeys;
use crate::matchplay::{GameEnd, Match, MatchPhase, MatchState};
use crate::player::Player;

/// The trials of a rollout by default.
pub const DEFAULT_TRIALS: u32 = 1296;
/// The most trials of a rollout.
pub const MAX_TRIALS: u32 = 1_000_000;
/// The longest a trial plays (turns of both players) before the evaluation stands in, whatever
/// `truncate` says; also the largest `truncate`.
pub const MAX_TURNS: u32 = 10_000;
/// The candidates of a rollout in phase man by default: the best of the hint.
pub const DEFAULT_CANDIDATES: usize = 3;
/// The seed of a rollout without one (fixed: a rollout is reproducible).
const DEFAULT_SEED: u32 = 0;
/// The fixed point of a trial's value: units of `2^-32`.
const SCALE: f64 = 4_294_967_296.0;
/// A trial's value is clamped to `[-LIMIT, LIMIT]` before it is counted (a corrected value beyond a
/// few units never happens; the bound keeps the sums of squares within `i128`).
const LIMIT: f64 = 64.0;

/// The options of a rollout (docs/api.md, "bot.rollout"), checked by [`Rollout::new`].
#[derive(Debug, Clone, PartialEq)]
pub struct RolloutOptions {
    /// The trials, `1..=MAX_TRIALS`.
    pub trials: u32,
    /// Turns of both players played in each trial before the evaluation stands in; 0: to the end.
    pub truncate: u32,
    /// Who plays both sides: `Easy` or `Medium`.
    pub player: Level,
    /// Phase man: the turns to roll out, as `legal_turns()` writes them (default: the best
    /// [`DEFAULT_CANDIDATES`] of the bot's hint).
    pub candidates: Option<Vec<String>>,
    /// A match where the player to act may double: roll out no double, double and take, double and
    /// drop (with a double pending: take and drop).
    pub cube: bool,
    /// Correct each trial by the luck of its rolls.
    pub variance_reduction: bool,
    /// The seed of the trials' dice and players (a fixed one without it).
    pub seed: Option<Seed>,
}

impl Default for RolloutOptions {
    fn default() -> Self {
        RolloutOptions {
            trials: DEFAULT_TRIALS,
            truncate: 0,
            player: Level::Easy,
            candidates: None,
            cube: false,
            variance_reduction: true,
            seed: None,
        }
    }
}

/// Why a rollout cannot be made or was stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RolloutError {
    /// An option out of range, or one the position does not take (`invalid_option`).
    Option(OptionError),
    /// Nothing to roll out in this phase, or the progress report stopped it (`wrong_phase`).
    WrongPhase(NoRollout),
}

/// Why there is nothing to roll out, or no more (the data of a rollout's `wrong_phase`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoRollout {
    /// The match is over.
    MatchOver,
    /// The game is over (or a candidate turn ends it).
    GameOver,
    /// The turn is in phase ball: its man has moved.
    BallPhase,
    /// A double is pending and the rollout is not of the cube.
    DoublePending,
    /// No candidate turn to roll out (none given and the bot has none to choose).
    NoCandidate,
    /// The progress report stopped it.
    Stopped,
}

coded!(RolloutError, |out| {
    RolloutError::Option(e) => e.code(), e.write_message(out);
    RolloutError::WrongPhase(w) => ErrorCode::WrongPhase, out.push_str(match w {
        NoRollout::MatchOver => "the match is over: nothing to roll out",
        NoRollout::GameOver => "the game is over: nothing to roll out",
        NoRollout::BallPhase => "phase ball: roll out the turn in phase man (candidates) instead",
        NoRollout::DoublePending => "a double is pending: roll out with cube, or answer it first",
        NoRollout::NoCandidate => "nothing to choose: no candidate turn",
        NoRollout::Stopped => "the rollout was stopped",
    });
});

wraps!(RolloutError::Option(OptionError));

impl RolloutError {
    /// A Zola game: it has no dice, so nothing to roll out (`invalid_option`).
    pub fn no_dice() -> RolloutError {
        option("rollouts are for Jokerball: Zola has no dice")
    }
}

fn option(why: &str) -> RolloutError {
    RolloutError::Option(OptionError::new(why))
}

fn phase(why: NoRollout) -> RolloutError {
    RolloutError::WrongPhase(why)
}

/// A rollout's progress report: `(done, total)` trials of the range run; `false` stops it.
pub type RolloutProgress<'a> = &'a mut dyn FnMut(u32, u32) -> bool;

/// What a rollout starts from: a lone Jokerball game or a Jokerball match.
#[derive(Debug, Clone, Copy)]
pub enum RolloutFrom<'a> {
    /// A lone game: chances of winning it.
    Game(&'a Game),
    /// A match: chances of winning the match.
    Match(&'a Match<Game>),
}

/// The sums of one entry's trials: their number, and the sum and sum of squares of their values in
/// units of `2^-32`. Exact integers, so tallies of any split of the trials add up to the whole's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// The trials counted.
    pub trials: u64,
    /// The sum of their values (units of `2^-32`).
    pub sum: i128,
    /// The sum of the squares of their values (units of `2^-64`).
    pub squares: i128,
}

impl Tally {
    /// Counts one trial's value.
    fn count(&mut self, value: f64) {
        let q = (value.clamp(-LIMIT, LIMIT) * SCALE).round() as i64;
        self.trials += 1;
        self.sum += i128::from(q);
        self.squares += i128::from(q) * i128::from(q);
    }

    /// Adds another part's tally of the same entry.
    pub fn add(&mut self, other: &Tally) {
        self.trials += other.trials;
        self.sum += other.sum;
        self.squares += other.squares;
    }

    /// The mean and its standard error (0 for fewer than two trials).
    fn mean_and_error(&self) -> (f64, f64) {
        if self.trials == 0 {
            return (0.0, 0.0);
        }
        let n = i128::from(self.trials);
        let mean = self.sum as f64 / n as f64 / SCALE;
        if n < 2 {
            return (mean, 0.0);
        }
        // n * squares - sum^2 is n^2 times the spread, exact and never negative.
        let spread = (n * self.squares - self.sum * self.sum).max(0) as f64;
        let variance = spread / (n as f64 * (n - 1) as f64) / (SCALE * SCALE);
        (mean, (variance / n as f64).sqrt())
    }
}

/// One entry of a rollout's result.
#[derive(Debug, Clone, PartialEq, JsonKeys)]
pub struct RolloutEntry {
    /// The candidate turn, the cube decision (`no-double`, `double-take`, `double-drop`), or `""`
    /// for the position before its roll.
    #[serde(rename = "move")]
    pub choice: String,
    /// The mean over the trials: the chance of the player to act (of the game, or in a match of the
    /// match).
    pub win: f64,
    /// Its standard error.
    pub se: f64,
    /// The 95% interval's lower end, `win - 1.96 se`.
    pub low: f64,
    /// Its upper end, `win + 1.96 se`.
    pub high: f64,
}

/// The result of a rollout: the trials and the entries, best first (equal means in their order).
#[derive(Debug, Clone, PartialEq, JsonKeys)]
pub struct RolloutResult {
    /// The trials counted.
    pub trials: u32,
    /// The entries, best first.
    pub entries: Vec<RolloutEntry>,
}

/// Where a trial is: the position at a turn start (or the game won), the match's bookkeeping, and
/// the turns played since the rollout's position.
#[derive(Debug, Clone)]
struct Trial {
    pos: Position,
    st: Option<MatchState>,
    turns: u32,
    /// No cube decision at the first turn start (the entry decided it: `no-double`, or a take).
    cube_decided: bool,
}

/// What an entry's trials start from.
#[derive(Debug, Clone)]
enum Start {
    /// Played from here.
    Play(Trial),
    /// Known without play (a drop): this chance every trial.
    Known(f64),
}

/// A rollout made ready: its options checked, the position of each entry, the generators' key.
#[derive(Debug, Clone)]
pub struct Rollout {
    trials: u32,
    truncate: u32,
    player: Level,
    variance_reduction: bool,
    key: DiceRng,
    /// The player whose chance the entries give.
    me: Player,
    /// The distance die's faces.
    side: u8,
    table: Option<MatchEquity>,
    /// Each entry's name and start.
    entries: Vec<(String, Start)>,
}

impl Rollout {
    /// A rollout of `from` with `options`. `bot` gives the default candidates (the best of its hint).
    /// Errors, in this order: options out of range, or `cube` on a lone game (`invalid_option`); a
    /// phase with nothing to roll out (`wrong_phase`: ball, over, a match's game over or match over,
    /// a pending double without `cube`); then `cube` where the player to act may not double,
    /// `candidates` outside phase man or with `cube`, a candidate that is not a legal turn
    /// (`invalid_option`).
    pub fn new(
        bot: &mut Bot,
        from: RolloutFrom<'_>,
        options: &RolloutOptions,
    ) -> Result<Rollout, RolloutError> {
        check(options)?;
        let (game, st) = match from {
            RolloutFrom::Game(_) if options.cube => {
                return Err(option(
                    "rollout cube: a lone game has no cube (roll out a Match)",
                ))
            }
            RolloutFrom::Game(g) => (g, None),
            RolloutFrom::Match(m) => (m.game(), Some(m.state())),
        };
        match (st.map(MatchState::phase), game.phase()) {
            (Some(MatchPhase::MatchOver), _) => return Err(phase(NoRollout::MatchOver)),
            (Some(MatchPhase::GameOver), _) | (_, Phase::Over) => {
                return Err(phase(NoRollout::GameOver))
            }
            (_, Phase::Ball) => return Err(phase(NoRollout::BallPhase)),
            (Some(MatchPhase::Double), _) if !options.cube => {
                return Err(phase(NoRollout::DoublePending))
            }
            _ => {}
        }
        let pos = *game.position();
        let (me, entries) = match (st, options.cube, game.phase()) {
            (Some(st), true, _) => {
                if options.candidates.is_some() {
                    return Err(option(
                        "rollout candidates and cube do not go together: the cube is decided before the roll",
                    ));
                }
                cube_starts(game, st)?
            }
            (_, _, Phase::Roll) => {
                if options.candidates.is_some() {
                    return Err(option(
                        "rollout candidates are turns of phase man: roll the dice first",
                    ));
                }
                let start = Start::Play(trial_at(pos, st.cloned(), 0, false));
                (game.turn(), vec![(String::new(), start)])
            }
            _ => (game.turn(), candidate_starts(bot, game, st, options)?),
        };
        let seed = options.seed.clone().unwrap_or(Seed::Number(DEFAULT_SEED));
        Ok(Rollout {
            trials: options.trials,
            truncate: options.truncate,
            player: options.player,
            variance_reduction: options.variance_reduction,
            key: DiceRng::from_seed(&seed),
            me,
            side: pos.side(),
            table: st.map(|s| match_equity(s.length())),
            entries,
        })
    }

    /// The trials asked for.
    pub fn trials(&self) -> u32 {
        self.trials
    }

    /// The entries' names, in the order of their tallies.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(name, _)| name.as_str())
    }

    /// Runs trials `range` (clamped to the trials asked for) of every entry and returns one tally per
    /// entry. `progress(done, total)` is called before the first trial, then as trials finish (at most
    /// about 256 times) and after the last; when it returns `false` the rollout stops (`wrong_phase`).
    pub fn run(
        &self,
        range: Range<u32>,
        progress: RolloutProgress<'_>,
    ) -> Result<Vec<Tally>, RolloutError> {
        let range = range.start.min(self.trials)..range.end.min(self.trials);
        let total = range.len() as u32;
        let mut tallies = vec![Tally::default(); self.entries.len()];
        let stopped = || phase(NoRollout::Stopped);
        if !progress(0, total) {
            return Err(stopped());
        }
        let mut s = luck_search();
        for (done, i) in (1..).zip(range) {
            let first = self.first_roll(i);
            for (tally, (_, start)) in tallies.iter_mut().zip(&self.entries) {
                let value = match start {
                    Start::Known(v) => *v,
                    Start::Play(t) => self.trial(i, t, first, &mut s),
                };
                tally.count(value);
            }
            let step = |n: u32| u64::from(n) * 256 / u64::from(total.max(1));
            if (done == total || step(done) != step(done - 1)) && !progress(done, total) {
                return Err(stopped());
            }
        }
        Ok(tallies)
    }

    /// The result from the tallies of every part (each part one tally per entry, as [`Rollout::run`]
    /// returns them), summed.
    pub fn result(&self, parts: &[Vec<Tally>]) -> RolloutResult {
        let mut sums = vec![Tally::default(); self.entries.len()];
        for part in parts {
            for (s, t) in sums.iter_mut().zip(part) {
                s.add(t);
            }
        }
        let mut entries: Vec<(f64, RolloutEntry)> = self
            .entries
            .iter()
            .zip(&sums)
            .map(|((name, _), t)| {
                let (win, se) = t.mean_and_error();
                let entry = RolloutEntry {
                    choice: name.clone(),
                    win,
                    se,
                    low: win - 1.96 * se,
                    high: win + 1.96 * se,
                };
                (win, entry)
            })
            .collect();
        // Best first, equal means in entry order.
        sort_best_first(&mut entries);
        RolloutResult {
            trials: sums.first().map_or(0, |t| t.trials) as u32,
            entries: entries.into_iter().map(|(_, e)| e).collect(),
        }
    }

    /// The first roll thrown in trial `i`: pair `perm[i mod n]` of its block's seeded order, so each
    /// block of `n = 6 * side` trials throws every pair once.
    fn first_roll(&self, i: u32) -> Dice {
        let n = 6 * u32::from(self.side);
        let mut order: Vec<u32> = (0..n).collect();
        let mut rng = self.key.stream(BLOCKS | u64::from(i / n));
        for k in (1..order.len()).rev() {
            order.swap(k, rng.below(k as u32 + 1) as usize);
        }
        let pair = order.get((i % n) as usize).copied().unwrap_or(0);
        Dice {
            distance: (pair / 6) as u8 + 1,
            direction: (pair % 6) as u8 + 1,
        }
    }

    /// One trial from `start`: its value for the player `me`, corrected by the luck of its rolls (`s`
    /// the luck's scratch space).
    fn trial(&self, i: u32, start: &Trial, first: Dice, s: &mut Search<'static>) -> f64 {
        let mut bot = Bot::with_rng(self.player, self.key.stream(2 * u64::from(i) + 2));
        let mut dice = self.key.stream(2 * u64::from(i) + 1);
        let mut t = start.clone();
        let mut first = Some(first);
        let mut luck = 0.0;
        loop {
            if let Some(v) = self.over(&t) {
                return v - luck;
            }
            let limit = if self.truncate == 0 {
                MAX_TURNS
            } else {
                self.truncate
            };
            if t.turns >= limit {
                return self.judge(&mut bot, &t) - luck;
            }
            let mover = t.pos.turn();
            if !t.cube_decided {
                self.cube(&mut bot, &mut t);
                if t.st.as_ref().is_some_and(MatchState::game_over) {
                    continue;
                }
            }
            t.cube_decided = false;
            let roll = first
                .take()
                .unwrap_or_else(|| Dice::roll(&mut dice, self.side));
            if self.variance_reduction {
                if let Some((l, _)) = bot.jokerball_luck_in(s, &t.pos, roll) {
                    let l = l / f64::from(P_ONE) * self.weight(&t);
                    luck += if mover == self.me { l } else { -l };
                }
            }
            t.pos = bot.jokerball_play(&t.pos, roll);
            t.turns += 1;
            if let (Some(w), Some(st)) = (t.pos.winner(), t.st.as_mut()) {
                // Cannot fail: the game was on.
                let _ = st.game_won(w, GameEnd::Goal);
            }
        }
    }

    /// The value for `me` of a trial whose game is over, else `None`.
    fn over(&self, t: &Trial) -> Option<f64> {
        match (&t.st, &self.table) {
            (Some(st), Some(table)) => st
                .game_over()
                .then(|| match_chance(table, st, self.me, 0.0)),
            _ => t.pos.winner().map(|w| f64::from(u8::from(w == self.me))),
        }
    }

    /// The value for `me` of a trial stopped on: the trial's player's evaluation.
    fn judge(&self, bot: &mut Bot, t: &Trial) -> f64 {
        let mover = t.pos.turn();
        let p = bot.jokerball_win_chance(&t.pos).clamp(0.0, 1.0);
        let v = match (&t.st, &self.table) {
            (Some(st), Some(table)) => match_chance(table, st, mover, p),
            _ => p,
        };
        if mover == self.me {
            v
        } else {
            1.0 - v
        }
    }

    /// What the game is worth to the player to move in `t`: 1 in a lone game; in a match, the match
    /// chance of winning it at the cube's value less that of losing it.
    fn weight(&self, t: &Trial) -> f64 {
        match (&t.st, &self.table) {
            (Some(st), Some(table)) => {
                let me = t.pos.turn();
                match_chance(table, st, me, 1.0) - match_chance(table, st, me, 0.0)
            }
            _ => 1.0,
        }
    }

    /// The cube decisions of a match at a turn start, as [`Bot::cube_action`] makes them: the player
    /// to move doubles when it should, and the opponent takes or drops.
    fn cube(&self, bot: &mut Bot, t: &mut Trial) {
        let (Some(st), Some(table)) = (t.st.as_mut(), &self.table) else {
            return;
        };
        let mover = t.pos.turn();
        if st.can_double(mover, true).is_err() {
            return;
        }
        let p = bot.jokerball_win_chance(&t.pos);
        let done = st.crawford() || st.post_crawford();
        let (a, b, v) = (
            away(st, mover),
            away(st, mover.other()),
            i64::from(st.cube_value()),
        );
        if !should_double(table, a, b, v, p, done) || st.double(mover, true).is_err() {
            return;
        }
        // Neither can fail: the double is pending.
        if should_take(table, a, b, v, p, done) {
            let _ = st.take();
        } else {
            let _ = st.drop_double();
        }
    }
}

/// The options' own ranges ([`Rollout::new`]).
fn check(options: &RolloutOptions) -> Result<(), RolloutError> {
    if !(1..=MAX_TRIALS).contains(&options.trials) {
        return Err(option("rollout trials must be an integer 1..1000000"));
    }
    if options.truncate > MAX_TURNS {
        return Err(option(
            "rollout truncate must be an integer 0..10000 (0: to the end)",
        ));
    }
    if options.player == Level::Hard {
        return Err(option("rollout player must be 'easy' or 'medium'"));
    }
    Ok(())
}

/// Where a trial starts.
fn trial_at(pos: Position, st: Option<MatchState>, turns: u32, cube_decided: bool) -> Trial {
    Trial {
        pos,
        st,
        turns,
        cube_decided,
    }
}

/// The entries of a cube rollout of a match in play (`game` its current game) and the player whose
/// chances they give: the player to act's no double, double and take, double and drop; with a
/// double pending, the doubled player's take and drop.
fn cube_starts(
    game: &Game,
    st: &MatchState,
) -> Result<(Player, Vec<(String, Start)>), RolloutError> {
    let pos = *game.position();
    let mut entries = Vec::new();
    let mut doubled = st.clone();
    let me = match st.pending_double() {
        Some(doubler) => doubler.other(),
        None => {
            if game.phase() != Phase::Roll || doubled.double(game.turn(), true).is_err() {
                return Err(option("rollout cube: the player to act may not double now"));
            }
            let start = Start::Play(trial_at(pos, Some(st.clone()), 0, true));
            entries.push(("no-double".to_string(), start));
            game.turn()
        }
    };
    let mut taken = doubled.clone();
    let mut dropped = doubled;
    if taken.take().is_err() || dropped.drop_double().is_err() {
        return Err(option("rollout cube: no double to answer"));
    }
    let t = match_equity(st.length());
    let take = Start::Play(trial_at(pos, Some(taken), 0, true));
    entries.push(("double-take".to_string(), take));
    let drop = Start::Known(match_chance(&t, &dropped, me, 0.0));
    entries.push(("double-drop".to_string(), drop));
    Ok((me, entries))
}

/// The entries of a rollout in phase man: each candidate turn of `options` (by default the best of
/// `bot`'s hint) and the position after it.
fn candidate_starts(
    bot: &mut Bot,
    game: &Game,
    st: Option<&MatchState>,
    options: &RolloutOptions,
) -> Result<Vec<(String, Start)>, RolloutError> {
    let candidates = match &options.candidates {
        Some(c) => c.clone(),
        None => bot
            .hint(game)
            .map_err(|_| phase(NoRollout::NoCandidate))?
            .into_iter()
            .take(DEFAULT_CANDIDATES)
            .map(|c| c.choice)
            .collect(),
    };
    if candidates.is_empty() {
        return Err(option("rollout candidates must name at least one turn"));
    }
    let mut entries = Vec::with_capacity(candidates.len());
    for c in candidates {
        let Some(after) = turn_after(game, &c) else {
            return Err(RolloutError::Option(OptionError::new(
                crate::notation::cat(&[
                    "rollout candidates: '",
                    &c,
                    "' is not one of legalTurns()",
                ]),
            )));
        };
        let mut st = st.cloned();
        if let (Some(w), Some(s)) = (after.winner(), st.as_mut()) {
            s.game_won(w, GameEnd::Goal)
                .map_err(|_| phase(NoRollout::GameOver))?;
        }
        entries.push((c, Start::Play(trial_at(after, st, 1, false))));
    }
    Ok(entries)
}

/// The streams of the blocks' orders of first rolls (above every trial's own).
const BLOCKS: u64 = 1 << 63;

impl Bot {
    /// A rollout of `from` with `options`, every trial (see [`Rollout`]; `progress` as
    /// [`Rollout::run`]'s). The bot itself only gives the default candidates (its hint): the trials
    /// are played by bots of `options.player`, seeded by the trial, without a deadline.
    pub fn rollout(
        &mut self,
        from: RolloutFrom<'_>,
        options: &RolloutOptions,
        progress: RolloutProgress<'_>,
    ) -> Result<RolloutResult, RolloutError> {
        let r = Rollout::new(self, from, options)?;
        let tallies = r.run(0..r.trials(), progress)?;
        Ok(r.result(&[tallies]))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::error::Coded;
    use crate::jokerball::Setup;
    use crate::matchplay::MatchSetup;

    fn bot() -> Bot {
        Bot::new(Level::Easy, Some(&Seed::Number(1)))
    }

    fn go() -> impl FnMut(u32, u32) -> bool {
        |_, _| true
    }

    fn options(trials: u32, truncate: u32, seed: u32) -> RolloutOptions {
        RolloutOptions {
            trials,
            truncate,
            seed: Some(Seed::Number(seed)),
            ..RolloutOptions::default()
        }
    }

    /// A game of side `size` from `seed`, played by the easy bot for `turns` turns, then rolled when
    /// `roll` (phase man, or the next turn's roll when the dice left no move).
    fn game(seed: u32, size: u8, turns: usize, roll: bool) -> Game {
        let mut g = Game::new(&Setup {
            size: Some(size),
            seed: Some(Seed::Number(seed)),
            ..Setup::default()
        })
        .unwrap();
        let mut b = Bot::new(Level::Easy, Some(&Seed::Number(seed)));
        while g.winner().is_none() && (g.history_len() < turns || g.phase() != Phase::Roll) {
            if g.phase() == Phase::Roll {
                g.roll().unwrap();
            } else {
                let m = b.choose_move(&g).unwrap();
                g.play_move(m).unwrap();
            }
        }
        while roll && g.phase() == Phase::Roll {
            g.roll().unwrap();
        }
        g
    }

    fn roll_out(g: &Game, o: &RolloutOptions) -> RolloutResult {
        bot().rollout(RolloutFrom::Game(g), o, &mut go()).unwrap()
    }

    fn code(e: RolloutError) -> &'static str {
        e.code().as_str()
    }

    #[test]
    fn the_same_seed_gives_the_same_numbers_and_another_seed_others() {
        let g = game(3, 6, 4, false);
        let a = roll_out(&g, &options(40, 6, 7));
        assert_eq!(a, roll_out(&g, &options(40, 6, 7)));
        assert_ne!(a, roll_out(&g, &options(40, 6, 8)));
        assert_eq!(a.trials, 40);
        assert_eq!(a.entries.len(), 1);
        let e = &a.entries[0];
        assert_eq!(e.choice, "");
        assert!(e.se > 0.0 && (e.low - (e.win - 1.96 * e.se)).abs() < 1e-12);
        assert!((e.high - (e.win + 1.96 * e.se)).abs() < 1e-12);
    }

    #[test]
    fn trials_computed_in_parts_merge_into_the_whole() {
        let g = game(5, 6, 6, true);
        let o = options(50, 5, 3);
        let r = Rollout::new(&mut bot(), RolloutFrom::Game(&g), &o).unwrap();
        assert_eq!(r.names().count(), 3, "the best three of the hint");
        let whole = r.run(0..50, &mut go()).unwrap();
        let parts: Vec<Vec<Tally>> = [0..17, 17..33, 33..50]
            .into_iter()
            .map(|range| r.run(range, &mut go()).unwrap())
            .collect();
        // The parts in any order, and a rollout made again (another worker), give the same sums.
        let again = Rollout::new(&mut bot(), RolloutFrom::Game(&g), &o).unwrap();
        let reversed: Vec<Vec<Tally>> = parts.iter().rev().cloned().collect();
        assert_eq!(r.result(&parts), r.result(std::slice::from_ref(&whole)));
        assert_eq!(again.result(&reversed), r.result(&[whole]));
        assert_eq!(r.result(&parts), roll_out(&g, &o));
    }

    /// A game in phase man with a turn that ends it: won by the mover when `won`, else by the
    /// opponent (the ball through the mover's own goal), and that turn.
    fn ending_turn(won: bool) -> (Game, String) {
        for seed in 0..400 {
            let mut g = Game::new(&Setup {
                seed: Some(Seed::Number(seed)),
                ..Setup::default()
            })
            .unwrap();
            let mut b = Bot::new(Level::Easy, Some(&Seed::Number(seed)));
            while g.winner().is_none() {
                if g.phase() == Phase::Roll {
                    g.roll().unwrap();
                    continue;
                }
                if g.phase() == Phase::Man {
                    for t in g.legal_turns() {
                        let after = turn_after(&g, &t).unwrap();
                        if after.winner() == Some(if won { g.turn() } else { g.turn().other() }) {
                            return (g, t);
                        }
                    }
                }
                let m = b.choose_move(&g).unwrap();
                g.play_move(m).unwrap();
            }
        }
        panic!("no game ending turn found");
    }

    #[test]
    fn a_turn_that_ends_the_game_is_worth_one_or_zero_with_no_error() {
        for (won, value) in [(true, 1.0), (false, 0.0)] {
            let (g, t) = ending_turn(won);
            let o = RolloutOptions {
                candidates: Some(vec![t.clone()]),
                ..options(30, 0, 1)
            };
            let r = roll_out(&g, &o);
            assert_eq!(r.entries.len(), 1);
            let e = &r.entries[0];
            assert_eq!((e.choice.as_str(), e.win, e.se), (t.as_str(), value, 0.0));
            assert_eq!((e.low, e.high), (value, value));
        }
    }

    #[test]
    fn the_same_candidate_twice_gives_the_same_numbers() {
        let g = game(9, 6, 8, true);
        let turns = g.legal_turns();
        let o = RolloutOptions {
            candidates: Some(vec![turns[0].clone(), turns[0].clone()]),
            ..options(20, 4, 2)
        };
        let r = Rollout::new(&mut bot(), RolloutFrom::Game(&g), &o).unwrap();
        let t = r.run(0..20, &mut go()).unwrap();
        assert_eq!(t[0], t[1]);
    }

    #[test]
    fn variance_reduction_lowers_the_standard_error_and_keeps_the_mean() {
        let g = game(11, 6, 2, false);
        let with = roll_out(&g, &options(216, 0, 4)).entries[0].clone();
        let without = roll_out(
            &g,
            &RolloutOptions {
                variance_reduction: false,
                ..options(216, 0, 4)
            },
        )
        .entries[0]
            .clone();
        eprintln!("216 trials, to the end: with {with:?}, without {without:?}");
        assert!(
            with.se < without.se * 0.8,
            "{} against {}",
            with.se,
            without.se
        );
        let apart = (with.win - without.win).abs();
        assert!(
            apart < 1.96 * (with.se.powi(2) + without.se.powi(2)).sqrt(),
            "{with:?} {without:?}"
        );
    }

    #[test]
    fn each_block_of_first_rolls_throws_every_pair_once() {
        for (size, n) in [(6, 36), (4, 24)] {
            let g = game(2, size, 0, false);
            let r = Rollout::new(&mut bot(), RolloutFrom::Game(&g), &options(1000, 1, 5)).unwrap();
            let mut orders = Vec::new();
            for block in 0..4u32 {
                let mut seen: Vec<(u8, u8)> = (block * n..(block + 1) * n)
                    .map(|i| {
                        let d = r.first_roll(i);
                        (d.distance, d.direction)
                    })
                    .collect();
                orders.push(seen.clone());
                seen.sort_unstable();
                seen.dedup();
                assert_eq!(seen.len() as u32, n, "side {size}, block {block}");
                assert!(seen
                    .iter()
                    .all(|&(d, r)| (1..=size).contains(&d) && (1..=6).contains(&r)));
            }
            assert_ne!(orders[0], orders[1], "each block in its own order");
        }
    }

    #[test]
    fn errors_by_phase_and_option() {
        let mut b = bot();
        let at_roll = game(4, 6, 3, false);
        let at_man = game(4, 6, 3, true);
        let run = |b: &mut Bot, from: RolloutFrom<'_>, o: &RolloutOptions| {
            Rollout::new(b, from, o).map(|_| ()).map_err(code)
        };
        let ok = options(10, 2, 1);
        assert_eq!(code(RolloutError::no_dice()), "invalid_option");
        for bad in [
            options(0, 0, 1),
            options(MAX_TRIALS + 1, 0, 1),
            options(10, MAX_TURNS + 1, 1),
            RolloutOptions {
                player: Level::Hard,
                ..ok.clone()
            },
            RolloutOptions {
                cube: true,
                ..ok.clone()
            },
            RolloutOptions {
                candidates: Some(vec!["a1-a2 -".into()]),
                ..ok.clone()
            },
        ] {
            assert_eq!(
                run(&mut b, RolloutFrom::Game(&at_roll), &bad),
                Err("invalid_option")
            );
        }
        // Candidates that are not turns of legalTurns(), or none.
        for candidates in [vec!["zz9-zz10 -".to_string()], vec![]] {
            let bad = RolloutOptions {
                candidates: Some(candidates),
                ..ok.clone()
            };
            assert_eq!(
                run(&mut b, RolloutFrom::Game(&at_man), &bad),
                Err("invalid_option")
            );
        }
        assert_eq!(run(&mut b, RolloutFrom::Game(&at_roll), &ok), Ok(()));
        assert_eq!(run(&mut b, RolloutFrom::Game(&at_man), &ok), Ok(()));
        // Phase ball and a finished game: nothing to roll out.
        let mut at_ball = at_man.clone();
        while at_ball.phase() == Phase::Man {
            let m = b.choose_move(&at_ball).unwrap();
            at_ball.play_move(m).unwrap();
        }
        if at_ball.phase() == Phase::Ball {
            assert_eq!(
                run(&mut b, RolloutFrom::Game(&at_ball), &ok),
                Err("wrong_phase")
            );
        }
        let over = game(4, 6, 1000, false);
        assert!(over.winner().is_some());
        assert_eq!(
            run(&mut b, RolloutFrom::Game(&over), &ok),
            Err("wrong_phase")
        );
        // Matches: game over, match over, a pending double without cube; cube where no double can be.
        let new_match = |length: u32, cube: bool| {
            Match::<Game>::new(&MatchSetup {
                length,
                cube,
                game: Setup {
                    seed: Some(Seed::Number(6)),
                    ..Setup::default()
                },
            })
            .unwrap()
        };
        let mut game_over = new_match(3, true);
        game_over.resign(Player::Blue).unwrap();
        let mut match_over = new_match(1, false);
        match_over.resign(Player::Blue).unwrap();
        let mut pending = new_match(3, true);
        pending.double().unwrap();
        for m in [&game_over, &match_over, &pending] {
            assert_eq!(run(&mut b, RolloutFrom::Match(m), &ok), Err("wrong_phase"));
        }
        let cube = RolloutOptions {
            cube: true,
            ..ok.clone()
        };
        assert_eq!(run(&mut b, RolloutFrom::Match(&pending), &cube), Ok(()));
        assert_eq!(
            run(&mut b, RolloutFrom::Match(&new_match(3, false)), &cube),
            Err("invalid_option")
        );
        let mut rolled = new_match(3, true);
        rolled.roll().unwrap();
        if rolled.game().phase() == Phase::Man {
            assert_eq!(
                run(&mut b, RolloutFrom::Match(&rolled), &cube),
                Err("invalid_option")
            );
            assert_eq!(run(&mut b, RolloutFrom::Match(&rolled), &ok), Ok(()));
        }
        // A progress report that says stop.
        let r = Rollout::new(&mut b, RolloutFrom::Game(&at_roll), &ok).unwrap();
        let mut calls = Vec::new();
        let stopped = r.run(0..10, &mut |d, t| {
            calls.push((d, t));
            d < 3
        });
        assert_eq!(stopped.map_err(code), Err("wrong_phase"));
        assert_eq!(calls, [(0, 10), (1, 10), (2, 10), (3, 10)]);
    }

    /// A 5-point match with the cube from seed 12, a few turns in, at a turn start where the player to
    /// move may double.
    fn match_at_double() -> Match<Game> {
        let mut m = Match::<Game>::new(&MatchSetup {
            length: 5,
            cube: true,
            game: Setup {
                seed: Some(Seed::Number(12)),
                ..Setup::default()
            },
        })
        .unwrap();
        let mut b = bot();
        while m.state().game_number() == 1
            && (m.game().history_len() < 6 || m.can_double().is_err())
        {
            if m.game().phase() == Phase::Roll {
                m.roll().unwrap();
            } else {
                let mv = b.choose_move(m.game()).unwrap();
                m.act(|g| g.play_move(mv)).unwrap();
            }
        }
        assert!(m.can_double().is_ok() && !m.state().game_over());
        m
    }

    #[test]
    fn a_match_cube_rollout_gives_match_chances_best_first() {
        let m = match_at_double();
        let me = m.game().turn();
        let o = RolloutOptions {
            cube: true,
            ..options(72, 6, 3)
        };
        let r = bot()
            .rollout(RolloutFrom::Match(&m), &o, &mut go())
            .unwrap();
        let mut names: Vec<&str> = r.entries.iter().map(|e| e.choice.as_str()).collect();
        for w in r.entries.windows(2) {
            assert!(w[0].win >= w[1].win, "best first: {:?}", r.entries);
        }
        for e in &r.entries {
            assert!((0.0..=1.0).contains(&e.win), "a match chance: {e:?}");
        }
        names.sort_unstable();
        assert_eq!(names, ["double-drop", "double-take", "no-double"]);
        // Dropping gives the doubler the cube's value at once: the table at the new score.
        let drop = r
            .entries
            .iter()
            .find(|e| e.choice == "double-drop")
            .unwrap();
        let t = match_equity(5);
        let st = m.state();
        let cashed = t.at(away(st, me) - 1, away(st, me.other()), false);
        // (Each trial's value is counted in units of 2^-32.)
        assert!((drop.win - cashed).abs() < 1e-9 && drop.se == 0.0);
        // A pending double: the doubled player's take and drop, in its chances.
        let mut pending = m.clone();
        pending.double().unwrap();
        let answer = bot()
            .rollout(RolloutFrom::Match(&pending), &o, &mut go())
            .unwrap();
        let take = |r: &RolloutResult| {
            r.entries
                .iter()
                .find(|e| e.choice == "double-take")
                .unwrap()
                .win
        };
        assert_eq!(answer.entries.len(), 2);
        assert!(
            (take(&answer) - (1.0 - take(&r))).abs() < 1e-9,
            "the same trials, the other side"
        );
        let dropped = answer
            .entries
            .iter()
            .find(|e| e.choice == "double-drop")
            .unwrap();
        assert!((dropped.win - (1.0 - cashed)).abs() < 1e-9);
    }

    /// The numbers pinned (issue 37, "Speed"): rollouts (with and without variance reduction, to the
    /// end and truncated, `easy` and `medium`, a match's cube), hints at every level and the luck of
    /// reviews, computed before the search and the evaluation were made faster and required to stay
    /// the same to the last unit. A change that alters any of them changes what the bot plays or
    /// reports and must be a deliberate one (then these numbers are written again, saying why).
    mod pinned {
        use super::*;

        fn tallies(from: RolloutFrom<'_>, o: &RolloutOptions) -> Vec<(u64, i128, i128)> {
            let r = Rollout::new(&mut bot(), from, o).unwrap();
            let t: Vec<Tally> = r.run(0..r.trials(), &mut |_, _| true).unwrap();
            t.iter().map(|t| (t.trials, t.sum, t.squares)).collect()
        }

        fn pinned(trials: u32, truncate: u32, vr: bool, level: Level) -> RolloutOptions {
            RolloutOptions {
                trials,
                truncate,
                player: level,
                variance_reduction: vr,
                seed: Some(Seed::Number(5)),
                ..RolloutOptions::default()
            }
        }

        #[test]
        fn rollouts_give_the_pinned_sums() {
            let middle = game(21, 6, 14, true);
            assert!(middle.phase() == Phase::Man && middle.history_len() >= 14);
            let cands: Vec<String> = middle.legal_turns().into_iter().take(2).collect();
            let two = |o: RolloutOptions| RolloutOptions {
                candidates: Some(cands.clone()),
                ..o
            };
            let got = [
                tallies(
                    RolloutFrom::Game(&middle),
                    &two(pinned(72, 7, true, Level::Easy)),
                ),
                tallies(
                    RolloutFrom::Game(&middle),
                    &two(pinned(72, 7, false, Level::Easy)),
                ),
                tallies(
                    RolloutFrom::Game(&middle),
                    &two(pinned(12, 0, true, Level::Easy)),
                ),
                tallies(
                    RolloutFrom::Game(&game(8, 6, 0, false)),
                    &pinned(8, 3, true, Level::Medium),
                ),
                tallies(
                    RolloutFrom::Game(&game(9, 4, 6, false)),
                    &pinned(24, 0, true, Level::Easy),
                ),
            ];
            let m = match_at_double();
            let cube = tallies(
                RolloutFrom::Match(&m),
                &RolloutOptions {
                    cube: true,
                    ..pinned(12, 5, true, Level::Easy)
                },
            );
            eprintln!("{got:?}\n{cube:?}");
            for (g, want) in got.iter().zip(PINNED) {
                assert_eq!(g.as_slice(), want);
            }
            assert_eq!(cube, PINNED_CUBE);
        }

        /// FNV-1a over a stream of integers.
        struct Fnv(u64);

        impl Fnv {
            fn add(&mut self, v: i64) {
                for b in v.to_le_bytes() {
                    self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
                }
            }
        }

        #[test]
        fn hints_and_reviews_give_the_pinned_values() {
            let mut h = Fnv(0xcbf2_9ce4_8422_2325);
            let mut count = 0;
            for seed in 0..6u32 {
                let size = if seed % 3 == 2 { 4 } else { 6 };
                let g = game(seed, size, 4 + 3 * seed as usize, true);
                if g.phase() != Phase::Man {
                    continue;
                }
                for level in [Level::Easy, Level::Medium, Level::Hard] {
                    for c in Bot::new(level, Some(&Seed::Number(1))).hint(&g).unwrap() {
                        h.add((c.win * 65536.0).round() as i64);
                        h.add(c.choice.len() as i64);
                        count += 1;
                    }
                }
            }
            // The luck of every turn of a game played to its end, as the medium bot's review judges it.
            let played = game(30, 6, 1000, false);
            let review = Bot::new(Level::Medium, Some(&Seed::Number(1)))
                .review(&played, &mut |_, _| true)
                .unwrap();
            for e in &review.turns {
                h.add((e.luck.unwrap_or(9.0) * 1e9).round() as i64);
                h.add((e.win * 65536.0).round() as i64);
                count += 1;
            }
            eprintln!("{count} values, hash {:#x}", h.0);
            assert!(count > 300, "{count} values");
            assert_eq!(h.0, PINNED_HASH);
        }

        /// The tallies computed at commit 873c231, before the changes for speed.
        const PINNED: [&[(u64, i128, i128)]; 5] = [
            &[
                (72, 170478239740, 404752830761966868006),
                (72, 168484434376, 395880928752587970490),
            ],
            &[
                (72, 167943667712, 395149276139841650688),
                (72, 163202400256, 389905669384130527232),
            ],
            &[
                (12, 26606438175, 60636405927218949589),
                (12, 30718727510, 82443909265273829200),
            ],
            &[(8, 17702759084, 39179116342138213920)],
            &[(24, 49413373952, 107091224299617002384)],
        ];
        const PINNED_CUBE: [(u64, i128, i128); 3] = [
            (12, 24721292823, 50929450626225581895),
            (12, 23420448889, 45767859548407591381),
            (12, 31248781968, 81373864540300162752),
        ];
        /// The hash of 629 values at commit 873c231.
        const PINNED_HASH: u64 = 0x7bca_e30a_2e56_92c5;
    }
}
