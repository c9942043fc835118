// Turns wasm-pack's `--target web` output in pkg/ into the complete npm package `steere-games`:
// - re-exports the SteereError class from the generated module (and types it), and installs the `freed`
//   check on the exported classes; the glue loses its copies of the doc comments;
// - adds a Node entry (node.js) that initialises synchronously from the bundled .wasm bytes;
// - splits the declarations: types.d.ts (the API, plain ES2022), steere_games.d.ts (browsers and
//   bundlers: the API and the wasm loading) and node.d.ts (the API without the DOM's loading types);
// - bundles the board elements (js/board/board.js and its rooms in js/board/) into board.js, the bot's
//   worker (js/board/worker.js) into worker.js and their languages (js/lang/lang.js and the catalogues
//   js/lang/lang-*.js) into lang.js; copies the elements' types (js/board/board.d.ts);
// - writes package.json with `exports` conditions (node -> node.js, default -> steere_games.js; ./board);
// - copies the boardgame.io adapter, its browser client and its server (js/online/, typed);
// - ships the documentation: README.md from docs/npm-readme.md, docs/ (rules, API, diagrams),
//   CHANGELOG.md and LICENSE.
import { readFileSync, writeFileSync, readdirSync, existsSync, copyFileSync, rmSync, mkdirSync } from 'node:fs';
import { join, dirname, basename } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transformSync, build } from 'esbuild';
import { minify } from 'terser';

// terser then shrinks esbuild's output further, the glue's and the bundles' (two passes of its compressor,
// its mangler, in module mode: the exported names stay; property names, the private ones esbuild has
// shortened included, are left alone).
const TERSER = { module: true, ecma: 2020, compress: { passes: 2 }, mangle: true, format: { ascii_only: false } };

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = join(root, 'pkg');
const main = join(pkg, 'steere_games.js');
const dts = join(pkg, 'steere_games.d.ts');

const snippets = readdirSync(join(pkg, 'snippets'));
const errorSnippet = snippets.map((d) => `snippets/${d}/js/steere_error.js`).find((p) => existsSync(join(pkg, p)));
if (!errorSnippet) throw new Error('finish-pkg: the SteereError snippet is missing from pkg/snippets');
// The snippet ships without its comments and indentation (esbuild, whitespace only: every name is kept).
const snippetFile = join(pkg, errorSnippet);
writeFileSync(
  snippetFile,
  transformSync(readFileSync(snippetFile, 'utf8'), { minifyWhitespace: true, format: 'esm' }).code,
);

let js = readFileSync(main, 'utf8');
const marker = '// steere-games: SteereError';
if (!js.includes(marker)) {
  // The `freed` check (docs/api.md, "Errors"): guardFreed (js/steere_error.js) wraps every method,
  // getter and setter of each exported class's prototype so that it throws the SteereError `freed` when
  // the object was freed, before anything else, and makes free() (and Symbol.dispose, the same function)
  // do nothing on a freed object; the constructor and the glue's internals (`__...`) are left alone. It
  // relies on wasm-bindgen's free() setting `__wbg_ptr` to 0: refuse a glue that no longer does so.
  const classes = [...js.matchAll(/^export class (\w+)/gm)].map((m) => m[1]);
  if (!classes.length || !js.includes('this.__wbg_ptr = 0;')) {
    throw new Error('finish-pkg: the generated glue no longer has the expected classes and free()');
  }
  // wasm-bindgen copies every doc comment into the glue as well as into the declarations; the glue is
  // shipped without them (the declarations keep them for editors), which saves 4.5 KiB gzipped.
  js = js.replace(/^[ \t]*\/\*\*[\s\S]*?\*\/\n/gm, '');
  js += `import { guardFreed, SteereError as CodedError } from './${errorSnippet}';\nexport { SteereError } from './${errorSnippet}';\n`;
  // Bot.reviewRuns and Bot.joinReviews are written in JavaScript (js/review-runs.js): WorkerBot spreads a
  // review over several workers with them, and a site's own workers can too.
  js += readFileSync(join(root, 'js', 'review-runs.js'), 'utf8');
  js += `guardFreed({ ${classes.join(', ')} });\n`;
  // The glue ships minified (esbuild, then terser; the exported names stay, and guardFreed gives the
  // exported classes their names back): 1.1 KiB gzipped less with esbuild, 127 B more with terser. The
  // marker comment after it says the glue is finished.
  js = `${(await minify(transformSync(js, { minify: true, format: 'esm', target: 'es2022' }).code, TERSER)).code}${marker}\n`;
  writeFileSync(main, js);
}

