//! The clock functions of online play (API "Clocks and abandoned games"): a time control checked, and a
//! clock started, switched and read at the server's timestamps by the core's [`crate::clock`] arithmetic.
//! The boardgame.io adapter and `<steere-game>` call them; the package reads no time of its own.

use wasm_bindgen::prelude::*;

use super::args::{arg_player, arg_whole, from_js, js_error, options, to_js};
use super::plain::TimeControlOptions;
use crate::clock::{Clock, ClockError, TimeControl, MAX_TIME_MS};
use crate::error::{OptionError, ParseError};
use crate::notation::cat;
use crate::player::Player;

/// Reads a timestamp or a duration in milliseconds (`invalid_option` otherwise).
fn arg_ms(value: &JsValue, what: &str) -> Result<u64, OptionError> {
    arg_whole(value, MAX_TIME_MS as f64)
        .map(|n| n as u64)
        .ok_or_else(|| {
            OptionError::new(cat(&[
                what,
                " must be a whole number of milliseconds from 0",
            ]))
        })
}

/// Reads `'red'`, `'blue'` or `null` (`invalid_option` otherwise).
fn arg_running(value: &JsValue, what: &str) -> Result<Option<Player>, OptionError> {
    if value.is_null() {
        Ok(None)
    } else {
        arg_player(value, what)
            .map(Some)
            .map_err(|_| OptionError::new(cat(&[what, " must be 'red', 'blue' or null"])))
    }
}

/// Reads and checks a time control.
fn control(value: JsValue) -> Result<TimeControl, JsValue> {
    if !value.is_object() {
        return Err(js_error(&OptionError::new(
            "a time control must be an object",
        )));
    }
    let o = options::<TimeControlOptions>(value, "time control")
        .map_err(|e| js_error(&e))?
        .0;
    let required = |v: Option<u64>, key: &str| {
        v.ok_or_else(|| {
            js_error(&OptionError::new(cat(&[
                "time control: ",
                key,
                " is required",
            ])))
        })
    };
    let delay = required(o.delay_ms, "delayMs")?;
    let reserve = required(o.reserve_ms, "reserveMs")?;
    TimeControl::new(delay, reserve, o.increment_ms.unwrap_or(0)).map_err(|e| js_error(&e))
}

/// Reads and checks a clock (`G.clock`): every key required, none unknown, nothing impossible.
fn clock(value: &JsValue) -> Result<Clock, JsValue> {
    if !value.is_object() {
        return Err(js_error(&ParseError::new("a clock must be an object")));
    }
    let c: Clock =
        from_js(value).map_err(|e| js_error(&ParseError::new(cat(&["bad clock: ", &e]))))?;
    c.check().map_err(|e: ClockError| js_error(&e))?;
    Ok(c)
}

