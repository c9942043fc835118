// The players, open seats, quick pairing and match ratings of the reference server (API.md "Lobby, pairing
// and ratings"; docs/online.md "Players, pairing and ratings"), re-exported by steere-games/boardgameio/server.
//
// - PlayerLobby: HTTP endpoints added to a boardgame.io (0.50) server's Koa app: POST /players, GET
//   /players/<id>, GET /seeks, POST /pair, DELETE /seeks/<matchID>, and the lobby's own join and leave taken
//   with a player's token. A site with its own accounts gives `authenticate(request)` instead of tokens.
// - MemoryLobbyStore (one process) and PostgresLobbyStore (any number of processes, tables of its own):
//   players (tokens kept as SHA-256 hashes only), ratings per game, open seeks, who holds each seat, and
//   every rated result.
// - Pairing: one pool per game name and setupData. In PostgreSQL a pool is a transaction-level advisory lock
//   (pg_advisory_xact_lock): the look for the oldest seek of another player and the opening of a new one
//   are one step per pool on every process, so no two compatible seeks stay open. (SELECT ... FOR UPDATE
//   SKIP LOCKED takes rows that exist; two requests that both find none would both open one.)
// - Ratings: the end of a rated match is rated by the core's ratingChange (FIBS) in the transaction that
//   writes the match's last state (CheckedStorage's onEnd), once, or not at all with it.
// Nothing here imports boardgame.io at load time; `boardgame.io/internal` (a match's first state), `pg`,
// `redis` and `rate-limiter-flexible` are loaded when a lobby that needs them starts.
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { ratingChange } from 'steere-games';

const START = { rating: 1500, experience: 0, matches: 0 };
const PAGE = 50;
const NAME_MAX = 24;
const BODY_MAX = 16 * 1024;
const SEATS = ['0', '1'];
const firstLine = (e) => String(e?.message || e).split('\n')[0];

/** A refusal of a lobby request: HTTP `status`, a stable `code`, a message in English. */
export class LobbyError extends Error {
  constructor(status, code, message) {
    super(message);
    this.name = 'LobbyError';
    this.status = status;
    this.code = code;
  }
}

// 128 random bits from the crypto source, as URL-safe text (tokens, credentials); ids are shorter.
const secret = () => randomBytes(16).toString('base64url');
const newID = () => randomBytes(9).toString('base64url');
const hashOf = (token) => createHash('sha256').update(token, 'utf8').digest('hex');
const CONTROL = /[\p{Cc}\p{Cs}]/u; // control characters and lone surrogates: never in a name or an id
const isID = (s) => typeof s === 'string' && s.length > 0 && s.length <= 128 && !CONTROL.test(s);

/** JSON with the keys of every object sorted: one text per setupData, whatever its keys' order. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => value[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value === undefined ? null : value);
}
/** The pairing pool of a game name and setupData: requests of one pool are paired together. */
export const poolOf = (gameName, setupData) => `${gameName} ${canonical(setupData ?? null)}`;

// What a state of a match of this package is: the game rated ('jokerball' or 'zola') and the length.
function ratedGame(state) {
  const s = state?.G?.state;
  if (!s || typeof s !== 'object') return null;
  if (s.game === 'match') {
    const length = s.match && Number.isInteger(s.match.length) ? s.match.length : null;
    return (s.variant === 'jokerball' || s.variant === 'zola') && length ? { game: s.variant, length } : null;
  }
  return s.game === 'jokerball' || s.game === 'zola' ? { game: s.game, length: 1 } : null;
}

/**
 * A player's name: text of 1 to 24 characters once trimmed, no control characters; the trimmed text, or a LobbyError.
 */
export function checkName(name) {
  if (typeof name !== 'string') throw new LobbyError(400, 'bad_name', 'name must be a string');
  const trimmed = name.trim();
  const length = [...trimmed].length;
  if (length < 1 || length > NAME_MAX)
    throw new LobbyError(400, 'bad_name', `name must have 1 to ${NAME_MAX} characters (not counting spaces around it)`);
  if (CONTROL.test(trimmed)) throw new LobbyError(400, 'bad_name', 'name must be text without control characters');
  return trimmed;
}

