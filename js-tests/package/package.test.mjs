// The packed npm tarball, installed into a fresh project: Node import without init, every class,
// SteereError, a strict TypeScript consumer, a Node-only TypeScript project without the DOM library,
// the README's example and the shipped documentation, and pages run in headless Chromium: an esbuild
// bundle, the board elements from a page without a bundler, bundled by esbuild, and built by Vite.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  mkdtempSync,
  writeFileSync,
  copyFileSync,
  readFileSync,
  rmSync,
  mkdirSync,
  existsSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:http';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
let dir;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'steere-consumer-'));
  const out = execFileSync('npm', ['pack', join(root, 'pkg'), '--pack-destination', dir, '--json'], {
    encoding: 'utf8',
  });
  const tarball = JSON.parse(out)[0].filename;
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--offline', join(dir, tarball)], {
    cwd: dir,
    stdio: 'pipe',
  });
});

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * Type-checks `files` of the folder `cwd` with tsc under --strict --noEmit (ES2022, modules resolved as
 * Node does), `options` added to the compiler options, through the config file `config` written there;
 * a failure shows tsc's output after `what`.
 */
function strictTsc(cwd, config, files, options, what = 'tsc --strict') {
  const compilerOptions = {
    strict: true,
    noEmit: true,
    target: 'es2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    ...options,
  };
  writeFileSync(join(cwd, config), JSON.stringify({ compilerOptions, files }));
  try {
    execFileSync(bin('tsc'), ['-p', join(cwd, config)], { cwd, encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    assert.fail(`${what} failed:\n${e.stdout}${e.stderr}`);
  }
}

function runNode(code) {
  writeFileSync(join(dir, 'run.mjs'), code);
  return execFileSync(process.execPath, ['run.mjs'], { cwd: dir, encoding: 'utf8' });
}

test('Node: import by name works without init, and await init() resolves at once', () => {
  const out = runNode(`
    import init, { Jokerball, Zola, Match, Bot, simulate, SteereError } from 'steere-games';
    const g = new Jokerball({ seed: 1 });
    g.roll();
    const before = g.legalMoves().length;
    await init();
    const z = new Zola();
    const m = new Match({ length: 3, cube: true, seed: 2 });
    let code = null;
    try { g.play('zz9-zz10'); } catch (e) { code = (e instanceof SteereError) && e.name === 'SteereError' ? e.code : 'wrong'; }
    const bot = new Bot({ level: 'easy', seed: 3 });
    const botMove = bot.chooseMove(z);
    const cube = bot.cubeAction(m);
    const sim = simulate({ game: 'zola', games: 5, seed: 1 });
    console.log(JSON.stringify({ before, zola: z.legalMoves().length, phase: m.phase, code,
      botLegal: z.isLegal(botMove), cube, simGames: sim.games }));
  `);
  const r = JSON.parse(out.trim());
  assert.ok(r.before > 0);
  assert.equal(r.zola, 36);
  assert.equal(r.phase, 'playing');
  assert.equal(r.code, 'parse_error');
  assert.equal(r.botLegal, true);
  assert.ok(['double', 'no-double'].includes(r.cube));
  assert.equal(r.simGames, 5);
});

test('Node: a server validates a client move with the package', () => {
  const out = runNode(`
    import { Jokerball } from 'steere-games';
    const server = new Jokerball({ seed: 'server' });
    server.setDice(2, 3);
    const legal = server.legalMoves();
    const verdict = (m) => server.isLegal(m);
    console.log(JSON.stringify({ first: verdict(legal[0]), bogus: verdict('k6-j6'), notation: verdict('???') }));
  `);
  assert.deepEqual(JSON.parse(out.trim()), { first: true, bogus: false, notation: false });
});

test('TypeScript: a consumer compiles under tsc --strict --noEmit', () => {
  copyFileSync(join(here, 'consumer.ts'), join(dir, 'consumer.ts'));
  strictTsc(dir, 'tsconfig.json', ['consumer.ts'], { lib: ['es2022', 'dom'], skipLibCheck: false, types: [] });
  // The declarations never say `any`.
  const dts = readFileSync(join(dir, 'node_modules', 'steere-games', 'types.d.ts'), 'utf8');
  const anyUses = dts
    .split('\n')
    .filter((l) => /\bany\b/.test(l) && !l.trim().startsWith('*') && !l.trim().startsWith('//'));
  assert.deepEqual(anyUses, [], 'the .d.ts says any');
  // No `any` type anywhere in the declarations (comments and string literals set aside), and the
  // rewrite that removes wasm-bindgen's `any` types leaves the prose alone.
  const typesOnly = (text) => text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, ' ');
  for (const file of ['types.d.ts', 'steere_games.d.ts', 'node.d.ts', 'steere_games_bg.wasm.d.ts']) {
    const text = readFileSync(join(dir, 'node_modules', 'steere-games', file), 'utf8');
    assert.doesNotMatch(typesOnly(text), /\bany\b/, `${file} declares an any type`);
  }
  assert.match(dts, /\bany[- ]machine\b/, 'the prose "any machine" was rewritten');
  assert.doesNotMatch(dts, /unknown[- ]machine/, 'the prose "any machine" was rewritten');
});

test('TypeScript: a Node-only project (lib ES2022, @types/node, no DOM) type-checks the declarations', () => {
  // @types/node is a devDependency of the repository: the consumer reads it from there.
  const typeRoots = join(root, 'node_modules', '@types');
  assert.ok(
    existsSync(join(typeRoots, 'node', 'package.json')),
    'node_modules/@types/node is missing: run npm ci (it is a devDependency)',
  );
  const major = JSON.parse(readFileSync(join(typeRoots, 'node', 'package.json'), 'utf8')).version.split('.')[0];
  assert.equal(major, '20', '@types/node should be the one of Node 20');
  const project = join(dir, 'node-only');
  mkdirSync(project, { recursive: true });
  copyFileSync(join(here, 'node-consumer.ts'), join(project, 'server.ts'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'node-only', private: true, type: 'module' }));
  strictTsc(
    project,
    'tsconfig.json',
    ['server.ts'],
    { lib: ['es2022'], skipLibCheck: false, typeRoots: [typeRoots], types: ['node'] },
    'tsc (Node only, no DOM library)',
  );
  // It resolved the Node entry, and that entry does not reach the browser's declarations.
  const files = execFileSync(bin('tsc'), ['-p', project, '--listFilesOnly'], { cwd: project, encoding: 'utf8' });
  assert.match(files, /steere-games[\\/]node\.d\.ts/);
  assert.match(files, /steere-games[\\/]types\.d\.ts/);
  assert.doesNotMatch(files, /steere_games\.d\.ts/);
  assert.doesNotMatch(files, /lib\.dom\.d\.ts/);
});

