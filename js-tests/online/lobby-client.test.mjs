// The package's browser Lobby (steere-games/boardgameio/client) with a player's token, against the reference
// server's lobby (one process, in memory): pair() keeps its seat and is the same seat when pressed again,
// a second player is paired into it, a listed seat joined with the token is the player's, cancel() ends an
// open seat and forgets it, and a refusal carries the lobby's code.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, call, root } from './helpers.mjs';

const { Lobby } = await import(join(root, 'pkg', 'boardgameio-client.js'));

let server;
before(async () => {
  server = await startServer({ args: ['--rate-players', '100'] });
});
after(async () => {
  await server?.stop();
});

/** A storage such as localStorage, in memory. */
function shelf() {
  const m = new Map();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => m.set(k, String(v)),
    removeItem: (k) => m.delete(k),
    size: () => m.size,
  };
}
const player = async (name) => (await call(server.url, 'POST', '/players', { body: { name } })).body;
const seeks = async (game) => (await call(server.url, 'GET', `/seeks?game=${game}`)).body.seeks;

test('pair() with a token: a kept seat, the same seat again, then the other player paired into it', async () => {
  const [a, b] = [await player('A'), await player('B')];
  const clock = { delayMs: 0, reserveMs: 60000, incrementMs: 0 };
  const storeA = shelf();
  const lobbyA = new Lobby({ server: `${server.url}/`, gameName: 'zola-8', storage: storeA, token: a.token });
  const first = await lobbyA.pair({ clock });
  assert.equal(first.playerID, '0');
  assert.deepEqual(lobbyA.seat(first.matchID), { playerID: '0', credentials: first.credentials });
  assert.deepEqual(await lobbyA.pair({ clock }), first, 'pressed again: the same seat');
  const listed = await seeks('zola-8');
  assert.deepEqual(
    listed.map((s) => [s.matchID, s.player.name, s.setupData]),
    [[first.matchID, 'A', { clock }]],
  );
  // B's pair in another clock opens a seat of its own; in the same clock it takes A's
  const lobbyB = new Lobby({ server: server.url, gameName: 'zola-8', storage: shelf(), token: b.token });
  const other = await lobbyB.pair({ clock: null });
  assert.notEqual(other.matchID, first.matchID);
  await lobbyB.cancel(other.matchID);
  const second = await lobbyB.pair({ clock });
  assert.deepEqual([second.matchID, second.playerID], [first.matchID, '1']);
  assert.deepEqual(await seeks('zola-8'), [], 'no seat left open');
  const match = await lobbyA.match(first.matchID);
  assert.deepEqual(
    match.players.map((p) => p.name),
    ['A', 'B'],
  );
});

test("join() with a token takes a listed seat as the player's; cancel() ends one's own open seat; refusals carry the code", async () => {
  const [c, d] = [await player('C'), await player('D')];
  const storeC = shelf();
  const lobbyC = new Lobby({ server: server.url, gameName: 'zola', storage: storeC, token: c.token });
  const open = await lobbyC.pair({ clock: null });
  // another player may not cancel it
  const lobbyD = new Lobby({ server: server.url, gameName: 'zola', storage: shelf(), token: d.token });
  await assert.rejects(lobbyD.cancel(open.matchID), (e) => e.status === 403 && e.code === 'not_yours');
  assert.deepEqual(await lobbyC.cancel(open.matchID), { matchID: open.matchID, cancelled: true });
  assert.equal(lobbyC.seat(open.matchID), null, 'the cancelled seat is forgotten');
  assert.equal(storeC.size(), 0);
  await assert.rejects(lobbyC.cancel(open.matchID), (e) => e.status === 404 && e.code === 'no_seek');
  // a seat opened again, and joined from the list with D's token: the seat is D's, the seat no longer open
  const again = await lobbyC.pair({ clock: null });
  const seat = await lobbyD.join(again.matchID, { playerName: 'D' });
  assert.equal(seat.playerID, '1');
  assert.deepEqual(await seeks('zola'), []);
  // a token the server does not know: 401 with its code
  const stranger = new Lobby({ server: server.url, gameName: 'zola', storage: null, token: 'x'.repeat(22) });
  await assert.rejects(stranger.pair({ clock: null }), (e) => e.status === 401 && e.code === 'bad_token');
  // without a token: no_token
  await assert.rejects(
    new Lobby({ server: server.url, gameName: 'zola', storage: null }).pair(),
    (e) => e.status === 401 && e.code === 'no_token',
  );
});
