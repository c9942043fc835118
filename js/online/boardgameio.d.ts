// Types of steere-games/boardgameio. They describe the games structurally (boardgame.io is an optional
// peer dependency, so nothing here imports it); a game is assignable to boardgame.io 0.50's `Game`.
import type {
  GameKind,
  Jokerball,
  JokerballGameOptions,
  JokerballRules,
  JokerballState,
  Match,
  MatchState,
  Clock,
  Player,
  SteereError,
  SteereErrorCode,
  TimeControlOptions,
  Zola,
  ZolaGameOptions,
  ZolaState,
} from './types.js';

/** Any state a game of this module keeps in G. */
export type SteereState = JokerballState | ZolaState | MatchState;

/** Since when each seat has had no connection (server ms; null: connected or not taken), in casual games. */
export interface SeatsAway {
  /** How long the player to act may be away before the other may claim the win. */
  afterMs: number;
  0: number | null;
  1: number | null;
}

/**
 * boardgame.io's G: the engine's `toJSON({ rng: false })`, plain JSON; `clock` in timed games, `away` in casual ones.
 */
export interface SteereG<S extends SteereState = SteereState> {
  state: S;
  clock?: Clock;
  away?: SeatsAway;
}

/** How a game or match ended (`ctx.gameover.reason`). */
export type EndReason = 'goal' | 'captured-all' | 'drop' | 'resign' | 'time' | 'abandoned';

/** boardgame.io's `ctx.gameover` of these games. */
export interface SteereGameover {
  winner: SeatID;
  reason: EndReason;
}

/** The time options every factory takes (API "Clocks and abandoned games"). */
export interface TimeConfig {
  /** The time control of every match (default none: casual); a lobby's setupData `{ clock }` chooses another. */
  clock?: TimeControlOptions | null;
  /** In casual games, how long the player to act may be away before the other may claim the win (default 120000). */
  abandonMs?: number;
}

/** The two seats: '0' starts as Red, '1' as Blue (after a Zola swap, '0' holds Blue). */
export type SeatID = '0' | '1';

/** The moves of the games; `roll` only for Jokerball, the cube moves only for matches. */
export type MoveName = 'roll' | 'play' | 'double' | 'take' | 'drop' | 'resign' | 'nextGame' | 'claimWin';

/** What `whyIllegal` answers for a refused move. */
export type RefusalCode = SteereErrorCode | 'not_your_turn' | 'not_abandoned';

/** Options of `jokerballGame`. */
export interface JokerballGameConfig extends TimeConfig {
  rules?: JokerballRules;
  size?: 4 | 6;
  rows?: number;
  first?: Player;
  /** The game's name on the server (default 'jokerball'); two variants on one server need two names. */
  name?: string;
}

/** Options of `zolaGame`. */
export interface ZolaGameConfig extends TimeConfig {
  size?: 6 | 8 | 10;
  pie?: boolean;
  first?: Player;
  /** Default 'zola'. */
  name?: string;
}

/** Options of `matchGame`. */
export interface MatchGameConfig extends TimeConfig {
  game?: GameKind;
  length: number;
  cube?: boolean;
  first?: Player;
  jokerball?: JokerballGameOptions;
  zola?: ZolaGameOptions;
  /** Default 'jokerball-match' or 'zola-match'. */
  name?: string;
}

/** The part of boardgame.io's move context that the moves read. */
export interface SteereMoveContext<S extends SteereState> {
  G: SteereG<S>;
  playerID: string;
  random: { Die(spotvalue?: number): number };
}

/** The part of boardgame.io's ctx that the turn order reads. */
export interface SteereFlowContext<S extends SteereState> {
  G: SteereG<S>;
  ctx: { currentPlayer: string; playOrder: string[] };
}

/** A move in boardgame.io's long form. */
export interface SteereMove<S extends SteereState> {
  move(context: SteereMoveContext<S>, ...args: unknown[]): SteereG<S> | 'INVALID_MOVE';
  /** Every move runs on the server only (the dice are drawn there). */
  client: false;
  undoable: false;
}