test('npm: the README example runs as written, and the documentation is in the package', () => {
  const pkgDir = join(dir, 'node_modules', 'steere-games');
  const readme = readFileSync(join(pkgDir, 'README.md'), 'utf8');
  const example = /## Example\n\n```js\n([\s\S]*?)```/.exec(readme);
  assert.ok(example, 'README.md has an Example section with a js block');
  assert.ok(example[1].trim().split('\n').length <= 20, 'the README example is longer than 20 lines');
  const out = runNode(example[1]);
  assert.match(out, /^(red|blue) wins in \d+ turns\ngame_over - /);
  // npm shows the README without the package's files: no relative links (they would not resolve there).
  for (const [, target] of readme.matchAll(/\]\(([^)]+)\)/g)) {
    assert.match(target, /^(https:\/\/|#)/, `README.md links to ${target}, which npm cannot resolve`);
  }
  const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  assert.ok(
    !manifest.repository || !/\.invalid\b/.test(JSON.stringify(manifest.repository)),
    'a placeholder repository',
  );
  for (const f of ['docs/api.md', 'docs/rules.md', 'CHANGELOG.md', 'LICENSE', 'types.d.ts', 'node.d.ts']) {
    assert.ok(existsSync(join(pkgDir, f)), `${f} is not in the package`);
  }
  // Every file the shipped docs link to or show is shipped with them.
  for (const doc of ['docs/api.md', 'docs/rules.md']) {
    const text = readFileSync(join(pkgDir, doc), 'utf8');
    for (const [, target] of text.matchAll(/\]\(([^)#]+)(#[^)]*)?\)/g)) {
      if (/^https?:/.test(target)) continue;
      assert.ok(existsSync(join(pkgDir, 'docs', target)), `${doc} links to ${target}, which the package lacks`);
    }
  }
  // The declarations cite only files the package has.
  for (const file of ['types.d.ts', 'steere_games.d.ts', 'node.d.ts']) {
    const text = readFileSync(join(pkgDir, file), 'utf8');
    assert.doesNotMatch(text, /API\.md|RULES/, `${file} cites a document the package does not have`);
    for (const [cited] of text.matchAll(/docs\/[a-z-]+\.md/g))
      assert.ok(existsSync(join(pkgDir, cited)), `${file} cites ${cited}`);
  }
});

/** Serves `web` (files below it by path) and opens `path` in Chromium; `check(page)` runs on it. */
async function inChromium(web, path, check) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url, 'http://x').pathname).slice(1) || 'index.html';
    const file = join(web, name);
    if (!file.startsWith(web) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[name.slice(name.lastIndexOf('.'))] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  // the browser tests' Chromium, with their switches (loaded here only, where a test needs it)
  const { launch } = await import('../browser/helpers.mjs');
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`http://127.0.0.1:${server.address().port}/${path}`);
    await check(page);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    server.close();
  }
}

