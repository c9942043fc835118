//! The turn state machine of RULES 1.4: roll, man phase, ball phase, then the opponent's turn or the end.

use serde::{Deserialize, Serialize};

use super::notation::{move_notation, parse_move};
use super::position::{Move, MoveKind, MoveList, Piece, Position};
use super::{RuleSet, Setup};
use crate::dice::{Dice, DiceRng, Seed};
use crate::error::{Coded, DiceError, ErrorCode, OptionError, ParseError, PlayError};
use crate::notation::MAX_INPUT_LEN;
use crate::player::Player;

/// The phase of a game (RULES 1.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// The side to move must roll (or set) the dice.
    Roll,
    /// The side to move must move a man.
    Man,
    /// The side to move must move the ball.
    Ball,
    /// The ball has left the board.
    Over,
}

impl Phase {
    /// The name used by JavaScript: `"roll"`, `"man"`, `"ball"`, `"over"`.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Roll => "roll",
            Phase::Man => "man",
            Phase::Ball => "ball",
            Phase::Over => "over",
        }
    }
}

/// One completed turn: the dice, the man move (or none: skipped) and the ball move (or none: skipped).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TurnRecord {
    /// The dice of the turn.
    pub dice: Dice,
    /// The man move, `None` when the man phase was skipped.
    pub man: Option<Move>,
    /// The ball move, `None` when the ball phase was skipped.
    pub ball: Option<Move>,
}

impl TurnRecord {
    /// The record in the notation of RULES 1.9, e.g. `2/3 b3-d3 f6>h6` or `4/1 - e5>off`.
    pub fn notation(&self, size: u8) -> String {
        let part =
            |m: &Option<Move>| m.map_or_else(|| "-".to_string(), |m| move_notation(size, &m));
        format!(
            "{}/{} {} {}",
            self.dice.distance,
            self.dice.direction,
            part(&self.man),
            part(&self.ball)
        )
    }
}

/// The pieces on the board by cell name (see [`Game::board`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardView {
    /// The men in position-string order: cell name and owner.
    pub men: Vec<(String, Player)>,
    /// The ball's cell, `None` once it has left the board.
    pub ball: Option<String>,
}

/// Why [`Game::replay`] failed: bad options, or a history record that is malformed or not playable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayError {
    /// The setup is invalid (`invalid_option`).
    Option(OptionError),
    /// A record could not be read or played (`parse_error`, `game_over`, `illegal_move`).
    Play(PlayError),
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Option(e) => e.fmt(f),
            ReplayError::Play(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ReplayError {}

impl Coded for ReplayError {
    fn code(&self) -> ErrorCode {
        match self {
            ReplayError::Option(e) => e.code(),
            ReplayError::Play(e) => e.code(),
        }
    }
}

/// A Jokerball game: the start position, the current position, the phase, the current turn's dice and
/// man move, the history of completed turns and the dice generator (if any).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    start: Position,
    pos: Position,
    phase: Phase,
    dice: Option<Dice>,
    /// The current turn's man part once decided: `Some(None)` when the man phase was skipped.
    man: Option<Option<Move>>,
    history: Vec<TurnRecord>,
    rng: Option<DiceRng>,
}

impl Game {
    /// A new game from a setup (RULES 1.3); dice from `seed`, or from the crypto source without one.
    pub fn new(setup: &Setup, seed: Option<&Seed>) -> Result<Game, OptionError> {
        let start = Position::start(setup)?;
        let rng = match seed {
            Some(s) => Some(DiceRng::from_seed(s)),
            None => DiceRng::from_entropy(),
        };
        Ok(Game::from_start(start, rng))
    }

    /// A game starting from a position string (RULES 1.9) with dice from the crypto source
    /// (see [`Game::set_rng`]). `explicit_size`, if given, must match the string's board.
    pub fn from_position(
        rules: RuleSet,
        text: &str,
        explicit_size: Option<u8>,
    ) -> Result<Game, ParseError> {
        let start = Position::from_position_string(rules, text, explicit_size)?;
        Ok(Game::from_start(start, DiceRng::from_entropy()))
    }

    /// A game from a start position and a dice generator (`None`: only [`Game::set_dice`] works).
    pub fn from_start(start: Position, rng: Option<DiceRng>) -> Game {
        Game {
            start,
            pos: start,
            phase: Phase::Roll,
            dice: None,
            man: None,
            history: Vec::new(),
            rng,
        }
    }

