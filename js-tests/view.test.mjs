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

test('view() of a Jokerball game: board, who acts, turn start, the ball line (blocked too), the last move, the result and the log', () => {
  const s = new Jokerball({ seed: 3 });
  assert.deepEqual(s.view(), { game: 'jokerball', size: 6, toAct: { player: 'red', awaits: 'roll' }, atTurnStart: true, result: null, lastMove: null, ball: null, log: [] });
  // Side 4, the ball at the west end of the middle row: face 2 is west for Red, the wall: blocked.
  const w = new Jokerball({ size: 4, position: '4/5/6/o6/6/5/r3 r' });
  w.setDice(1, 2);
  let v = w.view();
  assert.deepEqual([v.game, v.size, v.atTurnStart], ['jokerball', 4, false]);
  assert.deepEqual(v.toAct, { player: 'red', awaits: 'man' });
  assert.deepEqual(v.ball, { direction: 'w', blocked: true });
  // Face 5, east for Red: the row is open.
  const e = new Jokerball({ size: 4, position: '4/5/6/o6/6/5/r3 r' });
  e.setDice(1, 5);
  const man = e.play(e.legalMoves()[0]);
  v = e.view();
  assert.deepEqual(v.ball, { direction: 'e', blocked: false });
  assert.deepEqual(v.lastMove, { player: 'red', cells: [man.from, man.to] });
  assert.deepEqual(v.log, [], 'a half-played turn is not a line yet');
  // Blue sends the ball through Red's goal: the result, the last line, nobody acts.
  const out = new Jokerball({ size: 4, position: '4/5/6/7/6/5/o3 b' });
  out.setDice(1, 4);
  assert.deepEqual(out.view().ball, { direction: 'sw', blocked: false });
  out.play('a1>off');
  v = out.view();
  assert.deepEqual([v.toAct, v.atTurnStart, v.ball], [null, false, null]);
  assert.deepEqual(v.result, { winner: 'blue', how: 'goal' });
  assert.deepEqual(v.lastMove, { player: 'blue', cells: ['a1'] });
  assert.deepEqual(v.log.at(-1), { kind: 'result', player: 'blue', step: 1, text: 'Blue wins' });
  assert.deepEqual(v.log[0], { kind: 'record', player: 'blue', step: 1, text: out.history()[0] });
  for (const g of [s, w, e, out]) g.free();
});

test('view() of a Zola game and of a match: movers after a swap, the last capture, a pending double, a resignation', () => {
  const z = new Zola({ pie: true });
  assert.deepEqual([z.view().game, z.view().size, z.view().ball], ['zola', 6, null]);
  const first = z.play(z.legalMoves()[0]);
  assert.deepEqual(z.view().lastMove, { player: 'red', cells: [first.from, first.to] });
  z.play('swap');
  let v = z.view();
  assert.deepEqual(v.lastMove, { player: 'blue', cells: [] }, 'swap names no cells');
  assert.deepEqual(v.log.map((l) => [l.kind, l.player, l.step]), [['record', 'red', 1], ['record', 'blue', 2]]);
  assert.deepEqual(v.toAct, { player: 'blue', awaits: 'move' }, 'the same colour acts after swap');
  const c = new Zola({ position: 'r5/6/6/6/6/5b r' });
  c.play(c.legalMoves().find((m) => m.includes('x')));
  v = c.view();
  assert.deepEqual(v.result, { winner: 'red', how: 'captured-all' });
  assert.deepEqual(v.lastMove, { player: 'red', cells: ['a6', 'f1'] });
  assert.equal(v.toAct, null);

  const m = new Match({ length: 3, cube: true, seed: 5, jokerball: { size: 4 } });
  m.double();
  v = m.view();
  assert.deepEqual(v.toAct, { player: 'blue', awaits: 'answer' });
  assert.equal(v.atTurnStart, true);
  assert.deepEqual(v.log, [{ kind: 'double', player: 'red', step: 0, text: 'Red doubles' }]);
  m.take();
  m.resign('blue');
  v = m.view();
  assert.deepEqual(v.toAct, { player: null, awaits: 'next' });
  assert.deepEqual(v.result, { winner: 'red', how: 'resign' });
  assert.deepEqual(v.log.map((l) => l.kind), ['double', 'take', 'resign', 'result']);
  assert.deepEqual(v.log.map((l) => l.text), m.games[0].lines);
  assert.deepEqual(m.toAct, v.toAct, 'toAct is view().toAct');
  for (const g of [z, c, m]) g.free();
});
