// Load on the reference server (`make bench-online`, not part of `make test`): N concurrent matches of
// scripted clients against one server process (scripts/online.mjs, matches in memory unless --db). Each
// match has two clients, one per seat, each on its own socket.io connection speaking boardgame.io's protocol
// (sync, update) without boardgame.io's client library, so that this process spends little on them. A
// match is one whole Jokerball game (2025, side 6): rolls and uniformly random legal moves; N slots each play
// matches one after another through the lobby, so N matches are always under way.
// For each N: the moves the server took per second and the latency of a move (sent by a client until that
// client has the server's new state: p50, p95, p99) over the measured window, and the server's CPU time per
// move. When the window closes, every match under way is played to its end (not measured), and every match
// is checked: the engine's replay of its history reaches the winner the server recorded (the lobby's gameover).
//
//   node bench/online.mjs [N ...] [--seconds S] [--db]     (default: 10 100 500, 30 s measured at each N)
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, loadavg, cpus } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { engine, startServer, newMatch, chooser, sleep, stateWaiters } from '../js-tests/online/helpers.mjs';

const require = createRequire(import.meta.url);
const { io } = createRequire(require.resolve('boardgame.io/package.json'))('socket.io-client');

const args = process.argv.slice(2);
const levels = [];
let seconds = 30;
let useDb = false;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--seconds') seconds = Number(args[++i]);
  else if (args[i] === '--db') useDb = true;
  else levels.push(Number(args[i]));
}
if (levels.length === 0) levels.push(10, 100, 500);

const NAME = 'jokerball';
let connectErrors = 0;

