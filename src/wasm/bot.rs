//! The `Bot` class of the JavaScript API (docs/api.md, "Bot"): a thin wrapper around [`crate::bot::Bot`].
//!
//! The game argument is read through its own `toJSON({ rng: false })` and restored as a core game (a
//! snapshot: the caller's object is never touched, and the dice generator is left out).

use wasm_bindgen::prelude::*;

use super::args::{freed_argument, js_error, options, state, Progress};
use super::matches::{AnyMatch, Match};
use super::out::to_js;
use super::plain::{
    BotOptions, BotSettings, EvaluationOut, LoneState, RolloutPartData, RolloutSettings,
};
use crate::bot::{
    Bot as CoreBot, BotGame, CubeAction, Level, Rollout, RolloutError, RolloutFrom, RolloutOptions,
    Tally,
};
use crate::engine::Engine;
use crate::error::{Nothing, OptionError, PlayError, WrongPhase};
use crate::matchplay::MatchPhase;
use crate::player::Player;
use crate::{jokerball, zola};

#[wasm_bindgen(typescript_custom_section)]
const BOT_TS: &str = r#"
/** The bot's playing strengths: search budgets counted in work. */
export type BotLevel = 'easy' | 'medium' | 'hard';
/** A cube decision of the bot. */
export type CubeAction = 'double' | 'no-double' | 'take' | 'drop';
/** Options of `bot.review(...)`: `onProgress(done, total)` is called before the first record and
 * after each one reviewed. */
export interface ReviewOptions {
  onProgress?: (done: number, total: number) => void;
}
/** Options of `bot.rollout(...)`: its settings and `onProgress(done, total)`, called before the first
 * trial, as trials finish (at most about 256 times) and after the last. */
export interface RolloutOptions extends RolloutSettings {
  onProgress?: (done: number, total: number) => void;
}
"#;

/// The level, seed and wall-clock cap of the options; any problem is an `invalid_option`.
fn bot_options(value: JsValue) -> Result<BotSettings, OptionError> {
    let o = options::<BotOptions>(value, "Bot options")?.0;
    if o.time_ms.is_some_and(|t| !(t.is_finite() && t > 0.0)) {
        return Err(OptionError::new(
            "Bot options: timeMs must be a positive number of milliseconds",
        ));
    }
    Ok(o)
}

/// A game argument restored from its JSON state.
enum Snapshot {
    Jokerball(Box<jokerball::Game>),
    Zola(Box<zola::Game>),
    Match(Box<Match>),
}

fn not_a_game() -> OptionError {
    OptionError::new("the argument must be a Jokerball, Zola or Match object")
}

/// Reads a game or match through its `toJSON({ rng: false })`; a match with every game when `full`,
/// else only its bookkeeping and current game.
fn snapshot(value: &JsValue, full: bool) -> Result<Snapshot, JsValue> {
    if !value.is_object() {
        return Err(js_error(&not_a_game()));
    }
    let f = js_sys::Reflect::get(value, &JsValue::from_str("toJSON"))
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .ok_or_else(|| js_error(&not_a_game()))?;
    let opts =
        js_sys::JSON::parse(super::plain::WITHOUT_RNG).map_err(|_| js_error(&not_a_game()))?;
    let obj = f
        .call1(value, &opts)
        .map_err(|thrown| freed_argument(&thrown, js_error(&not_a_game())))?;
    let kind = js_sys::Reflect::get(&obj, &JsValue::from_str(super::plain::GAME_KEY))
        .ok()
        .and_then(|k| k.as_string());
    match kind.as_deref() {
        Some("jokerball") => {
            // A lone game's tags are no concern of the bot.
            let st: LoneState<jokerball::GameState> = state(obj)?;
            Ok(Snapshot::Jokerball(Box::new(jokerball::Game::from_state(
                &st.state,
            )?)))
        }
        Some("zola") => {
            let st: LoneState<zola::GameState> = state(obj)?;
            Ok(Snapshot::Zola(Box::new(zola::Game::from_state(&st.state)?)))
        }
        Some("match") => Ok(Snapshot::Match(Box::new(Match::restore(obj, !full)?))),
        _ => Err(js_error(&not_a_game())),
    }
}

