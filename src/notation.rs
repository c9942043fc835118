//! The text shared by both games, their matches and records:
//! - position strings (RULES 1.9, 2.3): rows of piece letters and run-length numbers joined by `/`, one
//!   space, and the side to move; only the canonical form is read;
//! - the order of notations (JavaScript's string order);
//! - [`Tags`], the optional tags of a record (RULES 4.1) that games and matches keep, each checked
//!   when it is set (the records themselves are written and read in `record`);
//! - small writers of messages and numbers without `std::fmt`.

use std::fmt;

use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{push_all, ErrorCode, OptionError, ParseError};
// Numbers in messages are written by the error module's writer (the lowest level that needs one).
pub(crate) use crate::error::push_num;
use crate::player::Player;

/// The longest input (position string, move, JSON text) any parser accepts, in characters.
pub const MAX_INPUT_LEN: usize = 4096;
/// [`MAX_INPUT_LEN`] written out, for messages made without `std::fmt`.
pub(crate) const MAX_INPUT_LEN_TEXT: &str = "4096";

/// A parsed position string: one entry per cell, row by row in string order, and the side to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    /// The rows, top first; each cell is `None` (empty) or the piece letter (`b'r'`, `b'b'`, `b'o'`, ...).
    pub rows: Vec<Vec<Option<u8>>>,
    /// The side to move.
    pub to_move: Player,
}

/// Reads a position string in canonical form.
///
/// `row_lengths(count)` gives the length of each row (top first) for a string of `count` rows, or `None`
/// when no board has that many rows. `pieces` lists the letters allowed in cells.
pub fn parse_grid(
    text: &str,
    row_lengths: impl Fn(usize) -> Option<Vec<usize>>,
    pieces: &[u8],
) -> Result<Grid, ParseError> {
    read_grid(text, &row_lengths, pieces)
}

/// [`parse_grid`], written once for every board (the package carries one copy).
fn read_grid(
    text: &str,
    row_lengths: &dyn Fn(usize) -> Option<Vec<usize>>,
    pieces: &[u8],
) -> Result<Grid, ParseError> {
    if text.len() > MAX_INPUT_LEN {
        return Err(ParseError::new(format!(
            "position string is longer than {MAX_INPUT_LEN} characters"
        )));
    }
    let Some((board, side)) = text.split_once(' ') else {
        return Err(ParseError::new(
            "position string needs one space and then the side to move (r or b)",
        ));
    };
    let to_move = match side.as_bytes() {
        [c] => Player::from_letter(*c),
        _ => None,
    }
    .ok_or_else(|| {
        ParseError::new(format!(
            "side to move must be exactly 'r' or 'b' after one space, found '{side}'"
        ))
    })?;
    let texts: Vec<&str> = board.split('/').collect();
    let lengths = row_lengths(texts.len()).ok_or_else(|| {
        ParseError::new(format!(
            "no board has {} rows (found {} row{})",
            texts.len(),
            texts.len(),
            if texts.len() == 1 { "" } else { "s" }
        ))
    })?;
    let mut rows = Vec::with_capacity(texts.len());
    for (i, (row_text, &len)) in texts.iter().zip(lengths.iter()).enumerate() {
        rows.push(
            parse_row(row_text, len, pieces)
                .map_err(|why| ParseError::new(format!("row {} ('{row_text}'): {why}", i + 1)))?,
        );
    }
    Ok(Grid { rows, to_move })
}

/// Why a row of a position string cannot be read (the message follows `row K ('...'): `).
#[derive(Debug, Clone, PartialEq, Eq)]
enum RowError {
    /// The row has no cell.
    Empty,
    /// A run of empty cells written `0`.
    ZeroRun,
    /// Two run numbers side by side.
    TwoNumbers,
    /// A run number of three digits or more.
    LongRun,
    /// More cells than the row's length.
    TooMany(usize),
    /// A character that is neither a digit nor a piece of this game.
    Unexpected(char),
    /// Fewer cells than the row's length: (found, length).
    TooFew(usize, usize),
}

impl fmt::Display for RowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RowError::Empty => f.write_str("empty row"),
            RowError::ZeroRun => f.write_str("a run of empty cells starts with 0"),
            RowError::TwoNumbers => f.write_str("two numbers next to each other"),
            RowError::LongRun => f.write_str("a run number has more than two digits"),
            RowError::TooMany(len) => write!(f, "more than {len} cells"),
            RowError::Unexpected(ch) => write!(f, "unexpected character '{ch}'"),
            RowError::TooFew(found, len) => write!(f, "{found} cells where the row has {len}"),
        }
    }
}

