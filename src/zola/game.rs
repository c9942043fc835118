//! A game of Zola: setup, moves with automatic passes, the pie rule and the end (RULES 2.1-2.3).
use super::board::{Size, Square};
use super::moves::{Move, MoveList};
use super::notation::{move_cells, parse_move, write_move};
use super::position::Position;
use super::setup::Setup;
use super::state::{GameState, Phase};
use crate::engine::{
    Awaited, BoardWin, Engine, Forfeit, ForfeitReason, GameKind, LastMove, MoveClass, MoveInfo,
};
use crate::error::{
    ForfeitError, Illegal, NotLegal, OptionError, ParseError, PlayError, ReplayError, SetupError,
};
use crate::player::Player;

/// A game of Zola in progress or finished: the start, the current position, the history and the result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    size: Size,
    pie: bool,
    /// `true` when the game started from the setup (only then `swap` can be legal).
    from_setup: bool,
    start: Position,
    position: Position,
    history: Vec<Move>,
    phase: Phase,
    /// The winner on the board (who captured every enemy checker).
    winner: Option<Player>,
    swapped: bool,
    annotations: crate::annotation::Annotations,
    /// The forfeit that ended the game off the board, if any.
    forfeit: Option<Forfeit>,
}

impl Game {
    fn begin(start: Position, pie: bool, from_setup: bool) -> Game {
        let mut game = Game {
            size: start.size(),
            pie,
            from_setup,
            start,
            position: start,
            history: Vec::new(),
            phase: Phase::Move,
            winner: None,
            swapped: false,
            annotations: crate::annotation::Annotations::new(),
            forfeit: None,
        };
        game.pass_if_stuck();
        game
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Whether the pie rule was asked for.
    pub fn pie(&self) -> bool {
        self.pie
    }

    /// Whether the game started from the setup (not from a position string).
    pub fn from_setup(&self) -> bool {
        self.from_setup
    }

    /// The position the game started from (before any automatic pass).
    pub fn start(&self) -> &Position {
        &self.start
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

    /// Whether the players exchanged colours with `swap` (see the module docs).
    pub fn swapped(&self) -> bool {
        self.swapped
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Every checker as `(square, colour)`, in position-string order (rank `n` first, file `a` first).
    pub fn board(&self) -> Vec<(Square, Player)> {
        let n = self.size.n();
        let mut out = Vec::with_capacity(self.size.cells());
        for y in (0..n).rev() {
            for x in 0..n {
                let s = Square(y * n + x);
                if let Some(p) = self.position.at(s) {
                    out.push((s, p));
                }
            }
        }
        out
    }

    /// The records so far: moves, `Swap`, and `Pass` for each automatic pass.
    pub fn records(&self) -> &[Move] {
        &self.history
    }

    /// Whether `swap` is legal now: pie on, a game from the setup, exactly one move played so far.
    pub fn can_swap(&self) -> bool {
        self.pie
            && self.from_setup
            && self.phase == Phase::Move
            && !self.swapped
            && self.history.len() == 1
            && matches!(
                self.history.first(),
                Some(Move::Step { .. } | Move::Capture { .. })
            )
    }

    /// The error of a move that is not legal now; a swap says why it is not (RULES 2.2).
    fn illegal(&self, mv: Move) -> PlayError {
        let why = match mv {
            Move::Swap if !self.pie => NotLegal::NoPieRule,
            Move::Swap if !self.from_setup => NotLegal::FromPosition,
            Move::Swap if self.swapped => NotLegal::Swapped,
            Move::Swap if self.history.is_empty() => NotLegal::SecondPlayerOnly,
            Move::Swap => NotLegal::SwapPassed,
            _ => NotLegal::NotNow,
        };
        PlayError::Illegal(Illegal {
            notation: write_move(self.size, mv),
            why,
        })
    }

    /// Plays a move known to be legal now (from [`Game::legal_moves_into`]) without checking it: for bots
    /// and simulations. An illegal move here leaves the game in an unspecified but memory-safe state.
    pub fn apply_unchecked(&mut self, mv: Move) {
        let mover = self.position.turn();
        self.history.push(mv);
        if mv == Move::Swap {
            self.swapped = true;
            return;
        }
        self.position.apply(mv);
        if self.position.count(mover.other()) == 0 {
            self.phase = Phase::Over;
            self.winner = Some(mover);
            self.position.set_turn(mover);
            return;
        }
        self.pass_if_stuck();
    }

    fn pass_if_stuck(&mut self) {
        if !self.position.has_move() {
            self.history.push(Move::Pass);
            self.position.apply(Move::Pass);
        }
    }
}

impl Engine for Game {
    const KIND: GameKind = GameKind::Zola;
    const WIN: BoardWin = BoardWin::CapturedAll;
    type Setup = Setup;
    type Move = Move;
    type Phase = Phase;
    type State = GameState;
    type List = MoveList;

    /// A new game from the setup (RULES 2.1) or its position string. A size other than 6, 8 or 10 is an
    /// `invalid_option`; a bad string, or one for another size than `size`, a `parse_error`.
    fn new(setup: &Setup) -> Result<Game, SetupError> {
        let start = Position::start(setup)?;
        Ok(Game::begin(start, setup.pie, setup.position.is_none()))
    }

    /// Plays moves (`-` for passes). A `-` must stand where the game recorded an automatic pass; an
    /// omitted `-` is tolerated, since passes are automatic.
    fn replay_onto<S: AsRef<str>>(mut self, history: &[S]) -> Result<Game, ReplayError> {
        let mut matched = 0;
        for (index, text) in history.iter().enumerate() {
            let fail = |error| ReplayError::Record { index, error };
            let mv = parse_move(self.size, text.as_ref()).map_err(|e| fail(PlayError::Parse(e)))?;
            if mv == Move::Pass && self.history.get(matched) == Some(&Move::Pass) {
                matched += 1;
                continue;
            }
            self.play_move(mv).map_err(fail)?;
            matched = self.history.len();
            if self.history.last() == Some(&Move::Pass) {
                matched -= 1;
            }
        }
        Ok(self)
    }

    /// The colour to move; after a win on the board, the colour that moved last (the winner); after
    /// a forfeit, the colour that was to move.
    fn turn(&self) -> Player {
        self.position.turn()
    }

    fn phase(&self) -> Phase {
        self.phase
    }

    /// The colour that captured every enemy checker, or won by a forfeit, once the game is over.
    fn winner(&self) -> Option<Player> {
        self.winner.or(self.forfeit.map(|f| f.winner))
    }

    fn forfeited(&self) -> Option<Forfeit> {
        self.forfeit
    }

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
        self.phase == Phase::Move
    }

    fn awaits(&self) -> Option<Awaited> {
        (self.phase == Phase::Move).then_some(Awaited::Move)
    }

    fn side(&self) -> u8 {
        self.size.n()
    }

    fn first(&self) -> Player {
        self.start.turn()
    }

    fn last_move(&self) -> Option<LastMove> {
        let last = *self.history.last()?;
        // The mover of the last record: the colour to move now after `swap` and after a win on the
        // board (the winner), else the other one.
        let player = if last == Move::Swap || self.winner.is_some() {
            self.position.turn()
        } else {
            self.position.turn().other()
        };
        let cells = move_cells(self.size, last);
        Some(LastMove { player, cells })
    }

    /// Fills `list` (cleared first) with the legal moves now in generation order (board moves, then
    /// `swap`), allocation-free; reusing one list avoids initialising a new one per call (bots,
    /// simulations).
    fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        if self.phase == Phase::Move {
            self.position.moves(list);
            if self.can_swap() {
                list.push(Move::Swap);
            }
        }
    }

    /// Checks in order: notation (`parse_error`), game over, legality.
    fn find_move(&self, text: &str) -> Result<Move, PlayError> {
        let mv = parse_move(self.size, text)?;
        if self.phase == Phase::Over {
            return Err(PlayError::GameOver);
        }
        if !self.is_legal_move(mv) {
            return Err(self.illegal(mv));
        }
        Ok(mv)
    }

    fn is_legal_move(&self, mv: Move) -> bool {
        self.phase == Phase::Move
            && match mv {
                Move::Swap => self.can_swap(),
                Move::Pass => false,
                _ => self.position.is_legal_move(mv),
            }
    }

    fn play(&mut self, text: &str) -> Result<Move, PlayError> {
        let mv = self.find_move(text)?;
        self.apply_unchecked(mv);
        Ok(mv)
    }

    /// Plays a move (game over, then legality, are checked); on error the game is unchanged.
    fn play_move(&mut self, mv: Move) -> Result<(), PlayError> {
        if self.phase == Phase::Over {
            return Err(PlayError::GameOver);
        }
        if !self.is_legal_move(mv) {
            return Err(self.illegal(mv));
        }
        self.apply_unchecked(mv);
        Ok(())
    }

    fn notation(&self, mv: Move) -> String {
        write_move(self.size, mv)
    }

    fn describe(&self, mv: Move) -> MoveInfo {
        MoveInfo {
            notation: self.notation(mv),
            kind: if mv == Move::Swap {
                MoveClass::Swap
            } else {
                MoveClass::Move
            },
            from: mv.from().map(|s| s.name(self.size)),
            to: mv.to().map(|s| s.name(self.size)),
            capture: mv.is_capture(),
            path: Vec::new(),
            goal: None,
        }
    }

    fn play_described(&mut self, text: &str) -> Result<MoveInfo, PlayError> {
        let mv = self.find_move(text)?;
        let info = self.describe(mv);
        self.apply_unchecked(mv);
        Ok(info)
    }

    fn dests(&self, cell: &str) -> Result<Vec<String>, ParseError> {
        let from = Square::parse(self.size, cell).ok_or_else(|| {
            ParseError::new(format!(
                "'{cell}' is not a square of a {n}x{n} board",
                n = self.size.n()
            ))
        })?;
        Ok(self
            .legal_moves()
            .into_iter()
            .filter(|m| m.from() == Some(from))
            .filter_map(|m| m.to().map(|s| s.name(self.size)))
            .collect())
    }

    fn position_string(&self) -> String {
        self.position.to_position_string()
    }

    /// The records in notation (`c3-d4`, `c3xf6`, `swap`, `-`).
    fn history(&self) -> Vec<String> {
        self.history
            .iter()
            .map(|&m| write_move(self.size, m))
            .collect()
    }

    /// The whole game as plain data (Zola has no dice: `with_rng` changes nothing).
    fn to_state(&self, _with_rng: bool) -> GameState {
        self.state_of()
    }

    fn from_state(state: &GameState) -> Result<Game, ParseError> {
        Game::restore(state)
    }

    fn restart(&self) -> Game {
        Game::begin(self.start, self.pie, self.from_setup)
    }

    fn history_len(&self) -> usize {
        self.history.len()
    }
}

/// What match play, its log and its records ask of a Zola game beyond the rules (the traits of
/// `matchplay` call these).
impl Game {
    /// After `swap` the same colour moves again (the players exchanged colours, RULES 2.2).
    pub fn mover_after(record: &str, mover: Player) -> Player {
        if record == "swap" {
            mover
        } else {
            mover.other()
        }
    }

