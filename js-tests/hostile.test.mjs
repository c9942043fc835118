// Hostile input into every method of every class (issue 9; API.md "Errors"): random strings, numbers,
// objects, null, undefined, huge inputs, wrong types, throwing getters, Proxies, BigInt, symbols and
// cyclic objects. Every failure must be a SteereError with a code from API.md, the object's toJSON()
// must be unchanged after it, no WebAssembly.RuntimeError may escape, and the module must stay usable.
// Mutated JSON states either restore a legal game (which then plays its legal moves) or throw
// parse_error. Seeded by its own small PRNG, so a failure reproduces.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as mod from '../pkg/node.js';
import { CODES } from './error-codes.mjs';
import { prng } from './prng.mjs';

const { Jokerball, Zola, Match, SteereError } = mod;
await mod.default();

const ALL = [...CODES];

const FRAGMENTS = [
  'a1',
  'b3',
  'k6',
  'j6',
  'off',
  '-',
  'x',
  '>',
  '/',
  ' ',
  'swap',
  'r',
  'b',
  'o',
  '2/3',
  'c3xd3',
  '10',
  'zz9',
  '\u0000',
  '\ud800',
  '💥',
  'é',
  '\n',
  '6',
  '11',
  'red',
  'blue',
  'classic',
  '2025',
];

/** A throwing getter, a Proxy with throwing traps, a revoked Proxy, a cyclic object, and so on. */
function exotic(r) {
  const boom = () => {
    throw new Error('boom');
  };
  const cyclic = { a: 1 };
  cyclic.self = cyclic;
  const cyclicArray = [];
  cyclicArray.push(cyclicArray);
  const { proxy: revoked, revoke } = Proxy.revocable({}, {});
  revoke();
  const { proxy: revokedArray, revoke: revoke2 } = Proxy.revocable([], {});
  revoke2();
  const kinds = [
    () => ({
      get notation() {
        return boom();
      },
    }),
    () => ({
      get rules() {
        return boom();
      },
    }),
    () => ({
      get format() {
        return boom();
      },
      game: 'jokerball',
    }),
    () => new Proxy({}, { get: boom, ownKeys: boom, getOwnPropertyDescriptor: boom, has: boom }),
    () => new Proxy([], { get: boom }),
    () => new Proxy(['a1-b1'], { get: (t, k) => (k === 'length' ? 2 ** 32 - 1 : t[k]) }),
    () => new Proxy({ size: 6 }, { ownKeys: () => ['size', 'size'] }),
    () => revoked,
    () => revokedArray,
    () => cyclic,
    () => cyclicArray,
    () => 10n,
    () => 2n ** 64n,
    () => Symbol('s'),
    () => Symbol.iterator,
    () => () => 'a1-b1',
    () => ({ toString: boom, valueOf: boom, [Symbol.toPrimitive]: boom }),
    () => Object.create(null),
    () => new Date(0),
    () => new Map([['size', 6]]),
    () => new Uint8Array(16),
    () => new Array(2 ** 32 - 1),
    () => new Array(300_000).fill('a1-b1'),
    () => 'x'.repeat(5000),
    () => 'b3-d3 '.repeat(200_000),
    () => ({ notation: 'x'.repeat(4097) }),
    () => ({ notation: new Proxy({}, { get: boom }) }),
    () => ({ seed: 10n }),
    () => ({ seed: Symbol('s') }),
    () => ({ seed: 'y'.repeat(10_000) }),
    () => ({ length: 3, jokerball: cyclic }),
    () => ({ size: 6, rows: { valueOf: boom } }),
    () => ({ rng: new Proxy({}, { get: boom }) }),
    () => JSON.parse('{"__proto__": {"size": 4}}'),
    () => ({ constructor: 1, __proto__: null, hasOwnProperty: 2 }),
  ];
  return r.pick(kinds)();
}

