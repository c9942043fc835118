//! [`Match`]: a match of any [`Engine`] game, driven through its phases (RULES 3).

use serde::{Deserialize, Serialize};

use super::log::{ActionKind, MatchLog, PastGame};
use super::state::MatchState;
use super::{CubeError, GameResult, MatchError, MatchPhase};
use crate::engine::Engine;
use crate::error::{DiceError, ParseError, SetupError};
use crate::player::Player;
use crate::record::Tags;

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

/// A match of any [`Engine`] game: the match state, the current game, every earlier game as it was
/// played ([`Match::games`]) and the record tags. Moves go through [`Match::act`], which refuses them
/// while a double is pending or after the game ended, and records the result when the game ends on the
/// board; cube actions and resignations are logged in their places.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match<G> {
    pub(super) state: MatchState,
    pub(super) game: G,
    pub(super) log: MatchLog,
    pub(super) tags: Tags,
}

impl<G: Engine> Match<G> {
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
        let current = if state.game_over() {
            state.results().last().copied()
        } else {
            None
        };
        match (current, game.winner()) {
            (None, Some(_)) => return bad("the game has ended but the match does not record it"),
            (Some(r), Some(w)) if r.how != G::WIN || r.winner != w => {
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
                return Err(MatchError::WrongPhase(
                    "a double is pending: take, drop or resign".into(),
                )
                .into())
            }
            MatchPhase::GameOver => {
                return Err(
                    MatchError::WrongPhase("the game is over: start the next game".into()).into(),
                )
            }
        }
        let out = action(&mut self.game)?;
        if let Some(w) = self.game.winner() {
            // Cannot fail: the phase is Playing and G::WIN is a win on the board.
            self.state.game_won(w, G::WIN)?;
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
