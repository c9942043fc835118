// The reference server for online play (`make online`): a boardgame.io Server running the games of
// steere-games/boardgameio, its lobby API, and the demo's files (www/ and pkg/) on one port.
//
//   node scripts/online.mjs [--port 8000] [--host localhost] [--db DIR | --postgres URL] [--redis URL]
//                           [--abandon-ms N] [--rate-players N] [--rate-pair N] [--sid-prefix P]
//                           [--stop-with-stdin] [--verbose]
//
// Matches are kept in memory, or with --db DIR in that directory (boardgame.io's FlatFile), so that a
// restart keeps them, or with --postgres URL in PostgreSQL (bgio-postgres); with --redis URL the updates
// go between processes through Redis, so that any number of processes on the same two URLs serve the same
// matches. What it adds to boardgame.io comes from steere-games/boardgameio/server
// (js/online/boardgameio-server.js):
// - storage that checks every state it reads (a state edited by hand refuses its match, with a log line),
//   writes a state only over the one it was made from, and publishes an update only once it is stored;
// - a guard on the sockets: a move's playerID must be the one its credentials were checked for, only moves
//   are taken (no events, undo, plugin actions or chat), a sync for a match that does not exist is
//   dropped instead of creating one, and a move on an old state is answered with the stored state;
// - clocks: a timed game is lost at its deadline by the server itself (a timer in one process; with --redis,
//   BullMQ jobs that any process runs), and a casual game's player may claim the win after the other has been
//   away --abandon-ms (default 120000);
// - players with tokens, open seats, quick pairing and ratings (PlayerLobby: POST /players, GET /players/<id>,
//   GET /seeks, POST /pair, DELETE /seeks/<matchID>), POST /players and /pair limited per address
//   (--rate-players, default 10 a minute; --rate-pair, default 60; 0: no limit);
// - the static files, and /vendor/boardgameio.js, a browser build of boardgame.io's Client and SocketIO.
// Also importable: `const { url, stop } = await startServer({ port: 0, host: '127.0.0.1' })`.
import { createRequire } from 'node:module';
import { readFile, stat } from 'node:fs/promises';
import { join, normalize, sep, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { typeOf } from './mime.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** The time controls of the clocked variants (any game also takes one from the lobby's setupData). */
export const TIME_CONTROLS = {
  // 5 minutes each and 5 seconds added after every turn (lichess' blitz).
  blitz: { delayMs: 0, reserveMs: 300000, incrementMs: 5000 },
  // Backgammon's (USBGF): a 12-second delay per turn and 2 minutes per match point.
  backgammon: (points) => ({ delayMs: 12000, reserveMs: 120000 * points, incrementMs: 0 }),
};

/**
 * The games the reference server offers, by name (see README "Online play"): casual ones, whose player may
 * claim the win after the other has been away `abandonMs`, and clocked variants (`-blitz`, and matches
 * `-clock` with backgammon's control).
 */
