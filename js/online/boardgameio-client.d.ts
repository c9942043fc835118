// Types of steere-games/boardgameio/client. boardgame.io's Client and SocketIO are passed in; their shapes
// here are the parts this module uses.
import type { Clock, Jokerball, Match, Zola, Player, TimeControlOptions } from './steere_games.js';
import type { EndReason, RefusalCode, SeatID, SteereG, SteereGame, SteereState } from './boardgameio.js';

/** The part of a boardgame.io client state that OnlineGame reads. */
export interface ClientState {
  G: SteereG;
  isConnected: boolean;
}

/** The part of a boardgame.io client that OnlineGame uses. */
export interface BoardgameClient {
  start(): void;
  stop(): void;
  subscribe(fn: () => void): () => void;
  getState(): ClientState | null;
  moves: { [name: string]: (...args: unknown[]) => void };
  matchData?: unknown;
}

/**
 * boardgame.io's `Client` and `SocketIO` (from 'boardgame.io/client' and 'boardgame.io/multiplayer'); `T` is
 * the transport factory that SocketIO makes and Client takes.
 */
export interface BoardgameLibrary<T = unknown> {
  Client(options: {
    game: SteereGame;
    multiplayer: T;
    matchID: string;
    playerID?: string;
    credentials?: string;
    numPlayers: number;
    debug: false;
  }): BoardgameClient;
  SocketIO(options: { server: string }): T;
}

export interface OnlineGameOptions<S extends SteereState = SteereState, T = unknown> extends BoardgameLibrary<T> {
  game: SteereGame<S>;
  /** The server's URL, e.g. location.origin. */
  server: string;
  matchID: string;
  /** '0' or '1'; null (the default) watches without a seat. */
  playerID?: SeatID | null;
  credentials?: string;
}

/** Why OnlineGame did not send a move. */
export type OnlineRefusalCode = RefusalCode | 'not_connected';

export interface Refusal {
  move: string;
  args: unknown[];
  code: OnlineRefusalCode;
}

/** A seat as the lobby lists it. */
export interface LobbyPlayer {
  id: number;
  name?: string;
  isConnected?: boolean;
}

/** What a page draws. */
export interface OnlineView {
  /** The first state has arrived. */
  synced: boolean;
  connected: boolean;
  G: SteereG | null;
  /** The engine's JSON state (G.state). */
  state: SteereState | null;
  seat: SeatID | null;
  /** The colour the seat holds now (after a Zola swap, seat '0' holds Blue). */
  colour: Player | null;
  /** The seat to act (to move, or to answer a double); null when either may act or the game is over. */
  toAct: SeatID | null;
  myTurn: boolean;
  /** The game (or the match) is over. */
  over: boolean;
  winner: SeatID | null;
  /** How the game or match ended, null while it is on. */
  reason: EndReason | null;
  players: LobbyPlayer[];
  refused: Refusal | null;
  /** G.clock in a timed game, else null. */
  clock: Clock | null;
  /** The server's time is Date.now() + serverOffsetMs (estimated from the server's timestamps; 0 before any). */
  serverOffsetMs: number;
  /** Since when each seat has had no connection (server ms), or null. */
  away: { 0: number | null; 1: number | null };
  /** The server time from which this seat may claim the win (claimWin), or null when no claim can come now. */
  claimAt: number | null;
  /** A claim would be accepted now (by the server's time as estimated). */
  canClaim: boolean;
}

export class OnlineGame<S extends SteereState = SteereState, T = unknown> {
  constructor(options: OnlineGameOptions<S, T>);
  readonly playerID: SeatID | null;
  readonly matchID: string;
  readonly client: BoardgameClient;
  /** The last move this object did not send, or null (cleared by the next move sent). */
  readonly refused: Refusal | null;
  readonly G: SteereG<S> | null;
  start(): this;
  stop(): void;
  subscribe(fn: (view: OnlineView) => void): () => void;
  view(): OnlineView;
  /** A new engine object of the current state (free() it when done), or null before the first update. */
  engine(): Jokerball | Zola | Match | null;
  /** Sends the move and returns null when it is legal now; otherwise sends nothing and returns why. */
  move(name: string, ...args: unknown[]): OnlineRefusalCode | null;
  roll(): OnlineRefusalCode | null;
  play(move: string | { notation: string }): OnlineRefusalCode | null;
  double(): OnlineRefusalCode | null;
  take(): OnlineRefusalCode | null;
  drop(): OnlineRefusalCode | null;
  resign(): OnlineRefusalCode | null;
  nextGame(): OnlineRefusalCode | null;
  /** Claims the win against a player away `abandonMs` (casual games); 'not_abandoned' before. */
  claimWin(): OnlineRefusalCode | null;
  /** The server's time now, as estimated here. */
  serverNow(): number;
}

/** A seat held by this browser. */
export interface Seat {
  playerID: SeatID;
  credentials: string;
}

/** The part of the Web Storage API that Lobby uses. */
export interface SeatStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface LobbyOptions {
  server: string;
  gameName: string;
  storage?: SeatStorage | null;
  fetch?: typeof globalThis.fetch;
  /** A player's token of the reference server's lobby, sent as `Authorization: Bearer <token>`. */
  token?: string | null;
}

/** The lobby's view of a match. */
export interface LobbyMatch {
  matchID: string;
  gameName: string;
  players: LobbyPlayer[];
  gameover?: { winner: SeatID };
  createdAt: number;
  updatedAt: number;
  unlisted?: boolean;
}

export class Lobby {
  constructor(options: LobbyOptions);
  readonly server: string;
  readonly gameName: string;
  seat(matchID: string): Seat | null;
  /** `clock`: the match's time control, null for casual, absent for the game's own. */
  create(options?: { unlisted?: boolean; clock?: TimeControlOptions | null }): Promise<string>;
  match(matchID: string): Promise<LobbyMatch>;
  join(matchID: string, options?: { playerName?: string; playerID?: SeatID }): Promise<Seat>;
  rejoin(matchID: string, options?: { playerName?: string; playerID?: SeatID }): Promise<Seat>;
  createAndJoin(options?: {
    playerName?: string;
    clock?: TimeControlOptions | null;
  }): Promise<Seat & { matchID: string }>;
  /** The reference server's quick pairing (POST /pair, needs `token`): the seat taken, kept. */
  pair(options?: { clock?: TimeControlOptions | null }): Promise<Seat & { matchID: string }>;
  /** Cancels the player's open seat of a match (DELETE /seeks/<matchID>, needs `token`). */
  cancel(matchID: string): Promise<{ matchID: string; cancelled: true }>;
}

/** The link that opens a match: `base` (default the page's address) with ?match=ID. */
export function matchLink(matchID: string, base?: string): string;
