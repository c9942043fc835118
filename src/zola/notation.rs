//! Move notation of Zola (RULES 2.3): `c3-d4` (step), `c3xf6` (capture), `swap`, and `-` (a recorded pass).
use super::board::{Size, Square};
use super::moves::Move;
use crate::error::ParseError;
use crate::notation::MAX_INPUT_LEN;

/// Reads a move written for a board of this size. A square that does not exist on this board, or
/// anything not in the notation, is a parse error. Legality is not checked here.
pub fn parse_move(size: Size, text: &str) -> Result<Move, ParseError> {
    if text.len() > MAX_INPUT_LEN {
        return Err(ParseError::new(format!(
            "move is longer than {MAX_INPUT_LEN} characters"
        )));
    }
    match text {
        "swap" => return Ok(Move::Swap),
        "-" => return Ok(Move::Pass),
        _ => {}
    }
    let bad = || {
        ParseError::new(format!(
            "'{text}' is not a Zola move on a {n}x{n} board (write c3-d4, c3xf6 or swap)",
            n = size.n()
        ))
    };
    let (from_text, rest) = text
        .find(['-', 'x'])
        .and_then(|sep| text.split_at_checked(sep))
        .ok_or_else(bad)?;
    let capture = rest.starts_with('x');
    let to_text = rest.get(1..).ok_or_else(bad)?;
    let from = Square::parse(size, from_text).ok_or_else(bad)?;
    let to = Square::parse(size, to_text).ok_or_else(bad)?;
    Ok(if capture {
        Move::Capture { from, to }
    } else {
        Move::Step { from, to }
    })
}

/// Writes a move for a board of this size.
pub fn write_move(size: Size, mv: Move) -> String {
    match mv {
        Move::Step { from, to } => format!("{}-{}", from.name(size), to.name(size)),
        Move::Capture { from, to } => format!("{}x{}", from.name(size), to.name(size)),
        Move::Swap => "swap".to_owned(),
        Move::Pass => "-".to_owned(),
    }
}

/// The squares a move leaves and reaches, in order (none for `swap` and a pass), as
/// [`LastMove::cells`](crate::LastMove) lists them.
pub(crate) fn move_cells(size: Size, mv: Move) -> Vec<String> {
    match mv {
        Move::Step { from, to } | Move::Capture { from, to } => {
            vec![from.name(size), to.name(size)]
        }
        Move::Swap | Move::Pass => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_moves_cells_from_its_value() {
        let cells = |t: &str| move_cells(Size::Ten, parse_move(Size::Ten, t).unwrap());
        assert_eq!(cells("c3-d4"), ["c3", "d4"]);
        assert_eq!(cells("j10xa1"), ["j10", "a1"]);
        assert!(cells("swap").is_empty() && cells("-").is_empty());
    }

    #[test]
    fn round_trip() {
        for text in ["c3-d4", "c3xf6", "swap", "-", "a1xf6", "f6-e5"] {
            let mv = parse_move(Size::Six, text).unwrap();
            assert_eq!(write_move(Size::Six, mv), text);
        }
        assert_eq!(
            write_move(Size::Ten, parse_move(Size::Ten, "j10xa1").unwrap()),
            "j10xa1"
        );
    }

    #[test]
    fn parse_errors() {
        for bad in [
            "", " ", "c3", "c3-", "-c3", "c3--d4", "c3-d4 ", " c3-d4", "C3-D4", "c3_d4", "c3xd4x",
            "c3-g1", "c3-a7", "zz9-zz10", "c0-d1", "c03-d4", "Swap", "swap ", "pass", "--", "x",
            "c3xx", "é3-d4",
        ] {
            assert!(parse_move(Size::Six, bad).is_err(), "{bad:?} accepted");
        }
        assert!(parse_move(Size::Eight, "h8-g7").is_ok());
        assert!(parse_move(Size::Six, &"a".repeat(5000)).is_err());
    }
}
