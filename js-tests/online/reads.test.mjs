// A move costs one read of the storage (the socket guard's, which boardgame.io's own two reads of the move
// share, within the move's asynchronous context only), and the same packet sent twice is applied once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adapter, newMatch, connect, playUntil, sleep, rawMove, seatToAct } from './helpers.mjs';
import { startServer } from '../../scripts/online.mjs';

test('one storage read per move; a move sent twice on one process is stored and shown once', async () => {
  const server = await startServer({ port: 0, host: '127.0.0.1', log: () => {}, vendor: false });
  const make = () => adapter.zolaGame({ size: 6, name: 'zola' });
  try {
    const m = await newMatch(server.url, 'zola');
    const clients = [
      connect(server.url, make, m.matchID, m.seats[0]),
      connect(server.url, make, m.matchID, m.seats[1]),
    ];
    await Promise.all(clients.map((c) => c.waitFor((s) => s.G, 10000, 'the first sync')));
    await sleep(2500); // past the guard's refreshes after each sync (two reads each)
    const reads = server.storage.stats.reads;
    const moves = await playUntil(clients, (G) => G.state.history.length >= 20);
    const perMove = (server.storage.stats.reads - reads) / moves;
    console.log(`# ${moves} moves, ${perMove.toFixed(2)} storage reads a move`);
    assert.ok(perMove <= 1.05, `${perMove} reads a move`);
    // The same packet twice, ten times: each applied once, both seats on the same stored state.
    for (let i = 0; i < 10; i++) {
      const s = clients[0].state();
      const from = clients.find((c) => c.seat === seatToAct(s.G));
      const e = adapter.engineOf(s.G);
      const move = e.legalMoves()[0];
      e.free();
      rawMove(from, 'play', [move]);
      rawMove(from, 'play', [move]);
      for (const c of clients) await c.waitFor((x) => x._stateID > s._stateID, 5000, `move ${i} shown`);
      await sleep(100);
      const { state } = await server.storage.fetch(m.matchID, { state: true });
      assert.equal(state._stateID, s._stateID + 1, 'applied twice');
      for (const c of clients) assert.equal(c.state()._stateID, state._stateID);
      if (state.G.state.phase === 'over') break;
    }
    for (const c of clients) c.stop();
  } finally {
    await server.stop();
  }
});
