// Turns wasm-pack's `--target web` output in pkg/ into the complete npm package `steere-games`:
// - re-exports the SteereError class from the generated module (and types it), and installs the `freed`
//   check on the exported classes;
// - adds a Node entry (node.js) that initialises synchronously from the bundled .wasm bytes;
// - writes package.json with `exports` conditions (node -> node.js, default -> steere_games.js).
import { readFileSync, writeFileSync, readdirSync, existsSync, copyFileSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = join(root, 'pkg');
const main = join(pkg, 'steere_games.js');
const dts = join(pkg, 'steere_games.d.ts');

const snippets = readdirSync(join(pkg, 'snippets'));
const errorSnippet = snippets
  .map((d) => `snippets/${d}/js/steere_error.js`)
  .find((p) => existsSync(join(pkg, p)));
if (!errorSnippet) throw new Error('finish-pkg: the SteereError snippet is missing from pkg/snippets');
// The snippet ships without its comments and indentation (esbuild, whitespace only: every name is kept).
const snippetFile = join(pkg, errorSnippet);
writeFileSync(snippetFile, transformSync(readFileSync(snippetFile, 'utf8'), { minifyWhitespace: true, format: 'esm' }).code);

let js = readFileSync(main, 'utf8');
const marker = '// steere-games: SteereError';
if (!js.includes(marker)) {
  // The `freed` check (API.md "Errors"): guardFreed (js/steere_error.js) wraps every method, getter and
  // setter of each exported class's prototype so that it throws the SteereError `freed` when the object
  // was freed, before anything else, and makes free() (and Symbol.dispose, the same function) do nothing
  // on a freed object; the constructor and the glue's internals (`__...`) are left alone. It relies on
  // wasm-bindgen's free() setting `__wbg_ptr` to 0: refuse a glue that no longer does so.
  const classes = [...js.matchAll(/^export class (\w+)/gm)].map((m) => m[1]);
  if (!classes.length || !js.includes('this.__wbg_ptr = 0;')) {
    throw new Error('finish-pkg: the generated glue no longer has the expected classes and free()');
  }
  js += `\n${marker}\nimport { guardFreed } from './${errorSnippet}';\nexport { SteereError } from './${errorSnippet}';\n`;
  js += `guardFreed({ ${classes.join(', ')} });\n`;
  writeFileSync(main, js);
}

let types = readFileSync(dts, 'utf8');
// wasm-bindgen declares `[Symbol.dispose](): void` on every class, which only compiles with lib
// `esnext.disposable`; leave it out of the types (the runtime keeps it) so ES2022 consumers compile.
types = types.replace(/^\s*\[Symbol\.dispose\]\(\): void;\n/gm, '');
// The raw wasm exports (InitOutput) are typed `any` by wasm-bindgen; the package never says `any`.
// Only TypeScript is rewritten: comments and string literals are kept as they are.
const noAny = (text) =>
  text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`|\bany\b/g,
    (m) => (m === 'any' ? 'unknown' : m));
types = noAny(types);
const bgTypes = join(pkg, 'steere_games_bg.wasm.d.ts');
writeFileSync(bgTypes, noAny(readFileSync(bgTypes, 'utf8')));
// SteereErrorCode comes from the Rust list of codes (src/error.rs, emitted by src/wasm/mod.rs).
if (!/^export type SteereErrorCode =/m.test(types)) throw new Error('finish-pkg: SteereErrorCode is not declared');
if (!types.includes(marker)) {
  types += `
${marker}
/** Every failure of every call of this package throws a SteereError. */
export class SteereError extends Error {
  constructor(code: SteereErrorCode, message: string);
  readonly name: 'SteereError';
  readonly code: SteereErrorCode;
}
`;
}
writeFileSync(dts, types);

// Node: initialise synchronously from the bytes next to this file; `await init()` resolves at once.
writeFileSync(
  join(pkg, 'node.js'),
  `// Node entry of steere-games: the wasm is instantiated synchronously at import.
import { readFileSync } from 'node:fs';
import { initSync } from './steere_games.js';

initSync({ module: readFileSync(new URL('./steere_games_bg.wasm', import.meta.url)) });

export * from './steere_games.js';
/** Already initialised in Node: resolves at once. */
export default async function init() {}
`,
);
writeFileSync(
  join(pkg, 'node.d.ts'),
  `export * from './steere_games.js';
/** Already initialised in Node: resolves at once. */
export default function init(): Promise<void>;
`,
);

const generated = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
const manifest = {
  name: 'steere-games',
  version: generated.version,
  description: generated.description,
  license: generated.license,
  repository: generated.repository,
  keywords: ['jokerball', 'zola', 'board-game', 'dice', 'wasm', 'mark-steere'],
  type: 'module',
  main: './node.js',
  module: './steere_games.js',
  types: './steere_games.d.ts',
  exports: {
    '.': {
      node: { types: './node.d.ts', default: './node.js' },
      types: './steere_games.d.ts',
      default: './steere_games.js',
    },
    './steere_games.js': { types: './steere_games.d.ts', default: './steere_games.js' },
    './steere_games_bg.wasm': './steere_games_bg.wasm',
    './package.json': './package.json',
  },
  files: [
    'steere_games.js',
    'steere_games.d.ts',
    'steere_games_bg.wasm',
    'steere_games_bg.wasm.d.ts',
    'node.js',
    'node.d.ts',
    'snippets/',
    'README.md',
    'LICENSE',
    'docs/records.md',
  ],
  sideEffects: ['./node.js'],
  engines: { node: '>=20' },
};
writeFileSync(join(pkg, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
// The README links docs/records.md (the record format): it ships beside it.
mkdirSync(join(pkg, 'docs'), { recursive: true });
for (const f of ['README.md', 'LICENSE', 'docs/records.md']) {
  if (existsSync(join(root, f))) copyFileSync(join(root, f), join(pkg, f));
}
console.log('finish-pkg: pkg/ is the npm package steere-games', manifest.version);