const HEAD = '<!doctype html><meta charset="utf-8"><title>t</title><link rel="icon" href="data:,">';

/**
 * A Zola game against the computer, which opens (the person plays Blue): settles once the computer has
 * moved through its worker; the board draws 36 squares.
 */
async function botOpens(page) {
  await page.waitForFunction(() => document.querySelector('steere-game')?.game?.history().length >= 1, null, {
    timeout: 30000,
  });
  const cells = await page.$$eval('steere-game >> [data-cell]', (c) => c.length);
  assert.equal(cells, 36);
  assert.equal(await page.evaluate(() => document.querySelector('steere-game').game.turn), 'blue');
}
const GAME =
  '<steere-game game="zola" human="blue" bot-delay="0" animation="0" style="display:block;width:480px"></steere-game>';

test('bundler: esbuild bundles a page that plays in headless Chromium', async () => {
  const web = join(dir, 'web');
  mkdirSync(web, { recursive: true });
  writeFileSync(
    join(dir, 'page.js'),
    `import init, { Jokerball, Zola } from 'steere-games';
     await init();
     const g = new Jokerball({ seed: 5 });
     g.setDice(3, 4);
     const m = g.legalMoves()[0];
     g.play(m);
     document.body.dataset.result = JSON.stringify({ moved: m, phase: g.phase, zola: new Zola().legalMoves().length });`,
  );
  execFileSync(
    bin('esbuild'),
    ['page.js', '--bundle', '--format=esm', '--platform=browser', `--outfile=${join(web, 'page.js')}`],
    { cwd: dir, stdio: 'pipe' },
  );
  // esbuild leaves `new URL('steere_games_bg.wasm', import.meta.url)` as is: ship the wasm beside the bundle.
  copyFileSync(join(dir, 'node_modules', 'steere-games', 'steere_games_bg.wasm'), join(web, 'steere_games_bg.wasm'));
  writeFileSync(join(web, 'index.html'), `${HEAD}<script type="module" src="page.js"></script>`);
  await inChromium(web, '', async (page) => {
    await page.waitForFunction(() => document.body.dataset.result, null, { timeout: 20000 });
    const result = JSON.parse(await page.evaluate(() => document.body.dataset.result));
    assert.equal(result.zola, 36);
    assert.match(result.moved, /^[a-k]\d+[-x]/);
  });
});

