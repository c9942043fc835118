//! Move notation (RULES 1.9): `b3-d3`, `b3xd5`, `k7-off`, `f6>h6`, `b2>off`.
use super::board::{Cell, Size};
use super::moves::{Dest, Move, MoveKind};
use crate::error::ParseError;
use crate::notation::MAX_INPUT_LEN;

/// Where a written move ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    /// A cell.
    Cell(Cell),
    /// Off the board.
    Off,
}

/// A move as written, checked against the board's cells but not yet against the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveText {
    /// Man (`-`, `x`) or ball (`>`).
    pub kind: MoveKind,
    /// The origin cell.
    pub from: Cell,
    /// The destination.
    pub to: Target,
    /// Written with `x`.
    pub capture: bool,
}

impl MoveText {
    /// Whether a generated move is the one written here.
    pub fn matches(&self, mv: &Move) -> bool {
        let to = match mv.to {
            Dest::Cell(c) => Target::Cell(c),
            Dest::Off(_) => Target::Off,
        };
        self.kind == mv.kind && self.from == mv.from && self.to == to && self.capture == mv.capture
    }
}

/// The notation of a move on a board of this size.
pub fn write_move(size: Size, mv: Move) -> String {
    let g = size.geometry();
    let sep = match (mv.kind, mv.capture) {
        (MoveKind::Ball, _) => '>',
        (MoveKind::Man, true) => 'x',
        (MoveKind::Man, false) => '-',
    };
    let mut text = g.name(mv.from.0);
    text.push(sep);
    match mv.to {
        Dest::Cell(c) => text.push_str(&g.name(c.0)),
        Dest::Off(_) => text.push_str("off"),
    }
    text
}

/// The cells that moves leave and reach, in order, each once (`off` left out), as
/// [`LastMove::cells`](crate::LastMove) lists them.
pub(crate) fn moves_cells(size: Size, moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    let g = size.geometry();
    let mut cells = Vec::new();
    for mv in moves {
        crate::notation::push_cell(&mut cells, g.name(mv.from.0));
        if let Dest::Cell(c) = mv.to {
            crate::notation::push_cell(&mut cells, g.name(c.0));
        }
    }
    cells
}

/// A part of a turn record (RULES 1.9): the move's notation, or `-` for a phase skipped.
pub fn write_part(size: Size, mv: Option<Move>) -> String {
    mv.map_or_else(|| "-".to_string(), |m| write_move(size, m))
}

/// Reads a move written in the notation on a board of this size. A cell that does not exist on this
/// board, a capture `off` or anything not in the notation is a parse error naming the problem.
pub fn parse_move(size: Size, text: &str) -> Result<MoveText, ParseError> {
    if text.len() > MAX_INPUT_LEN {
        return Err(ParseError::new(format!(
            "move is longer than {MAX_INPUT_LEN} characters"
        )));
    }
    let Some((from_text, rest)) = text
        .find(['-', 'x', '>'])
        .and_then(|pos| text.split_at_checked(pos))
    else {
        return Err(ParseError::new(format!(
            "move '{text}' is not in the notation (b3-d3, b3xd5, k7-off, f6>h6, b2>off)"
        )));
    };
    let mut chars = rest.chars();
    let sep = chars.next().unwrap_or('-');
    let to_text = chars.as_str();
    let g = size.geometry();
    let cell = |name: &str, what: &str| {
        g.cell(name).map(Cell).ok_or_else(|| {
            ParseError::new(format!(
                "move '{text}': {what} '{name}' is not a cell of the side-{} board",
                size.n()
            ))
        })
    };
    let from = cell(from_text, "origin")?;
    let to = if to_text == "off" {
        Target::Off
    } else {
        Target::Cell(cell(to_text, "destination")?)
    };
    let (kind, capture) = match sep {
        '>' => (MoveKind::Ball, false),
        'x' => (MoveKind::Man, true),
        _ => (MoveKind::Man, false),
    };
    if capture && to == Target::Off {
        return Err(ParseError::new(format!(
            "move '{text}': a capture cannot end off the board"
        )));
    }
    if to == Target::Cell(from) {
        return Err(ParseError::new(format!(
            "move '{text}': origin and destination are the same"
        )));
    }
    Ok(MoveText {
        kind,
        from,
        to,
        capture,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_rules_1_9() {
        for (size, text) in [
            (Size::Six, "b3-d3"),
            (Size::Six, "b3xd5"),
            (Size::Six, "k7-off"),
            (Size::Six, "f6>h6"),
            (Size::Six, "b2>off"),
            (Size::Four, "g7-off"),
        ] {
            let m = parse_move(size, text).unwrap_or_else(|e| panic!("{e}"));
            let to = match m.to {
                Target::Cell(c) => Dest::Cell(c),
                Target::Off => Dest::Off(crate::Player::Red),
            };
            let mv = Move {
                kind: m.kind,
                from: m.from,
                to,
                capture: m.capture,
            };
            assert_eq!(write_move(size, mv), text);
        }
        for bad in [
            "", "b3", "b3--d3", "b3-", "-d3", "B3-d3", "b3 -d3", "b3xoff", "b3-b3", "b03-d3",
            "z9-a1", "a7-b7", "b3-d3 ", "b3=d3", "b3>d3>e3",
        ] {
            assert!(parse_move(Size::Six, bad).is_err(), "{bad}");
        }
        let e = parse_move(Size::Four, "a5-b5")
            .err()
            .map(|e| e.message)
            .unwrap_or_default();
        assert!(e.contains("'a5'") && e.contains("side-4"), "{e}");
    }

    #[test]
    fn the_cells_of_moves_from_their_values() {
        let mv = |text: &str| {
            let m = parse_move(Size::Six, text).unwrap_or_else(|e| panic!("{e}"));
            let to = match m.to {
                Target::Cell(c) => Dest::Cell(c),
                Target::Off => Dest::Off(crate::Player::Red),
            };
            Move {
                kind: m.kind,
                from: m.from,
                to,
                capture: m.capture,
            }
        };
        let cells = |texts: &[&str]| moves_cells(Size::Six, texts.iter().map(|t| mv(t)));
        assert_eq!(cells(&["b3-d3", "f6>h6"]), ["b3", "d3", "f6", "h6"]);
        assert_eq!(cells(&["e5>off"]), ["e5"]);
        assert_eq!(cells(&["b3xd5", "d5>k11"]), ["b3", "d5", "k11"]);
        assert!(cells(&[]).is_empty());
    }
}
