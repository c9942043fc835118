// The demo's lobby view on two server processes over PostgreSQL and Redis, as a site with more than one
// process runs it: Ann's page is served by one process and Bob's by the other. Ann opens a seat with Play
// anyone; Bob's process lists it (the seats are in PostgreSQL), Bob pairs, both play by clicks across the
// two processes, and both see the rating change when a tiny clock ends the match.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { clusterSuite } from './helpers.mjs';
import { launch, rng } from '../browser/helpers.mjs';
import { person, until, choose, play, fits } from './lobby-pages.mjs';

const { servers } = clusterSuite(
  { before, after },
  { processes: 2, name: 'lobby-demo-cluster', args: ['--rate-players', '100'] },
);
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('two people on two processes pair by clicks in the lobby, play across them, and are rated once', async (t) => {
  const t0 = Date.now();
  const ann = await person(browser, servers[0].url, 'en');
  const bob = await person(browser, servers[1].url, 'en');
  const clock = { clock: 'custom', custom: { delay: 1, reserve: 6, increment: 0 } };
  await choose(ann.page, { size: '4', ...clock, name: 'Ann' });
  await ann.page.click('#lobby [data-action=play-anyone]');
  const a = await until(ann.page, (d) => d.online?.waiting, 'Ann waiting');

  await choose(bob.page, { size: '4', ...clock, name: 'Bob' });
  const b = await until(bob.page, (d) => d.lobby.seats.length === 1, "Ann's seat in Bob's list, on the other process");
  assert.deepEqual(
    b.lobby.seats.map((s) => [s.match, s.player, s.rating, s.clock]),
    [[a.online.match, 'Ann', '(1500)', '6 s, 1 s free a turn']],
  );
  await bob.page.click('#lobby [data-action=play-anyone]');
  const inMatch = await until(bob.page, (d) => d.online?.version > 0 && d.online.turn, 'Bob in the match');
  assert.equal(inMatch.online.match, a.online.match, 'both pages in the same match');
  await until(ann.page, (d) => d.online.against === 'Your opponent: Bob.' && !d.online.waiting, 'Ann seeing Bob');

  assert.equal(await play([ann, bob], 4, rng(11)), 4);
  const ends = await Promise.all(
    [ann, bob].map((p) => until(p.page, (d) => d.online.rating, 'the rating change', 30000)),
  );
  assert.deepEqual(ends.map((d) => d.online.rating).sort(), [
    'Your Jokerball rating: 1500 → 1490 (-10).',
    'Your Jokerball rating: 1500 → 1510 (+10).',
  ]);
  // each process answers with the one rating stored: rated once
  for (const p of [ann, bob]) {
    const d = await until(
      p.page,
      (x) => x.lobby && /\(1 rated match\)/.test(x.lobby.ratings[0]),
      'the lobby with the new rating',
    );
    fits(d);
  }
  assert.deepEqual([...ann.errors, ...bob.errors], []);
  await Promise.all([ann.context.close(), bob.context.close()]);
  t.diagnostic(
    `paired across two processes, 4 moves, the end on time and the rating change in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
});
