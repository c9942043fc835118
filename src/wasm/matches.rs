//! The `Match` class of the JavaScript API: a thin wrapper around [`crate::matchplay::Match`] of a
//! Jokerball or a Zola game. Its options are declared in [`super::plain`], the match rules and the
//! saved format are the core's.

use wasm_bindgen::prelude::*;

use super::args::{
    arg_annotations, arg_move, arg_player, arg_record, arg_tags, options, to_js, to_json_options,
};
use super::class::verbose_moves;
use super::jokerball::{set_dice_with, Jokerball};
use super::plain::{MatchOptions, RecordOptions};
use super::tree::Tree;
use super::zola::Zola;
use crate::engine::{Engine, GameKind};
use crate::error::{DiceError, OptionError, ParseError, PlayError, WrongPhase};
use crate::jokerball;
use crate::matchplay::{
    AnyMatchSetup, GameSetup, InMatch, Match as CoreMatch, MatchOptions as CoreOptions, MatchPhase,
    MatchState, SavedMatch,
};
use crate::record::Recorded;
use crate::zola;

/// A match of either game. (One per `Match` object: boxing the larger variant would gain nothing.)
#[derive(Clone)]
#[allow(clippy::large_enum_variant)]
pub(super) enum AnyMatch {
    Jokerball(CoreMatch<jokerball::Game>),
    Zola(CoreMatch<zola::Game>),
}

/// Runs the same code on either game's match (`m` is the `CoreMatch<G>` of the right `G`).
macro_rules! each {
    ($self:expr, $m:ident => $body:expr) => {
        match $self {
            AnyMatch::Jokerball($m) => $body,
            AnyMatch::Zola($m) => $body,
        }
    };
}

impl AnyMatch {
    pub(super) fn state(&self) -> &MatchState {
        each!(self, m => m.state())
    }
}

/// Plays a move through the match: the notation first, then the match's phase, then the game.
fn play_in<G: InMatch>(
    m: &mut CoreMatch<G>,
    text: &str,
    write: impl FnOnce(&mut G, &str) -> Result<JsValue, PlayError>,
) -> Result<JsValue, PlayError> {
    if let Err(PlayError::Parse(e)) = m.game().find_move(text) {
        return Err(PlayError::Parse(e));
    }
    m.act(|g| write(g, text))
}

/// A match of Jokerball or Zola to `length` points, with the doubling cube if asked, the Crawford rule
/// and resignation. Rules: docs/rules.md (Matches); reference: docs/api.md (Match).
#[wasm_bindgen]
pub struct Match {
    pub(super) inner: AnyMatch,
}

impl Match {
    fn build(opts: JsValue) -> Result<Match, JsValue> {
        if opts.is_undefined() || opts.is_null() {
            return Err(OptionError::new("Match options need at least `length`").into());
        }
        let o = options::<MatchOptions>(opts, "Match options")?.0;
        let game = GameSetup::choose(o.game, o.jokerball.map(|j| j.0), o.zola.map(|z| z.0))?;
        let setup = CoreOptions {
            length: o.length,
            cube: o.cube,
            first: o.first,
            seed: o.seed,
            game,
        }
        .setup()?;
        let inner = match setup {
            AnyMatchSetup::Jokerball(s) => AnyMatch::Jokerball(CoreMatch::new(&s)?),
            AnyMatchSetup::Zola(s) => AnyMatch::Zola(CoreMatch::new(&s)?),
        };
        Ok(Match { inner })
    }

    fn jokerball_only(&mut self) -> Result<&mut CoreMatch<jokerball::Game>, DiceError> {
        match &mut self.inner {
            AnyMatch::Jokerball(m) => Ok(m),
            AnyMatch::Zola(_) => Err(DiceError::WrongPhase(WrongPhase::NoDice)),
        }
    }
}

