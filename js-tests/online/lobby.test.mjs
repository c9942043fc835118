// The lobby of the reference server in one process, in memory (API.md "Lobby, pairing and ratings";
// docs/online.md "Players, pairing and ratings"): players and tokens, the limits on names, the rate limit,
// open seats paged oldest first, pairing (never with oneself), cancel, a rated match to its end (the
// ratings equal ratingChange's, once), and docs/online.md's authenticate example run as written.
// The same on PostgreSQL and Redis, on two processes: lobby-cluster.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { adapter, engine, connectBoth, playUntil, sleep, call, docExample } from './helpers.mjs';
import { freePort } from '../../scripts/services.mjs';
import { startServer } from '../../scripts/online.mjs';

let server;
let limited;
before(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', log: () => {}, vendor: false, ratePlayers: 0, ratePair: 0 });
  limited = await startServer({
    port: 0,
    host: '127.0.0.1',
    log: () => {},
    vendor: false,
    ratePlayers: 3,
    ratePair: 2,
  });
});
after(async () => {
  await server?.stop();
  await limited?.stop();
});

const player = async (name, url = server.url) => {
  const r = await call(url, 'POST', '/players', { body: { name } });
  assert.equal(r.status, 201, r.text);
  return { ...r.body, name };
};
const pair = (p, gameName = 'zola', setupData, url = server.url) =>
  call(url, 'POST', '/pair', {
    token: p.token,
    body: setupData === undefined ? { gameName } : { gameName, setupData },
  });

test('players: a token of 128 random bits, kept hashed; names are text of 1 to 24 characters; 401 and 403', async () => {
  const ada = await player('  <b onclick=x()>Ada</b>  ');
  assert.match(ada.token, /^[A-Za-z0-9_-]{22}$/, '128 bits in base64url');
  const seen = await call(server.url, 'GET', `/players/${ada.playerID}`);
  assert.equal(seen.status, 200);
  assert.match(seen.headers.get('content-type'), /^application\/json/);
  assert.deepEqual(seen.body, { playerID: ada.playerID, name: '<b onclick=x()>Ada</b>', ratings: {} });
  // In the store: the token's SHA-256 only.
  const store = server.lobby.store;
  const kept = store.players.get(ada.playerID);
  assert.equal(kept.tokenHash, (await import('node:crypto')).createHash('sha256').update(ada.token).digest('hex'));
  assert.ok(!JSON.stringify([...store.players.values()]).includes(ada.token), 'the token itself is kept');
  // Names: 24 characters once trimmed (letters outside the BMP count as one), no fewer than 1, text only.
  assert.equal((await call(server.url, 'POST', '/players', { body: { name: 'é'.repeat(24) } })).status, 201);
  assert.equal((await call(server.url, 'POST', '/players', { body: { name: `  ${'😀'.repeat(24)}  ` } })).status, 201);
  for (const name of ['', '   ', 'x'.repeat(25), 'a\u0007b', 42, null]) {
    const r = await call(server.url, 'POST', '/players', { body: { name } });
    assert.equal(r.status, 400, `${JSON.stringify(name)}: ${r.text}`);
    assert.equal(r.body.error, 'bad_name');
  }
  for (const [body, error] of [
    ['{not json', 'bad_json'],
    ['[1]', 'bad_body'],
    ['"x"', 'bad_body'],
  ]) {
    const r = await call(server.url, 'POST', '/players', { body, headers: { 'content-type': 'application/json' } });
    assert.deepEqual([r.status, r.body.error], [400, error]);
  }
  assert.equal((await call(server.url, 'POST', '/players', { body: { name: 'x'.repeat(20000) } })).status, 413);
  // Tokens: none or a wrong one is 401; a seek of another player is 403.
  assert.equal((await call(server.url, 'POST', '/pair', { body: { gameName: 'zola' } })).body.error, 'no_token');
  for (const token of ['x'.repeat(22), 'not a token!', ada.token.slice(1)]) {
    const r = await call(server.url, 'POST', '/pair', {
      body: { gameName: 'zola' },
      headers: { authorization: `Bearer ${token}` },
    });
    assert.deepEqual([r.status, r.body.error], [401, 'bad_token']);
  }
  const seek = await pair(ada, 'zola-8');
  const bob = await player('Bob');
  const theirs = await call(server.url, 'DELETE', `/seeks/${seek.body.matchID}`, { token: bob.token });
  assert.deepEqual([theirs.status, theirs.body.error], [403, 'not_yours']);
  assert.equal(
    (await call(server.url, 'DELETE', `/seeks/${seek.body.matchID}`, { token: 'y'.repeat(22) })).status,
    401,
  );
  assert.equal((await call(server.url, 'GET', '/players/nobody')).status, 404);
  assert.equal((await call(server.url, 'GET', '/players')).status, 405);
  // A wrong token never takes a seat through boardgame.io's join either.
  const join = await call(server.url, 'POST', `/games/zola-8/${seek.body.matchID}/join`, {
    token: 'z'.repeat(22),
    body: { playerName: 'Eve' },
  });
  assert.equal(join.status, 401);
  const { metadata } = await server.storage.fetch(seek.body.matchID, { metadata: true });
  assert.equal(metadata.players['1'].name, undefined);
  // Ada cancels: the seek is gone, and the match with it.
  assert.deepEqual((await call(server.url, 'DELETE', `/seeks/${seek.body.matchID}`, { token: ada.token })).body, {
    matchID: seek.body.matchID,
    cancelled: true,
  });
  assert.deepEqual((await call(server.url, 'GET', '/seeks?game=zola-8')).body, { seeks: [], next: null });
  assert.equal((await call(server.url, 'DELETE', `/seeks/${seek.body.matchID}`, { token: ada.token })).status, 404);
});

