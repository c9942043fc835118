// What the engine tells a user interface instead of letting it guess (docs/api.md): who acts now
// (`toAct`, one definition for lone games and matches) and the cells of each hint entry. Checked on
// real positions and games of both kinds through the built package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Match, Jokerball, Zola, Bot } from '../pkg/node.js';

// The words of a record that name cells (as the notation writes them).
const named = (text) => [...new Set(text.split(/[ >x-]/).filter((w) => /^[a-z]\d+$/.test(w)))];

const OTHER = { red: 'blue', blue: 'red' };

test('toAct of a Jokerball game: the roll, the man, the ball, a skipped phase, nobody after the goal', () => {
  const g = new Jokerball({ size: 4, position: 'bbbb/bbbbb/6/3o3/6/rrrrr/rrrr r' });
  assert.deepEqual(g.toAct, { player: 'red', awaits: 'roll' });
  g.setDice(2, 4);
  assert.deepEqual(g.toAct, { player: 'red', awaits: 'man' });
  g.play(g.legalMoves()[0]);
  assert.deepEqual(g.toAct, { player: 'red', awaits: g.phase === 'ball' ? 'ball' : 'roll' });
  // The ball on the left end of the middle row, face 2 (west for Red): the wall, the ball phase passed.
  const w = new Jokerball({ size: 4, position: '4/5/6/o6/6/5/r3 r' });
  w.setDice(1, 2);
  w.play(w.legalMoves()[0]);
  assert.deepEqual(w.toAct, { player: 'blue', awaits: 'roll' });
  // Blue sends the ball through Red's goal: nobody acts.
  const out = new Jokerball({ size: 4, position: '4/5/6/7/6/5/o3 b' });
  out.setDice(1, 4);
  out.play('a1>off');
  assert.equal(out.winner, 'blue');
  assert.equal(out.toAct, null);
  for (const x of [g, w, out]) x.free();
});

test('toAct of a Zola game: the side to move, the same colour after swap, nobody after the last capture', () => {
  const z = new Zola({ pie: true });
  assert.deepEqual(z.toAct, { player: 'red', awaits: 'move' });
  z.play(z.legalMoves()[0]);
  assert.deepEqual(z.toAct, { player: 'blue', awaits: 'move' });
  z.play('swap');
  assert.deepEqual(z.toAct, { player: 'blue', awaits: 'move' }, 'after swap the same colour moves');
  const end = new Zola({ position: 'r5/6/6/6/6/5b r' });
  end.play(end.legalMoves().find((m) => m.includes('x')));
  assert.equal(end.toAct, null);
  for (const x of [z, end]) x.free();
});

test('toAct of a match: the doubled player answers, either player starts the next game, nobody after the match', () => {
  const m = new Match({ game: 'jokerball', length: 2, cube: true, seed: 4 });
  assert.deepEqual(m.toAct, { player: 'red', awaits: 'roll' });
  m.double();
  assert.deepEqual(m.toAct, { player: 'blue', awaits: 'answer' });
  m.take();
  assert.deepEqual(m.toAct, { player: 'red', awaits: 'roll' });
  m.roll();
  assert.equal(m.toAct.player, 'red');
  assert.ok(['man', 'ball', 'roll'].includes(m.toAct.awaits));
  // The game ends by a resignation at 2 points, which ends this 2-point match.
  m.resign('blue');
  assert.equal(m.phase, 'match-over');
  assert.equal(m.toAct, null);
  m.free();

  const z = new Match({ game: 'zola', length: 3 });
  assert.deepEqual(z.toAct, { player: 'red', awaits: 'move' });
  z.resign('red');
  assert.equal(z.phase, 'game-over');
  assert.deepEqual(z.toAct, { player: null, awaits: 'next' });
  z.nextGame();
  assert.deepEqual(z.toAct, { player: 'blue', awaits: 'move' }, 'game 2 is started by the other player');
  z.free();
});

test('toAct is the one definition: it agrees with the phases on random games and matches', () => {
  for (let seed = 1; seed <= 4; seed++) {
    const m = new Match({ game: seed % 2 ? 'jokerball' : 'zola', length: 3, cube: true, seed, jokerball: seed % 2 ? { size: 4 } : undefined });
    for (let step = 0; step < 400 && m.phase !== 'match-over'; step++) {
      const t = m.toAct;
      if (m.phase === 'double') assert.deepEqual(t, { player: OTHER[m.pendingDouble], awaits: 'answer' });
      else if (m.phase === 'game-over') assert.deepEqual(t, { player: null, awaits: 'next' });
      else assert.deepEqual(t, { player: m.turn, awaits: m.gamePhase });
      if (m.phase === 'double') m.take();
      else if (m.phase === 'game-over') m.nextGame();
      else if (step % 37 === 5 && m.canDouble()) m.double();
      else if (m.gamePhase === 'roll') m.roll();
      else m.play(m.legalMoves()[step % m.legalMoves().length]);
    }
    assert.equal(m.toAct, null);
    m.free();
  }
});

test('hint entries name their cells: the whole turn in phase man, the ball move in phase ball, the Zola move', () => {
  const bot = new Bot({ level: 'easy', seed: 3 });
  const g = new Jokerball({ seed: 2 });
  g.setDice(3, 4);
  assert.equal(g.phase, 'man');
  for (const h of bot.hint(g)) assert.deepEqual(h.cells, named(h.move), h.move);
  g.play(g.legalMoves()[0]);
  if (g.phase === 'ball') {
    for (const h of bot.hint(g)) assert.deepEqual(h.cells, named(h.move.split(' ')[1]), h.move);
  }
  const z = new Zola({ pie: true });
  z.play(z.legalMoves()[0]);
  const hints = bot.hint(z);
  for (const h of hints) assert.deepEqual(h.cells, h.move === 'swap' ? [] : h.move.split(/[x-]/), h.move);
  assert.ok(hints.some((h) => h.move === 'swap'));
  const m = new Match({ game: 'zola', length: 3 });
  for (const h of bot.hint(m)) assert.equal(h.cells.length, 2);
  for (const o of [bot, g, z, m]) o.free();
});