fn nothing_to_choose(why: Nothing) -> JsValue {
    js_error(&PlayError::WrongPhase(WrongPhase::NothingToChoose(why)))
}

/// A computer opponent for both games and the doubling cube. Its levels are search budgets counted in
/// work, so a seed, a level and a position give the same choice on any machine (unless `timeMs` caps
/// the time). Reference: docs/api.md (Bot).
#[wasm_bindgen]
pub struct Bot {
    bot: CoreBot,
    time_ms: Option<f64>,
}

#[wasm_bindgen]
impl Bot {
    /// A new bot (see `BotOptions`: `level` default `'medium'`, `seed`, `timeMs`).
    /// @throws {SteereError} `invalid_option` for an unknown key, an unknown level, a bad seed or a
    /// `timeMs` that is not a positive number.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "BotOptions")] opts: JsValue,
    ) -> Result<Bot, JsValue> {
        let o = bot_options(opts)?;
        Ok(Bot {
            bot: CoreBot::new(o.level, o.seed.as_ref()),
            time_ms: o.time_ms,
        })
    }

    /// `game` read as `snapshot` reads it, with this bot's clock armed for the work on it.
    fn armed(&mut self, game: &JsValue, full: bool) -> Result<Snapshot, JsValue> {
        let snap = snapshot(game, full)?;
        self.arm_clock();
        Ok(snap)
    }

    fn arm_clock(&mut self) {
        let deadline = self.time_ms.map(|t| {
            let end = super::args::now() + t;
            Box::new(move || super::args::now() >= end) as crate::bot::Deadline
        });
        self.bot.set_deadline(deadline);
    }

    /// A legal move of the current phase of a Jokerball, Zola or Match, in notation. The object passed is
    /// read through its `toJSON()` and never changed.
    /// @throws {SteereError} `wrong_phase` when there is nothing to choose (phase `'roll'` or `'over'`, a
    /// pending double, a finished game); `invalid_option` when `game` is not a Jokerball, Zola or Match;
    /// `freed` when this bot or `game` was freed.
    #[wasm_bindgen(js_name = chooseMove)]
    pub fn choose_move(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Jokerball | Zola | Match")] game: JsValue,
    ) -> Result<String, JsValue> {
        match self.armed(&game, false)? {
            Snapshot::Jokerball(g) => self.choose(&*g, Nothing::InPhase(g.phase().name())),
            Snapshot::Zola(g) => self.choose(&*g, Nothing::GameOver),
            Snapshot::Match(m) => {
                let phase = m.inner.state().phase();
                if phase != MatchPhase::Playing {
                    return Err(nothing_to_choose(Nothing::InPhase(phase.name())));
                }
                match &m.inner {
                    AnyMatch::Jokerball(cm) => {
                        self.choose(cm.game(), Nothing::InPhase(cm.game().phase().name()))
                    }
                    AnyMatch::Zola(cm) => self.choose(cm.game(), Nothing::GameOver),
                }
            }
        }
    }

    /// The bot's move in `game`, or `wrong_phase` saying `why` there is nothing to choose.
    fn choose<G: BotGame>(&mut self, game: &G, why: Nothing) -> Result<String, JsValue> {
        match self.bot.choose_move(game) {
            Some(m) => Ok(game.notation(m)),
            None => Err(nothing_to_choose(why)),
        }
    }

    /// The bot's cube decision for the side that must act in `match`: `'take'` or `'drop'` while a double
    /// is pending, else `'double'` (only when `canDouble()` is true) or `'no-double'`.
    /// @throws {SteereError} `invalid_option` when `m` is not a Match; `freed` when this bot or the match
    /// was freed.
    #[wasm_bindgen(js_name = cubeAction, unchecked_return_type = "CubeAction")]
    pub fn cube_action(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Match")] m: JsValue,
    ) -> Result<String, JsValue> {
        let Snapshot::Match(m) = self.armed(&m, false)? else {
            return Err(OptionError::new("cubeAction needs a Match object").into());
        };
        let a: CubeAction = match &m.inner {
            AnyMatch::Jokerball(cm) => self.bot.cube_action(cm),
            AnyMatch::Zola(cm) => self.bot.cube_action(cm),
        };
        Ok(a.name().to_string())
    }

    /// Each player's chance of winning the current game by this bot (sum 1; a finished game gives 1
    /// and 0) and, for a Match, the match (`match`, through the match equity table).
    /// @throws {SteereError} `invalid_option` when `game` is not a Jokerball, Zola or Match; `freed`.
    #[wasm_bindgen(unchecked_return_type = "Evaluation")]
    pub fn evaluate(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Jokerball | Zola | Match")] game: JsValue,
    ) -> Result<JsValue, JsValue> {
        self.arm_clock();
        let e = match snapshot(&game, false)? {
            Snapshot::Jokerball(g) => self.bot.evaluate_game(&*g),
            Snapshot::Zola(g) => self.bot.evaluate_game(&*g),
            Snapshot::Match(m) => match &m.inner {
                AnyMatch::Jokerball(cm) => self.bot.evaluate_match(cm),
                AnyMatch::Zola(cm) => self.bot.evaluate_match(cm),
            },
        };
        Ok(to_js(&EvaluationOut {
            red: *e.game.get(Player::Red),
            blue: *e.game.get(Player::Blue),
            matches: e.matches,
        }))
    }

    /// The choices now ranked by this bot, its own choice first: in Jokerball (phases `'man'` and
    /// `'ball'`) one per string of `legalTurns()`, in Zola one per legal move; each with the mover's
    /// chance of winning the game after it.
    /// @throws {SteereError} `wrong_phase` where `chooseMove` throws it; `invalid_option` when `game`
    /// is not a Jokerball, Zola or Match; `freed`.
    #[wasm_bindgen(unchecked_return_type = "Hint[]")]
    pub fn hint(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Jokerball | Zola | Match")] game: JsValue,
    ) -> Result<JsValue, JsValue> {
        let hint = match self.armed(&game, false)? {
            Snapshot::Jokerball(g) => self.bot.hint(&*g),
            Snapshot::Zola(g) => self.bot.hint(&*g),
            Snapshot::Match(m) => {
                let phase = m.inner.state().phase();
                if phase != MatchPhase::Playing {
                    return Err(nothing_to_choose(Nothing::InPhase(phase.name())));
                }
                match &m.inner {
                    AnyMatch::Jokerball(cm) => self.bot.hint(cm.game()),
                    AnyMatch::Zola(cm) => self.bot.hint(cm.game()),
                }
            }
        }?;
        Ok(to_js(&hint))
    }

    /// The review of a game (or of every game of a match, with its cube decisions) by this bot: an
    /// entry per completed turn, move and cube decision, and each player's totals. `onProgress(done,
    /// total)` is called as the moves are reviewed; an exception it throws stops the review and is
    /// thrown again.
    /// @throws {SteereError} `invalid_option` for bad options or when `game` is not a Jokerball, Zola
    /// or Match; `freed` when this bot or `game` was freed.
    #[wasm_bindgen(unchecked_return_type = "Review")]
    pub fn review(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Jokerball | Zola | Match")] game: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ReviewOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let mut progress = Progress::read(&options)?;
        let snap = self.armed(&game, true)?;
        let mut report = |done: usize, total: usize| progress.report(done as u32, total as u32);
        let review = match snap {
            Snapshot::Jokerball(g) => self.bot.review(&*g, &mut report),
            Snapshot::Zola(g) => self.bot.review(&*g, &mut report),
            Snapshot::Match(m) => match &m.inner {
                AnyMatch::Jokerball(cm) => self.bot.review_match(cm, &mut report),
                AnyMatch::Zola(cm) => self.bot.review_match(cm, &mut report),
            },
        };
        progress.finish()?;
        Ok(to_js(&review?))
    }

    /// A rollout of a Jokerball game or match (docs/api.md, "bot.rollout"): the position, each
    /// candidate turn (phase `'man'`) or each cube decision (`cube`) played out `trials` times by the
    /// `player` bot on both sides, on the same dice for each; each entry's mean chance for the player
    /// to act with its standard error and 95% interval, best first. `onProgress(done, total)` is
    /// called as trials finish; an exception it throws stops the rollout and is thrown again. The
    /// bot's `timeMs` does not apply.
    /// @throws {SteereError} `invalid_option` for bad options, a Zola game, `cube` where no double can
    /// be, candidates that are not turns of `legalTurns()` (or outside phase `'man'`), or when `game`
    /// is not a Jokerball, Zola or Match; `wrong_phase` in phase `'ball'` or `'over'`, a match's
    /// `'game-over'` or `'match-over'`, or a pending double without `cube`; `freed`.
    #[wasm_bindgen(unchecked_return_type = "RolloutResult")]
    pub fn rollout(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Jokerball | Match")] game: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "RolloutOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let (mut progress, opts) = rollout_options(&options)?;
        let snap = snapshot(&game, false)?;
        let mut report = |done: u32, total: u32| progress.report(done, total);
        let result = self.prepare(&snap, &opts).and_then(|r| {
            let tallies = r.run(0..r.trials(), &mut report)?;
            Ok(r.result(&[tallies]))
        });
        progress.finish()?;
        Ok(to_js(&result?))
    }

    /// Part `part` of `parts` of a rollout (docs/api.md, "bot.rolloutPart"): the same rollout as
    /// `rollout(game, options)` made ready, and only its trials from `floor(part * trials / parts)`
    /// to `floor((part + 1) * trials / parts)` played; their exact sums, for `joinRollout`.
    /// `onProgress(done, total)` counts this part's trials.
    /// @throws {SteereError} `invalid_option` when `parts` is not a whole number from 1 to 1000000 or
    /// `part` one from 0 to `parts - 1`, and where `rollout` throws it; `wrong_phase` and `freed`
    /// where `rollout` throws them.
    #[wasm_bindgen(js_name = rolloutPart, unchecked_return_type = "RolloutPart")]
    pub fn rollout_part(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Jokerball | Match")] game: JsValue,
        #[wasm_bindgen(unchecked_param_type = "RolloutOptions | undefined")] options: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] part: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] parts: JsValue,
    ) -> Result<JsValue, JsValue> {
        let (mut progress, opts) = rollout_options(&options)?;
        let n = super::args::arg_whole(&parts, f64::from(crate::bot::rollout::MAX_TRIALS))
            .filter(|n| *n >= 1.0)
            .ok_or_else(|| {
                OptionError::new("rolloutPart: parts must be a whole number from 1 to 1000000")
            })?;
        let k = super::args::arg_whole(&part, n - 1.0).ok_or_else(|| {
            OptionError::new("rolloutPart: part must be a whole number from 0 to parts - 1")
        })?;
        let cut = |k: f64| (u64::from(opts.trials) * k as u64 / n as u64) as u32;
        let (from, to) = (cut(k), cut(k + 1.0));
        let snap = snapshot(&game, false)?;
        let mut report = |done: u32, total: u32| progress.report(done, total);
        let part = self.prepare(&snap, &opts).and_then(|r| {
            let tallies = r.run(from..to, &mut report)?;
            Ok(RolloutPartData {
                from,
                to,
                trials: opts.trials,
                moves: r.names().map(String::from).collect(),
                tallies: tallies.iter().map(tally_text).collect(),
            })
        });
        progress.finish()?;
        Ok(to_js(&part?))
    }

    /// The parts of a rollout (`rolloutPart`'s, in their order) joined into its result: the same as
    /// `rollout(game, options)` gives, for the same game, options and bot. `onProgress` is not
    /// called. Quick: the default candidates are the parts' own (no `hint` is made).
    /// @throws {SteereError} `invalid_option` when `parts` are not the parts of this rollout that
    /// cover its trials once each, in order, and where `rollout` throws it; `wrong_phase` and `freed` where
    /// `rollout` throws them.
    #[wasm_bindgen(js_name = joinRollout, unchecked_return_type = "RolloutResult")]
    pub fn join_rollout(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Jokerball | Match")] game: JsValue,
        #[wasm_bindgen(unchecked_param_type = "RolloutOptions | undefined")] options: JsValue,
        #[wasm_bindgen(unchecked_param_type = "RolloutPart[]")] parts: JsValue,
    ) -> Result<JsValue, JsValue> {
        let (_, mut opts) = rollout_options(&options)?;
        let not_parts = || {
            js_error(&OptionError::new(
                "joinRollout: parts must be the parts of this rollout (rolloutPart), covering its trials once each, in order",
            ))
        };
        let parts: Vec<RolloutPartData> = super::args::from_js(&parts).map_err(|_| not_parts())?;
        let mut next = 0;
        for p in &parts {
            if p.from != next || p.to < p.from || p.trials != opts.trials {
                return Err(not_parts());
            }
            next = p.to;
        }
        if next != opts.trials {
            return Err(not_parts());
        }
        let snap = snapshot(&game, false)?;
        if opts.candidates.is_none() && !opts.cube && in_phase_man(&snap) {
            opts.candidates = parts.first().map(|p| p.moves.clone());
        }
        let r = self.prepare(&snap, &opts)?;
        let entries = r.names().count();
        let mut tallies = Vec::with_capacity(parts.len());
        for p in &parts {
            let mut part = Vec::with_capacity(entries);
            for t in &p.tallies {
                match read_tally(t) {
                    Some(t) if t.trials == u64::from(p.to - p.from) => part.push(t),
                    _ => return Err(not_parts()),
                }
            }
            if part.len() != entries || !r.names().eq(p.moves.iter().map(String::as_str)) {
                return Err(not_parts());
            }
            tallies.push(part);
        }
        Ok(to_js(&r.result(&tallies)))
    }

    /// The rollout of `snap` with `opts` made ready (no deadline: a rollout is deterministic).
    fn prepare(&mut self, snap: &Snapshot, opts: &RolloutOptions) -> Result<Rollout, RolloutError> {
        self.bot.set_deadline(None);
        let from = match snap {
            Snapshot::Jokerball(g) => RolloutFrom::Game(g),
            Snapshot::Match(m) => match &m.inner {
                AnyMatch::Jokerball(cm) => RolloutFrom::Match(cm),
                AnyMatch::Zola(_) => return Err(RolloutError::no_dice()),
            },
            Snapshot::Zola(_) => return Err(RolloutError::no_dice()),
        };
        Rollout::new(&mut self.bot, from, opts)
    }
}

