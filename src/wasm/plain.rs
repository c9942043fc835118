//! The plain data that crosses the boundary, each shape declared once: one [`plain!`] entry gives its
//! JSON keys and TypeScript types, and yields the reader ([`FromTree`](super::tree::FromTree)), the
//! writer ([`ToJs`](super::out::ToJs)) and the TypeScript interface (a custom section of the .d.ts).
//!
//! - `options Name(CoreType) { field: "key" => "ts type", .. }`: an options object read onto
//!   `CoreType::default()` (absent or `null` keys keep the default; unknown keys are refused); the
//!   interface has every key optional. One core setup can have several shapes (a constructor's options,
//!   `replay`'s without `position`, a match's game options): the widest is declared `reads reader`,
//!   which makes one reader for all of them, and each narrower one `via reader` with its own keys (in
//!   the same order), so the package carries one reader per core type.
//! - `state Name = CoreType { .. }`: a JSON state part, read (every key required but `null`able ones)
//!   and written with exactly these keys; a key marked `optional` (`tags: "tags" optional => ..`) is
//!   left out when empty and may be absent.
//! - `out Name = CoreType { .. }`: a value only written (verbose moves, boards).
//! - `named Name = CoreType => "ts union"`: a string-valued enum (serde names in, `.name()` out).
//!
//! Native tests at the bottom check that every writer agrees with the core type's serde form.

use super::out::ToJs;
use super::tree::{FromTree, Tree};
use crate::bot::Level;
use crate::dice::{Dice, RngState, Seed};
use crate::engine::{GameKind, MoveInfo};
use crate::matchplay::{
    ActionKind, Cube, GameEnd, GameResult, MatchAction, MatchGame, MatchLog, MatchStateData,
    PastGame, SavedMatch,
};
use crate::notation::Tags;
use crate::player::{ByPlayer, Player};
use crate::{jokerball, zola};

// The plain settings that options objects are read into.

/// The settings of `toJSON`.
#[derive(Debug)]
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
#[derive(Debug, Default)]
pub(crate) struct RecordSettings {
    /// The seed of the dice the game goes on with.
    pub(crate) seed: Option<crate::dice::Seed>,
}

/// The plain settings of `new Match(...)` (see `MatchOptions`).
#[derive(Debug, Default)]
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
#[derive(Debug, Default)]
pub(crate) struct BotSettings {
    pub(crate) level: Level,
    pub(crate) seed: Option<Seed>,
    pub(crate) time_ms: Option<f64>,
}

/// The plain settings of `simulate(...)` (see `SimulateOptions`).
#[derive(Debug, Default)]
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

/// The interface text of a declaration (only the wasm build keeps custom sections).
#[cfg_attr(not(target_arch = "wasm32"), allow(unused_macros))]
macro_rules! ts_interface {
    ($doc:literal, $name:ident, $($key:literal $opt:expr => $ts:literal),*) => {
        concat!("/**\n * ", $doc, "\n */\nexport interface ", stringify!($name), " {\n",
            $("  ", $key, $opt, ": ", $ts, ";\n",)* "}\n")
    };
}

/// The mark of an optional key in an options interface: `?` unless the field is `required`.
#[cfg_attr(not(target_arch = "wasm32"), allow(unused_macros))]
macro_rules! optional {
    () => {
        "?"
    };
    (required) => {
        ""
    };
}

/// The mark of a key of a state or output interface: `?` for a key left out when empty (`optional`).
#[cfg_attr(not(target_arch = "wasm32"), allow(unused_macros))]
macro_rules! omissible {
    () => {
        ""
    };
    (optional) => {
        "?"
    };
}

/// Whether a field is left out of the written object: never, unless it is marked `optional` and empty.
macro_rules! omitted {
    ($value:expr) => {
        false
    };
    ($value:expr, optional) => {
        super::out::Omit::omitted(&$value)
    };
}

