//! The binding layer: the ONLY module that knows about wasm-bindgen. Thin wrappers around the core
//! types; every failure becomes a JavaScript `SteereError` with the stable code of the core error.
//!
//! Nothing here may panic: inputs are checked and every core error is mapped.
use wasm_bindgen::prelude::*;

use crate::bot::Level;
use crate::error::{Coded, DiceError, OptionError, ParseError, PlayError, ReplayError, SetupError};
use crate::matchplay::{CubeError, MatchError};
use crate::notation::MAX_INPUT_LEN;
use crate::player::Player;

mod bot;
mod jokerball;
mod matches;
mod out;
mod plain;
mod sim;
mod tree;
mod zola;

/// The allocator of the WebAssembly module (single-threaded: the package never shares its memory).
#[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

pub(crate) use out::to_js;
pub(crate) use tree::FromTree;

/// The TypeScript union of the error codes, made from the one list in `src/error.rs` (used only by the
/// wasm build and the tests).
#[cfg_attr(not(any(target_arch = "wasm32", test)), allow(unused_macros))]
macro_rules! error_code_union {
    ($($(#[$doc:meta])* $variant:ident = $code:literal,)*) => {
        concat!(
            "\n/** The stable code of every failure (`SteereError.code`). */\nexport type SteereErrorCode =",
            $("\n  | '", $code, "'",)*
            ";\n"
        )
    };
}

#[wasm_bindgen(typescript_custom_section)]
const ERROR_CODES_TS: &str = crate::error::error_code_list!(error_code_union);

#[wasm_bindgen(module = "/js/steere_error.js")]
extern "C" {
    #[wasm_bindgen(js_name = makeSteereError)]
    fn make_steere_error(code: &str, message: &str) -> JsValue;
    /// The `freed` error if `thrown` is one (a freed object's method threw it), else `otherwise`.
    #[wasm_bindgen(js_name = freedArgument)]
    fn freed_argument(thrown: &JsValue, otherwise: JsValue) -> JsValue;
}

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`: milliseconds with a fraction (Node and browsers), for `simulate`'s timing
    /// and the bot's deadline.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn now() -> f64;
}

/// The JavaScript value thrown for a core error.
pub(crate) fn js_error(e: &(impl Coded + ?Sized)) -> JsValue {
    make_steere_error(e.code().as_str(), &e.to_string())
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
    MatchError
);

/// Reads a string argument (a move, a position string): anything but a string of at most
/// [`MAX_INPUT_LEN`] characters is a `parse_error`.
pub(crate) fn arg_string(value: &JsValue, what: &str) -> Result<String, ParseError> {
    let Some(s) = value.as_string() else {
        return Err(ParseError::new(format!("{what} must be a string")));
    };
    if s.chars().count() > MAX_INPUT_LEN {
        return Err(ParseError::new(format!(
            "{what} is longer than {MAX_INPUT_LEN} characters"
        )));
    }
    Ok(s)
}

/// Reads a move argument: a notation string, or an object whose `notation` property is one.
pub(crate) fn arg_move(value: &JsValue) -> Result<String, ParseError> {
    if value.is_object() {
        let notation = js_sys::Reflect::get(value, &JsValue::from_str("notation"))
            .map_err(|_| ParseError::new("move object has no readable notation"))?;
        return arg_string(&notation, "move notation");
    }
    arg_string(value, "move")
}

/// Reads an array of strings (a history): anything else, an over-long string or an array too large to
/// read is a `parse_error`. Read through a [`tree::Tree`], so getters and Proxies cannot throw through.
pub(crate) fn arg_strings(value: &JsValue, what: &str) -> Result<Vec<String>, ParseError> {
    let bad = || ParseError::new(format!("{what} must be an array of strings"));
    if !value.is_object() || !tree::is_array(value) {
        return Err(bad());
    }
    let tree::Tree::Arr(items) =
        tree::Tree::from_js(value).map_err(|e| ParseError::new(format!("{what}: {e}")))?
    else {
        return Err(bad());
    };
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let tree::Tree::Str(s) = item else {
            return Err(bad());
        };
        if s.chars().count() > MAX_INPUT_LEN {
            return Err(ParseError::new(format!(
                "{what}: an entry is longer than {MAX_INPUT_LEN} characters"
            )));
        }
        out.push(s);
    }
    Ok(out)
}

/// The size of the module's WebAssembly memory in bytes (`memory.buffer.byteLength`), for leak checks:
/// it grows when the program needs more and never shrinks.
/// @throws Nothing.
#[wasm_bindgen(js_name = memoryBytes)]
pub fn memory_bytes() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        (core::arch::wasm32::memory_size::<0>() as f64) * 65536.0
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0.0
    }
}

/// Reads a JavaScript value into `T` through a [`tree::Tree`]: every key of every nested object is
/// checked, so unknown keys are refused.
pub(crate) fn from_js<T: FromTree>(value: &JsValue) -> Result<T, String> {
    let tree = tree::Tree::from_js(value).map_err(|e| e.to_string())?;
    T::from_tree(&tree)
}

/// Reads an options object into `T` (unknown keys are refused).
/// `undefined` and `null` mean all defaults. Any problem is an `invalid_option`.
pub(crate) fn options<T: FromTree + Default>(value: JsValue, what: &str) -> Result<T, OptionError> {
    if value.is_undefined() || value.is_null() {
        return Ok(T::default());
    }
    if !value.is_object() || tree::is_array(&value) {
        return Err(OptionError::new(format!("{what} must be an object")));
    }
    from_js(&value).map_err(|e| OptionError::new(format!("{what}: {e}")))
}

/// Reads a JSON state object into `T` (unknown keys refused at every depth); any problem is a
/// `parse_error`.
pub(crate) fn state<T: FromTree>(value: JsValue) -> Result<T, ParseError> {
    if !value.is_object() || tree::is_array(&value) {
        return Err(ParseError::new("a JSON state must be an object"));
    }
    from_js(&value).map_err(|e| ParseError::new(format!("bad JSON state: {e}")))
}

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

/// Reads `toJSON`'s argument: `JSON.stringify(x)` calls `toJSON(key)` with a string, read as no options.
pub(crate) fn to_json_options(value: JsValue) -> Result<bool, OptionError> {
    if value.is_string() {
        return Ok(true);
    }
    let o: plain::ToJsonOptions = options(value, "toJSON options")?;
    Ok(o.0.rng)
}

/// The settings of `fromRecord`.
#[derive(Debug, Default)]
pub(crate) struct RecordSettings {
    /// The seed of the dice the game goes on with.
    pub(crate) seed: Option<crate::dice::Seed>,
}

/// Reads a record argument: a string of at most 1 MiB of UTF-8, else a `parse_error`. The length is
/// checked before the text is copied (a UTF-8 text is never shorter than its UTF-16 length).
pub(crate) fn arg_record(value: &JsValue) -> Result<String, ParseError> {
    use wasm_bindgen::JsCast;
    let too_long = || ParseError::new("the record is longer than 1 MiB (1,048,576 bytes of UTF-8)");
    if !value.is_string() {
        return Err(ParseError::new("a record must be a string"));
    }
    if value.unchecked_ref::<tree::WithLength>().length() as usize > crate::record::MAX_RECORD_LEN {
        return Err(too_long());
    }
    let text = value
        .as_string()
        .ok_or_else(|| ParseError::new("a record must be a string"))?;
    if text.len() > crate::record::MAX_RECORD_LEN {
        return Err(too_long());
    }
    Ok(text)
}

/// Reads the tags given to `toRecord`: absent, or an object of strings whose names and values are
/// allowed (`invalid_option` otherwise: a derived tag, a line break, ...).
pub(crate) fn arg_tags(value: JsValue) -> Result<crate::record::Tags, OptionError> {
    let mut tags = crate::record::Tags::new();
    if value.is_undefined() || value.is_null() {
        return Ok(tags);
    }
    if !value.is_object() || tree::is_array(&value) {
        return Err(OptionError::new(
            "toRecord's tags must be an object of strings",
        ));
    }
    let tree = tree::Tree::from_js(&value).map_err(|e| OptionError::new(format!("tags: {e}")))?;
    let tree::Tree::Obj(fields) = tree else {
        return Err(OptionError::new(
            "toRecord's tags must be an object of strings",
        ));
    };
    for (name, value) in &fields {
        let tree::Tree::Str(value) = value else {
            return Err(OptionError::new(format!("the tag {name} must be a string")));
        };
        tags.set(name, value)?;
    }
    Ok(tags)
}

/// Reads a bot level name.
impl FromTree for Level {
    fn from_tree(tree: &tree::Tree) -> Result<Self, String> {
        let name = String::from_tree(tree)?;
        Level::from_name(&name).ok_or_else(|| format!("'{name}' is not 'easy', 'medium' or 'hard'"))
    }
}

/// Reads a player name (`'red'` / `'blue'`); anything else is an `invalid_option`.
pub(crate) fn arg_player(value: &JsValue, what: &str) -> Result<Player, OptionError> {
    value
        .as_string()
        .as_deref()
        .and_then(Player::from_name)
        .ok_or_else(|| OptionError::new(format!("{what} must be 'red' or 'blue'")))
}

#[cfg(test)]
mod tests {
    use crate::error::ErrorCode;

    #[test]
    fn the_typescript_union_lists_every_code() {
        let ts: &str = crate::error::error_code_list!(error_code_union);
        let union = ts
            .split("export type SteereErrorCode =")
            .nth(1)
            .unwrap_or("");
        let listed: Vec<&str> = union
            .split('|')
            .map(|s| s.trim().trim_end_matches(';').trim_matches('\''))
            .filter(|s| !s.is_empty())
            .collect();
        let all: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
        assert_eq!(listed, all);
    }
}
