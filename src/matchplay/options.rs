//! The options of a match as plain data, composed and checked once for every caller (the JavaScript
//! `Match`, and the game choice of `simulate`): which game, with the options of that game only.

use super::driver::MatchSetup;
use crate::dice::Seed;
use crate::engine::GameKind;
use crate::error::OptionError;
use crate::player::Player;
use crate::{jokerball, zola};

/// One game's setup, the game named by options that may carry a setup for each game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameSetup {
    /// Jokerball with this setup.
    Jokerball(jokerball::Setup),
    /// Zola with this setup.
    Zola(zola::Setup),
}

impl GameSetup {
    /// The setup of `game` from the options given for each game (absent: the defaults). Options of the
    /// other game are an `invalid_option`: they would be silently ignored.
    pub fn choose(
        game: GameKind,
        jokerball: Option<jokerball::Setup>,
        zola: Option<zola::Setup>,
    ) -> Result<GameSetup, OptionError> {
        match game {
            GameKind::Jokerball if zola.is_some() => Err(OptionError::new(
                "option `zola` does not apply to Jokerball (game is 'jokerball')",
            )),
            GameKind::Zola if jokerball.is_some() => Err(OptionError::new(
                "option `jokerball` does not apply to Zola (game is 'zola')",
            )),
            GameKind::Jokerball => Ok(GameSetup::Jokerball(jokerball.unwrap_or_default())),
            GameKind::Zola => Ok(GameSetup::Zola(zola.unwrap_or_default())),
        }
    }
}

/// The options of a new match as they are given: every one optional but `length`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchOptions {
    /// The points to win (required).
    pub length: Option<u32>,
    /// Whether the doubling cube is used.
    pub cube: bool,
    /// Who starts the first game (default red); it overrides the game options' `first`.
    pub first: Option<Player>,
    /// The seed of the dice (Jokerball); it overrides the game options' `seed`.
    pub seed: Option<Seed>,
    /// The game and its options.
    pub game: GameSetup,
}

/// A match's setup of either game, ready for [`Match::new`](super::Match::new).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnyMatchSetup {
    /// A Jokerball match.
    Jokerball(MatchSetup<jokerball::Setup>),
    /// A Zola match.
    Zola(MatchSetup<zola::Setup>),
}

impl MatchOptions {
    /// The match's setup: `length` required, the match's `first` (and `seed`) laid over the game's.
    /// The match rules themselves (length 1..21, no position string, no pie rule) are checked by
    /// [`Match::new`](super::Match::new).
    pub fn setup(self) -> Result<AnyMatchSetup, OptionError> {
        let length = self
            .length
            .ok_or_else(|| OptionError::new("Match options need `length` (1..21)"))?;
        let first = self.first.unwrap_or(Player::Red);
        let cube = self.cube;
        Ok(match self.game {
            GameSetup::Jokerball(game) => AnyMatchSetup::Jokerball(MatchSetup {
                length,
                cube,
                game: jokerball::Setup {
                    first,
                    seed: self.seed,
                    ..game
                },
            }),
            GameSetup::Zola(game) => AnyMatchSetup::Zola(MatchSetup {
                length,
                cube,
                game: zola::Setup { first, ..game },
            }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_options_of_the_other_game_are_refused_and_the_match_overlays_first_and_seed() {
        assert!(
            GameSetup::choose(GameKind::Jokerball, None, Some(zola::Setup::default())).is_err()
        );
        assert!(
            GameSetup::choose(GameKind::Zola, Some(jokerball::Setup::default()), None).is_err()
        );
        let game = GameSetup::choose(GameKind::Jokerball, None, None).unwrap();
        let options = MatchOptions {
            length: None,
            cube: true,
            first: Some(Player::Blue),
            seed: Some(Seed::Number(3)),
            game,
        };
        assert!(options.clone().setup().is_err());
        let AnyMatchSetup::Jokerball(m) = MatchOptions {
            length: Some(5),
            ..options
        }
        .setup()
        .unwrap() else {
            panic!("a Jokerball match");
        };
        assert_eq!((m.length, m.cube), (5, true));
        assert_eq!(m.game.first, Player::Blue);
        assert_eq!(m.game.seed, Some(Seed::Number(3)));
    }
}
