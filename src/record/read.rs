//! Reading records (RULES 4): every line checked, every record, cube action and resignation replayed
//! with the same rules as play; the first wrong line is named (`line 7: ...`, counted from 1).

use super::setup::{GameRecord, RecordSetup, TagError};
use crate::annotation::{split_annotation, Annotation, Annotations};
use crate::dice::Seed;
use crate::engine::ForfeitReason;
use crate::engine::GameKind;
use crate::error::{coded, Coded, ErrorCode, ParseError};
use crate::matchplay::{
    lone_result_line, match_result_line, next_record, read_forfeit_line, replay_action, ActionKind,
    LogError, Logged, Match, MatchSetup, Replay,
};
use crate::notation::{cat, is_tag_name, push_num, TagProblem, Tags, DERIVED_TAGS};
use crate::player::Player;

/// The longest record read, in bytes of UTF-8 (1 MiB).
pub const MAX_RECORD_LEN: usize = 1 << 20;

/// A decimal count without leading zeros: `1..=999_999_999`.
fn read_count(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    if b.is_empty() || b.len() > 9 || b.first() == Some(&b'0') || !b.iter().all(u8::is_ascii_digit)
    {
        return None;
    }
    text.parse().ok()
}

/// Reads a match record (see [`Recorded::from_record`](super::Recorded::from_record)).
pub(super) fn read_match<G: GameRecord>(
    text: &str,
    seed: Option<&Seed>,
) -> Result<Match<G>, ParseError> {
    let r = Reading::begin(text, G::KIND, G::SETUP_TAGS, false)?;
    let game = G::setup_from_tags(&r.setup, false).map_err(|e| r.tag_error(e))?;
    let (length, cube) = r.length_cube;
    let mut m = Match::<G>::new(&MatchSetup { length, cube, game })
        .map_err(|e| r.header.error_at("Length", &e.to_string()))?;
    m.game_mut_for_record().set_dice_seed(None);
    let (tags, notes) = r.read(&mut MatchSink(&mut m))?;
    m.game_mut_for_record().set_dice_seed(seed);
    m.set_tags(tags);
    m.set_annotations(notes)
        .map_err(|e| ParseError::new(e.message))?;
    Ok(m)
}

/// The record of a lone game, read (see [`Recorded::from_record`](super::Recorded::from_record)):
/// the game and its optional tags.
pub(super) fn read_game<G: GameRecord>(
    text: &str,
    seed: Option<&Seed>,
) -> Result<(G, Tags), ParseError> {
    let r = Reading::begin(text, G::KIND, G::SETUP_TAGS, true)?;
    let setup = G::setup_from_tags(&r.setup, true).map_err(|e| r.tag_error(e))?;
    let mut game = G::new(&setup).map_err(|e| r.header.error_at("Position", &e.to_string()))?;
    game.set_dice_seed(None);
    let mut lone = Lone { game };
    let (tags, notes) = r.read(&mut lone)?;
    let mut game = lone.game;
    game.set_dice_seed(seed);
    game.set_game_annotations(notes)
        .map_err(|e| ParseError::new(e.message))?;
    Ok((game, tags))
}

/// A record being read: its lines, its header checked for the game `kind`, a match's length and cube,
/// and the game part of the header.
struct Reading<'a> {
    lines: Vec<&'a str>,
    header: Header<'a>,
    length_cube: (u32, bool),
    setup: RecordSetup,
}

impl<'a> Reading<'a> {
    /// Reads and checks the header of a record of `kind` (`lone`: a lone game's, else a match's).
    fn begin(
        text: &'a str,
        kind: GameKind,
        names: &[&'static str],
        lone: bool,
    ) -> Result<Reading<'a>, ParseError> {
        let lines = split_lines(text)?;
        let header = read_header(&lines)?;
        header.check_kind(kind)?;
        let length_cube = header.length_cube(lone)?;
        let setup = header.record_setup(names)?;
        Ok(Reading {
            lines,
            header,
            length_cube,
            setup,
        })
    }

