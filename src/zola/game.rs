//! A game of Zola: setup, moves with automatic passes, the pie rule and the end (RULES 2.1-2.3).
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::{Size, Square};
use super::movegen;
use super::moves::{Move, MoveList};
use super::notation::{parse_move, write_move};
use super::position::Position;
use crate::error::{Coded, ErrorCode, OptionError, ParseError, PlayError};
use crate::player::Player;

/// The options of a new game, as plain unvalidated data; [`Game::new`] checks them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setup {
    /// Squares a side: 6 (default), 8 or 10.
    pub size: u8,
    /// Whether the pie rule (`swap`) is offered (RULES 2.2). Default off.
    pub pie: bool,
    /// Who moves first (default Red, RULES 2.1).
    pub first: Player,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            size: 6,
            pie: false,
            first: Player::Red,
        }
    }
}

/// The phase of a game: a side is to move, or the game is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// The side to move must move.
    Move,
    /// Someone has captured every enemy checker.
    Over,
}

impl Phase {
    /// The name used by JavaScript: `"move"` or `"over"`.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Move => "move",
            Phase::Over => "over",
        }
    }
}

/// Why a game could not start from a position string: a bad explicit size (`invalid_option`) or a bad
/// string (`parse_error`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// The explicit size is not 6, 8 or 10.
    Option(OptionError),
    /// The position string is malformed, impossible, or of another size than the explicit one.
    Parse(ParseError),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Option(e) => e.fmt(f),
            SetupError::Parse(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SetupError {}

impl Coded for SetupError {
    fn code(&self) -> ErrorCode {
        match self {
            SetupError::Option(e) => e.code(),
            SetupError::Parse(e) => e.code(),
        }
    }
}

/// Why a replay failed: bad options, or the entry at `index` (from 0) could not be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayError {
    /// The setup is invalid.
    Option(OptionError),
    /// History entry `index` (from 0) failed with `error`.
    Move {
        /// The index of the failing entry.
        index: usize,
        /// Why it failed.
        error: PlayError,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Option(e) => e.fmt(f),
            ReplayError::Move { index, error } => write!(f, "history entry {index}: {error}"),
        }
    }
}

impl std::error::Error for ReplayError {}

impl Coded for ReplayError {
    fn code(&self) -> ErrorCode {
        match self {
            ReplayError::Option(e) => e.code(),
            ReplayError::Move { error, .. } => error.code(),
        }
    }
}

/// A game of Zola in progress or finished: the start, the current position, the history and the result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    size: Size,
    pie: bool,
    /// `true` when the game started from the setup (only then `swap` can be legal).
    from_setup: bool,
    start: Position,
    position: Position,
    history: Vec<Move>,
    phase: Phase,
    winner: Option<Player>,
    swapped: bool,
}

impl Game {
    /// A new game from the setup (RULES 2.1); a size other than 6, 8 or 10 is an `invalid_option`.
    pub fn new(setup: Setup) -> Result<Game, OptionError> {
        let size = Size::new(setup.size)?;
        let start = Position::start(size, setup.first);
        Ok(Game::begin(start, setup.pie, true))
    }

    /// A game from a position string (RULES 2.3). The size follows from the string; an explicit size
    /// must be valid (`invalid_option`) and agree (`parse_error`). `swap` is never legal in such a game.
    pub fn from_position(
        text: &str,
        explicit_size: Option<u8>,
        pie: bool,
    ) -> Result<Game, SetupError> {
        let explicit = explicit_size
            .map(Size::new)
            .transpose()
            .map_err(SetupError::Option)?;
        let start = Position::from_string(text).map_err(SetupError::Parse)?;
        if let Some(size) = explicit {
            if size != start.size() {
                return Err(SetupError::Parse(ParseError::new(format!(
                    "the position string is for a {m}x{m} board, not {n}x{n}",
                    m = start.size().n(),
                    n = size.n()
                ))));
            }
        }
        let mut other = start;
        other.set_turn(start.turn().other());
        if !movegen::has_move(&start) && !movegen::has_move(&other) {
            return Err(SetupError::Parse(ParseError::new(
                "neither side can move in this position",
            )));
        }
        Ok(Game::begin(start, pie, false))
    }

