// A match with the doubling cube played through the buttons (RULES 3, API.md "Match"): double, take,
// drop, resign, next game; the buttons are enabled exactly when the Match allows the action.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demo, playGame, gameState, rng, outDir, buttonsOn } from './helpers.mjs';

const D = demo();

const enabled = async (page) => {
  const { swap, ...out } = (await gameState(page)).buttons;
  return out;
};
const score = async (page) => {
  const m = /Red (\d+) – Blue (\d+)/.exec((await gameState(page)).score);
  return { red: Number(m[1]), blue: Number(m[2]) };
};
const state = (page) => gameState(page);
/** Resigning asks first: the person confirms. */
async function resign(page) {
  await page.click('[data-action=resign]');
  await page.click('[data-action=confirm-resign]');
}

test('match to 5 with the cube: double/take, game to the end, double/drop, resign (RULES 3.1-3.5)', async () => {
  const { context, page, errors } = await D.open('?seed=31&size=4&length=5&cube=on&opponent=human');
  assert.equal((await state(page)).cube, 'Cube 1, centred');
  assert.deepEqual(await enabled(page), buttonsOn('roll', 'double', 'resign'));

  // game 1: Red doubles, Blue takes
  await page.click('[data-action=double]');
  assert.equal((await state(page)).matchPhase, 'double');
  assert.deepEqual(await enabled(page), buttonsOn('take', 'drop', 'resign'));
  assert.equal(await page.$$eval('[data-target]', (c) => c.length), 0);
  await page.click('[data-action=take]');
  assert.equal((await state(page)).cube, 'Cube 2, owned by Blue');
  assert.equal((await state(page)).status, 'Blue takes');
  // Red may not redouble: the cube is Blue's
  await page.click('[data-action=roll]');
  assert.ok(await page.isDisabled('[data-action=double]'));
  const g1 = await playGame(page, { random: rng(31) });
  const s1 = await score(page);
  assert.equal(s1[g1.winner], 2);
  assert.equal(s1[g1.winner === 'red' ? 'blue' : 'red'], 0);
  assert.deepEqual(await enabled(page), buttonsOn('next-game'));
  await page.screenshot({ path: `${outDir}/cube-game1.png` });

  // game 2: Blue starts (RULES 3.6), doubles, Red drops: Blue wins the value before the double
  await page.click('[data-action=next-game]');
  assert.equal(await page.$$eval('[data-winner]', (w) => w.length), 0);
  assert.equal((await state(page)).turn, 'blue');
  assert.equal((await state(page)).cube, 'Cube 1, centred');
  await page.click('[data-action=double]');
  await page.click('[data-action=drop]');
  const s2 = await score(page);
  assert.deepEqual(s2, { red: s1.red, blue: s1.blue + 1 });
  assert.equal(await page.getAttribute('[data-winner]', 'data-winner'), 'blue');

  // game 3: Red starts and resigns (asked first): Blue wins the cube's value
  await page.click('[data-action=next-game]');
  assert.equal((await state(page)).turn, 'red');
  await page.click('[data-action=resign]');
  await page.click('[data-action=cancel-resign]');
  assert.deepEqual(await score(page), s2);
  await resign(page);
  assert.deepEqual(await score(page), { red: s2.red, blue: s2.blue + 1 });
  const results = await page.$$eval('steere-game >> .log li.result', (li) => li.map((e) => e.textContent));
  assert.equal(results.length, 3);
  assert.match(
    results.join(' · '),
    /^(Red|Blue) wins 2 points \(.*\) · Blue wins 1 point \(the double was dropped\) · Blue wins 1 point \(resignation\)$/,
  );
  await page.screenshot({ path: `${outDir}/cube-match.png` });
  assert.deepEqual(errors, []);
  await context.close();
});

test('Crawford game: no double when a player is one point from the match (RULES 3.4)', async () => {
  const { context, page, errors } = await D.open('?seed=32&game=zola&length=2&cube=on&opponent=human');
  assert.equal((await state(page)).crawford, false);
  // Red resigns game 1: Blue at 1 = length - 1, so game 2 is the Crawford game
  await resign(page);
  await page.click('[data-action=next-game]');
  assert.equal((await state(page)).crawford, true);
  assert.ok(await page.isDisabled('[data-action=double]'));
  await playGame(page, { random: rng(32) });
  assert.deepEqual(errors, []);
  await context.close();
});
