//! [`Match`]: a match of any [`Engine`] game, driven through its phases (RULES 3), with every method
//! of it in this file; and [`SavedMatch`], the saved form of a whole match.

use serde::{Deserialize, Serialize};

use super::log::{
    check_log, games_of, next_record, ActionKind, LineKind, LogError, MatchAction, MatchGame,
    MatchLog, PastGame, Replay,
};
use super::state::{MatchState, MatchStateData};
use super::view::{match_to_act, Drawn, Facts, ToAct, View};
use super::{CubeError, GameResult, MatchError, MatchPhase};
use crate::annotation::Annotations;
use crate::engine::{Forfeit, ForfeitReason, GameKind};
use crate::error::{
    DiceError, ForfeitError, OptionError, ParseError, PlayError, SetupError, WrongPhase,
};
use crate::keys::JsonKeys;
use crate::notation::Tags;
use crate::player::Player;

/// What match play asks of a game beyond its rules, records and view (RULES 3.6): whether a setup can
/// start a match, and the next game of a match. Implemented for both games in `matchplay/games.rs`.
pub trait InMatch: Drawn {
    /// Whether `setup` can start a match (RULES 3.6): a game from the starting position, without the
    /// pie rule (`invalid_option` otherwise).
    fn check_match_setup(setup: &Self::Setup) -> Result<(), OptionError>;

    /// The next game of a match (RULES 3.6): the same settings from the start, `first` to move, the
    /// dice generator (if any) going on from where this game left it.
    fn next_game(&self, first: Player) -> Self;
}

/// The options of a new match as plain data: the length, the cube, and the first game's setup (whose
/// `first` starts the match; later games alternate, RULES 3.6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchSetup<S> {
    /// The points to win, 1..=21.
    pub length: u32,
    /// Whether the doubling cube is used.
    pub cube: bool,
    /// The setup of the first game.
    pub game: S,
}

/// A match of any [`Engine`](crate::Engine) game that is [`InMatch`]: the match state, the current
/// game, every earlier game as it was played ([`Match::games`]) and the record tags. Moves go through
/// [`Match::act`], which refuses them while a double is pending or after the game ended, and records
/// the result when the game ends on the board; cube actions and resignations are logged in their
/// places.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match<G> {
    state: MatchState,
    game: G,
    log: MatchLog,
    tags: Tags,
    annotations: Annotations,
}

impl<G: InMatch> Match<G> {
    /// A new match (RULES 3): the length (1..=21) and the cube are checked, then the first game is made
    /// from `setup.game`, which must be a game from the start (no position string) without the pie rule
    /// (RULES 3.6); its `first` starts the match.
    pub fn new(setup: &MatchSetup<G::Setup>) -> Result<Match<G>, SetupError> {
        let state = MatchState::new(setup.length, setup.cube, Player::Red)?;
        G::check_match_setup(&setup.game)?;
        let game = G::new(&setup.game)?;
        let state = MatchState {
            first: game.turn(),
            ..state
        };
        Ok(Match {
            state,
            game,
            log: MatchLog::default(),
            tags: Tags::new(),
            annotations: Annotations::new(),
        })
    }

    /// Rebuilds a match from a restored state and game, checking that they agree: a game still on
    /// exactly when the state says so, a win on the board matching the last result, and a pending
    /// double only at the start of the doubler's turn. The earlier games are unknown (see
    /// [`MatchLog::known`](super::MatchLog::known)); the current one counts as known when nothing but
    /// moves can have happened in it (cube centred, no double pending, not ended by a drop or a
    /// resignation), so a match rebuilt in its first game still has a record. It has no tags.
    pub fn from_parts(state: MatchState, game: G) -> Result<Match<G>, ParseError> {
        let bad = |why: &str| Err(ParseError::new(format!("bad match: {why}")));
        if game.forfeited().is_some() {
            return bad("a game of a match is never forfeited alone: the match is");
        }
        let current = if state.game_over() {
            state.results().last().copied()
        } else {
            None
        };
        match (current, game.winner()) {
            (None, Some(_)) => return bad("the game has ended but the match does not record it"),
            (Some(r), Some(w)) if r.how != G::WIN.into() || r.winner != w => {
                return bad("the game's winner does not match the last result")
            }
            (Some(r), None) if r.how.on_the_board() => {
                return bad("the last result is a win on the board but the game is not over")
            }
            _ => {}
        }
        if let Some(p) = state.pending_double() {
            if game.turn() != p || !game.at_turn_start() {
                return bad("a double is pending but it is not the start of the doubler's turn");
            }
        }
        let log = MatchLog::unknown_before(&state);
        Ok(Match {
            state,
            game,
            log,
            tags: Tags::new(),
            annotations: Annotations::new(),
        })
    }

