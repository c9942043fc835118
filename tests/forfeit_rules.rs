//! Games and matches ended off the board (API "Clocks and abandoned games", RULES 4.3): a lone game
//! or a match forfeited on time or by abandonment, its result, its JSON state and its record.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

mod support;
use support::{jokerball_match, zola_match};

use steere_games::record::{lone_record, Recorded, Tagged};
use steere_games::{
    jokerball, view_of, zola, Coded, Engine, ErrorCode, Forfeit, ForfeitError, ForfeitReason,
    GameEnd, GameWon, LineKind, Logged, Match, MatchPhase, MatchStateData, Player, SavedMatch,
    Seed, Tags,
};

use ForfeitReason::{Abandoned, Time};
use Player::{Blue, Red};

type JMatch = Match<jokerball::Game>;
type ZMatch = Match<zola::Game>;

fn jokerball_game(seed: u32) -> jokerball::Game {
    jokerball::Game::new(&jokerball::Setup {
        seed: Some(Seed::Number(seed)),
        ..Default::default()
    })
    .unwrap()
}

/// Plays `turns` whole Jokerball turns, each with the first legal move of every phase.
fn play_turns(g: &mut jokerball::Game, turns: usize) {
    for _ in 0..turns {
        g.roll().unwrap();
        while let Some(&m) = g.legal_moves().first() {
            g.play_move(m).unwrap();
        }
    }
}

/// A Zola game Red wins with its first move (`a6xf1` captures Blue's last checker).
fn zola_won_by_red() -> zola::Game {
    let mut g = zola::Game::new(&zola::Setup {
        position: Some("r5/6/6/6/6/5b r".into()),
        ..Default::default()
    })
    .unwrap();
    g.play("a6xf1").unwrap();
    g
}

/// A match's record read back (the same match state) and written again.
fn read_back<G: steere_games::GameRecord>(m: &Match<G>) -> String {
    let text = m.to_record(&Tags::new()).unwrap();
    let back = Match::<G>::from_record(&text, None).unwrap();
    assert_eq!(back.state(), m.state());
    back.to_record(&Tags::new()).unwrap()
}

fn last_line(text: &str) -> &str {
    text.lines().last().unwrap()
}

// Lone games.

#[test]
fn a_jokerball_game_lost_on_time_is_over_at_once_and_won_by_the_other_player() {
    let mut g = jokerball_game(1);
    play_turns(&mut g, 3);
    let history = g.history();
    g.forfeit(Red, Time).unwrap();
    assert_eq!(g.phase(), jokerball::Phase::Over);
    assert_eq!(g.winner(), Some(Blue));
    assert_eq!(g.forfeited(), Some(Forfeit::of(Red, Time)));
    let won = GameWon {
        winner: Blue,
        how: GameEnd::Time,
    };
    assert_eq!(g.outcome(), Some(won));
    assert!(g.legal_moves().is_empty() && g.legal_turns().is_empty());
    assert_eq!(g.awaits(), None);
    assert_eq!(g.history(), history, "no record is added");
    let v = view_of(&g);
    assert_eq!(v.result, Some(won));
    assert_eq!(v.to_act, None);
    assert!(!v.at_turn_start);
    let end = v.log.last().unwrap();
    assert_eq!(
        (end.kind, end.player, end.text.as_str()),
        (LineKind::Result, Blue, "Blue wins on time")
    );
    assert_eq!(g.roll().unwrap_err().code(), ErrorCode::GameOver);
    assert_eq!(g.set_dice(1, 1).unwrap_err().code(), ErrorCode::GameOver);
}

