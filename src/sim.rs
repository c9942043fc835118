//! Self-play of whole games (docs/api.md, "simulate"): balance statistics and the engine's throughput
//! benchmark. Game-agnostic bookkeeping around two allocation-free playout loops, one per game, that
//! work directly on the `Copy` positions and reuse one move list per phase.
//!
//! - **Dice** (Jokerball) come from the game's own [`DiceRng`] (ChaCha20), seeded as any game is; one
//!   generator serves the games of a run one after another.
//! - **Choices** of the players come from [`SimRng`], a small fast generator (xoshiro128++) keyed from the
//!   first four words of the dice generator, so a run is fully determined by its seed.
//! - **Players** are [`SimPlayer`] values; `Random` picks uniformly among the legal moves of each phase,
//!   `Bot(level)` is the computer opponent (games with a bot side are played through the full game
//!   types, which the bot searches; its seed is drawn from the choices generator).
//! - **Turns** are Jokerball turns (every turn played, even one whose phases were both skipped) or Zola
//!   moves (automatic passes not counted). A game that has not ended after `max_turns` turns is
//!   `unfinished`; `turns` statistics cover the finished games.
use crate::bot::{Bot, BotGame, Level};
use crate::dice::{Dice, DiceRng, Seed, SimRng};
use crate::engine::Engine;
use crate::error::OptionError;
use crate::jokerball::{self, MoveList as JbMoves, Setup as JbSetup};
use crate::player::{ByPlayer, Player};
use crate::zola::{self, MoveList as ZMoves, Size};

/// The most games one call may play (docs/api.md: `games` is `1..1e7`).
pub const MAX_GAMES: u32 = 10_000_000;
/// The default cap on the turns of one game.
pub const DEFAULT_MAX_TURNS: u32 = 10_000;

/// Who plays one side in a simulation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SimPlayer {
    /// Uniform among the legal moves of each phase.
    #[default]
    Random,
    /// The computer opponent ([`Bot`]) at this level.
    Bot(Level),
}

impl SimPlayer {
    /// Reads a player name of the JavaScript API: `'random'`, `'easy'`, `'medium'` or `'hard'`; anything else is an
    /// `invalid_option`.
    pub fn from_name(name: &str) -> Result<SimPlayer, OptionError> {
        if name == "random" {
            return Ok(SimPlayer::Random);
        }
        Level::from_name(name).map(SimPlayer::Bot).ok_or_else(|| {
            OptionError::new(format!(
                "unknown player '{name}', expected 'random', 'easy', 'medium' or 'hard'"
            ))
        })
    }

    /// This side's bot, seeded from the run's choices (so a run stays determined by its seed).
    fn bot(self, choices: &mut SimRng) -> Option<Bot> {
        match self {
            SimPlayer::Random => None,
            SimPlayer::Bot(level) => Some(Bot::new(level, Some(&Seed::Number(choices.next_u32())))),
        }
    }
}

/// Whether both sides play at random (the allocation-free playouts); otherwise games are played through
/// the full game types, which the bot searches.
fn all_random(players: ByPlayer<SimPlayer>) -> bool {
    players.red == SimPlayer::Random && players.blue == SimPlayer::Random
}

/// Which game a simulation plays, with its options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SimGame {
    /// Jokerball with this setup (its `first` and `seed` are replaced by the run's).
    Jokerball(JbSetup),
    /// Zola on a board of this size.
    Zola(Size),
}

/// The options of a simulation (docs/api.md, `simulate`), already read from JavaScript.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimOptions {
    /// The game and its options.
    pub game: SimGame,
    /// How many games: `1..=MAX_GAMES`.
    pub games: u32,
    /// The seed; `None`: from the crypto source.
    pub seed: Option<Seed>,
    /// Who moves first in every game.
    pub first: Player,
    /// The cap on one game's turns (at least 1).
    pub max_turns: u32,
    /// The players of the two sides.
    pub players: ByPlayer<SimPlayer>,
}

impl Default for SimOptions {
    fn default() -> Self {
        SimOptions {
            game: SimGame::Jokerball(JbSetup::default()),
            games: 1,
            seed: None,
            first: Player::Red,
            max_turns: DEFAULT_MAX_TURNS,
            players: ByPlayer::new(SimPlayer::Random, SimPlayer::Random),
        }
    }
}

