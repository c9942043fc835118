//! `#[derive(JsonKeys)]` for steere-games: the JSON key of each field of a struct, read from the serde
//! attributes that already name it (`rename_all` on the struct, `rename` on a field), and whether serde
//! leaves the field out (`skip_serializing_if`), so that a key is written once, on the type, and every
//! other form of the type (the JavaScript binding's reader, writer and TypeScript) takes it from there.
//!
//! The output implements `crate::keys::JsonKeys` (the steere-games crate's own trait, which knows nothing
//! of JavaScript): a const table of `crate::keys::Key { field, key, omissible }` in declaration order, and
//! `omitted(&self, index)` calling the field's `skip_serializing_if` predicate.
//!
//! The derive registers `serde` as its helper attribute too, so a type written only by the binding (no
//! serde impl) names its keys in the same words. A serde attribute that would make serde's keys differ
//! from the table (`flatten`, `skip`, `alias`, `transparent`, `into`, a `rename` that differs between
//! serializing and deserializing, ...) is refused with a compile error rather than ignored.

use proc_macro::TokenStream;
use quote::quote;
use syn::ext::IdentExt;
use syn::meta::ParseNestedMeta;
use syn::{parse_macro_input, Data, DeriveInput, Error, Fields, LitStr, Result};

/// Derives `crate::keys::JsonKeys` for a struct with named fields from its serde attributes.
#[proc_macro_derive(JsonKeys, attributes(serde))]
pub fn derive_json_keys(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand(&input)
        .unwrap_or_else(Error::into_compile_error)
        .into()
}

/// One field as serde names it.
struct Field {
    /// The Rust name (without `r#`).
    name: String,
    /// The member for `self.<member>`.
    ident: syn::Ident,
    /// The JSON key.
    key: String,
    /// serde's `skip_serializing_if` predicate, if any.
    skip_if: Option<syn::ExprPath>,
}

