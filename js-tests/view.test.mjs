// What the engine tells a user interface instead of letting it guess (docs/api.md): who acts now
// (`toAct`, one definition for lone games and matches), the cells of each hint and review entry, the
// last turn's dice with the ball's line for them, and a game replayed to a step. Checked on
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
    const m = new Match({
      game: seed % 2 ? 'jokerball' : 'zola',
      length: 3,
      cube: true,
      seed,
      jokerball: seed % 2 ? { size: 4 } : undefined,
    });
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
  assert.deepEqual(s.view(), {
    game: 'jokerball',
    size: 6,
    toAct: { player: 'red', awaits: 'roll' },
    atTurnStart: true,
    result: null,
    lastMove: null,
    ball: null,
    lastDice: null,
    lastBall: null,
    log: [],
  });
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
  assert.deepEqual(
    [v.lastDice, v.lastBall],
    [
      { distance: 1, direction: 4 },
      { direction: 'sw', blocked: false },
    ],
  );
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
  assert.deepEqual(
    v.log.map((l) => [l.kind, l.player, l.step]),
    [
      ['record', 'red', 1],
      ['record', 'blue', 2],
    ],
  );
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
  assert.deepEqual(
    v.log.map((l) => l.kind),
    ['double', 'take', 'resign', 'result'],
  );
  assert.deepEqual(
    v.log.map((l) => l.text),
    m.games[0].lines,
  );
  assert.deepEqual(m.toAct, v.toAct, 'toAct is view().toAct');
  for (const g of [z, c, m]) g.free();
});

test('view().lastDice and lastBall: the last turn dice and ball line, kept through toJSON/fromJSON (a reload), none in Zola', () => {
  // face 2 is west for Red: the ball on the west end of the middle row is blocked, the ball phase passed
  const w = new Jokerball({ size: 4, position: '4/5/6/o6/6/5/r3 r' });
  assert.deepEqual([w.view().lastDice, w.view().lastBall], [null, null], 'before the first turn');
  w.setDice(1, 2);
  const line = w.view().ball;
  assert.deepEqual(line, { direction: 'w', blocked: true });
  w.play(w.legalMoves()[0]);
  assert.equal(w.phase, 'roll');
  const v = w.view();
  assert.deepEqual([v.lastDice, v.lastBall, v.ball], [{ distance: 1, direction: 2 }, line, null]);
  // a whole game: after each turn its dice, the line for its mover, blocked exactly when the ball part is '-'
  const g = new Jokerball({ seed: 11 });
  const seen = [];
  for (let turn = 0; turn < 40 && g.phase !== 'over'; turn++) {
    const mover = g.turn;
    const dice = g.roll();
    let ball = g.view().ball;
    while (g.phase === 'man' || g.phase === 'ball') {
      if (g.phase === 'ball') ball = g.view().ball;
      g.play(g.legalMoves()[0]);
    }
    const after = g.view();
    const rec = g.history().at(-1);
    assert.deepEqual(after.lastDice, { distance: dice.distance, direction: dice.direction }, rec);
    assert.equal(after.lastBall.blocked, rec.endsWith(' -'), rec);
    if (!after.lastBall.blocked) assert.deepEqual(after.lastBall, ball, `${rec}: the line of its ball phase`);
    seen.push([mover, after.lastBall.direction, dice.direction]);
    // a reload: the restored game says the same
    const back = Jokerball.fromJSON(g.toJSON());
    assert.deepEqual([back.view().lastDice, back.view().lastBall], [after.lastDice, after.lastBall]);
    back.free();
  }
  // the same face points opposite ways for the two players
  const red = seen.find(([p]) => p === 'red');
  const blue = seen.find(([p, , f]) => p === 'blue' && f === red[2]);
  if (blue) assert.notEqual(blue[1], red[1]);
  const z = new Zola();
  z.play(z.legalMoves()[0]);
  assert.deepEqual([z.view().lastDice, z.view().lastBall], [null, null]);
  // a match: the current game's last turn, none in a new game
  const m = new Match({ game: 'jokerball', length: 3, seed: 4 });
  m.setDice(2, 3);
  while (m.gamePhase === 'man' || m.gamePhase === 'ball') m.play(m.legalMoves()[0]);
  assert.deepEqual(m.view().lastDice, { distance: 2, direction: 3 });
  assert.deepEqual(Match.fromJSON(m.toJSON()).view().lastBall, m.view().lastBall);
  m.resign(m.turn);
  m.nextGame();
  assert.equal(m.view().lastDice, null);
  for (const x of [w, g, z, m]) x.free();
});

