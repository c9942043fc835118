//! Errors. One type per operation, each with a stable [`ErrorCode`] (the JavaScript `code`).
//!
//! The codes and the order in which they are checked are those of the JavaScript API (docs/api.md,
//! "Errors"): `freed` (a method of an object after its `free()`), then arguments (`invalid_option` /
//! `parse_error`), then `game_over`, then `wrong_phase`, then legality.

use std::fmt;

/// The one list of the error codes: each variant of [`ErrorCode`] with its documentation and the string
/// JavaScript sees. Every other list is made from it: the enum, [`ErrorCode::as_str`],
/// [`ErrorCode::ALL`] (by `declare_error_codes!` below) and the TypeScript union `SteereErrorCode`
/// (in `src/wasm/`). Call it with the name of a macro that takes the list.
macro_rules! error_code_list {
    ($then:ident) => {
        $then! {
            /// An option, dice value, player name or simulation setting that is unknown, mistyped or out of range.
            InvalidOption = "invalid_option",
            /// Input not written in the notation: a move, a position string, a JSON state, an over-long input.
            ParseError = "parse_error",
            /// An action on a finished game.
            GameOver = "game_over",
            /// An action that the current phase does not take.
            WrongPhase = "wrong_phase",
            /// A well-formed move of the right kind that is not legal now.
            IllegalMove = "illegal_move",
            /// A double that the cube rules do not allow now.
            CubeNotAllowed = "cube_not_allowed",
            /// A method or getter of a JavaScript object called after its `free()` (raised by the binding
            /// layer, never by the core).
            Freed = "freed",
        }
    };
}
#[cfg_attr(not(any(target_arch = "wasm32", test)), allow(unused_imports))]
pub(crate) use error_code_list;

/// Declares [`ErrorCode`] from the list of `error_code_list!`.
macro_rules! declare_error_codes {
    ($($(#[$doc:meta])* $variant:ident = $code:literal,)*) => {
        /// The stable code of an error, as seen by JavaScript in `SteereError.code`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum ErrorCode {
            $($(#[$doc])* $variant,)*
        }

        impl ErrorCode {
            /// Every code, in the order of the list.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant,)*];

            /// The code as JavaScript sees it (`"invalid_option"`, ...).
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $code,)*
                }
            }
        }
    };
}
error_code_list!(declare_error_codes);

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Appends a decimal number (without `std::fmt`; the messages of every level write numbers with it).
pub(crate) fn push_num(out: &mut String, n: usize) {
    push_u64(out, n as u64);
}

/// Appends a decimal number of up to 64 bits (without `std::fmt`).
pub(crate) fn push_u64(out: &mut String, n: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        if let Some(d) = digits.get_mut(i) {
            *d = b'0' + (n % 10) as u8;
        }
        n /= 10;
        if n == 0 || i == 0 {
            break;
        }
    }
    for &d in digits.get(i..).unwrap_or(&[]) {
        out.push(char::from(d));
    }
}

/// Appends each part in turn (the messages of the error types, written without `std::fmt`).
pub(crate) fn push_all(out: &mut String, parts: &[&str]) {
    for p in parts {
        out.push_str(p);
    }
}

/// Every error of this crate has a stable code and a human-readable message (its `Display`).
pub trait Coded: fmt::Display {
    /// The stable code.
    fn code(&self) -> ErrorCode;
    /// Appends the message (the same text as `Display`, written without `std::fmt`: the binding
    /// reads it so that the wasm carries no formatting code for errors).
    fn write_message(&self, out: &mut String);
}

/// The message of an error (its [`Coded::write_message`]), for an error of a lower level that an
/// operation reports under its own code.
pub(crate) fn message_of(e: &dyn Coded) -> String {
    let mut out = String::new();
    e.write_message(&mut out);
    out
}

/// `Display` of an error as its [`Coded::write_message`] (one text for both).
macro_rules! display_by_message {
    ($($t:ty),*) => {$(
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                let mut message = String::new();
                $crate::error::Coded::write_message(self, &mut message);
                f.write_str(&message)
            }
        }
    )*};
}
pub(crate) use display_by_message;

