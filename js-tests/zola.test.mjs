// The Zola class through the built package (API.md "Common", "Errors", "Zola"; RULES 2).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import init, { Zola, Jokerball, Match, SteereError } from '../pkg/node.js';

await init();

const START6 = 'brbrbr/rbrbrb/brbrbr/rbrbrb/brbrbr/rbrbrb r';

/** Asserts that `fn` throws a SteereError with `code`, and that `z` is unchanged afterwards. */
function throwsCode(z, fn, code) {
  const before = z ? JSON.stringify(z.toJSON()) : null;
  assert.throws(fn, (e) => {
    assert.ok(e instanceof SteereError, `not a SteereError: ${e}`);
    assert.ok(e instanceof Error);
    assert.equal(e.name, 'SteereError');
    assert.equal(e.code, code, e.message);
    assert.equal(typeof e.message, 'string');
    return true;
  });
  if (z) assert.equal(JSON.stringify(z.toJSON()), before, 'state changed after a throw');
}

test('constructor defaults and getters (RULES 2.1)', () => {
  const z = new Zola();
  assert.equal(z.turn, 'red');
  assert.equal(z.phase, 'move');
  assert.equal(z.winner, null);
  assert.equal(z.swapped, false);
  assert.equal(z.position(), START6);
  assert.deepEqual(z.history(), []);
  assert.equal(new Zola({}).position(), START6);
  assert.equal(new Zola(undefined).position(), START6);
  assert.equal(new Zola(null).position(), START6);
  assert.equal(new Zola({ first: 'blue' }).turn, 'blue');
  assert.equal(new Zola({ first: 'blue' }).position(), START6.replace(/ r$/, ' b'));
  for (const [size, count] of [
    [6, 36],
    [8, 64],
    [10, 100],
  ]) {
    const g = new Zola({ size });
    assert.equal(g.legalMoves().length, count, `size ${size}`);
    assert.equal(g.position().split('/').length, size);
  }
});

test('constructor options are checked (API Errors)', () => {
  for (const bad of [
    { size: 7 },
    { size: 6.5 },
    { size: '6' },
    { size: 0 },
    { pie: 1 },
    { first: 'green' },
    { first: 'Red' },
    { colour: 'red' },
    { position: 5 },
    5,
    'x',
    [],
    true,
  ]) {
    throwsCode(null, () => new Zola(bad), 'invalid_option');
  }
  for (const bad of [
    '',
    'x r',
    'rrrrrr/6/6/6/6/6 r',
    'r5/6/6/6/6/5b',
    'r5/6/6/6/6/5b r ',
    'r5/6/6/6/6/5o r',
    'r'.repeat(5000),
  ]) {
    throwsCode(null, () => new Zola({ position: bad }), 'parse_error');
  }
  // An explicit size that disagrees with the string.
  throwsCode(null, () => new Zola({ position: 'r5/6/6/6/6/5b r', size: 8 }), 'parse_error');
  throwsCode(null, () => new Zola({ position: 'r5/6/6/6/6/5b r', size: 7 }), 'invalid_option');
  assert.equal(new Zola({ position: 'r5/6/6/6/6/5b r', size: 6 }).position(), 'r5/6/6/6/6/5b r');
});

test('legalMoves sorted, verbose in the same order (API Common)', () => {
  const z = new Zola();
  const moves = z.legalMoves();
  assert.deepEqual(moves, [...moves].sort());
  const verbose = z.legalMovesVerbose();
  assert.deepEqual(
    verbose.map((m) => m.notation),
    moves,
  );
  for (const m of verbose) {
    assert.deepEqual(Object.keys(m).sort(), ['capture', 'from', 'kind', 'notation', 'to']);
    assert.equal(m.kind, 'move');
    assert.equal(m.capture, m.notation.includes('x'));
    assert.equal(`${m.from}${m.capture ? 'x' : '-'}${m.to}`, m.notation);
  }
  const step = new Zola({ position: '5b/6/6/2r3/6/6 r' });
  assert.deepEqual(step.legalMoves(), ['c3-b2', 'c3-b3', 'c3-b4', 'c3-c2', 'c3-d2']);
  assert.deepEqual(step.legalMovesVerbose()[0], {
    notation: 'c3-b2',
    kind: 'move',
    from: 'c3',
    to: 'b2',
    capture: false,
  });
});

