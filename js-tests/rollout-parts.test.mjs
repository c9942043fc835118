// bot.rolloutPart and bot.joinRollout through the built package (docs/api.md "bot.rolloutPart"): a rollout
// cut into parts and joined gives Bot.rollout's numbers exactly, for 1 to 4 parts (what WorkerBot.rollout
// does over its workers); bad parts, ranges and options are typed errors and leave the game unchanged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Bot, Jokerball, Match } from '../pkg/node.js';
import { code } from './error-codes.mjs';

/** A side-`size` game of the easy bot against itself after `turns` turns, then rolled to phase 'man' when `man`. */
function played(seed, turns, man, size = 6) {
  const g = new Jokerball({ seed, size });
  const b = new Bot({ level: 'easy', seed });
  while (g.phase !== 'over' && (g.history().length < turns || g.phase !== 'roll')) {
    if (g.phase === 'roll') g.roll();
    else g.play(b.chooseMove(g));
  }
  while (man && g.phase === 'roll') g.roll();
  return g;
}

/** The parts of the rollout, each from its own Bot (as each worker has its own) and through JSON (as posted). */
function parts(bot, g, options, n) {
  return Array.from({ length: n }, (_, k) => JSON.parse(JSON.stringify(new Bot(bot).rolloutPart(g, options, k, n))));
}

test('the parts joined are the rollout, to the last digit, for 1, 2, 3 and 4 parts', () => {
  const cases = [
    // phase man, the default candidates (the bot's hint), variance reduction, to the end on side 4
    [played(11, 6, true, 4), { trials: 37, seed: 3 }, { level: 'medium', seed: 2 }],
    // phase roll, truncated, without variance reduction
    [played(5, 8, false), { trials: 40, truncate: 3, seed: 'w', varianceReduction: false }, { level: 'easy' }],
    // given candidates, the medium player
    [played(7, 6, true), { trials: 7, truncate: 2, seed: 1, player: 'medium' }, { level: 'easy' }],
  ];
  const [man] = cases[2];
  cases[2][1].candidates = man.legalTurns().slice(-2);
  for (const [g, options, bot] of cases) {
    const before = JSON.stringify(g.toJSON());
    const whole = new Bot(bot).rollout(g, options);
    assert.ok(whole.entries.length >= 1);
    for (const n of [1, 2, 3, 4]) {
      const ps = parts(bot, g, options, n);
      assert.deepEqual(
        ps.map((p) => [p.from, p.to]),
        Array.from({ length: n }, (_, k) => [
          Math.floor((k * options.trials) / n),
          Math.floor(((k + 1) * options.trials) / n),
        ]),
      );
      // another bot joins them (it makes no hint: the parts name the candidates)
      assert.deepEqual(new Bot({ level: 'hard', seed: 99 }).joinRollout(g, options, ps), whole, `${n} parts`);
    }
    assert.equal(JSON.stringify(g.toJSON()), before, 'the game is never changed');
  }
});

test('a match with the cube: the parts joined are the rollout', () => {
  const m = new Match({ length: 5, cube: true, seed: 4 });
  const b = new Bot({ level: 'easy', seed: 4 });
  while (m.history().length < 6 || m.gamePhase !== 'roll') {
    if (m.gamePhase === 'roll') m.roll();
    else m.play(b.chooseMove(m));
  }
  assert.ok(m.canDouble());
  const options = { trials: 12, truncate: 2, cube: true, seed: 8 };
  const whole = new Bot().rollout(m, options);
  assert.deepEqual(whole.entries.map((e) => e.move).sort(), ['double-drop', 'double-take', 'no-double']);
  for (const n of [2, 3]) assert.deepEqual(new Bot().joinRollout(m, options, parts({}, m, options, n)), whole);
});

test("a part's progress counts its own trials", () => {
  const g = played(5, 8, false);
  const seen = [];
  const p = new Bot().rolloutPart(g, { trials: 30, truncate: 1, onProgress: (d, t) => seen.push([d, t]) }, 1, 3);
  assert.deepEqual([p.from, p.to], [10, 20]);
  assert.deepEqual(seen[0], [0, 10]);
  assert.deepEqual(seen.at(-1), [10, 10]);
});

