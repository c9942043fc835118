// `make online-cluster [PROCESSES=2] [PORT=8000]`: online play on several processes behind one address.
// PostgreSQL and Redis on 127.0.0.1 (data in .cluster/, kept between runs), PROCESSES reference servers
// (scripts/online.mjs --postgres --redis) on free ports of 127.0.0.1, and nginx in front on PORT: the demo
// at http://localhost:PORT/www/, the lobby, the games (websockets proxied). Ctrl-C stops them all.
//
// Routing: each process names its socket.io sessions (`--sid-prefix pN-`); nginx sends a request that
// carries a session id to the process that made it (long polling and the websocket of one connection stay
// together), a new connection that names its match (`?matchID=`, as OnlineGame's do) to the process that
// the match's ID hashes to (consistent hashing: both seats of a match on one process, whose updates then
// need no second process), and any other request to any process. A client whose process died connects
// again and lands on a live one (the hash's next).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync, chmodSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgres, redis, freePort } from './services.mjs';
import { nginxBinary, nginxConf } from './nginx.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const processes = Number(opt('--processes', '2'));
const port = Number(opt('--port', '8000'));
if (!Number.isInteger(processes) || processes < 1 || processes > 16) throw new Error('cluster: --processes 1..16');
if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error('cluster: --port 1..65535');

const base = join(root, '.cluster');
mkdirSync(base, { recursive: true });
chmodSync(base, 0o755);
const say = (line) => console.log(`cluster: ${line}`);
const children = [];
let stopping = false;

function run(name, cmd, argv, opts = {}) {
  const child = spawn(cmd, argv, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  const prefix = (line) => console.log(`${name}: ${line}`);
  for (const s of [child.stdout, child.stderr]) {
    let rest = '';
    s.on('data', (c) => {
      rest += c;
      for (let i = rest.indexOf('\n'); i >= 0; i = rest.indexOf('\n')) {
        prefix(rest.slice(0, i));
        rest = rest.slice(i + 1);
      }
    });
  }
  child.on('exit', (code, signal) => {
    if (!stopping) {
      say(`${name} ended (${signal || code}); stopping everything`);
      stop(1);
    }
  });
  children.push(child);
  return child;
}

async function waitForLine(child, re, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('cluster: a server did not start')), ms);
    const check = (c) => {
      const m = re.exec(String(c));
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout.on('data', check);
    child.stderr.on('data', check);
  });
}

let pg = null;
let rd = null;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children.reverse()) if (c.exitCode === null) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  if (rd) await rd.stop();
  if (pg) await pg.stop();
  say('stopped');
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

try {
  pg = await postgres({ dir: join(base, 'pg') });
  say(`PostgreSQL on ${pg.url} (data in .cluster/pg)`);
  rd = await redis({ dir: join(base, 'redis') });
  say(`Redis on ${rd.url}`);
  const servers = [];
  for (let i = 1; i <= processes; i++) {
    const p = await freePort();
    const prefix = `p${i}-`;
    const child = run(`server ${i}`, process.execPath, [
      join(root, 'scripts', 'online.mjs'),
      '--port',
      String(p),
      '--host',
      '127.0.0.1',
      '--postgres',
      pg.url,
      '--redis',
      rd.url,
      '--sid-prefix',
      prefix,
    ]);
    await waitForLine(child, /listening on/, 60000);
    servers.push({ port: p, prefix });
  }
  const conf = join(base, 'nginx', 'nginx.conf');
  mkdirSync(dirname(conf), { recursive: true });
  writeFileSync(conf, nginxConf({ dir: join(base, 'nginx'), port, servers }));
  run('nginx', nginxBinary(), ['-c', conf, '-p', join(base, 'nginx')]);
  await new Promise((r) => setTimeout(r, 500));
  say(
    `${processes} server process${processes > 1 ? 'es' : ''} behind nginx: http://localhost:${port}/www/ (lobby http://localhost:${port}/games); Ctrl-C stops all`,
  );
} catch (e) {
  console.error(e.message);
  await stop(1);
}
