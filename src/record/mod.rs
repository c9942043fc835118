//! Game and match records (RULES 4): a header of `[Tag "value"]` lines, one empty line, then one section
//! per game (`Game 1`, numbered records, cube actions, resignations, the result).
//!
//! - [`Recorded`]: what has a record, a lone game with its tags ([`Tagged`]) and a [`Match`]: `to_record`,
//!   `from_record` (which checks every line and names the first wrong one, `line 7: ...`, counted from
//!   1) and the tags kept;
//! - [`Tags`]: the optional tags a record carries (names, events, dates, anything else), kept beside
//!   the lone game read from it ([`Tagged`]) or by the match, and written back; the games themselves
//!   know no tags;
//! - [`GameRecord`] and [`RecordSetup`]: the part of the header that a game's setup makes, for each
//!   game (`setup`);
//! - the writer (`write`) and the reader (`read`).
//!
//! The reader replays every record, cube action and resignation with the same rules as play, so a
//! record that reads is a game that happened. Nothing of the text but its content is kept: comments,
//! blank lines, CRLF line ends and trailing spaces are read and dropped, and writing gives the one
//! canonical form.

use crate::annotation::Annotations;
use crate::dice::Seed;
use crate::error::{OptionError, ParseError};
use crate::matchplay::{Match, MatchError};

mod read;
mod setup;
mod write;

pub use crate::notation::{Tags, DERIVED_TAGS, STANDARD_TAGS};
pub use read::{record_kind, record_type, MAX_RECORD_LEN};
pub use setup::{GameRecord, RecordSetup, TagError, TagFault};

/// A game or a match that has a record (RULES 4), and the optional tags it keeps: a lone game of either
/// kind with its tags ([`Tagged`], through [`GameRecord`]) and a [`Match`] of either. Bring it into scope to write and read records:
/// `use steere_games::record::Recorded;`.
pub trait Recorded: Sized {
    /// What writing gives: a game's record; for a match, its record or why it has none
    /// ([`MatchError`], `wrong_phase`).
    type Written;

    /// The record tags kept (RULES 4.1: names, event, ...).
    fn tags(&self) -> &Tags;

    /// Replaces the record tags.
    fn set_tags(&mut self, tags: Tags);

    /// The annotations of the record's lines (RULES 4.3: marks and comments), kept from
    /// `from_record` or set, written back in place by `to_record`.
    fn annotations(&self) -> &Annotations;

    /// Replaces the annotations: each must name a record, cube or resignation line that exists
    /// (`invalid_option` otherwise, and nothing changes).
    fn set_annotations(&mut self, annotations: Annotations) -> Result<(), OptionError>;

    /// The record (RULES 4): the header (the tags kept overlaid with `tags`), then every game and its
    /// result. A game in the middle of a Jokerball turn is written up to its last completed turn. A
    /// match restored from a format-1 state (its earlier games unknown) or whose games began from a
    /// position string has none (`wrong_phase`).
    fn to_record(&self, tags: &Tags) -> Self::Written;

    /// Reads a record (RULES 4), checking every line; the game goes on with dice from a generator
    /// seeded by `seed` (without one: only dice set from outside). A wrong record is a `parse_error`
    /// naming its line (`line 7: ...`, from 1).
    fn from_record(text: &str, seed: Option<&Seed>) -> Result<Self, ParseError>;
}

/// A lone game with the record tags kept beside it (RULES 4.1: names, event, ...): the games know
/// no tags (as a chess position knows no PGN headers), so the record layer holds them, as the match
/// layer holds a match's. It derefs to its game; [`Tagged::new`] (or `From`) wraps a game without
/// tags.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tagged<G> {
    /// The game.
    pub game: G,
    /// Its record tags.
    pub tags: Tags,
}

impl<G> Tagged<G> {
    /// `game` with no tags.
    pub const fn new(game: G) -> Tagged<G> {
        Tagged {
            game,
            tags: Tags::new(),
        }
    }
}

impl<G> From<G> for Tagged<G> {
    fn from(game: G) -> Tagged<G> {
        Tagged::new(game)
    }
}

impl<G> std::ops::Deref for Tagged<G> {
    type Target = G;

    fn deref(&self) -> &G {
        &self.game
    }
}

impl<G> std::ops::DerefMut for Tagged<G> {
    fn deref_mut(&mut self) -> &mut G {
        &mut self.game
    }
}

/// The record of the lone game `game` whose header carries the optional tags `tags`: what
/// [`Tagged::to_record`] writes, for a holder that keeps a game and its tags apart (the binding's
/// classes).
pub fn lone_record<G: GameRecord>(game: &G, tags: &Tags) -> String {
    write::write_game(game, tags)
}

impl<G: GameRecord> Recorded for Tagged<G> {
    type Written = String;

    fn tags(&self) -> &Tags {
        &self.tags
    }

    fn set_tags(&mut self, tags: Tags) {
        self.tags = tags;
    }

    fn annotations(&self) -> &Annotations {
        self.game.game_annotations()
    }

    fn set_annotations(&mut self, annotations: Annotations) -> Result<(), OptionError> {
        self.game.set_game_annotations(annotations)
    }

    fn to_record(&self, tags: &Tags) -> String {
        lone_record(&self.game, &self.tags.overlaid(tags))
    }

    fn from_record(text: &str, seed: Option<&Seed>) -> Result<Tagged<G>, ParseError> {
        let (game, tags) = read::read_game(text, seed)?;
        Ok(Tagged { game, tags })
    }
}

impl<G: GameRecord> Recorded for Match<G> {
    type Written = Result<String, MatchError>;

    fn tags(&self) -> &Tags {
        Match::tags(self)
    }

    fn set_tags(&mut self, tags: Tags) {
        Match::set_tags(self, tags);
    }

    fn annotations(&self) -> &Annotations {
        Match::annotations(self)
    }

    fn set_annotations(&mut self, annotations: Annotations) -> Result<(), OptionError> {
        Match::set_annotations(self, annotations)
    }

    fn to_record(&self, tags: &Tags) -> Result<String, MatchError> {
        write::write_match(
            G::KIND,
            self.game().setup_tags(false),
            self.state(),
            self.log(),
            self.game().history(),
            (&Match::tags(self).overlaid(tags), Match::annotations(self)),
            G::mover_after,
        )
    }

    fn from_record(text: &str, seed: Option<&Seed>) -> Result<Match<G>, ParseError> {
        read::read_match(text, seed)
    }
}
