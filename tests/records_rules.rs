//! Records of games and matches (RULES 4): the header (4.1), the body (4.2), the written form, and the
//! refusals, each naming the wrong line.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

mod support;
use support::zola_match;

use steere_games::record::{lone_record, Recorded, Tagged};
use steere_games::{
    jokerball, zola, Coded, Engine, ErrorCode, GameEnd, Match, MatchPhase, MatchSetup, MatchState,
    Player, Seed, Tags,
};

use Player::{Blue, Red};

type JMatch = Match<jokerball::Game>;
type ZMatch = Match<zola::Game>;

/// The example of RULES 4: a 3-point Jokerball match with the cube, the second game on (read by
/// js-tests/records.test.mjs too).
const RULES_EXAMPLE: &str = include_str!("data/rules_4_example.txt");

/// A finished Jokerball game on side 4 with one row (docs/records.md).
const JOKERBALL_GAME: &str = "[Game \"Jokerball\"]
[Rules \"2025\"]
[Size \"4\"]
[Rows \"1\"]
[Red \"Ana\"]
[Blue \"Ben\"]
[Date \"2026.12.03\"]
[Result \"red\"]

Game 1
1. 2/2 a2-c2 d4>d2
2. 4/4 g6-c6 d2>c1
3. 2/2 a4xc6 -
4. 3/4 g7-d4 -
5. 3/1 a3-d6 -
6. 1/1 g5-f5 c1>off
Red wins
";

/// A Zola game with the pie rule: a swap (record 2) and a pass (record 43) (docs/records.md).
const ZOLA_GAME: &str = "[Game \"Zola\"]
[Size \"6\"]
[Pie \"on\"]
[Result \"red\"]

Game 1
1. f4xf3
2. swap
3. d5xc5
4. b4xc4
5. a6xa5
6. d4xd3
7. a5xc3
8. a3xc5
9. c3xc4
10. e3xe4
11. e2xd3
12. a1xa2
13. f5xe4
14. b2xb3
15. a4xb3
16. b6-a6
17. b1xc1
18. f6xe6
19. b5xc5
20. f3xd3
21. e4-f3
22. d6xc5
23. c1-b1
24. c5-b6
25. c2xd2
26. e5-f6
27. b3xd3
28. f2xd2
29. b1xb6
30. e6xc6
31. f3xc6
32. d2xd3
33. c4xd3
34. f6xf1
35. d3-e3
36. a6xb6
37. e3-f3
38. e1xd1
39. f3xd1
40. a2-a1
41. d1-e1
42. b6xc6
43. -
44. f1xe1
Red wins
";

/// A 5-point Jokerball match: a double taken, a redouble dropped, the second game on (docs/records.md).
const MATCH_RECORD: &str = "[Game \"Jokerball\"]
[Rules \"2025\"]
[Size \"6\"]
[Rows \"2\"]
[Length \"5\"]
[Cube \"on\"]
[Red \"Ana\"]
[Blue \"computer (medium)\"]
[Event \"Club night\"]
[Result \"*\"]

Game 1
1. 4/1 b5-f9 f6>c3
2. 2/6 j5-h3 c3>g3
Red doubles
Blue takes
3. 1/3 b6-c7 -
4. 6/4 j9xf9 g3>e1
5. 3/4 b1-d1 e1>h4
Blue doubles
Red drops
Blue wins 2 points

Game 2
1. 4/2 j5-f5 f6>f10
2. 6/6 b3-h9 f10>e10
";

/// The message of a refused match record; checks that it is a parse_error naming `line`.
fn match_error(text: &str, line: usize) -> String {
    refusal(JMatch::from_record(text, None), line)
}

/// The message of a refused Jokerball game record, naming `line`.
fn jokerball_error(text: &str, line: usize) -> String {
    refusal(Tagged::<jokerball::Game>::from_record(text, None), line)
}

/// The message of a refused Zola game record, naming `line`.
fn zola_error(text: &str, line: usize) -> String {
    refusal(Tagged::<zola::Game>::from_record(text, None), line)
}

/// `text` with line `n` (from 1) replaced by `with` (or removed when `with` is `None`).
fn edit(text: &str, n: usize, with: Option<&str>) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    match with {
        Some(w) => lines[n - 1] = w,
        None => {
            lines.remove(n - 1);
        }
    }
    lines.join("\n") + "\n"
}

/// `text` with `line` inserted before line `n`.
fn insert(text: &str, n: usize, line: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(n - 1, line);
    lines.join("\n") + "\n"
}

#[test]
fn rules_4_the_example_reads_to_the_state_it_describes() {
    let m = JMatch::from_record(RULES_EXAMPLE, None).unwrap();
    let st = m.state();
    assert_eq!(st.length(), 3);
    assert!(st.cube_enabled());
    assert_eq!(st.game_number(), 2);
    assert_eq!((st.score().red, st.score().blue), (1, 0));
    assert_eq!(st.results().len(), 1);
    let r = st.results()[0];
    assert_eq!(
        (r.winner, r.points, r.cube, r.how),
        (Red, 1, 1, GameEnd::Drop)
    );
    assert_eq!(m.phase(), MatchPhase::Playing);
    assert_eq!(st.cube().unwrap().value, 1);
    assert_eq!(st.pending_double(), None);
    // Game 2 is Blue's (RULES 3.6); Blue played one turn, Red is to roll.
    assert_eq!(st.starter(), Blue);
    assert_eq!(m.game().turn(), Red);
    assert_eq!(m.game().phase(), jokerball::Phase::Roll);
    assert_eq!(m.game().history(), ["6/2 j6-e1 f6>f11"]);
    assert_eq!(m.tags().get("Red"), Some("Ana"));
    assert_eq!(m.tags().get("Blue"), Some("computer (easy)"));
    let games = m.games();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].first, Red);
    assert_eq!(games[1].first, Blue);
    assert_eq!(
        games[0].lines,
        [
            "4/5 b1-f5 f6>f10",
            "5/1 j9xf5 f10>g11",
            "1/1 b7-c7 g11>f10",
            "3/6 j10-g10 -",
            "Red doubles",
            "Blue drops",
            "Red wins 1 point"
        ]
    );
    assert_eq!(games[1].result, None);
    // Written again byte for byte.
    assert_eq!(m.to_record(&Tags::new()).unwrap(), RULES_EXAMPLE);
    // Without a seed the game goes on only with dice set from outside.
    let mut m = m;
    assert_eq!(m.roll().unwrap_err().code(), ErrorCode::WrongPhase);
    m.set_dice(2, 3).unwrap();
}

#[test]
fn rules_4_the_documented_records_read_and_write_back() {
    let g = Tagged::<jokerball::Game>::from_record(JOKERBALL_GAME, None).unwrap();
    assert_eq!(g.winner(), Some(Red));
    assert_eq!(g.side(), 4);
    assert_eq!(g.tags().get("Date"), Some("2026.12.03"));
    assert_eq!(g.to_record(&Tags::new()), JOKERBALL_GAME);

    let z = Tagged::<zola::Game>::from_record(ZOLA_GAME, None).unwrap();
    assert!(z.swapped());
    assert!(z.pie());
    assert_eq!(z.winner(), Some(Red));
    assert_eq!(z.history()[42], "-");
    // Record 43 is Blue's pass: after record 42 Blue had no move, and Red moved next.
    let before = zola::Game::replay(
        &z.history()[..42],
        &zola::Setup {
            pie: true,
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(before.history().len(), 43);
    assert_eq!(before.turn(), Red);
    assert_eq!(z.to_record(&Tags::new()), ZOLA_GAME);

    let m = JMatch::from_record(MATCH_RECORD, None).unwrap();
    assert_eq!((m.state().score().red, m.state().score().blue), (0, 2));
    assert_eq!(m.state().results()[0].how, GameEnd::Drop);
    assert_eq!(m.state().results()[0].cube, 2);
    assert_eq!(m.game().turn(), Blue);
    assert_eq!(m.game().phase(), jokerball::Phase::Roll);
    assert_eq!(m.state().cube().unwrap().value, 1);
    assert_eq!(m.to_record(&Tags::new()).unwrap(), MATCH_RECORD);
}

#[test]
fn rules_4_a_seed_gives_the_dice_to_go_on_with() {
    let seed = Seed::Text("abc".into());
    let mut m = JMatch::from_record(RULES_EXAMPLE, Some(&seed)).unwrap();
    let mut fresh = jokerball::Game::new(&jokerball::Setup {
        seed: Some(seed.clone()),
        ..Default::default()
    })
    .unwrap();
    assert_eq!(m.roll().unwrap(), fresh.roll().unwrap());
    let mut g = Tagged::<jokerball::Game>::from_record(
        &edit(JOKERBALL_GAME, 8, Some("[Result \"*\"]"))
            .replace("6. 1/1 g5-f5 c1>off\nRed wins\n", ""),
        Some(&seed),
    )
    .unwrap();
    assert_eq!(g.history().len(), 5);
    assert!(g.roll().is_ok());
}

#[test]
fn rules_4_1_the_header_is_written_in_its_order() {
    // First only when Blue starts; optional tags: Red, Blue, Event, Site, Date, then the others in
    // their order; Result last; one empty line.
    let g = jokerball::Game::new(&jokerball::Setup {
        rules: jokerball::RuleSet::Classic,
        first: Blue,
        rows: 3,
        seed: Some(Seed::Number(1)),
        ..Default::default()
    })
    .unwrap();
    let mut tags = Tags::new();
    tags.set("Opening", "x").unwrap();
    tags.set("Date", "2026.01.02").unwrap();
    tags.set("Red", "R \"q\" \\ s").unwrap();
    let mut g = Tagged::new(g);
    g.set_tags(tags);
    let mut extra = Tags::new();
    extra.set("Site", "here").unwrap();
    extra.set("Annotator", "me").unwrap();
    extra.set("Red", "Rita").unwrap();
    let text = g.to_record(&extra);
    assert_eq!(
        text,
        "[Game \"Jokerball\"]\n[Rules \"classic\"]\n[Size \"6\"]\n[Rows \"3\"]\n[First \"blue\"]\n\
         [Red \"Rita\"]\n[Site \"here\"]\n[Date \"2026.01.02\"]\n[Opening \"x\"]\n[Annotator \"me\"]\n\
         [Result \"*\"]\n\nGame 1\n"
    );
    // Escapes are read back.
    let back = Tagged::<jokerball::Game>::from_record(&g.to_record(&Tags::new()), None).unwrap();
    assert_eq!(back.tags().get("Red"), Some("R \"q\" \\ s"));
    assert_eq!(back.to_record(&Tags::new()), g.to_record(&Tags::new()));

    // A game from a position string writes Position (no Rows, no First).
    let pos = "b1bb/3r1/2bb2/b1r4/1o3r/1rb2/rrrr r";
    let g = jokerball::Game::new(&jokerball::Setup {
        position: Some(pos.into()),
        ..Default::default()
    })
    .unwrap();
    assert_eq!(
        lone_record(&g, &Tags::new()),
        format!("[Game \"Jokerball\"]\n[Rules \"2025\"]\n[Size \"4\"]\n[Position \"{pos}\"]\n[Result \"*\"]\n\nGame 1\n")
    );
    let z = zola::Game::new(&zola::Setup {
        position: Some("6/6/6/1b4/6/r5 r".into()),
        ..Default::default()
    })
    .unwrap();
    // Red has no move at the start: the game begins with a pass.
    assert_eq!(
        lone_record(&z, &Tags::new()),
        "[Game \"Zola\"]\n[Size \"6\"]\n[Position \"6/6/6/1b4/6/r5 r\"]\n[Result \"*\"]\n\nGame 1\n1. -\n"
    );
    let back = Tagged::<zola::Game>::from_record(&lone_record(&z, &Tags::new()), None).unwrap();
    assert_eq!(back.to_state(false), z.to_state(false));

    // A match: Length and Cube after the game's tags; no Pie for Zola.
    let m = ZMatch::new(&MatchSetup {
        length: 7,
        cube: false,
        game: zola::Setup {
            size: Some(8),
            first: Blue,
            ..Default::default()
        },
    })
    .unwrap();
    assert_eq!(
        m.to_record(&Tags::new()).unwrap(),
        "[Game \"Zola\"]\n[Size \"8\"]\n[Length \"7\"]\n[Cube \"off\"]\n[First \"blue\"]\n[Result \"*\"]\n\nGame 1\n"
    );
}

#[test]
fn rules_4_1_tags_given_to_the_writer_are_checked() {
    let mut t = Tags::new();
    for name in [
        "Game", "Rules", "Size", "Rows", "Pie", "Length", "Cube", "First", "Position", "Result",
    ] {
        assert_eq!(
            t.set(name, "x").unwrap_err().code(),
            ErrorCode::InvalidOption
        );
    }
    for name in ["", "red", "1A", "A-B", "A B", "É"] {
        assert_eq!(
            t.set(name, "x").unwrap_err().code(),
            ErrorCode::InvalidOption,
            "{name}"
        );
    }
    assert!(t.set("Event", "a\nb").is_err());
    assert!(t.set("Event", "a\rb").is_err());
    assert!(t.set("Date", "2026.1.2").is_err());
    assert!(t.set("Event", &"x".repeat(4097)).is_err());
    assert!(t.is_empty());
    assert!(t.set("Event", "").is_ok());
    assert!(t.set("A_1", "x").is_ok());
}

#[test]
fn rules_4_1_header_errors_name_their_line() {
    let base = JOKERBALL_GAME;
    let m = jokerball_error(&edit(base, 1, Some("[Game \"Chess\"]")), 1);
    assert!(m.contains("Jokerball or Zola"), "{m}");
    jokerball_error(&edit(base, 1, None), 8); // no Game: the header's end
    jokerball_error(&edit(base, 2, Some("[Rules \"2024\"]")), 2);
    jokerball_error(&edit(base, 3, Some("[Size \"5\"]")), 3);
    jokerball_error(&edit(base, 4, Some("[Rows \"4\"]")), 4);
    jokerball_error(&edit(base, 4, Some("[Rows \"01\"]")), 4);
    jokerball_error(&edit(base, 4, None), 8); // Rows missing: the header's end
    jokerball_error(&edit(base, 5, Some("[red \"Ana\"]")), 5);
    jokerball_error(&edit(base, 5, Some("[Red  \"Ana\"]")), 5);
    jokerball_error(&edit(base, 5, Some("[Red \"A\\nna\"]")), 5);
    jokerball_error(&edit(base, 5, Some("[Red \"A\"na\"]")), 5);
    jokerball_error(&edit(base, 5, Some("[Red \"Ana\"] ")), 5);
    jokerball_error(&edit(base, 6, Some("[Red \"Bo\"]")), 6); // twice
    jokerball_error(&edit(base, 7, Some("[Date \"3 Dec 2026\"]")), 7);
    jokerball_error(&edit(base, 8, Some("[Result \"blue\"]")), 8);
    jokerball_error(&edit(base, 8, Some("[Result \"draw\"]")), 8);
    jokerball_error(&insert(base, 5, "[First \"green\"]"), 5);
    jokerball_error(&insert(base, 5, "[Pie \"on\"]"), 5); // not a Jokerball tag
    jokerball_error(&insert(base, 5, "[Length \"3\"]"), 5); // a match record
    jokerball_error(&insert(base, 5, "[Cube \"on\"]"), 5);
    // No empty line after the header.
    jokerball_error(&edit(base, 9, None), 9);
    // Position with Rows, First with Position.
    let pos = "[Position \"b1bb/3r1/2bb2/b1r4/1o3r/1rb2/rrrr r\"]";
    jokerball_error(&insert(base, 5, pos), 4);
    let with_pos = insert(&edit(base, 4, None), 4, pos);
    jokerball_error(&insert(&with_pos, 5, "[First \"blue\"]"), 5);
    jokerball_error(&edit(&with_pos, 3, Some("[Size \"6\"]")), 4); // Size disagrees with Position
                                                                   // The game part is read: the game from this position.
    let g = Tagged::<jokerball::Game>::from_record(
        "[Game \"Jokerball\"]\n[Rules \"2025\"]\n[Size \"4\"]\n[Position \"b1bb/3r1/2bb2/b1r4/1o3r/1rb2/rrrr r\"]\n\nGame 1\n",
        None,
    )
    .unwrap();
    assert_eq!(g.legal_moves().len(), 0);
    assert_eq!(g.position_string(), "b1bb/3r1/2bb2/b1r4/1o3r/1rb2/rrrr r");
    // A record of the other game, and a match record read as a game.
    jokerball_error(ZOLA_GAME, 1);
    zola_error(JOKERBALL_GAME, 1);
    jokerball_error(RULES_EXAMPLE, 5);
    // Zola: Pie required in a lone game, refused with Position and in a match.
    zola_error(&edit(ZOLA_GAME, 3, None), 4);
    zola_error(&edit(ZOLA_GAME, 3, Some("[Pie \"yes\"]")), 3);
    zola_error(&edit(ZOLA_GAME, 2, Some("[Size \"7\"]")), 2);
    zola_error(&insert(ZOLA_GAME, 2, "[Rows \"2\"]"), 2);
    zola_error(&insert(ZOLA_GAME, 2, "[Position \"6/6/6/1b4/6/r5 r\"]"), 4);
    let zm =
        "[Game \"Zola\"]\n[Size \"6\"]\n[Pie \"off\"]\n[Length \"3\"]\n[Cube \"on\"]\n\nGame 1\n";
    let e = ZMatch::from_record(zm, None).unwrap_err();
    assert!(e.message.starts_with("line 3: "), "{}", e.message);
    // Match tags: Length 1..21, Cube required, no Position.
    match_error(&edit(RULES_EXAMPLE, 5, Some("[Length \"22\"]")), 5);
    match_error(&edit(RULES_EXAMPLE, 5, Some("[Length \"0\"]")), 5);
    match_error(&edit(RULES_EXAMPLE, 6, None), 9);
    match_error(&edit(RULES_EXAMPLE, 6, Some("[Cube \"yes\"]")), 6);
    match_error(
        &insert(
            RULES_EXAMPLE,
            7,
            "[Position \"b1bb/3r1/2bb2/b1r4/1o3r/1rb2/rrrr r\"]",
        ),
        7,
    );
    match_error(JOKERBALL_GAME, 1); // a lone game read as a match
    match_error("", 1);
    match_error("\n", 1);
    match_error("Game 1\n", 1);
}

#[test]
fn rules_4_2_body_errors_name_their_line() {
    // Line 12 is record 1 of game 1; line 16 "Red doubles"; line 17 "Blue drops"; 18 the result;
    // 20 "Game 2"; 21 its record 1.
    let ex = RULES_EXAMPLE;
    let m = match_error(&edit(ex, 12, Some("1. 4/5 b1-f5 f6>e6")), 12);
    assert!(m.contains("illegal"), "{m}");
    match_error(&edit(ex, 12, Some("1. 4/5 b1-f5")), 12);
    match_error(&edit(ex, 13, Some("3. 5/1 j9xf5 f10>g11")), 13); // wrong number
    match_error(&edit(ex, 13, Some("2.  5/1 j9xf5 f10>g11")), 13);
    match_error(&edit(ex, 13, Some("2 5/1 j9xf5 f10>g11")), 13);
    match_error(&edit(ex, 16, Some("Blue doubles")), 16); // not Blue's turn
    match_error(&edit(ex, 17, Some("Red drops")), 17); // the doubler cannot answer
    match_error(&edit(ex, 17, Some("Blue passes")), 17);
    match_error(&edit(ex, 18, Some("Red wins 2 points")), 18); // a drop is worth the value before
    match_error(&edit(ex, 18, Some("Blue wins 1 point")), 18);
    match_error(&edit(ex, 18, Some("Red wins 1 point and the match")), 18);
    match_error(&edit(ex, 18, None), 19); // the result line is missing before Game 2
    match_error(&edit(ex, 20, Some("Game 3")), 20);
    match_error(&insert(ex, 19, "5. 2/2 b2-c2 f10>f9"), 19); // after the result
    match_error(&insert(ex, 16, "Red resigns"), 17); // the game is over: no double after it
    match_error(&edit(ex, 17, Some("Blue takes")), 18); // taken: the game goes on, no result
    match_error(&insert(ex, 11, "1. 4/5 b1-f5 f6>f10"), 11); // before Game 1
    match_error(&edit(ex, 11, Some("Game 2")), 11);
    match_error(&edit(ex, 21, Some("1. 6/2 j6-e1")), 21);
    // A take with no double pending.
    match_error(&insert(ex, 21, "Red takes"), 21);
    // A game still on cannot be followed by the next.
    match_error(&edit(&edit(&edit(ex, 16, None), 16, None), 16, None), 17);
    // Nothing after the end of the match.
    let over = RULES_EXAMPLE.replace("[Result \"*\"]", "[Result \"red\"]")
        + "Red doubles\nBlue takes\nBlue resigns\nRed wins 2 points and the match\n";
    let m = JMatch::from_record(&over, None).unwrap();
    assert_eq!(m.phase(), MatchPhase::MatchOver);
    assert_eq!(m.to_record(&Tags::new()).unwrap(), over);
    match_error(&over.replace(" and the match", ""), 25);
    match_error(&(over.clone() + "\nGame 3\n"), 27);
    match_error(&(over.clone() + "Red doubles\n"), 26);
    // Result tag checked against the body.
    match_error(&over.replace("[Result \"red\"]", "[Result \"*\"]"), 9);
    match_error(&over.replace("[Result \"red\"]", "[Result \"blue\"]"), 9);

    // Lone games: one section, no cube lines, "Red wins".
    jokerball_error(&insert(JOKERBALL_GAME, 11, "Red doubles"), 11);
    jokerball_error(&insert(JOKERBALL_GAME, 11, "Blue resigns"), 11);
    jokerball_error(&edit(JOKERBALL_GAME, 17, Some("Red wins 1 point")), 17);
    jokerball_error(&edit(JOKERBALL_GAME, 17, Some("Blue wins")), 17);
    jokerball_error(&edit(JOKERBALL_GAME, 17, None), 16);
    jokerball_error(&(JOKERBALL_GAME.to_string() + "\nGame 2\n"), 19);
    jokerball_error(&edit(JOKERBALL_GAME, 16, Some("6. 1/1 g5-f5 c1>d1")), 16);
}

#[test]
fn rules_4_2_passes_are_written_where_history_has_them() {
    // Record 43 is Blue's pass: leaving it out, or writing a pass where a move is due, is refused.
    let z = ZOLA_GAME;
    zola_error(&edit(z, 49, Some("43. f1xe1")), 49);
    let no_pass = edit(&edit(z, 49, None), 49, Some("43. f1xe1"));
    zola_error(&no_pass, 49);
    zola_error(&edit(z, 48, Some("42. -")), 48);
    // swap only where the pie rule allows it.
    zola_error(&edit(z, 9, Some("3. swap")), 9);
    zola_error(&edit(z, 3, Some("[Pie \"off\"]")), 8);
    // A position where Red starts without a move: the record begins with the pass.
    let start = "[Game \"Zola\"]\n[Size \"6\"]\n[Position \"6/6/6/1b4/6/r5 r\"]\n\nGame 1\n";
    zola_error(start, 5);
    zola_error(&(start.to_string() + "1. b3-b4\n"), 6);
    let g =
        Tagged::<zola::Game>::from_record(&(start.to_string() + "1. -\n2. b3-a4\n"), None).unwrap();
    assert_eq!(g.history(), ["-", "b3-a4"]);
}

#[test]
fn rules_4_2_comments_crlf_blank_lines_and_trailing_spaces_are_read_not_kept() {
    let noisy = RULES_EXAMPLE
        .replace("\nGame 1\n", "\n; saved by hand\n\nGame 1   \n\n")
        .replace(
            "2. 5/1 j9xf5 f10>g11\n",
            "2. 5/1 j9xf5 f10>g11 ; a capture\n\n\t\n",
        )
        .replace("Red doubles\n", "Red doubles  \t\n")
        .replace('\n', "\r\n");
    let noisy = format!("\u{feff}{noisy}");
    let m = JMatch::from_record(&noisy, None).unwrap();
    assert_eq!(m.to_record(&Tags::new()).unwrap(), RULES_EXAMPLE);
    // Without the last line break too.
    let m = JMatch::from_record(RULES_EXAMPLE.trim_end(), None).unwrap();
    assert_eq!(m.to_record(&Tags::new()).unwrap(), RULES_EXAMPLE);
    // Not in the header.
    match_error(&insert(RULES_EXAMPLE, 2, "; a comment"), 2);
}

#[test]
fn rules_4_records_longer_than_one_mib_are_refused() {
    let head = "[Game \"Zola\"]\n[Size \"6\"]\n[Pie \"off\"]\n\nGame 1\n";
    let fill = |n: usize| format!("{head}; {}\n", "x".repeat(n - head.len() - 3));
    let ok = fill(1 << 20);
    assert_eq!(ok.len(), 1 << 20);
    assert!(Tagged::<zola::Game>::from_record(&ok, None).is_ok());
    let long = fill((1 << 20) + 1);
    let e = Tagged::<zola::Game>::from_record(&long, None).unwrap_err();
    assert_eq!(e.code(), ErrorCode::ParseError);
    assert!(e.message.contains("1 MiB"));
}

#[test]
fn rules_4_2_a_pending_double_and_a_new_game_are_written() {
    let mut m = zola_match(3, true);
    m.act(|g| g.play("b1-a2")).unwrap_err();
    let mv = m.game().legal_notations()[0].clone();
    m.act(|g| g.play(&mv)).unwrap();
    m.double().unwrap();
    let text = m.to_record(&Tags::new()).unwrap();
    assert!(
        text.ends_with(&format!("Game 1\n1. {mv}\nBlue doubles\n")),
        "{text}"
    );
    let back = ZMatch::from_record(&text, None).unwrap();
    assert_eq!(back.phase(), MatchPhase::Double);
    assert_eq!(back.to_saved(false), m.to_saved(false));
    m.resign(Red).unwrap();
    // The game is over but the next one is not started: no Game 2 yet.
    let text = m.to_record(&Tags::new()).unwrap();
    assert!(
        text.ends_with("Blue doubles\nRed resigns\nBlue wins 1 point\n"),
        "{text}"
    );
    assert_eq!(
        ZMatch::from_record(&text, None).unwrap().phase(),
        MatchPhase::GameOver
    );
    m.next_game().unwrap();
    let text = m.to_record(&Tags::new()).unwrap();
    assert!(text.ends_with("Blue wins 1 point\n\nGame 2\n"), "{text}");
    let back = ZMatch::from_record(&text, None).unwrap();
    assert_eq!(back.to_saved(false), m.to_saved(false));
    assert_eq!(back.games(), m.games());
}

#[test]
fn rules_4_a_match_restored_from_format_1_has_no_record() {
    // A match known only by its bookkeeping and current game (what format 1 held).
    let mut m = zola_match(3, true);
    m.double().unwrap();
    m.take().unwrap();
    m.resign(Blue).unwrap();
    m.next_game().unwrap();
    let (st, game) = m.clone().into_parts();
    let old = Match::from_parts(MatchState::from_data(st.to_data()).unwrap(), game).unwrap();
    assert_eq!(old.log().known, 2);
    assert_eq!(old.games()[0].history, None);
    assert_eq!(old.games()[0].lines, ["Red wins 2 points"]);
    assert_eq!(old.games()[1].history, Some(Vec::new()));
    let e = old.to_record(&Tags::new()).unwrap_err();
    assert_eq!(e.code(), ErrorCode::WrongPhase);
    // Its JSON (format 1) is still read; saved again it is format 2 and stays without a record.
    let mut saved = m.to_saved(false);
    saved.format = 1;
    saved.log = None;
    let back = ZMatch::from_saved(&saved).unwrap();
    assert_eq!(back.log().known, 3);
    let again = ZMatch::from_saved(&back.to_saved(false)).unwrap();
    assert_eq!(again, back);
    assert_eq!(
        again.to_record(&Tags::new()).unwrap_err().code(),
        ErrorCode::WrongPhase
    );
    // Even a match in its first game, with no cube action yet: format 1 is not known to be whole.
    let fresh = zola_match(3, true);
    let mut saved = fresh.to_saved(false);
    saved.format = 1;
    saved.log = None;
    let back = ZMatch::from_saved(&saved).unwrap();
    assert_eq!(
        back.to_record(&Tags::new()).unwrap_err().code(),
        ErrorCode::WrongPhase
    );
    assert_eq!(back.games()[0].history, Some(Vec::new()));
    // The full format 2 keeps every game.
    let full = ZMatch::from_saved(&m.to_saved(false)).unwrap();
    assert_eq!(full, m);
    assert!(full.to_record(&Tags::new()).is_ok());
}

#[test]
fn rules_4_a_saved_log_must_replay_to_its_match() {
    // Format 2 keeps every game; a log that does not lead to the saved match is a parse_error.
    let m = JMatch::from_record(MATCH_RECORD, None).unwrap();
    let saved = m.to_saved(false);
    assert_eq!(JMatch::from_saved(&saved).unwrap(), m);
    let refused = |edit: &dyn Fn(&mut steere_games::SavedMatch<jokerball::GameState>)| {
        let mut s = saved.clone();
        edit(&mut s);
        let e = JMatch::from_saved(&s).unwrap_err();
        assert_eq!(e.code(), ErrorCode::ParseError);
    };
    refused(&|s| s.log.as_mut().unwrap().past.clear());
    refused(&|s| s.log.as_mut().unwrap().known = 0);
    refused(&|s| s.log.as_mut().unwrap().known = 4);
    refused(&|s| s.log.as_mut().unwrap().past[0].crawford = true);
    refused(&|s| s.log.as_mut().unwrap().past[0].history = None);
    refused(&|s| s.log.as_mut().unwrap().past[0].actions[0].at = 1);
    refused(&|s| s.log.as_mut().unwrap().past[0].actions[1].player = Red);
    refused(&|s| s.log.as_mut().unwrap().past[0].actions.truncate(2));
    refused(&|s| {
        s.log.as_mut().unwrap().past[0]
            .history
            .as_mut()
            .unwrap()
            .pop()
            .map(|_| ())
            .unwrap()
    });
    refused(&|s| {
        let h = s.log.as_mut().unwrap().past[0].history.as_mut().unwrap();
        h[1] = "2/6 j5-h3 c3>d3".into();
    });
    refused(&|s| {
        s.log
            .as_mut()
            .unwrap()
            .actions
            .push(steere_games::MatchAction {
                at: 2,
                player: Red,
                kind: steere_games::ActionKind::Double,
            })
    });
    refused(&|s| {
        s.format = 1;
    });
    refused(&|s| {
        s.log = None;
    });
    // Tags are part of the state and checked like a record's.
    let mut s = saved.clone();
    let json = serde_json::to_string(&s).unwrap();
    assert!(
        json.contains(r#""tags":{"Red":"Ana","Blue":"computer (medium)","Event":"Club night"}"#)
    );
    let bad = json.replace(r#""Event":"Club night""#, r#""Result":"red""#);
    assert!(serde_json::from_str::<steere_games::SavedMatch<jokerball::GameState>>(&bad).is_err());
    s.tags = Tags::new();
    assert!(!serde_json::to_string(&s).unwrap().contains("\"tags\""));
}

/// The message of a refused record: `read` must be a parse_error whose message names `line`.
fn refusal<T: std::fmt::Debug, E: Coded + std::fmt::Debug>(
    read: Result<T, E>,
    line: usize,
) -> String {
    let e = read.expect_err("the record must be refused");
    assert_eq!(e.code(), ErrorCode::ParseError);
    let message = e.to_string();
    let prefix = format!("line {line}: ");
    assert!(
        message.starts_with(&prefix),
        "expected '{prefix}...', got '{message}'"
    );
    message
}