test('bad ranges, parts and options are typed errors, the game unchanged', () => {
  const g = played(5, 8, false);
  const before = JSON.stringify(g.toJSON());
  const bot = new Bot();
  const o = { trials: 12, truncate: 1, seed: 2 };
  for (const [part, n] of [
    [0, 0],
    [2, 2],
    [-1, 2],
    [0.5, 2],
    [0, 1.5],
    ['0', 2],
    [0, '2'],
    [0, undefined],
    [undefined, 2],
    [0, 1e6 + 1],
    [NaN, 2],
    [0, Infinity],
  ]) {
    assert.equal(
      code(() => bot.rolloutPart(g, o, part, n)),
      'invalid_option',
      `part ${part} of ${n}`,
    );
  }
  // the options are rollout's: checked the same
  assert.equal(
    code(() => bot.rolloutPart(g, { ...o, trials: 0 }, 0, 1)),
    'invalid_option',
  );
  assert.equal(
    code(() => bot.rolloutPart(g, { ...o, bogus: 1 }, 0, 1)),
    'invalid_option',
  );
  assert.equal(
    code(() => bot.rolloutPart(g, { ...o, candidates: ['a1-b2'] }, 0, 1)),
    'invalid_option',
  );
  assert.equal(
    code(() => bot.rolloutPart({}, o, 0, 1)),
    'invalid_option',
  );
  const ps = parts({}, g, o, 3);
  const join = (x, opts = o) => code(() => bot.joinRollout(g, opts, x));
  const edit = (k, f) => ps.map((p, i) => (i === k ? f(structuredClone(p)) : p));
  for (const bad of [
    [],
    null,
    'x',
    ps.slice(1), // a part missing
    [ps[0], ps[1], ps[1], ps[2]], // one twice
    [ps[1], ps[0], ps[2]], // out of order
    parts({}, g, { ...o, trials: 24 }, 3), // another rollout's trials
    edit(1, (p) => ({ ...p, tallies: [p.tallies[0].slice(1), ...p.tallies.slice(1)] })), // a tally cut short
    edit(1, (p) => ({ ...p, tallies: [`z${p.tallies[0].slice(1)}`, ...p.tallies.slice(1)] })), // not hexadecimal
    edit(1, (p) => ({ ...p, tallies: [...p.tallies, p.tallies[0]] })), // an entry too many
    edit(2, (p) => ({ ...p, moves: ['x'] })), // other entries
    edit(0, (p) => ({ ...p, to: 5 })), // a gap
    edit(0, (p) => ({ ...p, extra: 1 })), // not a part's keys
  ]) {
    assert.equal(join(bad), 'invalid_option', JSON.stringify(bad)?.slice(0, 80));
  }
  assert.equal(join(ps, { ...o, trials: 13 }), 'invalid_option', "the options must be the parts' rollout's");
  assert.equal(JSON.stringify(g.toJSON()), before, 'the game is never changed');
  // and phase errors as rollout's
  const over = new Jokerball({ seed: 1, size: 4 });
  const eb = new Bot({ level: 'easy', seed: 1 });
  while (over.phase !== 'over') {
    if (over.phase === 'roll') over.roll();
    else over.play(eb.chooseMove(over));
  }
  assert.equal(
    code(() => bot.rolloutPart(over, o, 0, 1)),
    'wrong_phase',
  );
  assert.equal(
    code(() => bot.joinRollout(over, o, ps)),
    'wrong_phase',
  );
});

test('WorkerBot.rollout refuses options that are not an object, as Bot.rollout does; an object gives its numbers', async () => {
  // Node starts no Web Worker: WorkerBot thinks on this thread (its local answer, protocol.js's think)
  const { WorkerBot } = await import('../pkg/board.js');
  const g = played(4, 6, false);
  const before = JSON.stringify(g.toJSON());
  const bot = new WorkerBot({ level: 'easy', seed: 1 });
  for (const bad of ['x', 7, true, [], () => {}]) {
    assert.equal(
      code(() => new Bot().rollout(g, bad)),
      'invalid_option',
    );
    await assert.rejects(
      bot.rollout(g, bad),
      (e) =>
        e.name === 'SteereError' && e.code === 'invalid_option' && e.message === 'rollout options must be an object',
      String(bad),
    );
  }
  const o = { trials: 6, truncate: 1, seed: 2 };
  assert.deepEqual(await bot.rollout(g, o), new Bot({ level: 'easy', seed: 1 }).rollout(g, o));
  assert.equal(JSON.stringify(g.toJSON()), before, 'the game is never changed');
});
