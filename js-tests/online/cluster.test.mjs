// Online play on several processes (API.md "Online play on several processes"): server processes on one
// PostgreSQL and one Redis, both started here on free ports with temporary data and stopped at the end.
// The seats of a match are on different processes; a process killed with SIGKILL loses no acknowledged
// move; an action sent twice is applied once; a state edited in the database refuses its match only.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import {
  root,
  adapter,
  startServer,
  newMatch,
  playUntil,
  rawMove,
  sleep,
  seatToAct,
  clusterSuite,
} from './helpers.mjs';
import { freePort } from '../../scripts/services.mjs';

const require = createRequire(import.meta.url);
const { jokerballGame, zolaGame, matchGame } = adapter;
const suite = clusterSuite({ before, after }, { processes: 3, name: 'cluster' });
const { servers, connect } = suite;

const jb = () => jokerballGame({ rules: '2025', size: 4, name: 'jokerball-4' });
const zo = () => zolaGame({ size: 6, name: 'zola' });
const jm = () => matchGame({ game: 'jokerball', length: 3, cube: true, name: 'jokerball-match-3' });
const over = (G) => G.state.phase === 'over';

// A client that records every history it was shown (what its player saw acknowledged).
function watched(url, make, matchID, seat, seen) {
  const c = connect(url, make, matchID, seat);
  c.client.subscribe((s) => {
    if (s?.G?.state) seen.push(s.G.state.history ?? s.G.state.games);
  });
  return c;
}
function phaseOf(G) {
  const e = adapter.engineOf(G);
  try {
    return e.phase;
  } finally {
    e.free();
  }
}
const synced = (clients) => Promise.all(clients.map((c) => c.waitFor((s) => s.G?.state, 15000, 'the first sync')));

/**
 * A new match `name` (made by `make`) on the first server, seat 0 playing through `victim`, seat 1 through the
 * second server, each update of either recorded in `seen`: { matchID, seats, seen, clients } once both synced.
 */
async function againstVictim(victim, make, name) {
  const { matchID, seats } = await newMatch(servers[0].url, name);
  const seen = [];
  const clients = [
    watched(victim.url, make, matchID, seats[0], seen),
    watched(servers[1].url, make, matchID, seats[1], seen),
  ];
  await synced(clients);
  return { matchID, seats, seen, clients };
}

// Every history seen is where the final one starts.
function noneLost(seen, final) {
  for (const h of seen) {
    const prefix = JSON.stringify(h).slice(0, -1);
    assert.ok(JSON.stringify(final).startsWith(prefix), `seen ${JSON.stringify(h)}, final ${JSON.stringify(final)}`);
  }
}

async function stored(matchID) {
  const res = await fetch(`${servers[0].url}/games/jokerball-4/${matchID}`);
  return res.json();
}

test('two seats on two processes play whole Jokerball and Zola games', async () => {
  for (const [name, make, seed] of [
    ['jokerball-4', jb, 1],
    ['zola', zo, 2],
  ]) {
    const { matchID, seats } = await newMatch(servers[0].url, name);
    const clients = [
      connect(servers[1].url, make, matchID, seats[0]),
      connect(servers[2].url, make, matchID, seats[1]),
    ];
    await synced(clients);
    await playUntil(clients, over, { seed });
    for (const c of clients) await c.waitFor((s) => s.ctx.gameover !== undefined, 10000, 'the end');
    assert.deepEqual(clients[0].state().ctx.gameover, clients[1].state().ctx.gameover);
    // The lobby of the third process knows the winner.
    const meta = await (await fetch(`${servers[0].url}/games/${name}/${matchID}`)).json();
    assert.deepEqual(meta.gameover, clients[0].state().ctx.gameover);
    for (const c of clients) c.stop();
  }
});

test('two seats on two processes play a cube match to its end (double, take, drop, nextGame)', async () => {
  const { matchID, seats } = await newMatch(servers[2].url, 'jokerball-match-3');
  const clients = [connect(servers[0].url, jm, matchID, seats[0]), connect(servers[1].url, jm, matchID, seats[1])];
  await synced(clients);
  let doubles = 0;
  const cube = (_G, e) => {
    if (e.phase === 'double') return doubles % 2 ? 'drop' : 'take';
    if (e.canDouble() && e.gamePhase === 'roll' && doubles < 4) {
      doubles++;
      return 'double';
    }
    return null;
  };
  try {
    await playUntil(clients, (G) => phaseOf(G) === 'match-over', { seed: 3, cube });
    assert.ok(doubles >= 2, `${doubles} doubles`);
    for (const c of clients) await c.waitFor((s) => s.ctx.gameover !== undefined, 10000, 'the end of the match');
  } finally {
    for (const c of clients) c.stop();
  }
});

