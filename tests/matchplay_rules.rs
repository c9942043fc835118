//! Match play scenarios (RULES 3): the doubling rule table (3.2-3.4), drops and takes (3.2), the
//! Crawford rule (3.4), resigning (3.5), who starts (3.6), wrong-phase calls, restoring a state, and the
//! generic `Match<G>` wrapper driving a tiny fake game.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use steere_games::{
    Awaited, BoardWin, Coded, Cube, CubeError, DiceError, Drawn, Engine, ErrorCode, Forfeit,
    ForfeitError, ForfeitReason, GameEnd, GameKind, GameResult, Illegal, InMatch, LastMove, Logged,
    Match, MatchError, MatchPhase, MatchSetup, MatchState, MatchStateData, MoveClass, MoveInfo,
    OptionError, ParseError, PlayError, Player, ReplayError, SetupError, TurnPhase, WrongPhase,
};
use Player::{Blue, Red};

fn new_match(length: u32) -> MatchState {
    MatchState::new(length, true, Red).unwrap()
}

/// Ends the current game with a win on the board for `winner` and starts the next game.
fn win_and_next(st: &mut MatchState, winner: Player) {
    st.game_won(winner, GameEnd::Goal).unwrap();
    st.next_game().unwrap();
}

/// Reaches a score by winning single games, starting each following game.
fn at_score(length: u32, red: u32, blue: u32) -> MatchState {
    let mut st = new_match(length);
    for _ in 0..red {
        win_and_next(&mut st, Red);
    }
    for _ in 0..blue {
        win_and_next(&mut st, Blue);
    }
    st
}

// RULES 3.2-3.4: the one doubling rule, as a table.
#[test]
fn matchplay_can_double_table_rules_3_2_to_3_4() {
    use CubeError as E;
    // The state, the player who doubles, whether at the start of the turn, what `can_double` says.
    type Case = (
        fn() -> MatchState,
        Player,
        bool,
        Result<(), CubeError>,
        &'static str,
    );
    #[rustfmt::skip]
    let cases: &[Case] = &[
        (|| new_match(5), Red, true, Ok(()), "0-0 centred, Red"),
        (|| new_match(5), Blue, true, Ok(()), "0-0 centred, Blue"),
        (|| new_match(5), Red, false, Err(E::MidTurn), "mid-turn (3.2)"),
        (|| MatchState::new(5, false, Red).unwrap(), Red, true, Err(E::NoCube), "no cube"),
        (|| taken(new_match(5)), Red, true, Err(E::NotOwner), "opponent owns the cube (3.2)"),
        (|| taken(new_match(5)), Blue, true, Ok(()), "owner may redouble (3.2)"),
        (|| pending(5), Blue, true, Err(E::DoublePending), "double pending"),
        (|| at_score(5, 4, 0), Red, true, Err(E::Crawford), "Crawford game, leader (3.4)"),
        (|| at_score(5, 4, 0), Blue, true, Err(E::Crawford), "Crawford game, trailer (3.4)"),
        (|| at_score(5, 4, 1), Red, true, Err(E::DeadCube),
            "post-Crawford, leader: dead cube (3.3, 3.4)"),
        (|| at_score(5, 4, 1), Blue, true, Ok(()), "post-Crawford, trailer (3.4)"),
        (|| at_score(4, 3, 3), Red, true, Err(E::DeadCube),
            "score + centred cube >= length, post-Crawford 3-3 in a 4-point match (3.3)"),
        // Blue at 3 owns a 2-cube in a 5-point match: 3 + 2 >= 5.
        (|| taken(at_score(5, 0, 3)), Blue, true, Err(E::DeadCube), "score + cube >= length, owner (3.3)"),
        (|| taken(at_score(5, 0, 2)), Blue, true, Ok(()), "score + cube just below length"),
        (|| new_match(1), Red, true, Err(E::DeadCube), "1-point match, Red (3.3)"),
        (|| new_match(1), Blue, true, Err(E::DeadCube), "1-point match, Blue (3.3)"),
        (|| won_by_red(5), Blue, true, Err(E::GameOver), "game over"),
        (|| won_by_red(1), Blue, true, Err(E::MatchOver), "match over"),
    ];
    for (state, player, at_turn_start, expect, name) in cases.iter().cloned() {
        let st = state();
        let got = st.can_double(player, at_turn_start);
        assert_eq!(got, expect, "{name}");
        // `double` follows `can_double` exactly and changes nothing when refused.
        let mut copy = st.clone();
        assert_eq!(copy.double(player, at_turn_start), expect, "{name}");
        if expect.is_err() {
            assert_eq!(copy, st, "{name}: a refused double changed the state");
        } else {
            assert_eq!(copy.pending_double(), Some(player), "{name}");
            assert_eq!(copy.phase(), MatchPhase::Double);
        }
    }
}

