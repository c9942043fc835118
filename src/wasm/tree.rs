//! A JavaScript value copied into plain Rust data, and the typed reading of options and JSON states
//! from it ([`FromTree`]).
//!
//! Every key of every object is checked against the keys its type declares, so unknown keys are refused
//! at any depth. The readers are declared with their keys (in [`plain`](super::plain)) rather than derived with
//! serde: serde's derived `Deserialize` instantiates a visitor per type and per deserializer and cost
//! the package about a quarter of its wasm. Depth and size are bounded, so hostile or cyclic objects are
//! refused, not followed. Every read that can run user code (getters, Proxy traps) is caught, so an
//! object whose getter throws, a revoked Proxy or a huge array is refused with an error, never a
//! JavaScript throw.

use std::fmt;

use serde::de::value::StrDeserializer;
use serde::de::{self, DeserializeOwned};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};

use crate::dice::MAX_SAFE_INTEGER;

/// How deep objects and arrays may nest (a game state needs 4).
const MAX_DEPTH: usize = 16;
/// How many values a tree may hold in all (a long game's history is a few thousand strings).
const MAX_NODES: usize = 200_000;

#[wasm_bindgen]
extern "C" {
    /// `Array.isArray(value)`; throws for a revoked Proxy.
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn js_is_array(value: &JsValue) -> Result<bool, JsValue>;
    /// `Object.entries(value)`; runs getters and Proxy traps, which may throw.
    #[wasm_bindgen(catch, js_namespace = Object, js_name = entries)]
    pub(crate) fn js_entries(value: &JsValue) -> Result<js_sys::Array, JsValue>;
    /// A value whose `length` is read without running user code: a string, or an array made by
    /// `Object.entries` (one binding serves both).
    pub(crate) type WithLength;
    /// Its `length`.
    #[wasm_bindgen(method, getter)]
    pub(crate) fn length(this: &WithLength) -> u32;
}

/// Whether `value` is an array (a Proxy that cannot say is treated as an array, then refused when read).
pub(crate) fn is_array(value: &JsValue) -> bool {
    js_is_array(value).unwrap_or(true)
}

/// A plain value: what JSON can say.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Tree {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Tree>),
    Obj(Vec<(String, Tree)>),
}

/// Why a value could not be read.
#[derive(Debug)]
pub(crate) struct TreeError(pub(crate) String);

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TreeError {}

impl de::Error for TreeError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        TreeError(msg.to_string())
    }

    // serde's own messages print a fractional number with `f64`'s `Display`, which costs the package
    // about 14 KB of wasm: say what kind of value it was instead.
    fn invalid_type(unexp: de::Unexpected<'_>, exp: &dyn de::Expected) -> Self {
        TreeError(format!("invalid type: {}, expected {exp}", kind(&unexp)))
    }

    fn invalid_value(unexp: de::Unexpected<'_>, exp: &dyn de::Expected) -> Self {
        TreeError(format!("invalid value: {}, expected {exp}", kind(&unexp)))
    }
}

/// An unexpected value, described without printing floating-point numbers.
fn kind(unexp: &de::Unexpected<'_>) -> String {
    match unexp {
        de::Unexpected::Float(_) => "a fractional number".into(),
        de::Unexpected::Unsigned(n) => format!("integer {n}"),
        de::Unexpected::Signed(n) => format!("integer {n}"),
        de::Unexpected::Str(s) => format!("string '{s}'"),
        de::Unexpected::Bool(b) => format!("boolean {b}"),
        de::Unexpected::Unit => "null".into(),
        de::Unexpected::Seq => "an array".into(),
        de::Unexpected::Map => "an object".into(),
        de::Unexpected::Char(c) => format!("character '{c}'"),
        de::Unexpected::Other(what) => (*what).to_string(),
        _ => "another kind of value".into(),
    }
}

impl Tree {
    /// Copies a JavaScript value (`undefined` reads as `null`; functions, symbols and bigints are refused).
    pub(crate) fn from_js(value: &JsValue) -> Result<Tree, TreeError> {
        let mut nodes = 0;
        Tree::read(value, 0, &mut nodes)
    }

