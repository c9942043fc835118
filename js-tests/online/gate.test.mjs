// The publication gate of steere-games/boardgameio/server: clients are sent only states that were stored.
// Two writes of one state number wait in one process (a move and a timeout made from the same state): only
// the stored one's update is published, never the refused one's.
// (STEERE_GATE_MODULE=path runs it against another build of the module: it fails on the gate of 8e246fd.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { root } from './helpers.mjs';

const server = await import(process.env.STEERE_GATE_MODULE || join(root, 'pkg', 'boardgameio-server.js'));
const { CheckedStorage, MemoryStore, LocalPubSub } = server;

// A store whose writes take a while, so that the second write waits behind the first.
class SlowStore extends MemoryStore {
  async setState(id, state, deltalog) {
    await new Promise((r) => setTimeout(r, 20));
    return super.setState(id, state, deltalog);
  }
}

test("two writes of one state number: only the stored one's update reaches the clients", async () => {
  const storage = new CheckedStorage(new SlowStore(), [], { log: () => {} });
  const base = { G: {}, ctx: { numPlayers: 2, currentPlayer: '0' }, _stateID: 0 };
  await storage.createMatch('m', { initialState: base, metadata: { gameName: 'none', players: {} } });
  const bus = new LocalPubSub();
  const gated = storage.publishAfterWrite(bus);
  const seen = [];
  gated.subscribe('MATCH-m', (payload) => seen.push(payload.args[1].G.which));
  const update = (which) => ({ type: 'update', args: ['m', { ...base, G: { which }, _stateID: 1 }] });
  // As boardgame.io does: publish, then write at once; a second write made from the same state meanwhile.
  gated.publish('MATCH-m', update('move'));
  const first = storage.setState('m', update('move').args[1], []);
  gated.publish('MATCH-m', update('timeout'));
  const second = storage.setState('m', update('timeout').args[1], []);
  assert.deepEqual(await Promise.all([first, second]), [true, false]);
  await new Promise((r) => setTimeout(r, 50));
  assert.deepEqual(seen, ['move']);
  const { state } = await storage.inner.fetch('m', { state: true });
  assert.equal(state.G.which, 'move');
});

// boardgame.io writes a move's state and, beside it, the match's metadata with the move's end; the state
// may lose its compare-and-set (a timeout of the same state stored first) while the metadata still lands.
// The match's recorded end must be the stored state's.
test("a move's end is recorded only when its state is the one stored", async () => {
  const storage = new CheckedStorage(new SlowStore(), [], { log: () => {} });
  const base = { G: {}, ctx: { numPlayers: 2, currentPlayer: '0' }, _stateID: 0 };
  await storage.createMatch('m', { initialState: base, metadata: { gameName: 'none', players: {} } });
  const end = (which, gameover) => ({ ...base, G: { which }, ctx: { ...base.ctx, gameover }, _stateID: 1 });
  const timeout = end('timeout', { winner: '1', reason: 'time' });
  const move = end('move', { winner: '0' });
  const { metadata } = await storage.fetch('m', { metadata: true });
  const stored = storage.setState('m', timeout, []);
  const [moved] = await Promise.all([
    storage.setState('m', move, []),
    storage.setMetadata('m', { ...metadata, gameover: move.ctx.gameover, updatedAt: Date.now() }),
  ]);
  assert.equal(await stored, true);
  assert.equal(moved, false);
  const after = await storage.inner.fetch('m', { state: true, metadata: true });
  assert.equal(after.state.G.which, 'timeout');
  assert.deepEqual(after.metadata.gameover, timeout.ctx.gameover);
});

// The socket guard's read of a match is kept for boardgame.io's own reads of that move (withRead); once the
// move's state is written, nothing in the move's asynchronous context (a timer set at the write, a refused
// move's unused read) may be handed that read, which is now older than the stored state.
test("after a move's write, its kept read is not handed out again", async () => {
  const storage = new CheckedStorage(new MemoryStore(), [], { log: () => {} });
  const base = { G: {}, ctx: { numPlayers: 2, currentPlayer: '0' }, _stateID: 0 };
  await storage.createMatch('m', { initialState: base, metadata: { gameName: 'none', players: {} } });
  const read = await storage.inner.fetch('m', { state: true, metadata: true });
  let later = null;
  await storage.withRead('m', read, async () => {
    // one of the two reads kept for the move (as when boardgame.io refuses the move after its first read)
    await storage.fetch('m', { metadata: true });
    await storage.setState('m', { ...base, G: { moved: true }, _stateID: 1 }, []);
    later = new Promise((resolve) =>
      setTimeout(async () => {
        const reads = storage.stats.reads;
        await storage.fetch('m', { metadata: true });
        resolve(storage.stats.reads - reads);
      }, 5),
    );
  });
  assert.equal(await later, 1, 'the read after the write went to the storage');
});