// The rating change of a finished rated match: the results row's fields and both players' new R.
function rate(matchID, seats, state, before) {
  const over = state.ctx?.gameover;
  const rated = ratedGame(state);
  if (!over || (over.winner !== '0' && over.winner !== '1') || !rated) return null;
  const winnerID = seats[over.winner];
  const loserID = seats[over.winner === '0' ? '1' : '0'];
  if (!winnerID || !loserID || winnerID === loserID) return null;
  const w = before(winnerID);
  const l = before(loserID);
  let r;
  try {
    r = ratingChange({
      winner: { rating: w.rating, experience: w.experience },
      loser: { rating: l.rating, experience: l.experience },
      length: rated.length,
    });
  } catch {
    return null; // ratings out of the core's bounds: the end is stored, unrated (it never blocks an end)
  }
  return {
    matchID,
    game: rated.game,
    length: rated.length,
    reason: over.reason ?? null,
    chance: r.chance,
    winner: {
      playerID: winnerID,
      before: w,
      after: { rating: r.winner.rating, experience: r.winner.experience, matches: w.matches + 1 },
    },
    loser: {
      playerID: loserID,
      before: l,
      after: { rating: r.loser.rating, experience: r.loser.experience, matches: l.matches + 1 },
    },
  };
}

// Runs the functions given for one key one after another.
function chains() {
  const tails = new Map();
  return (key, fn) => {
    const result = (tails.get(key) || Promise.resolve()).then(fn);
    const tail = result.catch(() => {});
    tails.set(key, tail);
    tail.then(() => tails.get(key) === tail && tails.delete(key));
    return result;
  };
}

// ---------------------------------------------------------------------------------------------------
// Stores.

/** The lobby's data in this process's memory (one process: `make online`, `--db`). */
export class MemoryLobbyStore {
  constructor() {
    this.players = new Map(); // id -> { id, name, tokenHash, ratings: { game: R } }
    this.byToken = new Map(); // token hash -> id
    this.seeks = new Map(); // matchID -> seek { seq, matchID, pool, gameName, setupData, game, playerID, createdAt }
    this.seats = new Map(); // matchID -> { seat: playerID }
    this.results = new Map(); // matchID -> the rated result
    this.seq = 0;
    this.serial = chains();
  }
  async connect() {}
  async close() {}
  async addPlayer({ id, name, tokenHash }) {
    this.players.set(id, { id, name, tokenHash, ratings: {} });
    if (tokenHash) this.byToken.set(tokenHash, id);
  }
  async namePlayer(id, name) {
    const p = this.players.get(id);
    if (p) p.name = name;
    else this.players.set(id, { id, name, tokenHash: null, ratings: {} });
  }
  async playerByToken(tokenHash) {
    const id = this.byToken.get(tokenHash);
    return id === undefined ? null : { id, name: this.players.get(id).name };
  }
  async player(id) {
    const p = this.players.get(id);
    return p ? { id: p.id, name: p.name, ratings: structuredClone(p.ratings) } : null;
  }
  async seekList(gameName, after, limit) {
    const out = [];
    for (const s of this.seeks.values()) {
      if (s.gameName !== gameName || s.seq <= after) continue;
      const p = this.players.get(s.playerID);
      out.push({ ...s, name: p ? p.name : '', rating: p?.ratings[s.game]?.rating ?? START.rating });
      if (out.length >= limit) break;
    }
    return out;
  }
  async seekOf(matchID) {
    return this.seeks.get(matchID) ?? null;
  }
  /** Runs fn(tx) alone for its pool. */
  inPool(pool, fn) {
    return this.serial(pool, () => fn(this.tx(pool)));
  }
  tx(pool) {
    const seeks = () => [...this.seeks.values()].filter((s) => s.pool === pool);
    return {
      oldest: async (notPlayer) => seeks().find((s) => s.playerID !== notPlayer) ?? null,
      own: async (player) => seeks().find((s) => s.playerID === player) ?? null,
      remove: async (matchID) => void this.seeks.delete(matchID),
      add: async (seek) => void this.seeks.set(seek.matchID, { ...seek, pool, seq: ++this.seq, createdAt: Date.now() }),
      seat: (matchID, seat, playerID) => this.seat(matchID, seat, playerID),
    };
  }
  async seat(matchID, seat, playerID) {
    const seats = this.seats.get(matchID) || {};
    seats[seat] = playerID;
    this.seats.set(matchID, seats);
  }
  async unseat(matchID, seat) {
    const seats = this.seats.get(matchID);
    if (seats) delete seats[seat];
  }
  async dropSeek(matchID) {
    this.seeks.delete(matchID);
  }
  /** The end of a match stored: rated once when both seats are players of the lobby. */
  async onEnd(_client, matchID, state) {
    if (this.results.has(matchID)) return null;
    const seats = this.seats.get(matchID) || {};
    const ratingOf = (id, game) => ({ ...START, ...(this.players.get(id)?.ratings[game] ?? {}) });
    const rated = ratedGame(state);
    const r = rated && rate(matchID, seats, state, (id) => ratingOf(id, rated.game));
    if (!r) return null;
    for (const side of [r.winner, r.loser]) {
      if (!this.players.has(side.playerID)) await this.namePlayer(side.playerID, side.playerID);
      this.players.get(side.playerID).ratings[r.game] = side.after;
    }
    this.results.set(matchID, { ...r, recordedAt: Date.now() });
    return r;
  }
  async result(matchID) {
    return this.results.get(matchID) ?? null;
  }
}