    /// The error of a game tag, on its line.
    fn tag_error(&self, e: TagError) -> ParseError {
        self.header.error_at(e.tag, &crate::error::message_of(&e))
    }

    /// Reads the body into `sink`, checks the `Result` tag against it, and gives the optional tags
    /// and the annotations.
    fn read(self, sink: &mut dyn Sink) -> Result<(Tags, Annotations), ParseError> {
        let notes = read_body(&self.lines, self.header.end, sink)?;
        self.header.check_result(sink.winner())?;
        Ok((self.header.tags, notes))
    }
}

/// Which game a record is of, from its `Game` tag (to choose the reader of a match record).
pub fn record_kind(text: &str) -> Result<GameKind, ParseError> {
    record_type(text).map(|(kind, _)| kind)
}

/// Which game a record is of (its `Game` tag) and whether it is a match's (it has a `Length` tag):
/// which reader reads it. Only the header is read.
pub fn record_type(text: &str) -> Result<(GameKind, bool), ParseError> {
    let lines = split_lines(text)?;
    let header = read_header(&lines)?;
    Ok((header.kind()?, header.value("Length").is_some()))
}

/// An error on line `line`.
fn at(line: usize, message: &str) -> ParseError {
    let mut s = String::from("line ");
    push_num(&mut s, line);
    s.push_str(": ");
    s.push_str(message);
    ParseError::new(s)
}

/// An error on line `line`: its message after `line N: `.
fn at_error(line: usize, e: &dyn Coded) -> ParseError {
    let mut s = String::from("line ");
    push_num(&mut s, line);
    s.push_str(": ");
    e.write_message(&mut s);
    ParseError::new(s)
}

/// Why a tag line of a record's header cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
enum TagLineError {
    /// Not of the form `[Name "value"]` (the line).
    NotATagLine(String),
    /// The tag's name or value is refused.
    Tag(TagProblem),
    /// A backslash escaping something other than `"` or `\` (the tag's name).
    Escape(String),
    /// A quote inside the value not escaped (the tag's name).
    Quote(String),
}

coded!(TagLineError, |out| {
    TagLineError::NotATagLine(line) => ErrorCode::ParseError, {
        out.push_str("expected a tag line [Name \"value\"], found '");
        out.push_str(line);
        out.push('\'');
    };
    TagLineError::Tag(e) => ErrorCode::ParseError, e.write_message(out);
    TagLineError::Escape(name) => ErrorCode::ParseError, {
        out.push_str(name);
        out.push_str(": a backslash may only escape \" or \\");
    };
    TagLineError::Quote(name) => ErrorCode::ParseError, {
        out.push_str(name);
        out.push_str(": a quote inside the value must be written \\\"");
    };
});

/// Why a line of a record's body does not follow from the lines before it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum BodyError {
    /// The game or the match refused the line's record, action or forfeit.
    Refused(LogError),
    /// A second section in a lone game's record.
    OneSection,
    /// A cube or resignation line in a lone game's record.
    NoCube,
    /// A record which the game made itself (a pass): not yet written before this line, or
    /// (`missing`) never written.
    MadeByGame {
        /// The record's number, from 1.
        number: usize,
        /// The record as the game made it.
        text: String,
        /// Whether the section ended without it.
        missing: bool,
    },
    /// The game is over: the line should have been its result line.
    Over(String),
    /// The game is over and the section ended without its result line.
    ResultMissing(String),
}

