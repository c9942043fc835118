//! The games of a match as they were played: each finished game's records and its cube actions and
//! resignation in their places ([`MatchLog`]), what [`Match::games`] shows of every game, and the
//! check that a saved log replays to the saved match.
//!
//! The replay is written once, against [`Replay`] (what it needs of a match, whatever its game), so
//! that the package carries one copy of it for both games. The lines of a game as a record writes
//! them (records, cube actions, results) are made here too, for [`MatchGame::lines`] and the records.

use serde::{Deserialize, Serialize};

use super::restore::{replay_result, ResultError};
use super::state::{next_crawford_flags, MatchState};
use super::{CubeError, GameResult, MatchError, MatchPhase};
use super::{GameEnd, GameWon};
use crate::engine::{Engine, Forfeit, ForfeitReason};
use crate::error::{coded, ErrorCode, ForfeitError, OptionError, PlayError, WrongPhase};
use crate::keys::JsonKeys;
use crate::notation::push_num;
use crate::player::{ByPlayer, Player};

/// What a player did outside the moves of a game (RULES 3.2, 3.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ActionKind {
    /// Offered a double.
    Double,
    /// Took a double.
    Take,
    /// Dropped a double (the game ends).
    Drop,
    /// Resigned the game.
    Resign,
}

impl ActionKind {
    /// The name used in JSON: `"double"`, `"take"`, `"drop"`, `"resign"`.
    pub const fn name(self) -> &'static str {
        match self {
            ActionKind::Double => "double",
            ActionKind::Take => "take",
            ActionKind::Drop => "drop",
            ActionKind::Resign => "resign",
        }
    }
}

/// A cube action or a resignation, placed among its game's records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonKeys)]
#[serde(deny_unknown_fields)]
pub struct MatchAction {
    /// How many of the game's completed records came before it.
    pub at: u32,
    /// Who acted: the doubler, the taker, the dropper, the player who resigned.
    pub player: Player,
    /// What was done.
    pub kind: ActionKind,
}

/// A finished game of a match as it was played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonKeys)]
#[serde(deny_unknown_fields)]
pub struct PastGame {
    /// Whether it was the Crawford game (RULES 3.4).
    pub crawford: bool,
    /// Its completed records (`None`: unknown, a game before a restore from a format-1 state).
    pub history: Option<Vec<String>>,
    /// Its cube actions and resignation, in order.
    pub actions: Vec<MatchAction>,
}

/// The games of a match as they were played: the finished ones, and the cube actions of the current
/// one (whose records its game object holds).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonKeys)]
#[serde(deny_unknown_fields)]
pub struct MatchLog {
    /// The number of the first game whose play is wholly known: 1, unless the match was restored
    /// from a format-1 state, which held only the current game.
    pub known: u32,
    /// The finished games, in order.
    pub past: Vec<PastGame>,
    /// The current game's cube actions and resignation.
    pub actions: Vec<MatchAction>,
}

impl Default for MatchLog {
    fn default() -> Self {
        MatchLog {
            known: 1,
            past: Vec::new(),
            actions: Vec::new(),
        }
    }
}

/// One game of a match as [`Match::games`](super::Match::games) shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonKeys)]
pub struct MatchGame {
    /// Its number, from 1.
    pub number: u32,
    /// Who started it (RULES 3.6).
    pub first: Player,
    /// Whether it was (or is) the Crawford game.
    pub crawford: bool,
    /// Its completed records (`None` for a game before a restore from a format-1 state).
    pub history: Option<Vec<String>>,
    /// Its body lines as a record writes them, without the record numbers: records, cube actions,
    /// resignation, result.
    pub lines: Vec<String>,
    /// Its result, once it has ended.
    pub result: Option<GameResult>,
    /// Its lines typed, with who made each: `lines` with their kinds, movers and places (as `view().log`
    /// gives the current game's).
    pub log: Vec<LogEntry>,
}

/// What a line of a game's log is (JS: `'record'`, `'double'`, `'take'`, `'drop'`, `'resign'`,
/// `'result'`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LineKind {
    /// A completed record: a Jokerball turn, a Zola move, `swap` or a pass.
    Record,
    /// A double offered.
    Double,
    /// A double taken.
    Take,
    /// A double dropped.
    Drop,
    /// A resignation.
    Resign,
    /// The game's result.
    Result,
}

impl LineKind {
    /// The name used in JavaScript.
    pub const fn name(self) -> &'static str {
        match self {
            LineKind::Record => "record",
            LineKind::Double => "double",
            LineKind::Take => "take",
            LineKind::Drop => "drop",
            LineKind::Resign => "resign",
            LineKind::Result => "result",
        }
    }
}

