//! What a user interface needs to know of a game or a match at a glance ([`View`]), computed here so
//! that no front end works a rule out for itself: who acts, the board, the result, the last move, the
//! ball's line and the log.
//!
//! The view is built once for both games: the generic part only gathers a game's facts. The
//! methods of [`Match`](super::Match) that use it are in `driver`, with all the others.

use serde::{Deserialize, Serialize};

use super::log::{body_lines, game_body, lone_result_line, LogEntry, Logged};
use super::state::MatchState;
use super::{GameWon, MatchPhase};
use crate::dice::Dice;
use crate::engine::{Awaited, BallLine, GameKind, LastMove};
use crate::keys::JsonKeys;
use crate::player::Player;

/// What the player to act must do now (see [`ToAct`]; JS: `'roll'`, `'man'`, `'ball'`, `'move'`,
/// `'answer'`, `'next'`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Awaits {
    /// Jokerball: roll (or set) the dice.
    Roll,
    /// Jokerball: move a man.
    Man,
    /// Jokerball: move the ball.
    Ball,
    /// Zola: move a checker (or `swap`).
    Move,
    /// A match: take or drop the pending double (or resign).
    Answer,
    /// A match: start the next game (either player may).
    Next,
}

impl From<Awaited> for Awaits {
    fn from(a: Awaited) -> Awaits {
        match a {
            Awaited::Roll => Awaits::Roll,
            Awaited::Man => Awaits::Man,
            Awaited::Ball => Awaits::Ball,
            Awaited::Move => Awaits::Move,
        }
    }
}

impl Awaits {
    /// The name used in JavaScript.
    pub const fn name(self) -> &'static str {
        match self {
            Awaits::Roll => "roll",
            Awaits::Man => "man",
            Awaits::Ball => "ball",
            Awaits::Move => "move",
            Awaits::Answer => "answer",
            Awaits::Next => "next",
        }
    }
}

/// Who acts now and what is awaited: the one definition of "whose turn" for every user interface.
/// `player` is `None` only for [`Awaits::Next`] (either player may start the next game of a match).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonKeys)]
pub struct ToAct {
    /// The player who must act, `None` when either may.
    pub player: Option<Player>,
    /// What that player must do.
    pub awaits: Awaits,
}

/// What the view asks of a game beyond its rules and records: Jokerball's dice and ball line (Zola has
/// none: the defaults). Implemented for both games in `matchplay/games.rs`.
pub trait Drawn: Logged {
    /// Jokerball: the dice of the last completed turn and the ball's line for them at its end (the
    /// direction for its mover; blocked when its ball phase was passed); `None` before the first turn
    /// and in Zola.
    fn last_dice(&self) -> Option<(Dice, BallLine)> {
        None
    }

    /// Jokerball with the dice rolled (phases man and ball): the ball's line for the green die; `None`
    /// otherwise and in Zola.
    fn ball_line(&self) -> Option<BallLine> {
        None
    }

    /// Who acts now (the player to move) and what is awaited; `None` once the game is over.
    fn to_act(&self) -> Option<ToAct> {
        self.awaits().map(|awaits| ToAct {
            player: Some(self.turn()),
            awaits: awaits.into(),
        })
    }
}

/// A game or match as a user interface draws it (JS: `view()`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonKeys)]
#[serde(rename_all = "camelCase")]
pub struct View {
    /// Which game, and so which board: Jokerball's hexagon or Zola's square.
    pub game: GameKind,
    /// The board's side: 4 or 6 (Jokerball), 6, 8 or 10 (Zola).
    pub size: u8,
    /// Who acts now and what is awaited ([`Drawn::to_act`], `Match::to_act`).
    pub to_act: Option<ToAct>,
    /// Whether the player to move has not begun the turn: Jokerball's phase roll, Zola's phase move
    /// (in a match also while that player's double awaits its answer); false once the game is over.
    pub at_turn_start: bool,
    /// The current game's result once it has ended (in a match also by a drop or resignation); by a
    /// forfeit (`time`, `abandoned`) of a lone game, or of a match while the game was on.
    pub result: Option<GameWon>,
    /// The last move made ([`Engine::last_move`](crate::Engine::last_move)).
    pub last_move: Option<LastMove>,
    /// Jokerball with the dice rolled and the game on: the ball's line ([`Drawn::ball_line`]).
    pub ball: Option<BallLine>,
    /// Jokerball: the dice of the last completed turn of the current game ([`Drawn::last_dice`]).
    pub last_dice: Option<Dice>,
    /// Jokerball: the ball's line for them at that turn's end ([`Drawn::last_dice`]).
    pub last_ball: Option<BallLine>,
    /// The current game's lines: records with their movers, cube actions, resignation and result.
    pub log: Vec<LogEntry>,
}

/// What a view takes from a game, gathered by the one generic step ([`Facts::of`]).
pub(super) struct Facts {
    kind: GameKind,
    side: u8,
    to_act: Option<ToAct>,
    at_turn_start: bool,
    outcome: Option<GameWon>,
    last_move: Option<LastMove>,
    ball: Option<BallLine>,
    last_dice: Option<Dice>,
    last_ball: Option<BallLine>,
    history: Vec<String>,
    first: Player,
    after: fn(&str, Player) -> Player,
}

impl Facts {
    pub(super) fn of<G: Drawn>(game: &G) -> Facts {
        let (last_dice, last_ball) = game.last_dice().unzip();
        Facts {
            kind: G::KIND,
            side: game.side(),
            to_act: game.to_act(),
            at_turn_start: game.awaits().is_some() && game.at_turn_start(),
            outcome: game.outcome(),
            last_move: game.last_move(),
            ball: game.ball_line(),
            last_dice,
            last_ball,
            history: game.history(),
            first: game.first(),
            after: G::mover_after,
        }
    }

    /// The view of a lone game.
    fn lone(self) -> View {
        let result = self.outcome.map(|w| (w.winner, lone_result_line(w)));
        View {
            log: body_lines(&self.history, self.first, self.after, &[], result),
            game: self.kind,
            size: self.side,
            to_act: self.to_act,
            at_turn_start: self.at_turn_start,
            result: self.outcome,
            last_move: self.last_move,
            ball: self.ball,
            last_dice: self.last_dice,
            last_ball: self.last_ball,
        }
    }

    /// The view of the current game of a match at `st` with `log`.
    pub(super) fn in_match(self, st: &MatchState, log: &super::MatchLog) -> View {
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
            result: match st.results().get(number as usize - 1) {
                Some(r) => Some(GameWon {
                    winner: r.winner,
                    how: r.how,
                }),
                // A forfeit ended the match while this game was on: it ended the game too.
                None => st.forfeit().map(GameWon::from),
            },
            last_move: self.last_move,
            ball: self.ball.filter(|_| phase == MatchPhase::Playing),
            last_dice: self.last_dice,
            last_ball: self.last_ball,
            log: lines,
        }
    }
}

/// Who acts in a match outside play: the doubled player answers, either player starts the next game,
/// nobody after the match.
pub(super) fn match_to_act(st: &MatchState) -> Option<ToAct> {
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
pub fn view_of<G: Drawn>(game: &G) -> View {
    Facts::of(game).lone()
}
