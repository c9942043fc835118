// What a timeout costs the server (`node benches/clock-cost.mjs [N]`, not part of `make test`): N timed Zola
// matches stored in a CheckedStorage, their clocks run out; ServerClocks applies each timeout (the read, the
// engine's forfeit, the compare-and-set write, which records the end in the metadata too) one after another. Reports the CPU
// time of this process per timeout in memory and on PostgreSQL (started here, data in a temporary
// directory; PostgreSQL's own CPU is not counted), and the median wall time of one.
import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { postgres } from '../scripts/services.mjs';

const require = createRequire(import.meta.url);
const root = join(import.meta.dirname, '..');
const { zolaGame } = await import(join(root, 'pkg', 'boardgameio.js'));
const { CheckedStorage, MemoryStore, ServerClocks, LocalPubSub } = await import(
  join(root, 'pkg', 'boardgameio-server.js')
);
const { clockStart } = await import(join(root, 'pkg', 'node.js'));

const N = Number(process.argv[2] || 500);
const game = zolaGame({ size: 6, name: 'zola', clock: { delayMs: 0, reserveMs: 1000 } });

async function run(inner, what) {
  const storage = new CheckedStorage(inner, [game], { log: () => {} });
  await storage.connect();
  const clocks = new ServerClocks({
    storage,
    pubSub: storage.publishAfterWrite(new LocalPubSub()),
    games: [game],
    scheduler: { start() {}, schedule() {}, close() {} },
    log: () => {},
  });
  await clocks.start();
  const started = Date.now() - 60000; // every clock ran out a minute ago
  const ids = [];
  for (let i = 0; i < N; i++) {
    const id = `bench-${what}-${i}`;
    const G0 = game.setup({});
    const G = { ...G0, clock: clockStart({ delayMs: 0, reserveMs: 1000 }, 'red', started) };
    const ctx = {
      numPlayers: 2,
      turn: 1,
      currentPlayer: '0',
      playOrder: ['0', '1'],
      playOrderPos: 0,
      phase: null,
      activePlayers: { 0: 'play', 1: 'play' },
    };
    const state = { G, ctx, plugins: {}, _undo: [], _redo: [], _stateID: 1 };
    const players = { 0: { id: 0, name: 'a' }, 1: { id: 1, name: 'b' } };
    await storage.createMatch(id, {
      initialState: state,
      metadata: { gameName: 'zola', players, createdAt: started, updatedAt: started },
    });
    ids.push(id);
  }
  const walls = [];
  const cpu0 = process.cpuUsage();
  for (const id of ids) {
    const t = performance.now();
    if (!(await clocks.act(id, 'timeout'))) throw new Error(`${what}: match ${id} not timed out`);
    walls.push(performance.now() - t);
  }
  const cpu = process.cpuUsage(cpu0);
  walls.sort((a, b) => a - b);
  const { state } = await storage.fetch(ids[0], { state: true });
  if (state.ctx.gameover?.reason !== 'time') throw new Error(`${what}: no end on time stored`);
  await clocks.close();
  return {
    what,
    timeouts: N,
    cpuMsEach: Number(((cpu.user + cpu.system) / 1000 / N).toFixed(3)),
    wallMedianMs: Number(walls[N >> 1].toFixed(2)),
  };
}

const results = [await run(new MemoryStore(), 'memory')];
const dir = mkdtempSync(join(tmpdir(), 'steere-clock-cost-'));
chmodSync(dir, 0o755);
const pg = await postgres({ dir: join(dir, 'pg') });
try {
  const { PostgresStore } = require('bgio-postgres');
  const store = new PostgresStore(pg.url, { logging: false });
  results.push(await run(store, 'postgresql'));
  await store.sequelize.close();
} finally {
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
for (const r of results)
  console.log(
    `clock-cost: ${r.what}: ${r.timeouts} timeouts, ${r.cpuMsEach} ms of this process's CPU each, ${r.wallMedianMs} ms each (median wall time)`,
  );
console.log(JSON.stringify({ date: new Date().toISOString(), results }));
