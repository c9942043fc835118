// The rating function (docs/api.md "Ratings"): the FIBS arithmetic of the Rust core seen from JavaScript,
// on cases worked by hand (src/rating.rs shows the working); bad input refused with typed errors, the
// object given never changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as mod from '../pkg/node.js';

const { ratingChange, SteereError } = mod;
await mod.default();

const code = (c) => (e) => e instanceof SteereError && e.code === c;
const start = { rating: 1500, experience: 0 };
const close = (got, want, what) => assert.ok(Math.abs(got - want) < 1e-6, `${what}: ${got}, not ${want}`);

test('equal newcomers in a lone game: Pw 1/2, K 5, ten points each way', () => {
  const given = { winner: { ...start }, loser: { ...start }, length: 1 };
  const frozen = JSON.stringify(given);
  assert.deepEqual(ratingChange(given), {
    winner: { rating: 1510, experience: 1, change: 10 },
    loser: { rating: 1490, experience: 1, change: -10 },
    chance: 0.5,
  });
  assert.equal(JSON.stringify(given), frozen, 'the object given is not changed');
});

test("a nine-point match: three lone games between equals, and the favourite's win", () => {
  const even = ratingChange({ winner: start, loser: start, length: 9 });
  assert.deepEqual([even.winner.change, even.loser.change, even.winner.experience], [30, -30, 9]);
  // 1700 beats 1500, both K 1: Pw = 1 / (1 + 10^-0.3) = 0.6661394246, change 12 * (1 - Pw).
  const r = ratingChange({
    winner: { rating: 1700, experience: 1000 },
    loser: { rating: 1500, experience: 1000 },
    length: 9,
  });
  close(r.chance, 0.6661394246, 'chance');
  close(r.winner.change, 4.006326905, 'gain');
  close(r.loser.rating, 1495.993673095, 'loser');
  assert.equal(r.winner.experience, 1009);
});

test("an upset gains more than the favourite's win would", () => {
  // n = 4, 1000 beats 2000, both K 1: Pw = 1/11, change 8 * 10/11 = 80/11 (the favourite's win: 8/11).
  const upset = ratingChange({
    winner: { rating: 1000, experience: 500 },
    loser: { rating: 2000, experience: 500 },
    length: 4,
  });
  close(upset.chance, 1 / 11, 'chance');
  close(upset.winner.change, 80 / 11, 'upset');
  const expected = ratingChange({
    winner: { rating: 2000, experience: 500 },
    loser: { rating: 1000, experience: 500 },
    length: 4,
  });
  close(expected.winner.change, 8 / 11, 'favourite');
});

test("a newcomer's K is 5, the experienced player's smaller, down to 1 from 400 points", () => {
  const r = ratingChange({ winner: start, loser: { rating: 1500, experience: 250 }, length: 1 });
  assert.deepEqual([r.winner.change, r.loser.change, r.loser.experience], [10, -5, 251]);
  const old = ratingChange({
    winner: { rating: 1500, experience: 450 },
    loser: { rating: 1500, experience: 1000 },
    length: 1,
  });
  assert.deepEqual([old.winner.change, old.loser.change], [2, -2]);
});

test('a bad match is refused with invalid_option, naming what is wrong', () => {
  const good = { winner: start, loser: start, length: 1 };
  for (const [bad, words] of [
    [{ ...good, length: 0 }, /length .* 1 to 1000/],
    [{ ...good, length: 1001 }, /length/],
    [{ ...good, length: 1.5 }, /length/],
    [{ ...good, length: '3' }, /length/],
    [{ ...good, winner: { rating: NaN, experience: 0 } }, /winner's rating/],
    [{ ...good, loser: { rating: Infinity, experience: 0 } }, /loser's rating/],
    [{ ...good, loser: { rating: -1e6 - 1, experience: 0 } }, /loser's rating/],
    [{ ...good, winner: { rating: 1500, experience: -1 } }, /experience/],
    [{ ...good, winner: { rating: 1500, experience: 0.5 } }, /experience/],
    [{ ...good, loser: { rating: 1500, experience: 1e12 + 1 } }, /loser's experience/],
    [{ ...good, winner: { rating: '1500', experience: 0 } }, /rating/],
    [{ ...good, winner: { rating: 1500 } }, /experience/],
    [{ winner: start, loser: start }, /length/],
    [{ ...good, extra: 1 }, /unknown field 'extra'/],
    [{ ...good, winner: { ...start, k: 5 } }, /unknown field 'k'/],
    [null, /object/],
    [undefined, /object/],
    [[good], /object/],
    ['{"length":1}', /object/],
  ]) {
    assert.throws(
      () => ratingChange(bad),
      (e) => code('invalid_option')(e) && words.test(e.message),
      JSON.stringify(bad),
    );
  }
  assert.deepEqual(
    ratingChange({ winner: { rating: 1e6, experience: 1e12 }, loser: { rating: -1e6, experience: 0 }, length: 1000 })
      .loser.experience,
    1000,
  );
});
