// The rebuilt demo page (www/, a settings panel around <steere-game>): each fault of the old page stays
// fixed, checked by what is drawn: bad URL parameters named beside a playable default game, "You play ..."
// stated, the how-to-play, Zola targets highlighted, the pie rule against the computer, cube actions and
// colours in the log, the last move marked and the computer's moves animated, confirmation before
// resigning and before abandoning a game, taking back in a single game with the same dice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demo, ready, gameState, rng, outDir, redToRoll } from './helpers.mjs';

const D = demo();

const open = D.open;

const seat = (page) => page.textContent('steere-game >> .seat');
const history = (page) => page.evaluate(() => document.querySelector('steere-game').game.history());
const game = (page) =>
  page.evaluate(() => {
    const g = document.querySelector('steere-game').game;
    return { turn: g.turn, phase: g.phase, dice: g.dice, history: g.history() };
  });

/** Plays the person's Jokerball turn by clicks: roll, then targets until the turn has passed. */
async function personTurn(page, random) {
  await page.click('[data-action=roll]');
  for (let i = 0; i < 6; i++) {
    const s = await gameState(page);
    if (s.turn !== 'red' || s.winner) return;
    const moves = s.targets.filter((t) => t.kind === 'move');
    const pool = moves.length ? moves : s.targets;
    if (!pool.length) return;
    await page.click(pool[Math.floor(random() * pool.length)].sel);
  }
}

test('bad URL parameters are each named in a message beside a playable default game', async () => {
  const { context, page, errors } = await open('?size=5&rows=9&length=50&level=insane&opponent=robot&botdelay=0');
  const notice = await page.textContent('#notice');
  for (const p of ['size=5', 'rows=9', 'length=50', 'level=insane', 'opponent=robot'])
    assert.ok(notice.includes(`asks for ${p}`), `${p} named: ${notice}`);
  // the reason is worded by the engine's error code, in the page's language (here English)
  assert.match(notice, /asks for size=5, which was ignored \(a value that is not allowed here\)/);
  assert.match(notice, /asks for opponent=robot, which was ignored \(expected bot \| human \| online\)/);
  assert.match(notice, /uses size=6 instead/);
  // the default game, playable: Jokerball side 6 against the computer
  assert.equal(await page.$$eval('[data-cell]', (c) => c.length), 91);
  assert.equal(await seat(page), 'You play Red against the computer (medium).');
  assert.equal(await page.inputValue('[data-option=length]'), '1');
  await page.click('[data-action=roll]');
  assert.notEqual((await game(page)).phase, 'roll');
  // a good address shows no notice
  await page.goto(`${D.base}/www/?game=zola&size=8`);
  await ready(page);
  assert.ok(await page.isHidden('#notice'));
  assert.equal(await page.$$eval('[data-cell]', (c) => c.length), 64);
  await page.screenshot({ path: `${outDir}/demo-bad-url.png` });
  assert.deepEqual(errors, []);
  await context.close();
});

test("the page says which colour the person plays, and how to play (captures, goals, rows, rule sets, cube, Crawford, dead cube, Zola distance, the designer's rules)", async () => {
  const { context, page, errors } = await open('?game=zola&human=blue&level=easy&botdelay=0');
  await page.waitForFunction(() => document.querySelector('steere-game').game.history().length === 1);
  assert.equal(await seat(page), 'You play Blue against the computer (easy).');
  const help = await page.textContent('details.help');
  for (const re of [
    /Captures/,
    /leaves through the goal/,
    /Rows/,
    /classic/,
    /2025/,
    /Double/,
    /Crawford/,
    /Dead cube/,
    /away from the centre/,
    /pie rule/,
  ])
    assert.match(help, re);
  assert.equal(await page.getAttribute('details.help a', 'href'), 'https://www.marksteeregames.com/');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Zola: the targets are drawn highlighted (computed fill), in the demo too', async () => {
  const { context, page, errors } = await open('?game=zola&opponent=human');
  const cells = await page.evaluate(() => {
    const root = document.querySelector('steere-game').shadowRoot.querySelector('steere-board').shadowRoot;
    return [...root.querySelectorAll('[data-cell]')].map((e) => ({
      target: e.hasAttribute('data-target'),
      fill: getComputedStyle(e.querySelector('.shape')).fill,
    }));
  });
  const targetFills = new Set(cells.filter((c) => c.target).map((c) => c.fill));
  assert.equal(targetFills.size, 1);
  const [fill] = targetFills;
  assert.ok(
    cells.filter((c) => !c.target).every((c) => c.fill !== fill),
    'no other square is drawn like a target',
  );
  assert.ok(cells.filter((c) => c.target).length >= 10);
  assert.deepEqual(errors, []);
  await context.close();
});

