//! Match play (RULES 3), independent of the game being played: the score, the doubling cube, the
//! Crawford rule, who starts each game, and the record of finished games.
//!
//! [`MatchState`] is the bookkeeping alone; its one doubling rule, [`MatchState::can_double`], is what
//! the API, the bot and replays all ask. [`Match`] drives any game that implements [`MatchGame`]
//! through a match: it refuses moves while a double is pending or after the game ended, and records
//! the result when the game ends on the board.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::{Coded, DiceError, ErrorCode, OptionError, ParseError, PlayError};
use crate::player::{ByPlayer, Player};

/// The longest match allowed (RULES 3.1).
pub const MAX_MATCH_LENGTH: u32 = 21;

/// The highest cube value a match of `length` points can reach: twice the largest power of two below
/// `length` (the dead-cube rule, RULES 3.3, forbids doubling from a value `v` once `v >= length`), and 1
/// for a 1-point match. For every allowed length it is at most 32.
pub const fn max_cube(length: u32) -> u32 {
    if length <= 1 {
        return 1;
    }
    let mut v = 1;
    while v * 2 < length {
        v *= 2;
    }
    v * 2
}

/// The doubling cube of the current game: its value and who owns it (`None`: centred).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cube {
    /// The value shown: 1, 2, 4, ... (a game won is worth this many points).
    pub value: u32,
    /// The player who took the last double and alone may redouble; `None` while centred.
    pub owner: Option<Player>,
}

impl Cube {
    /// The cube at the start of every game: centred at 1 (RULES 3.2).
    pub const CENTRED: Cube = Cube {
        value: 1,
        owner: None,
    };
}

/// How a game of a match ended (JS: `'goal'`, `'captured-all'`, `'drop'`, `'resign'`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameEnd {
    /// Jokerball: the ball left the board through a goal (RULES 1.7).
    Goal,
    /// Zola: the last enemy checker was captured (RULES 2.3).
    CapturedAll,
    /// A double was dropped (RULES 3.2).
    Drop,
    /// A player resigned (RULES 3.5).
    Resign,
}

impl GameEnd {
    /// The name used by the JavaScript API.
    pub const fn name(self) -> &'static str {
        match self {
            GameEnd::Goal => "goal",
            GameEnd::CapturedAll => "captured-all",
            GameEnd::Drop => "drop",
            GameEnd::Resign => "resign",
        }
    }

    /// Whether the game was won on the board (a goal or the last capture), not by a drop or resignation.
    pub const fn on_the_board(self) -> bool {
        matches!(self, GameEnd::Goal | GameEnd::CapturedAll)
    }
}

/// One finished game of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    /// Who won the game.
    pub winner: Player,
    /// The points the winner scored (the cube value; RULES 3.1).
    pub points: u32,
    /// The value the cube showed when the game ended (for a drop: the value before the refused double).
    pub cube: u32,
    /// How the game ended.
    pub how: GameEnd,
}

/// What a match is waiting for (JS: `'playing'`, `'double'`, `'game-over'`, `'match-over'`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MatchPhase {
    /// A game is in progress and no double is pending.
    Playing,
    /// A double awaits its answer (`take`, `drop` or `resign`).
    Double,
    /// The current game has ended and the match goes on (`next_game`).
    GameOver,
    /// A player has reached the match length.
    MatchOver,
}

impl MatchPhase {
    /// The name used by the JavaScript API.
    pub const fn name(self) -> &'static str {
        match self {
            MatchPhase::Playing => "playing",
            MatchPhase::Double => "double",
            MatchPhase::GameOver => "game-over",
            MatchPhase::MatchOver => "match-over",
        }
    }
}

