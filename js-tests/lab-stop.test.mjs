// The balance lab's stopping rule (www/lab/core.js `runCells` with `within`): a cell plays chunks until
// the 95% Wilson interval of A's share is within ±`within` (at least `min` games, at most `games`), and
// its totals depend only on the seed, never on the number of workers or the order chunks finish in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCells, cells, chunks, wilson, halfWidth, enough } from '../www/lab/core.js';

/** A made-up simulate result for a chunk, fixed by its seed: A wins with probability `p`. */
function fake(chunk, p) {
  let h = 2166136261;
  for (const ch of chunk.options.seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  let red = 0;
  for (let g = 0; g < chunk.options.games; g++) {
    h = (Math.imul(h, 1103515245) + 12345) >>> 0;
    if (h / 2 ** 32 < p) red++;
  }
  const games = chunk.options.games;
  return {
    games,
    unfinished: 0,
    playerWins: { red, blue: games - red },
    firstWins: games >> 1,
    lengths: [0, games],
    ms: 1,
  };
}

/** A pool of `size` lanes that finish chunks after a delay drawn from `order` (so out of order). */
function pool(size, p, order = 1) {
  let k = 0;
  const played = [];
  return {
    size,
    played,
    run(chunk) {
      played.push(chunk);
      const wait = ((k++ * 7919 * order) % 13) / 4;
      return new Promise((resolve) => setTimeout(() => resolve(fake(chunk, p(chunk.cell))), wait));
    },
  };
}

const plan = (within, min) =>
  cells({ game: 'jokerball', rules: '2025', side: 6, sweep: true, a: 'medium', b: 'easy', games: 1600, seed: 3 }).map(
    (c) => ({
      ...c,
      min,
      within,
    }),
  );
const share = (cell) => [0.99, 0.9, 0.75, 0.6, 0.5][cell.rows - 1];

test('lab stopping rule: each cell stops at the first chunk where its interval is within ±3 points', async () => {
  const list = plan(0.03, 200);
  const p = pool(2, share);
  const totals = await runCells(list, p);
  for (const [i, cell] of list.entries()) {
    const t = totals[i];
    assert.ok(t.games >= 200 && t.games <= 1600, `${t.games}`);
    assert.ok(enough(cell, t) || t.games === 1600);
    // The least number of chunks: one chunk fewer was not enough (unless that was below the minimum).
    const size = chunks(cell)[0].options.games;
    if (t.games - size >= 200) {
      const fewer = chunks(cell)
        .slice(0, t.games / size - 1)
        .map((c) => fake(c, share(cell)));
      const aWins = fewer.reduce((s, r) => s + r.playerWins.red, 0);
      assert.ok(halfWidth(wilson(aWins, t.games - size)) > 0.03);
    }
  }
  // Lopsided cells stop at the minimum, close ones play about 1,000 games.
  assert.equal(totals[0].games, 200);
  assert.ok(totals[4].games > 1000 && totals[4].games <= 1100, `${totals[4].games}`);
  assert.ok(halfWidth(wilson(totals[4].aWins, totals[4].games)) <= 0.03);
  // Chunks under way when their cell stopped are played but not counted.
  const played = p.played.reduce((s, c) => s + c.options.games, 0);
  assert.equal(played, totals.reduce((s, t) => s + t.games, 0) + totals.wasted);
  assert.ok(totals.wasted <= 2 * 4 * list.length);
});

test('lab stopping rule: the same seed gives the same totals on any number of workers, in any order', async () => {
  const strip = (ts) => ts.map(({ ms, ...t }) => t);
  const one = strip(await runCells(plan(0.03, 200), pool(1, share)));
  for (const [size, order] of [
    [2, 1],
    [3, 5],
    [4, 11],
  ]) {
    assert.deepEqual(strip(await runCells(plan(0.03, 200), pool(size, share, order))), one);
  }
});

test('lab stopping rule: without `within` a cell plays all its games; `min` and `games` bound it', async () => {
  const all = plan(undefined, 200).slice(0, 1);
  assert.equal((await runCells(all, pool(2, share)))[0].games, 1600);
  const wide = plan(0.001, 200).slice(4);
  assert.equal((await runCells(wide, pool(2, share)))[0].games, 1600);
  const min = plan(0.2, 400).slice(0, 1);
  assert.equal((await runCells(min, pool(2, share)))[0].games, 400);
});
