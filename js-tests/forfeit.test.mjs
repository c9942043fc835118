// Games and matches ended on time or by abandonment (API.md "Clocks and abandoned games", RULES 4.3)
// through the built package: forfeit(player, reason), its result, its JSON state and its record.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Jokerball, Zola, Match } from '../pkg/node.js';
import { code } from './error-codes.mjs';

// A refused call leaves the object exactly as it was.
function refused(obj, fn, expected) {
  const before = JSON.stringify(obj.toJSON());
  assert.equal(code(fn), expected);
  assert.equal(JSON.stringify(obj.toJSON()), before);
}

test('Jokerball.forfeit ends the game at once: over, the other player wins, no legal move', () => {
  const g = new Jokerball({ seed: 1 });
  g.roll();
  g.play(g.legalMoves()[0]);
  const mover = g.turn;
  g.forfeit(mover, 'time');
  assert.equal(g.phase, 'over');
  assert.equal(g.winner, mover === 'red' ? 'blue' : 'red');
  assert.deepEqual(g.view().result, { winner: g.winner, how: 'time' });
  assert.equal(g.view().toAct, null);
  assert.deepEqual(g.legalMoves(), []);
  assert.deepEqual(g.legalTurns(), []);
  assert.equal(g.dice, null);
  assert.equal(
    code(() => g.roll()),
    'game_over',
  );
  refused(g, () => g.forfeit('red', 'abandoned'), 'game_over');
  // The half-played turn is kept in the state, which restores to the same game.
  const state = g.toJSON();
  assert.deepEqual(state.forfeit, { winner: g.winner, how: 'time' });
  assert.notEqual(state.turn, null);
  const back = Jokerball.fromJSON(state);
  assert.deepEqual(back.toJSON(), state);
  assert.deepEqual(back.view(), g.view());
  back.free();
  g.free();
});

test('Zola.forfeit: abandoned, the result says so, the record ends "Red wins by abandonment"', () => {
  const z = new Zola();
  z.play(z.legalMoves()[0]);
  z.forfeit('blue', 'abandoned');
  assert.equal(z.phase, 'over');
  assert.equal(z.winner, 'red');
  assert.deepEqual(z.view().result, { winner: 'red', how: 'abandoned' });
  const log = z.view().log;
  assert.deepEqual(log.at(-1), { kind: 'result', player: 'red', step: 1, text: 'Red wins by abandonment' });
  const text = z.toRecord();
  assert.match(text, /\[Result "red"\]/);
  assert.ok(text.endsWith(`1. ${z.history()[0]}\nRed wins by abandonment\n`), text);
  const back = Zola.fromRecord(text);
  assert.deepEqual(back.toJSON(), z.toJSON());
  assert.equal(back.toRecord(), text);
  back.free();
  z.free();
});

test('forfeit refuses a bad player or reason with invalid_option, and leaves the game as it was', () => {
  for (const make of [() => new Jokerball({ seed: 2 }), () => new Zola(), () => new Match({ length: 3 })]) {
    const obj = make();
    for (const [player, reason] of [
      ['green', 'time'],
      ['red', 'goal'],
      ['red'],
      [undefined, 'time'],
      [null, null],
      ['RED', 'time'],
      ['blue', 'Time'],
      [{ toString: () => 'red' }, 'time'],
      ['red', Symbol('t')],
    ]) {
      refused(obj, () => obj.forfeit(player, reason), 'invalid_option');
    }
    obj.free();
  }
});

test('a finished game refuses forfeit with game_over', () => {
  const z = new Zola({ position: 'r5/6/6/6/6/5b r' });
  z.play('a6xf1');
  assert.equal(z.winner, 'red');
  refused(z, () => z.forfeit('red', 'time'), 'game_over');
  assert.deepEqual(z.view().result, { winner: 'red', how: 'captured-all' });
  z.free();
});

test('old states without the forfeit key still load; a forfeit with a win on the board is refused', () => {
  const z = new Zola();
  const old = z.toJSON();
  assert.equal('forfeit' in old, false);
  const back = Zola.fromJSON(old);
  assert.equal(back.phase, 'move');
  back.free();
  const won = new Zola({ position: 'r5/6/6/6/6/5b r' });
  won.play('a6xf1');
  const bad = { ...won.toJSON(), forfeit: { winner: 'blue', how: 'time' } };
  assert.equal(
    code(() => Zola.fromJSON(bad)),
    'parse_error',
  );
  const shape = { ...z.toJSON(), phase: 'over', winner: 'red', forfeit: { winner: 'red', how: 'late' } };
  assert.equal(
    code(() => Zola.fromJSON(shape)),
    'parse_error',
  );
  const extra = { ...z.toJSON(), phase: 'over', winner: 'red', forfeit: { winner: 'red', how: 'time', x: 1 } };
  assert.equal(
    code(() => Zola.fromJSON(extra)),
    'parse_error',
  );
  const good = { ...z.toJSON(), phase: 'over', winner: 'red', forfeit: { winner: 'red', how: 'time' } };
  const restored = Zola.fromJSON(good);
  assert.deepEqual(restored.view().result, { winner: 'red', how: 'time' });
  restored.free();
  won.free();
  z.free();
});

