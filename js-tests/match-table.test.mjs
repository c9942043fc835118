// The match-play table of the Match issue, through the JS API (RULES 3.1-3.6): each case drives the
// scores with doubles, takes, drops and resignations, and checks canDouble() and the refusals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Match, SteereError } from '../pkg/node.js';

function refused(m, fn, expected) {
  const before = JSON.stringify(m.toJSON());
  let err;
  try {
    fn();
  } catch (e) {
    err = e;
  }
  assert.ok(err instanceof SteereError, `expected a SteereError, got ${err}`);
  assert.equal(err.code, expected, err.message);
  assert.equal(JSON.stringify(m.toJSON()), before, 'a refused call changed the match');
}

// Plays the side to move's whole turn (roll, then the first legal move of each phase) and checks that
// the game goes on, so that the other side is then on roll.
function passTurn(m) {
  const mover = m.turn;
  m.roll();
  while (m.phase === 'playing' && m.turn === mover && m.game.phase !== 'roll') {
    m.play(m.legalMoves()[0]);
  }
  assert.equal(m.phase, 'playing', 'the game ended during a filler turn: pick another seed');
  assert.notEqual(m.turn, mover);
  assert.equal(m.game.phase, 'roll');
}

test('0-0, centred cube: the player on roll may double; the opponent of the owner may not (RULES 3.2)', () => {
  const m = new Match({ length: 5, cube: true, seed: 1 });
  assert.equal(m.canDouble(), true);
  m.double();
  m.take();
  assert.deepEqual(m.cube, { value: 2, owner: 'blue' });
  assert.equal(m.turn, 'red');
  assert.equal(m.canDouble(), false);
  refused(m, () => m.double(), 'cube_not_allowed');
  passTurn(m);
  assert.equal(m.turn, 'blue');
  assert.equal(m.canDouble(), true, 'the owner on roll may redouble');
});

test('a 1-point match never allows a double (RULES 3.3)', () => {
  const m = new Match({ length: 1, cube: true, seed: 2 });
  assert.equal(m.canDouble(), false);
  refused(m, () => m.double(), 'cube_not_allowed');
  passTurn(m);
  assert.equal(m.canDouble(), false);
});

test('score + cube value >= length: no double, also for the cube owner (RULES 3.3)', () => {
  const m = new Match({ length: 5, cube: true, seed: 3 });
  m.double(); // Red doubles, Blue drops: 1-0
  m.drop();
  assert.deepEqual(m.score, { red: 1, blue: 0 });
  m.nextGame(); // game 2, Blue starts
  m.double();
  m.take(); // Red owns 2
  m.resign('red'); // Blue wins 2: 1-2
  assert.deepEqual(m.score, { red: 1, blue: 2 });
  m.nextGame(); // game 3, Red starts
  m.double();
  m.take(); // Blue owns 2
  passTurn(m);
  assert.equal(m.turn, 'blue');
  assert.equal(m.canDouble(), true); // 2 + 2 < 5
  m.double();
  m.take(); // Red owns 4
  passTurn(m);
  assert.equal(m.turn, 'red');
  assert.deepEqual(m.cube, { value: 4, owner: 'red' });
  assert.equal(m.canDouble(), false, 'Red owns the cube but 1 + 4 >= 5');
  refused(m, () => m.double(), 'cube_not_allowed');
});

test('a 4-cube win ends a 3-point match; scores are stored uncapped (RULES 3.1)', () => {
  const m = new Match({ length: 3, cube: true, seed: 4 });
  m.double();
  m.take(); // 2, Blue owns
  passTurn(m);
  m.double();
  m.take(); // 4, Red owns
  m.resign('blue');
  assert.deepEqual(m.score, { red: 4, blue: 0 });
  assert.equal(m.phase, 'match-over');
  assert.equal(m.winner, 'red');
  assert.deepEqual(m.results, [{ winner: 'red', points: 4, cube: 4, how: 'resign' }]);
  refused(m, () => m.nextGame(), 'wrong_phase');
});

test('5 points: 4-0, the Crawford game, then 4-1 post-Crawford: the leader may not double, the trailer may (RULES 3.4)', () => {
  const m = new Match({ length: 5, cube: true, seed: 5 });
  m.double();
  m.take();
  passTurn(m);
  m.double();
  m.take();
  m.resign('blue'); // Red wins 4
  assert.deepEqual(m.score, { red: 4, blue: 0 });
  assert.equal(m.crawford, false, 'crawford changes only when nextGame starts a game');
  m.nextGame();
  assert.equal(m.crawford, true);
  assert.equal(m.turn, 'blue');
  assert.equal(m.canDouble(), false);
  refused(m, () => m.double(), 'cube_not_allowed');
  passTurn(m);
  assert.equal(m.canDouble(), false, 'no double for either side in the Crawford game');
  m.resign('red');
  assert.deepEqual(m.score, { red: 4, blue: 1 });
  m.nextGame();
  assert.equal(m.crawford, false);
  assert.equal(m.turn, 'red');
  assert.equal(m.canDouble(), false, 'the leader: 4 + 1 >= 5');
  passTurn(m);
  assert.equal(m.canDouble(), true, 'the trailer may double after the Crawford game');
});

test('at most one Crawford game: a 3-point match reaching 2-2 (RULES 3.4)', () => {
  const m = new Match({ length: 3, cube: true, seed: 6 });
  m.double();
  m.take();
  m.resign('blue'); // 2-0
  m.nextGame();
  assert.equal(m.crawford, true);
  m.resign('red'); // 2-1
  m.nextGame();
  assert.equal(m.crawford, false);
  m.resign('red'); // 2-2: Blue now at length - 1 too, but the Crawford game has been played
  assert.deepEqual(m.score, { red: 2, blue: 2 });
  m.nextGame();
  assert.equal(m.crawford, false);
  assert.equal(m.canDouble(), false, '2 + 1 >= 3 for both');
});

test('wrong phase: nextGame before the game ends, roll and take at the wrong time (API.md errors)', () => {
  const m = new Match({ length: 3, cube: true, seed: 7 });
  refused(m, () => m.nextGame(), 'wrong_phase');
  refused(m, () => m.take(), 'wrong_phase');
  refused(m, () => m.drop(), 'wrong_phase');
  m.double();
  refused(m, () => m.roll(), 'wrong_phase');
  refused(m, () => m.nextGame(), 'wrong_phase');
  m.drop();
  refused(m, () => m.roll(), 'wrong_phase');
  refused(m, () => m.double(), 'wrong_phase');
});
