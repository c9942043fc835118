// steere-games/boardgameio/server: what a boardgame.io (0.50.2) server of these games needs beyond
// boardgame.io itself, on one process or on several (docs/online.md "A site's own server").
//
// - CheckedStorage wraps any boardgame.io storage (MemoryStore, FlatFile, bgio-postgres' PostgresStore):
//   every state it reads is checked against its game, and a state is written only over the state it was
//   made from (a compare-and-set on _stateID; atomic in PostgreSQL), so that two processes applying a
//   move to one match at once store one of them, never both.
// - storage.publishAfterWrite(pubSub) holds each update that boardgame.io publishes (it publishes before
//   it writes) until the write that stores it succeeded, and drops it when the write failed: a client
//   never sees a state that is not stored. Each process delivers a match's updates in order, never an
//   older one after a newer one, and a stored state it reads that its clients were not sent (the process
//   that stored it died before publishing it) is sent to them.
// - guardSockets(server, games, storage): a move's seat must be the one its credentials were checked
//   for; only moves are taken; a sync for a match that does not exist is dropped; a move made on an old
//   state is answered with the stored state (boardgame.io drops it without a word).
// - ServerClocks does what the server does by itself: a timed game lost at its clock's deadline (a timer in
//   one process, BullMQ jobs on the cluster's Redis with several), the clock started once both seats are
//   taken, and in casual games since when each seat has had no connection (for claimWin); each written
//   through the same compare-and-set as a move and published through the same gate.
// - RedisPubSub carries the updates between processes (boardgame.io's GenericPubSub over the `redis`
//   client); LocalPubSub is the one-process equivalent.
// Nothing here imports boardgame.io; `redis` is imported when a RedisPubSub connects without a client.
import { AsyncLocalStorage } from 'node:async_hooks';
import { checkState, timeOut, presence, deadlineOf } from './boardgameio.js';
export { PlayerLobby, MemoryLobbyStore, PostgresLobbyStore, LobbyError, checkName, poolOf } from './lobby-server.js';

// ---------------------------------------------------------------------------------------------------
// Storage.

/** Matches in memory (boardgame.io's own InMemory is not exported by boardgame.io/server). */
export class MemoryStore {
  constructor() {
    this.state = new Map();
    this.initial = new Map();
    this.metadata = new Map();
    this.log = new Map();
  }
  type() {
    return 1; // boardgame.io's Type.ASYNC
  }
  async connect() {}
  async createMatch(id, { initialState, metadata }) {
    this.initial.set(id, initialState);
    this.state.set(id, initialState);
    this.metadata.set(id, metadata);
  }
  async setState(id, state, deltalog) {
    if (deltalog && deltalog.length > 0) this.log.set(id, [...(this.log.get(id) || []), ...deltalog]);
    this.state.set(id, state);
  }
  async setMetadata(id, metadata) {
    this.metadata.set(id, metadata);
  }
  async fetch(id, opts) {
    const r = {};
    if (opts.state) r.state = this.state.get(id);
    if (opts.metadata) r.metadata = this.metadata.get(id);
    if (opts.log) r.log = this.log.get(id) || [];
    if (opts.initialState) r.initialState = this.initial.get(id);
    return r;
  }
  async wipe(id) {
    for (const m of [this.state, this.initial, this.metadata, this.log]) m.delete(id);
  }
  async listMatches(opts) {
    return [...this.metadata.entries()].filter(([, m]) => listed(m, opts)).map(([id]) => id);
  }
}

function listed(m, opts) {
  if (!opts) return true;
  if (opts.gameName !== undefined && m.gameName !== opts.gameName) return false;
  const w = opts.where;
  if (w) {
    if (w.isGameover !== undefined && (m.gameover !== undefined) !== w.isGameover) return false;
    if (w.updatedBefore !== undefined && m.updatedAt >= w.updatedBefore) return false;
    if (w.updatedAfter !== undefined && m.updatedAt <= w.updatedAfter) return false;
  }
  return true;
}

const CHANNEL = 'MATCH-'; // boardgame.io's pub/sub channel of a match is CHANNEL + matchID
const firstLine = (e) => String(e?.message || e).split('\n')[0];

// Runs the functions given for one key one after another (the writes of one match in this process).
class KeyedQueue {
  constructor() {
    this.tails = new Map();
  }
  run(key, fn) {
    const prev = this.tails.get(key) || Promise.resolve();
    const next = prev.then(fn, fn);
    const tail = next.then(
      () => {},
      () => {},
    );
    this.tails.set(key, tail);
    tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }
}

// A statement of a move's path (its read, its compare-and-set) on a connection of bgio-postgres' own pool,
// straight through node-postgres: sequelize's query layer (its formatting, its result building, its
// retries) cost more CPU per move than the statement itself. Resolves to the rows.
async function rawQuery(store, text, values) {
  const pool = store.sequelize.connectionManager;
  const connection = await pool.getConnection({ type: 'SELECT' });
  try {
    return (await connection.query(text, values)).rows;
  } finally {
    pool.releaseConnection(connection);
  }
}

// A compare-and-set of a match's state in bgio-postgres' table: written only while the stored state is
// the one the new state was made from. Resolves to true when written. A state that ends its match writes
// the match's recorded end (the metadata's gameover) in the same statement: the end recorded is always the
// stored state's, never that of a state that lost its race. The move's log entries go, in the same
// statement, to a table of their own (LOG_TABLE), one row per state: appended to the "log" column of
// bgio-postgres' table, the whole log was read, parsed and written again at every move (a move of a
// 300-move game cost PostgreSQL 0.95 ms of CPU that way against 0.35 ms: benches/pg-log.mjs). A match's
// log is that column (what was stored there before) followed by its rows (postgresFetch).
// (Bound parameters: the state's JSON goes to PostgreSQL as it is, not escaped into the statement's text.)
const LOG_TABLE =
  'CREATE TABLE IF NOT EXISTS "GameLogs" ("id" VARCHAR(255) NOT NULL, "stateID" INTEGER NOT NULL, ' +
  '"entries" JSON NOT NULL, PRIMARY KEY ("id", "stateID"))';
const CAS_STATE =
  'WITH "moved" AS (UPDATE "Games" SET "state" = CAST($1 AS json), "updatedAt" = NOW(), ' +
  '"gameover" = COALESCE(CAST($5 AS json), "gameover") ' +
  'WHERE "id" = $3 AND CAST("state"->>\'_stateID\' AS integer) = $4 RETURNING "id"), ' +
  '"logged" AS (INSERT INTO "GameLogs" ("id", "stateID", "entries") ' +
  'SELECT "id", $4 + 1, CAST($2 AS json) FROM "moved" WHERE $6) ' +
  'SELECT "id" FROM "moved"';
