//! Analysis for players: win chances ([`Bot::evaluate`], [`Bot::evaluate_match`]), the ranked choices
//! of a turn ([`Bot::hint`]) and the review of a game or match, turn by turn, with the error of each
//! move and the luck of each roll ([`Bot::review`], [`Bot::review_match`]).
//!
//! Everything is judged by the bot at its level, so a review is as good as the bot that makes it:
//! `easy` (the learned evaluation one ply ahead) is quick and calibrated; `medium` and `hard` search
//! deeper. A review costs about one hint and one one-ply look at every roll per turn
//! (`tests/review_cost.rs`).
//!
//! - A move's **error** is the mover's chance of winning the game after the best choice less the
//!   chance after the move played (in a match's cube decisions: chances of winning the match).
//! - A Jokerball roll's **luck** is judged with one cheap look, as GNU Backgammon does, the same at
//!   every level: the mover's chance after the best turn for the dice thrown by one ply, less the
//!   mean of that one-ply best over every equally likely pair of dice, so the luck of a position's
//!   rolls sums to zero (at `medium` and `hard` that mean is the level's evaluation before the roll;
//!   at `easy` the learned evaluation only estimates it, so it does not stand in for it). It
//!   measures the dice, however well they were then played.

use super::base::Bot;
use super::cube::{away, cube_equities, match_equity, MatchEquity, DOUBLE_MARGIN};
use super::games::BotGame;
use super::net::P_ONE;
use super::rank::{split, Step};
use crate::error::{coded, ErrorCode, Nothing, ParseError, PlayError, WrongPhase};
use crate::keys::JsonKeys;
use crate::matchplay::{
    replay_action, replay_result, ActionKind, GameResult, LogError, Match, MatchAction, MatchLog,
    MatchPhase, MatchState, Replay,
};
use crate::player::{ByPlayer, Player};

/// A choice of [`Bot::hint`]: a Jokerball turn as `legalTurns()` writes it, or a Zola move.
///
/// The analysis types have no serde impl; their `serde` attributes name their JSON keys for
/// `JsonKeys` (the JavaScript binding's form).
#[derive(Debug, Clone, PartialEq, JsonKeys)]
pub struct Choice {
    /// The turn or move.
    #[serde(rename = "move")]
    pub choice: String,
    /// The mover's chance of winning the game after it.
    pub win: f64,
    /// The cells it names, of the part still to play ([`BotGame::choice_cells`]), to draw it.
    pub cells: Vec<String>,
}

/// One entry of a review: a move (Jokerball turn, Zola move or pass) or a cube decision.
#[derive(Debug, Clone, PartialEq, JsonKeys)]
#[serde(rename_all = "camelCase")]
pub struct Entry {
    /// The game's number in its match (1 for a lone game).
    pub game: u32,
    /// The record's number in its game, from 1 (for a cube decision, the record it precedes).
    pub index: u32,
    /// Who moved or decided.
    pub player: Player,
    /// The record as `history()` writes it, or `double`, `no-double`, `take`, `drop`.
    pub record: String,
    /// The player's chance after it: of winning the game (moves) or the match (cube decisions).
    pub win: f64,
    /// The best choice, written the same way.
    pub best: String,
    /// The cells the best choice names, each once ('off' left out), as [`LastMove::cells`] gives
    /// a record's and a hint's `cells` a choice's (none for a cube decision, a pass or `swap`).
    ///
    /// [`LastMove::cells`]: crate::engine::LastMove::cells
    pub best_cells: Vec<String>,
    /// The player's chance after the best choice.
    pub best_win: f64,
    /// `best_win - win`.
    pub error: f64,
    /// The luck of the roll (Jokerball moves), else `None`.
    pub luck: Option<f64>,
    /// A cube decision's three actions, as the review weighed them; `None` for a move.
    pub cube: Option<CubeChances>,
    /// `??` (error at least 0.10), `?` (0.05), `?!` (0.02) or empty.
    pub mark: &'static str,
}

