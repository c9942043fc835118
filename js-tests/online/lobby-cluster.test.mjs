// The lobby on two server processes over one PostgreSQL and one Redis (API.md "Lobby, pairing and
// ratings"): tokens kept hashed in the database, two players pressing at once on two processes paired in
// one match, 50 requests at once leaving at most one open seek per pool and every player in one match,
// ratings changed once by a match played to its end, by a time-out and by a claimed win, and a process
// killed with SIGKILL just before or just after the end's commit losing and duplicating nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { adapter, engine, startServer, playUntil, sleep, call, clusterSuite } from './helpers.mjs';

const require = createRequire(import.meta.url);
const ABANDON_MS = 1000;
const NO_LIMITS = ['--rate-players', '0', '--rate-pair', '0'];
const suite = clusterSuite(
  { before, after },
  { processes: 2, name: 'lobby-cluster', abandonMs: ABANDON_MS, args: NO_LIMITS },
);
const { servers, connect } = suite;
const zo = () => adapter.zolaGame({ size: 6, name: 'zola' });
let db = null;
after(async () => {
  await db?.end();
});
async function sql(text, values) {
  if (!db) {
    const { Pool } = require('pg');
    db = new Pool({ connectionString: suite.pg().url, max: 4 });
    db.on('error', () => {}); // PostgreSQL stopped at the end of the suite
  }
  return (await db.query(text, values)).rows;
}

let made = 0;
const player = async (url = servers[0].url) => {
  const name = `player ${++made}`;
  const r = await call(url, 'POST', '/players', { body: { name } });
  assert.equal(r.status, 201, r.text);
  return { ...r.body, name };
};
const pair = async (p, url, gameName = 'zola', setupData) => {
  const r = await call(url, 'POST', '/pair', {
    token: p.token,
    body: setupData === undefined ? { gameName } : { gameName, setupData },
  });
  assert.equal(r.status, 200, r.text);
  return r.body;
};
const ratings = async (p) => (await call(servers[1].url, 'GET', `/players/${p.playerID}`)).body.ratings;
const fresh = engine.ratingChange({
  winner: { rating: 1500, experience: 0 },
  loser: { rating: 1500, experience: 0 },
  length: 1,
});

/** Checks that the match's end was rated once, each player's Zola rating moved by ratingChange from 1500. */
async function ratedOnce(matchID, players, reason) {
  const results = await sql('SELECT * FROM lobby_results WHERE match_id = $1', [matchID]);
  assert.equal(results.length, 1, `one result of ${matchID}`);
  const [r] = results;
  const [{ gameover }] = await sql('SELECT "gameover" FROM "Games" WHERE "id" = $1', [matchID]);
  assert.equal(r.reason, gameover.reason ?? null);
  if (reason) assert.equal(gameover.reason, reason);
  const seats = Object.fromEntries(
    (await sql('SELECT seat, player_id FROM lobby_seats WHERE match_id = $1', [matchID])).map((s) => [
      s.seat,
      s.player_id,
    ]),
  );
  assert.equal(r.winner_id, seats[gameover.winner]);
  assert.deepEqual(new Set([r.winner_id, r.loser_id]), new Set(players.map((p) => p.playerID)));
  for (const p of players) {
    const won = p.playerID === r.winner_id;
    assert.deepEqual(await ratings(p), {
      zola: { rating: won ? fresh.winner.rating : fresh.loser.rating, experience: 1, matches: 1 },
    });
  }
  assert.equal(r.chance, fresh.chance);
  assert.deepEqual(r.winner_before, { rating: 1500, experience: 0, matches: 0 });
}

/** Plays a match to its end through clients on `urls`; resolves to the gameover, or null when `stopped` comes first. */
async function play(urls, seats, seed, stopped = new Promise(() => {})) {
  const clients = urls.map((url, i) => connect(url, zo, seats[0].matchID, seats[i]));
  try {
    const synced = Promise.all(clients.map((c) => c.waitFor((s) => s.G, 15000, 'the first sync')));
    const game = synced.then(() => playUntil(clients, (G) => adapter.engineOf(G).phase === 'over', { seed }));
    const done = await Promise.race([game.then(() => 'over'), stopped.then(() => 'stopped')]);
    game.catch(() => {}); // a move sent to a process that died is never answered
    if (done === 'stopped') return null;
    return (await clients[0].waitFor((s) => s.ctx.gameover !== undefined, 10000, 'the end')).ctx.gameover;
  } finally {
    for (const c of clients) c.stop();
  }
}