#[test]
fn a_zola_game_abandoned_is_over_at_once_and_refuses_every_move() {
    let mut g = zola::Game::new(&zola::Setup::default()).unwrap();
    let first = g.legal_notations()[0].clone();
    g.play(&first).unwrap();
    g.forfeit(Red, Abandoned).unwrap();
    assert_eq!(g.phase(), zola::Phase::Over);
    assert_eq!(g.winner(), Some(Blue));
    assert_eq!(
        g.outcome(),
        Some(GameWon {
            winner: Blue,
            how: GameEnd::Abandoned
        })
    );
    assert!(g.legal_moves().is_empty());
    let any = zola::Game::new(&zola::Setup::default())
        .unwrap()
        .legal_notations()[1]
        .clone();
    assert_eq!(g.play(&any).unwrap_err().code(), ErrorCode::GameOver);
    // The last move is still Red's first move; the player to move (Blue) stays to move.
    assert_eq!(g.last_move().unwrap().player, Red);
    assert_eq!(g.turn(), Blue);
}

#[test]
fn forfeiting_a_game_already_over_is_game_over_and_changes_nothing() {
    let mut won = zola_won_by_red();
    let before = won.clone();
    let err = won.forfeit(Red, Time).unwrap_err();
    assert_eq!(err, ForfeitError::GameOver);
    assert_eq!(err.code(), ErrorCode::GameOver);
    assert_eq!(won, before);
    let mut g = jokerball_game(2);
    g.forfeit(Blue, Abandoned).unwrap();
    let forfeited = g.clone();
    assert_eq!(
        g.forfeit(Red, Time).unwrap_err().code(),
        ErrorCode::GameOver
    );
    assert_eq!(g, forfeited, "a second forfeit changes nothing");
    assert_eq!(g.winner(), Some(Red));
}

#[test]
fn a_forfeit_in_the_middle_of_a_jokerball_turn_keeps_its_man_move_and_restores() {
    let mut g = jokerball_game(3);
    play_turns(&mut g, 2);
    g.roll().unwrap();
    let mover = g.turn();
    let man = g.legal_moves()[0];
    let cells = g.describe(man);
    g.play_move(man).unwrap();
    assert_eq!(g.phase(), jokerball::Phase::Ball);
    let position = g.position_string();
    g.forfeit(mover, Time).unwrap();
    assert_eq!(g.position_string(), position, "the man move stays played");
    assert_eq!(g.dice(), None, "no dice once the game is over");
    assert_eq!(g.ball_line(), None);
    let last = g.last_move().unwrap();
    assert_eq!(last.player, mover);
    assert_eq!(last.cells.first(), cells.from.as_ref());
    let state = g.to_state(true);
    assert!(state.turn.is_some(), "the half-played turn is kept");
    assert_eq!(jokerball::Game::from_state(&state).unwrap(), g);
}

// JSON states.

#[test]
fn forfeited_game_states_carry_the_forfeit_and_round_trip() {
    let mut g = jokerball_game(4);
    play_turns(&mut g, 4);
    g.forfeit(Blue, Abandoned).unwrap();
    let json = serde_json::to_value(g.to_state(true)).unwrap();
    assert_eq!(
        json["forfeit"],
        serde_json::json!({ "winner": "red", "how": "abandoned" })
    );
    assert_eq!(json["winner"], "red");
    assert_eq!(json["phase"], "over");
    let back: jokerball::GameState = serde_json::from_value(json).unwrap();
    assert_eq!(jokerball::Game::from_state(&back).unwrap(), g);

    let mut z = zola::Game::new(&zola::Setup::default()).unwrap();
    z.forfeit(Red, Time).unwrap();
    let json = serde_json::to_value(z.to_state(false)).unwrap();
    assert_eq!(
        json["forfeit"],
        serde_json::json!({ "winner": "blue", "how": "time" })
    );
    let back: zola::GameState = serde_json::from_value(json).unwrap();
    assert_eq!(zola::Game::from_state(&back).unwrap(), z);
}