test('a process killed with SIGKILL in mid-game: its clients go on through another, nothing acknowledged lost', async () => {
  const victim = await startServer({ postgres: suite.pg().url, redis: suite.rd().url });
  let { matchID, seats, seen, clients } = await againstVictim(victim, jb, 'jokerball-4');
  await playUntil(clients, (G) => G.state.history.length >= 6 || over(G), { seed: 4 });
  // A move in flight when the process dies: it is either stored (and then shown) or never acknowledged.
  const G = clients[0].state().G;
  if (!over(G)) {
    const mover = clients.find((c) => c.seat === seatToAct(G));
    const e = adapter.engineOf(G);
    const phase = e.phase;
    const legal = phase === 'roll' ? [] : e.legalMoves();
    e.free();
    if (phase === 'roll') mover.client.moves.roll();
    else mover.client.moves.play(legal[0]);
  }
  victim.child.kill('SIGKILL');
  const { signal } = await victim.exited;
  assert.equal(signal, 'SIGKILL');
  // Seat 0's page reconnects to another process (a load balancer would send it there).
  clients[0].stop();
  clients = [watched(servers[2].url, jb, matchID, seats[0], seen), clients[1]];
  await synced(clients);
  await clients[1].waitFor((s) => s._stateID === clients[0].state()._stateID, 10000, 'both seats on the stored state');
  await playUntil(clients, over, { seed: 5 });
  for (const c of clients) await c.waitFor((s) => s.ctx.gameover !== undefined, 10000, 'the end');
  const final = clients[0].state().G.state.history;
  noneLost(seen, final);
  const replay = adapter.engineOf(clients[0].state().G);
  assert.equal(replay.phase, 'over');
  replay.free();
  assert.deepEqual((await stored(matchID)).gameover, clients[0].state().ctx.gameover);
  for (const c of clients) c.stop();
});

test('a process dies after storing a move and before publishing it: both seats still get the move', async () => {
  const victim = await startServer({
    postgres: suite.pg().url,
    redis: suite.rd().url,
    env: { STEERE_ONLINE_CRASH_BEFORE_PUBLISH: '3' },
  });
  const { matchID, seats, seen, clients } = await againstVictim(victim, zo, 'zola');
  await sleep(2500); // past the guard's refreshes after a sync, which would also repair what is tested here
  // Seat 0's moves go through the victim: its third one is stored, then the process dies.
  let stored = null;
  for (let i = 0; i < 10 && stored === null; i++) {
    const { G, _stateID } = clients[1].state();
    const from = clients.find((c) => c.seat === seatToAct(G));
    const e = adapter.engineOf(G);
    const move = e.legalMoves()[0];
    e.free();
    from.client.moves.play(move);
    const both = Promise.all(clients.map((c) => c.waitFor((s) => s._stateID > _stateID, 10000, 'the move'))).then(
      () => 'moved',
    );
    if ((await Promise.race([both, victim.exited.then(() => 'died')])) === 'died') stored = _stateID + 1;
  }
  assert.ok(stored !== null, 'the victim died on a move');
  const { signal } = await victim.exited;
  assert.equal(signal, 'SIGKILL');
  // Seat 1 never got that move from the victim. Seat 0's page comes back through process 1: its sync reads
  // the stored move, and process 1 sends it to seat 1 too.
  await sleep(500);
  assert.equal(clients[1].state()._stateID, stored - 1, 'seat 1 got the move from the victim');
  clients[0].stop();
  const back = [watched(servers[1].url, zo, matchID, seats[0], seen), clients[1]];
  await synced(back);
  for (const c of back) await c.waitFor((s) => s._stateID === stored, 10000, 'the stored move');
  await playUntil(back, over, { seed: 10 });
  for (const c of back) await c.waitFor((s) => s.ctx.gameover !== undefined, 10000, 'the end');
  noneLost(seen, back[0].state().G.state.history);
  for (const c of back) c.stop();
});