const casValues = (id, state, deltalog, prevID) => [
  JSON.stringify(state),
  JSON.stringify(deltalog || []),
  id,
  prevID,
  state.ctx?.gameover === undefined ? null : JSON.stringify(state.ctx.gameover),
  Array.isArray(deltalog) && deltalog.length > 0,
];
async function postgresSetStateIf(store, id, state, deltalog, prevID) {
  const rows = await rawQuery(store, CAS_STATE, casValues(id, state, deltalog, prevID));
  return rows.length === 1;
}

// The same compare-and-set for a state that ends its match, in one transaction with `onEnd(client, id,
// state)` (the lobby's ratings), run on the same connection once the state is written: the end and what it
// changes elsewhere are stored together or not at all.
async function postgresSetEndIf(store, id, state, deltalog, prevID, onEnd) {
  const pool = store.sequelize.connectionManager;
  const connection = await pool.getConnection({ type: 'SELECT' });
  try {
    await connection.query('BEGIN');
    const { rows } = await connection.query(CAS_STATE, casValues(id, state, deltalog, prevID));
    if (rows.length === 1) await onEnd(connection, id, state);
    await connection.query(rows.length === 1 ? 'COMMIT' : 'ROLLBACK');
    return rows.length === 1;
  } catch (e) {
    await connection.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    pool.releaseConnection(connection);
  }
}

// bgio-postgres' fetch, reading only the columns asked for: its own reads every column, the match's whole
// log included (which grows with every move), for each move's read of the state.
async function postgresFetch(store, id, opts) {
  const columns = [
    '"gameName"',
    '"players"',
    '"setupData"',
    '"gameover"',
    '"nextRoomID"',
    '"unlisted"',
    '"createdAt"',
    '"updatedAt"',
  ];
  const wanted = [
    ...(opts.metadata ? columns : []),
    ...(opts.state ? ['"state"'] : []),
    ...(opts.initialState ? ['"initialState"'] : []),
    ...(opts.log
      ? [
          '"log"',
          '(SELECT json_agg("entries" ORDER BY "stateID") FROM "GameLogs" WHERE "GameLogs"."id" = "Games"."id") AS "moreLog"',
        ]
      : []),
  ];
  const result = {};
  if (wanted.length === 0) return result;
  const rows = await rawQuery(store, `SELECT ${wanted.join(', ')} FROM "Games" WHERE "id" = $1`, [id]);
  if (rows.length === 0) return result;
  const m = rows[0];
  if (opts.metadata) {
    result.metadata = {
      gameName: m.gameName,
      players: m.players || [],
      setupData: m.setupData,
      gameover: m.gameover,
      nextMatchID: m.nextRoomID,
      unlisted: m.unlisted,
      createdAt: new Date(m.createdAt).getTime(),
      updatedAt: new Date(m.updatedAt).getTime(),
    };
  }
  if (opts.initialState) result.initialState = m.initialState;
  if (opts.state) result.state = m.state;
  if (opts.log) result.log = [...(m.log || []), ...(m.moreLog || []).flat()];
  return result;
}

// boardgame.io writes a match's whole metadata from a copy it read earlier (the lobby's join, leave and
// rename, a connection's flag, a move's updatedAt and gameover), so that two writes at once lose one's
// change. The metadata written is therefore merged into the stored one: `base` is the players' JSON as
// they were read (boardgame.io changes the players object it was given), and only the fields of a seat
// that this write changes are written; a field that another write changed meanwhile to another value is a
// conflict when it is a seat's name or credentials (two joins of one seat: the later one fails). The
// gameover stays the stored one: only a stored state that ends the match writes it.
function merged(id, stored, next, base) {
  if (!stored) return next;
  const out = { ...next };
  // The recorded end is the stored state's (CheckedStorage.setState writes it), never a metadata's.
  if (stored.gameover === undefined) delete out.gameover;
  else out.gameover = stored.gameover;
  if (base === undefined || !next.players || typeof next.players !== 'object') return out;
  const was = JSON.parse(base);
  const players = JSON.parse(JSON.stringify(stored.players || {}));
  const same = (x, y) => JSON.stringify(x) === JSON.stringify(y);
  for (const seat of new Set([...Object.keys(was), ...Object.keys(next.players)])) {
    const before = was[seat] || {};
    const after = next.players[seat];
    if (same(before, after)) continue;
    if (after === undefined) {
      delete players[seat];
      continue;
    }
    if (!players[seat]) players[seat] = {};
    const target = players[seat];
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (same(before[key], after[key])) continue;
      if (
        (key === 'name' || key === 'credentials') &&
        !same(target[key], before[key]) &&
        !same(target[key], after[key])
      ) {
        throw new Error(`match ${id}: seat ${seat} was changed meanwhile (${key})`);
      }
      if (after[key] === undefined) delete target[key];
      else target[key] = after[key];
    }
  }
  out.players = players;
  return out;
}

// The same in PostgreSQL, in one transaction that locks the match's row. Resolves to false when the match
// has no row yet.
async function postgresSetMetadata(store, id, next, base) {
  const q = store.sequelize;
  const json = (v) => (v === undefined ? null : JSON.stringify(v));
  const fields = (m) => ({
    id,
    gameName: m.gameName ?? null,
    setupData: json(m.setupData),
    nextMatchID: m.nextMatchID ?? null,
    unlisted: m.unlisted ?? null,
    updatedAt: new Date(m.updatedAt || Date.now()),
  });
  if (base !== undefined && JSON.stringify(next.players) === base) {
    // The players as they were read (a move's updatedAt): one statement, the players and the end untouched.
    const rows = await q.query(
      'UPDATE "Games" SET "gameName" = :gameName, "setupData" = CAST(:setupData AS json), ' +
        '"nextRoomID" = :nextMatchID, "unlisted" = :unlisted, ' +
        '"updatedAt" = :updatedAt WHERE "id" = :id RETURNING "id"',
      { replacements: fields(next), type: 'SELECT' },
    );
    return rows.length === 1;
  }
  return q.transaction(async (transaction) => {
    const rows = await q.query('SELECT "players" FROM "Games" WHERE "id" = :id FOR UPDATE', {
      replacements: { id },
      type: 'SELECT',
      transaction,
    });
    if (rows.length === 0) return false;
    const m = merged(id, { players: rows[0].players }, next, base);
    await q.query(
      'UPDATE "Games" SET "gameName" = :gameName, "players" = CAST(:players AS json), "setupData" = CAST(:setupData AS json), ' +
        '"nextRoomID" = :nextMatchID, "unlisted" = :unlisted, "updatedAt" = :updatedAt WHERE "id" = :id',
      { replacements: { ...fields(m), players: json(m.players) }, transaction },
    );
    return true;
  });
}
// A metadata's fields but its players, updatedAt and gameover (never written from a metadata), as JSON.
function restOf(m) {
  const { players, updatedAt, gameover, ...rest } = m;
  return JSON.stringify(rest);
}
const isPostgresStore = (s) =>
  Boolean(s?.sequelize && typeof s.sequelize.getDialect === 'function' && s.sequelize.getDialect() === 'postgres');