    /// The match state.
    pub fn state(&self) -> &MatchState {
        &self.state
    }

    /// The current game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The match state and the current game.
    pub fn into_parts(self) -> (MatchState, G) {
        (self.state, self.game)
    }

    /// The record tags of the match (RULES 4.1: names, event, ...).
    pub fn tags(&self) -> &Tags {
        &self.tags
    }

    /// Replaces the record tags.
    pub fn set_tags(&mut self, tags: Tags) {
        self.tags = tags;
    }

    /// The annotations of the match record's lines (RULES 4.3).
    pub fn annotations(&self) -> &Annotations {
        &self.annotations
    }

    /// Replaces the annotations, after checking that each names a record, cube or resignation line
    /// of a game whose play is known (`invalid_option` otherwise).
    pub fn set_annotations(&mut self, annotations: Annotations) -> Result<(), OptionError> {
        if !annotations.is_empty() {
            let games: Vec<Vec<bool>> = self
                .games()
                .iter()
                .map(|g| match g.history {
                    Some(_) if g.number >= self.log.known => {
                        g.log.iter().map(|l| l.kind != LineKind::Result).collect()
                    }
                    _ => Vec::new(),
                })
                .collect();
            annotations.check_places(&games)?;
        }
        self.annotations = annotations;
        Ok(())
    }

    /// The current game, to set its dice generator after a record was read.
    pub(crate) fn game_mut_for_record(&mut self) -> &mut G {
        &mut self.game
    }

    /// What the match waits for.
    pub fn phase(&self) -> MatchPhase {
        self.state.phase()
    }

    /// Applies `action` (a roll, setting the dice, a move) to the current game, phase `Playing` only
    /// (else `game_over` after the match, `wrong_phase` otherwise, and the game is not touched). When
    /// the game ends on the board, its result is recorded. `action` must leave the game unchanged when
    /// it fails.
    pub fn act<R, E: From<MatchError>>(
        &mut self,
        action: impl FnOnce(&mut G) -> Result<R, E>,
    ) -> Result<R, E> {
        match self.state.phase() {
            MatchPhase::Playing => {}
            MatchPhase::MatchOver => return Err(MatchError::MatchOver.into()),
            MatchPhase::Double => {
                return Err(MatchError::WrongPhase(WrongPhase::DoublePending).into())
            }
            MatchPhase::GameOver => {
                return Err(MatchError::WrongPhase(WrongPhase::StartNextGame).into())
            }
        }
        let out = action(&mut self.game)?;
        if let Some(w) = self.game.winner() {
            // Cannot fail: the phase is Playing and G::WIN is a win on the board.
            self.state.game_won(w, G::WIN.into())?;
        }
        Ok(out)
    }

    /// May the player to move double now ([`MatchState::can_double`] for the current game).
    pub fn can_double(&self) -> Result<(), CubeError> {
        self.state
            .can_double(self.game.turn(), self.game.at_turn_start())
    }

    /// The player to move doubles (see [`Match::can_double`]).
    pub fn double(&mut self) -> Result<(), CubeError> {
        let player = self.game.turn();
        self.state.double(player, self.game.at_turn_start())?;
        self.log_action(ActionKind::Double, player);
        Ok(())
    }

    /// The doubler's opponent takes ([`MatchState::take`]).
    pub fn take(&mut self) -> Result<(), MatchError> {
        let doubler = self.state.pending_double();
        self.state.take()?;
        if let Some(d) = doubler {
            self.log_action(ActionKind::Take, d.other());
        }
        Ok(())
    }

    /// The doubler's opponent drops; the game object stays as it was ([`MatchState::drop_double`]).
    pub fn drop_double(&mut self) -> Result<GameResult, MatchError> {
        let r = self.state.drop_double()?;
        self.log_action(ActionKind::Drop, r.winner.other());
        Ok(r)
    }

    /// `player` resigns; the game object stays as it was ([`MatchState::resign`]).
    pub fn resign(&mut self, player: Player) -> Result<GameResult, MatchError> {
        let r = self.state.resign(player)?;
        self.log_action(ActionKind::Resign, player);
        Ok(r)
    }

    /// Ends the match at once, whatever the score: `loser` ran out of time or abandoned it
    /// ([`MatchState::forfeit_match`]). The game object stays as it was and is not scored.
    pub fn forfeit(
        &mut self,
        loser: Player,
        reason: ForfeitReason,
    ) -> Result<Forfeit, ForfeitError> {
        self.state.forfeit_match(loser, reason)
    }