#[test]
fn states_saved_before_forfeits_still_load_and_write_no_forfeit_key() {
    // A Zola state as written before forfeits existed (no `forfeit` key).
    let old = r#"{"format":1,"game":"zola","size":6,"pie":false,"first":"red","start":null,
        "history":[],"position":"brbrbr/rbrbrb/brbrbr/rbrbrb/brbrbr/rbrbrb r","turn":"red",
        "phase":"move","swapped":false,"winner":null}"#;
    let state: zola::GameState = serde_json::from_str(old).unwrap();
    let g = zola::Game::from_state(&state).unwrap();
    assert_eq!(g.forfeited(), None);
    let again = serde_json::to_value(g.to_state(false)).unwrap();
    assert!(again.get("forfeit").is_none(), "no key without a forfeit");
    // A Jokerball state and a match state written before: no key, none read, none written.
    let mut jg = jokerball_game(6);
    play_turns(&mut jg, 2);
    let text = serde_json::to_string(&jg.to_state(true)).unwrap();
    assert!(!text.contains("forfeit"));
    let back: jokerball::GameState = serde_json::from_str(&text).unwrap();
    assert_eq!(jokerball::Game::from_state(&back).unwrap(), jg);
    let m = zola_match(3, true);
    let text = serde_json::to_string(&m.to_saved(false)).unwrap();
    assert!(!text.contains("forfeit"));
    let back: SavedMatch<zola::GameState> = serde_json::from_str(&text).unwrap();
    assert_eq!(Match::from_saved(&back).unwrap(), m);
}

#[test]
fn a_state_with_an_impossible_forfeit_is_refused() {
    let parse_error = |e: steere_games::ParseError| assert_eq!(e.code(), ErrorCode::ParseError);
    // A forfeit together with a win on the board (Zola: every checker captured).
    let won = zola_won_by_red();
    let mut st = won.to_state(false);
    st.forfeit = Some(Forfeit::of(Blue, Time));
    parse_error(zola::Game::from_state(&st).unwrap_err());
    // A Jokerball game ended by a goal, read from its record, with a forfeit added.
    let text =
        "[Game \"Jokerball\"]\n[Rules \"2025\"]\n[Size \"4\"]\n[Rows \"1\"]\n[Result \"red\"]\n\n\
        Game 1\n1. 2/2 a2-c2 d4>d2\n2. 4/4 g6-c6 d2>c1\n3. 2/2 a4xc6 -\n4. 3/4 g7-d4 -\n\
        5. 3/1 a3-d6 -\n6. 1/1 g5-f5 c1>off\nRed wins\n";
    let goal = Tagged::<jokerball::Game>::from_record(text, None).unwrap();
    assert_eq!(goal.outcome().unwrap().how, GameEnd::Goal);
    let mut st = goal.to_state(false);
    st.forfeit = Some(Forfeit::of(Blue, Abandoned));
    parse_error(jokerball::Game::from_state(&st).unwrap_err());
    // A forfeit whose stored phase, winner or reason disagrees with it.
    let mut g = jokerball_game(7);
    play_turns(&mut g, 1);
    g.forfeit(Red, Time).unwrap();
    let good = g.to_state(false);
    for bad in [
        jokerball::GameState {
            phase: jokerball::Phase::Roll,
            ..good.clone()
        },
        jokerball::GameState {
            winner: Some(Red),
            ..good.clone()
        },
        jokerball::GameState {
            winner: None,
            ..good.clone()
        },
        jokerball::GameState {
            forfeit: None,
            ..good.clone()
        },
    ] {
        parse_error(jokerball::Game::from_state(&bad).unwrap_err());
    }
    // `how` must be 'time' or 'abandoned'.
    let mut json = serde_json::to_value(&good).unwrap();
    json["forfeit"]["how"] = serde_json::json!("goal");
    assert!(serde_json::from_value::<jokerball::GameState>(json).is_err());
    // A Zola game still on, stored as over without a forfeit.
    let z = zola::Game::new(&zola::Setup::default()).unwrap();
    let mut st = z.to_state(false);
    st.phase = zola::Phase::Over;
    st.winner = Some(Blue);
    parse_error(zola::Game::from_state(&st).unwrap_err());
}

// Matches.

