// Prints the package's sizes and fails above a budget:
// - the engine: wasm + JS glue, gzipped, at most 160 KiB;
// - the board elements on top of it: board.js, the bot's worker.js and their languages (lang.js, the
//   three catalogues), gzipped, at most 20 KiB.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants } from 'node:zlib';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..', 'pkg');
const engine = ['steere_games_bg.wasm', 'steere_games.js', 'node.js'];
const snippetDir = join(pkg, 'snippets');
for (const d of readdirSync(snippetDir, { recursive: true })) {
  const p = join('snippets', d);
  if (statSync(join(pkg, p)).isFile() && p.endsWith('.js')) engine.push(p);
}
const board = ['board.js', 'worker.js', 'lang.js'];

const kib = (n) => (n / 1024).toFixed(1);
let failed = false;
function measure(what, files, budget) {
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const bytes = readFileSync(join(pkg, f));
    const z = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length;
    raw += bytes.length;
    gz += z;
    console.log(`  ${f.padEnd(40)} ${String(bytes.length).padStart(8)} B  ${String(z).padStart(7)} B gzip`);
  }
  console.log(`size: ${what} ${kib(raw)} KiB raw, ${kib(gz)} KiB gzipped (budget ${kib(budget)} KiB)`);
  if (gz > budget) {
    console.error(`size: ${what} over budget`);
    failed = true;
  }
}
measure('wasm + glue', engine, 160 * 1024);
measure('board elements + worker + catalogues', board, 20 * 1024);
if (failed) process.exit(1);
