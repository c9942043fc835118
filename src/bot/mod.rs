//! The computer opponent: evaluations learned by self-play (`learn`, the native trainer behind the
//! crate's feature `learn`; the integer network [`net`],
//! the inputs [`jokerball_eval`] and [`zola_eval`]), expectimax over them for Jokerball
//! ([`jokerball`]), alpha-beta for Zola ([`zola`]), cube decisions from a match equity table
//! ([`cube`]), analysis ([`analysis`]) and rollouts ([`rollout`]).
//!
//! Levels are budgets of work (evaluated positions), never of time, so the same seed, level and
//! position give the same choice on any machine. An optional deadline (a closure the caller supplies,
//! e.g. from a wall clock in the binding layer) may cut a search short; it gives up that guarantee.
//! Ties between equally good moves are broken by a seeded generator.
//!
//! The rules know nothing of the bot: it reaches both games through [`BotGame`], implemented here.
//! The files, lowest first (each uses only those before it): [`net`], [`jokerball_eval`] and
//! [`zola_eval`], `learn`; `base` ([`Bot`], [`Level`], the Jokerball search's [`Budget`], the
//! embedded networks); `rank` (the hint's order, [`Step`]); the searches [`jokerball`] and [`zola`];
//! `games` ([`BotGame`] and the bot's methods written against it); [`cube`]; [`analysis`]; [`rollout`].

pub mod analysis;
mod base;
pub mod cube;
mod games;
pub mod jokerball;
pub mod jokerball_eval;
#[cfg(feature = "learn")]
pub mod learn;
pub mod net;
mod rank;
pub mod rollout;
pub mod zola;
pub mod zola_eval;

pub use analysis::{Choice, CubeChances, Entry, Evaluation, Refusal, Review, ReviewError, Totals};
pub use base::{nets, Bot, Budget, Deadline, Level, Nets};
pub use cube::{match_equity, CubeAction, MatchEquity};
pub use games::BotGame;
pub use rank::{Ranked, Step};
pub use rollout::{
    Rollout, RolloutEntry, RolloutError, RolloutFrom, RolloutOptions, RolloutProgress,
    RolloutResult, Tally,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_weights_are_read() {
        let nets = net::read_weights(base::WEIGHTS).unwrap();
        let kinds: Vec<(u8, usize)> = nets.iter().map(|(k, n)| (*k, n.n_in)).collect();
        assert_eq!(kinds, [(0, jokerball_eval::INPUTS), (1, zola_eval::INPUTS)]);
    }
}