/// Implements `Display`, `std::error::Error` and [`Coded`] for an error type from one table: each
/// pattern with its code and its message (appended to the `String` named in `|out|`, without
/// `std::fmt`).
macro_rules! coded {
    ($ty:ty, |$out:ident| { $($pat:pat => $code:expr, $msg:expr;)* }) => {
        $crate::error::display_by_message!($ty);

        impl std::error::Error for $ty {}

        impl $crate::error::Coded for $ty {
            #[allow(unused_variables)]
            fn code(&self) -> $crate::error::ErrorCode {
                match self {
                    $($pat => $code,)*
                }
            }
            #[allow(unused_variables)]
            fn write_message(&self, $out: &mut String) {
                match self {
                    $($pat => $msg,)*
                }
            }
        }
    };
}
pub(crate) use coded;

/// `From` for an error kept as a variant of another's (`Outer::Variant(inner)`): one impl each.
macro_rules! wraps {
    ($($outer:ident::$variant:ident($inner:ty)),* $(,)?) => {$(
        impl From<$inner> for $outer {
            fn from(e: $inner) -> Self {
                $outer::$variant(e)
            }
        }
    )*};
}
pub(crate) use wraps;

/// Declares an error that is a message with one code: the type, its `new` and the impls of [`coded!`].
macro_rules! message_error {
    ($(#[$doc:meta])* $name:ident, $code:expr, $(#[$field:meta])*) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct $name {
            $(#[$field])*
            pub message: String,
        }

        impl $name {
            /// The error with this message.
            pub fn new(message: impl Into<String>) -> Self {
                $name {
                    message: message.into(),
                }
            }
        }

        coded!($name, |out| { $name { message } => $code, out.push_str(message); });
    };
}

message_error!(
    /// Input that is not in the expected notation or format (code `parse_error`).
    ParseError,
    ErrorCode::ParseError,
    /// What is wrong, naming the offending part.
);

message_error!(
    /// An option or argument that is unknown, mistyped or out of range (code `invalid_option`).
    OptionError,
    ErrorCode::InvalidOption,
    /// What is wrong, naming the option.
);

/// Why a move could not be played (`play` in every game).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayError {
    /// The move is not written in the notation, or names a cell that does not exist.
    Parse(ParseError),
    /// The game is over.
    GameOver,
    /// The phase does not take this kind of move or action.
    WrongPhase(WrongPhase),
    /// A well-formed move that is not legal now.
    Illegal(Illegal),
}

coded!(PlayError, |out| {
    PlayError::Parse(e) => ErrorCode::ParseError, e.write_message(out);
    PlayError::GameOver => ErrorCode::GameOver, out.push_str("the game is over");
    PlayError::WrongPhase(w) => ErrorCode::WrongPhase, w.write_message(out);
    PlayError::Illegal(i) => ErrorCode::IllegalMove, i.write_message(out);
});

/// A well-formed move that is not legal now: the move as written and why it is not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Illegal {
    /// The move (or a whole turn record) in the notation, as the caller wrote it or as the game writes it.
    pub notation: String,
    /// Why it is not legal now.
    pub why: NotLegal,
}

impl Illegal {
    /// The error of `notation`, not legal now for no reason beyond the position.
    pub fn new(notation: impl Into<String>) -> Illegal {
        Illegal {
            notation: notation.into(),
            why: NotLegal::NotNow,
        }
    }

    /// Appends the message: `illegal move: ` with the move and, for a swap or a pass, why.
    fn write_message(&self, out: &mut String) {
        let why = match self.why {
            NotLegal::NotNow => "",
            NotLegal::NoPieRule => " (this game is played without the pie rule)",
            NotLegal::FromPosition => " (a game started from a position string has no swap)",
            NotLegal::Swapped => " (the swap has been made already)",
            NotLegal::SecondPlayerOnly => {
                " (only the second player may swap, as the answer to the first move)"
            }
            NotLegal::SwapPassed => " (only as the second player's first action, which has passed)",
            NotLegal::PassNotForced => {
                " (a pass stands only where the side to move has no legal move)"
            }
        };
        push_all(out, &["illegal move: ", &self.notation, why]);
    }
}