// Rewrites the word any to unknown in TypeScript types only (comments and string literals are kept).
const noAny = (text) =>
  text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`|\bany\b/g, (m) =>
    m === 'any' ? 'unknown' : m,
  );
const typesFile = join(pkg, 'types.d.ts');
const entryMarker = "export * from './types.js';";
let types = readFileSync(dts, 'utf8');
if (!types.includes(entryMarker)) {
  // wasm-bindgen declares `[Symbol.dispose](): void` on every class, which only compiles with lib
  // `esnext.disposable`; leave it out of the types (the runtime keeps it) so ES2022 consumers compile.
  types = types.replace(/^\s*\[Symbol\.dispose\]\(\): void;\n/gm, '');
  // free() has no doc comment of its own: say what it does and what follows.
  types = types.replace(
    /^(\s*)free\(\): void;$/gm,
    '$1/**\n$1 * Releases the wasm memory this object holds. Afterwards every method and getter throws the\n' +
      '$1 * SteereError `freed`; calling free() again does nothing. (Objects that are dropped without\n' +
      '$1 * free() are released when they are garbage-collected, later.)\n$1 */\n$1free(): void;',
  );
  // The raw wasm exports (InitOutput) are typed `any` by wasm-bindgen; the package never says `any`.
  types = noAny(types);
  // SteereErrorCode comes from the Rust list of codes (src/error.rs, emitted by src/wasm/mod.rs).
  if (!/^export type SteereErrorCode =/m.test(types)) throw new Error('finish-pkg: SteereErrorCode is not declared');
  types += `
${marker}
/**
 * Every failure of every call of this package throws a SteereError: \`code\` says what went wrong (one of
 * SteereErrorCode, listed in docs/api.md, "Errors"), \`message\` says it in English. After a throw the
 * object is exactly as it was before the call.
 */
export class SteereError extends Error {
  constructor(code: SteereErrorCode, message: string);
  readonly name: 'SteereError';
  readonly code: SteereErrorCode;
}
`;
  // Bot's two functions written in JavaScript (js/review-runs.js), merged into the class's declaration.
  types += `
/** A run of a game's turns to review apart (\`Bot.reviewRuns\`): the records before it, and a game that
 * starts at the position before the run and ends at its end (toJSON's form, for \`Jokerball.fromJSON\`). */