test('replayTo(step): the game from its start with its first step records, the original untouched; bad steps refused', () => {
  const g = new Jokerball({ seed: 5, size: 4 });
  const positions = [g.position()];
  for (let turn = 0; turn < 8 && g.phase !== 'over'; turn++) {
    g.roll();
    while (g.phase === 'man' || g.phase === 'ball') g.play(g.legalMoves()[0]);
    positions.push(g.position());
  }
  const before = JSON.stringify(g.toJSON());
  for (const [step, p] of positions.entries()) {
    const at = g.replayTo(step);
    assert.equal(at.position(), p, `step ${step}`);
    assert.deepEqual(at.history(), g.history().slice(0, step));
    assert.equal(at.view().lastDice === null, step === 0);
    at.free();
  }
  const all = g.replayTo(99);
  assert.deepEqual(all.history(), g.history());
  assert.throws(
    () => all.roll(),
    (e) => e.code === 'wrong_phase' || e.code === 'game_over',
    'no dice generator',
  );
  all.free();
  for (const bad of [-1, 1.5, NaN, undefined, 'x', {}]) {
    assert.throws(
      () => g.replayTo(bad),
      (e) => e.code === 'invalid_option',
      String(bad),
    );
  }
  assert.equal(JSON.stringify(g.toJSON()), before, 'the game is as it was');
  // from a position string, and a Zola game
  const p = new Jokerball({ size: 4, position: '4/5/6/o6/6/5/r3 r' });
  p.setDice(1, 2);
  p.play(p.legalMoves()[0]);
  assert.equal(p.replayTo(0).position(), '4/5/6/o6/6/5/r3 r');
  const z = new Zola({ pie: true });
  z.play(z.legalMoves()[0]);
  z.play('swap');
  z.play(z.legalMoves()[0]);
  const z1 = z.replayTo(2);
  assert.deepEqual(z1.history(), z.history().slice(0, 2));
  assert.equal(z1.turn, 'blue', 'after swap the same colour moves');
  for (const x of [g, p, z, z1]) x.free();
});

test('review entries name the best choice cells (bestCells), as the hint names them on the position before', () => {
  const g = new Jokerball({ seed: 21, size: 4 });
  for (let turn = 0; turn < 6 && g.phase !== 'over'; turn++) {
    g.roll();
    while (g.phase === 'man' || g.phase === 'ball') g.play(g.legalMoves().at(-1));
  }
  const bot = new Bot({ level: 'easy', seed: 1 });
  const review = bot.review(g);
  assert.ok(review.turns.length >= 6);
  for (const e of review.turns) {
    assert.deepEqual(e.bestCells, named(e.best), e.best);
    // the hint on the position before the turn, with its dice, names the same cells for the best choice
    const before = g.replayTo(e.index - 1);
    const dice = g.replayTo(e.index);
    before.setDice(dice.view().lastDice.distance, dice.view().lastDice.direction);
    if (before.phase === 'man' || before.phase === 'ball') {
      const h = bot.hint(before).find((x) => x.cells.join() === e.bestCells.join());
      assert.ok(h, `${e.best}: a hint entry with its cells`);
    }
    before.free();
    dice.free();
  }
  bot.free();
  g.free();
});