impl From<ActionKind> for LineKind {
    fn from(kind: ActionKind) -> LineKind {
        match kind {
            ActionKind::Double => LineKind::Double,
            ActionKind::Take => LineKind::Take,
            ActionKind::Drop => LineKind::Drop,
            ActionKind::Resign => LineKind::Resign,
        }
    }
}

/// One line of a game's log, as a record's body writes it, typed: what it is, who made it, where.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonKeys)]
pub struct LogEntry {
    /// What the line is.
    pub kind: LineKind,
    /// Who made the record, doubled, took, dropped or resigned; the winner of a result.
    pub player: Player,
    /// The number of the game's records played once this line is reached: a record's own number
    /// (from 1); for a cube action, resignation or result, the records before it.
    pub step: u32,
    /// The line as a record writes it, without its number: the record itself (`2/3 b3-d3 f6>h6`,
    /// `c3xd3`, `swap`, `-`), `Red doubles`, `Blue takes`, `Blue drops`, `Red resigns`, `Red wins`
    /// (a lone game), `Blue wins 2 points`, `Red wins 1 point and the match`.
    pub text: String,
}

impl MatchLog {
    /// The log of a match known only by its bookkeeping and current game (a format-1 state): the
    /// earlier games unknown, the current one wholly known only when nothing but moves can have
    /// happened in it (the cube centred, no double pending, not ended by a drop or resignation).
    pub(super) fn unknown_before(st: &MatchState) -> MatchLog {
        let mut score = ByPlayer::new(0, 0);
        let (mut crawford, mut post) = (false, false);
        let mut past = Vec::new();
        for r in st.results().iter().take(st.game_number() as usize - 1) {
            past.push(PastGame {
                crawford,
                history: None,
                actions: Vec::new(),
            });
            *score.get_mut(r.winner) += r.points;
            (crawford, post) = next_crawford_flags(st.length(), score, crawford, post);
        }
        let ended_off_the_board =
            st.game_over() && st.results().last().is_some_and(|r| !r.how.on_the_board());
        let hidden = st.pending_double().is_some() || st.cube_value() > 1 || ended_off_the_board;
        MatchLog {
            known: st.game_number() + u32::from(hidden),
            past,
            actions: Vec::new(),
        }
    }
}

/// What a match's log and the records ask of a game beyond its rules (RULES 4): its completed records
/// one by one, who made each, whether it began from a position string, and its result. Implemented for both games
/// in `matchplay/games.rs`.
pub trait Logged: Engine {
    /// Who makes the record after `record`, made by `mover`: the other player, but in Zola the same
    /// colour after `swap` (RULES 2.2).
    fn mover_after(_record: &str, mover: Player) -> Player {
        mover.other()
    }

    /// Who made each completed record (as [`Engine::history`] lists them).
    fn movers(&self) -> Vec<Player> {
        movers::<Self>(self.first(), &self.history())
    }

    /// The completed record at `index` (from 0), as [`Engine::history`] writes it.
    fn record_at(&self, index: usize) -> Option<String> {
        self.history().into_iter().nth(index)
    }

    /// Plays the next completed record as [`Engine::history`] writes it: a Jokerball turn record from
    /// the start of a turn, a Zola move or `swap` (passes are made by the game itself, never played).
    /// On error the game may be left part-way (play on a copy, or drop it).
    fn play_record(&mut self, record: &str) -> Result<(), PlayError> {
        self.play(record).map(|_| ())
    }

    /// Whether the game began from a position that no standard setup makes (from a position string:
    /// its record then writes that string; a match's games never do).
    fn custom_start(&self) -> bool;

    /// The game's result once it ended: the forfeit's, or the winner on the board and
    /// [`Engine::WIN`](crate::Engine::WIN).
    fn outcome(&self) -> Option<GameWon> {
        match self.forfeited() {
            Some(f) => Some(f.into()),
            None => self.winner().map(|winner| GameWon {
                winner,
                how: Self::WIN.into(),
            }),
        }
    }
}

/// Who made each record of `history`, the first made by `first` (see [`Logged::mover_after`]).
pub fn movers<G: Logged>(first: Player, history: &[String]) -> Vec<Player> {
    let mut p = first;
    history
        .iter()
        .map(|rec| {
            let me = p;
            p = G::mover_after(rec, me);
            me
        })
        .collect()
}

