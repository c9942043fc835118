// steere-games/board: the custom elements <steere-board> and <steere-game>, WorkerBot, and OTHER.
import type {
  Jokerball,
  Zola,
  Match,
  SteereError,
  Player,
  JokerballMove,
  ZolaMove,
  JokerballPlayed,
  JokerballState,
  ZolaState,
  MatchState,
  MatchPhase,
  JokerballPhase,
  ZolaPhase,
  GameResult,
  CubeAction,
  BotLevel,
  Evaluation,
  Hint,
  Review,
  RolloutOptions,
  RolloutResult,
  Clock,
} from './steere_games.js';

/** What `<steere-game>`'s `online` takes: the server's clock, the seats' absences, the claim and the end. */
export interface SteereOnline {
  seat: '0' | '1' | null;
  clock?: Clock | null;
  serverOffsetMs?: number;
  away?: { '0': number | null; '1': number | null };
  claimAt?: number | null;
  canClaim?: boolean;
  over?: boolean;
  winner?: '0' | '1' | null;
  reason?: 'time' | 'abandoned' | 'goal' | 'captured-all' | 'drop' | 'resign' | null;
}

/** The languages the elements speak: English, Spanish, Russian. */
export type SteereLanguage = 'en' | 'es' | 'ru';

/** Any object a board can show or a game element can play. */
export type Playable = Jokerball | Zola | Match;
/** A move as the board's events carry it (Jokerball moves also say which phases were skipped after them). */
export type BoardMove = JokerballMove | JokerballPlayed | ZolaMove;

/** `steere-move`: a person's move about to be played; `preventDefault()` leaves the object untouched. */
export interface SteereMoveDetail {
  move: JokerballMove | ZolaMove;
  player: Player;
}
/** `steere-played` of a board: a person's move was played. */
export interface SteerePlayedDetail {
  move: BoardMove;
  player: Player;
  position: string | null;
  phase: JokerballPhase | ZolaPhase | MatchPhase | null;
}
/** `steere-error`: what went wrong; nothing throws in the page. */
export interface SteereErrorDetail {
  error: SteereError;
}
/** `steere-played` of a game element: a move, or a roll or cube action, by anyone. */
export type SteereGamePlayedDetail =
  | { player: Player; move: BoardMove; phase: JokerballPhase | ZolaPhase | MatchPhase | null }
  | {
      player: Player;
      action: 'roll' | 'double' | 'take' | 'drop' | 'resign' | 'swap';
      dice?: { distance: number; direction: number };
      phase: JokerballPhase | ZolaPhase | MatchPhase | null;
    };
/**
 * `steere-action` of a game element: a person's roll, cube action, resignation (`player`: the one who
 * resigns) or next game, about to be applied; `preventDefault()` leaves the object untouched (a page
 * bound to a server sends it there instead).
 */
export interface SteereActionDetail {
  player: Player;
  action: 'roll' | 'double' | 'take' | 'drop' | 'resign' | 'nextGame' | 'claimWin';
  phase: JokerballPhase | ZolaPhase | MatchPhase | null;
}
/** `steere-gameover`: a game ended (in a lone game, `results` holds that one game). */
export interface SteereGameOverDetail {
  winner: Player;
  results: GameResult[];
  matchOver: boolean;
  phase: JokerballPhase | ZolaPhase | MatchPhase | null;
}

export interface SteereBoardEventMap extends HTMLElementEventMap {
  'steere-move': CustomEvent<SteereMoveDetail>;
  'steere-played': CustomEvent<SteerePlayedDetail>;
  'steere-error': CustomEvent<SteereErrorDetail>;
}

export interface SteereGameEventMap extends HTMLElementEventMap {
  'steere-move': CustomEvent<SteereMoveDetail>;
  'steere-action': CustomEvent<SteereActionDetail>;
  'steere-played': CustomEvent<SteereGamePlayedDetail>;
  'steere-gameover': CustomEvent<SteereGameOverDetail>;
  'steere-error': CustomEvent<SteereErrorDetail>;
}

