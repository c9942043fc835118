// Load of quick pairing (API.md "Lobby, pairing and ratings"; README "Online play"): PLAYERS players, each
// made with POST /players, press POST /pair all at once on PROCESSES reference servers over one PostgreSQL
// and one Redis (started here, data in a temporary directory); player i goes to process i % PROCESSES.
// Reports the time from each request to its answer (p50, p95, max) and checks that every player is in
// exactly one match (the answers, and lobby_seats in the database), nobody with themselves, and at most
// one open seek per pool.
//
//   node benches/pair.mjs [--players 200] [--processes 2] [--pools 1] [--rounds 3]
//
// --pools K spreads the players over K pools (a clock each); 1 (the default) puts everyone in one pool,
// where every request waits on the same lock. Not part of `make test`.
import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { startServer, call } from '../js-tests/online/helpers.mjs';
import { postgres, redis } from '../scripts/services.mjs';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isInteger(v) || v < 1) throw new Error(`benches/pair: --${name} takes a whole number above 0`);
  return v;
};
const PLAYERS = option('players', 200);
const PROCESSES = option('processes', 2);
const POOLS = option('pools', 1);
const ROUNDS = option('rounds', 3);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const setupOf = (pool) => (pool === 0 ? undefined : { clock: { delayMs: 0, reserveMs: 60000 * pool } });

const dir = mkdtempSync(join(tmpdir(), 'steere-bench-pair-'));
chmodSync(dir, 0o755);
const pg = await postgres({ dir: join(dir, 'pg') });
const rd = await redis({ dir: join(dir, 'redis') });
const servers = [];
const { Pool } = require('pg');
const db = new Pool({ connectionString: pg.url, max: 2 });
let failures = 0;
const check = (ok, what) => {
  if (!ok) {
    failures++;
    console.error(`benches/pair: FAILED: ${what}`);
  }
};
try {
  for (let i = 0; i < PROCESSES; i++)
    servers.push(
      await startServer({ postgres: pg.url, redis: rd.url, args: ['--rate-players', '0', '--rate-pair', '0'] }),
    );
  console.log(
    `benches/pair: ${PLAYERS} players pairing at once on ${PROCESSES} processes, ${POOLS} pool(s), ${ROUNDS} rounds (load average ${loadavg()[0].toFixed(1)})`,
  );
  for (let round = 1; round <= ROUNDS; round++) {
    const players = [];
    for (let i = 0; i < PLAYERS; i += 20) {
      const batch = Array.from({ length: Math.min(20, PLAYERS - i) }, (_, j) =>
        call(servers[(i + j) % PROCESSES].url, 'POST', '/players', { body: { name: `r${round} p${i + j}` } }),
      );
      for (const r of await Promise.all(batch)) {
        if (r.status !== 201) throw new Error(`benches/pair: POST /players answered ${r.status} ${r.text}`);
        players.push(r.body);
      }
    }
    const t0 = performance.now();
    const answers = await Promise.all(
      players.map(async (p, i) => {
        const pool = i % POOLS;
        const sent = performance.now();
        const setupData = setupOf(pool);
        const r = await call(servers[i % PROCESSES].url, 'POST', '/pair', {
          token: p.token,
          body: setupData ? { gameName: 'zola', setupData } : { gameName: 'zola' },
        });
        return { ...r, ms: performance.now() - sent, player: p.playerID, pool };
      }),
    );
    const wall = performance.now() - t0;
    for (const a of answers) check(a.status === 200, `a pair request answered ${a.status} ${a.text}`);
    const byMatch = new Map();
    for (const a of answers) byMatch.set(a.body.matchID, [...(byMatch.get(a.body.matchID) || []), a]);
    const open = new Map();
    for (const [matchID, held] of byMatch) {
      check(held.length <= 2, `${matchID} has ${held.length} players`);
      if (held.length === 2)
        check(
          held[0].player !== held[1].player && held[0].body.playerID !== held[1].body.playerID,
          `${matchID}: a player with themselves, or one seat twice`,
        );
      else open.set(held[0].pool, (open.get(held[0].pool) || 0) + 1);
    }
    for (const [pool, n] of open) check(n <= 1, `pool ${pool}: ${n} seeks left open`);
    const { rows } = await db.query(
      'SELECT player_id, count(*)::int AS n FROM lobby_seats WHERE player_id = ANY($1) GROUP BY player_id',
      [players.map((p) => p.playerID)],
    );
    check(rows.length === PLAYERS && rows.every((r) => r.n === 1), 'every player in exactly one match (lobby_seats)');
    const { rows: seeks } = await db.query('SELECT pool, count(*)::int AS n FROM lobby_seeks GROUP BY pool');
    check(
      seeks.every((s) => s.n === 1),
      'at most one open seek per pool (lobby_seeks)',
    );
    const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
    const paired = [...byMatch.values()].filter((h) => h.length === 2).length;
    console.log(
      `round ${round}: ${paired} matches, ${[...open.values()].reduce((a, b) => a + b, 0)} seek(s) left open; pairing latency p50 ${percentile(ms, 50).toFixed(0)} ms, ` +
        `p95 ${percentile(ms, 95).toFixed(0)} ms, max ${ms[ms.length - 1].toFixed(0)} ms; all answered in ${wall.toFixed(0)} ms (load average ${loadavg()[0].toFixed(1)})`,
    );
    // the seeks left open are cancelled, so that the next round starts from none
    for (const a of answers) {
      const left = byMatch.get(a.body.matchID).length === 1;
      if (left)
        await call(servers[0].url, 'DELETE', `/seeks/${a.body.matchID}`, {
          token: players.find((p) => p.playerID === a.player).token,
        });
    }
  }
} finally {
  await db.end();
  for (const s of servers) await s.stop();
  await rd.stop();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log(failures === 0 ? 'benches/pair: every check held' : `benches/pair: ${failures} checks failed`);
process.exit(failures === 0 ? 0 : 1);