#[test]
fn a_match_forfeited_during_a_game_is_over_unscored_whatever_the_score() {
    let mut m = zola_match(3, true);
    m.resign(Blue).unwrap();
    m.next_game().unwrap();
    assert_eq!(m.state().score().red, 1);
    let mv = m.game().legal_moves()[0];
    m.act(|g| g.play_move(mv)).unwrap();
    // Red leads 1-0, and loses the match on time.
    let f = m.forfeit(Red, Time).unwrap();
    assert_eq!(f, Forfeit::of(Red, Time));
    assert_eq!(m.phase(), MatchPhase::MatchOver);
    assert_eq!(m.state().winner(), Some(Blue));
    assert_eq!(m.state().score_winner(), None);
    assert_eq!(m.state().forfeit(), Some(f));
    assert_eq!((m.state().score().red, m.state().score().blue), (1, 0));
    assert_eq!(
        m.state().results().len(),
        1,
        "the current game is not scored"
    );
    assert_eq!(m.to_act(), None);
    let v = m.view();
    assert_eq!(
        v.result,
        Some(GameWon {
            winner: Blue,
            how: GameEnd::Time
        })
    );
    assert_eq!(v.to_act, None);
    assert_eq!(v.log.last().unwrap().text, "Blue wins the match on time");
    let games = m.games();
    assert_eq!(games[1].result, None);
    assert_eq!(
        games[1].lines.last().map(String::as_str),
        Some("Blue wins the match on time")
    );
    // Nothing goes on after it.
    let before = m.clone();
    assert_eq!(
        m.forfeit(Blue, Abandoned).unwrap_err().code(),
        ErrorCode::GameOver
    );
    assert_eq!(m.double().unwrap_err().code(), ErrorCode::GameOver);
    assert_eq!(m.resign(Red).unwrap_err().code(), ErrorCode::GameOver);
    assert_eq!(m.next_game().unwrap_err().code(), ErrorCode::WrongPhase);
    let mv = m.game().legal_moves()[0];
    assert_eq!(
        m.act(|g| g.play_move(mv)).unwrap_err().code(),
        ErrorCode::GameOver
    );
    assert_eq!(m, before);
}

#[test]
fn a_match_forfeited_while_a_double_is_pending_leaves_it_unanswered() {
    let mut m = jokerball_match(5, true, 5);
    m.double().unwrap();
    assert_eq!(m.phase(), MatchPhase::Double);
    m.forfeit(Blue, Abandoned).unwrap();
    assert_eq!(m.phase(), MatchPhase::MatchOver);
    assert_eq!(m.state().pending_double(), None);
    assert_eq!(m.state().cube().unwrap().value, 1, "the cube is not turned");
    assert_eq!(m.state().winner(), Some(Red));
    let lines = &m.games()[0].lines;
    assert_eq!(
        lines,
        &[
            "Red doubles".to_string(),
            "Red wins the match by abandonment".to_string()
        ]
    );
    assert_eq!(m.take().unwrap_err().code(), ErrorCode::GameOver);
}

#[test]
fn a_match_forfeited_between_games_keeps_the_last_games_own_result() {
    let mut m = zola_match(3, false);
    m.resign(Red).unwrap();
    assert_eq!(m.phase(), MatchPhase::GameOver);
    m.forfeit(Blue, Time).unwrap();
    assert_eq!(m.state().winner(), Some(Red));
    assert_eq!((m.state().score().red, m.state().score().blue), (0, 1));
    // The finished game kept its result (Blue won it by Red's resignation).
    assert_eq!(
        m.view().result,
        Some(GameWon {
            winner: Blue,
            how: GameEnd::Resign
        })
    );
    let texts: Vec<String> = m.view().log.into_iter().map(|l| l.text).collect();
    assert_eq!(
        texts,
        [
            "Red resigns",
            "Blue wins 1 point",
            "Red wins the match on time"
        ]
    );
    assert_eq!(m.next_game().unwrap_err().code(), ErrorCode::WrongPhase);
}

