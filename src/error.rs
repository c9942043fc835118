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
    /// The phase does not take this kind of move; the text says why.
    WrongPhase(String),
    /// A well-formed move that is not legal now; the text names it.
    Illegal(String),
}

coded!(PlayError, |out| {
    PlayError::Parse(e) => ErrorCode::ParseError, e.write_message(out);
    PlayError::GameOver => ErrorCode::GameOver, out.push_str("the game is over");
    PlayError::WrongPhase(why) => ErrorCode::WrongPhase, out.push_str(why);
    PlayError::Illegal(mv) => ErrorCode::IllegalMove, {
        out.push_str("illegal move: ");
        out.push_str(mv);
    };
});

impl From<ParseError> for PlayError {
    fn from(e: ParseError) -> Self {
        PlayError::Parse(e)
    }
}

/// Why the dice could not be rolled or set (`roll`, `setDice`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiceError {
    /// A die value out of range (only for `setDice`).
    OutOfRange(OptionError),
    /// The game is over.
    GameOver,
    /// Not the start of a turn, or (for `roll`) the state was restored without its dice generator.
    WrongPhase(String),
}

coded!(DiceError, |out| {
    DiceError::OutOfRange(e) => ErrorCode::InvalidOption, e.write_message(out);
    DiceError::GameOver => ErrorCode::GameOver, out.push_str("the game is over");
    DiceError::WrongPhase(why) => ErrorCode::WrongPhase, out.push_str(why);
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

impl From<OptionError> for SetupError {
    fn from(e: OptionError) -> Self {
        SetupError::Option(e)
    }
}

impl From<ParseError> for SetupError {
    fn from(e: ParseError) -> Self {
        SetupError::Parse(e)
    }
}

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

impl From<SetupError> for ReplayError {
    fn from(e: SetupError) -> Self {
        ReplayError::Setup(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_stable() {
        assert_eq!(ParseError::new("x").code().as_str(), "parse_error");
        assert_eq!(OptionError::new("x").code().as_str(), "invalid_option");
        assert_eq!(PlayError::GameOver.code().as_str(), "game_over");
        assert_eq!(
            PlayError::WrongPhase("w".into()).code().as_str(),
            "wrong_phase"
        );
        assert_eq!(
            PlayError::Illegal("a1-a2".into()).code().as_str(),
            "illegal_move"
        );
        assert_eq!(ErrorCode::CubeNotAllowed.as_str(), "cube_not_allowed");
        assert_eq!(ErrorCode::Freed.as_str(), "freed");
        assert_eq!(
            DiceError::OutOfRange(OptionError::new("d")).code().as_str(),
            "invalid_option"
        );
        assert_eq!(
            PlayError::Illegal("a1-a2".into()).to_string(),
            "illegal move: a1-a2"
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
