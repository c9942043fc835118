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
//   node benches/online.mjs [N ...] [--seconds S] [--db]     (default: 10 100 500, 30 s measured at each N)
//   node benches/online.mjs [N ...] --processes 1,2,4 [--seconds S]
//       several server processes on PostgreSQL and Redis (started here, data in a temporary directory);
//       the two seats of a match are on different processes (with 2 or more); CPU per move counts the
//       server processes, and PostgreSQL and Redis beside them. With --route match both seats of a match
//       are on one process, the one its ID hashes to (as the cluster's nginx routes them: docs/online.md,
//       "Several processes"), the others next in line when it fails.
//   node benches/online.mjs [N ...] --processes 2 --paced MS [--game NAME] [--timeouts K]
//       paced, as people play: each match makes one action every MS ms (the latency is then the server's
//       answer under a steady load, not a queue); NAME a game of the server (jokerball-blitz: timed, every
//       move schedules the match's clock job); every Kth match is made with a 5-second clock and its player
//       to act never moves: the server ends it on time, and the bench reports how late the end reached
//       the seats (their clients' arrival time less the deadline in the stored clock).
//   node benches/online.mjs --soak MINUTES [--processes 2] [--kill-every MINUTES] [N]   (`make soak-online`)
//       N matches (default 100) played one after another for MINUTES; every --kill-every minutes one
//       server process (in turn) is killed with SIGKILL and started again; the clients of a killed process
//       reconnect to another one and go on. Then every move a client saw acknowledged must be in its
//       match's final history.
import { readFileSync, readdirSync, mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir, loadavg, cpus } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { engine, startServer, newMatch, chooser, sleep, stateWaiters } from '../js-tests/online/helpers.mjs';
import { postgres, redis } from '../scripts/services.mjs';

const require = createRequire(import.meta.url);
const { io } = createRequire(require.resolve('boardgame.io/package.json'))('socket.io-client');

const args = process.argv.slice(2);
const levels = [];
let seconds = 30;
let useDb = false;
let processList = null;
let soak = 0;
let killEvery = 5;
let paced = 0;
let NAME = 'jokerball';
let timeoutsEvery = 0;
let route = 'split';
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--seconds') seconds = Number(args[++i]);
  else if (args[i] === '--db') useDb = true;
  else if (args[i] === '--processes') processList = args[++i].split(',').filter(Boolean).map(Number);
  else if (args[i] === '--soak') soak = Number(args[++i]);
  else if (args[i] === '--kill-every') killEvery = Number(args[++i]);
  else if (args[i] === '--paced') paced = Number(args[++i]);
  else if (args[i] === '--game') NAME = args[++i];
  else if (args[i] === '--timeouts') timeoutsEvery = Number(args[++i]);
  else if (args[i] === '--route') route = args[++i];
  else levels.push(Number(args[i]));
}
if (route !== 'split' && route !== 'match') throw new Error('bench: --route split or match');
if (soak && !processList) processList = [2];
if (levels.length === 0) levels.push(...(soak ? [100] : processList ? [10, 100, 1000] : [10, 100, 500]));

let connectErrors = 0;