/// Why a player may not double now (the answer of [`MatchState::can_double`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CubeError {
    /// The match is over (code `game_over`).
    MatchOver,
    /// The current game has ended (code `wrong_phase`).
    GameOver,
    /// A double already awaits its answer (code `wrong_phase`).
    DoublePending,
    /// The match is played without the cube (code `cube_not_allowed`).
    NoCube,
    /// This is the Crawford game (RULES 3.4; code `cube_not_allowed`).
    Crawford,
    /// Not the start of the player's turn: the dice are rolled or the turn is half played (RULES 3.2;
    /// code `cube_not_allowed`).
    MidTurn,
    /// The opponent owns the cube (RULES 3.2; code `cube_not_allowed`).
    NotOwner,
    /// The player's score plus the cube value reaches the match length (RULES 3.3; code `cube_not_allowed`).
    DeadCube,
}

impl fmt::Display for CubeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CubeError::MatchOver => "the match is over",
            CubeError::GameOver => "the game is over: start the next game first",
            CubeError::DoublePending => "a double is pending: take, drop or resign",
            CubeError::NoCube => "this match is played without the doubling cube",
            CubeError::Crawford => "no double in the Crawford game",
            CubeError::MidTurn => {
                "a double is only allowed at the start of one's turn, before rolling or moving"
            }
            CubeError::NotOwner => "the opponent owns the cube",
            CubeError::DeadCube => {
                "dead cube: winning this game at the current value already wins the match"
            }
        })
    }
}

impl std::error::Error for CubeError {}

impl Coded for CubeError {
    fn code(&self) -> ErrorCode {
        match self {
            CubeError::MatchOver => ErrorCode::GameOver,
            CubeError::GameOver | CubeError::DoublePending => ErrorCode::WrongPhase,
            _ => ErrorCode::CubeNotAllowed,
        }
    }
}

/// Why a match action other than a double failed (`take`, `drop`, `resign`, `next_game`, `game_won`,
/// and moves routed through [`Match::act`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchError {
    /// A bad argument (code `invalid_option`).
    Invalid(OptionError),
    /// The match is over (code `game_over`).
    MatchOver,
    /// The phase does not take this action; the text says why (code `wrong_phase`).
    WrongPhase(String),
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Invalid(e) => e.fmt(f),
            MatchError::MatchOver => f.write_str("the match is over"),
            MatchError::WrongPhase(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for MatchError {}

impl Coded for MatchError {
    fn code(&self) -> ErrorCode {
        match self {
            MatchError::Invalid(_) => ErrorCode::InvalidOption,
            MatchError::MatchOver => ErrorCode::GameOver,
            MatchError::WrongPhase(_) => ErrorCode::WrongPhase,
        }
    }
}

impl From<MatchError> for PlayError {
    fn from(e: MatchError) -> Self {
        match e {
            MatchError::Invalid(o) => PlayError::WrongPhase(o.message),
            MatchError::MatchOver => PlayError::GameOver,
            MatchError::WrongPhase(why) => PlayError::WrongPhase(why),
        }
    }
}

impl From<MatchError> for DiceError {
    fn from(e: MatchError) -> Self {
        match e {
            MatchError::Invalid(o) => DiceError::OutOfRange(o),
            MatchError::MatchOver => DiceError::GameOver,
            MatchError::WrongPhase(why) => DiceError::WrongPhase(why),
        }
    }
}

/// The plain serialised form of a [`MatchState`] (JSON field names in camelCase). Turning it into a
/// `MatchState` ([`MatchState::from_data`], or deserialising a `MatchState`) checks every invariant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
}

/// The state of a match (RULES 3): scores, cube, Crawford flags and the finished games. It knows
/// nothing of the game on the board: callers pass who is to move and whether the turn has begun.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "MatchStateData", into = "MatchStateData")]
pub struct MatchState {
    length: u32,
    first: Player,
    cube: Option<Cube>,
    score: ByPlayer<u32>,
    game_number: u32,
    pending_double: Option<Player>,
    crawford: bool,
    post_crawford: bool,
    results: Vec<GameResult>,
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

