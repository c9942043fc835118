// bot.rollout through the built package (docs/api.md "bot.rollout"): the result's shape, the seed, the
// default candidates, the cube of a match, progress and cancelling, and every refusal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Bot, Jokerball, Zola, Match } from '../pkg/node.js';
import { code } from './error-codes.mjs';

/** A side-`size` game of the easy bot against itself after `turns` turns, at a turn start (or over). */
function played(seed, turns, size = 6) {
  const g = new Jokerball({ seed, size });
  const b = new Bot({ level: 'easy', seed });
  while (g.phase !== 'over' && (g.history().length < turns || g.phase !== 'roll')) {
    if (g.phase === 'roll') g.roll();
    else g.play(b.chooseMove(g));
  }
  return g;
}

/** `g` rolled until a player has a choice to make (phase 'man'). */
function toMan(g) {
  while (g.phase === 'roll') g.roll();
  return g;
}

function checkEntry(e) {
  assert.deepEqual(Object.keys(e), ['move', 'win', 'se', 'low', 'high']);
  assert.equal(typeof e.move, 'string');
  assert.ok(e.se >= 0);
  // (numbers cross to JavaScript to nine decimals)
  assert.ok(Math.abs(e.low - (e.win - 1.96 * e.se)) < 3e-9 && Math.abs(e.high - (e.win + 1.96 * e.se)) < 3e-9);
}

test('rollout of a turn start: one entry, the same numbers for a seed, others for another', () => {
  const g = played(3, 4);
  const before = JSON.stringify(g.toJSON());
  const bot = new Bot({ level: 'easy' });
  const r = bot.rollout(g, { trials: 36, truncate: 4, seed: 5 });
  assert.deepEqual(Object.keys(r), ['trials', 'entries']);
  assert.equal(r.trials, 36);
  assert.equal(r.entries.length, 1);
  assert.equal(r.entries[0].move, '');
  checkEntry(r.entries[0]);
  assert.ok(r.entries[0].win > 0 && r.entries[0].win < 1);
  assert.deepEqual(
    new Bot({ level: 'hard', seed: 9 }).rollout(g, { trials: 36, truncate: 4, seed: 5 }),
    r,
    'the bot does not play the trials',
  );
  assert.notDeepEqual(bot.rollout(g, { trials: 36, truncate: 4, seed: 6 }), r);
  assert.equal(JSON.stringify(g.toJSON()), before, 'the argument is never changed');
  // without variance reduction: the same mean's estimate, a wider interval
  const plain = bot.rollout(g, { trials: 36, truncate: 4, seed: 5, varianceReduction: false });
  checkEntry(plain.entries[0]);
});

test('rollout in phase man: the best 3 of the hint by default, given candidates otherwise, best first', () => {
  const g = toMan(played(7, 6));
  const bot = new Bot({ level: 'easy', seed: 2 });
  const best3 = bot
    .hint(g)
    .slice(0, 3)
    .map((h) => h.move);
  const r = bot.rollout(g, { trials: 24, truncate: 3, seed: 1 });
  assert.deepEqual(r.entries.map((e) => e.move).sort(), [...best3].sort());
  for (const e of r.entries) checkEntry(e);
  for (let i = 1; i < r.entries.length; i++) assert.ok(r.entries[i - 1].win >= r.entries[i].win, 'best first');
  const turns = g.legalTurns();
  const one = bot.rollout(g, {
    trials: 24,
    truncate: 3,
    seed: 1,
    candidates: [turns.at(-1), turns.at(-1)],
    player: 'easy',
  });
  assert.equal(one.entries.length, 2);
  assert.deepEqual(one.entries[0], one.entries[1], 'the same candidate twice, the same numbers');
  // truncate 1: the candidate's own turn only, then the evaluation: every trial the same
  const own = bot.rollout(g, { trials: 5, truncate: 1, candidates: [turns[0]] });
  assert.equal(own.entries[0].se, 0);
});

test('rollout of a match: match chances; with cube, no-double / double-take / double-drop', () => {
  const m = new Match({ length: 5, cube: true, seed: 4 });
  const bot = new Bot({ level: 'easy' });
  const before = JSON.stringify(m.toJSON());
  const plain = bot.rollout(m, { trials: 24, truncate: 3 });
  assert.equal(plain.entries.length, 1);
  assert.ok(m.canDouble());
  const r = bot.rollout(m, { trials: 36, truncate: 4, cube: true, seed: 2 });
  assert.deepEqual(r.entries.map((e) => e.move).sort(), ['double-drop', 'double-take', 'no-double']);
  for (const e of r.entries) {
    checkEntry(e);
    assert.ok(e.win >= 0 && e.win <= 1, `${e.move}: a match chance`);
  }
  for (let i = 1; i < r.entries.length; i++) assert.ok(r.entries[i - 1].win >= r.entries[i].win, 'best first');
  const drop = r.entries.find((e) => e.move === 'double-drop');
  assert.equal(drop.se, 0);
  assert.equal(JSON.stringify(m.toJSON()), before);
  // a pending double: the doubled player's take and drop (its chances: the doubler's mirrored)
  m.double();
  assert.equal(
    code(() => bot.rollout(m, { trials: 2 })),
    'wrong_phase',
  );
  const answer = bot.rollout(m, { trials: 36, truncate: 4, cube: true, seed: 2 });
  assert.deepEqual(answer.entries.map((e) => e.move).sort(), ['double-drop', 'double-take']);
  const win = (res, move) => res.entries.find((e) => e.move === move).win;
  assert.ok(Math.abs(win(answer, 'double-take') - (1 - win(r, 'double-take'))) < 3e-9);
  assert.ok(Math.abs(win(answer, 'double-drop') - (1 - win(r, 'double-drop'))) < 3e-9);
});

