// Types of steere-games/boardgameio/server. boardgame.io and redis are optional peer dependencies, so
// the shapes they take part in are described structurally here.
import type { SteereG } from './boardgameio.js';

/** The game objects of steere-games/boardgameio (jokerballGame, zolaGame, matchGame). */
export interface ServedGame {
  name: string;
  setup(...args: unknown[]): SteereG;
  endIf(context: { G: SteereG }): { winner: '0' | '1' } | undefined;
}

/** What boardgame.io's storage keeps of a match (its State, as plain JSON). */
export interface StoredState {
  G: unknown;
  ctx: { numPlayers: number; currentPlayer: string; gameover?: unknown; [key: string]: unknown };
  _stateID: number;
  [key: string]: unknown;
}

/** The fetch options and result of boardgame.io's storage API. */
export interface FetchOpts {
  state?: boolean;
  metadata?: boolean;
  log?: boolean;
  initialState?: boolean;
}
export interface FetchResult {
  state?: StoredState;
  metadata?: MatchMetadata;
  log?: unknown[];
  initialState?: StoredState;
}
export interface MatchMetadata {
  gameName: string;
  players: Record<string, { id: number; name?: string; credentials?: string; isConnected?: boolean }>;
  gameover?: unknown;
  createdAt: number;
  updatedAt: number;
  [key: string]: unknown;
}

/** Any asynchronous boardgame.io 0.50 storage: MemoryStore, FlatFile, bgio-postgres' PostgresStore... */
export interface Storage {
  connect(): Promise<void> | void;
  createMatch(matchID: string, opts: { initialState: StoredState; metadata: MatchMetadata }): Promise<void>;
  setState(matchID: string, state: StoredState, deltalog?: unknown[]): Promise<void>;
  setMetadata(matchID: string, metadata: MatchMetadata): Promise<void>;
  fetch(matchID: string, opts: FetchOpts): Promise<FetchResult>;
  wipe(matchID: string): Promise<void>;
  listMatches(opts?: unknown): Promise<string[]>;
}

/** boardgame.io 0.50's GenericPubSub (the `pubSub` of `new SocketIO({ pubSub })`). */
export interface GenericPubSub<T = unknown> {
  publish(channelId: string, payload: T): void;
  subscribe(channelId: string, callback: (payload: T) => void): void;
  unsubscribeAll(channelId: string): void;
}

/** Matches in memory, in one process. */
export class MemoryStore implements Storage {
  constructor();
  type(): 1;
  connect(): Promise<void>;
  createMatch(matchID: string, opts: { initialState: StoredState; metadata: MatchMetadata }): Promise<void>;
  setState(matchID: string, state: StoredState, deltalog?: unknown[]): Promise<void>;
  setMetadata(matchID: string, metadata: MatchMetadata): Promise<void>;
  fetch(matchID: string, opts: FetchOpts): Promise<FetchResult>;
  wipe(matchID: string): Promise<void>;
  listMatches(opts?: unknown): Promise<string[]>;
}

export interface LogOption {
  /** Prints one line (default console.log). */
  log?: (line: string) => void;
}

/**
 * Wraps a storage for boardgame.io's `Server({ db })`: every state read is checked against its game (a
 * match whose stored state is not a legal game of its variant is refused, with one log line), a state is
 * written only over the state it was made from (compare-and-set on `_stateID`, atomic in PostgreSQL), and
 * `publishAfterWrite` holds updates until they are stored.
 */
export class CheckedStorage implements Storage {
  constructor(inner: Storage, games: ServedGame[], options?: LogOption & { connectTries?: number });
  readonly inner: Storage;
  /** Writes that lost to another process (conflicts) and writes that failed (writeErrors). */
  readonly stats: { conflicts: number; writeErrors: number };
  type(): 1;
  connect(): Promise<void>;
  createMatch(matchID: string, opts: { initialState: StoredState; metadata: MatchMetadata }): Promise<void>;
  /** Never rejects: resolves to true when stored, false when not (logged). */
  setState(matchID: string, state: StoredState, deltalog?: unknown[]): Promise<boolean>;
  setMetadata(matchID: string, metadata: MatchMetadata): Promise<void>;
  fetch(matchID: string, opts: FetchOpts): Promise<FetchResult>;
  wipe(matchID: string): Promise<void>;
  listMatches(opts?: unknown): Promise<string[]>;
  /** Resolves once no operation has been in flight for a moment. */
  settle(): Promise<void>;
  /** The pub/sub to give boardgame.io: updates published once stored, delivered in order. */
  publishAfterWrite<T>(inner: GenericPubSub<T> | RedisPubSub): GenericPubSub<T>;
}

/** A GenericPubSub within one process. */
export class LocalPubSub implements GenericPubSub {
  constructor();
  publish(channelId: string, payload: unknown): void;
  subscribe(channelId: string, callback: (payload: unknown) => void): void;
  unsubscribeAll(channelId: string): void;
}

/** A client of the `redis` npm package (4 or later), not yet connected. */
export interface RedisClientLike {
  connect(): Promise<unknown>;
  duplicate(): RedisClientLike;
  publish(channel: string, message: string): Promise<number>;
  pSubscribe(pattern: string, listener: (message: string, channel: string) => void): Promise<void>;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  quit(): Promise<unknown>;
  readonly isOpen: boolean;
}

/** A GenericPubSub over Redis, for several processes serving the same matches. */
export class RedisPubSub implements GenericPubSub {
  constructor(options: ({ url: string } | { client: RedisClientLike }) & LogOption & { prefix?: string });
  connect(): Promise<void>;
  close(): Promise<void>;
  publish(channelId: string, payload: unknown): void;
  subscribe(channelId: string, callback: (payload: unknown) => void): void;
  unsubscribeAll(channelId: string): void;
  /** `fn` runs each time the subscription is back after Redis was away. */
  onReconnect(fn: () => void): void;
}

/** A boardgame.io server: the object `Server()` returns (or its Koa app). */
export interface ServerLike {
  app?: { _io?: unknown };
  _io?: unknown;
}

/** Installs the socket guard on the namespaces of `games`. */
export function guardSockets(server: ServerLike, games: ServedGame[], storage: Storage, options?: LogOption): void;