/// The options of a rollout: its `onProgress`, and its settings on the core's defaults (the player
/// `'easy'`); checked by `Rollout::new`.
fn rollout_options(options: &JsValue) -> Result<(Progress, RolloutOptions), JsValue> {
    let (progress, rest) = Progress::read_among(options, "rollout options")?;
    let o = super::args::options::<RolloutSettings>(rest, "rollout options")?.0;
    let defaults = RolloutOptions::default();
    let opts = RolloutOptions {
        trials: o.trials.unwrap_or(defaults.trials),
        truncate: o.truncate.unwrap_or(defaults.truncate),
        player: o.player.unwrap_or(Level::Easy),
        candidates: o.candidates,
        cube: o.cube.unwrap_or(defaults.cube),
        variance_reduction: o.variance_reduction.unwrap_or(defaults.variance_reduction),
        seed: o.seed,
    };
    Ok((progress, opts))
}

/// Whether the game (of a match: its current one) is a Jokerball game in phase `'man'`.
fn in_phase_man(snap: &Snapshot) -> bool {
    let game = match snap {
        Snapshot::Jokerball(g) => &**g,
        Snapshot::Match(m) => match &m.inner {
            AnyMatch::Jokerball(cm) => cm.game(),
            AnyMatch::Zola(_) => return false,
        },
        Snapshot::Zola(_) => return false,
    };
    game.phase() == jokerball::Phase::Man
}

/// A tally as a part writes it: its trials, sum and sum of squares, each as the 32 hexadecimal digits
/// of its 128 bits (written and read without the integer formatting of `core`, which costs the
/// package KiB for 128-bit numbers).
fn tally_text(t: &Tally) -> String {
    let mut out = String::new();
    for v in [u128::from(t.trials), t.sum as u128, t.squares as u128] {
        for i in (0..32).rev() {
            let d = (v >> (4 * i)) as u32 & 15;
            out.extend(char::from_digit(d, 16));
        }
    }
    out
}

/// A tally read back from [`tally_text`]'s form; `None` for anything else.
fn read_tally(text: &str) -> Option<Tally> {
    let mut v = [0u128; 3];
    if text.len() != 96 {
        return None;
    }
    for (i, c) in text.chars().enumerate() {
        let w = v.get_mut(i / 32)?;
        *w = *w << 4 | u128::from(c.to_digit(16)?);
    }
    let [trials, sum, squares] = v;
    Some(Tally {
        trials: u64::try_from(trials).ok()?,
        sum: sum as i128,
        squares: squares as i128,
    })
}
