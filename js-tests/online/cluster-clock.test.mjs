// Clocks and abandoned games on several processes (API.md "Clocks and abandoned games"): server processes on
// one PostgreSQL and one Redis (BullMQ's delayed jobs), started here on free ports with temporary data.
// The server ends a game on time by itself, with nobody connected, within one second, exactly once, even
// when the process that started the clock was killed; a move sent just before the deadline and the timeout
// never both land; a claim of an abandoned game goes through any process, and only when it is allowed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { adapter, startServer, newMatch, sleep, seatToAct, clusterSuite } from './helpers.mjs';

const require = createRequire(import.meta.url);
const ABANDON_MS = 2000;
const suite = clusterSuite({ before, after }, { processes: 2, name: 'clock-cluster', abandonMs: ABANDON_MS });
const { servers, connect } = suite;
const zo = () => adapter.zolaGame({ size: 6, name: 'zola' });
let db = null;
after(async () => {
  await db?.end();
});

/** The stored row of a match: its boardgame.io state and its gameover. */
async function row(matchID) {
  if (!db) {
    const { Pool } = require('pg');
    db = new Pool({ connectionString: suite.pg().url, max: 4 });
    db.on('error', () => {}); // PostgreSQL stopped at the end of the suite
  }
  const { rows } = await db.query('SELECT "state", "gameover" FROM "Games" WHERE "id" = $1', [matchID]);
  return rows[0];
}

/** Resolves once `pred(row)` holds, polled every 20 ms, with the time it was first seen. */
async function until(matchID, pred, what, ms = 15000) {
  const end = Date.now() + ms;
  for (;;) {
    const r = await row(matchID);
    if (r && pred(r)) return { row: r, at: Date.now() };
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(r?.state?.G?.clock)}`);
    await sleep(20);
  }
}

const clock = (reserveMs, delayMs = 0) => ({ setupData: { clock: { delayMs, reserveMs } } });

test('a game lost on time with nobody connected, the process that started its clock killed: within 1 s, once', async () => {
  const victim = await startServer({ postgres: suite.pg().url, redis: suite.rd().url });
  const results = [];
  // Three matches made and joined on the victim: the second join starts each clock there (its job in Redis).
  const matches = [];
  for (let i = 0; i < 3; i++) matches.push(await newMatch(victim.url, 'zola', clock(3000)));
  const started = [];
  for (const m of matches) started.push(await until(m.matchID, (r) => r.state.G.clock.since > 0, 'the clock started'));
  victim.child.kill('SIGKILL');
  assert.equal((await victim.exited).signal, 'SIGKILL');
  for (const [i, m] of matches.entries()) {
    const { state } = started[i].row;
    const deadline = state.G.clock.since + state.G.clock.delayMs + state.G.clock.red.reserveMs;
    const { row: end, at } = await until(
      m.matchID,
      (r) => r.gameover !== null && r.gameover !== undefined,
      'the end on time',
    );
    results.push(at - deadline);
    // Red, to move first, lost on time; the state is the one after the start, plus the timeout only.
    assert.deepEqual(end.gameover, { winner: '1', reason: 'time' });
    assert.deepEqual(end.state.ctx.gameover, end.gameover);
    assert.equal(end.state._stateID, state._stateID + 1, 'the timeout written once, over the state it was made from');
    assert.deepEqual(end.state.G.clock, { ...state.G.clock, red: { reserveMs: 0 }, running: null, since: deadline });
    assert.deepEqual(end.state.G.state.history, []);
  }
  // Later, nothing more is written: the job ran once.
  await sleep(1500);
  for (const [i, m] of matches.entries())
    assert.equal((await row(m.matchID)).state._stateID, started[i].row.state._stateID + 1);
  console.log(`# ends on time after the deadline (ms, polled every 20 ms): ${results.join(', ')}`);
  for (const late of results) assert.ok(late >= -50 && late < 1000, `the end came ${late} ms after the deadline`);
});

