// A small static server for the demo (no dependencies): serves /www/ (the page) and /pkg/ (the package it
// imports) and nothing else of the repository (no .git, no sources); `/` redirects to `/www/`.
// Usage: node scripts/serve.mjs [port] (default 8080; 0 picks a free port). Also importable:
// `const { server, url } = await serve(0)`.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { join, normalize, sep, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { typeOf } from './mime.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVED = [join(root, 'www'), join(root, 'pkg')];

async function handle(req, res) {
  let path;
  try {
    path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  } catch {
    res.writeHead(400).end('bad request');
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  if (path === '/' || path === '/www') {
    res.writeHead(302, { location: '/www/' }).end();
    return;
  }
  if (path === '/games') {
    // boardgame.io's lobby answers GET /games on the online server; this one has no lobby, and says so
    // with an empty answer rather than a 404 the browser would log as an error (www/online.js, serverGames)
    res.writeHead(204).end();
    return;
  }
  const file = normalize(join(root, path));
  // only the two published folders; anything else (.git, src, ...) does not exist for the browser
  if (!SERVED.some((dir) => file === dir || file.startsWith(dir + sep)) || /\/\./.test(path)) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
    return;
  }
  let target = file;
  try {
    const st = await stat(target);
    if (st.isDirectory()) {
      if (!path.endsWith('/')) {
        res.writeHead(301, { location: `${path}/` }).end();
        return;
      }
      target = join(target, 'index.html');
    }
    const body = await readFile(target);
    res.writeHead(200, {
      'content-type': typeOf(target),
      'content-length': body.length,
      'cache-control': 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
  }
}

/** Starts the server on `port` (0: a free one); resolves to { server, port, url }. */
export function serve(port = 8080, host = '127.0.0.1') {
  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const p = server.address().port;
      resolve({ server, port: p, url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${p}` });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  const port = process.argv[2] === undefined ? 8080 : Number(process.argv[2]);
  const { url } = await serve(port, 'localhost');
  console.log(`steere-games demo: ${url}/www/`);
}
