// PostgreSQL and Redis for online play on several processes: the tests, `make online-cluster`, the load
// benches. Each is started from Debian's packages (scripts/setup.sh installs them) as a child process
// bound to 127.0.0.1 with its data in a directory of its own; `stop()` ends it (SIGINT, then SIGKILL).
// PostgreSQL refuses to run as root: as root it runs as the system user `postgres` (setup.sh makes it).
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, chownSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, dirname } from 'node:path';

const PG_BIN = process.env.PG_BIN || findPgBin();

function findPgBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return '';
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : '';
}

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// The user PostgreSQL runs as: ourselves, or `postgres` when we are root.
function pgUser() {
  if (process.getuid() !== 0) return {};
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    throw new Error('services: PostgreSQL cannot run as root and there is no user postgres (run scripts/setup.sh)');
  }
}

// Every directory above `dir` must be passable for the user PostgreSQL runs as.
function makeReachable(dir, { uid, gid }) {
  mkdirSync(dir, { recursive: true });
  if (uid === undefined) return;
  chownSync(dir, uid, gid);
  for (let d = dirname(dir); d !== dirname(d); d = dirname(d)) {
    const mode = statSync(d).mode;
    if ((mode & 0o001) === 0) throw new Error(`services: ${d} is not passable for the user postgres (chmod o+x)`);
  }
}

function child(cmd, args, opts, name) {
  const proc = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  const lines = [];
  const take = (s) => s.on('data', (c) => lines.push(...String(c).split('\n').filter(Boolean)));
  take(proc.stdout);
  take(proc.stderr);
  const exited = new Promise((r) => proc.once('exit', (code, signal) => r({ code, signal })));
  proc.once('error', (e) => lines.push(`${name}: ${e.message}`));
  // Never outlives this process (a test that crashed, an uncaught error).
  const orphan = () => proc.kill('SIGKILL');
  process.once('exit', orphan);
  proc.once('exit', () => process.removeListener('exit', orphan));
  return { proc, lines, exited };
}

async function waitUntil(ok, ms, what, lines) {
  const t0 = Date.now();
  for (;;) {
    if (await ok()) return;
    if (Date.now() - t0 > ms) throw new Error(`services: ${what} did not start:\n${lines.slice(-20).join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const canConnect = (port) =>
  new Promise((resolve) => {
    import('node:net').then(({ connect }) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
  });

// A server run as a child: start() runs `cmd args` and resolves once ready(lines) holds; stop() ends it
// (SIGINT, SIGKILL after 10 s); start() again runs it anew.
function service(name, cmd, args, opts, ready, ms) {
  let running = null;
  const start = async () => {
    running = child(cmd, args, opts, name);
    const mine = running;
    await waitUntil(
      async () => {
        if (mine.proc.exitCode !== null) throw new Error(`services: ${name} exited:\n${mine.lines.join('\n')}`);
        return ready(mine.lines);
      },
      ms,
      name,
      mine.lines,
    );
  };
  const stop = async () => {
    if (!running) return;
    const r = running;
    running = null;
    if (r.proc.exitCode === null && r.proc.signalCode === null) {
      r.proc.kill('SIGINT');
      const killer = setTimeout(() => r.proc.kill('SIGKILL'), 10000);
      await r.exited;
      clearTimeout(killer);
    }
  };
  const pid = () => (running ? running.proc.pid : 0);
  const lines = () => (running ? running.lines : []);
  return { start, stop, pid, lines };
}

/**
 * PostgreSQL on 127.0.0.1:port with its data in `dir` (made by initdb when empty). Resolves to
 * { url, port, dir, start(), stop(), pid() }: stop() shuts it down (fast), start() starts it again on the
 * same data and port.
 */
export async function postgres({ dir, port } = {}) {
  if (!PG_BIN) throw new Error('services: PostgreSQL is not installed (run scripts/setup.sh)');
  port = port || (await freePort());
  const user = pgUser();
  makeReachable(dir, user);
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    execFileSync(join(PG_BIN, 'initdb'), ['-D', dir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'], {
      ...user,
      stdio: 'pipe',
      cwd: dir,
    });
  }
  const args = [
    '-D',
    dir,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'max_connections=200',
  ];
  const ready = (lines) => lines.some((l) => /ready to accept connections/.test(l));
  const s = service('postgres', join(PG_BIN, 'postgres'), args, { ...user, cwd: dir }, ready, 30000);
  await s.start();
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dir, ...s };
}

/** Redis on 127.0.0.1:port, nothing saved to disk; resolves to { url, port, start(), stop(), pid() }. */
export async function redis({ dir, port } = {}) {
  port = port || (await freePort());
  mkdirSync(dir, { recursive: true });
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    'no',
    '--daemonize',
    'no',
  ];
  const ready = async (lines) => lines.some((l) => /Ready to accept connections/i.test(l)) && (await canConnect(port));
  const s = service('redis', 'redis-server', args, { cwd: dir }, ready, 20000);
  await s.start();
  return { url: `redis://127.0.0.1:${port}`, port, dir, ...s };
}
