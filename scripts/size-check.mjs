// Prints the package's size (wasm + JS glue, gzipped) and fails above the budget (128 KiB from the second wave on).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants } from 'node:zlib';

const BUDGET = 128 * 1024;
const pkg = join(dirname(fileURLToPath(import.meta.url)), '..', 'pkg');
const files = ['steere_games_bg.wasm', 'steere_games.js', 'node.js'];
const snippetDir = join(pkg, 'snippets');
for (const d of readdirSync(snippetDir, { recursive: true })) {
  const p = join('snippets', d);
  if (statSync(join(pkg, p)).isFile() && p.endsWith('.js')) files.push(p);
}
let raw = 0;
let gz = 0;
for (const f of files) {
  const bytes = readFileSync(join(pkg, f));
  const z = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length;
  raw += bytes.length;
  gz += z;
  console.log(`  ${f.padEnd(40)} ${String(bytes.length).padStart(8)} B  ${String(z).padStart(7)} B gzip`);
}
const kib = (n) => (n / 1024).toFixed(1);
console.log(`size: wasm + glue ${kib(raw)} KiB raw, ${kib(gz)} KiB gzipped (budget ${kib(BUDGET)} KiB)`);
if (gz > BUDGET) {
  console.error('size: over budget');
  process.exit(1);
}
