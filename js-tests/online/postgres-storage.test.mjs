// CheckedStorage on PostgreSQL (bgio-postgres' table), in this process, on a PostgreSQL started here on a free
// port with its data in a temporary directory: the end recorded in a match's metadata is its stored state's,
// and a match's log is kept in a table of its own, one row per state, after what an older version stored in
// the "log" column of bgio-postgres' table.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { mkdtempSync, chmodSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './helpers.mjs';

const require = createRequire(import.meta.url);
const { PostgresStore } = require('bgio-postgres');
const { Pool } = require('pg');
const { CheckedStorage } = await import(join(root, 'pkg', 'boardgameio-server.js'));

let dir = null;
let pg = null;
let db = null;
let inner = null;
let storage = null;
before(async () => {
  const { postgres } = await import('../../scripts/services.mjs');
  dir = mkdtempSync(join(tmpdir(), 'steere-pg-storage-'));
  chmodSync(dir, 0o755);
  pg = await postgres({ dir: join(dir, 'pg') });
  db = new Pool({ connectionString: pg.url, max: 2 });
  db.on('error', () => {});
  inner = new PostgresStore(pg.url, { logging: false });
  storage = new CheckedStorage(inner, [], { log: () => {} });
  await storage.connect();
});
after(async () => {
  await inner?.sequelize.close();
  await db?.end();
  await pg?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const base = { G: {}, ctx: { numPlayers: 2, currentPlayer: '0' }, _stateID: 0 };
let made = 0;
async function newMatch() {
  const id = `m${++made}`;
  const now = Date.now();
  await storage.createMatch(id, {
    initialState: base,
    metadata: { gameName: 'none', players: {}, createdAt: now, updatedAt: now },
  });
  return id;
}
const row = async (id) =>
  (await db.query('SELECT "state", "gameover", "log" FROM "Games" WHERE "id" = $1', [id])).rows[0];

// boardgame.io writes a move's state and, beside it, the match's metadata with the move's end: the state may
// lose its compare-and-set to a timeout of the same state while the metadata lands.
test("the end recorded is the stored state's, never that of a move whose state lost", async () => {
  const id = await newMatch();
  const end = (which, gameover) => ({ ...base, G: { which }, ctx: { ...base.ctx, gameover }, _stateID: 1 });
  const timeout = end('timeout', { winner: '1', reason: 'time' });
  const move = end('move', { winner: '0' });
  const { metadata } = await storage.fetch(id, { metadata: true });
  assert.equal(await storage.setState(id, timeout, []), true);
  const [moved] = await Promise.all([
    storage.setState(id, move, []),
    storage.setMetadata(id, { ...metadata, gameover: move.ctx.gameover, updatedAt: Date.now() }),
  ]);
  assert.equal(moved, false);
  const r = await row(id);
  assert.equal(r.state.G.which, 'timeout');
  assert.deepEqual(r.gameover, timeout.ctx.gameover);
});

const entry = (n) => ({
  action: { type: 'MAKE_MOVE', payload: { type: 'play', args: [n], playerID: '0' } },
  _stateID: n,
});

test("a match's log: one row per stored state, read back in order after the older column's entries", async () => {
  const id = await newMatch();
  // What an older version of this storage kept: the log in bgio-postgres' own column.
  await db.query('UPDATE "Games" SET "log" = $1 WHERE "id" = $2', [JSON.stringify([entry(-2), entry(-1)]), id]);
  for (let n = 1; n <= 5; n++) {
    const state = { ...base, G: { n }, _stateID: n };
    // a state with no entries (the server's own moves) adds no row
    const deltalog = n === 3 ? [] : n === 4 ? [entry(4), { ...entry(4), extra: true }] : [entry(n)];
    assert.equal(await storage.setState(id, state, deltalog), true);
    // a write that loses its race adds none either
    assert.equal(await storage.setState(id, { ...state, G: { lost: true } }, [entry(99)]), false);
  }
  // (the states of these tests belong to no game: the storage refuses to hand them out, but not their log)
  const { log } = await storage.fetch(id, { log: true });
  assert.equal((await row(id)).state._stateID, 5);
  assert.deepEqual(log, [entry(-2), entry(-1), entry(1), entry(2), entry(4), { ...entry(4), extra: true }, entry(5)]);
  // the column is no longer rewritten at each move
  assert.deepEqual((await row(id)).log, [entry(-2), entry(-1)]);
  const { rows } = await db.query('SELECT "stateID" FROM "GameLogs" WHERE "id" = $1 ORDER BY "stateID"', [id]);
  assert.deepEqual(
    rows.map((r) => r.stateID),
    [1, 2, 4, 5],
  );
  // A match with no rows reads its column alone; a wiped match leaves no rows.
  const other = await newMatch();
  assert.deepEqual((await storage.fetch(other, { log: true })).log, []);
  await storage.wipe(id);
  assert.equal((await db.query('SELECT 1 FROM "GameLogs" WHERE "id" = $1', [id])).rows.length, 0);
  assert.equal(await row(id), undefined);
});

test('the log table is made by whichever process connects first, and connecting again is harmless', async () => {
  await db.query('DROP TABLE "GameLogs"');
  const more = Array.from({ length: 3 }, () => new PostgresStore(pg.url, { logging: false }));
  try {
    await Promise.all(more.map((s) => new CheckedStorage(s, [], { log: () => {} }).connect()));
  } finally {
    for (const s of more) await s.sequelize.close();
  }
  const { rows } = await db.query(`SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'GameLogs'`);
  assert.equal(Number(rows[0].n), 1);
});
