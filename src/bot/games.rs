//! How the bot reaches both games: [`BotGame`], implemented here for Jokerball's and Zola's `Game`
//! (the rules know nothing of the bot), and the bot's methods written once against it.

use super::base::Bot;
use super::net::P_ONE;
use super::rank::{split, Ranked, Step};
use crate::engine::Engine;
use crate::error::PlayError;
use crate::jokerball::{self, Phase};
use crate::matchplay::InMatch;
use crate::player::ByPlayer;
use crate::zola;

/// A game the bot plays, hints and reviews: what the bot's searches of that game answer.
pub trait BotGame: InMatch {
    /// The bot's choice of a move now, `None` when there is nothing to choose.
    fn bot_choice(&self, bot: &mut Bot) -> Option<Self::Move>;

    /// The bot's estimate of the chance that the player to move wins this game (still on).
    fn bot_win_chance(&self, bot: &mut Bot) -> f64;

    /// The bot's ranking of the choices now (see [`Bot::hint`]): each choice written as the hint writes
    /// it, with the mover's chance after it (units of [`P_ONE`]) and the cells its moves name, the
    /// bot's own choice first; empty when there is nothing to choose.
    fn bot_hint(&self, bot: &mut Bot) -> Vec<Ranked>;

    /// The review of `record`, the next completed record to be played on this game (see
    /// [`Bot::review`]); a record that cannot be played here is an error.
    fn bot_review(&self, bot: &mut Bot, record: &str) -> Result<Step, PlayError>;
}

impl BotGame for jokerball::Game {
    fn bot_choice(&self, bot: &mut Bot) -> Option<jokerball::Move> {
        bot.choose_jokerball(self)
    }

    fn bot_win_chance(&self, bot: &mut Bot) -> f64 {
        match self.phase() {
            Phase::Man | Phase::Ball => bot
                .jokerball_turn_value(self)
                .map_or(0.0, |v| f64::from(v) / f64::from(P_ONE)),
            _ => bot.jokerball_win_chance(self.position()),
        }
    }

    fn bot_hint(&self, bot: &mut Bot) -> Vec<Ranked> {
        bot.jokerball_hint(self)
    }

    fn bot_review(&self, bot: &mut Bot, record: &str) -> Result<Step, PlayError> {
        bot.jokerball_review(self, record)
    }
}

impl BotGame for zola::Game {
    fn bot_choice(&self, bot: &mut Bot) -> Option<zola::Move> {
        bot.choose_zola(self)
    }

    fn bot_win_chance(&self, bot: &mut Bot) -> f64 {
        bot.zola_win_chance(self.position())
    }

    fn bot_hint(&self, bot: &mut Bot) -> Vec<Ranked> {
        bot.zola_hint(self)
    }

    fn bot_review(&self, bot: &mut Bot, record: &str) -> Result<Step, PlayError> {
        bot.zola_review(self, record)
    }
}

impl Bot {
    /// The bot's move in any game now (`None` when there is nothing to choose: Jokerball's phases roll
    /// and over, a finished Zola game).
    pub fn choose_move<G: BotGame>(&mut self, game: &G) -> Option<G::Move> {
        game.bot_choice(self)
    }

    /// The bot's estimate of the chance that the player to move in `game` wins it (after the game, 1
    /// for the winner: the player who moved last).
    pub fn win_chance<G: BotGame>(&mut self, game: &G) -> f64 {
        if let Some(w) = game.winner() {
            return if w == game.turn() { 1.0 } else { 0.0 };
        }
        game.bot_win_chance(self)
    }

    /// Each player's chance of winning the game (they sum to 1; a finished game gives 1 and 0), by
    /// the bot's evaluation at its level: at `easy` the learned evaluation itself; at `medium` and
    /// `hard` with a search on top of it (Jokerball: the mean over the rolls of the best turn's value;
    /// Zola: a short alpha-beta search). In a Jokerball turn whose dice are thrown, the value of the turn
    /// the bot would play.
    pub fn evaluate<G: BotGame>(&mut self, game: &G) -> ByPlayer<f64> {
        let p = self.win_chance(game).clamp(0.0, 1.0);
        split(game.turn(), p)
    }
}
