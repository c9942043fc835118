//! Dice: the value type and the seeded, serialisable generator behind them.
//!
//! The generator and its seeding are fixed forever (a saved game must go on with the same dice):
//! - **Algorithm**: ChaCha20 (`rand_chacha::ChaCha20Rng`, stream 0), a well-kept implementation.
//! - **Seed to key**: the 32-byte ChaCha key is `SHA-256("steere-games/dice/v1" || 0x00 || tag || payload)`
//!   where a number seed `n` (an integer `0..=2^32-1`) has tag `b'n'` and payload the 4 little-endian bytes
//!   of `n`, and a string seed has tag `b's'` and payload its UTF-8 bytes.
//! - **Unseeded**: the key is 32 bytes from `getrandom` (the OS, or `crypto.getRandomValues` in JavaScript).
//! - **A die of `k` faces**: draw a `u32` (`next_u32`); if it is at or above `zone = 2^32 - (2^32 mod k)`
//!   draw again (rejection: no modulo bias); the face is `1 + value mod k`.
//! - **A roll**: the distance die first, then the direction die.
//!
//! The state (key and 128-bit word position) serialises as a 64-character hex key and the word position
//! as a safe integer.
//!
//! Beside it, [`SimRng`]: the small fast generator of the simulator's and the learner's choices (never
//! of dice).

use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::error::ParseError;
use crate::keys::JsonKeys;

/// A seed as the API takes it: an integer `0..=2^32-1` or a string.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Seed {
    /// A number seed.
    Number(u32),
    /// A string seed (any UTF-8 text).
    Text(String),
}

/// The largest integer JavaScript represents exactly (`Number.MAX_SAFE_INTEGER`).
pub const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// A seeded ChaCha20 generator whose whole state can be saved and restored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiceRng {
    rng: ChaCha20Rng,
}

impl DiceRng {
    /// The generator for a seed, as documented at the top of this module.
    pub fn from_seed(seed: &Seed) -> DiceRng {
        let mut hasher = Sha256::new();
        hasher.update(b"steere-games/dice/v1\0");
        match seed {
            Seed::Number(n) => {
                hasher.update(b"n");
                hasher.update(n.to_le_bytes());
            }
            Seed::Text(s) => {
                hasher.update(b"s");
                hasher.update(s.as_bytes());
            }
        }
        let key: [u8; 32] = hasher.finalize().into();
        DiceRng {
            rng: ChaCha20Rng::from_seed(key),
        }
    }

    /// A generator keyed from the operating system's (or the browser's) cryptographic source.
    /// Falls back to `None` only if that source fails.
    pub fn from_entropy() -> Option<DiceRng> {
        let mut key = [0u8; 32];
        getrandom::fill(&mut key).ok()?;
        Some(DiceRng {
            rng: ChaCha20Rng::from_seed(key),
        })
    }

    /// An independent generator of the same key: its stream `stream` (a game's dice are stream 0),
    /// from its start. Rollouts give each trial its own streams of one seed's key.
    pub fn stream(&self, stream: u64) -> DiceRng {
        let mut rng = self.rng.clone();
        rng.set_stream(stream);
        rng.set_word_pos(0);
        DiceRng { rng }
    }

    /// One die of `faces` faces (`1..=faces`), without modulo bias. `faces` must be at least 1.
    pub fn die(&mut self, faces: u8) -> u8 {
        // below(faces) < faces <= 255, so the cast is exact.
        self.below(u32::from(faces)) as u8 + 1
    }

    /// A raw 32-bit value (for bots and simulations that share the stream).
    pub fn next_u32(&mut self) -> u32 {
        self.rng.next_u32()
    }

    /// A uniform index below `n` (`n >= 1`), without modulo bias.
    pub fn below(&mut self, n: u32) -> u32 {
        let k = u64::from(n.max(1));
        let zone = (1u64 << 32) - ((1u64 << 32) % k);
        loop {
            let v = u64::from(self.rng.next_u32());
            if v < zone {
                return (v % k) as u32;
            }
        }
    }