#[test]
fn forfeited_match_states_round_trip_and_impossible_ones_are_refused() {
    let mut m = jokerball_match(3, true, 5);
    m.roll().unwrap();
    m.forfeit(Red, Time).unwrap();
    let saved = m.to_saved(true);
    let json = serde_json::to_value(&saved).unwrap();
    assert_eq!(
        json["match"]["forfeit"],
        serde_json::json!({ "winner": "blue", "how": "time" })
    );
    assert!(
        json["current"].get("forfeit").is_none(),
        "the game itself is not forfeited"
    );
    let back: SavedMatch<jokerball::GameState> = serde_json::from_value(json).unwrap();
    assert_eq!(Match::from_saved(&back).unwrap(), m);

    let refused = |s: &SavedMatch<zola::GameState>| {
        assert_eq!(
            ZMatch::from_saved(s).unwrap_err().code(),
            ErrorCode::ParseError
        );
    };
    // A forfeit of a match already won on points.
    let mut won = zola_match(1, false);
    won.resign(Red).unwrap();
    assert_eq!(won.phase(), MatchPhase::MatchOver);
    let mut s = won.to_saved(false);
    s.state.forfeit = Some(Forfeit::of(Blue, Time));
    refused(&s);
    // A forfeit with a double still pending.
    let mut z = zola_match(5, true);
    z.double().unwrap();
    let mut s = z.to_saved(false);
    s.state.forfeit = Some(Forfeit::of(Red, Time));
    refused(&s);
    // A game result that says `time`: a forfeit never scores a game.
    let mut z = zola_match(5, false);
    z.resign(Red).unwrap();
    let mut s = z.to_saved(false);
    s.state.results[0].how = GameEnd::Time;
    refused(&s);
    // The current game forfeited alone inside a match.
    let z = zola_match(5, false);
    let mut s = z.to_saved(false);
    let mut g = z.game().clone();
    g.forfeit(Red, Time).unwrap();
    s.current = g.to_state(false);
    refused(&s);
    // The bookkeeping alone refuses a forfeit next to a pending double, and reads one without.
    let mut data: MatchStateData = z.state().to_data();
    data.forfeit = Some(Forfeit::of(Red, Abandoned));
    let st = steere_games::MatchState::from_data(data.clone()).unwrap();
    assert_eq!(st.phase(), MatchPhase::MatchOver);
    data.pending_double = Some(Red);
    data.cube = None;
    assert!(steere_games::MatchState::from_data(data).is_err());
}

// Records (RULES 4.3).

#[test]
fn rules_4_3_a_lone_game_record_ends_with_wins_on_time_or_by_abandonment_and_reads_back() {
    for (reason, line) in [
        (Time, "Blue wins on time"),
        (Abandoned, "Blue wins by abandonment"),
    ] {
        let mut g = jokerball_game(8);
        play_turns(&mut g, 5);
        g.forfeit(Red, reason).unwrap();
        let text = lone_record(&g, &Tags::new());
        assert_eq!(last_line(&text), line);
        assert!(text.contains("[Result \"blue\"]"));
        let back = Tagged::<jokerball::Game>::from_record(&text, None).unwrap();
        assert_eq!(back.forfeited(), Some(Forfeit::of(Red, reason)));
        assert_eq!(back.history(), g.history());
        assert_eq!(back.to_record(&Tags::new()), text);
    }
    let mut z = zola::Game::new(&zola::Setup::default()).unwrap();
    let mv = z.legal_notations()[0].clone();
    z.play(&mv).unwrap();
    z.forfeit(Blue, Time).unwrap();
    let z = Tagged::new(z);
    let text = z.to_record(&Tags::new());
    assert_eq!(last_line(&text), "Red wins on time");
    assert!(text.contains("[Result \"red\"]"));
    let back = Tagged::<zola::Game>::from_record(&text, None).unwrap();
    assert_eq!(back, z);
}

