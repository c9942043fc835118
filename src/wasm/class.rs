//! The methods the `Jokerball` and `Zola` classes share, written once: [`game_class_methods!`] adds
//! them to a class that wraps a core game in its field `game` (a second `#[wasm_bindgen] impl` block
//! of the class). Each class's own file keeps what differs (the constructor, dice, moves, boards).

use wasm_bindgen::JsValue;

use super::args::to_js;
use crate::engine::Engine;

/// The legal moves of `game` now in verbose form, in the order of `legalMoves()`.
pub(super) fn verbose_moves<G: Engine>(game: &G) -> JsValue {
    let views: Vec<_> = game
        .legal_moves()
        .into_iter()
        .map(|mv| game.describe(mv))
        .collect();
    to_js(&views)
}

/// Adds the shared methods to `$class` (wrapping `$game` in the field `game`): `turn`, `phase`,
/// `dests`, `legalMoves`, `legalMovesVerbose`, `position`, `history`, `board` (through the class file's
/// `board_of`), `play` (through its `played`), `clone`, `winner`, `forfeit`, `isLegal`, `view`, `tags`, `toRecord`, `fromRecord`, `fromJSON`,
/// `replayTo` and `replay`. Where the two games say different things, the class gives the docs (one string a line)
/// and the TypeScript names; `$replay` is the options type read for `replay`.
macro_rules! game_class_methods {
    (
        $class:ident, $game:ty,
        turn: [$($turn_doc:tt),* $(,)?],
        phase: [$($phase_doc:tt),* $(,)?] => $phase_ts:tt,
        dests: [$($dests_doc:tt),* $(,)?],
        legal_moves: [$($moves_doc:tt),* $(,)?],
        legal_moves_verbose: [$($verbose_doc:tt),* $(,)?] => $verbose_ts:tt,
        position: [$($position_doc:tt),* $(,)?],
        history: [$($history_doc:tt),* $(,)?],
        board: [$($board_doc:tt),* $(,)?] => $board_ts:tt,
        play: [$($play_doc:tt),* $(,)?] => $play_ts:tt,
        clone: [$($clone_doc:tt),* $(,)?],
        state: $state_ts:tt,
        replay: $replay:ty => $replay_ts:tt
    ) => {
        #[wasm_bindgen::prelude::wasm_bindgen]
        impl $class {
            $(#[doc = $turn_doc])*
            /// @throws {SteereError} `freed` after `free()`, and nothing else.
            #[wasm_bindgen(getter, unchecked_return_type = "Player")]
            pub fn turn(&self) -> String {
                crate::engine::Engine::turn(&self.game).name().to_owned()
            }

            $(#[doc = $phase_doc])*
            /// @throws {SteereError} `freed` after `free()`, and nothing else.
            #[wasm_bindgen(getter, unchecked_return_type = $phase_ts)]
            pub fn phase(&self) -> String {
                self.game.phase().name().to_owned()
            }

            $(#[doc = $dests_doc])*
            pub fn dests(
                &self,
                #[wasm_bindgen(unchecked_param_type = "string")] cell: wasm_bindgen::JsValue,
            ) -> Result<Vec<String>, wasm_bindgen::JsValue> {
                let name = super::args::arg_string(&cell, "cell")?;
                Ok(crate::engine::Engine::dests(&self.game, &name)?)
            }

            $(#[doc = $moves_doc])*
            /// @throws {SteereError} `freed` after `free()`, and nothing else.
            #[wasm_bindgen(js_name = legalMoves)]
            pub fn legal_moves(&self) -> Vec<String> {
                crate::engine::Engine::legal_notations(&self.game)
            }

            $(#[doc = $verbose_doc])*
            /// @throws {SteereError} `freed` after `free()`, and nothing else.
            #[wasm_bindgen(js_name = legalMovesVerbose, unchecked_return_type = $verbose_ts)]
            pub fn legal_moves_verbose(&self) -> wasm_bindgen::JsValue {
                super::class::verbose_moves(&self.game)
            }

            $(#[doc = $position_doc])*
            /// @throws {SteereError} `freed` after `free()`, and nothing else.
            pub fn position(&self) -> String {
                crate::engine::Engine::position_string(&self.game)
            }

            $(#[doc = $history_doc])*
            /// @throws {SteereError} `freed` after `free()`, and nothing else.
            pub fn history(&self) -> Vec<String> {
                crate::engine::Engine::history(&self.game)
            }

            $(#[doc = $board_doc])*
            /// @throws {SteereError} `freed` after `free()`, and nothing else.
            #[wasm_bindgen(unchecked_return_type = $board_ts)]
            pub fn board(&self) -> wasm_bindgen::JsValue {
                board_of(&self.game)
            }

            $(#[doc = $play_doc])*
            #[wasm_bindgen(unchecked_return_type = $play_ts)]
            pub fn play(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "string | { notation: string }")]
                mv: wasm_bindgen::JsValue,
            ) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue> {
                let text = super::args::arg_move(&mv)?;
                Ok(played(&mut self.game, &text)?)
            }

            $(#[doc = $clone_doc])*
            /// @throws {SteereError} `freed` after `free()`, and nothing else.
            #[wasm_bindgen(js_name = clone)]
            pub fn clone_game(&self) -> $class {
                $class {
                    game: self.game.clone(),
                    tags: self.tags.clone(),
                }
            }

            /// The winner, `null` while the game goes on.
            /// @throws {SteereError} `freed` after `free()`, and nothing else.
            #[wasm_bindgen(getter, unchecked_return_type = "Player | null")]
            pub fn winner(&self) -> wasm_bindgen::JsValue {
                super::args::to_js(&crate::engine::Engine::winner(&self.game))
            }

            /// Ends the game at once: `player` lost on time (`'time'`) or abandoned it
            /// (`'abandoned'`), and the other player wins (phase `'over'`, `view().result`
            /// `{ winner, how: reason }`, no legal move). A half-played Jokerball turn stays on the
            /// board.
            /// @throws {SteereError} `invalid_option` when `player` is not `'red'` or `'blue'` or
            /// `reason` not `'time'` or `'abandoned'`; `game_over` when the game is already over (the
            /// game is then unchanged); `freed` after `free()`.
            pub fn forfeit(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "Player")] player: wasm_bindgen::JsValue,
                #[wasm_bindgen(unchecked_param_type = "ForfeitReason")]
                reason: wasm_bindgen::JsValue,
            ) -> Result<(), wasm_bindgen::JsValue> {
                let (loser, reason) = super::args::arg_forfeit(&player, &reason)?;
                Ok(crate::engine::Engine::forfeit(&mut self.game, loser, reason)?)
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

            /// Who acts now and what is awaited (docs/api.md, "Who acts"): `view().toAct` without the
            /// rest of the view (the board, the log), for a server that asks it at every move.
            /// @throws {SteereError} `freed` after `free()`, and nothing else.
            #[wasm_bindgen(getter, js_name = toAct, unchecked_return_type = "ToAct | null")]
            pub fn to_act(&self) -> wasm_bindgen::JsValue {
                super::args::to_js(&crate::matchplay::Drawn::to_act(&self.game))
            }

            /// The record tags (names, event, ...) kept from `fromRecord` or a restored state.
            #[wasm_bindgen(getter, unchecked_return_type = "RecordTags")]
            pub fn tags(&self) -> wasm_bindgen::JsValue {
                super::args::to_js(&self.tags)
            }

            /// The annotations of the record's lines (docs/records.md: marks and
            /// comments), kept from `fromRecord`, a restored state or `setAnnotations`.
            #[wasm_bindgen(getter, unchecked_return_type = "RecordAnnotation[]")]
            pub fn annotations(&self) -> wasm_bindgen::JsValue {
                super::args::to_js(crate::record::GameRecord::game_annotations(&self.game))
            }

            /// Replaces the annotations that `toRecord` writes and `toJSON` keeps.
            /// @throws {SteereError} `invalid_option` for anything but an array of annotations, a
            /// malformed one, two of one line, or a line that is not a record of the game (nothing
            /// changes then); `freed` after `free()`.
            #[wasm_bindgen(js_name = setAnnotations)]
            pub fn set_annotations(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "RecordAnnotation[]")]
                annotations: wasm_bindgen::JsValue,
            ) -> Result<(), wasm_bindgen::JsValue> {
                let a = super::args::arg_annotations(&annotations)?;
                Ok(crate::record::GameRecord::set_game_annotations(&mut self.game, a)?)
            }

            /// The game as a record (docs/records.md), its tags overlaid with `tags`.
            #[wasm_bindgen(js_name = toRecord)]
            pub fn to_record(
                &self,
                #[wasm_bindgen(unchecked_optional_param_type = "RecordTags")]
                tags: wasm_bindgen::JsValue,
            ) -> Result<String, wasm_bindgen::JsValue> {
                let tags = super::args::arg_tags(tags)?;
                Ok(crate::record::lone_record(&self.game, &self.tags.overlaid(&tags)))
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
                let lone = <crate::record::Tagged<$game> as crate::record::Recorded>::from_record(
                    &text,
                    o.0.seed.as_ref(),
                )?;
                Ok($class {
                    game: lone.game,
                    tags: lone.tags,
                })
            }

            /// Restores a game from a state written by `toJSON()`.
            /// @throws {SteereError} `parse_error` for a malformed or impossible state.
            #[wasm_bindgen(js_name = fromJSON)]
            pub fn from_json(
                #[wasm_bindgen(unchecked_param_type = $state_ts)] obj: wasm_bindgen::JsValue,
            ) -> Result<$class, wasm_bindgen::JsValue> {
                let st: super::plain::LoneState<<$game as crate::engine::Engine>::State> =
                    super::args::state(obj)?;
                Ok($class {
                    game: <$game as crate::engine::Engine>::from_state(&st.state)?,
                    tags: st.tags,
                })
            }

            /// This game from its start, without dice generator, with its first `step` records
            /// played (all of them when `step` is larger): the position a replay shows after `step`
            /// records, whose `view()` gives that record's dice and last move.
            /// @throws {SteereError} `invalid_option` when `step` is not a whole number from 0;
            /// `freed` after `free()`.
            #[wasm_bindgen(js_name = replayTo)]
            pub fn replay_to(
                &self,
                #[wasm_bindgen(unchecked_param_type = "number")] step: wasm_bindgen::JsValue,
            ) -> Result<$class, wasm_bindgen::JsValue> {
                let step = super::args::arg_step(&step)?;
                Ok($class {
                    game: crate::engine::Engine::replay_to(&self.game, step)?,
                    tags: crate::notation::Tags::new(),
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
                    tags: crate::notation::Tags::new(),
                })
            }
        }
    };
}
pub(super) use game_class_methods;