    /// Replays turn records (RULES 1.9) from a setup's start. With a seed, the generator is advanced by
    /// one roll per record, so replaying a game rolled from seed `s` with seed `s` goes on with its dice.
    pub fn replay<S: AsRef<str>>(
        history: &[S],
        setup: &Setup,
        seed: Option<&Seed>,
    ) -> Result<Game, ReplayError> {
        let mut game = Game::new(setup, seed).map_err(ReplayError::Option)?;
        for record in history {
            game.play_record(record.as_ref(), true)
                .map_err(ReplayError::Play)?;
        }
        Ok(game)
    }

    /// Replaces the dice generator (`None`: the game goes on only with [`Game::set_dice`]).
    pub fn set_rng(&mut self, rng: Option<DiceRng>) {
        self.rng = rng;
    }

    /// The dice generator, if any.
    pub fn rng(&self) -> Option<&DiceRng> {
        self.rng.as_ref()
    }

    /// The current position (board and side to move).
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The position string of the current position (without a ball once the game is over).
    pub fn position_string(&self) -> String {
        self.pos.to_position_string()
    }

    /// The men (cell name and owner, in position-string order) and the ball's cell (`None` after the game).
    pub fn board(&self) -> BoardView {
        let pos = &self.pos;
        let g = pos.geometry();
        let mut view = BoardView {
            men: Vec::new(),
            ball: None,
        };
        for cell in 0..g.len {
            match pos.piece(cell) {
                Some(Piece::Man(player)) => view.men.push((g.name(cell), player)),
                Some(Piece::Ball) => view.ball = Some(g.name(cell)),
                None => {}
            }
        }
        view
    }

    /// The rule set.
    pub fn rules(&self) -> RuleSet {
        self.pos.rules()
    }

    /// The board side (4 or 6).
    pub fn size(&self) -> u8 {
        self.pos.size()
    }

    /// The side to move; after the game, the player who moved last.
    pub fn turn(&self) -> Player {
        self.pos.turn()
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The current turn's dice (`None` in phases roll and over).
    pub fn dice(&self) -> Option<Dice> {
        self.dice
    }

    /// The man move played this turn: `Some(None)` when the man phase was skipped, `None` before it.
    pub fn turn_man_move(&self) -> Option<Option<Move>> {
        self.man
    }

    /// The winner once the ball has left the board.
    pub fn winner(&self) -> Option<Player> {
        self.pos.winner()
    }

    /// The completed turns.
    pub fn records(&self) -> &[TurnRecord] {
        &self.history
    }

    /// The completed turns in notation (`2/3 b3-d3 f6>h6`).
    pub fn history(&self) -> Vec<String> {
        self.history
            .iter()
            .map(|r| r.notation(self.size()))
            .collect()
    }

    /// Rolls the dice from the game's generator (distance die then direction die) and starts the turn.
    pub fn roll(&mut self) -> Result<Dice, DiceError> {
        self.check_roll_phase()?;
        let size = self.size();
        let Some(rng) = self.rng.as_mut() else {
            return Err(DiceError::WrongPhase(
                "this game has no dice generator (restored without it): use set_dice".into(),
            ));
        };
        let dice = Dice::roll(rng, size);
        self.begin_turn(dice);
        Ok(dice)
    }

    /// Sets the dice of the turn instead of rolling (range-checked: distance `1..=size`, direction `1..=6`).
    pub fn set_dice(&mut self, distance: u8, direction: u8) -> Result<(), DiceError> {
        let size = self.size();
        if !(1..=size).contains(&distance) {
            return Err(DiceError::OutOfRange(OptionError::new(format!(
                "distance must be 1..{size}, not {distance}"
            ))));
        }
        if !(1..=6).contains(&direction) {
            return Err(DiceError::OutOfRange(OptionError::new(format!(
                "direction must be 1..6, not {direction}"
            ))));
        }
        self.check_roll_phase()?;
        self.begin_turn(Dice {
            distance,
            direction,
        });
        Ok(())
    }

    fn check_roll_phase(&self) -> Result<(), DiceError> {
        match self.phase {
            Phase::Over => Err(DiceError::GameOver),
            Phase::Roll => Ok(()),
            p => Err(DiceError::WrongPhase(format!(
                "the dice are already rolled: phase is {}",
                p.name()
            ))),
        }
    }

    fn begin_turn(&mut self, dice: Dice) {
        self.dice = Some(dice);
        self.man = None;
        self.phase = Phase::Man;
        self.skip_empty_phases();
    }

    fn skip_empty_phases(&mut self) {
        let Some(dice) = self.dice else { return };
        if self.phase == Phase::Man && !self.pos.has_man_move(dice.distance) {
            self.man = Some(None);
            self.phase = Phase::Ball;
        }
        if self.phase == Phase::Ball {
            let mut list = MoveList::new();
            self.pos.ball_moves(dice.direction, &mut list);
            if list.is_empty() {
                self.finish_turn(None);
            }
        }
    }

    fn finish_turn(&mut self, ball: Option<Move>) {
        if let Some(dice) = self.dice {
            self.history.push(TurnRecord {
                dice,
                man: self.man.flatten(),
                ball,
            });
        }
        self.dice = None;
        self.man = None;
        if self.pos.winner().is_some() {
            self.phase = Phase::Over;
        } else {
            self.pos.end_turn();
            self.phase = Phase::Roll;
        }
    }

    /// The legal moves of the current phase, unsorted, into `out` (cleared first). Allocation-free.
    pub fn legal_move_list(&self, out: &mut MoveList) {
        out.clear();
        let Some(dice) = self.dice else { return };
        match self.phase {
            Phase::Man => self.pos.man_moves(dice.distance, out),
            Phase::Ball => self.pos.ball_moves(dice.direction, out),
            _ => {}
        }
    }

    /// The legal moves of the current phase, sorted by notation (empty in roll and over).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut list = MoveList::new();
        self.legal_move_list(&mut list);
        let size = self.size();
        let names: Vec<String> = list.iter().map(|m| move_notation(size, m)).collect();
        crate::notation::notation_order(&names)
            .into_iter()
            .filter_map(|i| list.get(i).copied())
            .collect()
    }