test('Node: steere-games/board imports without a DOM and defines nothing', () => {
  const out = runNode(`
    import { SteereBoard, SteereGame, WorkerBot } from 'steere-games/board';
    import { Zola } from 'steere-games';
    console.log(JSON.stringify({ b: typeof SteereBoard, g: typeof SteereGame, w: typeof WorkerBot,
      ce: typeof customElements, zola: new Zola().legalMoves().length }));
  `);
  assert.deepEqual(JSON.parse(out.trim()), { b: 'function', g: 'function', w: 'function', ce: 'undefined', zola: 36 });
});

test('board.d.ts: element classes, tag names and event details compile under tsc --strict; no any', () => {
  writeFileSync(join(dir, 'board-consumer.ts'), readFileSync(join(here, 'board-consumer.ts'), 'utf8'));
  strictTsc(dir, 'tsconfig.board.json', ['board-consumer.ts'], { lib: ['es2022', 'dom'], types: [] });
  const dts = readFileSync(join(dir, 'node_modules', 'steere-games', 'board.d.ts'), 'utf8');
  const typesOnly = dts.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, ' ');
  assert.doesNotMatch(typesOnly, /\bany\b/);
});

test("a page without a bundler: board.js initialises the wasm itself, beside the page's own init(); the computer plays in the package's worker", async () => {
  writeFileSync(
    join(dir, 'plain.html'),
    `${HEAD}${GAME}<script type="module">
      import init from './node_modules/steere-games/steere_games.js';
      import { WorkerBot } from './node_modules/steere-games/board.js';
      await init();
      window.workerBot = WorkerBot;
    </script>`,
  );
  await inChromium(dir, 'plain.html', async (page) => {
    await botOpens(page);
    // the computer thought in a worker started from the package's own URL
    const workers = page.workers().map((w) => w.url());
    assert.ok(
      workers.some((u) => u.endsWith('/node_modules/steere-games/worker.js')),
      workers.join(),
    );
  });
});

test('bundler: esbuild bundles a page with the board elements; the worker is a second entry', async () => {
  const web = join(dir, 'web-board');
  mkdirSync(web, { recursive: true });
  writeFileSync(
    join(dir, 'board-page.js'),
    `import { SteereGame } from 'steere-games/board';\nwindow.gameClass = SteereGame;\n`,
  );
  const esbuild = (entry, out) =>
    execFileSync(
      bin('esbuild'),
      [entry, '--bundle', '--format=esm', '--platform=browser', `--outfile=${join(web, out)}`],
      { cwd: dir, stdio: 'pipe' },
    );
  esbuild('board-page.js', 'page.js');
  esbuild('node_modules/steere-games/worker.js', 'worker.js');
  copyFileSync(join(dir, 'node_modules', 'steere-games', 'steere_games_bg.wasm'), join(web, 'steere_games_bg.wasm'));
  writeFileSync(join(web, 'index.html'), `${HEAD}${GAME}<script type="module" src="page.js"></script>`);
  await inChromium(web, '', async (page) => {
    await botOpens(page);
    assert.ok(page.workers().some((w) => w.url().endsWith('/worker.js')));
  });
});

// Vite is a dev dependency (package.json, installed by scripts/setup.sh); STEERE_VITE may name another vite.
const vite = process.env.STEERE_VITE ?? bin('vite');
test('bundler: vite build of a page with the board elements (worker and wasm found by Vite)', async () => {
  assert.ok(existsSync(vite), `${vite} is missing: run make setup`);
  const app = join(dir, 'vite-app');
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, 'index.html'), `${HEAD}${GAME}<script type="module" src="./main.js"></script>`);
  writeFileSync(join(app, 'main.js'), `import 'steere-games/board';\n`);
  execFileSync(vite, ['build', '--logLevel', 'error'], { cwd: app, stdio: 'pipe' });
  await inChromium(join(app, 'dist'), '', async (page) => {
    await botOpens(page);
    assert.ok(page.workers().length >= 1, 'the computer thought in a worker');
  });
});