// A signed 64-bit advisory lock key of a pool (the first 8 bytes of its SHA-256), the same on every process.
const lockKey = (pool) =>
  createHash('sha256').update(`steere-games pair ${pool}`).digest().readBigInt64BE(0).toString();
// Taken while the tables are made, so that processes starting at once do not make them twice.
const SCHEMA_LOCK = '7406321968140281934';
const SCHEMA = `
CREATE TABLE IF NOT EXISTS lobby_players (
  id text PRIMARY KEY, name text NOT NULL, token_hash text UNIQUE, created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE IF NOT EXISTS lobby_ratings (
  player_id text NOT NULL, game text NOT NULL, rating double precision NOT NULL, experience integer NOT NULL,
  matches integer NOT NULL, PRIMARY KEY (player_id, game));
CREATE TABLE IF NOT EXISTS lobby_seeks (
  seq bigserial UNIQUE, match_id text PRIMARY KEY, pool text NOT NULL, game_name text NOT NULL, setup_data jsonb,
  game text NOT NULL, player_id text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX IF NOT EXISTS lobby_seeks_pool ON lobby_seeks (pool, seq);
CREATE INDEX IF NOT EXISTS lobby_seeks_game ON lobby_seeks (game_name, seq);
CREATE TABLE IF NOT EXISTS lobby_seats (
  match_id text NOT NULL, seat text NOT NULL, player_id text NOT NULL, PRIMARY KEY (match_id, seat));
CREATE TABLE IF NOT EXISTS lobby_results (
  match_id text PRIMARY KEY, game text NOT NULL, length integer NOT NULL, reason text, chance double precision NOT NULL,
  winner_id text NOT NULL, loser_id text NOT NULL, winner_before jsonb NOT NULL, winner_after jsonb NOT NULL,
  loser_before jsonb NOT NULL, loser_after jsonb NOT NULL, recorded_at timestamptz NOT NULL DEFAULT now());
`;
const seekRow = (r) => ({
  seq: Number(r.seq),
  matchID: r.match_id,
  gameName: r.game_name,
  setupData: r.setup_data ?? undefined,
  game: r.game,
  playerID: r.player_id,
  createdAt: new Date(r.created_at).getTime(),
  name: r.name,
  rating: r.rating === null || r.rating === undefined ? START.rating : Number(r.rating),
});
const R = (r) => ({ rating: Number(r.rating), experience: Number(r.experience), matches: Number(r.matches) });

/**
 * The lobby's data in PostgreSQL, for any number of processes: tables lobby_players, lobby_ratings,
 * lobby_seeks, lobby_seats and lobby_results, made when it connects. `new PostgresLobbyStore({ url })` (a
 * pool of its own, `pg` loaded then) or `{ pool }` (a node-postgres Pool).
 */