/// The three actions of a cube decision in the chances of winning the match of the player on roll
/// (the doubler), as a review weighs them: not doubling (the dead cube's chance, with the value of
/// keeping the cube centred, [`DOUBLE_MARGIN`], when a double would be taken), doubling and the
/// opponent taking, doubling and the opponent dropping.
#[derive(Debug, Clone, Copy, PartialEq, JsonKeys)]
#[serde(rename_all = "camelCase")]
pub struct CubeChances {
    /// Not doubling.
    pub no_double: f64,
    /// Double, take.
    pub double_take: f64,
    /// Double, drop.
    pub double_drop: f64,
}

/// A player's totals over the entries of a review (of a game, or of every game of a match).
#[derive(Debug, Clone, Copy, PartialEq, Default, JsonKeys)]
#[serde(rename_all = "camelCase")]
pub struct Totals {
    /// The sum of the luck of the player's rolls.
    pub luck: f64,
    /// The chance lost by errors in moves: the sum of the errors of the player's move entries.
    pub error: f64,
    /// The player's move decisions: move entries with more than one legal choice (a pass, or a
    /// turn with a single legal choice, is not a decision).
    pub moves: u32,
    /// The chance lost by errors in cube decisions (chances of winning the match).
    pub cube_error: f64,
    /// The player's cube decision entries.
    pub cubes: u32,
    /// The mean error per decision: `(error + cube_error) / (moves + cubes)`, 0 without decisions.
    pub error_rate: f64,
    /// The performance rating: `500 * error_rate` (lower is better).
    pub rating: f64,
    /// The games the player won among those reviewed (a game not over is nobody's).
    pub wins: u32,
    /// The luck-adjusted result: `wins` less the player's luck plus the opponent's, the games the
    /// player would have won, on the bot's judgement, with average dice.
    pub adjusted: f64,
}

/// The review of a game or match.
#[derive(Debug, Clone, PartialEq, Default, JsonKeys)]
pub struct Review {
    /// Every entry, in the order of play.
    pub turns: Vec<Entry>,
    /// Red's totals over every game reviewed.
    pub red: Totals,
    /// Blue's totals over every game reviewed.
    pub blue: Totals,
    /// Each game's totals, by number from game 1 (a game before a restore from a format-1 state
    /// has only its winner).
    pub games: Vec<ByPlayer<Totals>>,
}

/// Each player's chance of winning the game and, for a match, the match.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Evaluation {
    /// The game.
    pub game: ByPlayer<f64>,
    /// The match (`None` for a lone game).
    pub matches: Option<ByPlayer<f64>>,
}

/// What the analysis needs of a match, whatever its game, beyond its replay: the bot's view of its
/// current game (object-safe, so that the analysis is written once for both games).
trait Judged: Replay {
    /// The bot's chance that the player to move wins the current game.
    fn win_chance(&self, bot: &mut Bot) -> f64;
    /// The bot's review of the next record of the current game ([`BotGame::bot_review`]).
    fn review_step(&self, bot: &mut Bot, record: &str) -> Result<Step, PlayError>;
    /// A cube action or resignation read from a match's log ([`replay_action`]).
    fn replay_action(&mut self, kind: ActionKind, player: Player) -> Result<(), LogError>;
}

impl<G: BotGame> Judged for Match<G> {
    fn win_chance(&self, bot: &mut Bot) -> f64 {
        bot.win_chance(self.game())
    }
    fn review_step(&self, bot: &mut Bot, record: &str) -> Result<Step, PlayError> {
        self.game().bot_review(bot, record)
    }
    fn replay_action(&mut self, kind: ActionKind, player: Player) -> Result<(), LogError> {
        replay_action(self, kind, player)
    }
}

/// The error mark of an error (the convention of backgammon programs).
fn mark(error: f64) -> &'static str {
    if error >= 0.10 {
        "??"
    } else if error >= 0.05 {
        "?"
    } else if error >= 0.02 {
        "?!"
    } else {
        ""
    }
}

fn chance(v: i32) -> f64 {
    f64::from(v) / f64::from(P_ONE)
}

/// The match-winning chance of not doubling: the dead cube's `nd`, plus the value of keeping the cube
/// centred ([`DOUBLE_MARGIN`], as the bot's own cube decisions count it) when a double would be
/// taken (`dt <= dp`).
fn kept(nd: f64, dt: f64, dp: f64) -> f64 {
    if dt <= dp {
        (nd + DOUBLE_MARGIN).min(1.0)
    } else {
        nd
    }
}