    /// Starts the next game ([`MatchState::next_game`]) and returns who starts it; the finished game
    /// joins [`Match::games`].
    pub fn next_game(&mut self) -> Result<Player, MatchError> {
        let crawford = self.state.crawford();
        let first = self.state.next_game()?;
        let next = self.game.next_game(first);
        let finished = std::mem::replace(&mut self.game, next);
        self.log.past.push(PastGame {
            crawford,
            history: Some(finished.history()),
            actions: std::mem::take(&mut self.log.actions),
        });
        Ok(first)
    }

    /// The games of the match as they were played (for saving).
    pub fn log(&self) -> &MatchLog {
        &self.log
    }

    /// Every game so far, the current one last (after [`Match::next_game`], the new game too).
    pub fn games(&self) -> Vec<MatchGame> {
        games_of(&self.state, &self.log, self.game.history(), G::mover_after)
    }

    /// Records a cube action or resignation of the current game at its place.
    fn log_action(&mut self, kind: ActionKind, player: Player) {
        let at = self.game.history_len() as u32;
        self.log.actions.push(MatchAction { at, player, kind });
    }

    /// Takes `log` as this match's games after checking that it replays to this match.
    fn with_log(mut self, log: MatchLog) -> Result<Match<G>, LogError> {
        check_log(&self, &mut self.clone(), &log)?;
        self.log = log;
        Ok(self)
    }

    /// The whole match as plain data (format 2); `with_rng: false` leaves the dice generator out.
    pub fn to_saved(&self, with_rng: bool) -> SavedMatch<G::State> {
        SavedMatch {
            format: 2,
            game: "match".into(),
            variant: G::KIND,
            state: self.state().to_data(),
            current: self.game().to_state(with_rng),
            log: Some(self.log.clone()),
            tags: self.tags.clone(),
            annotations: self.annotations.clone(),
        }
    }

    /// Restores a match saved by [`Match::to_saved`], checking the bookkeeping, the game, that they
    /// agree and (format 2) that the log of games replays to them (`parse_error` otherwise). A format-1
    /// state is read too: its earlier games are unknown, and the match has no record
    /// (its `to_record` is `wrong_phase`).
    pub fn from_saved(saved: &SavedMatch<G::State>) -> Result<Match<G>, ParseError> {
        if !(saved.format == 1 || saved.format == 2)
            || saved.game != "match"
            || saved.variant != G::KIND
        {
            return Err(ParseError::new(
                "bad JSON state: expected format 1 or 2, game 'match' and a matching variant",
            ));
        }
        let state = MatchState::from_data(saved.state.clone())?;
        let mut m = Match::from_parts(state, G::from_state(&saved.current)?)?;
        if saved.format == 1 {
            if saved.log.is_some() || !saved.tags.is_empty() || !saved.annotations.is_empty() {
                return Err(ParseError::new(
                    "bad JSON state: format 1 has no log, no tags and no annotations",
                ));
            }
            // Format 1 held the current game only: however little happened before, the match is
            // not known from its start, and has no record.
            m.log.known = m.state.game_number() + 1;
            return Ok(m);
        }
        let Some(log) = &saved.log else {
            return Err(ParseError::new("bad JSON state: format 2 needs its log"));
        };
        if m.game().custom_start() {
            return Err(ParseError::new(
                "bad match: its games start from the starting position",
            ));
        }
        let mut m = m
            .with_log(log.clone())
            .map_err(|e| ParseError::new(format!("bad match log: {e}")))?;
        m.tags = saved.tags.clone();
        m.set_annotations(saved.annotations.clone())
            .map_err(|e| ParseError::new(crate::notation::cat(&["annotations: ", &e.message])))?;
        Ok(m)
    }

    /// Who acts now: the player to move while a game is played ([`Drawn::to_act`]); the doubled player,
    /// to answer, while a double is pending; either player (`player: None`) to start the next game;
    /// nobody once the match is over.
    pub fn to_act(&self) -> Option<ToAct> {
        match self.state.phase() {
            MatchPhase::Playing => self.game.to_act(),
            _ => match_to_act(&self.state),
        }
    }

    /// The match as a user interface draws it: its current game's [`View`] with who acts in the
    /// match, the current game's result (also by a drop or resignation; by the match's forfeit when
    /// it ended the game, not when it came after the game's end) and its log with the cube actions
    /// (and the forfeit's line).
    pub fn view(&self) -> View {
        Facts::of(&self.game).in_match(&self.state, &self.log)
    }

