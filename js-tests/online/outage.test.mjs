// Redis restarted, then PostgreSQL restarted, in mid-game (API.md "Online play on several processes"): the
// server processes stay up, moves are delayed or refused, never lost or applied twice, and every match
// plays on to its end once both are back. Its own PostgreSQL and Redis, on free ports, stopped at the end.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { adapter, newMatch, playUntil, sleep, seatToAct, clusterSuite } from './helpers.mjs';

const { jokerballGame, zolaGame } = adapter;
const suite = clusterSuite({ before, after }, { processes: 2, name: 'outage' });
const { servers, connect } = suite;

const jb = () => jokerballGame({ rules: '2025', size: 4, name: 'jokerball-4' });
const zo = () => zolaGame({ size: 6, name: 'zola' });
const over = (G) => G.state.phase === 'over';

// A match whose seats are on the two processes; `seen` gets every history a client was shown.
async function match(name, make, seen) {
  const { matchID, seats } = await newMatch(servers[0].url, name);
  const clients = seats.map((seat, i) => {
    const c = connect(servers[i].url, make, matchID, seat);
    c.client.subscribe((s) => s?.G && seen.push(s.G.state.history));
    return c;
  });
  await Promise.all(clients.map((c) => c.waitFor((s) => s.G, 15000, 'the first sync')));
  return clients;
}

// Sends the next move (a roll or the first legal move) from the seat to act; resolves to true when a new
// state reached the sender within `ms`, false when it did not (the move was refused or is delayed).
async function tryMove(clients, ms) {
  const { G, _stateID } = clients[0].state();
  const from = clients.find((c) => c.seat === seatToAct(G));
  const e = adapter.engineOf(G);
  if (e.phase === 'roll' || e.gamePhase === 'roll') from.client.moves.roll();
  else from.client.moves.play(e.legalMoves()[0]);
  e.free();
  try {
    await from.waitFor((s) => s._stateID > _stateID, ms, 'the move');
    return true;
  } catch {
    return false;
  }
}

// Both seats reach the same state (the stored one) within `ms`.
async function agree(clients, ms = 20000) {
  const t0 = Date.now();
  for (;;) {
    const [a, b] = clients.map((c) => c.state());
    if (a._stateID === b._stateID && JSON.stringify(a.G) === JSON.stringify(b.G)) return a;
    if (Date.now() - t0 > ms) throw new Error(`the seats disagree: ${a._stateID} and ${b._stateID}`);
    await sleep(50);
  }
}

function noneLost(seen, final) {
  for (const h of seen)
    assert.deepEqual(final.slice(0, h.length), h, 'a history a client saw is not where the final one starts');
}

test('Redis restarted, then PostgreSQL restarted, in mid-game: nothing lost or doubled, every match plays on', async () => {
  const seenA = [];
  const seenB = [];
  const a = await match('jokerball-4', jb, seenA);
  const b = await match('zola', zo, seenB);
  await playUntil(a, (G) => G.state.history.length >= 4 || over(G), { seed: 11 });
  await playUntil(b, (G) => G.state.history.length >= 4 || over(G), { seed: 12 });

  // Redis goes away: a move is stored and shown to the seat on its own process; the other seat gets it
  // once Redis is back (delayed, not lost).
  await suite.rd().stop();
  await sleep(300);
  const movedA = await tryMove(a, 5000);
  const movedB = await tryMove(b, 5000);
  assert.ok(movedA && movedB, 'a move on the mover’s own process is taken while Redis is away');
  // Away longer than a seat lease lasts (6 s): when Redis is back, no seat is left recorded away (each
  // process holds its seats again and records them connected; a seat swept meanwhile comes back).
  await sleep(6500);
  await suite.rd().start();
  const sa = await agree(a);
  await agree(b);
  for (let t = 0; ; t += 100) {
    const away = [a, b].map((clients) => clients[0].state().G.away);
    if (away.every((w) => w['0'] === null && w['1'] === null)) break;
    assert.ok(t < 15000, `seats left recorded away after Redis came back: ${JSON.stringify(away)}`);
    await sleep(100);
  }
  noneLost(seenA, sa.G.state.history);
  await playUntil(a, (G) => G.state.history.length >= 8 || over(G), { seed: 13 });

  // PostgreSQL goes away: moves are refused (nothing changes on either seat), the servers stay up.
  const beforeA = a[0].state()._stateID;
  await suite.pg().stop();
  await sleep(300);
  assert.equal(await tryMove(a, 2000), false, 'a move was taken without PostgreSQL');
  assert.equal(await tryMove(b, 2000), false, 'a move was taken without PostgreSQL');
  for (const s of servers) assert.equal(s.child.exitCode, null, 'a server process ended');
  assert.equal(a[0].state()._stateID, beforeA);
  await suite.pg().start();
  // Back: both matches play on to their ends (a refused move is made again on the stored state).
  for (const [clients, seed] of [
    [a, 14],
    [b, 15],
  ]) {
    const t0 = Date.now();
    while (!(await tryMove(clients, 3000)))
      assert.ok(Date.now() - t0 < 30000, 'no move taken after PostgreSQL came back');
    await agree(clients);
    await playUntil(clients, over, { seed });
    for (const c of clients) await c.waitFor((s) => s.ctx.gameover !== undefined, 10000, 'the end');
  }
  for (const s of servers) assert.equal(s.child.exitCode, null, 'a server process ended');
  // Nothing a client saw was lost, nothing applied twice (each final state replays from its history).
  noneLost(seenA, a[0].state().G.state.history);
  noneLost(seenB, b[0].state().G.state.history);
  for (const clients of [a, b]) {
    const e = adapter.engineOf(clients[0].state().G);
    assert.equal(e.phase, 'over');
    e.free();
  }
});