/// Test helper: the cube of `value` owned by `owner` (`None`: centred).
fn cube(value: u32, owner: Option<Player>) -> Option<Cube> {
    Some(Cube { value, owner })
}

/// Test helper: Red doubles, Blue takes (Blue owns the cube).
fn taken(mut st: MatchState) -> MatchState {
    st.double(Red, true).unwrap();
    st.take().unwrap();
    st
}

/// Test helper: a new match of `length` points in which Red has doubled and Blue not yet answered.
fn pending(length: u32) -> MatchState {
    let mut st = new_match(length);
    st.double(Red, true).unwrap();
    st
}

/// Test helper: a new match of `length` points whose first game Red has won by a goal.
fn won_by_red(length: u32) -> MatchState {
    let mut st = new_match(length);
    st.game_won(Red, GameEnd::Goal).unwrap();
    st
}

#[test]
fn matchplay_refusal_codes_follow_the_phase() {
    assert_eq!(CubeError::MatchOver.code(), ErrorCode::GameOver);
    assert_eq!(CubeError::GameOver.code(), ErrorCode::WrongPhase);
    assert_eq!(CubeError::DoublePending.code(), ErrorCode::WrongPhase);
    for e in [
        CubeError::NoCube,
        CubeError::Crawford,
        CubeError::MidTurn,
        CubeError::NotOwner,
        CubeError::DeadCube,
    ] {
        assert_eq!(e.code(), ErrorCode::CubeNotAllowed);
    }
}

// RULES 3.2: a drop ends the game; the doubler wins the value before the double.
#[test]
fn matchplay_drop_scores_the_value_before_the_double_rules_3_2() {
    let mut st = new_match(5);
    st.double(Red, true).unwrap();
    assert_eq!(st.phase(), MatchPhase::Double);
    let r = st.drop_double().unwrap();
    assert_eq!(
        r,
        GameResult {
            winner: Red,
            points: 1,
            cube: 1,
            how: GameEnd::Drop
        }
    );
    assert_eq!(st.score().red, 1);
    assert_eq!(st.score().blue, 0);
    assert_eq!(st.phase(), MatchPhase::GameOver);
    assert_eq!(st.pending_double(), None);
    assert_eq!(st.cube(), Some(Cube::CENTRED));
}

// RULES 3.2: take doubles the value and gives the cube to the taker; a redouble then drop scores 2.
#[test]
fn matchplay_redouble_then_drop_rules_3_2() {
    let mut st = new_match(7);
    st.double(Red, true).unwrap();
    st.take().unwrap();
    assert_eq!(st.cube(), cube(2, Some(Blue)));
    st.double(Blue, true).unwrap();
    let r = st.drop_double().unwrap();
    assert_eq!(
        r,
        GameResult {
            winner: Blue,
            points: 2,
            cube: 2,
            how: GameEnd::Drop
        }
    );
    assert_eq!((st.score().red, st.score().blue), (0, 2));
    st.next_game().unwrap();
    assert_eq!(
        st.cube(),
        Some(Cube::CENTRED),
        "the cube is reset for each game"
    );
}

// RULES 3.1-3.3: a 4-cube win ends a 3-point match; scores stay uncapped.
#[test]
fn matchplay_four_cube_win_ends_a_three_point_match_rules_3_1() {
    let mut st = new_match(3);
    st.double(Red, true).unwrap();
    st.take().unwrap();
    st.double(Blue, true).unwrap(); // 0 + 2 < 3
    st.take().unwrap();
    assert_eq!(st.cube(), cube(4, Some(Red)));
    assert_eq!(
        st.can_double(Red, true),
        Err(CubeError::DeadCube),
        "0 + 4 >= 3"
    );
    let r = st.game_won(Red, GameEnd::Goal).unwrap();
    assert_eq!(r.points, 4);
    assert_eq!(st.score().red, 4);
    assert_eq!(st.winner(), Some(Red));
    assert_eq!(st.phase(), MatchPhase::MatchOver);
    let before = st.clone();
    let e = st.next_game().unwrap_err();
    assert_eq!(e.code(), ErrorCode::WrongPhase);
    assert_eq!(st, before);
}

