// The Bot class through the built package (API.md "Bot", issue 7).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Bot, Jokerball, Zola, Match } from '../pkg/node.js';
import { code } from './error-codes.mjs';

test('Bot options: bad options are invalid_option', () => {
  assert.equal(
    code(() => new Bot({ level: 'expert' })),
    'invalid_option',
  );
  assert.equal(
    code(() => new Bot({ colour: 'red' })),
    'invalid_option',
  );
  assert.equal(
    code(() => new Bot({ seed: 1.5 })),
    'invalid_option',
  );
  assert.equal(
    code(() => new Bot({ seed: -1 })),
    'invalid_option',
  );
  assert.equal(
    code(() => new Bot({ timeMs: -5 })),
    'invalid_option',
  );
  assert.equal(
    code(() => new Bot({ timeMs: 'soon' })),
    'invalid_option',
  );
  assert.equal(
    code(() => new Bot(7)),
    'invalid_option',
  );
  new Bot();
  new Bot({ level: 'easy', seed: 'abc', timeMs: 50 });
});

test('chooseMove: a legal Jokerball move in phases man and ball, wrong_phase otherwise', () => {
  const bot = new Bot({ level: 'easy', seed: 1 });
  const g = new Jokerball({ seed: 3 });
  assert.equal(
    code(() => bot.chooseMove(g)),
    'wrong_phase',
  );
  let turns = 0;
  while (g.phase !== 'over' && turns < 60) {
    if (g.phase === 'roll') {
      g.roll();
      turns++;
      continue;
    }
    const before = g.position();
    const mv = bot.chooseMove(g);
    assert.equal(g.position(), before, 'the game argument is not touched');
    assert.ok(g.isLegal(mv), `${mv} is legal`);
    g.play(mv);
  }
});

test('chooseMove: Zola and Match', () => {
  const bot = new Bot({ level: 'medium', seed: 2 });
  const z = new Zola();
  const mv = bot.chooseMove(z);
  assert.ok(z.isLegal(mv));
  const m = new Match({ game: 'zola', length: 3 });
  assert.ok(m.isLegal(bot.chooseMove(m)));
  const j = new Match({ length: 3, seed: 5, cube: true });
  assert.equal(
    code(() => bot.chooseMove(j)),
    'wrong_phase',
  );
  j.roll();
  if (j.game.phase !== 'roll') assert.ok(j.isLegal(bot.chooseMove(j)));
});

test('chooseMove: a pending double and a finished game are wrong_phase', () => {
  const bot = new Bot({ level: 'easy' });
  const m = new Match({ game: 'zola', length: 3, cube: true });
  m.double();
  assert.equal(
    code(() => bot.chooseMove(m)),
    'wrong_phase',
  );
  const won = new Zola({ position: '6/6/6/6/1b4/r5 r' });
  won.play('a1xb2');
  assert.equal(won.phase, 'over');
  assert.equal(
    code(() => bot.chooseMove(won)),
    'wrong_phase',
  );
});

test('chooseMove: a non-game argument is invalid_option', () => {
  const bot = new Bot();
  for (const bad of [42, 'f6', null, undefined, {}, { toJSON: () => ({ game: 'chess' }) }]) {
    assert.equal(
      code(() => bot.chooseMove(bad)),
      'invalid_option',
    );
  }
});

test('deterministic for a seed and level', () => {
  const pick = () => {
    const g = new Jokerball({ seed: 11 });
    g.setDice(3, 4);
    return new Bot({ level: 'medium', seed: 9 }).chooseMove(g);
  };
  assert.equal(pick(), pick());
});

test('takes an immediate win', () => {
  const g = new Jokerball({ position: 'bbo3/bbbbbbb/8/9/10/11/10/9/8/rrrrrrr/rrrrrr r' });
  g.setDice(2, 3);
  const bot = new Bot({ level: 'hard' });
  while (g.phase !== 'over' && g.turn === 'red') g.play(bot.chooseMove(g));
  assert.equal(g.winner, 'red');
});

test('cubeAction: answers for the side that must act', () => {
  const bot = new Bot({ level: 'easy', seed: 1 });
  const m = new Match({ length: 5, cube: true, seed: 1 });
  assert.equal(bot.cubeAction(m), 'no-double');
  m.double();
  assert.ok(['take', 'drop'].includes(bot.cubeAction(m)));
  const noCube = new Match({ length: 5 });
  assert.equal(bot.cubeAction(noCube), 'no-double');
  assert.equal(
    code(() => bot.cubeAction(new Jokerball())),
    'invalid_option',
  );
  assert.equal(
    code(() => bot.cubeAction(3)),
    'invalid_option',
  );
});
