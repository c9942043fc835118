// steere-games/boardgameio in one process: the factories, the moves called as boardgame.io calls them,
// whyIllegal's codes, engineOf, checkState, junk arguments and hostile G.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { adapter, engine } from './helpers.mjs';

const { jokerballGame, zolaGame, matchGame, engineOf, whyIllegal, checkState } = adapter;
const { Jokerball, Zola, Match, SteereError } = engine;
const require = createRequire(import.meta.url);
const { InitializeGame } = require('boardgame.io/internal');
const { INVALID_MOVE } = require('boardgame.io/core');

const codeOf = (fn) => {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof SteereError, String(e));
    return e.code;
  }
  assert.fail('did not throw');
};

// A random source that gives the listed values (as boardgame.io's Die would).
const dice = (...values) => ({ Die: () => values.shift() });

// Calls a move as boardgame.io does; returns the new G or INVALID_MOVE and checks G was not mutated.
function call(game, G, playerID, name, args = [], random = dice(1, 1)) {
  const before = JSON.stringify(G);
  const r = game.moves[name].move({ G, playerID, random, ctx: {} }, ...args);
  assert.equal(JSON.stringify(G), before, 'G was mutated');
  return r;
}

test('factories: names, options, what they refuse', () => {
  assert.equal(jokerballGame().name, 'jokerball');
  assert.equal(zolaGame().name, 'zola');
  assert.equal(matchGame({ length: 3 }).name, 'jokerball-match');
  assert.equal(matchGame({ game: 'zola', length: 3 }).name, 'zola-match');
  assert.equal(jokerballGame({ name: 'jb-4', size: 4 }).name, 'jb-4');
  assert.deepEqual(Object.keys(jokerballGame().moves), ['roll', 'play', 'claimWin']);
  assert.deepEqual(Object.keys(zolaGame().moves), ['play', 'claimWin']);
  // a match's moves: the game's own (Zola rolls no dice), then the cube's and the match's
  const matchMoves = ['play', 'double', 'take', 'drop', 'resign', 'nextGame', 'claimWin'];
  assert.deepEqual(Object.keys(matchGame({ length: 3 }).moves), ['roll', ...matchMoves]);
  assert.deepEqual(Object.keys(matchGame({ game: 'zola', length: 3 }).moves), matchMoves);
  for (const m of Object.values(matchGame({ length: 3 }).moves)) assert.equal(m.client, false);
  // No inherited names: boardgame.io looks moves up with `in`.
  assert.equal('constructor' in jokerballGame().moves, false);
  assert.equal('toString' in zolaGame().moves, false);
  for (const bad of [
    () => jokerballGame({ seed: 1 }),
    () => jokerballGame({ position: 'x' }),
    () => jokerballGame({ size: 5 }),
    () => jokerballGame({ rules: 'x' }),
    () => jokerballGame({ colour: 'red' }),
    () => jokerballGame({ name: 'two words' }),
    () => jokerballGame({ name: '' }),
    () => jokerballGame({ name: 7 }),
    () => jokerballGame(null),
    () => jokerballGame([]),
    () => zolaGame({ size: 7 }),
    () => zolaGame({ pie: 'yes' }),
    () => matchGame({}),
    () => matchGame({ length: 22 }),
    () => matchGame({ length: 3, seed: 'x' }),
    () => matchGame({ game: 'zola', length: 3, zola: { pie: true } }),
    () => jokerballGame({ clock: { delayMs: 0 } }),
    () => jokerballGame({ clock: { delayMs: 0, reserveMs: 500 } }),
    () => zolaGame({ clock: 'fast' }),
    () => zolaGame({ abandonMs: 999 }),
    () => matchGame({ length: 3, abandonMs: 1.5 }),
  ]) {
    assert.equal(codeOf(bad), 'invalid_option', String(bad));
  }
});