fn expand(input: &DeriveInput) -> Result<proc_macro2::TokenStream> {
    let Data::Struct(data) = &input.data else {
        return Err(Error::new_spanned(
            &input.ident,
            "JsonKeys: only a struct with named fields has keys",
        ));
    };
    let Fields::Named(named) = &data.fields else {
        return Err(Error::new_spanned(
            &input.ident,
            "JsonKeys: only a struct with named fields has keys",
        ));
    };
    let rule = container_rule(&input.attrs)?;
    let mut fields = Vec::new();
    for f in &named.named {
        let Some(ident) = f.ident.clone() else {
            continue;
        };
        let name = ident.unraw().to_string();
        let (rename, skip_if) = field_attrs(&f.attrs)?;
        let key = rename.unwrap_or_else(|| rule.apply(&name));
        fields.push(Field {
            name,
            ident,
            key,
            skip_if,
        });
    }
    let entries = fields.iter().map(|f| {
        let (name, key) = (&f.name, &f.key);
        let omissible = f.skip_if.is_some();
        quote! { crate::keys::Key { field: #name, key: #key, omissible: #omissible } }
    });
    let skips: Vec<_> = fields
        .iter()
        .enumerate()
        .filter_map(|(i, f)| {
            let (ident, path) = (&f.ident, f.skip_if.as_ref()?);
            Some(quote! { #i => #path(&self.#ident), })
        })
        .collect();
    let omitted = if skips.is_empty() {
        quote! {}
    } else {
        quote! {
            #[inline(always)]
            fn omitted(&self, index: usize) -> bool {
                match index {
                    #(#skips)*
                    _ => false,
                }
            }
        }
    };
    let name = &input.ident;
    let (impl_generics, type_generics, where_clause) = input.generics.split_for_impl();
    Ok(quote! {
        impl #impl_generics crate::keys::JsonKeys for #name #type_generics #where_clause {
            const KEYS: &'static [crate::keys::Key] = &[#(#entries),*];
            #omitted
        }
    })
}

/// serde's `rename_all` rules, applied to a field name (snake_case) as serde applies them.
#[derive(Clone, Copy)]
enum Rule {
    Same,
    Upper,
    Pascal,
    Camel,
    Kebab,
    ScreamingKebab,
}

impl Rule {
    fn parse(name: &LitStr) -> Result<Rule> {
        Ok(match name.value().as_str() {
            "lowercase" | "snake_case" => Rule::Same,
            "UPPERCASE" | "SCREAMING_SNAKE_CASE" => Rule::Upper,
            "PascalCase" => Rule::Pascal,
            "camelCase" => Rule::Camel,
            "kebab-case" => Rule::Kebab,
            "SCREAMING-KEBAB-CASE" => Rule::ScreamingKebab,
            _ => {
                return Err(Error::new_spanned(
                    name,
                    "JsonKeys: unknown rename_all rule",
                ))
            }
        })
    }

    fn apply(self, field: &str) -> String {
        match self {
            Rule::Same => field.to_owned(),
            Rule::Upper => field.to_ascii_uppercase(),
            Rule::Kebab => field.replace('_', "-"),
            Rule::ScreamingKebab => field.to_ascii_uppercase().replace('_', "-"),
            Rule::Pascal | Rule::Camel => {
                let mut out = String::new();
                let mut capital = true;
                for c in field.chars() {
                    if c == '_' {
                        capital = true;
                    } else if capital {
                        out.push(c.to_ascii_uppercase());
                        capital = false;
                    } else {
                        out.push(c);
                    }
                }
                if let (Rule::Camel, Some(first)) = (self, out.chars().next()) {
                    out.replace_range(..first.len_utf8(), &first.to_ascii_lowercase().to_string());
                }
                out
            }
        }
    }
}

/// A name whose serialize and deserialize forms must agree: `x = "a"`, or `x(serialize = "a",
/// deserialize = "a")` with either given alone refused (the other would be the default).
fn one_name(meta: &ParseNestedMeta) -> Result<LitStr> {
    if meta.input.peek(syn::Token![=]) {
        return meta.value()?.parse();
    }
    let (mut ser, mut de) = (None, None);
    meta.parse_nested_meta(|inner| {
        let value: LitStr = inner.value()?.parse()?;
        if inner.path.is_ident("serialize") {
            ser = Some(value);
        } else if inner.path.is_ident("deserialize") {
            de = Some(value);
        } else {
            return Err(inner.error("JsonKeys: expected serialize or deserialize"));
        }
        Ok(())
    })?;
    match (ser, de) {
        (Some(s), Some(d)) if s.value() == d.value() => Ok(s),
        _ => {
            Err(meta.error("JsonKeys: the key must be the same for serializing and deserializing"))
        }
    }
}

/// Skips the value of a serde attribute that does not change the keys (`= "..."` if present).
fn skip_value(meta: &ParseNestedMeta) -> Result<()> {
    if meta.input.peek(syn::Token![=]) {
        let _: syn::Expr = meta.value()?.parse()?;
    } else if !meta.input.is_empty() && !meta.input.peek(syn::Token![,]) {
        let _: proc_macro2::Group = meta.input.parse()?;
    }
    Ok(())
}

/// The struct's `rename_all` rule (none: the field names as they are).
fn container_rule(attrs: &[syn::Attribute]) -> Result<Rule> {
    let mut rule = Rule::Same;
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        attr.parse_nested_meta(|meta| {
            let Some(word) = meta.path.get_ident().map(ToString::to_string) else {
                return Err(meta.error("JsonKeys: unknown serde attribute"));
            };
            match word.as_str() {
                "rename_all" => rule = Rule::parse(&one_name(&meta)?)?,
                // These change neither the keys nor which fields are written.
                "deny_unknown_fields" | "default" | "bound" | "expecting" | "crate" | "rename" => {
                    skip_value(&meta)?
                }
                _ => {
                    return Err(meta.error(format!(
                        "JsonKeys: serde's `{word}` makes the JSON other than the fields"
                    )))
                }
            }
            Ok(())
        })?;
    }
    Ok(rule)
}

/// A field's `rename` and `skip_serializing_if`.
fn field_attrs(attrs: &[syn::Attribute]) -> Result<(Option<String>, Option<syn::ExprPath>)> {
    let (mut rename, mut skip_if) = (None, None);
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        attr.parse_nested_meta(|meta| {
            let Some(word) = meta.path.get_ident().map(ToString::to_string) else {
                return Err(meta.error("JsonKeys: unknown serde attribute"));
            };
            match word.as_str() {
                "rename" => rename = Some(one_name(&meta)?.value()),
                "skip_serializing_if" => {
                    let path: LitStr = meta.value()?.parse()?;
                    skip_if = Some(path.parse()?);
                }
                // These change neither the key nor whether the field is written.
                "default" | "bound" => skip_value(&meta)?,
                _ => {
                    return Err(meta.error(format!(
                        "JsonKeys: serde's `{word}` would make the keys differ"
                    )))
                }
            }
            Ok(())
        })?;
    }
    Ok((rename, skip_if))
}

#[cfg(test)]
mod tests {
    use super::Rule;

    #[test]
    fn rules_as_serde_applies_them_to_fields() {
        let cases = [
            (Rule::Same, "post_crawford"),
            (Rule::Upper, "POST_CRAWFORD"),
            (Rule::Pascal, "PostCrawford"),
            (Rule::Camel, "postCrawford"),
            (Rule::Kebab, "post-crawford"),
            (Rule::ScreamingKebab, "POST-CRAWFORD"),
        ];
        for (rule, key) in cases {
            assert_eq!(rule.apply("post_crawford"), key);
        }
        assert_eq!(Rule::Camel.apply("to_act"), "toAct");
        assert_eq!(Rule::Camel.apply("game"), "game");
    }
}