test('play, isLegal and check order (API Errors; RULES 2.2)', () => {
  const z = new Zola();
  assert.equal(z.isLegal('a1xa2'), true);
  assert.equal(z.isLegal('a1xb2'), false);
  for (const junk of ['', 'zz9-zz10', null, undefined, 5, {}, [], { notation: 5 }, 'g1-f1', 'a'.repeat(5000)]) {
    assert.equal(z.isLegal(junk), false);
    throwsCode(z, () => z.play(junk), 'parse_error');
  }
  for (const illegal of ['a1xb2', 'a1-a2', 'c3-d4', 'swap', '-']) {
    throwsCode(z, () => z.play(illegal), 'illegal_move');
  }
  assert.deepEqual(z.play('a1xa2'), { notation: 'a1xa2', kind: 'move', from: 'a1', to: 'a2', capture: true });
  assert.equal(z.turn, 'blue');
  // A verbose move object is accepted (only its notation is read).
  const m = z.legalMovesVerbose()[0];
  assert.equal(z.isLegal(m), true);
  assert.deepEqual(z.play(m), m);
  assert.equal(z.isLegal({ notation: z.legalMoves()[0] }), true);
  assert.deepEqual(z.history(), ['a1xa2', m.notation]);
});

test('forced pass and the win (RULES 2.2, 2.3)', () => {
  const p = new Zola({ position: '6/6/2r3/6/6/b5 b' });
  assert.deepEqual(p.history(), ['-']);
  assert.equal(p.turn, 'red');
  p.play('c4-b5');
  assert.deepEqual(p.history(), ['-', 'c4-b5', '-']);

  const z = new Zola({ position: '5b/6/6/6/6/r5 r' });
  assert.deepEqual(z.play('a1xf6').capture, true);
  assert.equal(z.phase, 'over');
  assert.equal(z.winner, 'red');
  assert.equal(z.turn, 'red');
  assert.deepEqual(z.legalMoves(), []);
  assert.deepEqual(z.legalMovesVerbose(), []);
  assert.equal(z.isLegal('f6-e5'), false);
  throwsCode(z, () => z.play('f6-e5'), 'game_over');
  throwsCode(z, () => z.play('nonsense'), 'parse_error');
  assert.equal(z.position(), '5r/6/6/6/6/6 r');
  // A finished game restores from JSON (its position string has one colour only).
  const back = Zola.fromJSON(JSON.parse(JSON.stringify(z.toJSON())));
  assert.equal(back.winner, 'red');
  assert.equal(back.phase, 'over');
});

test("pie: swap once, as the second player's first action (RULES 2.2)", () => {
  const z = new Zola({ pie: true });
  assert.equal(z.isLegal('swap'), false);
  throwsCode(z, () => z.play('swap'), 'illegal_move');
  z.play('a1xa2');
  assert.ok(z.legalMoves().includes('swap'));
  assert.equal(z.legalMoves().at(-1), 'swap');
  assert.deepEqual(z.legalMovesVerbose().at(-1), {
    notation: 'swap',
    kind: 'swap',
    from: null,
    to: null,
    capture: false,
  });
  const board = z.position();
  assert.deepEqual(z.play('swap'), { notation: 'swap', kind: 'swap', from: null, to: null, capture: false });
  assert.equal(z.swapped, true);
  assert.equal(z.turn, 'blue');
  assert.equal(z.position(), board);
  assert.deepEqual(z.history(), ['a1xa2', 'swap']);
  throwsCode(z, () => z.play('swap'), 'illegal_move');
  // Without pie, or from a position string, never; the message says why, the code stays illegal_move.
  const n = new Zola();
  n.play('a1xa2');
  assert.equal(n.isLegal('swap'), false);
  throwsCode(n, () => n.play('swap'), 'illegal_move');
  assert.throws(() => n.play('swap'), {
    code: 'illegal_move',
    message: 'illegal move: swap (this game is played without the pie rule)',
  });
  const p = new Zola({ pie: true, position: START6 });
  p.play('a1xa2');
  assert.equal(p.isLegal('swap'), false);
  // Later: never.
  const l = new Zola({ pie: true });
  l.play('a1xa2');
  l.play(l.legalMoves()[0]);
  assert.equal(l.isLegal('swap'), false);
});

test('board() in position-string order', () => {
  const z = new Zola({ position: 'r4b/6/6/6/6/b4r b' });
  assert.deepEqual(z.board(), {
    checkers: [
      { cell: 'a6', player: 'red' },
      { cell: 'f6', player: 'blue' },
      { cell: 'a1', player: 'blue' },
      { cell: 'f1', player: 'red' },
    ],
  });
  assert.equal(new Zola({ size: 10 }).board().checkers.length, 100);
});

test('clone is independent', () => {
  const z = new Zola();
  const c = z.clone();
  c.play('a1xa2');
  assert.deepEqual(z.history(), []);
  assert.deepEqual(c.history(), ['a1xa2']);
  assert.ok(c instanceof Zola);
});

