//! The plain data that crosses the boundary, each shape declared once: one [`plain!`] entry names its
//! fields and their TypeScript types, and yields the reader ([`FromTree`](super::tree::FromTree)), the
//! writer ([`ToJs`](super::out::ToJs)) and the TypeScript interface (a custom section of the .d.ts).
//!
//! An entry names no JSON key: each key is declared once, on the core type, by the serde attributes
//! that serde reads too (`rename_all`, `rename`, `skip_serializing_if`); `#[derive(JsonKeys)]` puts
//! them in a const table ([`crate::keys`]) from which [`key!`] takes each key at compile time. The
//! types made here for the binding alone (boards, settings) derive `JsonKeys` the same way.
//!
//! - `options Name(CoreType) { field => "ts type", .. }`: an options object read onto
//!   `CoreType::default()` (absent or `null` keys keep the default; unknown keys are refused); the
//!   interface has every key optional (but those marked `required`: `length required => ..`). One
//!   core setup can have several shapes (a constructor's options, `replay`'s without `position`, a
//!   match's game options): the widest is declared `reads reader`, which makes one reader for all of
//!   them, and each narrower one `via reader` with its own fields (in the same order), so the package
//!   carries one reader per core type.
//! - `state Name = CoreType { .. }`: a JSON state part, read (every key required but `null`able ones)
//!   and written with exactly the type's keys; a key that serde skips when empty
//!   (`skip_serializing_if`) is left out so too and may be absent.
//! - `out Name = CoreType { .. }`: a value only written (verbose moves, boards).
//! - `named Name = CoreType => "ts union"`: a string-valued enum (serde names in, `.name()` out).
//!
//! `state` and `out` entries must name every field of the type in its order (checked at compile time),
//! so the writer writes serde's keys in serde's order by construction; native tests at the bottom
//! still check that every writer agrees with the core type's serde form, values included.

use super::out::ToJs;
use super::tree::{FromTree, Tree};
use crate::annotation::{Annotation, Annotations};
use crate::bot::Level;
use crate::dice::{Dice, RngState, Seed};
use crate::engine::{GameKind, MoveInfo};
use crate::error::message_of;
use crate::keys::JsonKeys;
use crate::matchplay::ToAct;
use crate::matchplay::{
    ActionKind, Cube, GameEnd, GameResult, MatchAction, MatchGame, MatchLog, MatchStateData,
    PastGame, SavedMatch,
};
use crate::notation::Tags;
use crate::player::{ByPlayer, Player};
use crate::{jokerball, zola};

// The plain settings that options objects are read into.

/// The settings of `toJSON`.
#[derive(Debug, JsonKeys)]
pub(crate) struct ToJson {
    /// Whether to save the dice generator.
    pub(crate) rng: bool,
}

impl Default for ToJson {
    fn default() -> Self {
        ToJson { rng: true }
    }
}

/// The settings of `fromRecord`.
#[derive(Debug, Default, JsonKeys)]
pub(crate) struct RecordSettings {
    /// The seed of the dice the game goes on with.
    pub(crate) seed: Option<crate::dice::Seed>,
}

/// The plain settings of `new Match(...)` (see `MatchOptions`).
#[derive(Debug, Default, JsonKeys)]
pub(crate) struct MatchSettings {
    pub(crate) game: GameKind,
    pub(crate) length: Option<u32>,
    pub(crate) cube: bool,
    pub(crate) first: Option<Player>,
    pub(crate) seed: Option<Seed>,
    pub(crate) jokerball: Option<JokerballGameOptions>,
    pub(crate) zola: Option<ZolaGameOptions>,
}

/// The plain settings of `new Bot(...)` (see `BotOptions`).
#[derive(Debug, Default, JsonKeys)]
#[serde(rename_all = "camelCase")]
pub(crate) struct BotSettings {
    pub(crate) level: Level,
    pub(crate) seed: Option<Seed>,
    pub(crate) time_ms: Option<f64>,
}

/// The plain settings of `bot.rollout(...)` (see `RolloutSettings`), checked by the core's
/// `Rollout::new`.
#[derive(Debug, Default, JsonKeys)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RolloutFields {
    pub(crate) trials: Option<u32>,
    pub(crate) truncate: Option<u32>,
    pub(crate) player: Option<Level>,
    pub(crate) candidates: Option<Vec<String>>,
    pub(crate) cube: Option<bool>,
    pub(crate) variance_reduction: Option<bool>,
    pub(crate) seed: Option<Seed>,
}

/// A part of a rollout (`bot.rolloutPart`, see `RolloutPart`): trials `[from, to)` of `trials`, the
/// entries' names and one tally per entry, its three integers in hexadecimal (the sums are `i128`,
/// beyond a JavaScript number).
#[derive(Debug, Default, PartialEq, JsonKeys)]
pub(crate) struct RolloutPartData {
    pub(crate) from: u32,
    pub(crate) to: u32,
    pub(crate) trials: u32,
    pub(crate) moves: Vec<String>,
    pub(crate) tallies: Vec<String>,
}

/// The plain settings of `simulate(...)` (see `SimulateOptions`).
#[derive(Debug, Default, JsonKeys)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SimSettings {
    pub(crate) game: GameKind,
    pub(crate) games: Option<u32>,
    pub(crate) seed: Option<Seed>,
    pub(crate) jokerball: Option<JokerballGameOptions>,
    pub(crate) zola: Option<ZolaGameOptions>,
    pub(crate) first: Option<Player>,
    pub(crate) max_turns: Option<u32>,
    pub(crate) players: Option<SimPlayers>,
    pub(crate) alternate: Option<bool>,
    pub(crate) opening: Option<u32>,
}

/// Reads a bot level name.
impl FromTree for Level {
    fn from_tree(tree: &Tree) -> Result<Self, String> {
        let name = String::from_tree(tree)?;
        Level::from_name(&name).ok_or_else(|| {
            crate::notation::cat(&["'", &name, "' is not 'easy', 'medium' or 'hard'"])
        })
    }
}

/// The JSON key of a core type's field, from the type's [`JsonKeys`] table: a `&'static str` constant
/// (a field the type lacks stops the build).
macro_rules! key {
    ($core:ty, $field:ident) => {{
        const KEY: &str =
            crate::keys::field(<$core as crate::keys::JsonKeys>::KEYS, stringify!($field)).key;
        KEY
    }};
}

/// The keys of the named fields of a core type, in the order named: a `&'static [&'static str]`.
macro_rules! keys {
    ($core:ty, $($field:ident),*) => {{
        const KEYS: &[&str] = &[$(key!($core, $field)),*];
        KEYS
    }};
}

/// Whether a core type's field is left out of its written object: never, unless the type's serde
/// attributes skip it (`skip_serializing_if`) and its predicate says so.
macro_rules! omitted {
    ($value:expr, $core:ty, $field:ident) => {{
        const INDEX: usize =
            crate::keys::index(<$core as crate::keys::JsonKeys>::KEYS, stringify!($field));
        const OMISSIBLE: bool =
            crate::keys::field(<$core as crate::keys::JsonKeys>::KEYS, stringify!($field))
                .omissible;
        OMISSIBLE && crate::keys::JsonKeys::omitted($value, INDEX)
    }};
}

/// Checks at compile time that a declaration names every field of its core type, in order (a state
/// is read and written whole, in serde's order).
macro_rules! every_field {
    ($name:ident, $core:ty, $($field:ident),*) => {
        const _: () = assert!(
            crate::keys::all_fields(
                <$core as crate::keys::JsonKeys>::KEYS,
                &[$(stringify!($field)),*]
            ),
            concat!("plain!: ", stringify!($name), " must name every field of its type, in order")
        );
    };
}

