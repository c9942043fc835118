//! The one shape of both games: the [`Engine`] trait that Jokerball's and Zola's `Game` implement, and
//! that match play, the records, the computer opponent, the simulator and the JavaScript binding are
//! written against. It asks the games' own questions only (the rules, moves, history and state); the
//! layers above ask theirs through traits they define: match play `matchplay::Logged` (the records
//! one by one), `matchplay::Drawn` (Jokerball's dice and ball line in the view) and
//! `matchplay::InMatch` (a match's setup and next game), the records `record::GameRecord`, the bot
//! `bot::BotGame`.

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::dice::Seed;
use crate::error::{ForfeitError, ParseError, PlayError, ReplayError, SetupError};
use crate::keys::JsonKeys;
use crate::notation::cat;
use crate::player::Player;

/// Which game: `"jokerball"` or `"zola"` (the `game` of a JSON state, a match's `variant`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Jokerball (RULES 1).
    #[default]
    Jokerball,
    /// Zola (RULES 2).
    Zola,
}

impl GameKind {
    /// The name used in JSON and JavaScript.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Jokerball => "jokerball",
            GameKind::Zola => "zola",
        }
    }

    /// Checks the header of a JSON state of this game: its `format` (1) and its `game` name
    /// (`parse_error` otherwise).
    pub(crate) fn check_state(self, format: u32, game: &str) -> Result<(), ParseError> {
        if format != 1 {
            let mut m = String::from("unknown state format ");
            crate::error::push_u64(&mut m, u64::from(format));
            return Err(ParseError::new(m));
        }
        if game != self.name() {
            return Err(ParseError::new(cat(&[
                "this state is a '",
                game,
                "' game, not ",
                self.name(),
            ])));
        }
        Ok(())
    }
}

/// How a game is won on the board by its own rules ([`Engine::WIN`]); a match records it as a
/// `GameEnd` with the match's own ends (a drop, a resignation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardWin {
    /// Jokerball: the ball left the board through a goal (RULES 1.7).
    Goal,
    /// Zola: the last enemy checker was captured (RULES 2.3).
    CapturedAll,
}

/// Why a game or a match was lost off the board (API "Clocks and abandoned games"; JS: `'time'`,
/// `'abandoned'`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ForfeitReason {
    /// The loser's time ran out.
    Time,
    /// The loser abandoned the game (no connection for too long).
    Abandoned,
}

impl ForfeitReason {
    /// The name used by the JavaScript API.
    pub const fn name(self) -> &'static str {
        match self {
            ForfeitReason::Time => "time",
            ForfeitReason::Abandoned => "abandoned",
        }
    }

    /// The reason named `name` (`'time'` or `'abandoned'`).
    pub fn from_name(name: &str) -> Option<ForfeitReason> {
        match name {
            "time" => Some(ForfeitReason::Time),
            "abandoned" => Some(ForfeitReason::Abandoned),
            _ => None,
        }
    }
}

/// A game or a match ended off the board: the winner (the other player ran out of time or abandoned)
/// and why. JS: `{ winner, how }`, the shape of a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonKeys)]
#[serde(deny_unknown_fields)]
pub struct Forfeit {
    /// Who won: the opponent of the player who lost on time or abandoned.
    pub winner: Player,
    /// Why the other player lost.
    pub how: ForfeitReason,
}

impl Forfeit {
    /// The forfeit of `loser` for `reason`: the other player wins.
    pub const fn of(loser: Player, reason: ForfeitReason) -> Forfeit {
        Forfeit {
            winner: loser.other(),
            how: reason,
        }
    }
}

/// What a move is, for a user interface: `"man"` or `"ball"` (Jokerball), `"move"` or `"swap"` (Zola).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveClass {
    /// A Jokerball man move.
    Man,
    /// A Jokerball ball move.
    Ball,
    /// A Zola move of a checker.
    Move,
    /// Zola's pie-rule answer.
    Swap,
}

impl MoveClass {
    /// The name used in JavaScript.
    pub const fn name(self) -> &'static str {
        match self {
            MoveClass::Man => "man",
            MoveClass::Ball => "ball",
            MoveClass::Move => "move",
            MoveClass::Swap => "swap",
        }
    }
}

/// A move described as plain data (the verbose move of the JavaScript API). It has no serde impl; its
/// `serde` attributes say, for `JsonKeys`, which keys the binding leaves out.
#[derive(Debug, Clone, PartialEq, Eq, JsonKeys)]
pub struct MoveInfo {
    /// The move in the notation of RULES 1.9 / 2.3.
    pub notation: String,
    /// What moves.
    pub kind: MoveClass,
    /// The cell the piece leaves (`None` for `swap`).
    pub from: Option<String>,
    /// The cell it reaches, or `"off"` (`None` for `swap`).
    pub to: Option<String>,
    /// Whether it captures.
    pub capture: bool,
    /// Jokerball: the cells the piece crosses, its destination last (`"off"` when it leaves the board);
    /// empty in Zola.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub path: Vec<String>,
    /// The goal a piece leaving the board goes through, named by the player who defends it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goal: Option<Player>,
}