test('Match.forfeit ends the match whatever the score, unscored; forfeited tells how', () => {
  const m = new Match({ game: 'zola', length: 3, cube: true });
  m.resign('blue');
  m.nextGame();
  assert.deepEqual(m.score, { red: 1, blue: 0 });
  assert.equal(m.forfeited, null);
  m.forfeit('red', 'time');
  assert.equal(m.phase, 'match-over');
  assert.equal(m.winner, 'blue');
  assert.deepEqual(m.forfeited, { winner: 'blue', how: 'time' });
  assert.deepEqual(m.score, { red: 1, blue: 0 });
  assert.equal(m.results.length, 1);
  assert.deepEqual(m.view().result, { winner: 'blue', how: 'time' });
  assert.equal(m.view().toAct, null);
  assert.deepEqual(m.legalMoves(), []);
  assert.equal(m.games[1].lines.at(-1), 'Blue wins the match on time');
  assert.equal(m.games[1].result, null);
  refused(m, () => m.forfeit('blue', 'time'), 'game_over');
  refused(m, () => m.play(m.game.legalMoves()[0]), 'game_over');
  refused(m, () => m.nextGame(), 'wrong_phase');
  const state = m.toJSON();
  assert.deepEqual(state.match.forfeit, { winner: 'blue', how: 'time' });
  const back = Match.fromJSON(state);
  assert.deepEqual(back.toJSON(), state);
  back.free();
  const text = m.toRecord();
  assert.match(text, /\[Result "blue"\]/);
  assert.ok(text.endsWith('Blue wins the match on time\n'));
  const read = Match.fromRecord(text);
  assert.equal(read.toRecord(), text);
  assert.deepEqual(read.forfeited, m.forfeited);
  read.free();
  m.free();
});

test('Match.forfeit while a double is pending, and between games', () => {
  const d = new Match({ length: 5, cube: true, seed: 3 });
  d.double();
  d.forfeit('blue', 'abandoned');
  assert.equal(d.phase, 'match-over');
  assert.equal(d.pendingDouble, null);
  assert.deepEqual(d.cube, { value: 1, owner: null });
  assert.deepEqual(d.games[0].lines, ['Red doubles', 'Red wins the match by abandonment']);
  const dr = Match.fromRecord(d.toRecord());
  assert.deepEqual(dr.toJSON({ rng: false }), d.toJSON({ rng: false }));
  dr.free();
  d.free();

  const b = new Match({ game: 'zola', length: 3 });
  b.resign('red');
  assert.equal(b.phase, 'game-over');
  b.forfeit('blue', 'time');
  assert.equal(b.winner, 'red');
  // The finished game keeps its own result; the forfeit's line comes after it.
  assert.deepEqual(b.view().result, { winner: 'blue', how: 'resign' });
  assert.deepEqual(
    b.view().log.map((l) => l.text),
    ['Red resigns', 'Blue wins 1 point', 'Red wins the match on time'],
  );
  const text = b.toRecord();
  assert.ok(text.endsWith('Blue wins 1 point\nRed wins the match on time\n'), text);
  assert.equal(
    code(() => Match.fromRecord(`${text}Red resigns\n`)),
    'parse_error',
  );
  const br = Match.fromRecord(text);
  assert.deepEqual(br.toJSON(), b.toJSON());
  br.free();
  b.free();
});

test('a match state with an impossible forfeit is refused with parse_error', () => {
  const m = new Match({ game: 'zola', length: 1 });
  m.resign('red');
  assert.equal(m.phase, 'match-over');
  const won = m.toJSON();
  const bad = { ...won, match: { ...won.match, forfeit: { winner: 'red', how: 'time' } } };
  assert.equal(
    code(() => Match.fromJSON(bad)),
    'parse_error',
  );
  const n = new Match({ game: 'zola', length: 3 });
  const s = n.toJSON();
  const time = {
    ...s,
    match: { ...s.match, results: [{ winner: 'red', points: 1, cube: 1, how: 'time' }], gameNumber: 2 },
  };
  assert.equal(
    code(() => Match.fromJSON(time)),
    'parse_error',
  );
  m.free();
  n.free();
});
