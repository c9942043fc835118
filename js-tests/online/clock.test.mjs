// The clocks and abandoned games of steere-games/boardgameio in one process (API "Clocks and abandoned
// games"): moves called as boardgame.io calls them at chosen server times, the server's own moves (timeOut,
// presence), claimWin, and what checkState refuses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { adapter, engine } from './helpers.mjs';

const {
  jokerballGame,
  zolaGame,
  matchGame,
  engineOf,
  whyIllegal,
  checkState,
  timeOut,
  presence,
  claimableAt,
  deadlineOf,
} = adapter;
const { clockLeft } = engine;
const require = createRequire(import.meta.url);
const { INVALID_MOVE } = require('boardgame.io/core');

const T0 = 1_796_000_000_000;
let now = T0;
const realNow = Date.now;
// The server's time, as the moves read it.
const at = (ms, fn) => {
  now = ms;
  Date.now = () => now;
  try {
    return fn();
  } finally {
    Date.now = realNow;
  }
};
const dice = (...values) => ({ Die: () => values.shift() ?? 1 });
function call(game, G, playerID, name, args = [], random = dice(1, 1)) {
  const before = JSON.stringify(G);
  const r = game.moves[name].move({ G, playerID, random, ctx: {} }, ...args);
  assert.equal(JSON.stringify(G), before, 'G was mutated');
  return r;
}
const both = { 0: { taken: true, connected: true }, 1: { taken: true, connected: true } };
const legal = (G) => {
  const e = engineOf(G);
  try {
    return e.legalMoves();
  } finally {
    e.free();
  }
};

test('the clock starts when both seats are taken, not before; then runs for the player to act', () => {
  const game = zolaGame({ clock: { delayMs: 2000, reserveMs: 60000 } });
  const G0 = game.setup({});
  assert.equal(
    presence(game, G0, { 0: { taken: true, connected: true }, 1: { taken: false, connected: false } }, T0),
    null,
  );
  const G = presence(game, G0, both, T0);
  assert.deepEqual(G.clock, { ...G0.clock, running: 'red', since: T0 });
  assert.equal(presence(game, G, both, T0 + 5), null, 'started once');
  assert.equal(deadlineOf(G), T0 + 62000);
  assert.equal(checkState(game, G), null);
});

test('Zola: the delay is free, the rest comes off the reserve, each move is a turn (a pass too)', () => {
  const game = zolaGame({ clock: { delayMs: 2000, reserveMs: 60000, incrementMs: 1000 } });
  let G = presence(game, game.setup({}), both, T0);
  G = at(T0 + 1500, () => call(game, G, '0', 'play', [legal(G)[0]]));
  assert.deepEqual([G.clock.red.reserveMs, G.clock.running, G.clock.since], [61000, 'blue', T0 + 1500]);
  G = at(T0 + 1500 + 12000, () => call(game, G, '1', 'play', [legal(G)[0]]));
  assert.deepEqual([G.clock.blue.reserveMs, G.clock.running], [60000 - 10000 + 1000, 'red']);
  assert.equal(checkState(game, G), null);
});

test('Jokerball: roll and man move within the turn keep the clock; the ball move ends the turn', () => {
  const game = jokerballGame({ size: 4, clock: { delayMs: 0, reserveMs: 100000 } });
  let G = presence(game, game.setup({}), both, T0);
  G = at(T0 + 1000, () => call(game, G, '0', 'roll', [], dice(2, 3)));
  assert.deepEqual(G.clock, { ...G.clock, running: 'red', since: T0 });
  G = at(T0 + 2000, () => call(game, G, '0', 'play', [legal(G)[0]]));
  assert.equal(G.clock.running, 'red');
  while (G.state.phase === 'ball') G = at(T0 + 7000, () => call(game, G, '0', 'play', [legal(G)[0]]));
  assert.deepEqual([G.clock.red.reserveMs, G.clock.running, G.clock.since], [93000, 'blue', T0 + 7000]);
});

