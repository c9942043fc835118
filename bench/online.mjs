// Load on the reference server (`make bench-online`, not part of `make test`): N concurrent matches of
// scripted clients (two boardgame.io socket clients each, in this process) against one server process
// (scripts/online.mjs, matches in memory unless --db). Each match plays whole Jokerball games (2025, side 6;
// rolls and uniformly random legal moves) back to back, a new match after each finished one. For each N
// it reports the moves the server took per second, the latency of a move (sent by a client until that client
// has the server's new state: p50, p95, p99), the server's CPU time per move, and checks every finished
// match: its history, replayed by the engine, reaches the winner the server recorded (the lobby's gameover).
//
//   node bench/online.mjs [N ...] [--seconds S] [--warmup S] [--db]
//   (default: 10 100 500, 30 s measured after 3 s of warm-up at each N)
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, loadavg, cpus } from 'node:os';
import { join } from 'node:path';
import { adapter, engine, startServer, newMatch, connect, seatToAct, chooser, sleep } from '../js-tests/online/helpers.mjs';

const args = process.argv.slice(2);
const levels = [];
let seconds = 30;
let warmup = 3;
let useDb = false;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--seconds') seconds = Number(args[++i]);
  else if (args[i] === '--warmup') warmup = Number(args[++i]);
  else if (args[i] === '--db') useDb = true;
  else levels.push(Number(args[i]));
}
if (levels.length === 0) levels.push(10, 100, 500);

const NAME = 'jokerball';
const makeGame = () => adapter.jokerballGame({ rules: '2025', size: 6, name: NAME });

function cpuSeconds(pid) {
  // utime + stime of the process, in clock ticks (100 per second on Linux).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

async function level(url, pid, n) {
  const latencies = [];
  const finished = [];
  let moves = 0;
  let measuring = false;
  let running = true;
  let failures = 0;

  async function slot(k) {
    const pick = chooser(1000 + k);
    while (running) {
      const { matchID, seats } = await newMatch(url, NAME);
      const clients = seats.map((s) => connect(url, makeGame, matchID, s));
      try {
        await Promise.all(clients.map((c) => c.waitFor((s) => s.G, 60000, 'the first sync')));
        for (;;) {
          if (!running) return;
          const s = clients[0].state();
          const G = s.G;
          if (G.state.phase === 'over') {
            await clients[1].waitFor((x) => x.ctx.gameover !== undefined, 60000, 'the end');
            finished.push({ matchID, G });
            break;
          }
          const seat = seatToAct(G);
          const from = clients[Number(seat)];
          let name = 'roll';
          let moveArgs = [];
          if (G.state.phase !== 'roll') {
            const e = engine.Jokerball.fromJSON(G.state);
            const legal = e.legalMoves();
            e.free();
            name = 'play';
            moveArgs = [legal[pick(legal.length)]];
          }
          const before = from.state()._stateID;
          const t0 = performance.now();
          const counted = measuring;
          from.client.moves[name](...moveArgs);
          await from.waitFor((x) => x._stateID > before, 60000, `the answer to ${name}`);
          if (counted && measuring) {
            latencies.push(performance.now() - t0);
            moves++;
          }
          // The other client has it too before the next move (it may act next).
          await clients[1 - Number(seat)].waitFor((x) => x._stateID > before, 60000, 'the broadcast');
        }
      } catch (e) {
        failures++;
        if (failures <= 3) console.error(`  match ${matchID}: ${e.message}`);
        await sleep(100);
      } finally {
        clients.forEach((c) => c.stop());
      }
    }
  }

  const slots = Array.from({ length: n }, (_, k) => slot(k));
  await sleep(warmup * 1000);
  const cpu0 = cpuSeconds(pid);
  const t0 = performance.now();
  measuring = true;
  await sleep(seconds * 1000);
  measuring = false;
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds(pid) - cpu0;
  const load = loadavg()[0];
  running = false;
  await Promise.all(slots);

  // Every finished match: the engine's replay of its history reaches the winner the server recorded.
  let checked = 0;
  for (const { matchID, G } of finished) {
    const res = await fetch(`${url}/games/${NAME}/${matchID}`);
    const meta = await res.json();
    const recorded = meta.gameover && meta.gameover.winner;
    const replay = engine.Jokerball.replay(G.state.history, { rules: '2025', size: 6 });
    const winner = replay.phase === 'over' ? (replay.winner === 'red' ? '0' : '1') : null;
    replay.free();
    if (recorded !== winner) throw new Error(`match ${matchID}: recorded winner ${recorded}, replay gives ${winner}`);
    checked++;
  }
  latencies.sort((a, b) => a - b);
  return {
    matches: n,
    seconds: Number(elapsed.toFixed(1)),
    moves,
    movesPerSecond: Math.round(moves / elapsed),
    p50: Number(percentile(latencies, 50).toFixed(1)),
    p95: Number(percentile(latencies, 95).toFixed(1)),
    p99: Number(percentile(latencies, 99).toFixed(1)),
    serverCpuPerMoveMs: Number(((cpu / Math.max(1, moves)) * 1000).toFixed(2)),
    serverCpuShare: Number((cpu / elapsed).toFixed(2)),
    finished: finished.length,
    replayedToWinner: checked,
    failures,
    load1: Number(load.toFixed(2)),
  };
}

const dir = useDb ? mkdtempSync(join(tmpdir(), 'steere-bench-db-')) : undefined;
const server = await startServer({ db: dir });
const pid = server.child.pid;
console.log(`bench-online: server ${server.url} (pid ${pid}, matches ${useDb ? 'in a FlatFile directory' : 'in memory'}); ` +
  `${cpus().length} CPUs (${cpus()[0].model}), Node ${process.version}; ${seconds} s measured after ${warmup} s at each level`);
const results = [];
try {
  for (const n of levels) {
    const r = await level(server.url, pid, n);
    results.push(r);
    console.log(`  ${String(n).padStart(4)} matches: ${r.movesPerSecond} moves/s, latency p50 ${r.p50} ms, p95 ${r.p95} ms, ` +
      `p99 ${r.p99} ms; server CPU ${r.serverCpuPerMoveMs} ms/move (${Math.round(r.serverCpuShare * 100)}% of a core); ` +
      `${r.finished} games finished, ${r.replayedToWinner} replayed to the recorded winner; ${r.failures} failures; load ${r.load1}`);
  }
} finally {
  await server.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify({ date: new Date().toISOString(), db: useDb, results }));
if (results.some((r) => r.failures > 0 || r.finished !== r.replayedToWinner)) process.exit(1);
