//! Restoring a match's bookkeeping from plain data, checking every invariant (RULES 3.2-3.4).

use super::state::{MatchState, MatchStateData};
use super::{Cube, GameEnd, GameResult, MatchPhase};
use crate::error::{coded, message_of, ErrorCode, ParseError};
use crate::player::{ByPlayer, Player};

impl MatchState {
    /// Restores a match from its plain form, checking every invariant: the length, the scores against
    /// the results, the Crawford flags, the cube values reachable under RULES 3.2-3.4, the pending double.
    pub fn from_data(data: MatchStateData) -> Result<MatchState, ParseError> {
        let bad = |why: &str| Err(ParseError::new(format!("bad match state: {why}")));
        let mut st = match MatchState::new(data.length, data.cube.is_some(), data.first) {
            Ok(st) => st,
            Err(e) => return Err(ParseError::new(format!("bad match state: {e}"))),
        };
        let games = data.results.len() as u64;
        let number = u64::from(data.game_number);
        if number == 0 || (games != number && games + 1 != number) {
            return bad("gameNumber does not match the number of results");
        }
        let count = data.results.len();
        for (i, r) in data.results.iter().enumerate() {
            if let Err(why) = replay_result(&mut st, r) {
                return bad(&message_of(&why));
            }
            if (i + 1 < count || games + 1 == number) && st.next_game().is_err() {
                return bad("a game was started after the match was over");
            }
        }
        if st.score != data.score {
            return bad("the score is not the sum of the results");
        }
        if st.crawford != data.crawford || st.post_crawford != data.post_crawford {
            return bad("the Crawford flags do not follow from the results");
        }
        let cube = match (data.cube, st.game_over()) {
            (None, _) => {
                if data.pending_double.is_some() {
                    return bad("a double is pending in a match without a cube");
                }
                None
            }
            (Some(cube), true) => {
                let ok = data.results.last().is_some_and(|r| {
                    // The score when the game began.
                    let mut before = st.score;
                    *before.get_mut(r.winner) -= r.points;
                    let must_own = (r.how == GameEnd::Drop).then_some(r.winner);
                    data.pending_double.is_none()
                        && r.cube == cube.value
                        && owner_consistent(&st, before, cube, must_own)
                });
                if !ok {
                    return bad("the cube does not match the last game's result");
                }
                Some(cube)
            }
            (Some(cube), false) => {
                if !owner_consistent(&st, st.score, cube, None) {
                    return bad("the cube value or owner is impossible");
                }
                if let Some(p) = data.pending_double {
                    let ok = !st.crawford
                        && cube.owner.is_none_or(|o| o == p)
                        && reachable(st.length, st.score, cube.value.saturating_mul(2), Some(p));
                    if !ok {
                        return bad("the pending double could not have been offered");
                    }
                }
                Some(cube)
            }
        };
        st.cube = cube;
        st.pending_double = data.pending_double;
        if let Some(f) = data.forfeit {
            // A forfeit ends a match not yet won on points, and leaves no double pending.
            if st.forfeit_match(f.winner.other(), f.how).is_err() || data.pending_double.is_some() {
                return bad("a forfeit of a match already over, or with a double pending");
            }
        }
        Ok(st)
    }
}

/// Why a saved game result cannot be recorded (code `parse_error`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ResultError {
    /// The match was already over.
    AfterMatch,
    /// The match rules could not have given this result.
    Impossible,
}

coded!(ResultError, |out| {
    ResultError::AfterMatch => ErrorCode::ParseError,
        out.push_str("a game was recorded after the match was over");
    ResultError::Impossible => ErrorCode::ParseError,
        out.push_str("a game result is impossible under the match rules");
});

/// Records `r` as the result of the current game of `st` (phase `Playing`), after checking that the
/// match rules allow it; the cube is set to the value the result names.
pub(crate) fn replay_result(st: &mut MatchState, r: &GameResult) -> Result<(), ResultError> {
    if st.phase() != MatchPhase::Playing {
        return Err(ResultError::AfterMatch);
    }
    if !result_possible(st, r) {
        return Err(ResultError::Impossible);
    }
    if r.cube > 1 || r.how == GameEnd::Drop {
        // The cube was turned or offered in that game: fix the cube so `finish` scores its value.
        st.cube = Some(Cube {
            value: r.cube,
            owner: None,
        });
    }
    st.finish(r.winner, r.how);
    Ok(())
}

/// Whether the cube can have reached `value` in a game played at `score`: the doubles alternate between
/// the players, the last made by `last` (by either when `None`), each allowed by the dead-cube rule.
fn reachable(length: u32, score: ByPlayer<u32>, value: u32, last: Option<Player>) -> bool {
    if !value.is_power_of_two() || value > 1 << 20 {
        return false;
    }
    if value == 1 {
        return last.is_none();
    }
    let chain = |last: Player| {
        let mut doubler = last;
        let mut v = value / 2;
        while v >= 1 {
            if u64::from(*score.get(doubler)) + u64::from(v) >= u64::from(length) {
                return false;
            }
            doubler = doubler.other();
            v /= 2;
        }
        true
    };
    match last {
        Some(p) => chain(p),
        None => chain(Player::Red) || chain(Player::Blue),
    }
}

/// Whether a cube is possible in a game played at `score` (the score when the game began): centred
/// exactly at 1, never turned in the Crawford game, else owned by the taker of a reachable chain of
/// doubles; the owner must be `must_own` when that is given and the cube was turned.
fn owner_consistent(
    st: &MatchState,
    score: ByPlayer<u32>,
    cube: Cube,
    must_own: Option<Player>,
) -> bool {
    if st.crawford && cube != Cube::CENTRED {
        return false;
    }
    match cube.owner {
        None => cube.value == 1,
        Some(o) => {
            must_own.is_none_or(|m| m == o)
                && reachable(st.length, score, cube.value, Some(o.other()))
        }
    }
}

/// Whether `r` can be the result of the current game of `st` (whose phase is `Playing`).
fn result_possible(st: &MatchState, r: &GameResult) -> bool {
    // A forfeit ends the match without scoring its game: no game result says `time` or `abandoned`.
    if r.points != r.cube || matches!(r.how, GameEnd::Time | GameEnd::Abandoned) {
        return false;
    }
    if st.cube.is_none() || st.crawford {
        return r.cube == 1 && r.how != GameEnd::Drop;
    }
    match r.how {
        // The winner offered a double at `cube`: a chain to twice the value ending with him.
        GameEnd::Drop => reachable(
            st.length,
            st.score,
            r.cube.saturating_mul(2),
            Some(r.winner),
        ),
        _ => reachable(st.length, st.score, r.cube, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Player::{Blue, Red};

    #[test]
    fn reachable_chains() {
        let s = ByPlayer::new(0, 0);
        assert!(reachable(3, s, 4, Some(Red)));
        assert!(!reachable(3, s, 8, None));
        assert!(!reachable(3, s, 3, None));
        // Blue at 2 in a 3-point match may not double: a chain ending with Blue fails.
        assert!(!reachable(3, ByPlayer::new(0, 2), 2, Some(Blue)));
        assert!(reachable(3, ByPlayer::new(0, 2), 2, Some(Red)));
    }
}