test('a match: a cube decision is a turn of its own; nobody runs between games; the reserve carries over', () => {
  const game = matchGame({ game: 'zola', length: 3, cube: true, clock: { delayMs: 0, reserveMs: 100000 } });
  let G = presence(game, game.setup({}), both, T0);
  G = at(T0 + 3000, () => call(game, G, '0', 'double'));
  assert.deepEqual([G.clock.running, G.clock.red.reserveMs], ['blue', 97000]);
  G = at(T0 + 5000, () => call(game, G, '1', 'drop'));
  assert.deepEqual([G.clock.running, G.clock.blue.reserveMs], [null, 98000]);
  assert.equal(deadlineOf(G), null);
  assert.equal(checkState(game, G), null);
  G = at(T0 + 60000, () => call(game, G, '1', 'nextGame'));
  const e = engineOf(G);
  const first = e.toAct.player;
  e.free();
  assert.deepEqual(
    [G.clock.running, G.clock.since, G.clock.red.reserveMs, G.clock.blue.reserveMs],
    [first, T0 + 60000, 97000, 98000],
  );
});

test('a Zola swap exchanges colours: each person keeps their reserve', () => {
  const game = zolaGame({ pie: true, clock: { delayMs: 0, reserveMs: 100000 } });
  let G = presence(game, game.setup({}), both, T0);
  G = at(T0 + 10000, () => call(game, G, '0', 'play', [legal(G)[0]]));
  assert.deepEqual([G.clock.red.reserveMs, G.clock.blue.reserveMs, G.clock.running], [90000, 100000, 'blue']);
  G = at(T0 + 14000, () => call(game, G, '1', 'play', ['swap']));
  // Seat '1' (who swapped, used 4 s) now holds Red; seat '0' holds Blue and is to move.
  assert.deepEqual([G.clock.red.reserveMs, G.clock.blue.reserveMs, G.clock.running], [96000, 90000, 'blue']);
  assert.equal(checkState(game, G), null);
});

test("a client's crafted arguments never move a clock: refused moves change nothing", () => {
  const game = zolaGame({ clock: { delayMs: 0, reserveMs: 100000 } });
  const G = presence(game, game.setup({}), both, T0);
  for (const args of [[legal(G)[0], { since: 0 }], [{ clock: { red: { reserveMs: 1e9 } } }], ['a1-a1']]) {
    assert.equal(
      at(T0 + 1000, () => call(game, G, '0', 'play', args)),
      INVALID_MOVE,
    );
  }
  assert.equal(
    at(T0 + 1000, () => call(game, G, '1', 'play', [legal(G)[0]])),
    INVALID_MOVE,
    'not their turn',
  );
  assert.equal(
    at(T0 + 1000, () => call(game, G, '0', 'claimWin', [])),
    INVALID_MOVE,
  );
});

test('presence: a casual game records since when each taken seat is away, and forgets it on return', () => {
  const game = zolaGame({ abandonMs: 5000 });
  const G0 = game.setup({});
  const away1 = { 0: { taken: true, connected: true }, 1: { taken: true, connected: false } };
  const G1 = presence(game, G0, away1, T0);
  assert.deepEqual(G1.away, { afterMs: 5000, 0: null, 1: T0 });
  assert.equal(presence(game, G1, away1, T0 + 100), null, 'the first time is kept');
  assert.deepEqual(presence(game, G1, both, T0 + 200).away, { afterMs: 5000, 0: null, 1: null });
  assert.equal(
    presence(game, G0, { 0: { taken: true, connected: true }, 1: { taken: false, connected: false } }, T0),
    null,
    'a free seat is not away',
  );
  assert.equal(checkState(game, G1), null);
});

test('claimWin: refused while the player to act is connected, before abandonMs, and to the player to act', () => {
  const game = zolaGame({ abandonMs: 5000 });
  const G0 = game.setup({});
  assert.equal(whyIllegal(G0, '1', 'claimWin'), 'not_abandoned', 'red to act is connected');
  assert.equal(whyIllegal(G0, '0', 'claimWin'), 'not_your_turn', 'the player to act cannot claim');
  const G1 = presence(game, G0, { 0: { taken: true, connected: false }, 1: { taken: true, connected: true } }, T0);
  assert.equal(claimableAt(G1, '1'), T0 + 5000);
  assert.equal(claimableAt(G1, '0'), null);
  assert.equal(
    at(T0 + 4999, () => call(game, G1, '1', 'claimWin')),
    INVALID_MOVE,
  );
  Date.now = () => T0 + 4999;
  try {
    assert.equal(whyIllegal(G1, '1', 'claimWin'), 'not_abandoned');
  } finally {
    Date.now = realNow;
  }
  // A timed game has no claim: its clock ends it.
  const timed = zolaGame({ clock: { delayMs: 0, reserveMs: 100000 } });
  assert.equal(claimableAt(timed.setup({}), '1'), null);
  assert.equal(whyIllegal(timed.setup({}), '1', 'claimWin'), 'not_abandoned');
});