test('rate limits per address: POST /players and POST /pair answer 429 past their limit', async () => {
  const made = [];
  for (let i = 0; i < 3; i++) made.push(await player(`p${i}`, limited.url));
  const over = await call(limited.url, 'POST', '/players', { body: { name: 'one too many' } });
  assert.deepEqual([over.status, over.body.error], [429, 'rate_limited']);
  assert.ok(Number(over.headers.get('retry-after')) >= 1);
  assert.equal((await pair(made[0], 'zola', undefined, limited.url)).status, 200);
  assert.equal((await pair(made[1], 'zola', undefined, limited.url)).status, 200);
  assert.equal((await pair(made[2], 'zola', undefined, limited.url)).status, 429);
  // other endpoints are not limited
  assert.equal((await call(limited.url, 'GET', '/seeks?game=zola')).status, 200);
});

test('seeks: oldest first, 50 a page, with their players and ratings; pairing never with oneself', async () => {
  const players = [];
  for (let i = 0; i < 60; i++) players.push(await player(`seeker ${i}`));
  // 60 pools (a clock each): every request opens a seek
  const setup = (i) => ({ clock: { delayMs: 1000 * i, reserveMs: 60000 } });
  const opened = [];
  for (const [i, p] of players.entries()) {
    const r = await pair(p, 'jokerball-4', setup(i));
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.playerID, '0');
    opened.push(r.body.matchID);
  }
  // pressed again: the same seat, never a match with oneself
  const again = await pair(players[0], 'jokerball-4', setup(0));
  assert.equal(again.body.matchID, opened[0]);
  const first = (await call(server.url, 'GET', '/seeks?game=jokerball-4')).body;
  assert.equal(first.seeks.length, 50);
  assert.equal(typeof first.next, 'string');
  const second = (await call(server.url, 'GET', `/seeks?game=jokerball-4&after=${encodeURIComponent(first.next)}`))
    .body;
  assert.equal(second.next, null);
  const all = [...first.seeks, ...second.seeks];
  assert.deepEqual(
    all.map((s) => s.matchID),
    opened,
  );
  for (let i = 1; i < all.length; i++) assert.ok(all[i].createdAt >= all[i - 1].createdAt);
  assert.deepEqual(all[3], {
    matchID: opened[3],
    gameName: 'jokerball-4',
    setupData: setup(3),
    player: { playerID: players[3].playerID, name: 'seeker 3', rating: 1500 },
    createdAt: all[3].createdAt,
  });
  // another player of pool 3 takes that seat; the list loses it
  const taker = await player('taker');
  // the same setup, keys in another order
  const took = await pair(taker, 'jokerball-4', { clock: { reserveMs: 60000, delayMs: 3000 } });
  assert.deepEqual([took.body.matchID, took.body.playerID], [opened[3], '1']);
  const after = (await call(server.url, 'GET', '/seeks?game=jokerball-4')).body;
  assert.ok(!after.seeks.some((s) => s.matchID === opened[3]));
  for (const [q, error, status] of [
    ['', 'bad_game', 400],
    ['?game=nope', 'unknown_game', 404],
    ['?game=zola&after=abc', 'bad_cursor', 400],
  ]) {
    const r = await call(server.url, 'GET', `/seeks${q}`);
    assert.deepEqual([r.status, r.body.error], [status, error]);
  }
  assert.equal((await pair(taker, 'zola', { clock: { delayMs: -1, reserveMs: 5 } })).body.error, 'bad_setup');
  // a seat taken through boardgame.io's own join with a token opens a seek; a join without one closes it
  const { matchID } = (await call(server.url, 'POST', '/games/zola-10/create', { body: { numPlayers: 2 } })).body;
  const joined = await call(server.url, 'POST', `/games/zola-10/${matchID}/join`, {
    token: taker.token,
    body: { playerName: 'taker' },
  });
  assert.equal(joined.status, 200);
  assert.deepEqual(
    (await call(server.url, 'GET', '/seeks?game=zola-10')).body.seeks.map((s) => [s.matchID, s.player.playerID]),
    [[matchID, taker.playerID]],
  );
  assert.equal(
    (await call(server.url, 'POST', `/games/zola-10/${matchID}/join`, { body: { playerName: 'guest' } })).status,
    200,
  );
  assert.deepEqual((await call(server.url, 'GET', '/seeks?game=zola-10')).body.seeks, []);
});

