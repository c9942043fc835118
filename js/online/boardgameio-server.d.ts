// Types of steere-games/boardgameio/server. A server has boardgame.io (an optional peer dependency of the
// package, needed by this module's users), so its types are boardgame.io's own; redis is described
// structurally (a site may give its own client).
import type { SteereG } from './boardgameio.js';
import type { StorageAPI, State, LogEntry, Server as ServerTypes } from 'boardgame.io';
import type { Server, SocketIO, GenericPubSub } from 'boardgame.io/server';

/** The pub/sub that boardgame.io's SocketIO transport takes, and what it publishes. */
export type TransportPubSub = NonNullable<NonNullable<ConstructorParameters<typeof SocketIO>[0]>['pubSub']>;
export type TransportPayload = Parameters<TransportPubSub['publish']>[1];

/** A boardgame.io storage (Server's `db`). */
export type Storage = StorageAPI.Async | StorageAPI.Sync;

/** The game objects of steere-games/boardgameio (jokerballGame, zolaGame, matchGame). */
export interface ServedGame {
  name: string;
  setup(...args: unknown[]): SteereG;
  endIf(context: { G: SteereG }): { winner: '0' | '1' } | undefined;
}

/**
 * What runs when a state that ends its match is written: in PostgreSQL inside the transaction of that
 * write (`client` its node-postgres connection; a throw undoes the write), otherwise right after it (`client` null).
 */
export type EndHook = (client: unknown, matchID: string, state: State) => Promise<unknown>;

export * from './lobby-server.js';

/** Matches in memory, in one process. */
export class MemoryStore implements StorageAPI.Async {
  constructor();
  type(): StorageAPI.Type;
  createMatch(matchID: string, opts: StorageAPI.CreateMatchOpts): Promise<void>;
  listMatches(opts?: StorageAPI.ListMatchesOpts): Promise<string[]>;
  connect(): Promise<void>;
  setState(matchID: string, state: State, deltalog?: LogEntry[]): Promise<void>;
  setMetadata(matchID: string, metadata: ServerTypes.MatchData): Promise<void>;
  fetch<O extends StorageAPI.FetchOpts>(matchID: string, opts: O): Promise<StorageAPI.FetchResult<O>>;
  wipe(matchID: string): Promise<void>;
}

export interface LogOption {
  /** Prints one line (default console.log). */
  log?: (line: string) => void;
}

/**
 * Wraps a storage for boardgame.io's `Server({ db })`: every state read is checked against its game (a
 * match whose stored state is not a legal game of its variant is refused, with one log line), a state is
 * written only over the state it was made from (compare-and-set on `_stateID`, atomic in PostgreSQL), a
 * metadata write is merged into the stored metadata (the seats' fields it changes; a recorded gameover is
 * kept), and `publishAfterWrite` holds updates until they are stored.
 */
export class CheckedStorage implements StorageAPI.Async {
  constructor(
    inner: Storage,
    games: ServedGame[],
    options?: LogOption & { connectTries?: number; onEnd?: EndHook | null },
  );
  type(): StorageAPI.Type;
  createMatch(matchID: string, opts: StorageAPI.CreateMatchOpts): Promise<void>;
  listMatches(opts?: StorageAPI.ListMatchesOpts): Promise<string[]>;
  readonly inner: Storage;
  /** Runs when a state that ends its match is written (PlayerLobby sets it to rate the match). */
  onEnd: EndHook | null;
  /**
   * Writes that lost to another process (conflicts), writes that failed (writeErrors), reads of the storage it wraps (a
   * move costs one).
   */
  readonly stats: { conflicts: number; writeErrors: number; reads: number };
  connect(): Promise<void>;
  /** Never rejects: a state that could not be stored (lost the race, or the storage failed) is logged. */
  setState(matchID: string, state: State, deltalog?: LogEntry[]): Promise<void>;
  setMetadata(matchID: string, metadata: ServerTypes.MatchData): Promise<void>;
  fetch<O extends StorageAPI.FetchOpts>(matchID: string, opts: O): Promise<StorageAPI.FetchResult<O>>;
  wipe(matchID: string): Promise<void>;
  /** Resolves once no operation has been in flight for a moment. */
  settle(): Promise<void>;
  /** The pub/sub to give boardgame.io: updates published once stored, delivered in order. */
  publishAfterWrite(inner: GenericPubSub<TransportPayload>): TransportPubSub;
}