    fn begin(start: Position, pie: bool, from_setup: bool) -> Game {
        let mut game = Game {
            size: start.size(),
            pie,
            from_setup,
            start,
            position: start,
            history: Vec::new(),
            phase: Phase::Move,
            winner: None,
            swapped: false,
        };
        game.pass_if_stuck();
        game
    }

    /// Replays `history` (move notations, `-` for passes) from the setup. A `-` must stand where the
    /// game recorded an automatic pass; an omitted `-` is tolerated, since passes are automatic.
    pub fn replay<S: AsRef<str>>(history: &[S], setup: Setup) -> Result<Game, ReplayError> {
        let game = Game::new(setup).map_err(ReplayError::Option)?;
        game.replay_onto(history)
    }

    /// Plays `history` on this game (as [`Game::replay`] does from the setup).
    pub fn replay_onto<S: AsRef<str>>(mut self, history: &[S]) -> Result<Game, ReplayError> {
        let mut matched = 0;
        for (index, text) in history.iter().enumerate() {
            let text = text.as_ref();
            let fail = |error| ReplayError::Move { index, error };
            let mv = self
                .parse_move(text)
                .map_err(|e| fail(PlayError::Parse(e)))?;
            if mv == Move::Pass && self.history.get(matched) == Some(&Move::Pass) {
                matched += 1;
                continue;
            }
            self.play_move(mv).map_err(fail)?;
            matched = self.history.len();
            if self.history.last() == Some(&Move::Pass) {
                matched -= 1;
            }
        }
        Ok(self)
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Whether the pie rule was asked for.
    pub fn pie(&self) -> bool {
        self.pie
    }

    /// Whether the game started from the setup (not from a position string).
    pub fn from_setup(&self) -> bool {
        self.from_setup
    }

    /// The position the game started from (before any automatic pass).
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The colour to move; after the game, the colour that moved last (the winner).
    pub fn turn(&self) -> Player {
        self.position.turn()
    }

    /// The phase: `Move` or `Over`.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The colour that captured every enemy checker, once the game is over.
    pub fn winner(&self) -> Option<Player> {
        self.winner
    }

    /// Whether the players exchanged colours with `swap` (see the module docs).
    pub fn swapped(&self) -> bool {
        self.swapped
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position string (RULES 2.3) of the current board and colour to move.
    pub fn position_string(&self) -> String {
        self.position.to_string_notation()
    }

    /// Every checker as `(square, colour)`, in position-string order (rank `n` first, file `a` first).
    pub fn board(&self) -> Vec<(Square, Player)> {
        let n = self.size.n();
        let mut out = Vec::with_capacity(self.size.squares());
        for y in (0..n).rev() {
            for x in 0..n {
                let s = Square(y * n + x);
                if let Some(p) = self.position.at(s) {
                    out.push((s, p));
                }
            }
        }
        out
    }

    /// The records so far: moves, `Swap`, and `Pass` for each automatic pass.
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// The history in notation (`c3-d4`, `c3xf6`, `swap`, `-`).
    pub fn history_strings(&self) -> Vec<String> {
        self.history
            .iter()
            .map(|&m| write_move(self.size, m))
            .collect()
    }

    /// Whether `swap` is legal now: pie on, a game from the setup, exactly one move played so far.
    pub fn can_swap(&self) -> bool {
        self.pie
            && self.from_setup
            && self.phase == Phase::Move
            && !self.swapped
            && self.history.len() == 1
            && matches!(
                self.history.first(),
                Some(Move::Step { .. } | Move::Capture { .. })
            )
    }

    /// Every legal move now, in generation order (board moves, then `swap`); empty when the game is over.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// Fills `list` (cleared first) with the legal moves now, as [`Game::legal_moves`] returns them;
    /// reusing one list avoids initialising a new one per call (bots, simulations).
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        if self.phase == Phase::Move {
            movegen::generate(&self.position, list);
            if self.can_swap() {
                list.push(Move::Swap);
            }
        }
    }

    /// The legal moves in notation, sorted by string order (as JavaScript's default sort).
    pub fn legal_notations(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .legal_moves()
            .iter()
            .map(|&m| write_move(self.size, m))
            .collect();
        crate::notation::sort_notations(&mut v);
        v
    }

    /// Whether `mv` is legal now.
    pub fn is_legal_move(&self, mv: Move) -> bool {
        self.phase == Phase::Move
            && match mv {
                Move::Swap => self.can_swap(),
                Move::Pass => false,
                _ => movegen::is_legal_board_move(&self.position, mv),
            }
    }

    /// Whether the move written `text` is legal now (never fails).
    pub fn is_legal(&self, text: &str) -> bool {
        self.parse_move(text).is_ok_and(|mv| self.is_legal_move(mv))
    }

    /// Reads a move written for this board (RULES 2.3).
    pub fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        parse_move(self.size, text)
    }

