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
//!   moves (automatic passes and the pie rule's `swap` not counted). A game that has not ended after
//!   `max_turns` turns is `unfinished`; `turns` statistics and `lengths` cover the finished games.
//! - **Players** are named by the side they play in the options (`players.red`, `players.blue`). With
//!   `alternate`, they exchange colours every other game and the two games of a pair share their dice
//!   (Jokerball), so that luck falls alike on both: `player_wins` counts each player's wins whatever
//!   colour they had, `first_wins` the wins of whoever made the game's first move.
use crate::bot::{Bot, BotGame, Level};
use crate::dice::{Dice, DiceRng, Seed, SimRng};
use crate::engine::Engine;
use crate::error::OptionError;
use crate::jokerball::{self, MoveList as JbMoves, Setup as JbSetup};
use crate::player::{ByPlayer, Player};
use crate::zola::{self, Move as ZMove, MoveList as ZMoves, Size};

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
    /// The players of the two sides (of the even games, with `alternate`).
    pub players: ByPlayer<SimPlayer>,
    /// Whether the players exchange colours every other game, the two games of each pair sharing their
    /// dice (`games` must then be even).
    pub alternate: bool,
    /// Zola's pie rule (RULES 2.2): the second player may answer the first move with `swap`. Refused
    /// for Jokerball.
    pub pie: bool,
    /// Zola: the first `opening` moves of a game with a bot side are random (from the run's seeded
    /// generator; the two games of an `alternate` pair get the same ones), so that deterministic bots
    /// meet in varied positions. Where the pie rule offers `swap` inside the opening, the side to move
    /// still decides whether to take it. The opening's moves count in the lengths. Two random sides
    /// play random moves throughout, so it changes nothing for them. Refused for Jokerball.
    pub opening: u32,
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
            alternate: false,
            pie: false,
            opening: 0,
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
    /// `lengths[k]`: the finished games that lasted `k` turns (`turns_max + 1` entries; empty if none
    /// finished).
    pub lengths: Vec<u32>,
    /// Games won by the player who made the game's first move (after a `swap`, the player who swapped
    /// plays the first colour; the first mover is still the other).
    pub first_wins: u32,
    /// Games won by each player, named by the side given in `players` (with `alternate` or a `swap`,
    /// whatever colour they had when they won).
    pub player_wins: ByPlayer<u32>,
    /// Games in which each player (named as in `player_wins`) made the first move.
    pub first_moves: ByPlayer<u32>,
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

    /// Counts one game: `first` moved first; `exchanged`: the players had exchanged colours (the odd
    /// games of `alternate`).
    fn record(&mut self, outcome: Outcome, first: Player, exchanged: bool) {
        self.games += 1;
        *self
            .first_moves
            .get_mut(if exchanged { first.other() } else { first }) += 1;
        let (colour, turns, swapped) = match outcome {
            Outcome::Won(c, t) => (c, t, false),
            Outcome::WonAfterSwap(c, t) => (c, t, true),
            Outcome::Unfinished => {
                self.unfinished += 1;
                return;
            }
        };
        *self.wins.get_mut(colour) += 1;
        let player = if exchanged != swapped {
            colour.other()
        } else {
            colour
        };
        *self.player_wins.get_mut(player) += 1;
        if (colour == first) != swapped {
            self.first_wins += 1;
        }
        self.turns_total += u64::from(turns);
        self.turns_max = self.turns_max.max(turns);
        let k = turns as usize;
        if self.lengths.len() <= k {
            self.lengths.resize(k + 1, 0);
        }
        if let Some(n) = self.lengths.get_mut(k) {
            *n += 1;
        }
    }
}

/// How one game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Won by this colour after this many turns.
    Won(Player, u32),
    /// Zola with the pie rule: the second player answered the first move with `swap` (the players
    /// exchanged colours), then this colour won after this many moves.
    WonAfterSwap(Player, u32),
    /// Not over after the cap.
    Unfinished,
}

impl Outcome {
    /// The turns a game took: its length, or the cap for an unfinished one.
    fn turns_played(self, max_turns: u32) -> u32 {
        match self {
            Outcome::Won(_, t) | Outcome::WonAfterSwap(_, t) => t,
            Outcome::Unfinished => max_turns,
        }
    }
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
        if self.alternate && self.games % 2 == 1 {
            return Err(OptionError::new(
                "games must be even when the players alternate colours",
            ));
        }
        if let SimGame::Jokerball(setup) = &self.game {
            if self.pie || self.opening > 0 {
                return Err(OptionError::new(
                    "pie and opening are Zola's, not Jokerball's",
                ));
            }
            setup.validate()?;
        }
        Ok(())
    }
}