/// What a game waits for from the player to move (JS: `'roll'`, `'man'`, `'ball'`, `'move'`; match
/// play adds its own: the answer to a double, the next game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Awaited {
    /// Jokerball: roll (or set) the dice.
    Roll,
    /// Jokerball: move a man.
    Man,
    /// Jokerball: move the ball.
    Ball,
    /// Zola: move a checker (or `swap`).
    Move,
}

/// The last move made on the board: who made it and the cells its moves leave and reach.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, JsonKeys)]
pub struct LastMove {
    /// Who made it.
    pub player: Player,
    /// The cells each move left and reached, in order, each once (`'off'` left out); empty for a pass,
    /// a Jokerball turn whose phases were all passed, or `swap`.
    pub cells: Vec<String>,
}

/// The line of Jokerball's ball for the dice rolled (RULES 1.6), as the board stands now.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, JsonKeys)]
pub struct BallLine {
    /// The direction the green die gives the player to move.
    pub direction: crate::hex::HexDirection,
    /// Whether the ball cannot move along that line on the board as it stands (in phase man: before
    /// the man move, which may change it).
    pub blocked: bool,
}

/// A game of Jokerball or Zola: made from its plain-data setup, played by moves in notation or as
/// values, saved to and restored from a plain-data state. Checks run in the order of the errors'
/// codes: the notation (`parse_error`), then `game_over`, then `wrong_phase`, then legality; a failed
/// call leaves the game as it was.
pub trait Engine: Clone + fmt::Debug + PartialEq + Sized {
    /// Which game this is.
    const KIND: GameKind;
    /// How a win on the board is recorded in a match: a goal, or the last capture.
    const WIN: BoardWin;
    /// The options of a new game (plain data; `Default` is the standard game).
    type Setup: Clone + Default + fmt::Debug + PartialEq;
    /// A move as a small value.
    type Move: Copy + Eq + fmt::Debug;
    /// What the game waits for.
    type Phase: Copy + Eq + fmt::Debug;
    /// The whole game as plain data (the JSON state of `toJSON`).
    type State: Clone + PartialEq + fmt::Debug + Serialize + DeserializeOwned;
    /// The game's fixed-capacity move list.
    type List: Default + std::ops::Deref<Target = [Self::Move]>;

    /// A new game from its setup; an option out of range is `invalid_option`, a bad position string
    /// `parse_error`.
    fn new(setup: &Self::Setup) -> Result<Self, SetupError>;

    /// Plays history records (as [`Engine::history`] writes them) on this game; the error names the
    /// failing record's index.
    fn replay_onto<S: AsRef<str>>(self, history: &[S]) -> Result<Self, ReplayError>;

    /// A new game from `setup` with `history` played on it.
    fn replay<S: AsRef<str>>(history: &[S], setup: &Self::Setup) -> Result<Self, ReplayError> {
        Self::new(setup)?.replay_onto(history)
    }

    /// The player to move; after a game won on the board, the player who moved last (the winner);
    /// after a forfeit, the player who was to move.
    fn turn(&self) -> Player;

    /// The phase.
    fn phase(&self) -> Self::Phase;

    /// The winner, once the game has ended: on the board, or by a forfeit ([`Engine::forfeited`]).
    fn winner(&self) -> Option<Player>;

    /// The forfeit that ended the game, if it was lost on time or abandoned.
    fn forfeited(&self) -> Option<Forfeit>;

    /// Ends the game at once, off the board: `loser` ran out of time or abandoned it, and the other
    /// player wins (phase over, no legal move). A game already over is `game_over`, and stays as it
    /// was. A half-played Jokerball turn stays on the board (its man move is not undone).
    fn forfeit(&mut self, loser: Player, reason: ForfeitReason) -> Result<(), ForfeitError>;

    /// Whether the player to move has not begun the turn (Jokerball: not rolled; Zola: always while the
    /// game is on). A match allows doubles only then.
    fn at_turn_start(&self) -> bool;

    /// What the player to move must do now, `None` once the game is over.
    fn awaits(&self) -> Option<Awaited>;

    /// The board's side: 4 or 6 (Jokerball), 6, 8 or 10 (Zola).
    fn side(&self) -> u8;

    /// The player to move in the start position: who made (or passed) the first record.
    fn first(&self) -> Player;

    /// The last move made: the current Jokerball turn's man move once played, else the last completed
    /// record's moves; `None` before the first record.
    fn last_move(&self) -> Option<LastMove>;