coded!(BodyError, |out| {
    BodyError::Refused(e) => e.code(), e.write_message(out);
    BodyError::OneSection => ErrorCode::ParseError,
        out.push_str("a lone game's record has one section, Game 1");
    BodyError::NoCube => ErrorCode::ParseError, out.push_str(
        "a lone game has no cube and no resignation: these lines belong to matches",
    );
    BodyError::MadeByGame { number, text, missing } => ErrorCode::ParseError, {
        out.push_str("record ");
        push_num(out, *number);
        out.push_str(" ('");
        out.push_str(text);
        out.push_str("', made by the game itself: the side to move had no legal move)");
        out.push_str(if *missing { " is missing" } else { " comes before this line" });
    };
    BodyError::Over(result) => ErrorCode::ParseError, {
        out.push_str("the game is over: expected '");
        out.push_str(result);
        out.push('\'');
    };
    BodyError::ResultMissing(result) => ErrorCode::ParseError, {
        out.push_str("the game is over: its result line '");
        out.push_str(result);
        out.push_str("' is missing");
    };
});

/// The lines of a record (line breaks and a CR before them removed, a leading byte-order mark
/// dropped); refuses a text over [`MAX_RECORD_LEN`] bytes.
fn split_lines(text: &str) -> Result<Vec<&str>, ParseError> {
    if text.len() > MAX_RECORD_LEN {
        return Err(ParseError::new(
            "the record is longer than 1 MiB (1,048,576 bytes of UTF-8)",
        ));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let body = text.strip_suffix('\n').unwrap_or(text);
    Ok(body
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect())
}

/// A record's header: its tags with their line numbers, and the line of the empty line that ends it.
struct Header<'a> {
    /// Every tag as written: name, value, line.
    all: Vec<(&'a str, String, usize)>,
    /// The optional tags, in their order.
    tags: Tags,
    /// The number of the empty line after the header.
    end: usize,
}

/// Reads the header (lines 1.. up to the first empty line).
fn read_header<'a>(lines: &[&'a str]) -> Result<Header<'a>, ParseError> {
    let mut all: Vec<(&'a str, String, usize)> = Vec::new();
    let mut tags = Tags::new();
    for (i, &line) in lines.iter().enumerate() {
        let number = i + 1;
        if line.is_empty() {
            if all.is_empty() {
                return Err(at(
                    number,
                    "a record begins with its header: [Game \"...\"] and the other tags",
                ));
            }
            return Ok(Header {
                all,
                tags,
                end: number,
            });
        }
        let (name, value) = read_tag_line(line).map_err(|e| at_error(number, &e))?;
        if all.iter().any(|(n, _, _)| *n == name) {
            return Err(at_error(number, &TagProblem::Twice(name.into())));
        }
        if !DERIVED_TAGS.contains(&name) {
            tags.add_new(name, &value)
                .map_err(|e| at_error(number, &e))?;
        }
        all.push((name, value, number));
    }
    Err(at(
        lines.len(),
        "the header must end with an empty line, followed by the games",
    ))
}

/// Reads `[Name "value"]`: the name's form, one space, the quoted value with `\"` and `\\` escapes.
fn read_tag_line(line: &str) -> Result<(&str, String), TagLineError> {
    let bad = || TagLineError::NotATagLine(line.into());
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(bad)?;
    let (name, quoted) = inner.split_once(' ').ok_or_else(bad)?;
    if !is_tag_name(name) {
        return Err(TagLineError::Tag(TagProblem::NotAName(name.into())));
    }
    let raw = quoted
        .strip_prefix('"')
        .and_then(|q| q.strip_suffix('"'))
        .ok_or_else(bad)?;
    let mut value = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('"' | '\\')) => value.push(e),
                _ => return Err(TagLineError::Escape(name.into())),
            },
            '"' => return Err(TagLineError::Quote(name.into())),
            c => value.push(c),
        }
    }
    Ok((name, value))
}

