// simulate() through the package (API.md "Simulation"): option validation codes, determinism, shapes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { simulate, SteereError } from '../pkg/node.js';

const code = (fn) => {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof SteereError, `not a SteereError: ${e}`);
    return e.code;
  }
  return null;
};

test('API simulation: result shape and totals', () => {
  for (const opts of [
    { games: 50, seed: 1 },
    { game: 'jokerball', games: 50, seed: 'abc', jokerball: { rules: 'classic', size: 4, rows: 3 }, first: 'blue' },
    { game: 'zola', games: 20, seed: 2, zola: { size: 8 } },
    { games: 30, seed: 3, players: { red: 'random', blue: 'random' }, maxTurns: 500 },
  ]) {
    const r = simulate(opts);
    assert.deepEqual(Object.keys(r).sort(), [
      'firstMoves',
      'firstWins',
      'games',
      'lengths',
      'ms',
      'playerWins',
      'turns',
      'unfinished',
      'wins',
    ]);
    assert.deepEqual(Object.keys(r.wins).sort(), ['blue', 'red']);
    assert.deepEqual(Object.keys(r.turns).sort(), ['max', 'mean']);
    assert.equal(r.games, opts.games);
    assert.equal(r.wins.red + r.wins.blue + r.unfinished, r.games);
    assert.ok(r.turns.mean > 0 && r.turns.mean <= r.turns.max);
    assert.ok(Number.isInteger(r.turns.max));
    assert.ok(typeof r.ms === 'number' && r.ms >= 0);
  }
});

test('API simulation: deterministic for a seed', () => {
  for (const game of ['jokerball', 'zola']) {
    const strip = ({ ms, ...rest }) => rest;
    const a = strip(simulate({ game, games: 100, seed: 42 }));
    const b = strip(simulate({ game, games: 100, seed: 42 }));
    const c = strip(simulate({ game, games: 100, seed: 43 }));
    assert.deepEqual(a, b);
    assert.notDeepEqual(a, c);
    assert.deepEqual(
      strip(simulate({ game, games: 100, seed: 'x' })),
      strip(simulate({ game, games: 100, seed: 'x' })),
    );
  }
  // Without a seed the games differ from run to run (crypto dice) but the totals still add up.
  const r = simulate({ games: 20 });
  assert.equal(r.wins.red + r.wins.blue + r.unfinished, 20);
});

test('API simulation: maxTurns caps games as unfinished', () => {
  const r = simulate({ games: 40, seed: 5, maxTurns: 1 });
  assert.equal(r.unfinished, 40);
  assert.deepEqual(r.wins, { red: 0, blue: 0 });
  assert.deepEqual(r.turns, { mean: 0, max: 0 });
  const z = simulate({ game: 'zola', games: 10, seed: 5, maxTurns: 3 });
  assert.equal(z.unfinished, 10);
});

test('API simulation: bad options throw invalid_option', () => {
  const bad = [
    undefined,
    null,
    {},
    [],
    'games',
    { games: 0 },
    { games: 1.5 },
    { games: 10000001 },
    { games: '10' },
    { games: 1, game: 'chess' },
    { games: 1, gmae: 'zola' },
    { games: 1, seed: -1 },
    { games: 1, seed: 1.5 },
    { games: 1, seed: 2 ** 32 },
    { games: 1, seed: {} },
    { games: 1, jokerball: { size: 5 } },
    { games: 1, jokerball: { rows: 0 } },
    { games: 1, jokerball: { rules: 'modern' } },
    { games: 1, jokerball: { colour: 'red' } },
    { games: 1, jokerball: 6 },
    { games: 1, game: 'zola', zola: { size: 7 } },
    { games: 1, jokerball: { pie: true } },
    { games: 3, alternate: true },
    { games: 2, alternate: 'yes' },
    { games: 2, alternate: 1 },
    { games: 1, game: 'zola', jokerball: {} },
    { games: 1, zola: { size: 6 } },
    { games: 1, first: 'green' },
    { games: 1, maxTurns: 0 },
    { games: 1, maxTurns: -3 },
    { games: 1, maxTurns: 2.5 },
    { games: 1, players: { red: 'random', green: 'random' } },
    { games: 1, players: { red: 'bot' } },
    { games: 1, players: 'random' },
    { games: 2, opening: 2 },
    { games: 2, game: 'zola', opening: -1 },
    { games: 2, game: 'zola', opening: 1.5 },
    { games: 2, game: 'zola', opening: '2' },
  ];
  for (const opts of bad) {
    assert.equal(
      code(() => simulate(opts)),
      'invalid_option',
      JSON.stringify(opts) ?? String(opts),
    );
  }
});