/// Plays record `done` (from 0) of `game` as [`Engine::history`] writes it; a record the game made
/// itself (Zola's automatic pass) must be written as it stands.
pub(crate) fn next_record<G: Logged>(
    game: &mut G,
    done: usize,
    text: &str,
) -> Result<(), PlayError> {
    if game.history_len() > done {
        return match game.record_at(done) {
            Some(r) if r == text => Ok(()),
            Some(r) => Err(PlayError::WrongPhase(WrongPhase::MadeByGame {
                expected: r,
            })),
            None => Err(PlayError::WrongPhase(WrongPhase::NoSuchRecord)),
        };
    }
    game.play_record(text)
}

/// Why the games of a match (a saved log, or a record's body) do not replay: what the match or its
/// game refused, or where the log disagrees with the match (code `parse_error` but for the refusals,
/// which keep theirs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum LogError {
    /// A record refused by the game.
    Play(PlayError),
    /// A double refused by the cube rules.
    Cube(CubeError),
    /// A take, drop, resignation or next game refused by the match.
    Match(MatchError),
    /// A forfeit of a game or match already over.
    Forfeit(ForfeitError),
    /// The match's settings refused.
    Option(OptionError),
    /// A game result that cannot be recorded.
    Result(ResultError),
    /// A double by the player not to move (who is).
    NotTheirDouble(Player),
    /// An answer by the player who doubled (who did).
    NotTheirAnswer(Player),
    /// An action whose place is after the game's last record.
    ActionOutOfPlace,
    /// A record made by the game itself (a pass) left out.
    PassMissing,
    /// The log's entries do not fit the match's game number.
    Entries,
    /// A Crawford flag that does not follow from the results.
    Crawford,
    /// A finished game without its result.
    ResultMissing,
    /// A finished game without its records.
    RecordsMissing,
    /// A finished game whose records do not end it.
    DidNotEnd,
    /// The replayed games do not give the saved match.
    ScoreDisagrees,
    /// The records of a game do not give its result.
    RecordsDisagree,
}

coded!(LogError, |out| {
    LogError::Play(e) => e.code(), e.write_message(out);
    LogError::Cube(e) => e.code(), e.write_message(out);
    LogError::Match(e) => e.code(), e.write_message(out);
    LogError::Forfeit(e) => e.code(), e.write_message(out);
    LogError::Option(e) => e.code(), e.write_message(out);
    LogError::Result(e) => e.code(), e.write_message(out);
    LogError::NotTheirDouble(to_move) => ErrorCode::WrongPhase, {
        out.push_str(colour(*to_move));
        out.push_str(" is to move: only ");
        out.push_str(colour(*to_move));
        out.push_str(" may double now");
    };
    LogError::NotTheirAnswer(doubler) => ErrorCode::WrongPhase, {
        out.push_str(colour(*doubler));
        out.push_str(" doubled: only ");
        out.push_str(colour(doubler.other()));
        out.push_str(" may answer");
    };
    LogError::ActionOutOfPlace => ErrorCode::ParseError, out.push_str("an action is out of place");
    LogError::PassMissing => ErrorCode::ParseError,
        out.push_str("a record made by the game itself is missing");
    LogError::Entries => ErrorCode::ParseError,
        out.push_str("it needs one entry per finished game and a game number in known");
    LogError::Crawford => ErrorCode::ParseError, out.push_str("a Crawford flag is wrong");
    LogError::ResultMissing => ErrorCode::ParseError, out.push_str("a result is missing");
    LogError::RecordsMissing => ErrorCode::ParseError, out.push_str("a game's records are missing");
    LogError::DidNotEnd => ErrorCode::ParseError, out.push_str("a finished game did not end");
    LogError::ScoreDisagrees => ErrorCode::ParseError,
        out.push_str("the games do not lead to the saved score, cube and results");
    LogError::RecordsDisagree => ErrorCode::ParseError,
        out.push_str("a game's records do not agree with its result");
});

