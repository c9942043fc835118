//! Shared pieces of the fuzz targets: a byte reader that never runs out, random play from a seed, the
//! invariants every game must keep, and the Match JSON envelope of the binding layer.
//!
//! The invariants (issue 9): nothing panics; a refused input leaves the object exactly as it was; a
//! parsed position string prints back to the same string; `legal_moves` and `is_legal` agree, and every
//! listed move plays; a state saved to JSON restores to an equal object.

use std::fmt::Debug;

use serde::{Deserialize, Serialize};
use steere_games::jokerball::{self, Phase as JPhase};
use steere_games::record::{GameRecord, Recorded};
use steere_games::zola;
use steere_games::{
    Coded, DiceError, DiceRng, Engine, ErrorCode, InMatch, Match, MatchState, MatchStateData,
    ParseError, PlayError, Player, SavedMatch, Seed, Tags,
};

/// Reads fuzzer bytes; past the end it yields zeros, so every input drives a complete run.
pub struct Bytes<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Bytes<'a> {
    /// A reader over `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data, pos: 0 }
    }

    /// The next byte (0 past the end).
    pub fn u8(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        b
    }

    /// The next four bytes as a little-endian number.
    pub fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }

    /// Whether unread bytes remain.
    pub fn more(&self) -> bool {
        self.pos < self.data.len()
    }

    /// The next text: a length byte, then that many bytes read as (lossy) UTF-8.
    pub fn text(&mut self) -> String {
        let len = usize::from(self.u8());
        let start = self.pos.min(self.data.len());
        let end = (self.pos + len).min(self.data.len());
        self.pos += len;
        String::from_utf8_lossy(&self.data[start..end]).into_owned()
    }

    /// The rest of the input.
    pub fn rest(&mut self) -> &'a [u8] {
        let start = self.pos.min(self.data.len());
        self.pos = self.data.len();
        &self.data[start..]
    }
}

/// What the targets need of a game, the same for both games.
pub trait FuzzGame: GameRecord + Clone + PartialEq + Debug {
    /// Whether the JSON state saved by `json_round_trip` keeps the dice generator (Jokerball).
    const STATE_WITH_RNG: bool;
    /// The legal moves of the current phase, as notations (sorted, distinct).
    fn legal(&self) -> Vec<String> {
        self.legal_notations()
    }
    /// The game's own legality check of a move text.
    fn is_legal_text(&self, text: &str) -> bool {
        self.is_legal(text)
    }
    /// Plays a move text; returns the notation of the move played.
    fn play_text(&mut self, text: &str) -> Result<String, PlayError> {
        let mv = self.play(text)?;
        Ok(self.notation(mv))
    }
    /// Rolls the dice when the game waits for them (Jokerball); `None` when the game has no dice phase now.
    fn roll_if_needed(&mut self) -> Option<Result<(), DiceError>>;
    /// Sets the dice (Jokerball); `None` for a game without dice.
    fn set_dice_to(&mut self, distance: u8, direction: u8) -> Option<Result<(), DiceError>>;
    /// Whether the game is over (nobody is awaited).
    fn over(&self) -> bool {
        self.awaits().is_none()
    }
    /// Saves to the JSON state and restores from it (`None` when the state is refused).
    fn json_round_trip(&self) -> Result<Self, ParseError> {
        let text = serde_json::to_string(&self.to_state(Self::STATE_WITH_RNG))
            .expect("a state serialises");
        let state: Self::State = serde_json::from_str(&text).expect("a state parses");
        Self::from_state(&state)
    }
    /// Reads `text` with the game's own position parser: the position written again, and whether it
    /// equals the game's current position.
    fn read_back(&self, text: &str) -> (String, bool);
    /// The current position string, when the game is not over, parsed back and printed again. (A
    /// finished Zola game's string lacks the captured colour, which the parser refuses: API.md.)
    fn position_round_trip(&self) {
        if self.over() {
            return;
        }
        let text = self.position_string();
        let (again, same) = self.read_back(&text);
        assert_eq!(again, text);
        assert!(same, "{text} reads back as another position");
    }
}