test('a move sent 50 ms before the deadline, in 50 matches on two processes: the move or the timeout, never both', async () => {
  const tally = { moved: 0, timedOut: 0 };
  const one = async (k) => {
    const m = await newMatch(servers[k % 2].url, 'zola', clock(1500));
    const clients = [
      connect(servers[0].url, zo, m.matchID, m.seats[0]),
      connect(servers[1].url, zo, m.matchID, m.seats[1]),
    ];
    try {
      const s = await clients[0].waitFor((x) => x.G?.clock && x.G.clock.since > 0, 15000, 'the started clock');
      const c = s.G.clock;
      const deadline = c.since + c.delayMs + c.red.reserveMs;
      const e = adapter.engineOf(s.G);
      const move = e.legalMoves()[0];
      e.free();
      assert.equal(seatToAct(s.G), '0');
      await sleep(deadline - 50 - Date.now());
      clients[0].client.moves.play(move);
      // Blue then has 1.5 s of its own: whatever landed, the game ends on time.
      const { row: end } = await until(
        m.matchID,
        (r) => r.gameover !== null && r.gameover !== undefined,
        'an end on time',
        10000,
      );
      const h = end.state.G.state.history;
      if (h.length === 1) {
        // the move landed before the deadline: Blue's time ran out, not Red's
        assert.deepEqual(
          end.gameover,
          { winner: '0', reason: 'time' },
          `match ${k}: the move landed, then the end was ${JSON.stringify(end.gameover)}`,
        );
        tally.moved++;
      } else {
        assert.deepEqual(h, [], 'a move and a timeout both landed');
        assert.deepEqual(
          end.gameover,
          { winner: '1', reason: 'time' },
          `match ${k}: no move, the end ${JSON.stringify(end.gameover)}`,
        );
        tally.timedOut++;
      }
      for (const x of clients)
        await x.waitFor((st) => st.ctx.gameover !== undefined, 5000, 'the end seen by both seats');
      for (const x of clients) {
        const seen = x.state();
        assert.deepEqual(
          [seen._stateID, seen.ctx.gameover],
          [end.state._stateID, end.gameover],
          `match ${k}: seat ${x.seat} was shown another end than the stored one`,
        );
      }
      // and no state after the end
      await sleep(300);
      assert.equal((await row(m.matchID)).state._stateID, end.state._stateID, 'a state stored after the end');
    } finally {
      for (const x of clients) x.stop();
    }
  };
  // twenty-five at a time
  for (let b = 0; b < 50; b += 25) await Promise.all(Array.from({ length: 25 }, (_, i) => one(b + i)));
  // How many land depends on the machine's load (a move is judged when the server applies it).
  console.log(`# moves 50 ms before the deadline: ${tally.moved} landed, ${tally.timedOut} too late (the timeout)`);
  assert.equal(tally.moved + tally.timedOut, 50);
});

test('claimWin through either process: refused while the player to act is connected and before abandonMs, then taken', async () => {
  const m = await newMatch(servers[0].url, 'zola');
  const clients = [
    connect(servers[0].url, zo, m.matchID, m.seats[0]),
    connect(servers[1].url, zo, m.matchID, m.seats[1]),
  ];
  try {
    await Promise.all(clients.map((c) => c.waitFor((s) => s.G, 15000, 'the first sync')));
    const claim = async (what) => {
      const before = clients[1].state()._stateID;
      clients[1].client.moves.claimWin();
      await sleep(400);
      const r = await row(m.matchID);
      return { stored: r.state._stateID > before && r.gameover !== null && r.gameover !== undefined, r, what };
    };
    // Red (seat 0) is to act and connected: refused.
    assert.equal((await claim('connected')).stored, false, 'a claim against a connected player was taken');
    // Red leaves: away is recorded by the process it was on; a claim before abandonMs is refused.
    clients.shift().stop();
    clients.unshift(null);
    const away = await until(m.matchID, (r) => typeof r.state.G.away['0'] === 'number', 'the away stamp');
    const early = await claim('early');
    assert.equal(early.stored, false, 'a claim before abandonMs was taken');
    assert.ok(Date.now() < away.row.state.G.away['0'] + ABANDON_MS, 'the early claim was not early (a slow machine)');
    await sleep(away.row.state.G.away['0'] + ABANDON_MS + 100 - Date.now());
    const r = await claim('after abandonMs');
    assert.equal(r.stored, true, 'the claim after abandonMs was refused');
    assert.deepEqual(r.r.gameover, { winner: '1', reason: 'abandoned' });
    await clients[1].waitFor((s) => s.ctx.gameover !== undefined, 5000, 'the end');
    assert.deepEqual(clients[1].state().ctx.gameover, { winner: '1', reason: 'abandoned' });
  } finally {
    for (const c of clients) c?.stop();
  }
});