function cpuSeconds(pid) {
  // utime + stime of the process, in clock ticks (100 per second on Linux).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

// CPU seconds of a process and all its descendants (PostgreSQL runs a process per connection).
function treeCpuSeconds(rootPids) {
  const parent = new Map();
  const cpu = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const fields = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ');
      parent.set(Number(d), Number(fields[1]));
      cpu.set(Number(d), (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  for (const [pid, c] of cpu) {
    for (let p = pid; p > 1; p = parent.get(p) ?? 0) {
      if (rootPids.includes(p)) {
        total += c;
        break;
      }
    }
  }
  return total;
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

// One seat's client: boardgame.io's socket protocol, the latest state kept, every state seen recorded
// (its history, for the check that nothing acknowledged is lost). `urls` are the server processes: the
// client connects to urls[0]; when its connection is lost it goes on with the next one (like a page behind
// a load balancer whose process died).
function seatClient(urls, matchID, seat, seen) {
  let at = 0;
  let socket = null;
  let state = null;
  let reconnections = 0;
  let closed = false;
  const { notify, waitFor } = stateWaiters(() => state);
  const open = () => {
    socket = io(`${urls[at % urls.length]}/${NAME}`, {
      forceNew: true,
      transports: ['websocket'],
      reconnection: urls.length === 1,
    });
    const mine = socket;
    socket.on('connect_error', () => {
      connectErrors++;
      if (urls.length > 1 && !closed) switchOver(mine);
    });
    socket.on('connect', () => mine.emit('sync', matchID, seat.playerID, seat.credentials, 2));
    socket.on('disconnect', (reason) => {
      if (urls.length > 1 && !closed && reason !== 'io client disconnect') switchOver(mine);
    });
    const take = (id, next) => {
      if (id !== matchID || !next || (state && next._stateID < state._stateID)) return;
      state = next;
      seen(next);
      notify();
    };
    socket.on('sync', (id, info) => take(id, info?.state));
    socket.on('update', (id, next) => take(id, next));
  };
  const switchOver = (dead) => {
    if (dead !== socket) return;
    dead.removeAllListeners();
    dead.close();
    at++;
    reconnections++;
    setTimeout(() => {
      if (!closed && socket === dead) open();
    }, 100);
  };
  open();
  return {
    state: () => state,
    waitFor,
    get reconnections() {
      return reconnections;
    },
    move(name, moveArgs) {
      const payload = { type: name, args: moveArgs, playerID: seat.playerID, credentials: seat.credentials };
      socket.emit('update', { type: 'MAKE_MOVE', payload }, state._stateID, matchID, seat.playerID);
    },
    close: () => {
      closed = true;
      socket.close();
    },
  };
}

// Lobby calls go to any live process (the first that answers).
async function lobby(urls, fn) {
  let last;
  for (let i = 0; i < urls.length * 3; i++) {
    try {
      return await fn(urls[i % urls.length]);
    } catch (e) {
      last = e;
      await sleep(200);
    }
  }
  throw last;
}

async function level(cluster, n, { minutes = 0, onTick } = {}) {
  const { urls } = cluster;
  connectErrors = 0;
  const latencies = [];
  const games = [];
  const acknowledged = new Map(); // matchID -> the longest history a client saw
  let moves = 0;
  let resent = 0;
  const late = []; // ms after the deadline at which an end on time reached the seat that lost
  let timedOut = 0;
  let measuring = false;
  let failures = 0;

  let going = true; // slots start new matches until the window closes
  let opened = 0;
  let next = 0;
  async function open() {
    opened++;
    const k = next++;
    // every timeoutsEvery-th match: a 5-second clock that its player to act lets run out
    const idle = timeoutsEvery > 0 && k % timeoutsEvery === timeoutsEvery - 1;
    const setupData = idle ? { clock: { delayMs: 0, reserveMs: 5000 } } : undefined;
    const { matchID, seats } = await lobby(urls, (u) => newMatch(u, NAME, { setupData }));
    const seen = (s) => {
      const h = s.G?.state?.history;
      if (h && h.length >= (acknowledged.get(matchID) || []).length) acknowledged.set(matchID, h);
    };
    // The two seats of a match on two processes (when there are two or more), or with --route match both
    // on the process its ID hashes to (FNV-1a here; nginx's consistent hash in a cluster).
    const fnv = () => [...matchID].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);
    const firstOf = (seat) => (route === 'match' ? fnv() : k + seat);
    const order = (seat) => urls.map((_, j) => urls[(firstOf(seat) + j) % urls.length]);
    const clients = seats.map((s, i) => seatClient(order(i), matchID, s, seen));
    await Promise.all(clients.map((c) => c.waitFor(() => true, 120000, 'the first sync')));
    return { matchID, clients, idle };
  }

  // A match whose player to act never moves: the server ends it on time by itself.
  async function letRunOut({ matchID, clients }) {
    const started = await clients[0].waitFor((x) => x.G.clock && x.G.clock.since > 0, 120000, 'the clock');
    const c = started.G.clock;
    const deadline = c.since + c.delayMs + c.red.reserveMs;
    const end = await clients[0].waitFor((x) => x.ctx.gameover !== undefined, 120000, 'the end on time');
    if (end.ctx.gameover.reason !== 'time' || end.ctx.gameover.winner !== '1')
      throw new Error(`match ${matchID}: ended ${JSON.stringify(end.ctx.gameover)}`);
    if (measuring) late.push(Date.now() - deadline);
    timedOut++;
  }

  // One match, played to its end through the client of the seat to act. A move whose answer does not come
  // (its process died, or it was refused) is decided again on the state the client has then.
  async function play({ matchID, clients, idle }, seed) {
    const pick = chooser(seed);
    let last = performance.now();
    try {
      if (idle) return await letRunOut({ matchID, clients });
      for (let stalls = 0; ; ) {
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
        if (from.state()._stateID !== before) {
          await from.waitFor((x) => x._stateID >= before, 120000, 'the same state on both seats');
          continue;
        }
        if (paced && going) {
          await sleep(last + paced - performance.now());
          if (from.state()._stateID !== before) continue;
        }
        const t0 = performance.now();
        last = t0;
        const counted = measuring;
        from.move(name, moveArgs);
        try {
          await from.waitFor((x) => x._stateID > before, minutes ? 5000 : 120000, `the answer to ${name}`);
        } catch (err) {
          if (!minutes || ++stalls > 100) throw err;
          resent++;
          continue;
        }
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
      for (const c of clients) c.close();
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
  for (let k = 0; k < n; k += 20)
    firsts.push(...(await Promise.all(Array.from({ length: Math.min(20, n - k) }, open))));

  const playing = firsts.map((m, k) => slot(m, k));
  await sleep(3000); // every match under way
  const cpu0 = cluster.cpu();
  const t0 = performance.now();
  measuring = true;
  if (minutes) {
    const end = Date.now() + minutes * 60000;
    while (Date.now() < end) {
      await sleep(Math.min(5000, end - Date.now()));
      if (onTick) await onTick((Date.now() - (end - minutes * 60000)) / 60000, { moves, games: games.length });
    }
  } else await sleep(seconds * 1000);
  measuring = false;
  going = false;
  const elapsed = (performance.now() - t0) / 1000;
  const cpu1 = cluster.cpu();
  const cpu = {
    servers: cpu1.servers - cpu0.servers,
    postgres: (cpu1.postgres ?? 0) - (cpu0.postgres ?? 0),
    total: cpu1.total - cpu0.total,
  };
  const load = loadavg()[0];
  await Promise.all(playing); // every match started goes on to its end

  // Every match, finished: the engine's replay of its history reaches the winner the server recorded, and
  // every history a client saw is where the final one starts.
  let checked = 0;
  let lost = 0;
  let ranOut = 0; // timed games whose player to act ran out of time under the load (not the idle ones)
  for (const { matchID, G, gameover } of games) {
    const meta = await lobby(urls, async (u) => (await fetch(`${u}/games/${NAME}/${matchID}`)).json());
    const recorded = meta.gameover?.winner;
    const replay = engine.Jokerball.replay(G.state.history, { rules: '2025', size: 6 });
    const over = replay.phase === 'over';
    const winner = over ? (replay.winner === 'red' ? '0' : '1') : null;
    const toAct = replay.turn === 'red' ? '0' : '1';
    replay.free();
    // A timed game can run out: when a turn's actions (each paced, each answered late under an overload) take
    // longer than the increment, the reserve shrinks turn by turn. Such an end must be one: the history not
    // over, the loser the player to act, its reserve at 0 in the stored clock.
    const loser = gameover.winner === '0' ? 'blue' : 'red';
    const onTime =
      gameover.reason === 'time' &&
      !over &&
      recorded === gameover.winner &&
      toAct !== gameover.winner &&
      G.clock?.[loser]?.reserveMs === 0;
    if (onTime) ranOut++;
    else if (recorded !== winner || gameover.winner !== winner) {
      throw new Error(
        `match ${matchID}: recorded end ${JSON.stringify(meta.gameover)} (${JSON.stringify(gameover)} in the last state), replay ${winner}`,
      );
    }
    const seenHistory = acknowledged.get(matchID) || [];
    if (seenHistory.some((r, i) => G.state.history[i] !== r)) {
      lost++;
      console.error(
        `  match ${matchID}: a client saw ${JSON.stringify(seenHistory)}, the final history is ${JSON.stringify(G.state.history)}`,
      );
    }
    if (!onTime) checked++;
  }
  latencies.sort((a, b) => a - b);
  late.sort((a, b) => a - b);
  return {
    game: NAME,
    paced,
    timedOut,
    ranOut,
    lateP50: late.length ? late[Math.floor(late.length / 2)] : null,
    lateMax: late.length ? late[late.length - 1] : null,
    processes: urls.length,
    matches: n,
    seconds: Number(elapsed.toFixed(1)),
    moves,
    movesPerSecond: Math.round(moves / elapsed),
    p50: Number(percentile(latencies, 50).toFixed(1)),
    p95: Number(percentile(latencies, 95).toFixed(1)),
    p99: Number(percentile(latencies, 99).toFixed(1)),
    serverCpuPerMoveMs: Number(((cpu.servers / Math.max(1, moves)) * 1000).toFixed(2)),
    totalCpuPerMoveMs: Number(((cpu.total / Math.max(1, moves)) * 1000).toFixed(2)),
    postgresCpuPerMoveMs: Number(((cpu.postgres / Math.max(1, moves)) * 1000).toFixed(2)),
    serverCpuShare: Number((cpu.servers / elapsed).toFixed(2)),
    started: opened,
    finished: games.length,
    replayedToWinner: checked,
    acknowledgedLost: lost,
    resent,
    failures,
    connectErrors,
    load1: Number(load.toFixed(2)),
  };
}

// One server process (memory or --db), or a cluster: PostgreSQL, Redis and `p` server processes.
async function startCluster(p) {
  const servers = [];
  if (!p) {
    const dir = useDb ? mkdtempSync(join(tmpdir(), 'steere-bench-db-')) : undefined;
    const server = await startServer({ db: dir });
    servers.push(server);
    return {
      urls: [server.url],
      servers,
      what: `one server process, matches ${useDb ? 'in a FlatFile directory' : 'in memory'}`,
      cpu: () => ({ servers: cpuSeconds(server.child.pid), total: cpuSeconds(server.child.pid) }),
      stop: async () => {
        await server.stop();
        if (dir) rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'steere-bench-cluster-'));
  chmodSync(dir, 0o755);
  const pg = await postgres({ dir: join(dir, 'pg') });
  const rd = await redis({ dir: join(dir, 'redis') });
  // BENCH_NODE_ARGS: flags for the server processes' node (e.g. --cpu-prof --cpu-prof-dir=DIR to profile them)
  const nodeArgs = (process.env.BENCH_NODE_ARGS || '').split(' ').filter(Boolean);
  // BENCH_SERVER_HOME: the server of another checkout (its scripts/ and pkg/), to compare two versions
  const options = { postgres: pg.url, redis: rd.url, nodeArgs, home: process.env.BENCH_SERVER_HOME || undefined };
  for (let i = 0; i < p; i++) servers.push(await startServer(options));
  const pids = () => servers.map((s) => s.child.pid);
  return {
    urls: servers.map((s) => s.url),
    servers,
    options,
    pg,
    rd,
    what: `${p} server process${p > 1 ? 'es' : ''} on PostgreSQL and Redis`,
    cpu: () => {
      const own = treeCpuSeconds(pids());
      const postgres = treeCpuSeconds([pg.pid()]);
      return { servers: own, postgres, total: own + postgres + treeCpuSeconds([rd.pid()]) };
    },
    stop: async () => {
      for (const s of servers) await s.stop();
      await rd.stop();
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function show(r) {
  return (
    `  ${r.processes} process${r.processes > 1 ? 'es' : ''}, ${String(r.matches).padStart(4)} matches: ${r.movesPerSecond} moves/s, latency p50 ${r.p50} ms, p95 ${r.p95} ms, ` +
    `p99 ${r.p99} ms; CPU ${r.serverCpuPerMoveMs} ms/move in the servers, ${r.totalCpuPerMoveMs} with PostgreSQL and Redis (PostgreSQL ${r.postgresCpuPerMoveMs}; servers ${Math.round(r.serverCpuShare * 100)}% of a core); ` +
    `${r.started} matches, ${r.finished} played to the end, ${r.replayedToWinner} replayed to the recorded winner` +
    (r.ranOut ? ` and ${r.ranOut} lost on time (a reserve run out under the load)` : '') +
    `, ${r.acknowledgedLost} with an acknowledged move lost; ` +
    `${r.failures} failures, ${r.connectErrors} connection errors, ${r.resent} moves sent again; load ${r.load1}` +
    (r.timedOut
      ? `; ${r.timedOut} matches ended on time by the server, the end at the seat ${r.lateP50} ms (median) and at most ${r.lateMax} ms after the deadline`
      : '')
  );
}

// Ctrl-C or a kill: exit through process.exit, so that PostgreSQL and Redis are stopped (services.mjs).
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));
console.log(
  `bench-online: ${cpus().length} CPUs (${cpus()[0].model}), Node ${process.version}; ${NAME}; ` +
    (soak
      ? `soak of ${soak} minutes, a process killed every ${killEvery} minutes`
      : `${seconds} s measured at each level`) +
    (paced ? `; each match acts every ${paced} ms` : '') +
    (route === 'match' ? '; both seats of a match on one process' : ''),
);
const results = [];
let bad = false;
for (const p of processList || [0]) {
  const cluster = await startCluster(p);
  console.log(`bench-online: ${cluster.what}: ${cluster.urls.join(' ')}`);
  try {
    for (const n of levels) {
      let kills = 0;
      let lastKill = 0;
      const onTick = soak
        ? async (minute) => {
            if (minute - lastKill < killEvery) return;
            lastKill = minute;
            const i = kills++ % cluster.servers.length;
            const victim = cluster.servers[i];
            victim.child.kill('SIGKILL');
            await victim.exited;
            console.log(`  minute ${minute.toFixed(1)}: process ${i + 1} killed (SIGKILL), started again`);
            for (let tries = 1; ; tries++) {
              try {
                cluster.servers[i] = await startServer({ ...cluster.options, port: Number(new URL(victim.url).port) });
                break;
              } catch (e) {
                if (tries >= 5) throw e;
                console.log(
                  `  process ${i + 1} did not start again (${String(e.message).split('\n')[0]}); trying again`,
                );
                await sleep(2000);
              }
            }
          }
        : undefined;
      const r = await level(cluster, n, { minutes: soak, onTick });
      if (soak) r.kills = kills;
      results.push(r);
      console.log(show(r) + (soak ? `; ${kills} processes killed` : ''));
      if (
        r.failures > 0 ||
        r.finished + r.timedOut !== r.started ||
        r.replayedToWinner + r.ranOut !== r.finished ||
        r.acknowledgedLost > 0
      )
        bad = true;
    }
  } finally {
    const servers = [...cluster.servers];
    await cluster.stop();
    for (const server of servers)
      for (const line of server.lines) if (!/listening on|games |^\s*$/.test(line)) console.log(`  server: ${line}`);
  }
}
console.log(JSON.stringify({ date: new Date().toISOString(), db: useDb, soak, route, results }));
if (bad) process.exit(1);