/**
 * Wraps a boardgame.io storage: states are checked when read, written by compare-and-set, and updates are
 * published only once stored (publishAfterWrite). Options: log (a line printer), connectTries.
 */
export class CheckedStorage {
  constructor(inner, games, { log = (line) => console.log(line), connectTries = 10, onEnd = null } = {}) {
    if (!inner || typeof inner.fetch !== 'function')
      throw new TypeError('CheckedStorage: the first argument is a boardgame.io storage');
    this.inner = inner;
    // onEnd(client, matchID, state): runs when a state that ends its match is written (PostgreSQL: in its
    // transaction, `client` its connection; otherwise right after, `client` null). PlayerLobby sets it.
    this.onEnd = onEnd;
    this.games = new Map((games || []).map((g) => [g.name, g]));
    this.logLine = log;
    this.connectTries = connectTries;
    this.gameOf = new Map(); // matchID -> game name
    this.refused = new Map(); // matchID -> reason
    this.queue = new KeyedQueue();
    this.atomic = isPostgresStore(inner);
    this.held = null; // the update the gate holds for the next write: { key, release }
    this.readPlayers = new WeakMap(); // a metadata's players object handed out -> its JSON when read
    this.readRest = new WeakMap(); // that players object -> the JSON of the rest of its metadata (updatedAt left out)
    // { id, result, at, uses }: the socket guard's read, for boardgame.io's two reads of that move
    this.moveRead = new AsyncLocalStorage();
    this.busy = 0; // operations in flight, for settle()
    this.stats = { conflicts: 0, writeErrors: 0, reads: 0 };
    for (const m of ['createMatch', 'setState', 'setMetadata', 'wipe', 'fetch', 'listMatches']) {
      const f = this[m];
      this[m] = async (...args) => {
        this.busy++;
        try {
          return await f.apply(this, args);
        } finally {
          this.busy--;
        }
      };
    }
  }
  type() {
    return 1; // boardgame.io's Type.ASYNC
  }
  /** Connects the inner storage, trying again for a while (several processes may make the tables at once). */
  async connect() {
    for (let i = 1; ; i++) {
      try {
        const r = await this.inner.connect();
        if (this.atomic) await rawQuery(this.inner, LOG_TABLE, []);
        return r;
      } catch (e) {
        if (i >= this.connectTries) throw e;
        this.logLine(`storage: connect failed (${firstLine(e)}), trying again`);
        await new Promise((r) => setTimeout(r, 200 * i));
      }
    }
  }
  /** Resolves once no operation has been in flight for a moment (before the process exits). */
  async settle() {
    for (let quiet = 0; quiet < 3; ) {
      await new Promise((r) => setTimeout(r, 20));
      quiet = this.busy === 0 ? quiet + 1 : 0;
    }
  }
  async createMatch(id, opts) {
    const { metadata } = await this.inner.fetch(id, { metadata: true });
    if (metadata) {
      this.logLine(`match ${id}: not created again (it exists)`);
      return;
    }
    this.gameOf.set(id, opts.metadata.gameName);
    return this.inner.createMatch(id, opts);
  }
  /**
   * Writes `state` only over the state it was made from (_stateID one less). Never throws: a write that
   * fails or loses the race is not made, logged, and its held update is dropped. Resolves to true when
   * written.
   */
  async setState(id, state, deltalog) {
    // The update published just before this call is this write's (boardgame.io publishes, then writes, with
    // nothing in between; so do ServerClocks): it is released by this write's outcome only.
    const key = `${id}#${state?._stateID}`;
    const held = this.held && this.held.key === key ? this.held : null;
    // A write ends the move's kept read (withRead): what runs after it in the move's asynchronous context
    // (a timer set at this write, a reschedule, a refused move's last read) reads the storage.
    const kept = this.moveRead.getStore();
    if (kept) kept.uses = 0;
    if (held) this.held = null;
    let ok = false;
    try {
      if (this.beforeWrite) this.beforeWrite(id, state);
      ok = await this.queue.run(id, () => this.setStateIf(id, state, deltalog));
      if (!ok) {
        this.stats.conflicts++;
        this.logLine(`match ${id}: state ${state?._stateID} not stored (another process stored its own first)`);
      }
    } catch (e) {
      this.stats.writeErrors++;
      this.logLine(`match ${id}: state ${state?._stateID} not stored (${firstLine(e)})`);
    }
    if (held) held.release(ok);
    if (this.afterWrite) this.afterWrite(id, state, ok);
    return ok;
  }
  async setStateIf(id, state, deltalog) {
    const prevID = state._stateID - 1;
    const ends = typeof this.onEnd === 'function' && state.ctx && state.ctx.gameover !== undefined;
    if (this.atomic && ends) return postgresSetEndIf(this.inner, id, state, deltalog, prevID, this.onEnd);
    if (this.atomic) return postgresSetStateIf(this.inner, id, state, deltalog, prevID);
    const { state: stored } = await this.inner.fetch(id, { state: true });
    if (stored && stored._stateID !== prevID) return false;
    await this.inner.setState(id, state, deltalog);
    if (state.ctx?.gameover !== undefined) await this.recordEnd(id, state.ctx.gameover);
    if (ends) await this.endStored(id, state);
    return true;
  }
  // The end of a state just stored, recorded in its match's metadata (not PostgreSQL, where the state's
  // compare-and-set writes both), in turn with the other metadata writes of the match.
  recordEnd(id, gameover) {
    return this.queue.run(`metadata ${id}`, async () => {
      const { metadata } = await this.inner.fetch(id, { metadata: true });
      if (metadata && (metadata.gameover === undefined || metadata.gameover === null))
        await this.inner.setMetadata(id, { ...metadata, gameover });
    });
  }
  // The end written (not PostgreSQL): onEnd runs once, right after; what it fails to do is logged.
  async endStored(id, state) {
    try {
      await this.onEnd(null, id, state);
    } catch (e) {
      this.logLine(`match ${id}: its end not rated (${firstLine(e)})`);
    }
  }
  /**
   * Writes a match's metadata merged into the stored one (see merged()). Its gameover is not written: the
   * recorded end is the stored state's (boardgame.io writes a move's end into the metadata beside the move's
   * state, whether or not that state is the one stored).
   */
  async setMetadata(id, metadata) {
    let seatsChanged = true;
    let base;
    await this.queue.run(`metadata ${id}`, async () => {
      base =
        metadata?.players && typeof metadata.players === 'object' ? this.readPlayers.get(metadata.players) : undefined;
      seatsChanged = base === undefined || JSON.stringify(metadata.players) !== base;
      // A move's metadata write changes only updatedAt, which the compare-and-set of its state wrote already
      // in PostgreSQL: nothing to write.
      if (this.atomic && !seatsChanged && this.readRest.get(metadata.players) === restOf(metadata)) return;
      if (this.atomic && (await postgresSetMetadata(this.inner, id, metadata, base))) return;
      const { metadata: stored } = await this.inner.fetch(id, { metadata: true });
      return this.inner.setMetadata(id, merged(id, stored, metadata, base));
    });
    // A seat taken, left, connected or disconnected (not a move's updatedAt): the server may have to act.
    if (this.afterMetadata && seatsChanged)
      this.afterMetadata(id, base === undefined ? null : JSON.parse(base), metadata.players);
  }
  async wipe(id) {
    this.gameOf.delete(id);
    this.refused.delete(id);
    // (its log's rows first: a process that dies in between leaves a match with part of its log, never
    // rows that a later match of the same ID would take for its own)
    if (this.atomic) await rawQuery(this.inner, 'DELETE FROM "GameLogs" WHERE "id" = $1', [id]);
    await this.inner.wipe(id);
  }
  listMatches(opts) {
    return this.inner.listMatches(opts);
  }
  /**
   * Runs `fn` (what hands a move to boardgame.io) with `result`, the socket guard's read of match `id` for
   * that move, kept for boardgame.io's own two reads of the same move (its metadata, then its state): one
   * read of the storage per move. The read is kept in the move's own asynchronous context
   * (AsyncLocalStorage), so no other move, timeout or refresh can take it; a state read this way is the one
   * the guard checked, and the write is a compare-and-set.
   */
  withRead(id, result, fn) {
    if (!result.state || !result.metadata) return fn();
    return this.moveRead.run({ id, result, at: Date.now(), uses: 2 }, fn);
  }
  takeFresh(id, opts) {
    const f = this.moveRead.getStore();
    if (!f || f.id !== id || f.uses <= 0 || opts.log || opts.initialState || Date.now() - f.at > 1000) return null;
    f.uses--;
    const r = {};
    if (opts.state) r.state = f.result.state;
    if (opts.metadata) r.metadata = f.result.metadata;
    return r;
  }
  async fetch(id, opts) {
    const kept = this.takeFresh(id, opts);
    if (kept) return kept;
    const wantsState = opts.state || opts.initialState;
    const known = this.gameOf.get(id);
    // The metadata is read with the state: a match's end is recorded in its state first (a process can
    // die between the two writes), and the metadata takes it from there.
    const asked = opts.metadata ? { ...opts, state: true } : wantsState && !known ? { ...opts, metadata: true } : opts;
    this.stats.reads++;
    const r = await (this.atomic ? postgresFetch(this.inner, id, asked) : this.inner.fetch(id, asked));
    if (!wantsState && !opts.metadata) return r;
    let gameName = known;
    if (!gameName && r.metadata) {
      gameName = r.metadata.gameName;
      this.gameOf.set(id, gameName);
    }
    const reason = this.problem(gameName, r);
    if (reason === null) this.refused.delete(id);
    else if (this.refused.get(id) !== reason) {
      this.refused.set(id, reason);
      this.logLine(`match ${id} (${gameName || 'unknown game'}) refused: its stored state ${reason}`);
    }
    const m = r.metadata;
    if (m?.players && typeof m.players === 'object') {
      this.readPlayers.set(m.players, JSON.stringify(m.players));
      this.readRest.set(m.players, restOf(m));
    }
    if (
      reason === null &&
      m &&
      (m.gameover === undefined || m.gameover === null) &&
      r.state &&
      r.state.ctx.gameover !== undefined
    ) {
      m.gameover = r.state.ctx.gameover;
      this.inner
        .setMetadata(id, m)
        .catch((e) => this.logLine(`match ${id}: its end not recorded in its metadata (${firstLine(e)})`));
    }
    if (reason === null && r.state && this.onRead) this.onRead(id, r.state);
    if (!opts.metadata) delete r.metadata;
    if (!opts.state) delete r.state;
    if (reason === null) return r;
    return opts.metadata ? { metadata: r.metadata } : {};
  }
  problem(gameName, r) {
    const states = [r.state, r.initialState].filter((s) => s !== undefined && s !== null);
    if (states.length === 0) return null;
    const game = this.games.get(gameName);
    if (!game) return `belongs to no game of this server (${JSON.stringify(gameName)})`;
    for (const s of states) {
      if (typeof s !== 'object' || !s.ctx || typeof s.ctx !== 'object') return 'has no ctx';
      if (!Number.isInteger(s._stateID) || s._stateID < 0) return 'has no _stateID';
      const error = checkState(game, s.G);
      if (error) return `is not a legal ${gameName} game (${error.code}: ${error.message})`;
      // boardgame.io's own record of the end must be the game's.
      // (A state stored before the ends had reasons has { winner } alone: still the game's.)
      const end = game.endIf({ G: s.G });
      const legacy = end && s.ctx.gameover && Object.keys(s.ctx.gameover).length === 1 ? { winner: end.winner } : end;
      if (
        JSON.stringify(s.ctx.gameover) !== JSON.stringify(end) &&
        JSON.stringify(s.ctx.gameover) !== JSON.stringify(legacy)
      ) {
        return 'has a gameover that its game does not have';
      }
      if (s.ctx.numPlayers !== 2 || !['0', '1'].includes(s.ctx.currentPlayer))
        return 'has players that its game does not have';
    }
    return null;
  }