/** Plays a paired Zola match to its end through both seats' clients. */
async function playToEnd(url, seats, seed) {
  const make = () => adapter.zolaGame({ size: 6, name: 'zola' });
  const clients = await connectBoth(url, make, seats[0].matchID, seats);
  try {
    await playUntil(clients, (G) => adapter.engineOf(G).phase === 'over', { seed });
    return (await clients[0].waitFor((s) => s.ctx.gameover !== undefined, 10000, 'the end')).ctx.gameover;
  } finally {
    for (const c of clients) c.stop();
  }
}

test('a rated match played to its end changes both ratings once, by ratingChange; an unfinished one nothing', async () => {
  const [red, blue, idle1, idle2] = [
    await player('Red'),
    await player('Blue'),
    await player('Idle 1'),
    await player('Idle 2'),
  ];
  const a = (await pair(red)).body;
  const b = (await pair(blue)).body;
  assert.equal(a.matchID, b.matchID);
  // an unfinished match: paired, never played
  await pair(idle1);
  await pair(idle2);
  const over = await playToEnd(server.url, [a, b], 3);
  const [winner, loser] = over.winner === '0' ? [red, blue] : [blue, red];
  const expected = engine.ratingChange({
    winner: { rating: 1500, experience: 0 },
    loser: { rating: 1500, experience: 0 },
    length: 1,
  });
  await sleep(100);
  const w = (await call(server.url, 'GET', `/players/${winner.playerID}`)).body;
  const l = (await call(server.url, 'GET', `/players/${loser.playerID}`)).body;
  assert.deepEqual(w.ratings, { zola: { rating: expected.winner.rating, experience: 1, matches: 1 } });
  assert.deepEqual(l.ratings, { zola: { rating: expected.loser.rating, experience: 1, matches: 1 } });
  const result = await server.lobby.store.result(a.matchID);
  assert.deepEqual(
    [result.winner.playerID, result.loser.playerID, result.chance],
    [winner.playerID, loser.playerID, expected.chance],
  );
  for (const p of [idle1, idle2])
    assert.deepEqual((await call(server.url, 'GET', `/players/${p.playerID}`)).body.ratings, {});
  assert.equal(server.lobby.stats.rated, 1);
});

test("docs/online.md's authenticate example runs as written: a site's accounts pair and are rated", async () => {
  const { file, code } = await docExample("### A site's own accounts", 'site-accounts');
  assert.ok(code.split('\n').length <= 20, 'about a dozen lines');
  const port = await freePort();
  const lines = [];
  const child = spawn(process.execPath, [file], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c) => lines.push(String(c)));
  child.stderr.on('data', (c) => lines.push(String(c)));
  try {
    const url = `http://localhost:${port}`;
    for (
      let t = 0;
      !(await fetch(`${url}/games`).then(
        (r) => r.ok,
        () => false,
      ));
      t += 100
    ) {
      assert.ok(t < 20000 && child.exitCode === null, `the site's server did not start:\n${lines.join('')}`);
      await sleep(100);
    }
    const as = (sid) => ({ headers: { cookie: `theme=dark; sid=${sid}` }, body: { gameName: 'zola' } });
    assert.deepEqual((await call(url, 'POST', '/pair', { body: { gameName: 'zola' } })).body.error, 'not_signed_in');
    assert.equal((await call(url, 'POST', '/pair', as('forged'))).status, 401);
    assert.equal((await call(url, 'POST', '/players', { body: { name: 'x' } })).status, 404);
    const a = await call(url, 'POST', '/pair', as('session-of-ada'));
    const b = await call(url, 'POST', '/pair', as('session-of-bob'));
    assert.equal(a.body.matchID, b.body.matchID, a.text + b.text);
    const over = await playToEnd(url, [a.body, b.body], 5);
    await sleep(100);
    const ada = (await call(url, 'GET', '/players/ada')).body;
    assert.equal(ada.name, 'Ada');
    assert.equal(ada.ratings.zola.matches, 1);
    assert.equal(ada.ratings.zola.rating > 1500, over.winner === '0');
  } finally {
    child.kill('SIGKILL');
    rmSync(file, { force: true });
  }
});