impl Header<'_> {
    /// The line of the tag `name`, if present.
    fn line_of(&self, name: &str) -> Option<usize> {
        self.all.iter().find(|(n, _, _)| *n == name).map(|t| t.2)
    }

    /// The value of the tag `name`, if present.
    fn value(&self, name: &str) -> Option<&str> {
        self.all
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|t| t.1.as_str())
    }

    /// An error about the tag `name`: on its line, or on the header's end when it is missing.
    fn error_at(&self, name: &str, message: &str) -> ParseError {
        at(self.line_of(name).unwrap_or(self.end), message)
    }

    /// The game named by the `Game` tag.
    fn kind(&self) -> Result<GameKind, ParseError> {
        match self.value("Game") {
            Some("Jokerball") => Ok(GameKind::Jokerball),
            Some("Zola") => Ok(GameKind::Zola),
            Some(other) => Err(self.error_at(
                "Game",
                &cat(&["Game must be Jokerball or Zola, not '", other, "'"]),
            )),
            None => Err(self.error_at("Game", "the tag Game is missing")),
        }
    }

    /// Refuses a record of the other game, and derived tags that do not belong to this one.
    fn check_kind(&self, kind: GameKind) -> Result<(), ParseError> {
        let found = self.kind()?;
        if found != kind {
            return Err(self.error_at(
                "Game",
                &cat(&[
                    "this is a record of ",
                    game_name(found),
                    ", not of this game",
                ]),
            ));
        }
        let own: &[&str] = match kind {
            GameKind::Jokerball => &["Rules", "Size", "Rows"],
            GameKind::Zola => &["Size", "Pie"],
        };
        for (name, _, line) in &self.all {
            let common = ["Game", "Length", "Cube", "First", "Position", "Result"];
            if DERIVED_TAGS.contains(name) && !own.contains(name) && !common.contains(name) {
                return Err(at(
                    *line,
                    &cat(&["the tag ", name, " does not apply to ", game_name(kind)]),
                ));
            }
        }
        Ok(())
    }

    /// `Length` and `Cube` of a match record (`lone`: refuses them, and answers 0 and off); a match
    /// record has no `Position`.
    fn length_cube(&self, lone: bool) -> Result<(u32, bool), ParseError> {
        let length = self.value("Length");
        if lone {
            return match (self.line_of("Length"), self.line_of("Cube")) {
                (Some(l), _) => Err(at(
                    l,
                    "a match record (it has a Length tag): read it as a match",
                )),
                (None, Some(l)) => Err(at(l, "a lone game has no Cube tag")),
                (None, None) => Ok((0, false)),
            };
        }
        let Some(length) = length else {
            return Err(self.error_at(
                "Game",
                "a lone game's record (no Length tag): read it as a game, not a match",
            ));
        };
        if let Some(line) = self.line_of("Position") {
            return Err(at(
                line,
                "a match's games start from the setup: no Position",
            ));
        }
        let length = read_count(length)
            .filter(|&n| n <= 21)
            .ok_or_else(|| self.error_at("Length", "Length must be a number from 1 to 21"))?;
        let cube = match self.value("Cube") {
            Some("on") => true,
            Some("off") => false,
            Some(_) => return Err(self.error_at("Cube", "Cube must be on or off")),
            None => return Err(self.error_at("Cube", "the tag Cube is missing")),
        };
        Ok((length as u32, cube))
    }

    /// The game part of the header: the game's own tags (`names`), who starts and the position
    /// string (`First` does not go with `Position`).
    fn record_setup(&self, names: &[&'static str]) -> Result<RecordSetup, ParseError> {
        let first = match self.value("First") {
            None | Some("red") => Player::Red,
            Some("blue") => Player::Blue,
            Some(_) => return Err(self.error_at("First", "First must be red or blue")),
        };
        let position = self.value("Position").map(str::to_string);
        if let (Some(_), Some(line)) = (&position, self.line_of("First")) {
            return Err(at(
                line,
                "First does not go with Position (the position string says who moves)",
            ));
        }
        let tags = names
            .iter()
            .filter_map(|&n| self.value(n).map(|v| (n, v.to_string())))
            .collect();
        Ok(RecordSetup {
            tags,
            first,
            position,
        })
    }

    /// Checks the `Result` tag, when present, against the winner the body leads to.
    fn check_result(&self, winner: Option<Player>) -> Result<(), ParseError> {
        let Some(result) = self.value("Result") else {
            return Ok(());
        };
        let written = match result {
            "*" => None,
            "red" => Some(Player::Red),
            "blue" => Some(Player::Blue),
            _ => return Err(self.error_at("Result", "Result must be red, blue or *")),
        };
        if written != winner {
            let said = winner.map_or("* (not over)", Player::name);
            return Err(self.error_at(
                "Result",
                &cat(&["Result is '", result, "' but the games give ", said]),
            ));
        }
        Ok(())
    }
}

