//! The part of a record's header that a game's setup makes ([`RecordSetup`]), and what the records
//! need of a game beyond its rules ([`GameRecord`]), implemented here for both games.

use crate::annotation::Annotations;
use crate::engine::Engine;
use crate::error::{coded, push_all, ErrorCode, OptionError};
use crate::jokerball::{self, RuleSet};
use crate::matchplay::InMatch;
use crate::notation::push_num;
use crate::player::Player;
use crate::zola;

/// What the records need of a game beyond its rules (RULES 4.1): the header tags its setup makes and
/// reads back (the optional tags are kept beside a lone game by [`Tagged`](super::Tagged)).
/// Implemented here for Jokerball's and Zola's `Game`; through it a lone game of either with its
/// tags is [`Recorded`](super::Recorded).
pub trait GameRecord: InMatch {
    /// The names of the header tags that this game's setup makes, in writing order.
    const SETUP_TAGS: &'static [&'static str];

    /// The header tags that this game's setup makes (`lone`: a lone game's record, not a match's).
    fn setup_tags(&self, lone: bool) -> RecordSetup;

    /// The setup that a record's header describes (its game tags, who starts, the position string);
    /// the error names the tag at fault.
    fn setup_from_tags(setup: &RecordSetup, lone: bool) -> Result<Self::Setup, TagError>;

    /// The annotations the game keeps (RULES 4.3).
    fn game_annotations(&self) -> &Annotations;

    /// Replaces the annotations the game keeps, each checked against the game's lines.
    fn set_game_annotations(&mut self, annotations: Annotations) -> Result<(), OptionError>;
}

/// The part of a record's header that a game's setup makes (RULES 4.1): the game's own tags (Jokerball:
/// `Rules`, `Size`, `Rows`; Zola: `Size`, and `Pie` for a lone game), who starts, and the position string
/// of a game that did not start from the setup. Made by [`GameRecord::setup_tags`], read back by
/// [`GameRecord::setup_from_tags`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordSetup {
    /// The game's own tags, in writing order (names from the game's `SETUP_TAGS`).
    pub tags: Vec<(&'static str, String)>,
    /// Who moves first (game 1 of a match).
    pub first: Player,
    /// The start position string, for a game that began from one (then no `First` and no `Rows`).
    pub position: Option<String>,
}

impl RecordSetup {
    /// The value of the game tag `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Reads the tag `name`, which must be one of `allowed`: its index there (`TagError` naming the tag
    /// otherwise).
    pub fn choice(
        &self,
        name: &'static str,
        allowed: &'static [&'static str],
    ) -> Result<usize, TagError> {
        let value = self.get(name).ok_or_else(|| missing(name))?;
        allowed
            .iter()
            .position(|a| *a == value)
            .ok_or(TagError::new(name, TagFault::NotOneOf(allowed)))
    }
}

/// The error of a missing tag.
pub(super) fn missing(name: &'static str) -> TagError {
    TagError::new(name, TagFault::Missing)
}

/// What is wrong with a header tag of a game's setup.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TagFault {
    /// The tag is missing.
    Missing,
    /// The value is not one of these.
    NotOneOf(&'static [&'static str]),
    /// Jokerball: `Rows` beside `Position`.
    RowsWithPosition,
    /// Zola: a `Pie` tag in a match record.
    PieInMatch,
    /// Zola: `Pie` beside `Position`.
    PieWithPosition,
}

/// A header tag that does not describe a game: which tag, and why (code `parse_error`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TagError {
    /// The tag at fault (its line is named; a missing tag names the header's end).
    pub tag: &'static str,
    /// What is wrong.
    pub fault: TagFault,
}

impl TagError {
    /// An error about the tag `tag`.
    pub const fn new(tag: &'static str, fault: TagFault) -> TagError {
        TagError { tag, fault }
    }
}

coded!(TagError, |out| {
    TagError { tag, fault: TagFault::Missing } => ErrorCode::ParseError,
        push_all(out, &["the tag ", tag, " is missing"]);
    TagError { tag, fault: TagFault::NotOneOf(allowed) } => ErrorCode::ParseError, {
        out.push_str(tag);
        out.push_str(" must be ");
        for (i, a) in allowed.iter().enumerate() {
            if i > 0 {
                out.push_str(" or ");
            }
            out.push_str(a);
        }
    };
    TagError { fault: TagFault::RowsWithPosition, .. } => ErrorCode::ParseError,
        out.push_str("Rows does not go with Position (the position string shows the men)");
    TagError { fault: TagFault::PieInMatch, .. } => ErrorCode::ParseError,
        out.push_str("a match has no pie rule: no Pie tag in a match record");
    TagError { fault: TagFault::PieWithPosition, .. } => ErrorCode::ParseError,
        out.push_str("Pie does not go with Position (no swap in a game from a position)");
});

