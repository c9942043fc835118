//! [`MatchState`]: the bookkeeping of a match (RULES 3.1-3.6) and its plain form.

use serde::{Deserialize, Serialize};

use super::{Cube, CubeError, GameEnd, GameResult, MatchError, MatchPhase, MAX_MATCH_LENGTH};
use crate::engine::{Forfeit, ForfeitReason};
use crate::error::{ForfeitError, OptionError, ParseError, WrongPhase};
use crate::keys::JsonKeys;
use crate::player::{ByPlayer, Player};

/// The plain serialised form of a [`MatchState`] (JSON field names in camelCase). Turning it into a
/// `MatchState` ([`MatchState::from_data`], or deserialising a `MatchState`) checks every invariant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonKeys)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct MatchStateData {
    /// The match length, 1..=21.
    pub length: u32,
    /// Who started game 1.
    pub first: Player,
    /// The cube of the current game; `None` when the match is played without a cube.
    pub cube: Option<Cube>,
    /// The scores, uncapped.
    pub score: ByPlayer<u32>,
    /// The number of the current game, 1-based.
    pub game_number: u32,
    /// The player whose double awaits an answer.
    pub pending_double: Option<Player>,
    /// The current game is the Crawford game.
    pub crawford: bool,
    /// The current game is played after the Crawford game.
    pub post_crawford: bool,
    /// Every finished game, in order; the current game is finished when it has `game_number` entries.
    pub results: Vec<GameResult>,
    /// The forfeit that ended the match whatever the score (API "Clocks and abandoned games"), left
    /// out when there is none (as in every state saved before forfeits).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<Forfeit>,
}

/// The state of a match (RULES 3): scores, cube, Crawford flags and the finished games. It knows
/// nothing of the game on the board: callers pass who is to move and whether the turn has begun.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "MatchStateData", into = "MatchStateData")]
pub struct MatchState {
    pub(super) length: u32,
    pub(super) first: Player,
    pub(super) cube: Option<Cube>,
    pub(super) score: ByPlayer<u32>,
    pub(super) game_number: u32,
    pub(super) pending_double: Option<Player>,
    pub(super) crawford: bool,
    pub(super) post_crawford: bool,
    pub(super) results: Vec<GameResult>,
    pub(super) forfeit: Option<Forfeit>,
}

impl MatchState {
    /// A new match of `length` points (1..=21, else `invalid_option`), with or without the doubling
    /// cube, whose first game `first` starts.
    pub fn new(length: u32, cube: bool, first: Player) -> Result<MatchState, OptionError> {
        if !(1..=MAX_MATCH_LENGTH).contains(&length) {
            return Err(OptionError::new(format!(
                "length must be an integer from 1 to {MAX_MATCH_LENGTH}, not {length}"
            )));
        }
        Ok(MatchState {
            length,
            first,
            cube: cube.then_some(Cube::CENTRED),
            score: ByPlayer::new(0, 0),
            game_number: 1,
            pending_double: None,
            crawford: false,
            post_crawford: false,
            results: Vec::new(),
            forfeit: None,
        })
    }

    /// The match length in points.
    pub fn length(&self) -> u32 {
        self.length
    }

    /// Who started game 1.
    pub fn first(&self) -> Player {
        self.first
    }

    /// The scores (uncapped: a win may take a score beyond the length).
    pub fn score(&self) -> ByPlayer<u32> {
        self.score
    }

    /// The number of the current game, 1-based.
    pub fn game_number(&self) -> u32 {
        self.game_number
    }

    /// Who starts game number `game` (RULES 3.6): `first` in odd games, the other player in even ones.
    pub fn starter_of(&self, game: u32) -> Player {
        if game % 2 == 1 {
            self.first
        } else {
            self.first.other()
        }
    }

    /// Who started the current game.
    pub fn starter(&self) -> Player {
        self.starter_of(self.game_number)
    }

    /// Whether the match is played with the doubling cube.
    pub fn cube_enabled(&self) -> bool {
        self.cube.is_some()
    }

    /// The cube of the current game, `None` when the match is played without one.
    pub fn cube(&self) -> Option<Cube> {
        self.cube
    }

    /// The points the current game is worth now: the cube value (1 without a cube).
    pub fn cube_value(&self) -> u32 {
        self.cube.map_or(1, |c| c.value)
    }

    /// The player whose double awaits an answer.
    pub fn pending_double(&self) -> Option<Player> {
        self.pending_double
    }

    /// Whether the current game (the one started last) is the Crawford game (RULES 3.4).
    pub fn crawford(&self) -> bool {
        self.crawford
    }

    /// Whether the current game comes after the Crawford game (RULES 3.4).
    pub fn post_crawford(&self) -> bool {
        self.post_crawford
    }