fn game_name(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Jokerball => "Jokerball",
        GameKind::Zola => "Zola",
    }
}

/// What a record's body is read into: a lone game or a match. One reader serves both (through this
/// trait object), so its code is not repeated per game.
trait Sink {
    /// Whether cube actions and results with points belong here.
    fn is_match(&self) -> bool;
    /// Starts game `number` (2, 3, ...).
    fn start_game(&mut self) -> Result<(), BodyError>;
    /// The completed records of the current game.
    fn history_len(&self) -> usize;
    /// The record at `index` of the current game.
    fn record_at(&self, index: usize) -> Option<String>;
    /// Plays record `done` (from 0) of the current game.
    fn record(&mut self, done: usize, text: &str) -> Result<(), BodyError>;
    /// A cube action or resignation.
    fn action(&mut self, kind: ActionKind, player: Player) -> Result<(), BodyError>;
    /// The result line the current game's end calls for (`None` while it is on).
    fn result_line(&self) -> Option<String>;
    /// A forfeit's result line (RULES 4.3): `loser` lost the lone game, or the match, on time or by
    /// abandonment.
    fn forfeit(&mut self, loser: Player, reason: ForfeitReason) -> Result<(), BodyError>;
    /// Whether nothing may follow (the match, or the lone game, is over).
    fn finished(&self) -> bool {
        self.winner().is_some()
    }
    /// The winner of the match, or of the lone game.
    fn winner(&self) -> Option<Player>;
}

/// A lone game being read.
struct Lone<G> {
    game: G,
}

impl<G: Logged> Sink for Lone<G> {
    fn is_match(&self) -> bool {
        false
    }
    fn start_game(&mut self) -> Result<(), BodyError> {
        Err(BodyError::OneSection)
    }
    fn history_len(&self) -> usize {
        self.game.history_len()
    }
    fn record_at(&self, index: usize) -> Option<String> {
        self.game.record_at(index)
    }
    fn record(&mut self, done: usize, text: &str) -> Result<(), BodyError> {
        next_record(&mut self.game, done, text).map_err(|e| BodyError::Refused(LogError::Play(e)))
    }
    fn action(&mut self, _kind: ActionKind, _player: Player) -> Result<(), BodyError> {
        Err(BodyError::NoCube)
    }
    fn result_line(&self) -> Option<String> {
        self.game.outcome().map(lone_result_line)
    }
    fn forfeit(&mut self, loser: Player, reason: ForfeitReason) -> Result<(), BodyError> {
        self.game
            .forfeit(loser, reason)
            .map_err(|e| BodyError::Refused(LogError::Forfeit(e)))
    }
    fn winner(&self) -> Option<Player> {
        self.game.winner()
    }
}

/// A match being read (whatever its game).
struct MatchSink<'a>(&'a mut dyn Replay);