export class PostgresLobbyStore {
  constructor({ url, pool, max = 10 } = {}) {
    if (!url && !pool) throw new TypeError('PostgresLobbyStore: give { url } or { pool }');
    this.url = url;
    this.pool = pool || null;
    this.own = !pool;
    this.max = max;
    this.serial = chains();
  }
  async connect() {
    if (!this.pool) {
      const pg = await import('pg');
      this.pool = new (pg.default || pg).Pool({ connectionString: this.url, max: this.max });
      this.pool.on('error', () => {}); // an idle connection lost: the next query takes another
    }
    await this.tx(async (c) => {
      await c.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
      await c.query(SCHEMA);
    });
  }
  async close() {
    if (this.own && this.pool) await this.pool.end().catch(() => {});
  }
  async rows(text, values, client = this.pool) {
    return (await client.query(text, values)).rows;
  }
  async tx(fn) {
    const c = await this.pool.connect();
    try {
      await c.query('BEGIN');
      const r = await fn(c);
      await c.query('COMMIT');
      return r;
    } catch (e) {
      await c.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      c.release();
    }
  }
  async addPlayer({ id, name, tokenHash }) {
    await this.rows('INSERT INTO lobby_players (id, name, token_hash) VALUES ($1, $2, $3)', [id, name, tokenHash]);
  }
  async namePlayer(id, name) {
    await this.rows(
      'INSERT INTO lobby_players (id, name) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name',
      [id, name],
    );
  }
  async playerByToken(tokenHash) {
    const [p] = await this.rows('SELECT id, name FROM lobby_players WHERE token_hash = $1', [tokenHash]);
    return p ? { id: p.id, name: p.name } : null;
  }
  async player(id) {
    const [p] = await this.rows('SELECT id, name FROM lobby_players WHERE id = $1', [id]);
    if (!p) return null;
    const ratings = {};
    for (const r of await this.rows(
      'SELECT game, rating, experience, matches FROM lobby_ratings WHERE player_id = $1',
      [id],
    ))
      ratings[r.game] = R(r);
    return { id: p.id, name: p.name, ratings };
  }
  async seekList(gameName, after, limit) {
    const rows = await this.rows(
      'SELECT s.*, p.name, r.rating FROM lobby_seeks s JOIN lobby_players p ON p.id = s.player_id ' +
        'LEFT JOIN lobby_ratings r ON r.player_id = s.player_id AND r.game = s.game ' +
        'WHERE s.game_name = $1 AND s.seq > $2 ORDER BY s.seq LIMIT $3',
      [gameName, after, limit],
    );
    return rows.map(seekRow);
  }
  async seekOf(matchID) {
    const [s] = await this.rows('SELECT * FROM lobby_seeks WHERE match_id = $1', [matchID]);
    return s ? seekRow(s) : null;
  }
  /**
   * Runs fn(tx) in a transaction holding the pool's advisory lock (in this process, one request of a pool
   * at a time, so that a pool's waiters do not each hold a connection).
   */
  inPool(pool, fn) {
    return this.serial(pool, () =>
      this.tx(async (c) => {
        await c.query('SELECT pg_advisory_xact_lock($1)', [lockKey(pool)]);
        const one = async (text, values) => (await this.rows(text, values, c))[0] ?? null;
        const seek = (r) => (r ? seekRow(r) : null);
        return fn({
          oldest: async (notPlayer) =>
            seek(
              await one('SELECT * FROM lobby_seeks WHERE pool = $1 AND player_id <> $2 ORDER BY seq LIMIT 1', [
                pool,
                notPlayer,
              ]),
            ),
          own: async (player) =>
            seek(
              await one('SELECT * FROM lobby_seeks WHERE pool = $1 AND player_id = $2 ORDER BY seq LIMIT 1', [
                pool,
                player,
              ]),
            ),
          remove: (matchID) => this.rows('DELETE FROM lobby_seeks WHERE match_id = $1', [matchID], c),
          add: (s) =>
            this.rows(
              'INSERT INTO lobby_seeks (match_id, pool, game_name, setup_data, game, player_id) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING',
              [
                s.matchID,
                pool,
                s.gameName,
                s.setupData === undefined ? null : JSON.stringify(s.setupData),
                s.game,
                s.playerID,
              ],
              c,
            ),
          seat: (matchID, seat, playerID) => this.seat(matchID, seat, playerID, c),
        });
      }),
    );
  }
  async seat(matchID, seat, playerID, client = this.pool) {
    await this.rows(
      'INSERT INTO lobby_seats (match_id, seat, player_id) VALUES ($1, $2, $3) ON CONFLICT (match_id, seat) DO UPDATE SET player_id = EXCLUDED.player_id',
      [matchID, seat, playerID],
      client,
    );
  }
  async unseat(matchID, seat) {
    await this.rows('DELETE FROM lobby_seats WHERE match_id = $1 AND seat = $2', [matchID, seat]);
  }
  async dropSeek(matchID) {
    await this.rows('DELETE FROM lobby_seeks WHERE match_id = $1', [matchID]);
  }
  /**
   * The end of a match, inside the transaction that stores it (`client`, CheckedStorage's onEnd): rated when
   * both seats are players of the lobby, once (the result's row is the match's; the players' rows are
   * locked in the order of their ids). Without a client, in a transaction of its own.
   */
  async onEnd(client, matchID, state) {
    if (!client) return this.tx((c) => this.onEnd(c, matchID, state));
    const rated = ratedGame(state);
    if (!rated || !state.ctx?.gameover) return null;
    const seats = {};
    for (const s of await this.rows('SELECT seat, player_id FROM lobby_seats WHERE match_id = $1', [matchID], client))
      seats[s.seat] = s.player_id;
    if (!seats['0'] || !seats['1'] || seats['0'] === seats['1']) return null;
    const ids = [seats['0'], seats['1']].sort();
    for (const id of ids) {
      await this.rows(
        'INSERT INTO lobby_ratings (player_id, game, rating, experience, matches) VALUES ($1, $2, $3, 0, 0) ON CONFLICT DO NOTHING',
        [id, rated.game, START.rating],
        client,
      );
    }
    const now = {};
    for (const r of await this.rows(
      'SELECT * FROM lobby_ratings WHERE game = $1 AND player_id = ANY($2) ORDER BY player_id FOR UPDATE',
      [rated.game, ids],
      client,
    ))
      now[r.player_id] = R(r);
    const r = rate(matchID, seats, state, (id) => now[id]);
    if (!r) return null;
    const inserted = await this.rows(
      'INSERT INTO lobby_results (match_id, game, length, reason, chance, winner_id, loser_id, winner_before, winner_after, loser_before, loser_after) ' +
        'VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (match_id) DO NOTHING RETURNING match_id',
      [
        matchID,
        r.game,
        r.length,
        r.reason,
        r.chance,
        r.winner.playerID,
        r.loser.playerID,
        r.winner.before,
        r.winner.after,
        r.loser.before,
        r.loser.after,
      ],
      client,
    );
    if (inserted.length === 0) return null;
    for (const side of [r.winner, r.loser]) {
      await this.rows(
        'UPDATE lobby_ratings SET rating = $3, experience = $4, matches = $5 WHERE player_id = $1 AND game = $2',
        [side.playerID, r.game, side.after.rating, side.after.experience, side.after.matches],
        client,
      );
    }
    return r;
  }
  async result(matchID) {
    const [x] = await this.rows('SELECT * FROM lobby_results WHERE match_id = $1', [matchID]);
    return x ?? null;
  }
}

