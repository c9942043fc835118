// free() (API.md "Errors", code `freed`): after free(), every method and getter of every class throws a
// SteereError with code `freed`, checked before anything else (arguments, game_over, ...); free() again
// does nothing; other objects are untouched; a freed game or match given to a Bot is refused as `freed`.
// The classes and their members are enumerated from the module and the prototypes, so that a new class,
// method or getter cannot escape these tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as mod from '../pkg/node.js';
import { CODES } from './error-codes.mjs';

const { Jokerball, Zola, Match, Bot, SteereError } = mod;

/** Plays `obj` (a game or a match) to its end with its first legal moves. */
function playOut(obj) {
  for (let i = 0; i < 100000 && obj.phase !== 'over' && obj.phase !== 'match-over'; i += 1) {
    if (obj.phase === 'game-over') obj.nextGame();
    else if (
      obj.phase === 'roll' ||
      (obj instanceof Match && obj.game instanceof Jokerball && obj.game.phase === 'roll')
    )
      obj.roll();
    else obj.play(obj.legalMoves()[0]);
  }
  return obj;
}

// Objects of each class in several states: fresh, in play, finished (a finished game would refuse most
// calls with game_over, so `freed` must come first there too).
const SPECIMENS = {
  Jokerball: [
    () => new Jokerball({ seed: 1 }),
    () => {
      const g = new Jokerball({ seed: 2 });
      g.roll();
      return g;
    },
    () => playOut(new Jokerball({ seed: 3, size: 4, rows: 1 })),
  ],
  Zola: [() => new Zola({ pie: true }), () => playOut(new Zola({ size: 6 }))],
  Match: [
    () => new Match({ length: 3, cube: true, seed: 4 }),
    () => {
      const m = new Match({ length: 3, cube: true, seed: 5 });
      m.double();
      return m;
    },
    () => playOut(new Match({ game: 'zola', length: 1 })),
  ],
  Bot: [() => new Bot({ level: 'easy', seed: 6 })],
};

// Arguments to call each method with: none, junk that would otherwise be refused as invalid_option or
// parse_error, and plausible values.
const ARGS = [[], ['zz9-zz10', { bogus: 1 }], [{ notation: 42 }, Symbol('x')], ['red', 3], [1, 2], [undefined, null]];

/** The exported classes: every export with a prototype that has free(). */
const classes = Object.entries(mod).filter(([, v]) => typeof v?.prototype?.free === 'function');

/** The methods and getters of a class's prototype (not the constructor, free or internals). */
function members(cls) {
  const out = [];
  for (const key of Reflect.ownKeys(cls.prototype)) {
    if (typeof key !== 'string' || key === 'constructor' || key === 'free' || key.startsWith('__')) continue;
    const d = Object.getOwnPropertyDescriptor(cls.prototype, key);
    if (d.get || d.set) out.push([key, 'getter']);
    else if (typeof d.value === 'function') out.push([key, 'method']);
    else assert.fail(`${cls.name}.prototype.${key} is neither a method nor an accessor`);
  }
  return out;
}

function isFreed(name) {
  return (e) => {
    assert.ok(e instanceof SteereError, `${name}: threw ${e?.name}: ${e?.message}`);
    assert.equal(e.name, 'SteereError');
    assert.equal(e.code, 'freed', `${name}: code ${e.code}: ${e.message}`);
    assert.ok(CODES.has(e.code));
    assert.equal(typeof e.message, 'string');
    assert.match(e.message, /freed/);
    return true;
  };
}

test('the classes are all known here, and their members are found', () => {
  assert.deepEqual(classes.map(([n]) => n).sort(), Object.keys(SPECIMENS).sort());
  const names = Object.fromEntries(classes.map(([n, cls]) => [n, members(cls).map(([k]) => k)]));
  for (const [cls, some] of [
    ['Jokerball', ['roll', 'play', 'isLegal', 'toJSON', 'turn', 'dice', 'toAct', 'view', 'forfeit']],
    ['Zola', ['play', 'clone', 'swapped', 'toAct', 'view', 'forfeit']],
    ['Match', ['double', 'resign', 'game', 'score', 'toAct', 'view', 'forfeit', 'forfeited']],
    ['Bot', ['chooseMove', 'cubeAction', 'evaluate', 'hint', 'review', 'rollout']],
  ]) {
    for (const k of some) assert.ok(names[cls].includes(k), `${cls}.${k} not found`);
  }
  assert.ok(CODES.has('freed'), 'SteereErrorCode lacks freed');
});