export interface ReviewRun {
  from: number;
  state: JokerballState;
}
export declare namespace Bot {
  /**
   * A lone Jokerball game cut into \`n\` runs of turns that several workers can review at once
   * (docs/api.md, "Spreading a review"); null when it cannot be cut (not a Jokerball game, \`n\` below 2,
   * fewer records than runs, or a game that did not start from its setup's position).
   */
  function reviewRuns(game: Jokerball, n: number): ReviewRun[] | null;
  /** The reviews of \`runs\` (in their order) joined into the game's review, totals summed. */
  function joinReviews(reviews: Review[], runs: ReviewRun[]): Review;
}
`;
  // The declarations are split in two. types.d.ts: every class, function and type, in plain ES2022
  // TypeScript. steere_games.d.ts (browsers and bundlers) adds the loading of the wasm, whose types name
  // DOM things (RequestInfo, Response, BufferSource, WebAssembly); node.d.ts does not, so that a Node
  // project compiles without the DOM library.
  const start = types.search(/^export type InitInput\b/m);
  const last = types.search(/^export default function __wbg_init\b/m);
  if (start < 0 || last < start) throw new Error('finish-pkg: the loading declarations were not found');
  const end = types.indexOf('\n', last) + 1;
  const loading = types.slice(start, end);
  const header = '/* tslint:disable */\n/* eslint-disable */\n';
  const api = types.slice(0, start) + types.slice(end);
  if (!api.startsWith(header)) throw new Error('finish-pkg: unexpected start of the generated declarations');
  writeFileSync(
    typesFile,
    `${header}// Every class, function and type of steere-games (docs/api.md). Both entries re-export them:\n` +
      `// steere_games.d.ts (browsers, bundlers) and node.d.ts (Node).\n${api.slice(header.length)}`,
  );
  writeFileSync(
    dts,
    `${header}// The entry of browsers and bundlers: the package's declarations (types.d.ts) and the loading of\n` +
      `// the wasm (init, initSync).\n${entryMarker}\n\n${loading}`,
  );
}
const bgTypes = join(pkg, 'steere_games_bg.wasm.d.ts');
writeFileSync(bgTypes, noAny(readFileSync(bgTypes, 'utf8')));

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
// The Node entry's types: the package's declarations without the browser's loading types (the module
// is instantiated on import), so that they compile with lib ES2022 and @types/node alone.
writeFileSync(
  join(pkg, 'node.d.ts'),
  `// The Node entry: the wasm is instantiated when the package is imported.
${entryMarker}
/** Already initialised in Node: resolves at once. */
export default function init(): Promise<void>;
`,
);

