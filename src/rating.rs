//! Player ratings after a finished match, by the FIBS formula (API "Lobby, pairing and ratings", the
//! bullet "Ratings (FIBS)"): plain data in, plain data out, for the reference server and for sites that
//! rate their own way.
//!
//! For a match of length `n` (a lone game: 1) won by W against L, the winner's chance as the ratings
//! saw it is `Pw = 1 / (1 + 10^((R_L - R_W) * sqrt(n) / 2000))`; W gains `4 * K_W * sqrt(n) * (1 - Pw)`
//! and L loses `4 * K_L * sqrt(n) * (1 - Pw)`, where `K = max(1, 5 - experience / 100)` with the
//! experience before the match (the sum of the lengths of the player's rated matches); then each
//! experience grows by `n`. A newcomer's rating moves fast (K = 5) and slows down until 400 points of
//! experience (K = 1 from there on).

use serde::{Deserialize, Serialize};

use crate::error::{coded, push_u64, ErrorCode};
use crate::keys::JsonKeys;

/// The longest match rated, in points: a longer one is taken for a mistake.
pub const MAX_RATED_LENGTH: u32 = 1_000;
/// The largest rating in absolute value (ratings start at 1500 and move by at most `20 * sqrt(n)`).
pub const MAX_RATING: f64 = 1_000_000.0;
/// The largest experience, in points (a million players' lifetimes of matches; a safe integer in
/// JavaScript, also after a match is added).
pub const MAX_EXPERIENCE: u64 = 1_000_000_000_000;

/// One of the two players of a rated match, as the errors name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchRole {
    /// The player who won the match.
    Winner,
    /// The player who lost it.
    Loser,
}

impl MatchRole {
    /// `"winner"` or `"loser"`.
    pub const fn name(self) -> &'static str {
        match self {
            MatchRole::Winner => "winner",
            MatchRole::Loser => "loser",
        }
    }
}

/// What is wrong with a match to rate (all `invalid_option`); nothing is rated then.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RatingError {
    /// A length of 0 or beyond [`MAX_RATED_LENGTH`].
    Length,
    /// A rating that is not a finite number within `-MAX_RATING..=MAX_RATING`: whose.
    Rating(MatchRole),
    /// An experience beyond [`MAX_EXPERIENCE`]: whose.
    Experience(MatchRole),
}

coded!(RatingError, |out| {
    RatingError::Length => ErrorCode::InvalidOption, {
        out.push_str("length must be a whole number of points from 1 to ");
        push_u64(out, u64::from(MAX_RATED_LENGTH));
    };
    RatingError::Rating(who) => ErrorCode::InvalidOption, {
        out.push_str(who.name());
        out.push_str("'s rating must be a finite number from -");
        push_u64(out, MAX_RATING as u64);
        out.push_str(" to ");
        push_u64(out, MAX_RATING as u64);
    };
    RatingError::Experience(who) => ErrorCode::InvalidOption, {
        out.push_str(who.name());
        out.push_str("'s experience must be a whole number of points from 0 to ");
        push_u64(out, MAX_EXPERIENCE);
    };
});

/// A player's rating and experience (the sum of the lengths of the player's rated matches).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonKeys)]
#[serde(deny_unknown_fields)]
pub struct PlayerRating {
    /// The rating.
    pub rating: f64,
    /// The experience, in points.
    pub experience: u64,
}

impl PlayerRating {
    /// Where every player starts: rating 1500, experience 0.
    pub const START: PlayerRating = PlayerRating {
        rating: 1500.0,
        experience: 0,
    };

    /// The player's K: `max(1, 5 - experience / 100)`, 5 for a newcomer, 1 from 400 points of
    /// experience on.
    pub fn k(&self) -> f64 {
        (5.0 - self.experience as f64 / 100.0).max(1.0)
    }

    /// Checks the rating and the experience of `who`.
    fn check(&self, who: MatchRole) -> Result<(), RatingError> {
        if !(self.rating.is_finite() && self.rating.abs() <= MAX_RATING) {
            return Err(RatingError::Rating(who));
        }
        if self.experience > MAX_EXPERIENCE {
            return Err(RatingError::Experience(who));
        }
        Ok(())
    }
}

