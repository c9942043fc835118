//! Plain data out to JavaScript: values are written as JSON text ([`ToJs`]) and parsed by the engine's
//! `JSON.parse` into plain objects and arrays.
//!
//! The writers are declared with their keys (in [`plain`](super::plain)) rather than derived with serde and
//! serde-wasm-bindgen, whose per-type serializers cost the package several KiB. Only strings, booleans,
//! integers, chances (fractions written with nine decimals, see `f64`'s writer), `null`, arrays and
//! objects are written (`simulate`'s timing is set on its object directly).

use std::fmt::Write;

use wasm_bindgen::JsValue;

/// A value written as JSON.
pub(crate) trait ToJs {
    /// Appends the JSON text of the value.
    fn write(&self, out: &mut String);
}

/// The JavaScript value of `value` (plain objects, arrays, strings, numbers, booleans, `null`).
pub(crate) fn to_js<T: ToJs + ?Sized>(value: &T) -> JsValue {
    let mut text = String::new();
    value.write(&mut text);
    js_sys::JSON::parse(&text).unwrap_or(JsValue::NULL)
}

/// Writes a JSON string literal.
pub(crate) fn write_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

impl ToJs for str {
    fn write(&self, out: &mut String) {
        write_str(out, self);
    }
}

impl ToJs for String {
    fn write(&self, out: &mut String) {
        write_str(out, self);
    }
}

impl<T: ToJs + ?Sized> ToJs for &T {
    fn write(&self, out: &mut String) {
        (**self).write(out);
    }
}

impl ToJs for bool {
    fn write(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

macro_rules! integer {
    ($($t:ty),*) => {$(
        impl ToJs for $t {
            fn write(&self, out: &mut String) {
                let _ = write!(out, "{}", u64::from(*self));
            }
        }
    )*};
}
integer!(u8, u32, u64);

/// A chance or a difference of chances, to nine decimals (written from integers: the float formatting
/// of `core` would cost the package several KiB). Not finite is written as 0.
impl ToJs for f64 {
    fn write(&self, out: &mut String) {
        let x = if self.is_finite() { *self } else { 0.0 };
        let n = (x.abs() * 1e9).round() as u64;
        if x < 0.0 && n > 0 {
            out.push('-');
        }
        let _ = write!(out, "{}.{:09}", n / 1_000_000_000, n % 1_000_000_000);
    }
}

impl<T: ToJs> ToJs for Option<T> {
    fn write(&self, out: &mut String) {
        match self {
            Some(v) => v.write(out),
            None => out.push_str("null"),
        }
    }
}

impl<T: ToJs> ToJs for [T] {
    fn write(&self, out: &mut String) {
        out.push('[');
        for (i, v) in self.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            v.write(out);
        }
        out.push(']');
    }
}

impl<T: ToJs> ToJs for Vec<T> {
    fn write(&self, out: &mut String) {
        self.as_slice().write(out);
    }
}

/// Starts the field `key` of an object being written (`first`: no comma before it).
pub(crate) fn key(out: &mut String, key: &str, first: bool) {
    out.push_str(if first { "{" } else { "," });
    write_str(out, key);
    out.push(':');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped() {
        let mut out = String::new();
        write_str(&mut out, "a\"b\\c\nd");
        assert_eq!(out, r#""a\"b\\c\u000ad""#);
    }

    #[test]
    fn chances_are_written_with_nine_decimals() {
        for (x, text) in [
            (0.5, "0.500000000"),
            (-0.0123, "-0.012300000"),
            (1.0, "1.000000000"),
            (-1e-12, "0.000000000"),
            (f64::NAN, "0.000000000"),
            (2.0 / 3.0, "0.666666667"),
        ] {
            let mut out = String::new();
            x.write(&mut out);
            assert_eq!(out, text);
        }
    }

    #[test]
    fn structs_and_options() {
        let mut out = String::new();
        crate::matchplay::Cube {
            value: 2,
            owner: Some(crate::player::Player::Blue),
        }
        .write(&mut out);
        assert_eq!(out, r#"{"value":2,"owner":"blue"}"#);
        let mut out = String::new();
        vec![None, Some(3u32)].write(&mut out);
        assert_eq!(out, "[null,3]");
    }
}
