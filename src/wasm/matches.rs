//! The `Match` class of the JavaScript API (API.md, "Match"): a thin wrapper around
//! [`crate::matchplay::Match`] of a Jokerball or a Zola game.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use serde::Deserialize;
use wasm_bindgen::prelude::*;

use super::jokerball::{dice_args, setup_of, Jokerball};
use super::out::ToJs;
use super::tree::FromTree;
use super::tree::Tree;
use super::zola::Zola;
use super::{
    arg_move, arg_player, from_tree, js, js_error, options, to_js, SeedOption, ToJsonOptions,
};
use crate::error::DiceError;
use crate::error::{OptionError, ParseError, PlayError};
use crate::jokerball::{self, RuleSet};
use crate::matchplay::{Match as CoreMatch, MatchGame, MatchPhase, MatchState, MatchStateData};
use crate::player::Player;
use crate::zola;

#[wasm_bindgen(typescript_custom_section)]
const MATCH_TS: &str = r#"
/** Options of `new Match(...)`. Zola's pie rule is not available in a match (RULES 3.6). */
export interface MatchOptions {
  game?: 'jokerball' | 'zola';
  length: number;
  cube?: boolean;
  first?: Player;
  seed?: number | string;
  jokerball?: { rules?: JokerballRules; size?: 4 | 6; rows?: number };
  zola?: { size?: 6 | 8 | 10 };
}
/** The phases of a match. */
export type MatchPhase = 'playing' | 'double' | 'game-over' | 'match-over';
/** The doubling cube: its value and owner (`null`: centred). */
export interface Cube {
  value: number;
  owner: Player | null;
}
/** A finished game of the match. */
export interface GameResult {
  winner: Player;
  points: number;
  cube: number;
  how: 'goal' | 'captured-all' | 'drop' | 'resign';
}
/** The match bookkeeping inside a match's JSON state. */
export interface MatchStateData {
  length: number;
  first: Player;
  cube: Cube | null;
  score: { red: number; blue: number };
  gameNumber: number;
  pendingDouble: Player | null;
  crawford: boolean;
  postCrawford: boolean;
  results: GameResult[];
}
/** The JSON state of a match (`toJSON`/`fromJSON`): the match and its current game. */
export type MatchState =
  | { format: 1; game: 'match'; variant: 'jokerball'; match: MatchStateData; current: JokerballState }
  | { format: 1; game: 'match'; variant: 'zola'; match: MatchStateData; current: ZolaState };
"#;

#[derive(Debug, Default)]
struct MatchOptions {
    game: Option<Variant>,
    length: Option<f64>,
    cube: Option<bool>,
    first: Option<Player>,
    seed: Option<SeedOption>,
    jokerball: Option<JokerballSetupOptions>,
    zola: Option<ZolaMatchOptions>,
}
from_tree!(MatchOptions {
    game: "game",
    length: "length",
    cube: "cube",
    first: "first",
    seed: "seed",
    jokerball: "jokerball",
    zola: "zola"
});

/// The `jokerball` options of a match (and of `simulate`): the setup without `first`.
#[derive(Debug, Default)]
pub(super) struct JokerballSetupOptions {
    pub(super) rules: Option<RuleSet>,
    pub(super) size: Option<u8>,
    pub(super) rows: Option<u8>,
}
from_tree!(JokerballSetupOptions {
    rules: "rules",
    size: "size",
    rows: "rows"
});

#[derive(Debug, Default)]
struct ZolaMatchOptions {
    size: Option<u8>,
    /// Refused with a clear message: no pie rule in a match (RULES 3.6).
    pie: Option<bool>,
}
from_tree!(ZolaMatchOptions {
    size: "size",
    pie: "pie"
});

/// Which game (`'jokerball'` or `'zola'`): a match's `game` option and its JSON `variant`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(super) enum Variant {
    #[default]
    Jokerball,
    Zola,
}

/// The JSON state of a match: the match bookkeeping and the current game's own state.
struct MatchJson<S> {
    format: u8,
    game: String,
    variant: Variant,
    state: MatchStateData,
    current: S,
}