test('pie rule against the computer: after a3xa4 it swaps without moving, the person then plays Blue; the person may swap when the computer opened', async () => {
  let { context, page, errors } = await open('?game=zola&pie=on&level=medium&seed=1&botdelay=0');
  await page.click('[data-cell=a3]');
  await page.click('[data-cell=a4]');
  await page.waitForFunction(() => document.querySelector('steere-game').game.history().length >= 2);
  await page.waitForTimeout(200);
  assert.deepEqual(await history(page), ['a3xa4', 'swap']);
  assert.equal(await seat(page), 'You play Blue against the computer (medium).');
  assert.equal((await gameState(page)).turnLine, 'Blue to move');
  const pieces = await page.$$eval('[data-target]', (c) => c.map((e) => e.querySelector('[data-piece]').dataset.piece));
  assert.ok(pieces.length && pieces.every((p) => p === 'blue'), 'the person moves the blue checkers now');
  const log = await page.$$eval('steere-game >> .log li[data-record]', (li) =>
    li.map((e) => [e.dataset.player, e.dataset.record]),
  );
  assert.deepEqual(log, [
    ['red', 'a3xa4'],
    ['blue', 'swap'],
  ]);
  await context.close();
  assert.deepEqual(errors, []);

  ({ context, page, errors } = await open('?game=zola&pie=on&human=blue&level=easy&seed=2&botdelay=0'));
  await page.waitForFunction(() => document.querySelector('steere-game').game.history().length === 1);
  assert.ok(await page.isEnabled('[data-action=swap]'));
  await page.click('[data-action=swap]');
  await page.waitForFunction(() => document.querySelector('steere-game').game.history().length === 3);
  assert.equal((await history(page))[1], 'swap');
  assert.equal(await seat(page), 'You play Red against the computer (easy).');
  assert.equal((await game(page)).turn, 'red');
  assert.ok(await page.isDisabled('[data-action=swap]'));
  await page.screenshot({ path: `${outDir}/demo-pie.png` });
  assert.deepEqual(errors, []);
  await context.close();
});

test("the computer's moves are animated and its last move stays marked; cube actions are logged in colour", async () => {
  let { context, page, errors } = await open('?size=4&seed=57&botdelay=0');
  // watch the board for animations while the computer plays
  await page.evaluate(() => {
    const root = document.querySelector('steere-game').shadowRoot.querySelector('steere-board').shadowRoot;
    window.moving = 0;
    (function look() {
      window.moving = Math.max(window.moving, root.getAnimations().length);
      requestAnimationFrame(look);
    })();
  });
  const random = rng(57);
  await personTurn(page, random);
  await page.evaluate(() => (window.moving = 0));
  await redToRoll(page);
  const g = await game(page);
  if (g.phase !== 'over') {
    const rec = g.history[g.history.length - 1].split(' ');
    assert.ok((await page.evaluate(() => window.moving)) > 0, "the computer's moves were animated");
    // the computer's man and ball moves are marked (cells named in its record), and drawn apart
    const marked = await page.$$eval('[data-last]', (c) => c.map((e) => e.dataset.cell));
    const named = rec
      .slice(1)
      .flatMap((m) => m.split(/[-x>]/))
      .filter((c) => /^[a-g]\d$/.test(c));
    assert.deepEqual(marked.sort(), [...new Set(named)].sort());
    const fills = await page.evaluate((cells) => {
      const root = document.querySelector('steere-game').shadowRoot.querySelector('steere-board').shadowRoot;
      const plain = [...root.querySelectorAll('[data-cell]:not([data-last]):not([data-target]):not(.alt)')][0];
      return {
        plain: getComputedStyle(plain.querySelector('.shape')).fill,
        last: cells.map((c) => getComputedStyle(root.querySelector(`[data-cell="${c}"] .shape`)).fill),
      };
    }, marked);
    assert.ok(fills.last.every((f) => f !== fills.plain));
  }
  await context.close();
  assert.deepEqual(errors, []);

  ({ context, page, errors } = await open('?size=4&length=3&cube=on&seed=58&level=easy&botdelay=0'));
  await page.click('[data-action=double]');
  await page.waitForFunction(() => document.querySelector('steere-game').game.phase !== 'double');
  const cube = await page.$$eval('steere-game >> .log li.cube', (li) =>
    li.map((e) => [e.dataset.player, e.textContent]),
  );
  assert.equal(cube.length, 2);
  assert.deepEqual(cube[0], ['red', 'Red doubles']);
  assert.ok(['Blue takes', 'Blue drops'].includes(cube[1][1]) && cube[1][0] === 'blue');
  // the colour marks are drawn: Red's a disc, Blue's a square, in their colours
  const marks = await page.$$eval('steere-game >> .log li.cube', (li) =>
    li.map((e) => getComputedStyle(e, '::before').backgroundColor),
  );
  assert.notEqual(marks[0], marks[1]);
  await page.screenshot({ path: `${outDir}/demo-cube-log.png` });
  assert.deepEqual(errors, []);
  await context.close();
});

