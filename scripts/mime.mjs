// The content types of the files the two servers hand out (scripts/serve.mjs for the demo and
// scripts/online.mjs for online play): one table, so that both serve every file alike.
import { extname } from 'node:path';

export const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
};

/** The content type of `file` by its extension; unknown ones are bytes. */
export const typeOf = (file) => TYPES[extname(file)] || 'application/octet-stream';