    fn read(value: &JsValue, depth: usize, nodes: &mut usize) -> Result<Tree, TreeError> {
        *nodes += 1;
        if *nodes > MAX_NODES {
            return Err(TreeError("the value is too large".into()));
        }
        if value.is_null() || value.is_undefined() {
            return Ok(Tree::Null);
        }
        if let Some(b) = value.as_bool() {
            return Ok(Tree::Bool(b));
        }
        if let Some(n) = value.as_f64() {
            return Ok(Tree::Num(n));
        }
        if let Some(s) = value.as_string() {
            return Ok(Tree::Str(s));
        }
        if depth >= MAX_DEPTH {
            return Err(TreeError("objects are nested too deeply".into()));
        }
        let unreadable =
            |_| TreeError("a value could not be read (a getter or Proxy threw)".into());
        if js_is_array(value).map_err(unreadable)? {
            let length = js_sys::Reflect::get(value, &JsValue::from_str("length"))
                .map_err(unreadable)?
                .as_f64()
                .unwrap_or(0.0);
            // Each item is a node: an array longer than the nodes left is too large, whatever it holds.
            if !(length >= 0.0 && length <= (MAX_NODES - *nodes) as f64) {
                return Err(TreeError("the value is too large".into()));
            }
            let length = length as u32;
            let mut items = Vec::with_capacity((length as usize).min(1024));
            for i in 0..length {
                let item = js_sys::Reflect::get_u32(value, i).map_err(unreadable)?;
                items.push(Tree::read(&item, depth + 1, nodes)?);
            }
            return Ok(Tree::Arr(items));
        }
        if value.is_object() && !value.is_function() {
            let entries = js_entries(value).map_err(unreadable)?;
            let count = entries.unchecked_ref::<WithLength>().length();
            if count as usize > MAX_NODES - *nodes {
                return Err(TreeError("the value is too large".into()));
            }
            let mut fields = Vec::new();
            for i in 0..count {
                // Each entry is a fresh `[key, value]` array made by `Object.entries`: plain reads.
                let pair: js_sys::Array = entries.get(i).unchecked_into();
                let key = pair
                    .get(0)
                    .as_string()
                    .ok_or_else(|| TreeError("an object key is not a string".into()))?;
                fields.push((key, Tree::read(&pair.get(1), depth + 1, nodes)?));
            }
            return Ok(Tree::Obj(fields));
        }
        Err(TreeError(
            "unsupported value (a function, symbol or bigint)".into(),
        ))
    }

    /// The value of `key` in an object.
    pub(crate) fn get(&self, key: &str) -> Option<&Tree> {
        match self {
            Tree::Obj(fields) => lookup(fields, key),
            _ => None,
        }
    }

    /// What kind of value this is, for messages.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Tree::Null => "null",
            Tree::Bool(_) => "a boolean",
            Tree::Num(_) => "a number",
            Tree::Str(_) => "a string",
            Tree::Arr(_) => "an array",
            Tree::Obj(_) => "an object",
        }
    }

    /// This value as an object whose keys are all among `keys` (an unknown key is an error).
    pub(crate) fn object(&self, keys: &[&str]) -> Result<Fields<'_>, String> {
        let Tree::Obj(fields) = self else {
            return Err(expected("an object", self));
        };
        if let Some((key, _)) = fields.iter().find(|(k, _)| !keys.contains(&k.as_str())) {
            // Written out rather than with `format!` and `join`, which bring their own routines.
            let mut message =
                crate::notation::cat(&["unknown field '", key, "', expected one of: "]);
            for (i, k) in keys.iter().enumerate() {
                if i > 0 {
                    message.push_str(", ");
                }
                message.push_str(k);
            }
            return Err(message);
        }
        Ok(Fields(fields))
    }
}

/// The fields of an object whose keys have been checked ([`Tree::object`]).
pub(crate) struct Fields<'a>(&'a [(String, Tree)]);

impl Fields<'_> {
    /// Reads the field `key`; an absent key is `None` for an `Option`, else an error.
    pub(crate) fn field<T: FromTree>(&self, key: &str) -> Result<T, String> {
        match lookup(self.0, key) {
            Some(value) => T::from_tree(value).map_err(|e| in_field(key, &e)),
            None => T::absent().ok_or_else(|| missing(key)),
        }
    }
}