fn parse_row(text: &str, len: usize, pieces: &[u8]) -> Result<Vec<Option<u8>>, RowError> {
    if text.is_empty() {
        return Err(RowError::Empty);
    }
    let bytes = text.as_bytes();
    let mut cells = Vec::with_capacity(len);
    let mut i = 0;
    let mut last_was_number = false;
    while let Some(&c) = bytes.get(i) {
        if c.is_ascii_digit() {
            if c == b'0' {
                return Err(RowError::ZeroRun);
            }
            if last_was_number {
                return Err(RowError::TwoNumbers);
            }
            let mut run = usize::from(c - b'0');
            i += 1;
            if let Some(&d) = bytes.get(i) {
                if d.is_ascii_digit() {
                    run = run * 10 + usize::from(d - b'0');
                    i += 1;
                    if bytes.get(i).is_some_and(|d| d.is_ascii_digit()) {
                        return Err(RowError::LongRun);
                    }
                }
            }
            if cells.len() + run > len {
                return Err(RowError::TooMany(len));
            }
            cells.resize(cells.len() + run, None);
            last_was_number = true;
        } else if pieces.contains(&c) {
            if cells.len() == len {
                return Err(RowError::TooMany(len));
            }
            cells.push(Some(c));
            last_was_number = false;
            i += 1;
        } else {
            let ch = text.get(i..).and_then(|t| t.chars().next()).unwrap_or('?');
            return Err(RowError::Unexpected(ch));
        }
    }
    if cells.len() != len {
        return Err(RowError::TooFew(cells.len(), len));
    }
    Ok(cells)
}

/// Writes rows of cells (top first) and the side to move in canonical form.
pub fn write_grid<R, C>(rows: R, to_move: Player) -> String
where
    R: IntoIterator<Item = C>,
    C: IntoIterator<Item = Option<u8>>,
{
    let mut out = String::with_capacity(128);
    for (i, row) in rows.into_iter().enumerate() {
        if i > 0 {
            out.push('/');
        }
        let mut run = 0u32;
        for cell in row {
            match cell {
                None => run += 1,
                Some(c) => {
                    push_run(&mut out, run);
                    run = 0;
                    out.push(char::from(c));
                }
            }
        }
        push_run(&mut out, run);
    }
    out.push(' ');
    out.push(to_move.letter());
    out
}

fn push_run(out: &mut String, run: u32) {
    if run > 0 {
        out.push_str(&run.to_string());
    }
}

/// Adds a cell's name to `cells` unless it is there already (the cells of a move or turn, each once).
pub(crate) fn push_cell(cells: &mut Vec<String>, name: String) {
    if !cells.contains(&name) {
        cells.push(name);
    }
}

/// Sorts move strings in JavaScript's default order (for the ASCII notation, byte order). Every sorted
/// list of the API goes through here or [`notation_order`], so that one sort serves the whole package.
pub fn sort_notations(names: &mut [String]) {
    // Through `notation_order`: one sort routine in the wasm instead of two (1 KiB).
    let order = notation_order(names);
    let mut taken: Vec<String> = order
        .iter()
        .map(|&i| names.get_mut(i).map(std::mem::take).unwrap_or_default())
        .collect();
    for (slot, name) in names.iter_mut().zip(taken.drain(..)) {
        *slot = name;
    }
}

/// The order that sorts `names` (indices into it), for lists of moves sorted by their notation.
pub fn notation_order(names: &[String]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..names.len()).collect();
    heap_sort(&mut order, |a, b| names.get(a) < names.get(b));
    order
}

/// Sorts `v` in place by `less` (heapsort: O(n log n), not stable). The package's one sort of moves;
/// the standard library's sort would weigh 3 KiB in the wasm, this a few hundred bytes.
fn heap_sort(v: &mut [usize], less: impl Fn(usize, usize) -> bool) {
    let at = |v: &[usize], i: usize| v.get(i).copied().unwrap_or_default();
    // Moves the item at `root` down the max-heap `v[..end]` to its place.
    let sift = |v: &mut [usize], mut root: usize, end: usize| loop {
        let mut child = 2 * root + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && less(at(v, child), at(v, child + 1)) {
            child += 1;
        }
        if !less(at(v, root), at(v, child)) {
            return;
        }
        v.swap(root, child);
        root = child;
    };
    for start in (0..v.len() / 2).rev() {
        sift(v, start, v.len());
    }
    for end in (1..v.len()).rev() {
        v.swap(0, end);
        sift(v, 0, end);
    }
}