// RULES 3.4: 5-point match: 4-0, the Crawford game, then 4-1 post-Crawford; RULES 3.6: starters alternate.
#[test]
fn matchplay_crawford_then_post_crawford_rules_3_4() {
    let mut st = MatchState::new(5, true, Blue).unwrap();
    assert_eq!(st.starter(), Blue);
    // Game 1: Red doubles, Blue takes, Red wins 2.
    st.double(Red, true).unwrap();
    st.take().unwrap();
    st.game_won(Red, GameEnd::Goal).unwrap();
    assert_eq!(st.next_game().unwrap(), Red);
    // Game 2: Blue doubles, Red takes, Red wins 2: 4-0.
    st.double(Blue, true).unwrap();
    st.take().unwrap();
    st.game_won(Red, GameEnd::Goal).unwrap();
    assert_eq!((st.score().red, st.score().blue), (4, 0));
    assert!(
        !st.crawford(),
        "crawford changes only when the next game starts"
    );
    assert_eq!(st.next_game().unwrap(), Blue);
    assert_eq!(st.game_number(), 3);
    assert!(st.crawford() && !st.post_crawford());
    assert_eq!(st.can_double(Red, true), Err(CubeError::Crawford));
    assert_eq!(st.can_double(Blue, true), Err(CubeError::Crawford));
    st.game_won(Blue, GameEnd::Goal).unwrap();
    assert!(
        st.crawford(),
        "still the Crawford game until the next one starts"
    );
    assert_eq!(st.next_game().unwrap(), Red);
    assert!(!st.crawford() && st.post_crawford());
    assert_eq!((st.score().red, st.score().blue), (4, 1));
    assert_eq!(st.can_double(Red, true), Err(CubeError::DeadCube));
    assert_eq!(st.can_double(Blue, true), Ok(()));
}

// RULES 3.4: at most one Crawford game (3-point match reaching 2-2).
#[test]
fn matchplay_at_most_one_crawford_game_rules_3_4() {
    let mut st = new_match(3);
    win_and_next(&mut st, Red);
    assert!(!st.crawford());
    win_and_next(&mut st, Red);
    assert!(st.crawford(), "2-0: game 3 is the Crawford game");
    win_and_next(&mut st, Blue);
    assert!(!st.crawford() && st.post_crawford());
    win_and_next(&mut st, Blue);
    assert_eq!((st.score().red, st.score().blue), (2, 2));
    assert!(
        !st.crawford() && st.post_crawford(),
        "no second Crawford game"
    );
    assert_eq!(st.game_number(), 5);
    assert_eq!(st.results().len(), 4);
}

// RULES 3.4: a jump straight beyond length - 1 ends the match without a Crawford game; a 1-point match has none.
#[test]
fn matchplay_jump_to_length_ends_the_match_rules_3_4() {
    let mut st = at_score(5, 3, 0);
    assert!(!st.crawford());
    st.double(Blue, true).unwrap();
    st.take().unwrap();
    st.game_won(Red, GameEnd::Goal).unwrap();
    assert_eq!(st.score().red, 5);
    assert_eq!(st.phase(), MatchPhase::MatchOver);
    assert!(!st.crawford() && !st.post_crawford());

    let mut one = new_match(1);
    assert!(!one.crawford());
    one.game_won(Blue, GameEnd::CapturedAll).unwrap();
    assert_eq!(one.winner(), Some(Blue));
}

// RULES 3.5: resigning while playing and while a double is pending.
#[test]
fn matchplay_resign_rules_3_5() {
    let mut st = new_match(9);
    st.double(Red, true).unwrap();
    st.take().unwrap();
    let r = st.resign(Red).unwrap();
    assert_eq!(
        r,
        GameResult {
            winner: Blue,
            points: 2,
            cube: 2,
            how: GameEnd::Resign
        }
    );
    st.next_game().unwrap();
    st.double(Blue, true).unwrap();
    let r = st.resign(Red).unwrap();
    assert_eq!(
        r,
        GameResult {
            winner: Blue,
            points: 1,
            cube: 1,
            how: GameEnd::Resign
        }
    );
    assert_eq!(st.pending_double(), None);
    assert_eq!(st.score().blue, 3);
}