/** Any value: mostly plain junk, sometimes exotic. */
function hostile(r, depth = 0) {
  switch (r.int(14)) {
    case 0:
      return undefined;
    case 1:
      return null;
    case 2:
      return r.next() < 0.5;
    case 3:
      return r.pick([
        NaN,
        Infinity,
        -Infinity,
        -0,
        0,
        1,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        10,
        21,
        22,
        -1,
        0.5,
        2 ** 31,
        2 ** 32,
        2 ** 32 - 1,
        2 ** 53,
        2 ** 53 + 2,
        Number.MAX_VALUE,
        Number.MIN_VALUE,
        1e308,
      ]);
    case 4:
      return r.int(1 << 30) - (1 << 29);
    case 5:
    case 6: {
      let s = '';
      const n = r.int(6);
      for (let i = 0; i < n; i += 1) s += r.pick(FRAGMENTS);
      return s;
    }
    case 7:
      return String.fromCharCode(...Array.from({ length: r.int(12) }, () => r.int(0x10000)));
    case 8:
    case 9:
      return exotic(r);
    case 10: {
      if (depth > 3) return {};
      const keys = [
        'size',
        'rows',
        'rules',
        'first',
        'position',
        'seed',
        'pie',
        'game',
        'length',
        'cube',
        'jokerball',
        'zola',
        'rng',
        'notation',
        'level',
        'timeMs',
        'players',
        'maxTurns',
        'extra',
      ];
      const o = {};
      const n = r.int(4);
      for (let i = 0; i < n; i += 1) o[r.pick(keys)] = hostile(r, depth + 1);
      return o;
    }
    case 11:
      return depth > 3 ? [] : Array.from({ length: r.int(4) }, () => hostile(r, depth + 1));
    case 12:
      return r.pick(['red', 'blue', 'classic', '2025', 'jokerball', 'zola', 'swap', '-']);
    default:
      return { notation: hostile(r, depth + 1) };
  }
}

/** Calls fn; a throw must be a SteereError with a code among `codes`; returns whether it threw. */
function guarded(what, fn, codes = ALL) {
  try {
    fn();
    return false;
  } catch (e) {
    assert.ok(!(e instanceof WebAssembly.RuntimeError), `${what}: a WebAssembly.RuntimeError: ${e}`);
    assert.ok(e instanceof SteereError, `${what}: threw ${e?.name}: ${e?.message}`);
    assert.equal(e.name, 'SteereError');
    assert.ok(CODES.has(e.code), `${what}: unknown code ${e.code}`);
    assert.ok(codes.includes(e.code), `${what}: code ${e.code} where ${codes} was expected`);
    assert.equal(typeof e.message, 'string');
    return true;
  }
}

const snapshot = (obj) => JSON.stringify(obj.toJSON());

/** Reads every getter: none may throw. */
function readGetters(obj, names) {
  for (const name of names) {
    try {
      void obj[name];
    } catch (e) {
      assert.fail(`getter ${name} threw ${e}`);
    }
  }
}

const GETTERS = {
  Jokerball: ['turn', 'phase', 'dice', 'winner', 'tags', 'toAct', 'annotations'],
  Zola: ['turn', 'winner', 'phase', 'swapped', 'tags', 'toAct', 'annotations'],
  Match: [
    'length',
    'score',
    'gameNumber',
    'cube',
    'pendingDouble',
    'crawford',
    'phase',
    'winner',
    'turn',
    'game',
    'results',
    'dice',
    'gamePhase',
    'games',
    'tags',
    'toAct',
    'forfeited',
    'annotations',
  ],
};

// What Jokerball and a match share first: the dice (Zola has none); then what all three share first.
const DICE = {
  roll: [0, ['game_over', 'wrong_phase']],
  setDice: [2, ['invalid_option', 'game_over', 'wrong_phase']],
};
const MOVES = {
  legalMoves: [0, []],
  legalMovesVerbose: [0, []],
};