/// Text joined at compile time from constant parts (string literals and constants such as [`key!`]'s):
/// a `&'static str` constant.
macro_rules! text {
    ($($part:expr),* $(,)?) => {{
        const PARTS: &[&str] = &[$($part),*];
        const BYTES: [u8; text::len(PARTS)] = text::join(PARTS);
        const TEXT: &str = text::utf8(&BYTES);
        TEXT
    }};
}

/// The compile-time text functions of [`text!`].
mod text {
    /// The total length of `parts`.
    pub(super) const fn len(mut parts: &[&str]) -> usize {
        let mut len = 0;
        while let [part, rest @ ..] = parts {
            len += part.len();
            parts = rest;
        }
        len
    }

    /// `parts` joined into `N` bytes, `N` being their total length.
    #[allow(
        clippy::indexing_slicing,
        reason = "compile time: N = len(parts), so at < N while bytes remain"
    )]
    pub(super) const fn join<const N: usize>(mut parts: &[&str]) -> [u8; N] {
        let mut out = [0u8; N];
        let mut at = 0;
        while let [part, rest @ ..] = parts {
            let mut bytes = part.as_bytes();
            while let [byte, more @ ..] = bytes {
                out[at] = *byte;
                at += 1;
                bytes = more;
            }
            parts = rest;
        }
        out
    }

    /// Bytes joined from whole strings, as a string.
    #[allow(
        clippy::panic,
        reason = "compile time: strings joined whole are UTF-8; were they not, the build stops"
    )]
    pub(super) const fn utf8(bytes: &[u8]) -> &str {
        match std::str::from_utf8(bytes) {
            Ok(text) => text,
            Err(_) => panic!("text!: not UTF-8"),
        }
    }
}

/// The interface text of a declaration (only the wasm build keeps custom sections): each field's key
/// from the core type, its mark (`?` or nothing) and its TypeScript type.
#[cfg_attr(not(target_arch = "wasm32"), allow(unused_macros))]
macro_rules! ts_interface {
    ($doc:literal, $name:ident, $($key:expr, $opt:expr => $ts:literal),*) => {
        text!("/**\n * ", $doc, "\n */\nexport interface ", stringify!($name), " {\n",
            $("  ", $key, $opt, ": ", $ts, ";\n",)* "}\n")
    };
}

/// The mark of a key in an options interface: `?` unless the field is `required`.
#[cfg_attr(not(target_arch = "wasm32"), allow(unused_macros))]
macro_rules! optional {
    () => {
        "?"
    };
    (required) => {
        ""
    };
}

/// The mark of a key of a state or output interface: `?` for a key serde leaves out when empty.
#[cfg_attr(not(target_arch = "wasm32"), allow(unused_macros))]
macro_rules! omissible {
    ($core:ty, $field:ident) => {{
        const MARK: &str =
            if crate::keys::field(<$core as crate::keys::JsonKeys>::KEYS, stringify!($field))
                .omissible
            {
                "?"
            } else {
                ""
            };
        MARK
    }};
}

macro_rules! plain {
    () => {};
    ($doc:literal options $name:ident($core:ty) reads $reader:ident { $($field:ident $($req:ident)? => $ts:literal),* $(,)? } $($rest:tt)*) => {
        /// Reads the options of every shape of this core type: `keys` are the shape's own (any other
        /// key is refused, so the fields outside it keep their defaults).
        fn $reader(tree: &Tree, keys: &[&str]) -> Result<$core, String> {
            let fields = tree.object(keys)?;
            let mut value = <$core>::default();
            $(if let Some(v) = fields.field::<Option<_>>(key!($core, $field))? {
                value.$field = v;
            })*
            Ok(value)
        }
        plain!($doc options $name($core) via $reader { $($field $($req)? => $ts),* } $($rest)*);
    };
    ($doc:literal options $name:ident($core:ty) via $reader:ident { $($field:ident $($req:ident)? => $ts:literal),* $(,)? } $($rest:tt)*) => {
        #[doc = $doc]
        #[derive(Debug, Default)]
        pub(crate) struct $name(pub(crate) $core);
        impl FromTree for $name {
            fn from_tree(tree: &Tree) -> Result<Self, String> {
                $reader(tree, keys!($core, $($field),*)).map($name)
            }
        }
        const _: () = {
            #[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
            const TS: &str = ts_interface!($doc, $name, $(key!($core, $field), optional!($($req)?) => $ts),*);
        };
        plain!($($rest)*);
    };
    ($doc:literal options $name:ident($core:ty) { $($field:ident $($req:ident)? => $ts:literal),* $(,)? } $($rest:tt)*) => {
        #[doc = $doc]
        #[derive(Debug, Default)]
        pub(crate) struct $name(pub(crate) $core);
        impl FromTree for $name {
            fn from_tree(tree: &Tree) -> Result<Self, String> {
                let fields = tree.object(keys!($core, $($field),*))?;
                let mut value = <$core>::default();
                $(if let Some(v) = fields.field::<Option<_>>(key!($core, $field))? {
                    value.$field = v;
                })*
                Ok($name(value))
            }
        }
        const _: () = {
            #[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
            const TS: &str = ts_interface!($doc, $name, $(key!($core, $field), optional!($($req)?) => $ts),*);
        };
        plain!($($rest)*);
    };
    ($doc:literal state $name:ident = $core:ty { $($field:ident => $ts:literal),* $(,)? } $($rest:tt)*) => {
        impl FromTree for $core {
            fn from_tree(tree: &Tree) -> Result<Self, String> {
                let fields = tree.object(keys!($core, $($field),*))?;
                Ok(Self { $($field: fields.field(key!($core, $field))?),* })
            }
        }
        plain!($doc out $name = $core { $($field => $ts),* } $($rest)*);
    };
    ($doc:literal out $name:ident = $core:ty { $($field:ident => $ts:literal),* $(,)? } $($rest:tt)*) => {
        every_field!($name, $core, $($field),*);
        impl ToJs for $core {
            fn write(&self, out: &mut String) {
                let mut first = true;
                $(
                    if !omitted!(self, $core, $field) {
                        super::out::key(out, key!($core, $field), first);
                        first = false;
                        ToJs::write(&self.$field, out);
                    }
                )*
                if first {
                    out.push('{');
                }
                out.push('}');
            }
        }
        const _: () = {
            #[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
            const TS: &str = ts_interface!($doc, $name, $(key!($core, $field), omissible!($core, $field) => $ts),*);
        };
        plain!($($rest)*);
    };
    ($doc:literal named $name:ident = $core:ty => $ts:literal; $($rest:tt)*) => {
        impl FromTree for $core {
            fn from_tree(tree: &Tree) -> Result<Self, String> {
                super::tree::named(tree)
            }
        }
        plain!($doc out named $name = $core => $ts; $($rest)*);
    };
    ($doc:literal out named $name:ident = $core:ty => $ts:literal; $($rest:tt)*) => {
        impl ToJs for $core {
            fn write(&self, out: &mut String) {
                super::out::write_str(out, self.name());
            }
        }
        const _: () = {
            #[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
            const TS: &str = concat!("/**\n * ", $doc, "\n */\nexport type ", stringify!($name), " = ", $ts, ";\n");
        };
        plain!($($rest)*);
    };
}

/// `toJSON`'s options without the dice generator, `{"rng":false}` (the bot's snapshot of a game).
pub(crate) const WITHOUT_RNG: &str = text!("{\"", key!(ToJson, rng), "\":false}");

/// The key of a verbose move's notation, which a move argument may be an object of (`arg_move`).
pub(crate) const NOTATION_KEY: &str = key!(MoveInfo, notation);

/// The key that says which game a JSON state is of: `game`, the same in a Jokerball, Zola and match
/// state (each type declares it; the agreement tests below read all three).
pub(crate) const GAME_KEY: &str = key!(jokerball::GameState, game);