// ---------------------------------------------------------------------------------------------------
// The lobby's HTTP endpoints.

async function readJSON(ctx) {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > BODY_MAX) throw new LobbyError(413, 'too_large', `the body must be at most ${BODY_MAX} bytes`);
  const chunks = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += chunk.length;
    if (size > BODY_MAX) throw new LobbyError(413, 'too_large', `the body must be at most ${BODY_MAX} bytes`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    throw new LobbyError(400, 'bad_json', 'the body must be JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new LobbyError(400, 'bad_body', 'the body must be a JSON object');
  return body;
}

// The default limits per client address: POST /players 10 a minute, POST /pair 60 a minute.
const LIMITS = { players: { points: 10, duration: 60 }, pair: { points: 60, duration: 60 } };

/**
 * Players, open seats, quick pairing and ratings on a boardgame.io server (docs/online.md "Players, pairing
 * and ratings"). `new PlayerLobby({ games, storage, store, authenticate, rateLimits, redis, log })`, then
 * `await lobby.install(server)` before `server.run()`.
 */
export class PlayerLobby {
  constructor({
    games,
    storage,
    store = new MemoryLobbyStore(),
    authenticate = null,
    rateLimits = LIMITS,
    redis = null,
    log = (line) => console.log(line),
  } = {}) {
    if (!storage || typeof storage.fetch !== 'function')
      throw new TypeError("PlayerLobby: give { storage } (the server's CheckedStorage)");
    if (authenticate !== null && typeof authenticate !== 'function')
      throw new TypeError('PlayerLobby: authenticate must be a function');
    this.games = new Map((games || []).map((g) => [g.name, g]));
    this.storage = storage;
    this.store = store;
    this.authenticate = authenticate;
    this.rateLimits = rateLimits;
    this.redisURL = redis;
    this.logLine = log;
    this.limiters = {};
    this.named = new Map(); // a site's player id -> the name last recorded (authenticate)
    this.stats = { paired: 0, opened: 0, rated: 0 };
  }

  /** Connects the store (tables made), rates match ends through the storage, and adds the endpoints to `server`. */
  async install(server) {
    const app = server?.app ? server.app : server;
    if (!app || typeof app.use !== 'function')
      throw new TypeError('PlayerLobby.install: give the object that Server() returns');
    const require = createRequire(import.meta.url);
    this.createMatch = require('boardgame.io/internal').createMatch;
    await this.store.connect();
    await this.startLimits();
    this.storage.onEnd = async (client, matchID, state) => {
      const r = await this.store.onEnd(client, matchID, state);
      if (r) this.stats.rated++;
      return r;
    };
    app.use(this.middleware());
    return this;
  }
  async close() {
    if (this.storage.onEnd) this.storage.onEnd = null;
    await this.limitClient?.quit().catch(() => {});
    await this.store.close();
  }
  async startLimits() {
    if (!this.rateLimits) return;
    const { RateLimiterMemory, RateLimiterRedis } = await import('rate-limiter-flexible');
    if (this.redisURL) {
      const { createClient } = await import('redis');
      this.limitClient = createClient({
        url: this.redisURL,
        disableOfflineQueue: true,
        socket: { reconnectStrategy: (n) => Math.min(50 * 2 ** n, 1000) },
      });
      this.limitClient.on('error', () => {}); // the limiter falls back to each process's memory meanwhile
      await this.limitClient.connect();
    }
    for (const [name, limit] of Object.entries(this.rateLimits)) {
      if (!limit) continue;
      const opts = { keyPrefix: `steere-games-${name}`, points: limit.points, duration: limit.duration };
      this.limiters[name] = this.limitClient
        ? new RateLimiterRedis({
            ...opts,
            storeClient: this.limitClient,
            useRedisPackage: true,
            insuranceLimiter: new RateLimiterMemory(opts),
          })
        : new RateLimiterMemory(opts);
    }
  }
  async limit(name, ctx) {
    const limiter = this.limiters[name];
    if (!limiter) return;
    try {
      await limiter.consume(ctx.ip || 'unknown');
    } catch (r) {
      if (r instanceof Error) return; // the store failed: not the client's fault
      ctx.set('retry-after', String(Math.max(1, Math.ceil(r.msBeforeNext / 1000))));
      throw new LobbyError(
        429,
        'rate_limited',
        `too many requests to /${name} from this address; try again in ${Math.ceil(r.msBeforeNext / 1000)} s`,
      );
    }
  }

  /** The player a request is made by ({ id, name }), or a LobbyError 401. */
  async who(ctx) {
    if (this.authenticate) {
      const got = await this.authenticate(ctx.req);
      if (got === null || got === undefined)
        throw new LobbyError(401, 'not_signed_in', "the site did not recognise this request's player");
      const id = typeof got === 'object' ? got.playerID : got;
      if (!isID(id)) throw new Error('authenticate returned a player id that is not a string of 1 to 128 characters');
      const name =
        typeof got === 'object' && got.name !== undefined ? checkName(String(got.name)) : id.slice(0, NAME_MAX);
      if (this.named.get(id) !== name) {
        await this.store.namePlayer(id, name);
        this.named.set(id, name);
      }
      return { id, name };
    }
    const header = ctx.get('authorization');
    if (!header) throw new LobbyError(401, 'no_token', 'send Authorization: Bearer <token> (POST /players gives one)');
    const m = /^Bearer ([A-Za-z0-9_-]{1,64})$/.exec(header);
    const player = m ? await this.store.playerByToken(hashOf(m[1])) : null;
    if (!player) throw new LobbyError(401, 'bad_token', "this token is not a player's");
    return player;
  }

  middleware() {
    return async (ctx, next) => {
      // an error of what comes after (boardgame.io's own join) is boardgame.io's answer: passed on as it is
      let downstream = null;
      const passOn = () =>
        next().catch((e) => {
          downstream = e;
          throw e;
        });
      let handled;
      try {
        handled = await this.route(ctx, passOn);
      } catch (thrown) {
        if (downstream !== null && thrown === downstream) throw thrown;
        let e = thrown;
        if (!(e instanceof LobbyError)) {
          this.logLine(`lobby: ${ctx.method} ${ctx.path} failed (${firstLine(e)})`);
          e = new LobbyError(503, 'unavailable', 'the lobby could not answer now; try again');
        }
        ctx.status = e.status;
        ctx.body = { error: e.code, message: e.message };
        return;
      }
      if (handled === false) await next();
    };
  }

  async route(ctx, next) {
    const parts = ctx.path.split('/').filter(Boolean);
    const method = ctx.method;
    const answer = (body, status = 200) => {
      ctx.status = status;
      ctx.set('x-content-type-options', 'nosniff');
      ctx.body = body;
    };
    if (parts[0] === 'players' && parts.length === 1) {
      if (method !== 'POST') throw new LobbyError(405, 'method', 'POST /players');
      await this.limit('players', ctx);
      const body = await readJSON(ctx);
      return answer(await this.newPlayer(body.name), 201);
    }
    if (parts[0] === 'players' && parts.length === 2) {
      if (method !== 'GET') throw new LobbyError(405, 'method', 'GET /players/<playerID>');
      return answer(await this.playerView(decodeURIComponent(parts[1])));
    }
    if (parts[0] === 'seeks' && parts.length === 1) {
      if (method !== 'GET') throw new LobbyError(405, 'method', 'GET /seeks?game=<name>');
      return answer(await this.seeks(ctx.query.game, ctx.query.after));
    }
    if (parts[0] === 'seeks' && parts.length === 2) {
      if (method !== 'DELETE') throw new LobbyError(405, 'method', 'DELETE /seeks/<matchID>');
      const player = await this.who(ctx);
      return answer(await this.cancel(player, decodeURIComponent(parts[1])));
    }
    if (parts[0] === 'pair' && parts.length === 1) {
      if (method !== 'POST') throw new LobbyError(405, 'method', 'POST /pair');
      await this.limit('pair', ctx);
      const player = await this.who(ctx);
      const body = await readJSON(ctx);
      return answer(await this.pair(player, body.gameName, body.setupData));
    }
    // boardgame.io's own join and leave: with a player's token, the seat is the player's.
    if (
      parts[0] === 'games' &&
      parts.length === 4 &&
      method === 'POST' &&
      (parts[3] === 'join' || parts[3] === 'leave')
    ) {
      const [, gameName, matchID, what] = parts;
      // (a site's hook that knows no player lets the join go on without one)
      const player =
        what === 'join' && (this.authenticate || ctx.get('authorization'))
          ? await this.who(ctx).catch((e) => {
              if (this.authenticate && e.code === 'not_signed_in') return null;
              throw e;
            })
          : null;
      await next();
      if (ctx.status === 200 && ctx.body && typeof ctx.body === 'object') {
        // the seat is taken whatever happens here: a failure is logged, boardgame.io's answer stands
        await this.afterSeatChange(gameName, decodeURIComponent(matchID), what, player, ctx.body).catch((e) =>
          this.logLine(`lobby: match ${matchID}: the seat's player or seek not recorded (${firstLine(e)})`),
        );
      }
      return true;
    }
    return false;
  }

  async newPlayer(name) {
    if (this.authenticate) throw new LobbyError(404, 'site_accounts', "this server's players are its site's accounts");
    const trimmed = checkName(name);
    const token = secret();
    const id = newID();
    await this.store.addPlayer({ id, name: trimmed, tokenHash: hashOf(token) });
    return { playerID: id, token };
  }
  async playerView(id) {
    if (!isID(id)) throw new LobbyError(400, 'bad_player', 'a player id is 1 to 128 characters');
    const p = await this.store.player(id);
    if (!p) throw new LobbyError(404, 'no_player', `no player ${id}`);
    return { playerID: p.id, name: p.name, ratings: p.ratings };
  }
  gameOf(gameName) {
    if (typeof gameName !== 'string') throw new LobbyError(400, 'bad_game', "give the game's name (a string)");
    if (!this.games.has(gameName)) {
      throw new LobbyError(
        404,
        'unknown_game',
        `no game ${JSON.stringify(gameName)} on this server (${[...this.games.keys()].join(', ')})`,
      );
    }
    return this.games.get(gameName);
  }
  /** Open seats of a game, oldest first, 50 a page: { seeks, next }. */
  async seeks(gameName, after) {
    this.gameOf(gameName);
    let from = 0;
    if (after !== undefined) {
      if (typeof after !== 'string' || !/^\d{1,15}$/.test(after))
        throw new LobbyError(400, 'bad_cursor', 'after must be a cursor that GET /seeks gave');
      from = Number(after);
    }
    const rows = await this.store.seekList(gameName, from, PAGE + 1);
    const page = rows.slice(0, PAGE);
    return {
      seeks: page.map((s) => ({
        matchID: s.matchID,
        gameName: s.gameName,
        setupData: s.setupData ?? null,
        player: { playerID: s.playerID, name: s.name, rating: s.rating },
        createdAt: s.createdAt,
      })),
      next: rows.length > PAGE ? String(page[page.length - 1].seq) : null,
    };
  }
  checkSetup(game, setupData) {
    const problem = game.validateSetupData ? game.validateSetupData(setupData, 2) : undefined;
    if (problem !== undefined) throw new LobbyError(400, 'bad_setup', String(problem));
  }

  /**
   * Seat of `player` in the oldest open seat of another player of the same game and setup, else in a new
   * match of its own (seat '0'), the seek open: { matchID, playerID, credentials }. A player who has an open
   * seek in the pool gets that seat again.
   */
  async pair(player, gameName, setupData) {
    const game = this.gameOf(gameName);
    this.checkSetup(game, setupData);
    return this.store.inPool(poolOf(gameName, setupData), async (tx) => {
      const own = await tx.own(player.id);
      if (own) {
        const again = await this.seatHeld(own.matchID);
        if (again) return again;
        await tx.remove(own.matchID);
      }
      for (let seek = await tx.oldest(player.id); seek; seek = await tx.oldest(player.id)) {
        await tx.remove(seek.matchID);
        const seat = await this.takeSeat(seek.matchID, player.name);
        if (seat) {
          await tx.seat(seek.matchID, seat.playerID, player.id);
          this.stats.paired++;
          return seat;
        }
      }
      const made = await this.openMatch(game, setupData, player.name);
      await tx.seat(made.matchID, '0', player.id);
      await tx.add({ matchID: made.matchID, gameName, setupData, game: made.game, playerID: player.id });
      this.stats.opened++;
      return { matchID: made.matchID, playerID: '0', credentials: made.credentials };
    });
  }
  // The one seat taken of an open seek's match, as stored, when the match is not over (a pair pressed again).
  async seatHeld(matchID) {
    const { metadata } = await this.storage.fetch(matchID, { metadata: true });
    const taken = metadata ? SEATS.filter((s) => metadata.players?.[s]?.name) : [];
    if (taken.length !== 1 || metadata.gameover || !metadata.players[taken[0]].credentials) return null;
    return { matchID, playerID: taken[0], credentials: metadata.players[taken[0]].credentials };
  }
  // Takes the free seat of a match with one seat taken and not over; null when it has none, is gone or over.
  async takeSeat(matchID, name) {
    const { metadata } = await this.storage.fetch(matchID, { metadata: true });
    const free = metadata ? SEATS.filter((s) => metadata.players?.[s] && !metadata.players[s].name) : [];
    if (free.length !== 1 || (metadata.gameover !== undefined && metadata.gameover !== null)) return null;
    const seat = free[0];
    const credentials = secret();
    Object.assign(metadata.players[seat], { name, credentials });
    try {
      await this.storage.setMetadata(matchID, { ...metadata, updatedAt: Date.now() });
    } catch (e) {
      if (firstLine(e).includes('changed meanwhile')) return null; // CheckedStorage: the seat was taken meanwhile
      throw e;
    }
    return { matchID, playerID: seat, credentials };
  }
  async openMatch(game, setupData, name) {
    const made = this.createMatch({ game, numPlayers: 2, setupData });
    if (made.setupDataError !== undefined) throw new LobbyError(400, 'bad_setup', String(made.setupDataError));
    const credentials = secret();
    Object.assign(made.metadata.players['0'], { name, credentials });
    const matchID = newID();
    await this.storage.createMatch(matchID, made);
    return { matchID, credentials, game: ratedGame(made.initialState)?.game ?? game.name };
  }

  /** Closes `player`'s open seek of match `matchID`: the seat left, the match gone. */
  async cancel(player, matchID) {
    if (!isID(matchID)) throw new LobbyError(400, 'bad_match', 'a match id is 1 to 128 characters');
    const seek = await this.store.seekOf(matchID);
    if (!seek)
      throw new LobbyError(404, 'no_seek', `no open seek ${matchID} (it may have been paired: look at the match)`);
    if (seek.playerID !== player.id) throw new LobbyError(403, 'not_yours', "this seek is another player's");
    return this.store.inPool(seek.pool, async (tx) => {
      const own = await this.store.seekOf(matchID);
      if (!own || own.playerID !== player.id)
        throw new LobbyError(404, 'no_seek', `no open seek ${matchID} (it was paired meanwhile: look at the match)`);
      await tx.remove(matchID);
      // the seek's seat is the match's one seat taken: with it left the match is empty, and goes
      const { metadata } = await this.storage.fetch(matchID, { metadata: true });
      const taken = metadata ? SEATS.filter((s) => metadata.players?.[s]?.name) : [];
      if (metadata && taken.length <= 1) await this.storage.wipe(matchID);
      for (const seat of SEATS) await this.store.unseat(matchID, seat);
      return { matchID, cancelled: true };
    });
  }

  // After boardgame.io's own join or leave: the seat recorded as the player's (a join with a token), and
  // the match's seek opened (one seat of a player, one free) or closed.
  async afterSeatChange(gameName, matchID, what, player, body) {
    const seat = what === 'join' ? body.playerID : null;
    if (what === 'join' && player && SEATS.includes(seat)) await this.store.seat(matchID, seat, player.id);
    const { metadata, state } = await this.storage.fetch(matchID, { metadata: true, state: true });
    const taken = metadata ? SEATS.filter((s) => metadata.players?.[s]?.name) : [];
    const seek = await this.store.seekOf(matchID);
    if (what === 'leave') {
      const left = SEATS.find((s) => !taken.includes(s));
      if (left) await this.store.unseat(matchID, left);
    }
    const open =
      player &&
      what === 'join' &&
      taken.length === 1 &&
      taken[0] === seat &&
      metadata &&
      !metadata.gameover &&
      this.games.has(gameName);
    if (open && !seek) {
      const pool = poolOf(gameName, metadata.setupData);
      await this.store.inPool(pool, (tx) =>
        tx.add({
          matchID,
          gameName,
          setupData: metadata.setupData,
          game: ratedGame(state)?.game ?? gameName,
          playerID: player.id,
        }),
      );
    } else if (!open && seek) await this.store.dropSeek(matchID);
  }
}