  /**
   * A GenericPubSub that publishes a match's update only once this storage has stored its state (and
   * drops it when the write failed), delivers each match's updates in order in this process, and, when
   * `inner` reports a reconnection (RedisPubSub), sends every watched match's stored state to its clients.
   */
  publishAfterWrite(inner) {
    return new GatedPubSub(inner, this);
  }
}

class GatedPubSub {
  constructor(inner, storage) {
    this.inner = inner;
    this.storage = storage;
    this.latest = new Map(); // matchID -> highest _stateID delivered in this process
    this.watched = new Map(); // channel -> the callback boardgame.io subscribed
    if (typeof inner.onReconnect === 'function') inner.onReconnect(() => this.resync());
    // A stored state read here that is newer than what this process's clients of the match were sent (its
    // update was never published: the process that stored it died first, or Redis was away) is sent to them.
    storage.onRead = (matchID, state) => {
      const deliver = this.watched.get(CHANNEL + matchID);
      if (deliver && Number.isInteger(state._stateID) && state._stateID > (this.latest.get(matchID) ?? -1)) {
        setImmediate(() => {
          if (this.watched.get(CHANNEL + matchID) === deliver)
            deliver({ type: 'update', args: [matchID, { ...state, deltalog: [] }] });
        });
      }
    };
  }
  publish(channel, payload) {
    const state = payload && payload.type === 'update' && Array.isArray(payload.args) ? payload.args[1] : null;
    if (!state || !Number.isInteger(state._stateID)) return this.inner.publish(channel, payload);
    const key = `${payload.args[0]}#${state._stateID}`;
    // An update held earlier whose write never came (none is made without one) is dropped.
    this.storage.held = {
      key,
      release: (ok) => {
        if (ok) this.inner.publish(channel, payload);
      },
    };
  }
  subscribe(channel, callback) {
    const matchID = channel.startsWith(CHANNEL) ? channel.slice(CHANNEL.length) : null;
    const inOrder = (payload) => {
      const state = payload && payload.type === 'update' && Array.isArray(payload.args) ? payload.args[1] : null;
      if (state && matchID !== null && Number.isInteger(state._stateID)) {
        if (state._stateID <= (this.latest.get(matchID) ?? -1)) return;
        this.latest.set(matchID, state._stateID);
      }
      callback(payload);
    };
    this.watched.set(channel, inOrder);
    this.inner.subscribe(channel, inOrder);
  }
  unsubscribeAll(channel) {
    this.watched.delete(channel);
    if (channel.startsWith(CHANNEL)) this.latest.delete(channel.slice(CHANNEL.length));
    this.inner.unsubscribeAll(channel);
  }
  /** Sends the stored state of every match watched here to its clients (after updates may have been missed). */
  async resync() {
    for (const [channel, deliver] of [...this.watched]) {
      if (!channel.startsWith(CHANNEL)) continue;
      const matchID = channel.slice(CHANNEL.length);
      try {
        const { state } = await this.storage.fetch(matchID, { state: true });
        if (state && this.watched.get(channel) === deliver)
          deliver({ type: 'update', args: [matchID, { ...state, deltalog: [] }] });
      } catch (e) {
        this.storage.logLine(`match ${matchID}: no resync (${firstLine(e)})`);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// What the server does by itself: clocks and presence.

/** Deadlines in one process: one timer per match (`make online` without a cluster). */
export class TimerScheduler {
  constructor() {
    this.timers = new Map();
    this.handler = null;
  }
  /** `handler(matchID)` runs at each match's deadline. */
  start(handler) {
    this.handler = handler;
  }
  /** The match's deadline (server ms), replacing any earlier one; null clears it. */
  schedule(id, deadline) {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    if (deadline === null || !this.handler) return;
    const timer = setTimeout(
      () => {
        if (this.timers.get(id) === timer) this.timers.delete(id);
        this.handler(id);
      },
      Math.min(Math.max(0, deadline - Date.now()), 2 ** 31 - 1),
    );
    timer.unref?.();
    this.timers.set(id, timer);
  }
  async close() {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}

/**
 * Deadlines on any number of processes: a BullMQ queue on the cluster's Redis, one delayed job per match
 * (deduplicated by match and replaced at each new deadline, so a deadline that moved never fires). Any
 * process's worker runs a job at its time; a job held by a process that dies is run by another (BullMQ's
 * stalled-job check). `new BullScheduler({ url })`; `await scheduler.close()`.
 */
export class BullScheduler {
  constructor({ url, queue = 'steere-games-clocks', concurrency = 32, log = (line) => console.log(line) } = {}) {
    if (!url) throw new TypeError('BullScheduler: give { url } (the Redis URL)');
    this.url = url;
    this.name = queue;
    this.concurrency = concurrency;
    this.logLine = log;
    this.queue = null;
    this.worker = null;
    this.errors = 0;
  }
  async start(handler) {
    // BullMQ over the `redis` client the pub/sub uses already (its node-redis adapter).
    const [{ Queue, Worker, createNodeRedisClient }, { createClient }] = await Promise.all([
      import('bullmq'),
      import('redis'),
    ]);
    this.clients = [];
    const client = (offline) => {
      const raw = createClient({
        url: this.url,
        disableOfflineQueue: !offline,
        socket: { reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 1000), connectTimeout: 2000 },
      });
      raw.on('error', (e) => this.logError(e));
      this.clients.push(raw);
      const adapted = createNodeRedisClient(raw);
      adapted.on('error', (e) => this.logError(e));
      return adapted;
    };
    // The producer fails at once while Redis is away (a move is never held up by it); the worker waits.
    this.queue = new Queue(this.name, { connection: client(false) });
    this.queue.on('error', (e) => this.logError(e));
    this.worker = new Worker(
      this.name,
      async (job) => {
        await handler(job.data.id);
      },
      // A job held by a process that died is taken again within about 10 s (BullMQ's defaults: 30 s).
      {
        connection: client(true),
        concurrency: this.concurrency,
        drainDelay: 5,
        lockDuration: 5000,
        stalledInterval: 5000,
      },
    );
    this.worker.on('error', (e) => this.logError(e));
    await this.queue.waitUntilReady();
    await this.worker.waitUntilReady();
  }
  logError(e) {
    if (this.errors++ % 100 === 0) this.logLine(`clock jobs: ${firstLine(e)}`);
  }
  schedule(id, deadline) {
    // A cleared deadline (the game over, the clock stopped) leaves any job to find nothing to do.
    if (!this.queue || deadline === null) return;
    const opts = {
      delay: Math.max(0, deadline - Date.now()),
      deduplication: { id, replace: true, keepLastIfActive: true },
      removeOnComplete: true,
      removeOnFail: true,
    };
    this.queue.add('deadline', { id }, opts).catch((e) => this.logError(e));
  }
  async close() {
    await this.worker?.close().catch(() => {});
    await this.queue?.close().catch(() => {});
    // The clients given to BullMQ are ours to close.
    for (const c of this.clients || []) {
      try {
        if (c.isOpen) await (typeof c.close === 'function' ? c.close() : c.quit());
      } catch {
        // already gone
      }
    }
  }
}

/**
 * The server's own moves on its games (docs/online.md "Time controls and abandoned games"): at a clock's
 * deadline the game is lost on time; when the seats change (a join, a connection opened or closed) a timed
 * game's clock starts once both are taken and a casual game records since when each seat has been away.
 * Each is written like a move: over the state it was made from (the compare-and-set of CheckedStorage),
 * published through the gate, so that a move and a timeout of one state never both land. Install with
 * `new ServerClocks({ storage, pubSub, games, scheduler })` (storage a CheckedStorage, pubSub the gated one
 * that the Server was given, scheduler a TimerScheduler or a BullScheduler), then `await clocks.start()`.
 */
export class ServerClocks {
  constructor({
    storage,
    pubSub,
    games,
    scheduler = new TimerScheduler(),
    leases = null,
    log = (line) => console.log(line),
    now = () => Date.now(),
  }) {
    if (!(storage instanceof CheckedStorage)) throw new TypeError('ServerClocks: storage must be a CheckedStorage');
    this.leases = leases;
    this.storage = storage;
    this.pubSub = pubSub;
    this.games = new Map((games || []).map((g) => [g.name, g]));
    this.scheduler = scheduler;
    this.logLine = log;
    this.now = now;
    this.stats = { timeouts: 0, presence: 0, late: [] };
  }
  async start() {
    await this.scheduler.start((id) => this.deadline(id));
    this.storage.beforeWrite = (id, state) => this.scheduler.schedule(id, deadlineOf(state?.G));
    this.storage.afterWrite = (id, _state, ok) => {
      if (!ok) this.reschedule(id);
    };
    this.storage.afterMetadata = (id, before, after) => {
      if (this.leases) this.leases.seen(id, before, after);
      this.act(id, 'presence').catch((e) => this.logLine(`match ${id}: presence not recorded (${firstLine(e)})`));
    };
    if (this.leases) {
      await this.leases.start(
        (id, seat) => this.connection(id, seat, false),
        (id, seat) => this.connection(id, seat, true),
      );
    }
  }
  async close() {
    this.storage.beforeWrite = this.storage.afterWrite = this.storage.afterMetadata = null;
    await this.leases?.close();
    await this.scheduler.close();
  }
  /**
   * Records seat `seat` of match `id` as connected or not, as boardgame.io would have: not connected when
   * the process holding its connection died, connected again when this process held it all along (its
   * lease had lapsed while Redis was away).
   */
  async connection(id, seat, connected) {
    const { metadata } = await this.storage.fetch(id, { metadata: true });
    const p = metadata?.players?.[seat];
    if (!p || p.isConnected === connected || (!connected && p.isConnected !== true)) return;
    p.isConnected = connected; // in place: the storage merges the fields changed since it handed this object out
    await this.storage.setMetadata(id, metadata);
  }
  // After a write that lost its race, the stored state's deadline is the one to keep.
  async reschedule(id) {
    try {
      const { state } = await this.storage.fetch(id, { state: true });
      if (state) this.scheduler.schedule(id, deadlineOf(state.G));
    } catch (e) {
      this.logLine(`match ${id}: deadline not rescheduled (${firstLine(e)})`);
    }
  }
  /** Runs at a deadline: the game lost on time if it is (once, whoever else runs it). */
  async deadline(id) {
    const done = await this.act(id, 'timeout');
    if (!done) await this.reschedule(id); // early, or the deadline moved: keep the stored one
  }
  /**
   * Applies the server's move `what` ('timeout' or 'presence') to the stored state of match `id`; resolves to
   * true when a new state was stored. A write that loses its race to a move is made again on the new state.
   */
  async act(id, what) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const { state, metadata } = await this.storage.fetch(id, { state: true, metadata: true });
      if (!state || !metadata || state.ctx.gameover !== undefined) return false;
      const game = this.games.get(metadata.gameName);
      if (!game) return false;
      const now = this.now();
      let G;
      if (what === 'timeout') {
        G = timeOut(game, state.G, now);
      } else {
        const seats = {};
        for (const id of ['0', '1']) {
          const p = metadata.players?.[id];
          // A seat is away once its connection closed (isConnected false); one not yet connected is not.
          seats[id] = { taken: Boolean(p && typeof p.name === 'string'), connected: !(p && p.isConnected === false) };
        }
        G = presence(game, state.G, seats, now);
      }
      if (!G) return false;
      const gameover = game.endIf({ G });
      const { deltalog, ...stored } = state;
      const next = {
        ...stored,
        G,
        _stateID: state._stateID + 1,
        ctx: gameover === undefined ? state.ctx : { ...state.ctx, gameover },
      };
      this.pubSub.publish(CHANNEL + id, { type: 'update', args: [id, { ...next, deltalog: [] }] });
      // (A state that ends the match records the end in its metadata as it is stored.)
      if (await this.storage.setState(id, next, [])) {
        if (what === 'timeout') {
          this.stats.timeouts++;
          const deadline = deadlineOf(state.G);
          if (deadline !== null) this.stats.late.push(now - deadline);
          if (this.stats.late.length > 10000) this.stats.late.splice(0, 5000);
        } else this.stats.presence++;
        return true;
      }
    }
    this.logLine(`match ${id}: ${what} not stored after 5 tries`);
    return false;
  }
}

/**
 * Which process holds each seat's connection, kept in Redis, so that the seats of a process that dies are
 * recorded as not connected (boardgame.io writes `isConnected: true` when a socket connects and `false`
 * when it closes; a process killed never writes the `false`, and its players could never be claimed
 * against). Each process keeps a key of its own alive (expiring after `ttlMs`, renewed three times as
 * often) and a set of the seats connected through it; every `ttlMs / 3` each process looks for the sets
 * of processes whose key expired, and one of them (a Redis lock) records those seats as not connected,
 * unless a live process holds the seat too. `new SeatLeases({ url })`, given to `ServerClocks({ leases })`.
 */
export class SeatLeases {
  constructor({ url, ttlMs = 6000, prefix = 'steere-games:seats', log = (line) => console.log(line) } = {}) {
    if (!url) throw new TypeError('SeatLeases: give { url } (the Redis URL)');
    this.url = url;
    this.ttlMs = ttlMs;
    this.prefix = prefix;
    this.logLine = log;
    this.id = globalThis.crypto.randomUUID();
    this.client = null;
    this.timer = null;
    this.sweeping = null;
    this.errors = 0;
    this.mine = new Set(); // the seats connected through this process, as JSON [matchID, seat]
  }
  key(kind, rest) {
    return `${this.prefix}:${kind}:${rest}`;
  }
  async start(onDead, onBack = async () => {}) {
    const { createClient } = await import('redis');
    this.client = createClient({
      url: this.url,
      disableOfflineQueue: true,
      socket: { reconnectStrategy: (n) => Math.min(50 * 2 ** n, 1000) },
    });
    this.client.on('error', (e) => this.logError(e));
    await this.client.connect();
    this.onDead = onDead;
    this.onBack = onBack;
    await this.beat();
    const every = Math.max(100, Math.floor(this.ttlMs / 3));
    this.timer = setInterval(() => {
      // the key renewed whatever the sweep does; a sweep at a time (Redis slow or away)
      this.beat().catch((e) => this.logError(e));
      if (this.sweeping) return;
      this.sweeping = this.sweep()
        .catch((e) => this.logError(e))
        .finally(() => {
          this.sweeping = null;
        });
    }, every);
    this.timer.unref?.();
  }
  logError(e) {
    if (this.errors++ % 100 === 0) this.logLine(`seat leases: ${firstLine(e)}`);
  }
  // Renews this process's key. When it had expired (Redis away or this process stalled longer than ttlMs),
  // another process may have recorded this one's seats as not connected: they are held again, and
  // recorded connected (onBack).
  async beat() {
    const alive = this.key('alive', this.id);
    const had = await this.client.exists(alive);
    await this.client.set(alive, '1', { PX: this.ttlMs });
    if (had || this.mine.size === 0) return;
    for (const entry of this.mine) {
      await this.client.multi().sAdd(this.key('of', this.id), entry).sAdd(this.key('held', entry), this.id).exec();
      const [id, seat] = JSON.parse(entry);
      await this.onBack(id, seat).catch((e) =>
        this.logLine(`match ${id}: seat ${seat} not recorded back (${firstLine(e)})`),
      );
    }
  }
  /** A seat's connection opened or closed through this process (its metadata written here). */
  seen(id, before, after) {
    if (!this.client || !after || typeof after !== 'object') return;
    for (const seat of ['0', '1']) {
      const was = before?.[seat] ? before[seat].isConnected : undefined;
      const now = after[seat] ? after[seat].isConnected : undefined;
      if (now === was) continue;
      const entry = JSON.stringify([id, seat]);
      if (now === true) this.mine.add(entry);
      else this.mine.delete(entry);
      const op =
        now === true
          ? this.client.multi().sAdd(this.key('of', this.id), entry).sAdd(this.key('held', entry), this.id)
          : this.client.multi().sRem(this.key('of', this.id), entry).sRem(this.key('held', entry), this.id);
      op.exec().catch((e) => this.logError(e));
    }
  }
  // The seats of every process whose key expired: recorded as not connected, once (one process's lock).
  async sweep() {
    for await (const keys of this.client.scanIterator({ MATCH: this.key('of', '*'), COUNT: 100 })) {
      for (const key of Array.isArray(keys) ? keys : [keys]) {
        const dead = key.slice(this.key('of', '').length);
        if (dead === this.id || (await this.client.exists(this.key('alive', dead)))) continue;
        if ((await this.client.set(this.key('sweep', dead), this.id, { NX: true, PX: 30000 })) !== 'OK') continue;
        for (const entry of await this.client.sMembers(key)) {
          await this.client.sRem(this.key('held', entry), dead);
          const holders = await this.client.sMembers(this.key('held', entry));
          const live = [];
          for (const h of holders) if (await this.client.exists(this.key('alive', h))) live.push(h);
          if (live.length === 0) {
            const [id, seat] = JSON.parse(entry);
            await this.onDead(id, seat).catch((e) =>
              this.logLine(`match ${id}: seat ${seat} not recorded away (${firstLine(e)})`),
            );
            await this.client.del(this.key('held', entry));
          }
        }
        await this.client.del(key);
      }
    }
  }
  async close() {
    clearInterval(this.timer);
    await this.sweeping;
    if (this.client?.isOpen) {
      // a process stopping on purpose has written its disconnections: its set goes with it
      await this.client
        .multi()
        .del(this.key('alive', this.id))
        .del(this.key('of', this.id))
        .exec()
        .catch(() => {});
      await this.client.quit().catch(() => {});
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Pub/sub.

/** boardgame.io's GenericPubSub within one process. */
export class LocalPubSub {
  constructor() {
    this.callbacks = new Map();
  }
  publish(channel, payload) {
    for (const cb of this.callbacks.get(channel) || []) cb(payload);
  }
  subscribe(channel, callback) {
    if (!this.callbacks.has(channel)) this.callbacks.set(channel, []);
    this.callbacks.get(channel).push(callback);
  }
  unsubscribeAll(channel) {
    this.callbacks.delete(channel);
  }
}

/**
 * boardgame.io's GenericPubSub over Redis (the `redis` npm client, 4 or later). An update is delivered
 * to this process's own clients at once and published to the others through one pattern subscription;
 * while Redis is away, publishing fails (logged, nothing queued) and the process's own clients are still
 * served; when it is back, each update that could not be published is published again (its match's
 * latest only) and onReconnect listeners run (the gate then resends the stored states).
 * `new RedisPubSub({ url })` or `new RedisPubSub({ client })` (a client not yet connected; a duplicate
 * subscribes); `await pubSub.connect()` before the server runs; `await pubSub.close()`.
 */
export class RedisPubSub {
  constructor({ url, client, prefix = 'steere-games:', log = (line) => console.log(line) } = {}) {
    if (!url && !client) throw new TypeError('RedisPubSub: give { url } or { client }');
    this.url = url;
    this.pub = client || null;
    this.sub = null;
    this.prefix = prefix;
    this.logLine = log;
    this.origin = `${process.pid}-${Math.random().toString(36).slice(2)}`;
    this.callbacks = new Map();
    this.unsent = new Map(); // channel -> latest payload that could not be published
    this.reconnectListeners = [];
    this.ready = { pub: false, sub: false };
    this.everReady = { pub: false, sub: false };
    this.errorsLogged = 0;
  }
  async connect() {
    if (!this.pub) {
      const { createClient } = await import('redis');
      this.pub = createClient({
        url: this.url,
        disableOfflineQueue: true,
        socket: { reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 1000), connectTimeout: 2000 },
      });
    }
    this.sub = this.pub.duplicate();
    for (const [name, c] of [
      ['pub', this.pub],
      ['sub', this.sub],
    ]) {
      c.on('error', (e) => {
        if (this.ready[name] || this.errorsLogged === 0) this.logLine(`redis (${name}): ${firstLine(e)}`);
        this.errorsLogged++;
        this.ready[name] = false;
      });
      c.on('end', () => (this.ready[name] = false));
      c.on('ready', () => {
        this.ready[name] = true;
        this.errorsLogged = 0;
        if (this.everReady[name]) {
          this.logLine(`redis (${name}): connected again`);
          if (name === 'pub') this.flushUnsent();
          else for (const fn of this.reconnectListeners) fn();
        }
        this.everReady[name] = true;
      });
    }
    await this.pub.connect();
    await this.sub.connect();
    await this.sub.pSubscribe(`${this.prefix}*`, (message, channel) => this.received(message, channel));
  }
  received(message, redisChannel) {
    const channel = redisChannel.toString().slice(this.prefix.length);
    const cbs = this.callbacks.get(channel);
    if (!cbs) return;
    // "<origin> <payload's JSON>": the process that published it delivered it already, and does not read
    // the state again to learn so. (A message of the earlier form, { o, p } as JSON, is read as it was.)
    const text = message.toString();
    const gap = text.indexOf(' ');
    if (gap > 0 && text.slice(0, gap) === this.origin) return;
    let payload;
    try {
      if (gap > 0 && text[0] !== '{') payload = JSON.parse(text.slice(gap + 1));
      else {
        const m = JSON.parse(text);
        if (!m || m.o === this.origin) return;
        payload = m.p;
      }
    } catch {
      return;
    }
    for (const cb of cbs) cb(payload);
  }
  publish(channel, payload) {
    for (const cb of this.callbacks.get(channel) || []) cb(payload);
    this.send(channel, payload);
  }
  send(channel, payload) {
    let sent;
    try {
      sent = this.pub.publish(this.prefix + channel, `${this.origin} ${JSON.stringify(payload)}`);
    } catch (e) {
      sent = Promise.reject(e);
    }
    Promise.resolve(sent).then(
      () => {
        if (this.unsent.get(channel) === payload) this.unsent.delete(channel);
      },
      (e) => {
        this.unsent.set(channel, payload);
        if (this.errorsLogged++ === 0)
          this.logLine(`redis: an update not published (${firstLine(e)}); it is sent again when Redis is back`);
      },
    );
  }
  flushUnsent() {
    const pending = [...this.unsent];
    this.unsent.clear();
    for (const [channel, payload] of pending) this.send(channel, payload);
  }
  subscribe(channel, callback) {
    if (!this.callbacks.has(channel)) this.callbacks.set(channel, []);
    this.callbacks.get(channel).push(callback);
  }
  unsubscribeAll(channel) {
    this.callbacks.delete(channel);
  }
  /** `fn` runs each time the subscription is back after Redis was away. */
  onReconnect(fn) {
    this.reconnectListeners.push(fn);
  }
  async close() {
    for (const c of [this.sub, this.pub]) {
      try {
        if (c?.isOpen) await (typeof c.close === 'function' ? c.close() : c.quit());
      } catch {
        // already gone
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// The socket guard. boardgame.io 0.50 checks a move's credentials for the playerID sent beside the action
// but runs the move as the playerID inside the action: where both players are active (a match), one could
// act for the other. Packets are checked before boardgame.io sees them; a packet that fails is dropped.

const isId = (s) => typeof s === 'string' && s.length > 0 && s.length <= 128;

/**
 * Installs the guard on the socket.io namespaces of `games` of a boardgame.io server (the object Server()
 * returns, or its app). Options: log (a line printer).
 */
export function guardSockets(server, games, storage, { log = (line) => console.log(line) } = {}) {
  const app = server?.app ? server.app : server;
  const io = app?._io;
  if (!io || typeof io.of !== 'function')
    throw new Error('guardSockets: no socket.io server (give the object that Server() returns)');
  for (const game of games) {
    io.of(game.name).use((socket, next) => {
      inOrder(socket);
      socket.use((packet, pass) => {
        checkPacket(packet, storage, socket)
          .then((read) => {
            if (!read) return;
            // a move goes on with the guard's read of it (CheckedStorage.withRead)
            if (read !== true && typeof storage.withRead === 'function') storage.withRead(packet[3], read, pass);
            else pass();
            if (packet[0] === 'sync') refreshLater(socket, packet[1], storage);
          })
          .catch((e) => log(`socket packet refused: ${firstLine(e)}`));
      });
      next();
    });
  }
}

// What a socket is sent of a match never goes back: an update older than one it was sent already is not
// sent (boardgame.io's client takes any update, and updates reach it by several paths).
function inOrder(socket) {
  const emit = socket.emit.bind(socket);
  let last = -1;
  socket.emit = (event, ...args) => {
    const state = event === 'update' ? args[1] : event === 'sync' ? args[1]?.state : null;
    if (state && Number.isInteger(state._stateID)) {
      if (event === 'update' && state._stateID <= last) return true;
      last = Math.max(last, state._stateID);
    }
    return emit(event, ...args);
  };
}

// boardgame.io reads a match's state for a sync, then subscribes the socket to its updates: an update
// published in between never reaches it. So the stored state is sent again a little later (it is dropped
// by inOrder when the socket has it already).
function refreshLater(socket, matchID, storage) {
  for (const ms of [300, 2000]) {
    setTimeout(() => {
      if (!socket.connected) return;
      storage
        .fetch(matchID, { state: true })
        .then(({ state }) => {
          if (state && socket.connected) socket.emit('update', matchID, { ...state, deltalog: [] });
        })
        .catch(() => {});
    }, ms).unref?.();
  }
}

async function checkPacket([event, ...args], storage, socket) {
  if (event === 'update') {
    const [action, stateID, matchID, playerID] = args;
    if (!action || typeof action !== 'object' || action.type !== 'MAKE_MOVE') return false;
    const p = action.payload;
    if (!p || typeof p !== 'object' || typeof p.type !== 'string') return false;
    if (!isId(matchID) || !Number.isInteger(stateID)) return false;
    if (playerID !== '0' && playerID !== '1') return false;
    if (p.playerID !== playerID) return false;
    // A move on an old state: boardgame.io would drop it without a word, so the sender is sent the stored
    // state (it then sees the move refused, and can make it again on the new state).
    const read = await storage.fetch(matchID, { state: true, metadata: true });
    const { state } = read;
    if (!state) return false;
    if (state._stateID !== stateID) {
      if (state._stateID > stateID) socket.emit('update', matchID, { ...state, deltalog: [] });
      return false;
    }
    return read;
  }
  if (event === 'sync') {
    const [matchID, playerID] = args;
    if (!isId(matchID)) return false;
    if (playerID !== undefined && playerID !== null && playerID !== '0' && playerID !== '1') return false;
    const { metadata, state } = await storage.fetch(matchID, { metadata: true, state: true });
    return Boolean(metadata && state);
  }
  return false; // chat and anything else
}