wraps!(PlayError::Illegal(Illegal));

/// Why a well-formed move is not legal now (RULES 2.2 for Zola's swap).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotLegal {
    /// The position does not allow it.
    NotNow,
    /// A swap in a game played without the pie rule.
    NoPieRule,
    /// A swap in a game started from a position string.
    FromPosition,
    /// A swap after the swap.
    Swapped,
    /// A swap before the first move.
    SecondPlayerOnly,
    /// A swap after the second player's first action.
    SwapPassed,
    /// A pass where the side to move has a legal move (a pass is only ever made by the game).
    PassNotForced,
}

/// What was asked in a phase that does not take it (the data of every `wrong_phase` error); the
/// message is written here, once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WrongPhase {
    /// A move of a kind that the turn's `phase` does not take; `written` when it came as text (the
    /// message then says what to do).
    Move {
        /// The phase the turn is in.
        phase: TurnPhase,
        /// The move came as text rather than as a value.
        written: bool,
    },
    /// Dice rolled or set in `phase`, after the dice of the turn.
    Rolled {
        /// The phase the turn is in.
        phase: TurnPhase,
    },
    /// A roll in a game restored without its dice generator.
    NoGenerator,
    /// Dice asked of a Zola game.
    NoDice,
    /// An answer (`take`, `drop`) or a resignation when the game is over.
    AnswerAfterGame {
        /// The action asked for.
        action: &'static str,
    },
    /// An answer (`take`, `drop`) with no double pending.
    NoDouble {
        /// The action asked for.
        action: &'static str,
    },
    /// A game won on the board after the game's end.
    AlreadyOver,
    /// A game won on the board while a double is pending.
    WonWhileDouble,
    /// The next game of a match asked for before the current game's end (`match_over` false) or
    /// after the match's end.
    NextGame {
        /// The match is over.
        match_over: bool,
    },
    /// A game's action while a double is pending.
    DoublePending,
    /// A game's action after its end, before the next game.
    StartNextGame,
    /// The replay of a match's game whose records are unknown (before a restore from format 1).
    RecordsUnknown,
    /// The replay of a match's game refused its records.
    Replay(Box<ReplayError>),
    /// The record of a match that has none (restored from format 1, or begun from a position).
    NoMatchRecord,
    /// A replayed record other than the one the game made itself (`expected`, its automatic pass).
    MadeByGame {
        /// The record the game made.
        expected: String,
    },
    /// A replayed record past the game's records.
    NoSuchRecord,
    /// Nothing for the bot to choose.
    NothingToChoose(Nothing),
    /// An option refused in this phase (a match's bad argument met by a game's action).
    Refused(OptionError),
}

/// The phase of a Jokerball turn that a move or a roll was asked in (the turn's phases but the end).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnPhase {
    /// Before the dice.
    Roll,
    /// A man moves.
    Man,
    /// The ball moves.
    Ball,
}

impl TurnPhase {
    /// The phase's name, as JavaScript sees it.
    pub const fn name(self) -> &'static str {
        match self {
            TurnPhase::Roll => "roll",
            TurnPhase::Man => "man",
            TurnPhase::Ball => "ball",
        }
    }
}

/// Why there is nothing for the bot to choose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nothing {
    /// No move to choose (the message names no phase).
    NoMove,
    /// Nothing in this phase (its name: a turn's or a match's).
    InPhase(&'static str),
    /// The game is over.
    GameOver,
}

