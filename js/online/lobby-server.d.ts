// Types of the lobby of steere-games/boardgameio/server (js/online/lobby-server.js): players, open seats, quick
// pairing and ratings. Re-exported by boardgameio-server.d.ts.
import type { State } from 'boardgame.io';
import type { Server } from 'boardgame.io/server';
import type { CheckedStorage, ServedGame, LogOption } from './boardgameio-server.js';

/**
 * A player's rating in one game: rating (starts at 1500), experience (the sum of the rated matches' lengths), matches.
 */
export interface LobbyRating {
  rating: number;
  experience: number;
  matches: number;
}
/** GET /players/<playerID>. */
export interface LobbyPlayer {
  playerID: string;
  name: string;
  ratings: { jokerball?: LobbyRating; zola?: LobbyRating };
}
/** One open seat of GET /seeks. */
export interface Seek {
  matchID: string;
  gameName: string;
  setupData: unknown;
  player: { playerID: string; name: string; rating: number };
  /** Server ms timestamp. */
  createdAt: number;
}
/** A page of GET /seeks: `next` is the cursor of the next page (`after=`), or null. */
export interface SeekPage {
  seeks: Seek[];
  next: string | null;
}
/** POST /pair: the seat taken (`playerID` is the seat, '0' or '1', as in boardgame.io's join). */
export interface PairedSeat {
  matchID: string;
  playerID: '0' | '1';
  credentials: string;
}
/** A rated result, as the lobby records it. */
export interface RatedResult {
  matchID: string;
  game: 'jokerball' | 'zola';
  length: number;
  reason: string | null;
  chance: number;
  winner: { playerID: string; before: LobbyRating; after: LobbyRating };
  loser: { playerID: string; before: LobbyRating; after: LobbyRating };
}
/** The request a site's `authenticate` reads (Node's http.IncomingMessage). */
export interface LobbyRequest {
  readonly headers: { readonly [name: string]: string | string[] | undefined };
  readonly method?: string;
  readonly url?: string;
}
/** The player a site's own accounts recognise in a request: an id, or an id and a name (1 to 24 characters). */
export type SitePlayer = string | { playerID: string; name?: string };
/** A limit per client address: `points` requests every `duration` seconds; null: no limit. */
export interface RateLimit {
  points: number;
  duration: number;
}

/** A refusal of a lobby request: its HTTP status, a stable code, a message in English. */
export class LobbyError extends Error {
  constructor(status: number, code: string, message: string);
  readonly status: number;
  readonly code: string;
}

/** Where a lobby keeps its players, ratings, seeks, seats and results. */
export interface LobbyStore {
  connect(): Promise<void>;
  close(): Promise<void>;
  /** The end of a match written: rated once when both seats are the lobby's players (null otherwise). */
  onEnd(client: unknown, matchID: string, state: State): Promise<RatedResult | null>;
}
/** In this process's memory (one process). */
export class MemoryLobbyStore implements LobbyStore {
  constructor();
  connect(): Promise<void>;
  close(): Promise<void>;
  onEnd(client: unknown, matchID: string, state: State): Promise<RatedResult | null>;
  /** The rated result of a match, or null. */
  result(matchID: string): Promise<RatedResult | null>;
}
/** In PostgreSQL (tables lobby_players, lobby_ratings, lobby_seeks, lobby_seats, lobby_results, made on connect). */
export class PostgresLobbyStore implements LobbyStore {
  /** `url`: a pool of its own (npm `pg`); or `pool`: a node-postgres Pool. */
  constructor(options: { url?: string; pool?: unknown; max?: number });
  connect(): Promise<void>;
  close(): Promise<void>;
  onEnd(client: unknown, matchID: string, state: State): Promise<RatedResult | null>;
}

export interface PlayerLobbyOptions extends LogOption {
  games: ServedGame[];
  /** The server's storage: its match ends are rated (it gets `onEnd`). */
  storage: CheckedStorage;
  /** Default: a MemoryLobbyStore. */
  store?: LobbyStore;
  /**
   * A site's own accounts: the player of a request, or null/undefined for none. Tokens and POST /players are then off.
   */
  authenticate?:
    | ((request: LobbyRequest) => SitePlayer | null | undefined | Promise<SitePlayer | null | undefined>)
    | null;
  /** Per client address (default players 10 and pair 60 a minute); null: none. */
  rateLimits?: { players?: RateLimit | null; pair?: RateLimit | null } | null;
  /** A Redis URL: the rate limits are counted there, for every process (npm `redis`). */
  redis?: string | null;
}

/**
 * Players with tokens, open seats, quick pairing and ratings on a boardgame.io server: POST /players, GET
 * /players/<id>, GET /seeks, POST /pair, DELETE /seeks/<matchID>, and boardgame.io's join with a token.
 */
export class PlayerLobby {
  constructor(options: PlayerLobbyOptions);
  /** Connects the store and adds the endpoints to the server (before `server.run()`). */
  install(server: ReturnType<typeof Server>): Promise<this>;
  close(): Promise<void>;
  /** Pairs a player (as POST /pair does). */
  pair(player: { id: string; name: string }, gameName: string, setupData?: unknown): Promise<PairedSeat>;
  /** A page of open seats of a game (as GET /seeks does). */
  seeks(gameName: string, after?: string): Promise<SeekPage>;
  readonly stats: { paired: number; opened: number; rated: number };
}

/** A player's name checked: 1 to 24 characters once trimmed, no control characters; the trimmed name. */
export function checkName(name: unknown): string;
/** The pairing pool of a game name and setupData. */
export function poolOf(gameName: string, setupData?: unknown): string;