// The methods both lone games share, with the same arity and codes (Jokerball's toJSON alone takes options
// it can refuse).
const LONE = {
  isLegal: [1, []],
  play: [1, ['parse_error', 'game_over', 'wrong_phase', 'illegal_move']],
  position: [0, []],
  board: [0, []],
  view: [0, []],
  history: [0, []],
  clone: [0, []],
  toJSON: [1, []],
  dests: [1, ['parse_error']],
  toRecord: [1, ['invalid_option']],
  setAnnotations: [1, ['invalid_option']],
  replayTo: [1, ['invalid_option']],
  forfeit: [2, ['invalid_option', 'game_over']],
};

// Each method with the codes its failures may carry (API.md "Errors").
const METHODS = {
  Jokerball: {
    ...DICE,
    ...MOVES,
    legalTurns: [0, []],
    ...LONE,
    toJSON: [1, ['invalid_option']],
  },
  Zola: {
    ...MOVES,
    ...LONE,
  },
  Match: {
    ...DICE,
    ...MOVES,
    isLegal: [1, []],
    play: [1, ['parse_error', 'game_over', 'wrong_phase', 'illegal_move']],
    position: [0, []],
    history: [0, []],
    canDouble: [0, []],
    double: [0, ['cube_not_allowed', 'game_over', 'wrong_phase']],
    take: [0, ['game_over', 'wrong_phase']],
    drop: [0, ['game_over', 'wrong_phase']],
    resign: [1, ['invalid_option', 'game_over', 'wrong_phase']],
    nextGame: [0, ['game_over', 'wrong_phase']],
    toJSON: [1, ['invalid_option']],
    board: [0, []],
    view: [0, []],
    dests: [1, ['parse_error']],
    toRecord: [1, ['invalid_option', 'wrong_phase']],
    setAnnotations: [1, ['invalid_option']],
    forfeit: [2, ['invalid_option', 'game_over']],
  },
};

// The members of the optional Bot class, attacked in their own test below.
const BOT_METHODS = ['chooseMove', 'cubeAction', 'evaluate', 'hint', 'review', 'rollout', 'rolloutPart', 'joinRollout'];

test('the tables above name every method and getter of every class', () => {
  const tables = {
    Jokerball: [...Object.keys(METHODS.Jokerball), ...GETTERS.Jokerball],
    Zola: [...Object.keys(METHODS.Zola), ...GETTERS.Zola],
    Match: [...Object.keys(METHODS.Match), ...GETTERS.Match],
    Bot: BOT_METHODS,
  };
  const classes = Object.entries(mod).filter(([, v]) => typeof v?.prototype?.free === 'function');
  assert.ok(classes.length >= 3);
  for (const [name, cls] of classes) {
    assert.ok(tables[name], `class ${name} has no table here`);
    const members = Reflect.ownKeys(cls.prototype).filter(
      (k) => typeof k === 'string' && k !== 'constructor' && k !== 'free' && !k.startsWith('__'),
    );
    assert.deepEqual(
      members.filter((k) => !tables[name].includes(k)),
      [],
      `${name} members missing from the tables`,
    );
    assert.deepEqual(
      tables[name].filter((k) => !members.includes(k)),
      [],
      `${name}: the tables name unknown members`,
    );
  }
});

/** One hostile call of `name` on `obj`: a refusal leaves toJSON() unchanged. */
function attack(r, cls, obj, name) {
  const [arity, codes] = METHODS[cls][name];
  const args = Array.from({ length: arity + r.int(2) }, () => hostile(r));
  const before = snapshot(obj);
  let result;
  const threw = guarded(
    `${cls}.${name}`,
    () => {
      result = obj[name](...args);
    },
    codes,
  );
  if (threw) assert.equal(snapshot(obj), before, `${cls}.${name} changed the object and threw`);
  if (name === 'isLegal') assert.equal(typeof result, 'boolean');
  readGetters(obj, GETTERS[cls]);
  if ((name === 'clone' || name === 'replayTo') && result) result.free();
}