test('players in PostgreSQL: the token kept as its SHA-256 only, the player the same on both processes', async () => {
  const p = await player(servers[0].url);
  const [row] = await sql('SELECT * FROM lobby_players WHERE id = $1', [p.playerID]);
  assert.equal(row.token_hash, createHash('sha256').update(p.token).digest('hex'));
  const everything = JSON.stringify(await sql('SELECT row_to_json(t) AS r FROM (SELECT * FROM lobby_players) t'));
  assert.ok(!everything.includes(p.token), 'the token is in the database');
  assert.deepEqual((await call(servers[1].url, 'GET', `/players/${p.playerID}`)).body, {
    playerID: p.playerID,
    name: p.name,
    ratings: {},
  });
  assert.equal(
    (
      await call(servers[1].url, 'POST', '/pair', {
        token: p.token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
        body: { gameName: 'zola' },
      })
    ).status,
    401,
  );
});

test('two players pressing at once on two processes end in one match', async () => {
  for (let round = 0; round < 5; round++) {
    const [a, b] = [await player(), await player()];
    const [x, y] = await Promise.all([pair(a, servers[0].url, 'zola-8'), pair(b, servers[1].url, 'zola-8')]);
    assert.equal(x.matchID, y.matchID);
    assert.deepEqual(new Set([x.playerID, y.playerID]), new Set(['0', '1']));
    assert.deepEqual((await call(servers[0].url, 'GET', '/seeks?game=zola-8')).body.seeks, []);
  }
});

test('50 pair requests at once on 2 processes: at most one open seek per pool, every player in exactly one match', async () => {
  const players = await Promise.all(Array.from({ length: 50 }, (_, i) => player(servers[i % 2].url)));
  const pools = [['zola-10'], ['zola-10', { clock: { delayMs: 0, reserveMs: 600000 } }], ['jokerball-classic']];
  const t0 = Date.now();
  const seats = await Promise.all(players.map((p, i) => pair(p, servers[i % 2].url, ...pools[i % 3])));
  console.log(`# 50 pair requests on 2 processes answered in ${Date.now() - t0} ms`);
  const byMatch = new Map();
  for (const [i, s] of seats.entries())
    byMatch.set(s.matchID, [...(byMatch.get(s.matchID) || []), { ...s, player: players[i] }]);
  let open = 0;
  for (const [matchID, held] of byMatch) {
    assert.ok(held.length <= 2, `${matchID}: ${held.length} seats`);
    assert.deepEqual(held.map((h) => h.playerID).sort(), held.length === 2 ? ['0', '1'] : ['0']);
    if (held.length === 2) assert.notEqual(held[0].player.playerID, held[1].player.playerID, 'paired with oneself');
    else open++;
    const [{ players: meta }] = await sql('SELECT "players" FROM "Games" WHERE "id" = $1', [matchID]);
    for (const h of held) assert.equal(meta[h.playerID].credentials, h.credentials);
  }
  // every player in exactly one match, once
  const recorded = await sql(
    'SELECT player_id, count(*)::int AS n FROM lobby_seats WHERE player_id = ANY($1) GROUP BY player_id',
    [players.map((p) => p.playerID)],
  );
  assert.equal(recorded.length, 50);
  assert.ok(recorded.every((r) => r.n === 1));
  const seeks = await sql('SELECT pool, count(*)::int AS n FROM lobby_seeks GROUP BY pool');
  assert.ok(
    seeks.every((s) => s.n === 1),
    JSON.stringify(seeks),
  );
  assert.equal(open, seeks.filter((s) => /^(zola-10|jokerball-classic) /.test(s.pool)).length);
  assert.ok(open <= 3);
});

