// The benchmark's hand-written JavaScript Jokerball engine (benches/jokerball-js.mjs) agrees with the
// package on random positions (benches/check.mjs): the comparison in `make bench` is a fair one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Jokerball } from '../pkg/node.js';
import { checkAgainstPackage } from '../benches/check.mjs';
import { Engine, Rng } from '../benches/jokerball-js.mjs';

test('bench: the JavaScript engine agrees with the package (RULES 1.5, 1.6, 1.7)', () => {
  const n = checkAgainstPackage(Jokerball, 60, 3);
  assert.ok(n >= 60 * 5 * 4, `only ${n} comparisons`);
});

test('bench: the JavaScript engine plays whole random games to a winner', () => {
  const e = new Engine('2025', 6);
  const rng = new Rng(9);
  const wins = [0, 0];
  for (let g = 0; g < 300; g++) {
    e.setup(2, 0);
    const w = e.playRandom(rng);
    assert.ok(w === 0 || w === 1);
    assert.ok(e.turns >= 2);
    wins[w]++;
  }
  assert.ok(wins[0] > 90 && wins[1] > 90, `${wins}`);
});