impl Sink for MatchSink<'_> {
    fn is_match(&self) -> bool {
        true
    }
    fn start_game(&mut self) -> Result<(), BodyError> {
        self.0
            .start_next()
            .map_err(|e| BodyError::Refused(LogError::Match(e)))
    }
    fn history_len(&self) -> usize {
        self.0.history_len()
    }
    fn record_at(&self, index: usize) -> Option<String> {
        self.0.record_at(index)
    }
    fn record(&mut self, done: usize, text: &str) -> Result<(), BodyError> {
        self.0
            .record(done, text)
            .map_err(|e| BodyError::Refused(LogError::Play(e)))
    }
    fn action(&mut self, kind: ActionKind, player: Player) -> Result<(), BodyError> {
        replay_action(self.0, kind, player).map_err(BodyError::Refused)
    }
    fn result_line(&self) -> Option<String> {
        let st = self.0.state();
        if !st.game_over() {
            return None;
        }
        st.results()
            .last()
            .map(|r| match_result_line(r.winner, r.points, st.score_winner().is_some()))
    }
    fn forfeit(&mut self, loser: Player, reason: ForfeitReason) -> Result<(), BodyError> {
        self.0
            .forfeit(loser, reason)
            .map_err(|e| BodyError::Refused(LogError::Forfeit(e)))
    }
    fn winner(&self) -> Option<Player> {
        self.0.state().winner()
    }
}

/// Reads an action line: `Red doubles`, `Blue takes`, `Blue drops`, `Red resigns`.
fn read_action(line: &str) -> Option<(ActionKind, Player)> {
    let (who, what) = line.split_once(' ')?;
    let player = match who {
        "Red" => Player::Red,
        "Blue" => Player::Blue,
        _ => return None,
    };
    let kind = match what {
        "doubles" => ActionKind::Double,
        "takes" => ActionKind::Take,
        "drops" => ActionKind::Drop,
        "resigns" => ActionKind::Resign,
        _ => return None,
    };
    Some((kind, player))
}

/// Reads a record line `K. <record>`.
fn read_record_line(line: &str) -> Option<(usize, &str)> {
    let (k, rest) = line.split_once('.')?;
    Some((read_count(k)?, rest.strip_prefix(' ')?))
}

