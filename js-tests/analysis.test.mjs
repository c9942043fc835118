// Analysis through the built package (docs/api.md "Bot"): bot.evaluate and bot.hint.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Bot, Jokerball, Zola, Match } from '../pkg/node.js';
import { code } from './error-codes.mjs';

function playedGame(seed, turns) {
  const g = new Jokerball({ seed });
  const b = new Bot({ level: 'easy', seed });
  while (g.phase !== 'over' && g.history().length < turns) {
    if (g.phase === 'roll') g.roll();
    else g.play(b.chooseMove(g));
  }
  return g;
}

test('evaluate: chances that sum to 1, 1 and 0 after the game, the match for a Match', () => {
  const bot = new Bot({ level: 'easy' });
  const g = playedGame(3, 6);
  const e = bot.evaluate(g);
  assert.ok(e.red > 0 && e.red < 1 && Math.abs(e.red + e.blue - 1) < 1e-8, JSON.stringify(e));
  assert.equal(e.match, undefined);
  const over = playedGame(5, 1000);
  assert.equal(over.phase, 'over');
  const w = over.turn;
  const f = bot.evaluate(over);
  assert.equal(f[w], 1);
  assert.equal(f[w === 'red' ? 'blue' : 'red'], 0);
  const m = new Match({ length: 5, cube: true, seed: 2 });
  const me = bot.evaluate(m);
  assert.ok(me.match && Math.abs(me.match.red + me.match.blue - 1) < 1e-8);
  assert.ok(Math.abs(me.match.red - 0.5) < 0.1, 'an even start is near even');
  m.resign('red');
  const r = bot.evaluate(m);
  assert.equal(r.blue, 1);
  assert.ok(r.match.blue > 0.5);
  const z = bot.evaluate(new Zola());
  assert.ok(Math.abs(z.red + z.blue - 1) < 1e-8);
});

test('hint: every legal turn once, the first what chooseMove plays', () => {
  for (const level of ['easy', 'medium']) {
    for (const seed of [1, 2, 3, 4]) {
      const g = playedGame(seed, seed * 3);
      if (g.phase === 'over') continue;
      g.roll();
      if (g.phase === 'roll') continue;
      const hint = new Bot({ level, seed: 7 }).hint(g);
      const moves = hint.map((h) => h.move);
      assert.deepEqual([...moves].sort(), [...g.legalTurns()].sort());
      const chosen = new Bot({ level, seed: 7 }).chooseMove(g);
      assert.equal(moves[0].split(' ')[g.phase === 'man' ? 0 : 1], chosen);
      assert.ok(hint.every((h) => h.win >= 0 && h.win <= 1));
      if (level === 'easy') {
        for (let i = 1; i < hint.length; i++) assert.ok(hint[i - 1].win >= hint[i].win, 'best first');
      }
    }
  }
  const z = new Zola({ pie: true });
  z.play(z.legalMoves()[0]);
  const zh = new Bot({ level: 'easy', seed: 1 }).hint(z);
  assert.deepEqual(zh.map((h) => h.move).sort(), [...z.legalMoves()].sort());
  assert.equal(zh[0].move, new Bot({ level: 'easy', seed: 1 }).chooseMove(z));
});

test('hint in a match and where there is nothing to choose', () => {
  const m = new Match({ length: 3, seed: 4 });
  assert.equal(code(() => new Bot().hint(m)), 'wrong_phase');
  m.roll();
  if (m.gamePhase !== 'roll') {
    const h = new Bot({ seed: 1 }).hint(m);
    assert.equal(h[0].move.split(' ')[m.gamePhase === 'man' ? 0 : 1], new Bot({ seed: 1 }).chooseMove(m));
  }
  assert.equal(code(() => new Bot().hint(new Jokerball({ seed: 1 }))), 'wrong_phase');
});

test('bad input: a non-game is invalid_option, a freed game or bot is freed; nothing changes', () => {
  const bot = new Bot();
  for (const bad of [null, 7, 'x', {}, [], { toJSON: () => ({ game: 'chess' }) }]) {
    assert.equal(code(() => bot.evaluate(bad)), 'invalid_option');
    assert.equal(code(() => bot.hint(bad)), 'invalid_option');
  }
  const g = playedGame(8, 4);
  g.roll();
  const before = JSON.stringify(g.toJSON());
  bot.hint(g);
  bot.evaluate(g);
  assert.equal(JSON.stringify(g.toJSON()), before);
  g.free();
  assert.equal(code(() => bot.evaluate(g)), 'freed');
  assert.equal(code(() => bot.hint(g)), 'freed');
  const b2 = new Bot();
  b2.free();
  assert.equal(code(() => b2.evaluate(new Zola())), 'freed');
});