/** A GenericPubSub within one process. */
export class LocalPubSub implements GenericPubSub<TransportPayload> {
  constructor();
  publish(channelId: string, payload: TransportPayload): void;
  subscribe(channelId: string, callback: (payload: TransportPayload) => void): void;
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
export class RedisPubSub implements GenericPubSub<TransportPayload> {
  constructor(options: ({ url: string } | { client: RedisClientLike }) & LogOption & { prefix?: string });
  connect(): Promise<void>;
  close(): Promise<void>;
  publish(channelId: string, payload: TransportPayload): void;
  subscribe(channelId: string, callback: (payload: TransportPayload) => void): void;
  unsubscribeAll(channelId: string): void;
  /** `fn` runs each time the subscription is back after Redis was away. */
  onReconnect(fn: () => void): void;
}

/** Where a ServerClocks keeps its deadlines: one per match, the latest replacing the earlier. */
export interface DeadlineScheduler {
  start(handler: (matchID: string) => Promise<void> | void): Promise<void> | void;
  schedule(matchID: string, deadline: number | null): void;
  close(): Promise<void>;
}

/** Deadlines as timers of this process (one process). */
export class TimerScheduler implements DeadlineScheduler {
  constructor();
  start(handler: (matchID: string) => Promise<void> | void): void;
  schedule(matchID: string, deadline: number | null): void;
  close(): Promise<void>;
}

/** Deadlines as BullMQ delayed jobs on Redis (any number of processes); needs the `bullmq` package. */
export class BullScheduler implements DeadlineScheduler {
  constructor(options: { url: string; queue?: string; concurrency?: number } & LogOption);
  start(handler: (matchID: string) => Promise<void> | void): Promise<void>;
  schedule(matchID: string, deadline: number | null): void;
  close(): Promise<void>;
}

/**
 * Which process holds each seat's connection (in Redis): the seats of a process that died (its key not
 * renewed within `ttlMs`, default 6000) are recorded as not connected by a live process, unless another
 * live process holds them too. Uses the `redis` package.
 */
export class SeatLeases {
  constructor(options: { url: string; ttlMs?: number; prefix?: string } & LogOption);
  start(
    onDead: (matchID: string, seat: '0' | '1') => Promise<void>,
    onBack?: (matchID: string, seat: '0' | '1') => Promise<void>,
  ): Promise<void>;
  close(): Promise<void>;
}

/**
 * What the server does by itself: a timed game lost at its deadline, a clock started once both seats are
 * taken, a casual game's seats' absence recorded (for claimWin); each written by compare-and-set and
 * published through the gate like a move.
 */
export class ServerClocks {
  constructor(
    options: {
      storage: CheckedStorage;
      pubSub: TransportPubSub;
      games: ServedGame[];
      scheduler?: DeadlineScheduler;
      /** On several processes: the seats of a process that dies recorded as not connected. */
      leases?: SeatLeases | null;
      now?: () => number;
    } & LogOption,
  );
  start(): Promise<void>;
  close(): Promise<void>;
  /**
   * Records a seat as connected or not (its connection's process died, or held it all along), as boardgame.io would
   * have.
   */
  connection(matchID: string, seat: '0' | '1', connected: boolean): Promise<void>;
  /** Applies a timeout or the seats' presence to a match's stored state; true when a new state was stored. */
  act(matchID: string, what: 'timeout' | 'presence'): Promise<boolean>;
  readonly stats: { timeouts: number; presence: number; late: number[] };
}

/** Installs the socket guard on the namespaces of `games` of a server made by boardgame.io's Server(). */
export function guardSockets(
  server: ReturnType<typeof Server>,
  games: ServedGame[],
  storage: Storage,
  options?: LogOption,
): void;