// API.md error table: wrong-phase calls are refused with the right code and change nothing.
#[test]
fn matchplay_wrong_phase_calls_are_refused_without_change() {
    fn refused<T: std::fmt::Debug, E: Coded>(
        st: &mut MatchState,
        code: ErrorCode,
        f: impl FnOnce(&mut MatchState) -> Result<T, E>,
    ) {
        let before = st.clone();
        let e = f(st).expect_err("the call must be refused");
        assert_eq!(e.code(), code, "{e}");
        assert_eq!(*st, before);
    }
    let mut st = new_match(3);
    refused(&mut st, ErrorCode::WrongPhase, |s| s.take());
    refused(&mut st, ErrorCode::WrongPhase, |s| s.drop_double());
    refused(&mut st, ErrorCode::WrongPhase, |s| s.next_game());
    refused(&mut st, ErrorCode::InvalidOption, |s| {
        s.game_won(Red, GameEnd::Drop)
    });
    st.double(Red, true).unwrap();
    refused(&mut st, ErrorCode::WrongPhase, |s| s.double(Blue, true));
    refused(&mut st, ErrorCode::WrongPhase, |s| {
        s.game_won(Red, GameEnd::Goal)
    });
    refused(&mut st, ErrorCode::WrongPhase, |s| s.next_game());
    st.take().unwrap();
    st.game_won(Blue, GameEnd::Goal).unwrap();
    assert_eq!(st.phase(), MatchPhase::GameOver);
    refused(&mut st, ErrorCode::WrongPhase, |s| s.double(Red, true));
    refused(&mut st, ErrorCode::WrongPhase, |s| s.take());
    refused(&mut st, ErrorCode::WrongPhase, |s| s.resign(Red));
    refused(&mut st, ErrorCode::WrongPhase, |s| {
        s.game_won(Red, GameEnd::Goal)
    });
    st.next_game().unwrap();
    st.game_won(Blue, GameEnd::Goal).unwrap();
    assert_eq!(st.phase(), MatchPhase::MatchOver);
    refused(&mut st, ErrorCode::GameOver, |s| s.double(Red, true));
    refused(&mut st, ErrorCode::GameOver, |s| s.take());
    refused(&mut st, ErrorCode::GameOver, |s| s.drop_double());
    refused(&mut st, ErrorCode::GameOver, |s| s.resign(Red));
    refused(&mut st, ErrorCode::GameOver, |s| {
        s.game_won(Red, GameEnd::Goal)
    });
    refused(&mut st, ErrorCode::WrongPhase, |s| s.next_game());
}

