// Against the computer (issue 6, item 1 "opponent"; API.md "Bot"): the Bot runs in a Web Worker (a module
// worker when served, a Blob worker with the wasm posted to it from file://) and plays Blue: its moves,
// its rolls and its cube decisions. Whole games by clicks only; fails on any console or page error.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { demo, newPage, ready, playGame, gameState, rng, outDir, root } from './helpers.mjs';

before(() => execFileSync(process.execPath, [join(root, 'scripts', 'offline.mjs')], { stdio: 'ignore' }));
const D = demo();

const offline = pathToFileURL(join(root, 'dist', 'steere-games-offline.html')).href;

async function vsBot(url, seed, shot) {
  const context = await D.browser.newContext();
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  const { page, errors } = await newPage(context);
  await page.goto(url);
  await ready(page);
  assert.equal(await page.inputValue('[data-option=opponent]'), 'bot');
  const { winner } = await playGame(page, { random: rng(seed) });
  // the person clicks only on Red's turns (Blue's show no targets), so Blue's records are the computer's
  const log = await page.$$eval('steere-game >> .log li[data-record]', (li) =>
    li.map((e) => [e.dataset.player, e.dataset.record]),
  );
  assert.ok(winner === 'red' || winner === 'blue');
  assert.ok(log.length >= 2, 'the computer moved');
  assert.ok(
    log.some(([p, r]) => p === 'blue' && r !== '-'),
    'the computer (Blue) has moves in the log',
  );
  await page.screenshot({ path: `${outDir}/${shot}.png` });
  assert.deepEqual(errors, []);
  await context.close();
}

test('served: a whole Jokerball game against the computer', async () => {
  await vsBot(`${D.base}/www/?seed=51&size=4&opponent=bot&level=medium&botdelay=0`, 51, 'bot-jokerball-served');
});

test('served: a whole Zola game against the computer', async () => {
  await vsBot(`${D.base}/www/?seed=52&game=zola&opponent=bot&level=easy&botdelay=0`, 52, 'bot-zola-served');
});

test('offline file (file://, Blob worker): a whole Jokerball game against the computer', async () => {
  await vsBot(`${offline}?seed=53&size=4&opponent=bot&level=easy&botdelay=0`, 53, 'bot-jokerball-offline');
});

test('offline file (file://, Blob worker): a whole Zola game against the computer', async () => {
  await vsBot(`${offline}?seed=54&game=zola&opponent=bot&level=easy&botdelay=0`, 54, 'bot-zola-offline');
});

test('the computer answers a double and plays a cube match on its own (RULES 3.2)', async () => {
  const { context, page, errors } = await D.open('?seed=55&size=4&length=3&cube=on&opponent=bot&level=easy&botdelay=0');
  await page.click('[data-action=double]');
  // the computer takes or drops by itself; nothing for the person to do meanwhile
  assert.ok(await page.isDisabled('[data-action=take]'));
  await page.waitForFunction(() => document.querySelector('steere-game').game.phase !== 'double', null, {
    timeout: 30000,
  });
  const s = await gameState(page);
  assert.match(s.status, /^Blue (takes|drops)$/);
  // the log keeps the cube actions, in their colours
  const cubeLines = await page.$$eval('steere-game >> .log li.cube', (li) =>
    li.map((e) => [e.dataset.player, e.textContent]),
  );
  assert.deepEqual(cubeLines, [
    ['red', 'Red doubles'],
    ['blue', s.status],
  ]);
  if (s.status.includes('takes')) {
    assert.equal(s.cube, 'Cube 2, owned by Blue');
    assert.equal(s.matchPhase, 'playing');
  } else {
    assert.equal(s.matchPhase, 'game-over');
  }
  // play the match out: person by clicks, computer by itself (it rolls, moves and decides on the cube)
  const random = rng(55);
  for (let games = 0; games < 10; games++) {
    const phase = (await gameState(page)).matchPhase;
    if (phase === 'match-over') break;
    if (phase === 'game-over') {
      await page.click('[data-action=next-game]');
      continue;
    }
    if (phase === 'double') {
      // the computer doubled: the person takes
      await page.click('[data-action=take]');
    }
    await playGame(page, { random });
  }
  assert.equal((await gameState(page)).matchPhase, 'match-over');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a newcomer plays the computer: it is the default opponent, with its level', async () => {
  const { context, page, errors } = await D.open('');
  assert.equal(await page.inputValue('[data-option=opponent]'), 'bot');
  assert.ok(await page.isEnabled('[data-option=level]'));
  assert.deepEqual(await page.$$eval('[data-option=level] option', (o) => o.map((x) => x.value)), [
    'easy',
    'medium',
    'hard',
  ]);
  // switching to a person takes effect at once
  await page.selectOption('[data-option=opponent]', 'human');
  assert.ok(await page.isDisabled('[data-option=level]'));
  assert.deepEqual(errors, []);
  await context.close();
});