macro_rules! plain {
    () => {};
    ($doc:literal options $name:ident($core:ty) reads $reader:ident { $($field:ident: $key:literal $($req:ident)? => $ts:literal),* $(,)? } $($rest:tt)*) => {
        /// Reads the options of every shape of this core type: `keys` are the shape's own (any other
        /// key is refused, so the fields outside it keep their defaults).
        fn $reader(tree: &Tree, keys: &[&str]) -> Result<$core, String> {
            let fields = tree.object(keys)?;
            let mut value = <$core>::default();
            $(if let Some(v) = fields.field::<Option<_>>($key)? {
                value.$field = v;
            })*
            Ok(value)
        }
        plain!($doc options $name($core) via $reader { $($field: $key $($req)? => $ts),* } $($rest)*);
    };
    ($doc:literal options $name:ident($core:ty) via $reader:ident { $($field:ident: $key:literal $($req:ident)? => $ts:literal),* $(,)? } $($rest:tt)*) => {
        #[doc = $doc]
        #[derive(Debug, Default)]
        pub(crate) struct $name(pub(crate) $core);
        impl FromTree for $name {
            fn from_tree(tree: &Tree) -> Result<Self, String> {
                $reader(tree, &[$($key),*]).map($name)
            }
        }
        const _: () = {
            #[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
            const TS: &str = ts_interface!($doc, $name, $($key optional!($($req)?) => $ts),*);
        };
        plain!($($rest)*);
    };
    ($doc:literal options $name:ident($core:ty) { $($field:ident: $key:literal $($req:ident)? => $ts:literal),* $(,)? } $($rest:tt)*) => {
        #[doc = $doc]
        #[derive(Debug, Default)]
        pub(crate) struct $name(pub(crate) $core);
        impl FromTree for $name {
            fn from_tree(tree: &Tree) -> Result<Self, String> {
                let fields = tree.object(&[$($key),*])?;
                let mut value = <$core>::default();
                $(if let Some(v) = fields.field::<Option<_>>($key)? {
                    value.$field = v;
                })*
                Ok($name(value))
            }
        }
        const _: () = {
            #[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
            const TS: &str = ts_interface!($doc, $name, $($key optional!($($req)?) => $ts),*);
        };
        plain!($($rest)*);
    };
    ($doc:literal state $name:ident = $core:ty { $($field:ident: $key:literal $($omit:ident)? => $ts:literal),* $(,)? } $($rest:tt)*) => {
        impl FromTree for $core {
            fn from_tree(tree: &Tree) -> Result<Self, String> {
                let fields = tree.object(&[$($key),*])?;
                Ok(Self { $($field: fields.field($key)?),* })
            }
        }
        plain!($doc out $name = $core { $($field: $key $($omit)? => $ts),* } $($rest)*);
    };
    ($doc:literal out $name:ident = $core:ty { $($field:ident: $key:literal $($omit:ident)? => $ts:literal),* $(,)? } $($rest:tt)*) => {
        impl ToJs for $core {
            fn write(&self, out: &mut String) {
                let mut first = true;
                $(
                    if !omitted!(self.$field $(, $omit)?) {
                        super::out::key(out, $key, first);
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
            const TS: &str = ts_interface!($doc, $name, $($key omissible!($($omit)?) => $ts),*);
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
            tags.add_new(name, value)?;
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

impl super::out::Omit for Tags {
    fn omitted(&self) -> bool {
        self.is_empty()
    }
}

#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const TAGS_TS: &str = r#"
/** The optional tags of a record (names, event, site, date and others): tag name to value. */
export type RecordTags = Record<string, string>;
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
        super::out::key(out, "notation", true);
        self.notation.write(out);
        super::out::key(out, "kind", false);
        super::out::write_str(out, self.kind.name());
        super::out::key(out, "from", false);
        self.from.write(out);
        super::out::key(out, "to", false);
        self.to.write(out);
        super::out::key(out, "capture", false);
        self.capture.write(out);
        if !self.path.is_empty() {
            super::out::key(out, "path", false);
            self.path.write(out);
        }
        if let Some(goal) = self.goal {
            super::out::key(out, "goal", false);
            goal.write(out);
        }
    }
}

/// A move just played and the phases passed at once after it (Jokerball's `play`).
pub(crate) struct Played<'a> {
    pub(crate) info: &'a MoveInfo,
    pub(crate) skipped: Vec<jokerball::Phase>,
}

impl ToJs for Played<'_> {
    fn write(&self, out: &mut String) {
        self.info.write_fields(out);
        super::out::key(out, "skipped", false);
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
        super::out::key(out, "distance", true);
        self.dice.distance.write(out);
        super::out::key(out, "direction", false);
        self.dice.direction.write(out);
        super::out::key(out, "skipped", false);
        self.skipped.write(out);
        out.push('}');
    }
}

/// A Jokerball cell's name and axial coordinates.
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
pub(crate) struct JokerballGeometry {
    pub(crate) cells: Vec<HexCell>,
    pub(crate) goals: Goals,
}

/// The home-row cells beside each player's goal.
pub(crate) struct Goals {
    pub(crate) red: Vec<String>,
    pub(crate) blue: Vec<String>,
}

/// A Zola square's name, file and rank.
pub(crate) struct SquareCell {
    pub(crate) name: String,
    pub(crate) x: u8,
    pub(crate) y: u8,
}

/// The squares of a Zola board.
pub(crate) struct ZolaGeometry {
    pub(crate) cells: Vec<SquareCell>,
}

#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const MOVE_TS: &str = r#"
/** A legal move described: what moves (`kind`), from which cell to which cell (`to` may be 'off'), and
 * whether it captures. For Zola's `swap`, `from` and `to` are null. */
export interface MoveInfo<Kind extends string, Cell extends string | null> {
  notation: string;
  kind: Kind;
  from: Cell;
  to: Cell;
  capture: boolean;
}
/** A Jokerball move in verbose form: `to` is a cell name or 'off'; `path` the cells it crosses, its
 * destination last; `goal` (only when it leaves the board) the goal it goes through, named by the
 * player who defends it. */
export type JokerballMove = MoveInfo<'man' | 'ball', string> & { path: string[]; goal?: Player };
/** The dice just rolled or set, with the phases passed at once after them for want of a legal move. */
export type Rolled = Dice & { skipped: ('man' | 'ball')[] };
/** A Jokerball move just played, with the phases passed at once after it for want of a legal move. */
export type JokerballPlayed = JokerballMove & { skipped: ('man' | 'ball')[] };
/** A Zola move in verbose form. */
export type ZolaMove = MoveInfo<'move' | 'swap', string | null>;
"#;

/// A piece on a board: its cell and owner.
pub(crate) struct Piece {
    pub(crate) cell: String,
    pub(crate) player: Player,
}

/// The pieces on a Jokerball board.
pub(crate) struct JokerballBoard {
    pub(crate) men: Vec<Piece>,
    pub(crate) ball: Option<String>,
}

/// Each player's chance of winning the game and, for a match, the match (`bot.evaluate`).
pub(crate) struct EvaluationOut {
    pub(crate) red: f64,
    pub(crate) blue: f64,
    pub(crate) matches: Option<ByPlayer<f64>>,
}

/// What a record is of (`recordType`): its game, and whether it is a match's.
pub(crate) struct RecordType {
    pub(crate) game: GameKind,
    pub(crate) is_match: bool,
}

/// The checkers on a Zola board.
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
    "How a game of a match ended."
    named GameEnd = GameEnd => "'goal' | 'captured-all' | 'drop' | 'resign'";
    "The phases of a match."
    named MatchPhase = crate::matchplay::MatchPhase => "'playing' | 'double' | 'game-over' | 'match-over'";
    "Which game: Jokerball or Zola."
    named GameKind = GameKind => "'jokerball' | 'zola'";
    "What the player to act must do: roll, move a man, move the ball (Jokerball), move (Zola), answer a double, start the next game (a match)."
    named Awaits = crate::engine::Awaits => "'roll' | 'man' | 'ball' | 'move' | 'answer' | 'next'";

    "The direction of the ball's line for the dice rolled, for the player to move."
    out named HexDirection = crate::hex::HexDirection => "'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw'";
    "What a line of a game's log is: a record (turn, move, `swap` or pass), a cube action, a resignation, the result."
    out named LineKind = crate::matchplay::LineKind => "'record' | 'double' | 'take' | 'drop' | 'resign' | 'result'";
    "How the current game ended: the winner, and how (a goal or the last capture; in a match also a drop or resignation)."
    out GameWon = crate::engine::GameWon { winner: "winner" => "Player", how: "how" => "GameEnd" }
    "The last move made: who made it and the cells its moves left and reached, in order, each once ('off' left out; empty for a pass, a wholly passed turn or `swap`)."
    out LastMove = crate::engine::LastMove { player: "player" => "Player", cells: "cells" => "string[]" }
    "Jokerball's ball line for the dice rolled: the direction the green die gives the player to move, and whether the ball cannot move along it as the board stands."
    out BallLine = crate::engine::BallLine { direction: "direction" => "HexDirection", blocked: "blocked" => "boolean" }
    "One line of the current game's log: what it is, who made it (the winner of a result), the number of the game's records played once it is reached, and its text as a record writes it, without its number."
    out LogEntry = crate::matchplay::LogEntry { kind: "kind" => "LineKind", player: "player" => "Player", step: "step" => "number", text: "text" => "string" }
    "A game or the current game of a match as a user interface draws it (`view()`): the board's kind and side, who acts, whether the turn is at its start, the result, the last move, the ball's line (Jokerball with the dice rolled, the game on) and the log."
    out View = crate::matchplay::View {
        game: "game" => "GameKind",
        size: "size" => "4 | 6 | 8 | 10",
        to_act: "toAct" => "ToAct | null",
        at_turn_start: "atTurnStart" => "boolean",
        result: "result" => "GameWon | null",
        last_move: "lastMove" => "LastMove | null",
        ball: "ball" => "BallLine | null",
        log: "log" => "LogEntry[]",
    }

    "A piece on the board: its cell and owner."
    out BoardPiece = Piece { cell: "cell" => "string", player: "player" => "Player" }
    "A cell of a Jokerball board: its name and axial coordinates (`r` grows downwards)."
    out HexCell = HexCell { name: "name" => "string", q: "q" => "number", r: "r" => "number" }
    "The cells of a Jokerball board, and the home-row cells beside the goal each player defends."
    out JokerballGeometry = JokerballGeometry { cells: "cells" => "HexCell[]", goals: "goals" => "Goals" }
    "The home-row cells beside the goal each player defends."
    out Goals = Goals { red: "red" => "string[]", blue: "blue" => "string[]" }
    "A square of a Zola board: its name, file `x` and rank `y`, from 0."
    out SquareCell = SquareCell { name: "name" => "string", x: "x" => "number", y: "y" => "number" }
    "The squares of a Zola board."
    out ZolaGeometry = ZolaGeometry { cells: "cells" => "SquareCell[]" }
    "The pieces on a Jokerball board: men in position-string order, and the ball's cell."
    out JokerballBoard = JokerballBoard { men: "men" => "BoardPiece[]", ball: "ball" => "string | null" }
    "The checkers on a Zola board, in position-string order."
    out ZolaBoard = ZolaBoard { checkers: "checkers" => "BoardPiece[]" }
    "Each player's chance of winning (they sum to 1)."
    out Chances = ByPlayer<f64> { red: "red" => "number", blue: "blue" => "number" }
    "Each player's chance of winning the current game (sum 1; a finished game gives 1 and 0) and, for a Match, the match (through the match equity table)."
    out Evaluation = EvaluationOut { red: "red" => "number", blue: "blue" => "number", matches: "match" optional => "Chances" }
    "A choice of `bot.hint`: a Jokerball turn as `legalTurns()` writes it or a Zola move, the mover's chance of winning the game after it, and the cells it names of the part still to play (in Jokerball's phase 'ball' the ball move's only), each once, 'off' left out."
    out Hint = crate::bot::Choice { choice: "move" => "string", win: "win" => "number", cells: "cells" => "string[]" }
    "A player's totals in a review (docs/api.md): luck; chance lost by errors in moves (`error`) and cube decisions (`cubeError`) and the decisions counted in each (`moves`: moves with a choice; `cubes`); `errorRate` = all errors / all decisions; `rating` (PR) = 500 x errorRate; `wins` (games won) and `adjusted` = wins - luck + the opponent's luck."
    out ReviewTotals = crate::bot::Totals { luck: "luck" => "number", error: "error" => "number", moves: "moves" => "number", cube_error: "cubeError" => "number", cubes: "cubes" => "number", error_rate: "errorRate" => "number", rating: "rating" => "number", wins: "wins" => "number", adjusted: "adjusted" => "number" }
    "Each player's totals over one game of a review."
    out GameTotals = ByPlayer<crate::bot::Totals> { red: "red" => "ReviewTotals", blue: "blue" => "ReviewTotals" }
    "One entry of a review: a completed Jokerball turn or Zola move (passes included), or in a match a cube decision (`record` 'double', 'no-double', 'take' or 'drop', before the record numbered `index`; chances of winning the match). `error` is `bestWin - win`; `luck` (Jokerball moves only) how much the dice thrown helped the mover (docs/api.md)."
    out ReviewEntry = crate::bot::Entry { game: "game" => "number", index: "index" => "number", player: "player" => "Player", record: "record" => "string", win: "win" => "number", best: "best" => "string", best_win: "bestWin" => "number", error: "error" => "number", luck: "luck" => "number | null", mark: "mark" => "'??' | '?' | '?!' | ''" }
    "The review of a game or match by the bot: an entry per move and cube decision, each player's totals over every game reviewed, and each game's."
    out Review = crate::bot::Review { turns: "turns" => "ReviewEntry[]", red: "red" => "ReviewTotals", blue: "blue" => "ReviewTotals", games: "games" => "GameTotals[]" }

    "Options of `new Jokerball(...)`. With `position`, the size comes from the string (a different `size` is a parse_error) and `rows` and `first` are ignored."
    options JokerballOptions(jokerball::Setup) reads read_jokerball_setup {
        rules: "rules" => "JokerballRules",
        size: "size" => "4 | 6",
        rows: "rows" => "number",
        first: "first" => "Player",
        position: "position" => "string",
        seed: "seed" => "number | string",
    }
    "Options of `Jokerball.replay(...)`: those of the constructor without `position`."
    options JokerballReplayOptions(jokerball::Setup) via read_jokerball_setup {
        rules: "rules" => "JokerballRules",
        size: "size" => "4 | 6",
        rows: "rows" => "number",
        first: "first" => "Player",
        seed: "seed" => "number | string",
    }
    "The Jokerball options of a match or a simulation (the match or run gives `first` and `seed`)."
    options JokerballGameOptions(jokerball::Setup) via read_jokerball_setup {
        rules: "rules" => "JokerballRules",
        size: "size" => "4 | 6",
        rows: "rows" => "number",
    }
    "Options of `new Zola(...)`. With `position`, the size comes from the string and `first` is ignored."
    options ZolaOptions(zola::Setup) reads read_zola_setup {
        size: "size" => "6 | 8 | 10",
        pie: "pie" => "boolean",
        first: "first" => "Player",
        position: "position" => "string",
    }
    "Options of `Zola.replay(...)`: those of the constructor without `position`."
    options ZolaReplayOptions(zola::Setup) via read_zola_setup {
        size: "size" => "6 | 8 | 10",
        pie: "pie" => "boolean",
        first: "first" => "Player",
    }
    "The Zola options of a match or a simulation (`pie: true` is refused by a match: an `invalid_option`)."
    options ZolaGameOptions(zola::Setup) via read_zola_setup {
        size: "size" => "6 | 8 | 10",
        pie: "pie" => "boolean",
    }

    "Options of `new Match(...)`: `length` (1..21) is required. Zola's pie rule is not available in a match."
    options MatchOptions(MatchSettings) {
        game: "game" => "GameKind",
        length: "length" required => "number",
        cube: "cube" => "boolean",
        first: "first" => "Player",
        seed: "seed" => "number | string",
        jokerball: "jokerball" => "JokerballGameOptions",
        zola: "zola" => "ZolaGameOptions",
    }
    "Options of `new Bot(...)`. `timeMs` caps each decision's wall-clock time (giving up the same choice on any machine)."
    options BotOptions(BotSettings) {
        level: "level" => "BotLevel",
        seed: "seed" => "number | string",
        time_ms: "timeMs" => "number",
    }
    "Options of `simulate(...)`: `games` 1..1e7 (even with `alternate`: the players exchange colours every other game, each pair sharing its dice); `maxTurns` (default 10000) ends a game as unfinished; `opening` (Zola): the first moves of a game with a bot are random, the same for both games of a pair."
    options SimulateOptions(SimSettings) {
        game: "game" => "GameKind",
        games: "games" required => "number",
        seed: "seed" => "number | string",
        jokerball: "jokerball" => "JokerballGameOptions",
        zola: "zola" => "ZolaGameOptions",
        first: "first" => "Player",
        max_turns: "maxTurns" => "number",
        players: "players" => "SimPlayers",
        alternate: "alternate" => "boolean",
        opening: "opening" => "number",
    }
    "Who plays each side in `simulate`."
    options SimPlayers(ByPlayer<crate::sim::SimPlayer>) {
        red: "red" => "SimPlayerName",
        blue: "blue" => "SimPlayerName",
    }
    "Options of `toJSON`: `rng: false` leaves the dice generator out."
    options ToJsonOptions(ToJson) { rng: "rng" => "boolean" }

    "The two dice of a Jokerball turn."
    state Dice = Dice { distance: "distance" => "number", direction: "direction" => "number" }
    "The saved state of the dice generator."
    state JokerballRngState = RngState { key: "key" => "string", word: "word" => "number" }
    "The half-played turn of a Jokerball state: its dice and the man move played ('-': skipped)."
    state JokerballTurnState = jokerball::TurnState { dice: "dice" => "Dice", man: "man" => "string | null" }
    "The JSON state of a Jokerball game (`toJSON`/`fromJSON`)."
    state JokerballState = jokerball::GameState {
        format: "format" => "1",
        game: "game" => "'jokerball'",
        rules: "rules" => "JokerballRules",
        size: "size" => "4 | 6",
        start: "start" => "string",
        history: "history" => "string[]",
        turn: "turn" => "JokerballTurnState | null",
        phase: "phase" => "JokerballPhase",
        position: "position" => "string",
        winner: "winner" => "Player | null",
        rng: "rng" => "JokerballRngState | null",
        tags: "tags" optional => "RecordTags",
    }
    "The JSON state of a Zola game (`toJSON`/`fromJSON`); `start` is null for a game from the setup."
    state ZolaState = zola::GameState {
        format: "format" => "1",
        game: "game" => "'zola'",
        size: "size" => "6 | 8 | 10",
        pie: "pie" => "boolean",
        first: "first" => "Player",
        start: "start" => "string | null",
        history: "history" => "string[]",
        position: "position" => "string",
        turn: "turn" => "Player",
        phase: "phase" => "ZolaPhase",
        swapped: "swapped" => "boolean",
        winner: "winner" => "Player | null",
        tags: "tags" optional => "RecordTags",
    }
    "A value for each player."
    state Score = ByPlayer<u32> { red: "red" => "number", blue: "blue" => "number" }
    "The doubling cube: its value and owner (`null`: centred)."
    state Cube = Cube { value: "value" => "number", owner: "owner" => "Player | null" }
    "A finished game of the match."
    state GameResult = GameResult {
        winner: "winner" => "Player",
        points: "points" => "number",
        cube: "cube" => "number",
        how: "how" => "GameEnd",
    }
    "The match bookkeeping inside a match's JSON state."
    state MatchStateData = MatchStateData {
        length: "length" => "number",
        first: "first" => "Player",
        cube: "cube" => "Cube | null",
        score: "score" => "Score",
        game_number: "gameNumber" => "number",
        pending_double: "pendingDouble" => "Player | null",
        crawford: "crawford" => "boolean",
        post_crawford: "postCrawford" => "boolean",
        results: "results" => "GameResult[]",
    }
    "What a player did outside the moves of a game of a match."
    named ActionKind = ActionKind => "'double' | 'take' | 'drop' | 'resign'";
    "A cube action or resignation: who, what, and after how many of the game's completed records."
    state MatchAction = MatchAction {
        at: "at" => "number",
        player: "player" => "Player",
        kind: "kind" => "ActionKind",
    }
    "A finished game of a match as it was played (`history` null: unknown, before a restore from format 1)."
    state PastGame = PastGame {
        crawford: "crawford" => "boolean",
        history: "history" => "string[] | null",
        actions: "actions" => "MatchAction[]",
    }
    "Every game of a match as it was played: the finished ones, and the current game's cube actions; `known` is the first game whose play is wholly known (1 unless restored from format 1)."
    state MatchLog = MatchLog {
        known: "known" => "number",
        past: "past" => "PastGame[]",
        actions: "actions" => "MatchAction[]",
    }
    "What a record is of (`recordType(text)`): its game (the `Game` tag) and whether it is a match's (a `Length` tag), that is which class's `fromRecord` reads it."
    out RecordType = RecordType {
        game: "game" => "GameKind",
        is_match: "match" => "boolean",
    }
    "One game of a match (`Match.games`): `lines` are its body lines as a record writes them, without the record numbers; `log` the same lines typed, with who made each (as `view().log` gives the current game's); `history` is null for a game before a restore from format 1."
    out MatchGame = MatchGame {
        number: "number" => "number",
        first: "first" => "Player",
        crawford: "crawford" => "boolean",
        history: "history" => "string[] | null",
        lines: "lines" => "string[]",
        result: "result" => "GameResult | null",
        log: "log" => "LogEntry[]",
    }
    "The JSON state of a Jokerball match: its bookkeeping, its current game, every game as played (format 2) and its record tags."
    out JokerballMatchState = SavedMatch<jokerball::GameState> {
        format: "format" => "1 | 2",
        game: "game" => "'match'",
        variant: "variant" => "'jokerball'",
        state: "match" => "MatchStateData",
        current: "current" => "JokerballState",
        log: "log" optional => "MatchLog",
        tags: "tags" optional => "RecordTags",
    }
    "The JSON state of a Zola match: its bookkeeping, its current game, every game as played (format 2) and its record tags."
    out ZolaMatchState = SavedMatch<zola::GameState> {
        format: "format" => "1 | 2",
        game: "game" => "'match'",
        variant: "variant" => "'zola'",
        state: "match" => "MatchStateData",
        current: "current" => "ZolaState",
        log: "log" optional => "MatchLog",
        tags: "tags" optional => "RecordTags",
    }
    "Options of `fromRecord`: the seed of the dice the game goes on with (without it, only `setDice`)."
    options RecordOptions(RecordSettings) { seed: "seed" => "number | string" }
}

/// The saved match of either game, read by one reader: only `current` is read by the game's own
/// reader, between the shared fields (in the order the shapes `JokerballMatchState` and
/// `ZolaMatchState` declare them, so that the first wrong field is the one named), so the package
/// carries the shared part once instead of once per game.
impl<S: FromTree> FromTree for SavedMatch<S> {
    fn from_tree(tree: &Tree) -> Result<Self, String> {
        let (fields, (format, game, variant, state)) = saved_head(tree)?;
        let current = fields.field("current")?;
        let (log, tags) = saved_tail(&fields)?;
        Ok(SavedMatch {
            format,
            game,
            variant,
            state,
            current,
            log,
            tags,
        })
    }
}

/// The keys of a saved match (those of `JokerballMatchState` and `ZolaMatchState`).
const SAVED_KEYS: [&str; 7] = [
    "format", "game", "variant", "match", "current", "log", "tags",
];

/// The fields of a saved match before `current`: format, game, variant, match.
type SavedHead = (u32, String, GameKind, MatchStateData);

/// The fields of a saved match before `current`.
#[inline(never)]
fn saved_head(tree: &Tree) -> Result<(super::tree::Fields<'_>, SavedHead), String> {
    let f = tree.object(&SAVED_KEYS)?;
    let head = (
        f.field("format")?,
        f.field("game")?,
        f.field("variant")?,
        f.field("match")?,
    );
    Ok((f, head))
}

/// The fields of a saved match after `current`.
#[inline(never)]
fn saved_tail(f: &super::tree::Fields<'_>) -> Result<(Option<MatchLog>, Tags), String> {
    Ok((f.field("log")?, f.field("tags")?))
}

/// Who acts: written with its two keys (its TypeScript type is the union below).
impl ToJs for crate::engine::ToAct {
    fn write(&self, out: &mut String) {
        super::out::key(out, "player", true);
        self.player.write(out);
        super::out::key(out, "awaits", false);
        self.awaits.write(out);
        out.push('}');
    }
}

#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const TO_ACT_TS: &str = r#"
/** Who acts now and what is awaited (`toAct`); `player` is null only for 'next' (either player may
 * start the next game of a match). */
export type ToAct =
  | { player: Player; awaits: 'roll' | 'man' | 'ball' | 'move' | 'answer' }
  | { player: null; awaits: 'next' };
/** `toAct` is `view().toAct`, a getter the package adds to the three classes in JavaScript. */
export interface Jokerball { /** Who acts now (docs/api.md, "Who acts"); throws `freed` after `free()`. */ readonly toAct: ToAct | null; }
export interface Zola { /** Who acts now (docs/api.md, "Who acts"); throws `freed` after `free()`. */ readonly toAct: ToAct | null; }
export interface Match { /** Who acts now (docs/api.md, "Who acts"); throws `freed` after `free()`. */ readonly toAct: ToAct | null; }
"#;

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
        let mut jg = g.clone();
        jg.set_tags(tags.clone());
        agrees(&jg.to_state(true));
        // The views (a game at the man move with the ball's line, a match with a pending double).
        agrees_out(&crate::matchplay::view_of(&g));
        agrees_out(&crate::matchplay::view_of(&z));
        agrees_out(&m.view());
        agrees_out(&jm.view());
        let mut zt = z.clone();
        zt.set_tags(tags);
        agrees(&zt.to_state(false));
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