/// `moves` in the order of their notations (as [`notation_order`] sorts them), `write` naming each.
pub(crate) fn in_notation_order<M: Copy>(moves: &[M], write: impl Fn(M) -> String) -> Vec<M> {
    let names: Vec<String> = moves.iter().map(|&m| write(m)).collect();
    notation_order(&names)
        .into_iter()
        .filter_map(|i| moves.get(i).copied())
        .collect()
}

/// The notations of `moves`, sorted as [`sort_notations`] sorts them.
pub(crate) fn sorted_notations<M: Copy>(moves: &[M], write: impl Fn(M) -> String) -> Vec<String> {
    let mut names: Vec<String> = moves.iter().map(|&m| write(m)).collect();
    sort_notations(&mut names);
    names
}

/// The parts joined (messages without `std::fmt`).
pub(crate) fn cat(parts: &[&str]) -> String {
    let mut s = String::new();
    crate::error::push_all(&mut s, parts);
    s
}

/// Whether `s` holds more than [`MAX_INPUT_LEN`] characters (Unicode scalar values), counted as the
/// bytes that begin one: `chars().count()` brings the standard library's 0.8 KB counting routine.
pub(crate) fn too_long(s: &str) -> bool {
    s.bytes().filter(|b| (b & 0xC0) != 0x80).count() > MAX_INPUT_LEN
}

/// The tags a record's header derives from the game or match itself; never optional tags.
pub const DERIVED_TAGS: [&str; 10] = [
    "Game", "Rules", "Size", "Rows", "Pie", "Length", "Cube", "First", "Position", "Result",
];

/// The optional tags named by RULES 4.1, written first and in this order; other tags follow in the
/// order they were given.
pub const STANDARD_TAGS: [&str; 5] = ["Red", "Blue", "Event", "Site", "Date"];

/// The optional tags of a record (RULES 4.1): player names, event, site, date and any other tag, each
/// name once, kept in writing order (the [`STANDARD_TAGS`] in their order, then the others in the
/// order they were added). Every name and value is checked when it is set: a name
/// `[A-Z][A-Za-z0-9_]*` that is not one of the [`DERIVED_TAGS`], a value without line breaks of at
/// most 4096 characters, a `Date` as `YYYY.MM.DD`. In JSON (and JavaScript) a plain object of
/// strings, in its order.
#[derive(Debug, Clone, PartialEq, Eq, Default, Hash)]
pub struct Tags(Vec<(String, String)>);

static NO_TAGS: Tags = Tags::new();

impl Tags {
    /// No tags.
    pub const fn new() -> Tags {
        Tags(Vec::new())
    }

    /// An empty set of tags, borrowed for as long as needed (what games that keep no tags return).
    pub fn none() -> &'static Tags {
        &NO_TAGS
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many tags there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// The value of the tag `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The tags as (name, value) pairs, in writing order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// Sets a tag (replacing a tag of the same name where it stands), after checking the name and
    /// value (`invalid_option`: a derived tag, a malformed name, a line break, a malformed `Date`).
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        check_tag(name, value)?;
        self.put(name, value);
        Ok(())
    }

    /// Sets a tag where it stands, or adds it in writing order: a standard tag before the tags that
    /// come after it in [`STANDARD_TAGS`] and before every other tag; another tag last.
    fn put(&mut self, name: &str, value: &str) {
        if let Some(slot) = self.0.iter_mut().find(|(n, _)| n == name) {
            slot.1 = value.to_string();
            return;
        }
        let rank = |n: &str| STANDARD_TAGS.iter().position(|s| *s == n);
        let at = match rank(name) {
            Some(r) => self
                .0
                .iter()
                .position(|(n, _)| rank(n).is_none_or(|q| q > r))
                .unwrap_or(self.0.len()),
            None => self.0.len(),
        };
        self.0.insert(at, (name.to_string(), value.to_string()));
    }

    /// These tags overlaid with `over`: its values replace those of the same names, its new names
    /// come after.
    pub fn overlaid(&self, over: &Tags) -> Tags {
        let mut out = self.clone();
        for (n, v) in over.iter() {
            out.put(n, v);
        }
        out
    }
}