    /// The match winner: the player whose score reached the length, or the winner of a forfeit.
    pub fn winner(&self) -> Option<Player> {
        self.forfeit
            .map(|f| f.winner)
            .or_else(|| self.score_winner())
    }

    /// The player whose score reached the length, if any (the match won on points).
    pub fn score_winner(&self) -> Option<Player> {
        Player::ALL
            .into_iter()
            .find(|&p| *self.score.get(p) >= self.length)
    }

    /// The forfeit that ended the match, if it was lost on time or abandoned.
    pub fn forfeit(&self) -> Option<Forfeit> {
        self.forfeit
    }

    /// Ends the match at once, whatever the score: `loser` ran out of time or abandoned it, and the
    /// other player wins the match. Allowed in every phase but match over (also while a double is
    /// pending, which it leaves unanswered and clears, and between games); the score is not changed
    /// and the current game is not scored. After the match: `game_over`, nothing changed.
    pub fn forfeit_match(
        &mut self,
        loser: Player,
        reason: ForfeitReason,
    ) -> Result<Forfeit, ForfeitError> {
        if self.phase() == MatchPhase::MatchOver {
            return Err(ForfeitError::MatchOver);
        }
        let f = Forfeit::of(loser, reason);
        self.pending_double = None;
        self.forfeit = Some(f);
        Ok(f)
    }

    /// Every finished game, in order.
    pub fn results(&self) -> &[GameResult] {
        &self.results
    }

    /// Whether the current game has ended.
    pub fn game_over(&self) -> bool {
        self.results.len() as u64 == u64::from(self.game_number)
    }

    /// What the match waits for.
    pub fn phase(&self) -> MatchPhase {
        if self.winner().is_some() {
            MatchPhase::MatchOver
        } else if self.game_over() {
            MatchPhase::GameOver
        } else if self.pending_double.is_some() {
            MatchPhase::Double
        } else {
            MatchPhase::Playing
        }
    }

    /// The one doubling rule (RULES 3.2-3.4), used by the API, the bot and replays alike: may `player`,
    /// who is to move, double now? `at_turn_start` says the turn has not begun (Jokerball: before
    /// rolling; Zola: before moving). The errors are checked in this order: match over, game over,
    /// double pending, no cube, Crawford game, mid-turn, not the owner, dead cube.
    pub fn can_double(&self, player: Player, at_turn_start: bool) -> Result<(), CubeError> {
        match self.phase() {
            MatchPhase::MatchOver => return Err(CubeError::MatchOver),
            MatchPhase::GameOver => return Err(CubeError::GameOver),
            MatchPhase::Double => return Err(CubeError::DoublePending),
            MatchPhase::Playing => {}
        }
        let Some(cube) = self.cube else {
            return Err(CubeError::NoCube);
        };
        if self.crawford {
            return Err(CubeError::Crawford);
        }
        if !at_turn_start {
            return Err(CubeError::MidTurn);
        }
        if cube.owner.is_some_and(|o| o != player) {
            return Err(CubeError::NotOwner);
        }
        if u64::from(*self.score.get(player)) + u64::from(cube.value) >= u64::from(self.length) {
            return Err(CubeError::DeadCube);
        }
        Ok(())
    }

    /// `player` (to move, at the start of the turn when `at_turn_start`) offers a double; the opponent
    /// must answer. Refused exactly when [`MatchState::can_double`] refuses, with its error.
    pub fn double(&mut self, player: Player, at_turn_start: bool) -> Result<(), CubeError> {
        self.can_double(player, at_turn_start)?;
        self.pending_double = Some(player);
        Ok(())
    }

    fn check_double_pending(&self, action: &'static str) -> Result<Player, MatchError> {
        let no_double = MatchError::WrongPhase(WrongPhase::NoDouble { action });
        match self.phase() {
            MatchPhase::MatchOver => Err(MatchError::MatchOver),
            MatchPhase::GameOver => Err(MatchError::WrongPhase(WrongPhase::AnswerAfterGame {
                action,
            })),
            MatchPhase::Playing => Err(no_double),
            MatchPhase::Double => self.pending_double.ok_or(no_double),
        }
    }

    /// The opponent of the doubler takes: the cube value doubles and the taker owns it (RULES 3.2).
    pub fn take(&mut self) -> Result<(), MatchError> {
        let doubler = self.check_double_pending("take")?;
        let cube = self.cube.unwrap_or(Cube::CENTRED);
        self.cube = Some(Cube {
            value: cube.value * 2,
            owner: Some(doubler.other()),
        });
        self.pending_double = None;
        Ok(())
    }

    /// The opponent of the doubler drops: the game ends and the doubler wins the value before the
    /// double (RULES 3.2). Returns the recorded result.
    pub fn drop_double(&mut self) -> Result<GameResult, MatchError> {
        let doubler = self.check_double_pending("drop")?;
        self.pending_double = None;
        Ok(self.finish(doubler, GameEnd::Drop))
    }