impl<S: ToJs> ToJs for MatchJson<S> {
    fn write(&self, out: &mut String) {
        super::out::key(out, "format", true);
        self.format.write(out);
        super::out::key(out, "game", false);
        self.game.write(out);
        super::out::key(out, "variant", false);
        self.variant.write(out);
        super::out::key(out, "match", false);
        self.state.write(out);
        super::out::key(out, "current", false);
        self.current.write(out);
        out.push('}');
    }
}

impl<S: FromTree> FromTree for MatchJson<S> {
    fn from_tree(tree: &Tree) -> Result<Self, String> {
        let fields = tree.object(&["format", "game", "variant", "match", "current"])?;
        Ok(MatchJson {
            format: fields.field("format")?,
            game: fields.field("game")?,
            variant: fields.field("variant")?,
            state: fields.field("match")?,
            current: fields.field("current")?,
        })
    }
}

super::tree::from_tree_named!(Variant);

impl ToJs for Variant {
    fn write(&self, out: &mut String) {
        super::out::write_str(
            out,
            match self {
                Variant::Jokerball => "jokerball",
                Variant::Zola => "zola",
            },
        );
    }
}

/// What the binding needs of a game beyond [`MatchGame`], the same for both games.
trait BoundGame: MatchGame + Clone {
    /// The game's syntax check of a move, before any phase check (API.md's order of checks).
    fn parse(&self, text: &str) -> Result<(), ParseError>;
    fn verbose_moves(&self) -> JsValue;
    fn play_verbose(&mut self, text: &str) -> Result<JsValue, PlayError>;
    fn history(&self) -> Vec<String>;
    /// A detached copy as the JavaScript class of the game.
    fn detached(&self) -> JsValue;
    /// The game's JSON state type.
    type State: ToJs + FromTree;
    /// This game in a match's JSON.
    const VARIANT: Variant;
    fn to_state_data(&self, rng: bool) -> Self::State;
    fn from_state_data(state: &Self::State) -> Result<Self, ParseError>;
}

impl BoundGame for jokerball::Game {
    fn parse(&self, text: &str) -> Result<(), ParseError> {
        jokerball::parse_move(self.size(), text).map(|_| ())
    }
    fn verbose_moves(&self) -> JsValue {
        super::jokerball::verbose_moves(self)
    }
    fn play_verbose(&mut self, text: &str) -> Result<JsValue, PlayError> {
        let mv = self.play(text)?;
        Ok(super::jokerball::verbose(self, &mv))
    }
    fn history(&self) -> Vec<String> {
        jokerball::Game::history(self)
    }
    fn detached(&self) -> JsValue {
        Jokerball::from_game(self.clone()).into()
    }
    type State = jokerball::GameState;
    const VARIANT: Variant = Variant::Jokerball;
    fn to_state_data(&self, rng: bool) -> jokerball::GameState {
        self.to_state(rng)
    }
    fn from_state_data(state: &jokerball::GameState) -> Result<Self, ParseError> {
        jokerball::Game::from_state(state)
    }
}

impl BoundGame for zola::Game {
    fn parse(&self, text: &str) -> Result<(), ParseError> {
        self.parse_move(text).map(|_| ())
    }
    fn verbose_moves(&self) -> JsValue {
        super::zola::verbose_moves(self)
    }
    fn play_verbose(&mut self, text: &str) -> Result<JsValue, PlayError> {
        let mv = self.play(text)?;
        Ok(to_js(&super::zola::view(self, mv)))
    }
    fn history(&self) -> Vec<String> {
        self.history_strings()
    }
    fn detached(&self) -> JsValue {
        Zola::from_game(self.clone()).into()
    }
    type State = zola::GameState;
    const VARIANT: Variant = Variant::Zola;
    fn to_state_data(&self, _rng: bool) -> zola::GameState {
        self.to_state()
    }
    fn from_state_data(state: &zola::GameState) -> Result<Self, ParseError> {
        zola::Game::from_state(state)
    }
}

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
    fn phase(&self) -> MatchPhase {
        each!(self, m => m.phase())
    }
    fn turn(&self) -> Player {
        each!(self, m => m.game().to_move())
    }
}

