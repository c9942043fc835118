// A cluster's routing (docs/online.md, "Several processes"): nginx (Debian's, started here on a free port of
// 127.0.0.1 with the configuration of scripts/nginx.mjs) in front of two server processes on one PostgreSQL
// and one Redis. OnlineGame names its match on the connection, and nginx sends both seats of a match to the
// process that the match's ID hashes to; when that process is killed with SIGKILL, both seats go on through
// the other one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, adapter, Client, SocketIO, newMatch, clusterSuite, stateWaiters, seatToAct } from './helpers.mjs';
import { freePort } from '../../scripts/services.mjs';
import { nginxBinary, nginxConf } from '../../scripts/nginx.mjs';

const { OnlineGame } = await import(join(root, 'pkg', 'boardgameio-client.js'));
const PREFIXES = ['p1-', 'p2-'];
const suite = clusterSuite(
  { before, after },
  { processes: 2, name: 'routing', args: (i) => ['--sid-prefix', PREFIXES[i]] },
);
const { servers } = suite;
const jb = () => adapter.jokerballGame({ rules: '2025', size: 4, name: 'jokerball-4' });

let nginx = null;
let dir = null;
let url = null;
const games = [];

// nginx starts with the first test: Node runs a file's `before` hooks at once, and it needs the servers.
let started = null;
const ready = () => (started ??= startNginx());
async function startNginx() {
  dir = mkdtempSync(join(tmpdir(), 'steere-routing-nginx-'));
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  const ports = servers.map((s) => Number(new URL(s.url).port));
  writeFileSync(
    conf,
    nginxConf({ dir, port, host: '127.0.0.1', servers: ports.map((p, i) => ({ port: p, prefix: PREFIXES[i] })) }),
  );
  nginx = spawn(nginxBinary(), ['-c', conf, '-p', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  nginx.stderr.on('data', (c) => (said += c));
  url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/games`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 100 || nginx.exitCode !== null) throw new Error(`nginx did not start (${nginx.exitCode}): ${said}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

after(async () => {
  for (const g of games) g.stop();
  if (nginx && nginx.exitCode === null) {
    nginx.kill('SIGQUIT');
    await new Promise((r) => nginx.once('exit', r));
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// One seat through nginx with the package's own client; `sid()` is its socket.io session's ID, which
// names the process that serves it.
function seat(matchID, s) {
  const online = new OnlineGame({
    Client,
    SocketIO,
    game: jb(),
    server: url,
    matchID,
    playerID: s.playerID,
    credentials: s.credentials,
  });
  games.push(online);
  const { notify, waitFor } = stateWaiters(() => online.client.getState(), ` (seat ${s.playerID})`);
  online.client.subscribe(notify);
  online.start();
  return { online, waitFor, sid: () => online.client.transport.socket?.io?.engine?.id ?? '' };
}

const processOf = (sid) => PREFIXES.findIndex((p) => sid.startsWith(p));

async function sat(pair) {
  await Promise.all(pair.map((c) => c.waitFor((s) => s?.G?.state && s.isConnected, 15000, 'the first sync')));
  return pair.map((c) => processOf(c.sid()));
}

// One action by the seat to act (a roll, or its first legal move), seen by both seats.
async function act(pair) {
  const G = pair[0].online.client.getState().G;
  const mover = pair.find((c) => c.online.playerID === seatToAct(G));
  const before = mover.online.client.getState()._stateID;
  const e = adapter.engineOf(G);
  const phase = e.phase;
  const legal = phase === 'roll' ? [] : e.legalMoves();
  e.free();
  if (phase === 'roll') mover.online.client.moves.roll();
  else mover.online.client.moves.play(legal[0]);
  await Promise.all(pair.map((c) => c.waitFor((s) => s._stateID > before, 15000, 'the move on both seats')));
}

test('both seats of a match land on the process its ID hashes to, and a move reaches both', async () => {
  await ready();
  const used = new Set();
  for (let k = 0; k < 12; k++) {
    const { matchID, seats } = await newMatch(url, 'jokerball-4');
    const pair = seats.map((s) => seat(matchID, s));
    const [a, b] = await sat(pair);
    assert.ok(a >= 0, `seat 0 has a session of a known process: ${pair[0].sid()}`);
    assert.equal(a, b, `match ${matchID}: both seats on one process`);
    used.add(a);
    if (k < 2) await act(pair);
  }
  assert.equal(used.size, 2, 'twelve matches spread over both processes');
});

test('the process of a match killed with SIGKILL: both seats go on through the other', async () => {
  await ready();
  const { matchID, seats } = await newMatch(url, 'jokerball-4');
  const pair = seats.map((s) => seat(matchID, s));
  const [p] = await sat(pair);
  await act(pair);
  const victim = servers[p];
  victim.child.kill('SIGKILL');
  await victim.exited;
  await Promise.all(pair.map((c) => c.waitFor((s) => s && s.isConnected === false, 15000, 'the disconnection')));
  await Promise.all(
    pair.map((c) => c.waitFor((s) => s?.isConnected && processOf(c.sid()) === 1 - p, 30000, 'the reconnection')),
  );
  await act(pair);
  await act(pair);
  assert.deepEqual(pair[0].online.client.getState().G, pair[1].online.client.getState().G);
});