test('resigning and abandoning a game in progress ask first', async () => {
  const { context, page, errors } = await open('?size=4&length=3&opponent=human&seed=59');
  await page.click('[data-action=resign]');
  assert.ok(await page.isVisible('[data-action=confirm-resign]'));
  await page.click('[data-action=cancel-resign]');
  assert.equal((await gameState(page)).matchPhase, 'playing');
  // nothing played yet: a new game starts at once
  await page.selectOption('[data-option=length]', '5');
  await page.click('[data-action=new-game]');
  assert.ok(await page.isHidden('[data-action=abandon]'));
  assert.match((await gameState(page)).score, /^Match to 5/);
  // something played: the panel asks first, and keeping the game keeps it
  await page.click('[data-action=roll]');
  const dice = (await game(page)).dice;
  await page.click('[data-action=new-game]');
  assert.ok(await page.isVisible('[data-action=abandon]'));
  await page.click('[data-action=keep]');
  assert.ok(await page.isHidden('[data-action=abandon]'));
  assert.deepEqual((await game(page)).dice, dice);
  await page.click('[data-action=new-game]');
  await page.click('[data-action=abandon]');
  assert.equal((await game(page)).dice, null);
  assert.equal((await game(page)).phase, 'playing');
  assert.deepEqual(errors, []);
  await context.close();
});

test("take back in a single game: to the start of the person's last turn, with the same dice; not in a match", async () => {
  let { context, page, errors } = await open('?size=4&seed=61&botdelay=0');
  assert.ok(await page.isDisabled('[data-action=undo]'));
  await page.click('[data-action=roll]');
  const first = (await game(page)).dice;
  // in the middle of a turn: back to its start, and the same dice come again
  await page.click('[data-action=undo]');
  assert.equal((await game(page)).phase, 'roll');
  await page.click('[data-action=roll]');
  assert.deepEqual((await game(page)).dice, first);
  await page.click('[data-action=undo]');
  // a whole turn, and the computer's answer
  await personTurn(page, rng(61));
  await redToRoll(page);
  const after = await game(page);
  assert.equal(after.history.length, 2);
  assert.ok(await page.isEnabled('[data-action=undo]'));
  await page.click('[data-action=undo]');
  const back = await game(page);
  assert.deepEqual([back.turn, back.phase, back.history], ['red', 'roll', []]);
  assert.equal(await page.$$eval('steere-game >> .log li[data-record]', (li) => li.length), 0);
  await page.click('[data-action=roll]');
  assert.deepEqual((await game(page)).dice, first, 'no fishing for a better roll');
  await context.close();
  assert.deepEqual(errors, []);

  ({ context, page, errors } = await open('?size=4&length=3&seed=62&botdelay=0'));
  assert.ok(await page.isHidden('[data-action=undo]'));
  assert.deepEqual(errors, []);
  await context.close();
});
