//! Annotations of a record's lines (RULES 4.3): a mark (`??`, `?`, `?!`, `!?`, `!`, `!!`) and/or a
//! `{comment}` after a record line or a cube line (a double, take, drop or resignation). Kept on the game
//! or match read from a record, in its JSON state, and written back in place.
//!
//! One shape for both games, lone or in a match: each [`Annotation`] names its line by `game` (the
//! game's number, 1 for a lone game) and `line` (the line's index, from 0, among the game's body lines
//! as `view().log` and `Match.games[i].log` list them: records, cube actions and resignation in
//! order; the result line takes none).

use serde::{Deserialize, Serialize};

use crate::error::{coded, message_of, ErrorCode, OptionError};
use crate::keys::JsonKeys;
use crate::notation::{push_num, too_long, MAX_INPUT_LEN_TEXT};

/// The marks a record line may carry (RULES 4.3), in no particular order.
pub const MARKS: [&str; 6] = ["??", "?", "?!", "!?", "!", "!!"];

/// What is wrong with a comment's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommentProblem {
    /// A brace or a line break in it (it could not be written back between braces on its line).
    Brace,
    /// More than 4096 characters.
    TooLong,
}

coded!(CommentProblem, |out| {
    CommentProblem::Brace => ErrorCode::InvalidOption,
        out.push_str("a comment holds no '{', '}' or line break");
    CommentProblem::TooLong => ErrorCode::InvalidOption, {
        out.push_str("a comment is longer than ");
        out.push_str(MAX_INPUT_LEN_TEXT);
        out.push_str(" characters");
    };
});

/// Why an annotation, or a list of them, is refused (code `invalid_option`; `parse_error` in a JSON
/// state).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnnotationError {
    /// The game is numbered 0.
    GameFromZero,
    /// The mark is not one of [`MARKS`].
    NotAMark(String),
    /// The comment's text is refused.
    Comment(CommentProblem),
    /// Neither a mark nor a comment.
    Empty,
    /// Two annotations of one line.
    TwoOnLine {
        /// The game's number.
        game: u32,
        /// The line's index.
        line: u32,
    },
    /// The line does not exist or takes no annotation.
    NoSuchLine {
        /// The game's number.
        game: u32,
        /// The line's index.
        line: u32,
    },
}

coded!(AnnotationError, |out| {
    AnnotationError::GameFromZero => ErrorCode::InvalidOption,
        out.push_str("an annotation's game is numbered from 1");
    AnnotationError::NotAMark(mark) => ErrorCode::InvalidOption, {
        out.push('\'');
        out.push_str(mark);
        out.push_str("' is not a mark (??, ?, ?!, !?, ! or !!)");
    };
    AnnotationError::Comment(p) => ErrorCode::InvalidOption, p.write_message(out);
    AnnotationError::Empty => ErrorCode::InvalidOption,
        out.push_str("an annotation has a mark or a comment");
    AnnotationError::TwoOnLine { game, line } => ErrorCode::InvalidOption, {
        out.push_str("two annotations of line ");
        push_num(out, *line as usize);
        out.push_str(" of game ");
        push_num(out, *game as usize);
    };
    AnnotationError::NoSuchLine { game, line } => ErrorCode::InvalidOption, {
        out.push_str("game ");
        push_num(out, *game as usize);
        out.push_str(" has no line ");
        push_num(out, *line as usize);
        out.push_str(" to annotate (a record, cube action or resignation)");
    };
});

impl From<AnnotationError> for OptionError {
    fn from(e: AnnotationError) -> Self {
        OptionError::new(message_of(&e))
    }
}

/// Why the annotation of a record's line cannot be read (RULES 4.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LineNoteError {
    /// A `{` without its `}` on the line.
    Unclosed,
    /// The comment's text is refused.
    Comment(CommentProblem),
    /// Text other than a `;` comment after the `}`.
    AfterComment,
    /// Not exactly one space before the `{`.
    SpaceBeforeComment,
    /// A `}` without its `{`.
    Unopened,
    /// Not exactly one space before the mark.
    SpaceBeforeMark,
}