/// Reads the body (the lines after the header's empty line `end`) into `sink`, checking each line;
/// gives the annotations of its lines (RULES 4.3).
fn read_body(lines: &[&str], end: usize, sink: &mut dyn Sink) -> Result<Annotations, ParseError> {
    let mut game = 0usize; // the current section, 0 before `Game 1`
    let mut done = 0usize; // records read in this section
    let mut logged = 0u32; // record, cube and resignation lines read in this section
    let mut result_read = false;
    let mut notes = Annotations::new();
    for (number, raw) in (end + 1..).zip(lines.iter().skip(end)) {
        let (line, note) = split_annotation(raw).map_err(|e| at_error(number, &e))?;
        if line.is_empty() {
            continue;
        }
        let fail = |m: &str| at(number, m);
        let refuse = |e: BodyError| at_error(number, &e);
        // Keeps the annotation of a record, cube or resignation line (the `logged`-th of its game).
        let keep = |notes: &mut Annotations, logged: &mut u32| {
            if let Some((mark, comment)) = note.clone() {
                notes.push(Annotation {
                    game: game as u32,
                    line: *logged,
                    mark,
                    comment,
                });
            }
            *logged += 1;
        };
        let unannotated = || {
            if note.is_some() {
                Err(fail(
                    "only a record, a cube action or a resignation carries a mark or a comment",
                ))
            } else {
                Ok(())
            }
        };
        if let Some(n) = line.strip_prefix("Game ") {
            unannotated()?;
            let n = read_count(n).ok_or_else(|| fail("expected 'Game N' with N = 1, 2, ..."))?;
            if n != game + 1 {
                let mut m = String::from("expected Game ");
                push_num(&mut m, game + 1);
                return Err(fail(&m));
            }
            if game > 0 {
                end_of_section(sink, done, result_read).map_err(refuse)?;
                if sink.finished() {
                    return Err(fail("nothing may follow the last result of the record"));
                }
                sink.start_game().map_err(refuse)?;
            }
            game = n;
            done = 0;
            logged = 0;
            result_read = false;
            continue;
        }
        if game == 0 {
            return Err(fail("the games begin with a line 'Game 1'"));
        }
        if let Some(f) = read_forfeit_line(line, sink.is_match()) {
            unannotated()?;
            // A forfeit's line (RULES 4.3) ends the record: in a lone game or a match still on, in a
            // match also after a game's own result line.
            if sink.history_len() > done {
                return Err(refuse(made_by_the_game(sink, done, false)));
            }
            if let Some(expected) = sink.result_line().filter(|_| !result_read) {
                return Err(refuse(BodyError::Over(expected)));
            }
            if sink.finished() {
                return Err(fail("nothing may follow the last result of the record"));
            }
            sink.forfeit(f.winner.other(), f.how).map_err(refuse)?;
            result_read = true;
            continue;
        }
        if result_read {
            return Err(fail(if sink.finished() {
                "nothing may follow the last result of the record"
            } else {
                "this game is over: the next line is 'Game N' of the next game"
            }));
        }
        if let Some((k, text)) = read_record_line(line) {
            if k != done + 1 {
                let mut m = String::from("expected record number ");
                push_num(&mut m, done + 1);
                return Err(fail(&m));
            }
            if let Some(r) = sink.result_line() {
                return Err(refuse(BodyError::Over(r)));
            }
            sink.record(done, text).map_err(refuse)?;
            done += 1;
            keep(&mut notes, &mut logged);
            continue;
        }
        if sink.history_len() > done {
            return Err(refuse(made_by_the_game(sink, done, false)));
        }
        if let Some(expected) = sink.result_line() {
            if line == expected {
                unannotated()?;
                result_read = true;
                continue;
            }
            return Err(refuse(BodyError::Over(expected)));
        }
        if let Some((kind, player)) = read_action(line) {
            if !sink.is_match() {
                return Err(refuse(BodyError::NoCube));
            }
            sink.action(kind, player).map_err(refuse)?;
            keep(&mut notes, &mut logged);
            continue;
        }
        if line.starts_with("Red wins") || line.starts_with("Blue wins") {
            return Err(fail("this game is not over"));
        }
        return Err(fail(
            "not a record ('K. ...'), a cube action, a resignation or a result",
        ));
    }
    if game == 0 {
        return Err(at(
            lines.len(),
            "the record holds no game: the body begins with 'Game 1'",
        ));
    }
    end_of_section(sink, done, result_read).map_err(|e| at_error(lines.len(), &e))?;
    Ok(notes)
}

/// Record `done + 1`, which the game made itself (a pass): not written before this line, or
/// (`missing`) never written.
fn made_by_the_game(sink: &dyn Sink, done: usize, missing: bool) -> BodyError {
    BodyError::MadeByGame {
        number: done + 1,
        text: sink.record_at(done).unwrap_or_default(),
        missing,
    }
}

/// Checks that a section is complete: no record made by the game left unwritten, and the result line
/// of a game that ended.
fn end_of_section(sink: &dyn Sink, done: usize, result_read: bool) -> Result<(), BodyError> {
    if sink.history_len() > done {
        return Err(made_by_the_game(sink, done, true));
    }
    match sink.result_line() {
        Some(r) if !result_read => Err(BodyError::ResultMissing(r)),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::super::write::write_tag;
    use super::*;

    #[test]
    fn tag_lines() {
        assert_eq!(
            read_tag_line(r#"[Red "A \"b\" \\c"]"#).unwrap(),
            ("Red", "A \"b\" \\c".to_string())
        );
        assert!(read_tag_line(r#"[red "x"]"#).is_err());
        assert!(read_tag_line(r#"[Red  "x"]"#).is_err());
        assert!(read_tag_line(r#"[Red "x\n"]"#).is_err());
        assert!(read_tag_line(r#"[Red "x"y"]"#).is_err());
        let mut out = String::new();
        write_tag(&mut out, "Red", "A \"b\" \\c");
        assert_eq!(out, "[Red \"A \\\"b\\\" \\\\c\"]\n");
    }
}
