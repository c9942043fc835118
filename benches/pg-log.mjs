// What a move's log costs PostgreSQL (not part of `make test`): `node benches/pg-log.mjs [MOVES] [MATCHES]`.
// CheckedStorage's compare-and-set of a state on bgio-postgres' table, as it was (the move's log entries
// appended to the match's "log" column: PostgreSQL reads, parses and writes the whole log again) and as it is
// (one row per state in "GameLogs", in the same statement), alternated twice: MATCHES matches of MOVES moves
// each, one connection, on a PostgreSQL started here (a free port, a temporary directory). Reports the
// PostgreSQL backend's CPU per move (from /proc) and the wall time per statement.
import { readFileSync, mkdtempSync, chmodSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { postgres } from '../scripts/services.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const [moves = 300, matches = 10] = process.argv.slice(2).map(Number);

const dir = mkdtempSync(join(tmpdir(), 'steere-pg-log-'));
chmodSync(dir, 0o755);
const pg = await postgres({ dir: join(dir, 'pg') });
const db = new Client({ connectionString: pg.url });
await db.connect();
try {
  await db.query(
    'CREATE TABLE "Games" ("id" VARCHAR(255) PRIMARY KEY, "state" JSON, "log" JSON, "gameover" JSON, "updatedAt" TIMESTAMPTZ)',
  );
  await db.query(
    'CREATE TABLE "GameLogs" ("id" VARCHAR(255), "stateID" INTEGER, "entries" JSON, PRIMARY KEY ("id", "stateID"))',
  );
  const pid = (await db.query('SELECT pg_backend_pid() AS p')).rows[0].p;
  const cpuMs = () => {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10; // utime + stime, in 10 ms ticks
  };
  const entry = (n) => ({
    action: { type: 'MAKE_MOVE', payload: { type: 'play', args: ['b3-d3'], playerID: String(n % 2) } },
    _stateID: n,
    turn: n,
    phase: null,
  });
  // a state that grows with the game, as a history does
  const stateOf = (n) => ({
    G: { history: Array.from({ length: n }, (_, i) => `m${i}`) },
    ctx: { turn: n },
    _stateID: n,
  });
  const set =
    'UPDATE "Games" SET "state" = CAST($1 AS json), "updatedAt" = NOW(), "gameover" = COALESCE(CAST($5 AS json), "gameover")';
  const where = 'WHERE "id" = $3 AND CAST("state"->>\'_stateID\' AS integer) = $4 RETURNING "id"';
  const ways = {
    'log column': `${set}, "log" = CAST(COALESCE(CAST("log" AS jsonb), '[]'::jsonb) || CAST($2 AS jsonb) AS json) ${where}`,
    'log rows': `WITH "moved" AS (${set} ${where}), "logged" AS (INSERT INTO "GameLogs" SELECT "id", $4 + 1, CAST($2 AS json) FROM "moved") SELECT "id" FROM "moved"`,
  };
  console.log(`pg-log: ${matches} matches of ${moves} moves each, one connection`);
  for (const name of ['log column', 'log rows', 'log column', 'log rows']) {
    const t0 = process.hrtime.bigint();
    const c0 = cpuMs();
    for (let m = 0; m < matches; m++) {
      const id = `${name}-${m}-${t0}`;
      await db.query(`INSERT INTO "Games" VALUES ($1, $2, '[]', NULL, NOW())`, [id, JSON.stringify(stateOf(0))]);
      for (let n = 1; n <= moves; n++) {
        const values = [JSON.stringify(stateOf(n)), JSON.stringify([entry(n)]), id, n - 1, null];
        if ((await db.query(ways[name], values)).rows.length !== 1) throw new Error('a compare-and-set failed');
      }
    }
    const n = matches * moves;
    const wall = Number(process.hrtime.bigint() - t0) / 1e6 / n;
    console.log(
      `  ${name.padEnd(10)}: PostgreSQL ${((cpuMs() - c0) / n).toFixed(3)} ms of CPU per move, ${wall.toFixed(3)} ms per statement`,
    );
  }
} finally {
  await db.end();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
