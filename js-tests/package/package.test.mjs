// The packed npm tarball, installed into a fresh project: Node import without init, every class,
// SteereError, a strict TypeScript consumer, and an esbuild bundle run in headless Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, copyFileSync, readFileSync, rmSync, mkdirSync, existsSync, symlinkSync } from 'node:fs';
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
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'es2022',
        module: 'nodenext',
        moduleResolution: 'nodenext',
        lib: ['es2022', 'dom'],
        skipLibCheck: false,
        types: [],
      },
      files: ['consumer.ts'],
    }),
  );
  try {
    execFileSync(bin('tsc'), ['-p', dir], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    assert.fail(`tsc --strict failed:\n${e.stdout}${e.stderr}`);
  }
  // The declarations never say `any`.
  const dts = readFileSync(join(dir, 'node_modules', 'steere-games', 'steere_games.d.ts'), 'utf8');
  const anyUses = dts.split('\n').filter((l) => /\bany\b/.test(l) && !l.trim().startsWith('*') && !l.trim().startsWith('//'));
  assert.deepEqual(anyUses, [], 'the .d.ts says any');
  // No `any` type anywhere in the declarations (comments and string literals set aside), and the
  // rewrite that removes wasm-bindgen's `any` types leaves the prose alone.
  const typesOnly = (text) =>
    text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, ' ');
  const bgDts = readFileSync(join(dir, 'node_modules', 'steere-games', 'steere_games_bg.wasm.d.ts'), 'utf8');
  for (const [file, text] of [['steere_games.d.ts', dts], ['steere_games_bg.wasm.d.ts', bgDts]]) {
    assert.doesNotMatch(typesOnly(text), /\bany\b/, `${file} declares an any type`);
  }
  assert.match(dts, /\bany[- ]machine\b/, 'the prose "any machine" was rewritten');
  assert.doesNotMatch(dts, /unknown[- ]machine/, 'the prose "any machine" was rewritten');
});

test('steere-games/boardgameio: works without boardgame.io (an optional peer), and its types fit boardgame.io', () => {
  const installed = join(dir, 'node_modules', 'steere-games');
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  assert.deepEqual(manifest.peerDependencies, { 'boardgame.io': '^0.50.2' });
  assert.deepEqual(manifest.peerDependenciesMeta, { 'boardgame.io': { optional: true } });
  assert.equal(manifest.dependencies, undefined);
  assert.equal(existsSync(join(dir, 'node_modules', 'boardgame.io')), false);
  const out = runNode(`
    import { jokerballGame, matchGame, whyIllegal, engineOf } from 'steere-games/boardgameio';
    import { OnlineGame, Lobby, matchLink } from 'steere-games/boardgameio/client';
    const g = jokerballGame();
    const G = g.setup({});
    const e = engineOf(G);
    console.log(JSON.stringify({ name: g.name, match: matchGame({ length: 3 }).name, why: whyIllegal(G, '1', 'roll'),
      phase: e.phase, client: typeof OnlineGame + typeof Lobby, link: matchLink('abc', 'http://h/www/') }));
  `);
  assert.deepEqual(JSON.parse(out.trim()), {
    name: 'jokerball', match: 'jokerball-match', why: 'not_your_turn', phase: 'roll', client: 'functionfunction',
    link: 'http://h/www/?match=abc',
  });
  // The declarations never say any.
  const typesOnly = (text) =>
    text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, ' ');
  for (const f of ['boardgameio.d.ts', 'boardgameio-client.d.ts']) {
    assert.doesNotMatch(typesOnly(readFileSync(join(installed, f), 'utf8')), /\bany\b/, `${f} declares an any type`);
  }
  // With boardgame.io 0.50 beside it (the repository's, linked), a strict consumer compiles. Library files
  // are not checked here (boardgame.io's dependency ts-toolbelt does not pass TypeScript 5.9's own check);
  // the package's .d.ts files are, by the consumer of the test above.
  symlinkSync(join(root, 'node_modules', 'boardgame.io'), join(dir, 'node_modules', 'boardgame.io'), 'dir');
  copyFileSync(join(here, 'consumer-boardgameio.ts'), join(dir, 'consumer-boardgameio.ts'));
  writeFileSync(
    join(dir, 'tsconfig.bgio.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'es2022',
        module: 'nodenext',
        moduleResolution: 'nodenext',
        lib: ['es2022', 'dom'],
        skipLibCheck: true,
        types: [],
      },
      files: ['consumer-boardgameio.ts'],
    }),
  );
  try {
    execFileSync(bin('tsc'), ['-p', join(dir, 'tsconfig.bgio.json')], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    assert.fail(`tsc --strict failed:\n${e.stdout}${e.stderr}`);
  }
});

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
  writeFileSync(join(web, 'index.html'), '<!doctype html><meta charset="utf-8"><title>t</title><link rel="icon" href="data:,"><script type="module" src="page.js"></script>');
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
  const server = createServer((req, res) => {
    const name = req.url === '/' ? 'index.html' : req.url.slice(1);
    try {
      const body = readFileSync(join(web, name));
      res.writeHead(200, { 'content-type': types[name.slice(name.lastIndexOf('.'))] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { chromium } = await import(join(root, 'node_modules', 'playwright-core', 'index.mjs'));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => document.body.dataset.result, null, { timeout: 20000 });
    const result = JSON.parse(await page.evaluate(() => document.body.dataset.result));
    assert.equal(result.zola, 36);
    assert.match(result.moved, /^[a-k]\d+[-x]/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    server.close();
  }
});