test('the process holding the connection of the player to act dies: the seat is recorded away, and the win claimed', async () => {
  const victim = await startServer({ postgres: suite.pg().url, redis: suite.rd().url, abandonMs: ABANDON_MS });
  const m = await newMatch(servers[0].url, 'zola');
  const clients = [connect(victim.url, zo, m.matchID, m.seats[0]), connect(servers[1].url, zo, m.matchID, m.seats[1])];
  try {
    await Promise.all(clients.map((c) => c.waitFor((s) => s.G, 15000, 'the first sync')));
    // both connections recorded (boardgame.io writes them after its sync's answer)
    for (let t = 0; ; t += 20) {
      const { rows } = await db.query('SELECT "players" FROM "Games" WHERE "id" = $1', [m.matchID]);
      if (rows[0].players['0'].isConnected === true && rows[0].players['1'].isConnected === true) break;
      assert.ok(t < 10000, 'the connections are not recorded');
      await sleep(20);
    }
    // Red's page and its process go at once: no process is left to write that Red's connection closed.
    clients[0].stop();
    clients[0] = null;
    victim.child.kill('SIGKILL');
    const died = Date.now();
    assert.equal((await victim.exited).signal, 'SIGKILL');
    const away = await until(
      m.matchID,
      (r) => typeof r.state.G.away['0'] === 'number',
      'Red recorded away',
      20000,
    ).catch((e) => {
      throw new Error(`${e.message}\nthe servers said:\n${servers.map((x) => x.lines.join('\n')).join('\n---\n')}`);
    });
    console.log(`# a dead process's seat recorded away ${away.at - died} ms after the kill`);
    assert.ok(away.at - died < 12000, `recorded away only ${away.at - died} ms after the kill`);
    // Blue sees when it can claim, and its claim is taken then.
    await clients[1].waitFor((s) => typeof s.G.away['0'] === 'number', 5000, 'the away stamp at the other seat');
    await sleep(away.row.state.G.away['0'] + ABANDON_MS + 100 - Date.now());
    clients[1].client.moves.claimWin();
    const { row: end } = await until(
      m.matchID,
      (r) => r.gameover !== null && r.gameover !== undefined,
      'the claimed win',
      5000,
    );
    assert.deepEqual(end.gameover, { winner: '1', reason: 'abandoned' });
  } finally {
    for (const c of clients) c?.stop();
  }
});

test('in memory, one process: a game lost on time with nobody connected, by its timer, within 1 s', async () => {
  const { startServer: inMemory } = await import('../../scripts/online.mjs');
  const server = await inMemory({ port: 0, host: '127.0.0.1', log: () => {}, vendor: false });
  try {
    const m = await newMatch(server.url, 'zola', clock(1000, 500));
    const { state } = await server.storage.fetch(m.matchID, { state: true });
    const c = state.G.clock;
    assert.ok(c.since > 0, 'the clock started at the second join');
    const deadline = c.since + 500 + 1000;
    let at = null;
    for (let t = 0; t < 300 && at === null; t++) {
      const meta = await (await fetch(`${server.url}/games/zola/${m.matchID}`)).json();
      if (meta.gameover) {
        at = Date.now();
        assert.deepEqual(meta.gameover, { winner: '1', reason: 'time' });
      } else await sleep(20);
    }
    assert.ok(at !== null, 'no end on time');
    console.log(`# in memory: the end on time ${at - deadline} ms after the deadline`);
    assert.ok(at - deadline >= -50 && at - deadline < 1000, `${at - deadline} ms late`);
    assert.equal(server.clocks.stats.timeouts, 1);
  } finally {
    await server.stop();
  }
});