/**
 * What both elements are (the package's own base class, not exported): an HTMLElement whose listeners know
 * its events `M`, each called with the element `T` as `this`.
 */
declare class SteereElement<M, T> extends HTMLElement {
  addEventListener<K extends keyof M>(
    type: K,
    listener: (this: T, ev: M[K]) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof M>(
    type: K,
    listener: (this: T, ev: M[K]) => void,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

/** `<steere-board>`: a Jokerball or Zola board in SVG, for a bound object or a position string. */
export class SteereBoard extends SteereElement<SteereBoardEventMap, SteereBoard> {
  /** The object shown, or null (then `position` is shown). */
  game: Playable | null;
  /** A position string to show when no game is bound (attribute `position`). */
  position: string | null;
  /** Whose home row is at the bottom (attribute `orientation`, default 'red'). */
  orientation: 'red' | 'blue';
  /** Cell names drawn in the cells, or not (attribute `coordinates`, default 'inside'). */
  coordinates: 'inside' | 'hidden';
  /** Milliseconds per move (attribute `animation`, default 250; 0 or prefers-reduced-motion: none). */
  animation: number;
  /**
   * The language asked for (attribute `lang`, a language tag matched by its primary subtag: 'es-419' is
   * Spanish); when empty, the nearest ancestor's `lang`, else the browser's languages, else English. A
   * language without a catalogue is English. Changing it redraws the labels at once.
   */
  lang: SteereLanguage | (string & {});
  /** The language the board speaks now, as resolved from `lang`. */
  readonly language: SteereLanguage;
  /** Settles when the moves being drawn have finished moving. */
  readonly animationDone: Promise<void>;
  /** Redraws after the bound object was changed from outside. */
  refresh(): void;
  /**
   * Draws these cells (names) as a hint (part fill `--steere-hint`, outline `--steere-hint-line`) until the position
   * changes; null: none.
   */
  set hint(cells: string[] | null);
  /**
   * Draws these cells (names) as the last move (part `last`, fill `--steere-last`) until the position
   * changes, in place of the engine's last move: a move shown on the position it was chosen in; null: none.
   */
  set played(cells: string[] | null);
  /** Plays a move on the bound object, animated; returns and throws as the object's `play` does. */
  play(move: string | { notation: string }): BoardMove;
}

/**
 * `<steere-game>`: a whole game or match with its buttons, score, log and the computer opponent, or bound
 * to a game played elsewhere (`opponent="remote"`: the page gives it each new `state` and sends the
 * person's actions, told by the cancelable `steere-move` and `steere-action`). While the attribute
 * `disabled` is present no person's action is taken (buttons off, no targets). While the attribute
 * `no-help` is present and the game is on, no hint is drawn and `help` is false.
 */
export class SteereGame extends SteereElement<SteereGameEventMap, SteereGame> {
  /**
   * The object played: a Match when `length` is given, else a lone Jokerball or Zola (null before start); set it to
   * play a given object.
   */
  game: Playable | null;
  /**
   * The played object's toJSON(); set it to restore a game or match. With `opponent="remote"`, each state
   * set after the first goes on from the one shown: the element draws it and fires `steere-gameover` when
   * it ends a game.
   */
  state: JokerballState | ZolaState | MatchState | null;
  /**
   * The side a person plays here now (attribute `human`; a Zola swap exchanges it); null with two people at
   * one screen, or watching a remote game (`human="none"`).
   */
  readonly humanSide: Player | null;
  /** Draws these cells of the board as a hint until the position changes; null: none (see SteereBoard's hint). */
  set hint(cells: string[] | null);
  /**
   * A review of the game or match played (what `Bot.review` or `WorkerBot.review` gave for it), shown in the
   * log: each marked turn's line says the mark, the move played's chance and the best move with its chance,
   * and is a tab stop. null removes it. Refused with `steere-error` (`invalid_option`), the one shown kept,
   * when a move entry is not the log's record of that game and number. Cleared by `start()`, by a new
   * `game` or `state` (a take-back), not by the next state of a remote game; lines played after it have no
   * entry.
   */
  review: Review | null;
  /**
   * What the server of a remote game says besides its state (the view of OnlineGame of
   * `steere-games/boardgameio/client` fits): both clocks are drawn from `clock` at the server's now
   * (`Date.now() + serverOffsetMs`) by `clockLeft`, the running one counting down; Claim the win is shown
   * while `seat` may claim (`canClaim`, or from `claimAt` on), with how long the other seat has been `away`;
   * `over` with `winner` (a seat) and `reason` ends the game shown (on time, by abandonment) though its
   * state goes on. null: none.
   */
  online: SteereOnline | null;
  /** Whether computer help may be shown now: false while a game with the attribute `no-help` is on. */
  readonly help: boolean;
  /**
   * The language asked for (attribute `lang`, a language tag matched by its primary subtag: 'es-419' is
   * Spanish); when empty, the nearest ancestor's `lang`, else the browser's languages, else English. A
   * language without a catalogue is English. Changing it redraws every word at once, the game goes on.
   */
  lang: SteereLanguage | (string & {});
  /** The language the element speaks now, as resolved from `lang`. */
  readonly language: SteereLanguage;
  /** A new game or match from the attributes; settles once it is on the board. */
  start(): Promise<void>;
}

/** Options of `new WorkerBot(...)`. */
export interface WorkerBotOptions {
  level?: BotLevel;
  seed?: number | string;
}

/**
 * The computer opponent in a Web Worker (worker.js of this package); it thinks on the page's thread where no worker
 * starts.
 */
export class WorkerBot {
  constructor(options?: WorkerBotOptions);
  level: BotLevel;
  seed: number | string | undefined;
  /** A legal move of the current phase. */
  chooseMove(gameOrMatch: Playable): Promise<string>;
  /** What the bot does with the cube now, as `Bot.cubeAction`. */
  cubeAction(match: Match): Promise<CubeAction>;
  /** Each player's chances, as `Bot.evaluate`. */
  evaluate(gameOrMatch: Playable): Promise<Evaluation>;
  /** Every choice now ranked, as `Bot.hint`. */
  hint(gameOrMatch: Playable): Promise<Hint[]>;
  /**
   * The review, as `Bot.review`; `onProgress(done, total)` is called as the workers report progress. A
   * lone Jokerball game is spread over `min(navigator.hardwareConcurrency, 4)` workers (docs/api.md).
   */
  review(gameOrMatch: Playable, options?: { onProgress?: (done: number, total: number) => void }): Promise<Review>;
  /**
   * A rollout, as `Bot.rollout` (the same numbers), spread over `min(navigator.hardwareConcurrency, 4)`
   * workers; `onProgress` sums theirs; `signal` cancels it (rejected with `wrong_phase`, as `terminate()`).
   * Options that are not an object are rejected with `invalid_option`, as `Bot.rollout` throws.
   */
  rollout(gameOrMatch: Jokerball | Match, options?: RolloutOptions & { signal?: AbortSignal }): Promise<RolloutResult>;
  /** Stops the worker (and the helpers of a review or rollout); answers still awaited are refused. */
  terminate(): void;
  /** For a single-file build: start workers from this source (worker.js bundled), posting them the wasm bytes. */
  static inline(code: string, wasm: BufferSource): void;
}

/** The other player of each: red's is blue, blue's is red. */
export const OTHER: { readonly red: 'blue'; readonly blue: 'red' };

declare global {
  interface HTMLElementTagNameMap {
    'steere-board': SteereBoard;
    'steere-game': SteereGame;
  }
}
