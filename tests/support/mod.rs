//! What several test files share: a small seeded stream for random positions and games, perft, and the
//! matches of the standard games that tests start from.
//! Each test file that needs it declares `mod support;`; not every file uses every item.
#![allow(dead_code)]

use steere_games::{jokerball, zola, Engine, Match, MatchSetup, Seed};

/// Marsaglia's xorshift64 (13, 7, 17): a small, fast, seeded stream for picking squares and moves.
pub struct Xorshift(u64);

impl Xorshift {
    /// The stream from `seed` (made odd, so never the stuck state 0).
    pub fn new(seed: u64) -> Xorshift {
        Xorshift(seed | 1)
    }

    /// The next value.
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.0;
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        *s
    }

    /// An index below `n` (`n > 0`): the next value modulo `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// The number of move sequences of `depth` plies from `game`, through the engine's own move
/// generation (Zola: passes are automatic and not counted as plies).
pub fn perft<G: Engine>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = G::List::default();
    game.legal_moves_into(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| {
            let mut g = game.clone();
            g.play_move(m).unwrap();
            perft(&g, depth - 1)
        })
        .sum()
}

/// A Zola game from the standard start of a side of `n` squares (Red first, no pie rule).
pub fn zola_start(n: u8) -> steere_games::zola::Game {
    steere_games::zola::Game::new(&steere_games::zola::Setup {
        size: Some(n),
        ..Default::default()
    })
    .unwrap()
}

/// The sizes and depths of Zola's perft table (`tests/data/zola_perft.txt`), as far as the naive
/// reference is fast enough to check them.
pub const ZOLA_PERFT_DEPTHS: [(u8, u32); 3] = [(6, 4), (8, 3), (10, 2)];

/// A match of `length` points, with the cube or without, of the standard Zola game.
pub fn zola_match(length: u32, cube: bool) -> Match<zola::Game> {
    Match::new(&MatchSetup {
        length,
        cube,
        game: zola::Setup::default(),
    })
    .unwrap()
}

/// A match of `length` points, with the cube or without, of the standard Jokerball game with dice rolled
/// from `seed`.
pub fn jokerball_match(length: u32, cube: bool, seed: u32) -> Match<jokerball::Game> {
    Match::new(&MatchSetup {
        length,
        cube,
        game: jokerball::Setup {
            seed: Some(Seed::Number(seed)),
            ..Default::default()
        },
    })
    .unwrap()
}
