//! The binding layer: the ONLY module that knows about wasm-bindgen. Thin wrappers around the core
//! types; every failure becomes a JavaScript `SteereError` with the stable code of the core error.
//!
//! Nothing here may panic: inputs are checked and every core error is mapped.
//!
//! The files, lowest first (each uses only those before it): `tree` (reading JavaScript values) and
//! `out` (writing them); `plain` (every shape that crosses the boundary, declared once, and the
//! settings its options are read into); `args` (arguments, options, states and errors); `class` (the
//! methods the two games' classes share, written once); then the classes `jokerball`, `zola`,
//! `matches` (which holds either game), `bot`, `sim`, and the free functions of `clock` and `rating`.
use wasm_bindgen::prelude::*;

mod args;
mod bot;
mod class;
mod clock;
mod jokerball;
mod matches;
mod out;
mod plain;
mod rating;
mod sim;
mod tree;
mod zola;

/// The allocator of the WebAssembly module (single-threaded: the package never shares its memory).
#[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

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
