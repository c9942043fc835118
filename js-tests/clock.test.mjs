// The clock functions of online play (docs/api.md "Clocks"): the arithmetic of the Rust core seen from
// JavaScript, with the server's timestamps given; bad input refused with typed errors, nothing changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as mod from '../pkg/node.js';

const {
  timeControl,
  clockStart,
  clockSwitch,
  clockLeft,
  clockDeadline,
  clockFlagged,
  clockFlag,
  checkClock,
  SteereError,
} = mod;
await mod.default();

const code = (c) => (e) => e instanceof SteereError && e.code === c;
const T0 = 1_796_000_000_000; // a timestamp of 2026

test('a time control is completed, and refused out of its bounds naming the field', () => {
  assert.deepEqual(timeControl({ delayMs: 12000, reserveMs: 120000 }), {
    delayMs: 12000,
    reserveMs: 120000,
    incrementMs: 0,
  });
  assert.deepEqual(timeControl({ delayMs: 0, reserveMs: 1000, incrementMs: 600000 }).incrementMs, 600000);
  for (const [bad, words] of [
    [{ delayMs: 600001, reserveMs: 60000 }, /delayMs .* 0 to 600000/],
    [{ delayMs: 0, reserveMs: 999 }, /reserveMs .* 1000 to 86400000/],
    [{ delayMs: 0, reserveMs: 86400001 }, /reserveMs/],
    [{ delayMs: 0, reserveMs: 60000, incrementMs: 600001 }, /incrementMs/],
    [{ delayMs: 1.5, reserveMs: 60000 }, /delayMs/],
    [{ reserveMs: 60000 }, /delayMs is required/],
    [{ delayMs: 0 }, /reserveMs is required/],
    [{ delayMs: 0, reserveMs: 60000, extra: 1 }, /unknown field 'extra'/],
    [null, /must be an object/],
    ['{"delayMs":0}', /must be an object/],
  ]) {
    assert.throws(
      () => timeControl(bad),
      (e) => code('invalid_option')(e) && words.test(e.message),
      JSON.stringify(bad),
    );
  }
});

test('the delay is free, the reserve runs for the player to act only, and shows apart', () => {
  const c = clockStart({ delayMs: 12000, reserveMs: 120000 }, 'red', T0);
  assert.deepEqual(c, {
    delayMs: 12000,
    incrementMs: 0,
    red: { reserveMs: 120000 },
    blue: { reserveMs: 120000 },
    running: 'red',
    since: T0,
  });
  assert.deepEqual(clockLeft(c, T0 + 5000), {
    red: { reserveMs: 120000, delayMs: 7000 },
    blue: { reserveMs: 120000, delayMs: 0 },
  });
  assert.deepEqual(clockLeft(c, T0 + 50000).red, { reserveMs: 82000, delayMs: 0 });
  const after = clockSwitch(c, 'blue', T0 + 50000);
  assert.deepEqual(after, { ...c, red: { reserveMs: 82000 }, running: 'blue', since: T0 + 50000 });
  assert.equal(c.running, 'red', 'the clock given is not changed');
});

test('the increment comes after each turn; a stopped clock charges nobody', () => {
  let c = clockStart({ delayMs: 0, reserveMs: 300000, incrementMs: 5000 }, null, T0);
  assert.equal(clockDeadline(c), null);
  c = clockSwitch(c, 'blue', T0 + 60000);
  assert.equal(c.blue.reserveMs, 300000);
  c = clockSwitch(c, 'red', T0 + 70000);
  assert.equal(c.blue.reserveMs, 300000 - 10000 + 5000);
  c = clockSwitch(c, null, T0 + 71000);
  assert.equal(c.red.reserveMs, 300000 - 1000 + 5000);
  assert.equal(clockFlagged(c, T0 + 1e9), null);
});

test('time is out at the deadline: flagged, and a turn ending then is refused', () => {
  const c = clockStart({ delayMs: 12000, reserveMs: 120000 }, 'blue', T0);
  assert.equal(clockDeadline(c), T0 + 132000);
  assert.equal(clockFlagged(c, T0 + 131999), null);
  assert.equal(clockFlagged(c, T0 + 132000), 'blue');
  assert.deepEqual(clockLeft(c, T0 + 500000).blue, { reserveMs: 0, delayMs: 0 });
  assert.throws(
    () => clockSwitch(c, 'red', T0 + 132000),
    (e) => code('game_over')(e) && /blue's time is out/.test(e.message),
  );
  // the clock a game lost on time keeps: stopped at the deadline, the reserve spent, whenever it is read
  assert.equal(clockFlag(c, T0 + 131999), null);
  const stopped = {
    delayMs: 12000,
    incrementMs: 0,
    red: { reserveMs: 120000 },
    blue: { reserveMs: 0 },
    running: null,
    since: T0 + 132000,
  };
  for (const now of [T0 + 132000, T0 + 500000]) assert.deepEqual(clockFlag(c, now), { player: 'blue', clock: stopped });
  assert.deepEqual(checkClock(stopped), stopped);
});

test('a saved clock is checked: impossible values and unknown keys refused', () => {
  const c = clockStart({ delayMs: 12000, reserveMs: 120000 }, 'red', T0);
  assert.deepEqual(checkClock(c), c);
  for (const bad of [
    { ...c, red: { reserveMs: 86400001 } },
    { ...c, delayMs: 600001 },
    { ...c, since: 2 ** 53 },
    { ...c, running: 'green' },
    { ...c, extra: true },
    { ...c, blue: { reserveMs: 1, more: 2 } },
    { ...c, since: -1 },
    (({ since, ...rest }) => rest)(c),
    'clock',
  ]) {
    assert.throws(() => checkClock(bad), code('parse_error'), JSON.stringify(bad));
    assert.throws(() => clockLeft(bad, T0), code('parse_error'));
  }
  assert.throws(() => clockLeft(c, -5), code('invalid_option'));
  assert.throws(() => clockSwitch(c, 'green', T0), code('invalid_option'));
});