    /// Writes a move for this board.
    pub fn move_name(&self, mv: Move) -> String {
        write_move(self.size, mv)
    }

    /// Plays the move written `text`. Checks in order: notation (`parse_error`), game over, legality.
    pub fn play(&mut self, text: &str) -> Result<Move, PlayError> {
        let mv = self.parse_move(text)?;
        self.play_move(mv)?;
        Ok(mv)
    }

    /// Plays a move (game over, then legality, are checked); on error the game is unchanged.
    pub fn play_move(&mut self, mv: Move) -> Result<(), PlayError> {
        if self.phase == Phase::Over {
            return Err(PlayError::GameOver);
        }
        if !self.is_legal_move(mv) {
            return Err(PlayError::Illegal(write_move(self.size, mv)));
        }
        self.apply_unchecked(mv);
        Ok(())
    }

    /// Plays a move known to be legal now (from [`Game::legal_moves`]) without checking it: for bots
    /// and simulations. An illegal move here leaves the game in an unspecified but memory-safe state.
    pub fn apply_unchecked(&mut self, mv: Move) {
        let mover = self.position.turn();
        self.history.push(mv);
        if mv == Move::Swap {
            self.swapped = true;
            return;
        }
        self.position.apply(mv);
        if self.position.count(mover.other()) == 0 {
            self.phase = Phase::Over;
            self.winner = Some(mover);
            self.position.set_turn(mover);
            return;
        }
        self.pass_if_stuck();
    }

    fn pass_if_stuck(&mut self) {
        if !movegen::has_move(&self.position) {
            self.history.push(Move::Pass);
            self.position.apply(Move::Pass);
        }
    }
}

/// A Zola game as one game of a match (RULES 3): a double comes before moving; a win is the capture of
/// every enemy checker. Matches have no pie rule (RULES 3.6).
impl crate::matchplay::MatchGame for Game {
    const WIN: crate::matchplay::GameEnd = crate::matchplay::GameEnd::CapturedAll;

    fn winner(&self) -> Option<Player> {
        Game::winner(self)
    }

    fn to_move(&self) -> Player {
        self.turn()
    }

    fn at_turn_start(&self) -> bool {
        self.phase() == Phase::Move
    }

    fn next_game(&self, first: Player) -> Game {
        let start = Position::start(self.size(), first);
        Game::begin(start, false, true)
    }
}

#[cfg(test)]
#[allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]
mod tests {
    use super::*;

    #[test]
    fn start_counts() {
        for (n, count) in [(6, 36), (8, 64), (10, 100)] {
            let g = Game::new(Setup {
                size: n,
                ..Setup::default()
            })
            .unwrap();
            assert_eq!(g.legal_moves().len(), count, "size {n}");
        }
        assert!(Game::new(Setup {
            size: 7,
            ..Setup::default()
        })
        .is_err());
    }

    #[test]
    fn check_order() {
        let mut g = Game::from_position("r5/6/6/6/6/5b r", None, false).unwrap();
        assert_eq!(g.play("a6-a5").unwrap_err().code(), ErrorCode::IllegalMove);
        assert_eq!(g.play("zz").unwrap_err().code(), ErrorCode::ParseError);
        assert_eq!(
            g.play("a6xf1"),
            Ok(Move::Capture {
                from: Square(30),
                to: Square(5)
            })
        );
        assert_eq!(g.winner(), Some(Player::Red));
        assert_eq!(g.play("zz").unwrap_err().code(), ErrorCode::ParseError);
        assert_eq!(g.play("f1-e2").unwrap_err().code(), ErrorCode::GameOver);
    }
}