impl FuzzGame for jokerball::Game {
    const STATE_WITH_RNG: bool = true;
    fn roll_if_needed(&mut self) -> Option<Result<(), DiceError>> {
        (self.phase() == JPhase::Roll).then(|| self.roll().map(|_| ()))
    }
    fn set_dice_to(&mut self, distance: u8, direction: u8) -> Option<Result<(), DiceError>> {
        Some(self.set_dice(distance, direction))
    }
    fn read_back(&self, text: &str) -> (String, bool) {
        let pos = jokerball::Position::from_position_string(self.rules(), text, None)
            .expect("the position string of a game on is readable");
        (pos.to_position_string(), &pos == self.position())
    }
}

impl FuzzGame for zola::Game {
    const STATE_WITH_RNG: bool = false;
    fn roll_if_needed(&mut self) -> Option<Result<(), DiceError>> {
        None
    }
    fn set_dice_to(&mut self, _distance: u8, _direction: u8) -> Option<Result<(), DiceError>> {
        None
    }
    fn read_back(&self, text: &str) -> (String, bool) {
        let pos =
            zola::Position::from_position_string(text).expect("a position string is readable");
        (pos.to_position_string(), &pos == self.position())
    }
}

/// Checks every invariant of a game: the legal list is sorted and distinct, each listed move is legal by
/// `is_legal` and plays, the position string round-trips, and the JSON state restores an equal game.
pub fn check_game<G: FuzzGame>(game: &G) {
    let legal = game.legal();
    for pair in legal.windows(2) {
        assert!(
            pair[0] < pair[1],
            "legal moves not sorted/distinct: {legal:?}"
        );
    }
    if game.over() {
        assert!(legal.is_empty(), "moves listed after the game: {legal:?}");
    }
    for text in &legal {
        assert!(game.is_legal_text(text), "listed but not is_legal: {text}");
        let mut copy = game.clone();
        let played = copy
            .play_text(text)
            .unwrap_or_else(|e| panic!("listed move {text} refused: {e}"));
        assert_eq!(&played, text, "a listed move plays as another notation");
    }
    game.position_round_trip();
    let back = game
        .json_round_trip()
        .unwrap_or_else(|e| panic!("own JSON state refused: {e}"));
    assert_eq!(&back, game, "the JSON state does not restore the same game");
}

/// Plays `text` on `game` and checks: it is played exactly when `is_legal` says so, the move played is
/// a listed one, and a refusal leaves the game unchanged with a code that fits.
pub fn try_move<G: FuzzGame>(game: &mut G, text: &str) {
    let before = game.clone();
    let legal = game.is_legal_text(text);
    let listed = before.legal();
    match game.play_text(text) {
        Ok(played) => {
            assert!(legal, "played but not is_legal: {text}");
            assert!(
                listed.contains(&played),
                "played {played} is not in {listed:?}"
            );
        }
        Err(e) => {
            assert!(!legal, "is_legal but refused: {text}: {e}");
            assert!(
                !listed.iter().any(|m| m == text),
                "listed but refused: {text}"
            );
            assert_eq!(*game, before, "a refused move changed the game");
            if game.over() {
                assert!(
                    matches!(e.code(), ErrorCode::GameOver | ErrorCode::ParseError),
                    "a move after the game gave {}",
                    e.code()
                );
            }
        }
    }
}

/// Advances a game by one random action of its own (a roll or a random legal move), driven by `rng`.
/// Returns false when the game is over.
pub fn random_step<G: FuzzGame>(game: &mut G, rng: &mut DiceRng) -> bool {
    if game.over() {
        return false;
    }
    if let Some(r) = game.roll_if_needed() {
        r.expect("a seeded game rolls");
        return true;
    }
    let legal = game.legal();
    assert!(!legal.is_empty(), "a game on has no legal move");
    let pick = &legal[rng.below(legal.len() as u32) as usize];
    game.play_text(pick).expect("a listed move plays");
    true
}

