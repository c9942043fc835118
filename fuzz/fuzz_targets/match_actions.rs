//! Random sequences of match actions (roll, setDice, play, double, take, drop, resign, nextGame) on a
//! match of either game (RULES 3): an action is refused or done, a refused one changes nothing, and
//! after each the match keeps every invariant (restores equal from its data, `can_double` agrees with
//! `double`, scores only grow, a finished match refuses everything).
#![no_main]

use fuzz_support::{check_game, check_match, jokerball_setup, zola_setup, Bytes, FuzzGame};
use libfuzzer_sys::fuzz_target;
use steere_games::ErrorCode::{CubeNotAllowed, GameOver, WrongPhase};
use steere_games::{
    jokerball, zola, Coded, DiceRng, ErrorCode, Match, MatchPhase, MatchSetup, PlayError, Player,
    Seed,
};

fn refused<G: FuzzGame>(m: &Match<G>, before: &Match<G>) {
    assert_eq!(m, before, "a refused action changed the match");
}

/// A refused cube or match action: unchanged, with one of the codes API.md gives such actions.
fn refused_with<G: FuzzGame>(
    m: &Match<G>,
    before: &Match<G>,
    code: ErrorCode,
    allowed: &[ErrorCode],
) {
    refused(m, before);
    assert!(allowed.contains(&code), "unexpected code {code}");
}

/// A refused roll, setDice or play: after the match it is `game_over` (or a parse error) (API.md).
fn refused_on_board<G: FuzzGame>(m: &Match<G>, before: &Match<G>, code: ErrorCode) {
    refused(m, before);
    if before.phase() == MatchPhase::MatchOver {
        assert!(
            matches!(code, ErrorCode::GameOver | ErrorCode::ParseError),
            "after the match: {code}"
        );
    }
}

fn run<G: FuzzGame>(mut m: Match<G>, bytes: &mut Bytes, seed: u32) {
    let mut rng = DiceRng::from_seed(&Seed::Number(seed ^ 0xacc7));
    let mut step = 0u32;
    while bytes.more() {
        step += 1;
        let before = m.clone();
        let score = m.state().score();
        match bytes.u8() % 10 {
            0 => {
                if let Err(e) = m.act(|g| g.roll_if_needed().unwrap_or(Ok(()))) {
                    refused_on_board(&m, &before, e.code());
                }
            }
            1 => {
                let (d, r) = (bytes.u8() % 8, bytes.u8() % 8);
                if let Err(e) = m.act(|g| g.set_dice_to(d, r).unwrap_or(Ok(()))) {
                    refused_on_board(&m, &before, e.code());
                }
            }
            2..=4 => {
                let legal = if m.phase() == MatchPhase::Playing {
                    m.game().legal()
                } else {
                    Vec::new()
                };
                let text = match legal.get(rng.below(legal.len().max(1) as u32) as usize) {
                    Some(t) => t.clone(),
                    None => bytes.text(),
                };
                let result: Result<String, PlayError> = m.act(|g| g.play_text(&text));
                if let Err(e) = result {
                    refused_on_board(&m, &before, e.code());
                    assert!(!legal.contains(&text), "a listed move refused: {text}");
                }
            }
            5 => {
                let allowed = m.can_double().is_ok();
                match m.double() {
                    Ok(()) => assert!(allowed),
                    Err(e) => {
                        assert!(!allowed);
                        refused_with(
                            &m,
                            &before,
                            e.code(),
                            &[CubeNotAllowed, GameOver, WrongPhase],
                        );
                    }
                }
            }
            6 => {
                if let Err(e) = m.take() {
                    refused_with(&m, &before, e.code(), &[GameOver, WrongPhase]);
                }
            }
            7 => {
                if let Err(e) = m.drop_double() {
                    refused_with(&m, &before, e.code(), &[GameOver, WrongPhase]);
                }
            }
            8 => {
                let p = if bytes.u8() & 1 == 0 {
                    Player::Red
                } else {
                    Player::Blue
                };
                if let Err(e) = m.resign(p) {
                    refused_with(&m, &before, e.code(), &[GameOver, WrongPhase]);
                }
            }
            _ => {
                if let Err(e) = m.next_game() {
                    refused_with(&m, &before, e.code(), &[WrongPhase]);
                }
            }
        }
        let now = m.state().score();
        assert!(now.get(Player::Red) >= score.get(Player::Red));
        assert!(now.get(Player::Blue) >= score.get(Player::Blue));
        // The full checks replay the game: every 8th action and at the end keeps the fuzzer fast.
        if step.is_multiple_of(8) {
            check_all(&m);
        }
    }
    check_all(&m);
}

fn check_all<G: FuzzGame>(m: &Match<G>) {
    if m.phase() == MatchPhase::Playing {
        check_game(m.game());
    }
    check_match(m);
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let which = bytes.u8();
    let setup = bytes.u8();
    let seed = bytes.u32();
    let length = 1 + u32::from(bytes.u8()) % 21;
    let cube = which & 2 != 0;
    let first = if setup & 0x80 == 0 {
        Player::Red
    } else {
        Player::Blue
    };
    if which & 1 == 0 {
        let game = jokerball_setup(setup, seed);
        let m = Match::<jokerball::Game>::new(&MatchSetup { length, cube, game })
            .expect("a fresh match");
        assert_eq!(m.state().first(), first);
        run(m, &mut bytes, seed);
    } else {
        let game = zola_setup(setup, false);
        let m =
            Match::<zola::Game>::new(&MatchSetup { length, cube, game }).expect("a fresh match");
        assert_eq!(m.state().first(), first);
        run(m, &mut bytes, seed);
    }
});