fn json_round_trip(st: &MatchState) -> MatchState {
    let text = serde_json::to_string(st).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn matchplay_serialised_form_is_plain_and_round_trips() {
    let mut st = at_score(5, 4, 0);
    let v = serde_json::to_value(&st).unwrap();
    assert_eq!(v["gameNumber"], 5);
    assert_eq!(v["crawford"], true);
    assert_eq!(v["cube"]["value"], 1);
    assert_eq!(v["results"][0]["how"], "goal");
    assert_eq!(json_round_trip(&st), st);
    st.game_won(Blue, GameEnd::CapturedAll).unwrap();
    assert_eq!(
        serde_json::to_value(&st).unwrap()["results"][4]["how"],
        "captured-all"
    );
    assert_eq!(json_round_trip(&st), st);
    st.next_game().unwrap();
    st.double(Blue, true).unwrap();
    assert_eq!(json_round_trip(&st), st);
    let no_cube = MatchState::new(2, false, Blue).unwrap();
    assert!(serde_json::to_value(&no_cube).unwrap()["cube"].is_null());
    assert_eq!(json_round_trip(&no_cube), no_cube);
}

// A restore checks every invariant and answers parse_error.
#[test]
fn matchplay_restore_refuses_impossible_states() {
    let mut base = new_match(5);
    base.double(Red, true).unwrap();
    base.take().unwrap(); // Blue owns 2
    win_and_next(&mut base, Blue); // 0-2, game 2
    let good = base.to_data();
    assert_eq!(MatchState::from_data(good.clone()).unwrap(), base);

    type Tamper = (&'static str, fn(&mut MatchStateData));
    let tamper: Vec<Tamper> = vec![
        ("length 0", |d| d.length = 0),
        ("length 22", |d| d.length = 22),
        ("score not the sum", |d| d.score.blue = 3),
        ("gameNumber 0", |d| d.game_number = 0),
        ("gameNumber too high", |d| d.game_number = 4),
        ("crawford flag", |d| d.crawford = true),
        ("post-crawford flag", |d| d.post_crawford = true),
        ("cube not a power of two", |d| d.cube = cube(3, Some(Red))),
        ("centred cube above 1", |d| d.cube = cube(2, None)),
        ("owned cube at 1", |d| d.cube = cube(1, Some(Red))),
        ("cube beyond the dead-cube bound", |d| {
            d.cube = cube(16, Some(Red))
        }),
        // Blue at 2 may not double from 4 in a 5-point match, so Red cannot own an 8.
        ("cube 8 at 0-2", |d| d.cube = cube(8, Some(Red))),
        ("pending double by the non-owner", |d| {
            d.cube = cube(2, Some(Red));
            d.pending_double = Some(Blue);
        }),
        ("pending double, dead cube", |d| {
            d.cube = cube(4, Some(Blue));
            d.pending_double = Some(Blue);
        }),
        ("result points differ from cube", |d| {
            d.results[0].points = 1
        }),
        ("result cube impossible", |d| {
            d.results[0].cube = 16;
            d.results[0].points = 16;
        }),
        ("pending double without a cube", |d| {
            d.cube = None;
            d.pending_double = Some(Red);
        }),
        ("a 2-cube result without a cube", |d| d.cube = None),
    ];
    for (name, f) in tamper {
        let mut d = good.clone();
        f(&mut d);
        let e = MatchState::from_data(d)
            .err()
            .unwrap_or_else(|| panic!("{name}: accepted"));
        assert_eq!(e.code(), ErrorCode::ParseError, "{name}");
    }
    // Legal variants are accepted.
    let mut d = good.clone();
    d.cube = cube(2, Some(Red));
    d.pending_double = Some(Red);
    assert!(MatchState::from_data(d).is_ok());

    // A result after the match is over, a drop by a dead-cube player, a drop without a cube.
    let mut over = new_match(1);
    over.game_won(Red, GameEnd::Goal).unwrap();
    let mut d = over.to_data();
    d.results.push(GameResult {
        winner: Blue,
        points: 1,
        cube: 1,
        how: GameEnd::Goal,
    });
    d.game_number = 2;
    d.score.blue = 1;
    assert!(MatchState::from_data(d).is_err());
    let mut d = over.to_data();
    d.results[0].how = GameEnd::Drop;
    assert!(
        MatchState::from_data(d).is_err(),
        "no double in a 1-point match, so no drop"
    );
    let mut d = MatchState::new(5, false, Red).unwrap().to_data();
    d.results.push(GameResult {
        winner: Blue,
        points: 1,
        cube: 1,
        how: GameEnd::Drop,
    });
    d.score.blue = 1;
    assert!(MatchState::from_data(d).is_err(), "no drop without a cube");

    // Unknown fields and JSON type errors are refused.
    let mut v = serde_json::to_value(&base).unwrap();
    v["extra"] = serde_json::json!(1);
    assert!(serde_json::from_value::<MatchState>(v).is_err());
    let mut v = serde_json::to_value(&base).unwrap();
    v["length"] = serde_json::json!(-1);
    assert!(serde_json::from_value::<MatchState>(v).is_err());
}

// ---- The generic wrapper, driving a tiny fake game (only here, in the tests). ----

/// A fake dice game: the player to move rolls, then plays "pass" (the turn goes over) or "win".
#[derive(Debug, Clone, PartialEq, Eq)]
struct Fake {
    to_move: Player,
    rolled: bool,
    winner: Option<Player>,
    /// The forfeit that ended the game (match play never forfeits a game: it forfeits the match).
    forfeit: Option<Forfeit>,
    /// Counts the games started in this match (stands for a dice generator that keeps running).
    started: u32,
}

impl Fake {
    fn new(first: Player) -> Fake {
        Fake {
            to_move: first,
            rolled: false,
            winner: None,
            forfeit: None,
            started: 1,
        }
    }
    fn roll(&mut self) -> Result<(), DiceError> {
        if self.winner.is_some() {
            return Err(DiceError::GameOver);
        }
        if self.rolled {
            return Err(DiceError::WrongPhase(WrongPhase::Rolled {
                phase: TurnPhase::Man,
            }));
        }
        self.rolled = true;
        Ok(())
    }
    fn play(&mut self, mv: &str) -> Result<&'static str, PlayError> {
        if self.winner.is_some() {
            return Err(PlayError::GameOver);
        }
        if !self.rolled {
            return Err(PlayError::WrongPhase(WrongPhase::Move {
                phase: TurnPhase::Roll,
                written: true,
            }));
        }
        match mv {
            "pass" => {
                self.rolled = false;
                self.to_move = self.to_move.other();
                Ok("pass")
            }
            "win" => {
                self.winner = Some(self.to_move);
                Ok("win")
            }
            _ => Err(PlayError::Illegal(Illegal::new(mv))),
        }
    }
}

/// The fake game's setup: who moves first.
#[derive(Debug, Clone, PartialEq)]
struct FakeSetup {
    first: Player,
}

impl Default for FakeSetup {
    fn default() -> Self {
        FakeSetup { first: Red }
    }
}

/// The fake game as an [`Engine`] (and [`Logged`], [`Drawn`], [`InMatch`] below), so that
/// `Match<Fake>` drives it. Only what match play uses is meaningful (`turn`, `winner`,
/// `at_turn_start`, `next_game`); the rest is the least that fits the traits. The inherent `play` (returning the move's name) shadows the trait's in the tests.
impl Engine for Fake {
    const KIND: GameKind = GameKind::Jokerball;
    const WIN: BoardWin = BoardWin::Goal;
    type Setup = FakeSetup;
    type Move = &'static str;
    type Phase = ();
    type State = ();
    type List = Vec<&'static str>;

    fn new(setup: &FakeSetup) -> Result<Fake, SetupError> {
        Ok(Fake::new(setup.first))
    }
    fn replay_onto<S: AsRef<str>>(mut self, history: &[S]) -> Result<Fake, ReplayError> {
        for (index, record) in history.iter().enumerate() {
            let fail = |error| ReplayError::Record { index, error };
            self.roll().map_err(|e| {
                fail(match e {
                    DiceError::WrongPhase(w) => PlayError::WrongPhase(w),
                    _ => PlayError::GameOver,
                })
            })?;
            Fake::play(&mut self, record.as_ref()).map_err(fail)?;
        }
        Ok(self)
    }
    fn turn(&self) -> Player {
        self.to_move
    }
    fn phase(&self) {}
    fn winner(&self) -> Option<Player> {
        self.winner
    }
    fn forfeited(&self) -> Option<Forfeit> {
        self.forfeit
    }
    fn forfeit(&mut self, loser: Player, reason: ForfeitReason) -> Result<(), ForfeitError> {
        if self.winner.is_some() {
            return Err(ForfeitError::GameOver);
        }
        self.winner = Some(loser.other());
        self.forfeit = Some(Forfeit::of(loser, reason));
        Ok(())
    }
    fn at_turn_start(&self) -> bool {
        !self.rolled && self.winner.is_none()
    }
    fn awaits(&self) -> Option<Awaited> {
        match (self.winner, self.rolled) {
            (Some(_), _) => None,
            (None, false) => Some(Awaited::Roll),
            (None, true) => Some(Awaited::Move),
        }
    }
    fn side(&self) -> u8 {
        1
    }
    fn first(&self) -> Player {
        self.to_move
    }
    fn last_move(&self) -> Option<LastMove> {
        None
    }
    fn legal_moves_into(&self, list: &mut Vec<&'static str>) {
        *list = self.legal_moves();
    }
    fn legal_moves(&self) -> Vec<&'static str> {
        if self.rolled && self.winner.is_none() {
            vec!["pass", "win"]
        } else {
            Vec::new()
        }
    }
    fn find_move(&self, text: &str) -> Result<&'static str, PlayError> {
        Fake::play(&mut self.clone(), text)
    }
    fn is_legal_move(&self, mv: &'static str) -> bool {
        self.legal_moves().contains(&mv)
    }
    fn play_move(&mut self, mv: &'static str) -> Result<(), PlayError> {
        Fake::play(self, mv).map(|_| ())
    }
    fn notation(&self, mv: &'static str) -> String {
        mv.to_string()
    }
    fn describe(&self, mv: &'static str) -> MoveInfo {
        MoveInfo {
            notation: mv.to_string(),
            kind: MoveClass::Move,
            from: None,
            to: None,
            capture: false,
            path: Vec::new(),
            goal: None,
        }
    }
    fn dests(&self, _cell: &str) -> Result<Vec<String>, ParseError> {
        Ok(Vec::new())
    }
    fn position_string(&self) -> String {
        format!("{self:?}")
    }
    fn history(&self) -> Vec<String> {
        Vec::new()
    }
    fn to_state(&self, _with_rng: bool) {}
    fn from_state(_state: &()) -> Result<Fake, ParseError> {
        Err(ParseError::new("the fake game has no saved state"))
    }
    fn restart(&self) -> Self {
        self.next_game(self.to_move)
    }
}

