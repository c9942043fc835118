// WorkerBot.rollout in Chromium (docs/api.md "WorkerBot"): spread over four workers, the same result as one
// Bot.rollout, one progress summed over the workers, and cancelled by an AbortSignal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demo } from './helpers.mjs';

const D = demo();

// In the page: four cores whatever the machine has, the workers counted, and a side-6 game of the easy bot
// after `turns` turns, rolled to phase 'man'.
const SETUP = `
  Object.defineProperty(navigator, 'hardwareConcurrency', { value: 4, configurable: true });
  window.made = 0;
  const Real = window.Worker;
  window.Worker = class extends Real {
    constructor(...a) {
      super(...a);
      window.made++;
    }
  };
  window.played = (api, seed, turns) => {
    const g = new api.Jokerball({ seed });
    const b = new api.Bot({ level: 'easy', seed });
    while (g.phase !== 'over' && (g.history().length < turns || g.phase !== 'roll')) {
      if (g.phase === 'roll') g.roll();
      else g.play(b.chooseMove(g));
    }
    while (g.phase === 'roll') g.roll();
    return g;
  };
`;

test("WorkerBot.rollout over four workers: Bot.rollout's numbers, one progress", async () => {
  const { context, page, errors } = await D.element('', { head: `<script>${SETUP}</script>` });
  const r = await page.evaluate(async () => {
    const [api, { WorkerBot }] = await Promise.all([window.steere(), import('/pkg/board.js')]);
    const g = window.played(api, 12, 14);
    const before = JSON.stringify(g.toJSON());
    const options = { trials: 74, truncate: 3, seed: 'p', candidates: g.legalTurns().slice(0, 2) };
    const bot = new WorkerBot({ level: 'medium', seed: 2 });
    const seen = [];
    const spread = await bot.rollout(g, { ...options, onProgress: (done, total) => seen.push([done, total]) });
    // the default candidates (the hint of the bot's level and seed), phase man
    const byHint = await bot.rollout(g, { trials: 10, truncate: 2 });
    const workers = window.made;
    bot.terminate();
    const one = new api.Bot({ level: 'medium', seed: 2 });
    return {
      spread,
      whole: one.rollout(g, options),
      byHint,
      wholeByHint: one.rollout(g, { trials: 10, truncate: 2 }),
      seen,
      workers,
      unchanged: JSON.stringify(g.toJSON()) === before,
    };
  });
  assert.equal(r.workers, 4, 'four workers');
  assert.deepEqual(r.spread, r.whole);
  assert.equal(r.spread.entries.length, 2);
  assert.deepEqual(r.byHint, r.wholeByHint);
  assert.ok(r.unchanged);
  // one progress: the four parts' trials added, up to all of them
  assert.deepEqual(r.seen.at(-1), [74, 74]);
  assert.ok(r.seen.every(([d, t]) => d <= t && t <= 74));
  assert.ok(
    r.seen.some(([d, t]) => d > 0 && d < t),
    'progress on the way',
  );
  assert.deepEqual(errors, []);
  await context.close();
});

test('WorkerBot.rollout is cancelled by its signal: wrong_phase, the workers stopped, the bot usable after', async () => {
  const { context, page, errors } = await D.element('', { head: `<script>${SETUP}</script>` });
  const r = await page.evaluate(async () => {
    const [api, { WorkerBot }] = await Promise.all([window.steere(), import('/pkg/board.js')]);
    const g = window.played(api, 3, 10);
    const bot = new WorkerBot({ level: 'easy', seed: 1 });
    const stop = new AbortController();
    let last = null;
    const started = performance.now();
    // to the end with variance reduction: minutes of work, cancelled once it has begun
    const long = bot.rollout(g, {
      trials: 1296,
      onProgress: (done, total) => {
        last = [done, total];
        if (done > 0) stop.abort();
      },
      signal: stop.signal,
    });
    let error = null;
    try {
      await long;
    } catch (e) {
      error = `${e.name}:${e.code}`;
    }
    const ms = performance.now() - started;
    // an already aborted signal refuses at once
    let early = null;
    try {
      await bot.rollout(g, { trials: 36, truncate: 1, signal: AbortSignal.abort() });
    } catch (e) {
      early = `${e.name}:${e.code}`;
    }
    // and the bot works again, with new workers
    const after = await bot.rollout(g, { trials: 8, truncate: 1 });
    bot.terminate();
    return {
      error,
      early,
      last,
      ms,
      after,
      whole: new api.Bot({ level: 'easy', seed: 1 }).rollout(g, { trials: 8, truncate: 1 }),
    };
  });
  assert.equal(r.error, 'SteereError:wrong_phase');
  assert.equal(r.early, 'SteereError:wrong_phase');
  assert.ok(r.last[0] > 0 && r.last[0] < 1296, `stopped on the way: ${r.last}`);
  assert.ok(r.ms < 60000, `cancelled in ${r.ms} ms`);
  assert.deepEqual(r.after, r.whole);
  assert.deepEqual(errors, []);
  await context.close();
});
