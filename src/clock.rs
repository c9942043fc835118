//! Game clocks for online play (API "Clocks and abandoned games"): a time control as plain data, and the
//! arithmetic of a running clock fed with the server's timestamps (milliseconds; the core reads no time).
//!
//! A player's time runs only while that player is to act. Each turn the first `delay_ms` are free; the
//! rest comes off the player's reserve; `increment_ms` is added to the reserve after each of the player's
//! turns. Who acts, and when a turn ends, is the caller's to say ([`Clock::switch`]): the clock knows
//! players, not games. A player is out of time ("flagged") from the instant the delay and the whole
//! reserve have run: [`Clock::deadline`].

use serde::{Deserialize, Serialize};

use crate::error::{coded, push_u64, ErrorCode};
use crate::keys::JsonKeys;
use crate::player::{ByPlayer, Player};

/// The longest free delay per turn and the largest increment: 10 minutes.
pub const MAX_DELAY_MS: u64 = 600_000;
/// The smallest reserve a time control may give: 1 second.
pub const MIN_RESERVE_MS: u64 = 1_000;
/// The largest reserve a time control may give, and that increments may build up: 24 hours.
pub const MAX_RESERVE_MS: u64 = 86_400_000;
/// The latest timestamp a clock takes (JavaScript's largest safe integer, as `Date.now()` gives ms).
pub const MAX_TIME_MS: u64 = (1 << 53) - 1;

/// What is wrong with a time control, a clock or its use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClockError {
    /// A time control's field out of its bounds (`invalid_option`): its name, and the bounds.
    Bounds {
        /// The field (`delayMs`, `reserveMs`, `incrementMs`).
        field: &'static str,
        /// The smallest value allowed.
        min: u64,
        /// The largest value allowed.
        max: u64,
    },
    /// A clock that no play could have made (`parse_error`): the field that is impossible.
    Impossible(&'static str),
    /// A turn ended after the running player's time was out (`game_over`): the flagged player.
    Flagged(Player),
}

coded!(ClockError, |out| {
    ClockError::Bounds { field, min, max } => ErrorCode::InvalidOption, {
        out.push_str(field);
        out.push_str(" must be a whole number of milliseconds from ");
        push_u64(out, *min);
        out.push_str(" to ");
        push_u64(out, *max);
    };
    ClockError::Impossible(field) => ErrorCode::ParseError, {
        out.push_str("impossible clock: ");
        out.push_str(field);
    };
    ClockError::Flagged(p) => ErrorCode::GameOver, {
        out.push_str(p.name());
        out.push_str("'s time is out");
    };
});

/// A time control (`{ delayMs, reserveMs, incrementMs }`), checked by [`TimeControl::new`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonKeys)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TimeControl {
    /// The free time of every turn.
    pub delay_ms: u64,
    /// Each player's reserve at the start (a match's is for the whole match).
    pub reserve_ms: u64,
    /// Added to a player's reserve after each of that player's turns.
    pub increment_ms: u64,
}

/// Checks `value` against `min..=max`.
fn within(field: &'static str, value: u64, min: u64, max: u64) -> Result<u64, ClockError> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(ClockError::Bounds { field, min, max })
    }
}

impl TimeControl {
    /// A time control within the bounds: delay 0..=600000, reserve 1000..=86400000, increment
    /// 0..=600000 (milliseconds).
    pub fn new(delay_ms: u64, reserve_ms: u64, increment_ms: u64) -> Result<Self, ClockError> {
        Ok(TimeControl {
            delay_ms: within("delayMs", delay_ms, 0, MAX_DELAY_MS)?,
            reserve_ms: within("reserveMs", reserve_ms, MIN_RESERVE_MS, MAX_RESERVE_MS)?,
            increment_ms: within("incrementMs", increment_ms, 0, MAX_DELAY_MS)?,
        })
    }
}

/// A player's part of a clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonKeys)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Reserve {
    /// The reserve left at the start of the running time (for the running player) or now.
    pub reserve_ms: u64,
}

/// What a player has left at an instant: the reserve and, for the running player, the free delay of the
/// current turn (0 for the other).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonKeys)]
#[serde(rename_all = "camelCase")]
pub struct Left {
    /// The reserve left, never below 0.
    pub reserve_ms: u64,
    /// The free delay left of the current turn.
    pub delay_ms: u64,
}