for (const [name, cls] of classes) {
  test(`${name}: every method and getter throws freed after free(), whatever the arguments`, () => {
    const list = members(cls);
    assert.ok(list.length > 0);
    for (const make of SPECIMENS[name]) {
      for (const [key, kind] of list) {
        for (const args of kind === 'getter' ? [[]] : ARGS) {
          const obj = make();
          obj.free();
          const what = `${name}.${key}${kind === 'method' ? `(${args.map(String).join(', ')})` : ''}`;
          if (kind === 'getter') assert.throws(() => obj[key], isFreed(what));
          else assert.throws(() => obj[key](...args), isFreed(what));
          // Still freed, and still refusing, after the refusal.
          assert.throws(() => (kind === 'getter' ? obj[key] : obj[key]()), isFreed(what));
        }
      }
    }
  });
}

test('free() twice, and Symbol.dispose after free(), do not throw', () => {
  for (const [name, cls] of classes) {
    for (const make of SPECIMENS[name]) {
      const obj = make();
      assert.ok(obj instanceof cls);
      obj.free();
      obj.free();
      if (Symbol.dispose) obj[Symbol.dispose]();
      const [key, kind] = members(cls)[0];
      assert.throws(() => (kind === 'getter' ? obj[key] : obj[key]()), isFreed(`${name}.${key}`));
      if (Symbol.dispose) {
        const other = make();
        other[Symbol.dispose]();
        other.free();
        assert.throws(() => (kind === 'getter' ? other[key] : other[key]()), isFreed(`${name}.${key}`));
      }
    }
  }
});

test('freeing an object leaves every other object as it was', () => {
  const a = new Jokerball({ seed: 9 });
  const b = new Jokerball({ seed: 9 });
  a.roll();
  b.roll();
  const copy = a.clone();
  const z = new Zola();
  const m = new Match({ length: 3, cube: true, seed: 9 });
  const detached = m.game;
  const bot = new Bot({ level: 'easy', seed: 9 });
  const before = [b, copy, z, m].map((o) => JSON.stringify(o.toJSON()));
  a.free();
  detached.free();
  new Bot().free();
  assert.deepEqual(
    [b, copy, z, m].map((o) => JSON.stringify(o.toJSON())),
    before,
  );
  // They all still play.
  b.play(b.legalMoves()[0]);
  copy.play(copy.legalMoves()[0]);
  z.play(bot.chooseMove(z));
  assert.ok(['double', 'no-double'].includes(bot.cubeAction(m)));
  m.roll();
  m.play(bot.chooseMove(m));
  assert.equal(m.game instanceof Jokerball, true);
  // The freed ones stay freed.
  assert.throws(() => a.legalMoves(), isFreed('a.legalMoves'));
  assert.throws(() => detached.phase, isFreed('detached.phase'));
  for (const o of [b, copy, z, m, bot]) o.free();
});

test('a freed game or match given to a Bot is refused as freed, and the Bot stays usable', () => {
  const bot = new Bot({ level: 'easy', seed: 11 });
  const cases = [
    [new Jokerball({ seed: 1 }), (g) => g.roll()],
    [new Zola(), () => {}],
    [new Match({ length: 3, cube: true, seed: 2 }), (m) => m.roll()],
    [new Match({ game: 'zola', length: 3, cube: true }), () => {}],
  ];
  for (const [game, ready] of cases) {
    ready(game);
    const move = bot.chooseMove(game);
    assert.equal(game.isLegal(move), true);
    game.free();
    assert.throws(() => bot.chooseMove(game), isFreed(`chooseMove(freed ${game.constructor.name})`));
    // cubeAction checks its argument is freed before it checks that it is a Match.
    assert.throws(() => bot.cubeAction(game), isFreed(`cubeAction(freed ${game.constructor.name})`));
    for (const f of ['evaluate', 'hint', 'review', 'rollout']) {
      assert.throws(() => bot[f](game), isFreed(`${f}(freed ${game.constructor.name})`));
    }
  }
  // A freed bot is refused before its argument is looked at.
  const other = new Bot();
  other.free();
  assert.throws(() => other.chooseMove(undefined), isFreed('freed bot'));
  assert.throws(() => other.cubeAction(new Zola()), isFreed('freed bot'));
  assert.throws(() => other.review(new Zola(), { onProgress: 7 }), isFreed('freed bot'));
  assert.throws(() => other.rollout(new Zola(), { trials: 0 }), isFreed('freed bot'));
  const z = new Zola();
  assert.equal(z.isLegal(bot.chooseMove(z)), true);
  const m = new Match({ length: 3, cube: true });
  assert.ok(['double', 'no-double'].includes(bot.cubeAction(m)));
});