test('toJSON / fromJSON round-trip and refusals (API Common)', () => {
  const z = new Zola({ size: 8, pie: true, first: 'blue' });
  z.play(z.legalMoves()[3]);
  z.play('swap');
  z.play(z.legalMoves()[0]);
  const state = z.toJSON();
  assert.equal(state.format, 1);
  assert.equal(state.game, 'zola');
  assert.equal(state.size, 8);
  assert.equal(state.start, null);
  assert.equal(Object.getPrototypeOf(state), Object.prototype);
  const text = JSON.stringify(z);
  assert.deepEqual(JSON.parse(text), state);
  const back = Zola.fromJSON(JSON.parse(text));
  assert.deepEqual(back.toJSON(), state);
  assert.equal(back.swapped, true);
  assert.deepEqual(back.legalMoves(), z.legalMoves());
  // From a position string.
  const p = new Zola({ position: '6/6/2r3/6/6/b5 b' });
  assert.equal(p.toJSON().start, '6/6/2r3/6/6/b5 b');
  assert.deepEqual(Zola.fromJSON(p.toJSON()).history(), ['-']);
  // Malformed and impossible states.
  const bads = [
    null,
    5,
    'x',
    [],
    {},
    { ...state, format: 2 },
    { ...state, game: 'jokerball' },
    { ...state, extra: 1 },
    { ...state, turn: state.turn === 'red' ? 'blue' : 'red' },
    { ...state, swapped: false },
    { ...state, winner: 'red' },
    { ...state, phase: 'over' },
    { ...state, size: 6 },
    { ...state, history: state.history.slice(0, 2) },
    { ...state, history: [...state.history, 'zz'] },
    { ...state, position: START6 },
    { ...state, history: 'a1xa2' },
    { ...state, size: 8.5 },
    { ...state, start: 'r'.repeat(5000) },
  ];
  for (const bad of bads) {
    throwsCode(null, () => Zola.fromJSON(bad), 'parse_error');
  }
});

test('replay (API Zola)', () => {
  const z = new Zola({ pie: true });
  z.play('a1xa2');
  z.play('swap');
  z.play(z.legalMoves()[5]);
  const r = Zola.replay(z.history(), { pie: true });
  assert.deepEqual(r.toJSON(), z.toJSON());
  assert.deepEqual(Zola.replay([]).toJSON(), new Zola().toJSON());
  assert.equal(Zola.replay(['a1xa2'], { size: 8 }).position().split('/').length, 8);
  throwsCode(null, () => Zola.replay(['a1xa2', 'swap']), 'illegal_move');
  throwsCode(null, () => Zola.replay(['a1xa2', 'zz']), 'parse_error');
  throwsCode(null, () => Zola.replay(['a1xa2', 5]), 'parse_error');
  throwsCode(null, () => Zola.replay('a1xa2'), 'parse_error');
  throwsCode(null, () => Zola.replay(['a'.repeat(5000)]), 'parse_error');
  throwsCode(null, () => Zola.replay([], { position: START6 }), 'invalid_option');
  throwsCode(null, () => Zola.replay([], { size: 12 }), 'invalid_option');
});

test('random games through the package end with a winner', () => {
  let seed = 12345;
  const rnd = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (const size of [6, 8, 10]) {
    const z = new Zola({ size, pie: true });
    let plies = 0;
    while (z.phase === 'move' && plies < 5000) {
      const moves = z.legalMoves();
      assert.ok(moves.length > 0);
      z.play(moves[rnd(moves.length)]);
      plies++;
    }
    assert.equal(z.phase, 'over');
    assert.ok(z.winner === 'red' || z.winner === 'blue');
    assert.deepEqual(Zola.fromJSON(JSON.parse(JSON.stringify(z))).toJSON(), z.toJSON());
    assert.deepEqual(Zola.replay(z.history(), { size, pie: true }).toJSON(), z.toJSON());
    // Replaying past the end: the extra move is refused with game_over (after it parses).
    throwsCode(null, () => Zola.replay([...z.history(), 'a1-a2'], { size, pie: true }), 'game_over');
    throwsCode(null, () => Zola.replay([...z.history(), 'zz'], { size, pie: true }), 'parse_error');
  }
});

test('a JSON state given as text (not parsed) is named as text; the code stays parse_error', () => {
  for (const C of [Zola, Jokerball, Match]) {
    assert.throws(
      () => C.fromJSON('{}'),
      { code: 'parse_error', message: 'a JSON state must be an object, and this is text: JSON.parse it first' },
      C.name,
    );
    assert.throws(() => C.fromJSON(5), { code: 'parse_error', message: 'a JSON state must be an object' }, C.name);
  }
});