/// The chance that `me`, the player to move in the current game of `st`, wins the match, `p` its
/// chance of winning the game (`t` the match's table): the game's chance through the table at the
/// cube's value, a pending double as the doubled player would best answer it; after a game, the
/// table at the new score; after the match, 1 or 0.
pub(crate) fn match_chance(t: &MatchEquity, st: &MatchState, me: Player, p: f64) -> f64 {
    let done = st.crawford() || st.post_crawford();
    let (a, b) = (away(st, me), away(st, me.other()));
    match st.phase() {
        MatchPhase::MatchOver => f64::from(u8::from(st.winner() == Some(me))),
        MatchPhase::GameOver => t.at(a, b, done),
        phase => {
            let (nd, dt, dp) = cube_equities(t, a, b, i64::from(st.cube_value()), p, done);
            if phase == MatchPhase::Double {
                dt.min(dp)
            } else {
                nd
            }
        }
    }
}

/// Why a review failed: a record or an action that its game or match refused (with their code), a
/// step of its replay refused (`illegal_move`), or its progress report stopped it (`wrong_phase`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReviewError {
    /// A record that the review of its move refused, or an action the match refused.
    Play(PlayError),
    /// A step of the replay refused: the score sheet, a game's result, a cube action or a record.
    Refused(Refusal),
    /// A game before a restore from a format-1 state, with no result.
    NoResult,
    /// The progress report stopped the review.
    Stopped,
}

/// What the replay of a reviewed game or match refused (its message is the refusal's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal(LogError);

coded!(ReviewError, |out| {
    ReviewError::Play(e) => e.code(), e.write_message(out);
    ReviewError::Refused(Refusal(e)) => ErrorCode::IllegalMove, {
        out.push_str("illegal move: ");
        e.write_message(out);
    };
    ReviewError::NoResult => ErrorCode::IllegalMove,
        out.push_str("illegal move: a game before a restore from a format-1 state has no result");
    ReviewError::Stopped => ErrorCode::WrongPhase, out.push_str("the review was stopped");
});

impl From<PlayError> for ReviewError {
    fn from(e: PlayError) -> Self {
        ReviewError::Play(e)
    }
}

impl From<ParseError> for ReviewError {
    fn from(e: ParseError) -> Self {
        ReviewError::Play(e.into())
    }
}

impl From<crate::matchplay::MatchError> for ReviewError {
    fn from(e: crate::matchplay::MatchError) -> Self {
        ReviewError::Play(e.into())
    }
}

/// A step of a review's replay refused.
fn refused(e: LogError) -> ReviewError {
    ReviewError::Refused(Refusal(e))
}

/// A review's progress report: `(done, total)` records; `false` stops the review.
pub type Progress<'a> = &'a mut dyn FnMut(usize, usize) -> bool;

/// Counts the records reviewed and reports them.
struct Counter<'a> {
    done: usize,
    total: usize,
    report: Progress<'a>,
}

impl<'a> Counter<'a> {
    fn new(total: usize, report: Progress<'a>) -> Result<Counter<'a>, ReviewError> {
        let mut c = Counter {
            done: 0,
            total,
            report,
        };
        c.tell()?;
        Ok(c)
    }

    fn tell(&mut self) -> Result<(), ReviewError> {
        if (self.report)(self.done, self.total) {
            Ok(())
        } else {
            Err(ReviewError::Stopped)
        }
    }

    fn step(&mut self) -> Result<(), ReviewError> {
        self.done += 1;
        self.tell()
    }
}

impl Review {
    /// Adds an entry to the turns and to its player's totals in its game: a move (`Some(chose)`,
    /// a decision when the mover had a choice) or a cube decision (`None`).
    fn push(&mut self, e: Entry, chose: Option<bool>) {
        let n = e.game as usize;
        while self.games.len() < n {
            self.games.push(ByPlayer::default());
        }
        if let Some(g) = self.games.get_mut(n - 1) {
            let t = g.get_mut(e.player);
            match chose {
                Some(chose) => {
                    t.luck += e.luck.unwrap_or(0.0);
                    t.error += e.error;
                    t.moves += u32::from(chose);
                }
                None => {
                    t.cube_error += e.error;
                    t.cubes += 1;
                }
            }
        }
        self.turns.push(e);
    }