    /// The legal moves of the current phase in notation, sorted.
    pub fn legal_notations(&self) -> Vec<String> {
        let mut list = MoveList::new();
        self.legal_move_list(&mut list);
        let size = self.size();
        let mut names: Vec<String> = list.iter().map(|m| move_notation(size, m)).collect();
        crate::notation::sort_notations(&mut names);
        names
    }

    /// The notation of a move on this game's board.
    pub fn notation(&self, mv: &Move) -> String {
        move_notation(self.size(), mv)
    }

    /// Every complete rest of the current turn (phase man or ball) as a turn record without its dice,
    /// e.g. `b3-d3 f6>h6`, `b3-d3 -`, `- f6>off`; sorted and distinct. Empty in roll and over.
    pub fn legal_turns(&self) -> Vec<String> {
        let Some(dice) = self.dice else {
            return Vec::new();
        };
        let size = self.size();
        let mut out = Vec::new();
        let mut balls = MoveList::new();
        let mut push_rest = |prefix: &str, pos: &Position, out: &mut Vec<String>| {
            balls.clear();
            pos.ball_moves(dice.direction, &mut balls);
            if balls.is_empty() {
                out.push(format!("{prefix} -"));
            }
            for b in balls.iter() {
                out.push(format!("{prefix} {}", move_notation(size, b)));
            }
        };
        match self.phase {
            Phase::Man => {
                let mut men = MoveList::new();
                self.pos.man_moves(dice.distance, &mut men);
                for m in men.iter() {
                    let mut p = self.pos;
                    p.apply(*m);
                    push_rest(&move_notation(size, m), &p, &mut out);
                }
            }
            Phase::Ball => {
                let prefix = self
                    .man
                    .flatten()
                    .map_or_else(|| "-".to_string(), |m| move_notation(size, &m));
                push_rest(&prefix, &self.pos, &mut out);
            }
            _ => {}
        }
        crate::notation::sort_notations(&mut out);
        out.dedup();
        out
    }

    /// Whether a move string is legal now (never fails).
    pub fn is_legal(&self, text: &str) -> bool {
        self.find_move(text).is_ok()
    }

    /// Checks a move string in the order of API.md (parse, game over, phase, legality) and returns the
    /// legal move it names.
    pub fn find_move(&self, text: &str) -> Result<Move, PlayError> {
        let written = parse_move(self.size(), text)?;
        match (self.phase, written.kind) {
            (Phase::Over, _) => return Err(PlayError::GameOver),
            (Phase::Roll, _) => {
                return Err(PlayError::WrongPhase(
                    "roll the dice first: phase is roll".into(),
                ))
            }
            (Phase::Man, MoveKind::Ball) => {
                return Err(PlayError::WrongPhase(
                    "a man must move first: phase is man".into(),
                ))
            }
            (Phase::Ball, MoveKind::Man) => {
                return Err(PlayError::WrongPhase(
                    "the ball must move now: phase is ball".into(),
                ))
            }
            _ => {}
        }
        let mut list = MoveList::new();
        self.legal_move_list(&mut list);
        list.iter()
            .find(|m| written.matches(m))
            .copied()
            .ok_or_else(|| PlayError::Illegal(text.to_string()))
    }