test('ratings: a rated match played to its end across two processes changes both ratings once, by ratingChange', async () => {
  const [a, b, idle] = [await player(), await player(), await player()];
  const seats = [await pair(a, servers[0].url), await pair(b, servers[1].url)];
  await pair(idle, servers[0].url, 'zola-pie'); // unfinished: never paired, never played
  await play([servers[0].url, servers[1].url], seats, 11);
  await ratedOnce(seats[0].matchID, [a, b]);
  assert.deepEqual(await ratings(idle), {});
});

test('a time-out and a claimed win count as losses', async () => {
  const [a, b, c, d] = [await player(), await player(), await player(), await player()];
  const timed = { clock: { delayMs: 0, reserveMs: 1000 } };
  const t = [await pair(a, servers[0].url, 'zola', timed), await pair(b, servers[1].url, 'zola', timed)];
  const casual = [await pair(c, servers[1].url), await pair(d, servers[0].url)];
  // the claim: both connect, Red's player leaves, Blue's claims once Red has been away ABANDON_MS
  const clients = [
    connect(servers[0].url, zo, casual[0].matchID, casual[0]),
    connect(servers[1].url, zo, casual[0].matchID, casual[1]),
  ];
  await Promise.all(clients.map((x) => x.waitFor((s) => s.G, 15000, 'the first sync')));
  clients[0].stop();
  const away = await clients[1].waitFor((s) => typeof s.G.away?.['0'] === 'number', 15000, 'Red recorded away');
  await sleep(away.G.away['0'] + ABANDON_MS + 150 - Date.now());
  clients[1].client.moves.claimWin();
  await clients[1].waitFor((s) => s.ctx.gameover !== undefined, 10000, 'the claimed win');
  for (let i = 0; (await sql('SELECT 1 FROM lobby_results WHERE match_id = $1', [t[0].matchID])).length === 0; i++) {
    assert.ok(i < 100, 'no end on time');
    await sleep(100);
  }
  await ratedOnce(t[0].matchID, [a, b], 'time');
  await ratedOnce(casual[0].matchID, [c, d], 'abandoned');
});

test('a process killed with SIGKILL just before or just after the end commits: the end rated once, nothing lost', async () => {
  for (const when of ['before', 'after']) {
    const victim = await startServer({
      postgres: suite.pg().url,
      redis: suite.rd().url,
      abandonMs: ABANDON_MS,
      args: NO_LIMITS,
      env: { STEERE_ONLINE_CRASH_AT_END: when },
    });
    const [a, b] = [await player(), await player()];
    const seats = [await pair(a, servers[0].url), await pair(b, servers[1].url)];
    // both seats on the victim: it writes the end, and dies
    const over = await play([victim.url, victim.url], seats, 21, victim.exited);
    // (after the commit the end may have been published before the process died)
    if (when === 'before') assert.equal(over, null, `the end was seen, the victim alive:\n${victim.lines.join('\n')}`);
    const gone = await Promise.race([victim.exited, sleep(10000).then(() => ({ signal: 'still alive' }))]);
    assert.equal(gone.signal, 'SIGKILL');
    const [{ state }] = await sql('SELECT "state" FROM "Games" WHERE "id" = $1', [seats[0].matchID]);
    const results = await sql('SELECT * FROM lobby_results WHERE match_id = $1', [seats[0].matchID]);
    if (when === 'before') {
      // neither the end nor its rating was stored; the game goes on through another process
      assert.equal(state.ctx.gameover, undefined);
      assert.equal(results.length, 0);
      assert.deepEqual(await ratings(a), {});
      await play([servers[0].url, servers[1].url], seats, 22);
    } else {
      // both were stored
      assert.notEqual(state.ctx.gameover, undefined);
      assert.equal(results.length, 1);
      const c = connect(servers[1].url, zo, seats[0].matchID, seats[1]);
      await c.waitFor((s) => s.ctx.gameover !== undefined, 15000, 'the end seen through another process');
      c.stop();
      await sleep(300);
    }
    await ratedOnce(seats[0].matchID, [a, b]);
  }
});
