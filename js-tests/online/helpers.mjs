// Helpers of the online suites: the reference server as a child process bound to 127.0.0.1 (it stops when
// its standard input closes, so it never outlives the test), the lobby, boardgame.io socket clients, and a
// driver that plays a match move by move through the client of the seat to act.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { chooser } from '../prng.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
// boardgame.io logs every refused action outside production; the suites refuse many on purpose.
process.env.NODE_ENV ??= 'production';
export const { Client } = require('boardgame.io/client');
export const { SocketIO } = require('boardgame.io/multiplayer');
export const adapter = await import(join(root, 'pkg', 'boardgameio.js'));
export const engine = await import(join(root, 'pkg', 'node.js'));

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts scripts/online.mjs (of `home`, another checkout with its own pkg/, to compare two versions of the
 * server in one run); resolves to { url, lines, stop, exited }.
 */
export async function startServer({
  db,
  postgres,
  redis,
  env,
  port = 0,
  nodeArgs = [],
  abandonMs,
  home = root,
  args: more = [],
} = {}) {
  const args = [
    ...nodeArgs,
    join(home, 'scripts', 'online.mjs'),
    '--port',
    String(port),
    '--host',
    '127.0.0.1',
    '--stop-with-stdin',
    ...more,
  ];
  if (abandonMs !== undefined) args.push('--abandon-ms', String(abandonMs));
  if (db) args.push('--db', db);
  if (postgres) args.push('--postgres', postgres);
  if (redis) args.push('--redis', redis);
  const child = spawn(process.execPath, args, {
    cwd: home,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', ...env },
  });
  const lines = [];
  const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${lines.join('\n')}`)), 30000);
    const take = (stream) => {
      let rest = '';
      stream.on('data', (chunk) => {
        rest += chunk;
        for (let i = rest.indexOf('\n'); i >= 0; i = rest.indexOf('\n')) {
          const line = rest.slice(0, i);
          rest = rest.slice(i + 1);
          lines.push(line);
          const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        }
      });
    };
    take(child.stdout);
    take(child.stderr);
    exited.then(() => reject(new Error(`server exited:\n${lines.join('\n')}`)));
  });
  const stop = async () => {
    child.stdin.end();
    const killer = setTimeout(() => child.kill('SIGKILL'), 10000);
    const r = await exited;
    clearTimeout(killer);
    return r;
  };
  return { url, lines, stop, exited, child };
}

/** Creates a match of `gameName` and joins both seats; resolves to { matchID, seats: [{ playerID, credentials }] }. */
export async function newMatch(url, gameName, { setupData } = {}) {
  const post = async (path, body) => {
    const res = await fetch(`${url}/games/${gameName}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    assert.equal(res.status, 200, `${path}: ${res.status} ${await res.clone().text()}`);
    return res.json();
  };
  const { matchID } = await post('/create', setupData === undefined ? { numPlayers: 2 } : { numPlayers: 2, setupData });
  const seats = [];
  for (const playerID of ['0', '1']) {
    const { playerCredentials } = await post(`/${matchID}/join`, { playerName: `p${playerID}`, playerID });
    seats.push({ playerID, credentials: playerCredentials });
  }
  return { matchID, seats };
}

/**
 * Waiting on a client's state, which `current()` gives: call `notify()` at every change of it;
 * `waitFor(pred, ms, what)` resolves to the state once pred(state) holds (checked at once and at every
 * change), or rejects after `ms` naming `what` and then `who`.
 */
