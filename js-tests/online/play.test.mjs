// Whole games through the reference server: one server process, two socket.io clients per match.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  adapter,
  engine,
  startServer,
  newMatch,
  connectBoth,
  connect,
  playUntil,
  send,
  refused,
  seatToAct,
  sleep,
} from './helpers.mjs';

const { jokerballGame, zolaGame, matchGame, engineOf, whyIllegal } = adapter;
let server;

before(async () => {
  server = await startServer();
});

after(async () => {
  if (server) {
    const { code } = await server.stop();
    assert.equal(code, 0, server.lines.join('\n'));
    // No internal error was logged while serving.
    assert.deepEqual(
      server.lines.filter((l) => /internal error|Error:|TypeError|RangeError/.test(l)),
      [],
    );
  }
});

const lone = (G) => G.state.phase === 'over';

/**
 * A new match of `name` with both seats connected by `make`'s game: body(clients, { matchID, seats }), then the clients
 * stop.
 */
async function withMatch(name, make, body) {
  const { matchID, seats } = await newMatch(server.url, name);
  const clients = await connectBoth(server.url, make, matchID, seats);
  try {
    return await body(clients, { matchID, seats });
  } finally {
    for (const c of clients) c.stop();
  }
}

// Checks the end: both clients see boardgame.io's gameover naming the engine's winner, the winner's seat
// is what the engine says, no client ran `roll`, and no client ever held the dice generator's state.
function checkEnd(clients) {
  const s = clients[0].state();
  const e = engineOf(s.G);
  try {
    const winnerColour = e.winner;
    const swapped = s.G.state.game === 'zola' ? e.swapped : false;
    const seat = (winnerColour === 'red') !== swapped ? '0' : '1';
    for (const c of clients) assert.deepEqual(c.state().ctx.gameover, { winner: seat, reason: e.view().result.how });
  } finally {
    e.free();
  }
  for (const c of clients) {
    assert.equal(c.rollsRun, 0, 'a client ran roll');
    const { plugins } = c.state();
    assert.equal(plugins.random?.data, undefined, 'a client holds the generator state');
    assert.equal(c.state().G.state.rng ?? null, null, 'G holds the engine generator');
  }
}

for (const [name, options, seed] of [
  ['jokerball', { rules: '2025', size: 6 }, 1],
  ['jokerball-4', { rules: '2025', size: 4 }, 2],
  ['jokerball-classic', { rules: 'classic', size: 6 }, 3],
  ['jokerball-classic-4', { rules: 'classic', size: 4 }, 4],
]) {
  test(`a whole Jokerball game: ${name} (${options.rules}, side ${options.size})`, async () => {
    const make = () => jokerballGame({ ...options, name });
    await withMatch(name, make, async (clients) => {
      const start = clients[0].state().G.state;
      assert.equal(start.rules, options.rules);
      assert.equal(start.size, options.size);
      assert.equal(start.rng, null);
      const moves = await playUntil(clients, lone, { seed });
      assert.ok(moves > 10);
      await clients[0].waitFor((s) => s.ctx.gameover !== undefined);
      await clients[1].waitFor((s) => s.ctx.gameover !== undefined);
      checkEnd(clients);
      // The history holds every roll: replayed, it reaches the same end.
      const { G } = clients[0].state();
      const replayed = engine.Jokerball.replay(G.state.history, { rules: options.rules, size: options.size });
      assert.equal(replayed.winner, G.state.winner);
      assert.equal(replayed.position(), G.state.position);
      replayed.free();
      // After the end nothing is taken.
      await refused(clients, clients[0], 'roll');
    });
  });
}

test('a whole Zola game (8x8) and the refusals on its way', async () => {
  const make = () => zolaGame({ size: 8, name: 'zola-8' });
  await withMatch('zola-8', make, async (clients) => {
    const [red, blue] = clients;
    // Out of turn, illegal, junk: refused, nothing changes on either client.
    await refused(clients, blue, 'play', 'a1-b2');
    await refused(clients, red, 'play', 'zz9-zz10');
    await refused(clients, red, 'play', 'a1');
    await refused(clients, red, 'play');
    await refused(clients, red, 'play', null);
    await refused(clients, red, 'play', 42);
    await refused(clients, red, 'play', { notation: { toString: 1 } });
    await refused(clients, red, 'play', ['a1-b2']);
    await refused(clients, red, 'play', 'x'.repeat(5000));
    await refused(clients, red, 'play', red.state().G.state.history);
    await refused(clients, red, 'play', 'a1-b2', 'extra');
    await refused(clients, red, 'roll');
    await refused(clients, red, 'swap');
    await refused(clients, red, 'double');
    await refused(clients, red, '__proto__');
    await refused(clients, red, 'constructor');
    // A legal move still goes through afterwards.
    const e = engineOf(red.state().G);
    const first = e.legalMoves()[0];
    e.free();
    await send(clients, red, 'play', first);
    await playUntil(clients, lone, { seed: 5 });
    await clients[1].waitFor((s) => s.ctx.gameover !== undefined);
    checkEnd(clients);
  });
});