coded!(LineNoteError, |out| {
    LineNoteError::Unclosed => ErrorCode::ParseError,
        out.push_str("a comment '{' has no closing '}' on its line");
    LineNoteError::Comment(p) => ErrorCode::ParseError, p.write_message(out);
    LineNoteError::AfterComment => ErrorCode::ParseError,
        out.push_str("nothing but a ';' comment may follow a '{...}' comment");
    LineNoteError::SpaceBeforeComment => ErrorCode::ParseError,
        out.push_str("one space goes before a '{...}' comment");
    LineNoteError::Unopened => ErrorCode::ParseError,
        out.push_str("a '}' closes a comment that was not opened");
    LineNoteError::SpaceBeforeMark => ErrorCode::ParseError,
        out.push_str("one space goes before a mark");
});

/// One annotated line: where it is, its mark (`""`: none) and its comment (`None`: none; `Some("")`
/// is an empty `{}`). At least one of the two is present.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonKeys)]
#[serde(deny_unknown_fields)]
pub struct Annotation {
    /// The game's number, from 1 (1 for a lone game).
    pub game: u32,
    /// The line's index among the game's log lines, from 0.
    pub line: u32,
    /// The mark, one of [`MARKS`], or `""` for none (left out of JSON when none).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub mark: String,
    /// The comment's text, without its braces (left out of JSON when none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
}

impl Annotation {
    /// The annotation of line `line` of game `game` (unchecked: see [`Annotation::check`]).
    pub fn new(game: u32, line: u32, mark: &str, comment: Option<&str>) -> Annotation {
        Annotation {
            game,
            line,
            mark: mark.into(),
            comment: comment.map(str::to_string),
        }
    }

    /// Checks the annotation's own form: a game from 1, a known mark, a comment without `{`, `}` or
    /// line breaks of at most 4096 characters, and a mark or a comment.
    pub fn check(&self) -> Result<(), AnnotationError> {
        if self.game == 0 {
            return Err(AnnotationError::GameFromZero);
        }
        if !self.mark.is_empty() && !MARKS.contains(&self.mark.as_str()) {
            return Err(AnnotationError::NotAMark(self.mark.clone()));
        }
        match &self.comment {
            Some(c) => comment_problem(c).map_or(Ok(()), |p| Err(AnnotationError::Comment(p))),
            None if self.mark.is_empty() => Err(AnnotationError::Empty),
            None => Ok(()),
        }
    }

    /// Writes the annotation after a line: ` ??`, ` {text}`, ` ?! {text}`.
    pub(crate) fn write(&self, out: &mut String) {
        if !self.mark.is_empty() {
            out.push(' ');
            out.push_str(&self.mark);
        }
        if let Some(c) = &self.comment {
            out.push_str(" {");
            out.push_str(c);
            out.push('}');
        }
    }
}

/// The annotations of a game or match: each checked ([`Annotation::check`]), at most one per line,
/// kept in the order of their lines (game, then line). In JSON an array of [`Annotation`]s.
#[derive(Debug, Clone, PartialEq, Eq, Default, Hash, Serialize, Deserialize)]
#[serde(try_from = "Vec<Annotation>", into = "Vec<Annotation>")]
pub struct Annotations(Vec<Annotation>);