/// A finished match to rate: the winner and the loser before it, and its length in points (a lone
/// game: 1).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonKeys)]
#[serde(deny_unknown_fields)]
pub struct RatedMatch {
    /// The winner before the match.
    pub winner: PlayerRating,
    /// The loser before the match.
    pub loser: PlayerRating,
    /// The match's length `n`, `1..=MAX_RATED_LENGTH`.
    pub length: u32,
}

/// A player after a rated match.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonKeys)]
#[serde(deny_unknown_fields)]
pub struct RatingAfter {
    /// The new rating: the rating before plus `change`.
    pub rating: f64,
    /// The new experience: the experience before plus the match's length.
    pub experience: u64,
    /// The change of rating: a gain (never below 0) for the winner, a loss (never above 0) for the loser.
    pub change: f64,
}

/// Both players after a rated match, and the winner's chance as the ratings saw it before.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonKeys)]
#[serde(deny_unknown_fields)]
pub struct RatingChange {
    /// The winner after the match.
    pub winner: RatingAfter,
    /// The loser after the match.
    pub loser: RatingAfter,
    /// `Pw`, the winner's chance of winning the match by the ratings before it (`0..=1`).
    pub chance: f64,
}

impl RatedMatch {
    /// Checks the match: the length within `1..=MAX_RATED_LENGTH`, each rating finite and within
    /// `MAX_RATING` of 0, each experience at most `MAX_EXPERIENCE` (the first fault found, the winner's
    /// before the loser's, the length last).
    pub fn check(&self) -> Result<(), RatingError> {
        self.winner.check(MatchRole::Winner)?;
        self.loser.check(MatchRole::Loser)?;
        if !(1..=MAX_RATED_LENGTH).contains(&self.length) {
            return Err(RatingError::Length);
        }
        Ok(())
    }

    /// The winner's chance `Pw = 1 / (1 + 10^((R_L - R_W) * sqrt(n) / 2000))` (of a checked match).
    pub fn chance(&self) -> f64 {
        let exponent =
            (self.loser.rating - self.winner.rating) * f64::from(self.length).sqrt() / 2000.0;
        // 10^x as e^(x ln 10): Pw the same as with `powf` within 1e-12 (a test below), and `exp` costs
        // the package 444 bytes less gzipped wasm than `powf` (measured). A huge exponent gives 0 or
        // infinity, so Pw is 1 or 0, never NaN.
        1.0 / (1.0 + (exponent * std::f64::consts::LN_10).exp())
    }

