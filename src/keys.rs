//! The JSON keys of the plain-data types, declared once: `#[derive(JsonKeys)]` (the workspace crate
//! `keys-derive`) reads them from the serde attributes that give serde its names (`rename_all` on the
//! struct, `rename` on a field, `skip_serializing_if`) and puts them in a const table, [`JsonKeys::KEYS`].
//! Whatever else writes or reads the type's JSON takes its keys from that table at compile time (the
//! JavaScript binding's `plain!` entries name fields, never keys), so serde's form and the others cannot
//! disagree on a key.
//!
//! A type that has no serde impl may still derive `JsonKeys`, naming its keys with the same `serde`
//! attributes. The lookups are `const fn`s: a field name that the type lacks is a compile error.

pub(crate) use steere_keys_derive::JsonKeys;

/// One field's JSON form.
#[derive(Debug, Clone, Copy)]
#[allow(
    dead_code,
    reason = "read at compile time by the binding's declarations; the plain library reads none"
)]
pub(crate) struct Key {
    /// The field's Rust name.
    pub(crate) field: &'static str,
    /// Its JSON key.
    pub(crate) key: &'static str,
    /// Whether serde leaves it out when its predicate (`skip_serializing_if`) says so.
    pub(crate) omissible: bool,
}

/// A struct's JSON keys, in the order of its fields (serde's order).
#[allow(
    dead_code,
    reason = "read by the binding's declarations; the plain library reads none"
)]
pub(crate) trait JsonKeys {
    /// Every field, in declaration order.
    const KEYS: &'static [Key];

    /// Whether field number `index` (of [`JsonKeys::KEYS`]) is left out of the written form: its
    /// `skip_serializing_if` predicate, false for a field without one.
    fn omitted(&self, index: usize) -> bool {
        let _ = index;
        false
    }
}

/// Whether two strings are equal (in a const context).
#[allow(dead_code, reason = "read by the binding's declarations")]
const fn same(a: &str, b: &str) -> bool {
    let (mut a, mut b) = (a.as_bytes(), b.as_bytes());
    loop {
        match (a, b) {
            ([x, more_a @ ..], [y, more_b @ ..]) if *x == *y => (a, b) = (more_a, more_b),
            ([], []) => return true,
            _ => return false,
        }
    }
}

/// The index in `keys` of the field named `field`. Evaluated at compile time: a field the type lacks
/// stops the build.
#[allow(dead_code, reason = "read by the binding's declarations")]
#[allow(
    clippy::panic,
    reason = "a compile-time check: the declaration names a field the type does not have"
)]
pub(crate) const fn index(keys: &[Key], field: &str) -> usize {
    let (mut i, mut rest) = (0, keys);
    while let [key, more @ ..] = rest {
        if same(key.field, field) {
            return i;
        }
        (i, rest) = (i + 1, more);
    }
    panic!("JsonKeys: no field of that name")
}

/// The field named `field` (compile time; see [`index`]).
#[allow(dead_code, reason = "read by the binding's declarations")]
#[allow(clippy::indexing_slicing, reason = "index returns an index of keys")]
pub(crate) const fn field(keys: &[Key], field: &str) -> Key {
    keys[index(keys, field)]
}

/// Whether `fields` are exactly the fields of `keys`, in the same order (compile time: a declaration
/// that must write or read every field checks it so).
#[allow(dead_code, reason = "read by the binding's declarations")]
pub(crate) const fn all_fields(mut keys: &[Key], mut fields: &[&str]) -> bool {
    loop {
        match (keys, fields) {
            ([key, more_keys @ ..], [field, more_fields @ ..]) if same(key.field, field) => {
                (keys, fields) = (more_keys, more_fields)
            }
            ([], []) => return true,
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A type only for this test: the derive applies serde's rules.
    #[derive(JsonKeys, serde::Serialize)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    struct Sample {
        to_act: u8,
        #[serde(rename = "match")]
        is_match: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        log: Option<u8>,
        r#type: u8,
    }

    #[test]
    fn keys_as_serde_names_them() {
        let keys: Vec<_> = Sample::KEYS
            .iter()
            .map(|k| (k.field, k.key, k.omissible))
            .collect();
        assert_eq!(
            keys,
            [
                ("to_act", "toAct", false),
                ("is_match", "match", false),
                ("log", "log", true),
                ("type", "type", false),
            ]
        );
        let s = Sample {
            to_act: 1,
            is_match: true,
            log: None,
            r#type: 2,
        };
        assert!(s.omitted(2));
        assert!(!s.omitted(0));
        assert!(!Sample { log: Some(1), ..s }.omitted(2));
        assert_eq!(
            serde_json::to_string(&s).unwrap(),
            r#"{"toAct":1,"match":true,"type":2}"#
        );
        const LOG: Key = field(Sample::KEYS, "log");
        assert_eq!(LOG.key, "log");
        assert!(all_fields(
            Sample::KEYS,
            &["to_act", "is_match", "log", "type"]
        ));
        assert!(!all_fields(
            Sample::KEYS,
            &["to_act", "log", "is_match", "type"]
        ));
        assert!(!all_fields(Sample::KEYS, &["to_act"]));
    }
}