    /// The serialisable state.
    pub fn state(&self) -> RngState {
        let key = self.rng.get_seed();
        let mut hex = String::with_capacity(64);
        for b in key {
            for nibble in [b >> 4, b & 15] {
                hex.push(char::from_digit(u32::from(nibble), 16).unwrap_or('0'));
            }
        }
        // The word position grows by 1 per u32 drawn; 2^53 words is far beyond any game.
        let pos = u64::try_from(self.rng.get_word_pos()).unwrap_or(u64::MAX);
        RngState {
            key: hex,
            word: pos.min(MAX_SAFE_INTEGER),
        }
    }

    /// Restores a generator from its state.
    pub fn from_state(state: &RngState) -> Result<DiceRng, ParseError> {
        let bytes = state.key.as_bytes();
        if bytes.len() != 64 {
            return Err(ParseError::new("rng.key must be 64 lower-case hex digits"));
        }
        let mut key = [0u8; 32];
        for (k, pair) in key.iter_mut().zip(bytes.chunks_exact(2)) {
            match pair {
                [hi, lo] => match (hex_value(*hi), hex_value(*lo)) {
                    (Some(h), Some(l)) => *k = (h << 4) | l,
                    _ => return Err(ParseError::new("rng.key must be 64 lower-case hex digits")),
                },
                _ => return Err(ParseError::new("rng.key must be 64 lower-case hex digits")),
            }
        }
        if state.word > MAX_SAFE_INTEGER {
            return Err(ParseError::new("rng.word must be a safe integer"));
        }
        let mut rng = ChaCha20Rng::from_seed(key);
        rng.set_word_pos(u128::from(state.word));
        Ok(DiceRng { rng })
    }
}

fn hex_value(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        _ => None,
    }
}

/// The saved state of a [`DiceRng`]: `{ key: "<64 hex>", word: <number of 32-bit words drawn> }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonKeys)]
#[serde(deny_unknown_fields)]
pub struct RngState {
    /// The ChaCha20 key, 64 lower-case hex digits.
    pub key: String,
    /// The position in the key stream, in 32-bit words.
    pub word: u64,
}

/// One roll of Jokerball's two dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonKeys)]
#[serde(deny_unknown_fields)]
pub struct Dice {
    /// The distance die (purple): `1..=6` on side 6, `1..=4` on side 4.
    pub distance: u8,
    /// The direction die (green): `1..=6`.
    pub direction: u8,
}

impl Dice {
    /// Rolls the distance die (`distance_faces` faces) and then the direction die (6 faces).
    pub fn roll(rng: &mut DiceRng, distance_faces: u8) -> Dice {
        let distance = rng.die(distance_faces);
        let direction = rng.die(6);
        Dice {
            distance,
            direction,
        }
    }
}

/// A small, fast, seeded generator for the players' choices (xoshiro128++ by Blackman and Vigna, 32-bit
/// words, which suits wasm32). Never used for dice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimRng {
    s: [u32; 4],
}

impl SimRng {
    /// A generator from four words; an all-zero state (the one fixed point) is replaced by a constant.
    pub fn new(words: [u32; 4]) -> SimRng {
        let s = if words == [0; 4] {
            [0x9e37_79b9, 0x7f4a_7c15, 0xf39c_c060, 0x5ced_c834]
        } else {
            words
        };
        SimRng { s }
    }

    /// A generator keyed from the next four words of a dice generator.
    pub fn from_dice(dice: &mut DiceRng) -> SimRng {
        SimRng::new([
            dice.next_u32(),
            dice.next_u32(),
            dice.next_u32(),
            dice.next_u32(),
        ])
    }

