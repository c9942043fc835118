//! The match layer's traits ([`Logged`], [`Drawn`], [`InMatch`]) implemented for Jokerball's and Zola's
//! `Game` (the rules know nothing of matches, logs or views): each answer is the game's own method of
//! the same name.

use super::driver::InMatch;
use super::log::Logged;
use super::view::Drawn;
use crate::dice::Dice;
use crate::engine::BallLine;
use crate::error::{OptionError, PlayError};
use crate::player::Player;
use crate::{jokerball, zola};

/// [`Logged`] and [`InMatch`] of a game by its own methods of the same names (and the `Logged`
/// items given after it: Zola's `mover_after`).
macro_rules! by_own_methods {
    ($game:ty $(, $extra:item)*) => {
        impl Logged for $game {
            $($extra)*
            fn record_at(&self, index: usize) -> Option<String> {
                <$game>::record_at(self, index)
            }
            fn play_record(&mut self, record: &str) -> Result<(), PlayError> {
                <$game>::play_record(self, record)
            }
            fn custom_start(&self) -> bool {
                <$game>::custom_start(self)
            }
        }

        impl InMatch for $game {
            fn check_match_setup(setup: &Self::Setup) -> Result<(), OptionError> {
                <$game>::check_match_setup(setup)
            }
            fn next_game(&self, first: Player) -> Self {
                <$game>::next_game(self, first)
            }
        }
    };
}

by_own_methods!(jokerball::Game);
by_own_methods!(
    zola::Game,
    fn mover_after(record: &str, mover: Player) -> Player {
        zola::Game::mover_after(record, mover)
    }
);

impl Drawn for jokerball::Game {
    fn last_dice(&self) -> Option<(Dice, BallLine)> {
        jokerball::Game::last_dice(self)
    }
    fn ball_line(&self) -> Option<BallLine> {
        jokerball::Game::ball_line(self)
    }
}

impl Drawn for zola::Game {}