#[test]
fn rules_4_3_a_lone_game_record_refuses_a_misplaced_forfeit_line() {
    let z = zola::Game::new(&zola::Setup::default()).unwrap();
    let mut on = z.clone();
    on.forfeit(Blue, Time).unwrap();
    let text = lone_record(&on, &Tags::new());
    let fails = |t: &str, line: &str| {
        let e = Tagged::<zola::Game>::from_record(t, None).unwrap_err();
        assert_eq!(e.code(), ErrorCode::ParseError);
        assert!(e.to_string().contains(line), "{e}");
    };
    // Something after the forfeit's line.
    fails(&format!("{text}1. c3-d4\n"), "nothing may follow");
    // The match's form in a lone game.
    fails(
        &text.replace("Red wins on time", "Red wins the match on time"),
        "line ",
    );
    // The Result tag must name the forfeit's winner.
    fails(
        &text.replace("[Result \"red\"]", "[Result \"blue\"]"),
        "Result",
    );
    fails(
        &text.replace("[Result \"red\"]", "[Result \"*\"]"),
        "Result",
    );
    // A forfeit line after a win on the board.
    let won = lone_record(&zola_won_by_red(), &Tags::new());
    fails(&format!("{won}Blue wins on time\n"), "nothing may follow");
    fails(
        &won.replace("Red wins\n", "Red wins on time\n"),
        "expected 'Red wins'",
    );
}

#[test]
fn rules_4_3_match_records_end_with_the_match_won_on_time_or_by_abandonment_and_read_back() {
    // During a game, while a double is pending, and between games.
    let mut during = jokerball_match(3, true, 5);
    during.roll().unwrap();
    while let Some(&mv) = during.game().legal_moves().first() {
        during.act(|g| g.play_move(mv)).unwrap();
    }
    during.forfeit(Red, Time).unwrap();
    let mut doubled = zola_match(5, true);
    doubled.double().unwrap();
    doubled.forfeit(Blue, Abandoned).unwrap();
    let mut between = zola_match(3, false);
    between.resign(Red).unwrap();
    between.forfeit(Blue, Time).unwrap();
    for (text, again, line) in [
        (
            during.to_record(&Tags::new()).unwrap(),
            read_back(&during),
            "Blue wins the match on time",
        ),
        (
            doubled.to_record(&Tags::new()).unwrap(),
            read_back(&doubled),
            "Red wins the match by abandonment",
        ),
        (
            between.to_record(&Tags::new()).unwrap(),
            read_back(&between),
            "Red wins the match on time",
        ),
    ] {
        assert_eq!(last_line(&text), line);
        assert_eq!(again, text);
    }
    let text = between.to_record(&Tags::new()).unwrap();
    assert!(text.contains("[Result \"red\"]"));
    assert!(text.ends_with("Red resigns\nBlue wins 1 point\nRed wins the match on time\n"));
}

#[test]
fn rules_4_3_a_match_record_refuses_a_misplaced_forfeit_line() {
    let mut m = zola_match(3, false);
    m.forfeit(Red, Time).unwrap();
    let text = m.to_record(&Tags::new()).unwrap();
    let fails = |t: &str, why: &str| {
        let e = ZMatch::from_record(t, None).unwrap_err();
        assert_eq!(e.code(), ErrorCode::ParseError);
        assert!(e.to_string().contains(why), "{e}");
    };
    fails(&format!("{text}Red resigns\n"), "nothing may follow");
    fails(&format!("{text}\nGame 2\n"), "nothing may follow");
    // The lone game's form in a match.
    fails(
        &text.replace("Blue wins the match on time", "Blue wins on time"),
        "not over",
    );
    // The record of a match of `length` after Red resigns the first game.
    let resigned = |length| {
        let mut m = zola_match(length, false);
        m.resign(Red).unwrap();
        m.to_record(&Tags::new()).unwrap()
    };
    // Before the result line a finished game calls for.
    fails(
        &resigned(3).replace("Blue wins 1 point\n", "Red wins the match on time\n"),
        "expected 'Blue wins 1 point'",
    );
    // After a match won on points.
    fails(
        &format!("{}Red wins the match on time\n", resigned(1)),
        "nothing may follow",
    );
}

#[test]
fn records_written_before_forfeits_read_as_before() {
    let text = include_str!("data/rules_4_example.txt");
    let m = JMatch::from_record(text, None).unwrap();
    assert_eq!(m.state().forfeit(), None);
    assert_eq!(m.to_record(&Tags::new()).unwrap(), text);
}