    /// Plays a move written in the notation; on error the game is unchanged.
    pub fn play(&mut self, text: &str) -> Result<Move, PlayError> {
        let mv = self.find_move(text)?;
        self.apply_legal(mv);
        Ok(mv)
    }

    /// Plays a generated move (e.g. from [`Game::legal_move_list`]) after checking that it is legal now.
    pub fn play_move(&mut self, mv: Move) -> Result<(), PlayError> {
        match self.phase {
            Phase::Over => return Err(PlayError::GameOver),
            Phase::Roll => return Err(PlayError::WrongPhase("phase is roll".into())),
            _ => {}
        }
        let mut list = MoveList::new();
        self.legal_move_list(&mut list);
        if !list.contains(&mv) {
            return Err(if list.first().is_some_and(|m| m.kind != mv.kind) {
                PlayError::WrongPhase(format!("phase is {}", self.phase.name()))
            } else {
                PlayError::Illegal(self.notation(&mv))
            });
        }
        self.apply_legal(mv);
        Ok(())
    }

    fn apply_legal(&mut self, mv: Move) {
        self.pos.apply(mv);
        match mv.kind {
            MoveKind::Man => {
                self.man = Some(Some(mv));
                self.phase = Phase::Ball;
                self.skip_empty_phases();
            }
            MoveKind::Ball => self.finish_turn(Some(mv)),
        }
    }

    /// Plays one turn record (`2/3 b3-d3 f6>h6`) from phase roll; `advance_rng` also draws one roll from
    /// the generator (discarded). On error the game may be left mid-turn: use it on a scratch copy.
    pub(crate) fn play_record(&mut self, record: &str, advance_rng: bool) -> Result<(), PlayError> {
        if record.len() > MAX_INPUT_LEN {
            return Err(ParseError::new("turn record is too long").into());
        }
        let bad = || {
            PlayError::Parse(ParseError::new(format!(
            "turn record '{record}' is not in the notation '<distance>/<direction> <man move or -> <ball move or ->'"
        )))
        };
        let parts: Vec<&str> = record.split(' ').collect();
        let [dice, man, ball] = parts.as_slice() else {
            return Err(bad());
        };
        let dice = parse_dice(dice).ok_or_else(bad)?;
        for part in [man, ball] {
            if *part != "-" {
                parse_move(self.size(), part)?;
            }
        }
        if self.phase == Phase::Over {
            return Err(PlayError::GameOver);
        }
        self.set_dice(dice.distance, dice.direction)
            .map_err(|e| match e {
                DiceError::GameOver => PlayError::GameOver,
                other => {
                    PlayError::Parse(ParseError::new(format!("turn record '{record}': {other}")))
                }
            })?;
        let mismatch = || PlayError::Illegal(record.to_string());
        if *man == "-" {
            if self.phase == Phase::Man {
                return Err(mismatch());
            }
        } else {
            if self.phase != Phase::Man {
                return Err(mismatch());
            }
            self.play(man).map_err(|_| mismatch())?;
        }
        if *ball == "-" {
            if self.phase == Phase::Ball {
                return Err(mismatch());
            }
        } else {
            if self.phase != Phase::Ball {
                return Err(mismatch());
            }
            self.play(ball).map_err(|_| mismatch())?;
        }
        if advance_rng {
            let size = self.size();
            if let Some(rng) = self.rng.as_mut() {
                Dice::roll(rng, size);
            }
        }
        Ok(())
    }
}

/// Reads `d/r` (single digits).
fn parse_dice(text: &str) -> Option<Dice> {
    match text.as_bytes() {
        [d @ b'1'..=b'9', b'/', r @ b'1'..=b'9'] => Some(Dice {
            distance: d - b'0',
            direction: r - b'0',
        }),
        _ => None,
    }
}

/// A Jokerball game as one game of a match (RULES 3): doubles only before rolling; a win is a goal.
impl crate::matchplay::MatchGame for Game {
    const WIN: crate::matchplay::GameEnd = crate::matchplay::GameEnd::Goal;

    fn winner(&self) -> Option<Player> {
        Game::winner(self)
    }

    fn to_move(&self) -> Player {
        self.turn()
    }

    fn at_turn_start(&self) -> bool {
        self.phase == Phase::Roll
    }

    /// The same starting men and rules, `first` to move, the dice generator carried on.
    fn next_game(&self, first: Player) -> Game {
        let mut start = self.start;
        start.set_turn(first);
        Game::from_start(start, self.rng.clone())
    }
}