/// The value of `key` among an object's fields: the one lookup of every reader (not generic, so each
/// type's reader calls it rather than carrying its own copy).
#[inline(never)]
fn lookup<'a>(fields: &'a [(String, Tree)], key: &str) -> Option<&'a Tree> {
    fields.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

/// The message of a field that could not be read: `key: why`.
#[inline(never)]
fn in_field(key: &str, why: &str) -> String {
    let mut message = String::with_capacity(key.len() + 2 + why.len());
    message.push_str(key);
    message.push_str(": ");
    message.push_str(why);
    message
}

/// The message of a value of the wrong kind: `expected <what>, found <its kind>`.
#[inline(never)]
pub(crate) fn expected(what: &str, found: &Tree) -> String {
    let mut message = String::from("expected ");
    message.push_str(what);
    message.push_str(", found ");
    message.push_str(found.kind());
    message
}

/// The message of a required field that is absent.
#[inline(never)]
fn missing(key: &str) -> String {
    let mut message = String::from("missing field '");
    message.push_str(key);
    message.push('\'');
    message
}

/// A type read from a [`Tree`] (options objects, JSON states and their parts).
pub(crate) trait FromTree: Sized {
    /// Reads the value, or says what is wrong with it.
    fn from_tree(tree: &Tree) -> Result<Self, String>;
    /// The value of an absent field, if the type has one (only `Option`).
    fn absent() -> Option<Self> {
        None
    }
}

impl<T: FromTree> FromTree for Option<T> {
    fn from_tree(tree: &Tree) -> Result<Self, String> {
        match tree {
            Tree::Null => Ok(None),
            other => T::from_tree(other).map(Some),
        }
    }
    fn absent() -> Option<Self> {
        Some(None)
    }
}

impl<T: FromTree> FromTree for Vec<T> {
    fn from_tree(tree: &Tree) -> Result<Self, String> {
        match tree {
            Tree::Arr(items) => {
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    out.push(T::from_tree(item)?);
                }
                Ok(out)
            }
            other => Err(expected("an array", other)),
        }
    }
}

/// The scalars: a `Tree` variant and what its value is called in an error.
macro_rules! scalar {
    ($($t:ty: $variant:ident($v:ident) => $value:expr, $what:literal;)*) => {$(
        impl FromTree for $t {
            fn from_tree(tree: &Tree) -> Result<Self, String> {
                match tree {
                    Tree::$variant($v) => Ok($value),
                    other => Err(expected($what, other)),
                }
            }
        }
    )*};
}
scalar! {
    bool: Bool(b) => *b, "a boolean";
    String: Str(s) => s.clone(), "a string";
    f64: Num(n) => *n, "a number";
}

/// An integer `0..=max`.
fn integer(tree: &Tree, max: u64) -> Result<u64, String> {
    match tree {
        // `max as f64` is exact: `max` is at most 2^53 - 1.
        Tree::Num(n) if n.fract() == 0.0 && *n >= 0.0 && *n <= max as f64 => Ok(*n as u64),
        Tree::Num(_) => {
            let mut message = String::from("expected an integer from 0 to ");
            crate::error::push_u64(&mut message, max);
            Err(message)
        }
        other => Err(expected("an integer", other)),
    }
}

macro_rules! unsigned {
    ($($t:ty),*) => {$(
        impl FromTree for $t {
            fn from_tree(tree: &Tree) -> Result<Self, String> {
                let max = (<$t>::MAX as u64).min(MAX_SAFE_INTEGER);
                integer(tree, max).map(|n| n as $t)
            }
        }
    )*};
}
unsigned!(u8, u32, u64);

/// Reads a string-valued enum through its serde names (one place says the names: the core type).
pub(crate) fn named<T: DeserializeOwned>(tree: &Tree) -> Result<T, String> {
    match tree {
        Tree::Str(s) => T::deserialize(StrDeserializer::<TreeError>::new(s)).map_err(|e| e.0),
        other => Err(expected("a string", other)),
    }
}