/// What the replay of a match's games needs of a match, whatever its game (object-safe: the replay,
/// the check of a saved log and the record reader are written once for both games).
pub(crate) trait Replay {
    /// The match state.
    fn state(&self) -> &MatchState;
    /// The player to move in the current game.
    fn turn(&self) -> Player;
    /// The number of completed records of the current game.
    fn history_len(&self) -> usize;
    /// A completed record of the current game.
    fn record_at(&self, index: usize) -> Option<String>;
    /// The completed records of the current game.
    fn history(&self) -> Vec<String>;
    /// Plays record `done` (from 0) of the current game through the match.
    fn record(&mut self, done: usize, text: &str) -> Result<(), PlayError>;
    /// A cube action or resignation, as the API does it.
    fn apply(&mut self, kind: ActionKind, player: Player) -> Result<(), LogError>;
    /// Starts the next game.
    fn start_next(&mut self) -> Result<(), MatchError>;
    /// Ends the match by a forfeit of `loser`.
    fn forfeit(&mut self, loser: Player, reason: ForfeitReason) -> Result<(), ForfeitError>;
    /// Makes this a match at `state` (phase playing) whose current game is a fresh one of its kind,
    /// started by `state`'s starter, without log or tags (a scratch match for replays).
    fn reset(&mut self, state: MatchState);
    /// May the player to move double now.
    fn may_double(&self) -> bool;
}

/// `Red` or `Blue`.
pub(crate) fn colour(p: Player) -> &'static str {
    match p {
        Player::Red => "Red",
        Player::Blue => "Blue",
    }
}

/// The verb of an action line.
fn verb(kind: ActionKind) -> &'static str {
    match kind {
        ActionKind::Double => " doubles",
        ActionKind::Take => " takes",
        ActionKind::Drop => " drops",
        ActionKind::Resign => " resigns",
    }
}

/// The line of a cube action or resignation: `Red doubles`, `Blue takes`, ...
pub(crate) fn action_line(a: &MatchAction) -> String {
    let mut s = String::from(colour(a.player));
    s.push_str(verb(a.kind));
    s
}

/// The result line of a game of a match: `Red wins 1 point`, `Blue wins 4 points and the match`.
pub(crate) fn match_result_line(winner: Player, points: u32, match_won: bool) -> String {
    let mut s = String::from(colour(winner));
    s.push_str(" wins ");
    push_num(&mut s, points as usize);
    s.push_str(if points == 1 { " point" } else { " points" });
    if match_won {
        s.push_str(" and the match");
    }
    s
}

/// The words after `Red wins` that say a forfeit's reason (RULES 4.3).
fn forfeit_words(reason: ForfeitReason) -> &'static str {
    match reason {
        ForfeitReason::Time => " on time",
        ForfeitReason::Abandoned => " by abandonment",
    }
}

/// The result line of a lone game: `Red wins`, or for a forfeit `Red wins on time`, `Red wins by
/// abandonment` (RULES 4.3).
pub(crate) fn lone_result_line(won: GameWon) -> String {
    let mut s = String::from(colour(won.winner));
    s.push_str(" wins");
    match won.how {
        GameEnd::Time => s.push_str(forfeit_words(ForfeitReason::Time)),
        GameEnd::Abandoned => s.push_str(forfeit_words(ForfeitReason::Abandoned)),
        _ => {}
    }
    s
}

/// The line of a match's forfeit: `Red wins the match on time`, `Red wins the match by abandonment`
/// (RULES 4.3).
pub(crate) fn match_forfeit_line(f: Forfeit) -> String {
    let mut s = String::from(colour(f.winner));
    s.push_str(" wins the match");
    s.push_str(forfeit_words(f.how));
    s
}

/// Reads a forfeit's result line (RULES 4.3): a lone game's (`Red wins on time`) or, `in_match`, a
/// match's (`Red wins the match by abandonment`).
pub(crate) fn read_forfeit_line(line: &str, in_match: bool) -> Option<Forfeit> {
    let (winner, rest) = if let Some(rest) = line.strip_prefix("Red wins") {
        (Player::Red, rest)
    } else {
        (Player::Blue, line.strip_prefix("Blue wins")?)
    };
    let rest = if in_match {
        rest.strip_prefix(" the match")?
    } else {
        rest
    };
    let how = [ForfeitReason::Time, ForfeitReason::Abandoned]
        .into_iter()
        .find(|&r| rest == forfeit_words(r))?;
    Some(Forfeit { winner, how })
}