/// Plays a move through the match: the syntax first, then the match's phase, then the game.
fn play_in<G: BoundGame>(m: &mut CoreMatch<G>, text: &str) -> Result<JsValue, PlayError> {
    m.game().parse(text)?;
    m.act(|g| g.play_verbose(text))
}

/// Legal moves only while the match is being played (none during a pending double or after a game).
fn playing<G: BoundGame, T: Default>(m: &CoreMatch<G>, f: impl FnOnce(&G) -> T) -> T {
    if m.phase() == MatchPhase::Playing {
        f(m.game())
    } else {
        T::default()
    }
}

/// A match of Jokerball or Zola to `length` points, with the doubling cube if asked (API.md, "Match").
#[wasm_bindgen]
pub struct Match {
    pub(super) inner: AnyMatch,
}

#[wasm_bindgen]
impl Match {
    /// A new match; see `MatchOptions`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "MatchOptions")] opts: JsValue,
    ) -> Result<Match, JsValue> {
        js(Match::build(opts))
    }

    fn build(opts: JsValue) -> Result<Match, OptionError> {
        if opts.is_undefined() || opts.is_null() {
            return Err(OptionError::new("Match options need at least `length`"));
        }
        let o: MatchOptions = options(opts, "Match options")?;
        let length = match o.length {
            Some(n) if n.fract() == 0.0 && (1.0..=21.0).contains(&n) => n as u32,
            Some(_) => return Err(OptionError::new("length must be an integer from 1 to 21")),
            None => return Err(OptionError::new("Match options need `length` (1..21)")),
        };
        let first = o.first.unwrap_or(Player::Red);
        let cube = o.cube.unwrap_or(false);
        let seed = o.seed.as_ref().map(SeedOption::to_seed).transpose()?;
        let variant = o.game.unwrap_or_default();
        let inner = match variant {
            Variant::Jokerball => {
                if o.zola.is_some() {
                    return Err(OptionError::new(
                        "option `zola` does not apply to a Jokerball match",
                    ));
                }
                let j = o.jokerball.unwrap_or_default();
                let setup = setup_of(j.rules, j.size, j.rows, Some(first))?;
                let game = jokerball::Game::new(&setup, seed.as_ref())?;
                AnyMatch::Jokerball(CoreMatch::new(length, cube, first, game)?)
            }
            Variant::Zola => {
                if o.jokerball.is_some() {
                    return Err(OptionError::new(
                        "option `jokerball` does not apply to a Zola match",
                    ));
                }
                let z = o.zola.unwrap_or_default();
                if z.pie == Some(true) {
                    return Err(OptionError::new(
                        "the pie rule is not available in a match (RULES 3.6)",
                    ));
                }
                let game = zola::Game::new(zola::Setup {
                    size: z.size.unwrap_or(6),
                    pie: false,
                    first,
                })?;
                AnyMatch::Zola(CoreMatch::new(length, cube, first, game)?)
            }
        };
        Ok(Match { inner })
    }

    /// The match length in points.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> u32 {
        self.inner.state().length()
    }

    /// The score, `{ red, blue }` (uncapped).
    #[wasm_bindgen(getter, unchecked_return_type = "{ red: number; blue: number }")]
    pub fn score(&self) -> JsValue {
        to_js(&self.inner.state().score())
    }

    /// The number of the current game, from 1.
    #[wasm_bindgen(getter, js_name = gameNumber)]
    pub fn game_number(&self) -> u32 {
        self.inner.state().game_number()
    }

    /// The cube (`null` in a match without one).
    #[wasm_bindgen(getter, unchecked_return_type = "Cube | null")]
    pub fn cube(&self) -> JsValue {
        self.inner
            .state()
            .cube()
            .map_or(JsValue::NULL, |c| to_js(&c))
    }

    /// The player whose double awaits an answer.
    #[wasm_bindgen(getter, js_name = pendingDouble, unchecked_return_type = "Player | null")]
    pub fn pending_double(&self) -> JsValue {
        player_or_null(self.inner.state().pending_double())
    }

    /// Whether the current game is the Crawford game.
    #[wasm_bindgen(getter)]
    pub fn crawford(&self) -> bool {
        self.inner.state().crawford()
    }

    /// `'playing' | 'double' | 'game-over' | 'match-over'`.
    #[wasm_bindgen(getter, unchecked_return_type = "MatchPhase")]
    pub fn phase(&self) -> String {
        self.inner.phase().name().to_string()
    }

    /// The match winner, `null` until the match is over.
    #[wasm_bindgen(getter, unchecked_return_type = "Player | null")]
    pub fn winner(&self) -> JsValue {
        player_or_null(self.inner.state().winner())
    }

    /// The current game's player to move.
    #[wasm_bindgen(getter, unchecked_return_type = "Player")]
    pub fn turn(&self) -> String {
        self.inner.turn().name().to_string()
    }

    /// A new detached copy of the current game.
    #[wasm_bindgen(getter, unchecked_return_type = "Jokerball | Zola")]
    pub fn game(&self) -> JsValue {
        each!(&self.inner, m => m.game().detached())
    }

    /// Every finished game of the match.
    #[wasm_bindgen(getter, unchecked_return_type = "GameResult[]")]
    pub fn results(&self) -> JsValue {
        to_js(self.inner.state().results())
    }

    /// Rolls the dice of the current Jokerball game.
    #[wasm_bindgen(unchecked_return_type = "Dice")]
    pub fn roll(&mut self) -> Result<JsValue, JsValue> {
        match &mut self.inner {
            AnyMatch::Jokerball(m) => js(m.act(|g| g.roll()).map(|d| to_js(&d))),
            AnyMatch::Zola(_) => Err(js_error(&DiceError::WrongPhase(
                "a Zola game has no dice".into(),
            ))),
        }
    }

    /// Sets the dice of the current Jokerball game.
    #[wasm_bindgen(js_name = setDice)]
    pub fn set_dice(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] distance: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] direction: JsValue,
    ) -> Result<(), JsValue> {
        let (d, r) = js(dice_args(&distance, &direction))?;
        match &mut self.inner {
            AnyMatch::Jokerball(m) => {
                let faces = m.game().size();
                if !(1..=faces).contains(&d) || !(1..=6).contains(&r) {
                    return Err(js_error(&DiceError::OutOfRange(OptionError::new(format!(
                        "dice must be 1..{faces} and 1..6, not {d} and {r}"
                    )))));
                }
                js(m.act(|g| g.set_dice(d, r)))
            }
            AnyMatch::Zola(_) => Err(js_error(&DiceError::WrongPhase(
                "a Zola game has no dice".into(),
            ))),
        }
    }

    /// The legal moves of the current game's phase (none during a pending double or after a game).
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        each!(&self.inner, m => playing(m, |g| g.legal_notations()))
    }

    /// The legal moves in verbose form.
    #[wasm_bindgen(
        js_name = legalMovesVerbose,
        unchecked_return_type = "JokerballMove[] | ZolaMove[]"
    )]
    pub fn legal_moves_verbose(&self) -> JsValue {
        each!(&self.inner, m => if m.phase() == MatchPhase::Playing {
            m.game().verbose_moves()
        } else {
            js_sys::Array::new().into()
        })
    }

    /// Whether a move is legal now; never throws.
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string | { notation: string }")] mv: JsValue,
    ) -> bool {
        let Ok(text) = arg_move(&mv) else {
            return false;
        };
        each!(&self.inner, m => playing(m, |g| g.is_legal(&text)))
    }

    /// Plays a move in the current game; its end is scored.
    #[wasm_bindgen(unchecked_return_type = "JokerballMove | ZolaMove")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | { notation: string }")] mv: JsValue,
    ) -> Result<JsValue, JsValue> {
        let text = arg_move(&mv).map_err(|e| js_error(&PlayError::Parse(e)))?;
        js(each!(&mut self.inner, m => play_in(m, &text)))
    }

    /// The current game's position string.
    pub fn position(&self) -> String {
        each!(&self.inner, m => m.game().position_string())
    }

    /// The current game's history.
    pub fn history(&self) -> Vec<String> {
        each!(&self.inner, m => BoundGame::history(m.game()))
    }

    /// May the player to move double now (RULES 3.2-3.4)?
    #[wasm_bindgen(js_name = canDouble)]
    pub fn can_double(&self) -> bool {
        each!(&self.inner, m => m.can_double().is_ok())
    }

    /// The player to move doubles.
    pub fn double(&mut self) -> Result<(), JsValue> {
        js(each!(&mut self.inner, m => m.double()))
    }

    /// The doubled player takes: the cube doubles and is theirs.
    pub fn take(&mut self) -> Result<(), JsValue> {
        js(each!(&mut self.inner, m => m.take()))
    }

    /// The doubled player drops: the doubler wins the value before the double.
    pub fn drop(&mut self) -> Result<(), JsValue> {
        js(each!(&mut self.inner, m => m.drop_double().map(|_| ())))
    }

    /// `player` resigns the current game: the opponent wins the cube value.
    pub fn resign(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Player")] player: JsValue,
    ) -> Result<(), JsValue> {
        let p = js(arg_player(&player, "resign's player"))?;
        js(each!(&mut self.inner, m => m.resign(p).map(|_| ())))
    }

    /// Starts the next game (phase `'game-over'` only).
    #[wasm_bindgen(js_name = nextGame)]
    pub fn next_game(&mut self) -> Result<(), JsValue> {
        js(each!(&mut self.inner, m => m.next_game().map(|_| ())))
    }

    /// The whole match state; `{ rng: false }` leaves the dice generator out.
    #[wasm_bindgen(js_name = toJSON, unchecked_return_type = "MatchState")]
    pub fn to_json(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "{ rng?: boolean }")] opts: JsValue,
    ) -> Result<JsValue, JsValue> {
        // JSON.stringify(match) calls toJSON(key) with a string: treat it as no options.
        let o: ToJsonOptions = if opts.is_string() {
            ToJsonOptions::default()
        } else {
            js(options(opts, "toJSON options"))?
        };
        let rng = o.rng.unwrap_or(true);
        Ok(each!(&self.inner, m => to_js(&match_json(m, rng))))
    }

    /// Restores a match from `toJSON()`'s state.
    #[wasm_bindgen(js_name = fromJSON)]
    pub fn from_json(
        #[wasm_bindgen(unchecked_param_type = "MatchState")] obj: JsValue,
    ) -> Result<Match, JsValue> {
        js(Match::restore(obj))
    }

    fn restore(obj: JsValue) -> Result<Match, ParseError> {
        let bad = |e: String| ParseError::new(format!("bad JSON state: {e}"));
        if !obj.is_object() {
            return Err(ParseError::new("a JSON state must be an object"));
        }
        let tree = Tree::from_js(&obj).map_err(|e| bad(e.to_string()))?;
        let inner = match tree.get("variant") {
            Some(Tree::Str(v)) if v == "jokerball" => AnyMatch::Jokerball(restore_match(&tree)?),
            Some(Tree::Str(v)) if v == "zola" => AnyMatch::Zola(restore_match(&tree)?),
            _ => return Err(bad("variant must be 'jokerball' or 'zola'".into())),
        };
        Ok(Match { inner })
    }
}

/// A match's JSON state.
fn match_json<G: BoundGame>(m: &CoreMatch<G>, rng: bool) -> MatchJson<G::State> {
    MatchJson {
        format: 1,
        game: "match".into(),
        variant: G::VARIANT,
        state: m.state().to_data(),
        current: m.game().to_state_data(rng),
    }
}

/// Restores a match of `G` from a JSON state (every field checked, the game replayed by its own restore).
fn restore_match<G: BoundGame>(tree: &Tree) -> Result<CoreMatch<G>, ParseError> {
    let st = MatchJson::<G::State>::from_tree(tree)
        .map_err(|e| ParseError::new(format!("bad JSON state: {e}")))?;
    if st.format != 1 || st.game != "match" || st.variant != G::VARIANT {
        return Err(ParseError::new(
            "bad JSON state: expected format 1, game 'match' and a matching variant",
        ));
    }
    let state = MatchState::from_data(st.state)?;
    CoreMatch::from_parts(state, G::from_state_data(&st.current)?)
}

fn player_or_null(p: Option<Player>) -> JsValue {
    p.map_or(JsValue::NULL, |p| JsValue::from_str(p.name()))
}