/** Plays one random step of a game or match (a roll, the dice, a move), as a user would. */
function step(r, obj) {
  if (obj.phase === 'over' || obj.phase === 'match-over') return;
  if (obj.phase === 'game-over') return obj.nextGame();
  if (obj.phase === 'double') return r.next() < 0.5 ? obj.take() : obj.drop();
  if (obj.phase === 'roll' || (obj instanceof Match && obj.game instanceof Jokerball && obj.game.phase === 'roll')) {
    return obj.setDice(1 + r.int(3), 1 + r.int(6));
  }
  const moves = obj.legalMoves();
  if (moves.length) obj.play(r.pick(moves));
}

function specimens(r) {
  const games = [
    ['Jokerball', new Jokerball({ seed: r.int(1000) })],
    ['Jokerball', new Jokerball({ size: 4, rows: 1 + r.int(3), rules: 'classic', seed: 'x' })],
    ['Zola', new Zola({ pie: true })],
    ['Zola', new Zola({ size: 8 })],
    ['Match', new Match({ length: 3, cube: true, seed: 5 })],
    ['Match', new Match({ game: 'zola', length: 5, cube: true })],
  ];
  for (const [, g] of games) {
    const n = r.int(60);
    for (let i = 0; i < n; i += 1) step(r, g);
  }
  return games;
}

test('every method of every class refuses hostile input with a SteereError and no change (API.md Errors)', () => {
  const r = prng(20261203);
  for (let round = 0; round < 12; round += 1) {
    for (const [cls, obj] of specimens(r)) {
      for (let i = 0; i < 120; i += 1) {
        attack(r, cls, obj, r.pick(Object.keys(METHODS[cls])));
        if (r.next() < 0.1) step(r, obj);
      }
      obj.free();
    }
  }
});

test('constructors, fromJSON and replay refuse hostile input with the documented codes', () => {
  const r = prng(7);
  for (let i = 0; i < 1500; i += 1) {
    for (const [name, make] of [
      ['new Jokerball', (x) => new Jokerball(x)],
      ['new Zola', (x) => new Zola(x)],
      ['new Match', (x) => new Match(x)],
    ]) {
      let made;
      guarded(name, () => {
        made = make(hostile(r));
      }, ['invalid_option', 'parse_error']);
      made?.free();
    }
    for (const cls of [Jokerball, Zola, Match]) {
      let made;
      guarded(`${cls.name}.fromJSON`, () => {
        made = cls.fromJSON(hostile(r));
      }, ['parse_error']);
      made?.free();
    }
    for (const cls of [Jokerball, Zola]) {
      let made;
      guarded(`${cls.name}.replay`, () => {
        made = cls.replay(hostile(r), hostile(r));
      });
      made?.free();
    }
  }
});

