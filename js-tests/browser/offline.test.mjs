// Offline play (issue 6, item 2): the single-file build from file:// with no network, and the served
// page through its service worker after one visit.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Jokerball } from '../../pkg/node.js';
import {
  launch,
  startServer,
  stopServer,
  newPage,
  ready,
  playGame,
  rng,
  outDir,
  root,
  offlineContext,
} from './helpers.mjs';

const file = join(root, 'dist', 'steere-games-offline.html');
let browser;
before(async () => {
  execFileSync(process.execPath, [join(root, 'scripts', 'offline.mjs')], { stdio: 'ignore' });
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/**
 * The offline file opened with `query` (ready, its errors collected), in a context that refuses every
 * request that is not file:// and notes it in `requests` (so "no network" is checked, not assumed).
 */
async function openOffline(query) {
  const { context, requests, page, errors } = await offlineContext(browser);
  await page.goto(pathToFileURL(file).href + query);
  await ready(page);
  return { context, requests, page, errors };
}

test('make offline: one self-contained file, no external references', () => {
  assert.ok(existsSync(file));
  const html = readFileSync(file, 'utf8');
  assert.doesNotMatch(html, /<script[^>]+src=/);
  assert.doesNotMatch(html, /<link[^>]+href="(?!data:)/);
  assert.doesNotMatch(html, /steere_games_bg\.wasm['"]?\s*\)/);
});

for (const [name, query, seed] of [
  ['Jokerball', '?seed=41&opponent=human', 41],
  ['Jokerball side 4', '?seed=42&size=4&opponent=human', 42],
  ['Zola', '?seed=43&game=zola&opponent=human', 43],
]) {
  test(`offline file from file://: a whole ${name} game by clicks, person against person`, async () => {
    const { context, requests, page, errors } = await openOffline(query);
    const { winner } = await playGame(page, { random: rng(seed) });
    assert.ok(winner === 'red' || winner === 'blue');
    await page.screenshot({ path: `${outDir}/offline-${name.replace(/\s/g, '-').toLowerCase()}.png` });
    assert.deepEqual(requests, []);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('offline file from file://: ?lang=ru speaks Russian, the picker switches to Spanish (catalogues inlined)', async () => {
  const { context, requests, page, errors } = await openOffline('?seed=45&size=4&lang=ru');
  const words = () =>
    page.evaluate(() => ({
      html: document.documentElement.lang,
      howTo: document.querySelector('details.help summary').textContent,
      roll: document.querySelector('steere-game').shadowRoot.querySelector('[data-action=roll]').textContent,
    }));
  assert.deepEqual(await words(), { html: 'ru', howTo: 'Как играть', roll: 'Бросить' });
  await page.selectOption('#language', 'es');
  await page.waitForFunction(() => document.querySelector('steere-game').language === 'es', null, { timeout: 2000 });
  assert.deepEqual(await words(), { html: 'es', howTo: 'Cómo se juega', roll: 'Tirar' });
  assert.deepEqual(requests, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('offline file from file://: a record saved, opened from a share link (#record=) and replayed', async () => {
  const { context, requests, page, errors } = await openOffline('?seed=46&size=4&opponent=human');
  const address = pathToFileURL(file).href;
  await playGame(page, { random: rng(46) });
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-action=save-record]')]);
  const text = readFileSync(await download.path(), 'utf8');
  assert.equal(Jokerball.fromRecord(text).toRecord(), text);
  await page.click('[data-action=share-record]');
  await page.waitForSelector('.share:not([hidden])');
  const link = await page.inputValue('#share-link');
  assert.ok(link.startsWith(`${address}#record=`), link);
  const other = await newPage(context);
  await other.page.goto(link);
  await ready(other.page);
  await other.page.keyboard.press('End');
  const shown = await other.page.$$eval('#replay .rp-log li[data-record]', (li) => li.map((e) => e.dataset.record));
  assert.deepEqual(shown, Jokerball.fromRecord(text).history());
  assert.equal(await other.page.textContent('.rp-count'), `${shown.length} / ${shown.length}`);
  assert.deepEqual(requests, []);
  assert.deepEqual([...errors, ...other.errors], []);
  await context.close();
});

test('service worker: after one visit the served page loads and plays offline', async () => {
  const { server, url } = await startServer();
  const context = await browser.newContext();
  const { page, errors } = await newPage(context);
  try {
    await page.goto(`${url}/www/?seed=44&size=4&opponent=human`);
    await ready(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
    await context.setOffline(true);
    stopServer(server);
    await page.reload();
    await ready(page);
    assert.equal(await page.$$eval('[data-cell]', (c) => c.length), 37);
    await page.click('[data-action=roll]');
    assert.notEqual(await page.getAttribute('steere-game >> steere-board', 'data-phase'), 'roll');
    const { winner } = await playGame(page, { random: rng(44) });
    assert.ok(winner);
    // the texts and catalogues of every language were cached too
    await page.goto(`${url}/www/?seed=44&size=4&opponent=human&lang=es`);
    await ready(page);
    assert.equal(await page.textContent('details.help summary'), 'Cómo se juega');
    assert.equal(await page.textContent('[data-action=restart]'), 'Nueva partida');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    stopServer(server);
  }
});