impl WrongPhase {
    /// Appends the message.
    pub(crate) fn write_message(&self, out: &mut String) {
        match self {
            WrongPhase::Move {
                phase,
                written: true,
            } => {
                let first = match phase {
                    TurnPhase::Roll => "roll the dice first: ",
                    TurnPhase::Man => "a man must move first: ",
                    TurnPhase::Ball => "the ball must move now: ",
                };
                push_all(out, &[first, "phase is ", phase.name()]);
            }
            WrongPhase::Move { phase, .. } => push_all(out, &["phase is ", phase.name()]),
            WrongPhase::Rolled { phase } => push_all(
                out,
                &["the dice are already rolled: phase is ", phase.name()],
            ),
            WrongPhase::NoGenerator => {
                out.push_str("this game has no dice generator (restored without it): set the dice")
            }
            WrongPhase::NoDice => out.push_str("a Zola game has no dice"),
            WrongPhase::AnswerAfterGame { action } => {
                push_all(out, &[action, ": the game is over"])
            }
            WrongPhase::NoDouble { action } => push_all(out, &[action, ": no double is pending"]),
            WrongPhase::AlreadyOver => out.push_str("the game is already over"),
            WrongPhase::WonWhileDouble => {
                out.push_str("a double is pending: the game cannot end on the board")
            }
            WrongPhase::NextGame { match_over: true } => {
                out.push_str("next game: the match is over")
            }
            WrongPhase::NextGame { match_over: false } => {
                out.push_str("next game: the current game is not over")
            }
            WrongPhase::DoublePending => out.push_str("a double is pending: take, drop or resign"),
            WrongPhase::StartNextGame => out.push_str("the game is over: start the next game"),
            WrongPhase::RecordsUnknown => out.push_str("the records of this game are unknown"),
            WrongPhase::Replay(e) => e.write_message(out),
            WrongPhase::NoMatchRecord => out.push_str(
                "this match has no record: it was restored from a format-1 state (its earlier \
                 games are unknown) or its games began from a position string",
            ),
            WrongPhase::MadeByGame { expected } => push_all(
                out,
                &[
                    "expected '",
                    expected,
                    "' (made by the game itself: the side to move had no legal move)",
                ],
            ),
            WrongPhase::NoSuchRecord => out.push_str("no such record"),
            WrongPhase::NothingToChoose(Nothing::NoMove) => out.push_str("nothing to choose"),
            WrongPhase::NothingToChoose(Nothing::InPhase(phase)) => {
                push_all(out, &["nothing to choose: ", phase])
            }
            WrongPhase::NothingToChoose(Nothing::GameOver) => {
                out.push_str("nothing to choose: the game is over")
            }
            WrongPhase::Refused(e) => e.write_message(out),
        }
    }
}

wraps!(
    PlayError::WrongPhase(WrongPhase),
    PlayError::Parse(ParseError)
);

/// Why the dice could not be rolled or set (`roll`, `setDice`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiceError {
    /// A die value out of range (only for `setDice`).
    OutOfRange(OptionError),
    /// The game is over.
    GameOver,
    /// Not the start of a turn, or (for `roll`) the state was restored without its dice generator.
    WrongPhase(WrongPhase),
}

coded!(DiceError, |out| {
    DiceError::OutOfRange(e) => ErrorCode::InvalidOption, e.write_message(out);
    DiceError::GameOver => ErrorCode::GameOver, out.push_str("the game is over");
    DiceError::WrongPhase(w) => ErrorCode::WrongPhase, w.write_message(out);
});

/// Why a game or a match could not be forfeited (`forfeit`): it is already over (code `game_over`).
/// A bad player or reason is refused by the binding (`invalid_option`) before it reaches the core.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ForfeitError {
    /// The game is already over.
    GameOver,
    /// The match is already over.
    MatchOver,
}

coded!(ForfeitError, |out| {
    ForfeitError::GameOver => ErrorCode::GameOver, out.push_str("the game is over");
    ForfeitError::MatchOver => ErrorCode::GameOver, out.push_str("the match is over");
});

/// Why a game could not be made from its setup: an option out of range (`invalid_option`) or a position
/// string that is malformed, impossible or of another size than the one asked for (`parse_error`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// An option is out of range.
    Option(OptionError),
    /// The position string cannot start a game.
    Parse(ParseError),
}

coded!(SetupError, |out| {
    SetupError::Option(e) => e.code(), e.write_message(out);
    SetupError::Parse(e) => e.code(), e.write_message(out);
});

