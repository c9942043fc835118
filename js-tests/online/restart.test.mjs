// The reference server with --db: matches survive a restart in the middle of a game, and a state edited
// by hand refuses its match (with a log line) while the server serves the others.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adapter, startServer, newMatch, connectBoth, connect, playUntil, rawMove, sleep } from './helpers.mjs';

const { jokerballGame, zolaGame, engineOf } = adapter;
const dir = mkdtempSync(join(tmpdir(), 'steere-online-db-'));
const servers = [];

after(async () => {
  for (const s of servers) await s.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function start(port) {
  const s = await startServer({ db: dir, port });
  servers.push(s);
  return s;
}
async function stop(s) {
  const { code } = await s.stop();
  servers.splice(servers.indexOf(s), 1);
  assert.equal(code, 0, s.lines.join('\n'));
  assert.deepEqual(
    s.lines.filter((l) => /internal error/.test(l)),
    [],
  );
}

// The file node-persist keeps for a key (one JSON file per key: { key, value }).
function fileOf(key) {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    try {
      const v = JSON.parse(readFileSync(p, 'utf8'));
      if (v.key === key) return { path: p, data: v };
    } catch {
      // not one of node-persist's files
    }
  }
  throw new Error(`no file for ${key}`);
}

const jb = () => jokerballGame({ rules: '2025', size: 4, name: 'jokerball-4' });
const zo = () => zolaGame({ size: 6, name: 'zola' });
const over = (G) => G.state.phase === 'over';

test('a restart in the middle of a game, and a state edited by hand', async () => {
  let server = await start(0);
  const port = Number(new URL(server.url).port);
  const a = await newMatch(server.url, 'jokerball-4');
  const b = await newMatch(server.url, 'zola');
  const c = await newMatch(server.url, 'zola');
  const e = await newMatch(server.url, 'zola');
  let ca = await connectBoth(server.url, jb, a.matchID, a.seats);
  const cb = await connectBoth(server.url, zo, b.matchID, b.seats);
  // Half a Jokerball game, a few Zola moves in two matches.
  await playUntil(ca, (G) => G.state.history.length >= 8 || over(G), { seed: 3 });
  await playUntil(cb, (G) => G.state.history.length >= 4, { seed: 4 });
  const cc = await connectBoth(server.url, zo, c.matchID, c.seats);
  await playUntil(cc, (G) => G.state.history.length >= 2, { seed: 5 });
  for (const x of cc) x.stop();
  // The games themselves (G.state): G.away, when a seat was away since, changes as the seats reconnect,
  // each such change a stored state of its own (a new _stateID).
  const gameOf = (s) => JSON.stringify(s.G.state);
  const savedA = gameOf(ca[0].state());
  const savedB = gameOf(cb[0].state());
  const stateIdA = ca[0].state()._stateID;

  // Stop; the clients of match A stay and reconnect by themselves to the restarted server (same port).
  await stop(server);
  for (const x of cb) x.stop();
  await ca[0].waitFor((s) => !s.isConnected, 10000, 'the disconnection');
  server = await start(port);
  for (const x of ca)
    await x.waitFor((s) => s.isConnected && s._stateID >= stateIdA && gameOf(s) === savedA, 15000, 'the resync');
  // Both seats are back: nobody is away.
  await ca[0].waitFor((s) => s.G.away && s.G.away['0'] === null && s.G.away['1'] === null, 10000, 'both seats present');
  // A reload: a new client for seat 0 with the kept credentials replaces the old one.
  ca[0].stop();
  ca = [connect(server.url, jb, a.matchID, a.seats[0]), ca[1]];
  await ca[0].waitFor((s) => s.G && s._stateID >= stateIdA && gameOf(s) === savedA, 10000, 'the sync after the reload');
  // The game goes on to its end.
  await playUntil(ca, over, { seed: 6 });
  await ca[1].waitFor((s) => s.ctx.gameover !== undefined);
  assert.ok(JSON.parse(savedA).history.every((r, i) => ca[0].state().G.state.history[i] === r));
  for (const x of ca) x.stop();
  const cb2 = await connectBoth(server.url, zo, b.matchID, b.seats);
  assert.equal(gameOf(cb2[0].state()), savedB);
  for (const x of cb2) x.stop();
  await stop(server);

  // Edit match B by hand: a position that its history does not reach. Edit match C into a legal state
  // of another game (a Zola 8x8 start on the 6x6 server game).
  const fb = fileOf(b.matchID);
  fb.data.value.G.state.position = fb.data.value.G.state.position.replace('b', 'r');
  writeFileSync(fb.path, JSON.stringify(fb.data));
  const fc = fileOf(c.matchID);
  fc.data.value.G = zolaGame({ size: 8 }).setup({});
  writeFileSync(fc.path, JSON.stringify(fc.data));
  // And match E: a legal G, but boardgame.io's ctx says the game is over.
  const fe = fileOf(e.matchID);
  fe.data.value.ctx.gameover = { winner: '1' };
  writeFileSync(fe.path, JSON.stringify(fe.data));

  server = await start(0);
  // B and C are refused: no sync, moves are not taken, and the log names them.
  for (const [m, why] of [
    [b, /not a legal zola game \(parse_error/],
    [c, /not a legal zola game \(parse_error: the state is not a game of zola\)/],
    [e, /has a gameover that its game does not have/],
  ]) {
    const x = connect(server.url, zo, m.matchID, m.seats[0]);
    // the log line comes when the server reads the match (later than 400 ms on a loaded machine)
    const named = () => server.lines.find((l) => l.includes(`match ${m.matchID} (zola) refused`));
    for (let waited = 0; waited < 400 || (!named() && waited < 10000); waited += 50) await sleep(50);
    assert.equal(x.state(), null, 'a refused match was synced');
    x.stop();
    const line = named();
    assert.ok(line, `no log line for ${m.matchID}:\n${server.lines.join('\n')}`);
    assert.match(line, why);
  }
  // Moves sent to a refused match anyway change nothing on disk.
  const fake = { client: { transport: null } };
  const probe = connect(server.url, zo, a.matchID, a.seats[0]);
  await probe.waitFor((s) => s.G);
  fake.client = { transport: probe.client.transport, credentials: b.seats[0].credentials, matchID: b.matchID };
  fake.seat = '0';
  fake.state = () => ({ _stateID: 4 });
  const beforeB = readFileSync(fb.path, 'utf8');
  rawMove(fake, 'play', ['a1-a2']);
  await sleep(200);
  assert.equal(readFileSync(fileOf(b.matchID).path, 'utf8'), beforeB);
  probe.stop();
  // The server serves the other matches: A's finished state, and a new game played a few moves.
  const ca2 = await connectBoth(server.url, jb, a.matchID, a.seats);
  assert.ok(ca2[0].state().ctx.gameover);
  for (const x of ca2) x.stop();
  const d = await newMatch(server.url, 'zola');
  const cd = await connectBoth(server.url, zo, d.matchID, d.seats);
  await playUntil(cd, (G) => G.state.history.length >= 6, { seed: 7 });
  const eng = engineOf(cd[0].state().G);
  assert.equal(eng.history().length, 6);
  eng.free();
  for (const x of cd) x.stop();
  await stop(server);
});