    /// Whether `setup` can start a match (RULES 3.6): a game from the full board, without the pie rule
    /// (`invalid_option` otherwise).
    pub fn check_match_setup(setup: &Setup) -> Result<(), OptionError> {
        if setup.pie {
            return Err(OptionError::new(
                "the pie rule is not available in a match (it would exchange the players' colours)",
            ));
        }
        if setup.position.is_some() {
            return Err(OptionError::new(
                "a match's games start from the full board, not from a position string",
            ));
        }
        Ok(())
    }

    /// The full board of the same size, `first` to move; a match has no pie rule (RULES 3.6).
    pub fn next_game(&self, first: Player) -> Game {
        Game::begin(Position::full(self.size, first), false, true)
    }

    /// Whether the game began from a position string (its record then writes that string; a match's
    /// games never do).
    pub fn custom_start(&self) -> bool {
        !self.from_setup
    }

    /// The completed record at `index` (from 0), as [`Engine::history`] writes it.
    pub fn record_at(&self, index: usize) -> Option<String> {
        self.history.get(index).map(|&m| write_move(self.size, m))
    }

    /// Plays a move or `swap`; a pass (`-`) is never played: the game makes it when the side to move
    /// has no legal move.
    pub fn play_record(&mut self, record: &str) -> Result<(), PlayError> {
        let mv = parse_move(self.size, record)?;
        if mv == Move::Pass {
            return Err(PlayError::Illegal(Illegal {
                notation: write_move(self.size, mv),
                why: NotLegal::PassNotForced,
            }));
        }
        self.play_move(mv)
    }
}

impl Game {
    /// The whole game as plain data.
    fn state_of(&self) -> GameState {
        let game = self;
        GameState {
            format: 1,
            game: "zola".to_owned(),
            size: game.size().n(),
            pie: game.pie(),
            first: game.start().turn(),
            start: (!game.from_setup()).then(|| game.start().to_position_string()),
            history: game.history(),
            position: game.position_string(),
            turn: game.turn(),
            phase: game.phase(),
            swapped: game.swapped(),
            winner: game.winner(),
            forfeit: game.forfeit,
            annotations: game.annotations().clone(),
        }
    }