test('setup: G is the engine state without the generator; every match gets its own crypto seed', () => {
  const game = jokerballGame({ size: 4, rules: 'classic', first: 'blue' });
  const G = game.setup({});
  const fresh = new Jokerball({ size: 4, rules: 'classic', first: 'blue' });
  assert.deepEqual(G, { state: fresh.toJSON({ rng: false }), away: { afterMs: 120000, 0: null, 1: null } });
  assert.equal(G.state.rng, null);
  fresh.free();
  assert.notEqual(game.setup({}), game.setup({}), 'a new object each time');
  assert.equal(game.validateSetupData(undefined, 2), undefined);
  assert.equal(game.validateSetupData({ clock: null }, 2), undefined);
  assert.equal(game.validateSetupData({ clock: { delayMs: 12000, reserveMs: 600000 } }, 2), undefined);
  assert.match(game.validateSetupData({ seed: 1 }, 2), /takes only clock/);
  assert.match(
    game.validateSetupData({ clock: { delayMs: 700000, reserveMs: 600000 } }, 2),
    /delayMs must be a whole number of milliseconds from 0 to 600000/,
  );
  assert.match(game.validateSetupData('x', 2), /setupData must be/);
  assert.match(game.validateSetupData(undefined, 3), /two players/);
  // A time control: the factory's, or the lobby's for one match; the clock waits for both seats (since 0).
  const timed = jokerballGame({ clock: { delayMs: 0, reserveMs: 300000, incrementMs: 5000 }, name: 'jb-timed' });
  const clock = {
    delayMs: 0,
    incrementMs: 5000,
    red: { reserveMs: 300000 },
    blue: { reserveMs: 300000 },
    running: null,
    since: 0,
  };
  assert.deepEqual(timed.setup({}).clock, clock);
  assert.equal(timed.setup({}).away, undefined);
  assert.equal(timed.setup({}, { clock: null }).clock, undefined, 'casual when the lobby says so');
  assert.equal(game.setup({}, { clock: { delayMs: 12000, reserveMs: 240000 } }).clock.delayMs, 12000);
  // Through boardgame.io's own initialisation: the generator's seed is 128 random bits, not the time.
  const seeds = new Set();
  for (let i = 0; i < 20; i++) {
    const s = InitializeGame({ game: jokerballGame(), numPlayers: 2 });
    assert.match(s.plugins.random.data.seed, /^[0-9a-f]{32}$/);
    seeds.add(s.plugins.random.data.seed);
    // Blue moves first here, so seat '1' is the current player.
    const b = InitializeGame({ game, numPlayers: 2 });
    assert.equal(b.ctx.currentPlayer, '1');
  }
  assert.equal(seeds.size, 20);
});

test('an explicit seed set on the game is kept: the same dice for the same seed (issue 27 item 6)', () => {
  const { Client } = require('boardgame.io/client');
  // Rolls of a whole game on a local boardgame.io client (the moves run there, with the game's random).
  const rolls = (game) => {
    const client = Client({ game, numPlayers: 2, debug: false });
    client.start();
    const out = [];
    for (let i = 0; i < 12; i++) {
      const { G, ctx } = client.getState();
      if (ctx.gameover) break;
      const e = engineOf(G);
      const phase = e.phase;
      const legal = e.legalMoves();
      e.free();
      client.updatePlayerID(ctx.currentPlayer);
      if (phase === 'roll') {
        client.moves.roll();
        out.push(JSON.stringify(client.getState().G.state.turn.dice));
      } else client.moves.play(legal[0]);
    }
    client.stop();
    return out.join(' ');
  };
  const spread = rolls({ ...jokerballGame({ size: 4 }), seed: 'fixed dice' });
  const set = jokerballGame({ size: 4 });
  set.seed = 'fixed dice';
  assert.ok(spread.length > 0);
  assert.equal(rolls(set), spread, 'a seed set on the object');
  assert.equal(rolls({ ...jokerballGame({ size: 4 }), seed: 'fixed dice' }), spread, 'the same seed again');
  assert.equal(
    InitializeGame({ game: { ...jokerballGame(), seed: 'fixed dice' }, numPlayers: 2 }).plugins.random.data.seed,
    'fixed dice',
  );
  // Without a seed, each match its own 128 random bits.
  const a = rolls(jokerballGame({ size: 4 }));
  const b = rolls(jokerballGame({ size: 4 }));
  assert.notEqual(a + b, spread + spread);
  assert.match(InitializeGame({ game: jokerballGame(), numPlayers: 2 }).plugins.random.data.seed, /^[0-9a-f]{32}$/);
});