    /// The match winner: the player whose score reached the length.
    pub fn winner(&self) -> Option<Player> {
        Player::ALL
            .into_iter()
            .find(|&p| *self.score.get(p) >= self.length)
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

    fn check_double_pending(&self, action: &str) -> Result<Player, MatchError> {
        match self.phase() {
            MatchPhase::MatchOver => Err(MatchError::MatchOver),
            MatchPhase::GameOver => Err(MatchError::WrongPhase(format!(
                "{action}: the game is over"
            ))),
            MatchPhase::Playing => Err(MatchError::WrongPhase(format!(
                "{action}: no double is pending"
            ))),
            MatchPhase::Double => match self.pending_double {
                Some(p) => Ok(p),
                None => Err(MatchError::WrongPhase(format!(
                    "{action}: no double is pending"
                ))),
            },
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
            MatchPhase::GameOver => Err(MatchError::WrongPhase("resign: the game is over".into())),
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
            MatchPhase::GameOver => Err(MatchError::WrongPhase("the game is already over".into())),
            MatchPhase::Double => Err(MatchError::WrongPhase(
                "a double is pending: the game cannot end on the board".into(),
            )),
            MatchPhase::Playing => Ok(self.finish(winner, how)),
        }
    }

    fn finish(&mut self, winner: Player, how: GameEnd) -> GameResult {
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
                return Err(MatchError::WrongPhase(
                    "next game: the match is over".into(),
                ))
            }
            MatchPhase::Playing | MatchPhase::Double => {
                return Err(MatchError::WrongPhase(
                    "next game: the current game is not over".into(),
                ))
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

    /// Restores a match from its plain form, checking every invariant: the length, the scores against
    /// the results, the Crawford flags, the cube values reachable under RULES 3.2-3.4, the pending double.
    pub fn from_data(data: MatchStateData) -> Result<MatchState, ParseError> {
        let bad = |why: &str| Err(ParseError::new(format!("bad match state: {why}")));
        let mut st = match MatchState::new(data.length, data.cube.is_some(), data.first) {
            Ok(st) => st,
            Err(e) => return Err(ParseError::new(format!("bad match state: {e}"))),
        };
        let games = data.results.len() as u64;
        let number = u64::from(data.game_number);
        if number == 0 || (games != number && games + 1 != number) {
            return bad("gameNumber does not match the number of results");
        }
        let count = data.results.len();
        for (i, r) in data.results.iter().enumerate() {
            if st.phase() != MatchPhase::Playing {
                return bad("a game was recorded after the match was over");
            }
            if !result_possible(&st, r) {
                return bad("a game result is impossible under the match rules");
            }
            if r.cube > 1 || r.how == GameEnd::Drop {
                // The cube was turned or offered in that game: fix the cube so `finish` scores its value.
                st.cube = Some(Cube {
                    value: r.cube,
                    owner: None,
                });
            }
            st.finish(r.winner, r.how);
            if (i + 1 < count || games + 1 == number) && st.next_game().is_err() {
                return bad("a game was started after the match was over");
            }
        }
        if st.score != data.score {
            return bad("the score is not the sum of the results");
        }
        if st.crawford != data.crawford || st.post_crawford != data.post_crawford {
            return bad("the Crawford flags do not follow from the results");
        }
        let cube = match (data.cube, st.game_over()) {
            (None, _) => {
                if data.pending_double.is_some() {
                    return bad("a double is pending in a match without a cube");
                }
                None
            }
            (Some(cube), true) => {
                let ok = data.results.last().is_some_and(|r| {
                    // The score when the game began.
                    let mut before = st.score;
                    *before.get_mut(r.winner) -= r.points;
                    let must_own = (r.how == GameEnd::Drop).then_some(r.winner);
                    data.pending_double.is_none()
                        && r.cube == cube.value
                        && owner_consistent(&st, before, cube, must_own)
                });
                if !ok {
                    return bad("the cube does not match the last game's result");
                }
                Some(cube)
            }
            (Some(cube), false) => {
                if !owner_consistent(&st, st.score, cube, None) {
                    return bad("the cube value or owner is impossible");
                }
                if let Some(p) = data.pending_double {
                    let ok = !st.crawford
                        && cube.owner.is_none_or(|o| o == p)
                        && reachable(st.length, st.score, cube.value.saturating_mul(2), Some(p));
                    if !ok {
                        return bad("the pending double could not have been offered");
                    }
                }
                Some(cube)
            }
        };
        st.cube = cube;
        st.pending_double = data.pending_double;
        Ok(st)
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
fn next_crawford_flags(
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

/// Whether the cube can have reached `value` in a game played at `score`: the doubles alternate between
/// the players, the last made by `last` (by either when `None`), each allowed by the dead-cube rule.
fn reachable(length: u32, score: ByPlayer<u32>, value: u32, last: Option<Player>) -> bool {
    if !value.is_power_of_two() || value > 1 << 20 {
        return false;
    }
    if value == 1 {
        return last.is_none();
    }
    let chain = |last: Player| {
        let mut doubler = last;
        let mut v = value / 2;
        while v >= 1 {
            if u64::from(*score.get(doubler)) + u64::from(v) >= u64::from(length) {
                return false;
            }
            doubler = doubler.other();
            v /= 2;
        }
        true
    };
    match last {
        Some(p) => chain(p),
        None => chain(Player::Red) || chain(Player::Blue),
    }
}

/// Whether a cube is possible in a game played at `score` (the score when the game began): centred
/// exactly at 1, never turned in the Crawford game, else owned by the taker of a reachable chain of
/// doubles; the owner must be `must_own` when that is given and the cube was turned.
fn owner_consistent(
    st: &MatchState,
    score: ByPlayer<u32>,
    cube: Cube,
    must_own: Option<Player>,
) -> bool {
    if st.crawford && cube != Cube::CENTRED {
        return false;
    }
    match cube.owner {
        None => cube.value == 1,
        Some(o) => {
            must_own.is_none_or(|m| m == o)
                && reachable(st.length, score, cube.value, Some(o.other()))
        }
    }
}

/// Whether `r` can be the result of the current game of `st` (whose phase is `Playing`).
fn result_possible(st: &MatchState, r: &GameResult) -> bool {
    if r.points != r.cube {
        return false;
    }
    if st.cube.is_none() || st.crawford {
        return r.cube == 1 && r.how != GameEnd::Drop;
    }
    match r.how {
        // The winner offered a double at `cube`: a chain to twice the value ending with him.
        GameEnd::Drop => reachable(
            st.length,
            st.score,
            r.cube.saturating_mul(2),
            Some(r.winner),
        ),
        _ => reachable(st.length, st.score, r.cube, None),
    }
}

/// A game that a [`Match`] can drive: the match asks it who is to move, whether the turn has begun
/// and whether it has ended, and starts the next game from it.
pub trait MatchGame: Sized {
    /// How a win on the board is recorded: [`GameEnd::Goal`] (Jokerball) or [`GameEnd::CapturedAll`] (Zola).
    const WIN: GameEnd;
    /// The winner of the game, once it has ended on the board.
    fn winner(&self) -> Option<Player>;
    /// The player to move.
    fn to_move(&self) -> Player;
    /// Whether the player to move has not begun the turn (Jokerball: has not rolled; Zola: always true
    /// while the game is on). Doubles are allowed only then.
    fn at_turn_start(&self) -> bool;
    /// The next game of the match: the same settings, started by `first`; a game with dice keeps its
    /// dice generator running from where this game left it.
    fn next_game(&self, first: Player) -> Self;
}

/// A match of any [`MatchGame`]: the match state plus the current game. Moves go through
/// [`Match::act`], which refuses them while a double is pending or after the game ended, and records
/// the result when the game ends on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match<G> {
    state: MatchState,
    game: G,
}

impl<G: MatchGame> Match<G> {
    /// A new match of `length` points (1..=21), with or without the cube, whose first game is `game`:
    /// a game not yet begun, with `first` to move (else `invalid_option`).
    pub fn new(length: u32, cube: bool, first: Player, game: G) -> Result<Match<G>, OptionError> {
        if !G::WIN.on_the_board() {
            return Err(OptionError::new(
                "a match game must end with a goal or a capture",
            ));
        }
        let state = MatchState::new(length, cube, first)?;
        if game.winner().is_some() || !game.at_turn_start() || game.to_move() != first {
            return Err(OptionError::new(
                "the first game of a match must be a fresh game started by `first`",
            ));
        }
        Ok(Match { state, game })
    }

    /// Rebuilds a match from a restored state and game, checking that they agree: a game still on
    /// exactly when the state says so, a win on the board matching the last result, and a pending
    /// double only at the start of the doubler's turn.
    pub fn from_parts(state: MatchState, game: G) -> Result<Match<G>, ParseError> {
        let bad = |why: &str| Err(ParseError::new(format!("bad match: {why}")));
        if !G::WIN.on_the_board() {
            return bad("the game does not end with a goal or a capture");
        }
        let current = if state.game_over() {
            state.results.last().copied()
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
        if let Some(p) = state.pending_double {
            if game.to_move() != p || !game.at_turn_start() {
                return bad("a double is pending but it is not the start of the doubler's turn");
            }
        }
        Ok(Match { state, game })
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
            // Cannot fail: the phase is Playing and G::WIN is a win on the board (checked at construction).
            self.state.game_won(w, G::WIN)?;
        }
        Ok(out)
    }

    /// May the player to move double now ([`MatchState::can_double`] for the current game).
    pub fn can_double(&self) -> Result<(), CubeError> {
        self.state
            .can_double(self.game.to_move(), self.game.at_turn_start())
    }

    /// The player to move doubles (see [`Match::can_double`]).
    pub fn double(&mut self) -> Result<(), CubeError> {
        self.state
            .double(self.game.to_move(), self.game.at_turn_start())
    }

    /// The doubler's opponent takes ([`MatchState::take`]).
    pub fn take(&mut self) -> Result<(), MatchError> {
        self.state.take()
    }

    /// The doubler's opponent drops; the game object stays as it was ([`MatchState::drop_double`]).
    pub fn drop_double(&mut self) -> Result<GameResult, MatchError> {
        self.state.drop_double()
    }

    /// `player` resigns; the game object stays as it was ([`MatchState::resign`]).
    pub fn resign(&mut self, player: Player) -> Result<GameResult, MatchError> {
        self.state.resign(player)
    }

    /// Starts the next game ([`MatchState::next_game`]) and returns who starts it.
    pub fn next_game(&mut self) -> Result<Player, MatchError> {
        let first = self.state.next_game()?;
        self.game = self.game.next_game(first);
        Ok(first)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use Player::{Blue, Red};

    #[test]
    fn max_cube_follows_from_the_dead_cube_rule() {
        assert_eq!(max_cube(1), 1);
        assert_eq!(max_cube(2), 2);
        assert_eq!(max_cube(3), 4);
        assert_eq!(max_cube(4), 4);
        assert_eq!(max_cube(5), 8);
        assert_eq!(max_cube(16), 16);
        assert_eq!(max_cube(17), 32);
        assert_eq!(max_cube(21), 32);
        for len in 1..=MAX_MATCH_LENGTH {
            assert!(max_cube(len) <= 32);
        }
    }

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

    #[test]
    fn reachable_chains() {
        let s = ByPlayer::new(0, 0);
        assert!(reachable(3, s, 4, Some(Red)));
        assert!(!reachable(3, s, 8, None));
        assert!(!reachable(3, s, 3, None));
        // Blue at 2 in a 3-point match may not double: a chain ending with Blue fails.
        assert!(!reachable(3, ByPlayer::new(0, 2), 2, Some(Blue)));
        assert!(reachable(3, ByPlayer::new(0, 2), 2, Some(Red)));
    }

    #[test]
    fn names() {
        assert_eq!(GameEnd::CapturedAll.name(), "captured-all");
        assert_eq!(MatchPhase::GameOver.name(), "game-over");
        assert_eq!(CubeError::DeadCube.code(), ErrorCode::CubeNotAllowed);
        assert_eq!(CubeError::MatchOver.code(), ErrorCode::GameOver);
        assert_eq!(
            MatchError::WrongPhase("x".into()).code(),
            ErrorCode::WrongPhase
        );
    }
}