/// The fake game's records: those of the trait's defaults, never from a position string.
impl Logged for Fake {
    fn custom_start(&self) -> bool {
        false
    }
}

/// The fake game has no dice or ball to draw.
impl Drawn for Fake {}

/// The fake game in a match: any setup starts one; the next game counts the games started.
impl InMatch for Fake {
    fn check_match_setup(_setup: &FakeSetup) -> Result<(), OptionError> {
        Ok(())
    }
    fn next_game(&self, first: Player) -> Self {
        Fake {
            to_move: first,
            rolled: false,
            winner: None,
            forfeit: None,
            started: self.started + 1,
        }
    }
}

/// A match of the fake game whose first game `first` starts.
fn fake_match(length: u32, cube: bool, first: Player) -> Result<Match<Fake>, SetupError> {
    Match::new(&MatchSetup {
        length,
        cube,
        game: FakeSetup { first },
    })
}

#[test]
fn matchplay_wrapper_routes_moves_through_the_match() {
    // `Match::new` makes the first game from its setup, so the game that starts a match is always
    // started by the match's `first` (RULES 3.6): the player who starts game 1 is the setup's.
    let blue = fake_match(3, true, Blue).unwrap();
    assert_eq!(
        (blue.state().first(), blue.game().turn()),
        (Blue, Blue),
        "the game must be started by `first`"
    );
    let mut m = fake_match(3, true, Red).unwrap();
    assert_eq!(m.can_double(), Ok(()));
    m.act(|g| g.roll()).unwrap();
    assert_eq!(m.can_double(), Err(CubeError::MidTurn), "after rolling");
    assert_eq!(m.double().unwrap_err().code(), ErrorCode::CubeNotAllowed);
    m.act(|g| g.play("pass")).unwrap();
    // Blue doubles at the start of the turn; moves are refused until the answer.
    m.double().unwrap();
    let before = m.clone();
    assert_eq!(
        m.act(|g| g.roll()).unwrap_err().code(),
        ErrorCode::WrongPhase
    );
    assert_eq!(
        m.act(|g| g.play("win")).unwrap_err().code(),
        ErrorCode::WrongPhase
    );
    assert_eq!(m, before);
    m.take().unwrap();
    assert_eq!(m.state().cube(), cube(2, Some(Red)));
    // A failing game action is passed through and changes nothing.
    let before = m.clone();
    assert_eq!(
        m.act(|g| g.play("pass")).unwrap_err().code(),
        ErrorCode::WrongPhase
    );
    assert_eq!(m, before);
    m.act(|g| g.roll()).unwrap();
    assert_eq!(m.act(|g| g.play("win")).unwrap(), "win");
    // The win was recorded: Blue scores the 2-cube.
    assert_eq!(m.phase(), MatchPhase::GameOver);
    assert_eq!(
        m.state().results(),
        &[GameResult {
            winner: Blue,
            points: 2,
            cube: 2,
            how: GameEnd::Goal
        }]
    );
    let before = m.clone();
    assert_eq!(
        m.act(|g| g.roll()).unwrap_err().code(),
        ErrorCode::WrongPhase
    );
    assert_eq!(m, before);
    // Next game: Blue starts (3.6), the game is new and continues the match's generator.
    assert_eq!(m.next_game().unwrap(), Blue);
    assert_eq!(m.game().turn(), Blue);
    assert_eq!(m.game().started, 2);
    assert_eq!(m.state().cube(), Some(Cube::CENTRED));
    // Blue at 2 in a 3-point match: game 2 is the Crawford game.
    assert!(m.state().crawford());
    assert_eq!(m.double().unwrap_err(), CubeError::Crawford);
    m.act(|g| g.roll()).unwrap();
    m.act(|g| g.play("win")).unwrap();
    assert_eq!(m.phase(), MatchPhase::MatchOver);
    assert_eq!(m.state().winner(), Some(Blue));
    assert_eq!(m.act(|g| g.roll()).unwrap_err().code(), ErrorCode::GameOver);
    assert_eq!(
        m.act(|g| g.play("pass")).unwrap_err().code(),
        ErrorCode::GameOver
    );
    assert_eq!(m.next_game().unwrap_err().code(), ErrorCode::WrongPhase);
}