test('whyIllegal: not_your_turn for a player not to act comes before the arguments (issue 27 item 6)', () => {
  const j = jokerballGame();
  const G = j.setup({}); // Red (seat 0) to roll
  assert.equal(whyIllegal(G, '1', 'roll', [1, 1]), 'not_your_turn');
  assert.equal(whyIllegal(G, '1', 'roll', 1, 2, 3), 'not_your_turn');
  assert.equal(whyIllegal(G, '1', 'play', { junk: true }, 7), 'not_your_turn');
  assert.equal(whyIllegal(G, '0', 'roll', [1, 1]), 'invalid_option');
  assert.equal(call(j, G, '1', 'roll', [[1, 1]]), INVALID_MOVE);
  // An unknown move is still invalid_option for anyone.
  assert.equal(whyIllegal(G, '1', 'teleport'), 'invalid_option');
  const m = matchGame({ game: 'zola', length: 3, cube: true });
  const M = m.setup({});
  assert.equal(whyIllegal(M, '1', 'double', 'now'), 'not_your_turn');
  assert.equal(whyIllegal(M, '1', 'resign', 'x'), 'invalid_option'); // either seat may resign
});

test('roll draws the distance die with size faces and the direction die with six', () => {
  for (const size of [4, 6]) {
    const game = jokerballGame({ size });
    const G = game.setup({});
    const faces = [];
    const random = {
      Die: (n) => {
        faces.push(n);
        return n;
      },
    };
    const next = call(game, G, '0', 'roll', [], random);
    assert.deepEqual(faces, [size, 6]);
    assert.deepEqual(next.state.turn.dice, { distance: size, direction: 6 });
    // Values no die shows are refused.
    for (const bad of [
      [0, 1],
      [size + 1, 1],
      [1, 7],
      [1.5, 2],
      [NaN, 1],
      ['1', 1],
    ]) {
      assert.equal(call(game, G, '0', 'roll', [], dice(...bad)), INVALID_MOVE, String(bad));
    }
    assert.equal(call(game, G, '0', 'roll', [], null), INVALID_MOVE);
    assert.equal(call(game, G, '0', 'roll', [], {}), INVALID_MOVE);
    assert.equal(
      call(game, G, '0', 'roll', [], {
        Die: () => {
          throw new Error('x');
        },
      }),
      INVALID_MOVE,
    );
  }
});

test('a whole game through the moves, with endIf and the turn order', () => {
  const game = jokerballGame({ size: 4 });
  let G = game.setup({});
  let ctx = { currentPlayer: '0', playOrder: ['0', '1'] };
  let n = 0;
  const seq = [3, 5, 1, 2, 4, 6, 2, 2, 1, 3];
  while (!game.endIf({ G })) {
    const seat = ctx.currentPlayer;
    const other = seat === '0' ? '1' : '0';
    let next;
    if (G.state.phase === 'roll') {
      assert.equal(call(game, G, other, 'roll'), INVALID_MOVE);
      next = call(game, G, seat, 'roll', [], dice(1 + (n % 4), seq[n % seq.length]));
    } else {
      const e = engineOf(G);
      const moves = e.legalMoves();
      e.free();
      assert.equal(call(game, G, other, 'play', [moves[0]]), INVALID_MOVE);
      next = call(game, G, seat, 'play', [moves[n % moves.length]]);
    }
    assert.notEqual(next, INVALID_MOVE);
    G = next;
    const turnEnd = game.turn.endIf({ G, ctx });
    if (turnEnd) {
      ctx = { ...ctx, currentPlayer: turnEnd.next };
      assert.equal(game.turn.order.next({ G, ctx }), Number(turnEnd.next));
    }
    assert.ok(++n < 5000);
  }
  const e = engineOf(G);
  assert.deepEqual(game.endIf({ G }), { winner: e.winner === 'red' ? '0' : '1', reason: 'goal' });
  e.free();
  assert.equal(call(game, G, '0', 'roll'), INVALID_MOVE);
  assert.equal(whyIllegal(G, '0', 'roll'), 'game_over');
});

