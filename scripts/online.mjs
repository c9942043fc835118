// The reference server for online play (`make online`): a boardgame.io Server running the games of
// steere-games/boardgameio, its lobby API, and the demo's files (www/ and pkg/) on one port.
//
//   node scripts/online.mjs [--port 8000] [--host localhost] [--db DIR] [--stop-with-stdin] [--verbose]
//
// Matches are kept in memory, or with --db DIR in that directory (boardgame.io's FlatFile), so that a
// restart keeps them. What it adds to boardgame.io (each described where it is done):
// - storage that checks every state it reads (a state edited by hand refuses its match, with a log line);
// - a guard on the sockets: a move's playerID must be the one its credentials were checked for, only moves
//   are taken (no events, undo, plugin actions or chat), and a sync for a match that does not exist is
//   dropped instead of creating one;
// - the static files, and /vendor/boardgameio.js, a browser build of boardgame.io's Client and SocketIO.
// Also importable: `const { url, stop } = await startServer({ port: 0, host: '127.0.0.1' })`.
import { createRequire } from 'node:module';
import { readFile, stat } from 'node:fs/promises';
import { join, normalize, sep, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { typeOf } from './mime.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** The games the reference server offers, by name (see README "Online play"). */
export async function defaultGames() {
  const { jokerballGame, zolaGame, matchGame } = await import(join(root, 'pkg', 'boardgameio.js'));
  const games = [];
  for (const rules of ['2025', 'classic']) {
    for (const size of [6, 4]) {
      const name = ['jokerball', rules === 'classic' ? 'classic' : '', size === 4 ? '4' : ''].filter(Boolean).join('-');
      games.push(jokerballGame({ rules, size, name }));
    }
  }
  for (const size of [6, 8, 10]) {
    for (const pie of [false, true]) {
      const name = ['zola', size === 6 ? '' : String(size), pie ? 'pie' : ''].filter(Boolean).join('-');
      games.push(zolaGame({ size, pie, name }));
    }
  }
  for (const length of [3, 5, 7]) {
    games.push(matchGame({ game: 'jokerball', length, cube: true, name: `jokerball-match-${length}` }));
    games.push(matchGame({ game: 'zola', length, cube: true, name: `zola-match-${length}` }));
  }
  return games;
}

// ---------------------------------------------------------------------------------------------------
// Storage.

// Matches in memory (boardgame.io's own InMemory is not exported): state, initial state, metadata, log.
class MemoryStore {
  constructor() {
    this.state = new Map();
    this.initial = new Map();
    this.metadata = new Map();
    this.log = new Map();
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

// Wraps a storage so that every state read is checked against its game (checkState: a legal state of the
// game's variant, replayed from its history). A match whose stored state fails is refused: reads give no
// state (boardgame.io then answers "game not found" to its moves), and a log line names it once.
class CheckedStorage {
  constructor(inner, games, checkState, log) {
    this.inner = inner;
    this.games = new Map(games.map((g) => [g.name, g]));
    this.checkState = checkState;
    this.logLine = log;
    this.gameOf = new Map(); // matchID -> game name
    this.refused = new Map(); // matchID -> reason
    this.busy = 0; // operations in flight, for settle()
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
  /** Resolves once no operation has been in flight for a moment (before the process exits). */
  async settle() {
    for (let quiet = 0; quiet < 3; ) {
      await new Promise((r) => setTimeout(r, 20));
      quiet = this.busy === 0 ? quiet + 1 : 0;
    }
  }
  type() {
    return 1; // boardgame.io's Type.ASYNC
  }
  connect() {
    return this.inner.connect();
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
  setState(id, state, deltalog) {
    return this.inner.setState(id, state, deltalog);
  }
  setMetadata(id, metadata) {
    return this.inner.setMetadata(id, metadata);
  }
  wipe(id) {
    this.gameOf.delete(id);
    this.refused.delete(id);
    return this.inner.wipe(id);
  }
  listMatches(opts) {
    return this.inner.listMatches(opts);
  }
  async fetch(id, opts) {
    const wantsState = opts.state || opts.initialState;
    const known = this.gameOf.get(id);
    const r = await this.inner.fetch(id, wantsState && !known && !opts.metadata ? { ...opts, metadata: true } : opts);
    if (!wantsState) return r;
    let gameName = known;
    if (!gameName && r.metadata) {
      gameName = r.metadata.gameName;
      this.gameOf.set(id, gameName);
    }
    if (!opts.metadata) delete r.metadata;
    const reason = this.problem(gameName, r);
    if (reason === null) {
      this.refused.delete(id);
      return r;
    }
    if (this.refused.get(id) !== reason) {
      this.refused.set(id, reason);
      this.logLine(`match ${id} (${gameName || 'unknown game'}) refused: its stored state ${reason}`);
    }
    return opts.metadata ? { metadata: r.metadata } : {};
  }
  problem(gameName, r) {
    const states = [r.state, r.initialState].filter((s) => s !== undefined);
    if (states.length === 0) return null;
    const game = this.games.get(gameName);
    if (!game) return `belongs to no game of this server (${JSON.stringify(gameName)})`;
    for (const s of states) {
      if (!s || typeof s !== 'object' || !s.ctx || typeof s.ctx !== 'object') return 'has no ctx';
      const error = this.checkState(game, s.G);
      if (error) return `is not a legal ${gameName} game (${error.code}: ${error.message})`;
      // boardgame.io's own record of the end must be the game's.
      if (JSON.stringify(s.ctx.gameover) !== JSON.stringify(game.endIf({ G: s.G }))) return 'has a gameover that its game does not have';
      if (s.ctx.numPlayers !== 2 || !['0', '1'].includes(s.ctx.currentPlayer)) return 'has players that its game does not have';
    }
    return null;
  }
}

// boardgame.io's FlatFile keeps each key in a file through node-persist, whose write queue (on by default)
// acknowledges a write only at its next one-second tick: every move would wait for it. FlatFile already
// orders the reads and writes of each key, so the queue is turned off and a write is acknowledged when
// the file is written.
function flatFileWithoutQueue(FlatFile) {
  return class extends FlatFile {
    async connect() {
      await this.games.init({ dir: this.dir, logging: this.logging, ttl: this.ttl, writeQueue: false });
    }
  };
}

// ---------------------------------------------------------------------------------------------------
// The socket guard. boardgame.io 0.50 checks a move's credentials for the playerID sent beside the action
// but runs the move as the playerID inside the action: where both players are active (a match), one could
// act for the other. Packets are checked before boardgame.io sees them; a packet that fails is dropped.

function guardSockets(app, games, db, logLine) {
  const io = app._io;
  if (!io || typeof io.of !== 'function') throw new Error('online: no socket.io server to guard');
  for (const game of games) {
    io.of(game.name).use((socket, next) => {
      socket.use((packet, pass) => {
        checkPacket(packet, db)
          .then((ok) => {
            if (ok) pass();
          })
          .catch((e) => logLine(`socket packet refused: ${e && e.message}`));
      });
      next();
    });
  }
}

const isId = (s) => typeof s === 'string' && s.length > 0 && s.length <= 128;

async function checkPacket([event, ...args], db) {
  if (event === 'update') {
    const [action, stateID, matchID, playerID] = args;
    if (!action || typeof action !== 'object' || action.type !== 'MAKE_MOVE') return false;
    const p = action.payload;
    if (!p || typeof p !== 'object' || typeof p.type !== 'string') return false;
    if (!isId(matchID) || !Number.isInteger(stateID)) return false;
    if (playerID !== '0' && playerID !== '1') return false;
    return p.playerID === playerID;
  }
  if (event === 'sync') {
    const [matchID, playerID] = args;
    if (!isId(matchID)) return false;
    if (playerID !== undefined && playerID !== null && playerID !== '0' && playerID !== '1') return false;
    const { metadata, state } = await db.fetch(matchID, { metadata: true, state: true });
    return Boolean(metadata && state);
  }
  return false; // chat and anything else
}

// ---------------------------------------------------------------------------------------------------
// Static files: www/ and pkg/ only, and the browser build of boardgame.io's client.

async function vendorBundle() {
  const { build } = await import('esbuild');
  const out = await build({
    stdin: {
      contents: "export { Client } from 'boardgame.io/client';\nexport { SocketIO } from 'boardgame.io/multiplayer';\n",
      resolveDir: root,
      loader: 'js',
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  });
  return Buffer.from(out.outputFiles[0].contents);
}

function staticFiles(vendor) {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const path = ctx.path;
    if (path === '/' || path === '/www') {
      ctx.redirect('/www/');
      return;
    }
    if (path === '/vendor/boardgameio.js' && vendor) {
      ctx.type = typeOf(path);
      ctx.set('cache-control', 'no-cache');
      ctx.body = vendor;
      return;
    }
    const top = path.split('/')[1];
    if (top !== 'www' && top !== 'pkg') return next();
    const base = join(root, top);
    let file = normalize(join(root, path));
    if (file !== base && !file.startsWith(base + sep)) {
      ctx.status = 403;
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) {
        if (!path.endsWith('/')) {
          ctx.redirect(path + '/');
          return;
        }
        file = join(file, 'index.html');
      }
      const body = await readFile(file);
      ctx.type = typeOf(file);
      ctx.set('cache-control', 'no-cache');
      ctx.body = body;
    } catch {
      ctx.status = 404;
      ctx.body = 'not found';
    }
  };
}

// ---------------------------------------------------------------------------------------------------

/**
 * Starts the server; resolves to { url, port, games, stop }. Options: port (0: a free one), host,
 * db (a directory for FlatFile; none: memory), games (default defaultGames()), log (a line printer),
 * vendor (build /vendor/boardgameio.js, default true).
 */
export async function startServer({ port = 8000, host = 'localhost', db, games, log = (l) => console.log(l), vendor = true } = {}) {
  const { Server, FlatFile, Origins } = require('boardgame.io/server');
  const { checkState } = await import(join(root, 'pkg', 'boardgameio.js'));
  games = games || (await defaultGames());
  const logLine = (line) => log(`online: ${line}`);
  const inner = db ? new (flatFileWithoutQueue(FlatFile))({ dir: resolve(db) }) : new MemoryStore();
  const storage = new CheckedStorage(inner, games, checkState, logLine);
  const server = Server({ games, db: storage, origins: [Origins.LOCALHOST] });
  guardSockets(server.app, games, storage, logLine);
  let bundle = null;
  if (vendor) {
    try {
      bundle = await vendorBundle();
    } catch (e) {
      logLine(`no /vendor/boardgameio.js (${e.message.split('\n')[0]})`);
    }
  }
  server.app.use(staticFiles(bundle));
  const running = await server.run({ port: { port, host } });
  const address = running.appServer.address();
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const url = `http://${shown.includes(':') ? `[${shown}]` : shown}:${address.port}`;
  let stopping = null;
  const stop = () => (stopping ??= close());
  const close = async () => {
    await new Promise((done) => {
      server.app._io.close?.();
      running.appServer.close(() => done());
      running.appServer.closeAllConnections?.();
    });
    // The disconnections just made are written (boardgame.io records who is connected) before the end.
    await storage.settle();
  };
  return { url, port: address.port, games, stop, storage };
}

function parseArgs(argv) {
  const o = { port: 8000, host: 'localhost', db: undefined, stopWithStdin: false, verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--port') o.port = Number(argv[++i]);
    else if (a === '--host') o.host = argv[++i];
    else if (a === '--db') o.db = argv[++i];
    else if (a === '--stop-with-stdin') o.stopWithStdin = true;
    else if (a === '--verbose') o.verbose = true;
    else throw new Error(`online: unknown argument ${a}`);
  }
  if (!Number.isInteger(o.port) || o.port < 0 || o.port > 65535) throw new Error('online: --port 0..65535');
  if (o.db === '') throw new Error('online: --db needs a directory');
  return o;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(resolve(process.argv[1]))) {
  const o = parseArgs(process.argv.slice(2));
  // boardgame.io logs every refused action to the console outside production; the server logs its own lines.
  if (!o.verbose && process.env.NODE_ENV === undefined) process.env.NODE_ENV = 'production';
  process.on('unhandledRejection', (e) => console.error(`online: internal error: ${e && e.stack ? e.stack : e}`));
  const { url, games, stop } = await startServer({ port: o.port, host: o.host, db: o.db });
  console.log(`online: listening on ${url} (demo ${url}/www/, lobby ${url}/games)`);
  console.log(`online: games ${games.map((g) => g.name).join(', ')}; matches ${o.db ? `in ${resolve(o.db)}` : 'in memory'}`);
  const quit = () => stop().then(() => process.exit(0));
  process.on('SIGINT', quit);
  process.on('SIGTERM', quit);
  if (o.stopWithStdin) {
    process.stdin.on('end', quit);
    process.stdin.on('close', quit);
    process.stdin.resume();
  }
}
