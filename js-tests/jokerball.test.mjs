// The Jokerball class through the built package (API.md "Jokerball", "Errors"; RULES 1).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Jokerball, SteereError } from '../pkg/node.js';

const START6 = 'bbbbbb/bbbbbbb/8/9/10/5o5/10/9/8/rrrrrrr/rrrrrr r';
const START4 = 'bbbb/bbbbb/6/3o3/6/rrrrr/rrrr r';

function throwsCode(fn, code) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof SteereError, `not a SteereError: ${e}`);
    assert.equal(e.name, 'SteereError');
    assert.equal(e.code, code, e.message);
    return true;
  });
}

function snapshot(g) {
  return JSON.stringify(g.toJSON());
}

test('options: defaults, sizes, rows, first, position, seed (RULES 1.3, 1.8)', () => {
  const g = new Jokerball();
  assert.equal(g.position(), START6);
  assert.equal(g.turn, 'red');
  assert.equal(g.phase, 'roll');
  assert.equal(g.dice, null);
  assert.equal(g.winner, null);
  assert.deepEqual(g.legalMoves(), []);
  assert.deepEqual(g.legalTurns(), []);
  assert.equal(new Jokerball({ size: 4 }).position(), START4);
  assert.equal(new Jokerball({ size: 4, rows: 1, first: 'blue' }).position(), 'bbbb/5/6/3o3/6/5/rrrr b');
  assert.equal(new Jokerball({ rules: 'classic' }).toJSON().rules, 'classic');
  const p = new Jokerball({ position: 'b1bb/3r1/2bb2/b1r4/1o3r/1rb2/rrrr r', rules: 'classic' });
  assert.equal(p.position(), 'b1bb/3r1/2bb2/b1r4/1o3r/1rb2/rrrr r');
  assert.deepEqual(p.history(), []);
  assert.equal(new Jokerball({ position: START4, size: 4 }).position(), START4);
  const a = new Jokerball({ seed: 7 });
  const b = new Jokerball({ seed: 7 });
  assert.deepEqual(a.roll(), b.roll());
  const s = new Jokerball({ seed: 'abc' });
  assert.deepEqual(s.roll(), { distance: 3, direction: 6, skipped: [] });
});

test('option errors: invalid_option, parse_error', () => {
  for (const bad of [
    { foo: 1 },
    { size: 5 },
    { size: '6' },
    { rows: 0 },
    { rows: 6 },
    { size: 4, rows: 4 },
    { rows: 1.5 },
    { rules: 'Classic' },
    { first: 'green' },
    { seed: -1 },
    { seed: 2 ** 32 },
    { seed: 1.5 },
    { seed: true },
    { position: 7 },
    5,
    'x',
  ]) {
    throwsCode(() => new Jokerball(bad), 'invalid_option');
  }
  throwsCode(() => new Jokerball({ position: 'nonsense' }), 'parse_error');
  throwsCode(() => new Jokerball({ position: START6, size: 4 }), 'parse_error');
  throwsCode(() => new Jokerball({ position: 'bbbbbb/bbbbbbb/8/9/10/11/10/9/8/rrrrrrr/rrrrrr r' }), 'parse_error');
  throwsCode(() => new Jokerball({ position: 'x'.repeat(5000) }), 'parse_error');
});

test('roll, setDice, play, legalMoves, legalMovesVerbose, isLegal, legalTurns (RULES 1.4-1.6)', () => {
  const g = new Jokerball({ seed: 1 });
  throwsCode(() => g.play('b1-c1'), 'wrong_phase');
  throwsCode(() => g.setDice(7, 1), 'invalid_option');
  throwsCode(() => g.setDice(1, 0), 'invalid_option');
  throwsCode(() => g.setDice('2', 1), 'invalid_option');
  throwsCode(() => g.setDice(1.5, 1), 'invalid_option');
  g.setDice(2, 3);
  assert.equal(g.phase, 'man');
  assert.deepEqual(g.dice, { distance: 2, direction: 3 });
  throwsCode(() => g.roll(), 'wrong_phase');
  throwsCode(() => g.setDice(1, 1), 'wrong_phase');
  const moves = g.legalMoves();
  assert.equal(moves.length, 14);
  assert.deepEqual([...moves].sort(), moves);
  const verbose = g.legalMovesVerbose();
  assert.deepEqual(
    verbose.map((m) => m.notation),
    moves,
  );
  assert.deepEqual(verbose[0], {
    notation: 'b1-d1',
    kind: 'man',
    from: 'b1',
    to: 'd1',
    capture: false,
    path: ['c1', 'd1'],
  });
  assert.ok(g.isLegal('b3-d3'));
  assert.ok(g.isLegal({ notation: 'b3-d3' }));
  assert.equal(g.isLegal('f6>h6'), false);
  assert.equal(g.isLegal(null), false);
  assert.equal(g.isLegal(42), false);
  assert.equal(g.isLegal('zz9-zz10'), false);
  const turns = g.legalTurns();
  assert.ok(turns.includes('b3-d3 f6>g6'));
  assert.deepEqual([...turns].sort(), turns);
  assert.deepEqual(g.play({ notation: 'b3-d3', kind: 'ignored' }), {
    notation: 'b3-d3',
    kind: 'man',
    from: 'b3',
    to: 'd3',
    capture: false,
    path: ['c3', 'd3'],
    skipped: [],
  });
  assert.equal(g.phase, 'ball');
  assert.deepEqual(
    g.legalTurns(),
    g.legalMoves().map((m) => `b3-d3 ${m}`),
  );
  const ball = g.play('f6>h6');
  assert.deepEqual(ball, {
    notation: 'f6>h6',
    kind: 'ball',
    from: 'f6',
    to: 'h6',
    capture: false,
    path: ['g6', 'h6'],
    skipped: [],
  });
  assert.deepEqual(g.history(), ['2/3 b3-d3 f6>h6']);
  assert.equal(g.turn, 'blue');
  assert.equal(g.phase, 'roll');
  assert.equal(g.dice, null);
  const d = g.roll();
  assert.ok(d.distance >= 1 && d.distance <= 6 && d.direction >= 1 && d.direction <= 6);
});