test('Zola with the pie rule: the seats swap colours', async () => {
  const make = () => zolaGame({ size: 6, pie: true, name: 'zola-pie' });
  await withMatch('zola-pie', make, async (clients) => {
    const [s0, s1] = clients;
    const e = engineOf(s0.state().G);
    const first = e.legalMoves().find((m) => m !== 'swap');
    e.free();
    await send(clients, s0, 'play', first); // seat 0 moves as Red
    assert.equal(seatToAct(s0.state().G), '1');
    assert.equal(s0.state().ctx.currentPlayer, '1');
    assert.equal(whyIllegal(s0.state().G, '0', 'play', 'swap'), 'not_your_turn');
    await send(clients, s1, 'play', 'swap'); // seat 1 takes Red's position
    const { G, ctx } = s0.state();
    assert.equal(G.state.swapped, true);
    assert.equal(G.state.turn, 'blue');
    // Blue is to move, and seat 0 now holds Blue: seat 0 moves again.
    assert.equal(seatToAct(G), '0');
    assert.equal(ctx.currentPlayer, '0');
    await refused(clients, s1, 'play', 'swap');
    assert.equal(whyIllegal(G, '1', 'play', 'swap'), 'not_your_turn');
    assert.equal(whyIllegal(G, '0', 'play', 'swap'), 'illegal_move');
    await playUntil(clients, lone, { seed: 9 });
    await clients[1].waitFor((s) => s.ctx.gameover !== undefined);
    checkEnd(clients);
  });
});

test('a cube match to the end: double, take, drop, resign, nextGame from either seat', async () => {
  const name = 'jokerball-match-5';
  const make = () => matchGame({ game: 'jokerball', length: 5, cube: true, name });
  const seen = new Set();
  await withMatch(name, make, async (clients) => {
    const [s0, s1] = clients;
    // Game 1: Red (seat 0) doubles at once, Blue takes; both seats are active in a match, but only the
    // player to act may play, and the double is answered by the other seat only.
    assert.deepEqual(Object.keys(s0.state().ctx.activePlayers).sort(), ['0', '1']);
    await refused(clients, s1, 'double');
    await refused(clients, s1, 'roll');
    await send(clients, s0, 'double');
    seen.add('double');
    assert.equal(seatToAct(s0.state().G), '1');
    await refused(clients, s0, 'take');
    await refused(clients, s1, 'roll');
    await send(clients, s1, 'take');
    seen.add('take');
    assert.equal(s0.state().G.state.match.cube.value, 2);
    assert.equal(s0.state().G.state.match.cube.owner, 'blue');
    await refused(clients, s0, 'nextGame');
    let game = 1;
    // Later games: the first player who may double does; the other drops. A game that ends goes on with
    // nextGame, sent by the seat that did not win it (either may).
    const cube = (G, e) => {
      if (e.phase === 'double') {
        seen.add('drop');
        return 'drop';
      }
      if (G.state.match.gameNumber > 1 && e.gamePhase === 'roll' && e.canDouble()) return 'double';
      return null;
    };
    while (phaseOf(s0.state().G) !== 'match-over') {
      await playUntil(clients, (G) => ['game-over', 'match-over'].includes(phaseOf(G)), { seed: 20 + game, cube });
      if (phaseOf(s0.state().G) === 'game-over') {
        await send(clients, clients[game % 2], 'nextGame');
        seen.add(`nextGame from ${game % 2}`);
      }
      game++;
      assert.ok(game < 40);
    }
    await clients[0].waitFor((s) => s.ctx.gameover !== undefined);
    await clients[1].waitFor((s) => s.ctx.gameover !== undefined);
    const { G, ctx } = s0.state();
    const e = engineOf(G);
    try {
      assert.equal(e.phase, 'match-over');
      assert.deepEqual(ctx.gameover, { winner: e.winner === 'red' ? '0' : '1', reason: e.results.at(-1).how });
      assert.deepEqual(s1.state().ctx.gameover, ctx.gameover);
    } finally {
      e.free();
    }
    for (const what of ['double', 'take', 'drop']) assert.ok(seen.has(what), `no ${what}`);
    for (const c of clients) assert.equal(c.rollsRun, 0);
    await refused(clients, s0, 'nextGame');
  });
});

function phaseOf(G) {
  const e = engineOf(G);
  try {
    return e.phase;
  } finally {
    e.free();
  }
}