test('known weak spots: getters that throw, Proxies, BigInt, symbols, cycles, huge arrays', () => {
  const boom = () => {
    throw new TypeError('boom');
  };
  const cyclic = {};
  cyclic.jokerball = cyclic;
  const { proxy: revoked, revoke } = Proxy.revocable({}, {});
  revoke();
  const cases = [
    [
      () =>
        new Jokerball({
          get size() {
            return boom();
          },
        }),
      'invalid_option',
    ],
    [() => new Jokerball(new Proxy({}, { ownKeys: boom })), 'invalid_option'],
    [() => new Jokerball(new Proxy({ size: 6 }, { get: boom })), 'invalid_option'],
    [() => new Jokerball(revoked), 'invalid_option'],
    [() => new Jokerball({ seed: 3n }), 'invalid_option'],
    [() => new Jokerball({ seed: Symbol('x') }), 'invalid_option'],
    [() => new Match({ length: 3, jokerball: cyclic }), 'invalid_option'],
    [() => new Zola({ size: 6n }), 'invalid_option'],
    [() => Jokerball.fromJSON(revoked), 'parse_error'],
    [() => Jokerball.fromJSON(cyclic), 'parse_error'],
    [() => Zola.fromJSON(new Proxy({}, { getOwnPropertyDescriptor: boom, ownKeys: () => ['a'] })), 'parse_error'],
    [
      () =>
        Match.fromJSON({
          get variant() {
            return boom();
          },
        }),
      'parse_error',
    ],
    [() => Match.fromJSON(new Proxy([], { get: boom })), 'parse_error'],
    [() => Jokerball.replay(new Array(2 ** 32 - 1)), 'parse_error'],
    [() => Jokerball.replay(new Proxy([], { get: boom })), 'parse_error'],
    [() => Zola.replay(new Proxy(['c3xd3'], { get: (t, k) => (k === '0' ? boom() : t[k]) })), 'parse_error'],
    [() => Zola.replay(new Array(1_000_000).fill('-')), 'parse_error'],
    [() => Zola.replay([10n]), 'parse_error'],
    [
      () =>
        new Jokerball().play({
          get notation() {
            return boom();
          },
        }),
      'parse_error',
    ],
    [() => new Zola().play(new Proxy({}, { get: boom })), 'parse_error'],
    [() => new Zola().play(Symbol('m')), 'parse_error'],
    [
      () =>
        new Jokerball().toJSON({
          get rng() {
            return boom();
          },
        }),
      'invalid_option',
    ],
    [() => new Jokerball().setDice(1n, 2n), 'invalid_option'],
    [() => new Jokerball().setDice(Symbol('a'), 1), 'invalid_option'],
    [() => new Match({ length: 1 }).resign(Symbol('p')), 'invalid_option'],
    [() => new Match({ length: 1 }).resign(revoked), 'invalid_option'],
  ];
  for (const [fn, code] of cases) {
    assert.throws(fn, (e) => e instanceof SteereError && e.code === code, String(fn));
  }
  // A getter that calls back into the same object while it is borrowed: refused, object unchanged.
  const z = new Zola();
  const before = snapshot(z);
  assert.throws(
    () =>
      z.play({
        get notation() {
          z.play(z.legalMoves()[0]);
          return z.legalMoves()[0];
        },
      }),
    (e) => e instanceof SteereError && e.code === 'parse_error',
  );
  assert.equal(snapshot(z), before);
  assert.equal(
    z.isLegal({
      get notation() {
        return boom();
      },
    }),
    false,
  );
});

/** A random mutation of a plain JSON value. */
function mutate(r, value, depth = 0) {
  if (Array.isArray(value)) {
    const out = value.slice();
    const k = r.int(5);
    if (k === 0 && out.length) out.splice(r.int(out.length), 1);
    else if (k === 1 && out.length > 1) {
      const i = r.int(out.length);
      const j = r.int(out.length);
      [out[i], out[j]] = [out[j], out[i]];
    } else if (k === 2) out.splice(r.int(out.length + 1), 0, hostileJson(r));
    else if (out.length) {
      const i = r.int(out.length);
      out[i] = mutate(r, out[i], depth + 1);
    }
    return out;
  }
  if (value && typeof value === 'object') {
    const out = { ...value };
    const keys = Object.keys(out);
    const k = r.int(6);
    if (k === 0 && keys.length) delete out[r.pick(keys)];
    else if (k === 1) out[r.pick(['extra', 'turn', 'rng', 'winner', 'cube'])] = hostileJson(r);
    else if (keys.length) {
      const key = r.pick(keys);
      out[key] = mutate(r, out[key], depth + 1);
    }
    return out;
  }
  if (typeof value === 'string') {
    const k = r.int(4);
    if (k === 0 || !value.length) return hostileJson(r);
    const i = r.int(value.length);
    const c = r.pick(['r', 'b', 'o', '1', '2', '9', '/', ' ', '-', 'x', '>', 'a', 'k', '']);
    return value.slice(0, i) + c + value.slice(i + (k === 1 ? 0 : 1));
  }
  if (typeof value === 'number') return r.pick([value + 1, value - 1, value * 2, 0, -1, 0.5, 2 ** 53, 21, 22]);
  if (typeof value === 'boolean') return !value;
  return hostileJson(r);
}

function hostileJson(r) {
  return r.pick([
    null,
    true,
    false,
    0,
    1,
    2,
    6,
    -3,
    1.5,
    'red',
    'blue',
    '',
    'jokerball',
    'zola',
    [],
    {},
    ['-'],
    { distance: 1, direction: 1 },
  ]);
}