test('errors: order of checks and state unchanged after a throw (API.md Errors)', () => {
  const g = new Jokerball({ seed: 3 });
  g.setDice(3, 4);
  const before = snapshot(g);
  throwsCode(() => g.play('zz9-zz10'), 'parse_error');
  throwsCode(() => g.play(''), 'parse_error');
  throwsCode(() => g.play(null), 'parse_error');
  throwsCode(() => g.play(12), 'parse_error');
  throwsCode(() => g.play('a7-b7'), 'parse_error'); // no such cell on side 6
  throwsCode(() => g.play('b'.repeat(4097)), 'parse_error');
  throwsCode(() => g.play('f6>g7'), 'wrong_phase'); // a ball move in phase man
  throwsCode(() => g.play('k6-j6'), 'illegal_move'); // a Blue man
  throwsCode(() => g.play('b3-c3'), 'illegal_move');
  assert.equal(snapshot(g), before);
  g.play('b3-e3');
  throwsCode(() => g.play('b4-e4'), 'wrong_phase'); // a man move in phase ball
  // Side 4: e1 does not exist there.
  const s4 = new Jokerball({ size: 4, seed: 1 });
  s4.setDice(1, 1);
  throwsCode(() => s4.play('e1-f1'), 'parse_error');
  // game over comes before wrong phase and legality, after parsing.
  const over = new Jokerball({ position: '6/7/8/9/10/5o5/10/9/8/7/r5 r' });
  over.setDice(1, 3);
  over.play('a1-b1');
  over.play('f6>off');
  assert.equal(over.phase, 'over');
  assert.equal(over.winner, 'red');
  assert.equal(over.turn, 'red');
  assert.equal(over.dice, null);
  assert.equal(over.board().ball, null);
  const end = snapshot(over);
  throwsCode(() => over.play('b1-c1'), 'game_over');
  throwsCode(() => over.play('zz'), 'parse_error');
  throwsCode(() => over.roll(), 'game_over');
  throwsCode(() => over.setDice(1, 1), 'game_over');
  throwsCode(() => over.setDice(9, 1), 'invalid_option');
  assert.equal(snapshot(over), end);
  assert.deepEqual(over.legalMoves(), []);
});

test('skipped phases are recorded as - (RULES 1.4)', () => {
  const g = new Jokerball({ position: 'b5/7/8/9/10/o10/10/9/8/7/6 r' });
  g.setDice(3, 2);
  assert.deepEqual(g.history(), ['3/2 - -']);
  assert.equal(g.phase, 'roll');
  assert.equal(g.turn, 'blue');
  const h = new Jokerball({ position: 'b5/7/8/9/10/o10/10/9/8/7/6 r' });
  h.setDice(3, 5);
  assert.equal(h.phase, 'ball');
  assert.ok(h.legalTurns().includes('- f1>f11'));
  h.play('f1>f4');
  assert.deepEqual(h.history(), ['3/5 - f1>f4']);
  const k = new Jokerball({ position: 'b5/7/8/9/10/o10/10/9/2r5/7/6 r' });
  k.setDice(1, 2);
  assert.deepEqual(k.legalTurns(), ['c3-d3 -', 'c3-d4 -']);
  k.play('c3-d4');
  assert.deepEqual(k.history(), ['1/2 c3-d4 -']);
  assert.equal(k.phase, 'roll');
});

test('board() lists men in position-string order and the ball', () => {
  const g = new Jokerball({ position: 'b1bb/3r1/2bb2/b1r4/1o3r/1rb2/rrrr r' });
  const board = g.board();
  assert.equal(board.ball, 'c2');
  assert.deepEqual(board.men.slice(0, 4), [
    { cell: 'g4', player: 'blue' },
    { cell: 'g6', player: 'blue' },
    { cell: 'g7', player: 'blue' },
    { cell: 'f6', player: 'red' },
  ]);
  assert.equal(board.men.length, 15);
});