/// The log of one game (the `lines` of a match's games, typed): each record with its mover (the
/// first made by `first`, each next one by `after`), the actions placed before the record they
/// precede, then the result line and its winner.
pub(crate) fn body_lines(
    history: &[String],
    first: Player,
    after: fn(&str, Player) -> Player,
    actions: &[MatchAction],
    result: Option<(Player, String)>,
) -> Vec<LogEntry> {
    let mut out = Vec::with_capacity(history.len() + actions.len() + 1);
    let mut next = actions.iter().peekable();
    let action = |a: &MatchAction| LogEntry {
        kind: a.kind.into(),
        player: a.player,
        step: a.at,
        text: action_line(a),
    };
    let mut mover = first;
    for (i, rec) in history.iter().enumerate() {
        while let Some(a) = next.next_if(|a| a.at as usize <= i) {
            out.push(action(a));
        }
        out.push(LogEntry {
            kind: LineKind::Record,
            player: mover,
            step: i as u32 + 1,
            text: rec.clone(),
        });
        mover = after(rec, mover);
    }
    for a in next {
        out.push(action(a));
    }
    if let Some((winner, text)) = result {
        out.push(LogEntry {
            kind: LineKind::Result,
            player: winner,
            step: history.len() as u32,
            text,
        });
    }
    out
}

/// The log of a lone game: its records with their movers, then its result.
pub fn lone_log<G: Logged>(game: &G) -> Vec<LogEntry> {
    body_lines(
        &game.history(),
        game.first(),
        G::mover_after,
        &[],
        game.outcome().map(|w| (w.winner, lone_result_line(w))),
    )
}

/// A cube action or resignation read from a record or a saved log: `player` must be the one who can
/// do it now (the player to move doubles, the doubled player answers).
pub(crate) fn replay_action(
    m: &mut dyn Replay,
    kind: ActionKind,
    player: Player,
) -> Result<(), LogError> {
    let pending = m.state().pending_double();
    let to_move = m.turn();
    if kind == ActionKind::Double && m.state().phase() == MatchPhase::Playing && to_move != player {
        return Err(LogError::NotTheirDouble(to_move));
    }
    if matches!(kind, ActionKind::Take | ActionKind::Drop) && pending == Some(player) {
        return Err(LogError::NotTheirAnswer(player));
    }
    m.apply(kind, player)
}

/// Replays one game's records and actions on the current game of `m` (a fresh game).
fn replay_game(
    m: &mut dyn Replay,
    history: &[String],
    actions: &[MatchAction],
) -> Result<(), LogError> {
    let mut next = actions.iter().peekable();
    for (i, rec) in history.iter().enumerate() {
        while let Some(a) = next.next_if(|a| a.at as usize == i) {
            replay_action(m, a.kind, a.player)?;
        }
        m.record(i, rec).map_err(LogError::Play)?;
    }
    for a in next {
        if a.at as usize != history.len() {
            return Err(LogError::ActionOutOfPlace);
        }
        replay_action(m, a.kind, a.player)?;
    }
    if m.history_len() != history.len() {
        return Err(LogError::PassMissing);
    }
    Ok(())
}

/// Checks that `log` replays to the match `m`: every wholly known game replayed with its cube actions
/// from the start gives the saved results, cube, pending double and Crawford flags; a game not wholly
/// known (before a format-1 restore) must agree with its result. The games are replayed on
/// `scratch`, a match of the same game.
pub(super) fn check_log(
    m: &dyn Replay,
    scratch: &mut dyn Replay,
    log: &MatchLog,
) -> Result<(), LogError> {
    let st = m.state();
    let n = st.game_number();
    if log.past.len() as u64 + 1 != u64::from(n) || log.known == 0 || log.known > n + 1 {
        return Err(LogError::Entries);
    }
    let mut sc =
        MatchState::new(st.length(), st.cube_enabled(), st.first()).map_err(LogError::Option)?;
    for number in 1..=n {
        if number > 1 {
            sc.next_game().map_err(LogError::Match)?;
        }
        let past = log.past.get(number as usize - 1);
        let actions = past.map_or(log.actions.as_slice(), |p| p.actions.as_slice());
        if past.map_or(st.crawford(), |p| p.crawford) != sc.crawford() {
            return Err(LogError::Crawford);
        }
        if number < log.known {
            // Not wholly known: its result stands; its records, when known, must agree with it.
            if let Some(p) = past {
                let r = st
                    .results()
                    .get(number as usize - 1)
                    .ok_or(LogError::ResultMissing)?;
                if let Some(h) = &p.history {
                    let alone = MatchState::new(st.length(), false, sc.starter());
                    check_records(scratch, alone, h, r)?;
                }
                replay_result(&mut sc, r).map_err(LogError::Result)?;
            }
            continue;
        }
        let history = match past {
            Some(p) => p.history.clone().ok_or(LogError::RecordsMissing)?,
            None => m.history(),
        };
        scratch.reset(sc);
        replay_game(scratch, &history, actions)?;
        if past.is_some() && !scratch.state().game_over() {
            return Err(LogError::DidNotEnd);
        }
        sc = scratch.state().clone();
    }
    if let Some(f) = st.forfeit().filter(|_| log.known <= n) {
        sc.forfeit_match(f.winner.other(), f.how)
            .map_err(LogError::Forfeit)?;
    }
    if log.known <= n && sc != *st {
        return Err(LogError::ScoreDisagrees);
    }
    Ok(())
}