/// Plays `opts.games` games and returns the totals; an invalid option is an `invalid_option` error
/// and plays nothing.
pub fn simulate(opts: &SimOptions) -> Result<SimResult, OptionError> {
    simulate_with_progress(opts, &mut |_, _| true)
}

/// [`simulate`], calling `progress(done, total)` before the first game, then at most about 256 times
/// as games finish, and after the last; when it returns `false` the run stops there and the totals of
/// the games played so far are returned.
pub fn simulate_with_progress(
    opts: &SimOptions,
    progress: &mut dyn FnMut(u32, u32) -> bool,
) -> Result<SimResult, OptionError> {
    opts.validate()?;
    let mut dice = match &opts.seed {
        Some(s) => DiceRng::from_seed(s),
        None => DiceRng::from_entropy()
            .ok_or_else(|| OptionError::new("no random source for an unseeded simulation"))?,
    };
    let mut choices = SimRng::from_dice(&mut dice);
    let mut result = SimResult::default();
    let total = opts.games;
    let step = total.div_ceil(256);
    if !progress(0, total) {
        return Ok(result);
    }
    let start = match &opts.game {
        SimGame::Jokerball(setup) => Start::Jokerball(
            jokerball::Position::start(&JbSetup {
                first: opts.first,
                ..setup.clone()
            })
            .map_err(|e| OptionError::new(e.to_string()))?,
        ),
        SimGame::Zola(size) => Start::Zola(zola::Position::full(*size, opts.first)),
    };
    let mut lists = JokerballLists::default();
    let mut list = ZMoves::new();
    // With `alternate`, the dice at the start of the pair and the turns its first game used.
    let mut pair = (dice.clone(), 0u32);
    // The generator of Zola's openings (keyed from the dice generator, which Zola has no other use
    // for): a new one for each game, or for each pair with `alternate`.
    let mut opening = choices.clone();
    for i in 0..total {
        let exchanged = opts.alternate && i % 2 == 1;
        let players = if exchanged {
            ByPlayer::new(opts.players.blue, opts.players.red)
        } else {
            opts.players
        };
        let outcome = match start {
            Start::Jokerball(start) => {
                // With `alternate`, the second game of a pair replays the first one's dice, and the run
                // goes on from the longer game's generator.
                let mut again = exchanged.then(|| pair.0.clone());
                if opts.alternate && !exchanged {
                    pair.0 = dice.clone();
                }
                let o = jokerball_game(
                    start,
                    players,
                    opts.max_turns,
                    again.as_mut().unwrap_or(&mut dice),
                    &mut choices,
                    &mut lists,
                );
                let used = o.turns_played(opts.max_turns);
                match again {
                    Some(a) if used > pair.1 => dice = a,
                    Some(_) => {}
                    None => pair.1 = used,
                }
                o
            }
            Start::Zola(start) => {
                if opts.opening > 0 && !exchanged && !all_random(opts.players) {
                    opening = SimRng::from_dice(&mut dice);
                }
                if all_random(players) {
                    zola_game(
                        start,
                        players,
                        opts.max_turns,
                        opts.pie,
                        &mut choices,
                        &mut list,
                    )
                } else {
                    let limits = (opts.max_turns, opts.opening);
                    let open = &mut opening.clone();
                    bot_zola_game(start, players, limits, opts.pie, &mut choices, open)
                }
            }
        };
        result.record(outcome, opts.first, exchanged);
        let done = i + 1;
        if (done % step == 0 || done == total) && !progress(done, total) {
            break;
        }
    }
    Ok(result)
}

/// The starting position of every game of a run.
#[derive(Clone, Copy)]
enum Start {
    Jokerball(jokerball::Position),
    Zola(zola::Position),
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
        play_random(&mut pos, &mut lists.men, choices, |p, l| {
            p.man_moves(roll.distance, l)
        });
        play_random(&mut pos, &mut lists.balls, choices, |p, l| {
            p.ball_moves(roll.direction, l)
        });
        if let Some(winner) = pos.winner() {
            return Outcome::Won(winner, turn);
        }
        pos.end_turn();
    }
    Outcome::Unfinished
}