    /// Restores the game: replays the history from the start and refuses (`parse_error`) any state
    /// whose stored fields disagree with the replay.
    fn restore(state: &GameState) -> Result<Game, ParseError> {
        GameKind::Zola.check_state(state.format, &state.game)?;
        let setup = Setup {
            size: Some(state.size),
            pie: state.pie,
            first: state.first,
            position: state.start.clone(),
        };
        let begin = match &state.start {
            None => Game::new(&setup).map_err(|e| ParseError::new(format!("bad state: {e}")))?,
            Some(_) => {
                let g = Game::new(&setup)
                    .map_err(|e| ParseError::new(format!("bad start position: {e}")))?;
                if g.start().turn() != state.first {
                    return Err(ParseError::new(
                        "bad state: first disagrees with the start position",
                    ));
                }
                g
            }
        };
        let mut game = begin
            .replay_onto(&state.history)
            .map_err(|e| ParseError::new(format!("bad state history: {e}")))?;
        if let Some(f) = state.forfeit {
            game.forfeit(f.winner.other(), f.how)
                .map_err(|_| ParseError::new("bad state: a forfeit of a game already over"))?;
        }
        game.set_annotations(state.annotations.clone())
            .map_err(|e| ParseError::new(crate::notation::cat(&["annotations: ", &e.message])))?;
        let mine = game.state_of();
        if mine.history != state.history {
            return Err(ParseError::new(
                "bad state: the history does not replay to itself",
            ));
        }
        if mine != *state {
            return Err(ParseError::new(
                "bad state: stored fields disagree with the replayed history",
            ));
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{Coded, ErrorCode};

    #[test]
    fn start_counts() {
        for (n, count) in [(6, 36), (8, 64), (10, 100)] {
            let g = Game::new(&Setup {
                size: Some(n),
                ..Setup::default()
            })
            .unwrap();
            assert_eq!(g.legal_moves().len(), count, "size {n}");
        }
        assert!(Game::new(&Setup {
            size: Some(7),
            ..Setup::default()
        })
        .is_err());
    }

    #[test]
    fn check_order() {
        let mut g = Game::new(&Setup {
            position: Some("r5/6/6/6/6/5b r".into()),
            ..Setup::default()
        })
        .unwrap();
        assert_eq!(g.play("a6-a5").unwrap_err().code(), ErrorCode::IllegalMove);
        assert_eq!(g.play("zz").unwrap_err().code(), ErrorCode::ParseError);
        assert_eq!(
            g.play("a6xf1"),
            Ok(Move::Capture {
                from: Square(30),
                to: Square(5)
            })
        );
        assert_eq!(g.winner(), Some(Player::Red));
        assert_eq!(g.play("zz").unwrap_err().code(), ErrorCode::ParseError);
        assert_eq!(g.play("f1-e2").unwrap_err().code(), ErrorCode::GameOver);
    }

    #[test]
    fn round_trip_and_refusal() {
        let mut g = Game::new(&Setup {
            pie: true,
            ..Setup::default()
        })
        .unwrap();
        g.play("c3-b2").unwrap_err();
        let mut list = MoveList::new();
        g.legal_moves_into(&mut list);
        let first = list[0];
        g.play_move(first).unwrap();
        g.play("swap").unwrap();
        let st = g.to_state(false);
        assert_eq!(Game::from_state(&st), Ok(g.clone()));
        let mut bad = st.clone();
        bad.swapped = false;
        assert!(Game::from_state(&bad).is_err());
        let mut bad = st.clone();
        bad.turn = bad.turn.other();
        assert!(Game::from_state(&bad).is_err());
        let mut bad = st;
        bad.history.pop();
        assert!(Game::from_state(&bad).is_err());
    }
}