test('a Zola match: resign by the seat not to move, a resignation that answers a double, take', async () => {
  const name = 'zola-match-3';
  const make = () => matchGame({ game: 'zola', length: 3, cube: true, name });
  await withMatch(name, make, async (clients) => {
    const [s0, s1] = clients;
    await refused(clients, s0, 'roll'); // no dice in Zola
    assert.equal(seatToAct(s0.state().G), '0');
    await send(clients, s1, 'resign'); // Blue resigns while Red is to move
    assert.equal(phaseOf(s0.state().G), 'game-over');
    assert.deepEqual(s0.state().G.state.match.score, { red: 1, blue: 0 });
    await send(clients, s0, 'nextGame');
    // Game 2: Blue starts; Blue doubles, Red resigns instead of answering: Blue wins the cube's value (1).
    assert.equal(seatToAct(s0.state().G), '1');
    await send(clients, s1, 'double');
    await send(clients, s0, 'resign');
    assert.deepEqual(s0.state().G.state.match.score, { red: 1, blue: 1 });
    await send(clients, s1, 'nextGame');
    // Game 3: Red starts and doubles, Blue takes, then resigns while Red is to move: Red wins 2, the match.
    assert.equal(seatToAct(s0.state().G), '0');
    await send(clients, s0, 'double');
    await send(clients, s1, 'take');
    await send(clients, s1, 'resign');
    assert.deepEqual(s0.state().G.state.match.score, { red: 3, blue: 1 });
    await clients[1].waitFor((s) => s.ctx.gameover !== undefined);
    assert.deepEqual(s0.state().ctx.gameover, { winner: '0', reason: 'resign' });
  });
});

test('the socket guard: a move sent for the other seat is dropped; no match is made by a sync', async () => {
  const name = 'zola-match-5';
  const make = () => matchGame({ game: 'zola', length: 5, cube: true, name });
  await withMatch(name, make, async (clients, { matchID, seats }) => {
    const [s0, s1] = clients;
    // Seat 1 (its own credentials) sends a resign whose action says playerID '0'.
    const before = JSON.stringify(s0.state().G);
    const transport = s1.client.transport;
    const action = {
      type: 'MAKE_MOVE',
      payload: { type: 'resign', args: [], playerID: '0', credentials: seats[1].credentials },
    };
    transport.socket.emit('update', action, s1.state()._stateID, matchID, '1');
    // And without credentials, claiming seat 0 outright.
    transport.socket.emit(
      'update',
      { ...action, payload: { ...action.payload, credentials: 'nope' } },
      s1.state()._stateID,
      matchID,
      '0',
    );
    // Junk packets.
    for (const junk of [
      null,
      1,
      'x',
      [],
      { type: 'MAKE_MOVE' },
      { type: 'UNDO', payload: {} },
      { type: 'GAME_EVENT', payload: { type: 'endTurn', playerID: '1' } },
    ]) {
      transport.socket.emit('update', junk, s1.state()._stateID, matchID, '1');
    }
    transport.socket.emit('update', action, 'NaN', {}, '1');
    transport.socket.emit('chat', matchID, { id: 'x', sender: '0', payload: 'hi' });
    await sleep(150);
    assert.equal(JSON.stringify(s0.state().G), before);
    assert.equal(JSON.stringify(s1.state().G), before);
    // A legal move still works.
    const e = engineOf(s0.state().G);
    const m = e.legalMoves()[0];
    e.free();
    await send(clients, s0, 'play', m);
  });
  // A client syncing an unknown match gets nothing, and no match is created.
  const ghost = connect(server.url, () => zolaGame({ size: 6, name: 'zola' }), 'no-such-match', {
    playerID: '0',
    credentials: 'x',
  });
  await sleep(300);
  assert.equal(ghost.state(), null);
  ghost.stop();
  const res = await fetch(`${server.url}/games/zola/no-such-match`);
  assert.equal(res.status, 404);
});

test('the lobby refuses setupData and other player counts', async () => {
  for (const body of [{ numPlayers: 2, setupData: { seed: 1 } }, { numPlayers: 3 }, { numPlayers: 1 }]) {
    const res = await fetch(`${server.url}/games/jokerball/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    assert.equal(res.status, 400, JSON.stringify(body));
  }
});

test('static files: www/ and pkg/ only, the vendor build of the client', async () => {
  const get = (p) => fetch(server.url + p, { redirect: 'manual' });
  assert.equal((await get('/')).status, 302);
  assert.equal((await get('/www/')).status, 200);
  assert.equal((await get('/pkg/boardgameio.js')).status, 200);
  assert.equal((await get('/pkg/steere_games_bg.wasm')).headers.get('content-type'), 'application/wasm');
  const vendor = await get('/vendor/boardgameio.js');
  assert.equal(vendor.status, 200);
  assert.match(await vendor.text(), /export\s*\{/);
  for (const p of [
    '/package.json',
    '/scripts/online.mjs',
    '/src/lib.rs',
    '/www/../package.json',
    '/pkg/../Cargo.toml',
    '/%2e%2e/Cargo.toml',
    '/node_modules/boardgame.io/package.json',
  ]) {
    const r = await get(p);
    assert.ok(r.status === 404 || r.status === 403, `${p}: ${r.status}`);
  }
});
