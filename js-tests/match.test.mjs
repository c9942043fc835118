// The Match class through the built package (RULES 3, API.md "Match").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Match, Jokerball, Zola, SteereError } from '../pkg/node.js';

function code(fn) {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof SteereError, `not a SteereError: ${e}`);
    assert.equal(e.name, 'SteereError');
    return e.code;
  }
  assert.fail('did not throw');
}

// A refused call leaves the match exactly as it was.
function refused(m, fn, expected) {
  const before = JSON.stringify(m.toJSON());
  assert.equal(code(fn), expected);
  assert.equal(JSON.stringify(m.toJSON()), before);
}

// Plays the current Jokerball game of a match to its end with uniform random moves (seeded dice).
function playOutJokerball(m) {
  let guard = 0;
  while (m.phase === 'playing') {
    if (m.game.phase === 'roll') m.roll();
    else {
      const moves = m.legalMoves();
      m.play(moves[(guard * 7919) % moves.length]);
    }
    assert.ok(++guard < 20000, 'game did not end');
  }
}

// Plays the current Zola game of a match to its end, preferring captures (so it ends quickly).
function playOutZola(m) {
  let guard = 0;
  while (m.phase === 'playing') {
    const moves = m.legalMoves();
    const caps = moves.filter((x) => x.includes('x'));
    const pool = caps.length ? caps : moves;
    m.play(pool[(guard * 31) % pool.length]);
    assert.ok(++guard < 20000, 'game did not end');
  }
}

test('options: defaults, errors (RULES 3.1, 3.6)', () => {
  const m = new Match({ length: 5 });
  assert.equal(m.length, 5);
  assert.deepEqual(m.score, { red: 0, blue: 0 });
  assert.equal(m.gameNumber, 1);
  assert.equal(m.cube, null);
  assert.equal(m.pendingDouble, null);
  assert.equal(m.crawford, false);
  assert.equal(m.phase, 'playing');
  assert.equal(m.winner, null);
  assert.equal(m.turn, 'red');
  assert.ok(m.game instanceof Jokerball);
  assert.deepEqual(m.results, []);
  assert.equal(
    code(() => new Match()),
    'invalid_option',
  );
  assert.equal(
    code(() => new Match({})),
    'invalid_option',
  );
  assert.equal(
    code(() => new Match({ length: 0 })),
    'invalid_option',
  );
  assert.equal(
    code(() => new Match({ length: 22 })),
    'invalid_option',
  );
  assert.equal(
    code(() => new Match({ length: 2.5 })),
    'invalid_option',
  );
  assert.equal(
    code(() => new Match({ length: '3' })),
    'invalid_option',
  );
  assert.equal(
    code(() => new Match({ length: 3, colour: 'red' })),
    'invalid_option',
  );
  assert.equal(
    code(() => new Match({ length: 3, game: 'chess' })),
    'invalid_option',
  );
  assert.equal(
    code(() => new Match({ length: 3, game: 'zola', zola: { pie: true } })),
    'invalid_option',
  );
  assert.equal(
    code(() => new Match({ length: 3, game: 'zola', zola: { size: 7 } })),
    'invalid_option',
  );
  assert.equal(
    code(() => new Match({ length: 3, jokerball: { size: 5 } })),
    'invalid_option',
  );
  assert.equal(
    code(() => new Match({ length: 3, jokerball: { rules: '2025', extra: 1 } })),
    'invalid_option',
  );
  const z = new Match({ game: 'zola', length: 3, first: 'blue', zola: { size: 8 } });
  assert.ok(z.game instanceof Zola);
  assert.equal(z.turn, 'blue');
  assert.equal(z.legalMoves().length, 64);
});

test('the game getter is a detached copy', () => {
  const m = new Match({ length: 3, seed: 1 });
  const g = m.game;
  g.roll();
  assert.equal(m.game.phase, 'roll');
  assert.equal(g.phase === 'roll', false);
});

test('doubling: centred cube at 0-0 may double; take; owner; then opponent may not (RULES 3.2)', () => {
  const m = new Match({ length: 5, cube: true, seed: 3 });
  assert.deepEqual(m.cube, { value: 1, owner: null });
  assert.equal(m.canDouble(), true);
  m.double();
  assert.equal(m.phase, 'double');
  assert.equal(m.pendingDouble, 'red');
  refused(m, () => m.roll(), 'wrong_phase');
  refused(m, () => m.play('a1-b1'), 'wrong_phase');
  refused(m, () => m.double(), 'wrong_phase');
  refused(m, () => m.nextGame(), 'wrong_phase');
  assert.deepEqual(m.legalMoves(), []);
  m.take();
  assert.deepEqual(m.cube, { value: 2, owner: 'blue' });
  assert.equal(m.phase, 'playing');
  refused(m, () => m.take(), 'wrong_phase');
  refused(m, () => m.drop(), 'wrong_phase');
  // Red owns nothing now: Red (to move) may not double.
  assert.equal(m.canDouble(), false);
  refused(m, () => m.double(), 'cube_not_allowed');
  // Mid-turn: no double.
  m.roll();
  assert.equal(m.canDouble(), false);
});