/// Exports each `$name` (`$js` in JavaScript): the reading `$read` of a clock at the timestamp `nowMs`,
/// typed `$ts`, with its docs `$doc` (one string a line, as `game_class_methods!` takes them). Every
/// reading of a clock at a time takes these arguments and throws these errors.
macro_rules! reading_at {
    ($($js:ident: $name:ident -> $ts:literal = $read:path, [$($doc:literal),* $(,)?];)*) => {$(
        $(#[doc = $doc])*
        /// @throws {SteereError} `parse_error` for a bad clock; `invalid_option` for a bad timestamp.
        #[wasm_bindgen(js_name = $js, unchecked_return_type = $ts)]
        pub fn $name(
            #[wasm_bindgen(unchecked_param_type = "Clock")] clock_: JsValue,
            #[wasm_bindgen(js_name = nowMs, unchecked_param_type = "number")] now_ms: JsValue,
        ) -> Result<JsValue, JsValue> {
            let c = clock(&clock_)?;
            let now = arg_ms(&now_ms, "nowMs").map_err(|e| js_error(&e))?;
            Ok(to_js(&$read(&c, now)))
        }
    )*};
}

/// A time control checked and completed (`incrementMs` 0 when absent).
/// @throws {SteereError} `invalid_option` when it is not an object, has an unknown key, lacks `delayMs` or
/// `reserveMs`, or a value is not a whole number within its bounds (delay and increment 0..600000,
/// reserve 1000..86400000 ms).
#[wasm_bindgen(js_name = timeControl, unchecked_return_type = "TimeControl")]
pub fn time_control(
    #[wasm_bindgen(unchecked_param_type = "TimeControlOptions")] control_: JsValue,
) -> Result<JsValue, JsValue> {
    Ok(to_js(&control(control_)?))
}

/// A clock of `control` whose time runs for `running` from `nowMs` (`null`: nobody's until a switch).
/// @throws {SteereError} `invalid_option` for a bad control, player or timestamp.
#[wasm_bindgen(js_name = clockStart, unchecked_return_type = "Clock")]
pub fn clock_start(
    #[wasm_bindgen(unchecked_param_type = "TimeControlOptions")] control_: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Player | null")] running: JsValue,
    #[wasm_bindgen(js_name = nowMs, unchecked_param_type = "number")] now_ms: JsValue,
) -> Result<JsValue, JsValue> {
    let control = control(control_)?;
    let running = arg_running(&running, "running").map_err(|e| js_error(&e))?;
    let now = arg_ms(&now_ms, "nowMs").map_err(|e| js_error(&e))?;
    Ok(to_js(&Clock::start(&control, running, now)))
}

/// A new clock: the running player's turn ended at `nowMs` (the time past the delay off the reserve,
/// then the increment) and `next`'s time running from `nowMs` (`null`: nobody's). The clock given is
/// not changed.
/// @throws {SteereError} `parse_error` for a bad clock; `invalid_option` for a bad player or timestamp;
/// `game_over` when the running player's time is out at `nowMs`.
#[wasm_bindgen(js_name = clockSwitch, unchecked_return_type = "Clock")]
pub fn clock_switch(
    #[wasm_bindgen(unchecked_param_type = "Clock")] clock_: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Player | null")] next: JsValue,
    #[wasm_bindgen(js_name = nowMs, unchecked_param_type = "number")] now_ms: JsValue,
) -> Result<JsValue, JsValue> {
    let mut c = clock(&clock_)?;
    let next = arg_running(&next, "next").map_err(|e| js_error(&e))?;
    let now = arg_ms(&now_ms, "nowMs").map_err(|e| js_error(&e))?;
    c.switch(next, now).map_err(|e| js_error(&e))?;
    Ok(to_js(&c))
}

/// The timestamp at which the running player's time is out, `null` while nobody's time runs.
/// @throws {SteereError} `parse_error` for a bad clock.
#[wasm_bindgen(js_name = clockDeadline, unchecked_return_type = "number | null")]
pub fn clock_deadline(
    #[wasm_bindgen(unchecked_param_type = "Clock")] clock_: JsValue,
) -> Result<JsValue, JsValue> {
    Ok(to_js(&clock(&clock_)?.deadline()))
}

reading_at! {
    clockLeft: clock_left -> "ClockLeft" = Clock::left, [
        " What each player has left at `nowMs`: the reserve (never below 0) and the running player's free delay",
        " of the current turn (0 for the other).",
    ];
    clockFlagged: clock_flagged -> "Player | null" = Clock::flagged, [
        " The running player when their time is out at `nowMs` (at the deadline and after), else `null`.",
    ];
    clockFlag: clock_flag -> "ClockFlag | null" = Clock::flag, [
        " When the running player's time is out at `nowMs`: `{ player, clock }`, the player who lost on time and",
        " the clock stopped at the deadline with that player's reserve spent; else `null`.",
    ];
}

/// A clock read from a saved state, checked: every key, no unknown key, no impossible value (a delay or
/// increment beyond 600000 ms, a reserve beyond 24 hours). Returns a plain copy.
/// @throws {SteereError} `parse_error` for a bad clock.
#[wasm_bindgen(js_name = checkClock, unchecked_return_type = "Clock")]
pub fn check_clock(
    #[wasm_bindgen(unchecked_param_type = "unknown")] clock_: JsValue,
) -> Result<JsValue, JsValue> {
    Ok(to_js(&clock(&clock_)?))
}
