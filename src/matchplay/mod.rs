//! Match play (RULES 3), independent of the game being played: the score, the doubling cube, the
//! Crawford rule, who starts each game, and the record of finished games.
//!
//! The files, lowest first (each uses only those before it):
//! - this file: the value types (the cube, results and how games end, phases, errors);
//! - `state`: [`MatchState`], the bookkeeping alone; its one doubling rule, [`MatchState::can_double`],
//!   is what the API, the bot and replays all ask;
//! - `restore`: the checked restoration of a match state from plain data;
//! - `log`: every game of a match as it was played ([`MatchLog`], [`MatchGame`]), the lines a record
//!   writes of them (typed: [`LogEntry`], with who made each), and the check that a saved log replays
//!   to its match, written once against the object-safe `Replay`;
//! - `view`: what a user interface draws of a game or a match ([`View`]: who acts, the board, the
//!   result, the last move, the ball's line, the log), built once for both games;
//! - `driver`: [`Match`], with all its methods, which drives any [`Engine`](crate::Engine) game through
//!   a match: it refuses moves while a double is pending or after the game ended, and records the
//!   result when the game ends on the board; and [`SavedMatch`], the saved form of a whole match;
//! - `options`: the options of a match of either game ([`MatchOptions`], [`GameSetup`]), composed and
//!   checked once for every caller.
//!
//! Records of matches (RULES 4) are written and read in `record`, above this module.

use serde::{Deserialize, Serialize};

use crate::engine::{BoardWin, Forfeit, ForfeitReason};
use crate::error::{coded, Coded, DiceError, ErrorCode, OptionError, PlayError, WrongPhase};
use crate::keys::JsonKeys;
use crate::player::Player;

mod driver;
mod games;
mod log;
mod options;
mod restore;
mod state;
mod view;

pub use driver::{InMatch, Match, MatchSetup, SavedMatch};
pub(crate) use log::{
    game_body, lone_result_line, match_result_line, next_record, read_forfeit_line, replay_action,
    LogError, Replay,
};
pub use log::{
    lone_log, movers, ActionKind, LineKind, LogEntry, Logged, MatchAction, MatchGame, MatchLog,
    PastGame,
};
pub use options::{AnyMatchSetup, GameSetup, MatchOptions};
pub(crate) use restore::replay_result;
pub use state::{MatchState, MatchStateData};
pub use view::{view_of, Awaits, Drawn, ToAct, View};

/// How a game ended (JS: `'goal'`, `'captured-all'`, `'drop'`, `'resign'`, `'time'`, `'abandoned'`).
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
    /// A player's time ran out (a lone game forfeited, or a match's current game ended by the
    /// match's forfeit: API "Clocks and abandoned games").
    Time,
    /// A player abandoned the game (as for [`GameEnd::Time`]).
    Abandoned,
}

impl GameEnd {
    /// The name used by the JavaScript API.
    pub const fn name(self) -> &'static str {
        match self {
            GameEnd::Goal => "goal",
            GameEnd::CapturedAll => "captured-all",
            GameEnd::Drop => "drop",
            GameEnd::Resign => "resign",
            GameEnd::Time => "time",
            GameEnd::Abandoned => "abandoned",
        }
    }

    /// Whether the game was won on the board (a goal or the last capture), not by a drop or resignation.
    pub const fn on_the_board(self) -> bool {
        matches!(self, GameEnd::Goal | GameEnd::CapturedAll)
    }
}

impl From<BoardWin> for GameEnd {
    fn from(win: BoardWin) -> GameEnd {
        match win {
            BoardWin::Goal => GameEnd::Goal,
            BoardWin::CapturedAll => GameEnd::CapturedAll,
        }
    }
}

/// How a game ended by a forfeit for this reason is shown in its result.
impl From<ForfeitReason> for GameEnd {
    fn from(reason: ForfeitReason) -> GameEnd {
        match reason {
            ForfeitReason::Time => GameEnd::Time,
            ForfeitReason::Abandoned => GameEnd::Abandoned,
        }
    }
}

/// How a game ended: who won and how (a game of a match also has its points: [`GameResult`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonKeys)]
pub struct GameWon {
    /// Who won.
    pub winner: Player,
    /// How: a goal (Jokerball) or the last capture (Zola); in a match also a drop or resignation;
    /// `time` or `abandoned` for a game forfeited.
    pub how: GameEnd,
}

/// The result a forfeit gives the game it ends.
impl From<Forfeit> for GameWon {
    fn from(f: Forfeit) -> GameWon {
        GameWon {
            winner: f.winner,
            how: f.how.into(),
        }
    }
}

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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonKeys)]
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

/// One finished game of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonKeys)]
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

crate::error::display_by_message!(CubeError);

impl std::error::Error for CubeError {}

impl Coded for CubeError {
    fn code(&self) -> ErrorCode {
        match self {
            CubeError::MatchOver => ErrorCode::GameOver,
            CubeError::GameOver | CubeError::DoublePending => ErrorCode::WrongPhase,
            _ => ErrorCode::CubeNotAllowed,
        }
    }
    fn write_message(&self, out: &mut String) {
        out.push_str(match self {
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
        });
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
    /// The phase does not take this action (code `wrong_phase`).
    WrongPhase(WrongPhase),
}

coded!(MatchError, |out| {
    MatchError::Invalid(e) => ErrorCode::InvalidOption, e.write_message(out);
    MatchError::MatchOver => ErrorCode::GameOver, out.push_str("the match is over");
    MatchError::WrongPhase(w) => ErrorCode::WrongPhase, w.write_message(out);
});

impl From<MatchError> for PlayError {
    fn from(e: MatchError) -> Self {
        match e {
            MatchError::Invalid(o) => PlayError::WrongPhase(WrongPhase::Refused(o)),
            MatchError::MatchOver => PlayError::GameOver,
            MatchError::WrongPhase(w) => PlayError::WrongPhase(w),
        }
    }
}

impl From<MatchError> for DiceError {
    fn from(e: MatchError) -> Self {
        match e {
            MatchError::Invalid(o) => DiceError::OutOfRange(o),
            MatchError::MatchOver => DiceError::GameOver,
            MatchError::WrongPhase(w) => DiceError::WrongPhase(w),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn names() {
        assert_eq!(GameEnd::CapturedAll.name(), "captured-all");
        assert_eq!(MatchPhase::GameOver.name(), "game-over");
        assert_eq!(CubeError::DeadCube.code(), ErrorCode::CubeNotAllowed);
        assert_eq!(CubeError::MatchOver.code(), ErrorCode::GameOver);
        assert_eq!(
            MatchError::WrongPhase(WrongPhase::DoublePending).code(),
            ErrorCode::WrongPhase
        );
    }
}