/** The moves of a game. */
export type SteereMoves<S extends SteereState> = {
  roll?: SteereMove<S>;
  play: SteereMove<S>;
  double?: SteereMove<S>;
  take?: SteereMove<S>;
  drop?: SteereMove<S>;
  resign?: SteereMove<S>;
  nextGame?: SteereMove<S>;
  /** The seat not to act claims the win of a casual game whose player to act has been away `abandonMs`. */
  claimWin: SteereMove<S>;
};

/** A boardgame.io (0.50) `Game` playing one variant of Jokerball, Zola or a match. */
export interface SteereGame<S extends SteereState = SteereState> {
  name: string;
  minPlayers: 2;
  maxPlayers: 2;
  disableUndo: true;
  setup(context: object, setupData?: unknown): SteereG<S>;
  /** setupData is `{ clock: TimeControlOptions | null }` or nothing: the variant is fixed by the factory's options. */
  validateSetupData(setupData: unknown, numPlayers: number): string | undefined;
  moves: SteereMoves<S>;
  turn: {
    order: {
      first(context: SteereFlowContext<S>): number;
      next(context: SteereFlowContext<S>): number;
    };
    endIf(context: SteereFlowContext<S>): false | { next: string };
    activePlayers: { all: string };
    stages: { [stage: string]: object };
  };
  endIf(context: { G: SteereG<S> }): SteereGameover | undefined;
  events: {
    endGame: false;
    endPhase: false;
    endTurn: false;
    setPhase: false;
    endStage: false;
    setStage: false;
    pass: false;
    setActivePlayers: false;
  };
}

/** Jokerball as a boardgame.io game (moves `roll`, `play`). */
export function jokerballGame(options?: JokerballGameConfig): SteereGame<JokerballState>;
/** Zola as a boardgame.io game (move `play`, `'swap'` with the pie rule). */
export function zolaGame(options?: ZolaGameConfig): SteereGame<ZolaState>;
/**
 * A match as a boardgame.io game (moves `roll` for Jokerball, `play`, `double`, `take`, `drop`, `resign`, `nextGame`).
 */
export function matchGame(options: MatchGameConfig): SteereGame<MatchState>;

/** The engine object of G, a new object (free() it when done); throws a SteereError `parse_error` for a bad G. */
export function engineOf(G: SteereG<JokerballState>): Jokerball;
export function engineOf(G: SteereG<ZolaState>): Zola;
export function engineOf(G: SteereG<MatchState>): Match;
export function engineOf(G: SteereG): Jokerball | Zola | Match;

/**
 * The code a move would be refused with (a SteereError code, or 'not_your_turn' for a player not to act),
 * or null when it is legal now. Never throws.
 */
export function whyIllegal(
  G: SteereG,
  playerID: string | null | undefined,
  name: string,
  ...args: unknown[]
): RefusalCode | null;

/**
 * Null when G is a legal state of `game`'s variant (its clock and away included), otherwise the SteereError that
 * refuses it.
 */
export function checkState(game: SteereGame, G: unknown): SteereError | null;

/** The server time from which `playerID` may claim the win in G, or null when no claim can come in this state. */
export function claimableAt(G: SteereG, playerID: string | null | undefined): number | null;

/**
 * G after the player to act ran out of time at `nowMs` (lost on time, the clock stopped), or null. Throws
 * `invalid_option` for a game not of this module.
 */
export function timeOut<S extends SteereState>(game: SteereGame<S>, G: SteereG<S>, nowMs: number): SteereG<S> | null;

/** What the server sees of a seat: taken in the lobby, a connection open. */
export interface SeatPresence {
  taken: boolean;
  connected: boolean;
}

/**
 * G after the server saw the seats at `nowMs` (a casual game's `away`; a timed game's clock started once both
 * seats are taken), or null when nothing changes. Throws `invalid_option` for a game not of this module.
 */
export function presence<S extends SteereState>(
  game: SteereGame<S>,
  G: SteereG<S>,
  seats: { 0: SeatPresence; 1: SeatPresence },
  nowMs: number,
): SteereG<S> | null;

/** The server time at which the running player's time is out in G, or null. */
export function deadlineOf(G: SteereG | null | undefined): number | null;