// The board elements, their languages (English, Spanish, Russian) and the computer's worker, beside the
// glue they import (./steere_games.js), each one bundle of js/: board.js (the entry js/board/board.js and
// its rooms in js/board/), worker.js (js/board/worker.js, with the messages it shares with WorkerBot) and
// lang.js (js/lang/lang.js, the lookup, with the catalogues js/lang/lang-*.js), which both the elements
// and the demo import. The bundles ship minified (esbuild: the exported names stay), in UTF-8 (Russian
// written as \u escapes would weigh twice as much), with the elements' style sheets minified as CSS; the
// readable source is js/. The elements' private members (`this._name`, used inside board.js only) get
// short names too; none may take the name of a property that an element already has.
const BOARD_FILES = ['board.js', 'board.d.ts', 'lang.js', 'worker.js'];
const DOM_NAMES = new Set(['id', 'dir', 'lang', 'part', 'slot', 'role', 'title', 'style', 'hidden', 'inert', 'x', 'y']);
// an import of the glue or of the languages, from any room, is the file of that name beside the bundle
const beside = {
  name: 'beside',
  setup(b) {
    b.onResolve({ filter: /(^|\/)(steere_games|lang)\.js$/ }, (a) =>
      a.kind === 'entry-point' ? undefined : { path: `./${basename(a.path)}`, external: true },
    );
  },
};
// the elements' style sheets (the template strings of the constants named *_CSS) ship minified as CSS
// (and without the space esbuild keeps before a var()'s fallback colour, which every property here reads
// the same: 7 B gzipped),
const css = {
  name: 'css',
  setup(b) {
    b.onLoad({ filter: /[\\/]js[\\/]board[\\/][\w-]+\.js$/ }, (a) => ({
      contents: readFileSync(a.path, 'utf8')
        .replace(
          /(const \w+_CSS = `)([^`$]*)(`;)/g,
          (_, open, sheet, close) =>
            open + transformSync(sheet, { loader: 'css', minify: true }).code.trim().replaceAll(', #', ',#') + close,
        )
        // and their markup (the constants named *_HTML) without the line breaks between tags
        .replace(
          /(const \w+_HTML = `)([^`]*)(`;)/g,
          (_, open, html, close) => open + html.replaceAll('>\n<', '><') + close,
        ),
      loader: 'js',
    }));
  },
};
// and the three catalogues (js/lang/lang-en.js, lang-es.js, lang-ru.js), which have the same keys
// (js-tests/lang.test.mjs), ship English's keys once and each catalogue as its texts in that order: lang.js
// puts them back together into the same objects when it loads (0.4 KiB gzipped less than every catalogue
// writing out every key). The keys, and each catalogue's texts, are one string joined by SEP, which no text
// holds (checked here), split on load: 54 B gzipped less than arrays of strings.
const SEP = '|';
const catalogues = {
  name: 'catalogues',
  setup(b) {
    const read = async (f) => (await import(pathToFileURL(join(root, 'js', 'lang', f)).href)).default;
    b.onResolve({ filter: /^catalogue-keys$/ }, (a) => ({ path: a.path, namespace: 'catalogues' }));
    b.onLoad({ filter: /.*/, namespace: 'catalogues' }, async () => ({
      contents: `const keys = ${JSON.stringify(Object.keys(await read('lang-en.js')).join(SEP))}.split(${JSON.stringify(SEP)});
export const catalogue = (texts) => (texts = texts.split(${JSON.stringify(SEP)}), Object.fromEntries(keys.map((k, i) => [k, texts[i]])));`,
      loader: 'js',
    }));
    b.onLoad({ filter: /[\\/]js[\\/]lang[\\/]lang-\w+\.js$/ }, async (a) => {
      const keys = Object.keys(await read('lang-en.js'));
      const cat = await read(basename(a.path));
      if (Object.keys(cat).sort().join() !== [...keys].sort().join()) {
        throw new Error(`finish-pkg: ${basename(a.path)} has other keys than lang-en.js`);
      }
      if (keys.some((k) => cat[k].includes(SEP)))
        throw new Error(`finish-pkg: a text of ${basename(a.path)} holds ${SEP}`);
      return {
        contents: `import { catalogue } from 'catalogue-keys';\nexport default catalogue(${JSON.stringify(keys.map((k) => cat[k]).join(SEP))});`,
        loader: 'js',
      };
    });
  },
};
async function bundle(f, mangle, format) {
  const r = await build({
    entryPoints: [join(root, 'js', f)],
    bundle: true,
    write: false,
    plugins: [beside, css, catalogues],
    logLevel: 'error',
    minify: true,
    format: 'esm',
    target: 'es2022',
    charset: 'utf8',
    ...(mangle ? { mangleProps: /^_[a-z]/, mangleCache: {} } : {}),
  });
  const clash = Object.values(r.mangleCache ?? {}).find((n) => DOM_NAMES.has(n));
  if (clash) throw new Error(`finish-pkg: a private member of ${f} would be named ${clash}`);
  const out = await minify(r.outputFiles[0].text, { ...TERSER, format: { ...TERSER.format, ...format } });
  writeFileSync(join(pkg, basename(f)), out.code);
}
await bundle('board/board.js', true);
await bundle('board/worker.js', false);
// the catalogues' strings all in single quotes (Spanish's holds double quotes): 8 B gzipped less than mixed
await bundle('lang/lang.js', false, { quote_style: 1 });
copyFileSync(join(root, 'js', 'board', 'board.d.ts'), join(pkg, 'board.d.ts'));
// steere-games/boardgameio: the boardgame.io adapter (js/online/boardgameio.js, typed by boardgameio.d.ts beside it)
// and its browser client (js/online/boardgameio-client.js). They import the engine by the package's own name and
// never import boardgame.io, which stays an optional peer dependency: only sites that use the adapter install it.
// steere-games/boardgameio/server (js/online/boardgameio-server.js) is what a server adds to boardgame.io: checked
// storage, the socket guard, the Redis pub/sub; it imports `redis` only when a RedisPubSub connects by URL. Its
// lobby (players, pairing, ratings: js/online/lobby-server.js) ships beside it and is re-exported by it; it loads
// `pg` and `rate-limiter-flexible` (optional peers too) only when a lobby that needs them starts.
const ADAPTER_FILES = [
  'boardgameio.js',
  'boardgameio.d.ts',
  'boardgameio-client.js',
  'boardgameio-client.d.ts',
  'boardgameio-server.js',
  'boardgameio-server.d.ts',
  'lobby-server.js',
  'lobby-server.d.ts',
];
for (const f of ADAPTER_FILES) {
  copyFileSync(join(root, 'js', 'online', f), join(pkg, f));
}

