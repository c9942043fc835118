// The documentation shipped in the package agrees with the package: the diagrams of docs/rules.md are
// those the engine draws now, its figures and position strings are the engine's, and docs/api.md names
// every class member, error code and exported type.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import * as mod from '../pkg/node.js';
import { CODES } from './error-codes.mjs';

const { Jokerball, Zola } = mod;
const read = (path) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const rules = read('docs/rules.md');
const api = read('docs/api.md');

test('the diagrams in docs/diagrams are the ones the engine draws now', () => {
  const script = new URL('../scripts/diagrams.mjs', import.meta.url).pathname;
  try {
    execFileSync(process.execPath, [script, '--check'], { encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    assert.fail(`${e.stdout}${e.stderr}`);
  }
  // Every diagram file is shown by the rules.
  for (const [, file] of rules.matchAll(/\]\((diagrams\/[a-z0-9-]+\.svg)\)/g)) {
    assert.ok(read(`docs/${file}`).startsWith('<svg'), file);
  }
});

test("the figures of docs/rules.md are the engine's", () => {
  const rows = [...rules.matchAll(/^\| `(2025|classic)` \| (\d+) \| (\d+) \| ([\d ]+) \| (\d+) \|$/gm)];
  assert.ok(rows.length >= 4, 'the table of figures was not found');
  for (const [, ruleSet, side, rowCount, byDistance, total] of rows) {
    const start = new Jokerball({ rules: ruleSet, size: Number(side), rows: Number(rowCount) });
    const counts = [];
    let turns = 0;
    for (let d = 1; d <= Number(side); d += 1) {
      for (let r = 1; r <= 6; r += 1) {
        const g = start.clone();
        g.setDice(d, r);
        if (r === 1) counts.push(g.phase === 'man' ? g.legalMoves().length : 0);
        turns += g.legalTurns().length;
        g.free();
      }
    }
    start.free();
    assert.equal(counts.join(' '), byDistance, `${ruleSet} side ${side} rows ${rowCount}: man moves`);
    assert.equal(turns, Number(total), `${ruleSet} side ${side} rows ${rowCount}: turns`);
  }
  const zola = /Red has (\d+) legal moves from the 6x6 start, (\d+) from 8x8 and (\d+) from 10x10/.exec(rules);
  assert.ok(zola, 'the Zola figures were not found');
  assert.deepEqual(
    [6, 8, 10].map((size) => new Zola({ size }).legalMoves().length),
    zola.slice(1).map(Number),
  );
});

test('every position string in docs/rules.md is read by the engine and written back the same', () => {
  const strings = [...rules.matchAll(/`([rbo0-9/]+ [rb])`/g)].map((m) => m[1]);
  assert.ok(strings.length >= 3);
  for (const s of strings) {
    const game = s.includes('o') ? new Jokerball({ position: s }) : new Zola({ position: s });
    assert.equal(game.position(), s);
    game.free();
  }
  assert.equal(new Jokerball().position(), 'bbbbbb/bbbbbbb/8/9/10/5o5/10/9/8/rrrrrrr/rrrrrr r');
  assert.ok(rules.includes('`bbbbbb/bbbbbbb/8/9/10/5o5/10/9/8/rrrrrrr/rrrrrr r`'));
});

test('docs/api.md names every class, method, getter, error code and exported type', () => {
  const classes = Object.entries(mod).filter(([, v]) => typeof v?.prototype?.free === 'function');
  assert.ok(classes.length >= 4);
  for (const [name, cls] of classes) {
    assert.match(api, new RegExp(`^## ${name}$`, 'm'), `no section for ${name}`);
    const members = [...Reflect.ownKeys(cls.prototype), ...Reflect.ownKeys(cls)].filter(
      (k) =>
        typeof k === 'string' && !['constructor', 'prototype', 'length', 'name'].includes(k) && !k.startsWith('__'),
    );
    for (const m of members) assert.match(api, new RegExp(`\\b${m}\\b`), `${name}.${m} is not in docs/api.md`);
  }
  for (const f of Object.keys(mod).filter((k) => typeof mod[k] === 'function' && !mod[k].prototype?.free)) {
    if (f === 'default' || f === 'initSync' || f === 'SteereError') continue;
    // its own section, or its own heading in a section of related functions (## Clocks)
    assert.match(api, new RegExp(`^(## ${f}|### ${f}\\(.*)$`, 'm'), `no section for ${f}()`);
  }
  for (const code of CODES)
    assert.match(api, new RegExp(`^\\| \`${code}\` \\|`, 'm'), `code ${code} is not in the table`);
  const types = read('pkg/types.d.ts');
  for (const [, name] of types.matchAll(/^export (?:type|interface|class|function) (\w+)/gm)) {
    assert.match(api, new RegExp(`\`${name}[\`(<. ]`), `the exported ${name} is not in docs/api.md`);
  }
});

test('the package paths the README and the npm readme give a page without a bundler exist in an installed package', () => {
  const pkgFiles = new Set(JSON.parse(read('pkg/package.json')).files ?? []);
  const name = JSON.parse(read('pkg/package.json')).name;
  for (const doc of ['README.md', 'docs/npm-readme.md']) {
    const text = read(doc);
    const paths = [
      ...text.matchAll(/"steere-games(?:\/[a-z]+)?": "([^"]+)"/g),
      ...text.matchAll(/<script type="module" src="([^"]+)"/g),
    ].map((m) => m[1]);
    assert.ok(paths.length > 0, doc);
    for (const p of paths) {
      // an npm project installs the package under node_modules/<name>/ (pkg/ is this repository's build)
      const m = /^\.?\/node_modules\/([^/]+)\/(.+)$/.exec(p);
      assert.ok(m && m[1] === name, `${doc}: ${p} is not a path of the installed package`);
      assert.ok(
        pkgFiles.size === 0 || pkgFiles.has(m[2]) || readFileSync(new URL(`../pkg/${m[2]}`, import.meta.url)),
        `${doc}: ${p}`,
      );
    }
  }
});

test('every file and folder of the repository that README.md, ARCHITECTURE.md and docs/ name exists', () => {
  const docs = [
    'README.md',
    'ARCHITECTURE.md',
    ...readdirSync(new URL('../docs/', import.meta.url))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  const named = [];
  for (const doc of docs) {
    // a path under one of the repository's own folders, as the prose or the layout writes it (globs left out)
    for (const [, path] of read(doc).matchAll(
      /(?<![\w./-])((?:js|www|benches|bench|scripts|js-tests|examples)\/[\w./*{},-]*[\w/])/g,
    )) {
      if (/[*{]/.test(path)) continue;
      named.push(path);
      assert.ok(existsSync(new URL(`../${path}`, import.meta.url)), `${doc} names ${path}, which does not exist`);
    }
  }
  assert.ok(
    named.includes('www/lab/core.js') && named.includes('js/online/lobby-server.js'),
    'the paths were not found',
  );
});