/// Why a record tag is refused (code `invalid_option` when it is set, `parse_error` when it is read
/// from JSON or a record, where the reader names its place).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TagProblem {
    /// The name is not of the form `[A-Z][A-Za-z0-9_]*` (or is over-long).
    NotAName(String),
    /// A tag that the record writes from the game itself.
    Derived(String),
    /// The value of the tag holds a line break.
    LineBreak(String),
    /// The value of the tag is over-long.
    TooLong(String),
    /// A `Date` not written `YYYY.MM.DD` (its value).
    BadDate(String),
    /// The tag is given twice.
    Twice(String),
}

crate::error::coded!(TagProblem, |out| {
    TagProblem::NotAName(name) => ErrorCode::InvalidOption, push_all(out, &[
        "'",
        name,
        "' is not a tag name (a capital letter, then letters, digits or _)",
    ]);
    TagProblem::Derived(name) => ErrorCode::InvalidOption, push_all(out, &[
        "the tag ",
        name,
        " is written from the game itself and cannot be given",
    ]);
    TagProblem::LineBreak(name) => ErrorCode::InvalidOption,
        push_all(out, &["the value of ", name, " holds a line break"]);
    TagProblem::TooLong(name) => ErrorCode::InvalidOption, push_all(out, &[
        "the value of ",
        name,
        " is longer than ",
        MAX_INPUT_LEN_TEXT,
        " characters",
    ]);
    TagProblem::BadDate(value) => ErrorCode::InvalidOption,
        push_all(out, &["Date must be written YYYY.MM.DD, not '", value, "'"]);
    TagProblem::Twice(name) => ErrorCode::InvalidOption,
        push_all(out, &["the tag ", name, " appears twice"]);
});

impl From<TagProblem> for OptionError {
    fn from(e: TagProblem) -> Self {
        OptionError::new(crate::error::message_of(&e))
    }
}

/// Whether `name` is a tag name: `[A-Z][A-Za-z0-9_]*`, at most 4096 characters.
pub(crate) fn is_tag_name(name: &str) -> bool {
    let b = name.as_bytes();
    b.first().is_some_and(u8::is_ascii_uppercase)
        && b.len() <= MAX_INPUT_LEN
        && b.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'_')
}

/// Checks an optional tag: the name's form, not derived, the value's length and line breaks, `Date`.
fn check_tag(name: &str, value: &str) -> Result<(), TagProblem> {
    if !is_tag_name(name) {
        return Err(TagProblem::NotAName(name.into()));
    }
    if DERIVED_TAGS.contains(&name) {
        return Err(TagProblem::Derived(name.into()));
    }
    if value.contains(['\n', '\r']) {
        return Err(TagProblem::LineBreak(name.into()));
    }
    if too_long(value) {
        return Err(TagProblem::TooLong(name.into()));
    }
    if name == "Date" && !is_date(value) {
        return Err(TagProblem::BadDate(value.into()));
    }
    Ok(())
}

/// `YYYY.MM.DD` in digits.
fn is_date(value: &str) -> bool {
    let b = value.as_bytes();
    b.len() == 10
        && b.iter().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                *c == b'.'
            } else {
                c.is_ascii_digit()
            }
        })
}
impl Serialize for Tags {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (n, v) in &self.0 {
            map.serialize_entry(n, v)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Tags {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct TagsVisitor;
        impl<'de> Visitor<'de> for TagsVisitor {
            type Value = Tags;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object of tag names and string values")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Tags, A::Error> {
                let mut tags = Tags::new();
                while let Some((name, value)) = map.next_entry::<String, String>()? {
                    tags.add_new(&name, &value)
                        .map_err(serde::de::Error::custom)?;
                }
                Ok(tags)
            }
        }
        deserializer.deserialize_map(TagsVisitor)
    }
}