test('the same action sent twice, to one process and to two, is applied once', async () => {
  const { matchID, seats } = await newMatch(servers[0].url, 'jokerball-4');
  const a = [connect(servers[0].url, jb, matchID, seats[0]), connect(servers[1].url, jb, matchID, seats[1])];
  // A second client of each seat, on the other process (the same page open twice).
  const b = [connect(servers[1].url, jb, matchID, seats[0]), connect(servers[0].url, jb, matchID, seats[1])];
  const all = [...a, ...b];
  await synced(all);
  for (let round = 0; round < 12; round++) {
    const s = a[0].state();
    if (over(s.G)) break;
    const seat = Number(seatToAct(s.G));
    const before = s._stateID;
    const e = adapter.engineOf(s.G);
    const [name, args] = e.phase === 'roll' ? ['roll', []] : ['play', [e.legalMoves()[0]]];
    e.free();
    // One process: the same packet twice. Two processes: the same move from both clients of the seat at
    // once (a roll draws its dice on each process: two different results could be stored).
    if (round % 2 === 0) {
      rawMove(a[seat], name, args);
      rawMove(a[seat], name, args);
    } else {
      rawMove(a[seat], name, args);
      rawMove(b[seat], name, args);
    }
    const names = ['a0 (process 0)', 'a1 (process 1)', 'b0 (process 1)', 'b1 (process 0)'];
    const states = await Promise.all(
      all.map((c, i) =>
        c
          .waitFor((x) => x._stateID > before, 10000, `round ${round}: the state after ${name} at ${names[i]}`)
          .catch((e) => {
            throw new Error(
              `${e.message}; the clients have ${all.map((x) => x.state()._stateID).join(', ')}, before ${before}`,
            );
          }),
      ),
    );
    await sleep(300); // a second application would come now
    for (const c of all) {
      assert.equal(c.state()._stateID, before + 1, `round ${round}: applied twice`);
      assert.deepEqual(c.state().G, states[0].G, `round ${round}: the clients disagree`);
    }
    const h = states[0].G.state.history;
    const prev = s.G.state.history;
    assert.ok(h.length <= prev.length + 1, 'one record at most');
  }
  // What the clients hold is what is stored.
  const probe = connect(servers[2].url, jb, matchID, seats[0]);
  await probe.waitFor((x) => x.G, 10000, 'sync');
  assert.deepEqual(probe.state().G, a[0].state().G);
  for (const c of [...all, probe]) c.stop();
});

test('joins at the same moment on two processes: both seats kept; one seat joined twice at once: one join wins', async () => {
  const post = (url, path, body) =>
    fetch(`${url}/games/zola${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  for (let round = 0; round < 8; round++) {
    const { matchID } = await (await post(servers[0].url, '/create', { numPlayers: 2 })).json();
    // The two seats at once, each through another process.
    const answers = await Promise.all(
      ['0', '1'].map((playerID, i) =>
        post(servers[i + 1].url, `/${matchID}/join`, { playerName: `p${playerID}`, playerID }),
      ),
    );
    assert.deepEqual(
      answers.map((r) => r.status),
      [200, 200],
    );
    const seats = await Promise.all(
      answers.map(async (r, i) => ({ playerID: String(i), credentials: (await r.json()).playerCredentials })),
    );
    const meta = await (await fetch(`${servers[0].url}/games/zola/${matchID}`)).json();
    assert.deepEqual(
      meta.players.map((p) => p.name),
      ['p0', 'p1'],
      `round ${round}: a join was lost`,
    );
    // Both credentials are the stored ones: each seat's move is taken.
    if (round === 0) {
      const clients = [connect(servers[1].url, zo, matchID, seats[0]), connect(servers[2].url, zo, matchID, seats[1])];
      await synced(clients);
      await playUntil(clients, (G) => G.state.history.length >= 2, { seed: 9 });
      for (const c of clients) c.stop();
    }
    // One seat twice at once: never two joins told 200 for one seat.
    const { matchID: other } = await (await post(servers[0].url, '/create', { numPlayers: 2 })).json();
    const twice = await Promise.all(
      [1, 2].map((i) => post(servers[i].url, `/${other}/join`, { playerName: `x${i}`, playerID: '0' })),
    );
    const ok = twice.filter((r) => r.status === 200);
    assert.equal(ok.length, 1, `round ${round}: ${twice.map((r) => r.status)}`);
    const stored = await (await fetch(`${servers[0].url}/games/zola/${other}`)).json();
    const winner = twice.indexOf(ok[0]) + 1;
    assert.equal(stored.players[0].name, `x${winner}`);
  }
});

test('a state edited in the database is refused for its match only', async () => {
  const m1 = await newMatch(servers[0].url, 'zola');
  const m2 = await newMatch(servers[1].url, 'zola');
  const c1 = [
    connect(servers[0].url, zo, m1.matchID, m1.seats[0]),
    connect(servers[1].url, zo, m1.matchID, m1.seats[1]),
  ];
  await synced(c1);
  await playUntil(c1, (G) => G.state.history.length >= 4, { seed: 6 });
  for (const c of c1) c.stop();
  // Edit match 1 by hand: a position its history does not reach. (Once the server has recorded both seats
  // away: an edit made while the server writes the match is overwritten, as a move made meanwhile would be.)
  const { Client } = require('pg');
  const db = new Client({ connectionString: suite.pg().url });
  await db.connect();
  try {
    for (let t = 0; ; t += 50) {
      const { rows } = await db.query('SELECT state FROM "Games" WHERE id = $1', [m1.matchID]);
      const away = rows[0].state.G.away;
      if (typeof away['0'] === 'number' && typeof away['1'] === 'number') break;
      assert.ok(t < 10000, `the seats' absence is not recorded: ${JSON.stringify(away)}`);
      await sleep(50);
    }
    const { rows } = await db.query('SELECT state FROM "Games" WHERE id = $1', [m1.matchID]);
    const state = rows[0].state;
    state.G.state.position = state.G.state.position.replace('b', 'r');
    await db.query('UPDATE "Games" SET state = $2 WHERE id = $1', [m1.matchID, JSON.stringify(state)]);
  } finally {
    await db.end();
  }
  // Each process refuses match 1 (no sync), with a log line naming it.
  for (const s of servers) {
    const x = connect(s.url, zo, m1.matchID, m1.seats[0]);
    const named = () => s.lines.find((l) => l.includes(`match ${m1.matchID} (zola) refused`));
    for (let waited = 0; waited < 400 || (!named() && waited < 10000); waited += 50) await sleep(50);
    assert.equal(x.state(), null, 'a refused match was synced');
    x.stop();
    assert.match(named() || '', /not a legal zola game \(parse_error/);
  }
  // Match 2 plays on, its seats on two processes.
  const c2 = [
    connect(servers[1].url, zo, m2.matchID, m2.seats[0]),
    connect(servers[2].url, zo, m2.matchID, m2.seats[1]),
  ];
  await synced(c2);
  await playUntil(c2, over, { seed: 7 });
  for (const c of c2) await c.waitFor((x) => x.ctx.gameover !== undefined, 10000, 'the end');
  for (const c of c2) c.stop();
});