test('toJSON / fromJSON, also without rng (API.md)', () => {
  const g = new Jokerball({ seed: 11, size: 4 });
  g.roll();
  const first = g.legalMoves()[0];
  if (first) g.play(first);
  const json = JSON.parse(JSON.stringify(g.toJSON()));
  assert.equal(json.format, 1);
  assert.equal(json.game, 'jokerball');
  const back = Jokerball.fromJSON(json);
  assert.deepEqual(back.toJSON(), g.toJSON());
  assert.equal(JSON.stringify(g), JSON.stringify(g.toJSON()));
  // Continue both: same dice.
  for (const x of [g, back]) while (x.phase !== 'roll' && x.phase !== 'over') x.play(x.legalMoves()[0]);
  if (g.phase === 'roll') assert.deepEqual(g.roll(), back.roll());
  // Without rng: only setDice goes on.
  const bare = new Jokerball({ seed: 5 });
  const st = bare.toJSON({ rng: false });
  assert.equal(st.rng, null);
  const r = Jokerball.fromJSON(st);
  throwsCode(() => r.roll(), 'wrong_phase');
  r.setDice(1, 1);
  assert.equal(r.phase, 'man');
  throwsCode(() => bare.toJSON({ rng: 1 }), 'invalid_option');
  throwsCode(() => bare.toJSON({ other: true }), 'invalid_option');
  // Malformed or impossible states.
  throwsCode(() => Jokerball.fromJSON(null), 'parse_error');
  throwsCode(() => Jokerball.fromJSON([]), 'parse_error');
  throwsCode(() => Jokerball.fromJSON({ ...json, extra: 1 }), 'parse_error');
  throwsCode(() => Jokerball.fromJSON({ ...json, format: 2 }), 'parse_error');
  throwsCode(() => Jokerball.fromJSON({ ...json, winner: 'red' }), 'parse_error');
  throwsCode(() => Jokerball.fromJSON({ ...json, position: START4 }), 'parse_error');
  throwsCode(() => Jokerball.fromJSON({ ...json, history: ['9/9 - -'] }), 'parse_error');
  throwsCode(() => Jokerball.fromJSON({ ...json, rng: { key: 'zz', word: 0 } }), 'parse_error');
});

test('replay and clone independence', () => {
  const g = new Jokerball({ seed: 21 });
  for (let i = 0; i < 30 && g.phase !== 'over'; i++) {
    if (g.phase === 'roll') g.roll();
    else g.play(g.legalMoves()[g.legalMoves().length - 1]);
  }
  while (g.phase === 'man' || g.phase === 'ball') g.play(g.legalMoves()[0]);
  const r = Jokerball.replay(g.history(), { seed: 21 });
  assert.equal(r.position(), g.position());
  assert.deepEqual(r.history(), g.history());
  if (g.phase === 'roll') assert.deepEqual(r.roll(), g.roll());
  throwsCode(() => Jokerball.replay(['1/1 zz -']), 'parse_error');
  throwsCode(() => Jokerball.replay(['nonsense']), 'parse_error');
  throwsCode(() => Jokerball.replay([7]), 'parse_error');
  throwsCode(() => Jokerball.replay('2/3 b3-d3 f6>h6'), 'parse_error');
  throwsCode(() => Jokerball.replay(['2/3 b3-e3 f6>h6']), 'illegal_move');
  throwsCode(() => Jokerball.replay([], { position: START6 }), 'invalid_option');
  throwsCode(() => Jokerball.replay([], { size: 3 }), 'invalid_option');
  assert.deepEqual(Jokerball.replay(['2/3 b3-d3 f6>h6']).history(), ['2/3 b3-d3 f6>h6']);
  const a = new Jokerball({ seed: 2 });
  a.setDice(2, 3);
  const c = a.clone();
  c.play('b3-d3');
  assert.equal(a.phase, 'man');
  assert.equal(c.phase, 'ball');
  assert.notEqual(a.position(), c.position());
});

test('a full seeded random game ends with a winner (RULES 1.7)', () => {
  for (const opts of [{ seed: 99 }, { seed: 'x', size: 4, rules: 'classic' }, { seed: 4, rows: 4 }]) {
    const g = new Jokerball(opts);
    let n = 0;
    let pick = 12345;
    while (g.phase !== 'over' && n < 200000) {
      if (g.phase === 'roll') g.roll();
      else {
        const ms = g.legalMoves();
        pick = (pick * 1103515245 + 12345) % 2147483648;
        g.play(ms[pick % ms.length]);
      }
      n++;
    }
    assert.equal(g.phase, 'over');
    assert.ok(g.winner === 'red' || g.winner === 'blue');
    assert.equal(g.board().ball, null);
    const last = g.history().at(-1);
    assert.match(last, />off$/);
    const back = Jokerball.fromJSON(JSON.parse(JSON.stringify(g.toJSON())));
    assert.equal(back.winner, g.winner);
    assert.equal(back.phase, 'over');
  }
});