test('junk arguments and junk player IDs: INVALID_MOVE, never a throw, G unchanged', () => {
  const cyclic = {};
  cyclic.self = cyclic;
  const throwing = new Proxy(
    {},
    {
      get() {
        throw new Error('trap');
      },
      ownKeys() {
        throw new Error('trap');
      },
    },
  );
  const getter = {
    get notation() {
      throw new Error('getter');
    },
  };
  const junk = [
    undefined,
    null,
    true,
    0,
    -1,
    1e308,
    NaN,
    10n,
    Symbol('s'),
    '',
    ' ',
    'a1',
    'zz9-zz10',
    'x'.repeat(5000),
    '\u0000',
    '🂡',
    [],
    ['a1-a2'],
    {},
    { notation: 5 },
    { notation: 'k7-off' },
    cyclic,
    throwing,
    getter,
    () => 'a1-a2',
    new Date(),
    /a1-a2/,
    Object.create(null),
  ];
  const games = [
    [jokerballGame(), (G) => G],
    [zolaGame({ pie: true }), (G) => G],
    [matchGame({ game: 'zola', length: 3, cube: true }), (G) => G],
  ];
  for (const [game] of games) {
    let G = game.setup({});
    if (game.moves.roll) G = call(game, G, '0', 'roll', [], dice(2, 3));
    for (const name of Object.keys(game.moves)) {
      for (const [i, arg] of junk.entries()) {
        for (const args of [[arg], [arg, arg], name === 'play' ? [] : [arg]]) {
          const r = call(game, G, '0', name, args);
          if (name === 'play' || args.length > 0) assert.equal(r, INVALID_MOVE, `${game.name} ${name} junk #${i}`);
        }
      }
      for (const seat of [undefined, null, '', '2', 0, 1, '00', '__proto__', 'constructor', {}, ['0']]) {
        assert.equal(call(game, G, seat, name, name === 'play' ? ['a1-a2'] : []), INVALID_MOVE);
      }
    }
    // Hostile G: refused by every move, endIf and the turn order keep going.
    for (const bad of [
      null,
      undefined,
      1,
      'x',
      {},
      { state: null },
      { state: cyclic },
      { state: throwing },
      { state: { game: 'chess' } },
      { state: { ...G.state, position: 'x' } },
      { state: { ...G.state, history: ['nope'] } },
      { state: { ...G.state, game: '__proto__' } },
    ]) {
      for (const name of Object.keys(game.moves)) {
        assert.equal(
          game.moves[name].move({ G: bad, playerID: '0', random: dice(1, 1), ctx: {} }, 'a1-a2'),
          INVALID_MOVE,
        );
      }
      assert.equal(game.endIf({ G: bad }), undefined);
      assert.equal(game.turn.endIf({ G: bad, ctx: { currentPlayer: '1', playOrder: ['0', '1'] } }), false);
      assert.equal(game.turn.order.first({ G: bad, ctx: { currentPlayer: '1', playOrder: ['0', '1'] } }), 1);
      assert.equal(whyIllegal(bad, '0', 'play', 'a1-a2'), 'parse_error');
      assert.equal(
        codeOf(() => engineOf(bad)),
        'parse_error',
      );
      assert.ok(checkState(game, bad) instanceof SteereError);
    }
  }
});

