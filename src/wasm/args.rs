//! Reading the arguments of the API (moves, histories, records, tags, players, options and JSON states)
//! and turning every core error into the thrown `SteereError`.
use wasm_bindgen::prelude::*;

use super::plain;
use super::tree::{self, FromTree};
use crate::error::{Coded, DiceError, OptionError, ParseError, PlayError, ReplayError, SetupError};
use crate::matchplay::{CubeError, MatchError};
use crate::notation::{Tags, MAX_INPUT_LEN_TEXT};
use crate::player::Player;
use crate::record::MAX_RECORD_LEN;

pub(crate) use super::out::to_js;

#[wasm_bindgen(module = "/js/steere_error.js")]
extern "C" {
    #[wasm_bindgen(js_name = makeSteereError)]
    fn make_steere_error(code: &str, message: &str) -> JsValue;
    /// The `freed` error if `thrown` is one (a freed object's method threw it), else `otherwise`.
    #[wasm_bindgen(js_name = freedArgument)]
    pub(crate) fn freed_argument(thrown: &JsValue, otherwise: JsValue) -> JsValue;
}

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`: milliseconds with a fraction (Node and browsers), for `simulate`'s timing
    /// and the bot's deadline.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    pub(crate) fn now() -> f64;
}

/// The JavaScript value thrown for a core error.
pub(crate) fn js_error(e: &(impl Coded + ?Sized)) -> JsValue {
    let mut message = String::new();
    e.write_message(&mut message);
    make_steere_error(e.code().as_str(), &message)
}

/// Every core error becomes the thrown `SteereError` through `?`.
macro_rules! thrown {
    ($($e:ty),*) => {$(
        impl From<$e> for JsValue {
            fn from(e: $e) -> JsValue {
                js_error(&e)
            }
        }
    )*};
}
thrown!(
    OptionError,
    ParseError,
    PlayError,
    DiceError,
    SetupError,
    ReplayError,
    CubeError,
    MatchError,
    crate::error::ForfeitError,
    crate::bot::RolloutError,
    crate::bot::ReviewError
);

/// Reads a string argument (a move, a position string): anything but a string of at most
/// [`MAX_INPUT_LEN`](crate::notation::MAX_INPUT_LEN) characters is a `parse_error`.
pub(crate) fn arg_string(value: &JsValue, what: &str) -> Result<String, ParseError> {
    let Some(s) = value.as_string() else {
        return Err(ParseError::new(crate::notation::cat(&[
            what,
            " must be a string",
        ])));
    };
    short_enough(s, what, " is longer than ")
}

/// `s`, or when it is longer than [`MAX_INPUT_LEN`](crate::notation::MAX_INPUT_LEN) characters a
/// `parse_error` saying so of `what` (`longer` leads to the limit: " is longer than ").
fn short_enough(s: String, what: &str, longer: &str) -> Result<String, ParseError> {
    if !crate::notation::too_long(&s) {
        return Ok(s);
    }
    Err(ParseError::new(crate::notation::cat(&[
        what,
        longer,
        MAX_INPUT_LEN_TEXT,
        " characters",
    ])))
}

/// Reads a move argument: a notation string, or an object whose `notation` property is one.
pub(crate) fn arg_move(value: &JsValue) -> Result<String, ParseError> {
    if value.is_object() {
        let notation = js_sys::Reflect::get(value, &JsValue::from_str(plain::NOTATION_KEY))
            .map_err(|_| ParseError::new("move object has no readable notation"))?;
        return arg_string(&notation, "move notation");
    }
    arg_string(value, "move")
}

/// Reads an array of strings (a history): anything else, an over-long string or an array too large to
/// read is a `parse_error`. Read through a [`tree::Tree`], so getters and Proxies cannot throw through.
pub(crate) fn arg_strings(value: &JsValue, what: &str) -> Result<Vec<String>, ParseError> {
    let bad = || {
        ParseError::new(crate::notation::cat(&[
            what,
            " must be an array of strings",
        ]))
    };
    if !value.is_object() || !tree::is_array(value) {
        return Err(bad());
    }
    let tree::Tree::Arr(items) = tree::Tree::from_js(value)
        .map_err(|e| ParseError::new(crate::notation::cat(&[what, ": ", &e.0])))?
    else {
        return Err(bad());
    };
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let tree::Tree::Str(s) = item else {
            return Err(bad());
        };
        out.push(short_enough(s, what, ": an entry is longer than ")?);
    }
    Ok(out)
}

/// Reads a JavaScript value into `T` through a [`tree::Tree`]: every key of every nested object is
/// checked, so unknown keys are refused.
pub(crate) fn from_js<T: FromTree>(value: &JsValue) -> Result<T, String> {
    let tree = tree::Tree::from_js(value).map_err(|e| e.0)?;
    T::from_tree(&tree)
}

/// Reads an options object into `T` (unknown keys are refused).
/// `undefined` and `null` mean all defaults. Any problem is an `invalid_option`.
pub(crate) fn options<T: FromTree + Default>(value: JsValue, what: &str) -> Result<T, OptionError> {
    if value.is_undefined() || value.is_null() {
        return Ok(T::default());
    }
    if !value.is_object() || tree::is_array(&value) {
        return Err(OptionError::new(crate::notation::cat(&[
            what,
            " must be an object",
        ])));
    }
    from_js(&value).map_err(|e| OptionError::new(crate::notation::cat(&[what, ": ", &e])))
}

/// The error of a JSON state that is not an object; text (a state not yet parsed) is named as such.
pub(crate) fn not_state(value: &JsValue) -> ParseError {
    ParseError::new(if value.is_string() {
        "a JSON state must be an object, and this is text: JSON.parse it first"
    } else {
        "a JSON state must be an object"
    })
}

/// Reads a JSON state object into `T` (unknown keys refused at every depth); any problem is a
/// `parse_error`.
pub(crate) fn state<T: FromTree>(value: JsValue) -> Result<T, ParseError> {
    if !value.is_object() || tree::is_array(&value) {
        return Err(not_state(&value));
    }
    from_js(&value).map_err(|e| ParseError::new(crate::notation::cat(&["bad JSON state: ", &e])))
}

/// Reads `toJSON`'s argument: `JSON.stringify(x)` calls `toJSON(key)` with a string, read as no options.
pub(crate) fn to_json_options(value: JsValue) -> Result<bool, OptionError> {
    if value.is_string() {
        return Ok(true);
    }
    let o: plain::ToJsonOptions = options(value, "toJSON options")?;
    Ok(o.0.rng)
}

/// Reads a record argument: a string of at most 1 MiB of UTF-8, else a `parse_error`. The length is
/// checked before the text is copied (a UTF-8 text is never shorter than its UTF-16 length).
pub(crate) fn arg_record(value: &JsValue) -> Result<String, ParseError> {
    use wasm_bindgen::JsCast;
    let too_long = || ParseError::new("the record is longer than 1 MiB (1,048,576 bytes of UTF-8)");
    if !value.is_string() {
        return Err(ParseError::new("a record must be a string"));
    }
    if value.unchecked_ref::<tree::WithLength>().length() as usize > MAX_RECORD_LEN {
        return Err(too_long());
    }
    let text = value
        .as_string()
        .ok_or_else(|| ParseError::new("a record must be a string"))?;
    if text.len() > MAX_RECORD_LEN {
        return Err(too_long());
    }
    Ok(text)
}

/// Reads the tags given to `toRecord`: absent, or an object of strings whose names and values are
/// allowed (`invalid_option` otherwise: a derived tag, a line break, ...).
pub(crate) fn arg_tags(value: JsValue) -> Result<Tags, OptionError> {
    let mut tags = Tags::new();
    if value.is_undefined() || value.is_null() {
        return Ok(tags);
    }
    if !value.is_object() || tree::is_array(&value) {
        return Err(OptionError::new(
            "toRecord's tags must be an object of strings",
        ));
    }
    let tree = tree::Tree::from_js(&value)
        .map_err(|e| OptionError::new(crate::notation::cat(&["tags: ", &e.0])))?;
    let tree::Tree::Obj(fields) = tree else {
        return Err(OptionError::new(
            "toRecord's tags must be an object of strings",
        ));
    };
    for (name, value) in &fields {
        let tree::Tree::Str(value) = value else {
            return Err(OptionError::new(crate::notation::cat(&[
                "the tag ",
                name,
                " must be a string",
            ])));
        };
        tags.set(name, value)?;
    }
    Ok(tags)
}

/// Reads the annotations given to `setAnnotations`: an array of annotations, each checked, at most one
/// per line (`invalid_option` otherwise).
pub(crate) fn arg_annotations(
    value: &JsValue,
) -> Result<crate::annotation::Annotations, OptionError> {
    from_js(value).map_err(|e| OptionError::new(crate::notation::cat(&["annotations: ", &e])))
}

/// A whole number from 0 to `max`, or `None` (not a number, a fraction, out of range).
pub(crate) fn arg_whole(value: &JsValue, max: f64) -> Option<f64> {
    value
        .as_f64()
        .filter(|n| n.fract() == 0.0 && (0.0..=max).contains(n))
}

/// Reads a replay's step: a whole number from 0; anything else is an `invalid_option`.
pub(crate) fn arg_step(value: &JsValue) -> Result<usize, OptionError> {
    arg_whole(value, usize::MAX as f64)
        .map(|n| n as usize)
        .ok_or_else(|| OptionError::new("step must be a whole number from 0"))
}

/// Reads a player name (`'red'` / `'blue'`); anything else is an `invalid_option`.
pub(crate) fn arg_player(value: &JsValue, what: &str) -> Result<Player, OptionError> {
    value
        .as_string()
        .as_deref()
        .and_then(Player::from_name)
        .ok_or_else(|| OptionError::new(crate::notation::cat(&[what, " must be 'red' or 'blue'"])))
}

/// Reads the arguments of `forfeit(player, reason)`: the loser (`'red'` or `'blue'`) then the reason
/// (`'time'` or `'abandoned'`); anything else is an `invalid_option`.
pub(crate) fn arg_forfeit(
    player: &JsValue,
    reason: &JsValue,
) -> Result<(Player, crate::engine::ForfeitReason), OptionError> {
    let loser = arg_player(player, "forfeit's player")?;
    let reason = reason
        .as_string()
        .as_deref()
        .and_then(crate::engine::ForfeitReason::from_name)
        .ok_or_else(|| OptionError::new("forfeit's reason must be 'time' or 'abandoned'"))?;
    Ok((loser, reason))
}

/// The `onProgress(done, total)` of `bot.review`'s and `simulate`'s second argument: an exception it
/// throws stops the work and is thrown again ([`Progress::finish`]).
pub(crate) struct Progress {
    f: Option<js_sys::Function>,
    thrown: Option<JsValue>,
}

impl Progress {
    /// Reads `{ onProgress? }` (`invalid_option` for anything else), as every options object is read:
    /// through `Object.entries` (a throwing getter or Proxy is refused).
    pub(crate) fn read(options: &JsValue) -> Result<Progress, JsValue> {
        Progress::split(options, None).map(|(progress, _)| progress)
    }

    /// Reads `onProgress` out of an options object that holds others too (`what` names it in
    /// errors): the progress, and a new plain object of the other options for [`options`]
    /// (`undefined` for none). Read through `Object.entries` once, so a getter runs once.
    pub(crate) fn read_among(
        options: &JsValue,
        what: &'static str,
    ) -> Result<(Progress, JsValue), JsValue> {
        Progress::split(options, Some(what))
    }

    /// [`Progress::read`] (`among: None`: no other key allowed) and [`Progress::read_among`].
    fn split(
        options: &JsValue,
        among: Option<&'static str>,
    ) -> Result<(Progress, JsValue), JsValue> {
        let mut progress = Progress {
            f: None,
            thrown: None,
        };
        if options.is_undefined() || options.is_null() {
            return Ok((progress, JsValue::UNDEFINED));
        }
        let bad = |why: &str| js_error(&OptionError::new(why));
        let what = among.unwrap_or("progress options");
        if !options.is_object() || tree::is_array(options) {
            let shape = if among.is_some() {
                " must be an object"
            } else {
                " must be an object { onProgress }"
            };
            return Err(bad(&crate::notation::cat(&[what, shape])));
        }
        let entries = tree::js_entries(options).map_err(|_| {
            bad(&crate::notation::cat(&[
                what,
                ": a value could not be read",
            ]))
        })?;
        let rest = js_sys::Array::new();
        for pair in entries.iter() {
            let pair: js_sys::Array = pair.unchecked_into();
            let f = pair.get(1);
            if pair.get(0).as_string().as_deref() != Some("onProgress") {
                if among.is_none() {
                    return Err(bad("progress options: the only option is onProgress"));
                }
                rest.push(&pair);
            } else if f.is_function() {
                progress.f = Some(f.unchecked_into());
            } else if !(f.is_undefined() || f.is_null()) {
                return Err(bad(&crate::notation::cat(&[
                    what,
                    ": onProgress must be a function",
                ])));
            }
        }
        // Own data properties, as read (`Object.fromEntries` keeps even a key `__proto__` one, to be
        // refused as unknown).
        let rest = js_sys::Object::from_entries(&rest).map_err(|_| {
            bad(&crate::notation::cat(&[
                what,
                ": a value could not be read",
            ]))
        })?;
        Ok((progress, rest.into()))
    }

    /// Calls `onProgress(done, total)`; `false` (stop) when it threw.
    pub(crate) fn report(&mut self, done: u32, total: u32) -> bool {
        let Some(f) = &self.f else { return true };
        let r = f.call2(&JsValue::NULL, &done.into(), &total.into());
        r.map_err(|e| self.thrown = Some(e)).is_ok()
    }

    /// The exception `onProgress` threw, if it did.
    pub(crate) fn finish(self) -> Result<(), JsValue> {
        self.thrown.map_or(Ok(()), Err)
    }
}