    /// Both players after the match: the winner gains `4 * K_W * sqrt(n) * (1 - Pw)`, the loser loses
    /// `4 * K_L * sqrt(n) * (1 - Pw)`, each K from the experience before the match, and each experience
    /// grows by `n`. Refused ([`RatedMatch::check`]) for a bad match.
    pub fn rate(&self) -> Result<RatingChange, RatingError> {
        self.check()?;
        let chance = self.chance();
        let stake = 4.0 * f64::from(self.length).sqrt() * (1.0 - chance);
        let after = |p: &PlayerRating, change: f64| RatingAfter {
            rating: p.rating + change,
            experience: p.experience + u64::from(self.length),
            change,
        };
        Ok(RatingChange {
            winner: after(&self.winner, self.winner.k() * stake),
            loser: after(&self.loser, -(self.loser.k() * stake)),
            chance,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Coded;
    use proptest::prelude::*;

    fn player(rating: f64, experience: u64) -> PlayerRating {
        PlayerRating { rating, experience }
    }

    fn rate(winner: PlayerRating, loser: PlayerRating, length: u32) -> RatingChange {
        RatedMatch {
            winner,
            loser,
            length,
        }
        .rate()
        .unwrap()
    }

    /// Equal within a millionth of a point.
    fn close(got: f64, want: f64) -> bool {
        (got - want).abs() < 1e-6
    }

    #[test]
    fn equal_newcomers_in_a_lone_game_move_ten_points_each() {
        // R_W = R_L, n = 1: Pw = 1 / (1 + 10^0) = 1/2. Both experience 0: K = max(1, 5 - 0) = 5.
        // Change 4 * 5 * sqrt(1) * (1 - 1/2) = 10: 1500 -> 1510 and 1500 -> 1490; experience 0 -> 1.
        let r = rate(PlayerRating::START, PlayerRating::START, 1);
        assert_eq!(r.chance, 0.5);
        assert_eq!(
            r.winner,
            RatingAfter {
                rating: 1510.0,
                experience: 1,
                change: 10.0
            }
        );
        assert_eq!(
            r.loser,
            RatingAfter {
                rating: 1490.0,
                experience: 1,
                change: -10.0
            }
        );
    }

    #[test]
    fn a_nine_point_match_between_equals_weighs_three_lone_games() {
        // n = 9: sqrt(9) = 3; equal ratings: Pw = 1/2; K = 5 for both.
        // Change 4 * 5 * 3 * 1/2 = 30 (three times a lone game's 10); experience 0 -> 9.
        let r = rate(player(1500.0, 0), player(1500.0, 0), 9);
        assert_eq!(r.chance, 0.5);
        assert_eq!((r.winner.rating, r.winner.change), (1530.0, 30.0));
        assert_eq!((r.loser.rating, r.loser.change), (1470.0, -30.0));
        assert_eq!((r.winner.experience, r.loser.experience), (9, 9));
    }

    #[test]
    fn a_nine_point_match_won_by_the_favourite() {
        // R_W = 1700, R_L = 1500, n = 9, both experienced (1000 points: K = 1).
        // Exponent (1500 - 1700) * 3 / 2000 = -0.3; 10^-0.3 = 0.5011872336 (log10 2 = 0.30103, so a
        // little over 1/2); Pw = 1 / 1.5011872336 = 0.6661394246; 1 - Pw = 0.3338605754.
        // Change 4 * 1 * 3 * 0.3338605754 = 4.0063269050 for both; experience 1000 -> 1009.
        let r = rate(player(1700.0, 1000), player(1500.0, 1000), 9);
        assert!(close(r.chance, 0.666_139_424_6), "{}", r.chance);
        assert!(close(r.winner.change, 4.006_326_905), "{}", r.winner.change);
        assert!(close(r.loser.change, -4.006_326_905), "{}", r.loser.change);
        assert!(close(r.winner.rating, 1_704.006_326_905));
        assert!(close(r.loser.rating, 1_495.993_673_095));
        assert_eq!((r.winner.experience, r.loser.experience), (1009, 1009));
    }

    #[test]
    fn an_upset_gains_more_than_the_favourites_win_would() {
        // n = 4 (sqrt 2), both K = 1 (experience 500). The lower-rated (1000) beats the higher (2000):
        // exponent (2000 - 1000) * 2 / 2000 = 1; Pw = 1 / (1 + 10) = 1/11; change 4 * 1 * 2 * 10/11 = 80/11.
        let upset = rate(player(1000.0, 500), player(2000.0, 500), 4);
        assert!(close(upset.chance, 1.0 / 11.0));
        assert!(
            close(upset.winner.change, 80.0 / 11.0),
            "{}",
            upset.winner.change
        );
        assert!(close(upset.loser.change, -80.0 / 11.0));
        // Had the favourite won: exponent -1, Pw = 1 / (1 + 1/10) = 10/11, change 8 * 1/11 = 8/11.
        let expected = rate(player(2000.0, 500), player(1000.0, 500), 4);
        assert!(close(expected.chance, 10.0 / 11.0));
        assert!(close(expected.winner.change, 8.0 / 11.0));
        // The two outcomes' stakes add up to 4 * K * sqrt(n) = 8.
        assert!(close(upset.winner.change + expected.winner.change, 8.0));
    }

    #[test]
    fn a_newcomers_k_against_an_experienced_players_makes_the_changes_unequal() {
        // Equal ratings, n = 1: Pw = 1/2. The winner is new (experience 0: K = 5), the loser has 250
        // points (K = 5 - 250/100 = 2.5). The winner gains 4 * 5 * 1/2 = 10, the loser loses
        // 4 * 2.5 * 1/2 = 5.
        let r = rate(player(1500.0, 0), player(1500.0, 250), 1);
        assert_eq!((r.winner.rating, r.winner.change), (1510.0, 10.0));
        assert_eq!((r.loser.rating, r.loser.change), (1495.0, -5.0));
        assert_eq!((r.winner.experience, r.loser.experience), (1, 251));
        // The other way round: the newcomer loses 10, the experienced winner gains 5.
        let r = rate(player(1500.0, 250), player(1500.0, 0), 1);
        assert_eq!((r.winner.change, r.loser.change), (5.0, -10.0));
    }

    #[test]
    fn from_four_hundred_points_of_experience_k_is_one() {
        // K = max(1, 5 - e/100): 5 at 0, 2.5 at 250, 1.01 at 399, 1 at 400, and 1 beyond (5 - 4.5 < 1).
        assert_eq!(player(1500.0, 0).k(), 5.0);
        assert_eq!(player(1500.0, 250).k(), 2.5);
        assert!(close(player(1500.0, 399).k(), 1.01));
        assert_eq!(player(1500.0, 400).k(), 1.0);
        assert_eq!(player(1500.0, 450).k(), 1.0);
        assert_eq!(player(1500.0, MAX_EXPERIENCE).k(), 1.0);
        // Both over 400 (450 and 1000), equal ratings, n = 1: change 4 * 1 * 1 * 1/2 = 2 each.
        let r = rate(player(1500.0, 450), player(1500.0, 1000), 1);
        assert_eq!((r.winner.change, r.loser.change), (2.0, -2.0));
        assert_eq!((r.winner.experience, r.loser.experience), (451, 1001));
    }

    #[test]
    fn k_comes_from_the_experience_before_the_match() {
        // Winner at 399 points plays n = 5 (404 after): K = 1.01, not 1. Loser at 400: K = 1.
        // Equal ratings: Pw = 1/2; gain 4 * 1.01 * sqrt(5) * 1/2 = 2.02 * 2.2360679775 = 4.5168573146;
        // loss 2 * 2.2360679775 = 4.4721359550.
        let r = rate(player(1500.0, 399), player(1500.0, 400), 5);
        assert!(
            close(r.winner.change, 4.516_857_314_5),
            "{}",
            r.winner.change
        );
        assert!(close(r.loser.change, -4.472_135_955), "{}", r.loser.change);
        assert_eq!((r.winner.experience, r.loser.experience), (404, 405));
    }

    #[test]
    fn a_bad_match_is_refused_with_invalid_option_naming_what() {
        let good = RatedMatch {
            winner: PlayerRating::START,
            loser: PlayerRating::START,
            length: 1,
        };
        assert!(good.rate().is_ok());
        let cases = [
            (RatedMatch { length: 0, ..good }, RatingError::Length),
            (
                RatedMatch {
                    length: MAX_RATED_LENGTH + 1,
                    ..good
                },
                RatingError::Length,
            ),
            (
                RatedMatch {
                    winner: player(f64::NAN, 0),
                    ..good
                },
                RatingError::Rating(MatchRole::Winner),
            ),
            (
                RatedMatch {
                    loser: player(f64::INFINITY, 0),
                    ..good
                },
                RatingError::Rating(MatchRole::Loser),
            ),
            (
                RatedMatch {
                    loser: player(-MAX_RATING - 1.0, 0),
                    ..good
                },
                RatingError::Rating(MatchRole::Loser),
            ),
            (
                RatedMatch {
                    winner: player(1500.0, MAX_EXPERIENCE + 1),
                    ..good
                },
                RatingError::Experience(MatchRole::Winner),
            ),
        ];
        for (bad, want) in cases {
            assert_eq!(bad.rate(), Err(want), "{bad:?}");
            assert_eq!(want.code(), ErrorCode::InvalidOption);
        }
        assert!(RatedMatch {
            length: MAX_RATED_LENGTH,
            winner: player(MAX_RATING, MAX_EXPERIENCE),
            loser: player(-MAX_RATING, 0),
        }
        .rate()
        .is_ok());
        assert_eq!(
            RatingError::Length.to_string(),
            "length must be a whole number of points from 1 to 1000"
        );
        assert_eq!(
            RatingError::Rating(MatchRole::Winner).to_string(),
            "winner's rating must be a finite number from -1000000 to 1000000"
        );
        assert_eq!(
            RatingError::Experience(MatchRole::Loser).to_string(),
            "loser's experience must be a whole number of points from 0 to 1000000000000"
        );
    }

    #[test]
    fn the_json_form_is_plain() {
        let m: RatedMatch = serde_json::from_str(
            r#"{"winner":{"rating":1500,"experience":0},"loser":{"rating":1500,"experience":0},"length":1}"#,
        )
        .unwrap();
        assert_eq!(
            serde_json::to_string(&m.rate().unwrap()).unwrap(),
            r#"{"winner":{"rating":1510.0,"experience":1,"change":10.0},"loser":{"rating":1490.0,"experience":1,"change":-10.0},"chance":0.5}"#
        );
        assert!(
            serde_json::from_str::<PlayerRating>(r#"{"rating":1,"experience":0,"x":1}"#).is_err()
        );
    }

    #[test]
    fn the_chance_is_the_formulas_with_ten_to_the_power() {
        for gap in [
            -1e6, -5_000.0, -733.3, -1.0, 0.0, 0.5, 200.0, 1_234.5, 5_000.0, 2e6,
        ] {
            for length in [1, 2, 9, 11, 25, MAX_RATED_LENGTH] {
                let m = RatedMatch {
                    winner: player(0.0, 0),
                    loser: player(gap, 0),
                    length,
                };
                let powf = 1.0 / (1.0 + 10f64.powf(gap * f64::from(length).sqrt() / 2000.0));
                assert!((m.chance() - powf).abs() < 1e-12, "{gap} {length}");
            }
        }
    }

    fn any_player() -> impl Strategy<Value = PlayerRating> {
        (-5_000.0..5_000.0f64, 0..3_000u64)
            .prop_map(|(rating, experience)| PlayerRating { rating, experience })
    }

    proptest! {
        /// The winner never loses points nor the loser gains any; each change is at most
        /// 4 * K * sqrt(n) (K <= 5) and in proportion to the player's K; experience grows by n.
        #[test]
        fn changes_have_the_right_sign_and_bounds(
            winner in any_player(),
            loser in any_player(),
            length in 1..=MAX_RATED_LENGTH,
        ) {
            let r = rate(winner, loser, length);
            let root = f64::from(length).sqrt();
            prop_assert!((0.0..=1.0).contains(&r.chance));
            prop_assert!(r.winner.change >= 0.0 && r.winner.change <= 4.0 * winner.k() * root);
            prop_assert!(r.loser.change <= 0.0 && -r.loser.change <= 4.0 * loser.k() * root);
            prop_assert!(r.winner.change <= 20.0 * root && -r.loser.change <= 20.0 * root);
            prop_assert!(
                (r.winner.change * loser.k() + r.loser.change * winner.k()).abs() < 1e-9,
                "the changes are in proportion to the K's"
            );
            prop_assert_eq!(r.winner.rating, winner.rating + r.winner.change);
            prop_assert_eq!(r.loser.rating, loser.rating + r.loser.change);
            prop_assert_eq!(r.winner.experience, winner.experience + u64::from(length));
            prop_assert_eq!(r.loser.experience, loser.experience + u64::from(length));
        }

        /// Between players of the same K, the stakes of the two outcomes add up to 4 * K * sqrt(n); the
        /// higher-rated player gains less by winning than the other would, and equal ratings give 1/2.
        #[test]
        fn the_two_outcomes_share_the_stake(
            a in -5_000.0..5_000.0f64,
            b in -5_000.0..5_000.0f64,
            experience in 0..1_000u64,
            length in 1..=MAX_RATED_LENGTH,
        ) {
            let (pa, pb) = (player(a, experience), player(b, experience));
            let a_wins = rate(pa, pb, length);
            let b_wins = rate(pb, pa, length);
            let stake = 4.0 * pa.k() * f64::from(length).sqrt();
            prop_assert!((a_wins.winner.change + b_wins.winner.change - stake).abs() < 1e-9 * stake.max(1.0));
            prop_assert!((a_wins.chance + b_wins.chance - 1.0).abs() < 1e-12);
            if a > b {
                prop_assert!(a_wins.winner.change <= b_wins.winner.change);
            }
            let even = rate(pa, pa, length);
            prop_assert_eq!(even.chance, 0.5);
        }
    }
}