    /// This game from its start, without a dice generator, with its first `step` completed records
    /// played (all of them when `step` is larger).
    fn replay_to(&self, step: usize) -> Result<Self, ReplayError> {
        self.restart().replay_prefix(&self.history(), step)
    }

    /// This game with the first `step` records of `history` played on it (all of them when `step` is
    /// larger).
    fn replay_prefix(self, history: &[String], step: usize) -> Result<Self, ReplayError> {
        self.replay_onto(history.get(..step).unwrap_or(history))
    }

    /// The legal moves now, unsorted (generation order), into `list` (cleared first); allocation-free,
    /// for bots and simulations that reuse one list.
    fn legal_moves_into(&self, list: &mut Self::List);

    /// The legal moves now, sorted by their notation in JavaScript's string order (none when there is
    /// nothing to move: Jokerball's phase roll, or the game is over).
    fn legal_moves(&self) -> Vec<Self::Move> {
        let mut list = Self::List::default();
        self.legal_moves_into(&mut list);
        crate::notation::in_notation_order(&list, |m| self.notation(m))
    }

    /// The legal moves now in notation, in the order of [`Engine::legal_moves`].
    fn legal_notations(&self) -> Vec<String> {
        let mut list = Self::List::default();
        self.legal_moves_into(&mut list);
        crate::notation::sorted_notations(&list, |m| self.notation(m))
    }

    /// The legal move that `text` names, checked in the order of the error codes.
    fn find_move(&self, text: &str) -> Result<Self::Move, PlayError>;

    /// Whether `text` names a legal move now (never fails).
    fn is_legal(&self, text: &str) -> bool {
        self.find_move(text).is_ok()
    }

    /// Whether `mv` is legal now.
    fn is_legal_move(&self, mv: Self::Move) -> bool;

    /// Plays a move written in the notation and returns it; on error the game is unchanged.
    fn play(&mut self, text: &str) -> Result<Self::Move, PlayError> {
        let mv = self.find_move(text)?;
        self.play_move(mv)?;
        Ok(mv)
    }

    /// Plays a move value after checking that it is legal now; on error the game is unchanged.
    fn play_move(&mut self, mv: Self::Move) -> Result<(), PlayError>;

    /// The notation of a move on this game's board.
    fn notation(&self, mv: Self::Move) -> String;

    /// A legal move of the current position described as plain data (describe it before playing it).
    fn describe(&self, mv: Self::Move) -> MoveInfo;

    /// Plays a move written in the notation and returns it described (as [`Engine::describe`] saw it
    /// before it was played); on error the game is unchanged.
    fn play_described(&mut self, text: &str) -> Result<MoveInfo, PlayError> {
        let mv = self.find_move(text)?;
        let info = self.describe(mv);
        self.play_move(mv)?;
        Ok(info)
    }

    /// Where the piece on the cell named `cell` can go now: cell names or `"off"`, in the order of
    /// [`Engine::legal_moves`], each once; empty when it cannot move. A name that is not a cell of this
    /// board is a `parse_error`.
    fn dests(&self, cell: &str) -> Result<Vec<String>, ParseError>;

    /// The position string (RULES 1.9, 2.3) of the current board and player to move.
    fn position_string(&self) -> String;

    /// The completed records in notation (Jokerball turns, Zola moves with `-` for passes).
    fn history(&self) -> Vec<String>;

    /// The whole game as plain data; `with_rng: false` leaves the dice generator out.
    fn to_state(&self, with_rng: bool) -> Self::State;

    /// Restores a game from [`Engine::to_state`]'s data, refusing (`parse_error`) malformed states and
    /// states whose fields disagree with their history.
    fn from_state(state: &Self::State) -> Result<Self, ParseError>;

    /// A new game from this one's start, with its settings and no dice generator.
    fn restart(&self) -> Self;

    /// The number of completed records ([`Engine::history`]'s length).
    fn history_len(&self) -> usize {
        self.history().len()
    }

    /// Replaces the dice generator with one seeded by `seed` (`None`: none, the game goes on only with
    /// dice set from outside). Games without dice ignore it.
    fn set_dice_seed(&mut self, _seed: Option<&Seed>) {}
}

/// The one body of both games' [`Engine::forfeit`]: sets `phase` to `over` and records the forfeit of
/// `loser`; a game whose `phase` is already `over` is refused and left as it was.
pub(crate) fn end_by_forfeit<P: Copy + PartialEq>(
    phase: &mut P,
    over: P,
    slot: &mut Option<Forfeit>,
    loser: Player,
    reason: ForfeitReason,
) -> Result<(), ForfeitError> {
    if *phase == over {
        return Err(ForfeitError::GameOver);
    }
    *slot = Some(Forfeit::of(loser, reason));
    *phase = over;
    Ok(())
}