test('rollout progress: from (0, total) to (total, total); an exception stops it and is thrown again', () => {
  const g = played(5, 2);
  const bot = new Bot({ level: 'easy' });
  const calls = [];
  bot.rollout(g, { trials: 10, truncate: 2, onProgress: (done, total) => calls.push([done, total]) });
  assert.deepEqual(calls[0], [0, 10]);
  assert.deepEqual(calls.at(-1), [10, 10]);
  const stop = new Error('stop');
  let seen = 0;
  assert.throws(
    () =>
      bot.rollout(g, {
        trials: 10,
        truncate: 2,
        onProgress: () => {
          seen += 1;
          if (seen > 3) throw stop;
        },
      }),
    (e) => e === stop,
  );
  assert.equal(seen, 4);
});

test('rollout refusals: invalid_option for options, Zola, cube and candidates; wrong_phase where nothing rolls out', () => {
  const bot = new Bot({ level: 'easy' });
  const g = played(6, 3);
  for (const bad of [
    7,
    'x',
    [],
    { trial: 5 },
    { trials: 0 },
    { trials: 1e6 + 1 },
    { trials: 1.5 },
    { trials: '5' },
    { truncate: -1 },
    { truncate: 10001 },
    { player: 'hard' },
    { player: 'random' },
    { cube: 'yes' },
    { varianceReduction: 1 },
    { seed: -1 },
    { candidates: 'b3-d3 -' },
    { onProgress: 3 },
    { cube: true },
    { candidates: [] },
  ]) {
    assert.equal(
      code(() => bot.rollout(g, bad)),
      'invalid_option',
      JSON.stringify(bad),
    );
  }
  // an own key __proto__ is an unknown key too, and a getter that throws is refused
  assert.equal(
    code(() => bot.rollout(g, JSON.parse('{"__proto__": {"trials": 1}}'))),
    'invalid_option',
  );
  const getter = Object.defineProperty({}, 'trials', {
    enumerable: true,
    get() {
      throw new Error('no');
    },
  });
  assert.equal(
    code(() => bot.rollout(g, getter)),
    'invalid_option',
  );
  const man = toMan(played(6, 3));
  assert.equal(
    code(() => bot.rollout(man, { candidates: ['zz9-zz10 -'] })),
    'invalid_option',
  );
  assert.equal(
    code(() => bot.rollout(new Zola())),
    'invalid_option',
  );
  assert.equal(
    code(() => bot.rollout(new Match({ game: 'zola', length: 3 }))),
    'invalid_option',
  );
  assert.equal(
    code(() => bot.rollout({})),
    'invalid_option',
  );
  assert.equal(
    code(() => bot.rollout(new Match({ length: 3 }), { cube: true })),
    'invalid_option',
    'no cube',
  );
  // phase ball, a finished game, a match's game over and match over
  const ball = toMan(played(8, 5));
  ball.play(bot.chooseMove(ball));
  if (ball.phase === 'ball')
    assert.equal(
      code(() => bot.rollout(ball)),
      'wrong_phase',
    );
  assert.equal(
    code(() => bot.rollout(played(9, 1000))),
    'wrong_phase',
  );
  const over = new Match({ length: 3, seed: 1 });
  over.resign('blue');
  assert.equal(over.phase, 'game-over');
  assert.equal(
    code(() => bot.rollout(over)),
    'wrong_phase',
  );
  const done = new Match({ length: 1, seed: 1 });
  done.resign('blue');
  assert.equal(
    code(() => bot.rollout(done)),
    'wrong_phase',
  );
  // options come first
  assert.equal(
    code(() => bot.rollout(done, { trials: 0 })),
    'invalid_option',
  );
});

test('a chance counted exactly: one turn then the evaluation, over one block of 36 first rolls, is the mean of the best turn of every roll', () => {
  // Truncated after the roller's own turn, each trial is worth the easy player's evaluation after the
  // turn it chose for its roll, and a block of 36 trials throws every pair of dice once: so the rollout is
  // exactly the mean over the 36 rolls of the best turn's chance, which the hint counts roll by roll.
  for (const seed of [3, 8]) {
    const g = played(seed, 6);
    assert.equal(g.phase, 'roll');
    const hint = new Bot({ level: 'easy', seed: 1 });
    let sum = 0;
    for (let distance = 1; distance <= 6; distance++) {
      for (let direction = 1; direction <= 6; direction++) {
        const c = g.clone();
        c.setDice(distance, direction);
        sum +=
          c.phase === 'man' || c.phase === 'ball'
            ? hint.hint(c)[0].win
            : 1 - new Bot({ level: 'easy' }).evaluate(c)[c.turn];
        c.free();
      }
    }
    const exact = sum / 36;
    for (const varianceReduction of [false, true]) {
      const [e] = new Bot({ level: 'easy' }).rollout(g, {
        trials: 36,
        truncate: 1,
        seed: 4,
        varianceReduction,
      }).entries;
      assert.ok(
        Math.abs(e.win - exact) < 1e-6,
        `seed ${seed}, variance reduction ${varianceReduction}: ${e.win} against ${exact}`,
      );
    }
  }
});