export function stateWaiters(current, who = '') {
  const waiters = new Set();
  return {
    notify() {
      for (const w of [...waiters]) w();
    },
    waitFor(pred, ms = 10000, what = 'a state') {
      return new Promise((resolve, reject) => {
        const check = () => {
          const s = current();
          if (s && pred(s)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(s);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${what}${who}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
  };
}

/**
 * A boardgame.io socket client of one seat. The game object is the client's own (built by `makeGame`),
 * with `roll` instrumented: `rollsRun` counts how often the client ran it (it must never).
 */
export function connect(url, makeGame, matchID, seat) {
  const game = makeGame();
  let rollsRun = 0;
  if (game.moves.roll) {
    const inner = game.moves.roll.move;
    const move = (...a) => {
      rollsRun++;
      return inner(...a);
    };
    game.moves.roll = { ...game.moves.roll, move };
  }
  const client = Client({
    game,
    multiplayer: SocketIO({ server: url }),
    matchID,
    playerID: seat ? seat.playerID : undefined,
    credentials: seat ? seat.credentials : undefined,
    numPlayers: 2,
    debug: false,
  });
  const seatID = seat ? seat.playerID : null;
  const { notify, waitFor } = stateWaiters(() => client.getState(), ` (seat ${seatID})`);
  client.subscribe(notify);
  client.start();
  const c = {
    client,
    seat: seatID,
    get rollsRun() {
      return rollsRun;
    },
    state: () => client.getState(),
    /** Resolves when pred(state) holds (checked at every change), or rejects after `ms`. */
    waitFor,
    stop: () => client.stop(),
  };
  return c;
}

/** Both seats' clients, synced. */
export async function connectBoth(url, makeGame, matchID, seats) {
  const clients = seats.map((s) => connect(url, makeGame, matchID, s));
  await Promise.all(clients.map((c) => c.waitFor((s) => s.G?.state, 10000, 'the first sync')));
  return clients;
}

/** The seat to act in G: the engine's player to move, or the one to answer a double; null otherwise. */
export function seatToAct(G) {
  const e = adapter.engineOf(G);
  try {
    const swapped = G.state.game === 'zola' ? e.swapped : false;
    const seat = (colour) => ((colour === 'red') !== swapped ? '0' : '1');
    if (G.state.game === 'match') {
      if (e.phase === 'playing') return seat(e.turn);
      if (e.phase === 'double') return seat(e.pendingDouble === 'red' ? 'blue' : 'red');
      return null;
    }
    return e.phase === 'over' ? null : seat(e.turn);
  } finally {
    e.free();
  }
}

/**
 * Sends a move from client `from` and waits until every client has the next state; checks that all
 * clients then hold the same G. Resolves to that state.
 */
export async function send(clients, from, name, ...args) {
  const before = clients[0].state()._stateID;
  assert.equal(
    adapter.whyIllegal(from.state().G, from.seat, name, ...args),
    null,
    `${name} ${args} is legal for seat ${from.seat}`,
  );
  from.client.moves[name](...args);
  const states = await Promise.all(
    clients.map((c) => c.waitFor((s) => s._stateID > before, 10000, `the state after ${name} ${args.join(' ')}`)),
  );
  for (const s of states) {
    assert.equal(s._stateID, before + 1);
    assert.deepEqual(s.G, states[0].G);
  }
  return states[0];
}

/** Sends a move as the client of `c` would, also one its game does not have. */
export function rawMove(c, name, args) {
  const { socket } = c.client.transport;
  const payload = { type: name, args, playerID: c.seat, credentials: c.client.credentials };
  socket.emit('update', { type: 'MAKE_MOVE', payload }, c.state()._stateID, c.client.matchID, c.seat);
}

/** Sends a move that must be refused and checks that no client's state changes. */
export async function refused(clients, from, name, ...args) {
  const before = clients.map((c) => JSON.stringify([c.state()._stateID, c.state().G, c.state().ctx]));
  if (typeof from.client.moves[name] === 'function') from.client.moves[name](...args);
  else rawMove(from, name, args);
  await sleep(60);
  for (const [i, c] of clients.entries()) {
    assert.equal(
      JSON.stringify([c.state()._stateID, c.state().G, c.state().ctx]),
      before[i],
      `${name} ${JSON.stringify(args)} from seat ${from.seat} changed a state`,
    );
  }
}

/** A small seeded generator for choosing moves: chooser(seed)(n) is a whole number below n. */
export { chooser };

/**
 * Plays until `done(G)` through the client of the seat to act: Jokerball rolls, then random legal moves
 * (Zola prefers captures); `cube(G, engine)` may return a cube move ('double', 'take', 'drop') to send
 * instead, and a finished game of a match goes on with nextGame from `nextFrom`'s seat. Resolves to
 * the number of moves sent.
 */
export async function playUntil(clients, done, { seed = 1, cube, nextFrom = 1, maxMoves = 20000 } = {}) {
  const pick = chooser(seed);
  let sent = 0;
  for (;;) {
    const { G } = clients[0].state();
    if (done(G)) return sent;
    assert.ok(sent++ < maxMoves, 'the game did not end');
    const e = adapter.engineOf(G);
    let name;
    let args = [];
    let from;
    try {
      const isMatch = G.state.game === 'match';
      const seat = seatToAct(G);
      if (isMatch && e.phase === 'game-over') {
        from = clients[nextFrom];
        name = 'nextGame';
      } else {
        from = clients.find((c) => c.seat === seat);
        const cubeMove = cube ? cube(G, e) : null;
        const gamePhase = isMatch ? e.gamePhase : e.phase;
        if (cubeMove) name = cubeMove;
        else if (gamePhase === 'roll') name = 'roll';
        else {
          const moves = e.legalMoves();
          const caps = moves.filter((m) => m.includes('x'));
          const pool =
            G.state.game === 'zola' || (isMatch && G.state.variant === 'zola') ? (caps.length ? caps : moves) : moves;
          name = 'play';
          args = [pool[pick(pool.length)]];
        }
      }
    } finally {
      e.free();
    }
    await send(clients, from, name, ...args);
  }
}

/** The boardgame.io game over of a state, when it is over. */
export const gameover = (c) => c.state().ctx.gameover;

/**
 * A suite on several processes: before its tests, PostgreSQL and Redis (scripts/services.mjs: free ports of
 * 127.0.0.1, a temporary directory) and `processes` reference servers on them; after them (also when a test
 * failed), every client made by `connect` is stopped, then the servers, Redis and PostgreSQL, and the
 * directory removed (`args`: more arguments of every server, or a function of the server's index giving
 * them). Returns { servers, connect, pg(), rd() }; the servers must log no internal error.
 */
export function clusterSuite(hooks, { processes, name, abandonMs, args }) {
  const state = { pg: null, rd: null, dir: null };
  const servers = [];
  const made = [];
  hooks.before(async () => {
    // A suite ended by a signal (make's timeout) exits through process.exit: PostgreSQL and Redis stop with it.
    for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => process.exit(130));
    const { mkdtempSync, chmodSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { postgres, redis } = await import('../../scripts/services.mjs');
    state.dir = mkdtempSync(join(tmpdir(), `steere-${name}-`));
    chmodSync(state.dir, 0o755);
    state.pg = await postgres({ dir: join(state.dir, 'pg') });
    state.rd = await redis({ dir: join(state.dir, 'redis') });
    // One after the other: the first makes the table.
    for (let i = 0; i < processes; i++) {
      const more = typeof args === 'function' ? args(i) : args;
      servers.push(await startServer({ postgres: state.pg.url, redis: state.rd.url, abandonMs, args: more }));
    }
  });
  hooks.after(async () => {
    for (const c of made) {
      try {
        c.stop();
      } catch {
        // stopped already
      }
    }
    for (const s of servers) await s.stop();
    if (state.rd) await state.rd.stop();
    if (state.pg) await state.pg.stop();
    if (state.dir) (await import('node:fs')).rmSync(state.dir, { recursive: true, force: true });
    for (const s of servers)
      assert.deepEqual(
        s.lines.filter((l) => /internal error/.test(l)),
        [],
        s.lines.join('\n'),
      );
  });
  return {
    servers,
    pg: () => state.pg,
    rd: () => state.rd,
    connect(...args) {
      const c = connect(...args);
      made.push(c);
      return c;
    },
  };
}

/** A request to the lobby: resolves to { status, body, headers }. */
export async function call(url, method, path, { body, token, headers = {} } = {}) {
  const res = await fetch(url + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: json, text, headers: res.headers };
}

/**
 * The first ```js block after the heading `heading` of docs/online.md, with the package's names pointed at
 * this repository's pkg/, written to test-output/<name>-<pid>.mjs: resolves to { file, code } (the block as
 * the documentation has it).
 */
export async function docExample(heading, name) {
  const { readFileSync, writeFileSync, mkdirSync } = await import('node:fs');
  const doc = readFileSync(join(root, 'docs', 'online.md'), 'utf8');
  const code = /```js\n([\s\S]*?)```/.exec(doc.slice(doc.indexOf(heading)))[1];
  const local = code
    .replace("'steere-games/boardgameio/server'", `'${join(root, 'pkg', 'boardgameio-server.js')}'`)
    .replace("'steere-games/boardgameio'", `'${join(root, 'pkg', 'boardgameio.js')}'`);
  assert.notEqual(local, code, 'the example imports the package by its name');
  mkdirSync(join(root, 'test-output'), { recursive: true });
  const file = join(root, 'test-output', `${name}-${process.pid}.mjs`);
  writeFileSync(file, local);
  return { file, code };
}