#[wasm_bindgen]
impl Match {
    /// A new match (see `MatchOptions`; `length` is required).
    /// @throws {SteereError} `invalid_option` for missing options or `length`, an unknown key, a wrong
    /// type or a value out of range, options of the other game, or Zola's pie rule.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "MatchOptions")] opts: JsValue,
    ) -> Result<Match, JsValue> {
        Match::build(opts)
    }

    /// The match length in points (1..21).
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> u32 {
        self.inner.state().length()
    }

    /// The score, `{ red, blue }` (not capped at the length).
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(getter, unchecked_return_type = "Score")]
    pub fn score(&self) -> JsValue {
        to_js(&self.inner.state().score())
    }

    /// The number of the current game, from 1.
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(getter, js_name = gameNumber)]
    pub fn game_number(&self) -> u32 {
        self.inner.state().game_number()
    }

    /// The cube's value and owner (`owner` null: centred); `null` in a match without the cube.
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(getter, unchecked_return_type = "Cube | null")]
    pub fn cube(&self) -> JsValue {
        to_js(&self.inner.state().cube())
    }

    /// The player whose double awaits an answer, else `null`.
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(getter, js_name = pendingDouble, unchecked_return_type = "Player | null")]
    pub fn pending_double(&self) -> JsValue {
        to_js(&self.inner.state().pending_double())
    }

    /// Whether the current game (the one started last) is the Crawford game.
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(getter)]
    pub fn crawford(&self) -> bool {
        self.inner.state().crawford()
    }

    /// The match's phase: `'playing'`, `'double'` (a double awaits its answer), `'game-over'` (call
    /// `nextGame()`) or `'match-over'`.
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(getter, unchecked_return_type = "MatchPhase")]
    pub fn phase(&self) -> String {
        self.inner.state().phase().name().to_string()
    }

    /// The match winner, `null` until the match is over.
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(getter, unchecked_return_type = "Player | null")]
    pub fn winner(&self) -> JsValue {
        to_js(&self.inner.state().winner())
    }

    /// The current game's side to move.
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(getter, unchecked_return_type = "Player")]
    pub fn turn(&self) -> String {
        each!(&self.inner, m => m.game().turn()).name().to_string()
    }

    /// A NEW detached copy of the current game at every read: it holds wasm memory until its `free()`
    /// (or until it is garbage-collected), and playing on it does not touch the match. To draw or follow a
    /// match, read `board()`, `dice`, `gamePhase`, `legalMoves()`, `position()` of the match instead.
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(getter, unchecked_return_type = "Jokerball | Zola")]
    pub fn game(&self) -> JsValue {
        match &self.inner {
            AnyMatch::Jokerball(m) => Jokerball::from_game(m.game().clone()).into(),
            AnyMatch::Zola(m) => Zola::from_game(m.game().clone()).into(),
        }
    }

    /// Every finished game of the match, in order: winner, points won, cube value, how it ended.
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(getter, unchecked_return_type = "GameResult[]")]
    pub fn results(&self) -> JsValue {
        to_js(self.inner.state().results())
    }

    /// Rolls the dice of the current Jokerball game; returns them as `Jokerball.roll` does.
    /// @throws {SteereError} `game_over` after the match; `wrong_phase` in a Zola match, while a double
    /// is pending, after the game's end (call `nextGame()`), outside the game's phase `'roll'`, or when
    /// restored without the dice generator; `freed` after `free()`.
    #[wasm_bindgen(unchecked_return_type = "Rolled")]
    pub fn roll(&mut self) -> Result<JsValue, JsValue> {
        let m = self.jokerball_only()?;
        let dice = m.roll()?;
        Ok(super::jokerball::rolled(m.game(), dice))
    }

    /// Sets the dice of the current Jokerball game; returns them as `roll` does.
    /// @throws {SteereError} `invalid_option` for a value that is not an integer or out of range;
    /// `game_over` after the match; `wrong_phase` as for `roll` (but a missing dice generator is no
    /// problem here); `freed` after `free()`.
    #[wasm_bindgen(js_name = setDice, unchecked_return_type = "Rolled")]
    pub fn set_dice(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] distance: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] direction: JsValue,
    ) -> Result<JsValue, JsValue> {
        set_dice_with(&distance, &direction, |d, r| {
            let m = self.jokerball_only()?;
            m.set_dice(d, r)?;
            Ok(m.game())
        })
    }

    /// The current game's board (`JokerballBoard` or `ZolaBoard`), read without copying the game.
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(unchecked_return_type = "JokerballBoard | ZolaBoard")]
    pub fn board(&self) -> JsValue {
        match &self.inner {
            AnyMatch::Jokerball(m) => super::jokerball::board_of(m.game()),
            AnyMatch::Zola(m) => super::zola::board_of(m.game()),
        }
    }

    /// The current Jokerball game's dice: `null` in its phases `'roll'` and `'over'`, and in Zola.
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(getter, unchecked_return_type = "Dice | null")]
    pub fn dice(&self) -> JsValue {
        match &self.inner {
            AnyMatch::Jokerball(m) => to_js(&m.game().dice()),
            AnyMatch::Zola(_) => JsValue::NULL,
        }
    }

    /// The current game's phase, read without copying the game: `'roll'`, `'man'`, `'ball'` (Jokerball),
    /// `'move'` (Zola) or `'over'`.
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(getter, js_name = gamePhase, unchecked_return_type = "JokerballPhase | ZolaPhase")]
    pub fn game_phase(&self) -> String {
        match &self.inner {
            AnyMatch::Jokerball(m) => m.game().phase().name().to_string(),
            AnyMatch::Zola(m) => m.game().phase().name().to_string(),
        }
    }

    /// Where the piece on `cell` of the current game can go now, as the game's `dests` says; empty while
    /// a double is pending and after the game.
    /// @throws {SteereError} `parse_error` when `cell` is not a string naming a cell of this board;
    /// `freed` after `free()`.
    pub fn dests(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] cell: JsValue,
    ) -> Result<Vec<String>, JsValue> {
        let name = super::args::arg_string(&cell, "cell")?;
        Ok(each!(&self.inner, m => {
            let dests = m.game().dests(&name)?;
            if m.phase() == MatchPhase::Playing { dests } else { Vec::new() }
        }))
    }

    /// The legal moves of the current game's phase, sorted; empty while a double is pending and after the
    /// game.
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        each!(&self.inner, m => if m.phase() == MatchPhase::Playing {
            m.game().legal_notations()
        } else {
            Vec::new()
        })
    }

    /// The legal moves described, in the order of `legalMoves()` (empty when it is).
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(
        js_name = legalMovesVerbose,
        unchecked_return_type = "JokerballMove[] | ZolaMove[]"
    )]
    pub fn legal_moves_verbose(&self) -> JsValue {
        each!(&self.inner, m => if m.phase() == MatchPhase::Playing {
            verbose_moves(m.game())
        } else {
            super::args::to_js::<[u8]>(&[])
        })
    }

    /// Whether a move is legal now in the current game (always `false` while a double is pending and
    /// after the game). Malformed input is simply `false`.
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string | { notation: string }")] mv: JsValue,
    ) -> bool {
        let Ok(text) = arg_move(&mv) else {
            return false;
        };
        each!(&self.inner, m => m.phase() == MatchPhase::Playing && m.game().is_legal(&text))
    }

    /// Plays a move in the current game and returns it described (as the game's `play` does); a game won
    /// on the board is scored at once.
    /// @throws {SteereError} `parse_error` for a move not in the notation; `game_over` after the match;
    /// `wrong_phase` while a double is pending, after the game's end, or in the wrong phase of the game;
    /// `illegal_move` for a well-formed move that is not legal now; `freed` after `free()`.
    #[wasm_bindgen(unchecked_return_type = "JokerballPlayed | ZolaMove")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | { notation: string }")] mv: JsValue,
    ) -> Result<JsValue, JsValue> {
        let text = arg_move(&mv)?;
        Ok(match &mut self.inner {
            AnyMatch::Jokerball(m) => play_in(m, &text, super::jokerball::played)?,
            AnyMatch::Zola(m) => play_in(m, &text, super::zola::played)?,
        })
    }

    /// The current game's position string.
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    pub fn position(&self) -> String {
        each!(&self.inner, m => m.game().position_string())
    }

    /// The current game's history.
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    pub fn history(&self) -> Vec<String> {
        each!(&self.inner, m => m.game().history())
    }

    /// Whether the side to move may double now: a cube in the match, centred or its own, at the start of
    /// its turn (before rolling or moving), no double pending, not the Crawford game, and the dead-cube
    /// rule allows it.
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(js_name = canDouble)]
    pub fn can_double(&self) -> bool {
        each!(&self.inner, m => m.can_double().is_ok())
    }

    /// The side to move doubles; the match's phase becomes `'double'` until `take`, `drop` or `resign`.
    /// @throws {SteereError} `cube_not_allowed` when `canDouble()` is false during play; `wrong_phase`
    /// while a double is pending or after the game's end; `game_over` after the match; `freed` after
    /// `free()`.
    pub fn double(&mut self) -> Result<(), JsValue> {
        Ok(each!(&mut self.inner, m => m.double())?)
    }

    /// The doubled player takes: the cube's value doubles and the taker owns it; play goes on.
    /// @throws {SteereError} `wrong_phase` when no double is pending; `game_over` after the match;
    /// `freed` after `free()`.
    pub fn take(&mut self) -> Result<(), JsValue> {
        Ok(each!(&mut self.inner, m => m.take())?)
    }

    /// The doubled player drops: the game ends and the doubler wins the cube's value before the double.
    /// @throws {SteereError} `wrong_phase` when no double is pending; `game_over` after the match;
    /// `freed` after `free()`.
    pub fn drop(&mut self) -> Result<(), JsValue> {
        each!(&mut self.inner, m => m.drop_double())?;
        Ok(())
    }

    /// `player` resigns the current game (also allowed while a double is pending): the opponent wins the
    /// cube's current value.
    /// @throws {SteereError} `invalid_option` when `player` is not `'red'` or `'blue'`; `wrong_phase`
    /// after the game's end; `game_over` after the match; `freed` after `free()`.
    pub fn resign(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Player")] player: JsValue,
    ) -> Result<(), JsValue> {
        let p = arg_player(&player, "resign's player")?;
        each!(&mut self.inner, m => m.resign(p))?;
        Ok(())
    }

    /// Ends the match at once, whatever the score: `player` lost on time (`'time'`) or abandoned it
    /// (`'abandoned'`), and the other player wins the match (phase `'match-over'`). Allowed in every
    /// phase but `'match-over'`: while a game is on (`view().result` is then `{ winner, how: reason }`),
    /// while a double is pending (it is left unanswered) and between games. The score is not changed
    /// and the current game is not scored (`results` unchanged); `forfeited` tells how the match ended.
    /// @throws {SteereError} `invalid_option` when `player` is not `'red'` or `'blue'` or `reason` not
    /// `'time'` or `'abandoned'`; `game_over` after the match (nothing changes); `freed` after
    /// `free()`.
    pub fn forfeit(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Player")] player: JsValue,
        #[wasm_bindgen(unchecked_param_type = "ForfeitReason")] reason: JsValue,
    ) -> Result<(), JsValue> {
        let (loser, reason) = super::args::arg_forfeit(&player, &reason)?;
        each!(&mut self.inner, m => m.forfeit(loser, reason))?;
        Ok(())
    }

    /// How the match ended off the board: `{ winner, how: 'time' | 'abandoned' }` after `forfeit`,
    /// else `null` (also for a match won on points).
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(getter, js_name = forfeited, unchecked_return_type = "Forfeit | null")]
    pub fn forfeited(&self) -> JsValue {
        to_js(&self.inner.state().forfeit())
    }

    /// Starts the next game (phase `'game-over'` only); the other player starts it.
    /// @throws {SteereError} `wrong_phase` while a game is on or after the match; `freed` after `free()`.
    #[wasm_bindgen(js_name = nextGame)]
    pub fn next_game(&mut self) -> Result<(), JsValue> {
        each!(&mut self.inner, m => m.next_game())?;
        Ok(())
    }

    /// The whole match state (the match and its current game) as a plain JSON-safe object;
    /// `{ rng: false }` leaves the dice generator out.
    /// @throws {SteereError} `invalid_option` for options that are not an object or have an unknown key;
    /// `freed` after `free()`.
    #[wasm_bindgen(js_name = toJSON, unchecked_return_type = "MatchState")]
    pub fn to_json(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "ToJsonOptions")] opts: JsValue,
    ) -> Result<JsValue, JsValue> {
        let rng = to_json_options(opts)?;
        Ok(each!(&self.inner, m => to_js(&m.to_saved(rng))))
    }

    /// Every game so far, the current one last: number, who started it, Crawford, records, lines,
    /// result.
    #[wasm_bindgen(getter, unchecked_return_type = "MatchGame[]")]
    pub fn games(&self) -> JsValue {
        each!(&self.inner, m => to_js(&m.games()))
    }

    /// What a page draws, as the engine describes it (docs/api.md, "view()"): the board's kind and size,
    /// who acts, whether a turn is at its start, the result, the last move, the ball's line and the log.
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(unchecked_return_type = "View")]
    pub fn view(&self) -> JsValue {
        to_js(&each!(&self.inner, m => m.view()))
    }

    /// Who acts now and what is awaited (docs/api.md, "Who acts"): `view().toAct` without the rest of the
    /// view (the board, the log), for a server that asks it at every move.
    /// @throws {SteereError} `freed` after `free()`, and nothing else.
    #[wasm_bindgen(getter, js_name = toAct, unchecked_return_type = "ToAct | null")]
    pub fn to_act(&self) -> JsValue {
        to_js(&each!(&self.inner, m => m.to_act()))
    }

    /// The record tags (names, event, ...) kept from `fromRecord` or a restored state.
    #[wasm_bindgen(getter, unchecked_return_type = "RecordTags")]
    pub fn tags(&self) -> JsValue {
        to_js(each!(&self.inner, m => m.tags()))
    }

    /// The annotations of the record's lines (docs/records.md: marks and comments), kept
    /// from `fromRecord`, a restored state or `setAnnotations`.
    #[wasm_bindgen(getter, unchecked_return_type = "RecordAnnotation[]")]
    pub fn annotations(&self) -> JsValue {
        to_js(each!(&self.inner, m => m.annotations()))
    }

    /// Replaces the annotations that `toRecord` writes and `toJSON` keeps.
    /// @throws {SteereError} `invalid_option` for anything but an array of annotations, a malformed
    /// one, two of one line, or a line that is not a record, cube action or resignation of a game of
    /// the match (nothing changes then); `freed` after `free()`.
    #[wasm_bindgen(js_name = setAnnotations)]
    pub fn set_annotations(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "RecordAnnotation[]")] annotations: JsValue,
    ) -> Result<(), JsValue> {
        let a = arg_annotations(&annotations)?;
        Ok(each!(&mut self.inner, m => m.set_annotations(a))?)
    }

    /// The match as a record (docs/records.md), its tags overlaid with `tags`; `wrong_phase` for a match
    /// restored from format 1 (its earlier games are unknown).
    #[wasm_bindgen(js_name = toRecord)]
    pub fn to_record(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "RecordTags")] tags: JsValue,
    ) -> Result<String, JsValue> {
        let tags = arg_tags(tags)?;
        Ok(each!(&self.inner, m => m.to_record(&tags))?)
    }

    /// Reads a match record, checking every line; the current game goes on with dice from `seed`.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "RecordOptions")] opts: JsValue,
    ) -> Result<Match, JsValue> {
        let text = arg_record(&text)?;
        let o: RecordOptions = options(opts, "fromRecord options")?;
        let seed = o.0.seed.as_ref();
        let inner = match crate::record::record_kind(&text)? {
            GameKind::Jokerball => AnyMatch::Jokerball(CoreMatch::from_record(&text, seed)?),
            GameKind::Zola => AnyMatch::Zola(CoreMatch::from_record(&text, seed)?),
        };
        Ok(Match { inner })
    }

    /// Restores a match from a state written by `toJSON()`.
    /// @throws {SteereError} `parse_error` for a malformed or impossible state.
    #[wasm_bindgen(js_name = fromJSON)]
    pub fn from_json(
        #[wasm_bindgen(unchecked_param_type = "MatchState")] obj: JsValue,
    ) -> Result<Match, JsValue> {
        Ok(Match::restore(obj, false)?)
    }
}

