//! The turn state machine of RULES 1.4: roll, man phase, ball phase, then the opponent's turn or the end.

use super::board::{Cell, Size};
use super::moves::{Dest, Move, MoveKind, MoveList, Piece};
use super::notation::{moves_cells, parse_move, write_move, write_part};
use super::position::Position;
use super::setup::{RuleSet, Setup};
use super::state::{GameState, Phase, TurnState};
use crate::dice::{Dice, DiceRng, Seed};
use crate::engine::{
    Awaited, BallLine, BoardWin, Engine, Forfeit, ForfeitReason, GameKind, LastMove, MoveClass,
    MoveInfo,
};
use crate::error::{
    DiceError, ForfeitError, Illegal, OptionError, ParseError, PlayError, ReplayError, SetupError,
    TurnPhase, WrongPhase,
};
use crate::notation::MAX_INPUT_LEN;
use crate::player::Player;

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
    pub fn notation(&self, size: Size) -> String {
        format!(
            "{}/{} {} {}",
            self.dice.distance,
            self.dice.direction,
            write_part(size, self.man),
            write_part(size, self.ball)
        )
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
    annotations: crate::annotation::Annotations,
    /// The forfeit that ended the game off the board (phase over), if any.
    forfeit: Option<Forfeit>,
}

impl Game {
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
            annotations: crate::annotation::Annotations::new(),
            forfeit: None,
        }
    }

    /// Replaces the dice generator (`None`: the game goes on only with [`Game::set_dice`]).
    pub fn set_rng(&mut self, rng: Option<DiceRng>) {
        self.rng = rng;
    }

    /// The dice generator, if any.
    pub fn rng(&self) -> Option<&DiceRng> {
        self.rng.as_ref()
    }

    /// The annotations of the game's record lines (RULES 4.3), kept in its state.
    pub fn annotations(&self) -> &crate::annotation::Annotations {
        &self.annotations
    }

    /// Replaces the annotations (`invalid_option` for a line that is not a record of the game).
    pub fn set_annotations(
        &mut self,
        annotations: crate::annotation::Annotations,
    ) -> Result<(), crate::error::OptionError> {
        self.annotations = annotations.of_records(self.history_len())?;
        Ok(())
    }

    /// The number of starting rows of the standard start this game began from (its rules, size and
    /// first player), `None` when it began from some other position.
    pub fn start_rows(&self) -> Option<u8> {
        let (rules, size, first) = (self.rules(), self.size(), self.start.turn());
        (1..size.n()).find(|&rows| {
            let setup = Setup {
                rules,
                size: Some(size.n()),
                rows,
                first,
                position: None,
                seed: None,
            };
            Position::start(&setup).is_ok_and(|p| p == self.start)
        })
    }

    /// The current position (board and side to move).
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// Every piece as `(cell, piece)`, in position-string order (the top row first, each row from its
    /// leftmost cell); the ball is left out once it has left the board.
    pub fn board(&self) -> Vec<(Cell, Piece)> {
        let pos = &self.pos;
        (0..pos.geometry().len)
            .map(Cell)
            .filter_map(|cell| pos.piece(cell).map(|piece| (cell, piece)))
            .collect()
    }

    /// The rule set.
    pub fn rules(&self) -> RuleSet {
        self.pos.rules()
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.pos.size()
    }

    /// The current turn's dice (`None` in phases roll and over).
    pub fn dice(&self) -> Option<Dice> {
        self.dice.filter(|_| self.phase != Phase::Over)
    }

    /// The man move played this turn: `Some(None)` when the man phase was skipped, `None` before it.
    pub fn turn_man_move(&self) -> Option<Option<Move>> {
        self.man
    }

    /// The completed turns.
    pub fn records(&self) -> &[TurnRecord] {
        &self.history
    }

    /// Rolls the dice from the game's generator (distance die then direction die) and starts the turn.
    pub fn roll(&mut self) -> Result<Dice, DiceError> {
        self.check_roll_phase()?;
        let size = self.size();
        let Some(rng) = self.rng.as_mut() else {
            return Err(DiceError::WrongPhase(WrongPhase::NoGenerator));
        };
        let dice = Dice::roll(rng, size.n());
        self.begin_turn(dice);
        Ok(dice)
    }

    /// Sets the dice of the turn instead of rolling (range-checked: distance `1..=size`, direction `1..=6`).
    pub fn set_dice(&mut self, distance: u8, direction: u8) -> Result<(), DiceError> {
        self.check_dice(distance, direction)?;
        self.check_roll_phase()?;
        self.begin_turn(Dice {
            distance,
            direction,
        });
        Ok(())
    }

    /// Checks dice values for this board: distance `1..=size`, direction `1..=6` (`invalid_option`).
    pub fn check_dice(&self, distance: u8, direction: u8) -> Result<(), DiceError> {
        let size = self.side();
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
        Ok(())
    }

    fn check_roll_phase(&self) -> Result<(), DiceError> {
        match self.phase {
            Phase::Over => Err(DiceError::GameOver),
            Phase::Roll => Ok(()),
            Phase::Man => Err(DiceError::WrongPhase(WrongPhase::Rolled {
                phase: TurnPhase::Man,
            })),
            Phase::Ball => Err(DiceError::WrongPhase(WrongPhase::Rolled {
                phase: TurnPhase::Ball,
            })),
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
        if self.phase == Phase::Ball && !self.pos.has_ball_move(dice.direction) {
            self.finish_turn(None);
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

    /// The cells a legal move of the current position crosses, its destination last; `None` stands for
    /// leaving the board. A man leaving through the far side goes along the first open forward line (in
    /// direction order), as move generation finds it.
    pub fn path(&self, mv: Move) -> Vec<Option<Cell>> {
        let g = self.pos.geometry();
        let Some(dice) = self.dice else {
            return Vec::new();
        };
        let me = self.pos.turn();
        // The cells from `from` along `dir`, at most `limit` steps, through empty cells (the last may be
        // occupied: a capture); `None` for the step off the board.
        let walk = |dir: crate::hex::HexDirection, limit: usize, stop: Option<Cell>| {
            let mut cells = Vec::new();
            let mut cur = mv.from;
            for _ in 0..limit {
                match g.step.get(cur.index()).and_then(|s| s.get(dir.index())) {
                    Some(super::Step::Cell(next)) => {
                        let next = Cell(*next);
                        cells.push(Some(next));
                        if Some(next) == stop || self.pos.piece(next).is_some() {
                            break;
                        }
                        cur = next;
                    }
                    Some(super::Step::Goal(_)) => {
                        cells.push(None);
                        break;
                    }
                    _ => break,
                }
            }
            cells
        };
        let reaches = |cells: &Vec<Option<Cell>>, to: Option<Cell>| cells.last() == Some(&to);
        match (mv.kind, mv.to) {
            (MoveKind::Ball, Dest::Cell(to)) => {
                walk(super::ball_direction(me, dice.direction), 20, Some(to))
            }
            (MoveKind::Ball, Dest::Off(_)) => {
                walk(super::ball_direction(me, dice.direction), 20, None)
            }
            (MoveKind::Man, Dest::Cell(to)) => {
                // The line from `from` to `to`: the direction of their axial difference.
                let at = |c: Cell| g.hex.get(c.index()).copied();
                let (Some(a), Some(b)) = (at(mv.from), at(to)) else {
                    return Vec::new();
                };
                let (dq, dr) = ((b.q - a.q).signum(), (b.r - a.r).signum());
                crate::hex::HexDirection::ALL
                    .into_iter()
                    .find(|d| d.vector() == (dq, dr))
                    .map(|d| walk(d, usize::from(dice.distance), Some(to)))
                    .filter(|cells| reaches(cells, Some(to)))
                    .unwrap_or_default()
            }
            (MoveKind::Man, Dest::Off(_)) => {
                // In direction order, as move generation tries them.
                let [a, b] = super::forward(me);
                let dirs = if a.index() < b.index() {
                    [a, b]
                } else {
                    [b, a]
                };
                dirs.into_iter()
                    .map(|d| walk(d, usize::from(dice.distance), None))
                    .find(|cells| reaches(cells, None))
                    .unwrap_or_default()
            }
        }
    }

    /// The phases passed at once for want of a legal move right after the dice were rolled or set:
    /// none, the man phase, or both (the turn then ended at once).
    pub fn skipped_after_dice(&self) -> Vec<Phase> {
        match self.phase {
            Phase::Man => Vec::new(),
            Phase::Ball => vec![Phase::Man],
            Phase::Roll | Phase::Over => vec![Phase::Man, Phase::Ball],
        }
    }

    /// The phases passed at once right after a move of `kind` was played: the ball phase after a man
    /// move when no ball move was possible.
    pub fn skipped_after(&self, kind: MoveKind) -> Vec<Phase> {
        if kind == MoveKind::Man && self.phase != Phase::Ball {
            vec![Phase::Ball]
        } else {
            Vec::new()
        }
    }

    /// Who made the last completed turn record: the player to move now after a goal (the winner),
    /// else the other one.
    fn last_mover(&self) -> Player {
        if self.pos.winner().is_some() {
            self.pos.turn()
        } else {
            self.pos.turn().other()
        }
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
                out.push(format!("{prefix} {}", write_move(size, *b)));
            }
        };
        match self.phase {
            Phase::Man => {
                let mut men = MoveList::new();
                self.pos.man_moves(dice.distance, &mut men);
                for m in men.iter() {
                    let mut p = self.pos;
                    p.apply(*m);
                    push_rest(&write_move(size, *m), &p, &mut out);
                }
            }
            Phase::Ball => {
                let prefix = self
                    .man
                    .flatten()
                    .map_or_else(|| "-".to_string(), |m| write_move(size, m));
                push_rest(&prefix, &self.pos, &mut out);
            }
            _ => {}
        }
        crate::notation::sort_notations(&mut out);
        out.dedup();
        out
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
    pub(crate) fn play_turn_record(
        &mut self,
        record: &str,
        advance_rng: bool,
    ) -> Result<(), PlayError> {
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
        let mismatch = || PlayError::Illegal(Illegal::new(record));
        // Each part is `-` exactly when the game skips its phase, else a move played in it.
        for (part, phase) in [(man, Phase::Man), (ball, Phase::Ball)] {
            let skipped = *part == "-";
            if skipped == (self.phase == phase) {
                return Err(mismatch());
            }
            if !skipped {
                self.play(part).map_err(|_| mismatch())?;
            }
        }
        if advance_rng {
            let size = self.size();
            if let Some(rng) = self.rng.as_mut() {
                Dice::roll(rng, size.n());
            }
        }
        Ok(())
    }
}

/// Reads `d/r` (single digits).
pub(crate) fn parse_dice(text: &str) -> Option<Dice> {
    match text.as_bytes() {
        [d @ b'1'..=b'9', b'/', r @ b'1'..=b'9'] => Some(Dice {
            distance: d - b'0',
            direction: r - b'0',
        }),
        _ => None,
    }
}

impl Engine for Game {
    const KIND: GameKind = GameKind::Jokerball;
    const WIN: BoardWin = BoardWin::Goal;
    type Setup = Setup;
    type Move = Move;
    type Phase = Phase;
    type State = GameState;
    type List = MoveList;

    /// A new game from a setup (RULES 1.3) or its position string; dice from `setup.seed`, or from the
    /// crypto source without one.
    fn new(setup: &Setup) -> Result<Game, SetupError> {
        let start = Position::start(setup)?;
        let rng = match &setup.seed {
            Some(s) => Some(DiceRng::from_seed(s)),
            None => DiceRng::from_entropy(),
        };
        Ok(Game::from_start(start, rng))
    }

    /// Plays turn records (`2/3 b3-d3 f6>h6`). The dice generator is advanced by one roll per record,
    /// so replaying a game rolled from seed `s` with seed `s` goes on with its dice.
    fn replay_onto<S: AsRef<str>>(mut self, history: &[S]) -> Result<Game, ReplayError> {
        for (index, record) in history.iter().enumerate() {
            self.play_turn_record(record.as_ref(), true)
                .map_err(|error| ReplayError::Record { index, error })?;
        }
        Ok(self)
    }

    fn turn(&self) -> Player {
        self.pos.turn()
    }

    fn phase(&self) -> Phase {
        self.phase
    }

    fn winner(&self) -> Option<Player> {
        self.pos.winner().or(self.forfeit.map(|f| f.winner))
    }

    fn forfeited(&self) -> Option<Forfeit> {
        self.forfeit
    }

    /// Ends the game in any phase but over; the dice and man move of a half-played turn are kept
    /// (its man move stays on the board and in the state).
    fn forfeit(&mut self, loser: Player, reason: ForfeitReason) -> Result<(), ForfeitError> {
        crate::engine::end_by_forfeit(
            &mut self.phase,
            Phase::Over,
            &mut self.forfeit,
            loser,
            reason,
        )
    }

    fn at_turn_start(&self) -> bool {
        self.phase == Phase::Roll
    }

    fn awaits(&self) -> Option<Awaited> {
        match self.phase {
            Phase::Roll => Some(Awaited::Roll),
            Phase::Man => Some(Awaited::Man),
            Phase::Ball => Some(Awaited::Ball),
            Phase::Over => None,
        }
    }

    fn side(&self) -> u8 {
        self.pos.side()
    }

    fn first(&self) -> Player {
        self.start.turn()
    }

    fn last_move(&self) -> Option<LastMove> {
        let (player, moves) = match (self.man, self.history.last()) {
            (Some(Some(man)), _) => (self.pos.turn(), [Some(man), None]),
            (_, Some(r)) => (self.last_mover(), [r.man, r.ball]),
            _ => return None,
        };
        Some(LastMove {
            player,
            cells: moves_cells(self.size(), moves.into_iter().flatten()),
        })
    }

    /// The legal moves of the current phase, unsorted, into `out` (cleared first). Allocation-free.
    fn legal_moves_into(&self, out: &mut MoveList) {
        out.clear();
        let Some(dice) = self.dice else { return };
        match self.phase {
            Phase::Man => self.pos.man_moves(dice.distance, out),
            Phase::Ball => self.pos.ball_moves(dice.direction, out),
            _ => {}
        }
    }

    fn find_move(&self, text: &str) -> Result<Move, PlayError> {
        let written = parse_move(self.size(), text)?;
        let wrong = |phase| {
            Err(PlayError::WrongPhase(WrongPhase::Move {
                phase,
                written: true,
            }))
        };
        match (self.phase, written.kind) {
            (Phase::Over, _) => return Err(PlayError::GameOver),
            (Phase::Roll, _) => return wrong(TurnPhase::Roll),
            (Phase::Man, MoveKind::Ball) => return wrong(TurnPhase::Man),
            (Phase::Ball, MoveKind::Man) => return wrong(TurnPhase::Ball),
            _ => {}
        }
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list.iter()
            .find(|m| written.matches(m))
            .copied()
            .ok_or_else(|| PlayError::Illegal(Illegal::new(text)))
    }

    fn is_legal_move(&self, mv: Move) -> bool {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list.contains(&mv)
    }

    fn play(&mut self, text: &str) -> Result<Move, PlayError> {
        let mv = self.find_move(text)?;
        self.apply_legal(mv);
        Ok(mv)
    }

    fn play_move(&mut self, mv: Move) -> Result<(), PlayError> {
        let wrong = |phase| {
            PlayError::WrongPhase(WrongPhase::Move {
                phase,
                written: false,
            })
        };
        let step = match self.phase {
            Phase::Over => return Err(PlayError::GameOver),
            Phase::Roll => return Err(wrong(TurnPhase::Roll)),
            Phase::Man => TurnPhase::Man,
            Phase::Ball => TurnPhase::Ball,
        };
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        if !list.contains(&mv) {
            return Err(if list.first().is_some_and(|m| m.kind != mv.kind) {
                wrong(step)
            } else {
                PlayError::Illegal(Illegal::new(self.notation(mv)))
            });
        }
        self.apply_legal(mv);
        Ok(())
    }

    fn notation(&self, mv: Move) -> String {
        write_move(self.size(), mv)
    }

    fn describe(&self, mv: Move) -> MoveInfo {
        let g = self.pos.geometry();
        let path = self
            .path(mv)
            .into_iter()
            .map(|c| c.map_or_else(|| "off".to_string(), |c| g.name(c.0)))
            .collect();
        MoveInfo {
            notation: self.notation(mv),
            kind: match mv.kind {
                MoveKind::Man => MoveClass::Man,
                MoveKind::Ball => MoveClass::Ball,
            },
            from: Some(g.name(mv.from.0)),
            to: Some(match mv.to {
                Dest::Cell(c) => g.name(c.0),
                Dest::Off(_) => "off".to_string(),
            }),
            capture: mv.capture,
            path,
            goal: match mv.to {
                Dest::Off(goal) => Some(goal),
                Dest::Cell(_) => None,
            },
        }
    }

    fn play_described(&mut self, text: &str) -> Result<MoveInfo, PlayError> {
        let mv = self.find_move(text)?;
        let info = self.describe(mv);
        self.apply_legal(mv);
        Ok(info)
    }

    fn dests(&self, cell: &str) -> Result<Vec<String>, ParseError> {
        let g = self.pos.geometry();
        let from = g.cell(cell).map(Cell).ok_or_else(|| {
            ParseError::new(format!(
                "'{cell}' is not a cell of a side-{} board",
                self.side()
            ))
        })?;
        let mut out: Vec<String> = Vec::new();
        for mv in self.legal_moves().into_iter().filter(|m| m.from == from) {
            let to = match mv.to {
                Dest::Cell(c) => g.name(c.0),
                Dest::Off(_) => "off".to_string(),
            };
            if !out.contains(&to) {
                out.push(to);
            }
        }
        Ok(out)
    }

    /// The position string (without a ball once the game is over).
    fn position_string(&self) -> String {
        self.pos.to_position_string()
    }

    /// The completed turns in notation (`2/3 b3-d3 f6>h6`).
    fn history(&self) -> Vec<String> {
        self.history
            .iter()
            .map(|r| r.notation(self.size()))
            .collect()
    }

    fn to_state(&self, with_rng: bool) -> GameState {
        self.state_of(with_rng)
    }

    fn from_state(state: &GameState) -> Result<Game, ParseError> {
        Game::restore(state)
    }

    fn restart(&self) -> Game {
        Game::from_start(self.start, None)
    }

    fn history_len(&self) -> usize {
        self.history.len()
    }

    fn set_dice_seed(&mut self, seed: Option<&Seed>) {
        self.rng = seed.map(DiceRng::from_seed);
    }
}

/// What match play, its log and its view ask of a Jokerball game beyond the rules (the traits of
/// `matchplay` call these).
impl Game {
    /// The dice of the last completed turn and the ball's line for them at its end (the direction for
    /// its mover; blocked when its ball phase was passed); `None` before the first turn.
    pub fn last_dice(&self) -> Option<(Dice, BallLine)> {
        let r = self.history.last()?;
        let line = BallLine {
            direction: super::ball_direction(self.last_mover(), r.dice.direction),
            blocked: r.ball.is_none(),
        };
        Some((r.dice, line))
    }

    /// With the dice rolled (phases man and ball): the ball's line for the green die; `None` otherwise.
    pub fn ball_line(&self) -> Option<BallLine> {
        let dice = self.dice?;
        if !matches!(self.phase, Phase::Man | Phase::Ball) {
            return None;
        }
        Some(BallLine {
            direction: super::ball_direction(self.pos.turn(), dice.direction),
            blocked: !self.pos.has_ball_move(dice.direction),
        })
    }

    /// Whether `setup` can start a match (RULES 3.6): a game from the starting position
    /// (`invalid_option` otherwise).
    pub fn check_match_setup(setup: &Setup) -> Result<(), OptionError> {
        if setup.position.is_some() {
            return Err(OptionError::new(
                "a match's games start from the starting position, not from a position string",
            ));
        }
        Ok(())
    }

    /// The same starting men and rules, `first` to move, the dice generator carried on.
    pub fn next_game(&self, first: Player) -> Game {
        let mut start = self.start;
        start.set_turn(first);
        Game::from_start(start, self.rng.clone())
    }

    /// Whether the game began from a position string (its record then writes that string; a match's
    /// games never do).
    pub fn custom_start(&self) -> bool {
        self.start_rows().is_none()
    }

    /// The completed turn record at `index` (from 0), as [`Engine::history`] writes it.
    pub fn record_at(&self, index: usize) -> Option<String> {
        self.history.get(index).map(|r| r.notation(self.size()))
    }

    /// Plays a turn record (`2/3 b3-d3 f6>h6`) from phase roll; the dice generator is not touched.
    pub fn play_record(&mut self, record: &str) -> Result<(), PlayError> {
        self.play_turn_record(record, false)
    }
}

impl Game {
    /// The state of this game; `with_rng: false` leaves the dice generator out.
    fn state_of(&self, with_rng: bool) -> GameState {
        let game = self;
        let size = game.size();
        // A forfeit in the middle of a turn keeps its dice and man move (the board has the move).
        let turn = game.dice.map(|dice| TurnState {
            dice,
            man: game
                .turn_man_move()
                .map(|m| m.map_or_else(|| "-".to_string(), |m| write_move(size, m))),
        });
        GameState {
            format: 1,
            game: "jokerball".to_string(),
            rules: game.rules(),
            size: size.n(),
            start: game.start().to_position_string(),
            history: game.history(),
            turn,
            phase: game.phase(),
            position: game.position_string(),
            winner: game.winner(),
            forfeit: game.forfeit,
            rng: if with_rng {
                game.rng().map(DiceRng::state)
            } else {
                None
            },
            annotations: game.annotations().clone(),
        }
    }

    /// Restores a game from its state, refusing malformed or impossible states.
    fn restore(state: &GameState) -> Result<Game, ParseError> {
        GameKind::Jokerball.check_state(state.format, &state.game)?;
        let start = Position::from_position_string(state.rules, &state.start, Some(state.size))
            .map_err(|e| ParseError::new(format!("start: {e}")))?;
        let mut game = Game::from_start(start, None);
        for record in &state.history {
            game.play_turn_record(record, false)
                .map_err(|e| ParseError::new(format!("history: {e}")))?;
            if game.phase() == Phase::Over && game.records().len() < state.history.len() {
                return Err(ParseError::new("history goes on after the end of the game"));
            }
        }
        if let Some(turn) = &state.turn {
            game.set_dice(turn.dice.distance, turn.dice.direction)
                .map_err(|e| ParseError::new(format!("turn: {e}")))?;
            if let Some(man) = turn.man.as_deref() {
                if man != "-" {
                    game.play(man)
                        .map_err(|e| ParseError::new(format!("turn.man: {e}")))?;
                }
            }
        }
        if let Some(f) = state.forfeit {
            game.forfeit(f.winner.other(), f.how)
                .map_err(|_| ParseError::new("forfeit: the game was already over"))?;
        }
        game.set_annotations(state.annotations.clone())
            .map_err(|e| ParseError::new(crate::notation::cat(&["annotations: ", &e.message])))?;
        let check = game.to_state(false);
        let rng = match &state.rng {
            Some(s) => {
                Some(DiceRng::from_state(s).map_err(|e| ParseError::new(format!("rng: {e}")))?)
            }
            None => None,
        };
        let stored = GameState {
            rng: None,
            ..state.clone()
        };
        if check != stored {
            return Err(ParseError::new(
                "impossible state: the position, phase, turn, winner or forfeit disagree with the history",
            ));
        }
        game.set_rng(rng);
        Ok(game)
    }
}