/// A seed: an integer `0..=2^32-1` or a string of at most 4096 characters.
impl FromTree for Seed {
    fn from_tree(tree: &Tree) -> Result<Self, String> {
        match tree {
            Tree::Num(n) if n.fract() == 0.0 && *n >= 0.0 && *n <= f64::from(u32::MAX) => {
                Ok(Seed::Number(*n as u32))
            }
            Tree::Str(s) if !crate::notation::too_long(s) => Ok(Seed::Text(s.clone())),
            Tree::Str(_) => Err(crate::notation::cat(&[
                "a seed string is longer than ",
                crate::notation::MAX_INPUT_LEN_TEXT,
                " characters",
            ])),
            _ => Err("expected an integer 0..2^32-1 or a string".into()),
        }
    }
}

/// Record tags: a plain object of strings, each tag checked as `Tags::set` checks it; absent means none.
impl FromTree for Tags {
    fn from_tree(tree: &Tree) -> Result<Self, String> {
        let Tree::Obj(fields) = tree else {
            return Err(super::tree::expected("an object of tags", tree));
        };
        let mut tags = Tags::new();
        for (name, value) in fields {
            let Tree::Str(value) = value else {
                return Err(crate::notation::cat(&[
                    "the tag ",
                    name,
                    " must be a string",
                ]));
            };
            tags.add_new(name, value).map_err(|e| message_of(&e))?;
        }
        Ok(tags)
    }
    fn absent() -> Option<Self> {
        Some(Tags::new())
    }
}

impl ToJs for Tags {
    fn write(&self, out: &mut String) {
        let mut first = true;
        for (name, value) in self.iter() {
            super::out::key(out, name, first);
            first = false;
            super::out::write_str(out, value);
        }
        if first {
            out.push('{');
        }
        out.push('}');
    }
}

/// An annotation: its place, its mark and its comment, each optional key absent or `null` for none;
/// checked as [`Annotation::check`] checks it.
impl FromTree for Annotation {
    fn from_tree(tree: &Tree) -> Result<Self, String> {
        let f = tree.object(keys!(Annotation, game, line, mark, comment))?;
        let a = Annotation {
            game: f.field(key!(Annotation, game))?,
            line: f.field(key!(Annotation, line))?,
            mark: f
                .field::<Option<String>>(key!(Annotation, mark))?
                .unwrap_or_default(),
            comment: f.field(key!(Annotation, comment))?,
        };
        a.check().map_err(|e| message_of(&e))?;
        Ok(a)
    }
}

/// Annotations: an array of them, at most one per line; absent means none.
impl FromTree for Annotations {
    fn from_tree(tree: &Tree) -> Result<Self, String> {
        Annotations::from_list(Vec::from_tree(tree)?).map_err(|e| message_of(&e))
    }
    fn absent() -> Option<Self> {
        Some(Annotations::new())
    }
}

impl ToJs for Annotations {
    fn write(&self, out: &mut String) {
        self.as_slice().write(out);
    }
}

/// The key of the record tags in a lone game's JSON state, the same as in a match's.
const TAGS_KEY: &str = key!(AnySaved, tags);

/// The key of the annotations in a game's JSON state (both games declare it).
const ANNOTATIONS_KEY: &str = key!(jokerball::GameState, annotations);

/// A lone game's JSON state as `fromJSON` reads it: the game's own state and the record tags that the
/// class keeps beside the game (the games know no tags). `tags` is read wherever it stands (0.2 wrote
/// it before `annotations`); absent, there are none.
pub(crate) struct LoneState<S> {
    /// The game's own state.
    pub(crate) state: S,
    /// The record tags.
    pub(crate) tags: Tags,
}

impl<S: FromTree> FromTree for LoneState<S> {
    fn from_tree(tree: &Tree) -> Result<Self, String> {
        match tree {
            Tree::Obj(fields) if fields.iter().any(|(k, _)| k == TAGS_KEY) => {
                let (tagged, rest): (Vec<_>, Vec<_>) =
                    fields.iter().cloned().partition(|(k, _)| k == TAGS_KEY);
                let state = S::from_tree(&Tree::Obj(rest))?;
                let tags = Tree::Obj(tagged).object(&[TAGS_KEY])?.field(TAGS_KEY)?;
                Ok(LoneState { state, tags })
            }
            _ => Ok(LoneState {
                state: S::from_tree(tree)?,
                tags: Tags::new(),
            }),
        }
    }
}

/// A game's own JSON state, whose annotations a lone game's state writes after its tags.
pub(crate) trait Annotated: ToJs {
    /// Takes the annotations out of the state (leaving none).
    fn take_annotations(&mut self) -> Annotations;
}

impl Annotated for jokerball::GameState {
    fn take_annotations(&mut self) -> Annotations {
        std::mem::take(&mut self.annotations)
    }
}

impl Annotated for zola::GameState {
    fn take_annotations(&mut self) -> Annotations {
        std::mem::take(&mut self.annotations)
    }
}

/// A lone game's JSON state as `toJSON` writes it: the game's own state with the record tags that the
/// class keeps beside the game, each key where 0.2 wrote it (`tags` before `annotations`, both left
/// out when empty), so a state is the same text as before the tags left the games.
pub(crate) fn lone_state<S: Annotated>(state: S, tags: &Tags) -> wasm_bindgen::JsValue {
    js_sys::JSON::parse(&lone_state_text(state, tags)).unwrap_or(wasm_bindgen::JsValue::NULL)
}

/// The JSON text of [`lone_state`].
fn lone_state_text<S: Annotated>(mut state: S, tags: &Tags) -> String {
    let notes = state.take_annotations();
    let mut out = String::new();
    state.write(&mut out);
    // The state's object goes on: its closing brace comes after the tags and annotations.
    out.pop();
    if !tags.is_empty() {
        super::out::key(&mut out, TAGS_KEY, false);
        tags.write(&mut out);
    }
    if !notes.is_empty() {
        super::out::key(&mut out, ANNOTATIONS_KEY, false);
        notes.write(&mut out);
    }
    out.push('}');
    out
}

#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const TAGS_TS: &str = r#"
/** The optional tags of a record (names, event, site, date and others): tag name to value. */
export type RecordTags = Record<string, string>;
/** The JSON state of a Jokerball game (`toJSON`/`fromJSON`): the game's own state and its record tags. */
export interface JokerballState extends JokerballGameState {
  tags?: RecordTags;
}
/** The JSON state of a Zola game (`toJSON`/`fromJSON`): the game's own state and its record tags;
 * `start` is null for a game from the setup. */
export interface ZolaState extends ZolaGameState {
  tags?: RecordTags;
}
/** The mark of a record line (docs/records.md). */
export type RecordMark = '??' | '?' | '?!' | '!?' | '!' | '!!';
"#;

impl ToJs for MoveInfo {
    fn write(&self, out: &mut String) {
        self.write_fields(out);
        out.push('}');
    }
}

/// A move's fields, written without the closing brace (so that `play` can add `skipped`).
trait MoveFields {
    fn write_fields(&self, out: &mut String);
}

impl MoveFields for MoveInfo {
    fn write_fields(&self, out: &mut String) {
        super::out::key(out, key!(MoveInfo, notation), true);
        self.notation.write(out);
        super::out::key(out, key!(MoveInfo, kind), false);
        super::out::write_str(out, self.kind.name());
        super::out::key(out, key!(MoveInfo, from), false);
        self.from.write(out);
        super::out::key(out, key!(MoveInfo, to), false);
        self.to.write(out);
        super::out::key(out, key!(MoveInfo, capture), false);
        self.capture.write(out);
        if !omitted!(self, MoveInfo, path) {
            super::out::key(out, key!(MoveInfo, path), false);
            self.path.write(out);
        }
        // `goal` is omissible (checked): left out when `None`, else its player written.
        const _: () = assert!(crate::keys::field(MoveInfo::KEYS, "goal").omissible);
        if let Some(goal) = self.goal {
            super::out::key(out, key!(MoveInfo, goal), false);
            goal.write(out);
        }
    }
}