export async function defaultGames({ abandonMs } = {}) {
  const { jokerballGame, zolaGame, matchGame } = await import(join(root, 'pkg', 'boardgameio.js'));
  const games = [];
  const time = abandonMs === undefined ? {} : { abandonMs };
  for (const rules of ['2025', 'classic']) {
    for (const size of [6, 4]) {
      const name = ['jokerball', rules === 'classic' ? 'classic' : '', size === 4 ? '4' : ''].filter(Boolean).join('-');
      games.push(jokerballGame({ rules, size, name, ...time }));
    }
  }
  games.push(jokerballGame({ name: 'jokerball-blitz', clock: TIME_CONTROLS.blitz }));
  for (const size of [6, 8, 10]) {
    for (const pie of [false, true]) {
      const name = ['zola', size === 6 ? '' : String(size), pie ? 'pie' : ''].filter(Boolean).join('-');
      games.push(zolaGame({ size, pie, name, ...time }));
    }
  }
  games.push(zolaGame({ name: 'zola-blitz', clock: TIME_CONTROLS.blitz }));
  for (const length of [3, 5, 7]) {
    games.push(matchGame({ game: 'jokerball', length, cube: true, name: `jokerball-match-${length}`, ...time }));
    games.push(matchGame({ game: 'zola', length, cube: true, name: `zola-match-${length}`, ...time }));
  }
  for (const length of [3, 5]) {
    games.push(
      matchGame({
        game: 'jokerball',
        length,
        cube: true,
        name: `jokerball-match-${length}-clock`,
        clock: TIME_CONTROLS.backgammon(length),
      }),
    );
    games.push(
      matchGame({
        game: 'zola',
        length,
        cube: true,
        name: `zola-match-${length}-clock`,
        clock: TIME_CONTROLS.backgammon(length),
      }),
    );
  }
  return games;
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
          ctx.redirect(`${path}/`);
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
 * Starts the server; resolves to { url, port, games, stop, storage, clocks }. Options: port (0: a free one),
 * host, db (a directory for FlatFile), postgres and redis (URLs: matches in PostgreSQL, updates through Redis
 * and clock jobs in BullMQ on it; several processes then serve the same matches), none of them: memory; games
 * (default defaultGames({ abandonMs })), abandonMs, log (a line printer), vendor (build
 * /vendor/boardgameio.js, default true).
 */
export async function startServer({
  port = 8000,
  host = 'localhost',
  db,
  postgres,
  redis,
  sidPrefix,
  games,
  abandonMs,
  ratePlayers = 10,
  ratePair = 60,
  log = (l) => console.log(l),
  vendor = true,
} = {}) {
  const { Server, FlatFile, Origins, SocketIO } = require('boardgame.io/server');
  const {
    CheckedStorage,
    MemoryStore,
    LocalPubSub,
    RedisPubSub,
    guardSockets,
    ServerClocks,
    TimerScheduler,
    BullScheduler,
    SeatLeases,
    PlayerLobby,
    MemoryLobbyStore,
    PostgresLobbyStore,
  } = await import(join(root, 'pkg', 'boardgameio-server.js'));
  games = games || (await defaultGames({ abandonMs }));
  const logLine = (line) => log(`online: ${line}`);
  let inner;
  if (postgres) {
    const { PostgresStore } = require('bgio-postgres');
    inner = new PostgresStore(postgres, { logging: false, pool: { max: 5 } });
  } else if (db) inner = new (flatFileWithoutQueue(FlatFile))({ dir: resolve(db) });
  else inner = new MemoryStore();
  const storage = new CheckedStorage(inner, games, { log: logLine });
  const bus = redis ? new RedisPubSub({ url: redis, log: logLine }) : new LocalPubSub();
  if (redis) await bus.connect();
  // Fault injection for the tests (js-tests/online/cluster.test.mjs): the process dies (SIGKILL) at its N-th
  // update, once the update's state is stored and before it is published.
  const crashAt = Number(process.env.STEERE_ONLINE_CRASH_BEFORE_PUBLISH || 0);
  if (crashAt > 0) {
    let updates = 0;
    const publish = bus.publish.bind(bus);
    bus.publish = (channel, payload) => {
      if (payload && payload.type === 'update' && ++updates === crashAt) process.kill(process.pid, 'SIGKILL');
      else publish(channel, payload);
    };
  }
  const pubSub = storage.publishAfterWrite(bus);
  const scheduler = redis ? new BullScheduler({ url: redis, log: logLine }) : new TimerScheduler();
  // on several processes, the seats of a process that dies are recorded as away (SeatLeases)
  const leases = redis ? new SeatLeases({ url: redis, log: logLine }) : null;
  const clocks = new ServerClocks({ storage, pubSub, games, scheduler, leases, log: logLine });
  await clocks.start();
  const server = Server({ games, db: storage, origins: [Origins.LOCALHOST], transport: new SocketIO({ pubSub }) });
  guardSockets(server, games, storage, { log: logLine });
  // Players, open seats, pairing and ratings: in PostgreSQL (tables of the lobby's own) with --postgres,
  // else in memory; the rate limits per address in Redis with --redis.
  const perMinute = (points) => (points > 0 ? { points, duration: 60 } : null);
  const lobby = new PlayerLobby({
    games,
    storage,
    store: postgres ? new PostgresLobbyStore({ url: postgres }) : new MemoryLobbyStore(),
    rateLimits: { players: perMinute(ratePlayers), pair: perMinute(ratePair) },
    redis,
    log: logLine,
  });
  await lobby.install(server);
  // Fault injection for the tests (js-tests/online/lobby-cluster.test.mjs): the process dies (SIGKILL) at the
  // first match end it rates, 'before' the transaction that stores the end and the rating commits, or
  // 'after' it.
  const crashAtEnd = process.env.STEERE_ONLINE_CRASH_AT_END;
  if (crashAtEnd === 'before') {
    const onEnd = storage.onEnd;
    storage.onEnd = async (client, id, state) => {
      const r = await onEnd(client, id, state);
      if (r) process.kill(process.pid, 'SIGKILL');
      return r;
    };
  } else if (crashAtEnd === 'after') {
    const setState = storage.setState;
    storage.setState = async (id, state, deltalog) => {
      const ok = await setState(id, state, deltalog);
      if (ok && state.ctx.gameover !== undefined && lobby.stats.rated > 0) process.kill(process.pid, 'SIGKILL');
      return ok;
    };
  }
  if (sidPrefix) {
    // Behind a proxy (make online-cluster): socket.io's session ids name their process, so that nginx
    // sends each request of a session (long polling, then the websocket) to the process that made it.
    const engine = server.app._io.engine;
    const base = engine.generateId.bind(engine);
    engine.generateId = (req) => sidPrefix + base(req);
  }
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
    await clocks.close();
    await lobby.close();
    if (redis) await bus.close();
    if (postgres) await inner.sequelize.close().catch(() => {});
  };
  return { url, port: address.port, games, stop, storage, clocks, lobby };
}