    /// The totals over all games (`games` of them, `results` those finished) from each game's.
    fn total(&mut self, games: u32, results: &[GameResult]) {
        while self.games.len() < games as usize {
            self.games.push(ByPlayer::default());
        }
        for (g, r) in self.games.iter_mut().zip(results) {
            g.get_mut(r.winner).wins = 1;
        }
        let mut all = ByPlayer::<Totals>::default();
        for g in &mut self.games {
            for (a, t) in [(&mut all.red, g.red), (&mut all.blue, g.blue)] {
                a.luck += t.luck;
                a.error += t.error;
                a.moves += t.moves;
                a.cube_error += t.cube_error;
                a.cubes += t.cubes;
                a.wins += t.wins;
            }
            rate(g);
        }
        rate(&mut all);
        (self.red, self.blue) = (all.red, all.blue);
    }
}
/// The error rates, ratings and luck-adjusted results of two players' sums.
fn rate(t: &mut ByPlayer<Totals>) {
    let net = t.red.luck - t.blue.luck;
    for (t, net) in [(&mut t.red, net), (&mut t.blue, -net)] {
        let n = t.moves + t.cubes;
        if n > 0 {
            t.error_rate = (t.error + t.cube_error) / f64::from(n);
        }
        t.rating = 500.0 * t.error_rate;
        t.adjusted = f64::from(t.wins) - net;
    }
}

/// An entry from chances (the error and mark follow).
fn entry(
    at: (u32, usize),
    player: Player,
    record: &str,
    win: f64,
    (best, best_cells): (String, Vec<String>),
    best_win: f64,
    luck: Option<f64>,
) -> Entry {
    let error = best_win - win;
    Entry {
        game: at.0,
        index: at.1 as u32 + 1,
        player,
        record: record.to_string(),
        win,
        best_cells,
        best,
        best_win,
        error,
        luck,
        cube: None,
        mark: mark(error),
    }
}

impl Bot {
    /// Each player's chance of winning `game` by this bot ([`Bot::evaluate`]), for the API.
    pub fn evaluate_game<G: BotGame>(&mut self, game: &G) -> Evaluation {
        Evaluation {
            game: self.evaluate(game),
            matches: None,
        }
    }

    /// Each player's chance of winning the current game and the match: the game's chance through the
    /// match equity table (the cube at its value; a pending double as the doubled player would best
    /// answer it; after a game, the table at the new score; after the match, 1 and 0).
    pub fn evaluate_match<G: BotGame>(&mut self, m: &Match<G>) -> Evaluation {
        self.evaluate_replay(m)
    }

    /// [`Bot::evaluate_match`] for any game.
    fn evaluate_replay(&mut self, m: &dyn Judged) -> Evaluation {
        let p = m.win_chance(self).clamp(0.0, 1.0);
        let st = m.state();
        let me = m.turn();
        let mine = match_chance(&match_equity(st.length()), st, me, p);
        // A game ended by a drop or resignation is over too: its winner is the last result's.
        let game = match st.results().last().filter(|_| st.game_over()) {
            Some(r) => split(r.winner, 1.0),
            None => split(me, p),
        };
        Evaluation {
            game,
            matches: Some(split(me, mine)),
        }
    }

    /// The choices now, ranked by this bot: in Jokerball (phases man and ball) one per string of
    /// `legal_turns()`, in Zola one per legal move (`swap` included), each with the mover's chance of
    /// winning the game after it. The first is the bot's own choice (what [`Bot::choose_move`] of a
    /// bot with the same level and seed plays); the list is in the order of the chances it shows, the
    /// first the highest, equal chances in notation order (the order of `legal_turns()`). Every chance
    /// comes from the search that ranked it: in Zola at `medium` and `hard` every move at the depth the
    /// bot's search reached; in Jokerball each turn with the deepest look the level's search gave it,
    /// the search going on until the turn of the highest chance has had its deepest look.
    /// `wrong_phase` when there is nothing to choose.
    pub fn hint<G: BotGame>(&mut self, game: &G) -> Result<Vec<Choice>, PlayError> {
        let ranked = game.bot_hint(self);
        if ranked.is_empty() {
            return Err(PlayError::WrongPhase(WrongPhase::NothingToChoose(
                Nothing::NoMove,
            )));
        }
        Ok(ranked
            .into_iter()
            .map(|r| Choice {
                cells: r.cells,
                choice: r.name,
                win: chance(r.win),
            })
            .collect())
    }

