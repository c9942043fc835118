//! What a user interface needs to know of a game or a match at a glance ([`View`]), computed here so
//! that no front end works a rule out for itself: who acts, the board, the result, the last move, the
//! ball's line and the log.
//!
//! The view is built once for both games: the generic part only gathers a game's [`Facts`].

use serde::Serialize;

use super::driver::Match;
use super::log::{body_lines, game_body, lone_result_line, LogEntry};
use super::state::MatchState;
use super::{MatchError, MatchPhase};
use crate::engine::{Awaits, BallLine, Engine, GameKind, GameWon, LastMove, ToAct};
use crate::error::OptionError;
use crate::player::Player;

/// A game or match as a user interface draws it (JS: `view()`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct View {
    /// Which game, and so which board: Jokerball's hexagon or Zola's square.
    pub game: GameKind,
    /// The board's side: 4 or 6 (Jokerball), 6, 8 or 10 (Zola).
    pub size: u8,
    /// Who acts now and what is awaited ([`Engine::to_act`], [`Match::to_act`]).
    pub to_act: Option<ToAct>,
    /// Whether the player to move has not begun the turn: Jokerball's phase roll, Zola's phase move
    /// (in a match also while that player's double awaits its answer); false once the game is over.
    pub at_turn_start: bool,
    /// The current game's result once it has ended (in a match also by a drop or resignation).
    pub result: Option<GameWon>,
    /// The last move made ([`Engine::last_move`]).
    pub last_move: Option<LastMove>,
    /// Jokerball with the dice rolled and the game on: the ball's line ([`Engine::ball_line`]).
    pub ball: Option<BallLine>,
    /// The current game's lines: records with their movers, cube actions, resignation and result.
    pub log: Vec<LogEntry>,
}

/// What a view takes from a game, gathered by the one generic step ([`Facts::of`]).
struct Facts {
    kind: GameKind,
    side: u8,
    to_act: Option<ToAct>,
    at_turn_start: bool,
    outcome: Option<GameWon>,
    last_move: Option<LastMove>,
    ball: Option<BallLine>,
    history: Vec<String>,
    first: Player,
    after: fn(&str, Player) -> Player,
}

impl Facts {
    fn of<G: Engine>(game: &G) -> Facts {
        Facts {
            kind: G::KIND,
            side: game.side(),
            to_act: game.to_act(),
            at_turn_start: game.awaits().is_some() && game.at_turn_start(),
            outcome: game.outcome(),
            last_move: game.last_move(),
            ball: game.ball_line(),
            history: game.history(),
            first: game.first(),
            after: G::mover_after,
        }
    }

    /// The view of a lone game.
    fn lone(self) -> View {
        let result = self.outcome.map(|w| (w.winner, lone_result_line(w.winner)));
        View {
            log: body_lines(&self.history, self.first, self.after, &[], result),
            game: self.kind,
            size: self.side,
            to_act: self.to_act,
            at_turn_start: self.at_turn_start,
            result: self.outcome,
            last_move: self.last_move,
            ball: self.ball,
        }
    }

    /// The view of the current game of a match at `st` with `log`.
    fn in_match(self, st: &MatchState, log: &super::MatchLog) -> View {
        let phase = st.phase();
        let number = st.game_number();
        let to_act = match phase {
            MatchPhase::Playing => self.to_act,
            _ => match_to_act(st),
        };
        let (_, lines) = game_body(st, log, number, &mut Some(self.history), self.after);
        View {
            game: self.kind,
            size: self.side,
            to_act,
            at_turn_start: self.at_turn_start
                && matches!(phase, MatchPhase::Playing | MatchPhase::Double),
            result: st.results().get(number as usize - 1).map(|r| GameWon {
                winner: r.winner,
                how: r.how,
            }),
            last_move: self.last_move,
            ball: self.ball.filter(|_| phase == MatchPhase::Playing),
            log: lines,
        }
    }
}

/// Who acts in a match outside play: the doubled player answers, either player starts the next game,
/// nobody after the match.
fn match_to_act(st: &MatchState) -> Option<ToAct> {
    match st.phase() {
        MatchPhase::Double => st.pending_double().map(|p| ToAct {
            player: Some(p.other()),
            awaits: Awaits::Answer,
        }),
        MatchPhase::GameOver => Some(ToAct {
            player: None,
            awaits: Awaits::Next,
        }),
        _ => None,
    }
}

/// The view of a lone game.
pub fn view_of<G: Engine>(game: &G) -> View {
    Facts::of(game).lone()
}

impl<G: Engine> Match<G> {
    /// Who acts now: the player to move while a game is played ([`Engine::to_act`]); the doubled
    /// player, to answer, while a double is pending; either player (`player: None`) to start the next
    /// game; nobody once the match is over.
    pub fn to_act(&self) -> Option<ToAct> {
        match self.state.phase() {
            MatchPhase::Playing => self.game.to_act(),
            _ => match_to_act(&self.state),
        }
    }

    /// The match as a user interface draws it: its current game's [`View`] with who acts in the
    /// match, the current game's result (also by a drop or resignation) and its log with the cube
    /// actions.
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
        .ok_or_else(|| MatchError::WrongPhase("the records of this game are unknown".into()))?;
        self.game
            .next_game(self.state.starter_of(number))
            .restart()
            .replay_prefix(&history, step)
            .map_err(|e| MatchError::WrongPhase(e.to_string()))
    }
}