wraps!(
    SetupError::Option(OptionError),
    SetupError::Parse(ParseError)
);

/// Why a replay failed: the setup, or the history record at `index` (from 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayError {
    /// The setup could not make a game.
    Setup(SetupError),
    /// History record `index` (from 0) could not be read or played.
    Record {
        /// The index of the failing record, from 0.
        index: usize,
        /// Why it failed (`parse_error`, `game_over`, `wrong_phase` or `illegal_move`).
        error: PlayError,
    },
}

coded!(ReplayError, |out| {
    ReplayError::Setup(e) => e.code(), e.write_message(out);
    ReplayError::Record { index, error } => error.code(), {
        out.push_str("history entry ");
        push_num(out, *index);
        out.push_str(": ");
        error.write_message(out);
    };
});

wraps!(ReplayError::Setup(SetupError));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_stable() {
        assert_eq!(ParseError::new("x").code().as_str(), "parse_error");
        assert_eq!(OptionError::new("x").code().as_str(), "invalid_option");
        assert_eq!(PlayError::GameOver.code().as_str(), "game_over");
        assert_eq!(
            PlayError::WrongPhase(WrongPhase::NoSuchRecord)
                .code()
                .as_str(),
            "wrong_phase"
        );
        assert_eq!(
            PlayError::Illegal(Illegal::new("a1-a2")).code().as_str(),
            "illegal_move"
        );
        assert_eq!(ErrorCode::CubeNotAllowed.as_str(), "cube_not_allowed");
        assert_eq!(ErrorCode::Freed.as_str(), "freed");
        assert_eq!(
            DiceError::OutOfRange(OptionError::new("d")).code().as_str(),
            "invalid_option"
        );
        assert_eq!(
            PlayError::Illegal(Illegal::new("a1-a2")).to_string(),
            "illegal move: a1-a2"
        );
    }

    #[test]
    fn wrong_phase_and_illegal_messages_are_written_from_their_data() {
        let phase = |w: WrongPhase| PlayError::WrongPhase(w).to_string();
        let mv = |phase, written| WrongPhase::Move { phase, written };
        assert_eq!(
            phase(mv(TurnPhase::Roll, true)),
            "roll the dice first: phase is roll"
        );
        assert_eq!(
            phase(mv(TurnPhase::Man, true)),
            "a man must move first: phase is man"
        );
        assert_eq!(phase(mv(TurnPhase::Ball, false)), "phase is ball");
        assert_eq!(
            DiceError::WrongPhase(WrongPhase::Rolled {
                phase: TurnPhase::Man
            })
            .to_string(),
            "the dice are already rolled: phase is man"
        );
        assert_eq!(
            phase(WrongPhase::AnswerAfterGame { action: "resign" }),
            "resign: the game is over"
        );
        assert_eq!(
            phase(WrongPhase::NoDouble { action: "take" }),
            "take: no double is pending"
        );
        assert_eq!(
            phase(WrongPhase::MadeByGame {
                expected: "-".into()
            }),
            "expected '-' (made by the game itself: the side to move had no legal move)"
        );
        assert_eq!(
            phase(WrongPhase::NothingToChoose(Nothing::InPhase("over"))),
            "nothing to choose: over"
        );
        assert_eq!(phase(WrongPhase::Refused(OptionError::new("bad"))), "bad");
        let swap = Illegal {
            notation: "swap".into(),
            why: NotLegal::Swapped,
        };
        assert_eq!(
            PlayError::from(swap).to_string(),
            "illegal move: swap (the swap has been made already)"
        );
    }

    #[test]
    fn the_list_is_distinct_and_snake_case() {
        assert!(ErrorCode::ALL.contains(&ErrorCode::Freed));
        for (i, a) in ErrorCode::ALL.iter().enumerate() {
            let s = a.as_str();
            assert!(!s.is_empty() && s.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'));
            assert_eq!(ErrorCode::ALL.iter().position(|b| b.as_str() == s), Some(i));
        }
    }
}