function cpuSeconds(pid) {
  // utime + stime of the process, in clock ticks (100 per second on Linux).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

// One seat's client: boardgame.io's socket protocol, the latest state kept.
function seatClient(url, matchID, seat) {
  // Like boardgame.io's client: reconnects by itself, and asks for the state at every connection.
  const socket = io(`${url}/${NAME}`, { forceNew: true, transports: ['websocket'] });
  socket.on('connect_error', () => connectErrors++);
  let state = null;
  const { notify, waitFor } = stateWaiters(() => state);
  socket.on('connect', () => socket.emit('sync', matchID, seat.playerID, seat.credentials, 2));
  socket.on('sync', (id, info) => {
    if (id === matchID) {
      state = info.state;
      notify();
    }
  });
  socket.on('update', (id, next) => {
    if (id === matchID && (!state || next._stateID >= state._stateID)) {
      state = next;
      notify();
    }
  });
  return {
    state: () => state,
    waitFor,
    move(name, moveArgs) {
      const payload = { type: name, args: moveArgs, playerID: seat.playerID, credentials: seat.credentials };
      socket.emit('update', { type: 'MAKE_MOVE', payload }, state._stateID, matchID, seat.playerID);
    },
    close: () => socket.close(),
  };
}

async function level(url, pid, n) {
  connectErrors = 0;
  const latencies = [];
  const games = [];
  let moves = 0;
  let measuring = false;
  let failures = 0;

  let going = true; // slots start new matches until the window closes
  let opened = 0;
  async function open() {
    opened++;
    const { matchID, seats } = await newMatch(url, NAME);
    const clients = seats.map((s) => seatClient(url, matchID, s));
    await Promise.all(clients.map((c) => c.waitFor(() => true, 120000, 'the first sync')));
    return { matchID, clients };
  }

  // One match, played to its end through the client of the seat to act.
  async function play({ matchID, clients }, seed) {
    const pick = chooser(seed);
    try {
      for (;;) {
        const s = clients[0].state();
        const { G } = s;
        if (G.state.phase === 'over') {
          await clients[1].waitFor((x) => x.ctx.gameover !== undefined, 120000, 'the end');
          games.push({ matchID, G, gameover: s.ctx.gameover });
          return;
        }
        const e = engine.Jokerball.fromJSON(G.state);
        const seat = e.turn === 'red' ? 0 : 1;
        let name = 'roll';
        let moveArgs = [];
        if (e.phase !== 'roll') {
          const legal = e.legalMoves();
          name = 'play';
          moveArgs = [legal[pick(legal.length)]];
        }
        e.free();
        const from = clients[seat];
        const before = s._stateID;
        const t0 = performance.now();
        const counted = measuring;
        from.move(name, moveArgs);
        await from.waitFor((x) => x._stateID > before, 120000, `the answer to ${name}`);
        if (counted && measuring) {
          latencies.push(performance.now() - t0);
          moves++;
        }
        await clients[1 - seat].waitFor((x) => x._stateID > before, 120000, 'the broadcast');
      }
    } catch (err) {
      failures++;
      if (failures <= 3) console.error(`  match ${matchID}: ${err.message}`);
    } finally {
      clients.forEach((c) => c.close());
    }
  }

  // Each slot plays matches one after the other, each to its end.
  async function slot(first, k) {
    let m = first;
    for (let round = 0; ; round++) {
      await play(m, k * 1000 + round);
      if (!going) return;
      try {
        m = await open();
      } catch (err) {
        failures++;
        if (failures <= 3) console.error(`  a new match: ${err.message}`);
        return;
      }
    }
  }

  // The first matches are made and joined a few at a time; all are synced before play starts.
  const firsts = [];
  for (let k = 0; k < n; k += 20) firsts.push(...(await Promise.all(Array.from({ length: Math.min(20, n - k) }, open))));

  const playing = firsts.map((m, k) => slot(m, k));
  await sleep(3000); // every match under way
  const cpu0 = cpuSeconds(pid);
  const t0 = performance.now();
  measuring = true;
  await sleep(seconds * 1000);
  measuring = false;
  going = false;
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds(pid) - cpu0;
  const load = loadavg()[0];
  await Promise.all(playing); // every match started goes on to its end

  // Every match, finished: the engine's replay of its history reaches the winner the server recorded.
  let checked = 0;
  for (const { matchID, G, gameover } of games) {
    const meta = await (await fetch(`${url}/games/${NAME}/${matchID}`)).json();
    const recorded = meta.gameover && meta.gameover.winner;
    const replay = engine.Jokerball.replay(G.state.history, { rules: '2025', size: 6 });
    const winner = replay.phase === 'over' ? (replay.winner === 'red' ? '0' : '1') : null;
    replay.free();
    if (recorded !== winner || gameover.winner !== winner) {
      throw new Error(`match ${matchID}: recorded winner ${recorded} (${gameover.winner} in the last state), replay ${winner}`);
    }
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
    started: opened,
    finished: games.length,
    replayedToWinner: checked,
    failures,
    connectErrors,
    load1: Number(load.toFixed(2)),
  };
}

const dir = useDb ? mkdtempSync(join(tmpdir(), 'steere-bench-db-')) : undefined;
const server = await startServer({ db: dir });
const pid = server.child.pid;
console.log(`bench-online: server ${server.url} (pid ${pid}, matches ${useDb ? 'in a FlatFile directory' : 'in memory'}); ` +
  `${cpus().length} CPUs (${cpus()[0].model}), Node ${process.version}; ${seconds} s measured at each level`);
const results = [];
try {
  for (const n of levels) {
    const r = await level(server.url, pid, n);
    results.push(r);
    console.log(`  ${String(n).padStart(4)} matches: ${r.movesPerSecond} moves/s, latency p50 ${r.p50} ms, p95 ${r.p95} ms, ` +
      `p99 ${r.p99} ms; server CPU ${r.serverCpuPerMoveMs} ms/move (${Math.round(r.serverCpuShare * 100)}% of a core); ` +
      `${r.started} matches, ${r.finished} played to the end, ${r.replayedToWinner} replayed to the recorded winner; ${r.failures} failures, ${r.connectErrors} connection errors; load ${r.load1}`);
  }
} finally {
  await server.stop();
  for (const line of server.lines) if (!/listening on|games |^\s*$/.test(line)) console.log(`  server: ${line}`);
  if (dir) rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify({ date: new Date().toISOString(), db: useDb, results }));
if (results.some((r) => r.failures > 0 || r.finished !== r.started || r.replayedToWinner !== r.started)) process.exit(1);