/// A time that ran out ([`Clock::flag`]): who lost on time, and the clock stopped at the deadline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonKeys)]
pub struct Flag {
    /// The player whose time is out.
    pub player: Player,
    /// The clock stopped at the deadline, that player's reserve spent.
    pub clock: Clock,
}

/// A running (or not yet started) clock: `G.clock` of the online games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonKeys)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Clock {
    /// The free time of every turn.
    pub delay_ms: u64,
    /// Added to a player's reserve after each of that player's turns.
    pub increment_ms: u64,
    /// Red's reserve.
    pub red: Reserve,
    /// Blue's reserve.
    pub blue: Reserve,
    /// Whose time runs (`None`: nobody's, before the start, between games, after the end).
    pub running: Option<Player>,
    /// The timestamp at which the running time began (the last switch).
    pub since: u64,
}

impl Clock {
    /// A clock of `control` whose time runs for `running` from `now` (`None`: stopped until a switch).
    pub fn start(control: &TimeControl, running: Option<Player>, now: u64) -> Self {
        let reserve = Reserve {
            reserve_ms: control.reserve_ms,
        };
        Clock {
            delay_ms: control.delay_ms,
            increment_ms: control.increment_ms,
            red: reserve,
            blue: reserve,
            running,
            since: now,
        }
    }

    /// Checks a clock read from a saved state: the delay and the increment within a time control's
    /// bounds, no reserve beyond the largest, timestamps within JavaScript's safe integers.
    pub fn check(&self) -> Result<(), ClockError> {
        let impossible = |ok: bool, field| {
            if ok {
                Ok(())
            } else {
                Err(ClockError::Impossible(field))
            }
        };
        impossible(self.delay_ms <= MAX_DELAY_MS, "delayMs is beyond 600000")?;
        impossible(
            self.increment_ms <= MAX_DELAY_MS,
            "incrementMs is beyond 600000",
        )?;
        impossible(
            self.red.reserve_ms <= MAX_RESERVE_MS,
            "red's reserve is beyond 24 hours",
        )?;
        impossible(
            self.blue.reserve_ms <= MAX_RESERVE_MS,
            "blue's reserve is beyond 24 hours",
        )?;
        impossible(
            self.since <= MAX_TIME_MS,
            "since is beyond the largest timestamp",
        )
    }

    /// The reserve of `player` as it stands (at the start of the running time for the running player).
    pub fn reserve(&self, player: Player) -> u64 {
        self.reserves().get(player).reserve_ms
    }

    fn reserves(&self) -> ByPlayer<Reserve> {
        ByPlayer::new(self.red, self.blue)
    }

    fn reserve_mut(&mut self, player: Player) -> &mut u64 {
        match player {
            Player::Red => &mut self.red.reserve_ms,
            Player::Blue => &mut self.blue.reserve_ms,
        }
    }

    /// The instant the running player's time is out (`None` while nobody's time runs).
    pub fn deadline(&self) -> Option<u64> {
        let p = self.running?;
        Some(
            self.since
                .saturating_add(self.delay_ms)
                .saturating_add(self.reserve(p)),
        )
    }

    /// The running player, when their time is out at `now` (at the deadline and after).
    pub fn flagged(&self, now: u64) -> Option<Player> {
        self.running
            .filter(|_| self.deadline().is_some_and(|d| now >= d))
    }

    /// When the running player's time is out at `now`: that player, and the clock stopped at the deadline
    /// with their reserve spent (what the game lost on time keeps). `None` while time is left.
    pub fn flag(&self, now: u64) -> Option<Flag> {
        let player = self.flagged(now)?;
        let mut clock = *self;
        *clock.reserve_mut(player) = 0;
        clock.running = None;
        clock.since = self.deadline()?;
        Some(Flag { player, clock })
    }

    /// What each player has left at `now` (a `now` before `since` counts as `since`: the processes of a
    /// cluster may differ by a few milliseconds).
    pub fn left(&self, now: u64) -> ByPlayer<Left> {
        let used = now.saturating_sub(self.since);
        let of = |p: Player| {
            let reserve_ms = self.reserve(p);
            if self.running == Some(p) {
                Left {
                    reserve_ms: reserve_ms.saturating_sub(used.saturating_sub(self.delay_ms)),
                    delay_ms: self.delay_ms.saturating_sub(used),
                }
            } else {
                Left {
                    reserve_ms,
                    delay_ms: 0,
                }
            }
        };
        ByPlayer::new(of(Player::Red), of(Player::Blue))
    }

