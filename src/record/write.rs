//! Writing records (RULES 4): the header, then one section per game, in the one canonical form.

use super::setup::{GameRecord, RecordSetup};
use crate::annotation::Annotations;
use crate::engine::GameKind;
use crate::error::WrongPhase;
use crate::matchplay::{game_body, lone_log, LineKind, LogEntry, MatchError, MatchLog, MatchState};
use crate::notation::{push_num, Tags};
use crate::player::Player;

/// Writes `[Name "value"]` and a line break.
pub(super) fn write_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push_str("\"]\n");
}

/// Writes a whole header: `Game`, the game's tags, `Length` and `Cube` for a match, `First` when Blue
/// starts, `Position`, the optional tags, `Result`; then the empty line.
fn write_header(
    out: &mut String,
    kind: GameKind,
    setup: &RecordSetup,
    length_cube: Option<(u32, bool)>,
    tags: &Tags,
    result: Option<Player>,
) {
    write_tag(
        out,
        "Game",
        match kind {
            GameKind::Jokerball => "Jokerball",
            GameKind::Zola => "Zola",
        },
    );
    for (n, v) in &setup.tags {
        write_tag(out, n, v);
    }
    if let Some((length, cube)) = length_cube {
        let mut l = String::new();
        push_num(&mut l, length as usize);
        write_tag(out, "Length", &l);
        write_tag(out, "Cube", if cube { "on" } else { "off" });
    }
    match &setup.position {
        Some(p) => write_tag(out, "Position", p),
        None if setup.first == Player::Blue => write_tag(out, "First", "blue"),
        None => {}
    }
    for (n, v) in tags.iter() {
        write_tag(out, n, v);
    }
    write_tag(out, "Result", result.map_or("*", Player::name));
    out.push('\n');
}

/// Writes one game's section: `Game N`, then its lines with the records numbered, each followed by
/// its annotation (RULES 4.3) when it has one.
fn write_section(out: &mut String, number: u32, lines: &[LogEntry], notes: &Annotations) {
    out.push_str("Game ");
    push_num(out, number as usize);
    out.push('\n');
    for (i, line) in lines.iter().enumerate() {
        if line.kind == LineKind::Record {
            push_num(out, line.step as usize);
            out.push_str(". ");
        }
        out.push_str(&line.text);
        if line.kind != LineKind::Result {
            if let Some(a) = notes.get(number, i as u32) {
                a.write(out);
            }
        }
        out.push('\n');
    }
}

/// The record of a lone game (see [`Recorded::to_record`](super::Recorded::to_record)).
pub(super) fn write_game<G: GameRecord>(game: &G, tags: &Tags) -> String {
    let mut out = String::new();
    let setup = game.setup_tags(true);
    write_header(&mut out, G::KIND, &setup, None, tags, game.winner());
    write_section(&mut out, 1, &lone_log(game), game.game_annotations());
    out
}

/// The record of a match (see [`Recorded::to_record`](super::Recorded::to_record)), from its parts (its
/// tags and annotations together).
pub(super) fn write_match(
    kind: GameKind,
    setup: RecordSetup,
    st: &MatchState,
    log: &MatchLog,
    current: Vec<String>,
    (tags, notes): (&Tags, &Annotations),
    after: fn(&str, Player) -> Player,
) -> Result<String, MatchError> {
    if log.known > 1 || setup.position.is_some() {
        return Err(MatchError::WrongPhase(WrongPhase::NoMatchRecord));
    }
    let setup = RecordSetup {
        first: st.first(),
        ..setup
    };
    let mut out = String::new();
    let lc = Some((st.length(), st.cube_enabled()));
    write_header(&mut out, kind, &setup, lc, tags, st.winner());
    let mut current = Some(current);
    for number in 1..=st.game_number() {
        if number > 1 {
            out.push('\n');
        }
        let (_, lines) = game_body(st, log, number, &mut current, after);
        write_section(&mut out, number, &lines, notes);
    }
    Ok(out)
}