impl Annotations {
    /// None.
    pub const fn new() -> Annotations {
        Annotations(Vec::new())
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The annotations, in the order of their lines.
    pub fn as_slice(&self) -> &[Annotation] {
        &self.0
    }

    /// The annotation of line `line` of game `game`.
    pub fn get(&self, game: u32, line: u32) -> Option<&Annotation> {
        self.0
            .binary_search_by_key(&(game, line), |a| (a.game, a.line))
            .ok()
            .and_then(|i| self.0.get(i))
    }

    /// Annotations from a list in any order: each checked, at most one per line.
    pub fn from_list(mut list: Vec<Annotation>) -> Result<Annotations, AnnotationError> {
        for a in &list {
            a.check()?;
        }
        list.sort_by_key(|a| (a.game, a.line));
        if let Some(w) = list
            .windows(2)
            .find(|w| matches!(w, [a, b] if (a.game, a.line) == (b.game, b.line)))
        {
            return Err(AnnotationError::TwoOnLine {
                game: w.first().map_or(0, |a| a.game),
                line: w.first().map_or(0, |a| a.line),
            });
        }
        Ok(Annotations(list))
    }

    /// Adds an annotation after every one kept (the reader's, in line order).
    pub(crate) fn push(&mut self, a: Annotation) {
        self.0.push(a);
    }

    /// These annotations, checked as those of a lone game of `records` records (its lines):
    /// `invalid_option` for a line that it does not have.
    pub fn of_records(self, records: usize) -> Result<Annotations, OptionError> {
        self.check_places(&[vec![true; records]])?;
        Ok(self)
    }

    /// Checks that every annotation names a line that exists and may carry one: `games` gives, for
    /// each game from 1, whether each of its lines may (records, cube actions and resignations may;
    /// result lines may not).
    pub fn check_places(&self, games: &[Vec<bool>]) -> Result<(), AnnotationError> {
        for a in &self.0 {
            let ok = games
                .get(a.game as usize - 1)
                .and_then(|g| g.get(a.line as usize))
                .copied()
                .unwrap_or(false);
            if !ok {
                return Err(AnnotationError::NoSuchLine {
                    game: a.game,
                    line: a.line,
                });
            }
        }
        Ok(())
    }
}

impl TryFrom<Vec<Annotation>> for Annotations {
    type Error = AnnotationError;
    fn try_from(list: Vec<Annotation>) -> Result<Annotations, AnnotationError> {
        Annotations::from_list(list)
    }
}

impl From<Annotations> for Vec<Annotation> {
    fn from(a: Annotations) -> Vec<Annotation> {
        a.0
    }
}

/// What is wrong with a comment's text, if anything: a brace or a line break in it (it could not be
/// written back between braces on its line), or more than 4096 characters. The one rule of both the
/// reader and [`Annotation::check`], so that whatever a record gives, a state keeps.
fn comment_problem(text: &str) -> Option<CommentProblem> {
    if text.contains(['{', '}', '\n', '\r']) {
        Some(CommentProblem::Brace)
    } else if too_long(text) {
        Some(CommentProblem::TooLong)
    } else {
        None
    }
}

/// An annotation found on a line: its mark (`""`: none) and its comment.
pub(crate) type Found = (String, Option<String>);

/// Splits an annotation off a body line (RULES 4.3), after the `;` comment has been set aside: the
/// line without it, and the mark and comment found (`None`: neither). A `{` opens the comment; a
/// `;` before it starts a line comment, one inside it is text. Malformed (no closing brace, a brace
/// in the comment, text after it, not exactly one space before the mark or the comment) is an error.
pub(crate) fn split_annotation(raw: &str) -> Result<(&str, Option<Found>), LineNoteError> {
    let semi = raw.find(';');
    let brace = raw.find('{').filter(|&b| semi.is_none_or(|s| b < s));
    let (head, comment) = match brace {
        Some(b) => {
            let (head, rest) = raw.split_at(b);
            let rest = rest.get(1..).unwrap_or("");
            let close = rest.find('}').ok_or(LineNoteError::Unclosed)?;
            let (text, after) = rest.split_at(close);
            if let Some(why) = comment_problem(text) {
                return Err(LineNoteError::Comment(why));
            }
            let after = after.get(1..).unwrap_or("").trim();
            if !(after.is_empty() || after.starts_with(';')) {
                return Err(LineNoteError::AfterComment);
            }
            let head = head
                .strip_suffix(' ')
                .filter(|h| !h.is_empty() && !h.ends_with(' '))
                .ok_or(LineNoteError::SpaceBeforeComment)?;
            (head, Some(text.to_string()))
        }
        None => (raw.split(';').next().unwrap_or("").trim_end(), None),
    };
    if head.contains('}') {
        return Err(LineNoteError::Unopened);
    }
    let mark = match head.rsplit_once(' ') {
        Some((line, m)) if MARKS.contains(&m) => {
            if line.is_empty() || line.ends_with(' ') {
                return Err(LineNoteError::SpaceBeforeMark);
            }
            Some((line, m))
        }
        _ => None,
    };
    Ok(match (mark, comment) {
        (Some((line, m)), c) => (line, Some((m.to_string(), c))),
        (None, Some(c)) => (head, Some((String::new(), Some(c)))),
        (None, None) => (head, None),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split() {
        assert_eq!(split_annotation("1. c3xd3").unwrap(), ("1. c3xd3", None));
        assert_eq!(
            split_annotation("1. c3xd3 ?? ; x").unwrap(),
            ("1. c3xd3", Some(("??".into(), None)))
        );
        assert_eq!(
            split_annotation("Red doubles ?! {best 0.5; ok}  ; c").unwrap(),
            (
                "Red doubles",
                Some(("?!".into(), Some("best 0.5; ok".into())))
            )
        );
        assert_eq!(
            split_annotation("1. - {}").unwrap(),
            ("1. -", Some((String::new(), Some(String::new()))))
        );
        // A `{` after a `;` is in the line comment.
        assert_eq!(split_annotation("1. - ; {").unwrap(), ("1. -", None));
        let long = format!("1. - {{{}}}", "x".repeat(4097));
        assert!(split_annotation(&long).is_err());
        for bad in [
            "1. - {x",
            "1. - {x{y}",
            "1. - {x} y",
            "1. -{x}",
            "1. -  {x}",
            "1. - }",
            "1. -  ?",
            "1. - ?  {x}",
            "{x}",
            "1. - {a\rb}",
        ] {
            assert!(split_annotation(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn checked() {
        assert!(Annotation::new(1, 0, "?", None).check().is_ok());
        assert!(Annotation::new(1, 0, "", Some("")).check().is_ok());
        assert!(Annotation::new(0, 0, "?", None).check().is_err());
        assert!(Annotation::new(1, 0, "", None).check().is_err());
        assert!(Annotation::new(1, 0, "?!?", None).check().is_err());
        assert!(Annotation::new(1, 0, "", Some("a}")).check().is_err());
        assert!(Annotation::new(1, 0, "", Some("a\nb")).check().is_err());
        let list = Annotations::from_list(vec![
            Annotation::new(2, 0, "!", None),
            Annotation::new(1, 3, "?", None),
        ]);
        let list = list.unwrap();
        assert_eq!(list.as_slice().first().map(|a| a.game), Some(1));
        assert_eq!(list.get(2, 0).map(|a| a.mark.as_str()), Some("!"));
        assert!(Annotations::from_list(vec![
            Annotation::new(1, 3, "!", None),
            Annotation::new(1, 3, "?", None)
        ])
        .is_err());
        assert!(list.check_places(&[vec![true; 4], vec![true]]).is_ok());
        assert!(list.check_places(&[vec![true; 3], vec![true]]).is_err());
        assert!(list
            .check_places(&[vec![true, true, true, false], vec![true]])
            .is_err());
        let json = serde_json::to_string(&list).unwrap();
        assert_eq!(
            json,
            r#"[{"game":1,"line":3,"mark":"?"},{"game":2,"line":0,"mark":"!"}]"#
        );
        assert_eq!(serde_json::from_str::<Annotations>(&json).unwrap(), list);
        assert!(serde_json::from_str::<Annotations>(r#"[{"game":1,"line":0}]"#).is_err());
    }
}