function parseArgs(argv) {
  const o = {
    port: 8000,
    host: 'localhost',
    db: undefined,
    postgres: undefined,
    redis: undefined,
    stopWithStdin: false,
    verbose: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--port') o.port = Number(argv[++i]);
    else if (a === '--host') o.host = argv[++i];
    else if (a === '--db') o.db = argv[++i];
    else if (a === '--postgres') o.postgres = argv[++i];
    else if (a === '--redis') o.redis = argv[++i];
    else if (a === '--sid-prefix') o.sidPrefix = argv[++i];
    else if (a === '--abandon-ms') o.abandonMs = Number(argv[++i]);
    else if (a === '--rate-players') o.ratePlayers = Number(argv[++i]);
    else if (a === '--rate-pair') o.ratePair = Number(argv[++i]);
    else if (a === '--stop-with-stdin') o.stopWithStdin = true;
    else if (a === '--verbose') o.verbose = true;
    else throw new Error(`online: unknown argument ${a}`);
  }
  if (!Number.isInteger(o.port) || o.port < 0 || o.port > 65535) throw new Error('online: --port 0..65535');
  if (o.db === '') throw new Error('online: --db needs a directory');
  if (o.abandonMs !== undefined && !(Number.isInteger(o.abandonMs) && o.abandonMs >= 1000 && o.abandonMs <= 86400000)) {
    throw new Error('online: --abandon-ms 1000..86400000');
  }
  for (const k of ['ratePlayers', 'ratePair']) {
    if (o[k] !== undefined && !(Number.isInteger(o[k]) && o[k] >= 0 && o[k] <= 1000000))
      throw new Error('online: --rate-players and --rate-pair: 0..1000000 a minute (0: no limit)');
  }
  if (o.db !== undefined && o.postgres !== undefined) throw new Error('online: --db or --postgres, not both');
  if (o.sidPrefix !== undefined && !/^[A-Za-z0-9_-]{1,16}$/.test(o.sidPrefix))
    throw new Error('online: --sid-prefix: 1 to 16 letters, digits, _ or -');
  for (const k of ['postgres', 'redis'])
    if (o[k] !== undefined && !/^[a-z]+:\/\/\S+$/.test(o[k])) throw new Error(`online: --${k} needs a URL`);
  return o;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(resolve(process.argv[1]))) {
  const o = parseArgs(process.argv.slice(2));
  // boardgame.io logs every refused action to the console outside production; the server logs its own lines.
  if (!o.verbose && process.env.NODE_ENV === undefined) process.env.NODE_ENV = 'production';
  process.on('unhandledRejection', (e) => console.error(`online: internal error: ${e?.stack ? e.stack : e}`));
  const { url, games, stop } = await startServer({
    port: o.port,
    host: o.host,
    db: o.db,
    postgres: o.postgres,
    redis: o.redis,
    sidPrefix: o.sidPrefix,
    abandonMs: o.abandonMs,
    ratePlayers: o.ratePlayers,
    ratePair: o.ratePair,
  });
  console.log(`online: listening on ${url} (demo ${url}/www/, lobby ${url}/games)`);
  console.log(
    `online: games ${games.map((g) => g.name).join(', ')}; matches ${o.postgres ? 'in PostgreSQL' : o.db ? `in ${resolve(o.db)}` : 'in memory'}${o.redis ? ', updates through Redis' : ''}`,
  );
  const quit = () => stop().then(() => process.exit(0));
  process.on('SIGINT', quit);
  process.on('SIGTERM', quit);
  if (o.stopWithStdin) {
    process.stdin.on('end', quit);
    process.stdin.on('close', quit);
    process.stdin.resume();
  }
}