/// The records of a game whose cube actions are unknown (before a format-1 restore) must agree with
/// its result: a win on the board by its winner, or (a drop, a resignation) a game still on.
fn check_records(
    bare: &mut dyn Replay,
    alone: Result<MatchState, OptionError>,
    history: &[String],
    r: &GameResult,
) -> Result<(), LogError> {
    bare.reset(alone.map_err(LogError::Option)?);
    for (i, rec) in history.iter().enumerate() {
        bare.record(i, rec).map_err(LogError::Play)?;
    }
    let ok = match bare.state().results().first() {
        Some(w) => w.winner == r.winner && w.how == r.how,
        None => !r.how.on_the_board(),
    };
    if !ok || bare.history_len() != history.len() {
        return Err(LogError::RecordsDisagree);
    }
    Ok(())
}

/// The records of game `number` (`None`: unknown) and its log; `after` says who moves after a record.
pub(crate) fn game_body(
    st: &MatchState,
    log: &MatchLog,
    number: u32,
    current: &mut Option<Vec<String>>,
    after: fn(&str, Player) -> Player,
) -> (Option<Vec<String>>, Vec<LogEntry>) {
    let (history, actions) = match log.past.get(number as usize - 1) {
        Some(p) => (p.history.clone(), p.actions.as_slice()),
        None => (current.take(), log.actions.as_slice()),
    };
    let result = st.results().get(number as usize - 1).map(|r| {
        let last = number == st.game_number() && st.score_winner().is_some();
        (r.winner, match_result_line(r.winner, r.points, last))
    });
    let history_len = history.as_ref().map_or(0, Vec::len);
    let mut lines = body_lines(
        history.as_deref().unwrap_or_default(),
        st.starter_of(number),
        after,
        if history.is_some() { actions } else { &[] },
        result,
    );
    // A forfeit ends the match in its last game: its line comes last (after the game's own result
    // when the game had ended before it).
    if let Some(f) = st.forfeit().filter(|_| number == st.game_number()) {
        lines.push(LogEntry {
            kind: LineKind::Result,
            player: f.winner,
            step: history_len as u32,
            text: match_forfeit_line(f),
        });
    }
    (history, lines)
}

/// Every game of a match: from its state, its log and the current game's records.
pub(super) fn games_of(
    st: &MatchState,
    log: &MatchLog,
    current: Vec<String>,
    after: fn(&str, Player) -> Player,
) -> Vec<MatchGame> {
    let mut current = Some(current);
    (1..=st.game_number())
        .map(|number| {
            let (history, log_lines) = game_body(st, log, number, &mut current, after);
            MatchGame {
                number,
                first: st.starter_of(number),
                crawford: log
                    .past
                    .get(number as usize - 1)
                    .map_or(st.crawford(), |p| p.crawford),
                history,
                lines: log_lines.iter().map(|l| l.text.clone()).collect(),
                result: st.results().get(number as usize - 1).copied(),
                log: log_lines,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forfeit_lines_read_back_what_is_written_and_nothing_else() {
        for f in [
            Forfeit::of(Player::Red, ForfeitReason::Time),
            Forfeit::of(Player::Blue, ForfeitReason::Abandoned),
        ] {
            let lone = lone_result_line(f.into());
            assert_eq!(read_forfeit_line(&lone, false), Some(f));
            assert_eq!(read_forfeit_line(&lone, true), None);
            let in_match = match_forfeit_line(f);
            assert_eq!(read_forfeit_line(&in_match, true), Some(f));
            assert_eq!(read_forfeit_line(&in_match, false), None);
        }
        assert_eq!(
            lone_result_line(Forfeit::of(Player::Blue, ForfeitReason::Time).into()),
            "Red wins on time"
        );
        for bad in [
            "Red wins",
            "Red wins 1 point",
            "Red wins at time",
            "Red wins on time and the match",
            "Green wins on time",
            "red wins on time",
            "Red wins the match",
            "Red wins the match on time",
        ] {
            assert_eq!(read_forfeit_line(bad, false), None, "{bad}");
        }
        assert_eq!(read_forfeit_line("Red wins by abandonment", true), None);
    }
}
