//! The binding layer: the ONLY module that knows about wasm-bindgen. Thin wrappers around the core
//! types; every failure becomes a JavaScript `SteereError` with the stable code of the core error.
//!
//! Nothing here may panic: inputs are checked and every core error is mapped.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use crate::dice::Seed;
use crate::error::{Coded, OptionError, ParseError};
use crate::notation::MAX_INPUT_LEN;
use crate::player::Player;

mod bot;
mod jokerball;
mod matches;
mod tree;
mod zola;

#[wasm_bindgen(typescript_custom_section)]
const COMMON_TS: &str = r#"
/** One of the two players (a colour). */
export type Player = 'red' | 'blue';
"#;

#[wasm_bindgen(module = "/js/steere_error.js")]
extern "C" {
    #[wasm_bindgen(js_name = makeSteereError)]
    fn make_steere_error(code: &str, message: &str) -> JsValue;
}

/// The JavaScript value thrown for a core error.
pub(crate) fn js_error(e: &(impl Coded + ?Sized)) -> JsValue {
    make_steere_error(e.code().as_str(), &e.to_string())
}

/// Maps a core result to a JavaScript one.
pub(crate) fn js<T, E: Coded>(r: Result<T, E>) -> Result<T, JsValue> {
    r.map_err(|e| js_error(&e))
}

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

/// Reads a JavaScript value into `T` through a [`tree::Tree`], so that serde sees every key of every
/// nested object: `deny_unknown_fields` then refuses unknown keys.
pub(crate) fn from_js<T: DeserializeOwned>(value: &JsValue) -> Result<T, String> {
    let tree = tree::Tree::from_js(value).map_err(|e| e.to_string())?;
    T::deserialize(tree).map_err(|e| e.to_string())
}

/// Reads an options object into `T` (a struct with `deny_unknown_fields`: unknown keys are refused).
/// `undefined` and `null` mean all defaults. Any problem is an `invalid_option`.
pub(crate) fn options<T: DeserializeOwned + Default>(
    value: JsValue,
    what: &str,
) -> Result<T, OptionError> {
    if value.is_undefined() || value.is_null() {
        return Ok(T::default());
    }
    if !value.is_object() || js_sys::Array::is_array(&value) {
        return Err(OptionError::new(format!("{what} must be an object")));
    }
    from_js(&value).map_err(|e| OptionError::new(format!("{what}: {e}")))
}

/// Reads a JSON state object into `T` (unknown keys refused at every depth); any problem is a
/// `parse_error`.
pub(crate) fn state<T: DeserializeOwned>(value: JsValue) -> Result<T, ParseError> {
    if !value.is_object() || js_sys::Array::is_array(&value) {
        return Err(ParseError::new("a JSON state must be an object"));
    }
    from_js(&value).map_err(|e| ParseError::new(format!("bad JSON state: {e}")))
}

/// Converts plain data to a JavaScript value: plain objects (not Maps), numbers for integers.
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    let ser = serde_wasm_bindgen::Serializer::json_compatible();
    value.serialize(&ser).unwrap_or(JsValue::NULL)
}

/// A seed as options carry it: an integer `0..=2^32-1` or a string. (Read by hand rather than as an
/// untagged enum, whose buffering costs the package size.)
#[derive(Debug, Clone)]
pub(crate) enum SeedOption {
    /// An integer seed (checked to be `0..=2^32-1`).
    Number(f64),
    /// A string seed.
    Text(String),
}

impl<'de> Deserialize<'de> for SeedOption {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct SeedVisitor;
        impl serde::de::Visitor<'_> for SeedVisitor {
            type Value = SeedOption;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an integer 0..2^32-1 or a string")
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<SeedOption, E> {
                Ok(SeedOption::Number(v as f64))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<SeedOption, E> {
                Ok(SeedOption::Number(v as f64))
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<SeedOption, E> {
                Ok(SeedOption::Number(v))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<SeedOption, E> {
                Ok(SeedOption::Text(v.to_owned()))
            }
            fn visit_string<E: serde::de::Error>(self, v: String) -> Result<SeedOption, E> {
                Ok(SeedOption::Text(v))
            }
        }
        d.deserialize_any(SeedVisitor)
    }
}

impl SeedOption {
    /// The core seed, or `invalid_option`.
    pub(crate) fn to_seed(&self) -> Result<Seed, OptionError> {
        match self {
            SeedOption::Number(n) => {
                if n.fract() == 0.0 && *n >= 0.0 && *n <= f64::from(u32::MAX) {
                    Ok(Seed::Number(*n as u32))
                } else {
                    Err(OptionError::new(
                        "seed must be an integer 0..2^32-1 or a string",
                    ))
                }
            }
            SeedOption::Text(s) => {
                if s.chars().count() > MAX_INPUT_LEN {
                    Err(OptionError::new(format!(
                        "seed is longer than {MAX_INPUT_LEN} characters"
                    )))
                } else {
                    Ok(Seed::Text(s.clone()))
                }
            }
        }
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
