// `make online-cluster [PROCESSES=2] [PORT=8000]`: online play on several processes behind one address.
// PostgreSQL and Redis on 127.0.0.1 (data in .cluster/, kept between runs), PROCESSES reference servers
// (scripts/online.mjs --postgres --redis) on free ports of 127.0.0.1, and nginx in front on PORT: the demo
// at http://localhost:PORT/www/, the lobby, the games (websockets proxied). Ctrl-C stops them all.
//
// Routing: each process names its socket.io sessions (`--sid-prefix pN-`); nginx sends a request that
// carries a session id to the process that made it (long polling and the websocket of one connection stay
// together) and any other request to any process. A client whose process died connects again and lands on
// a live one.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync, chmodSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgres, redis, freePort } from './services.mjs';

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

function nginxBinary() {
  for (const p of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(p)) return p;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('cluster: nginx is not installed (run scripts/setup.sh)');
  }
}

function nginxConf(servers) {
  const dir = join(base, 'nginx');
  const tmp = join(dir, 'tmp');
  mkdirSync(tmp, { recursive: true });
  chmodSync(tmp, 0o777);
  const upstream = servers.map((s) => `    server 127.0.0.1:${s.port} max_fails=1 fail_timeout=5s;`).join('\n');
  const bySession = servers.map((s) => `    ~^${s.prefix} 127.0.0.1:${s.port};`).join('\n');
  return `# Written by scripts/cluster.mjs at each start.
daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${tmp}/body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' close;
  }
  upstream steere_any {
${upstream}
  }
  # A socket.io request with a session id goes to the process that made the session.
  map $arg_sid $steere_target {
${bySession}
    default steere_any;
  }
  server {
    listen ${port};
    location / {
      proxy_pass http://$steere_target;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_read_timeout 3600s;
      proxy_max_temp_file_size 0;
      proxy_next_upstream error timeout;
    }
  }
}
`;
}

function run(name, cmd, argv, opts = {}) {
  const child = spawn(cmd, argv, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  const prefix = (line) => console.log(`${name}: ${line}`);
  for (const s of [child.stdout, child.stderr]) {
    let rest = '';
    s.on('data', (c) => {
      rest += c;
      let i;
      while ((i = rest.indexOf('\n')) >= 0) {
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
      '--port', String(p),
      '--host', '127.0.0.1',
      '--postgres', pg.url,
      '--redis', rd.url,
      '--sid-prefix', prefix,
    ]);
    await waitForLine(child, /listening on/, 60000);
    servers.push({ port: p, prefix });
  }
  const conf = join(base, 'nginx', 'nginx.conf');
  mkdirSync(dirname(conf), { recursive: true });
  writeFileSync(conf, nginxConf(servers));
  run('nginx', nginxBinary(), ['-c', conf, '-p', join(base, 'nginx')]);
  await new Promise((r) => setTimeout(r, 500));
  say(`${processes} server process${processes > 1 ? 'es' : ''} behind nginx: http://localhost:${port}/www/ (lobby http://localhost:${port}/games); Ctrl-C stops all`);
} catch (e) {
  console.error(e.message);
  await stop(1);
}