test('whyIllegal: every code, and null for a legal move', () => {
  const j = jokerballGame();
  const G = j.setup({});
  assert.equal(whyIllegal(G, '0', 'roll'), null);
  assert.equal(whyIllegal(G, '1', 'roll'), 'not_your_turn');
  assert.equal(whyIllegal(G, '2', 'roll'), 'not_your_turn');
  assert.equal(whyIllegal(G, null, 'roll'), 'not_your_turn');
  assert.equal(whyIllegal(G, '0', 'play', 'b3-d3'), 'wrong_phase');
  assert.equal(whyIllegal(G, '0', 'roll', 6), 'invalid_option');
  assert.equal(whyIllegal(G, '0', 'double'), 'invalid_option');
  assert.equal(whyIllegal(G, '0', 'teleport'), 'invalid_option');
  assert.equal(whyIllegal(G, '0', '__proto__'), 'invalid_option');
  assert.equal(whyIllegal(G, '0', 42), 'invalid_option');
  const R = call(j, G, '0', 'roll', [], dice(2, 3));
  const e = engineOf(R);
  const legal = e.legalMoves();
  assert.equal(e.phase, 'man');
  e.free();
  assert.equal(whyIllegal(R, '0', 'play', legal[0]), null);
  assert.equal(whyIllegal(R, '0', 'play', 'zz9-zz10'), 'parse_error');
  assert.equal(whyIllegal(R, '0', 'play'), 'parse_error');
  assert.equal(whyIllegal(R, '0', 'play', 'k6-j6'), 'illegal_move');
  assert.equal(whyIllegal(R, '0', 'roll'), 'wrong_phase');
  // Matches: the cube.
  const m = matchGame({ game: 'zola', length: 3, cube: true });
  const M = m.setup({});
  assert.equal(whyIllegal(M, '0', 'double'), null);
  assert.equal(whyIllegal(M, '1', 'double'), 'not_your_turn');
  assert.equal(whyIllegal(M, '0', 'take'), 'wrong_phase');
  assert.equal(whyIllegal(M, '1', 'resign'), null);
  assert.equal(whyIllegal(M, '0', 'nextGame'), 'wrong_phase');
  const D = call(m, M, '0', 'double');
  assert.equal(whyIllegal(D, '1', 'take'), null);
  assert.equal(whyIllegal(D, '0', 'take'), 'not_your_turn');
  assert.equal(whyIllegal(D, '1', 'play', 'a1-a2'), 'wrong_phase');
  const T = call(m, D, '1', 'take');
  assert.equal(T.state.match.cube.owner, 'blue');
  assert.equal(whyIllegal(T, '0', 'double'), 'cube_not_allowed');
  const noCube = matchGame({ game: 'zola', length: 3 });
  assert.equal(whyIllegal(noCube.setup({}), '0', 'double'), 'cube_not_allowed');
  // whyIllegal agrees with the moves.
  for (const [game, state] of [
    [m, M],
    [m, D],
    [m, T],
    [j, G],
    [j, R],
  ]) {
    for (const name of Object.keys(game.moves)) {
      for (const seat of ['0', '1']) {
        const args = name === 'play' ? [legal[0]] : [];
        const refused = call(game, state, seat, name, args) === INVALID_MOVE;
        assert.equal(whyIllegal(state, seat, name, ...args) !== null, refused, `${game.name} ${name} ${seat}`);
      }
    }
  }
});

test('engineOf and checkState', () => {
  const z = zolaGame({ size: 8, pie: true });
  const G = z.setup({});
  const a = engineOf(G);
  const b = engineOf(G);
  assert.ok(a instanceof Zola);
  a.play(a.legalMoves()[0]);
  assert.equal(b.history().length, 0, 'engines are independent');
  a.free();
  b.free();
  assert.ok(engineOf(matchGame({ length: 3 }).setup({})) instanceof Match);
  assert.equal(checkState(z, G), null);
  assert.equal(checkState(zolaGame({ size: 8 }), G).code, 'parse_error', 'no pie in that variant');
  assert.equal(checkState(zolaGame({ size: 6, pie: true }), G).code, 'parse_error');
  assert.equal(checkState(jokerballGame(), G).code, 'parse_error');
  assert.equal(checkState({}, G).code, 'invalid_option');
  const m5 = matchGame({ length: 5, cube: true });
  assert.equal(checkState(m5, m5.setup({})), null);
  assert.ok(checkState(matchGame({ length: 3, cube: true }), m5.setup({})));
  assert.ok(checkState(matchGame({ length: 5 }), m5.setup({})));
  assert.ok(checkState(matchGame({ length: 5, cube: true, jokerball: { size: 4 } }), m5.setup({})));
  // A state that is legal JSON but not reachable: refused by the replay.
  const state = structuredClone(G.state);
  state.history = ['a1xa2'];
  assert.equal(checkState(z, { state }).code, 'parse_error');
  // A move on a G of another variant is refused too.
  assert.equal(call(zolaGame({ size: 8 }), G, '0', 'play', ['a1-a2']), INVALID_MOVE);
});
