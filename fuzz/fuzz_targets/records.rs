//! Records (RULES 4) of every class: any UTF-8 text is read as a Jokerball game, a Zola game and a
//! match of either game without panicking. A refusal is a `parse_error` naming a line (`line N: ...`,
//! N within the text) or the 1 MiB limit. A record that reads gives an object that keeps every
//! invariant, whose own record reads back to an equal object (its annotations, RULES 4.3, included) and
//! writes again byte for byte.
#![no_main]

use fuzz_support::{check_game, check_match, FuzzGame};
use libfuzzer_sys::fuzz_target;
use steere_games::record::{Recorded, Tagged};
use steere_games::{jokerball, zola, Coded, ErrorCode, Match, ParseError, Tags};

/// A refusal names a line of the text (or the size limit).
fn refused(e: &ParseError, text: &str) {
    assert_eq!(e.code(), ErrorCode::ParseError);
    if e.message.contains("1 MiB") {
        return;
    }
    let line: usize = e
        .message
        .strip_prefix("line ")
        .and_then(|m| m.split(':').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no line number: {}", e.message));
    let lines = text.strip_suffix('\n').unwrap_or(text).split('\n').count();
    assert!(
        line >= 1 && line <= lines.max(1),
        "line {line} of {lines}: {}",
        e.message
    );
}

fn game<G: FuzzGame>(text: &str) {
    match Tagged::<G>::from_record(text, None) {
        Ok(g) => {
            check_game(&g.game);
            let own = g.to_record(&Tags::new());
            let back = Tagged::<G>::from_record(&own, None)
                .unwrap_or_else(|e| panic!("own record: {e}\n{own}"));
            assert_eq!(
                back, g,
                "the record does not read back to an equal game and tags"
            );
            assert_eq!(back.to_record(&Tags::new()), own);
        }
        Err(e) => refused(&e, text),
    }
}

fn a_match<G: FuzzGame>(text: &str) {
    match Match::<G>::from_record(text, None) {
        Ok(m) => {
            check_match(&m);
            let own = m
                .to_record(&Tags::new())
                .unwrap_or_else(|e| panic!("no record: {e}"));
            let back = Match::<G>::from_record(&own, None)
                .unwrap_or_else(|e| panic!("own record: {e}\n{own}"));
            assert_eq!(back, m, "the record does not read back to an equal match");
        }
        Err(e) => refused(&e, text),
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    game::<jokerball::Game>(text);
    game::<zola::Game>(text);
    a_match::<jokerball::Game>(text);
    a_match::<zola::Game>(text);
});