test('API simulation: bot players (easy against random) win, deterministically for a seed', () => {
  for (const game of ['jokerball', 'zola']) {
    const opts = { game, games: 6, seed: 4, players: { red: 'easy', blue: 'random' } };
    const a = simulate(opts);
    const b = simulate(opts);
    assert.equal(a.games, 6);
    assert.equal(a.wins.red + a.wins.blue + a.unfinished, 6);
    assert.ok(a.wins.red >= 5, `${game}: the easy bot won only ${a.wins.red} of 6`);
    assert.deepEqual({ ...a, ms: 0 }, { ...b, ms: 0 });
  }
});

test('API simulation: lengths[k] counts the finished games of k turns; wins by player and by first mover', () => {
  for (const opts of [
    { games: 300, seed: 8 },
    { games: 200, seed: 9, jokerball: { rules: 'classic', size: 4, rows: 2 }, maxTurns: 30 },
    { game: 'zola', games: 100, seed: 10, zola: { size: 8, pie: true } },
  ]) {
    const r = simulate(opts);
    const finished = r.wins.red + r.wins.blue;
    assert.ok(Array.isArray(r.lengths));
    assert.equal(
      r.lengths.reduce((a, b) => a + b, 0),
      finished,
    );
    assert.ok(r.lengths.every((n) => Number.isInteger(n) && n >= 0));
    assert.equal(r.lengths.length, finished ? r.turns.max + 1 : 0);
    const mean = r.lengths.reduce((a, n, k) => a + n * k, 0) / finished;
    assert.ok(Math.abs(mean - r.turns.mean) < 1e-9);
    assert.equal(r.playerWins.red + r.playerWins.blue, finished);
    assert.ok(r.firstWins <= finished);
    assert.deepEqual(r.firstMoves, { red: opts.games, blue: 0 });
    if (!opts.zola?.pie) {
      assert.deepEqual(r.playerWins, r.wins);
      assert.equal(r.firstWins, r.wins.red);
    }
  }
});

test('API simulation: alternate gives each player each colour in half the games, deterministically', () => {
  for (const game of ['jokerball', 'zola']) {
    const opts = { game, games: 40, seed: 'alt', alternate: true, players: { red: 'easy', blue: 'random' } };
    const a = simulate(opts);
    assert.deepEqual(a.firstMoves, { red: 20, blue: 20 });
    assert.equal(a.playerWins.red + a.playerWins.blue, a.wins.red + a.wins.blue);
    assert.ok(a.playerWins.red >= 30, `${game}: easy won ${a.playerWins.red} of 40 as either colour`);
    const strip = ({ ms, ...rest }) => rest;
    assert.deepEqual(strip(a), strip(simulate(opts)));
    assert.notDeepEqual(strip(a), strip(simulate({ ...opts, seed: 'other' })));
  }
});

test('API simulation: onProgress follows the games and its exception stops the run', () => {
  const seen = [];
  const r = simulate({ games: 1000, seed: 1 }, { onProgress: (done, total) => seen.push([done, total]) });
  assert.deepEqual(seen[0], [0, 1000]);
  assert.deepEqual(seen.at(-1), [1000, 1000]);
  assert.ok(seen.length <= 258);
  const strip = ({ ms, ...rest }) => rest;
  assert.deepEqual(strip(r), strip(simulate({ games: 1000, seed: 1 })));
  const stop = new Error('enough');
  let calls = 0;
  assert.throws(
    () =>
      simulate(
        { games: 100, seed: 1, players: { red: 'easy' } },
        {
          onProgress: (done) => {
            calls++;
            if (done >= 3) throw stop;
          },
        },
      ),
    (e) => e === stop,
  );
  assert.equal(calls, 4, 'called at 0, 1, 2 and 3 games, none after the one that threw');
  for (const bad of [5, 'x', [], { onProgress: 3 }, { progress: () => {} }]) {
    assert.equal(
      code(() => simulate({ games: 1 }, bad)),
      'invalid_option',
      JSON.stringify(bad),
    );
  }
});

test('API simulation: Zola openings are seeded, shared by the two games of a pair, and counted as moves', () => {
  const bots = {
    game: 'zola',
    games: 20,
    seed: 9,
    alternate: true,
    players: { red: 'easy', blue: 'easy' },
    opening: 4,
  };
  const a = simulate(bots);
  const { ms, ...same } = a;
  const { ms: ms2, ...again } = simulate(bots);
  assert.deepEqual(again, same);
  assert.notDeepEqual(simulate({ ...bots, opening: 0 }).lengths, a.lengths);
  // Every move random: both games of a pair are the same moves, so one colour wins both, equally long.
  for (let seed = 0; seed < 6; seed++) {
    const r = simulate({ ...bots, games: 2, seed, opening: 10000 });
    assert.ok(r.wins.red === 2 || r.wins.blue === 2, JSON.stringify(r));
    assert.equal(r.lengths.filter((n) => n > 0).length, 1);
  }
  // The opening's moves count towards maxTurns (and so in lengths): capped there, no game ends.
  assert.equal(simulate({ ...bots, opening: 6, maxTurns: 6 }).unfinished, 20);
});
