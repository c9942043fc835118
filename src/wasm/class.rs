//! The methods the `Jokerball` and `Zola` classes share, written once: [`game_class_methods!`] adds
//! them to a class that wraps a core game in its field `game` (a second `#[wasm_bindgen] impl` block
//! of the class). Each class's own file keeps what differs (the constructor, dice, moves, boards).

/// Adds the shared methods to `$class` (wrapping `$game` in the field `game`): `turn`, `phase`,
/// `winner`, `isLegal`, `view`, `tags`, `toRecord`, `fromRecord`, `fromJSON` and `replay`. The docs of
/// `turn` and `phase` are the class's own; `$phase_ts`, `$state_ts` and `$replay_ts` are TypeScript
/// names; `$replay` the options type read for `replay`.
macro_rules! game_class_methods {
    (
        $class:ident, $game:ty, turn: $turn_doc:tt, phase: $phase_doc:tt => $phase_ts:tt,
        state: $state_ts:tt, replay: $replay:ty => $replay_ts:tt
    ) => {
        #[wasm_bindgen::prelude::wasm_bindgen]
        impl $class {
            #[doc = $turn_doc]
            /// @throws {SteereError} `freed` after `free()`, and nothing else.
            #[wasm_bindgen(getter, unchecked_return_type = "Player")]
            pub fn turn(&self) -> String {
                crate::engine::Engine::turn(&self.game).name().to_owned()
            }

            #[doc = $phase_doc]
            /// @throws {SteereError} `freed` after `free()`, and nothing else.
            #[wasm_bindgen(getter, unchecked_return_type = $phase_ts)]
            pub fn phase(&self) -> String {
                self.game.phase().name().to_owned()
            }

            /// The winner, `null` while the game goes on.
            /// @throws {SteereError} `freed` after `free()`, and nothing else.
            #[wasm_bindgen(getter, unchecked_return_type = "Player | null")]
            pub fn winner(&self) -> wasm_bindgen::JsValue {
                super::args::to_js(&crate::engine::Engine::winner(&self.game))
            }

            /// Whether a move (a string, or an object with `notation`) is legal now. Anything else,
            /// malformed input included, is simply `false`.
            /// @throws {SteereError} `freed` after `free()`, and nothing else.
            #[wasm_bindgen(js_name = isLegal)]
            pub fn is_legal(
                &self,
                #[wasm_bindgen(unchecked_param_type = "string | { notation: string }")]
                mv: wasm_bindgen::JsValue,
            ) -> bool {
                super::args::arg_move(&mv)
                    .is_ok_and(|text| crate::engine::Engine::is_legal(&self.game, &text))
            }

            /// What a page draws, as the engine describes it (docs/api.md, "view()"): the board's
            /// kind and size, who acts, whether a turn is at its start, the result, the last move, the
            /// ball's line and the log.
            /// @throws {SteereError} `freed` after `free()`, and nothing else.
            #[wasm_bindgen(unchecked_return_type = "View")]
            pub fn view(&self) -> wasm_bindgen::JsValue {
                super::args::to_js(&crate::matchplay::view_of(&self.game))
            }

            /// The record tags (names, event, ...) kept from `fromRecord` or a restored state.
            #[wasm_bindgen(getter, unchecked_return_type = "RecordTags")]
            pub fn tags(&self) -> wasm_bindgen::JsValue {
                super::args::to_js(crate::record::Recorded::tags(&self.game))
            }

            /// The game as a record (docs/records.md), its tags overlaid with `tags`.
            #[wasm_bindgen(js_name = toRecord)]
            pub fn to_record(
                &self,
                #[wasm_bindgen(unchecked_optional_param_type = "RecordTags")]
                tags: wasm_bindgen::JsValue,
            ) -> Result<String, wasm_bindgen::JsValue> {
                let tags = super::args::arg_tags(tags)?;
                Ok(crate::record::Recorded::to_record(&self.game, &tags))
            }

            /// Reads a lone game's record, checking every line; the game goes on with dice from
            /// `seed`.
            #[wasm_bindgen(js_name = fromRecord)]
            pub fn from_record(
                #[wasm_bindgen(unchecked_param_type = "string")] text: wasm_bindgen::JsValue,
                #[wasm_bindgen(unchecked_optional_param_type = "RecordOptions")]
                opts: wasm_bindgen::JsValue,
            ) -> Result<$class, wasm_bindgen::JsValue> {
                let text = super::args::arg_record(&text)?;
                let o: super::plain::RecordOptions =
                    super::args::options(opts, "fromRecord options")?;
                Ok($class {
                    game: <$game as crate::record::Recorded>::from_record(
                        &text,
                        o.0.seed.as_ref(),
                    )?,
                })
            }

            /// Restores a game from a state written by `toJSON()`.
            /// @throws {SteereError} `parse_error` for a malformed or impossible state.
            #[wasm_bindgen(js_name = fromJSON)]
            pub fn from_json(
                #[wasm_bindgen(unchecked_param_type = $state_ts)] obj: wasm_bindgen::JsValue,
            ) -> Result<$class, wasm_bindgen::JsValue> {
                let st: <$game as crate::engine::Engine>::State = super::args::state(obj)?;
                Ok($class {
                    game: <$game as crate::engine::Engine>::from_state(&st)?,
                })
            }

            /// Replays a history (the records as `history()` lists them) from the setup given by the
            /// options.
            /// @throws {SteereError} `invalid_option` for bad options; `parse_error` when `history` is
            /// not an array of strings or a record is not in the notation; `game_over`, `wrong_phase`
            /// (Jokerball) or `illegal_move` for a record that cannot be played (the message gives its
            /// index, from 0).
            pub fn replay(
                #[wasm_bindgen(unchecked_param_type = "string[]")] history: wasm_bindgen::JsValue,
                #[wasm_bindgen(unchecked_optional_param_type = $replay_ts)]
                opts: wasm_bindgen::JsValue,
            ) -> Result<$class, wasm_bindgen::JsValue> {
                let o: $replay = super::args::options(opts, "replay options")?;
                let game = <$game as crate::engine::Engine>::new(&o.0)?;
                let records = super::args::arg_strings(&history, "history")?;
                Ok($class {
                    game: crate::engine::Engine::replay_onto(game, &records)?,
                })
            }
        }
    };
}
pub(super) use game_class_methods;