/// A Jokerball setup from setup bytes (rules, size, rows, first) and a seed.
pub fn jokerball_setup(setup: u8, seed: u32) -> jokerball::Setup {
    let size = if setup & 1 == 0 { 6 } else { 4 };
    jokerball::Setup {
        rules: if setup & 2 == 0 {
            jokerball::RuleSet::Y2025
        } else {
            jokerball::RuleSet::Classic
        },
        size: Some(size),
        rows: 1 + (setup >> 2) % (size - 1),
        first: if setup & 0x80 == 0 {
            Player::Red
        } else {
            Player::Blue
        },
        position: None,
        seed: Some(Seed::Number(seed)),
    }
}

/// A Jokerball game from setup bytes (rules, size, rows, first) and a seed.
pub fn jokerball_game(setup: u8, seed: u32) -> jokerball::Game {
    jokerball::Game::new(&jokerball_setup(setup, seed)).expect("a valid setup starts")
}

/// A Zola setup from setup bytes (size, pie, first).
pub fn zola_setup(setup: u8, pie: bool) -> zola::Setup {
    zola::Setup {
        size: Some([6, 8, 10][usize::from(setup % 3)]),
        pie,
        first: if setup & 0x80 == 0 {
            Player::Red
        } else {
            Player::Blue
        },
        position: None,
    }
}

/// A Zola game from setup bytes (size, pie, first).
pub fn zola_game(setup: u8, pie: bool) -> zola::Game {
    zola::Game::new(&zola_setup(setup, pie)).expect("a valid setup starts")
}

/// The JSON state of a match in format 1 (`Match.toJSON()` before matches kept their games), for the
/// seed corpus; format 2 is [`SavedMatch`].
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchJson<S> {
    /// Always 1.
    pub format: u8,
    /// Always `"match"`.
    pub game: String,
    /// `"jokerball"` or `"zola"`.
    pub variant: String,
    /// The match bookkeeping.
    #[serde(rename = "match")]
    pub state: MatchStateData,
    /// The current game's own state.
    pub current: S,
}

/// Restores a match the way `Match.fromJSON` does (format 1 or 2).
pub fn restore_match<G: InMatch>(json: &SavedMatch<G::State>) -> Result<Match<G>, ParseError> {
    Match::from_saved(json)
}

/// Checks the invariants of a match: its bookkeeping and its game restore to themselves; its JSON
/// state (format 2, through JSON text) restores to an equal match; when every game is known, its
/// record reads back to an equal match and writes again byte for byte; `can_double` agrees with
/// `double`.
pub fn check_match<G: FuzzGame>(m: &Match<G>) {
    let data = m.state().to_data();
    let state =
        MatchState::from_data(data).unwrap_or_else(|e| panic!("own match data refused: {e}"));
    let game = m
        .game()
        .json_round_trip()
        .unwrap_or_else(|e| panic!("own game state refused: {e}"));
    let back = Match::from_parts(state, game).unwrap_or_else(|e| panic!("own parts refused: {e}"));
    assert_eq!(
        back.state(),
        m.state(),
        "the bookkeeping does not restore equal"
    );
    assert_eq!(back.game(), m.game(), "the game does not restore equal");
    let text = serde_json::to_string(&m.to_saved(true)).expect("a match serialises");
    let saved: SavedMatch<G::State> = serde_json::from_str(&text).expect("a match state parses");
    let back = Match::<G>::from_saved(&saved).unwrap_or_else(|e| panic!("own JSON refused: {e}"));
    assert_eq!(&back, m, "the match does not restore equal");
    if m.log().known == 1 {
        let record = m
            .to_record(&Tags::new())
            .unwrap_or_else(|e| panic!("no record: {e}"));
        let read =
            Match::<G>::from_record(&record, None).unwrap_or_else(|e| panic!("own record: {e}"));
        assert_eq!(read.to_record(&Tags::new()).ok(), Some(record), "record");
        assert_eq!(read.games(), m.games(), "the record's games differ");
    }
    assert_eq!(
        m.can_double().is_ok(),
        m.clone().double().is_ok(),
        "can_double and double disagree"
    );
}