impl Tags {
    /// Adds a tag that must not be there yet (reading JSON or a record).
    pub(crate) fn add_new(&mut self, name: &str, value: &str) -> Result<(), TagProblem> {
        check_tag(name, value)?;
        if self.get(name).is_some() {
            return Err(TagProblem::Twice(name.into()));
        }
        self.put(name, value);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_written_limit_and_the_counts_agree() {
        assert_eq!(MAX_INPUT_LEN.to_string(), MAX_INPUT_LEN_TEXT);
        let mut n = String::new();
        crate::error::push_u64(&mut n, 9_007_199_254_740_991);
        assert_eq!(n, "9007199254740991");
        for s in ["", "a", "é", "ё€😀", &"x".repeat(4096), &"é".repeat(4097)] {
            assert_eq!(too_long(s), s.chars().count() > MAX_INPUT_LEN, "{s}");
        }
    }

    proptest! {
        /// The heapsort orders as the standard library's sort does (names may repeat).
        #[test]
        fn notation_order_sorts(names in proptest::collection::vec("[a-c0-9/>-]{0,4}", 0..200)) {
            let order = notation_order(&names);
            let mut seen = order.clone();
            seen.sort_unstable();
            prop_assert_eq!(seen, (0..names.len()).collect::<Vec<_>>());
            let got: Vec<&String> = order.iter().map(|&i| &names[i]).collect();
            let mut want: Vec<&String> = names.iter().collect();
            want.sort();
            prop_assert_eq!(got, want);
        }
    }

    fn lens(n: usize) -> Option<Vec<usize>> {
        (n == 2).then(|| vec![3, 12])
    }

    #[test]
    fn round_trip() {
        let g = parse_grid("r2/b10o r", lens, b"rbo").unwrap();
        assert_eq!(g.rows[0], vec![Some(b'r'), None, None]);
        assert_eq!(g.rows[1].len(), 12);
        assert_eq!(g.to_move, Player::Red);
        assert_eq!(write_grid(g.rows.clone(), g.to_move), "r2/b10o r");
    }

    #[test]
    fn refuses_non_canonical() {
        for bad in [
            "r2/b10o",     // no side
            "r2/b10o  r",  // two spaces
            "r2/b10o r ",  // trailing
            "r2/b10o R",   // upper case side
            "R2/b10o r",   // upper case piece
            "r11/b10o r",  // too many cells
            "r1/b10o r",   // too few
            "r02/b10o r",  // leading zero
            "r2/b55o r",   // run too long
            "r2/b5 5o r",  // space inside
            "r2/b010o r",  // leading zero
            "r/b10o/2 r",  // wrong row count
            "r2/b1o1o8 x", // bad side
            "rx1/b10o r",  // bad piece
            "r2//b10o r",  // empty row
            "r2/b100o r",  // three digits
        ] {
            assert!(parse_grid(bad, lens, b"rbo").is_err(), "{bad} accepted");
        }
        // Two adjacent numbers: "1" then "1" would read as 11, so test via a piece-free row.
        assert!(parse_grid("r2/b9o1 r", lens, b"rbo").is_ok());
    }

    #[test]
    fn sorts_like_javascript() {
        let mut v = vec![
            "b2>off".to_string(),
            "b10-c10".into(),
            "b1-c2".into(),
            "a9xb9".into(),
        ];
        let order = notation_order(&v);
        sort_notations(&mut v);
        assert_eq!(v, ["a9xb9", "b1-c2", "b10-c10", "b2>off"]);
        assert_eq!(order, [3, 2, 1, 0]);
    }

    #[test]
    fn names_the_problem() {
        let e = parse_grid("r2/bz9o r", lens, b"rbo").unwrap_err();
        assert!(e.message.contains("row 2"), "{}", e.message);
        assert!(e.message.contains("'z'"), "{}", e.message);
    }

    #[test]
    fn numbers_without_fmt() {
        for n in [0usize, 7, 10, 99, 1234567, usize::MAX] {
            let mut s = String::new();
            push_num(&mut s, n);
            assert_eq!(s, n.to_string());
        }
    }

    #[test]
    fn tags_are_checked() {
        let mut t = Tags::new();
        assert!(t.set("Red", "Ana").is_ok());
        assert!(t.set("Size", "6").is_err());
        assert!(t.set("red", "x").is_err());
        assert!(t.set("Event", "a\nb").is_err());
        assert!(t.set("Date", "2026-01-02").is_err());
        assert!(t.set("Date", "2026.01.02").is_ok());
        assert!(t.set("Opening", "x").is_ok());
        assert!(t.set("Red", "Bo").is_ok());
        let order: Vec<_> = t.iter().map(|(n, _)| n).collect();
        assert_eq!(order, ["Red", "Date", "Opening"]);
        assert_eq!(t.get("Red"), Some("Bo"));
        let json = serde_json::to_string(&t).unwrap();
        assert_eq!(json, r#"{"Red":"Bo","Date":"2026.01.02","Opening":"x"}"#);
        assert_eq!(serde_json::from_str::<Tags>(&json).unwrap(), t);
        assert!(serde_json::from_str::<Tags>(r#"{"Game":"x"}"#).is_err());
    }
}