/// The key of the phases passed at once after a move or a roll (`Played`, `Rolled`): the binding's
/// own, declared here once.
const SKIPPED: &str = "skipped";

/// A move just played and the phases passed at once after it (Jokerball's `play`).
pub(crate) struct Played<'a> {
    pub(crate) info: &'a MoveInfo,
    pub(crate) skipped: Vec<jokerball::Phase>,
}

impl ToJs for Played<'_> {
    fn write(&self, out: &mut String) {
        self.info.write_fields(out);
        super::out::key(out, SKIPPED, false);
        self.skipped.write(out);
        out.push('}');
    }
}

/// The dice just rolled or set, and the phases passed at once after them.
pub(crate) struct Rolled {
    pub(crate) dice: Dice,
    pub(crate) skipped: Vec<jokerball::Phase>,
}

impl ToJs for Rolled {
    fn write(&self, out: &mut String) {
        super::out::key(out, key!(Dice, distance), true);
        self.dice.distance.write(out);
        super::out::key(out, key!(Dice, direction), false);
        self.dice.direction.write(out);
        super::out::key(out, SKIPPED, false);
        self.skipped.write(out);
        out.push('}');
    }
}

/// A Jokerball cell's name and axial coordinates.
#[derive(JsonKeys)]
pub(crate) struct HexCell {
    pub(crate) name: String,
    pub(crate) q: i8,
    pub(crate) r: i8,
}

impl ToJs for i8 {
    fn write(&self, out: &mut String) {
        if *self < 0 {
            out.push('-');
        }
        u32::from(self.unsigned_abs()).write(out);
    }
}

/// The cells of a Jokerball board and the home-row cells beside each goal.
#[derive(JsonKeys)]
pub(crate) struct JokerballGeometry {
    pub(crate) cells: Vec<HexCell>,
    pub(crate) goals: Goals,
}

/// The home-row cells beside each player's goal.
#[derive(JsonKeys)]
pub(crate) struct Goals {
    pub(crate) red: Vec<String>,
    pub(crate) blue: Vec<String>,
}

/// A Zola square's name, file and rank.
#[derive(JsonKeys)]
pub(crate) struct SquareCell {
    pub(crate) name: String,
    pub(crate) x: u8,
    pub(crate) y: u8,
}

/// The squares of a Zola board.
#[derive(JsonKeys)]
pub(crate) struct ZolaGeometry {
    pub(crate) cells: Vec<SquareCell>,
}

#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const MOVE_TS: &str = text!(
    "
/** A legal move described: what moves (`kind`), from which cell to which cell (`to` may be 'off'), and
 * whether it captures. For Zola's `swap`, `from` and `to` are null. */
export interface MoveInfo<Kind extends string, Cell extends string | null> {
  ",
    key!(MoveInfo, notation),
    ": string;\n  ",
    key!(MoveInfo, kind),
    ": Kind;\n  ",
    key!(MoveInfo, from),
    ": Cell;\n  ",
    key!(MoveInfo, to),
    ": Cell;\n  ",
    key!(MoveInfo, capture),
    ": boolean;
}
/** A Jokerball move in verbose form: `to` is a cell name or 'off'; `path` the cells it crosses, its
 * destination last; `goal` (only when it leaves the board) the goal it goes through, named by the
 * player who defends it. */