test("docs/online.md's own server runs as written: two processes of it, a game across them", async () => {
  const doc = readFileSync(join(root, 'docs', 'online.md'), 'utf8');
  const section = doc.slice(doc.indexOf("### A site's own server"));
  const code = /```js\n([\s\S]*?)```/.exec(section)[1];
  // The package's names, as this repository has them (pkg/ is the built package).
  const local = code
    .replace("'steere-games/boardgameio/server'", `'${join(root, 'pkg', 'boardgameio-server.js')}'`)
    .replace("'steere-games/boardgameio'", `'${join(root, 'pkg', 'boardgameio.js')}'`);
  assert.notEqual(local, code);
  mkdirSync(join(root, 'test-output'), { recursive: true });
  const file = join(root, 'test-output', `site-server-${process.pid}.mjs`);
  writeFileSync(file, local);
  const procs = [];
  const logs = [];
  try {
    const urls = [];
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const lines = [];
      logs.push(lines);
      const child = spawn(process.execPath, [file], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_URL: suite.pg().url,
          REDIS_URL: suite.rd().url,
          PORT: String(port),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (c) => lines.push(String(c)));
      child.stderr.on('data', (c) => lines.push(String(c)));
      procs.push(child);
      const url = `http://localhost:${port}`;
      for (let t = 0; ; t += 100) {
        const ok = await fetch(`${url}/games`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        assert.ok(t < 30000 && child.exitCode === null, `the site's server did not start:\n${lines.join('')}`);
        await sleep(100);
      }
      urls.push(url);
    }
    const make = () => jokerballGame({ rules: '2025' });
    const { matchID, seats } = await newMatch(urls[0], 'jokerball');
    const clients = [connect(urls[0], make, matchID, seats[0]), connect(urls[1], make, matchID, seats[1])];
    await synced(clients);
    await playUntil(clients, over, { seed: 8 });
    for (const c of clients) await c.waitFor((x) => x.ctx.gameover !== undefined, 10000, 'the end');
    for (const c of clients) c.stop();
    // Its clocks: a match made with a one-second clock ends on time with nobody connected, seen by the other process.
    const timed = await newMatch(urls[0], 'jokerball', { setupData: { clock: { delayMs: 0, reserveMs: 1000 } } });
    let gameover = null;
    for (let t = 0; t < 100 && !gameover; t++) {
      await sleep(50);
      gameover = (await (await fetch(`${urls[1]}/games/jokerball/${timed.matchID}`)).json()).gameover;
    }
    assert.deepEqual(
      gameover,
      { winner: '1', reason: 'time' },
      `no end on time; the servers said:\n${logs.map((l) => l.join('')).join('\n---\n')}`,
    );
  } finally {
    for (const p of procs) p.kill('SIGKILL');
    rmSync(file, { force: true });
  }
});