test('a drop scores the value before the double; redouble then drop (RULES 3.2)', () => {
  const m = new Match({ length: 7, cube: true, seed: 4 });
  m.double();
  m.drop();
  assert.deepEqual(m.score, { red: 1, blue: 0 });
  assert.equal(m.phase, 'game-over');
  assert.deepEqual(m.results, [{ winner: 'red', points: 1, cube: 1, how: 'drop' }]);
  refused(m, () => m.roll(), 'wrong_phase');
  m.nextGame();
  assert.equal(m.gameNumber, 2);
  assert.equal(m.turn, 'blue'); // RULES 3.6: games alternate who starts
  m.double(); // blue doubles, red takes and owns at 2
  m.take();
  // Play to red's turn start, red redoubles to 4, blue drops: red wins 2.
  while (!(m.turn === 'red' && m.game.phase === 'roll')) {
    if (m.game.phase === 'roll') m.roll();
    else m.play(m.legalMoves()[0]);
    if (m.phase !== 'playing') break;
  }
  if (m.phase === 'playing') {
    assert.equal(m.canDouble(), true);
    m.double();
    m.drop();
    assert.deepEqual(m.results[1], { winner: 'red', points: 2, cube: 2, how: 'drop' });
    assert.deepEqual(m.score, { red: 3, blue: 0 });
  }
});

test('resign: the opponent wins the cube value, also answering a pending double (RULES 3.5)', () => {
  const m = new Match({ length: 5, cube: true, seed: 5 });
  m.double();
  m.take();
  assert.equal(
    code(() => m.resign('green')),
    'invalid_option',
  );
  assert.equal(
    code(() => m.resign(null)),
    'invalid_option',
  );
  m.resign('blue');
  assert.deepEqual(m.results, [{ winner: 'red', points: 2, cube: 2, how: 'resign' }]);
  m.nextGame();
  m.double();
  m.resign('red');
  assert.deepEqual(m.results[1], { winner: 'blue', points: 1, cube: 1, how: 'resign' });
});

test('a whole Jokerball game ends and scores a goal; nextGame alternates; the match ends', () => {
  const m = new Match({ length: 2, seed: 9 });
  playOutJokerball(m);
  assert.equal(m.phase, 'game-over');
  const r = m.results[0];
  assert.equal(r.how, 'goal');
  assert.equal(r.points, 1);
  assert.equal(m.game.winner, r.winner);
  m.nextGame();
  assert.equal(m.turn, 'blue');
  while (m.phase !== 'match-over') {
    if (m.phase === 'game-over') m.nextGame();
    playOutJokerball(m);
  }
  assert.ok(m.score[m.winner] >= 2);
  refused(m, () => m.nextGame(), 'wrong_phase');
  refused(m, () => m.roll(), 'game_over');
  refused(m, () => m.play('a1-b1'), 'game_over');
  refused(m, () => m.double(), 'game_over');
});

test('a Zola match: double before moving, capture of all scores (RULES 3.2)', () => {
  const m = new Match({ game: 'zola', length: 3, cube: true });
  assert.equal(
    code(() => m.roll()),
    'wrong_phase',
  );
  assert.equal(m.canDouble(), true);
  m.double();
  m.take();
  assert.deepEqual(m.cube, { value: 2, owner: 'blue' });
  playOutZola(m);
  assert.equal(m.phase, 'game-over');
  assert.equal(m.results[0].how, 'captured-all');
  assert.equal(m.results[0].points, 2);
});

test('Crawford game: no double for either side; post-Crawford the trailer may (RULES 3.4)', () => {
  const m = new Match({ length: 3, cube: true, seed: 11 });
  // Red doubles, Blue drops: 1-0. Then Blue starts game 2; Red wins by Blue resigning at 2: 1 point -> 2-0.
  m.double();
  m.drop();
  m.nextGame();
  assert.equal(m.crawford, false);
  m.resign('blue');
  assert.deepEqual(m.score, { red: 2, blue: 0 });
  m.nextGame();
  assert.equal(m.crawford, true);
  assert.equal(m.canDouble(), false);
  refused(m, () => m.double(), 'cube_not_allowed');
  m.resign('red');
  m.nextGame();
  assert.equal(m.crawford, false);
  // Post-Crawford game 4, Blue starts? Starts alternate: game 4 is Blue's (games 2 and 4).
  assert.equal(m.turn, 'blue');
  assert.equal(m.canDouble(), true); // trailer (blue, 1 + 1 < 3)
  m.resign('blue');
  assert.equal(m.phase, 'match-over');
  assert.equal(m.winner, 'red');
});

test('wrong-phase argument order: a malformed move is a parse_error even during a double', () => {
  const m = new Match({ length: 3, cube: true, seed: 2 });
  m.double();
  refused(m, () => m.play('zz9-zz10'), 'parse_error');
  refused(m, () => m.setDice(9, 9), 'invalid_option');
  refused(m, () => m.setDice(2, 3), 'wrong_phase');
});

test('toJSON / fromJSON round-trip, also mid-double and without rng', () => {
  const m = new Match({ length: 5, cube: true, seed: 21 });
  m.roll();
  m.play(m.legalMoves()[0]);
  const copy = Match.fromJSON(JSON.parse(JSON.stringify(m.toJSON())));
  assert.deepEqual(copy.toJSON(), m.toJSON());
  assert.equal(copy.position(), m.position());
  assert.deepEqual(copy.history(), m.history());
  const noRng = Match.fromJSON(m.toJSON({ rng: false }));
  assert.equal(noRng.toJSON().current.rng, null);
  const z = new Match({ game: 'zola', length: 3, cube: true });
  z.double();
  const zc = Match.fromJSON(JSON.parse(JSON.stringify(z)));
  assert.equal(zc.phase, 'double');
  assert.equal(zc.pendingDouble, 'red');
  assert.equal(
    code(() => Match.fromJSON({})),
    'parse_error',
  );
  assert.equal(
    code(() => Match.fromJSON(null)),
    'parse_error',
  );
  const bad = m.toJSON();
  bad.match.score.red = 4;
  assert.equal(
    code(() => Match.fromJSON(bad)),
    'parse_error',
  );
  const extra = m.toJSON();
  extra.match.bonus = 1;
  assert.equal(
    code(() => Match.fromJSON(extra)),
    'parse_error',
  );
});