/// Plays a uniform choice among the moves `moves` lists into `list` (cleared first), if there is any
/// (the phase is skipped when there is none; no choice is drawn then).
#[inline(always)]
fn play_random(
    pos: &mut jokerball::Position,
    list: &mut JbMoves,
    choices: &mut SimRng,
    moves: impl FnOnce(&jokerball::Position, &mut JbMoves),
) {
    list.clear();
    moves(pos, list);
    if !list.is_empty() {
        if let Some(&mv) = list.get(choices.below(list.len())) {
            pos.apply(mv);
        }
    }
}

/// Plays one Zola game from `start` (RULES 2.2-2.3): a side without a move passes (not counted), the
/// capture of the last enemy checker wins; stops as unfinished after `max_turns` moves. With `pie`, the
/// second player's first choice also offers `swap` (last, as in the game's move list; not counted as a
/// move). Allocation-free.
pub fn zola_game(
    start: zola::Position,
    players: ByPlayer<SimPlayer>,
    max_turns: u32,
    pie: bool,
    choices: &mut SimRng,
    list: &mut ZMoves,
) -> Outcome {
    if !all_random(players) {
        let open = &mut SimRng::new([0; 4]);
        return bot_zola_game(start, players, (max_turns, 0), pie, choices, open);
    }
    let mut pos = start;
    let mut moves = 0u32;
    let mut passes = 0u8;
    // The records so far (moves, passes, swap): `swap` answers a first record that was a move.
    let mut records = 0u32;
    let mut swapped = false;
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
            records += 1;
            continue;
        }
        passes = 0;
        let mover = pos.turn();
        let offer_swap = pie && records == 1 && moves == 1;
        let i = choices.below(list.len() + usize::from(offer_swap));
        records += 1;
        match list.as_slice().get(i) {
            Some(&mv) => pos.apply(mv),
            None => {
                // `swap`: the players exchange colours; the board and the colour to move stay.
                swapped = true;
                continue;
            }
        }
        moves += 1;
        if pos.count(mover.other()) == 0 {
            return won(mover, moves, swapped);
        }
    }
    Outcome::Unfinished
}

/// The outcome of a game won by `colour` after `turns`, the players having exchanged colours or not.
fn won(colour: Player, turns: u32, swapped: bool) -> Outcome {
    if swapped {
        Outcome::WonAfterSwap(colour, turns)
    } else {
        Outcome::Won(colour, turns)
    }
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

/// Plays one Zola game with at least one bot side, through [`zola::Game`] (automatic passes and
/// `swap` not counted, as in [`zola_game`]); its first `limits.1` moves at random from `open`. Not
/// inlined: it has two callers, and the wasm module's size is budgeted.
#[inline(never)]
fn bot_zola_game(
    start: zola::Position,
    players: ByPlayer<SimPlayer>,
    (max_turns, opening): (u32, u32),
    pie: bool,
    choices: &mut SimRng,
    open: &mut SimRng,
) -> Outcome {
    let mut bots = ByPlayer::new(players.red.bot(choices), players.blue.bot(choices));
    let setup = zola::Setup {
        size: Some(start.size().n()),
        first: start.turn(),
        pie,
        ..zola::Setup::default()
    };
    let Ok(mut game) = zola::Game::new(&setup) else {
        return Outcome::Unfinished;
    };
    let mut list = ZMoves::new();
    let mut moves = 0u32;
    let mut swapped = false;
    while moves < max_turns {
        game.legal_moves_into(&mut list);
        let offered = list.last() == Some(&ZMove::Swap);
        // In the opening a random move, unless `swap` is offered and the side takes it: that stays its
        // own choice.
        let mut mv = None;
        if moves >= opening || offered {
            mv = next_move(&mut bots, &game, || pick(choices, &list, list.len()));
        }
        if moves < opening && mv != Some(ZMove::Swap) {
            mv = pick(open, &list, list.len() - usize::from(offered));
        }
        let Some(mv) = mv.filter(|&m| game.play_move(m).is_ok()) else {
            return Outcome::Unfinished;
        };
        if mv == ZMove::Swap {
            // The players exchange colours: each one's bot (or random choice) goes with them.
            swapped = true;
            std::mem::swap(&mut bots.red, &mut bots.blue);
            continue;
        }
        moves += 1;
        if let Some(winner) = game.winner() {
            return won(winner, moves, swapped);
        }
    }
    Outcome::Unfinished
}

/// A uniform choice among the first `n` moves of `list` (one function for both uses of
/// [`bot_zola_game`]: the wasm module's size is budgeted).
#[inline(never)]
fn pick(rng: &mut SimRng, list: &ZMoves, n: usize) -> Option<ZMove> {
    list.get(rng.below(n)).copied()
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