/// What a record is of: its game and whether it is a match's, read from its header alone (which
/// class's `fromRecord` reads it: `Match` for a match, else `Jokerball` or `Zola`).
/// @throws {SteereError} `parse_error` when `text` is not a string, or its header is malformed or names
/// no game.
#[wasm_bindgen(js_name = recordType, unchecked_return_type = "RecordType")]
pub fn record_type(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<JsValue, JsValue> {
    let text = arg_record(&text)?;
    let (game, is_match) = crate::record::record_type(&text)?;
    Ok(to_js(&super::plain::RecordType { game, is_match }))
}

impl Match {
    /// A match from a JSON state; with `current_only`, reading only its bookkeeping and current game
    /// (as format 1 holds them): what the bot needs of a match to play, without replaying its earlier
    /// games.
    pub(super) fn restore(obj: JsValue, current_only: bool) -> Result<Match, ParseError> {
        let bad = |e: String| ParseError::new(crate::notation::cat(&["bad JSON state: ", &e]));
        if !obj.is_object() {
            return Err(super::args::not_state(&obj));
        }
        let tree = if current_only {
            let mut fields = vec![("format".to_string(), Tree::Num(1.0))];
            for key in ["game", "variant", "match", "current"] {
                let value = js_sys::Reflect::get(&obj, &JsValue::from_str(key))
                    .map_err(|_| bad("a value could not be read".into()))?;
                let value = Tree::from_js(&value).map_err(|e| bad(e.0))?;
                fields.push((key.to_string(), value));
            }
            Tree::Obj(fields)
        } else {
            Tree::from_js(&obj).map_err(|e| bad(e.0))?
        };
        let inner = match tree.get("variant") {
            Some(Tree::Str(v)) if v == GameKind::Jokerball.name() => {
                AnyMatch::Jokerball(CoreMatch::from_saved(&saved(&tree)?)?)
            }
            Some(Tree::Str(v)) if v == GameKind::Zola.name() => {
                AnyMatch::Zola(CoreMatch::from_saved(&saved(&tree)?)?)
            }
            _ => return Err(bad("variant must be 'jokerball' or 'zola'".into())),
        };
        Ok(Match { inner })
    }
}

/// A saved match read from its tree (every key checked).
fn saved<S>(tree: &Tree) -> Result<SavedMatch<S>, ParseError>
where
    SavedMatch<S>: super::tree::FromTree,
{
    <SavedMatch<S> as super::tree::FromTree>::from_tree(tree)
        .map_err(|e| ParseError::new(crate::notation::cat(&["bad JSON state: ", &e])))
}