#[test]
fn matchplay_wrapper_drop_and_resign_leave_the_game_as_it_was() {
    let mut m = fake_match(5, true, Blue).unwrap();
    m.double().unwrap();
    let game = m.game().clone();
    assert_eq!(m.drop_double().unwrap().how, GameEnd::Drop);
    assert_eq!(m.game(), &game);
    assert_eq!(m.state().score().blue, 1);
    assert_eq!(m.next_game().unwrap(), Red);
    m.act(|g| g.roll()).unwrap();
    let game = m.game().clone();
    assert_eq!(
        m.resign(Red).unwrap(),
        GameResult {
            winner: Blue,
            points: 1,
            cube: 1,
            how: GameEnd::Resign
        }
    );
    assert_eq!(m.game(), &game);
    assert_eq!(
        m.resign(Blue).unwrap_err(),
        MatchError::WrongPhase(WrongPhase::AnswerAfterGame { action: "resign" })
    );
}

#[test]
fn matchplay_wrapper_from_parts_checks_agreement() {
    let mut m = fake_match(5, true, Red).unwrap();
    m.act(|g| g.roll()).unwrap();
    m.act(|g| g.play("win")).unwrap();
    let (st, game) = m.clone().into_parts();
    assert_eq!(Match::from_parts(st.clone(), game.clone()).unwrap(), m);
    // A game that has not ended, while the state records a win on the board.
    assert!(Match::from_parts(st.clone(), Fake::new(Red)).is_err());
    // A game won by the other player.
    let mut other = game.clone();
    other.winner = Some(Blue);
    assert!(Match::from_parts(st, other).is_err());
    // A finished game while the state says the game is on.
    let fresh = MatchState::new(5, true, Red).unwrap();
    assert!(Match::from_parts(fresh.clone(), game).is_err());
    // A pending double mid-turn.
    let mut pending = fresh.clone();
    pending.double(Red, true).unwrap();
    let mut rolled = Fake::new(Red);
    rolled.rolled = true;
    assert!(Match::from_parts(pending.clone(), rolled).is_err());
    assert!(Match::from_parts(pending, Fake::new(Red)).is_ok());
}