    /// `player` resigns the current game: the opponent wins the current cube value (RULES 3.5).
    /// Allowed while playing and while a double is pending (which it answers; the cube is not turned).
    pub fn resign(&mut self, player: Player) -> Result<GameResult, MatchError> {
        match self.phase() {
            MatchPhase::MatchOver => Err(MatchError::MatchOver),
            MatchPhase::GameOver => Err(MatchError::WrongPhase(WrongPhase::AnswerAfterGame {
                action: "resign",
            })),
            MatchPhase::Playing | MatchPhase::Double => {
                self.pending_double = None;
                Ok(self.finish(player.other(), GameEnd::Resign))
            }
        }
    }

    /// Records the end of the current game on the board: `winner` scores the cube value. `how` must be
    /// [`GameEnd::Goal`] or [`GameEnd::CapturedAll`] (drops and resignations have their own methods).
    pub fn game_won(&mut self, winner: Player, how: GameEnd) -> Result<GameResult, MatchError> {
        if !how.on_the_board() {
            return Err(MatchError::Invalid(OptionError::new(format!(
                "game_won records wins on the board, not a {}",
                how.name()
            ))));
        }
        match self.phase() {
            MatchPhase::MatchOver => Err(MatchError::MatchOver),
            MatchPhase::GameOver => Err(MatchError::WrongPhase(WrongPhase::AlreadyOver)),
            MatchPhase::Double => Err(MatchError::WrongPhase(WrongPhase::WonWhileDouble)),
            MatchPhase::Playing => Ok(self.finish(winner, how)),
        }
    }

    pub(super) fn finish(&mut self, winner: Player, how: GameEnd) -> GameResult {
        let value = self.cube_value();
        let result = GameResult {
            winner,
            points: value,
            cube: value,
            how,
        };
        *self.score.get_mut(winner) += value;
        self.results.push(result);
        result
    }

    /// Starts the next game (phase `GameOver` only): resets the cube, sets the Crawford flags (RULES
    /// 3.4) and returns who starts it (RULES 3.6).
    pub fn next_game(&mut self) -> Result<Player, MatchError> {
        match self.phase() {
            MatchPhase::MatchOver => {
                return Err(MatchError::WrongPhase(WrongPhase::NextGame {
                    match_over: true,
                }))
            }
            MatchPhase::Playing | MatchPhase::Double => {
                return Err(MatchError::WrongPhase(WrongPhase::NextGame {
                    match_over: false,
                }))
            }
            MatchPhase::GameOver => {}
        }
        let (crawford, post_crawford) =
            next_crawford_flags(self.length, self.score, self.crawford, self.post_crawford);
        self.crawford = crawford;
        self.post_crawford = post_crawford;
        self.game_number += 1;
        if self.cube.is_some() {
            self.cube = Some(Cube::CENTRED);
        }
        self.pending_double = None;
        Ok(self.starter())
    }

    /// The plain form of this state.
    pub fn to_data(&self) -> MatchStateData {
        MatchStateData {
            length: self.length,
            first: self.first,
            cube: self.cube,
            score: self.score,
            game_number: self.game_number,
            pending_double: self.pending_double,
            crawford: self.crawford,
            post_crawford: self.post_crawford,
            results: self.results.clone(),
            forfeit: self.forfeit,
        }
    }
}

impl TryFrom<MatchStateData> for MatchState {
    type Error = ParseError;
    fn try_from(data: MatchStateData) -> Result<Self, ParseError> {
        MatchState::from_data(data)
    }
}

impl From<MatchState> for MatchStateData {
    fn from(st: MatchState) -> Self {
        st.to_data()
    }
}

/// The Crawford flags of the game that follows a finished one (RULES 3.4).
pub(super) fn next_crawford_flags(
    length: u32,
    score: ByPlayer<u32>,
    crawford: bool,
    post_crawford: bool,
) -> (bool, bool) {
    if crawford || post_crawford {
        (false, true)
    } else if length > 1 && (score.red == length - 1 || score.blue == length - 1) {
        (true, false)
    } else {
        (false, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{Coded, ErrorCode};
    use Player::Red;

    #[test]
    fn length_out_of_range_is_an_option_error() {
        assert_eq!(
            MatchState::new(0, true, Red).unwrap_err().code(),
            ErrorCode::InvalidOption
        );
        assert_eq!(
            MatchState::new(22, true, Red).unwrap_err().code(),
            ErrorCode::InvalidOption
        );
        assert!(MatchState::new(1, true, Red).is_ok());
        assert!(MatchState::new(21, true, Red).is_ok());
    }
}
