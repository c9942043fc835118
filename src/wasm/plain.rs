//! The core types that cross the boundary both ways (JSON states and their parts): each is listed once,
//! with its JSON keys, and gets both its reader ([`FromTree`](super::tree::FromTree)) and its writer
//! ([`ToJs`](super::out::ToJs)).

/// Reader and writer of a struct: `both!(Type { field: "key", .. })`.
macro_rules! both {
    ($t:ty { $($field:ident: $key:literal),* $(,)? }) => {
        super::tree::from_tree!($t { $($field: $key),* });
        super::out::js_object!($t { $($field: $key),* });
    };
}

/// Reader and writer of a string-valued enum (serde names in, `.name()` out).
macro_rules! both_named {
    ($($t:ty),* $(,)?) => {
        super::tree::from_tree_named!($($t),*);
        super::out::to_js_named!($($t),*);
    };
}

both_named!(
    crate::player::Player,
    crate::jokerball::RuleSet,
    crate::jokerball::Phase,
    crate::zola::Phase,
    crate::matchplay::GameEnd,
);
both!(crate::player::ByPlayer<u32> { red: "red", blue: "blue" });
both!(crate::dice::Dice {
    distance: "distance",
    direction: "direction"
});
both!(crate::dice::RngState {
    key: "key",
    word: "word"
});
both!(crate::matchplay::Cube {
    value: "value",
    owner: "owner"
});
both!(crate::matchplay::GameResult {
    winner: "winner",
    points: "points",
    cube: "cube",
    how: "how"
});
both!(crate::matchplay::MatchStateData {
    length: "length",
    first: "first",
    cube: "cube",
    score: "score",
    game_number: "gameNumber",
    pending_double: "pendingDouble",
    crawford: "crawford",
    post_crawford: "postCrawford",
    results: "results",
});
both!(crate::jokerball::TurnState {
    dice: "dice",
    man: "man"
});
both!(crate::jokerball::GameState {
    format: "format",
    game: "game",
    rules: "rules",
    size: "size",
    start: "start",
    history: "history",
    turn: "turn",
    phase: "phase",
    position: "position",
    winner: "winner",
    rng: "rng",
});
both!(crate::zola::GameState {
    format: "format",
    game: "game",
    size: "size",
    pie: "pie",
    first: "first",
    start: "start",
    history: "history",
    position: "position",
    turn: "turn",
    phase: "phase",
    swapped: "swapped",
    winner: "winner",
});