// RULES 3.3: in the longest match the cube tops out at 32: from 16 a double needs score + 16 < 21.
#[test]
fn matchplay_cube_tops_out_at_32_in_a_21_point_match_rules_3_3() {
    let mut st = MatchState::new(21, true, Red).unwrap();
    let mut doubler = Red;
    while st.can_double(doubler, true).is_ok() {
        st.double(doubler, true).unwrap();
        st.take().unwrap();
        doubler = doubler.other();
    }
    assert_eq!(st.cube(), cube(32, Some(Blue)));
    assert_eq!(st.can_double(Blue, true), Err(CubeError::DeadCube));
    assert_eq!(steere_games::max_cube(21), 32);
    st.game_won(Blue, GameEnd::Goal).unwrap();
    assert_eq!(st.score().blue, 32, "scores are stored uncapped (3.1)");
    assert_eq!(MatchState::from_data(st.to_data()).unwrap(), st);
}

// RULES 3.4: a restore refuses a turned cube, a pending double or a drop in the Crawford game.
#[test]
fn matchplay_restore_refuses_the_cube_in_the_crawford_game_rules_3_4() {
    let st = at_score(5, 4, 0);
    assert!(st.crawford());
    let mut d = st.to_data();
    d.cube = cube(2, Some(Blue));
    assert!(MatchState::from_data(d).is_err());
    let mut d = st.to_data();
    d.pending_double = Some(Blue);
    assert!(MatchState::from_data(d).is_err());
    let mut done = st.clone();
    done.resign(Red).unwrap();
    let mut d = done.to_data();
    assert!(MatchState::from_data(d.clone()).is_ok());
    d.results[4].how = GameEnd::Drop;
    assert!(MatchState::from_data(d).is_err());
    // A drop is fine outside the Crawford game, and only for a doubler the dead-cube rule allows.
    let mut ok = at_score(5, 3, 0);
    ok.double(Blue, true).unwrap();
    ok.drop_double().unwrap();
    assert_eq!(MatchState::from_data(ok.to_data()).unwrap(), ok);
    let mut d = ok.to_data();
    let last = d.results.len() - 1;
    d.results[last].winner = Red; // Red at 3 may double from 1: 3 + 1 < 5
    d.score = steere_games::ByPlayer::new(4, 0);
    assert!(MatchState::from_data(d.clone()).is_ok());
    d.results[last].cube = 2;
    d.results[last].points = 2;
    d.score = steere_games::ByPlayer::new(5, 0);
    d.cube = cube(2, Some(Red));
    assert!(
        MatchState::from_data(d).is_err(),
        "Red at 3 may not double from 2 in a 5-point match"
    );
}