    /// The review of a lone game from its start to its last completed record. `progress(done, total)`
    /// is called before the first record and after each; when it returns `false` the review stops
    /// (`wrong_phase`).
    pub fn review<G: BotGame>(
        &mut self,
        game: &G,
        progress: Progress,
    ) -> Result<Review, ReviewError> {
        let g = game.restart();
        let mut m = Match::from_parts(alone(g.turn())?, g)?;
        self.review_alone(&mut m, &game.history(), progress)
    }

    /// [`Bot::review`] for any game, `m` its start as a 1-point match.
    fn review_alone(
        &mut self,
        m: &mut dyn Judged,
        history: &[String],
        progress: Progress,
    ) -> Result<Review, ReviewError> {
        let mut count = Counter::new(history.len(), progress)?;
        let mut out = Review::default();
        self.review_one(m, 1, history, &[], &mut count, &mut out)?;
        out.total(1, m.state().results());
        Ok(out)
    }

    /// The review of every wholly known game of a match (games before a restore from a format-1
    /// state are left out), with its cube decisions: at each turn start where the player to move
    /// could double, `double` or `no-double`, and the answer to each double, judged in chances of
    /// winning the match as the bot's cube decisions judge them: the game's chance through the match
    /// equity table, the cube dead, and not doubling credited with the value of the centred cube
    /// ([`DOUBLE_MARGIN`]) when the double would be taken. Progress as in [`Bot::review`].
    pub fn review_match<G: BotGame>(
        &mut self,
        m: &Match<G>,
        progress: Progress,
    ) -> Result<Review, ReviewError> {
        self.review_log(m, &mut m.clone(), m.log(), progress)
    }

    /// [`Bot::review_match`] for any game: each game replayed on `cur`, a match of the same game.
    fn review_log(
        &mut self,
        m: &dyn Judged,
        cur: &mut dyn Judged,
        log: &MatchLog,
        progress: Progress,
    ) -> Result<Review, ReviewError> {
        let st = m.state();
        let games: Vec<(Option<Vec<String>>, &[MatchAction])> = (1..=st.game_number())
            .map(|n| match log.past.get(n as usize - 1) {
                Some(p) => (
                    p.history.clone().filter(|_| n >= log.known),
                    p.actions.as_slice(),
                ),
                None => (
                    Some(m.history()).filter(|_| n >= log.known),
                    log.actions.as_slice(),
                ),
            })
            .collect();
        let total = games.iter().map(|g| g.0.as_ref().map_or(0, Vec::len)).sum();
        let mut count = Counter::new(total, progress)?;
        let mut out = Review::default();
        let mut sc = MatchState::new(st.length(), st.cube_enabled(), st.first())
            .map_err(|e| refused(LogError::Option(e)))?;
        for (number, (history, actions)) in (1..).zip(games) {
            if number > 1 {
                sc.next_game()?;
            }
            let Some(history) = history else {
                // Not wholly known (before a format-1 restore): its result stands.
                let r = st
                    .results()
                    .get(number as usize - 1)
                    .ok_or(ReviewError::NoResult)?;
                replay_result(&mut sc, r).map_err(|e| refused(LogError::Result(e)))?;
                continue;
            };
            cur.reset(sc.clone());
            self.review_one(cur, number, &history, actions, &mut count, &mut out)?;
            sc = cur.state().clone();
        }
        out.total(st.game_number(), sc.results());
        Ok(out)
    }