    /// Game `number` (from 1) from its start, without a dice generator, with its first `step` records
    /// played (all of them when `step` is larger): the position a replay shows. A number that is not
    /// a game of the match so far is an `invalid_option`, a game whose records are unknown (before a
    /// restore from format 1) `wrong_phase`.
    pub fn replay_to(&self, number: u32, step: usize) -> Result<G, MatchError> {
        if number == 0 || number > self.state.game_number() {
            return Err(MatchError::Invalid(OptionError::new(
                "no game of this number in the match",
            )));
        }
        let history = match self.log.past.get(number as usize - 1) {
            Some(p) => p.history.clone(),
            None => Some(self.game.history()),
        }
        .ok_or(MatchError::WrongPhase(WrongPhase::RecordsUnknown))?;
        self.game
            .next_game(self.state.starter_of(number))
            .restart()
            .replay_prefix(&history, step)
            .map_err(|e| MatchError::WrongPhase(WrongPhase::Replay(Box::new(e))))
    }
}

/// The dice of a Jokerball match.
impl Match<crate::jokerball::Game> {
    /// Rolls the dice of the current game ([`Match::act`]).
    pub fn roll(&mut self) -> Result<crate::dice::Dice, DiceError> {
        self.act(|g| g.roll())
    }

    /// Sets the dice of the current game: the values are checked first, then the match's phase, then
    /// the game's ([`Match::act`]).
    pub fn set_dice(&mut self, distance: u8, direction: u8) -> Result<(), DiceError> {
        self.game.check_dice(distance, direction)?;
        self.act(|g| g.set_dice(distance, direction))
    }
}

impl<G: InMatch> Replay for Match<G> {
    fn state(&self) -> &MatchState {
        &self.state
    }
    fn turn(&self) -> Player {
        self.game.turn()
    }
    fn history_len(&self) -> usize {
        self.game.history_len()
    }
    fn record_at(&self, index: usize) -> Option<String> {
        self.game.record_at(index)
    }
    fn history(&self) -> Vec<String> {
        self.game.history()
    }
    fn record(&mut self, done: usize, text: &str) -> Result<(), PlayError> {
        self.act(|g| next_record(g, done, text))
    }
    fn apply(&mut self, kind: ActionKind, player: Player) -> Result<(), LogError> {
        match kind {
            ActionKind::Double => self.double().map_err(LogError::Cube),
            ActionKind::Take => self.take().map_err(LogError::Match),
            ActionKind::Drop => self.drop_double().map(|_| ()).map_err(LogError::Match),
            ActionKind::Resign => self.resign(player).map(|_| ()).map_err(LogError::Match),
        }
    }
    fn start_next(&mut self) -> Result<(), MatchError> {
        self.next_game().map(|_| ())
    }
    fn forfeit(&mut self, loser: Player, reason: ForfeitReason) -> Result<(), ForfeitError> {
        Match::forfeit(self, loser, reason).map(|_| ())
    }
    fn may_double(&self) -> bool {
        self.can_double().is_ok()
    }
    fn reset(&mut self, state: MatchState) {
        let game = self.game.next_game(state.starter());
        *self = Match {
            state,
            game,
            log: MatchLog::default(),
            tags: Tags::new(),
            annotations: Annotations::new(),
        };
    }
}

/// A whole match as plain data (the JSON state of a match): `{ format: 2, game: "match", variant,
/// match, current, log, tags, annotations }`, with `match` the bookkeeping, `current` the current game's own state,
/// `log` every game as it was played ([`MatchLog`]) and `tags` the record tags (left out when there are
/// none). Format 1, written before matches kept their games, has no `log` and no `tags`; it is still
/// read, its earlier games then unknown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonKeys)]
#[serde(deny_unknown_fields)]
pub struct SavedMatch<S> {
    /// 2 (1 for a state written before matches kept their games).
    pub format: u32,
    /// Always `"match"`.
    pub game: String,
    /// Which game the match plays.
    pub variant: GameKind,
    /// The match bookkeeping.
    #[serde(rename = "match")]
    pub state: MatchStateData,
    /// The current game's state.
    pub current: S,
    /// Every game as it was played (format 2; `None` in format 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub log: Option<MatchLog>,
    /// The record tags (format 2).
    #[serde(default, skip_serializing_if = "Tags::is_empty")]
    pub tags: Tags,
    /// The annotations of the record's lines (RULES 4.3; format 2), left out when there are none.
    #[serde(default, skip_serializing_if = "Annotations::is_empty")]
    pub annotations: Annotations,
}