/// The totals of a simulation.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SimResult {
    /// Games played.
    pub games: u32,
    /// Games won by each side.
    pub wins: ByPlayer<u32>,
    /// Games that reached `max_turns` without a winner.
    pub unfinished: u32,
    /// The sum of the turns of the finished games.
    pub turns_total: u64,
    /// The most turns of a finished game (0 if none finished).
    pub turns_max: u32,
}

impl SimResult {
    /// The mean number of turns of the finished games (0 if none finished).
    pub fn turns_mean(&self) -> f64 {
        let finished = self.wins.red + self.wins.blue;
        if finished == 0 {
            0.0
        } else {
            self.turns_total as f64 / f64::from(finished)
        }
    }

    fn record(&mut self, outcome: Outcome) {
        self.games += 1;
        match outcome {
            Outcome::Won(p, turns) => {
                *self.wins.get_mut(p) += 1;
                self.turns_total += u64::from(turns);
                self.turns_max = self.turns_max.max(turns);
            }
            Outcome::Unfinished => self.unfinished += 1,
        }
    }
}

/// How one game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Won by this player after this many turns.
    Won(Player, u32),
    /// Not over after the cap.
    Unfinished,
}

impl SimOptions {
    /// Checks the options: games `1..=MAX_GAMES`, `max_turns >= 1`, a valid game setup.
    pub fn validate(&self) -> Result<(), OptionError> {
        if !(1..=MAX_GAMES).contains(&self.games) {
            return Err(OptionError::new(format!(
                "games must be an integer 1..{MAX_GAMES}, not {}",
                self.games
            )));
        }
        if self.max_turns == 0 {
            return Err(OptionError::new(
                "maxTurns must be an integer of at least 1",
            ));
        }
        if let SimGame::Jokerball(setup) = &self.game {
            setup.validate()?;
        }
        Ok(())
    }
}

/// Plays `opts.games` games and returns the totals; an invalid option is an `invalid_option` error
/// and plays nothing.
pub fn simulate(opts: &SimOptions) -> Result<SimResult, OptionError> {
    opts.validate()?;
    let mut dice = match &opts.seed {
        Some(s) => DiceRng::from_seed(s),
        None => DiceRng::from_entropy()
            .ok_or_else(|| OptionError::new("no random source for an unseeded simulation"))?,
    };
    let mut choices = SimRng::from_dice(&mut dice);
    let mut result = SimResult::default();
    match &opts.game {
        SimGame::Jokerball(setup) => {
            let start = jokerball::Position::start(&JbSetup {
                first: opts.first,
                ..setup.clone()
            })
            .map_err(|e| OptionError::new(e.to_string()))?;
            let mut lists = JokerballLists::default();
            for _ in 0..opts.games {
                let outcome = jokerball_game(
                    start,
                    opts.players,
                    opts.max_turns,
                    &mut dice,
                    &mut choices,
                    &mut lists,
                );
                result.record(outcome);
            }
        }
        SimGame::Zola(size) => {
            let start = zola::Position::full(*size, opts.first);
            let mut list = ZMoves::new();
            for _ in 0..opts.games {
                let outcome =
                    zola_game(start, opts.players, opts.max_turns, &mut choices, &mut list);
                result.record(outcome);
            }
        }
    }
    Ok(result)
}

/// The two reusable move lists of a Jokerball playout (man phase, ball phase).
#[derive(Debug, Default)]
pub struct JokerballLists {
    men: JbMoves,
    balls: JbMoves,
}

/// Plays one Jokerball game from `start` (RULES 1.4): roll, a man move if any, a ball move if any, until
/// the ball leaves the board or `max_turns` turns have been played. Allocation-free.
pub fn jokerball_game(
    start: jokerball::Position,
    players: ByPlayer<SimPlayer>,
    max_turns: u32,
    dice: &mut DiceRng,
    choices: &mut SimRng,
    lists: &mut JokerballLists,
) -> Outcome {
    if !all_random(players) {
        return bot_jokerball_game(start, players, max_turns, dice, choices);
    }
    let mut pos = start;
    let faces = pos.side();
    for turn in 1..=max_turns {
        let roll = Dice::roll(dice, faces);
        lists.men.clear();
        pos.man_moves(roll.distance, &mut lists.men);
        if !lists.men.is_empty() {
            let i = choices.below(lists.men.len());
            if let Some(&mv) = lists.men.get(i) {
                pos.apply(mv);
            }
        }
        lists.balls.clear();
        pos.ball_moves(roll.direction, &mut lists.balls);
        if !lists.balls.is_empty() {
            let i = choices.below(lists.balls.len());
            if let Some(&mv) = lists.balls.get(i) {
                pos.apply(mv);
            }
        }
        if let Some(winner) = pos.winner() {
            return Outcome::Won(winner, turn);
        }
        pos.end_turn();
    }
    Outcome::Unfinished
}