export type JokerballMove = MoveInfo<'man' | 'ball', string> & { ",
    key!(MoveInfo, path),
    ": string[]; ",
    key!(MoveInfo, goal),
    "?: Player };
/** The dice just rolled or set, with the phases passed at once after them for want of a legal move. */
export type Rolled = Dice & { ",
    SKIPPED,
    ": ('man' | 'ball')[] };
/** A Jokerball move just played, with the phases passed at once after it for want of a legal move. */
export type JokerballPlayed = JokerballMove & { ",
    SKIPPED,
    ": ('man' | 'ball')[] };
/** A Zola move in verbose form. */
export type ZolaMove = MoveInfo<'move' | 'swap', string | null>;
"
);

/// A piece on a board: its cell and owner.
#[derive(JsonKeys)]
pub(crate) struct Piece {
    pub(crate) cell: String,
    pub(crate) player: Player,
}

/// The pieces on a Jokerball board.
#[derive(JsonKeys)]
pub(crate) struct JokerballBoard {
    pub(crate) men: Vec<Piece>,
    pub(crate) ball: Option<String>,
}

/// Each player's chance of winning the game and, for a match, the match (`bot.evaluate`).
#[derive(JsonKeys)]
pub(crate) struct EvaluationOut {
    pub(crate) red: f64,
    pub(crate) blue: f64,
    #[serde(rename = "match", skip_serializing_if = "Option::is_none")]
    pub(crate) matches: Option<ByPlayer<f64>>,
}

/// The plain settings of a time control (`timeControl`, `clockStart`), checked by `TimeControl::new`.
#[derive(Debug, Default, JsonKeys)]
#[serde(rename_all = "camelCase")]
pub(crate) struct TimeControlSettings {
    pub(crate) delay_ms: Option<u64>,
    pub(crate) reserve_ms: Option<u64>,
    pub(crate) increment_ms: Option<u64>,
}

/// What a record is of (`recordType`): its game, and whether it is a match's.
#[derive(JsonKeys)]
pub(crate) struct RecordType {
    pub(crate) game: GameKind,
    #[serde(rename = "match")]
    pub(crate) is_match: bool,
}

/// The checkers on a Zola board.
#[derive(JsonKeys)]
pub(crate) struct ZolaBoard {
    pub(crate) checkers: Vec<Piece>,
}

plain! {
    "One of the two players (a colour)."
    named Player = Player => "'red' | 'blue'";
    "Jokerball's rule sets: `'2025'` (the default) and `'classic'` (December 2024); see docs/rules.md."
    named JokerballRules = jokerball::RuleSet => "'classic' | '2025'";
    "The phases of a Jokerball game: the dice awaited, the man move, the ball move, the game over."
    named JokerballPhase = jokerball::Phase => "'roll' | 'man' | 'ball' | 'over'";
    "The phases of a Zola game."
    named ZolaPhase = zola::Phase => "'move' | 'over'";
    "How a game ended: a goal, the last capture, a drop or a resignation (a match), the loser's time run out or the game abandoned (a forfeit)."
    named GameEnd = GameEnd => "'goal' | 'captured-all' | 'drop' | 'resign' | 'time' | 'abandoned'";
    "Why a game or match was lost off the board: the loser's time ran out, or the loser abandoned it."
    named ForfeitReason = crate::engine::ForfeitReason => "'time' | 'abandoned'";
    "The phases of a match."
    named MatchPhase = crate::matchplay::MatchPhase => "'playing' | 'double' | 'game-over' | 'match-over'";
    "Which game: Jokerball or Zola."
    named GameKind = GameKind => "'jokerball' | 'zola'";
    "What the player to act must do: roll, move a man, move the ball (Jokerball), move (Zola), answer a double, start the next game (a match)."
    named Awaits = crate::matchplay::Awaits => "'roll' | 'man' | 'ball' | 'move' | 'answer' | 'next'";

    "The direction of the ball's line for the dice rolled, for the player to move."
    out named HexDirection = crate::hex::HexDirection => "'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw'";
    "What a line of a game's log is: a record (turn, move, `swap` or pass), a cube action, a resignation, the result."
    out named LineKind = crate::matchplay::LineKind => "'record' | 'double' | 'take' | 'drop' | 'resign' | 'result'";
    "How the current game ended: the winner, and how (a goal or the last capture; in a match also a drop or resignation)."
    out GameWon = crate::matchplay::GameWon { winner => "Player", how => "GameEnd" }
    "The last move made: who made it and the cells its moves left and reached, in order, each once ('off' left out; empty for a pass, a wholly passed turn or `swap`)."
    out LastMove = crate::engine::LastMove { player => "Player", cells => "string[]" }
    "Jokerball's ball line for the dice rolled: the direction the green die gives the player to move, and whether the ball cannot move along it as the board stands."
    out BallLine = crate::engine::BallLine { direction => "HexDirection", blocked => "boolean" }
    "One line of the current game's log: what it is, who made it (the winner of a result), the number of the game's records played once it is reached, and its text as a record writes it, without its number."
    out LogEntry = crate::matchplay::LogEntry { kind => "LineKind", player => "Player", step => "number", text => "string" }
    "A game or the current game of a match as a user interface draws it (`view()`): the board's kind and side, who acts, whether the turn is at its start, the result, the last move, the ball's line (Jokerball with the dice rolled, the game on), the dice of the last completed turn with the ball's line for them at its end (Jokerball) and the log."
    out View = crate::matchplay::View {
        game => "GameKind",
        size => "4 | 6 | 8 | 10",
        to_act => "ToAct | null",
        at_turn_start => "boolean",
        result => "GameWon | null",
        last_move => "LastMove | null",
        ball => "BallLine | null",
        last_dice => "Dice | null",
        last_ball => "BallLine | null",
        log => "LogEntry[]",
    }

    "A piece on the board: its cell and owner."
    out BoardPiece = Piece { cell => "string", player => "Player" }
    "A cell of a Jokerball board: its name and axial coordinates (`r` grows downwards)."
    out HexCell = HexCell { name => "string", q => "number", r => "number" }
    "The cells of a Jokerball board, and the home-row cells beside the goal each player defends."
    out JokerballGeometry = JokerballGeometry { cells => "HexCell[]", goals => "Goals" }
    "The home-row cells beside the goal each player defends."
    out Goals = Goals { red => "string[]", blue => "string[]" }
    "A square of a Zola board: its name, file `x` and rank `y`, from 0."
    out SquareCell = SquareCell { name => "string", x => "number", y => "number" }
    "The squares of a Zola board."
    out ZolaGeometry = ZolaGeometry { cells => "SquareCell[]" }
    "The pieces on a Jokerball board: men in position-string order, and the ball's cell."
    out JokerballBoard = JokerballBoard { men => "BoardPiece[]", ball => "string | null" }
    "The checkers on a Zola board, in position-string order."
    out ZolaBoard = ZolaBoard { checkers => "BoardPiece[]" }
    "Each player's chance of winning (they sum to 1)."
    out Chances = ByPlayer<f64> { red => "number", blue => "number" }
    "Each player's chance of winning the current game (sum 1; a finished game gives 1 and 0) and, for a Match, the match (through the match equity table)."
    out Evaluation = EvaluationOut { red => "number", blue => "number", matches => "Chances" }
    "A choice of `bot.hint`: a Jokerball turn as `legalTurns()` writes it or a Zola move, the mover's chance of winning the game after it, and the cells it names of the part still to play (in Jokerball's phase 'ball' the ball move's only), each once, 'off' left out."
    out Hint = crate::bot::Choice { choice => "string", win => "number", cells => "string[]" }
    "One entry of `bot.rollout`: the candidate turn (as `legalTurns()` writes it), the cube decision ('no-double', 'double-take', 'double-drop') or '' for the position before its roll; `win` the mean over the trials of the chance of the player to act (of the game, or in a Match of the match), `se` its standard error, `low`/`high` the 95% interval (win -/+ 1.96 se)."
    out RolloutEntry = crate::bot::RolloutEntry { choice => "string", win => "number", se => "number", low => "number", high => "number" }
    "The result of `bot.rollout`: the trials played and the entries, best first."
    out RolloutResult = crate::bot::RolloutResult { trials => "number", entries => "RolloutEntry[]" }
    "A part of a rollout (`bot.rolloutPart`), to be joined by `bot.joinRollout` and not read otherwise: trials `from` to `to` (not included) of the `trials` asked for, the entries' names in the rollout's own order, and each entry's exact sums as hexadecimal text. Plain JSON: it can be posted to and from a worker or stored."
    state RolloutPart = RolloutPartData { from => "number", to => "number", trials => "number", moves => "string[]", tallies => "string[]" }
    "A player's totals in a review (docs/api.md): luck; chance lost by errors in moves (`error`) and cube decisions (`cubeError`) and the decisions counted in each (`moves`: moves with a choice; `cubes`); `errorRate` = all errors / all decisions; `rating` (PR) = 500 x errorRate; `wins` (games won) and `adjusted` = wins - luck + the opponent's luck."
    out ReviewTotals = crate::bot::Totals { luck => "number", error => "number", moves => "number", cube_error => "number", cubes => "number", error_rate => "number", rating => "number", wins => "number", adjusted => "number" }
    "Each player's totals over one game of a review."
    out GameTotals = ByPlayer<crate::bot::Totals> { red => "ReviewTotals", blue => "ReviewTotals" }
    "A cube decision's three actions in a review, in chances of winning the match of the player on roll (the doubler): not doubling (with the value of the centred cube when a double would be taken, as the review counts it), double and take, double and drop."
    out CubeChances = crate::bot::CubeChances { no_double => "number", double_take => "number", double_drop => "number" }
    "One entry of a review: a completed Jokerball turn or Zola move (passes included), or in a match a cube decision (`record` 'double', 'no-double', 'take' or 'drop', before the record numbered `index`; chances of winning the match). `bestCells` the cells the best choice names, as `Hint.cells` gives them; `error` is `bestWin - win`; `luck` (Jokerball moves only) how much the dice thrown helped the mover; `cube` (cube decisions only) the three actions in the doubler's chances of winning the match (docs/api.md)."
    out ReviewEntry = crate::bot::Entry { game => "number", index => "number", player => "Player", record => "string", win => "number", best => "string", best_cells => "string[]", best_win => "number", error => "number", luck => "number | null", cube => "CubeChances | null", mark => "'??' | '?' | '?!' | ''" }
    "The review of a game or match by the bot: an entry per move and cube decision, each player's totals over every game reviewed, and each game's."
    out Review = crate::bot::Review { turns => "ReviewEntry[]", red => "ReviewTotals", blue => "ReviewTotals", games => "GameTotals[]" }

    "A time control of online play, in milliseconds: the free `delayMs` of every turn (0..600000), each player's `reserveMs` (1000..86400000; a match's is for the whole match) and the `incrementMs` added after each of a player's turns (0..600000, default 0)."
    options TimeControlOptions(TimeControlSettings) {
        delay_ms required => "number",
        reserve_ms required => "number",
        increment_ms => "number",
    }
    "A time control checked and completed (`timeControl`)."
    out TimeControl = crate::clock::TimeControl { delay_ms => "number", reserve_ms => "number", increment_ms => "number" }
    "A player's reserve in a clock, in milliseconds (for the running player: at `since`)."
    state ClockReserve = crate::clock::Reserve { reserve_ms => "number" }
    "A game clock (`G.clock` of online play): the free delay per turn, the increment, each player's reserve, whose time runs (`null`: nobody's) and the server's timestamp `since` at which it began to run."
    state Clock = crate::clock::Clock {
        delay_ms => "number",
        increment_ms => "number",
        red => "ClockReserve",
        blue => "ClockReserve",
        running => "Player | null",
        since => "number",
    }
    "What a player has left at an instant: the reserve and the free delay of the current turn (0 for the player not running)."
    out PlayerLeft = crate::clock::Left { reserve_ms => "number", delay_ms => "number" }
    "A time that ran out (`clockFlag`): the player who lost on time and the clock stopped at the deadline, that player's reserve spent."
    out ClockFlag = crate::clock::Flag { player => "Player", clock => "Clock" }
    "What each player has left at an instant (`clockLeft`)."
    out ClockLeft = ByPlayer<crate::clock::Left> { red => "PlayerLeft", blue => "PlayerLeft" }

    "A player's rating and experience (the sum of the lengths of the player's rated matches, in points) before a match."
    state PlayerRating = crate::rating::PlayerRating { rating => "number", experience => "number" }
    "A finished match to rate (`ratingChange`): the winner and the loser before it, and its length in points (a lone game: 1)."
    state RatedMatch = crate::rating::RatedMatch { winner => "PlayerRating", loser => "PlayerRating", length => "number" }
    "A player after a rated match: the new rating and experience, and the change of rating (a gain for the winner, a loss, below 0, for the loser)."
    out RatingAfter = crate::rating::RatingAfter { rating => "number", experience => "number", change => "number" }
    "Both players after a rated match (`ratingChange`), and `chance`, the winner's chance of winning it as the ratings before it saw it."
    out RatingChange = crate::rating::RatingChange { winner => "RatingAfter", loser => "RatingAfter", chance => "number" }

    "Options of `new Jokerball(...)`. With `position`, the size comes from the string (a different `size` is a parse_error) and `rows` and `first` are ignored."
    options JokerballOptions(jokerball::Setup) reads read_jokerball_setup {
        rules => "JokerballRules",
        size => "4 | 6",
        rows => "number",
        first => "Player",
        position => "string",
        seed => "number | string",
    }
    "Options of `Jokerball.replay(...)`: those of the constructor without `position`."
    options JokerballReplayOptions(jokerball::Setup) via read_jokerball_setup {
        rules => "JokerballRules",
        size => "4 | 6",
        rows => "number",
        first => "Player",
        seed => "number | string",
    }
    "The Jokerball options of a match or a simulation (the match or run gives `first` and `seed`)."
    options JokerballGameOptions(jokerball::Setup) via read_jokerball_setup {
        rules => "JokerballRules",
        size => "4 | 6",
        rows => "number",
    }
    "Options of `new Zola(...)`. With `position`, the size comes from the string and `first` is ignored."
    options ZolaOptions(zola::Setup) reads read_zola_setup {
        size => "6 | 8 | 10",
        pie => "boolean",
        first => "Player",
        position => "string",
    }
    "Options of `Zola.replay(...)`: those of the constructor without `position`."
    options ZolaReplayOptions(zola::Setup) via read_zola_setup {
        size => "6 | 8 | 10",
        pie => "boolean",
        first => "Player",
    }
    "The Zola options of a match or a simulation (`pie: true` is refused by a match: an `invalid_option`)."
    options ZolaGameOptions(zola::Setup) via read_zola_setup {
        size => "6 | 8 | 10",
        pie => "boolean",
    }

    "Options of `new Match(...)`: `length` (1..21) is required. Zola's pie rule is not available in a match."
    options MatchOptions(MatchSettings) {
        game => "GameKind",
        length required => "number",
        cube => "boolean",
        first => "Player",
        seed => "number | string",
        jokerball => "JokerballGameOptions",
        zola => "ZolaGameOptions",
    }
    "Options of `new Bot(...)`. `timeMs` caps each decision's wall-clock time (giving up the same choice on any machine)."
    options BotOptions(BotSettings) {
        level => "BotLevel",
        seed => "number | string",
        time_ms => "number",
    }
    "The settings of `bot.rollout(...)` (docs/api.md): `trials` 1..1e6 (default 1296); `truncate` the turns of both players played before the evaluation stands in (default 0: to the end); `player` who plays both sides ('easy', the default, or 'medium'); `candidates` (phase 'man') the turns to roll out as `legalTurns()` writes them (default the best 3 of `hint`); `cube` (a Match where the player to act may double, or a double pending): the cube decisions; `varianceReduction` (default true); `seed` (default 0)."
    options RolloutSettings(RolloutFields) {
        trials => "number",
        truncate => "number",
        player => "'easy' | 'medium'",
        candidates => "string[]",
        cube => "boolean",
        variance_reduction => "boolean",
        seed => "number | string",
    }
    "Options of `simulate(...)`: `games` 1..1e7 (even with `alternate`: the players exchange colours every other game, each pair sharing its dice); `maxTurns` (default 10000) ends a game as unfinished; `opening` (Zola): the first moves of a game with a bot are random, the same for both games of a pair."
    options SimulateOptions(SimSettings) {
        game => "GameKind",
        games required => "number",
        seed => "number | string",
        jokerball => "JokerballGameOptions",
        zola => "ZolaGameOptions",
        first => "Player",
        max_turns => "number",
        players => "SimPlayers",
        alternate => "boolean",
        opening => "number",
    }
    "Who plays each side in `simulate`."
    options SimPlayers(ByPlayer<crate::sim::SimPlayer>) {
        red => "SimPlayerName",
        blue => "SimPlayerName",
    }
    "Options of `toJSON`: `rng: false` leaves the dice generator out."
    options ToJsonOptions(ToJson) { rng => "boolean" }

    "The two dice of a Jokerball turn."
    state Dice = Dice { distance => "number", direction => "number" }
    "The saved state of the dice generator."
    state JokerballRngState = RngState { key => "string", word => "number" }
    "The half-played turn of a Jokerball state: its dice and the man move played ('-': skipped)."
    state JokerballTurnState = jokerball::TurnState { dice => "Dice", man => "string | null" }
    "A Jokerball game's own JSON state, without record tags (a match's current game; a lone game's `JokerballState` adds its tags)."
    state JokerballGameState = jokerball::GameState {
        format => "1",
        game => "'jokerball'",
        rules => "JokerballRules",
        size => "4 | 6",
        start => "string",
        history => "string[]",
        turn => "JokerballTurnState | null",
        phase => "JokerballPhase",
        position => "string",
        winner => "Player | null",
        forfeit => "Forfeit",
        rng => "JokerballRngState | null",
        annotations => "RecordAnnotation[]",
    }
    "A Zola game's own JSON state, without record tags (a match's current game; a lone game's `ZolaState` adds its tags); `start` is null for a game from the setup."
    state ZolaGameState = zola::GameState {
        format => "1",
        game => "'zola'",
        size => "6 | 8 | 10",
        pie => "boolean",
        first => "Player",
        start => "string | null",
        history => "string[]",
        position => "string",
        turn => "Player",
        phase => "ZolaPhase",
        swapped => "boolean",
        winner => "Player | null",
        forfeit => "Forfeit",
        annotations => "RecordAnnotation[]",
    }
    "An annotation of a record line (docs/records.md): `game` its game's number (1 for a lone game), `line` the line's index from 0 in that game's log (`view().log`, `games[i].log`: records, cube actions, resignation), `mark` one of '??', '?', '?!', '!?', '!', '!!' (left out: none), `comment` the text between the braces (left out: none)."
    out RecordAnnotation = Annotation {
        game => "number",
        line => "number",
        mark => "RecordMark",
        comment => "string",
    }
    "A game or match ended off the board (`forfeit`): the winner, and why the other player lost."
    state Forfeit = crate::engine::Forfeit { winner => "Player", how => "ForfeitReason" }
    "A value for each player."
    state Score = ByPlayer<u32> { red => "number", blue => "number" }
    "The doubling cube: its value and owner (`null`: centred)."
    state Cube = Cube { value => "number", owner => "Player | null" }
    "A finished game of the match."
    state GameResult = GameResult {
        winner => "Player",
        points => "number",
        cube => "number",
        how => "GameEnd",
    }
    "The match bookkeeping inside a match's JSON state."
    state MatchStateData = MatchStateData {
        length => "number",
        first => "Player",
        cube => "Cube | null",
        score => "Score",
        game_number => "number",
        pending_double => "Player | null",
        crawford => "boolean",
        post_crawford => "boolean",
        results => "GameResult[]",
        forfeit => "Forfeit",
    }
    "What a player did outside the moves of a game of a match."
    named ActionKind = ActionKind => "'double' | 'take' | 'drop' | 'resign'";
    "A cube action or resignation: who, what, and after how many of the game's completed records."
    state MatchAction = MatchAction {
        at => "number",
        player => "Player",
        kind => "ActionKind",
    }
    "A finished game of a match as it was played (`history` null: unknown, before a restore from format 1)."
    state PastGame = PastGame {
        crawford => "boolean",
        history => "string[] | null",
        actions => "MatchAction[]",
    }
    "Every game of a match as it was played: the finished ones, and the current game's cube actions; `known` is the first game whose play is wholly known (1 unless restored from format 1)."
    state MatchLog = MatchLog {
        known => "number",
        past => "PastGame[]",
        actions => "MatchAction[]",
    }
    "What a record is of (`recordType(text)`): its game (the `Game` tag) and whether it is a match's (a `Length` tag), that is which class's `fromRecord` reads it."
    out RecordType = RecordType {
        game => "GameKind",
        is_match => "boolean",
    }
    "One game of a match (`Match.games`): `lines` are its body lines as a record writes them, without the record numbers; `log` the same lines typed, with who made each (as `view().log` gives the current game's); `history` is null for a game before a restore from format 1."
    out MatchGame = MatchGame {
        number => "number",
        first => "Player",
        crawford => "boolean",
        history => "string[] | null",
        lines => "string[]",
        result => "GameResult | null",
        log => "LogEntry[]",
    }
    "The JSON state of a Jokerball match: its bookkeeping, its current game, every game as played (format 2) and its record tags."
    out JokerballMatchState = SavedMatch<jokerball::GameState> {
        format => "1 | 2",
        game => "'match'",
        variant => "'jokerball'",
        state => "MatchStateData",
        current => "JokerballGameState",
        log => "MatchLog",
        tags => "RecordTags",
        annotations => "RecordAnnotation[]",
    }
    "The JSON state of a Zola match: its bookkeeping, its current game, every game as played (format 2) and its record tags."
    out ZolaMatchState = SavedMatch<zola::GameState> {
        format => "1 | 2",
        game => "'match'",
        variant => "'zola'",
        state => "MatchStateData",
        current => "ZolaGameState",
        log => "MatchLog",
        tags => "RecordTags",
        annotations => "RecordAnnotation[]",
    }
    "Options of `fromRecord`: the seed of the dice the game goes on with (without it, only `setDice`)."
    options RecordOptions(RecordSettings) { seed => "number | string" }
}

/// The saved match of either game, read by one reader: only `current` is read by the game's own
/// reader, between the shared fields (in the order the shapes `JokerballMatchState` and
/// `ZolaMatchState` declare them, so that the first wrong field is the one named), so the package
/// carries the shared part once instead of once per game.
impl<S: FromTree> FromTree for SavedMatch<S> {
    fn from_tree(tree: &Tree) -> Result<Self, String> {
        let (fields, (format, game, variant, state)) = saved_head(tree)?;
        let current = fields.field(key!(AnySaved, current))?;
        let (log, tags, annotations) = saved_tail(&fields)?;
        Ok(SavedMatch {
            format,
            game,
            variant,
            state,
            current,
            log,
            tags,
            annotations,
        })
    }
}

/// A saved match of either game: its keys are those of both (`SavedMatch`'s, whatever its game).
type AnySaved = SavedMatch<zola::GameState>;

/// The fields of a saved match before `current`: format, game, variant, match.
type SavedHead = (u32, String, GameKind, MatchStateData);

/// The fields of a saved match before `current`.
#[inline(never)]
fn saved_head(tree: &Tree) -> Result<(super::tree::Fields<'_>, SavedHead), String> {
    let f = tree.object(keys!(
        AnySaved,
        format,
        game,
        variant,
        state,
        current,
        log,
        tags,
        annotations
    ))?;
    let head = (
        f.field(key!(AnySaved, format))?,
        f.field(key!(AnySaved, game))?,
        f.field(key!(AnySaved, variant))?,
        f.field(key!(AnySaved, state))?,
    );
    Ok((f, head))
}

/// The fields of a saved match after `current`.
#[inline(never)]
fn saved_tail(
    f: &super::tree::Fields<'_>,
) -> Result<(Option<MatchLog>, Tags, Annotations), String> {
    Ok((
        f.field(key!(AnySaved, log))?,
        f.field(key!(AnySaved, tags))?,
        f.field(key!(AnySaved, annotations))?,
    ))
}

/// Who acts: written with its two keys (its TypeScript type is the union below).
impl ToJs for ToAct {
    fn write(&self, out: &mut String) {
        super::out::key(out, key!(ToAct, player), true);
        self.player.write(out);
        super::out::key(out, key!(ToAct, awaits), false);
        self.awaits.write(out);
        out.push('}');
    }
}

#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const TO_ACT_TS: &str = text!(
    "
/** Who acts now and what is awaited (`toAct`); `player` is null only for 'next' (either player may
 * start the next game of a match). */
export type ToAct =
  | { ",
    key!(ToAct, player),
    ": Player; ",
    key!(ToAct, awaits),
    ": 'roll' | 'man' | 'ball' | 'move' | 'answer' }
  | { ",
    key!(ToAct, player),
    ": null; ",
    key!(ToAct, awaits),
    ": 'next' };
"
);

#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const MATCH_STATE_TS: &str = r#"
/** The JSON state of a match (`toJSON`/`fromJSON`): format 2 holds every game (`log`); format 1, still
 * read, has neither `log` nor `tags`. */
export type MatchState = JokerballMatchState | ZolaMatchState;
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;
    use crate::matchplay::{Match, MatchSetup};

    /// A `Tree` from serde_json's value, as `Tree::from_js` would make it from the JavaScript value.
    fn tree(v: &serde_json::Value) -> Tree {
        match v {
            serde_json::Value::Null => Tree::Null,
            serde_json::Value::Bool(b) => Tree::Bool(*b),
            serde_json::Value::Number(n) => Tree::Num(n.as_f64().unwrap_or(f64::NAN)),
            serde_json::Value::String(s) => Tree::Str(s.clone()),
            serde_json::Value::Array(a) => Tree::Arr(a.iter().map(tree).collect()),
            serde_json::Value::Object(o) => {
                Tree::Obj(o.iter().map(|(k, v)| (k.clone(), tree(v))).collect())
            }
        }
    }

    /// The writer gives serde's JSON (keys in the same order), and the reader reads it back to the
    /// same value.
    fn agrees<T>(value: &T)
    where
        T: ToJs + FromTree + serde::Serialize + PartialEq + std::fmt::Debug,
    {
        let serde = agrees_out(value);
        assert_eq!(&T::from_tree(&tree(&serde)).unwrap(), value, "reader");
    }

    /// The writer of an output-only shape gives serde's JSON, keys in the same order.
    fn agrees_out<T: ToJs + serde::Serialize>(value: &T) -> serde_json::Value {
        let mut text = String::new();
        value.write(&mut text);
        let written: serde_json::Value = serde_json::from_str(&text).unwrap();
        let serde = serde_json::to_value(value).unwrap();
        assert_eq!(written, serde, "writer and serde disagree");
        assert_eq!(text, serde_json::to_string(value).unwrap(), "key order");
        serde
    }

    #[test]
    fn every_state_type_agrees_with_serde() {
        let mut g = jokerball::Game::new(&jokerball::Setup {
            seed: Some(Seed::Number(3)),
            ..Default::default()
        })
        .unwrap();
        // Three turns, the last one left after its man move (a half-played turn in the state).
        for turn in 0..3 {
            g.roll().unwrap();
            while let Some(&m) = g.legal_moves().first() {
                if turn == 2 && g.phase() == jokerball::Phase::Ball {
                    break;
                }
                g.play_move(m).unwrap();
            }
        }
        agrees(&g.to_state(true));
        agrees(&g.to_state(false));
        if let Some(d) = g.dice() {
            agrees(&d);
        }
        let mut z = zola::Game::new(&zola::Setup {
            pie: true,
            ..Default::default()
        })
        .unwrap();
        let m = z.legal_moves()[0];
        z.play_move(m).unwrap();
        agrees(&z.to_state(false));
        for p in Player::ALL {
            agrees(&p);
        }
        agrees(&jokerball::RuleSet::Classic);
        agrees(&jokerball::Phase::Ball);
        agrees(&zola::Phase::Over);
        agrees(&GameKind::Zola);
        for how in [
            GameEnd::Goal,
            GameEnd::CapturedAll,
            GameEnd::Drop,
            GameEnd::Resign,
        ] {
            agrees(&how);
        }
        let mut m = Match::<zola::Game>::new(&MatchSetup {
            length: 5,
            cube: true,
            game: zola::Setup::default(),
        })
        .unwrap();
        m.double().unwrap();
        m.take().unwrap();
        m.resign(Player::Red).unwrap();
        let saved = m.to_saved(true);
        agrees(&saved.state);
        agrees(&saved);
        // Format 2 with every game and tags; the games' view; format 1 still read.
        m.next_game().unwrap();
        let mv = m.game().legal_moves()[0];
        m.act(|g| g.play_move(mv)).unwrap();
        m.double().unwrap();
        let mut tags = Tags::new();
        tags.set("Red", "Ana \"A\"").unwrap();
        tags.set("Opening", "x").unwrap();
        m.set_tags(tags.clone());
        let saved = m.to_saved(false);
        assert_eq!(saved.format, 2);
        agrees(&saved);
        let log = m.log();
        agrees(log);
        agrees(&log.past[0]);
        agrees(&log.actions[0]);
        agrees(&tags);
        agrees(&ActionKind::Drop);
        for g in m.games() {
            agrees_out(&g);
        }
        let old = SavedMatch {
            format: 1,
            log: None,
            tags: Tags::new(),
            ..saved.clone()
        };
        agrees(&old);
        let mut jm = Match::<jokerball::Game>::new(&MatchSetup {
            length: 3,
            cube: false,
            game: jokerball::Setup {
                seed: Some(Seed::Number(1)),
                ..Default::default()
            },
        })
        .unwrap();
        jm.roll().unwrap();
        agrees(&jm.to_saved(true));
        // The views (a game at the man move with the ball's line, a match with a pending double).
        agrees_out(&crate::matchplay::view_of(&g));
        agrees_out(&crate::matchplay::view_of(&z));
        agrees_out(&m.view());
        agrees_out(&jm.view());
        agrees(&ByPlayer::new(1u32, 4));
        agrees(&Cube {
            value: 2,
            owner: Some(Player::Blue),
        });
        agrees(&GameResult {
            winner: Player::Red,
            points: 2,
            cube: 2,
            how: GameEnd::Drop,
        });
    }

    /// A lone game's state as 0.2 wrote it (tags and annotations in the game's state): read into the
    /// game and the tags kept beside it, written back to the same text.
    fn lone_state_round_trip<G: Engine>(saved: &str, tags: &[(&str, &str)])
    where
        G::State: FromTree + Annotated,
    {
        let value: serde_json::Value = serde_json::from_str(saved).unwrap();
        let read = LoneState::<G::State>::from_tree(&tree(&value)).unwrap();
        let mut want = Tags::new();
        for (name, value) in tags {
            want.set(name, value).unwrap();
        }
        assert_eq!(read.tags, want);
        let game = G::from_state(&read.state).unwrap();
        assert_eq!(lone_state_text(game.to_state(true), &read.tags), saved);
        // Without tags, the key is left out; a wrong tag is refused.
        let bare = lone_state_text(game.to_state(true), &Tags::new());
        assert!(!bare.contains("\"tags\""));
        let mut wrong = value.clone();
        wrong["tags"] = serde_json::json!({ "Result": "red" });
        assert!(LoneState::<G::State>::from_tree(&tree(&wrong)).is_err());
    }

    #[test]
    fn a_lone_games_state_keeps_the_text_that_0_2_wrote() {
        lone_state_round_trip::<zola::Game>(
            r#"{"format":1,"game":"zola","size":6,"pie":false,"first":"red","start":null,"history":["a1xa2"],"position":"brbrbr/rbrbrb/brbrbr/rbrbrb/rrbrbr/1brbrb b","turn":"blue","phase":"move","swapped":false,"winner":null,"tags":{"Red":"Ana \"A\"","Opening":"x"},"annotations":[{"game":1,"line":0,"mark":"!","comment":"first"}]}"#,
            &[("Red", "Ana \"A\""), ("Opening", "x")],
        );
        lone_state_round_trip::<jokerball::Game>(
            r#"{"format":1,"game":"jokerball","rules":"2025","size":6,"start":"bbbbbb/bbbbbbb/8/9/10/5o5/10/9/8/rrrrrrr/rrrrrr r","history":["1/3 b1-c1 f6>g6"],"turn":null,"phase":"roll","position":"bbbbbb/bbbbbbb/8/9/4o5/11/10/9/r7/1rrrrrr/rrrrrr b","winner":null,"rng":{"key":"bec56b0d2022839fbcbc8a08336d816b9d284602baf9b462023ee3aebe3a579d","word":0},"tags":{"Event":"E"},"annotations":[{"game":1,"line":0,"mark":"?"}]}"#,
            &[("Event", "E")],
        );
    }

    #[test]
    fn the_rating_shapes_are_read_and_written_with_serdes_keys() {
        use crate::rating::{PlayerRating, RatedMatch};
        let m = RatedMatch {
            winner: PlayerRating::START,
            loser: PlayerRating {
                rating: 1500.0,
                experience: 250,
            },
            length: 1,
        };
        let json = serde_json::to_value(m).unwrap();
        assert_eq!(RatedMatch::from_tree(&tree(&json)).unwrap(), m);
        let mut unknown = json.clone();
        unknown["winner"]["k"] = serde_json::json!(5);
        assert!(RatedMatch::from_tree(&tree(&unknown)).is_err());
        // Written with nine decimals (the same values as serde's, keys in its order).
        let r = m.rate().unwrap();
        let mut text = String::new();
        r.write(&mut text);
        assert_eq!(
            text,
            r#"{"winner":{"rating":1510.000000000,"experience":1,"change":10.000000000},"loser":{"rating":1495.000000000,"experience":251,"change":-5.000000000},"chance":0.500000000}"#
        );
        let written: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(written, serde_json::to_value(r).unwrap());
    }

    #[test]
    fn options_read_onto_the_defaults() {
        let t = tree(&serde_json::json!({ "size": 4, "seed": "x", "rules": null }));
        let o = JokerballOptions::from_tree(&t).unwrap().0;
        assert_eq!(
            o,
            jokerball::Setup {
                size: Some(4),
                seed: Some(Seed::Text("x".into())),
                ..Default::default()
            }
        );
        let t = tree(&serde_json::json!({ "position": "x" }));
        assert!(JokerballReplayOptions::from_tree(&t).is_err());
        // The options keys are the setup's serde names.
        let t = tree(&serde_json::to_value(zola::Setup::default()).unwrap());
        assert_eq!(
            ZolaOptions::from_tree(&t).unwrap().0,
            zola::Setup::default()
        );
    }
}