    /// The next 32-bit word.
    #[inline(always)]
    pub fn next_u32(&mut self) -> u32 {
        let [s0, s1, s2, s3] = self.s;
        let out = s0.wrapping_add(s3).rotate_left(7).wrapping_add(s0);
        let t = s1 << 9;
        let mut s = [s0, s1, s2 ^ s0, s3 ^ s1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(11);
        self.s = s;
        out
    }

    /// A uniform index below `n` (`0` when `n` is 0), without bias (Lemire's multiply-and-reject).
    #[inline(always)]
    pub fn below(&mut self, n: usize) -> usize {
        let n = u32::try_from(n).unwrap_or(u32::MAX);
        if n <= 1 {
            return 0;
        }
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u64::from(self.next_u32()) * u64::from(n);
            if (m as u32) >= threshold {
                return (m >> 32) as usize;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_round_trips_mid_stream() {
        let mut a = DiceRng::from_seed(&Seed::Number(7));
        for _ in 0..13 {
            a.die(6);
        }
        let st = a.state();
        let mut b = DiceRng::from_state(&st).unwrap();
        for _ in 0..100 {
            assert_eq!(a.die(6), b.die(6));
        }
    }

    #[test]
    fn bad_states_are_refused() {
        let mut st = DiceRng::from_seed(&Seed::Number(1)).state();
        st.key.make_ascii_uppercase();
        assert!(DiceRng::from_state(&st).is_err());
        let st2 = RngState {
            key: "00".into(),
            word: 0,
        };
        assert!(DiceRng::from_state(&st2).is_err());
        let mut st3 = DiceRng::from_seed(&Seed::Number(1)).state();
        st3.word = MAX_SAFE_INTEGER + 1;
        assert!(DiceRng::from_state(&st3).is_err());
    }

    #[test]
    fn seeds_differ_by_kind() {
        let mut a = DiceRng::from_seed(&Seed::Number(1));
        let mut b = DiceRng::from_seed(&Seed::Text("1".into()));
        let va: Vec<u32> = (0..8).map(|_| a.next_u32()).collect();
        let vb: Vec<u32> = (0..8).map(|_| b.next_u32()).collect();
        assert_ne!(va, vb);
    }

    #[test]
    fn streams_are_independent_and_reproducible() {
        let key = DiceRng::from_seed(&Seed::Number(9));
        let draw = |mut r: DiceRng| (0..8).map(|_| r.next_u32()).collect::<Vec<_>>();
        assert_eq!(draw(key.stream(0)), draw(key.clone()));
        assert_eq!(draw(key.stream(5)), draw(key.stream(5)));
        assert_ne!(draw(key.stream(5)), draw(key.stream(6)));
        let mut used = key.clone();
        used.next_u32();
        assert_eq!(
            draw(used.stream(5)),
            draw(key.stream(5)),
            "from the stream's start"
        );
    }

    #[test]
    fn faces_in_range() {
        let mut r = DiceRng::from_seed(&Seed::Number(3));
        for k in 1..=10u8 {
            for _ in 0..1000 {
                let v = r.die(k);
                assert!((1..=k).contains(&v));
            }
        }
    }

    #[test]
    fn entropy_seeds_differ() {
        let a = DiceRng::from_entropy().unwrap().state();
        let b = DiceRng::from_entropy().unwrap().state();
        assert_ne!(a.key, b.key);
    }

    #[test]
    fn below_is_in_range_and_covers() {
        let mut r = SimRng::new([1, 2, 3, 4]);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[r.below(7)] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800 && c < 1200), "{seen:?}");
        assert_eq!(r.below(1), 0);
        assert_eq!(r.below(0), 0);
    }

    #[test]
    fn xoshiro128pp_reference_output() {
        // xoshiro128++ from state [1, 2, 3, 4]: the first outputs of the reference C implementation.
        let mut r = SimRng::new([1, 2, 3, 4]);
        let v: Vec<u32> = (0..3).map(|_| r.next_u32()).collect();
        assert_eq!(v, [641, 1_573_767, 3_222_811_527]);
    }

    #[test]
    fn zero_state_is_replaced() {
        let mut r = SimRng::new([0; 4]);
        // (or-ed, not summed: four random words overflow a u32 sum under debug assertions)
        assert_ne!((0..4).fold(0, |bits, _| bits | r.next_u32()), 0);
    }
}
