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
  Player,
  SteereError,
  SteereErrorCode,
  Zola,
  ZolaGameOptions,
  ZolaState,
} from './types.js';

/** Any state a game of this module keeps in G. */
export type SteereState = JokerballState | ZolaState | MatchState;

/** boardgame.io's G: the engine's `toJSON({ rng: false })`, plain JSON. */
export interface SteereG<S extends SteereState = SteereState> {
  state: S;
}

/** The two seats: '0' starts as Red, '1' as Blue (after a Zola swap, '0' holds Blue). */
export type SeatID = '0' | '1';

/** The moves of the games; `roll` only for Jokerball, the cube moves only for matches. */
export type MoveName = 'roll' | 'play' | 'double' | 'take' | 'drop' | 'resign' | 'nextGame';

/** What `whyIllegal` answers for a refused move. */
export type RefusalCode = SteereErrorCode | 'not_your_turn';

/** Options of `jokerballGame`. */
export interface JokerballGameConfig {
  rules?: JokerballRules;
  size?: 4 | 6;
  rows?: number;
  first?: Player;
  /** The game's name on the server (default 'jokerball'); two variants on one server need two names. */
  name?: string;
}

/** Options of `zolaGame`. */
export interface ZolaGameConfig {
  size?: 6 | 8 | 10;
  pie?: boolean;
  first?: Player;
  /** Default 'zola'. */
  name?: string;
}

/** Options of `matchGame`. */
export interface MatchGameConfig {
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
};

/** A boardgame.io (0.50) `Game` playing one variant of Jokerball, Zola or a match. */
export interface SteereGame<S extends SteereState = SteereState> {
  name: string;
  minPlayers: 2;
  maxPlayers: 2;
  disableUndo: true;
  setup(context: object, setupData?: unknown): SteereG<S>;
  /** No setupData is taken: the variant is fixed by the factory's options. */
  validateSetupData(setupData: unknown, numPlayers: number): string | undefined;
  moves: SteereMoves<S>;
  turn: {
    order: {
      first(context: SteereFlowContext<S>): number;
      next(context: SteereFlowContext<S>): number;
    };
    endIf(context: SteereFlowContext<S>): false | { next: string };
    activePlayers?: { all: string };
    stages?: { [stage: string]: object };
  };
  endIf(context: { G: SteereG<S> }): { winner: SeatID } | undefined;
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
/** A match as a boardgame.io game (moves `roll` for Jokerball, `play`, `double`, `take`, `drop`, `resign`, `nextGame`). */
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
export function whyIllegal(G: SteereG, playerID: string | null | undefined, name: string, ...args: unknown[]): RefusalCode | null;

/** Null when G is a legal state of `game`'s variant, otherwise the SteereError that refuses it. */
export function checkState(game: SteereGame, G: unknown): SteereError | null;