    /// The entries of game `number` (`history` its records, `actions` its cube actions) played on
    /// `cur`, a match at the game's start.
    fn review_one(
        &mut self,
        cur: &mut dyn Judged,
        number: u32,
        history: &[String],
        actions: &[MatchAction],
        count: &mut Counter<'_>,
        out: &mut Review,
    ) -> Result<(), ReviewError> {
        let t = match_equity(cur.state().length());
        let mut next = actions.iter().peekable();
        for i in 0..=history.len() {
            let at = (number, i);
            // The cube decisions before record i: the equities of the player on roll.
            let cube = if cur.state().phase() == MatchPhase::Playing
                && cur.history_len() <= i
                && cur.may_double()
            {
                let me = cur.turn();
                let p = cur.win_chance(self);
                let s = cur.state();
                let (nd, dt, dp) = cube_equities(
                    &t,
                    away(s, me),
                    away(s, me.other()),
                    i64::from(s.cube_value()),
                    p,
                    s.crawford() || s.post_crawford(),
                );
                let chances = CubeChances {
                    no_double: kept(nd, dt, dp),
                    double_take: dt,
                    double_drop: dp,
                };
                Some((me, dt.min(dp), chances, (1.0 - dt, 1.0 - dp)))
            } else {
                None
            };
            let mut doubled = false;
            while let Some(a) = next.next_if(|a| a.at as usize == i) {
                if let Some((me, double, chances, (take, drop))) = cube {
                    let nd = chances.no_double;
                    let (who, rec, win, best, best_win) = match a.kind {
                        ActionKind::Double => {
                            doubled = true;
                            let best = if double >= nd { "double" } else { "no-double" };
                            (me, "double", double, best, double.max(nd))
                        }
                        kind => {
                            let best = if take >= drop { "take" } else { "drop" };
                            let win = if kind == ActionKind::Take { take } else { drop };
                            (me.other(), kind.name(), win, best, take.max(drop))
                        }
                    };
                    if a.kind != ActionKind::Resign {
                        let best = (best.into(), Vec::new());
                        let mut e = entry(at, who, rec, win, best, best_win, None);
                        e.cube = Some(chances);
                        out.push(e, None);
                    }
                }
                cur.replay_action(a.kind, a.player).map_err(refused)?;
            }
            let Some(rec) = history.get(i) else { break };
            if let (Some((me, double, chances, _)), false) = (cube, doubled) {
                let nd = chances.no_double;
                let best = if double > nd { "double" } else { "no-double" };
                let best = (best.into(), Vec::new());
                let mut e = entry(at, me, "no-double", nd, best, nd.max(double), None);
                e.cube = Some(chances);
                out.push(e, None);
            }
            if cur.state().phase() != MatchPhase::Playing {
                break;
            }
            self.review_record(cur, at, rec, out)?;
            cur.record(i, rec).map_err(|e| refused(LogError::Play(e)))?;
            count.step()?;
        }
        Ok(())
    }

    /// The entry of record `at.1` (from 0) of game `at.0`, played next on the current game of `m`.
    fn review_record(
        &mut self,
        m: &dyn Judged,
        at: (u32, usize),
        rec: &str,
        out: &mut Review,
    ) -> Result<(), PlayError> {
        if m.history_len() > at.1 {
            // A pass the game made itself: the passer had no choice.
            let v = 1.0 - m.win_chance(self);
            // A pass names no cell.
            let e = entry(
                at,
                m.turn().other(),
                rec,
                v,
                (rec.into(), Vec::new()),
                v,
                None,
            );
            out.push(e, Some(false));
            return Ok(());
        }
        let s = m.review_step(self, rec)?;
        let (best, best_win) = if s.win > s.best_win {
            ((rec.to_string(), s.cells), s.win)
        } else {
            ((s.best, s.best_cells), s.best_win)
        };
        let luck = s.luck.map(|l| l / f64::from(P_ONE));
        out.push(
            entry(
                at,
                m.turn(),
                rec,
                chance(s.win),
                best,
                chance(best_win),
                luck,
            ),
            Some(s.chose),
        );
        Ok(())
    }
}

/// The score sheet of a lone game reviewed as a 1-point match without the cube.
fn alone(first: Player) -> Result<MatchState, ReviewError> {
    MatchState::new(1, false, first).map_err(|e| refused(LogError::Option(e)))
}