impl GameRecord for jokerball::Game {
    const SETUP_TAGS: &'static [&'static str] = &["Rules", "Size", "Rows"];

    fn game_annotations(&self) -> &Annotations {
        self.annotations()
    }

    fn set_game_annotations(&mut self, annotations: Annotations) -> Result<(), OptionError> {
        self.set_annotations(annotations)
    }

    /// `Rules`, `Size` and `Rows` when the game began from the starting men of some row count (with
    /// the player who moved first), else `Rules`, `Size` and the start's position string.
    fn setup_tags(&self, _lone: bool) -> RecordSetup {
        let mut tags = vec![
            ("Rules", self.rules().name().to_string()),
            ("Size", {
                let mut s = String::new();
                push_num(&mut s, usize::from(self.side()));
                s
            }),
        ];
        let position = match self.start_rows() {
            Some(rows) => {
                let mut s = String::new();
                push_num(&mut s, usize::from(rows));
                tags.push(("Rows", s));
                None
            }
            None => Some(self.start().to_position_string()),
        };
        RecordSetup {
            tags,
            first: self.start().turn(),
            position,
        }
    }

    fn setup_from_tags(setup: &RecordSetup, _lone: bool) -> Result<jokerball::Setup, TagError> {
        let rules = if setup.choice("Rules", &["2025", "classic"])? == 0 {
            RuleSet::Y2025
        } else {
            RuleSet::Classic
        };
        let size = if setup.choice("Size", &["4", "6"])? == 0 {
            4
        } else {
            6
        };
        let rows = match (setup.get("Rows"), &setup.position) {
            (Some(_), Some(_)) => return Err(TagError::new("Rows", TagFault::RowsWithPosition)),
            (None, Some(_)) => 2,
            (None, None) => return Err(missing("Rows")),
            (Some(_), None) => {
                const ROWS: &[&str] = &["1", "2", "3", "4", "5"];
                1 + setup.choice("Rows", ROWS.get(..usize::from(size - 1)).unwrap_or(&[]))? as u8
            }
        };
        Ok(jokerball::Setup {
            rules,
            size: Some(size),
            rows,
            first: setup.first,
            position: setup.position.clone(),
            seed: None,
        })
    }
}

impl GameRecord for zola::Game {
    const SETUP_TAGS: &'static [&'static str] = &["Size", "Pie"];

    fn game_annotations(&self) -> &Annotations {
        self.annotations()
    }

    fn set_game_annotations(&mut self, annotations: Annotations) -> Result<(), OptionError> {
        self.set_annotations(annotations)
    }

    /// `Size`, and `Pie` for a lone game from the setup; a game from a position string gives its
    /// start's string.
    fn setup_tags(&self, lone: bool) -> RecordSetup {
        let mut size = String::new();
        push_num(&mut size, usize::from(self.size().n()));
        let mut tags = vec![("Size", size)];
        if self.from_setup() && lone {
            tags.push(("Pie", if self.pie() { "on" } else { "off" }.to_string()));
        }
        RecordSetup {
            tags,
            first: self.start().turn(),
            position: (!self.from_setup()).then(|| self.start().to_position_string()),
        }
    }

    fn setup_from_tags(setup: &RecordSetup, lone: bool) -> Result<zola::Setup, TagError> {
        let size = 6 + 2 * setup.choice("Size", &["6", "8", "10"])? as u8;
        let pie = match (setup.get("Pie"), lone, &setup.position) {
            (Some(_), false, _) => return Err(TagError::new("Pie", TagFault::PieInMatch)),
            (Some(_), true, Some(_)) => {
                return Err(TagError::new("Pie", TagFault::PieWithPosition))
            }
            (Some(_), true, None) => setup.choice("Pie", &["on", "off"])? == 0,
            (None, true, None) => return Err(missing("Pie")),
            (None, _, _) => false,
        };
        Ok(zola::Setup {
            size: Some(size),
            pie,
            first: setup.first,
            position: setup.position.clone(),
        })
    }
}
