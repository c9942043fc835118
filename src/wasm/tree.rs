//! A JavaScript value copied into plain Rust data, and a serde `Deserializer` over it.
//!
//! serde-wasm-bindgen reads only the fields a struct declares, so `#[serde(deny_unknown_fields)]`
//! never sees an unknown key. Going through this tree, every key of every object is visited, so unknown
//! keys are refused at any depth. (serde_json's `Value` would do the same but costs far more of the
//! package's size budget.) Depth and size are bounded, so hostile or cyclic objects are refused, not
//! followed. Every read that can run user code (getters, Proxy traps) is caught, so an object whose
//! getter throws, a revoked Proxy or a huge array is refused with an error, never a JavaScript throw.

#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::fmt;

use serde::de::value::{MapDeserializer, SeqDeserializer, StringDeserializer};
use serde::de::{self, IntoDeserializer, Visitor};
use serde::forward_to_deserialize_any;
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
    fn js_entries(value: &JsValue) -> Result<js_sys::Array, JsValue>;
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
pub(crate) struct TreeError(String);

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
            if entries.length() as usize > MAX_NODES - *nodes {
                return Err(TreeError("the value is too large".into()));
            }
            let mut fields = Vec::new();
            for pair in entries.iter() {
                // Each entry is a fresh `[key, value]` array made by `Object.entries`: plain reads.
                let pair: js_sys::Array = pair.unchecked_into();
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
            Tree::Obj(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}

impl<'de> de::Deserializer<'de> for Tree {
    type Error = TreeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, TreeError> {
        match self {
            Tree::Null => visitor.visit_unit(),
            Tree::Bool(b) => visitor.visit_bool(b),
            Tree::Num(n) => {
                // Integers reach serde as integers (so `u8`, `u32` fields range-check them).
                if n.fract() == 0.0 && n.abs() <= MAX_SAFE_INTEGER as f64 {
                    if n >= 0.0 {
                        visitor.visit_u64(n as u64)
                    } else {
                        visitor.visit_i64(n as i64)
                    }
                } else {
                    visitor.visit_f64(n)
                }
            }
            Tree::Str(s) => visitor.visit_string(s),
            Tree::Arr(items) => {
                let mut seq = SeqDeserializer::new(items.into_iter());
                let value = visitor.visit_seq(&mut seq)?;
                seq.end()?;
                Ok(value)
            }
            Tree::Obj(fields) => {
                let mut map = MapDeserializer::new(fields.into_iter());
                let value = visitor.visit_map(&mut map)?;
                map.end()?;
                Ok(value)
            }
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, TreeError> {
        match self {
            Tree::Null => visitor.visit_none(),
            other => visitor.visit_some(other),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, TreeError> {
        match self {
            Tree::Str(s) => {
                let variant: StringDeserializer<TreeError> = s.into_deserializer();
                visitor.visit_enum(variant)
            }
            _ => Err(de::Error::custom("expected a string")),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, TreeError> {
        visitor.visit_newtype_struct(self)
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}

impl<'de> IntoDeserializer<'de, TreeError> for Tree {
    type Deserializer = Tree;

    fn into_deserializer(self) -> Tree {
        self
    }
}