    /// Ends the running player's turn at `now` (the time past the delay off the reserve, then the
    /// increment, the reserve never beyond the largest) and runs `next`'s time from `now` (`None`:
    /// nobody's). With nobody running, only starts `next`. Refused when the running player's time is out
    /// at `now` (that player has lost: [`ClockError::Flagged`]); the clock is then unchanged.
    pub fn switch(&mut self, next: Option<Player>, now: u64) -> Result<(), ClockError> {
        if let Some(p) = self.running {
            if let Some(flagged) = self.flagged(now) {
                return Err(ClockError::Flagged(flagged));
            }
            let left = self.left(now).get(p).reserve_ms;
            *self.reserve_mut(p) = left.saturating_add(self.increment_ms).min(MAX_RESERVE_MS);
        }
        self.running = next;
        self.since = now.max(self.since);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Coded;

    const BACKGAMMON: TimeControl = TimeControl {
        delay_ms: 12_000,
        reserve_ms: 120_000,
        increment_ms: 0,
    };

    #[test]
    fn a_time_control_outside_its_bounds_is_refused_naming_the_field() {
        assert!(TimeControl::new(0, 1_000, 0).is_ok());
        assert!(TimeControl::new(600_000, 86_400_000, 600_000).is_ok());
        let e = TimeControl::new(600_001, 60_000, 0).unwrap_err();
        assert_eq!(e.code(), ErrorCode::InvalidOption);
        assert_eq!(
            e.to_string(),
            "delayMs must be a whole number of milliseconds from 0 to 600000"
        );
        let e = TimeControl::new(0, 999, 0).unwrap_err();
        assert_eq!(
            e.to_string(),
            "reserveMs must be a whole number of milliseconds from 1000 to 86400000"
        );
        assert!(TimeControl::new(0, 86_400_001, 0).is_err());
        assert!(matches!(
            TimeControl::new(0, 60_000, 600_001),
            Err(ClockError::Bounds {
                field: "incrementMs",
                ..
            })
        ));
    }

    #[test]
    fn only_the_running_player_is_charged() {
        let c = Clock::start(&BACKGAMMON, Some(Player::Red), 1_000);
        let left = c.left(1_000 + 50_000);
        assert_eq!(left.red.reserve_ms, 120_000 - 38_000);
        assert_eq!(left.blue.reserve_ms, 120_000);
        assert_eq!(left.blue.delay_ms, 0);
    }

    #[test]
    fn the_delay_is_free_and_shown_apart() {
        let mut c = Clock::start(&BACKGAMMON, Some(Player::Red), 0);
        let left = c.left(5_000);
        assert_eq!((left.red.reserve_ms, left.red.delay_ms), (120_000, 7_000));
        c.switch(Some(Player::Blue), 12_000).unwrap();
        assert_eq!(
            c.reserve(Player::Red),
            120_000,
            "a turn within the delay costs nothing"
        );
        c.switch(Some(Player::Red), 12_000 + 12_001).unwrap();
        assert_eq!(
            c.reserve(Player::Blue),
            119_999,
            "one millisecond past the delay"
        );
    }

    #[test]
    fn the_increment_is_added_after_each_turn_and_capped() {
        let control = TimeControl::new(0, 300_000, 5_000).unwrap();
        let mut c = Clock::start(&control, Some(Player::Red), 0);
        c.switch(Some(Player::Blue), 10_000).unwrap();
        assert_eq!(c.reserve(Player::Red), 300_000 - 10_000 + 5_000);
        assert_eq!(c.running, Some(Player::Blue));
        assert_eq!(c.since, 10_000);
        let control = TimeControl::new(0, MAX_RESERVE_MS, 600_000).unwrap();
        let mut c = Clock::start(&control, Some(Player::Red), 0);
        c.switch(Some(Player::Blue), 1).unwrap();
        assert_eq!(c.reserve(Player::Red), MAX_RESERVE_MS);
    }

    #[test]
    fn a_player_is_flagged_at_the_deadline_and_not_before() {
        let c = Clock::start(&BACKGAMMON, Some(Player::Blue), 100);
        assert_eq!(c.deadline(), Some(100 + 12_000 + 120_000));
        assert_eq!(c.flagged(100 + 131_999), None);
        assert_eq!(c.flagged(100 + 132_000), Some(Player::Blue));
        assert_eq!(c.left(200_000).blue.reserve_ms, 0);
    }

    #[test]
    fn a_turn_ended_after_the_deadline_is_refused_and_changes_nothing() {
        let mut c = Clock::start(&BACKGAMMON, Some(Player::Red), 0);
        let before = c;
        let e = c.switch(Some(Player::Blue), 132_000).unwrap_err();
        assert_eq!(e, ClockError::Flagged(Player::Red));
        assert_eq!(e.code(), ErrorCode::GameOver);
        assert_eq!(c, before);
    }

    #[test]
    fn a_stopped_clock_charges_nobody_and_has_no_deadline() {
        let mut c = Clock::start(&BACKGAMMON, None, 0);
        assert_eq!(c.deadline(), None);
        assert_eq!(c.flagged(u64::MAX), None);
        c.switch(Some(Player::Red), 1_000_000).unwrap();
        assert_eq!(c.reserve(Player::Red), 120_000);
        assert_eq!(c.since, 1_000_000);
        c.switch(None, 1_000_000 + 20_000).unwrap();
        assert_eq!(c.reserve(Player::Red), 112_000);
        assert_eq!(c.running, None);
    }

    #[test]
    fn a_match_reserve_carries_across_games() {
        // Game 1 ends on red's move; between games nobody runs; game 2 starts with what was left.
        let mut c = Clock::start(&BACKGAMMON, Some(Player::Red), 0);
        c.switch(Some(Player::Blue), 42_000).unwrap();
        c.switch(None, 42_000 + 22_000).unwrap();
        c.switch(Some(Player::Blue), 500_000).unwrap();
        assert_eq!(c.left(500_000).red.reserve_ms, 90_000);
        assert_eq!(c.left(500_000).blue.reserve_ms, 110_000);
    }

    #[test]
    fn a_timestamp_before_since_counts_as_since() {
        let mut c = Clock::start(&BACKGAMMON, Some(Player::Red), 10_000);
        assert_eq!(c.left(9_990).red.delay_ms, 12_000);
        c.switch(Some(Player::Blue), 9_990).unwrap();
        assert_eq!(c.since, 10_000);
        assert_eq!(c.reserve(Player::Red), 120_000);
    }

    #[test]
    fn an_impossible_saved_clock_is_refused() {
        let good = Clock::start(&BACKGAMMON, Some(Player::Red), 0);
        assert!(good.check().is_ok());
        let mut bad = good;
        bad.blue.reserve_ms = MAX_RESERVE_MS + 1;
        assert_eq!(bad.check().unwrap_err().code(), ErrorCode::ParseError);
        let mut bad = good;
        bad.delay_ms = MAX_DELAY_MS + 1;
        assert!(bad.check().is_err());
        let mut bad = good;
        bad.since = MAX_TIME_MS + 1;
        assert!(bad.check().is_err());
    }

    #[test]
    fn the_json_form_is_the_contracts() {
        let c = Clock::start(&BACKGAMMON, Some(Player::Red), 7);
        let json = serde_json::to_string(&c).unwrap();
        assert_eq!(
            json,
            r#"{"delayMs":12000,"incrementMs":0,"red":{"reserveMs":120000},"blue":{"reserveMs":120000},"running":"red","since":7}"#
        );
        let back: Clock = serde_json::from_str(&json).unwrap();
        assert_eq!(back, c);
    }

    #[test]
    fn a_flag_stops_the_clock_at_the_deadline_with_the_reserve_spent_and_nothing_before() {
        let c = Clock::start(&BACKGAMMON, Some(Player::Blue), 1_000);
        let deadline = 1_000 + 12_000 + 120_000;
        assert_eq!(c.flag(deadline - 1), None);
        for now in [deadline, deadline + 5_000] {
            let Flag {
                player,
                clock: stopped,
            } = c.flag(now).unwrap();
            assert_eq!(player, Player::Blue);
            assert_eq!(stopped.blue.reserve_ms, 0);
            assert_eq!(stopped.red.reserve_ms, 120_000);
            assert_eq!(stopped.running, None);
            assert_eq!(stopped.since, deadline);
            assert!(stopped.check().is_ok());
        }
        let idle = Clock::start(&BACKGAMMON, None, 1_000);
        assert_eq!(idle.flag(u64::MAX / 4), None);
    }
}