const generated = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
// A repository field only when Cargo.toml names one, and never a placeholder address.
const repository = generated.repository?.url ?? generated.repository;
if (repository && /\.invalid\b|\bexample\.(com|org|net)\b/.test(repository)) {
  throw new Error(`finish-pkg: Cargo.toml's repository ${repository} is a placeholder: remove it or give the real one`);
}
const manifest = {
  name: 'steere-games',
  version: generated.version,
  description: generated.description,
  license: generated.license,
  ...(repository ? { repository: generated.repository } : {}),
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
    './board': { types: './board.d.ts', default: './board.js' },
    './worker.js': './worker.js',
    './boardgameio': { types: './boardgameio.d.ts', default: './boardgameio.js' },
    './boardgameio/client': { types: './boardgameio-client.d.ts', default: './boardgameio-client.js' },
    './boardgameio/server': { types: './boardgameio-server.d.ts', default: './boardgameio-server.js' },
    './steere_games.js': { types: './steere_games.d.ts', default: './steere_games.js' },
    './steere_games_bg.wasm': './steere_games_bg.wasm',
    './package.json': './package.json',
  },
  files: [
    'steere_games.js',
    'steere_games.d.ts',
    'types.d.ts',
    'steere_games_bg.wasm',
    'steere_games_bg.wasm.d.ts',
    'node.js',
    'node.d.ts',
    ...ADAPTER_FILES,
    'snippets/',
    'docs/',
    ...BOARD_FILES,
    'README.md',
    'CHANGELOG.md',
    'LICENSE',
    'docs/records.md',
  ],
  peerDependencies: {
    'boardgame.io': '^0.50.2',
    redis: '>=4',
    bullmq: '>=6.7.6',
    pg: '>=8',
    'rate-limiter-flexible': '>=7',
  },
  peerDependenciesMeta: {
    'boardgame.io': { optional: true },
    redis: { optional: true },
    bullmq: { optional: true },
    pg: { optional: true },
    'rate-limiter-flexible': { optional: true },
  },
  sideEffects: ['./node.js', './board.js'],
  engines: { node: '>=20' },
};
writeFileSync(join(pkg, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

// The documentation. README.md is written for npm from docs/npm-readme.md (the repository's README is
// for people working on the code); docs/ carries the reference (every .md but the npm README, and the
// diagrams they show).
copyFileSync(join(root, 'docs', 'npm-readme.md'), join(pkg, 'README.md'));
for (const f of ['CHANGELOG.md', 'LICENSE']) copyFileSync(join(root, f), join(pkg, f));
rmSync(join(pkg, 'docs'), { recursive: true, force: true });
mkdirSync(join(pkg, 'docs', 'diagrams'), { recursive: true });
for (const f of readdirSync(join(root, 'docs'))) {
  if (f.endsWith('.md') && f !== 'npm-readme.md') copyFileSync(join(root, 'docs', f), join(pkg, 'docs', f));
}
for (const f of readdirSync(join(root, 'docs', 'diagrams'))) {
  if (f.endsWith('.svg')) copyFileSync(join(root, 'docs', 'diagrams', f), join(pkg, 'docs', 'diagrams', f));
}
console.log('finish-pkg: pkg/ is the npm package steere-games', manifest.version);
