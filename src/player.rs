//! The two players of every game here, and a pair of values indexed by player.

use serde::{Deserialize, Serialize};

use crate::keys::JsonKeys;

/// One of the two players. Red sits at the bottom of the board and moves first by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// The player at the bottom (`r` in position strings).
    Red,
    /// The player at the top (`b` in position strings).
    Blue,
}

impl Player {
    /// Both players, Red first.
    pub const ALL: [Player; 2] = [Player::Red, Player::Blue];

    /// The opponent.
    #[inline]
    pub const fn other(self) -> Player {
        match self {
            Player::Red => Player::Blue,
            Player::Blue => Player::Red,
        }
    }

    /// `0` for Red, `1` for Blue: an index into per-player arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name used by the JavaScript API: `"red"` or `"blue"`.
    pub const fn name(self) -> &'static str {
        match self {
            Player::Red => "red",
            Player::Blue => "blue",
        }
    }

    /// Reads `"red"` or `"blue"`.
    pub fn from_name(name: &str) -> Option<Player> {
        match name {
            "red" => Some(Player::Red),
            "blue" => Some(Player::Blue),
            _ => None,
        }
    }

    /// The letter of position strings: `'r'` or `'b'`.
    pub const fn letter(self) -> char {
        match self {
            Player::Red => 'r',
            Player::Blue => 'b',
        }
    }

    /// Reads the letter of position strings.
    pub const fn from_letter(c: u8) -> Option<Player> {
        match c {
            b'r' => Some(Player::Red),
            b'b' => Some(Player::Blue),
            _ => None,
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A value for each player (`{ red, blue }` in JSON).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonKeys)]
#[serde(deny_unknown_fields)]
pub struct ByPlayer<T> {
    /// Red's value.
    pub red: T,
    /// Blue's value.
    pub blue: T,
}

impl<T> ByPlayer<T> {
    /// Builds a pair from one value per player.
    pub const fn new(red: T, blue: T) -> Self {
        ByPlayer { red, blue }
    }

    /// The value of `player`.
    #[inline]
    pub fn get(&self, player: Player) -> &T {
        match player {
            Player::Red => &self.red,
            Player::Blue => &self.blue,
        }
    }

    /// The value of `player`, mutably.
    #[inline]
    pub fn get_mut(&mut self, player: Player) -> &mut T {
        match player {
            Player::Red => &mut self.red,
            Player::Blue => &mut self.blue,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_letters_round_trip() {
        for p in Player::ALL {
            assert_eq!(Player::from_name(p.name()), Some(p));
            assert_eq!(Player::from_letter(p.letter() as u8), Some(p));
            assert_eq!(p.other().other(), p);
            assert_ne!(p.other(), p);
        }
        assert_eq!(Player::from_name("Red"), None);
        assert_eq!(Player::from_letter(b'R'), None);
    }

    #[test]
    fn by_player_indexes() {
        let mut pair = ByPlayer::new(1, 2);
        *pair.get_mut(Player::Blue) += 5;
        assert_eq!(*pair.get(Player::Red), 1);
        assert_eq!(*pair.get(Player::Blue), 7);
    }
}