/** A restored game keeps its promises: it round-trips, and its legal moves are legal and play. */
function checkRestored(cls, obj, r) {
  assert.equal(snapshot(cls.fromJSON(obj.toJSON())), snapshot(obj));
  for (let i = 0; i < 40 && !['over', 'match-over'].includes(obj.phase); i += 1) {
    const moves = obj.legalMoves();
    for (const m of moves) assert.equal(obj.isLegal(m), true, m);
    const before = snapshot(obj);
    guarded('after restore', () => step(r, obj), ['wrong_phase', 'cube_not_allowed']);
    if (moves.length) assert.notEqual(snapshot(obj), before, 'a legal move did nothing');
  }
}

test('mutated JSON states restore a legal game or throw parse_error (API.md toJSON/fromJSON)', () => {
  const r = prng(99);
  let restored = 0;
  let refused = 0;
  for (let round = 0; round < 25; round += 1) {
    for (const [cls, obj] of specimens(r)) {
      const state = JSON.parse(JSON.stringify(obj.toJSON(cls === 'Zola' ? undefined : { rng: r.next() < 0.5 })));
      const C = mod[cls];
      for (let i = 0; i < 30; i += 1) {
        let m = state;
        for (let n = 1 + r.int(3); n > 0; n -= 1) m = mutate(r, m);
        let back;
        if (
          guarded(`${cls}.fromJSON(mutated)`, () => {
            back = C.fromJSON(m);
          }, ['parse_error'])
        ) {
          refused += 1;
        } else {
          restored += 1;
          checkRestored(C, back, r);
          back.free();
        }
      }
      obj.free();
    }
  }
  assert.ok(refused > 100, `only ${refused} mutated states refused`);
  assert.ok(restored > 20, `only ${restored} mutated states restored`);
});