test('checkState refuses an impossible clock or away, and unknown keys in G', () => {
  const game = zolaGame({ clock: { delayMs: 0, reserveMs: 100000 } });
  const G = presence(game, game.setup({}), both, T0);
  const bad = (g, words) => {
    const e = checkState(game, g);
    assert.ok(e && e.code === 'parse_error', JSON.stringify(g.clock));
    assert.match(e.message, words);
  };
  bad({ ...G, clock: { ...G.clock, running: 'blue' } }, /blue's time runs while red is to act/);
  bad({ ...G, clock: { ...G.clock, red: { reserveMs: 86400001 } } }, /impossible clock/);
  bad({ ...G, clock: { ...G.clock, since: 0 } }, /runs before it started/);
  bad({ ...G, extra: 1 }, /unknown keys: extra/);
  bad({ ...G, away: { afterMs: 5000, 0: null, 1: null } }, /both a clock and away/);
  const casual = zolaGame();
  const C = casual.setup({});
  for (const away of [
    { afterMs: 5000, 0: 'x', 1: null },
    { afterMs: 5, 0: null, 1: null },
    { 0: null, 1: null, afterMs: 5000, two: 1 },
    null,
  ]) {
    const e = checkState(casual, { ...C, away });
    assert.ok(e && e.code === 'parse_error', JSON.stringify(away));
  }
});

test('clockLeft draws the running clock from the server time', () => {
  const game = zolaGame({ clock: { delayMs: 12000, reserveMs: 120000 } });
  const G = presence(game, game.setup({}), both, T0);
  assert.deepEqual(clockLeft(G.clock, T0 + 20000), {
    red: { reserveMs: 112000, delayMs: 0 },
    blue: { reserveMs: 120000, delayMs: 0 },
  });
  assert.equal(timeOut(game, G, T0 + 131999), null, 'not out before the deadline');
});

test('time out: the player to act loses on time, once; a move after the deadline is the timeout', () => {
  const game = zolaGame({ clock: { delayMs: 1000, reserveMs: 5000 } });
  const G = presence(game, game.setup({}), both, T0);
  const lost = timeOut(game, G, T0 + 6000);
  assert.deepEqual(game.endIf({ G: lost }), { winner: '1', reason: 'time' });
  assert.deepEqual([lost.clock.red.reserveMs, lost.clock.running], [0, null]);
  assert.equal(checkState(game, lost), null);
  assert.equal(timeOut(game, lost, T0 + 9000), null, 'once');
  const late = at(T0 + 6001, () => call(game, G, '0', 'play', [legal(G)[0]]));
  assert.deepEqual(game.endIf({ G: late }), { winner: '1', reason: 'time' });
  // A match is lost whatever the score.
  const m = matchGame({ game: 'zola', length: 3, clock: { delayMs: 0, reserveMs: 2000 } });
  const M = presence(m, m.setup({}), both, T0);
  assert.deepEqual(m.endIf({ G: timeOut(m, M, T0 + 2000) }), { winner: '1', reason: 'time' });
});

test('claimWin after abandonMs ends the game by abandonment', () => {
  const game = zolaGame({ abandonMs: 5000 });
  const G1 = presence(
    game,
    game.setup({}),
    { 0: { taken: true, connected: false }, 1: { taken: true, connected: true } },
    T0,
  );
  const won = at(T0 + 5000, () => call(game, G1, '1', 'claimWin'));
  assert.deepEqual(game.endIf({ G: won }), { winner: '1', reason: 'abandoned' });
});