/// Plays one Zola game from `start` (RULES 2.2-2.3): a side without a move passes (not counted), the
/// capture of the last enemy checker wins; stops as unfinished after `max_turns` moves. Allocation-free.
pub fn zola_game(
    start: zola::Position,
    players: ByPlayer<SimPlayer>,
    max_turns: u32,
    choices: &mut SimRng,
    list: &mut ZMoves,
) -> Outcome {
    if !all_random(players) {
        return bot_zola_game(start, players, max_turns, choices);
    }
    let mut pos = start;
    let mut moves = 0u32;
    let mut passes = 0u8;
    while moves < max_turns {
        list.clear();
        pos.moves(list);
        if list.is_empty() {
            // The rules guarantee one side can move; two passes in a row would mean they cannot.
            passes += 1;
            if passes == 2 {
                break;
            }
            pos.apply(zola::Move::Pass);
            continue;
        }
        passes = 0;
        let mover = pos.turn();
        let i = choices.below(list.len());
        if let Some(&mv) = list.as_slice().get(i) {
            pos.apply(mv);
        }
        moves += 1;
        if pos.count(mover.other()) == 0 {
            return Outcome::Won(mover, moves);
        }
    }
    Outcome::Unfinished
}

/// Plays one Jokerball game with at least one bot side, through [`jokerball::Game`]: the same dice
/// and turn counting as [`jokerball_game`].
fn bot_jokerball_game(
    start: jokerball::Position,
    players: ByPlayer<SimPlayer>,
    max_turns: u32,
    dice: &mut DiceRng,
    choices: &mut SimRng,
) -> Outcome {
    let mut bots = ByPlayer::new(players.red.bot(choices), players.blue.bot(choices));
    let faces = start.side();
    let mut game = jokerball::Game::from_start(start, None);
    for turn in 1..=max_turns {
        let roll = Dice::roll(dice, faces);
        if game.set_dice(roll.distance, roll.direction).is_err() {
            return Outcome::Unfinished;
        }
        while matches!(game.phase(), jokerball::Phase::Man | jokerball::Phase::Ball) {
            let mv = next_move(&mut bots, &game, || {
                let moves = game.legal_moves();
                moves.get(choices.below(moves.len())).copied()
            });
            if mv.and_then(|m| game.play_move(m).ok()).is_none() {
                return Outcome::Unfinished;
            }
        }
        if let Some(winner) = game.winner() {
            return Outcome::Won(winner, turn);
        }
    }
    Outcome::Unfinished
}

/// Plays one Zola game with at least one bot side, through [`zola::Game`] (automatic passes not
/// counted, as in [`zola_game`]).
fn bot_zola_game(
    start: zola::Position,
    players: ByPlayer<SimPlayer>,
    max_turns: u32,
    choices: &mut SimRng,
) -> Outcome {
    let mut bots = ByPlayer::new(players.red.bot(choices), players.blue.bot(choices));
    let setup = zola::Setup {
        size: Some(start.size().n()),
        first: start.turn(),
        ..zola::Setup::default()
    };
    let Ok(mut game) = zola::Game::new(&setup) else {
        return Outcome::Unfinished;
    };
    let mut list = ZMoves::new();
    for moves in 1..=max_turns {
        let mv = next_move(&mut bots, &game, || {
            game.legal_moves_into(&mut list);
            list.get(choices.below(list.len())).copied()
        });
        if mv.and_then(|m| game.play_move(m).ok()).is_none() {
            return Outcome::Unfinished;
        }
        if let Some(winner) = game.winner() {
            return Outcome::Won(winner, moves);
        }
    }
    Outcome::Unfinished
}

/// The move of the side to move in `game`: its bot's choice, or `random`'s for a random side.
fn next_move<G: BotGame>(
    bots: &mut ByPlayer<Option<Bot>>,
    game: &G,
    random: impl FnOnce() -> Option<G::Move>,
) -> Option<G::Move> {
    match bots.get_mut(game.turn()) {
        Some(bot) => game.bot_choice(bot),
        None => random(),
    }
}