test('optional classes (Bot, simulate), recordType, the clock functions and ratingChange refuse hostile input too', () => {
  const r = prng(5);
  if (typeof mod.Bot === 'function') {
    for (let i = 0; i < 300; i += 1) {
      let bot;
      guarded('new Bot', () => {
        bot = new mod.Bot(hostile(r));
      }, ['invalid_option']);
      bot?.free?.();
    }
    const bot = new mod.Bot({ level: 'easy', seed: 1 });
    const over = new mod.Jokerball({ seed: 2 });
    while (over.phase !== 'over') {
      if (over.phase === 'roll') over.roll();
      else over.play(bot.chooseMove(over));
    }
    for (let i = 0; i < 300; i += 1) {
      guarded('Bot.chooseMove', () => bot.chooseMove(hostile(r)), ['invalid_option', 'parse_error', 'wrong_phase']);
      guarded('Bot.cubeAction', () => bot.cubeAction(hostile(r)), ['invalid_option', 'parse_error', 'wrong_phase']);
      guarded('Bot.evaluate', () => bot.evaluate(hostile(r)), ['invalid_option', 'parse_error']);
      guarded('Bot.hint', () => bot.hint(hostile(r)), ['invalid_option', 'parse_error', 'wrong_phase']);
      guarded('Bot.review', () => bot.review(hostile(r), hostile(r)), ['invalid_option', 'parse_error']);
      guarded('Bot.rollout', () => bot.rollout(hostile(r), hostile(r)), ['invalid_option', 'parse_error']);
      // Hostile options on a real game: refused, or (valid options) the finished game has nothing to
      // roll out, so no rollout runs; the game is untouched.
      const before = JSON.stringify(over.toJSON());
      guarded('Bot.rollout options', () => bot.rollout(over, hostile(r)), ['invalid_option', 'wrong_phase']);
      guarded('Bot.rolloutPart', () => bot.rolloutPart(hostile(r), hostile(r), hostile(r), hostile(r)), [
        'invalid_option',
        'parse_error',
      ]);
      guarded('Bot.rolloutPart options', () => bot.rolloutPart(over, hostile(r), hostile(r), hostile(r)), [
        'invalid_option',
        'wrong_phase',
      ]);
      guarded('Bot.joinRollout', () => bot.joinRollout(hostile(r), hostile(r), hostile(r)), [
        'invalid_option',
        'parse_error',
      ]);
      guarded('Bot.joinRollout options', () => bot.joinRollout(over, hostile(r), hostile(r)), [
        'invalid_option',
        'wrong_phase',
      ]);
      assert.equal(JSON.stringify(over.toJSON()), before);
    }
  }
  if (typeof mod.simulate === 'function') {
    for (let i = 0; i < 300; i += 1) {
      const opts = hostile(r);
      // A valid option set could ask for millions of games: keep any `games` small.
      // (A revoked Proxy or a trap that throws is left as it is: simulate must refuse it.)
      try {
        if (opts && typeof opts === 'object' && !Array.isArray(opts) && 'games' in opts) opts.games = 1;
      } catch {
        /* hostile on purpose */
      }
      guarded('simulate', () => mod.simulate(opts), ['invalid_option']);
    }
  }
  for (let i = 0; i < 300; i += 1) guarded('recordType', () => mod.recordType(hostile(r)), ['parse_error']);
  // The clock functions: hostile controls, clocks, players and timestamps; a good clock is never changed.
  const clock = mod.clockStart({ delayMs: 12000, reserveMs: 120000 }, 'red', 1000);
  const frozen = JSON.stringify(clock);
  const anyClock = () => (r.next() < 0.5 ? clock : hostile(r));
  for (let i = 0; i < 300; i += 1) {
    guarded('timeControl', () => mod.timeControl(hostile(r)), ['invalid_option']);
    guarded('clockStart', () => mod.clockStart(hostile(r), hostile(r), hostile(r)), ['invalid_option']);
    guarded('clockSwitch', () => mod.clockSwitch(anyClock(), hostile(r), hostile(r)), [
      'parse_error',
      'invalid_option',
      'game_over',
    ]);
    guarded('clockLeft', () => mod.clockLeft(anyClock(), hostile(r)), ['parse_error', 'invalid_option']);
    guarded('clockDeadline', () => mod.clockDeadline(hostile(r)), ['parse_error']);
    guarded('clockFlagged', () => mod.clockFlagged(anyClock(), hostile(r)), ['parse_error', 'invalid_option']);
    guarded('clockFlag', () => mod.clockFlag(hostile(r), hostile(r)), ['parse_error', 'invalid_option']);
    guarded('checkClock', () => mod.checkClock(hostile(r)), ['parse_error']);
  }
  assert.equal(JSON.stringify(clock), frozen);
  // The rating function: hostile matches, and good ones with one hostile part; a good one is never changed.
  const rated = { winner: { rating: 1500, experience: 0 }, loser: { rating: 1600, experience: 40 }, length: 3 };
  const frozenRated = JSON.stringify(rated);
  for (let i = 0; i < 300; i += 1) {
    guarded('ratingChange', () => mod.ratingChange(hostile(r)), ['invalid_option']);
    const part = r.pick(['winner', 'loser', 'length']);
    guarded(`ratingChange (${part})`, () => mod.ratingChange({ ...rated, [part]: hostile(r) }), ['invalid_option']);
  }
  assert.equal(JSON.stringify(rated), frozenRated);
});

test('the module is still fully usable after all of that', () => {
  const g = new Jokerball({ seed: 1 });
  while (g.phase !== 'over') {
    if (g.phase === 'roll') g.roll();
    else g.play(g.legalMoves()[0]);
  }
  assert.ok(g.winner === 'red' || g.winner === 'blue');
  const z = new Zola({ size: 6 });
  while (z.phase !== 'over') z.play(z.legalMoves()[0]);
  const m = new Match({ game: 'zola', length: 1 });
  while (m.phase === 'playing') m.play(m.legalMoves()[0]);
  assert.equal(m.phase, 'match-over');
  assert.equal(Jokerball.fromJSON(g.toJSON()).winner, g.winner);
  assert.throws(
    () => g.roll(),
    (e) => e instanceof SteereError && e.code === 'game_over',
  );
});
