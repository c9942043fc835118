//! The rating function (API "Lobby, pairing and ratings", "Ratings (FIBS)"): both players after a
//! finished match, by the core's [`crate::rating`] arithmetic, for sites that keep their own ratings.

use wasm_bindgen::prelude::*;

use super::args::{from_js, js_error, to_js};
use crate::error::OptionError;
use crate::notation::cat;
use crate::rating::RatedMatch;

/// Both players after a finished match of `length` points (a lone game: 1) by the FIBS formula: each
/// new rating and experience, each change, and the winner's chance as the ratings before it saw it.
/// The object given is not changed.
/// @throws {SteereError} `invalid_option` when it is not `{ winner: { rating, experience }, loser: {
/// rating, experience }, length }` (a key missing or unknown, a value of the wrong type), a rating is not
/// a finite number within 1000000 of 0, an experience not a whole number from 0 to 10^12, or the length
/// not a whole number from 1 to 1000.
#[wasm_bindgen(js_name = ratingChange, unchecked_return_type = "RatingChange")]
pub fn rating_change(
    #[wasm_bindgen(js_name = "match", unchecked_param_type = "RatedMatch")] rated: JsValue,
) -> Result<JsValue, JsValue> {
    let m: RatedMatch = from_js(&rated)
        .map_err(|e| js_error(&OptionError::new(cat(&["the match to rate: ", &e]))))?;
    Ok(to_js(&m.rate().map_err(|e| js_error(&e))?))
}