test('steere-games/boardgameio: works without boardgame.io (an optional peer), and its types fit boardgame.io', () => {
  const installed = join(dir, 'node_modules', 'steere-games');
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  const peers = {
    'boardgame.io': '^0.50.2',
    redis: '>=4',
    bullmq: '>=6.7.6',
    pg: '>=8',
    'rate-limiter-flexible': '>=7',
  };
  assert.deepEqual(manifest.peerDependencies, peers);
  assert.deepEqual(
    manifest.peerDependenciesMeta,
    Object.fromEntries(Object.keys(peers).map((k) => [k, { optional: true }])),
  );
  for (const peer of ['pg', 'rate-limiter-flexible']) assert.equal(existsSync(join(dir, 'node_modules', peer)), false);
  assert.equal(existsSync(join(dir, 'node_modules', 'redis')), false);
  assert.equal(manifest.dependencies, undefined);
  assert.equal(existsSync(join(dir, 'node_modules', 'boardgame.io')), false);
  const out = runNode(`
    import { jokerballGame, matchGame, whyIllegal, engineOf } from 'steere-games/boardgameio';
    import { OnlineGame, Lobby, matchLink } from 'steere-games/boardgameio/client';
    import { CheckedStorage, MemoryStore, LocalPubSub, RedisPubSub, guardSockets, PlayerLobby, PostgresLobbyStore } from 'steere-games/boardgameio/server';
    const g = jokerballGame();
    const storage = new CheckedStorage(new MemoryStore(), [g], { log: () => {} });
    // the lobby loads boardgame.io, pg and rate-limiter-flexible only when it starts
    const lobby = new PlayerLobby({ games: [g], storage, store: new PostgresLobbyStore({ url: 'postgres://nowhere' }) });
    const server = typeof RedisPubSub + typeof guardSockets + typeof storage.publishAfterWrite(new LocalPubSub()).publish + typeof lobby.install;
    const G = g.setup({});
    const e = engineOf(G);
    console.log(JSON.stringify({ name: g.name, match: matchGame({ length: 3 }).name, why: whyIllegal(G, '1', 'roll'),
      phase: e.phase, client: typeof OnlineGame + typeof Lobby, link: matchLink('abc', 'http://h/www/'), server }));
  `);
  assert.deepEqual(JSON.parse(out.trim()), {
    name: 'jokerball',
    match: 'jokerball-match',
    why: 'not_your_turn',
    phase: 'roll',
    client: 'functionfunction',
    link: 'http://h/www/?match=abc',
    server: 'functionfunctionfunctionfunction',
  });
  // The declarations never say any.
  const typesOnly = (text) => text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, ' ');
  for (const f of ['boardgameio.d.ts', 'boardgameio-client.d.ts', 'boardgameio-server.d.ts', 'lobby-server.d.ts']) {
    assert.doesNotMatch(typesOnly(readFileSync(join(installed, f), 'utf8')), /\bany\b/, `${f} declares an any type`);
  }
  // With boardgame.io 0.50 beside it (the repository's, linked), a strict consumer compiles. Library files
  // are not checked here (boardgame.io's dependency ts-toolbelt does not pass TypeScript 5.9's own check);
  // the package's .d.ts files are, by the consumer of the test above.
  symlinkSync(join(root, 'node_modules', 'boardgame.io'), join(dir, 'node_modules', 'boardgame.io'), 'dir');
  copyFileSync(join(here, 'consumer-boardgameio.ts'), join(dir, 'consumer-boardgameio.ts'));
  strictTsc(dir, 'tsconfig.bgio.json', ['consumer-boardgameio.ts'], {
    lib: ['es2022', 'dom'],
    skipLibCheck: true,
    types: [],
  });
});
